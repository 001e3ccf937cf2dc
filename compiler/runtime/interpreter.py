"""The reference interpreter: walks the effect tree of a card against the state.

A Context is who acts (the actor), whose card it is (the owner), which card, and which event.
Primitives call its methods; nothing here knows any card or any game by name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, fields
from types import SimpleNamespace
from typing import Any

from ..core.limits import bounded, spend
from ..decide import nouns, numbers, players as decide_players, selectors, tables, zones
from ..lang import hooks
from ..lang.model import Action, Condition, Expression
from ..lang.registry import REGISTRY
from ..lang.types import Selector
from ..model.compiled import CompiledGame
from ..model.fields import OWN_FIELDS, extra_field
from ..model.game import Card
from . import (
    board as board_verbs,
    building,
    cards,
    chance,
    choices,
    paying,
    reading as reading_verbs,
    seats,
    spaces as space_verbs,
    standing,
    tracks as track_moves,
    wild,
)
from .builds import carry_out, check_buildable as _check_buildable, run_trigger
from .context import Context as ContextLike
from .decider import Decider, FirstLegal
from .heard import hear
from .state import Illegal, Player, State, values_of, zones_of

PERIODS = {"once_per_round": "round", "once_per_age": "age", "once_per_game": None}
# While a trace is kept (runtime/trace.py `tracing`): told of every value Context.change changes.
tracer: Callable[[Context, Player, str, int], None] | None = None
_TARGET = decide_players.TARGET_DETAIL
MAX_DEPTH = 40  # effects invoking effects: a loop in the data stops here


@dataclass
class Context:
    game: CompiledGame
    state: State
    decider: Decider
    actor: Player
    owner: Player
    card: Card | None = None
    event: dict[str, Any] = field(default_factory=dict)
    depth: int = 0
    handlers: Any = None  # generated handlers (compiler/codegen/engine.py); None walks the effect tree

    # What the primitives' run() reach through the context (compiler/lang/ imports neither): the
    # runtime's board and space verbs, and the decisions both execution paths share.
    board = board_verbs
    spaces = space_verbs
    reading = reading_verbs
    decide = SimpleNamespace(
        nouns=nouns, numbers=numbers, players=decide_players, selectors=selectors, tables=tables, zones=zones
    )

    # ------------------------------------------------------------------ derived contexts

    def derive(self, **changes: Any) -> Context:
        """A copy with some fields changed: dataclasses.replace without re-running __init__, which
        effects do at every turn of a loop (a context is plain data; nothing is checked on creation)."""
        new = _new(type(self))
        fields = self.__dict__.copy()  # (copied, then changed: a third cheaper than update(**changes))
        fields.update(changes)
        new.__dict__ = fields
        return new

    def _with(self, name: str, value: Any) -> Context:
        """derive() of one field, its name given (no keyword dict): every card in view is one."""
        new = _new(type(self))
        fields = self.__dict__.copy()
        fields[name] = value
        new.__dict__ = fields
        return new

    def as_actor(self, player: Player) -> Context:
        return self._with("actor", player)

    def about(self, card: Card | None) -> Context:
        return self._with("card", card)

    def deeper(self) -> Context:
        if self.depth >= MAX_DEPTH:
            raise Illegal("effects invoke each other without end")
        return self._with("depth", self.depth + 1)

    # ------------------------------------------------------------------ evaluation

    def run(self, actions: Iterable[Action]) -> None:
        for action in actions:
            spend(self.state, 1)
            REGISTRY["action"][action.key].run(action.arg, self)

    def amount(self, amount: int | Expression) -> int:
        if isinstance(amount, int):
            return amount
        return bounded(int(REGISTRY["expression"][amount.key].run(amount.arg, self)))

    def test(self, condition: Condition) -> bool:
        return bool(REGISTRY["condition"][condition.key].run(condition.arg, self))

    # ------------------------------------------------------------------ players

    def players(self, ref: Any, ordered: bool | str = False, actor: Player | None = None) -> list[Player]:
        """Resolve a player set relative to the actor; `ordered`: in turn order from the actor's
        left, or in one of decide/players.ORDERS ('target': the player a target action picked)."""
        plan = decide_players.of(self.game, ref)
        if _TARGET in self.event:  # (inside a target action: 'target' is its pick)
            plan = decide_players.aimed(plan, self.event[_TARGET])
        return seats.players(plan, self.state, actor or self.actor, self.owner, ordered)

    # ------------------------------------------------------------------ values

    def value(self, noun: str, of: Any = decide_players.ACTOR_NAME) -> int:
        if noun in self.state.globals:
            return self.state.globals[noun]
        return sum(values_of(p).get(noun, 0) for p in self.players(of))  # read, not copied (state.py)

    def change(self, player: Player, noun: str, delta: int) -> None:
        """Add to a noun, clamped to its bounds (losses stop at the minimum)."""
        how = nouns.change(self.game.game, noun)
        if how[0] == "ask":
            noun = self.ask(player, "which resource", sorted(self.game.game.resources))
            how = nouns.change(self.game.game, noun)
        if how[0] == "global":
            self.state.globals[noun] += delta
            return
        before = player.values.get(noun, 0)
        player.values[noun] = nouns.clamp(before + delta, how[1], how[2])
        if tracer is not None:  # a trace is being kept (runtime/trace.py): what changed, and why
            tracer(self, player, noun, before)

    def spend(self, player: Player, noun: str, n: int) -> None:
        """Pay exactly n of a noun, or fail: paying is never partial (runtime/paying.py)."""
        paying.spend(self, player, noun, n)

    def spend_any(self, player: Player, n: int, among: tuple[str, ...] | None) -> None:
        """Pay n resources of the player's choice, of `among` only (runtime/paying.py)."""
        paying.spend_any(self, player, n, among)

    def param(self, name: str, player: Player | None = None) -> int:
        modifiers = [arg for _holder, _card, arg in self.reaching(player or self.actor, hooks.RULE_NUMBER)]
        return self.game.game.params.get(name, 0) + (numbers.modifies(modifiers, name) or 0)

    def reaching(self, player: Player, hook: str) -> list[tuple[Player, str, Any]]:
        """The standing effects answering a hook that apply to a player, with who holds each (runtime/standing.py)."""
        return standing.reaching(self, player, hook)

    def hears(self, by: Any) -> bool:
        """Whether the player who set the event off is one a hearing card's `by` names (runtime/standing.py)."""
        return standing.hears(self, by)

    def card_field(self, name: str) -> Any:
        card = self.card
        if card is None:
            return None
        if name == "id":  # (the most read: a move's card in hand)
            return card.id
        if name in OWN_FIELDS:
            return getattr(card, name)
        return extra_field(card, name)

    # ------------------------------------------------------------------ questions

    def ask(self, player: Player, about: str, options: list[str]) -> str:
        if not options:
            raise Illegal(f"no option for {about}")
        return self.decider.choose(player.id, about, list(options))

    def choose(self, chooser: Player, options: Iterable[tuple[str, Callable[[ContextLike], None]]], count: int) -> None:
        """`count` different options, each picked among those that can be carried out (runtime/choices.py)."""
        choices.choose(self, chooser, options, count)

    def choose_cards(
        self,
        found: Sequence[tuple[Player | None, str]],
        low: int,
        high: int | None,
        each: Callable[[ContextLike], None],
        after: Callable[[ContextLike], None] | None,
    ) -> None:
        """A set of the cards found, picked as one decision (runtime/choices.py)."""
        choices.choose_cards(self, found, low, high, each, after)

    def extra_turn(self) -> None:
        """The actor takes another turn once this one is over (flow.GameState._walk_each)."""
        state = self.state
        if self.actor.seat not in state.again:
            state.again = (*state.again, self.actor.seat)

    def roll(self, dice: int, sides: int, total: str | None, each: list[str], announce: str | None = None) -> list[int]:
        """Dice rolled, each a chance outcome (runtime/chance.py); the total and each die set on
        nouns; `announce`: a trigger fired then, its events carrying `total` and `dice`."""
        rolled = chance.roll(self, dice, sides, total, each)
        if announce is not None:
            self.dispatch(announce, {"total": sum(rolled), "dice": rolled})
        return rolled

    def may(self, actions: Callable[[ContextLike], None]) -> None:
        """An optional effect: the actor may carry the actions out, if they can (runtime/choices.py)."""
        choices.may(self, actions)

    # ------------------------------------------------------------------ tracks

    def move_markers(
        self,
        tracks: Iterable[str] | None,
        by: int,
        count: Callable[[], int],
        among: Iterable[str] | None,
        direction: int,
    ) -> None:
        """Move the actor's markers (runtime/tracks.py)."""
        track_moves.move_markers(self, tracks, by, count, among, direction)

    # ------------------------------------------------------------------ cards

    def owned_ids(self, player: Player) -> list[str]:
        zones = zones_of(player)  # read, not copied (state.py)
        return [cid for zone in self.game.play_zones for cid in zones.get(zone, ())]

    def passives(self, player: Player, hook: str, sellable_only: bool = False) -> list[tuple[str, Any]]:
        """The standing effects answering a hook that a player has in play, rules first (runtime/standing.py)."""
        return standing.passives(self, player, hook, sellable_only)

    def matches(self, card: Card, selector: Selector) -> bool:
        """Whether a card passes a selector's filter (runtime/cards.py)."""
        return cards.matches(self, card, selector)

    def filter(self, selector: Selector | None) -> Callable[[Card], bool] | None:
        """A selector as a test on one card (None: no selector, every card passes)."""
        if selector is None:
            return None
        return lambda card: cards.matches(self, card, selector)

    def select(self, selector: Any) -> list[tuple[Player | None, str]]:
        """Cards matching a selector (or a plain id), with the player whose zone holds each."""
        return cards.select(self, selector)

    def build_from(
        self,
        count: Callable[[], int],
        candidates: Callable[[], list[tuple[Player | None, str]]],
        free: bool,
        optional: bool,
        price: Callable[[ContextLike], dict[str, int]] | None = None,
        narrow: Callable[[list[tuple[Player | None, str]]], list[tuple[Player | None, str]]] | None = None,
    ) -> None:
        """Build `count` of the candidates, one at a time (runtime/building.py); `narrow`: the
        candidates kept among those that can be built (a selector's fewest/most)."""
        building.build_from(self, count, candidates, free, optional, price, narrow)

    def build_card(
        self,
        card_id: str,
        free: bool,
        price: Callable[[ContextLike], dict[str, int]] | None = None,
        details: dict | None = None,
    ) -> None:
        """The actor builds a card from inside an effect (its cost, or `price`, paid unless free), one
        level deeper; `details`: more of the build event's (the hex it was placed on)."""
        build(
            self.game,
            self.state,
            self.actor,
            card_id,
            self.decider,
            free=free,
            depth=self.depth + 1,
            handlers=self.handlers,
            details=details,
            price=price,
        )

    def fire(self, event: str, actor: Player, payload: dict) -> None:
        """An event of the game's, for another actor (as fire() starts it: a turn of its own)."""
        fire(self.game, self.state, event, actor, self.decider, payload, handlers=self.handlers)

    def dispatch(self, trigger: str, payload: dict) -> None:
        """Fire a trigger from inside an effect (announce, lead), one level deeper."""
        if self.depth >= MAX_DEPTH:
            raise Illegal("effects invoke each other without end")
        _notify(self, trigger, payload, self.depth + 1)  # (each listener's context made at that depth)

    def can_build(
        self,
        card_id: str,
        free: bool,
        price: Callable[[ContextLike], dict[str, int]] | None = None,
        checked: bool = False,
    ) -> bool:
        """Whether the card could be built now (runtime/building.py)."""
        return building.can_build(self, card_id, free, price, checked)

    def passes_build_checks(self, card: Card) -> bool:
        """Whether the actor passes what build() checks before paying (they change nothing)."""
        game = self.game
        about = _made(
            game, self.state, FirstLegal(), self.actor, self.actor, card, game.build_events[card.id], 0, self.handlers
        )
        try:
            _check_buildable(about)
        except Illegal:
            return False
        return True

    def pays_on_copy(self, card: Card, price: Callable[[ContextLike], dict[str, int]] | None) -> bool:
        """Whether the actor can pay for the card (its cost, or `price`), tried on a copy of the
        state with nothing fired; the copy is dropped before the state changes again."""
        trial = self.state.copy(lazy=True)
        try:
            build(
                self.game,
                trial,
                trial.player(self.actor.id),
                card.id,
                FirstLegal(),
                fire=False,
                handlers=self.handlers,
                price=price,
            )
        except Illegal:
            return False
        return True

    def about_build(self, card: Card, decider: Decider) -> Context:
        """The context a build of the card by the actor runs in (build()'s), on this state."""
        game = self.game
        return _made(
            game, self.state, decider, self.actor, self.actor, card, game.build_events[card.id], 0, self.handlers
        )

    def named_by_event(self, detail: str) -> list[tuple[Player | None, str]]:
        """The entity a detail of the event being handled names (none when it names no entity)."""
        card_id = self.event.get(detail)
        return [(None, card_id)] if isinstance(card_id, str) and card_id in self.game.cards else []

    def in_view(self, found: Sequence[tuple[Player | None, str]]) -> list[Context]:
        """A context per card found, in order, with that card in view (`for_each: {cards: ...}`); after
        a piece placed, the hex of each is its own piece's (board.site_of), not the one just placed."""
        spend(self.state, len(found))
        cards = self.game.cards
        if "hex" not in self.event:
            return [self.about(cards[card_id]) for _holder, card_id in found]
        seen = board_verbs.IN_VIEW
        return [self.derive(card=cards[cid], event={**self.event, seen: cid}) for _holder, cid in found]

    def invoke(self, found: Sequence[tuple[Player | None, str]], on: str, worship: bool) -> None:
        """Run another entity's effects on `on` for the actor: the one found, or the one the player picks."""
        if not found:
            return
        _holder, card_id = cards.pick(self, found, "which effect to receive")
        for _card, rep in self.passives(self.actor, hooks.REPLACEMENT):
            if rep.invoke == card_id:
                card_id = rep.with_
                break
        inner = self.deeper()
        card = self.game.cards[card_id]
        inner = inner.derive(owner=self.actor, card=card, event={**self.event, "invoked": card_id, "worship": worship})
        run_trigger(inner, card_id, on)

    def move_cards(
        self,
        found: Sequence[tuple[Player | None, str]],
        to: str,
        shared: bool,
        receivers: Callable[[], list[Player]],
        count: Callable[[], int] | None,
        source: Sequence[str] | None = None,
        on_top: bool = False,
    ) -> None:
        """Move cards (runtime/cards.py): all of them (count None), or as many as `count`, the player
        picking which, to the shared zone or each receiver's (at its end, or on top), taken from the
        `source` zones."""
        cards.move(self, list(found), to, shared, receivers, count, source, on_top)

    # ------------------------------------------------------------------ limits and wild values

    def limit_used(self, player: Player, card_id: str, slot: Any, limit: str) -> bool:
        return (card_id, slot, limit, _period(self.state, limit)) in player.used

    def use_limit(self, player: Player, card_id: str, slot: Any, limit: str) -> None:
        player.used.add((card_id, slot, limit, _period(self.state, limit)))

    def best_spread(self, spread: str, over: Iterable[str], value: Callable[[], int]) -> int:
        """The best value with the actor's wild units counted as any of `over` (runtime/wild.py)."""
        return wild.best_spread(self, spread, over, value)


