"""What a game's printed outputs show: its entities grouped, ordered, coloured and described as
game.yaml's `sheet:` section says (sheet_spec.py), with defaults taken from the rest of game.yaml.

The reference sheet (render_sheet), the print-and-play cards (pnp.py) and the spreadsheet export
(export.py) all read entities through `SheetBuilder`. On paper an entity shows the designer's
`text`, its cost as symbols and its fields under their printed names; the compiled English of its
effects only sits in a collapsed "as compiled" line on screen. No game is named here. Jinja2
autoescapes everything: a card's name or text can never become markup.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from ..core.textsafe import finalize
from ..model.compiled import CompiledGame
from ..model.game import Card
from .sheet_entity import EntityPrinter
from .sheet_model import Group, Item, Section, Symbol, Table

__all__ = ["Group", "Item", "Section", "SheetBuilder", "Symbol", "Table", "environment", "render_sheet", "write_pdf"]

TEMPLATES = Path(__file__).parent / "templates"
MAX_GROUPS = 12
PAGE_WIDTH = 190  # mm of the page a sheet's boxes share


def environment() -> Environment:
    return Environment(
        loader=FileSystemLoader(str(TEMPLATES)),
        autoescape=True,
        finalize=finalize,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=StrictUndefined,
    )


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class SheetBuilder(EntityPrinter):
    """A game's entities grouped, ordered and laid out in sections, as game.yaml's `sheet:` says."""

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

    # the sections -----------------------------------------------------------------------------
    def kinds_in_order(self) -> list[str]:
        order = [k for k in self.spec.order if k in self.game.kinds]
        return order + [k for k in self.game.kinds if k not in order]

    def sections(self) -> list[Section]:
        cards = list(self.compiled.cards.values())
        nested = {kind: parent for kind in self.game.kinds if (parent := self.parent_field(kind))}
        out = []
        for kind in self.kinds_in_order():
            mine = [c for c in cards if c.kind == kind]
            if not mine:
                continue
            if kind in nested and any(c.kind == nested[kind][1] for c in cards):
                continue  # shown under its parent
            out.append(self._section(kind, mine, cards, [(k, p[0]) for k, p in nested.items() if p[1] == kind]))
        return out

    def _section(
        self, kind: str, mine: list[Card], cards: list[Card], children_kinds: list[tuple[str, str]]
    ) -> Section:
        spec = self.game.kinds[kind]
        settings = self.settings(kind)
        title = settings.title or _capital(spec.plural or (spec.label or kind.replace("_", " ")) + "s")
        requires = self.en.condition(spec.requires) if spec.requires is not None else ""
        group_fields = self.group_fields(kind, mine)
        ordered = self._ordered(kind, mine, group_fields + [f for f in settings.order_by if f not in group_fields])
        hide = self._hidden(kind, mine, group_fields)
        layout = settings.layout
        if layout == "boxes" and self.game.board is not None and kind in self.game.board.tiles:
            layout = "tiles"
        groups = self._groups(ordered, group_fields, hide, children_kinds, cards)
        table = self._table(kind, group_fields, ordered, hide) if layout == "table" and len(group_fields) == 2 else None
        if table is None and layout == "table":
            layout = "boxes"
        columns = 6 if layout == "tiles" else 2 if children_kinds else 4
        _fit(groups, table, columns)
        count = len(mine) + sum(len(i.children) for g in groups for i in g.items)
        return Section(kind, title, count, layout, columns, groups, table, requires)

    def _ordered(self, kind: str, mine: list[Card], order: list[str]) -> list[tuple[int, Card]]:
        return sorted(
            enumerate(mine),
            key=lambda ic: (
                tuple(
                    self._value_order(
                        kind, f, ic[1].name if f == "name" else ic[1].id if f == "id" else ic[1].fields.get(f)
                    )
                    for f in order
                )
                + (ic[0],)
            ),
        )

    def _hidden(self, kind: str, mine: list[Card], group_fields: list[str]) -> set[str]:
        """The fields a box leaves out: its group's headings, and its colour when every entity has one."""
        hide = set(group_fields)
        colour_field = self.colour_field(kind)
        if colour_field is not None and all(self.colour_of(colour_field, c.fields.get(colour_field)) for c in mine):
            hide.add(colour_field)
        return hide

    def _groups(
        self,
        ordered: list[tuple[int, Card]],
        group_fields: list[str],
        hide: set[str],
        children_kinds: list[tuple[str, str]],
        cards: list[Card],
    ) -> list[Group]:
        groups: list[Group] = []
        last: tuple = ()
        for _i, card in ordered:
            key = tuple(repr(card.fields.get(f)) for f in group_fields)
            item = self.item(card, hide)
            for child_kind, ref_field in children_kinds:
                item.children += self._children(card, child_kind, ref_field, cards)
            if not groups or key != last:
                groups.append(self._group(card, group_fields, new_heading=not groups or key[:1] != last[:1]))
                last = key
            groups[-1].items.append(item)
        return groups

    def _group(self, card: Card, group_fields: list[str], new_heading: bool) -> Group:
        heading = sub = None
        if group_fields:
            if new_heading:
                heading = self.heading(group_fields[0], card.fields.get(group_fields[0]))
            if len(group_fields) > 1:
                sub = self.heading(group_fields[1], card.fields.get(group_fields[1]))
        return Group(heading, sub, [])

    def _children(self, card: Card, child_kind: str, ref_field: str, cards: list[Card]) -> list[Item]:
        kids = [c for c in cards if c.kind == child_kind and c.fields.get(ref_field) == card.id]
        int_fields = [n for n, f in self.game.kinds[child_kind].fields.items() if f.type == "int"]
        kids.sort(key=lambda c: tuple(c.fields.get(n, 0) for n in int_fields))
        # the board and the stage numbers are told by the nesting and the order
        return [self.item(k, {ref_field, *int_fields}) for k in kids]

    def _table(self, kind: str, group_fields: list[str], ordered: list[tuple[int, Card]], hide: set[str]) -> Table:
        rows_field, cols_field = group_fields
        spec = self.game.kinds[kind].fields[cols_field]
        col_values: list[Any] = list(spec.values or []) or sorted(
            {c.fields.get(cols_field) for _i, c in ordered}, key=str
        )
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
        # game.yaml's own marks, named on paper (values by path, rules that are our reading); why
        # each was chosen is research, for `ostraka explain` and the export, not for the table
        ours = list(dict.fromkeys(_mark_label(path) for path in self.game.reconstructed))
        ours += list(
            dict.fromkeys(
                f"the rule {self.en.trigger(e.on)[0].lower()}{self.en.trigger(e.on)[1:]}" if e.on else "a standing rule"
                for e in self.game.rules
                if e.reconstructed
            )
        )
        return {
            "game": self.game,
            "sections": sections,
            "legend": legend,
            "rules": rules,
            "summary": summary,
            "ours": ours,
            "entities": sum(s.count for s in sections),
        }


def _fit(groups: list[Group], table: Table | None, columns: int) -> None:
    """Each box's cost on the name's line or its own, for the width the layout gives the box."""
    width = PAGE_WIDTH / columns - 8.5  # mm inside a box (its padding and colour band) of the page width
    for group in groups:
        for shown in group.items:
            shown.fit(width)
            for child in shown.children:
                child.fit(width - 4)
    if table is None:
        return
    for _head, cells in table.rows:
        for cell in cells:
            for shown in cell:
                shown.fit((PAGE_WIDTH - 21) / len(table.columns) - 6)


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


def write_pdf(game: CompiledGame, path: Path, paper: str = "A4", root: Path | None = None) -> Path:
    """Render the sheet to a PDF (pdf.py: WeasyPrint, atomically, with a progress line)."""
    from .pdf import html_to_pdf

    return html_to_pdf(render_sheet(game, paper=paper), path, f"{game.game.name} sheet", root)
