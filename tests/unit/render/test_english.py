"""Every primitive renders to plain English; every card of every game has rendered text."""

from __future__ import annotations

import re
import shutil

import pytest
from click.testing import CliRunner

from compiler.cli.main import cli
from compiler.lang.model import Action, Condition, Effect, Expression
from compiler.lang.registry import REGISTRY
from compiler.render.english import English, third_person

from repo_paths import REPO

ROOT = REPO
# Signs that a rendering fell back to a placeholder or leaked a Python value or a raw id.
PLACEHOLDER = re.compile(r"[{}<>\[\]]|\bNone\b|\bTrue\b|\bFalse\b|_|Selector\(|\.\.\.|\bTODO\b|\s{2,}")


def _render(family: str, name: str, en: English) -> str:
    example = REGISTRY[family][name].example
    if family == "action":
        return en.action(Action.model_validate(example))
    if family == "expression":
        return en.amount(Expression.model_validate(example))
    if family == "condition":
        return en.condition(Condition.model_validate(example))
    return en.effect(Effect.model_validate(example))


ALL = [(family, name) for family, table in REGISTRY.items() for name in sorted(table)]


@pytest.mark.parametrize("family,name", ALL, ids=[f"{f}:{n}" for f, n in ALL])
def test_every_primitive_renders_its_example(family, name, real_games):
    renderers = [English()] + [English(g.game, g.cards) for g in real_games]
    for en in renderers:
        text = _render(family, name, en)
        assert text.strip(), f"{family} '{name}' renders to nothing"
        assert not PLACEHOLDER.search(text), f"{family} '{name}' renders a placeholder: {text!r}"
        # (a rule number no card of the game changes is told by its value alone)
        assert len(text.split()) >= 2 or text.isdigit(), f"{family} '{name}' renders too little: {text!r}"


def test_amounts_use_singular_and_labels(real_games):
    game = next(g for g in real_games if "points" in g.game.counters)
    en = English(game.game, game.cards)
    label = game.game.counters["points"].label or "points"
    assert en.action(Action.model_validate({"gain": {"points": 1}})) == f"gain 1 {label[:-1]}"
    assert en.action(Action.model_validate({"gain": {"points": 3}})) == f"gain 3 {label}"


def test_per_card_amounts_read_as_for_each(real_games):
    game = next(g for g in real_games if "colour" in str(g.game.kinds))
    en = English(game.game, game.cards)
    text = en.action(Action.model_validate({"gain": {"coins": {"mul": [2, {"count": {"where": {"colour": "grey"}}}]}}}))
    assert text == "gain 2 coins for each grey card you have"


def test_third_person():
    assert (
        third_person("lose 1 victory point; then advance your culture marker 1 space")
        == "loses 1 victory point; then advances their culture marker 1 space"
    )
    en = English()
    text = en.action(Action.model_validate({"for_each": {"players": "opponents", "do": [{"lose": {"points": 2}}]}}))
    assert text.startswith("each opponent loses 2 points")


def test_effect_sentences_name_timing_and_condition():
    en = English()
    effect = Effect.model_validate(
        {"on": "built", "if": {"owns": "barracks"}, "limit": "once_per_round", "do": [{"gain": {"coins": 2}}]}
    )
    assert en.effect(effect) == "When built (once per round), if you have barracks: gain 2 coins."


def test_every_card_of_every_game_has_rendered_text(real_games):
    games = real_games
    assert games
    for g in games:
        en = English(g.game, g.cards)
        for card in g.cards.values():
            if not card.effects:
                continue
            text = en.card(card)
            assert text.strip(), card.id
            assert not PLACEHOLDER.search(text), f"{g.id}/{card.id}: {text!r}"


def test_every_game_rule_renders(real_games):
    for g in real_games:
        en = English(g.game, g.cards)
        for effect in g.game.rules:
            text = en.effect(effect)
            assert text.strip() and not PLACEHOLDER.search(text), f"{g.id} rule: {text!r}"


def test_explain_shows_text_beside_rendering(tmp_path, real_games):
    game, card = next((g, c) for g in real_games for c in g.cards.values() if c.effects and c.text)
    runner = CliRunner()
    import os

    shutil.copytree(ROOT / "cards", tmp_path / "cards")
    old = os.getcwd()
    os.chdir(tmp_path)
    try:
        result = runner.invoke(cli, ["explain", card.id, "--game", game.id])
    finally:
        os.chdir(old)
    assert result.exit_code == 0, result.output
    flat = " ".join(result.output.split())
    assert "text: " + " ".join(card.text.split()) in flat
    assert "rendered: " + " ".join(English(game.game, game.cards).card(card).split()) in flat
    assert "text check: " in flat
