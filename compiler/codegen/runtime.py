"""What generated handlers call, besides the interpreter's Context and the runtime's modules.

The verbs themselves are the runtime's, shared with the interpreter: Context methods
(`build_from`, `invoke`, `choose`, ...), `runtime/board/` and `runtime/spaces.py`, all taking
their arguments evaluated. The interpreter's primitives evaluate those arguments from the effect
tree as they run; the generated code arrives with them folded at build time (tuples of names,
sets of card ids, literal tables, player relations as seat offsets) or as small functions it
defines (an option's actions). What is here is what only compiled code needs: the few places
where a compiled argument takes another shape (a player relation as seat offsets, a noun's floor
folded into `spend`), and small helpers the templates write calls to.
tests/test_handlers*.py compare both paths on every example and on random states.

Generated code imports this module and nothing else of the compiler but the runtime.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..decide.numbers import div  # noqa: F401  (used by generated code)
from ..fields import holds, items  # noqa: F401  (holds: used by generated code)
from ..runtime import board, cards, reading, seats, spaces  # noqa: F401  (used by generated code: rt.board.place, rt.reading.units, ...)
from ..runtime.filters import Match, card_ids, keep, narrow  # noqa: F401  (card_ids, keep, narrow: used by generated code)
from ..runtime.interpreter import Context, dispatch  # noqa: F401  (dispatch: used by generated code)
from ..runtime.limits import bounded, spend as budget  # noqa: F401  (bounded: used by generated code)
from ..runtime.state import Illegal, Player

Pick = tuple[Player | None, str]
Spec = tuple[tuple[Any, ...], ...]  # a player set's plan (decide/players.py): ("self",), ("offset", 1), ...


def ANY_CARD(card: Any) -> bool:
    """The filter of a selector that names no id, kind or field."""
    return True


# ---------------------------------------------------------------------- the step budget (runtime/limits.py)

# `budget(state, n)` charges n steps and returns n; `bounded(x)` refuses an amount beyond the
# runtime's bound. Generated code charges one step before each action (`budget(state, 1)`), as
# Context.run does, and bounds each computed amount, as Context.amount does.


# ---------------------------------------------------------------------- values


def spend(player: Player, noun: str, n: int, floor: int) -> None:
    """Context.spend for a declared noun, its lower bound folded in."""
    if n <= 0:
        return
    if player.values.get(noun, 0) - n < floor:
        raise Illegal(f"{player.id} cannot pay {n} {noun}")
    player.values[noun] = player.values.get(noun, 0) - n


def total(ctx: Context, spec: Spec, noun: str) -> int:
    """Context.value for a set of players."""
    return sum(p.values.get(noun, 0) for p in players(ctx, spec, False))


def field(card: Any, name: str) -> Any:
    """card.fields.get(name), without copying the fields."""
    extra = card.__pydantic_extra__
    return extra.get(name) if extra else None


def param(ctx: Context, base: int, by_card: dict[str, int]) -> int:
    """Context.param with the number and the rules' modifiers folded into `base`: plus the change of
    each card in play that modifies it."""
    return base + sum(by_card.get(card_id, 0) for card_id in ctx.owned_ids(ctx.actor))


def field_amount(ctx: Context, name: str) -> int:
    """The `field` expression: a numeric field of the context's card, else 0."""
    value = ctx.card_field(name)
    return int(value) if isinstance(value, int) else 0


def has(have: Any, allowed: tuple) -> bool:
    """A selector's `where` test on one field value (a list matches when any item does, a cost when
    one of its nouns does)."""
    if isinstance(have, (list, dict)):
        return any(h in allowed for h in items(have))
    return have in allowed


def allowed(wanted: Any) -> Any:
    """The values a `where` filter allows when it names a field of the card in hand."""
    return wanted if isinstance(wanted, list) else (wanted,)


def div_list(values: list[int]) -> int:
    return div(*values)


def fold_sub(values: list[int]) -> int:
    return values[0] - sum(values[1:])


def fold_square(values: list[int]) -> int:
    return values[0] * values[0]


def compare_list(op: Callable[[int, int], bool], values: list[int]) -> bool:
    return op(values[0], values[1])


# ---------------------------------------------------------------------- players


def players(ctx: Context, spec: Spec, ordered: bool) -> list[Player]:
    """Context.players with the plan of the player set (decide/players.py) worked out at build time."""
    return seats.players(spec, ctx.state, ctx.actor, ctx.owner, ordered)


# ---------------------------------------------------------------------- cards


def select(
    ctx: Context,
    zones: tuple[tuple[str, bool], ...],
    of: Spec,
    missing: bool,
    match: Match,
    fewest: Callable[[Context], int] | None = None,
    most: Callable[[Context], int] | None = None,
) -> list[Pick]:
    """Context.select with the zones, the owners' relation and the filter compiled (runtime/cards.cards_in)."""
    return cards.cards_in(ctx, zones, lambda: players(ctx, of, False), missing, match, fewest, most)


# ---------------------------------------------------------------------- fallback


_NODE_MODELS: dict[str, Any] = {}


def node(family: str, data: Any) -> Any:
    """A primitive without a template, rebuilt once (at import) from its data for the interpreter."""
    from ..lang import model

    cls = {"action": model.Action, "expression": model.Expression, "condition": model.Condition}[family]
    return cls.model_validate(data)


def run_node(ctx: Context, action: Any) -> None:
    """Fallback: the interpreter runs one action node (listed in compiler/codegen/jinja.py)."""
    ctx.run([action])
