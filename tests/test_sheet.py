"""Reference sheets: built for every game, grouped from game.yaml, escaped, deterministic, printed
to PDF, and rendered in a real headless Chromium that finds every entity and no overflowing text.

Screenshots are saved under build/test-artifacts/sheets/ (ignored by git)."""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from markupsafe import escape

from compiler.emit import game_outputs
from compiler.english import English
from compiler.project import load
from compiler.sheet import render_sheet

REPO = Path(__file__).resolve().parent.parent
ARTIFACTS = REPO / "build" / "test-artifacts" / "sheets"
GAMES = load([], REPO).games
IDS = [g.id for g in GAMES]


def _game(game_id):
    return next(g for g in GAMES if g.id == game_id)


def _articles(page: str) -> dict[str, str]:
    """card id -> the HTML of its box."""
    out = {}
    for m in re.finditer(r'<article class="card[^"]*"[^>]*data-id="([^"]+)"[^>]*>(.*?)</article>', page, re.S):
        out[html.unescape(m.group(1))] = m.group(2)
    return out


# ------------------------------------------------------------------------------ the HTML

@pytest.mark.parametrize("game_id", IDS)
def test_sheet_is_an_output_of_the_build_and_holds_every_entity(game_id):
    game = _game(game_id)
    outputs = game_outputs(game)
    assert "sheet.html" in outputs
    page = outputs["sheet.html"]
    assert page == render_sheet(game), "the build writes the same sheet as `ostraka sheet`"
    assert page == render_sheet(_game(game_id)), "two renderings differ"
    boxes = _articles(page)
    assert set(boxes) == set(game.cards), set(game.cards) ^ set(boxes)
    en = English(game.game, game.cards)
    for card_id, card in game.cards.items():
        assert str(escape(card.name)) in boxes[card_id]
        assert str(escape(en.card(card))) in boxes[card_id], card_id


@pytest.mark.parametrize("game_id", IDS)
def test_reconstructed_values_are_marked(game_id):
    game = _game(game_id)
    boxes = _articles(render_sheet(game))
    for card_id, card in game.cards.items():
        marked = "reconstructed" in boxes[card_id]
        assert marked == bool(card.reconstructed), f"{card_id}: reconstructed {card.reconstructed}, marked {marked}"
        assert boxes[card_id].count("&dagger;") + boxes[card_id].count("\u2020") >= len(set(card.reconstructed) & set(card.fields))


def test_print_css_for_a4_and_letter():
    page = render_sheet(GAMES[0])
    assert "@page { margin: 12mm; }" in page and "break-inside: avoid" in page
    assert "size: A4" in render_sheet(GAMES[0], paper="A4")
    assert "size: letter" in render_sheet(GAMES[0], paper="Letter")
    assert "size:" not in page.split("</style>")[0].replace("font-size:", "")


def test_grouping_follows_the_deck_key_and_choice_fields():
    """A game with a deck key groups its cards by it, then by a choice field, in declared order."""
    game = next(g for g in GAMES if g.game.deck is not None)
    page = render_sheet(game)
    key = game.game.deck.key
    values = sorted({c.fields[key] for c in game.cards.values() if key in c.fields})
    headings = re.findall(r"<h3>([^<]+)</h3>", page)
    wanted = [f"{key[:1].upper() + key[1:]} {v}" for v in values]
    assert [h for h in headings if h in wanted] == wanted


def test_nested_kinds_sit_under_their_parent():
    """Entities whose kind refers to another kind (a required ref field) are shown inside it."""
    for game in GAMES:
        for kind, spec in game.game.kinds.items():
            parent = next((n for n, f in spec.fields.items() if f.type == "ref" and f.required and f.of and f.of != kind), None)
            if parent is None:
                continue
            page = render_sheet(game)
            families = [f for f in re.split(r'<div class="cards', page)[1:] if f.startswith(' family">')]
            assert families, f"{game.id}: no family of {kind}"
            for card in game.cards.values():
                if card.kind != kind:
                    continue
                family = next((f for f in families if f'data-id="{card.id}"' in f), None)
                assert family is not None and f'data-id="{card.fields[parent]}"' in family, card.id
            return
    pytest.skip("no game has a kind nested under another")


def test_hostile_names_and_texts_stay_text(tmp_path):
    game = GAMES[0]
    hostile = '<script>alert("x")</script> & {{ 7*7 }} {% raw %}'
    card = next(iter(game.cards.values()))
    patched = card.model_copy(update={"name": hostile, "text": hostile})
    cards = dict(game.cards)
    cards[card.id] = patched
    from dataclasses import replace

    page = render_sheet(replace(game, cards=cards))
    assert "<script>" not in page
    assert "&lt;script&gt;alert(" in page and "{{ 7*7 }}" in page


# ------------------------------------------------------------------------------ PDF

