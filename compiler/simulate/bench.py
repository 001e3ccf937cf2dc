"""`make bench`, simulation section: the same games played in one process and in two local worker
processes (`ostraka simulate --jobs 2`), results written to DuckDB as the command does.

Target: at least 1.7x with two processes on two cores (the games are independent; what is not
parallel is the writer and the workers' start-up)."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

GAMES = 12


def _timed(job, games: int, jobs: int) -> tuple[float, float]:
    from .run import play
    from .store import Store

    with tempfile.TemporaryDirectory() as tmp:
        start_wall, start_cpu = time.perf_counter(), time.process_time()
        store = Store(Path(tmp) / "bench.duckdb")
        store.start_run("base", "", {})
        store.add_all("base", play(job, games, jobs))
        store.close()
        return time.perf_counter() - start_wall, time.process_time() - start_cpu


def run() -> list[str]:
    from ..project import load
    from .run import Job

    root = Path.cwd()
    games = [g for g in load([], root).games if g.game.flow is not None]
    if not games:
        return ["no game has a flow: nothing to simulate"]
    game = games[0]
    players = game.game.players.min
    job = Job(str(root), game.directory.name, players, ("random",) * players, 1)
    _timed(job, 1, 1)  # load the game and its handlers once in this process (workers fork with them)
    one, _ = _timed(job, GAMES, 1)
    lines = [f"{GAMES} games of {game.game.name}, {players} players, random bots, handlers, results to DuckDB",
             f"simulate --jobs 1: {one:.2f} s ({GAMES / one:.2f} games/s)"]
    cpus = os.cpu_count() or 1
    if cpus < 2:
        return lines + [f"only {cpus} CPU: --jobs 2 not measured"]
    two, _ = _timed(job, GAMES, 2)
    lines.append(f"simulate --jobs 2: {two:.2f} s ({GAMES / two:.2f} games/s)")
    lines.append(f"speedup with 2 processes: {one / two:.2f}x (target >= 1.7x on {cpus} cores)")
    return lines
