"""The `sheet:` section of game.yaml: how the printed reference, the print-and-play cards and the
spreadsheet export show a game's entities. Every setting has a default taken from the rest of
game.yaml, so a game without the section still prints well; the section only says what the data
cannot (a colour per choice value, a symbol per noun, a table instead of boxes).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ..lang.types import FieldName, KindName, Noun, Strict

# A colour is a CSS hex value or a plain colour word: nothing else can reach a style attribute.
Colour = Annotated[
    str, Field(pattern=r"^(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|[a-z]{3,20})$", description="#rrggbb or a CSS colour name")
]


# A print-and-play card, in mm: at least a domino's, at most what fits inside the crop marks of
# the smaller paper (Letter, 215.9 x 279.4 mm, less 7 mm each side: outputs/pnp.py). Anything else
# is a typo (0, a negative size) or a page of one card, and a tiny one would lay out millions.
CardWidth = Annotated[float, Field(ge=20, le=200, description="mm, 20 to 200")]
CardHeight = Annotated[float, Field(ge=20, le=265, description="mm, 20 to 265")]
CardSize = tuple[CardWidth, CardHeight]
MAX_NAMES = 200  # the most entries a list or table of this section holds (kinds, fields, nouns)


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
        default_factory=list,
        max_length=MAX_NAMES,
        description="Fields ordering the entities within a group (then file order)",
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
    hide: list[FieldName] = Field(
        default_factory=list, max_length=MAX_NAMES, description="Fields never printed (they stay in the export)"
    )
    pnp: bool = Field(True, description="Whether print-and-play prints this kind as cards")
    card_size: CardSize | None = Field(None, description="Print-and-play card size in mm, width and height")


class SheetSpec(Strict):
    order: list[KindName] = Field(
        default_factory=list,
        max_length=MAX_NAMES,
        description="The kinds' sections in this order (the rest follow as declared)",
    )
    kinds: dict[KindName, KindSheet] = Field(default_factory=dict, description="Settings per kind")
    colours: dict[FieldName, dict[str, Colour]] = Field(
        default_factory=dict, description="Per field, a colour per choice value (or per landscape word)"
    )
    symbols: dict[Noun, SymbolSpec] = Field(
        default_factory=dict, description="A symbol per noun, for costs and legends"
    )
    labels: dict[FieldName, Annotated[str, Field(max_length=80)]] = Field(
        default_factory=dict,
        description="How a field is named on paper; a yes/no field is printed only when it has a label here",
    )
    card_size: CardSize = Field((63.0, 88.0), description="Print-and-play card size in mm (width, height)")
