"""Nothing runs that the data did not ask for.

A hostile corpus (tests/fixtures/hostile/) goes through the real CLI in a subprocess watched by an
audit hook (fixtures/hostile/audit_run.py): any network call, new process, foreign library, or file
opened, listed, written or removed outside the project, ostraka's source and Python itself is
recorded, and the tests require that nothing was.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from robust_support import REPO, clean_project

HOSTILE = REPO / "tests" / "fixtures" / "hostile"
MARKER = "hostile-pwned"
PAYLOADS = [line for line in (HOSTILE / "payloads.txt").read_text(encoding="utf-8").splitlines() if line]
PAYLOADS.append("a\ttab, a\x07bell, an escape \x1b[31m and a line\nbreak")


def audited(project: Path, *args: str, tmp: Path) -> tuple[int, str, list[dict]]:
    report = tmp / f"audit-{len(list(tmp.glob('audit-*')))}.jsonl"
    proc = subprocess.run(
        [sys.executable, str(HOSTILE / "audit_run.py"), str(report), str(project), *args],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=project,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    events = (
        [json.loads(line) for line in report.read_text().splitlines()] if report.exists() else [{"event": "no report"}]
    )
    assert "Traceback" not in proc.stderr, proc.stderr[-3000:]
    return proc.returncode, proc.stdout + proc.stderr, events


def diagnostics(output: str) -> list[dict]:
    start = output.index("{")
    data, _end = json.JSONDecoder().raw_decode(output[start:])
    return data["diagnostics"]


def no_marker(*roots: Path) -> None:
    for root in roots:
        assert not list(root.rglob(MARKER)), f"a payload ran: {MARKER} exists under {root}"
    assert not (Path.cwd() / MARKER).exists()


@pytest.fixture
def project(tmp_path) -> Path:
    return clean_project(tmp_path)


def game_dir(project: Path) -> Path:
    return sorted(d for d in (project / "cards").iterdir() if (d / "game.yaml").is_file())[0]


# ----------------------------------------------------------------------------- YAML tags


def test_no_yaml_tag_constructs_anything(project, tmp_path):
    target = game_dir(project) / "hostile"
    shutil.copytree(HOSTILE / "tags", target)
    code, out, events = audited(project, "check", "--format", "json", tmp=tmp_path)
    assert code == 1
    found = diagnostics(out)
    for path in sorted(target.glob("*.yaml")):
        mine = [d for d in found if d["file"].endswith(f"hostile/{path.name}")]
        assert mine, f"{path.name} was accepted"
        assert {d["code"] for d in mine} & {"E103", "E201"}, (path.name, mine)
        assert all(d["line"] >= 1 for d in mine)
    assert not [d for d in found if d["code"] == "E901"]
    assert events == []
    no_marker(project, tmp_path)


# ----------------------------------------------------------------------------- strings in the data


def _poison(path: Path, payloads: list[str], start: int) -> int:
    """Replace every single-line `name:` value with a payload; returns how many were replaced."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    count = 0
    for i, line in enumerate(lines):
        m = re.match(r"^(\s*(?:-\s+)?)name:\s+(\S.*)$", line.rstrip("\n"))
        if not m or m.group(2)[:1] in "|>&*!":
            continue
        indent = len(m.group(1))
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if (
            nxt.strip()
            and len(nxt) - len(nxt.lstrip(" ")) > indent
            and not nxt.lstrip().startswith(("-", "#"))
            and ":" not in nxt
        ):
            continue  # a plain scalar continued on the next line
        payload = payloads[(start + count) % len(payloads)][:200]
        lines[i] = f"{m.group(1)}name: {json.dumps(payload)}\n"
        count += 1
    path.write_text("".join(lines), encoding="utf-8")
    return count


