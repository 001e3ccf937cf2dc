"""The flow constructs on a small game of their own (tests/fixtures/flow): sequential turns, a
start player that passes on, repeat until, if, starting values by position, questions asked
inside a move, an instant win; and the located errors of a flow written wrongly."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from compiler.pipeline.project import load
from compiler.runtime.flow import TERMINAL, GameState

from repo_paths import TESTS

FIXTURE = TESTS / "fixtures" / "flow"


@pytest.fixture
def race_dir(tmp_path) -> Path:
    target = tmp_path / "cards" / "race"
    shutil.copytree(FIXTURE, target)
    return target


def _game(directory: Path):
    run = load([directory], directory.parent.parent)
    assert not run.report.items, [str(d.message) for d in run.report.items]
    return run.games[0]


def _deal(state: GameState, wanted: dict[str, list[str]]) -> None:
    """Answer the deal's chance nodes with the cards wanted for each player."""
    while state.is_chance_node():
        labels = {state.action_to_string(-1, a): a for a in state.legal_actions()}
        pick = next(
            label for label in labels if any(label == f"deal {c} to {p}.hand" for p, cs in wanted.items() for c in cs)
        )
        player, card = pick.split(" to ")[1].split(".")[0], pick.split()[1]
        wanted[player].remove(card)
        state.apply_action(labels[pick])


def test_turns_in_order_from_a_start_player_that_passes_left(race_dir):
    state = GameState(_game(race_dir), 2, seed=0)
    assert [p.values["coins"] for p in state.state.players] == [1, 2]  # each_player position: 1, 2
    _deal(state, {"p1": ["one", "two"], "p2": ["three", "four"]})
    order = []
    while not state.is_terminal():
        seat = state.current_player()
        labels = [state.action_to_string(seat, a) for a in state.legal_actions()]
        order.append((state.state.globals["round"], seat, labels[0].split()[0]))
        state.apply_action(state.legal_actions()[0])  # play the first card, never bet
    assert [(r, s) for r, s, _m in order] == [(1, 0), (1, 1), (2, 1), (2, 0)]
    assert state.state.globals["round"] == 3  # repeat until round >= 3: two rounds
    # points: the cards built, and 1 from the final `if` for the current player (the start player,
    # p1 again after passing left twice); coins: start + 1 per round_end
    assert state.scores() == [1 + 2 + 1, 3 + 4] and state.start == 0
    assert [p.values["coins"] for p in state.state.players] == [3, 4]
    assert state.winner() == [1] and state.returns() == [4.0, 7.0] and state.current_player() == TERMINAL


def test_a_question_inside_a_move_is_a_decision_of_its_player(race_dir):
    state = GameState(_game(race_dir), 2, seed=0)
    _deal(state, {"p1": ["one", "two"], "p2": ["three", "four"]})
    labels = {state.action_to_string(0, a): a for a in state.legal_actions()}
    assert "bet one" in labels  # p1 has 1 coin: betting is legal
    state.apply_action(labels["bet one"])
    assert state.current_player() == 0 and [state.action_to_string(0, a) for a in state.legal_actions()] == [
        "choose: low",
        "choose: high",
    ]
    twin = state.clone()
    state.apply_action(1)  # high: 3 points, costs the other coin
    assert state.state.players[0].values["points"] == 3 and state.state.players[0].values["coins"] == 0
    twin.apply_action(0)  # the clone goes its own way
    assert twin.state.players[0].values["points"] == 1 and state.state.players[0].values["points"] == 3
    # p1 has no coin left: betting is no longer offered
    assert state.current_player() == 1


def test_an_instant_win_ends_the_game_at_once(race_dir):
    state = GameState(_game(race_dir), 2, seed=0)
    _deal(state, {"p1": ["jackpot", "one"], "p2": ["three", "four"]})
    labels = {state.action_to_string(0, a): a for a in state.legal_actions()}
    state.apply_action(labels["play jackpot"])
    assert state.is_terminal() and state.winner() == [0] and state.decisions == 1


