"""Board primitives: hex spaces, pieces placed on them, tiles that grow the board, and rankings.

The board itself is a game noun: game.yaml declares it under `board:` (BoardSpec below): which kinds
are laid as tiles and which of their fields name the symbol shown on each hex of the tile, which
symbols no piece may stand on, which kinds are placed as pieces, and the starting layouts by player
count. The verbs and tests here work on that declaration; none of them knows a game.

Positions are axial hex coordinates written "q,r" (pointy-top hexes; the six neighbours of q,r are
q+1,r  q+1,r-1  q,r-1  q-1,r  q-1,r+1  q,r+1). The logic lives in compiler/runtime/board.py.
"""

from __future__ import annotations

from typing import Literal, Optional, Union

from pydantic import Field

from .registry import Primitive, primitive
from .types import CardRef, FieldName, KindName, Name, Noun, PlayerSet, ResourceName, Selector, Strict, ZoneName, as_list

Offset = tuple[int, int]


# ----------------------------------------------------------------------------- game.yaml: board


class LayoutTile(Strict):
    from_: ZoneName = Field(alias="from", description="The shared pile the tile is taken from (its first card)")
    at: Offset = Field(description="Where the tile's [0, 0] hex goes, in axial coordinates [q, r]")


class BoardSpec(Strict):
    """A board of hex spaces assembled from tiles; pieces are placed on its hexes."""

    tiles: dict[KindName, dict[FieldName, Offset]] = Field(
        description="Kinds laid as tiles: for each, the card fields naming the symbol of each hex, with the hex's offset [q, r]"
    )
    pieces: list[KindName] = Field(description="Kinds placed on single hexes (a placed piece is also in play in its kind's zone)")
    blank: Optional[Name] = Field(None, description="The symbol that shows nothing")
    closed: list[Name] = Field(default_factory=list, description="Symbols of hexes on which no piece may be placed")
    layouts: dict[int, list[LayoutTile]] = Field(
        default_factory=dict, description="The starting board for each player count: tiles taken from piles and laid at fixed places"
    )


# ----------------------------------------------------------------------------- actions


class PlaceArgs(Strict):
    card: CardRef = Field(description="The cards that may be placed (a selector: its zone is where they come from)")
    free: bool = Field(False, description="Placed without paying its cost")
    reduce_by: list[Literal["site", "empty_neighbours", "neighbours"]] = Field(
        default_factory=list,
        description="Hexes whose symbols each take one unit of that resource off the cost: the site, its unoccupied neighbours, all its neighbours",
    )
    free_next_to: Optional[FieldName] = Field(
        None, description="A refs field of the placed card: placed next to your piece of one of those cards, it costs nothing"
    )
    optional: bool = Field(False, description="The player may place nothing")


@primitive
class Place(Primitive):
    family, name = "action", "place"
    args = PlaceArgs
    summary = (
        "The acting player places a card as a piece on an empty, open hex of the board and pays its cost, "
        "reduced by symbols on nearby hexes or waived next to a listed predecessor; its built effects then run."
    )
    example = {"place": {"card": {"zone": "storage"}, "reduce_by": ["site", "empty_neighbours"], "free_next_to": "follows"}}

    @staticmethod
    def english(arg, en):
        out = f"{'you may ' if arg.optional else ''}place one of {en.card_ref(arg.card)} on an empty hex"
        if arg.free:
            return out + " for free"
        parts = {"site": "that hex", "empty_neighbours": "each unoccupied hex next to it", "neighbours": "each hex next to it"}
        if arg.reduce_by:
            out += ", paying its cost less one for each matching symbol on " + en.words([parts[p] for p in arg.reduce_by], "and")
        if arg.free_next_to:
            out += f"; it is free next to your piece of a card in its {en.word(arg.free_next_to)}"
        return out

    @staticmethod
    def run(arg, ctx):
        from ..runtime import board

        board.place(
            ctx, ctx.select(arg.card), tuple(arg.reduce_by), free=arg.free, free_next_to=arg.free_next_to, optional=arg.optional
        )


