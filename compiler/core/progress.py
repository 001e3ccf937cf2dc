"""A progress line for slow work (PDF rendering): shown on standard error only when it is a
terminal and only once the work has taken longer than a second, then erased when it ends."""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO

DELAY = 1.0
TICK = 0.25


@contextmanager
def progress(label: str, stream: IO[str] | None = None, delay: float = DELAY) -> Iterator[None]:
    out = stream if stream is not None else sys.stderr
    if not (hasattr(out, "isatty") and out.isatty()):
        yield
        return
    done = threading.Event()
    start = time.monotonic()
    shown = threading.Event()

    def run() -> None:
        if done.wait(delay):
            return
        while not done.is_set():
            out.write(f"\r{label}: {time.monotonic() - start:.1f} s")
            out.flush()
            shown.set()
            done.wait(TICK)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    try:
        yield
    finally:
        done.set()
        thread.join()
        if shown.is_set():
            out.write(f"\r{label}: done in {time.monotonic() - start:.1f} s\n")
            out.flush()
