"""The text check against a counter whose name or label a primitive's own wording happens to spell
('buildings on the board', the label of a counter, in 'your buildings on the board'; 'card you
have' in 'for each card you have'): the effects do not involve it, so the text need not mention it,
and may use the words. It used to be a false alarm on honest texts."""

from __future__ import annotations

GAME = "counters: {coins: {start: 3}, points: {}}"
SPELLED = "counters: {coins: {start: 3}, points: {}, held: {label: card you have}}"

STEADY = """id: steady
name: Steady
kind: card
text: When built, gain 1 coin for each of your cards, and 1 point.
effects:
  - on: built
    do: [{gain: {coins: {count: {kind: card}}, points: 1}}]
examples:
  - name: counts itself
    when: {build: steady, by: p1}
    expect: {p1: {coins: 4, points: 1}}
"""


def test_a_word_a_primitive_spells_is_no_mention(ostraka, mini_game):
    game_yaml = mini_game / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace(GAME, SPELLED))
    (mini_game / "steady.yaml").write_text(STEADY)
    result = ostraka("check", "--no-cache", "--strict", "cards/mini", cwd=mini_game.parent.parent)
    assert result.exit_code == 0, result.output


def test_a_counter_the_effects_name_is_still_compared(ostraka, mini_game):
    game_yaml = mini_game / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace(GAME, SPELLED))
    (mini_game / "steady.yaml").write_text(STEADY.replace("points: 1}}]", "points: 1, held: 2}}]"))
    result = ostraka("check", "--no-cache", "--strict", "cards/mini", cwd=mini_game.parent.parent)
    assert result.exit_code == 1 and "W501" in result.output, result.output
