"""The `ostraka` command line: a thin layer over the pipeline. Exit 0 clean, 1 findings, 2 usage or internal error."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from typing import TYPE_CHECKING

from . import __version__
from .diagnostics import Diagnostic, Report, render_github, render_json, render_text

if TYPE_CHECKING:
    from .pipeline.project import Run


def load(*args, **kwargs) -> "Run":
    """project.load, imported when a command needs it: `ostraka --help` must not build the models."""
    from .pipeline.project import load as load_project

    return load_project(*args, **kwargs)

FORMATS = click.Choice(["text", "json", "github"])


def _root() -> Path:
    """The project directory: the nearest parent holding cards/ (or the current directory)."""
    here = Path.cwd().resolve()
    return next((d for d in [here, *here.parents] if (d / "cards").is_dir()), here)


def _print_report(run: Run, fmt: str, strict: bool) -> int:
    from .outputs import colour

    report = run.report
    if strict:  # --strict: warnings are errors, and are shown as such
        from dataclasses import replace

        from .diagnostics import Severity

        report.items = [replace(d, severity=Severity.ERROR) if d.level is Severity.WARNING else d for d in report.items]
    use_colour = fmt == "text" and colour.wanted(sys.stdout)
    if fmt == "json":
        click.echo(render_json(report))
    else:
        for d in report.sorted():
            if fmt == "github":
                click.echo(render_github(d))
            else:
                doc = run.documents.get(d.file)
                text = render_text(d, doc.line_text(d.line) if doc else None)
                click.echo(colour.paint(text) if use_colour else text, color=use_colour or None)
        click.echo(report.summary(), err=fmt == "github")
    return report.exit_code(strict)


def check_run(paths: tuple[str, ...], examples: bool = True, engine: str = "interpreter", cache: bool = True,
              reparse: bool = False) -> Run:
    from .tools.cache import open_cache
    from .pipeline.check.checks import check_all

    from .tools.targets import game_paths

    root = _root()
    targets = _or_exit(lambda: game_paths(paths, root))
    store = open_cache(root, cache, reparse)
    try:
        run = load(targets, root, store)
        check_all(run, examples=examples and engine == "interpreter")
    finally:
        store.close()
    if examples and engine == "handlers":
        from .codegen.engine import check_examples_with_handlers

        check_examples_with_handlers(run)
    return run


def _or_exit(action):
    """Run `action`; a targets.Refusal (a game or card the command line names wrongly) exits 2 with its diagnostic."""
    from .tools.targets import Refusal

    try:
        return action()
    except Refusal as exc:
        _refuse(exc)


def _refuse(exc) -> None:
    click.echo(render_text(exc.diagnostic), err=True)
    sys.exit(2)


def _load_cached(paths: list[Path], root: Path) -> Run:
    from .tools.cache import open_cache

    store = open_cache(root)
    try:
        return load(paths, root, store)
    finally:
        store.close()


class _Commands(click.Group):
    """Every command: a failure of the machine (full disk, refused output, ...) is a located error, exit 2."""

    def invoke(self, ctx: click.Context):
        from .pipeline.emit.envfail import Refused, from_oserror

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


@cli.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--format", "fmt", type=FORMATS, default="text", show_default=True, help="How findings are printed.")
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
@click.option("--engine", type=click.Choice(["interpreter", "handlers"]), default="interpreter", show_default=True,
              help="Run the examples by walking the effects, or through the generated handlers.")
@click.option("--no-cache", is_flag=True, help="Check everything from scratch; do not read or write .ostraka/.")
def check(paths: tuple[str, ...], fmt: str, strict: bool, engine: str, no_cache: bool) -> None:
    """Validate the card data and run every example; writes nothing but the cache in .ostraka/.

    PATHS are game ids, game directories or files in them (default: every game under cards/).
    """
    fast = not no_cache and engine == "interpreter" and not os.environ.get("OSTRAKA_NO_CACHE")
    if fast:  # nothing changed since the same check: its report, without loading anything (replay.py)
        from .tools.replay import remember, replay, snapshot

        root = _root()
        replayed = replay(root, list(paths))
        if replayed is not None:
            sys.exit(_print_report(replayed, fmt, strict))
        key = snapshot(root, list(paths))
    run = check_run(paths, engine=engine, cache=not no_cache)
    if fast:
        remember(root, list(paths), run.report, key)
    sys.exit(_print_report(run, fmt, strict))


@cli.command()
@click.option("--check", "check_only", is_flag=True, help="Exit 1 if generated/ differs from a fresh build; write nothing.")
@click.option("--format", "fmt", type=FORMATS, default="text", show_default=True)
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
@click.option("--out", type=click.Path(file_okay=False), default=None, help="Output directory (default: generated/).")
def build(check_only: bool, fmt: str, strict: bool, out: str | None) -> None:
    """Check every game, then write generated/<game>/ (nothing is written if any check fails)."""
    import time

    from .pipeline.emit.atomic import Superseded
    from .pipeline.emit.generated import all_outputs, drift, write_outputs

    started = time.time_ns()  # orders concurrent builds: the one that read its input last wins
    run = check_run((), reparse=True)  # what reaches generated/ is parsed from the card files, never taken from the cache
    code = _print_report(run, fmt, strict)
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
    from .pipeline.emit.atomic import check_target

    _refuse_project_files(run.root, target)
    check_target(target)  # refused even when its contents happen to match: never read or tidy through a link
    files = all_outputs(run)
    if not drift(run, target, files):
        from .pipeline.emit.atomic import tidy

        tidy(target)  # a killed build's leftovers go even when nothing is rewritten
        click.echo(f"{run.display(target)}/ is up to date: nothing written")
        return
    from .diagnostics import plural

    try:
        written = write_outputs(run, target, files, started)
    except Superseded:
        click.echo(f"{run.display(target)}/ already holds the output of a build started after this one; left it in place")
        return
    click.echo(f"wrote {plural(written, 'file')} to {run.display(target)}")


def _refuse_project_files(root: Path, target: Path) -> None:
    """The output may not be the project, hold it, or lie among the card files (E701)."""
    from .pipeline.emit.envfail import refuse

    real = Path(os.path.realpath(target))
    cards = root / "cards"
    if root.is_relative_to(real) or real.is_relative_to(cards):
        raise refuse("E701", "the output would replace or mix with the project's own files", target,
                     "pass --out a directory outside cards/ that does not contain the project (default: generated/)")


@cli.command()
@click.argument("card_id")
@click.option("--game", default=None, help="The game (an id or directory), when several have a card of that id.")
def explain(card_id: str, game: str | None) -> None:
    """Show a card's source location, fields, effects (in English) and examples.

    CARD_ID is a card id, or GAME:ID when several games have a card of that id.
    """
    from .outputs.explain import explain_card
    from .tools.targets import find_card, game_dir, no_game

    root = _root()
    paths = []
    if game is not None or ":" in card_id:
        name = game if game is not None else card_id.rpartition(":")[0]
        found_dir = game_dir(name, root)
        if found_dir is None:
            _refuse(no_game(name, root))
        paths = [found_dir]
    run = _load_cached(paths, root)
    found = _or_exit(lambda: find_card(run, card_id, None))
    click.echo(explain_card(found.game, found.card))


def _game_or_exit(name: str):
    from .tools.targets import game_dir, no_game

    root = _root()
    found = game_dir(name, root)
    if found is None:
        _refuse(no_game(name, root))
    run = _load_cached([found], root)
    for g in run.games:
        if g.directory == found:
            return run, g
    click.echo(f"ostraka: error: {run.display(found / 'game.yaml')} has errors; run 'ostraka check {name}'", err=True)
    sys.exit(1)


@cli.command()
@click.argument("game")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
def cards(game: str, fmt: str) -> None:
    """List every entity of a game with its id, name, kind and fields."""
    from .pipeline.emit.generated import card_records

    _run, g = _game_or_exit(game)
    records = card_records(g)
    if fmt == "json":
        click.echo(json.dumps(records, indent=2, ensure_ascii=False))
        return
    for r in records:
        click.echo(f"{r['id']:<28} {r['kind']:<14} {r['name']}")


@cli.command()
@click.argument("game")
@click.option("--players", type=int, required=True, help="Number of players.")
@click.option("--age", "key", type=int, required=True, help="Which deck (the value of the game's deck key, e.g. the age).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed for the cards drawn at random.")
def deck(game: str, players: int, key: int, seed: int) -> None:
    """Print a deck for a player count, one card id per line."""
    from .runtime.deck import DeckError, build_deck

    _run, g = _game_or_exit(game)
    try:
        ids = build_deck(g, players, key, seed)
    except DeckError as exc:
        click.echo(f"ostraka: error: {exc}", err=True)
        sys.exit(2)
    for cid in ids:
        click.echo(cid)


@cli.command()
@click.argument("game")
@click.option("--pdf", is_flag=True, help="Write a PDF (WeasyPrint) instead of HTML.")
@click.option("--paper", type=click.Choice(["A4", "Letter"]), default="A4", show_default=True, help="Page size of the PDF.")
@click.option("--out", type=click.Path(dir_okay=False), default=None,
              help="Output file (default: HTML to standard output; PDF to build/sheets/GAME.pdf, not committed).")
def sheet(game: str, pdf: bool, paper: str, out: str | None) -> None:
    """Render a game's printable reference sheet (the same HTML as generated/GAME/sheet.html)."""
    from .outputs.sheet import render_sheet, write_pdf

    run, g = _game_or_exit(game)
    if not pdf:
        html = render_sheet(g)
        if out:
            try:
                with open(out, "w", encoding="utf-8") as handle:
                    handle.write(html)
            except OSError as exc:  # a failed write() names no file: name the one asked for
                raise OSError(exc.errno, exc.strerror, exc.filename or out) from exc
            click.echo(f"wrote {out}")
        else:
            click.echo(html, nl=False)
        return
    target = Path(out) if out else run.root / "build" / "sheets" / f"{g.id}.pdf"
    try:
        write_pdf(g, target, paper)
    except ImportError:
        click.echo("ostraka: error: WeasyPrint is not installed; run 'make' (pip install -e '.[test]')", err=True)
        sys.exit(2)
    click.echo(f"wrote {target}")


