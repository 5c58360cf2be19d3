"""Benchmark the exact commands (``banque choice``, ``strategy``, ``edge``) before and after.

Run from a git checkout of the repository (after ``pip install -e .``)::

    python benchmarks/bench_choice.py [--baseline REV] [--repeat R]

Each command runs as a player runs it, a fresh process from start to printed
answer, and is timed by the processor time it takes (user + system: the
machine is shared, so the wall clock says more about the neighbours).  The
baseline is the same command from the package as it was at ``--baseline``
(default: the commit before the speed-up), unpacked by ``git archive`` into a
temporary folder; both answers' common figures (JSON) must agree.

Target: every exact command under a second.  The speed-up, by what changed:

* the sides' choice along one side's ``q`` is one sweep over the sorted points
  where the banker's choice changes (before: the whole sum again at each);
* the points whose move never changes are summed once per stakes ratio and
  kept (``EdgeModel._prepare``), for the edge, the descent and the banker's
  moves alike;
* the symmetric Nash equilibrium bisects over the few points whose move
  changes on the diagonal, in integers (before: every point at every step);
* the best common ``q`` finds roots only where a quadratic can vanish;
* the model's build: the advisor's sums with precomputed tables, the naturals'
  share by totals, decision points as named tuples.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = "55a51d1"  # main before the speed-up (issue 22)

COMMANDS = [
    ["choice"],
    ["choice", "--naturals", "per-side"],
    ["choice", "--stakes", "3:1"],
    ["choice", "--packs", "6", "--naturals", "per-side"],
    ["strategy"],
    ["edge", "--naturals", "per-side"],
]


def run(path: str, args: list[str]) -> tuple[float, float, str]:
    """Processor seconds, wall seconds and output of ``banque ARGS`` from the package at ``path``."""
    env = {**os.environ, "PYTHONPATH": path}
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
    runs = [run(path, args) for _ in range(repeat)]
    return min(r[0] for r in runs), min(r[1] for r in runs), runs[0][2]


def common(a: str, b: str) -> bool:
    """The figures both answers give agree (a newer answer may add some)."""
    x, y = json.loads(a), json.loads(b)
    if isinstance(x, dict) and isinstance(y, dict):
        return all(x[k] == y[k] for k in x.keys() & y.keys())
    return x == y


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default=BASELINE, help="the git revision to compare with")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each; the best counts")
    args = parser.parse_args(argv)
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", args.baseline, "banque"],
        capture_output=True,
        check=True,
    ).stdout
    with tempfile.TemporaryDirectory() as old:
        with tarfile.open(fileobj=BytesIO(archive)) as tar:
            tar.extractall(old, filter="data")
        print(f"Python {sys.version.split()[0]}; processor seconds, best of {args.repeat}")
        print(f"{'command':<46} {'before':>8} {'after':>8} {'faster':>7}  same figures")
        for command in COMMANDS:
            before = best(old, command, args.repeat)
            after = best(str(ROOT), command, args.repeat)
            same = common(
                run(old, [*command, "--json"])[2], run(str(ROOT), [*command, "--json"])[2]
            )
            text = "banque " + " ".join(command)
            print(
                f"{text:<46} {before[0]:7.2f}s {after[0]:7.2f}s {before[0] / after[0]:6.1f}x  "
                f"{'yes' if same else 'NO'}{'' if after[0] < 1 else '   (target 1 s: NOT met)'}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
