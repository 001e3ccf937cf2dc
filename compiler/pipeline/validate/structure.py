"""Structure: JSON Schema first (precise, located messages), then the pydantic models.

Schema errors are translated into diagnostics at the line and column of the offending key or value,
with a did-you-mean hint for misspelt fields and primitives.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ValidationError as PydanticError

from ...core.diagnostics import Diagnostic, did_you_mean
from ...load.loader import DataPath, Document, dotted

if TYPE_CHECKING:  # jsonschema and the schemas are imported only to explain a rejection
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

_FAMILY_OF_DEF = {"Action": "effect primitive", "Expression": "expression", "Condition": "condition"}


@cache
def _validator(which: str) -> Draft202012Validator:
    from jsonschema import Draft202012Validator

    from ...render.schema import card_schema, game_schema

    if which == "card":
        schema = card_schema()
        schema = {**schema, "anyOf": None}
        schema.pop("anyOf")
        schema["$ref"] = "#/$defs/Card"
    else:
        schema = game_schema()
    return Draft202012Validator(schema)


def _def_name(error: ValidationError) -> str:
    """The $defs entry whose keyword raised the error, if any."""
    path = list(error.schema_path)
    name = ""
    for i, part in enumerate(path):
        if part == "$defs" and i + 1 < len(path):
            name = str(path[i + 1])
    ref = error.schema.get("title") if isinstance(error.schema, dict) else None
    return ref or name


def _leaf_errors(error: ValidationError) -> list[ValidationError]:
    """For anyOf/oneOf: the errors of the branch that fits the value's type best."""
    if error.validator not in ("anyOf", "oneOf") or not error.context:
        return [error]
    by_branch: dict[str | int, list[ValidationError]] = {}
    for sub in error.context:
        by_branch.setdefault(sub.schema_path[0], []).append(sub)
    # A branch that failed only on 'type' at the value itself is the wrong branch.
    fitting = [
        subs for subs in by_branch.values() if not any(s.validator == "type" and not s.relative_path for s in subs)
    ]
    if len(fitting) == 1:
        return [leaf for sub in fitting[0] for leaf in _leaf_errors(sub)]
    return [error]


def _describe_types(error: ValidationError) -> str:
    wanted = error.validator_value
    if error.validator == "anyOf":
        kinds = []
        for option in error.validator_value if isinstance(error.validator_value, list) else []:
            kind = option.get("type") or ("object" if "$ref" in option else "value")
            kinds.append(kind if isinstance(kind, str) else "/".join(kind))
        wanted = " or ".join(dict.fromkeys(kinds))
    return {
        "integer": "a whole number",
        "string": "a text",
        "object": "a mapping",
        "array": "a list",
        "boolean": "true or false",
    }.get(str(wanted), str(wanted))


def _translate(error: ValidationError, doc: Document, prefix: DataPath, data: Any) -> Diagnostic:
    path = prefix + _data_path(data, tuple(error.absolute_path))
    line, col = doc.where(path)
    where = dotted(path) or "the file"
    instance = error.instance
    if error.validator == "additionalProperties":
        return _unknown_key(error, doc, path, where)
    if error.validator == "required":
        missing = error.message.split("'")[1] if "'" in error.message else str(error.validator_value)
        return Diagnostic(
            "E202", f"{where} lacks the required field '{missing}'", doc.file, line, col, "", dotted(path)
        )
    if error.validator in ("minProperties", "maxProperties") and _def_name(error) in _FAMILY_OF_DEF:
        family = _FAMILY_OF_DEF[_def_name(error)]
        n = len(instance) if isinstance(instance, dict) else 0
        return Diagnostic(
            "E201",
            f"an {family} is a mapping with exactly one key, found {n} keys",
            doc.file,
            line,
            col,
            "put each action in its own list item ('- gain: ...')" if n > 1 else "",
            dotted(path),
        )
    if error.validator in ("type", "anyOf", "oneOf"):
        shown = (
            repr(instance)
            if not isinstance(instance, (dict, list))
            else type(instance).__name__.replace("dict", "a mapping").replace("list", "a list")
        )
        return Diagnostic(
            "E201", f"{where} should be {_describe_types(error)}, not {shown}", doc.file, line, col, "", dotted(path)
        )
    if error.validator == "dependentRequired":
        return Diagnostic(
            "E202",
            f"{where}: {error.message}",
            doc.file,
            line,
            col,
            "a triggered effect has both 'on' and 'do'",
            dotted(path),
        )
    return Diagnostic("E205", f"{where}: {error.message}", doc.file, line, col, "", dotted(path))


def _unknown_key(error: ValidationError, doc: Document, path: DataPath, where: str) -> Diagnostic:
    """A key the schema does not allow: an unknown primitive (E204) or field (E203), with a did-you-mean."""
    instance = error.instance
    allowed = list(error.schema.get("properties", {})) if isinstance(error.schema, dict) else []
    extra = [k for k in instance if k not in allowed] if isinstance(instance, dict) else []
    key = extra[0] if extra else "?"
    line, col = doc.where(path + (key,), key=True)
    family = _FAMILY_OF_DEF.get(_def_name(error))
    if family:
        return Diagnostic(
            "E204",
            f"unknown {family} '{key}'",
            doc.file,
            line,
            col,
            did_you_mean(key, allowed) or f"known: {', '.join(sorted(allowed))}",
            dotted(path + (key,)),
        )
    return Diagnostic(
        "E203",
        f"unknown field '{key}' in {where}",
        doc.file,
        line,
        col,
        did_you_mean(key, allowed) or (f"allowed here: {', '.join(sorted(allowed))}" if allowed else ""),
        dotted(path + (key,)),
    )


