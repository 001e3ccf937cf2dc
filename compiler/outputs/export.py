"""A game's entities as a table for designers who balance in spreadsheets: one row per entity, a
column per declared field (a cost also split into one number column per noun, in the order
game.yaml declares its nouns; the deck's copies also as a number per player count), a column per
counter the entity's effects give a fixed amount of (`gives.points`, `gives.shields`, ...: what a
designer sorts by), plus id, name, kind, the designer's text, the compiled English and the fields
marked reconstructed.

CSV and JSON come from the standard library; xlsx from openpyxl (imported only for it), with
every reconstructed value's cell shaded and annotated.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..core.textsafe import csv_cell, json_safe, sheet_cell
from ..model.compiled import CompiledGame
from ..render.english import English
from ..render.sheet import SheetBuilder

FORMATS = ("csv", "json", "xlsx")
RECONSTRUCTED = "reconstructed"


def _noun_order(game: CompiledGame) -> dict[str, int]:
    """The game's nouns in the order game.yaml declares them: resources, counters, tracks, globals."""
    g = game.game
    return {n: i for i, n in enumerate(dict.fromkeys([*g.resources, *g.counters, *g.tracks, *g.globals]))}


def _copies_field(game: CompiledGame) -> str | None:
    return game.game.deck.copies if game.game.deck is not None else None


def gives(card: Any) -> dict[str, int]:
    """The fixed amounts a card's effects gain of each noun (`gain: {points: 3}` anywhere in them
    but among a choice's options): a number to sort by; an amount read at play time (per card, per
    coin) is not one."""
    out: dict[str, int] = {}

    def walk(node: Any) -> None:
        if getattr(node, "key", None) in ("choose", "may"):
            return  # alternatives, or what a player may decline: not a number the card gives
        if getattr(node, "key", None) == "gain" and isinstance(getattr(node, "arg", None), dict):
            for noun, amount in node.arg.items():
                if isinstance(amount, int) and not isinstance(amount, bool):
                    out[noun] = out.get(noun, 0) + amount
        if isinstance(node, (list, tuple)):
            for item in node:
                walk(item)
        elif isinstance(node, dict):
            for item in node.values():
                walk(item)
        elif hasattr(node, "__pydantic_fields__"):
            for name in type(node).model_fields:
                walk(getattr(node, name, None))
            walk(getattr(node, "arg", None))

    walk(list(card.effects))
    return out


def _columns(game: CompiledGame, kinds: list[str]) -> list[str]:
    """id, name, kind, every field of the kinds in order (a cost also a column per noun it names, in
    the game's noun order; the deck's copies also one per player count), what the effects give,
    then the texts."""
    fields: list[str] = []
    cost_nouns: dict[str, list[str]] = {}
    order = _noun_order(game)
    for kind in kinds:
        for name, spec in game.game.kinds[kind].fields.items():
            if name not in fields:
                fields.append(name)
            if spec.type == "cost":
                nouns = cost_nouns.setdefault(name, [])
                for card in game.cards.values():
                    if card.kind == kind:
                        nouns += [n for n in (card.fields.get(name) or {}) if n not in nouns]
    for nouns in cost_nouns.values():
        nouns.sort(key=lambda n: order.get(n, len(order)))
    copies = _copies_field(game)
    players = range(game.game.players.min, game.game.players.max + 1)
    columns = ["id", "name", "kind"]
    for name in fields:
        columns.append(name)
        columns += [f"{name}.{noun}" for noun in cost_nouns.get(name, [])]
        if name == copies:
            columns += [f"{name}.{n}p" for n in players]
    given = sorted(
        {noun for c in game.cards.values() if c.kind in kinds for noun in gives(c)},
        key=lambda n: order.get(n, len(order)),
    )
    columns += [f"gives.{noun}" for noun in given]
    return columns + ["text", "compiled", RECONSTRUCTED]


def _cells(builder: SheetBuilder, row: dict[str, Any], card: Any, copies: str | None, players: range) -> None:
    """A card's fields into its row: a cost in words and a number per noun, a list joined by commas,
    the deck's copies also as how many copies there are at each player count; what it gives."""
    for name, value in card.fields.items():
        if isinstance(value, dict):
            row[name] = builder.cost_text(value)
            for noun, n in value.items():
                row[f"{name}.{noun}"] = n
        elif isinstance(value, list):
            row[name] = ", ".join(str(v) for v in value)
            if name == copies:
                for n in players:
                    row[f"{name}.{n}p"] = sum(1 for at in value if isinstance(at, int) and at <= n)
        else:
            row[name] = value
    for noun, n in gives(card).items():
        row[f"gives.{noun}"] = n


