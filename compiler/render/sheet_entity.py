"""One entity as it is printed: its cost as symbols, its fields under their printed names, its colour
and its picture (a tile's hex, a landscape). The sheet (sheet.py), the print-and-play cards (pnp.py)
and the export (export.py) read entities through it. No game is named here.
"""

from __future__ import annotations

import hashlib
from typing import Any

from markupsafe import Markup

from ..model.compiled import CompiledGame
from ..model.game import Card, Game
from ..model.sheet_spec import KindSheet
from .english import English
from .hexes import landscape_hex, tile_svg
from .sheet_model import Item, Symbol

# Choice values that are CSS colour names colour their entities when the sheet names no colour.
_CSS_COLOURS = {
    "black",
    "blue",
    "brown",
    "gold",
    "gray",
    "green",
    "grey",
    "orange",
    "pink",
    "purple",
    "red",
    "silver",
    "white",
    "yellow",
    "teal",
    "navy",
    "olive",
    "maroon",
    "cyan",
    "magenta",
}
UNITS_SHOWN = 3  # a small cost draws a symbol per unit (at most 3 of a noun); a larger one "6x" and one symbol


def _hue(name: str) -> int:
    return int(hashlib.sha256(name.encode("utf-8")).hexdigest()[:6], 16) % 360


