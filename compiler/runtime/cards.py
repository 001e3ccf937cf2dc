"""Cards found by a selector, picked among, taken from and moved between zones, at run time.

A selector's plan (decide/selectors.py) says which zones, whose, and which cards the data lets
through; what is read at run time (a `where` compared with an amount or the card in hand,
`fewest`/`most`) is read here, in the context of the effect searching. The generated handlers call
`cards_in` with their plan folded in; the interpreter calls `select`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ..core.limits import spend
from ..decide import selectors
from ..decide.tables import Answers, kept_for
from ..lang.types import FieldTest, Selector
from ..model.compiled import field_value, holds
from . import seats
from .filters import Match, matching
from .state import Player, State, zones_of

if TYPE_CHECKING:  # pragma: no cover
    from .context import Context

Pick = tuple[Player | None, str]


def matches(ctx: Context, card: Any, selector: Selector) -> bool:
    """Whether a card passes a selector's filter."""
    plan = selectors.of(ctx.game, selector)
    return selectors.passes(plan, card) and _amounts_hold(ctx, plan, card)


def matching_cards(ctx: Context, selector: Selector) -> list[Any]:
    """The game's cards that pass a selector's filter, in the game's order, each as `matches` tests
    it: the fixed tests found once per game and card (_passing), then each card's `where` amounts."""
    plan = selectors.of(ctx.game, selector)
    passing = _passing(ctx.game, plan)
    candidates = [card for card in ctx.game.cards.values() if passing is None or passing[card.id]]
    if not plan.varying:
        return candidates
    return [card for card in candidates if _amounts_hold(ctx, plan, card)]


def matching_ids(ctx: Context, selector: Selector) -> list[str]:
    """The ids of the game's cards that pass a selector's filter, in the game's order, as `matches`
    lets them through card by card, found for all the cards at once (_kept)."""
    return _kept(ctx, selectors.of(ctx.game, selector), ctx.game.cards)


def _amounts_hold(ctx: Context, plan: selectors.Plan, card: Any) -> bool:
    """Whether the card's fields hold the plan's `where` amounts (its fixed tests passed), each
    read in the searching context, never with the candidate in view."""
    return all(holds(field_value(card, name), _wanted(ctx, name, wanted)) for name, wanted in plan.varying)


def _wanted(ctx: Context, name: str, wanted: Any) -> Any:
    """What a `where` test compares a card's field with, read now."""
    if isinstance(wanted, FieldTest):  # its amounts (and the cards `among` names) read now, the same for every card
        return {test: _test_value(ctx, test, v) for test, v in wanted.tests().items()}
    if wanted.key == "field":  # a field of the card in hand (e.g. a stage's own board) is compared as it is
        return ctx.card_field(wanted.arg)
    return ctx.amount(wanted)


def wanted_value(ctx: Context, name: str, wanted: Any) -> Any:
    """What a `where` entry compares a field with, read now: a value or list as the data gives it, else
    as _wanted reads an amount, a comparison or a field of the card in view."""
    if isinstance(wanted, (str, int, bool, list)) or wanted is None:
        return wanted
    return _wanted(ctx, name, wanted)


def _test_value(ctx: Context, test: str, value: Any) -> Any:
    if test in ("at_least", "at_most"):
        return ctx.amount(value)
    if test == "among":
        return [cid for _holder, cid in select(ctx, value)]
    return value


