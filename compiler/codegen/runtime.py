"""What generated handlers call: the interpreter's verbs with their arguments compiled.

Each function here is the twin of a `Context` method (compiler/runtime/interpreter.py) whose
arguments came from the effect tree; here they arrive folded (tuples of names, literal tables) or
as small functions the generated code defines (a selector's filter, an option's actions). The
behaviour must stay the interpreter's to the letter: same state, same questions in the same order.
tests/test_handlers*.py compare the two on every example and on random states.

Generated code imports this module and nothing else of the compiler but the runtime.
"""

from __future__ import annotations

import copy
import dataclasses
import itertools
from typing import Any, Callable

from ..lang.types import as_list
from ..runtime import board
from ..runtime.decider import FirstLegal
from ..runtime.filters import Match, card_ids, matching, narrow  # noqa: F401  (card_ids, narrow: used by generated code)
from ..runtime.interpreter import Context, build, dispatch, run_trigger  # noqa: F401  (dispatch: used by generated code)
from ..runtime.limits import bounded, spend as budget
from ..runtime.state import Illegal, Player, State

Pick = tuple[Player | None, str]
Spec = tuple[tuple[Any, ...], ...]  # a compiled player set: ("self",), ("offset", 1), ...


def ANY_CARD(card: Any) -> bool:
    """The filter of a selector that names no id, kind or field."""
    return True


# ---------------------------------------------------------------------- the step budget (runtime/limits.py)

# `budget(state, n)` charges n loop rounds and returns n; `bounded(x)` refuses an amount beyond the
# runtime's bound. Generated code charges one step before each action, as Context.run does.


def step(state: State) -> None:
    budget(state, 1)


# ---------------------------------------------------------------------- contexts


def as_actor(ctx: Context, player: Player) -> Context:
    """Context.as_actor."""
    return ctx.derive(actor=player)


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
    return sum(p.values.get(noun, 0) for p in players(ctx, spec, False))


def field(card: Any, name: str) -> Any:
    """card.fields.get(name), without copying the fields."""
    extra = card.__pydantic_extra__
    return extra.get(name) if extra else None


def param(ctx: Context, base: int, by_card: dict[str, int]) -> int:
    """Context.param with the number and the rules' modifiers folded into `base`: plus the change of
    each card in play that modifies it."""
    return base + sum(by_card.get(card_id, 0) for card_id in ctx.owned_ids(ctx.actor))


def field_amount(ctx: Context, name: str) -> int:
    """The `field` expression: a numeric field of the context's card, else 0."""
    value = ctx.card_field(name)
    return int(value) if isinstance(value, int) else 0


def has(have: Any, allowed: tuple) -> bool:
    """A selector's `where` test on one field value (a list matches when any item does)."""
    if isinstance(have, list):
        return any(h in allowed for h in have)
    return have in allowed


def allowed(wanted: Any) -> Any:
    """The values a `where` filter allows when it names a field of the card in hand."""
    return wanted if isinstance(wanted, list) else (wanted,)


def div(a: int, b: int) -> int:
    return a // b if b else 0


def div_list(values: list[int]) -> int:
    a, b = values
    return a // b if b else 0


def fold_sub(values: list[int]) -> int:
    return values[0] - sum(values[1:])


def fold_square(values: list[int]) -> int:
    return values[0] * values[0]


def compare_list(op: Callable[[int, int], bool], values: list[int]) -> bool:
    return op(values[0], values[1])


def best(ctx: Context, spread: str, over: tuple[str, ...], value: Callable[[], int]) -> int:
    """Context.best_spread with the amount compiled."""
    wild = ctx.actor.values.get(spread, 0)
    found = None
    saved = {noun: ctx.actor.values.get(noun, 0) for noun in over}
    try:
        for combo in itertools.combinations_with_replacement(over, wild):
            for noun in over:
                ctx.actor.values[noun] = saved[noun] + combo.count(noun)
            score = value()
            found = score if found is None else max(found, score)
    finally:
        ctx.actor.values.update(saved)
    return found if found is not None else value()


# ---------------------------------------------------------------------- players


