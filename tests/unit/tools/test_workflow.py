"""The designer's workflow: ostraka new, ostraka watch, colour, JSON format, pre-commit and CI files."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator
from ruamel.yaml import YAML

from compiler.cli import colour
from compiler.cli.main import check_run, cli
from compiler.core.diagnostics import CODES
from compiler.render.schema import card_schema
from compiler.tools.watch import Watcher

from repo_paths import REPO, TESTS

FIXTURES = TESTS / "fixtures"
OSTRAKA = Path(sys.executable).parent / "ostraka"

GAME = """\
id: small
name: Small
players: {min: 2, max: 4}
relations: {left: 1, right: -1, neighbours: [left, right]}
resources: {wood: {}, stone: {}}
counters: {coins: {start: 3}, points: {}}
zones: {city: {}, stages: {}, discard: {shared: true}}
params: {bonus: 1}
kinds:
  card:
    zone: city
    fields:
      age: {type: int, required: true, description: "1, 2 or 3"}
      colour: {type: choice, values: [red, blue], required: true}
      flag: {type: bool, required: true}
      motto: {type: text, required: true}
      cost: {type: cost}
      after: {type: refs, of: card}
      copies: {type: ints}
      symbol: {type: noun, required: true}
  stage:
    zone: stages
    fields:
      board: {type: ref, of: card, required: true}
  token:
    fields:
      value: {type: int}
triggers:
  built: {}
  end_of_game: {each_player: true}
"""

CARD = """\
id: mill
name: Mill
kind: card
age: 1
colour: red
flag: false
motto: Wood for all.
symbol: wood
text: Produces one wood.
effects:
  - produce: {wood: 1}
examples:
  - name: in play
    given: {p1: {city: []}}
    when: {build: mill, by: p1}
    expect: {p1: {city: [mill]}}
