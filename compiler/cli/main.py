"""The `ostraka` command: every command group assembled. Exit 0 clean, 1 findings, 2 usage or internal error.

Each command imports what it needs when it runs: `ostraka --help` imports click and the diagnostics only.
"""

from __future__ import annotations

import gc
import sys

import click

from .. import __version__
from ..core.diagnostics import Diagnostic, Report, render_text
from . import cards, checking, common, playing, printing
from .common import check_run, load

__all__ = ["check_run", "cli", "load", "main"]


class _Commands(click.Group):
    """Every command: a failure of the machine (full disk, refused output, ...) is a located error, exit 2."""

    def invoke(self, ctx: click.Context):
        from ..pipeline.emit.envfail import Refused, from_oserror

        try:
            return super().invoke(ctx)
        except Refused as exc:
            click.echo(render_text(exc.diagnostic), err=True)
        except OSError as exc:
            click.echo(render_text(from_oserror(exc)), err=True)
        sys.exit(2)


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="ostraka")
def cli() -> None:
    """ostraka: check, explain and compile board-game card data."""


for _command in (
    checking.check,
    checking.build,
    checking.watch,
    checking.lsp,
    cards.explain,
    cards.cards,
    cards.deck,
    cards.new,
    cards.diff_command,
    printing.sheet,
    printing.pnp,
    printing.export,
    printing.schema,
    playing.play,
    playing.simulate,
    playing.sweep,
):
    cli.add_command(_command)


def main() -> None:
    # A command imports the pipeline and builds the language's models, tens of thousands of objects
    # that live to its end: collected every 700 new ones, they are scanned again and again.
    gc.set_threshold(max(gc.get_threshold()[0], 20_000), *gc.get_threshold()[1:])
    try:
        cli.main(standalone_mode=False)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.ClickException as exc:
        exc.show()
        sys.exit(2)
    except click.exceptions.Abort:
        sys.exit(2)
    except SystemExit as exc:
        if common.quick_exit_asked() and isinstance(exc.code, int):
            _exit_now(exc.code)
        raise
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception as exc:  # noqa: BLE001 - a traceback shown to a designer is a bug
        report = Report()
        report.add(
            Diagnostic(
                "E901",
                f"internal error: {type(exc).__name__}: {exc}",
                hint="please report this with the input that caused it",
            )
        )
        click.echo(render_text(report.items[0]), err=True)
        sys.exit(2)


def _exit_now(code: int) -> None:
    """End the process at once, its output flushed (returns only when a flush fails: the usual exit reports it)."""
    import os

    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        return
    os._exit(code)
