"""Whole games (game.yaml `flow`, runtime/flow.py, `ostraka play`): the OpenSpiel interface, the
command line, and the 7 Wonders rules that live between the cards (discards, the seventh card,
passing direction, the tie-break)."""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import accumulate

import pytest

from compiler.runtime.flow import CHANCE, TERMINAL, GameState, chance_value
from compiler.runtime.program import Node

import flowkit
from flowkit import REPO, ostraka, play_out


@pytest.fixture(scope="module")
def wonders():
    return flowkit.game("seven_wonders")


# ---------------------------------------------------------------------- OpenSpiel's State


def test_chance_nodes_then_decisions_then_terminal(wonders):
    state = GameState(wonders, 3, seed=5)
    assert state.is_chance_node() and state.current_player() == CHANCE
    outcomes = state.chance_outcomes()
    assert abs(sum(p for _a, p in outcomes) - 1) < 1e-9
    assert len(outcomes) == 14  # 7 boards x 2 sides, one per city
    play_out(state)
    assert state.is_terminal() and state.current_player() == TERMINAL and state.legal_actions() == []
    assert state.returns() == [float(s) for s in state.scores()]


def test_a_chance_outcome_is_drawn_by_its_weight_from_the_generator():
    """sample_chance finds the outcome the pick falls on among the weights added up (a bisection):
    the one walking the weights in turn finds, for any weights and any generator state."""
    rng = random.Random(4)
    for _ in range(2000):
        actions = rng.sample(range(100), rng.randint(1, 12))
        weights = [rng.choice([0, 1, 1, 2, 3, 7]) for _ in actions]
        weights[rng.randrange(len(weights))] += 1  # some weight to draw on
        state = object.__new__(GameState)
        state.node, state.rng = Node("chance", CHANCE, actions, [""] * len(actions), weights), rng.getrandbits(64)
        state.decisions, state.chanced, state.stack = rng.randrange(200), rng.randrange(50), []
        pick = chance_value(state.rng, state.decisions, state.chanced) % sum(weights)
        walked = next(a for a, w, before in zip(actions, weights, accumulate([0, *weights])) if pick < before + w)
        assert state.sample_chance() == walked


def test_clone_is_exact_and_independent(wonders):
    state = GameState(wonders, 4, seed=3)
    rng = random.Random(1)
    for _ in range(120):  # into the first age
        state.apply_action(state.sample_chance() if state.is_chance_node() else rng.choice(state.legal_actions()))
    twin = state.clone()
    before = (state.state.snapshot(), list(state.history))
    actions = []
    rng = random.Random(9)
    while not twin.is_terminal():
        action = twin.sample_chance() if twin.is_chance_node() else rng.choice(twin.legal_actions())
        actions.append(action)
        twin.apply_action(action)
    assert (state.state.snapshot(), list(state.history)) == before  # the original did not move
    for action in actions:
        state.apply_action(action)
    assert state.state.snapshot() == twin.state.snapshot() and state.scores() == twin.scores()


def test_a_state_edited_by_hand_after_the_trials_is_tried_anew(wonders):
    """A picked move is carried out by taking its trial's state only while the game's state holds
    what it held when the trial ran: an edit made after the trials (then undone, or kept) is seen."""

    def to_last_pick(seed):
        state = GameState(wonders, 3, seed=seed)
        while state.is_chance_node():
            state.apply_action(state.sample_chance())
        rng = random.Random(seed)
        for _ in range(2):  # the first two seats pick; the third seat's moves are tried
            state.apply_action(rng.choice(state.legal_actions()))
        return state, rng.choice(state.legal_actions())

    plain, last = to_last_pick(4)
    edited, _ = to_last_pick(4)
    edited.state.globals["probe"] = 1  # after every seat's trials ran
    plain.apply_action(last)
    edited.apply_action(last)
    after = plain.state.snapshot()
    after["globals"]["probe"] = 1
    assert edited.state.snapshot() == after  # the moves were carried out on the edited state

    undone, _ = to_last_pick(4)
    cards = undone.state.players[0].zones["hand"]
    undone.state.players[0].zones["hand"] = []  # edited after the trials
    undone.state.players[0].zones["hand"] = cards  # then undone: the kept trials hold again
    undone.apply_action(last)
    assert undone.state.snapshot() == plain.state.snapshot()


