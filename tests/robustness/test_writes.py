"""Every command that writes a file goes through compiler/core/writes.py: never through a link (at
the target or on the folders to it), never over a device or a FIFO, always through a fresh
temporary renamed into place, so a full disk leaves the old file whole and names the file."""

from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path

import pytest

from compiler.core import writes
from compiler.core.envfail import Refused

from repo_paths import TESTS

FIXTURES = TESTS / "fixtures"


@pytest.fixture
def project(mini_game) -> Path:
    return mini_game.parent.parent


@pytest.fixture
def flow_project(tmp_path) -> Path:
    """A project whose one game has a flow (simulate, sweep)."""
    shutil.copytree(FIXTURES / "flow", tmp_path / "cards" / "race")
    return tmp_path


@pytest.fixture
def victim(tmp_path) -> Path:
    """A file outside the project that a committed link points at: it must never change."""
    path = tmp_path.parent / f"{tmp_path.name}-victim" / "authorized_keys"
    path.parent.mkdir()
    path.write_text("ssh-ed25519 AAAA precious\n")
    return path


def refused(result, code: str, where: str) -> None:
    assert result.exit_code == 2, result.output
    assert f"{where}: error {code}:" in result.output, result.output
    assert "hint:" in result.output and "Traceback" not in result.output and "E901" not in result.output


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob("*") if p.name.endswith(".tmp") or ".stage-" in p.name)


# ------------------------------------------------------------------------------ links


@pytest.mark.parametrize("rel", [".vscode/settings.json", "docs/language/actions.md", "schema/card.schema.json"])
def test_schema_write_refuses_a_committed_link_and_writes_nothing(ostraka, project, victim, rel):
    link = project / rel
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(victim)
    refused(ostraka("schema", "--write", cwd=project), "E701", rel)
    assert victim.read_text() == "ssh-ed25519 AAAA precious\n"
    assert link.is_symlink()
    written = sorted(
        p.relative_to(project).as_posix() for p in project.rglob("*") if p.is_file() and not p.is_symlink()
    )
    assert not [w for w in written if not w.startswith(("cards/", ".ostraka/"))], written  # every target checked first


def test_schema_write_refuses_a_linked_folder(ostraka, project, victim):
    (project / "schema").symlink_to(victim.parent)
    refused(ostraka("schema", "--write", cwd=project), "E701", "schema")
    assert sorted(p.name for p in victim.parent.iterdir()) == ["authorized_keys"]
    assert ostraka("schema", "--write", cwd=project).exit_code == 2  # still refused, never half done


def test_schema_write_writes_every_file_when_nothing_is_linked(ostraka, project):
    result = ostraka("schema", "--write", cwd=project)
    assert result.exit_code == 0, result.output
    assert (project / "schema" / "card.schema.json").is_file() and (project / ".vscode" / "settings.json").is_file()
    assert leftovers(project) == []


@pytest.mark.parametrize(
    "args",
    [
        ["sheet", "mini", "--out", "OUT"],
        ["sheet", "mini", "--pdf", "--out", "OUT"],
        ["pnp", "mini", "--out", "OUT"],
        ["export", "mini", "--out", "OUT"],
        ["export", "mini", "--format", "xlsx", "--out", "OUT"],
        ["export", "mini", "--format", "json", "--out", "OUT"],
    ],
    ids=["sheet", "sheet-pdf", "pnp", "export-csv", "export-xlsx", "export-json"],
)
def test_a_file_output_refuses_a_link_a_fifo_and_a_device(ostraka, project, victim, args):
    link = project / "out.file"
    link.symlink_to(victim)
    refused(ostraka(*[a if a != "OUT" else "out.file" for a in args], cwd=project), "E701", "out.file")
    assert victim.read_text() == "ssh-ed25519 AAAA precious\n" and link.is_symlink()
    fifo = project / "pipe"
    os.mkfifo(fifo)
    refused(ostraka(*[a if a != "OUT" else "pipe" for a in args], cwd=project), "E701", "pipe")
    refused(ostraka(*[a if a != "OUT" else "/dev/null" for a in args], cwd=project), "E701", "/dev/null")
    assert leftovers(project) == []


def test_a_default_output_folder_that_is_a_link_is_refused(ostraka, project, victim):
    (project / "build").mkdir()
    (project / "build" / "export").symlink_to(victim.parent)
    refused(ostraka("export", "mini", "--format", "xlsx", cwd=project), "E701", "build/export")
    assert sorted(p.name for p in victim.parent.iterdir()) == ["authorized_keys"]


