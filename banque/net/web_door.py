"""The web door: ``banque host --web PORT`` lets a friend sit down with a browser.

A small web server inside the host (aiohttp) serves each seat's own table — the
same Textual screens, drawn in the page by textual-serve's terminal (xterm.js) —
at a link that carries the seat's credential: ``http://HOST:PORT/#KEY``, the key
an HMAC of the seat's token (the same link after ``banque host --resume``), and
the spectators' table at a link of their own.

The key rides in the link's fragment, which a browser never sends: the page's
script reads it and POSTs it once to ``/enter``, which answers a one-time ticket;
the page then opens ``/ws/TICKET`` (the ticket is good once, for a few seconds),
and the door runs the seat's ``banque join`` — its token in its environment,
never on a command line (``web_seat`` takes it from a one-time file of the door's
private folder) — through textual-serve's app service, keys, mouse and
page size one way, the screen the other.  The server keeps no access log.  A
wrong link, an expired or used ticket, are said in words on the page.  A second
tab with the same link takes the seat over, as a second terminal does.

Loopback unless ``--bind`` says otherwise (then the host is warned in words).
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import hmac
import html
import json
import logging
import os
import re
import secrets
import shlex
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import textual_serve
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

from ..core.messages import N_, Msg, Translator, os_reason
from ..core.messages import tell as say
from ..i18n import LANGUAGES, translation
from .bind import LOOPBACK, open_beyond, shown_host

__all__ = ["WATCH", "WebDoor", "WebDoorError", "link_key"]

#: The spectators' name at the door.
WATCH = "watch"
#: Seconds a ticket from ``/enter`` is good for (it is used at once by the page).
TICKET_SECONDS = 30
#: Seconds a seat's table has to close once its tab is gone, before it is ended.
STOP_SECONDS = 5
#: Seconds between two notices of wrong links from one address (a burst is one line).
WRONG_NOTICE_SECONDS = 10
#: The largest message a page may send (keys typed, a paste, a resize).
MESSAGE_MOST = 64 * 1024
#: The terminal's size a page may ask for, in cells.
COLUMNS_MOST, ROWS_MOST = 500, 200
#: Seconds a seat's table has once asked to close (or ended), before it is ended.
END_SECONDS = 3
#: The most of those words a page is sent.
FAREWELL_MOST = 4096
#: Escape sequences and control characters, kept out of the last words a page is sent.
_CONTROLS = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|[\x00-\x08\x0b-\x1f\x7f]")
#: textual-serve's files (xterm.js and its styles, served under ``/static``).
STATIC = Path(textual_serve.__file__).parent / "static"

# The door's libraries say nothing on the host's screen (no access log, no warnings).
for _name in ("aiohttp", "aiohttp.access", "aiohttp.server", "aiohttp.web", "textual-serve"):
    logging.getLogger(_name).addHandler(logging.NullHandler())
    logging.getLogger(_name).propagate = False


class WebDoorError(Exception):
    """The door cannot open (its port): ``msg`` says why."""

    def __init__(self, msg: Msg) -> None:
        super().__init__(str(msg))
        self.msg = msg


def link_key(token: str) -> str:
    """A seat's link key: an HMAC of its token (the token itself never leaves the host)."""
    digest = hmac.new(token.encode("utf-8"), b"banque web door link", hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:18]).decode("ascii")


def browser_language(header: str) -> str | None:
    """The first of banque's languages a browser asks for (``Accept-Language``)."""
    for part in header.split(",")[:20]:
        tag = part.split(";")[0].strip().lower()
        base = tag.replace("_", "-").split("-")[0]
        if base in LANGUAGES:
            return base
    return None


def _speaking(request: web.Request) -> Translator | None:
    """The browser's language, if banque speaks it (else the host's: ``None``)."""
    language = browser_language(request.headers.get("Accept-Language", ""))
    if language is None:
        return None
    catalogue = translation(language)
    return Translator(catalogue.gettext, catalogue.ngettext)


