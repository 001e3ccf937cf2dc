"""The flow of a whole game (game.yaml `flow:`): set-up, rounds, turns, moves, the end.

A flow is a small tree of steps. Each step is a mapping with one key, like an action; the runner
(compiler/runtime/flow.py) walks it with a stack of plain frames, so a game can stop at any
decision and be copied. Inside steps, the language is the cards' own: amounts, conditions and
actions are the same primitives, and `fire` runs the game's rules and the cards that listen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, model_validator

from .types import FieldName, Name, Noun, PlayerName, Ref, Selector, Strict, TriggerName, ZoneName

if TYPE_CHECKING:  # the language's models, built from the registry (model.py)
    from .nodes import Action, Amount, Condition

MoveName = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=64), Ref("move")]


class MoveSpec(Strict):
    """One entry of the menu of a turn: for every card the selector finds, one move."""

    card: Selector | None = Field(
        None,
        description="The cards this move can be made with (the player's own; e.g. {zone: hand}): one move per "
        "card; without it the move is made with no card, once (pass, end one's turn)",
    )
    do: list[Action] = Field(
        description="What the move does; `{field: id}` and other fields read the card it is made with"
    )


class DealArgs(Strict):
    deck: Amount | None = Field(
        None, description="Deal from the deck of game.yaml's `deck` section whose key has this value"
    )
    cards: Selector | None = Field(
        None, description="Or deal the game's entities that this selector matches (e.g. {kind: wonder})"
    )
    distinct: FieldName | None = Field(
        None, description="At most one dealt card per value of this field (one side of each board)"
    )
    copies: Amount | None = Field(
        None,
        description="With `cards`: copies of each card in the pile, read with the card in view (e.g. {field: chits})",
    )
    each: Amount = Field(
        1, description="Cards dealt to each player; to a shared zone: cards dealt into it (fewer if the pile runs out)"
    )
    to: ZoneName = Field(
        description="The zone the cards go to: each player's, or a shared one (a face-down pile, shuffled)"
    )

    @model_validator(mode="after")
    def _one_source(self):
        if (self.deck is None) == (self.cards is None):
            raise ValueError("a deal takes its cards from 'deck' or from 'cards', exactly one of them")
        return self


class RepeatStepArgs(Strict):
    times: Amount | None = Field(None, description="How many times (computed when the repeat begins)")
    until: Condition | None = Field(
        None, description="Or: stop after a round in which this holds (tested for the start player)"
    )
    steps: list[Step] = Field(description="The steps of one round")

    @model_validator(mode="after")
    def _bounded(self):
        if self.times is None and self.until is None:
            raise ValueError("a repeat needs 'times' or 'until'")
        return self


class EachPlayerArgs(Strict):
    steps: list[Step] = Field(description="The steps each player goes through, as the current player")
    position: Noun | None = Field(
        None, description="A global set to 1, 2, ... for each player in turn (e.g. starting coins by seat)"
    )
    order_by: Noun | None = Field(
        None,
        description="Players in the order of this counter, lowest first, read when the step begins "
        "(e.g. turn_order); default: from the start player",
    )


class TurnArgs(Strict):
    moves: list[MoveName] = Field(
        min_length=1, description="The menu: names of `flow.moves`; a move is legal when trying it succeeds"
    )
    simultaneous: bool = Field(
        False, description="Every player picks, earlier picks hidden, then all are carried out in turn order"
    )
    if_: Condition | None = Field(None, alias="if", description="Only the players for whom this holds take the turn")


class PassArgs(Strict):
    zone: ZoneName = Field(description="Each player's zone whose cards are passed on")
    to: PlayerName = Field(description="Where they go: a relation (left, right)")
    by: Amount | None = Field(None, description="With `relations`: the value that picks the relation")
    relations: dict[int, PlayerName] = Field(
        default_factory=dict, description="The relation for each value of `by` (e.g. the age)"
    )


class IfStepArgs(Strict):
    test: Condition = Field(description="Tested for the current player when the step is reached")
    then: list[Step] = Field(default_factory=list, description="The steps run when the test holds")
    else_: list[Step] = Field(default_factory=list, alias="else", description="The steps run when it does not")


class Step(BaseModel):
    """One step of a flow: a mapping with exactly one key."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=False, defer_build=True)
    _key: str = PrivateAttr("")

    do: list[Action] | None = Field(
        None, description="Actions carried out by the current player (the start player outside each_player)"
    )
    fire: TriggerName | None = Field(
        None, description="Fire a trigger for the current player (every player when it is each_player)"
    )
    repeat: RepeatStepArgs | None = Field(
        None, description="Steps repeated a number of times, or until a condition holds"
    )
    each_player: EachPlayerArgs | None = Field(
        None, description="Steps for each player in turn order from the start player"
    )
    deal: DealArgs | None = Field(
        None, description="Deal cards at random (chance events) to each player, in turn order"
    )
    turn: TurnArgs | None = Field(
        None, description="A player picks one move from a menu; legal moves are found by trying them"
    )
    pass_: PassArgs | None = Field(
        None, alias="pass", description="Every player hands a zone's cards to a neighbour at once"
    )
    start_player: Literal["random"] | PlayerName | None = Field(
        None,
        description="The start player passes along a relation (e.g. left); `random`: a seat drawn by chance (a chance node)",
    )
    if_: IfStepArgs | None = Field(None, alias="if", description="Steps run only when a test holds")

    @model_validator(mode="after")
    def _exactly_one(self):
        present = [name for name in type(self).model_fields if getattr(self, name) is not None]
        if len(present) != 1:
            raise ValueError(f"a flow step is a mapping with exactly one key, found {len(present)}")
        self._key = type(self).model_fields[present[0]].alias or present[0]
        return self

    # read at every step the runner takes: the private slot read directly, not through pydantic's __getattr__
    @property
    def key(self) -> str:
        return self.__pydantic_private__["_key"]  # type: ignore[index]

    @property
    def arg(self) -> Any:
        key = self.__pydantic_private__["_key"]  # type: ignore[index]
        return self.__dict__[_FIELD_OF.get(key, key)]


_FIELD_OF = {"pass": "pass_", "if": "if_"}  # a step's key -> the field holding its arguments, where they differ


class Flow(Strict):
    """How a whole game is played: what `ostraka play` and runtime/flow.py run."""

    moves: dict[Name, MoveSpec] = Field(default_factory=dict, description="The moves a turn's menu may offer, by name")
    setup: list[Step] = Field(
        default_factory=list, description="Steps run once before play (deal boards, starting hands)"
    )
    play: list[Step] = Field(description="The game itself; when these steps are done, the game is over")
    rank: list[Noun] = Field(
        default_factory=list,
        description="Counters that rank players at the end, in order (ties broken by the next); default: the game's score",
    )
    win: Condition | None = Field(
        None, description="An instant win: checked for every player after each step; the first players it holds for win"
    )
