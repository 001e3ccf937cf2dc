"""Fuzzing: mutate the real card files and run the whole pipeline on each mutation.

Every run must end in success or in located diagnostics: never a traceback, never an E901
(internal error), never a hang. Each case copies nothing: one tmp copy of every game is made per
session, a case writes its mutated file into it, runs load -> validate -> resolve -> examples
(and the build's outputs when clean), then puts the original back.

`make test` runs a short fuzz (OSTRAKA_FUZZ_EXAMPLES, default 40 cases per test); `make fuzz`
runs the long one (10,000+ cases). YAML parsing of the files a case did not touch is memoised
(the parse of identical bytes is identical), which is what makes 10,000 cases affordable.
"""

from __future__ import annotations

import copy
import os
import re
import signal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings, strategies as st
from ruamel.yaml import YAML

import compiler.lang.model  # noqa: F401 - fills the registry
from compiler.cache.cache import Cache
from compiler.core.diagnostics import CODES, Severity, render_json, render_text
from compiler.lang.registry import REGISTRY
from compiler.load import loader
from compiler.pipeline import project
from compiler.pipeline.check.checks import check_all
from compiler.pipeline.emit.generated import all_outputs

from repo_paths import REPO

EXAMPLES = int(os.environ.get("OSTRAKA_FUZZ_EXAMPLES", "40"))
HANG_SECONDS = int(os.environ.get("OSTRAKA_FUZZ_HANG_SECONDS", "60"))
# The project's own incremental cache (.ostraka/ in the sandbox): an example is re-run when its card's
# file or a card it reads changed, which is what a mutation changes. OSTRAKA_FUZZ_CACHE=0 runs all.
USE_CACHE = os.environ.get("OSTRAKA_FUZZ_CACHE", "1") != "0"

GAME_DIRS = sorted(d for d in (REPO / "cards").iterdir() if (d / project.GAME_FILE).is_file())
FILES = [(d.name, p.relative_to(d).as_posix()) for d in GAME_DIRS for p in sorted(d.rglob("*.yaml"))]
# A snapshot taken once: others edit cards/ while the fuzz runs, and generation must be repeatable.
ORIGINALS = {(g, rel): (REPO / "cards" / g / rel).read_bytes() for g, rel in FILES}
PRIMITIVES = sorted({name for family in REGISTRY.values() for name in family})

pytestmark = pytest.mark.skipif(not FILES, reason="no card files under cards/")

FUZZ = settings(
    max_examples=EXAMPLES,
    # Shrinking a failure can take many minutes on a large card file; the failing case is printed
    # whole either way. OSTRAKA_FUZZ_SHRINK=1 turns it back on.
    phases=[Phase.explicit, Phase.reuse, Phase.generate]
    + ([Phase.shrink] if os.environ.get("OSTRAKA_FUZZ_SHRINK") else []),
    deadline=None,  # hangs are caught by the watchdog below, not by timing
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture],
    print_blob=True,
)


# ----------------------------------------------------------------------------- the sandbox


class Hang(Exception):
    pass


