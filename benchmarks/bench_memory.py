"""The table's memory over a long session: an all-computer banque table, headless.

    python benchmarks/bench_memory.py [--coups 300] [--every 30] [--seed 11]

Every seat is a computer (watch mode, pace 0) and the table plays on by itself
under Textual's Pilot. Every ``--every`` coups it prints the resident memory
(``VmRSS``), the live objects, the session's events and the table's widgets,
and which kinds of objects grew most since the last line (``gc``'s census).
Target: flat once the log is full (a constant a coup, the record's own).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import sys
import time
from collections import Counter

from banque.table.app import BanqueApp

NAMES = ["Ana", "Bruno", "Chloé", "David", "Eve"]


def coups(app: BanqueApp) -> int:
    session = app.session
    return 0 if session is None else sum(1 for ev in session.messages if ev.kind == "settle")


def rss_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        return int(status.read().split("VmRSS:")[1].split()[0]) / 1024


def census() -> Counter[str]:
    gc.collect()
    return Counter(f"{type(o).__module__}.{type(o).__qualname__}" for o in gc.get_objects())


async def watch(total: int, every: int, seed: int) -> None:
    kinds = dict.fromkeys(NAMES, "cautious")
    app = BanqueApp(participants=NAMES, seed=seed, kinds=kinds, pace=0.0, blink=False)  # type: ignore[arg-type]
    start = time.perf_counter()
    before: Counter[str] | None = None
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        for target in range(every, total + 1, every):
            while coups(app) < target:
                await pilot.pause(0.05)
            now = census()
            assert app.session is not None
            print(
                f"{target:5} coups {time.perf_counter() - start:6.0f} s  RSS {rss_mb():6.1f} MB  "
                f"objects {sum(now.values()):7}  events {len(app.session.messages):6}  "
                f"widgets {len(list(app.screen.walk_children()))}",
                flush=True,
            )
            if before is not None:
                grown = sorted(((now[k] - before[k], k) for k in now), reverse=True)[:10]
                print("      " + ", ".join(f"{k} +{n}" for n, k in grown if n > 0), flush=True)
            before = now


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--coups", type=int, default=300)
    parser.add_argument("--every", type=int, default=30)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args(argv)
    asyncio.run(watch(args.coups, args.every, args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