def players(ctx: Context, spec: Spec, ordered: bool) -> list[Player]:
    """Context.players with the relation names resolved at compile time."""
    actor = ctx.actor
    everyone = ctx.state.players
    n = len(everyone)
    found: list[Player] = []
    for part in spec:
        kind = part[0]
        if kind == "self":
            group = [actor]
        elif kind == "owner":
            group = [ctx.owner]
        elif kind == "all":
            by_seat = {p.seat: p for p in everyone}
            group = [by_seat[(actor.seat + k) % n] for k in range(n)]
        elif kind == "opponents":
            by_seat = {p.seat: p for p in everyone}
            group = [by_seat[(actor.seat + k) % n] for k in range(1, n)]
        elif kind == "offset":
            by_seat = {p.seat: p for p in everyone}
            group = [by_seat[(actor.seat + part[1]) % n]]
        elif kind == "player":
            group = [ctx.state.player(part[1])]
        else:  # ("ref", name): anything unusual is resolved as the interpreter does
            group = ctx._relation(part[1], actor)
        for player in group:
            if player not in found:
                found.append(player)
    if ordered:
        found.sort(key=lambda p: (p.seat - actor.seat - 1) % n)
    return found


# ---------------------------------------------------------------------- cards


def select(
    ctx: Context,
    zones: tuple[tuple[str, bool], ...],
    of: Spec,
    missing: bool,
    match: Match,
    fewest: Callable[[Context], int] | None = None,
    most: Callable[[Context], int] | None = None,
) -> list[Pick]:
    """Context.select with the zones, owners and filters compiled (no zones: every entity of the game)."""
    cards = ctx.game.cards
    found: list[Pick] = []
    if not zones:  # kinds that never lie in a zone: the game's own entities
        found = [(None, cid) for cid in matching(cards, match)]
    for zone, shared in zones:
        if shared:
            holders: list[tuple[Player | None, list[str]]] = [(None, ctx.state.zones.get(zone, []))]
        else:
            holders = [(p, p.zones.get(zone, [])) for p in players(ctx, of, False)]
        for holder, ids in holders:
            if missing:
                present = set(ids)
                found += [(holder, cid) for cid in matching(cards, match) if cid not in present]
            elif isinstance(match, dict):
                found += [(holder, cid) for cid in ids if cid in match]
            else:
                found += [(holder, cid) for cid in ids if match(cards[cid])]
    for extreme, pick in ((fewest, min), (most, max)):
        if extreme is not None and found:
            scores = [extreme(ctx.about(cards[cid])) for _h, cid in found]
            target = pick(scores)
            found = [f for f, s in zip(found, scores) if s == target]
    return found


def build_from(ctx: Context, count: Callable[[], int], candidates: Callable[[], list[Pick]], free: bool, optional: bool) -> None:
    """Context.build_from: build matching cards, with all their effects."""
    built = 0
    for _ in range(budget(ctx.state, count())):
        found = [c for c in candidates() if can_build(ctx, c[1], free)]
        found = [c for c in found if c[1] not in ctx.owned_ids(ctx.actor)] if ctx.game.game.build.unique else found
        if not found:
            break
        if optional:
            labels = list(dict.fromkeys(cid for _h, cid in found)) + ["none"]
            choice = ctx.ask(ctx.actor, "which card to build", labels)
            if choice == "none":
                break
            holder, card_id = next(c for c in found if c[1] == choice)
        else:
            holder, card_id = ctx._pick_cards(found, "which card to build")
        ctx._take(holder, card_id)
        build(ctx.game, ctx.state, ctx.actor, card_id, ctx.decider, free=free, depth=ctx.depth + 1, handlers=ctx.handlers)
        built += 1
    if not optional and built == 0 and count() > 0:
        raise Illegal("no card can be built")


def invoke(ctx: Context, candidates: Callable[[], list[Pick]] | None, card_id: str | None, on: str, worship: bool) -> None:
    """Context.invoke: run another entity's effects (one id, or a selector the player picks from)."""
    found = candidates() if candidates is not None else [(None, card_id)]
    if not found:
        return
    _holder, chosen = ctx._pick_cards(found, "which effect to receive")
    for _card, rep in ctx.passives(ctx.actor, "replace"):
        if rep.invoke == chosen:
            chosen = rep.with_
            break
    inner = ctx.deeper()
    card = ctx.game.cards[chosen]
    inner = inner.derive(owner=ctx.actor, card=card, event={**ctx.event, "invoked": chosen, "worship": worship})
    run_trigger(inner, chosen, on)