def test_action_strings_name_the_move_and_the_card(wonders):
    state = GameState(wonders, 3, seed=2)
    while state.is_chance_node():
        state.apply_action(state.sample_chance())
    seat = state.current_player()
    labels = [state.action_to_string(seat, a) for a in state.legal_actions()]
    hand = state.state.players[seat].zones["hand"]
    assert labels and all(
        label.split()[0] in ("build", "stage", "discard") and label.split()[1] in hand for label in labels
    )
    assert {f"discard {c}" for c in hand} <= set(labels)  # discarding is always possible


def test_both_engines_play_the_same_game(wonders):
    from compiler.codegen.engine import load as load_handlers

    a = play_out(GameState(wonders, 3, seed=11), seed=4)
    b = play_out(GameState(wonders, 3, seed=11, handlers=load_handlers(wonders)), seed=4)
    assert a.history == b.history and a.state.snapshot() == b.state.snapshot()


def test_apply_action_does_not_replay_the_game(wonders, monkeypatch):
    """The work of one decision does not grow with the game: no step is run again from the start."""
    import compiler.runtime.flow as flow

    calls = Counter()
    real = flow.GameState._enter

    def counted(self, sid, seat):
        calls[sid] += 1
        return real(self, sid, seat)

    monkeypatch.setattr(flow.GameState, "_enter", counted)
    state = play_out(GameState(wonders, 3, seed=8))
    program = state.program
    once = program.blocks[program.setup] + program.blocks[program.play]
    assert state.decisions > 50 and all(calls[sid] == 1 for sid in once)  # entered once, never replayed


# ---------------------------------------------------------------------- 7 Wonders between the cards


def _all_cards(state: GameState) -> list[str]:
    cards = list(state.state.zones["discard"])
    for p in state.state.players:
        cards += p.zones["city"] + p.zones["tucked"] + p.zones["hand"]
    return cards


def test_every_dealt_card_ends_built_tucked_or_discarded(wonders):
    for n in (3, 7):
        state = play_out(GameState(wonders, n, seed=n))
        assert all(not p.zones["hand"] for p in state.state.players)  # the seventh card does not stay in hand
        assert len(_all_cards(state)) == 3 * 7 * n
        assert state.state.globals["age"] == 3


def test_a_discarded_card_goes_to_the_discard_pile_for_coins(wonders):
    state = GameState(wonders, 3, seed=21)
    while state.is_chance_node():
        state.apply_action(state.sample_chance())
    coins = [p.values["coins"] for p in state.state.players]
    picked = []
    for seat in range(3):
        action = next(a for a in state.legal_actions() if state.action_to_string(seat, a).startswith("discard"))
        picked.append(state.action_to_string(seat, action).split()[1])
        state.apply_action(action)
    assert sorted(state.state.zones["discard"]) == sorted(picked)
    assert [p.values["coins"] for p in state.state.players] == [c + 3 for c in coins]


def test_the_seventh_card_is_discarded_at_the_end_of_an_age(wonders):
    state = GameState(wonders, 3, seed=13)
    discards = 0
    while state.state.globals["age"] == 1:
        if state.is_chance_node():
            state.apply_action(state.sample_chance())
            continue
        seat = state.current_player()
        action = next(a for a in state.legal_actions() if not state.action_to_string(seat, a).startswith("discard"))
        if state.legal_actions() and all(
            state.action_to_string(seat, a).startswith("discard") for a in state.legal_actions()
        ):
            action = state.legal_actions()[0]
        discards += state.action_to_string(seat, action).startswith("discard")
        state.apply_action(action)
    assert len(state.state.zones["discard"]) == discards + 3


