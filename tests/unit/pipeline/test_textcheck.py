"""Card text against effects (W501): the real data is clean in strict mode, and mutations of real
cards (a number changed in the effects only, a resource swapped, a clause dropped, ...) are each
reported at the line and column of the text where the disagreement shows."""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from compiler.model.game import Game
from compiler.pipeline.check.text.reading import read
from compiler.pipeline.check.textcheck import Vocabulary
from compiler.render.english import English

from repo_paths import REPO, TESTS

FIXTURES = TESTS / "fixtures"
GAME = "seven_wonders"


# ------------------------------------------------------------------------------ the real data


def test_real_cards_are_clean_in_strict_mode(ostraka):
    result = ostraka("check", "--strict", "--no-cache", "--format", "json", str(REPO / "cards"))
    diagnostics = result.json()["diagnostics"]
    mismatches = [f"{d['file']}:{d['line']}:{d['column']}: {d['message']}" for d in diagnostics if d["code"] == "W501"]
    assert not mismatches, "card texts disagree with their effects:\n" + "\n".join(mismatches)
    assert result.exit_code == 0, [d for d in diagnostics]


def test_fixture_warns_and_strict_makes_it_an_error(ostraka, mini_game):
    fixture = FIXTURES / "text" / "W501_text_mismatch.yaml"
    code, line, column = re.match(r"# expect: (\w+) (\d+):(\d+)", fixture.read_text().splitlines()[0]).groups()
    shutil.copy(fixture, mini_game / fixture.name)
    root = mini_game.parent.parent
    result = ostraka("check", "--no-cache", "--format", "json", str(mini_game), cwd=root)
    assert result.exit_code == 0, result.output
    found = [
        (d["code"], d["severity"], d["file"], d["line"], d["column"], d["message"])
        for d in result.json()["diagnostics"]
    ]
    assert (
        code,
        "warning",
        f"cards/mini/{fixture.name}",
        int(line),
        int(column),
        "Miscount: text says 2 coins; effects give 3",
    ) in found
    strict = ostraka("check", "--no-cache", "--strict", str(mini_game), cwd=root)
    assert strict.exit_code == 1
    assert (
        f"cards/mini/{fixture.name}:{line}:{column}: error W501: Miscount: text says 2 coins; effects give 3"
        in strict.output
    )


# ------------------------------------------------------------------------------ mutations


def _rt() -> YAML:
    yaml = YAML(typ="rt")
    yaml.width = 4096
    yaml.preserve_quotes = True
    return yaml


def _entity(data, card_id):
    if isinstance(data, list):
        return next(item for item in data if item.get("id") == card_id)
    assert data["id"] == card_id
    return data


def _mutate(root: Path, rel: str, card_id: str, change) -> Path:
    path = root / "cards" / GAME / rel
    yaml = _rt()
    data = yaml.load(path.read_text(encoding="utf-8"))
    change(_entity(data, card_id))
    out = io.StringIO()
    yaml.dump(data, out)
    path.write_text(out.getvalue(), encoding="utf-8")
    return path


def _position(path: Path, card_id: str, word: str | None) -> tuple[int, int]:
    """Where the card's text shows `word` (or where its text starts), found in the file's lines."""
    source = path.read_text(encoding="utf-8")
    at = re.search(rf"^\s*(- )?id: {card_id}\s*$", source, re.M).start()
    text_key = re.compile(r"^\s*text: ", re.M).search(source, at)
    start = text_key.end()
    if word is not None:
        start = re.compile(rf"(?<![A-Za-z]){word}(?![A-Za-z])").search(source, start).start()
    line = source.count("\n", 0, start) + 1
    return line, start - (source.rfind("\n", 0, start) + 1) + 1


def _set_in_effects(key, new):
    def change(card):
        def walk(node):
            if isinstance(node, dict):
                for k in list(node):
                    if k == key:
                        node[k] = new
                    else:
                        walk(node[k])
            elif isinstance(node, list):
                for item in node:
                    walk(item)

        walk(card["effects"])

    return change


