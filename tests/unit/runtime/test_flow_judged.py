"""A move's build judged from the state instead of tried on a copy (runtime/judging.py): the legal
moves are those that trying every move gives, at every decision of seeded 7 Wonders games on both
engines and of a small game made to hit each case where reading could differ from trying (a card
taken from the hand before its requirement is read, a cost whose discount asks a question and whose
first answer does not pay, a build that sets off a payment, resources the player lacks)."""

from __future__ import annotations

import copy
import shutil

import pytest

from compiler.lang.types import Selector
from compiler.pipeline.project import load
from compiler.runtime import judging, menus
from compiler.runtime.decider import Decider, Searching
from compiler.runtime.flow import GameState
from compiler.runtime.machine import _Replay
from compiler.runtime.menus import Menus
from compiler.runtime.program import program
from compiler.runtime.sure import sure_builds
from compiler.tools.play import handlers_of

import flowkit
from repo_paths import TESTS

FIXTURE = TESTS / "fixtures" / "flow"

# The race fixture with resources, costs, a requirement that reads the hand, a discount that asks
# which resource it removes, and a card whose build pays (so it must be tried).
GAME = (
    ("counters: {coins: {}, points: {}}", "resources: {stone: {}, wood: {}}\ncounters: {coins: {}, points: {}}"),
    (
        "      value: {type: int, required: true}\n",
        "      value: {type: int, required: true}\n      cost: {type: cost}\n"
        "    requires: {lte: [{count: {zone: hand}}, 1]}\n",
    ),
    (
        "steps: [{do: [{gain: {coins: {value: position}}}]}]",
        "steps: [{do: [{gain: {coins: {value: position}, stone: 1}}]}]",
    ),
    # optional builds among several candidates (any card in hand; this one), then a payment that
    # can refuse the run: the search goes on past the first answer
    (
        "    bet:\n",
        "    raise:\n      card: {zone: hand}\n"
        "      do: [{build: {card: {zone: hand}, optional: true}}, {pay: {coins: 2}}]\n"
        "    gamble:\n      card: {zone: hand}\n"
        "      do: [{build: {card: {zone: hand, where: {id: {field: id}}}, optional: true}}, {pay: {coins: 1}}]\n"
        "    wager:\n      card: {zone: hand}\n"
        "      do: [{choose: {options: {down: [{pay: {coins: 1}}], up: [{gain: {coins: 1}}]}}}, {pay: {coins: 2}}]\n"
        "    bet:\n",
    ),
    ("turn: {moves: [play, bet]}", "turn: {moves: [play, bet, raise, gamble, wager]}"),
)
CARDS = """
- id: dear
  name: Dear
  kind: token
  value: 6
  cost: {coins: 2}
  text: When built, gain 1 victory point.
  effects: [{on: built, do: [{gain: {points: 1}}]}]
  examples: [{name: scores, given: {p1: {coins: 2}}, when: {build: dear}, expect: {p1: {points: 1, coins: 0}}}]
- id: hut
  name: Hut
  kind: token
  value: 7
  cost: {stone: 1, wood: 1}
  text: When built, gain 2 victory points.
  effects: [{on: built, do: [{gain: {points: 2}}]}]
  examples: [{name: scores, given: {p1: {stone: 1, wood: 1}}, when: {build: hut}, expect: {p1: {points: 2}}}]
- id: mason
  name: Mason
  kind: token
  value: 8
  text: Each card costs you 1 stone or wood less.
  effects: [{discount: {amount: 1, of: [stone, wood]}}]
  examples: [{name: builds, when: {build: mason}, expect: {p1: {points: 0}}}]
- id: greedy
  name: Greedy
  kind: token
  value: 9
  text: When built, pay 1 coin.
  effects: [{on: built, do: [{pay: {coins: 1}}]}]
  examples: [{name: pays, given: {p1: {coins: 1}}, when: {build: greedy}, expect: {p1: {coins: 0}}}]
- id: patron
  name: Patron
  kind: token
  value: 10
  text: When built, you may build a token from your hand for free.
  effects: [{on: built, do: [{build: {card: {kind: token, zone: hand}, free: true}}]}]
  examples: [{name: builds none, when: {build: patron}, expect: {p1: {points: 0}}}]
"""


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    target = tmp_path_factory.mktemp("judged") / "cards" / "race"
    shutil.copytree(FIXTURE, target)
    path = target / "game.yaml"
    text = path.read_text()
    for old, new in GAME:
        assert old in text, old
        text = text.replace(old, new, 1)
    path.write_text(text)
    (target / "more.yaml").write_text(CARDS)
    run = load([target], target.parent.parent)
    errors = [d for d in run.report.items if d.severity == "error"]
    assert not errors, [str(d.message) for d in errors]
    return run.games[0]


