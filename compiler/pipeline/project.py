"""The pipeline for one run: find the games, load, validate, resolve, check.

Each stage adds diagnostics to one report and passes on what it could build, so a single run
reports every problem of every file.
"""

from __future__ import annotations

import keyword
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from ..cache.cache import NullCache
from ..core.diagnostics import Diagnostic, Related, Report, did_you_mean
from ..load.loader import Document, load_file
from ..load.sources import Sources
from ..load.walk import yaml_files
from ..model.compiled import CompiledGame, Source
from ..model.game import Card, Game
from .check.sheet import check_sheet
from .check.zones import check_zones
from .resolve import Namespaces, check_card_fields, check_game_marks, check_names
from .typecheck import Vocabulary, check_types, refusing_builds, unreached_prices
from .validate.structure import validate

GAME_FILE = "game.yaml"


@dataclass
class Run:
    """Everything one invocation loaded: documents for quoting source lines, and the games."""

    root: Path
    report: Report = field(default_factory=Report)
    documents: dict[str, Document] = field(default_factory=dict)
    games: list[CompiledGame] = field(default_factory=list)
    cache: NullCache = field(default_factory=NullCache)  # cache.py: incremental checks
    sources: Sources = field(default_factory=Sources)  # where files are read: the disk, or an editor's view of it

    def display(self, path: Path) -> str:
        """How a file is named in findings, caches and outputs: relative to the project, and always
        text (a name that is not UTF-8 has its bytes written as \\xff escapes)."""
        try:
            shown = os.path.relpath(path, self.root)
        except ValueError:
            shown = str(path)
        return shown.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def find_game_dirs(paths: list[Path], cards_root: Path) -> tuple[list[Path], list[Diagnostic]]:
    """The game directories named by the paths (a game dir, a file in one, or a dir of games)."""
    found: list[Path] = []
    problems: list[Diagnostic] = []
    if not paths:
        outside = _links_outside(cards_root)
        if outside:
            return [], [outside]
        paths = [cards_root]
    for path in paths:
        games, trouble = _games_at(path.resolve(), bool(problems))
        found += games
        problems += trouble
    return list(dict.fromkeys(found)), problems


def _links_outside(cards_root: Path) -> Diagnostic | None:
    project = cards_root.parent.resolve()
    if cards_root.is_symlink() and not Path(os.path.realpath(cards_root)).is_relative_to(project):
        return Diagnostic(
            "E105",
            "cards/ is a symbolic link to a folder outside the project; not read",
            "cards",
            hint="copy the games into cards/, or run ostraka in the project the link points to",
        )
    return None


def _games_at(path: Path, reported: bool) -> tuple[list[Path], list[Diagnostic]]:
    """The game a path is in (it or a folder above it holds game.yaml), or the games in its folders.
    `reported`: an earlier path already had a problem (then a path without games is not one more)."""
    if not path.exists():
        return [], [
            Diagnostic("E306", f"no such file or directory: {path}", hint="give a game directory, such as cards/<game>")
        ]
    start = path if path.is_dir() else path.parent
    game_dir = next((d for d in [start, *start.parents] if (d / GAME_FILE).is_file()), None)
    if game_dir is not None:
        return [game_dir], []
    try:
        subdirs = sorted(d for d in path.iterdir() if d.is_dir()) if path.is_dir() else []
    except OSError as exc:
        return [], [
            Diagnostic(
                "E105", f"cannot read folder: {exc.strerror}", str(path), hint="make the folder readable (chmod u+rx)"
            )
        ]
    games, problems = _games_in(subdirs)
    if not games and not problems and not reported:
        problems.append(
            Diagnostic(
                "E305",
                f"no {GAME_FILE} in {path} or above it",
                str(path),
                hint="a game directory holds game.yaml and its card files",
            )
        )
    return games, problems


