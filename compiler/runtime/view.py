"""What one player may see of a whole game: the per-player view that the terminal player, the JSON
view, the replay and the bots all read, so that none of them can show or use what the rules hide.

Who sees what is game.yaml's (`zones:`): a zone's `visible` (everyone, its owner, nobody), its
`order` (shown, or hidden: its cards in the game's card order) and `count_by` (what those who
cannot see it are told: how many of its cards have each value of a field, in order). A zone that
a player cannot see shows how many cards it holds, and nothing else. Values and the board are
public. `view(game_state, None)` is the whole state (a spectator, a replay after the game).

`unseen(game_state, seat)` is the other side of the same rule: the cards a player cannot see, as
groups that a guess may deal among themselves (runtime/guess.py, the honest bots): a card hidden
from a player could be any other hidden card of the same group.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..model.game import EVERYONE, OWNER


@dataclass(frozen=True)
class ZoneView:
    """One zone as a player sees it: its cards (None when they cannot see them) and how many."""

    name: str
    label: str
    count: int
    cards: tuple[str, ...] | None
    # for a zone not seen with `count_by`: (value, how many) for each run of the field's values, in order
    runs: tuple[tuple[str, int], ...] = ()

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"count": self.count}
        if self.cards is not None:
            out["cards"] = list(self.cards)
        if self.runs:
            out["runs"] = [[value, n] for value, n in self.runs]
        return out


@dataclass(frozen=True)
class PlayerView:
    seat: int
    id: str
    values: dict[str, int]
    zones: dict[str, ZoneView]


@dataclass(frozen=True)
class View:
    """The game as the player at `seat` may see it (None: all of it)."""

    seat: int | None
    start: int  # the start player's seat
    globals: dict[str, int]
    zones: dict[str, ZoneView]  # the shared zones
    players: list[PlayerView]
    board: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        """Plain values for JSON: what `--format json` and the replay carry."""
        return {
            "seat": self.seat,
            "start": self.start,
            "globals": dict(sorted(self.globals.items())),
            "zones": {name: z.as_dict() for name, z in self.zones.items()},
            "players": [
                {
                    "seat": p.seat,
                    "id": p.id,
                    "values": dict(sorted(p.values.items())),
                    "zones": {name: z.as_dict() for name, z in p.zones.items()},
                }
                for p in self.players
            ],
            "board": {
                part: {k: _plain(v) for k, v in sorted(cells.items())} for part, cells in sorted(self.board.items())
            },
        }

    def lines(self) -> list[str]:
        """The view in a few lines of ids (GameState.summary's shape): globals and shared zones,
        then each player's values and zones; a zone not seen as its count."""
        head = " ".join(f"{k}={v}" for k, v in sorted(self.globals.items()))
        lines = [head + "".join(f" | {z.name}: {_zone_text(z)}" for z in sorted_zones(self.zones))]
        for p in self.players:
            values = " ".join(f"{k}={v}" for k, v in sorted(p.values.items()) if v)
            zones = "".join(f" | {z.name}: {_zone_text(z)}" for z in sorted_zones(p.zones) if z.count)
            lines.append(f"{p.id}{' (start)' if p.seat == self.start else ''}: {values or '-'}{zones}")
        return lines

    def key(self) -> str:
        """The view as one string: equal for two states a player cannot tell apart (what they see)."""
        return repr((self.seat, self.start, sorted(self.globals.items()), self.as_dict(), _board_key(self.board)))


def _plain(value: Any) -> Any:
    """A board cell as JSON takes it: dicts, lists and scalars; anything else as its text."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return repr(value)


def sorted_zones(zones: dict[str, ZoneView]) -> list[ZoneView]:
    return [zones[name] for name in sorted(zones)]


def _zone_text(z: ZoneView) -> str:
    if not z.count:
        return "-"
    if z.cards is not None:
        return " ".join(z.cards) or "-"
    if z.runs:
        return f"{z.count} face down (" + ", ".join(f"{n} {value}" for value, n in z.runs) + ")"
    return f"{z.count} cards"


def _board_key(board: dict[str, Any]) -> tuple:
    return tuple((part, tuple((k, repr(v)) for k, v in sorted(cells.items()))) for part, cells in sorted(board.items()))


def sees(zone: Any, owner: int | None, seat: int | None) -> bool:
    """Whether the player at `seat` sees which cards a zone holds (`zone`: game.yaml's Zone;
    `owner`: the seat it belongs to, None for a shared zone; `seat` None sees everything)."""
    if seat is None:
        return True
    who = zone.seen_by
    return who == EVERYONE or (who == OWNER and owner == seat)


def view(game_state: Any, seat: int | None) -> View:
    """The game as the player at `seat` may see it (`game_state`: runtime/flow.py's GameState)."""
    game = game_state.game
    specs = game.game.zones
    state = game_state.state
    order = game_state.program.card_index

    def zone_view(name: str, cards: list[str], owner: int | None) -> ZoneView:
        spec = specs.get(name)
        label = (spec.label if spec is not None else None) or name.replace("_", " ")
        if spec is None or sees(spec, owner, seat):
            shown = list(cards)
            if spec is not None and spec.order == "hidden" and seat is not None:
                shown.sort(key=lambda c: order.get(c, -1))
            return ZoneView(name, label, len(cards), tuple(shown))
        runs: list[tuple[str, int]] = []
        if spec.count_by is not None:
            for cid in cards:
                card = game.cards.get(cid)
                value = str(card.fields.get(spec.count_by, "")) if card is not None else ""
                if runs and runs[-1][0] == value:
                    runs[-1] = (value, runs[-1][1] + 1)
                else:
                    runs.append((value, 1))
        return ZoneView(name, label, len(cards), None, tuple(runs))

    players = [
        PlayerView(
            p.seat,
            p.id,
            {k: v for k, v in p.values.items()},
            {name: zone_view(name, ids, p.seat) for name, ids in p.zones.items()},
        )
        for p in state.players
    ]
    return View(
        seat,
        game_state.start,
        dict(state.globals),
        {name: zone_view(name, ids, None) for name, ids in state.zones.items()},
        players,
        {part: dict(cells) for part, cells in state.board.items() if cells},
    )


@dataclass
class Slot:
    """Cards a player cannot see: where they lie (a zone, its owner or None) and which they are."""

    zone: str
    owner: int | None
    cards: list[str]


def unseen(game_state: Any, seat: int) -> list[list[Slot]]:
    """The cards the player at `seat` cannot see, as groups of slots: the cards of one group could
    lie in any of its slots for all that player knows (keeping each slot's count, and the runs of
    a `count_by` field). What the rules let a player know decides the groups: the hands of the
    others (`visible: owner`) are dealt from one supply, so they are one group per zone across the
    players; a face-down zone (`visible: nobody`) is a group of its own, per player (a player's own
    face-down stack holds their own cards) and for a shared one; a zone whose order is hidden has
    its order guessed within itself."""
    game = game_state.game
    specs = game.game.zones
    state = game_state.state
    groups: dict[tuple, list[Slot]] = {}
    for p in state.players:
        for name, ids in p.zones.items():
            spec = specs.get(name)
            if spec is None or not ids:
                continue
            if not sees(spec, p.seat, seat):
                key = (name,) if spec.seen_by == OWNER else (name, p.seat)
                groups.setdefault(key, []).append(Slot(name, p.seat, list(ids)))
            elif spec.order == "hidden":
                groups.setdefault((name, p.seat, "order"), []).append(Slot(name, p.seat, list(ids)))
    for name, ids in state.zones.items():
        spec = specs.get(name)
        if spec is None or not ids:
            continue
        if not sees(spec, None, seat) or spec.order == "hidden":
            groups.setdefault((name, None), []).append(Slot(name, None, list(ids)))
    return list(groups.values())
