"""Generated handlers: one template per primitive, the same results as the interpreter, no drift.

The games are a copy of cards/ pruned to what checks cleanly today (robust_support.clean_project),
so these tests run on real data while other games are still being written.
"""

from __future__ import annotations

import ast
import copy
from pathlib import Path

import pytest

from compiler.codegen import engine, generator
from compiler.codegen.jinja import LANG_DIR, environment
from compiler.codegen.names import Code, UnsafeValue, ident, lit
from compiler.core.limits import Runaway
from compiler.lang.registry import FAMILIES, REGISTRY, folder, template_path
from compiler.pipeline.check.examples import ExampleInvalid, setup, trigger
from compiler.pipeline.project import load
from compiler.runtime.decider import AnswerError, Scripted
from compiler.runtime.heard import HEARD
from compiler.runtime.state import Illegal

from repo_paths import REPO, TESTS
from robust_support import clean_project

REGENERATE = "run 'make' (or '.venv/bin/ostraka build') and commit generated/"


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    return clean_project(tmp_path_factory.mktemp("handlers"))


@pytest.fixture(scope="module")
def games(project):
    run = load([], project)
    assert run.games, "no game checks cleanly"
    return run.games


def run_both(game, example, handlers):
    """The outcome of one example through one path: state, questions asked, and any refusal."""
    try:
        state = setup(game, example.given)
    except ExampleInvalid as exc:
        return ("invalid", str(exc))
    decider = Scripted(example.answers)
    error = None
    try:
        trigger(game, state, example.when, decider, handlers=handlers)
    except (Illegal, AnswerError, ExampleInvalid, Runaway) as exc:
        error = (type(exc).__name__, str(exc))
    return state.snapshot(), [(q.player, q.about, q.options, q.answer) for q in decider.asked], error


class Counting(engine.Handlers):
    """Handlers that count their calls, to prove the generated path really ran."""

    def __init__(self, inner: engine.Handlers) -> None:
        self.__dict__.update(inner.__dict__)
        self.calls = 0

    def run(self, ctx, card_id, trigger_name):
        if (self.rules.get(trigger_name) if card_id is None else self.cards.get((card_id, trigger_name))) is not None:
            self.calls += 1
        super().run(ctx, card_id, trigger_name)


# ---------------------------------------------------------------------- one template per primitive


def test_every_primitive_has_a_template_beside_its_module():
    missing = sorted(
        f"{family}/{name}"
        for family in FAMILIES
        for name, cls in REGISTRY[family].items()
        if family != "passive" and not template_path(cls).is_file()
    )
    assert not missing, f"primitives without a code template beside their module: {missing}"


def test_every_template_belongs_to_a_primitive():
    held = {template_path(cls) for family in FAMILIES for cls in REGISTRY[family].values()}
    orphans = [
        p.relative_to(LANG_DIR).as_posix()
        for family in FAMILIES
        for p in sorted(folder(family).glob("*.py.j2"))
        if p.resolve() not in held
    ]
    assert not orphans, f"templates of no registered primitive: {orphans}"


# ---------------------------------------------------------------------- the generated module


def test_generated_source_is_deterministic_and_imports_only_the_runtime(games):
    for game in games:
        source = generator.render(game)
        assert source == generator.render(game)
        tree = ast.parse(source)
        imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)} | {
            a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names
        }
        assert imported <= {"__future__", "typing", "compiler.codegen", "compiler.runtime.context"}, imported
        assert "\t" not in source and all(line == line.rstrip() for line in source.splitlines())


def test_generated_source_is_formatted(games):
    """Laid out by black: no line longer than the limit, and formatting it again changes nothing."""
    import black

    mode = black.Mode(line_length=generator.LINE_LENGTH, target_versions={black.TargetVersion.PY311})
    for game in games:
        source = generator.render(game)
        assert black.format_str(source, mode=mode) == source, game.id
        long = [
            n
            for n, line in enumerate(source.splitlines(), 1)
            if len(line) > generator.LINE_LENGTH and "'" not in line and '"' not in line
        ]
        assert not long, f"{game.id}: lines {long[:5]} are longer than {generator.LINE_LENGTH}"
    assert black.format_str("x  =  ( 1 )\n", mode=mode) != "x  =  ( 1 )\n"  # the check above can fail


