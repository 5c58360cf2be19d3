"""Every game hosted: chemin de fer and punto banco over the same wire as banque.

The real thing: `banque host --game …` in its own process, two seats over TCP and a
spectator on the Unix socket (the clients' own reconnect loop), coups played act by
act; a seat that leaves and joins again; the host killed with SIGKILL right after
an act is acknowledged and brought back with `banque host --resume` (the act on
disk, the same join lines, the seats back by themselves); a gone seat played by a
stand-in (`--takeover`).  No view a seat or the spectator receives shows another
seat's concealed card.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from banque.core.journal import hosted_of, read_journal
from banque.net.client import Address, Rejoining, TableClient

from .test_net_resume import Host, Seat, _rejoined, short_dir, token_of, until

pytestmark = [pytest.mark.subprocess]

__all__ = ["short_dir"]


def env_for(root: Path) -> dict[str, str]:
    run = root / "run"
    run.mkdir(mode=0o700, exist_ok=True)
    return {
        **os.environ,
        "BANQUE_DATA_DIR": str(root / "data"),
        "BANQUE_RUNTIME_DIR": str(run),
        "BANQUE_LANG": "en",
    }


def leaks(seat: str | None, message: dict[str, Any]) -> list[str]:
    """A two-hand view showing another's face-down card (or missing one's own); no seed,
    shoe or record in it."""
    out = []
    view = message["view"]
    if view.get("phase") in ("punter", "banker"):
        for hand, holder in (("player", view["hand_player"]), ("banker", view["banker"])):
            cards = view["hands"][hand]["cards"]
            if (seat is None or seat != holder) and cards[:2] != [None, None]:
                out.append(f"{seat} sees {hand}'s face-down cards {cards}")
            if seat is not None and seat == holder and None in cards:
                out.append(f"{seat} misses its own cards on {hand}")
    text = json.dumps(message)
    for key in ('"seed"', '"shoe"', '"actions"', '"stacked"'):
        if key in text:
            out.append(f"{seat}'s view holds {key}")
    return out


def choose(game: str, name: str, message: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """A seat's act: Ana banks and stakes, Bruno bets; each deals when it may; a hand
    held draws to 4 and stands from 6 (at 5 Ana draws, Bruno stands)."""
    you = message.get("you") or {"acts": []}
    acts = you["acts"]
    if game == "punto-banco":
        if "bet" in acts and not you["ready"] and not message["view"]["bets"].get(name):
            spot = "banker" if name == "Ana" else "player"
            return "bet", {"on": spot, "amount": min(5, you["most"][spot])}
        return ("deal", {}) if "deal" in acts else None
    if "draw" in acts:
        hand = "player" if you["side"] == "punter" else "banker"
        total = message["view"]["hands"][hand]["total"]
        draw = total <= 4 or (total == 5 and name == "Ana")
        return ("draw" if draw else "stand"), {"side": you["side"]}
    if "bid" in acts:
        return "bid", {"amount": min(10, you["most"])}
    if "deal" in acts:
        return "deal", {}
    if "wager" in acts:
        return "wager", {"amount": min(10, you["most"])}
    if "pass" in acts and acts != ["pass", "retire"]:
        return "pass", {}
    return None


async def open_seats(
    host: Host, env: dict[str, str], names: list[str], tokens: dict[str, str]
) -> dict[str | None, Seat]:
    port = host.tcp_port()
    run = Path(env["BANQUE_RUNTIME_DIR"])

    async def tcp() -> TableClient:
        return await TableClient.open(Address(None, "127.0.0.1", port))

    async def unix() -> TableClient:
        return await TableClient.open(Address(run / "table.sock"))

    seats: dict[str | None, Seat] = {}
    for name in [*names, None]:
        seats[name] = await join(name, tcp if name else unix, tokens.get(name or ""))
    await until(lambda: all(s.ready for s in seats.values()))
    return seats


async def join(
    name: str | None, opener: Callable[[], Awaitable[TableClient]], token: str | None
) -> Seat:
    conn = Rejoining(opener, every=0.05, patience=120)
    await conn.hello(name, token, spectator=name is None)
    seat = Seat(name, conn)
    seat.task = asyncio.create_task(seat.pump())
    return seat


async def leave(seat: Seat) -> None:
    await seat.conn.close()
    if seat.task is not None:
        seat.task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await seat.task


async def one_act(
    game: str, seats: dict[str | None, Seat], mark: Callable[[], None] | None = None
) -> tuple[Seat, str, dict[str, Any]]:
    """The next act of a seat that has one (its latest view says so), acknowledged;
    ``mark`` is called just before it is sent."""

    def pick() -> tuple[Seat, tuple[str, dict[str, Any]]] | None:
        for name in ("Ana", "Bruno"):
            s = seats.get(name)
            if s is None or not s.ready:
                continue
            view = s.conn.state.view
            chosen = choose(game, name, view) if view is not None else None
            if chosen is not None:
                return s, chosen
        return None

    for _ in range(20):
        await until(lambda: pick() is not None, 30, "nobody to act")
        found = pick()
        assert found is not None
        seat, (act, fields) = found
        if mark is not None:
            mark()
        reply = await answered(seat, act, fields)
        if reply.get("code") in ("stale", "not_your_turn"):
            # the table moved on meanwhile (a computer banker passing its bank on): the
            # seat looks again at its next view, as a player would
            await asyncio.sleep(0.05)
            continue
        assert reply["type"] == "ack", reply
        turn = int(reply["turn"])
        await until(lambda s=seat, t=turn: s.conn.state.turn >= t or s.conn.lost)
        return seat, act, fields
    raise AssertionError("every act was stale")


async def answered(seat: Seat, act: str, fields: dict[str, Any]) -> dict[str, Any]:
    """An act sent, and the table's answer to it."""
    ident = await seat.conn.act(act, **fields)
    await until(lambda: ident in seat.replies, 20, f"no answer to {act}")
    return seat.replies[ident]


