"""The hex board at run time: tiles laid, pieces placed, chains of pieces; rankings and bids.

`state.board` holds plain values so that a state copies and compares cheaply:

    hexes:  {"q,r": {"symbol": str | None, "tile": tile id}}
    pieces: {"q,r": [player id, card id]}
    tiles:  {"q,r": tile id}              (where each tile's [0, 0] hex lies)

Examples write the board the same way under `given: {board: ...}` (see `setup_board`) and check it
under `expect: {board: ...}` (see `compare_board`). Nothing here knows a game or a card.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from ..lang import hooks
from ..lang.types import as_list
from .cards import take
from .filters import Match, allows, matching, narrow
from .limits import spend
from .state import Illegal, Player, State

if TYPE_CHECKING:  # pragma: no cover
    from ..compiled import CompiledGame
    from .interpreter import Context

DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


class BoardInvalid(Exception):
    """An example's board is written wrongly."""


# ---------------------------------------------------------------------------- coordinates


def key(q: int, r: int) -> str:
    return f"{q},{r}"


def parse(text: Any) -> tuple[int, int]:
    if isinstance(text, (list, tuple)) and len(text) == 2 and all(isinstance(v, int) for v in text):
        return int(text[0]), int(text[1])
    try:
        q, r = str(text).split(",")
        return int(q), int(r)
    except ValueError:
        raise BoardInvalid(f"'{text}' is not a hex position such as \"0,1\"") from None


@lru_cache(maxsize=1 << 16)  # a board has a few hundred hexes; geometry is asked of them again and again
def neighbours(hex_key: str) -> tuple[str, ...]:
    q, r = parse(hex_key)
    return tuple(key(q + dq, r + dr) for dq, dr in DIRECTIONS)


@lru_cache(maxsize=1 << 16)
def _order(hex_key: str) -> tuple[int, int]:
    q, r = parse(hex_key)
    return (r, q)


def sorted_hexes(keys) -> list[str]:
    return sorted(keys, key=_order)


# ---------------------------------------------------------------------------- state access


def board_of(state: State) -> dict[str, Any]:
    board = state.board
    if len(board) < 3:  # a state starts with an empty board: its parts are made on first use
        for part in ("hexes", "pieces", "tiles"):
            board.setdefault(part, {})
    return board


def _spec(game: "CompiledGame"):
    spec = getattr(game.game, "board", None)
    if spec is None:
        raise Illegal("this game declares no board")
    return spec


def tile_cells(game: "CompiledGame", tile_id: str) -> list[tuple[tuple[int, int], str | None]]:
    """A tile's hexes: (offset, symbol) for each cell its kind declares."""
    spec = _spec(game)
    card = game.cards[tile_id]
    cells = spec.tiles.get(card.kind)
    if cells is None:
        raise Illegal(f"a {card.kind} is not laid as a tile")
    out = []
    for field_name, offset in cells.items():
        symbol = card.fields.get(field_name)
        out.append((offset, None if symbol == spec.blank else symbol))
    return out


def tile_fits(game: "CompiledGame", board: dict, tile_id: str, anchor: tuple[int, int], touching: bool) -> bool:
    hexes = board["hexes"]
    cells = [key(anchor[0] + dq, anchor[1] + dr) for (dq, dr), _s in tile_cells(game, tile_id)]
    if any(c in hexes for c in cells):
        return False
    if touching and hexes:
        return any(n in hexes for c in cells for n in neighbours(c))
    return True


def lay_tile(game: "CompiledGame", board: dict, tile_id: str, anchor: tuple[int, int]) -> None:
    for (dq, dr), symbol in tile_cells(game, tile_id):
        board["hexes"][key(anchor[0] + dq, anchor[1] + dr)] = {"symbol": symbol, "tile": tile_id}
    board["tiles"][key(*anchor)] = tile_id


