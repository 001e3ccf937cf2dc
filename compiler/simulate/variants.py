"""Variants of a game's card data: small YAML overlays a designer writes to try a change.

    # variants/cheap_guilds.yaml
    name: cheaper guilds               # optional; the file's name otherwise
    game:                              # merged into game.yaml: mappings merge, anything else replaces
      params: {trade_price: 1}
    cards:                             # merged into each named card the same way (null removes a field)
      tavern: {effects: [{gain: {coins: 6}}]}
    remove: [scientists_guild]         # cards taken out of the game
    add:                               # whole new cards, as in a card file
      - {id: ..., name: ..., kind: ..., ...}

The variant is applied to a copy of the game directory and the result goes through the same
loading, validation and name resolution as the cards themselves, and the examples of every card it
changes or adds are run: a variant that breaks one does not start (a change meant to change what an
example expects changes the example too, under the card's `examples`). A finding in a changed,
added or game-level value is reported at its place in the variant file; one a removal causes
elsewhere is reported where it is, with a hint naming the variant.
"""

from __future__ import annotations

import atexit
import json
import re
import shutil
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import Field

from ..core.diagnostics import Diagnostic
from ..lang.types import Name, Strict
from .errors import DataError, UsageError

if TYPE_CHECKING:  # pragma: no cover
    from ..model.compiled import CompiledGame


class VariantSpec(Strict):
    name: str | None = Field(None, max_length=80, description="How reports name the variant (default: the file's name)")
    game: dict[str, Any] = Field(default_factory=dict, description="Merged into game.yaml")
    cards: dict[Name, dict[str, Any] | None] = Field(default_factory=dict, description="Merged into the named cards")
    remove: list[Name] = Field(default_factory=list, description="Cards taken out")
    add: list[dict[str, Any]] = Field(default_factory=list, description="New cards")


def merge(base: Any, overlay: Any) -> Any:
    """Mappings merge key by key (a null value removes the key); anything else replaces."""
    if isinstance(base, dict) and isinstance(overlay, dict):
        out = dict(base)
        for key, value in overlay.items():
            if value is None:
                out.pop(key, None)
            else:
                out[key] = merge(base.get(key), value)
        return out
    return overlay


def changed_cards(path: Path) -> frozenset[str]:
    """The cards a variant file changes, removes or adds (read without validating: it was checked)."""
    from ..load.loader import load_file

    doc, _ = load_file(path, str(path))
    data = doc.data if isinstance(doc.data, dict) else {}
    named = [*(data.get("cards") or {}), *(data.get("remove") or [])]
    named += [c.get("id") for c in data.get("add") or [] if isinstance(c, dict)]
    return frozenset(c for c in named if isinstance(c, str))


def variant_name(path: Path) -> str:
    """The variant's name without validating it (reports, and runs in the database)."""
    from ..load.loader import load_file

    doc, _ = load_file(path, str(path))
    name = doc.data.get("name") if isinstance(doc.data, dict) else None
    return str(name) if isinstance(name, str) and name else path.stem


_STEP = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def _path(dotted: str) -> tuple:
    return tuple(int(i) if i else k for k, i in _STEP.findall(dotted or ""))


_KEEP: list[Path] = []  # variant directories live as long as the process (the compiled game points into them)


def _cleanup() -> None:
    for d in _KEEP:
        shutil.rmtree(d, ignore_errors=True)


atexit.register(_cleanup)


def load_variant(root: Path, game_name: str, path: Path) -> CompiledGame:
    from ..pipeline.project import load
    from ..tools.targets import game_dir as find_game

    game_dir = find_game(game_name, root)
    if game_dir is None:
        raise UsageError(f"no game '{game_name}'")
    if not path.is_file():
        raise UsageError(f"cannot read variant file {path}: no such file")
    display = _display(path, root)
    doc, spec = _read_spec(path, display)
    where, contents = _card_places(game_dir)
    errors = _unknown_names(spec, doc, display, where, game_name)
    if errors:
        raise DataError(_render({display: doc}, errors))
    work, target, origin = _apply(game_dir, spec, where, contents)
    run = load([target], work)
    bad = [d for d in run.report.items if d.level.value == "error"]
    if bad:
        docs = {display: doc}
        docs.update({k: v for k, v in run.documents.items() if k not in origin})
        raise DataError(_render(docs, _locate(bad, origin, doc, display), root))
    game = next((g for g in run.games if g.directory.name == game_dir.name), None)
    if game is None:  # pragma: no cover - a load without errors has its game
        raise UsageError(f"variant {display} leaves no game")
    failed = _examples(game, spec, run.documents)
    if failed:
        docs = {display: doc}
        docs.update({k: v for k, v in run.documents.items() if k not in origin})
        raise DataError(_render(docs, _locate(failed, origin, doc, display), root))
    return _in_base_order(game, list(where))


