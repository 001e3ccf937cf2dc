"""The incremental-check cache: same results with and without it, reuse, invalidation, corruption."""

from __future__ import annotations

import json
import shutil
import sqlite3
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import compiler
from compiler.cache.cache import CACHE_DIR, DB_NAME, Cache, GameView, NullCache, Reads, fingerprint, forget
from compiler.core.diagnostics import render_json, render_text
from compiler.pipeline.check.checks import check_all
from compiler.pipeline.project import load

GAME = """\
id: tiny
name: Tiny
players: {min: 2, max: 3}
relations: {left: 1, right: -1, neighbours: [left, right]}
resources: {wood: {}}
counters: {coins: {start: %(coins)d}, points: {}}
zones: {city: {}, discard: {shared: true}}
kinds:
  card:
    zone: city
    fields:
      cost: {type: cost}
triggers:
  built: {}
trade: {from: neighbours, price: price, currency: coins, sellable: [card]}
params: {price: 2}
"""

# a's example builds b: it reads b, so it must be re-run when b changes.
CARD_A = """\
id: a
name: %(name)s
kind: card
text: Produces one wood.
effects:
  - produce: {wood: 1}
examples:
  - name: pays the wood of b
    given: {p1: {city: [a]}}
    when: {build: b, by: p1}
    expect: {p1: {coins: 3, points: 1}}
"""

CARD_B = """\
id: %(id)s
name: Shrine B
kind: card
cost: {wood: %(wood)d}
text: One point; cheaper with a Sawmill A.
effects:
  - on: built
    do: [{gain: {points: 1}}]
examples:
  - name: bought with a neighbour's wood
    given: {p2: {city: [a]}}
    when: {build: %(id)s, by: p1}
    expect: {p1: {points: 1}}
"""

# c counts the cards not yet built: it depends on every card of the game.
CARD_C = """\
id: c
name: Census C
kind: card
text: Points for every card not yet built.
effects:
  - on: built
    do: [{gain: {points: {count: {kind: card, missing: true}}}}]
examples:
  - name: counts the others
    when: {build: c, by: p1}
    expect: {p1: {points: 2}}
"""

EXTRA = """\
id: extra_%(n)d
name: Extra %(n)d
kind: card
text: One coin.
effects:
  - on: built
    do: [{gain: {coins: 1}}]
examples:
  - name: one coin
    when: {build: extra_%(n)d, by: p1}
    expect: {p1: {coins: 4}}
"""