def _rename_in_effects(old, new):
    def change(card):
        def walk(node):
            if isinstance(node, dict):
                for k in list(node):
                    walk(node[k])
                    if isinstance(node[k], str) and node[k] == old:
                        node[k] = new
                    if k == old:
                        node.insert(list(node).index(k), new, node.pop(k))
            elif isinstance(node, list):
                for i, item in enumerate(node):
                    if item == old:
                        node[i] = new
                    else:
                        walk(item)

        walk(card["effects"])

    return change


def _drop_effect(index):
    def change(card):
        del card["effects"][index]

    return change


def _text(old, new):
    def change(card):
        assert old in card["text"]
        card["text"] = card["text"].replace(old, new, 1)

    return change


# (name, file, card, mutation, word in the text where it is reported (None: the text's start), message)
MUTATIONS = [
    (
        "number changed in the effects only",
        "age1/altar.yaml",
        "altar",
        _set_in_effects("points", 3),
        "two",
        "Altar: text says 2 victory points; effects give 3",
    ),
    (
        "number changed in the text only",
        "age1/tavern.yaml",
        "tavern",
        _text("five coins", "six coins"),
        "six",
        "Tavern: text says 6 coins; effects give 5",
    ),
    (
        "resource swapped",
        "age1/lumber_yard.yaml",
        "lumber_yard",
        _rename_in_effects("wood", "stone"),
        "wood",
        'Lumber Yard: text says "wood" where the effects have 1 stone',
    ),
    (
        "clause dropped",
        "wonders/ephesos_b.yaml",
        "ephesos_b_1",
        _drop_effect(1),
        "coins",
        "Ephesos (B) stage 1: text mentions coins; the effects do not",
    ),
    (
        "neighbour swapped",
        "age1/east_trading_post.yaml",
        "east_trading_post",
        _rename_in_effects("right", "left"),
        "right",
        'East Trading Post: text says "right neighbour" where the effects have left neighbour',
    ),
    (
        "colour swapped",
        "guilds/magistrates_guild.yaml",
        "magistrates_guild",
        _rename_in_effects("blue", "green"),
        "blue",
        'Magistrates Guild: text says "blue" where the effects have green',
    ),
    (
        "counter swapped",
        "age1/stockade.yaml",
        "stockade",
        _rename_in_effects("shields", "coins"),
        "shield",
        'Stockade: text says "shield" where the effects have 1 coin',
    ),
    (
        "per-card amount changed",
        "age3/chamber_of_commerce.yaml",
        "chamber_of_commerce",
        _drop_effect(1),
        "victory",
        "Chamber of Commerce: text mentions victory points; the effects do not",
    ),
    (
        "an optional build told as a must",
        "wonders/halikarnassus_a.yaml",
        "halikarnassus_a_2",
        _text("you may build", "build"),
        None,
        "Halikarnassus (A) stage 2: the effects let the player decline; the text says it always happens",
    ),
]


@pytest.fixture(scope="module")
def mutated(tmp_path_factory):
    """One copy of the game with every mutation applied (each to its own card), checked once."""
    from click.testing import CliRunner

    from compiler.cli.main import cli

    root = tmp_path_factory.mktemp("mutated")
    shutil.copytree(REPO / "cards" / GAME, root / "cards" / GAME)
    paths = {}
    for _name, rel, card_id, change, _word, _message in MUTATIONS:
        if change is not None:
            paths[card_id] = _mutate(root, rel, card_id, change)
    import os

    old = os.getcwd()
    os.chdir(root)
    try:
        result = CliRunner().invoke(
            cli, ["check", "--no-cache", "--format", "json", f"cards/{GAME}"], catch_exceptions=False
        )
    finally:
        os.chdir(old)
    import json

    return root, json.loads(result.output)["diagnostics"]