@cli.command()
@click.argument("game")
@click.option("--players", required=True, help="Number of players.")
@click.option("--seed", default="0", show_default=True, help="Seed of the deals and of the bots.")
@click.option("--bots", default="random", show_default=True, help="Who plays the seats: random.")
@click.option("--engine", default="interpreter", show_default=True, help="interpreter or handlers (the same game).")
@click.option("--format", "fmt", default="text", show_default=True, help="text or json.")
@click.option("--human", default=None, help="A seat (0 = p1) played by you at the terminal.")
def play(game: str, players: str, seed: str, bots: str, engine: str, fmt: str, human: str | None) -> None:
    """Play a whole game of GAME from a seed (its flow in game.yaml), printing each decision and the scores."""
    from .tools.play import command

    sys.exit(command(_root(), game, players, seed, bots, engine, fmt, human, click.echo))


@cli.command()
@click.argument("game")
@click.option("--paper", type=click.Choice(["A4", "Letter"]), default="A4", show_default=True, help="Page size.")
@click.option("--players", type=click.IntRange(1, 99), default=None,
              help="Print the copies of this player count (default: the most players the game allows).")
@click.option("--out", type=click.Path(dir_okay=False), default=None, help="Output file (default: build/pnp/GAME.pdf).")
def pnp(game: str, paper: str, players: int | None, out: str | None) -> None:
    """Print-and-play card fronts as a PDF: real size, crop marks, one copy per physical card."""
    from .outputs.pnp import summary, write_pnp

    run, g = _game_or_exit(game)
    if players is not None and not g.game.players.min <= players <= g.game.players.max:
        click.echo(f"ostraka: error: {g.game.name} is for {g.game.players.min} to {g.game.players.max} players, not {players}", err=True)
        sys.exit(2)
    target = Path(out) if out else run.root / "build" / "pnp" / f"{g.id}.pdf"
    write_pnp(g, target, paper, players)
    counts = summary(g, paper, players)
    click.echo(f"wrote {target}: {counts['cards']} cards on {counts['pages']} pages")


