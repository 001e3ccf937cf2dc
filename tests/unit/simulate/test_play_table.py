"""`ostraka play` at the table: a game told in the sheet's names as it is played, each player's
score by category at the end, every bot simulate seats, and a person's turn (the view, the menu
with what each move does, help, explain, undo, quit) that shows nothing the rules hide."""

from __future__ import annotations

import json
import re

import pytest

import flowkit

GAMES = [("seven_wonders", 3), ("olympus", 3), ("peloponnes", 3), ("attika", 2)]


def _ids(real_games, gid):
    game = next(g for g in real_games if g.id == gid)
    return {cid for cid in game.cards if "_" in cid and cid.lower() != game.cards[cid].name.lower()}, game


@pytest.mark.parametrize("gid, players", GAMES)
def test_a_played_game_is_told_in_names_with_its_score_by_category(ostraka, real_games, gid, players):
    result = ostraka("play", gid, "--players", str(players), "--seed", "3")
    assert result.exit_code == 0, result.output
    ids, game = _ids(real_games, gid)
    lines = result.output.splitlines()
    told = "\n".join(lines[1:])
    raw = sorted({w for w in re.findall(r"[a-z0-9_]+", told) if w in ids})
    assert not raw, f"card ids in the log: {raw[:10]}"
    # the end: one line a player, its categories adding up to its score, and how the winner was found
    end = lines.index(next(line for line in lines if line.startswith("final scores")))
    for line in lines[end + 1 : end + 1 + players]:
        match = re.match(r"  p\d+ (-?\d+)(?: = (.*))?$", line)
        assert match, line
        parts = [int(p.rsplit(" ", 1)[1]) for p in (match.group(2) or "").split(", ") if p]
        assert sum(parts) == int(match.group(1)), line
    assert lines[-1].startswith("winner: ") and "(" in lines[-1]


def test_seven_wonders_ages_military_and_its_own_score_categories(ostraka):
    result = ostraka("play", "seven_wonders", "--players", "3", "--seed", "1")
    out = result.output
    for age in (1, 2, 3):
        assert f"\n— age {age} —\n" in out
    assert out.count("An age ends: military conflicts") == 3
    assert "treasury" in out.split("final scores")[1] and "military" in out.split("final scores")[1]
    assert re.search(r"p\d: build [A-Z][a-z]+", out)  # a move by the card's printed name


def test_the_json_carries_the_same(ostraka):
    text = ostraka("play", "seven_wonders", "--players", "3", "--seed", "4", "--format", "json").json()
    handlers = ostraka(
        "play", "seven_wonders", "--players", "3", "--seed", "4", "--format", "json", "--engine", "handlers"
    ).json()
    assert text == handlers
    for score, parts in zip(text["scores"], text["score_by_category"]):
        assert sum(points for _name, points in parts) == score
    assert text["tie_break"] and text["moves"][0]["named"] and text["events"]
    assert all(m["named"] == m["named"].strip() and "_" not in m["named"] for m in text["moves"])
    assert {e["kind"] for e in text["events"]} >= {"move", "phase", "step", "between"}


