"""`ostraka simulate`: check the arguments, play the games, write DIR/results.duckdb and
DIR/report.html, print the summary. A bad argument is one line and exit 2; card data with errors
is its diagnostics and exit 1; nothing is left half-written (outdir.py)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.limits import Runaway
from ..runtime.program import StepRefused
from .bots import BotOptions, UnknownBot, parse_bots
from .loading import DataError, UsageError, load_game
from .outdir import check, staged
from .run import RayUnavailable

Echo = Callable[..., None]
MAX_JOBS = 64  # local worker processes: more than any machine's cores gains nothing, and each is a fork


def positive(value: int, option: str) -> int:
    if value <= 0:
        raise UsageError(f"{option} must be at least 1, not {value}")
    return value


def prepare(root: Path, game_name: str, players: int, games: int, bots: str, jobs: int, mcts_simulations: int):
    positive(games, "--games")
    positive(jobs, "--jobs")
    if jobs > MAX_JOBS:
        raise UsageError(f"--jobs must be at most {MAX_JOBS} (each is a process playing games), not {jobs}")
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
    out: str | None  # None: a run folder under build/, named by the game, the players and the seed
    fmt: str
    ray: str | None
    engine: str
    mcts_simulations: int
    card_points: bool = False  # score the estimate around every build (slow; the report's points column)
    ray_timeout: float = 30.0

    def target(self, root: Path, folder: str, game_id: str) -> Path:
        """Where the results go: --out, else build/<folder>/<game>-<players>p-seed<seed>/ in the project,
        shown relative to the current directory when it lies inside it."""
        if self.out is not None:
            return Path(self.out)
        chosen = root / "build" / folder / f"{game_id}-{self.players}p-seed{self.seed}"
        try:
            return chosen.relative_to(Path.cwd())
        except ValueError:
            return chosen

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
            "card_points": self.card_points,
        }

    def job(self, root: Path, game_dir: str, seats: list[str], variant: str | None) -> Any:
        from .run import Job

        options = BotOptions(mcts_simulations=self.mcts_simulations)
        return Job(
            str(root), game_dir, self.players, tuple(seats), self.seed, self.engine, variant, options, self.card_points
        )

    def play(self, job: Any, label: str) -> Any:
        from .run import play

        return play(
            job,
            self.games,
            self.jobs,
            False if self.ray is None else self.ray,
            label=label,
            ray_timeout=self.ray_timeout,
        )


def command(root: Path, game_name: str, runs: Runs, echo: Echo) -> int:
    try:
        game, seats = runs.prepare(root, game_name)
        out = runs.target(root, "runs", game.id)
        check(out, root)
    except UsageError as exc:
        echo(f"ostraka: error: {exc}", err=True)
        return 2
    except DataError as exc:
        echo(exc.text, err=True)
        return 1
    from .run import keep_table
    from .store import DB_NAME, Store

    meta = runs.meta("simulate", game.id, seats)
    job = runs.job(root, game.id, seats, None)
    if runs.ray is None:  # played here or in workers forked from here: the game is loaded once
        keep_table(job, game)
    try:
        with staged(out, meta, root) as work:
            store = Store(work / DB_NAME)
            store.start_run("base", "", meta)
            store.add_all("base", runs.play(job, label=game.id))
            store.close()
            summary = write_report(work, game, meta)
    except StepRefused as refused:  # a step of the flow the rules refuse: the data's, at its place
        from ..pipeline.check.flowcheck import refused_text

        echo(refused_text(load_run(root, game), game, refused, runs.players), err=True)
        return 1
    except Runaway as exc:
        return too_long(root, game, exc, runs.players, echo)
    except RayUnavailable as exc:
        echo(f"ostraka: error: {exc}", err=True)
        return 2
    print_summary(summary, runs.fmt, out, echo)
    return 0


def load_run(root: Path, game: Any) -> Any:
    """The run that loaded a game's files (its documents locate a finding)."""
    from ..pipeline.project import load

    return load([game.directory], root)


def too_long(root: Path, game: Any, exc: Exception, players: int, echo: Echo) -> int:
    """A game stopped at a bound (core/limits.py): E404 at its game.yaml `flow:`, exit 1 (nothing written)."""
    from ..core.diagnostics import render_text
    from ..pipeline.check.flowgame import finding

    document = load_run(root, game).documents.get(game.game_file)
    d = finding(game, document, exc)
    echo(render_text(d, document.line_text(d.line) if document is not None else None), err=True)
    return 1


def write_report(work: Path, game: Any, meta: dict) -> dict:
    from .report import render
    from .store import DB_NAME, connect
    from .summary import summarise

    con = connect(work / DB_NAME)
    try:
        summary = summarise(con, "base", labels(game), game)
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
    parts = summary.get("score_parts", {})
    for seat, means in sorted(parts.get("by_seat", {}).items(), key=lambda kv: int(kv[0])):
        said = ", ".join(f"{c} {means[c]:.1f}" for c in parts["categories"] if c in means)
        if said:
            echo(f"  seat {seat} scores: {said}")
    for flag in summary.get("flags", [])[:12]:
        echo(f"  ! {flag['what']}: {flag['why']}")
    if len(summary.get("flags", [])) > 12:
        echo(f"  ! ... {len(summary['flags']) - 12} more in the report")
    for warning in summary.get("warnings", []):
        echo(f"warning: {warning}")
