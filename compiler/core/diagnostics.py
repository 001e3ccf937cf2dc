"""One diagnostic record for every finding, and the catalogue of codes.

Every stage returns diagnostics instead of raising, so one run reports every problem. A code is
stable: tools and tests match on it, and each has a fixture under tests/fixtures/bad/.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from .textsafe import visible


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class Code:
    id: str
    name: str
    summary: str
    severity: Severity = Severity.ERROR
    hint_once: bool = False  # text output prints each of its hints once per run, not under every finding


def _codes(*codes: Code) -> dict[str, Code]:
    table = {c.id: c for c in codes}
    assert len(table) == len(codes), "diagnostic codes must be unique"
    return table


CODES = _codes(
    Code("E101", "yaml-syntax", "The file is not valid YAML."),
    Code("E102", "duplicate-key", "A mapping has the same key twice."),
    Code("E103", "forbidden-tag", "A YAML tag asks for an object or type that card data may not hold."),
    Code("E104", "resource-limit", "The file exceeds a size limit (alias expansion, nesting, length or number)."),
    Code(
        "E105",
        "unreadable-file",
        "A file or folder cannot be read: not UTF-8 text, not a regular file, a link, or no permission.",
    ),
    Code("E201", "wrong-type", "A value has the wrong type or shape."),
    Code("E202", "missing-field", "A required field is missing."),
    Code("E203", "unknown-field", "A field is not part of this object."),
    Code("E204", "unknown-primitive", "An effect, expression or condition names no known primitive."),
    Code("E205", "invalid-value", "A value is outside what the language allows."),
    Code("E301", "unknown-noun", "A name is not one of the game's declared nouns."),
    Code("E302", "dangling-reference", "A reference names no card of the game."),
    Code("E303", "duplicate-id", "Two entities share an id."),
    Code("E304", "unknown-kind", "An entity's kind is not declared in game.yaml."),
    Code("E305", "missing-game", "A card directory has no game.yaml."),
    Code("E306", "unknown-game", "No game of that name exists under cards/."),
    Code("E307", "ambiguous-name", "A card id on the command line names cards of several games: say game:card."),
    Code(
        "E308",
        "wrong-field-type",
        "A field is read as what it is not: a number from a text, a cost from a number, a word from a number.",
    ),
    Code("E309", "undeclared-field", "A filter tests a field that the kinds it selects do not declare."),
    Code("E310", "unknown-detail", "An effect reads an event detail that its trigger does not carry."),
    Code("E311", "unfilled-detail", "game.yaml declares a detail of a trigger that nothing in play gives it."),
    Code("E312", "unreached-price", "A trade price is for buying from players its owner never buys from."),
    Code("E401", "example-failed", "An example's outcome differs from what it expects."),
    Code("E402", "example-invalid", "An example cannot be run as written."),
    Code("E403", "missing-example", "A card has no example."),
    Code(
        "E404",
        "game-never-ends",
        "A game played by its flow reaches a bound (decisions, rounds, cards dealt): its end cannot be reached.",
    ),
    Code("E405", "step-refused", "A `do` or `fire` step of the flow is refused by the rules: it would change nothing."),
    Code("W501", "text-mismatch", "The card text and the effects disagree.", Severity.WARNING, hint_once=True),
    Code(
        "W502",
        "placeholder",
        "A card still holds a placeholder (TODO) or an example that expects nothing.",
        Severity.WARNING,
    ),
    Code(
        "W503",
        "unique-by-default",
        "Copies of a card come into play while build.unique, true unless said, keeps a player to one of each.",
        Severity.WARNING,
    ),
    Code(
        "W504",
        "refusing-build",
        "A card's own build runs a build that must build a card: with none to build, the card cannot be built.",
        Severity.WARNING,
    ),
    Code("E601", "bad-variant", "A variant file (ostraka sweep) names a card the game lacks, or adds one it has."),
    Code(
        "E701",
        "output-not-ours",
        "An output path is refused: a symbolic link (there or on the way), a device or FIFO, or a folder ostraka did not make.",
    ),
    Code("E702", "not-writable", "A file or folder cannot be written (permissions, a read-only file system)."),
    Code("E703", "output-busy", "The output directory cannot be replaced (a mount point, another file system)."),
    Code("E704", "missing-folder", "A folder on the output path does not exist."),
    Code("E705", "disk-full", "The disk (or the quota) is full."),
    Code("E706", "io-error", "The file system reported another error."),
    Code("E901", "internal-error", "ostraka failed; this is a bug in ostraka, not in the data."),
)


@dataclass(frozen=True)
class Related:
    file: str
    line: int
    column: int
    message: str


@dataclass(frozen=True)
class ExampleFailure:
    """Which example of which card failed, and why: kept beside the message, so that the checks that
    act on a failure (folding it under its cause, naming a card that did not load) read these fields
    and never the message."""

    card: str
    example: str
    reason: str
    unknown_card: tuple[str, str] | None = None  # (where the example names it, the id) for a card the game lacks

    def message(self) -> str:
        return f"example '{self.example}' of '{self.card}' failed: {self.reason}"

    def as_tuple(self) -> tuple:
        return (self.card, self.example, self.reason, self.unknown_card)

    @staticmethod
    def from_tuple(t: Any) -> ExampleFailure | None:
        if t is None:
            return None
        card, example, reason, unknown = t
        return ExampleFailure(
            str(card), str(example), str(reason), (str(unknown[0]), str(unknown[1])) if unknown else None
        )


@dataclass(frozen=True)
class Diagnostic:
    code: str
    message: str
    file: str = ""
    line: int = 0
    column: int = 0
    hint: str = ""
    path: str = ""  # the data path inside the file, e.g. effects[0].do[1].gain
    related: tuple[Related, ...] = field(default=())
    severity: Severity | None = None
    failure: ExampleFailure | None = None  # an example's finding (E401, E402, E901): what failed

    @property
    def level(self) -> Severity:
        return self.severity or CODES[self.code].severity

    def sort_key(self) -> tuple:
        return (self.file, self.line, self.column, self.code, self.message)

    def location(self) -> str:
        if not self.file:
            return "ostraka"
        if not self.line:
            return self.file
        return f"{self.file}:{self.line}:{self.column}"

    def to_json(self) -> dict:
        return {
            "code": self.code,
            "name": CODES[self.code].name,
            "severity": self.level.value,
            "message": self.message,
            "hint": self.hint or None,
            "file": self.file or None,
            "line": self.line or None,
            "column": self.column or None,
            "path": self.path or None,
            "related": [r.__dict__ for r in self.related],
        }


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """A hint naming the closest known name, or '' when nothing is close."""
    known = sorted(set(choices))
    close = difflib.get_close_matches(str(word), known, n=1, cutoff=0.6)
    if not close:  # a known name with words added to it ('any_resource' for 'any')
        close = [part for part in str(word).split("_") if part in known][:1]
    return f"did you mean '{close[0]}'?" if close else ""


def known_list(choices: Iterable[str], limit: int = 12) -> str:
    names = sorted(set(choices))
    shown = ", ".join(names[:limit])
    return f"known: {shown}" + (", ..." if len(names) > limit else "")


class Report:
    """Collects diagnostics from every stage of a run."""

    def __init__(self) -> None:
        self.items: list[Diagnostic] = []
        self.examples_passed = 0
        self.examples_failed = 0
        self.examples_folded = 0  # failures that follow from errors in other files (followon.py)
        self.cards = 0
        self.files = 0

    def add(self, diagnostic: Diagnostic) -> None:
        self.items.append(diagnostic)

    def extend(self, diagnostics: Iterable[Diagnostic]) -> None:
        self.items.extend(diagnostics)

    def errors(self, strict: bool = False) -> list[Diagnostic]:
        return [d for d in self.items if strict or d.level is Severity.ERROR]

    def sorted(self) -> list[Diagnostic]:
        return sorted(set(self.items), key=Diagnostic.sort_key)

    def exit_code(self, strict: bool = False) -> int:
        return 1 if self.errors(strict) else 0

    def summary(self) -> str:
        n_err = sum(1 for d in set(self.items) if d.level is Severity.ERROR)
        n_warn = sum(1 for d in set(self.items) if d.level is Severity.WARNING)
        parts = [
            plural(self.files, "file"),
            plural(self.cards, "card"),
            plural(n_err, "error"),
            plural(n_warn, "warning"),
            plural(self.examples_passed, "example") + " passed",
        ]
        if self.examples_failed:
            parts.append(plural(self.examples_failed, "example") + " failed")
        if self.examples_folded:
            parts[-1] += f" ({self.examples_folded} of them because of the errors above)"
        return ", ".join(parts)


def plural(n: int, noun: str) -> str:
    """'1 card', '2 cards' (every noun the messages count takes an s)."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def escape_controls(text: str) -> str:
    """Text with every unsafe character written as a Python escape (ESC as \\x1b): textsafe.visible."""
    return visible(text)


