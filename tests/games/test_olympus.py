"""Olympus as data: the card listing, a clean check, and the game's own rules (Upkeep, war, plague)."""

from __future__ import annotations

import re
import shutil
from collections import Counter

import pytest

from compiler.model.game import Example
from compiler.pipeline.check.examples import run_example
from compiler.pipeline.project import load

from repo_paths import REPO

GAME = REPO / "cards" / "olympus"
DEITIES = ["zeus", "hera", "demeter", "artemis", "poseidon", "athena", "aphrodite", "ares", "hephaestus", "apollo"]


@pytest.fixture(scope="module")
def olympus():
    run = load([GAME], REPO)
    assert not run.report.items, [str(d) for d in run.report.items]
    (game,) = run.games
    return game


def outcome(game, **example):
    return run_example(game, Example(name="test", **example))


# ----------------------------------------------------------------------------- listing and check


def test_cards_listing_counts(ostraka):
    result = ostraka("cards", "olympus", "--format", "json")
    assert result.exit_code == 0
    records = result.json()
    kinds = Counter(r["kind"] for r in records)
    assert kinds == {"building": 45, "favor": 20}
    buildings = [r for r in records if r["kind"] == "building"]
    unique = {r["id"] for r in buildings if r["fields"]["unique"] is True}
    assert len(unique) == 12 and all(cid.startswith("temple_of_") for cid in unique)
    assert sum(1 for r in buildings if r["fields"]["unique"] is False) == 33
    favors = {(r["fields"]["deity"], r["fields"]["space"]) for r in records if r["kind"] == "favor"}
    assert favors == {(d, s) for d in DEITIES for s in ("alpha", "beta")}
    # Seven common buildings need culture 1 (Trispastos builds "the seven").
    assert sum(1 for r in buildings if r["fields"]["culture"] == 1 and not r["fields"]["unique"]) == 7


def test_every_reconstructed_value_is_marked(olympus):
    for card in olympus.cards.values():
        if card.kind == "building":
            assert {"cost", "points"} <= set(card.reconstructed) or card.id == "philosophy", card.id
        elif card.id not in ("athena_alpha", "athena_beta"):  # the two favors the sources give
            assert "effects" in card.reconstructed, card.id


def test_check_is_clean_and_runs_every_example(ostraka):
    result = ostraka("check", "cards/olympus")
    assert result.exit_code == 0, result.output
    match = re.search(r"(\d+) errors, (\d+) warnings, (\d+) examples passed", result.output)
    assert match and match.group(1) == "0" and match.group(2) == "0"
    assert int(match.group(3)) >= 150
    assert "failed" not in result.output


def test_a_misspelt_barrier_building_is_reported(ostraka, tmp_path):
    target = tmp_path / "cards" / "olympus"
    shutil.copytree(GAME, target)
    game_yaml = target / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("lifted_by: [agora]", "lifted_by: [agorra]"))
    result = ostraka("check", "cards/olympus", cwd=tmp_path)
    assert result.exit_code == 1
    assert re.search(r"game\.yaml:\d+:\d+: error E302: unknown card 'agorra'", result.output)
    assert "agora" in result.output.split("agorra", 2)[-1]  # the did-you-mean hint


def test_a_reconstructed_mark_on_a_missing_value_is_reported(ostraka, tmp_path):
    target = tmp_path / "cards" / "olympus"
    shutil.copytree(GAME, target)
    game_yaml = target / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("  params.tribute:", "  params.tributes:"))
    result = ostraka("check", "cards/olympus", cwd=tmp_path)
    assert result.exit_code == 1
    assert re.search(
        r"game\.yaml:\d+:3: error E205: 'reconstructed' names 'params.tributes', which this file does not set",
        result.output,
    )


