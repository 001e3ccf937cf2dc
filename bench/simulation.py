"""`make bench`, simulation section: the same games played in one process and in two local worker
processes (`ostraka simulate --jobs 2`), results written to DuckDB as the command does.

Target: at least 1.7x with two processes on two cores (the games are independent; what is not
parallel is the writer and the workers' start-up)."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

GAMES = 24


def _timed(job, games: int, jobs: int) -> tuple[float, float]:
    """Wall-clock seconds, and CPU seconds of this process and its workers."""
    import resource

    from compiler.simulate.run import play
    from compiler.simulate.store import Store

    def cpu() -> float:
        own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
        return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime

    with tempfile.TemporaryDirectory() as tmp:
        start_wall, start_cpu = time.perf_counter(), cpu()
        store = Store(Path(tmp) / "bench.duckdb")
        store.start_run("base", "", {})
        store.add_all("base", play(job, games, jobs))
        store.close()
        return time.perf_counter() - start_wall, cpu() - start_cpu


def run() -> list[str]:
    from compiler.pipeline.project import load
    from compiler.simulate.run import Job

    root = Path.cwd()
    games = [g for g in load([], root).games if g.game.flow is not None]
    if not games:
        return ["no game has a flow: nothing to simulate"]
    game = games[0]
    players = game.game.players.min
    job = Job(str(root), game.directory.name, players, ("random",) * players, 1)
    _timed(job, 1, 1)  # load the game and its handlers once in this process (workers fork with them)
    one, one_cpu = _timed(job, GAMES, 1)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    lines = [
        f"{GAMES} games of {game.game.name}, {players} players, random bots, handlers, results to DuckDB "
        f"(load average {load:.1f} when it started)",
        f"simulate --jobs 1: {one:.2f} s ({GAMES / one:.2f} games/s; {one_cpu:.2f} CPU s)",
    ]
    cpus = os.cpu_count() or 1
    if cpus < 2:
        return lines + [f"only {cpus} CPU: --jobs 2 not measured"]
    two, two_cpu = _timed(job, GAMES, 2)
    lines.append(
        f"simulate --jobs 2: {two:.2f} s ({GAMES / two:.2f} games/s; {two_cpu:.2f} CPU s, "
        f"{two_cpu / two:.2f} cores busy on average)"
    )
    lines.append(
        f"speedup with 2 processes: {one / two:.2f}x (target >= 1.7x on {cpus} cores; "
        "only as good as the cores the machine has free)"
    )
    lines.append(_memory())
    return lines


def _memory() -> str:
    """The writer's peak memory for 500 and for 5,000 games' records (synthetic 7-seat games
    of 20 builds a seat): flat, because rows go to DuckDB a batch at a time."""
    import tracemalloc

    from compiler.simulate.records import GameRecord
    from compiler.simulate.store import Store

    peaks = []
    for games in (500, 5_000):
        with tempfile.TemporaryDirectory() as tmp:
            tracemalloc.start()
            store = Store(Path(tmp) / "m.duckdb")
            store.start_run("base", "", {})
            for i in range(games):
                store.add(
                    "base",
                    GameRecord(
                        i,
                        i,
                        ["random"] * 7,
                        [float(s) for s in range(7)],
                        [1.0] + [0.0] * 6,
                        130,
                        3,
                        "played out",
                        [(s, f"card_{k}", 1.0) for s in range(7) for k in range(20)],
                        [(s, "side", "A") for s in range(7)],
                    ),
                )
            store.close()
            peaks.append(tracemalloc.get_traced_memory()[1] / 2**20)
            tracemalloc.stop()
    return f"writer's peak Python memory (DuckDB's own not counted): {peaks[0]:.1f} MB for 500 games, {peaks[1]:.1f} MB for 5,000 (flat in K)"
