"""`ostraka diff`: two git revisions or two directories, in text, json and markdown."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from repo_paths import REPO, TESTS

FIXTURES = TESTS / "fixtures"

OTHER = """id: other
name: Other Card
kind: card
text: Gain one coin when built.
effects:
  - on: built
    do: [{gain: {coins: 1}}]
examples:
  - name: one coin
    when: {build: other, by: p1}
    expect: {p1: {coins: 4}}
  - name: built after good
    given: {p1: {city: [good]}}
    when: {build: other, by: p1}
    expect: {p1: {coins: 4, city: [good, other]}}
"""

NEWCOMER = (
    OTHER.replace("id: other", "id: newcomer")
    .replace("Other Card", "Newcomer")
    .replace("build: other", "build: newcomer")
    .replace("[good, other]", "[good, newcomer]")
)


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True).stdout


@pytest.fixture
def repo(tmp_path) -> Path:
    """A card-only repository: cards/mini with two cards, then a commit that changes, adds and removes."""
    game = tmp_path / "cards" / "mini"
    shutil.copytree(FIXTURES / "mini", game)
    (game / "other.yaml").write_text(OTHER)
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "-c", "user.name=t", "-c", "user.email=t@t", "add", ".")
    _git(tmp_path, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "one")
    good = (game / "good.yaml").read_text()
    # Two coins become three: the text, the English and the example's outcome all change.
    (game / "good.yaml").write_text(
        good.replace("gain: {coins: 2}", "gain: {coins: 3}")
        .replace("Gain two", "Gain three")
        .replace("cost: {wood: 1}", "cost: {wood: 1}\ncolour: red")
    )
    (game / "other.yaml").unlink()
    (game / "newcomer.yaml").write_text(NEWCOMER)
    _git(tmp_path, "-c", "user.name=t", "-c", "user.email=t@t", "add", "-A")
    _git(tmp_path, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "two")
    return tmp_path


def _check(result, repo_changed: bool = True) -> dict:
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_diff_of_two_revisions_as_json(ostraka, repo):
    data = _check(ostraka("diff", "HEAD~1", "HEAD", "--format", "json", cwd=repo))
    (game,) = data["games"]
    assert [c["id"] for c in game["added"]] == ["newcomer"]
    assert [c["id"] for c in game["removed"]] == ["other"]
    (changed,) = game["changed"]
    assert changed["id"] == "good" and changed["file"] == "cards/mini/good.yaml"
    assert changed["fields"] == [{"field": "colour", "before": None, "after": "red"}]
    assert changed["effects"] == [
        {
            "index": 1,
            "before": {"on": "built", "do": [{"gain": {"coins": 2}}]},
            "after": {"on": "built", "do": [{"gain": {"coins": 3}}]},
        }
    ]
    assert changed["text"] == {"before": "Gain two coins when built.", "after": "Gain three coins when built."}
    assert "2 coins" in changed["english"]["before"] and "3 coins" in changed["english"]["after"]
    (outcome,) = game["outcomes"]
    assert outcome["card"] == "good" and outcome["example"] == "gains two coins"
    assert outcome["before"]["passed"] and not outcome["after"]["passed"]
    assert "expected 5" in outcome["after"]["message"]


def test_diff_of_two_directories_and_the_working_tree(ostraka, repo, tmp_path_factory):
    old = tmp_path_factory.mktemp("old")
    _git(repo, "worktree", "add", "-q", str(old / "w"), "HEAD~1")
    text = ostraka("diff", str(old / "w"), ".", cwd=repo)
    assert text.exit_code == 0, text.output
    lines = text.output.splitlines()
    assert lines[0] == f"{old / 'w'} -> .: 1 card added, 1 removed, 1 changed; 1 example with a different outcome"
    assert "  + newcomer (card) cards/mini/newcomer.yaml:1" in lines
    assert "  - other (card) was in cards/mini/other.yaml" in lines
    assert '      colour: null -> "red"' in lines
    assert "      text before: Gain two coins when built." in lines
    assert any(
        ln.startswith("  example 'gains two coins' of good: passes -> fails: p1.coins is 6, expected 5") for ln in lines
    )
    # An uncommitted edit in the working tree shows against HEAD.
    (repo / "cards" / "mini" / "newcomer.yaml").write_text(NEWCOMER.replace("name: Newcomer", "name: Latecomer"))
    data = _check(ostraka("diff", "HEAD", ".", "--format", "json", cwd=repo))
    assert data["games"][0]["changed"][0]["fields"] == [{"field": "name", "before": "Newcomer", "after": "Latecomer"}]


def test_diff_markdown_for_a_pull_request(ostraka, repo):
    result = ostraka("diff", "HEAD~1", "HEAD", "--format", "markdown", cwd=repo)
    assert result.exit_code == 0
    md = result.output
    assert md.startswith("### ostraka diff\n")
    assert "| added | `newcomer` Newcomer | card | cards/mini/newcomer.yaml:1 |" in md
    assert "| removed | `other` Other Card | card | cards/mini/other.yaml |" in md
    assert '| colour | `null` | `"red"` |' in md
    assert "| text | Gain two coins when built. | Gain three coins when built. |" in md
    assert "| gains two coins | `good` | passes | fails: p1.coins is 6, expected 5" in md


def test_diff_of_the_same_revision_says_so(ostraka, repo):
    result = ostraka("diff", "HEAD", "HEAD", cwd=repo)
    assert result.exit_code == 0 and result.output.strip() == "no changes between HEAD and HEAD"


def test_diff_refuses_what_is_neither_a_directory_nor_a_revision(ostraka, repo):
    result = ostraka("diff", "no-such-branch", "HEAD", cwd=repo)
    assert result.exit_code == 2 and "'no-such-branch' is neither a directory nor a git revision" in result.output
    assert "Traceback" not in result.output


def test_a_revision_before_any_cards_shows_every_card_added(ostraka, repo):
    _git(repo, "checkout", "-q", "--orphan", "empty")
    _git(repo, "rm", "-rqf", ".")
    (repo / "README").write_text("x")
    _git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "add", "README")
    _git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "empty")
    data = _check(
        ostraka("diff", "empty", "main" if "main" in _git(repo, "branch") else "master", "--format", "json", cwd=repo)
    )
    assert data["games"][0]["status"] == "added"
    assert sorted(c["id"] for c in data["games"][0]["added"]) == ["good", "newcomer"]


def test_github_workflow_posts_the_markdown_diff_and_needs_no_requirements_file(repo):
    """The sample workflow's diff step, run as written in a card-only repository (no requirements file)."""
    import os
    import sys

    from ruamel.yaml import YAML

    workflow = YAML(typ="safe", pure=True).load((REPO / "docs" / "github-workflow.yml").read_text())
    steps = [s for job in workflow["jobs"].values() for s in job["steps"]]
    assert not any("cache" in s.get("with", {}) for s in steps), "cache: pip needs a requirements file"
    diff_job = workflow["jobs"]["diff"]
    assert diff_job["if"] == "github.event_name == 'pull_request'"
    assert diff_job["permissions"]["pull-requests"] == "write"
    (step,) = [s for s in diff_job["steps"] if "ostraka diff" in s.get("run", "")]
    assert any("gh pr comment" in s.get("run", "") and "ostraka-diff.md" in s["run"] for s in diff_job["steps"])
    command = step["run"].replace(
        "${{ github.event.pull_request.base.sha }}", _git(repo, "rev-parse", "HEAD~1").strip()
    )
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    subprocess.run(["bash", "-ec", command], cwd=repo, env=env, check=True)
    posted = (repo / "ostraka-diff.md").read_text()
    assert posted.startswith("### ostraka diff") and "`newcomer`" in posted


