"""The `ostraka` command: every command group assembled. Exit 0 clean, 1 findings, 2 usage or internal error.

Each command imports what it needs when it runs: `ostraka --help` imports click and the diagnostics only.
"""

from __future__ import annotations

import gc
import os
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
        from ..core.envfail import Refused, from_oserror

        try:
            return super().invoke(ctx)
        except BrokenPipeError:  # the reader went away (`ostraka cards GAME | head -1`): nothing to say
            closed_pipe()
        except Refused as exc:
            click.echo(render_text(exc.diagnostic), err=True)
        except OSError as exc:
            click.echo(render_text(from_oserror(exc)), err=True)
        sys.exit(2)


def closed_pipe() -> None:
    """End quietly when standard output's reader has gone: what is left unprinted goes nowhere (so
    the interpreter's last flush cannot fail too), and the exit is 0, as a command whose output fit
    in the pipe before it closed."""

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass
    os._exit(0)


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


class Stopped(BaseException):
    """SIGTERM or Ctrl-C: raised in the main thread so that every `finally` runs (a staging folder,
    a temporary file removed), then one line and 128 + the signal's number. Not a KeyboardInterrupt,
    so that click does not turn it into its own abort."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


_SIGNALLED: list[int] = []  # the signals received: a library may turn the exception into its own


def _stop(signum: int, _frame: object) -> None:
    _SIGNALLED.append(signum)
    raise Stopped(signum)


def _catch_signals() -> None:
    import signal

    for signum in (signal.SIGINT, signal.SIGTERM):
        try:
            signal.signal(signum, _stop)
        except (ValueError, OSError):  # not the main thread, or a platform without it
            pass


def main() -> None:
    _catch_signals()
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
    except BrokenPipeError:
        closed_pipe()
    except KeyboardInterrupt:
        sys.exit(130)
    except Stopped as exc:
        _stopped(exc.signum)
    except Exception as exc:  # noqa: BLE001 - a traceback shown to a designer is a bug
        if _SIGNALLED:  # a signal a library caught and raised again as its own (DuckDB: "Query interrupted")
            _stopped(_SIGNALLED[0])
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


def _stopped(signum: int) -> None:
    """One line, then exit 128 + the signal's number."""
    import signal

    _ignore_signals()
    name = "Ctrl-C" if signum == signal.SIGINT else signal.Signals(signum).name
    try:
        click.echo(f"ostraka: stopped by {name}; nothing half-written was left", err=True)
    except (OSError, ValueError):
        pass
    sys.exit(128 + signum)


def _ignore_signals() -> None:
    """Once stopping: a second signal (Ctrl-C pressed twice) must not interrupt the clean-up's end."""
    import signal

    for signum in (signal.SIGINT, signal.SIGTERM):
        try:
            signal.signal(signum, signal.SIG_IGN)
        except (ValueError, OSError):
            pass


def _exit_now(code: int) -> None:
    """End the process at once, its output flushed (returns only when a flush fails: the usual exit reports it)."""

    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        return
    os._exit(code)