def _slips(data: Any, path: DataPath = ()) -> list[tuple[DataPath, str, str]]:
    """Mappings where a key without a value is followed by a sibling: (path, the empty key, the
    next key). Written with too little indentation, `gain:` then `coins: 5` reads this way."""
    found: list[tuple[DataPath, str, str]] = []
    if isinstance(data, dict):
        keys = list(data)
        for i, key in enumerate(keys[:-1]):
            if data[key] is None:
                found.append((path, key, keys[i + 1]))
        for key, value in data.items():
            found += _slips(value, path + (key,))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found += _slips(value, path + (i,))
    return found


def _fold_slips(data: Any, doc: Document, prefix: DataPath, out: list[tuple[DataPath, Diagnostic]]) -> list[Diagnostic]:
    """One indentation slip, one finding: the errors inside a mapping with a slip become one E201
    that says which line to indent (instead of an error per key, with a hint about list items)."""
    slips = _slips(data) if out else []
    for path, empty, following in slips:
        # A slip shows as: the empty key refused, and the key after it refused where it stands.
        at_empty = any(p == path + (empty,) for p, _d in out)
        misplaced = any(p == path and (f"'{following}'" in d.message or "exactly one key" in d.message) for p, d in out)
        if not (at_empty and misplaced):
            continue
        line, col = doc.where(prefix + path + (following,), key=True)
        empty_line, empty_col = doc.where(prefix + path + (empty,), key=True)
        slip = Diagnostic(
            "E201",
            f"'{empty}' has no value, and '{following}' after it is not indented under it",
            doc.file,
            line,
            col,
            f"indent '{following}' (and the lines that belong with it) under '{empty}:' on line {empty_line}: "
            f"{empty_col + 1} spaces instead of {col - 1}",
            dotted(prefix + path + (following,)),
        )
        # the slip replaces what was refused at the mapping and at its keys
        out = [(p, d) for p, d in out if not (p[: len(path)] == path and len(p) <= len(path) + 1)] + [(path, slip)]
    return [d for _p, d in out]


def schema_errors(data: Any, doc: Document, which: str, prefix: DataPath = ()) -> list[Diagnostic]:
    out = []
    for error in _validator(which).iter_errors(_json_view(data)):
        for leaf in _leaf_errors(error):
            out.append((_data_path(data, tuple(leaf.absolute_path)), _translate(leaf, doc, prefix, data)))
    return _fold_slips(data, doc, prefix, out)


def _json_view(data: Any) -> Any:
    """The data as JSON holds it, every mapping key a text: YAML allows `10: 3`, and JSON Schema
    reads keys as text (its patternProperties would fail on a number)."""
    if isinstance(data, dict):
        return {key if isinstance(key, str) else str(key): _json_view(value) for key, value in data.items()}
    if isinstance(data, list):
        return [_json_view(item) for item in data]
    return data


def _data_path(data: Any, path: DataPath) -> DataPath:
    """A path into the JSON view as a path into the data: a key given as text back to the key it was."""
    out: list[Any] = []
    node = data
    for part in path:
        if isinstance(node, dict) and part not in node:
            part = next((key for key in node if str(key) == part), part)
        out.append(part)
        if isinstance(node, dict):
            node = node.get(part)
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
        else:
            node = None
    return tuple(out)


def _pydantic_path(loc: tuple, data: Any) -> DataPath:
    """Keep the parts of a pydantic error location that exist in the data."""
    path: list[Any] = []
    node = data
    for part in loc:
        if isinstance(node, dict) and part in node:
            path.append(part)
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and part < len(node):
            path.append(part)
            node = node[part]
    return tuple(path)


def parse_model(
    model: type[BaseModel], data: Any, doc: Document, prefix: DataPath = ()
) -> tuple[Any, list[Diagnostic]]:
    try:
        return model.model_validate(data), []
    except PydanticError as exc:
        out = []
        for err in exc.errors():
            path = prefix + _pydantic_path(err["loc"], data)
            line, col = doc.where(path)
            message = err["msg"].removeprefix("Value error, ")
            out.append(
                Diagnostic("E201", f"{dotted(path) or 'the file'}: {message}", doc.file, line, col, "", dotted(path))
            )
        return None, out


def validate(
    model: type[BaseModel], data: Any, doc: Document, which: str, prefix: DataPath = ()
) -> tuple[Any, list[Diagnostic]]:
    """JSON Schema, then pydantic, as one step.

    The models, validated strictly, accept exactly what the schema accepts (tests/contracts/test_validate.py
    holds them to it), so the slower schema walk runs only to explain a rejection at its line.
    """
    try:
        return model.model_validate(data, strict=True), []
    except PydanticError:
        pass
    errors = schema_errors(data, doc, which, prefix)
    if errors:
        return None, errors
    return parse_model(model, data, doc, prefix)
