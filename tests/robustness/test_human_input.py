"""A person at the prompt of `ostraka play --human`: an answer that is not a plain number in range
(a superscript digit that isdigit() accepts, a line of 5,000 digits, a negative or a spaced number)
is asked again, as any other bad answer; never an internal error."""

from __future__ import annotations

import io

import pytest

from compiler.tools.play import Human, new_game

from flowkit import game


def _at_a_menu():
    """A 7 Wonders game at its first menu: a person's turn."""
    state = new_game(game("seven_wonders"), 3, 1)
    while state.is_chance_node():
        state.apply_action(state.sample_chance())
    return state


# every number in turn after the bad answer: the first move that can be made is taken
_ANY = "".join(f"{i}\n" for i in range(1, 60))


@pytest.mark.parametrize("bad", ["²", "9" * 5000, "-1", "0", "999", "1 2", "١", "0x1", "1e3", ""])
def test_a_bad_answer_is_asked_again(bad):
    state = _at_a_menu()
    shown: list[str] = []
    assert Human(io.StringIO(f"{bad}\n{_ANY}"), shown.append)(state) in state.legal_actions()
    assert any("is not a number from 1 to" in line for line in shown)
    assert all(len(line) < 400 for line in shown)  # a long answer is not echoed whole


def test_a_good_answer_is_taken():
    state = _at_a_menu()
    assert Human(io.StringIO(" 1 \n" + _ANY), [].append)(state) in state.legal_actions()