@dataclass
class _Seat:
    """One tab's seat table as the door knows it: its files in the door's folder,
    and the line its ``web_seat`` keeps open to the door until the table ends."""

    tab: str
    #: Where the seat's table leaves its last words (its standard error).
    farewell: Path
    #: The seat's token for ``web_seat`` to take (and delete) at once, if a seat's.
    key: Path | None = None
    #: The seat's table's process (as ``web_seat`` said, on the door's line).
    pid: int | None = None
    #: Set once the table's line to the door has closed: the table has ended.
    ended: asyncio.Event = field(default_factory=asyncio.Event)
    #: The tab has gone: a ``web_seat`` calling now is refused (it runs no table).
    gone: bool = False

    def last_words(self) -> str:
        """What the seat's table said as it ended (a seat taken over, a refusal)."""
        try:
            with self.farewell.open("rb") as words:
                text = words.read(FAREWELL_MOST).decode("utf-8", "replace")
        except OSError:
            return ""
        return _CONTROLS.sub("", text).strip()

    def forget(self) -> None:
        """The tab is gone: its files go (a key left unread, the last words)."""
        for path in (self.key, self.farewell):
            if path is not None:
                path.unlink(missing_ok=True)


@dataclass
class _Ticket:
    seat: str
    language: str | None
    until: float


#: The page every link opens: its script reads the key from the fragment, trades it
#: for a ticket, then starts textual-serve's terminal on the ticket's websocket.
_PAGE = """<!DOCTYPE html>
<html><head><meta charset="utf-8">
<meta name="referrer" content="no-referrer">
<title>banque</title>
<link rel="stylesheet" href="/static/css/xterm.css">
<style>
html, body {{ margin: 0; padding: 0; width: 100%; height: 100%; overflow: hidden;
  background: #0c181f; color: #eee; font: 18px sans-serif; }}
#said {{ padding: 2em; max-width: 44em; line-height: 1.5; }}
.textual-terminal {{ position: fixed; top: 0; left: 0; width: 100vw; height: 100vh; }}
#ended {{ display: none; position: fixed; left: 0; right: 0; bottom: 0; z-index: 30;
  padding: 0.6em 1em; background: #5e0b2b; }}
body.-closed #ended {{ display: block; }}
</style></head>
<body>
<div id="said" role="status">{opening}</div>
<div id="ended" role="alert">{ended}</div>
<script>
(async () => {{
  const said = document.getElementById("said");
  const key = decodeURIComponent(location.hash.slice(1));
  if (!key) {{ said.textContent = {no_key}; return; }}
  let answer = null;
  try {{
    const reply = await fetch("/enter", {{method: "POST", cache: "no-store",
      headers: {{"Content-Type": "application/json"}}, body: JSON.stringify({{key: key}})}});
    answer = await reply.json();
  }} catch (error) {{ said.textContent = {unreachable}; return; }}
  if (!answer.ticket) {{ said.textContent = answer.said; return; }}
  document.title = answer.title;
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  const terminal = document.createElement("div");
  terminal.className = "textual-terminal";
  terminal.dataset.sessionWebsocketUrl = scheme + location.host + "/ws/" + answer.ticket;
  terminal.dataset.fontSize = "16";
  said.remove();
  document.body.appendChild(terminal);
  const script = document.createElement("script");
  script.src = "/static/js/textual.js";
  script.onload = () => {{
    window.onload();  // textual-serve's start: the terminal, sized to the page, connected
    const keys = document.querySelector(".xterm-helper-textarea");
    if (keys) keys.focus();  // keys go to the table at once
  }};
  document.head.appendChild(script);
}})();
</script>
</body></html>
"""