def test_no_python_code_names_an_olympus_card():
    ids = {p.stem for p in (GAME / "buildings").glob("*.yaml")} | {
        f"{d}_{s}" for d in DEITIES for s in ("alpha", "beta")
    }
    assert len(ids) > 30 and "temple_of_zeus" in ids, "the buildings and favors' ids are read"
    sources = sorted((REPO / "compiler").rglob("*.py"))
    assert len(sources) > 100 and REPO / "compiler" / "runtime" / "interpreter.py" in sources
    for path in sources:
        # A primitive's documentation example may borrow a card's name; code may not.
        lines = [
            line for line in path.read_text(encoding="utf-8").splitlines() if not line.strip().startswith("example =")
        ]
        text = "\n".join(lines)
        for card_id in ids:
            assert f'"{card_id}"' not in text and f"'{card_id}'" not in text, f"{path} names {card_id}"


# ----------------------------------------------------------------------------- the game's rules


def test_upkeep_step_1_discards_down_to_five_of_the_players_choice(olympus):
    result = outcome(
        olympus,
        given={"p1": {"grain": 4, "meat": 2, "fish": 1}},
        when={"event": "upkeep_warehouse", "by": "p1"},
        answers={"p1": ["grain", "grain"]},
        expect={"p1": {"grain": 2, "meat": 2, "fish": 1}},
    )
    assert result.passed, result.message


def test_upkeep_step_2_lowers_every_marker_but_culture_to_population(olympus):
    result = outcome(
        olympus,
        given={"p1": {"population": 3, "military": 5, "fishing": 6, "agriculture": 2, "culture": 7}},
        when={"event": "upkeep_population", "by": "p1"},
        expect={"p1": {"military": 3, "fishing": 3, "agriculture": 2, "culture": 7, "population": 3}},
    )
    assert result.passed, result.message


def test_upkeep_step_5_earns_each_extra_priest_once(olympus):
    first = outcome(
        olympus,
        given={"p1": {"population": 6, "culture": 8, "idle_priests": 0, "shrines": ["zeus_alpha", "ares_beta"]}},
        when=[{"event": "upkeep_priests", "by": "p1"}, {"event": "upkeep_priests", "by": "p1"}],
        expect={"p1": {"priests": 5, "idle_priests": 5, "shrines": []}},
    )
    assert first.passed, first.message
    below = outcome(
        olympus,
        given={"p1": {"population": 5, "culture": 7, "idle_priests": 1}},
        when={"event": "upkeep_priests", "by": "p1"},
        expect={"p1": {"priests": 3, "idle_priests": 3}},
    )
    assert below.passed, below.message


def test_glory_cards_go_once_each_to_the_players_checked(olympus):
    # The glory check is for the acting player; a card already claimed stays claimed.
    given = {
        "glory_military": 1,
        "glory_claimed": 1,
        "p1": {"fishing": 7},
        "p2": {"fishing": 7, "culture": 10, "military": 8},
        "p3": {"population": 10},
    }
    first = outcome(
        olympus,
        given=given,
        when={"event": "glory", "by": "p2"},
        expect={"glory_claimed": 3, "glory_fishing": 1, "glory_culture": 1, "p2": {"glory": 2}},
    )
    assert first.passed, first.message
    after = outcome(
        olympus,
        given=given,
        when=[{"event": "glory", "by": "p2"}, {"event": "glory", "by": "p1"}, {"event": "glory", "by": "p3"}],
        expect={"glory_claimed": 4, "glory_population": 1, "p1": {"glory": 0}, "p2": {"glory": 2}, "p3": {"glory": 1}},
    )
    assert after.passed, after.message


def test_glory_is_claimed_when_the_marker_reaches_the_last_space_not_after_upkeep_caps_it(olympus):
    # Issue 13: the check ran at Upkeep step 6, after step 2 had brought military 8 down to the
    # population (5), so the first to reach the last space lost the card.
    result = outcome(
        olympus,
        given={"p1": {"military": 7, "population": 5, "city": ["barracks", "army"]}},
        when=[{"event": "ceremony", "by": "p1"}, {"event": "upkeep", "by": "p1"}],
        answers={"p1": ["ares_alpha", "no"], "p2": ["pass"], "p3": ["pass"]},
        expect={"glory_military": 1, "glory_claimed": 1, "p1": {"military": 5, "glory": 1}},
    )
    assert result.passed, result.message