def _examples(game: CompiledGame, spec: VariantSpec, documents: dict) -> list[Diagnostic]:
    """The examples of every card the variant changes or adds, run on the variant's game: a variant
    that breaks one does not start (change its `examples` too when the change is meant)."""
    from dataclasses import replace

    from ..pipeline.check.examples import check_card_examples

    changed = [cid for cid in spec.cards if cid not in spec.remove]
    added = [c["id"] for c in spec.add if isinstance(c.get("id"), str)]
    found: list[Diagnostic] = []
    for cid in changed + added:
        if cid in game.cards:
            _passed, _failed, diagnostics = check_card_examples(game, cid, documents)
            found += [
                replace(d, hint="the variant changes what this example expects: undo that, or give the card "
                        "its new examples in the variant (under its `examples`)")
                if d.code == "E401" and cid in changed else d
                for d in diagnostics
                if d.level.value == "error"
            ]  # fmt: skip
    return found


def _in_base_order(game: CompiledGame, base: list[str]) -> CompiledGame:
    """The variant's cards in the base game's order (a changed card is written to a file of its own,
    which would move it), added ones last: a card's number is then the same in both, and so are the
    moves and chance outcomes numbered by it. A fresh game, so nothing read in the old order is kept."""
    from dataclasses import replace

    order = [cid for cid in base if cid in game.cards] + [cid for cid in game.cards if cid not in set(base)]
    if order == list(game.cards):
        return game
    return replace(game, cards={cid: game.cards[cid] for cid in order})


def _read_spec(path: Path, display: str) -> tuple[Any, VariantSpec]:
    """The variant file, loaded and validated; any finding in it raises DataError."""
    from ..load.loader import load_file
    from ..pipeline.validate.structure import parse_model

    doc, problems = load_file(path, display)
    if not problems and not isinstance(doc.data, dict):
        problems = [Diagnostic("E201", "a variant file is a mapping (name, game, cards, remove, add)", display, 1, 1)]
    spec = None
    if not problems:
        spec, problems = parse_model(VariantSpec, doc.data, doc)
    if problems:
        raise DataError(_render({display: doc}, problems))
    assert spec is not None
    return doc, spec


def _card_places(game_dir: Path) -> tuple[dict[str, tuple[Path, int | None]], dict[Path, Any]]:
    """Where every card is (its file, and its position when the file holds a list), and each file's data."""
    from ..load.loader import load_file
    from ..pipeline.project import card_files

    where: dict[str, tuple[Path, int | None]] = {}
    contents: dict[Path, Any] = {}
    files, _problems = card_files(game_dir)  # a folder problem shows when the variant is loaded
    for f in files:
        fdoc, _errs = load_file(f, str(f))
        contents[f] = fdoc.data
        items = fdoc.data if isinstance(fdoc.data, list) else [fdoc.data]
        for i, item in enumerate(items):
            if isinstance(item, dict) and isinstance(item.get("id"), str):
                where[item["id"]] = (f, i if isinstance(fdoc.data, list) else None)
    return where, contents


def _unknown_names(spec: VariantSpec, doc: Any, display: str, where: dict, game_name: str) -> list[Diagnostic]:
    """Cards changed or removed that the game lacks, and cards added that it already has (E601)."""
    from ..core.diagnostics import did_you_mean

    errors: list[Diagnostic] = []
    for key in ("cards", "remove"):
        named = spec.cards if key == "cards" else spec.remove
        for i, cid in enumerate(named):
            if cid not in where:
                line, col = doc.where((key, cid), key=True) if key == "cards" else doc.where((key, i))
                errors.append(
                    Diagnostic(
                        "E601",
                        f"the variant's {key} names '{cid}', which is no card of {game_name}",
                        display,
                        line,
                        col,
                        did_you_mean(cid, list(where)) or "name a card by its id",
                    )
                )
    for i, card in enumerate(spec.add):
        added = card.get("id")
        if isinstance(added, str) and added in where and added not in spec.remove:
            line, col = doc.where(("add", i, "id"))
            errors.append(
                Diagnostic(
                    "E601",
                    f"the variant adds '{added}', which the game already has",
                    display,
                    line,
                    col,
                    "change it under `cards:`, or remove it first",
                )
            )
    return errors


