"""The text check on honest wording it used to cry wolf at ('a resource' for every resource of the
game, 'coins included' for a whole cost waived, 'by any player'), and on wrong wording it used to
miss (a comparison or a superlative turned round, 'discard' where no card is discarded)."""

from __future__ import annotations

import pytest

ZONES = "zones: {city: {}, discard: {shared: true}}"
DECK = "zones: {city: {}, hand: {}, deck: {}, discard: {shared: true, label: discard pile}}"


def _card(card_id: str, text: str, effects: str, example: str) -> str:
    return (
        f"id: {card_id}\nname: {card_id.replace('_', ' ').title()}\nkind: card\ntext: {text}\n"
        f"effects:\n{effects}\nexamples:\n{example}\n"
    )


IN_PLAY = "  - {name: in play, when: {build: CARD}, expect: {p1: {city: [CARD]}}}"

HONEST = {
    "any_resource": (
        "Produces one resource of your choice every turn.",
        "  - produce: {one_of: [wood, stone]}",
        IN_PLAY,
    ),
    "free_build": (
        "Once per game, you build a card for free, coins included.",
        "  - discount: {everything: true, limit: once_per_game}",
        IN_PLAY,
    ),
    "any_builder": (
        "Whenever any player builds a card, gain 1 coin.",
        "  - on: built\n    by: all\n    do: [{with: {player: owner, do: [{gain: {coins: 1}}]}}]",
        "  - {name: heard, given: {p1: {city: [CARD]}, p2: {wood: 1}}, when: {build: good, by: p2}, "
        "expect: {p1: {coins: 4}}}",
    ),
}

WRONG = {
    "more_for_less": (
        "When built, if you have more than 3 coins, gain 1 point.",
        "  - on: built\n    if: {lt: [{value: coins}, 3]}\n    do: [{gain: {points: 1}}]",
        "  - {name: poor, given: {p1: {coins: 2}}, when: {build: CARD}, expect: {p1: {points: 1}}}",
        "more than",
    ),
    "dearest_for_cheapest": (
        "When built, you may build the most expensive card of the discard pile for free.",
        "  - on: built\n    do: [{build: {card: {zone: discard, fewest: {units: {field: cost}}}, free: true}}]",
        "  - {name: cheap, given: {discard: [good]}, when: {build: CARD}, answers: {p1: [good]}, "
        "expect: {p1: {city: [CARD, good]}}}",
        "the most",
    ),
    "discard_for_bottom": (
        "When built, discard a card from your hand.",
        "  - on: built\n    do: [{move: {card: {zone: hand}, to: deck, count: 1}}]",
        "  - {name: one, given: {p1: {hand: [good]}}, when: {build: CARD}, expect: {p1: {hand: [], deck: [good]}}}",
        "discard",
    ),
}


@pytest.fixture
def deck_game(mini_game):
    game_yaml = mini_game / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace(ZONES, DECK))
    return mini_game


@pytest.mark.parametrize("card_id", sorted(HONEST))
def test_honest_wording_is_no_finding(ostraka, deck_game, card_id):
    text, effects, example = HONEST[card_id]
    (deck_game / f"{card_id}.yaml").write_text(_card(card_id, text, effects, example.replace("CARD", card_id)))
    result = ostraka("check", "--no-cache", "--strict", "cards/mini", cwd=deck_game.parent.parent)
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("card_id", sorted(WRONG))
def test_wrong_wording_is_caught_at_its_words(ostraka, deck_game, card_id):
    text, effects, example, words = WRONG[card_id]
    (deck_game / f"{card_id}.yaml").write_text(_card(card_id, text, effects, example.replace("CARD", card_id)))
    result = ostraka("check", "--no-cache", "--format", "json", "cards/mini", cwd=deck_game.parent.parent)
    found = [d for d in result.json()["diagnostics"] if d["code"] == "W501"]
    column = 7 + text.index(words)  # 'text: ' starts at column 1
    assert [(d["line"], d["column"]) for d in found] == [(4, column)], found