@pytest.mark.parametrize("bots", ["greedy", "greedy,random,random", "mcts,random,greedy"])
def test_play_takes_every_bot_simulate_takes(ostraka, bots):
    result = ostraka(
        "play", "seven_wonders", "--players", "3", "--seed", "2", "--bots", bots, "--mcts-simulations", "2",
        "--format", "json",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert result.json()["bots"] == (bots.split(",") if "," in bots else [bots] * 3)


def test_a_bad_bot_list_is_one_line(ostraka):
    result = ostraka("play", "seven_wonders", "--players", "3", "--bots", "random,random")
    assert result.exit_code == 2 and "2 bots for 3 players" in result.output


# ---------------------------------------------------------------------- a person's turn


def test_a_persons_menu_says_what_each_move_costs_and_does(ostraka):
    result = flowkit.play_as_person(ostraka, "seven_wonders", 3, ["help", "explain 1", "quit"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "your move:" in out and "(cost: " in out  # each card with its cost and text
    assert "explain N" in out and "undo" in out  # help
    assert re.search(r"discard — .*\+3 coins", out)  # what a move gains
    assert "you left the game" in out


def test_explain_says_why_a_move_cannot_be_made(ostraka):
    result = flowkit.play_as_person(ostraka, "seven_wonders", 3, ["quit"])
    blocked = re.findall(r"(\d+)\. \w+ +\(cannot: explain \d+\)", result.output)
    assert blocked
    again = flowkit.play_as_person(ostraka, "seven_wonders", 3, [f"explain {blocked[0]}", blocked[0], "quit"])
    assert "cannot be made now: p1 cannot pay" in again.output


def test_undo_takes_back_a_decision(ostraka):
    once = flowkit.play_as_person(ostraka, "seven_wonders", 3, ["1", "quit"]).output
    undone = flowkit.play_as_person(ostraka, "seven_wonders", 3, ["1", "undo", "1", "quit"]).output
    first_menu = once.split("your choice")[0]
    # after undo the first menu is shown again, the same, and the game goes on from it
    assert undone.count(first_menu.split("\n— age 1 —\n")[1].split("p1, your move:")[1]) >= 2
    nothing = flowkit.play_as_person(ostraka, "seven_wonders", 3, ["undo", "quit"]).output
    assert nothing.count("p1, your move:") == 2  # nothing to undo: asked again


@pytest.mark.parametrize("gid, players, hidden", [
    ("peloponnes", 3, ["tile_stack", "disaster_pile"]),
    ("attika", 2, ["landscape_deck", "land_pile"]),
])  # fmt: skip
def test_a_person_is_not_shown_what_the_rules_hide(ostraka, real_games, gid, players, hidden):
    from compiler.tools.play import new_game

    game = next(g for g in real_games if g.id == gid)
    out = flowkit.play_as_person(ostraka, gid, players, ["quit"], seed=1).output
    first = out.split("your choice")[0]
    # the true state at the person's first decision: the hidden piles' cards are named nowhere
    state = new_game(game, players, 1)
    while state.is_chance_node() or state.current_player() != 0:
        state.apply_action(state.sample_chance() if state.is_chance_node() else state.legal_actions()[0])
    shown = {cid for z, ids in state.state.zones.items() if z not in hidden for cid in ids}
    shown |= {cid for p in state.state.players for ids in p.zones.values() for cid in ids}
    unseen = {game.cards[c].name for z in hidden for c in state.state.zones[z] if c not in shown}
    unseen -= {game.cards[c].name for c in shown}
    assert unseen
    named = set(re.split(r", | · |: | → |\n", first))
    assert not unseen & named, sorted(unseen & named)[:5]
    assert "face down" in first


def test_the_others_face_down_discards_are_a_card(ostraka):
    out = flowkit.play_as_person(ostraka, "seven_wonders", 3, ["1"] * 3 + ["quit"], seed=1).output
    discards = [line for line in out.splitlines() if re.match(r"  p[23]: discard ", line)]
    assert discards
    for line in discards:
        assert line.startswith(("  p2: discard a card — a card: hand → discard pile", "  p3: discard a card")), line


def test_the_json_view_is_a_players_view(real_games):
    from compiler.runtime.view import view
    from compiler.tools.play import new_game

    game = next(g for g in real_games if g.id == "seven_wonders")
    state = new_game(game, 3, 1)
    while state.is_chance_node():
        state.apply_action(state.sample_chance())
    seen = json.loads(json.dumps(view(state, 0).as_dict()))
    assert "cards" in seen["players"][0]["zones"]["hand"] and "cards" not in seen["players"][1]["zones"]["hand"]
    assert seen["players"][1]["zones"]["hand"]["count"] == 7
