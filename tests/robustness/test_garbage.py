"""A whole game leaves no garbage that only Python's cycle collector can free: what a game makes is
freed as soon as it is no longer read, so `ostraka play` and `simulate` spend next to nothing in
the collector (a recursive closure per payment search once made a cycle holding the states it
read: some 4,700 objects a 7-player 7 Wonders game, a sixth of its time in the collector)."""

from __future__ import annotations

import gc

import pytest

from compiler.tools.play import RandomBot, new_game, play

import flowkit


@pytest.mark.parametrize(
    "name, players, engine",
    [
        ("seven_wonders", 7, "handlers"),
        ("seven_wonders", 3, "interpreter"),
        ("olympus", 3, "handlers"),
        ("peloponnes", 3, "interpreter"),
        ("attika", 2, "handlers"),
    ],
)
def test_a_game_leaves_no_cycles(name, players, engine):
    game = flowkit.game(name)
    new_game(game, players, 0, engine)  # the handlers and the flow's program, made once, before
    gc.collect()
    gc.disable()
    try:
        state = new_game(game, players, 7, engine)
        bot = RandomBot(7)
        record = play(state, {seat: bot for seat in range(players)})
        assert state.is_terminal() and record.decisions
        del state, bot, record
        assert gc.collect() == 0
    finally:
        gc.enable()
