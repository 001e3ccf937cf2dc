"""Selectors compiled into search functions of the generated module, one per distinct search.

A selector (lang/types.Selector) names zones, whose they are, and filters. Its plan
(decide/selectors.py) is worked out here at build time and written out as a small function that
does the search directly: the zones read as lists, the owners as seat offsets, the filters the
data fixes as a module constant of card ids (a membership test), and a field compared with the
card in view or with an amount looked up in a table of the game's cards by that field
(codegen/runtime.Narrowed, filled as values are met). What it returns is what runtime/cards.cards_in
returns for the same plan: (holder, card id) pairs, zone after zone, owner after owner.

What is read at run time is read when the interpreter reads it: an amount in a `where` only once
some card passes the fixed tests (runtime/cards._kept), once per search.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from ..decide import players, selectors
from ..lang.nodes import OneOf
from ..lang.types import FieldTest, Selector
from ..model.compiled import CompiledGame
from ..model.fields import OWN_FIELDS
from .names import Code, Namer, UnsafeValue, ident, lit

# The selector options compiled here; a selector using another one is searched by the runtime.
KNOWN_OPTIONS = frozenset({"id", "kind", "where", "zone", "of", "missing", "fewest", "most"})


class Decided(Protocol):
    """What a search function needs written out of the game's decisions (decisions.Decisions)."""

    def card_set(self, ids: Any) -> Code: ...

    def constant(self, prefix: str, value: Code) -> Code: ...

    def player_spec(self, ref: Any) -> Any: ...

    def players(self, ref: Any, c: Code, ordered: bool = False) -> Code: ...

    def select(self, ref: Any, c: Code) -> Code: ...

    def one_player(self, ref: Any, c: Code) -> Code | None: ...


