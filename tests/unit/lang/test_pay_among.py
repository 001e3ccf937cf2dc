"""`pay: {any: {amount: N, of: [...]}}`: N resources of the player's choice among some resources
only, each picked in turn, refused before any is picked when those held fall short."""

from __future__ import annotations

import pytest

GAME_RES = "resources: {wood: {}, stone: {}}"
MORE_RES = "resources: {wood: {}, stone: {}, clay: {}}"

QUARRY_TAX = """id: quarry_tax
name: Quarry Tax
kind: card
text: When built, pay 2 of your wood or stone, your choice of each.
effects:
  - on: built
    do: [{pay: {any: {amount: 2, of: [wood, stone]}}}]
examples:
  - name: clay is never offered
    given: {p1: {wood: 1, stone: 1, clay: 5}}
    when: {build: quarry_tax, by: p1}
    answers: {p1: [stone]}
    expect: {p1: {wood: 0, stone: 0, clay: 5}}
  - name: clay does not make up for too little wood and stone
    given: {p1: {wood: 1, clay: 5}}
    when: {build: quarry_tax, by: p1}
    expect: {refused: true}
"""


@pytest.fixture
def three(mini_game):
    game_yaml = mini_game / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace(GAME_RES, MORE_RES))
    return mini_game


@pytest.mark.parametrize("engine", ["interpreter", "handlers"])
def test_any_of_some_resources(ostraka, three, engine):
    (three / "quarry_tax.yaml").write_text(QUARRY_TAX)
    result = ostraka("check", "--no-cache", "--strict", "--engine", engine, "cards/mini", cwd=three.parent.parent)
    assert result.exit_code == 0, result.output


def test_only_any_takes_a_list(ostraka, three):
    (three / "quarry_tax.yaml").write_text(QUARRY_TAX.replace("{any: {amount: 2", "{wood: {amount: 2"))
    result = ostraka("check", "--no-cache", "--format", "json", "cards/mini", cwd=three.parent.parent)
    found = [(d["code"], d["line"]) for d in result.json()["diagnostics"]]
    assert ("E205", 7) in found, found
