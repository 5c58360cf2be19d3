"""Where host and join meet, and what they refuse: the socket's folder, table addresses.

Without ``XDG_RUNTIME_DIR`` (an sshd without PAM) ``banque host`` and ``banque join``
must still compute the same folder, and a folder someone else prepared (another
account's, a symbolic link, one others may write in) is refused in one line that says
what to do.  A bad address (``tcp:99999``, an escape sequence) is one line too.  The
system's folders are not touched: ``/run/user`` and ``/tmp`` are pointed at the test's
own (``RUN_USER``, ``TEMP_ROOT``).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from banque.cli import main
from banque.net import server as S
from banque.net.client import Address, TableClient, parse_address
from banque.net.server import TableError, TableServer, join_socket, socket_folders

from .test_net_socket import make_table, short_dir  # noqa: F401  (a fixture)

UID = os.geteuid()


@pytest.fixture
def roots(short_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Path, Path]]:  # noqa: F811
    """(run/user, tmp) of the test's own; no XDG_RUNTIME_DIR, no BANQUE_RUNTIME_DIR."""
    run, tmp = short_dir / "run", short_dir / "tmp"
    run.mkdir()
    tmp.mkdir()
    tmp.chmod(0o1777)  # as /tmp is
    monkeypatch.setattr(S, "RUN_USER", run)
    monkeypatch.setattr(S, "TEMP_ROOT", tmp)
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    monkeypatch.delenv("BANQUE_RUNTIME_DIR", raising=False)
    yield run, tmp


def told(exc: pytest.ExceptionInfo[TableError]) -> str:
    from banque.core.messages import tell_error

    return tell_error(exc.value)


# ------------------------------------------------------------------ which folder


def test_the_folders_in_order(roots: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    run, tmp = roots
    assert socket_folders() == [tmp / f"banque-{UID}"]  # nothing else: banque's own in /tmp
    mine = run / str(UID)
    mine.mkdir(mode=0o700)
    assert socket_folders() == [mine / "banque", tmp / f"banque-{UID}"]  # a desktop's folder
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(mine))
    assert socket_folders() == [mine / "banque", tmp / f"banque-{UID}"]
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp))
    assert socket_folders() == [tmp / "banque", mine / "banque", tmp / f"banque-{UID}"]
    monkeypatch.setenv("XDG_RUNTIME_DIR", "relative/path")  # not a runtime dir: ignored
    assert socket_folders()[0] == mine / "banque"
    monkeypatch.setenv("BANQUE_RUNTIME_DIR", str(tmp / "mine"))
    assert socket_folders() == [tmp / "mine"]  # still overrides everything


def test_another_accounts_run_user_folder_is_not_a_candidate(roots: tuple[Path, Path]) -> None:
    run, tmp = roots
    (run / str(UID)).mkdir(mode=0o777)
    (run / str(UID)).chmod(0o777)  # written by anyone: not a runtime dir
    assert socket_folders() == [tmp / f"banque-{UID}"]


def test_the_folder_does_not_hang_on_platformdirs(
    roots: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A pre-created /tmp/runtime-UID made platformdirs raise: the folder no longer asks it."""
    import platformdirs

    def refuses(*args: object, **kwargs: object) -> str:
        raise PermissionError("runtime directory /tmp/runtime-0 is a symlink")

    monkeypatch.setattr(platformdirs, "user_runtime_dir", refuses)
    assert S.runtime_dir() == roots[1] / f"banque-{UID}"
    assert join_socket() == roots[1] / f"banque-{UID}" / "table.sock"


# ------------------------------------------------------------------ host and join meet


@pytest.mark.subprocess
async def test_without_xdg_runtime_dir_host_and_join_meet(roots: tuple[Path, Path]) -> None:
    _run, tmp = roots
    async with TableServer(make_table()) as server:  # no --socket
        folder = tmp / f"banque-{UID}"
        assert server.socket_path == folder / "table.sock"
        assert folder.stat().st_mode & 0o777 == 0o700  # made private
        assert parse_address(None) == Address(folder / "table.sock")
        seat = await TableClient.open(parse_address(None))
        assert (await seat.hello("Ana"))["seat"] == "Ana"  # the host's account: no token
        await seat.close()


@pytest.mark.subprocess
async def test_a_desktop_host_and_an_ssh_join_without_xdg_meet(
    roots: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The host's terminal has XDG_RUNTIME_DIR=/run/user/UID; the SSH login has none."""
    run, _tmp = roots
    mine = run / str(UID)
    mine.mkdir(mode=0o700)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(mine))
    async with TableServer(make_table()) as server:
        assert server.socket_path == mine / "banque" / "table.sock"
        monkeypatch.delenv("XDG_RUNTIME_DIR")  # the joiner's session
        assert parse_address(None) == Address(server.socket_path)