def select(ctx: Context, selector: Selector | str) -> list[Pick]:
    """Cards matching a selector (or a plain id), with the player whose zone holds each."""
    plan = selectors.of(ctx.game, selector)
    owners = lambda: seats.players(plan.owners, ctx.state, ctx.actor, ctx.owner)  # noqa: E731
    if plan.missing:
        # every card of the game is a candidate: the kind looked up in the game's index, then the
        # filter worked out once for the few that remain
        cards = ctx.game.cards
        candidates = (ctx.game.cards_with("kind", list(plan.kinds)) if plan.kinds is not None else None) or cards
        found = cards_in(ctx, plan.zones, owners, True, dict.fromkeys(_kept(ctx, plan, candidates)))
    else:
        found = cards_in(ctx, plan.zones, owners, False, _any_card)
        passing = set(_kept(ctx, plan, dict.fromkeys(cid for _holder, cid in found)))
        found = [pick for pick in found if pick[1] in passing]
    fewest = (lambda c: c.amount(plan.fewest)) if plan.fewest is not None else None
    most = (lambda c: c.amount(plan.most)) if plan.most is not None else None
    return extremes(ctx, found, fewest, most)


def _any_card(card: Any) -> bool:
    return True


def _kept(ctx: Context, plan: selectors.Plan, ids: Iterable[str]) -> list[str]:
    """The ids that pass the plan's tests, in order: what `matches` lets through card by card, by
    the same tests in the same order, for all the cards at once, each card's answer to a test found
    once per game: the fixed tests (_passing), then each `where` amount (_holding). An amount is
    read once, when some card first reaches its test (its reading may charge steps or be refused),
    and the tests read nothing else."""
    passing = _passing(ctx.game, plan)
    kept = list(ids) if passing is None else [cid for cid in ids if passing[cid]]
    for name, wanted in plan.varying:
        if not kept:
            break
        kept = _holding(ctx, name, wanted)(kept)
    return kept


# per compiled game (decide/tables.py): by plan, its fixed tests; by field and value, that field holding it


def _passing(game: Any, plan: selectors.Plan) -> Answers | None:
    """Each card's answer to the plan's fixed tests (selectors.passes); None: the plan has none."""
    if not plan.filtered:
        return None
    known = kept_for(game, "cards.passing")
    found = known.get(id(plan))
    if found is None or found[0] is not plan:  # the plan kept with its answers: its id stays its own
        found = known[id(plan)] = (plan, Answers(game.cards, lambda card: selectors.passes(plan, card)))
    return found[1]


def _holding(ctx: Context, name: str, wanted: Any) -> Callable[[list[str]], list[str]]:
    """A `where` test with its amount read now: the ids among some whose card's field holds it
    (holds()), each card's answer found once per game and amount when it can be looked up by hash."""
    value = _wanted(ctx, name, wanted)
    if isinstance(value, dict) and value.keys() == {"among"}:
        value = value["among"]  # holds() reads a list of ids as it reads `among` them
    if name == "id" and isinstance(value, str):  # a card's id is its key in the game: nothing to read
        return lambda ids: [cid for cid in ids if cid == value]
    game = ctx.game
    key = (name, True, tuple(value)) if isinstance(value, list) else (name, False, value)  # values, or one
    known = kept_for(game, "cards.holding")
    try:
        answers = known.get(key)
    except TypeError:  # an unhashable amount (a mapping of tests): each card compared
        cards = game.cards
        return lambda ids: [cid for cid in ids if holds(field_value(cards[cid], name), value)]
    if answers is None:
        answers = known[key] = Answers(game.cards, lambda card: holds(field_value(card, name), value))
    return lambda ids: [cid for cid in ids if answers[cid]]


def cards_in(
    ctx: Context,
    zones: tuple[tuple[str, bool], ...],
    owners: Callable[[], list[Player]],
    missing: bool,
    match: Match,
    fewest: Callable[[Context], int] | None = None,
    most: Callable[[Context], int] | None = None,
) -> list[Pick]:
    """The cards of a filter in some zones, (zone, shared), of their owners (no zones: every card
    of the game); `missing`: those absent from each zone; `fewest`/`most`: only the cards scoring
    lowest/highest, each read with the card in view."""
    cards = ctx.game.cards
    found: list[Pick] = [(None, cid) for cid in matching(cards, match)] if not zones else []
    for zone, shared in zones:
        holders: list[tuple[Player | None, list[str]]]
        holders = (
            [(None, ctx.state.zones.get(zone, []))] if shared else [(p, zones_of(p).get(zone, [])) for p in owners()]
        )
        for holder, ids in holders:
            found += _in_zone(cards, holder, ids, missing, match)
    return extremes(ctx, found, fewest, most)


