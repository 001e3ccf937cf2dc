"""One finding per cause: example failures that follow from errors in other files are folded under them.

When some card files of a game have errors, the examples of other cards may read those cards
(build one, hold one, or search every card for what it produces or costs) and fail for that
reason alone. Such a failure is not shown as a finding of its own, which would send the designer
to the wrong file ("fix the effects or the example's expect"): it becomes a note under the first
error of the broken file it read. Whether an example read a card is recorded while it runs
(cache/gameview.py); an example that searched every card may have read any of them.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import dataclass, replace
from typing import Any

from ...core.diagnostics import Diagnostic, Related, Severity

EXAMPLE_CODES = ("E401", "E402", "E901")


@dataclass
class Broken:
    """The cards of a game whose files have errors (loaded or not), by id, with their file."""

    ids: dict[str, str]

    def __bool__(self) -> bool:
        return bool(self.ids)


def broken_cards(game: Any, error_files: AbstractSet[str], written: dict[str, str]) -> Broken:
    """`written`: ids found in files that did not load (checks._ids_in)."""
    ids = {cid: game.sources[cid].file for cid in game.cards if game.sources[cid].file in error_files}
    prefix = game.game_file.rsplit("/", 1)[0] + "/"
    ids.update({cid: f for cid, f in written.items() if cid not in ids and f.startswith(prefix)})
    return Broken(ids)


def _read_broken(reads: Any, broken: Broken) -> str | None:
    """The broken card an example read (the first by id), '*' if it searched every card, else None."""
    if reads is None:
        return None
    hit = sorted(set(reads.ids) & set(broken.ids))
    if hit:
        return hit[0]
    return "*" if reads.everything else None


def fold(
    diagnostics: list[Diagnostic], reads: dict[str, Any], broken: Broken, report_items: list[Diagnostic]
) -> list[Diagnostic]:
    """The example diagnostics that stand on their own; the others become notes on their cause,
    replaced in `report_items` (the first error of the broken file read)."""
    if not broken:
        return diagnostics
    kept: list[Diagnostic] = []
    notes: dict[str, list[Related]] = {}
    for d in diagnostics:
        failure = d.failure if d.code in EXAMPLE_CODES else None
        read = _read_broken(reads.get(failure.card), broken) if failure is not None else None
        if read is None or failure is None:
            kept.append(d)
            continue
        file = broken.ids[read] if read != "*" else sorted(broken.ids.values())[0]
        why = f"it reads '{read}'" if read != "*" else "it searches every card, this file's among them"
        notes.setdefault(file, []).append(
            Related(
                d.file,
                d.line,
                d.column,
                f"example '{failure.example}' of '{failure.card}' also fails: {why}",
            )
        )
    for file, related in notes.items():
        causes = sorted(
            (d for d in report_items if d.file == file and d.level is Severity.ERROR), key=Diagnostic.sort_key
        )
        if not causes:  # no error to fold under (cannot happen: the file is broken); keep them visible
            kept += [
                Diagnostic("E402", r.message, r.file, r.line, r.column, f"fix the errors in {file} first")
                for r in related
            ]
            continue
        cause = causes[0]
        index = report_items.index(cause)
        report_items[index] = replace(cause, related=cause.related + tuple(related))
    return kept
