"""What a printed entity is made of: the boxes, groups, tables and sections a sheet lays out (sheet.py),
and the symbols its costs are drawn with."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup


@dataclass
class Symbol:
    noun: str
    label: str
    letters: str
    colour: str


@dataclass
class Item:
    """One entity as it is printed."""

    id: str
    name: str
    kind: str
    text: str
    compiled: str
    name_mark: bool = False
    text_mark: bool = False
    cost: list[dict[str, Any]] = field(default_factory=list)
    cost_mark: bool = False
    has_cost: bool = False
    facts: list[dict[str, Any]] = field(default_factory=list)
    colour: str | None = None
    picture: Markup | None = None
    picture_mark: bool = False
    cost_wide: bool = False
    children: list[Item] = field(default_factory=list)

    def fit(self, width: float) -> None:
        """Give the cost a line of its own when it and the name would not share one box `width` mm wide
        (estimated: a bold letter of the name about 1.8 mm, a symbol with its spacing 4.9 mm)."""
        slots = sum(c.get("units", 1) + (1 if c.get("units", c["n"]) < c["n"] else 0) for c in self.cost)
        self.cost_wide = slots > 0 and len(self.name) * 1.8 + slots * 4.9 + 1 > width

    @property
    def reconstructed(self) -> bool:
        return (
            self.name_mark
            or self.text_mark
            or self.cost_mark
            or self.picture_mark
            or any(f["mark"] for f in self.facts)
        )


@dataclass
class Group:
    heading: str | None
    subheading: str | None
    items: list[Item]


@dataclass
class Table:
    columns: list[str]
    rows: list[tuple[str, list[list[Item]]]]


@dataclass
class Section:
    kind: str
    title: str
    count: int
    layout: str
    columns: int
    groups: list[Group]
    table: Table | None = None
    requires: str = ""
