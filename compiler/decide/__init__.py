"""What the data decides, worked out once from an effect's arguments and the game's nouns.

Both execution paths read the language through this layer: the interpreter (runtime/) evaluates
the decisions as it runs, the code generator (codegen/) prints them as literals. A concept of the
language (who "neighbours" are, which zones a selector searches, a noun's bounds, a rule number
with its modifiers, a division by zero) is therefore worked out in one place only.

The interpreter hands the layer to the primitives as one namespace (`Context.decide`).

Decisions are plain values (tuples, dicts of names and numbers): nothing here reads a state.
"""
