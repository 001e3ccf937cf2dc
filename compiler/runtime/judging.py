"""A move's build judged by reading the state, without a copy and without building (menus.py).

A move whose last action to try is a `build` that must build one card is legal exactly when that
card passes build()'s checks and can be paid for, when nothing the build then sets off can be
refused (sure.py `sure_builds`). Both can be read from the state as it is: the checks change
nothing and the quote's verdict (costs.verdict) says whether paying would succeed. The build's
count and candidates are read as carrying the action out reads them (the interpreter's, or the
generated handlers' BUILDS), in a `Judging` context on a view of the state with a step budget of
its own that nothing writes. Wherever the verdict could differ from a trial's, there is none
(None) and the move is tried: several candidates, a count other than one, a card whose build
sets off what can be refused, a quote that asks a question and says no (the trial would search
other answers), a payment only paying can tell.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..core.limits import Runaway, budget, fresh_budget, spend
from ..decide import selectors
from ..lang import hooks
from . import costs, payment, plans
from .builds import check_buildable
from .decider import FirstLegal
from .interpreter import MAX_DEPTH, Context, _made
from .state import Illegal, Player, State, values_of, zones_of

if TYPE_CHECKING:  # pragma: no cover
    from ..model.compiled import CompiledGame

_new = object.__new__


class Judging(Context):
    """A move's context on a view of the state (`on.view`) in which its build is judged (judge)."""

    facts: Facts  # what judging reads of each card, once per game
    on: On  # what is read once for every build judged on this state


class On:
    """What judging builds on one state reads once, for every move and card of a seat's menu: the
    view judged on (the same players, zones and board, read and never written) with a step budget
    of its own, given anew for each build judged (`fresh`) as a trial's copy has one; the supply
    pricing reads (payment.Reading); the view with a card taken by each holder (`taken`)."""

    __slots__ = ("start", "view", "budget", "reading", "taking", "about")

    def __init__(self, start: State, game: CompiledGame, handlers: Any) -> None:
        self.start = start
        self.view = new = _new(State)
        new.__dict__ = dict(start.__dict__)
        fresh_budget(new)
        self.budget = budget(new)
        self.reading = payment.Reading()
        # id(holder) -> (holder, its zones, the view with the card taken, the holder there)
        self.taking: dict[int, tuple[Player | None, dict[str, list[str]], State, Player | None]] = {}
        # build()'s context for a build judged, its card, actor and state set for each (judge, which
        # does not nest: a judgement is read before the next is made); its questions are asked anew
        first = new.players[0]
        self.about = _made(game, new, FirstLegal(), first, first, None, {}, 0, handlers)

    def fresh(self) -> None:
        """A budget of its own for the next build judged (the view's, and its views' with a card taken)."""
        self.budget.used = 0

    def lies(self, holder: Player | None, card_id: str) -> str | None:
        """The zone of the holder's (None: the shared zones) where the card lies, as cards.take
        finds it; None: nowhere."""
        zones: dict[str, list[str]] = self.view.zones if holder is None else zones_of(holder)
        for zone, ids in zones.items():
            if card_id in ids:
                return zone
        return None

    def taken(self, holder: Player | None, card_id: str, zone: str) -> State:
        """The view with the card taken from the zone where it lies, as cards.take takes it before
        building: sharing all but that zone. One such view per holder, its zones set anew for each
        card (read only meanwhile)."""
        zones: dict[str, list[str]] = self.view.zones if holder is None else zones_of(holder)
        rest = list(zones[zone])
        rest.remove(card_id)
        found = self.taking.get(id(holder))
        if found is None or found[0] is not holder or found[1] is not zones:
            new = _new(State)
            new.__dict__ = dict(self.view.__dict__)  # the same budget: one run
            player = None
            if holder is not None:
                player = _new(Player)
                player.__dict__ = dict(holder.__dict__)
                new.players = [player if p is holder else p for p in new.players]
            found = self.taking[id(holder)] = (holder, zones, new, player)
        if found[3] is None:
            found[2].zones = {**zones, zone: rest}
        else:
            vars(found[3])["zones"] = {**zones, zone: rest}
        return found[2]


