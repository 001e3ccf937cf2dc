"""The action `lead`: the acting player puts a piece on a free space.

A *space* is an entity of the game (a card-like record such as a deity's favor) that a player
occupies by putting one of their pieces on it. A piece is a counter the player holds (e.g. idle
priests); an occupied space is recorded by putting the entity's id into one of the player's zones
(e.g. `worship`), so every selector, count and condition of the language can see who sits where
(`vacate` takes the pieces back). The fields that pair spaces, the counters used as pieces and the
zones are all named by the data.
"""

from __future__ import annotations

from pydantic import Field

from ..registry import Primitive, primitive
from ..types import FieldName, Noun, Selector, Strict, TriggerName, ZoneName


class LeadArgs(Strict):
    lead: Selector = Field(
        description="The spaces the acting player may occupy; a space someone already holds is not free"
    )
    follow: Selector | None = Field(
        None, description="The spaces the other players may then occupy (none: nobody follows)"
    )
    pair: list[FieldName] = Field(
        default_factory=list, description="Fields a follower's space shares with the led space (e.g. the deity)"
    )
    piece: Noun = Field(
        description="The counter spent to occupy a space (one unit per space); without one a player can neither lead nor follow"
    )
    zone: ZoneName = Field(description="The player zone recording the spaces a player occupies")
    receive: bool = Field(
        True,
        description="Each participant then receives the effects of their space, leader first, then followers in turn order",
    )
    on: TriggerName = Field("invoked", description="Which trigger of the space's effects runs")
    announce: TriggerName | None = Field(
        None, description="Fired for each participant after receiving, with the space's fields as the event's details"
    )


@primitive
class Lead(Primitive):
    family, name = "action", "lead"
    args = LeadArgs
    summary = (
        "The acting player puts a piece on a free space; then each other player, in turn order from the leader's left, "
        "may put a piece on a paired space; then each participant, leader first, receives the effects of their space "
        "(a replacement such as `replace` applies) and the `announce` trigger fires for them."
    )
    example = {
        "lead": {
            "lead": {"kind": "favor", "where": {"space": "alpha"}},
            "follow": {"kind": "favor", "where": {"space": "beta"}},
            "pair": ["deity"],
            "piece": "idle_priests",
            "zone": "worship",
            "announce": "worship",
        }
    }

    @staticmethod
    def english(arg, en):
        out = f"put one of your {en.word(arg.piece)} on one free space among {en.selector(arg.lead)}"
        if arg.follow is not None:
            paired = f" with the same {en.words(arg.pair, 'and')}" if arg.pair else ""
            out += f"; then each other player in turn order may put one of their {en.word(arg.piece)} on {en.selector(arg.follow)}{paired}"
        if arg.receive:
            out += "; then each of you, starting with you, receives the effect of their space"
        if arg.announce:
            out += f" ({en.word(arg.announce)})"
        return out

    @staticmethod
    def guard(arg, ctx, sure):
        # refused only for want of a piece or a free space, before it asks anything; with the first
        # answers the followers pass and the leader receives the first free space's effects
        if arg.announce is not None and not sure(arg.announce):
            return None
        led = ctx.spaces.first_led(ctx, ctx.spaces.spaces_of(ctx, arg.lead), arg.piece, arg.zone)
        if led is None:
            return False
        return True if not arg.receive or sure.effects(led, arg.on) else None

    @staticmethod
    def run(arg, ctx):
        ctx.spaces.lead(
            ctx,
            ctx.spaces.spaces_of(ctx, arg.lead),
            ctx.spaces.spaces_of(ctx, arg.follow, later=True),
            tuple(arg.pair),
            arg.piece,
            arg.zone,
            arg.receive,
            arg.on,
            arg.announce,
        )
