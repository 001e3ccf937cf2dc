"""A `where` that names cards by what a selector finds (`{among: SELECTOR}`): a card whose ref field
names one of them, read when the search runs, the same on both engines (7 Wonders' stage move:
the next stage of one's own board)."""

from __future__ import annotations

import json

import pytest

CARDS = {
    "base": "colour: red\n",
    "follow": "colour: blue\nafter: [base]\n",
    "other": "colour: blue\nafter: [follow]\n",
}
SCOUT = """id: scout
name: Scout
kind: card
colour: blue
text: When built, gain 1 coin for each card you have not built that follows a card you have.
effects:
  - on: built
    do: [{gain: {coins: {count: {kind: card, missing: true, where: {after: {among: {kind: card}}}}}}}]
examples:
  - name: nothing built before
    when: {build: scout, by: p1}
    expect: {p1: {coins: 3}}
  - name: follow names the base
    given: {p1: {city: [base]}}
    when: {build: scout, by: p1}
    expect: {p1: {coins: 4}}
  - name: built cards are not counted, their followers are
    given: {p1: {city: [base, follow]}}
    when: {build: scout, by: p1}
    expect: {p1: {coins: 4}}
  - name: what a neighbour has names nothing
    given: {p2: {city: [base, follow]}}
    when: {build: scout, by: p1}
    expect: {p1: {coins: 3}}
"""


# `among` with another test on the same field: read on each card, not narrowed (both engines)
PAIRED = """id: pairing
name: Pairing
kind: card
colour: blue
text: When built, gain 1 coin for each card you have not built that follows the Base or the Follow and a card you have.
effects:
  - on: built
    do: [{gain: {coins: {count: {kind: card, missing: true, where: {after: {among: {kind: card}, one_of: [base, follow]}}}}}}]
examples:
  - name: other follows the follow, which is built
    given: {p1: {city: [base, follow]}}
    when: {build: pairing, by: p1}
    expect: {p1: {coins: 4}}
  - name: nothing built before
    when: {build: pairing, by: p1}
    expect: {p1: {coins: 3}}
"""


def _write_cards(directory, cards: dict[str, str]) -> None:
    """Cards of the given fields that gain two coins when built, each with an example."""
    for card_id, fields in cards.items():
        (directory / f"{card_id}.yaml").write_text(
            f"id: {card_id}\nname: {card_id.title()}\nkind: card\n{fields}text: Gain two coins when built.\n"
            "effects:\n  - on: built\n    do: [{gain: {coins: 2}}]\n"
            f"examples:\n  - {{name: x, when: {{build: {card_id}, by: p1}}, expect: {{p1: {{coins: 5}}}}}}\n"
        )


@pytest.fixture
def among_game(mini_game):
    _write_cards(mini_game, CARDS)
    (mini_game / "scout.yaml").write_text(SCOUT)
    (mini_game / "pairing.yaml").write_text(PAIRED)
    return mini_game.parent.parent


@pytest.mark.parametrize("engine", ["interpreter", "handlers"])
def test_among_reads_the_cards_a_selector_finds(ostraka, among_game, engine):
    result = ostraka("check", "--no-cache", "--engine", engine, "--format", "json", "cards/mini", cwd=among_game)
    report = json.loads(result.output)
    assert result.exit_code == 0, report["diagnostics"]
    assert report["summary"]["examples_passed"] >= 4 + 2 + len(CARDS)


def test_a_wrong_count_fails_on_both_engines(ostraka, among_game):
    scout = among_game / "cards" / "mini" / "scout.yaml"
    scout.write_text(
        SCOUT.replace("expect: {p1: {coins: 4}}\n  - name: built", "expect: {p1: {coins: 5}}\n  - name: built")
    )
    for engine in ("interpreter", "handlers"):
        result = ostraka("check", "--no-cache", "--engine", engine, "cards/mini", cwd=among_game)
        assert result.exit_code == 1 and "E401" in result.output and "follow names the base" in result.output
        assert "p1.coins is 4, expected 5" in result.output


def test_among_reads_as_english(ostraka, among_game):
    result = ostraka("explain", "scout", cwd=among_game)
    assert "whose after is one of the cards you have" in result.output, result.output


# cards missing from a zone, named by what several cards found: the candidates in the game's order
# (not the order of the cards found), the first one moved on both engines
RECRUIT = """id: recruit
name: Recruit
kind: card
colour: red
text: When built, add to your city the first card you lack that follows a card in your city.
effects:
  - on: built
    do: [{move: {card: {kind: card, zone: city, missing: true, where: {after: {among: {zone: city}}}}, to: city, count: 1}}]
examples:
  - name: the base is found first, yet the other comes first in the game
    given: {p1: {city: [base, follow]}}
    when: {build: recruit, by: p1}
    expect: {p1: {city: [base, follow, recruit, other]}}
"""


@pytest.mark.parametrize("engine", ["interpreter", "handlers"])
def test_cards_missing_from_a_zone_come_in_the_games_order(ostraka, mini_game, engine):
    _write_cards(mini_game, {**CARDS, "twin": "colour: blue\nafter: [base]\n"})
    (mini_game / "recruit.yaml").write_text(RECRUIT)
    result = ostraka("check", "--no-cache", "--engine", engine, "cards/mini", cwd=mini_game.parent.parent)
    assert result.exit_code == 0, result.output
