"""A warm check that nothing changed since replays the last report (replay.py): the same output,
and any change to what a check reads (a card's bytes, a file added, the compiler) means a full check."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import compiler.cli.common as cli_module


@pytest.fixture
def project(mini_game, monkeypatch) -> Path:
    monkeypatch.delenv("OSTRAKA_NO_CACHE", raising=False)
    good = mini_game / "good.yaml"
    (mini_game / "broken.yaml").write_text(
        good.read_text()
        .replace("id: good", "id: broken")
        .replace("coins: 5", "coins: 9")
        .replace("build: good", "build: broken")
    )
    return mini_game.parent.parent


FULL_CHECKS = ("check_run", "check_report")  # what `check` runs when it does not replay


def _forbid_full_checks(monkeypatch):
    def full(*_a, **_k):
        raise AssertionError("a full check ran")

    for name in FULL_CHECKS:
        monkeypatch.setattr(cli_module, name, full)


@pytest.mark.parametrize(
    "args", [(), ("--format", "json"), ("--format", "github"), ("--strict",), ("mini",), ("cards/mini",)]
)
def test_a_warm_check_replays_the_same_report(ostraka, project, monkeypatch, args):
    first = ostraka("check", *args, cwd=project)
    assert first.exit_code == 1 and "E401" in first.output
    assert (project / ".ostraka" / "last-check.json").is_file()
    with monkeypatch.context() as m:
        _forbid_full_checks(m)
        again = ostraka("check", *args, cwd=project)
    assert (again.exit_code, again.output) == (first.exit_code, first.output)


def test_any_change_means_a_full_check(ostraka, project, monkeypatch):
    assert ostraka("check", cwd=project).exit_code == 1
    card = project / "cards" / "mini" / "broken.yaml"
    card.write_text(card.read_text().replace("coins: 9", "coins: 5"))
    fixed = ostraka("check", cwd=project)
    assert fixed.exit_code == 0, fixed.output  # the edit is seen, not replayed
    (project / "cards" / "mini" / "more").mkdir()
    (project / "cards" / "mini" / "more" / "x.yaml").write_text("id: [")
    assert ostraka("check", cwd=project).exit_code == 1  # a new file is seen
    (project / "cards" / "mini" / "more" / "x.yaml").unlink()
    assert ostraka("check", cwd=project).exit_code == 0
    # The compiler changing (its fingerprint) is a change too.
    monkeypatch.setattr("compiler.tools.replay.code_fingerprint", lambda: "another compiler")
    calls = []
    for name in FULL_CHECKS:
        real = getattr(cli_module, name)
        monkeypatch.setattr(cli_module, name, lambda *a, _real=real, **k: calls.append(1) or _real(*a, **k))
    assert ostraka("check", cwd=project).exit_code == 0 and calls == [1]


def test_a_tampered_or_foreign_entry_is_not_replayed(ostraka, project, monkeypatch):
    first = ostraka("check", "--format", "json", cwd=project)
    entry = project / ".ostraka" / "last-check.json"
    stored = json.loads(entry.read_text())
    body = json.loads(stored["body"])
    body["items"] = []  # a forged clean report
    stored["body"] = json.dumps(body)
    entry.write_text(json.dumps(stored))
    again = ostraka("check", "--format", "json", cwd=project)
    assert again.output == first.output and again.exit_code == 1
    # --no-cache never replays, and never writes an entry.
    entry.unlink()
    assert ostraka("check", "--no-cache", cwd=project).exit_code == 1
    assert not entry.exists()


def test_the_command_line_imports_only_what_a_command_needs():
    """`ostraka --help` (and every command before it runs) must not build the models or load the renderers."""
    import subprocess
    import sys

    heavy = (
        "pydantic",
        "jinja2",
        "weasyprint",
        "ruamel.yaml",
        "jsonschema",
        "yaml",
        "compiler.pipeline.project",
        "compiler.model.game",
    )
    code = (
        "import sys\nfrom compiler.cli.main import cli\n"
        "try:\n    cli.main(['--help'], standalone_mode=False)\nexcept SystemExit:\n    pass\n"
        f"print(sorted(m for m in {heavy!r} if m in sys.modules))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip().splitlines()[-1] == "[]", result.stdout
