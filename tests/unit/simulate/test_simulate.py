"""`ostraka simulate`: bots, seeded games written to DuckDB, the summary and its intervals, the
report in a real browser, local processes and Ray giving the same results, bad input refused."""

from __future__ import annotations

import html
import json
import random
import re
from pathlib import Path

import duckdb
import pytest
from scipy import stats as scipy_stats

from compiler.pipeline.project import load
from compiler.simulate import stats
from compiler.simulate.bots import BotOptions, GreedyBot, MCTSBot, RandomBot
from compiler.simulate.table import Table

from repo_paths import REPO

GAME = "seven_wonders"  # the first game with a whole-game flow
ARGS = ["--players", "3", "--games", "3", "--seed", "11", "--bots", "greedy,random,random"]
TABLES = {"games": "game", "seats": "game, seat", "builds": "game, seat, card, points", "facts": "game, seat, label"}


@pytest.fixture(scope="module")
def compiled():
    return next(g for g in load([], REPO).games if g.id == GAME)


@pytest.fixture(scope="module")
def base_run(tmp_path_factory):
    """One small run shared by the tests that read its outputs."""
    from click.testing import CliRunner

    from compiler.cli.main import cli

    out = tmp_path_factory.mktemp("sim") / "run"
    result = CliRunner().invoke(
        cli, ["simulate", GAME, *ARGS, "--out", str(out), "--format", "json"], catch_exceptions=False
    )
    assert result.exit_code == 0, result.output
    return out, json.loads(result.output)


def _contents(path: Path) -> dict[str, list[tuple]]:
    con = duckdb.connect(str(path / "results.duckdb"), read_only=True)
    try:
        return {
            t: con.execute(f"SELECT * EXCLUDE (run) FROM {t} ORDER BY {order}").fetchall()
            for t, order in TABLES.items()
        }
    finally:
        con.close()


# ------------------------------------------------------------------------------ statistics


def test_wilson_interval_matches_the_formula_and_stays_in_bounds():
    e = stats.wilson(5, 10)
    assert e.value == 0.5 and e.low == pytest.approx(0.2366, abs=1e-4) and e.high == pytest.approx(0.7634, abs=1e-4)
    assert stats.wilson(0, 20).low == 0.0 and stats.wilson(20, 20).high == 1.0
    assert stats.wilson(0, 20).high > 0.1  # never a zero-width interval at 0 wins


def test_mean_interval_and_welch_agree_with_scipy():
    rng = random.Random(3)
    a = [rng.gauss(30, 5) for _ in range(40)]
    b = [rng.gauss(32, 7) for _ in range(25)]
    e = stats.mean_interval(len(a), sum(a), sum(x * x for x in a))
    low, high = scipy_stats.t.interval(0.95, len(a) - 1, loc=sum(a) / len(a), scale=scipy_stats.sem(a))
    assert (e.low, e.high) == (pytest.approx(low), pytest.approx(high))
    p = stats.welch(len(a), sum(a), sum(x * x for x in a), len(b), sum(b), sum(x * x for x in b))
    assert p == pytest.approx(scipy_stats.ttest_ind(a, b, equal_var=False).pvalue)


def test_two_proportion_test_and_power():
    assert stats.two_proportions(50, 100, 50, 100) == pytest.approx(1.0)
    assert stats.two_proportions(30, 100, 50, 100) < 0.01
    n = stats.games_needed(0.25, 0.05)
    assert 1000 < n < 1500  # the textbook figure for 25% vs 30% at alpha 0.05, power 0.8 is about 1,250
    assert stats.games_needed(0.25, 0.10) < n
    assert stats.holm([0.01, 0.04, 0.03]) == [pytest.approx(0.03), pytest.approx(0.06), pytest.approx(0.06)]


# ------------------------------------------------------------------------------ bots


def _midgame(compiled, seed=5, decisions=4):
    table = Table(compiled, 3)
    state = table.new_state(seed)
    rng = random.Random(seed)
    made = 0
    while made < decisions or state.is_chance_node():
        if state.is_chance_node():
            state.apply_action(state.sample_chance())
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            made += 1
    return table, state


def test_greedy_takes_a_move_of_highest_value(compiled):
    table, state = _midgame(compiled)
    seat = state.current_player()
    values = {a: table.value_after(state, a, seat) for a in state.legal_actions()}
    assert len(set(values.values())) > 1, "the test needs a position where moves differ"
    picks = {GreedyBot(table, seat, s, BotOptions()).step(state) for s in range(8)}
    assert picks <= {a for a, v in values.items() if v == max(values.values())}
    assert {RandomBot(table, seat, s, BotOptions()).step(state) for s in range(30)} - picks  # random does not


