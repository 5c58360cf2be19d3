"""``banque join``: one seat of a hosted table, on its own full screen (or a spectator's)."""

from __future__ import annotations

import argparse
import os
import stat
import sys
from pathlib import Path

from ..core.errors import BanqueError
from ..i18n import _
from ..text import plain
from .shared import need_terminal


def arguments(command: str, p: argparse.ArgumentParser) -> None:
    """The arguments of ``join``, and its body."""
    _join(p)


def _join(p: argparse.ArgumentParser) -> None:
    """``join``: the seat, the table's address, the token."""
    p.description = _(
        "Join the table a host opened (banque host): your seat's concealed cards "
        "on your screen only, the others face down until the reveal."
    )
    p.add_argument("--seat", metavar=_("NAME"), help=_("your seat (the host printed the names)"))
    p.add_argument(
        "--table",
        metavar=_("ADDRESS"),
        help=_("the table's socket path, or tcp:PORT (default: the runtime folder's table.sock)"),
    )
    p.add_argument(
        "--token-file",
        metavar=_("PATH"),
        help=_(
            "read your seat's token from PATH, a file only you can read (chmod 600); or give "
            "it as BANQUE_TOKEN=TOKEN before the command, as the host prints it (neither is "
            "needed on the host's own account)"
        ),
    )
    p.add_argument(
        "--token",
        metavar=_("TOKEN"),
        help=_(
            "your seat's token on the command line (still taken, with a warning: other users "
            "of this machine can read a command line); prefer BANQUE_TOKEN or --token-file"
        ),
    )
    p.add_argument("--watch", action="store_true", help=_("watch as a spectator (public view)"))
    p.set_defaults(func=cmd_join)


def cmd_join(args: argparse.Namespace) -> int:
    """``banque join``: the seat's table, once its address and token are checked."""
    if args.watch and args.seat:
        raise BanqueError(_("--watch joins as a spectator: no --seat with it"))
    if not args.watch and not args.seat:
        raise BanqueError(_("name your seat with --seat NAME (or watch with --watch)"))
    # deferred: start-up (the wire, ~+150 ms: banque join --help loads this module)
    from ..core.messages import reason
    from ..net.client import parse_address
    from ..net.server import TableError

    try:  # a bad address, or an unsafe socket folder, in one line before the screen
        parse_address(args.table)
    except TableError as exc:
        raise BanqueError(reason(exc)) from None
    token = _join_token(args)  # a token file refused, or the warning, before the table
    need_terminal()
    # deferred: start-up (Textual and the joined seat's screen, ~+370 ms: said after the
    # address and the token are checked, before any screen)
    from ..table.screens.joined import run_join

    return run_join(args.table, None if args.watch else args.seat, token)


#: The most a token file may hold (a token is 24 characters).
TOKEN_FILE_MOST = 4096


def _join_token(args: argparse.Namespace) -> str | None:
    """The seat's token: ``--token-file``, ``--token`` (with a warning), or ``BANQUE_TOKEN``
    (taken out of the environment: nothing this process starts inherits it)."""
    from_env = os.environ.pop("BANQUE_TOKEN", "") or None
    if args.token_file is not None and args.token is not None:
        raise BanqueError(_("give your seat's token one way: --token-file or --token, not both"))
    if args.token_file is not None:
        return read_token_file(args.token_file)
    if args.token is not None:
        print(
            "banque: "
            + _(
                "warning: a token on the command line can be read by the other users of this "
                "machine (ps, /proc); give it as BANQUE_TOKEN=TOKEN before the command, or "
                "with --token-file"
            ),
            file=sys.stderr,
            flush=True,
        )
        return args.token or None
    return from_env


def read_token_file(name: str) -> str:
    """A token file's token, refused in one line if other users may read or change it."""
    # deferred: start-up (the wire, ~+150 ms: banque join --help loads this module)
    from ..core.messages import os_reason, tell
    from ..net.server import shell_word

    path = Path(name).expanduser()
    shown = plain(shell_word(str(path)), 200)  # as a shell takes it (chmod 600 …)
    try:
        with open(path, "rb") as handle:
            mode = os.fstat(handle.fileno()).st_mode
            if mode & 0o077:
                raise BanqueError(
                    _(
                        "{path} can be read or changed by other users (mode {mode:04o}): "
                        "make it yours alone (chmod 600 {path}) and join again"
                    ).format(path=shown, mode=stat.S_IMODE(mode))
                )
            data = handle.read(TOKEN_FILE_MOST + 1)
    except OSError as exc:
        raise BanqueError(
            _("cannot read the token file {path}: {why}").format(
                path=shown, why=tell(os_reason(exc))
            )
        ) from None
    try:
        token = data.decode("utf-8").strip()
    except UnicodeDecodeError:
        token = ""
    if not token or len(data) > TOKEN_FILE_MOST or len(token.split()) != 1:
        raise BanqueError(
            _("{path} does not hold a token (one word, as the host printed it)").format(path=shown)
        )
    return token
