"""`ostraka lsp` and the edit-check loop at scale: how long a one-card edit takes to answer.

- the language server: a card's text changed in the editor (didChange, a real change of its data),
  timed from the notification to the end of the check that publishes its findings (the server's
  "checked" log), best and median of several edits, on a copy of the shipped games and on the
  synthetic 10,000-card game of bench/workflow.py (target: 0.25 s);
- `ostraka check` in a fresh process after a one-card edit of the data (not a comment), in CPU
  seconds, the worker it forks included (target: 0.35 CPU-s).
"""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

from .workflow import _best, _environment, _process, write_synthetic

EDITS = 7


def _card_file(root: Path) -> Path:
    files = sorted(p for p in (root / "cards").rglob("*.yaml") if p.name != "game.yaml")
    return files[len(files) // 2]


def _edited(text: str, i: int) -> str:
    """The card's name changed: its data differs (the text check, the examples' keys and the
    vocabulary of card names all see it), as a designer's edit does."""
    return text.replace("\nname: ", f"\nname: Edited {i} ", 1)


def server(root: Path, edits: int = EDITS) -> tuple[float, float, float]:
    """(the first check's seconds, the best and the median one-card edit's answer in seconds)."""
    from .lspclient import Client

    client = Client(root, env=_environment(root))
    try:
        client.initialize(debounce_ms=0)
        path = _card_file(root)
        relative = path.relative_to(root)
        text = path.read_text(encoding="utf-8")
        start = time.perf_counter()
        mark = len(client.notifications)
        client.open(relative, text)
        client.checked(mark, timeout=600)
        first = time.perf_counter() - start
        times = []
        for i in range(edits):
            mark = len(client.notifications)
            start = time.perf_counter()
            client.change(relative, _edited(text, i))
            end = client.checked(mark, timeout=600)
            times.append(client.notifications[end]["at"] - start)
    finally:
        client.close()
    times.sort()
    return first, times[0], times[len(times) // 2]


def fresh_check(root: Path, repeat: int = 5) -> tuple[float, float]:
    """`ostraka check` after a one-card edit of the data, each in a fresh process: best (wall, CPU)."""
    path = _card_file(root)
    text = path.read_text(encoding="utf-8")
    _process(root, "check")  # bytecode and the cache filled
    count = iter(range(1_000_000))
    edit = lambda: path.write_text(_edited(text, next(count)), encoding="utf-8")  # noqa: E731
    return _best(root, ("check",), repeat, edit)


def run() -> list[str]:
    repo = Path(__file__).resolve().parent.parent
    lines = ["  (a card's name edited: one card's data changed; wall-clock seconds, CPU seconds in brackets)"]
    with tempfile.TemporaryDirectory(prefix="ostraka-bench-lsp-") as tmp:
        real = Path(tmp) / "real"
        shutil.copytree(repo / "cards", real / "cards")
        first, best, median = server(real)
        lines.append(
            f"  lsp, shipped games:          first check {first:.2f} s, one-card edit {best:.3f} s, median {median:.3f} s  (target: 0.25 s)"
        )
        wall, cpu = fresh_check(real)
        lines.append(f"  ostraka check after an edit: {wall:.3f} s [{cpu:.3f}]  (target: 0.35 CPU-s)")
        synthetic = Path(tmp) / "synthetic"
        write_synthetic(synthetic, 10_000)
        first, best, median = server(synthetic, 5)
        lines.append(
            f"  lsp, synthetic 10,000 cards: first check {first:.2f} s, one-card edit {best:.3f} s, median {median:.3f} s  (target: 0.25 s)"
        )
        wall, cpu = fresh_check(synthetic, 3)
        lines.append(f"  ostraka check after an edit, 10,000 cards: {wall:.3f} s [{cpu:.3f}]")
    return lines


if __name__ == "__main__":
    print("\n".join(run()))
