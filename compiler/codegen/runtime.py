"""What generated handlers call, besides the interpreter's Context and the runtime's modules.

The verbs themselves are the runtime's, shared with the interpreter: Context methods
(`build_from`, `invoke`, `choose`, ...), `runtime/board/` and `runtime/spaces.py`, all taking
their arguments evaluated. The interpreter's primitives evaluate those arguments from the effect
tree as they run; the generated code arrives with them folded at build time (tuples of names,
sets of card ids, literal tables, player relations as seat offsets) or as small functions it
defines (an option's actions). What is here is what only compiled code needs: the few places
where a compiled argument takes another shape (a player relation as seat offsets, a noun's floor
folded into `spend`), and small helpers the templates write calls to.
tests/contracts/test_handlers*.py compare both paths on every example and on random states.

Generated code imports this module and nothing else of the compiler but the runtime.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.limits import bounded, spend as budget  # noqa: F401  (bounded: used by generated code)
from ..decide.numbers import div  # noqa: F401  (used by generated code)
from ..decide.players import ACTOR, EVERY_SEAT, OTHER_SEATS, TARGET_DETAIL, aimed, order_key
from ..model.fields import OWN_FIELDS, extra_field, holds, items  # noqa: F401  (holds: used by generated code)
from ..runtime import board, cards, reading, seats, spaces  # noqa: F401  (used by generated code: rt.board.place, rt.reading.units, ...)
from ..runtime.context import Context
from ..runtime.filters import CardIds, Match, card_ids, keep, narrow  # noqa: F401  (card_ids, keep, narrow: used by generated code)
from ..runtime.interpreter import dispatch  # noqa: F401  (used by generated code)
from ..runtime.state import Illegal, Player, values_of, zones_of  # noqa: F401  (zones_of: used by generated code)

Pick = tuple[Player | None, str]
Spec = tuple[tuple[Any, ...], ...]  # a player set's plan (decide/players.py): ("self",), ("offset", 1), ...


def ANY_CARD(card: Any) -> bool:
    """The filter of a selector that names no id, kind or field."""
    return True


# ---------------------------------------------------------------------- the step budget (core/limits.py)

# `budget(state, n)` charges n steps and returns n; `bounded(x)` refuses an amount beyond the
# runtime's bound. Generated code charges one step before each action (`budget(state, 1)`), as
# Context.run does, and bounds each computed amount, as Context.amount does.


# ---------------------------------------------------------------------- values


def spend(player: Player, noun: str, n: int, floor: int) -> None:
    """Context.spend for a declared noun, its lower bound folded in."""
    if n <= 0:
        return
    if player.values.get(noun, 0) - n < floor:
        raise Illegal(f"{player.id} cannot pay {n} {noun}")
    player.values[noun] = player.values.get(noun, 0) - n


def total(ctx: Context, spec: Spec, noun: str) -> int:
    """Context.value for a set of players."""
    return sum(values_of(p).get(noun, 0) for p in players(ctx, spec, False))


field = extra_field  # card.fields.get(name), without making the read-only view


def param(ctx: Context, base: int, by_card: dict[str, int]) -> int:
    """Context.param with the number and the rules' modifiers folded into `base`: plus the change of
    each card in play that modifies it (each copy the actor has in a zone of play: Context.owned_ids,
    counted by the few cards of the table rather than read card by card)."""
    zones = zones_of(ctx.actor)
    total = base
    for zone in ctx.game.play_zones:
        ids = zones.get(zone)
        if ids:
            total += sum(ids.count(card_id) * change for card_id, change in by_card.items())
    return total


def field_amount(ctx: Context, name: str) -> int:
    """The `field` expression: a numeric field of the context's card, else 0 (Context.card_field,
    the card's fields read where the model keeps them)."""
    card = ctx.card
    if card is None:
        return 0
    if name in OWN_FIELDS:
        return 0  # text, never a number
    value = extra_field(card, name)
    return int(value) if isinstance(value, int) else 0


def has(have: Any, allowed: tuple) -> bool:
    """A selector's `where` test on one field value (a list matches when any item does, a cost when
    one of its nouns does)."""
    if isinstance(have, (list, dict)):
        return any(h in allowed for h in items(have))
    return have in allowed


def in_view(ctx: Context, test: Callable[[Any], bool]) -> bool:
    """A test of the card in view (card_has): false when no card is in view."""
    card = ctx.card
    return card is not None and test(card)


def allowed(wanted: Any) -> Any:
    """The values a `where` filter allows when it names a field of the card in hand."""
    return wanted if isinstance(wanted, list) else (wanted,)


def div_list(values: list[int]) -> int:
    return div(*values)


def fold_sub(values: list[int]) -> int:
    return values[0] - sum(values[1:])


def fold_square(values: list[int]) -> int:
    return values[0] * values[0]


def compare_list(op: Callable[[int, int], bool], values: list[int]) -> bool:
    return op(values[0], values[1])


# ---------------------------------------------------------------------- players