def table(game: CompiledGame) -> tuple[list[str], list[dict[str, Any]], list[set[str]]]:
    """The columns, the rows (column -> value) and, per row, the columns holding a reconstructed value."""
    builder = SheetBuilder(game)
    en = English(game.game, game.cards)
    kinds = builder.kinds_in_order()
    columns = _columns(game, kinds)
    order = {kind: i for i, kind in enumerate(kinds)}
    rows: list[dict[str, Any]] = []
    marks: list[set[str]] = []
    copies = _copies_field(game)
    players = range(game.game.players.min, game.game.players.max + 1)
    for card in sorted(game.cards.values(), key=lambda c: order[c.kind]):
        row: dict[str, Any] = {c: None for c in columns}
        row.update(
            id=card.id,
            name=card.name,
            kind=card.kind,
            text=card.text.strip(),
            compiled=en.card(card),
            reconstructed=", ".join(card.reconstructed),
        )
        _cells(builder, row, card, copies, players)
        rec = set(card.reconstructed)
        marks.append({c for c in columns if c in rec or c.split(".")[0] in rec})
        rows.append(row)
    return columns, rows, marks


def to_csv(game: CompiledGame) -> str:
    """Every cell as a spreadsheet shows text (textsafe.csv_cell): a name is never run as a formula."""
    columns, rows, _marks = table(game)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([csv_cell(c) for c in columns])
    for row in rows:
        writer.writerow(["" if row[c] is None else csv_cell(row[c]) for c in columns])
    return out.getvalue()


def to_json(game: CompiledGame) -> str:
    columns, rows, _marks = table(game)
    notes = _notes(game)
    out: dict[str, Any] = {"game": game.game.id, "columns": columns, "rows": rows}
    if notes:
        out["reconstructed"] = dict(notes)  # game.yaml's marks and why each was chosen (the sheet names them only)
    return json_safe(json.dumps(out, indent=2, ensure_ascii=False)) + "\n"


def _notes(game: CompiledGame) -> list[tuple[str, str]]:
    """game.yaml's reconstructed values and rules, each with why it was chosen: the research notes,
    which the printed sheet leaves out (it marks them) and the export keeps."""
    en = English(game.game, game.cards)
    notes = list(game.game.reconstructed.items())
    notes += [
        (f"rules[{i}] ({en.trigger(e.on) if e.on else 'standing'})", e.reconstructed.strip())
        for i, e in enumerate(game.game.rules)
        if e.reconstructed
    ]
    return notes


def to_xlsx(game: CompiledGame) -> bytes:
    from openpyxl import Workbook  # noqa: PLC0415
    from openpyxl.comments import Comment  # noqa: PLC0415
    from openpyxl.styles import Font, PatternFill  # noqa: PLC0415
    from openpyxl.worksheet.worksheet import Worksheet  # noqa: PLC0415

    columns, rows, marks = table(game)
    book = Workbook()
    sheet = book.active
    assert isinstance(sheet, Worksheet)  # a new workbook's one sheet
    sheet.title = game.game.id[:31]
    sheet.append([sheet_cell(c) for c in columns])
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    shade = PatternFill("solid", fgColor="F8D7DA")
    for row, marked in zip(rows, marks):
        sheet.append([sheet_cell(row[c]) for c in columns])
        for cell in sheet[sheet.max_row]:
            if isinstance(cell.value, str) and cell.value.startswith("="):
                cell.data_type = "s"  # a text, never a formula
        for i, column in enumerate(columns, start=1):
            if column in marked:
                cell = sheet.cell(row=sheet.max_row, column=i)
                cell.fill = shade
                cell.comment = Comment("reconstructed: no public source gives this value", "ostraka")
    sheet.freeze_panes = "D2"
    sheet.auto_filter.ref = sheet.dimensions  # a filter and a sort on every column's head
    notes = _notes(game)
    if notes:
        kept = book.create_sheet("reconstructed")
        kept.append(["game.yaml", "why"])
        for cell in kept[1]:
            cell.font = Font(bold=True)
        for path, why in notes:
            kept.append([path, why])
            for cell in kept[kept.max_row]:
                if isinstance(cell.value, str) and cell.value.startswith("="):
                    cell.data_type = "s"
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def export(game: CompiledGame, fmt: str) -> str | bytes:
    writers: dict[str, Callable[[CompiledGame], str | bytes]] = {"csv": to_csv, "json": to_json, "xlsx": to_xlsx}
    return writers[fmt](game)


def write(data: str | bytes, path: Path, root: Path | None = None) -> Path:
    """The table written all at once, never through a link (core/writes.py)."""
    from ..core.writes import write_file

    return write_file(path, data, root)
