"""The hooks of the runtime that passives answer: what it asks of the standing effects in play.

A passive declares the one hook it implements (`hook = hooks.PRODUCTION`); the runtime asks for
the standing effects of a hook (`Context.passives(player, hooks.PRODUCTION)`) and reads their
arguments, never a primitive's name. A new passive answering an existing hook needs no runtime
change as long as its arguments offer what that hook reads (listed with each hook).
"""

from __future__ import annotations

COST = "cost"  # a build's cost: amount, of, everything, applies_to, optional, limit
PRODUCTION = "production"  # units usable for every cost: amounts, one_of, tradable
TRADE_PRICE = "trade_price"  # the price of buying from other players: resources, from_, price
SUBSTITUTE = "substitute"  # other units paid instead of a resource: use, as_, give, limit
RULE_NUMBER = "rule_number"  # a change to one of the game's params for a player: param, by
REPLACEMENT = "replacement"  # one entity's effect received instead of another's: invoke, with_
IMMUNITY = "immunity"  # a trigger that passes the player by: to
SELLERS = "sellers"  # players the owner may buy from beyond the game's trade.from: players

HOOKS = frozenset({COST, PRODUCTION, TRADE_PRICE, SUBSTITUTE, RULE_NUMBER, REPLACEMENT, IMMUNITY, SELLERS})
