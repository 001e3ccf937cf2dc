"""Python opcodes a whole game executes, on each engine: a count that does not move with the machine.

`python -m bench.opcodes GAME PLAYERS [ENGINE ...] [--by-module]` plays GAMES seeded random games
(seeds 1000 on) under `sys.settrace`, counting every opcode event, and prints the count a game,
each engine in a process of its own (the runtime's memos, kept per process and game, would carry
one engine's work into the other's). The same code and seeds give the same count on any machine
and under any load, so it tells a change that saves 1% apart from the machine's own drift
(wall-clock figures here move by a fifth from run to run); the ratio of two engines' counts has
tracked the ratio of their times within a few percent. It does not see time spent in C (the
collector, dict and list work).

`--by-module` also splits each engine's count by the module whose code ran (an opcode counts for
the function executing it, not for its callers), side by side, and works out from it how the 3x
target between the engines stands: the runtime both engines run (of each module, the smaller of
its two counts), each engine's own work (the rest), and how small the shared part would have to
be for the handlers to be TARGET times the interpreter.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

from bench.games import load_game, play_seeded

ROOT = Path(__file__).resolve().parent.parent
GAMES = int(os.environ.get("OSTRAKA_OPCODE_GAMES", "2"))
TARGET = 3.0  # the handlers' speed-up over the interpreter asked for on whole games (#13)


def count(game_id: str, players: int, engine: str, games: int = GAMES) -> float:
    """Opcodes per game, averaged over `games` seeded random games, in this process."""
    return sum(count_by_module(game_id, players, engine, games).values())


def count_by_module(game_id: str, players: int, engine: str, games: int = GAMES) -> dict[str, float]:
    """Opcodes per game by the module (a path relative to the repository, else as Python names
    it) whose code executed them, averaged over `games` seeded random games, in this process."""
    from compiler.tools.play import new_game

    game = load_game(game_id)
    new_game(game, players, 0, engine)  # the handlers and the flow's program, before counting
    counted: Counter[str] = Counter()

    def tracer(frame, event, _arg):
        if event == "call":
            frame.f_trace_opcodes = True
        elif event == "opcode":
            counted[frame.f_code.co_filename] += 1
        return tracer

    sys.settrace(tracer)
    try:
        for seed in range(1000, 1000 + games):
            play_seeded(game, players, seed, engine)
    finally:
        sys.settrace(None)
    return {_module(path): n / games for path, n in counted.items()}


def _module(path: str) -> str:
    try:
        return Path(path).resolve().relative_to(ROOT).as_posix()
    except ValueError:  # the standard library, <string>
        return path


def split(handlers: dict[str, float], interpreter: dict[str, float]) -> dict[str, float]:
    """The parts of two engines' counts: `shared`, the opcodes a game both run (of each module, the
    smaller count: the runtime's modules run alike on both, within a few percent, and the handlers
    call some of the interpreter's own); `handlers_own` and `interpreter_own`, the rest of each
    engine's; and `shared_for_target`, the most the shared part could be, were the engines' own
    work what it is, for the handlers to be TARGET times the interpreter (interpreter_own + s >=
    TARGET * (handlers_own + s))."""
    shared = sum(min(handlers[module], interpreter[module]) for module in handlers.keys() & interpreter.keys())
    handlers_own = sum(handlers.values()) - shared
    interpreter_own = sum(interpreter.values()) - shared
    return {
        "shared": shared,
        "handlers_own": handlers_own,
        "interpreter_own": interpreter_own,
        "shared_for_target": max(0.0, (interpreter_own - TARGET * handlers_own) / (TARGET - 1)),
    }


def by_module_lines(game_id: str, players: int, handlers: dict[str, float], interpreter: dict[str, float]) -> list[str]:
    """The side-by-side table and the split, as `--by-module` prints them."""
    total_h, total_i = sum(handlers.values()), sum(interpreter.values())
    lines = [
        f"opcodes a game by module ({game_id}, {players} players, {GAMES} games), K",
        f"{'module':<48} {'handlers':>9} {'interpreter':>12}",
    ]
    modules = sorted(
        handlers.keys() | interpreter.keys(), key=lambda m: (-max(handlers.get(m, 0), interpreter.get(m, 0)), m)
    )
    for module in modules:
        h, i = handlers.get(module, 0.0), interpreter.get(module, 0.0)
        if max(h, i) >= 1000:  # the rest summed below
            lines.append(f"{module[-48:]:<48} {h / 1e3:>9,.1f} {i / 1e3:>12,.1f}")
    lines.append(f"{'all':<48} {total_h / 1e3:>9,.1f} {total_i / 1e3:>12,.1f}")
    parts = split(handlers, interpreter)
    lines += [
        f"run by both engines: {parts['shared'] / 1e3:,.1f}K",
        f"each engine's own: handlers {parts['handlers_own'] / 1e3:,.1f}K, interpreter {parts['interpreter_own'] / 1e3:,.1f}K",
        f"interpreter/handlers: {total_i / total_h:.2f}x; for {TARGET:g}x the shared part would have to be at most "
        f"{parts['shared_for_target'] / 1e3:,.1f}K ({parts['shared_for_target'] / parts['shared']:.0%} of today's)"
        if parts["shared"]
        else f"interpreter/handlers: {total_i / total_h:.2f}x",
    ]
    return lines


def _measured(game_id: str, players: str, engine: str, by_module: bool) -> dict[str, float]:
    """One engine's count (by module, or {"all": n}), in a process of its own."""
    out = subprocess.run(
        [sys.executable, "-m", "bench.opcodes", game_id, players, engine, *(["--by-module"] if by_module else [])],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout) if by_module else {"all": float(out.stdout)}


def main(argv: list[str]) -> None:
    by_module = "--by-module" in argv
    game_id, players, *engines = [arg for arg in argv if arg != "--by-module"]
    if len(engines) == 1:  # one engine, in this process
        if by_module:
            print(json.dumps(count_by_module(game_id, int(players), engines[0]), sort_keys=True))
        else:
            print(count(game_id, int(players), engines[0]))
        return
    found = {
        engine: _measured(game_id, players, engine, by_module) for engine in engines or ["handlers", "interpreter"]
    }
    if by_module and {"handlers", "interpreter"} <= set(found):
        print("\n".join(by_module_lines(game_id, int(players), found["handlers"], found["interpreter"])))
        return
    totals = {engine: sum(counts.values()) for engine, counts in found.items()}
    for engine, total in totals.items():
        print(f"{engine}: {total / 1e3:,.1f}K opcodes a game ({game_id}, {players} players, {GAMES} games)")
    if {"handlers", "interpreter"} <= set(totals):
        print(f"interpreter/handlers: {totals['interpreter'] / totals['handlers']:.2f}x")


if __name__ == "__main__":
    main(sys.argv[1:])