def _one_function_per_card_and_trigger(game) -> None:
    """One generated function per card and trigger, its heard effects (`by:`) apart, plus the rules'."""
    source = generator.render(game)
    handlers = engine.load(game)
    expected = {(cid, trig) for cid, by in game.triggered.items() for trig in by}
    expected |= {(cid, trig + HEARD) for cid, by in game.heard.items() for trig in by}
    assert set(handlers.cards) == expected
    assert set(handlers.rules) == set(game.rule_triggered)
    tree = ast.parse(source)
    moves = game.game.flow.moves if game.game.flow is not None else {}
    assert {name: len(fns) for name, fns in handlers.moves.items()} == {name: len(m.do) for name, m in moves.items()}
    move_fns = {fn.__name__ for fns in handlers.moves.values() for fn in fns}
    move_fns |= {fn.__name__ for fn in handlers.flow.values()}  # the flow's parts (codegen/flowsteps.py)
    functions = [
        n
        for n in tree.body
        if isinstance(n, ast.FunctionDef)
        and not n.name.startswith(("requires_of_", "_"))  # "_": the module's searches (codegen/searches.py)
        and n.name not in move_fns
    ]
    assert len(functions) == len(expected) + len(game.rule_triggered)
    assert set(handlers.kinds) == {k for k, kind in game.game.kinds.items() if kind.requires is not None}
    lines = source.splitlines()
    for card_id in {*game.triggered, *game.heard}:
        src = game.sources[card_id]
        assert f"# {src.file}:{src.line}" in lines, card_id


def test_one_function_per_card_and_trigger_with_its_source(games):
    for game in games:
        _one_function_per_card_and_trigger(game)


HEARING = """id: hearing
name: Hearing
kind: card
text: Whenever a neighbour builds a card, gain 1 coin.
effects:
  - on: built
    by: neighbours
    do: [{with: {player: owner, do: [{gain: {coins: 1}}]}}]
examples:
  - name: a neighbour builds
    given: {p1: {city: [hearing]}}
    when: {build: good, by: p2}
    expect: {p1: {coins: 4}}
"""


def test_a_card_that_hears_others_has_its_own_function(mini_game):
    """A card with `by:` effects gets a function for them (trigger + '@heard') beside its own."""
    (mini_game / "hearing.yaml").write_text(HEARING)
    (game,) = load([], mini_game.parent.parent).games
    assert game.heard
    _one_function_per_card_and_trigger(game)


def test_every_template_renders_every_node_of_every_game(games):
    """A template that raises on some node falls back (so builds go on); here that is a failure."""
    for game in games:
        module = generator.Generator(game).handlers()
        assert not module.broken, f"{game.id}: templates failed on: {module.broken}"
        assert not module.fallbacks, f"{game.id}: nodes run through the interpreter: {sorted(module.fallbacks)}"


def test_no_effect_tree_is_consulted_at_run_time(games):
    """Without fallbacks, the handlers never touch the card models' effects."""
    for game in games:
        source = generator.render(game)
        module = generator.Generator(game).handlers()
        if module.fallbacks:
            continue
        for word in (".effects", "REGISTRY", "rt.node(", "rt.run_node(", "model_validate", "passive_arg"):
            assert word not in source, (game.id, word)


def test_templates_cannot_print_raw_strings():
    template = environment().from_string("x = {{ value }}")
    assert template.render(value=Code("1")) == "x = 1"
    assert template.render(value=3) == "x = 3"
    with pytest.raises(UnsafeValue):
        template.render(value="'); import os  #")
    with pytest.raises(UnsafeValue):
        ident("class")
    with pytest.raises(UnsafeValue):
        ident("a-b")
    assert eval(lit({"a'\n\\": ["{{ x }}", 1, True, None]})) == {"a'\n\\": ["{{ x }}", 1, True, None]}


# ---------------------------------------------------------------------- both paths, every example


def test_every_example_gives_the_same_results_through_both_paths(games):
    compared = 0
    for game in games:
        handlers = Counting(engine.load(game))
        for card_id, card in game.cards.items():
            for example in card.examples:
                reference = run_both(game, example, None)
                generated = run_both(game, example, handlers)
                assert generated == reference, f"{game.id}: {card_id}: example '{example.name}' differs"
                compared += 1
        assert handlers.calls > 0, f"{game.id}: the examples never reached a generated handler"
    assert compared > 0


