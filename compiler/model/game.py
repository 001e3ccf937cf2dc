"""The models of the two kinds of file: a game's game.yaml and its card files."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, model_validator

from ..core.limits import MAX_PLAYERS
from ..lang.board import BoardSpec
from ..lang.flow import Flow
from ..lang.model import Amount, Condition, Effect
from ..lang.types import (
    CardId,
    FieldName,
    KindName,
    Name,
    Noun,
    ParamName,
    PlayerSet,
    Scalar,
    Strict,
    TriggerName,
    ZoneName,
)
from .balance import Balance
from .sheet_spec import SheetSpec

# ----------------------------------------------------------------------------- game.yaml


class NounSpec(Strict):
    label: str | None = Field(None, description="How the noun is printed (default: the name)")
    aliases: list[str] = Field(default_factory=list, description="Other phrases card texts use for it (text check)")
    start: int = Field(0, description="Each player's value at the start")
    min: int | None = Field(0, description="The lowest value; null for none")
    max: int | None = Field(None, description="The highest value; null for none")
    group: Name | None = Field(None, description="A group name, e.g. raw or manufactured")


class Barrier(Strict):
    at: int = Field(description="A marker cannot pass this space...")
    lifted_by: list[CardId] = Field(description="...unless its player has all these cards in play")


class Track(Strict):
    label: str | None = None
    aliases: list[str] = Field(default_factory=list, description="Other phrases card texts use for it (text check)")
    spaces: int = Field(ge=1, description="The last space's number")
    start: int = Field(1, description="Each player's marker starts here")
    first: int = Field(1, description="The lowest space a marker can be moved back to")
    barriers: list[Barrier] = Field(default_factory=list)
    yields: dict[int, int] = Field(default_factory=dict, description="What each space produces, for production tracks")


Visibility = Literal["everyone", "owner", "nobody"]
# who sees which cards a zone holds
EVERYONE: Visibility = "everyone"
OWNER: Visibility = "owner"
NOBODY: Visibility = "nobody"


class Zone(Strict):
    label: str | None = None
    shared: bool = Field(False, description="One zone for the table instead of one per player")
    hidden: bool = Field(False, description="The same as `visible: owner` (a hand)")
    visible: Visibility | None = Field(
        None,
        description="Who sees which cards it holds: `everyone` (the default), `owner` (a hand: the others "
        "see how many), `nobody` (face down: a deck, a face-down pile, a player's own face-down stack; "
        "everyone sees how many). What a player may see (`ostraka play --human`, the JSON view, the bots) "
        "is read from this",
    )
    order: Literal["shown", "hidden"] = Field(
        "shown",
        description="`hidden`: those who see its cards do not see their order (shown in the game's card order)",
    )
    count_by: FieldName | None = Field(
        None,
        description="Those who cannot see its cards are told how many have each value of this field, in "
        "order (a face-down stack of A tiles on B tiles); a bot's guess keeps them so",
    )
    refill: ZoneName | None = Field(
        None,
        description="A pile that `draw` finds empty is first refilled with this zone's cards, shuffled (a "
        "deck-builder's discard pile shuffled into the deck); a player's from the same player's zone",
    )

    @model_validator(mode="after")
    def _one_visibility(self):
        if self.hidden and self.visible not in (None, "owner"):
            raise ValueError(f"`hidden: true` means `visible: owner`, not `visible: {self.visible}`: keep one")
        if self.shared and self.seen_by == "owner":
            raise ValueError("a shared zone has no owner: `visible: owner` (or `hidden`) needs a zone per player")
        return self

    @property
    def seen_by(self) -> Visibility:
        """Who sees which cards it holds (`hidden: true` is `owner`)."""
        if self.visible is not None:
            return self.visible
        return OWNER if self.hidden else EVERYONE


class FieldSpec(Strict):
    type: Literal["int", "text", "bool", "cost", "ref", "refs", "ints", "choice", "noun"]
    of: KindName | None = Field(None, description="For ref/refs: the kind referred to")
    values: list[Scalar] | None = Field(None, description="For choice: the allowed values")
    required: bool = False
    description: str = ""


class Kind(Strict):
    label: str | None = None
    plural: str | None = None
    zone: ZoneName | None = Field(None, description="Where a built entity of this kind goes")
    fields: dict[Name, FieldSpec] = Field(default_factory=dict)
    requires: Condition | None = Field(None, description="Tested before building one ('field' reads the card)")


class Trigger(Strict):
    description: str = ""
    each_player: bool = Field(False, description="Fired for every player in turn order (e.g. end of an age)")
    rules: Literal["before", "after", "first", "last"] = Field(
        "before",
        description="When the game's rules run against the cards in play: before or after each player's "
        "cards (for an each_player trigger, player by player: p1's rules and cards, then p2's...), or first / "
        "last: the rules for every player, then every player's cards (or the cards first)",
    )
    order: Literal["clockwise", "counter_clockwise"] = Field(
        "clockwise",
        description="The order its listeners (an each_player trigger's players) and the cards that hear it "
        "(`by:`) run in, from the player who set it off: to their left (clockwise) or to their right",
    )
    details: list[Name] = Field(
        default_factory=list,
        description="The details its events carry that the language cannot see "
        "(a built card's fields, an announce's details and a worship's space are known): what `event` "
        "and `detail` may read under it; each must be given by something in play (a card's or a rule's "
        "`announce` with it among its details), else it is refused (E311) rather than read as 0",
    )


class Trade(Strict):
    from_: PlayerSet = Field(alias="from", description="Whom resources can be bought from")
    price: ParamName = Field(description="The param holding the base price per unit")
    currency: Noun = Field(description="The counter paid with; it goes to the seller")
    sellable: list[KindName] = Field(default_factory=list, description="Kinds whose tradable production may be bought")
    sellable_where: dict[Name, list[Scalar | None]] = Field(
        default_factory=dict, description="Further field filters on those cards"
    )
    sold: TriggerName | None = Field(
        None,
        description="Fired for each seller once a cost is paid with resources bought from them (the seller "
        "acting), with the details units (resources bought from them) and coins (paid to them); 'target' "
        "names the buyer",
    )
    bought: TriggerName | None = Field(
        None,
        description="Fired for the buyer once for each seller they bought from, with the details units and "
        "coins; 'target' names the seller",
    )


class BuildRules(Strict):
    cost_field: Name = Field("cost", description="The field holding a card's cost")
    currency: Noun = Field("coins", description="The counter a cost's coins are paid from")
    free_if_owns: Name | None = Field(None, description="A refs field: owning one of those cards makes the build free")
    unique: bool = Field(
        True,
        description="A player may not hold two copies of the same card: true unless game.yaml says false, and then "
        "a second copy is never offered nor built (a game that deals copies and says nothing is warned, W503)",
    )
    on_built: TriggerName = Field("built", description="The trigger fired on a card when it is built")


class DeckDraw(Strict):
    where: dict[Name, Scalar | list[Scalar]]
    count: Amount


class Deck(Strict):
    key: Name = Field(description="The field that picks the deck (e.g. age)")
    kinds: list[KindName]
    copies: Name = Field(description="The ints field listing the player counts at which a copy is added")
    draws: list[DeckDraw] = Field(default_factory=list, description="Cards drawn at random instead of by copies")


class Players(Strict):
    min: int = Field(ge=1, le=MAX_PLAYERS)
    max: int = Field(
        ge=1, le=MAX_PLAYERS, description=f"The most players (at most {MAX_PLAYERS}: a state holds every player)"
    )


class Game(Strict):
    """A game's nouns and rules: the vocabulary every card of the game is checked against."""

    id: Name
    name: str = Field(max_length=200)
    players: Players
    relations: dict[Name, int | list[Name]] = Field(
        default_factory=dict, description="Seat relations: an offset around the table, or a union of relations"
    )
    resources: dict[Name, NounSpec] = Field(default_factory=dict)
    counters: dict[Name, NounSpec] = Field(default_factory=dict)
    globals: dict[Name, NounSpec] = Field(
        default_factory=dict, description="Game-wide counters such as the age or round"
    )
    tracks: dict[Name, Track] = Field(default_factory=dict)
    zones: dict[Name, Zone] = Field(default_factory=dict)
    params: dict[Name, int] = Field(default_factory=dict, description="Rule numbers that cards may modify")
    kinds: dict[Name, Kind]
    triggers: dict[Name, Trigger] = Field(default_factory=dict)
    trade: Trade | None = None
    build: BuildRules = Field(default_factory=BuildRules)
    deck: Deck | None = None
    board: BoardSpec | None = Field(
        None, description="A board of hex spaces built from tiles, with pieces placed on its hexes"
    )
    rules: list[Effect] = Field(default_factory=list, description="Effects every player has: the game's own rules")
    score: Noun | None = Field(
        None,
        description="The counter that ranks the players at the end, highest first (what a bot driving the game maximises)",
    )
    flow: Flow | None = Field(
        None, description="How a whole game is played: set-up, turns, moves, the end (runtime/flow.py)"
    )
    balance: Balance | None = Field(
        None, description="What simulations value and break results down by (ostraka simulate)"
    )
    text: str = ""
    summary: str = Field(
        "",
        max_length=4000,
        description="The game's rules in a few short paragraphs, in the designer's words: "
        "printed at the head of the sheet",
    )
    sheet: SheetSpec = Field(
        default_factory=SheetSpec, description="How the sheet, print-and-play cards and export show the entities"
    )
    reconstructed: dict[str, str] = Field(
        default_factory=dict,
        description="Values of this file no public source gives, by dotted path (e.g. params.tribute), each with why it was chosen",
    )
    original: bool = Field(
        False,
        description="The game is its designer's own: this data is the source of every value, so none needs a "
        "published source or a reconstructed mark",
    )

    # what the layers above work out once from this game.yaml and keep as long as it lives
    # (decide/tables.py): never part of the model
    _tables: dict[str, Any] = PrivateAttr(default_factory=dict)

    @property
    def tables(self) -> dict[str, Any]:
        # read where pydantic keeps a model's private attributes: `self._tables` goes through the
        # model's __getattr__, which costs more than the memo saves on the paths that read it
        return self.__pydantic_private__["_tables"]  # type: ignore[index]

    def bounds(self, noun: str) -> tuple[int | None, int | None]:
        """The lowest and highest value of a noun (None: unbounded); tracks run first..spaces."""
        spec = self.counters.get(noun) or self.resources.get(noun) or self.globals.get(noun)
        if spec is not None:
            return spec.min, spec.max
        track = self.tracks.get(noun)
        if track is not None:
            return track.first, track.spaces
        return 0, None


