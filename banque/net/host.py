"""``banque host``: open a table from flags, print how to join, serve until stopped.

The host's terminal shows the public log as the game goes (one line an
event: the same public words every seat reads).  ctrl+c, SIGTERM, SIGHUP or SIGQUIT
close the table: every seat is told, the journal is brought up to date
(between two banks the game is finished, otherwise ``banque host --resume``
hosts it again).

The journal keeps how the game is hosted (a ``hosted`` note: the human seats,
the pace, the takeover, the socket's group, the addresses) and the seats'
credentials are kept in a file of the host's only beside it
(``<id>.seats.json``), so that ``banque host --resume`` brings a game back —
after ctrl+c as after ``kill -9`` — with the same seats and the same tokens:
every join line printed before works again.

Nothing here imports Textual.
"""

from __future__ import annotations

import asyncio
import contextlib
import grp
import os
import pwd
import signal
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from ..constants import SeatChoice
from ..core.errors import BanqueError, IllegalAction
from ..core.journal import (
    HOSTED_NOTE,
    SeatCredentials,
    hosted_of,
    read_journal,
    read_seats,
    write_seats,
)
from ..core.messages import N_, Msg, os_reason, reason, tell_event
from ..core.messages import tell as say
from ..core.models import TableOptions
from ..core.rng import seed_and_stream
from ..games import DEFAULT_GAME, definition
from ..games.banque.game import Game
from ..games.records import find_game, last_unfinished, reopen_journal, replay
from ..i18n import Nn_
from ..session.port import TwoHandSession
from ..session.session import Session, computer_seats
from .bind import LOOPBACK, bind_problem
from .server import (
    TableError,
    TableServer,
    close_journal,
    join_lines,
    open_journal,
    shell_word,
)
from .table import Table