@pytest.mark.parametrize("name,rel,card_id,change,word,message", MUTATIONS, ids=[m[0] for m in MUTATIONS])
def test_mutation_is_reported_at_its_line(mutated, name, rel, card_id, change, word, message):
    root, diagnostics = mutated
    path = root / "cards" / GAME / rel
    line, column = _position(path, card_id, word)
    found = [(d["file"], d["line"], d["column"], d["message"]) for d in diagnostics if d["code"] == "W501"]
    assert (f"cards/{GAME}/{rel}", line, column, message) in found, (
        f"{name}: expected {rel}:{line}:{column} {message!r}; W501 found: {[f for f in found if f[0].endswith(rel)]}"
    )


def test_text_output_prints_each_hint_once_json_keeps_every_one(mutated, ostraka):
    """Ten findings share a handful of hints: the text output prints each once, under its first finding."""
    root, diagnostics = mutated
    hints = [d["hint"] for d in diagnostics if d["code"] == "W501"]
    assert all(hints) and len(hints) > len(set(hints))
    text = ostraka("check", "--no-cache", f"cards/{GAME}", cwd=root).output
    shown = [line.strip()[len("hint: ") :] for line in text.splitlines() if line.strip().startswith("hint: ")]
    assert all(shown.count(hint) == 1 for hint in hints), text
    assert text.count(" W501: ") == len(hints)
    github = ostraka("check", "--no-cache", "--format", "github", f"cards/{GAME}", cwd=root).output
    assert sum(1 for line in github.splitlines() if line.startswith("::warning")) == len(hints)


def test_a_swapped_word_is_one_finding(mutated):
    """A name swapped for another of its kind is one finding at the word, not one per side."""
    _root, diagnostics = mutated
    for rel in (
        "age1/lumber_yard.yaml",
        "age1/east_trading_post.yaml",
        "guilds/magistrates_guild.yaml",
        "age1/stockade.yaml",
    ):
        assert len([d for d in diagnostics if d["code"] == "W501" and d["file"] == f"cards/{GAME}/{rel}"]) == 1, rel


def test_unmutated_cards_stay_quiet(mutated):
    _root, diagnostics = mutated
    touched = {f"cards/{GAME}/{m[1]}" for m in MUTATIONS}
    stray = [d for d in diagnostics if d["code"] == "W501" and d["file"] not in touched]
    assert not stray, stray


# ------------------------------------------------------------------------------ the reader


def _game() -> Game:
    return Game.model_validate(
        {
            "id": "toy",
            "name": "Toy",
            "players": {"min": 2, "max": 4},
            "relations": {"left": 1, "right": -1, "neighbours": ["left", "right"]},
            "resources": {"wood": {}, "glass": {}},
            "counters": {
                "coins": {},
                "points": {"label": "victory points"},
                "any_symbol": {"label": "wild symbol", "aliases": ["symbol of your choice"]},
            },
            "tracks": {"culture": {"spaces": 10}},
            "kinds": {"card": {"fields": {"colour": {"type": "choice", "values": ["brown", "grey"]}}}},
        }
    )


def _read(text):
    vocab = Vocabulary(_game(), {})
    reading = read(vocab, text)
    return {(m.key[1], m.number) for m in reading.mentions}, sorted(n for n, _s, _e in reading.loose)


def test_number_words_and_digits_bind_to_the_noun_that_follows():
    assert _read("Gain two victory points and 3 coins.")[0] == {("points", 2), ("coins", 3)}
    assert _read("Score one victory point.")[0] == {("points", 1)}
    assert _read("Take twelve more coins.")[0] == {("coins", 12)}


def test_plurals_labels_aliases_and_relations():
    mentions, _ = _read("One wood from your left neighbour, a glass from both neighbours; one symbol of your choice.")
    assert ("wood", 1) in mentions and ("left", None) in mentions and ("neighbours", None) in mentions
    assert ("any_symbol", 1) in mentions and ("glass", 1) in mentions


def test_a_count_of_people_is_not_an_amount():
    mentions, loose = _read("For each grey card in your two neighbours' cities.")
    assert ("neighbours", None) in mentions and ("grey", 1) in mentions
    assert loose == []


