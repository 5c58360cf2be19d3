"""``banque host``: open a table from flags, print how to join, serve until stopped.

The host's terminal shows the public log as the game goes (one line an
event: the same public words every seat reads).  ctrl+c, SIGTERM, SIGHUP or SIGQUIT
close the table: every seat is told, the journal is brought up to date
(between two banks the game is finished, otherwise ``banque --resume``
continues it at a hot-seat table).

Nothing here imports Textual.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TextIO

from ..constants import SeatChoice
from ..engine.errors import BanqueError, IllegalAction
from ..engine.messages import N_, Listed, Msg, reason, tell_event
from ..engine.messages import tell as say
from .server import TableError, TableServer, close_journal, join_lines, open_journal
from .table import Table


def build_table(
    names: Sequence[str],
    *,
    computers: Mapping[str, SeatChoice],
    seed: int | None,
    pace: float,
    forced_moves: str,
    takeover: bool,
    users: Mapping[str, int] | None = None,
    rules: str = "home",
    options: Mapping[str, str | int] | None = None,
) -> Table:
    """The session and its shared table (the engine checks the names, the rules and
    their options)."""
    from ..engine.game import Game
    from ..engine.models import TableOptions
    from ..engine.session import Session, computer_seats

    strangers = [n for n in computers if n not in names]
    if strangers:
        raise BanqueError(
            Msg(
                N_("--computer {name}: not a participant (the participants: {names})"),
                name=strangers[0],
                names=", ".join(names),
            )
        )
    if all(n in computers for n in names):
        raise BanqueError(
            Msg(N_("every seat is a computer: a hosted table needs one human seat at least"))
        )
    if seed is None:
        seed = time.time_ns() % (2**32)
    try:
        game = Game(
            list(names),
            seed,
            forced_moves=forced_moves,  # type: ignore[arg-type]
            rules=rules,  # type: ignore[arg-type]
            options=TableOptions(**dict(options or {})),  # type: ignore[arg-type]
        )
    except (ValueError, IllegalAction) as exc:
        raise BanqueError(getattr(exc, "msg", None) or str(exc)) from None
    styles = {n: c for n, c in computers.items() if c != "human"}
    session = Session(game, computers=computer_seats(game, styles), styles=styles)  # type: ignore[arg-type]
    session.forced()
    return Table(session, pace=pace, takeover=takeover, uid=os.getuid(), users=users)


def table_words(table: Table) -> str:
    """The seed and, unless home's, the rules and their options: ``seed 7, classic rules``."""
    return str(table_words_msg(table))


def table_words_msg(table: Table) -> Msg:
    """:func:`table_words` as a message (the host screen tells it in the player's language)."""
    game = table.session.game
    parts = [Msg(N_("seed {seed}"), seed=game.seed)]
    if game.rules != "home":
        parts.append(Msg(N_("{rules} rules"), rules=game.rules))
        chosen = game.options
        if game.rules == "classic" and chosen.banco_split != "free":
            parts.append(Msg(N_("banco divided: {how}"), how=chosen.banco_split))
        if game.rules == "hoyle" and chosen.first_bank != "auction":
            parts.append(Msg(N_("the first bank to the first on the list")))
    # The parts told one by one, joined with commas (no words of its own to translate).
    return Msg("{parts}", parts=Listed(parts))


def check_play(play: str | None, names: Sequence[str], computers: Mapping[str, SeatChoice]) -> None:
    """``--play NAME``: the host's own seat must be one of the human seats."""
    if play is None:
        return
    if play not in names:
        raise BanqueError(
            Msg(
                N_("--play {name}: not a participant (the participants: {names})"),
                name=play,
                names=", ".join(names),
            )
        )
    if computers.get(play, "human") != "human":
        raise BanqueError(
            Msg(N_("--play {name}: that seat is a computer's (--computer {name})"), name=play)
        )


def seat_uids(
    seat_users: Mapping[str, str],
    names: Sequence[str],
    computers: Mapping[str, SeatChoice],
    gid: int | None,
) -> dict[str, int]:
    """``--seat-user NAME=USER``: each seat's Unix account (its user id), checked.

    Another account can only reach the socket through ``--group``: without
    it the socket is the host's alone (mode 0600), so that is refused here.
    """
    import grp
    import pwd

    out: dict[str, int] = {}
    for seat, user in seat_users.items():
        if seat not in names:
            raise BanqueError(
                Msg(
                    N_(
                        "--seat-user {seat}={user}: {seat} is not a participant "
                        "(the participants: {names})"
                    ),
                    seat=seat,
                    user=user,
                    names=", ".join(names),
                )
            )
        if computers.get(seat, "human") != "human":
            raise BanqueError(
                Msg(
                    N_("--seat-user {seat}={user}: {seat}'s seat is a computer's"),
                    seat=seat,
                    user=user,
                )
            )
        try:
            account = pwd.getpwnam(user) if not user.isdigit() else pwd.getpwuid(int(user))
        except KeyError:
            raise BanqueError(
                Msg(
                    N_("--seat-user {seat}={user}: no such account on this machine"),
                    seat=seat,
                    user=user,
                )
            ) from None
        uid = account.pw_uid
        if uid != os.getuid() and gid is not None and account.pw_gid != gid:
            try:
                members = grp.getgrgid(gid).gr_mem
            except KeyError:
                members = []
            if account.pw_name not in members:
                raise BanqueError(
                    Msg(
                        N_(
                            "--seat-user {seat}={user}: that account is not in the socket's "
                            "group (--group), so it cannot open the table's socket"
                        ),
                        seat=seat,
                        user=user,
                    )
                )
        if uid != os.getuid() and gid is None:
            raise BanqueError(
                Msg(
                    N_(
                        "--seat-user {seat}={user}: that account cannot open the table's socket "
                        "(mode 0600, the host's alone); add --group GROUP with that account in it"
                    ),
                    seat=seat,
                    user=user,
                )
            )
        out[seat] = uid
    return out