def unread_zones(game: CompiledGame) -> dict[str, frozenset[str]]:
    """Kind -> the zones where a card of the kind may lie before it is built that its build's
    checks and price never read, so that judging need not take it from there first: any zone but
    those in play (the price reads them) and the kind's own (a unique card is looked for there),
    for a kind with no requirement (which may read anything), in a game none of whose discounts
    applies to cards a `where` finds by an amount (which may read anything)."""
    discounts = [arg for args in game.passives_by_hook.get(hooks.COST, {}).values() for arg in args]
    discounts += [effect.passive_arg for _index, effect in game.rule_passives if effect.hook == hooks.COST]
    if any(arg.applies_to is not None and selectors.of(game, arg.applies_to).varying for arg in discounts):
        return {}  # (a fixed test reads the card alone)
    read = set(game.play_zones)
    return {
        name: frozenset(zone for zone in game.game.zones if zone not in read and zone != kind.zone)
        for name, kind in game.game.kinds.items()
        if kind.requires is None
    }


class Fact:
    """What judging reads of a card: the card, its build event's details, whether its build is sure
    (sure.sure_builds), the zones where it may lie that its build never reads (unread_zones), its
    cost's shape (costs.shape_of)."""

    __slots__ = ("card", "event", "sure", "unread", "shape")

    def __init__(self, game: CompiledGame, card_id: str, sure: frozenset[str], unread: dict[str, frozenset[str]]):
        self.card = card = game.cards[card_id]
        self.event = game.build_events[card_id]
        self.sure = card_id in sure
        self.unread = unread.get(card.kind, frozenset())
        self.shape = costs.shape_of(game, card)


class Facts(dict[str, Fact]):
    """card id -> its Fact, each found when first judged (program.py keeps one per game)."""

    def __init__(self, game: CompiledGame, sure: frozenset[str]) -> None:
        super().__init__()
        self.game, self.sure, self.unread = game, sure, unread_zones(game)
        self.quick: dict[str, _Quick] = {}  # card id -> what own_builds reads of it

    def __missing__(self, card_id: str) -> Fact:
        found = self[card_id] = Fact(self.game, card_id, self.sure, self.unread)
        return found


def context(ctx: Context, facts: Facts, on: On) -> Judging:
    """The move's context `ctx` (on `on.view`) as one that judges its build."""
    new = _new(Judging)
    new.__dict__ = ctx.__dict__
    new.__dict__.update(facts=facts, on=on)
    return new


def judge(
    ctx: Judging, count: int, candidates: Callable[[Context], list[tuple[Player | None, str]]], free: bool
) -> bool | None:
    """Whether a move's build of `count` of the candidates (read in the context), one that must
    build, at no price (Program.judged), would succeed on the context's state, as a trial's first
    run would find it (its questions answered with their first option); None when only building
    can tell. Charged as carrying out the action charges it (a step, and the build's), once its
    count is read and before its candidates are."""
    if count != 1:
        return None
    spend(ctx.state, 1 + count)
    options = candidates(ctx)
    if not options:  # build_from finds nothing to build and refuses
        return False
    holder, card_id = options[0]
    if len(options) > 1 and any(other != card_id for _holder, other in options):  # several cards: a choice
        return None
    fact = ctx.facts[card_id]
    if not fact.sure:
        return None
    if ctx.depth + 1 > MAX_DEPTH:
        return False
    return _judged(ctx, fact, holder, free)