def move_cards(
    ctx: Context,
    candidates: Callable[[], list[Pick]],
    to: str,
    shared: bool,
    receivers: Callable[[], list[Player]],
    count: Callable[[], int] | None,
) -> None:
    """Context.move_cards: count None moves all of them."""
    found = candidates()
    n = len(found) if count is None else min(len(found), count())
    for _ in range(n):
        holder, card_id = ctx._pick_cards(found, "which card to move")
        found.remove((holder, card_id))
        ctx._take(holder, card_id)
        if shared:
            ctx.state.zones.setdefault(to, []).append(card_id)
        else:
            for player in receivers():
                player.zones.setdefault(to, []).append(card_id)


def move_markers(
    ctx: Context, tracks: tuple[str, ...] | None, by: int, count: Callable[[], int], among: tuple[str, ...] | None, direction: int
) -> None:
    """Context.move_markers: tracks None means 'any' (the player picks `count` of `among`)."""
    player = ctx.actor
    if tracks is not None:
        for track in tracks:
            ctx.move_marker(player, track, by, direction)
        return
    pool = list(among or ctx.game.game.tracks)
    for _ in range(budget(ctx.state, count())):
        movable = [t for t in pool if ctx.can_move(player, t, direction)]
        if not movable:
            return
        track = ctx.ask(player, "which marker", movable)
        pool.remove(track)
        ctx.move_marker(player, track, by, direction)


# ---------------------------------------------------------------------- choices


_PLAYER_FIELDS = {"id", "seat", "values", "zones", "used"}
_STATE_FIELDS = {"players", "globals", "zones"}
_OTHER_PLAYER_FIELDS = tuple(f.name for f in dataclasses.fields(Player) if f.name not in _PLAYER_FIELDS)
_OTHER_STATE_FIELDS = tuple(f.name for f in dataclasses.fields(State) if f.name not in _STATE_FIELDS)


def trial_copy(state: State) -> State:
    """A copy of the state for trying actions out: State.copy() without deepcopy's cost.

    Values are numbers, zones lists of ids and limits tuples of them, so copying the containers
    is a deep copy; a field this function does not know (the board) is deep-copied as State.copy()
    would. The step budget kept in the state's __dict__ (runtime/limits.py) is carried over."""
    new = object.__new__(State)
    new.__dict__.update(state.__dict__)
    new.globals = dict(state.globals)
    new.zones = {k: list(v) for k, v in state.zones.items()}
    players = []
    for p in state.players:
        q = object.__new__(Player)
        q.__dict__.update(p.__dict__)
        q.values = dict(p.values)
        q.zones = {k: list(v) for k, v in p.zones.items()}
        q.used = set(p.used)
        for name in _OTHER_PLAYER_FIELDS:
            setattr(q, name, copy.deepcopy(getattr(p, name)))
        players.append(q)
    new.players = players
    for name in _OTHER_STATE_FIELDS:
        setattr(new, name, copy.deepcopy(getattr(state, name)))
    return new


def can_build(ctx: Context, card_id: str, free: bool) -> bool:
    """Context.can_build: whether the card could be built now, tried on a copy of the state."""
    trial = trial_copy(ctx.state)
    try:
        build(ctx.game, trial, trial.player(ctx.actor.id), card_id, FirstLegal(), free=free, fire=False, handlers=ctx.handlers)
    except Illegal:
        return False
    return True


def can(ctx: Context, actions: Callable[[Context], None]) -> bool:
    """Context.can: whether the actions can be carried out, tried on a copy of the state."""
    trial_state = trial_copy(ctx.state)
    ids = {p.id: p for p in trial_state.players}
    trial = ctx.derive(state=trial_state, decider=FirstLegal(), actor=ids[ctx.actor.id], owner=ids[ctx.owner.id])
    try:
        actions(trial)
    except Illegal:
        return False
    return True


def choose(ctx: Context, chooser: list[Player], options: tuple[tuple[str, Callable[[Context], None]], ...], count: int) -> None:
    """Context.choose with each option's actions compiled to a function."""
    who = chooser[0]
    remaining = dict(options)
    for _ in range(budget(ctx.state, count)):
        legal = [label for label, actions in remaining.items() if can(ctx, actions)]
        if not legal:
            return
        label = ctx.ask(who, "choose", legal)
        remaining.pop(label)(ctx)


def may(ctx: Context, actions: Callable[[Context], None]) -> None:
    """Context.may with the actions compiled to a function."""
    if can(ctx, actions) and ctx.ask(ctx.actor, "use the optional effect", ["yes", "no"]) == "yes":
        actions(ctx)


# ---------------------------------------------------------------------- events, spaces, players acting on each other


