"""The game as a card's examples see it: a CompiledGame whose card-keyed tables record what is read.

The cache (cache.py) keys a card's example outcomes on the cards its examples read, and followon.py
folds a failure under a broken card the examples read; both learn what was read from this view.
Every public attribute of CompiledGame is classified below (tests/unit/cache/test_cache.py holds the list
complete): read from game.yaml alone, keyed by card id (tracked id by id), an index derived from
those (answered card by card from the tracked tables), or anything else (counted as reading every
card: less reuse, never a wrong answer).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from functools import cached_property
from typing import Any


class Reads:
    """What one card's examples read of the game: card ids looked up, or everything."""

    def __init__(self) -> None:
        self.ids: set[str] = set()
        self.everything = False


class _TrackedMapping(Mapping):
    """A read-only mapping keyed by card id that records every id looked up and every enumeration."""

    def __init__(self, data: Mapping, reads: Reads) -> None:
        self._data = data
        self._reads = reads

    def __getitem__(self, key: Any) -> Any:
        self._reads.ids.add(key)
        return self._data[key]

    def get(self, key: Any, default: Any = None) -> Any:
        self._reads.ids.add(key)
        return self._data.get(key, default)

    def __contains__(self, key: object) -> bool:
        self._reads.ids.add(key)  # type: ignore[arg-type]
        return key in self._data

    def __iter__(self) -> Iterator:
        self._reads.everything = True
        return iter(self._data)

    def __len__(self) -> int:
        self._reads.everything = True
        return len(self._data)


class _Derived:
    """An index of the compiled game keyed by something, then by card id (`listeners[event]`,
    `passives_by_hook[hook]`), computed card by card from tracked tables so that only the cards
    asked about count as read. Never empty: a caller scans the cards it holds and asks."""

    def __init__(self, has: Callable[[Any, str], bool], value: Callable[[Any, str], Any]) -> None:
        self._has, self._value = has, value

    def get(self, key: Any, default: Any = None) -> _DerivedEntry:
        return _DerivedEntry(key, self._has, self._value)


class _DerivedEntry:
    def __init__(self, key: Any, has: Callable[[Any, str], bool], value: Callable[[Any, str], Any]) -> None:
        self._key, self._has, self._value = key, has, value

    def __bool__(self) -> bool:
        return True

    def __contains__(self, card_id: str) -> bool:
        return self._has(self._key, card_id)

    def __getitem__(self, card_id: str) -> Any:
        return self._value(self._key, card_id)


class _AnyName:
    """A set that holds every name."""

    def __contains__(self, name: object) -> bool:
        return True


class GameView:
    """A CompiledGame whose card-keyed tables record what is read.

    Attributes known to depend on game.yaml alone are passed through; the card-keyed tables are
    tracked by id; anything else (a table added later) counts as reading every card, so a new
    index can make the cache less useful but never wrong.
    """

    GAME_ONLY = frozenset(
        {
            "game",
            "directory",
            "game_file",
            "id",
            "rule_triggered",
            "rule_passives",
            "play_zones",
            "zone_of",
            "build_rules",
            "trigger_rules",
        }
    )
    BY_CARD_ID = frozenset({"cards", "sources", "triggered", "passives", "heard", "build_events"})
    DERIVED = frozenset(
        {"listeners", "passives_by_hook", "hearers", "reach_passives", "standing_hooks"}
    )  # properties below
    # a read of these is a read of every card (memo: tables runtime modules derive from the cards)
    WHOLE_GAME = frozenset({"files", "cards_with"})
    OWN = frozenset({"tables"})  # the view's own (made in __init__), never the game's

    def __init__(self, game: Any, reads: Reads) -> None:
        self._game = game
        self._reads = reads
        self._tracked: dict[str, _TrackedMapping] = {}
        # what the runtime works out once per game and keeps (decide/tables.py): the view's own,
        # made through the view, so that what it reads of the cards is recorded
        self.tables: dict[str, Any] = {}

    @cached_property
    def listeners(self) -> _Derived:
        """CompiledGame.listeners, answered from the tracked `triggered` (a card asked about is read)."""
        triggered = self.__getattr__("triggered")
        return _Derived(lambda event, card_id: event in triggered.get(card_id, ()), lambda event, card_id: None)

    @cached_property
    def passives_by_hook(self) -> _Derived:
        """CompiledGame.passives_by_hook, answered from the tracked `passives`."""
        passives = self.__getattr__("passives")

        def args(hook: str, card_id: str) -> list:
            return [e.passive_arg for _i, e in passives.get(card_id, []) if e.hook == hook]

        return _Derived(lambda hook, card_id: bool(args(hook, card_id)), args)

    @cached_property
    def hearers(self) -> _Derived:
        """CompiledGame.hearers, answered from the tracked `heard`."""
        heard = self.__getattr__("heard")
        return _Derived(lambda trigger, card_id: trigger in heard.get(card_id, ()), lambda trigger, card_id: None)

    @cached_property
    def reach_passives(self) -> _AnyName:
        """CompiledGame.reach_passives (the standing primitives some card aims at other players), as
        every name: the runtime then reads the other players' cards in play, through the tracked
        `passives`, and finds those aims itself (what it finds is the same; only cards read count)."""
        return _AnyName()

    @cached_property
    def standing_hooks(self) -> _AnyName:
        """CompiledGame.standing_hooks (the hooks some standing effect answers), as every name: the
        runtime then asks for the passives, through the tracked `passives` (only cards read count)."""
        return _AnyName()

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        if name in self.BY_CARD_ID:
            if name not in self._tracked:
                self._tracked[name] = _TrackedMapping(getattr(self._game, name), self._reads)
            value = self._tracked[name]
        else:
            if name not in self.GAME_ONLY:
                self._reads.everything = True
            value = getattr(self._game, name)
        # Kept on the view: the next read is a plain attribute (what it records is recorded once, for good).
        setattr(self, name, value)
        return value
