"""The `sheet:` section of game.yaml: how the printed reference, the print-and-play cards and the
spreadsheet export show a game's entities. Every setting has a default taken from the rest of
game.yaml, so a game without the section still prints well; the section only says what the data
cannot (a colour per choice value, a symbol per noun, a table instead of boxes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import Field

from ..core.diagnostics import Diagnostic, did_you_mean
from ..lang.types import FieldName, KindName, Noun, Strict
from ..load.loader import Document, dotted

if TYPE_CHECKING:  # models.py imports this module for Game.sheet
    from .game import Game

# A colour is a CSS hex value or a plain colour word: nothing else can reach a style attribute.
Colour = Annotated[
    str, Field(pattern=r"^(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|[a-z]{3,20})$", description="#rrggbb or a CSS colour name")
]


class SymbolSpec(Strict):
    letters: str = Field(min_length=1, max_length=3, description="What the symbol shows, e.g. W for wood")
    colour: Colour | None = Field(None, description="Its background (default: a hue of its own)")


class KindSheet(Strict):
    title: str | None = Field(None, max_length=80, description="The section's heading (default: the kind's plural)")
    group_by: list[FieldName] | None = Field(
        None,
        max_length=2,
        description="Fields to group by, outer first; [] for none (default: the deck key, then a choice field)",
    )
    order_by: list[FieldName] = Field(
        default_factory=list, description="Fields ordering the entities within a group (then file order)"
    )
    colour_by: FieldName | None = Field(
        None, description="The choice field whose colour (sheet.colours) marks each entity"
    )
    layout: Literal["boxes", "table", "tiles"] = Field(
        "boxes",
        description="boxes; table: rows by the first group_by field, columns by the second; tiles: drawn as hexes",
    )
    landscape: FieldName | None = Field(
        None,
        description="For tiles without a board layout: the field whose words (sheet.colours of that field) colour the hex",
    )
    hide: list[FieldName] = Field(default_factory=list, description="Fields never printed (they stay in the export)")
    pnp: bool = Field(True, description="Whether print-and-play prints this kind as cards")
    card_size: tuple[float, float] | None = Field(None, description="Print-and-play card size in mm, width and height")


class SheetSpec(Strict):
    order: list[KindName] = Field(
        default_factory=list, description="The kinds' sections in this order (the rest follow as declared)"
    )
    kinds: dict[KindName, KindSheet] = Field(default_factory=dict, description="Settings per kind")
    colours: dict[FieldName, dict[str, Colour]] = Field(
        default_factory=dict, description="Per field, a colour per choice value (or per landscape word)"
    )
    symbols: dict[Noun, SymbolSpec] = Field(
        default_factory=dict, description="A symbol per noun, for costs and legends"
    )
    labels: dict[FieldName, str] = Field(
        default_factory=dict,
        description="How a field is named on paper; a yes/no field is printed only when it has a label here",
    )
    card_size: tuple[float, float] = Field((63.0, 88.0), description="Print-and-play card size in mm (width, height)")


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
