"""Where a game's randomness comes from: its seed, and the stream the seed keys.

A new game draws its seed from the operating system's secure generator
(:func:`new_seed`: :data:`SEED_BITS` bits, from :mod:`secrets`) and deals from a
cryptographic stream keyed by it (:class:`StreamRandom`, named
:data:`STREAM` in its record): keyed BLAKE2b in counter mode.  Each purpose —
the table's own shuffles, cuts and lots, each computer seat, a gone seat's
stand-in — has its own stream, keyed by the seed and the purpose's name, so
that no number of outputs of one stream (every card seen, every computer's
move) says anything about another output, of that stream or of any other: to
predict an unseen card one would need the seed itself, 2²⁵⁵ guesses.

A record names its stream (``"stream"``).  A record without one was dealt
by Python's Mersenne Twister seeded with its seed, as every game was before
streams, and it still is: its games replay exactly.  An explicit seed
(``--seed``, ``simulate``, the setup's seed field) is a study tool, a known
seed makes a known shoe: it keeps that same generator, so that a seeded game
plays the very same cards as it always has.

>>> a, b = StreamRandom(7), StreamRandom(7)
>>> cards = list(range(52))
>>> a.shuffle(cards); b_cards = list(range(52)); b.shuffle(b_cards)
>>> cards == b_cards  # the same seed, the same shoe
True
>>> StreamRandom(7).random() == StreamRandom(7, "seat:Ana").random()  # another purpose
False
>>> new_seed().bit_length()
256

Nothing here imports Textual.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Mapping
from typing import Any, Literal

__all__ = [
    "SEED_BITS",
    "STREAM",
    "STREAMS",
    "CountingRandom",
    "Stream",
    "StreamRandom",
    "derived",
    "generator",
    "new_seed",
    "seat_draws",
    "seat_generator",
    "seed_and_stream",
    "skip_seats",
]

#: The stream of a new game's cards, as its record names it.
STREAM: Literal["blake2b-ctr/1"] = "blake2b-ctr/1"
#: A record's ``stream``: the one known (``None``: the Mersenne Twister of older games).
Stream = Literal["blake2b-ctr/1"]
STREAMS: tuple[str, ...] = (STREAM,)
#: Bits of a new game's seed (the top one always set: every new seed has this size).
SEED_BITS = 256
#: The purpose of a game's own generator (shuffles, cuts, lots); others are named by theirs.
GAME_PURPOSE = "game"

_BLOCK = 64  # bytes of one BLAKE2b output
_RECIP_BPF = 2.0**-53


def new_seed() -> int:
    """A new game's seed: :data:`SEED_BITS` bits from the system's secure generator.

    Its top bit is set, so every new seed has the same size (its length
    tells nothing) and none is ever a ``--seed`` (those stop at 2⁶³ − 1).
    """
    return secrets.randbits(SEED_BITS - 1) | (1 << (SEED_BITS - 1))


def seed_and_stream(seed: int | None) -> tuple[int, Stream | None]:
    """A new game's seed and stream: a secure one unless ``seed`` is given.

    An explicit seed (a study's, a test's) keeps the Mersenne Twister it has
    always had (``None``), so it plays the very same shoe as before.
    """
    if seed is None:
        return new_seed(), STREAM
    return seed, None


def _check(stream: str | None) -> Stream | None:
    if stream is not None and stream not in STREAMS:
        raise ValueError(f"unknown stream {stream!r} (known: {', '.join(STREAMS)})")
    return stream  # type: ignore[return-value]


class StreamRandom(random.Random):
    """A :class:`random.Random` whose every output comes from keyed BLAKE2b in counter mode.

    Block ``i`` of the stream is ``BLAKE2b-512(purpose ‖ i)`` under a 512-bit key
    derived from the seed (itself BLAKE2b, personalised ``banque/seed``).  Both
    :meth:`random` and :meth:`getrandbits` read the stream, so ``shuffle``,
    ``randrange``, ``randint``, ``choice``, ``sample`` and ``uniform`` all draw
    from it.  :attr:`draws` is how far the stream has been read (in bytes)
    and :meth:`skip` moves on by as many at once: a resumed computer seat
    goes on from the same point (see ``Session.skip_draws``).

    >>> rng = StreamRandom(2**255 + 12345, "seat:Ana")
    >>> x = rng.getrandbits(32); state = rng.getstate(); y = rng.random()
    >>> rng.setstate(state); rng.random() == y
    True
    >>> fresh = StreamRandom(2**255 + 12345, "seat:Ana"); fresh.skip(4); fresh.random() == y
    True
    """

    def __new__(cls, *args: Any, **kwargs: Any) -> StreamRandom:
        # The base type takes one argument at most (and seeds its own, unused, twister with it).
        return super().__new__(cls, 0)

    def __init__(self, seed: int = 0, purpose: str = GAME_PURPOSE) -> None:
        self._purpose = purpose
        super().__init__(seed)

    def seed(self, a: Any = None, version: int = 2) -> None:
        """Key the stream by ``a`` (a whole number; ``None``: a new secure seed), from its start."""
        if a is None:
            a = new_seed()
        if isinstance(a, bool) or not isinstance(a, int):
            raise TypeError("a stream's seed is a whole number")
        self._key = hashlib.blake2b(
            str(a).encode("ascii"), digest_size=64, person=b"banque/seed"
        ).digest()
        self._keyed()
        self._seek(0)
        self.gauss_next = None

    def _keyed(self) -> None:
        purpose = self._purpose.encode("utf-8")
        self._base = hashlib.blake2b(
            len(purpose).to_bytes(4, "big") + purpose,
            key=self._key,
            digest_size=_BLOCK,
            person=b"banque/ctr/1",
        )

    def _make(self, block: int) -> bytes:
        h = self._base.copy()
        h.update(block.to_bytes(8, "big"))
        return h.digest()

    def _seek(self, position: int) -> None:
        self._block, self._offset = divmod(position, _BLOCK)
        self._buffer = self._make(self._block)

    def _take(self, n: int) -> bytes:
        """The stream's next ``n`` bytes."""
        start = self._offset
        end = start + n
        if end <= _BLOCK:
            self._offset = end
            return self._buffer[start:end]
        parts = [self._buffer[start:]]
        need = end - _BLOCK
        while True:
            self._block += 1
            self._buffer = self._make(self._block)
            if need <= _BLOCK:
                parts.append(self._buffer[:need])
                self._offset = need
                return b"".join(parts)
            parts.append(self._buffer)
            need -= _BLOCK

    @property
    def purpose(self) -> str:
        return self._purpose

    @property
    def draws(self) -> int:
        """How far the stream has been read, in bytes (what a journal keeps of a computer seat)."""
        return self._block * _BLOCK + self._offset

    def skip(self, draws: int) -> None:
        """Move on by ``draws`` bytes, as the seat had read before the game was resumed."""
        self._seek(self.draws + max(0, draws))

    def random(self) -> float:
        """A float in [0, 1): 53 bits of the stream."""
        return (int.from_bytes(self._take(7), "big") >> 3) * _RECIP_BPF

    def getrandbits(self, k: int) -> int:
        """``k`` bits of the stream (whole bytes read, the extra low bits dropped)."""
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        if k == 0:
            return 0
        n = (k + 7) // 8
        return int.from_bytes(self._take(n), "big") >> (8 * n - k)

    def randbytes(self, n: int) -> bytes:
        """The stream's next ``n`` bytes."""
        if n < 0:
            raise ValueError("number of bytes must be non-negative")
        return self._take(n)

    def getstate(self) -> tuple[Any, ...]:
        return (STREAM, self._key, self._purpose, self.draws, self.gauss_next)

    def setstate(self, state: Any) -> None:
        tag, key, purpose, draws, gauss_next = state
        if tag != STREAM:
            raise ValueError(f"not the state of a {STREAM} stream")
        self._key, self._purpose = bytes(key), str(purpose)
        self._keyed()
        self._seek(int(draws))
        self.gauss_next = gauss_next


