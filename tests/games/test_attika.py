"""Attika as data: the hex board primitives, the 30 buildings, the 22 tiles and the turn rules."""

from __future__ import annotations

import re
import shutil

import pytest

import gamekit

ROOT = gamekit.ROOT
GAME = ROOT / "cards" / "attika"
_invoke = gamekit.invoke
run = gamekit.run


@pytest.fixture(scope="module")
def game():
    return gamekit.load_clean("attika")


@pytest.fixture(scope="module")
def records():
    return gamekit.records("attika")


def test_check_is_clean_and_every_example_passes():
    gamekit.assert_clean_check("attika", at_least=100)


def test_thirty_buildings_in_seven_groups_and_four_stacks(records):
    buildings = [r for r in records if r["kind"] == "building"]
    assert len(buildings) == 30
    sizes = {}
    for r in buildings:
        sizes[r["fields"]["group"]] = sizes.get(r["fields"]["group"], 0) + 1
    assert sizes == {"city": 10, "supply": 4, "defense": 4, "shipping": 4, "roads": 4, "mint": 2, "wine": 2}
    main = [r for r in buildings if r["fields"]["stack"] == "main"]
    assert len(main) == 6 and len(buildings) - len(main) == 3 * 8
    assert {r["fields"]["group"] for r in main} == set(sizes) - {"roads"}


def test_arrows_point_inside_the_group_and_costs_use_the_four_landscapes(records):
    buildings = {r["id"]: r for r in records if r["kind"] == "building"}
    for r in buildings.values():
        assert set(r["fields"]["cost"]) <= {"water", "forest", "hills", "mountains"}
        for before in r["fields"].get("follows", []):
            assert buildings[before]["fields"]["group"] == r["fields"]["group"], r["id"]
        if r["fields"]["stack"] == "main":
            assert not r["fields"].get("follows"), r["id"]
        elif r["fields"]["group"] != "roads":
            assert r["fields"].get("follows"), f"{r['id']} has no arrow leading to it"
    assert buildings["capital"]["fields"]["cost"] == {"water": 1, "forest": 1, "hills": 1, "mountains": 1}
    assert buildings["fortress"]["fields"]["follows"] == ["quarry"]
    assert buildings["winery"]["fields"]["follows"] == ["vineyard"]


def test_tiles_and_shrines_listed_and_reconstructed_values_marked(records):
    tiles = [r for r in records if r["kind"] == "land_tile"]
    shrines = [r for r in records if r["kind"] == "shrine"]
    assert len(tiles) == 22 and len(shrines) == 4
    cells = ["centre", "east", "northeast", "northwest", "west", "southwest", "southeast"]
    for t in tiles:
        assert sorted(t["reconstructed"]) == sorted(cells)
        assert all(t["fields"][c] in ("water", "forest", "hills", "mountains", "blank") for c in cells)
    for r in records:
        if r["kind"] == "building" and r["id"] != "capital":
            assert "cost" in r["reconstructed"], r["id"]
    # the text listing: 30 buildings and the tiles
    listing = _invoke("cards", "attika").output
    assert listing.count(" building ") == 30 and listing.count(" land_tile ") == 22


def test_cost_loses_symbols_of_site_and_free_neighbours_only(game):
    # land_01: centre forest, east water, northwest mountains, west forest, southwest hills.
    board = {"tiles": {"0,0": "land_01"}}
    hand = {"water": 1, "forest": 1, "hills": 1, "mountains": 1, "storage": ["capital"], "builds": 1}
    # Free neighbours: the whole capital is paid by the symbols around the centre.
    out = run(
        game,
        {"board": board, "p1": hand},
        {"event": "place_building", "by": "p1"},
        {"p1": {"water": 1, "forest": 1, "hills": 1, "mountains": 1}},
        {"p1": ["0,0"]},
    )
    assert out.passed, out.message
    # Another player's building on the water hex: water must now be paid.
    board2 = {"tiles": {"0,0": "land_01"}, "pieces": {"p2": {"1,0": "harbour"}}}
    out = run(
        game,
        {"players": 2, "board": board2, "p1": hand},
        {"event": "place_building", "by": "p1"},
        {"p1": {"water": 0, "forest": 1, "hills": 1, "mountains": 1}},
        {"p1": ["0,0"]},
    )
    assert out.passed, out.message


def test_occupied_hex_and_shrine_are_never_offered(game):
    board = {"tiles": {"0,0": "land_01", "-2,0": "shrine_1"}, "pieces": {"p1": {"0,0": "quarry"}}}
    given = {"board": board, "p1": {"storage": ["fortress"], "builds": 1}}
    out = run(game, given, {"event": "place_building", "by": "p1"}, {}, {"p1": ["-2,0"]})
    assert not out.passed and "-2,0" in out.message and "0,0" not in out.message.split("options were:")[1].split(", ")


def test_only_the_revealed_building_may_be_built_at_once(game):
    given = {
        "board": {"tiles": {"0,0": "land_01"}},
        "p1": {
            "reveals": 1,
            "stack_1": ["quarry"],
            "storage": ["oracle"],
            "water": 3,
            "forest": 3,
            "hills": 3,
            "mountains": 3,
        },
    }
    out = run(game, given, {"event": "reveal_building", "by": "p1"}, {}, {"p1": ["oracle"]})
    assert not out.passed and "options were: quarry, none" in out.message
    out = run(
        game,
        given,
        {"event": "reveal_building", "by": "p1"},
        {"p1": {"storage": ["oracle", "quarry"]}},
        {"p1": ["none"]},
    )
    assert out.passed, out.message