"""


@pytest.fixture
def project(tmp_path, monkeypatch) -> Path:
    game = tmp_path / "cards" / "small"
    (game / "cards").mkdir(parents=True)
    (game / "game.yaml").write_text(GAME)
    (game / "cards" / "mill.yaml").write_text(CARD)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("OSTRAKA_NO_CACHE", "1")
    return tmp_path


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args))


# ----------------------------------------------------------------------------- ostraka new


@pytest.mark.parametrize("kind", ["card", "stage", "token"])
def test_new_writes_a_schema_valid_card_that_resolves(project, kind):
    result = invoke("new", "small", kind, f"new_{kind}")
    assert result.exit_code == 0, result.output
    written = re.search(r"wrote (\S+)", result.output).group(1)
    path = project / written
    data = YAML(typ="safe", pure=True).load(path.read_text())
    errors = list(
        Draft202012Validator(json.loads((REPO / "schema" / "card.schema.json").read_text())).iter_errors(data)
    )
    assert not errors, [e.message for e in errors]
    assert not list(Draft202012Validator(card_schema()).iter_errors(data))
    assert data["id"] == f"new_{kind}" and data["kind"] == kind
    game = YAML(typ="safe", pure=True).load(GAME)
    required = {n for n, spec in game["kinds"][kind]["fields"].items() if spec.get("required")}
    assert required <= set(data), "every required field is written"
    assert data["examples"] and {"name", "when", "expect"} <= set(data["examples"][0])
    # The whole game still checks: no structure or name error in the new file.
    report = json.loads(invoke("check", "--format", "json").output)
    own = [d for d in report["diagnostics"] if d["file"] == written and d["code"][1] in "123"]
    assert not own, own


def test_new_puts_the_file_beside_cards_of_its_kind(project):
    assert invoke("new", "small", "card", "forge").exit_code == 0
    assert (project / "cards" / "small" / "cards" / "forge.yaml").is_file()
    assert invoke("new", "small", "token", "chit").exit_code == 0
    assert (project / "cards" / "small" / "token" / "chit.yaml").is_file()


@pytest.mark.parametrize(
    "args, code, hint",
    [
        (("small", "crad", "x"), "E304", "did you mean 'card'?"),
        (("smal", "card", "x"), "E306", "did you mean 'small'?"),
        (("small", "card", "mill"), "E303", "unique"),
        (("small", "card", "Bad-Id"), "E205", "lower_snake_case"),
    ],
)
def test_new_refuses_with_a_hint_and_writes_nothing(project, args, code, hint):
    before = sorted(p for p in project.rglob("*.yaml"))
    result = invoke("new", *args)
    assert result.exit_code == 2
    assert f"error {code}" in result.output and hint in result.output
    assert sorted(p for p in project.rglob("*.yaml")) == before


def test_new_for_every_kind_of_every_real_game(tmp_path, monkeypatch):
    """The scaffold is schema-valid for each kind each real game declares."""
    import shutil

    shutil.copytree(REPO / "cards", tmp_path / "cards")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("OSTRAKA_NO_CACHE", "1")
    validator = Draft202012Validator(card_schema())
    yaml = YAML(typ="safe", pure=True)
    count = 0
    for game_yaml in sorted((tmp_path / "cards").glob("*/game.yaml")):
        game = yaml.load(game_yaml.read_text())
        for kind in game.get("kinds", {}):
            result = invoke("new", game_yaml.parent.name, kind, f"scaffold_{kind}"[:60])
            assert result.exit_code == 0, result.output
            path = tmp_path / re.search(r"wrote (\S+)", result.output).group(1)
            assert not list(validator.iter_errors(yaml.load(path.read_text()))), path
            count += 1
    assert count >= 3


# ----------------------------------------------------------------------------- ostraka watch


def test_watcher_prints_only_new_and_fixed_findings(project):
    card = project / "cards" / "small" / "cards" / "mill.yaml"
    watcher = Watcher((), lambda paths: check_run(paths, cache=False))
    lines, code = watcher.check()
    assert code == 0 and len(lines) == 1 and "0 errors" in lines[0]

    card.write_text(CARD.replace("produce: {wood: 1}", "produce: {wod: 1}"))
    lines, code = watcher.check()
    assert code == 1
    assert [ln.split(":")[0] for ln in lines[:-1]] == ["new"], lines
    assert "E301" in lines[0] and "wod" in lines[0] and "1 error" in lines[-1]

    # The same error moved down a line: not reported again.
    card.write_text("# a comment\n" + CARD.replace("produce: {wood: 1}", "produce: {wod: 1}"))
    lines, _ = watcher.check()
    assert lines[0] == "no change in findings"

    card.write_text(CARD.replace("name: Mill", "name: Mill\nbogus_field: 1"))
    lines, code = watcher.check()
    kinds = sorted(ln.split(":")[0] for ln in lines[:-1])
    assert kinds == ["fixed", "new"], lines
    assert any(ln.startswith("fixed:") and "wod" in ln for ln in lines)
    assert any(ln.startswith("new:") and "bogus_field" in ln for ln in lines)

    card.write_text(CARD)
    lines, code = watcher.check()
    assert code == 0 and lines[0].startswith("fixed:") and not any(ln.startswith("new:") for ln in lines)


def test_watch_command_rechecks_on_save(project):
    """`ostraka watch` as a designer runs it: first the findings, then what a save changed."""
    card = project / "cards" / "small" / "cards" / "mill.yaml"
    card.write_text(CARD.replace("produce: {wood: 1}", "produce: {wod: 1}"))
    env = {**os.environ, "NO_COLOR": "1"}
    proc = subprocess.Popen(
        [str(OSTRAKA), "watch", "--exit-after", "1"],
        cwd=project,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    lines: list[str] = []
    ready = threading.Event()

    def read() -> None:
        for line in proc.stdout:
            lines.append(line.rstrip("\n"))
            if line.startswith("watching"):
                ready.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        assert ready.wait(120), lines
        card.write_text(CARD)  # the fix
        proc.wait(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    reader.join(10)
    text = "\n".join(lines)
    assert proc.returncode == 0, text
    before, after = text.split("watching", 1)
    assert "error E301" in before and "wod" in before
    assert "changed: cards/small/cards/mill.yaml" in after
    assert "fixed: cards/small/cards/mill.yaml" in after and "new:" not in after
    assert "\033[" not in text


# ----------------------------------------------------------------------------- colour


def test_colour_only_on_a_terminal_without_no_color():
    class Tty:
        def isatty(self):
            return True

    class Pipe:
        def isatty(self):
            return False

    assert colour.wanted(Tty(), {})
    assert not colour.wanted(Tty(), {"NO_COLOR": "1"})
    assert not colour.wanted(Tty(), {"TERM": "dumb"})
    assert not colour.wanted(Pipe(), {})
    assert colour.wanted(Pipe(), {"FORCE_COLOR": "1"})
    assert not colour.wanted(Pipe(), {"FORCE_COLOR": "1", "NO_COLOR": "1"})
    assert not colour.wanted(None, {})


def test_paint_changes_colours_not_words():
    text = "cards/a.yaml:3:5: error E301: unknown noun 'x'\n    gain: {x: 1}\n          ^\n    hint: did you mean 'y'?"
    painted = colour.paint(text)
    assert painted != text and "\033[1;31merror E301" in painted
    assert colour.strip(painted) == text


def test_text_output_is_coloured_only_when_forced(project):
    (project / "cards" / "small" / "cards" / "mill.yaml").write_text(CARD.replace("wood: 1", "wod: 1"))
    plain = CliRunner().invoke(cli, ["check"], env={"NO_COLOR": "", "FORCE_COLOR": ""})
    assert "error E301" in plain.output and "\033[" not in plain.output  # not a TTY
    forced = CliRunner().invoke(cli, ["check"], env={"FORCE_COLOR": "1"})
    assert "\033[" in forced.output and colour.strip(forced.output) == plain.output
    no_color = CliRunner().invoke(cli, ["check"], env={"FORCE_COLOR": "1", "NO_COLOR": "1"})
    assert no_color.output == plain.output
    as_json = CliRunner().invoke(cli, ["check", "--format", "json"], env={"FORCE_COLOR": "1"})
    assert "\033[" not in as_json.output


# ----------------------------------------------------------------------------- JSON format


def _documented_schema() -> dict:
    text = (REPO / "docs" / "json-format.md").read_text()
    block = re.search(r"```json schema\n(.*?)```", text, re.S)
    assert block, "docs/json-format.md holds its JSON Schema in a ```json schema block"
    return json.loads(block.group(1))


def test_json_output_matches_the_documented_schema(project):
    validator = Draft202012Validator(_documented_schema())
    Draft202012Validator.check_schema(validator.schema)
    card = project / "cards" / "small" / "cards" / "mill.yaml"
    outputs = [invoke("check", "--format", "json").output]
    # errors of every stage, a warning-free failing example, a duplicate id with a related note
    card.write_text(CARD.replace("wood: 1", "wod: 1").replace("city: [mill]}", "city: [mill], coins: 9}"))
    (project / "cards" / "small" / "cards" / "twin.yaml").write_text(CARD)
    (project / "cards" / "small" / "cards" / "broken.yaml").write_text("id: [\n")
    outputs.append(invoke("check", "--format", "json").output)
    outputs.append(invoke("check", "--format", "json", "cards/nowhere").output)
    seen_codes = set()
    for output in outputs:
        document = json.loads(output)
        errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(document)]
        assert not errors, errors
        seen_codes |= {d["code"] for d in document["diagnostics"]}
    assert {"E101", "E301", "E303", "E306"} <= seen_codes


def test_every_code_is_documented():
    text = (REPO / "docs" / "json-format.md").read_text()
    missing = [code for code, c in CODES.items() if f"| `{code}` | `{c.name}` |" not in text]
    assert not missing, f"add these codes to the table in docs/json-format.md: {missing}"


def test_json_output_is_deterministic(project):
    (project / "cards" / "small" / "cards" / "mill.yaml").write_text(CARD.replace("wood: 1", "wod: 1"))
    first, second = invoke("check", "--format", "json").output, invoke("check", "--format", "json").output
    assert first == second


# ----------------------------------------------------------------------------- pre-commit and CI


def test_pre_commit_hook_runs_ostraka_check_on_card_files(project):
    hooks = YAML(typ="safe", pure=True).load((REPO / ".pre-commit-hooks.yaml").read_text())
    hook = next(h for h in hooks if h["id"] == "ostraka-check")
    assert hook["language"] == "python" and hook["entry"].split()[:2] == ["ostraka", "check"]
    files = re.compile(hook["files"])
    assert files.search("cards/small/cards/mill.yaml") and files.search("cards/small/game.yaml")
    assert not files.search("compiler/cli.py") and not files.search("docs/github-workflow.yml")
    # Run the entry as pre-commit would: from the root, with the changed files as arguments.
    entry = [str(OSTRAKA), *hook["entry"].split()[1:]]
    ok = subprocess.run([*entry, "cards/small/cards/mill.yaml"], cwd=project, capture_output=True, text=True)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    (project / "cards" / "small" / "cards" / "mill.yaml").write_text(CARD.replace("wood: 1", "wod: 1"))
    bad = subprocess.run(
        [*entry, "cards/small/cards/mill.yaml", "cards/small/game.yaml"], cwd=project, capture_output=True, text=True
    )
    assert bad.returncode == 1 and "E301" in bad.stdout


def test_github_workflow_example_runs_the_github_format(project):
    workflow = YAML(typ="safe", pure=True).load((REPO / "docs" / "github-workflow.yml").read_text())
    runs = [step.get("run", "") for job in workflow["jobs"].values() for step in job["steps"]]
    assert "ostraka check --format github --strict" in runs
    (project / "cards" / "small" / "cards" / "mill.yaml").write_text(CARD.replace("wood: 1", "wod: 1"))
    result = subprocess.run(
        [str(OSTRAKA), "check", "--format", "github", "--strict"], cwd=project, capture_output=True, text=True
    )
    assert result.returncode == 1
    commands = [ln for ln in result.stdout.splitlines() if ln]
    assert commands and all(
        re.match(r"^::(error|warning) file=[^,:]+,line=\d+,col=\d+,title=[EW]\d{3}::.+", ln) for ln in commands
    ), commands
    assert "1 error" in result.stderr  # the summary goes to the log, not into annotations


def test_a_reader_that_goes_away_ends_the_command_quietly():
    """`ostraka play ... | head`: the closed pipe is no E706 and no traceback, and exits 0 (core/writes.py's rule).
    (An Olympus game prints far more than a pipe holds, so the write that fails is certain.)"""
    proc = subprocess.Popen(
        [sys.executable, "-m", "compiler", "play", "olympus", "--players", "5", "--seed", "1"],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.readline().startswith(b"Olympus")
    proc.stdout.close()
    code = proc.wait(timeout=120)
    errors = proc.stderr.read().decode()
    assert code == 0, errors
    assert "E706" not in errors and "Traceback" not in errors and "Exception ignored" not in errors, errors
