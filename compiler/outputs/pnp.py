"""Print-and-play card fronts: every physical card of a game at its real size, as many to a page
as fit, with crop marks at every cut line, written as a PDF (pdf.py).

A kind is printed unless game.yaml's `sheet:` says `pnp: false`; kinds nested under another
(wonder stages) and kinds laid as board tiles are not cards and are left out. Copies follow the
deck's per-player-count field where the game declares one (`players` picks one player count;
by default the most players). Each card shows its colour band, name, cost symbols, fields and
the designer's text, with the reconstructed mark where the data has one.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..model.compiled import CompiledGame
from ..render.sheet import Item, SheetBuilder, environment

PAPER = {"A4": (210.0, 297.0), "Letter": (215.9, 279.4)}
MARGIN = 7.0  # mm kept clear around the grid for the crop marks (3 x 88 mm fits Letter's 279.4 mm)
MARK = 5.0  # crop mark length, mm


@dataclass
class Placed:
    item: Item
    x: float
    y: float
    copy: int
    copies: int


@dataclass
class Page:
    width: float
    height: float
    card: tuple[float, float]
    cards: list[Placed]
    cuts_x: list[float]
    cuts_y: list[float]
    top: float
    left: float
    bottom: float
    right: float


def physical_cards(game: CompiledGame, players: int | None = None) -> list[tuple[Item, int, tuple[float, float]]]:
    """(item, copies, size in mm) for every printed entity, in the sheet's order."""
    builder = SheetBuilder(game)
    out = []
    for section in builder.sections():  # nested kinds (wonder stages) are not among them
        settings = builder.settings(section.kind)
        if not settings.pnp or builder.tile_fields(section.kind):
            continue
        size = settings.card_size or builder.spec.card_size
        colour = builder.colour_field(section.kind)
        for group in section.groups:
            for shown in group.items:
                card = game.cards[shown.id]
                copies = builder.copies(card, players)
                if copies:  # the band shows the colour field; the rest is printed
                    out.append(
                        (builder.item(card, {colour} if colour else set()), copies, (float(size[0]), float(size[1])))
                    )
    return out


def pages(game: CompiledGame, paper: str = "A4", players: int | None = None) -> list[Page]:
    width, height = PAPER[paper]
    out: list[Page] = []
    current: Page | None = None
    for item, copies, (w, h) in physical_cards(game, players):
        cols = max(1, int((width - 2 * MARGIN) // w))
        rows = max(1, int((height - 2 * MARGIN) // h))
        for copy in range(1, copies + 1):
            if current is None or current.card != (w, h) or len(current.cards) == cols * rows:
                left = (width - cols * w) / 2
                top = (height - rows * h) / 2
                current = Page(
                    width,
                    height,
                    (w, h),
                    [],
                    [left + i * w for i in range(cols + 1)],
                    [top + j * h for j in range(rows + 1)],
                    top,
                    left,
                    top + rows * h,
                    left + cols * w,
                )
                out.append(current)
            slot = len(current.cards)
            x = current.left + (slot % cols) * w
            y = current.top + (slot // cols) * h
            current.cards.append(Placed(item, x, y, copy, copies))
    return out


def render_pnp(game: CompiledGame, paper: str = "A4", players: int | None = None) -> str:
    sheet = pages(game, paper, players)
    return (
        environment()
        .get_template("pnp.html.j2")
        .render(
            game=game.game, pages=sheet, paper=paper, mark=MARK, players=players, total=sum(len(p.cards) for p in sheet)
        )
    )


def write_pnp(
    game: CompiledGame, path: Path, paper: str = "A4", players: int | None = None, root: Path | None = None
) -> Path:
    from ..render.pdf import html_to_pdf

    return html_to_pdf(render_pnp(game, paper, players), path, f"{game.game.name} cards", root)


def summary(game: CompiledGame, paper: str = "A4", players: int | None = None) -> dict[str, Any]:
    sheet = pages(game, paper, players)
    return {"pages": len(sheet), "cards": sum(len(p.cards) for p in sheet)}
