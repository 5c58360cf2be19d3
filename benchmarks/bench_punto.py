"""The two-hand games' simulations, each beside a bare punto banco loop.

Run from the repository root (after ``pip install .``)::

    python benchmarks/bench_punto.py [--coups N] [--repeat R]

1. Coups per second of ``banque simulate --game punto-banco`` (the same
   code: four computer bettors, one a spot, every bet checked by the engine
   and settled, the coup kept in the game's history), beside a bare
   plain-Python loop doing the same work: an 8-pack shoe shuffled, reshuffled
   when fewer than 6 cards are left, the hands dealt by the fixed tableau,
   the four bets (20 on player, 20 on banker with its 5 % commission kept in
   twentieths, 1 on each natural) settled, and a fresh table (a fresh shoe,
   everyone at 100) whenever a bettor cannot stake again, as the simulation
   does.  The two loops deal the same coups from the same seeds: their house
   takings are compared.  Target: the engine at least 1/12 of the bare loop.
2. Coups per second of ``banque simulate --game chemin-de-fer`` (computer
   seats choosing, the banker by the exact advice), against the same bare
   loop (a coup of chemin de fer is more work than one of punto banco: the
   ratio is shown, no target).

Times are this process's CPU time (``time.process_time``: other work on a
shared machine is not counted).  The runs take turns, ``--repeat`` rounds;
each figure is the median of its runs, each ratio the median of the rounds'
ratios.

The fresh tables are the simulation's own rule (a bettor out of chips ends
its table: about one table every 22 coups, each with a freshly shuffled
shoe); the target is set against the stricter baseline, one table whose
shoe is dealt through.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable

from banque.core.cards import RANK_VALUE, full_shoe
from banque.study.two_hands_simulate import simulate_chemin, simulate_punto

PUNTO_TARGET = 1 / 12
PACKS = 8
MIN_CARDS = 6  # banque.games.two_hands.MIN_CARDS: with fewer, a fresh shoe
#: The banker's fixed rule when the player drew: for each banker total, the values of
#: the player's third card on which the banker draws.
DRAWS_ON = (
    frozenset(range(10)),
    frozenset(range(10)),
    frozenset(range(10)),
    frozenset({0, 1, 2, 3, 4, 5, 6, 7, 9}),
    frozenset({2, 3, 4, 5, 6, 7}),
    frozenset({4, 5, 6, 7}),
    frozenset({6, 7}),
    frozenset(),
)


def bare_punto(coups: int, seed: int = 1, fresh_tables: bool = True) -> int:
    """Punto banco in plain Python, the simulation's work: the house's takings.

    ``fresh_tables=False``: one table, its shoe dealt through and reshuffled
    (the bettors' chips may run out: they are settled all the same).
    """
    value = RANK_VALUE
    house = 0
    tables = 0
    shoe: list[str] = []
    balances = [0, 0, 0, 0]  # player 20, banker 20, natural8 1, natural9 1
    due = 0  # the banker bettor's commission box, in twentieths
    for _ in range(coups):
        if not tables or (
            fresh_tables
            and (balances[0] < 20 or balances[1] < 20 or balances[2] < 1 or balances[3] < 1)
        ):
            rng = random.Random(seed * 1_000_003 + tables)  # a fresh table, a fresh shoe
            tables += 1
            shoe = []
            balances = [100, 100, 100, 100]
            due = 0
        if len(shoe) < MIN_CARDS:
            shoe = full_shoe(PACKS)
            rng.shuffle(shoe)
            shoe.reverse()  # dealt from the top
        p1, b1, p2, b2 = shoe.pop(), shoe.pop(), shoe.pop(), shoe.pop()
        pt = (value[p1[0]] + value[p2[0]]) % 10
        bt = two = (value[b1[0]] + value[b2[0]]) % 10
        if pt < 8 and bt < 8:
            if pt <= 5:
                third = value[shoe.pop()[0]]
                pt = (pt + third) % 10
                if third in DRAWS_ON[bt]:
                    bt = (bt + value[shoe.pop()[0]]) % 10
            elif bt <= 5:
                bt = (bt + value[shoe.pop()[0]]) % 10
        # The bets: 20 on player, 20 on banker, 1 on each natural (9 to 1).
        if pt > bt:
            balances[0] += 20
            balances[1] -= 20
        elif bt > pt:
            balances[0] -= 20
            due += 20
            commission, due = divmod(due, 20)
            balances[1] += 20 - commission
            house += commission
        for i, wanted in ((2, 8), (3, 9)):
            if two == wanted:
                balances[i] += 9
                house -= 9
            else:
                balances[i] -= 1
                house += 1
    return house


def bare_one_table(coups: int) -> int:
    """The bare loop at one table: a shoe dealt through, no fresh table."""
    return bare_punto(coups, fresh_tables=False)


def engine_punto(coups: int, seed: int = 1) -> int:
    """``banque simulate --game punto-banco``: the house's takings."""
    s = simulate_punto(coups, seed=seed, packs=PACKS)
    return sum(spot.house for spot in s.spots.values())


def engine_chemin(coups: int, seed: int = 1) -> int:
    """``banque simulate --game chemin-de-fer`` (5 computer players, 6 packs)."""
    return simulate_chemin(coups, players=5, seed=seed).coups


def median_rates(
    runs: dict[str, tuple[Callable[[int], object], int]], repeat: int
) -> dict[str, list[float]]:
    """Each run's coups per CPU second, ``repeat`` rounds, the runs in turn."""
    rates: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(repeat):
        for name, (run, coups) in runs.items():
            start = time.process_time()
            run(coups)
            rates[name].append(coups / max(time.process_time() - start, 1e-9))
    return rates


def ratio(rates: dict[str, list[float]], over: str, under: str) -> float:
    """The median of each round's ratio of two runs' rates."""
    pairs = zip(rates[over], rates[under], strict=True)
    return statistics.median(a / b for a, b in pairs)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--coups", type=int, default=20000, help="coups per engine run")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each; the median counts")
    args = parser.parse_args(argv)
    coups = args.coups

    print(f"Python {platform.python_version()} on {platform.machine()}")
    same = bare_punto(coups) == engine_punto(coups)
    print(f"\nSame coups, same bets: the house's takings agree ({'yes' if same else 'NO'})")
    rates = median_rates(
        {
            "bare": (bare_punto, coups * 5),
            "one table": (bare_one_table, coups * 5),
            "punto": (engine_punto, coups),
            "chemin": (engine_chemin, max(1, coups // 4)),
        },
        args.repeat,
    )
    bare, strict, punto, chemin = (
        statistics.median(rates[k]) for k in ("bare", "one table", "punto", "chemin")
    )
    print(f"\n1. Punto banco: {coups} coups, four bettors, {PACKS} packs")
    print(f"   bare loop, one shoe dealt through:           {strict:12,.0f} coups/s   (baseline)")
    print(f"   bare loop with the simulation's fresh tables: {bare:12,.0f} coups/s")
    print(f"   banque simulate --game punto-banco:           {punto:12,.0f} coups/s")
    to_strict = ratio(rates, "punto", "one table")
    verdict = "met" if to_strict >= PUNTO_TARGET else "NOT met"
    print(f"   engine / bare loop = 1/{1 / to_strict:.1f}   (target 1/12: {verdict})")
    print(f"   engine / bare loop with fresh tables = 1/{1 / ratio(rates, 'punto', 'bare'):.1f}")
    print(f"\n2. Chemin de fer: {max(1, coups // 4)} coups, 5 computer players, 6 packs")
    print(f"   banque simulate --game chemin-de-fer:         {chemin:12,.0f} coups/s")
    to_bare = ratio(rates, "chemin", "one table")
    print(f"   chemin de fer / bare punto banco loop = 1/{1 / to_bare:.1f}")
    print(
        f"\n(CPU time of this process; the medians of {args.repeat} rounds, each ratio in a round)"
    )
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