if TYPE_CHECKING:
    from .ssh_door import SshDoor
    from .web_door import WebDoor


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
    game: str = DEFAULT_GAME,
    game_options: Mapping[str, Any] | None = None,
) -> Table:
    """The session and its shared table (the engine checks the names, the rules and
    their options). ``game``: banque, or a two-hand game (chemin de fer, punto banco,
    with ``forced_moves`` and ``game_options``, its own: ``packs``, punto banco's
    ``limit`` and ``raise_limit``, chemin de fer's ``first_bank``), played through the
    same port."""
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
    if definition(game).two_hands:
        return _two_hand_table(
            game,
            names,
            computers=computers,
            seed=seed,
            pace=pace,
            forced_moves=forced_moves,
            takeover=takeover,
            users=users,
            game_options=game_options or {},
        )
    # No seed given: a secure one and its stream; a given one (a study's) its known shoe.
    seed, stream = seed_and_stream(seed)
    try:
        game = Game(
            list(names),
            seed,
            stream=stream,
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


def _two_hand_table(
    game: str,
    names: Sequence[str],
    *,
    computers: Mapping[str, SeatChoice],
    seed: int | None,
    pace: float,
    forced_moves: str,
    takeover: bool,
    users: Mapping[str, int] | None,
    game_options: Mapping[str, Any],
) -> Table:
    """A chemin de fer or punto banco table: its session, through the same port."""
    styles = {n: str(c) for n, c in computers.items() if c != "human"}
    try:
        session = TwoHandSession.new(
            game,
            names,
            styles=styles,
            seed=seed,
            forced_moves=forced_moves,
            **game_options,
        )
    except (ValueError, IllegalAction) as exc:
        raise BanqueError(getattr(exc, "msg", None) or str(exc)) from None
    return Table(session, pace=pace, takeover=takeover, uid=os.getuid(), users=users)


def table_words(table: Table) -> str:
    """The rules and their options: ``classic rules, banco divided: even``.

    Never the seed: it would tell every card of the game to come (the host may
    be a player, ``--play``).
    """
    return str(table_words_msg(table))


def table_words_msg(table: Table) -> Msg:
    """:func:`table_words` as a message (the host screen tells it in the player's language):
    the session's own words for its table."""
    return table.session.table_words()  # type: ignore[no-any-return]


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


@dataclass
class Hosting:
    """A table ready to be served, and how: what ``banque host`` opens (a new game, or
    one brought back by ``--resume``)."""

    table: Table
    #: The socket's group (its name as given, and its id), or ``None``: the host's alone.
    group: str | None
    gid: int | None
    socket_path: str | None
    tcp_port: int | None
    #: The journal is written (its ``hosted`` note and the seats' file too).
    journal: bool = True
    #: A game brought back: which one, at which coup (said on the console and the screen).
    resumed: Msg | None = None
    #: Said once the table is open (a seats' file that could not be kept, say).
    warnings: tuple[str, ...] = ()
    #: The SSH door (``--ssh PORT``), or ``None``: no door.
    ssh: SshOptions | None = None
    #: The public keys the door let in with a code, by seat (kept with the tokens).
    door_keys: dict[str, list[str]] = field(default_factory=dict)
    #: The web door (``--web PORT``), or ``None``: no web door.
    web: WebOptions | None = None


@dataclass(frozen=True)
class SshOptions:
    """How the SSH door opens: its port (0: any free one), the address it listens on
    (loopback unless ``--bind`` says otherwise), and a file of the seats' keys."""

    port: int
    bind: str = "127.0.0.1"
    keys_file: str | None = None

    def to_note(self) -> dict[str, Any]:
        return {"port": self.port, "bind": self.bind, "keys": self.keys_file}

    @classmethod
    def from_note(cls, note: object) -> SshOptions | None:
        if not isinstance(note, dict):
            return None
        port, bind, keys = note.get("port"), note.get("bind"), note.get("keys")
        if not isinstance(port, int) or isinstance(port, bool) or not 0 <= port < 65536:
            return None
        return cls(
            port,
            bind if isinstance(bind, str) else "127.0.0.1",
            keys if isinstance(keys, str) else None,
        )


@dataclass(frozen=True)
class WebOptions:
    """How the web door opens: its port (0: any free one) and the address it listens on
    (loopback unless ``--bind`` says otherwise)."""

    port: int
    bind: str = LOOPBACK

    def to_note(self) -> dict[str, Any]:
        return {"port": self.port, "bind": self.bind}

    @classmethod
    def from_note(cls, note: object) -> WebOptions | None:
        if not isinstance(note, dict):
            return None
        port, bind = note.get("port"), note.get("bind")
        if not isinstance(port, int) or isinstance(port, bool) or not 0 <= port < 65536:
            return None
        return cls(port, bind if isinstance(bind, str) and bind_problem(bind) is None else LOOPBACK)


def serve_hosting(hosting: Hosting, out: TextIO | None = None) -> int:
    """Serve a prepared table on the console until stopped; the exit status."""
    stream = out or sys.stdout
    table = hosting.table
    try:
        return asyncio.run(_serve(hosting, stream))
    finally:
        if hosting.journal:
            said = close_journal(table.session, table.pace)
            if said:
                print(said, file=stream, flush=True)


def prepare_hosting(
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
    socket_path: str | None,
    tcp_port: int | None,
    game: str = DEFAULT_GAME,
    game_options: Mapping[str, Any] | None = None,
    ssh: SshOptions | None = None,
    web: WebOptions | None = None,
) -> Hosting:
    """What ``banque host`` does before serving (with its console or its full screen):
    the seats' accounts checked, the table built, its journal opened (a journal that
    cannot be created is refused: the table does not open); with how it will be served."""
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
        game=game,
        game_options=game_options,
    )
    if journal:
        refusal = open_journal(table.session, pace)
        if refusal:
            raise BanqueError(refusal)
    return Hosting(table, group, gid, socket_path, tcp_port, journal, ssh=ssh, web=web)


# ------------------------------------------------------------------ a game hosted again


#: The line a seat reads when the host closes in the middle of a bank (ctrl+c):
#: the game is kept, and the same join line works once the host brings it back.
CLOSING_RESUMABLE = N_(
    "The host has closed the table in the middle of a bank; the host may resume it "
    "(banque host --resume), and then the same banque join line joins again."
)


def closing_words(table: Table) -> str:
    """What the seats read as the table closes: resumable or not."""
    session = table.session
    if session.journal is not None and session.bank_in_play():
        return CLOSING_RESUMABLE
    return "The host has closed the table."