class Project:
    """A project directory holding the tiny game, with the edits the tests make."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.game = root / "cards" / "tiny"
        (self.game / "set").mkdir(parents=True)
        self.state = {"coins": 3, "wood": 1, "b_id": "b", "broken": False, "extras": [], "a_name": "Sawmill A"}
        self.write_all()

    def write_all(self) -> None:
        (self.game / "game.yaml").write_text(GAME % {"coins": self.state["coins"]})
        (self.game / "set" / "a.yaml").write_text(CARD_A % {"name": self.state["a_name"]})
        (self.game / "set" / "b.yaml").write_text(CARD_B % {"id": self.state["b_id"], "wood": self.state["wood"]})
        c_text = CARD_C + ("  oops: [\n" if self.state["broken"] else "")
        (self.game / "set" / "c.yaml").write_text(c_text)
        for p in (self.game / "more").glob("*.yaml") if (self.game / "more").exists() else []:
            p.unlink()
        for n in self.state["extras"]:
            (self.game / "more").mkdir(exist_ok=True)
            (self.game / "more" / f"extra_{n}.yaml").write_text(EXTRA % {"n": n})

    def apply(self, op: str) -> None:
        s = self.state
        if op == "wood":
            s["wood"] = (s["wood"] + 1) % 3
        elif op == "coins":
            s["coins"] = 3 if s["coins"] == 4 else 4
        elif op == "rename_b":
            s["b_id"] = "b2" if s["b_id"] == "b" else "b"
        elif op == "break_c":
            s["broken"] = not s["broken"]
        elif op == "add":
            s["extras"].append(max(s["extras"], default=0) + 1)
        elif op == "name_a":
            s["a_name"] = "Lumber Yard" if s["a_name"] == "Sawmill A" else "Sawmill A"
        elif op == "remove" and s["extras"]:
            s["extras"].pop(0)
        self.write_all()


def check(root: Path, cache, same_process: bool = False) -> tuple[str, str, object]:
    """One check as the CLI runs it, in a new process unless same_process (as `watch` does):
    (json output, text output, the run)."""
    if not same_process:
        forget()
    run = load([], root, cache)
    check_all(run)
    cache.close()
    text = (
        "\n".join(
            render_text(d, run.documents[d.file].line_text(d.line) if d.file in run.documents else None)
            for d in run.report.sorted()
        )
        + "\n"
        + run.report.summary()
    )
    return render_json(run.report), text, run


@pytest.fixture
def project(tmp_path) -> Project:
    return Project(tmp_path)


def test_same_results_and_reuse(project):
    plain = check(project.root, NullCache())
    cold_cache = Cache(project.root)
    cold = check(project.root, cold_cache)
    warm_cache = Cache(project.root)
    warm = check(project.root, warm_cache)
    assert plain[:2] == cold[:2] == warm[:2]
    assert json.loads(plain[0])["summary"]["examples_passed"] == 3
    assert cold_cache.stats["hit"] == 0 and cold_cache.stats["miss"] > 0
    assert warm_cache.stats["miss"] == 0 and warm_cache.stats["hit"] == cold_cache.stats["miss"]
    assert (project.root / CACHE_DIR / DB_NAME).is_file()


def test_one_edit_recomputes_only_what_depends_on_it(project):
    check(project.root, Cache(project.root))
    # c's text changes: its file is parsed again, the others come from the cache.
    path = project.game / "set" / "c.yaml"
    path.write_text(path.read_text().replace("not yet built", "still unbuilt"))
    cache = Cache(project.root)
    cached = check(project.root, cache)
    assert cached[:2] == check(project.root, NullCache())[:2]
    assert cache.stats["miss"] == 5  # c's parse, names, text and examples, the flow's game; a's and b's reused


def test_example_reading_another_card_is_rerun_when_that_card_changes(project):
    check(project.root, Cache(project.root))
    project.apply("wood")  # b now costs 2 wood: a's example (which builds b) must fail
    cached = check(project.root, Cache(project.root))
    plain = check(project.root, NullCache())
    assert cached[:2] == plain[:2]
    failures = [d for d in json.loads(cached[0])["diagnostics"] if d["code"] == "E401"]
    assert any("of 'a'" in d["message"] for d in failures), cached[1]


def test_example_enumerating_cards_is_rerun_when_a_card_is_added(project):
    check(project.root, Cache(project.root))
    project.apply("add")  # one more card not yet built: c's count changes, c's example fails
    cached = check(project.root, Cache(project.root))
    assert cached[:2] == check(project.root, NullCache())[:2]
    assert any("of 'c'" in d["message"] for d in json.loads(cached[0])["diagnostics"]), cached[1]


OPS = ["wood", "coins", "rename_b", "break_c", "add", "remove", "name_a"]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(OPS), min_size=1, max_size=6), st.booleans())
def test_any_sequence_of_edits_gives_the_results_of_a_fresh_check(ops, same_process):
    """Edits in any order: every cached check (a new process each time, or one process as in
    `watch`) reports exactly what a check without the cache reports."""
    with tempfile.TemporaryDirectory() as tmp:
        project = Project(Path(tmp))
        check(project.root, Cache(project.root))
        for op in ops:
            project.apply(op)
            cached = check(project.root, Cache(project.root), same_process)
            plain = check(project.root, NullCache(), same_process)
            assert cached[:2] == plain[:2], f"after {op} in {ops}"


def test_a_process_reuses_its_last_run_without_reading_the_file(project):
    check(project.root, Cache(project.root))
    first = Cache(project.root)
    check(project.root, first)
    (project.root / CACHE_DIR / DB_NAME).unlink()  # only the process's memory can serve now
    again = Cache(project.root)
    result = check(project.root, again, same_process=True)
    assert again.stats == {"hit": first.stats["hit"], "miss": 0, "bad": 0}
    assert result[:2] == check(project.root, NullCache())[:2]


def test_corrupt_cache_file_is_rebuilt(project):
    expected = check(project.root, NullCache())[:2]
    check(project.root, Cache(project.root))
    db = project.root / CACHE_DIR / DB_NAME
    db.write_bytes(b"this is not a database" * 100)
    cache = Cache(project.root)
    assert check(project.root, cache)[:2] == expected
    assert cache.stats["hit"] == 0
    again = Cache(project.root)
    assert check(project.root, again)[:2] == expected
    assert again.stats["hit"] > 0 and again.stats["miss"] == 0


def test_tampered_entries_are_not_trusted(project):
    expected = check(project.root, NullCache())[:2]
    check(project.root, Cache(project.root))
    db = sqlite3.connect(project.root / CACHE_DIR / DB_NAME)
    rows = db.execute("SELECT key, value FROM entries").fetchall()
    for key, value in rows:
        # Claim every example passed and every file is clean, without fixing the checksum.
        forged = value.replace('"failed":1', '"failed":0').replace('"diags":[{', '"diags":[],"x":[{')
        db.execute("UPDATE entries SET value = ? WHERE key = ?", (forged + " ", key))
    db.commit()
    db.close()
    cache = Cache(project.root)
    assert check(project.root, cache)[:2] == expected
    assert cache.stats["bad"] == len(rows) and cache.stats["hit"] == 0


def test_language_version_change_invalidates_everything(project, monkeypatch):
    check(project.root, Cache(project.root))
    before = fingerprint()
    monkeypatch.setattr(compiler, "LANGUAGE_VERSION", compiler.LANGUAGE_VERSION + ".next")
    assert fingerprint() != before
    cache = Cache(project.root)
    check(project.root, cache)
    assert cache.stats["hit"] == 0
    count = sqlite3.connect(project.root / CACHE_DIR / DB_NAME).execute("SELECT count(*) FROM entries").fetchone()[0]
    assert count == cache.stats["miss"]  # the old version's entries were dropped


def test_cache_directory_ignores_itself(project):
    """A repository of card data need not list .ostraka/ in its .gitignore (pre-commit would see it)."""
    import subprocess

    check(project.root, Cache(project.root))
    assert (project.root / CACHE_DIR / ".gitignore").read_text().splitlines()[-1] == "*"
    assert (
        (project.root / CACHE_DIR / "CACHEDIR.TAG")
        .read_text()
        .startswith("Signature: 8a477f597d28d172789f06886806bc55")
    )
    if shutil.which("git"):
        subprocess.run(["git", "init", "-q", str(project.root)], check=True)
        status = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=all"],
            cwd=project.root,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        assert "cards/tiny/game.yaml" in status and CACHE_DIR not in status


def test_a_cache_locked_by_another_process_is_left_alone(project):
    expected = check(project.root, NullCache())[:2]
    check(project.root, Cache(project.root))
    path = project.root / CACHE_DIR / DB_NAME
    keys = {k for (k,) in sqlite3.connect(path).execute("SELECT key FROM entries")}
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")  # another ostraka writing its results
    try:
        project.apply("wood")
        expected = check(project.root, NullCache())[:2]
        assert check(project.root, Cache(project.root))[:2] == expected
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert {k for (k,) in sqlite3.connect(path).execute("SELECT key FROM entries")} == keys  # not deleted, not rebuilt


def test_unwritable_cache_is_simply_not_used(project):
    (project.root / CACHE_DIR).write_text("a file where the cache directory should be")
    expected = check(project.root, NullCache())[:2]
    assert check(project.root, Cache(project.root))[:2] == expected


def test_cli_check_with_and_without_cache(project, monkeypatch):
    from click.testing import CliRunner

    from compiler.cli.main import cli

    monkeypatch.chdir(project.root)
    project.apply("wood")
    runner = CliRunner()
    outputs = [runner.invoke(cli, ["check", "--format", "json", *flags]) for flags in ([], [], ["--no-cache"])]
    assert {r.exit_code for r in outputs} == {1}
    assert outputs[0].output == outputs[1].output == outputs[2].output
    monkeypatch.setenv("OSTRAKA_NO_CACHE", "1")
    shutil.rmtree(project.root / CACHE_DIR)
    assert runner.invoke(cli, ["check", "--format", "json"]).output == outputs[0].output
    assert not (project.root / CACHE_DIR).exists()


def test_game_view_records_what_is_read(project):
    run = load([], project.root)
    game = run.games[0]
    reads = Reads()
    view = GameView(game, reads)
    assert view.game is game.game and view.play_zones == game.play_zones
    assert view.cards["a"] is game.cards["a"]
    assert view.triggered.get("b") == game.triggered.get("b")
    assert "nope" not in view.cards
    assert reads.ids == {"a", "b", "nope"} and not reads.everything
    list(view.cards.values())
    assert reads.everything
    other = Reads()
    _ = GameView(game, other).files  # a table the view does not know counts as reading every card
    assert other.everything


def test_the_view_of_a_game_classifies_every_attribute_of_a_compiled_game():
    """A new index of CompiledGame must say how examples read it (gameview.py): unclassified, it
    counts as reading every card, and every example that touches it is re-run after any edit."""
    import dataclasses

    from compiler.cache.gameview import GameView
    from compiler.model.compiled import CompiledGame

    public = {n for n in dir(CompiledGame) if not n.startswith("_")} | {
        f.name for f in dataclasses.fields(CompiledGame)
    }
    classified = GameView.GAME_ONLY | GameView.BY_CARD_ID | GameView.DERIVED | GameView.WHOLE_GAME | GameView.OWN
    assert public <= classified, f"classify in cache/gameview.py: {sorted(public - classified)}"
    assert all(name in vars(GameView) for name in GameView.DERIVED)