def test_hands_pass_left_in_ages_one_and_three_and_right_in_age_two(wonders):
    state = GameState(wonders, 4, seed=17)
    seen = {}
    rng = random.Random(2)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance())
            continue
        age = state.state.globals["age"]
        hands = [list(p.zones["hand"]) for p in state.state.players]
        if len(hands[0]) == 7 and age not in seen:
            picks = []
            for seat in range(4):
                action = rng.choice(state.legal_actions())
                picks.append(state.action_to_string(seat, action).split()[1])
                state.apply_action(action)
            while state.current_player() not in range(4) or len(state.state.players[0].zones["hand"]) != 6:
                state.apply_action(state.sample_chance() if state.is_chance_node() else state.legal_actions()[0])
            after = [sorted(p.zones["hand"]) for p in state.state.players]
            rest = [sorted(h[: h.index(c)] + h[h.index(c) + 1 :]) for h, c in zip(hands, picks)]
            step = -1 if age == 2 else 1  # the hand of seat s goes to seat s + 1 (left) or s - 1 (right)
            seen[age] = all(after[(s + step) % 4] == rest[s] for s in range(4))
            continue
        state.apply_action(rng.choice(state.legal_actions()))
    assert seen == {1: True, 2: True, 3: True}


def test_babylon_b_plays_the_seventh_card(wonders):
    state = GameState(wonders, 3, seed=23)
    while state.is_chance_node():
        state.apply_action(state.sample_chance())
    p1 = state.state.players[0]
    p1.zones["wonder"] = ["babylon_b"]
    p1.zones["stages"] = ["babylon_b_1", "babylon_b_2"]
    rng = random.Random(3)
    asked = None
    while state.state.globals["age"] == 1:
        if state.is_chance_node():
            state.apply_action(state.sample_chance())
            continue
        seat = state.current_player()
        labels = [state.action_to_string(seat, a) for a in state.legal_actions()]
        if seat == 0 and len(p1.zones["hand"]) == 1 and labels[0].startswith("choose"):
            asked = labels
            coins, card = state.state.players[0].values["coins"], state.state.players[0].zones["hand"][0]
            state.apply_action(state.legal_actions()[labels.index("choose: discard")])
            assert state.state.players[0].values["coins"] == coins + 3
            assert card in state.state.zones["discard"]
            continue
        state.apply_action(rng.choice(state.legal_actions()))
        p1 = state.state.players[0]
    assert asked is not None and "choose: discard" in asked


def _babylon_b(wonders, engine: str, stages: list[str]) -> GameState:
    """A 3-player game at its first decision, p1 on Babylon's B side with these stages built and
    stock enough to pay any stage (set before the hands are dealt, so the turn sees it)."""
    from compiler.codegen.engine import load as load_handlers

    state = GameState(wonders, 3, seed=23, handlers=load_handlers(wonders) if engine == "handlers" else None)
    while state.is_chance_node():
        state.apply_action(state.sample_chance())
        p1 = state.state.players[0]
        if p1.zones.get("wonder") and p1.zones["wonder"] != ["babylon_b"]:
            p1.zones["wonder"], p1.zones["stages"] = ["babylon_b"], list(stages)
            p1.values.update({r: 5 for r in wonders.game.resources})
    return state


@pytest.mark.parametrize("engine", ["interpreter", "handlers"])
def test_the_stage_move_builds_the_next_stage_of_ones_own_board(wonders, engine):
    state = _babylon_b(wonders, engine, ["babylon_b_1"])
    labels = {state.action_to_string(0, a): a for a in state.legal_actions()}
    state.apply_action(labels[next(label for label in labels if label.startswith("stage "))])
    while state.state.players[0].zones["stages"] == ["babylon_b_1"]:  # the others pick, then all are revealed
        state.apply_action(state.legal_actions()[0])
    assert state.state.players[0].zones["stages"] == ["babylon_b_1", "babylon_b_2"]  # its own board's next
    # every stage of the board built: no stage move is offered
    done = _babylon_b(wonders, engine, ["babylon_b_1", "babylon_b_2", "babylon_b_3"])
    moves = [done.action_to_string(0, a) for a in done.legal_actions()]
    assert any(m.startswith("build ") for m in moves) and not any(m.startswith("stage ") for m in moves)


