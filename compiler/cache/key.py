"""The secret that signs the cache's entries, kept outside the project's `.ostraka/`.

CI workflows cache and restore `.ostraka/` between runs (and a pull request's run can write what
the next one restores), so a key kept there signs nothing that an attacker could not sign too. The
key lives in the user's state folder instead: `$OSTRAKA_KEY_DIR/cache-key` when that is set, else
`$XDG_STATE_HOME/ostraka/cache-key` (by default `~/.local/state/ostraka/cache-key`), one per user,
0600, made on first use. A restored cache that another key signed is all misses, checked afresh.
A key that is a link, not a plain file, readable by others or unreadable means no cache for the run.
"""

from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path

KEY_FILE = "cache-key"
_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)


def key_dir() -> Path:
    chosen = os.environ.get("OSTRAKA_KEY_DIR")
    if chosen:
        return Path(chosen)
    state = os.environ.get("XDG_STATE_HOME")
    return (Path(state) if state else Path.home() / ".local" / "state") / "ostraka"


def key_path() -> Path:
    return key_dir() / KEY_FILE


def read_key(path: Path | None = None) -> bytes | None:
    """The key, when it is a plain 0600 file of 64 hex digits; None otherwise (or missing)."""
    try:
        fd = os.open(path or key_path(), _FLAGS)
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        text = os.read(fd, 65)
    finally:
        os.close(fd)
    if not stat.S_ISREG(info.st_mode) or info.st_mode & 0o077 or len(text) != 64:
        return None
    try:
        return bytes.fromhex(text.decode("ascii"))
    except ValueError:
        return None


def load_key() -> tuple[bytes, bool]:
    """The key and whether it was just made. A key that is there but not trusted (readable by
    others: anyone could sign with it) is replaced. OSError when none can be had."""
    path = key_path()
    found = read_key(path)
    if found is not None:
        return found, False
    if os.path.lexists(path):
        if os.path.islink(path) or not os.path.isfile(path):
            raise OSError(f"{path} is not a plain file")
        os.unlink(path)
    directory = path.parent
    directory.mkdir(parents=True, exist_ok=True, mode=0o700)
    if os.path.islink(directory):
        raise OSError(f"{directory} is a link")
    secret = secrets.token_bytes(32)
    temp = directory / f".{KEY_FILE}.{secrets.token_hex(8)}"
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
    try:
        os.write(fd, secret.hex().encode("ascii"))
        os.fsync(fd)
    finally:
        os.close(fd)
    try:
        os.link(temp, path)  # whole or not at all; another process that made one first wins
    except FileExistsError:
        found = read_key(path)
        if found is None:
            raise OSError(f"{path} is not a usable key") from None
        return found, False
    finally:
        os.unlink(temp)
    return secret, True
