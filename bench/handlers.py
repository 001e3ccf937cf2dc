"""Benchmark: effect applications per second, interpreter against generated handlers.

Every example of every game is run once through the interpreter while each top-level effect
application (one card's, or the rules', effects on one trigger) is recorded with the state it
started from. Those applications are then replayed many times through each path, on fresh copies
of their states, timing only the application itself. `run()` returns the lines to print;
compiler/bench.py (`make bench`) calls it, and `python -m compiler.bench_handlers` prints them.
"""

from __future__ import annotations

import gc
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

ROUNDS = 20


@dataclass
class Application:
    game: Any
    state: Any
    actor: str
    owner: str
    card: Any
    event: dict
    depth: int
    card_id: str | None
    trigger: str


class _Recorder:
    """Stands in for handlers while the examples run: notes each application, then walks the tree."""

    def __init__(self, game: Any, out: list[Application]) -> None:
        self.game, self.out = game, out

    @property
    def rules(self) -> dict:
        """The events the rules listen to, as the interpreter finds them (interpreter._notify)."""
        return self.game.rule_triggered

    def requires(self, ctx: Any, kind: str) -> bool:
        """A kind's requirements, tested by the interpreter (builds.check_buildable)."""
        return bool(ctx.test(self.game.game.kinds[kind].requires))

    def run(self, ctx: Any, card_id: str | None, trigger: str) -> None:
        from compiler.runtime.interpreter import run_trigger

        effects = (
            self.game.rule_triggered.get(trigger)
            if card_id is None
            else self.game.triggered.get(card_id, {}).get(trigger)
        )
        if effects:
            self.out.append(
                Application(
                    self.game,
                    ctx.state.copy(new_run=True),
                    ctx.actor.id,
                    ctx.owner.id,
                    ctx.card,
                    dict(ctx.event),
                    ctx.depth,
                    card_id,
                    trigger,
                )
            )
        run_trigger(replace(ctx, handlers=None), card_id, trigger)


def record(games: list[Any]) -> list[Application]:
    from compiler.core.limits import Runaway
    from compiler.pipeline.check.examples import ExampleInvalid, setup, trigger
    from compiler.runtime.decider import Scripted
    from compiler.runtime.state import Illegal

    out: list[Application] = []
    for game in games:
        recorder = _Recorder(game, out)
        for card in game.cards.values():
            for example in card.examples:
                try:
                    state = setup(game, example.given)
                    trigger(game, state, example.when, Scripted(example.answers), handlers=recorder)
                except (ExampleInvalid, Illegal, Runaway):  # a refused example still recorded its applications
                    continue  # (anything else is the recorder's fault: it stands in for every handler the runtime asks)
    return out


def _contexts(apps: list[Application], handlers: dict[str, Any]) -> list[tuple[Any, str | None, str]]:
    from compiler.runtime.decider import FirstLegal
    from compiler.runtime.interpreter import Context

    out = []
    for app in apps:
        state = app.state.copy(new_run=True)
        ctx = Context(
            app.game,
            state,
            FirstLegal(),
            actor=state.player(app.actor),
            owner=state.player(app.owner),
            card=app.card,
            event=dict(app.event),
            depth=app.depth,
            handlers=handlers.get(app.game.id),
        )
        out.append((ctx, app.card_id, app.trigger))
    return out


def _round(apps: list[Application], handlers: dict[str, Any]) -> float:
    from compiler.runtime.interpreter import run_trigger

    batch = _contexts(apps, handlers)  # fresh states, made outside the timed part
    collecting = gc.isenabled()
    gc.disable()  # as timeit does: a collection triggered by the batch's allocations is not the effects' time
    try:
        start = time.perf_counter()
        for ctx, card_id, trigger_name in batch:
            try:
                run_trigger(ctx, card_id, trigger_name)
            except Exception:  # noqa: BLE001, S112 - a refusal is an application too, on both paths
                pass
        return time.perf_counter() - start
    finally:
        if collecting:
            gc.enable()


def _compare(apps: list[Application], handlers: dict[str, Any], rounds: int) -> tuple[float, float]:
    """Applications per second through each path: best round of each, the rounds interleaved so that
    both paths see the same load on a shared machine."""
    best_interp = best_fast = float("inf")
    for _ in range(rounds):
        best_interp = min(best_interp, _round(apps, {}))
        best_fast = min(best_fast, _round(apps, handlers))
    return len(apps) / best_interp, len(apps) / best_fast


def run(root: Path | None = None, rounds: int = ROUNDS) -> list[str]:
    from compiler.codegen import engine, generator
    from compiler.pipeline.project import load

    root = root or Path(__file__).resolve().parent.parent
    project = load([], root)
    games = sorted(project.games, key=lambda g: g.id)
    apps = record(games)
    if not apps:
        return ["handlers: no effect applications to time (no examples?)"]
    handlers = {g.id: engine.load(g) for g in games}
    _compare(apps, handlers, 1)  # warm-up: imports, caches
    interp_rate, fast_rate = _compare(apps, handlers, rounds)
    examples = sum(len(c.examples) for g in games for c in g.cards.values())
    lines = [
        f"effect applications: {len(apps)} from {examples} examples of {len(games)} games ({', '.join(g.id for g in games)}), best of {rounds}",
        f"interpreter: {interp_rate:,.0f} effect applications/s",
        f"generated handlers: {fast_rate:,.0f} effect applications/s",
        f"generated/interpreter speedup: {fast_rate / interp_rate:.1f}x",
    ]
    for game in games:  # where the time goes: a game whose effects are mostly fallbacks gains little
        mine = [a for a in apps if a.game is game]
        if mine:
            rate_i, rate_f = _compare(mine, handlers, max(1, rounds // 2))
            fallbacks = sorted(n for _f, n in generator.Generator(game).handlers().fallbacks)
            note = f" (interpreter fallbacks: {', '.join(fallbacks)})" if fallbacks else ""
            lines.append(f"  {game.id}: {len(mine)} applications, speedup {rate_f / rate_i:.1f}x{note}")
    return lines


if __name__ == "__main__":
    for line in run():
        print(line)
