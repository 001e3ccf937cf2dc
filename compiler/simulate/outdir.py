"""The out directory: written beside its target and swapped in whole, never half-written
(core/writes.py `staged_dir`: never through a link, what a dead run left beside it removed).

A directory is ours when it holds the marker file a finished run writes; an existing directory
that is neither ours nor empty is refused (E701), so a typo cannot replace someone's files.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ..core.writes import check_dir, staged_dir

MARKER = "ostraka-run.json"


def _ours(out: Path) -> bool:
    return (out / MARKER).is_file() and not (out / MARKER).is_symlink()


def check(out: Path, root: Path | None = None) -> None:
    """Refuse (envfail.Refused, E701) an --out that is a link, a file, or a folder of other files."""
    check_dir(out, _ours, root)


@contextmanager
def staged(out: Path, meta: dict, root: Path | None = None) -> Iterator[Path]:
    """A fresh directory beside `out` to write into; on success it replaces `out` (and the marker
    is written last), on any failure it is removed and `out` is left as it was."""
    with staged_dir(out, _ours, root) as work:
        yield work
        (work / MARKER).write_text(json.dumps(meta, indent=2, sort_keys=True) + "\n", encoding="utf-8")
