"""Verbs: what an effect does to the state. Each is one key of a mapping in a `do:` list."""

from __future__ import annotations

from typing import Callable, Literal, Optional, Union

from pydantic import Field, model_validator

from ..runtime.limits import spend
from .registry import Primitive, primitive
from .types import CardRef, Name, Noun, PlayerName, PlayerSet, Selector, Strict, TrackName, TriggerName, ZoneName, as_list

NounAmounts = dict[Noun, "Amount"]


@primitive
class Gain(Primitive):
    family, name = "action", "gain"
    args = NounAmounts
    summary = "The acting player gains counters or resources (capped by the noun's maximum)."
    example = {"gain": {"coins": 3, "points": 1}}

    @staticmethod
    def english(arg, en):
        losses = {k: -v for k, v in arg.items() if isinstance(v, int) and v < 0}
        gains = {k: v for k, v in arg.items() if k not in losses}
        parts = (["gain " + en.noun_amounts(gains)] if gains else []) + (["lose " + en.noun_amounts(losses)] if losses else [])
        return " and ".join(parts)

    @staticmethod
    def run(arg, ctx):
        for noun, amount in arg.items():
            ctx.change(ctx.actor, noun, ctx.amount(amount))


@primitive
class Lose(Primitive):
    family, name = "action", "lose"
    args = NounAmounts
    summary = "The acting player loses counters or resources, never below the noun's minimum."
    example = {"lose": {"points": 3}}

    @staticmethod
    def english(arg, en):
        return "lose " + en.noun_amounts(arg) + " (as many as you have)"

    @staticmethod
    def run(arg, ctx):
        for noun, amount in arg.items():
            ctx.change(ctx.actor, noun, -ctx.amount(amount))


@primitive
class Pay(Primitive):
    family, name = "action", "pay"
    args = NounAmounts
    summary = "The acting player pays counters or resources; when they cannot, the whole option is not allowed."
    example = {"pay": {"coins": 2}}

    @staticmethod
    def english(arg, en):
        return "pay " + en.noun_amounts(arg)

    @staticmethod
    def run(arg, ctx):
        for noun, amount in arg.items():
            ctx.spend(ctx.actor, noun, ctx.amount(amount))


class MoveMarker(Strict):
    track: Union[TrackName, list[TrackName], Literal["any"]] = Field(
        description="A track, several tracks (each moves), or 'any' (the player picks)"
    )
    by: "Amount" = Field(1, description="Spaces each marker moves")
    count: "Amount" = Field(1, description="With 'any': how many different markers move")
    among: list[TrackName] | None = Field(None, description="With 'any': the tracks to pick from (default: all)")


def _runs(actions: list) -> Callable:
    """Actions of the tree as the runtime takes them: something to run in a context."""
    return lambda ctx: ctx.run(actions)


def _move_markers(arg: MoveMarker, ctx, direction: int) -> None:
    by = ctx.amount(arg.by)
    tracks = None if arg.track == "any" else as_list(arg.track)
    ctx.move_markers(tracks, by, lambda: ctx.amount(arg.count), arg.among, direction)


def _marker_english(verb: str, arg, en) -> str:
    spaces = en.amount(arg.by)
    unit = "space" if spaces == "1" else "spaces"
    if arg.track == "any":
        n = en.amount(arg.count)
        if arg.among:
            pick = f"your {en.words(arg.among, 'or')} marker" if n == "1" else f"{n} different markers among {en.words(arg.among, 'and')}"
        else:
            pick = "one of your markers" if n == "1" else f"{n} different markers"
        return f"{verb} {pick} {spaces} {unit}" + (" each" if n != "1" else "")
    tracks = arg.track if isinstance(arg.track, list) else [arg.track]
    return f"{verb} your {en.words(tracks, 'and')} marker{'s' if len(tracks) > 1 else ''} {spaces} {unit}" + (" each" if len(tracks) > 1 else "")


@primitive
class Advance(Primitive):
    family, name = "action", "advance"
    args = MoveMarker
    summary = "Move progress markers up their tracks, stopping at barriers the player has not lifted and at the end."
    example = {"advance": {"track": "any", "among": ["agriculture", "hunting", "fishing"], "by": 1}}

    @staticmethod
    def english(arg, en):
        return _marker_english("advance", arg, en)

    @staticmethod
    def run(arg, ctx):
        _move_markers(arg, ctx, +1)


@primitive
class Retreat(Primitive):
    family, name = "action", "retreat"
    args = MoveMarker
    summary = "Move progress markers down their tracks, never below the first space; markers that can move must be picked first."
    example = {"retreat": {"track": "any", "count": 2, "by": 1}}

    @staticmethod
    def english(arg, en):
        return _marker_english("move back", arg, en)

    @staticmethod
    def run(arg, ctx):
        _move_markers(arg, ctx, -1)


