"""From a checked game to the source of its handlers module.

The generator walks each effect tree once, at build time. Every primitive node is rendered by its
own template (beside its module: compiler/lang/actions/gain.py.j2); the helpers below are what
templates call to render the nodes inside (amounts, tests, nested actions) and to resolve the
game's names to what the runtime needs (bounds of a noun, seat offsets of a relation, the zones a
selector searches). Nothing in the output looks at the effect tree again.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..lang.nodes import OneOf
from ..lang.types import as_list
from ..model.compiled import CompiledGame
from ..runtime.heard import HEARD
from .decisions import Decisions
from .flowsteps import FlowPart, flow_parts
from .jinja import environment, primitive_template
from .names import Code, Namer, UnsafeValue, comment_text, ident, lit

INDENT = "    "


def indent(code: str, levels: int = 1) -> Code:
    pad = INDENT * levels
    return Code("\n".join(pad + line if line.strip() else "" for line in code.split("\n")))


@dataclass
class Subroutine:
    """Actions compiled to a local function of one parameter, the context it runs in."""

    name: Code
    code: Code


@dataclass
class Handler:
    """One generated function: the effects of one card (or of the rules) on one trigger."""

    name: Code
    card_id: str | None  # None: the game's rules
    trigger: str
    where: Code  # the source location, for the comment above the function
    doc: Code  # a literal naming the card
    body: Code


@dataclass
class Module:
    game_id: Code
    handlers: list[Handler] = field(default_factory=list)
    requires: list[tuple[str, Code, Code, Code]] = field(default_factory=list)  # kind, function name, where, test
    move_steps: list[Handler] = field(default_factory=list)  # the flow's moves, one function per action
    moves: list[tuple[str, list[Code]]] = field(default_factory=list)  # move name, its actions' functions
    move_cards: list[tuple[str, Code]] = field(default_factory=list)  # move name, the search for its cards
    # a move's builds at no price: (move, action index, its count, its candidates, free), what judging reads
    builds: list[tuple[str, int, Code, Code, bool]] = field(default_factory=list)
    flow: list[FlowPart] = field(default_factory=list)  # the flow's card language, compiled (flowsteps.py)
    constants: dict[Code, Code] = field(default_factory=dict)  # folded at build time: the value's code -> its name
    searches: dict[Code, Code] = field(default_factory=dict)  # a search function's body -> its name (searches.py)
    search_defs: list[Code] = field(default_factory=list)  # the search functions, in the order first needed
    fallback_nodes: list[tuple[Code, Code]] = field(default_factory=list)
    fallbacks: set[tuple[str, str]] = field(default_factory=set)
    broken: list[tuple[str, str, str]] = field(default_factory=list)  # templates that failed on a node: fell back


# What templates ask of the game's decisions as `g.NAME`, answered by the Decisions collaborator.
TEMPLATE_DECISIONS = (
    "card_has",
    "change",
    "constant",
    "filter",
    "first_player",
    "handed_nouns",
    "match",
    "narrow",
    "one_player",
    "param",
    "players",
    "ranked",
    "select",
    "source",
    "spend",
    "track",
    "unranked",
    "value",
    "where_pairs",
    "zone_pair",
    "zone_pairs",
    "zone_shared",
)


class Generator:
    """Renders one game. Templates call its public methods through the name `g`: the nodes inside a
    node (amounts, tests, blocks) are rendered here; the game's decisions are written out by its
    Decisions (decisions.py), which owns the module's search functions (searches.py)."""

    def __init__(self, game: CompiledGame) -> None:
        self.game = game
        self.rules = game.game
        self.module = Module(game_id=ident(game.id))
        self.namer = Namer()
        self.decide = Decisions(game, self.module, self.namer, self.amount)
        for name in TEMPLATE_DECISIONS:
            setattr(self, name, getattr(self.decide, name))

    # ------------------------------------------------------------------ names and literals

    lit = staticmethod(lit)
    ident = staticmethod(ident)

    def fresh(self, prefix: str) -> Code:
        return self.namer.fresh(prefix)

    @staticmethod
    def code(text: str) -> Code:
        """A fixed piece of code written in a template (only a few words are allowed)."""
        if text not in ("None", "True", "False", "pass"):
            raise ValueError(f"g.code() takes a keyword, not {text!r}")
        return Code(text)

    @staticmethod
    def neg(value: Code) -> Code:
        return Code(f"-({value})")

    @staticmethod
    def names(value: Any) -> Code:
        """One name or a list of names as a tuple literal (None stays None)."""
        return lit(None if value is None else tuple(as_list(value)))

    def event_tests(self, details: dict[str, Any], c: Code) -> list[Code]:
        return [
            Code(f"{c}.event.get({lit(key)}) in {lit(tuple(wanted) if isinstance(wanted, list) else (wanted,))}")
            for key, wanted in details.items()
        ]

    @staticmethod
    def join(items: Iterable[str], sep: str) -> Code:
        if sep not in (", ", " + ", " - ", " * ", " and ", " or "):
            raise ValueError(f"g.join() takes an operator or a comma, not {sep!r}")
        return Code(sep.join(Code(i) if isinstance(i, Code) else _refuse(i) for i in items))

    # ------------------------------------------------------------------ nodes

    def _render(self, family: str, node: OneOf, c: Code) -> Code:
        try:
            return Code(primitive_template(family, node.key).render(arg=node.arg, c=c, g=self).strip("\n"))
        except UnsafeValue:
            raise  # never papered over: the template printed something it must not
        except Exception as exc:  # noqa: BLE001 - a template that cannot render this node (e.g. data with errors)
            self.module.broken.append((family, node.key, f"{type(exc).__name__}: {exc}"))
            return self._fallback(family, node, c)

    def _fallback(self, family: str, node: OneOf, c: Code) -> Code:
        self.module.fallbacks.add((family, node.key))
        definition = Code(f"rt.node({lit(family)}, {lit(node.model_dump(by_alias=True, exclude_unset=True))})")
        known = {d: n for n, d in self.module.fallback_nodes}
        name = known.get(definition) or ident(f"_NODE{len(self.module.fallback_nodes) + 1}")
        if definition not in known:
            self.module.fallback_nodes.append((name, definition))
        if family == "action":
            return Code(
                f"rt.run_node({c}, {name})  # no template for {comment_text(node.key)}: the interpreter runs it"
            )
        if family == "expression":
            return Code(f"{c}.amount({name})")
        return Code(f"{c}.test({name})")

    def action(self, node: OneOf, c: Code) -> Code:
        return self._render("action", node, c)

    def statements(self, actions: Iterable[OneOf], c: Code) -> Code:
        """Each action after one step charged to the budget, as Context.run does (a fallback charges its own)."""
        parts = []
        for a in actions:
            code = self.action(a, c)
            parts.append(code if code.startswith("rt.run_node(") else Code(f"rt.budget({c}.state, 1)\n{code}"))
        return Code("\n".join(parts) if parts else "pass")

    def block(self, actions: Iterable[OneOf], c: Code) -> Code:
        """Statements one level in, for the body of an if, a for or a def."""
        return indent(self.statements(actions, c))

    def subroutine(self, actions: Iterable[OneOf], prefix: str = "do") -> Subroutine:
        name = self.fresh(f"_{prefix}")
        param = self.fresh("c")
        return Subroutine(name, Code(f"def {name}({param}: Context) -> None:\n" + self.block(actions, param)))

    def options(self, options: dict[str, list[OneOf]]) -> list[tuple[Code, Subroutine]]:
        return [(lit(label), self.subroutine(actions, "option")) for label, actions in options.items()]

    def amount(self, value: Any, c: Code) -> Code:
        if isinstance(value, bool) or not isinstance(value, (int, OneOf)):
            raise TypeError(f"not an amount: {value!r}")
        if isinstance(value, int):
            return lit(int(value))
        code = self._render("expression", value, c)
        # Context.amount bounds every computed amount (core/limits.py); a fallback is bounded there,
        # and some results cannot leave the bound (the primitive says so: a count, a pick among amounts).
        if (
            code.startswith(f"{c}.amount(_NODE")
            or value.primitive.within_bounds
            or self._literal_table(value)
            or _small_literal(code)
        ):
            return code
        return Code(f"rt.bounded({code})")

    @staticmethod
    def _literal_table(value: OneOf) -> bool:
        if value.key != "table":
            return False
        from ..core.limits import MAX_AMOUNT

        results = [*value.arg.values.values(), value.arg.default]
        return all(-MAX_AMOUNT <= v <= MAX_AMOUNT for v in results)

    def amounts(self, values: Iterable[Any], c: Code) -> list[Code]:
        return [self.amount(v, c) for v in values]

    def test(self, condition: OneOf, c: Code) -> Code:
        return self._render("condition", condition, c)

    def tests(self, conditions: Iterable[OneOf], c: Code) -> list[Code]:
        return [self.test(x, c) for x in conditions]

    def lazy(self, value: Any, c: Code) -> Code:
        """An amount evaluated later (each time it is needed), as the interpreter does."""
        return Code(f"lambda: {self.amount(value, c)}")

    # ------------------------------------------------------------------ handlers

    def _effects(self, card_id: str | None, effects: list[tuple[int, Any]]) -> Code:
        slot = lit("rules" if card_id is None else card_id)
        parts = []
        self.namer.count = 0
        for index, effect in effects:
            body = self.statements(effect.do or [], Code("ctx"))
            guards = []
            if getattr(effect, "by", None) is not None:  # heard: only when one of these players set it off
                guards.append(Code(f"ctx.hears({lit(effect.by)})"))
            if effect.if_ is not None:
                guards.append(self.test(effect.if_, Code("ctx")))
            if effect.limit:
                limit = lit(effect.limit)
                guards.append(Code(f"not ctx.limit_used(ctx.owner, {slot}, {lit(index)}, {limit})"))
                body = Code(f"ctx.use_limit(ctx.owner, {slot}, {lit(index)}, {limit})\n{body}")
            text: str = Code(f"# effect {index + 1}\n")
            if guards:
                text += Code(f"if {' and '.join(guards)}:\n") + indent(body)
            else:
                text += body
            parts.append(Code(text))
        return indent("\n".join(parts))

    def handlers(self) -> Module:
        used: set[str] = set()

        def name_for(owner: str, trigger: str) -> Code:
            base = f"{owner}_of_{trigger}" if owner == "requires" else f"{owner}_on_{trigger}"
            name, n = base, 1
            while name in used:
                n += 1
                name = f"{base}_{n}"
            used.add(name)
            return ident(name)

        game_file = comment_text(self.game.game_file)
        for trigger, effects in self.game.rule_triggered.items():
            self.module.handlers.append(
                Handler(
                    name_for("rules", trigger),
                    None,
                    trigger,
                    game_file,
                    lit(f"The rules of the game, on {trigger}."),
                    self._effects(None, effects),
                )
            )
        for card_id, by_trigger in self.game.triggered.items():
            card = self.game.cards[card_id]
            source = self.game.sources[card_id]
            where = comment_text(f"{source.file}:{source.line}")
            for trigger, effects in by_trigger.items():
                self.module.handlers.append(
                    Handler(
                        name_for(card_id, trigger),
                        card_id,
                        trigger,
                        where,
                        lit(f"{card.name}, on {trigger}."),
                        self._effects(card_id, effects),
                    )
                )
        for card_id, by_trigger in self.game.heard.items():
            card = self.game.cards[card_id]
            where = comment_text(f"{self.game.sources[card_id].file}:{self.game.sources[card_id].line}")
            for trigger, effects in by_trigger.items():
                self.module.handlers.append(
                    Handler(
                        name_for(card_id, f"{trigger}_heard"),
                        card_id,
                        trigger + HEARD,
                        where,
                        lit(f"{card.name}, hearing {trigger}."),
                        self._effects(card_id, effects),
                    )
                )
        for kind_name, kind in self.rules.kinds.items():
            if kind.requires is not None:
                self.namer.count = 0
                test = self.test(kind.requires, Code("ctx"))
                self.module.requires.append((kind_name, name_for("requires", kind_name), game_file, test))
        self._moves(game_file, used)
        self.module.flow = flow_parts(self)
        # Standing effects generate no code: both engines consult them through their hook (lang/hooks.py).
        return self.module

    def _moves(self, where: Code, used: set[str]) -> None:
        """The flow's moves (game.yaml), one function per action: the runner tries a move's first
        actions once for every card and the rest per card (runtime/flow.py)."""
        flow = self.rules.flow
        for name, move in flow.moves.items() if flow is not None else ():
            names = []
            for i, action in enumerate(move.do, 1):
                self.namer.count = 0
                base = fn = f"move_{name}_{i}"
                while fn in used:
                    fn = f"{base}_{len(used)}"
                used.add(fn)
                doc = lit(f"The move {name}, action {i}.")
                self.module.move_steps.append(
                    Handler(ident(fn), None, name, where, doc, indent(self.statements([action], Code("ctx"))))
                )
                names.append(ident(fn))
                if (
                    action.key == "build"
                    and not action.arg.optional
                    and action.arg.price is None
                    and not self.decide.ranked(action.arg.card)
                ):
                    # what judging reads of a build it judges (runtime/program._judged's builds)
                    self.namer.count = 0
                    count = Code(f"lambda ctx: {self.amount(action.arg.count, Code('ctx'))}")
                    self.module.builds.append((name, i - 1, count, self._search_of(action.arg.card), action.arg.free))
            self.module.moves.append((name, names))
            self.namer.count = 0
            if move.card is not None:  # a move made with no card has no cards to find
                self.module.move_cards.append((name, self._search_of(move.card)))

    def _search_of(self, ref: Any) -> Code:
        """A function of the context that finds a card reference's cards: the module's search for
        it, else the search written out."""
        search = self.decide.searches.compiled_search(ref) if not isinstance(ref, str) else None
        return search or Code(f"lambda ctx: {self.decide.select(ref, Code('ctx'))}")


