"""`ostraka play --html FILE`: a replay of the game (written in a later commit)."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def write_replay(path: Path, session: Any, result: dict) -> None:
    raise NotImplementedError