def test_numbers_standing_alone_are_kept():
    _mentions, loose = _read("If your culture is at least 6, advance it.")
    assert loose == [6]


def test_card_names_match_as_written():
    game = _game()

    class C:
        def __init__(self, name):
            self.name = name

    vocab = Vocabulary(game, {"temple": C("Temple")})
    assert ("card", "temple") in {m.key for m in read(vocab, "With a Temple, gain 2 coins.").mentions}
    assert ("card", "temple") not in {m.key for m in read(vocab, "a temple of the city").mentions}


def test_a_kind_or_a_choice_value_named_like_a_card_is_not_that_card():
    """'Temples you own' names the kind even when a card is called Temple; a 'mint' building is of the
    group, not the Mint: the text that names them is not told it mentions a card the effects lack."""
    from compiler.model.game import Card
    from compiler.pipeline.check.textcheck import compare

    game = Game.model_validate(
        {
            "id": "toy",
            "name": "Toy",
            "players": {"min": 2, "max": 4},
            "counters": {"coins": {}},
            "kinds": {
                "temple": {"fields": {}},
                "building": {"fields": {"group": {"type": "choice", "values": ["silver_mine", "city"]}}},
            },
        }
    )
    cards = {
        "temple": Card.model_validate(
            {"id": "temple", "name": "Temple", "kind": "building", "group": "city", "text": ""}
        ),
        "silver_mine": Card.model_validate(
            {"id": "silver_mine", "name": "Silver Mine", "kind": "building", "group": "city", "text": ""}
        ),
    }
    vocab, en = Vocabulary(game, cards), English(game, cards)
    per_temple = Card.model_validate(
        {
            "id": "c",
            "name": "C",
            "kind": "building",
            "group": "city",
            "text": "When built, gain 1 coin for each Temple you have.",
            "effects": [{"on": "built", "do": [{"gain": {"coins": {"count": {"kind": "temple"}}}}]}],
        }
    )
    assert compare(per_temple, vocab, en) == []
    per_group = per_temple.model_copy(
        update={
            "text": "When built, gain 1 coin for each silver mine building you have.",
            "effects": [
                type(per_temple.effects[0]).model_validate(
                    {
                        "on": "built",
                        "do": [{"gain": {"coins": {"count": {"kind": "building", "where": {"group": "silver_mine"}}}}}],
                    }
                )
            ],
        }
    )
    assert "Silver Mine" not in en.effect(per_group.effects[0])
    assert compare(per_group, vocab, en) == []


def test_rendered_english_reads_back_to_the_same_facts():
    """The checker reads the effects' English with the same reader: what it renders, it must read."""
    from compiler.lang.model import Effect

    game = _game()
    en = English(game, {})
    effect = Effect.model_validate(
        {
            "on": "built",
            "do": [{"gain": {"coins": {"mul": [2, {"count": {"where": {"colour": "grey"}}}]}, "points": 3}}],
        }
    )
    reading = read(Vocabulary(game, {}), en.effect(effect))
    facts = {(m.key[1], m.number) for m in reading.mentions}
    assert {("coins", 2), ("points", 3), ("grey", 1)} <= facts


def _compare(text, effects):
    from compiler.model.game import Card
    from compiler.pipeline.check.textcheck import compare

    game = _game()
    card = Card.model_validate({"id": "c", "name": "C", "kind": "card", "text": text, "effects": effects})
    return [f.message for f in compare(card, Vocabulary(game, {}), English(game, {}))]


def test_spaces_and_markers_are_compared():
    advance = [{"on": "built", "do": [{"advance": {"track": "culture", "by": 3}}]}]
    assert _compare("When built, advance your culture marker two spaces.", advance) == [
        "text says 2 spaces; effects give 3"
    ]
    assert _compare("When built, advance your culture marker three spaces.", advance) == []
    several = [{"on": "built", "do": [{"advance": {"track": "any", "count": 2}}]}]
    assert _compare("When built, advance three different markers one space each.", several) == [
        "text says 3 markers; effects give 2"
    ]


