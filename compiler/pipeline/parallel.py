"""`ostraka check` of several games on two cores: the same report as one process gives, item for item.

The games are shared out between this process and one forked worker (no exec: the worker runs the
code already loaded here), each loading and checking its own. Two points of the pipeline read the
whole run, and both are crossed together:

- after loading: the game-id check (ids unique across games) and the check's `Scope` (the files
  with errors, the ids written in them: checks.py) need every game's findings and documents. The
  worker sends what it loaded; this process puts the segments in the order of the games, as
  project.load would, adds the game-id findings, and sends the worker the scope and the findings.
- after checking: each game's check appends its findings and may add notes to an error of one of
  its own files (followon.fold); the segments are put together again in the order of the games.

A process whose own games loaded without an error checks them at once, before the crossing
(`_speculate`): when no game of the run has an error either (the common case) the scope is the
empty one it assumed and the results stand; otherwise they are dropped and the games checked again
with the run's scope. So neither process waits for the other's loading on a clean run.

Games whose folders nest, fewer than two games, little data, one core or no fork: one process.
Whatever goes wrong in the worker (it dies, a message does not decode), the whole check is run
again in this process. Messages are `marshal` data (plain values only; nothing is unpickled).
The cache is read before the fork; the worker's new entries and marks come back with its results.
"""

from __future__ import annotations

import gc
import marshal
import os
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..cache.cache import NullCache
from ..core.diagnostics import Diagnostic, ExampleFailure, Related, Report, Severity
from ..load.loader import Document, load_text
from ..load.walk import yaml_files
from .check.checks import Scope, check_all, check_game, placeholders, scope_of
from .project import Run, check_game_ids, compile_game, find_game_dirs, load

MIN_BYTES = 150_000  # less card data than this is checked in one process: a fork would cost more than it saves
YOUNG = 20_000  # the collector's first threshold during a check (Python's default: 700)


@dataclass
class Checked:
    """What `check` prints: the report and the documents its findings quote."""

    root: Path
    report: Report
    documents: dict[str, Document] = field(default_factory=dict)


def check(paths: list[Path], root: Path, cache: NullCache, examples: bool = True) -> Checked:
    """project.load + checks.check_all, on two cores when it pays; the same report either way."""
    root = root.resolve()
    dirs, problems = find_game_dirs(paths, root / "cards")
    threshold = gc.get_threshold()
    # A check makes a few hundred thousand objects that live to its end (the data, their positions,
    # the models): collected every 700, they would be scanned again and again for nothing.
    gc.set_threshold(max(threshold[0], YOUNG), *threshold[1:])
    try:
        split = _split(dirs)
        if split is not None:
            done = _in_two(root, cache, dirs, problems, split, examples)
            if done is not None:
                return done
        run = load(paths, root, cache)
        check_all(run, examples)
        return Checked(run.root, run.report, run.documents)
    finally:
        gc.set_threshold(*threshold)


# ----------------------------------------------------------------------------- sharing out


def _size(game_dir: Path) -> int:
    files, _problems = yaml_files(game_dir, str)
    total = 0
    for path in files:
        try:
            total += os.lstat(path).st_size
        except OSError:
            pass
    return total


def _cores() -> int:
    """The cores this process may run on (all of them where the system cannot say)."""
    affinity = getattr(os, "sched_getaffinity", None)
    return len(affinity(0)) if affinity is not None else (os.cpu_count() or 1)