def _both_ways(game, players: int, seed: int, engine: str) -> list[tuple[list[list[str]], list[float]]]:
    """The same seeded game played with builds judged, then with every move tried: the legal moves
    at every decision and the returns."""
    prog = program(game)
    judged = prog.judged
    seen = []
    try:
        for table in (judged, {name: set() for name in judged}):
            prog.judged = table
            handlers = handlers_of(game) if engine == "handlers" else None
            seen.append(flowkit.legal_moves_played(GameState(game, players, seed=seed, handlers=handlers), seed))
    finally:
        prog.judged = judged
    return seen


def test_which_moves_are_judged(game):
    """The build of one card that must be built is judged, for the cards whose build sets off only
    what is never refused; a build that pays is tried."""
    prog = program(game)
    assert prog.judged["play"] == {0} and prog.judged["bet"] == prog.judged["raise"] == set()
    assert {"one", "dear", "hut", "mason"} <= prog.sure_builds and "greedy" not in prog.sure_builds
    wonders = program(flowkit.game("seven_wonders"))
    assert wonders.judged == {"build": {0}, "stage": {0}, "discard": set()}


def test_the_legal_moves_are_those_that_trying_gives(game, monkeypatch):
    """Seeded games of two to four players on both engines, with the judge's verdicts counted: it
    said yes, no, and left some builds to be tried (a discount asking, a build that pays)."""
    verdicts: list[bool | None] = []
    judged = menus._judged_build
    monkeypatch.setattr(menus, "_judged_build", lambda *args: verdicts.append(judged(*args)) or verdicts[-1])
    decisions = 0
    for seed in range(30):
        played = _both_ways(game, 2 + seed % 3, seed, "handlers" if seed % 2 else "interpreter")
        assert played[0] == played[1], seed
        decisions += len(played[0][0])
    assert decisions > 100 and {True, False, None} <= set(verdicts)


def test_a_discount_whose_first_answer_does_not_pay_is_tried(game):
    """With the mason in play, the hut's discount asks which resource it removes: removing stone
    (the first answer) leaves wood to pay, which the player lacks; removing wood leaves the stone
    the player has. Reading the quote's first answer would refuse the hut: it is tried."""
    state = GameState(game, 2, seed=0)
    for wanted in ("mason", "hut", "one", "two"):
        outcomes = {state.action_to_string(-1, a): a for a, _p in state.chance_outcomes()}
        state.apply_action(next(a for label, a in outcomes.items() if label.startswith(f"deal {wanted} ")))
    assert state.state.players[0].zones["hand"] == ["mason", "hut"]
    assert "play hut" not in flowkit.labels(state)  # no discount yet, no wood
    state.apply_action(state.legal_actions()[flowkit.labels(state).index("play mason")])
    state.apply_action(state.legal_actions()[0])  # the second player's move
    while state.is_chance_node() or state.current_player() != 0:
        state.apply_action(state.sample_chance() if state.is_chance_node() else state.legal_actions()[0])
    assert state.state.players[0].values["stone"] == 1 and not state.state.players[0].values.get("wood")
    assert "play hut" in flowkit.labels(state)


@pytest.mark.parametrize("engine", ["handlers", "interpreter"])
@pytest.mark.parametrize("players", [3, 7])
def test_seven_wonders_legal_moves_are_those_that_trying_gives(players, engine):
    played = _both_ways(flowkit.game("seven_wonders"), players, players, engine)
    assert played[0] == played[1] and len(played[0][0]) >= 18 * players  # six turns an age, and questions


