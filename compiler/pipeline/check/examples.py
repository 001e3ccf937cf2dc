"""Run every card's examples: build the given state, fire the trigger, compare with expect."""

from __future__ import annotations

from collections.abc import Callable, Set as AbstractSet
from dataclasses import dataclass
from typing import Any

from ...core.diagnostics import Diagnostic, ExampleFailure, did_you_mean
from ...core.limits import Runaway
from ...load.loader import Document
from ...model.compiled import CompiledGame
from ...model.game import Card, Example
from ...runtime.decider import AnswerError, Scripted
from ...runtime.state import Illegal, State, new_state
from ...runtime.when import ExampleInvalid, UnknownCard, trigger  # noqa: F401  (trigger: the examples' `when`, run here and by tests)
from .why import why


@dataclass
class Outcome:
    passed: bool
    message: str = ""
    invalid: bool = False
    path: tuple = ()  # inside the example: the expectation that differs, or what is written wrongly
    hint: str = ""
    unknown_card: tuple[str, str] | None = None  # (where, id): the example names a card the game lacks


def _card_ids(game: CompiledGame | None, value: Any, where: str, path: tuple = ()) -> list[str]:
    """A zone's content as written in an example: one card id or a list of them (checked when `game`)."""
    ids = value if isinstance(value, list) else [value]
    for i, cid in enumerate(ids):
        at = path + (i,) if isinstance(value, list) else path
        if not isinstance(cid, str):
            raise ExampleInvalid(f"{where} should list card ids, not {type(cid).__name__} {str(cid)[:40]}", at)
        if game is not None and cid not in game.cards:
            raise UnknownCard(where, cid, at, did_you_mean(cid, game.cards))
    return list(ids)


def _apply_player(game: CompiledGame, state: State, pid: str, values: Any) -> None:
    try:
        player = state.player(pid)
    except KeyError:
        raise ExampleInvalid(f"'{pid}' is not a player of this example ({len(state.players)} players)") from None
    if not isinstance(values, dict):
        raise ExampleInvalid(f"{pid} should map nouns and zones to values")
    for key, value in values.items():
        if key in game.game.zones and not game.game.zones[key].shared:
            player.zones[key] = _card_ids(game, value, f"{pid}.{key}", ("given", pid, key))
        elif key in player.values or key in game.game.counters or key in game.game.resources or key in game.game.tracks:
            if not isinstance(value, int) or isinstance(value, bool):
                raise ExampleInvalid(f"{pid}.{key} should be a whole number", ("given", pid, key))
            player.values[key] = value
        else:
            raise ExampleInvalid(
                f"{pid}.{key} is neither a noun nor a zone of this game",
                ("given", pid, key),
                did_you_mean(key, [*player.values, *player.zones]),
            )


def setup(game: CompiledGame, given: dict[str, Any]) -> State:
    n = given.get("players", game.game.players.min)
    if not isinstance(n, int) or not game.game.players.min <= n <= game.game.players.max:
        raise ExampleInvalid(f"players must be {game.game.players.min}..{game.game.players.max}")
    state = new_state(game.game, n)
    for key, value in given.items():
        if key == "players":
            continue
        if key == "board" and getattr(game.game, "board", None) is not None:
            _given_board(game, state, value)
        elif key in game.game.globals:
            if not isinstance(value, int) or isinstance(value, bool):
                raise ExampleInvalid(f"{key} should be a whole number")
            state.globals[key] = value
        elif key in game.game.zones and game.game.zones[key].shared:
            state.zones[key] = _card_ids(game, value, key, ("given", key))
        else:
            _apply_player(game, state, key, value)
    return state


def _given_board(game: CompiledGame, state: State, value: Any) -> None:
    from ...runtime.board import BoardInvalid, setup_board

    try:
        setup_board(game, state, value)
    except BoardInvalid as exc:
        raise ExampleInvalid(str(exc)) from None


def _expected_board(state: State, wanted: Any) -> list[str]:
    from ...runtime.board import BoardInvalid, compare_board

    try:
        return compare_board(state, wanted)
    except BoardInvalid as exc:
        raise ExampleInvalid(str(exc)) from None


def compare(game: CompiledGame, state: State, expect: dict[str, Any], paths: list[tuple] | None = None) -> list[str]:
    """What differs from `expect`, in words; `paths` (if given) receives where each is written."""
    problems: list[str] = []
    paths = [] if paths is None else paths

    def differs(message: str, *path: Any) -> None:
        problems.append(message)
        paths.append(("expect",) + path)

    for key, wanted in expect.items():
        if key == "refused":
            continue
        if key == "board" and getattr(game.game, "board", None) is not None:
            problems += _expected_board(state, wanted)
            continue
        if key in state.globals:
            if state.globals[key] != wanted:
                differs(f"{key} is {state.globals[key]}, expected {wanted}", key)
            continue
        if key in state.zones:
            if sorted(state.zones[key]) != sorted(_card_ids(None, wanted, f"expect.{key}", ("expect", key))):
                differs(f"{key} holds {sorted(state.zones[key])}, expected {sorted(wanted)}", key)
            continue
        try:
            player = state.player(key)
        except KeyError:
            raise ExampleInvalid(
                f"expect names '{key}', which is no player, global or shared zone", ("expect", key)
            ) from None
        if not isinstance(wanted or {}, dict):
            raise ExampleInvalid(f"expect.{key} should map nouns and zones to values")
        for name, value in (wanted or {}).items():
            if name in player.zones:
                if sorted(player.zones[name]) != sorted(
                    _card_ids(None, value, f"expect.{key}.{name}", ("expect", key, name))
                ):
                    differs(f"{key}.{name} holds {sorted(player.zones[name])}, expected {sorted(value)}", key, name)
            elif name in player.values:
                if player.values[name] != value:
                    differs(f"{key}.{name} is {player.values[name]}, expected {value}", key, name)
            else:
                raise ExampleInvalid(
                    f"expect.{key}.{name} is neither a noun nor a zone of this game",
                    ("expect", key, name),
                    did_you_mean(name, [*player.values, *player.zones]),
                )
    return problems