def _one_line(text: str) -> str:
    """A data-bearing part of a diagnostic: escaped, and a line break in it written as \\n."""
    return escape_controls(text).replace("\n", "\\n")


def render_text(d: Diagnostic, source_line: str | None = None, hints_shown: set[tuple[str, str]] | None = None) -> str:
    """One finding as text. With `hints_shown` (one set for the run), a code's hint_once hints are
    printed under the first finding that has them and left out under the others."""
    out = f"{_one_line(d.location())}: {d.level.value} {d.code}: {escape_controls(d.message)}"
    if source_line is not None and d.column:
        shown = escape_controls(source_line.rstrip())
        caret = len(escape_controls(source_line[: d.column - 1]))  # the caret under the same character
        out += f"\n    {_one_line(shown)}\n    {' ' * caret}^"
    once = hints_shown is not None and CODES[d.code].hint_once
    if d.hint and not (once and (d.code, d.hint) in (hints_shown or set())):
        out += f"\n    hint: {escape_controls(d.hint)}"
        if once and hints_shown is not None:
            hints_shown.add((d.code, d.hint))
    for r in d.related:
        out += f"\n    {_one_line(r.file)}:{r.line}:{r.column}: note: {escape_controls(r.message)}"
    return out


def _github_escape(text: str, prop: bool = False) -> str:
    text = escape_controls(text)
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    if prop:
        text = text.replace(":", "%3A").replace(",", "%2C")
    return text


def render_github(d: Diagnostic) -> str:
    props = []
    if d.file:
        props.append(f"file={_github_escape(d.file, True)}")
    if d.line:
        props.append(f"line={d.line}")
    if d.column:
        props.append(f"col={d.column}")
    props.append(f"title={_github_escape(d.code, True)}")
    message = d.message + (f" ({d.hint})" if d.hint else "")
    return f"::{d.level.value} {','.join(props)}::{_github_escape(message)}"


def render_json(report: Report) -> str:
    return json.dumps(
        {
            "diagnostics": [d.to_json() for d in report.sorted()],
            "summary": {
                "files": report.files,
                "cards": report.cards,
                "errors": sum(1 for d in set(report.items) if d.level is Severity.ERROR),
                "warnings": sum(1 for d in set(report.items) if d.level is Severity.WARNING),
                "examples_passed": report.examples_passed,
                "examples_failed": report.examples_failed,
            },
        },
        indent=2,
        sort_keys=True,
    )
