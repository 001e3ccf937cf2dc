"""Loading a card file with libyaml (PyYAML's C parser) straight into plain data and positions,
with the same line and column for every value and key as the pure path (composing with ruamel and
building from its nodes), which it exists to skip: parsing is most of a cold check.

Only the syntax is libyaml's: every plain scalar is resolved by ruamel's YAML 1.2 resolver (libyaml's
loader would read `on`, `yes` and `017` the YAML 1.1 way; a scalar whose first character none of its
patterns starts with is a string without asking it) and constructed by the loader's own
`_plain_scalar`, both memoised by the scalar's text (each is a pure function of it). This path takes
only the plain case, where the loader would report nothing: whatever else, a finding or a limit met
included, returns None and the pure path (loader.py, the reference) loads the text and reports it.
Not the plain case: a parse error, several documents, a tag or directive, an empty value (`key:` with
nothing after it, which libyaml places at the colon and ruamel at the next token), a text with line
breaks or marks the two parsers might count differently (CR, NEL, LS, PS, BOM, tabs, control
characters), a duplicate or non-scalar key, a null key, a merge key, a timestamp, a number out of
range, too many values or too deep a nesting, or no libyaml at all. tests/unit/load/test_fastyaml.py proves
that both paths give every card file, fixture and fuzzed mutation the same data, positions, key
positions and findings.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

from ruamel.yaml.nodes import ScalarNode as _RuamelScalar
from ruamel.yaml.resolver import VersionedResolver

try:  # an optional speed-up: without libyaml everything takes the pure path
    import yaml as _pyyaml

    _CLoader: Any = _pyyaml.CSafeLoader
except (ImportError, AttributeError):  # pragma: no cover - PyYAML is pinned with its wheels' libyaml
    _CLoader = None  # and _pyyaml is read only when _CLoader is not None

_PLAIN = "tag:ostraka.invalid,2026:plain"  # set by our resolver on plain scalars, resolved again by ruamel's
_STR = "tag:yaml.org,2002:str"
_SEQ = "tag:yaml.org,2002:seq"
_MAP = "tag:yaml.org,2002:map"
_CONSTRUCTED = {"tag:yaml.org,2002:int", "tag:yaml.org,2002:float", "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null"}
# Characters on which the two parsers might disagree about lines and columns, or that only the pure
# path reports precisely (a text holding any of them takes the pure path).
_UNUSUAL = re.compile("[\r\x85\u2028\u2029\ufeff\t\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
_DIRECTIVE = re.compile(r"^%", re.MULTILINE)  # %YAML and %TAG: the pure path's
_MAX_TEXT = 100_000  # the loader's limit on one text
_MEMO_SIZE = 200_000  # distinct plain scalars remembered (a synthetic game of 10,000 cards has ~30,000)

if _CLoader is not None:

    class _Loader(_CLoader):
        """libyaml's composer, with plain scalars marked for ruamel's resolver."""

        # asked at every node for path resolvers, which no loader of ours has
        def descend_resolver(self, current_node: Any, current_index: Any) -> None:
            return None

        def ascend_resolver(self) -> None:
            return None

        def resolve(self, kind: Any, value: Any, implicit: Any) -> str:
            if kind is _pyyaml.ScalarNode:
                return _PLAIN if implicit[0] else _STR
            return _SEQ if kind is _pyyaml.SequenceNode else _MAP

    _SCALAR, _SEQUENCE = _pyyaml.ScalarNode, _pyyaml.SequenceNode

_RESOLVER = VersionedResolver(version=(1, 2))
# The first characters for which ruamel's resolver tries a pattern (it picks them by a text's first
# character): a plain scalar starting with any other is a string without asking it.
_TABLE = _RESOLVER.versioned_resolver
_RESOLVED_FIRST = None if None in _TABLE else frozenset(k for k in _TABLE if k)


class _Bail(Exception):
    """Not the plain case: the pure path decides."""


_BAIL: Any = _Bail  # a memoised plain scalar the pure path must read (it has a finding)
_MISSING = object()
_memo: dict[str, Any] = {}


def _plain(text: str, construct: Callable[[str, str], Any], max_int: int) -> Any:
    """What the loader's builder makes of a plain scalar without a finding, or _BAIL."""
    if text == "" or len(text) > _MAX_TEXT:  # an empty value is placed differently by the parsers
        return _BAIL
    if _RESOLVED_FIRST is not None and text[0] not in _RESOLVED_FIRST:
        return text
    tag = str(_RESOLVER.resolve(_RuamelScalar, text, (True, False)))
    if tag == _STR:
        return text
    if tag not in _CONSTRUCTED:  # merge keys, timestamps, '=': findings of the pure path
        return _BAIL
    try:
        value = construct(tag, text)
    except (ValueError, OverflowError):
        return _BAIL
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, float) and not math.isfinite(value):
        return _BAIL
    return _BAIL if abs(value) > max_int else value


