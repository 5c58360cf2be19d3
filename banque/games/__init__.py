"""The other games of the family: chemin de fer and punto banco.

Banque à deux tableaux (:mod:`banque.games.banque.game`) deals three hands; the two
games here deal two, a punter's hand (the *player*) against the banker's.
Each is a small definition over shared pieces (:mod:`banque.games.two_hands`:
the seeded shoe, totals and naturals, the fixed drawing table, events), in
the manner of PokerKit's ``games.py``:

- :mod:`banque.games.punto_banco.game` -- punto banco (the Las Vegas game of the
  Pocket Book text): the house banks, every draw is fixed, bets on the
  player, the banker, or the banker's natural 8 / natural 9;
- :mod:`banque.games.chemin_de_fer.game` -- chemin de fer: the bank moves round the
  table, bets in rotation, banco and banco suivi, the punter bound, the
  banker free.

A record names its game (``"game": "punto-banco"``); absent, it is banque.
"""

from __future__ import annotations

GAME_NAMES: tuple[str, ...] = ("banque", "chemin-de-fer", "punto-banco")
