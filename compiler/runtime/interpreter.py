"""The reference interpreter: walks the effect tree of a card against the state.

A Context is who acts (the actor), whose card it is (the owner), which card, and which event.
Primitives call its methods; nothing here knows any card or any game by name.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

from ..compiled import CompiledGame
from ..lang.model import Action, Condition, Expression
from ..lang import hooks
from ..lang.registry import REGISTRY
from ..lang.types import FieldTest, Selector, as_list
from ..pipeline.validate.models import Card
from . import payment
from .decider import Decider, FirstLegal
from .filters import Match, field_value, holds, matching
from .heard import hear
from .limits import bounded, spend
from .state import Illegal, Player, State

PERIODS = {"once_per_round": "round", "once_per_age": "age", "once_per_game": None}
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

    # ------------------------------------------------------------------ derived contexts

    def derive(self, **changes: Any) -> "Context":
        """A copy with some fields changed: dataclasses.replace without re-running __init__, which
        effects do at every turn of a loop (a context is plain data; nothing is checked on creation)."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__, **changes)
        return new

    def as_actor(self, player: Player) -> "Context":
        return self.derive(actor=player)

    def about(self, card: Card | None) -> "Context":
        return self.derive(card=card)

    def deeper(self) -> "Context":
        if self.depth >= MAX_DEPTH:
            raise Illegal("effects invoke each other without end")
        return self.derive(depth=self.depth + 1)

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

    def players(self, ref: Any, ordered: bool = False, actor: Player | None = None) -> list[Player]:
        """Resolve a player set relative to the actor, in turn order from the actor's left."""
        actor = actor or self.actor
        found: list[Player] = []
        for name in as_list(ref):
            for player in self._relation(name, actor):
                if player not in found:
                    found.append(player)
        if ordered:
            n = len(self.state.players)
            found.sort(key=lambda p: (p.seat - actor.seat - 1) % n)
        return found

    def _relation(self, name: str, actor: Player) -> list[Player]:
        everyone = self.state.players
        n = len(everyone)
        by_seat = {p.seat: p for p in everyone}
        if name == "self":
            return [actor]
        if name == "owner":
            return [self.owner]
        if name in ("all", "everyone"):
            return [by_seat[(actor.seat + k) % n] for k in range(n)]
        if name in ("opponents", "others"):
            return [by_seat[(actor.seat + k) % n] for k in range(1, n)]
        if name.startswith("p") and name[1:].isdigit():  # a seat id, as examples name players
            return [self.state.player(name)]
        relation = self.game.game.relations.get(name)
        if isinstance(relation, int):
            return [by_seat[(actor.seat + relation) % n]]
        if isinstance(relation, list):
            return [p for part in relation for p in self._relation(part, actor)]
        raise Illegal(f"unknown player relation '{name}'")

    # ------------------------------------------------------------------ values

    def value(self, noun: str, of: Any = "self") -> int:
        if noun in self.state.globals:
            return self.state.globals[noun]
        return sum(p.values.get(noun, 0) for p in self.players(of))

    def _bounds(self, noun: str) -> tuple[int | None, int | None]:
        return self.game.game.bounds(noun)

    def change(self, player: Player, noun: str, delta: int) -> None:
        """Add to a noun, clamped to its bounds (losses stop at the minimum)."""
        if noun == "any":
            noun = self.ask(player, "which resource", sorted(self.game.game.resources))
        if noun in self.state.globals and noun not in self.game.game.counters:
            self.state.globals[noun] += delta
            return
        low, high = self._bounds(noun)
        value = player.values.get(noun, 0) + delta
        if low is not None:
            value = max(low, value)
        if high is not None:
            value = min(high, value)
        player.values[noun] = value

    def spend(self, player: Player, noun: str, n: int) -> None:
        """Pay exactly n of a noun, or fail: paying is never partial."""
        if n <= 0:
            return
        resources = self.game.game.resources
        if noun == "any":
            # what the player holds; substitutes only when nothing held will do
            held = [r for r in sorted(resources) if player.values.get(r, 0) >= n] or [
                r for r in sorted(resources) if payment.coverable(self, player, r) >= n]
            if not held:
                raise Illegal(f"{player.id} has no resource to pay")
            noun = self.ask(player, "which resource to pay", held)
        low, _high = self._bounds(noun)
        if noun in resources and player.values.get(noun, 0) < n and payment.coverable(self, player, noun) >= n:
            # what the player lacks, substitutes pay (tribute counted as if in the warehouse, ...)
            own = max(0, player.values.get(noun, 0))
            payment.cover_shortfall(self, player, noun, n - own)
            n = own
        if player.values.get(noun, 0) - n < (low if low is not None else -(10**12)):
            raise Illegal(f"{player.id} cannot pay {n} {noun}")
        player.values[noun] = player.values.get(noun, 0) - n

    def param(self, name: str, player: Player | None = None) -> int:
        player = player or self.actor
        base = self.game.game.params.get(name, 0)
        return base + sum(arg.by for _holder, _card, arg in self.reaching(player, hooks.RULE_NUMBER) if arg.param == name)

    def reaching(self, player: Player, hook: str) -> list[tuple[Player, str, Any]]:
        """The standing effects answering a hook (lang/hooks.py) that apply to a player, with who holds each: the
        player's own (those without `of`, or whose `of` names them), then, in turn order, other
        players' cards whose `of` (read from their holder) names this player."""
        found = [(player, card_id, arg) for card_id, arg in self.passives(player, hook)
                 if getattr(arg, "of", None) is None or player in self._of(arg.of, player)]
        if hook not in self.game.reach_passives:
            return found
        for holder in self.players("others", ordered=True, actor=player):
            found += [(holder, card_id, arg) for card_id, arg in self.passives(holder, hook)
                      if getattr(arg, "of", None) is not None and player in self._of(arg.of, holder)]
        return found

    def hears(self, by: Any) -> bool:
        """Whether the player who set the event off (the actor) is one the card's `by` names, read
        from the card's owner (runtime/heard.py)."""
        return self.actor in self._of(by, self.owner)

    def _of(self, ref: Any, holder: Player) -> list[Player]:
        """A passive's `of`, read from the player holding its card ('owner' is that player)."""
        return self.derive(owner=holder).players(ref, actor=holder)

    def card_field(self, name: str) -> Any:
        if self.card is None:
            return None
        if name in ("id", "name", "kind"):
            return getattr(self.card, name)
        return self.card.fields.get(name)

    # ------------------------------------------------------------------ questions

    def ask(self, player: Player, about: str, options: list[str]) -> str:
        if not options:
            raise Illegal(f"no option for {about}")
        return self.decider.choose(player.id, about, list(options))

    def can(self, actions: Callable[["Context"], None]) -> bool:
        """Whether the actions can be carried out now: tried on a copy of the state."""
        trial_state = self.state.copy()
        ids = {p.id: p for p in trial_state.players}
        trial = self.derive(state=trial_state, decider=FirstLegal(), actor=ids[self.actor.id], owner=ids[self.owner.id])
        try:
            actions(trial)
        except Illegal:
            return False
        return True

    def choose(self, chooser: Player, options: Iterable[tuple[str, Callable[["Context"], None]]], count: int) -> None:
        """`count` different options, each picked among those that can be carried out."""
        remaining = dict(options)
        for _ in range(spend(self.state, count)):
            legal = [label for label, actions in remaining.items() if self.can(actions)]
            if not legal:
                return
            label = self.ask(chooser, "choose", legal)
            remaining.pop(label)(self)

    def may(self, actions: Callable[["Context"], None]) -> None:
        if self.can(actions) and self.ask(self.actor, "use the optional effect", ["yes", "no"]) == "yes":
            actions(self)

    # ------------------------------------------------------------------ tracks

    def track_cap(self, player: Player, track_name: str) -> int:
        track = self.game.game.tracks[track_name]
        cap = track.spaces
        owned = set(self.owned_ids(player))
        for barrier in sorted(track.barriers, key=lambda b: b.at):
            if not set(barrier.lifted_by) <= owned:
                cap = min(cap, barrier.at)
        return cap

    def can_move(self, player: Player, track: str, direction: int) -> bool:
        position = player.values.get(track, 0)
        if direction > 0:
            return position < self.track_cap(player, track)
        return position > self.game.game.tracks[track].first

    def move_marker(self, player: Player, track: str, spaces: int, direction: int) -> None:
        position = player.values.get(track, 0)
        if direction > 0:
            position = min(self.track_cap(player, track), position + spaces) if position < self.track_cap(player, track) else position
        else:
            position = max(self.game.game.tracks[track].first, position - spaces)
        player.values[track] = position

    def move_markers(
        self, tracks: Iterable[str] | None, by: int, count: Callable[[], int], among: Iterable[str] | None, direction: int
    ) -> None:
        """Move the actor's markers `by` spaces; tracks None: `count` markers the player picks among
        `among` (None: every track), each one that can still move."""
        player = self.actor
        if tracks is not None:
            for track in tracks:
                self.move_marker(player, track, by, direction)
            return
        pool = list(among or self.game.game.tracks)
        for _ in range(spend(self.state, count())):
            movable = [t for t in pool if self.can_move(player, t, direction)]
            if not movable:
                return
            track = self.ask(player, "which marker", movable)
            pool.remove(track)
            self.move_marker(player, track, by, direction)

    # ------------------------------------------------------------------ cards

    def owned_ids(self, player: Player) -> list[str]:
        return [cid for zone in self.game.play_zones for cid in player.zones.get(zone, [])]

    def passives(self, player: Player, hook: str, sellable_only: bool = False) -> list[tuple[str, Any]]:
        """The standing effects answering a hook (lang/hooks.py) that a player has in play, rules first."""
        found = [("rules", e.passive_arg) for _i, e in self.game.rule_passives if e.hook == hook and not sellable_only]
        by_card = self.game.passives_by_hook.get(hook)
        if not by_card:
            return found
        trade = self.game.game.trade
        for card_id in self.owned_ids(player):
            if card_id not in by_card:
                continue
            if sellable_only:
                card = self.game.cards[card_id]
                if trade is None or card.kind not in trade.sellable:
                    continue
                if any(card.fields.get(f) not in allowed for f, allowed in trade.sellable_where.items()):
                    continue
            found.extend((card_id, arg) for arg in by_card[card_id])
        return found

    def _matches(self, card: Card, selector: Selector, known: dict | None = None) -> bool:
        """`known`: the values of `where` amounts already worked out in this search. An amount is
        read in this context, never with the candidate in view, so it is the same for every card."""
        if selector.id is not None and card.id not in as_list(selector.id):
            return False
        if selector.kind is not None and card.kind not in as_list(selector.kind):
            return False
        for name, wanted in (selector.where or {}).items():
            if isinstance(wanted, (Expression, FieldTest)):
                wanted = self._wanted(name, wanted, known)
            if not holds(field_value(card, name), wanted):
                return False
        return True

    def _wanted(self, name: str, wanted: Any, known: dict | None) -> Any:
        if known is not None and name in known:
            return known[name]
        if isinstance(wanted, FieldTest):  # its amounts read now, the same for every card
            value: Any = {test: self.amount(v) if test in ("at_least", "at_most") else v for test, v in wanted.tests().items()}
        # A field of the card in hand (e.g. a stage's own board) is compared as it is.
        elif wanted.key == "field":
            value = self.card_field(wanted.arg)
        else:
            value = self.amount(wanted)
        if known is not None:
            known[name] = value
        return value

    def filter(self, selector: Selector | None) -> Callable[[Card], bool] | None:
        """A selector as a test on one card (None: no selector, every card passes)."""
        if selector is None:
            return None
        return lambda card: self._matches(card, selector)

    def select(self, selector: Any) -> list[tuple[Player | None, str]]:
        """Cards matching a selector (or a plain id), with the player whose zone holds each."""
        if isinstance(selector, str):
            selector = Selector(id=selector)
        zones = [selector.zone] if selector.zone else None
        if zones is None:
            kinds = as_list(selector.kind)
            kind_zones = [self.game.game.kinds[k].zone for k in kinds if k in self.game.game.kinds]
            zones = [z for z in kind_zones if z] or self.game.play_zones
            if kinds and not any(kind_zones):
                zones = []  # kinds that never lie in a zone (e.g. spaces of a board): the game's own entities
        pairs = tuple((z, bool(self.game.game.zones[z].shared)) for z in dict.fromkeys(zones))
        fewest = (lambda c: c.amount(selector.fewest)) if selector.fewest is not None else None
        most = (lambda c: c.amount(selector.most)) if selector.most is not None else None
        owners = lambda: self.players(selector.of or "self")  # noqa: E731
        known: dict = {}
        match: Match = lambda card: self._matches(card, selector, known)  # noqa: E731
        if selector.missing and selector.kind is not None:
            # every card of the game is a candidate: look the kind and the fields up in the game's
            # index of field values rather than card by card, then test the few that remain
            cards, game = self.game.cards, self.game
            ids = game.cards_with("kind", selector.kind)
            for name, wanted in (selector.where or {}).items():
                having = game.cards_with(name, self._wanted(name, wanted, known) if isinstance(wanted, (Expression, FieldTest)) else wanted)
                if ids is not None and having is not None:
                    keep = set(having)
                    ids = [cid for cid in ids if cid in keep]
            match = {cid: None for cid in (cards if ids is None else ids) if match(cards[cid])}
        return self.cards_in(pairs, owners, bool(selector.missing), match, fewest, most)

    def cards_in(
        self,
        zones: tuple[tuple[str, bool], ...],
        owners: Callable[[], list[Player]],
        missing: bool,
        match: Match,
        fewest: Callable[["Context"], int] | None = None,
        most: Callable[["Context"], int] | None = None,
    ) -> list[tuple[Player | None, str]]:
        """The cards of a filter in some zones, (zone, shared), of their owners (no zones: every card
        of the game); `missing`: those absent from each zone; `fewest`/`most`: only the cards scoring
        lowest/highest, each read with the card in view."""
        cards = self.game.cards
        found: list[tuple[Player | None, str]] = []
        if not zones:
            found = [(None, cid) for cid in matching(cards, match)]
        for zone, shared in zones:
            if shared:
                holders: list[tuple[Player | None, list[str]]] = [(None, self.state.zones.get(zone, []))]
            else:
                holders = [(p, p.zones.get(zone, [])) for p in owners()]
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
                spend(self.state, len(found))  # an amount read with each card in view
                scores = [extreme(self.about(cards[cid])) for _h, cid in found]
                target = pick(scores)
                found = [f for f, s in zip(found, scores) if s == target]
        return found

    def _pick_cards(self, candidates: Sequence[tuple[Player | None, str]], about: str) -> tuple[Player | None, str]:
        spend(self.state, len(candidates) // 16)  # each pick reads every candidate: picking n of n costs n^2
        labels = [cid if holder is None else f"{cid}@{holder.id}" for holder, cid in candidates]
        unique = list(dict.fromkeys(labels))
        label = unique[0] if len(unique) == 1 else self.ask(self.actor, about, unique)
        return candidates[labels.index(label)]

    def build_from(self, count: Callable[[], int], candidates: Callable[[], list[tuple[Player | None, str]]], free: bool, optional: bool,
                   price: Callable[["Context"], dict[str, int]] | None = None) -> None:
        """Build `count` of the candidates, one at a time, each among those that can be built now
        (`price`: what is paid instead of the cost, read with the card in view)."""
        built = 0
        for _ in range(spend(self.state, count())):
            options = candidates()
            if not optional and built == 0 and len({cid for _h, cid in options}) == 1:
                # One card that must be built: building it is the trial (build() refuses it, with
                # an Illegal, exactly when can_build would); no copy of the state to try it first.
                holder, card_id = options[0]
                self._take(holder, card_id)
                build(self.game, self.state, self.actor, card_id, self.decider, free=free, depth=self.depth + 1, handlers=self.handlers, price=price)
                built += 1
                continue
            found = [c for c in options if self.can_build(c[1], free, price)]
            found = [c for c in found if c[1] not in self.owned_ids(self.actor)] if self.game.game.build.unique else found
            if not found:
                break
            if optional:
                labels = list(dict.fromkeys(cid for _h, cid in found)) + ["none"]
                choice = self.ask(self.actor, "which card to build", labels)
                if choice == "none":
                    break
                holder, card_id = next(c for c in found if c[1] == choice)
            else:
                holder, card_id = self._pick_cards(found, "which card to build")
            self._take(holder, card_id)
            build(self.game, self.state, self.actor, card_id, self.decider, free=free, depth=self.depth + 1, handlers=self.handlers, price=price)
            built += 1
        if not optional and built == 0 and count() > 0:
            raise Illegal("no card can be built")

    def _take(self, holder: Player | None, card_id: str) -> None:
        """Remove a card from the zone it was picked in, if it lies in one."""
        zones = self.state.zones if holder is None else holder.zones
        for ids in zones.values():
            if card_id in ids:
                ids.remove(card_id)
                return

    def can_build(self, card_id: str, free: bool, price: Callable[["Context"], dict[str, int]] | None = None) -> bool:
        """Whether the card could be built now: its checks read the state as it is (they change
        nothing); paying is tried on a copy of the state (free, nothing is left that could fail)."""
        card = self.game.cards[card_id]
        about = Context(self.game, self.state, FirstLegal(), actor=self.actor, owner=self.actor, card=card,
                        event={"card": card_id, "kind": card.kind}, handlers=self.handlers)
        try:
            _check_buildable(about)
        except Illegal:
            return False
        if free:
            return True
        trial = self.state.copy()
        try:
            build(self.game, trial, trial.player(self.actor.id), card_id, FirstLegal(), free=free, fire=False, handlers=self.handlers, price=price)
        except Illegal:
            return False
        return True

    def named_by_event(self, detail: str) -> list[tuple[Player | None, str]]:
        """The entity a detail of the event being handled names (none when it names no entity)."""
        card_id = self.event.get(detail)
        return [(None, card_id)] if isinstance(card_id, str) and card_id in self.game.cards else []

    def in_view(self, found: Sequence[tuple[Player | None, str]]) -> list["Context"]:
        """A context per card found, in order, with that card in view (`for_each: {cards: ...}`)."""
        spend(self.state, len(found))
        return [self.about(self.game.cards[card_id]) for _holder, card_id in found]

    def invoke(self, found: Sequence[tuple[Player | None, str]], on: str, worship: bool) -> None:
        """Run another entity's effects on `on` for the actor: the one found, or the one the player picks."""
        if not found:
            return
        _holder, card_id = self._pick_cards(found, "which effect to receive")
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
        cards: Sequence[tuple[Player | None, str]],
        to: str,
        shared: bool,
        receivers: Callable[[], list[Player]],
        count: Callable[[], int] | None,
    ) -> None:
        """Move cards (count None: all of them, else as many as `count`, the player picking which) to a
        zone: the shared one, or each receiver's."""
        found = list(cards)
        n = len(found) if count is None else min(len(found), count())
        for _ in range(spend(self.state, n)):
            # all of them: nothing to pick (the order is the zones'); some of them: the player picks
            holder, card_id = found[0] if count is None else self._pick_cards(found, "which card to move")
            found.remove((holder, card_id))
            self._take(holder, card_id)
            if shared:
                self.state.zones.setdefault(to, []).append(card_id)
            else:
                for player in receivers():
                    player.zones.setdefault(to, []).append(card_id)

    # ------------------------------------------------------------------ limits and wild values

    def period_key(self, limit: str) -> int:
        period = PERIODS.get(limit)
        return self.state.globals.get(period, 0) if period else 0

    def limit_used(self, player: Player, card_id: str, slot: Any, limit: str) -> bool:
        return (card_id, slot, limit, self.period_key(limit)) in player.used

    def use_limit(self, player: Player, card_id: str, slot: Any, limit: str) -> None:
        player.used.add((card_id, slot, limit, self.period_key(limit)))

    def best_spread(self, spread: str, over: Iterable[str], value: Callable[[], int]) -> int:
        """The best value reached when the actor's wild units (`spread`) are counted as any of `over`."""
        over = tuple(over)
        wild = max(0, self.actor.values.get(spread, 0))
        best = None
        saved = {noun: self.actor.values.get(noun, 0) for noun in over}
        try:
            for counts in _spreads(len(over), wild):
                spend(self.state, 1 + len(over) // 8)  # many wild units over many nouns: the ways multiply
                for noun, n in zip(over, counts):
                    self.actor.values[noun] = saved[noun] + n
                score = value()
                best = score if best is None else max(best, score)
        finally:
            self.actor.values.update(saved)
        return best if best is not None else value()


def _spreads(parts: int, units: int) -> Iterable[tuple[int, ...]]:
    """Every way to share `units` among `parts` (how many go to each), as bars placed among the
    units: each way costs its number of parts to make, however many units there are."""
    if parts == 0:
        return
    slots = units + parts - 1
    for bars in itertools.combinations(range(slots), parts - 1):
        edges = (-1, *bars, slots)
        yield tuple(edges[i + 1] - edges[i] - 1 for i in range(parts))


# ---------------------------------------------------------------------- events


def run_effect(ctx: Context, card_id: str, index: int, effect: Any) -> None:
    if effect.if_ is not None and not ctx.test(effect.if_):
        return
    if effect.limit:
        if ctx.limit_used(ctx.owner, card_id, index, effect.limit):
            return
        ctx.use_limit(ctx.owner, card_id, index, effect.limit)
    ctx.run(effect.do)


def run_trigger(ctx: Context, card_id: str | None, trigger: str) -> None:
    """Run a card's effects on one trigger (card_id None: the game's rules), through the generated
    handlers when the context carries them, else by walking the effect tree."""
    if ctx.handlers is not None:
        ctx.handlers.run(ctx, card_id, trigger)
        return
    if card_id is None:
        for index, effect in ctx.game.rule_triggered.get(trigger, []):
            run_effect(ctx, "rules", index, effect)
    else:
        for index, effect in ctx.game.triggered.get(card_id, {}).get(trigger, []):
            run_effect(ctx, card_id, index, effect)


def fire(
    game: CompiledGame, state: State, event: str, actor: Player, decider: Decider, payload: dict | None = None, handlers: Any = None
) -> None:
    """Run every effect listening to an event: the game's rules, then the cards in play."""
    _notify(Context(game, state, decider, actor=actor, owner=actor, handlers=handlers), event, payload or {})


def dispatch(ctx: Context, trigger: str, payload: dict) -> None:
    """Fire a trigger from inside an effect (announce, lead): as fire() does, one level deeper."""
    _notify(ctx.deeper(), trigger, payload)


def _notify(base: Context, event: str, payload: dict) -> None:
    """The listeners of an event, each in turn: the game's rules (before or after) and their cards."""
    game, state = base.game, base.state
    trigger = game.game.triggers.get(event)
    payload = dict(payload, event=event)
    if trigger is not None and trigger.each_player:
        n = len(state.players)
        listeners = sorted(state.players, key=lambda p: (p.seat - base.actor.seat) % n)
    else:
        listeners = [base.actor]
    rules_after = trigger is not None and trigger.rules == "after"
    cards = game.listeners.get(event, frozenset())
    for player in listeners:
        ctx = base.derive(actor=player, owner=player, card=None, event=payload)
        if any(arg.to == event for _card, arg in ctx.passives(player, hooks.IMMUNITY)):
            continue  # an `immune` standing effect: the event passes this player by
        if not rules_after:
            run_trigger(ctx, None, event)
        for card_id in list(ctx.owned_ids(player)) if cards else ():
            if card_id in cards:
                run_trigger(ctx.about(game.cards[card_id]), card_id, event)
        if rules_after:
            run_trigger(ctx, None, event)
        hear(ctx, event, payload)


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
    price: Callable[[Context], dict[str, int]] | None = None,
) -> None:
    """Build a card: check its requirements, pay its cost (or `price`, read with the card in view),
    put it in play, run its effects, then those of the cards in play that hear it (heard.py). The
    event's details: the card, its kind and its fields, and `details` (the hex it was placed on)."""
    card = game.cards[card_id]
    rules = game.game.build
    kind = game.game.kinds[card.kind]
    event = {**card.fields, "card": card_id, "kind": card.kind, **(details or {})}
    ctx = Context(game, state, decider, actor=player, owner=player, card=card, event=event, depth=depth, handlers=handlers)
    if depth > MAX_DEPTH:
        raise Illegal("builds nest without end")
    _check_buildable(ctx)
    if price is not None and not free:
        for noun, n in price(ctx).items():
            ctx.spend(player, noun, n)
    elif not free:
        payment.pay_cost(ctx, player, card)
    player.zones.setdefault(kind.zone, []).append(card_id)
    if fire:
        run_trigger(ctx, None, rules.on_built)
        run_trigger(ctx, card_id, rules.on_built)
        hear(ctx, rules.on_built, event, built=card_id)


def _check_buildable(ctx: Context) -> None:
    """What build() refuses before it pays or changes anything: a kind that is never built, a
    unique card already in play, requirements not met (the context's card, for its actor)."""
    card, player = ctx.card, ctx.actor
    assert card is not None
    kind = ctx.game.game.kinds[card.kind]
    if kind.zone is None:
        raise Illegal(f"a {card.kind} cannot be built")
    if ctx.game.game.build.unique and card.id in player.zones.get(kind.zone, []):
        raise Illegal(f"{player.id} already has {card.name}")
    if kind.requires is not None and not (ctx.test(kind.requires) if ctx.handlers is None else ctx.handlers.requires(ctx, card.kind)):
        raise Illegal(f"{player.id} does not meet the requirements of {card.name}")
