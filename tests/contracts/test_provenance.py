"""Every value of the card data either comes from a source or is marked `reconstructed`.

A published game's sourced values are listed in tests/provenance/<game>.yaml with where a source
gives them: the numbers of every card (fields of type int, ints and cost) and of game.yaml (params,
track lengths and yields). A value listed there must equal the data; a value not listed must be
marked, on its card (`reconstructed: [field, ...]`) or in game.yaml (`reconstructed: {path: why}`),
and a value cannot be both. A game without a manifest has no sourced values, so all of them must be
marked; a game marked `original: true` in its game.yaml (the designer's own, as `ostraka new GAME`
writes it) is its own source and needs neither. `problems()` is the check; `reconstructed_values()`
lists what no source gives.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

from compiler.pipeline.project import load

from repo_paths import REPO, TESTS

MANIFESTS = TESTS / "provenance"
GAMES = ["seven_wonders", "olympus", "attika", "peloponnes"]
NUMERIC = {"int", "ints", "cost"}


def _games(root: Path) -> dict[str, Any]:
    return {g.id: g for g in load([], root).games}


def _game_values(data: dict) -> dict[str, Any]:
    """The numbers of game.yaml that need a source: params, track lengths and yields."""
    out = {f"params.{k}": v for k, v in (data.get("params") or {}).items()}
    for name, track in (data.get("tracks") or {}).items():
        for key in ("spaces", "yields"):
            if key in track:
                out[f"tracks.{name}.{key}"] = track[key]
    return out


def values(compiled, game_dir: Path) -> dict[tuple[str, str], tuple[Any, bool]]:
    """(card id or '<game>', field or path) -> (value, marked reconstructed)."""
    out: dict[tuple[str, str], tuple[Any, bool]] = {}
    for card in compiled.cards.values():
        kind = compiled.game.kinds[card.kind]
        for name, value in card.fields.items():
            spec = kind.fields.get(name)
            if spec is not None and spec.type in NUMERIC:
                out[(card.id, name)] = (value, name in card.reconstructed)
    data = YAML(typ="safe", pure=True).load((game_dir / "game.yaml").read_text(encoding="utf-8"))
    for path, value in _game_values(data).items():
        out[("<game>", path)] = (value, path in compiled.game.reconstructed)
    return out


def _manifest(game_id: str) -> dict[tuple[str, str], Any]:
    """The values a source gives, by (card id or '<game>', field or path); none without a manifest."""
    path = MANIFESTS / f"{game_id}.yaml"
    if not path.is_file():
        return {}
    data = YAML(typ="safe", pure=True).load(path.read_text(encoding="utf-8"))
    out = {}
    for card_id, fields in (data.get("cards") or {}).items():
        for name, value in fields.items():
            out[(card_id, name)] = value
    for path, value in (data.get("game") or {}).items():
        out[("<game>", path)] = value
    return out


def problems(root: Path) -> list[str]:
    """Every value neither sourced nor marked, sourced but different, or both sourced and marked."""
    found = []
    for game_id, compiled in sorted(_games(root).items()):
        if compiled.game.original:
            continue
        sourced = _manifest(game_id)
        for (owner, name), (value, marked) in sorted(values(compiled, root / "cards" / game_id).items()):
            where = f"{game_id}: {owner}.{name} = {value!r}"
            if (owner, name) in sourced:
                if marked:
                    found.append(f"{where} is marked reconstructed, but tests/provenance/{game_id}.yaml gives a source")
                elif sourced[(owner, name)] != value:
                    found.append(
                        f"{where}, but the source gives {sourced[(owner, name)]!r}: mark it reconstructed or fix it"
                    )
            elif not marked:
                found.append(f"{where}: no source gives it and it is not marked reconstructed")
    return found


def reconstructed_values(root: Path) -> list[str]:
    """Every value no source gives (all marked, when the data is clean)."""
    out = []
    for game_id, compiled in sorted(_games(root).items()):
        for (owner, name), (value, marked) in sorted(values(compiled, root / "cards" / game_id).items()):
            if marked:
                out.append(f"{game_id}: {owner}.{name} = {value!r}")
    return out


def test_every_value_is_sourced_or_marked():
    assert not problems(REPO), "\n".join(problems(REPO))


def test_the_reconstructed_values_are_listed():
    listed = reconstructed_values(REPO)
    games = {line.split(":")[0] for line in listed}
    # 7 Wonders is wholly sourced; the other three have values no source gives.
    assert {"olympus", "attika", "peloponnes"} <= games and "seven_wonders" not in games, listed
    assert "olympus: temple_of_hestia.points = 5" in listed or any(
        line.startswith("olympus: temple_of_hestia.points") for line in listed
    )
    assert any(line.startswith("olympus: <game>.params.tribute") for line in listed)


def test_every_manifest_entry_names_a_value_of_the_data():
    for game_id, compiled in _games(REPO).items():
        present = values(compiled, REPO / "cards" / game_id)
        stray = [k for k in _manifest(game_id) if k not in present]
        assert not stray, f"{game_id}: tests/provenance/{game_id}.yaml lists values the data does not hold: {stray}"


@pytest.mark.parametrize(
    "game_id,rel,old,new,message",
    [
        (
            "olympus",
            "buildings/barracks.yaml",
            "reconstructed: [cost, culture, points]",
            "reconstructed: [cost, points]",
            "olympus: barracks.culture = 1: no source gives it and it is not marked reconstructed",
        ),
        (
            "olympus",
            "game.yaml",
            "  params.tribute:",
            "  # params.tribute:",
            "olympus: <game>.params.tribute = 2: no source gives it and it is not marked reconstructed",
        ),
        (
            "seven_wonders",
            "age1/tavern.yaml",
            "- 7\ntext:",
            "- 6\ntext:",
            "seven_wonders: tavern.copies = [4, 5, 6], but the source gives [4, 5, 7]: mark it reconstructed or fix it",
        ),
    ],
)
def test_an_unmarked_or_changed_value_fails(tmp_path, game_id, rel, old, new, message):
    shutil.copytree(REPO / "cards" / game_id, tmp_path / "cards" / game_id)
    path = tmp_path / "cards" / game_id / rel
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    assert message in problems(tmp_path)


def test_a_new_game_needs_no_manifest(ostraka, tmp_path):
    """`ostraka new GAME` writes an original game: its values are its own, and no file under tests/ is
    needed; the same game not marked original must mark every number it does not source."""
    assert ostraka("new", "harbour", cwd=tmp_path).exit_code == 0
    assert not (MANIFESTS / "harbour.yaml").exists()
    assert problems(tmp_path) == []
    game_yaml = tmp_path / "cards" / "harbour" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8").replace("original: true", "original: false"))
    assert "harbour: hut.cost = {'wood': 2}: no source gives it and it is not marked reconstructed" in problems(
        tmp_path
    )


def test_the_marks_of_game_yaml_show_on_the_sheet():
    from compiler.render.sheet import render_sheet

    games = _games(REPO)
    html = render_sheet(games["olympus"])
    # named under the dagger, their reasons left to explain and the export (research notes stay off paper)
    ours = html.split('class="ours"')[1].split("</p>")[0]
    assert "tribute" in ours and "params.tribute" not in html
    assert "the rule when you declare war on an opponent" in ours
    assert "how many resources a victorious attacker takes" not in html
    assert "a tie is lost by an attacker without the Ares tie-breaker" not in html
    assert 'class="ours"' not in render_sheet(games["seven_wonders"])  # nothing of 7 Wonders is ours
