"""Composing a card file with libyaml (PyYAML's C parser) into ruamel's nodes, about 20 times faster
than the pure-Python composer, with the same line and column on every node.

Only the syntax is libyaml's: every plain scalar is resolved again by ruamel's YAML 1.2 resolver
(libyaml's loader would read `on`, `yes` and `017` the YAML 1.1 way), explicit tags are kept as
written, aliases stay shared nodes (the loader bounds their expansion as before). Whatever is not
the plain case goes to the pure path, which is the reference and reports every error: a parse
error, several documents, more nodes than the loader allows, an empty value (`key:` with
nothing after it, which libyaml places at the colon and ruamel at the next token), a text with line breaks or marks
the two parsers might count differently (CR, NEL, LS, PS, BOM, tabs, control characters), or no
libyaml at all. tests/test_fastyaml.py proves that both paths give every card file, fixture and
fuzzed mutation the same data, positions, key positions and findings.
"""

from __future__ import annotations

import re
from typing import Any

from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from ruamel.yaml.resolver import VersionedResolver

try:  # an optional speed-up: without libyaml everything takes the pure path
    import yaml as _pyyaml

    _CLoader: Any = _pyyaml.CSafeLoader
except (ImportError, AttributeError):  # pragma: no cover - PyYAML is pinned with its wheels' libyaml
    _pyyaml = None
    _CLoader = None

_PLAIN = "tag:ostraka.invalid,2026:plain"  # set by our resolver on plain scalars, resolved again by ruamel's
_STR = "tag:yaml.org,2002:str"
_SEQ = "tag:yaml.org,2002:seq"
_MAP = "tag:yaml.org,2002:map"
# Characters on which the two parsers might disagree about lines and columns, or that only the pure
# path reports precisely (a text holding any of them takes the pure path).
_UNUSUAL = re.compile("[\r\x85\u2028\u2029\ufeff\t\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")


_DIRECTIVE = re.compile(r"^%", re.MULTILINE)  # %YAML and %TAG: the pure path's


class _Mark:
    __slots__ = ("line", "column")

    def __init__(self, mark: Any) -> None:
        self.line, self.column = mark.line, mark.column


if _CLoader is not None:
    class _Loader(_CLoader):  # type: ignore[misc, valid-type]
        """libyaml's composer, with plain scalars marked for ruamel's resolver."""

        def resolve(self, kind: Any, value: Any, implicit: Any) -> str:
            if kind is _pyyaml.ScalarNode:
                return _PLAIN if implicit[0] else _STR
            return _SEQ if kind is _pyyaml.SequenceNode else _MAP


_RESOLVER = VersionedResolver(version=(1, 2))


class _TooMany(Exception):
    """Not the plain case after all (too many nodes, an empty value): the pure path decides."""


def _convert(node: Any, memo: dict[int, Node], budget: list[int]) -> Node:
    known = memo.get(id(node))
    if known is not None:  # an alias: the same node, as ruamel's composer gives it
        return known
    budget[0] -= 1
    if budget[0] < 0:
        raise _TooMany
    start, end = _Mark(node.start_mark), _Mark(node.end_mark)
    if isinstance(node, _pyyaml.ScalarNode):
        if node.value == "" and node.tag == _PLAIN:  # an empty value: the parsers place it differently
            raise _TooMany
        tag = _RESOLVER.resolve(ScalarNode, node.value, (True, False)) if node.tag == _PLAIN else node.tag
        out: Node = ScalarNode(tag, node.value, start, end, style=node.style or None)
        memo[id(node)] = out
        return out
    if isinstance(node, _pyyaml.SequenceNode):
        seq = SequenceNode(node.tag, [], start, end, flow_style=node.flow_style)
        memo[id(node)] = seq
        seq.value = [_convert(child, memo, budget) for child in node.value]
        return seq
    mapping = MappingNode(node.tag, [], start, end, flow_style=node.flow_style)
    memo[id(node)] = mapping
    mapping.value = [(_convert(k, memo, budget), _convert(v, memo, budget)) for k, v in node.value]
    return mapping


def compose(text: str, max_nodes: int) -> Node | None:
    """The ruamel node of a one-document text, or None: then the pure path decides."""
    if _CLoader is None or _UNUSUAL.search(text) or "!" in text or _DIRECTIVE.search(text):
        return None
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        return _convert(node, {}, [max_nodes])
    except Exception:  # noqa: BLE001 - any refusal is the pure path's to explain
        return None
    finally:
        loader.dispose()
