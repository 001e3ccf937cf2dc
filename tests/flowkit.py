"""What the whole-game tests (test_flow*.py, in tests/games and tests/unit) share: each game loaded once per session, a deal
answered at random, a game played out by seeded random bots, a seat driven by the label of its move,
and `ostraka play` run in-process."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import cache

from click.testing import CliRunner, Result

from compiler.cli.main import cli
from compiler.pipeline.project import load
from compiler.runtime.flow import GameState

from repo_paths import REPO


@cache
def game(name: str):
    """The repository's game `name`, loaded once per test session: read it, never change it."""
    (found,) = load([REPO / "cards" / name], REPO).games
    return found


def set_up(compiled, players: int, seed: int) -> GameState:
    """A new game with its set-up's chance nodes (the deals) answered as the seed says."""
    state = GameState(compiled, players, seed=seed)
    while state.is_chance_node():
        state.apply_action(state.sample_chance())
    return state


def step(state: GameState, rng: random.Random) -> None:
    """One node: a chance node as the game's seed says, a decision at random."""
    if state.is_chance_node():
        state.apply_action(state.sample_chance())
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def stocked_states(compiled, players: int, seed: int, rounds: int, steps: int, currency: bool = False):
    """States a seeded game goes through (`steps` nodes apart, `rounds` of them), each a copy whose
    players' stock is set at random (0 to 2 of each resource; and 0 to 5 coins of the build's
    currency when `currency`): each way of paying comes up."""
    rng = random.Random(seed)
    state = set_up(compiled, players, seed)
    rules = compiled.game
    for _ in range(rounds):
        for _ in range(steps):
            if not state.is_terminal():
                step(state, rng)
        trial = state.state.copy(new_run=True)
        for player in trial.players:
            for noun in rules.resources:
                player.values[noun] = rng.choice([0, 0, 1, 2])
            if currency:
                player.values[rules.build.currency] = rng.choice([0, 1, 2, 3, 5])
        yield trial, rng


def play_out(
    state: GameState,
    seed: int = 0,
    pick: Callable[[GameState], int] | None = None,
    avoid: Callable[[str], bool] | None = None,
) -> GameState:
    """Play to the end: each decision by `pick`, or at random from the legal moves (those whose label
    `avoid` refuses are left out while there are others)."""
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance())
        elif pick is not None:
            state.apply_action(pick(state))
        else:
            legal = state.legal_actions()
            if avoid is not None:
                seat = state.current_player()
                legal = [a for a in legal if not avoid(state.action_to_string(seat, a))] or legal
            state.apply_action(rng.choice(legal))
    return state


def labels(state: GameState) -> list[str]:
    """The labels of the legal moves of the seat whose turn it is."""
    return [state.action_to_string(state.current_player(), a) for a in state.legal_actions()]


def legal_moves_played(state: GameState, seed: int) -> tuple[list[list[str]], list[float]]:
    """Play to the end at random (`seed`): the legal moves' labels at every decision, and the returns."""
    rng, legal = random.Random(seed), []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance())
            continue
        legal.append(labels(state))
        state.apply_action(rng.choice(state.legal_actions()))
    return legal, state.returns()


def choose(state: GameState, seat: int, label: str) -> None:
    """Seat `seat` (whose turn it must be) makes the one move labelled `label`."""
    assert state.current_player() == seat, (seat, state.node.labels)
    (action,) = [a for a in state.legal_actions() if state.action_to_string(seat, a) == label]
    state.apply_action(action)


def ostraka(*args: str, input: str | None = None) -> Result:
    """`ostraka ARGS` in-process (from the repository: the caller chdirs there)."""
    return CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)


def play_as_person(at_repo, gid: str, players: int, answers: list[str], seed: int = 2, seat: int = 0) -> Result:
    """`ostraka play --human SEAT` with a person typing `answers`; `at_repo` is conftest's `ostraka`
    fixture, called once to chdir to the repository for the test's length."""
    at_repo("--version")
    return ostraka(
        "play",
        gid,
        "--players",
        str(players),
        "--seed",
        str(seed),
        "--human",
        str(seat),
        input="\n".join(answers) + "\n",
    )


def play_on_both_engines(name: str, players: int, seed: int = 1) -> dict:
    """`ostraka play --format json` on the interpreter and on the handlers: the same output, parsed."""
    outs = [
        ostraka("play", name, "--players", str(players), "--seed", str(seed), "--format", "json", "--engine", e)
        for e in ("interpreter", "handlers")
    ]
    assert [o.exit_code for o in outs] == [0, 0], outs[0].output
    assert outs[0].output == outs[1].output
    return json.loads(outs[0].output)
