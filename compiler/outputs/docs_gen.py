"""The generated reference: schema/*.json, the language pages (docs/language/) and the diagnostics page,
from the primitive registry, the models and the bad-input fixtures."""

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


# Each family's page: its file under docs/language/, its title and the sentence that opens it.
FAMILIES = {
    "action": ("actions.md", "Actions", "What an effect does: each is one step of a card's `do` list."),
    "expression": (
        "expressions.md",
        "Expressions",
        "Amounts: whole numbers read from the state, wherever a number goes.",
    ),
    "condition": (
        "conditions.md",
        "Conditions",
        "Tests: an effect's `if`, a filter's test, a flow's `until` and `win`.",
    ),
    "passive": ("passives.md", "Passives", "Standing effects: each holds while its card is in play."),
}


def _primitives(family: str) -> list[dict]:
    return [
        {"name": name, "summary": cls.summary, "example": cls.example, "fields": _arg_fields(cls)}
        for name, cls in sorted(REGISTRY[family].items())
    ]


def language_pages(root: Path | None = None) -> dict[str, str]:
    """docs/language/*.md by path: the concepts, the flow, one page per family of primitives and,
    with `root`, each game's own prose (cards/<game>/hard_cases.md)."""
    hard_cases = (
        [path.read_text(encoding="utf-8").strip() + "\n" for path in sorted((root / "cards").glob("*/hard_cases.md"))]
        if root is not None
        else []
    )
    env = environment()
    index = [
        {"page": page, "title": title, "count": len(REGISTRY[family])}
        for family, (page, title, _lead) in FAMILIES.items()
    ]
    pages = {
        "index.md": env.get_template("language_index.md.j2").render(families=index),
        "flow.md": env.get_template("language_flow.md.j2").render(flow=_flow_reference()),
        "hard-cases.md": env.get_template("language_hard_cases.md.j2").render(hard_cases=hard_cases),
    }
    family_page = env.get_template("language_family.md.j2")
    for family, (page, title, lead) in FAMILIES.items():
        folder = page.removesuffix(".md")
        pages[page] = family_page.render(title=title, lead=lead, folder=folder, items=_primitives(family))
    return {f"docs/language/{name}": text for name, text in sorted(pages.items())}


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
    files.update(language_pages(root))
    if root is not None:
        files.update(game_schema_files(root))
        from .diagnostics_page import diagnostics_page

        page = diagnostics_page(root)
        if page is not None:
            files["docs/diagnostics.md"] = page
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
