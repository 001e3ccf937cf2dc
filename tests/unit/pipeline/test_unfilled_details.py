"""A detail game.yaml declares for a trigger is given by something in play, or refused (E311): a
declaration E310's hint suggested used to be accepted and to read 0 in every game."""

from __future__ import annotations

GAME_TRIGGERS = "triggers:\n  built: {}\n"

SOLD = """id: market_stall
name: Market Stall
kind: card
text: Whenever you sell, gain 1 coin for each resource sold.
effects:
  - on: sold
    do: [{gain: {coins: {detail: units}}}]
examples:
  - name: three sold
    given: {p1: {city: [market_stall]}}
    when: {event: sold, by: p1, units: 3}
    expect: {p1: {coins: 6}}
"""

HAWKER = """id: hawker
name: Hawker
kind: card
text: When built, sell 2 resources.
effects:
  - on: built
    do: [{announce: {trigger: sold, details: {units: 2}}}]
examples:
  - name: sells two
    given: {p1: {city: [market_stall]}}
    when: {build: hawker, by: p1}
    expect: {p1: {coins: 5}}
"""


def _declare(mini_game) -> None:
    game_yaml = mini_game / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace(GAME_TRIGGERS, GAME_TRIGGERS + "  sold: {details: [units]}\n"))
    (mini_game / "market_stall.yaml").write_text(SOLD)


def test_a_detail_nothing_gives_is_refused_at_its_declaration(ostraka, mini_game):
    _declare(mini_game)
    result = ostraka("check", "--no-cache", "--format", "json", "cards/mini", cwd=mini_game.parent.parent)
    found = [(d["code"], d["file"], d["line"]) for d in result.json()["diagnostics"]]
    line = next(i for i, text in enumerate((mini_game / "game.yaml").read_text().splitlines(), 1) if "sold:" in text)
    assert ("E311", "cards/mini/game.yaml", line) in found, found
    assert result.exit_code == 1


def test_a_detail_a_card_announces_is_given(ostraka, mini_game):
    _declare(mini_game)
    (mini_game / "hawker.yaml").write_text(HAWKER)
    result = ostraka("check", "--no-cache", "--strict", "cards/mini", cwd=mini_game.parent.parent)
    assert result.exit_code == 0, result.output
