"""Finding the card files under a folder without skipping anything in silence.

Every `*.yaml` name is returned whatever it is (a FIFO, a device, a dangling link, a link to
/dev/zero): the loader reads only regular files and reports the rest with E105. A folder reached
through a link is not followed but reported (E105), so nothing outside the project is read; an
unreadable folder is an E105, and folders nested deeper than MAX_DEPTH an E104. The walk keeps its
own stack, so no depth can exhaust Python's recursion.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from ..core.diagnostics import Diagnostic

MAX_DEPTH = 32  # folders below a game directory; real games use two or three


def yaml_files(top: Path, display: Callable[[Path], str]) -> tuple[list[Path], list[Diagnostic]]:
    """The *.yaml paths under top (sorted) and the problems of the folders on the way."""
    found: list[Path] = []
    problems: list[Diagnostic] = []
    stack = [(top, 0)]
    while stack:
        folder, depth = stack.pop()
        try:
            with os.scandir(folder) as listing:
                entries = list(listing)
        except OSError as exc:
            problems.append(
                Diagnostic(
                    "E105",
                    f"cannot read folder: {exc.strerror}",
                    display(folder),
                    hint="make the folder readable (chmod u+rx), or move it out of cards/",
                )
            )
            continue
        for entry in entries:
            path = Path(entry.path)
            if entry.name.endswith(".yaml"):
                found.append(path)  # the loader judges what it is
            elif entry.is_dir(follow_symlinks=False):
                if depth >= MAX_DEPTH:
                    problems.append(
                        Diagnostic(
                            "E104",
                            f"folders nested deeper than {MAX_DEPTH} levels; not read",
                            display(path),
                            hint="keep a game's card files within a few folders",
                        )
                    )
                else:
                    stack.append((path, depth + 1))
            elif entry.is_symlink() and _points_to_folder(path):
                problems.append(
                    Diagnostic(
                        "E105",
                        "a symbolic link to a folder; only folders inside the project are read",
                        display(path),
                        hint="move or copy the folder itself here instead of linking to it",
                    )
                )
    return sorted(found), problems


def _points_to_folder(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:
        return False
