"""Editor support: the committed schemas, wired for yaml-language-server, checked by an independent validator.

check-jsonschema (its own YAML reader, its own use of the schema) must accept every file in cards/
against the schema the editor settings map it to, and must reject exactly the bad-input fixtures
whose error is a schema error in ostraka's own pipeline.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from compiler.loader import load_file
from compiler.schema_gen import card_schema, game_schema
from compiler.validate import schema_errors

REPO = Path(__file__).resolve().parent.parent
SETTINGS = REPO / ".vscode" / "settings.json"
CHECK_JSONSCHEMA = [sys.executable, "-m", "check_jsonschema"]
BAD = sorted((REPO / "tests" / "fixtures" / "bad").glob("*.yaml"))


def _glob_regex(pattern: str) -> re.Pattern:
    """yaml-language-server's glob, relative to the workspace root: '**/' any folders, '*' within one."""
    out, i = "", 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out, i = out + "(?:[^/]+/)*", i + 3
        elif pattern[i] == "*":
            out, i = out + "[^/]*", i + 1
        else:
            out, i = out + re.escape(pattern[i]), i + 1
    return re.compile(out + r"\Z")


def _mapping() -> dict[str, list[str]]:
    settings = json.loads(SETTINGS.read_text())
    schemas = settings["yaml.schemas"]
    return {schema: [patterns] if isinstance(patterns, str) else patterns for schema, patterns in schemas.items()}


def schemas_for(rel: str) -> list[str]:
    """The schemas the editor settings give a file (path relative to the repository)."""
    found = []
    for schema, patterns in _mapping().items():
        positive = [p for p in patterns if not p.startswith("!")]
        negative = [p[1:] for p in patterns if p.startswith("!")]
        if any(_glob_regex(p).match(rel) for p in positive) and not any(_glob_regex(p).match(rel) for p in negative):
            found.append(schema.removeprefix("./"))
    return found


def card_data_files() -> list[Path]:
    return sorted(p for p in (REPO / "cards").rglob("*.y*ml") if p.is_file())


def test_settings_map_every_data_file_to_exactly_one_committed_schema():
    files = card_data_files()
    assert files, "cards/ holds data"
    for path in files:
        rel = path.relative_to(REPO).as_posix()
        expected = "schema/game.schema.json" if path.name == "game.yaml" else "schema/card.schema.json"
        assert schemas_for(rel) == [expected], rel
    for schema in _mapping():
        assert (REPO / schema).is_file(), schema
    # A file added later, anywhere under a game, is covered too.
    assert schemas_for("cards/new_game/deep/er/card.yaml") == ["schema/card.schema.json"]
    assert schemas_for("cards/new_game/game.yaml") == ["schema/game.schema.json"]
    assert schemas_for("docs/github-workflow.yml") == [] and schemas_for(".pre-commit-hooks.yaml") == []


def _check_jsonschema(schema: Path, files: list[Path]) -> subprocess.CompletedProcess:
    return subprocess.run([*CHECK_JSONSCHEMA, "--schemafile", str(schema), *map(str, files)],
                          capture_output=True, text=True, cwd=REPO)


def test_independent_validator_accepts_all_real_data():
    files = card_data_files()
    by_schema: dict[str, list[Path]] = {}
    for path in files:
        by_schema.setdefault(schemas_for(path.relative_to(REPO).as_posix())[0], []).append(path)
    assert set(by_schema) == {"schema/game.schema.json", "schema/card.schema.json"}
    for schema, group in by_schema.items():
        result = _check_jsonschema(REPO / schema, group)
        assert result.returncode == 0, (
            f"check-jsonschema rejects real data against {schema} "
            f"(if the schema is stale: 'make schema'):\n{result.stdout[-3000:]}{result.stderr[-2000:]}")


def _ostraka_schema_verdict(path: Path) -> bool | None:
    """True if ostraka's schema stage rejects the file, False if it accepts it, None if it is not loadable YAML."""
    doc, problems = load_file(path, path.name)
    if problems or doc.data is None:
        return None
    entities = doc.data if isinstance(doc.data, list) else [doc.data]
    return any(schema_errors(entity, doc, "card", (i,) if isinstance(doc.data, list) else ()) for i, entity in enumerate(entities))


def test_bad_fixtures_exist():
    assert len(BAD) >= 10, "tests/fixtures/bad/ holds the bad-input fixtures"


@pytest.mark.parametrize("fixture", BAD, ids=[p.stem for p in BAD])
def test_independent_validator_agrees_on_each_bad_fixture(fixture, tmp_path):
    verdict = _ostraka_schema_verdict(fixture)
    if verdict is None:
        pytest.skip("not loadable YAML: a loader error, not a schema error")
    schema = tmp_path / "card.schema.json"
    schema.write_text(json.dumps(card_schema()))
    result = _check_jsonschema(schema, [fixture])
    rejected = result.returncode != 0
    assert rejected == verdict, f"ostraka schema stage {'rejects' if verdict else 'accepts'}, check-jsonschema {'rejects' if rejected else 'accepts'}:\n{result.stdout}"


def test_schema_errors_among_the_fixtures_are_rejected_by_the_committed_schema():
    schema_bad = [p for p in BAD if _ostraka_schema_verdict(p)]
    codes = {p.name.split("_")[0] for p in schema_bad}
    assert {"E201", "E202", "E204"} <= codes, codes
    result = _check_jsonschema(REPO / "schema" / "card.schema.json", schema_bad)
    assert result.returncode != 0
    for path in schema_bad:
        alone = _check_jsonschema(REPO / "schema" / "card.schema.json", [path])
        assert alone.returncode == 1, f"{path.name} should be a schema error:\n{alone.stdout}"


def _properties(schema: dict) -> list[tuple[str, str, dict]]:
    out = []
    tops = {"<root>": schema} if "properties" in schema else {}
    for owner, definition in {**tops, **schema.get("$defs", {})}.items():
        for name, prop in definition.get("properties", {}).items():
            out.append((owner, name, prop))
    return out


@pytest.mark.parametrize("which", ["card", "game"])
def test_every_field_has_a_description_for_hover(which):
    schema = card_schema() if which == "card" else game_schema()
    missing = [f"{owner}.{name}" for owner, name, prop in _properties(schema) if not prop.get("description")]
    assert not missing, f"fields without a description (add one in the model or in schema_gen._DESCRIPTIONS): {missing}"


def test_every_primitive_has_a_description_and_an_example():
    defs = card_schema()["$defs"]
    for family in ("Action", "Expression", "Condition"):
        for name, prop in defs[family]["properties"].items():
            assert prop.get("description"), f"{family} {name}"
            assert prop.get("examples"), f"{family} {name}"
