"""`make bench`: the figures of docs/benchmarks.md (outside the package: nothing here ships)."""
