"""The next designer cards (issue 30), written from the docs with what the language gained: each
game's cards (tests/fixtures/next_cards/<game>/) are added to a copy of cards/<game>/ (the shipped
games stay as published), with game.yaml's additions (<game>.additions.yaml: the trade's event for
7 Wonders), and the copy is checked with --strict on both engines. A card passes when no finding
lies in its file (a copy with more buildings changes what a few real examples count: Attika's
"every building placed wins")."""

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

NEXT = REPO / "tests" / "fixtures" / "next_cards"
GAMES = ("seven_wonders", "olympus", "attika", "peloponnes")


def _ids(path: Path) -> list[str]:
    data = YAML(typ="safe").load(path.read_text())
    return [entity["id"] for entity in (data if isinstance(data, list) else [data])]


def _copy(game: str, root: Path) -> Path:
    target = root / "cards" / game
    shutil.copytree(REPO / "cards" / game, target)
    shutil.copytree(NEXT / game, target / "next_cards")
    additions = NEXT / f"{game}.additions.yaml"
    if additions.exists():
        yaml = YAML()
        data = yaml.load((target / "game.yaml").read_text())
        for key, value in yaml.load(additions.read_text()).items():
            if isinstance(value, dict) and key in data:
                data[key].update(value)
            else:
                data[key] = value
        with (target / "game.yaml").open("w") as out:
            yaml.dump(data, out)
    return root


@pytest.fixture(scope="module")
def findings(tmp_path_factory) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for game in GAMES:
        root = _copy(game, tmp_path_factory.mktemp(game))
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


CASES = [(game, path.name) for game in GAMES for path in sorted((NEXT / game).glob("*.yaml"))]


def test_at_least_eight_new_cards_across_the_games():
    cards = [card_id for game, name in CASES for card_id in _ids(NEXT / game / name)]
    assert len(cards) >= 8 and len({game for game, _name in CASES}) == len(GAMES), cards


@pytest.mark.parametrize(("game", "name"), CASES, ids=[f"{g}/{n}" for g, n in CASES])
def test_a_next_card_checks_strict_on_both_engines(findings, game, name):
    mine = [d for d in findings[game] if d["file"] == f"cards/{game}/next_cards/{name}"]
    assert not mine, mine


@pytest.mark.parametrize("game", GAMES)
def test_each_next_card_has_text_and_examples(game):
    for path in sorted((NEXT / game).glob("*.yaml")):
        data = YAML(typ="safe").load(path.read_text())
        for card in data if isinstance(data, list) else [data]:
            assert card.get("text") and card.get("examples"), (path.name, card["id"])
