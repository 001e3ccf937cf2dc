"""`ostraka simulate`: check the arguments, play the games, write DIR/results.duckdb and
DIR/report.html, print the summary. A bad argument is one line and exit 2; card data with errors
is its diagnostics and exit 1; nothing is left half-written (outdir.py)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .bots import BotOptions, UnknownBot, parse_bots
from .loading import DataError, UsageError, load_game
from .outdir import OutDirError, staged

Echo = Callable[..., None]


def positive(value: int, option: str) -> int:
    if value <= 0:
        raise UsageError(f"{option} must be at least 1, not {value}")
    return value


def prepare(root: Path, game_name: str, players: int, games: int, bots: str, jobs: int, mcts_simulations: int):
    positive(games, "--games")
    positive(jobs, "--jobs")
    positive(mcts_simulations, "--mcts-simulations")
    game = load_game(root, game_name)
    limits = game.game.players
    if not limits.min <= players <= limits.max:
        raise UsageError(f"{game.game.name} is played by {limits.min} to {limits.max} players, not {players}")
    try:
        seats = parse_bots(bots, players)
    except UnknownBot as exc:
        raise UsageError(str(exc)) from None
    return game, seats


def command(
    root: Path,
    game_name: str,
    players: int,
    games: int,
    seed: int,
    bots: str,
    jobs: int,
    out: str,
    fmt: str,
    ray: str | None,
    engine: str,
    mcts_simulations: int,
    echo: Echo,
) -> int:
    from .outdir import check

    try:
        game, seats = prepare(root, game_name, players, games, bots, jobs, mcts_simulations)
        check(Path(out).resolve())
    except (UsageError, OutDirError) as exc:
        echo(f"ostraka: error: {exc}", err=True)
        return 2
    except DataError as exc:
        echo(exc.text, err=True)
        return 1
    from .run import Job, play
    from .store import DB_NAME, Store

    job = Job(
        str(root), game.id, players, tuple(seats), seed, engine, None, BotOptions(mcts_simulations=mcts_simulations)
    )
    meta = {
        "command": "simulate",
        "game": game.id,
        "players": players,
        "games": games,
        "seed": seed,
        "bots": seats,
        "engine": engine,
        "mcts_simulations": mcts_simulations,
    }
    with staged(Path(out), meta) as work:
        store = Store(work / DB_NAME)
        store.start_run("base", "", meta)
        store.add_all("base", play(job, games, jobs, False if ray is None else ray, label=game.id))
        store.close()
        summary = write_report(work, game, meta)
    print_summary(summary, fmt, Path(out), echo)
    return 0


def write_report(work: Path, game: Any, meta: dict) -> dict:
    from .report import render
    from .store import DB_NAME, connect
    from .summary import summarise

    con = connect(work / DB_NAME)
    try:
        summary = summarise(con, "base", labels(game))
        page = render(con, game, meta, summary)
    finally:
        con.close()
    (work / "report.html").write_text(page, encoding="utf-8")
    return summary


def labels(game: Any) -> list[str]:
    balance = game.game.balance
    return [b.label for b in balance.report] if balance else []


def print_summary(summary: dict, fmt: str, out: Path, echo: Echo) -> None:
    if fmt == "json":
        echo(json.dumps(summary, sort_keys=True))
        return
    echo(f"{summary['games']} games; results in {out / 'results.duckdb'}, report in {out / 'report.html'}")
    for row in summary["wins_by_seat"]:
        r = row["rate"]
        echo(f"  seat {row['seat']}: win rate {r['value']:.3f} [{r['low']:.3f}, {r['high']:.3f}]")
    for bot, row in summary["wins_by_bot"].items():
        r = row["rate"]
        echo(f"  {bot}: win rate {r['value']:.3f} [{r['low']:.3f}, {r['high']:.3f}] over {row['seats']} seats")