class Sandbox:
    """A tmp copy of cards/ and a memo of the parse of every original (unmutated) file.

    Parsing identical bytes gives identical results, and nothing downstream changes a parsed
    document or a (frozen) card, so the results for the originals are shared between cases.
    """

    def __init__(self, root: Path) -> None:
        self.root = root
        self.originals = dict(ORIGINALS)
        for (game, rel), raw in self.originals.items():
            path = root / "cards" / game / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(raw)
        self._original_bytes = set(self.originals.values())
        self._baselines: dict[str, Any] = {}
        self.memo: dict[tuple[str, str, bytes], Any] = {}
        self.patches = {
            name: getattr(project, name) for name in ("load_file", "parse_card_file") if hasattr(project, name)
        }

    def _memoised(self, name: str):
        real = self.patches[name]

        def wrapper(path: Path, display: str):
            raw = path.read_bytes()
            key = (name, display, raw)
            if key in self.memo:
                return self.memo[key]
            result = real(path, display)
            if raw in self._original_bytes:
                self.memo[key] = result
            return result

        return wrapper

    def __enter__(self) -> Sandbox:
        for name in self.patches:
            setattr(project, name, self._memoised(name))
        return self

    def __exit__(self, *exc) -> None:
        for name, real in self.patches.items():
            setattr(project, name, real)

    def run(self, game: str, rel: str, content: bytes) -> None:
        """Write one mutated file, run the pipeline, restore; fail on anything but located diagnostics."""
        path = self.root / "cards" / game / rel
        path.write_bytes(content)
        previous = signal.signal(signal.SIGALRM, _on_alarm)
        signal.alarm(HANG_SECONDS)
        try:
            cache = Cache(self.root) if USE_CACHE else None
            try:
                run = project.load([self.root / "cards" / game], self.root, cache=cache)
                check_all(run)
            finally:
                if cache is not None:
                    cache.close()
            clean = not any(d.level is Severity.ERROR for d in run.report.items)
            outputs = all_outputs(run) if clean else {}
            text = [
                render_text(d, run.documents[d.file].line_text(d.line) if d.file in run.documents else None)
                for d in run.report.sorted()
            ]
            render_json(run.report)
        finally:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, previous)
            path.write_bytes(self.originals[(game, rel)])
        for d, line in zip(run.report.sorted(), text):
            assert d.code in CODES, line
            assert d.code != "E901", f"internal error on mutated {game}/{rel}:\n{line}"
            assert d.file and d.line >= 1 and d.column >= 1, f"diagnostic without a location: {line}"
            assert "Traceback" not in line, line
        for rel_out, out in outputs.items():
            assert out.endswith("\n"), rel_out
        if clean:
            self.surfaces(run, game, rel)

    def baseline(self, game: str) -> Any:
        """The unmutated game's run, loaded once: the `before` side of a diff."""
        if game not in self._baselines:
            self._baselines[game] = project.load([self.root / "cards" / game], self.root)
        return self._baselines[game]

    def surfaces(self, run: Any, game: str, rel: str) -> None:
        """What the commands that print or write a name make of the mutated data (explain, cards,
        export csv/json/xlsx, the sheet and print-and-play HTML, diff in text, JSON and Markdown),
        each as the command escapes it: no raw control character, no CSV formula, no HTML or link
        in the Markdown."""
        import csv
        import io
        import json

        from compiler.core.textsafe import UNSAFE, json_safe, one_line, visible
        from compiler.outputs import diff, explain, export, pnp
        from compiler.pipeline.emit.generated import card_records
        from compiler.render.sheet import render_sheet

        for compiled in run.games:
            display = f"cards/{game}/{rel}"
            texts = [
                visible(explain.explain_card(compiled, card))
                for cid, card in compiled.cards.items()
                if compiled.sources[cid].file == display
            ]
            texts.append(json_safe(json.dumps(card_records(compiled), ensure_ascii=False)))
            texts += [one_line(f"{r['id']} {r['kind']} {r['name']}") for r in card_records(compiled)]
            table = export.to_csv(compiled)
            texts += [table, export.to_json(compiled), render_sheet(compiled), pnp.render_pnp(compiled)]
            export.to_xlsx(compiled)
            for row in csv.reader(io.StringIO(table)):
                assert not [c for c in row if c[:1] in ("=", "+", "-", "@", "\t", "\r")], row
            before = diff.Side("before", self.baseline(game), {g.id: g for g in self.baseline(game).games}, self.root)
            after = diff.Side("after", run, {g.id: g for g in run.games}, self.root)
            result = diff.compare(before, after, examples=False)
            markdown = diff.render(result, "markdown")
            texts += [diff.render(result, "text"), diff.render(result, "json"), markdown]
            assert "<img" not in markdown and "</details>" not in markdown, markdown
            for text in texts:
                assert not UNSAFE.search(text), f"a raw control character on a surface: {text[:300]!r}"


def _on_alarm(signum, frame):
    raise Hang(f"the pipeline ran for more than {HANG_SECONDS}s on one input")


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory):
    with Sandbox(tmp_path_factory.mktemp("fuzz")) as box:
        yield box


# ----------------------------------------------------------------------------- mutations

_yaml = YAML(typ="safe", pure=True)
_yaml.default_flow_style = False
_yaml.allow_unicode = True


def dump(data: Any) -> str:
    from io import StringIO

    out = StringIO()
    _yaml.dump(data, out)
    return out.getvalue()


def parse(text: str) -> Any:
    doc, problems = loader.load_text(text, "fuzz.yaml")
    return None if problems else doc.data


def paths_of(data: Any, prefix: tuple = ()) -> list[tuple]:
    found = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            found += paths_of(value, prefix + (key,))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found += paths_of(value, prefix + (i,))
    return found


