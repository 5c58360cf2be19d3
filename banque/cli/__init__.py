"""The ``banque`` command: play at the table, or replay, advise, odds, simulate.

This module is the parser's top and :func:`main`; the table's own options and its
opening are :mod:`.play`'s. Every command's arguments and body are in its own module
(:data:`COMMANDS`), loaded only when that command is given: ``banque --help``, a
command's ``--help`` and the first screen load no record, journal, engine, study,
session or wire (each command module imports those inside the body that needs them,
the cost measured beside it).
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import importlib
import io
import os
import sys
from collections.abc import Sequence

from .. import __version__
from ..constants import EXIT_USAGE
from ..core.errors import BanqueError
from ..i18n import N_, _, choose_language, install
from ..text import locale_charset
from . import play
from .parsing import Parser, argparse_message
from .shared import failed

__all__ = ["COMMANDS", "argparse_message", "build_parser", "main"]

#: The commands, in the order ``banque --help`` lists them: each one's line there, and
#: the module that gives its arguments and its body, ``arguments(command, parser)``.
COMMANDS: tuple[tuple[str, str, str], ...] = (
    (
        "games",
        N_("list the unfinished and finished games kept in your data folder"),
        "banque.cli.records",
    ),
    ("replay", N_("replay a game record and tell what happened"), "banque.cli.records"),
    ("odds", N_("exact odds of two-card totals and naturals"), "banque.cli.study"),
    (
        "advise",
        N_("the banker's exact expected gain if it draws and if it stands"),
        "banque.cli.study",
    ),
    (
        "simulate",
        N_("play many coups with computer players and summarise them"),
        "banque.cli.study",
    ),
    (
        "edge",
        N_("the banker's exact edge per chip staked (one coup; also sweeps)"),
        "banque.cli.solver",
    ),
    (
        "strategy",
        N_("the banker's best-response table (draw, stand, or a stakes threshold)"),
        "banque.cli.solver",
    ),
    (
        "choice",
        N_("the sides' choice at 5: values, the q that minimises the banker's edge"),
        "banque.cli.solver",
    ),
    (
        "rules",
        N_("print a house's rules (home, classic, hoyle), beside home's where they differ"),
        "banque.cli.study",
    ),
    (
        "host",
        N_("open a table that players join from their own terminals (banque join)"),
        "banque.cli.host",
    ),
    ("join", N_("join a hosted table: one seat's own full-screen table"), "banque.cli.join"),
)
_MODULES = {name: module for name, _help, module in COMMANDS}

LANG_HELP = N_(
    "the language of the program: en, fr or es (default: BANQUE_LANG, then the locale's "
    "LANGUAGE, LC_ALL, LC_MESSAGES, LANG; else English)"
)


def _command_arguments(command: str, parser: argparse.ArgumentParser) -> None:
    """A command's parser filled from its module: its description, its arguments and its
    body (``func``), then ``--lang`` (given before or after the command)."""
    # deferred: start-up (a command's module, its arguments and its body, loaded when the
    # command is given: banque --help and the first screen load none)
    module = importlib.import_module(_MODULES[command])
    module.arguments(command, parser)
    parser.add_argument("--lang", metavar=_("LANG"), default=argparse.SUPPRESS, help=_(LANG_HELP))


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The command line: the table's options, and every command named with its line in
    ``--help``; a command's own arguments are filled from its module for the commands
    ``argv`` names (every command when ``argv`` is ``None``), so that ``banque --help``
    and the first screen load no command's module."""
    parser = Parser(
        prog="banque",
        description=_("Baccarat Banque à deux tableaux: one bank against a right and a left hand."),
        epilog=_("With no command, banque opens the table in your terminal."),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"banque {__version__}",
        help=_("show the program's version number and exit"),
    )
    play.arguments(parser)
    sub = parser.add_subparsers(dest="command", metavar=_("COMMAND"))
    named = set(argv) if argv is not None else None
    for name, helptext, _module in COMMANDS:
        command = sub.add_parser(name, help=_(helptext))
        if named is None or name in named:  # (a word of argv that is also an option's
            _command_arguments(name, command)  # value costs one module loaded, no more)
    parser.add_argument("--lang", metavar=_("LANG"), help=_(LANG_HELP))
    return parser


def _lang_option(argv: Sequence[str]) -> str | None:
    """The last ``--lang`` of the command line (read before anything else is built)."""
    found = None
    for i, word in enumerate(argv):
        if word == "--":
            break
        if word == "--lang" and i + 1 < len(argv):
            found = argv[i + 1]
        elif word.startswith("--lang="):
            found = word.partition("=")[2]
    return found


def _choose_language(argv: Sequence[str]) -> None:
    """The language, chosen before any screen module is imported (their key bindings are
    class attributes, translated when made)."""

    install(choose_language(_lang_option(argv)))


def _safe_streams() -> None:
    """No traceback for a character the output's encoding lacks: it is written as a close
    ASCII one (``♠`` as ``S``, ``é`` as ``e``). A locale without UTF-8 (``LANG=C``,
    ``LC_ALL=C``, ``fr_FR.ISO-8859-1``) is written in its own character set, though
    Python's UTF-8 mode would write UTF-8 whatever the locale."""
    charset = locale_charset()
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            with contextlib.suppress(ValueError, OSError, LookupError):
                if charset.startswith("utf") or not _utf(stream.encoding):
                    stream.reconfigure(errors="banque-plain")
                else:
                    stream.reconfigure(encoding=charset, errors="banque-plain")


def _utf(encoding: str) -> bool:
    try:
        return codecs.lookup(encoding).name.startswith("utf")
    except LookupError:
        return False


def main(argv: Sequence[str] | None = None) -> int:
    _safe_streams()
    try:
        _choose_language(sys.argv[1:] if argv is None else argv)
    except ValueError as exc:  # i18n.LanguageError: an unknown --lang or BANQUE_LANG
        print(f"banque: {exc}", file=sys.stderr)
        return EXIT_USAGE
    words = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(words)
    args = parser.parse_args(words)
    func = getattr(args, "func", None)
    try:
        if func is not None:
            return int(func(args))
        return play.run(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away (| head): not an error of ours
        with contextlib.suppress(OSError):
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115
        return 0
    except BanqueError as exc:
        return failed(exc)