@cli.command()
@click.argument("game")
@click.option("--format", "fmt", type=click.Choice(["csv", "json", "xlsx"]), default="csv", show_default=True)
@click.option("--out", type=click.Path(dir_okay=False), default=None,
              help="Output file (default: CSV and JSON to standard output; xlsx to build/export/GAME.xlsx).")
def export(game: str, fmt: str, out: str | None) -> None:
    """One row per entity, a column per field, for spreadsheets (reconstructed values listed and shaded)."""
    from .outputs.export import export as table_of, write

    run, g = _game_or_exit(game)
    data = table_of(g, fmt)
    if out is None and isinstance(data, str):
        click.echo(data, nl=False)
        return
    target = Path(out) if out else run.root / "build" / "export" / f"{g.id}.{fmt}"
    write(data, target)
    click.echo(f"wrote {target}")


@cli.command()
@click.option("--write", is_flag=True, help="Write schema/*.json, .vscode/settings.json and docs/language.md.")
def schema(write: bool) -> None:
    """Print or write the JSON Schemas (the language's and each game's), the editor settings and the language reference."""
    from .outputs.docs_gen import reference_files

    root = _root()
    files = reference_files(root)
    if not write:
        click.echo(files["schema/card.schema.json"])
        return
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        click.echo(f"wrote {rel}")