def site_of(ctx: "Context", player: Player | None = None, card_id: str | None = None) -> str | None:
    """The hex of a player's piece of a card (default: the hex just placed, which the event carries
    to every listener; else the card in view, or the event's card)."""
    if player is None and card_id is None and "hex" in ctx.event:
        return ctx.event["hex"]
    player = player or ctx.actor
    card_id = card_id or (ctx.card.id if ctx.card is not None else ctx.event.get("card"))
    for hex_key, (pid, cid) in board_of(ctx.state)["pieces"].items():
        if pid == player.id and cid == card_id:
            return hex_key
    return None


def _piece_hexes(ctx: "Context", players: list[Player], match: Match | None) -> set[str]:
    """The hexes of these players' pieces whose cards the filter lets through (None: every piece)."""
    ids = {p.id for p in players}
    cards = ctx.game.cards
    return {
        hex_key
        for hex_key, (pid, cid) in board_of(ctx.state)["pieces"].items()
        if pid in ids and (match is None or allows(cards, match, cid))
    }


def components(hexes: set[str]) -> list[set[str]]:
    """The groups of neighbouring hexes among a set, in board order."""
    left = set(hexes)
    out = []
    for start in sorted_hexes(hexes):
        if start not in left:
            continue
        group, todo = set(), [start]
        left.discard(start)
        while todo:
            here = todo.pop()
            group.add(here)
            for n in neighbours(here):
                if n in left:
                    left.discard(n)
                    todo.append(n)
        out.append(group)
    return out


# ---------------------------------------------------------------------------- conditions, amounts


def adjacent(ctx: "Context", symbol: str | None, owners: list[Player] | None, match: Match | None) -> bool:
    """The `adjacent` condition: a neighbour of the card's hex shows the symbol, or else holds a
    piece of one of the owners that the filter lets through (None: any piece)."""
    site = site_of(ctx)
    if site is None:
        return False
    board = board_of(ctx.state)
    if symbol is not None:
        return any(board["hexes"].get(n, {}).get("symbol") == symbol for n in neighbours(site))
    others = _piece_hexes(ctx, owners or [], match)
    return any(n in others for n in neighbours(site))


def pieces(ctx: "Context", owners: list[Player], match: Match | None, around: bool) -> int:
    """The `pieces` amount: how many pieces of the owners the filter lets through lie on the board,
    or (around) on the hexes next to the hex just placed."""
    hexes = _piece_hexes(ctx, owners, match)
    if not around:
        return len(hexes)
    site = site_of(ctx)
    return 0 if site is None else sum(1 for n in neighbours(site) if n in hexes)


def _same_value(ctx: "Context", field_name: str) -> Any:
    if ctx.card is not None:
        return ctx.card.fields.get(field_name)
    card_id = ctx.event.get("card")
    return ctx.game.cards[card_id].fields.get(field_name) if card_id in ctx.game.cards else None


def connected(ctx: "Context", match: Match | None, same: str | None, complete: bool) -> bool:
    """The `connected` condition: the actor's matching pieces form one chain (and, if complete,
    every matching piece card of the game is among them)."""
    cards = ctx.game.cards
    if same:
        wanted = _same_value(ctx, same)
        if wanted is None:
            return False
        match = narrow(ctx.game, match, same, wanted)
    hexes = _piece_hexes(ctx, [ctx.actor], match)
    if not hexes:
        return False
    if complete:
        pieces = board_of(ctx.state)["pieces"]
        placed = {pieces[h][1] for h in hexes}
        kinds = _spec(ctx.game).pieces
        wanted_ids = {cid for cid in (cards if match is None else matching(cards, match)) if cards[cid].kind in kinds}
        if not wanted_ids <= placed:
            return False
    return len(components(hexes)) == 1


def links(ctx: "Context", symbol: str, count: int, match: Match | None) -> bool:
    """The `links` condition: one chain of the actor's matching pieces touches `count` hexes showing the symbol."""
    board = board_of(ctx.state)
    targets = {h for h, cell in board["hexes"].items() if cell.get("symbol") == symbol}
    for group in components(_piece_hexes(ctx, [ctx.actor], match)):
        touched = {n for h in group for n in neighbours(h) if n in targets}
        if len(touched) >= count:
            return True
    return False