def test_strings_in_the_data_stay_data(project, tmp_path):
    from compiler.load.loader import load_file

    poisoned = 0
    for path in sorted((project / "cards").rglob("*.yaml")):
        if path.name == "game.yaml":
            continue
        before = path.read_text(encoding="utf-8")
        n = _poison(path, PAYLOADS, poisoned)
        _doc, problems = load_file(path, str(path))
        if problems:  # the poisoning itself broke the YAML: keep the original
            path.write_text(before, encoding="utf-8")
            continue
        poisoned += n
    assert poisoned >= len(PAYLOADS)
    out_dir = project / "out"
    code, out, events = audited(project, "check", "--format", "json", tmp=tmp_path)
    assert not [d for d in diagnostics(out) if d["code"] == "E901"]
    assert events == []
    code, out, events = audited(
        project, "check", "--format", "json", "--engine", "handlers", "--no-cache", tmp=tmp_path
    )
    assert not [d for d in diagnostics(out) if d["code"] == "E901"], out[-3000:]
    assert events == []
    code, out, events = audited(project, "build", "--out", str(out_dir), tmp=tmp_path)
    assert events == []
    assert code == 0, out[-3000:]  # the names are only names: the build goes through
    written = "".join(p.read_text(encoding="utf-8") for p in out_dir.rglob("*.json"))
    for payload in PAYLOADS[:3]:
        assert json.dumps(payload, ensure_ascii=False)[1:-1] in written  # written as data, escaped
    for handlers in out_dir.rglob("*.py"):
        compile(handlers.read_text(encoding="utf-8"), str(handlers), "exec")
    no_marker(project, tmp_path)


def test_card_ids_that_are_python_words_stay_names(project, tmp_path):
    """Ids are lower_snake names, which include Python keywords and builtins."""
    game = game_dir(project)
    ids = []
    for path in sorted(game.rglob("*.yaml")):
        ids += re.findall(r"^\s*(?:-\s+)?id:\s+([a-z][a-z0-9_]*)\s*$", path.read_text(encoding="utf-8"), re.M)
    words = ["class", "import", "lambda", "eval", "exec", "os", "system", "self", "none", "true"]
    text_of = {p: p.read_text(encoding="utf-8") for p in game.rglob("*.yaml")}
    corpus = "".join(text_of.values())
    renames = {}
    for old in ids:
        if len(renames) == len(words):
            break
        new = words[len(renames)]
        if re.search(rf"\b{new}\b", corpus) or len(re.findall(rf"\b{old}\b", corpus)) > 12:
            continue
        renames[old] = new
    assert renames
    for path, text in text_of.items():
        for old, new in renames.items():
            text = re.sub(rf"(?<![\w.]){re.escape(old)}(?![\w])", new, text)
        path.write_text(text, encoding="utf-8")
    for args in (["check", "--format", "json"], ["check", "--format", "json", "--engine", "handlers", "--no-cache"]):
        code, out, events = audited(project, *args, tmp=tmp_path)
        assert not [d for d in diagnostics(out) if d["code"] == "E901"], out[-3000:]
        assert events == []
    code, out, events = audited(project, "build", "--out", str(project / "out"), tmp=tmp_path)
    assert events == [] and "E901" not in out, out[-3000:]
    for handlers in (project / "out").rglob("*.py"):
        compile(handlers.read_text(encoding="utf-8"), str(handlers), "exec")
    no_marker(project, tmp_path)


def test_ids_and_names_that_are_not_names_are_refused(project, tmp_path):
    game = game_dir(project)
    bad_ids = ["__import__", "__class__", "../../etc/passwd", "os.system", "a b", "Eval", "x;rm", "é"]
    (game / "hostile_ids.yaml").write_text(
        "".join(f"- id: {json.dumps(i)}\n  name: x\n  kind: x\n" for i in bad_ids), encoding="utf-8"
    )
    code, out, events = audited(project, "check", "--format", "json", tmp=tmp_path)
    mine = [d for d in diagnostics(out) if d["file"].endswith("hostile_ids.yaml")]
    assert code == 1 and mine and not [d for d in mine if d["code"] == "E901"]
    assert events == []