# ----------------------------------------------------------------------------- card files


class Example(Strict):
    name: str = Field(max_length=200)
    given: dict[str, Any] = Field(
        default_factory=dict, description="The state: players, globals, pN: {noun: value, zone: [ids]}"
    )
    when: dict[str, Any] | list[dict[str, Any]] = Field(
        description="The trigger: {build: id, by: pN} (the card taken from `from:`, else from the first of the "
        "builder's zones holding it other than the one it is built into), or {event: name, by: pN, ...}; a list "
        "runs several in order"
    )
    answers: dict[str, str | list[str]] = Field(
        default_factory=dict, description="Scripted answers per player, in order"
    )
    expect: dict[str, Any] = Field(
        description="Values after the trigger: pN: {noun: value, zone: [ids]}, or refused: true"
    )


class Card(BaseModel):
    """An entity: a card, a wonder stage, a favor, a tile. Its kind's fields sit beside these."""

    model_config = ConfigDict(extra="allow", frozen=True)

    id: Name
    name: str = Field(min_length=1, max_length=200)
    kind: KindName
    text: str = Field("", max_length=5000, description="The rules text, in the designer's words")
    effects: list[Effect] = Field(default_factory=list)
    examples: list[Example] = Field(default_factory=list)
    reconstructed: list[Name] = Field(
        default_factory=list, description="Fields whose values no public source gives: chosen by us, shown as such"
    )

    @property
    def fields(self) -> Mapping[str, Any]:
        """The fields its kind declares, read-only (a card is frozen; effects read these constantly)."""
        return MappingProxyType(self.__pydantic_extra__ or {})


# Built now, not at the first game file: a check forks its worker after importing this module
# (pipeline/parallel.py), so both processes share the one build.
Game.model_rebuild()
