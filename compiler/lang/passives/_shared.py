"""What several primitives of this family share."""

from __future__ import annotations

from typing import Literal

Limit = Literal["once_per_round", "once_per_age", "once_per_game", "once_per_build"]
