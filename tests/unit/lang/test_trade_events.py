"""Events of trading: game.yaml's trade names a trigger fired for each seller (`sold`) and one for
the buyer (`bought`) once a cost is paid with bought resources, with `units` and `coins` as details
and the other side as the target. Before, no trigger or detail said "a neighbour bought N resources
from you", and from whom."""

from __future__ import annotations

import pytest

TRADE = "trade: {from: neighbours, price: bonus, currency: coins, sellable: [card], sold: sold, bought: bought}\n"
TRIGGERS = "  end_of_game: {each_player: true}"
MORE = "  end_of_game: {each_player: true}\n  sold: {}\n  bought: {}"

CARDS = """- id: woodcutter
  name: Woodcutter
  kind: card
  text: Produces 1 wood every turn; your neighbours may buy it.
  effects:
    - produce: {wood: 1}
  examples:
    - {name: in play, when: {build: woodcutter, by: p1}, expect: {p1: {city: [woodcutter]}}}
- id: lumber_yard
  name: Lumber Yard
  kind: card
  text: Produces 2 wood every turn; your neighbours may buy it.
  effects:
    - produce: {wood: 2}
  examples:
    - {name: in play, when: {build: lumber_yard, by: p1}, expect: {p1: {city: [lumber_yard]}}}
- id: toll_booth
  name: Toll Booth
  kind: card
  text: Whenever a player buys resources from you, gain 1 coin for each resource bought.
  effects:
    - on: sold
      do: [{gain: {coins: {detail: units}}}]
  examples:
    - name: a neighbour buys 2 wood
      given: {players: 3, p2: {city: [lumber_yard, toll_booth]}, p3: {city: [woodcutter]}, p1: {coins: 5}}
      when: {build: dear, by: p1}
      expect: {p1: {coins: 2}, p2: {coins: 7}, p3: {coins: 4}}
- id: broker
  name: Broker
  kind: card
  text: Whenever you buy resources from a player, that player loses 1 coin and you gain 1 point.
  effects:
    - on: bought
      do: [{with: {player: target, do: [{lose: {coins: 1}}]}}, {gain: {points: 1}}]
  examples:
    - name: one seller
      given: {p1: {city: [broker]}, p2: {city: [woodcutter]}}
      when: {build: good, by: p1}
      expect: {p1: {coins: 4, points: 1}, p2: {coins: 3}}
- id: dear
  name: Dear
  kind: card
  cost: {wood: 3}
  text: Nothing.
  effects: []
  examples: [{name: in play, given: {p1: {wood: 3}}, when: {build: dear}, expect: {p1: {city: [dear]}}}]
"""


@pytest.fixture
def trading(mini_game):
    game_yaml = mini_game / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace(TRIGGERS, MORE) + TRADE)
    (mini_game / "cards.yaml").write_text(CARDS)
    return mini_game.parent.parent


@pytest.mark.parametrize("engine", ["interpreter", "handlers"])
def test_sellers_and_buyers_hear_their_trades(ostraka, trading, engine):
    result = ostraka("check", "--no-cache", "--strict", "--engine", engine, "cards/mini", cwd=trading)
    assert result.exit_code == 0, result.output
