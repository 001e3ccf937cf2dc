"""`adjacent` inside `for_each: {cards: ...}` tests the hex of each card in view: it used to test
the hex just placed for every card (the event's), so "for each of your buildings next to water"
counted the new building's neighbours once per building, with no word."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from repo_paths import REPO

HARBOUR = """id: harbour_office
name: Harbour Office
kind: building
group: shipping
stack: other
cost: {water: 1}
text: When built, gain 1 amphora for each of your buildings next to a water hex.
effects:
  - on: built
    do:
      - for_each:
          cards: {kind: building, zone: built}
          do:
            - if:
                test: {adjacent: {symbol: water}}
                then: [{gain: {amphorae: 1}}]
examples:
  - name: the Capital by the water counts, the office and the Agora do not
    given:
      players: 2
      board:
        tiles: {"0,0": land_01}
        pieces:
          p1: {"0,0": capital, "-1,0": agora}
      p1: {water: 1, forest: 1, hills: 1, mountains: 1, built: [capital, agora], storage: [harbour_office], builds: 1}
    when: {event: place_building, by: p1}
    answers: {p1: ["-1,1"]}
    expect:
      p1: {amphorae: 1}
      board:
        pieces:
          p1: {"0,0": capital, "-1,0": agora, "-1,1": harbour_office}
"""


@pytest.fixture
def attika(tmp_path) -> Path:
    shutil.copytree(REPO / "cards" / "attika", tmp_path / "cards" / "attika")
    (tmp_path / "cards" / "attika" / "harbour_office.yaml").write_text(HARBOUR)
    return tmp_path


@pytest.mark.parametrize("engine", ["interpreter", "handlers"])
def test_adjacent_reads_each_card_in_view(ostraka, attika, engine):
    result = ostraka(
        "check", "--no-cache", "--strict", "--engine", engine, "--format", "json", "cards/attika", cwd=attika
    )
    # (a 31st building: the example that builds the 30th no longer wins; only the new file is read)
    mine = [d for d in result.json()["diagnostics"] if d["file"].endswith("harbour_office.yaml")]
    assert not mine, mine
