"""Long card texts are checked in time that grows with the file, not with its square.

A text finding is located through one map of the text's words in the file (textcheck.TextMap)
instead of a search of the whole file per finding; line numbers and lines are looked up in an
index made once per file (positions.line_starts); a CR alone ends a line for the size guard too.
The large case runs in `make stress` (tests marked `stress`); here, that the positions are right.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from compiler.load.loader import load_text
from compiler.load.positions import line_col, offset_of
from compiler.load.refusals import MAX_UNITS

TEXTS = """- id: folded
  name: Folded
  kind: card
  text: >
    Gain two coins
    when built, and then
    nine more.
  effects:
    - on: built
      do: [{gain: {coins: 2}}]
  examples:
    - name: gains
      when: {build: folded, by: p1}
      expect: {p1: {coins: 5}}
- id: quoted
  name: Quoted
  kind: card
  text: "Gain \\"two\\" coins when built, then
    nine more."
  effects:
    - on: built
      do: [{gain: {coins: 2}}]
  examples:
    - name: gains
      when: {build: quoted, by: p1}
      expect: {p1: {coins: 5}}
- id: single
  name: Single
  kind: card
  text: 'Gain two coins when it''s built, then nine more.'
  effects:
    - on: built
      do: [{gain: {coins: 2}}]
  examples:
    - name: gains
      when: {build: single, by: p1}
      expect: {p1: {coins: 5}}
"""


def test_text_findings_are_located_at_their_words(mini_game, ostraka):
    """Folded, double-quoted with escapes before the word, and single-quoted with a doubled quote."""
    (mini_game / "good.yaml").unlink()
    (mini_game / "texts.yaml").write_text(TEXTS, encoding="utf-8")
    result = ostraka("check", "--no-cache", cwd=mini_game.parent.parent)
    found = sorted(row.split(": warning")[0] for row in result.output.splitlines() if " W501: " in row)
    assert found == ["cards/mini/texts.yaml:19:5", "cards/mini/texts.yaml:30:48", "cards/mini/texts.yaml:7:5"], (
        result.output
    )


def _number_words(rnd: random.Random, length: int) -> str:
    words = ["one", "two", "three", "five", "seven", "nine", "twelve", "twenty"]
    out: list[str] = []
    while len(" ".join(out)) < length:
        out.append(rnd.choice(words))
    return " ".join(out[:-1])


def _long_cards(n: int, length: int) -> str:
    rnd = random.Random(7)
    return "".join(
        f"""- id: long{i}
  name: Long {i}
  kind: card
  text: >
    {_number_words(rnd, length)}
  effects:
    - on: built
      do: [{{gain: {{coins: 2}}}}]
  examples:
    - name: gains
      when: {{build: long{i}, by: p1}}
      expect: {{p1: {{coins: 5}}}}
"""
        for i in range(n)
    )


def _check_every_finding_sits_on_its_number(project: Path, ostraka) -> int:
    result = ostraka("check", "--no-cache", "--format", "json", cwd=project)
    text = (project / "cards" / "mini" / "long.yaml").read_text(encoding="utf-8")
    lines = text.splitlines()
    findings = [d for d in result.json()["diagnostics"] if d["code"] == "W501" and "text says" in d["message"]]
    for d in findings:
        said = d["message"].split("text says ")[1].split(";")[0]
        word = lines[d["line"] - 1][d["column"] - 1 :].split()[0]
        assert (
            word
            in {
                "1": "one",
                "2": "two",
                "3": "three",
                "5": "five",
                "7": "seven",
                "9": "nine",
                "12": "twelve",
                "20": "twenty",
            }[said]
        ), d
    return len(findings)


def test_many_findings_in_long_texts_each_sit_on_their_word(mini_game, ostraka):
    (mini_game / "long.yaml").write_text(_long_cards(3, 1500), encoding="utf-8")
    assert _check_every_finding_sits_on_its_number(mini_game.parent.parent, ostraka) > 300


@pytest.mark.stress
def test_a_hundred_texts_of_five_thousand_characters(mini_game, ostraka):
    """About 0.5 MB and 78,000 findings: linear now (it was quadratic: a whole-file search per finding)."""
    (mini_game / "long.yaml").write_text(_long_cards(100, 4900), encoding="utf-8")
    assert _check_every_finding_sits_on_its_number(mini_game.parent.parent, ostraka) > 50_000


def test_a_cr_alone_ends_a_line_for_the_size_guard():
    text = "\r".join(f"k{i}: {i}" for i in range(MAX_UNITS + 2))  # MAX_UNITS + 1 line breaks
    _doc, found = load_text(text, "cards/mini/cr.yaml")
    assert [(d.code, d.line) for d in found] == [("E104", 1)] and "lines" in found[0].message


def test_lines_and_offsets_with_every_line_ending():
    text = "a: 1\rb: 2\r\nc: 3\nd: x\u2028e: 5\n"
    doc, found = load_text("a: 1\rb: 2\r\nc: 3\nd: 4\n", "cards/mini/mixed.yaml")
    assert found == [] and doc.positions[("c",)] == (3, 4)
    assert [doc.line_text(n) for n in range(1, 6)] == ["a: 1", "b: 2", "c: 3", "d: 4", None]
    for offset in range(len(text)):
        assert offset_of(text, *line_col(text, offset)) == offset
    assert line_col(text, text.index("e")) == (5, 1)
