"""Stage 4, check: every card's examples run, its text compared with its effects, its placeholders found."""