def clusters(ctx: "Context", match: Match | None) -> int:
    """The `clusters` expression: how many separate groups the actor's matching pieces form."""
    return len(components(_piece_hexes(ctx, [ctx.actor], match)))


# ---------------------------------------------------------------------------- placing pieces


def open_hexes(ctx: "Context") -> list[str]:
    board = board_of(ctx.state)
    closed = set(_spec(ctx.game).closed)
    return sorted_hexes(
        h for h, cell in board["hexes"].items() if h not in board["pieces"] and cell.get("symbol") not in closed
    )


class Placement:
    """Where and at what cost each card may be placed, worked out once per `place` action.

    The state does not change while the player is asked, so the symbols around each open hex are
    read once and whether a cost can be paid is decided once. A reduced cost is never harder to pay
    than the printed one (`affordable` is monotone): when the printed cost can be paid, every hex
    will do, and no reduction need be worked out at all."""

    def __init__(self, ctx: "Context", sites: list[str], reduce_by: tuple[str, ...], free: bool, free_next_to: str | None) -> None:
        self.ctx, self.sites, self.reduce_by, self.free, self.free_next_to = ctx, sites, reduce_by, free, free_next_to
        board = board_of(ctx.state)
        self.hexes, self.pieces = board["hexes"], board["pieces"]
        self._symbols: dict[str, tuple[Any, ...]] = {}  # site -> the symbols that reduce a cost there
        self._free_sites: dict[str, set[str]] = {}  # card -> the hexes where it costs nothing
        self._printed_payable: dict[str, bool] = {}
        self._payable: dict[tuple[tuple[str, int], ...], bool] = {}

    def anywhere(self, card_id: str) -> bool:
        """Whether some open hex takes the card."""
        if self.sites and self._printed(card_id):
            return True
        return any(self.legal(card_id, s) for s in self.sites)

    def legal_sites(self, card_id: str) -> list[str]:
        if self._printed(card_id):
            return list(self.sites)
        return [s for s in self.sites if self.legal(card_id, s)]

    def legal(self, card_id: str, site: str) -> bool:
        return self.free_at(card_id, site) or self._printed(card_id) or self._can_pay(self.cost(card_id, site))

    def _printed(self, card_id: str) -> bool:
        """Whether the printed cost can be paid (then any hex will do)."""
        if card_id not in self._printed_payable:
            self._printed_payable[card_id] = self._can_pay(self.cost(card_id, None))
        return self._printed_payable[card_id]

    def free_at(self, card_id: str, site: str) -> bool:
        """Free everywhere, or next to the actor's piece of a card the placed one follows."""
        if self.free:
            return True
        if not self.free_next_to:
            return False
        if card_id not in self._free_sites:
            before = as_list(self.ctx.game.cards[card_id].fields.get(self.free_next_to))
            me = self.ctx.actor.id
            self._free_sites[card_id] = {
                n for h, (pid, cid) in self.pieces.items() if pid == me and cid in before for n in neighbours(h)
            }
        return site in self._free_sites[card_id]

    def cost(self, card_id: str, site: str | None) -> dict[str, int]:
        """The card's cost less one unit for each matching symbol on the hexes `reduce_by` names
        around the site (None: the printed cost)."""
        field_name = self.ctx.game.game.build.cost_field
        cost = {k: v for k, v in dict(self.ctx.game.cards[card_id].fields.get(field_name) or {}).items() if v > 0}
        for symbol in self._symbols_near(site) if site is not None else ():
            if symbol in cost and cost[symbol] > 0:
                cost[symbol] -= 1
        return {k: v for k, v in cost.items() if v > 0}

    def _can_pay(self, cost: dict[str, int]) -> bool:
        key = tuple(cost.items())
        if key not in self._payable:
            self._payable[key] = affordable(self.ctx, cost)
        return self._payable[key]

    def _symbols_near(self, site: str) -> tuple[Any, ...]:
        if site not in self._symbols:
            hexes, pieces = self.hexes, self.pieces
            every, empty = "neighbours" in self.reduce_by, "empty_neighbours" in self.reduce_by
            looked = [site] if "site" in self.reduce_by else []
            looked += [n for n in neighbours(site) if n in hexes and (every or (empty and n not in pieces))]
            self._symbols[site] = tuple(hexes[h].get("symbol") for h in looked)
        return self._symbols[site]


