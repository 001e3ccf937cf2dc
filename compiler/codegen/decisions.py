"""The decisions of compiler/decide/ printed as the generated code's literals and calls.

A collaborator of the Generator (generator.py), which hands templates these methods as `g.players`,
`g.select`, `g.change`, `g.param`, ... What a node means is decided in decide/; here it is only
written out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..decide import nouns, numbers, players, selectors, zones
from ..lang.nodes import OneOf
from ..lang.types import FieldTest, Selector
from ..model.compiled import CompiledGame
from ..model.fields import OWN_FIELDS
from .names import Code, Namer, ident, lit
from .searches import Searches

# The parts of a player set that are seats around the table, relative to the actor (rt.seated).
SEATED = frozenset({players.ACTOR[0], players.EVERY_SEAT[0], players.OTHER_SEATS[0], "offset"})


class Decisions:
    """The decisions of one game's data, written out for the module being generated. Amounts inside
    them (a `where`'s, a `fewest`'s) are rendered by the generator's `amount`; selectors become the
    module's search functions through the Searches it owns."""

    def __init__(self, game: CompiledGame, module: Any, namer: Namer, amount: Callable[[Any, Code], Code]) -> None:
        self.game = game
        self.rules = game.game
        self.module = module  # the Module being generated (generator.py)
        self.namer = namer
        self.amount = amount
        self.searches = Searches(game, module, namer, amount, self)

    # ------------------------------------------------------------------ zones

    def zone_shared(self, zone: str) -> Code:
        return lit(zones.shared(self.rules, zone))

    def zone_pairs(self, names: Any) -> Code:
        """One zone or several as ((zone, shared), ...)."""
        return lit(zones.pairs(self.rules, names))

    def zone_pair(self, zone: str) -> Code:
        return lit(zones.pair(self.rules, zone))

    # ------------------------------------------------------------------ nouns

    def change(self, c: Code, noun: str, delta: Code) -> Code:
        """Context.change(actor, noun, delta): clamped to the noun's bounds (decide/nouns.py), folded in."""
        how = nouns.change(self.rules, noun)
        if how[0] == "ask":
            return Code(f"{c}.change({c}.actor, {lit(noun)}, {delta})")
        if how[0] == "global":
            return Code(f"{c}.state.globals[{lit(noun)}] += {delta}")
        _clamp, low, high = how
        value = Code(f"{delta} + {c}.actor.values.get({lit(noun)}, 0)")
        if low is not None:
            value = Code(f"max({lit(low)}, {value})")
        if high is not None:
            value = Code(f"min({lit(high)}, {value})")
        return Code(f"{c}.actor.values[{lit(noun)}] = {value}")

    def spend(self, c: Code, noun: str, n: Code) -> Code:
        """Context.spend(actor, noun, n): never partial, never below the noun's minimum."""
        if nouns.substitutable(self.game, noun):
            return Code(f"{c}.spend({c}.actor, {lit(noun)}, {n})")  # substitutes may stand in
        return Code(f"rt.spend({c}.actor, {lit(noun)}, {n}, {lit(nouns.floor(self.rules, noun))})")

    def value(self, arg: Any, c: Code) -> Code:
        noun, of = (arg, players.ACTOR_NAME) if isinstance(arg, str) else (arg.noun, arg.of)
        if nouns.is_global(self.rules, noun):
            return Code(f"{c}.state.globals[{lit(noun)}]")
        one = self.one_player(of, c)
        if one is not None:
            return Code(f"{one}.values.get({lit(noun)}, 0)")
        return Code(f"rt.total({c}, {lit(self.player_spec(of))}, {lit(noun)})")

    # ------------------------------------------------------------------ players

    def player_spec(self, ref: Any) -> players.Plan:
        """A player set as seat offsets and fixed players (decide/players.py)."""
        return players.of(self.game, ref)

    def one_player(self, ref: Any, c: Code) -> Code | None:
        """The one player a set always holds ('self' or 'owner'), else None."""
        one = players.one(self.player_spec(ref))
        return None if one is None else Code(f"{c}.actor" if one == players.ACTOR else f"{c}.owner")

    def first_player(self, ref: Any, c: Code) -> Code:
        """The first player of a set (Context.players(ref)[0])."""
        return self.one_player(ref, c) or Code(f"{self.players(ref, c)}[0]")

    def players(self, ref: Any, c: Code, ordered: bool | str = False) -> Code:
        """Context.players: `ordered` True (clockwise from the actor's left) or one of
        decide/players.ORDERS."""
        one = self.one_player(ref, c)
        if one is not None:  # one player: the turn order cannot change it
            return Code(f"[{one}]")
        spec = self.player_spec(ref)
        order = lit(True) if ordered in (True, "clockwise") else lit(ordered)
        if all(part[0] in SEATED for part in spec):  # seats around the table: offsets from the actor's
            return Code(f"rt.seated({c}, {lit(spec)}{', ' + order if ordered else ''})")
        return Code(f"rt.players({c}, {lit(spec)}, {order if ordered else lit(False)})")

    # ------------------------------------------------------------------ cards

    def zones(self, selector: Selector) -> tuple[tuple[str, bool], ...]:
        """The zones a selector searches, and whether each is shared (decide/selectors.py)."""
        return selectors.zones(self.game, selector)

    def source(self, ref: Any) -> Code:
        """The zones the cards a selector finds are taken from (decide/selectors.source)."""
        return lit(selectors.source(self.game, ref))

    def match(self, selector: Selector, c: Code) -> Code:
        """A selector's filter as the runtime takes it (runtime/filters.py), from its plan
        (decide/selectors.py): the ids the data lets through become a module constant; only a field
        compared with the card in hand or with an amount is left to a test at run time, on those ids."""
        plan = selectors.of(self.game, selector)
        fixed = selectors.fixed_ids(self.game, plan)
        ids = None if fixed is None else self.card_set(fixed)
        if not plan.varying:
            return ids if ids is not None else Code("rt.ANY_CARD")
        # Compared with the card in hand or with the cards `among` finds (reading them has no
        # effects): narrowed once per search; any other test runs on the cards left.
        narrowed = ids if ids is not None else Code("None")
        rest = []
        for name, wanted in plan.varying:
            value = self._narrowing(wanted, c)
            if value is None:
                rest.append((name, wanted))
            else:
                narrowed = Code(f"rt.narrow({c}.game, {narrowed}, {lit(name)}, {value})")
        if not rest:
            return narrowed
        card = self.namer.fresh("card")
        tests = [self._where_test(card, name, wanted, c) for name, wanted in rest]
        if narrowed != (ids if ids is not None else "None"):
            return Code(f"rt.keep({c}.game, {narrowed}, lambda {card}: " + " and ".join(tests) + ")")
        tests = ([Code(f"{card}.id in {ids}")] if ids is not None else []) + tests
        return Code(f"lambda {card}: " + " and ".join(tests))

    def _narrowing(self, wanted: OneOf | FieldTest, c: Code) -> Code | None:
        """What a varying `where` value narrows the cards to, once per search: a field of the card in
        hand, or the ids of the cards `among` finds; None for a test read on each card."""
        if isinstance(wanted, OneOf) and wanted.key == "field":
            return Code(f"{c}.card_field({lit(wanted.arg)})")
        if isinstance(wanted, FieldTest) and wanted.among is not None and set(wanted.tests()) == {"among"}:
            pick = self.namer.fresh("cid")
            return Code(f"[{pick} for _h, {pick} in {self.select(wanted.among, c)}]")
        return None

    def _where_test(self, card: Code, name: str, wanted: OneOf | FieldTest, c: Code) -> Code:
        have = Code(f"{card}.{ident(name)}") if name in OWN_FIELDS else Code(f"rt.field({card}, {lit(name)})")
        if isinstance(wanted, FieldTest):  # its amounts read for each card, as the interpreter does once
            parts = ", ".join(f"{lit(t)}: {self._test_value(t, v, c)}" for t, v in wanted.tests().items())
            return Code(f"rt.holds({have}, {{{parts}}})")
        if wanted.key == "field":
            allowed = Code(f"rt.allowed({c}.card_field({lit(wanted.arg)}))")  # compared as it is, not as a number
        else:  # an amount: evaluated for each card, as the interpreter does
            allowed = Code(f"({self.amount(wanted, c)},)")
        return Code(f"rt.has({have}, {allowed})")

    def card_has(self, where: Any, c: Code) -> Code:
        """The condition card_has: the card in view's fields tested as a `where` tests them."""
        card = self.namer.fresh("card")
        tests = []
        for name, wanted in where.items():
            if isinstance(wanted, (str, int, bool, list)):
                have = Code(f"{card}.{ident(name)}") if name in OWN_FIELDS else Code(f"rt.field({card}, {lit(name)})")
                tests.append(Code(f"rt.holds({have}, {lit(wanted)})"))
            else:
                tests.append(self._where_test(card, name, wanted, c))
        return Code(f"rt.in_view({c}, lambda {card}: " + " and ".join(tests) + ")")

    def _test_value(self, test: str, value: Any, c: Code) -> Code:
        """A `where` comparison's value: an amount read, the ids `among` finds, else the data's literal."""
        if test in ("at_least", "at_most"):
            return self.amount(value, c)
        if test == "among":
            pick = self.namer.fresh("cid")
            return Code(f"[{pick} for _h, {pick} in {self.select(value, c)}]")
        return lit(value)

    def card_set(self, ids: Iterable[str]) -> Code:
        """The name of a module constant holding these card ids, in the game's order."""
        return self.constant("_CARDS", Code(f"rt.card_ids({lit(tuple(ids))})"))

    def constant(self, prefix: str, value: Code) -> Code:
        """A value computed once, at import: one module constant per distinct value."""
        if value not in self.module.constants:
            self.module.constants[value] = ident(f"{prefix}{len(self.module.constants) + 1}")
        return self.module.constants[value]

    def param(self, name: str, c: Code) -> Code:
        """Context.param folded (decide/numbers.py): the game's number plus the rules' modifiers, and a
        table of the cards whose `modify` changes it (none: the number itself). A `modify` that
        reaches other players (`of`) is left to the runtime's lookup."""
        total, by_card = numbers.param_base(self.game, name), numbers.param_table(self.game, name)
        if by_card is None:
            return Code(f"{c}.param({lit(name)})")
        if not by_card:
            return lit(total)
        return Code(f"rt.param({c}, {lit(total)}, {self.constant('_MODIFIERS', lit(by_card))})")

    def filter(self, selector: Selector | None, c: Code) -> Code:
        """An optional selector's filter: None (every card) when there is no selector."""
        return Code("None") if selector is None else self.match(selector, c)

    def select(self, ref: Any, c: Code) -> Code:
        """Context.select: the (holder, card id) pairs a card id or a selector names, found by a
        search function of the module (codegen/searches.py)."""
        selector = Selector(id=ref) if isinstance(ref, str) else ref
        search = self.searches.compiled_search(selector)
        if search is not None:
            return Code(f"{search}({c})")
        args = [
            c,
            lit(self.zones(selector)),
            lit(self.player_spec(selector.of or players.ACTOR_NAME)),
            lit(bool(selector.missing)),
            self.match(selector, c),
        ]
        for extreme in (selector.fewest, selector.most):
            if extreme is None:
                args.append(Code("None"))
            else:
                about = self.namer.fresh("c")
                args.append(Code(f"lambda {about}: {self.amount(extreme, about)}"))
        while args[-1] == "None":
            args.pop()
        return Code(f"rt.select({', '.join(args)})")

    def ranked(self, ref: Any) -> bool:
        """Whether a selector keeps its lowest or highest scoring candidates (fewest/most)."""
        return selectors.ranked(ref)

    def unranked(self, ref: Any) -> Any:
        """The selector without fewest/most (decide/selectors.unranked)."""
        return selectors.unranked(ref)

    def narrow(self, selector: Selector, found: Code, c: Code) -> Code:
        """The picks `found` that a selector's fewest/most keep, read with each card in view (rt.extreme)."""
        code = found
        for extreme, best in ((selector.fewest, "min"), (selector.most, "max")):
            if extreme is not None:
                about = self.namer.fresh("c")
                code = Code(f"rt.extreme({c}, {code}, lambda {about}: {self.amount(extreme, about)}, {best})")
        return code

    def where_pairs(self, where: dict[str, Any]) -> Code:
        """Field filters with literal values, as ((field, allowed values), ...)."""
        return lit(zones.where_pairs(where))

    def handed_nouns(self, handed: dict[str, str]) -> Code:
        """hand_over's nouns as (given, received, the floor a giver keeps), bounds folded in."""
        return lit(tuple((given, received, nouns.keeps(self.rules, given)) for given, received in handed.items()))

    def track(self, name: str) -> Any:
        return self.rules.tracks[name]
