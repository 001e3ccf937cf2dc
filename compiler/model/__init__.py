"""The model of a game: what game.yaml and the card files validate into, and a checked game."""
