"""The commands that play games: play, simulate and sweep."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import Any

import click

from . import common


@click.command()
@click.argument("game")
@click.option("--players", required=True, help="Number of players.")
@click.option("--seed", default="0", show_default=True, help="Seed of the deals and of the bots.")
@click.option(
    "--bots",
    default="random",
    show_default=True,
    help="Who plays the seats: random (sees nothing but its moves), greedy (the game's own scoring on a "
    "guess of the hidden cards) or mcts (OpenSpiel's information-set MCTS over such guesses); one for "
    "all seats, or one per seat (a,b,...).",
)
@click.option("--engine", default="interpreter", show_default=True, help="interpreter or handlers (the same game).")
@click.option("--format", "fmt", default="text", show_default=True, help="text or json.")
@click.option(
    "--human",
    default=None,
    help="A seat (0 = p1) played by you at the terminal: you see what that player may see; type help at your turn.",
)
@click.option("--html", default=None, help="Also write a replay of the game to this HTML file (one file, no network).")
@click.option(
    "--mcts-simulations", type=int, default=50, show_default=True, help="MCTS simulations a move (mcts bots)."
)
def play(
    game: str,
    players: str,
    seed: str,
    bots: str,
    engine: str,
    fmt: str,
    human: str | None,
    html: str | None,
    mcts_simulations: int,
) -> None:
    """Play a whole game of GAME from a seed (its flow in game.yaml), telling each move as it is made and
    each player's score by category at the end."""
    from ..simulate.playtest import command

    sys.exit(
        command(
            common.project_root(), game, players, seed, bots, engine, fmt, human, click.echo, html, mcts_simulations
        )
    )


def run_options(command: Callable[..., None]) -> Callable[..., None]:
    """The options `simulate` and `sweep` share, gathered into one `runs` argument (simulate/command.py)."""
    options = [
        click.option("--players", type=int, required=True, help="Number of players."),
        click.option("--games", type=int, default=100, show_default=True, help="How many games (K)."),
        click.option("--seed", type=int, default=0, show_default=True, help="Game i is seeded from (seed, i)."),
        click.option(
            "--bots",
            default="random",
            show_default=True,
            help="random, greedy or mcts: one for all seats, or one per seat (a,b,...).",
        ),
        click.option("--jobs", type=int, default=1, show_default=True, help="Local worker processes."),
        click.option(
            "--out",
            type=click.Path(),
            default=None,
            help="Directory for results.duckdb and report.html "
            "(default: build/runs/GAME-Np-seedS/ for simulate, build/sweeps/GAME-Np-seedS/ for sweep).",
        ),
        click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True),
        click.option(
            "--ray",
            "ray",
            is_flag=False,
            flag_value="",
            default=None,
            help="Play the games as Ray tasks (a cluster ADDRESS, or a local one).",
        ),
        click.option("--engine", type=click.Choice(["handlers", "interpreter"]), default="handlers", show_default=True),
        click.option(
            "--mcts-simulations", type=int, default=50, show_default=True, help="MCTS simulations a move (mcts bots)."
        ),
        click.option(
            "--card-points",
            is_flag=True,
            help="Measure the points each card gave when built (the estimate scored before and after every build).",
        ),
        click.option(
            "--ray-timeout",
            type=click.FloatRange(min=0.1, max=3600),
            default=30.0,
            show_default=True,
            help="Seconds to reach the Ray cluster of --ray ADDRESS before giving up.",
        ),
    ]
    names = [
        "players",
        "games",
        "seed",
        "bots",
        "jobs",
        "out",
        "fmt",
        "ray",
        "engine",
        "mcts_simulations",
        "card_points",
        "ray_timeout",
    ]

    @functools.wraps(command)
    def gathered(**kwargs: Any) -> None:
        from ..simulate.command import Runs

        command(runs=Runs(**{name: kwargs.pop(name) for name in names}), **kwargs)

    for option in reversed(options):
        gathered = option(gathered)
    return gathered


@click.command()
@click.argument("game")
@run_options
def simulate(game: str, runs: Any) -> None:
    """Play K games of GAME with bots; write DIR/results.duckdb and DIR/report.html; print a summary."""
    from ..simulate.command import command

    # quickly: a Ray client that timed out may leave threads that would hold the exit up
    common.exit_quickly(command(common.project_root(), game, runs, click.echo))


@click.command()
@click.argument("game")
@click.argument("files", nargs=-1, type=click.Path())
@click.option(
    "--variants", "variants", multiple=True, type=click.Path(), help="A variant file (YAML overlay); more may follow."
)
@run_options
@click.option("--alpha", type=float, default=0.05, show_default=True, help="Significance level (Holm-adjusted).")
def sweep(game: str, files: tuple[str, ...], variants: tuple[str, ...], runs: Any, alpha: float) -> None:
    """Play the same games of GAME under each variant of its card data and report significant differences."""
    from ..simulate.sweep import command

    common.exit_quickly(command(common.project_root(), game, [*variants, *files], runs, alpha, click.echo))
