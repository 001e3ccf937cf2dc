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
from click.testing import CliRunner

from compiler.load.loader import load_file
from compiler.pipeline.validate.structure import schema_errors
from compiler.render.schema import card_schema, game_schema

from repo_paths import REPO

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
        game = path.relative_to(REPO / "cards").parts[0]
        expected = "schema/game.schema.json" if path.name == "game.yaml" else f"schema/{game}.card.schema.json"
        assert schemas_for(rel) == [expected], rel
    for schema in _mapping():
        assert (REPO / schema).is_file(), schema
    # A file added later, anywhere under a game, is covered too.
    assert schemas_for("cards/new_game/deep/er/card.yaml") == ["schema/card.schema.json"]
    assert schemas_for("cards/new_game/game.yaml") == ["schema/game.schema.json"]
    assert schemas_for("docs/github-workflow.yml") == [] and schemas_for(".pre-commit-hooks.yaml") == []


def _check_jsonschema(schema: Path, files: list[Path]) -> subprocess.CompletedProcess:
    """check-jsonschema, the validator an editor's YAML extension stands for (python-jsonschema, none
    of our code), run in-process: the same command line, exit code and output as `python -m
    check_jsonschema`, without starting an interpreter for each of the many calls here."""
    from check_jsonschema import main

    args = ["--schemafile", str(schema), *map(str, files)]
    result = CliRunner().invoke(main, args, catch_exceptions=False)
    return subprocess.CompletedProcess([*CHECK_JSONSCHEMA, *args], result.exit_code, result.stdout, result.stderr)


def test_independent_validator_accepts_all_real_data():
    files = card_data_files()
    by_schema: dict[str, list[Path]] = {}
    for path in files:
        by_schema.setdefault(schemas_for(path.relative_to(REPO).as_posix())[0], []).append(path)
    games = sorted(p.parent.name for p in (REPO / "cards").glob("*/game.yaml"))
    assert set(by_schema) == {"schema/game.schema.json", *(f"schema/{g}.card.schema.json" for g in games)}
    for schema, group in by_schema.items():
        result = _check_jsonschema(REPO / schema, group)
        assert result.returncode == 0, (
            f"check-jsonschema rejects real data against {schema} "
            f"(if the schema is stale: 'make schema'):\n{result.stdout[-3000:]}{result.stderr[-2000:]}"
        )


def _ostraka_schema_verdict(path: Path) -> bool | None:
    """True if ostraka's schema stage rejects the file, False if it accepts it, None if it is not loadable YAML."""
    doc, problems = load_file(path, path.name)
    if problems or doc.data is None:
        return None
    entities = doc.data if isinstance(doc.data, list) else [doc.data]
    return any(
        schema_errors(entity, doc, "card", (i,) if isinstance(doc.data, list) else ())
        for i, entity in enumerate(entities)
    )


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
    assert rejected == verdict, (
        f"ostraka schema stage {'rejects' if verdict else 'accepts'}, "
        f"check-jsonschema {'rejects' if rejected else 'accepts'}:\n{result.stdout}"
    )


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


# ----------------------------------------------------------------------------- per-game schemas


def _mutate(tmp_path: Path, rel: str, old: str, new: str) -> Path:
    text = (REPO / rel).read_text(encoding="utf-8")
    assert old in text, (rel, old)
    path = tmp_path / Path(rel).name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def _game_of(rel: str) -> str:
    return Path(rel).parts[1]


def _first_card_file(game: str, needle: str) -> str:
    """A card file of `game` whose text holds `needle` (so the mutations need no card named in the test)."""
    for path in sorted((REPO / "cards" / game).rglob("*.yaml")):
        if path.name != "game.yaml" and needle in path.read_text(encoding="utf-8"):
            return path.relative_to(REPO).as_posix()
    raise AssertionError(f"no card file of {game} holds {needle!r}")


def _games() -> list[str]:
    return sorted(p.parent.name for p in (REPO / "cards").glob("*/game.yaml"))


def _a_cost_noun(game: str) -> tuple[str, str]:
    """A card file with a cost, and the first noun in that cost."""
    from compiler.pipeline.project import load

    run = load([REPO / "cards" / game], REPO)
    compiled = run.games[0]
    field = compiled.game.build.cost_field
    for cid, card in compiled.cards.items():
        cost = card.fields.get(field)
        if isinstance(cost, dict) and cost:
            return compiled.sources[cid].file, next(iter(cost))
    pytest.skip(f"{game} has no card with a cost")


