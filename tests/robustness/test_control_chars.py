"""Control characters from a card never reach the terminal or the CI log raw, and a character YAML
refuses (NUL, ESC, BEL written raw in the file) is reported at its own line and column.

YAML's double-quoted escapes (`\\e`, `\\a`, `\\x9b`) put ESC, BEL or CSI into a card's name, which
messages quote; the text and github renderers write them as visible escapes (`\\x1b`). The json
renderer needs nothing: JSON escapes them itself.
"""

from __future__ import annotations

import json

import pytest

from compiler.core.diagnostics import Diagnostic, Related, escape_controls, render_github, render_text

RAW = ("\x1b", "\x07", "\x9b", "\x00", "\u202e")

CARD = r"""id: loud
name: "Loud\e[2J\e]0;pwned\a\x9b31m\u202e"
kind: card
text: Nothing to see.
effects:
  - on: built
    do: [{gain: {coins: 2}}]
examples:
  - name: gains
    when: {build: loud, by: p1}
    expect: {p1: {coins: 5}}
"""


@pytest.mark.parametrize("fmt", ["text", "github"])
def test_a_card_name_with_escape_sequences_is_shown_escaped(fmt, mini_game, ostraka):
    (mini_game / "loud.yaml").write_text(CARD, encoding="utf-8")
    result = ostraka("check", "--no-cache", "--format", fmt, cwd=mini_game.parent.parent)
    assert "W501" in result.output
    assert not any(ch in result.output for ch in RAW), repr(result.output)
    assert "Loud\\x1b[2J\\x1b]0;pwned\\x07\\x9b31m\\u202e" in result.output


def test_json_keeps_the_name_exact_and_escaped_by_json(mini_game, ostraka):
    (mini_game / "loud.yaml").write_text(CARD, encoding="utf-8")
    result = ostraka("check", "--no-cache", "--format", "json", cwd=mini_game.parent.parent)
    assert "\x1b" not in result.output and "\x07" not in result.output
    messages = [d["message"] for d in json.loads(result.output)["diagnostics"] if d["code"] == "W501"]
    assert any(m.startswith("Loud\x1b[2J\x1b]0;pwned\x07\x9b31m\u202e:") for m in messages)


@pytest.mark.parametrize("raw, line, column", [("\x00", 2, 13), ("\x1b", 2, 13), ("\x07", 4, 7)])
def test_a_raw_control_character_in_the_file_is_located(raw, line, column, mini_game, ostraka):
    lines = [
        "id: raw",
        'name: "Raw x' + raw + '"' if line == 2 else "name: Raw",
        "kind: card",
        "text: " + raw + "bell" if line == 4 else "text: Gain two coins when built.",
        "",
    ]
    (mini_game / "raw.yaml").write_text("\n".join(lines), encoding="utf-8")
    result = ostraka("check", "--no-cache", cwd=mini_game.parent.parent)
    assert (
        f"cards/mini/raw.yaml:{line}:{column}: error E101: YAML error: unacceptable character #x{ord(raw):04x}"
        in result.output
    )
    assert raw not in result.output


def test_the_caret_stays_under_the_character_after_escapes():
    d = Diagnostic("E201", "bad", "cards/x.yaml", 1, 8, related=(Related("cards/\x07.yaml", 1, 1, "see \x1b"),))
    text = render_text(d, "a\x1bb\x07c: [oops]")
    shown, caret = text.splitlines()[1:3]
    assert shown == "    a\\x1bb\\x07c: [oops]"
    assert shown[caret.index("^")] == "["
    assert "cards/\\x07.yaml:1:1: note: see \\x1b" in text
    assert "\x1b" not in render_github(Diagnostic("E201", "m\x1b", "f\x1b.yaml", 1, 1, "h\x07"))


def test_plain_text_is_left_alone():
    text = "Gain 2 coins — café, naïve, 東京\tand a tab"
    assert escape_controls(text) == text