def lead(
    ctx: Context,
    lead_match: Match,
    follow_match: Match | None,
    pair: tuple[str, ...],
    piece: str,
    zone: str,
    receive: bool,
    on: str,
    announce: str | None,
) -> None:
    """The `lead` action (lang/spaces.py) with its selectors compiled."""
    game, state, leader = ctx.game, ctx.state, ctx.actor

    def occupy(player: Player, card_id: str) -> None:
        ctx.spend(player, piece, 1)
        player.zones.setdefault(zone, []).append(card_id)

    if leader.values.get(piece, 0) < 1:
        raise Illegal(f"{leader.id} has no {piece} left to lead with")
    held = {cid for p in state.players for cid in p.zones.get(zone, [])}
    free = [cid for cid in matching(game.cards, lead_match) if cid not in held]
    if not free:
        raise Illegal("no free space to lead")
    led = ctx.ask(leader, "which space to lead", free)
    occupy(leader, led)
    taken = [(leader, led)]
    if follow_match is not None:
        led_card = game.cards[led]
        paired = [cid for cid in matching(game.cards, follow_match) if all(field(game.cards[cid], f) == field(led_card, f) for f in pair)]
        for player in players(ctx, (("opponents",),), True):
            if player.values.get(piece, 0) < 1 or not paired:
                continue
            answer = ctx.ask(player, f"follow on {led}", ["pass", *paired])
            if answer != "pass":
                occupy(player, answer)
                taken.append((player, answer))
    for player, space in taken:
        inner = as_actor(ctx, player)
        if receive:
            invoke(inner, None, space, on, True)
        if announce:
            card = game.cards[space]
            details = {k: v for k, v in card.fields.items() if isinstance(v, (str, int, bool))}
            dispatch(inner, announce, {**details, "card": space})


def vacate(ctx: Context, zone: str, where: tuple[tuple[str, tuple], ...], piece: str | None) -> None:
    """The `vacate` action: pieces come back from matching spaces."""
    player = ctx.actor
    keep, freed = [], []
    for card_id in player.zones.get(zone, []):
        card = ctx.game.cards[card_id]
        (freed if all(field(card, k) in allowed for k, allowed in where) else keep).append(card_id)
    player.zones[zone] = keep
    if piece and freed:
        ctx.change(player, piece, len(freed))


def held_by(ctx: Context, holders: Callable[[], list[Player]]) -> bool:
    """The `held_by` condition: the card in view is in play for one of these players."""
    if ctx.card is None:
        return False
    return any(ctx.card.id in ctx.owned_ids(p) for p in holders())


def pick_player(ctx: Context, candidates: list[Player], actions: Callable[[Context], None]) -> None:
    """The `pick_player` action."""
    if not candidates:
        raise Illegal("no player to pick")
    by_id = {p.id: p for p in candidates}
    picked = by_id[ctx.ask(ctx.actor, "which player", list(by_id))]
    actions(as_actor(ctx, picked))


def hand_over(
    ctx: Context, receivers: list[Player], choosers: list[Player], count: int, nouns: tuple[tuple[str, str, int], ...]
) -> None:
    """The `hand_over` action; `nouns` holds (given, received, the given noun's floor)."""
    giver = ctx.actor
    receiver = receivers[0]
    chooser = choosers[0]
    into = {given: received for given, received, _low in nouns}
    for _ in range(budget(ctx.state, max(0, count))):
        available = [given for given, _received, low in nouns if giver.values.get(given, 0) > low]
        if not available:
            return
        noun = available[0] if len(available) == 1 else ctx.ask(chooser, "which unit to take", available)
        ctx.spend(giver, noun, 1)
        ctx.change(receiver, into[noun], 1)


# ---------------------------------------------------------------------- boards and rows


def total_field(ctx: Context, found: list[Pick], name: str) -> int:
    """The `total` expression: a whole-number field summed over cards."""
    out = 0
    for _holder, card_id in found:
        value = field(ctx.game.cards[card_id], name)
        out += value if isinstance(value, int) and not isinstance(value, bool) else 0
    return out


def rank(ctx: Context, counter: str, last: bool) -> None:
    """The `rank` action: the acting player moves to the first or last place of a ranking counter."""
    ranked = sorted(ctx.state.players, key=lambda p: (p.values.get(counter, 0), p.seat))
    ranked.remove(ctx.actor)
    ranked = ranked + [ctx.actor] if last else [ctx.actor] + ranked
    for place_number, player in enumerate(ranked, start=1):
        player.values[counter] = place_number