def run_example(game: CompiledGame, example: Example, runner: Callable | None = None) -> Outcome:
    """Run one example through the interpreter (or another runner with the same signature)."""
    try:
        state = setup(game, example.given)
        decider = Scripted(example.answers)
        refused = None
        try:
            (runner or trigger)(game, state, example.when, decider)
        except Illegal as exc:
            refused = str(exc)
        except AnswerError as exc:
            return Outcome(False, str(exc), invalid=True)
        if example.expect.get("refused"):
            return (
                Outcome(True)
                if refused
                else Outcome(
                    False, "expected the action to be refused, but it was carried out", path=("expect", "refused")
                )
            )
        if refused:
            return Outcome(False, f"the action was refused: {refused}", path=("when",))
        paths: list[tuple] = []
        problems = compare(game, state, example.expect, paths)
        unused = decider.unused()
        if unused:
            problems.append(
                "answers never asked for: " + "; ".join(f"{p}: {', '.join(map(str, a))}" for p, a in unused.items())
            )
            paths.append(("answers", next(iter(unused))))
        return Outcome(not problems, "; ".join(problems), path=paths[0] if paths else ())
    except ExampleInvalid as exc:
        unknown = (exc.where, exc.card_id) if isinstance(exc, UnknownCard) else None
        return Outcome(False, str(exc), invalid=True, path=exc.path, hint=exc.hint, unknown_card=unknown)
    except Runaway as exc:
        return Outcome(False, str(exc), invalid=True)


def check_examples(
    game: CompiledGame, documents: dict[str, Document], skip_files: AbstractSet[str], check_card: Callable | None = None
) -> tuple[int, int, list[Diagnostic]]:
    """Every card's examples. `check_card` (default check_card_examples) runs one card's; the cache wraps it."""
    passed = failed = 0
    out: list[Diagnostic] = []
    for card_id in game.cards:
        if game.sources[card_id].file in skip_files:
            continue
        p, f, diagnostics = (check_card or check_card_examples)(game, card_id, documents)
        passed, failed = passed + p, failed + f
        out += diagnostics
    return passed, failed, out


def check_card_examples(
    game: CompiledGame, card_id: str, documents: dict[str, Document], runner: Callable | None = None
) -> tuple[int, int, list[Diagnostic]]:
    """One card's examples (or E403 if it has none). Reads the game only through `game` (see cache.py)."""
    passed = failed = 0
    out: list[Diagnostic] = []
    card = game.cards[card_id]
    source = game.sources[card_id]
    if not card.examples:
        out.append(
            Diagnostic(
                "E403",
                f"{card.kind} '{card_id}' has no example",
                source.file,
                source.line,
                source.column,
                "add an examples: entry with given, when and expect",
            )
        )
        return passed, failed, out
    for index, example in enumerate(card.examples):
        try:
            outcome = run_example(game, example, runner)
        except Exception as exc:  # noqa: BLE001 - a crash here is ours, reported as such
            outcome = Outcome(False, f"internal error while running: {type(exc).__name__}: {exc}")
            code = "E901"
        else:
            code = "E402" if outcome.invalid else "E401"
        if outcome.passed:
            passed += 1
            continue
        failed += 1
        doc = documents.get(source.file)
        line, col = _example_position(doc, card, index, source, outcome.path)
        hint = outcome.hint or ("fix the effects or the example's expect" if code == "E401" else "")
        if code == "E401" and len(outcome.path) == 3 and outcome.path[0] == "expect":
            # where the value came from, change by change (why.py)
            said = why(game, example, str(outcome.path[1]), str(outcome.path[2]), setup)
            if said:
                hint = f"{said}; {hint}"
        failure = ExampleFailure(card_id, example.name, outcome.message, outcome.unknown_card)
        out.append(Diagnostic(code, failure.message(), source.file, line, col, hint, failure=failure))
    return passed, failed, out


def _example_position(doc: Document | None, card: Card, index: int, source, path: tuple = ()) -> tuple[int, int]:
    """Where the example's finding is written: `path` inside the example (the expectation that
    differs), or as near to it as the file has a position for; the example itself without one."""
    if doc is None:
        return source.line, source.column
    prefixes = (
        [()]
        if not isinstance(doc.data, list)
        else [(i,) for i, item in enumerate(doc.data) if isinstance(item, dict) and item.get("id") == card.id]
    )
    prefix = prefixes[0] if prefixes else ()
    return doc.where(prefix + ("examples", index) + tuple(path))
