"""Events that carry their details to other players' cards, also through `announce` (issue 15,
item 2), on both execution paths: a card built by one player announces a trigger with `pass_on`,
and a card of another player hears it (`by: opponents`) and reads the details: the colour of the
card just built and the size of its cost."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from compiler.cli.main import cli

from repo_paths import TESTS

CRIER = """\
id: crier
name: Crier
kind: card
colour: red
cost: {wood: 1, stone: 1}
text: When built, start the herald, telling what just happened.
effects:
  - on: built
    do: [{announce: {trigger: herald, pass_on: true}}]
examples:
  - name: built with its wood and stone
    given: {p1: {wood: 1, stone: 1}}
    when: {build: crier, by: p1}
    expect: {p1: {wood: 0, stone: 0}}
"""

LISTENER = """\
id: listener
name: Listener
kind: card
colour: blue
text: Whenever an opponent starts the herald for a red card, you gain 1 coin for each unit of its cost.
effects:
  - on: herald
    by: opponents
    if: {event: {colour: red}}
    do:
      - with:
          player: owner
          do: [{gain: {coins: {units: {field: cost, of: event}}}}]
examples:
  - name: an opponent builds the Crier
    given: {players: 2, p1: {wood: 1, stone: 1}, p2: {coins: 0, city: [listener]}}
    when: {build: crier, by: p1}
    expect: {p2: {coins: 2}}
  - name: its owner's own Crier is not heard
    given: {players: 2, p1: {wood: 1, stone: 1, coins: 0, city: [listener]}}
    when: {build: crier, by: p1}
    expect: {p1: {coins: 0}}
"""


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("reach")
    target = root / "cards" / "mini"
    shutil.copytree(TESTS / "fixtures" / "mini", target)
    text = (target / "game.yaml").read_text().replace("triggers:\n", "triggers:\n  herald: {details: [card, colour]}\n")
    (target / "game.yaml").write_text(text)
    (target / "crier.yaml").write_text(CRIER)
    (target / "listener.yaml").write_text(LISTENER)
    return root


@pytest.mark.parametrize("engine", ["interpreter", "handlers"])
def test_details_reach_other_players_through_announce(game, engine):
    old = os.getcwd()
    os.chdir(game)
    try:
        result = CliRunner().invoke(cli, ["check", "--no-cache", "--engine", engine, "--format", "json", "cards/mini"])
    finally:
        os.chdir(old)
    report = json.loads(result.output)
    assert [d for d in report["diagnostics"] if d["severity"] == "error"] == []
    assert report["summary"]["examples_passed"] == 4 and report["summary"]["examples_failed"] == 0


def test_the_details_an_effect_reads_are_checked_against_the_trigger(game, tmp_path):
    """Without `details` declared for the trigger, reading the colour is E310 at its line."""
    copy = tmp_path / "cards" / "mini"
    shutil.copytree(game / "cards" / "mini", copy)
    text = (copy / "game.yaml").read_text().replace("herald: {details: [card, colour]}", "herald: {}")
    (copy / "game.yaml").write_text(text)
    old = os.getcwd()
    os.chdir(tmp_path)
    try:
        result = CliRunner().invoke(cli, ["check", "--no-cache", "--format", "json", "cards/mini"])
    finally:
        os.chdir(old)
    found = [
        (d["code"], d["line"], d["message"])
        for d in json.loads(result.output)["diagnostics"]
        if d["file"].endswith("listener.yaml")
    ]
    assert ("E310", 9, "trigger 'herald' carries no detail 'colour'") in found
