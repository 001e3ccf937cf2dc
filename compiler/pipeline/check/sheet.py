"""The `sheet:` section checked against the rest of game.yaml: what the name check cannot see (a
field of the right kind, a colour for a value the field can take, a table with two group fields)."""

from __future__ import annotations

from ...core.diagnostics import Diagnostic, did_you_mean
from ...load.loader import Document, dotted
from ...model.game import Game
from ...model.sheet_spec import KindSheet, SheetSpec


def check_sheet(game: Game, doc: Document) -> list[Diagnostic]:
    """What the name check cannot see: a field of the right kind, a choice value that exists."""
    spec: SheetSpec = game.sheet
    kinds = game.kinds
    out: list[Diagnostic] = []

    def report(path: tuple, message: str, hint: str = "", key: bool = False) -> None:
        line, col = doc.where(("sheet",) + path, key=key)
        out.append(Diagnostic("E205", message, doc.file, line, col, hint, dotted(("sheet",) + path)))

    for kind, settings in spec.kinds.items():
        if kind in kinds:  # otherwise E301 from the name check
            _check_kind(kind, settings, list(kinds[kind].fields), report)
    for field_name, colours in spec.colours.items():
        _check_colours(field_name, colours, kinds, report)
    return out


def _check_kind(kind: str, settings: KindSheet, fields: list[str], report) -> None:
    """A kind's settings name its own fields; a table groups by exactly two."""
    own = fields + ["id", "name"]
    for attr in ("group_by", "order_by", "hide"):
        for i, name in enumerate(getattr(settings, attr) or []):
            if name not in own:
                report(("kinds", kind, attr, i), f"'{name}' is not a field of {kind}", did_you_mean(name, own) or "")
    for attr in ("colour_by", "landscape"):
        name = getattr(settings, attr)
        if name is not None and name not in fields:
            report(("kinds", kind, attr), f"'{name}' is not a field of {kind}", did_you_mean(name, fields) or "")
    if settings.layout == "table" and len(settings.group_by or []) != 2:
        report(("kinds", kind, "layout"), "a table needs two group_by fields: rows, then columns")


def _check_colours(field_name: str, colours: dict, kinds: dict, report) -> None:
    """Colours are given to values the field can take (a field with no declared values is coloured by its words)."""
    values = {str(v) for k in kinds.values() if field_name in k.fields for v in (k.fields[field_name].values or [])}
    if not values:
        return
    for value in colours:
        if value not in values:
            report(
                ("colours", field_name, value),
                f"'{value}' is not a value of {field_name}",
                did_you_mean(value, sorted(values)) or f"its values: {', '.join(sorted(values))}",
                key=True,
            )