def _top(ctx: Context, zone: str, shared: bool) -> list[str]:
    return ctx.state.zones.setdefault(zone, []) if shared else ctx.actor.zones.setdefault(zone, [])


def reveal(
    ctx: Context, piles: tuple[tuple[str, bool], ...], to: tuple[str, bool], count: Callable[[], int], if_emptied: Callable[[Context], None] | None
) -> None:
    """The `reveal` action: the top cards of a pile (the player picks a non-empty one) go to a zone."""
    found = [zone for zone, shared in piles if _top(ctx, zone, shared)]
    if not found:
        raise Illegal("every pile is empty")
    zone = found[0] if len(found) == 1 else ctx.ask(ctx.actor, "which pile", found)
    pile = _top(ctx, zone, dict(piles)[zone])
    for _ in range(budget(ctx.state, max(0, count()))):
        if not pile:
            break
        card_id = pile.pop(0)
        _top(ctx, *to).append(card_id)
    if not pile and if_emptied is not None:
        if_emptied(ctx)


def bid(
    ctx: Context,
    candidates: Callable[[], list[Pick]],
    minimum: Callable[[Context], int],
    currency: str,
    holds: str,
    marks: str,
    outbid: str | None,
    outright: bool,
) -> None:
    """The `bid` action (runtime/board.bid) with its selector and minimum compiled."""
    from ..runtime.interpreter import fire

    player = ctx.actor
    standing = player.values.get(holds, 0)
    if standing > 0 and player.zones.get(marks):
        raise Illegal(f"{player.id} already has a bid on a card")
    pool: list[tuple[str, Player | None, Player | None]] = [(cid, holder, None) for holder, cid in candidates()]
    if not standing and not outright:
        pool += [(cid, p, p) for p in ctx.state.players if p is not player for cid in p.zones.get(marks, [])]
    funds = standing or player.values.get(currency, 0)
    offers = []
    for card_id, holder, leader in pool:
        lowest = minimum(ctx.about(ctx.game.cards[card_id]))
        if leader is not None:
            lowest = max(lowest, leader.values.get(holds, 0) + 1)
        if lowest <= funds:
            offers.append((card_id, holder, leader, lowest))
    if not offers:
        raise Illegal(f"{player.id} cannot bid on any card")
    labels = [o[0] for o in offers]
    label = labels[0] if len(labels) == 1 else ctx.ask(player, "which card to bid on", labels)
    card_id, holder, leader, lowest = offers[labels.index(label)]
    if standing:
        amount = standing
    elif outright:
        amount = lowest
        ctx.spend(player, currency, amount)
    else:
        amounts = [str(v) for v in range(lowest, lowest + budget(ctx.state, funds + 1 - lowest))]
        amount = int(amounts[0] if len(amounts) == 1 else ctx.ask(player, f"how much to bid on {card_id}", amounts))
        ctx.spend(player, currency, amount)
    ctx._take(holder, card_id)
    player.values[holds] = amount
    player.zones.setdefault(marks, []).append(card_id)
    if leader is not None and outbid:
        fire(ctx.game, ctx.state, outbid, leader, ctx.decider, {"card": card_id, "by": player.id}, handlers=ctx.handlers)


def follows_last(ctx: Context, zone: str, shared: bool, name: str, empty: bool) -> bool:
    """The `follows_last` condition: the card in view shares a value with the last card of a row."""
    card = ctx.card if ctx.card is not None else ctx.game.cards.get(ctx.event.get("card", ""))
    row = _top(ctx, zone, shared)
    row = [c for c in row if card is None or c != card.id]
    if not row:
        return empty
    last = field(ctx.game.cards[row[-1]], name)
    mine = field(card, name) if card is not None else None

    def values(v: Any) -> set:
        if isinstance(v, dict):
            return {k for k, n in v.items() if n}
        return set(as_list(v))

    return bool(values(last) & values(mine))


# ---------------------------------------------------------------------- fallback


_NODE_MODELS: dict[str, Any] = {}


def node(family: str, data: Any) -> Any:
    """A primitive without a template, rebuilt once (at import) from its data for the interpreter."""
    from ..lang import model

    cls = {"action": model.Action, "expression": model.Expression, "condition": model.Condition}[family]
    return cls.model_validate(data)


def run_node(ctx: Context, action: Any) -> None:
    """Fallback: the interpreter runs one action node (listed in compiler/codegen/templates.py)."""
    ctx.run([action])
