"""A game at a player count, ready to be played many times: the simulator's view of the runner.

`Table` makes a whole game from a seed (runtime/flow.py's `GameState`, OpenSpiel's State
interface), values positions for the greedy bot and for per-card points (game.yaml
`balance.estimate`: the final scoring fired on a copy), and reads what the report breaks results
down by (`balance.report`). Nothing here knows a game: all of it comes from game.yaml.
"""

from __future__ import annotations

from itertools import chain, repeat
from typing import TYPE_CHECKING, Any

from ..core.limits import Runaway
from ..runtime.decider import FirstLegal
from ..runtime.flow import GameState
from ..runtime.interpreter import Context, fire
from ..runtime.state import Illegal, State, zones_of

if TYPE_CHECKING:  # pragma: no cover
    from ..model.compiled import CompiledGame


class Table:
    def __init__(self, game: CompiledGame, players: int, engine: str = "handlers") -> None:
        self.game, self.players, self.engine = game, players, engine
        self.handlers = None
        if engine == "handlers":
            from ..codegen.engine import load

            self.handlers = load(game)
        balance = game.game.balance
        self.estimate_triggers = list(balance.estimate) if balance and balance.estimate else final_scoring(game)
        self.breakdowns = list(balance.report) if balance else []
        self.length = balance.length if balance else None
        self.play_zones = game.play_zones
        self.score_noun = game.game.score

    def new_state(self, seed: int) -> GameState:
        return GameState(self.game, self.players, seed, handlers=self.handlers)

    # ------------------------------------------------------------------ values

    def values(self, state: State) -> list[float]:
        """Every seat's score if the game ended now: the `estimate` triggers fired on a copy."""
        if self.estimate_triggers:
            trial = state.copy(new_run=True)  # a run of its own, with its own step budget
            try:
                for trigger in self.estimate_triggers:
                    fire(self.game, trial, trigger, trial.players[0], FirstLegal(), {}, handlers=self.handlers)
                state = trial
            except (Illegal, Runaway):
                pass  # a scoring the rules refuse values the position as it stands
        return [float(p.values.get(self.score_noun, 0)) if self.score_noun else 0.0 for p in state.players]

    def score(self, state: GameState, seat: int) -> float:
        """A seat's value of a game state: its final score once over, else the estimate."""
        if state.is_terminal():
            return float(state.returns()[seat])
        return self.values(state.state)[seat]

    def value_after(self, state: GameState, action: int, seat: int) -> float:
        """The seat's value once its action is carried out. A move picked from a menu is tried on
        its own, on a copy (in a simultaneous turn nothing is carried out until every seat has
        picked); an answer is applied to a clone of the game."""
        node = getattr(state, "node", None)
        if node is not None and node.kind == "menu":
            name, card_id = state.program.move_of(action)
            trial = state.state.copy(new_run=True)
            try:
                state.menus.do_move(state.ctx(seat, FirstLegal(), trial), name, card_id)
            except (Illegal, Runaway):
                return float("-inf")
            return self.values(trial)[seat]
        twin = state.clone()
        twin.apply_action(action)
        return self.score(twin, seat)

    def built(self, state: State) -> list[list[str]]:
        """The cards in play of each seat (the zones some kind is built into), in order: read after
        every decision, so without copying a lazy copy's zones (zones_of) and card by card in C."""
        zones = self.play_zones
        if len(zones) == 1:
            (zone,) = zones
            return [list(zones_of(p).get(zone, ())) for p in state.players]
        return [list(chain.from_iterable(map(zones_of(p).get, zones, repeat(())))) for p in state.players]

    # ------------------------------------------------------------------ the end

    def facts(self, state: GameState) -> list[tuple[int, str, str]]:
        """(seat, label, value) for every breakdown of game.yaml's `balance.report`."""
        out = []
        final = state.state
        for seat, player in enumerate(final.players):
            ctx = None
            for b in self.breakdowns:
                if b.zone is not None:
                    cards = [self.game.cards[c] for c in player.zones.get(b.zone, ()) if c in self.game.cards]
                    values = [c.name if b.field is None else str(c.fields.get(b.field, "")) for c in cards]
                    out += [(seat, b.label, v) for v in dict.fromkeys(values)] or [(seat, b.label, "none")]
                elif b.value is not None:
                    out.append((seat, b.label, str(player.values.get(b.value, 0))))
                else:
                    ctx = ctx or Context(
                        self.game, final, FirstLegal(), actor=player, owner=player, handlers=self.handlers
                    )
                    case = next((name for name, cond in (b.cases or {}).items() if _holds(ctx, cond)), "none")
                    out.append((seat, b.label, case))
        return out

    def ending(self, state: GameState) -> str:
        """How the game ended: an instant win (the flow's `win`) or the last step played."""
        return "instant win" if getattr(state, "winners", None) is not None else "played out"


def final_scoring(game: CompiledGame) -> list[str]:
    """The game's own scoring: the triggers its flow fires at its very end (after its last round),
    what a position is valued by when game.yaml's `balance.estimate` names none."""
    flow = game.game.flow
    fired: list[str] = []
    for step in reversed(flow.play if flow is not None else []):
        if step.fire is None:
            break
        fired.insert(0, step.fire)
    return fired


def _holds(ctx: Context, condition: Any) -> bool:
    try:
        return bool(ctx.test(condition))
    except (Illegal, Runaway):
        return False
