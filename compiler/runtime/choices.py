"""Choices inside an effect: among options (each tried on a copy of the state first), or whether
to use an optional effect."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from ..core.limits import spend
from .decider import FirstLegal
from .state import Illegal, Player

CHOSEN = "@chosen"  # the event's detail holding how many cards a choose_cards chose (the `chosen` amount)
MAX_SUBSETS = 1024  # beyond, the cards are picked one at a time (each a question, `done` once enough)

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


def choose_cards(
    ctx: Context,
    found: Sequence[tuple[Player | None, str]],
    low: int,
    high: int | None,
    each: Callable[[Context], None],
    after: Callable[[Context], None] | None,
) -> None:
    """The `choose_cards` action: the actor picks, as one decision, a set of the cards found (between
    `low` and `high` of them, each set of equal cards offered once, smallest first); `each` runs once
    per card picked with it in view, then `after`; inside, the event's CHOSEN detail says how many.
    With too many sets to offer, the cards are picked one at a time instead."""
    picks = list(found)
    high = len(picks) if high is None else min(high, len(picks))
    low = max(0, low)
    if low > high:
        raise Illegal(f"{ctx.actor.id} has {len(picks)} cards to choose from, fewer than {low}")
    options: dict[str, tuple[int, ...]] = {}
    sizes = range(low, high + 1)
    if sum(_binomial(len(picks), k) for k in sizes) <= MAX_SUBSETS:
        for size in sizes:
            for combo in combinations(range(len(picks)), size):
                label = "+".join(sorted(picks[i][1] for i in combo)) or "none"  # equal cards: one set
                options.setdefault(label, combo)
        spend(ctx.state, len(options))
        labels = list(options)
        label = labels[0] if len(labels) == 1 else ctx.ask(ctx.actor, "which cards", labels)
        chosen = [picks[i] for i in options[label]]
    else:
        chosen = _one_by_one(ctx, picks, low, high)
    inner = ctx.derive(event={**ctx.event, CHOSEN: len(chosen)})
    for card_ctx in inner.in_view(chosen):
        each(card_ctx)
    if after is not None:
        after(inner)


def _one_by_one(ctx: Context, picks: list, low: int, high: int) -> list:
    """Cards picked one at a time, `done` offered once `low` are picked, until `high` are."""
    chosen: list = []
    left = list(picks)
    while len(chosen) < high and left:
        labels = list(dict.fromkeys(cid for _holder, cid in left)) + (["done"] if len(chosen) >= low else [])
        label = ctx.ask(ctx.actor, "which card to choose", labels)
        if label == "done":
            break
        pick = next(p for p in left if p[1] == label)
        left.remove(pick)
        chosen.append(pick)
    return chosen


def _binomial(n: int, k: int) -> int:
    from math import comb

    return comb(n, k)
