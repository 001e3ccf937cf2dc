"""The printable reference sheet of a game: generated/<game>/sheet.html (and a PDF on demand).

Everything on the sheet comes from the data, grouped as game.yaml groups it, with no game named
here: a kind whose entities refer to another kind's (a `ref` field, e.g. a stage to its board) is
shown nested under them; the others are grouped by the deck key (e.g. the age), then by choice
and yes/no fields (colour, deity, unique...). Each entity shows its cost as symbols, its
requirements, points and other fields, the copies per player count, the rules text rendered from
its effects, and a mark on every value the data lists as reconstructed. Jinja2 autoescapes all of
it: a card's name or text can never become markup.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from .compiled import CompiledGame
from .english import English
from .models import Card, Game

TEMPLATES = Path(__file__).parent / "templates"
# Choice values that are CSS colour names get a coloured stripe (e.g. a card's colour).
_CSS_COLOURS = {"black", "blue", "brown", "gold", "gray", "green", "grey", "orange", "pink", "purple", "red",
                "silver", "white", "yellow", "teal", "navy", "olive", "maroon", "cyan", "magenta"}
MAX_GROUPS = 12


@dataclass
class Symbol:
    noun: str
    label: str
    letters: str
    hue: int


@dataclass
class Item:
    """One entity as the sheet shows it."""

    id: str
    name: str
    kind: str
    cost: list[dict[str, Any]] = field(default_factory=list)
    cost_reconstructed: bool = False
    facts: list[dict[str, Any]] = field(default_factory=list)
    rules: str = ""
    rules_reconstructed: bool = False
    stripe: str | None = None
    has_cost: bool = False
    children: list["Item"] = field(default_factory=list)


@dataclass
class Group:
    heading: str | None
    subheading: str | None
    items: list[Item]


@dataclass
class Section:
    kind: str
    title: str
    count: int
    groups: list[Group]
    requires: str = ""


def _environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(str(TEMPLATES)),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=StrictUndefined,
    )
    return env


def _hue(name: str) -> int:
    return int(hashlib.sha256(name.encode("utf-8")).hexdigest()[:6], 16) % 360


class SheetBuilder:
    def __init__(self, game: CompiledGame) -> None:
        self.compiled = game
        self.game: Game = game.game
        self.en = English(game.game, game.cards)
        self.symbols = self._symbols()

    # nouns ------------------------------------------------------------------------------------
    def _symbols(self) -> dict[str, Symbol]:
        g = self.game
        nouns: list[tuple[str, Any]] = list(g.resources.items()) + list(g.counters.items()) + list(g.tracks.items())
        labels = {name: (getattr(spec, "label", None) or name.replace("_", " ")) for name, spec in nouns}
        out: dict[str, Symbol] = {}
        taken: set[str] = set()
        for index, (name, _spec) in enumerate(nouns):
            label = labels[name]
            words = [w for w in label.replace("-", " ").split() if w]
            candidates = [label[:1].upper(), "".join(w[0] for w in words).upper()[:2], label[:2].title(), label[:3].title()]
            letters = next((c for c in candidates if c and c not in taken), name[:3])
            taken.add(letters)
            out[name] = Symbol(name, label, letters, (index * 137 + 20) % 360)  # golden-angle hues, in declared order
        return out

    def field_label(self, name: str) -> str:
        for table in (self.game.counters, self.game.resources, self.game.tracks):
            if name in table:
                return self.en.word(name)
        return name.replace("_", " ")

    # grouping ---------------------------------------------------------------------------------
    def _parent_field(self, kind: str) -> tuple[str, str] | None:
        """A required ref field naming another kind: its entities nest under that kind's."""
        spec = self.game.kinds[kind]
        for name, f in spec.fields.items():
            if f.type == "ref" and f.of and f.of != kind and f.of in self.game.kinds and f.required:
                return name, f.of
        return None

    def _group_fields(self, kind: str, cards: list[Card]) -> list[str]:
        spec = self.game.kinds[kind]
        fields: list[str] = []
        deck = self.game.deck
        if deck is not None and kind in deck.kinds and deck.key in spec.fields:
            fields.append(deck.key)
        for name, f in spec.fields.items():
            if name in fields or f.type not in ("choice", "bool"):
                continue
            values = {repr(c.fields.get(name)) for c in cards}
            if 2 <= len(values) <= MAX_GROUPS:
                fields.append(name)
        return fields[:2]

    def _value_order(self, kind: str, name: str, value: Any) -> tuple:
        f = self.game.kinds[kind].fields[name]
        if f.type == "choice" and f.values and value in f.values:
            return (0, f.values.index(value), "")
        if isinstance(value, bool):
            return (0, 0 if value is False else 1, "")
        if isinstance(value, int):
            return (0, value, "")
        return (1, 0, str(value))

    def _heading(self, kind: str, name: str, value: Any) -> str:
        label = self.field_label(name)
        if value is None:
            return f"no {label}"
        if isinstance(value, bool):
            return label[:1].upper() + label[1:] if value else f"Not {label}"
        f = self.game.kinds[kind].fields[name]
        if f.type == "choice":
            if len(str(value)) <= 2:
                return f"{label[:1].upper() + label[1:]} {value}"
            return str(value)[:1].upper() + str(value)[1:]
        return f"{label[:1].upper() + label[1:]} {value}"

    # one entity -------------------------------------------------------------------------------
    def _cost(self, cost: dict[str, int]) -> list[dict[str, Any]]:
        out = []
        for noun, n in cost.items():
            symbol = self.symbols.get(noun)
            if symbol is None:
                out.append({"kind": "word", "n": n, "label": noun.replace("_", " "), "letters": noun[:2], "hue": _hue(noun)})
            elif noun == self.game.build.currency or noun not in self.game.resources:
                out.append({"kind": "number", "n": n, "label": self.en.quantity(n, noun).split(" ", 1)[1], "letters": symbol.letters,
                            "hue": symbol.hue})
            else:
                out.append({"kind": "units", "n": n, "units": min(n, 5), "label": symbol.label, "letters": symbol.letters,
                            "hue": symbol.hue})
        return out

    def item(self, card: Card, hide: set[str]) -> Item:
        spec = self.game.kinds[card.kind]
        rec = set(card.reconstructed)
        item = Item(card.id, card.name, card.kind, rules=self.en.card(card),
                    rules_reconstructed=bool(rec - set(spec.fields)))
        deck = self.game.deck
        for name, f in spec.fields.items():
            if name not in card.fields:
                continue
            value = card.fields[name]
            if f.type == "choice" and isinstance(value, str) and value.lower() in _CSS_COLOURS and item.stripe is None:
                item.stripe = value.lower()
            if name in hide and name not in rec:
                continue  # shown by the group's heading
            mark = name in rec
            if f.type == "cost":
                if name == self.game.build.cost_field:
                    item.cost = self._cost(value)
                    item.cost_reconstructed = mark
                else:
                    item.facts.append({"label": self.field_label(name), "cost": self._cost(value), "mark": mark})
                continue
            if f.type == "ints":
                shown = ", ".join(str(v) for v in value)
                label = "copies for players" if deck is not None and name == deck.copies else self.field_label(name)
                item.facts.append({"label": label, "value": shown or "none", "mark": mark})
            elif f.type in ("ref", "refs"):
                ids = value if isinstance(value, list) else [value]
                item.facts.append({"label": self.field_label(name), "value": ", ".join(self.en.card_name(i) for i in ids) or "none",
                                   "mark": mark})
            elif f.type == "bool":
                item.facts.append({"label": self.field_label(name), "value": "yes" if value else "no", "mark": mark})
            else:
                item.facts.append({"label": self.field_label(name), "value": str(value), "mark": mark})
        item.has_cost = self.game.build.cost_field in spec.fields
        return item

    # the sheet --------------------------------------------------------------------------------
    def sections(self) -> list[Section]:
        cards = list(self.compiled.cards.values())
        nested = {kind: parent for kind in self.game.kinds if (parent := self._parent_field(kind))}
        out = []
        for kind, spec in self.game.kinds.items():
            mine = [c for c in cards if c.kind == kind]
            if not mine:
                continue
            if kind in nested and any(c.kind == nested[kind][1] for c in cards):
                continue  # shown under its parent
            children_kinds = [(k, p[0]) for k, p in nested.items() if p[1] == kind]
            title = spec.plural or (spec.label or kind.replace("_", " ")) + "s"
            if children_kinds:
                title += " and " + " and ".join(self.game.kinds[k].plural or k.replace("_", " ") + "s" for k, _f in children_kinds)
            requires = self.en.condition(spec.requires) if spec.requires is not None else ""
            group_fields = [] if children_kinds else self._group_fields(kind, mine)
            ordered = sorted(enumerate(mine), key=lambda ic: tuple(self._value_order(kind, f, ic[1].fields.get(f)) for f in group_fields) + (ic[0],))
            groups: list[Group] = []
            last: tuple = ()
            for _i, card in ordered:
                key = tuple(repr(card.fields.get(f)) for f in group_fields)
                item = self.item(card, set(group_fields))
                for child_kind, ref_field in children_kinds:
                    kids = [c for c in cards if c.kind == child_kind and c.fields.get(ref_field) == card.id]
                    order = self.game.kinds[child_kind].fields
                    int_fields = [n for n, f in order.items() if f.type == "int"]
                    kids.sort(key=lambda c: tuple(c.fields.get(n, 0) for n in int_fields))
                    item.children += [self.item(k, {ref_field}) for k in kids]
                if not groups or key != last:
                    heading = sub = None
                    if group_fields:
                        if not groups or key[:1] != last[:1]:
                            heading = self._heading(kind, group_fields[0], card.fields.get(group_fields[0]))
                        if len(group_fields) > 1:
                            sub = self._heading(kind, group_fields[1], card.fields.get(group_fields[1]))
                    groups.append(Group(heading, sub, []))
                    last = key
                groups[-1].items.append(item)
            count = len(mine) + sum(len(i.children) for g in groups for i in g.items)
            out.append(Section(kind, title[:1].upper() + title[1:], count, groups, requires))
        return out

    def context(self) -> dict[str, Any]:
        sections = self.sections()
        used: set[str] = set()
        for s in sections:
            for g in s.groups:
                for i in g.items:
                    for box in [i, *i.children]:
                        used |= {c["letters"] for c in box.cost}
                        used |= {c["letters"] for f in box.facts for c in f.get("cost", [])}
        legend = [s for s in self.symbols.values() if s.letters in used]
        rules = [self.en.effect(e) for e in self.game.rules]
        return {"game": self.game, "sections": sections, "legend": legend, "rules": rules,
                "entities": sum(s.count for s in sections)}


def render_sheet(game: CompiledGame, paper: str | None = None) -> str:
    """The sheet's HTML. `paper` ('A4' or 'Letter') fixes the page size, for PDF output."""
    builder = SheetBuilder(game)
    template = _environment().get_template("sheet.html.j2")
    return template.render(paper=paper, **builder.context())


def write_pdf(game: CompiledGame, path: Path, paper: str = "A4") -> Path:
    """Render the sheet to a PDF with WeasyPrint (imported here: only this command needs it)."""
    from weasyprint import HTML  # noqa: PLC0415

    path.parent.mkdir(parents=True, exist_ok=True)
    HTML(string=render_sheet(game, paper=paper), base_url=str(TEMPLATES)).write_pdf(str(path))
    return path
