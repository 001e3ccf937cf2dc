"""The cheapest ways to cover the resource units of a cost from a buyer's supply (payment.py).

The search finds every cheapest way; when they differ in who is paid or what is spent, the player
chooses among them. Its answers are memoised on the supply by what else they read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.limits import spend
from .payment import Plan, Reading, Supply, supply_for, wild_units
from .state import Illegal, Player, values_of

if TYPE_CHECKING:  # pragma: no cover
    from .context import Context


_CHARGE = 32  # search nodes charged to the budget at once


def cheapest_plans(
    ctx: Context,
    player: Player,
    needs: list[str],
    coins_available: int,
    reading: Reading | None = None,
    supply: Supply | None = None,
) -> list[Plan]:
    """Every cheapest way to cover `needs`, one plan per distinct outcome. `reading`: what the
    buyer's supply was read as on this state, if it was."""
    return list(cheapest(ctx, player, tuple(sorted(needs)), coins_available, reading, supply))


def cheapest(
    ctx: Context,
    player: Player,
    needs: tuple[str, ...],
    coins_available: int,
    reading: Reading | None,
    supply: Supply | None,
) -> list[Plan]:
    """cheapest_plans of `needs` in name order; the list is the memo's (read it, never change it)."""
    supply = supply or supply_for(ctx, player, reading)
    values = values_of(player)
    # the stock of the nouns needed, in name order (no other is taken or counted as consumed), and
    # the needs counted noun by noun: what the needs are, found once per game
    stocked, counted = _needs_of(ctx, supply, needs)
    held = tuple([max(0, values.get(r, 0)) for r in stocked]) if stocked else ()
    substitutes = supply.substitutes
    if not substitutes:
        wild = []
    elif reading is None:
        wild = wild_units(ctx, player, substitutes)
    else:
        wild = reading.once("wild", player, lambda: wild_units(ctx, player, substitutes))
    plain = not wild and not any(held)
    if plain:
        recalled = _recalled(supply, needs, coins_available)
        if recalled is not None:
            return recalled
    stock = dict(zip(stocked, held)) if stocked else {}
    if _beyond_reach(supply, counted, stock, wild, coins_available):
        # most builds a turn's menu tries: a neighbour lacks the resource, or coins do (no search,
        # no step)
        found: list[Plan] = []
    else:
        found = _searched(ctx, supply, needs, coins_available, held, stock, wild, False)
    if plain:
        _learn(supply, needs, coins_available, found)
    return found


def _needs_of(
    ctx: Context, supply: Supply, needs: tuple[str, ...]
) -> tuple[tuple[str, ...], tuple[tuple[str, int], ...]]:
    """The resources among the sorted needs (a stock may pay them), and each noun with its count."""
    shape = supply.stocked.get(needs)
    if shape is None:
        resources = ctx.game.game.resources
        counted = tuple((noun, needs.count(noun)) for noun in dict.fromkeys(needs))
        shape = supply.stocked[needs] = (tuple(noun for noun, _n in counted if noun in resources), counted)
    return shape


def _searched(
    ctx: Context,
    supply: Supply,
    needs: tuple[str, ...],
    coins_available: int,
    held: tuple[int, ...],
    stock: dict[str, int],
    wild: list[tuple[str, frozenset[str] | None, int]],
    first: bool,
) -> list[Plan]:
    """_search's answer (`first`: its first way within the coins), or the memo's: the search reads
    only the supply, the needs, the coins, this stock and these wild units, so the same ones found
    on another build are answered from the memo, charged the steps the search took."""
    memo_key: tuple = (needs, coins_available, held, tuple(wild) if wild else (), first)
    known = supply.plans.get(memo_key)
    if known is not None:
        nodes = known[1]
        if nodes >= _CHARGE:
            _charge(ctx.state, nodes)
        elif nodes:
            spend(ctx.state, nodes)  # what _charge charges for fewer than _CHARGE nodes
        return known[0]
    plans, searched = _search(ctx, supply, needs, coins_available, stock, wild, first)
    if len(supply.plans) < _PLANS_MAX:
        supply.plans[memo_key] = (plans, searched)
    return plans


