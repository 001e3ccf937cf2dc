"""The interpreter's selection (runtime/cards.select) tests all the candidates of a search at once,
each `where` test by hash (cards._kept): it must find, charge and refuse what testing each card in
turn (each amount read when a card first reaches its test) does. Compared on the
states seeded games of all four games go through, for every selector of each game's data, with
each player acting and each card they hold in view; and the game's cards a selector's filter lets
through (cards.matching_cards, a deal's) are those `matches` lets through, card by card."""

from __future__ import annotations

import random
from typing import Any

import pytest
from pydantic import BaseModel

from compiler.cache.gameview import GameView, Reads
from compiler.core.limits import Runaway, budget
from compiler.decide import selectors
from compiler.lang.types import Selector
from compiler.model.compiled import field_value, holds
from compiler.runtime import cards, seats
from compiler.runtime.decider import FirstLegal
from compiler.runtime.interpreter import Context
from compiler.runtime.state import Illegal, zones_of

import flowkit


def _plain_select(ctx: Context, selector: Any) -> list[cards.Pick]:
    """cards.select as each card is tested in turn, with every amount read once, when first needed."""
    plan = selectors.of(ctx.game, selector)
    known: dict = {}  # each amount read when a card first reaches its test

    def wanted(name: str, value: Any) -> Any:
        if name not in known:
            known[name] = cards._wanted(ctx, name, value)
        return known[name]

    def test(card: Any) -> bool:
        if not selectors.passes(plan, card):
            return False
        return all(holds(field_value(card, name), wanted(name, value)) for name, value in plan.varying)

    match: Any = test
    if plan.missing:
        by_id = ctx.game.cards
        candidates = (ctx.game.cards_with("kind", list(plan.kinds)) if plan.kinds is not None else None) or by_id
        match = {cid: None for cid in candidates if test(by_id[cid])}
    fewest = (lambda c: c.amount(plan.fewest)) if plan.fewest is not None else None
    most = (lambda c: c.amount(plan.most)) if plan.most is not None else None
    owners = lambda: seats.players(plan.owners, ctx.state, ctx.actor, ctx.owner)  # noqa: E731
    return cards.cards_in(ctx, plan.zones, owners, plan.missing, match, fewest, most)


def _each_card(ctx: Context, selector: Selector) -> list[Any]:
    """The game's cards a selector's filter lets through, each tested by `matches`."""
    return [card for card in ctx.game.cards.values() if cards.matches(ctx, card, selector)]


def _selectors(node: Any, found: dict[int, Selector]) -> None:
    """Every selector in a tree of the game's data (effects, flow), each once."""
    if isinstance(node, Selector):
        found[id(node)] = node
    if isinstance(node, BaseModel):
        for name in type(node).model_fields:
            _selectors(getattr(node, name), found)
    elif isinstance(node, (list, tuple)):
        for item in node:
            _selectors(item, found)
    elif isinstance(node, dict):
        for item in node.values():
            _selectors(item, found)


def _outcome(select: Any, ctx: Context, selector: Selector, read: list[str]) -> tuple:
    """What a search finds (or why it is refused), the steps it charges and the `where` amounts it
    reads (into `read`, by field name, in order, the searches inside those amounts' too)."""
    box = budget(ctx.state)
    box.used = 0
    read.clear()
    try:
        found: Any = select(ctx, selector)
    except (Illegal, Runaway) as refused:
        found = (type(refused).__name__, str(refused))
    return found, box.used, list(read)


@pytest.mark.parametrize(
    "name, players, seed", [("seven_wonders", 7, 3), ("olympus", 4, 2), ("peloponnes", 3, 5), ("attika", 3, 1)]
)
def test_a_search_finds_and_charges_what_testing_each_card_does(name, players, seed, monkeypatch):
    game = flowkit.game(name)
    read: list[str] = []
    wanted = cards._wanted

    def reading(ctx: Context, field: str, value: Any) -> Any:
        read.append(field)
        return wanted(ctx, field, value)

    monkeypatch.setattr(cards, "_wanted", reading)
    found: dict[int, Selector] = {}
    _selectors([game.game, *game.cards.values()], found)
    rng = random.Random(seed)
    state = flowkit.set_up(game, players, seed)
    compared = 0
    for _ in range(12):
        for _ in range(2 * players):
            if not state.is_terminal():
                flowkit.step(state, rng)
        trial = state.state.copy(new_run=True)
        for player in trial.players:
            held = {cid for ids in zones_of(player).values() for cid in ids}
            for card in [None, *(game.cards[cid] for cid in sorted(held)[:4])]:
                ctx = Context(game, trial, FirstLegal(), actor=player, owner=player, card=card)
                for selector in found.values():
                    kept = _outcome(cards.select, ctx, selector, read)
                    assert kept == _outcome(_plain_select, ctx, selector, read), (
                        player.id,
                        card and card.id,
                        selector,
                    )
                    compared += 1
                if card is None:
                    for selector in found.values():  # a filter alone, as a deal reads it
                        plain = _outcome(_each_card, ctx, selector, read)
                        assert _outcome(cards.matching_cards, ctx, selector, read) == plain, selector
    assert compared > 1000


def _reads(select: Any, game: Any, state: Any, player: Any, selector: Selector) -> Reads:
    """What a search reads of the game's cards (cache/gameview.py: what the example cache keys on)."""
    reads = Reads()
    view = GameView(game, reads)
    try:
        select(Context(view, state, FirstLegal(), actor=player, owner=player), selector)
    except (Illegal, Runaway):
        pass
    return reads


@pytest.mark.parametrize("name, players, seed", [("seven_wonders", 3, 2), ("olympus", 3, 1), ("attika", 2, 3)])
def test_a_search_reads_no_card_testing_each_card_would_not(name, players, seed):
    """A card's examples are checked again when a card they read changes: a search that tests its
    candidates all at once must read no more of the game than testing each in turn does."""
    game = flowkit.game(name)
    found: dict[int, Selector] = {}
    _selectors([game.game, *game.cards.values()], found)
    rng = random.Random(seed)
    state = flowkit.set_up(game, players, seed)
    for _ in range(4 * players):
        flowkit.step(state, rng)
    trial = state.state.copy(new_run=True)
    for player in trial.players:
        for selector in found.values():
            kept = _reads(cards.select, game, trial, player, selector)
            plain = _reads(_plain_select, game, trial, player, selector)
            assert plain.everything or not kept.everything and kept.ids <= plain.ids, selector
