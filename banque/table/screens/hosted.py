"""``banque host`` in a terminal: the table served from this process, and shown here.

The table server (:class:`~banque.net.server.TableServer`) runs in the
same asyncio loop as the Textual app.  The host's screen is a joined
seat's own (:class:`~banque.table.screens.joined.JoinApp`), connected to the
table like any joiner through a :class:`~banque.net.client.LocalConnection`
(the same bytes, without a socket): the public view by default, or the
host's own seat with ``--play NAME`` (its concealed cards on this screen).

ctrl+q closes the table after a confirmation (every seat is told);
SIGTERM, SIGHUP, SIGQUIT and SIGINT close it too.  ``j`` shows again how each seat
joins.  The journal is written as the game goes, as with ``--log``, with how
the game is hosted and its seats' tokens beside it (``banque host --resume``
brings it back, ``--resume`` here too: the join lines then say which game).
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ...core.messages import Msg, tell
from ...games import definition
from ...i18n import N_, _
from ...net.client import LocalConnection
from ...net.host import (
    Hosting,
    closing_words,
    door_warning,
    keep_hosting,
    open_door,
    open_web_door,
    start_server,
    table_words_msg,
    web_door_warning,
)
from ...net.server import TableServer, close_journal, shell_word
from ...net.server import join_lines as seats_join_lines
from ..signals import signal_status
from .dialogs import ConfirmScreen
from .joined import Connection, JoinApp

if TYPE_CHECKING:
    from ...net.ssh_door import SshDoor
    from ...net.web_door import WebDoor


class JoinLinesScreen(ModalScreen[None]):
    """How each seat joins: the address, and each human seat's command and token."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,escape,j", "close", _("Close"), id="joinlines.close"),
    ]

    def __init__(self, lines: Sequence[str] | Callable[[], Sequence[str]]) -> None:
        super().__init__(classes="dialog-screen")
        #: The lines, or a function telling them in the language spoken now.
        self.lines = lines

    def compose(self) -> ComposeResult:
        lines = list(self.lines() if callable(self.lines) else self.lines)
        with Vertical(classes="dialog -wide"):
            yield Static(Text(lines[0], style="bold"), classes="dialog-title")
            yield Static(Text("\n".join(lines[1:])), classes="dialog-body")
            yield Static(
                Text(_("Enter: to the table (j shows this again)")),
                classes="dialog-keys",
            )

    async def retranslate(self) -> None:
        """The language changed: the lines and the keys in it."""
        await self.recompose()
        self.refresh_bindings()

    def action_close(self) -> None:
        self.dismiss(None)