def _apply(
    game_dir: Path, spec: VariantSpec, where: dict[str, tuple[Path, int | None]], contents: dict[Path, Any]
) -> tuple[Path, Path, dict[str, tuple]]:
    """A copy of the game with the variant applied; changed and added cards in files of their own.
    Returns the project root of the copy, the game's directory in it, and where each written file
    comes from in the variant file (display path -> path in the variant)."""
    from ..load.loader import load_file
    from ..pipeline.project import GAME_FILE

    work = Path(tempfile.mkdtemp(prefix="ostraka-variant-"))
    _KEEP.append(work)
    target = work / "cards" / game_dir.name
    shutil.copytree(game_dir, target)
    own = target / "_variant"
    own.mkdir()
    _take_out(game_dir, target, spec, where, contents)
    origin: dict[str, tuple] = {}  # display path of a written file -> its place in the variant file
    for cid, change in spec.cards.items():
        if cid in spec.remove:
            continue
        f, at = where[cid]
        data = contents[f][at] if at is not None else contents[f]
        written = own / f"changed_{cid}.yaml"
        written.write_text(json.dumps(merge(data, change or {}), indent=1), encoding="utf-8")
        origin[_display(written, work)] = ("cards", cid)
    for i, card in enumerate(spec.add):
        written = own / f"added_{i}.yaml"
        written.write_text(json.dumps(card, indent=1), encoding="utf-8")
        origin[_display(written, work)] = ("add", i)
    if spec.game:
        game_doc, _ = load_file(game_dir / GAME_FILE, str(game_dir / GAME_FILE))
        (target / GAME_FILE).write_text(json.dumps(merge(game_doc.data, spec.game), indent=1), encoding="utf-8")
        origin[_display(target / GAME_FILE, work)] = ("game",)
    return work, target, origin


def _take_out(
    game_dir: Path,
    target: Path,
    spec: VariantSpec,
    where: dict[str, tuple[Path, int | None]],
    contents: dict[Path, Any],
) -> None:
    """Changed and removed cards leave their files in the copy (a file of one card goes whole)."""
    touched: dict[Path, set[int | None]] = {}
    for cid in [*spec.cards, *spec.remove]:
        f, at = where[cid]
        touched.setdefault(f, set()).add(at)
    for f, indices in touched.items():
        copy = target / f.relative_to(game_dir)
        if None in indices:
            copy.unlink()
        else:
            kept = [item for i, item in enumerate(contents[f]) if i not in indices]
            copy.write_text(json.dumps(kept, indent=1), encoding="utf-8")


def _locate(bad: list[Diagnostic], origin: dict[str, tuple], doc: Any, display: str) -> list[Diagnostic]:
    """A finding in a written file is moved to its place in the variant file; any other names the variant."""
    from dataclasses import replace

    located = []
    for d in bad:
        if d.file in origin:
            base = origin[d.file]
            line, col = doc.where(base + _path(d.path))
            located.append(
                Diagnostic(
                    d.code,
                    f"{d.message} (in the variant's {'.'.join(str(p) for p in base)})",
                    display,
                    line,
                    col,
                    d.hint,
                    d.path,
                )
            )
        else:
            located.append(replace(d, hint=(d.hint + "; " if d.hint else "") + f"after variant {display}"))
    return located


def _display(path: Path, root: Path) -> str:
    try:
        return str(path.resolve().relative_to(root.resolve()))
    except ValueError:
        return str(path)


def _render(docs: dict, diagnostics: list[Diagnostic], root: Path | None = None) -> str:
    from ..core.diagnostics import render_text

    lines = []
    for d in sorted(diagnostics, key=lambda d: (d.file, d.line, d.column)):
        doc = docs.get(d.file)
        lines.append(render_text(d, doc.line_text(d.line) if doc else None))
    return "\n".join(lines)
