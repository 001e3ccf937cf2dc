"""docs/diagnostics.md: every diagnostic code, with a minimal input that triggers it and what it prints.

The inputs are the fixtures the tests already hold (tests/fixtures/bad/, tests/fixtures/text/): each
is dropped beside the minimal game tests/fixtures/mini/ in a scratch project and checked, so the
message on the page is the one `ostraka check` prints today. Codes that no card file triggers (a
missing folder, a full disk) say when they are reported instead.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path

from ..core.diagnostics import CODES, render_text

# The fixture folders, and the minimal game each fixture is checked beside.
FIXTURE_FOLDERS = ("tests/fixtures/bad", "tests/fixtures/text")
MINI = "tests/fixtures/mini"
EXPECT = re.compile(r"# expect: (\w+) (\d+):(\d+)")

# When the codes that no card file triggers are reported.
WHEN = {
    "E305": "A folder under `cards/` holds card files but no `game.yaml`.",
    "E306": "The command line names a game (`ostraka check cards/nowhere`) that no folder under `cards/` holds.",
    "E307": "The command line names a card by an id that two games use (`ostraka explain agora`): "
    "say `attika:agora` or `olympus:agora`.",
    "E311": "game.yaml declares a detail of a trigger (`triggers: {sold: {details: [units]}}`) that no "
    "primitive in play fills in: an effect would read it as nothing.",
    "E312": "A card's `trade_price` names players (`from: others`) that its owner never buys from under "
    "game.yaml's `trade.from` and the `buy_from` passives in play.",
    "E404": "A game's flow cannot end: `check` plays it once (a seeded random game) and it passes 20,000 "
    "decisions, 1,000 rounds of one `repeat`, 10,000 rounds in all, or a deal of more than 100,000 cards; "
    "`play`, `simulate` and `sweep` stop such a game with it too. It is reported at game.yaml's `flow:`.",
    "E405": "A `do` or `fire` step of the flow is refused by the rules when it runs (a set-up that builds a "
    "card nobody can build): `check` plays each game's set-up at its fewest and most players and reports the "
    "step at its line; `play` and `simulate` stop with it.",
    "W503": "game.yaml deals copies of a card while `build.unique` is left to its default (true), so a "
    "player may never build a second copy.",
    "W504": "A card's own `built` effect runs a `build` with `optional: false`: with nothing to build there, "
    "the card itself cannot be built.",
    "E601": "A variant file given to `ostraka sweep` changes or removes a card the game lacks "
    "(`cards: {tavren: ...}`, as `tests/fixtures/variants/E601_unknown_card.yaml` does), "
    "or adds one it has.",
    "E701": "`build --out` or `sheet --out` points at something a build did not make: "
    "a link, a device, or the project's own files.",
    "E702": "An output file or folder cannot be written: its permissions, or a read-only file system.",
    "E703": "The output folder cannot be replaced whole: it is a mount point or on another file system.",
    "E704": "A folder on the output path does not exist.",
    "E705": "The disk or the quota filled up while writing; the previous output is kept.",
    "E706": "The file system reported another error while reading or writing.",
    "E901": "ostraka itself failed. The message names the command; please report it with the input.",
}


def _fixtures(root: Path) -> dict[str, Path]:
    found: dict[str, Path] = {}
    for folder in FIXTURE_FOLDERS:
        for path in sorted((root / folder).glob("*.yaml")):
            match = EXPECT.match(path.read_bytes().split(b"\n", 1)[0].decode("utf-8", "replace"))
            if match:
                found.setdefault(match.group(1), path)
    return found


def _checked(fixture: Path, mini: Path, code: str) -> str:
    """What `ostraka check` prints for the fixture's finding of `code`, in a scratch project."""
    from ..pipeline.check.checks import check_all
    from ..pipeline.project import load

    with tempfile.TemporaryDirectory() as scratch:
        project = Path(scratch)
        game = project / "cards" / "mini"
        shutil.copytree(mini, game)
        shutil.copy(fixture, game / fixture.name)
        run = load([], project)
        check_all(run)
        for d in run.report.sorted():
            if d.code == code and d.file.endswith(fixture.name):
                doc = run.documents.get(d.file)
                return render_text(d, doc.line_text(d.line) if doc else None)
    raise AssertionError(f"{fixture} does not report {code}")


def _source(fixture: Path) -> str:
    """The fixture whole (its '# expect:' line is line 1, as the message counts), bytes that are not
    UTF-8 shown as \\x.."""
    return fixture.read_bytes().decode("utf-8", "backslashreplace").rstrip()


def diagnostics_page(root: Path) -> str | None:
    """The page, or None where the project holds no fixtures (a designer's own repository)."""
    mini = root / MINI
    if not mini.is_dir():
        return None
    fixtures = _fixtures(root)
    out = [
        "# Diagnostics",
        "",
        "<!-- Generated from compiler/core/diagnostics.py and the fixtures under tests/fixtures/:",
        "     run `make schema` after changing either. A test fails when this page is stale. -->",
        "",
        "Every finding has a stable code: `E` for an error (exit 1), `W` for a warning (an error under",
        "`--strict`). `--format json` and `--format github` carry the same code and its name. For each code",
        "below: what it means, and, where a card file can trigger it, a minimal file that does (checked",
        "beside a two-kind game, `tests/fixtures/mini/`) with what `ostraka check` prints for it.",
        "",
        "| code | name | meaning |",
        "| --- | --- | --- |",
    ]
    for code in CODES.values():
        out.append(f"| [{code.id}](#{code.id.lower()}) | `{code.name}` | {code.summary} |")
    for code in CODES.values():
        out += ["", f"## {code.id}", "", f"`{code.name}`, {code.severity.value}: {code.summary}", ""]
        fixture = fixtures.get(code.id)
        if fixture is None:
            out.append(f"When: {WHEN[code.id]}")
            continue
        rel = fixture.relative_to(root).as_posix()
        out += [f"`{fixture.name}` (`{rel}`):", "", "```yaml", _source(fixture), "```", ""]
        out += ["`ostraka check` prints:", "", "```text", _checked(fixture, mini, code.id), "```"]
    return "\n".join(out) + "\n"
