"""Expressions: amounts computed from the state. An amount is a whole number or one of these.

One module per primitive with its code template beside it (count.py, count.py.j2); `_shared.py`
holds the list forms (add, min, ...). The registry imports every module here.
"""
