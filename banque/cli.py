"""The ``banque`` command: play at the table, or replay, advise, odds, simulate."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NoReturn, cast

from . import __version__
from .constants import MAX_PLAYERS, MIN_PLAYERS, RULES_NAMES
from .engine.errors import BanqueError, RecordError
from .i18n import _
from .text import plain, quoted

if TYPE_CHECKING:
    from fractions import Fraction

    from .engine.game import Game
    from .engine.models import ForcedMoves
    from .engine.record import Replay
    from .engine.session import SeatChoice

EXIT_USAGE = 2
#: The games of the family (see banque.games).
GAME_CHOICES = ("banque", "chemin-de-fer", "punto-banco")
#: Bounds of the numeric options: anything outside is refused in one line.
MAX_PACKS = 1000
MAX_COUPS = 10_000_000
MAX_SEED = 2**63 - 1


class Parser(argparse.ArgumentParser):
    """argparse, with every command-line error told on one line (exit status 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"banque: {plain(message, 200)} (see {self.prog} --help)\n")


def _read_record(path: str) -> Replay:
    # The engine and the records are imported when needed: plain ``banque``
    # draws its first screen before them (see banque.table.app).
    from .engine.record import load_record, read_record, replay

    if path == "-":
        # Standard input: the same size limit as a file, read as bytes (UTF-8 or not).
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:
            raise RecordError("standard input: cannot be read as a record")
        record = read_record(stream, "standard input")
    else:
        record = load_record(path)
    return replay(record)


def _account(result: Replay) -> str:
    from .engine.messages import tell_event

    game = result.game
    lines = [
        _("Participants: {names} (seed {seed})").format(
            names=", ".join(game.participants), seed=game.seed
        )
    ]
    coup = None
    # chemin de fer and punto banco: their log (the lot of the first bank comes before any act)
    events = game.log if getattr(game, "game", "banque") != "banque" else result.events
    for ev in events:
        if ev.kind == "deal" and ev.coup != coup:
            coup = ev.coup
            lines.append("")
        text = tell_event(ev)
        lines.append(f"  {text}" if ev.kind not in ("banker", "end", "auction") else text)
    lines.append("")
    lines.append(_standing(result))
    return "\n".join(lines)


def _standing(result: Replay) -> str:
    from .engine.messages import tell

    game = result.game
    bal = ", ".join(f"{p} {game.balances[p]}" for p in game.participants)
    if getattr(game, "game", "banque") != "banque":  # chemin de fer, punto banco
        return _("Balances: {balances}; {n} cards in the shoe.\nNext: {prompt}").format(
            balances=bal, n=game.cards_left, prompt=game.prompt
        )
    turn = game.turn()
    where = tell(turn.prompt_msg)
    if game.banker and game.phase != "ended":
        head = _("Now: bank {bank} held by {banker}, fund {fund}; {n} cards in the shoe.").format(
            bank=game.bank_number, banker=game.banker, fund=game.fund, n=game.cards_left
        )
    else:
        head = _("Now:")
    return _("{head}\nBalances: {balances}.\nNext: {prompt}").format(
        head=head, balances=bal, prompt=where
    )


def _seat(game: Game, name: str) -> str | None:
    """A participant's name, or ``public`` (no seat) unless someone is called that."""
    return None if name == "public" and name not in game.participants else name


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        result = _read_record(args.record)
    except BanqueError as exc:
        print(f"banque: {exc}", file=sys.stderr)
        return EXIT_USAGE
    game = result.game
    if args.json:
        payload = game.view(_seat(game, args.seat)) if args.seat is not None else game.report()
        print(payload.model_dump_json(indent=2))
    elif args.seat is not None:
        print(game.view(_seat(game, args.seat)).model_dump_json(indent=2))
    else:
        print(_account(result))
    if result.error is not None:
        print(f"banque: {result.error}", file=sys.stderr)
        return EXIT_USAGE
    return 0


