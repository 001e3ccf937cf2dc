"""The OpenSpiel-shaped Episode (compiler/runtime/machine.py), driven through the package API."""

from __future__ import annotations

import pytest

from compiler.codegen import engine
from compiler.pipeline.check.examples import setup, trigger
from compiler.pipeline.project import load
from compiler.runtime.decider import Scripted
from compiler.runtime.machine import TERMINAL, Episode
from compiler.runtime.state import Illegal

from repo_paths import REPO
from robust_support import clean_project

MAX_NODES = 60  # the decision trees searched exhaustively are kept small


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    run = load([], clean_project(tmp_path_factory.mktemp("machine")))
    assert run.games
    return run.games


def _examples(games):
    for game in games:
        for card in game.cards.values():
            for example in card.examples:
                yield game, card, example


def _script(example) -> dict[str, list[str]]:
    return {p: ([a] if isinstance(a, str) else list(a)) for p, a in example.answers.items()}


def _play_script(episode: Episode, script: dict[str, list[str]]) -> None:
    """Answer as the example's script does: each player's answers in order, the first option after."""
    while not episode.is_terminal():
        question = episode.question
        queue = script.get(question.player) or []
        action = question.options.index(queue.pop(0)) if queue else 0
        episode.apply_action(action)


@pytest.mark.parametrize("engine_name", ["interpreter", "handlers"])
def test_every_example_plays_out_as_an_episode(games, engine_name):
    """Driven with an example's answers, an episode ends where the example's run ends, with the
    same questions asked on the way, or is refused where the example is."""
    played = questions = 0
    loaded = {g.id: engine.load(g) if engine_name == "handlers" else None for g in games}
    for game, card, example in _examples(games):
        handlers = loaded[game.id]
        reference = setup(game, example.given)
        decider = Scripted(example.answers)
        try:
            trigger(game, reference, example.when, decider, handlers=handlers)
            refused = False
        except Illegal:
            refused = True
        episode = Episode(game, setup(game, example.given), example.when, handlers=handlers)
        _play_script(episode, _script(example))
        assert episode.is_terminal() and episode.current_player() == TERMINAL and episode.legal_actions() == []
        assert bool(episode.refused) == refused, (game.id, card.id, example.name, episode.refused)
        if not refused:
            assert episode.state.snapshot() == reference.snapshot(), (game.id, card.id, example.name)
        assert [(q.player, q.about, q.options, q.answer) for q in episode.asked] == [
            (q.player, q.about, q.options, q.answer) for q in decider.asked
        ], (game.id, card.id, example.name)
        played += 1
        questions += len(episode.history())
    assert played == sum(len(c.examples) for g in games for c in g.cards.values())
    assert questions > 300  # the examples really ask questions: this is not only terminal episodes


def _best(episode: Episode, seat: int, budget: list[int]) -> tuple[float, list[int]]:
    """The best score the seat can reach from here if it picks every answer (a tiny exhaustive bot)."""
    budget[0] -= 1
    if budget[0] < 0:
        raise OverflowError
    if episode.is_terminal():
        return episode.returns()[seat], episode.history()
    found: tuple[float, list[int]] | None = None
    for action in episode.legal_actions():
        child = episode.clone()
        child.apply_action(action)
        value = _best(child, seat, budget)
        if found is None or value[0] > found[0]:
            found = value
    assert found is not None
    return found


def test_a_search_bot_does_at_least_as_well_as_the_script(games):
    """Every example small enough to search: the best line is found, replays to its score, and
    scores no less than the line the example scripts."""
    searched = 0
    for game, card, example in _examples(games):
        start = Episode(game, setup(game, example.given), example.when)
        if start.is_terminal() or start.refused:
            continue
        seat = start.current_player()
        try:
            best, line = _best(start, seat, [MAX_NODES])
        except OverflowError:
            continue
        scripted = start.clone()
        _play_script(scripted, _script(example))
        replay = start.clone()
        for action in line[len(start.history()) :]:
            replay.apply_action(action)
        assert replay.is_terminal() and replay.returns()[seat] == best
        assert best >= scripted.returns()[seat], (game.id, card.id, example.name)
        searched += 1
    assert searched > 50


def test_actions_are_checked_and_clones_are_independent(games):
    game = next(g for g in games if g.id == "olympus")
    example = next(e for e in game.cards["zeus_alpha"].examples if e.answers)
    episode = Episode(game, setup(game, example.given), example.when)
    assert not episode.is_terminal() and not episode.is_chance_node()
    assert episode.num_players() == len(episode.state.players)
    assert episode.returns() == [0.0] * episode.num_players()  # nothing is scored before the end
    seat, legal = episode.current_player(), episode.legal_actions()
    assert legal and episode.legal_actions(seat + 1) == []
    assert episode.action_to_string(seat, legal[0]) == episode.question.options[0]
    with pytest.raises(ValueError):
        episode.apply_action(len(legal))
    with pytest.raises(ValueError):
        episode.action_to_string(seat, -1)
    twin = episode.clone()
    twin.apply_action(legal[-1])
    assert episode.history() == [] and twin.history() == [legal[-1]]
    assert str(episode).startswith(episode.question.player)


def test_returns_read_the_score_game_yaml_names(games):
    import dataclasses

    checked = 0
    for game, _card, example in _examples(games):
        episode = Episode(game, setup(game, example.given), example.when)
        _play_script(episode, _script(example))
        if episode.refused:
            continue
        seats = sorted(episode.state.players, key=lambda p: p.seat)
        assert episode.returns() == [float(p.values.get(game.game.score, 0)) for p in seats]
        checked += 1
    assert checked > 300
    nameless = dataclasses.replace(game, game=game.game.model_copy(update={"score": None}))
    episode = Episode(nameless, setup(nameless, example.given), example.when)
    _play_script(episode, _script(example))
    with pytest.raises(ValueError, match="score"):
        episode.returns()


def test_a_score_that_names_no_counter_is_an_error(ostraka, tmp_path):
    import shutil

    project = tmp_path / "project"
    shutil.copytree(REPO / "cards" / "olympus", project / "cards" / "olympus")
    game_file = project / "cards" / "olympus" / "game.yaml"
    game_file.write_text(
        game_file.read_text(encoding="utf-8").replace("\nscore: points", "\nscore: pionts"), encoding="utf-8"
    )
    result = ostraka("check", cwd=project)
    assert result.exit_code == 1
    assert "pionts" in result.output and "game.yaml" in result.output