def test_the_same_seed_deals_the_same_cards(race_dir):
    game = _game(race_dir)
    hands = []
    for _ in range(2):
        state = GameState(game, 3, seed=42)
        while state.is_chance_node():
            state.apply_action(state.sample_chance())
        hands.append([p.zones["hand"] for p in state.state.players])
    assert hands[0] == hands[1] and sum(map(len, hands[0])) == 6


@pytest.mark.parametrize(
    "old, new, code, message",
    [
        ("turn: {moves: [play, bet]}", "turn: {moves: [play, bett]}", "E301", "unknown move of flow.moves 'bett'"),
        ("- fire: round_end", "- fire: round_ends", "E301", "unknown trigger 'round_ends'"),
        ("- start_player: left", "- {start_player: left, do: []}", "E201", "exactly one key"),
        ("until: {gte: [{value: round}, 3]}", "forever: true", "E203", "forever"),
        (
            "- deal: {cards: {kind: token}, each: 2, to: hand}",
            "- deal: {cards: {kind: token}, deck: 1, each: 2, to: hand}",
            "E201",
            "exactly one of them",
        ),
    ],
)
def test_a_flow_written_wrongly_is_reported_at_its_line(race_dir, ostraka, old, new, code, message):
    path = race_dir / "game.yaml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))
    line = next(
        i for i, text_line in enumerate(path.read_text().splitlines(), 1) if new.split("\n")[0].strip() in text_line
    )
    result = ostraka("check", "--format", "json", str(race_dir), cwd=race_dir.parent.parent)
    assert result.exit_code == 1
    found = [(d["code"], d["line"], d["message"]) for d in result.json()["diagnostics"]]
    assert any(c == code and message in m and abs(at - line) <= 1 for c, at, m in found), found


def test_simultaneous_picks_and_a_move_made_impossible_by_an_earlier_one(race_dir):
    """Both players pick the same card of a shared pool, on the same state; the first carries it
    out, the second's pick can no longer be made, and the first move of the menu that can be made
    with that card (a bet, asking a question) is made instead."""
    path = race_dir / "game.yaml"
    text = path.read_text()
    text = text.replace("zones: {hand: {}, table: {}}", "zones: {hand: {}, table: {}, pool: {shared: true}}")
    text = text.replace(
        "    play:\n      card: {zone: hand}\n      do:\n        - build: {card: {zone: hand, where: {id: {field: id}}}, optional: false}",
        "    play:\n      card: {zone: pool}\n      do:\n        - build: {card: {zone: pool, where: {id: {field: id}}}, optional: false}",
    )
    text = text.replace("    bet:\n      card: {zone: hand}", "    bet:\n      card: {zone: pool}")
    text = text.replace(
        "          - each_player:\n              steps:\n                - turn: {moves: [play, bet]}",
        "          - turn: {moves: [play, bet], simultaneous: true}",
    )
    text = text.replace(
        "    - deal: {cards: {kind: token}, each: 2, to: hand}",
        "    - do: [{move: {card: {kind: token, zone: pool, missing: true, where: {id: five}}, to: pool}}]",
    )
    assert text.count("zone: pool") == 4 and "simultaneous: true" in text
    path.write_text(text)
    state = GameState(_game(race_dir), 2, seed=0)
    assert state.state.zones["pool"] == ["five"] and not state.is_chance_node()
    picks = []
    for seat in (0, 1):
        assert state.current_player() == seat
        labels = {state.action_to_string(seat, a): a for a in state.legal_actions()}
        assert "play five" in labels
        picks.append(labels["play five"])
        state.apply_action(labels["play five"])
        assert state.state.zones["pool"] == ["five"] or seat == 1  # picks are hidden: nothing happens yet
    # p1's pick is carried out; p2's cannot be any more, so p2 bets with the card instead
    assert state.state.players[0].zones["table"] == ["five"] and state.state.zones["pool"] == []
    assert state.current_player() == 1
    assert [state.action_to_string(1, a) for a in state.legal_actions()] == ["choose: low", "choose: high"]
    state.apply_action(1)  # high: 3 points for both coins (the bet's and the high stake); the pool is empty
    # from then on: nobody can move, two round ends give a coin each, and the game is over
    assert state.is_terminal() and state.state.players[1].values["points"] == 3
    assert state.state.players[1].values["coins"] == 0 + 2