def test_pdf_is_written(tmp_path, ostraka):
    pytest.importorskip("weasyprint", reason="WeasyPrint is a pinned dependency; install with `make`")
    target = tmp_path / "sheet.pdf"
    result = ostraka("sheet", GAMES[0].id, "--pdf", "--paper", "Letter", "--out", str(target))
    assert result.exit_code == 0, result.output
    data = target.read_bytes()
    assert data.startswith(b"%PDF-")
    assert data.rstrip().endswith(b"%%EOF") and len(data) > 10_000
    from weasyprint import HTML

    for paper, width_in in (("A4", 210 / 25.4), ("Letter", 8.5)):
        document = HTML(string=render_sheet(GAMES[0], paper=paper)).render()
        assert len(document.pages) >= 2
        assert abs(document.pages[0].width - width_in * 96) < 2, (paper, document.pages[0].width)


def test_sheet_command_prints_html(ostraka):
    result = ostraka("sheet", GAMES[0].id)
    assert result.exit_code == 0
    assert result.output == render_sheet(GAMES[0])


# ------------------------------------------------------------------------------ a real browser

def _chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


@pytest.fixture(scope="module")
def chromium():
    path = _chromium()
    if path is None and shutil.which("apt-get") and hasattr(os, "geteuid") and os.geteuid() == 0:
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        try:
            subprocess.run(["apt-get", "install", "-y", "-q", "chromium"], env=env, capture_output=True, timeout=900, check=False)
            if _chromium() is None:
                subprocess.run(["apt-get", "update", "-q"], env=env, capture_output=True, timeout=600, check=False)
                subprocess.run(["apt-get", "install", "-y", "-q", "chromium"], env=env, capture_output=True, timeout=900, check=False)
        except (OSError, subprocess.SubprocessError):
            pass
        path = _chromium()
    if path is None:
        pytest.skip("headless Chromium is not installed and could not be installed here (apt-get install chromium)")
    return path


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


def _run_chromium(binary: str, args: list[str]) -> subprocess.CompletedProcess:
    profile = tempfile.mkdtemp(prefix="ostraka-chromium-")
    try:
        return subprocess.run(
            [binary, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run",
             f"--user-data-dir={profile}", "--hide-scrollbars", *args],
            capture_output=True, text=True, timeout=180, check=False,
        )
    finally:
        shutil.rmtree(profile, ignore_errors=True)


@pytest.mark.parametrize("width", [794, 1240], ids=["a4-96dpi", "wide"])
@pytest.mark.parametrize("game_id", IDS)
def test_sheet_in_headless_chromium(chromium, tmp_path, game_id, width):
    game = _game(game_id)
    page = render_sheet(game)
    probe = tmp_path / "sheet.html"
    probe.write_text(page.replace("</body>", _PROBE + "</body>"), encoding="utf-8")
    done = _run_chromium(chromium, [f"--window-size={width},1200", "--virtual-time-budget=5000", "--dump-dom", probe.as_uri()])
    match = re.search(r'<pre id="ostraka-geometry">(.*?)</pre>', done.stdout, re.S)
    assert match, f"Chromium produced no geometry (exit {done.returncode}): {done.stderr[-2000:]}"
    boxes = json.loads(html.unescape(match.group(1)))
    assert {b["id"] for b in boxes} == set(game.cards)
    for b in boxes:
        assert b["name"] == game.cards[b["id"]].name
        assert b["w"] > 50 and b["h"] > 20, b
    overflowing = [(b["id"], b["problems"]) for b in boxes if b["problems"]]
    assert not overflowing, f"text overflows its box: {overflowing[:10]}"
    # A screenshot of the sheet as printed at this width, kept as a test artifact.
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    plain = tmp_path / "plain.html"
    plain.write_text(page, encoding="utf-8")
    shot = ARTIFACTS / f"{game_id}-{width}.png"
    taken = _run_chromium(chromium, [f"--window-size={width},2400", f"--screenshot={shot}", plain.as_uri()])
    assert shot.is_file() and shot.stat().st_size > 10_000, taken.stderr[-2000:]
    assert shot.read_bytes().startswith(b"\x89PNG")


def test_the_probe_sees_overflow_when_boxes_are_too_small(chromium, tmp_path):
    """The geometry check can fail: squeeze every box and it must report the overflow."""
    game = GAMES[0]
    page = render_sheet(game).replace("</style>", ".card { height: 6mm; }\n</style>")
    probe = tmp_path / "squeezed.html"
    probe.write_text(page.replace("</body>", _PROBE + "</body>"), encoding="utf-8")
    done = _run_chromium(chromium, ["--window-size=794,1200", "--dump-dom", probe.as_uri()])
    boxes = json.loads(html.unescape(re.search(r'<pre id="ostraka-geometry">(.*?)</pre>', done.stdout, re.S).group(1)))
    assert boxes and all(b["problems"] for b in boxes)


@pytest.mark.parametrize("game_id", IDS)
def test_chromium_prints_the_sheet(chromium, tmp_path, game_id):
    """Chromium's own print path (as a user printing the page): a PDF of several pages, kept as an artifact."""
    page = tmp_path / "sheet.html"
    page.write_text(render_sheet(_game(game_id)), encoding="utf-8")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    pdf = ARTIFACTS / f"{game_id}-chromium.pdf"
    done = _run_chromium(chromium, ["--no-pdf-header-footer", f"--print-to-pdf={pdf}", page.as_uri()])
    assert pdf.is_file(), done.stderr[-2000:]
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF-") and len(re.findall(rb"/Type\s*/Page\b", data)) >= 2
