"""What the loader reads is what the file says (YAML 1.2), and anything else is a located error.

A `%YAML 1.1` directive would read `yes` as a boolean and `017` as fifteen, and ruamel cannot read
1.0 or 1.3 at all (an AssertionError once ended the whole check as E901): only 1.2 is accepted.
An explicit `!!bool` or `!!null` on another word is refused rather than read as False or None, and
a float is held to the same ±10^9 bound as an integer.
"""

from __future__ import annotations

import pytest

from compiler.load.loader import MAX_INT, load_text


def _load(text: str):
    doc, diagnostics = load_text(text, "cards/mini/x.yaml")
    return doc.data, [(d.code, d.line, d.column, d.message) for d in diagnostics]


@pytest.mark.parametrize("version", ["1.0", "1.1", "1.3", "2.0", ""])
def test_a_yaml_directive_other_than_1_2_is_a_located_e101(version):
    data, found = _load(f"# a card\n%YAML {version}\n---\nid: x\nok: yes\n")
    assert data is None and len(found) == 1
    code, line, column, message = found[0]
    assert (code, line, column) == ("E101", 2, 1) and "YAML 1.2" in message


def test_yaml_1_2_directive_is_read():
    assert _load("%YAML 1.2\n---\nid: x\nn: 017\nflag: yes\n") == ({"id": "x", "n": 17, "flag": "yes"}, [])


def test_a_directive_before_a_second_document_is_located_too():
    data, found = _load("id: x\n...\n%YAML 1.3\n---\nid: y\n")
    assert found and found[0][:3] == ("E101", 3, 1)


@pytest.mark.parametrize("text, tag", [("!!bool nope", "bool"), ("!!bool yes", "bool"), ("!!null nope", "null")])
def test_an_explicit_tag_on_another_word_is_refused(text, tag):
    data, found = _load(f"id: x\nvalue: {text}\n")
    assert found == [("E201", 2, 8, f"cannot read '{text.split()[1]}' as {tag}")]


def test_explicit_tags_on_their_own_words_still_read():
    data, found = _load("a: !!bool true\nb: !!bool FALSE\nc: !!null ~\nd: !!int 12\n")
    assert found == [] and data == {"a": True, "b": False, "c": None, "d": 12}


@pytest.mark.parametrize("number", ["1e18", "-2.5e9", "1000000001.0", "1e10"])
def test_a_float_beyond_the_integer_bound_is_refused(number):
    data, found = _load(f"id: x\nvalue: {number}\n")
    assert found == [("E104", 2, 8, f"number {number} is out of range")]
    assert data["value"] == 0


def test_a_float_within_the_bound_is_kept():
    assert _load(f"value: {float(MAX_INT)}\nhalf: 0.5\n") == ({"value": float(MAX_INT), "half": 0.5}, [])


def test_through_the_cli_a_yaml_1_1_card_is_located_not_e901(mini_game, ostraka):
    (mini_game / "old.yaml").write_text("%YAML 1.1\n---\nid: old\nname: Old\nkind: card\n", encoding="utf-8")
    (mini_game / "new.yaml").write_text("%YAML 1.3\n---\nid: new\nname: New\nkind: card\n", encoding="utf-8")
    result = ostraka("check", "--no-cache", cwd=mini_game.parent.parent)
    assert result.exit_code == 1 and "E901" not in result.output
    assert "cards/mini/old.yaml:1:1: error E101: YAML 1.1 is not read here" in result.output
    assert "cards/mini/new.yaml:1:1: error E101: YAML 1.3 is not read here" in result.output


def test_a_number_as_a_key_where_a_name_belongs_is_located_not_e901(mini_game, ostraka):
    # YAML allows `10: 3`; JSON Schema reads keys as text, and once crashed on this one (found by test_fuzz).
    (mini_game / "keyed.yaml").write_text(
        "id: keyed\nname: Keyed\nkind: card\ntext: Gain 3.\neffects:\n  - on: built\n    do:\n      - gain: {10: 3}\n",
        encoding="utf-8",
    )
    result = ostraka("check", "--no-cache", cwd=mini_game.parent.parent)
    assert result.exit_code == 1 and "E901" not in result.output, result.output
    assert "cards/mini/keyed.yaml:8:" in result.output and "error E2" in result.output, result.output