def _rewrite(race_dir: Path, *pairs: tuple[str, str]) -> None:
    path = race_dir / "game.yaml"
    text = path.read_text()
    for old, new in pairs:
        assert old in text, old
        text = text.replace(old, new)
    path.write_text(text)


def test_a_deal_into_a_shared_pile_with_copies_read_from_each_card(race_dir):
    # tokens one, two and three, as many copies of each as its value: a face-down pile of 6, shuffled
    _rewrite(
        race_dir,
        ("zones: {hand: {}, table: {}}", "zones: {hand: {}, table: {}, pile: {shared: true}}"),
        (
            "    - deal: {cards: {kind: token}, each: 2, to: hand}",
            "    - deal: {cards: {kind: token}, each: 2, to: hand}\n"
            "    - deal: {cards: {kind: token, where: {value: [1, 2, 3]}}, copies: {field: value}, each: 99, to: pile}",
        ),
    )
    game = _game(race_dir)
    piles = []
    for seed in (1, 1, 2):
        state = GameState(game, 2, seed=seed)
        labels = []
        while state.is_chance_node():
            labels.append(state.action_to_string(-1, state.legal_actions()[0]))
            state.apply_action(state.sample_chance())
        piles.append(state.state.zones["pile"])
    assert sorted(piles[0]) == ["one", "three", "three", "three", "two", "two"]  # the deal stops when the pile is out
    assert piles[0] == piles[1] and sorted(piles[2]) == sorted(piles[0])
    assert labels[-1].startswith("deal ") and labels[-1].endswith(" to pile")


def test_each_player_in_the_order_of_a_counter(race_dir):
    # p1 gets order 9, p2 order 8 (10 - position): turns go p2 then p1 in every round, whoever starts
    _rewrite(
        race_dir,
        ("counters: {coins: {}, points: {}}", "counters: {coins: {}, points: {}, order: {}}"),
        (
            "steps: [{do: [{gain: {coins: {value: position}}}]}]",
            "steps: [{do: [{gain: {coins: {value: position}, order: {sub: [10, {value: position}]}}}]}]",
        ),
        (
            "          - each_player:\n              steps:",
            "          - each_player:\n              order_by: order\n              steps:",
        ),
    )
    state = GameState(_game(race_dir), 2, seed=0)
    _deal(state, {"p1": ["one", "two"], "p2": ["three", "four"]})
    seats = []
    while not state.is_terminal():
        seats.append(state.current_player())
        state.apply_action(state.legal_actions()[0])
    assert seats == [1, 0, 1, 0]


@pytest.mark.parametrize("engine", ["interpreter", "handlers"])
def test_for_each_card_runs_the_actions_with_each_card_in_view(race_dir, engine):
    # at each round's end, a coin per point of value of every card in hand (for_each cards, field)
    _rewrite(
        race_dir,
        (
            "    do: [{gain: {coins: 1}}]",
            "    do: [{gain: {coins: 1}}, {for_each: {cards: {zone: hand}, do: [{gain: {coins: {field: value}}}]}}]",
        ),
    )
    game = _game(race_dir)
    handlers = None
    if engine == "handlers":
        from compiler.codegen import engine as codegen

        handlers = codegen.load(game)
    state = GameState(game, 2, seed=0, handlers=handlers)
    _deal(state, {"p1": ["one", "two"], "p2": ["three", "four"]})
    state.apply_action(state.legal_actions()[0])  # p1 plays "one"
    state.apply_action(state.legal_actions()[0])  # p2 plays "three"
    # round end: start coins (1, 2) + 1 + the values still in hand (two; four)
    assert [p.values["coins"] for p in state.state.players] == [1 + 1 + 2, 2 + 1 + 4]
