"""The web door for real: the host's own web server, a headless chromium at a seat's
link, and aiohttp's client where a browser is not needed.

A table served on a Unix socket in a temporary folder, its web door on a free
127.0.0.1 port: a seat's link opens the seat's own table in the browser (the
text its terminal was sent, and a screenshot), a key typed there reaches the
table, a closed tab and the same link again sit the seat down again, a second tab
takes the seat over; a wrong link and a link without its key are said in words on
the page; a ticket is good once; no address the browser asks for carries the key
or the token; the seat's token is in its process's environment, never on its
command line (its one-time file gone once read, or once its tab goes); a table
that will not close is ended; a closing door ends every tab's table; the
spectators' link shows the public view, and no byte it receives shows a face-down
card; ``banque host --web`` prints the links and ``--resume``
opens the door again at the same port with the same links.  The browser's tests
are skipped, saying why, where chromium is not installed.
"""

from __future__ import annotations

import ast
import asyncio
import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

import banque.net
from banque.core.messages import tell
from banque.net import web_door
from banque.net.host import (
    Hosting,
    WebOptions,
    open_web_door,
    prepare_hosting,
    start_server,
    web_door_warning,
)
from banque.net.server import TableServer
from banque.net.web_door import WATCH, WebDoor, WebDoorError, browser_language, link_key
from banque.table.screens.hosted import HostApp, JoinLinesScreen

from ..browser import CHROMIUM, Browser
from ..terminal_pty import first_lines
from .door_leaks import chemin_table_of_computers, no_face_down_card_is_received
from .test_net_socket import make_table, until

pytestmark = [pytest.mark.subprocess]

needs_browser = pytest.mark.skipif(
    CHROMIUM is None,
    reason="chromium is not installed (apt-get install chromium): the browser's tests skip",
)

_ESCAPES = re.compile(
    r"\x1b\[[0-9;?<>=$]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[=>()][0-9A-Za-z]?"
)


