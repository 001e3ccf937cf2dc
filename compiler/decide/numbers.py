"""Rule numbers (params) with their modifiers, and the language's arithmetic."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..lang import hooks
from ..lang.expressions.div import divide


def param_base(game: Any, name: str) -> int:
    """A param's number for every player: the game's, plus the rules' own `modify`."""
    return game.game.params.get(name, 0) + sum(
        e.passive_arg.by for _i, e in game.rule_passives if e.hook == hooks.RULE_NUMBER and e.passive_arg.param == name
    )


def modifies(args: Iterable[Any], name: str) -> int | None:
    """What one card's `modify` effects add to a param (None: none of them is about it)."""
    found = [arg.by for arg in args if arg.param == name]
    return sum(found) if found else None


def param_table(game: Any, name: str) -> dict[str, int] | None:
    """card id -> what it adds to a param while in play (the code generator folds the param so);
    None when a card's `modify` of it reaches other players (`of`): who gains is read at run time."""
    by_card = game.passives_by_hook.get(hooks.RULE_NUMBER, {})
    if any(arg.param == name and getattr(arg, "of", None) is not None for args in by_card.values() for arg in args):
        return None
    table = {cid: modifies(args, name) for cid, args in by_card.items()}
    return {cid: by for cid, by in table.items() if by is not None}


div = divide  # the primitive's own meaning (lang/expressions/div.py), for the generated handlers
