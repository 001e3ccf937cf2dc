"""Zones as the verbs take them: (zone, shared), a shared zone being the table's, not a player's;
and literal `where` filters as ((field, allowed values), ...)."""

from __future__ import annotations

from typing import Any

from ..lang.types import as_list


def shared(rules: Any, zone: str) -> bool:
    return bool(rules.zones[zone].shared)


def pair(rules: Any, zone: str) -> tuple[str, bool]:
    return (zone, shared(rules, zone))


def pairs(rules: Any, zones: Any) -> tuple[tuple[str, bool], ...]:
    """One zone or several as ((zone, shared), ...)."""
    return tuple(pair(rules, z) for z in as_list(zones))


def where_pairs(where: dict[str, Any]) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    """Field filters with literal values, as ((field, allowed values), ...)."""
    return tuple((k, tuple(v) if isinstance(v, list) else (v,)) for k, v in where.items())
