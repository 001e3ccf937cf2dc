"""`card_has`: a card's printed numbers read in a condition outside selectors ("this card's
activation includes the roll", "this card's level is between 2 and the age"), so that a range
printed as a field is not written again as a literal in every effect."""

from __future__ import annotations

import pytest

GAME = """counters: {coins: {start: 3}, points: {}}"""
WITH = """counters: {coins: {start: 3}, points: {}, roll: {}}"""
KIND = """      after: {type: refs, of: card}"""
FIELDS = """      after: {type: refs, of: card}
      activation: {type: ints}
      level: {type: int}"""
TRIGGERS = "  end_of_game: {each_player: true}"
ROLLED = "  end_of_game: {each_player: true}\n  rolled: {each_player: true, details: [roll]}"

WHEAT = """id: wheat_field
name: Wheat Field
kind: card
activation: [1, 2]
level: 2
text: When a 1 or a 2 is rolled, gain 1 coin; with a level of 2 or more, gain 1 point too.
effects:
  - on: rolled
    if: {card_has: {activation: {detail: roll}}}
    do: [{gain: {coins: 1}}]
  - on: rolled
    if: {all: [{card_has: {activation: {detail: roll}}}, {card_has: {level: {at_least: 2}}}]}
    do: [{gain: {points: 1}}]
examples:
  - name: a 2 is one of its numbers
    given: {p1: {city: [wheat_field]}}
    when: {event: rolled, by: p1, roll: 2}
    expect: {p1: {coins: 4, points: 1}}
  - name: a 3 is not
    given: {p1: {city: [wheat_field]}}
    when: {event: rolled, by: p1, roll: 3}
    expect: {p1: {coins: 3, points: 0}}
"""

ANNOUNCER = """id: die
name: Die
kind: card
text: When built, roll a 2.
effects:
  - on: built
    do: [{announce: {trigger: rolled, details: {roll: 2}}}]
examples:
  - name: every wheat field of every player pays
    given: {p1: {city: [wheat_field]}, p2: {city: [wheat_field]}}
    when: {build: die, by: p1}
    expect: {p1: {coins: 4}, p2: {coins: 4}}
"""


@pytest.fixture
def dice(mini_game):
    game_yaml = mini_game / "game.yaml"
    text = game_yaml.read_text().replace(KIND, FIELDS).replace(TRIGGERS, ROLLED)
    game_yaml.write_text(text)
    (mini_game / "wheat_field.yaml").write_text(WHEAT)
    (mini_game / "die.yaml").write_text(ANNOUNCER)
    return mini_game.parent.parent


@pytest.mark.parametrize("engine", ["interpreter", "handlers"])
def test_card_has_reads_the_card_in_view(ostraka, dice, engine):
    result = ostraka("check", "--no-cache", "--strict", "--engine", engine, "cards/mini", cwd=dice)
    assert result.exit_code == 0, result.output


def test_its_english_names_the_field(ostraka, dice):
    result = ostraka("explain", "mini:wheat_field", cwd=dice)
    assert "this card's activation includes the event's roll" in result.output, result.output
