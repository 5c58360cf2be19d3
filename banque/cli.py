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
from .errors import BanqueError, RecordError
from .text import plain, quoted

if TYPE_CHECKING:
    from .engine import Game
    from .models import ForcedMoves
    from .record import Replay
    from .session import SeatChoice

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
    # draws its first screen before them (see banque.app).
    from .record import load_record, read_record, replay

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
    game = result.game
    lines = [f"Participants: {', '.join(game.participants)} (seed {game.seed})"]
    coup = None
    # chemin de fer and punto banco: their log (the lot of the first bank comes before any act)
    events = game.log if getattr(game, "game", "banque") != "banque" else result.events
    for ev in events:
        if ev.kind == "deal" and ev.coup != coup:
            coup = ev.coup
            lines.append("")
        lines.append(f"  {ev.text}" if ev.kind not in ("banker", "end", "auction") else ev.text)
    lines.append("")
    lines.append(_standing(result))
    return "\n".join(lines)


def _standing(result: Replay) -> str:
    game = result.game
    if getattr(game, "game", "banque") != "banque":  # chemin de fer, punto banco
        bal = ", ".join(f"{p} {game.balances[p]}" for p in game.participants)
        return f"Balances: {bal}; {game.cards_left} cards in the shoe.\nNext: {game.prompt}"
    bal = ", ".join(f"{p} {game.balances[p]}" for p in game.participants)
    where = game.turn().prompt
    if game.banker and game.phase != "ended":
        head = f"Now: bank {game.bank_number} held by {game.banker}, fund {game.fund}; {game.cards_left} cards in the shoe."
    else:
        head = "Now:"
    return f"{head}\nBalances: {bal}.\nNext: {where}"


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
    parser.add_argument(
        "--rules",
        choices=RULES_NAMES,
        default="home",
        help="the house's rules of a new game: home (the default), classic (1944) or hoyle "
        "(see banque rules); setup offers them too. A game from --record keeps its record's.",
    )
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
    return parser


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
    from .odds import main_odds

    print(main_odds(3 if args.packs is None else args.packs, args.json))
    return 0


def cmd_advise(args: argparse.Namespace) -> int:
    from .players import banker_advice

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
    from .cards import pretty

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

    from .cards import pretty

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
    from .simulate import format_summary, progress_bar, simulate

    show = None
    if not args.no_progress and sys.stderr.isatty() and args.coups >= 2000:
        show = progress_bar(sys.stderr)
    try:
        summary = simulate(
            args.coups, args.players, args.seed, args.banker, args.p5, show, rules=args.rules
        )
    except ValueError as exc:
        print(f"banque: {exc}", file=sys.stderr)
        return EXIT_USAGE
    if args.json:
        print(json.dumps(summary.as_dict(), indent=2, ensure_ascii=False))
    else:
        print(format_summary(summary))
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
    from .rules import format_profile

    width = min(120, max(60, _terminal_width()))
    print(format_profile(args.profile, width))
    return 0


def _terminal_width() -> int:
    import shutil

    return shutil.get_terminal_size((100, 24)).columns


def cmd_games(args: argparse.Namespace) -> int:
    from .journal import games_dir, list_games

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
    parser = build_parser()
    args = parser.parse_args(argv)
    func = getattr(args, "func", None)
    try:
        if func is not None:
            return int(func(args))
        if args.game != "banque" and args.record is None and args.resume is None:
            return play_two_hand(args.game, None, dict(args.computer), args.pace, args.forced_moves)
        if args.resume is not None:
            if args.record is not None or args.computer:
                raise BanqueError(
                    "--resume continues a game with its own seats: "
                    "no --record or --computer with it"
                )
            return resume(args.resume)
        return play(
            args.record,
            args.pace,
            dict(args.computer) or None,
            forced_moves=args.forced_moves,
            rules=args.rules,
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


def play_two_hand(
    game: str,
    record: str | None,
    computers: dict[str, SeatChoice],
    pace: float = 0.6,
    forced_moves: str = "announced",
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
        from .chemin_app import run_chemin

        return run_chemin(
            record, names=names, computers=kinds, pace=pace, forced_moves=forced_moves
        )
    from .punto_app import run_punto

    return run_punto(record, names=names, computers=kinds, pace=pace)


def play(
    record: str | None,
    pace: float = 0.6,
    computers: dict[str, SeatChoice] | None = None,
    *,
    forced_moves: ForcedMoves = "announced",
    rules: str = "home",
) -> int:
    """Open the table (the terminal app)."""
    if record is not None:
        from .record import load_record, new_game

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
        from .screens.setup import DEFAULT_NAMES

        _check_computers(DEFAULT_NAMES, computers)
    _need_terminal()
    try:
        from .app import run_app
    except ImportError as exc:  # Textual missing or broken in this environment
        raise BanqueError(
            f"the table cannot start ({exc}); reinstall banque with its dependencies "
            "(pip install .)"
        ) from None
    return run_app(record, pace=pace, kinds=computers, forced_moves=forced_moves, rules=rules)


def resume(which: str) -> int:
    """Continue an unfinished game from its journal (the last one, or the one named)."""
    from .journal import find_game, read_journal
    from .record import new_game

    path = find_game(which or None)
    info = read_journal(path)  # a journal that cannot be read is said before the screen
    new_game(info.record)
    if info.record.game != "banque":  # chemin de fer, punto banco: their own tables
        _need_terminal()
        from .games.tables import open_table

        return open_table(info.record.game, resume=path)
    from .app import run_app

    return run_app(None, resume=path)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
