"""Every diagnostic code has a fixture that triggers it at a known file, line and column."""

from __future__ import annotations

import re
import shutil

import pytest

from compiler.core.diagnostics import CODES, Diagnostic, Report, render_github, render_text

from repo_paths import TESTS

FIXTURES = TESTS / "fixtures"

BAD = sorted((FIXTURES / "bad").glob("*.yaml"))
# Codes proven elsewhere: a project-level situation rather than a bad card file.
ELSEWHERE = {
    "E305": "test_missing_game_yaml",
    "E306": "test_unknown_game_path",
    "E307": "test_naming.py::test_a_card_id_of_two_games_is_refused_with_the_qualified_choices",
    "E901": "test_internal_error_is_not_a_traceback",
    "E404": "test_game_length.py::test_check_finds_a_flow_that_cannot_end",
    # failures of the machine, not of a card file: tests/robustness/test_build_safety.py
    "E701": "test_out_cards_is_refused_and_deletes_nothing",
    "E702": "test_an_unwritable_parent_is_a_located_error",
    "E703": "test_generated_as_a_mount_point_is_a_located_error",
    "E704": "test_sheet_into_a_missing_folder_or_a_full_device",
    "E705": "test_a_full_disk_is_a_located_error_and_keeps_the_previous_output",
    "E706": "test_other_io_errors_are_located",
    "E601": "test_sweep.py::test_variant_fixtures_report_their_code_at_their_position",
    # a trade price for sellers game.yaml's trade never reaches (it needs a trade in game.yaml)
    "E312": "test_buy_from.py::test_a_price_for_players_never_bought_from_is_refused",
    # a step of the flow (game.yaml) refused while the game is set up
    "E405": "test_step_refused.py::test_a_refused_setup_step_is_found_at_check_time",
    # a declaration of game.yaml that the cards leave unfilled
    "E311": "test_unfilled_details.py::test_a_detail_nothing_gives_is_refused_at_its_declaration",
}


def _expectation(path):
    head = path.read_bytes().split(b"\n", 1)[0].decode()
    match = re.match(r"# expect: (\w+) (\d+):(\d+)", head)
    assert match, f"{path.name} lacks its '# expect: CODE line:col' header"
    return match.group(1), int(match.group(2)), int(match.group(3))


def test_every_code_has_a_fixture():
    covered = {_expectation(p)[0] for p in BAD} | set(ELSEWHERE)
    missing = [code for code in CODES if code not in covered and not code.startswith("W")]
    assert not missing, f"codes without a fixture: {missing}"


def test_the_mini_game_is_clean(ostraka, mini_game):
    result = ostraka("check", str(mini_game), cwd=mini_game.parent.parent)
    assert result.exit_code == 0, result.output
    assert "1 example passed" in result.output


@pytest.mark.parametrize("fixture", BAD, ids=[p.stem for p in BAD])
def test_fixture_reports_its_code_at_its_position(ostraka, mini_game, fixture):
    code, line, column = _expectation(fixture)
    shutil.copy(fixture, mini_game / fixture.name)
    before = sorted(p.name for p in mini_game.parent.parent.rglob("*"))
    result = ostraka("check", "--format", "json", str(mini_game), cwd=mini_game.parent.parent)
    assert result.exit_code == 1, result.output
    found = [(d["code"], d["file"], d["line"], d["column"]) for d in result.json()["diagnostics"]]
    assert (code, f"cards/mini/{fixture.name}", line, column) in found, found
    # check writes nothing but its cache (.ostraka/, gitignored; see cache.py)
    assert sorted(p.name for p in mini_game.parent.parent.rglob("*") if ".ostraka" not in p.parts) == before


def test_all_errors_of_a_run_are_reported_together(ostraka, mini_game):
    for name in ("E102_duplicate_key.yaml", "E204_unknown_primitive.yaml", "E301_unknown_noun.yaml"):
        shutil.copy(FIXTURES / "bad" / name, mini_game / name)
    result = ostraka("check", "--format", "json", str(mini_game), cwd=mini_game.parent.parent)
    codes = {d["code"] for d in result.json()["diagnostics"]}
    assert {"E102", "E204", "E301"} <= codes


def test_text_format_shows_the_line_with_a_caret_and_a_hint(ostraka, mini_game):
    shutil.copy(FIXTURES / "bad" / "E204_unknown_primitive.yaml", mini_game)
    result = ostraka("check", str(mini_game), cwd=mini_game.parent.parent)
    assert "cards/mini/E204_unknown_primitive.yaml:8:9: error E204: unknown effect primitive 'gian'" in result.output
    assert "      - gian: {coins: 1}\n" in result.output
    assert "hint: did you mean 'gain'?" in result.output
    assert result.output.rstrip().splitlines()[-1].startswith("3 files, 1 card, 1 error")


