"""The step budget holds (core/limits.py): hostile cards stop with a located E402, on both engines.

Options tried on copies of the state (`choose`, `may`, build trials) and the payment search are
charged to the run's one budget, which every copy of the state shares. Each card below would run
for minutes (or grow exponentially with its nesting) without it; each is refused by the step
budget, at its example, the same way by the interpreter and by the generated handlers.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from compiler.core.limits import MAX_STEPS

from repo_paths import REPO

ENGINES = ("interpreter", "handlers")


def _yaml(data) -> str:
    out = io.StringIO()
    yaml = YAML(typ="safe", pure=True)
    yaml.default_flow_style = False
    yaml.dump(data, out)
    return out.getvalue()


def _card(effects: list, given: dict | None = None, cost: dict | None = None) -> dict:
    card = {
        "id": "hostile",
        "name": "Hostile",
        "kind": "card",
        "text": "Far too much work.",
        "effects": effects,
        "examples": [
            {
                "name": "stops",
                "given": given or {},
                "when": {"build": "hostile", "by": "p1"},
                "expect": {"p1": {"coins": 3}},
            }
        ],
    }
    if cost:
        card["cost"] = cost
    return card


def _gain() -> dict:
    return {"gain": {"coins": 1}}


def _nested(key: str, depth: int) -> list:
    inner = [_gain()]
    for _ in range(depth):
        inner = [{key: inner}] if key == "may" else [{"choose": {"options": {"a": inner, "b": inner}}}]
    return inner


HOSTILE = {
    # ten options of 99,000 gains each: every option is tried on a copy before one is taken
    "choose_of_heavy_options": lambda: _card(
        [
            {
                "on": "built",
                "do": [
                    {
                        "choose": {
                            "count": 10,
                            "options": {f"o{i}": [{"repeat": {"times": 99_000, "do": [_gain()]}}] for i in range(10)},
                        }
                    }
                ],
            }
        ]
    ),
    # 300 options taken one by one: 45,000 trials
    "choose_300_of_300": lambda: _card(
        [{"on": "built", "do": [{"choose": {"count": 300, "options": {f"o{i}": [_gain()] for i in range(300)}}}]}]
    ),
    # `may` and `choose` nested 25 deep: every level tries the whole level below, then runs it
    "may_nested_25_deep": lambda: _card([{"on": "built", "do": _nested("may", 25)}]),
    "choose_nested_11_deep": lambda: _card(
        [{"on": "built", "do": _nested("choose", 11)}]
    ),  # the loader allows 64 levels
    # a million wild coins spread over three nouns: half a trillion ways
    "best_spread_of_a_million": lambda: _card(
        [
            {
                "on": "built",
                "do": [
                    {
                        "gain": {
                            "points": {
                                "best": {
                                    "spread": "coins",
                                    "over": ["wood", "stone", "points"],
                                    "value": {"value": "wood"},
                                }
                            }
                        }
                    }
                ],
            }
        ],
        given={"p1": {"coins": 1_000_000}},
    ),
    # every card in every city moved to every city, 40 times: the cards quadruple each round
    "move_to_every_player": lambda: _card(
        [
            {
                "on": "built",
                "do": [
                    {
                        "repeat": {
                            "times": 40,
                            "do": [{"move": {"card": {"zone": "city", "of": "all"}, "to": "city", "of": "all"}}],
                        }
                    }
                ],
            }
        ],
        given={"players": 4},
    ),
    # a city of 9,000 cards counted at every one of 40,000 rounds
    "count_a_big_zone_often": lambda: _card(
        [
            {
                "on": "built",
                "do": [
                    {
                        "repeat": {
                            "times": 40_000,
                            "do": [{"gain": {"coins": {"count": {"zone": "city", "id": "good"}}}}],
                        }
                    }
                ],
            }
        ],
        given={"p1": {"city": ["good"] * 9_000}},
    ),
    # a cost of 60 wood coverable by stock or by 60 either/or producers: 2^60 ways to pay
    "payment_search": lambda: [
        _card([{"on": "built", "do": [_gain()]}], cost={"wood": 60}, given={"p1": {"wood": 60, "city": ["mill"] * 60}}),
        {
            "id": "mill",
            "name": "Mill",
            "kind": "card",
            "text": "Produces one wood or stone.",
            "effects": [{"produce": {"one_of": ["wood", "stone"]}}],
            "examples": [
                {
                    "name": "pays",
                    "given": {"p1": {"city": ["mill"]}},
                    "when": {"build": "hostile", "by": "p1"},
                    "expect": {"refused": True},
                }
            ],
        },
    ],
}


def _aliased(tmp: Path) -> str:
    """3,000 options that are one aliased list, 300 of them taken: written as text (aliases)."""
    options = "\n".join(f"            o{i}: *a" for i in range(1, 3000))
    return f"""id: hostile
