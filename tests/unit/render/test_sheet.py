"""Reference sheets: the designer's text on paper (compiled English only collapsed, on screen), the
game.yaml `sheet:` section and its defaults, tiles drawn as hexes, tables, PDFs whose boxes never
break across pages and that hold every entity's name within the page budget, and a real headless
Chromium that finds every entity and no overflowing text.

Each game's sheet is rendered once per session (HTML, and an A4 PDF through WeasyPrint).
Screenshots and PDFs are kept under build/test-artifacts/sheets/ (ignored by git)."""

from __future__ import annotations

import html
import io
import json
import re
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from markupsafe import escape

from compiler.model.sheet_spec import SheetSpec
from compiler.pipeline.emit.generated import game_outputs
from compiler.pipeline.project import load
from compiler.render.english import English
from compiler.render.sheet import render_sheet

from browser import run_chromium
from repo_paths import REPO

ARTIFACTS = REPO / "build" / "test-artifacts" / "sheets"
GAMES = load([], REPO).games
IDS = [g.id for g in GAMES]
# The page budget on A4: a published rulebook appendix uses 2 to 4 pages.
MAX_PAGES = {"seven_wonders": 4}
DEFAULT_MAX_PAGES = 6


def _game(game_id):
    return next(g for g in GAMES if g.id == game_id)


def _articles(page: str) -> dict[str, str]:
    """card id -> the HTML of its box."""
    out = {}
    for m in re.finditer(r'<article class="card[^"]*"[^>]*data-id="([^"]+)"[^>]*>(.*?)</article>', page, re.S):
        out[html.unescape(m.group(1))] = m.group(2)
    return out


