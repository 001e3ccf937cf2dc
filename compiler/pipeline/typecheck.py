"""Types of what effects read, checked at resolve time: no silent zeros.

resolve.py checks that every name exists; this checks that what a name is used for fits what it
is. An amount is a number, so `{field: F}` and `total: {field: F}` need a whole-number field, and
`units` a cost field (else E308); a selector's `where` may only test fields its kinds declare
(E309), compare numbers with `at_least`/`at_most`, words with `contains` (E308), and filter a cost
field by its nouns (E301); an effect may only read the details its trigger carries (`event`,
`detail`, `invoke: {named_by}`: E310). Each would otherwise read 0 or false without a word.

What a trigger carries: `event` always; the build trigger the card built (`card`, `kind`, its
fields) and the `hex` a piece was placed on; the details game.yaml declares for it (`details:`) and
those game.yaml's own `announce`, `lead` and `bid` give it; a trigger that `invoke` runs carries
whatever the invoking event did, so anything goes there.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from ..core.diagnostics import Diagnostic
from ..lang.model import EffectBase, Expression
from ..lang.nodes import OneOf
from ..lang.registry import REGISTRY
from ..lang.types import FieldTest, Selector, as_list
from ..load.loader import DataPath, Document, dotted
from ..model.game import Game
from .fieldtypes import may_hold_model

ENTITY = {"id": "text", "name": "text", "kind": "choice"}
NUMBERS = {"int", "bool"}  # a bool reads as 0 or 1
WORDS = {"text", "choice", "noun", "ref", "refs"}
IDS = {"text", "ref", "refs"}  # what may hold a card's id (`among`)
ANY = None  # a trigger whose details cannot be known (invoked: they are the invoking event's)


class Vocabulary:
    """One game's field types by kind, and the details each trigger carries."""

    def __init__(self, game: Game, declared: bool = True) -> None:
        """`declared`: the details game.yaml declares are carried too (what effects may read); without
        them, what the language itself gives (unfilled_details)."""
        self.game = game
        self.kinds = {name: {f: spec.type for f, spec in kind.fields.items()} for name, kind in game.kinds.items()}
        self.details: dict[str, set[str] | None] = {
            name: {"event", *(t.details if declared else ())} for name, t in game.triggers.items()
        }
        built = self.details.setdefault(game.build.on_built, {"event"})
        assert built is not None
        built.update({"card", "kind", "hex"}, *(self.kinds[k] for k, kind in game.kinds.items() if kind.zone))
        for action, _trigger in _actions(game, None):
            self._gives(action.key, action.arg)
        if game.trade is not None:  # a trade's events (runtime/trading.py)
            for trigger in (game.trade.sold, game.trade.bought):
                if trigger is not None:
                    self._carry(trigger, {"units", "coins"})
        self.passing(game)
        for name in ("invoke", "lead"):  # what they run by default (a favor received) carries what its event did
            self.details[REGISTRY["action"][name].args.model_fields["on"].default] = ANY

    def passing(self, node: Any) -> None:
        """What an announcing event carried goes on with it (`pass_on`), for the announces in a tree."""
        passed = [(a.arg.trigger, t) for a, t in _actions(node, None) if a.key == "announce" and a.arg.pass_on]
        for target, source in passed:
            carried = self.details.get(source, {"event"}) if source is not None else ANY
            if carried is ANY:
                self.details[target] = ANY
            else:
                self._carry(target, carried)

    def _gives(self, key: str, arg: Any) -> None:
        if key == "announce":
            self._carry(arg.trigger, arg.details)
        elif key == "lead" and arg.announce:
            kinds = as_list(arg.lead.kind) + (as_list(arg.follow.kind) if arg.follow is not None else [])
            self._carry(arg.announce, {"card", *(f for k in kinds for f in self.kinds.get(k, {}))})
        elif key == "bid":
            self._carry(arg.outbid, {"card", "by"})
        elif key == "roll" and arg.announce:
            self._carry(arg.announce, {"total", "dice"})
        elif key == "invoke":
            self.details[arg.on] = ANY
        if key == "lead":
            self.details[arg.on] = ANY

    def _carry(self, trigger: str, names: Iterable[str]) -> None:
        known = self.details.setdefault(trigger, {"event"})
        if known is not ANY:
            known.update(names)

    def types(self, name: str, kinds: list[str] | None = None) -> set[str]:
        """The types a field has in some kinds (None: every kind declaring it)."""
        if name in ENTITY:
            return {ENTITY[name]}
        return {fields[name] for k, fields in self.kinds.items() if (kinds is None or k in kinds) and name in fields}