@pytest.fixture
def folder(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    path = Path(tempfile.mkdtemp(prefix="bqweb", dir="/tmp"))
    path.chmod(0o700)
    monkeypatch.setenv("BANQUE_DATA_DIR", str(path / "data"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


class Door:
    """A served table with its web door, and what the host was told."""

    def __init__(self, server: TableServer, door: WebDoor, hosting: Hosting) -> None:
        self.server, self.door, self.hosting = server, door, hosting
        self.notices: list[str] = []


async def _open(hosting: Hosting) -> Door:
    server = await start_server(hosting.table, hosting.socket_path, None, None)
    said: list[str] = []
    opened = await open_web_door(hosting, server, lambda m: said.append(tell(m)))
    assert opened is not None
    door = Door(server, opened, hosting)
    door.notices = said
    return door


@pytest.fixture
async def door(folder: Path) -> AsyncIterator[Door]:
    table = make_table()
    hosting = Hosting(table, None, None, str(folder / "t.sock"), None, False)
    hosting.web = WebOptions(0)
    opened = await _open(hosting)
    yield opened
    await opened.door.close()
    await opened.server.close()


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    started = await Browser.start()
    yield started
    await started.close()


class WebSeat:
    """A seat's link opened as the page's script opens it (aiohttp's client): the
    key POSTed for a ticket, the ticket's websocket, every byte it receives kept."""

    def __init__(self, http: aiohttp.ClientSession, socket: aiohttp.ClientWebSocketResponse):
        self.http, self.socket = http, socket
        self.screen = bytearray()
        self.reader = asyncio.create_task(self._read())

    @classmethod
    async def open(cls, link: str, width: int = 120, height: int = 36) -> WebSeat:
        base, _, key = link.partition("/#")
        http = aiohttp.ClientSession()
        async with http.post(f"{base}/enter", json={"key": key}) as reply:
            ticket = (await reply.json())["ticket"]
        socket = await http.ws_connect(
            f"{base.replace('http', 'ws', 1)}/ws/{ticket}?width={width}&height={height}"
        )
        return cls(http, socket)

    async def _read(self) -> None:
        async for message in self.socket:
            if message.type == aiohttp.WSMsgType.BINARY:
                self.screen.extend(message.data)

    def text(self) -> str:
        return _ESCAPES.sub("", self.screen.decode("utf-8", "replace"))

    async def read_text(self, words: str, timeout: float = 30) -> None:
        squeezed = words.replace(" ", "")
        async with asyncio.timeout(timeout):
            while squeezed not in self.text().replace(" ", ""):
                await asyncio.sleep(0.05)

    async def close(self) -> None:
        await self.socket.close()
        self.reader.cancel()
        await self.http.close()


def _processes_with(word: bytes) -> list[int]:
    """The processes of this machine with ``word`` among their arguments."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if word in (entry / "cmdline").read_bytes().split(b"\0"):
                found.append(int(entry.name))
        except OSError:
            continue
    return found


def _seat_processes(seat: str, table: str) -> list[int]:
    """The processes of this machine running ``banque join --seat SEAT --table TABLE``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"join" in argv and seat.encode() in argv and table.encode() in argv:
            found.append(int(entry.name))
    return found


# ------------------------------------------------------------------ in the browser


@needs_browser
async def test_a_seat_link_opens_its_own_table_and_a_key_acts(
    door: Door, browser: Browser, folder: Path
) -> None:
    """Ana's link: her own table in the page (its title, her turn), a bid typed there
    reaches the host; the page is sized to the window; a screenshot shows it. Her tab
    closed, the seat is held; the same link sits her down again."""
    link = door.door.link("Ana")
    assert link.startswith(f"http://127.0.0.1:{door.door.port}/#")
    tab = await browser.tab(link, network=True)
    await tab.wait_text("banque — Ana")
    await tab.wait_text("Your turn")
    await until(lambda: door.server.table.connected("Ana"), 20)
    assert any("Ana sat down through the web door" in n for n in door.notices)
    for _attempt in range(3):  # ctrl+u clears the offered amount, then 25
        await tab.ctrl("u")
        await tab.type("25")
        try:
            await tab.wait_text("25", timeout=5)
            break
        except AssertionError:
            continue
    await tab.press("enter")
    await until(lambda: door.server.table.session.game.bids == {"Ana": 25}, 30)
    await tab.wait_text("Waiting for Bruno")
    # the terminal fills the page: less than a row of it is left over
    sizes = await tab.evaluate(
        "[window.innerHeight, document.querySelector('.xterm-screen').offsetHeight]"
    )
    height, drawn = sizes
    opened = next(u for u in tab.requested() if "/ws/" in u)
    rows = int(opened.rsplit("height=", 1)[1])  # the rows the page asked the table for
    assert rows > 20 and 0 <= height - drawn < drawn / rows, (sizes, rows)
    shot = folder / "ana.png"
    await tab.screenshot(shot)
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 20_000
    await tab.close()
    await until(lambda: not door.server.table.connected("Ana"), 20)
    again = await browser.tab(link)  # the same link: the seat again
    await again.wait_text("banque — Ana")
    await until(lambda: door.server.table.connected("Ana"), 20)
    await again.close()


@needs_browser
async def test_a_second_tab_takes_the_seat_over(door: Door, browser: Browser) -> None:
    """The same link in a second tab: the seat is there now; the first tab's table
    ends with the words a terminal shows then, and its page says it has ended."""
    first = await browser.tab(door.door.link("Bruno"))
    await first.wait_text("banque — Bruno")
    await until(lambda: door.server.table.connected("Bruno"), 20)
    second = await browser.tab(door.door.link("Bruno"))
    await second.wait_text("banque — Bruno")
    await first.wait_text("Your seat was joined again from elsewhere")  # its last words
    await first.wait_text(
        "This tab's table has ended (the seat was taken in another tab", page=True
    )
    await until(lambda: door.server.table.connected("Bruno"), 20)
    await first.close()
    await second.close()


@needs_browser
async def test_a_wrong_link_and_a_link_without_its_key_are_said_in_words(
    door: Door, browser: Browser
) -> None:
    port = door.door.port
    wrong = await browser.tab(f"http://127.0.0.1:{port}/#{link_key('another game')}")
    await wrong.wait_text("This link opens no seat at this table", page=True)
    await until(lambda: any("A wrong web link for this table" in n for n in door.notices))
    bare = await browser.tab(f"http://127.0.0.1:{port}/")
    await bare.wait_text("open the whole link the host gave you", page=True)
    assert not door.server.table.connected("Ana")


@needs_browser
async def test_no_address_the_browser_asks_for_carries_the_key(
    door: Door, browser: Browser
) -> None:
    """Every request the page makes (DevTools' network events): none holds the link's
    key or the seat's token in its address; the key goes once, in a POST's body."""
    key = door.door.keys["Chloé"]
    token = door.server.table.token("Chloé")
    tab = await browser.tab(door.door.link("Chloé"), network=True)
    await tab.wait_text("banque — Chloé")
    urls = tab.requested()
    assert any(u.endswith("/enter") for u in urls) and any("/ws/" in u for u in urls), urls
    for url in urls:
        assert key not in url and token not in url, url
    await tab.close()


@needs_browser
async def test_the_spectators_link_shows_the_public_view(door: Door, browser: Browser) -> None:
    tab = await browser.tab(door.door.link(WATCH))
    await tab.wait_text("Watching (public view)")
    shown = await tab.screen_text()
    assert not any(f"banque — {name}" in shown for name in ("Ana", "Bruno", "Chloé"))
    await tab.close()


@needs_browser
async def test_the_mouse_and_the_window_s_size_act_as_in_a_terminal(
    door: Door, browser: Browser
) -> None:
    """A click on the key bar's "p Pass" passes Ana's turn; a narrower window makes a
    narrower table (the page tells the table its new size)."""
    tab = await browser.tab(door.door.link("Ana"), network=True)
    await tab.wait_text("Your turn")
    await until(lambda: door.server.table.connected("Ana"), 20)
    opened = next(u for u in tab.requested() if "/ws/" in u)
    cols = int(opened.split("width=", 1)[1].split("&", 1)[0])
    rows = int(opened.rsplit("height=", 1)[1])
    wide, high = await tab.evaluate(
        "[document.querySelector('.xterm-screen').offsetWidth,"
        " document.querySelector('.xterm-screen').offsetHeight]"
    )
    cell_x, cell_y = wide / cols, high / rows
    await asyncio.sleep(1)
    await tab.click(1.5 * cell_x, (rows - 0.5) * cell_y)  # "p Pass", bottom left
    session = door.server.table.session
    await until(
        lambda: any(e.code == "pass" and e.params == {"who": "Ana"} for e in session.messages), 20
    )
    before = len(await tab.received())
    await tab.call(
        "Emulation.setDeviceMetricsOverride",
        width=700,
        height=500,
        deviceScaleFactor=1,
        mobile=False,
    )
    await tab.evaluate("window.dispatchEvent(new Event('resize'))")

    def resized() -> int | None:  # the size the page last told the table
        for event in reversed(tab.events):
            if event["method"] == "Network.webSocketFrameSent":
                data = event["params"]["response"]["payloadData"]
                if data.startswith('["resize"'):
                    return int(json.loads(data)[1]["width"])
        return None

    await until(lambda: (resized() or cols) < cols, 20)
    async with asyncio.timeout(20):  # the table drawn again at its new size
        while b"palette" not in (await tab.received())[before:]:
            await asyncio.sleep(0.2)
    now = await tab.evaluate("document.querySelector('.xterm-screen').offsetWidth")
    assert now <= 700 < wide
    await tab.close()


# ------------------------------------------------------------------ without a browser


async def test_a_ticket_is_good_once_and_the_token_is_in_the_environment(door: Door) -> None:
    """A ticket opens one websocket: used again, it is refused in words. The seat's
    ``banque join`` holds its token in its environment, never on its command line."""
    base = f"http://127.0.0.1:{door.door.port}"
    token = door.server.table.token("Ana")
    async with aiohttp.ClientSession() as http:
        async with http.post(f"{base}/enter", json={"key": door.door.keys["Ana"]}) as reply:
            ticket = (await reply.json())["ticket"]
        for _wrong in range(5):  # a burst of wrong links: refused each, told the host once
            async with http.post(f"{base}/enter", json={"key": "nope"}) as reply:
                assert reply.status == 403
                assert "This link opens no seat at this table" in (await reply.json())["said"]
        assert sum("A wrong web link" in n for n in door.notices) == 1
        socket = await http.ws_connect(f"{base.replace('http', 'ws')}/ws/{ticket}")
        await until(lambda: bool(_seat_processes("Ana", door.door.address)), 20)
        for pid in _seat_processes("Ana", door.door.address):
            argv = Path(f"/proc/{pid}/cmdline").read_bytes()
            assert token.encode() not in argv
            environ = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
            assert f"BANQUE_TOKEN={token}".encode() in environ or not any(
                e.startswith(b"BANQUE_TOKEN=") for e in environ
            )  # (banque join takes it out of its own environment once read)
        await until(lambda: door.server.table.connected("Ana"), 20)
        again = await http.ws_connect(f"{base.replace('http', 'ws')}/ws/{ticket}")
        said = await again.receive()
        assert b"ticket to the table is used or out of date" in said.data
        await again.close()
        await socket.close()
    await until(lambda: not door.server.table.connected("Ana"), 20)


async def test_the_token_s_file_is_gone_once_read_and_a_closing_door_ends_every_tab(
    door: Door,
) -> None:
    """The seat's token reaches its table through a one-time file of the door's own
    folder, gone once the table has read it. The host closing with a tab open: the
    door closes within a few seconds, no seat's process left, its folder gone."""
    folder = door.door._folder
    assert folder is not None and folder.stat().st_mode & 0o777 == 0o700
    seat = await WebSeat.open(door.door.link("Ana"))
    try:
        await seat.read_text("banque — Ana", timeout=40)
        await until(lambda: door.server.table.connected("Ana"), 20)
        assert not list(folder.glob("*.key"))  # taken, and deleted at once
        assert _seat_processes("Ana", door.door.address)
        started = asyncio.get_running_loop().time()
        await door.door.close()
        assert asyncio.get_running_loop().time() - started < 5
        await until(lambda: not _seat_processes("Ana", door.door.address), 5)
        assert not folder.exists()
    finally:
        await seat.close()


async def test_a_token_s_file_left_unread_goes_with_its_tab(
    door: Door, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A seat's table that never starts (its command a program that does nothing)
    leaves its token's file unread: the file (readable by this user only) goes when
    the tab goes."""
    folder = door.door._folder
    assert folder is not None
    monkeypatch.setattr(door.door, "command", lambda *args: "exec true")
    seat = await WebSeat.open(door.door.link("Bruno"))
    try:
        await until(lambda: bool(list(folder.glob("*.key"))), 10)
        (key,) = folder.glob("*.key")
        assert key.stat().st_mode & 0o777 == 0o600
        assert key.read_text() == door.server.table.token("Bruno")
    finally:
        await seat.close()
    await until(lambda: not list(folder.glob("*.key")), 20)


async def test_a_seat_s_table_that_does_not_close_when_asked_is_ended(
    door: Door, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A tab's table that calls the door as ``web_seat`` does, then ignores being
    asked to close: once its tab has gone it is ended within seconds, by the
    process id it gave (nothing of it left running)."""
    folder = door.door._folder
    assert folder is not None
    marker = f"stuck-{os.getpid()}-{id(door)}"

    def command(seat: str, language: str | None, tab: Any, *sizes: int) -> str:
        code = (
            "import os, socket, sys, time\n"
            "line = socket.socket(socket.AF_UNIX)\n"
            f"line.connect({str(folder / 'door')!r})\n"
            f"line.sendall(b'{tab.tab} %d\\n' % os.getpid())\n"
            "time.sleep(120)\n"
        )
        return shlex.join(["exec", sys.executable, "-c", code, marker])

    monkeypatch.setattr(door.door, "command", command)
    # the table asked to close, then given its time to end: shortened here (the same steps)
    monkeypatch.setattr(web_door, "STOP_SECONDS", 1)
    monkeypatch.setattr(web_door, "END_SECONDS", 1)

    def running() -> list[int]:
        return _processes_with(marker.encode())

    seat = await WebSeat.open(door.door.link("Chloé"))
    try:
        await until(lambda: bool(running()), 20)
        await until(lambda: any(s.pid for s in door.door.seats.values()), 20)
    finally:
        await seat.close()
    await until(lambda: not running(), 20)


def test_the_door_uses_textual_serve_s_public_api_only() -> None:
    """No private member of textual-serve's app service is read, called or replaced
    by the web door (a newer textual-serve may change them)."""

    async def nothing(*args: object) -> None:
        return None

    service = AppService(
        "true", write_bytes=nothing, write_str=nothing, close=nothing,
        download_manager=DownloadManager(),
    )  # fmt: skip
    private = {
        name
        for name in [*vars(AppService), *vars(service)]
        if name.startswith("_") and not name.startswith("__")
    }
    assert "_process" in private and "_build_environment" in private
    for module in ("web_door.py", "web_seat.py"):
        tree = ast.parse((Path(banque.net.__file__).parent / module).read_text())
        used = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
        used |= {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
        used |= {
            n.value
            for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str)
        }
        assert not used & private, (module, used & private)


@pytest.mark.parametrize(
    ("game", "words"),
    [
        ("banque-classic", "banque — Ana"),
        ("banque-hoyle", "banque — Ana"),
        ("chemin-de-fer", "Ana: take any part of the"),  # her banco, offered to her
        ("punto-banco", "Your bets"),
    ],
)
async def test_each_game_opens_at_a_seat_link(folder: Path, game: str, words: str) -> None:
    """banque under its other houses, chemin de fer and punto banco: Ana's link opens
    her own table (the bytes a browser receives)."""
    rules, family = ("home", game) if not game.startswith("banque-") else (game[7:], "banque")
    hosting = prepare_hosting(
        ["Ana", "Bruno", "Chloé"],
        computers={"Bruno": "cautious", "Chloé": "bold"},
        seed=5,
        pace=0,
        forced_moves="announced",
        takeover=False,
        journal=False,
        group=None,
        seat_users=None,
        rules=rules,
        options=None,
        socket_path=str(folder / "t.sock"),
        tcp_port=None,
        game=family,
        web=WebOptions(0),
    )
    opened = await _open(hosting)
    seat = await WebSeat.open(opened.door.link("Ana"))
    try:
        await seat.read_text(words, timeout=40)
        await until(lambda: opened.server.table.connected("Ana"), 20)
    finally:
        await seat.close()
        await opened.door.close()
        await opened.server.close()


async def test_no_concealed_card_reaches_a_browser_of_another_seat(folder: Path) -> None:
    """The leak test through the web door (tests/net/door_leaks.py), watched at the
    spectators' link: no face-down card in any byte the spectator's page received."""
    hosting = chemin_table_of_computers(folder, web=WebOptions(0))
    opened = await _open(hosting)
    watcher = await WebSeat.open(opened.door.link(WATCH))
    try:
        await watcher.read_text("Chemin de fer", timeout=40)
        await no_face_down_card_is_received(
            hosting.table.session.game, watcher.text, watcher.read_text, seconds=150
        )
    finally:
        await watcher.close()
        await opened.door.close()
        await opened.server.close()


def test_a_web_door_open_beyond_this_machine_is_said_in_words() -> None:
    for bind, warned in (("127.0.0.1", False), ("::1", False), ("localhost", False),
                         ("0.0.0.0", True), ("192.168.1.5", True)):  # fmt: skip
        door = WebDoor("/tmp/t.sock", {"Ana": "token"}, port=8080, bind=bind)
        said = web_door_warning(door)
        assert (said is not None) == warned, bind
        if said is not None:
            assert f"The web door listens on {bind}: anyone who can reach" in tell(said)
    assert web_door_warning(None) is None
    everywhere = WebDoor("/tmp/t.sock", {"Ana": "token"}, port=8080, bind="0.0.0.0")
    assert everywhere.link("Ana") == f"http://HOST:8080/#{link_key('token')}"
    assert (
        WebDoor("/t", {"Ana": "t"}, port=1, bind="::1").link("Ana").startswith("http://[::1]:1/#")
    )


def test_the_link_key_is_the_token_s_hmac_and_the_browser_s_language_is_heard() -> None:
    key = link_key("StoBYzhpnF77b0kKt7wjKBeL")
    assert key == link_key("StoBYzhpnF77b0kKt7wjKBeL") and len(key) == 24
    assert "StoBYzhpnF77b0kKt7wjKBeL" not in key and key != link_key("another")
    assert browser_language("fr-FR,fr;q=0.9,en;q=0.8") == "fr"
    assert browser_language("de-DE,es;q=0.5") == "es"
    assert browser_language("de") is None


@pytest.mark.pilot
async def test_the_host_s_j_shows_the_web_door_s_links(door: Door) -> None:
    app = HostApp(door.server, None, blink=False, web=door.door)
    app.animation_level = "none"
    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, JoinLinesScreen)
        text = " ".join(str(w.render()) for w in app.screen.query("Static"))
        assert f"Web door on 127.0.0.1:{door.door.port}" in text
        for name in ("Ana", "Bruno", "Chloé", WATCH):
            assert door.door.link(name) in text


# ------------------------------------------------------------------ banque host --web


async def _host(folder: Path, *args: str) -> asyncio.subprocess.Process:
    env = {**os.environ, "BANQUE_DATA_DIR": str(folder / "data")}
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "banque", "host", *args,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, env=env,
    )  # fmt: skip


async def test_banque_host_opens_the_web_door_and_resume_opens_it_again(folder: Path) -> None:
    """``banque host --web`` prints the links after the join lines; Ana sits down at
    hers and bids; SIGTERM keeps the game, and ``banque host --resume`` opens the web
    door again at the same port, where the same link opens her seat."""
    sock = folder / "t.sock"
    proc = await _host(
        folder, "--players", "Ana,Bruno,Chloé", "--computer", "Chloé", "--pace", "0",
        "--socket", str(sock), "--web", "0", "--log",
    )  # fmt: skip
    try:
        lines = await first_lines(proc, 9)
        assert lines[5].startswith("Web door on 127.0.0.1:"), lines
        port = int(lines[5].split(":")[1].split(" ")[0])
        assert lines[6].startswith(f"  Ana: http://127.0.0.1:{port}/#")
        assert lines[8].startswith(f"  Spectators: http://127.0.0.1:{port}/#")
        link = lines[6].split(": ", 1)[1].strip()
        seat = await WebSeat.open(link)
        try:
            await seat.read_text("Your turn", timeout=40)
            await asyncio.sleep(0.5)
            await seat.socket.send_json(["stdin", "\x1510"])
            await seat.read_text("10", timeout=10)
            await seat.socket.send_json(["stdin", "\r"])
            assert proc.stdout is not None
            async with asyncio.timeout(20):
                while b"Ana bids 10" not in await proc.stdout.readline():
                    pass
        finally:
            await seat.close()
        proc.send_signal(signal.SIGTERM)  # in the middle of a bank: kept to host again
        await asyncio.wait_for(proc.communicate(), 20)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    again = await _host(folder, "--resume", "--log")
    try:
        lines = await first_lines(again, 10)
        assert lines[0].startswith("Game ") and " resumed at bank 1" in lines[0]
        assert lines[6] == f"Web door on 127.0.0.1:{port} (a browser opens the link):\n"
        assert lines[7].strip() == f"Ana: {link}"  # the same link
        seat = await WebSeat.open(link)
        try:
            await seat.read_text("banque — Ana", timeout=40)
        finally:
            await seat.close()
        again.send_signal(signal.SIGTERM)
        await asyncio.wait_for(again.communicate(), 20)
    finally:
        if again.returncode is None:
            again.kill()
            await again.wait()


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--bind", "0.0.0.0"], "--bind is the doors': give --ssh PORT or --web PORT with it"),
        (["--web", "0", "--bind", "my laptop"], "--bind my laptop: not an address"),
        (["--ssh", "0", "--bind", "300.1.1.1"], "--bind 300.1.1.1: not an address"),
    ],
)
async def test_a_wrong_bind_is_said_in_words(folder: Path, args: list[str], said: str) -> None:
    proc = await _host(folder, "--players", "Ana,Bruno,Chloé", "--log", "--no-journal", *args)
    _, err = await asyncio.wait_for(proc.communicate(), 30)
    assert proc.returncode == 2
    assert said in err.decode(), err