GAMES = {
    # a known shoe (--seed): its coups come to the hands' choices, not only to naturals
    "chemin-de-fer": (
        ["--players", "Ana,Bruno,Chloé", "--computer", "Chloé:bold", "--seed", "7"],
        "deal",
    ),
    "punto-banco": (
        ["--players", "Ana,Bruno,Carla", "--computer", "Carla", "--limit", "50"],
        "deal",
    ),
}


@pytest.mark.parametrize("game", ["chemin-de-fer", "punto-banco"])
async def test_a_hosted_two_hand_game_is_joined_played_left_rejoined_and_resumed(
    short_dir: Path, game: str
) -> None:
    env = env_for(short_dir)
    flags, _ = GAMES[game]
    host = await Host.start(["--game", game, *flags, "--pace", "0", "--tcp", "0"], env)
    seats: dict[str | None, Seat] = {}
    left: list[Seat] = []  # a seat's connection before it left (its views count too)
    try:
        printed = host.join_lines()
        assert [line.split(":")[0].strip() for line in printed] == ["Ana", "Bruno"]
        tokens = {line.split(":")[0].strip(): token_of(line) for line in printed}
        opening = next(line for line in host.lines if line.startswith("Table open at"))
        assert game.replace("-", " ") in opening
        journal = next((short_dir / "data" / "games").glob("*.jsonl"))
        note = hosted_of(journal)
        assert note is not None and note["game"] == game
        seats = await open_seats(host, env, ["Ana", "Bruno"], tokens)
        welcome = seats["Ana"].conn.state
        assert welcome.game == game and welcome.welcome["computers"]
        # A coup, act by act (every act on disk before its ack).
        played: list[str] = []
        async with asyncio.timeout(120):
            while len(read_journal(journal).record.actions) < 6 or "deal" not in played:
                _seat, act, _fields = await one_act(game, seats)
                played.append(act)
            # Bruno leaves and joins again: the same seat, a fresh view.
            await leave(seats["Bruno"])
            left.append(seats["Bruno"])
            port = host.tcp_port()

            async def tcp() -> TableClient:
                return await TableClient.open(Address(None, "127.0.0.1", port))

            seats["Bruno"] = await join("Bruno", tcp, tokens["Bruno"])
            await until(lambda: seats["Bruno"].ready and bool(seats["Bruno"].views))
            assert seats["Bruno"].views[-1]["seat"] == "Bruno"
            # The host killed right after an acknowledged act; brought back.
            marks: list[int] = []

            def mark() -> None:  # the journal's acts as the act is sent
                marks.append(len(read_journal(journal).record.actions))

            _seat, act, _fields = await one_act(game, seats, mark)
            before = marks[-1]
            await host.kill()
            on_disk = list(read_journal(journal).record.actions)
            if not (game == "punto-banco" and act == "deal" and len(on_disk) == before):
                assert len(on_disk) > before, f"{act}: acknowledged, not on disk"
                assert on_disk[before].act == act
            await until(lambda: all(s.conn.lost for s in seats.values()), 20, "not lost")
            rejoined = {name: s.rejoined for name, s in seats.items()}
            host = await Host.start(["--resume"], env)
            assert host.lines[0].startswith(f"Game {journal.stem} resumed")
            assert host.join_lines() == printed
            await _rejoined(seats, rejoined, host)
            # The game goes on from there: another coup.
            coups = len(seats["Ana"].conn.state.view["view"]["coups"])
            while len(seats["Ana"].conn.state.view["view"]["coups"]) <= coups:
                await one_act(game, seats)
        final = list(read_journal(journal).record.actions)
        assert final[: len(on_disk)] == on_disk
        out = await host.stop()
        assert "host --resume" in out
    finally:
        for seat in seats.values():
            await leave(seat)
        if host.proc.returncode is None:
            host.proc.kill()
            await host.proc.wait()
    every = [*seats.values(), *left]
    problems = [p for s in every for v in s.views for p in leaks(s.name, v)]
    assert problems == []
    spectator = seats[None].views
    assert spectator and all(v["you"] is None for v in spectator)
    if game == "chemin-de-fer":  # the seat saw its own cards while it held a hand
        own = [
            c
            for seat in every
            if seat.name is not None
            for s in [seat.name]
            for v in seat.views
            if v["view"]["phase"] in ("punter", "banker")
            for h, holder in (("player", "hand_player"), ("banker", "banker"))
            if v["view"][holder] == s
            for c in v["view"]["hands"][h]["cards"]
        ]
        assert own and all(c is not None for c in own)


