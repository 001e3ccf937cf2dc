"""Hostile card data: names, texts and values built to break out of the generated code.

A card set in tmp_path carries quotes, backslashes, newlines, Jinja delimiters, Python keywords,
non-ASCII, bidi and line-separator characters and very long strings in every place a string can go
(game name, card names and texts, choice values used by `where` filters, event details, example
names, a file name). The generated handlers must compile, run every example exactly as the
interpreter does, and carry each of those strings only as a string literal.
"""

from __future__ import annotations

import ast
import io
import json
import tokenize
from pathlib import Path

import pytest

from compiler.codegen import engine, generator
from compiler.pipeline.check.examples import setup, trigger
from compiler.pipeline.project import load
from compiler.runtime.decider import Scripted

PWNED = "pwned.txt"


def hostile_strings(tmp_path: Path) -> list[str]:
    marker = str(tmp_path / PWNED)
    return [
        f"'''\"\"\"; import os; open({marker!r}, 'w') #",
        f"\"); open({marker!r}, 'w'); print(\"",
        "back\\slash \\' \\\" \\n \\u0041 \\",
        "new\nline\r\nand\ttab # not a comment",
        "{{ 7*7 }} {% if true %}jinja{% endif %} {# note #} {{ g.lit }}",
        "class def lambda import None True __import__ exec",
        "ünïcødé 漢字 🎲 \u2028 \u2029 \u202e \u00a0 \x0b",
        "L" * 150 + "'\"\\" + "ong",
    ]


def write(path: Path, data: object) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, ensure_ascii=False, indent=1)  # JSON is YAML
    for breaking in ("\u2028", "\u2029", "\x85", "\ufeff"):  # YAML line breaks: escaped, to arrive exact
        text = text.replace(breaking, f"\\u{ord(breaking):04x}")
    path.write_text(text, encoding="utf-8")


@pytest.fixture
def hostile_project(tmp_path: Path) -> tuple[Path, list[str]]:
    strings = hostile_strings(tmp_path)
    project = tmp_path / "project"
    game = project / "cards" / "hostile"
    write(
        game / "game.yaml",
        {
            "id": "hostile",
            "name": strings[0],
            "text": strings[4],
            "players": {"min": 2, "max": 3},
            "relations": {"left": 1, "right": -1, "neighbours": ["left", "right"]},
            "resources": {"wood": {}},
            "counters": {"coins": {"start": 3}, "points": {"min": None}},
            "zones": {"city": {}, "discard": {"shared": True}},
            "kinds": {"card": {"zone": "city", "fields": {"flavour": {"type": "choice", "values": strings}}}},
            "triggers": {"built": {}, "lambda": {"description": strings[3], "details": ["detail"]}},
        },
    )
    # Card ids that are Python keywords, each card carrying hostile strings where strings may go.
    for index, (card_id, text) in enumerate(
        zip(["class", "import", "lambda", "def", "match", "return", "none", "print"], strings)
    ):
        wanted = strings[(index + 1) % len(strings)]
        write(
            game / f"{card_id}.yaml",
            {
                "id": card_id,
                "name": strings[index][:200],
                "kind": "card",
                "flavour": text,
                "text": (text + " ") * 3 + "long " * 800,  # long, and under the loader's 64 brackets a line
                "effects": [
                    {"on": "built", "do": [{"gain": {"coins": 1}}]},
                    {
                        "on": "lambda",
                        "if": {"event": {"detail": wanted}},
                        "do": [{"gain": {"points": {"count": {"kind": "card", "where": {"flavour": [text, wanted]}}}}}],
                    },
                ],
                "examples": [
                    {
                        "name": text[:200],
                        "given": {"p1": {"coins": 0}},
                        "when": {"build": card_id, "by": "p1"},
                        "expect": {"p1": {"coins": 1, "city": [card_id]}},
                    },
                    {
                        "name": wanted[:200],
                        "given": {"p1": {"city": [card_id]}},
                        "when": {"event": "lambda", "by": "p1", "detail": wanted},
                        "expect": {"p1": {"points": 1}},
                    },
                    {
                        "name": "another detail",
                        "given": {"p1": {"city": [card_id]}},
                        "when": {"event": "lambda", "by": "p1", "detail": text},
                        "expect": {"p1": {"points": 0}},
                    },
                ],
            },
        )
    # A file name that is itself hostile.
    weird = game / 'we\'ird "file" ü {{x}}.yaml'
    write(
        weird,
        {
            "id": "odd_file",
            "name": strings[5],
            "kind": "card",
            "flavour": strings[6],
            "text": strings[7],
            "effects": [
                {
                    "on": "built",
                    "do": [
                        {"gain": {"points": 2}},
                        {"announce": {"trigger": "lambda", "details": {"detail": strings[1]}}},
                    ],
                }
            ],
            "examples": [
                {
                    "name": strings[2],
                    "when": {"build": "odd_file", "by": "p2"},
                    "given": {"players": 3},
                    "expect": {"p2": {"points": 2}},
                },
                # The announced detail is what the 'class' card listens for: it scores through the event.
                {
                    "name": "announced",
                    "when": {"build": "odd_file", "by": "p1"},
                    "given": {"p1": {"city": ["class"]}},
                    "expect": {"p1": {"points": 3}},
                },
            ],
        },
    )
    return project, strings