def _small_literal(code: str) -> bool:
    """A whole number written out (a folded constant) that lies within the runtime's bounds."""
    from ..core.limits import MAX_AMOUNT

    return re.fullmatch(r"-?[0-9]+", code) is not None and abs(int(code)) <= MAX_AMOUNT


def _refuse(item: Any) -> Code:
    raise TypeError(f"g.join() takes code, not {type(item).__name__}")


def render(game: CompiledGame, layout: bool = True) -> str:
    """The text of generated/<game>/handlers.py, formatted (`layout=False`: as the templates write
    it, the same code; for running in memory, where black's layout would only cost time, growing
    with the size of a card's effects)."""
    module = Generator(game).handlers()
    source = environment().get_template("handlers.py.j2").render(m=module, lit=lit)
    return formatted(source) if layout else source


LINE_LENGTH = 120


def formatted(source: str) -> str:
    """Source laid out by black (pinned in pyproject.toml, so the same text comes out everywhere).

    Templates write each node as one expression, however long; black breaks it into lines a reader
    can follow. The module is formatted a top-level block at a time (the template separates blocks
    by two blank lines, which black keeps between them): the same text as formatting it whole
    (tests/contracts/test_handlers.py checks), in time and memory that grow with the block, not the module,
    and cached block by block, since a rebuild changes few of them."""
    blocks = re.split(r"\n\n\n(?=\S)", source.strip("\n"))  # before a line at the left margin: a top-level one
    try:
        return "\n\n\n".join(_formatted_block(block.strip("\n")) for block in blocks) + "\n"
    except Exception:  # noqa: BLE001 - a block that does not stand alone: format the module whole
        return _formatted_block(source.strip("\n")) + "\n"


@lru_cache(maxsize=1 << 14)
def _formatted_block(block: str) -> str:
    import black

    mode = black.Mode(line_length=LINE_LENGTH, target_versions={black.TargetVersion.PY311})
    return black.format_str(block + "\n", mode=mode).strip("\n")
