"""Bad clients against a real ``banque host``: memory, descriptors, slow senders, bad lines.

Run from the repository root (after ``pip install .``)::

    python benchmarks/bench_abuse.py [--spectators 100] [--idle 1100] [--seconds 15]

It starts a real ``banque host`` process (its own data and runtime folders in a
temporary folder, its descriptors limited to 1024 as under the usual ``ulimit
-n 1024``): four seats, three of them computers, at pace 0; a fourth seat (Ana)
is played by a quick robot of this script over the Unix socket, so that the
game never waits. Then, one after the other:

- **never-reading spectators**: ``--spectators`` connections say ``hello`` as
  spectators and then never read while the game goes on at pace 0; the host's
  peak resident memory (``VmRSS`` of ``/proc/PID/status``, sampled every 0.1 s)
  against the target (under 100 MB; the issue measured 43 MB growing to 882 MB).
  The game alone is measured after for as long (a game played at pace 0 grows
  the host by itself: its log), so that the spectators' share is seen apart;
- **idle connections**: ``--idle`` connections that say nothing, held open; then
  the real seat (Ana) rejoins, timed from its connect to its first view (target:
  within 2 s; the issue found the seat locked out); then again three times while
  a thread opens idle connections without end (holding the last ``--idle``);
- **bad lines**: a 15 KB line of ``[`` (and of ``{"a":``) is answered with an
  ``error`` and the connection still joins;
- **slow senders**: a connection that never says ``hello``, one that trickles
  its ``hello`` a byte at a time, and a spectator that trickles a line that never
  ends: each is cut off (the time it took, beside the documented deadline);
- **tracebacks**: ``Traceback`` in the host's standard error through all of it
  (target 0; the issue counted 23,788 in 12 s).

Every figure is printed beside its target and the issue's figure ("before").
It is a measurement, not a test: it exits 0 whatever the figures, 1 only if
the host could not be started.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import json
import os
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from banque.net import server as S
from banque.net.client import Address, TableClient, _unix_socket

#: The host's descriptor limit, as under ``ulimit -n 1024``.
HOST_NOFILE = 1024
RSS_TARGET_MB = 100.0
REJOIN_TARGET = 2.0

SEATS = ["Ana", "Bruno", "Chloé", "David"]


def rss_mb(pid: int) -> float:
    """The resident memory of a process, in MB (``VmRSS``)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def open_fds(pid: int) -> int:
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return -1


def line(label: str, figure: str, target: str = "", before: str = "") -> None:
    out = f"{label:<44} {figure:<28}"
    if target:
        out += f" target {target:<14}"
    if before:
        out += f" before: {before}"
    print(out.rstrip(), flush=True)


# ------------------------------------------------------------------ the host


def start_host(folder: Path, sock: Path) -> subprocess.Popen[bytes]:
    env = dict(os.environ)
    env.update(
        BANQUE_DATA_DIR=str(folder / "data"),
        BANQUE_RUNTIME_DIR=str(folder / "run"),
        BANQUE_LANG="en",
    )
    argv = [sys.executable, "-m", "banque", "host", "--log", "--pace", "0", "--seed", "7"]
    argv += ["--players", ",".join(SEATS), "--socket", str(sock)]
    for name, style in (("Bruno", "bold"), ("Chloé", "cautious"), ("David", "bold")):
        argv += ["--computer", f"{name}:{style}"]

    def limit() -> None:
        _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (HOST_NOFILE, hard))

    return subprocess.Popen(
        argv,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=(folder / "stderr.txt").open("wb"),
        env=env,
        preexec_fn=limit,
    )


def wait_listening(sock: Path, proc: subprocess.Popen[bytes], limit: float = 30.0) -> bool:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline and proc.poll() is None:
        probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            probe.connect(str(sock))
        except OSError:
            time.sleep(0.05)
            continue
        finally:
            probe.close()
        return True
    return False


# ------------------------------------------------------------------ Ana's robot


