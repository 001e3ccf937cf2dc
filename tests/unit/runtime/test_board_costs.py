"""The placement shortcut rests on one property of `runtime/board.affordable`: paying less never
makes a cost unpayable. Hypothesis draws stocks, costs, reductions and substitutes (stand-in rates) to hold it to that."""

from __future__ import annotations

from types import SimpleNamespace

from hypothesis import given, settings, strategies as st

from compiler.runtime.board import affordable

RESOURCES = ("clay", "wood", "stone", "ore")
CURRENCY = "coins"


def _context(stock: dict[str, int], rates: list[SimpleNamespace]) -> SimpleNamespace:
    game = SimpleNamespace(
        game=SimpleNamespace(build=SimpleNamespace(currency=CURRENCY), resources={r: None for r in RESOURCES})
    )
    return SimpleNamespace(
        game=game, actor=SimpleNamespace(values=stock), passives=lambda player, name: [("rules", r) for r in rates]
    )


amounts = st.integers(0, 6)
stocks = st.fixed_dictionaries({r: st.integers(-1, 6) for r in (*RESOURCES, CURRENCY)})
costs = st.dictionaries(st.sampled_from((*RESOURCES, CURRENCY)), st.integers(1, 6), max_size=5)
rates = st.lists(
    st.builds(
        SimpleNamespace,
        give=st.integers(1, 4),
        use=st.sampled_from(("any", *RESOURCES)),
        limit=st.none(),
        as_=st.one_of(st.just("any"), st.lists(st.sampled_from(RESOURCES), min_size=1, unique=True)),
    ),
    max_size=3,
)


@settings(max_examples=400, deadline=None, database=None, derandomize=True)
@given(stock=stocks, cost=costs, rates=rates, cuts=st.dictionaries(st.sampled_from((*RESOURCES, CURRENCY)), amounts))
def test_a_reduced_cost_is_never_harder_to_pay(stock, cost, rates, cuts):
    ctx = _context(stock, rates)
    reduced = {k: v - cuts.get(k, 0) for k, v in cost.items() if v - cuts.get(k, 0) > 0}
    if affordable(ctx, cost):
        assert affordable(ctx, reduced), (cost, reduced)


def test_affordable_tells_costs_apart():
    """Not vacuous: a stand-in limited to some resources pays for one missing unit but not another."""
    ctx = _context(
        {"clay": 0, "wood": 2, "stone": 0, "ore": 0, CURRENCY: 0},
        [SimpleNamespace(give=2, use="any", as_=["clay"], limit=None)],
    )
    assert affordable(ctx, {"clay": 1})
    assert not affordable(ctx, {"clay": 1, "stone": 1})
