"""The English as a card's reader hears it: a trigger described as what 'the acting player' does
reads 'you' on a card that says 'you'; a rule number no card changes is told by its value (its
name told a player no rule they could look up); one some card changes keeps its name and value."""

from __future__ import annotations

from compiler.lang.model import Action, Effect
from compiler.pipeline.project import load
from compiler.render.english import English

TRIGGERS = "  end_of_game: {each_player: true}"
DESCRIBED = '  end_of_game: {each_player: true}\n  war: {description: "the acting player declares war on an opponent"}'

BOOSTER = """id: booster
name: Booster
kind: card
text: Your bonus value is 1 higher.
effects:
  - modify: {param: bonus, by: 1}
examples:
  - {name: in play, when: {build: booster}, expect: {p1: {city: [booster]}}}
"""


def _english(mini_game) -> English:
    (game,) = load([], mini_game.parent.parent).games
    return English(game.game, game.cards)


def test_the_acting_player_is_you(mini_game):
    game_yaml = mini_game / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace(TRIGGERS, DESCRIBED))
    en = _english(mini_game)
    effect = Effect.model_validate({"on": "war", "do": [{"gain": {"coins": 1}}]})
    assert en.effect(effect) == "When you declare war on an opponent: gain 1 coin."


def test_a_rule_number_no_card_changes_is_its_value(mini_game):
    gain = Action.model_validate({"gain": {"coins": {"param": "bonus"}}})
    assert _english(mini_game).action(gain) == "gain 1 coin"
    (mini_game / "booster.yaml").write_text(BOOSTER)
    assert _english(mini_game).action(gain) == "gain coins equal to the bonus value (normally 1)"