def _split(dirs: list[Path]) -> tuple[list[Path], list[Path]] | None:
    """(this process's games, the worker's), balanced by bytes of card data; None: one process."""
    if len(dirs) < 2 or not hasattr(os, "fork") or _cores() < 2:
        return None
    if threading.active_count() > 1:
        return None  # a fork copies only this thread; a lock another thread holds would stay held
    if any(a != b and a.is_relative_to(b) for a in dirs for b in dirs):
        return None  # a game inside another's folder: their files are not apart
    sizes = {d: _size(d) for d in dirs}
    if sum(sizes.values()) < MIN_BYTES:
        return None
    mine: list[Path] = []
    theirs: list[Path] = []
    for d in sorted(dirs, key=lambda d: (-sizes[d], str(d))):
        # the worker takes the heavier share: this process also puts the results together
        (theirs if sum(sizes[x] for x in theirs) <= sum(sizes[x] for x in mine) else mine).append(d)
    return mine, theirs


# ----------------------------------------------------------------------------- one game's part


@dataclass
class _Loaded:
    """What loading one game added to a run."""

    items: list[Diagnostic]
    files: int
    cards: int
    documents: dict[str, Document]
    game: tuple[str, str] | None  # its id and game file, when it compiled


@dataclass
class _Checked:
    """What checking one game added: W502 findings, findings, notes added to earlier errors, counts."""

    placeholders: list[Diagnostic]
    items: list[Diagnostic]
    notes: dict[int, Diagnostic]
    counts: tuple[int, int, int]


def _load_game(run: Run, game_dir: Path) -> tuple[_Loaded, Any]:
    items, files, cards, docs = len(run.report.items), run.report.files, run.report.cards, set(run.documents)
    compiled = compile_game(run, game_dir)
    loaded = _Loaded(
        run.report.items[items:],
        run.report.files - files,
        run.report.cards - cards,
        {k: v for k, v in run.documents.items() if k not in docs},
        (compiled.game.id, compiled.game_file) if compiled is not None else None,
    )
    return loaded, compiled


def _speculate(run: Run, games: list[Any], examples: bool) -> list[_Checked] | None:
    """The games checked with the empty scope, if this process's loading found no error: what the
    run's scope will be unless the other process's games or the game ids have errors. With no error
    file, a game's check reads nothing of the others (no broken card to fold under, no unloaded id
    to name, no note on an earlier error), so the results are those the run's scope would give."""
    if scope_of(run).error_files:
        return None
    return _check_games(run, games, Scope(frozenset(), {}), examples)


def _check_games(run: Run, games: list[Any], scope: Scope, examples: bool) -> list[_Checked]:
    """Check games on a run whose report holds the loading's findings (n of them), as check_all does."""
    base = list(run.report.items)
    marks = [placeholders(run, game, scope) for game in games]
    out = []
    for game, found in zip(games, marks):
        report = run.report
        before = (len(report.items), report.examples_passed, report.examples_failed, report.examples_folded)
        check_game(run, game, scope, examples)
        notes = {i: d for i, d in enumerate(report.items[: len(base)]) if d is not base[i]}
        base[:] = report.items[: len(base)]
        out.append(
            _Checked(
                found,
                report.items[before[0] :],
                notes,
                (
                    report.examples_passed - before[1],
                    report.examples_failed - before[2],
                    report.examples_folded - before[3],
                ),
            )
        )
    return out


# ----------------------------------------------------------------------------- the two processes


def _in_two(
    root: Path,
    cache: NullCache,
    dirs: list[Path],
    problems: list[Diagnostic],
    split: tuple[list[Path], list[Path]],
    examples: bool,
) -> Checked | None:
    mine, theirs = split
    cache.prefork()
    sys.stdout.flush()
    sys.stderr.flush()
    gc.freeze()  # what exists now is shared: no collection in either process touches (and so copies) it
    up_r, up_w = os.pipe()
    down_r, down_w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the worker: never returns
        os.close(up_r)
        os.close(down_w)
        code = 1
        try:
            _worker(root, cache, theirs, examples, up_w, down_r)
            code = 0
        finally:
            os._exit(code)
    os.close(up_w)
    os.close(down_r)
    try:
        return _lead(root, cache, dirs, problems, mine, examples, up_r, down_w)
    finally:
        gc.unfreeze()
        for fd in (up_r, down_w):
            try:
                os.close(fd)
            except OSError:
                pass
        os.waitpid(pid, 0)


