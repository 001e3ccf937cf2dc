"""Who may sell, per player: `buy_from` widens game.yaml's `trade.from` for its owner (buy from any
player), and a `trade_price` for players its owner never buys from is refused (E312) rather than
accepted and doing nothing."""

from __future__ import annotations

import pytest

TRADE = """trade: {from: neighbours, price: bonus, currency: coins, sellable: [card]}
"""

WOODCUTTER = """id: woodcutter
name: Woodcutter
kind: card
text: Produces 1 wood every turn; your neighbours may buy it.
effects:
  - produce: {wood: 1}
examples:
  - name: in play
    when: {build: woodcutter, by: p1}
    expect: {p1: {city: [woodcutter]}}
"""

FAR_TRADER = """id: far_trader
name: Far Trader
kind: card
text: You may buy resources from the other players, not only from your neighbours; wood and stone cost you 1 coin each.
effects:
  - buy_from: {players: others}
  - trade_price: {resources: [wood, stone], from: others, price: 1}
examples:
  - name: wood bought across the table
    given: {players: 4, p1: {city: [far_trader]}, p3: {city: [woodcutter]}}
    when: {build: good, by: p1}
    expect: {p1: {coins: 4, city: [far_trader, good]}, p3: {coins: 4}}
  - name: without it, nobody across the table sells
    given: {players: 4, p3: {city: [woodcutter]}}
    when: {build: good, by: p1}
    expect: {refused: true}
"""


@pytest.fixture
def trading(mini_game):
    game_yaml = mini_game / "game.yaml"
    game_yaml.write_text(game_yaml.read_text() + TRADE)
    (mini_game / "woodcutter.yaml").write_text(WOODCUTTER)
    return mini_game


@pytest.mark.parametrize("engine", ["interpreter", "handlers"])
def test_buy_from_lets_its_owner_buy_across_the_table(ostraka, trading, engine):
    (trading / "far_trader.yaml").write_text(FAR_TRADER)
    result = ostraka("check", "--no-cache", "--strict", "--engine", engine, "cards/mini", cwd=trading.parent.parent)
    assert result.exit_code == 0, result.output


def test_a_price_for_players_never_bought_from_is_refused(ostraka, trading):
    lone = FAR_TRADER.replace("  - buy_from: {players: others}\n", "")
    (trading / "far_trader.yaml").write_text(lone)
    result = ostraka("check", "--no-cache", "--format", "json", "cards/mini", cwd=trading.parent.parent)
    found = [(d["code"], d["file"], d["line"]) for d in result.json()["diagnostics"]]
    assert ("E312", "cards/mini/far_trader.yaml", 6) in found, found
