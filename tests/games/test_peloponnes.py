"""Peloponnes as data: 40 tiles, 7 civilizations, disasters, scoring and the Athens mini-expansion."""

from __future__ import annotations

import re
import shutil

import pytest

import gamekit

ROOT = gamekit.ROOT
GAME = ROOT / "cards" / "peloponnes"
_invoke = gamekit.invoke
run = gamekit.run


@pytest.fixture(scope="module")
def game():
    return gamekit.load_clean("peloponnes")


@pytest.fixture(scope="module")
def records():
    return gamekit.records("peloponnes")


def test_check_is_clean_and_every_example_passes():
    gamekit.assert_clean_check("peloponnes", at_least=120)


def test_forty_tiles_seven_civilizations_and_the_athens_material(records):
    kinds = {}
    for r in records:
        kinds.setdefault(r["kind"], []).append(r)
    assert len(kinds["land"]) == 20 and len(kinds["building"]) == 20
    assert len(kinds["civilization"]) == 7 and len(kinds["disaster"]) == 5
    assert {r["id"] for r in kinds["table_tile"]} == {"athens", "conquest"} and len(kinds["chit"]) == 2
    stacks = {}
    for r in kinds["land"] + kinds["building"]:
        stacks[(r["fields"]["stack"], r["kind"])] = stacks.get((r["fields"]["stack"], r["kind"]), 0) + 1
    assert stacks == {
        ("A", "land"): 10,
        ("A", "building"): 5,
        ("B", "land"): 7,
        ("B", "building"): 8,
        ("C", "land"): 3,
        ("C", "building"): 7,
    }
    listing = _invoke("cards", "peloponnes").output
    for word in ("athens", "athens_chit_1", "athens_chit_2", "conquest", "messene", "argos"):
        assert re.search(rf"^{word}\s", listing, re.M), word


def test_values_match_the_research_tables(records):
    by_id = {r["id"]: r["fields"] for r in records}
    assert by_id["c08"]["price"] == 8 and by_id["c08"]["prestige"] == 8 and by_id["c08"]["build_cost"] == {"stone": 8}
    assert by_id["b01"]["protects"] == ["plague"] and by_id["b14"]["protects"] == ["plague"]
    assert by_id["a11"]["land_wild"] is True
    assert sum(by_id[i]["prestige"] for i in by_id if re.fullmatch(r"[abc]\d\d", i)) == 150
    assert [
        by_id[c]["turn_order"] for c in ("messene", "patras", "arkadia", "korinth", "sparta", "pylos", "argos")
    ] == list(range(1, 8))


def test_land_income_effects_match_their_produces_field(records):
    lands = [r for r in records if r["kind"] == "land"]
    assert len(lands) == 20, "the 20 land tiles are all listed"
    for r in lands:
        (income,) = [e for e in r["effects"] if e.get("on") == "income"]
        assert r["fields"]["produces"], f"{r['id']} produces nothing"
        assert income["do"] == [{"gain": r["fields"]["produces"]}], r["id"]


def test_score_is_the_lower_of_the_two_totals(game):
    given = {"p1": {"lands": ["a01", "b06"], "buildings": ["c08"], "coins": 10, "inhabitants": 9}}
    # prestige 3 + 4 + 8 + 10 // 3 = 18; population 27
    assert run(game, given, {"event": "score", "by": "p1"}, {"p1": {"score": 18}}).passed
    given["p1"]["inhabitants"] = 5
    assert run(game, given, {"event": "score", "by": "p1"}, {"p1": {"score": 15}}).passed


def test_athens_chit_penalty_reaches_the_score(game):
    given = {
        "p1": {"lands": ["a01", "b06"], "buildings": ["c08"], "coins": 10, "inhabitants": 9, "chits": ["athens_chit_1"]}
    }
    out = run(game, given, {"event": "end_of_game", "by": "p1"}, {"p1": {"inhabitants": 7, "prestige": -6}})
    assert out.passed, out.message


def test_aid_of_athens_is_not_offered_when_the_tile_cannot_be_built(game):
    given = {
        "players": 2,
        "offer": ["a02"],
        "under_athens": ["c08"],
        "athens_tile": ["athens_chit_1", "athens_chit_2"],
        "p1": {"coins": 9, "stone": 2},
    }
    out = run(game, given, {"event": "bidding_turn", "by": "p1"}, {}, {"p1": ["aid_of_athens"]})
    assert not out.passed and "aid_of_athens" not in out.message.split("options were:")[1]