@pytest.mark.parametrize("game", _games())
def test_game_schema_rejects_a_misspelt_resource_in_a_cost(game, tmp_path):
    rel, noun = _a_cost_noun(game)
    text = (REPO / rel).read_text(encoding="utf-8")
    import re

    misspelt = noun[:-1] + ("x" if noun[-1] != "x" else "y")
    mutated = tmp_path / "card.yaml"
    mutated.write_text(re.sub(rf"\b{noun}:", f"{misspelt}:", text, count=1), encoding="utf-8")
    assert mutated.read_text() != text
    schema = REPO / "schema" / f"{game}.card.schema.json"
    assert _check_jsonschema(schema, [REPO / rel]).returncode == 0
    result = _check_jsonschema(schema, [mutated])
    assert result.returncode == 1, result.stdout
    assert misspelt in result.stdout


@pytest.mark.parametrize("game", _games())
def test_game_schema_rejects_a_misspelt_field_and_a_field_of_another_kind(game, tmp_path):
    from compiler.pipeline.project import load

    compiled = load([REPO / "cards" / game], REPO).games[0]
    kinds = compiled.game.kinds
    cid, card = next((cid, c) for cid, c in compiled.cards.items() if c.fields)
    field = next(iter(card.fields))
    rel = compiled.sources[cid].file
    schema = REPO / "schema" / f"{game}.card.schema.json"
    import re

    text = (REPO / rel).read_text(encoding="utf-8")
    misspelt = tmp_path / "misspelt.yaml"
    misspelt.write_text(re.sub(rf"(\n[ -]*){field}:", rf"\g<1>{field}x:", text, count=1), encoding="utf-8")
    result = _check_jsonschema(schema, [misspelt])
    assert result.returncode == 1 and f"{field}x" in result.stdout, result.stdout
    # A field declared by another kind only is refused on this one.
    foreign = sorted(
        {n for k, spec in kinds.items() if k != card.kind for n in spec.fields} - set(kinds[card.kind].fields)
    )
    if foreign:
        other = tmp_path / "foreign.yaml"
        other.write_text(re.sub(r"(\n( *)name:)", rf"\n\g<2>{foreign[0]}: 1\g<1>", text, count=1), encoding="utf-8")
        assert other.read_text() != text
        assert _check_jsonschema(schema, [other]).returncode == 1


@pytest.mark.parametrize("game", _games())
def test_game_schema_rejects_a_misspelt_card_id_in_an_example(game, tmp_path):
    import re

    from compiler.pipeline.project import load

    compiled = load([REPO / "cards" / game], REPO).games[0]
    # A card id the examples name: built in `when`, or lying in a zone of `given`.
    for path in sorted((REPO / "cards" / game).rglob("*.yaml")):
        found = [
            m
            for m in re.finditer(r"(build: |\[)([a-z0-9_]+)", path.read_text(encoding="utf-8"))
            if m.group(2) in compiled.cards
        ]
        if path.name != "game.yaml" and found:
            break
    else:
        raise AssertionError(f"no example of {game} names a card")
    rel = path.relative_to(REPO).as_posix()
    written = found[0].group(0)
    mutated = _mutate(tmp_path, rel, written, written + "q")
    card_id = found[0].group(2)
    schema = REPO / "schema" / f"{game}.card.schema.json"
    result = _check_jsonschema(schema, [mutated])
    assert result.returncode == 1 and f"{card_id}q" in result.stdout, result.stdout
    # The language's own schema knows no card ids: it accepts the same file.
    assert _check_jsonschema(REPO / "schema" / "card.schema.json", [mutated]).returncode == 0


@pytest.mark.parametrize("game", _games())
def test_game_schema_rejects_an_unknown_kind(game, tmp_path):
    rel = _first_card_file(game, "kind: ")
    schema = REPO / "schema" / f"{game}.card.schema.json"
    mutated = _mutate(tmp_path, rel, "kind: ", "kind: x")
    assert _check_jsonschema(schema, [mutated]).returncode == 1


def test_game_schemas_are_generated_from_the_games_found(tmp_path):
    """A new game under cards/ gets its own schema and folder mapping, with no code naming it."""
    from compiler.outputs.docs_gen import game_schema_files

    mini = REPO / "tests" / "fixtures" / "mini"
    (tmp_path / "cards" / "tiny").mkdir(parents=True)
    for name in ("game.yaml", "good.yaml"):
        (tmp_path / "cards" / "tiny" / name).write_text((mini / name).read_text())
    files = game_schema_files(tmp_path)
    game_id = next(k for k in files if k.startswith("schema/")).split("/")[1].split(".")[0]
    settings = json.loads(files[".vscode/settings.json"])
    assert settings["yaml.schemas"][f"./schema/{game_id}.card.schema.json"] == [
        "cards/tiny/**/*.yaml",
        "!cards/tiny/game.yaml",
    ]
    schema = tmp_path / "s.json"
    schema.write_text(files[f"schema/{game_id}.card.schema.json"])
    assert _check_jsonschema(schema, [tmp_path / "cards" / "tiny" / "good.yaml"]).returncode == 0
