"""The examples part of checks.check_all with every example run through the generated handlers
(`check --engine handlers`): the same report as the interpreter's, another execution path."""

from __future__ import annotations

from functools import partial
from typing import Any

from ...codegen.engine import runner
from ...core.diagnostics import Severity
from .examples import check_card_examples, check_examples


def check_examples_with_handlers(run: Any) -> None:
    """The examples part of checks.check_all, every example run through the generated handlers."""
    error_files = {d.file for d in run.report.items if d.level is Severity.ERROR}
    for game in run.games:
        if game.game_file in error_files:
            continue
        check_card = partial(check_card_examples, runner=runner(game))
        passed, failed, diagnostics = check_examples(game, run.documents, error_files, check_card)
        run.report.examples_passed += passed
        run.report.examples_failed += failed
        run.report.extend(diagnostics)