def _seat_arg(value: str) -> str:
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="banque",
        description="Baccarat Banque à deux tableaux: one bank against a right and a left hand.",
        epilog="With no command, banque opens the table in your terminal.",
    )
    parser.add_argument("--version", action="version", version=f"banque {__version__}")
    parser.add_argument(
        "--record", metavar="FILE", help="start the table from a game record and play on"
    )
    parser.add_argument(
        "--game",
        choices=GAME_CHOICES,
        default="banque",
        help="the game of a new table: banque (the default), punto-banco (you against the "
        "house; --computer NAME adds computer bettors) or chemin-de-fer (you and three "
        "computer players, or the --computer seats named)",
    )
    parser.add_argument(
        "--pace",
        type=_pace,
        default=0.6,
        metavar="SECONDS",
        help="seconds between two computer moves at the table (default 0.6; 0: at once)",
    )
    parser.add_argument(
        "--computer",
        action="append",
        type=_computer,
        default=[],
        metavar="NAME[:STYLE]",
        help="NAME's seat is a computer player, cautious (the default) or bold; "
        "repeat for more seats (with --record: the others are humans)",
    )
    parser.add_argument(
        "--forced-moves",
        choices=("announced", "automatic"),
        default="announced",
        help="announced (the default): every side states its move, forced or not, so nobody "
        "learns what it holds; automatic: forced moves at once (faster, but a side asked to "
        "choose is seen to hold 5). A game from --record keeps its record's.",
    )
    _add_rules_flags(parser)
    parser.add_argument(
        "--resume",
        nargs="?",
        const="",
        metavar="ID|FILE",
        help="continue the last unfinished game (or the one named; banque games lists them)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser(
        "games",
        help="list the unfinished and finished games kept in your data folder",
        description="The games the table has written as they went (its journals): when, who, "
        "how far, whether unfinished, where saved. banque --resume ID continues one.",
    )
    p.add_argument("--json", action="store_true", help="print the list as JSON")
    p.set_defaults(func=cmd_games)

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

    p = sub.add_parser(
        "odds",
        help="exact odds of two-card totals and naturals",
        description="The exact distribution of a two-card total and the chance of naturals "
        "for a full shoe, as fractions and decimals.",
    )
    p.add_argument(
        "--packs",
        type=_whole(1, MAX_PACKS),
        default=None,
        metavar="N",
        help=f"packs in the shoe, 1 to {MAX_PACKS} (default: banque 3, chemin de fer 6, "
        "punto banco 8)",
    )
    p.add_argument(
        "--game",
        choices=GAME_CHOICES,
        default="banque",
        help="banque (the default), chemin-de-fer (the two hands' naturals) or punto-banco "
        "(each hand's chance and each bet's house edge, exact)",
    )
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_odds)

    p = sub.add_parser(
        "advise",
        help="the banker's exact expected gain if it draws and if it stands",
        description="Replay a record that stops at the banker's choice and give the banker's "
        "exact expected gain, in chips, for drawing and for standing, from what the banker "
        "may know. Exit status 2 if the record does not stop there.",
    )
    p.add_argument("record", help="the record file (- for standard input)")
    p.add_argument(
        "--p5",
        type=_probability,
        default=0.5,
        metavar="P",
        help="chance that a side at 5 draws (default 0.5)",
    )
    p.add_argument("--json", action="store_true", help='print {"draw": …, "stand": …, "best": …}')
    p.set_defaults(func=cmd_advise)

    p = sub.add_parser(
        "simulate",
        help="play many coups with computer players and summarise them",
        description="Computer players only; a fresh bank whenever one ends. Prints naturals per "
        "coup, the banker's gain per chip staked (with its standard error), outcomes per side "
        "and the banker's draw/stand frequencies by total.",
    )
    p.add_argument(
        "--coups",
        type=_whole(1, MAX_COUPS),
        required=True,
        metavar="N",
        help=f"coups to play, 1 to {MAX_COUPS:,}".replace(",", " "),
    )
    p.add_argument(
        "--players",
        type=_whole(MIN_PLAYERS, MAX_PLAYERS, "participants"),
        default=5,
        metavar="K",
        help=f"participants, {MIN_PLAYERS} to {MAX_PLAYERS} (default 5)",
    )
    p.add_argument(
        "--seed",
        type=_whole(0, MAX_SEED),
        default=0,
        metavar="S",
        help="seed, a whole number from 0 (default 0)",
    )
    p.add_argument(
        "--banker",
        choices=("advisor", "table"),
        default="advisor",
        help="the banker's choice: the exact advisor (default) or a fixed table (draw at 0-5)",
    )
    p.add_argument(
        "--p5", type=_probability, default=0.5, metavar="P", help="chance a side at 5 draws"
    )
    p.add_argument(
        "--stakes",
        type=_chips_pair,
        metavar="R:L",
        help="fixed stakes: in every coup the first seat to bet on the right stakes R chips "
        "and on the left L, everyone else passes (e.g. 1:1, 3:1, 1:0)",
    )
    p.add_argument(
        "--no-exact",
        action="store_true",
        help="skip the noise-reduced estimate (each decision coup at the advisor's exact "
        "expected gain; only under the home rules): faster",
    )
    p.add_argument(
        "--rules",
        choices=RULES_NAMES,
        default="home",
        help="the house's rules the tables play by (default home; see banque rules)",
    )
    p.add_argument(
        "--game",
        choices=GAME_CHOICES,
        default="banque",
        help="banque (the default), chemin-de-fer or punto-banco (four bettors, one a spot, "
        "measured against the exact house edges)",
    )
    p.add_argument(
        "--packs",
        type=_whole(1, MAX_PACKS),
        default=None,
        metavar="N",
        help="packs in the shoe, chemin de fer and punto banco (default 6 and 8)",
    )
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    p.set_defaults(func=cmd_simulate)

    for name, helptext, description in (
        (
            "edge",
            "the banker's exact edge per chip staked (one coup; also sweeps)",
            "The banker's exact expected gain per chip staked for one coup, as a fraction and a "
            "percentage: the naturals' share, the decision coups' share and the total. Several "
            "--stakes or a range of --p5 (START:STOP:STEP) print a table.",
        ),
        (
            "strategy",
            "the banker's best-response table (draw, stand, or a stakes threshold)",
            "The banker's best move at each total against what each side did: draw, stand, or "
            "draw when the right side's share of the stakes is below (or above) a threshold. "
            "With --stakes, the move at that ratio.",
        ),
        (
            "choice",
            "the sides' choice at 5: values, the q that minimises the banker's edge",
            "For a side holding 5: its expected gain per chip drawing and standing against the "
            "banker's best response, and the chance of drawing at 5 (q) that lowers the "
            "banker's edge most, for one side alone and for both sides together; at equal "
            "stakes, the symmetric Nash equilibrium.",
        ),
    ):
        p = sub.add_parser(name, help=helptext, description=description)
        _solver_options(p, sweep=name == "edge")
        p.set_defaults(func=globals()[f"cmd_{name}"])
    p = sub.add_parser(
        "rules",
        help="print a house's rules (home, classic, hoyle), beside home's where they differ",
        description="The rule profiles: home (the rules card), classic (the Pocket Book of "
        "Games, 1944) and hoyle (the Hoyle-era account with a croupier). For classic and "
        "hoyle the differences from home are printed side by side.",
    )
    p.add_argument(
        "profile",
        nargs="?",
        choices=RULES_NAMES,
        default="home",
        metavar="PROFILE",
        help="home (the default), classic or hoyle",
    )
    p.set_defaults(func=cmd_rules)
    _add_net_commands(sub)
    _add_lang_option(parser, sub)
    return parser


