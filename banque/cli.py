"""The ``banque`` command: play at the table, or replay, advise, odds, simulate."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from . import __version__
from .errors import BanqueError, RecordError
from .record import Replay, load_record, parse_record, replay

EXIT_USAGE = 2


def _read_record(path: str) -> Replay:
    if path == "-":
        try:
            data = json.loads(sys.stdin.read())
        except json.JSONDecodeError as exc:
            raise RecordError(f"standard input: not valid JSON ({exc.msg})") from None
        record = parse_record(data)
    else:
        record = load_record(path)
    return replay(record)


def _account(result: Replay) -> str:
    game = result.game
    lines = [f"Participants: {', '.join(game.participants)} (seed {game.seed})"]
    coup = None
    for ev in result.events:
        if ev.kind == "deal" and ev.coup != coup:
            coup = ev.coup
            lines.append("")
        lines.append(f"  {ev.text}" if ev.kind not in ("banker", "end", "auction") else ev.text)
    lines.append("")
    lines.append(_standing(result))
    return "\n".join(lines)


def _standing(result: Replay) -> str:
    game = result.game
    bal = ", ".join(f"{p} {game.balances[p]}" for p in game.participants)
    where = game.turn().prompt
    if game.banker and game.phase != "ended":
        head = f"Now: bank {game.bank_number} held by {game.banker}, fund {game.fund}; {game.cards_left} cards in the shoe."
    else:
        head = "Now:"
    return f"{head}\nBalances: {bal}.\nNext: {where}"


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        result = _read_record(args.record)
    except BanqueError as exc:
        print(f"banque: {exc}", file=sys.stderr)
        return EXIT_USAGE
    game = result.game
    if args.json:
        if args.seat is not None:
            payload = game.view(None if args.seat == "public" else args.seat)
        else:
            payload = game.report()
        print(payload.model_dump_json(indent=2))
    elif args.seat is not None:
        print(game.view(None if args.seat == "public" else args.seat).model_dump_json(indent=2))
    else:
        print(_account(result))
    if result.error is not None:
        print(f"banque: {result.error}", file=sys.stderr)
        return EXIT_USAGE
    return 0


def _seat_arg(value: str) -> str:
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="banque",
        description="Baccarat Banque à deux tableaux: one bank against a right and a left hand.",
        epilog="With no command, banque opens the table in your terminal.",
    )
    parser.add_argument("--version", action="version", version=f"banque {__version__}")
    parser.add_argument(
        "--record", metavar="FILE", help="start the table from a game record and play on"
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser(
        "replay",
        help="replay a game record and tell what happened",
        description="Replay a game record (JSON). Exit status 2 if the record is not valid "
        "or an act is illegal (the act's number and the reason go to stderr).",
    )
    p.add_argument("record", help="the record file (- for standard input)")
    p.add_argument("--json", action="store_true", help="print the state reached as JSON")
    p.add_argument(
        "--seat",
        metavar="NAME",
        type=_seat_arg,
        help="print the table as NAME may see it (public: as anyone may)",
    )
    p.set_defaults(func=cmd_replay)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    func = getattr(args, "func", None)
    try:
        if func is not None:
            return int(func(args))
        return play(args.record)
    except KeyboardInterrupt:
        return 130
    except BanqueError as exc:
        print(f"banque: {exc}", file=sys.stderr)
        return EXIT_USAGE


def play(record: str | None) -> int:
    """Open the table (the terminal app)."""
    try:
        from .app import run_app
    except ImportError:  # the table has not landed yet
        build_parser().print_help()
        return 0
    if record is not None and not Path(record).exists():
        raise RecordError(f"{record}: no such file")
    return run_app(record)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