def test_did_you_mean_for_nouns_and_card_ids(ostraka, mini_game):
    shutil.copy(FIXTURES / "bad" / "E301_unknown_noun.yaml", mini_game)
    shutil.copy(FIXTURES / "bad" / "E302_dangling_reference.yaml", mini_game)
    result = ostraka("check", "--format", "json", str(mini_game), cwd=mini_game.parent.parent)
    hints = {d["code"]: d["hint"] for d in result.json()["diagnostics"]}
    assert (
        hints["E301"] == "did you mean 'marble'?"
        or "did you mean" in hints["E301"]
        or hints["E301"].startswith("declare")
    )
    assert hints["E302"] == "did you mean 'good'?"


def test_github_format(ostraka, mini_game):
    shutil.copy(FIXTURES / "bad" / "E204_unknown_primitive.yaml", mini_game)
    result = ostraka("check", "--format", "github", str(mini_game), cwd=mini_game.parent.parent)
    assert (
        "::error file=cards/mini/E204_unknown_primitive.yaml,line=8,col=9,title=E204::"
        "unknown effect primitive 'gian' (did you mean 'gain'?)"
    ) in result.output


def test_missing_game_yaml(ostraka, tmp_path):
    (tmp_path / "cards" / "lost").mkdir(parents=True)
    (tmp_path / "cards" / "lost" / "card.yaml").write_text("id: x\n")
    result = ostraka("check", "--format", "json", cwd=tmp_path)
    assert result.exit_code == 1
    assert [d["code"] for d in result.json()["diagnostics"]] == ["E305"]


def test_unknown_game_path(ostraka, tmp_path):
    (tmp_path / "cards").mkdir()
    result = ostraka("check", "--format", "json", "cards/nowhere", cwd=tmp_path)
    assert result.exit_code == 1
    assert [d["code"] for d in result.json()["diagnostics"]] == ["E306"]


def test_usage_error_exits_2(ostraka):
    assert ostraka("check", "--format", "xml").exit_code == 2
    assert ostraka("deck", "seven_wonders", "--players", "9", "--age", "1").exit_code == 2


def test_internal_error_is_not_a_traceback(monkeypatch, capsys):
    import compiler.cli.main as cli_module

    def boom(*_a, **_k):
        raise RuntimeError("simulated bug")

    monkeypatch.setattr(cli_module.common, "load", boom)
    monkeypatch.setattr("sys.argv", ["ostraka", "cards", "seven_wonders"])
    with pytest.raises(SystemExit) as exit_info:
        cli_module.main()
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "error E901: internal error: RuntimeError: simulated bug" in err
    assert "Traceback" not in err


def test_renderers_escape_github_properties():
    d = Diagnostic("E201", "bad\nvalue, 100%", "a,b:c.yaml", 3, 4, "hint")
    assert render_github(d) == "::error file=a%2Cb%3Ac.yaml,line=3,col=4,title=E201::bad%0Avalue, 100%25 (hint)"
    assert render_text(d).startswith("a,b:c.yaml:3:4: error E201: bad")


def test_codes_are_well_formed_and_unique():
    names = [c.name for c in CODES.values()]
    assert len(names) == len(set(names))
    for code in CODES:
        assert re.fullmatch(r"[EW]\d{3}", code)
    report = Report()
    assert report.exit_code() == 0


def test_an_example_reading_a_broken_card_points_at_that_card(ostraka, mini_game):
    (mini_game / "reader.yaml").write_text(
        "id: reader\nname: Reader\nkind: card\nexamples:\n"
        "  - name: holds good\n    given: {p1: {city: [good]}}\n    when: {build: reader}\n    expect: {p1: {city: [good, reader]}}\n"
    )
    good = mini_game / "good.yaml"
    good.write_text(good.read_text().replace("gain: {coins: 2}", "gian: {coins: 2}"))
    result = ostraka("check", "--format", "json", str(mini_game), cwd=mini_game.parent.parent)
    diagnostics = result.json()["diagnostics"]
    assert [d["code"] for d in diagnostics] == ["E204"]  # the example's failure is folded under its cause
    assert diagnostics[0]["file"] == "cards/mini/good.yaml"
    (note,) = diagnostics[0]["related"]
    assert note["file"] == "cards/mini/reader.yaml" and note["line"] == 6
    assert note["message"] == "example 'holds good' of 'reader' also fails: it reads 'good'"


def test_names_nested_in_arguments_that_quote_the_language_models_are_checked(ostraka, mini_game):
    """A `choose` option's actions and a `build` price are typed by the language's own models (quoted
    names, bound once they exist): the names inside them are resolved like any other."""
    (mini_game / "quarry.yaml").write_text(
        "id: quarry\nname: Quarry\nkind: card\neffects:\n  - on: built\n    do:\n"
        "      - choose:\n          options:\n            one: [{gain: {stnoe: 1}}]\n"
        "      - build: {card: good, price: {coinz: 1}}\n"
        "examples:\n  - {name: x, when: {build: quarry}, expect: {}}\n",
        encoding="utf-8",
    )
    result = ostraka("check", "--format", "json", str(mini_game), cwd=mini_game.parent.parent)
    found = {(d["code"], d["message"], d["line"]) for d in result.json()["diagnostics"]}
    assert ("E301", "unknown counter, resource or track 'stnoe'", 9) in found, found
    assert ("E301", "unknown counter, resource or track 'coinz'", 10) in found, found