def choose(you: dict[str, Any], view: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """A plain player: bids its default, stakes its default, deals, says the first move."""
    acts = you["acts"]
    if "continue" in acts or "fresh" in acts or "seat" in acts or "shuffle" in acts:
        return acts[0], {}
    if "bid" in acts:
        if you.get("default_bid"):
            return "bid", {"amount": you["default_bid"]}
        return "pass", {}
    if "deal" in acts:
        return "deal", {}
    if "wager" in acts and you.get("default_stake"):
        return "wager", {"amount": you["default_stake"]}
    if "pass" in acts:
        return "pass", {}
    return acts[0], {}


async def robot(sock: Path, stop: asyncio.Event, turns: list[int]) -> None:
    """Ana's seat, played at once every time (it reads everything: it keeps up)."""
    client = await TableClient.open(Address(sock))
    try:
        await client.hello("Ana")
        answered = 0
        while not stop.is_set():
            view = client.state.view
            if view is not None:
                turns.append(int(view["turn"]))
                you = view.get("you") or {}
                if you.get("to_act") and view["turn"] > answered:
                    answered = view["turn"]
                    act, fields = choose(you, view)
                    await client.act(act, **fields)
            try:
                message = await asyncio.wait_for(client.receive(), 0.5)
            except TimeoutError:
                continue
            if message is None:
                return
    finally:
        await client.close()


# ------------------------------------------------------------------ scenarios


async def open_raw(sock: Path) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A plain connection (a full queue of connections tried again, as a joiner does)."""
    return await asyncio.open_unix_connection(sock=await _unix_socket(sock), limit=2**20)


async def read_reply(reader: asyncio.StreamReader, limit: float = 10.0) -> dict[str, Any] | None:
    try:
        raw = await asyncio.wait_for(reader.readline(), limit)
    except (TimeoutError, OSError, ValueError):
        return None
    if not raw:
        return None
    try:
        return json.loads(raw)
    except ValueError:
        return None


async def bad_lines(sock: Path) -> None:
    for label, payload in (
        ("15 KB line of [", b"[" * 15_000),
        ('15 KB line of {"a":', b'{"a":' * 3_000),
    ):
        reader, writer = await open_raw(sock)
        with contextlib.suppress(ConnectionError):
            writer.write(payload + b"\n")
            await writer.drain()
        reply = await read_reply(reader)
        said = (
            f"error {reply.get('code')}" if reply and reply.get("type") == "error" else "no reply"
        )
        welcome = None
        with contextlib.suppress(ConnectionError):
            writer.write(b'{"v":1,"type":"hello","spectator":true}\n')
            await writer.drain()
            welcome = await read_reply(reader)
        still = "joins after" if welcome and welcome.get("type") == "welcome" else "lost"
        line(label, f"{said}, {still}", "an error", "RecursionError escaped")
        if reply and reply.get("type") == "error":
            print(f"    its words: {reply.get('message')}")
        writer.close()


async def cut_after(
    sock: Path, first: bytes, trickle: bytes, every: float, limit: float
) -> tuple[float | None, str]:
    """Seconds until the host cuts a connection that sends ``first`` then ``trickle``."""
    reader, writer = await open_raw(sock)
    started = time.monotonic()
    said = ""
    if first:
        writer.write(first)
    left = bytearray(trickle)

    async def drip() -> None:
        while left:
            await asyncio.sleep(every)
            writer.write(bytes(left[:1]))
            del left[:1]
            with contextlib.suppress(ConnectionError):
                await writer.drain()

    dripping = asyncio.create_task(drip())
    try:
        while time.monotonic() - started < limit:
            try:
                raw = await asyncio.wait_for(reader.readline(), limit)
            except (TimeoutError, ConnectionError, ValueError):
                break
            if not raw:
                return time.monotonic() - started, said
            with contextlib.suppress(ValueError):
                message = json.loads(raw)
                if message.get("type") == "error":
                    said = f"{message.get('code')}: {message.get('message')}"
        return None, said
    finally:
        dripping.cancel()
        with contextlib.suppress(BaseException):
            await dripping
        writer.close()


async def slow_senders(sock: Path) -> None:
    hello_deadline = getattr(S, "HELLO_DEADLINE", None)
    line_deadline = getattr(S, "LINE_DEADLINE", None)
    limit = max(hello_deadline or 10.0, line_deadline or 10.0) + 15.0
    hello = b'{"v":1,"type":"hello","spectator":true}\n'
    cases = [
        ("silent connection (no hello)", b"", b"", 1.0, hello_deadline),
        ("hello trickled 1 byte / 0.5 s", b"", hello * 4, 0.5, hello_deadline),
        ("spectator trickling an endless line", hello, b'{"v":1,' + b" " * 200, 0.5, line_deadline),
    ]
    results = await asyncio.gather(
        *(cut_after(sock, first, drip, every, limit) for _, first, drip, every, _ in cases)
    )
    for (label, *_rest, deadline), (took, said) in zip(cases, results, strict=True):
        figure = f"cut after {took:.1f} s" if took is not None else f"not cut in {limit:.0f} s"
        target = f"~{deadline:.0f} s" if deadline else "cut off"
        line(label, figure, target, "never timed out")
        if said:
            print(f"    its words: {said}")


def never_reading_spectators(sock: Path, count: int) -> list[socket.socket]:
    out = []
    for _ in range(count):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # reads nothing, holds little
        s.settimeout(5)
        try:
            s.connect(str(sock))
            s.sendall(b'{"v":1,"type":"hello","spectator":true}\n')
        except OSError:
            s.close()
            continue
        out.append(s)
    return out


async def spectators(sock: Path, pid: int, count: int, seconds: float, turns: list[int]) -> None:
    await asyncio.sleep(0.5)
    base = rss_mb(pid)
    line("host RSS before the spectators", f"{base:.1f} MB", "", "43 MB")
    socks = never_reading_spectators(sock, count)
    first_turn = turns[-1] if turns else 0
    peak = base
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        peak = max(peak, rss_mb(pid))
        await asyncio.sleep(0.1)
    end = rss_mb(pid)
    played = (turns[-1] if turns else 0) - first_turn
    line(
        f"host RSS, {len(socks)} never-reading spectators",
        f"peak {peak:.1f} MB",
        f"< {RSS_TARGET_MB:.0f} MB",
        "882 MB",
    )
    line("  at the end of the run", f"{end:.1f} MB")
    line(f"  turns played meanwhile ({seconds:.0f} s, pace 0)", f"{played}")
    line("  host descriptors open at the end", f"{open_fds(pid)}", "", "one a spectator")
    for s in socks:
        s.close()
    # The game alone, as long again: a game played at pace 0 grows the host by itself
    # (its log, thousands of coups), and that growth is not the spectators'.
    await asyncio.sleep(0.5)
    alone = rss_mb(pid)
    first_turn = turns[-1] if turns else 0
    await asyncio.sleep(seconds)
    alone_played = max(1, (turns[-1] if turns else 0) - first_turn)
    grown = rss_mb(pid) - alone
    line(
        f"  the game alone, {seconds:.0f} s more",
        f"{grown:+.1f} MB in {alone_played} turns",
    )
    share = (peak - base) - grown * played / alone_played
    line("  so the spectators' own share of the peak", f"about {share:+.1f} MB")


def idle_connections(sock: Path, count: int) -> tuple[list[socket.socket], int]:
    """``count`` connections that say nothing (a full listening queue is tried again)."""
    out: list[socket.socket] = []
    failed = 0
    for _ in range(count):
        deadline = time.monotonic() + 2.0
        while True:
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.setblocking(False)
            try:
                s.connect(str(sock))
            except BlockingIOError:  # the host's listening queue is full: again shortly
                s.close()
                if time.monotonic() < deadline:
                    time.sleep(0.005)
                    continue
                failed += 1
            except OSError:
                s.close()
                failed += 1
            else:
                out.append(s)
            break
        if failed >= 10:
            break
    return out, failed


async def rejoin(sock: Path, limit: float = 15.0) -> float | None:
    started = time.monotonic()
    try:
        async with asyncio.timeout(limit):
            client = await TableClient.open(Address(sock))
            try:
                await client.hello("Ana")
                while client.state.view is None:
                    if await client.receive() is None:
                        return None
            finally:
                await client.close()
    except Exception as exc:
        print("    (rejoin failed:", repr(exc)[:120], ")")
        return None
    return time.monotonic() - started


async def flood(sock: Path, pid: int, count: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, count + 512)), hard))
    loop = asyncio.get_running_loop()
    started = time.monotonic()
    socks, failed = await loop.run_in_executor(None, idle_connections, sock, count)
    took = time.monotonic() - started
    line(
        f"{count} idle connections opened",
        f"{len(socks)} in {took:.1f} s",
        "",
        f"host limit {HOST_NOFILE} descriptors",
    )
    if failed:
        line("  connects that failed (timed out)", f"{failed}")
    await asyncio.sleep(0.5)
    line("  host descriptors open", f"{open_fds(pid)}")
    took_join = await rejoin(sock)
    line(
        "a real seat rejoins meanwhile",
        f"in {took_join:.2f} s" if took_join is not None else "locked out (15 s)",
        f"<= {REJOIN_TARGET:.0f} s",
        "locked out",
    )
    # Idle connections that keep coming: as fast as this process can open them.
    done = threading.Event()
    opened = [0]
    churning = loop.run_in_executor(None, churn, sock, len(socks) or count, done, opened)
    await asyncio.sleep(1.0)
    times = [await rejoin(sock) for _ in range(3)]
    done.set()
    await churning
    worst = None if None in times else max(t for t in times if t is not None)
    line(
        "  again, idle connections coming all along",
        f"worst of 3 in {worst:.2f} s" if worst is not None else "locked out (15 s)",
        f"<= {REJOIN_TARGET:.0f} s",
    )
    line("    connections opened meanwhile", f"{opened[0]}")
    for s in socks:
        s.close()


def churn(sock: Path, keep: int, done: threading.Event, opened: list[int]) -> None:
    """Open connections without end, holding the last ``keep`` of them."""
    held: collections.deque[socket.socket] = collections.deque()
    try:
        while not done.is_set():
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.setblocking(False)
            try:
                s.connect(str(sock))
            except OSError:
                s.close()
                time.sleep(0.002)
                continue
            opened[0] += 1
            held.append(s)
            while len(held) > keep:
                held.popleft().close()
    finally:
        for s in held:
            s.close()


async def run(args: argparse.Namespace) -> int:
    folder = Path(tempfile.mkdtemp(prefix="bqab", dir="/tmp"))
    sock = folder / "t.sock"
    proc = start_host(folder, sock)
    try:
        if not wait_listening(sock, proc):
            print("the host did not start:", (folder / "stderr.txt").read_text()[-2000:])
            return 1
        print(f"banque host, pid {proc.pid}, descriptors limited to {HOST_NOFILE}, pace 0\n")
        stop = asyncio.Event()
        turns: list[int] = []
        playing = asyncio.create_task(robot(sock, stop, turns))
        await spectators(sock, proc.pid, args.spectators, args.seconds, turns)
        stop.set()
        try:
            await asyncio.wait_for(playing, 5)
        except Exception as exc:
            line("  Ana's robot stopped", repr(exc)[:60])
        await flood(sock, proc.pid, args.idle)
        await bad_lines(sock)
        await slow_senders(sock)
        await asyncio.sleep(0.5)
        alive = proc.poll() is None
        line("host still running", "yes" if alive else f"no (exit {proc.returncode})")
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
    err = (folder / "stderr.txt").read_text(errors="replace")
    line("'Traceback' in the host's stderr", f"{err.count('Traceback')}", "0", "23,788 in 12 s")
    lines = [x for x in err.splitlines() if x.strip()]
    line("  lines on the host's stderr", f"{len(lines)}")
    for text in lines[:8]:
        print(f"    | {text[:150]}")
    shutil.rmtree(folder, ignore_errors=True)
    return 0


def _run_in(args: argparse.Namespace) -> int:
    folder_before = set(Path("/tmp").glob("bqab*"))
    try:
        return asyncio.run(run(args))
    finally:  # the temporary folder goes, however the run ended
        for folder in set(Path("/tmp").glob("bqab*")) - folder_before:
            shutil.rmtree(folder, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--spectators", type=int, default=100)
    parser.add_argument("--idle", type=int, default=1100)
    parser.add_argument("--seconds", type=float, default=15.0)
    args = parser.parse_args(argv)
    return _run_in(args)


if __name__ == "__main__":
    sys.exit(main())
