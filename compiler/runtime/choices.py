"""Choices inside an effect: among options (each tried on a copy of the state first), or whether
to use an optional effect."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from ..core.limits import spend
from .decider import FirstLegal
from .state import Illegal, Player

if TYPE_CHECKING:  # pragma: no cover
    from .context import Context


def can(ctx: Context, actions: Callable[[Context], None]) -> bool:
    """Whether the actions can be carried out now: tried on a copy of the state (or recalled from
    an earlier run of the same atomic step: decider.recall)."""
    return ctx.decider.recall(lambda: _can(ctx, actions), ctx.state)


def _can(ctx: Context, actions: Callable[[Context], None]) -> bool:
    trial_state = ctx.state.copy(lazy=True)  # dropped before the state changes again
    ids = {p.id: p for p in trial_state.players}
    trial = ctx.derive(state=trial_state, decider=FirstLegal(), actor=ids[ctx.actor.id], owner=ids[ctx.owner.id])
    try:
        actions(trial)
    except Illegal:
        return False
    return True


def choose(ctx: Context, chooser: Player, options: Iterable[tuple[str, Callable[[Context], None]]], count: int) -> None:
    """`count` different options, each picked among those that can be carried out."""
    remaining = dict(options)
    for _ in range(spend(ctx.state, count)):
        if ctx.decider.answers_first():
            # a search's run answers with the first option that can be carried out: the others
            # are tried only if the search goes on (decider.Searching, counting)
            label = next((label for label, actions in remaining.items() if can(ctx, actions)), None)
            if label is None:
                return
            ctx.decider.choose_first(chooser.id, "choose", label)
        else:
            legal = [label for label, actions in remaining.items() if can(ctx, actions)]
            if not legal:
                return
            label = ctx.ask(chooser, "choose", legal)
        remaining.pop(label)(ctx)


def may(ctx: Context, actions: Callable[[Context], None]) -> None:
    if can(ctx, actions) and ctx.ask(ctx.actor, "use the optional effect", ["yes", "no"]) == "yes":
        actions(ctx)
