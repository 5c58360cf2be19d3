"""A long game at the table: opening its record, and one act, at 10^3 and at 10^5 acts.

    python benchmarks/bench_long.py [--acts 1000 100000] [--enters 5]

For each length a seeded record is made (``long_record.py``: patient
computer players), then:

1. ``banque replay FILE`` (the CLI: the baseline — replaying is the least
   opening can cost), in a fresh process;
2. the table opening it (``BanqueApp(record)`` headless, until the first
   screen is settled);
3. Enter pressed ``--enters`` times at that table, each until the screen
   is settled (the median is shown);
4. the session's own work for one act and the board drawn after it, in
   Python function calls (steady: it does not depend on the machine).

Targets: opening at about the CLI's replay plus a constant; one act
costing about the same at every length.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from long_record import long_session

from banque.core.record import dump_record
from banque.games.records import record_of
from banque.table.app import BanqueApp
from banque.table.testing import counted_calls


def count_calls(work: object) -> int:
    with counted_calls() as count:
        work()  # type: ignore[operator]
    return count[0]


async def at_table(path: Path, enters: int) -> tuple[float, list[float]]:
    start = time.perf_counter()
    app = BanqueApp(path, pace=0.0, blink=False)
    times: list[float] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        opened = time.perf_counter() - start
        for _ in range(enters):
            t = time.perf_counter()
            await pilot.press("enter")
            await pilot.pause()
            times.append(time.perf_counter() - t)
    return opened, times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--acts", type=int, nargs="+", default=[1000, 100000])
    parser.add_argument("--enters", type=int, default=5)
    args = parser.parse_args(argv)
    print(
        f"{'acts':>8} {'CLI replay':>11} {'table opens':>12} {'Enter (median)':>15} "
        f"{'calls/act':>10}"
    )
    with tempfile.TemporaryDirectory() as tmp:
        for acts in args.acts:
            session = long_session(acts)
            path = Path(tmp) / f"long-{acts}.json"
            path.write_text(dump_record(record_of(session.game)), encoding="utf-8")
            t = time.perf_counter()
            subprocess.run(
                [sys.executable, "-m", "banque", "replay", str(path)],
                check=False,
                stdout=subprocess.DEVNULL,
            )
            cli = time.perf_counter() - t
            opened, enters = asyncio.run(at_table(path, args.enters))

            def steps(s=session) -> None:  # type: ignore[no-untyped-def]
                for _ in range(100):
                    st = s.stage()
                    if st == "settlement":
                        s.continue_after_settlement()
                    elif st == "ended":
                        s.new_bank()
                    else:
                        s.play_computer()
                    s.board()

            per_act = count_calls(steps) / 100
            print(
                f"{acts:>8} {cli:>10.2f}s {opened:>11.2f}s "
                f"{statistics.median(enters) * 1000:>13.0f}ms {per_act:>10.0f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