@pytest.fixture(scope="module")
def two_sides(tmp_path_factory) -> tuple[Path, Path]:
    """Two copies of a game with a flow (and of mini, without one); in the second, Altar gives 5 points, not 2."""
    repo = REPO
    sides = []
    for name in ("a", "b"):
        root = tmp_path_factory.mktemp(name)
        shutil.copytree(repo / "cards" / "seven_wonders", root / "cards" / "seven_wonders")
        shutil.copytree(FIXTURES / "mini", root / "cards" / "mini")
        sides.append(root)
    altar = sides[1] / "cards" / "seven_wonders" / "age1" / "altar.yaml"
    text = altar.read_text()
    assert "  - gain:\n      points: 2\n" in text
    altar.write_text(text.replace("  - gain:\n      points: 2\n", "  - gain:\n      points: 5\n"))
    return sides[0], sides[1]


SIM = ["--no-examples", "--simulate", "seven_wonders", "--players", "3", "--games", "3", "--seed", "7"]


def test_diff_simulates_the_same_seeded_games_on_both_sides(ostraka, two_sides):
    a, b = map(str, two_sides)
    first = _check(ostraka("diff", a, b, *SIM, "--format", "json"))
    again = _check(ostraka("diff", a, b, *SIM, "--format", "json"))
    bal = first["balance"]
    assert bal == again["balance"]  # the same seeds: the same games, the same report
    assert (bal["game"], bal["players"], bal["games"], bal["seed"], bal["bots"]) == (
        "seven_wonders",
        3,
        3,
        7,
        ["random"] * 3,
    )
    assert [s["seat"] for s in bal["seats"]] == [0, 1, 2]
    for s in bal["seats"]:
        assert set(s["wins"]) == {"a", "b"} and set(s["win_rate"]) >= {
            "a",
            "b",
            "difference",
            "p_adjusted",
            "significant",
        }
        assert s["mean_score"]["difference"] == pytest.approx(s["mean_score"]["b"] - s["mean_score"]["a"], abs=1e-3)
    assert sum(s["wins"]["a"] for s in bal["seats"]) == pytest.approx(3) == sum(s["wins"]["b"] for s in bal["seats"])
    (card,) = bal["cards"]  # the one changed card
    assert card["card"] == "altar" and set(card["built"]) == {"a", "b"}
    assert set(bal["mean_score"]) == {"a", "b"}
    # The text and markdown formats render that same result (the command prints render(result, fmt)):
    # the seeded games are played twice above, not once per format.
    from compiler.outputs.diff import render

    text = render(first, "text")
    assert (
        "balance of seven_wonders: the same 3 seeded games on each side (seed 7, 3 players, bots random,random,random)"
        in text
    )
    assert "  seat 2: wins " in text and "  altar: built " in text
    md = render(first, "markdown")
    assert "#### Balance" in md
    assert "| seat 0 win rate |" in md and "| `altar` built |" in md


