"""A real headless browser for the tests: Debian's chromium, driven through its DevTools
protocol over a websocket (aiohttp's client).

:class:`Browser` starts chromium on a blank page in a profile folder of its own;
:meth:`Browser.tab` opens a page and keeps every byte the page's websockets receive
(a script added before the page's own), so a test reads the text the page was sent to
draw and checks what reached whom; keys are typed as a person types them (DevTools'
key events, to the focused terminal); :meth:`Tab.screenshot` writes a PNG.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import json
import re
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import aiohttp

#: The browser, where Debian installs it (``apt-get install chromium``).
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

_ESCAPES = re.compile(
    r"\x1b\[[0-9;?<>=$]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[=>()][0-9A-Za-z]?"
)

#: Run in each page before its own scripts: what its websockets receive, kept.
_KEEP_RECEIVED = """
window.__received = [];
(() => {
  const Native = window.WebSocket;
  window.WebSocket = function (url, protocols) {
    const socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
    socket.addEventListener("message", (event) => {
      if (typeof event.data !== "string") {
        const bytes = new Uint8Array(event.data);
        let text = "";
        for (const b of bytes) text += String.fromCharCode(b);
        window.__received.push(text);
      }
    });
    return socket;
  };
  window.WebSocket.prototype = Native.prototype;
  Object.assign(window.WebSocket, Native);
})();
"""

#: DevTools' key events for the keys the tests type.
_KEYS: dict[str, tuple[str, str, int, str]] = {
    "enter": ("Enter", "Enter", 13, "\r"),
    "escape": ("Escape", "Escape", 27, ""),
    "tab": ("Tab", "Tab", 9, "\t"),
}


class Browser:
    """A headless chromium, closed with :meth:`close`."""

    def __init__(self, proc: subprocess.Popen[bytes], profile: Path, port: int) -> None:
        self.proc, self.profile, self.port = proc, profile, port
        self.http = aiohttp.ClientSession()

    @classmethod
    async def start(cls, width: int = 1280, height: int = 800) -> Browser:
        assert CHROMIUM is not None
        profile = Path(tempfile.mkdtemp(prefix="bqchrome"))
        proc = subprocess.Popen(
            [
                CHROMIUM,
                "--headless",
                "--no-sandbox",
                "--no-first-run",
                "--no-default-browser-check",
                "--disable-gpu",
                "--disable-extensions",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--metrics-recording-only",
                "--enable-unsafe-swiftshader",
                f"--window-size={width},{height}",
                f"--user-data-dir={profile}",
                "--remote-debugging-address=127.0.0.1",
                "--remote-debugging-port=0",
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        active = profile / "DevToolsActivePort"
        async with asyncio.timeout(30):
            while not (active.exists() and active.read_text().count("\n") >= 1):
                await asyncio.sleep(0.1)
        port = int(active.read_text().split()[0])
        return cls(proc, profile, port)

    async def tab(self, url: str, network: bool = False) -> Tab:
        """A new page at ``url`` (its websockets' bytes kept from the start; ``network``:
        the addresses it asks for kept too, :meth:`Tab.requested`)."""
        async with self.http.put(f"http://127.0.0.1:{self.port}/json/new?about:blank") as reply:
            target = await reply.json()
        socket = await self.http.ws_connect(target["webSocketDebuggerUrl"], max_msg_size=0)
        tab = Tab(socket, target["id"])
        tab.reader = asyncio.create_task(tab._read())
        await tab.call("Page.enable")
        await tab.call("Runtime.enable")
        if network:
            await tab.call("Network.enable")
        await tab.call("Page.addScriptToEvaluateOnNewDocument", source=_KEEP_RECEIVED)
        await tab.call("Page.navigate", url=url)
        return tab

    async def close(self) -> None:
        await self.http.close()
        self.proc.terminate()
        try:
            await asyncio.wait_for(asyncio.to_thread(self.proc.wait), 10)
        except TimeoutError:
            self.proc.kill()
            self.proc.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


class Tab:
    """One page of the browser, spoken to through DevTools."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse, ident: str) -> None:
        self.socket = socket
        self.ident = ident
        self.ids = itertools.count(1)
        self.waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.reader: asyncio.Task[None] | None = None
        #: DevTools' events so far (``method`` and ``params``).
        self.events: list[dict[str, Any]] = []

    async def _read(self) -> None:
        async for message in self.socket:
            if message.type != aiohttp.WSMsgType.TEXT:
                continue
            data = json.loads(message.data)
            if "method" in data:
                self.events.append(data)
            future = self.waiting.pop(data.get("id", -1), None)
            if future is not None and not future.done():
                future.set_result(data)

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        ident = next(self.ids)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.waiting[ident] = future
        await self.socket.send_json({"id": ident, "method": method, "params": params})
        answer = await asyncio.wait_for(future, 30)
        if "error" in answer:
            raise RuntimeError(f"{method}: {answer['error']}")
        return answer.get("result", {})

    async def evaluate(self, expression: str) -> Any:
        result = await self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        return result.get("result", {}).get("value")

    def requested(self) -> list[str]:
        """Every address the page asked for (its requests and websockets)."""
        urls = []
        for event in self.events:
            params = event.get("params", {})
            if event["method"] == "Network.requestWillBeSent":
                urls.append(params["request"]["url"])
            elif event["method"] == "Network.webSocketCreated":
                urls.append(params["url"])
        return urls

    async def page_text(self) -> str:
        """The page's own words (its HTML's text, not the terminal's)."""
        return str(await self.evaluate("document.body ? document.body.innerText : ''") or "")

    async def received(self) -> bytes:
        """Every byte the page's websockets received so far."""
        parts = await self.evaluate("window.__received ? window.__received.join('') : ''")
        return str(parts or "").encode("latin-1")

    async def screen_text(self) -> str:
        """What the terminal in the page was sent to draw, escape sequences taken out."""
        return _ESCAPES.sub("", (await self.received()).decode("utf-8", "replace"))

    async def wait_text(self, words: str, timeout: float = 30, page: bool = False) -> str:
        """Until ``words`` are on the terminal (``page``: in the page's own text)."""
        squeezed = words.replace(" ", "")
        text = ""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout):
                while True:
                    text = await (self.page_text() if page else self.screen_text())
                    if squeezed in text.replace(" ", ""):
                        return text
                    await asyncio.sleep(0.2)
        raise AssertionError(f"{words!r} not shown: {text[-800:]!r}")

    async def type(self, text: str) -> None:
        """Letters typed at the page, as a keyboard types them."""
        for char in text:
            await self.call("Input.dispatchKeyEvent", type="keyDown", text=char, key=char)
            await self.call("Input.dispatchKeyEvent", type="keyUp", key=char)

    async def press(self, name: str) -> None:
        key, code, number, text = _KEYS[name]
        down: dict[str, Any] = {"key": key, "code": code, "windowsVirtualKeyCode": number}
        if text:
            down["text"] = text
        await self.call("Input.dispatchKeyEvent", type="keyDown", **down)
        await self.call("Input.dispatchKeyEvent", type="keyUp", key=key, code=code)

    async def ctrl(self, letter: str) -> None:
        """ctrl and a letter (ctrl+u: \x15 at the terminal)."""
        upper = letter.upper()
        event: dict[str, Any] = {
            "key": letter,
            "code": f"Key{upper}",
            "windowsVirtualKeyCode": ord(upper),
            "modifiers": 2,
        }
        await self.call("Input.dispatchKeyEvent", type="rawKeyDown", **event)
        await self.call("Input.dispatchKeyEvent", type="keyUp", **event)

    async def click(self, x: float, y: float) -> None:
        """The pointer moved to (``x``, ``y``), then a left click there."""
        await self.call("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=y)
        await asyncio.sleep(0.2)
        for kind in ("mousePressed", "mouseReleased"):
            await self.call(
                "Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1
            )

    async def screenshot(self, path: Path) -> None:
        shot = await self.call("Page.captureScreenshot", format="png")
        path.write_bytes(base64.b64decode(shot["data"]))

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self.call("Page.close")
        await self.socket.close()
        if self.reader is not None:
            self.reader.cancel()