def hosted_note(hosting: Hosting, server: TableServer) -> dict[str, Any]:
    """The journal's ``hosted`` note: how the table is hosted (no token: those are in the
    seats' file)."""
    table = hosting.table
    session = table.session
    game = session.game
    return {
        "game": table.family,
        "humans": table.humans(),
        "computers": dict(session.styles),
        "rules": getattr(game, "rules", None),
        "options": session.table_options(defaults=False)["options"],
        "forced_moves": getattr(game, "forced_moves", "automatic"),
        "pace": table.pace,
        "takeover": table.takeover,
        "group": hosting.group,
        "spectators": True,
        "socket": str(Path(server.socket_path).expanduser().absolute()),
        "tcp": server.tcp_port,
        "ssh": hosting.ssh.to_note() if hosting.ssh is not None else None,
        "web": hosting.web.to_note() if hosting.web is not None else None,
    }


def _credentials(hosting: Hosting) -> SeatCredentials:
    table = hosting.table
    return SeatCredentials(
        {name: table.token(name) for name in table.humans()},
        {name: held.uid for name, held in table.seats.items() if held.uid is not None},
        dict(hosting.door_keys),
    )


def _open_journal(hosting: Hosting) -> Any:
    """The hosted game's journal, if it is kept and open (its seats' file goes beside it)."""
    journal = hosting.table.session.journal
    if not hosting.journal or journal is None or journal.closed:
        return None
    return journal


def keep_door_keys(hosting: Hosting, keys: Mapping[str, list[str]]) -> Msg | None:
    """The SSH door let a key in with a code: kept with the seats' credentials, so that
    it opens the seat again once the game is hosted again; what went wrong, if anything."""
    hosting.door_keys = {seat: list(k) for seat, k in keys.items()}
    journal = _open_journal(hosting)
    if journal is None:
        return None
    try:
        write_seats(journal.path, _credentials(hosting))
    except OSError as exc:
        return Msg(
            N_("The seats' keys cannot be kept beside the journal ({why})."),
            why=os_reason(exc),
        )
    return None


def keep_hosting(hosting: Hosting, server: TableServer) -> str | None:
    """The table is open: its seats' credentials beside the journal (0600), then the
    journal's ``hosted`` note. A warning line if they cannot be kept (the game goes on,
    but ``banque host --resume`` could not give its seats the same tokens)."""
    journal = _open_journal(hosting)
    if journal is None:
        return None
    try:
        write_seats(journal.path, _credentials(hosting))
    except OSError as exc:
        return say(
            Msg(
                N_(
                    "The seats' tokens cannot be kept beside the journal ({why}): "
                    "banque host --resume would give the seats new ones."
                ),
                why=os_reason(exc),
            )
        )
    journal.note(HOSTED_NOTE, **hosted_note(hosting, server))
    if hosted_of(journal.path) is None:  # the note could not be written (a full disk…)
        return say(
            Msg(
                N_(
                    "The journal cannot say that the game is hosted: banque host --resume "
                    "would not find it (banque --resume {path} continues it at one keyboard)."
                ),
                path=str(journal.path),
            )
        )
    return None


