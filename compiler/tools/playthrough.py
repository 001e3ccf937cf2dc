"""Golden playthroughs, in the manner of OpenSpiel's: a seeded game by random bots, as text.

Each game with a flow has one at its fewest and one at its most players, in
tests/playthroughs/<game>_<N>p.txt: the header says how to replay it (game, players, seed, bots);
then every chance outcome and every decision with the state before it (when it changed), the
legal moves and the move made; then the final state, scores and winner. A change in card data or
in the runtime that changes play shows as a diff of this file in review.

    python -m compiler.playthrough --write    # regenerate them all (make playthroughs)
    python -m compiler.playthrough            # exit 1 if any differs
"""

from __future__ import annotations

import sys
from pathlib import Path

from ..model.compiled import CompiledGame
from .play import RandomBot, new_game, play

SEED = 1
FOLDER = Path("tests") / "playthroughs"


def file_name(game: CompiledGame, players: int) -> str:
    return f"{game.id}_{players}p.txt"


def header(text: str) -> dict[str, str]:
    """The `key: value` lines before the first blank line."""
    fields = {}
    for line in text.split("\n\n", 1)[0].splitlines():
        if ":" in line and not line.startswith("#"):
            key, value = line.split(":", 1)
            fields[key.strip()] = value.strip()
    return fields


def render(game: CompiledGame, players: int, seed: int = SEED, engine: str = "interpreter") -> str:
    state = new_game(game, players, seed, engine)
    bot = RandomBot(seed)
    record = play(state, {seat: bot for seat in range(players)}, watch=True)
    out = [
        "# A game played by random bots (ostraka play; regenerate with: make playthroughs)",
        f"game: {game.id}",
        f"players: {players}",
        f"seed: {seed}",
        "bots: random",
        "",
    ]
    chances = list(record.chances)
    for decision in record.decisions:
        while chances and chances[0][0] < decision.number:
            out.append(f"chance: {chances.pop(0)[1]}")
        out.append(f"decision {decision.number}: p{decision.seat + 1}")
        if decision.summary is not None:
            out += [f"  | {line}" for line in decision.summary]
        out.append("  legal: " + "; ".join(decision.legal))
        out.append(f"  chosen: {decision.chosen}")
    out += [f"chance: {c[1]}" for c in chances]
    out.append("final:")
    out += [f"  | {line}" for line in state.summary()]
    ids = [p.id for p in state.state.players]
    out.append("scores: " + ", ".join(f"{pid} {s}" for pid, s in zip(ids, state.scores())))
    out.append("ranked by: " + ", ".join(state.program.rank))
    out.append("winner: " + ", ".join(ids[s] for s in state.winner()))
    out.append(f"decisions: {state.decisions}")
    return "\n".join(out) + "\n"


def expected(games: list[CompiledGame]) -> dict[str, tuple[CompiledGame, int]]:
    """Every playthrough file there should be: each game with a flow at its fewest and most players."""
    files = {}
    for game in games:
        if game.game.flow is None:
            continue
        for n in sorted({game.game.players.min, game.game.players.max}):
            files[file_name(game, n)] = (game, n)
    return files


def main(argv: list[str]) -> int:
    from ..core.writes import write_file
    from ..pipeline.project import load

    root = Path.cwd()
    folder = root / FOLDER
    games = load([], root).games
    stale = 0
    for name, (game, n) in expected(games).items():
        path = folder / name
        text = render(game, n)
        if "--write" in argv:
            if not path.is_file() or path.read_text(encoding="utf-8") != text:
                write_file(path, text, root)
                print(f"wrote {path.relative_to(root)}")
        elif not path.is_file() or path.read_text(encoding="utf-8") != text:
            print(f"{path.relative_to(root)} is stale (make playthroughs)")
            stale += 1
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