def test_hostile_cards_compile_run_and_stay_literals(hostile_project, ostraka):
    project, strings = hostile_project
    out = project / "out"
    result = ostraka("build", "--out", str(out), cwd=project)
    assert result.exit_code == 0, result.output
    source = (out / "hostile" / "handlers.py").read_text(encoding="utf-8")

    # It compiles, and every hostile string that reached it is a whole string constant.
    tree = ast.parse(source)
    constants = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    for s in strings:
        assert s in constants, f"{s[:30]!r} is not a literal of the generated code"

    # Outside string literals and comments, nothing of the data is left: only code we wrote.
    code_only = []
    comments = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            comments.append(token.string)
        elif token.type != tokenize.STRING:
            code_only.append(token.string)
    code_text = " ".join(code_only)
    for fragment in ("pwned", "jinja", "漢字", "{{", "{%", "__import__", "exec", "ünïcødé", "LLLL", "slash"):
        assert fragment not in code_text, fragment
    for comment in comments:
        assert comment.isascii() and "\n" not in comment and "{{" not in comment.replace("{{x}}", ""), comment
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    assert not names & {"os", "open", "exec", "eval", "__import__", "print"}, names
    assert "odd_file" in source and "\\xfc" in source  # the odd file is named in an escaped comment

    # It runs: every example passes through the handlers, exactly as through the interpreter.
    fast = ostraka("check", "--engine", "handlers", cwd=project)
    assert fast.exit_code == 0, fast.output
    run = load([], project)
    (game,) = run.games
    handlers = engine.load_source(source, "hostile/handlers.py")
    examples = 0
    for card in game.cards.values():
        for example in card.examples:
            snapshots = []
            for path in (None, handlers):
                state = setup(game, example.given)
                decider = Scripted(example.answers)
                trigger(game, state, example.when, decider, handlers=path)
                snapshots.append((state.snapshot(), [(q.about, q.options, q.answer) for q in decider.asked]))
            assert snapshots[0] == snapshots[1], (card.id, example.name)
            examples += 1
    assert examples == 8 * 3 + 2
    # ... and did nothing but the cards' effects: the payloads never ran.
    assert not (project.parent / PWNED).exists()
    assert generator.render(game) == source


def test_a_hostile_value_cannot_be_printed_raw(hostile_project):
    """Even a template that forgot lit() could not paste a hostile string: the environment refuses it."""
    from compiler.codegen.jinja import environment
    from compiler.codegen.names import UnsafeValue

    _project, strings = hostile_project
    for s in strings:
        with pytest.raises(UnsafeValue):
            environment().from_string("x = {{ s }}").render(s=s)
