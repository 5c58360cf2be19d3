"""Benchmark chemin de fer solved (banque.study.chemin_solver) beside plainer ways.

Run from the repository root (after ``pip install .``)::

    python benchmarks/bench_chemin.py [--repeat R]

1. Each model solved exactly from empty caches (the terms of every banker
   information set, Foster's sweep, for Model B3 the search over the punter's
   pairs), CPU time (target: under 1 s).  Baseline, for Model B2 at six packs:
   the terms counted over every ordered deal of values (punter, banker,
   punter, banker, third cards), then the banker's best-response value
   evaluated at every point where one of its information sets is indifferent
   and the lowest taken (Foster's idea without the sweep).
2. The commands end to end (a fresh interpreter each, user + system CPU time
   of the child), beside ``banque choice --help`` (the interpreter and the
   parser alone) and banque's own ``choice`` (three packs).

Every figure is the best of ``--repeat`` runs; the baselines run once.
"""

from __future__ import annotations

import argparse
import platform
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from fractions import Fraction

from banque.study import chemin_solver as cs
from banque.study.chemin_solver import Model, solve


def clear() -> None:
    cs._tables.cache_clear()
    cs.solve.cache_clear()


def best_cpu(run: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        clear()
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best


def _result(pt: int, bt: int) -> int:
    return (pt > bt) - (pt < bt)


def plain_terms(packs: int) -> tuple[int, dict[tuple[object, int | None], list[list[int]]]]:
    """Model B2's terms over every ordered deal: {(banker pair, third): [[stand: const, p],
    [draw: const, p]]} (the punter's net win, whole numbers over six-card deals)."""
    n0 = list(cs.shoe_counts(packs))
    total = sum(n0)
    left4, left5 = total - 4, total - 5
    nat = 0
    terms: dict[tuple[object, int | None], list[list[int]]] = {}

    def take(n: list[int], v: int) -> tuple[int, list[int]]:
        out = list(n)
        out[v] -= 1
        return n[v], out

    for a in range(10):
        wa, n1 = take(n0, a)
        for c in range(10):
            wc, n2 = take(n1, c)
            for b in range(10):
                wb, n3 = take(n2, b)
                for d in range(10):
                    wd, n4 = take(n3, d)
                    w = wa * wc * wb * wd
                    if not w:
                        continue
                    pt, bt = (a + b) % 10, (c + d) % 10
                    if pt >= 8 or bt >= 8:
                        nat += w * left4 * left5 * _result(pt, bt)
                        continue
                    hand = (min(c, d), max(c, d))
                    branches: list[tuple[int | None, int, int]] = []  # third, const, p
                    if pt <= 4:
                        branches = [(f, 1, 0) for f in range(10)]
                    elif pt >= 6:
                        branches = [(None, 1, 0)]
                    else:
                        branches = [(f, 0, 1) for f in range(10)] + [(None, 1, -1)]
                    for f, const, slope in branches:
                        if f is None:
                            n5, p3, stands, draws = n4, pt, w * left4 * left5, w * left5
                        else:
                            wf, n5 = take(n4, f)
                            p3, stands, draws = (pt + f) % 10, w * wf * left5, w * wf
                        drawn = sum(n5[g] * _result(p3, (bt + g) % 10) for g in range(10))
                        row = terms.setdefault((hand, f), [[0, 0], [0, 0]])
                        for move, value in ((0, stands * _result(p3, bt)), (1, draws * drawn)):
                            row[move][0] += const * value
                            row[move][1] += slope * value
    terms[("naturals", None)] = [[nat, 0], [nat, 0]]
    return nat, terms


def plain_b2(packs: int) -> tuple[Fraction, Fraction]:
    """(p, the banker's edge) of Model B2, the plain way."""
    _, terms = plain_terms(packs)
    points = {Fraction(0), Fraction(1)}
    for (s0, s1), (d0, d1) in terms.values():
        if d1 != s1 and 0 <= Fraction(s0 - d0, d1 - s1) <= 1:
            points.add(Fraction(s0 - d0, d1 - s1))

    def banker_best(p: Fraction) -> Fraction:
        # the banker minimises the punter's net win at every information set
        return -sum(min(s0 + s1 * p, d0 + d1 * p) for (s0, s1), (d0, d1) in terms.values())

    best = min(points, key=banker_best)
    total = sum(cs.shoe_counts(packs))
    six = 1
    for i in range(6):
        six *= total - i
    return best, banker_best(best) / six


def child_cpu(args: list[str], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(
            [sys.executable, "-m", "banque", *args], check=True, capture_output=True, text=True
        )
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        best = min(best, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each; the best counts")
    args = parser.parse_args(argv)
    print(f"Python {platform.python_version()} on {platform.machine()}")

    print("\n1. Each model solved exactly, empty caches (CPU time)")
    cases = [("Kemeny & Snell (with replacement)", Model.kemeny_snell())]
    for packs in (1, 6, 8):
        cases.append((f"Downton & Lockwood, {packs} pack(s)", Model.downton_lockwood(packs)))
        cases.append((f"Ethier & Gámez, {packs} pack(s)", Model.ethier_gamez(packs)))
    for name, model in cases:
        for alpha in (Fraction(0), Fraction(1, 20)):
            t = best_cpu(lambda model=model, alpha=alpha: solve(model, alpha), args.repeat)
            e = solve(model, alpha)
            tag = "5 % commission" if alpha else "no commission "
            print(
                f"   {name:<38} {tag} {t:6.3f} s   banker {float(e.banker_value) * 100:+.4f} %"
                f"   (target 1 s: {'met' if t < 1 else 'NOT met'})"
            )
    clear()
    t_ours = best_cpu(lambda: solve(Model.downton_lockwood(6)), 1)
    ours = solve(Model.downton_lockwood(6))
    start = time.process_time()
    p, edge = plain_b2(6)
    t_plain = time.process_time() - start
    same = (p, edge) == (ours.punter_draw[0], ours.banker_value)
    print(
        f"   baseline, Model B2 at 6 packs counted over ordered deals and evaluated at every "
        f"indifference point: {t_plain:6.2f} s ({t_plain / t_ours:.0f}x slower); equal: {same}"
    )

    print("\n2. The commands end to end (a fresh interpreter each; CPU time of the child)")
    commands = [
        ["choice", "--help"],
        ["choice", "--game", "chemin-de-fer"],
        ["choice", "--game", "chemin-de-fer", "--packs", "1"],
        ["choice", "--game", "chemin-de-fer", "--packs", "8", "--commission"],
        ["choice", "--game", "chemin-de-fer", "--replacement"],
        ["choice", "--game", "chemin-de-fer", "--packs", "1000", "--json"],
        ["strategy", "--game", "chemin-de-fer", "--json"],
        ["choice"],
    ]
    for command in commands:
        t = child_cpu(command, args.repeat)
        note = {
            "--help": "   (the interpreter and the parser: the floor)",
        }.get(command[-1], "")
        if command == ["choice"]:
            note = "   (banque's own choice, three packs: the issue's baseline)"
        else:
            note = note or f"   (target 1 s: {'met' if t < 1 else 'NOT met'})"
        print(f"   banque {' '.join(command):<58} {t:6.3f} s{note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