def test_two_for_one_and_its_limit(game):
    board = {"tiles": {"0,0": "land_05"}}
    # land_05 centre is blank; a road far from useful symbols still needs cards.
    enough = {"water": 0, "forest": 0, "hills": 0, "mountains": 10, "storage": ["road_1"], "builds": 1}
    # Around the blank centre of land_05 every symbol but one hills is covered: two mountains stand in.
    out = run(
        game,
        {"board": board, "p1": enough},
        {"event": "place_building", "by": "p1"},
        {"p1": {"mountains": 8, "hills": 0}},
        {"p1": ["0,0"]},
    )
    assert out.passed, out.message
    poor = dict(enough, mountains=1)
    out = run(game, {"board": board, "p1": poor}, {"event": "place_building", "by": "p1"}, {"refused": True})
    assert out.passed, out.message


def test_village_fee_counts_existing_villages(game):
    board = {
        "tiles": {"0,0": "land_01", "3,-2": "land_02", "2,1": "land_03"},
        "pieces": {"p1": {"0,0": "capital", "3,-2": "harbour"}},
    }
    given = {
        "board": board,
        "p1": {"water": 0, "forest": 0, "hills": 0, "mountains": 5, "storage": ["statue"], "builds": 1},
    }
    # statue costs 3 mountains; no mountains lie around either site. Away from both villages it costs
    # 2 cards more (one per village) than next to the capital.
    far = run(game, given, {"event": "place_building", "by": "p1"}, {"p1": {"mountains": 0}}, {"p1": ["2,0"]})
    near = run(game, given, {"event": "place_building", "by": "p1"}, {"p1": {"mountains": 2}}, {"p1": ["0,1"]})
    assert far.passed, far.message
    assert near.passed, near.message


def test_amphora_only_for_a_connected_complete_group(game):
    board = {"tiles": {"0,0": "land_01", "3,-2": "land_02"}, "pieces": {"p1": {"0,0": "vineyard"}}}
    given = {"board": board, "p1": {"storage": ["winery"], "builds": 1}}
    out = run(game, given, {"event": "place_building", "by": "p1"}, {"p1": {"amphorae": 1}}, {"p1": ["0,1"]})
    assert out.passed, out.message


def test_shrines_joined_by_own_chain_win_but_not_by_another_players(game):
    tiles = {"0,0": "land_01", "-2,0": "shrine_1", "2,0": "shrine_2"}
    given = {
        "players": 2,
        "board": {"tiles": tiles, "pieces": {"p1": {"-1,0": "road_1"}, "p2": {"0,0": "road_2"}}},
        "p1": {"storage": ["road_3"], "builds": 1, "water": 5, "forest": 5, "hills": 5, "mountains": 5},
    }
    out = run(game, given, {"event": "place_building", "by": "p1"}, {"p1": {"won": 0}}, {"p1": ["1,0"]})
    assert out.passed, out.message


def test_a_changed_cost_makes_an_example_fail(tmp_path):
    shutil.copytree(GAME, tmp_path / "cards" / "attika")
    path = tmp_path / "cards" / "attika" / "buildings" / "wine.yaml"
    text = path.read_text()
    path.write_text(text.replace("cost: {hills: 2, water: 1}", "cost: {hills: 3, water: 1}", 1))
    result = _invoke("check", "cards/attika", cwd=tmp_path)
    assert result.exit_code == 1
    assert "E401" in result.output and "vineyard" in result.output


def test_board_modules_name_no_card():
    ids = {r for r in re.findall(r"^- id: (\w+)", "\n".join(p.read_text() for p in GAME.rglob("*.yaml")), re.M)}
    board_primitives = (
        "actions/place",
        "actions/place_tile",
        "actions/lay_out",
        "actions/reveal",
        "conditions/adjacent",
        "conditions/connected",
        "conditions/links",
        "conditions/follows_last",
        "expressions/clusters",
    )
    modules = ["compiler/lang/board.py"] + [
        str(p.relative_to(ROOT)) for p in sorted((ROOT / "compiler/runtime/board").glob("*.py"))
    ]
    modules += [f"compiler/lang/{name}{ext}" for name in board_primitives for ext in (".py", ".py.j2")]
    for module in modules:
        words = set(re.findall(r"[a-z_0-9]+", (ROOT / module).read_text()))
        assert not {i for i in ids if len(i) > 4} & words, module


@pytest.mark.parametrize(
    "board",
    [
        {"tiles": ["land_01"]},
        {"tiles": {"zero": "land_01"}},
        {"tiles": {"0,0": "no_such_tile"}},
        {"tiles": {"0,0": "land_01", "1,0": "land_02"}},
        {"tiles": {"0,0": "land_01"}, "pieces": {"p9": {"0,0": "capital"}}},
        {"tiles": {"0,0": "land_01"}, "pieces": {"p1": {"5,5": "capital"}}},
        {"tiles": {"0,0": "land_01"}, "pieces": {"p1": ["capital"]}},
        {"hexes": 7},
    ],
)
def test_a_wrongly_written_board_is_an_invalid_example_not_a_crash(game, board):
    out = run(
        game, {"board": board, "p1": {"storage": ["capital"], "builds": 1}}, {"event": "place_building", "by": "p1"}, {}
    )
    assert not out.passed and out.invalid, out.message
