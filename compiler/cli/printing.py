"""The commands that print a game: sheet, pnp, export and schema."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from . import common


@click.command()
@click.argument("game")
@click.option("--pdf", is_flag=True, help="Write a PDF (WeasyPrint) instead of HTML.")
@click.option(
    "--paper", type=click.Choice(["A4", "Letter"]), default="A4", show_default=True, help="Page size of the PDF."
)
@click.option(
    "--out",
    type=click.Path(dir_okay=False),
    default=None,
    help="Output file (default: HTML to standard output; PDF to build/sheets/GAME.pdf, not committed).",
)
def sheet(game: str, pdf: bool, paper: str, out: str | None) -> None:
    """Render a game's printable reference sheet (the same HTML as generated/GAME/sheet.html)."""
    from ..core.writes import write_file
    from ..render.sheet import render_sheet, write_pdf

    run, g = common.game_or_exit(game)
    if not pdf:
        html = render_sheet(g)
        if out:
            write_file(Path(out), html, run.root, parents=False)
            click.echo(f"wrote {out}")
        else:
            click.echo(html, nl=False)
        return
    target = Path(out) if out else run.root / "build" / "sheets" / f"{g.id}.pdf"
    try:
        write_pdf(g, target, paper, run.root)
    except ImportError:
        click.echo("ostraka: error: WeasyPrint is not installed; run 'make' (pip install -e '.[test]')", err=True)
        sys.exit(2)
    click.echo(f"wrote {target}")


@click.command()
@click.argument("game")
@click.option("--paper", type=click.Choice(["A4", "Letter"]), default="A4", show_default=True, help="Page size.")
@click.option(
    "--players",
    type=click.IntRange(1, 99),
    default=None,
    help="Print the copies of this player count (default: the most players the game allows).",
)
@click.option("--out", type=click.Path(dir_okay=False), default=None, help="Output file (default: build/pnp/GAME.pdf).")
def pnp(game: str, paper: str, players: int | None, out: str | None) -> None:
    """Print-and-play card fronts as a PDF: real size, crop marks, one copy per physical card."""
    from ..outputs.pnp import summary, write_pnp

    run, g = common.game_or_exit(game)
    if players is not None and not g.game.players.min <= players <= g.game.players.max:
        click.echo(
            f"ostraka: error: {g.game.name} is for {g.game.players.min} to {g.game.players.max} players, not {players}",
            err=True,
        )
        sys.exit(2)
    target = Path(out) if out else run.root / "build" / "pnp" / f"{g.id}.pdf"
    write_pnp(g, target, paper, players, run.root)
    counts = summary(g, paper, players)
    click.echo(f"wrote {target}: {counts['cards']} cards on {counts['pages']} pages")


@click.command()
@click.argument("game")
@click.option("--format", "fmt", type=click.Choice(["csv", "json", "xlsx"]), default="csv", show_default=True)
@click.option(
    "--out",
    type=click.Path(dir_okay=False),
    default=None,
    help="Output file (default: CSV and JSON to standard output; xlsx to build/export/GAME.xlsx).",
)
def export(game: str, fmt: str, out: str | None) -> None:
    """One row per entity, a column per field, for spreadsheets (reconstructed values listed and shaded)."""
    from ..outputs.export import export as table_of, write

    run, g = common.game_or_exit(game)
    data = table_of(g, fmt)
    if out is None and isinstance(data, str):
        click.echo(data, nl=False)
        return
    target = Path(out) if out else run.root / "build" / "export" / f"{g.id}.{fmt}"
    write(data, target, run.root)
    click.echo(f"wrote {target}")


@click.command()
@click.option("--write", is_flag=True, help="Write schema/*.json, .vscode/settings.json and the generated docs pages.")
def schema(write: bool) -> None:
    """Print or write the JSON Schemas (the language's and each game's), the editor settings and the generated docs."""
    from .reference import reference_files

    root = common.project_root()
    group = click.get_current_context().find_root().command
    assert isinstance(group, click.Group)
    files = reference_files(group, root)
    if not write:
        click.echo(files["schema/card.schema.json"])
        return
    from ..core.writes import write_files

    write_files([(root / rel, text) for rel, text in files.items()], root)
    for rel in files:
        click.echo(f"wrote {rel}")