def _judged(ctx: Judging, fact: Fact, holder: Player | None, free: bool) -> bool | None:
    """judge's verdict on the one card that must be built (its build sure): its price, then
    build()'s checks, read in build()'s context for it (the view's `about`, set anew): on the view
    itself, by the actor there, when where the card lies is nowhere or is read by nothing its build
    reads (Fact.unread); else on the view with the card taken from there, with a pricing reading of
    its own if the card left a zone in play (the supply reads those)."""
    on, card = ctx.on, fact.card
    zone = on.lies(holder, card.id)
    if zone is None or zone in fact.unread:
        state, actor, reading = on.view, ctx.actor, on.reading
    else:
        state = on.taken(holder, card.id, zone)
        actor = state.players[ctx.actor.seat]
        reading = on.reading if holder is None or zone not in ctx.game.play_zones else payment.Reading()
    about = on.about
    about.state, about.actor, about.owner = state, actor, actor
    about.card, about.event, about.depth = card, fact.event, ctx.depth + 1
    asked = about.decider.asked
    asked.clear()
    if not free:
        # the price first: a card that cannot be paid for (without a question) is refused whatever
        # its checks say, which ask nothing
        verdict, chose = costs.verdict(about, actor, card, reading, fact.shape)
        if verdict is False and not (chose or asked):
            return False
    try:
        check_buildable(about)
    except Illegal:
        return False
    if free:
        return True
    # a question answered with its first option, as a trial's first run answers it: a yes holds;
    # a no does not (the trial goes on to other answers)
    return None if (chose or asked) and verdict is not True else verdict


_SLOW = object()  # the answer of quick() and own_builds() where judge() must read the build


def quick(ctx: Judging, count: Callable[[Context], int], candidates: Callable, free: bool) -> Any:
    """judge()'s verdict (as menus._judged_build would return it) read in one pass where the
    common case holds: one card that must be built, lying where its build reads nothing, of a kind
    with no requirement, paid with no discount, a cost of few units and every way of paying within
    the coins alike (costs._Shape.any_plan); elsewhere judge()'s own reading from the candidates
    found (_rest), and `_SLOW` for a count other than one. Each step is the one judge, _judged and
    costs.verdict take, in an order that gives the same answer: what build()'s checks refuse is
    refused whatever the price says, and they ask nothing."""
    try:
        if count(ctx) != 1:
            return _SLOW
        options = candidates(ctx)
    except (Illegal, Runaway):
        return None
    if not options:
        return False
    holder, card_id = options[0]
    if len(options) > 1 and any(other != card_id for _holder, other in options):
        return None  # several cards: a choice (judge)
    fact = ctx.facts[card_id]
    if not fact.sure:
        return None
    on, card = ctx.on, fact.card
    zone = on.lies(holder, card_id)
    game, actor = ctx.game, ctx.actor
    unique, _on_built, kinds = game.build_rules
    built_into, requires = kinds[card.kind]
    if (zone is not None and zone not in fact.unread) or requires is not None or ctx.depth + 1 > MAX_DEPTH:
        return _rest(ctx, fact, holder, free)
    if built_into is None:
        return False
    held = zones_of(actor)
    if unique and card_id in held.get(built_into, ()):
        return False
    if free:
        return True
    shape = fact.shape
    parents = shape.parents
    if parents is not None:
        for zone_in_play in game.play_zones:
            owned = held.get(zone_in_play)
            if owned and not parents.isdisjoint(owned):
                return True
    needs = shape.needs
    if needs is None or not shape.any_plan:
        return _rest(ctx, fact, holder, free)
    about = on.about
    supply = payment.supply_for(about, actor, on.reading)
    if supply.discounts:
        return _rest(ctx, fact, holder, free)
    rules = game.game
    available = values_of(actor).get(rules.build.currency, 0) - shape.coins
    if available < 0:
        return False
    if not needs:
        return costs._pays(rules, actor, None, shape.coins)
    about.state, about.actor, about.owner = on.view, actor, actor
    exists = plans.payable(about, actor, needs, available, supply)
    return _rest(ctx, fact, holder, free) if exists is None else exists


def _rest(ctx: Judging, fact: Fact, holder: Player | None, free: bool) -> bool | None:
    """judge()'s verdict on the one card found, its build sure, where quick() cannot read it in one
    pass: charged the steps judge charges before its candidates, refused (None) where judging is."""
    try:
        spend(ctx.state, 2)
        if ctx.depth + 1 > MAX_DEPTH:
            return False
        return _judged(ctx, fact, holder, free)
    except (Illegal, Runaway):
        return None


