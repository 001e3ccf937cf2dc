"""The text check (W501), one job per module: words.py (tokens, number words, plurals),
vocabulary.py (a game's names as phrases), reading.py (what a text says), allowances.py (what a
card's text may mention beyond its effects), compare.py and fields.py (text against effects, or
against fields), locate.py (where a word sits in its file); ../textcheck.py runs it over a game."""
