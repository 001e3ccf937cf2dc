"""The language reference's own examples work when copied into a game that has their nouns: the
`may` example once paid `any_resource`, which no game declares (E301 with no hint)."""

from __future__ import annotations

import yaml

from compiler.lang import model  # noqa: F401  (the registry, filled)
from compiler.lang.registry import REGISTRY


def _card(effect: dict) -> str:
    card = {
        "id": "copied",
        "name": "Copied",
        "kind": "card",
        "text": "When built, you may pay 1 resource of your choice to gain 1 point.",
        "effects": [{"on": "built", "do": [effect]}],
        "examples": [
            {
                "name": "pays and gains",
                "given": {"p1": {"wood": 1}},
                "when": {"build": "copied", "by": "p1"},
                "answers": {"p1": ["yes"]},
                "expect": {"p1": {"wood": 0, "points": 1}},
            }
        ],
    }
    return yaml.safe_dump(card, sort_keys=False)


def test_the_may_example_checks_in_a_game(ostraka, mini_game):
    (mini_game / "copied.yaml").write_text(_card(REGISTRY["action"]["may"].example))
    result = ostraka("check", "--no-cache", "--strict", "cards/mini", cwd=mini_game.parent.parent)
    assert result.exit_code == 0, result.output


def test_a_name_built_on_a_known_one_is_hinted(ostraka, mini_game):
    (mini_game / "copied.yaml").write_text(_card({"may": [{"pay": {"any_resource": 1}}, {"gain": {"points": 1}}]}))
    result = ostraka("check", "--no-cache", "cards/mini", cwd=mini_game.parent.parent)
    assert result.exit_code == 1
    assert "E301" in result.output and "did you mean 'any'?" in result.output, result.output
