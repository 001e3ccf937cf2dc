"""Spaces and pieces: worker placement on entity spaces, tracks that yield, cards taken by someone.

A *space* is an entity of the game (a card-like record such as a deity's favor) that a player
occupies by putting one of their pieces on it. A piece is a counter the player holds (e.g. idle
priests); an occupied space is recorded by putting the entity's id into one of the player's zones
(e.g. `worship`), so every selector, count and condition of the language can see who sits where.

- `lead`: the acting player occupies a free space, the others may follow on its paired spaces in
  turn order, then every participant receives their space's effects in that order.
- `vacate`: pieces come back from spaces to their owner.
- `track_yield`: what a track's current space produces (the track's `yields` table).
- `held_by`: whether the card being considered is already in play for some players.

Nothing here knows a game: the fields that pair spaces, the counters used as pieces and the zones
are all named by the data.
"""

from __future__ import annotations

from typing import Union

from pydantic import Field

from .registry import Primitive, primitive
from .types import FieldName, Noun, PlayerSet, Scalar, Selector, Strict, TrackName, TriggerName, ZoneName


# ----------------------------------------------------------------------------- lead and follow


class LeadArgs(Strict):
    lead: Selector = Field(description="The spaces the acting player may occupy; a space someone already holds is not free")
    follow: Selector | None = Field(None, description="The spaces the other players may then occupy (none: nobody follows)")
    pair: list[FieldName] = Field(default_factory=list, description="Fields a follower's space shares with the led space (e.g. the deity)")
    piece: Noun = Field(description="The counter spent to occupy a space (one unit per space); without one a player can neither lead nor follow")
    zone: ZoneName = Field(description="The player zone recording the spaces a player occupies")
    receive: bool = Field(True, description="Each participant then receives the effects of their space, leader first, then followers in turn order")
    on: TriggerName = Field("invoked", description="Which trigger of the space's effects runs")
    announce: TriggerName | None = Field(None, description="Fired for each participant after receiving, with the space's fields as the event's details")


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
    def run(arg, ctx):
        from ..runtime import spaces

        spaces.lead(
            ctx, ctx.filter(arg.lead), ctx.filter(arg.follow), tuple(arg.pair), arg.piece, arg.zone, arg.receive, arg.on, arg.announce
        )


# ----------------------------------------------------------------------------- vacate


class VacateArgs(Strict):
    zone: ZoneName = Field(description="The player zone recording occupied spaces")
    where: dict[FieldName, Union[Scalar, list[Scalar]]] = Field(default_factory=dict, description="Only spaces whose fields have these values")
    piece: Noun | None = Field(None, description="The counter each piece returns to (none: the pieces simply leave the board)")


@primitive
class Vacate(Primitive):
    family, name = "action", "vacate"
    args = VacateArgs
    summary = "The acting player takes back their pieces from every matching space they occupy; each returns to the `piece` counter."
    example = {"vacate": {"zone": "worship", "where": {"space": "beta"}, "piece": "idle_priests"}}

    @staticmethod
    def english(arg, en):
        which = " ".join(en.words(v if isinstance(v, list) else [v], "or") for v in arg.where.values())
        spaces = f"{which} spaces" if which else "spaces"
        back = f" to your {en.word(arg.piece)}" if arg.piece else ""
        return f"take back all your pieces on {spaces} ({en.word(arg.zone)}){back}"

    @staticmethod
    def run(arg, ctx):
        from ..runtime import spaces

        where = tuple((k, tuple(v) if isinstance(v, list) else (v,)) for k, v in arg.where.items())
        spaces.vacate(ctx, arg.zone, where, arg.piece)


# ----------------------------------------------------------------------------- track yields


class TrackYieldArgs(Strict):
    track: TrackName = Field(description="A track declared with a `yields` table")
    shift: "Amount" = Field(0, description="Look the yield up this many spaces further along, never past the track's end")


@primitive
class TrackYield(Primitive):
    family, name = "expression", "track_yield"
    args = TrackYieldArgs
    summary = "What the acting player's marker on a production track yields (the track's `yields`), optionally read some spaces further, capped at the last space."
    example = {"track_yield": {"track": "agriculture", "shift": {"param": "production_shift"}}}

    @staticmethod
    def english(arg, en):
        shift = en.amount(arg.shift)
        out = f"what your {en.word(arg.track)} space yields"
        if shift != "0":
            out += f" (read {shift} space{'s' if shift != '1' else ''} further up, at most the last space)"
        return out

    @staticmethod
    def run(arg, ctx):
        track = ctx.game.game.tracks[arg.track]
        position = ctx.actor.values.get(arg.track, track.start) + max(0, ctx.amount(arg.shift))
        position = min(track.spaces, position)
        return track.yields.get(position, 0)


# ----------------------------------------------------------------------------- held by


class HeldByArgs(Strict):
    of: PlayerSet = Field("opponents", description="Whose cards in play are searched")


@primitive
class HeldBy(Primitive):
    family, name = "condition", "held_by"
    args = HeldByArgs
    summary = "True when the card being considered (e.g. the one being built) is already in play for one of these players."
    example = {"held_by": {"of": "opponents"}}

    @staticmethod
    def english(arg, en):
        return f"{en.players(arg.of)} already have this card"

    @staticmethod
    def run(arg, ctx):
        from ..runtime import spaces

        return spaces.held_by(ctx, lambda: ctx.players(arg.of))