def payable(ctx: Context, player: Player, needs: tuple[str, ...], coins_available: int, supply: Supply) -> bool | None:
    """Whether some way to cover the sorted `needs` costs no more than the coins, where every way
    would be judged alike (none takes stock or wild units, none buys from the buyer itself; else
    None): a verdict's question (costs.verdict), told by bounds where they tell it (_bounds: what
    the supply says of the needs whatever the coins). Below: the lower bound that proves a cost
    beyond reach (as _beyond_reach's). Above: a way that uses only units that can be nothing else,
    each noun covered by its own units and its cheapest offers, which no other noun contends for.
    Between them, what earlier searches found (_recalled), else the search for a first way within
    the coins.

    A yes is told so only where the whole search, which paying runs (cheapest), is small
    (_small_search): a way found at once says nothing of a search that would run the step budget
    out, which a trial of the build would be refused for."""
    if supply.substitutes or supply.sells_to_self(player.id):
        return None
    found = supply.bounds.get(needs)
    if found is None:
        found = _bounds(ctx, supply, needs)
    stocked, lowest, within, small = found
    if stocked and any(map(values_of(player).get, stocked)):  # (a stock below 0 is asked of the search too)
        return None
    if coins_available < lowest:
        return False
    if coins_available < within:
        recalled = _recalled(supply, needs, coins_available)
        if recalled is None:
            if not _searched(ctx, supply, needs, coins_available, (), {}, [], True):
                _learn(supply, needs, coins_available, [])
                return False
        elif not recalled:
            return False
    return True if small else None


_BEYOND = 1 << 62  # a bound no coins reach: too few units of some noun


def _bounds(ctx: Context, supply: Supply, needs: tuple[str, ...]) -> tuple[tuple[str, ...], int, int, bool]:
    """What the supply tells of the sorted needs whatever the coins, kept on it: the resources
    among them (a stock may pay those), the fewest coins any way without stock or wild units
    spends (_beyond_reach's bound) and the most a way of units that can be one noun only spends
    (_within_reach's), _BEYOND where there are too few units, and whether the whole search is small
    (_small_search), in one pass over the needs."""
    stocked, counted = _needs_of(ctx, supply, needs)
    reach, reach_of = supply.reach, supply.reach_of
    lowest = within = 0
    nodes = level = 1
    for need, count in counted:
        own, prices, only, only_prices, branches = reach.get(need) or reach_of(need)
        short = count - own
        if short > 0:
            lowest += _BEYOND if len(prices) <= short else prices[short]
        short = count - only
        if short > 0:
            within += _BEYOND if len(only_prices) <= short else only_prices[short]
        for _ in range(count):
            level *= branches
            nodes += level
    found = supply.bounds[needs] = (stocked, lowest, within, nodes <= _SMALL_SEARCH)
    return found


_SMALL_SEARCH = 1024  # search nodes: a few windows of the budget (limits.WINDOW), far below its end


def _recalled(supply: Supply, needs: tuple[str, ...], coins_available: int) -> list[Plan] | None:
    """What earlier searches of this supply for the sorted `needs` (no stock, no wild units) tell of
    the cheapest ways within the coins: a bound of coins cuts a search's costlier branches only,
    never one of the cheapest, so the cheapest ways found within some coins are those within any
    coins at least their cost, and none found within some coins means none within fewer. None:
    they do not tell."""
    found = supply.floors.get(needs)
    if found is None:
        return None
    cheapest, none_within = found
    if cheapest is not None:
        return cheapest if cheapest[0].coins <= coins_available else []
    return [] if coins_available <= none_within else None


def _learn(supply: Supply, needs: tuple[str, ...], coins_available: int, plans: list[Plan]) -> None:
    """Keep what a search's answer for these coins tells (_recalled): its cheapest ways, or that
    none is within them."""
    found = supply.floors.get(needs)
    if found is None:
        found = supply.floors[needs] = [None, -1]
    if plans:
        found[0] = plans
    elif coins_available > found[1]:
        found[1] = coins_available


