"""YAML to plain data, keeping the file, line and column of every node.

ruamel.yaml composes the node graph; we construct the values ourselves so that only plain,
safe types come out (no tag may construct an object), duplicate keys are reported, and alias
expansion, nesting, text length and numbers are bounded.
"""

from __future__ import annotations

import errno
import math
import os
import stat
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.composer import Composer, MaxDepthExceededError
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from ruamel.yaml.reader import ReaderError

from ..core.diagnostics import Diagnostic
from . import fastyaml, refusals
from .positions import line_starts
from .refusals import MAX_DEPTH, MAX_DOCUMENTS, MAX_FILE_BYTES, MAX_INT, MAX_NODES

DataPath = tuple[Any, ...]


_SAFE_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq",
}


@dataclass
class Document:
    """A loaded file: its data and where every value and key sits in the text."""

    file: str
    data: Any
    text: str
    positions: dict[DataPath, tuple[int, int]] = field(default_factory=dict)
    key_positions: dict[DataPath, tuple[int, int]] = field(default_factory=dict)

    def where(self, path: DataPath, key: bool = False) -> tuple[int, int]:
        """The closest known position of a data path (1-based line and column)."""
        path = tuple(path)
        if key and path in self.key_positions:
            return self.key_positions[path]
        while path:
            if path in self.positions:
                return self.positions[path]
            path = path[:-1]
        return self.positions.get((), (1, 1))

    def line_text(self, line: int) -> str | None:
        starts = line_starts(self.text)
        if not 0 < line <= len(starts) or (starts[line - 1] == len(self.text) and (line > 1 or not self.text)):
            return None
        end = starts[line] if line < len(starts) else len(self.text)
        return self.text[starts[line - 1] : end].rstrip("\r\n\x85\u2028\u2029")


class _Limit(Exception):
    def __init__(self, message: str, node: Node | _At | None) -> None:
        super().__init__(message)
        self.node = node


def _pos(node: Node | _At) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


class _At:
    """A stand-in node for a limit met while composing: only its position."""

    def __init__(self, mark: Any) -> None:
        self.start_mark = mark


class _BoundedComposer(Composer):
    """ruamel's composer, stopping as soon as a file holds too many nodes (before building them)."""

    def compose_node(self, parent: Any, index: Any) -> Any:
        self.warn_double_anchors = False  # a reused anchor is legal YAML; no warning on stderr
        self.ostraka_nodes = getattr(self, "ostraka_nodes", 0) + 1
        if self.ostraka_nodes > MAX_NODES:
            raise _Limit(f"more than {MAX_NODES} values", _At(self.parser.peek_event().start_mark))
        return super().compose_node(parent, index)


class _Builder:
    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.diagnostics: list[Diagnostic] = []
        self.count = 0

    def diag(self, code: str, node: Node, message: str, hint: str = "", path: DataPath = ()) -> None:
        line, col = _pos(node)
        self.diagnostics.append(Diagnostic(code, message, self.doc.file, line, col, hint, path=_dotted(path)))

    def build(self, node: Node, path: DataPath, depth: int) -> Any:
        self.count += 1
        if self.count > MAX_NODES:
            raise _Limit(f"more than {MAX_NODES} values after alias expansion", node)
        if depth > MAX_DEPTH:
            raise _Limit(f"nesting deeper than {MAX_DEPTH} levels", node)
        self.doc.positions.setdefault(path, _pos(node))
        if node.tag not in _SAFE_TAGS:
            self.diag(
                "E103",
                node,
                f"tag '{node.tag}' is not allowed in card data",
                "card data holds only plain strings, numbers, booleans, lists and mappings",
                path,
            )
            return None
        if isinstance(node, MappingNode):
            return self._mapping(node, path, depth)
        if isinstance(node, SequenceNode):
            return [self.build(child, path + (i,), depth + 1) for i, child in enumerate(node.value)]
        assert isinstance(node, ScalarNode)  # the composer makes mappings, sequences and scalars only
        return self._scalar(node, path)

    def _mapping(self, node: MappingNode, path: DataPath, depth: int) -> dict:
        result: dict = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                self.diag("E103", key_node, "merge keys ('<<') are not allowed in card data", "", path)
                continue
            if not isinstance(key_node, ScalarNode):
                self.diag("E201", key_node, "a mapping key must be a plain scalar", "", path)
                continue
            key = self.build(key_node, path + ("<key>",), depth + 1)
            if isinstance(key, (list, dict)) or key is None:
                key = str(key)
            if key in result:
                first = self.doc.key_positions.get(path + (key,))
                hint = f"the first '{key}' is at line {first[0]}" if first else ""
                self.diag("E102", key_node, f"duplicate key '{key}'", hint, path + (key,))
                continue
            self.doc.key_positions[path + (key,)] = _pos(key_node)
            result[key] = self.build(value_node, path + (key,), depth + 1)
        return result

    def _scalar(self, node: ScalarNode, path: DataPath) -> Any:
        if len(node.value) > 100_000:
            raise _Limit("a text longer than 100,000 characters", node)
        tag = str(node.tag)  # one of _SAFE_TAGS (build)
        if tag == "tag:yaml.org,2002:str":
            return node.value
        try:
            value = _plain_scalar(tag, node.value)
        except (ValueError, OverflowError):
            self.diag("E201", node, f"cannot read '{node.value[:40]}' as {tag.rsplit(':', 1)[-1]}", "", path)
            return None
        if isinstance(value, bool) or value is None:
            return value
        if isinstance(value, int) and abs(value) > MAX_INT:
            self.diag(
                "E104",
                node,
                f"number {node.value[:40]} is out of range",
                f"numbers in card data stay within ±{MAX_INT:,}",
                path,
            )
            return 0
        if isinstance(value, float) and not math.isfinite(value):
            self.diag("E201", node, f"'{node.value}' is not a finite number", "", path)
            return None
        if isinstance(value, float) and abs(value) > MAX_INT:  # 1e18 is a number as large as 10**18
            self.diag(
                "E104",
                node,
                f"number {node.value[:40]} is out of range",
                f"numbers in card data stay within ±{MAX_INT:,}",
                path,
            )
            return 0
        return value