@pytest.mark.parametrize("engine", ["handlers", "interpreter"])
def test_a_stage_that_builds_from_the_discard_pile_is_judged(engine, monkeypatch):
    """Halikarnassos's stages build a card from the discard pile for free, if the player likes
    (sure.sure_builds: an optional free build of cards whose own build is sure): judged, with the
    same legal moves and game as trying them, in a 7-player game (every city dealt) where the judge
    said both yes and no to them."""
    game = flowkit.game("seven_wonders")
    builders = {
        card_id
        for card_id, by_trigger in game.triggered.items()
        for _index, effect in by_trigger.get(game.game.build.on_built, [])
        if any(action.key == "build" for action in effect.do or [])
    }
    assert len(builders) == 4 and builders <= program(game).sure_builds
    verdicts = set()
    judged = menus._judged_build

    def spy(ctx, parts):
        verdict = judged(ctx, parts)
        found = parts[1](ctx)
        if found and found[0][1] in builders:
            verdicts.add(verdict)
        return verdict

    monkeypatch.setattr(menus, "_judged_build", spy)
    played = _both_ways(game, 7, 3, engine)  # seed 3: a game where the judge says both
    assert played[0] == played[1] and verdicts == {True, False}


def test_a_stage_that_builds_what_may_be_refused_is_tried(game):
    """Were one 7 Wonders card's build to pay (the fixture's greedy effect given to it), a stage
    that may build it from the discard pile would no longer be sure: it is tried."""
    wonders = flowkit.game("seven_wonders")
    on_built = wonders.game.build.on_built
    card_id = next(card_id for card_id, card in wonders.cards.items() if card.kind == "card")
    paying = copy.copy(wonders)
    paying.__dict__["triggered"] = {**wonders.triggered, card_id: {on_built: game.triggered["greedy"]["built"]}}
    found, _levels = sure_builds(paying)
    assert card_id not in found and not {"halikarnassus_a_2", "halikarnassus_b_1"} & found
    assert {"halikarnassus_a_2", "halikarnassus_b_1"} <= sure_builds(wonders)[0]


def test_a_build_of_what_may_be_refused_is_tried(game):
    """A card whose build builds one of the tokens in hand for free, if the player likes: tokens
    require something (the kind's requirement reads the hand, which taking a card changes) and a
    token whose build pays (greedy) is among them, so its build is tried, not judged."""
    assert "patron" not in program(game).sure_builds


def _played(game, seeds: range) -> list:
    return [_both_ways(game, 2 + seed % 3, seed, "handlers" if seed % 2 else "interpreter")[0] for seed in seeds]


def test_a_search_counts_the_candidates_only_when_it_goes_on(game, monkeypatch):
    """A trial's optional build is answered with the first candidate that can be built (a choice
    with the first option that can be carried out), the others judged only when the search goes on
    past that run (run again counting them): the same legal moves and games as judging every
    candidate at every question."""
    first, recounts = [], []
    choose_first, counted = Searching.choose_first, Menus._counted
    monkeypatch.setattr(Searching, "choose_first", lambda self, *a: first.append(a) or choose_first(self, *a))
    monkeypatch.setattr(Menus, "_counted", lambda self, *a: recounts.append(a[-1].counted()) or counted(self, *a))
    lazily = _played(game, range(12))
    assert {about for _player, about, _first in first} == {"which card to build", "choose"}
    assert False in recounts  # answered first, then counted when the search went on
    monkeypatch.setattr(Searching, "answers_first", lambda self: False)
    assert _played(game, range(12)) == lazily


def test_a_step_run_again_recalls_which_candidates_can_be_built(game, monkeypatch):
    """A step asking which card to build, run again at each answer, recalls the verdicts on the
    candidates from its earlier runs: the same games as judging them at every run."""
    recalled = _played(game, range(12))
    monkeypatch.setattr(_Replay, "recall", Decider.recall)
    assert _played(game, range(12)) == recalled


def test_where_a_judged_card_lies_is_read_only_when_its_checks_or_price_may_read_it():
    """A card judged from the hand need not be taken from it first when nothing its build's checks
    and price read is there (judging.unread_zones): a 7 Wonders card (no requirement; a discount of
    a fixed kind), not a stage (its requirement reads anything), not in a game whose discount
    applies to the cards an amount finds."""
    game = flowkit.game("seven_wonders")
    unread = judging.unread_zones(game)
    assert "hand" in unread["card"] and "discard" in unread["card"] and "wonder_stage" not in unread
    assert not set(unread["card"]) & set(game.play_zones)
    counting = Selector.model_validate({"kind": "card", "where": {"age": {"count": {"zone": "hand"}}}})
    reading = copy.copy(game)
    reading.passives_by_hook = {
        **game.passives_by_hook,
        "cost": {
            card_id: [arg.model_copy(update={"applies_to": counting}) for arg in args]
            for card_id, args in game.passives_by_hook["cost"].items()
        },
    }
    assert judging.unread_zones(reading) == {}