class _Builder:
    """loader._Builder's walk, over libyaml's nodes, for texts it would report nothing in."""

    def __init__(self, construct: Callable[[str, str], Any], max_nodes: int, max_depth: int, max_int: int) -> None:
        self.construct, self.max_nodes, self.max_depth, self.max_int = construct, max_nodes, max_depth, max_int
        self.count = 0
        self.positions: dict[tuple, tuple[int, int]] = {}
        self.key_positions: dict[tuple, tuple[int, int]] = {}

    def build(self, node: Any, path: tuple, depth: int) -> Any:
        self.count += 1
        if self.count > self.max_nodes or depth > self.max_depth:
            raise _Bail
        mark = node.start_mark
        self.positions.setdefault(path, (mark.line + 1, mark.column + 1))
        kind = type(node)
        if kind is _SCALAR:
            return self._scalar(node)
        if kind is _SEQUENCE:
            return [self._child(child, path + (i,), depth + 1) for i, child in enumerate(node.value)]
        result: dict = {}
        key_positions = self.key_positions
        for key_node, value_node in node.value:
            if type(key_node) is not _SCALAR:
                raise _Bail
            key = self._child(key_node, path + ("<key>",), depth + 1)
            if key is None or key in result:
                raise _Bail
            mark = key_node.start_mark
            key_positions[path + (key,)] = (mark.line + 1, mark.column + 1)
            result[key] = self._child(value_node, path + (key,), depth + 1)
        return result

    def _child(self, node: Any, path: tuple, depth: int) -> Any:
        """build(), a scalar (most nodes: every key) without the call: the same count, position and value."""
        if type(node) is not _SCALAR:
            return self.build(node, path, depth)
        self.count += 1
        if self.count > self.max_nodes or depth > self.max_depth:
            raise _Bail
        mark = node.start_mark
        self.positions.setdefault(path, (mark.line + 1, mark.column + 1))
        return self._scalar(node)

    def _scalar(self, node: Any) -> Any:
        text = node.value
        if node.tag != _PLAIN:
            if len(text) > _MAX_TEXT:
                raise _Bail
            return text
        value = _memo.get(text, _MISSING)
        if value is _MISSING:
            value = self._remember(text)
        if value is _BAIL:
            raise _Bail
        return value

    def _remember(self, text: str) -> Any:
        if len(_memo) >= _MEMO_SIZE:
            _memo.clear()
        value = _memo[text] = _plain(text, self.construct, self.max_int)
        return value


def load(
    text: str, construct: Callable[[str, str], Any], max_nodes: int, max_depth: int, max_int: int
) -> tuple[Any, dict[tuple, tuple[int, int]], dict[tuple, tuple[int, int]]] | None:
    """(data, positions, key positions) of a one-document text the loader would report nothing in,
    or None: then the pure path decides. `construct` is the loader's scalar constructor."""
    if _CLoader is None or _UNUSUAL.search(text) or "!" in text or _DIRECTIVE.search(text):
        return None
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
    except Exception:  # noqa: BLE001 - any refusal is the pure path's to explain
        return None
    finally:
        loader.dispose()
    if node is None:
        return None
    builder = _Builder(construct, max_nodes, max_depth, max_int)
    try:
        data = builder.build(node, (), 0)
    except (_Bail, RecursionError):
        return None
    return data, builder.positions, builder.key_positions