class EntityPrinter:
    """A game's entities, one at a time, as printed boxes (`item`)."""

    def __init__(self, game: CompiledGame) -> None:
        self.compiled = game
        self.game: Game = game.game
        self.spec = game.game.sheet
        self.en = English(game.game, game.cards)
        self.symbols = self._symbols()

    # nouns ------------------------------------------------------------------------------------
    def _symbols(self) -> dict[str, Symbol]:
        g = self.game
        nouns: list[tuple[str, Any]] = list(g.resources.items()) + list(g.counters.items()) + list(g.tracks.items())
        out: dict[str, Symbol] = {}
        taken = {s.letters for s in self.spec.symbols.values()}
        for index, (name, spec) in enumerate(nouns):
            label = getattr(spec, "label", None) or name.replace("_", " ")
            declared = self.spec.symbols.get(name)
            if declared is not None:
                letters = declared.letters
            else:
                words = [w for w in label.replace("-", " ").split() if w]
                candidates = [
                    label[:1].upper(),
                    "".join(w[0] for w in words).upper()[:2],
                    label[:2].title(),
                    label[:3].title(),
                ]
                letters = next((c for c in candidates if c and c not in taken), name[:3])
                taken.add(letters)
            colour = (
                declared.colour if declared and declared.colour else None
            ) or f"hsl({(index * 137 + 20) % 360}, 45%, 38%)"
            out[name] = Symbol(name, label, letters, colour)
        return out

    def settings(self, kind: str) -> KindSheet:
        return self.spec.kinds.get(kind) or KindSheet()

    def field_label(self, name: str) -> str:
        if name in self.spec.labels:
            return self.spec.labels[name]
        for table in (self.game.counters, self.game.resources, self.game.tracks):
            if name in table:
                return self.en.word(name)
        return name.replace("_", " ")

    def colour_of(self, field_name: str, value: Any) -> str | None:
        declared = self.spec.colours.get(field_name, {})
        if str(value) in declared:
            return declared[str(value)]
        if isinstance(value, str) and value.lower() in _CSS_COLOURS:
            return value.lower()
        return None

    def colour_field(self, kind: str) -> str | None:
        declared = self.settings(kind).colour_by
        if declared is not None:
            return declared
        for name, f in self.game.kinds[kind].fields.items():
            if f.type == "choice" and any(self.colour_of(name, v) for v in (f.values or [])):
                return name
        return None

    # one entity -------------------------------------------------------------------------------
    def cost(self, cost: dict[str, int]) -> list[dict[str, Any]]:
        # One symbol per unit while the cost is small; past UNITS_SHOWN in all, "2 x symbol" per noun.
        small = (
            sum(n for noun, n in cost.items() if noun in self.game.resources and noun != self.game.build.currency)
            <= UNITS_SHOWN + 1
        )
        out = []
        for noun, n in cost.items():
            symbol = self.symbols.get(noun)
            if symbol is None:
                out.append(
                    {
                        "kind": "word",
                        "n": n,
                        "label": noun.replace("_", " "),
                        "letters": noun[:2],
                        "colour": f"hsl({_hue(noun)}, 45%, 38%)",
                    }
                )
            elif noun == self.game.build.currency or noun not in self.game.resources:
                out.append(
                    {
                        "kind": "number",
                        "n": n,
                        "label": self.en.quantity(n, noun).split(" ", 1)[1],
                        "letters": symbol.letters,
                        "colour": symbol.colour,
                    }
                )
            else:
                out.append(
                    {
                        "kind": "units",
                        "n": n,
                        "units": n if (small and n <= UNITS_SHOWN) else 1,
                        "label": symbol.label,
                        "letters": symbol.letters,
                        "colour": symbol.colour,
                    }
                )
        return out

    def cost_text(self, cost: dict[str, int]) -> str:
        """A cost in words, for the export and the text of a symbol's title."""
        return ", ".join(self.en.quantity(n, noun) for noun, n in cost.items())

    def refs_text(self, card: Card, ids: list[str]) -> str:
        """Names of referred entities, each once; one of the card's own name reads 'another X'."""
        names: list[str] = []
        for i in ids:
            name = self.en.card_name(i)
            shown = f"another {name}" if name == card.name else name
            if shown not in names:
                names.append(shown)
        return self.en.join(names, "or")

    def tile_fields(self, kind: str) -> dict[str, Any]:
        """The fields of a kind laid as board tiles (game.yaml's board), each with its hex offset."""
        board = self.game.board
        return dict(board.tiles[kind]) if board is not None and kind in board.tiles else {}

    def picture(self, card: Card) -> Markup | None:
        layout = self.tile_fields(card.kind)
        if layout:
            blank = self.game.board.blank if self.game.board is not None else None
            cells = []
            for position, (q, r) in layout.items():
                value = card.fields.get(position)
                symbol = self.symbols.get(str(value))
                colour = self.colour_of(position, value) or (symbol.colour if symbol else None) or "#ffffff"
                letters = symbol.letters if symbol else ("" if value == blank else str(value)[:1].upper())
                cells.append((q, r, colour, letters))
            return tile_svg(cells)
        landscape = self.settings(card.kind).landscape
        if landscape and card.fields.get(landscape) is not None:
            text = str(card.fields[landscape])
            colours = [c for w in text.replace(",", " ").split() if (c := self.colour_of(landscape, w))]
            return landscape_hex(colours or ["#dddddd"])
        return None

    def item(self, card: Card, hide: set[str]) -> Item:
        """The entity's box; `hide` names fields told by its group's heading or colour instead."""
        spec = self.game.kinds[card.kind]
        rec = set(card.reconstructed)
        item = Item(
            card.id,
            card.name,
            card.kind,
            text=card.text,
            compiled=self.en.card(card),
            name_mark="name" in rec,
            text_mark=bool(rec & {"text", "effects"}),
        )
        colour_field = self.colour_field(card.kind)
        if colour_field is not None:
            item.colour = self.colour_of(colour_field, card.fields.get(colour_field))
        hidden = hide | set(self.settings(card.kind).hide)
        tile = self.tile_fields(card.kind)
        if tile:
            hidden |= set(tile)
            item.picture_mark = bool(rec & set(tile))
        for name, f in spec.fields.items():
            if name not in card.fields:
                continue
            mark = name in rec
            if name in tile or (name in hidden and not mark):
                continue  # shown by the group's heading or the colour
            self._field(item, card, name, f, mark)
        item.has_cost = self.game.build.cost_field in spec.fields
        item.picture = self.picture(card)
        return item

    def _field(self, item: Item, card: Card, name: str, f: Any, mark: bool) -> None:
        value = card.fields[name]
        if f.type == "cost":
            if name == self.game.build.cost_field:
                item.cost = self.cost(value)
                item.cost_mark = mark
            else:
                item.facts.append({"label": self.field_label(name), "cost": self.cost(value), "mark": mark})
            return
        label = self.field_label(name)
        if f.type == "ints":
            fact = self._ints_fact(name, label, value, mark)
        elif f.type in ("ref", "refs"):
            ids = value if isinstance(value, list) else [value]
            fact = {"label": label, "value": self.refs_text(card, ids), "mark": mark} if ids else None
        elif f.type == "bool":
            fact = self._flag_fact(name, label, value, mark)
        elif f.type == "choice":
            fact = {"label": label, "value": str(value).replace("_", " "), "mark": mark}
        else:
            fact = {"label": label, "value": str(value), "mark": mark}
        if fact is not None:
            item.facts.append(fact)

    def _ints_fact(self, name: str, label: str, value: list[int], mark: bool) -> dict[str, Any] | None:
        copies = self.game.deck is not None and name == self.game.deck.copies
        if copies:
            label = self.spec.labels.get(name, "players")
        shown = " ".join(f"{v}+" if copies else str(v) for v in value)
        return {"label": label, "value": shown, "mark": mark} if shown else None

    def _flag_fact(self, name: str, label: str, value: bool, mark: bool) -> dict[str, Any] | None:
        # A flag is printed only under the name the sheet gives it, and only when set.
        if value and name in self.spec.labels:
            return {"label": "", "value": self.spec.labels[name], "mark": mark}
        if mark:
            return {"label": label, "value": "yes" if value else "no", "mark": mark}
        return None

    def copies(self, card: Card, players: int | None) -> int:
        """How many physical copies of the entity a game of `players` uses (the most players by default)."""
        deck = self.game.deck
        if deck is None or card.kind not in deck.kinds or deck.copies not in card.fields:
            return 1
        n = players if players is not None else self.game.players.max
        return sum(1 for v in card.fields[deck.copies] if v <= n)
