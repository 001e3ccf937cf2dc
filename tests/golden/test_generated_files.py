"""Committed outputs: schemas, the generated docs pages and generated/ never drift from the source."""

from __future__ import annotations

import shutil

from compiler.cli.main import cli
from compiler.cli.reference import reference_files

from repo_paths import REPO


def test_schemas_and_language_reference_are_fresh():
    for rel, text in reference_files(cli, REPO).items():
        committed = (REPO / rel).read_text(encoding="utf-8")
        assert committed == text, f"{rel} is stale: run 'make schema' (ostraka schema --write) and commit it"


def test_schema_documents_every_primitive():
    import json

    from compiler.lang.registry import REGISTRY

    schema = json.loads((REPO / "schema/card.schema.json").read_text())
    defs = schema["$defs"]
    assert set(defs["Action"]["properties"]) == set(REGISTRY["action"])
    assert set(defs["Expression"]["properties"]) == set(REGISTRY["expression"])
    assert set(defs["Condition"]["properties"]) == set(REGISTRY["condition"])
    for name, prop in defs["Action"]["properties"].items():
        assert prop["description"] and prop["examples"], name
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_generated_is_up_to_date(ostraka):
    result = ostraka("build", "--check")
    assert result.exit_code == 0, (
        "generated/ is stale: run 'make' (or 'ostraka build') and commit generated/\n" + result.output
    )


def test_build_is_reproducible(ostraka, tmp_path):
    assert ostraka("build", "--out", str(tmp_path / "a")).exit_code == 0
    assert ostraka("build", "--out", str(tmp_path / "b")).exit_code == 0
    files_a = sorted(p.relative_to(tmp_path / "a") for p in (tmp_path / "a").rglob("*") if p.is_file())
    files_b = sorted(p.relative_to(tmp_path / "b") for p in (tmp_path / "b").rglob("*") if p.is_file())
    assert files_a == files_b and files_a
    for rel in files_a:
        assert (tmp_path / "a" / rel).read_bytes() == (tmp_path / "b" / rel).read_bytes()


def test_failed_build_leaves_outputs_untouched(ostraka, tmp_path):
    project = tmp_path / "project"
    shutil.copytree(REPO / "cards" / "seven_wonders", project / "cards" / "seven_wonders")
    assert ostraka("build", cwd=project).exit_code == 0
    before = {p: p.read_bytes() for p in (project / "generated").rglob("*") if p.is_file()}
    broken = project / "cards" / "seven_wonders" / "age1" / "tavern.yaml"
    broken.write_text(broken.read_text().replace("coins: 5", "coinz: 5"))
    result = ostraka("build", cwd=project)
    assert result.exit_code == 1
    assert "nothing was written" in result.output
    after = {p: p.read_bytes() for p in (project / "generated").rglob("*") if p.is_file()}
    assert after == before


def test_build_says_when_nothing_changed_and_ignores_pycache(ostraka, mini_game):
    """A program importing a generated module leaves __pycache__/ beside it: not a stale output."""
    import compileall

    root = mini_game.parent.parent
    first = ostraka("build", cwd=root)
    assert first.exit_code == 0 and "wrote 3 files to generated" in first.output, first.output
    again = ostraka("build", cwd=root)
    assert again.exit_code == 0 and "up to date: nothing written" in again.output, again.output
    assert compileall.compile_dir(str(root / "generated"), quiet=1)
    assert list((root / "generated").rglob("__pycache__"))
    checked = ostraka("build", "--check", cwd=root)
    assert checked.exit_code == 0, checked.output
    # A file the build did not write is still reported.
    (root / "generated" / "mini" / "extra.txt").write_text("x")
    assert ostraka("build", "--check", cwd=root).exit_code == 1
