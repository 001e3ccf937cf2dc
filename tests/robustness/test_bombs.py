"""Resource bombs: refused with a located diagnostic, quickly and in bounded memory.

Each file bomb is checked by the real CLI in a subprocess whose address space is capped
(RLIMIT_AS) and whose CPU time is capped (RLIMIT_CPU, a guard against hangs, far above what a
refusal takes). A bomb that got through would be
killed by a limit, and the test would see no diagnostic.
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from compiler.load import loader, refusals

from robust_support import REPO

MEMORY = 384 * 2**20  # the whole CLI, Python and pydantic included, runs in ~150 MB
CPU_SECONDS = 60


def limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))


def laughs(levels: int = 9, width: int = 9) -> str:
    lines = ["a0: &a0 [" + ", ".join(['"lol"'] * width) + "]"]
    for i in range(1, levels + 1):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * width) + "]")
    return "\n".join(lines) + "\n"


# name -> (text, code, line); line None: any line >= 1
BOMBS: dict[str, tuple[str, str, int | None]] = {
    "billion_laughs": (laughs(), "E104", None),
    "laughs_in_block_style": (
        "a: &a\n"
        + "".join(f"  - [{', '.join(['x'] * 50)}]\n" for _ in range(50))
        + "".join(f"b{i}: [*a, *a, *a, *a, *a, *a, *a, *a]\n" for i in range(40)),
        "E104",
        None,
    ),
    "recursive_alias": ("a: &a [*a]\n", "E104", 1),
    "deep_flow_sequences": ("x: " + "[" * 5000 + "]" * 5000 + "\n", "E104", 1),
    "flow_brackets_on_one_line": ("id: x\nx: " + "[{" * 2000 + "\n", "E104", 2),  # quadratic in the scanner
    "deep_flow_over_lines": ("x:\n" + "  [\n" * 3000, "E104", None),
    "deep_flow_mappings": ("x: " + "{a: " * 3000 + "1" + "}" * 3000 + "\n", "E104", 1),
    "deep_block_mappings": ("".join(" " * i + "k:\n" for i in range(1300)), "E104", 65),
    "deep_block_sequences": ("- " * 5000 + "1\n", "E104", 1),
    "huge_file": ("id: x\ntext: |\n" + ("  " + "y" * 98 + "\n") * 12000, "E104", 1),
    "long_text": ("id: x\ntext: " + "y" * 300_000 + "\n", "E104", 2),
    "huge_integer": ("id: x\ncopies: " + "9" * 200_000 + "\n", "E104", 2),
    "big_integer": ("id: x\ncopies: 123456789012345678901234567890\n", "E104", 2),
    "huge_hex": ("id: x\ncopies: 0x" + "f" * 5000 + "\n", "E201", 2),
    "huge_float": ("id: x\ncopies: 1e99999\n", "E201", 2),
    "many_lines": ("".join(f"k{i}: {i}\n" for i in range(60_000)), "E104", 1),
    "many_flow_items": ("x: [" + "1," * 200_000 + "1]\n", "E104", 1),
    "unclosed_flow": ("x: [" + "1," * 200_000 + "\n", "E104", 1),
    "many_anchors": ("".join(f"- &a{i} {i}\n" for i in range(60_000)), "E104", 1),
    "many_documents": ("---\n" * 200_000, "E104", 1),
    "second_document": ("id: x\n---\nid: y\n" + "---\n" * 100, "E101", 3),
}


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("bombs")
    game = next(d for d in sorted((REPO / "cards").iterdir()) if (d / "game.yaml").is_file())
    (root / "cards" / "g").mkdir(parents=True)
    shutil.copy(game / "game.yaml", root / "cards" / "g" / "game.yaml")
    return root


@pytest.mark.parametrize("name", sorted(BOMBS))
def test_bomb_is_refused_with_a_located_diagnostic_in_bounded_memory(project, name):
    text, code, line = BOMBS[name]
    bomb = project / "cards" / "g" / "bomb.yaml"
    bomb.write_text(text, encoding="utf-8")
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "compiler", "check", "--format", "json", "cards/g"],
            cwd=project,
            capture_output=True,
            text=True,
            preexec_fn=limited,
            timeout=300,
            env={**os.environ, "PYTHONPATH": str(REPO)},
        )
    finally:
        bomb.unlink()
    assert proc.returncode == 1, (proc.returncode, proc.stderr[-2000:])
    import json

    report = json.loads(proc.stdout)
    items = report["diagnostics"] if isinstance(report, dict) else report
    found = [d for d in items if d["file"].endswith("bomb.yaml")]
    assert found, items
    first = found[0]
    assert first["code"] == code, first
    assert first["line"] >= 1 and first["column"] >= 1
    if line is not None:
        assert first["line"] == line, first


def test_the_memory_bound_is_real(project):
    """The same bound kills a process that really allocates (the cap is not decorative)."""
    proc = subprocess.run(
        [sys.executable, "-c", "x = bytearray(1024 * 2**20)"],
        capture_output=True,
        text=True,
        preexec_fn=limited,
        timeout=120,
    )
    assert proc.returncode != 0 and "MemoryError" in proc.stderr


def test_loader_limits_are_checked_before_the_parse():
    """The cheap counts run first: a file of many lines never reaches the YAML parser."""
    calls = []
    real = loader.YAML

    class Spy(real):  # type: ignore[misc, valid-type]
        def compose_all(self, *a, **k):
            calls.append(1)
            return super().compose_all(*a, **k)

    from compiler.load import fastyaml

    real_fast = fastyaml.load

    def fast_spy(*a, **k):  # the libyaml path (fastyaml.py) is a parse too
        calls.append(1)
        return real_fast(*a, **k)

    loader.YAML = Spy
    fastyaml.load = fast_spy
    try:
        _doc, problems = loader.load_text("".join(f"k{i}: {i}\n" for i in range(refusals.MAX_UNITS + 1)), "x.yaml")
        assert [p.code for p in problems] == ["E104"] and calls == []
        _doc, problems = loader.load_text("k: 1\n", "x.yaml")
        assert problems == [] and calls == [1]
    finally:
        loader.YAML = real
        fastyaml.load = real_fast


def test_alias_expansion_counts_every_copy():
    """Aliases are cheap to write and expensive to expand: each copy counts against MAX_NODES."""
    doc, problems = loader.load_text(laughs(levels=4, width=10), "x.yaml")  # 10^5 leaves
    assert [p.code for p in problems] == ["E104"]
    assert "alias" in problems[0].hint
    doc, problems = loader.load_text(laughs(levels=2, width=10), "x.yaml")  # 10^3 leaves: fine
    assert problems == []


def test_the_largest_real_card_file_is_well_inside_the_limits():
    files = [p for p in (REPO / "cards").rglob("*.yaml")]
    assert files
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert refusals._units(text) * 2 < refusals.MAX_UNITS, path
        assert len(text.encode()) * 10 < loader.MAX_FILE_BYTES, path


# ----------------------------------------------------------------------------- runtime bombs


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    from compiler.pipeline.project import load

    from robust_support import clean_project

    root = clean_project(tmp_path_factory.mktemp("runtime"))
    run = load([], root)
    with_nouns = [g for g in run.games if g.game.counters or g.game.resources]
    if not with_nouns:  # pragma: no cover
        pytest.skip("no game with a counter or resource")
    return with_nouns[0]


def context(game):
    from compiler.runtime.decider import FirstLegal
    from compiler.runtime.interpreter import Context
    from compiler.runtime.state import new_state

    state = new_state(game.game, game.game.players.min)
    player = state.players[0]
    return Context(game, state, FirstLegal(), player, player)


def noun(game) -> str:
    return sorted(game.game.counters or game.game.resources)[0]


def test_a_repeat_of_a_billion_stops_with_runaway(game):
    from compiler.core.limits import Runaway
    from compiler.lang.model import Action

    ctx = context(game)
    action = Action.model_validate({"repeat": {"times": 10**9, "do": [{"gain": {noun(game): 1}}]}})
    with pytest.raises(Runaway):
        ctx.run([action])


def test_nested_repeats_share_one_budget(game):
    from compiler.core.limits import MAX_STEPS, Runaway, budget
    from compiler.lang.model import Action

    ctx = context(game)
    inner = {"repeat": {"times": 1000, "do": [{"gain": {noun(game): 1}}]}}
    action = Action.model_validate({"repeat": {"times": 1000, "do": [inner]}})  # 10^6 gains
    with pytest.raises(Runaway):
        ctx.run([action])
    assert budget(ctx.state).used <= MAX_STEPS + 1


def test_a_small_repeat_still_runs(game):
    from compiler.lang.model import Action

    ctx = context(game)
    name = noun(game)
    before = ctx.actor.values.get(name, 0)
    ctx.run([Action.model_validate({"repeat": {"times": 50, "do": [{"gain": {name: 1}}]}})])
    assert ctx.actor.values.get(name, 0) == before + 50


def test_amounts_that_explode_stop_with_runaway(game):
    from compiler.core.limits import Runaway
    from compiler.lang.model import Expression

    ctx = context(game)
    squared = 10**9
    for _ in range(8):
        squared = {"square": [squared]}
    with pytest.raises(Runaway):
        ctx.amount(Expression.model_validate(squared))
    assert ctx.amount(Expression.model_validate({"mul": [1000, 1000]})) == 10**6


def test_a_runaway_example_is_a_located_e402_not_a_crash(game):
    """Through the examples runner, the Runaway is an invalid example (E402), never E901."""
    from compiler.model.game import Example
    from compiler.pipeline.check.examples import run_example

    trigger = next(iter(game.game.triggers), None) or game.game.build.on_built
    example = Example(name="x", given={}, when={"event": trigger}, expect={})

    def runaway(game_, state, when, decider, *rest):
        from compiler.core.limits import spend

        for _ in range(10**9):
            spend(state, 1)

    outcome = run_example(game, example, runaway)
    assert outcome.invalid and "steps" in outcome.message
