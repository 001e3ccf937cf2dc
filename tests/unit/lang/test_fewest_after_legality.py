"""A build's `fewest`/`most` keep the cheapest (dearest) of the cards that can be built: the
cheapest card a player may not build (one they own, one they cannot pay) used to leave nothing to
build at all, vetoing the next cheapest."""

from __future__ import annotations

import pytest

SCAVENGER = """id: scavenger
name: Scavenger
kind: card
text: When built, build the cheapest card you can from the discard pile, for free.
effects:
  - on: built
    do:
      - build: {card: {zone: discard, fewest: {units: {field: cost}}}, free: true, optional: false}
examples:
  - name: the cheapest is owned already, the next cheapest is built
    given: {discard: [good, dear], p1: {city: [good]}}
    when: {build: scavenger, by: p1}
    expect: {discard: [good], p1: {city: [good, scavenger, dear], coins: 3}}
  - name: the cheapest is built when it can be
    given: {discard: [good, dear]}
    when: {build: scavenger, by: p1}
    expect: {discard: [dear], p1: {city: [scavenger, good], coins: 5}}
"""

DEAR = """id: dear
name: Dear Card
kind: card
cost: {wood: 3}
text: Nothing.
effects: []
examples:
  - name: in play
    given: {p1: {wood: 3}}
    when: {build: dear, by: p1}
    expect: {p1: {city: [dear], wood: 0}}
"""


@pytest.mark.parametrize("engine", ["interpreter", "handlers"])
def test_fewest_keeps_the_cheapest_card_that_can_be_built(ostraka, mini_game, engine):
    (mini_game / "scavenger.yaml").write_text(SCAVENGER)
    (mini_game / "dear.yaml").write_text(DEAR)
    result = ostraka("check", "--no-cache", "--engine", engine, "cards/mini", cwd=mini_game.parent.parent)
    assert result.exit_code == 0, result.output
