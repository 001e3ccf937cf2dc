"""An estimate for bots: a game whose balance section names no estimate values positions by its own
scoring (the triggers its flow fires once play is over), and simulate warns when the greedy bot wins
less often than the random one (an estimate that leaves out what scores made it lose every game)."""

from __future__ import annotations

import shutil
from pathlib import Path

from compiler.pipeline.project import load
from compiler.simulate.command import print_summary
from compiler.simulate.summary import warnings
from compiler.simulate.table import Table

from repo_paths import TESTS

FIXTURE = TESTS / "fixtures" / "flow"
# the race's own scoring: each token in play is worth its value at the end
SCORING = '  round_end: {each_player: true, description: "a round ends"}\n  scoring: {each_player: true}\n'
RULES = "rules:\n  - on: scoring\n    do: [{gain: {points: {total: {field: value, cards: {kind: token}}}}}]\n"


def test_the_games_own_scoring_is_the_default_estimate(tmp_path):
    target = tmp_path / "cards" / "race"
    shutil.copytree(FIXTURE, target)
    game_yaml = target / "game.yaml"
    text = game_yaml.read_text()
    text = text.replace('  round_end: {each_player: true, description: "a round ends"}\n', SCORING)
    text = text.replace("rules:\n", RULES, 1)  # (the race's own rules follow)
    text = text.replace("  rank: [points, coins]", "    - fire: scoring\n  rank: [points, coins]")
    game_yaml.write_text(text)
    (game,) = load([], tmp_path).games
    table = Table(game, 2, engine="interpreter")
    assert table.estimate_triggers == ["scoring"]
    state = table.new_state(3)
    state.state.players[0].zones["table"] = ["four"]
    assert table.values(state.state)[0] == state.state.players[0].values.get("points", 0) + 4


def test_a_greedy_bot_losing_to_random_is_told():
    rate = lambda v: {"value": v, "low": v - 0.1, "high": v + 0.1}  # noqa: E731
    lost = {"wins_by_bot": {"greedy": {"rate": rate(0.2)}, "random": {"rate": rate(0.8)}}}
    won = {"wins_by_bot": {"greedy": {"rate": rate(0.7)}, "random": {"rate": rate(0.3)}}}
    assert warnings(won) == []
    (told,) = warnings(lost)
    assert "greedy bot won less often than the random one" in told and "balance.estimate" in told
    lines = []
    summary = {"games": 2, "wins_by_seat": [], "wins_by_bot": {}, "warnings": [told]}
    print_summary(summary, "text", Path("out"), lambda text, **_kw: lines.append(text))
    assert lines[-1] == f"warning: {told}"
