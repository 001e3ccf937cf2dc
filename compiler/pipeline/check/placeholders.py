"""W502: what a skeleton leaves to fill in. A `TODO` anywhere in a card file (a value or a comment,
as `ostraka new` writes them) and an example whose `expect` is empty are warnings, so that
`check --strict` fails on a card until the designer has filled it in."""

from __future__ import annotations

import re

from ...core.diagnostics import Diagnostic
from ...load.loader import Document

_TODO = re.compile(r"\bTODO\b")


def _examples_of(data: object) -> list[tuple[tuple, dict]]:
    entities = [((i,), e) for i, e in enumerate(data)] if isinstance(data, list) else [((), data)]
    out = []
    for prefix, entity in entities:
        examples = entity.get("examples") if isinstance(entity, dict) else None
        for i, example in enumerate(examples if isinstance(examples, list) else []):
            if isinstance(example, dict):
                out.append((prefix + ("examples", i), example))
    return out


def check_placeholders(doc: Document) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    # lines only when the text holds a TODO at all (a line break is no word character either)
    for number, line in enumerate(doc.text.splitlines() if _TODO.search(doc.text) else [], 1):
        match = _TODO.search(line)
        if match:
            out.append(
                Diagnostic(
                    "W502",
                    "a placeholder is left to fill in: " + line.strip()[:80],
                    doc.file,
                    number,
                    match.start() + 1,
                    "write the value (or the text) and remove the TODO",
                )
            )
    for path, example in _examples_of(doc.data):
        if "expect" in example and not example["expect"]:
            at, col = doc.where(path + ("expect",))
            out.append(
                Diagnostic(
                    "W502",
                    f"example '{example.get('name', '?')}' expects nothing, so it can never fail",
                    doc.file,
                    at,
                    col,
                    "say what the state is after the trigger: pN: {noun: value, zone: [card ids]}",
                )
            )
    return out