def affordable(ctx: "Context", cost: dict[str, int]) -> bool:
    """Whether the actor can pay the cost from stock, replacing missing units as a substitute allows.

    Monotone (Placement relies on it): lowering any amount of a cost, or dropping a resource from
    it, never turns a payable cost into one that cannot be paid."""
    rules = ctx.game.game.build
    coins = cost.get(rules.currency, 0)
    if coins and ctx.actor.values.get(rules.currency, 0) < coins:
        return False
    resources = {k: v for k, v in cost.items() if k != rules.currency}
    _direct, missing, spare = _shortfall(ctx, resources)
    if not missing:
        return True
    return bool(_rates(ctx, resources, missing, spare))


def _rates(ctx: "Context", cost: dict[str, int], missing: int, spare: int) -> list[Any]:
    """The substitutes that can replace all the missing units of a cost: `give` units each, of any
    spare resources (`use: any`) or of their own noun."""
    out = []
    for _card, arg in ctx.passives(ctx.actor, hooks.SUBSTITUTE):
        if arg.limit or not (arg.as_ == "any" or all(r in arg.as_ for r in cost)):
            continue
        available = spare if arg.use == "any" else max(0, ctx.actor.values.get(arg.use, 0))
        if missing * arg.give <= available:
            out.append(arg)
    return out


def _shortfall(ctx: "Context", cost: dict[str, int]) -> tuple[dict[str, int], int, int]:
    """What stock covers directly, how many units are missing, and how many units are left over."""
    resources, values = ctx.game.game.resources, ctx.actor.values
    stock = {r: max(0, values.get(r, 0)) for r in resources}
    direct = {r: min(n, stock[r]) for r, n in cost.items() if r in resources}
    missing = sum(n - direct[r] for r, n in cost.items() if r in resources)
    spare = sum(stock.values()) - sum(direct.values())
    return direct, missing, spare


def pay(ctx: "Context", cost: dict[str, int], what: str) -> None:
    """Pay a cost from stock; each missing unit may be replaced as a substitute allows."""
    rules = ctx.game.game.build
    player = ctx.actor
    coins = cost.get(rules.currency, 0)
    resources = {k: v for k, v in cost.items() if k != rules.currency}
    direct, missing, spare = _shortfall(ctx, resources)
    if missing:
        rates = _rates(ctx, resources, missing, spare)
        if not rates:
            raise Illegal(f"{player.id} cannot pay {', '.join(f'{n} {r}' for r, n in sorted(resources.items()))} for {what}")
        rate = rates[0]
    for resource, n in sorted(direct.items()):
        ctx.spend(player, resource, n)
    if missing and rate.use != "any":
        ctx.spend(player, rate.use, missing * rate.give)
    elif missing:
        for _ in range(spend(ctx.state, missing * rate.give)):
            held = [r for r in sorted(ctx.game.game.resources) if player.values.get(r, 0) > 0]
            ctx.spend(player, ctx.ask(player, f"which card stands in for a missing one ({what})", held), 1)
    if coins:
        ctx.spend(player, rules.currency, coins)