def resume_hosting(
    which: str | None,
    *,
    socket_path: str | None = None,
    tcp_port: int | None = None,
    ssh: SshOptions | None = None,
    web: WebOptions | None = None,
) -> Hosting:
    """``banque host --resume [ID|FILE]``: the last unfinished hosted game (or the one named)
    made a table again — the same seats, computers (their generators where they were),
    rules, pace, takeover and socket's group, the same tokens, at the same address unless
    ``socket_path`` or ``tcp_port`` says otherwise; its SSH door at the same port, with
    the keys it let in (``ssh``: another door), its web door at the same port (``web``:
    another)."""
    if which:
        path = find_game(which)
    else:
        entry = last_unfinished(hosted=True)
        if entry is None:
            raise BanqueError(
                Msg(N_("no unfinished hosted game to resume (banque games lists them)"))
            )
        path = entry.path
    ident = path.name.removesuffix(".jsonl")
    info = read_journal(path)  # a journal that cannot be read is said in one line
    note = hosted_of(path)
    if note is None:
        raise BanqueError(
            Msg(
                N_(
                    "{id} was not played at a hosted table: banque --resume {id} continues it "
                    "at one keyboard"
                ),
                id=ident,
            )
        )
    if info.ended:
        raise BanqueError(
            Msg(
                N_(
                    "{id} is finished: nothing to host again (banque host opens a new table; "
                    "banque replay {path} shows it)"
                ),
                id=ident,
                path=str(path),
            )
        )
    warnings: list[str] = []
    credentials = read_seats(path)  # one refused (a link, readable by others) is said
    if credentials is None:
        warnings.append(
            say(
                Msg(
                    N_(
                        "The seats' tokens of {id} are not kept beside its journal: the seats "
                        "get new tokens (the join lines below are new)."
                    ),
                    id=ident,
                )
            )
        )
    group = note.get("group") if isinstance(note.get("group"), str) else None
    gid = group_id(group) if group is not None else None
    try:
        journal, info = reopen_journal(path)
    except OSError as exc:
        raise BanqueError(
            Msg(N_("{name}: cannot be reopened ({why})"), name=str(path), why=os_reason(exc))
        ) from None
    record = info.record
    result = replay(record)
    styles = {n: c for n, c in record.computers.items() if c != "human"}
    session: Any
    two_hands = definition(record.game).two_hands
    if two_hands:  # chemin de fer, punto banco: the same port
        boot = list(getattr(result.game, "_boot", []))  # chemin de fer's lot or auction
        session = TwoHandSession(result.game, [*boot, *result.events], styles=styles)
    else:
        session = Session.from_replay(
            result,
            computers=computer_seats(result.game, styles),  # type: ignore[arg-type]
            styles=styles,
        )
    session.skip_draws(info.draws)  # each computer's generator where it was
    session.journal = journal
    if not two_hands:
        session.forced()
    pace = note.get("pace", record.pace)
    if not isinstance(pace, int | float) or isinstance(pace, bool):
        pace = record.pace if record.pace is not None else 0.6
    users = credentials.users if credentials is not None else {}
    table = Table(
        session,
        pace=float(pace),
        takeover=note.get("takeover") is True,
        uid=os.getuid(),
        tokens=credentials.tokens if credentials is not None else None,
        users=users,
    )
    game = session.game
    socket = socket_path or (note.get("socket") if isinstance(note.get("socket"), str) else None)
    tcp = tcp_port
    if tcp is None and isinstance(note.get("tcp"), int) and not isinstance(note["tcp"], bool):
        tcp = note["tcp"]
    resumed = Msg.plural(
        Nn_(
            "Game {id} resumed at bank {bank}, coup {coup} ({n} act kept).",
            "Game {id} resumed at bank {bank}, coup {coup} ({n} acts kept).",
        ),
        len(game.actions),
        id=ident,
        bank=game.bank_number,
        coup=game.coup_number if hasattr(game, "coup_number") else len(game.coups) + 1,
    )
    door = ssh if ssh is not None else SshOptions.from_note(note.get("ssh"))
    return Hosting(
        table,
        group,
        gid,
        socket,
        tcp,
        True,
        resumed,
        tuple(warnings),
        door,
        dict(credentials.keys) if credentials is not None else {},
        web if web is not None else WebOptions.from_note(note.get("web")),
    )


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


async def open_door(
    hosting: Hosting, server: TableServer, notice: Callable[[Msg], None]
) -> SshDoor | None:
    """The SSH door, if the table has one (``--ssh``): open at its port, each human
    seat's token behind it, the keys listed for the seats and those it let in before
    (a refusal in words if it cannot open)."""
    options = hosting.ssh
    if options is None:
        return None
    # deferred: start-up (asyncssh and its cryptography load only for a table with a door)
    from .ssh_door import DoorError, SshDoor, read_seat_keys

    table = hosting.table
    names = table.humans()
    try:
        keys = read_seat_keys(Path(options.keys_file), names) if options.keys_file else {}
        door = SshDoor(
            str(server.socket_path),
            {name: table.token(name) for name in names},
            port=options.port,
            bind=options.bind,
            keys=keys,
            notice=notice,
        )
        door.learn(hosting.door_keys)

        def kept(learned: dict[str, list[str]]) -> None:
            problem = keep_door_keys(hosting, learned)
            if problem is not None:
                notice(problem)

        door.on_keys = kept
        await door.start()
    except DoorError as exc:
        raise BanqueError(exc.msg) from None
    hosting.ssh = SshOptions(door.port, options.bind, options.keys_file)  # the port it got
    return door