def _actions(node: Any, trigger: str | None) -> Iterable[tuple[OneOf, str | None]]:
    """Every action in a model tree (game.yaml's rules and flow), with its effect's trigger."""
    if isinstance(node, OneOf):
        if type(node).__name__ == "Action":
            yield node, trigger
        yield from _actions(node.arg, trigger)
    elif isinstance(node, BaseModel):
        trigger = node.on if isinstance(node, EffectBase) else trigger
        for name in type(node).model_fields:
            yield from _actions(getattr(node, name), trigger)
    elif isinstance(node, (list, tuple)):
        for item in node:
            yield from _actions(item, trigger)
    elif isinstance(node, dict):
        for item in node.values():
            yield from _actions(item, trigger)


_FIELDS: dict[type, dict[str, tuple[str, str]]] = {}


def _model_fields(model: type[BaseModel]) -> dict[str, tuple[str, str]]:
    """A model's fields that may hold a primitive, each (attribute, key in the data): plain data
    (an example's given/when/expect, texts, numbers) holds none. Worked out once per class."""
    fields = _FIELDS.get(model)
    if fields is None:
        fields = {
            name: (name, info.alias or name)
            for name, info in model.model_fields.items()
            if may_hold_model(info.annotation)
        }
        _FIELDS[model] = fields
    return fields


