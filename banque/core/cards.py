"""Cards, values and the shoe.

A card is a two-character code: rank ``A 2 3 4 5 6 7 8 9 T J Q K`` then suit
``C D H S``.  Codes are plain strings so that hands, records and views are
JSON as they stand.

>>> parse_card("10h")
'TH'
>>> hand_total(["9C", "4C", "4D"])
7
>>> card_value("K")  # a rank alone works too
0
"""

from __future__ import annotations

from collections.abc import Iterable

from ..constants import PACKS as PACKS
from ..i18n import card_rank
from ..text import quoted

RANKS = "A23456789TJQK"
SUITS = "CDHS"
PACK_SIZE = 52

#: Points of each rank: A = 1, 2-9 face value, 10/J/Q/K = 0.
RANK_VALUE: dict[str, int] = {r: (i + 1 if i < 9 else 0) for i, r in enumerate(RANKS)}

SUIT_SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RED_SUITS = frozenset("DH")

#: Every card of one pack, in a fixed order (rank-major).
ONE_PACK: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)


class CardError(ValueError):
    """A card code that cannot be read."""


def parse_card(text: str) -> str:
    """Read a card code leniently (lower case and ``10`` accepted).

    >>> parse_card("as"), parse_card("10d"), parse_card(" qH ")
    ('AS', 'TD', 'QH')
    """
    raw = text.strip().upper() if isinstance(text, str) else ""
    if raw.startswith("10"):
        raw = "T" + raw[2:]
    if len(raw) != 2 or raw[0] not in RANKS or raw[1] not in SUITS:
        # deferred: cycle (core/cards.py ↔ core/messages.py), and start-up cost: the first
        # screen loads this module without the messages (~10 ms, python -X importtime).
        from .messages import N_, Msg

        raise CardError(
            Msg(
                N_(
                    "{card} is not a card: write the rank (A 2 3 4 5 6 7 8 9 T J Q K, "
                    "or 10) then the suit (C D H S), for example 9C or TH"
                ),
                card=quoted(text),
            )
        )
    return raw


def card_value(card: str) -> int:
    """The points a card counts for."""
    return RANK_VALUE[card[0]]


def hand_total(cards: Iterable[str]) -> int:
    """A hand's value: the last digit of the sum of its cards' points.

    A plain loop: every coup of every game counts its hands with it.
    """
    value = RANK_VALUE
    total = 0
    for card in cards:
        total += value[card[0]]
    return total % 10


def is_natural(cards: list[str]) -> bool:
    """A two-card 8 or 9."""
    return len(cards) == 2 and hand_total(cards) >= 8


def full_shoe(packs: int = PACKS) -> list[str]:
    """``packs`` packs, unshuffled, in a fixed order."""
    return list(ONE_PACK) * packs


def pretty(card: str, ascii_suits: bool = False) -> str:
    """A card for people: ``9♣`` (or ``9C`` with ASCII suits); ten shows as 10.

    >>> pretty("TH"), pretty("TH", ascii_suits=True)
    ('10♥', '10H')
    """
    return card_rank(card[0]) + (card[1] if ascii_suits else SUIT_SYMBOL[card[1]])