def _games_in(subdirs: list[Path]) -> tuple[list[Path], list[Diagnostic]]:
    """The game folders among some folders; a link (a name under cards/ must not lead outside it) and
    a folder of card files without game.yaml are problems."""
    problems = [
        Diagnostic(
            "E105",
            f"{d.name}/ is a symbolic link; only directories inside the project are read",
            str(d),
            1,
            1,
            "move or copy the game directory into cards/",
        )
        for d in subdirs
        if d.is_symlink()
    ]
    subdirs = [d for d in subdirs if not d.is_symlink()]
    games = [d for d in subdirs if (d / GAME_FILE).is_file()]
    problems += [
        Diagnostic(
            "E305",
            f"{d.name}/ holds card files but no {GAME_FILE}",
            str(d),
            hint=f"add {d.name}/{GAME_FILE} declaring the game's nouns",
        )
        for d in subdirs
        if d not in games and yaml_files(d, str)[0]
    ]
    return games, problems


def card_files(game_dir: Path, display=str, sources: Sources | None = None) -> tuple[list[Path], list[Diagnostic]]:
    """Every card file of a game (walk.py: nothing skipped in silence) and the problems of its folders."""
    files, problems = sources.listing(game_dir, display) if sources is not None else yaml_files(game_dir, display)
    return [p for p in files if p.name != GAME_FILE], problems


def parse_game_file(
    path: Path, display: str, read: Callable[[Path], bytes] | None = None
) -> tuple[Document, list[Diagnostic], list[tuple[Game, tuple]]]:
    """Load, schema-check and parse game.yaml: its document, diagnostics and the game (if any)."""
    doc, problems = load_file(path, display) if read is None else load_file(path, display, read)
    if problems or doc.data is None:
        if doc.data is None and not problems:
            problems = [Diagnostic("E202", f"{GAME_FILE} is empty", display, 1, 1)]
        return doc, problems, []
    game, errors = validate(Game, doc.data, doc, "game")
    return doc, problems + errors, [] if game is None else [(game, ())]


def _load_game(run: Run, game_dir: Path) -> tuple[Game | None, Document | None]:
    display = run.display(game_dir / GAME_FILE)
    read = None if run.sources.disk else run.sources.read
    parse = parse_game_file if read is None else partial(parse_game_file, read=read)
    doc, problems, items = run.cache.parse(game_dir / GAME_FILE, display, parse, Game, read)
    run.documents[display] = doc
    run.report.files += 1
    run.report.extend(problems)
    return (items[0][0] if items else None), doc


def _entities(doc: Document) -> list[tuple[tuple, Any]]:
    if isinstance(doc.data, list):
        return [((i,), item) for i, item in enumerate(doc.data)]
    return [((), doc.data)]


def parse_card_file(
    path: Path, display: str, read: Callable[[Path], bytes] | None = None
) -> tuple[Document, list[Diagnostic], list[tuple[Card, tuple]]]:
    """Load, schema-check and parse one card file: its document, diagnostics and entities."""
    doc, problems = load_file(path, display) if read is None else load_file(path, display, read)
    if problems or doc.data is None:
        return doc, problems, []
    problems = list(problems)
    cards: list[tuple[Card, tuple]] = []
    for prefix, data in _entities(doc):
        card, errors = validate(Card, data, doc, "card", prefix)
        problems += errors
        if card is not None:
            cards.append((card, prefix))
    return doc, problems, cards


