"""`move` takes its cards from the zone its selector names, never from another zone of the same
holder that happens to hold the same id (a deck-builder's draw pile and hand both hold copies)."""

from __future__ import annotations

import pytest

GAME_ZONES = "zones: {city: {}, discard: {shared: true}}"
ZONES = "zones: {city: {}, hand: {}, deck: {}, discard: {shared: true}, market: {shared: true}, box: {shared: true}}"

DRAW = """id: shuffler
name: Shuffler
kind: card
text: When built, discard the top card of your deck.
effects:
  - on: built
    do: [{move: {card: {zone: deck}, to: discard, count: 1}}]
examples:
  - name: the copy in the deck goes, the one in hand stays
    given: {p1: {hand: [good], deck: [good]}}
    when: {build: shuffler, by: p1}
    expect: {p1: {hand: [good], deck: []}, discard: [good]}
"""

SHARED = """id: clearer
name: Clearer
kind: card
text: When built, put the cards of the box onto the discard pile.
effects:
  - on: built
    do: [{move: {card: {zone: box}, to: discard}}]
examples:
  - name: from the box, not from the market
    given: {market: [good], box: [good]}
    when: {build: clearer, by: p1}
    expect: {market: [good], box: [], discard: [good]}
"""


@pytest.fixture
def zones_game(mini_game):
    game_yaml = mini_game / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace(GAME_ZONES, ZONES))
    (mini_game / "shuffler.yaml").write_text(DRAW)
    (mini_game / "clearer.yaml").write_text(SHARED)
    return mini_game.parent.parent


@pytest.mark.parametrize("engine", ["interpreter", "handlers"])
def test_move_takes_from_the_zone_asked_for(ostraka, zones_game, engine):
    result = ostraka("check", "--no-cache", "--strict", "--engine", engine, "cards/mini", cwd=zones_game)
    assert result.exit_code == 0, result.output
