"""`ostraka new GAME`: a whole new game; `ostraka new GAME KIND ID`: a new card file with every
required field and an example skeleton.

A new game (new_game) is one that check --strict, play and simulate accept as written: a game.yaml
with players, nouns, a kind, the game's own rules and a whole flow (set-up, rounds of turns, the
end and the scoring), and one card with its example. It is marked `original`, so its values need no
published source.

The fields come from the kind's declaration in the game's game.yaml: required fields are written
with a placeholder of the right type (a reference names an existing card of the right kind, so
the file resolves), optional ones as comments with their descriptions. The file is valid against
schema/card.schema.json as written; the TODOs say what the designer still has to decide, and
`check --strict` fails on them (W502, placeholders.py) until they are filled in. The examples in
the comments use the game's own nouns.
"""

from __future__ import annotations

import json
import re
import string
from collections import Counter
from pathlib import Path
from typing import Any

from ..core.diagnostics import Diagnostic, did_you_mean
from ..model.game import Game, Kind

NAME = re.compile(r"^[a-z][a-z0-9_]*$")
_RESERVED = {"true", "false", "null", "yes", "no", "on", "off", "y", "n"}
_SMALL = {"of", "the", "and", "a", "an", "in", "on", "to", "at", "for"}


class ScaffoldError(Exception):
    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


def yaml_scalar(value: Any) -> str:
    """A value written so that our YAML 1.2 loader reads it back as the same value."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str) and NAME.match(value) and value not in _RESERVED:
        return value
    if isinstance(value, list):
        return "[" + ", ".join(yaml_scalar(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{yaml_scalar(k)}: {yaml_scalar(v)}" for k, v in value.items()) + "}"
    return json.dumps(value, ensure_ascii=False)


def display_name(card_id: str) -> str:
    words = card_id.split("_")
    return " ".join(w if (i and w in _SMALL) else w.capitalize() for i, w in enumerate(words) if w)


def placeholder(spec: Any, game: Game, cards: dict[str, str]) -> Any:
    """A value of the field's type; cards maps existing ids to their kinds."""
    if spec.type == "int":
        return 0
    if spec.type == "text":
        return "TODO"
    if spec.type == "bool":
        return False
    if spec.type == "cost":
        return {}
    if spec.type in ("refs", "ints"):
        return []
    if spec.type == "choice":
        return (spec.values or ["TODO"])[0]
    if spec.type == "ref":
        same = sorted(cid for cid, kind in cards.items() if spec.of is None or kind == spec.of)
        return same[0] if same else "todo"
    if spec.type == "noun":
        nouns = [*game.resources, *game.counters, *game.tracks]
        return nouns[0] if nouns else "todo"
    return "TODO"


def _nouns(game: Game) -> tuple[str | None, str | None]:
    """A resource and a counter of this game, for the examples in the skeleton's comments (the
    currency builds are paid with, when it is a counter)."""
    resource = next(iter(game.resources), None)
    counter = game.build.currency if game.build.currency in game.counters else next(iter(game.counters), None)
    return resource, counter or next(iter(game.tracks), None)


def _cost_example(game: Game) -> str:
    """Two of the game's resources, and the currency builds are paid with if the game counts one."""
    parts = [f"{r}: {n}" for r, n in zip(game.resources, (2, 1))]
    parts += [f"{game.build.currency}: 1"] if game.build.currency in game.counters else []
    return "{" + ", ".join(parts or ["..."]) + "}"


def describe(spec: Any, game: Game) -> str:
    """What a field holds, for the comment beside its placeholder."""
    what = {
        "int": "a whole number",
        "text": "a text",
        "bool": "true or false",
        "cost": f"a cost, e.g. {_cost_example(game)}",
        "ref": f"the id of a {spec.of or 'card'}",
        "refs": f"a list of {spec.of or 'card'} ids",
        "ints": "a list of whole numbers",
        "choice": "one of: " + ", ".join(map(str, spec.values or [])),
        "noun": "a resource, counter or track",
    }.get(spec.type, spec.type)
    return f"{spec.description} ({what})" if spec.description else what


def card_text(game: Game, kind_name: str, kind: Kind, card_id: str, cards: dict[str, str]) -> str:
    lines = [
        f"# A new {kind.label or kind_name.replace('_', ' ')}: fill in every TODO, then run `ostraka check`.",
        f"id: {card_id}",
        f"name: {json.dumps(display_name(card_id))}  # TODO the printed name",
        f"kind: {kind_name}",
    ]
    for name, spec in kind.fields.items():
        value = yaml_scalar(placeholder(spec, game, cards))
        about = describe(spec, game)
        if spec.required:
            lines.append(f"{name}: {value}  # TODO {about}")
        else:
            lines.append(f"# {name}: {value}  # optional: {about}")
    if kind.zone:
        when = f"{{build: {card_id}, by: p1}}"
    else:
        triggers = [*game.triggers] or [game.build.on_built]
        when = f"{{event: {triggers[0]}, by: p1}}"
    resource, counter = _nouns(game)
    noun = counter or resource or "..."
    lines += [
        'text: "TODO the rules text, in our own words"',
        f"effects: []  # TODO what the card does, e.g. - gain: {{{noun}: 1}}",
        *([] if game.original else ["reconstructed: []  # fields whose values no public source gives"]),
        "examples:",
        "  - name: TODO what this example shows",
        f"    given: {{}}  # TODO the state before, e.g. {{p1: {{{noun}: 3}}}}",
        f"    when: {when}",
        f"    expect: {{}}  # TODO the state after, e.g. {{p1: {{{noun}: 4}}}}",
    ]
    return "\n".join(lines) + "\n"


