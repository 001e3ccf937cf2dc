"""A move's legality found by searching its answers (runtime/decider.Searching), on a small game of
its own (tests/fixtures/flow_search): `gamble` asks splurge-or-save first and pays the token's
price after, so splurging (the first answer) fails where saving works."""

from __future__ import annotations

import pytest

from compiler.pipeline.project import load
from compiler.runtime.decider import Searching
from compiler.runtime.flow import GameState

from repo_paths import TESTS

FIXTURE = TESTS / "fixtures" / "flow_search"


@pytest.fixture(scope="module")
def gamble():
    (game,) = load([FIXTURE], FIXTURE.parent).games
    return game


def dealt(game, hands: list[list[str]], handlers=None) -> GameState:
    """The game after dealing each seat the cards given (the chance nodes answered by hand)."""
    state = GameState(game, 2, seed=0, handlers=handlers)
    for card in [c for hand in hands for c in hand]:
        assert state.is_chance_node()
        state.apply_action(state.program.card_ids.index(card))
    return state


def labels(state: GameState) -> list[str]:
    return [state.action_to_string(state.current_player(), a) for a in state.legal_actions()]


def test_a_move_is_legal_when_a_later_answer_makes_it_succeed(gamble):
    # 2 coins: splurging leaves 0, too few for either token; saving leaves 2, enough for `cheap` (1)
    # but not for `dear` (3). So only `gamble cheap` is offered, found on the search's second path.
    state = dealt(gamble, [["cheap", "dear"], ["plain", "spare"]])
    assert state.current_player() == 0
    assert labels(state) == ["gamble cheap"]


def test_carrying_the_move_out_asks_the_question_and_a_refused_answer_is_asked_again(gamble):
    state = dealt(gamble, [["cheap", "dear"], ["plain", "spare"]])
    state.apply_action(state.legal_actions()[0])
    assert labels(state) == ["choose: splurge", "choose: save"]
    refused = state.clone()
    refused.apply_action(0)  # splurge: the price cannot be paid, the answer is refused
    p1 = refused.state.players[0]
    assert (p1.values["coins"], p1.values["points"], p1.zones["hand"]) == (2, 0, ["cheap", "dear"])
    assert refused.current_player() == 0 and labels(refused) == ["choose: save"]  # struck, asked again
    assert refused.node is not None and refused.node.note.startswith("not splurge: ")
    state.apply_action(1)  # save: a point, then the price
    p1 = state.state.players[0]
    assert (p1.values["coins"], p1.values["points"], p1.zones["table"]) == (1, 1, ["cheap"])


def test_free_tokens_are_legal_on_the_first_path_and_both_engines_agree(gamble):
    from compiler.codegen.engine import load as handlers_of

    for handlers in (None, handlers_of(gamble)):
        state = dealt(gamble, [["cheap", "dear"], ["plain", "spare"]], handlers)
        state.apply_action(state.legal_actions()[0])
        state.apply_action(1)
        assert state.current_player() == 1 and labels(state) == ["gamble plain", "gamble spare"]


def test_searching_walks_the_answers_depth_first():
    decider = Searching([])
    assert decider.choose("p1", "first", ["a", "b"]) == "a"
    assert decider.choose("p1", "second", ["x", "y", "z"]) == "x"
    assert decider.next_path() == [0, 1]  # the last question's next option first
    decider = Searching([0, 2])
    decider.choose("p1", "first", ["a", "b"])
    assert decider.choose("p1", "second", ["x", "y", "z"]) == "z"
    assert decider.next_path() == [1]  # the last question is spent: the one before moves on
    decider = Searching([1])
    decider.choose("p1", "first", ["a", "b"])
    assert decider.next_path() is None  # every path tried