def _paper_text(page: str) -> str:
    """What a printer puts on paper: the page without the screen-only parts, tags and styles."""
    body = page.split("<body>", 1)[1]
    body = re.sub(r"<details class=\"[^\"]*compiled[^\"]*\".*?</details>", " ", body, flags=re.S)
    body = re.sub(r"<svg.*?</svg>", " ", body, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", body))


@pytest.fixture(scope="session")
def sheets():
    return {g.id: render_sheet(g) for g in GAMES}


@pytest.fixture(scope="session")
def pdfs():
    """Each game's A4 sheet through WeasyPrint: the laid-out document and the PDF's bytes."""
    weasyprint = pytest.importorskip("weasyprint", reason="WeasyPrint is a pinned dependency; install with `make`")
    out = {}
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for g in GAMES:
        document = weasyprint.HTML(string=render_sheet(g, paper="A4")).render()
        data = document.write_pdf()
        (ARTIFACTS / f"{g.id}-A4.pdf").write_bytes(data)
        out[g.id] = (document, data)
    return out


# ------------------------------------------------------------------------------ the HTML


@pytest.mark.parametrize("game_id", IDS)
def test_every_entity_is_printed_with_the_designers_text(game_id, sheets):
    game = _game(game_id)
    page = sheets[game_id]
    assert game_outputs(game)["sheet.html"] == page, "the build writes the same sheet as `ostraka sheet`"
    assert render_sheet(_game(game_id)) == page, "two renderings differ"
    boxes = _articles(page)
    assert set(boxes) == set(game.cards), set(game.cards) ^ set(boxes)
    en = English(game.game, game.cards)
    for card_id, card in game.cards.items():
        box = boxes[card_id]
        assert str(escape(card.name)) in box
        assert f'<p class="text">{escape(card.text)}' in box, card_id
        # The compiled English is there, but only inside the collapsed "as compiled" line.
        compiled = str(escape(en.card(card)))
        visible = re.sub(r"<details.*?</details>", "", box, flags=re.S)
        assert compiled in box and (compiled not in visible or compiled == str(escape(card.text))), card_id


@pytest.mark.parametrize("game_id", IDS)
def test_no_internal_identifier_reaches_paper(game_id, sheets):
    text = _paper_text(sheets[game_id])
    identifiers = sorted(set(re.findall(r"\b[a-z]+(?:_[a-z0-9]+)+\b", text)))
    assert not identifiers, identifiers
    for flag in ("Not unique", "no supply", "No effect.", "Rules every player has", "the card's"):
        assert flag not in text


@pytest.mark.parametrize("game_id", IDS)
def test_the_designers_summary_heads_the_sheet(game_id, sheets):
    game = _game(game_id)
    assert game.game.summary.strip(), f"{game_id}: game.yaml has no summary"
    head = sheets[game_id].split("<main>")[0]
    for paragraph in game.game.summary.split("\n\n"):
        assert str(escape(paragraph.strip())) in head
    # The compiled rules are screen-only.
    assert re.search(r'<details class="rules-of-game compiled">', head) or not game.game.rules
    assert "@media print" in head and ".compiled, .rules-of-game { display: none; }" in head


@pytest.mark.parametrize("game_id", IDS)
def test_reconstructed_values_are_marked(game_id, sheets):
    game = _game(game_id)
    page = sheets[game_id]
    assert "reconstructed: a value no public source gives" in _paper_text(page)
    boxes = _articles(page)
    for card_id, card in game.cards.items():
        marked = "&dagger;" in boxes[card_id]
        assert marked == bool(card.reconstructed), f"{card_id}: reconstructed {card.reconstructed}, marked {marked}"


def test_print_css_for_a4_and_letter(sheets):
    page = sheets[IDS[0]]
    assert "@page { margin: 10mm; }" in page and "break-inside: avoid" in page
    assert "size: A4" in render_sheet(GAMES[0], paper="A4")
    assert "size: letter" in render_sheet(GAMES[0], paper="Letter")
    assert "size:" not in page.split("</style>")[0].replace("font-size:", "")


# ------------------------------------------------------------------------------ the sheet: section


def test_sections_follow_the_declared_order(sheets):
    ordered = 0
    for game in GAMES:
        order = [k for k in game.game.sheet.order if any(c.kind == k for c in game.cards.values())]
        found = re.findall(r'<section class="kind [a-z]+" id="kind-([a-z_]+)"', sheets[game.id])
        assert found, f"{game.id}: the sheet has no section of a kind"
        assert [k for k in found if k in order] == order, game.id
        ordered += len(order) >= 2
    assert ordered >= 4, "the shipped games each declare an order of two kinds or more"


def test_grouping_ordering_and_colours_come_from_the_sheet_section(sheets):
    game = _game("seven_wonders")
    page = sheets["seven_wonders"]
    spec = game.game.sheet
    assert spec.kinds["card"].group_by == ["age"]
    assert [h for h in re.findall(r"<h3>([^<]+)</h3>", page)][:3] == ["Age 1", "Age 2", "Age 3"]
    boxes = _articles(page)
    for card in game.cards.values():
        if card.kind == "card":
            colour = spec.colours["colour"][card.fields["colour"]]
            assert f'data-id="{card.id}" style="border-left-color: {colour}"' in page, card.id
    # Within an age, the cards follow the declared colour order.
    values = game.game.kinds["card"].fields["colour"].values
    age1 = [c for c in re.findall(r'data-id="([a-z_0-9]+)"', page.split("<h3>Age 2</h3>")[0]) if c in game.cards]
    colours = [values.index(game.cards[c].fields["colour"]) for c in age1]
    assert colours == sorted(colours) and boxes


def test_defaults_when_the_sheet_section_is_absent():
    """Without a sheet: section every game still prints every entity, grouped from game.yaml."""
    for game in GAMES:
        bare = replace(game, game=game.game.model_copy(update={"sheet": SheetSpec()}))
        page = render_sheet(bare)
        assert set(_articles(page)) == set(game.cards), game.id
    bare = replace(_game("seven_wonders"), game=_game("seven_wonders").game.model_copy(update={"sheet": SheetSpec()}))
    page = render_sheet(bare)
    assert "<h3>Age 1</h3>" in page and "border-left-color: blue" in page  # the deck key; a colour named by its value


def test_a_symbol_per_noun_and_compact_large_costs(sheets):
    game = _game("olympus")
    page = sheets["olympus"]
    grain = game.game.sheet.symbols["grain"]
    assert f'<span class="sym" style="background: {grain.colour}">{grain.letters}</span>' in page
    # A cost of many units reads "3x" and one symbol, never a row of five symbols and "x6".
    big = next(c for c in game.cards.values() if sum((c.fields.get("cost") or {}).values()) >= 5)
    box = _articles(page)[big.id]
    assert "&times;" in box and box.count('class="sym"') < sum(big.fields["cost"].values())
    assert "&times;6" not in page


def test_hex_tiles_are_drawn():
    game = _game("attika")
    page = render_sheet(game)
    boxes = _articles(page)
    tiles = [c for c in game.cards.values() if c.kind == "land_tile"]
    assert tiles
    for tile in tiles:
        svg = re.search(r"<svg.*?</svg>", boxes[tile.id], re.S).group(0)
        assert svg.count("<polygon") == 7, tile.id  # a flower of seven hexes
        symbols = [v for v in tile.fields.values() if v in game.game.resources]
        letters = re.findall(r">([A-Z]{1,3})</text>", svg)
        assert len(letters) == len(symbols), tile.id
    lands = [c for c in _game("peloponnes").cards.values() if c.kind == "land"]
    pelo = _articles(render_sheet(_game("peloponnes")))
    for land in lands:
        assert "<svg" in pelo[land.id], land.id


def test_what_a_building_follows_names_it_once():
    game = _game("attika")
    boxes = _articles(render_sheet(game))
    roads = [c for c in game.cards.values() if c.name == "Road"]
    assert len(roads) == 4
    for road in roads:
        assert "Road, Road" not in boxes[road.id] and "another Road" in boxes[road.id]
    follows = next(
        c for c in game.cards.values() if c.fields.get("follows") and game.cards[c.fields["follows"][0]].name != c.name
    )
    assert str(escape(game.cards[follows.fields["follows"][0]].name)) in boxes[follows.id]


def test_favors_sit_in_a_table_by_deity():
    game = _game("olympus")
    page = render_sheet(game)
    table = re.search(r'<table class="matrix">.*?</table>', page, re.S).group(0)
    deities = game.game.kinds["favor"].fields["deity"].values
    rows = re.findall(r'<th class="row">([^<]*)</th>', table)
    assert rows[1:] == [d.capitalize() for d in deities]
    for favor in (c for c in game.cards.values() if c.kind == "favor"):
        assert f'data-id="{favor.id}"' in table


def test_wonder_stages_sit_under_their_board_in_order():
    game = _game("seven_wonders")
    page = render_sheet(game)
    families = re.findall(r'<div class="family">(.*?)</div></div>', page, re.S)
    boards = [c for c in game.cards.values() if c.kind == "wonder"]
    assert len(families) == len(boards)
    for board in boards:
        family = next(f for f in families if f'data-id="{board.id}"' in f)
        stages = sorted(
            (c for c in game.cards.values() if c.kind == "wonder_stage" and c.fields["wonder"] == board.id),
            key=lambda c: c.fields["stage"],
        )
        assert re.findall(r'data-id="([a-z0-9_]+)"', family) == [board.id] + [s.id for s in stages]


def test_hostile_names_and_texts_stay_text():
    game = GAMES[0]
    hostile = '<script>alert("x")</script> & {{ 7*7 }} {% raw %}'
    card = next(iter(game.cards.values()))
    cards = dict(game.cards)
    cards[card.id] = card.model_copy(update={"name": hostile, "text": hostile})
    page = render_sheet(replace(game, cards=cards))
    assert "<script>" not in page
    assert "&lt;script&gt;alert(" in page and "{{ 7*7 }}" in page


def test_a_sheet_section_naming_what_does_not_exist_is_located(tmp_path, ostraka):
    """The sheet: section is checked like the rest of game.yaml, at its line and column."""
    shutil.copytree(REPO / "cards" / "seven_wonders", tmp_path / "cards" / "seven_wonders")
    path = tmp_path / "cards" / "seven_wonders" / "game.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace(
        "card: {group_by: [age], order_by: [colour], colour_by: colour}",
        "card: {group_by: [age], order_by: [colur], colour_by: colour}",
    )
    text = text.replace('brown: "#8b5a2b"', 'browne: "#8b5a2b"').replace(
        "    ore: {letters: O,", "    oar: {letters: O,"
    )
    path.write_text(text, encoding="utf-8")
    lines = text.splitlines()
    result = ostraka("check", str(tmp_path / "cards" / "seven_wonders"), "--format", "json", cwd=tmp_path)
    assert result.exit_code == 1, result.output
    found = {(d["code"], d["line"]) for d in result.json()["diagnostics"]}
    line_of = {
        word: next(i for i, text in enumerate(lines, 1) if word in text and "sheet" not in text[:2])
        for word in ("colur", "browne", "oar:")
    }
    assert ("E301", line_of["colur"]) in found or ("E205", line_of["colur"]) in found, found
    assert ("E205", line_of["browne"]) in found, found
    assert ("E301", line_of["oar:"]) in found, found


