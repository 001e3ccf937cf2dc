"""The foundations every layer stands on: diagnostics, the runtime's limits, a progress line."""
