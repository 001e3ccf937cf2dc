"""Print-and-play card fronts (real size, as many to a page as fit, crop marks, one copy per
physical card, copies by player count), the spreadsheet export (csv, json, xlsx) and the progress
line of slow PDF work. Each game's cards PDF is rendered once per session."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

from compiler.core.progress import progress
from compiler.outputs.pnp import PAPER, pages, physical_cards, render_pnp
from compiler.pipeline.project import load
from compiler.render.english import English

from repo_paths import REPO

ARTIFACTS = REPO / "build" / "test-artifacts" / "pnp"
GAMES = load([], REPO).games
IDS = [g.id for g in GAMES]
MM = 72 / 25.4  # PDF points per mm


def _game(game_id):
    return next(g for g in GAMES if g.id == game_id)


@pytest.fixture(scope="session")
def card_pdfs():
    weasyprint = pytest.importorskip("weasyprint", reason="WeasyPrint is a pinned dependency; install with `make`")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    out = {}
    for g in GAMES:
        document = weasyprint.HTML(string=render_pnp(g, "A4")).render()
        data = document.write_pdf()
        (ARTIFACTS / f"{g.id}-A4.pdf").write_bytes(data)
        out[g.id] = (document, data)
    return out


# ------------------------------------------------------------------------------ print and play


def test_copies_follow_the_player_count():
    game = _game("seven_wonders")
    deck = game.game.deck
    for players in (3, 5, 7):
        printed = {item.id: copies for item, copies, _size in physical_cards(game, players)}
        for card in game.cards.values():
            if card.kind not in deck.kinds or card.kind != "card":
                continue
            wanted = (
                sum(1 for v in card.fields.get(deck.copies, []) if v <= players) if deck.copies in card.fields else 1
            )
            assert printed.get(card.id, 0) == wanted, (card.id, players)
    assert physical_cards(game, None) == physical_cards(game, game.game.players.max)
    # Wonder stages are on their boards, not cards; the boards are declared pnp: false.
    assert not {i.kind for i, _c, _s in physical_cards(game)} & {"wonder_stage", "wonder"}


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_cards_are_laid_at_real_size_as_many_as_fit(paper):
    game = _game("olympus")
    width, height = PAPER[paper]
    sheet = pages(game, paper)
    assert sum(len(p.cards) for p in sheet) == sum(c for _i, c, _s in physical_cards(game))
    for page in sheet:
        w, h = page.card
        assert (w, h) == tuple(game.game.sheet.card_size) == (63.0, 88.0)
        assert len(page.cards) <= 9
        for placed in page.cards:
            assert 5 <= placed.x and placed.x + w <= width - 5 and 5 <= placed.y and placed.y + h <= height - 5
        positions = {(round(p.x, 2), round(p.y, 2)) for p in page.cards}
        assert len(positions) == len(page.cards), "two cards on one spot"
    assert all(len(p.cards) == 9 for p in sheet[:-1]), "a page that could hold more cards"


def test_crop_marks_at_every_cut_line():
    game = _game("attika")
    html = render_pnp(game, "A4")
    page = pages(game, "A4")[0]
    cuts = re.findall(r'<div class="cut"', html.split('<div class="page"')[1])
    assert len(cuts) == 2 * (len(page.cuts_x) + len(page.cuts_y))
    assert len(page.cuts_x) == 4 and len(page.cuts_y) == 4  # 3 x 3 cards


@pytest.mark.parametrize("game_id", IDS)
def test_card_pdf_holds_every_printed_card(game_id, card_pdfs):
    pypdf = pytest.importorskip("pypdf", reason="pypdf is a pinned test dependency; install with `make`")
    game = _game(game_id)
    reader = pypdf.PdfReader(io.BytesIO(card_pdfs[game_id][1]))
    sheet = pages(game, "A4")
    assert len(reader.pages) == len(sheet)
    assert abs(float(reader.pages[0].mediabox.width) - 210 * MM) < 1
    text = " ".join(" ".join(p.extract_text().split()) for p in reader.pages)
    printed = physical_cards(game)
    assert printed
    for item, _copies, _size in printed:
        assert " ".join(item.name.split()) in text, item.id
        assert " ".join(item.text.split()[:6]) in text, item.id  # the designer's text
    if any(item.reconstructed for item, _c, _s in printed):
        assert "reconstructed" in text


@pytest.mark.parametrize("game_id", IDS)
def test_nothing_overflows_a_card(game_id, card_pdfs):
    """Each card's content ends above its footer line (laid out by WeasyPrint)."""
    document = card_pdfs[game_id][0]
    bad = []
    for page in document.pages:
        for box in page._page_box.descendants():
            if getattr(box, "element_tag", None) != "article":
                continue
            bottom = box.border_box_y() + box.border_height()
            body = next(
                b
                for b in box.descendants()
                if getattr(b, "element", None) is not None and b.element.get("class") == "body"
            )
            if body.position_y + body.margin_height() > bottom - 3 * 96 / 25.4:  # 3 mm kept for the footer
                bad.append(box.element.get("data-id"))
    assert not bad, bad


