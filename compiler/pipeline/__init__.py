"""The pipeline a card set goes through, one stage per folder: load -> validate -> resolve -> check -> emit.

`project.py` runs the stages for one command and gathers every finding into one report.
"""