def _worker(root: Path, cache: NullCache, dirs: list[Path], examples: bool, out: int, inp: int) -> None:
    run = Run(root=root, cache=cache)
    games = []
    loaded = []
    for game_dir in dirs:
        part, compiled = _load_game(run, game_dir)
        loaded.append(_wire_loaded(part))
        if compiled is not None:
            games.append(compiled)
    # before sending: the message fills the pipe, and the lead reads it only once its own games are checked
    guess = _speculate(run, games, examples)
    _send(out, loaded)
    message = _recv(inp)
    if message is None:
        return
    items, error_files, written = message
    if guess is None or error_files:
        run.report = Report()
        run.report.items = [_diag(d) for d in items]
        guess = _check_games(run, games, Scope(frozenset(error_files), dict(written)), examples)
    _send(out, ([_wire_checked(c) for c in guess], cache.export()))


def _lead(
    root: Path,
    cache: NullCache,
    dirs: list[Path],
    problems: list[Diagnostic],
    mine: list[Path],
    examples: bool,
    inp: int,
    out: int,
) -> Checked | None:
    scratch = Run(root=root, cache=cache)
    parts: dict[Path, _Loaded] = {}
    games: dict[Path, Any] = {}
    for game_dir in mine:
        parts[game_dir], games[game_dir] = _load_game(scratch, game_dir)
    compiled = [d for d in dirs if games.get(d) is not None]
    own = [games[d] for d in compiled]
    guess = _speculate(scratch, own, examples)
    theirs = [d for d in dirs if d not in parts]
    shipped = _recv(inp)
    if not isinstance(shipped, list) or len(shipped) != len(theirs):
        return None
    for game_dir, wire in zip(theirs, shipped):
        parts[game_dir] = _loaded(wire)
    run = _loaded_run(root, cache, dirs, problems, parts)
    scope = scope_of(run)
    _send(out, ([_wire_diag(d) for d in run.report.items], sorted(scope.error_files), scope.written))
    if guess is None or scope.error_files:
        work = Run(root=root, cache=cache, documents=run.documents)
        work.report.items = list(run.report.items)
        guess = _check_games(work, own, scope, examples)
    checked = dict(zip(compiled, guess))
    answer = _recv(inp)
    if answer is None:
        return None
    results, exported = answer
    their_games = [d for d in theirs if parts[d].game is not None]
    if len(results) != len(their_games):
        return None
    checked.update(zip(their_games, [_checked(r) for r in results]))
    cache.absorb(exported)
    _assemble(run, [checked[d] for d in dirs if d in checked])
    return Checked(run.root, run.report, run.documents)


def _loaded_run(
    root: Path, cache: NullCache, dirs: list[Path], problems: list[Diagnostic], parts: dict[Path, _Loaded]
) -> Run:
    """The run as project.load leaves it: the games' segments in their order, then the game ids."""
    run = Run(root=root, cache=cache)
    run.report.extend(problems)
    for game_dir in dirs:
        part = parts[game_dir]
        run.report.extend(part.items)
        run.report.files += part.files
        run.report.cards += part.cards
        run.documents.update(part.documents)
    check_game_ids(run, [game for game in (parts[d].game for d in dirs) if game is not None])
    return run


def _assemble(run: Run, checked: list[_Checked]) -> None:
    """check_all's report from the games' parts: notes on earlier errors, W502 of every game, then each game's findings."""
    report = run.report
    for part in checked:
        for i, d in part.notes.items():
            report.items[i] = d
    for part in checked:
        report.extend(part.placeholders)
    for part in checked:
        report.extend(part.items)
        report.examples_passed += part.counts[0]
        report.examples_failed += part.counts[1]
        report.examples_folded += part.counts[2]


# ----------------------------------------------------------------------------- messages