def players(ctx: Context, spec: Spec, ordered: bool | str) -> list[Player]:
    """Context.players with the plan of the player set (decide/players.py) worked out at build time."""
    if TARGET_DETAIL in ctx.event:  # (inside a target action: 'target' is its pick)
        spec = aimed(spec, ctx.event[TARGET_DETAIL])
    return seats.players(spec, ctx.state, ctx.actor, ctx.owner, ordered)


# The seat offsets of a plan made of seats around the table (decide/players.py: self, all,
# opponents, relations), at a table of n, each seat once, in the plan's order or in turn order
# from the actor's left: worked out once per plan and table size.
_AROUND: dict[tuple[Spec, int, bool | str], tuple[int, ...]] = {}


def seated(ctx: Context, spec: Spec, ordered: bool | str = False) -> list[Player]:
    """players() for a plan of seats around the table only (the generator says which plans are):
    the players at the plan's seat offsets from the actor (seat i is state.players[i]); in turn
    order (from the first seat) they depend on the actor's seat, not only on the offsets."""
    if ordered == "turn_order":
        return seats.players(spec, ctx.state, ctx.actor, ctx.owner, ordered)
    everyone = ctx.state.players
    n = len(everyone)
    offsets = _AROUND.get((spec, n, ordered))
    if offsets is None:
        offsets = _AROUND[spec, n, ordered] = _offsets(spec, n, ordered)
    seat = ctx.actor.seat
    return [everyone[(seat + k) % n] for k in offsets]


def _offsets(spec: Spec, n: int, ordered: bool | str) -> tuple[int, ...]:
    found: dict[int, None] = {}
    for part in spec:
        if part[0] == "offset":
            found[part[1] % n] = None
        else:
            found.update(dict.fromkeys({ACTOR: range(1), EVERY_SEAT: range(n), OTHER_SEATS: range(1, n)}[part]))
    if not ordered:
        return tuple(found)
    key = order_key(ordered if isinstance(ordered, str) else "clockwise", 0, n)  # offsets: the actor at 0
    return tuple(sorted(found, key=key))


# ---------------------------------------------------------------------- cards


class Narrowed:
    """The cards of a filter (None: every card) whose field holds a value, as a `where` compares
    (runtime/filters.narrow), remembered by value for the game it was last asked about: a generated
    search asks it with what the card in view or an amount gives, most often a value met before.
    What it returns is shared: read it, never change it."""

    __slots__ = ("match", "name", "game", "seen")

    def __init__(self, match: CardIds | None, name: str) -> None:
        self.match, self.name = match, name
        self.game: Any = None
        self.seen: dict[Any, CardIds] = {}

    def __call__(self, game: Any, wanted: Any) -> CardIds:
        if game is not self.game:
            self.game, self.seen = game, {}
        try:
            return self.seen[wanted]
        except KeyError:
            found = self.seen[wanted] = narrow(game, self.match, self.name, wanted)
            return found
        except TypeError:  # a list of values or a mapping of tests: not remembered
            return narrow(game, self.match, self.name, wanted)


def among(narrowed: Narrowed, game: Any, found: list[Pick]) -> CardIds:
    """The cards whose field names one of the cards found (a `where` test {among: SELECTOR}, as
    holds() compares a list of ids): the cards holding each id, together, in the game's order (as
    one value's are: a search for cards missing from a zone goes through them in that order)."""
    if len(found) == 1:
        return narrowed(game, found[0][1])
    having: CardIds = {}
    for _holder, cid in found:
        having.update(narrowed(game, cid))
    return {cid: None for cid in (narrowed.match or game.cards) if cid in having}


def extreme(ctx: Context, found: list[Pick], score: Callable[[Context], int], best: Callable) -> list[Pick]:
    """A selector's `fewest` (best: min) or `most` (max), as runtime/cards.cards_in keeps them."""
    if not found:
        return found
    budget(ctx.state, len(found))  # an amount read with each card in view
    cards = ctx.game.cards
    scores = [score(ctx.about(cards[cid])) for _holder, cid in found]
    target = best(scores)
    return [pick for pick, s in zip(found, scores) if s == target]


def select(
    ctx: Context,
    zones: tuple[tuple[str, bool], ...],
    of: Spec,
    missing: bool,
    match: Match,
    fewest: Callable[[Context], int] | None = None,
    most: Callable[[Context], int] | None = None,
) -> list[Pick]:
    """Context.select with the zones, the owners' relation and the filter compiled (runtime/cards.cards_in):
    for a selector with an option the generator does not compile (codegen/searches.py)."""
    return cards.cards_in(ctx, zones, lambda: players(ctx, of, False), missing, match, fewest, most)


# ---------------------------------------------------------------------- fallback


_NODE_MODELS: dict[str, Any] = {}


def node(family: str, data: Any) -> Any:
    """A primitive without a template, rebuilt once (at import) from its data for the interpreter."""
    from ..lang import model

    cls = {"action": model.Action, "expression": model.Expression, "condition": model.Condition}[family]
    return cls.model_validate(data)


def run_node(ctx: Context, action: Any) -> None:
    """Fallback: the interpreter runs one action node (listed in compiler/codegen/jinja.py)."""
    ctx.run([action])