def test_pnp_command(tmp_path, ostraka):
    pytest.importorskip("weasyprint")
    target = tmp_path / "cards.pdf"
    result = ostraka("pnp", "seven_wonders", "--paper", "Letter", "--players", "3", "--out", str(target))
    assert result.exit_code == 0, result.output
    import pypdf

    reader = pypdf.PdfReader(str(target))
    wanted = sum(c for _i, c, _s in physical_cards(_game("seven_wonders"), 3))
    assert f"{wanted} cards on {len(reader.pages)} pages" in result.output
    assert abs(float(reader.pages[0].mediabox.width) - 8.5 * 72) < 1
    bad = ostraka("pnp", "seven_wonders", "--players", "9", "--out", str(tmp_path / "x.pdf"))
    assert bad.exit_code == 2 and not (tmp_path / "x.pdf").exists()


# ------------------------------------------------------------------------------ export


@pytest.mark.parametrize("game_id", IDS)
def test_csv_export_has_a_row_per_entity_and_a_column_per_field(game_id, ostraka):
    game = _game(game_id)
    result = ostraka("export", game_id, "--format", "csv")
    assert result.exit_code == 0
    rows = list(csv.DictReader(io.StringIO(result.output)))
    assert [r["id"] for r in rows] and {r["id"] for r in rows} == set(game.cards) and len(rows) == len(game.cards)
    columns = rows[0].keys()
    for kind in game.game.kinds.values():
        assert set(kind.fields) <= set(columns)
    assert {"id", "name", "kind", "text", "compiled", "reconstructed"} <= set(columns)
    en = English(game.game, game.cards)
    for row in rows:
        card = game.cards[row["id"]]
        assert row["name"] == card.name and row["kind"] == card.kind and row["text"] == card.text.strip()
        assert row["compiled"] == en.card(card)
        assert row["reconstructed"] == ", ".join(card.reconstructed)
        for name, value in card.fields.items():
            if isinstance(value, int) and not isinstance(value, bool):
                assert row[name] == str(value), (card.id, name)
            if isinstance(value, dict):
                for noun, n in value.items():
                    assert row[f"{name}.{noun}"] == str(n)


def test_json_and_xlsx_exports(tmp_path, ostraka):
    openpyxl = pytest.importorskip("openpyxl")
    game = _game("olympus")
    data = json.loads(ostraka("export", "olympus", "--format", "json").output)
    assert data["game"] == "olympus" and len(data["rows"]) == len(game.cards)
    target = tmp_path / "olympus.xlsx"
    result = ostraka("export", "olympus", "--format", "xlsx", "--out", str(target))
    assert result.exit_code == 0, result.output
    sheet = openpyxl.load_workbook(target).active
    header = [c.value for c in sheet[1]]
    assert header == data["columns"]
    assert sheet.max_row == len(game.cards) + 1
    # Every reconstructed value's cell is shaded and says so.
    by_id = {row[0].value: row for row in sheet.iter_rows(min_row=2)}
    marked = 0
    for card in game.cards.values():
        for field in card.reconstructed:
            if field in header:
                cell = by_id[card.id][header.index(field)]
                assert cell.comment is not None and "reconstructed" in cell.comment.text, (card.id, field)
                marked += 1
    assert marked


def test_xlsx_keeps_a_text_that_looks_like_a_formula_as_text(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    from dataclasses import replace

    from compiler.outputs.export import to_xlsx

    game = _game("attika")
    card = next(iter(game.cards.values()))
    cards = dict(game.cards)
    cards[card.id] = card.model_copy(update={"text": '=HYPERLINK("x")'})
    path = tmp_path / "x.xlsx"
    path.write_bytes(to_xlsx(replace(game, cards=cards)))
    sheet = openpyxl.load_workbook(path).active
    header = [c.value for c in sheet[1]]
    cell = next(r for r in sheet.iter_rows(min_row=2) if r[0].value == card.id)[header.index("text")]
    assert cell.data_type == "s" and cell.value == '=HYPERLINK("x")'


# ------------------------------------------------------------------------------ progress line


class _Terminal(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


def test_progress_line_only_on_a_terminal_and_only_for_slow_work():
    import threading

    seen = threading.Event()
    tty = _Terminal(True)
    with progress("ostraka: writing x", tty, delay=0.0):
        for _ in range(200):  # wait (bounded) until the line has been drawn once
            if "ostraka: writing x:" in tty.getvalue():
                seen.set()
                break
            threading.Event().wait(0.01)
    assert seen.is_set() and tty.getvalue().endswith("\n") and "done in" in tty.getvalue()
    piped = _Terminal(False)
    with progress("ostraka: writing x", piped, delay=0.0):
        threading.Event().wait(0.05)
    assert piped.getvalue() == ""
    quick = _Terminal(True)
    with progress("ostraka: writing x", quick, delay=60.0):
        pass
    assert quick.getvalue() == ""
