"""Silent zeros are located errors (issue 15, item 6): what an effect reads must fit what it is.

Each card below reads something that would give 0 or false at run time without a word; the check
reports it at its line (one run of `ostraka check` over the mini game holds them all), and the
same card written right passes.
"""

from __future__ import annotations

import pytest

from repo_paths import TESTS

BAD = {
    # a `where` on a cost field with a word that is no noun of the game
    "cost_noun": ("{count: {kind: card, where: {cost: wod}}}", "E301", "'cost' is a cost: 'wod' is none of its nouns"),
    # numbers compared with a word field, words looked for in a number field
    "at_least_text": (
        "{count: {kind: card, where: {colour: {at_least: 2}}}}",
        "E308",
        "'colour' is a choice field: at_least compares whole numbers",
    ),
    "contains_int": (
        "{count: {kind: token, where: {value: {contains: big}}}}",
        "E308",
        "'value' is a int field: contains looks for a word in a text",
    ),
    # card ids looked for in a number field; a field the kinds of an `among` selector lack
    "among_int": (
        "{count: {kind: token, where: {value: {among: {kind: card}}}}}",
        "E308",
        "'value' is a int field: among compares card ids",
    ),
    "among_no_field": (
        "{count: {kind: card, where: {after: {among: {kind: token, where: {colour: red}}}}}}",
        "E309",
        "kind 'token' declares no field 'colour'",
    ),
    # units of a field that is no cost; a detail that is no number
    "units_not_cost": ("{units: {field: colour}}", "E308", "units reads a cost, but 'colour' is a choice field"),
    "field_not_number": (
        "{field: colour}",
        "E308",
        "{field: ...} reads a whole number, but 'colour' is a choice field",
    ),
    "detail_not_number": ("{detail: colour}", "E308", "detail 'colour' is a choice field, not a whole number"),
}
GOOD = {
    "cost_noun_ok": "{count: {kind: card, where: {cost: wood}}}",
    "at_least_ok": "{count: {kind: token, where: {value: {at_least: 2}}}}",
    "contains_ok": "{count: {kind: card, where: {name: {contains: good}}}}",
    "units_ok": "{units: {field: cost}}",
    "among_ok": "{count: {kind: card, where: {after: {among: {kind: card, where: {colour: red}}}}}}",
}


def _card(card_id: str, amount: str, trigger: str = "built") -> str:
    return (
        f"id: {card_id}\nname: {card_id.replace('_', ' ').title()}\nkind: card\ntext: Gain coins.\n"
        f"effects:\n  - on: {trigger}\n    do: [{{gain: {{coins: {amount}}}}}]\n"
        f"examples:\n  - {{name: x, when: {{build: {card_id}}}, expect: {{}}}}\n"
    )


@pytest.fixture(scope="module")
def findings(tmp_path_factory):
    import os

    from click.testing import CliRunner

    from compiler.cli.main import cli

    root = tmp_path_factory.mktemp("typecheck")
    game = root / "cards" / "mini"
    import shutil

    shutil.copytree(TESTS / "fixtures" / "mini", game)
    for card_id, (amount, _code, _message) in BAD.items():
        (game / f"{card_id}.yaml").write_text(_card(card_id, amount))
    for card_id, amount in GOOD.items():
        (game / f"{card_id}.yaml").write_text(_card(card_id, amount))
    # an event detail: not carried by end_of_game, until game.yaml declares it
    (game / "reads_detail.yaml").write_text(_card("reads_detail", "{detail: bonus}", "end_of_game"))
    old = os.getcwd()
    os.chdir(root)
    try:
        import json

        def run():
            return json.loads(
                CliRunner().invoke(cli, ["check", "--no-cache", "--format", "json", "cards/mini"]).output
            )["diagnostics"]

        before = run()
        text = (
            (game / "game.yaml")
            .read_text()
            .replace("end_of_game: {each_player: true}", "end_of_game: {each_player: true, details: [bonus]}")
        )
        (game / "game.yaml").write_text(text)
        after = run()
    finally:
        os.chdir(old)
    return before, after


@pytest.mark.parametrize("card_id", list(BAD))
def test_a_silent_zero_is_a_located_error(findings, card_id):
    before, _after = findings
    _amount, code, message = BAD[card_id]
    mine = [
        (d["code"], d["line"], d["message"])
        for d in before
        if d["file"] == f"cards/mini/{card_id}.yaml" and d["code"] != "E401"
    ]
    assert (code, 7, message) in mine, mine


def test_the_same_reads_written_right_pass(findings):
    before, _after = findings
    assert not [
        d for d in before if d["file"].split("/")[-1].removesuffix(".yaml") in GOOD and d["code"].startswith("E3")
    ]


def test_a_trigger_carries_the_details_game_yaml_declares(findings):
    before, after = findings
    at = [(d["code"], d["line"], d["message"]) for d in before if d["file"] == "cards/mini/reads_detail.yaml"]
    assert ("E310", 7, "trigger 'end_of_game' carries no detail 'bonus'") in at
    assert not [d for d in after if d["file"] == "cards/mini/reads_detail.yaml" and d["code"] == "E310"]
