"""A move's build judged by reading the state, without a copy and without building (menus.py).

A move whose last action to try is a `build` that must build one card is legal exactly when that
card passes build()'s checks and can be paid for, when nothing the build then sets off can be
refused (sure.py `sure_builds`). Both can be read from the state as it is: the checks change
nothing and the quote's verdict (costs.affordable) says whether paying would succeed. The move's
action is run as usual (the interpreter's or the generated handlers' function), in a `Judging`
context whose `build_from` judges instead of building, on a view of the state with a step budget
of its own that nothing writes. Wherever the verdict could differ from a trial's, there is none
(None) and the move is tried: several candidates, a count other than one, a price, a card whose
build sets off what can be refused, a quote that asks a question and says no (the trial would
search other answers), a payment only paying can tell.
"""

from __future__ import annotations

from collections.abc import Callable

from . import costs, payment
from .builds import check_buildable
from .decider import FirstLegal
from .interpreter import MAX_DEPTH, Context, _made
from .limits import budget, fresh_budget, spend
from .state import Illegal, Player, State, zones_of

_new = object.__new__


class Judging(Context):
    """A move's context whose build is judged, not made: `build_from` appends its verdict to
    `verdicts` (True, False, or None when only building can tell) and changes nothing."""

    verdicts: list[bool | None]
    sure_builds: frozenset[str]
    on: On  # what is read once for every build judged on this state

    def build_from(
        self,
        count: Callable[[], int],
        candidates: Callable[[], list[tuple[Player | None, str]]],
        free: bool,
        optional: bool,
        price: Callable[[Context], dict[str, int]] | None = None,
    ) -> None:
        self.verdicts.append(judge(self, count, candidates, free, optional, price))


class On:
    """What judging builds on one state reads once, for every move and card of a seat's menu: the
    view judged on (the same players, zones and board, read and never written) with a step budget
    of its own, given anew for each build judged (`fresh`) as a trial's copy has one; the supply
    pricing reads (payment.Reading); the view with a card taken by each holder (`taken`)."""

    __slots__ = ("start", "view", "budget", "reading", "taking", "decider")

    def __init__(self, start: State) -> None:
        self.start = start
        self.view = new = _new(State)
        new.__dict__ = dict(start.__dict__)
        fresh_budget(new)
        self.budget = budget(new)
        self.reading = payment.Reading()
        self.decider = FirstLegal()  # a build's questions while judged, asked anew each (judge)
        # id(holder) -> (holder, its zones, the view with the card taken, the holder there)
        self.taking: dict[int, tuple[Player | None, dict[str, list[str]], State, Player | None]] = {}

    def fresh(self) -> None:
        """A budget of its own for the next build judged (the view's, and its views' with a card taken)."""
        self.budget.used = 0

    def taken(self, holder: Player | None, card_id: str) -> tuple[State, str | None]:
        """The view with the card taken from where it lies, as cards.take takes it before building:
        sharing all but the zones that change (the zone it lay in, or None: nowhere, the view
        itself). One such view per holder, its zones set anew for each card (read only meanwhile)."""
        zones: dict[str, list[str]] = self.view.zones if holder is None else zones_of(holder)
        for zone in zones:
            if card_id in zones[zone]:
                break
        else:
            return self.view, None
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
        return found[2], zone


def context(ctx: Context, sure_builds: frozenset[str], on: On) -> Judging:
    """The move's context `ctx` (on `on.view`) as one that judges its build."""
    new = _new(Judging)
    new.__dict__ = ctx.__dict__
    new.__dict__.update(verdicts=[], sure_builds=sure_builds, on=on)
    return new


def judge(
    ctx: Judging,
    count: Callable[[], int],
    candidates: Callable[[], list[tuple[Player | None, str]]],
    free: bool,
    optional: bool,
    price: Callable[[Context], dict[str, int]] | None,
) -> bool | None:
    """Whether build_from(count, candidates, ...) would succeed on the context's state, as a
    trial's first run would find it (its questions answered with their first option); None when
    only building can tell."""
    if optional or price is not None:
        return None
    n = count()
    if n != 1:
        return None
    spend(ctx.state, n)
    options = candidates()
    if not options:  # build_from finds nothing to build and refuses
        return False
    holder, card_id = options[0]
    if len(options) > 1 and any(other != card_id for _holder, other in options):  # several cards: a choice
        return None
    if card_id not in ctx.sure_builds:
        return None
    state, zone = ctx.on.taken(holder, card_id)
    actor = state.players[ctx.actor.seat]
    card = ctx.game.cards[card_id]
    depth = ctx.depth + 1
    decider = ctx.on.decider
    decider.asked.clear()  # (judge does not nest: what a build's judgement asked is read before the next)
    about = _made(ctx.game, state, decider, actor, actor, card, ctx.game.build_events[card_id], depth, ctx.handlers)
    if depth > MAX_DEPTH:
        return False
    try:
        check_buildable(about)
    except Illegal:
        return False
    if free:
        return True
    # the supply reads only cards in play: read once for the menu unless the card left one of them
    reading = ctx.on.reading if holder is None or zone not in ctx.game.play_zones else payment.Reading()
    verdict, asked = costs.verdict(about, actor, card, reading)
    # a question answered with its first option, as a trial's first run answers it: a yes holds;
    # a no does not (the trial goes on to other answers)
    return None if (asked or about.decider.asked) and verdict is not True else verdict