@dataclass
class _Checker:
    vocab: Vocabulary
    doc: Document
    prefix: DataPath
    out: list[Diagnostic]

    def add(self, code: str, message: str, path: DataPath, hint: str) -> None:
        line, col = self.doc.where(self.prefix + path)
        self.out.append(Diagnostic(code, message, self.doc.file, line, col, hint, dotted(self.prefix + path)))

    def walk(self, node: Any, path: DataPath, trigger: str | None) -> None:
        if isinstance(node, OneOf):
            self.primitive(node, path, trigger)
        elif isinstance(node, Selector):
            self.selector(node, path, trigger)
            return
        if isinstance(node, BaseModel):
            if isinstance(node, EffectBase):  # what its actions read, their trigger carries
                trigger = node.on
            fields = _model_fields(type(node))
            # a primitive node's one argument, not its family's every (None) field
            items = fields.values() if not isinstance(node, OneOf) else [f for f in (fields.get(node.slot),) if f]
            for name, key in items:
                child = getattr(node, name)
                if child is not None:
                    self.walk(child, path + (key,), trigger)
        elif isinstance(node, (list, tuple)):
            for i, item in enumerate(node):
                self.walk(item, path + (i,), trigger)
        elif isinstance(node, dict):
            for key, item in node.items():
                self.walk(item, path + (key,), trigger)

    # ------------------------------------------------------------------ primitives

    def primitive(self, node: OneOf, path: DataPath, trigger: str | None) -> None:
        key, arg, at = node.key, node.arg, path + (node.key,)
        if key == "field":
            self.number_field(arg, None, at, "{field: ...}")
        elif key == "total":
            kinds = as_list(arg.cards.kind) if arg.cards is not None and arg.cards.kind else None
            self.number_field(arg.field, kinds, at + ("field",), "total")
        elif key == "units":
            if "cost" not in self.vocab.types(arg.field):
                self.add(
                    "E308",
                    f"units reads a cost, but '{arg.field}' is {self.declared(arg.field)}",
                    at + ("field",),
                    f"cost fields: {', '.join(self.of_type('cost')) or 'none'}",
                )
            if arg.of == "event":  # the card the event names
                self.detail("card", trigger, at + ("of",))
        elif key == "event":
            for name in arg:
                self.detail(name, trigger, at + (name,), key=True)
        elif key == "detail":
            self.detail(arg, trigger, at)
            if (
                arg not in ("card", "kind", "hex", "event")
                and self.vocab.types(arg)
                and not self.vocab.types(arg) & NUMBERS
            ):
                self.add(
                    "E308",
                    f"detail '{arg}' is {self.declared(arg)}, not a whole number",
                    at,
                    "detail reads a number: 0 otherwise",
                )
        elif key == "pieces" and arg.around is not None:  # the hex just placed
            self.detail("hex", trigger, at + ("around",))
        elif key == "invoke" and arg.named_by is not None:
            self.detail(arg.named_by, trigger, at + ("named_by",))
        elif key == "pay":
            for noun, amount in arg.items():
                if noun != "any" and isinstance(amount, BaseModel) and hasattr(amount, "of"):
                    self.add(
                        "E205",
                        f"only `any` takes {{amount, of}}: '{noun}' is paid as a number",
                        at + (noun,),
                        f"write {{any: {{amount: ..., of: [{noun}, ...]}}}}, or {{{noun}: N}}",
                    )

    def number_field(self, name: str, kinds: list[str] | None, path: DataPath, what: str) -> None:
        found = self.vocab.types(name, kinds)
        if found and not found & NUMBERS:
            self.add(
                "E308",
                f"{what} reads a whole number, but '{name}' is {self.declared(name, kinds)}",
                path,
                f"whole-number fields: {', '.join(self.of_type('int', kinds)) or 'none'}",
            )

    def detail(self, name: str, trigger: str | None, path: DataPath, key: bool = False) -> None:
        if trigger is None:
            return
        carried = self.vocab.details.get(trigger, {"event"})
        if carried is ANY or name in carried:
            return
        line, col = self.doc.where(self.prefix + path, key=key)
        shown = ", ".join(sorted(carried - {"event"})) or "no details"
        self.out.append(
            Diagnostic(
                "E310",
                f"trigger '{trigger}' carries no detail '{name}'",
                self.doc.file,
                line,
                col,
                f"it carries: {shown}; a detail it does carry, or declare it in game.yaml "
                f"(triggers: {{{trigger}: {{details: [{name}]}}}})",
                dotted(self.prefix + path),
            )
        )

    # ------------------------------------------------------------------ selectors

    def selector(self, sel: Selector, path: DataPath, trigger: str | None) -> None:
        kinds = as_list(sel.kind) or None
        for name, wanted in (sel.where or {}).items():
            at = path + ("where", name)
            found = self.vocab.types(name, kinds)
            if kinds and not found and self.vocab.types(name):
                fields = sorted(f for k in kinds for f in self.vocab.kinds.get(k, {}))
                line, col = self.doc.where(self.prefix + at, key=True)
                self.out.append(
                    Diagnostic(
                        "E309",
                        f"{self.kinds_text(kinds)} declares no field '{name}'",
                        self.doc.file,
                        line,
                        col,
                        f"its fields: {', '.join(fields) or 'none'}",
                        dotted(self.prefix + at),
                    )
                )
                continue
            self.where_value(name, wanted, found or self.vocab.types(name), at, trigger)
        for name in ("fewest", "most"):
            if getattr(sel, name) is not None:
                self.walk(getattr(sel, name), path + (name,), trigger)

    def where_value(self, name: str, wanted: Any, found: set[str], path: DataPath, trigger: str | None) -> None:
        if isinstance(wanted, Expression):
            if wanted.key != "field":  # a {field: F} is compared as it is, whatever its type
                self.walk(wanted, path, trigger)
            return
        if isinstance(wanted, FieldTest):
            self.field_test(name, wanted, found, path, trigger)
            return
        if found == {"cost"}:
            nouns = set(self.vocab.game.resources) | set(self.vocab.game.counters)
            for i, value in enumerate(as_list(wanted)):
                if isinstance(value, str) and value not in nouns:
                    at = path + (i,) if isinstance(wanted, list) else path
                    self.add(
                        "E301",
                        f"'{name}' is a cost: '{value}' is none of its nouns",
                        at,
                        f"a resource or counter: {', '.join(sorted(nouns))}",
                    )

    def field_test(self, name: str, wanted: FieldTest, found: set[str], path: DataPath, trigger: str | None) -> None:
        """A `where` comparison: numbers compared with a number field, words looked for in a word
        field, card ids (`among`) in a field that can hold one; the amounts and selectors inside."""
        numbers = [t for t in ("at_least", "at_most") if getattr(wanted, t) is not None]
        if numbers and found and not found & NUMBERS:
            self.add(
                "E308",
                f"'{name}' is {self.declared(name)}: {numbers[0]} compares whole numbers",
                path + (numbers[0],),
                "a number field, or one_of for a set of values",
            )
        if wanted.contains is not None and found and not found & WORDS:
            self.add(
                "E308",
                f"'{name}' is {self.declared(name)}: contains looks for a word in a text",
                path + ("contains",),
                "a text field, or a value",
            )
        if wanted.among is not None:
            if found and not found & IDS:
                self.add(
                    "E308",
                    f"'{name}' is {self.declared(name)}: among compares card ids",
                    path + ("among",),
                    "a ref or refs field (or id)",
                )
            self.selector(wanted.among, path + ("among",), trigger)
        for t in numbers:
            self.walk(getattr(wanted, t), path + (t,), trigger)

    # ------------------------------------------------------------------ words

    def declared(self, name: str, kinds: list[str] | None = None) -> str:
        found = sorted(self.vocab.types(name, kinds))
        return ("a " + " or ".join(found) + " field") if found else "not a field"

    def of_type(self, wanted: str, kinds: list[str] | None = None) -> list[str]:
        return sorted(
            {
                f
                for k, fields in self.vocab.kinds.items()
                if kinds is None or k in kinds
                for f, t in fields.items()
                if t == wanted
            }
        )

    @staticmethod
    def kinds_text(kinds: list[str]) -> str:
        return "kind " + " or ".join(f"'{k}'" for k in kinds)


