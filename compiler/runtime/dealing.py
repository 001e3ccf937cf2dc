"""Deals and draws: the chance nodes of a whole game (the runner's `deal` frames).

A deal's frame is `[DEAL, step, pile, draws still to make into the pile, seats still to receive,
values dealt]`; each card dealt is a chance outcome (its index in the game's card order) weighted
by its copies in the pile, drawn from the generator the state holds (flow.GameState.sample_chance).
"""

from __future__ import annotations

from collections import Counter

from ..core.limits import MAX_DEALT, Runaway
from . import cards
from .program import CHANCE, DEAL, Labels, Node, Runner


def _bounded_deal(n: int, what: str) -> None:
    """A deal makes at most MAX_DEALT cards (the step budget of one run): a count from data that
    no table holds (a counter of 10^9 copies) stops here, before the pile fills the memory."""
    if n > MAX_DEALT:
        raise Runaway(f"a deal of {n:,} {what}: more than the {MAX_DEALT:,} any game needs")


class Deals:
    """A game's deals (flow.GameState's part): the chance nodes of the cards dealt."""

    def __init__(self, run: Runner) -> None:
        self.run = run  # the game state whose deals these are (flow.GameState)
        # the pile of the deal going on, its length, and the cards' indices in it with their copies,
        # kept from one card dealt to the next (a clone's deals are its own: it counts its own)
        self._pile: tuple[list[str], int, list[int], list[int]] | None = None

    def start(self, sid: int, seat: int) -> None:
        arg = self.run.program.steps[sid].arg
        ctx = self.run.ctx(seat)
        if arg.deck is not None:
            fixed, draws = self.run.program.deck(
                len(self.run.state.players), self.run.flow_amount(ctx, sid, "deck", arg.deck)
            )
            pile = list(fixed)
            pending: list[list] = [[list(c), n] for c, n in draws]  # [candidates, draws still to make]
        else:
            found = cards.matching_cards(ctx, arg.cards)
            copies = (
                (lambda c: max(0, self.run.flow_amount(ctx.about(c), sid, "copies", arg.copies)))
                if arg.copies is not None
                else (lambda c: 1)
            )
            counts = [(c.id, copies(c)) for c in found]
            _bounded_deal(sum(n for _c, n in counts), "copies")
            pile, pending = [cid for cid, n in counts for _ in range(n)], []
        each = max(0, self.run.flow_amount(ctx, sid, "each", arg.each))
        if self.run.game.game.zones[arg.to].shared:  # into a shared pile: `each` cards, in the order drawn
            targets = [-1] * min(each, len(pile) + sum(n for _c, n in pending))
        else:
            _bounded_deal(each * len(self.run.state.players), "cards dealt to the players")
            targets = [s for s in self.run.order() for _ in range(each)]
        # [DEAL, step, pile, draws still to make into the pile, seats still to receive, values dealt (distinct)]
        self.run.stack.append([DEAL, sid, pile, pending, targets, []])

    def next(self, frame: list) -> bool:
        """Set up the next chance node of a deal (True), or finish it (False)."""
        _k, sid, pile, pending, targets, taken = frame
        prog = self.run.program
        if pending:
            candidates = pending[0][0]
            actions = sorted(prog.card_index[c] for c in candidates)
            labels = [f"draw {prog.card_ids[a]} into the deck" for a in actions]
            self.run.node = Node("chance", CHANCE, actions, labels, [1] * len(actions))
            return True
        arg = prog.steps[sid].arg
        if targets and pile:
            ids = prog.card_ids
            counted = self._pile
            if arg.distinct is None and counted is not None and counted[0] is pile and counted[1] == len(pile):
                actions, weights = counted[2], counted[3]  # counted at the last card dealt, less that card
            else:
                # the copies of each card in the pile (counted in C)
                if arg.distinct is None:
                    counts = Counter(pile)
                else:
                    by_id = self.run.game.cards
                    counts = Counter(cid for cid in pile if by_id[cid].fields.get(arg.distinct) not in taken)
                actions = sorted(map(prog.card_index.__getitem__, counts))
                weights = [counts[ids[a]] for a in actions]
                self._pile = (pile, len(pile), actions, weights) if arg.distinct is None else None
            if actions:
                where = arg.to if targets[0] < 0 else f"{self.run.state.players[targets[0]].id}.{arg.to}"
                actions = list(actions)  # the node's own: the counts change as the deal goes on
                named = Labels(actions, ids.__getitem__, "deal ", f" to {where}")
                self.run.node = Node("chance", CHANCE, actions, named, list(weights))
                return True
        self.run.stack.pop()
        return False

    def dealt(self, frame: list, card_id: str) -> None:
        _k, sid, pile, pending, targets, taken = frame
        if pending:
            pending[0][0].remove(card_id)
            pile.append(card_id)
            pending[0][1] -= 1
            if pending[0][1] <= 0 or not pending[0][0]:
                pending.pop(0)
            return
        arg = self.run.program.steps[sid].arg
        pile.remove(card_id)
        counted = self._pile
        if counted is not None and counted[0] is pile and counted[1] == len(pile) + 1:
            # the pile's counts less the card dealt: the next node of the deal need not count again
            actions, weights = counted[2], counted[3]
            i = actions.index(self.run.program.card_index[card_id])
            if weights[i] > 1:
                weights[i] -= 1
            else:
                del actions[i], weights[i]
            self._pile = (pile, len(pile), actions, weights)
        if arg.distinct is not None:
            taken.append(self.run.game.cards[card_id].fields.get(arg.distinct))
        seat = targets.pop(0)
        zones = self.run.state.zones if seat < 0 else self.run.state.players[seat].zones
        zones.setdefault(arg.to, []).append(card_id)
