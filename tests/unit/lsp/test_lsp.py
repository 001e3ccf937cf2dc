"""`ostraka lsp` driven over stdio as an editor drives it, on a copy of a shipped game (7 Wonders):
initialize, didOpen, didChange, hover, definition, references, completion, code lens,
executeCommand, shutdown and exit. Speed is measured by `make bench` (bench/lsp.py), not here."""

from __future__ import annotations

import shutil

import pytest

from bench.lspclient import Client

from repo_paths import REPO

TOWER = "cards/seven_wonders/age1/guard_tower.yaml"
POOL = "cards/seven_wonders/age1/clay_pool.yaml"
GAME = "cards/seven_wonders/game.yaml"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    root = tmp_path_factory.mktemp("lsp")
    shutil.copytree(REPO / "cards" / "seven_wonders", root / "cards" / "seven_wonders")
    client = Client(root)
    result = client.initialize()
    caps = result["capabilities"]
    assert caps["hoverProvider"] and caps["definitionProvider"] and caps["referencesProvider"]
    assert "ostraka.runExamples" in caps["executeCommandProvider"]["commands"]
    yield client
    assert client.close() == 0, client.stderr()


def _text(server: Client, path: str) -> str:
    return (server.root / path).read_text(encoding="utf-8")


def _line_of(text: str, needle: str) -> tuple[int, int]:
    for i, line in enumerate(text.split("\n")):
        if needle in line:
            return i, line.index(needle)
    raise AssertionError(needle)


def _hover(server: Client, path: str, line: int, char: int) -> str:
    found = server.at("textDocument/hover", path, line, char)
    assert found is not None, (path, line, char)
    return found["contents"]["value"]


def test_open_and_type_publishes_findings_at_their_range(server):
    text = _text(server, TOWER)
    mark = len(server.notifications)
    server.open(TOWER)
    assert server.diagnostics(TOWER, mark) == []  # the shipped card is clean
    mark = len(server.notifications)
    line, col = _line_of(text, "shields: 1")
    server.edit(TOWER, line, col + len("shields: "), col + len("shields: 1"), "2")  # one keystroke's range
    found = server.diagnostics(TOWER, mark)
    by_code = {d["code"]: d for d in found}
    assert set(by_code) == {"W501", "E401"}, found
    text_finding = by_code["W501"]
    assert "text says 1 shield; effects give 2" in text_finding["message"] and "hint:" in text_finding["message"]
    text_line, text_col = _line_of(text, "one shield")
    assert text_finding["range"] == {
        "start": {"line": text_line, "character": text_col},
        "end": {"line": text_line, "character": text_col + len("one")},
    }
    assert text_finding["severity"] == 2 and by_code["E401"]["severity"] == 1
    assert text_finding["relatedInformation"][0]["message"] == "the effect concerned"
    failed = by_code["E401"]
    assert "shields is 2, expected 1" in failed["message"]
    lines = text.split("\n")
    expect_line = max(i for i, t in enumerate(lines) if t == "      shields: 1")  # the expect's, not the effect's
    assert failed["range"]["start"] == {"line": expect_line, "character": len("      shields: ")}
    mark = len(server.notifications)
    server.change(TOWER, text)
    assert server.diagnostics(TOWER, mark) == []


def test_an_edit_publishes_what_it_breaks_in_other_files(server):
    text = _text(server, TOWER)
    mark = len(server.notifications)
    server.change(TOWER, text.replace("cost:\n  clay: 1", "cost:\n  clay: 1\n  coins: 1"))
    pool = server.diagnostics(POOL, mark)  # clay_pool's example buys the tower's clay
    assert pool and all(d["code"] == "E401" for d in pool), pool
    assert any("the left neighbour buys its clay" in d["message"] for d in pool)
    pool_text = _text(server, POOL)
    line, col = _line_of(pool_text, "coins: 1")
    said = _hover(server, POOL, line, col + len("coins: "))  # the number in the failing expect
    assert "p1.coins is" in said and "expected 1" in said, said
    mark = len(server.notifications)
    server.change(TOWER, text)
    assert server.diagnostics(POOL, mark) == []  # fixed: the other file is cleared


def test_half_typed_yaml_is_one_finding_and_the_last_good_model_serves(server):
    text = _text(server, TOWER)
    mark = len(server.notifications)
    broken = text.replace("kind: card\n", "kind: card\n  age: [1\n", 1)
    server.change(TOWER, broken)
    found = server.diagnostics(TOWER, mark)
    assert [d["code"] for d in found] == ["E101"], found
    assert found[0]["range"]["start"]["line"] in (3, 4)
    # the examples that build the tower now fail because of it: folded under its error, not in clay_pool
    assert any("clay_pool" in r["message"] for r in found[0].get("relatedInformation") or []), found
    # hover and completion still answer, from the last good model
    said = _hover(server, TOWER, 0, 6)
    assert "**Guard Tower**" in said and "gain 1 shield" in said, said
    line, col = _line_of(broken, "shields: 1")
    items = server.at("textDocument/completion", TOWER, line, col + 3)["items"]
    assert "shields" in {i["label"] for i in items}
    mark = len(server.notifications)
    server.change(TOWER, text)
    assert server.diagnostics(TOWER, mark) == []
    assert _hover(server, TOWER, 0, 6).startswith("**Guard Tower**")


