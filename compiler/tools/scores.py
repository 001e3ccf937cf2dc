"""Each player's score by category, as a game goes: military, treasury, science, blue cards...

The categories are the game's: an effect's `label` (a rule's part of the score, e.g. military), else
for a card's effect the card's category (game.yaml `balance.score_by`, by default the field the
sheet colours its kind by: 'blue cards'), else its kind ('wonder stages'); a rule without a label
counts under its trigger. Every atomic step that changes a score is traced (runtime/trace.py: run
again on the interpreter from its snapshot, so either engine is followed the same) and its change
split by what made it; a step the trace cannot split counts whole, under its card or trigger.
"""

from __future__ import annotations

from typing import Any

from ..render.english import English
from ..runtime.program import A_FIRE, A_MOVE
from ..runtime.state import values_of
from ..runtime.trace import Entry, step_trace


class Scores:
    """A game's scores by category (`parts[seat]`: category -> points), kept as it is played:
    `observe` is the game state's observer (or is called by one)."""

    def __init__(self, game: Any, players: int) -> None:
        self.game = game
        self.noun = game.game.score
        self.en = English(game.game, game.cards)
        self.parts: list[dict[str, int]] = [{} for _ in range(players)]
        balance = game.game.balance
        self.score_by = balance.score_by if balance is not None else None

    def observe(self, game_state: Any, frame: list) -> None:
        noun = self.noun
        if noun is None or frame[4] is None:
            return
        before, after = frame[4], game_state.state
        # read without copying a lazy copy's values (state.values_of): called after every step
        deltas = [values_of(a).get(noun, 0) - values_of(b).get(noun, 0) for a, b in zip(after.players, before.players)]
        if not any(deltas):
            return
        entries = [e for e in step_trace(game_state, frame) or () if e.noun == noun]
        traced = [sum(e.delta for e in entries if e.seat == seat) for seat in range(len(deltas))]
        if entries and traced == deltas:
            for e in entries:
                self._add(e.seat, self.category(e), e.delta)
            return
        whole = self._step_category(game_state, frame)
        for seat, delta in enumerate(deltas):
            if delta:
                self._add(seat, whole, delta)

    def _add(self, seat: int, category: str, delta: int) -> None:
        part = self.parts[seat]
        part[category] = part.get(category, 0) + delta

    def category(self, entry: Entry) -> str:
        label = getattr(entry.effect, "label", None)
        if label:
            return label
        if entry.card is not None:
            return self.card_category(entry.card)
        if entry.about is not None:  # a rule scoring the card in view (the card just built)
            return self.card_category(entry.about)
        if entry.trigger is not None:
            return self.en.word(entry.trigger)
        return "other"

    def card_category(self, card_id: str | None) -> str:
        card = self.game.cards.get(card_id) if card_id is not None else None
        if card is None:
            return "other"
        kind = self.game.game.kinds[card.kind]
        plural = kind.plural or kind.label or card.kind.replace("_", " ")
        settings = self.game.game.sheet.kinds.get(card.kind)
        field = self.score_by if self.score_by in kind.fields else (settings.colour_by if settings else None)
        value = card.fields.get(field) if field else None
        return f"{value} {plural}" if value is not None else plural

    def _step_category(self, game_state: Any, frame: list) -> str:
        op, what = frame[1], frame[2]
        if op == A_MOVE:
            return self.card_category(game_state.program.move_of(what[1])[1])
        if op == A_FIRE:
            return self.en.word(game_state.program.steps[what].arg)
        return "other"

    def table(self) -> list[list[tuple[str, int]]]:
        """Each seat's categories in the order a score pad would list them: by the points the table
        scored in them, most first, ties by name; a category with nothing in it left out."""
        totals: dict[str, int] = {}
        for part in self.parts:
            for name, points in part.items():
                totals[name] = totals.get(name, 0) + abs(points)
        order = sorted(totals, key=lambda n: (-totals[n], n))
        return [[(name, part[name]) for name in order if part.get(name)] for part in self.parts]


def tie_break(game_state: Any) -> str:
    """How the winner was found: the rank key that told the leaders apart, in words."""
    rank = list(game_state.program.rank)
    if game_state.winners is not None:
        return "an instant win"
    keys = game_state.ranking_keys()
    if not rank or not keys:
        return ""
    en = English(game_state.game.game, game_state.game.cards)
    leaders = list(range(len(keys)))
    for i, name in enumerate(rank):
        best = max(keys[s][i] for s in leaders)
        tied = [s for s in leaders if keys[s][i] == best]
        if len(tied) == 1:
            if i == 0:
                return f"most {en.word(name)}"
            ids = ", ".join(game_state.state.players[s].id for s in leaders)
            return f"{ids} tied on {' and '.join(en.word(n) for n in rank[:i])}; most {en.word(name)} broke the tie"
        leaders = tied
    ids = " and ".join(game_state.state.players[s].id for s in leaders)
    return f"{ids} tied on {', '.join(en.word(n) for n in rank)}: they share the win"
