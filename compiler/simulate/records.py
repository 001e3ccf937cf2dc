"""What one played game leaves behind: plain values a worker process or a Ray task can send back."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class GameRecord:
    index: int  # game i of the run (its seed is derived from the run's seed and i)
    seed: int
    bots: list[str]  # the bot at each seat
    scores: list[float]  # each seat's final score, seat order
    wins: list[float]  # each seat's share of the win: 1 for a sole winner, 1/k for a k-way tie
    decisions: int  # moves made by players (chance outcomes not counted)
    rounds: int = 0  # the game's own round/age counter at the end, when it keeps one
    ending: str = ""  # how the game ended, when the game says (e.g. which winning condition)
    builds: list[tuple[int, str, float | None]] = field(default_factory=list)  # (seat, card, points or None)
    facts: list[tuple[int, str, str]] = field(
        default_factory=list
    )  # (seat, label, value): the game's report breakdowns
    parts: list[tuple[int, str, float]] = field(default_factory=list)  # (seat, category, points): the score's parts


def shares(scores: list[float]) -> list[float]:
    """Each seat's share of the win: the highest score wins, ties split it."""
    best = max(scores)
    top = [s == best for s in scores]
    return [1.0 / sum(top) if t else 0.0 for t in top]