def place(
    ctx: "Context",
    candidates: Sequence[tuple[Player | None, str]],
    reduce_by: tuple[str, ...] = (),
    free: bool = False,
    free_next_to: str | None = None,
    optional: bool = False,
) -> None:
    """The `place` action: the actor picks one of the candidate cards that can go somewhere, then an
    open hex for it, pays the (reduced) cost unless it is free there, and builds it."""
    spec = _spec(ctx.game)
    cards = ctx.game.cards
    placement = Placement(ctx, open_hexes(ctx), reduce_by, free, free_next_to)
    options: dict[str, tuple[Player | None, str]] = {}
    for holder, card_id in candidates:
        if card_id not in options and cards[card_id].kind in spec.pieces and placement.anywhere(card_id):
            options[card_id] = (holder, card_id)
    if not options:
        if optional:
            return
        raise Illegal("no piece can be placed")
    labels = list(options) + (["none"] if optional else [])
    choice = labels[0] if len(labels) == 1 else ctx.ask(ctx.actor, "which card to place", labels)
    if choice == "none":
        return
    holder, card_id = options[choice]
    legal = placement.legal_sites(card_id)
    site = legal[0] if len(legal) == 1 else ctx.ask(ctx.actor, f"where to place {card_id}", legal)
    if not placement.free_at(card_id, site):
        pay(ctx, placement.cost(card_id, site), cards[card_id].name)
    take(ctx.state, holder, card_id)
    board_of(ctx.state)["pieces"][site] = [ctx.actor.id, card_id]
    ctx.build_card(card_id, free=True, details={"hex": site})


# ---------------------------------------------------------------------------- tiles and piles


def _game_pile(ctx: "Context", zone: str) -> list[str]:
    return _pile(ctx, zone, bool(ctx.game.game.zones[zone].shared))


def place_tiles(ctx: "Context", pile_zone: str, count: int) -> None:
    """The `place_tile` action: lay the first tile of a pile, `count` times, touching the board."""
    board = board_of(ctx.state)
    for _ in range(spend(ctx.state, max(0, count))):
        pile = _game_pile(ctx, pile_zone)
        if not pile:
            return
        tile_id = pile[0]
        near = {n for h in board["hexes"] for n in neighbours(h)} | set(board["hexes"])
        anchors = {key(*parse(h)) for h in near}
        # Every anchor within reach of the board: the tile's cells may stretch two hexes out.
        for h in list(anchors):
            anchors.update(neighbours(h))
        legal = sorted_hexes(a for a in anchors if tile_fits(ctx.game, board, tile_id, parse(a), touching=True))
        if not legal:
            return
        at = legal[0] if len(legal) == 1 else ctx.ask(ctx.actor, f"where to lay {tile_id}", legal)
        pile.pop(0)
        lay_tile(ctx.game, board, tile_id, parse(at))


def lay_out(ctx: "Context", players: int | None) -> None:
    """The `lay_out` action: the starting board for a player count (None: the players of the game)."""
    spec = _spec(ctx.game)
    n = players if players is not None else len(ctx.state.players)
    layout = spec.layouts.get(n)
    if layout is None:
        raise Illegal(f"no starting layout for {n} players")
    board = board_of(ctx.state)
    for item in layout:
        pile = _game_pile(ctx, item.from_)
        if not pile:
            raise Illegal(f"the {item.from_} ran out while laying out the board")
        tile_id = pile.pop(0)
        if not tile_fits(ctx.game, board, tile_id, item.at, touching=False):
            raise Illegal(f"{tile_id} overlaps the board at {key(*item.at)}")
        lay_tile(ctx.game, board, tile_id, item.at)


def _pile(ctx: "Context", zone: str, shared: bool) -> list[str]:
    """A zone the acting player sees as a pile or a row: the shared one, or the actor's own."""
    return ctx.state.zones.setdefault(zone, []) if shared else ctx.actor.zones.setdefault(zone, [])


def reveal(
    ctx: "Context",
    piles: tuple[tuple[str, bool], ...],
    to: tuple[str, bool],
    count: Callable[[], int],
    if_emptied: Callable[["Context"], None] | None,
) -> None:
    """The `reveal` action: the top cards of a pile (the player picks a non-empty one) go to a zone;
    `if_emptied` runs when that empties the pile. Zones come as (zone, shared)."""
    n = max(0, count())
    if n == 0:
        return  # nothing to turn over, even from an empty pile
    found = [zone for zone, shared in piles if _pile(ctx, zone, shared)]
    if not found:
        raise Illegal("every pile is empty")
    zone = found[0] if len(found) == 1 else ctx.ask(ctx.actor, "which pile", found)
    pile = _pile(ctx, zone, dict(piles)[zone])
    for _ in range(spend(ctx.state, n)):
        if not pile:
            break
        card_id = pile.pop(0)
        _pile(ctx, *to).append(card_id)
    if not pile and if_emptied is not None:
        if_emptied(ctx)