def check_types(model: BaseModel, vocab: Vocabulary, doc: Document, prefix: DataPath) -> list[Diagnostic]:
    """The E301/E308/E309/E310 findings of one card (or of game.yaml), at their lines."""
    out: list[Diagnostic] = []
    _Checker(vocab, doc, prefix, out).walk(model, (), None)
    return out


def unfilled_details(game: Game, cards: Iterable[Any], doc: Document) -> list[Diagnostic]:
    """E311: a detail game.yaml declares for a trigger that nothing in play ever gives it (no
    `announce` of the rules or of a card, no `lead` or `bid`, not the build trigger's own): read, it
    would be 0 or false in every game (examples' `when` may give it; play never does)."""
    given = Vocabulary(game, declared=False)
    for card in cards:
        for action, _trigger in _actions(card, None):
            given._gives(action.key, action.arg)
        given.passing(card)
    out = []
    for name, trigger in game.triggers.items():
        carried = given.details.get(name, {"event"})
        if carried is ANY:
            continue
        for index, detail in enumerate(trigger.details):
            if detail in carried:
                continue
            line, col = doc.where(("triggers", name, "details", index))
            gives = ", ".join(sorted(carried - {"event"})) or "no details"
            out.append(
                Diagnostic(
                    "E311",
                    f"trigger '{name}' declares detail '{detail}', but nothing gives it: it would read 0 in every game",
                    doc.file,
                    line,
                    col,
                    f"what gives '{name}' details: an announce with details: {{{detail}: ...}}; it is given: {gives}",
                    dotted(("triggers", name, "details", index)),
                )
            )
    return out


def unique_by_default(game: Game, doc: Document) -> list[Diagnostic]:
    """W503: a game that puts copies of a card into play (a `deck` by player count, a flow `deal`
    with `copies`) and leaves `build.unique` to its default, true: a player never builds a second
    copy, and nothing says so where it happens."""
    if "unique" in game.build.model_fields_set:
        return []
    where: tuple | None = ("deck", "copies") if game.deck is not None else None
    if where is None and game.flow is not None:
        for path, step in _steps(game.flow.setup, ("flow", "setup")) + _steps(game.flow.play, ("flow", "play")):
            if step.key == "deal" and step.arg.copies is not None:
                where = path + ("copies",)
                break
    if where is None:
        return []
    line, col = doc.where(where)
    return [
        Diagnostic(
            "W503",
            "copies of a card come into play, but a player may build only one of each: build.unique is true "
            "unless game.yaml says otherwise",
            doc.file,
            line,
            col,
            "say which in game.yaml: build: {unique: true} (one copy per player) or build: {unique: false}",
            dotted(where),
        )
    ]