name: Hostile
kind: card
text: Far too much work.
effects:
  - on: built
    do:
      - choose:
          count: 300
          options:
            o0: &a [{{gain: {{coins: 1}}}}, {{gain: {{points: 1}}}}]
{options}
examples:
  - name: stops
    when: {{build: hostile, by: p1}}
    expect: {{p1: {{coins: 3}}}}
"""


CASES = sorted(HOSTILE) + ["aliased_3000_options"]


def _write(mini_game: Path, case: str) -> Path:
    path = mini_game / "hostile.yaml"  # the hostile card comes first in the file
    path.write_text(_aliased(mini_game) if case == "aliased_3000_options" else _yaml(HOSTILE[case]()), encoding="utf-8")
    return path


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("case", CASES)
def test_a_hostile_card_is_refused_by_the_step_budget(case, engine, mini_game, ostraka):
    path = _write(mini_game, case)
    result = ostraka("check", "--no-cache", "--engine", engine, cwd=mini_game.parent.parent)
    assert result.exit_code == 1, result.output
    assert "E901" not in result.output
    lines = path.read_text(encoding="utf-8").splitlines()
    line = (
        next(i for i, text in enumerate(lines, 1) if text.lstrip("- ").startswith("examples:")) + 1
    )  # the hostile card's example
    located = [
        row
        for row in result.output.splitlines()
        if row.startswith(f"cards/mini/hostile.yaml:{line}:") and " E402: " in row
    ]
    assert located and f"stopped after {MAX_STEPS:,} steps" in located[0], result.output[-2000:]


def test_every_copy_of_a_state_spends_from_one_budget(mini_game):
    """A trial's work stays charged after the copy is dropped; a new run (a replay) starts afresh."""
    from compiler.core.limits import budget
    from compiler.pipeline.project import load
    from compiler.runtime.state import new_state

    (game,) = load([], mini_game.parent.parent).games
    state = new_state(game.game, 2)
    trial = state.copy()
    from compiler.core.limits import spend

    spend(trial, 100)
    assert budget(state) is budget(trial) and budget(state).used >= 100
    replay = state.copy(new_run=True)
    assert budget(replay) is not budget(state) and budget(replay).used == 0


def test_real_examples_use_a_small_part_of_the_budget():
    """The budget is far above what any real example needs."""
    from compiler.core.limits import budget
    from compiler.pipeline.check.examples import ExampleInvalid, setup, trigger
    from compiler.pipeline.project import load
    from compiler.runtime.decider import Scripted

    run = load([], REPO)
    most = 0
    for game in run.games:
        for card in game.cards.values():
            for example in card.examples:
                try:
                    state = setup(game, example.given)
                except ExampleInvalid:
                    continue
                try:
                    trigger(game, state, example.when, Scripted(example.answers))
                except Exception:  # noqa: BLE001, S112 - refused examples count too
                    pass
                most = max(most, budget(state).used)
    assert 0 < most < MAX_STEPS // 10