def test_final_scoring_counts_every_progress_marker_and_glory(olympus):
    # The source: points for the position of each progress marker, all six tracks. The values (a
    # point a space past the first, 3 a Glory card) are ours, marked in game.yaml.
    result = outcome(
        olympus,
        given={
            "p1": {
                "points": 10,
                "population": 4,
                "culture": 5,
                "military": 3,
                "agriculture": 3,
                "hunting": 2,
                "fishing": 1,
                "glory": 1,
            }
        },
        when={"event": "end_of_game", "by": "p1"},
        expect={"p1": {"points": 10 + (4 + 5 + 3 + 3 + 2 + 1 - 6) + 3}},
    )
    assert result.passed, result.message


def test_the_final_scoring_values_are_marked_reconstructed(olympus):
    rule = next(r for r in olympus.game.rules if r.on == "end_of_game")
    assert rule.reconstructed and "no source" in rule.reconstructed


def test_upkeep_step_6_counts_rounds_and_ends_the_game_at_four_glory_cards(olympus):
    going_on = outcome(
        olympus, given={"glory_claimed": 3}, when={"event": "upkeep_round"}, expect={"round": 2, "game_over": 0}
    )
    assert going_on.passed, going_on.message
    over = outcome(
        olympus, given={"glory_claimed": 4}, when={"event": "upkeep_round"}, expect={"round": 2, "game_over": 1}
    )
    assert over.passed, over.message


def test_the_whole_upkeep_runs_its_steps_in_order(olympus):
    # Tribute (step 4) arrives after the warehouse limit (step 1): 5 + 3 resources at the end.
    result = outcome(
        olympus,
        given={"p1": {"grain": 3, "meat": 2, "fish": 1, "tribute_meat": 3, "military": 4, "city": ["barracks"]}},
        when={"event": "upkeep", "by": "p1"},
        answers={"p1": ["grain"]},
        expect={"round": 2, "p1": {"grain": 2, "meat": 5, "fish": 1, "tribute_meat": 0, "military": 2}},
    )
    assert result.passed, result.message


def test_a_wrong_expectation_fails(olympus):
    result = outcome(
        olympus,
        given={"p1": {"grain": 7, "meat": 0, "fish": 0}},
        when={"event": "upkeep_warehouse", "by": "p1"},
        answers={"p1": ["grain", "grain"]},
        expect={"p1": {"grain": 7}},
    )
    assert not result.passed and "p1.grain is 5, expected 7" in result.message


def test_plague_spares_apollos_worshippers_and_rounds_down(olympus):
    result = outcome(
        olympus,
        given={
            "players": 4,
            "p1": {"population": 9, "shrines": ["apollo_alpha"]},
            "p2": {"population": 8},
            "p3": {"population": 9, "shrines": ["apollo_beta"]},
            "p4": {"population": 2},
        },
        when={"event": "plague", "by": "p1"},
        expect={"p1": {"population": 9}, "p2": {"population": 6}, "p3": {"population": 9}, "p4": {"population": 2}},
    )
    assert result.passed, result.message


def test_war_tribute_goes_to_the_tribute_area_and_is_chosen_by_the_attacker(olympus):
    result = outcome(
        olympus,
        given={"p1": {"military": 3, "city": ["barracks"]}, "p3": {"military": 2, "grain": 3, "meat": 0, "fish": 0}},
        when={"event": "war", "by": "p1"},
        answers={"p1": ["p3"]},
        expect={"p1": {"tribute_grain": 2, "grain": 1}, "p3": {"grain": 1}},
    )
    assert result.passed, result.message


def test_a_follower_without_priests_is_not_asked(olympus):
    result = outcome(
        olympus,
        given={"p2": {"idle_priests": 0}},
        when={"event": "ceremony", "by": "p1"},
        answers={"p1": "athena_alpha", "p2": "athena_beta"},
        expect={"p2": {"culture": 1}},
    )
    assert not result.passed and "answers never asked for: p2" in result.message
