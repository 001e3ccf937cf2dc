"""Playing K games: in this process, in local worker processes (`--jobs`), or as Ray tasks.

Game i is seeded from (run seed, i) and results are written to the store in index order, so the
database is the same whatever the number of processes or the machines (Ray) that played it.
Workers get game indices in chunks and send back small records; at most a bounded number of
chunks is in flight, so memory stays flat however many games are played.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from .bots import BotOptions
from .records import GameRecord


@dataclass(frozen=True)
class Job:
    """Everything a worker needs to play games of one run (picklable)."""

    root: str  # the project directory (holding cards/)
    game: str
    players: int
    bots: tuple[str, ...]
    seed: int
    engine: str = "handlers"
    variant: str | None = None  # a variant file (sweep), applied to the game's card data
    options: BotOptions = field(default_factory=BotOptions)
    card_points: bool = False  # measure each build's points (match.play_game)


_TABLES: dict[Job, object] = {}


def _table_key(job: Job) -> Job:
    return Job(job.root, job.game, job.players, (), 0, job.engine, job.variant)


def keep_table(job: Job, game: object) -> None:
    """The job's Table made from a game already loaded by this process (the command's), so that
    playing in this process, or in workers forked from it, does not load the game again."""
    from .table import Table

    _TABLES[_table_key(job)] = Table(game, job.players, job.engine)  # type: ignore[arg-type]


def table_for(job: Job):
    """The job's Table, loaded once per process."""
    key = _table_key(job)
    if key not in _TABLES:
        from .loading import load_game
        from .table import Table

        _TABLES[key] = Table(load_game(Path(job.root), job.game, job.variant), job.players, job.engine)
    return _TABLES[key]


def play_chunk(job: Job, indices: list[int]) -> list[GameRecord]:
    from .match import play_game

    table = table_for(job)
    return [play_game(table, list(job.bots), job.seed, i, job.options, card_points=job.card_points) for i in indices]


def chunks(games: int, size: int) -> Iterator[list[int]]:
    for start in range(0, games, size):
        yield list(range(start, min(games, start + size)))


def chunk_size(games: int, workers: int) -> int:
    return max(1, min(16, games // max(1, workers * 4)))


def play_local(job: Job, games: int, jobs: int) -> Iterator[GameRecord]:
    """Every game's record, in index order."""
    if jobs <= 1:
        for i in range(games):
            yield from play_chunk(job, [i])
        return
    import multiprocessing

    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    ctx = multiprocessing.get_context(method)
    with ctx.Pool(jobs, initializer=_worker_signals) as pool:
        work = ((job, c) for c in chunks(games, chunk_size(games, jobs)))
        for records in pool.imap(_play_chunk_args, work):
            yield from records


def _worker_signals() -> None:
    """A worker leaves signals to its parent: Ctrl-C (sent to the whole process group) is ignored, and
    SIGTERM (the parent's pool.terminate() when it stops) ends it at once, with nothing printed."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _play_chunk_args(args: tuple[Job, list[int]]) -> list[GameRecord]:
    return play_chunk(*args)


RAY_TIMEOUT = 30.0  # seconds to reach a Ray cluster (--ray-timeout)


class RayUnavailable(Exception):
    """No Ray cluster could be used at the address given: one line, exit 2."""


def _endpoint(address: str) -> tuple[str, int]:
    """HOST and PORT of `HOST:PORT` or `ray://HOST:PORT` (the Ray Client's form)."""
    rest = address.removeprefix("ray://")
    host, sep, port = rest.rpartition(":")
    if not sep or not host or not (port.isascii() and port.isdigit()) or not 0 < int(port) < 65536:
        raise RayUnavailable(f"--ray wants HOST:PORT or ray://HOST:PORT, not '{address}'")
    return host.strip("[]"), int(port)


@contextmanager
def _deadline(seconds: float, address: str) -> Iterator[None]:
    """RayUnavailable when what runs inside takes longer than `seconds` (main thread only; SIGALRM)."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
        yield
        return

    def expired(_signum: int, _frame: object) -> None:
        raise RayUnavailable(f"no Ray cluster answered at {address} within {seconds:g} s (raise it with --ray-timeout)")

    before = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)


def connect_ray(address: str, timeout: float = RAY_TIMEOUT) -> None:
    """ray.init on the cluster at `address`, within `timeout` seconds, or RayUnavailable in one line
    (Ray's own warnings kept quiet): nothing listening there is found at once, before Ray tries."""
    import logging
    import socket
    import warnings

    host, port = _endpoint(address)
    try:
        socket.create_connection((host, port), timeout=timeout).close()
    except OSError as exc:
        reason = exc.strerror or str(exc) or type(exc).__name__
        raise RayUnavailable(
            f"nothing answers at {host}:{port} ({reason}): start the Ray head there, or check --ray"
        ) from None
    try:
        import ray

        with _deadline(timeout, address), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ray.init(address=address, log_to_driver=False, configure_logging=False, logging_level=logging.ERROR)
    except RayUnavailable:
        raise
    except Exception as exc:  # noqa: BLE001 - Ray's many ways to fail to connect, each one line to the user
        first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
        raise RayUnavailable(f"cannot use the Ray cluster at {address}: {first}") from None


def play_ray(
    job: Job, games: int, address: str | None, cpus: int | None = None, timeout: float = RAY_TIMEOUT
) -> Iterator[GameRecord]:
    """The same games as Ray tasks, on the cluster at `address` (or a local one of `cpus` CPUs),
    in index order. Workers read the project at the same path (a shared checkout)."""
    import ray

    started = False
    if not ray.is_initialized():
        if address:
            connect_ray(address, timeout)
        else:
            ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False, configure_logging=False)
        started = True
    try:
        remote = ray.remote(play_chunk)
        window = max(2, 4 * int(ray.cluster_resources().get("CPU", 1)))
        pending: list = []
        for c in chunks(games, chunk_size(games, int(ray.cluster_resources().get("CPU", 1)))):
            pending.append(remote.remote(job, c))
            if len(pending) >= window:
                yield from ray.get(pending.pop(0))
        for ref in pending:
            yield from ray.get(ref)
    finally:
        if started:
            ray.shutdown()


def progress(records: Iterator[GameRecord], total: int, label: str, stream=None) -> Iterator[GameRecord]:
    """A progress bar (tqdm) when standard error is a terminal; nothing otherwise."""
    stream = stream or sys.stderr
    if not stream.isatty():
        yield from records
        return
    from tqdm import tqdm

    with tqdm(total=total, desc=label, unit="game", file=stream, leave=False) as bar:
        for record in records:
            bar.update(1)
            yield record


def play(
    job: Job,
    games: int,
    jobs: int = 1,
    ray_address: str | None | Literal[False] = False,
    label: str = "games",
    ray_timeout: float = RAY_TIMEOUT,
) -> Iterator[GameRecord]:
    if ray_address is not False:
        source = play_ray(job, games, ray_address or None, jobs if jobs > 1 else None, ray_timeout)
    else:
        source = play_local(job, games, jobs)
    return progress(source, games, label)


Sink = Callable[[GameRecord], None]
