"""banque's benchmark: the engine and the advisor, each beside its baseline.

Run from the repository root (after ``pip install .``)::

    python benchmarks/bench.py [--coups N] [--players K] [--fast N] [--reference M]

1. Coups per second of ``banque simulate --banker table`` (the same code:
   computer players deciding from their seats' observations, every act
   verified by the engine, banks and shuffles as the rules say), beside a
   bare plain-Python loop that only shuffles, deals and compares three
   hands.  The bare loop uses the shoe as the engine does: one shuffled
   156-card shoe, dealt until fewer than 9 cards remain.  Target: the engine
   at least 1/30 of the bare loop.
2. Advisor decisions per second beside a straightforward exact enumeration
   written with ``fractions.Fraction`` (``benchmarks/bench_advisor.py``),
   with equal results.  Target: at least 100 times faster.

Times are this process's CPU time (``time.process_time``: what other work on
a shared machine takes is not counted).  The engine and the bare loop run in
turn, ``--repeat`` rounds; each figure is the median of its runs and the
ratio the median of each round's ratio.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from banque.core.cards import RANK_VALUE, full_shoe
from banque.study.simulate import simulate

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_advisor

ENGINE_TARGET = 1 / 30
ADVISOR_TARGET = 100


def bare_loop(coups: int, seed: int = 1) -> int:
    """Shuffle, deal three two-card hands, compare each side with the banker."""
    rng = random.Random(seed)
    value = RANK_VALUE
    shoe: list[str] = []
    net = 0
    for _ in range(coups):
        if len(shoe) < 9:
            shoe = full_shoe()
            rng.shuffle(shoe)
        r1, l1, b1, r2, l2, b2 = (shoe.pop() for _ in range(6))
        right = (value[r1[0]] + value[r2[0]]) % 10
        left = (value[l1[0]] + value[l2[0]]) % 10
        bank = (value[b1[0]] + value[b2[0]]) % 10
        net += (bank > right) - (bank < right) + (bank > left) - (bank < left)
    return net


def median_rates(
    runs: dict[str, tuple[Callable[[int], object], int]], repeat: int
) -> dict[str, list[float]]:
    """Each run's rates (units per CPU second), ``repeat`` rounds, the runs in turn."""
    rates: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(repeat):
        for name, (run, n) in runs.items():
            start = time.process_time()
            run(n)
            rates[name].append(n / max(time.process_time() - start, 1e-9))
    return rates


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--coups", type=int, default=20000, help="coups per engine run")
    parser.add_argument("--players", type=int, default=5, help="computer players (3-11)")
    parser.add_argument("--repeat", type=int, default=5, help="rounds of runs; the median counts")
    parser.add_argument("--fast", type=int, default=2000, help="advisor decisions")
    parser.add_argument("--reference", type=int, default=100, help="reference decisions")
    args = parser.parse_args(argv)

    print(f"Python {platform.python_version()} on {platform.machine()}")
    print(f"\n1. The engine: {args.coups} coups, {args.players} computer players, banker by table")
    # The engine alone (--no-exact); the default also values each decision
    # coup with the exact advisor (the noise-reduced estimate), timed beside.
    coups = args.coups
    rates = median_rates(
        {
            "engine": (
                lambda n: simulate(n, args.players, seed=1, banker="table", exact_estimate=False),
                coups,
            ),
            "bare": (bare_loop, coups * 10),
            "exact": (lambda n: simulate(n, args.players, seed=1, banker="table"), coups),
        },
        args.repeat,
    )
    engine, bare, with_exact = (statistics.median(rates[k]) for k in ("engine", "bare", "exact"))
    ratio = statistics.median(e / b for e, b in zip(rates["engine"], rates["bare"], strict=True))
    print(f"   bare loop (shuffle, deal, compare): {bare:12,.0f} coups/s   (baseline)")
    print(f"   banque simulate --banker table --no-exact: {engine:12,.0f} coups/s")
    print(f"   ... with the noise-reduced estimate (default): {with_exact:12,.0f} coups/s")
    verdict = "met" if ratio >= ENGINE_TARGET else "NOT met"
    print(
        f"   engine / bare loop = 1/{1 / ratio:.1f}   (target 1/30: {verdict}; "
        f"the median of {args.repeat} rounds' ratios)"
    )

    print("\n2. The banker's advisor")
    code = bench_advisor.main(["--fast", str(args.fast), "--reference", str(args.reference)])
    return code


if __name__ == "__main__":
    sys.exit(main())
