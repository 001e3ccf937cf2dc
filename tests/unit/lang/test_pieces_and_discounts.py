"""Amounts about pieces and their hexes (`pieces: {on: SYMBOL}`: one's pieces on hexes showing a
symbol) and a discount whose amount is an expression (it had to be a whole number)."""

from __future__ import annotations

import shutil

import pytest

from repo_paths import REPO

RIVER_PORT = """id: river_port
name: River Port
kind: building
group: shipping
stack: other
cost: {water: 1}
text: When built, you take 1 amphora for each of your buildings standing on a water hex.
effects:
  - on: built
    do: [{gain: {amphorae: {pieces: {of: self, on: water, to: {kind: building}}}}}]
examples:
  - name: the Capital stands on water, the Agora on forest
    given:
      players: 2
      board:
        tiles: {"0,0": land_01}
        pieces:
          p1: {"1,0": capital, "-1,0": agora}
      p1: {water: 1, forest: 1, hills: 1, mountains: 1, built: [capital, agora], storage: [river_port], builds: 1}
    when: {event: place_building, by: p1}
    answers: {p1: ["-1,1"]}
    expect:
      p1: {amphorae: 1}
"""

GUILD = """id: guild_hall
name: Guild Hall
kind: card
colour: blue
text: Each card you build costs you 1 resource of your choice less for each red card you have.
effects:
  - discount: {amount: {count: {where: {colour: red}}}, of: any}
examples:
  - name: two red cards take two wood off
    given: {p1: {city: [guild_hall, red_one, red_two], wood: 1}}
    when: {build: dear, by: p1}
    expect: {p1: {wood: 0, city: [guild_hall, red_one, red_two, dear]}}
  - name: no red card, no discount
    given: {p1: {city: [guild_hall], wood: 1}}
    when: {build: dear, by: p1}
    expect: {refused: true}
"""

CARDS = """- id: dear
  name: Dear
  kind: card
  cost: {wood: 3}
  text: Nothing.
  effects: []
  examples: [{name: in play, given: {p1: {wood: 3}}, when: {build: dear}, expect: {p1: {city: [dear]}}}]
- id: red_one
  name: Red One
  kind: card
  colour: red
  text: Nothing.
  effects: []
  examples: [{name: in play, when: {build: red_one}, expect: {p1: {city: [red_one]}}}]
- id: red_two
  name: Red Two
  kind: card
  colour: red
  text: Nothing.
  effects: []
  examples: [{name: in play, when: {build: red_two}, expect: {p1: {city: [red_two]}}}]
"""


@pytest.mark.parametrize("engine", ["interpreter", "handlers"])
def test_pieces_on_hexes_showing_a_symbol(ostraka, tmp_path, engine):
    shutil.copytree(REPO / "cards" / "attika", tmp_path / "cards" / "attika")
    (tmp_path / "cards" / "attika" / "river_port.yaml").write_text(RIVER_PORT)
    result = ostraka(
        "check", "--no-cache", "--strict", "--engine", engine, "--format", "json", "cards/attika", cwd=tmp_path
    )
    # (a 31st building: the example that builds the 30th no longer wins; only the new file is read)
    mine = [d for d in result.json()["diagnostics"] if d["file"].endswith("river_port.yaml")]
    assert not mine, mine


@pytest.mark.parametrize("engine", ["interpreter", "handlers"])
def test_a_discount_of_an_amount(ostraka, mini_game, engine):
    (mini_game / "guild_hall.yaml").write_text(GUILD)
    (mini_game / "cards.yaml").write_text(CARDS)
    result = ostraka("check", "--no-cache", "--strict", "--engine", engine, "cards/mini", cwd=mini_game.parent.parent)
    assert result.exit_code == 0, result.output
