"""What simulate counts as built: a card that joins a seat's cards in play from another seat's (a
card handed over, traded) was built once, by its first owner, not again by each receiver (a card
with 6 copies in the supply was counted built 9 times)."""

from __future__ import annotations

import shutil
from collections import Counter

from compiler.pipeline.project import load
from compiler.simulate.match import play_game
from compiler.simulate.table import Table

from repo_paths import TESTS

FIXTURE = TESTS / "fixtures" / "flow"
# a move that hands a token one has built to the left neighbour's table
GIVE = """    give:
      card: {zone: table}
      do:
        - move: {card: {zone: table, where: {id: {field: id}}}, to: table, of: left, count: 1}
"""


def test_a_card_handed_over_is_not_built_again(tmp_path):
    target = tmp_path / "cards" / "race"
    shutil.copytree(FIXTURE, target)
    game_yaml = target / "game.yaml"
    text = game_yaml.read_text().replace("  moves:\n", "  moves:\n" + GIVE)
    game_yaml.write_text(text.replace("moves: [play, bet]", "moves: [play, bet, give]"))
    (game,) = load([], tmp_path).games
    table = Table(game, 2, engine="interpreter")
    for index in range(12):
        record = play_game(table, ["random", "random"], 7, index)
        built = Counter(card for _seat, card, _points in record.builds)
        assert all(n == 1 for n in built.values()), (index, built)  # each token is dealt once