async def test_a_gone_chemin_de_fer_seat_is_played_by_a_stand_in(short_dir: Path) -> None:
    """``--takeover``: while Bruno is gone a cautious computer plays his seat."""
    env = env_for(short_dir)
    args = ["--game", "chemin-de-fer", "--players", "Ana,Bruno", "--pace", "0", "--tcp", "0"]
    host = await Host.start([*args, "--takeover", "--seed", "4"], env)
    seats: dict[str | None, Seat] = {}
    try:
        tokens = {line.split(":")[0].strip(): token_of(line) for line in host.join_lines()}
        seats = await open_seats(host, env, ["Ana"], tokens)
        journal = next((short_dir / "data" / "games").glob("*.jsonl"))
        async with asyncio.timeout(60):
            while not any(
                getattr(a, "who", None) == "Bruno" for a in read_journal(journal).record.actions
            ):
                await one_act("chemin-de-fer", seats)
        view = seats["Ana"].conn.state.view
        assert view["seats"]["Bruno"]["stand_in"] is True
        await host.stop()
    finally:
        for seat in seats.values():
            await leave(seat)
        if host.proc.returncode is None:
            host.proc.kill()
            await host.proc.wait()


def test_the_two_hand_host_refusals_are_one_line_each(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from banque import cli

    for argv, words in (
        (["host", "--game", "punto-banco", "--first-bank", "auction"], "not punto banco's"),
        (["host", "--game", "chemin-de-fer", "--first-bank", "list"], "by lot or auction"),
        (["host", "--game", "chemin-de-fer", "--limit", "5"], "an option of punto banco only"),
        (["host", "--game", "chemin-de-fer", "--rules", "classic"], "are banque's"),
        (["host", "--game", "punto-banco", "--play", "Zoé"], "not a participant"),
        (["host", "--game", "punto-banco", "--play", "Ana"], "needs a terminal"),
        (["host", "--packs", "4"], "add --game"),
        (["host", "--game", "chemin-de-fer", "--players", "Ana"], "2 to 11"),
    ):
        assert cli.main(argv) == 2, argv
        err = capsys.readouterr().err.strip()
        assert err.count("\n") == 0 and words in err, (argv, err)


def test_a_hosted_two_hand_table_stops_while_its_journal_fails(monkeypatch: Any) -> None:
    """The journal gate holds for every game: a full disk is told to every seat (its
    view's prompt too), no act is taken meanwhile, and the table goes on by itself."""
    from banque.core.journal import Journal
    from banque.games.records import record_of
    from banque.net.table import Table
    from banque.session.port import TwoHandSession

    from ..session.test_journal_failure import FULL, Disk, Recorder, acts_json, journal_acts

    disk = Disk(monkeypatch)
    session = TwoHandSession.new("punto-banco", ["Ana", "Bruno"], styles={}, seed=2)
    session.journal = Journal.create(record_of(session.game))
    path = session.journal.path
    table = Table(session, pace=0, uid=os.getuid())
    links = {}
    for who in ("Ana", "Bruno", None):
        link = Recorder()
        joined = table.connect(link)
        hello = {"v": 1, "type": "hello", **({"seat": who} if who else {"spectator": True})}
        table.receive(joined, json.dumps(hello).encode(), uid=os.getuid())
        links[who] = (link, joined)

    def act(who: str, ident: str, **fields: Any) -> dict[str, Any]:
        link, joined = links[who]
        message = {"v": 1, "type": "act", "id": ident, "turn": table.turn, **fields}
        table.receive(joined, json.dumps(message).encode())
        return next(m for m in reversed(link.sent) if m.get("id") == ident)

    assert act("Ana", "a1", act="bet", on="banker", amount=5)["type"] == "ack"
    disk.state = "full"
    assert act("Bruno", "b1", act="bet", on="player", amount=3)["type"] == "ack"
    for who in ("Ana", "Bruno", None):
        view = [m for m in links[who][0].sent if m.get("type") == "view"][-1]
        assert FULL in view["journal"]["message"] and FULL in view["view"]["prompt"]
    reply = act("Ana", "a2", act="deal")
    assert reply["code"] == "journal" and not session.ready
    assert table.due() is not None and not table.step()
    disk.state = None
    assert table.step()  # written again: the table goes on
    assert act("Ana", "a2", act="deal")["type"] == "ack"
    assert act("Bruno", "b2", act="deal")["type"] == "ack"
    assert len(session.game.coups) == 1
    assert journal_acts(path) == acts_json(session.game.actions)


def test_a_hosted_seat_asks_the_house_to_raise_its_limit() -> None:
    """punto banco's ``ask_limit`` on the wire: offered to every seat while the house may
    still raise its limit, validated by the game's act models, the limit in every view."""
    from banque.net.table import Table
    from banque.session.port import TwoHandSession

    from ..session.test_journal_failure import Recorder

    session = TwoHandSession.new(
        "punto-banco", ["Ana", "Bruno"], styles={}, seed=2, limit=20, raise_limit=40
    )
    table = Table(session, pace=0, uid=os.getuid())
    links = {}
    for who in ("Ana", "Bruno"):
        link = Recorder()
        joined = table.connect(link)
        hello = {"v": 1, "type": "hello", "seat": who}
        table.receive(joined, json.dumps(hello).encode(), uid=os.getuid())
        links[who] = (link, joined)

    def act(who: str, ident: str, **fields: Any) -> dict[str, Any]:
        link, joined = links[who]
        message = {"v": 1, "type": "act", "id": ident, "turn": table.turn, **fields}
        table.receive(joined, json.dumps(message).encode())
        return next(m for m in reversed(link.sent) if m.get("id") == ident)

    def last_view(who: str) -> dict[str, Any]:
        return [m for m in links[who][0].sent if m.get("type") == "view"][-1]

    assert "ask_limit" in last_view("Bruno")["you"]["acts"]
    assert last_view("Bruno")["you"]["raise_limit"] == 40
    refused = act("Ana", "a1", act="ask_limit", amount=80)
    assert refused["type"] == "error" and "40 a bet at the most" in refused["message"]
    assert act("Ana", "a2", act="ask_limit", amount=40)["type"] == "ack"
    view = last_view("Bruno")
    assert view["view"]["limit"] == 40 and "ask_limit" not in view["you"]["acts"]
    assert act("Bruno", "b1", act="bet", on="player", amount=40)["type"] == "ack"