class ChooseArgs(Strict):
    options: dict[Name, list["Action"]] = Field(description="Each option's label and what it does")
    count: int = Field(1, ge=1, description="How many different options are taken")
    by: PlayerName = Field("self", description="Who chooses: 'self' or 'owner'")


@primitive
class Choose(Primitive):
    family, name = "action", "choose"
    args = ChooseArgs
    summary = "A player picks one (or `count` different) of several options; options that cannot be carried out are not offered."
    example = {"choose": {"options": {"retreat": [{"retreat": {"track": "any", "count": 2}}], "lose": [{"lose": {"points": 3}}]}}}

    @staticmethod
    def english(arg, en):
        parts = [en.actions(do) or "nothing" for do in arg.options.values()]
        verb = "choose" if arg.by == "self" else f"{en.players(arg.by)} chooses"
        head = f"{verb} one" if arg.count == 1 else f"{verb} {arg.count} different"
        if len(parts) == 1:
            return parts[0] if arg.by == "self" else f"{head}: {parts[0]}"
        return f"{head}: " + " or ".join(f"({p})" for p in parts)

    @staticmethod
    def run(arg, ctx):
        options = [(label, _runs(actions)) for label, actions in arg.options.items()]
        ctx.choose(ctx.players(arg.by)[0], options, arg.count)


@primitive
class May(Primitive):
    family, name = "action", "may"
    args = list["Action"]
    summary = "The acting player may carry the actions out, or decline; offered only when they can be carried out."
    example = {"may": [{"pay": {"any_resource": 1}}, {"gain": {"points": 1}}]}

    @staticmethod
    def english(arg, en):
        return "you may " + en.actions(arg)

    @staticmethod
    def run(arg, ctx):
        ctx.may(_runs(arg))


class ForEachArgs(Strict):
    players: Optional[PlayerSet] = Field(None, description="Who acts, in turn order from the acting player's left")
    cards: Optional[Selector] = Field(None, description="Or: each card found, in order, with that card in view ({field: ...} reads it)")
    do: list["Action"] = Field(description="What each of them does; inside, 'self' is that player and 'owner' the card's owner")

    @model_validator(mode="after")
    def _one_set(self):
        if (self.players is None) == (self.cards is None):
            raise ValueError("for_each takes 'players' or 'cards', exactly one of them")
        return self


@primitive
class ForEach(Primitive):
    family, name = "action", "for_each"
    args = ForEachArgs
    summary = (
        "Each player of a set, in turn order from the acting player's left, carries out the actions; or the acting player "
        "carries them out once for each card a selector finds, with that card in view."
    )
    example = {"for_each": {"players": "opponents", "do": [{"lose": {"points": 1}}]}}

    @staticmethod
    def english(arg, en):
        if arg.cards is not None:
            return f"for each of {en.selector(arg.cards, owned=False)}: " + en.actions(arg.do)
        return en.subject(en.each(arg.players), arg.do)

    @staticmethod
    def run(arg, ctx):
        if arg.cards is not None:
            for inner in ctx.in_view(ctx.select(arg.cards)):
                inner.run(arg.do)
            return
        for player in ctx.players(arg.players, ordered=True):
            ctx.as_actor(player).run(arg.do)


class WithArgs(Strict):
    player: PlayerName = Field(description="Who acts: 'owner', or a relation such as 'left'")
    do: list["Action"]


@primitive
class With(Primitive):
    family, name = "action", "with"
    args = WithArgs
    summary = "Another player (usually the card's owner, inside for_each) carries out the actions."
    example = {"with": {"player": "owner", "do": [{"gain": {"coins": 1}}]}}

    @staticmethod
    def english(arg, en):
        return en.subject(en.players(arg.player), arg.do)

    @staticmethod
    def run(arg, ctx):
        for player in ctx.players(arg.player):
            ctx.as_actor(player).run(arg.do)


class IfArgs(Strict):
    test: "Condition"
    then: list["Action"] = Field(default_factory=list)
    else_: list["Action"] = Field(default_factory=list, alias="else")


@primitive
class If(Primitive):
    family, name = "action", "if"
    args = IfArgs
    summary = "Carry out `then` when the test holds, `else` otherwise."
    example = {"if": {"test": {"gte": [{"value": "culture"}, 6]}, "then": [{"gain": {"points": 2}}]}}

    @staticmethod
    def english(arg, en):
        out = f"if {en.condition(arg.test)}, " + (en.actions(arg.then) if arg.then else "nothing happens")
        return out + (f"; otherwise {en.actions(arg.else_)}" if arg.else_ else "")

    @staticmethod
    def run(arg, ctx):
        ctx.run(arg.then if ctx.test(arg.test) else arg.else_)


