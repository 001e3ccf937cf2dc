"""A game told as it is played, in the names the sheet prints: who did what, what it cost and
whom it paid, what they gained, the phases and their results, the cards dealt and passed.

Every line is told as one player may see it (runtime/view.py; `viewer` None: everything, as a
spectator or a replay after the game): a card that player cannot see, where it was or where it
went, is "a card". A narrator follows a game as its observer (GameState.observer, told of each
atomic step with the state before it) and is told of the decisions and chance outcomes by the
play loop; it keeps the state it told last, so what happened between two steps (a deal, hands
passed, an age begun) is told too.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..core.limits import Runaway
from ..render.english import English
from ..runtime.machine import _Pause, _Replay
from ..runtime.payment import RECEIPTS, Plan
from ..runtime.program import A_DO, A_FIRE, A_MOVE
from ..runtime.state import Illegal
from ..runtime.view import sees

_WORD = re.compile(r"[A-Za-z0-9_]+")


@dataclass
class Event:
    """One thing that happened, told: `kind` is move, answer, step (a phase's rules), between
    (deals, passes), phase (a global counter moved on: an age, a round) or end."""

    kind: str
    text: str
    seat: int | None = None
    decision: int = 0  # the decisions made before it
    changes: dict[str, Any] = field(default_factory=dict)  # what changed, as plain values (JSON)

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "text": self.text, "decision": self.decision}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.changes:
            out["changes"] = self.changes
        return out


class Namer:
    """Names as the sheet prints them: cards by name, nouns and zones by their labels."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.en = English(game.game, game.cards)

    def card(self, card_id: str) -> str:
        card = self.game.cards.get(card_id)
        return card.name if card is not None else card_id.replace("_", " ")

    def noun(self, noun: str) -> str:
        return self.en.word(noun)

    def quantity(self, n: int, noun: str) -> str:
        return self.en.quantity(n, noun)

    def bought(self, receipts: list[tuple[str, Plan]], who: Callable[[str], str] = str) -> str:
        """What the plans paid bought, resource by resource ("bought 1 ore from p2 for 2 coins"),
        the buyer named where it is not the one whose move it is (the first receipt's); "" when
        they bought nothing. `who` names a player by id."""
        trade = self.game.game.trade
        if trade is None:
            return ""
        parts = []
        for buyer, plan in receipts:
            told = plan.receipt(self.quantity, trade.currency, who)
            if told:
                parts.append(f"{'' if buyer == receipts[0][0] else who(buyer) + ' '}bought {told}")
        return "; ".join(parts)

    def zone(self, zone: str) -> str:
        spec = self.game.game.zones.get(zone)
        return (spec.label if spec is not None and spec.label else None) or zone.replace("_", " ")

    def text(self, text: str, hidden: Callable[[str], bool] = lambda _c: False) -> str:
        """A runtime label ("which card to bid on: a13", "choose: aid_of_athens") in names: card ids
        become names ("a card" where `hidden` says the player may not see it), other names their words."""

        def named(match: re.Match) -> str:
            word = match.group(0)
            if word in self.game.cards:
                return "a card" if hidden(word) else self.card(word)
            if "_" in word:
                return self.en.word(word)
            return word

        return _WORD.sub(named, text)


class Narrator:
    """Tells a game as `viewer` may see it (None: everything). `emit` is given each event as it is told."""

    def __init__(self, game_state: Any, viewer: int | None = None, emit: Callable[[Event], None] | None = None) -> None:
        self.gs = game_state
        self.game = game_state.game
        self.viewer = viewer
        self.names = Namer(self.game)
        self.emit = emit or (lambda _e: None)
        self.events: list[Event] = []
        self.last = game_state.state.copy(new_run=True)
        balance = self.game.game.balance
        self.length = balance.length if balance is not None else None

    def begin(self) -> None:
        """Tell the game's first phase (its length counter's first value: age 1, round 1)."""
        if self.length is not None and self.length in self.gs.state.globals:
            self._tell(Event("phase", self.banner(self.length, self.gs.state.globals[self.length])))

    # ------------------------------------------------------------------ what the play loop tells

    def observe(self, game_state: Any, frame: list) -> None:
        """GameState.observer: an atomic step was carried out (frame[4] is the state before it)."""
        if game_state is not self.gs:
            return
        before = frame[4]
        if before is not None:
            self._between(before)
            self._step(frame, before, game_state.state)
        self.last = game_state.state.copy(new_run=True)

    def chance(self, label: str) -> None:
        """A chance outcome inside a step that everyone may be told (a die rolled)."""
        self.catch_up()  # what happened before it (a deal) is told first
        self._tell(Event("chance", f"  {label}", None, self.gs.decisions, {}))

    def decision(self, seat: int, label: str) -> None:
        """A decision about to be applied (its label, as the runtime gives it)."""
        gs = self.gs
        self._between(gs.state)
        node = gs.node
        if node is None or node.kind == "menu":
            return  # told when it is carried out, with what it did (a simultaneous pick, once all are made)
        text = self.names.text(label, self._hidden_card)
        self._tell(Event("answer", f"{self._who(seat)}: {text}", seat, gs.decisions))

    def catch_up(self) -> None:
        """Tell what happened since the last thing told (at the end of the game)."""
        self._between(self.gs.state)

    # ------------------------------------------------------------------ telling

    def _tell(self, event: Event) -> None:
        self.events.append(event)
        self.emit(event)

    def _who(self, seat: int | None) -> str:
        if seat is None:
            return "the table"
        pid = self.gs.state.players[seat].id
        return f"{pid} (you)" if seat == self.viewer else pid

    def _who_by_id(self, pid: str) -> str:
        return self._who(self.gs.state.player(pid).seat)

    def _hidden_card(self, card_id: str) -> bool:
        """Whether the viewer sees no copy of the card anywhere it lies now."""
        if self.viewer is None:
            return False
        state, zones = self.gs.state, self.game.game.zones
        for p in state.players:
            for name, ids in p.zones.items():
                if card_id in ids and sees(zones[name], p.seat, self.viewer):
                    return False
        for name, ids in state.zones.items():
            if card_id in ids and sees(zones[name], None, self.viewer):
                return False
        return True

    def _between(self, now: Any) -> None:
        """What changed outside any step since the last thing told: cards dealt or passed, a phase."""
        if now is self.last:
            return
        diff = Diff(self, self.last, now)
        self._phases(diff)
        text = diff.text(None)
        if text:
            self._tell(Event("between", text, None, self.gs.decisions, diff.as_dict()))
        self.last = now

    def _step(self, frame: list, before: Any, after: Any) -> None:
        op, what, seat = frame[1], frame[2], frame[3]
        diff = Diff(self, before, after)
        prog = self.gs.program
        each = False  # a trigger fired for every player: the table's step, no one's own
        if op == A_MOVE:
            move, card_id = prog.move_of(what[1])
            if card_id is None:  # a move made with no card (pass)
                head = f"{self._who(seat)}: {move.replace('_', ' ')}"
            else:
                card = self.names.card(card_id) if not diff.card_hidden(card_id) else "a card"
                head = f"{self._who(seat)}: {move.replace('_', ' ')} {card}"
            if len(what) > 2:  # the move picked could no longer be made: another with the same card
                head += " (the move picked could not be made)"
            kind = "move"
        elif op == A_FIRE:
            trigger = prog.steps[what].arg
            spec = self.game.game.triggers.get(trigger)
            said = (spec.description if spec is not None and spec.description else "") or self.names.noun(trigger)
            each = spec is not None and spec.each_player
            head = f"{said[0].upper()}{said[1:]}" if each else f"{self._who(seat)}: {said}"
            kind = "step"
        else:
            assert op == A_DO
            head = self._who(seat)
            kind = "step"
        actor = seat if op == A_MOVE or not each else None
        text = diff.text(actor)
        if op == A_MOVE and any(changed for other, changed in enumerate(diff.values) if other != seat):
            bought = self.names.bought(receipts(self.gs, frame), self._who_by_id)
            text = f"{text}; {bought}" if text and bought else text or bought
        if op == A_MOVE or text:  # a phase that changed nothing is not told
            self._tell(Event(kind, head + (f" — {text}" if text else ""), seat, self.gs.decisions, diff.as_dict()))
        self._phases(diff)

    def _phases(self, diff: Diff) -> None:
        """A banner when the game's length counter (balance.length: an age, a round) moves on."""
        for name, (old, new) in diff.globals.items():
            if name == self.length:
                self._tell(
                    Event("phase", self.banner(name, new), None, self.gs.decisions, {"globals": {name: [old, new]}})
                )

    def banner(self, name: str, value: int) -> str:
        return f"— {self.names.noun(name)} {value} —"


class Diff:
    """What changed between two states, told as a viewer may see it."""

    def __init__(self, narrator: Narrator, before: Any, after: Any) -> None:
        self.n = narrator
        zones = narrator.game.game.zones
        self.zones = zones
        self.globals = {
            k: (before.globals.get(k, 0), v) for k, v in after.globals.items() if before.globals.get(k, 0) != v
        }
        self.values: list[dict[str, tuple[int, int]]] = []
        for b, a in zip(before.players, after.players):
            bv, av = b.values, a.values
            self.values.append(
                {k: (bv.get(k, 0), av.get(k, 0)) for k in sorted(set(bv) | set(av)) if bv.get(k, 0) != av.get(k, 0)}
            )
        # cards that left and entered each place: (zone, owner seat or None)
        gone: dict[tuple[str, int | None], Counter] = {}
        came: dict[tuple[str, int | None], Counter] = {}
        places = [
            ((z, p.seat), b.zones.get(z, []), p.zones.get(z, []))
            for b, p in zip(before.players, after.players)
            for z in set(b.zones) | set(p.zones)
        ]
        places += [
            ((z, None), before.zones.get(z, []), after.zones.get(z, [])) for z in set(before.zones) | set(after.zones)
        ]
        for place, old, new in places:
            if old == new:
                continue
            o, w = Counter(old), Counter(new)
            if o - w:
                gone[place] = o - w
            if w - o:
                came[place] = w - o
        self.moves: list[tuple[str, tuple[str, int | None] | None, tuple[str, int | None] | None]] = []
        for place, cards in sorted(came.items(), key=_place_key):
            for cid in sorted(cards.elements()):
                source = next((p for p, c in sorted(gone.items(), key=_place_key) if c[cid] > 0), None)
                if source is not None:
                    gone[source][cid] -= 1
                self.moves.append((cid, source, place))
        for place, cards in sorted(gone.items(), key=_place_key):
            for cid in sorted(cards.elements()):
                self.moves.append((cid, place, None))

    def _sees(self, place: tuple[str, int | None] | None) -> bool:
        if place is None:
            return False
        zone, owner = place
        spec = self.zones.get(zone)
        return spec is None or sees(spec, owner, self.n.viewer)

    def card_hidden(self, card_id: str) -> bool:
        """Whether the viewer sees the card nowhere it went or came from in this change (a card that
        changed no place is seen where it lies now)."""
        places = [(s, t) for c, s, t in self.moves if c == card_id]
        if not places:
            return self.n._hidden_card(card_id)
        return not any(self._sees(s) or self._sees(t) for s, t in places)

    def _place(self, place: tuple[str, int | None] | None, actor: int | None) -> str:
        if place is None:
            return ""
        zone, owner = place
        label = self.n.names.zone(zone)
        if owner is None or owner == actor:
            return label
        for lead in ("the player's ", "the "):  # "the player's storage board card" -> "p2's storage board card"
            if label.startswith(lead):
                label = label[len(lead) :]
                break
        if owner == self.n.viewer:
            return f"your {label}"
        return f"{self.n._who(owner)}'s {label}"

    def text(self, actor: int | None) -> str:
        """The changes in a line: cards moved (by name, or "a card"), then values, the actor's first."""
        names = self.n.names
        parts: list[str] = []
        passed = self._passed()
        if passed:
            parts.append(passed)
        grouped: dict[tuple[str, str], list[str]] = {}
        for cid, source, target in [] if passed else self.moves:
            seen = self._sees(source) or self._sees(target)
            name = names.card(cid) if seen else "a card"
            where = (self._place(source, actor), self._place(target, actor))
            grouped.setdefault(where, []).append(name)
        for (came_from, went_to), cards in grouped.items():
            counted = Counter(cards)
            listed = ", ".join(n if k == 1 else f"{n} ×{k}" for n, k in counted.items())
            if counted.get("a card") == len(cards) and len(cards) > 1:
                listed = f"{len(cards)} cards"
            if came_from and went_to:
                parts.append(f"{listed}: {came_from} → {went_to}")
            elif went_to:
                parts.append(f"{listed} → {went_to}")
            else:
                parts.append(f"{listed} leaves {came_from}")
        seats = list(range(len(self.values)))
        if actor is not None:
            seats.sort(key=lambda s: s != actor)
        for seat in seats:
            changed = self.values[seat]
            if not changed:
                continue
            said = ", ".join(_change(names, noun, old, new) for noun, (old, new) in changed.items())
            parts.append(said if seat == actor else f"{self.n._who(seat)} {said}")
        return "; ".join(parts)

    def _passed(self) -> str:
        """Cards handed from one player's zone to the same zone of another, and nothing else moved
        (hands passed on): told as who passed to whom, not card by card."""
        moves = self.moves
        if not moves or any(s is None or t is None or s[0] != t[0] or s[1] == t[1] for _c, s, t in moves):
            return ""
        flows = Counter((s[0], s[1], t[1]) for _c, s, t in moves if s is not None and t is not None)
        zone = self.n.names.zone(next(iter(flows))[0])
        said = ", ".join(f"{self.n._who(a)} → {self.n._who(b)} ({k})" for (_z, a, b), k in flows.items())
        return f"{zone} passed: {said}"

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        moved = []
        for cid, source, target in self.moves:
            seen = self._sees(source) or self._sees(target)
            moved.append({
                "card": cid if seen else None,
                "from": None if source is None else {"zone": source[0], "seat": source[1]},
                "to": None if target is None else {"zone": target[0], "seat": target[1]},
            })  # fmt: skip
        if moved:
            out["cards"] = moved
        values = {str(seat): {k: [o, n] for k, (o, n) in v.items()} for seat, v in enumerate(self.values) if v}
        if values:
            out["values"] = values
        if self.globals:
            out["globals"] = {k: [o, n] for k, (o, n) in self.globals.items()}
        return out


def _place_key(item: tuple) -> tuple:
    (zone, owner), _cards = item
    return (owner if owner is not None else -1, zone)


def _change(names: Namer, noun: str, old: int, new: int) -> str:
    delta = new - old
    sign = "+" if delta > 0 else "−"
    return f"{sign}{names.quantity(abs(delta), noun)} ({new})"


def keeping_receipts(decider: Any) -> list[tuple[str, Plan]]:
    """The decider, told of each plan paid in its run (payment.RECEIPTS): the list it fills."""
    found: list[tuple[str, Plan]] = []
    setattr(decider, RECEIPTS, found)
    return found


def receipts(game_state: Any, frame: list) -> list[tuple[str, Plan]]:
    """The plans an atomic step that was carried out paid (who paid, and the plan), found by running
    it again on a copy of the state it started from with the same answers (the runtime is
    deterministic: the same run); none where that run does not end as it did."""
    if frame[4] is None or game_state.game.game.trade is None:
        return []
    decider = _Replay(list(frame[5]), list(frame[6]), list(frame[7]))
    found = keeping_receipts(decider)
    try:
        game_state.steps.carry(frame[1], frame[2], frame[3], frame[4].copy(new_run=True), decider)
    except (Illegal, Runaway, _Pause):
        return []
    return found