def test_diff_simulate_refuses_a_game_without_a_flow(ostraka, two_sides):
    a, b = map(str, two_sides)
    result = ostraka("diff", a, b, "--no-examples", "--simulate", "mini", "--games", "2")
    assert result.exit_code == 2
    (line,) = result.output.strip().splitlines()
    assert line.startswith("ostraka: error: ") and "no flow in game.yaml" in line


@pytest.mark.parametrize("target", ["/etc/passwd", "../../../outside.yaml"], ids=["absolute", "outside"])
def test_a_revision_committing_a_link_out_of_the_tree_is_one_located_finding(ostraka, repo, target):
    (repo / "cards" / "mini" / "linked.yaml").symlink_to(target)
    _git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "add", "-A")
    _git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "three")
    for fmt in ("text", "json", "markdown"):
        result = ostraka("diff", "HEAD~1", "HEAD", "--format", fmt, cwd=repo)
        assert result.exit_code == 0, result.output
        assert "E901" not in result.output and "Traceback" not in result.output
    assert "HEAD has 1 error" in ostraka("diff", "HEAD~1", "HEAD", cwd=repo).output
    from compiler.outputs.diff import read_side

    side = read_side("HEAD", repo, repo / "scratch")
    found = [d for d in side.run.report.items if d.code == "E105"]
    assert [d.file for d in found] == ["cards/mini/linked.yaml"] and "symbolic link" in found[0].message
