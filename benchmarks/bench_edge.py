"""Benchmark the exact edge (banque.edge) beside plainer ways of counting it.

Run from the repository root (after ``pip install .``)::

    python benchmarks/bench_edge.py [--repeat R] [--simulate N,N,...]

1. One strategy pair, exact fractions, a fresh three-pack shoe: building
   every decision point and the edge, from empty caches (target: under 1 s).
   Baseline: the same edge as a plain weighed average of the advisor's exact
   values over every decision point (each point's chance counted by nested
   loops over the concealed pairs, the advisor called once per point) -- the
   second count of tests/test_edge.py, on the same shoe.
2. A 21 x 21 sweep of (qR, qL) (target: under 5 s).  Baseline: the same
   sweep taking the maximum at every decision point for every (qR, qL)
   (no sorting out of the points whose choice never changes).
3. Simulation converging to the exact value: ``simulate --banker table``
   with fixed stakes 1:1 and sides at 1/2, raw and noise-reduced estimates
   beside the exact edge of a fresh shoe.

Every figure is the best of ``--repeat`` runs; the baselines run once.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from fractions import Fraction
from functools import cache

from banque import advisor, edge
from banque.advisor import SideInfo, advise_exact, reference_advise, unseen_values
from banque.edge import EdgeModel, _dot, _weights

HALF = Fraction(1, 2)
CODES = ["TC", "AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"]


def clear() -> None:
    advisor.clear_cache()
    edge._one_side.cache_clear()


def best_time(run: object, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        clear()
        start = time.perf_counter()
        run()  # type: ignore[operator]
        best = min(best, time.perf_counter() - start)
    return best


def _pair_total_ways(u: tuple[int, ...], total: int) -> int:
    return sum(u[a] * (u[(total - a) % 10] - ((2 * a) % 10 == total)) for a in range(10))


@cache
def _actions_weight(u: tuple[int, ...], right_drew: bool, left_drew: bool) -> int:
    def weight(drew: bool, total: int) -> int:
        if total >= 8:
            return 0
        if total == 5:
            return 1
        return 2 * int(drew == (total <= 4))

    left_totals = [(t, weight(left_drew, t)) for t in range(10) if weight(left_drew, t)]
    out = 0
    for a in range(10):
        for b in range(a, 10):
            ways = u[a] * (u[b] - (a == b)) * (1 if a == b else 2)
            w_r = weight(right_drew, (a + b) % 10)
            if ways and w_r:
                rest = list(u)
                rest[a] -= 1
                rest[b] -= 1
                out += (
                    ways * w_r * sum(w * _pair_total_ways(tuple(rest), t) for t, w in left_totals)
                )
    return out


def plain_average(packs: int, stakes: tuple[int, int]) -> Fraction:
    """The decisions' share, best response at q = 1/2, as the advisor's weighed average."""
    counts = unseen_values(packs)
    n = sum(counts)
    best = Fraction(0)
    for a in range(10):
        for b in range(a, 10):
            if (a + b) % 10 >= 8:
                continue
            ways_b = counts[a] * (counts[b] - (a == b)) * (1 if a == b else 2)
            u0 = list(counts)
            u0[a] -= 1
            u0[b] -= 1
            for r in [None, *range(10)]:
                for lft in [None, *range(10)]:
                    u = list(u0)
                    ways_t = 1
                    for third in (r, lft):
                        if third is not None:
                            ways_t *= u[third]
                            u[third] -= 1
                    if not ways_t:
                        continue
                    weight = _actions_weight(tuple(u), r is not None, lft is not None)
                    if not weight:
                        continue
                    chance = Fraction(ways_b * ways_t * weight, 4)
                    for i in range(6 + (r is not None) + (lft is not None)):
                        chance /= n - i
                    adv = advise_exact(
                        u,
                        [CODES[a], CODES[b]],
                        SideInfo(stakes[0], None if r is None else CODES[r]),
                        SideInfo(stakes[1], None if lft is None else CODES[lft]),
                        HALF,
                    )
                    best += chance * max(adv.draw, adv.stand)
    return best / sum(stakes)


def naive_sweep(model: EdgeModel, qs: list[Fraction], stakes: tuple[int, int]) -> list[Fraction]:
    r, lft = stakes
    out = []
    for x in qs:
        for y in qs:
            d = x.denominator * y.denominator
            a_r, a_l = int(x * d), int(y * d)
            total = 0
            for p in model.points:
                w = _weights(p, d, a_r, a_l)
                s = r * _dot(w, p.sr) + lft * _dot(w, p.sl)
                dd = r * _dot(w, p.dr) + lft * _dot(w, p.dl)
                total += max(s, dd)
            out.append(Fraction(total, model.denominator * d * d * (r + lft)))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each; the best counts")
    parser.add_argument(
        "--simulate", default="1000,10000,100000", help="coups of each simulation (commas)"
    )
    parser.add_argument(
        "--sample", type=int, default=20, help="decision points for the plain-loops baseline"
    )
    args = parser.parse_args(argv)
    print(f"Python {platform.python_version()} on {platform.machine()}")

    print("\n1. One strategy pair, fresh 3-pack shoe, exact (stakes 1:1, p5 1/2), empty caches")
    for rule in ("all", "per-side"):
        for banker in ("best", "table"):
            t = best_time(
                lambda rule=rule, banker=banker: EdgeModel.for_packs(3, rule).edge(
                    (1, 1), HALF, banker
                ),
                args.repeat,
            )
            e = EdgeModel.for_packs(3, rule).edge((1, 1), HALF, banker)
            print(
                f"   naturals {rule:<8} banker {banker:<5} {t:6.3f} s   "
                f"edge {float(e.total) * 100:+.4f} %   (target 1 s: {'met' if t < 1 else 'NOT met'})"
            )
    clear()
    start = time.perf_counter()
    plain = plain_average(3, (1, 1))
    t_plain = time.perf_counter() - start
    model = EdgeModel.for_packs(3, "all")
    ours = model.edge((1, 1), HALF, "best").decisions
    t_ours = best_time(lambda: EdgeModel.for_packs(3, "all").edge((1, 1), HALF, "best"), 1)
    print(
        f"   baseline, the advisor's weighed average over every decision point: {t_plain:6.2f} s "
        f"({t_plain / t_ours:.0f}x slower); equal: {plain == ours}"
    )
    # The plain Fraction enumeration of the advisor (nested loops over values) at
    # every decision point: timed on a sample, extrapolated to all of them.
    sample = model.points[:: max(1, len(model.points) // args.sample)][: args.sample]
    start = time.perf_counter()
    for p in sample:
        a, b = p.banker
        u = list(model.counts)
        for v in (a, b, p.right, p.left):
            if v is not None:
                u[v] -= 1
        reference_advise(
            u,
            [CODES[a], CODES[b]],
            SideInfo(1, None if p.right is None else CODES[p.right]),
            SideInfo(1, None if p.left is None else CODES[p.left]),
            HALF,
        )
    per_point = (time.perf_counter() - start) / len(sample)
    t_reference = per_point * len(model.points)
    print(
        f"   baseline, plain Fraction loops (reference_advise) at all {len(model.points)} points: "
        f"about {t_reference:,.0f} s, extrapolated from {len(sample)} ({t_reference / t_ours:,.0f}x)"
    )

    print("\n2. A 21 x 21 sweep of (qR, qL), stakes 1:1, best response, exact")
    qs = [Fraction(i, 20) for i in range(21)]
    t_sweep = best_time(
        lambda: EdgeModel.for_packs(3, "all").sweep(qs, qs, (1, 1), "best"), args.repeat
    )
    grid = model.sweep(qs, qs, (1, 1), "best")
    print(
        f"   banque edge --p5 0:1:0.05,0:1:0.05: {t_sweep:6.3f} s (target 5 s: "
        f"{'met' if t_sweep < 5 else 'NOT met'})"
    )
    start = time.perf_counter()
    naive = naive_sweep(model, qs, (1, 1))
    t_naive = time.perf_counter() - start
    same = naive == [e.decisions for row in grid for e in row]
    print(
        f"   baseline, a maximum at every point for every (qR, qL): {t_naive:6.2f} s "
        f"(+ the build; {t_naive / t_sweep:.0f}x slower); equal: {same}"
    )
    low = min((e.total, e.q) for row in grid for e in row)
    print(f"   lowest on the grid: {float(low[0]) * 100:.4f} % at p5 = {low[1][0]}, {low[1][1]}")

    print("\n3. Simulation (table banker, stakes fixed 1:1, sides at 1/2) beside the exact edge")
    from banque.simulate import simulate

    exact = model.edge((1, 1), HALF, "table").total
    print(f"   exact, a fresh shoe: {float(exact) * 100:+.4f} %")
    for n in (int(x) for x in args.simulate.split(",") if x):
        start = time.perf_counter()
        s = simulate(n, players=3, seed=1, banker="table", stakes=(1, 1))
        t = time.perf_counter() - start
        print(
            f"   {n:>8} coups: raw {s.gain_per_chip * 100:+.4f} ± {s.gain_per_chip_se * 100:.4f} %, "
            f"noise-reduced {s.gain_per_chip_exact * 100:+.4f} ± "
            f"{s.gain_per_chip_exact_se * 100:.4f} %   ({t:.1f} s)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
