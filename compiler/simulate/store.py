"""The results database: every game, every seat's score and every card built by whom, in DuckDB.

Rows are appended a batch of games at a time (a batch is registered as numpy columns and inserted
with one statement: DuckDB's row-by-row inserts are far too slow), so memory stays flat however
many games are played. The file is written into a fresh directory that the caller renames into
place when the run is complete (`outdir.py`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import duckdb
import numpy as np

from .records import GameRecord

DB_NAME = "results.duckdb"

SCHEMA = """
CREATE TABLE runs(run VARCHAR, variant VARCHAR, meta JSON);
CREATE TABLE games(run VARCHAR, game INTEGER, seed UBIGINT, decisions INTEGER, rounds INTEGER, ending VARCHAR);
CREATE TABLE seats(run VARCHAR, game INTEGER, seat INTEGER, bot VARCHAR, score DOUBLE, win DOUBLE);
CREATE TABLE builds(run VARCHAR, game INTEGER, seat INTEGER, card VARCHAR, points DOUBLE);
CREATE TABLE facts(run VARCHAR, game INTEGER, seat INTEGER, label VARCHAR, value VARCHAR);
CREATE TABLE parts(run VARCHAR, game INTEGER, seat INTEGER, category VARCHAR, points DOUBLE);
"""

_COLUMNS = {
    "games": [
        ("game", np.int32),
        ("seed", np.uint64),
        ("decisions", np.int32),
        ("rounds", np.int32),
        ("ending", object),
    ],
    "seats": [("game", np.int32), ("seat", np.int32), ("bot", object), ("score", np.float64), ("win", np.float64)],
    "builds": [("game", np.int32), ("seat", np.int32), ("card", object), ("points", np.float64)],
    "facts": [("game", np.int32), ("seat", np.int32), ("label", object), ("value", object)],
    "parts": [("game", np.int32), ("seat", np.int32), ("category", object), ("points", np.float64)],
}


def _rows(record: GameRecord) -> dict[str, list[tuple]]:
    r = record
    return {
        "games": [(r.index, r.seed, r.decisions, r.rounds, r.ending)],
        "seats": [(r.index, s, r.bots[s], r.scores[s], r.wins[s]) for s in range(len(r.scores))],
        "builds": [(r.index, seat, card, points) for seat, card, points in r.builds],
        "facts": [(r.index, seat, label, value) for seat, label, value in r.facts],
        "parts": [(r.index, seat, category, points) for seat, category, points in r.parts],
    }


class Store:
    """A DuckDB file of runs: `add` games of one run, `flush` every `batch` games."""

    def __init__(self, path: Path, batch: int = 256) -> None:
        self.path = path
        self.con = duckdb.connect(str(path))
        self.con.execute(SCHEMA)
        self.batch = batch
        self._pending: list[tuple[str, GameRecord]] = []

    def start_run(self, run: str, variant: str, meta: dict[str, Any]) -> None:
        self.con.execute("INSERT INTO runs VALUES (?, ?, ?)", [run, variant, json.dumps(meta, sort_keys=True)])

    def add(self, run: str, record: GameRecord) -> None:
        self._pending.append((run, record))
        if len(self._pending) >= self.batch:
            self.flush()

    def add_all(self, run: str, records: Iterable[GameRecord]) -> None:
        for record in records:
            self.add(run, record)

    def flush(self) -> None:
        if not self._pending:
            return
        tables: dict[str, list[tuple]] = {name: [] for name in _COLUMNS}
        runs: dict[str, list[str]] = {name: [] for name in _COLUMNS}
        for run, record in self._pending:
            for name, rows in _rows(record).items():
                tables[name] += rows
                runs[name] += [run] * len(rows)
        self._pending.clear()
        for name, rows in tables.items():
            if not rows:
                continue
            columns = {"run": np.array(runs[name], dtype=object)}
            for i, (col, dtype) in enumerate(_COLUMNS[name]):
                columns[col] = np.array([row[i] for row in rows], dtype=dtype)
            self.con.register("_batch", columns)
            names = ", ".join(["run", *(c for c, _ in _COLUMNS[name])])
            # a build's points not measured (None) arrive as NaN: stored as NULL, which SQL counts out
            picked = names.replace("points", "CASE WHEN isnan(points) THEN NULL ELSE points END")
            self.con.execute(f"INSERT INTO {name} ({names}) SELECT {picked} FROM _batch")
            self.con.unregister("_batch")

    def close(self) -> None:
        self.flush()
        self.con.close()


def connect(path: Path) -> duckdb.DuckDBPyConnection:
    """The database of a finished run, read-only."""
    return duckdb.connect(str(path), read_only=True)
