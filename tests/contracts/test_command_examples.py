"""Each command's example on the Commands page (compiler/cli/reference.py) runs as written, in a
scratch copy of the repository made a git repository whose branch is `main` (as a clone is).

The examples that run until stopped (`watch`, `lsp`) or play hundreds of games (`simulate`,
`sweep`: their tests run the same commands on fewer games) are left out, and only the files they
name are checked."""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys

import pytest

from compiler.cli.reference import EXAMPLES

from repo_paths import REPO

LEFT_OUT = {"watch", "lsp", "simulate", "sweep"}
COPIED = ["cards", "generated", "schema", "docs", "tests/fixtures", "Makefile", "pyproject.toml", ".gitignore"]


def _lines(command: str) -> list[list[str]]:
    """The example's command lines as argument lists, comments dropped."""
    return [shlex.split(line, comments=True) for line in EXAMPLES[command].splitlines()]


@pytest.fixture(scope="module")
def scratch(tmp_path_factory):
    root = tmp_path_factory.mktemp("examples") / "repo"
    for rel in COPIED:
        source = REPO / rel
        if source.is_dir():
            shutil.copytree(source, root / rel, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            (root / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(source, root / rel)
    git = ["git", "-c", "user.name=docs", "-c", "user.email=docs@example.invalid", "-c", "commit.gpgsign=false"]
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=root, check=True)
    subprocess.run(["git", "add", "-A"], cwd=root, check=True)
    subprocess.run([*git, "commit", "-q", "-m", "scratch"], cwd=root, check=True)
    return root


def test_every_command_has_an_example():
    from compiler.cli.main import cli

    assert set(EXAMPLES) == set(cli.commands)  # type: ignore[attr-defined]


@pytest.mark.parametrize("command", sorted(set(EXAMPLES) - LEFT_OUT))
def test_the_example_runs_as_written(scratch, command):
    for argv in _lines(command):
        assert argv[:2] == ["ostraka", command], EXAMPLES[command]
        done = subprocess.run(
            [sys.executable, "-m", "compiler", *argv[1:]], cwd=scratch, capture_output=True, text=True, timeout=300
        )
        assert done.returncode == 0, f"{shlex.join(argv)}\n{done.stdout}\n{done.stderr}"


@pytest.mark.parametrize("command", sorted(LEFT_OUT))
def test_what_a_left_out_example_names_exists(command):
    for argv in _lines(command):
        assert argv[:2] == ["ostraka", command], EXAMPLES[command]
        for word in argv[2:]:
            if "/" in word:
                assert (REPO / word).exists(), f"{command}'s example names {word}, which is not there"
