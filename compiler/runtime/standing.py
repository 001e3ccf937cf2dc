"""The standing effects (passives) that apply to a player: their own in play, the rules', and other
players' cards aimed at them (`of`); and whom a hearing card's `by` names."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..decide.players import OPPONENTS
from ..decide.tables import Answers, kept, kept_for
from . import seats
from .state import Player, zones_of

if TYPE_CHECKING:  # pragma: no cover
    from .context import Context


def passives(ctx: Context, player: Player, hook: str, sellable_only: bool = False) -> list[tuple[str, Any]]:
    """The standing effects answering a hook (lang/hooks.py) that a player has in play, rules first;
    `sellable_only`: those of the cards other players may buy from (the game's trade), no rules'."""
    game = ctx.game
    found = [] if sellable_only else list(_rules(game, hook))
    by_card = game.passives_by_hook.get(hook)
    if not by_card:
        return found
    sellable = sellable_cards(game) if sellable_only else None
    zones = zones_of(player)  # read without copying a lazy copy's zones
    for zone in game.play_zones:  # the cards the player owns (Context.owned_ids), in its order
        for card_id in zones.get(zone, ()):
            if card_id not in by_card or (sellable is not None and not sellable[card_id]):
                continue
            found.extend((card_id, arg) for arg in by_card[card_id])
    return found


def sellable_cards(game: Any) -> Answers:
    """card id -> whether the game's trade sells from it (its kind and fields), kept per compiled
    game, each card looked up when first asked about (tables.Answers)."""
    trade = game.game.trade

    def sellable(card: Any) -> bool:
        return (
            trade is not None
            and card.kind in trade.sellable
            and all(card.fields.get(f) in allowed for f, allowed in trade.sellable_where.items())
        )

    return kept(game, "standing.sellable", lambda: Answers(game.cards, sellable))


# The rules' standing effects by hook, per game.yaml (read from it alone: a card's examples that
# ask read no card; see cache/gameview.py).


def _rules(game: Any, hook: str) -> tuple[tuple[str, Any], ...]:
    """The game's own standing effects answering a hook, found once per game.yaml."""
    known = kept_for(game.game, "standing.rules")
    found = known.get(hook)
    if found is None:
        found = known[hook] = tuple(("rules", e.passive_arg) for _i, e in game.rule_passives if e.hook == hook)
    return found


def reaching(ctx: Context, player: Player, hook: str) -> list[tuple[Player, str, Any]]:
    """The standing effects answering a hook (lang/hooks.py) that apply to a player, with who holds each: the
    player's own (those without `of`, or whose `of` names them), then, in turn order, other
    players' cards whose `of` (read from their holder) names this player."""
    found = [
        (player, card_id, arg)
        for card_id, arg in passives(ctx, player, hook)
        if getattr(arg, "of", None) is None or player in _of(ctx, arg.of, player)
    ]
    if hook not in ctx.game.reach_passives:
        return found
    for holder in seats.players(OPPONENTS, ctx.state, player, ctx.owner, ordered=True):
        found += [
            (holder, card_id, arg)
            for card_id, arg in passives(ctx, holder, hook)
            if getattr(arg, "of", None) is not None and player in _of(ctx, arg.of, holder)
        ]
    return found


def hears(ctx: Context, by: Any) -> bool:
    """Whether the player who set the event off (the actor) is one the card's `by` names, read
    from the card's owner (runtime/heard.py)."""
    return ctx.actor in _of(ctx, by, ctx.owner)


def _of(ctx: Context, ref: Any, holder: Player) -> list[Player]:
    """A passive's `of`, read from the player holding its card ('owner' is that player)."""
    return ctx.derive(owner=holder).players(ref, actor=holder)
