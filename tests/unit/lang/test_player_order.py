"""The order of players as data: `for_each` over players clockwise (the default), counter-clockwise,
from the acting player, or in turn order; a trigger's listeners and hearers clockwise or
counter-clockwise from who set it off (`order`); and the game's rules for an each_player trigger
before or after each player's cards, or first / last for every player (`rules`). Each player's
points below are the turn they got: a global counts the turns given."""

from __future__ import annotations

import pytest

GLOBALS_AT = "counters: {coins: {start: 3}, points: {}}"
GLOBALS = "counters: {coins: {start: 3}, points: {}}\nglobals: {tally: {start: 1}}"
TRIGGERS = "  end_of_game: {each_player: true}"
MORE_TRIGGERS = """  end_of_game: {each_player: true}
  round_end: {each_player: true, order: counter_clockwise}
  count_off: {each_player: true, rules: first}
  count_in: {each_player: true}
rules:
  - on: count_off
    do: [{gain: {tally: 1}}]
  - on: count_in
    do: [{gain: {tally: 1}}]"""

TURN = "[{gain: {points: {value: tally}}}, {gain: {tally: 1}}]"

ROUNDS = f"""id: rounds
name: Rounds
kind: card
text: When built, each player, ORDER, gains points equal to the tally, then 1 tally.
effects:
  - on: built
    do:
      - for_each: {{players: all, order: counter_clockwise, do: {TURN}}}
examples:
  - name: counter-clockwise from the builder's right, the builder last
    given: {{players: 4}}
    when: {{build: rounds, by: p2}}
    expect: {{p1: {{points: 1}}, p4: {{points: 2}}, p3: {{points: 3}}, p2: {{points: 4}}}}
"""

ORDERS = {
    "clockwise": {"p3": 1, "p4": 2, "p1": 3, "p2": 4},
    "counter_clockwise": {"p1": 1, "p4": 2, "p3": 3, "p2": 4},
    "active_first": {"p2": 1, "p3": 2, "p4": 3, "p1": 4},
    "turn_order": {"p1": 1, "p2": 2, "p3": 3, "p4": 4},
}

WORDS = {
    "clockwise": "clockwise from your left",
    "counter_clockwise": "counter-clockwise from your right",
    "active_first": "starting with you and going clockwise",
    "turn_order": "in turn order",
}

WATCHER = """id: watcher
name: Watcher
kind: card
text: At the end of a round, and whenever another player builds a card, gain points equal to the tally, then 1 tally.
effects:
  - on: round_end
    do: TURN
  - on: built
    by: others
    do: [{with: {player: owner, do: TURN}}]
examples:
  - name: the end of a round goes to the right of who set it off
    given: {players: 4, p1: {city: [watcher]}, p2: {city: [watcher]}, p3: {city: [watcher]}, p4: {city: [watcher]}}
    when: {event: round_end, by: p2}
    expect: {p2: {points: 1}, p1: {points: 2}, p4: {points: 3}, p3: {points: 4}}
  - name: a build is heard clockwise from the builder
    given: {players: 4, p1: {city: [watcher]}, p2: {wood: 1}, p3: {city: [watcher]}, p4: {city: [watcher]}}
    when: {build: good, by: p2}
    expect: {p3: {points: 1}, p4: {points: 2}, p1: {points: 3}}
""".replace("TURN", TURN)

TALLY = """id: tally_card
name: Tally Card
kind: card
text: When players count off or in, gain points equal to the tally.
effects:
  - on: count_off
    do: [{gain: {points: {value: tally}}}]
  - on: count_in
    do: [{gain: {points: {value: tally}}}]
examples:
  - name: counting off, the rules run for everyone before the cards
    given: {players: 3, p1: {city: [tally_card]}, p2: {city: [tally_card]}, p3: {city: [tally_card]}}
    when: {event: count_off, by: p1}
    expect: {tally: 4, p1: {points: 4}, p2: {points: 4}, p3: {points: 4}}
  - name: counting in, each player's rules then cards, player by player
    given: {players: 3, p1: {city: [tally_card]}, p2: {city: [tally_card]}, p3: {city: [tally_card]}}
    when: {event: count_in, by: p1}
    expect: {tally: 4, p1: {points: 2}, p2: {points: 3}, p3: {points: 4}}
"""


@pytest.fixture
def ordered(mini_game):
    game_yaml = mini_game / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace(GLOBALS_AT, GLOBALS).replace(TRIGGERS, MORE_TRIGGERS))
    return mini_game


def _check(ostraka, game, engine):
    return ostraka("check", "--no-cache", "--strict", "--engine", engine, "cards/mini", cwd=game.parent.parent)


@pytest.mark.parametrize("engine", ["interpreter", "handlers"])
@pytest.mark.parametrize("order", sorted(ORDERS))
def test_for_each_takes_players_in_the_order_given(ostraka, ordered, engine, order):
    expected = ", ".join(f"{p}: {{points: {n}}}" for p, n in ORDERS[order].items())
    card = ROUNDS.replace("order: counter_clockwise", f"order: {order}").replace("ORDER", WORDS[order])
    card = card[: card.index("expect:")] + f"expect: {{{expected}}}\n"
    (ordered / "rounds.yaml").write_text(card)
    result = _check(ostraka, ordered, engine)
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("engine", ["interpreter", "handlers"])
def test_listeners_and_hearers_in_the_triggers_order(ostraka, ordered, engine):
    (ordered / "watcher.yaml").write_text(WATCHER)
    result = _check(ostraka, ordered, engine)
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("engine", ["interpreter", "handlers"])
def test_the_rules_for_everyone_first_or_player_by_player(ostraka, ordered, engine):
    (ordered / "tally_card.yaml").write_text(TALLY)
    result = _check(ostraka, ordered, engine)
    assert result.exit_code == 0, result.output
