"""libyaml composes what the pure path composes: the same data, positions, key positions and findings.

compiler/fastyaml.py takes the syntax from libyaml and resolves every plain scalar with ruamel's
YAML 1.2 resolver; the loader uses it when a text is plainly one document. Here both paths load
every card file, every fixture and a set of texts where YAML 1.1 and 1.2 differ, and must agree.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from compiler.load import fastyaml, loader

from repo_paths import REPO

CARD_FILES = sorted((REPO / "cards").rglob("*.yaml"))


def _utf8(path: Path) -> bool:
    try:
        path.read_bytes().decode("utf-8")
        return True
    except UnicodeDecodeError:  # refused before any parse (E105)
        return False


FIXTURES = sorted(p for p in (REPO / "tests" / "fixtures").rglob("*.yaml") if p.is_file() and _utf8(p))


def _both(text: str, monkeypatch) -> tuple[tuple, tuple, bool]:
    used = fastyaml.load(text, loader._plain_scalar, loader.MAX_NODES, loader.MAX_DEPTH, loader.MAX_INT) is not None
    fast_doc, fast_problems = loader.load_text(text, "f.yaml")
    with monkeypatch.context() as m:
        m.setattr(fastyaml, "load", lambda *_a: None)
        pure_doc, pure_problems = loader.load_text(text, "f.yaml")
    fast = (fast_doc.data, fast_doc.positions, fast_doc.key_positions, fast_problems)
    pure = (pure_doc.data, pure_doc.positions, pure_doc.key_positions, pure_problems)
    return fast, pure, used


def test_libyaml_is_there():
    assert fastyaml._CLoader is not None, "PyYAML with libyaml is a pinned dependency (pyproject.toml)"


def test_every_card_file_loads_the_same_on_both_paths_and_takes_the_fast_one(monkeypatch):
    assert len(CARD_FILES) > 100
    slow = []
    for path in CARD_FILES:
        fast, pure, used = _both(path.read_text(encoding="utf-8"), monkeypatch)
        assert fast == pure, path
        if not used:
            slow.append(path.name)
    assert not slow, f"card files that fell back to the pure parse: {slow}"


@pytest.mark.parametrize("path", FIXTURES, ids=[p.name for p in FIXTURES])
def test_every_fixture_loads_the_same_on_both_paths(path, monkeypatch):
    fast, pure, _used = _both(path.read_text(encoding="utf-8"), monkeypatch)
    assert fast == pure


TEXTS = [
    "on: built\nyes: no\noff: y\n",  # booleans in 1.1, strings in 1.2
    "a: 017\nb: 0o17\nc: 1_000\nd: 0x1F\ne: 1e3\nf: .inf\ng: -.NaN\nh: 12:30\ni: ~\nj: null\nk: ''\n",
    "a: &x {b: [1, 2, {c: d}]}\ne: *x\nf: *x\n",  # aliases stay shared
    "a: 1\na: 2\n",  # duplicate keys: E102 on both
    "t: >\n  folded\n  text\n\n  more\nu: |-\n  kept\n   lines\nv: |+\n  x\n\nw: end\n",
    'name: "Temple of Ἀθηνᾶ — α"\nlist: [ä, \'ö\', "ü"]\n# comment ü\nafter: x\n',
    "- id: a\n  n: 1\n- id: b\n  n: [1, {x: y}]\n",
    "a:\n  - b:\n    c: 1\n",  # an indentation slip
    "<<: {a: 1}\nb: 2\n",  # a merge key: refused on both
    "a: [1, 2\n",  # a syntax error: the pure path's message
    "---\na: 1\n---\nb: 2\n",  # two documents
    "",
    "# only a comment\n",
    "a: !!python/object:os.system x\n",
    "a: 'it''s'\nb: \"tab\\tand \\u00e9\"\nc: plain # not comment\n",
    "? [complex, key]\n: value\n",
    # each first character the resolver looks at, and others it does not (those are strings at once)
    "a: True\nb: TRUE\nc: tRUE\nd: Null\ne: NULL\nf: nULL\ng: False\nh: Inf\ni: NaN\nj: +12\nk: -0\n"
    "l: .5\nm: 1.\no: Yes\np: _x\nq: é\nr: 9:00\nt: x1\n",
    "n: =\n",  # the value tag: the pure path's
    "s: 2026-12-01\n",  # a timestamp: the pure path's
]


@pytest.mark.parametrize("text", TEXTS)
def test_texts_where_the_yaml_versions_or_parsers_differ_load_the_same(text, monkeypatch):
    fast, pure, _used = _both(text, monkeypatch)
    assert fast == pure


def test_plain_scalars_read_by_their_first_character_take_the_fast_path_with_the_pure_values(monkeypatch):
    monkeypatch.setattr(fastyaml, "_memo", {})  # every scalar resolved afresh, not remembered from other tests
    fast, pure, used = _both(TEXTS[-3], monkeypatch)
    assert used and fast == pure
    assert fast[0]["a"] is True and fast[0]["c"] == "tRUE" and fast[0]["f"] == "nULL" and fast[0]["o"] == "Yes"


_EDITS = st.lists(
    st.tuples(
        st.integers(0, 10_000), st.sampled_from(["indent", "dedent", "drop", "dup", "colon", "dash", "quote", "join"])
    ),
    min_size=1,
    max_size=4,
)


def _edit(text: str, edits: list) -> str:
    lines = text.split("\n")
    for at, how in edits:
        i = at % len(lines)
        line = lines[i]
        lines[i : i + 1] = {
            "indent": [" " + line],
            "dedent": [line[1:]],
            "drop": [],
            "dup": [line, line],
            "colon": [line + ":"],
            "dash": ["- " + line],
            "quote": [line.replace(":", ": '", 1)],
            "join": [line + " " + (lines[i + 1] if i + 1 < len(lines) else "")],
        }[how]
        if not lines:
            lines = [""]
    return "\n".join(lines)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(index=st.integers(0, len(CARD_FILES) - 1), edits=_EDITS)
def test_mutated_card_files_load_the_same_on_both_paths(index, edits, monkeypatch):
    text = _edit(CARD_FILES[index].read_text(encoding="utf-8"), edits)
    fast, pure, _used = _both(text, monkeypatch)
    assert fast == pure
