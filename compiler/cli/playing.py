"""The commands that play games: play, simulate and sweep."""

from __future__ import annotations

import sys

import click

from . import common


@click.command()
@click.argument("game")
@click.option("--players", required=True, help="Number of players.")
@click.option("--seed", default="0", show_default=True, help="Seed of the deals and of the bots.")
@click.option("--bots", default="random", show_default=True, help="Who plays the seats: random.")
@click.option("--engine", default="interpreter", show_default=True, help="interpreter or handlers (the same game).")
@click.option("--format", "fmt", default="text", show_default=True, help="text or json.")
@click.option("--human", default=None, help="A seat (0 = p1) played by you at the terminal.")
def play(game: str, players: str, seed: str, bots: str, engine: str, fmt: str, human: str | None) -> None:
    """Play a whole game of GAME from a seed (its flow in game.yaml), printing each decision and the scores."""
    from ..tools.play import command

    sys.exit(command(common.project_root(), game, players, seed, bots, engine, fmt, human, click.echo))


@click.command()
@click.argument("game")
@click.option("--players", type=int, required=True, help="Number of players.")
@click.option("--games", type=int, default=100, show_default=True, help="How many games (K).")
@click.option("--seed", type=int, default=0, show_default=True, help="Game i is seeded from (seed, i).")
@click.option(
    "--bots",
    default="random",
    show_default=True,
    help="random, greedy or mcts: one for all seats, or one per seat (a,b,...).",
)
@click.option("--jobs", type=int, default=1, show_default=True, help="Local worker processes.")
@click.option("--out", required=True, type=click.Path(), help="Directory for results.duckdb and report.html.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option(
    "--ray",
    "ray_address",
    is_flag=False,
    flag_value="",
    default=None,
    help="Play the games as Ray tasks (a cluster ADDRESS, or a local one).",
)
@click.option("--engine", type=click.Choice(["handlers", "interpreter"]), default="handlers", show_default=True)
@click.option(
    "--mcts-simulations", type=int, default=50, show_default=True, help="MCTS simulations a move (mcts bots)."
)
def simulate(
    game: str,
    players: int,
    games: int,
    seed: int,
    bots: str,
    jobs: int,
    out: str,
    fmt: str,
    ray_address: str | None,
    engine: str,
    mcts_simulations: int,
) -> None:
    """Play K games of GAME with bots; write DIR/results.duckdb and DIR/report.html; print a summary."""
    from ..simulate.command import command

    sys.exit(
        command(
            common.project_root(),
            game,
            players,
            games,
            seed,
            bots,
            jobs,
            out,
            fmt,
            ray_address,
            engine,
            mcts_simulations,
            click.echo,
        )
    )


@click.command()
@click.argument("game")
@click.argument("files", nargs=-1, type=click.Path())
@click.option(
    "--variants", "variants", multiple=True, type=click.Path(), help="A variant file (YAML overlay); more may follow."
)
@click.option("--players", type=int, required=True, help="Number of players.")
@click.option("--games", type=int, default=100, show_default=True, help="Games for the base and for each variant.")
@click.option(
    "--seed", type=int, default=0, show_default=True, help="Game i is seeded from (seed, i), the same in every variant."
)
@click.option("--bots", default="random", show_default=True, help="random, greedy or mcts (one, or one per seat).")
@click.option("--jobs", type=int, default=1, show_default=True, help="Local worker processes.")
@click.option("--out", required=True, type=click.Path(), help="Directory for results.duckdb and report.html.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--ray", "ray_address", is_flag=False, flag_value="", default=None, help="Play the games as Ray tasks.")
@click.option("--engine", type=click.Choice(["handlers", "interpreter"]), default="handlers", show_default=True)
@click.option("--mcts-simulations", type=int, default=50, show_default=True)
@click.option("--alpha", type=float, default=0.05, show_default=True, help="Significance level (Holm-adjusted).")
def sweep(
    game: str,
    files: tuple[str, ...],
    variants: tuple[str, ...],
    players: int,
    games: int,
    seed: int,
    bots: str,
    jobs: int,
    out: str,
    fmt: str,
    ray_address: str | None,
    engine: str,
    mcts_simulations: int,
    alpha: float,
) -> None:
    """Play the same games of GAME under each variant of its card data and report significant differences."""
    from ..simulate.sweep import command

    sys.exit(
        command(
            common.project_root(),
            game,
            [*variants, *files],
            players,
            games,
            seed,
            bots,
            jobs,
            out,
            fmt,
            ray_address,
            engine,
            mcts_simulations,
            alpha,
            click.echo,
        )
    )