def _steps(steps: list, path: tuple) -> list[tuple[tuple, Any]]:
    """Every step of a flow's list and of the lists inside it, with where game.yaml writes it."""
    out: list[tuple[tuple, Any]] = []
    for i, step in enumerate(steps):
        at = path + (i, step.key)
        out.append((at, step))
        arg = step.arg
        if step.key in ("repeat", "each_player"):
            out += _steps(arg.steps, at + ("steps",))
        elif step.key == "if":
            out += _steps(arg.then, at + ("then",)) + _steps(arg.else_, at + ("else",))
    return out


# actions whose inner actions run whenever they do (no choice of the player's declines them), by
# the field that holds them and its key in YAML
_ALWAYS_RUN = {"if": (("then", "then"), ("else_", "else")), "for_each": (("do", "do"),), "repeat": (("do", "do"),)}
_ALWAYS_RUN["with"] = (("do", "do"),)


def refusing_builds(card: Any, on_built: str, doc: Document, prefix: DataPath) -> list[Diagnostic]:
    """W504: a card whose own build runs a build that must build (`optional: false`) outside any
    choice: when nothing can be built then, the card itself cannot be built, and nothing says why
    (a menu just never offers it)."""
    out: list[Diagnostic] = []
    for index, effect in enumerate(getattr(card, "effects", ()) or ()):
        if getattr(effect, "on", None) == on_built and getattr(effect, "by", None) is None:
            _mandatory_builds(card, effect.do, ("effects", index, "do"), doc, prefix, out)
    return out


def _mandatory_builds(
    card: Any, actions: list | None, path: DataPath, doc: Document, prefix: DataPath, out: list
) -> None:
    for i, action in enumerate(actions or ()):
        at = path + (i, action.key)
        if action.key == "build" and not action.arg.optional:
            line, col = doc.where(prefix + at)
            out.append(
                Diagnostic(
                    "W504",
                    f"this build must build a card: when none can be built, building {card.name} is refused as a whole",
                    doc.file,
                    line,
                    col,
                    "write optional: true if the card may be built with nothing to build, or put the build in a "
                    "choose or a may",
                    dotted(prefix + at),
                )
            )
        for name, key in _ALWAYS_RUN.get(action.key, ()):
            _mandatory_builds(card, getattr(action.arg, name, None), at + (key,), doc, prefix, out)


def unreached_prices(card: Any, game: Game, doc: Document, prefix: DataPath) -> list[Diagnostic]:
    """E312: a card's `trade_price` (its owner's own purchases) names players its owner never buys
    from: not in game.yaml's `trade.from` (read from the owner), nor added by the card's own
    `buy_from`, at some player count. It would change nothing for them, without a word."""
    from ..decide.players import plan
    from ..runtime.seats import players as seated
    from ..runtime.state import Illegal, new_state

    effects = [(i, e) for i, e in enumerate(getattr(card, "effects", ()) or ()) if e.on is None]
    prices = [(i, e.passive_arg) for i, e in effects if e.passive == "trade_price" and e.passive_arg.of is None]
    if not prices:
        return []
    widened = [e.passive_arg.players for _i, e in effects if e.passive == "buy_from"]
    out: list[Diagnostic] = []
    for index, arg in prices:
        for n in range(max(game.players.min, 2), game.players.max + 1):
            state = new_state(game, n)
            owner = state.players[0]

            def ids(ref: Any, owner: Any = owner, state: Any = state) -> set[str]:
                try:
                    return {p.id for p in seated(plan(game.relations, ref), state, owner, owner)}
                except Illegal:  # a name no rule resolves: E301 tells
                    return set()

            sellers = ids(game.trade.from_) if game.trade is not None else set()
            for ref in widened:
                sellers |= ids(ref)
            beyond = ids(arg.from_) - sellers - {owner.id}
            if beyond:
                at = ("effects", index, "trade_price", "from")
                line, col = doc.where(prefix + at)
                out.append(
                    Diagnostic(
                        "E312",
                        f"this price is for buying from players the owner never buys from "
                        f"(with {n} players: {len(beyond)} of them); it would change nothing for them",
                        doc.file,
                        line,
                        col,
                        "game.yaml's trade buys from "
                        + (", ".join(as_list(game.trade.from_)) if game.trade is not None else "nobody")
                        + "; name only those, or let the owner buy from more with buy_from: {players: ...}",
                        dotted(prefix + at),
                    )
                )
                break
    return out