def test_a_game_id_cannot_steer_the_output_outside(project, tmp_path):
    game = game_dir(project) / "game.yaml"
    text = game.read_text(encoding="utf-8")
    game.write_text(re.sub(r"^id:.*$", 'id: "../../escaped"', text, count=1, flags=re.M), encoding="utf-8")
    out_dir = project / "out"
    code, out, events = audited(project, "build", "--out", str(out_dir), tmp=tmp_path)
    assert code != 0 and events == []
    assert not (project.parent / "escaped").exists() and not (tmp_path / "escaped").exists()
    assert not out_dir.exists()


# ----------------------------------------------------------------------------- file names and links


HOSTILE_NAMES = [
    "..yaml",
    "a..b.yaml",
    "$(touch hostile-pwned).yaml",
    "; rm -rf ~.yaml",
    "-rf.yaml",
    "{{7*7}}.yaml",
    "new\nline.yaml",
    "\u202eevil.yaml",
    "%s%n.yaml",
    " .yaml",
]


def test_hostile_file_names_are_only_names(project, tmp_path):
    game = game_dir(project)
    for i, name in enumerate(HOSTILE_NAMES):
        (game / name).write_text(f"id: hostile_name_{i}\nname: x\n", encoding="utf-8")
    code, out, events = audited(project, "check", "--format", "json", tmp=tmp_path)
    assert events == []
    files = {d["file"] for d in diagnostics(out)}
    reported = [n for n in HOSTILE_NAMES if any(f.endswith(n) for f in files)]
    assert len(reported) == len(HOSTILE_NAMES), sorted(set(HOSTILE_NAMES) - set(reported))
    no_marker(project, tmp_path)


def test_links_out_of_the_project_are_not_followed(project, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    game = game_dir(project)
    secret = outside / "secret.yaml"
    secret.write_text("id: secret_card\nname: SECRET-CONTENT\n", encoding="utf-8")
    shutil.copytree(game, outside / "game_copy")  # a whole game outside the project
    (game / "secret.yaml").symlink_to(secret)
    (game / "passwd.yaml").symlink_to("/etc/passwd")
    (game / "escape").symlink_to(outside)  # a directory link inside a game
    (project / "cards" / "linked_game").symlink_to(outside / "game_copy")  # a game that is a link
    (game / "dotdot.yaml").symlink_to(Path("..") / ".." / ".." / "outside" / "secret.yaml")
    code, out, events = audited(project, "check", "--format", "json", tmp=tmp_path)
    assert events == [], events
    found = diagnostics(out)
    for name in ("secret.yaml", "passwd.yaml", "dotdot.yaml"):
        mine = [d for d in found if d["file"].endswith(f"/{name}") and d["file"].startswith("cards/")]
        assert [d["code"] for d in mine] == ["E105"], (name, mine)
    assert [d for d in found if d["code"] == "E105" and d["file"].endswith("linked_game")]
    assert "SECRET-CONTENT" not in out and "root:" not in out
    assert not [d for d in found if "/escape/" in d["file"] or "game_copy" in d["file"]]


def test_a_fifo_or_device_named_like_a_card_does_not_hang(project, tmp_path):
    game = game_dir(project)
    os.mkfifo(game / "fifo.yaml")
    (game / "zero.yaml").symlink_to("/dev/zero")
    code, out, events = audited(project, "check", "--format", "json", tmp=tmp_path)
    assert events == []
    assert not [d for d in diagnostics(out) if d["code"] == "E901"]


def test_the_audit_hook_sees_what_it_must(project, tmp_path):
    """The watcher is not blind: a check of a directory outside the project is recorded."""
    outside = tmp_path / "elsewhere"
    shutil.copytree(game_dir(project), outside / "g")
    _code, _out, events = audited(project, "check", str(outside / "g"), tmp=tmp_path)
    assert any(e["event"] in ("open", "os.scandir", "os.listdir") and "elsewhere" in e["detail"] for e in events)
