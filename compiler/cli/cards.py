"""The commands that read a game's cards: explain, cards, deck, new and diff."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import NoReturn

import click

from . import common


@click.command()
@click.argument("card_id")
@click.option("--game", default=None, help="The game (an id or directory), when several have a card of that id.")
@click.option(
    "--trace",
    "example",
    default=None,
    help="Run this example (its name or number, from 1) and show where each value it changed came from.",
)
def explain(card_id: str, game: str | None, example: str | None) -> None:
    """Show a card's source location, fields, effects (in English) and examples.

    CARD_ID is a card id, or GAME:ID when several games have a card of that id.
    """
    from ..core.textsafe import visible
    from ..outputs.explain import explain_card, trace_example
    from ..tools.targets import find_card, game_dir, no_game

    root = common.project_root()
    paths = []
    if game is not None or ":" in card_id:
        name = game if game is not None else card_id.rpartition(":")[0]
        found_dir = game_dir(name, root)
        if found_dir is None:
            common.refuse(no_game(name, root))
        paths = [found_dir]
    run = common.load_cached(paths, root)
    found = common.or_exit(lambda: find_card(run, card_id, None))
    traced = None
    if example is not None:  # a wrong example name is refused before anything is printed
        text, ok = trace_example(found.game, found.card, example)
        if not ok:
            click.echo(f"ostraka: error: {visible(text)}", err=True)
            sys.exit(2)
        traced = text
    click.echo(visible(explain_card(found.game, found.card)))
    if traced is not None:
        click.echo(visible(traced))


@click.command()
@click.argument("game")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
def cards(game: str, fmt: str) -> None:
    """List every entity of a game with its id, name, kind and fields."""
    from ..core.textsafe import json_safe, one_line
    from ..pipeline.emit.generated import card_records

    _run, g = common.game_or_exit(game)
    records = card_records(g)
    if fmt == "json":
        click.echo(json_safe(json.dumps(records, indent=2, ensure_ascii=False)))
        return
    for r in records:
        click.echo(one_line(f"{r['id']:<28} {r['kind']:<14} {r['name']}"))


@click.command()
@click.argument("game")
@click.option("--players", type=int, required=True, help="Number of players.")
@click.option(
    "--age", "key", type=int, required=True, help="Which deck (the value of the game's deck key, e.g. the age)."
)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed for the cards drawn at random.")
def deck(game: str, players: int, key: int, seed: int) -> None:
    """Print a deck for a player count, one card id per line."""
    from ..runtime.deck import DeckError, build_deck

    _run, g = common.game_or_exit(game)
    try:
        ids = build_deck(g, players, key, seed)
    except DeckError as exc:
        click.echo(f"ostraka: error: {exc}", err=True)
        sys.exit(2)
    for cid in ids:
        click.echo(cid)


@click.command("new")
@click.argument("game")
@click.argument("kind", required=False)
@click.argument("card_id", metavar="[ID]", required=False)
@click.option(
    "--dir",
    "folder",
    type=click.Path(file_okay=False),
    default=None,
    help="With KIND and ID: the folder for the card file (default: where cards of that kind already are).",
)
def new(game: str, kind: str | None, card_id: str | None, folder: str | None) -> None:
    """Start a new game, or add a card to one.

    `ostraka new GAME` writes a whole new game under cards/GAME/: a game.yaml with players, nouns,
    rules and a flow, and one card with its example, which check --strict, play and simulate accept
    as written. `ostraka new GAME KIND ID` writes a card file for GAME with every field KIND requires
    and an example skeleton.
    """
    if kind is None:
        _new_game(game)
    elif card_id is None:
        raise click.UsageError("a new card needs its KIND and its ID: ostraka new GAME KIND ID")
    else:
        _new_card(game, kind, card_id, folder)


def _new_game(game_id: str) -> None:
    from ..tools.scaffold import ScaffoldError, new_game

    root = common.project_root()
    try:
        files = new_game(root / "cards", game_id)
    except ScaffoldError as exc:
        _refuse_scaffold(exc)
    from ..core.writes import write_file

    for path, text in files.items():
        write_file(path, text, root, new=True)
        click.echo(f"wrote {path.relative_to(root).as_posix()}")
    click.echo(f"next: ostraka check {game_id} --strict, then ostraka play {game_id} --players 2")


def _refuse_scaffold(exc) -> NoReturn:
    d = exc.diagnostic
    click.echo(f"ostraka: error {d.code}: {d.message}" + (f"\n    hint: {d.hint}" if d.hint else ""), err=True)
    sys.exit(2)


def _new_card(game: str, kind: str, card_id: str, folder: str | None) -> None:
    from ..tools.scaffold import ScaffoldError, scaffold
    from ..tools.targets import game_dir, no_game

    root = common.project_root()
    chosen = game_dir(game, root)
    if chosen is None:
        common.refuse(no_game(game, root))
    run = common.load_cached([chosen], root)
    if not run.games:
        common.print_report(run, "text", False)
        click.echo(f"ostraka: {game}/game.yaml has errors; fix them first", err=True)
        sys.exit(1)
    compiled = run.games[0]
    existing: dict[str, tuple[str, Path]] = {}
    for display, doc in run.documents.items():
        entities = doc.data if isinstance(doc.data, list) else [doc.data]
        for entity in entities:
            if isinstance(entity, dict) and isinstance(entity.get("id"), str) and display != compiled.game_file:
                existing.setdefault(entity["id"], (str(entity.get("kind")), root / display))
    try:
        path, text = scaffold(
            compiled.directory, compiled.game, kind, card_id, existing, Path(folder) if folder else None
        )
    except ScaffoldError as exc:
        _refuse_scaffold(exc)
    from ..core.writes import write_file

    write_file(path, text, root, new=True)
    click.echo(f"wrote {run.display(path)}")


@click.command("diff")
@click.argument("before")
@click.argument("after")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "markdown"]),
    default="text",
    show_default=True,
    help="markdown: for a pull-request comment.",
)
@click.option("--no-examples", is_flag=True, help="Do not run the examples on both sides.")
@click.option(
    "--simulate",
    "sim_game",
    metavar="GAME",
    default=None,
    help="Add the balance change: the same seeded games of GAME (one with a flow) played on both sides.",
)
@click.option("--players", type=int, default=None, help="With --simulate: players (default: the game's fewest).")
@click.option("--games", type=int, default=20, show_default=True, help="With --simulate: games on each side.")
@click.option(
    "--seed", type=int, default=0, show_default=True, help="With --simulate: game i is seeded from (seed, i)."
)
@click.option(
    "--bots",
    default="random",
    show_default=True,
    help="With --simulate: random, greedy or mcts (one, or one per seat).",
)
@click.option(
    "--alpha", type=float, default=0.05, show_default=True, help="With --simulate: significance level (Holm-adjusted)."
)
def diff_command(
    before: str,
    after: str,
    fmt: str,
    no_examples: bool,
    sim_game: str | None,
    players: int | None,
    games: int,
    seed: int,
    bots: str,
    alpha: float,
) -> None:
    """What changed in the cards from BEFORE to AFTER: each a directory or a git revision.

    Cards added, removed and changed (fields, effects, text and English before and after) and the
    examples whose outcome changed; with --simulate, the balance change. Exit 0 whether or not
    anything changed; 2 if a side cannot be read or an option is bad; 1 if the simulated game has errors.
    """
    from ..outputs.diff import DiffError, diff, render
    from ..simulate.loading import DataError, UsageError

    simulate = None
    if sim_game is not None:
        from ..outputs.diff_balance import Balance

        simulate = Balance(sim_game, players, games, seed, bots, alpha)
    try:
        result = diff(before, after, common.project_root(), examples=not no_examples, simulate=simulate)
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