class WebDoor:
    """The host's web server, one seat's ``banque join`` a browser tab.

    ``address``: the table's socket, which each seat's ``banque join`` connects to;
    ``tokens``: each human seat's token; ``notice``: what the host should hear (a
    seat come in, a wrong link)."""

    def __init__(
        self,
        address: str,
        tokens: Mapping[str, str],
        *,
        port: int,
        bind: str = LOOPBACK,
        notice: Callable[[Msg], None] | None = None,
    ) -> None:
        self.address = address
        self.port = port
        self.bind = bind
        self.notice = notice or (lambda msg: None)
        self.tokens = dict(tokens)
        #: Each seat's link key, and the spectators' (new each time the door opens).
        self.keys = {name: link_key(token) for name, token in tokens.items()}
        self.keys[WATCH] = base64.urlsafe_b64encode(secrets.token_bytes(18)).decode("ascii")
        self.tickets: dict[str, _Ticket] = {}
        #: When each address was last told of for a wrong link (to say a burst once).
        self._wrong_told: dict[str, float] = {}
        self.sockets: set[web.WebSocketResponse] = set()
        #: Each open tab's seat table (textual-serve's app service), until it has ended.
        self.services: dict[AppService, _Seat] = {}
        #: Each open tab's seat by its tab's name (what its ``web_seat`` tells the door).
        self.seats: dict[str, _Seat] = {}
        self._downloads = DownloadManager()
        self._runner: web.AppRunner | None = None
        #: The door's own folder (0700): each tab's table's last words, until read;
        #: its seat's token, until its ``web_seat`` takes it; the door's socket.
        self._folder: Path | None = None
        #: Where each tab's ``web_seat`` calls the door (in the door's folder).
        self._lines: asyncio.AbstractServer | None = None

    # ------------------------------------------------------------ what the host says

    def open_to_others(self) -> bool:
        return open_beyond(self.bind)

    def link(self, seat: str, host: str | None = None) -> str:
        """The link a friend opens for ``seat`` (or ``watch``)."""
        return f"http://{host or shown_host(self.bind)}:{self.port}/#{self.keys[seat]}"

    def lines(self, host: str | None = None) -> list[str]:
        """Each seat's link, and the spectators'."""
        out = [say(Msg(N_("Web door on {bind}:{port} (a browser opens the link):"),
                       bind=self.bind, port=self.port))]  # fmt: skip
        for name in self.keys:
            if name != WATCH:
                out.append(f"  {name}: {self.link(name, host)}")
        out.append("  " + say(Msg(N_("Spectators: {link}"), link=self.link(WATCH, host))))
        return out

    # ------------------------------------------------------------ opening, closing

    async def start(self) -> None:
        app = web.Application(client_max_size=MESSAGE_MOST)
        app.add_routes(
            [
                web.get("/", self._page),
                web.post("/enter", self._enter),
                web.get("/ws/{ticket}", self._websocket),
                web.static("/static", STATIC),
            ]
        )
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.bind, self.port, reuse_address=True)
        try:
            await site.start()
            self._folder = Path(tempfile.mkdtemp(prefix="banque-web-"))
            self._lines = await asyncio.start_unix_server(self._seat_called, self._folder / "door")
        except OSError as exc:
            await self._runner.cleanup()
            self._runner = None
            if self._folder is not None:
                shutil.rmtree(self._folder, ignore_errors=True)
                self._folder = None
            raise WebDoorError(
                Msg(
                    N_("the web door cannot open on {bind}:{port} ({why})"),
                    bind=self.bind,
                    port=self.port,
                    why=os_reason(exc),
                )
            ) from None
        if self.port == 0:
            for address in self._runner.addresses:  # the port the system chose
                self.port = int(address[1])
                break

    async def close(self) -> None:
        for socket in list(self.sockets):
            with contextlib.suppress(Exception):
                await socket.close()
        await asyncio.gather(*(self._stop(s, seat) for s, seat in list(self.services.items())))
        if self._lines is not None:
            self._lines.close()
            self._lines = None
        if self._runner is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._runner.cleanup(), STOP_SECONDS + 2)
            self._runner = None
        if self._folder is not None:
            shutil.rmtree(self._folder, ignore_errors=True)
            self._folder = None

    # ------------------------------------------------------------ the page, the key

    async def _page(self, request: web.Request) -> web.Response:
        speaking = _speaking(request)
        words = {
            "opening": html.escape(say(Msg(N_("Opening your seat at the table…")), speaking)),
            "ended": html.escape(
                say(
                    Msg(
                        N_(
                            "This tab's table has ended (the seat was taken in another tab or "
                            "terminal, or the table closed). Reload the page to sit down again."
                        )
                    ),
                    speaking,
                )
            ),
            "no_key": json.dumps(
                say(
                    Msg(
                        N_(
                            "This address opens no seat by itself: open the whole link the "
                            "host gave you (it ends with # and a key)."
                        )
                    ),
                    speaking,
                )
            ),
            "unreachable": json.dumps(
                say(Msg(N_("The table cannot be reached: the host may have closed it.")), speaking)
            ),
        }
        return web.Response(
            text=_PAGE.format(**words),
            content_type="text/html",
            headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"},
        )

    def _peer(self, request: web.Request) -> str:
        return str(request.remote or "?")

    async def _enter(self, request: web.Request) -> web.Response:
        """A link's key traded for a one-time ticket (or refused in words)."""
        try:
            body = await request.json()
            key = body.get("key") if isinstance(body, dict) else None
        except (ValueError, UnicodeDecodeError):
            key = None
        seat = None
        if isinstance(key, str) and key:
            for name, known in self.keys.items():
                if hmac.compare_digest(key.encode("utf-8", "replace"), known.encode("ascii")):
                    seat = name
        now = time.monotonic()
        if seat is None:
            peer = self._peer(request)
            if now - self._wrong_told.get(peer, -WRONG_NOTICE_SECONDS) >= WRONG_NOTICE_SECONDS:
                if len(self._wrong_told) > 1000:
                    self._wrong_told.clear()
                self._wrong_told[peer] = now
                self.notice(
                    Msg(N_("A wrong web link for this table (from {peer}): refused."), peer=peer)
                )
            said = say(
                Msg(
                    N_(
                        "This link opens no seat at this table: it may be mistyped, or from "
                        "another game. Ask the host for your seat's link (j on the host's "
                        "screen shows them)."
                    )
                ),
                _speaking(request),
            )
            return web.json_response({"said": said}, status=403)
        for old in [t for t, held in self.tickets.items() if held.until < now]:
            del self.tickets[old]
        ticket = secrets.token_urlsafe(24)
        language = browser_language(request.headers.get("Accept-Language", ""))
        self.tickets[ticket] = _Ticket(seat, language, now + TICKET_SECONDS)
        title = "banque" if seat == WATCH else f"banque — {seat}"
        return web.json_response(
            {"ticket": ticket, "title": title}, headers={"Cache-Control": "no-store"}
        )

    # ------------------------------------------------------------ a seat's tab

    def command(
        self, seat: str, language: str | None, tab: _Seat, width: int = 80, height: int = 24
    ) -> str:
        """The seat's ``banque join`` (by this interpreter, through ``web_seat``), as
        textual-serve runs it: no secret in it (the token's file is the door's)."""
        assert self._folder is not None
        argv = [sys.executable, "-m", "banque.net.web_seat", "--door", str(self._folder / "door")]
        argv += ["--tab", tab.tab, "--words", str(tab.farewell)]
        if tab.key is not None:
            argv += ["--key", str(tab.key)]
        argv += ["--columns", str(width), "--rows", str(height), "--", "join"]
        argv += ["--watch"] if seat == WATCH else ["--seat", seat]
        argv += ["--table", self.address]
        if language:
            argv += ["--lang", language]
        return "exec " + shlex.join(argv)

    async def _websocket(self, request: web.Request) -> web.WebSocketResponse:
        held = self.tickets.pop(request.match_info["ticket"], None)
        socket = web.WebSocketResponse(heartbeat=15, max_msg_size=MESSAGE_MOST)
        await socket.prepare(request)
        if held is None or held.until < time.monotonic():
            said = say(
                Msg(
                    N_(
                        "This tab's ticket to the table is used or out of date: reload the "
                        "page to sit down again."
                    )
                ),
                _speaking(request),
            )
            await socket.send_bytes(f"\r\n  {said}\r\n".encode())
            await socket.close()
            return socket
        width = _whole(request.query.get("width"), 80, COLUMNS_MOST)
        height = _whole(request.query.get("height"), 24, ROWS_MOST)
        assert self._folder is not None

        async def left() -> None:  # the table said it ends: its last words come first
            pass

        name = secrets.token_hex(12)  # the tab's files' name: none can be guessed
        token = self.tokens.get(held.seat)
        seat = _Seat(name, self._folder / f"{name}.txt")
        if token is not None:
            seat.key = self._folder / f"{name}.key"
        service = AppService(
            self.command(held.seat, held.language, seat, width, height),
            write_bytes=socket.send_bytes,
            write_str=socket.send_str,
            close=left,
            download_manager=self._downloads,
        )
        self.sockets.add(socket)
        self.services[service] = seat
        self.seats[seat.tab] = seat
        if held.seat != WATCH:
            self.notice(
                Msg(
                    N_("{seat} sat down through the web door (from {peer})."),
                    seat=held.seat,
                    peer=self._peer(request),
                )
            )
        try:
            if seat.key is not None and token is not None:
                _write_key(seat.key, token)
            await service.start(width, height)
            ending = asyncio.create_task(self._farewell(socket, seat))
            try:
                await self._from_page(socket, service)
            finally:
                await self._stop(service, seat)
                ending.cancel()
        except (ConnectionError, asyncio.CancelledError):
            pass
        except OSError as exc:
            said = say(Msg(N_("The seat's table cannot start ({why})."), why=os_reason(exc)))
            with contextlib.suppress(Exception):
                await socket.send_bytes(f"\r\n  {said}\r\n".encode())
        finally:
            self.sockets.discard(socket)
            self.services.pop(service, None)
            self.seats.pop(seat.tab, None)
            seat.forget()
            with contextlib.suppress(Exception):  # (never started: no input)
                service.stdin.close()  # its input's pipe closed too: nothing left open
            with contextlib.suppress(Exception):
                await socket.close()
        return socket

    @staticmethod
    async def _farewell(socket: web.WebSocketResponse, seat: _Seat) -> None:
        """The seat's table has ended: its last words to the page (as a terminal shows
        them after the table), then the page is told the tab's table has ended."""
        await seat.ended.wait()
        said = seat.last_words()
        with contextlib.suppress(Exception):
            if said:
                text = said.replace("\r\n", "\n").replace("\n", "\r\n")
                await socket.send_bytes(f"\x1b[0m\x1b[2J\x1b[H\r\n  {text}\r\n".encode())
            await socket.close()

    async def _from_page(self, socket: web.WebSocketResponse, service: AppService) -> None:
        """What the page sends (textual-serve's messages): keys, sizes, focus."""
        async for message in socket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
            except ValueError:
                continue
            if not isinstance(envelope, list) or not envelope:
                continue
            kind = envelope[0]
            data = envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(data, str):
                await service.send_bytes(data.encode("utf-8"))
            elif kind == "resize" and isinstance(data, dict):
                await service.set_terminal_size(
                    _whole(data.get("width"), 80, COLUMNS_MOST),
                    _whole(data.get("height"), 24, ROWS_MOST),
                )
            elif kind == "ping" and isinstance(data, str):
                await socket.send_json(["pong", data[:40]])
            elif kind == "blur":
                await service.blur()
            elif kind == "focus":
                await service.focus()

    async def _seat_called(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        """A tab's ``web_seat`` calls: which tab, its process; the line stays open
        until that process (become ``banque join``) has ended."""
        seat = None
        try:
            said = await asyncio.wait_for(reader.readline(), 10)
            tab, _, pid = said.decode("ascii", "replace").strip().partition(" ")
            seat = self.seats.get(tab)
            if seat is None or seat.gone or seat.pid is not None or not pid.isdigit():
                seat = None
                return
            seat.pid = int(pid)
            writer.write(b"ok\n")  # known: the table may start
            await writer.drain()
            await reader.read()  # nothing more is said: the line closes as the table ends
        except (OSError, TimeoutError, ValueError):
            pass
        finally:
            if seat is not None:
                seat.ended.set()
            writer.close()

    @staticmethod
    async def _stop(service: AppService, seat: _Seat) -> None:
        """The tab is gone: the seat's table is asked to close (the seat held at the
        table), and ended if it has not within a few seconds; the door waits until
        its process is gone."""
        seat.gone = True
        with contextlib.suppress(Exception):
            await asyncio.wait_for(asyncio.shield(service.stop()), STOP_SECONDS)
        if seat.pid is None:
            return  # no table started (a late ``web_seat`` is refused: it runs none)
        try:
            await asyncio.wait_for(seat.ended.wait(), END_SECONDS)
        except TimeoutError:
            if not seat.ended.is_set():  # its line still open: the process is still it
                with contextlib.suppress(ProcessLookupError):
                    os.kill(seat.pid, signal.SIGKILL)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(seat.ended.wait(), 5)
        await _reaped(seat.pid)


async def _reaped(pid: int) -> None:
    """Once the ended process ``pid`` has been reaped (by asyncio, which started it),
    and the loop has heard of it: nothing of it is left behind."""
    for _tick in range(100):
        try:
            os.kill(pid, 0)
        except (ProcessLookupError, PermissionError):
            break
        await asyncio.sleep(0.02)
    await asyncio.sleep(0.02)  # asyncio's word that it has ended, heard by the loop


def _write_key(path: Path, token: str) -> None:
    """The seat's token in a new file only this user reads (``web_seat`` deletes it)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    with os.fdopen(fd, "wb") as key:
        key.write(token.encode("utf-8"))


def _whole(value: object, default: int, most: int) -> int:
    """A size the page sent, kept between 1 and ``most``."""
    try:
        number = int(value)  # type: ignore[call-overload]
    except (TypeError, ValueError):
        return default
    return max(1, min(number, most))
