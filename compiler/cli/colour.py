"""Optional colour for text diagnostics: only on a terminal, never with NO_COLOR set.

The rules of https://no-color.org: any non-empty NO_COLOR turns colour off. Colour is also off
when the stream is not a TTY (pipes, files, CI logs), when TERM is 'dumb', and for the json and
github formats, which are for programs. FORCE_COLOR (non-empty) turns it on for a non-TTY, for
people who pipe into a pager that understands it; NO_COLOR still wins.
"""

from __future__ import annotations

import os
import re
from typing import IO

RESET = "\033[0m"
STYLES = {
    "error": "\033[1;31m",
    "warning": "\033[1;33m",
    "location": "\033[1m",
    "hint": "\033[36m",
    "caret": "\033[32m",
}

_HEAD = re.compile(r"^(?P<loc>\S.*?): (?P<level>error|warning) (?P<code>[EW]\d{3}):")


def wanted(stream: IO | None, environ: dict[str, str] | None = None) -> bool:
    env = os.environ if environ is None else environ
    if env.get("NO_COLOR"):
        return False
    if env.get("FORCE_COLOR"):
        return True
    if env.get("TERM") == "dumb":
        return False
    try:
        return bool(stream is not None and stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def paint(rendered: str) -> str:
    """Colour one rendered text diagnostic (render_text's output); the words stay the same."""
    lines = rendered.split("\n")
    match = _HEAD.match(lines[0])
    if match:
        level = match.group("level")
        lines[0] = (
            f"{STYLES['location']}{match.group('loc')}{RESET}: {STYLES[level]}{level} {match.group('code')}{RESET}:"
            + lines[0][match.end() :]
        )
    for i, line in enumerate(lines[1:], 1):
        stripped = line.strip()
        if stripped.startswith("hint:"):
            lines[i] = f"{STYLES['hint']}{line}{RESET}"
        elif stripped == "^":
            lines[i] = line.replace("^", f"{STYLES['caret']}^{RESET}")
    return "\n".join(lines)


def strip(text: str) -> str:
    """The text without colour codes (for tests and for width computations)."""
    return re.sub(r"\033\[[0-9;]*m", "", text)
