"""What a game's printed outputs show: its entities grouped, ordered, coloured and described as
game.yaml's `sheet:` section says (sheet_spec.py), with defaults taken from the rest of game.yaml.

The reference sheet (render_sheet), the print-and-play cards (pnp.py) and the spreadsheet export
(export.py) all read entities through `SheetBuilder`. On paper an entity shows the designer's
`text`, its cost as symbols and its fields under their printed names; the compiled English of its
effects only sits in a collapsed "as compiled" line on screen. No game is named here. Jinja2
autoescapes everything: a card's name or text can never become markup.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

from ..compiled import CompiledGame
from .english import English
from .hexes import landscape_hex, tile_svg
from ..pipeline.validate.models import Card, Game
from .sheet_spec import KindSheet

TEMPLATES = Path(__file__).parent / "templates"
# Choice values that are CSS colour names colour their entities when the sheet names no colour.
_CSS_COLOURS = {"black", "blue", "brown", "gold", "gray", "green", "grey", "orange", "pink", "purple", "red",
                "silver", "white", "yellow", "teal", "navy", "olive", "maroon", "cyan", "magenta"}
MAX_GROUPS = 12
UNITS_SHOWN = 3  # a small cost draws a symbol per unit (at most 3 of a noun); a larger one "6x" and one symbol


@dataclass
class Symbol:
    noun: str
    label: str
    letters: str
    colour: str


@dataclass
class Item:
    """One entity as it is printed."""

    id: str
    name: str
    kind: str
    text: str
    compiled: str
    name_mark: bool = False
    text_mark: bool = False
    cost: list[dict[str, Any]] = field(default_factory=list)
    cost_mark: bool = False
    has_cost: bool = False
    facts: list[dict[str, Any]] = field(default_factory=list)
    colour: str | None = None
    picture: Markup | None = None
    picture_mark: bool = False
    cost_wide: bool = False
    children: list["Item"] = field(default_factory=list)

    def fit(self, width: float) -> None:
        """Give the cost a line of its own when it and the name would not share one box `width` mm wide
        (estimated: a bold letter of the name about 1.8 mm, a symbol with its spacing 4.9 mm)."""
        slots = sum(c.get("units", 1) + (1 if c.get("units", c["n"]) < c["n"] else 0) for c in self.cost)
        self.cost_wide = slots > 0 and len(self.name) * 1.8 + slots * 4.9 + 1 > width

    @property
    def reconstructed(self) -> bool:
        return self.name_mark or self.text_mark or self.cost_mark or self.picture_mark or any(f["mark"] for f in self.facts)


@dataclass
class Group:
    heading: str | None
    subheading: str | None
    items: list[Item]


@dataclass
class Table:
    columns: list[str]
    rows: list[tuple[str, list[list[Item]]]]


@dataclass
class Section:
    kind: str
    title: str
    count: int
    layout: str
    columns: int
    groups: list[Group]
    table: Table | None = None
    requires: str = ""


def environment() -> Environment:
    return Environment(
        loader=FileSystemLoader(str(TEMPLATES)),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=StrictUndefined,
    )


def _hue(name: str) -> int:
    return int(hashlib.sha256(name.encode("utf-8")).hexdigest()[:6], 16) % 360


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class SheetBuilder:
    def __init__(self, game: CompiledGame) -> None:
        self.compiled = game
        self.game: Game = game.game
        self.spec = game.game.sheet
        self.en = English(game.game, game.cards)
        self.symbols = self._symbols()

    # nouns ------------------------------------------------------------------------------------
    def _symbols(self) -> dict[str, Symbol]:
        g = self.game
        nouns: list[tuple[str, Any]] = list(g.resources.items()) + list(g.counters.items()) + list(g.tracks.items())
        out: dict[str, Symbol] = {}
        taken = {s.letters for s in self.spec.symbols.values()}
        for index, (name, spec) in enumerate(nouns):
            label = getattr(spec, "label", None) or name.replace("_", " ")
            declared = self.spec.symbols.get(name)
            if declared is not None:
                letters = declared.letters
            else:
                words = [w for w in label.replace("-", " ").split() if w]
                candidates = [label[:1].upper(), "".join(w[0] for w in words).upper()[:2], label[:2].title(), label[:3].title()]
                letters = next((c for c in candidates if c and c not in taken), name[:3])
                taken.add(letters)
            colour = (declared.colour if declared and declared.colour else None) or f"hsl({(index * 137 + 20) % 360}, 45%, 38%)"
            out[name] = Symbol(name, label, letters, colour)
        return out

    def settings(self, kind: str) -> KindSheet:
        return self.spec.kinds.get(kind) or KindSheet()

    def field_label(self, name: str) -> str:
        if name in self.spec.labels:
            return self.spec.labels[name]
        for table in (self.game.counters, self.game.resources, self.game.tracks):
            if name in table:
                return self.en.word(name)
        return name.replace("_", " ")

    def colour_of(self, field_name: str, value: Any) -> str | None:
        declared = self.spec.colours.get(field_name, {})
        if str(value) in declared:
            return declared[str(value)]
        if isinstance(value, str) and value.lower() in _CSS_COLOURS:
            return value.lower()
        return None

    # grouping ---------------------------------------------------------------------------------
    def parent_field(self, kind: str) -> tuple[str, str] | None:
        """A required ref field naming another kind: its entities nest under that kind's."""
        spec = self.game.kinds[kind]
        for name, f in spec.fields.items():
            if f.type == "ref" and f.of and f.of != kind and f.of in self.game.kinds and f.required:
                return name, f.of
        return None

    def group_fields(self, kind: str, cards: list[Card]) -> list[str]:
        declared = self.settings(kind).group_by
        if declared is not None:
            return list(declared)
        if self.tile_fields(kind):
            return []  # a tile's fields are its picture
        spec = self.game.kinds[kind]
        fields: list[str] = []
        deck = self.game.deck
        if deck is not None and kind in deck.kinds and deck.key in spec.fields:
            fields.append(deck.key)
        for name, f in spec.fields.items():
            if name in fields or f.type != "choice":  # yes/no fields never become headings
                continue
            values = {repr(c.fields.get(name)) for c in cards}
            if 2 <= len(values) <= MAX_GROUPS:
                fields.append(name)
        return fields[:2]

    def colour_field(self, kind: str) -> str | None:
        declared = self.settings(kind).colour_by
        if declared is not None:
            return declared
        for name, f in self.game.kinds[kind].fields.items():
            if f.type == "choice" and any(self.colour_of(name, v) for v in (f.values or [])):
                return name
        return None

    def _value_order(self, kind: str, name: str, value: Any) -> tuple:
        if name in ("id", "name"):
            return (1, 0, str(value))
        f = self.game.kinds[kind].fields[name]
        if f.type == "choice" and f.values and value in f.values:
            return (0, f.values.index(value), "")
        if isinstance(value, bool):
            return (0, int(value), "")
        if isinstance(value, int):
            return (0, value, "")
        if value is None:
            return (2, 0, "")
        return (1, 0, str(value))

    def heading(self, name: str, value: Any) -> str:
        label = self.field_label(name)
        if value is None:
            return f"Other {label}"
        if isinstance(value, str) and len(value) > 2:
            return _capital(value.replace("_", " "))
        return f"{_capital(label)} {value}"

    # one entity -------------------------------------------------------------------------------
    def cost(self, cost: dict[str, int]) -> list[dict[str, Any]]:
        # One symbol per unit while the cost is small; past UNITS_SHOWN in all, "2 x symbol" per noun.
        small = sum(n for noun, n in cost.items() if noun in self.game.resources and noun != self.game.build.currency) <= UNITS_SHOWN + 1
        out = []
        for noun, n in cost.items():
            symbol = self.symbols.get(noun)
            if symbol is None:
                out.append({"kind": "word", "n": n, "label": noun.replace("_", " "), "letters": noun[:2], "colour": f"hsl({_hue(noun)}, 45%, 38%)"})
            elif noun == self.game.build.currency or noun not in self.game.resources:
                out.append({"kind": "number", "n": n, "label": self.en.quantity(n, noun).split(" ", 1)[1],
                            "letters": symbol.letters, "colour": symbol.colour})
            else:
                out.append({"kind": "units", "n": n, "units": n if (small and n <= UNITS_SHOWN) else 1, "label": symbol.label,
                            "letters": symbol.letters, "colour": symbol.colour})
        return out

    def cost_text(self, cost: dict[str, int]) -> str:
        """A cost in words, for the export and the text of a symbol's title."""
        return ", ".join(self.en.quantity(n, noun) for noun, n in cost.items())

    def refs_text(self, card: Card, ids: list[str]) -> str:
        """Names of referred entities, each once; one of the card's own name reads 'another X'."""
        names: list[str] = []
        for i in ids:
            name = self.en.card_name(i)
            shown = f"another {name}" if name == card.name else name
            if shown not in names:
                names.append(shown)
        return self.en.join(names, "or")

    def tile_fields(self, kind: str) -> dict[str, Any]:
        """The fields of a kind laid as board tiles (game.yaml's board), each with its hex offset."""
        board = self.game.board
        return dict(board.tiles[kind]) if board is not None and kind in board.tiles else {}

    def picture(self, card: Card) -> Markup | None:
        layout = self.tile_fields(card.kind)
        if layout:
            blank = self.game.board.blank if self.game.board is not None else None
            cells = []
            for position, (q, r) in layout.items():
                value = card.fields.get(position)
                symbol = self.symbols.get(str(value))
                colour = self.colour_of(position, value) or (symbol.colour if symbol else None) or "#ffffff"
                letters = symbol.letters if symbol else ("" if value == blank else str(value)[:1].upper())
                cells.append((q, r, colour, letters))
            return tile_svg(cells)
        landscape = self.settings(card.kind).landscape
        if landscape and card.fields.get(landscape) is not None:
            text = str(card.fields[landscape])
            colours = [c for w in text.replace(",", " ").split() if (c := self.colour_of(landscape, w))]
            return landscape_hex(colours or ["#dddddd"])
        return None

    def item(self, card: Card, hide: set[str]) -> Item:
        spec = self.game.kinds[card.kind]
        settings = self.settings(card.kind)
        rec = set(card.reconstructed)
        item = Item(card.id, card.name, card.kind, text=card.text, compiled=self.en.card(card),
                    name_mark="name" in rec, text_mark=bool(rec & {"text", "effects"}))
        colour_field = self.colour_field(card.kind)
        if colour_field is not None:
            item.colour = self.colour_of(colour_field, card.fields.get(colour_field))
        hidden = hide | set(settings.hide)
        tile = self.tile_fields(card.kind)
        if tile:
            hidden |= set(tile)
            item.picture_mark = bool(rec & set(tile))
        deck = self.game.deck
        for name, f in spec.fields.items():
            if name not in card.fields:
                continue
            value = card.fields[name]
            mark = name in rec
            if name in tile or (name in hidden and not mark):
                continue  # shown by the group's heading or the colour
            if f.type == "cost":
                if name == self.game.build.cost_field:
                    item.cost = self.cost(value)
                    item.cost_mark = mark
                else:
                    item.facts.append({"label": self.field_label(name), "cost": self.cost(value), "mark": mark})
                continue
            label = self.field_label(name)
            if f.type == "ints":
                if deck is not None and name == deck.copies:
                    label = self.spec.labels.get(name, "players")
                shown = " ".join(f"{v}+" if deck is not None and name == deck.copies else str(v) for v in value)
                if shown:
                    item.facts.append({"label": label, "value": shown, "mark": mark})
            elif f.type in ("ref", "refs"):
                ids = value if isinstance(value, list) else [value]
                if ids:
                    item.facts.append({"label": label, "value": self.refs_text(card, ids), "mark": mark})
            elif f.type == "bool":
                # A flag is printed only under the name the sheet gives it, and only when set.
                if value and name in self.spec.labels:
                    item.facts.append({"label": "", "value": self.spec.labels[name], "mark": mark})
                elif mark:
                    item.facts.append({"label": label, "value": "yes" if value else "no", "mark": mark})
            elif f.type == "choice":
                item.facts.append({"label": label, "value": str(value).replace("_", " "), "mark": mark})
            else:
                item.facts.append({"label": label, "value": str(value), "mark": mark})
        item.has_cost = self.game.build.cost_field in spec.fields
        item.picture = self.picture(card)
        return item

    def copies(self, card: Card, players: int | None) -> int:
        """How many physical copies of the entity a game of `players` uses (the most players by default)."""
        deck = self.game.deck
        if deck is None or card.kind not in deck.kinds or deck.copies not in card.fields:
            return 1
        n = players if players is not None else self.game.players.max
        return sum(1 for v in card.fields[deck.copies] if v <= n)

    # the sections -----------------------------------------------------------------------------
    def kinds_in_order(self) -> list[str]:
        order = [k for k in self.spec.order if k in self.game.kinds]
        return order + [k for k in self.game.kinds if k not in order]

    def sections(self) -> list[Section]:
        cards = list(self.compiled.cards.values())
        nested = {kind: parent for kind in self.game.kinds if (parent := self.parent_field(kind))}
        out = []
        for kind in self.kinds_in_order():
            spec = self.game.kinds[kind]
            settings = self.settings(kind)
            mine = [c for c in cards if c.kind == kind]
            if not mine:
                continue
            if kind in nested and any(c.kind == nested[kind][1] for c in cards):
                continue  # shown under its parent
            children_kinds = [(k, p[0]) for k, p in nested.items() if p[1] == kind]
            title = settings.title or _capital(spec.plural or (spec.label or kind.replace("_", " ")) + "s")
            requires = self.en.condition(spec.requires) if spec.requires is not None else ""
            group_fields = self.group_fields(kind, mine)
            order = group_fields + [f for f in settings.order_by if f not in group_fields]
            ordered = sorted(enumerate(mine), key=lambda ic: tuple(
                self._value_order(kind, f, ic[1].name if f == "name" else ic[1].id if f == "id" else ic[1].fields.get(f))
                for f in order) + (ic[0],))
            hide = set(group_fields)
            colour_field = self.colour_field(kind)
            if colour_field is not None and all(self.colour_of(colour_field, c.fields.get(colour_field)) for c in mine):
                hide.add(colour_field)
            layout = settings.layout
            if layout == "boxes" and self.game.board is not None and kind in self.game.board.tiles:
                layout = "tiles"
            groups: list[Group] = []
            last: tuple = ()
            for _i, card in ordered:
                key = tuple(repr(card.fields.get(f)) for f in group_fields)
                item = self.item(card, hide)
                for child_kind, ref_field in children_kinds:
                    kids = [c for c in cards if c.kind == child_kind and c.fields.get(ref_field) == card.id]
                    int_fields = [n for n, f in self.game.kinds[child_kind].fields.items() if f.type == "int"]
                    kids.sort(key=lambda c: tuple(c.fields.get(n, 0) for n in int_fields))
                    # the board and the stage numbers are told by the nesting and the order
                    item.children += [self.item(k, {ref_field, *int_fields}) for k in kids]
                if not groups or key != last:
                    heading = sub = None
                    if group_fields:
                        if not groups or key[:1] != last[:1]:
                            heading = self.heading(group_fields[0], card.fields.get(group_fields[0]))
                        if len(group_fields) > 1:
                            sub = self.heading(group_fields[1], card.fields.get(group_fields[1]))
                    groups.append(Group(heading, sub, []))
                    last = key
                groups[-1].items.append(item)
            table = self._table(kind, group_fields, ordered, hide) if layout == "table" and len(group_fields) == 2 else None
            if table is None and layout == "table":
                layout = "boxes"
            columns = 6 if layout == "tiles" else 2 if children_kinds else 4
            width = 190 / columns - 8.5  # mm inside a box (its padding and colour band) of the 190 mm page width
            for group in groups:
                for shown in group.items:
                    shown.fit(width)
                    for child in shown.children:
                        child.fit(width - 4)
            for _head, cells in (table.rows if table else []):
                for cell in cells:
                    for shown in cell:
                        shown.fit((190 - 21) / len(table.columns) - 6)
            count = len(mine) + sum(len(i.children) for g in groups for i in g.items)
            out.append(Section(kind, title, count, layout, columns, groups, table, requires))
        return out

    def _table(self, kind: str, group_fields: list[str], ordered: list[tuple[int, Card]], hide: set[str]) -> Table:
        rows_field, cols_field = group_fields
        spec = self.game.kinds[kind].fields[cols_field]
        col_values = list(spec.values or []) or sorted({c.fields.get(cols_field) for _i, c in ordered}, key=str)
        col_values = [v for v in col_values if any(c.fields.get(cols_field) == v for _i, c in ordered)]
        rows: list[tuple[str, list[list[Item]]]] = []
        for _i, card in ordered:
            head = self.heading(rows_field, card.fields.get(rows_field))
            if not rows or rows[-1][0] != head:
                rows.append((head, [[] for _v in col_values]))
            rows[-1][1][col_values.index(card.fields.get(cols_field))].append(self.item(card, hide))
        return Table([self.heading(cols_field, v) for v in col_values], rows)

    def context(self) -> dict[str, Any]:
        sections = self.sections()
        used: set[str] = set()
        for s in sections:
            items = [i for g in s.groups for i in g.items]
            for box in items + [k for i in items for k in i.children]:
                used |= {c["letters"] for c in box.cost}
                used |= {c["letters"] for f in box.facts for c in f.get("cost", [])}
        legend = [s for s in self.symbols.values() if s.letters in used]
        rules = [self.en.effect(e) for e in self.game.rules]
        summary = [p.strip() for p in self.game.summary.split("\n\n") if p.strip()]
        # game.yaml's own marks: values by path, and rules that are our reading
        ours = [f"{_mark_label(path)}: {why}" for path, why in self.game.reconstructed.items()]
        ours += [f"{self.en.trigger(e.on) if e.on else 'Always'}: {e.reconstructed.strip()}" for e in self.game.rules if e.reconstructed]
        return {"game": self.game, "sections": sections, "legend": legend, "rules": rules, "summary": summary, "ours": ours,
                "entities": sum(s.count for s in sections)}


def _mark_label(path: str) -> str:
    """A game.yaml path as a reader names it: 'params.max_rounds' -> 'max rounds',
    'tracks.culture.spaces' -> 'culture track, spaces' (no identifier reaches paper)."""
    section, *rest = path.split(".")
    words = [part.replace("_", " ") for part in rest] or [section.replace("_", " ")]
    if section == "tracks":
        words[0] += " track"
    return ", ".join(words)


def render_sheet(game: CompiledGame, paper: str | None = None) -> str:
    """The sheet's HTML. `paper` ('A4' or 'Letter') fixes the page size, for PDF output."""
    builder = SheetBuilder(game)
    template = environment().get_template("sheet.html.j2")
    return template.render(paper=paper, **builder.context())


def write_pdf(game: CompiledGame, path: Path, paper: str = "A4") -> Path:
    """Render the sheet to a PDF (pdf.py: WeasyPrint, atomically, with a progress line)."""
    from .pdf import html_to_pdf

    return html_to_pdf(render_sheet(game, paper=paper), path, f"{game.game.name} sheet")
