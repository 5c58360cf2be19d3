"""The seeded shoe every game deals from.

A :class:`Shoe` holds ``packs`` packs and the game's own generator
(:func:`banque.core.rng.generator`: a new game's secure stream, or the
Mersenne Twister of a study's seed and of older records).  Every shuffle and
cut of every game is made here, by the same calls in the same order as each
game always made them, so every record replays the very same shoes:

- :meth:`Shoe.shuffle` makes a fresh shoe: every card of the packs, less the
  stacked top (on the first shoe only, unless told), shuffled ``times``
  times, cut if asked (a cut at ``randint(1, cards - 1)``), the stacked top
  first;
- :meth:`Shoe.draw` deals the top card (a game's hot path reads
  :attr:`Shoe.cards` itself: its last card is the top);
- :meth:`Shoe.fill` is the two-hand games' rule: a fresh shoe once fewer than
  :data:`MIN_CARDS` are left.

>>> import random
>>> shoe = Shoe(1, random.Random(7), ["9C", "7H"])
>>> order, cut_at = shoe.shuffle()
>>> order[:2], len(shoe), cut_at
(['9C', '7H'], 52, 0)
>>> shoe.draw(), shoe.draw(), len(shoe), shoe.seen
('9C', '7H', 50, ['9C', '7H'])

The shoe's state (:meth:`Shoe.state`: its cards, its orders, the cards seen
and the generator's place) is what a refused act must leave as it was.
Nothing here imports Textual.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from typing import Any

from ..constants import PACKS
from .cards import PACK_SIZE, full_shoe, parse_card
from .errors import IllegalAction
from .messages import N_, Msg, Nn_

__all__ = ["MAX_PACKS", "MIN_CARDS", "Shoe", "validate_stacked"]

#: A coup of the two-hand games takes at most six cards: with fewer left the cards
#: are reshuffled (and only then: never when the bank changes hands).
MIN_CARDS = 6
#: The most packs a shoe holds.
MAX_PACKS = 1000


def validate_stacked(cards: Iterable[str], packs: int = PACKS) -> list[str]:
    """Read a stacked shoe top (card codes); each card at most ``packs`` times."""
    stacked = [parse_card(c) for c in cards]
    if len(stacked) > PACK_SIZE * packs:
        raise IllegalAction(
            Msg(
                N_("A shoe holds {most} cards; {n} were given."),
                most=PACK_SIZE * packs,
                n=len(stacked),
            ),
            "shoe",
        )
    for card, count in Counter(stacked).items():
        if count > packs:
            raise IllegalAction(
                Msg.plural(
                    Nn_(
                        "The shoe has only {n} copy of {card} (one pack); it was given "
                        "{count} times.",
                        "The shoe has only {n} copies of {card} ({n} packs); it was given "
                        "{count} times.",
                    ),
                    packs,
                    card=card,
                    count=count,
                ),
                "shoe",
            )
    return stacked


class Shoe:
    """A seeded shoe of ``packs`` packs; ``stacked`` cards on top of the first one.

    All randomness comes from ``rng``, the game's own generator (its lots
    draw from it too, between shuffles): a record replays exactly.
    ``orders`` keeps each shoe's order, top card first; ``cards`` is the
    shoe as it stands, its last card on top (popped); ``seen`` the cards
    drawn from it.  Before the first :meth:`shuffle` the shoe is empty.
    """

    __slots__ = ("cards", "orders", "packs", "rng", "seen", "stacked")

    def __init__(self, packs: int, rng: random.Random, stacked: Iterable[str] = ()) -> None:
        if isinstance(packs, bool) or not isinstance(packs, int) or not 1 <= packs <= MAX_PACKS:
            raise IllegalAction(Msg(N_("A shoe holds 1 to 1000 packs.")), "packs")
        self.packs = packs
        self.rng = rng
        self.stacked: list[str] = validate_stacked(stacked, packs)
        self.cards: list[str] = []
        self.orders: list[list[str]] = []
        self.seen: list[str] = []

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Any:
        return iter(self.cards)

    @property
    def order(self) -> list[str]:
        """The current shoe's order, top card first (empty before the first shuffle)."""
        return self.orders[-1] if self.orders else []

    def shuffle(
        self, times: int = 1, *, cut: bool = False, stack: bool | None = None
    ) -> tuple[list[str], int]:
        """A fresh shoe: its order (top first) and where it was cut (0: not cut).

        The stacked top stays on top of the first shoe (``stack``: of this one
        or not, as the game says); the rest is shuffled ``times`` times by the
        generator, then cut at ``randint(1, cards - 1)`` if ``cut``.
        """
        pack = full_shoe(self.packs)
        if stack is None:
            stack = not self.orders
        stacked = self.stacked if stack else []
        for card in stacked:
            pack.remove(card)
        shuffle = self.rng.shuffle
        for _ in range(times):
            shuffle(pack)
        cut_at = 0
        if cut and len(pack) > 1:
            cut_at = self.rng.randint(1, len(pack) - 1)
            pack = pack[cut_at:] + pack[:cut_at]
        order = stacked + pack
        self.orders.append(order)
        self.cards = order[::-1]
        self.seen = []
        return order, cut_at

    def fill(self) -> bool:
        """A fresh shoe if fewer than :data:`MIN_CARDS` are left (the two-hand games'
        rule); whether one was shuffled."""
        if len(self.cards) >= MIN_CARDS:
            return False
        self.shuffle()
        return True

    def draw(self) -> str:
        """The top card, seen from now on."""
        card = self.cards.pop()
        self.seen.append(card)
        return card

    def state(self) -> tuple[object, ...]:
        """Everything a refused act must leave as it was: the packs and stacked top,
        the cards, the orders, the cards seen and the generator's place."""
        return (
            self.packs,
            tuple(self.stacked),
            tuple(self.cards),
            tuple(map(tuple, self.orders)),
            tuple(self.seen),
            self.rng.getstate(),
        )

    def __eq__(self, other: object) -> bool:
        """Two shoes are equal when their states are (a copy of a shoe equals it)."""
        if not isinstance(other, Shoe):
            return NotImplemented
        return self.state() == other.state()

    __hash__ = None  # type: ignore[assignment]
