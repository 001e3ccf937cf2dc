"""The incremental cache: what a check found, keyed by what it read, signed and stored."""