def get(data: Any, path: tuple) -> Any:
    for part in path:
        data = data[part]
    return data


def put(data: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    get(data, path[:-1])[path[-1]] = value
    return data


names = st.sampled_from(
    PRIMITIVES
    + [
        "id",
        "kind",
        "effects",
        "examples",
        "given",
        "when",
        "expect",
        "p1",
        "p2",
        "coins",
        "points",
        "players",
        "build",
        "event",
        "text",
        "name",
        "__class__",
        "__import__",
        "",
        "x" * 70,
    ]
)
# Every code point UTF-8 can encode: all but the surrogates (Cs). Said by category, not codec="utf-8",
# which makes hypothesis encode all 1.1 million code points once per session to find the same set.
unicode_text = st.text(st.characters(exclude_categories=["Cs"]), max_size=12)
control_text = st.text(
    st.sampled_from(
        [
            "\x00",
            "\x01",
            "\x07",
            "\x08",
            "\x0b",
            "\x0c",
            "\x1b",
            "\x7f",
            "\x85",
            "\u2028",
            "\u2029",
            "\ufeff",
            "\ufffe",
            "\t",
            "\r",
            "\n",
            "\u200b",
            "\u202e",
            "\U0001f600",
        ]
    ),
    min_size=1,
    max_size=4,
)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-10, max_value=10),
    st.integers(min_value=-(10**12), max_value=10**12),
    st.sampled_from([10**9, 10**9 + 1, -(10**9), 2**31, 2**63, 0]),
    st.floats(allow_nan=False, allow_infinity=False),
    unicode_text,
    names,
    # what a hostile name holds on each surface: a formula, markup, a mention, escape sequences
    st.sampled_from(
        [
            '=HYPERLINK("http://evil.example","x")',
            "+1+cmd|' /C calc'!A0",
            "-2+3",
            "@everyone",
            "<img src=x onerror=alert(1)>",
            "</details>",
            "[x](http://evil.example) ![i](http://evil.example/i.png)",
            "\x1b]0;title\x07\x1b[2J",
            "\u202eexe.txt",
            "a | b `c` *d*",
        ]
    ),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(names, inner, max_size=3),
    ),
    max_leaves=6,
)


def structural(draw, data: Any) -> Any:
    """Delete, retype, rename, swap primitives, duplicate or move parts of the data."""
    data = copy.deepcopy(data)
    paths = paths_of(data)
    op = draw(st.sampled_from(["delete", "retype", "rename", "swap_primitive", "copy_subtree", "shuffle", "extend"]))
    if op == "swap_primitive":
        spots = [
            p
            for p in paths
            if isinstance(get(data, p), dict) and len(get(data, p)) == 1 and next(iter(get(data, p))) in PRIMITIVES
        ]
        if spots:
            spot = draw(st.sampled_from(spots))
            mapping = get(data, spot)
            ((old, value),) = mapping.items()
            return put(data, spot, {draw(st.sampled_from(PRIMITIVES)): value})
        op = "retype"
    path = draw(st.sampled_from(paths))
    if op == "delete" and path:
        parent = get(data, path[:-1])
        del parent[path[-1]]
        return data
    if op == "rename" and path and isinstance(get(data, path[:-1]), dict):
        parent = get(data, path[:-1])
        value = parent.pop(path[-1])
        parent[draw(names)] = value
        return data
    if op == "copy_subtree":
        other = draw(st.sampled_from(paths))
        return put(data, path, copy.deepcopy(get(data, other)))
    if op == "shuffle" and isinstance(get(data, path), list):
        items = get(data, path)
        return put(data, path, draw(st.permutations(items)))
    if op == "extend" and isinstance(get(data, path), (list, dict)):
        target = get(data, path)
        if isinstance(target, list):
            target.append(draw(values))
        else:
            target[draw(names)] = draw(values)
        return data
    return put(data, path, draw(values))


