"""`ostraka play ... --html FILE`: one self-contained replay file, stepped through in headless
Chromium (as the sheets are, tests/unit/render/test_sheet.py): its structure at the first, a middle and the
last decision, screenshots kept as artifacts and checked on structure, not pixels."""

from __future__ import annotations

import html
import json
import re
import struct
from pathlib import Path

import pytest

from browser import run_chromium
from repo_paths import REPO

ARTIFACTS = REPO / "build" / "test-artifacts" / "replays"

_PROBE = """
<script>
(function () {
  var out = [];
  var n = window.replay.frames, picks = [0, Math.floor(n / 2), n - 1];
  picks.forEach(function (i) {
    window.replay.show(i);
    var players = document.querySelectorAll('section.player'), wide = [];
    players.forEach(function (p) { if (p.scrollWidth > p.clientWidth + 1) wide.push(p.getAttribute('data-seat')); });
    var log = document.querySelectorAll('#log p');
    out.push({
      at: window.replay.at(), players: players.length, wide: wide,
      heads: Array.prototype.map.call(players, function (p) { return p.querySelector('h2').textContent; }),
      totals: Array.prototype.map.call(players, function (p) { return p.querySelector('tr.total td.n').textContent; }),
      hexes: document.querySelectorAll('#board polygon.hex').length,
      pieces: document.querySelectorAll('#board text.piece').length,
      shown: document.querySelectorAll('#log p:not(.future)').length, now: document.querySelectorAll('#log p.now').length,
      log: log.length, where: document.getElementById('where').textContent
    });
  });
  var pre = document.createElement('pre'); pre.id = 'ostraka-probe'; pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
</script>
"""


def _replay(ostraka, tmp_path: Path, gid: str, players: int, *more: str) -> tuple[Path, dict]:
    target = tmp_path / f"{gid}.html"
    result = ostraka("play", gid, "--players", str(players), "--seed", "1", "--html", str(target), *more)
    assert result.exit_code == 0, result.output
    assert f"replay: {target}" in result.output
    text = target.read_text(encoding="utf-8")
    data = json.loads(
        re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', text, re.S).group(1)
    )
    return target, data


def _png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head.startswith(b"\x89PNG")
    return struct.unpack(">II", head[16:24])


@pytest.mark.parametrize("gid, players", [("seven_wonders", 3), ("attika", 2)])
def test_the_replay_steps_through_the_game_in_a_browser(ostraka, chromium, tmp_path, gid, players):  # noqa: F811
    target, data = _replay(ostraka, tmp_path, gid, players)
    page = target.read_text(encoding="utf-8")
    # one file, nothing fetched: no external reference, and a policy that forbids any
    assert "default-src 'none'" in page
    assert not re.search(r"""(src|href)\s*=|<link|@import|url\(|fetch\(|XMLHttpRequest""", page)
    assert len(data["frames"]) == data["frames"][-1]["decision"] + 1
    probe = tmp_path / "probe.html"
    probe.write_text(page.replace("</body>", _PROBE + "</body>"), encoding="utf-8")
    done = run_chromium(
        chromium, ["--window-size=1280,900", "--virtual-time-budget=5000", "--dump-dom", probe.as_uri()]
    )
    match = re.search(r'<pre id="ostraka-probe">(.*?)</pre>', done.stdout, re.S)
    assert match, f"the replay's script did not run (exit {done.returncode}): {done.stderr[-2000:]}"
    first, middle, last = json.loads(html.unescape(match.group(1)))
    for seen in (first, middle, last):
        assert seen["players"] == players and not seen["wide"], seen
        assert all(re.match(r"p\d", h) for h in seen["heads"])
    assert first["at"] == 0 and last["at"] == len(data["frames"]) - 1
    assert first["shown"] <= middle["shown"] <= last["shown"] == last["log"] == len(data["events"])
    assert middle["shown"] > first["shown"] and any(s["now"] for s in (first, middle, last))
    assert [int(t) for t in last["totals"]] == data["result"]["scores"]  # the end: the final scores
    if gid == "attika":
        assert last["hexes"] > 20 and last["pieces"] > 0
    else:
        assert last["hexes"] == 0
    # screenshots, kept as artifacts: the size asked for, and not an empty page
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for at in (0, len(data["frames"]) // 2):
        shot = ARTIFACTS / f"{gid}-{at}.png"
        taken = run_chromium(chromium, ["--window-size=1280,900", f"--screenshot={shot}", f"{target.as_uri()}#{at}"])
        assert shot.is_file(), taken.stderr[-2000:]
        assert _png_size(shot) == (1280, 900) and shot.stat().st_size > 20_000


def test_a_persons_replay_holds_only_what_they_saw(ostraka, tmp_path):
    import flowkit

    target = tmp_path / "p.html"
    ostraka("--version")  # (the fixture's chdir to the repository)
    result = flowkit.ostraka(
        "play",
        "peloponnes",
        "--players",
        "3",
        "--seed",
        "1",
        "--human",
        "0",
        "--html",
        str(target),
        input="1\n1\nquit\n",
    )
    assert result.exit_code == 0, result.output
    data = json.loads(re.search(r'id="replay-data">(.*?)</script>', target.read_text(), re.S).group(1))
    assert data["viewer"] == 0
    for f in data["frames"]:
        stack = f["view"]["zones"]["tile_stack"]
        assert "cards" not in stack and stack["runs"]
        assert "cards" not in f["view"]["zones"]["disaster_pile"]


def test_a_replay_that_cannot_be_written_is_one_line(ostraka, tmp_path):
    result = ostraka("play", "seven_wonders", "--players", "3", "--html", str(tmp_path / "no" / "such" / "x.html"))
    assert result.exit_code == 2 and "--html" in result.output and len(result.output.strip().splitlines()) == 1
