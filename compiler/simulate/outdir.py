"""The out directory: written beside its target and swapped in whole, never half-written.

A directory is ours when it holds the marker file a finished run writes; an existing directory
that is neither ours nor empty is refused, so a typo cannot replace someone's files.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

MARKER = "ostraka-run.json"


class OutDirError(ValueError):
    pass


def check(out: Path) -> None:
    if out.exists() and not out.is_dir():
        raise OutDirError(f"{out} exists and is not a directory")
    if out.is_dir() and any(out.iterdir()) and not (out / MARKER).is_file():
        raise OutDirError(
            f"{out} exists and does not hold an ostraka run (no {MARKER}); choose another --out or remove it"
        )


@contextmanager
def staged(out: Path, meta: dict) -> Iterator[Path]:
    """A fresh directory beside `out` to write into; on success it replaces `out` (and the marker
    is written last), on any failure it is removed and `out` is left as it was."""
    out = out.resolve()
    check(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{out.name}.", suffix=".tmp", dir=out.parent))
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(work, 0o777 & ~umask)  # mkdtemp makes it private; the run is an ordinary directory
    try:
        yield work
        (work / MARKER).write_text(json.dumps(meta, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        old = None
        if out.exists():
            old = out.parent / f"{work.name}.old"
            os.replace(out, old)
        os.replace(work, out)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
