"""How the cache stores what the pipeline computed: plain JSON values, positions, diagnostics.

A mapping whose keys are not all text is stored as a list of pairs; positions as their paths and
one flat list of numbers (fast to decode); a document's position tables stay JSON text until a
diagnostic needs them (`CachedDocument`).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from ..core.diagnostics import Diagnostic, ExampleFailure, Related, Severity
from ..load.loader import Document


def digest(*parts: Any) -> str:
    return hashlib.sha256(json.dumps(parts, separators=(",", ":"), sort_keys=True, default=str).encode()).hexdigest()


_PAIRS = "\u0000pairs"  # a mapping whose keys are not all text is stored as a list of pairs


def _enc(value: Any) -> Any:
    if isinstance(value, dict):
        if all(isinstance(k, str) for k in value) and _PAIRS not in value:
            return {k: _enc(v) for k, v in value.items()}
        return {_PAIRS: [[k, _enc(v)] for k, v in value.items()]}
    if isinstance(value, list):
        return [_enc(v) for v in value]
    return value


def _dec(value: Any) -> Any:
    if isinstance(value, dict):
        if _PAIRS in value:
            return {_key(k): _dec(v) for k, v in value[_PAIRS]}
        return {k: _dec(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_dec(v) for v in value]
    return value


def _key(k: Any) -> Any:
    if isinstance(k, (list, dict)):
        raise ValueError("a mapping key cannot be a collection")
    return k


def _enc_positions(positions: dict[tuple, tuple[int, int]]) -> list:
    """Paths, then their lines and columns as one flat list (fast to decode)."""
    return [[list(path) for path in positions], [n for pair in positions.values() for n in pair]]


def _dec_positions(encoded: list) -> dict[tuple, tuple[int, int]]:
    paths, numbers = encoded
    if len(numbers) != 2 * len(paths) or not all(type(n) is int for n in numbers):
        raise ValueError("positions do not match their paths")
    return dict(zip(map(tuple, paths), zip(numbers[::2], numbers[1::2])))


class CachedDocument(Document):
    """A Document rebuilt from the cache: positions are decoded only when first needed.

    The entities' own positions (where each starts and its id) are decoded at once, because every
    run reads them; the rest waits for a diagnostic that needs it. A position table that does not
    decode is rebuilt by loading the text again, so a bad entry still gives the right answer.
    """

    def __init__(
        self, file: str, data: Any, text: str, encoded: tuple[str, str], head: dict[tuple, tuple[int, int]]
    ) -> None:
        self.file, self.data, self.text = file, data, text
        self._encoded: tuple[str, str] | None = encoded
        self._head = head
        self._tables: tuple[dict, dict] | None = None

    def _decode(self) -> tuple[dict, dict]:
        if self._tables is None:
            try:
                assert self._encoded is not None
                self._tables = (
                    _dec_positions(json.loads(self._encoded[0])),
                    _dec_positions(json.loads(self._encoded[1])),
                )
            except Exception:  # noqa: BLE001 - fall back to the source itself
                from ..load.loader import load_text

                again, _problems = load_text(self.text, self.file)
                self._tables = (again.positions, again.key_positions)
            self._encoded = None
        return self._tables

    @property
    def positions(self) -> dict[tuple, tuple[int, int]]:  # type: ignore[override]
        return self._decode()[0]

    @property
    def key_positions(self) -> dict[tuple, tuple[int, int]]:  # type: ignore[override]
        return self._decode()[1]

    def where(self, path: tuple, key: bool = False) -> tuple[int, int]:
        found = None if key else self._head.get(tuple(path))
        return found if found is not None else super().where(path, key)


def diag_to_json(d: Diagnostic) -> dict[str, Any]:
    return {
        "code": d.code,
        "message": d.message,
        "file": d.file,
        "line": d.line,
        "column": d.column,
        "hint": d.hint,
        "path": d.path,
        "related": [[r.file, r.line, r.column, r.message] for r in d.related],
        "severity": d.severity.value if d.severity else None,
        "failure": d.failure.as_tuple() if d.failure else None,
    }


def diag_from_json(o: dict[str, Any]) -> Diagnostic:
    return Diagnostic(
        str(o["code"]),
        str(o["message"]),
        str(o["file"]),
        int(o["line"]),
        int(o["column"]),
        str(o["hint"]),
        str(o["path"]),
        tuple(Related(str(f), int(ln), int(c), str(m)) for f, ln, c, m in o["related"]),
        Severity(o["severity"]) if o["severity"] else None,
        ExampleFailure.from_tuple(o.get("failure")),
    )


def _at(data: Any, prefix: tuple) -> Any:
    for part in prefix:
        data = data[part]
    return data
