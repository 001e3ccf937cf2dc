"""Passives: standing effects. They hold while their card is in play, and the runtime consults them.

A passive only works once its card is in play, so a discount never applies to its own card.
One module per primitive; `_shared.py` holds what several use. The registry imports every module here.
"""