LANG_HELP = (
    "the language of the program: en, fr or es (default: BANQUE_LANG, then the locale's "
    "LANGUAGE, LC_ALL, LC_MESSAGES, LANG; else English)"
)


def _add_lang_option(
    parser: argparse.ArgumentParser, sub: argparse._SubParsersAction[argparse.ArgumentParser]
) -> None:
    """``--lang`` before or after the command (``banque --lang fr odds``, ``banque odds --lang fr``)."""
    parser.add_argument("--lang", metavar="LANG", help=LANG_HELP)
    for command in sub.choices.values():
        command.add_argument("--lang", metavar="LANG", default=argparse.SUPPRESS, help=LANG_HELP)


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
    from .i18n import choose_language, install

    install(choose_language(_lang_option(argv)))


def _solver_options(p: argparse.ArgumentParser, sweep: bool) -> None:
    p.add_argument(
        "--packs",
        type=_whole(1, MAX_PACKS),
        default=3,
        metavar="N",
        help=f"a fresh shoe of N packs, 1 to {MAX_PACKS} (default 3)",
    )
    p.add_argument(
        "--record",
        metavar="FILE",
        help="the shoe that is left in a game record (every card shown in this shoe is out)",
    )
    p.add_argument(
        "--naturals",
        choices=("all", "per-side"),
        help="all (home rule, the default): any natural settles every hand; per-side "
        "(classic): a side's natural settles that side only",
    )
    p.add_argument(
        "--rules",
        choices=("home", "classic"),
        help="home: --naturals all; classic: --naturals per-side",
    )
    p.add_argument(
        "--stakes",
        action="append",
        metavar="R:L",
        help="stakes on the right and left sides (1:1 equal, the default; 1:0 one side only)"
        + ("; repeat, or separate by commas, for a table" if sweep else ""),
    )
    p.add_argument(
        "--p5",
        default="1/2",
        metavar="Q",
        help="chance a side at 5 draws (default 1/2); QR,QL for each side"
        + ("; START:STOP:STEP for a table (on both sides: a grid)" if sweep else ""),
    )
    if sweep:
        p.add_argument(
            "--banker",
            choices=("best", "table"),
            default="best",
            help="best (the default): the best response, knowing the stakes and what the "
            "sides did; table: draw at 0-5, stand at 6-7",
        )
        p.add_argument("--plot", action="store_true", help="draw a --p5 range as bars")
    p.add_argument("--json", action="store_true", help="print JSON")


def _add_rules_flags(parser: argparse.ArgumentParser, *, host: bool = False) -> None:
    """``--rules``, ``--banco-split``, ``--first-bank``: the table's and ``banque host``'s.

    On ``banque host`` they default to nothing set (``argparse.SUPPRESS``), so that
    ``banque --rules classic host`` keeps the value given before the command.
    """
    unset = argparse.SUPPRESS if host else None
    parser.add_argument(
        "--rules",
        choices=RULES_NAMES,
        default=argparse.SUPPRESS if host else "home",
        help="the house's rules of a new game: home (the default), classic (1944) or hoyle "
        "(see banque rules); setup offers them too"
        + ("" if host else ". A game from --record keeps its record's."),
    )
    parser.add_argument(
        "--banco-split",
        type=_banco_split,
        default=unset,
        metavar="HOW",
        help="classic's house option: a banco on both hands divided free (the default), "
        "divided (something on each side), even, or N (at least N chips on each side)",
    )
    parser.add_argument(
        "--first-bank",
        choices=("auction", "list") if host else ("auction", "list", "lot"),
        default=unset,
        help="hoyle's table option: the first bank by auction (the default) or held by the "
        "first name on the list"
        + ("" if host else "; chemin de fer's: by lot (the default) or auction"),
    )


def _rules_options(args: argparse.Namespace) -> tuple[str, dict[str, str | int]]:
    """The rules chosen and their table options, each option checked against the rules."""
    rules = getattr(args, "rules", "home")
    options: dict[str, str | int] = {}
    banco_split = getattr(args, "banco_split", None)
    first_bank = getattr(args, "first_bank", None)
    if banco_split is not None:
        if rules != "classic":
            raise BanqueError("--banco-split is a classic house's option (add --rules classic)")
        options["banco_split"] = banco_split
    if first_bank is not None:
        if first_bank == "lot":
            raise BanqueError(
                "--first-bank lot is chemin de fer's option (add --game chemin-de-fer)"
            )
        if rules != "hoyle":
            raise BanqueError("--first-bank is a hoyle table's option (add --rules hoyle)")
        options["first_bank"] = first_bank
    return rules, options


