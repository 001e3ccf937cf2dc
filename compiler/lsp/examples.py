"""A card's examples run on request (the code lens), and what an expectation actually came to."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.limits import Runaway
from ..pipeline.check.examples import check_card_examples, compare, setup, trigger
from ..runtime.decider import AnswerError, Scripted
from ..runtime.state import Illegal
from ..runtime.when import ExampleInvalid


@dataclass
class Result:
    card: str
    passed: int = 0
    failed: int = 0
    messages: list[str] = field(default_factory=list)

    def title(self) -> str:
        if not self.failed:
            return f"✓ {self.passed} example{'s' if self.passed != 1 else ''} passed"
        return f"✗ {self.failed} of {self.passed + self.failed} examples failed"

    def as_json(self) -> dict[str, Any]:
        return {"card": self.card, "passed": self.passed, "failed": self.failed, "messages": self.messages}


def run_card(game: Any, card_id: str, documents: dict) -> Result:
    """Every example of one card, as `ostraka check` runs them (its findings' messages with their hints)."""
    passed, failed, diagnostics = check_card_examples(game, card_id, documents)
    messages = [d.message + (f" (hint: {d.hint})" if d.hint else "") for d in diagnostics]
    return Result(card_id, passed, failed, messages)


def actual(game: Any, card: Any, index: int, path: tuple) -> str | None:
    """What differs at `path` (inside example `index`'s expect: ("expect", "p1", "coins")) when the
    example runs, in words ("p1.coins is 3, expected 2"); None when it matches or cannot run."""
    if not 0 <= index < len(card.examples):
        return None
    example = card.examples[index]
    try:
        state = setup(game, example.given)
        try:
            trigger(game, state, example.when, Scripted(example.answers))
        except Illegal as exc:
            return f"the action was refused: {exc}"
        paths: list[tuple] = []
        problems = compare(game, state, example.expect, paths)
    except (ExampleInvalid, AnswerError, Runaway) as exc:
        return f"the example cannot run: {exc}"
    except Exception:  # noqa: BLE001 - a hover must never take the server down; the check reports the crash
        return None
    for problem, where in zip(problems, paths):
        if tuple(where) == tuple(path[: len(where)]):
            return problem
    return None
