"""The family's games, each a definition over the core, and the one registry.

Each game is a folder here whose ``__init__`` gives its
:class:`~banque.games.gamedef.GameDefinition`:

- :mod:`banque.games.banque` -- Baccarat Banque à deux tableaux: the banker's
  hand against independent right and left hands, under three houses' rules;
- :mod:`banque.games.chemin_de_fer` -- chemin de fer: the bank moves round the
  table, bets in rotation, banco and banco suivi, the punter bound, the
  banker free;
- :mod:`banque.games.punto_banco` -- punto banco (the Las Vegas game of the
  Pocket Book text): the house banks, every draw is fixed.

:data:`GAMES` is the registry: a fourth game is one folder and one entry
here. A record names its game (``"game": "punto-banco"``); absent, it is banque.
"""

from __future__ import annotations

from ..core.errors import RecordError
from ..text import quoted
from .banque import DEFINITION as BANQUE
from .chemin_de_fer import DEFINITION as CHEMIN_DE_FER
from .gamedef import GameDefinition
from .punto_banco import DEFINITION as PUNTO_BANCO

__all__ = [
    "DEFAULT_GAME",
    "GAMES",
    "GAME_NAMES",
    "TWO_HAND_GAMES",
    "GameDefinition",
    "UnknownGame",
    "definition",
]

#: Every game of the family, by name, banque first.
GAMES: dict[str, GameDefinition] = {g.name: g for g in (BANQUE, CHEMIN_DE_FER, PUNTO_BANCO)}
GAME_NAMES: tuple[str, ...] = tuple(GAMES)
#: The game of a table, a record or a command when none is named.
DEFAULT_GAME: str = GAME_NAMES[0]
#: The games that deal two hands (each has its own table for now).
TWO_HAND_GAMES: tuple[str, ...] = tuple(g.name for g in GAMES.values() if g.hands == 2)


class UnknownGame(RecordError, KeyError):
    """A name that is no game of the family (a record's ``game``, say): said in words.
    A ``KeyError`` too, as a missing registry entry always was."""

    def __str__(self) -> str:
        return str(self.args[0])


def definition(name: str) -> GameDefinition:
    """The game called ``name``; :class:`UnknownGame` says so if there is none (the
    command line's choices are the registry's; a record's name is checked here)."""
    try:
        return GAMES[name]
    except KeyError:
        # deferred: start-up (banque --help and the first screen name the games but load
        # no message, ~10 ms of CPU by python -X importtime; this is said on a refusal)
        from ..core.messages import N_, Msg

        raise UnknownGame(
            Msg(
                N_("There is no game called {game} (the games: {games})."),
                game=quoted(name),
                games=", ".join(GAMES),
            )
        ) from None