def _period(state: State, limit: str) -> int:
    """Which round (or age) a limited effect was used in: once per round means once in each."""
    period = PERIODS.get(limit)
    return state.globals.get(period, 0) if period else 0


# ---------------------------------------------------------------------- events


def fire(
    game: CompiledGame,
    state: State,
    event: str,
    actor: Player,
    decider: Decider,
    payload: dict | None = None,
    handlers: Any = None,
) -> None:
    """Run every effect listening to an event: the game's rules, then the cards in play."""
    _notify(_made(game, state, decider, actor, actor, None, {}, 0, handlers), event, payload or {})


def dispatch(ctx: ContextLike, trigger: str, payload: dict) -> None:
    """Context.dispatch, as the generated handlers call it."""
    ctx.dispatch(trigger, payload)


def _notify(base: Context, event: str, payload: dict, depth: int | None = None) -> None:
    """The listeners of an event, each in turn: the game's rules (before or after) and their cards.
    What listens is found once per event: an event nothing listens to runs nothing (no context)."""
    game, handlers = base.game, base.handlers
    rules = handlers.rules.get(event) if handlers is not None else game.rule_triggered.get(event)
    cards = game.listeners.get(event, frozenset())
    heard = bool(game.hearers.get(event))
    if rules is None and not cards and not heard:
        return  # (the rules, the cards in play and the cards that hear: none listens)
    each_player, after, apart, order = game.trigger_rules.get(event, _UNDECLARED)
    payload = dict(payload, event=event)
    if each_player:  # from the actor round the table (seat i is players[i]), to their left or right
        everyone, seat = base.state.players, base.actor.seat
        if order == "clockwise":
            listeners = everyone[seat:] + everyone[:seat]
        else:
            listeners = [everyone[s] for s in decide_players.around(order, seat, len(everyone))]
    else:
        listeners = [base.actor]
    immunity = hooks.IMMUNITY in game.standing_hooks  # (found once per game)
    contexts = []
    for player in listeners:
        ctx = base.derive(
            actor=player, owner=player, card=None, event=payload, depth=base.depth if depth is None else depth
        )
        if immunity and any(arg.to == event for _card, arg in ctx.passives(player, hooks.IMMUNITY)):
            continue  # an `immune` standing effect: the event passes this player by
        if apart:
            contexts.append(ctx)
            continue
        _listen(ctx, event, rules is not None, after, cards)
        if heard:
            hear(ctx, event, payload)
    if apart:  # the rules for every player, apart from the cards (rules: first or last)
        for phase in (False, True):
            for ctx in contexts:
                if phase == after:
                    if rules is not None:
                        run_trigger(ctx, None, event)
                else:
                    _listen(ctx, event, False, False, cards)
                    if heard:
                        hear(ctx, event, payload)


