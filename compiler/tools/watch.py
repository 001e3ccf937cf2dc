"""`ostraka watch [PATH]`: re-check on every save and print only what changed.

The first check prints every finding, as `ostraka check` does. After that, each save of a YAML
file under PATH triggers a re-check (through the cache, so it costs what changed), and only the
difference is printed: findings that are new, and findings that are fixed, then the summary.

A finding is the same finding when its file, code, message, data path and hint are the same: an
error that only moved down a line because a line was added above it is not reported again.
"""

from __future__ import annotations

import os
import time
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path

from ..core.diagnostics import Diagnostic, render_text

Key = tuple[str, str, str, str, str]


def finding_key(d: Diagnostic) -> Key:
    return (d.file, d.code, d.message, d.path, d.hint)


def is_card_file(path: str) -> bool:
    return path.endswith((".yaml", ".yml")) and not os.path.basename(path).startswith((".#", "~"))


class Watcher:
    """Runs one check after another and tells what changed since the previous one."""

    def __init__(self, paths: tuple[str, ...], run_check: Callable, paint: Callable[[str], str] = lambda s: s) -> None:
        self.paths = paths
        self.run_check = run_check  # paths -> Run (checked)
        self.paint = paint
        self.previous: Counter[Key] | None = None
        self.rendered: dict[Key, str] = {}

    def _render(self, run, d: Diagnostic) -> str:
        doc = run.documents.get(d.file)
        return self.paint(render_text(d, doc.line_text(d.line) if doc else None))

    def check(self) -> tuple[list[str], int]:
        """One check: the lines to print, and its exit code (as `ostraka check` would give)."""
        start = time.perf_counter()
        run = self.run_check(self.paths)
        elapsed = time.perf_counter() - start
        items = run.report.sorted()
        current: Counter[Key] = Counter(finding_key(d) for d in items)
        rendered: dict[Key, str] = {}
        for d in items:
            rendered.setdefault(finding_key(d), self._render(run, d))
        lines: list[str] = []
        if self.previous is None:
            lines += [rendered[finding_key(d)] for d in items]
        else:
            new = current - self.previous
            fixed = self.previous - current
            for key in sorted(fixed):
                lines.append("fixed: " + self.rendered[key])
            for d in items:
                key = finding_key(d)
                if new.get(key, 0) > 0:
                    new[key] -= 1
                    lines.append("new:   " + rendered[key])
            if not lines:
                lines.append("no change in findings")
        lines.append(f"{run.report.summary()} ({elapsed:.2f} s)")
        self.previous, self.rendered = current, {**self.rendered, **rendered}
        return lines, run.report.exit_code()


def watch_targets(paths: Iterable[str], root: Path) -> list[Path]:
    """What to watch: the given paths that exist, else the cards/ directory of the project."""
    found = [Path(p).resolve() for p in paths if Path(p).exists()]
    if found:
        return found
    cards = root / "cards"
    return [cards if cards.is_dir() else root]


def run_watch(
    watcher: Watcher,
    targets: list[Path],
    root: Path,
    echo: Callable[[str], None],
    exit_after: int | None = None,
    debounce_ms: int = 300,
) -> int:
    """Watch the targets; re-check after every batch of saves. Returns when interrupted (or after exit_after re-checks)."""
    from watchfiles import watch

    def only_yaml(_change, path: str) -> bool:
        return is_card_file(path)

    shown = ", ".join(os.path.relpath(t, root) for t in targets)
    started = False
    rechecks = 0
    code = 0
    # The watcher is live once the generator first yields (on its timeout), so the first check
    # runs then: a save made after its output is printed is never missed.
    for changes in watch(
        *targets,
        watch_filter=only_yaml,
        debounce=debounce_ms,
        rust_timeout=300,
        yield_on_timeout=True,
        raise_interrupt=False,
    ):
        if not started:
            started = True
            lines, code = watcher.check()
            for line in lines:
                echo(line)
            echo(f"watching {shown} for changes (Ctrl-C to stop)")
            continue
        if not changes:
            continue
        files = sorted({os.path.relpath(path, root) for _change, path in changes})
        echo(f"[{time.strftime('%H:%M:%S')}] changed: {', '.join(files)}")
        lines, code = watcher.check()
        for line in lines:
            echo(line)
        rechecks += 1
        if exit_after is not None and rechecks >= exit_after:
            break
    return code
