"""ostraka: a compiler for board-game card data."""

__version__ = "0.1.0"
# Bumped whenever the meaning of a primitive changes; caches and generated files key on it.
LANGUAGE_VERSION = "1"