@pytest.mark.subprocess
async def test_an_ssh_host_without_xdg_and_a_desktop_join_meet(
    roots: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The other way: the host has no XDG_RUNTIME_DIR and no /run/user folder yet
    (banque's own in /tmp); the joiner's desktop session names its own runtime dir."""
    run, tmp = roots
    async with TableServer(make_table()) as server:
        assert server.socket_path == tmp / f"banque-{UID}" / "table.sock"
        mine = run / str(UID)
        mine.mkdir(mode=0o700)
        monkeypatch.setenv("XDG_RUNTIME_DIR", str(mine))
        assert parse_address(None) == Address(server.socket_path)  # found where it is


# ------------------------------------------------------------------ unsafe folders


def squat(folder: Path, how: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``folder`` prepared by someone else (as ``how`` says)."""
    if how == "writable":
        folder.mkdir()
        folder.chmod(0o777)
    elif how == "symlink":
        target = folder.parent / "elsewhere"
        target.mkdir(mode=0o700)
        folder.symlink_to(target)
    elif how == "file":
        folder.write_text("")
    else:  # another account's: as that account sees it, ours is someone else's
        folder.mkdir(mode=0o700)
        if UID == 0:
            os.chown(folder, 65534, 65534)
        else:
            monkeypatch.setattr(S.os, "geteuid", lambda: UID + 1)  # ours is another's
            folder.rename(folder.parent / f"banque-{UID + 1}")


SQUATS = {
    "writable": "may be written by others (mode 777)",
    "symlink": "is a symbolic link",
    "file": "is not a folder",
    "owner": "belongs to another account",
}


@pytest.mark.subprocess
@pytest.mark.parametrize("how", list(SQUATS))
async def test_a_squatted_folder_is_refused_by_host_and_join(
    roots: tuple[Path, Path], how: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _run, tmp = roots
    squat(tmp / f"banque-{UID}", how, monkeypatch)
    folder = socket_folders()[0]
    with pytest.raises(TableError) as host:
        await TableServer(make_table()).start()
    with pytest.raises(TableError) as join:
        parse_address(None)
    for exc in (host, join):
        said = told(exc)
        assert said.startswith(f"The socket folder {folder} {SQUATS[how]}"), said
        assert "XDG_RUNTIME_DIR" in said and "--socket PATH" in said and "--table PATH" in said


def test_a_squatted_folder_is_one_line_at_the_commands(
    roots: tuple[Path, Path], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _run, tmp = roots
    squat(tmp / f"banque-{UID}", "writable", monkeypatch)
    assert main(["join", "--seat", "Ana"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"banque: The socket folder {tmp}/banque-")
    args = ["host", "--log", "--players", "Ana,Bruno,Chloé", "--no-journal"]
    assert main(args) == 2
    out = capsys.readouterr()
    assert out.err.count("\n") == 1 and "may be written by others" in out.err, out


@pytest.mark.subprocess
async def test_a_missing_runtime_dir_is_said(
    roots: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    _run, tmp = roots
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp / "gone"))
    with pytest.raises(TableError) as exc:
        await TableServer(make_table()).start()
    said = told(exc)
    assert said.startswith(f"Cannot make the socket folder {tmp}/gone/banque (")
    assert not (tmp / "gone").exists()  # a runtime dir is never made by banque


# ------------------------------------------------------------------ bad addresses


@pytest.mark.parametrize(
    ("address", "said"),
    [
        ("tcp:99999", "'tcp:99999' is not a table address: a port is a number from 1 to 65535."),
        ("tcp:0", "'tcp:0' is not a table address: a port is a number from 1 to 65535."),
        ("tcp:abc", "'tcp:abc' is not a table address: write tcp:PORT or tcp:HOST:PORT."),
        ("tcp:", "'tcp:' is not a table address: write tcp:PORT or tcp:HOST:PORT."),
        ("tcp:host:-1", "'tcp:host:-1' is not a table address: write tcp:PORT or tcp:HOST:PORT."),
        ("/tmp/\x1b[2J\x07x.sock",
         "'/tmp/\\x1b[2J\\x07x.sock' is not a table address: it holds control characters."),
    ],
)  # fmt: skip
def test_a_bad_table_address_is_one_escaped_line(
    address: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    for args in (["--seat", "Ana"], ["--watch"]):
        assert main(["join", *args, "--table", address]) == 2
        out = capsys.readouterr()
        assert out.err == f"banque: {said}\n"
        assert "\x1b" not in out.err + out.out and "Traceback" not in out.err


def test_good_addresses_are_kept() -> None:
    assert parse_address("tcp:4000") == Address(None, "127.0.0.1", 4000)
    assert parse_address("tcp:example.org:65535") == Address(None, "example.org", 65535)
    assert parse_address(" ~/t.sock ") == Address(Path("~/t.sock").expanduser())


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--socket", "/tmp/\x1b[31mx.sock"],
         "argument --socket: '/tmp/\\x1b[31mx.sock' is not a socket path: it holds control "
         "characters"),
        (["--socket", ""], "argument --socket: a socket needs a path (for example ~/banque.sock)"),
        (["--tcp", "99999"], "argument --tcp: 99999 is too large: at most 65535"),
        (["--tcp", "abc"], "argument --tcp: 'abc' is not a whole number"),
        (["--tcp", "-1"], "argument --tcp: -1 is too small: at least 0"),
    ],
)  # fmt: skip
def test_bad_host_addresses_are_one_escaped_line(
    args: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["host", "--log", "--players", "Ana,Bruno,Chloé", "--no-journal", *args])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err == f"banque: {said} (see banque host --help)\n"


@pytest.mark.subprocess
def test_a_socket_whose_folder_cannot_be_made_is_one_line(
    short_dir: Path,  # noqa: F811
    capsys: pytest.CaptureFixture[str],
) -> None:
    (short_dir / "file").write_text("")
    args = ["host", "--log", "--players", "Ana,Bruno,Chloé", "--no-journal"]
    assert main([*args, "--socket", str(short_dir / "file" / "sub" / "t.sock")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"banque: Cannot open a table at {short_dir}/file/sub/t.sock: ")
    assert err.count("\n") == 1
    long = short_dir / ("x" * 120 + ".sock")  # longer than a Unix socket's path may be
    assert main([*args, "--socket", str(long)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("banque: Cannot open a table at ") and err.count("\n") == 1


if sys.platform == "win32":  # pragma: no cover
    pytest.skip("Unix sockets", allow_module_level=True)
