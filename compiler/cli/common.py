"""What the commands share: the project root, loading through the cache, printing a report, refusing a target."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import click

from ..core.diagnostics import render_github, render_json, render_text

if TYPE_CHECKING:
    from ..pipeline.parallel import Checked
    from ..pipeline.project import Run
    from ..tools.replay import Replayed


def load(*args, **kwargs) -> Run:
    """project.load, imported when a command needs it: `ostraka --help` must not build the models."""
    from ..pipeline.project import load as load_project

    return load_project(*args, **kwargs)


FORMATS = click.Choice(["text", "json", "github"])

_quick = False  # set by a command that leaves nothing to close: main() then skips the interpreter's teardown


def exit_quickly(code: int) -> NoReturn:
    """sys.exit(code) for a command whose files are all closed: run as `ostraka` (main()), the process
    ends without tearing down its modules and data (tens of milliseconds after a check of every game)."""
    global _quick
    _quick = True
    sys.exit(code)


def quick_exit_asked() -> bool:
    return _quick


def project_root() -> Path:
    """The project directory: the nearest parent holding cards/ (or the current directory)."""
    here = Path.cwd().resolve()
    return next((d for d in [here, *here.parents] if (d / "cards").is_dir()), here)


def print_report(run: Run | Replayed | Checked, fmt: str, strict: bool) -> int:
    from . import colour

    report = run.report
    if strict:  # --strict: warnings are errors, and are shown as such
        from dataclasses import replace

        from ..core.diagnostics import Severity

        report.items = [replace(d, severity=Severity.ERROR) if d.level is Severity.WARNING else d for d in report.items]
    use_colour = fmt == "text" and colour.wanted(sys.stdout)
    if fmt == "json":
        click.echo(render_json(report))
    else:
        hints_shown: set[tuple[str, str]] = set()
        for d in report.sorted():
            if fmt == "github":
                click.echo(render_github(d))
            else:
                doc = run.documents.get(d.file)
                text = render_text(d, doc.line_text(d.line) if doc else None, hints_shown)
                click.echo(colour.paint(text) if use_colour else text, color=use_colour or None)
        click.echo(report.summary(), err=fmt == "github")
    return report.exit_code(strict)


def check_run(
    paths: tuple[str, ...],
    examples: bool = True,
    engine: str = "interpreter",
    cache: bool = True,
    reparse: bool = False,
) -> Run:
    from ..cache.cache import open_cache
    from ..pipeline.check.checks import check_all
    from ..tools.targets import game_paths

    root = project_root()
    targets = or_exit(lambda: game_paths(paths, root))
    store = open_cache(root, cache, reparse)
    try:
        run = load(targets, root, store)
        check_all(run, examples=examples and engine == "interpreter")
    finally:
        store.close()
    if examples and engine == "handlers":
        from ..pipeline.check.handlers import check_examples_with_handlers

        check_examples_with_handlers(run)
    return run


def check_report(paths: tuple[str, ...], cache: bool = True) -> Checked:
    """check_run's report and documents, on two cores when it pays (pipeline/parallel.py); the
    compiled games are not kept: for the commands that only print the findings."""
    from ..cache.cache import open_cache
    from ..pipeline.parallel import check
    from ..tools.targets import game_paths

    root = project_root()
    targets = or_exit(lambda: game_paths(paths, root))
    store = open_cache(root, cache)
    try:
        return check(targets, root, store)
    finally:
        store.close()


def or_exit(action):
    """Run `action`; a targets.Refusal (a game or card the command line names wrongly) exits 2 with its diagnostic."""
    from ..tools.targets import Refusal

    try:
        return action()
    except Refusal as exc:
        refuse(exc)


def refuse(exc) -> NoReturn:
    click.echo(render_text(exc.diagnostic), err=True)
    sys.exit(2)


def load_cached(paths: list[Path], root: Path) -> Run:
    from ..cache.cache import open_cache

    store = open_cache(root)
    try:
        return load(paths, root, store)
    finally:
        store.close()


def game_or_exit(name: str):
    from ..tools.targets import game_dir, no_game

    root = project_root()
    found = game_dir(name, root)
    if found is None:
        refuse(no_game(name, root))
    run = load_cached([found], root)
    for g in run.games:
        if g.directory == found:
            return run, g
    click.echo(f"ostraka: error: {run.display(found / 'game.yaml')} has errors; run 'ostraka check {name}'", err=True)
    sys.exit(1)
