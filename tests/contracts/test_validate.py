"""Validation runs the strict models first and the JSON Schema only to explain a rejection; that is
sound only if the models never accept what the schema rejects. These tests hold them to it."""

from __future__ import annotations

import copy
import random

import pytest
from pydantic import ValidationError

from compiler.load.loader import load_file
from compiler.model.game import Card, Game
from compiler.pipeline.validate.structure import schema_errors

from repo_paths import REPO

CARD_FILES = sorted(p for p in (REPO / "cards").rglob("*.yaml") if p.name != "game.yaml")
GAME_FILES = sorted((REPO / "cards").rglob("game.yaml"))
BAD = sorted((REPO / "tests" / "fixtures").rglob("*.yaml"))
REPLACEMENTS = ["text", 7, -1, True, None, [], {}, ["x"], {"gian": 1}, {"a": 1, "b": 2}, 10**9]


def _paths(node, path=()):
    yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, path + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _paths(value, path + (i,))


def _mutants(data, rng: random.Random, n: int):
    paths = [p for p in _paths(data) if p]
    for path in rng.sample(paths, min(n, len(paths))):
        mutant = copy.deepcopy(data)
        parent = mutant
        for part in path[:-1]:
            parent = parent[part]
        last = path[-1]
        choice = rng.random()
        if choice < 0.25 and isinstance(parent, dict):
            del parent[last]
        elif choice < 0.4 and isinstance(parent, dict):
            parent["x_" + str(last)] = parent.pop(last)
        else:
            parent[last] = copy.deepcopy(rng.choice(REPLACEMENTS))
        yield mutant


def _strict_accepts(model, data) -> bool:
    try:
        model.model_validate(data, strict=True)
    except ValidationError:
        return False
    return True


def _entities(data):
    return list(data) if isinstance(data, list) else [data]


def _check(model, which, data, doc):
    if _strict_accepts(model, data):
        assert not schema_errors(data, doc, which), f"the models accept what the schema rejects: {data!r}"[:2000]


@pytest.mark.parametrize("path", CARD_FILES[::3], ids=lambda p: p.stem)
def test_models_never_accept_what_the_schema_rejects_cards(path):
    doc, problems = load_file(path, path.name)
    assert not problems
    rng = random.Random(path.name)
    for entity in _entities(doc.data):
        assert _strict_accepts(Card, entity)  # real data passes the fast path
        for mutant in _mutants(entity, rng, 25):
            _check(Card, "card", mutant, doc)


@pytest.mark.parametrize("path", GAME_FILES, ids=lambda p: p.parent.name)
def test_models_never_accept_what_the_schema_rejects_games(path):
    doc, problems = load_file(path, path.name)
    assert not problems
    rng = random.Random(path.parent.name)
    for mutant in _mutants(doc.data, rng, 120):
        _check(Game, "game", mutant, doc)


def test_the_fixtures_agree_too():
    for path in BAD:
        doc, problems = load_file(path, path.name)
        if problems or doc.data is None:
            continue
        for entity in _entities(doc.data):
            model, which = (Game, "game") if path.name == "game.yaml" else (Card, "card")
            _check(model, which, entity, doc)


def test_every_model_has_its_fields_types_resolved_at_import():
    """resolve.py and typecheck.py walk the data by the models' field types: a quoted name left as a
    forward reference (an argument model that nests "Action" or "Amount") would hide every name
    under it. The language builds its models lazily, but never leaves one with unresolved fields."""
    import sys

    from pydantic import BaseModel

    import compiler.pipeline.project  # noqa: F401 - every model a check uses

    models = {
        value
        for name, module in list(sys.modules.items())
        if name.startswith("compiler.") and module is not None
        for value in vars(module).values()
        if isinstance(value, type) and issubclass(value, BaseModel) and value.__module__.startswith("compiler.")
    }
    assert len(models) > 50
    assert not [m.__qualname__ for m in models if not m.__pydantic_fields_complete__]