def test_ties_on_points_are_broken_by_coins(wonders):
    state = play_out(GameState(wonders, 3, seed=1))
    for p, (points, coins) in zip(state.state.players, [(40, 2), (40, 5), (39, 9)]):
        p.values["points"], p.values["coins"] = points, coins
    assert state.winner() == [1]
    state.state.players[0].values["coins"] = 5
    assert state.winner() == [0, 1]


# ---------------------------------------------------------------------- ostraka play


def test_play_json_is_deterministic_and_the_same_on_both_engines(monkeypatch):
    monkeypatch.chdir(REPO)
    first = ostraka("play", "seven_wonders", "--players", "3", "--seed", "4", "--format", "json")
    again = ostraka("play", "seven_wonders", "--players", "3", "--seed", "4", "--format", "json")
    handlers = ostraka(
        "play", "seven_wonders", "--players", "3", "--seed", "4", "--format", "json", "--engine", "handlers"
    )
    assert first.exit_code == 0, first.output
    assert first.output == again.output == handlers.output
    out = json.loads(first.output)
    assert {"game", "players", "seed", "scores", "winner", "decisions"} <= set(out)
    assert out["game"] == "seven_wonders" and out["players"] == 3 and out["seed"] == 4 and len(out["scores"]) == 3
    assert out["decisions"] >= 54 and all(0 <= s < 3 for s in out["winner"])


def test_play_text_shows_each_decision_and_the_scores(monkeypatch):
    monkeypatch.chdir(REPO)
    result = ostraka("play", "seven_wonders", "--players", "3", "--seed", "4")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("7 Wonders: 3 players, seed 4;") and lines[1] == "— age 1 —"
    assert any(line.startswith("  p1: ") for line in lines)
    assert lines[-5].startswith("final scores") and lines[-4].startswith("  p1 ") and lines[-1].startswith("winner: p")


@pytest.mark.parametrize(
    "args, message",
    [
        (["play", "nope", "--players", "3"], "no game 'nope'"),
        (["play", "seven_wonders", "--players", "9"], "3 to 7 players"),
        (["play", "seven_wonders", "--players", "3", "--seed", "x"], "--seed must be a whole number"),
        (["play", "seven_wonders", "--players", "three"], "--players must be a whole number"),
        (["play", "seven_wonders", "--players", "3", "--bots", "clever"], "--bots: unknown bot 'clever'"),
        (["play", "seven_wonders", "--players", "3", "--human", "5"], "--human must be a seat"),
    ],
)
def test_play_bad_arguments_are_one_line_and_exit_2(monkeypatch, args, message):
    monkeypatch.chdir(REPO)
    result = ostraka(*args)
    assert result.exit_code == 2
    assert (
        len(result.output.strip().splitlines()) == 1 and message in result.output and "Traceback" not in result.output
    )


def test_a_person_plays_a_seat_from_the_terminal(monkeypatch):
    monkeypatch.chdir(REPO)
    result = ostraka(
        "play", "seven_wonders", "--players", "3", "--seed", "2", "--human", "0", input="x\n" + "1\n" * 200
    )
    assert result.exit_code == 0, result.output
    assert (
        "p1, your move:" in result.output
        and "  1. " in result.output
        and "'x' is not a number from 1 to" in result.output
    )
    assert "hand: " in result.output and "winner: " in result.output
    first = result.output.split("p1, your move:")[0]
    assert "p2: 3 coins · hand: 7 cards" in first and "p3: 3 coins · hand: 7 cards" in first  # others' hands hidden
    assert len(first.split("p1 (you, start): 3 coins · hand: ")[1].split(" · ")[0].split(", ")) == 7  # one's own shown
    ended = ostraka("play", "seven_wonders", "--players", "3", "--seed", "2", "--human", "0", input="1\n")
    assert ended.exit_code == 2 and "input ended" in ended.output.splitlines()[-1]
