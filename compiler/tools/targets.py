"""One way to name things on the command line: a game by its id or its directory, a card by its id
or, when two games have that id, by `game:card`.

Every command that takes a game or paths goes through `game_paths`; every command that takes a
card through `find_card`. Errors are `Refusal`s carrying a diagnostic (exit 2, no traceback).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.diagnostics import Diagnostic, Severity, did_you_mean
from ..pipeline.project import GAME_FILE, Run


class Refusal(Exception):
    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


def game_dirs(root: Path) -> list[Path]:
    cards = root / "cards"
    return sorted(d for d in cards.iterdir() if (d / GAME_FILE).is_file()) if cards.is_dir() else []


def _declared_id(game_dir: Path) -> str | None:
    """The id game.yaml declares (read only when the directory's name is not the one asked for)."""
    from ..load.loader import load_file

    doc, _problems = load_file(game_dir / GAME_FILE, str(game_dir / GAME_FILE))
    value = doc.data.get("id") if isinstance(doc.data, dict) else None
    return value if isinstance(value, str) else None


def game_dir(name: str, root: Path) -> Path | None:
    """The directory of the game `name`: a path to it, its directory's name under cards/, or its id."""
    path = Path(name)
    if (path / GAME_FILE).is_file():
        return path.resolve()
    dirs = game_dirs(root)
    by_dir = next((d for d in dirs if d.name == name), None)
    if by_dir is not None:
        return by_dir
    return next((d for d in dirs if _declared_id(d) == name), None)


def no_game(name: str, root: Path) -> Refusal:
    dirs = game_dirs(root)
    names = sorted({d.name for d in dirs} | {i for i in map(_declared_id, dirs) if i})
    hint = did_you_mean(name, names) or f"games under cards/: {', '.join(names) or 'none'}"
    return Refusal(Diagnostic("E306", f"no game '{name}' (neither a game id nor a game directory)", hint=hint))


def game_paths(args: tuple[str, ...], root: Path) -> list[Path]:
    """Command-line PATHS where each may also be a game id: existing paths stay as they are."""
    out = []
    for arg in args:
        if Path(arg).exists():
            out.append(Path(arg))
            continue
        found = game_dir(arg, root) if "/" not in arg and not arg.endswith(".yaml") else None
        if found is None and "/" not in arg and not arg.endswith(".yaml"):
            raise no_game(arg, root)
        out.append(found or Path(arg))
    return out


@dataclass
class Found:
    game: Any  # CompiledGame
    card: Any  # Card


def _written_ids(run: Run, game: Any) -> dict[str, str]:
    """Ids written in the game's files that have errors, with their file: cards that did not load."""
    broken = {d.file for d in run.report.items if d.level is Severity.ERROR and d.file}
    prefix = run.display(game.directory)
    found: dict[str, str] = {}
    for file, doc in run.documents.items():
        if file not in broken or not file.startswith(prefix + "/"):
            continue
        data = doc.data
        for entity in data if isinstance(data, list) else [data]:
            if isinstance(entity, dict) and isinstance(entity.get("id"), str):
                found.setdefault(entity["id"], file)
    return found


def find_card(run: Run, ref: str, game_name: str | None = None) -> Found:
    """`ref` is a card id or `game:card`; a bare id that several games have is refused with the choices."""
    game_part, _, card_id = ref.rpartition(":")
    game_name = game_part or game_name
    games = [g for g in run.games if game_name is None or game_name in (g.id, g.directory.name)]
    if game_name is not None and not games:
        raise no_game(game_name, run.root)
    matches = [g for g in games if card_id in g.cards]
    if len(matches) > 1:
        choices = [f"{g.id}:{card_id}" for g in matches]
        raise Refusal(
            Diagnostic(
                "E307", f"'{card_id}' is a card of {len(matches)} games", hint=f"say which: {' or '.join(choices)}"
            )
        )
    if matches:
        return Found(matches[0], matches[0].cards[card_id])
    for g in games:
        file = _written_ids(run, g).get(card_id)
        if file is not None:
            raise Refusal(
                Diagnostic(
                    "E302",
                    f"card '{card_id}' of {g.id} did not load: {file} has errors",
                    hint=f"run 'ostraka check {g.id}' and fix them first",
                )
            )
    known = [cid for g in games for cid in g.cards]
    raise Refusal(
        Diagnostic(
            "E302",
            f"no card '{card_id}'" + (f" in {game_name}" if game_name else ""),
            hint=did_you_mean(card_id, known),
        )
    )
