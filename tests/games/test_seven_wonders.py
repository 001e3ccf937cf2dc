"""7 Wonders, complete, as data: the listing, the decks, and every example passing."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from repo_paths import REPO

GAME = "cards/seven_wonders"


def test_check_is_clean_and_counts_examples(ostraka):
    result = ostraka("check", GAME)
    assert result.exit_code == 0, result.output
    passed = int(re.search(r"(\d+) examples passed", result.output).group(1))
    assert passed >= 250


def test_cards_listing(ostraka):
    records = json.loads(ostraka("cards", "seven_wonders", "--format", "json").output)
    kinds = Counter(r["kind"] for r in records)
    assert kinds == {"card": 78, "wonder": 14, "wonder_stage": 42}
    colours = Counter(r["fields"]["colour"] for r in records if r["kind"] == "card")
    assert colours["purple"] == 10
    for r in records:
        assert {"id", "name", "kind", "fields"} <= set(r)
    # every card and stage has at least one example
    assert all(r["examples"] >= 1 for r in records)


@pytest.fixture(scope="module")
def seven_wonders():

    from compiler.pipeline.project import load

    (game,) = load([REPO / GAME]).games
    return game


@pytest.mark.parametrize("age", [1, 2, 3])
@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_deck_has_seven_cards_per_player(seven_wonders, players, age):
    from compiler.runtime.deck import build_deck

    ids = build_deck(seven_wonders, players, age, seed=11)
    assert len(ids) == 7 * players
    guilds = [i for i in ids if seven_wonders.cards[i].fields["colour"] == "purple"]
    assert len(guilds) == (players + 2 if age == 3 else 0)
    assert len(set(guilds)) == len(guilds)


def test_deck_command_prints_one_id_per_line(ostraka):
    result = ostraka("deck", "seven_wonders", "--players", "4", "--age", "3", "--seed", "11")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert len(lines) == 28 and all(line.strip() == line and line for line in lines)
    assert sum(line.endswith("_guild") for line in lines) == 6


def test_guild_draw_follows_the_seed(seven_wonders):
    from compiler.runtime.deck import build_deck

    def guilds(seed):
        return [i for i in build_deck(seven_wonders, 3, 3, seed) if i.endswith("_guild")]

    assert guilds(1) == guilds(1)
    assert len({tuple(guilds(s)) for s in range(6)}) > 1


def test_box_totals():
    """49 Age I, 49 Age II and 40 Age III cards at 7 players, plus 10 guilds in the box."""
    from pathlib import Path

    from compiler.pipeline.project import load

    run = load([Path(GAME)])
    (game,) = run.games
    totals = Counter()
    for card in game.cards.values():
        if card.kind == "card":
            totals[card.fields["age"]] += len(card.fields.get("copies") or [])
    assert totals == {1: 49, 2: 49, 3: 40}


def test_explain_shows_source_effects_and_examples(ostraka):
    out = ostraka("explain", "west_trading_post").output
    assert "cards/seven_wonders/age1/west_trading_post.yaml:1:1" in out
    rendered = next(line for line in out.splitlines() if line.strip().startswith("rendered:"))
    assert "wood, stone, clay and ore" in rendered and "left neighbour" in rendered and "1 coin each" in rendered
    assert "examples (2)" in out


def test_explain_unknown_card_suggests(ostraka):
    result = ostraka("explain", "west_trading_pots")
    assert result.exit_code == 2
    assert "did you mean 'west_trading_post'" in result.output
