"""Markers on a player's tracks: how far each may go (barriers lifted by cards in play) and moving them."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from ..core.limits import spend
from .state import Player

if TYPE_CHECKING:  # pragma: no cover
    from .context import Context


def cap(ctx: Context, player: Player, track_name: str) -> int:
    """The last space the player's marker may reach: the track's end, or the first barrier the
    cards they have in play do not lift."""
    track = ctx.game.game.tracks[track_name]
    last = track.spaces
    owned = set(ctx.owned_ids(player))
    for barrier in sorted(track.barriers, key=lambda b: b.at):
        if not set(barrier.lifted_by) <= owned:
            last = min(last, barrier.at)
    return last


def can_move(ctx: Context, player: Player, track: str, direction: int) -> bool:
    position = player.values.get(track, 0)
    if direction > 0:
        return position < cap(ctx, player, track)
    return position > ctx.game.game.tracks[track].first


def move_marker(ctx: Context, player: Player, track: str, spaces: int, direction: int) -> None:
    position = player.values.get(track, 0)
    if direction > 0:
        last = cap(ctx, player, track)
        position = min(last, position + spaces) if position < last else position
    else:
        position = max(ctx.game.game.tracks[track].first, position - spaces)
    player.values[track] = position


def move_markers(
    ctx: Context,
    tracks: Iterable[str] | None,
    by: int,
    count: Callable[[], int],
    among: Iterable[str] | None,
    direction: int,
) -> None:
    """Move the actor's markers `by` spaces; tracks None: `count` markers the player picks among
    `among` (None: every track), each one that can still move."""
    player = ctx.actor
    if tracks is not None:
        for track in tracks:
            move_marker(ctx, player, track, by, direction)
        return
    pool = list(among or ctx.game.game.tracks)
    for _ in range(spend(ctx.state, count())):
        movable = [t for t in pool if can_move(ctx, player, t, direction)]
        if not movable:
            return
        track = ctx.ask(player, "which marker", movable)
        pool.remove(track)
        move_marker(ctx, player, track, by, direction)