def test_players_in_between_close_the_gap_in_turn_order(game):
    given = {
        "players": 4,
        "under_athens": ["a07"],
        "athens_tile": ["athens_chit_1"],
        "p1": {"turn_order": 4},
        "p2": {"turn_order": 2},
        "p3": {"turn_order": 1},
        "p4": {"turn_order": 3},
    }
    out = run(
        game,
        given,
        {"event": "accept_aid", "by": "p2"},
        {"p1": {"turn_order": 3}, "p2": {"turn_order": 4}, "p3": {"turn_order": 1}, "p4": {"turn_order": 2}},
    )
    assert out.passed, out.message


def test_a_bid_below_the_price_is_never_offered(game):
    given = {"players": 2, "offer": ["c08"], "p1": {"coins": 7}}
    out = run(game, given, {"event": "bidding_turn", "by": "p1"}, {}, {"p1": ["bid"]})
    assert not out.passed and "bid" not in out.message.split("options were:")[1].split(", ")


def test_removing_a_clause_fails_its_example(tmp_path):
    shutil.copytree(GAME, tmp_path / "cards" / "peloponnes")
    path = tmp_path / "cards" / "peloponnes" / "game.yaml"
    text = path.read_text()
    taken = "      - reveal: {from: athens_tile, to: chits}   # the top chit: they are all alike\n"
    clause = "      - rank: {counter: turn_order, to: last}\n" + taken
    assert clause in text
    path.write_text(text.replace(clause, taken))
    result = _invoke("check", "cards/peloponnes", cwd=tmp_path)
    assert result.exit_code == 1 and "turn_order" in result.output and "athens" in result.output


def test_a_tile_bought_outright_is_never_offered_to_others(game):
    given = {
        "players": 2,
        "offer": [],
        "conquest_row": ["a04"],
        "p1": {"bid": 7, "conquered": ["c05"]},
        "p2": {"coins": 20},
    }
    out = run(game, given, {"event": "bidding_turn", "by": "p2"}, {}, {"p2": ["conquer", "c05"]})
    assert not out.passed and "answers never asked for" in out.message


def test_feeding_takes_two_luxury_goods_for_each_missing_food(game):
    # 3 food feed 3 inhabitants, 4 of the 5 luxury goods feed 2 more; nobody starves.
    given = {"p1": {"inhabitants": 5, "food": 3, "luxury": 5}}
    out = run(game, given, {"event": "supply", "by": "p1"}, {"p1": {"inhabitants": 5, "food": 0, "luxury": 1}})
    assert out.passed, out.message
    # 1 food and 3 luxury goods (one pair) feed 2 of 4 inhabitants: 2 starve, 1 luxury good is left.
    given = {"p1": {"inhabitants": 4, "food": 1, "luxury": 3}}
    out = run(game, given, {"event": "supply", "by": "p1"}, {"p1": {"inhabitants": 2, "food": 0, "luxury": 1}})
    assert out.passed, out.message


def test_the_implementations_readings_are_marked(game):
    income = next(r for r in game.game.rules if r.on == "income")
    supply = next(r for r in game.game.rules if r.on == "supply")
    assert income.reconstructed and supply.reconstructed
    assert "land_wild" in game.cards["a11"].reconstructed
    assert "price" in game.cards["a13"].reconstructed and "price" in game.cards["b02"].reconstructed


def test_one_rule_dispatches_every_disaster(game):
    strike = [r for r in game.game.rules if r.on == "strike"]
    assert len(strike) == 1
    for disaster in ("plague", "drought", "earthquake", "tempest", "decline"):
        assert disaster in game.cards


def test_two_luxury_goods_pay_for_a_missing_stone(game):
    # The Barracks (2 stone, 1 wood) with 1 stone, 1 wood and 3 luxury goods: two of them stand in.
    given = {"p1": {"bid": 2, "bidding_on": ["a11"], "stone": 1, "wood": 1, "luxury": 3}}
    out = run(
        game,
        given,
        {"event": "take_tiles", "by": "p1"},
        {"p1": {"buildings": ["a11"], "stone": 0, "wood": 0, "luxury": 1}},
    )
    assert out.passed, out.message
    given = {"p1": {"bid": 2, "bidding_on": ["a11"], "stone": 1, "wood": 1, "luxury": 1}}
    assert not run(game, given, {"event": "take_tiles", "by": "p1"}, {"p1": {"buildings": ["a11"]}}).passed