class PlaceTileArgs(Strict):
    from_: ZoneName = Field(alias="from", description="The shared pile whose first card is laid")
    count: "Amount" = Field(1, description="How many tiles are laid, one after another")


@primitive
class PlaceTile(Primitive):
    family, name = "action", "place_tile"
    args = PlaceTileArgs
    summary = "The acting player takes the first tile of a pile and lays it where all its hexes are free and one touches the board."
    example = {"place_tile": {"from": "land_pile"}}

    @staticmethod
    def english(arg, en):
        n = en.amount(arg.count)
        what = "the first tile" if n == "1" else f"the first {n} tiles"
        return f"take {what} of the {en.word(arg.from_)} and add {'it' if n == '1' else 'them'} to the board, touching it"

    @staticmethod
    def run(arg, ctx):
        from ..runtime import board

        board.place_tiles(ctx, arg.from_, ctx.amount(arg.count))


class LayOutArgs(Strict):
    players: Optional["Amount"] = Field(None, description="The player count whose layout is used (default: the game's)")


@primitive
class LayOut(Primitive):
    family, name = "action", "lay_out"
    args = LayOutArgs
    summary = "Assemble the starting board: the layout game.yaml declares for the player count, each tile from its pile."
    example = {"lay_out": {}}

    @staticmethod
    def english(arg, en):
        return "assemble the starting board for the number of players"

    @staticmethod
    def run(arg, ctx):
        from ..runtime import board

        board.lay_out(ctx, ctx.amount(arg.players) if arg.players is not None else None)


class RevealArgs(Strict):
    from_: Union[ZoneName, list[ZoneName]] = Field(alias="from", description="The pile (an ordered zone), or several: the player picks a non-empty one")
    to: ZoneName = Field(description="Where the card goes")
    count: "Amount" = Field(1, description="How many cards, from the top")
    if_emptied: list["Action"] = Field(default_factory=list, description="Carried out when this empties the pile")


@primitive
class Reveal(Primitive):
    family, name = "action", "reveal"
    args = RevealArgs
    summary = "Turn over the top card of a pile (an ordered zone) into another zone; something may happen when the pile runs out."
    example = {"reveal": {"from": ["stack_a", "stack_b"], "to": "storage", "if_emptied": [{"place_tile": {"from": "land_pile"}}]}}

    @staticmethod
    def english(arg, en):
        piles = en.words(arg.from_ if isinstance(arg.from_, list) else [arg.from_], "or")
        out = f"turn over the top card of {piles} into {en.word(arg.to)}"
        if en.amount(arg.count) != "1":
            out = f"turn over as many cards as {en.amount(arg.count)} from the top of {piles} into {en.word(arg.to)}"
        if arg.if_emptied:
            out += "; if that empties the pile, " + en.actions(arg.if_emptied)
        return out

    @staticmethod
    def run(arg, ctx):
        from ..runtime import board

        zones = ctx.game.game.zones
        piles = tuple((z, bool(zones[z].shared)) for z in as_list(arg.from_))
        emptied = (lambda c: c.run(arg.if_emptied)) if arg.if_emptied else None
        board.reveal(ctx, piles, (arg.to, bool(zones[arg.to].shared)), lambda: ctx.amount(arg.count), emptied)


class RankArgs(Strict):
    counter: Noun = Field(description="A counter ranking the players 1..n (e.g. turn order)")
    to: Literal["first", "last"] = Field(description="Where the acting player goes")


@primitive
class Rank(Primitive):
    family, name = "action", "rank"
    args = RankArgs
    summary = "Move the acting player to the first or last place of a ranking counter (1..n); the players between close the gap."
    example = {"rank": {"counter": "turn_order", "to": "last"}}

    @staticmethod
    def english(arg, en):
        return f"move to the {arg.to} place of the {en.word(arg.counter)}"

    @staticmethod
    def run(arg, ctx):
        from ..runtime import board

        board.rank(ctx, arg.counter, arg.to == "last")


