"""Actions: verbs, what an effect does to the state; each is one key of a mapping in a `do:` list.

One module per primitive with its code template beside it (gain.py, gain.py.j2); `_shared.py` holds
the argument models and helpers several of them use. The registry imports every module here.
"""
