"""One fixture game (tests/fixtures/hostile_names) whose card names and texts hold control characters,
CSV formula starters, Markdown and HTML and right-to-left overrides, through every command that prints
or writes a name: the terminal (check, explain, cards, play, diff), HTML (sheet, simulate's report),
PDF text (sheet --pdf, pnp), CSV, xlsx, Markdown (diff for a pull request) and JSON. Each output is
read back and must hold none of it raw."""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
from pathlib import Path

import pytest

from compiler.core.textsafe import UNSAFE

from repo_paths import TESTS

FIXTURE = TESTS / "fixtures" / "hostile_names"
IDS = ["one", "two", "three", "four", "jackpot"]


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("hostile")
    shutil.copytree(FIXTURE, root / "cards" / "hostile")
    return root


def no_raw_controls(text: str) -> None:
    found = UNSAFE.findall(text)
    assert not found, f"raw control characters: {[hex(ord(c)) for c in found]}"


def strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


def run(ostraka, project: Path, *args: str) -> str:
    result = ostraka(*args, cwd=project)
    assert result.exit_code in (0, 1), result.output
    assert "Traceback" not in result.output and "E901" not in result.output, result.output
    no_raw_controls(result.output)
    return result.output


@pytest.mark.parametrize(
    "args",
    [
        ["check", "--format", "text"],
        ["check", "--format", "github"],
        ["cards", "hostile"],
        ["play", "hostile", "--players", "2", "--seed", "3"],
        *[["explain", f"hostile:{cid}"] for cid in IDS],
    ],
    ids=lambda a: "-".join(a[:3]),
)
def test_the_terminal_gets_no_control_character(ostraka, project, args):
    out = run(ostraka, project, *args)
    assert out.strip()


def test_cards_keeps_one_line_per_card(ostraka, project):
    lines = run(ostraka, project, "cards", "hostile").splitlines()
    assert len(lines) == len(IDS)
    assert all(line.split()[0] in IDS for line in lines)


@pytest.mark.parametrize(
    "args",
    [
        ["check", "--format", "json"],
        ["cards", "hostile", "--format", "json"],
        ["export", "hostile", "--format", "json"],
        ["play", "hostile", "--players", "2", "--format", "json"],
    ],
    ids=lambda a: "-".join(a[:2]),
)
def test_json_round_trips_the_names_with_their_controls_escaped(ostraka, project, args):
    out = run(ostraka, project, *args)
    data = json.loads(out)
    if args[0] in ("cards", "export"):
        assert any("Loud\x1b]0;pwned" in s for s in strings(data))  # the data as it is, once decoded
        assert "\\u001b]0;pwned" in out


def test_csv_cells_are_never_formulas(ostraka, project):
    out = run(ostraka, project, "export", "hostile")
    rows = list(csv.reader(io.StringIO(out)))
    cells = [cell for row in rows for cell in row]
    assert not [c for c in cells if c[:1] in ("=", "+", "-", "@", "\t", "\r")], cells
    names = [row[1] for row in rows[1:]]
    assert '\'=HYPERLINK("http://evil.example/x","click")' in names
    assert "'-2+3" in names
    assert any(c.startswith("'+1+cmd") for c in cells)
    assert "'-1+1 When built, gain 12 victory points." in cells


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_every_formula_start_is_neutralised(start):
    from compiler.core.textsafe import csv_cell

    assert csv_cell(f"{start}1+1").startswith("'")
    assert csv_cell(-3) == -3 and csv_cell("plain") == "plain"


def test_xlsx_holds_every_name_as_text(ostraka, project):
    openpyxl = pytest.importorskip("openpyxl")
    run(ostraka, project, "export", "hostile", "--format", "xlsx")
    book = openpyxl.load_workbook(project / "build" / "export" / "hostile.xlsx")
    sheet = book.active
    values = [c.value for row in sheet.iter_rows() for c in row if isinstance(c.value, str)]
    for row in sheet.iter_rows(min_row=2):
        assert row[1].data_type == "s"  # the name: a string, never a formula
    no_raw_controls("\n".join(values))
    assert any(v.startswith("=HYPERLINK") for v in values)


def test_html_sheet_and_report_escape_markup_and_controls(ostraka, project):
    html = run(ostraka, project, "sheet", "hostile")
    assert "<img src=x" not in html and "<script>" not in html and "</details><script>" not in html
    assert "&lt;img src=x" in html
    result = ostraka("simulate", "hostile", "--players", "2", "--games", "2", "--out", "sim", cwd=project)
    assert result.exit_code == 0, result.output
    report = (project / "sim" / "report.html").read_text()
    no_raw_controls(report)
    assert "<img src=x" not in report and "<b>@all</b>" not in report


@pytest.mark.parametrize("command", [["sheet", "hostile", "--pdf"], ["pnp", "hostile"]], ids=["sheet", "pnp"])
def test_pdf_text_holds_no_control_character(ostraka, project, command):
    pypdf = pytest.importorskip("pypdf")
    out = project / f"{command[0]}.pdf"
    run(ostraka, project, *command, "--out", str(out))
    text = "\n".join(page.extract_text() for page in pypdf.PdfReader(str(out)).pages)
    no_raw_controls(text)
    assert "HYPERLINK" in text


def test_markdown_for_a_pull_request_is_inert(ostraka, project, tmp_path):
    empty = tmp_path / "before"
    (empty / "cards").mkdir(parents=True)
    md = run(ostraka, project, "diff", str(empty), str(project), "--format", "markdown")
    assert "<img" not in md and "</details>" not in md and "<b>" not in md and "<script>" not in md
    assert not re.search(r"(?<!\\)\]\(", md)  # no link, no image
    assert not re.search(r"@[A-Za-z]", md)  # no mention notifies anyone
    assert not [line for line in md.splitlines() if "Heading" in line and not line.startswith(("|", "**"))]
    for line in md.splitlines():  # every table row keeps its columns: a pipe in a name is escaped
        if line.startswith("| added"):
            assert len(re.findall(r"(?<!\\)\|", line)) == 5, line
    text = run(ostraka, project, "diff", str(empty), str(project))
    assert text.strip()
    data = json.loads(run(ostraka, project, "diff", str(empty), str(project), "--format", "json"))
    assert data["games"]
