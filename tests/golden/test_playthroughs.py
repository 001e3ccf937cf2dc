"""Golden playthroughs (tests/playthroughs/): replayed, compared line by line, one per game with a
flow at its fewest and most players. Regenerate with `make playthroughs` and review the diff."""

from __future__ import annotations

import difflib

import pytest

from compiler.pipeline.project import load
from compiler.tools.playthrough import FOLDER, expected, header, render

from repo_paths import REPO

FILES = sorted((REPO / FOLDER).glob("*.txt"))


@pytest.fixture(scope="module")
def games():
    return {g.id: g for g in load([], REPO).games}


def _diff(want: str, got: str, name: str) -> str:
    lines = list(
        difflib.unified_diff(
            want.splitlines(), got.splitlines(), f"{name} (committed)", f"{name} (played now)", lineterm="", n=2
        )
    )
    shown = "\n".join(lines[:80]) + ("\n..." if len(lines) > 80 else "")
    return f"{name} differs from a replay (if the change is meant, run `make playthroughs` and review):\n{shown}"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_playthrough_replays(path, games):
    text = path.read_text(encoding="utf-8")
    fields = header(text)
    game = games[fields["game"]]
    got = render(game, int(fields["players"]), int(fields["seed"]))
    assert got == text, _diff(text, got, path.name)


def test_every_game_with_a_flow_has_its_playthroughs(games):
    """Required of the published games; a designer's own game (`original: true`, as `ostraka new`
    writes it) is held to its playthroughs once `make playthroughs` has written them."""
    wanted = expected([g for g in games.values() if not g.game.original])
    assert wanted, "no game has a flow"
    missing = sorted(name for name in wanted if not (REPO / FOLDER / name).is_file())
    assert not missing, f"games with a flow but no playthrough: {missing} (run `make playthroughs`)"


def test_the_handlers_play_the_same_playthrough(games):
    from compiler.tools.playthrough import file_name

    game = games["seven_wonders"]
    n = game.game.players.min
    text = (REPO / FOLDER / file_name(game, n)).read_text(encoding="utf-8")
    got = render(game, n, int(header(text)["seed"]), engine="handlers")
    assert got == text, _diff(text, got, file_name(game, n) + " [handlers]")


def test_a_changed_game_shows_as_a_readable_diff(games):
    import copy

    game = games["seven_wonders"]
    text = (REPO / FOLDER / "seven_wonders_3p.txt").read_text(encoding="utf-8")
    changed = copy.copy(game)
    changed.game = game.game.model_copy(update={"params": {**game.game.params, "discard_coins": 2}})
    got = render(changed, 3, 1)
    message = _diff(text, got, "seven_wonders_3p.txt")
    assert got != text and "\n-" in message and "\n+" in message and "coins=" in message