def extremes(
    ctx: Context, found: list[Pick], fewest: Callable[[Context], int] | None, most: Callable[[Context], int] | None
) -> list[Pick]:
    """The cards found scoring lowest (`fewest`), then highest (`most`), each read with the card in view."""
    if fewest is None and most is None:
        return found
    cards = ctx.game.cards
    for extreme, best in ((fewest, min), (most, max)):
        if extreme is not None and found:
            spend(ctx.state, len(found))  # an amount read with each card in view
            scores = [extreme(ctx.about(cards[cid])) for _h, cid in found]
            target = best(scores)
            found = [f for f, s in zip(found, scores) if s == target]
    return found


def _in_zone(cards: Any, holder: Player | None, ids: list[str], missing: bool, match: Match) -> list[Pick]:
    if missing:
        present = set(ids)
        return [(holder, cid) for cid in matching(cards, match) if cid not in present]
    if isinstance(match, dict):
        return [(holder, cid) for cid in ids if cid in match]
    return [(holder, cid) for cid in ids if match(cards[cid])]


def pick(ctx: Context, candidates: Sequence[Pick], about: str) -> Pick:
    """One of the candidates, the actor's choice when they differ."""
    if len(candidates) == 1:  # nothing to pick among (and nothing to charge: 1 // 16 steps)
        return candidates[0]
    spend(ctx.state, len(candidates) // 16)  # each pick reads every candidate: picking n of n costs n^2
    labels = [cid if holder is None else f"{cid}@{holder.id}" for holder, cid in candidates]
    unique = list(dict.fromkeys(labels))
    label = unique[0] if len(unique) == 1 else ctx.ask(ctx.actor, about, unique)
    return candidates[labels.index(label)]


def take(state: State, holder: Player | None, card_id: str, source: Sequence[str] | None = None) -> None:
    """Remove a card from the zone it was picked in, if it lies in one (found by reading: a lazy
    copy's zones are copied only when the card is there to take). `source`: the zones it was
    found in, in the selector's order; the same id may lie in another zone of the holder's too
    (a draw pile and a hand), which keeps it. None: the first zone that holds it."""
    zones = state.zones if holder is None else zones_of(holder)
    if source is not None:
        for name in source:
            ids = zones.get(name)
            if ids and card_id in ids:
                (ids if holder is None else holder.zones[name]).remove(card_id)
                return
        return
    for name, ids in zones.items():
        if card_id in ids:
            (ids if holder is None else holder.zones[name]).remove(card_id)
            return


def move(
    ctx: Context,
    found: list[Pick],
    to: str,
    shared: bool,
    receivers: Callable[[], list[Player]],
    count: Callable[[], int] | None,
    source: Sequence[str] | None = None,
    on_top: bool = False,
) -> None:
    """Move cards (count None: all of them, else as many as `count`, the player picking which) to a
    zone: the shared one, or each receiver's; each taken from the `source` zones (take), and put at
    the zone's end, or `on_top` (its first card: what draw and reveal take next, the last moved on
    top)."""
    n = len(found) if count is None else min(len(found), count())
    for _ in range(spend(ctx.state, n)):
        # all of them: nothing to pick (the order is the zones'); some of them: the player picks
        holder, card_id = found[0] if count is None else pick(ctx, found, "which card to move")
        found.remove((holder, card_id))
        take(ctx.state, holder, card_id, source)
        if on_top:
            for zone in (
                [ctx.state.zones.setdefault(to, [])] if shared else [p.zones.setdefault(to, []) for p in receivers()]
            ):
                zone.insert(0, card_id)
        elif shared:
            ctx.state.zones.setdefault(to, []).append(card_id)
        else:
            for player in receivers():
                player.zones.setdefault(to, []).append(card_id)