def textual(draw, text: str) -> str:
    """Break the text itself: indentation, junk characters, truncation, lines moved or doubled."""
    lines = text.splitlines(keepends=True) or [""]
    op = draw(
        st.sampled_from(
            [
                "indent",
                "insert",
                "control",
                "truncate",
                "drop_line",
                "dup_line",
                "dup_key",
                "swap_lines",
                "tabs",
                "yaml_junk",
            ]
        )
    )
    i = draw(st.integers(0, len(lines) - 1))
    if op == "indent":
        line = lines[i]
        delta = draw(st.integers(-4, 4))
        lines[i] = (" " * delta + line) if delta > 0 else line[min(-delta, len(line) - len(line.lstrip(" "))) :]
    elif op == "insert":
        pos = draw(st.integers(0, len(text)))
        return text[:pos] + draw(unicode_text) + text[pos:]
    elif op == "control":
        pos = draw(st.integers(0, len(text)))
        return text[:pos] + draw(control_text) + text[pos:]
    elif op == "truncate":
        return text[: draw(st.integers(0, len(text)))]
    elif op == "drop_line":
        del lines[i]
    elif op in ("dup_line", "dup_key"):
        keyed = [j for j, line in enumerate(lines) if re.match(r"^\s*[A-Za-z_][\w]*:", line)]
        j = draw(st.sampled_from(keyed)) if op == "dup_key" and keyed else i
        lines.insert(j + 1, lines[j])
    elif op == "swap_lines":
        j = draw(st.integers(0, len(lines) - 1))
        lines[i], lines[j] = lines[j], lines[i]
    elif op == "tabs":
        lines[i] = lines[i].replace("  ", "\t", 1)
    elif op == "yaml_junk":
        junk = draw(
            st.sampled_from(
                [
                    "&a ",
                    "*a ",
                    "!!str ",
                    "!!binary ",
                    "!!python/none ",
                    "<<: *a\n",
                    "? ",
                    "- ",
                    "---\n",
                    "...\n",
                    "%YAML 1.1\n",
                    "{",
                    "}",
                    "[",
                    "]",
                    "'",
                    '"',
                    "|",
                    ">",
                    "#",
                    ": ",
                    ",",
                    "@",
                    "`",
                    "!",
                ]
            )
        )
        pos = draw(st.integers(0, len(lines[i])))
        lines[i] = lines[i][:pos] + junk + lines[i][pos:]
    return "".join(lines)


