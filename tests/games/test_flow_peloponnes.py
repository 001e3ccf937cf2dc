"""Peloponnes as a whole game (cards/peloponnes/game.yaml `flow`): the set-up (a civilization each,
the tile stack A on B on C, the disaster chits, the Athens chits on the Athens tile), turns in the
order of the turn-order counter, eight rounds and the end-of-game events. The rules between the
tiles (income for a tile won, disasters, building later) have examples in the card files."""

from __future__ import annotations

from collections import Counter

import pytest

import flowkit
from flowkit import REPO, play_on_both_engines, play_out, set_up


@pytest.fixture(scope="module")
def pelo():
    return flowkit.game("peloponnes")


@pytest.mark.parametrize("players", [2, 5])
def test_set_up_deals_civilizations_stacks_chits_and_the_athens_chits(pelo, players):
    state = set_up(pelo, players, seed=7)
    shared, seats = state.state.zones, state.state.players
    civs = [p.zones["civilization"] for p in seats]
    assert all(len(c) == 1 for c in civs) and len({c[0] for c in civs}) == players
    # starting values come from each civilization (its setup effect), turn order its red number
    for p in seats:
        civ = pelo.cards[p.zones["civilization"][0]]
        assert p.values["turn_order"] == civ.fields["turn_order"] and p.values["coins"] >= 5
    # the first round's tiles are out: the stack held A (15) on B (15) on C (10), 5 a round
    stack = shared["tile_stack"]
    assert len(stack) == 35 and [pelo.cards[t].fields["stack"] for t in stack] == ["A"] * 10 + ["B"] * 15 + ["C"] * 10
    revealed = shared["under_athens"] + shared["offer"] + shared.get("conquest_row", [])
    assert len(revealed) == 5 and {pelo.cards[t].fields["stack"] for t in revealed} == {"A"}
    assert len(shared["offer"]) == players - 1
    # the disaster chits: as many of each disaster as its `chits` field, shuffled
    assert Counter(shared["disaster_pile"]) == {d: 3 for d in ("plague", "drought", "earthquake", "tempest", "decline")}
    assert shared["athens_tile"] == ["athens_chit_1", "athens_chit_2"]
    assert shared["table"] == (["athens"] if players == 5 else ["conquest", "athens"])


def test_bidding_turns_follow_the_turn_order_counter(pelo):
    state = set_up(pelo, 4, seed=3)
    order = sorted(range(4), key=lambda s: state.state.players[s].values["turn_order"])
    assert state.current_player() == order[0]
    assert [state.action_to_string(order[0], a) for a in state.legal_actions()][-1] == "choose: pass"


def test_a_whole_game_lasts_eight_rounds_and_ends_with_the_final_supply(pelo):
    state = play_out(set_up(pelo, 3, seed=11), seed=4)
    shared = state.state.zones
    assert state.state.globals["round"] == 8 and shared["tile_stack"] == []
    assert not any(p.zones.get(z) for p in state.state.players for z in ("unbuilt", "bidding_on", "conquered"))
    # seven rounds drew two chits each
    assert len(shared["disaster_pile"]) == 15 - 14
    assert state.returns() == [float(p.values.get("score", 0)) for p in state.state.players]
    assert state.winner() == [s for s, v in enumerate(state.scores()) if v == max(state.scores())]


def test_disasters_strike_in_a_whole_game(pelo):
    struck = 0
    for seed in range(3):
        state = play_out(set_up(pelo, 2, seed=seed), seed=seed)
        box = Counter(state.state.zones["box"])
        struck += sum(1 for d in ("plague", "drought", "earthquake", "tempest", "decline") if box[d] == 3)
        assert all(box[d] in (0, 3) for d in ("plague", "drought", "earthquake", "tempest", "decline"))
    assert struck > 0


@pytest.mark.parametrize("players", [1, 5])
def test_play_is_the_same_game_on_both_engines(players, monkeypatch):
    monkeypatch.chdir(REPO)
    result = play_on_both_engines("peloponnes", players)
    assert result["game"] == "peloponnes" and len(result["scores"]) == players and result["decisions"] > 0


def test_a_step_run_again_recalls_its_trials_with_the_same_verdicts_and_budget(pelo, monkeypatch):
    """An atomic step is run again at each answer (atomic.py); the verdicts of the trials its
    earlier runs made (`choose` options tried) are recalled, not tried again: the same game, and
    each step's run ends having charged the same steps to its budget."""
    from compiler.core.limits import budget
    from compiler.runtime import atomic, machine

    def played(recall):
        monkeypatch.setattr(machine._Replay, "recall", recall)
        spent, recalled = [], [0]
        atom = atomic.Steps.atom

        def watched(self, frame):
            waiting = atom(self, frame)
            if not waiting:  # the step is done: its state is its last run's
                spent.append(budget(self.run.state).used)
            recalled[0] += len(frame[6])  # the verdicts kept for its next run
            return waiting

        monkeypatch.setattr(atomic.Steps, "atom", watched)
        state = play_out(set_up(pelo, 4, seed=3), seed=3)
        monkeypatch.undo()
        return state.history, state.state.snapshot(), spent, recalled[0]

    recalling = played(machine._Replay.recall)
    trying = played(lambda self, trial, state: trial())
    assert recalling[3] > 0 and trying[3] == 0  # trials were recalled, and only when recalling
    assert recalling[:3] == trying[:3]
