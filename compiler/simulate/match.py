"""One game played by bots from a seed, and what it leaves behind (a GameRecord).

Chance outcomes come from the generator held in the game state (`sample_chance`), each bot from
its own seeded generator, so game i of a run is the same game wherever it is played. A card is
"built by" the seat whose cards in play it joins, unless it left another seat's in the same step
(handed over, traded); the points it gave (measured on request) are that seat's estimated score
(game.yaml `balance.estimate`) after the step that built it, less the estimate before.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..core.limits import decided
from ..tools.scores import Scores
from .bots import BOTS, BotOptions
from .records import GameRecord, shares
from .seeds import bot_seed, game_seed
from .table import Table


def play_game(
    table: Table,
    bots: list[str],
    run_seed: int,
    index: int,
    options: BotOptions | None = None,
    card_points: bool = False,
) -> GameRecord:
    """Game `index` of a run, played to its end on one state (nothing is copied between decisions).
    A build's points are measured only when asked (`card_points`: the estimate is scored before and
    after every step, which costs more than the game); otherwise they are recorded as None."""
    options = options or BotOptions()
    seed = game_seed(run_seed, index)
    seats = [BOTS[name](table, seat, bot_seed(run_seed, index, seat), options) for seat, name in enumerate(bots)]
    state = table.new_state(seed)
    parts = Scores(table.game, table.players)  # each seat's score by category (tools/scores.py)
    state.observer = parts.observe
    builds: list[tuple[int, str, float | None]] = []
    decisions = 0
    before_cards: list[list[str]] | None = None  # each seat's cards in play before the next decision
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance())
            before_cards = None  # dealt into play (a wonder board) is not built: read anew before deciding
            continue
        if before_cards is None:
            before_cards = table.built(state.state)
        before = table.values(state.state) if card_points else None
        prior = state.state
        state.apply_action(seats[state.current_player()].step(state))
        decisions += 1
        decided(decisions)  # past the bound: GameTooLong (core/limits.py), reported by the command
        if state.state is prior:  # no step was carried out (a pick of a simultaneous turn): nothing built
            continue
        after_cards = table.built(state.state)
        if after_cards != before_cards:
            builds += _new_builds(table, before, state, before_cards, after_cards)
        before_cards = after_cards
    scores = [float(s) for s in state.returns()]
    winners = state.winner() if hasattr(state, "winner") else None
    wins = [1.0 / len(winners) if s in winners else 0.0 for s in range(len(scores))] if winners else shares(scores)
    rounds = int(state.state.globals.get(table.length, 0)) if table.length else 0
    return GameRecord(
        index=index,
        seed=seed,
        bots=list(bots),
        scores=scores,
        wins=wins,
        decisions=decisions,
        rounds=rounds,
        ending=table.ending(state),
        builds=builds,
        facts=table.facts(state),
        parts=[(seat, name, float(points)) for seat, part in enumerate(parts.parts) for name, points in part.items()],
    )


def _new_builds(
    table: Table, then: list[float] | None, state: Any, old: list[list[str]], new: list[list[str]]
) -> list[tuple[int, str, float | None]]:
    """The cards that joined each seat's cards in play over a step, with the points each gave
    (`then`: the seats' estimates before the step; None: not measured)."""
    now = None
    if then is not None:
        now = table.values(state.state) if not state.is_terminal() else [float(v) for v in state.returns()]
    # a card that left another seat's cards in play in the same step was handed over, not built
    left = Counter(card for was, is_ in zip(old, new) for card in _added(is_, was))
    out: list[tuple[int, str, float | None]] = []
    for seat, (was, is_) in enumerate(zip(old, new)):
        added = []
        for card in _added(was, is_):
            if left[card]:
                left[card] -= 1
            else:
                added.append(card)
        for card in added:  # several cards in one step share the step's gain
            gain = None if now is None or then is None else (now[seat] - then[seat]) / len(added)
            out.append((seat, card, gain))
    return out


def _added(was: list[str], is_: list[str]) -> list[str]:
    remaining = list(was)
    added = []
    for cid in is_:
        if cid in remaining:
            remaining.remove(cid)
        else:
            added.append(cid)
    return added