def _add_net_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``banque host`` and ``banque join``: each seat at its own terminal."""
    p = sub.add_parser(
        "host",
        help="open a table that players join from their own terminals (banque join)",
        description="Open a table and keep it: the engine, the computer players and the "
        "journal live in this process. In a terminal it shows the table full-screen (the "
        "public view, or your own seat with --play; j: how each seat joins, ctrl+q: close "
        "the table); with --log, or without a terminal, it prints how each seat joins (its "
        "token), then the public log as the game goes, and ctrl+c closes the table. The "
        "journal keeps the game either way.",
    )
    p.add_argument(
        "--players",
        type=_names,
        default=None,
        metavar="NAMES",
        help="the participants, comma-separated, in order; without it, in a terminal, "
        "the table's setup screen asks (elsewhere: Ana,Bruno,Chloé)",
    )
    p.add_argument(
        "--computer",
        action="append",
        type=_computer,
        default=[],
        metavar="NAME[:STYLE]",
        help="NAME's seat is a computer player, cautious (default) or bold; repeat for more",
    )
    p.add_argument(
        "--seed", type=_whole(0, MAX_SEED), default=None, metavar="S", help="the game's seed"
    )
    p.add_argument(
        "--pace",
        type=_pace,
        default=0.6,
        metavar="SECONDS",
        help="seconds between two computer moves (default 0.6)",
    )
    p.add_argument(
        "--forced-moves",
        choices=("announced", "automatic"),
        default="announced",
        help="announced (the default): every side states its move, forced or not",
    )
    _add_rules_flags(p, host=True)
    p.add_argument(
        "--socket",
        metavar="PATH",
        help="the Unix socket (default: table.sock in your runtime folder)",
    )
    p.add_argument(
        "--tcp",
        type=_whole(0, 65535),
        metavar="PORT",
        help="also listen on 127.0.0.1:PORT (loopback only; joiners need their token)",
    )
    p.add_argument(
        "--group",
        metavar="GROUP",
        help="the socket is mode 0660 for this group's members too (each with its seat's "
        "token); give --socket in a folder the group can reach",
    )
    p.add_argument(
        "--takeover",
        action="store_true",
        help="a computer plays a gone seat's moves until it joins again",
    )
    p.add_argument("--no-journal", action="store_true", help="do not write the game's journal")
    p.add_argument(
        "--play",
        metavar="NAME",
        help="the host plays NAME's seat on this screen (its concealed cards here only)",
    )
    p.add_argument(
        "--log",
        action="store_true",
        help="print the join lines and the public log instead of the full-screen table",
    )
    p.add_argument(
        "--seat-user",
        action="append",
        type=_seat_user,
        default=[],
        metavar="NAME=USER",
        help="the Unix account USER may take NAME's seat without its token (the socket's "
        "peer credentials; with --group for another account); repeat for more",
    )
    p.set_defaults(func=cmd_host)

    p = sub.add_parser(
        "join",
        help="join a hosted table: one seat's own full-screen table",
        description="Join the table a host opened (banque host): your seat's concealed cards "
        "on your screen only, the others face down until the reveal.",
    )
    p.add_argument("--seat", metavar="NAME", help="your seat (the host printed the names)")
    p.add_argument(
        "--table",
        metavar="ADDRESS",
        help="the table's socket path, or tcp:PORT (default: the runtime folder's table.sock)",
    )
    p.add_argument(
        "--token",
        metavar="TOKEN",
        help="your seat's token (not needed on the host's own account); or set BANQUE_TOKEN",
    )
    p.add_argument("--watch", action="store_true", help="watch as a spectator (public view)")
    p.set_defaults(func=cmd_join)


def _names(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",")]
    if any(not n for n in names):
        raise argparse.ArgumentTypeError(f"{quoted(text)}: names are separated by commas")
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise argparse.ArgumentTypeError(
            f"{len(names)} names: a table seats {MIN_PLAYERS} to {MAX_PLAYERS} participants"
        )
    return names


def _seat_user(text: str) -> tuple[str, str]:
    seat, sep, user = text.partition("=")
    if not sep or not seat.strip() or not user.strip():
        raise argparse.ArgumentTypeError(
            f"{quoted(text)}: write the seat's name, =, then the account (Bruno=bruno)"
        )
    return seat.strip(), user.strip()


def cmd_host(args: argparse.Namespace) -> int:
    from .net.host import host

    if args.play is not None and args.log:
        raise BanqueError("--play shows your seat full-screen: not with --log")
    screen = not args.log and sys.stdin.isatty() and sys.stdout.isatty()
    if args.play is not None and not screen:
        _need_terminal()
    seat_users = dict(args.seat_user)
    names = args.players
    computers = dict(args.computer)
    seed, pace, forced_moves = args.seed, args.pace, args.forced_moves
    rules, options = _rules_options(args)
    if names is None and sys.stdin.isatty() and sys.stdout.isatty():
        from .table.screens.hostsetup import run_host_setup

        chosen = run_host_setup(
            seed=seed,
            pace=pace,
            forced_moves=forced_moves,
            kinds=computers,
            rules=rules,
            options=options,
        )
        if chosen is None:
            return 0  # the host quit setup: no table
        names, computers = chosen.names, chosen.computers
        seed, pace, forced_moves = chosen.seed, chosen.pace, chosen.forced_moves
        rules, options = chosen.rules, chosen.options
    elif names is None:
        names = ["Ana", "Bruno", "Chloé"]
    if screen:
        from .table.screens.hosted import run_hosted

        return run_hosted(
            names,
            computers=computers,
            seed=seed,
            pace=pace,
            forced_moves=forced_moves,
            socket_path=args.socket,
            tcp_port=args.tcp,
            takeover=args.takeover,
            journal=not args.no_journal,
            group=args.group,
            seat_users=seat_users,
            play=args.play,
            rules=rules,
            options=options,
        )
    return host(
        names,
        computers=computers,
        seed=seed,
        pace=pace,
        forced_moves=forced_moves,
        socket_path=args.socket,
        tcp_port=args.tcp,
        takeover=args.takeover,
        journal=not args.no_journal,
        group=args.group,
        seat_users=seat_users,
        rules=rules,
        options=options,
    )


def cmd_join(args: argparse.Namespace) -> int:
    if args.watch and args.seat:
        raise BanqueError("--watch joins as a spectator: no --seat with it")
    if not args.watch and not args.seat:
        raise BanqueError("name your seat with --seat NAME (or watch with --watch)")
    _need_terminal()
    from .table.screens.joined import run_join

    token = args.token or os.environ.get("BANQUE_TOKEN") or None
    return run_join(args.table, None if args.watch else args.seat, token)


def _banco_split(text: str) -> str | int:
    """``--banco-split``: free, divided, even, or a whole number of chips (at least 1)."""
    if text in ("free", "divided", "even"):
        return text
    if text.isdigit() and int(text) >= 1:
        return int(text)
    raise argparse.ArgumentTypeError(
        f"{plain(text, 40)} is not a division: say free, divided, even or a number of chips"
    )


def _whole(low: int, high: int, what: str = "") -> Callable[[str], int]:
    """A whole-number option's type, from ``low`` to ``high`` (``what``: the unit, if any)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{quoted(text)} is not a whole number") from None
        if what and not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{quoted(value)} is not {low} to {high} {what}")
        if value < low:
            raise argparse.ArgumentTypeError(f"{quoted(value)} is too small: at least {low}")
        if value > high:
            raise argparse.ArgumentTypeError(f"{quoted(value)} is too large: at most {high}")
        return value

    parse.__name__ = "whole number"
    return parse