_UNDECLARED = (False, False, False, "clockwise")  # an event game.yaml does not declare (trigger_rules)


def _listen(ctx: Context, event: str, rules: bool, after: bool, cards: Any) -> None:
    """One player's listeners of an event: the rules (if they listen) before or after their cards."""
    if rules and not after:
        run_trigger(ctx, None, event)
    for card_id in list(ctx.owned_ids(ctx.actor)) if cards else ():
        if card_id in cards:
            run_trigger(ctx.about(ctx.game.cards[card_id]), card_id, event)
    if rules and after:
        run_trigger(ctx, None, event)


def build(
    game: CompiledGame,
    state: State,
    player: Player,
    card_id: str,
    decider: Decider,
    free: bool = False,
    fire: bool = True,
    depth: int = 0,
    handlers: Any = None,
    details: dict | None = None,
    price: Callable[[ContextLike], dict[str, int]] | None = None,
) -> None:
    """Build a card (runtime/builds.py): check its requirements, pay its cost (or `price`), put it in
    play, run its effects and those of the cards that hear it. The event's details: the card, its
    kind and its fields (`game.build_events`), and `details` (the hex it was placed on)."""
    if depth > MAX_DEPTH:
        raise Illegal("builds nest without end")
    event = game.build_events[card_id]
    if details:
        event = {**event, **details}
    carry_out(
        _made(game, state, decider, player, player, game.cards[card_id], event, depth, handlers), free, fire, price
    )


def _made(
    game: CompiledGame,
    state: State,
    decider: Decider,
    actor: Player,
    owner: Player,
    card: Card | None,
    event: dict[str, Any],
    depth: int,
    handlers: Any,
) -> Context:
    """A Context made field by field, without __init__ (a game makes thousands); its parameters are
    the fields Context declares (checked below)."""
    ctx = _new(Context)
    ctx.game, ctx.state, ctx.decider, ctx.actor, ctx.owner = game, state, decider, actor, owner
    ctx.card, ctx.event, ctx.depth, ctx.handlers = card, event, depth, handlers
    return ctx


_new = object.__new__
if [f.name for f in fields(Context)] != list(_made.__code__.co_varnames[: _made.__code__.co_argcount]):
    raise AssertionError("_made() makes a Context field by field: name the new field there")  # pragma: no cover