_BOOLS = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}  # YAML 1.2 core
_NULLS = {"", "~", "null", "Null", "NULL"}


def _plain_scalar(tag: str, text: str) -> Any:
    """The YAML 1.2 core-schema value of a resolved plain scalar."""
    kind = tag.rsplit(":", 1)[-1]
    if kind == "null":
        if text not in _NULLS:  # an explicit `!!null` on another word: not silently None
            raise ValueError(text)
        return None
    if kind == "bool":
        if text not in _BOOLS:  # an explicit `!!bool nope`: not silently False
            raise ValueError(text)
        return _BOOLS[text]
    if kind == "int":
        if len(text) > 40:
            raise ValueError(text)
        clean = text.replace("_", "")
        sign = -1 if clean.startswith("-") else 1
        digits = clean.lstrip("+-")
        for prefix, base in (("0x", 16), ("0o", 8), ("0b", 2)):
            if digits.lower().startswith(prefix):
                return sign * int(digits[2:], base)
        return sign * int(digits, 10)
    if kind == "float":
        if len(text) > 60:
            raise ValueError(text)
        lowered = text.lower().replace("_", "")
        if lowered in (".nan", "+.nan", "-.nan"):
            return math.nan
        if lowered.lstrip("+-") == ".inf":
            return -math.inf if lowered.startswith("-") else math.inf
        return float(lowered)
    return text


def _dotted(path: DataPath) -> str:
    out = ""
    for part in path:
        if part == "<key>":
            continue
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


dotted = _dotted


def load_text(text: str, file: str) -> tuple[Document, list[Diagnostic]]:
    doc = Document(file=file, data=None, text=text)
    refused = refusals.refused(text, file)
    if refused is not None:
        return doc, [refused]
    fast = fastyaml.load(text, _plain_scalar, MAX_NODES, MAX_DEPTH, MAX_INT)  # libyaml, when nothing is to report
    if fast is not None:
        doc.data, doc.positions, doc.key_positions = fast
        return doc, []
    nodes, problem = _compose(text, file)
    if problem is not None:
        return doc, [problem]
    if len(nodes) > 1:
        line, col = _pos(nodes[1])
        return doc, [
            Diagnostic(
                "E101",
                "a card file holds one YAML document",
                file,
                line,
                col,
                "remove the '---' separator or split the file",
            )
        ]
    if not nodes:
        doc.data = None
        return doc, []
    builder = _Builder(doc)
    try:
        doc.data = builder.build(nodes[0], (), 0)
    except _Limit as exc:
        line, col = _pos(exc.node) if exc.node is not None else (1, 1)
        hint = "aliases ('*name') may not expand into huge structures" if "alias" in str(exc) else ""
        return doc, [Diagnostic("E104", f"file refused: {exc}", file, line, col, hint)]
    except RecursionError:
        return doc, [Diagnostic("E104", f"nesting deeper than {MAX_DEPTH} levels", file, 1, 1)]
    return doc, builder.diagnostics


def _compose(text: str, file: str) -> tuple[list[Node], Diagnostic | None]:
    """The pure path's nodes (at most MAX_DOCUMENTS: a second document is enough to refuse), or why not."""
    yaml = YAML(typ="safe", pure=True)
    yaml.Composer = _BoundedComposer
    yaml.max_depth = MAX_DEPTH + 1
    nodes: list[Node] = []
    try:
        for node in yaml.compose_all(text):  # lazily
            if node is not None:
                nodes.append(node)
            if len(nodes) >= MAX_DOCUMENTS:
                break
    except _Limit as exc:
        line, col = _pos(exc.node) if exc.node is not None else (1, 1)
        return [], Diagnostic("E104", f"file refused: {exc}", file, line, col, "split the cards into several files")
    except (
        MaxDepthExceededError,
        MarkedYAMLError,
        RecursionError,
        ReaderError,
        YAMLError,
        ValueError,
        AssertionError,
    ) as exc:
        return [], refusals.syntax_problem(exc, text, file)
    return nodes, None


def _read_regular(path: Path, limit: int) -> bytes:
    """At most `limit` bytes of a regular file, never following a symbolic link (so a name under cards/
    cannot make us read outside the project) and never blocking on a FIFO or reading a device."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file")
        return handle.read(limit)


def load_file(
    path: Path, display: str, read: Callable[[Path], bytes] | None = None
) -> tuple[Document, list[Diagnostic]]:
    """A file loaded, as read by `read` (load/sources.py; default: from the disk, at most the size limit + 1)."""
    try:
        raw = read(path) if read is not None else _read_regular(path, MAX_FILE_BYTES + 1)
    except OSError as exc:
        reason = (
            "it is a symbolic link; card files are read only from inside the project"
            if exc.errno == errno.ELOOP
            else exc.strerror
        )
        return Document(display, None, ""), [Diagnostic("E105", f"cannot read file: {reason}", display, 1, 1)]
    if len(raw) > MAX_FILE_BYTES:
        return Document(display, None, ""), [
            Diagnostic(
                "E104",
                f"file is larger than {MAX_FILE_BYTES:,} bytes",
                display,
                1,
                1,
                "split the cards into several files",
            )
        ]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return Document(display, None, ""), [
            Diagnostic("E105", f"file is not UTF-8 text ({exc.reason} at byte {exc.start})", display, 1, 1)
        ]
    return load_text(text, display)
