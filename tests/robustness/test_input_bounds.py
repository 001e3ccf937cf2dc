"""Sizes the data sets are bounded before anything is allocated, and what cannot be dealt is a check error.

Players: at most MAX_PLAYERS (core/limits.py) in game.yaml, so an example or a deck cannot ask
for a state of two million players. Deck draws: a count that is negative (or cannot be worked out)
for some player count is refused by `check`, located at the count; `deck` says so too, never E901.
"""

from __future__ import annotations

from pathlib import Path

from compiler.core.limits import MAX_PLAYERS


def _game(mini_game: Path, old: str, new: str) -> Path:
    path = mini_game / "game.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def _located(output: str, file: str, line: int, code: str) -> list[str]:
    return [row for row in output.splitlines() if row.startswith(f"{file}:{line}:") and f" {code}: " in row]


def test_a_billion_players_is_refused_at_validation(mini_game, ostraka):
    _game(mini_game, "players: {min: 2, max: 4}", "players: {min: 2, max: 1000000000}")
    result = ostraka("check", "--no-cache", cwd=mini_game.parent.parent)
    assert result.exit_code == 1
    rows = _located(result.output, "cards/mini/game.yaml", 4, "E205")
    assert rows and f"maximum of {MAX_PLAYERS}" in rows[0], result.output


def test_the_largest_table_still_checks(mini_game, ostraka):
    _game(mini_game, "players: {min: 2, max: 4}", f"players: {{min: 2, max: {MAX_PLAYERS}}}")
    (mini_game / "big.yaml").write_text(
        f"""id: big
name: Big
kind: card
text: Gain two coins when built.
effects:
  - on: built
    do: [{{gain: {{coins: 2}}}}]
examples:
  - name: at the largest table
    given: {{players: {MAX_PLAYERS}}}
    when: {{build: big, by: p{MAX_PLAYERS}}}
    expect: {{p{MAX_PLAYERS}: {{coins: 5}}}}
""",
        encoding="utf-8",
    )
    result = ostraka("check", "--no-cache", cwd=mini_game.parent.parent)
    assert result.exit_code == 0, result.output


def test_an_example_of_two_million_players_is_a_located_e402(mini_game, ostraka):
    path = mini_game / "crowd.yaml"
    path.write_text(
        """id: crowd
name: Crowd
kind: card
text: Gain two coins when built.
effects:
  - on: built
    do: [{gain: {coins: 2}}]
examples:
  - name: a crowd
    given: {players: 2000000}
    when: {build: crowd, by: p1}
    expect: {p1: {coins: 5}}
""",
        encoding="utf-8",
    )
    result = ostraka("check", "--no-cache", cwd=mini_game.parent.parent)
    assert result.exit_code == 1 and "E901" not in result.output
    assert _located(result.output, "cards/mini/crowd.yaml", 9, "E402"), result.output


DECK = """deck:
  key: age
  kinds: [card]
  copies: copies
  draws:
    - where: {colour: red}
      count: COUNT
"""


def _with_deck(mini_game: Path, count: str) -> None:
    _game(
        mini_game,
        "      after: {type: refs, of: card}",
        "      after: {type: refs, of: card}\n      age: {type: int}\n      copies: {type: ints}",
    )
    path = mini_game / "game.yaml"
    path.write_text(path.read_text(encoding="utf-8") + DECK.replace("COUNT", count), encoding="utf-8")
    good = mini_game / "good.yaml"
    good.write_text(
        good.read_text(encoding="utf-8").replace(
            "cost: {wood: 1}", "cost: {wood: 1}\nage: 1\ncolour: red\ncopies: [2]"
        ),
        encoding="utf-8",
    )


def test_a_deck_draw_that_can_be_negative_is_refused_by_check(mini_game, ostraka):
    _with_deck(mini_game, "{add: [{value: players}, -20]}")
    project = mini_game.parent.parent
    result = ostraka("check", "--no-cache", cwd=project)
    assert result.exit_code == 1 and "E901" not in result.output
    lines = (mini_game / "game.yaml").read_text(encoding="utf-8").splitlines()
    line = next(i for i, text in enumerate(lines, 1) if "count: {add" in text)
    rows = _located(result.output, "cards/mini/game.yaml", line, "E205")
    assert rows and "cannot be negative" in rows[0], result.output
    dealt = ostraka("deck", "mini", "--players", "3", "--age", "1", cwd=project)
    assert dealt.exit_code == 2 and "E901" not in dealt.output and "Traceback" not in dealt.output
    assert "cannot be negative" in dealt.output


def test_a_deck_draw_that_stays_positive_deals(mini_game, ostraka):
    _with_deck(mini_game, "{add: [{value: players}, -2]}")
    project = mini_game.parent.parent
    assert ostraka("check", "--no-cache", cwd=project).exit_code == 0
    dealt = ostraka("deck", "mini", "--players", "3", "--age", "1", cwd=project)
    assert dealt.exit_code == 0 and dealt.output.split() == ["good"]
