"""A person at the prompt of `ostraka play --human`: an answer that is not a plain number in range
(a superscript digit that isdigit() accepts, a line of 5,000 digits, a negative or a spaced number)
is asked again, as any other bad answer; never an internal error."""

from __future__ import annotations

import io

import pytest

from compiler.tools.play import Human


class _State:
    """The few reads Human makes of a game state: two legal moves."""

    node = None

    def current_player(self) -> int:
        return 0

    def legal_actions(self) -> list[int]:
        return [10, 20]

    def summary(self, seat: int) -> list[str]:
        return ["p1: -"]

    def action_to_string(self, seat: int, action: int) -> str:
        return f"move {action}"


@pytest.mark.parametrize("bad", ["²", "9" * 5000, "-1", "0", "3", "1 2", "١", "0x1", "1e3", ""])
def test_a_bad_answer_is_asked_again(bad):
    shown: list[str] = []
    assert Human(io.StringIO(f"{bad}\n2\n"), shown.append)(_State()) == 20
    assert any("is not a number from 1 to 2" in line for line in shown)
    assert all(len(line) < 200 for line in shown)  # a long answer is not echoed whole


def test_a_good_answer_is_taken():
    assert Human(io.StringIO(" 1 \n"), [].append)(_State()) == 10