_PLANS_MAX = 4096  # answers kept per supply


def _charge(state: Any, nodes: int) -> None:
    """Charge a search's nodes to the budget as the search did: _CHARGE at a time, then the rest."""
    for _ in range(nodes // _CHARGE):
        spend(state, _CHARGE)
    spend(state, nodes % _CHARGE)


def _search(
    ctx: Context,
    supply: Supply,
    needs: tuple[str, ...],
    coins_available: int,
    stock: dict[str, int],
    wild: list[tuple[str, frozenset[str] | None, int]],
    first: bool = False,
) -> tuple[list[Plan], int]:
    """Every cheapest way to cover the sorted `needs` (cheapest_plans), and the search nodes it
    took; `first`: only the first way found within the coins."""
    gives = [arg.give for _card, arg in supply.substitutes if arg.use != "any"]
    last = len(needs)
    state = ctx.state
    track = supply.track  # the units bought from each seller, kept where the trade's events tell them
    # by position in the needs: the units that may pay it, each unit (its origin and key) a bit of `used`
    own_at, sellers_at = [], []
    for need in needs:
        own, offers = supply.search_for(need)
        own_at.append(own)
        sellers_at.append(offers)
    best: dict[tuple, Plan] = {}
    best_cost = coins_available + 1
    pending = charged = 0  # nodes not yet charged to the budget, nodes charged
    # plain dicts copied on each branch (a Counter's copy costs several times more)

    def search(i: int, used: int, stock_left: dict, wild_left: tuple, cost: int, bought: dict, path: tuple) -> None:
        # each node of the search is a step (many ways to pay many units multiply), charged by the score
        nonlocal pending, charged, best_cost
        pending += 1
        if pending == _CHARGE:
            pending = 0
            charged += _CHARGE
            spend(state, _CHARGE)
        if cost > best_cost:
            return
        if i == last:
            best_cost = _keep(best, best_cost, cost, bought, stock, stock_left, wild, wild_left, gives, track, path)
            if first and best_cost <= coins_available:
                best_cost = -1  # found: every branch left is cut (cost > best_cost)
            return
        need = needs[i]
        tried = set()
        for bit, options in own_at[i]:
            if not used & bit and options not in tried:
                tried.add(options)
                search(i + 1, used | bit, stock_left, wild_left, cost, bought, path)
        if stock_left.get(need, 0) > 0:
            left = stock_left.copy()
            left[need] -= 1
            search(i + 1, used, left, wild_left, cost, bought, path)
        for w, (noun, allowed, _n) in enumerate(wild):
            if wild_left[w] > 0 and (allowed is None or need in allowed) and not (noun == need):
                more_wild = list(wild_left)
                more_wild[w] -= 1
                search(i + 1, used, stock_left, tuple(more_wild), cost, bought, path)
        tried_sellers = set()
        for bit, seller_key, origin, price in sellers_at[i]:
            if used & bit or seller_key in tried_sellers:
                continue
            tried_sellers.add(seller_key)
            more = bought.copy()
            more[origin] = more.get(origin, 0) + price
            if track:  # the units bought from the seller, under a key of its own (_keep reads it apart)
                more[origin, 1] = more.get((origin, 1), 0) + 1
            # what it buys, kept as a chain (the way's purchases are read only where it is kept)
            search(i + 1, used | bit, stock_left, wild_left, cost + price, more, (path, origin, need, price))

    try:
        search(0, 0, stock.copy(), tuple(n for _noun, _as, n in wild), 0, {}, ())
    finally:
        # the search calls itself by this name, held in its own closure: a cycle, with all it read,
        # that only the collector would free (a game makes some eighty); rebound, it goes at once
        search = _done
    spend(state, pending)
    if first and best_cost < 0:
        return list(best.values())[:1], charged + pending
    plans = sorted(best.values(), key=lambda p: (p.purchases, p.consumed)) if best_cost <= coins_available else []
    return plans, charged + pending


def _done(i: int, used: int, stock_left: dict, wild_left: tuple, cost: int, bought: dict, path: tuple) -> None:
    """What a finished search's name is left holding (_search): a step that does nothing."""


def _beyond_reach(
    supply: Supply,
    counted: tuple[tuple[str, int], ...],
    stock: dict[str, int],
    wild: list[tuple[str, frozenset[str] | None, int]],
    coins_available: int,
) -> bool:
    """Whether no way to pay the needs (each noun with its count) exists within the coins: some
    noun has too few units anywhere, or a lower bound on the coins any way spends is above them.
    The bound counts the units free of charge (own, stock, substitutes) for each noun as if none
    served another noun, and buys the rest at the lowest prices offered for it: never more than
    the cheapest way, so no plan is lost. It costs no step (the search it spares is not run)."""
    bound = 0
    for need, count in counted:
        own, prices, _only, _only_prices, _branches = supply.reach_of(need)
        short = count - own
        if stock:
            short -= stock.get(need, 0)
        if short > 0 and wild:
            short -= sum(n for noun, allowed, n in wild if (allowed is None or need in allowed) and noun != need)
        if short <= 0:
            continue
        if len(prices) <= short:  # prices[k]: the k cheapest offers of the noun together
            return True
        bound += prices[short]
    return bound > coins_available


def _keep(
    best: dict[tuple, Plan],
    best_cost: int,
    cost: int,
    bought: dict,
    stock: dict[str, int],
    stock_left: dict[str, int],
    wild: list[tuple[str, frozenset[str] | None, int]],
    wild_left: tuple[int, ...],
    gives: list[int],
    track: bool = False,
    path: tuple = (),
) -> int:
    """A way to pay found by the search: kept among the cheapest (one plan per outcome); the
    cheapest cost found so far."""
    if stock_left == stock and all(n == left for (_noun, _as, n), left in zip(wild, wild_left)):
        consumed: tuple[tuple[str, int], ...] = ()  # bought or produced: nothing taken from stock
    else:
        taken = {r: stock[r] - stock_left[r] for r in stock if stock[r] != stock_left[r]}
        for (noun, _as, n), left, give in zip(wild, wild_left, gives):
            if n != left:
                taken[noun] = taken.get(noun, 0) + (n - left) * give
        consumed = tuple(sorted(taken.items()))
    if track:  # (seller, 1) keys hold the units bought from the seller: no part of the plan's identity
        count = tuple(sorted((k[0], n) for k, n in bought.items() if type(k) is tuple))
        bought = {k: n for k, n in bought.items() if type(k) is str}
    else:
        count = ()
    purchases = tuple(sorted(bought.items()))
    if cost < best_cost:
        best.clear()
        best_cost = cost
    key = (purchases, consumed)
    if key not in best:  # the same outcome at the same cost is the same plan
        best[key] = Plan(cost, purchases, consumed, count, _goods(path))
    return best_cost


def _goods(path: tuple) -> tuple[tuple[str, str, int, int], ...]:
    """A way's purchases (the search's chain of (before, seller, resource, price)) as (seller,
    resource, units, coins), in order."""
    found: dict[tuple[str, str], list[int]] = {}
    while path:
        path, seller, noun, price = path
        got = found.setdefault((seller, noun), [0, 0])
        got[0] += 1
        got[1] += price
    return tuple((seller, noun, units, coins) for (seller, noun), (units, coins) in sorted(found.items()))


def choose_plan(
    ctx: Context,
    player: Player,
    needs: tuple[str, ...] | list[str],
    coins_available: int,
    what: str,
    reading: Reading | None = None,
    supply: Supply | None = None,
) -> Plan:
    """The cheapest way to cover `needs` (in name order, as a cost's units are listed), the player
    asked when the cheapest ways differ; nothing is paid (pay_plan pays it)."""
    plans = cheapest(ctx, player, tuple(needs), coins_available, reading, supply)
    if not plans:
        raise Illegal(f"{player.id} cannot pay {', '.join(needs)} for {what}")
    plan = plans[0]
    if len(plans) > 1:
        labels = [p.label() for p in plans]
        plan = plans[labels.index(ctx.ask(player, f"how to pay for {what}", labels))]
    return plan
