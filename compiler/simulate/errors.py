"""What a simulation refuses: a bad argument (exit 2) or card data with errors (exit 1), rendered
as the checker's diagnostics. Apart from loading.py so that variants.py and loading.py each read
them without importing the other."""

from __future__ import annotations


class UsageError(ValueError):
    """A bad argument: one line, exit 2."""


class DataError(ValueError):
    """Card data (or a variant of it) with errors: located diagnostics, exit 1."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


def render(run, diagnostics) -> str:
    from ..core.diagnostics import render_text

    lines = []
    for d in sorted(diagnostics, key=lambda d: (d.file, d.line, d.column)):
        doc = run.documents.get(d.file)
        lines.append(render_text(d, doc.line_text(d.line) if doc else None))
    return "\n".join(lines)
