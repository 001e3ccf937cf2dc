"""Chance inside an effect: dice rolled, cards shuffled. Each outcome is asked of the decider as a
chance question (Decider.chance): in a whole game a chance node, drawn as the game's other chance
is (flow.GameState.sample_chance), so the same seed rolls and shuffles alike on both engines; in an
example its first outcome unless the example scripts it (`answers: {chance: [...]}`)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ..core.limits import spend
from .state import Illegal, values_of

if TYPE_CHECKING:  # pragma: no cover
    from .context import Context


def roll(ctx: Context, dice: int, sides: int, total: str | None, each: list[str]) -> list[int]:
    """Roll `dice` dice of `sides` sides, each a chance outcome; set `total` to their sum and the
    nouns of `each` to the dice in turn (on the game-wide value, else the acting player's)."""
    if sides < 1:
        raise Illegal(f"a die needs a side at least, not {sides}")
    faces = [str(face) for face in range(1, spend(ctx.state, sides) + 1)]
    who = ctx.actor.id
    rolled = [
        ctx.decider.chance(f"{who} rolls a die" if dice == 1 else f"{who} rolls die {i + 1} of {dice}", faces) + 1
        for i in range(spend(ctx.state, dice))
    ]
    if total is not None:
        _set(ctx, total, sum(rolled))
    for noun, face in zip(each, rolled):
        _set(ctx, noun, face)
    return rolled


def _set(ctx: Context, noun: str, value: int) -> None:
    """A noun set to a value (a change by the difference, so that its bounds hold)."""
    held = ctx.state.globals[noun] if noun in ctx.state.globals else values_of(ctx.actor).get(noun, 0)
    ctx.change(ctx.actor, noun, value - held)


def shuffled(ctx: Context, ids: list[str], about: str) -> list[str]:
    """The cards in a random order: each place but the last drawn by chance among the cards left,
    a card weighted by its copies (a shuffled pile's order, card by card, as a deal draws it)."""
    left = Counter(ids)
    order: list[str] = []
    for place in range(spend(ctx.state, len(ids))):
        if len(left) == 1:  # one card left (in its copies): nothing to draw
            (card,) = left
            order += [card] * left[card]
            break
        options = sorted(left)
        weights = [left[c] for c in options]
        card = options[ctx.decider.chance(f"shuffle {about}: card {place + 1}", options, weights, told=False)]
        order.append(card)
        left[card] -= 1
        if not left[card]:
            del left[card]
    return order
