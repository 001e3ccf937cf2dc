"""Designer-style cards (tests/designer/<game>/), checked with --strict against the real game.

Each game's designer cards are added to a copy of cards/<game>/ (the real card sets are never
touched) and the copy is checked once through the CLI. A card passes when no finding lies in its
file; tests/designer/pending.yaml lists the cards that need a concept the language lacks yet
(issue 15), and each of those must still fail, so the list is the true to-do list.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from ruamel.yaml import YAML

from compiler.cli.main import cli

from repo_paths import REPO

DESIGNER = REPO / "tests" / "designer"
GAMES = ("seven_wonders", "olympus", "attika", "peloponnes")
PENDING: dict = YAML(typ="safe").load((DESIGNER / "pending.yaml").read_text()) or {}


def _card_ids(path: Path) -> list[str]:
    data = YAML(typ="safe").load(path.read_text())
    return [entity["id"] for entity in (data if isinstance(data, list) else [data])]


@pytest.fixture(scope="module")
def findings(tmp_path_factory) -> dict[str, list[dict]]:
    """Each game checked with its designer cards, once on each execution path (the examples run
    through the interpreter, then through the generated handlers): the findings by game."""
    out: dict[str, list[dict]] = {}
    for game in GAMES:
        root = tmp_path_factory.mktemp(game)
        shutil.copytree(REPO / "cards" / game, root / "cards" / game)
        shutil.copytree(DESIGNER / game, root / "cards" / game / "designer")
        old = os.getcwd()
        os.chdir(root)
        try:
            out[game] = []
            for engine in ("interpreter", "handlers"):
                args = ["check", "--strict", "--no-cache", "--engine", engine, "--format", "json", f"cards/{game}"]
                result = CliRunner().invoke(cli, args, catch_exceptions=False)
                out[game] += [dict(d, engine=engine) for d in json.loads(result.output)["diagnostics"]]
        finally:
            os.chdir(old)
    return out


CASES = [
    (game, path.name, card_id)
    for game in GAMES
    for path in sorted((DESIGNER / game).glob("*.yaml"))
    for card_id in _card_ids(path)
]


def test_corpus_has_six_cards_per_game():
    for game in GAMES:
        assert sum(1 for g, _f, _c in CASES if g == game) >= 6, game


def test_pending_names_only_corpus_cards():
    known = {(g, c) for g, _f, c in CASES}
    stray = [(g, c) for g, cards in PENDING.items() for c in cards or {} if (g, c) not in known]
    assert not stray


@pytest.mark.parametrize("game,file,card_id", CASES, ids=[f"{g}:{c}" for g, _f, c in CASES])
def test_designer_card(findings, game, file, card_id):
    mine = [
        f"{d['engine']}: {d['line']}:{d['column']} {d['code']} {d['message']}"
        for d in findings[game]
        if d["file"] == f"cards/{game}/designer/{file}"
    ]
    reason = (PENDING.get(game) or {}).get(card_id)
    if reason is None:
        assert not mine, f"{card_id} should pass --strict: {mine}"
    else:
        assert mine, f"{card_id} now passes: take it off tests/designer/pending.yaml ({reason})"