@cli.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--no-cache", is_flag=True, help="Check everything from scratch each time.")
@click.option("--exit-after", type=int, default=None, hidden=True, help="Stop after this many re-checks (for tests).")
def watch(paths: tuple[str, ...], no_cache: bool, exit_after: int | None) -> None:
    """Check, then re-check on every save of a YAML file, printing only new and fixed findings.

    PATHS are game ids, game directories or files in them (default: every game under cards/).
    """
    from .outputs import colour
    from .tools.targets import game_paths
    from .tools.watch import Watcher, run_watch, watch_targets

    use_colour = colour.wanted(sys.stdout)
    watcher = Watcher(paths, lambda p: check_run(p, cache=not no_cache), colour.paint if use_colour else (lambda text: text))
    root = _root()
    echo = lambda line: click.echo(line, color=use_colour or None)  # noqa: E731
    sys.exit(run_watch(watcher, watch_targets([str(p) for p in _or_exit(lambda: game_paths(paths, root))], root), root, echo, exit_after))


@cli.command("diff")
@click.argument("before")
@click.argument("after")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "markdown"]), default="text", show_default=True,
              help="markdown: for a pull-request comment.")
@click.option("--no-examples", is_flag=True, help="Do not run the examples on both sides.")
@click.option("--simulate", "sim_game", metavar="GAME", default=None,
              help="Add the balance change: the same seeded games of GAME (one with a flow) played on both sides.")
@click.option("--players", type=int, default=None, help="With --simulate: players (default: the game's fewest).")
@click.option("--games", type=int, default=20, show_default=True, help="With --simulate: games on each side.")
@click.option("--seed", type=int, default=0, show_default=True, help="With --simulate: game i is seeded from (seed, i).")
@click.option("--bots", default="random", show_default=True, help="With --simulate: random, greedy or mcts (one, or one per seat).")
@click.option("--alpha", type=float, default=0.05, show_default=True, help="With --simulate: significance level (Holm-adjusted).")
def diff_command(before: str, after: str, fmt: str, no_examples: bool, sim_game: str | None, players: int | None,
                 games: int, seed: int, bots: str, alpha: float) -> None:
    """What changed in the cards from BEFORE to AFTER: each a directory or a git revision.

    Cards added, removed and changed (fields, effects, text and English before and after) and the
    examples whose outcome changed; with --simulate, the balance change. Exit 0 whether or not
    anything changed; 2 if a side cannot be read or an option is bad; 1 if the simulated game has errors.
    """
    from .outputs.diff import DiffError, diff, render
    from .simulate.loading import DataError, UsageError

    simulate = None
    if sim_game is not None:
        from .outputs.diff_balance import Balance

        simulate = Balance(sim_game, players, games, seed, bots, alpha)
    try:
        result = diff(before, after, _root(), examples=not no_examples, simulate=simulate)
    except DiffError as exc:
        click.echo(f"ostraka: error: {exc}", err=True)
        sys.exit(2)
    except UsageError as exc:
        click.echo(f"ostraka: error: {exc}", err=True)
        sys.exit(2)
    except DataError as exc:  # the simulated game has errors on a side: its diagnostics
        click.echo(exc.text, err=True)
        sys.exit(1)
    click.echo(render(result, fmt))


@cli.command("new")
@click.argument("game")
@click.argument("kind")
@click.argument("card_id", metavar="ID")
@click.option("--dir", "folder", type=click.Path(file_okay=False), default=None,
              help="Folder for the file (default: where cards of that kind already are).")