def _send(fd: int, value: Any) -> None:
    data = marshal.dumps(value)
    view = memoryview(len(data).to_bytes(8, "little") + data)
    while view:
        view = view[os.write(fd, view) :]


def _read(fd: int, n: int) -> bytes | None:
    chunks = []
    while n:
        chunk = os.read(fd, min(n, 1 << 20))
        if not chunk:
            return None
        chunks.append(chunk)
        n -= len(chunk)
    return b"".join(chunks)


def _recv(fd: int) -> Any:
    """The next message, or None when the other side is gone or the message does not decode."""
    try:
        head = _read(fd, 8)
        body = _read(fd, int.from_bytes(head, "little")) if head is not None else None
        return marshal.loads(body) if body is not None else None
    except (OSError, ValueError, EOFError, TypeError):
        return None


def _wire_diag(d: Diagnostic) -> tuple:
    return (
        d.code,
        d.message,
        d.file,
        d.line,
        d.column,
        d.hint,
        d.path,
        tuple((r.file, r.line, r.column, r.message) for r in d.related),
        d.severity.value if d.severity else None,
        d.failure.as_tuple() if d.failure else None,
    )


def _diag(t: tuple) -> Diagnostic:
    code, message, file, line, column, hint, path, related, severity, failure = t
    return Diagnostic(
        code,
        message,
        file,
        line,
        column,
        hint,
        path,
        tuple(Related(*r) for r in related),
        Severity(severity) if severity else None,
        ExampleFailure.from_tuple(failure),
    )


def _wire_loaded(part: _Loaded) -> tuple:
    docs = [
        (name, doc.file, doc.text, [(path, pos) for path, pos in _heads(doc)]) for name, doc in part.documents.items()
    ]
    return [_wire_diag(d) for d in part.items], part.files, part.cards, docs, part.game


def _loaded(wire: tuple) -> _Loaded:
    items, files, cards, docs, game = wire
    documents: dict[str, Document] = {name: Shipped(file, text, dict(heads)) for name, file, text, heads in docs}
    return _Loaded([_diag(d) for d in items], files, cards, documents, tuple(game) if game is not None else None)


def _wire_checked(part: _Checked) -> tuple:
    return (
        [_wire_diag(d) for d in part.placeholders],
        [_wire_diag(d) for d in part.items],
        [(i, _wire_diag(d)) for i, d in part.notes.items()],
        part.counts,
    )


def _checked(wire: tuple) -> _Checked:
    marks, items, notes, counts = wire
    return _Checked(
        [_diag(d) for d in marks], [_diag(d) for d in items], {i: _diag(d) for i, d in notes}, tuple(counts)
    )


def _heads(doc: Document) -> list[tuple[tuple, tuple[int, int]]]:
    """The positions other processes ask of a shipped document without a finding: the game id's."""
    return [(("id",), doc.where(("id",)))] if doc.data is not None else []


class Shipped(Document):
    """A document loaded in the worker, sent as its text alone: its data and position tables are
    rebuilt from the text when first needed (loading a text is deterministic, so they are the same;
    a check reads them only for files with findings, and decoding the data cost more than that)."""

    def __init__(self, file: str, text: str, head: dict[tuple, tuple[int, int]]) -> None:
        self.file, self.text = file, text
        self._head = head
        self._loaded: Document | None = None

    def _load(self) -> Document:
        if self._loaded is None:
            self._loaded, _problems = load_text(self.text, self.file)
        return self._loaded

    @property
    def data(self) -> Any:
        return self._load().data

    @property
    def positions(self) -> dict[tuple, tuple[int, int]]:  # type: ignore[override]
        return self._load().positions

    @property
    def key_positions(self) -> dict[tuple, tuple[int, int]]:  # type: ignore[override]
        return self._load().key_positions

    def where(self, path: tuple, key: bool = False) -> tuple[int, int]:
        found = None if key else self._head.get(tuple(path))
        return found if found is not None else super().where(path, key)