async def open_web_door(
    hosting: Hosting, server: TableServer, notice: Callable[[Msg], None]
) -> WebDoor | None:
    """The web door, if the table has one (``--web``): open at its port, each human
    seat's token behind it (a refusal in words if it cannot open)."""
    options = hosting.web
    if options is None:
        return None
    # deferred: start-up (aiohttp and textual-serve load only for a table with a web door)
    from .web_door import WebDoor, WebDoorError

    table = hosting.table
    door = WebDoor(
        str(server.socket_path),
        {name: table.token(name) for name in table.humans()},
        port=options.port,
        bind=options.bind,
        notice=notice,
    )
    try:
        await door.start()
    except WebDoorError as exc:
        raise BanqueError(exc.msg) from None
    hosting.web = WebOptions(door.port, options.bind)  # the port it got
    return door


def web_door_warning(door: WebDoor | None) -> Msg | None:
    """A web door open beyond this machine: said in words."""
    if door is None or not door.open_to_others():
        return None
    return Msg(
        N_(
            "The web door listens on {bind}: anyone who can reach this machine there may "
            "open its page. Only a seat's link opens the seat (and the spectators' link, the "
            "public view); the page is plain http, readable on the network: hand the links "
            "out privately, and use it on a network you trust."
        ),
        bind=door.bind,
    )


def door_warning(door: SshDoor | None) -> Msg | None:
    """A door open beyond this machine: said in words."""
    if door is None or not door.open_to_others():
        return None
    return Msg(
        N_(
            "The SSH door listens on {bind}: anyone who can reach this machine there may try "
            "to come in. Only a listed key or a seat's invitation code opens a seat; hand "
            "the codes out privately."
        ),
        bind=door.bind,
    )


def group_id(name: str) -> int:
    """A group's id, from its name (or its number)."""
    try:
        return grp.getgrnam(name).gr_gid
    except KeyError:
        if name.isdigit():
            return int(name)
        raise BanqueError(
            Msg(N_("--group {name}: no such group on this machine"), name=name)
        ) from None


async def _serve(hosting: Hosting, out: TextIO) -> int:
    table = hosting.table
    server = await start_server(table, hosting.socket_path, hosting.tcp_port, hosting.gid)
    web: WebDoor | None = None
    door: SshDoor | None = None
    try:
        door = await open_door(
            hosting, server, lambda notice: print(say(notice), file=out, flush=True)
        )
        web = await open_web_door(
            hosting, server, lambda notice: print(say(notice), file=out, flush=True)
        )
    except BaseException:
        if door is not None:
            await door.close()
        await server.close(closing_words(table))
        raise
    try:
        return await _serve_open(hosting, server, out, door, web)
    finally:
        if web is not None:
            await web.close()
        if door is not None:
            await door.close()


async def _serve_open(
    hosting: Hosting,
    server: TableServer,
    out: TextIO,
    door: SshDoor | None,
    web: WebDoor | None = None,
) -> int:
    table = hosting.table
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
    # The seats' tokens and the hosted note are on disk before any join line is printed.
    warning = keep_hosting(hosting, server)
    for line in (*hosting.warnings, *([warning] if warning else [])):
        print(f"banque: {line}", file=sys.stderr, flush=True)
    if hosting.resumed is not None:
        print(say(hosting.resumed), file=out)
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
                    "(On this account BANQUE_TOKEN=… may be left out. Spectators: banque join "
                    "--watch --table {address}. ctrl+c closes the table.)"
                ),
                address=shell_word(address),
            )
        ),
        file=out,
        flush=True,
    )
    if door is not None:
        for line in door.lines():
            print(line, file=out)
        warned = door_warning(door)
        if warned is not None:
            print(f"banque: {say(warned)}", file=sys.stderr)
        out.flush()
    if web is not None:
        for line in web.lines():
            print(line, file=out)
        warned = web_door_warning(web)
        if warned is not None:
            print(f"banque: {say(warned)}", file=sys.stderr)
        out.flush()
    table.on_notice = lambda notice: print(say(notice), file=out, flush=True)
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

    def journal(why: Msg | None) -> None:  # the journal stopped, or is written again
        if why is None:
            said = Msg(N_("The game's journal is written again: the table goes on."))
        else:
            said = why
        print(f"banque: {say(said)}", file=out, flush=True)

    table.on_journal = journal
    try:
        await stop.wait()
    finally:
        await server.close(closing_words(table))
    return status
