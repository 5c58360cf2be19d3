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
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from ..core.messages import Msg
    from ..core.models import Action

__all__ = ["GameDefinition", "SeatRules"]


@runtime_checkable
class SeatRules(Protocol):
    """What a two-hand game's seats may do at a shared table, made for one game
    (:meth:`GameDefinition.seat_rules_for`): the part of the two-hand session that is the
    game's own.  The session (:class:`banque.session.port.TwoHandSession`) keeps what
    is the same for every game (the journal, its guard, the log, the seats ready, an
    ended game and the computer seats acting for nobody) and asks these for the rest;
    what they return goes on the wire as it is (``PROTOCOL.md``).

    ``ready``: the seats that said they are ready for what follows by itself (a
    game whose seats act at once: its deal); a game in turn never fills it.
    ``computers``: the computer seats' players (:meth:`GameDefinition.computer`).
    """

    #: The seats act at once (punto banco's bets against the house), not in turn.
    concurrent: bool

    def actor(self) -> str | None:
        """The seat the table waits for, in turn (``None``: nobody in turn; the game
        not ended)."""
        ...

    def seat_acts(self, seat: str, ready: set[str]) -> list[str]:
        """What the human ``seat`` may do now (the game not ended)."""
        ...

    def seat_options(self, seat: str, acts: list[str], ready: set[str]) -> dict[str, Any]:
        """What the seat is told beside its ``acts`` (the amounts they may name, its
        readiness…): added, in order, to ``{"to_act": bool(acts), "acts": acts}``
        (a key there may be given again: its value replaced, its place kept); asked
        for every seat, a computer's or one of an ended game too (``acts`` empty)."""
        ...

    def public_facts(self) -> dict[str, Any]:
        """The public facts every seat's message carries beside its view (chemin de
        fer's auction and banks), after ``you``."""
        ...

    def note_ready(self, seat: str, action: Action, ready: set[str]) -> bool:
        """Before ``seat``'s (checked) act reaches the game: ``True`` if it only said the
        seat is ready (noted in ``ready``, the game untouched); an act may also clear
        ``ready`` (the coup to come changed)."""
        ...

    def go_on(self, computers: Mapping[str, Any]) -> list[Any]:
        """Every seat present is ready: what follows (the computers' bets, the deal);
        its events."""
        ...

    def table_words(self) -> Msg:
        """The game and its table options in words (never the seed)."""
        ...

    def table_options(self) -> dict[str, Any]:
        """The game's own table options, added after ``options``, ``packs`` and
        ``computers``."""
        ...

    def computer_to_move(self, computers: Mapping[str, Any]) -> str | None:
        """The computer seat that acts now (``None``: none; the game not ended)."""
        ...

    def play_computer(self, computers: Mapping[str, Any]) -> None:
        """The computer seat of :meth:`computer_to_move` acts once (on the game)."""
        ...

    def stand_in(self, seat: str) -> Any:
        """A player for a gone ``seat`` whose turn it is (:meth:`actor`): its
        ``choose(game)`` gives the seat's act."""
        ...


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
    #: Two-hand games: its computer player's class or maker, ``"module:name"`` (called
    #: with the seat's name, the game and a temperament: :meth:`computer`).
    computer_player: str = ""
    #: Two-hand games: its seats' rules at a shared table, ``"module:name"`` (called
    #: with the game: :meth:`seat_rules_for`, a :class:`SeatRules`).
    seat_rules: str = ""
    #: The command line's entry points, ``"module:function"``, each loaded on first
    #: use: ``odds`` (packs, JSON?) -> text; ``simulate`` (options) -> (data, text);
    #: ``advise`` (game, options) -> exit status (absent: nothing to advise, and
    #: :attr:`refusals` says why); ``solved`` (options, ``"strategy"``|``"choice"``)
    #: -> text: the game solved, for ``strategy --game`` and ``choice --game``;
    #: ``expert_plan`` (game) -> the plan an ``expert`` computer seat plays (:meth:`computer`).
    #: (The table layer opens each game's table by :attr:`table`.)
    entries: Mapping[str, str] = field(default_factory=dict, hash=False)
    #: The games' own options this game takes, as the command line names them
    #: (``packs``, ``limit``, ``first_bank``, ``forced_moves``).
    options: frozenset[str] = frozenset()
    #: The record's fields this game alone takes among those some games take
    #: (chemin de fer's ``first_bank`` and ``banco_instead``): a record of another
    #: game that sets one away from its default is refused.
    record_fields: frozenset[str] = frozenset()
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
        """A computer player of this game for the seat ``name`` (two-hand games).

        An ``expert`` is handed its game's solution, a plan of plain numbers the entry
        point ``expert_plan`` (``game`` -> plan, in the study) fills: the games never
        ask the study themselves.  A game without one (punto banco: no card decision)
        makes its expert with no plan."""
        module, _sep, cls = self.computer_player.partition(":")
        maker = getattr(import_module(module), cls)
        if temperament == "expert" and "expert_plan" in self.entries:
            return maker(name, game, temperament, plan=self.entry("expert_plan")(game))
        return maker(name, game, temperament)

    def seat_rules_for(self, game: Any) -> SeatRules:
        """The seats' rules of ``game`` at a shared table (two-hand games)."""
        module, _sep, cls = self.seat_rules.partition(":")
        return getattr(import_module(module), cls)(game)  # type: ignore[no-any-return]

    def entry(self, what: str) -> Any:
        """The entry point ``what`` (``KeyError`` if the game has none)."""
        module, _sep, name = self.entries[what].partition(":")
        return getattr(import_module(module), name)

    def seat_acts(self) -> Any:
        """The union of the acts a seat of this game sends (a joined seat's ``act``
        messages, validated by these models: :func:`banque.net.protocol.read_act`)."""
        return import_module(self.acts).SeatAct
