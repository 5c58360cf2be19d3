"""Benchmark the exact commands (``banque choice``, ``strategy``, ``edge``) before and after.

Run from a git checkout of the repository (after ``pip install -e .``)::

    python benchmarks/bench_choice.py [--baseline REV] [--repeat R]

Each command runs as a player runs it, a fresh process from start to printed
answer, its bytecode compiled as an installed package's is (one run first, not
counted), and is timed by the processor time it takes (user + system: the
machine is shared, so the wall clock says more about the neighbours).  The
baseline is the same command from the package as it was at ``--baseline``
(default: the commit before the speed-up; ``choice --dealt``: the commit before
its own), unpacked by ``git archive`` into a temporary folder; both answers' common
figures (JSON) must agree.

Target: every exact command under a second.  The speed-up, by what changed:

* the sides' choice along one side's ``q`` is one sweep over the sorted points
  where the banker's choice changes (before: the whole sum again at each);
* the points whose move never changes are summed once per stakes ratio and
  kept (``EdgeModel._prepare``), for the edge, the descent and the banker's
  moves alike;
* the symmetric Nash equilibrium bisects over the few points whose move
  changes on the diagonal, in integers (before: every point at every step);
* the best common ``q`` finds roots only where a quadratic can vanish;
* the model's build: both concealed pairs counted by buckets once for every
  banker's pair that leaves the same cards, as the as-dealt model's (below), with
  one class for a total of 5; a lone pair (after the other side's natural) by
  totals; the naturals' share by totals, decision points as named tuples.

The game as dealt (``choice --dealt``), by what changed:

* the solver keeps only the points where the banker's move depends on the sides
  (about 300 of 5,300 at three packs), the others summed once;
* the two-person games after the right side's move: the supports nearest the
  guide first, one mixed choice solved in one exact sweep of its chance;
* the as-dealt model's sums: both concealed pairs counted by buckets (a total, or
  one of the five pairs at 5), once for each shoe state that several banker's pairs
  leave, their cards' values packed in one integer (a card in the fields of the
  values above it: the prefix sums come out of the count), read out as machine words;
  the banker's result weighed from prefix sums (before: every pair of pairs, every
  point);
* the one-chance solutions beside it use the model's classes summed back (the shoe
  counted once), and only those the report prints;
* a row of a shoe state's deals weighed whole (its numbers by class packed in one
  integer each); one side's best ``q`` from the slopes of the edge (convex in it).

Where the right side mixes (``MIXING_BASELINE``): the banker's points whose
indifference may fix its chance are those passing nearest the guide's chances of the
sides, its candidates checked nearest the guide's chance first, each exact root
narrowed by false position (two or three values where 130 halvings were), and the
forms at its chance in whole numbers.  Then (``SEARCH_BASELINE``): the guide reads
its live points by group (the sides' moves and the classes met), a point's
draw-minus-stand one dot product; after the guide's own pure choices the mixed
search comes first (the best responses and the flipped choices, which never passed
where the right side mixes, last); the candidates scanned by their known penalty,
a root checked as soon as none left can score below it; each player's chances over
a denominator of their own in the exact check; float systems of one and two
unknowns written out.  On shoes of more than eight packs (``LARGE_BASELINE``): the
right side's chance located by its own gain before the searches around the guide's
(which settles slowly there), every game's supports sought further down its order.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import resource
import subprocess
import sys
import tarfile
import tempfile
import time
from fractions import Fraction
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = "55a51d1"  # main before the speed-up (issue 22)
#: The game as dealt (``choice --dealt``) came later: its baseline is main before its
#: speed-up (the reduced game, the bucketed sums).
DEALT_BASELINE = "2048c49"
#: Where the right side mixes (per-side, unequal stakes, more packs): main before its
#: mixing was found from the sides' chances and the banker's points nearest them.
MIXING_BASELINE = "52605f2"
#: Where the right side mixes at three or eight packs under the home rule: main before
#: the guide read its points by group and the pure candidates came after the mixed.
SEARCH_BASELINE = "753841c"
#: Shoes of more than eight packs: main before the right side's chance was located by
#: its own gain there (the guide settles slowly) and the games' supports sought further.
LARGE_BASELINE = "9bf8362"

#: Each command, and the revision it is compared with (``None``: ``--baseline``).
COMMANDS: list[tuple[list[str], str | None]] = [
    (["choice"], None),
    (["choice", "--naturals", "per-side"], None),
    (["choice", "--stakes", "3:1"], None),
    (["choice", "--packs", "6", "--naturals", "per-side"], None),
    (["strategy"], None),
    (["edge", "--naturals", "per-side"], None),
    (["choice", "--dealt"], DEALT_BASELINE),
    (["choice", "--dealt", "--naturals", "per-side"], DEALT_BASELINE),
    (["choice", "--dealt", "--naturals", "per-side", "--stakes", "2:1"], MIXING_BASELINE),
    (["choice", "--dealt", "--packs", "6", "--naturals", "per-side"], MIXING_BASELINE),
    (["choice", "--dealt", "--stakes", "2:1"], SEARCH_BASELINE),
    (["choice", "--dealt", "--packs", "8"], SEARCH_BASELINE),
    (["choice", "--dealt", "--packs", "16"], LARGE_BASELINE),
    (["choice", "--dealt", "--packs", "100"], LARGE_BASELINE),
]


def run(path: str, args: list[str]) -> tuple[float, float, str]:
    """Processor seconds, wall seconds and output of ``banque ARGS`` from the package at ``path``."""
    # As an installed package runs: its bytecode compiled once and kept (pip compiles it
    # as it installs), whatever this shell says (PYTHONDONTWRITEBYTECODE would have
    # every run compile every module again).
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = path
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", "import sys; from banque.cli import main; sys.exit(main())", *args],
        env=env,
        cwd=tempfile.gettempdir(),  # not the checkout: its folder would come first
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, out


def best(path: str, args: list[str], repeat: int) -> tuple[float, float, str]:
    run(path, args)  # (not counted: its bytecode written)
    runs = [run(path, args) for _ in range(repeat)]
    return min(r[0] for r in runs), min(r[1] for r in runs), runs[0][2]


def agree(x: object, y: object) -> bool:
    """Two figures agree: equal, but where the right side's chance is irrational (known
    to 45 or 50 digits, which either version may end otherwise): fractions within 1e-40,
    floats to 12 digits."""
    if isinstance(x, dict) and isinstance(y, dict):
        return all(agree(x[k], y[k]) for k in x.keys() & y.keys())
    if isinstance(x, list) and isinstance(y, list):
        return len(x) == len(y) and all(agree(u, v) for u, v in zip(x, y, strict=True))
    if isinstance(x, float) and isinstance(y, float):
        return math.isclose(x, y, rel_tol=1e-12, abs_tol=1e-40)
    if isinstance(x, str) and isinstance(y, str) and x != y and "/" in x and "/" in y:
        try:
            return abs(Fraction(x) - Fraction(y)) < Fraction(1, 10**40)
        except ValueError:
            return False
    return x == y


def common(a: str, b: str) -> bool:
    """The figures both answers give agree (a newer answer may add some)."""
    return agree(json.loads(a), json.loads(b))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default=BASELINE, help="the git revision to compare with")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each; the best counts")
    args = parser.parse_args(argv)
    trees: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as scratch:

        def tree(rev: str) -> str:
            """The package as it was at ``rev``, unpacked once."""
            if rev not in trees:
                archive = subprocess.run(
                    ["git", "-C", str(ROOT), "archive", rev, "banque"],
                    capture_output=True,
                    check=True,
                ).stdout
                trees[rev] = os.path.join(scratch, rev)
                with tarfile.open(fileobj=BytesIO(archive)) as tar:
                    tar.extractall(trees[rev], filter="data")
            return trees[rev]

        print(f"Python {sys.version.split()[0]}; processor seconds, best of {args.repeat}")
        print(
            f"{'command':<52} {'baseline':>8} {'before':>8} {'after':>8} {'faster':>7}  same figures"
        )
        for command, rev in COMMANDS:
            rev = rev or args.baseline
            old = tree(rev)
            before = best(old, command, args.repeat)
            after = best(str(ROOT), command, args.repeat)
            same = common(
                run(old, [*command, "--json"])[2], run(str(ROOT), [*command, "--json"])[2]
            )
            text = "banque " + " ".join(command)
            print(
                f"{text:<52} {rev:>8} {before[0]:7.2f}s {after[0]:7.2f}s "
                f"{before[0] / after[0]:6.1f}x  "
                f"{'yes' if same else 'NO'}{'' if after[0] < 1 else '   (target 1 s: NOT met)'}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