class BidArgs(Strict):
    on: Selector = Field(description="The cards that may be bid on (in a shared zone)")
    minimum: "Amount" = Field(description="The lowest bid, read with the card in view (e.g. {field: price})")
    currency: Noun = Field(description="What is bid; it is set aside from the bidder's stock")
    holds: Noun = Field(description="The counter holding a player's current bid")
    marks: ZoneName = Field(description="A player zone holding the card the player bids on")
    outbid: Optional[Name] = Field(None, description="The trigger fired for a player whose bid is beaten")
    maximum: Optional["Amount"] = Field(None, description="The highest bid, read with the card in view (default: all the bidder has); equal to the minimum, no amount is asked")
    overbid: bool = Field(True, description="Whether a card another player bids on may be bid on (false: only free cards, and nobody outbids this bid)")


@primitive
class Bid(Primitive):
    family, name = "action", "bid"
    args = BidArgs
    summary = (
        "The acting player bids on a free card or on one another player bids on: at least its minimum and more than the bid "
        "already on it. The coins are set aside, the card moves to the bidder's `marks` zone, a beaten bidder gets `outbid`. "
        "A player whose bid is set aside but on no card moves it, unchanged, to a free card."
    )
    example = {"bid": {"on": {"zone": "offer"}, "minimum": {"field": "price"}, "currency": "coins", "holds": "bid", "marks": "bidding_on", "outbid": "outbid"}}

    @staticmethod
    def english(arg, en):
        if arg.maximum is not None and en.amount(arg.maximum) == en.amount(arg.minimum):
            amount = f"exactly {en.amount(arg.minimum)}"
        else:
            amount = f"at least {en.amount(arg.minimum)}" + (f" and at most {en.amount(arg.maximum)}" if arg.maximum is not None else "")
        if arg.overbid:
            return f"bid {en.word(arg.currency)} on one of {en.selector(arg.on)}: {amount}, and more than any bid already on it"
        return f"bid {en.word(arg.currency)} on one of {en.selector(arg.on)} nobody bids on: {amount}; nobody can bid on it after you"

    @staticmethod
    def run(arg, ctx):
        from ..runtime import board

        board.bid(
            ctx,
            lambda: ctx.select(arg.on),
            lambda c: c.amount(arg.minimum),
            None if arg.maximum is None else (lambda c: c.amount(arg.maximum)),
            arg.currency,
            arg.holds,
            arg.marks,
            arg.outbid,
            arg.overbid,
        )


# ----------------------------------------------------------------------------- conditions and amounts


class AdjacentArgs(Strict):
    to: Optional[Selector] = Field(None, description="Pieces of these cards count (default: any piece)")
    of: PlayerSet = Field("self", description="Whose pieces")
    symbol: Optional[Name] = Field(None, description="Instead of a piece: a hex showing this symbol")


@primitive
class Adjacent(Primitive):
    family, name = "condition", "adjacent"
    args = AdjacentArgs
    summary = "True when the hex of the card in view (the one just placed) has a neighbour holding a matching piece or symbol."
    example = {"adjacent": {"to": {"kind": "building"}, "of": "self"}}

    @staticmethod
    def english(arg, en):
        if arg.symbol:
            return f"it stands next to a {en.word(arg.symbol)} hex"
        what = en.selector(arg.to) if arg.to else "pieces"
        whose = "" if arg.of == "self" else f" of {en.players(arg.of)}"
        return f"it stands next to one of the {what}{whose}"

    @staticmethod
    def run(arg, ctx):
        from ..runtime import board

        owners = ctx.players(arg.of) if arg.symbol is None else None
        return board.adjacent(ctx, arg.symbol, owners, ctx.filter(arg.to))


class ConnectedArgs(Strict):
    pieces: Optional[Selector] = Field(None, description="Which of the acting player's pieces (default: all)")
    same: Optional[FieldName] = Field(None, description="Only pieces whose field equals that of the card in view")
    complete: bool = Field(False, description="Every card of the game that matches must be among the player's pieces")


