"""`ostraka play --human` as a person sees it: a real terminal (tmux), keys sent, the screen read."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
import uuid

import pytest

from repo_paths import REPO

OSTRAKA = REPO / ".venv" / "bin" / "ostraka"
ARTIFACTS = REPO / "build" / "test-artifacts" / "terminal"


class Terminal:
    """A tmux server of its own (its own socket), one window running a command."""

    def __init__(self, command: list[str]) -> None:
        self.socket = f"ostraka-test-{uuid.uuid4().hex[:8]}"
        env = {**os.environ, "TERM": "xterm-256color"}
        self._tmux("new-session", "-d", "-x", "160", "-y", "50", "-s", "play", " ".join(command), env=env)
        self._tmux("set-option", "-t", "play", "remain-on-exit", "on")

    def _tmux(self, *args: str, env: dict | None = None) -> str:
        done = subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True, env=env, check=False)
        return done.stdout

    def screen(self) -> str:
        return self._tmux("capture-pane", "-p", "-J", "-S", "-2000", "-t", "play")

    def send(self, *keys: str) -> None:
        self._tmux("send-keys", "-t", "play", *keys)

    def wait_for(self, text: str, after: int = 0, limit: float = 120.0) -> str:
        """The screen once `text` shows up in it past position `after` (a wait, not a timing test)."""
        end = time.monotonic() + limit
        while time.monotonic() < end:
            screen = self.screen()
            if text in screen[after:]:
                return screen
            time.sleep(0.2)
        raise AssertionError(f"{text!r} never appeared; the screen:\n{self.screen()}")

    def close(self) -> None:
        self._tmux("kill-server")


@pytest.fixture
def terminal():
    if shutil.which("tmux") is None or not OSTRAKA.is_file():
        pytest.skip("tmux (apt-get install tmux) and the .venv (make) are needed to drive a real terminal")
    made: list[Terminal] = []

    def start(*args: str) -> Terminal:
        t = Terminal([f"cd {REPO} &&", str(OSTRAKA), *args])
        made.append(t)
        return t

    yield start
    for t in made:
        t.close()


def test_a_person_plays_a_turn_in_a_real_terminal(terminal):
    t = terminal("play", "seven_wonders", "--players", "3", "--seed", "1", "--human", "0")
    first = t.wait_for("your choice")
    assert "p1 (you, start): 3 coins · hand: " in first
    assert "p2: 3 coins · hand: 7 cards" in first  # the others' hands as counts
    assert "(cost: " in first and " 1. build" in first
    t.send("help", "Enter")
    shown = t.wait_for("leave the game")
    assert "explain N" in shown and "undo" in shown
    t.send("explain 1", "Enter")
    t.wait_for("When", after=len(shown))
    mark = len(t.screen())
    t.send("1", "Enter")
    second = t.wait_for("your choice", after=mark)
    assert "p1 (you): " in second[mark:]  # the move just made, told
    mark = len(second)
    t.send("undo", "Enter")
    undone = t.wait_for("your choice", after=mark)
    assert "p1 (you, start): 3 coins · hand: " in undone[mark:]  # back before the first decision
    mark = len(undone)
    t.send("quit", "Enter")
    ended = t.wait_for("you left the game", after=mark)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "seven_wonders_human.txt").write_text(ended, encoding="utf-8")
    assert "Traceback" not in ended