@st.composite
def mutated_file(draw, structural_only: bool = False, textual_only: bool = False):
    game, rel = draw(st.sampled_from(FILES))
    original = ORIGINALS[(game, rel)].decode("utf-8")
    text = original
    rounds = draw(st.integers(1, 3))
    for _ in range(rounds):
        use_structure = structural_only or (not textual_only and draw(st.booleans()))
        data = parse(text) if use_structure else None
        if use_structure and data is not None:
            text = dump(structural(draw, data))
        else:
            text = textual(draw, text)
    encoded = text.encode("utf-8", "surrogatepass")
    if not structural_only and draw(st.integers(0, 19)) == 0:  # now and then, bytes that are not UTF-8
        pos = draw(st.integers(0, len(encoded)))
        encoded = encoded[:pos] + draw(st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x00"])) + encoded[pos:]
    return game, rel, encoded


# ----------------------------------------------------------------------------- the properties


@FUZZ
@given(case=mutated_file(structural_only=True))
def test_structural_mutations_end_in_success_or_located_diagnostics(sandbox, case):
    sandbox.run(*case)


@FUZZ
@given(case=mutated_file(textual_only=True))
def test_textual_mutations_end_in_success_or_located_diagnostics(sandbox, case):
    sandbox.run(*case)


@FUZZ
@given(case=mutated_file())
def test_mixed_mutations_end_in_success_or_located_diagnostics(sandbox, case):
    sandbox.run(*case)


def test_the_unmutated_cards_run_cleanly_through_the_harness(sandbox):
    """The harness itself: the original files go through it without a finding of ours."""
    for game, rel in FILES[:3]:
        sandbox.run(game, rel, sandbox.originals[(game, rel)])


def test_the_harness_notices_an_internal_error(sandbox, monkeypatch):
    """A fuzz run that met an E901 fails (the harness is not blind)."""
    import sys

    from compiler.core.diagnostics import Diagnostic

    def broken(run, examples=True):
        run.report.add(Diagnostic("E901", "internal error: boom", "x.yaml", 1, 1))

    monkeypatch.setattr(sys.modules[__name__], "check_all", broken)
    game, rel = FILES[0]
    with pytest.raises(AssertionError, match="internal error"):
        sandbox.run(game, rel, sandbox.originals[(game, rel)])


# ----------------------------------------------------------------------------- regressions
# Each bug the fuzz found, reduced to its cause. They ran as E901 (a crash inside ostraka).


@pytest.fixture(scope="module")
def clean_game(tmp_path_factory):
    from compiler.pipeline.project import load

    from robust_support import clean_project

    run = load([], clean_project(tmp_path_factory.mktemp("regress")))
    games = [g for g in run.games if any(not z.shared for z in g.game.zones.values())]
    if not games:  # pragma: no cover
        pytest.skip("no clean game with a player zone")
    return games[0]


def _invalid(game, **example) -> str:
    from compiler.model.game import Example
    from compiler.pipeline.check.examples import run_example

    trigger = next(iter(game.game.triggers), None) or game.game.build.on_built
    example.setdefault("when", {"event": trigger})
    example.setdefault("expect", {})
    outcome = run_example(game, Example(name="regression", **example))  # raised TypeError before the fix
    assert outcome.invalid and not outcome.passed, outcome
    return outcome.message


def test_regression_a_mapping_in_a_players_zone(clean_game):
    zone = next(name for name, z in clean_game.game.zones.items() if not z.shared)
    assert "card ids" in _invalid(clean_game, given={"p1": {zone: [{}]}})


def test_regression_a_mapping_in_a_shared_zone(clean_game):
    shared = [name for name, z in clean_game.game.zones.items() if z.shared]
    if not shared:
        pytest.skip("no shared zone")
    assert "card ids" in _invalid(clean_game, given={shared[0]: [["nested"]]})


def test_regression_expect_of_a_player_is_not_a_mapping(clean_game):
    assert "should map" in _invalid(clean_game, expect={"p1": "coins"})


def test_regression_expect_of_a_zone_holds_a_mapping(clean_game):
    zone = next(name for name, z in clean_game.game.zones.items() if not z.shared)
    assert "card ids" in _invalid(clean_game, expect={"p1": {zone: [{"a": 1}]}})


def test_regression_when_names_are_not_text(clean_game):
    assert "when.by" in _invalid(clean_game, when={"event": "x", "by": {"p1": 1}})
    assert "when.build" in _invalid(clean_game, when={"build": ["a"]})
    assert "when.event" in _invalid(clean_game, when={"event": {}})


def test_regression_a_global_given_as_text(clean_game):
    if not clean_game.game.globals:
        pytest.skip("no globals")
    name = next(iter(clean_game.game.globals))
    assert "whole number" in _invalid(clean_game, given={name: "three"})


def test_regression_a_crash_beside_a_broken_file_blames_the_data():
    """A card's cost that is a mapping (E201 in its file) crashed another card's example: E402 now,
    pointing at the broken file. Without errors in the game, a crash stays E901 (a bug of ours)."""
    from compiler.core.diagnostics import Diagnostic, ExampleFailure
    from compiler.pipeline.check import checks

    class Game:
        cards = {"a": None, "b": None}
        sources = {"a": type("S", (), {"file": "ok.yaml"})(), "b": type("S", (), {"file": "bad.yaml"})()}

    failure = ExampleFailure("a", "x", "internal error while running: TypeError: boom")
    crash = Diagnostic("E901", failure.message(), "ok.yaml", 3, 1, failure=failure)
    blamed = checks._blame_broken_data(Game, {"bad.yaml"}, [crash])
    assert [d.code for d in blamed] == ["E402"] and "bad.yaml" in blamed[0].hint
    assert blamed[0].message == "example 'x' of 'a' failed: could not run: it may read a card whose data has errors"
    assert checks._blame_broken_data(Game, set(), [crash]) == [crash]


@pytest.mark.parametrize("bad", [{"gte": []}, {"eq": [1]}, {"lt": [1, 2, 3]}])
def test_regression_a_comparison_takes_two_amounts(bad):
    """`gte: []` in game.yaml passed validation and crashed an example with IndexError."""
    from pydantic import ValidationError

    from compiler.lang.model import Condition

    with pytest.raises(ValidationError):
        Condition.model_validate(bad)
    Condition.model_validate({next(iter(bad)): [1, 2]})


@pytest.mark.parametrize(
    "bad",
    [
        {"sub": [1]},
        {"mul": [2]},
        {"div": [1]},
        {"div": [1, 2, 3]},
        {"square": []},
        {"square": [1, 2]},
        {"min": []},
        {"max": []},
    ],
)
def test_regression_list_expressions_have_their_arity(bad):
    """`sub: [x]` crashed the English rendering ('{0} minus {1}') in the text check; `min: []` the run."""
    from pydantic import ValidationError

    from compiler.lang.model import Expression

    with pytest.raises(ValidationError):
        Expression.model_validate(bad)
