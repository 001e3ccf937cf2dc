"""A primitive is one module and its template in its family's folder, and nothing else.

A throwaway action is added to a copy of the compiler package (compiler/lang/actions/double.py and
double.py.j2, no other file touched); a subprocess with that copy first on its path checks a tiny
game using it (its example through the interpreter and through the generated handlers), builds
the game's handlers and writes the language reference, through the command line. A primitive
without its template is refused when its module is imported, with a message naming the file.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from compiler.lang import registry

from repo_paths import REPO

MINI = REPO / "tests" / "fixtures" / "mini"

MODULE = '''"""The action `double`: the acting player's counter is doubled (a test's throwaway primitive)."""

from __future__ import annotations

from ..registry import Primitive, primitive
from ..types import Noun


@primitive
class Double(Primitive):
    family, name = "action", "double"
    args = Noun
    summary = "The acting player's counter is doubled."
    example = {"double": "coins"}

    @staticmethod
    def english(arg, en):
        return f"double your {en.word(arg)}"

    @staticmethod
    def run(arg, ctx):
        ctx.change(ctx.actor, arg, ctx.actor.values.get(arg, 0))
'''

TEMPLATE = """{#- double: the acting player's counter grows by what it holds. -#}
{{ c }}.change({{ c }}.actor, {{ g.lit(arg) }}, {{ c }}.actor.values.get({{ g.lit(arg) }}, 0))
"""

CARD = """id: doubler
name: Doubler
kind: card
text: Double your coins when built.
effects:
  - on: built
    do: [{double: coins}]
examples:
  - name: doubles the coins
    given: {p1: {coins: 4}}
    when: {build: doubler, by: p1}
    expect: {p1: {coins: 8}}
"""

# One process for every command (the imports are paid once): each command's exit code and output.
DRIVER = """
import contextlib, io, json, sys
import compiler
from compiler.cli.main import cli

results = {"package": compiler.__file__}
for name, args in [("check", ["check", "mini", "--no-cache"]),
                   ("handlers", ["check", "mini", "--no-cache", "--engine", "handlers"]),
                   ("build", ["build"]),
                   ("schema", ["schema", "--write"])]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        try:
            cli.main(args, standalone_mode=False)
            code = 0
        except SystemExit as exc:
            code = exc.code or 0
    results[name] = [code, out.getvalue()]
print(json.dumps(results))
"""


def _copy_package(root: Path) -> Path:
    shutil.copytree(REPO / "compiler", root / "compiler", ignore=shutil.ignore_patterns("__pycache__"))
    return root / "compiler"


@pytest.fixture(scope="module")
def added(tmp_path_factory) -> tuple[Path, dict]:
    root = tmp_path_factory.mktemp("primitive")
    package = _copy_package(root / "src")
    before = {p.relative_to(package) for p in package.rglob("*") if p.is_file()}
    (package / "lang" / "actions" / "double.py").write_text(MODULE)
    (package / "lang" / "actions" / "double.py.j2").write_text(TEMPLATE)
    after = {p.relative_to(package) for p in package.rglob("*") if p.is_file()}
    assert after - before == {Path("lang/actions/double.py"), Path("lang/actions/double.py.j2")}

    project = root / "project"
    shutil.copytree(MINI, project / "cards" / "mini")
    (project / "cards" / "mini" / "doubler.yaml").write_text(CARD)
    env = {**os.environ, "PYTHONPATH": str(root / "src"), "NO_COLOR": "1"}
    proc = subprocess.run(
        [sys.executable, "-c", DRIVER], cwd=project, env=env, capture_output=True, text=True, timeout=300
    )
    assert proc.returncode == 0, proc.stderr
    return project, json.loads(proc.stdout)


def test_the_copy_is_what_runs(added):
    project, results = added
    assert Path(results["package"]).resolve().is_relative_to(project.parent / "src")


def test_a_game_using_the_new_primitive_checks_on_both_engines(added):
    _project, results = added
    for engine in ("check", "handlers"):
        code, output = results[engine]
        assert code == 0, output
        assert "0 errors" in output and "examples passed" in output and "failed" not in output, output


def test_the_generated_handlers_use_the_new_template(added):
    project, results = added
    assert results["build"][0] == 0, results["build"][1]
    handlers = (project / "generated" / "mini" / "handlers.py").read_text()
    assert 'ctx.change(ctx.actor, "coins", ctx.actor.values.get("coins", 0))' in handlers
    assert "rt.run_node" not in handlers  # not handed to the interpreter


def test_the_language_reference_lists_the_new_primitive(added):
    project, results = added
    assert results["schema"][0] == 0, results["schema"][1]
    reference = (project / "docs" / "language" / "actions.md").read_text()
    assert "The acting player's counter is doubled." in reference
    assert '"double"' in (project / "schema" / "card.schema.json").read_text()


def _import(path: Path, source: str) -> None:
    """Import a module file as Python would (its class statements run, decorators included)."""
    path.write_text(source)
    spec = importlib.util.spec_from_file_location(f"throwaway_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[spec.name]


THROWAWAY = """from compiler.lang.registry import Primitive, primitive


@primitive
class Throwaway(Primitive):
    family, name = "{family}", "{name}"
    args = str
    summary = "A primitive of a test."
    example = {{"{name}": "coins"}}

    @staticmethod
    def english(arg, en):
        return "{name}"

    @staticmethod
    def run(arg, ctx):
        return None
"""


def test_a_primitive_without_its_template_is_refused_at_import(tmp_path):
    with pytest.raises(
        ValueError, match=r"action primitive 'halve' has no code-generator template: add halve\.py\.j2 beside halve"
    ):
        _import(tmp_path / "halve.py", THROWAWAY.format(family="action", name="halve"))
    assert "halve" not in registry.REGISTRY["action"]
    (tmp_path / "triple.py.j2").write_text("{{ g.code('pass') }}\n")
    _import(tmp_path / "triple.py", THROWAWAY.format(family="action", name="triple"))  # with its template: accepted
    assert registry.REGISTRY["action"].pop("triple").__module__ == "throwaway_triple"
    del registry._MODULES["throwaway_triple"]  # leave the registry as the other tests know it


def test_a_passive_without_a_hook_is_refused(tmp_path):
    with pytest.raises(ValueError, match=r"passive 'shine' declares no hook: set `hook` to one of"):
        _import(tmp_path / "shine.py", THROWAWAY.format(family="passive", name="shine"))
    assert "shine" not in registry.REGISTRY["passive"]


@pytest.mark.parametrize(
    ("actions", "prefix"),
    [
        ([{"gain": {"coins": 1}}, {"gain": {"coins": {"field": "points"}}}], 1),  # the card in view
        ([{"gain": {"coins": {"detail": "price"}}}], 0),  # the event, read by a primitive added since
        ([{"invoke": {"named_by": "disaster", "on": "strike"}}], 0),  # the event, by one of its arguments
        ([{"invoke": {"card": "some_card", "on": "strike"}}, {"pay": {"coins": 1}}], 2),
        ([{"if": {"test": {"connected": {"same": "group"}}, "then": [{"gain": {"coins": 1}}]}}], 0),  # inside another
    ],
)
def test_what_a_move_reads_is_what_its_primitives_declare(actions, prefix):
    """A move's actions that read neither its card nor the event are tried once for all its cards:
    each primitive says whether it reads them (Primitive.reads_view), no list of names does."""
    from compiler.lang.model import Action
    from compiler.runtime.program import _card_free_prefix

    assert _card_free_prefix([Action.model_validate(a) for a in actions]) == prefix