def target_dir(game_dir: Path, kind_name: str, files_of_kind: list[Path]) -> Path:
    """Where cards of this kind already live (the most common folder), else <game>/<kind>/."""
    if files_of_kind:
        counts = Counter(p.parent for p in files_of_kind)
        best = max(counts.values())
        return sorted(d for d, n in counts.items() if n == best)[0]
    return game_dir / kind_name


def scaffold(
    game_dir: Path,
    game: Game,
    kind_name: str,
    card_id: str,
    existing: dict[str, tuple[str, Path]],
    out: Path | None = None,
) -> tuple[Path, str]:
    """The path and text of the new card file. existing maps card ids to (kind, file)."""
    if kind_name not in game.kinds:
        raise ScaffoldError(
            Diagnostic(
                "E304",
                f"unknown kind '{kind_name}'",
                hint=did_you_mean(kind_name, game.kinds) or f"kinds of {game.id}: {', '.join(sorted(game.kinds))}",
            )
        )
    if not NAME.match(card_id) or len(card_id) > 64:
        raise ScaffoldError(
            Diagnostic(
                "E205",
                f"'{card_id}' is not a valid id",
                hint="ids are lower_snake_case: a letter, then letters, digits or '_'",
            )
        )
    if card_id in existing:
        raise ScaffoldError(
            Diagnostic(
                "E303",
                f"id '{card_id}' is already used",
                str(existing[card_id][1]),
                hint="ids are unique within a game; choose another",
            )
        )
    kind = game.kinds[kind_name]
    folder = (
        out if out is not None else target_dir(game_dir, kind_name, [f for k, f in existing.values() if k == kind_name])
    )
    path = folder / f"{card_id}.yaml"
    if path.exists():
        raise ScaffoldError(Diagnostic("E303", f"{path} already exists", hint="nothing was written"))
    return path, card_text(game, kind_name, kind, card_id, {cid: k for cid, (k, _f) in existing.items()})


# The new game's files ($id, $name and $name_yaml filled in by new_game).
GAME_YAML = string.Template(
    """\
# $name: a new game written by `ostraka new $id`. Each section is a working start: rename the
# nouns, add kinds and cards, and change the flow to your game's. `ostraka check $id --strict`
# checks it; the language's pages (docs/language/) describe every section.
id: $id
name: $name_yaml
summary: >-
  Each player starts with as many coins as their place at the table (the first one, the second two,
  ...). Each round every player gathers one wood and one coin, then builds a building they have not
  built yet if they can pay for one. After five rounds every three coins left are worth a point, and
  the player with the most points wins.
original: true  # your own game: its values come from this data, no published rules (see docs)
players: {min: 2, max: 4}
relations: {left: 1, right: -1, neighbours: [left, right]}
resources:
  wood: {}
counters:
  coins: {start: 2}
  points: {}
globals:
  round: {start: 1}
  position: {}  # each player's place at the table, set during the set-up
zones:
  city: {}
kinds:
  building:
    zone: city
    fields:
      cost: {type: cost, description: "what building it costs"}
triggers:
  built: {}
  round_start: {each_player: true, description: "a round begins: every player gathers"}
  game_end: {each_player: true, description: "the game ends: leftover coins are scored"}
rules:
  - on: round_start
    do: [{gain: {wood: 1, coins: 1}}]
  - on: game_end
    do: [{gain: {points: {div: [{value: coins}, 3]}}}]
score: points
flow:
  moves:
    build:
      card: {kind: building, zone: city, missing: true}
      do:
        - build: {card: {kind: building, zone: city, missing: true, where: {id: {field: id}}}, optional: false}
  setup:
    - each_player:
        position: position
        steps: [{do: [{gain: {coins: {value: position}}}]}]
  play:
    - repeat:
        times: 5
        steps:
          - fire: round_start
          - each_player:
              steps:
                - turn: {moves: [build]}
          - start_player: left
          - do: [{gain: {round: 1}}]
    - fire: game_end
  rank: [points, coins]
balance:
  estimate: [game_end]
  length: round
"""
)

FIRST_CARD = """\
id: hut
name: Hut
kind: building
cost: {wood: 2}
text: "When built: gain 2 points."
effects:
  - on: built
    do: [{gain: {points: 2}}]
examples:
  - name: a hut scores two points
    given: {p1: {wood: 2}}
    when: {build: hut, by: p1}
    expect: {p1: {wood: 0, points: 2}}
"""


def new_game(cards_root: Path, game_id: str) -> dict[Path, str]:
    """The files of a new game under cards_root/<game_id>/, by path; refused when the id is not a
    name or the folder exists."""
    if not NAME.match(game_id) or len(game_id) > 64 or game_id in _RESERVED:
        raise ScaffoldError(
            Diagnostic(
                "E205",
                f"'{game_id}' is not a valid game id",
                hint="ids are lower_snake_case: a letter, then letters, digits or '_'",
            )
        )
    folder = cards_root / game_id
    if folder.exists():
        raise ScaffoldError(
            Diagnostic(
                "E303",
                f"{cards_root.name}/{game_id} already exists",
                hint=f"to add a card to it: ostraka new {game_id} KIND ID; nothing was written",
            )
        )
    name = display_name(game_id)
    game = GAME_YAML.substitute(id=game_id, name=name, name_yaml=json.dumps(name))
    return {folder / "game.yaml": game, folder / "buildings" / "hut.yaml": FIRST_CARD}