# ---------------------------------------------------------------------------- rankings and bids


def rank(ctx: "Context", counter: str, last: bool) -> None:
    """The `rank` action: the acting player moves to the first or last place of a ranking counter."""
    players = sorted(ctx.state.players, key=lambda p: (p.values.get(counter, 0), p.seat))
    players.remove(ctx.actor)
    players = players + [ctx.actor] if last else [ctx.actor] + players
    for place_number, player in enumerate(players, start=1):
        player.values[counter] = place_number


def bid(
    ctx: "Context",
    candidates: Callable[[], list[tuple[Player | None, str]]],
    minimum: Callable[["Context"], int],
    maximum: Callable[["Context"], int] | None,
    currency: str,
    holds: str,
    marks: str,
    outbid: str | None,
    overbid: bool,
) -> None:
    """The `bid` action. Free cards among the candidates, or (with `overbid`) cards another player
    bids on, may be bid on: from the minimum to the maximum (both read with the card in view; no
    maximum: all the bidder has). The card moves into the bidder's `marks` zone (it carries the
    bid); a beaten bidder gets the `outbid` trigger."""
    player = ctx.actor
    standing = player.values.get(holds, 0)
    if standing > 0 and player.zones.get(marks):
        raise Illegal(f"{player.id} already has a bid on a card")
    pool: list[tuple[str, Player | None, Player | None]] = [(cid, holder, None) for holder, cid in candidates()]
    if not standing and overbid:
        pool += [(cid, p, p) for p in ctx.state.players if p is not player for cid in p.zones.get(marks, [])]
    funds = standing or player.values.get(currency, 0)
    offers = []
    for card_id, holder, leader in pool:
        about = ctx.about(ctx.game.cards[card_id])
        lowest = minimum(about)
        highest = funds if maximum is None else min(funds, maximum(about))
        if leader is not None:
            lowest = max(lowest, leader.values.get(holds, 0) + 1)
        if lowest <= highest or (standing and lowest <= funds):
            offers.append((card_id, holder, leader, lowest, highest))
    if not offers:
        raise Illegal(f"{player.id} cannot bid on any card")
    labels = [o[0] for o in offers]
    label = labels[0] if len(labels) == 1 else ctx.ask(player, "which card to bid on", labels)
    card_id, holder, leader, lowest, highest = offers[labels.index(label)]
    if standing:
        amount = standing  # a bid already set aside moves unchanged: it is never raised
    else:
        amounts = [str(v) for v in range(lowest, lowest + spend(ctx.state, highest + 1 - lowest))]
        amount = int(amounts[0] if len(amounts) == 1 else ctx.ask(player, f"how much to bid on {card_id}", amounts))
        ctx.spend(player, currency, amount)
    take(ctx.state, holder, card_id)
    player.values[holds] = amount
    player.zones.setdefault(marks, []).append(card_id)
    if leader is not None and outbid:
        ctx.fire(outbid, leader, {"card": card_id, "by": player.id})


def total(ctx: "Context", found: Sequence[tuple[Player | None, str]], field_name: str) -> int:
    """The `total` expression: a whole-number field summed over cards (anything else counts 0)."""
    out = 0
    for _holder, card_id in found:
        value = ctx.game.cards[card_id].fields.get(field_name)
        out += value if isinstance(value, int) and not isinstance(value, bool) else 0
    return out


def follows_last(ctx: "Context", zone: str, shared: bool, field_name: str, empty: bool) -> bool:
    """The `follows_last` condition: the card in view shares a value with the last card of a row."""
    card = ctx.card if ctx.card is not None else ctx.game.cards.get(ctx.event.get("card", ""))
    row = [c for c in _pile(ctx, zone, shared) if card is None or c != card.id]
    if not row:
        return empty
    last = ctx.game.cards[row[-1]].fields.get(field_name)
    mine = card.fields.get(field_name) if card is not None else None

    def values(v: Any) -> set:
        if isinstance(v, Mapping):
            return {k for k, n in v.items() if n}
        return set(as_list(v))

    return bool(values(last) & values(mine))


