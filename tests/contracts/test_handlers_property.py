"""Property test: random states and triggers, for every card of every game, through both paths.

For each card and each trigger it listens to (and each trigger of a game's own rules), hypothesis
draws a state (a fresh one, or an example's with its board and piles; then every counter, resource
and track, the cards in every zone, the game-wide counters), the acting player, the event's details
and the answers to any question.
The interpreter and the generated handlers must leave the same state and ask the same questions
in the same order (or refuse with the same error). A built card is also built whole, paying its
cost. OSTRAKA_PROPERTY_EXAMPLES raises the number of draws per card (default 4).
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from compiler.codegen import engine
from compiler.pipeline.check.examples import ExampleInvalid, setup
from compiler.pipeline.project import load
from compiler.runtime.decider import Decider
from compiler.runtime.interpreter import Context, build, run_trigger
from compiler.runtime.state import State, new_state

from robust_support import clean_project

EXAMPLES = int(os.environ.get("OSTRAKA_PROPERTY_EXAMPLES", "4"))
SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)


class Picks(Decider):
    """Answers from a drawn list of option indices, the first option once it runs out."""

    def __init__(self, picks: list[int]) -> None:
        super().__init__()
        self.picks = list(picks)

    def _pick(self, question):
        return question.options[self.picks.pop(0) % len(question.options)] if self.picks else question.options[0]


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    run = load([], clean_project(tmp_path_factory.mktemp("property")))
    assert run.games
    return run.games


def _event_details(game) -> dict[str, list[Any]]:
    """Every detail an `event` condition of the game tests, with the values it looks for."""
    found: dict[str, list[Any]] = {}

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "event" and isinstance(value, dict):
                    for detail, wanted in value.items():
                        for v in wanted if isinstance(wanted, list) else [wanted]:
                            if v not in found.setdefault(detail, []):
                                found[detail].append(v)
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    for effect in game.game.rules:
        walk(effect.model_dump(by_alias=True, exclude_none=True))
    for card in game.cards.values():
        for effect in card.effects:
            walk(effect.model_dump(by_alias=True, exclude_none=True))
    return found


def _range(spec: Any) -> tuple[int, int]:
    low = spec.min if spec.min is not None else -3
    high = spec.max if spec.max is not None else low + 9
    return low, max(low, min(high, low + 12))


def _example_states(game) -> list[State]:
    """The starting states of the game's examples: realistic boards, zones and piles to start from."""
    out = []
    for card in game.cards.values():
        for example in card.examples:
            try:
                out.append(setup(game, example.given))
            except ExampleInvalid:
                continue
    return out


_BASES: dict[int, list[State]] = {}


@st.composite
def states(draw, game) -> State:
    """A fresh state, or an example's, with counters, zones and game-wide counters redrawn at random."""
    rules = game.game
    bases = _BASES.setdefault(id(game), _example_states(game))
    if bases and draw(st.booleans(), label="from an example"):
        state = draw(st.sampled_from(bases), label="example state").copy()
        keep_zones = draw(st.booleans(), label="keep its zones")
    else:
        n = draw(st.integers(rules.players.min, min(rules.players.max, rules.players.min + 2)))
        state = new_state(rules, n)
        keep_zones = False
    ids = sorted(game.cards)
    by_zone = {z: sorted(cid for cid, c in game.cards.items() if rules.kinds[c.kind].zone == z) for z in rules.zones}
    for player in state.players:
        for name, spec in [*rules.resources.items(), *rules.counters.items()]:
            if draw(st.booleans()):
                player.values[name] = draw(st.integers(*_range(spec)))
        for name, track in rules.tracks.items():
            if draw(st.booleans()):
                player.values[name] = draw(st.integers(track.first, track.spaces))
        for zone in player.zones:
            if keep_zones:
                continue
            pool = by_zone.get(zone) or ids
            player.zones[zone] = draw(st.lists(st.sampled_from(pool), max_size=4, unique=True)) if pool else []
    for name, spec in rules.globals.items():
        state.globals[name] = draw(st.integers(*_range(spec)))
    for zone in state.zones:
        if not keep_zones:
            state.zones[zone] = draw(st.lists(st.sampled_from(ids), max_size=3, unique=True)) if ids else []
    return state


def _outcome(game, state: State, picks: list[int], action, handlers) -> tuple:
    state = state.copy()
    decider = Picks(picks)
    try:
        action(game, state, decider, handlers)
        error = None
    except RecursionError:  # pragma: no cover - both paths hit the same depth guard differently
        error = ("RecursionError",)
    except Exception as exc:  # noqa: BLE001 - the same refusal (or crash) on both paths is what we compare
        error = (type(exc).__name__, str(exc))
    return state.snapshot(), [(q.player, q.about, q.options, q.answer) for q in decider.asked], error


@SETTINGS
@given(data=st.data())
def _same_on_both_paths(game, handlers, details, card_id, trigger, data) -> None:
    state = data.draw(states(game), label="state")
    actor = data.draw(st.sampled_from([p.id for p in state.players]), label="actor")
    payload = {
        k: data.draw(st.sampled_from(v + ["other"]), label=k) for k, v in details.items() if data.draw(st.booleans())
    }
    picks = data.draw(st.lists(st.integers(0, 9), max_size=12), label="answers")
    whole_build = (
        card_id is not None and trigger == game.game.build.on_built and game.game.kinds[game.cards[card_id].kind].zone
    )
    if whole_build and data.draw(st.booleans(), label="build whole"):
        free = data.draw(st.booleans(), label="free")

        def action(game, state, decider, h):
            player = state.player(actor)
            for zone in player.zones.values():
                if card_id in zone:
                    zone.remove(card_id)
            build(game, state, player, card_id, decider, free=free, handlers=h)
    else:

        def action(game, state, decider, h):
            player = state.player(actor)
            card = game.cards[card_id] if card_id is not None else None
            ctx = Context(
                game,
                state,
                decider,
                actor=player,
                owner=player,
                card=card,
                event=dict(payload, event=trigger),
                handlers=h,
            )
            run_trigger(ctx, card_id, trigger)

    reference = _outcome(game, state, picks, action, None)
    generated = _outcome(game, state, picks, action, handlers)
    assert generated == reference


def test_random_states_every_card_and_trigger(games):
    pairs = 0
    for game in games:
        handlers = engine.load(game)
        details = _event_details(game)
        for trigger in game.rule_triggered:
            _same_on_both_paths(game, handlers, details, None, trigger)
            pairs += 1
        for card_id, by_trigger in game.triggered.items():
            for trigger in by_trigger:
                _same_on_both_paths(game, handlers, details, card_id, trigger)
                pairs += 1
    assert pairs > 0
