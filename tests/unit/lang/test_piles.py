"""Piles as a deck-builder needs them: `draw` (a number of cards, or until a zone holds some),
`shuffle` a zone into another, and `move` a card back on top of a pile (`at: top`), which used to
take lifting the pile into another zone and back."""

from __future__ import annotations

import pytest

from compiler.pipeline.project import load
from compiler.runtime.decider import FirstLegal
from compiler.runtime.interpreter import build
from compiler.runtime.state import new_state

ZONES = "zones: {city: {}, discard: {shared: true}}"
DECK_ZONES = "zones: {city: {}, hand: {}, deck: {}, pile: {}, discard: {shared: true}}"

CARDS = """- id: refill
  name: Refill
  kind: card
  text: When built, draw cards from your deck into your hand until it holds 3.
  effects:
    - on: built
      do: [{draw: {from: deck, to: hand, until: 3}}]
  examples:
    - name: two drawn, from the top
      given: {p1: {hand: [good], deck: [a, b, c]}}
      when: {build: refill, by: p1}
      expect: {p1: {hand: [good, a, b], deck: [c]}}
    - name: a full hand draws nothing
      given: {p1: {hand: [a, b, c], deck: [good]}}
      when: {build: refill, by: p1}
      expect: {p1: {hand: [a, b, c], deck: [good]}}
    - name: fewer when the deck runs out
      given: {p1: {hand: [], deck: [a]}}
      when: {build: refill, by: p1}
      expect: {p1: {hand: [a], deck: []}}
- id: scout
  name: Scout
  kind: card
  text: When built, move 1 card of your pile on top of your deck, then draw a card from your deck into your hand.
  effects:
    - on: built
      do:
        - move: {card: {zone: pile}, to: deck, count: 1, at: top}
        - draw: {from: deck, to: hand}
  examples:
    - name: the card put back on top is the one drawn
      given: {p1: {pile: [b, c], deck: [a]}}
      when: {build: scout, by: p1}
      answers: {p1: [c@p1]}
      expect: {p1: {hand: [c], deck: [a], pile: [b]}}
- id: recycler
  name: Recycler
  kind: card
  text: When built, shuffle your pile into your deck.
  effects:
    - on: built
      do: [{shuffle: {zone: pile, into: deck}}]
  examples:
    - name: every card of the pile joins the deck
      given: {p1: {pile: [a, b], deck: [c]}}
      when: {build: recycler, by: p1}
      expect: {p1: {pile: [], deck: [a, b, c]}}
- {id: a, name: Card A, kind: card, text: Nothing., effects: [], examples: [{name: x, when: {build: a}, expect: {p1: {city: [a]}}}]}
- {id: b, name: Card B, kind: card, text: Nothing., effects: [], examples: [{name: x, when: {build: b}, expect: {p1: {city: [b]}}}]}
- {id: c, name: Card C, kind: card, text: Nothing., effects: [], examples: [{name: x, when: {build: c}, expect: {p1: {city: [c]}}}]}
"""


@pytest.fixture
def deck_game(mini_game):
    game_yaml = mini_game / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace(ZONES, DECK_ZONES))
    (mini_game / "piles.yaml").write_text(CARDS)
    return mini_game.parent.parent


@pytest.mark.parametrize("engine", ["interpreter", "handlers"])
def test_draw_shuffle_and_on_top(ostraka, deck_game, engine):
    result = ostraka("check", "--no-cache", "--strict", "--engine", engine, "cards/mini", cwd=deck_game)
    assert result.exit_code == 0, result.output


def test_a_shuffle_draws_each_place_by_chance_alike_on_both_engines(deck_game):
    """Outside a whole game each place of a shuffled pile is the first outcome of its chance draw
    (the cards in id order) unless the example scripts it (`answers: {chance: [...]}`); in a game
    each is a chance node (tests/games/test_next_game.py)."""
    from compiler.codegen.engine import load as handlers_of
    from compiler.runtime.decider import Scripted

    (game,) = load([], deck_game).games
    cards = ["a", "b", "c", "good", "refill", "scout"]
    for handlers in (None, handlers_of(game)):
        orders = []
        for decider in (FirstLegal(), Scripted({"chance": ["scout", "refill"]})):
            state = new_state(game.game, 2)
            player = state.players[0]
            player.zones.update(pile=list(reversed(cards)), deck=[])
            build(game, state, player, "recycler", decider, free=True, handlers=handlers)
            orders.append(player.zones["deck"])
        assert orders == [sorted(cards), ["scout", "refill", "a", "b", "c", "good"]]


CELLAR = """- id: cellar
  name: Cellar
  kind: card
  text: When built, move any number of cards from your hand to your pile, then draw as many cards from your deck into your hand.
  effects:
    - on: built
      do:
        - choose_cards:
            card: {zone: hand}
            do: [{move: {card: {zone: hand, where: {id: {field: id}}}, to: pile, count: 1}}]
            then: [{draw: {from: deck, to: hand, count: {chosen: {}}}}]
  examples:
    - name: two moved in one answer, two drawn
      given: {p1: {hand: [a, b, c], deck: [good, refill, scout]}}
      when: {build: cellar, by: p1}
      answers: {p1: [a+c]}
      expect: {p1: {hand: [b, good, refill], pile: [a, c], deck: [scout]}}
    - name: none moved, none drawn
      given: {p1: {hand: [a, b], deck: [good]}}
      when: {build: cellar, by: p1}
      answers: {p1: [none]}
      expect: {p1: {hand: [a, b], deck: [good]}}
- id: tithe
  name: Tithe
  kind: card
  text: When built, move 1 or 2 cards of your hand to your pile.
  effects:
    - on: built
      do:
        - choose_cards:
            card: {zone: hand}
            min: 1
            max: 2
            do: [{move: {card: {zone: hand, where: {id: {field: id}}}, to: pile, count: 1}}]
  examples:
    - name: the sets offered keep to the bounds
      given: {p1: {hand: [a, b, c]}}
      when: {build: tithe, by: p1}
      answers: {p1: [b+c]}
      expect: {p1: {hand: [a], pile: [b, c]}}
    - name: an empty hand cannot give one
      given: {p1: {hand: []}}
      when: {build: tithe, by: p1}
      expect: {refused: true}
"""


@pytest.mark.parametrize("engine", ["interpreter", "handlers"])
def test_a_set_of_cards_is_one_decision(ostraka, deck_game, engine):
    (deck_game / "cards" / "mini" / "cellar.yaml").write_text(CELLAR)
    result = ostraka("check", "--no-cache", "--strict", "--engine", engine, "cards/mini", cwd=deck_game)
    assert result.exit_code == 0, result.output


def test_the_sets_offered_keep_to_the_bounds_and_offer_equal_cards_once(deck_game):
    (deck_game / "cards" / "mini" / "cellar.yaml").write_text(CELLAR)
    (game,) = load([], deck_game).games
    state = new_state(game.game, 2)
    player = state.players[0]
    player.zones.update(hand=["a", "b", "a"])
    decider = FirstLegal()
    build(game, state, player, "tithe", decider, free=True)
    assert decider.asked[0].options == ("a", "b", "a+b", "a+a")
