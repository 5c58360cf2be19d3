"""What a game of the family is to the rest of banque: its definition.

Each game is a folder of :mod:`banque.games` whose ``__init__`` gives a
:class:`GameDefinition`: its name (as records and ``--game`` say it), its
title, its seats, its shoe, where its engine lives, and what the command
line needs of it (its entry points, its own options, its words for what it
does not do). The engine module gives ``from_record(record, **options)``,
the game a record starts (:func:`banque.games.records.new_game` calls it),
its ``acts`` module gives ``SeatAct``, the union of the acts a seat sends
(pydantic models), and the engine's games give ``record_fields()``, what
their record keeps beyond the fields every record has. :mod:`banque.games`
keeps the one registry; nothing else tests a game's name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

__all__ = ["GameDefinition"]


@dataclass(frozen=True)
class GameDefinition:
    """One game of the family (its words are message ids, told in each language)."""

    #: As records, journals and ``--game`` name it.
    name: str
    #: Its title: a proper name, the same in every language.
    title: str
    #: Participants: the fewest and the most.
    seats: tuple[int, int]
    #: Packs in a new shoe.
    packs: int
    #: Hands dealt a coup: banque's three (the banker's, the right and the left),
    #: or the two-hand games' two (the player's and the banker's), which are
    #: played through the two-hand session and tables.
    hands: int
    #: The module of its engine (imported on first use: the first screen needs none).
    engine: str
    #: The module of its acts as a seat sends them (``SeatAct``, a pydantic union).
    acts: str
    #: Two-hand games: the module of its table (named, never imported here: the table
    #: layer imports it), whose ``opening(record, **options)`` makes the local table and
    #: ``joined(state, send)`` a joined seat's (banque's own table: none, ``app.run_app``).
    table: str = ""
    #: Its seats act at once (punto banco's bets), not in turn (chemin de fer's).
    concurrent: bool = False
    #: Two-hand games: its computer player's class, ``"module:Class"`` (made with the
    #: seat's name, the game and a temperament: :meth:`computer`).
    computer_player: str = ""
    #: The command line's entry points, ``"module:function"``, each loaded on first
    #: use: ``odds`` (packs, JSON?) -> text; ``simulate`` (options) -> (data, text);
    #: ``advise`` (game, options) -> exit status (absent: nothing to advise, and
    #: :attr:`refusals` says why); ``solved`` (options, ``"strategy"``|``"choice"``)
    #: -> text: the game solved, for ``strategy --game`` and ``choice --game``.
    #: (The table layer opens each game's table by :attr:`table`.)
    entries: Mapping[str, str] = field(default_factory=dict, hash=False)
    #: The games' own options this game takes, as the command line names them
    #: (``packs``, ``limit``, ``first_bank``, ``forced_moves``).
    options: frozenset[str] = frozenset()
    #: Its first bank's ways (chemin de fer's ``lot`` and ``auction``; none: the house banks).
    first_banks: tuple[str, ...] = ()
    #: Words (message ids) refusing what the game does not take, by ``"command:what"``
    #: (``"host:limit"``, ``"play:first_bank"``, ``"advise"``…).
    refusals: Mapping[str, str] = field(default_factory=dict, hash=False)
    #: A hosted table's seats when ``--players`` is not given.
    host_names: tuple[str, ...] = ()
    #: A new local table's computer seats when none is chosen.
    computers: Mapping[str, str] = field(default_factory=dict, hash=False)

    def module(self) -> Any:
        return import_module(self.engine)

    @property
    def two_hands(self) -> bool:
        """Dealt two hands: played through the two-hand session and tables."""
        return self.hands == 2

    def new_game(self, names: list[str], seed: int, **options: Any) -> Any:
        """A new game of two hands (``stream``, and what the game takes of ``packs``,
        ``limit``, ``forced_moves``, ``first_bank``): its engine's ``new_game``."""
        return self.module().new_game(names, seed, **options)

    def computer(self, name: str, game: Any, temperament: str) -> Any:
        """A computer player of this game for the seat ``name`` (two-hand games)."""
        module, _sep, cls = self.computer_player.partition(":")
        return getattr(import_module(module), cls)(name, game, temperament)

    def entry(self, what: str) -> Any:
        """The entry point ``what`` (``KeyError`` if the game has none)."""
        module, _sep, name = self.entries[what].partition(":")
        return getattr(import_module(module), name)

    def seat_acts(self) -> Any:
        """The union of the acts a seat of this game sends (a joined seat's ``act``
        messages, validated by these models: :func:`banque.net.protocol.read_act`)."""
        return import_module(self.acts).SeatAct
