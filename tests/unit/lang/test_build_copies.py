"""A second copy of a card: examples can show it built or refused (`when: {build: X}` used to take X
from the builder's city, where a copy already stood, so "you already own one" could not be shown),
and build.unique, true unless said, is told: in its refusal, in the schema, and by W503 for a game
that deals copies and says nothing."""

from __future__ import annotations

import pytest

SECOND = """id: second
name: Second
kind: card
text: Gain 2 coins when built.
effects:
  - on: built
    do: [{gain: {coins: 2}}]
examples:
  - name: one copy each, the second is refused
    given: {p1: {city: [second], hand: [second]}}
    when: {build: second, by: p1}
    expect: {refused: true}
  - name: from the zone asked for
    given: {p1: {city: [], hand: [second], deck: [second]}}
    when: {build: second, by: p1, from: deck}
    expect: {p1: {city: [second], hand: [second], deck: [], coins: 5}}
"""

COPIES = """id: copies
name: Copies
kind: card
text: Gain 2 coins when built.
effects:
  - on: built
    do: [{gain: {coins: 2}}]
examples:
  - name: a second copy beside the first
    given: {p1: {city: [copies], hand: [copies]}}
    when: {build: copies, by: p1}
    expect: {p1: {city: [copies, copies], hand: [], coins: 5}}
"""

ZONES = "zones: {city: {}, discard: {shared: true}}"
WITH_HAND = "zones: {city: {}, hand: {}, deck: {}, discard: {shared: true}}"


@pytest.fixture
def project(mini_game):
    game_yaml = mini_game / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace(ZONES, WITH_HAND))
    return mini_game


@pytest.mark.parametrize("engine", ["interpreter", "handlers"])
def test_a_second_copy_is_refused_and_said_why(ostraka, project, engine):
    (project / "second.yaml").write_text(SECOND)
    result = ostraka("check", "--no-cache", "--strict", "--engine", engine, "cards/mini", cwd=project.parent.parent)
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("engine", ["interpreter", "handlers"])
def test_a_second_copy_is_built_where_copies_are_allowed(ostraka, project, engine):
    game_yaml = project / "game.yaml"
    game_yaml.write_text(game_yaml.read_text() + "build: {unique: false}\n")
    (project / "copies.yaml").write_text(COPIES)
    result = ostraka("check", "--no-cache", "--strict", "--engine", engine, "cards/mini", cwd=project.parent.parent)
    assert result.exit_code == 0, result.output


def test_a_game_dealing_copies_is_told_of_the_default(ostraka, project):
    game_yaml = project / "game.yaml"
    deal = (
        "flow:\n  setup:\n    - deal: {cards: {kind: card}, copies: 2, each: 4, to: discard}\n"
        "  play:\n    - do: [{gain: {coins: 1}}]\n"
    )
    game_yaml.write_text(game_yaml.read_text() + deal)
    result = ostraka("check", "--no-cache", "--format", "json", "cards/mini", cwd=project.parent.parent)
    found = [(d["code"], d["line"]) for d in result.json()["diagnostics"] if d["file"].endswith("game.yaml")]
    line = next(i for i, text in enumerate(game_yaml.read_text().splitlines(), 1) if "copies: 2" in text)
    assert ("W503", line) in found, found
    game_yaml.write_text(game_yaml.read_text() + "build: {unique: true}\n")  # said: nothing to warn of
    result = ostraka("check", "--no-cache", "--strict", "cards/mini", cwd=project.parent.parent)
    assert result.exit_code == 0, result.output


def test_the_refusal_names_the_rule(ostraka, project):
    (project / "second.yaml").write_text(SECOND.replace("expect: {refused: true}", "expect: {p1: {coins: 5}}"))
    result = ostraka("check", "--no-cache", "cards/mini", cwd=project.parent.parent)
    assert "build.unique" in result.output, result.output
