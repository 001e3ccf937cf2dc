"""The commands that check and build: check, build and watch."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from . import common

if TYPE_CHECKING:
    from ..pipeline.parallel import Checked
    from ..pipeline.project import Run


@click.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option(
    "--format", "fmt", type=common.FORMATS, default="text", show_default=True, help="How findings are printed."
)
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
@click.option(
    "--engine",
    type=click.Choice(["interpreter", "handlers"]),
    default="interpreter",
    show_default=True,
    help="Run the examples by walking the effects, or through the generated handlers.",
)
@click.option("--no-cache", is_flag=True, help="Check everything from scratch; do not read or write .ostraka/.")
def check(paths: tuple[str, ...], fmt: str, strict: bool, engine: str, no_cache: bool) -> None:
    """Validate the card data and run every example; writes nothing but the cache in .ostraka/.

    PATHS are game ids, game directories or files in them (default: every game under cards/).
    """
    fast = not no_cache and engine == "interpreter" and not os.environ.get("OSTRAKA_NO_CACHE")
    if fast:  # nothing changed since the same check: its report, without loading anything (replay.py)
        from ..tools.replay import remember, replay, snapshot

        root = common.project_root()
        replayed = replay(root, list(paths))
        if replayed is not None:
            sys.exit(common.print_report(replayed, fmt, strict))
        key = snapshot(root, list(paths))
    run: Run | Checked
    if engine == "interpreter":
        run = common.check_report(paths, cache=not no_cache)
    else:
        run = common.check_run(paths, engine=engine, cache=not no_cache)
    if fast:
        remember(root, list(paths), run.report, key)
    common.exit_quickly(common.print_report(run, fmt, strict))


@click.command()
@click.option(
    "--check", "check_only", is_flag=True, help="Exit 1 if generated/ differs from a fresh build; write nothing."
)
@click.option("--format", "fmt", type=common.FORMATS, default="text", show_default=True)
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
@click.option("--out", type=click.Path(file_okay=False), default=None, help="Output directory (default: generated/).")
def build(check_only: bool, fmt: str, strict: bool, out: str | None) -> None:
    """Check every game, then write generated/<game>/ (nothing is written if any check fails)."""
    import time

    from ..pipeline.emit.atomic import Superseded
    from ..pipeline.emit.generated import all_outputs, drift, write_outputs

    started = time.time_ns()  # orders concurrent builds: the one that read its input last wins
    run = common.check_run(
        (), reparse=True
    )  # what reaches generated/ is parsed from the card files, never taken from the cache
    code = common.print_report(run, fmt, strict)
    if code:
        click.echo("build stopped: nothing was written", err=True)
        sys.exit(code)
    target = Path(out) if out else run.root / "generated"
    if check_only:
        stale = drift(run, target)
        for line in stale:
            click.echo(f"stale: {line}")
        if stale:
            click.echo("generated/ is out of date; run 'make' (or 'ostraka build') and commit generated/", err=True)
            sys.exit(1)
        click.echo("generated/ is up to date")
        return
    from ..pipeline.emit.atomic import check_target

    _refuse_project_files(run.root, target)
    check_target(target)  # refused even when its contents happen to match: never read or tidy through a link
    files = all_outputs(run)
    if not drift(run, target, files):
        from ..pipeline.emit.atomic import tidy

        tidy(target)  # a killed build's leftovers go even when nothing is rewritten
        click.echo(f"{run.display(target)}/ is up to date: nothing written")
        return
    from ..core.diagnostics import plural

    try:
        written = write_outputs(run, target, files, started)
    except Superseded:
        click.echo(
            f"{run.display(target)}/ already holds the output of a build started after this one; left it in place"
        )
        return
    click.echo(f"wrote {plural(written, 'file')} to {run.display(target)}")


def _refuse_project_files(root: Path, target: Path) -> None:
    """The output may not be the project, hold it, or lie among the card files (E701)."""
    from ..core.envfail import refuse

    real = Path(os.path.realpath(target))
    cards = root / "cards"
    if root.is_relative_to(real) or real.is_relative_to(cards):
        raise refuse(
            "E701",
            "the output would replace or mix with the project's own files",
            target,
            "pass --out a directory outside cards/ that does not contain the project (default: generated/)",
        )


@click.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--no-cache", is_flag=True, help="Check everything from scratch each time.")
@click.option("--exit-after", type=int, default=None, hidden=True, help="Stop after this many re-checks (for tests).")
def watch(paths: tuple[str, ...], no_cache: bool, exit_after: int | None) -> None:
    """Check, then re-check on every save of a YAML file, printing only new and fixed findings.

    PATHS are game ids, game directories or files in them (default: every game under cards/).
    """
    from ..tools.targets import game_paths
    from ..tools.watch import Watcher, run_watch, watch_targets
    from . import colour

    use_colour = colour.wanted(sys.stdout)
    watcher = Watcher(
        paths, lambda p: common.check_run(p, cache=not no_cache), colour.paint if use_colour else (lambda text: text)
    )
    root = common.project_root()
    echo = lambda line: click.echo(line, color=use_colour or None)  # noqa: E731
    sys.exit(
        run_watch(
            watcher,
            watch_targets([str(p) for p in common.or_exit(lambda: game_paths(paths, root))], root),
            root,
            echo,
            exit_after,
        )
    )


@click.command()
@click.option("--no-cache", is_flag=True, help="Check everything from scratch each time.")
@click.option("--stdio", is_flag=True, help="Speak over standard input and output (the default; editors pass it).")
def lsp(no_cache: bool, stdio: bool) -> None:
    """The language server for editors: findings as you type, hover, go to definition, completion.

    Speaks the Language Server Protocol over standard input and output; see docs/editors.md.
    """
    from ..lsp.server import main

    main(cache=not no_cache)
