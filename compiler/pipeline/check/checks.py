"""The check stage: run examples of every game whose data loaded cleanly."""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, replace

from ...cache.gameview import Reads
from ...core.diagnostics import Severity
from ...runtime.deck import check_draws
from ..project import Run
from ..typecheck import unfilled_details, unique_by_default
from .examples import check_card_examples, check_examples
from .flowcheck import check_setup
from .flowgame import check_flow
from .followon import broken_cards, fold
from .placeholders import check_placeholders
from .textcheck import check_card_text, check_text


@dataclass(frozen=True)
class Scope:
    """What every game's check reads of the whole run, fixed before the first: the files with errors,
    and the entity ids written in them. Each game's check depends on the run only through these
    (parallel.py checks games in two processes on that ground)."""

    error_files: frozenset[str]
    written: dict[str, str]


def scope_of(run: Run) -> Scope:
    error_files = frozenset(d.file for d in run.report.items if d.level is Severity.ERROR)
    return Scope(error_files, _ids_in(run.documents, error_files))


def check_all(run: Run, examples: bool = True) -> None:
    scope = scope_of(run)
    for game in run.games:
        run.report.extend(placeholders(run, game, scope))
    for game in run.games:
        check_game(run, game, scope, examples)


def placeholders(run: Run, game, scope: Scope) -> list:
    """W502 of a game's card files that loaded cleanly."""
    return [d for file in game.files if file not in scope.error_files for d in check_placeholders(run.documents[file])]


def check_game(run: Run, game, scope: Scope, examples: bool = True) -> None:
    """One game's draws, text and examples, added to the report (example failures that follow
    from another file's errors folded under them: followon.py)."""
    error_files = scope.error_files
    if game.game_file not in error_files:
        game_doc = run.documents.get(game.game_file)
        run.report.extend(check_draws(game, game_doc))
        if game_doc is not None:
            run.report.extend(unfilled_details(game.game, game.cards.values(), game_doc))
            run.report.extend(unique_by_default(game.game, game_doc))
        run.report.extend(
            check_text(
                game,
                run.documents,
                lambda g, cid, docs, vocab, en: run.cache.text(
                    g, cid, lambda: check_card_text(g, cid, docs, vocab, en)
                ),
            )
        )
    if game.game_file in error_files or not examples:
        return
    if not any(file in error_files for file in game.files):  # a flow that cannot end, found by one game
        document = run.documents.get(game.game_file)
        run.report.extend(run.cache.flow(game, lambda: check_flow(game, document)))
    broken = broken_cards(game, error_files, scope.written)
    if not broken:  # the set-up played out: a step the rules refuse (a broken card might refuse it)
        run.report.extend(check_setup(game, run.documents.get(game.game_file)))
    reads: dict = {}
    if broken:  # record what each card's examples read, to fold failures that follow from the broken cards

        def check_card(g, cid, docs):
            reads[cid] = Reads()  # filled from the cache's entry on a hit, as the examples run on a miss
            return run.cache.examples(g, cid, docs, check_card_examples, reads[cid])
    else:
        check_card = lambda g, cid, docs: run.cache.examples(g, cid, docs, check_card_examples)  # noqa: E731
    passed, failed, diagnostics = check_examples(game, run.documents, error_files, check_card)
    run.report.examples_passed += passed
    run.report.examples_failed += failed
    diagnostics = _blame_broken_data(game, error_files, diagnostics)
    diagnostics = _name_unloaded_cards(scope.written, diagnostics)
    kept = fold(diagnostics, reads, broken, run.report.items)
    run.report.examples_folded += len(diagnostics) - len(kept)
    run.report.extend(kept)


def _blame_broken_data(game, error_files: AbstractSet[str], diagnostics: list) -> list:
    """An example that crashed while some of its game's files have errors may have read one of their
    broken cards (a cost that is not a number, ...): that is E402 pointing at those errors, not E901."""
    broken = sorted(f for f in set(game.sources[c].file for c in game.cards) if f in error_files)
    if not broken:
        return diagnostics
    out = []
    hint = f"fix the errors in {', '.join(broken[:3])} first; the example may read a card defined there"
    for d in diagnostics:
        if d.code == "E901":
            failure = d.failure and replace(d.failure, reason="could not run: it may read a card whose data has errors")
            message = failure.message() if failure else d.message
            d = replace(d, code="E402", message=message, hint=hint, failure=failure)
        out.append(d)
    return out


_ID_LINE = re.compile(r"^[ \t]*(?:-[ \t]+)?id:[ \t]*['\"]?([a-z][a-z0-9_]*)['\"]?[ \t]*(?:#.*)?$", re.MULTILINE)


def _ids_in(documents: dict, files: AbstractSet[str]) -> dict[str, str]:
    """Entity ids written in files that did not load cleanly, with their file. A file that is not
    even YAML (an indentation slip) is read line by line for its `id:` lines."""
    found: dict[str, str] = {}
    for file in sorted(files):
        doc = documents.get(file)
        data = doc.data if doc is not None else None
        if data is None and doc is not None and doc.text:
            for match in _ID_LINE.finditer(doc.text):
                found.setdefault(match.group(1), file)
            continue
        for entity in data if isinstance(data, list) else [data]:
            if isinstance(entity, dict) and isinstance(entity.get("id"), str):
                found.setdefault(entity["id"], file)
    return found


def _name_unloaded_cards(unloaded: dict[str, str], diagnostics: list) -> list:
    """An example naming a card whose own file has errors is not wrong itself: say where to look."""
    out = []
    for d in diagnostics:
        unknown = d.failure.unknown_card if d.code == "E402" and d.failure is not None else None
        if unknown is not None and unknown[1] in unloaded:
            where, card_id = unknown
            failure = replace(d.failure, reason=f"{where} names card '{card_id}', which did not load")
            hint = f"'{card_id}' is defined in {unloaded[card_id]}, which has errors: fix those first"
            d = replace(d, message=failure.message(), hint=hint, failure=failure)
        out.append(d)
    return out
