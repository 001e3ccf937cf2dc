"""One effect of a card (or of the rules) run by walking its tree: its condition, its limit, its actions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .context import Context


def run_effect(ctx: Context, card_id: str, index: int, effect: Any) -> None:
    if effect.if_ is not None and not ctx.test(effect.if_):
        return
    if effect.limit:
        if ctx.limit_used(ctx.owner, card_id, index, effect.limit):
            return
        ctx.use_limit(ctx.owner, card_id, index, effect.limit)
    ctx.run(effect.do)