class _Quick:
    """What own_builds reads of a card, once per game: whether the short way may judge it (its
    build sure, its kind requiring nothing), the zones its build never reads, the zone it is built
    into, and its cost's shape where every way of paying it is judged alike (else None)."""

    __slots__ = ("fast", "unread", "built_into", "parents", "needs", "coins")

    def __init__(self, game: CompiledGame, fact: Fact) -> None:
        built_into, requires = game.build_rules[2][fact.card.kind]
        shape = fact.shape
        self.fast = fact.sure and requires is None
        self.unread = fact.unread
        self.built_into = built_into
        self.parents = shape.parents
        self.needs = shape.needs if shape.any_plan else None
        self.coins = shape.coins


def own_builds(ctx: Judging, zone: str, cards: list[str]) -> list[Any]:
    """Each card's verdict for a move that builds its own card from the actor's `zone` (one card
    that must be built, at its price: Program.own_builds), as menus._judged_build gives it (True,
    False, None: to be tried), or `_SLOW` where only judge() can tell: read once for the whole menu
    (the actor's zones, coins and supply) and per card from what is known of it (_Quick)."""
    game, actor, on = ctx.game, ctx.actor, ctx.on
    held = zones_of(actor)
    here = held.get(zone, ())
    earlier: list[list[str]] = []  # the actor's zones before `zone`: cards.take finds a card there first
    for name, ids in held.items():
        if name == zone:
            break
        if ids:
            earlier.append(ids)
    owned: set[str] | None = None  # the actor's cards in play, read for the first card with a chain
    unique = game.build_rules[0]
    quick_facts = ctx.facts.quick
    supply: Any = None
    plain = False  # every way of paying judged alike (plans.payable's first test), told by the supply
    rules, about = game.game, on.about
    values = values_of(actor)
    coins = values.get(rules.build.currency, 0)
    found: list[Any] = []
    for card_id in cards:
        if card_id not in here or (earlier and any(card_id in ids for ids in earlier)):
            # not in the zone (nothing to build), or taken from another one first
            found.append(_SLOW if card_id in here or any(card_id in ids for ids in held.values()) else False)
            continue
        quick_fact = quick_facts.get(card_id)
        if quick_fact is None:
            quick_fact = quick_facts[card_id] = _Quick(game, ctx.facts[card_id])
        if not quick_fact.fast or zone not in quick_fact.unread:
            found.append(_SLOW)
            continue
        if quick_fact.built_into is None or (unique and card_id in held.get(quick_fact.built_into, ())):
            found.append(False)
            continue
        parents = quick_fact.parents
        if parents is not None:
            if owned is None:
                owned = {cid for name in game.play_zones for cid in held.get(name, ())}
            if not parents.isdisjoint(owned):
                found.append(True)
                continue
        needs = quick_fact.needs
        if needs is None:
            found.append(_SLOW)
            continue
        if supply is None:  # build()'s context for the actor on the view, as _judged sets it
            about.state, about.actor, about.owner = on.view, actor, actor
            supply = payment.supply_for(about, actor, on.reading)
            plain = not supply.substitutes and not supply.sells_to_self(actor.id)
        available = coins - quick_fact.coins
        if supply.discounts:
            found.append(_SLOW)
        elif available < 0:
            found.append(False)
        elif not needs:
            found.append(costs._pays(rules, actor, None, quick_fact.coins))
        elif not plain:
            found.append(_SLOW)  # plans.payable cannot tell
        else:  # plans.payable, its first answers read here from the bounds
            bounds = supply.bounds.get(needs) or plans._bounds(about, supply, needs)
            stocked, lowest, within, small = bounds
            if stocked and any(map(values.get, stocked)):
                found.append(_SLOW)
            elif available < lowest:
                found.append(False)
            elif available >= within:
                found.append(True if small else _SLOW)
            else:
                on.fresh()  # each card priced as a trial of its own
                exists = plans.payable(about, actor, needs, available, supply)
                found.append(_SLOW if exists is None else exists)
    return found
