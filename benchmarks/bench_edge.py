"""Benchmark the exact edge (banque.study.edge) beside plainer ways of counting it.

Run from the repository root (after ``pip install .``)::

    python benchmarks/bench_edge.py [--repeat R] [--simulate N,N,...]

1. One strategy pair, exact fractions, a fresh three-pack shoe: building
   every decision point and the edge, from empty caches (target: under 1 s).
   Baseline: the same edge as a plain weighed average of the advisor's exact
   values over every decision point (each point's chance counted by nested
   loops over the concealed pairs, the advisor called once per point) -- the
   second count of tests/study/test_edge.py, on the same shoe.
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

from banque.games.banque import advisor
from banque.games.banque.advisor import SideInfo, reference_advise
from banque.study.edge import EdgeModel, _dot, _weights
from banque.study.edge_reference import advisor_average

HALF = Fraction(1, 2)
CODES = ["TC", "AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"]


def clear() -> None:
    advisor.clear_cache()


def best_time(run: object, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        clear()
        start = time.perf_counter()
        run()  # type: ignore[operator]
        best = min(best, time.perf_counter() - start)
    return best


def plain_average(packs: int, stakes: tuple[int, int]) -> Fraction:
    """The decisions' share, best response at q = 1/2, as the advisor's weighed average."""
    return advisor_average(packs, stakes)[1]


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
    from banque.study.simulate import simulate

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
