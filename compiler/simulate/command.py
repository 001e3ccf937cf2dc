"""`ostraka simulate`: check the arguments, play the games, write DIR/results.duckdb and
DIR/report.html, print the summary. A bad argument is one line and exit 2; card data with errors
is its diagnostics and exit 1; nothing is left half-written (outdir.py)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..runtime.program import StepRefused
from .bots import BotOptions, UnknownBot, parse_bots
from .loading import DataError, UsageError, load_game
from .outdir import OutDirError, check, staged

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


@dataclass(frozen=True)
class Runs:
    """What `simulate` and `sweep` share: the games to play and where the results go."""

    players: int
    games: int
    seed: int
    bots: str
    jobs: int
    out: str
    fmt: str
    ray: str | None
    engine: str
    mcts_simulations: int

    def prepare(self, root: Path, game_name: str):
        """The compiled game and the bot of each seat; a bad argument is a UsageError."""
        return prepare(root, game_name, self.players, self.games, self.bots, self.jobs, self.mcts_simulations)

    def meta(self, command: str, game_id: str, seats: list[str]) -> dict[str, Any]:
        """What the run records of its arguments (results.duckdb, report.html)."""
        return {
            "command": command,
            "game": game_id,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "bots": seats,
            "engine": self.engine,
            "mcts_simulations": self.mcts_simulations,
        }

    def job(self, root: Path, game_dir: str, seats: list[str], variant: str | None) -> Any:
        from .run import Job

        options = BotOptions(mcts_simulations=self.mcts_simulations)
        return Job(str(root), game_dir, self.players, tuple(seats), self.seed, self.engine, variant, options)

    def play(self, job: Any, label: str) -> Any:
        from .run import play

        return play(job, self.games, self.jobs, False if self.ray is None else self.ray, label=label)


def command(root: Path, game_name: str, runs: Runs, echo: Echo) -> int:
    try:
        game, seats = runs.prepare(root, game_name)
        check(Path(runs.out).resolve())
    except (UsageError, OutDirError) as exc:
        echo(f"ostraka: error: {exc}", err=True)
        return 2
    except DataError as exc:
        echo(exc.text, err=True)
        return 1
    from .store import DB_NAME, Store

    meta = runs.meta("simulate", game.id, seats)
    try:
        with staged(Path(runs.out), meta) as work:
            store = Store(work / DB_NAME)
            store.start_run("base", "", meta)
            store.add_all("base", runs.play(runs.job(root, game.id, seats, None), label=game.id))
            store.close()
            summary = write_report(work, game, meta)
    except StepRefused as refused:  # a step of the flow the rules refuse: the data's, at its place
        from ..pipeline.check.flowcheck import refused_text

        echo(refused_text(load_run(root, game), game, refused, runs.players), err=True)
        return 1
    print_summary(summary, runs.fmt, Path(runs.out), echo)
    return 0


def load_run(root: Path, game: Any) -> Any:
    """The run that loaded a game's files (its documents locate a finding)."""
    from ..pipeline.project import load

    return load([game.directory], root)


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
    for warning in summary.get("warnings", []):
        echo(f"warning: {warning}")
