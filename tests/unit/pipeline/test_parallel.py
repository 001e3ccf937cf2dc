"""A check on two cores (pipeline/parallel.py) reports exactly what one process reports: the same
findings in the same order, the same notes folded under the same errors, the same counts, and the
documents that findings quote, position for position; with errors that cross games too."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from compiler.cache.cache import Cache, NullCache
from compiler.pipeline import parallel
from compiler.pipeline.check.checks import check_all
from compiler.pipeline.project import load

from repo_paths import REPO

GAMES = ("attika", "olympus", "peloponnes")  # the three smaller games: the mechanism, at a third of the cost


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.fixture(scope="module")
def broken(tmp_path_factory) -> Path:
    """Three games with errors of every stage, one of them read by another game's example."""
    root = tmp_path_factory.mktemp("parallel") / "project"
    for game in GAMES:
        shutil.copytree(REPO / "cards" / game, root / "cards" / game)
    olympus = sorted((root / "cards" / "olympus" / "buildings").glob("*.yaml"))
    _edit(olympus[0], "\nname:", "\nname: [unclosed\n  x:")  # not YAML: its id is read from its lines
    harbor = root / "cards" / "olympus" / "buildings" / "harbor.yaml"
    _edit(harbor, "- advance:", "- advnce:")  # a misspelt primitive: examples that read the Harbor fold under it
    lost = next(line.split(":", 1)[1].strip() for line in olympus[0].read_text().splitlines() if line.startswith("id:"))
    pelo = root / "cards" / "peloponnes" / "tiles" / "lands.yaml"
    _edit(pelo, "when: {build: a01", f"when: {{build: {lost}")  # names the card olympus could not load
    attika = sorted((root / "cards" / "attika" / "buildings").rglob("*.yaml"))
    _edit(attika[0], "  group: city", "  colur: blue\n  group: city")  # an unknown field
    return root


@pytest.fixture(scope="module")
def reference(broken):
    """The report of one process, without a cache: what two must give."""
    run = load([], broken, NullCache())
    check_all(run)
    return run


def _in_two(root: Path, monkeypatch, cache=None):
    """The check of `root` in two processes (through `cache`, if given)."""
    forks = []
    real_fork = os.fork

    def counting_fork():
        forks.append(1)
        return real_fork()

    monkeypatch.setattr(parallel, "MIN_BYTES", 0)
    monkeypatch.setattr(os, "fork", counting_fork)
    checked = parallel.check([], root, cache or NullCache())
    if cache is not None:
        cache.close()
    assert forks == [1], "the check did not run in two processes"
    return checked


def _same(run, checked) -> None:
    assert checked.report.items == run.report.items  # order included
    for name in ("files", "cards", "examples_passed", "examples_failed", "examples_folded"):
        assert getattr(checked.report, name) == getattr(run.report, name), name
    assert list(checked.documents) == list(run.documents)
    for d in run.report.items:
        if d.file in run.documents:
            assert checked.documents[d.file].line_text(d.line) == run.documents[d.file].line_text(d.line)
    for name, doc in run.documents.items():
        shipped = checked.documents[name]
        assert (shipped.data, shipped.text) == (doc.data, doc.text), name
        if isinstance(shipped, parallel.Shipped):
            assert (shipped.positions, shipped.key_positions) == (doc.positions, doc.key_positions), name


def test_errors_across_games_are_reported_the_same(broken, reference, monkeypatch):
    codes = {d.code for d in reference.report.items}
    assert {"E101", "E204", "E203"} <= codes, codes
    assert reference.report.examples_folded > 0 and any(d.related for d in reference.report.items)
    assert any(
        "which did not load" in d.message for d in reference.report.items if d.file.startswith("cards/peloponnes")
    )
    _same(reference, _in_two(broken, monkeypatch))


def test_a_game_id_used_twice_is_reported_the_same(tmp_path, monkeypatch):
    for game, copy in (("attika", "attika"), ("attika", "attika_again"), ("peloponnes", "peloponnes")):
        shutil.copytree(REPO / "cards" / game, tmp_path / "cards" / copy)
    run = load([], tmp_path, NullCache())
    check_all(run)
    assert [d.code for d in run.report.items].count("E303") == 2
    _same(run, _in_two(tmp_path, monkeypatch))


def test_the_cache_filled_by_two_processes_serves_the_next_check(broken, reference, monkeypatch):
    shutil.rmtree(broken / ".ostraka", ignore_errors=True)
    _same(reference, _in_two(broken, monkeypatch, Cache(broken)))
    one = Cache(broken)  # one process: every entry the two wrote is there
    again = load([], broken, one)
    check_all(again)
    one.close()
    _same(reference, again)
    assert one.stats["miss"] == 0 and one.stats["hit"] > 0, one.stats
    two = Cache(broken)  # and two processes again
    rerun = parallel.check([], broken, two)
    two.close()
    _same(reference, rerun)
    assert two.stats["miss"] == 0 and two.stats["hit"] > 0, two.stats


def test_a_worker_that_fails_means_one_process_and_the_same_report(tmp_path, monkeypatch):
    for game in ("attika", "peloponnes"):
        shutil.copytree(REPO / "cards" / game, tmp_path / "cards" / game)
    run = load([], tmp_path, NullCache())
    check_all(run)

    def broken_worker(*_args):
        raise RuntimeError("the worker fails")

    monkeypatch.setattr(parallel, "_worker", broken_worker)
    _same(run, _in_two(tmp_path, monkeypatch))


def test_a_clean_run_checks_each_side_before_the_crossing_and_reports_the_same(tmp_path, monkeypatch):
    for game in ("attika", "peloponnes"):
        shutil.copytree(REPO / "cards" / game, tmp_path / "cards" / game)
    run = load([], tmp_path, NullCache())
    check_all(run)
    assert run.report.examples_passed > 0 and not run.report.errors()
    guesses = []
    real = parallel._speculate

    def speculate(*args):
        guesses.append(real(*args))
        return guesses[-1]

    monkeypatch.setattr(parallel, "_speculate", speculate)
    _same(run, _in_two(tmp_path, monkeypatch))
    assert len(guesses) == 1 and guesses[0], "this process did not check its game before the crossing"
