"""The game state the interpreter works on: plain values, cheap to copy and compare."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any


class Illegal(Exception):
    """An action that the rules do not allow right now (a cost that cannot be paid, ...)."""


@dataclass
class Player:
    id: str  # p1, p2, ...
    seat: int  # 0-based; the player at seat + 1 sits to the left
    values: dict[str, int] = field(default_factory=dict)  # counters, resources and track spaces
    zones: dict[str, list[str]] = field(default_factory=dict)
    used: set[tuple] = field(default_factory=set)  # limits spent: (card, effect, period)


@dataclass
class State:
    players: list[Player]
    globals: dict[str, int] = field(default_factory=dict)
    zones: dict[str, list[str]] = field(default_factory=dict)  # shared zones
    board: dict[str, Any] = field(default_factory=dict)  # hexes, tiles and pieces: see runtime/board.py

    def player(self, pid: str) -> Player:
        for p in self.players:
            if p.id == pid:
                return p
        raise KeyError(pid)

    def copy(self) -> "State":
        return copy.deepcopy(self)

    def snapshot(self) -> dict[str, Any]:
        """A plain, ordered picture of the state, for comparing two runs."""
        return {
            "globals": dict(sorted(self.globals.items())),
            "zones": {k: list(v) for k, v in sorted(self.zones.items())},
            **({"board": {k: dict(sorted(v.items())) for k, v in sorted(self.board.items())}} if self.board else {}),
            "players": [
                {
                    "id": p.id,
                    "values": dict(sorted(p.values.items())),
                    "zones": {k: sorted(v) for k, v in sorted(p.zones.items())},
                    "used": sorted(map(repr, p.used)),
                }
                for p in self.players
            ],
        }


def new_state(game: Any, n_players: int) -> State:
    """The starting state of a game from its game.yaml."""
    players = []
    for seat in range(n_players):
        values = {name: noun.start for name, noun in game.resources.items()}
        values.update({name: noun.start for name, noun in game.counters.items()})
        values.update({name: track.start for name, track in game.tracks.items()})
        zones = {name: [] for name, zone in game.zones.items() if not zone.shared}
        players.append(Player(id=f"p{seat + 1}", seat=seat, values=values, zones=zones))
    globals_ = {name: noun.start for name, noun in game.globals.items()}
    globals_["players"] = n_players
    zones = {name: [] for name, zone in game.zones.items() if zone.shared}
    return State(players=players, globals=globals_, zones=zones)