def _pace(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{quoted(text)} is not a number of seconds") from None
    if not 0.0 <= value <= 10.0:
        raise argparse.ArgumentTypeError(f"{value:g} is not a pace from 0 to 10 seconds")
    return value


def _computer(text: str) -> tuple[str, SeatChoice]:
    name, _sep, style = text.partition(":")
    name, style = name.strip(), (style.strip().lower() or "cautious")
    if not name:
        raise argparse.ArgumentTypeError(f"{quoted(text)}: a participant's name is needed")
    if style not in ("cautious", "bold"):
        raise argparse.ArgumentTypeError(f"{quoted(style)} is not a temperament: cautious or bold")
    return name, cast("SeatChoice", style)


def _chips_pair(text: str) -> tuple[int, int]:
    parts = text.split(":")
    try:
        right, left = (int(x) for x in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{quoted(text)} is not stakes R:L in whole chips (for example 1:1 or 3:1)"
        ) from None
    if right < 0 or left < 0 or right + left < 1:
        raise argparse.ArgumentTypeError(f"{quoted(text)}: stakes are 0 chips or more, not both 0")
    if max(right, left) > 1000:
        raise argparse.ArgumentTypeError(f"{quoted(text)}: at most 1000 chips a side")
    return right, left


def _probability(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{quoted(text)} is not a number") from None
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"{value} is not a probability (0 to 1)")
    return value


def cmd_odds(args: argparse.Namespace) -> int:
    if args.game != "banque":
        from .games.odds import main_odds as two_hand_odds

        print(two_hand_odds(args.game, args.packs, args.json))
        return 0
    from .study.odds import main_odds

    print(main_odds(3 if args.packs is None else args.packs, args.json))
    return 0


def cmd_advise(args: argparse.Namespace) -> int:
    from .engine.players import banker_advice

    try:
        result = _read_record(args.record)
    except BanqueError as exc:
        print(f"banque: {exc}", file=sys.stderr)
        return EXIT_USAGE
    game = result.game
    if result.error is not None:
        print(f"banque: {result.error}", file=sys.stderr)
        return EXIT_USAGE
    if getattr(game, "game", "banque") != "banque":
        return _advise_two_hand(game, args)
    if game.phase != "banker" or game.banker is None:
        print(
            "banque: the record does not stop at the banker's choice "
            f"(it stops at: {game.turn().prompt})",
            file=sys.stderr,
        )
        return EXIT_USAGE
    from .engine.cards import pretty

    draw, stand = banker_advice(game.observe(game.banker), args.p5)
    best = "draw" if draw > stand else "stand"
    if args.json:
        print(json.dumps({"draw": draw, "stand": stand, "best": best}))
        return 0
    obs = game.observe(game.banker)
    cards = " ".join(pretty(c) for c in obs.hands["banker"] if c)
    print(
        f"{game.banker} (banker) holds {cards} = {obs.total('banker')}; "
        f"stakes right {obs.stakes['right']}, left {obs.stakes['left']}; p5 = {args.p5}"
    )
    for side in obs.settled:  # classic: that side is paid already, whatever the banker does
        other = "left" if side == "right" else "right"
        print(f"  the {side} side was settled by its natural: only the {other} is at stake")
    print(f"  expected gain if the banker draws:  {draw:+.4f} chips")
    print(f"  expected gain if the banker stands: {stand:+.4f} chips")
    if draw == stand:
        print("Best: either (they are equal); standing spends no card.")
    else:
        print(f"Best: {best} (by {abs(draw - stand):.4f} chips)")
    return 0


def _advise_two_hand(game: Any, args: argparse.Namespace) -> int:
    """``banque advise`` on a chemin de fer record (punto banco asks nobody anything)."""
    if game.game == "punto-banco":
        print("banque: punto banco has no choice to advise: every draw is fixed", file=sys.stderr)
        return EXIT_USAGE
    if game.phase != "banker":
        print(
            f"banque: the record does not stop at the banker's choice (it stops at: {game.prompt})",
            file=sys.stderr,
        )
        return EXIT_USAGE
    from fractions import Fraction

    from .engine.cards import pretty

    draw, stand = game.advice(Fraction(args.p5))
    best = "draw" if draw > stand else "stand"
    if args.json:
        print(json.dumps({"draw": float(draw), "stand": float(stand), "best": best}))
        return 0
    cards = " ".join(pretty(c) for c in game.hands["banker"])
    print(
        f"{game.banker} (banker) holds {cards}; {game.staked()} staked by the punters; "
        f"p5 = {args.p5}"
    )
    print(f"  expected gain if the banker draws:  {float(draw):+.4f} chips")
    print(f"  expected gain if the banker stands: {float(stand):+.4f} chips")
    if draw == stand:
        print("Best: either (they are equal); standing spends no card.")
    else:
        print(f"Best: {best} (by {float(abs(draw - stand)):.4f} chips)")
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    if args.game != "banque":
        return _simulate_two_hand(args)
    from .study.simulate import format_summary, progress_bar, simulate

    show = None
    if not args.no_progress and sys.stderr.isatty() and args.coups >= 2000:
        show = progress_bar(sys.stderr)
    try:
        summary = simulate(
            args.coups,
            args.players,
            args.seed,
            args.banker,
            args.p5,
            show,
            stakes=args.stakes,
            exact_estimate=not args.no_exact,
            rules=args.rules,
        )
    except ValueError as exc:
        print(f"banque: {exc}", file=sys.stderr)
        return EXIT_USAGE
    if args.json:
        print(json.dumps(summary.as_dict(), indent=2, ensure_ascii=False))
    else:
        print(format_summary(summary))
    return 0


def _solver_setup(args: argparse.Namespace) -> tuple[Any, str]:
    """The exact model for the options (a fresh shoe or a record's), and words for its shoe."""
    from .study.advisor import unseen_values
    from .study.edge import EdgeModel

    rule = args.naturals or {"classic": "per-side"}.get(args.rules or "", "all")
    if args.rules and args.naturals and rule != {"home": "all", "classic": "per-side"}[args.rules]:
        raise ValueError(f"--rules {args.rules} and --naturals {args.naturals} disagree")
    if args.record is None:
        word = "pack" if args.packs == 1 else "packs"
        return EdgeModel(unseen_values(args.packs), rule), f"a fresh shoe of {args.packs} {word}"
    result = _read_record(args.record)
    if result.error is not None:
        raise ValueError(str(result.error))
    game = result.game
    if game.phase in ("right", "left", "banker"):
        raise ValueError(
            "the record stops in the middle of a coup: give one that stops between coups "
            "(the edge is for a whole coup)"
        )
    if game.phase == "ended" or not game.shoe_ready:
        word = "pack" if game.packs == 1 else "packs"
        source = f"the record's next bank: a fresh shoe of {game.packs} {word}"
        return EdgeModel(unseen_values(game.packs), rule), source
    seen = list(game.seen_cards())
    counts = unseen_values(game.packs, seen)
    if sum(counts) < 9:
        raise ValueError(f"only {sum(counts)} cards are left in the record's shoe: a coup needs 9")
    return EdgeModel(counts, rule), f"the record's shoe, {len(seen)} cards shown"


def _p5_lists(text: str) -> tuple[list[Any], list[Any]]:
    from .study.edge import parse_p5

    parts = text.split(",")
    if len(parts) == 1:
        values = parse_p5(parts[0])
        return values, values
    if len(parts) == 2:
        return parse_p5(parts[0]), parse_p5(parts[1])
    raise ValueError(f"{text!r}: write Q, or QR,QL (one for each side)")


def _stakes_list(raw: list[str] | None) -> list[tuple[int, int]]:
    from .study.edge import parse_stakes

    texts = [t for item in (raw or ["1:1"]) for t in item.split(",") if t.strip()]
    if not texts:
        raise ValueError("--stakes: write R:L, for example 1:1 or 3:1")
    return [parse_stakes(t) for t in texts]


def _solver_failed(exc: Exception) -> int:
    print(f"banque: {plain(str(exc), 200)}", file=sys.stderr)
    return EXIT_USAGE


def cmd_edge(args: argparse.Namespace) -> int:
    from .study.solver import edge_json, format_edge, format_sweep, plot_sweep, q_text

    try:
        stakes = _stakes_list(args.stakes)
        q_r, q_l = _p5_lists(args.p5)
        model, source = _solver_setup(args)
        two_sided = "," in args.p5 and (len(q_r) > 1 or len(q_l) > 1)
        if two_sided and len(stakes) > 1:
            raise ValueError("a grid of --p5 QR,QL ranges takes one --stakes ratio")
        if two_sided:
            grid = model.sweep(q_r, q_l, stakes[0], args.banker)
            if args.json:
                print(json.dumps([edge_json(e) for row in grid for e in row], indent=2))
            else:
                print(
                    format_sweep(
                        model,
                        source,
                        q_r,
                        q_l,
                        grid,
                        f"p5 of the right side (stakes {stakes[0][0]}:{stakes[0][1]})",
                        "p5 of the left side",
                        [q_text(x) for x in q_l],
                    )
                )
            return 0
        pairs = list(zip(q_r, q_l, strict=False)) if len(q_r) == len(q_l) else []
        if not pairs:
            raise ValueError("--p5 QR,QL: give one value on one side, or ranges of the same length")
        if len(pairs) == 1 and len(stakes) == 1:
            e = model.edge(stakes[0], pairs[0], args.banker)
            print(
                json.dumps(edge_json(e), indent=2) if args.json else format_edge(e, model, source)
            )
            return 0
        columns = [model.sweep([x], [y], st, args.banker)[0][0] for st in stakes for x, y in pairs]
        table = [
            [columns[j * len(pairs) + i] for j in range(len(stakes))] for i in range(len(pairs))
        ]
        if args.json:
            print(json.dumps([edge_json(e) for row in table for e in row], indent=2))
        elif args.plot:
            for j, st in enumerate(stakes):
                print(f"stakes {st[0]}:{st[1]}, banker {args.banker}: the edge (%) by p5")
                print(plot_sweep([x for x, _ in pairs], [row[j] for row in table]))
        else:
            print(
                format_sweep(
                    model,
                    source,
                    [x for x, _ in pairs],
                    stakes,
                    table,
                    "p5 (both sides)" if q_r == q_l else "p5 (right, left in step)",
                    "stakes right:left",
                    [f"{a}:{b}" for a, b in stakes],
                )
            )
    except (ValueError, BanqueError) as exc:
        return _solver_failed(exc)
    return 0


def _one_point(
    args: argparse.Namespace, command: str
) -> tuple[Any, str, tuple[int, int], tuple[Fraction, Fraction]]:
    """``strategy`` and ``choice``: the exact model, its shoe in words, the one
    stakes ratio and the one pair of p5 the command takes (a ValueError says why not)."""
    stakes = _stakes_list(args.stakes)
    if len(stakes) > 1:
        raise ValueError(f"{command} takes one --stakes ratio")
    q_r, q_l = _p5_lists(args.p5)
    if len(q_r) > 1 or len(q_l) > 1:
        raise ValueError(f"{command} takes one --p5 (Q or QR,QL), not a range")
    model, source = _solver_setup(args)
    return model, source, stakes[0], (q_r[0], q_l[0])


def cmd_strategy(args: argparse.Namespace) -> int:
    from fractions import Fraction

    from .study.solver import format_strategy, strategy_json

    try:
        model, source, ratio, q = _one_point(args, "strategy")
        theta = None if args.stakes is None else Fraction(ratio[0], sum(ratio))
        if args.json:
            print(json.dumps(strategy_json(model, q, theta), indent=2))
        else:
            print(format_strategy(model, source, q, theta))
    except (ValueError, BanqueError) as exc:
        return _solver_failed(exc)
    return 0


def cmd_choice(args: argparse.Namespace) -> int:
    from .study.solver import choice_json, format_choice

    try:
        model, source, ratio, q = _one_point(args, "choice")
        if args.json:
            print(json.dumps(choice_json(model, ratio, q), indent=2))
        else:
            print(format_choice(model, source, ratio, q))
    except (ValueError, BanqueError) as exc:
        return _solver_failed(exc)
    return 0


def _simulate_two_hand(args: argparse.Namespace) -> int:
    from .games import simulate as two

    try:
        if args.game == "punto-banco":
            punto = two.simulate_punto(args.coups, args.seed, args.packs or 8)
            data, text = punto.as_dict(), two.format_punto_summary(punto)
        else:
            chemin = two.simulate_chemin(args.coups, args.players, args.seed, args.packs or 6)
            data, text = chemin.as_dict(), two.format_chemin_summary(chemin)
    except ValueError as exc:
        print(f"banque: {exc}", file=sys.stderr)
        return EXIT_USAGE
    print(json.dumps(data, indent=2, ensure_ascii=False) if args.json else text)
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    from .engine.rules import format_profile

    width = min(120, max(60, _terminal_width()))
    print(format_profile(args.profile, width))
    return 0


def _terminal_width() -> int:
    import shutil

    return shutil.get_terminal_size((100, 24)).columns


def cmd_games(args: argparse.Namespace) -> int:
    from .engine.journal import games_dir, list_games

    entries = list_games()
    if args.json:
        print(
            json.dumps(
                [
                    {
                        "id": e.id,
                        "state": e.state,
                        "modified": e.modified.isoformat(timespec="seconds"),
                        "participants": e.participants,
                        "computers": dict(e.computers),
                        "bank": e.bank,
                        "coup": e.coup,
                        "acts": e.acts,
                        "path": str(e.path),
                        "saved": e.saved,
                        **({"problem": e.problem} if e.problem else {}),
                    }
                    for e in entries
                ],
                indent=2,
                ensure_ascii=False,
            )
        )
        return 0
    if not entries:
        print(f"No games yet (they are kept in {games_dir()}).")
        return 0
    for e in entries:
        when = e.modified.strftime("%Y-%m-%d %H:%M")
        if e.problem:
            print(f"{e.id}  unreadable  {when}  {_plain(e.problem)}")
            continue
        names = ", ".join(f"{n} (computer)" if n in e.computers else n for n in e.participants)
        print(
            f"{e.id}  {e.state:<10}  {when}  bank {e.bank}, {e.coup} coup(s), {e.acts} acts  "
            f"{_plain(names)}"
        )
        print(f"    {_plain(str(e.path))}")
        for saved in e.saved:
            print(f"    saved to {_plain(saved)}")
    unfinished = [e for e in entries if e.state == "unfinished"]
    if unfinished:
        print(f"banque --resume continues {unfinished[-1].id}; banque --resume ID another.")
    return 0


def _plain(text: str) -> str:
    """A name or path as plain text on one line (control characters escaped)."""
    return plain(text, 400)


def _check_computers(names: Sequence[str], computers: dict[str, SeatChoice]) -> None:
    strangers = [n for n in computers if n not in names]
    if strangers:
        raise BanqueError(
            f"--computer {_plain(strangers[0])}: not a participant "
            f"(the participants: {_plain(', '.join(names))})"
        )


def _need_terminal() -> None:
    """The table draws on a terminal: into a pipe or file it would write escape codes."""
    missing = [
        name
        for name, stream in (("standard input", sys.stdin), ("standard output", sys.stdout))
        if stream is None or not stream.isatty()
    ]
    if missing:
        raise BanqueError(
            f"the table needs a terminal, and {' and '.join(missing)} "
            f"{'is' if len(missing) == 1 else 'are'} not one "
            "(replay, advise, odds and simulate work in pipes: see banque --help)"
        )


def _safe_streams() -> None:
    """No traceback for a character the output's encoding lacks: it is written escaped."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            with contextlib.suppress(ValueError, OSError):
                stream.reconfigure(errors="backslashreplace")


def main(argv: Sequence[str] | None = None) -> int:
    _safe_streams()
    try:
        _choose_language(sys.argv[1:] if argv is None else argv)
    except ValueError as exc:  # i18n.LanguageError: an unknown --lang or BANQUE_LANG
        print(f"banque: {exc}", file=sys.stderr)
        return EXIT_USAGE
    parser = build_parser()
    args = parser.parse_args(argv)
    func = getattr(args, "func", None)
    try:
        if func is not None:
            return int(func(args))
        if args.game != "banque" and args.record is None and args.resume is None:
            return play_two_hand(
                args.game,
                None,
                dict(args.computer),
                args.pace,
                args.forced_moves,
                first_bank=_two_hand_first_bank(args.game, args.first_bank),
            )
        if args.resume is not None:
            if args.record is not None or args.computer:
                raise BanqueError(
                    "--resume continues a game with its own seats: "
                    "no --record or --computer with it"
                )
            return resume(args.resume)
        rules, options = _rules_options(args)
        return play(
            args.record,
            args.pace,
            dict(args.computer) or None,
            forced_moves=args.forced_moves,
            rules=rules,
            options=options or None,
        )
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away (| head): not an error of ours
        with contextlib.suppress(OSError):
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115
        return 0
    except BanqueError as exc:
        print(f"banque: {exc}", file=sys.stderr)
        return EXIT_USAGE


def _two_hand_first_bank(game: str, first_bank: str | None) -> str:
    """``--first-bank`` at a new two-hand table: chemin de fer's lot or auction."""
    if first_bank is None:
        return "lot"
    if game == "punto-banco":
        raise BanqueError("punto banco has no first bank to choose: the house holds the bank")
    if first_bank == "list":
        raise BanqueError(
            "chemin de fer's first bank goes by lot or auction (--first-bank lot|auction)"
        )
    return first_bank


def play_two_hand(
    game: str,
    record: str | None,
    computers: dict[str, SeatChoice],
    pace: float = 0.6,
    forced_moves: str = "announced",
    *,
    first_bank: str = "lot",
) -> int:
    """Open the table of punto banco or chemin de fer (a new game, or a record played on)."""
    if game == "chemin-de-fer" and record is None and not computers:
        computers = {"Ana": "cautious", "Bruno": "bold", "Chloé": "cautious"}
    names = ["You", *[n for n in computers if n != "You"]]
    if record is None and len(names) > 11:
        raise BanqueError("a table seats at most 11 players")
    _need_terminal()
    kinds = {n: str(c) for n, c in computers.items() if c != "human"}
    if game == "chemin-de-fer":
        from .table.chemin_app import run_chemin

        return run_chemin(
            record,
            names=names,
            computers=kinds,
            pace=pace,
            forced_moves=forced_moves,
            first_bank=first_bank,
        )
    from .table.punto_app import run_punto

    return run_punto(record, names=names, computers=kinds, pace=pace)


def play(
    record: str | None,
    pace: float = 0.6,
    computers: dict[str, SeatChoice] | None = None,
    *,
    forced_moves: ForcedMoves = "announced",
    rules: str = "home",
    options: dict[str, str | int] | None = None,
) -> int:
    """Open the table (the terminal app)."""
    if record is not None:
        from .engine.record import load_record, new_game

        # A file that is not a valid record is said here, before the screen opens.
        loaded = load_record(record)
        if loaded.game != "banque":
            return play_two_hand(loaded.game, record, computers or {}, pace)
        try:
            new_game(loaded)
        except RecordError as exc:
            raise RecordError(f"{plain(record, 120)}: {exc}") from None
        if computers:
            _check_computers(loaded.participants, computers)
    elif computers:
        from .table.screens.setup import DEFAULT_NAMES

        _check_computers(DEFAULT_NAMES, computers)
    _need_terminal()
    try:
        from .table.app import run_app
    except ImportError as exc:  # Textual missing or broken in this environment
        raise BanqueError(
            f"the table cannot start ({exc}); reinstall banque with its dependencies "
            "(pip install .)"
        ) from None
    return run_app(
        record,
        pace=pace,
        kinds=computers,
        forced_moves=forced_moves,
        rules=rules,
        options=options,
    )


def resume(which: str) -> int:
    """Continue an unfinished game from its journal (the last one, or the one named)."""
    from .engine.journal import find_game, read_journal
    from .engine.record import new_game

    path = find_game(which or None)
    info = read_journal(path)  # a journal that cannot be read is said before the screen
    new_game(info.record)
    if info.record.game != "banque":  # chemin de fer, punto banco: their own tables
        _need_terminal()
        from .games.tables import open_table

        return open_table(info.record.game, resume=path)
    from .table.app import run_app

    return run_app(None, resume=path)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