@primitive
class Connected(Primitive):
    family, name = "condition", "connected"
    args = ConnectedArgs
    summary = "True when the acting player's matching pieces form one chain of neighbouring hexes (and, if complete, all are placed)."
    example = {"connected": {"pieces": {"kind": "building"}, "same": "group", "complete": True}}

    @staticmethod
    def english(arg, en):
        what = en.selector(arg.pieces) if arg.pieces else "pieces"
        if arg.same:
            what += f" of the same {en.word(arg.same)}"
        return f"{'all ' if arg.complete else 'your '}{what} {'are placed and ' if arg.complete else ''}touch each other in one chain"

    @staticmethod
    def run(arg, ctx):
        from ..runtime import board

        return board.connected(ctx, ctx.filter(arg.pieces), arg.same, arg.complete)


class LinksArgs(Strict):
    symbol: Name = Field(description="The symbol of the hexes to be linked")
    count: int = Field(2, ge=1, description="How many different such hexes one chain must touch")
    pieces: Optional[Selector] = Field(None, description="Which of the acting player's pieces form chains (default: all)")


@primitive
class Links(Primitive):
    family, name = "condition", "links"
    args = LinksArgs
    summary = "True when one unbroken chain of the acting player's pieces touches `count` different hexes showing a symbol."
    example = {"links": {"symbol": "shrine", "count": 2}}

    @staticmethod
    def english(arg, en):
        return f"one chain of your pieces joins {arg.count} {en.word(arg.symbol)} hexes"

    @staticmethod
    def run(arg, ctx):
        from ..runtime import board

        return board.links(ctx, arg.symbol, arg.count, ctx.filter(arg.pieces))


class ClustersArgs(Strict):
    pieces: Optional[Selector] = Field(None, description="Which of the acting player's pieces (default: all)")


@primitive
class Clusters(Primitive):
    family, name = "expression", "clusters"
    args = ClustersArgs
    summary = "How many separate groups of neighbouring hexes the acting player's pieces form."
    example = {"clusters": {}}

    @staticmethod
    def english(arg, en):
        what = en.selector(arg.pieces) if arg.pieces else "pieces"
        return f"the number of separate groups your {what} form"

    @staticmethod
    def run(arg, ctx):
        from ..runtime import board

        return board.clusters(ctx, ctx.filter(arg.pieces))


class TotalArgs(Strict):
    field: FieldName = Field(description="A whole-number field of the cards")
    cards: Optional[Selector] = Field(None, description="Which cards (default: every card the acting player has in play)")


@primitive
class Total(Primitive):
    family, name = "expression", "total"
    args = TotalArgs
    summary = "The sum of a whole-number field over matching cards (e.g. the prestige printed on a player's tiles)."
    example = {"total": {"field": "prestige", "cards": {"kind": ["land", "building"]}}}

    @staticmethod
    def english(arg, en):
        what = en.selector(arg.cards) if arg.cards else "your cards in play"
        return f"the total {en.word(arg.field)} of {what}"

    @staticmethod
    def run(arg, ctx):
        from ..runtime import board

        found = ctx.select(arg.cards) if arg.cards is not None else [(ctx.actor, c) for c in ctx.owned_ids(ctx.actor)]
        return board.total(ctx, found, arg.field)


class FollowsLastArgs(Strict):
    zone: ZoneName = Field(description="A row of cards (an ordered player zone); its last card is compared")
    field: FieldName = Field(description="The field compared: they must share a value (for a cost field: a noun)")
    empty: bool = Field(True, description="The result when the row is empty")


@primitive
class FollowsLast(Primitive):
    family, name = "condition", "follows_last"
    args = FollowsLastArgs
    summary = "True when the card in view shares a value of a field with the last card of a row (a chain that must be continued)."
    example = {"follows_last": {"zone": "lands", "field": "produces"}}

    @staticmethod
    def english(arg, en):
        return f"it shares a {en.word(arg.field)} with the last card of your {en.word(arg.zone)}"

    @staticmethod
    def run(arg, ctx):
        from ..runtime import board

        return board.follows_last(ctx, arg.zone, bool(ctx.game.game.zones[arg.zone].shared), arg.field, arg.empty)


# ----------------------------------------------------------------------------- passives