def test_mcts_bot_is_openspiel_searching_a_registered_game(compiled):
    import pyspiel

    from compiler.simulate import spiel

    table, state = _midgame(compiled, decisions=50)  # late in age III: short rollouts
    name = spiel.register(compiled)
    assert name in pyspiel.registered_names()
    game = pyspiel.load_game(name, {"players": 3, "seed": 2})
    assert game.num_players() == 3 and game.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    wrapped = game.wrap(state.clone())
    twin = wrapped.clone()  # OpenSpiel's own clone: an independent runner state
    twin.apply_action(twin.legal_actions()[0])
    assert wrapped.history() == [] and twin.history() == [state.legal_actions()[0]]
    assert wrapped.runner.history == state.history
    bot = MCTSBot(table, state.current_player(), 7, BotOptions(mcts_simulations=4))
    action = bot.step(state)
    assert action in state.legal_actions()
    assert action == MCTSBot(table, state.current_player(), 7, BotOptions(mcts_simulations=4)).step(state)  # seeded


# ------------------------------------------------------------------------------ simulate


def test_simulate_writes_every_game_seat_and_build(base_run):
    out, summary = base_run
    assert {p.name for p in out.iterdir()} == {"results.duckdb", "report.html", "ostraka-run.json"}
    data = _contents(out)
    assert len(data["games"]) == 3 and len(data["seats"]) == 9
    assert [row[2] for row in data["seats"][:3]] == ["greedy", "random", "random"]
    for game in range(3):
        assert sum(row[4] for row in data["seats"] if row[0] == game) == pytest.approx(1.0)  # win shares
    assert data["builds"] and all(row[2] in {c["card"] for c in summary["cards"]} for row in data["builds"])
    assert {row[2] for row in data["facts"]} == {"wonder", "side"}  # game.yaml balance.report
    assert not list(out.parent.glob(".run.*"))  # no staging directory left behind


def test_simulate_json_summary(base_run):
    _out, s = base_run
    assert s["games"] == 3
    assert sum(w["wins"] for w in s["wins_by_seat"]) == pytest.approx(3)
    assert set(s["wins_by_bot"]) == {"greedy", "random"} and s["wins_by_bot"]["random"]["seats"] == 6
    for row in s["wins_by_seat"]:
        assert 0 <= row["rate"]["low"] <= row["rate"]["value"] <= row["rate"]["high"] <= 1
    card = s["cards"][0]
    assert set(card) >= {"card", "built", "build_rate", "builder_win_rate", "points"}
    assert card["builder_win_rate"]["low"] <= card["builder_win_rate"]["value"] <= card["builder_win_rate"]["high"]
    assert set(s["breakdowns"]) == {"wonder", "side"}
    assert sum(r["players"] for r in s["breakdowns"]["side"]) == 9
    assert s["length"]["rounds"]["value"] == 3  # three ages, from balance.length
    assert s["mean_score"]["n"] == 9


def test_results_do_not_depend_on_the_number_of_processes(base_run, ostraka, tmp_path):
    out, _ = base_run
    result = ostraka("simulate", GAME, *ARGS, "--jobs", "2", "--out", str(tmp_path / "two"))
    assert result.exit_code == 0, result.output
    assert _contents(tmp_path / "two") == _contents(out)


def test_ray_plays_the_same_games(base_run, ostraka, tmp_path):
    """A local one-CPU Ray cluster (Ray no longer has a local mode) plays the same games."""
    pytest.importorskip("ray")
    out, _ = base_run
    result = ostraka("simulate", GAME, *ARGS, "--ray", "--out", str(tmp_path / "ray"))
    assert result.exit_code == 0, result.output
    assert _contents(tmp_path / "ray") == _contents(out)


def test_a_rerun_replaces_its_own_directory(base_run, ostraka, tmp_path):
    target = tmp_path / "again"
    for _ in range(2):
        assert ostraka("simulate", GAME, "--players", "3", "--games", "1", "--out", str(target)).exit_code == 0
    assert len(_contents(target)["games"]) == 1


# ------------------------------------------------------------------------------ bad input


@pytest.mark.parametrize(
    "args, message",
    [
        (["--bots", "clever"], "unknown bot 'clever'"),
        (["--bots", "random,greedy"], "2 bots for 3 players"),
        (["--games", "0"], "--games must be at least 1"),
        (["--games", "-3"], "--games must be at least 1"),
        (["--jobs", "0"], "--jobs must be at least 1"),
        (["--players", "9"], "played by 3 to 7 players, not 9"),
    ],
)
def test_bad_arguments_are_one_line_and_exit_2(ostraka, tmp_path, args, message):
    base = {"--players": "3", "--games": "2", "--bots": "random"}
    for k, v in zip(args[::2], args[1::2]):
        base[k] = v
    flat = [x for kv in base.items() for x in kv]
    result = ostraka("simulate", GAME, *flat, "--out", str(tmp_path / "out"))
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_unknown_game_is_refused(ostraka, tmp_path):
    result = ostraka("simulate", "seven_wonder", "--players", "3", "--out", str(tmp_path / "out"))
    assert result.exit_code == 2 and "no game 'seven_wonder'" in result.output