class RepeatArgs(Strict):
    times: "Amount"
    do: list["Action"]


@primitive
class Repeat(Primitive):
    family, name = "action", "repeat"
    args = RepeatArgs
    summary = "Carry out the actions a computed number of times."
    example = {"repeat": {"times": {"value": "opponents_taking"}, "do": [{"gain": {"grain": 1}}]}}

    @staticmethod
    def english(arg, en):
        times = en.amount(arg.times)
        head = f"{times} times" if isinstance(arg.times, int) else f"as many times as {times}"
        return f"{head}: " + en.actions(arg.do)

    @staticmethod
    def run(arg, ctx):
        for _ in range(spend(ctx.state, max(0, ctx.amount(arg.times)))):
            ctx.run(arg.do)


class BuildArgs(Strict):
    card: CardRef = Field(description="A card id or a selector of the cards that may be built")
    free: bool = Field(False, description="Built without paying its cost")
    count: "Amount" = Field(1, description="How many different cards are built")
    optional: bool = Field(True, description="The player may build fewer, or none")


@primitive
class Build(Primitive):
    family, name = "action", "build"
    args = BuildArgs
    summary = "The acting player builds matching cards, with all their effects; the player picks among the legal ones."
    example = {"build": {"card": {"zone": "discard", "missing": False}, "free": True}}

    @staticmethod
    def english(arg, en):
        n = en.amount(arg.count)
        what = en.a_card(arg.card) if n == "1" else f"{n} different {en.card_ref(arg.card)}"
        return f"{'you may ' if arg.optional else ''}build {what}" + (" for free" if arg.free else "")

    @staticmethod
    def run(arg, ctx):
        ctx.build_from(lambda: ctx.amount(arg.count), lambda: ctx.select(arg.card), arg.free, arg.optional)


class InvokeArgs(Strict):
    card: Optional[CardRef] = Field(None, description="The entity whose effects run, or a selector (the player picks)")
    named_by: Optional[Name] = Field(None, description="Instead of card: the detail of the event being handled that names the entity (e.g. disaster)")
    on: TriggerName = Field("invoked", description="Which of its triggers runs")
    worship: bool = Field(True, description="False when this does not count as the event itself (e.g. not worship)")

    @model_validator(mode="after")
    def _one_entity(self):
        if (self.card is None) == (self.named_by is None):
            raise ValueError("give either 'card' or 'named_by'")
        return self


@primitive
class Invoke(Primitive):
    family, name = "action", "invoke"
    args = InvokeArgs
    summary = "Run another entity's effects for the acting player (a favor, a copied guild, ...)."
    example = {"invoke": {"card": {"kind": "favor", "where": {"space": "alpha"}}}}

    @staticmethod
    def english(arg, en):
        if arg.named_by is not None:
            what = f"the {en.word(arg.named_by)} the event names"
        else:
            what = en.card_ref(arg.card) if isinstance(arg.card, str) else f"one of {en.selector(arg.card, owned=False)}"
        return f"receive the effect of {what}" + ("" if arg.worship else " (this does not count as the event itself)")

    @staticmethod
    def run(arg, ctx):
        if arg.named_by is not None:
            ctx.invoke(ctx.named_by_event(arg.named_by), arg.on, arg.worship)
        else:
            ctx.invoke(ctx.select(arg.card) if not isinstance(arg.card, str) else [(None, arg.card)], arg.on, arg.worship)


class MoveArgs(Strict):
    card: CardRef = Field(description="The cards moved (a selector: its zone is where they come from)")
    to: ZoneName = Field(description="The zone they go to")
    of: PlayerName = Field("self", description="Whose zone receives them (for a player zone)")
    count: Union["Amount", Literal["all"]] = Field("all", description="How many (the player picks which)")


@primitive
class Move(Primitive):
    family, name = "action", "move"
    args = MoveArgs
    summary = "Move cards or pieces from one zone to another."
    example = {"move": {"card": {"kind": "priest", "zone": "beta_spaces"}, "to": "priest_supply"}}

    @staticmethod
    def english(arg, en):
        how_many = "all" if arg.count == "all" else en.amount(arg.count)
        whose = "" if arg.of == "self" else f" of {en.players(arg.of)}"
        return f"move {how_many} {en.card_ref(arg.card)} to the {en.word(arg.to)}{whose}"

    @staticmethod
    def run(arg, ctx):
        count = None if arg.count == "all" else (lambda: ctx.amount(arg.count))
        ctx.move_cards(ctx.select(arg.card), arg.to, bool(ctx.game.game.zones[arg.to].shared), lambda: ctx.players(arg.of), count)
