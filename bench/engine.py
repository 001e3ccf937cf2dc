"""`make bench`, the engine: every game with a flow at its most players, random bots, in CPU seconds.

For each game: the bare loop (`tools.play`'s, in this process, after one warm-up game) and
`ostraka simulate --jobs 1` (a process of its own, run twice with different numbers of games:
the difference is what the games cost, the rest is the run's fixed cost: imports, loading,
the report), as games per CPU-second and microseconds a decision; and how the engine found its
moves: judged from the state, or tried on a copy (the trials left, by kind). Then OpenSpiel's MCTS
with 50 simulations in one seat of a 7 Wonders 4-player game, and the peak memory of one long
simulate run.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = int(os.environ.get("OSTRAKA_BENCH_ENGINE_GAMES", "8"))  # games per bare-loop figure
SIMULATED = int(os.environ.get("OSTRAKA_BENCH_SIMULATE_GAMES", "20"))  # games more in the larger simulate run
MEMORY_GAMES = int(os.environ.get("OSTRAKA_BENCH_MEMORY_GAMES", "2000"))  # the long run's games (7 Wonders 4p)


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _simulate(game_id: str, players: int, games: int, bots: str = "random") -> tuple[float, int, int]:
    """CPU seconds, peak memory (KB) and decisions made, of one `ostraka simulate` process."""
    import duckdb

    with tempfile.TemporaryDirectory() as tmp:
        before = _children_cpu()
        out = Path(tmp) / "run"
        args = [sys.executable, "-m", "compiler", "simulate", game_id, "--players", str(players)]
        args += ["--games", str(games), "--jobs", "1", "--bots", bots, "--out", str(out)]
        subprocess.run(args, cwd=ROOT, check=True, capture_output=True)
        spent, memory = _children_cpu() - before, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        con = duckdb.connect(str(out / "results.duckdb"), read_only=True)
        try:
            (decisions,) = con.execute("SELECT sum(decisions) FROM games").fetchone() or (0,)
        finally:
            con.close()
        return spent, memory, int(decisions)


def _counting() -> tuple[Counter, list]:
    """Count the engine's trials (a state copied and actions tried on it) and judgements, by kind."""
    from compiler.runtime import choices, judging, menus
    from compiler.runtime.interpreter import Context

    seen: Counter = Counter()
    undo = []

    def wrap(owner, name, label):
        original = getattr(owner, name)

        def counted(*args, **kwargs):
            seen[label] += 1
            return original(*args, **kwargs)

        setattr(owner, name, counted)
        undo.append((owner, name, original))

    wrap(menus.Menus, "_try", "tried: a move (menu)")
    wrap(menus.Menus, "_counted", "tried: a move again, counting its options (menu)")
    wrap(choices, "_can", "tried: an option of choose/may")
    wrap(Context, "pays_on_copy", "tried: a payment only paying tells")
    wrap(judging, "judge", "judged: one build (judge)")
    wrap(judging, "quick", "judged: one build (quick)")
    wrap(judging, "own_builds", "judged: a menu's own-card builds at once")
    return seen, undo


def bare(game, players: int, games: int = GAMES) -> tuple[float, float, Counter]:
    """Games per CPU-second and decisions a game in the bare loop; the trials and judgements."""
    from bench.games import play_seeded

    play_seeded(game, players, 999, "handlers")  # load the handlers, number the flow
    decisions, spent = 0, 0.0
    for seed in range(1000, 1000 + games):
        start = time.process_time()
        record = play_seeded(game, players, seed, "handlers")
        spent += time.process_time() - start
        decisions += len(record.decisions)
    # the trials and judgements counted on the same games again (counting costs time of its own)
    seen, undo = _counting()
    try:
        for seed in range(1000, 1000 + games):
            play_seeded(game, players, seed, "handlers")
    finally:
        for owner, name, original in undo:
            setattr(owner, name, original)
    return games / spent, decisions / games, Counter({k: v / games for k, v in seen.items()})


def run() -> list[str]:
    from bench.games import load_game
    from compiler.pipeline.project import load

    lines = [
        "| game, players | decisions a game | bare loop: games/CPU-s, µs a decision |"
        " simulate: games/CPU-s, µs a decision | simulate / bare | simulate's fixed cost |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    trials = []
    for compiled in load([], ROOT).games:
        if compiled.game.flow is None:
            continue
        n = compiled.game.players.max
        rate, decisions, seen = bare(load_game(compiled.id), n)
        # the same first games in both runs (game i is seeded from the run's seed and i): the
        # difference is the games the larger run played more
        small, _memory, small_decisions = _simulate(compiled.id, n, 2)
        large, _memory, large_decisions = _simulate(compiled.id, n, 2 + SIMULATED)
        per_game = (large - small) / SIMULATED
        fixed = small - 2 * per_game
        bare_us = 1e6 / rate / decisions
        sim_us = 1e6 * (large - small) / max(1, large_decisions - small_decisions)
        lines.append(
            f"| {compiled.id}, {n} | {decisions:.0f} | {rate:.1f}, {bare_us:.0f} | {1 / per_game:.1f}, {sim_us:.0f} |"
            f" {per_game * rate:.2f}x | {fixed:.2f} CPU-s |"
        )
        trials.append(
            f"{compiled.id}, {n} players, a game: " + "; ".join(f"{k} {v:.0f}" for k, v in sorted(seen.items()))
        )
    lines += ["", *trials, ""]
    mcts, _m, _d = _simulate("seven_wonders", 4, 3, "mcts,random,random,random")
    random_three, _m, _d = _simulate("seven_wonders", 4, 3, "random")
    lines.append(
        "OpenSpiel MCTS, 50 simulations a move, one seat of 7 Wonders at 4 players (the same games with a"
        f" random seat instead taken off): {(mcts - random_three) / 3:.2f} CPU-s a game"
    )
    spent, memory, _d = _simulate("seven_wonders", 4, MEMORY_GAMES)
    lines.append(
        f"one simulate run of {MEMORY_GAMES:,} games of 7 Wonders at 4 players: peak memory {memory / 1024:.0f} MB,"
        f" {spent:.1f} CPU-s"
    )
    return lines


if __name__ == "__main__":
    for line in run():
        print(line)