def test_export_never_opens_a_predictable_temporary(ostraka, project, victim):
    out = project / "build" / "export"
    out.mkdir(parents=True)
    (out / ".mini.xlsx.tmp").symlink_to(victim)  # the name an older export wrote through
    assert ostraka("export", "mini", "--format", "xlsx", cwd=project).exit_code == 0
    assert victim.read_text() == "ssh-ed25519 AAAA precious\n"
    assert (out / "mini.xlsx").is_file() and not (out / "mini.xlsx").is_symlink()


def test_new_refuses_a_linked_card_folder(ostraka, project, victim):
    (project / "cards" / "mini" / "more").symlink_to(victim.parent)
    result = ostraka("new", "mini", "card", "more_thing", "--dir", "cards/mini/more", cwd=project)
    assert sorted(p.name for p in victim.parent.iterdir()) == ["authorized_keys"], result.output
    assert result.exit_code == 2, result.output


@pytest.mark.parametrize("command", ["simulate", "sweep"])
def test_a_run_folder_that_is_a_link_is_refused(ostraka, flow_project, victim, command):
    (flow_project / "out").symlink_to(victim.parent)
    args = [command, "race", "--players", "2", "--games", "1", "--out", "out"]
    if command == "sweep":
        variant = flow_project / "v.yaml"
        variant.write_text("name: v\n")
        args.append(str(variant))
    refused(ostraka(*args, cwd=flow_project), "E701", "out")
    assert sorted(p.name for p in victim.parent.iterdir()) == ["authorized_keys"]


# ------------------------------------------------------------------------------ a full disk


def _full_disk(monkeypatch):
    def fsync(_fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", fsync)


@pytest.mark.parametrize(
    "args, out",
    [
        (["sheet", "mini", "--out", "sheet.html"], "sheet.html"),
        (["export", "mini", "--out", "mini.csv"], "mini.csv"),
        (["export", "mini", "--format", "xlsx"], "build/export/mini.xlsx"),
        (["schema", "--write"], "schema/card.schema.json"),
    ],
    ids=["sheet", "export-csv", "export-xlsx", "schema"],
)
def test_a_full_disk_keeps_the_old_file_whole_and_names_it(ostraka, project, monkeypatch, args, out):
    assert ostraka(*args, cwd=project).exit_code == 0
    before = (project / out).read_bytes()
    (project / "cards" / "mini" / "good.yaml").write_text(
        (project / "cards" / "mini" / "good.yaml").read_text().replace("name: ", "name: Changed ", 1)
    )
    _full_disk(monkeypatch)
    result = ostraka(*args, cwd=project)
    monkeypatch.undo()
    refused(result, "E705", out)
    assert (project / out).read_bytes() == before
    assert leftovers(project) == []


# ------------------------------------------------------------------------------ the module itself


def test_write_file_keeps_the_mode_of_the_file_it_replaces(tmp_path):
    path = tmp_path / "a.txt"
    path.write_text("old")
    path.chmod(0o640)
    writes.write_file(path, "new", tmp_path)
    assert path.read_text() == "new" and (path.stat().st_mode & 0o777) == 0o640


def test_write_file_outside_the_root_checks_the_target_only(tmp_path):
    real = tmp_path / "real"
    real.mkdir()
    (tmp_path / "alias").symlink_to(real)
    writes.write_file(tmp_path / "alias" / "x.txt", "ok", root=tmp_path / "project")  # the user's own path
    assert (real / "x.txt").read_text() == "ok"
    with pytest.raises(Refused):
        writes.write_file(tmp_path / "alias" / "x.txt", "no", root=tmp_path)  # inside the project: refused
    assert (real / "x.txt").read_text() == "ok"


def test_a_stale_staging_folder_of_a_dead_run_is_removed_by_the_next(tmp_path):
    out = tmp_path / "run"
    dead = tmp_path / ".run.stage-999999999-abcdef"
    dead.mkdir()
    (dead / "results.duckdb.wal").write_text("partial")
    alive = tmp_path / f".run.stage-{os.getpid()}-abcdef"
    alive.mkdir()
    other = tmp_path / ".other.stage-999999999-abcdef"
    other.mkdir()
    with writes.staged_dir(out, lambda _p: True) as work:
        (work / "x").write_text("1")
    assert (out / "x").read_text() == "1"
    assert not dead.exists() and alive.exists() and other.exists()


def test_a_file_in_the_way_of_a_folder_is_said_as_such(ostraka, project):
    (project / "notes").write_text("a file, not a folder")
    result = ostraka("sheet", "mini", "--out", "notes/sheet.html", cwd=project)
    refused(result, "E706", "notes/sheet.html")
    assert "a file stands where a folder is wanted" in result.output and "disk" not in result.output