def test_loose_numbers_must_be_in_the_effects():
    gate = [{"on": "built", "if": {"gte": [{"value": "culture"}, 6]}, "do": [{"gain": {"coins": 1}}]}]
    assert _compare("When built, if your culture is at least 6, gain a coin.", gate) == []
    assert _compare("When built, if your culture is at least 5, gain a coin.", gate) == [
        "text says 5; the effects have no 5"
    ]
    assert _compare("When built, if your culture is high enough, gain a coin.", gate) == []  # unsaid: allowed
    assert _compare("When built, gain a coin.", gate) == ["the effects involve culture; the text does not mention it"]


def test_number_words_in_text_and_digits_in_effects_agree():
    assert (
        _compare(
            "When built, gain two coins and one victory point.",
            [{"on": "built", "do": [{"gain": {"coins": 2, "points": 1}}]}],
        )
        == []
    )
    assert _compare("When built, gain two coins.", [{"on": "built", "do": [{"gain": {"coins": 2, "points": 3}}]}]) == [
        "effects give 3 victory points; the text does not mention victory points"
    ]


def test_an_optional_effect_needs_an_optional_text():
    build = [{"on": "built", "do": [{"build": {"card": {"zone": "discard"}, "free": True}}]}]
    assert _compare("When built, build a card from the discard pile for free.", build) == [
        "the effects let the player decline; the text says it always happens"
    ]
    assert _compare("When built, you may build a card from the discard pile for free.", build) == []
    forced = [{"on": "built", "do": [{"build": {"card": {"zone": "discard"}, "free": True, "optional": False}}]}]
    assert _compare("When built, build a card from the discard pile for free.", forced) == []


# ------------------------------------------------------------------------------ cards without effects

ATTIKA_MUTATIONS = [
    # (file, old, new, message)
    (
        "buildings/defense.yaml",
        "  cost: {mountains: 2, forest: 1}\n  follows: [quarry]",
        "  cost: {mountains: 3, forest: 1}\n  follows: [quarry]",
        "Fortress: text says 2 mountains cards; the card's fields give 3",
    ),
    (
        "buildings/defense.yaml",
        "  cost: {mountains: 2, forest: 1}\n  follows: [quarry]",
        "  cost: {mountains: 2, forest: 1, water: 1}\n  follows: [quarry]",
        "Fortress: the card's fields give 1 water card; the text does not mention water card",
    ),
    (
        "buildings/defense.yaml",
        "  follows: [quarry]",
        "  follows: [capital]",
        'Fortress: text says "Quarry" where the card\'s fields name Capital',
    ),
    (
        "tiles/land_tiles.yaml",
        "  centre: forest\n  east: water\n  northeast: blank\n  northwest: mountains",
        "  centre: forest\n  east: water\n  northeast: water\n  northwest: mountains",
        "Land tile 1: text says 1 water card; the card's fields give 2",
    ),
]


def test_a_card_without_effects_is_checked_against_its_fields(tmp_path):
    from click.testing import CliRunner

    from compiler.cli.main import cli

    shutil.copytree(REPO / "cards" / "attika", tmp_path / "cards" / "attika")
    import json
    import os

    for rel, old, new, message in ATTIKA_MUTATIONS:
        path = tmp_path / "cards" / "attika" / rel
        original = path.read_text()
        assert old in original, (rel, old)
        path.write_text(original.replace(old, new, 1))
        cwd = os.getcwd()
        os.chdir(tmp_path)
        try:
            result = CliRunner().invoke(
                cli, ["check", "--no-cache", "--strict", "--format", "json", "cards/attika"], catch_exceptions=False
            )
        finally:
            os.chdir(cwd)
        path.write_text(original)
        found = [d["message"] for d in json.loads(result.output)["diagnostics"] if d["code"] == "W501"]
        assert result.exit_code == 1 and message in found, (message, found)
