"""The check stage: run examples of every game whose data loaded cleanly."""

from __future__ import annotations

from .diagnostics import Severity
from .examples import check_card_examples, check_examples
from .project import Run
from .textcheck import check_text


def check_all(run: Run, examples: bool = True) -> None:
    error_files = {d.file for d in run.report.items if d.level is Severity.ERROR}
    for game in run.games:
        if game.game_file not in error_files:
            run.report.extend(check_text(game, run.documents))
        if game.game_file in error_files or not examples:
            continue
        passed, failed, diagnostics = check_examples(
            game, run.documents, error_files, lambda g, cid, docs: run.cache.examples(g, cid, docs, check_card_examples))
        run.report.examples_passed += passed
        run.report.examples_failed += failed
        run.report.extend(diagnostics)
