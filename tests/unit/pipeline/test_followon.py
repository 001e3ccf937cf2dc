"""One finding per cause: follow-on failures folded under their cause, findings pointing at what
differs, did-you-mean in examples, one finding for an indentation slip, no Python exception text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

READER = """id: reader
name: Reader
kind: card
text: Gain one coin when built.
effects:
  - on: built
    do: [{gain: {coins: 1}}]
examples:
  - name: built beside good
    given: {p1: {city: [good], wood: 1}}
    when: {build: reader, by: p1}
    expect: {p1: {coins: 4, city: [good, reader]}}
  - name: builds good afterwards
    given: {p1: {wood: 1}}
    when: [{build: reader, by: p1}, {build: good, by: p1}]
    expect: {p1: {coins: 6}}
"""


@pytest.fixture
def game(mini_game, monkeypatch) -> Path:
    monkeypatch.setenv("OSTRAKA_NO_CACHE", "1")
    (mini_game / "reader.yaml").write_text(READER)
    return mini_game


def _check(ostraka, game: Path):
    result = ostraka("check", str(game), cwd=game.parent.parent)
    assert "Traceback" not in result.output
    assert not re.search(r"\b[A-Z][a-zA-Z]*Error\b", result.output), result.output  # no Python exception text
    return result


def _errors(output: str) -> list[str]:
    return [ln for ln in output.splitlines() if re.match(r"^\S+:\d+:\d+: error ", ln)]


def test_the_game_is_clean_before_the_mutations(ostraka, game):
    result = _check(ostraka, game)
    assert result.exit_code == 0 and "3 examples passed" in result.output, result.output


@pytest.mark.parametrize(
    "old, new, code",
    [
        ("gain: {coins: 2}", "gian: {coins: 2}", "E204"),  # a misspelt primitive
        ("cost: {wood: 1}", "cost: 2 wood", "E201"),  # a cost written as prose
        ("cost: {wood: 1}", "cost: {wood: 1}\n  bad: [", "E101"),  # not YAML at all
    ],
)
def test_other_cards_examples_are_folded_under_the_broken_file(ostraka, game, old, new, code):
    good = game / "good.yaml"
    good.write_text(good.read_text().replace(old, new))
    result = _check(ostraka, game)
    assert result.exit_code == 1
    errors = _errors(result.output)
    assert len(errors) == 1 and errors[0].startswith("cards/mini/good.yaml:") and f"error {code}:" in errors[0], (
        result.output
    )
    notes = [ln.strip() for ln in result.output.splitlines() if "note:" in ln]
    # Building good fails whatever broke it; holding it fails only when it did not load at all.
    assert any("note: example 'builds good afterwards' of 'reader' also fails: it reads 'good'" in n for n in notes), (
        notes
    )
    assert notes and all(
        re.match(r"cards/mini/reader\.yaml:\d+:\d+: note: example '.*' of 'reader' also fails: it reads 'good'$", n)
        for n in notes
    ), notes
    assert "fix the effects or the example's expect" not in result.output
    n = len(notes)
    assert result.output.rstrip().endswith(
        f"{n} example{'s' if n > 1 else ''} failed ({n} of them because of the errors above)"
    ), result.output


def test_a_cost_written_as_prose_gets_the_mapping_as_its_hint(ostraka, game):
    good = game / "good.yaml"
    good.write_text(good.read_text().replace("cost: {wood: 1}", "cost: 2 wood"))
    assert "hint: write it as a mapping: {wood: 2}" in _check(ostraka, game).output


def test_a_failed_example_points_at_the_expectation_that_differs(ostraka, game):
    (game / "reader.yaml").write_text(READER.replace("expect: {p1: {coins: 6}}", "expect: {p1: {coins: 7}}"))
    result = _check(ostraka, game)
    (error,) = _errors(result.output)
    line = READER.splitlines().index("    expect: {p1: {coins: 6}}") + 1
    column = "    expect: {p1: {coins: 6}}".index("6") + 1
    assert error.startswith(f"cards/mini/reader.yaml:{line}:{column}: error E401: example 'builds good afterwards'"), (
        result.output
    )
    assert "p1.coins is 6, expected 7" in error


def test_a_misspelt_card_id_in_an_example_gets_a_did_you_mean(ostraka, game):
    (game / "reader.yaml").write_text(
        READER.replace("city: [good], wood: 1", "city: [godo], wood: 1").replace(
            "{build: good, by: p1}", "{build: goood, by: p1}"
        )
    )
    result = _check(ostraka, game)
    errors = _errors(result.output)
    assert len(errors) == 2, result.output
    given_line = READER.splitlines().index("    given: {p1: {city: [good], wood: 1}}") + 1
    assert errors[0].startswith(
        f"cards/mini/reader.yaml:{given_line}:{'    given: {p1: {city: ['.__len__() + 1}: error E402"
    )
    assert "p1.city names unknown card 'godo'" in errors[0]
    assert "when.build names unknown card 'goood'" in errors[1]
    assert result.output.count("hint: did you mean 'good'?") == 2


def test_an_indentation_slip_is_one_finding_with_the_right_hint(ostraka, game):
    slipped = READER.replace("    do: [{gain: {coins: 1}}]", "    do:\n      - gain:\n        coins: 1")
    (game / "reader.yaml").write_text(slipped)
    result = _check(ostraka, game)
    errors = _errors(result.output)
    line = slipped.splitlines().index("        coins: 1") + 1
    assert errors == [
        f"cards/mini/reader.yaml:{line}:9: error E201: 'gain' has no value, and 'coins' after it is not indented under it"
    ], result.output
    gain_line = slipped.splitlines().index("      - gain:") + 1
    assert (
        f"hint: indent 'coins' (and the lines that belong with it) under 'gain:' on line {gain_line}: 10 spaces instead of 8"
        in result.output
    )
    assert "list item" not in result.output


def test_folding_reads_the_failure_not_the_message():
    """What an example's finding is about travels as fields (Diagnostic.failure): a message worded
    differently is folded all the same, and a finding without the fields is left standing."""
    from compiler.cache.gameview import Reads
    from compiler.core.diagnostics import Diagnostic, ExampleFailure
    from compiler.pipeline.check.followon import Broken, fold

    cause = Diagnostic("E204", "unknown effect primitive 'gian'", "cards/mini/bad.yaml", 3, 1)
    failure = ExampleFailure("reader", "built beside good", "p1.coins is 3, expected 4")
    reworded = Diagnostic("E401", "reworded entirely", "cards/mini/reader.yaml", 9, 5, failure=failure)
    bare = Diagnostic("E401", failure.message(), "cards/mini/reader.yaml", 9, 5)
    reads = Reads()
    reads.ids.add("bad")
    items = [cause]
    kept = fold([reworded, bare], {"reader": reads}, Broken({"bad": "cards/mini/bad.yaml"}), items)
    assert kept == [bare]
    (note,) = items[0].related
    assert note.message == "example 'built beside good' of 'reader' also fails: it reads 'bad'"
