"""Conditions: tests on the state (comparisons, ownership, the event's details, the board).

One module per primitive with its code template beside it (owns.py, owns.py.j2); `_shared.py`
holds the comparisons' base (gt, gte, ...). The registry imports every module here.
"""
