"""Stage 1, load: card files found under a folder and parsed to plain data that keeps every position."""
