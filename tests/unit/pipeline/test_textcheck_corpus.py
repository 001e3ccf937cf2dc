"""The text check (W501) measured on honest texts: no false alarm, and every planted error caught.

The corpus is tests/textcheck/corpus/<game>/ (designer-style cards written for it, each text saying
exactly what its effects, or its fields, do) and the cards of tests/designer/<game>/ that the
language can check (those not in tests/designer/pending.yaml). Each game's corpus is added to a
copy of cards/<game>/ and checked once with --strict: a corpus card has no W501 (false alarms: 0),
and no other finding either, so its examples pass and its text is honest about what it does.
Findings in the copy's real cards are not this test's business (test_textcheck checks those): a
copy holding more buildings changes what a few real examples count (Attika's 'every building
placed wins').

tests/textcheck/wrong.yaml holds corpus texts made wrong on purpose (a number, a noun, a missing
clause): each must be caught, by a finding that stands on the word that differs.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from ruamel.yaml import YAML

from compiler.cli.main import cli

from repo_paths import REPO

CORPUS = REPO / "tests" / "textcheck" / "corpus"
DESIGNER = REPO / "tests" / "designer"
GAMES = ("seven_wonders", "olympus", "attika", "peloponnes")
WRONG: dict = YAML(typ="safe").load((REPO / "tests" / "textcheck" / "wrong.yaml").read_text())


def _pending() -> set[tuple[str, str]]:
    path = DESIGNER / "pending.yaml"
    data = (YAML(typ="safe").load(path.read_text()) if path.exists() else None) or {}
    return {(game, card) for game, cards in data.items() for card in cards or {}}


def _sources(game: str) -> list[tuple[str, Path]]:
    """(folder in the copy, file) of every corpus file of a game."""
    return [
        (folder, path)
        for folder, root in (("textcheck_corpus", CORPUS), ("designer_corpus", DESIGNER))
        for path in sorted((root / game).glob("*.yaml"))
    ]


def _cards(path: Path) -> list[dict]:
    data = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
    return data if isinstance(data, list) else [data]


@pytest.fixture(scope="module")
def checked(tmp_path_factory) -> dict:
    """Each game copied with its corpus and checked once: the copy's root, and its findings."""
    out = {}
    for game in GAMES:
        root = tmp_path_factory.mktemp(game)
        shutil.copytree(REPO / "cards" / game, root / "cards" / game)
        for folder, path in _sources(game):
            (root / "cards" / game / folder).mkdir(exist_ok=True)
            shutil.copy(path, root / "cards" / game / folder / path.name)
        old = os.getcwd()
        os.chdir(root)
        try:
            result = CliRunner().invoke(
                cli, ["check", "--strict", "--no-cache", "--format", "json", f"cards/{game}"], catch_exceptions=False
            )
        finally:
            os.chdir(old)
        out[game] = (root, json.loads(result.output)["diagnostics"])
    return out


def _measured(game: str) -> list[tuple[str, str]]:
    """(file in the copy, card id) of every card whose text is measured."""
    pending = _pending()
    return [
        (f"cards/{game}/{folder}/{path.name}", card["id"])
        for folder, path in _sources(game)
        for card in _cards(path)
        if (game, card["id"]) not in pending
    ]


def test_the_corpus_holds_at_least_forty_texts_ten_per_game():
    assert sum(len(_measured(game)) for game in GAMES) >= 40
    for game in GAMES:
        assert len([1 for file, _c in _measured(game) if "textcheck_corpus" in file]) >= 10, game


@pytest.mark.parametrize("game", GAMES)
def test_no_false_alarm_on_honest_texts(checked, game):
    _root, diagnostics = checked[game]
    files = {file for file, _card in _measured(game)}
    alarms = [
        f"{d['file']}:{d['line']}:{d['column']}: {d['message']}"
        for d in diagnostics
        if d["code"] == "W501" and d["file"] in files
    ]
    assert not alarms, "false alarms:\n" + "\n".join(alarms)


@pytest.mark.parametrize("game", GAMES)
def test_the_corpus_cards_are_valid_and_their_examples_pass(checked, game):
    _root, diagnostics = checked[game]
    mine = [
        f"{d['file']}:{d['line']}: {d['code']} {d['message']}" for d in diagnostics if "textcheck_corpus/" in d["file"]
    ]
    assert not mine, mine


@pytest.fixture(scope="module")
def loaded(checked) -> dict:
    """Each copy loaded through the package, with the reader and the English the check uses."""
    from compiler.pipeline.check.textcheck import Vocabulary
    from compiler.pipeline.project import load
    from compiler.render.english import English

    out = {}
    for game in GAMES:
        root, _d = checked[game]
        compiled = next(g for g in load([root / "cards" / game], root).games if g.id == game)
        out[game] = (compiled, Vocabulary(compiled.game, compiled.cards), English(compiled.game, compiled.cards))
    return out


WRONG_CASES = [(game, i, case) for game, cases in WRONG.items() for i, case in enumerate(cases)]


def test_every_game_has_wrong_numbers_nouns_and_clauses():
    for game in GAMES:
        cases = WRONG[game]
        assert len(cases) >= 5, game
        assert any(c["at"] is None for c in cases) and any(c["at"] is not None for c in cases), game


@pytest.mark.parametrize("game,index,case", WRONG_CASES, ids=[f"{g}:{c['card']}:{i}" for g, i, c in WRONG_CASES])
def test_a_wrong_text_is_caught_at_its_word(loaded, game, index, case):
    from compiler.pipeline.check.textcheck import compare

    compiled, vocab, en = loaded[game]
    honest = compiled.cards[case["card"]]
    assert not compare(honest, vocab, en), f"{case['card']}: the honest text is not clean"
    text = case["text"]
    found = compare(honest.model_copy(update={"text": text}), vocab, en)
    if case["at"] is None:
        where = None
    else:
        match = re.search(rf"(?<!\w){re.escape(case['at'])}(?!\w)", text)
        assert match, case
        where = match.start()
    hits = [f for f in found if case["says"] in f.message and f.start == where]
    assert hits, f"{case['card']}: expected {case['says']!r} at {case['at']!r}; found " + "; ".join(
        f"{f.message} at {text[f.start : f.end] if f.start is not None else None!r}" for f in found
    )
