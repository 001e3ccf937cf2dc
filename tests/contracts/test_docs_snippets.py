"""The README and the Getting started tutorial run as written.

Each page's fenced blocks are taken in order, in a scratch copy of the repository made a git
repository of one commit (as a clone is): a ```yaml block with a `title="PATH"` is written to PATH
(the tutorial's files), or, when its body is a snippet (`--8<-- "FILE"`, the site's include), must
be what the commands before it wrote there (a file shown, such as the game `ostraka new` writes),
a ```sh block runs in bash with the project's .venv on the PATH and must
succeed, a ```text block right after a shell block must appear in what that block printed, and a
```python block runs in the project's Python. The `make` block is left out: CI runs `make test`,
which runs it. Nothing here edits the repository itself.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from repo_paths import REPO

PAGES = ["README.md", "docs/getting-started.md"]
FENCE = re.compile(r"^```(\w+)([^\n]*)\n(.*?)^```\s*$", re.M | re.S)
TITLE = re.compile(r'title="([^"]+)"')
SNIPPET = re.compile(r'^--8<-- "([^"]+)"\s*$')
# What a scratch copy needs: the games, what make writes, and the fixtures the docs name.
COPIED = ["cards", "generated", "schema", "docs", "tests/fixtures", "Makefile", "pyproject.toml", ".gitignore"]


def blocks(page: str) -> list[tuple[str, str, str]]:
    """(language, the fence's attributes, body) of every fenced block, in order."""
    text = (REPO / page).read_text(encoding="utf-8")
    return [(m.group(1), m.group(2), m.group(3)) for m in FENCE.finditer(text)]


def _is_make(body: str) -> bool:
    lines = [line.split("#")[0].strip() for line in body.splitlines()]
    return all(not line or line.startswith("make") for line in lines)


def _scratch(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    for rel in COPIED:
        source = REPO / rel
        if source.is_dir():
            shutil.copytree(source, root / rel, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            (root / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(source, root / rel)
    (root / ".venv").symlink_to(Path(sys.prefix))  # the environment running the tests, as `make` leaves it
    git = ["git", "-c", "user.name=docs", "-c", "user.email=docs@example.invalid", "-c", "commit.gpgsign=false"]
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    subprocess.run(["git", "add", "-A"], cwd=root, check=True)
    subprocess.run([*git, "commit", "-q", "-m", "scratch"], cwd=root, check=True)
    return root


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env.pop("NO_COLOR", None)
    return env


@pytest.mark.parametrize("page", PAGES)
def test_every_block_runs_as_written(page, tmp_path):
    root = _scratch(tmp_path)
    found = blocks(page)
    assert any(lang == "sh" for lang, _attrs, _body in found), f"{page} has no shell block"
    printed: str | None = None
    for index, (lang, attrs, body) in enumerate(found):
        where = f"{page}, block {index + 1} ({lang})"
        title = TITLE.search(attrs)
        if lang == "sh" and not _is_make(body):
            done = subprocess.run(
                ["bash", "-euo", "pipefail", "-c", body],
                cwd=root,
                env=_env(),
                capture_output=True,
                text=True,
                timeout=600,
            )
            printed = done.stdout + done.stderr
            assert done.returncode == 0, f"{where} failed (exit {done.returncode}):\n{body}\n---\n{printed[-4000:]}"
            continue
        if lang == "text" and printed is not None:
            for line in body.splitlines():
                if line.strip() and line.strip() != "...":
                    assert line.rstrip() in printed, f"{where}: {line!r} is not what the command printed:\n{printed}"
        elif lang == "python":
            done = subprocess.run(
                [sys.executable, "-"], input=body, cwd=root, env=_env(), capture_output=True, text=True, timeout=600
            )
            assert done.returncode == 0, f"{where} failed:\n{body}\n---\n{done.stdout}{done.stderr}"
        elif lang == "yaml" and title and SNIPPET.match(body):
            shown = (REPO / SNIPPET.match(body).group(1)).read_text(encoding="utf-8")
            written = (root / title.group(1)).read_text(encoding="utf-8")
            assert shown == written, (
                f"{where}: {SNIPPET.match(body).group(1)} is not what was written to {title.group(1)}"
            )
        elif lang == "yaml" and title:
            path = root / title.group(1)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(body, encoding="utf-8")
        printed = None


def test_the_readme_is_short_and_for_users():
    lines = (REPO / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 200, f"README.md has {len(lines)} lines; keep it under 200 (the details go in docs/)"
    assert (REPO / "docs" / "report.png").read_bytes().startswith(b"\x89PNG")
    assert len((REPO / "ARCHITECTURE.md").read_text(encoding="utf-8").splitlines()) <= 300
