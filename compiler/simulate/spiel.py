"""Every ostraka game as an OpenSpiel game: `pyspiel.register_game` with a GameType and GameInfo
derived from game.yaml, and a state that wraps the game runner (runtime/flow.py), so OpenSpiel's
own algorithms (its MCTS bot, random rollouts, anything that needs only the State interface) play
any card set unchanged.

    game = register(compiled)                      # "ostraka_<game id>", players and seed as parameters
    spiel = pyspiel.load_game(game, {"players": 4, "seed": 7})

What the state tells: it is the true state of the game, and `clone()` copies it whole. Its
information state string is what the player to move may see (runtime/view.py's per-player view,
the decisions made and the question asked), so OpenSpiel's information-set MCTS, which bots.py
seats with guesses of the hidden cards (runtime/guess.py), keys its tree by what a player knows.
Returns are each seat's share of the win (1 for a sole winner, 1/k in a k-way tie), so the sum is
1 (constant-sum).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pyspiel

if TYPE_CHECKING:  # pragma: no cover
    from ..model.compiled import CompiledGame

PREFIX = "ostraka_"
_REGISTERED: dict[str, tuple[CompiledGame, str]] = {}
_TABLES: dict[tuple[str, int], Any] = {}


class _Held:
    """The runner's state inside a pyspiel state: OpenSpiel clones a Python state by deep-copying
    its attributes, and this makes that copy the runner's own cheap, exact `clone()`."""

    __slots__ = ("state",)

    def __init__(self, state: Any) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict) -> _Held:
        return _Held(self.state.clone())


def _game_type(compiled: CompiledGame) -> pyspiel.GameType:
    limits = compiled.game.players
    return pyspiel.GameType(
        short_name=PREFIX + compiled.id,
        long_name=f"{compiled.game.name} (ostraka)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,  # simultaneous picks are asked seat by seat, earlier ones hidden
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=limits.max,
        min_num_players=limits.min,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
        parameter_specification={"players": limits.min, "seed": 0},
    )


def register(compiled: CompiledGame, engine: str = "handlers") -> str:
    """Register the game with OpenSpiel (once per process) and return its short name."""
    name = PREFIX + compiled.id
    if name in _REGISTERED:
        _REGISTERED[name] = (compiled, engine)  # the latest card data (a sweep's variant) is played
        return name
    _REGISTERED[name] = (compiled, engine)
    game_type = _game_type(compiled)

    class Game(SpielGame):
        def __init__(self, params: dict | None = None) -> None:
            super().__init__(game_type, name, params or {})

    pyspiel.register_game(game_type, Game)
    return name


class SpielGame(pyspiel.Game):
    def __init__(self, game_type: pyspiel.GameType, name: str, params: dict) -> None:
        from .table import Table

        compiled, engine = _REGISTERED[name]
        players = int(params.get("players", compiled.game.players.min))
        self.seed = int(params.get("seed", 0))
        key = (name, players)
        if key not in _TABLES or _TABLES[key].game is not compiled:
            _TABLES[key] = Table(compiled, players, engine)
        self.table = _TABLES[key]
        moves = len(compiled.game.flow.moves) if compiled.game.flow else 1
        info = pyspiel.GameInfo(
            num_distinct_actions=max(
                64, moves * len(compiled.cards)
            ),  # a move is move * cards + card; answers are small indices
            max_chance_outcomes=len(compiled.cards),  # a chance outcome is a card's index
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=100_000,
        )
        super().__init__(game_type, info, {"players": players, "seed": self.seed})

    def new_initial_state(self) -> SpielState:
        return SpielState(self, self.table.new_state(self.seed))

    def wrap(self, state: Any) -> SpielState:
        """A pyspiel state over a runner state (taken over, not copied)."""
        return SpielState(self, state)


class SpielState(pyspiel.State):
    def __init__(self, game: SpielGame, state: Any) -> None:
        super().__init__(game)
        self._held = _Held(state)

    @property
    def runner(self) -> Any:
        return self._held.state

    def current_player(self) -> int:
        return self.runner.current_player()  # CHANCE -1 and TERMINAL -4 are OpenSpiel's own ids

    def _legal_actions(self, player: int) -> list[int]:
        return self.runner.legal_actions(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.runner.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.runner.apply_action(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.runner.action_to_string(player, int(action))

    def is_terminal(self) -> bool:
        return self.runner.is_terminal()

    def returns(self) -> list[float]:
        n = self.runner.num_players()
        if not self.runner.is_terminal():
            return [0.0] * n
        winners = self.runner.winner()
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(n)]

    def information_state_string(self, player: int | None = None) -> str:
        """What `player` (the player to move by default) may see: the per-player view, the decisions
        made so far and, when it is their turn, what they are asked."""
        from ..runtime.view import view

        runner = self.runner
        seat = runner.current_player() if player is None else player
        node = runner.node
        asked = "" if node is None or node.seat != seat else f"{node.kind}:{node.about}:{list(node.labels)}"
        return f"{runner.decisions}|{asked}|{view(runner, seat if seat >= 0 else None).key()}"

    def __str__(self) -> str:
        return str(self.runner)


def game_for(table: Any) -> SpielGame:
    """The pyspiel game of a Table (its card data, players and engine), registered if need be."""
    name = register(table.game, table.engine)
    _TABLES[(name, table.players)] = table
    return pyspiel.load_game(name, {"players": table.players, "seed": 0})