def test_hover_on_a_card_id_a_primitive_and_a_noun(server):
    pool_text = _text(server, POOL)
    line, col = _line_of(pool_text, "build: guard_tower")
    said = _hover(server, POOL, line, col + len("build: ") + 2)
    assert "**Guard Tower** · card `guard_tower`" in said
    assert "Adds one shield to your military strength." in said and "*As compiled:* When built: gain 1 shield" in said
    line, col = _line_of(pool_text, "produce:")
    said = _hover(server, POOL, line, col + 2)
    assert said.startswith("**produce** (passive)") and "```yaml" in said
    tower = _text(server, TOWER)
    line, col = _line_of(tower, "'on': built")
    said = _hover(server, TOWER, line, col + len("'on': ") + 1)
    assert "**built**: trigger of 7 Wonders" in said and "has just been built" in said


def test_definition_and_references(server):
    pool_text = _text(server, POOL)
    line, col = _line_of(pool_text, "build: guard_tower")
    [where] = server.at("textDocument/definition", POOL, line, col + len("build: ") + 1)
    assert where["uri"] == server.uri(TOWER) and where["range"]["start"]["line"] == 0
    refs = server.at(
        "textDocument/references", POOL, line, col + len("build: ") + 1, context={"includeDeclaration": True}
    )
    files = {r["uri"].rsplit("/", 1)[1] for r in refs}
    assert {"guard_tower.yaml", "clay_pool.yaml", "caravansery.yaml", "babylon_a.yaml"} <= files, files
    without = server.at(
        "textDocument/references", POOL, line, col + len("build: ") + 1, context={"includeDeclaration": False}
    )
    assert len(without) == len(refs) - 1
    game = _text(server, GAME)
    tower = _text(server, TOWER)
    for needle, offset, declared in (
        ("kind: card", 6, "  card:"),
        ("shields: 1", 1, "  shields:"),
        ("'on': built", 7, "  built:"),
    ):
        line, col = _line_of(tower, needle)
        [where] = server.at("textDocument/definition", TOWER, line, col + offset)
        assert where["uri"] == server.uri(GAME), needle
        assert where["range"]["start"]["line"] == _line_of(game, declared)[0], needle
    babylon = _text(server, "cards/seven_wonders/wonders/babylon_b.yaml")
    line, col = _line_of(babylon, "param: play_last_card")
    [where] = server.at("textDocument/definition", "cards/seven_wonders/wonders/babylon_b.yaml", line, col + 9)
    assert where["range"]["start"]["line"] == _line_of(game, "play_last_card:")[0]
    line, col = _line_of(game, "  shields:")
    refs = server.at("textDocument/references", GAME, line, col + 3, context={"includeDeclaration": True})
    assert len({r["uri"] for r in refs}) > 5  # the counter is used by many cards


def test_completion_offers_primitives_fields_nouns_ids_and_triggers(server):
    tower = _text(server, TOWER)
    line, _col = _line_of(tower, "  - gain:")
    items = server.at("textDocument/completion", TOWER, line, 5)["items"]  # "  - g|"
    by_label = {i["label"]: i for i in items}
    assert "gain" in by_label and by_label["gain"]["detail"] == "action"
    assert "```yaml" in by_label["gain"]["documentation"]["value"]
    line, col = _line_of(tower, "'on': built")
    items = server.at("textDocument/completion", TOWER, line, col + len("'on': "))["items"]
    by_label = {i["label"]: i for i in items}
    assert by_label["end_of_age"]["detail"] == "trigger"
    assert by_label["clay_pool"]["detail"] == "card: Clay Pool"
    assert by_label["coins"]["detail"] == "counter"
    assert by_label["colour"]["detail"].startswith("field of card")
    values = sorted(items, key=lambda i: i["sortText"])
    assert values[0]["kind"] != 3  # at a value, names come before primitives (3: Function)


def test_code_lens_runs_a_cards_examples(server):
    [lens] = server.request("textDocument/codeLens", {"textDocument": {"uri": server.uri(TOWER)}})
    command = lens["command"]
    assert command["command"] == "ostraka.runExamples" and command["arguments"][1] == "guard_tower"
    result = server.request(
        "workspace/executeCommand", {"command": command["command"], "arguments": command["arguments"]}
    )
    examples = _text(server, TOWER).count("\n- name: ")
    assert result == {"card": "guard_tower", "passed": examples, "failed": 0, "messages": []}
    [lens] = server.request("textDocument/codeLens", {"textDocument": {"uri": server.uri(TOWER)}})
    assert lens["command"]["title"].startswith("✓") and "passed" in lens["command"]["title"]
    text = _text(server, TOWER)
    mark = len(server.notifications)
    server.change(TOWER, text.replace("shields: 1", "shields: 3", 1))  # the effect's, not the expect's
    server.diagnostics(TOWER, mark)
    result = server.request(
        "workspace/executeCommand", {"command": "ostraka.runExamples", "arguments": command["arguments"]}
    )
    assert result["failed"] >= 1 and any("expected 1" in m for m in result["messages"])
    [lens] = server.request("textDocument/codeLens", {"textDocument": {"uri": server.uri(TOWER)}})
    assert lens["command"]["title"].startswith("✗")
    mark = len(server.notifications)
    server.change(TOWER, text)
    assert server.diagnostics(TOWER, mark) == []


def test_the_server_survives_nonsense(server):
    assert server.at("textDocument/hover", TOWER, 999, 999) is None
    assert server.request("workspace/executeCommand", {"command": "ostraka.runExamples", "arguments": [1]}) is None
    mark = len(server.notifications)
    server.change(TOWER, "\x00\t: : [\n")
    assert server.diagnostics(TOWER, mark)
    mark = len(server.notifications)
    server.change(TOWER, _text(server, TOWER))
    assert server.diagnostics(TOWER, mark) == []
    assert server.proc.poll() is None