def test_an_out_directory_that_is_not_ours_is_left_alone(ostraka, tmp_path):
    target = tmp_path / "mine"
    target.mkdir()
    (target / "notes.txt").write_text("precious")
    result = ostraka("simulate", GAME, "--players", "3", "--games", "1", "--out", str(target))
    assert result.exit_code == 2 and "does not hold an ostraka run" in result.output
    assert [p.name for p in target.iterdir()] == ["notes.txt"] and len(list(tmp_path.iterdir())) == 1


def test_a_failed_run_leaves_nothing(monkeypatch, tmp_path, compiled):
    """A failure in the middle of the games (here: a bot that breaks) removes the staging directory."""
    from compiler.simulate import command

    def broken(self, state):
        raise RuntimeError("bot failure")

    monkeypatch.setattr(RandomBot, "step", broken)
    with pytest.raises(RuntimeError):
        runs = command.Runs(3, 2, 0, "random", 1, str(tmp_path / "out"), "json", None, "handlers", 5)
        command.command(REPO, GAME, runs, lambda *a, **k: None)
    assert list(tmp_path.iterdir()) == []


# ------------------------------------------------------------------------------ the report


def test_report_is_self_contained_and_complete(base_run, compiled):
    out, s = base_run
    page = (out / "report.html").read_text()
    assert "<script" not in page and not re.search(r"""(src|href)=["']?(https?:)?//""", page)
    charts = re.findall(r'data-chart="([^"]+)"', page)
    assert set(charts) >= {
        "win rate by seat",
        "win rate by bot",
        "scores by seat",
        "scores by bot",
        "game length",
        "win rate by wonder",
        "win rate by side",
    }
    for section in ("wins", "scores", "by-wonder", "by-side", "cards", "length"):
        assert f'id="{section}"' in page
    for card in s["cards"]:
        assert html.escape(compiled.cards[card["card"]].name) in page
    assert page.count('class="whisker"') == len(s["cards"])


_PROBE = """
<script>
(function () {
  var out = {charts: [], overflow: [], width: document.documentElement.clientWidth};
  document.querySelectorAll('svg.chart').forEach(function (c) {
    var r = c.getBoundingClientRect();
    out.charts.push({name: c.getAttribute('data-chart'), w: r.width, h: r.height,
                     marks: c.querySelectorAll('rect.bar').length});
  });
  document.querySelectorAll('body *').forEach(function (el) {
    var r = el.getBoundingClientRect();
    if (r.right > out.width + 1 || r.left < -1) out.overflow.push(el.tagName + '.' + el.getAttribute('class'));
    if (el.tagName === 'TD' || el.tagName === 'P') { if (el.scrollWidth > el.clientWidth + 1 && el.tagName === 'P') out.overflow.push('p text'); }
  });
  var pre = document.createElement('pre'); pre.id = 'ostraka-geometry'; pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
</script>
"""


@pytest.mark.parametrize("width", [420, 1280])
def test_report_in_headless_chromium(base_run, tmp_path, width):
    from browser import ARTIFACTS, find_chromium, run_chromium

    binary = find_chromium()
    if binary is None:
        pytest.skip("headless Chromium is not installed (apt-get install chromium)")
    out, _ = base_run
    page = (out / "report.html").read_text()
    probe = tmp_path / "probe.html"
    probe.write_text(page.replace("</body>", _PROBE + "</body>"))
    done = run_chromium(
        binary, [f"--window-size={width},2000", "--virtual-time-budget=3000", "--dump-dom", probe.as_uri()]
    )
    found = re.search(r'<pre id="ostraka-geometry">(.*?)</pre>', done.stdout, re.S)
    assert found, done.stderr[-2000:]
    geometry = json.loads(html.unescape(found.group(1)))
    assert len(geometry["charts"]) >= 7
    for chart in geometry["charts"]:
        assert chart["w"] > 100 and chart["h"] > 40 and chart["marks"] > 0, chart
    assert geometry["overflow"] == [], geometry["overflow"][:10]
    (ARTIFACTS / "reports").mkdir(parents=True, exist_ok=True)
    shot = ARTIFACTS / "reports" / f"simulate-report-{width}.png"
    run_chromium(binary, [f"--window-size={width},3000", f"--screenshot={shot}", (out / "report.html").as_uri()])
    assert shot.is_file() and shot.read_bytes().startswith(b"\x89PNG")


