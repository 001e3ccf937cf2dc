"""The game state the interpreter works on: plain values, cheap to copy and compare."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields
from typing import Any

from ..core.limits import budget, fresh_budget, spend


class Illegal(Exception):
    """An action that the rules do not allow right now (a cost that cannot be paid, ...)."""


@dataclass
class Player:
    id: str  # p1, p2, ...
    seat: int  # 0-based; the player at seat + 1 sits to the left
    values: dict[str, int] = field(default_factory=dict)  # counters, resources and track spaces
    zones: dict[str, list[str]] = field(default_factory=dict)
    used: set[tuple] = field(default_factory=set)  # limits spent: (card, effect, period)

    def copy(self) -> Player:
        new = object.__new__(Player)
        new.__dict__.update(self.__dict__)
        values, zones, used = _held(self)
        new.values, new.zones, new.used = dict(values), _copy_zones(zones), set(used)
        new.__dict__.pop(_SHARED, None)
        for name in _OTHER_PLAYER_FIELDS:
            setattr(new, name, copy.deepcopy(getattr(self, name)))
        return new


_SHARED = "_shared"  # a lazy copy's (values, zones, used) of the player it copies, read only


class _Taken:
    """A lazy copy's values, zones or limits (_lazy_copies): those of the player it copies, copied
    into the copy's own attribute on first reading. A descriptor of Player's that defines no
    setter, so a player's own attribute hides it: it is called only for one not taken yet, and
    costs a player that has its own nothing (no failed lookup, as a __getattr__ would)."""

    __slots__ = ("name", "index", "copier")

    def __init__(self, name: str, index: int, copier: Any) -> None:
        self.name, self.index, self.copier = name, index, copier

    def __get__(self, player: Player | None, owner: type | None = None) -> Any:
        if player is None:
            return self
        own = player.__dict__
        shared = own.get(_SHARED)
        if shared is None:
            raise AttributeError(self.name)
        held = shared[self.index]
        taken = own[self.name] = self.copier(held)
        return taken


def _copy_zones(zones: dict[str, list[str]]) -> dict[str, list[str]]:
    return {k: list(v) for k, v in zones.items()}


# the order of _SHARED's items, each with how Player.copy copies it
for _index, (_name, _copier) in enumerate((("values", dict), ("zones", _copy_zones), ("used", set))):
    setattr(Player, _name, _Taken(_name, _index, _copier))


def _held(player: Player) -> tuple[dict[str, int], dict[str, list[str]], set[tuple]]:
    """A player's values, zones and limits as they are, read without copying (a lazy copy's are
    those of the player it copies until it takes its own)."""
    own = player.__dict__
    shared = own.get(_SHARED)
    if shared is None:
        return own["values"], own["zones"], own["used"]
    return own.get("values", shared[0]), own.get("zones", shared[1]), own.get("used", shared[2])


def _lazy_copies(players: list[Player]) -> list[Player]:
    """Copies of players that take their own values, zones and limits only when they first read
    each of them (_Taken): until then they hold those of the players copied, which must
    not change meanwhile (a trial's start state: menus.py, atomic.py). Reading them is copying
    them, so no write can reach the original."""
    if _OTHER_PLAYER_FIELDS:  # a field this function does not know: copied now
        return [p.copy() for p in players]
    copies = []
    for p in players:
        own = p.__dict__
        new = _new(Player)
        if len(own) == 3:  # a lazy copy that took nothing of its own (id, seat, _SHARED): the same again
            new.__dict__ = own.copy()
        else:
            held = own.get(_SHARED)
            if held is None:
                held = (own["values"], own["zones"], own["used"])
            else:  # it took some of its own
                held = (own.get("values", held[0]), own.get("zones", held[1]), own.get("used", held[2]))
            new.__dict__ = {"id": own["id"], "seat": own["seat"], _SHARED: held}
        copies.append(new)
    return copies


_new = object.__new__


def zones_of(player: Player) -> dict[str, list[str]]:
    """A player's zones to read, never to change: a lazy copy's, until it takes its own, are those
    of the player it copies (reading them here does not copy them, as `player.zones` would)."""
    own = player.__dict__
    zones = own.get("zones")
    return zones if zones is not None else own[_SHARED][1]


def values_of(player: Player) -> dict[str, int]:
    """A player's values to read, never to change (as zones_of: a lazy copy's are not copied)."""
    own = player.__dict__
    values = own.get("values")
    return values if values is not None else own[_SHARED][0]


@dataclass
class State:
    players: list[Player]
    globals: dict[str, int] = field(default_factory=dict)
    zones: dict[str, list[str]] = field(default_factory=dict)  # shared zones
    # hexes, tiles and pieces: see runtime/board/hexes.py. Made whole from the start, so that reading the
    # board (a condition, a requirement checked on the real state) never changes the state.
    board: dict[str, Any] = field(default_factory=lambda: {"hexes": {}, "pieces": {}, "tiles": {}})
    # the seats that take another turn once this one is over (the `extra_turn` action), in the order
    # granted; a tuple, replaced whole, so that copies share it
    again: tuple[int, ...] = ()

    def player(self, pid: str) -> Player:
        for p in self.players:
            if p.id == pid:
                return p
        raise KeyError(pid)

    def copy(self, new_run: bool = False, lazy: bool = False) -> State:
        """A deep copy, made field by field: values are numbers, zones lists of ids and limits tuples
        of them, so copying those containers copies everything (effects try actions out on copies
        all the time; deepcopy costs ten times more); the board's parts are dicts replaced whole when
        they change, never edited in place (runtime/board/hexes.py), so that a copy shares them.
        Fields this method does not know are deep-copied.

        The copy shares the original's step budget (core/limits.py) and is charged to it by its
        size, so that trials on copies (`choose`, `may`, build trials) count against the run.
        `new_run`: the copy starts a run of its own (a replay from a saved state), with a budget of
        its own, and costs the original nothing. `lazy`: the players are lazy copies (_lazy_copies),
        for a trial whose start state does not change while the copy lives."""
        if not new_run:
            budget(self)  # made now, so that the copy shares it
            spend(self, copy_steps(self))
        new = object.__new__(State)
        new.__dict__.update(self.__dict__)
        if new_run:
            fresh_budget(new)
        new.globals = dict(self.globals)
        new.zones = {k: list(v) for k, v in self.zones.items()}
        new.players = _lazy_copies(self.players) if lazy else [p.copy() for p in self.players]
        new.board = dict(self.board)  # its parts shared: see below
        for name in _OTHER_STATE_FIELDS:
            setattr(new, name, copy.deepcopy(getattr(self, name)))
        return new

    def size(self) -> int:
        """How much there is to read or copy: values, limits, card ids in zones, board cells."""
        size = sum(map(len, self.zones.values())) + sum(map(len, self.board.values()))
        for p in self.players:  # asked at every charged copy: read in place, a lazy copy's held ones too
            own = p.__dict__
            held = own.get(_SHARED)
            if held is None:
                size += len(own["values"]) + len(own["used"]) + sum(map(len, own["zones"].values()))
            else:
                size += len(own.get("values", held[0])) + len(own.get("used", held[2]))
                size += sum(map(len, own.get("zones", held[1]).values()))
        return size

    def fingerprint(self) -> tuple:
        """Everything in the state as one hashable value, in order (zones keep their order): two
        states with equal fingerprints hold the same. Costs about what a copy does."""
        return (
            self.again,
            tuple(self.globals.items()),
            tuple((k, tuple(v)) for k, v in self.zones.items()),
            tuple((part, tuple((k, repr(v)) for k, v in cells.items())) for part, cells in self.board.items()),
            tuple(
                (p.id, p.seat, tuple(values.items()), tuple((k, tuple(v)) for k, v in zones.items()), frozenset(used))
                for p, (values, zones, used) in zip(self.players, map(_held, self.players))
            ),
        )

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


def copy_steps(state: State) -> int:
    """What a copy costs in steps: a few for the copy itself, one more per 32 ids, values and cells."""
    return COPY_STEPS + state.size() // 32


COPY_STEPS = 8  # a trial copies the state and runs actions on it: several actions' worth of work

_OTHER_PLAYER_FIELDS = tuple(f.name for f in fields(Player) if f.name not in {"id", "seat", "values", "zones", "used"})
_OTHER_STATE_FIELDS = tuple(
    f.name for f in fields(State) if f.name not in {"players", "globals", "zones", "board", "again"}
)


def new_state(game: Any, n_players: int) -> State:
    """The starting state of a game from its game.yaml."""
    players = []
    for seat in range(n_players):
        values = {name: noun.start for name, noun in game.resources.items()}
        values.update({name: noun.start for name, noun in game.counters.items()})
        values.update({name: track.start for name, track in game.tracks.items()})
        zones: dict[str, list[str]] = {name: [] for name, zone in game.zones.items() if not zone.shared}
        players.append(Player(id=f"p{seat + 1}", seat=seat, values=values, zones=zones))
    globals_ = {name: noun.start for name, noun in game.globals.items()}
    globals_["players"] = n_players
    zones = {name: [] for name, zone in game.zones.items() if zone.shared}
    return State(players=players, globals=globals_, zones=zones)
