"""Simulations and balance reports: bots play many whole games, results go to DuckDB, a report
and a comparison of variants of the card data come out (`ostraka simulate`, `ostraka sweep`).

This package's __init__ stays light: `spec.py` (the `balance:` section of game.yaml) is imported
by the models; the rest (duckdb, OpenSpiel, Ray) only when a simulation runs.
"""