# ------------------------------------------------------------------------------ PDF


def _page_of_articles(document) -> dict[str, list[int]]:
    """card id -> the pages its box is laid out on (more than one: split by a page break)."""
    out: dict[str, list[int]] = {}
    for number, page in enumerate(document.pages):
        for box in page._page_box.descendants():
            element = getattr(box, "element", None)
            if getattr(box, "element_tag", None) == "article" and element is not None:
                out.setdefault(element.get("data-id"), [])
                if number not in out[element.get("data-id")]:
                    out[element.get("data-id")].append(number)
    return out


def _overflowing(document) -> list[str]:
    """Boxes whose content reaches outside their article's border box."""
    bad = []
    for page in document.pages:
        for box in page._page_box.descendants():
            if getattr(box, "element_tag", None) != "article":
                continue
            left, top = box.border_box_x(), box.border_box_y()
            right, bottom = left + box.border_width(), top + box.border_height()
            for inner in box.descendants():
                if inner is box or not hasattr(inner, "position_x") or inner.width is None:
                    continue
                if getattr(inner, "element_tag", None) == "details":
                    continue
                w = inner.margin_width() if hasattr(inner, "margin_width") else inner.width
                h = inner.margin_height() if hasattr(inner, "margin_height") else inner.height
                if w == 0 and h == 0:
                    continue
                if inner.position_x < left - 1 or inner.position_x + w > right + 1 or inner.position_y + h > bottom + 1:
                    bad.append(box.element.get("data-id"))
                    break
    return bad