class Searches:
    """The module's search functions: `g.select` in a template asks Decisions, which asks here.

    A collaborator of the Generator (generator.py), owned by its Decisions: it writes into the
    module being generated, names through the shared Namer, and renders a `where`'s amounts with
    the generator's `amount`."""

    def __init__(
        self,
        game: CompiledGame,
        module: Any,
        namer: Namer,
        amount: Callable[[Any, Code], Code],
        decisions: Decided,
    ) -> None:
        self.game = game
        self.module = module  # the Module being generated (generator.py)
        self.namer = namer
        self.amount = amount
        self.decisions = decisions

    def compiled_search(self, selector: Selector) -> Code | None:
        """The name of the module function that searches for a selector's cards (None: a selector
        with an option this module does not know, left to the runtime)."""
        if selector.model_fields_set - KNOWN_OPTIONS:
            return None
        saved, self.namer.count = self.namer.count, 0  # the same selector gives the same text, wherever it is
        try:
            body = self._search_body(selector, Code("ctx"))
        finally:
            self.namer.count = saved
        known = self.module.searches.get(body)
        if known is not None:
            return known
        name = self._search_name(selector)
        doc = lit(f"The cards {_shown(selector.model_dump(exclude_unset=True, by_alias=True))}.")
        self.module.searches[body] = name
        self.module.search_defs.append(
            Code(f"def {name}(ctx: Context) -> list[rt.Pick]:\n    {doc}\n" + _indented(body))
        )
        return name

    def _search_name(self, selector: Selector) -> Code:
        zones = [zone for zone, _shared in selectors.zones(self.game, selector)]
        where = "_".join(zones) if zones else "game"
        n = len(self.module.searches) + 1
        try:
            return ident(f"_{'missing_from' if selector.missing and zones else 'in'}_{where}_{n}")
        except UnsafeValue:
            return ident(f"_search_{n}")

    def _search_body(self, selector: Selector, c: Code) -> Code:
        plan = selectors.of(self.game, selector)
        fixed = selectors.fixed_ids(self.game, plan)
        ids = None if fixed is None else self.decisions.card_set(fixed)
        lines: list[str] = []
        tests, after = self._varying(plan, ids, c, lines)
        first, *more = self._zones(selector, plan, ids, tests, c, lines)
        if fixed is not None and not fixed:  # no card of the game passes the fixed filter
            after = []
        if not after and not more and plan.fewest is None and plan.most is None:
            lines.append(f"return {first}")
            return Code("\n".join(lines))
        lines.append(f"found: list[rt.Pick] = {first}")
        lines += [f"found += {part}" for part in more]
        lines += self._filters(plan, ids, after, c)
        for extreme, best in ((plan.fewest, "min"), (plan.most, "max")):
            if extreme is not None:
                about = self._fresh_c()
                lines.append(f"found = rt.extreme({c}, found, lambda {about}: {self.amount(extreme, about)}, {best})")
        lines.append("return found")
        return Code("\n".join(lines))

    def _varying(
        self, plan: selectors.Plan, ids: Code | None, c: Code, lines: list[str]
    ) -> tuple[list[Code], list[tuple[str, Any]]]:
        """The `where` fields read at run time, in the order the interpreter reads them: those compared
        with the card in view (no effects) before any amount, as tests on each card in the search
        (with the fixed filter's); from the first amount on, the rest, for filters on what is found."""
        tests: list[Code] = []
        after: list[tuple[str, Any]] = []
        for name, wanted in plan.varying:
            if not after and isinstance(wanted, OneOf) and wanted.key == "field":
                tests.append(self._field_test(name, wanted.arg, ids, c, lines))
            elif not after and _among_only(wanted):  # the cards another search finds (no effects either)
                having = ident(f"having{len(lines) + 1}")
                lines.append(
                    f"{having} = rt.among({self._narrowed(ids, name)}, {c}.game, {self.decisions.select(wanted.among, c)})"
                )
                tests.append(Code(f"cid in {having}"))
            else:
                after.append((name, wanted))
        if ids is not None and plan.zones and not plan.missing and not any(" in having" in t for t in tests):
            tests.insert(0, Code(f"cid in {ids}"))  # the fixed filter (a narrowed test already holds it)
        return tests, after

    def _filters(self, plan: selectors.Plan, ids: Code | None, after: list[tuple[str, Any]], c: Code) -> list[str]:
        """Filters on what is found, each read only when something is left to filter (cards missing
        from a zone: the interpreter reads the first whatever the zone holds)."""
        lines = []
        for i, (name, wanted) in enumerate(after):
            pad = "" if plan.missing and i == 0 else "    "
            if pad:
                lines.append("if found:")
            if _among_only(wanted):
                found_by = self.decisions.select(wanted.among, c)
                lines.append(f"{pad}having = rt.among({self._narrowed(ids, name)}, {c}.game, {found_by})")
            else:
                value = (
                    Code(f"{c}.card_field({lit(wanted.arg)})")
                    if isinstance(wanted, OneOf) and wanted.key == "field"
                    else self._wanted(wanted, c)
                )
                lines.append(f"{pad}having = {self._narrowed(ids, name)}({c}.game, {value})")
            lines.append(f"{pad}found = [(holder, cid) for holder, cid in found if cid in having]")
        return lines

    def _fresh_c(self) -> Code:
        return self.namer.fresh("c")

    def _field_test(self, name: str, field: str, ids: Code | None, c: Code, lines: list[str]) -> Code:
        """The test on `cid` of a `where` field compared with a field of the card in view."""
        if name == "id" and field in OWN_FIELDS:  # a card's id against a string: one comparison
            wanted = ident(f"wanted{len(lines) + 1}")
            # the card in view's own attribute, as Context.card_field reads it (None: no card in view)
            lines.append(f"{wanted}: Any = None if {c}.card is None else {c}.card.{field}")
            return Code(f"cid == {wanted}")
        having = ident(f"having{len(lines) + 1}")  # the cards of the fixed filter whose field holds the value
        lines.append(f"{having} = {self._narrowed(ids, name)}({c}.game, {c}.card_field({lit(field)}))")
        return Code(f"cid in {having}")

    def _narrowed(self, ids: Code | None, name: str) -> Code:
        """A module constant: the cards (of a fixed filter) whose field holds a value, by value."""
        return self.decisions.constant(
            "_BY_FIELD", Code(f"rt.Narrowed({ids if ids is not None else 'None'}, {lit(name)})")
        )

    def _wanted(self, wanted: Any, c: Code) -> Code:
        """What a `where` compares with, read in the searching context (runtime/cards._wanted)."""
        if isinstance(wanted, FieldTest):
            return Code(
                "{" + ", ".join(f"{lit(t)}: {self._test_value(t, v, c)}" for t, v in wanted.tests().items()) + "}"
            )
        return self.amount(wanted, c)

    def _test_value(self, test: str, value: Any, c: Code) -> Code:
        if test in ("at_least", "at_most"):
            return self.amount(value, c)
        if test == "among":  # the ids of the cards another search finds
            return Code(f"[cid for _holder, cid in {self.decisions.select(value, c)}]")
        return lit(value)

    def _zones(
        self, selector: Selector, plan: selectors.Plan, ids: Code | None, tests: list[Code], c: Code, lines: list[str]
    ) -> list[Code]:
        """The candidates, zone after zone and owner after owner (cards_in's order), a list per zone:
        the cards in a zone that pass `tests`, or with `missing`, the cards of the fixed filter (else
        of the game) not in it that pass `tests`."""
        every = ids or Code(f"{c}.game.cards")
        test = f" if {' and '.join(tests)}" if tests else ""
        if not plan.zones:  # the game's own entities, in the game's order
            return [Code(f"[(None, cid) for cid in {every}{test}]")]
        if plan.missing:
            every, tests = _narrowest(every, tests)
        absent = f" if cid not in held{''.join(f' and {t}' for t in tests)}"
        of = selector.of or players.ACTOR_NAME
        one = self.decisions.one_player(of, c)
        parts = []
        for zone, shared in plan.zones:
            # whose zone: the shared one's (no holder), the one player's, or each owner's in turn
            holder, owners = ("None", "") if shared else (one, "") if one is not None else ("p", "for p in owners ")
            # a player's zones read as runtime/state.zones_of reads them: a trial's lazy copy of a player is not copied
            held = f"{c}.state.zones.get({lit(zone)}, ())" if shared else f"rt.zones_of({holder}).get({lit(zone)}, ())"
            if owners and not any(line.startswith("owners = ") for line in lines):  # read once
                lines.append(f"owners = {self.decisions.players(of, c)}")
            if plan.missing:
                parts.append(Code(f"[({holder}, cid) {owners}for held in [{held}] for cid in {every}{absent}]"))
            elif not owners and len(tests) == 1 and tests[0].startswith("cid == "):
                # one id wanted: as many of it as the zone holds (each copy of a card is a candidate)
                wanted = tests[0][len("cid == ") :]
                parts.append(Code(f"[({holder}, {wanted})] * {held}.count({wanted})"))
            else:
                parts.append(Code(f"[({holder}, cid) {owners}for cid in {held}{test}]"))
        return parts


def _narrowest(every: Code, tests: list[Code]) -> tuple[Code, list[Code]]:
    """The cards a search for cards missing from a zone goes through, and the tests left on each:
    the cards a narrowed test lets through (in the game's order, as `every` holds them) when there
    is one, fewer to go through; else `every`, all the tests."""
    narrowing = next((t for t in tests if t.startswith("cid in having")), None)
    if narrowing is None:
        return every, tests
    return Code(narrowing[len("cid in ") :]), [t for t in tests if t is not narrowing]


def _among_only(wanted: Any) -> bool:
    """A `where` value that is only {among: SELECTOR}: the cards found name the cards wanted."""
    return isinstance(wanted, FieldTest) and wanted.among is not None and set(wanted.tests()) == {"among"}


def _indented(body: str) -> str:
    return "\n".join(("    " + line) if line.strip() else "" for line in body.split("\n"))


def _shown(value: Any) -> str:
    """A selector as its YAML flow mapping reads (for the search function's docstring)."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_shown(v)}" for k, v in value.items() if v not in (None, False)) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_shown(v) for v in value) + "]"
    return str(value).lower() if isinstance(value, bool) else str(value)