def compile_game(run: Run, game_dir: Path) -> CompiledGame | None:
    game, game_doc = _load_game(run, game_dir)
    compiled = (
        CompiledGame(game=game, directory=game_dir, game_file=run.display(game_dir / GAME_FILE)) if game else None
    )
    parsed: list[tuple[Card, Document, tuple]] = []
    files, folder_problems = card_files(game_dir, run.display, run.sources)
    run.report.extend(folder_problems)
    read = None if run.sources.disk else run.sources.read  # the disk: read as the loader reads by itself
    parse = parse_card_file if read is None else partial(parse_card_file, read=read)
    for path in files:
        display = run.display(path)
        doc, problems, cards = run.cache.parse(path, display, parse, Card, read)
        run.documents[display] = doc
        run.report.files += 1
        run.report.extend(problems)
        parsed += [(card, doc, prefix) for card, prefix in cards]
    if (
        compiled is None or game is None or game_doc is None
    ):  # no game.yaml that parsed: the card files were checked alone
        return None
    # Duplicate ids: every later one is an error naming the first.
    listed: set[str] = set()  # compiled.files as a set: a list look-up per card is quadratic
    for card, doc, prefix in parsed:
        line, col = doc.where(prefix + ("id",))
        if card.id in compiled.cards:
            first = compiled.sources[card.id]
            run.report.add(
                Diagnostic(
                    "E303",
                    f"id '{card.id}' is already used",
                    doc.file,
                    line,
                    col,
                    f"the first '{card.id}' is at {first}; ids are unique within a game",
                    "id",
                )
            )
            continue
        if card.kind not in game.kinds:
            kl, kc = doc.where(prefix + ("kind",))
            run.report.add(
                Diagnostic(
                    "E304",
                    f"unknown kind '{card.kind}'",
                    doc.file,
                    kl,
                    kc,
                    did_you_mean(card.kind, game.kinds) or f"declare it under kinds in {GAME_FILE}",
                    "kind",
                )
            )
            continue
        compiled.cards[card.id] = card
        compiled.sources[card.id] = Source(doc.file, *doc.where(prefix))
        if doc.file not in listed:
            listed.add(doc.file)
            compiled.files.append(doc.file)
    spaces = Namespaces(game, compiled.cards)
    vocab = Vocabulary(game)
    kinds_of = {cid: c.kind for cid, c in compiled.cards.items()}
    scope = run.cache.scope(compiled.game_file, kinds_of)
    run.report.extend(
        run.cache.resolved(
            scope,
            compiled.game_file,
            ("<game>",),
            lambda: (
                check_names(game, spaces, game_doc, ())
                + check_sheet(game, game_doc)
                + check_zones(game, game_doc)
                + check_game_marks(game, game_doc)
                + check_types(game, vocab, game_doc, ())
            ),
        )
    )

    def card_names(card: Card, doc: Document, prefix: tuple) -> list[Diagnostic]:
        return (
            check_names(card, spaces, doc, prefix)
            + check_card_fields(card, game, spaces, doc, prefix, kinds_of)
            + check_types(card, vocab, doc, prefix)
            + refusing_builds(card, game.build.on_built, doc, prefix)
            + unreached_prices(card, game, doc, prefix)
        )

    for card, doc, prefix in parsed:
        if compiled.cards.get(card.id) is not card:
            continue
        run.report.extend(run.cache.resolved(scope, doc.file, prefix, partial(card_names, card, doc, prefix)))
    run.report.cards += len(compiled.cards)
    return compiled


def load(
    paths: list[Path], root: Path | None = None, cache: NullCache | None = None, sources: Sources | None = None
) -> Run:
    root = (root or Path.cwd()).resolve()
    run = Run(root=root, cache=cache or NullCache(), sources=sources or Sources())
    dirs, problems = find_game_dirs(paths, root / "cards")
    run.report.extend(problems)
    for game_dir in dirs:
        compiled = compile_game(run, game_dir)
        if compiled is not None:
            run.games.append(compiled)
    check_game_ids(run, [(game.game.id, game.game_file) for game in run.games])
    return run


def check_game_ids(run: Run, games: list[tuple[str, str]]) -> None:
    """A game id names its folder in generated/ and its Python module: unique, and not a Python keyword.
    `games`: each loaded game's id and game file, in order."""
    first: dict[str, str] = {}
    for gid, game_file in games:
        line, col = _game_id_at(run, game_file)
        if keyword.iskeyword(gid) or keyword.issoftkeyword(gid):
            run.report.add(
                Diagnostic(
                    "E205",
                    f"game id '{gid}' is a Python keyword; the generated handlers are a module named after it",
                    game_file,
                    line,
                    col,
                    f"choose another id, such as '{gid}_game'",
                    "id",
                )
            )
        other = first.setdefault(gid, game_file)
        if other != game_file:
            oline, ocol = _game_id_at(run, other)
            for here, (hl, hc), there, (tl, tc) in (
                (game_file, (line, col), other, (oline, ocol)),
                (other, (oline, ocol), game_file, (line, col)),
            ):
                run.report.add(
                    Diagnostic(
                        "E303",
                        f"game id '{gid}' is used by two games; both would be written to generated/{gid}/",
                        here,
                        hl,
                        hc,
                        "give each game its own id",
                        "id",
                        (Related(there, tl, tc, f"the other game with id '{gid}'"),),
                    )
                )


def _game_id_at(run: Run, game_file: str) -> tuple[int, int]:
    doc = run.documents.get(game_file)
    return doc.where(("id",)) if doc is not None else (1, 1)