@pytest.mark.parametrize("game_id", IDS)
def test_pdf_keeps_every_box_whole_within_the_page_budget(game_id, pdfs):
    document, data = pdfs[game_id]
    game = _game(game_id)
    pages = _page_of_articles(document)
    assert set(pages) == set(game.cards), set(game.cards) ^ set(pages)
    split = {cid: p for cid, p in pages.items() if len(p) > 1}
    assert not split, f"boxes broken across pages: {split}"
    assert len(document.pages) <= MAX_PAGES.get(game_id, DEFAULT_MAX_PAGES), len(document.pages)
    assert not _overflowing(document), _overflowing(document)[:10]


@pytest.mark.parametrize("game_id", IDS)
def test_pdf_text_holds_every_name(game_id, pdfs):
    """The PDF's own text (pypdf reads it back) names every entity and the reconstructed mark."""
    pypdf = pytest.importorskip("pypdf", reason="pypdf is a pinned test dependency; install with `make`")
    _document, data = pdfs[game_id]
    reader = pypdf.PdfReader(io.BytesIO(data))
    text = " ".join(" ".join(page.extract_text().split()) for page in reader.pages)
    missing = [c.name for c in _game(game_id).cards.values() if " ".join(c.name.split()) not in text]
    assert not missing, missing
    assert "reconstructed" in text
    assert "as compiled" not in text  # screen only


def test_the_overflow_check_can_fail(pdfs):
    """Squeeze the boxes: the PDF geometry check must see text outside them."""
    from weasyprint import HTML

    page = render_sheet(GAMES[0], paper="A4").replace("</style>", ".card { height: 6mm; }\n</style>")
    assert _overflowing(HTML(string=page).render())


def test_sheet_command_writes_a_pdf(tmp_path, ostraka):
    pytest.importorskip("weasyprint", reason="WeasyPrint is a pinned dependency; install with `make`")
    target = tmp_path / "sheet.pdf"
    result = ostraka("sheet", "olympus", "--pdf", "--paper", "Letter", "--out", str(target))
    assert result.exit_code == 0, result.output
    data = target.read_bytes()
    assert data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")
    import pypdf

    reader = pypdf.PdfReader(io.BytesIO(data))
    width = float(reader.pages[0].mediabox.width)
    assert abs(width - 8.5 * 72) < 2 and len(reader.pages) <= DEFAULT_MAX_PAGES
    assert not list(tmp_path.glob(".*.tmp")), "a temporary file was left behind"


