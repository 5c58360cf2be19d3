"""Benchmark the banker's advisor against the plain exact enumeration.

Run from the repository root (after ``pip install .``)::

    python benchmarks/bench_advisor.py [--fast N] [--reference M] [--seed S]

Random realistic decision points are dealt from shuffled three-pack shoes
(a random number of cards already played, stakes 0-10 on each side, p5 of
1/2, 1/4 or 3/4).  The fast :func:`banque.games.banque.advisor.advise` runs on all N of
them with its cache emptied before every call, so each decision is computed
from scratch; :func:`banque.games.banque.advisor.reference_advise` runs on the first M.
The speed ratio is taken on those same M decisions.  Every reference answer
is compared with the fast one: the largest absolute difference is printed
and must stay below 1e-9 (the fast exact answers must even be equal).  The
fast advisor is also timed with a fund half the stakes (classic, hoyle: a
losing bank pays in order only as far as its fund), where each outcome's
worth is counted from the joint results against both sides.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from fractions import Fraction

from banque.games.banque.advisor import (
    Situation,
    advise,
    advise_exact,
    clear_cache,
    random_situation,
    reference_advise,
)

P5_CHOICES = (Fraction(1, 2), Fraction(1, 4), Fraction(3, 4))
TOLERANCE = 1e-9


def time_fast(situations: list[Situation]) -> float:
    """Seconds for ``advise`` on every situation, uncached."""
    start = time.perf_counter()
    for s in situations:
        clear_cache()
        advise(s.unseen, s.banker, s.right, s.left, s.p5)
    return time.perf_counter() - start


def short_fund(s: Situation) -> int:
    """A fund half the stakes (classic, hoyle: a losing bank pays only that far)."""
    return (int(s.right.stake) + int(s.left.stake)) // 2


def time_fund_limited(situations: list[Situation]) -> float:
    """Seconds for ``advise`` with a fund short of the stakes, uncached."""
    start = time.perf_counter()
    for s in situations:
        clear_cache()
        advise(s.unseen, s.banker, s.right, s.left, s.p5, short_fund(s))
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fast", type=int, default=2000, help="decisions for advise")
    parser.add_argument("--reference", type=int, default=200, help="decisions for the reference")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    if args.fast < 1 or not 1 <= args.reference <= args.fast:
        parser.error("need 1 <= --reference <= --fast")

    rng = random.Random(args.seed)
    situations = [random_situation(rng, p5_choices=P5_CHOICES) for _ in range(args.fast)]
    sample = situations[: args.reference]
    advise(sample[0].unseen, sample[0].banker, sample[0].right, sample[0].left)  # warm up

    fast_all = time_fast(situations)
    fast_sample = time_fast(sample)
    limited_all = time_fund_limited(situations)

    ref_time = 0.0
    max_diff = 0.0
    unequal = 0
    flips = 0
    for s in sample:
        start = time.perf_counter()
        ref = reference_advise(s.unseen, s.banker, s.right, s.left, s.p5)
        ref_time += time.perf_counter() - start
        fast = advise(s.unseen, s.banker, s.right, s.left, s.p5)
        max_diff = max(
            max_diff, abs(fast.draw - float(ref.draw)), abs(fast.stand - float(ref.stand))
        )
        unequal += advise_exact(s.unseen, s.banker, s.right, s.left, s.p5) != ref
        flips += fast.best != ref.best

    n, m = len(situations), len(sample)
    drawing = sum(
        advise(s.unseen, s.banker, s.right, s.left, s.p5).best == "draw" for s in situations
    )
    print(f"situations: {n} random decision points (seed {args.seed}); reference on first {m}")
    print(
        f"advise (fast, uncached): {n / fast_all:10.1f} decisions/s  {fast_all / n * 1e3:8.3f} ms each"
    )
    print(
        f"  on the reference's {m}: {m / fast_sample:10.1f} decisions/s  {fast_sample / m * 1e3:8.3f} ms each"
    )
    print(
        f"  with a short fund:  {n / limited_all:10.1f} decisions/s  {limited_all / n * 1e3:8.3f} ms each"
    )
    print(
        f"reference_advise:        {m / ref_time:10.1f} decisions/s  {ref_time / m * 1e3:8.3f} ms each"
    )
    print(f"speed ratio (same {m} decisions): {ref_time / fast_sample:.0f}x")
    print(
        f"max |advise - reference|: {max_diff:.3g} (exact answers unequal: {unequal}, best differs: {flips})"
    )
    print(f"banker should draw in {drawing} of {n} decisions")
    ok = max_diff < TOLERANCE and unequal == 0 and flips == 0
    print("OK" if ok else "MISMATCH")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
