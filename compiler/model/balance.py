"""game.yaml's `balance:` section: what the simulator and its report need to know of a game.

No game is named in code: which breakdowns a designer of this game looks for (a board and its
side, a civilization, a winning condition) is data, as is the position value a greedy bot uses.
"""

from __future__ import annotations

from pydantic import Field, model_validator

from ..lang.model import Condition
from ..lang.types import FieldName, Noun, Strict, TriggerName, ZoneName


class Breakdown(Strict):
    """One way to break results down: a value read for every player at the end of each game."""

    label: str = Field(max_length=80, description="The heading in the report, e.g. 'by faction'")
    zone: ZoneName | None = Field(
        None,
        description="Read the cards in this zone of the player's: a player counts under every value found (none: 'none')",
    )
    field: FieldName | None = Field(
        None, description="With `zone`: the field read from those cards (default: the cards' names)"
    )
    value: Noun | None = Field(None, description="Or: the player's value of this counter, resource or track")
    cases: dict[str, Condition] | None = Field(
        None, description="Or: named conditions tested on the player at the end; the first that holds names the case"
    )

    @model_validator(mode="after")
    def _one_source(self):
        sources = [self.zone is not None, self.value is not None, self.cases is not None]
        if sum(sources) != 1:
            raise ValueError("a breakdown reads exactly one of: zone (and a field of its cards), value, cases")
        if self.field is not None and self.zone is None:
            raise ValueError("`field` goes with `zone`: the field read from the cards in that zone")
        return self


class Balance(Strict):
    """How `ostraka simulate` values positions and breaks its results down (compiler/simulate/)."""

    estimate: list[TriggerName] = Field(
        default_factory=list,
        description="Triggers fired on a copy of the state to value a position mid-game (the final scoring): "
        "what a greedy bot maximises and how a card's points are measured; default: the game's own scoring, "
        "the triggers its flow fires once play is over (the fire steps ending flow.play)",
    )
    length: Noun | None = Field(
        None, description="A global counting rounds (or ages), reported as the game's length beside its decisions"
    )
    report: list[Breakdown] = Field(
        default_factory=list, description="What the balance report breaks win rates and scores down by"
    )