def test_the_probe_sees_an_overflowing_chart(base_run, tmp_path):
    from browser import find_chromium, run_chromium

    binary = find_chromium()
    if binary is None:
        pytest.skip("headless Chromium is not installed")
    out, _ = base_run
    page = (out / "report.html").read_text().replace("svg.chart {", "svg.chart { min-width: 2000px; ")
    probe = tmp_path / "wide.html"
    probe.write_text(page.replace("</body>", _PROBE + "</body>"))
    done = run_chromium(binary, ["--window-size=800,2000", "--dump-dom", probe.as_uri()])
    geometry = json.loads(
        html.unescape(re.search(r'<pre id="ostraka-geometry">(.*?)</pre>', done.stdout, re.S).group(1))
    )
    assert geometry["overflow"]


def test_progress_bar_on_a_terminal_only():
    import io

    from compiler.simulate.run import progress

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    quiet, tty = io.StringIO(), Terminal()
    assert list(progress(iter(range(5)), 5, "games", quiet)) == list(range(5)) and quiet.getvalue() == ""
    assert list(progress(iter(range(5)), 5, "games", tty)) == list(range(5))
    assert "/5 [" in tty.getvalue() and "game/s" in tty.getvalue()


def test_simulate_with_an_mcts_seat(ostraka, tmp_path):
    """OpenSpiel's MCTS plays a whole game from the command line (few simulations: a smoke run)."""
    result = ostraka(
        "simulate",
        GAME,
        "--players",
        "3",
        "--games",
        "1",
        "--bots",
        "mcts,random,random",
        "--mcts-simulations",
        "2",
        "--out",
        str(tmp_path / "mcts"),
        "--format",
        "json",
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert set(summary["wins_by_bot"]) == {"mcts", "random"} and summary["wins_by_bot"]["mcts"]["seats"] == 1
    assert "MCTS 2 simulations a move" in (tmp_path / "mcts" / "report.html").read_text()


FLOW_GAMES = sorted(g.id for g in load([], REPO).games if g.game.flow is not None)


@pytest.mark.parametrize("game_id", FLOW_GAMES)
def test_every_game_with_a_flow_simulates_with_its_breakdowns(ostraka, tmp_path, game_id):
    game = next(g for g in load([], REPO).games if g.id == game_id)
    players = game.game.players.min
    result = (
        ostraka(
            "simulate",
            game_id,
            "--players",
            str(players),
            "--games",
            "2",
            "--bots",
            "greedy,random",
            "--out",
            str(tmp_path / "out"),
            "--format",
            "json",
        )
        if players == 2
        else ostraka(
            "simulate",
            game_id,
            "--players",
            str(players),
            "--games",
            "2",
            "--bots",
            "greedy",
            "--out",
            str(tmp_path / "out"),
            "--format",
            "json",
        )
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["games"] == 2 and sum(w["wins"] for w in summary["wins_by_seat"]) == pytest.approx(2)
    labels = [b.label for b in game.game.balance.report] if game.game.balance else []
    assert set(summary["breakdowns"]) == set(labels)  # JSON keys are sorted; the report keeps game.yaml's order
    assert summary["cards"], "some card was built"


def test_card_points_are_measured_only_when_asked(base_run, ostraka, tmp_path):
    """Without --card-points a build's points are NULL and the report shows a dash; with it, the
    estimate around each build gives them (and the rest of the run is the same games)."""
    out, plain = base_run
    assert all(c["points"] is None for c in plain["cards"])
    con = duckdb.connect(str(out / "results.duckdb"), read_only=True)
    try:
        assert con.execute("SELECT count(*), count(points) FROM builds").fetchone()[1] == 0
    finally:
        con.close()
    measured = tmp_path / "points"
    result = ostraka("simulate", GAME, *ARGS, "--out", str(measured), "--format", "json", "--card-points")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert all(c["points"] is not None for c in summary["cards"])
    assert any(c["points"]["value"] != 0 for c in summary["cards"])
    assert [c["built"] for c in summary["cards"]] == [c["built"] for c in plain["cards"]]
    assert summary["wins_by_seat"] == plain["wins_by_seat"]
    page = (measured / "report.html").read_text(encoding="utf-8")
    assert "&plusmn;" in page.split('id="cards"')[1].split("</section>")[0]


def test_jobs_has_an_upper_bound(ostraka, tmp_path):
    result = ostraka("simulate", GAME, *ARGS, "--jobs", "100000", "--out", str(tmp_path / "run"))
    assert result.exit_code == 2 and "--jobs must be at most 64" in result.output, result.output
    assert len(result.output.strip().splitlines()) == 1 and not (tmp_path / "run").exists()