# ---------------------------------------------------------------------------- examples


def setup_board(game: "CompiledGame", state: State, given: Any) -> None:
    """`given: {board: {tiles: {"q,r": tile id}, pieces: {p1: {"q,r": card id}}}}`."""
    if not isinstance(given, dict) or set(given) - {"tiles", "pieces"}:
        raise BoardInvalid("board takes 'tiles' ({\"q,r\": tile id}) and 'pieces' ({p1: {\"q,r\": card id}})")
    for part in ("tiles", "pieces"):
        if not isinstance(given.get(part) or {}, dict):
            raise BoardInvalid(f"board.{part} should be a mapping")
    board = board_of(state)
    for at, tile_id in (given.get("tiles") or {}).items():
        if not isinstance(tile_id, str) or tile_id not in game.cards:
            raise BoardInvalid(f"board.tiles names unknown tile '{tile_id}'")
        try:
            ok = tile_fits(game, board, tile_id, parse(at), touching=False)
        except Illegal as exc:
            raise BoardInvalid(str(exc)) from None
        if not ok:
            raise BoardInvalid(f"tile '{tile_id}' at {at} overlaps another tile")
        lay_tile(game, board, tile_id, parse(at))
    for pid, placed in (given.get("pieces") or {}).items():
        try:
            player = state.player(pid)
        except KeyError:
            raise BoardInvalid(f"board.pieces names '{pid}', which is no player of this example") from None
        if not isinstance(placed or {}, dict):
            raise BoardInvalid(f"board.pieces.{pid} should map hexes to card ids")
        for at, card_id in (placed or {}).items():
            hex_key = key(*parse(at))
            if not isinstance(card_id, str) or card_id not in game.cards:
                raise BoardInvalid(f"board.pieces names unknown card '{card_id}'")
            if hex_key not in board["hexes"] or hex_key in board["pieces"]:
                raise BoardInvalid(f"board.pieces: {hex_key} is not an empty hex of the board")
            board["pieces"][hex_key] = [pid, card_id]
            zone = game.game.kinds[game.cards[card_id].kind].zone
            if zone and card_id not in player.zones.setdefault(zone, []):
                player.zones[zone].append(card_id)


def compare_board(state: State, wanted: Any) -> list[str]:
    """`expect: {board: {pieces: {p1: {...}}, tiles: {...}, hexes: n}}`; listed players' pieces must match exactly."""
    if not isinstance(wanted, dict) or set(wanted) - {"tiles", "pieces", "hexes"}:
        raise BoardInvalid("expect.board takes 'tiles', 'pieces' and 'hexes'")
    for part in ("tiles", "pieces"):
        if not isinstance(wanted.get(part) or {}, dict):
            raise BoardInvalid(f"expect.board.{part} should be a mapping")
    if not all(isinstance(v or {}, dict) for v in (wanted.get("pieces") or {}).values()):
        raise BoardInvalid("expect.board.pieces should map players to {hex: card id}")
    board = board_of(state)
    problems = []
    for at, tile_id in (wanted.get("tiles") or {}).items():
        have = board["tiles"].get(key(*parse(at)))
        if have != tile_id:
            problems.append(f"board tile at {at} is {have}, expected {tile_id}")
    for pid, placed in (wanted.get("pieces") or {}).items():
        have = {h: cid for h, (p, cid) in board["pieces"].items() if p == pid}
        want = {key(*parse(h)): cid for h, cid in (placed or {}).items()}
        if have != want:
            problems.append(f"{pid}'s pieces are {dict(sorted(have.items()))}, expected {dict(sorted(want.items()))}")
    if "hexes" in wanted and len(board["hexes"]) != wanted["hexes"]:
        problems.append(f"the board has {len(board['hexes'])} hexes, expected {wanted['hexes']}")
    return problems