class HostApp(JoinApp):
    """The host's table: the public view, or the host's own seat (``seat``)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *JoinApp.BINDINGS,
        Binding("j", "join_lines", _("How to join"), id="host.join_lines"),
    ]

    def __init__(
        self,
        server: TableServer,
        seat: str | None = None,
        *,
        blink: bool = True,
        ascii_suits: bool = False,
        show_join_lines: bool = True,
        resumed: Any = None,
        warnings: Sequence[str] = (),
        door: SshDoor | None = None,
        web: WebDoor | None = None,
    ) -> None:
        table = server.table

        async def connect() -> Connection:
            return LocalConnection(table)

        super().__init__(connect, seat, None, blink=blink, ascii_suits=ascii_suits)
        self.server = server
        table.on_notice = self.notice
        self.show_join_lines = show_join_lines
        #: A game brought back by ``--resume``: which, at which coup (a message).
        self.resumed = resumed
        #: Lines said once the table shows (a seats' file that could not be kept...).
        self.warnings = tuple(warnings)
        #: The SSH door (``--ssh``): its lines follow the join lines.
        self.door = door
        #: The web door (``--web``): its links follow.
        self.web = web
        self.watcher = N_("host")
        self.watch_hint = N_("Hosting (public view) · j: how to join · ctrl+q: close the table")
        self.closing = False
        self._closing_task: asyncio.Task[None] | None = None

    def join_lines(self) -> list[str]:
        server = self.server
        address = str(server.socket_path)
        lines = [
            _("Table open at {address} ({words}).").format(
                address=address, words=tell(table_words_msg(server.table))
            )
        ]
        if self.resumed is not None:
            lines.insert(1, tell(self.resumed))
        if server.tcp_port is not None:
            lines.append(_("Also on 127.0.0.1:{port} (tcp:{port}).").format(port=server.tcp_port))
        lines.append(_("Each player joins with:"))
        others = [n for n in server.table.humans() if n != self.seat]
        lines.extend(line.strip() for line in seats_join_lines(server.table, address, others))
        lines.append(
            _(
                "(On this account BANQUE_TOKEN=… may be left out. Spectators: banque join "
                "--watch --table {address}.)"
            ).format(address=shell_word(address))
        )
        if self.door is not None:
            lines.extend(line.strip() for line in self.door.lines())
        if self.web is not None:
            lines.extend(line.strip() for line in self.web.lines())
        return lines

    def notice(self, message: Msg) -> None:
        """What the table tells the host about its seats (a wrong token, a seat taken
        over from elsewhere): a note on the screen, in the language spoken now."""
        self.notify(tell(message), title=_("Seats"), severity="warning", timeout=12)

    def follow(self) -> None:
        """The table's screen is up: over it, once, how each seat joins (a two-hand
        game's table replaces banque's once joined: over that one, :meth:`table_shown`)."""
        super().follow()
        if not definition(self.server.table.family).two_hands:
            self.table_shown()

    def table_shown(self) -> None:
        if self.show_join_lines:
            self.show_join_lines = False
            self.push_screen(JoinLinesScreen(self.join_lines))
        for line in self.warnings:
            self.notify(line, severity="warning", timeout=15)
        self.warnings = ()

    def action_join_lines(self) -> None:
        if not isinstance(self.screen, JoinLinesScreen):
            self.push_screen(JoinLinesScreen(self.join_lines))

    async def action_quit(self) -> None:
        """ctrl+q: close the table, once the host says so."""
        if self._leaving or isinstance(self.screen, ConfirmScreen):
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.run_worker(self.close_table(0), group="closing")

        self.push_screen(
            ConfirmScreen(
                lambda: _("Close the table?"),
                self._closing_words,
            ),
            answered,
        )

    def leave_on_signal(self, signum: int) -> None:
        """SIGTERM, SIGHUP, SIGQUIT (128 + its number) or SIGINT (0): every seat is told,
        then the table closes (the terminal restored: :class:`~banque.table.signals.SignalExitApp`)."""
        code = 0 if signum == signal.SIGINT else signal_status(signum)
        # A task, not a worker: the signal may come before the App has started.
        self._closing_task = asyncio.get_running_loop().create_task(self.close_table(code))

    def _closing_words(self) -> str:
        """What closing does to the game: kept by the journal, or not (it cannot be written)."""
        if self.server.table.journal_failing is not None:
            return _(
                "Every joined seat is told that the table has closed. The game's journal "
                "cannot be written now: the acts not written yet are not kept (the closing "
                "line says where the whole record went, if it could go anywhere)."
            )
        return _(
            "Every joined seat is told that the table has closed. The journal keeps "
            "the game (in the middle of a bank, banque host --resume hosts it again "
            "with its seats)."
        )

    async def close_table(self, code: int) -> None:
        """Tell every seat, stop serving, and leave with ``code``."""
        if self.closing:
            return
        self.closing = True
        self._leaving = True
        self.workers.cancel_group(self, "connection")
        await self.server.close(closing_words(self.server.table))
        self.exit(code)


def run_hosting(hosting: Hosting, play: str | None = None) -> int:
    """A prepared table (a new one, or one ``--resume`` brought back) served and shown
    here; the exit status."""
    table = hosting.table
    status = 0
    try:
        status = asyncio.run(_show(hosting, play))
    finally:
        said = close_journal(table.session, table.pace) if hosting.journal else ""
        with contextlib.suppress(OSError):  # SIGHUP: the terminal may be gone
            print(_("The table is closed."), flush=True)
            if said:
                print(said, flush=True)
    return status


async def _show(hosting: Hosting, play: str | None) -> int:
    server = await start_server(hosting.table, hosting.socket_path, hosting.tcp_port, hosting.gid)
    notices: list[Msg] = []  # the door's, until the screen shows them

    def notice(message: Msg) -> None:
        app = shown[0] if shown else None
        if app is not None:
            app.notice(message)
        else:
            notices.append(message)

    shown: list[HostApp] = []
    door: SshDoor | None = None
    try:
        door = await open_door(hosting, server, notice)
        web = await open_web_door(hosting, server, notice)
    except BaseException:
        if door is not None:
            await door.close()
        await server.close(closing_words(hosting.table))
        raise
    warning = keep_hosting(hosting, server)
    warned = door_warning(door)
    web_warned = web_door_warning(web)
    app = HostApp(
        server,
        play,
        resumed=hosting.resumed,
        warnings=(
            *hosting.warnings,
            *([warning] if warning else []),
            *([tell(warned)] if warned is not None else []),
            *([tell(web_warned)] if web_warned is not None else []),
        ),
        door=door,
        web=web,
    )
    shown.append(app)
    try:
        code = await app.run_async()  # SIGTERM, SIGHUP, SIGQUIT, SIGINT: app.leave_on_signal
    finally:
        if web is not None:
            await web.close()
        if door is not None:
            await door.close()
        await server.close(closing_words(hosting.table))
    return int(code or 0)
