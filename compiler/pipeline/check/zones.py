"""game.yaml's zones checked against each other: what the name check cannot see."""

from __future__ import annotations

from ...core.diagnostics import Diagnostic
from ...load.loader import Document, dotted
from ...model.game import Game


def check_zones(game: Game, doc: Document) -> list[Diagnostic]:
    """A zone's `refill` is a zone on the same side of the table: a player's pile refills from the
    same player's zone, a shared one from a shared one (E205 at the field)."""
    out = []
    for name, zone in game.zones.items():
        refill = game.zones.get(zone.refill) if zone.refill is not None else None
        if refill is None:  # none, or an unknown name (E301 from the name check)
            continue
        if refill.shared != zone.shared or zone.refill == name:
            path = ("zones", name, "refill")
            line, col = doc.where(path)
            why = (
                "a pile cannot refill from itself"
                if zone.refill == name
                else f"'{name}' is {'shared' if zone.shared else 'a zone per player'} but '{zone.refill}' is not"
            )
            hint = "name a discard pile on the same side of the table: both shared, or both each player's"
            out.append(
                Diagnostic(
                    "E205",
                    f"zone '{name}' refills from '{zone.refill}': {why}",
                    doc.file,
                    line,
                    col,
                    hint,
                    dotted(path),
                )
            )
    return out
