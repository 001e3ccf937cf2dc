"""Stage 2, validate: the structure of each file (JSON Schema, then the pydantic models)."""