class CountingRandom(random.Random):
    """A computer seat's generator (the Mersenne Twister's) that counts its draws.

    The journal keeps the counts, so that a resumed game's computers go on
    from the very same point of their generators (:meth:`skip`).  The
    games of a stream use :class:`StreamRandom`, which keeps its place itself.
    """

    def __init__(self, seed: str) -> None:
        super().__init__(seed)
        self.draws = 0

    def random(self) -> float:
        self.draws += 1
        return super().random()

    def skip(self, draws: int) -> None:
        """Draw ``draws`` numbers, as the seat did before the game was resumed."""
        draw = super().random
        for _n in range(max(0, draws)):
            draw()
        self.draws += max(0, draws)


def generator(seed: int, stream: str | None) -> random.Random:
    """A game's own generator: its shuffles, cuts and lots."""
    if _check(stream) is None:
        return random.Random(seed)
    return StreamRandom(seed, GAME_PURPOSE)


def derived(seed: int, stream: str | None, purpose: str) -> random.Random:
    """A generator of the game's for one purpose, from its seed alone.

    It never disturbs the game's own generator, nor depends on when it is
    asked for.  Without a stream, it is the Mersenne Twister seeded with
    ``banque/{seed}/{purpose}``, as every older game had.
    """
    if _check(stream) is None:
        return random.Random(f"banque/{seed}/{purpose}")
    return StreamRandom(seed, purpose)


def seat_generator(seed: int, stream: str | None, purpose: str) -> CountingRandom | StreamRandom:
    """:func:`derived` for a computer seat, which tells how far it has drawn (``draws``)."""
    if _check(stream) is None:
        return CountingRandom(f"banque/{seed}/{purpose}")
    return StreamRandom(seed, purpose)


def seat_draws(seats: Mapping[str, object]) -> dict[str, int]:
    """How far each computer seat's generator has drawn (what a journal keeps): numbers
    drawn from the Mersenne Twister, bytes read of a stream.  A seat whose generator
    does not count (``None``, a plain ``random.Random``) is left out."""
    return {
        name: rng.draws
        for name, rng in seats.items()
        if isinstance(rng, (CountingRandom, StreamRandom))
    }


def skip_seats(seats: Mapping[str, object], draws: Mapping[str, int]) -> None:
    """A resumed game: each computer seat's generator moved on to where it was
    (``draws``, as :func:`seat_draws` gave it when the journal was written)."""
    for name, n in draws.items():
        rng = seats.get(name)
        if isinstance(rng, (CountingRandom, StreamRandom)) and isinstance(n, int):
            # a twister draws one by one (bounded); a stream moves on at once
            rng.skip(min(n, 2**60 if isinstance(rng, StreamRandom) else 10**7))