def host(
    names: Sequence[str],
    *,
    computers: Mapping[str, SeatChoice],
    seed: int | None = None,
    pace: float = 0.6,
    forced_moves: str = "announced",
    socket_path: str | None = None,
    tcp_port: int | None = None,
    takeover: bool = False,
    journal: bool = True,
    group: str | None = None,
    seat_users: Mapping[str, str] | None = None,
    out: TextIO | None = None,
    rules: str = "home",
    options: Mapping[str, str | int] | None = None,
) -> int:
    """Open the table and serve it until stopped; the exit status."""
    stream = out or sys.stdout
    table, gid = prepare_table(
        names,
        computers=computers,
        seed=seed,
        pace=pace,
        forced_moves=forced_moves,
        takeover=takeover,
        journal=journal,
        group=group,
        seat_users=seat_users,
        rules=rules,
        options=options,
    )
    try:
        return asyncio.run(_serve(table, socket_path, tcp_port, stream, gid))
    finally:
        if journal:
            said = close_journal(table.session)
            if said:
                print(said, file=stream, flush=True)


def prepare_table(
    names: Sequence[str],
    *,
    computers: Mapping[str, SeatChoice],
    seed: int | None,
    pace: float,
    forced_moves: str,
    takeover: bool,
    journal: bool,
    group: str | None,
    seat_users: Mapping[str, str] | None,
    rules: str,
    options: Mapping[str, str | int] | None,
) -> tuple[Table, int | None]:
    """What ``banque host`` does before serving (with its console or its full screen):
    the seats' accounts checked, the table built, its journal opened (a warning on
    stderr if it cannot be); the table and the socket's group id."""
    gid = group_id(group) if group is not None else None
    users = seat_uids(seat_users or {}, names, computers, gid)
    table = build_table(
        names,
        computers=computers,
        seed=seed,
        pace=pace,
        forced_moves=forced_moves,
        takeover=takeover,
        users=users,
        rules=rules,
        options=options,
    )
    if journal:
        warning = open_journal(table.session, pace)
        if warning:
            print(f"banque: {warning}", file=sys.stderr)
    return table, gid


async def start_server(
    table: Table, socket_path: str | None, tcp_port: int | None, gid: int | None
) -> TableServer:
    """The table served at its address (a refusal in words if it cannot be opened)."""
    server = TableServer(
        table,
        Path(socket_path).expanduser() if socket_path else None,
        tcp_port=tcp_port,
        group=gid,
    )
    try:
        await server.start()
    except TableError as exc:
        raise BanqueError(reason(exc)) from None
    return server


def group_id(name: str) -> int:
    """A group's id, from its name (or its number)."""
    import grp

    try:
        return grp.getgrnam(name).gr_gid
    except KeyError:
        if name.isdigit():
            return int(name)
        raise BanqueError(
            Msg(N_("--group {name}: no such group on this machine"), name=name)
        ) from None


async def _serve(
    table: Table, socket_path: str | None, tcp_port: int | None, out: TextIO, gid: int | None
) -> int:
    server = await start_server(table, socket_path, tcp_port, gid)
    stop = asyncio.Event()
    status = 0
    loop = asyncio.get_running_loop()

    def stopped(signum: int) -> None:
        nonlocal status
        status = 0 if signum == signal.SIGINT else 128 + signum
        stop.set()

    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT):
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(sig, stopped, int(sig))
    session = table.session
    address = str(server.socket_path)
    said = Msg(
        N_("Table open at {address} ({words})."), address=address, words=table_words_msg(table)
    )
    print(say(said), file=out)
    if server.tcp_port is not None:
        print(
            say(Msg(N_("Also on 127.0.0.1:{port} (tcp:{port})."), port=server.tcp_port)), file=out
        )
    print(say(Msg(N_("Each player joins with:"))), file=out)
    for line in join_lines(table, address):
        print(line, file=out)
    print(
        say(
            Msg(
                N_(
                    "(On this account --token may be left out. Spectators: banque join --watch "
                    "--table {address}. ctrl+c closes the table.)"
                ),
                address=address,
            )
        ),
        file=out,
        flush=True,
    )
    shown = len(session.messages)
    previous = table.on_change

    def tell() -> None:
        nonlocal shown
        if previous is not None:
            previous()
        messages = session.messages
        if len(messages) < shown:
            shown = len(messages)
        for ev in messages[shown:]:
            print(tell_event(ev), file=out)
        shown = len(messages)
        out.flush()

    table.on_change = tell
    try:
        await stop.wait()
    finally:
        await server.close()
    return status
