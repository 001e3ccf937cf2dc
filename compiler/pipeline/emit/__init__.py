"""Stage 5, emit: generated/ written whole and atomically, and refused where it would destroy data."""
