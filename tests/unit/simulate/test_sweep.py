"""`ostraka sweep`: variants of the card data (YAML overlays) validated with located errors, the
same seeded games under each, and which differences are significant."""

from __future__ import annotations

import json
import re
from pathlib import Path

import duckdb
import pytest

from compiler.simulate.loading import DataError
from compiler.simulate.variants import load_variant, merge

from repo_paths import REPO

VARIANTS = REPO / "tests" / "fixtures" / "variants"
GAME = "seven_wonders"
BAD = sorted(VARIANTS.glob("E*.yaml"))


def _expectation(path: Path) -> tuple[str, int, int]:
    code, line, col = re.match(r"# expect: (\w+) (\d+):(\d+)", path.read_text().splitlines()[0]).groups()
    return code, int(line), int(col)


@pytest.mark.parametrize("fixture", BAD, ids=[p.stem for p in BAD])
def test_variant_fixtures_report_their_code_at_their_position(ostraka, tmp_path, fixture):
    code, line, col = _expectation(fixture)
    result = ostraka(
        "sweep", GAME, "--variants", str(fixture), "--players", "3", "--games", "1", "--out", str(tmp_path / "out")
    )
    assert result.exit_code == 1, result.output
    assert f"{fixture.relative_to(REPO)}:{line}:{col}: error {code}:" in result.output, result.output
    assert "Traceback" not in result.output and list(tmp_path.iterdir()) == []


def test_the_unknown_card_gets_a_did_you_mean():
    with pytest.raises(DataError) as err:
        load_variant(REPO, GAME, VARIANTS / "E601_unknown_card.yaml")
    assert "did you mean 'tavern'?" in err.value.text


def test_a_variant_changes_removes_and_adds_cards_and_rule_numbers():
    game = load_variant(REPO, GAME, VARIANTS / "no_tavern.yaml")
    assert "tavern" not in game.cards and "shrine" in game.cards
    assert game.cards["altar"].fields["cost"] == {"stone": 1}
    assert load_variant(REPO, GAME, VARIANTS / "discard_for_thirty.yaml").game.params["discard_coins"] == 30


def test_merge_rules():
    assert merge({"a": {"b": 1, "c": 2}, "l": [1]}, {"a": {"b": 5, "c": None}, "l": [2]}) == {"a": {"b": 5}, "l": [2]}


@pytest.mark.parametrize(
    "args, message",
    [
        (["--variants", "no/such/file.yaml"], "cannot read variant file"),
        ([], "name at least one variant file"),
        (["--variants", str(VARIANTS / "discard_for_thirty.yaml"), "--games", "0"], "--games must be at least 1"),
        (["--variants", str(VARIANTS / "discard_for_thirty.yaml"), "--bots", "smart"], "unknown bot 'smart'"),
        (
            ["--variants", str(VARIANTS / "discard_for_thirty.yaml"), str(VARIANTS / "discard_for_thirty.yaml")],
            "two variants are named",
        ),
    ],
)
def test_bad_sweep_arguments_exit_2(ostraka, tmp_path, args, message):
    result = (
        ostraka(
            "sweep",
            GAME,
            *args,
            "--players",
            "3",
            "--games",
            *(["1"] if "--games" not in args else []),
            "--out",
            str(tmp_path / "out"),
        )
        if "--games" not in args
        else ostraka("sweep", GAME, *args, "--players", "3", "--out", str(tmp_path / "out"))
    )
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert list(tmp_path.iterdir()) == []


@pytest.fixture(scope="module")
def sweep_run(tmp_path_factory):
    from click.testing import CliRunner

    from compiler.cli.main import cli

    out = tmp_path_factory.mktemp("sweep") / "run"
    args = [
        "sweep",
        GAME,
        "--variants",
        str(VARIANTS / "discard_for_thirty.yaml"),
        str(VARIANTS / "no_tavern.yaml"),
        "--players",
        "3",
        "--games",
        "3",
        "--seed",
        "4",
        "--out",
        str(out),
        "--format",
        "json",
    ]
    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return out, json.loads(result.output)


def test_sweep_plays_the_same_seeds_for_every_variant(sweep_run):
    out, result = sweep_run
    con = duckdb.connect(str(out / "results.duckdb"), read_only=True)
    seeds = dict(con.execute("SELECT run, list(seed ORDER BY game) FROM games GROUP BY run").fetchall())
    con.close()
    assert set(seeds) == {"base", "discard for thirty", "no tavern, dearer altar, a new shrine"}
    assert len({tuple(s) for s in seeds.values()}) == 1


def test_a_big_change_is_significant_and_a_small_run_says_how_many_games_it_needs(sweep_run):
    _out, result = sweep_run
    rich, small = result["variants"]
    assert rich["name"] == "discard for thirty"
    scores = [d for d in rich["differences"] if d["metric"] == "mean score" and d["what"] == "bot random"]
    assert scores and scores[0]["significant"] and scores[0]["variant"] > scores[0]["base"] + 10
    assert scores[0]["p_adjusted"] < 0.05 and scores[0]["test"] == "paired t"
    for d in small["differences"]:
        assert 0 <= d["p"] <= d["p_adjusted"] <= 1
    # a card in one run only is compared with its 0 builds in the other (the tavern is removed in the variant)
    assert all(d["variant"] == 0 for d in small["differences"] if d["what"] == "tavern" and d["metric"] == "build rate")
    assert any("games_needed" in d for d in small["differences"] if d["base"] != d["variant"] and "rate" in d["metric"])
    power = {p["difference"]: p["games"] for p in result["power"]}
    assert power[0.02] > power[0.05] > power[0.10] > 0


def test_sweep_report(sweep_run):
    out, result = sweep_run
    page = (out / "report.html").read_text()
    assert "<script" not in page and "discard for thirty" in page and 'id="power"' in page
    assert page.count('class="variant"') == 2
    assert page.count('class="sig"') >= 1


def test_breakdowns_by_zone_field_value_and_cases():
    """game.yaml's balance.report (here set by a variant): each kind of breakdown read at the end."""
    from compiler.simulate.match import play_game
    from compiler.simulate.table import Table

    game = load_variant(REPO, GAME, VARIANTS / "breakdowns.yaml")
    table = Table(game, 3)
    record = play_game(table, ["random"] * 3, 5, 0)
    facts = {(seat, label): value for seat, label, value in record.facts}
    assert {label for _seat, label in facts} == {"side", "board", "coins at the end", "treasury"}
    names = {c.name for c in game.cards.values() if c.kind == "wonder"}
    for seat in range(3):
        coins = int(facts[(seat, "coins at the end")])
        assert facts[(seat, "side")] in {"A", "B"} and facts[(seat, "board")] in names  # no field: the card's name
        assert facts[(seat, "treasury")] == ("rich" if coins >= 6 else "comfortable" if coins >= 3 else "none")
