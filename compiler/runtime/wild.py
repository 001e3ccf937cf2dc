"""Wild units counted as whichever nouns score best (`best: {spread: ...}`)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from ..core.limits import spend

if TYPE_CHECKING:  # pragma: no cover
    from .context import Context


def best_spread(ctx: Context, spread: str, over: Iterable[str], value: Callable[[], int]) -> int:
    """The best value reached when the actor's wild units (`spread`) are counted as any of `over`."""
    over = tuple(over)
    actor = ctx.actor
    wild = max(0, actor.values.get(spread, 0))
    best = None
    saved = {noun: actor.values.get(noun, 0) for noun in over}
    try:
        for counts in spreads(len(over), wild):
            spend(ctx.state, 1 + len(over) // 8)  # many wild units over many nouns: the ways multiply
            for noun, n in zip(over, counts):
                actor.values[noun] = saved[noun] + n
            score = value()
            best = score if best is None else max(best, score)
    finally:
        actor.values.update(saved)
    return best if best is not None else value()


def spreads(parts: int, units: int) -> Iterable[tuple[int, ...]]:
    """Every way to share `units` among `parts` (how many go to each), as bars placed among the
    units: each way costs its number of parts to make, however many units there are."""
    if parts == 0:
        return
    slots = units + parts - 1
    for bars in itertools.combinations(range(slots), parts - 1):
        edges = (-1, *bars, slots)
        yield tuple(edges[i + 1] - edges[i] - 1 for i in range(parts))
