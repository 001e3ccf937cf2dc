"""What a player may see: game.yaml's zone visibility, the per-player view, and the guesses an
honest bot makes of what it cannot see (runtime/view.py, runtime/guess.py)."""

from __future__ import annotations

import random

import pytest
from pydantic import ValidationError

from compiler.model.game import Zone
from compiler.runtime.guess import guess
from compiler.runtime.view import view
from compiler.tools.play import new_game


def _games(real_games):
    return {g.id: g for g in real_games}


def _advance(state, decisions: int, seed: int = 0):
    """Play random moves until `decisions` have been made (chance from the game's own draws)."""
    rng = random.Random(seed)
    made = 0
    while not state.is_terminal() and made < decisions:
        if state.is_chance_node():
            state.apply_action(state.sample_chance())
            continue
        state.apply_action(rng.choice(state.legal_actions()))
        made += 1
    while state.is_chance_node():
        state.apply_action(state.sample_chance())
    return state


def test_zone_visibility_is_declared_and_checked():
    assert Zone().seen_by == "everyone"
    assert Zone(hidden=True).seen_by == "owner"
    assert Zone(visible="nobody", shared=True).seen_by == "nobody"
    with pytest.raises(ValidationError, match="keep one"):
        Zone(hidden=True, visible="nobody")
    with pytest.raises(ValidationError, match="no owner"):
        Zone(shared=True, visible="owner")


def test_a_visibility_mistake_in_game_yaml_is_located(ostraka, mini_game):
    game_yaml = mini_game / "game.yaml"
    text = game_yaml.read_text()
    assert "discard: {shared: true}" in text
    game_yaml.write_text(text.replace("discard: {shared: true}", "discard: {shared: true, visible: owner}", 1))
    result = ostraka("check", cwd=mini_game.parent.parent)
    assert result.exit_code == 1
    assert "game.yaml:" in result.output and "no owner" in result.output


def test_others_hands_are_counts_and_face_down_piles_hidden_to_all(real_games):
    state = _advance(new_game(_games(real_games)["seven_wonders"], 3, 1), 4)
    seen = view(state, 0)
    me, left = seen.players[0], seen.players[1]
    assert me.zones["hand"].cards == tuple(state.state.players[0].zones["hand"])
    assert left.zones["hand"].cards is None and left.zones["hand"].count == len(state.state.players[1].zones["hand"])
    assert seen.zones["discard"].cards is None  # 7 Wonders discards face down
    assert seen.zones["discard"].count == len(state.state.zones["discard"])
    assert view(state, None).zones["discard"].cards == tuple(state.state.zones["discard"])
    # the text a person is shown names no card they cannot see
    text = "\n".join(state.summary(0))
    for cid in state.state.players[1].zones["hand"] + state.state.zones["discard"]:
        if cid not in state.state.players[0].zones["hand"] and cid not in state.state.players[0].zones["city"]:
            assert cid not in text


def test_a_face_down_stack_tells_its_runs_and_a_players_own_stack_is_hidden_from_them(real_games):
    games = _games(real_games)
    stack = _advance(new_game(games["peloponnes"], 3, 1), 1)
    tiles = view(stack, 0).zones["tile_stack"]
    assert tiles.cards is None
    assert [v for v, _n in tiles.runs] == ["A", "B", "C"] and sum(n for _v, n in tiles.runs) == tiles.count
    assert (
        view(stack, 0).zones["disaster_pile"].cards is None
        and "cards" not in view(stack, 0).zones["disaster_pile"].as_dict()
    )
    attika = _advance(new_game(games["attika"], 2, 1), 1)
    mine = view(attika, 0).players[0].zones
    assert mine["stack_1"].cards is None and mine["stack_1"].count > 0  # face down to its owner too
    assert mine["storage"].cards is not None
    assert view(attika, 0).zones["landscape_deck"].cards is None


@pytest.mark.parametrize("gid, players", [("seven_wonders", 3), ("peloponnes", 3), ("attika", 2)])
def test_a_guess_changes_only_what_the_player_cannot_see(real_games, gid, players):
    state = _advance(new_game(_games(real_games)[gid], players, 1), 2)
    seat = state.current_player()
    rng = random.Random(5)
    guesses = [guess(state, seat, rng) for _ in range(6)]
    for g in guesses:
        assert view(g, seat).key() == view(state, seat).key()
    # the hidden cards move (some guess differs from the truth), the truth is left alone
    truth = state.summary()
    assert any(g.summary() != truth for g in guesses)
    assert state.summary() == truth
    for g in guesses:  # a guess is a game that goes on
        for _ in range(20):
            if g.is_terminal():
                break
            g.apply_action(g.sample_chance() if g.is_chance_node() else rng.choice(g.legal_actions()))


def test_a_guess_keeps_the_runs_of_a_count_by_field(real_games):
    state = _advance(new_game(_games(real_games)["peloponnes"], 3, 1), 2)
    g = guess(state, state.current_player(), random.Random(1))
    stacks = [state.game.cards[c].fields["stack"] for c in g.state.zones["tile_stack"]]
    truth = [state.game.cards[c].fields["stack"] for c in state.state.zones["tile_stack"]]
    assert stacks == truth and g.state.zones["tile_stack"] != state.state.zones["tile_stack"]


def test_a_guess_makes_the_others_hidden_picks_anew(real_games):
    state = _advance(new_game(_games(real_games)["seven_wonders"], 3, 1), 2)  # p3 to pick, two picks made
    frame = state.stack[-1]
    assert frame[4] == 2
    g = guess(state, state.current_player(), random.Random(3))
    for seat, pick in zip(g.stack[-1][2], g.stack[-1][5]):
        name, card = g.program.move_of(pick)
        assert card in g.state.players[seat].zones["hand"]


def test_what_a_player_cannot_see_changes_nothing_a_bot_does(real_games):
    """Two games that differ only in which other player holds which hidden hand look the same to
    p1: the guesses of p1's bots are the same, and so are greedy's and MCTS's moves (they never
    read the hidden cards, only guesses made from what p1 sees)."""
    from compiler.simulate.bots import BotOptions, GreedyBot, MCTSBot
    from compiler.simulate.table import Table

    game = _games(real_games)["seven_wonders"]
    state = _advance(new_game(game, 3, 2), 0)
    swapped = state.clone()
    hands = [p.zones["hand"] for p in swapped.state.players]
    swapped.state.players[1].zones["hand"], swapped.state.players[2].zones["hand"] = list(hands[2]), list(hands[1])
    assert view(swapped, 0).key() == view(state, 0).key() and swapped.summary() != state.summary()
    assert guess(state, 0, random.Random(4)).summary() == guess(swapped, 0, random.Random(4)).summary()
    table = Table(game, 3, "interpreter")
    options = BotOptions(mcts_simulations=4, mcts_worlds=2)
    for bot in (GreedyBot(table, 0, 11, options), MCTSBot(table, 0, 11, options)):
        assert bot.step(state) == bot.step(swapped), bot.name
