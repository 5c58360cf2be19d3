"""Plain constants the setup screen needs, importable at no cost.

The first screen (setup) is drawn before the engine, the records and the
pydantic models are imported (they come in the background once it is up):
so what it shows lives here, and :mod:`banque.games.banque.game` and
:mod:`banque.session.session` take it from here.
"""

from __future__ import annotations

from typing import Literal

MIN_PLAYERS = 3
MAX_PLAYERS = 11
#: Packs in banque's shoe (its rules card: three).
PACKS = 3
MAX_NAME = 20
#: The exit status of a command refused (bad options, a record that does not fit).
EXIT_USAGE = 2

#: What setup makes of a seat: a human, or a computer of a temperament.
SeatChoice = Literal["human", "cautious", "bold", "expert"]
SEAT_CHOICES: tuple[SeatChoice, ...] = ("human", "cautious", "bold", "expert")

#: The key of each participant's private view, in participant order.
SEAT_KEYS: tuple[str, ...] = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "minus")
SEAT_KEY_LABELS: tuple[str, ...] = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "-")

#: How a side's forced move is made (see :data:`banque.core.models.ForcedMoves`).
ForcedMoves = Literal["automatic", "announced"]

#: The houses' rule profiles (see :mod:`banque.games.banque.rules`), the first the default.
RULES_NAMES: tuple[str, ...] = ("home", "classic", "hoyle")
#: The participants' names a new table offers, the first for the player at the keyboard
#: (setup's too: Ana human, then computers), proper names in every language.
PLAYER_NAMES: tuple[str, ...] = ("Ana", "Bruno", "Chloé", "David", "Elsa", "Félix", "Gala")
