"""Sheets and exports for a designer: research notes off paper (a dagger and one footnote stay),
export columns for the numbers a designer sorts by, costs in the game's noun order, copies as
numbers per player count, an autofilter, and the notes kept in the export."""

from __future__ import annotations

import csv
import io
import json

import pytest

from compiler.outputs.export import to_csv, to_json, to_xlsx
from compiler.render.sheet import render_sheet

IDS = ["attika", "olympus", "peloponnes", "seven_wonders"]


def _game(real_games, gid):
    return next(g for g in real_games if g.id == gid)


@pytest.mark.parametrize("gid", IDS)
def test_no_research_note_reaches_paper(real_games, gid):
    game = _game(real_games, gid)
    for paper in (None, "A4"):  # the sheet, and the page the PDF is printed from
        page = render_sheet(game, paper=paper)
        for why in game.game.reconstructed.values():
            assert why not in page
        for rule in game.game.rules:
            if rule.reconstructed:
                assert rule.reconstructed.strip() not in page
        assert "NOT FOUND" not in page and "research" not in page.lower() and "(param " not in page
        assert "&dagger;" in page and "ostraka explain" in page  # the mark and its one footnote
        if game.game.reconstructed:
            assert 'class="ours"' in page


def test_the_export_keeps_the_notes(real_games):
    game = _game(real_games, "olympus")
    notes = json.loads(to_json(game))["reconstructed"]
    assert notes["flow.rank"] == game.game.reconstructed["flow.rank"]
    assert any(k.startswith("rules[") for k in notes)


def test_columns_a_designer_sorts_by(real_games):
    game = _game(real_games, "seven_wonders")
    rows = list(csv.DictReader(io.StringIO(to_csv(game))))
    head = list(rows[0])
    assert {"gives.points", "gives.shields", "gives.compass"} <= set(head)
    costs = [c for c in head if c.startswith("cost.")]
    order = [*game.game.resources, *game.game.counters]
    assert costs == sorted(costs, key=lambda c: order.index(c.split(".")[1]))  # the game's noun order
    baths = next(r for r in rows if r["id"] == "baths")
    assert baths["gives.points"] == "3" and baths["copies"] == "3, 7"
    assert [baths[f"copies.{n}p"] for n in range(3, 8)] == ["1", "1", "1", "1", "2"]
    altar = next(r for r in rows if r["id"] == "altar")
    assert [altar[f"copies.{n}p"] for n in (3, 4, 5)] == ["1", "1", "2"]


def test_the_xlsx_has_an_autofilter_and_the_notes(real_games, tmp_path):
    openpyxl = pytest.importorskip("openpyxl", reason="openpyxl is a pinned dependency; install with `make`")
    game = _game(real_games, "peloponnes")
    path = tmp_path / "p.xlsx"
    path.write_bytes(to_xlsx(game))
    book = openpyxl.load_workbook(path)
    main = book[game.game.id[:31]]
    assert main.auto_filter.ref and main.auto_filter.ref.startswith("A1:")
    assert "reconstructed" in book.sheetnames
    assert book["reconstructed"].max_row == 1 + len(json.loads(to_json(game))["reconstructed"])
