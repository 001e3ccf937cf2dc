"""`make bench`: the benchmarks quoted in the README (outside the package: nothing here ships)."""
