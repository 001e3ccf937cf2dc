"""The `ostraka` command line: a thin layer over the pipeline (`main.py` assembles the commands).

One module per group of commands (checking, cards, printing, playing), their shared helpers in common.py.
"""
