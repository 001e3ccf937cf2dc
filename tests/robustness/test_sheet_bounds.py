"""The `sheet:` section bounds every size and count (model/sheet_spec.py), and `check` reports a size
out of bounds at its position: a card of 0 mm (pnp divided by it), of a micrometre (millions of
cards on a page) or of a negative width never reaches pnp."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    "sheet, where",
    [
        ("sheet:\n  card_size: [0, 0]\n", "sheet.card_size[0]"),
        ("sheet:\n  card_size: [0.000001, 0.000001]\n", "sheet.card_size[0]"),
        ("sheet:\n  card_size: [63, -88]\n", "sheet.card_size[1]"),
        ("sheet:\n  kinds:\n    card: {card_size: [1000000, 88]}\n", "sheet.kinds.card.card_size[0]"),
        ("sheet:\n  labels: {colour: " + "x" * 500 + "}\n", "sheet.labels.colour"),
    ],
    ids=["zero", "micrometre", "negative", "huge", "long-label"],
)
def test_a_size_out_of_bounds_is_located_and_pnp_refuses(ostraka, mini_game, sheet, where):
    project = mini_game.parent.parent
    game = mini_game / "game.yaml"
    game.write_text(game.read_text() + sheet)
    result = ostraka("check", "--format", "json", cwd=project)
    assert result.exit_code == 1, result.output
    found = [d for d in result.json()["diagnostics"] if d["file"] == "cards/mini/game.yaml"]
    assert found and found[0]["code"] == "E205" and found[0]["line"] > 20, found
    assert where in found[0]["message"]
    result = ostraka("pnp", "mini", cwd=project)
    assert result.exit_code == 1 and "E901" not in result.output, result.output
    assert not (project / "build").exists()


def test_a_real_card_size_prints(ostraka, mini_game):
    project = mini_game.parent.parent
    game = mini_game / "game.yaml"
    game.write_text(game.read_text() + "sheet:\n  card_size: [70, 120]\n")
    result = ostraka("pnp", "mini", cwd=project)
    assert result.exit_code == 0, result.output
