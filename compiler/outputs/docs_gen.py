"""docs/language.md and schema/*.json, generated from the primitive registry and the models."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import jinja2
from ruamel.yaml import YAML

from ..lang.registry import REGISTRY
from ..render.schema import SCHEMA_FILES, dump

TEMPLATES = Path(__file__).parent / "templates"


def _yaml(value) -> str:
    import io

    yaml = YAML(typ="safe", pure=True)
    yaml.default_flow_style = None
    yaml.width = 100
    buffer = io.StringIO()
    yaml.dump(value, buffer)
    return buffer.getvalue().rstrip()


def _arg_fields(cls) -> list[tuple[str, str]]:
    args = cls.args
    fields = getattr(args, "model_fields", None)
    if not fields:
        return []
    return [(info.alias or name, info.description or "") for name, info in fields.items()]


@cache
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
        autoescape=False,
    )
    env.filters["yaml"] = _yaml
    return env


def language_md(root: Path | None = None) -> str:
    """docs/language.md; with `root`, each game's own prose (cards/<game>/hard_cases.md) in its section."""
    hard_cases = (
        [path.read_text(encoding="utf-8").strip() + "\n" for path in sorted((root / "cards").glob("*/hard_cases.md"))]
        if root is not None
        else []
    )
    families = {
        family: [
            {"name": name, "summary": cls.summary, "example": cls.example, "fields": _arg_fields(cls)}
            for name, cls in sorted(REGISTRY[family].items())
        ]
        for family in REGISTRY
    }
    return (
        environment()
        .get_template("language.md.j2")
        .render(families=families, flow=_flow_reference(), hard_cases=hard_cases)
    )


def _flow_reference() -> dict:
    """The flow's steps and sections, from their models (compiler/lang/flow.py)."""
    from ..lang.flow import Flow, MoveSpec, Step

    def described(model) -> list[tuple[str, str]]:
        return [(info.alias or name, info.description or "") for name, info in model.model_fields.items()]

    steps = []
    for name, info in Step.model_fields.items():
        args = typing_args(info.annotation)
        steps.append(
            {"name": info.alias or name, "summary": info.description or "", "fields": described(args) if args else []}
        )
    return {"sections": described(Flow), "move": described(MoveSpec), "steps": steps}


def typing_args(annotation):
    """The model inside Optional[...], if any."""
    import typing

    from pydantic import BaseModel

    for option in typing.get_args(annotation) or (annotation,):
        if isinstance(option, type) and issubclass(option, BaseModel):
            return option
    return None


def reference_files(root: Path | None = None) -> dict[str, str]:
    """Every generated reference file by its path; with `root`, also each game's card schema found
    under root/cards/ and the editor settings mapping each game's folder to it."""
    files = {f"schema/{name}": dump(make()) for name, make in SCHEMA_FILES.items()}
    files["docs/language.md"] = language_md(root)
    if root is not None:
        files.update(game_schema_files(root))
    return files


def game_schema_files(root: Path) -> dict[str, str]:
    from ..pipeline.project import load
    from .schema_game import game_card_schema

    run = load([], root)
    files: dict[str, str] = {}
    folders: dict[str, str] = {}
    for game in sorted(run.games, key=lambda g: g.id):
        kinds_of = {cid: card.kind for cid, card in game.cards.items()}
        rel = f"schema/{game.id}.card.schema.json"
        files[rel] = dump(game_card_schema(game.game, kinds_of))
        folders[f"./{rel}"] = game.directory.relative_to(root).as_posix()
    files[".vscode/settings.json"] = editor_settings(root / ".vscode" / "settings.json", folders)
    return files


def editor_settings(current: Path, folders: dict[str, str]) -> str:
    """yaml-language-server's mapping: game.yaml files, each known game's folder to its own schema,
    any other card file (a game not yet generated) to the language's schema. Other settings are kept."""
    try:
        settings = json.loads(current.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        settings = {"yaml.yamlVersion": "1.2", "yaml.validate": True, "yaml.hover": True, "yaml.completion": True}
    schemas: dict[str, list[str]] = {"./schema/game.schema.json": ["cards/*/game.yaml"]}
    for schema, folder in folders.items():
        schemas[schema] = [f"{folder}/**/*.yaml", f"!{folder}/game.yaml"]
    schemas["./schema/card.schema.json"] = [
        "cards/**/*.yaml",
        "!cards/*/game.yaml",
        *(f"!{f}/**/*.yaml" for f in folders.values()),
    ]
    settings["yaml.schemas"] = schemas
    return json.dumps(settings, indent=2) + "\n"