def test_sheet_command_prints_html(ostraka, sheets):
    result = ostraka("sheet", GAMES[0].id)
    assert result.exit_code == 0
    assert result.output == sheets[GAMES[0].id]


# ------------------------------------------------------------------------------ a real browser


_PROBE = """
<script>
(function () {
  var out = [];
  document.querySelectorAll('article.card').forEach(function (box) {
    var r = box.getBoundingClientRect();
    var bad = [];
    if (box.scrollHeight > box.clientHeight + 1) bad.push('height ' + box.scrollHeight + '>' + box.clientHeight);
    if (box.scrollWidth > box.clientWidth + 1) bad.push('width ' + box.scrollWidth + '>' + box.clientWidth);
    box.querySelectorAll('*').forEach(function (el) {
      var e = el.getBoundingClientRect();
      if (e.width === 0 && e.height === 0) return;
      if (e.left < r.left - 1 || e.right > r.right + 1 || e.top < r.top - 1 || e.bottom > r.bottom + 1)
        bad.push(el.tagName.toLowerCase() + '.' + el.className + ' outside');
    });
    out.push({id: box.getAttribute('data-id'), name: box.querySelector('.name').textContent,
              w: r.width, h: r.height, problems: bad});
  });
  var pre = document.createElement('pre');
  pre.id = 'ostraka-geometry';
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
</script>
"""


def _geometry(chromium: str, page: str, tmp_path: Path, width: int) -> list[dict]:
    probe = tmp_path / "probe.html"
    probe.write_text(page.replace("</body>", _PROBE + "</body>"), encoding="utf-8")
    done = run_chromium(
        chromium, [f"--window-size={width},1200", "--virtual-time-budget=5000", "--dump-dom", probe.as_uri()]
    )
    match = re.search(r'<pre id="ostraka-geometry">(.*?)</pre>', done.stdout, re.S)
    assert match, f"Chromium produced no geometry (exit {done.returncode}): {done.stderr[-2000:]}"
    return json.loads(html.unescape(match.group(1)))


@pytest.mark.parametrize("game_id", IDS)
def test_sheet_in_headless_chromium(chromium, tmp_path, game_id, sheets):
    game = _game(game_id)
    page = sheets[game_id]
    boxes = _geometry(chromium, page, tmp_path, 794)  # A4 at 96 dpi
    assert {b["id"] for b in boxes} == set(game.cards)
    for b in boxes:
        assert b["name"] == game.cards[b["id"]].name
        assert b["w"] > 50 and b["h"] > 20, b
    overflowing = [(b["id"], b["problems"]) for b in boxes if b["problems"]]
    assert not overflowing, f"text overflows its box: {overflowing[:10]}"
    # A screenshot of the sheet, and Chromium's own print of it, kept as test artifacts.
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    plain = tmp_path / "plain.html"
    plain.write_text(page, encoding="utf-8")
    shot = ARTIFACTS / f"{game_id}.png"
    taken = run_chromium(chromium, ["--window-size=794,2400", f"--screenshot={shot}", plain.as_uri()])
    assert shot.is_file() and shot.read_bytes().startswith(b"\x89PNG"), taken.stderr[-2000:]
    pdf = ARTIFACTS / f"{game_id}-chromium.pdf"
    done = run_chromium(chromium, ["--no-pdf-header-footer", f"--print-to-pdf={pdf}", plain.as_uri()])
    assert pdf.is_file() and pdf.read_bytes().startswith(b"%PDF-"), done.stderr[-2000:]


def test_the_probe_sees_overflow_when_boxes_are_too_small(chromium, tmp_path, sheets):
    """The browser's geometry check can fail: squeeze every box and it must report the overflow."""
    page = sheets[IDS[0]].replace("</style>", ".card { height: 6mm; }\n</style>")
    boxes = _geometry(chromium, page, tmp_path, 794)
    assert boxes and all(b["problems"] for b in boxes)
