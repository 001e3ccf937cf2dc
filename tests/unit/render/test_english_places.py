"""Zone labels read as places, never as bare nouns: 'in your hand', 'to the discard pile', and a
label with its own article kept whole ('your tile carrying the bid', not 'your the tile ...')."""

from __future__ import annotations

from compiler.lang.model import Action
from compiler.pipeline.project import load
from compiler.render.english import English

ZONES = "zones: {city: {}, discard: {shared: true}}"
LABELLED = (
    "zones: {city: {}, marks: {label: the card carrying your bid}, "
    "discard: {shared: true, label: discard pile}, pool: {shared: true, label: the pool}}"
)


def test_zone_labels_read_as_places(mini_game):
    game_yaml = mini_game / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace(ZONES, LABELLED))
    (game,) = load([], mini_game.parent.parent).games
    en = English(game.game, game.cards)

    def said(action: dict) -> str:
        return en.action(Action.model_validate(action))

    assert said({"move": {"card": {"zone": "marks"}, "to": "discard"}}) == (
        "move all cards in your card carrying your bid to the discard pile"
    )
    assert said({"move": {"card": {"zone": "pool"}, "to": "marks", "of": "left"}}) == (
        "move all cards in the pool to your left neighbour's card carrying your bid"
    )
    assert said({"reveal": {"from": "pool", "to": "marks"}}) == (
        "turn over the top card of the pool into your card carrying your bid"
    )


def test_a_selectors_place_comes_before_its_field_clauses(mini_game):
    (game,) = load([], mini_game.parent.parent).games
    en = English(game.game, game.cards)
    build = Action.model_validate(
        {"build": {"card": {"zone": "discard", "where": {"id": {"among": {"kind": "card", "missing": True}}}}}}
    )
    assert en.action(build) == "you may build a card in the discard (one of the cards you have not built)"
    missing = Action.model_validate({"build": {"card": {"kind": "card", "missing": True, "where": {"colour": "red"}}}})
    assert en.action(missing) == "you may build a red card you have not built"