def test_the_table_s_start_loads_no_web_library() -> None:
    """aiohttp and textual-serve load only when a host opens the web door."""
    code = (
        "import sys, banque.cli, banque.cli.host, banque.net.host, banque.table.app\n"
        "import banque.table.screens.hosted, banque.table.screens.joined\n"
        "print(','.join(m for m in sys.modules if m.split('.')[0] in ('aiohttp', 'textual_serve')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.strip() == ""


async def test_a_port_in_use_is_said_in_words(folder: Path) -> None:
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    try:
        door = WebDoor(str(folder / "t.sock"), {"Ana": "token"}, port=port)
        with pytest.raises(WebDoorError) as refused:
            await door.start()
        assert f"the web door cannot open on 127.0.0.1:{port} (" in tell(refused.value.msg)
    finally:
        taken.close()


async def test_the_page_speaks_the_browser_s_language(door: Door) -> None:
    """The page's words and a refusal come in the browser's language (banque's three),
    else the host's."""
    base = f"http://127.0.0.1:{door.door.port}"
    async with aiohttp.ClientSession() as http:
        async with http.get(f"{base}/", headers={"Accept-Language": "es-ES,es;q=0.9"}) as page:
            assert "Abriendo su puesto en la mesa…" in await page.text()
        async with http.post(
            f"{base}/enter", json={"key": "nope"}, headers={"Accept-Language": "fr-FR"}
        ) as reply:
            assert "Ce lien n'ouvre aucune place à cette table" in (await reply.json())["said"]
        async with http.get(f"{base}/", headers={"Accept-Language": "de-DE"}) as page:
            assert "Opening your seat at the table…" in await page.text()
