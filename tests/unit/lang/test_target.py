"""`target`: the acting player picks a player and stays the actor, naming the picked player
`target` (pick_player hands the actions, and every question, to the picked player)."""

from __future__ import annotations

import pytest

RAIDER = """id: raider
name: Raider
kind: card
text: When built, choose an opponent, then choose to take 2 coins or 1 point from that player.
effects:
  - on: built
    do:
      - target:
          players: opponents
          do:
            - choose:
                options:
                  coins: [{with: {player: target, do: [{lose: {coins: 2}}]}}, {gain: {coins: 2}}]
                  points: [{with: {player: target, do: [{lose: {points: 1}}]}}, {gain: {points: 1}}]
examples:
  - name: the builder picks p3, then picks the coins
    given: {players: 3, p3: {points: 1}}
    when: {build: raider, by: p1}
    answers: {p1: [p3, coins]}
    expect: {p1: {coins: 5, points: 0}, p2: {coins: 3}, p3: {coins: 1, points: 1}}
  - name: the builder picks p2, then the point
    given: {players: 3, p2: {points: 2}}
    when: {build: raider, by: p1}
    answers: {p1: [p2, points]}
    expect: {p1: {coins: 3, points: 1}, p2: {coins: 3, points: 1}}
"""

LOOSE = """id: loose
name: Loose
kind: card
text: When built, the targeted player loses 1 coin.
effects:
  - on: built
    do: [{with: {player: target, do: [{lose: {coins: 1}}]}}]
examples:
  - name: nobody is targeted
    when: {build: loose, by: p1}
    expect: {refused: true}
"""


@pytest.mark.parametrize("engine", ["interpreter", "handlers"])
def test_the_chooser_stays_the_actor(ostraka, mini_game, engine):
    (mini_game / "raider.yaml").write_text(RAIDER)
    (mini_game / "loose.yaml").write_text(LOOSE)
    result = ostraka("check", "--no-cache", "--strict", "--engine", engine, "cards/mini", cwd=mini_game.parent.parent)
    assert result.exit_code == 0, result.output