def new(game: str, kind: str, card_id: str, folder: str | None) -> None:
    """Write a new card file for GAME with every field KIND requires and an example skeleton."""
    from .tools.scaffold import ScaffoldError, scaffold
    from .tools.targets import game_dir, no_game

    root = _root()
    chosen = game_dir(game, root)
    if chosen is None:
        _refuse(no_game(game, root))
    run = _load_cached([chosen], root)
    if not run.games:
        _print_report(run, "text", False)
        click.echo(f"ostraka: {game}/game.yaml has errors; fix them first", err=True)
        sys.exit(1)
    compiled = run.games[0]
    existing = {}
    for display, doc in run.documents.items():
        entities = doc.data if isinstance(doc.data, list) else [doc.data]
        for entity in entities:
            if isinstance(entity, dict) and isinstance(entity.get("id"), str) and display != compiled.game_file:
                existing.setdefault(entity["id"], (str(entity.get("kind")), root / display))
    try:
        path, text = scaffold(compiled.directory, compiled.game, kind, card_id, existing, Path(folder) if folder else None)
    except ScaffoldError as exc:
        d = exc.diagnostic
        click.echo(f"ostraka: error {d.code}: {d.message}" + (f"\n    hint: {d.hint}" if d.hint else ""), err=True)
        sys.exit(2)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "x", encoding="utf-8") as handle:
        handle.write(text)
    click.echo(f"wrote {run.display(path)}")


@cli.command()
@click.argument("game")
@click.option("--players", type=int, required=True, help="Number of players.")
@click.option("--games", type=int, default=100, show_default=True, help="How many games (K).")
@click.option("--seed", type=int, default=0, show_default=True, help="Game i is seeded from (seed, i).")
@click.option("--bots", default="random", show_default=True, help="random, greedy or mcts: one for all seats, or one per seat (a,b,...).")
@click.option("--jobs", type=int, default=1, show_default=True, help="Local worker processes.")
@click.option("--out", required=True, type=click.Path(), help="Directory for results.duckdb and report.html.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--ray", "ray_address", is_flag=False, flag_value="", default=None, help="Play the games as Ray tasks (a cluster ADDRESS, or a local one).")
@click.option("--engine", type=click.Choice(["handlers", "interpreter"]), default="handlers", show_default=True)
@click.option("--mcts-simulations", type=int, default=50, show_default=True, help="MCTS simulations a move (mcts bots).")
def simulate(game: str, players: int, games: int, seed: int, bots: str, jobs: int, out: str, fmt: str,
             ray_address: str | None, engine: str, mcts_simulations: int) -> None:
    """Play K games of GAME with bots; write DIR/results.duckdb and DIR/report.html; print a summary."""
    from .simulate.command import command

    sys.exit(command(_root(), game, players, games, seed, bots, jobs, out, fmt, ray_address, engine, mcts_simulations, click.echo))


@cli.command()
@click.argument("game")
@click.argument("files", nargs=-1, type=click.Path())
@click.option("--variants", "variants", multiple=True, type=click.Path(), help="A variant file (YAML overlay); more may follow.")
@click.option("--players", type=int, required=True, help="Number of players.")
@click.option("--games", type=int, default=100, show_default=True, help="Games for the base and for each variant.")
@click.option("--seed", type=int, default=0, show_default=True, help="Game i is seeded from (seed, i), the same in every variant.")
@click.option("--bots", default="random", show_default=True, help="random, greedy or mcts (one, or one per seat).")
@click.option("--jobs", type=int, default=1, show_default=True, help="Local worker processes.")
@click.option("--out", required=True, type=click.Path(), help="Directory for results.duckdb and report.html.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--ray", "ray_address", is_flag=False, flag_value="", default=None, help="Play the games as Ray tasks.")
@click.option("--engine", type=click.Choice(["handlers", "interpreter"]), default="handlers", show_default=True)
@click.option("--mcts-simulations", type=int, default=50, show_default=True)
@click.option("--alpha", type=float, default=0.05, show_default=True, help="Significance level (Holm-adjusted).")
def sweep(game: str, files: tuple[str, ...], variants: tuple[str, ...], players: int, games: int, seed: int, bots: str,
          jobs: int, out: str, fmt: str, ray_address: str | None, engine: str, mcts_simulations: int, alpha: float) -> None:
    """Play the same games of GAME under each variant of its card data and report significant differences."""
    from .simulate.sweep import command

    sys.exit(command(_root(), game, [*variants, *files], players, games, seed, bots, jobs, out, fmt, ray_address, engine,
                     mcts_simulations, alpha, click.echo))


def main() -> None:
    try:
        cli.main(standalone_mode=False)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.ClickException as exc:
        exc.show()
        sys.exit(2)
    except click.exceptions.Abort:
        sys.exit(2)
    except SystemExit:
        raise
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception as exc:  # noqa: BLE001 - a traceback shown to a designer is a bug
        report = Report()
        report.add(Diagnostic("E901", f"internal error: {type(exc).__name__}: {exc}", hint="please report this with the input that caused it"))
        click.echo(render_text(report.items[0]), err=True)
        sys.exit(2)
