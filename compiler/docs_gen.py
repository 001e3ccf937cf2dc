"""docs/language.md and schema/*.json, generated from the primitive registry and the models."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import jinja2
from ruamel.yaml import YAML

from .lang.registry import REGISTRY
from .schema_gen import SCHEMA_FILES, dump

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


@lru_cache(maxsize=None)
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


def language_md() -> str:
    families = {
        family: [
            {"name": name, "summary": cls.summary, "example": cls.example, "fields": _arg_fields(cls)}
            for name, cls in sorted(REGISTRY[family].items())
        ]
        for family in REGISTRY
    }
    return environment().get_template("language.md.j2").render(families=families)


def reference_files() -> dict[str, str]:
    files = {f"schema/{name}": dump(make()) for name, make in SCHEMA_FILES.items()}
    files["docs/language.md"] = language_md()
    return files