def test_check_engine_handlers_passes_the_same_examples(ostraka, project):
    plain = ostraka("check", cwd=project)
    fast = ostraka("check", "--engine", "handlers", cwd=project)
    assert plain.exit_code == 0, plain.output
    assert fast.exit_code == 0, fast.output
    assert plain.output.splitlines()[-1] == fast.output.splitlines()[-1]
    assert "examples passed" in fast.output


def test_the_switch_really_runs_the_generated_code(games):
    class Sentinel(Exception):
        pass

    def broken(ctx):
        raise Sentinel

    for game in games:
        handlers = engine.load(game)
        sabotaged = engine.Handlers(
            {
                "RULES": {k: broken for k in handlers.rules},
                "HANDLERS": {k: broken for k in handlers.cards},
                "REQUIRES": handlers.kinds,
            }
        )
        hit = 0
        for card in game.cards.values():
            for example in card.examples:
                try:
                    run_both(game, example, sabotaged)
                except Sentinel:
                    hit += 1
        assert hit > 0, game.id


def test_fallback_through_the_interpreter_gives_the_same_results(games, monkeypatch):
    """With no template that renders (each raises), every node falls back to the interpreter, and nothing changes."""
    monkeypatch.setattr(generator, "primitive_template", lambda family, name: None)
    for game in games:
        module = generator.Generator(game).handlers()
        source = generator.render(game)
        if any(effect.do for effects in game.triggered.values() for _i, effect in sum(effects.values(), [])):
            assert "rt.run_node" in source
        assert {f for f, _n in module.fallbacks} <= set(FAMILIES)
        handlers = engine.load_source(source, f"fallback/{game.id}.py")
        for card in list(game.cards.values())[:60]:
            for example in card.examples:
                assert run_both(game, example, handlers) == run_both(game, example, None), (
                    game.id,
                    card.id,
                    example.name,
                )


# ---------------------------------------------------------------------- committed and drift-checked


def test_committed_handlers_match_a_fresh_build():
    from compiler.core.diagnostics import Severity
    from compiler.pipeline.check.checks import check_all

    run = load([], REPO)
    check_all(run, examples=False)
    error_files = {d.file for d in run.report.items if d.level is Severity.ERROR}
    checked = 0
    for game in run.games:
        if error_files & ({game.game_file} | set(game.files)):
            continue  # the build refuses this game today; tests/golden/test_generated_files.py reports it
        committed = REPO / "generated" / game.id / "handlers.py"
        assert committed.is_file(), f"generated/{game.id}/handlers.py is missing: {REGENERATE}"
        assert committed.read_text(encoding="utf-8") == generator.render(game), (
            f"generated/{game.id}/handlers.py is stale: {REGENERATE}"
        )
        checked += 1
    if not checked:
        pytest.skip("no game of cards/ checks cleanly right now")


def test_built_handlers_files_run_the_examples(ostraka, project, games):
    """The files `ostraka build` writes are the handlers: loaded from disk, they pass every example."""
    assert ostraka("build", cwd=project).exit_code == 0
    for game in games:
        handlers = engine.load_file(project / "generated" / game.id / "handlers.py")
        for card in game.cards.values():
            for example in card.examples:
                assert run_both(game, example, handlers) == run_both(game, example, None), (
                    game.id,
                    card.id,
                    example.name,
                )


def test_build_check_reports_a_stale_handlers_file(ostraka, project):
    assert ostraka("build", cwd=project).exit_code == 0
    target = next((project / "generated").glob("*/handlers.py"))
    target.write_text(target.read_text(encoding="utf-8") + "# edited by hand\n", encoding="utf-8")
    result = ostraka("build", "--check", cwd=project)
    assert result.exit_code == 1
    assert f"stale: {target.parent.name}/handlers.py" in result.output
    assert "ostraka build" in result.output


# ---------------------------------------------------------------------- the switch on bad input, and the benchmark


BAD = sorted((TESTS / "fixtures" / "bad").glob("*.yaml"))


@pytest.mark.parametrize("fixture", BAD, ids=[p.stem for p in BAD])
def test_check_reports_the_same_with_either_engine(fixture, mini_game, ostraka):
    """Bad input (failing examples included) is reported identically by both engines, never as a crash."""
    import shutil

    shutil.copy(fixture, mini_game / fixture.name)
    project = mini_game.parent.parent
    plain = ostraka("check", cwd=project)
    fast = ostraka("check", "--engine", "handlers", cwd=project)
    assert (fast.exit_code, fast.output) == (plain.exit_code, plain.output)
    assert "E901" not in fast.output


def test_bench_reports_both_rates_and_the_speedup(mini_game):
    from bench import handlers as bench_handlers

    lines = bench_handlers.run(root=mini_game.parent.parent, rounds=1)
    text = "\n".join(lines)
    assert "interpreter:" in text and "generated handlers:" in text
    speedup = [line for line in lines if line.startswith("generated/interpreter speedup: ")]
    assert len(speedup) == 1 and speedup[0].endswith("x")
    float(speedup[0].split(": ")[1].rstrip("x"))


def test_bench_records_the_applications_of_every_game():
    """The recorder stands in for every handler the runtime asks for (the rules, a kind's requirements,
    a trigger's effects): were one missing, the examples it is asked in would raise, not be skipped."""
    from bench import handlers as bench_handlers
    from compiler.pipeline.project import load

    games = load([], REPO).games
    recorded = {app.game.id for app in bench_handlers.record(games)}
    assert recorded == {g.id for g in games}


RUNAWAY = """
id: runaway
name: Runaway
kind: card
text: Far too much.
effects:
  - on: built
    do:
      - repeat: {times: 150000, do: [{gain: {coins: 1}}, {gain: {points: 1}}]}
  - on: end_of_game
    do:
      - gain: {points: {square: [{square: [{square: [{square: [{square: [{square: [{add: [{value: coins}, 1000]}]}]}]}]}]}]}}
examples:
  - name: stops
    when: {build: runaway, by: p1}
    expect: {refused: true}
  - name: stops too
    given: {p1: {city: [runaway]}}
    when: {event: end_of_game, by: p1}
    expect: {refused: true}
"""


def test_runaway_data_stops_at_the_same_step_on_both_paths(mini_game):
    """The step budget and the bound on amounts (core/limits.py) hold for the generated code too."""
    (mini_game / "runaway.yaml").write_text(RUNAWAY, encoding="utf-8")
    (game,) = load([], mini_game.parent.parent).games
    handlers = engine.load(game)
    for example in game.cards["runaway"].examples:
        reference = run_both(game, example, None)
        assert reference[2] is not None and reference[2][0] == "Runaway", reference[2]
        assert run_both(game, example, handlers) == reference


def test_selectors_are_compiled_into_searches(games):
    """Every selector of the games is searched by a function of its own module (codegen/searches.py),
    not by the runtime's generic search; the comparisons of both engines above prove the results."""
    for game in games:
        source = generator.render(game)
        assert "rt.select(" not in source, game.id
        assert "def _in_" in source or "def _missing_from_" in source, game.id


def test_the_flow_runs_its_compiled_parts_and_plays_the_same_game():
    """The card language inside a game's flow (codegen/flowsteps.py) is numbered as the runner numbers
    the steps, and the runner calls it when the game is played through the handlers: the same game."""
    from compiler.runtime.flow import GameState
    from compiler.runtime.program import WIN, Program

    import flowkit

    game = flowkit.game("peloponnes")
    handlers = engine.load(game)
    steps = Program(game).steps
    for sid, part in handlers.flow:
        assert sid == WIN and part == "win" or steps[sid].key in ("do", "repeat", "if", "turn", "deal"), (sid, part)
    called: list[tuple[int, str]] = []
    counted = copy.copy(handlers)
    counted.flow = {key: _counting(fn, key, called) for key, fn in handlers.flow.items()}
    a = flowkit.play_out(GameState(game, 3, seed=5), seed=2)
    b = flowkit.play_out(GameState(game, 3, seed=5, handlers=counted), seed=2)
    assert a.history == b.history and a.state.snapshot() == b.state.snapshot()
    assert {part for _sid, part in called} >= {"do", "until", "test"}


def _counting(fn, key, called):
    def counted(ctx):
        called.append(key)
        return fn(ctx)

    return counted
