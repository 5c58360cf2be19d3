"""The ``banque`` command: play at the table, or replay, advise, odds, simulate."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import re
import shutil
import stat
import sys
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, cast

from . import __version__
from .constants import EXIT_USAGE, MAX_PLAYERS, MIN_PLAYERS, RULES_NAMES
from .core.errors import BanqueError, RecordError
from .games import DEFAULT_GAME, GAME_NAMES, GAMES, definition
from .i18n import N_, _, choose_language, install, ngettext, pgettext
from .text import plain, quoted

# The imports made inside functions are the layers a command needs and the others do
# not, each measured (CPU, ``python -X importtime``, on top of this module's ~170 ms):
# the records and journals (pydantic, core.record/journal, games.records) ~+400 ms,
# the hosted table (net.*, session.*) ~+580 ms, the games' engines ~+300 ms, the
# study (study.edge ~+50 ms, study.solver ~+100 ms, games.banque.rules ~+40 ms), the
# table (Textual), and even core.messages (~+10 ms): ``banque --help`` and the first
# screen load none of them.  The standard library's are at the top (the first screen
# loads them anyway).
if TYPE_CHECKING:
    from .core.models import ForcedMoves
    from .games.banque.game import Game
    from .games.records import Replay
    from .net.host import Hosting
    from .session.session import SeatChoice

#: Bounds of the numeric options: anything outside is refused in one line.
MAX_PACKS = 1000
MAX_COUPS = 10_000_000
MAX_SEED = 2**63 - 1


#: argparse's own messages (its English, from the standard library's gettext) -> ours,
#: told in the player's language: a pattern of argparse's text, then our message id.
ARGPARSE_MESSAGES: tuple[tuple[str, str], ...] = (
    (r"argument (?P<argument>[^:]+): (?P<message>.*)", N_("argument {argument}: {message}")),
    (r"unrecognized arguments: (?P<args>.*)", N_("unrecognized arguments: {args}")),
    (
        r"the following arguments are required: (?P<args>.*)",
        N_("the following arguments are required: {args}"),
    ),
    (
        r"one of the arguments (?P<args>.*) is required",
        N_("one of the arguments {args} is required"),
    ),
    (
        r"invalid choice: (?P<value>.*) \(choose from (?P<choices>.*)\)",
        N_("invalid choice: {value} (choose from {choices})"),
    ),
    (r"invalid (?P<type>.+) value: (?P<value>.*)", N_("invalid {type} value: {value}")),
    (r"expected one argument", N_("expected one argument")),
    (r"expected at most one argument", N_("expected at most one argument")),
    (r"expected at least one argument", N_("expected at least one argument")),
    (r"ignored explicit argument (?P<value>.*)", N_("ignored explicit argument {value}")),
    (r"not allowed with argument (?P<argument>.*)", N_("not allowed with argument {argument}")),
    (
        r"ambiguous option: (?P<option>.*) could match (?P<matches>.*)",
        N_("ambiguous option: {option} could match {matches}"),
    ),
    (r"unexpected option string: (?P<option>.*)", N_("unexpected option string: {option}")),
)
#: argparse's help headings and type names, translated where shown (see HelpFormatter).
ARGPARSE_WORDS = (N_("positional arguments"), N_("options"), N_("int"), N_("float"))


def argparse_message(message: str) -> str:
    """An argparse error line (English, as the standard library writes it) in the
    current language; our own messages (already translated) are kept as they are.

    >>> argparse_message("argument --packs: expected one argument")
    'argument --packs: expected one argument'
    """

    for pattern, msgid in ARGPARSE_MESSAGES:
        found = re.fullmatch(pattern, message, re.DOTALL)
        if found is None:
            continue
        parts = found.groupdict()
        if "message" in parts:
            parts["message"] = argparse_message(parts["message"])
        kind = parts.get("type")
        if kind is not None:
            parts["type"] = _(kind)
        return _(msgid).format(**parts)
    return message


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help with its own words (the usage prefix, the section headings)
    in the current language."""

    def add_usage(
        self,
        usage: str | None,
        actions: Any,
        groups: Any,
        prefix: str | None = None,
    ) -> None:
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)

    def start_section(self, heading: str | None) -> None:
        super().start_section(_(heading) if heading else heading)


class Parser(argparse.ArgumentParser):
    """argparse, with every command-line error told on one line (exit status 2), and its
    words (help, usage, errors) in the current language."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        add_help = kwargs.pop("add_help", True)
        super().__init__(*args, add_help=False, **kwargs)
        if add_help:
            self.add_argument(
                "-h", "--help", action="help", help=_("show this help message and exit")
            )

    def error(self, message: str) -> NoReturn:
        said = plain(argparse_message(message), 200)
        self.exit(
            EXIT_USAGE,
            "banque: "
            + _("{message} (see {command} --help)").format(message=said, command=self.prog)
            + "\n",
        )


def _read_record(path: str) -> Replay:
    # The engine and the records are imported when needed: plain ``banque``
    # draws its first screen before them (see banque.table.app).
    from .core.record import load_record, read_record
    from .games.records import replay

    if path == "-":
        # Standard input: the same size limit as a file, read as bytes (UTF-8 or not).
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:
            raise RecordError(_("standard input: cannot be read as a record"))
        record = read_record(stream, _("standard input"))
    else:
        record = load_record(path)
    return replay(record)


def _account(result: Replay) -> str:
    from .core.messages import tell_event

    game = result.game
    names = ", ".join(game.participants)
    if getattr(game, "stream", None) is None:  # a study's seed, or an older game's: known
        lines = [_("Participants: {names} (seed {seed})").format(names=names, seed=game.seed)]
    else:  # a secure seed is never shown: it would tell the cards to come (the record keeps it)
        lines = [_("Participants: {names}").format(names=names)]
    coup = None
    # the game's log: every event, the lot of a first bank that comes before any act too
    for ev in game.log:
        if ev.kind == "deal" and ev.coup != coup:
            coup = ev.coup
            lines.append("")
        text = tell_event(ev)
        lines.append(f"  {text}" if ev.kind not in ("banker", "end", "auction") else text)
    lines.append("")
    lines.append(_standing(result))
    return "\n".join(lines)


def _standing(result: Replay) -> str:
    from .core.messages import tell

    game = result.game
    bal = ", ".join(f"{p} {game.balances[p]}" for p in game.participants)
    if definition(game.game).two_hands:
        return _("Balances: {balances}; {n} cards in the shoe.\nNext: {prompt}").format(
            balances=bal, n=game.cards_left, prompt=tell(game.prompt_msg)
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
        return _failed(exc)
    game = result.game
    if args.json:
        payload = game.view(_seat(game, args.seat)) if args.seat is not None else game.report()
        print(payload.model_dump_json(indent=2))
    elif args.seat is not None:
        print(game.view(_seat(game, args.seat)).model_dump_json(indent=2))
    else:
        print(_account(result))
    if result.error is not None:
        return _failed(result.error)
    return 0


def _failed(exc: BaseException) -> int:
    """An error told on one line of stderr, in the player's language; the exit status 2."""
    from .core.messages import tell_error

    print(f"banque: {plain(tell_error(exc), 400)}", file=sys.stderr)
    return EXIT_USAGE


def _seat_arg(value: str) -> str:
    return value


def build_parser() -> argparse.ArgumentParser:
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
    parser.add_argument(
        "--record", metavar=_("FILE"), help=_("start the table from a game record and play on")
    )
    parser.add_argument(
        "--game",
        choices=GAME_NAMES,
        default=DEFAULT_GAME,
        help=_(
            "the game of a new table: banque (the default), punto-banco (you against the "
            "house; --computer NAME adds computer bettors) or chemin-de-fer (you and three "
            "computer players, or the --computer seats named)"
        ),
    )
    parser.add_argument(
        "--pace",
        type=_pace,
        default=0.6,
        metavar=_("SECONDS"),
        help=_("seconds between two computer moves at the table (default 0.6; 0: at once)"),
    )
    parser.add_argument(
        "--computer",
        action="append",
        type=_computer,
        default=[],
        metavar=_("NAME[:STYLE]"),
        help=_(
            "NAME's seat is a computer player, cautious (the default) or bold; "
            "repeat for more seats (with --record: the others are humans)"
        ),
    )
    parser.add_argument(
        "--forced-moves",
        choices=("announced", "automatic"),
        default="announced",
        help=_(
            "announced (the default): every side states its move, forced or not, so nobody "
            "learns what it holds; automatic: forced moves at once (faster, but a side asked to "
            "choose is seen to hold 5). A game from --record keeps its record's."
        ),
    )
    _add_rules_flags(parser)
    parser.add_argument(
        "--resume",
        nargs="?",
        const="",
        metavar=_("ID|FILE"),
        help=_("continue the last unfinished game (or the one named; banque games lists them)"),
    )
    sub = parser.add_subparsers(dest="command", metavar=_("COMMAND"))

    p = sub.add_parser(
        "games",
        help=_("list the unfinished and finished games kept in your data folder"),
        description=_(
            "The games the table has written as they went (its journals): when, who, "
            "how far, whether unfinished, where saved. banque --resume ID continues one."
        ),
    )
    p.add_argument("--json", action="store_true", help=_("print the list as JSON"))
    p.set_defaults(func=cmd_games)

    p = sub.add_parser(
        "replay",
        help=_("replay a game record and tell what happened"),
        description=_(
            "Replay a game record (JSON). Exit status 2 if the record is not valid "
            "or an act is illegal (the act's number and the reason go to stderr)."
        ),
    )
    p.add_argument("record", help=_("the record file (- for standard input)"))
    p.add_argument("--json", action="store_true", help=_("print the state reached as JSON"))
    p.add_argument(
        "--seat",
        metavar=_("NAME"),
        type=_seat_arg,
        help=_("print the table as NAME may see it (public: as anyone may)"),
    )
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser(
        "odds",
        help=_("exact odds of two-card totals and naturals"),
        description=_(
            "The exact distribution of a two-card total and the chance of naturals "
            "for a full shoe, as fractions and decimals."
        ),
    )
    p.add_argument(
        "--packs",
        type=_whole(1, MAX_PACKS),
        default=None,
        metavar="N",
        help=_(
            "packs in the shoe, 1 to {max} (default: banque 3, chemin de fer 6, punto banco 8)"
        ).format(max=MAX_PACKS),
    )
    p.add_argument(
        "--game",
        choices=GAME_NAMES,
        default=DEFAULT_GAME,
        help=_(
            "banque (the default), chemin-de-fer (the two hands' naturals) or punto-banco "
            "(each hand's chance and each bet's house edge, exact)"
        ),
    )
    p.add_argument("--json", action="store_true", help=_("print JSON"))
    p.set_defaults(func=cmd_odds)

    p = sub.add_parser(
        "advise",
        help=_("the banker's exact expected gain if it draws and if it stands"),
        description=_(
            "Replay a record that stops at the banker's choice and give the banker's "
            "exact expected gain, in chips, for drawing and for standing, from what the banker "
            "may know. Exit status 2 if the record does not stop there."
        ),
    )
    p.add_argument("record", help=_("the record file (- for standard input)"))
    p.add_argument(
        "--p5",
        type=_probability,
        default=0.5,
        metavar="P",
        help=_("chance that a side at 5 draws (default 0.5)"),
    )
    p.add_argument(
        "--json",
        action="store_true",
        help=_("print {json}").format(json='{"draw": …, "stand": …, "best": …}'),
    )
    p.set_defaults(func=cmd_advise)

    p = sub.add_parser(
        "simulate",
        help=_("play many coups with computer players and summarise them"),
        description=_(
            "Computer players only; a fresh bank whenever one ends. Prints naturals per "
            "coup, the banker's gain per chip staked (with its standard error), outcomes per side "
            "and the banker's draw/stand frequencies by total."
        ),
    )
    p.add_argument(
        "--coups",
        type=_whole(1, MAX_COUPS),
        required=True,
        metavar="N",
        help=_("coups to play, 1 to {max}").format(max=f"{MAX_COUPS:,}".replace(",", " ")),
    )
    p.add_argument(
        "--players",
        type=_whole(MIN_PLAYERS, MAX_PLAYERS, N_("{value} is not {low} to {high} participants")),
        default=5,
        metavar="K",
        help=_("participants, {low} to {high} (default 5)").format(
            low=MIN_PLAYERS, high=MAX_PLAYERS
        ),
    )
    p.add_argument(
        "--seed",
        type=_whole(0, MAX_SEED),
        default=0,
        metavar="S",
        help=_("seed, a whole number from 0 (default 0)"),
    )
    p.add_argument(
        "--banker",
        choices=("advisor", "table"),
        default="advisor",
        help=_("the banker's choice: the exact advisor (default) or a fixed table (draw at 0-5)"),
    )
    p.add_argument(
        "--p5", type=_probability, default=0.5, metavar="P", help=_("chance a side at 5 draws")
    )
    p.add_argument(
        "--stakes",
        type=_chips_pair,
        metavar="R:L",
        help=_(
            "fixed stakes: in every coup the first seat to bet on the right stakes R chips "
            "and on the left L, everyone else passes (e.g. 1:1, 3:1, 1:0)"
        ),
    )
    p.add_argument(
        "--no-exact",
        action="store_true",
        help=_(
            "skip the noise-reduced estimate (each decision coup at the advisor's exact "
            "expected gain; only under the home rules): faster"
        ),
    )
    p.add_argument(
        "--rules",
        choices=RULES_NAMES,
        default="home",
        help=_("the house's rules the tables play by (default home; see banque rules)"),
    )
    p.add_argument(
        "--game",
        choices=GAME_NAMES,
        default=DEFAULT_GAME,
        help=_(
            "banque (the default), chemin-de-fer or punto-banco (four bettors, one a spot, "
            "measured against the exact house edges)"
        ),
    )
    p.add_argument(
        "--packs",
        type=_whole(1, MAX_PACKS),
        default=None,
        metavar="N",
        help=_("packs in the shoe, chemin de fer and punto banco (default 6 and 8)"),
    )
    p.add_argument("--json", action="store_true", help=_("print the summary as JSON"))
    p.add_argument("--no-progress", action="store_true", help=_("no progress bar on stderr"))
    p.set_defaults(func=cmd_simulate)

    for name, helptext, description in (
        (
            "edge",
            N_("the banker's exact edge per chip staked (one coup; also sweeps)"),
            N_(
                "The banker's exact expected gain per chip staked for one coup, as a fraction and a "
                "percentage: the naturals' share, the decision coups' share and the total. Several "
                "--stakes or a range of --p5 (START:STOP:STEP) print a table."
            ),
        ),
        (
            "strategy",
            N_("the banker's best-response table (draw, stand, or a stakes threshold)"),
            N_(
                "The banker's best move at each total against what each side did: draw, stand, or "
                "draw when the right side's share of the stakes is below (or above) a threshold. "
                "With --stakes, the move at that ratio."
            ),
        ),
        (
            "choice",
            N_("the sides' choice at 5: values, the q that minimises the banker's edge"),
            N_(
                "For a side holding 5: its expected gain per chip drawing and standing against the "
                "banker's best response, and the chance of drawing at 5 (q) that lowers the "
                "banker's edge most, for one side alone and for both sides together; at equal "
                "stakes, the symmetric Nash equilibrium."
            ),
        ),
    ):
        text = _(description)
        if name != "edge":  # chemin de fer solved (banque.study.chemin_solver)
            text += " " + _(_CHEMIN_HELP[name])
        p = sub.add_parser(name, help=_(helptext), description=text)
        _solver_options(p, sweep=name == "edge")
        if name != "edge":
            _chemin_options(p)
        p.set_defaults(func=globals()[f"cmd_{name}"])
    p = sub.add_parser(
        "rules",
        help=_("print a house's rules (home, classic, hoyle), beside home's where they differ"),
        description=_(
            "The rule profiles: home (the rules card), classic (the Pocket Book of "
            "Games, 1944) and hoyle (the Hoyle-era account with a croupier). For classic and "
            "hoyle the differences from home are printed side by side."
        ),
    )
    p.add_argument(
        "profile",
        nargs="?",
        choices=RULES_NAMES,
        default="home",
        metavar=_("PROFILE"),
        help=_("home (the default), classic or hoyle"),
    )
    p.set_defaults(func=cmd_rules)
    _add_net_commands(sub)
    _add_lang_option(parser, sub)
    return parser


LANG_HELP = N_(
    "the language of the program: en, fr or es (default: BANQUE_LANG, then the locale's "
    "LANGUAGE, LC_ALL, LC_MESSAGES, LANG; else English)"
)


def _add_lang_option(
    parser: argparse.ArgumentParser, sub: argparse._SubParsersAction[argparse.ArgumentParser]
) -> None:
    """``--lang`` before or after the command (``banque --lang fr odds``, ``banque odds --lang fr``)."""
    parser.add_argument("--lang", metavar=_("LANG"), help=_(LANG_HELP))
    for command in sub.choices.values():
        command.add_argument(
            "--lang", metavar=_("LANG"), default=argparse.SUPPRESS, help=_(LANG_HELP)
        )


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


def _solver_options(p: argparse.ArgumentParser, sweep: bool) -> None:
    p.add_argument(
        "--packs",
        type=_whole(1, MAX_PACKS),
        default=None,
        metavar="N",
        help=(
            _("a fresh shoe of N packs, 1 to {max} (default 3)")
            if sweep
            else _("a fresh shoe of N packs, 1 to {max} (default 3; chemin de fer 6)")
        ).format(max=MAX_PACKS),
    )
    p.add_argument(
        "--record",
        metavar=_("FILE"),
        help=_("the shoe that is left in a game record (every card shown in this shoe is out)"),
    )
    p.add_argument(
        "--naturals",
        choices=("all", "per-side"),
        help=_(
            "all (home rule, the default): any natural settles every hand; per-side "
            "(classic): a side's natural settles that side only"
        ),
    )
    p.add_argument(
        "--rules",
        choices=("home", "classic"),
        help=_("home: --naturals all; classic: --naturals per-side"),
    )
    p.add_argument(
        "--stakes",
        action="append",
        metavar="R:L",
        help=_("stakes on the right and left sides (1:1 equal, the default; 1:0 one side only)")
        + (_("; repeat, or separate by commas, for a table") if sweep else ""),
    )
    p.add_argument(
        "--p5",
        default="1/2",
        metavar="Q",
        help=_("chance a side at 5 draws (default 1/2); QR,QL for each side")
        + (_("; START:STOP:STEP for a table (on both sides: a grid)") if sweep else ""),
    )
    if sweep:
        p.add_argument(
            "--banker",
            choices=("best", "table"),
            default="best",
            help=_(
                "best (the default): the best response, knowing the stakes and what the "
                "sides did; table: draw at 0-5, stand at 6-7"
            ),
        )
        p.add_argument("--plot", action="store_true", help=_("draw a --p5 range as bars"))
    p.add_argument("--json", action="store_true", help=_("print JSON"))


#: The games ``strategy`` and ``choice`` solve by their own entry (``solved``).
SOLVED_GAMES: tuple[str, ...] = tuple(n for n in GAME_NAMES if "solved" in GAMES[n].entries)

_CHEMIN_HELP = {
    "strategy": N_(
        "With --game chemin-de-fer: the banker's equilibrium table of chemin de fer (draw, "
        "stand, or its chance of drawing), for Downton & Lockwood's and Ethier & Gámez's "
        "models (--replacement: Kemeny & Snell's)."
    ),
    "choice": N_(
        "With --game chemin-de-fer: chemin de fer solved, side by side, Downton & Lockwood's "
        "model (the banker sees its pair, the punter its total) and Ethier & Gámez's (each "
        "sees its pair): the punter's chance of drawing at 5, where the banker mixes, the "
        "banker's edge (--replacement: Kemeny & Snell's model; --commission: Ethier & Lee's)."
    ),
}


def _chemin_options(p: argparse.ArgumentParser) -> None:
    """``strategy`` and ``choice``: chemin de fer solved (banque.study.chemin_solver)."""
    p.add_argument(
        "--game",
        choices=(DEFAULT_GAME, *SOLVED_GAMES),
        default=DEFAULT_GAME,
        help=_(
            "banque (the default): the banker against two sides; chemin-de-fer: the game "
            "solved, Downton & Lockwood's and Ethier & Gámez's models side by side"
        ),
    )
    p.add_argument(
        "--replacement",
        action="store_true",
        help=_(
            "chemin de fer dealt with replacement: Kemeny & Snell's model (each sees its total)"
        ),
    )
    p.add_argument(
        "--commission",
        nargs="?",
        const="5",
        default=None,
        metavar="PCT",
        help=_(
            "chemin de fer with the banker paying PCT %% (default 5) commission on its wins, "
            "0 to 10: Ethier & Lee's Nash equilibrium"
        ),
    )


def _solved_by_game(args: argparse.Namespace, command: str) -> int | None:
    """``strategy``/``choice``: the game's own solution (its ``solved`` entry: ``--game
    chemin-de-fer``, or ``--replacement``/``--commission``, which are that game's), its
    text or JSON printed; ``None``: banque's, answered by the command."""
    game = definition(args.game)
    if "solved" not in game.entries:
        if not args.replacement and args.commission is None:
            return None
        game = definition(SOLVED_GAMES[0])
    try:
        out = str(game.entry("solved")(args, command))
    except (ValueError, ArithmeticError) as exc:
        return _solver_failed(exc)
    print(out)
    return 0


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
        help=_(
            "the house's rules of a new game: home (the default), classic (1944) or hoyle "
            "(see banque rules); setup offers them too"
        )
        + ("" if host else _(". A game from --record keeps its record's.")),
    )
    parser.add_argument(
        "--banco-split",
        type=_banco_split,
        default=unset,
        metavar=_("HOW"),
        help=_(
            "classic's house option: a banco on both hands divided free (the default), "
            "divided (something on each side), even, or N (at least N chips on each side)"
        ),
    )
    parser.add_argument(
        "--first-bank",
        choices=("auction", "list", "lot"),
        default=unset,
        help=_(
            "hoyle's table option: the first bank by auction (the default) or held by the "
            "first name on the list"
        )
        + _("; chemin de fer's: by lot (the default) or auction"),
    )


def _rules_options(args: argparse.Namespace) -> tuple[str, dict[str, str | int]]:
    """The rules chosen and their table options, each option checked against the rules."""
    rules = getattr(args, "rules", "home")
    options: dict[str, str | int] = {}
    banco_split = getattr(args, "banco_split", None)
    first_bank = getattr(args, "first_bank", None)
    if banco_split is not None:
        if rules != "classic":
            raise BanqueError(_("--banco-split is a classic house's option (add --rules classic)"))
        options["banco_split"] = banco_split
    if first_bank is not None:
        if first_bank == "lot":
            raise BanqueError(
                _("--first-bank lot is chemin de fer's option (add --game chemin-de-fer)")
            )
        if rules != "hoyle":
            raise BanqueError(_("--first-bank is a hoyle table's option (add --rules hoyle)"))
        options["first_bank"] = first_bank
    return rules, options


def _add_net_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``banque host`` and ``banque join``: each seat at its own terminal."""
    p = sub.add_parser(
        "host",
        help=_("open a table that players join from their own terminals (banque join)"),
        description=_(
            "Open a table and keep it: the engine, the computer players and the "
            "journal live in this process. In a terminal it shows the table full-screen (the "
            "public view, or your own seat with --play; j: how each seat joins, ctrl+q: close "
            "the table); with --log, or without a terminal, it prints how each seat joins (its "
            "token), then the public log as the game goes, and ctrl+c closes the table. The "
            "journal keeps the game either way."
        ),
    )
    p.add_argument(
        "--players",
        type=_host_names,
        default=None,
        metavar=_("NAMES"),
        help=_(
            "the participants, comma-separated, in order; without it, in a terminal, "
            "the table's setup screen asks (elsewhere: Ana,Bruno,Chloé)"
        ),
    )
    p.add_argument(
        "--computer",
        action="append",
        type=_computer,
        default=[],
        metavar=_("NAME[:STYLE]"),
        help=_("NAME's seat is a computer player, cautious (default) or bold; repeat for more"),
    )
    p.add_argument(
        "--seed",
        type=_whole(0, MAX_SEED),
        default=None,
        metavar="S",
        help=_(
            "a known seed, 0 to 2⁶³−1, for study or tests: it makes a known shoe, the same "
            "every time (default: a secure seed of 256 bits from the system, that nobody knows)"
        ),
    )
    p.add_argument(
        "--pace",
        type=_pace,
        default=None,
        metavar=_("SECONDS"),
        help=_("seconds between two computer moves (default 0.6)"),
    )
    p.add_argument(
        "--forced-moves",
        choices=("announced", "automatic"),
        default=None,
        help=_("announced (the default): every side states its move, forced or not"),
    )
    _add_rules_flags(p, host=True)
    p.add_argument(
        "--game",
        choices=GAME_NAMES,
        default=argparse.SUPPRESS,
        help=_(
            "the game hosted: banque (the default), chemin-de-fer or punto-banco; each seat "
            "joins it with banque join"
        ),
    )
    p.add_argument(
        "--packs",
        type=_whole(1, 1000),
        default=None,
        metavar="N",
        help=_("chemin de fer's and punto banco's shoe: its packs (default 6 and 8)"),
    )
    p.add_argument(
        "--limit",
        type=_whole(1, 10**9),
        default=None,
        metavar=_("CHIPS"),
        help=_("punto banco's house limit a bet (default 100)"),
    )
    p.add_argument(
        "--resume",
        nargs="?",
        const="",
        default=None,
        metavar=_("ID|FILE"),
        help=_(
            "host again the last unfinished hosted game (or the one named; banque games lists "
            "them): the same seats, tokens, computers, rules, pace and address (--socket, "
            "--tcp: another address)"
        ),
    )
    p.add_argument(
        "--socket",
        type=_socket_path,
        metavar=_("PATH"),
        help=_("the Unix socket (default: table.sock in your runtime folder)"),
    )
    p.add_argument(
        "--tcp",
        type=_whole(0, 65535),
        metavar=_("PORT"),
        help=_("also listen on 127.0.0.1:PORT (loopback only; joiners need their token)"),
    )
    p.add_argument(
        "--group",
        metavar=_("GROUP"),
        help=_(
            "the socket is mode 0660 for this group's members too (each with its seat's "
            "token); give --socket in a folder the group can reach"
        ),
    )
    p.add_argument(
        "--takeover",
        action="store_true",
        help=_("a computer plays a gone seat's moves until it joins again"),
    )
    p.add_argument("--no-journal", action="store_true", help=_("do not write the game's journal"))
    p.add_argument(
        "--play",
        metavar=_("NAME"),
        help=_("the host plays NAME's seat on this screen (its concealed cards here only)"),
    )
    p.add_argument(
        "--log",
        action="store_true",
        help=_("print the join lines and the public log instead of the full-screen table"),
    )
    p.add_argument(
        "--seat-user",
        action="append",
        type=_seat_user,
        default=[],
        metavar=_("NAME=USER"),
        help=_(
            "the Unix account USER may take NAME's seat without its token (the socket's "
            "peer credentials; with --group for another account); repeat for more"
        ),
    )
    p.set_defaults(func=cmd_host)

    p = sub.add_parser(
        "join",
        help=_("join a hosted table: one seat's own full-screen table"),
        description=_(
            "Join the table a host opened (banque host): your seat's concealed cards "
            "on your screen only, the others face down until the reveal."
        ),
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


def _names(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",")]
    if any(not n for n in names):
        raise argparse.ArgumentTypeError(
            _("{text}: names are separated by commas").format(text=quoted(text))
        )
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise argparse.ArgumentTypeError(
            ngettext(
                "{n} name: a table seats {low} to {high} participants",
                "{n} names: a table seats {low} to {high} participants",
                len(names),
            ).format(n=len(names), low=MIN_PLAYERS, high=MAX_PLAYERS)
        )
    return names


def _host_names(text: str) -> list[str]:
    """``banque host --players``: 1 to 11 names (each game checks its own number: banque
    seats 3 or more, chemin de fer 2, punto banco 1, as its engine says)."""
    names = [n.strip() for n in text.split(",")]
    if any(not n for n in names):
        raise argparse.ArgumentTypeError(
            _("{text}: names are separated by commas").format(text=quoted(text))
        )
    if len(names) > MAX_PLAYERS:
        return _names(text)  # the words of banque's own limit
    return names


def _seat_user(text: str) -> tuple[str, str]:
    seat, sep, user = text.partition("=")
    if not sep or not seat.strip() or not user.strip():
        raise argparse.ArgumentTypeError(
            _("{text}: write the seat's name, =, then the account (Bruno=bruno)").format(
                text=quoted(text)
            )
        )
    return seat.strip(), user.strip()


def _socket_path(text: str) -> str:
    """``--socket PATH``: a path that can be shown, never an escape sequence."""
    if not text.strip():
        raise argparse.ArgumentTypeError(_("a socket needs a path (for example ~/banque.sock)"))
    if not text.isprintable():
        raise argparse.ArgumentTypeError(
            _("{text} is not a socket path: it holds control characters").format(text=quoted(text))
        )
    return text


#: ``banque host``'s flags that choose the game itself: a game hosted again keeps its own.
_KEPT_BY_RESUME = (
    ("players", "--players"),
    ("computer", "--computer"),
    ("seed", "--seed"),
    ("pace", "--pace"),
    ("forced_moves", "--forced-moves"),
    ("rules", "--rules"),
    ("banco_split", "--banco-split"),
    ("first_bank", "--first-bank"),
    ("takeover", "--takeover"),
    ("packs", "--packs"),
    ("limit", "--limit"),
    ("group", "--group"),
    ("seat_user", "--seat-user"),
    ("no_journal", "--no-journal"),
)


def _host_resume(args: argparse.Namespace, screen: bool) -> int:
    """``banque host --resume [ID|FILE]``: a hosted game brought back with its seats."""
    given = [
        flag
        for name, flag in _KEPT_BY_RESUME
        if getattr(args, name, None) not in (None, False, [], "home")
    ]
    if getattr(args, "game", DEFAULT_GAME) != DEFAULT_GAME:
        given.insert(0, "--game")
    if given:
        raise BanqueError(
            _(
                "--resume hosts the game again as it was (its seats, rules, pace and access): "
                "no {flags} with it (--socket, --tcp, --play and --log may be given)"
            ).format(flags=", ".join(given))
        )
    from .net.host import check_play, resume_hosting

    hosting = resume_hosting(args.resume or None, socket_path=args.socket, tcp_port=args.tcp)
    game = hosting.table.session.game
    if args.play is not None:
        styles = {n: "cautious" for n in game.participants if n not in hosting.table.seats}
        check_play(args.play, list(game.participants), styles)  # type: ignore[arg-type]
    return _serve_hosting(hosting, screen, args.play)


def cmd_host(args: argparse.Namespace) -> int:
    from .net.host import check_play, prepare_hosting

    if args.play is not None and args.log:
        raise BanqueError(_("--play shows your seat full-screen: not with --log"))
    screen = not args.log and sys.stdin.isatty() and sys.stdout.isatty()
    if definition(getattr(args, "game", DEFAULT_GAME)).two_hands and args.resume is None:
        return _host_two_hands(args, screen)
    if args.play is not None and not screen:
        _need_terminal()
    if args.resume is not None:
        return _host_resume(args, screen)
    if getattr(args, "packs", None) is not None or getattr(args, "limit", None) is not None:
        raise BanqueError(
            _("--packs and --limit are chemin de fer's and punto banco's (add --game)")
        )
    seat_users = dict(args.seat_user)
    names = args.players
    if names is not None and len(names) < MIN_PLAYERS:
        try:  # banque's own words: a table seats 3 to 11
            _names(",".join(names))
        except argparse.ArgumentTypeError as exc:
            raise BanqueError(f"--players: {exc}") from None
    computers = dict(args.computer)
    seed = args.seed
    pace = 0.6 if args.pace is None else args.pace
    forced_moves = args.forced_moves or "announced"
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
    check_play(args.play, names, computers)
    hosting = prepare_hosting(
        names,
        computers=computers,
        seed=seed,
        pace=pace,
        forced_moves=forced_moves,
        takeover=args.takeover,
        journal=not args.no_journal,
        group=args.group,
        seat_users=seat_users,
        rules=rules,
        options=options,
        socket_path=args.socket,
        tcp_port=args.tcp,
    )
    return _serve_hosting(hosting, screen, args.play)


def _host_two_hands(args: argparse.Namespace, screen: bool) -> int:
    """``banque host --game chemin-de-fer|punto-banco``: the same table, the same seats'
    joins, journal and resume as banque's; in a terminal the host's screen shows the
    game's table (the public view, or ``--play NAME``'s seat), else the public log."""
    from .net.host import check_play, prepare_hosting

    game = args.game
    rules = definition(game)
    if getattr(args, "rules", "home") != "home" or getattr(args, "banco_split", None):
        raise BanqueError(
            _("--rules and --banco-split are banque's: {game} has its own rules").format(game=game)
        )
    first_bank = getattr(args, "first_bank", None)
    if first_bank is not None and first_bank not in rules.first_banks:
        raise BanqueError(_(rules.refusals["host:first_bank"]).format(how=first_bank))
    for option in ("limit", "forced_moves"):  # each game's words for another game's option
        if getattr(args, option) is not None and option not in rules.options:
            raise BanqueError(_(rules.refusals[f"host:{option}"]))
    names = args.players or list(rules.host_names)
    computers = dict(args.computer)
    check_play(args.play, names, computers)
    if args.play is not None and not screen:
        _need_terminal()
    hosting = prepare_hosting(
        names,
        computers=computers,
        seed=args.seed,
        pace=0.6 if args.pace is None else args.pace,
        forced_moves=args.forced_moves or "announced",
        takeover=args.takeover,
        journal=not args.no_journal,
        group=args.group,
        seat_users=dict(args.seat_user),
        rules="home",
        options=None,
        socket_path=args.socket,
        tcp_port=args.tcp,
        game=game,
        packs=args.packs,
        limit=args.limit,
        first_bank=first_bank or "lot",
    )
    return _serve_hosting(hosting, screen, args.play)


def _serve_hosting(hosting: Hosting, screen: bool, play: str | None) -> int:
    """A prepared table (new, or brought back by ``--resume``) served: on the host's
    full screen (``play``: its seat there), or on its console."""
    if screen:
        from .table.screens.hosted import run_hosting

        return run_hosting(hosting, play)
    from .net.host import serve_hosting

    return serve_hosting(hosting)


def cmd_join(args: argparse.Namespace) -> int:
    if args.watch and args.seat:
        raise BanqueError(_("--watch joins as a spectator: no --seat with it"))
    if not args.watch and not args.seat:
        raise BanqueError(_("name your seat with --seat NAME (or watch with --watch)"))
    from .core.messages import reason
    from .net.client import parse_address
    from .net.server import TableError

    try:  # a bad address, or an unsafe socket folder, in one line before the screen
        parse_address(args.table)
    except TableError as exc:
        raise BanqueError(reason(exc)) from None
    token = _join_token(args)  # a token file refused, or the warning, before the table
    _need_terminal()
    from .table.screens.joined import run_join

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
        return _read_token_file(args.token_file)
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


def _read_token_file(name: str) -> str:
    """A token file's token, refused in one line if other users may read or change it."""

    from .core.messages import os_reason, tell
    from .net.server import shell_word

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


def _banco_split(text: str) -> str | int:
    """``--banco-split``: free, divided, even, or a whole number of chips (at least 1)."""
    if text in ("free", "divided", "even"):
        return text
    if text.isdigit() and int(text) >= 1:
        return int(text)
    raise argparse.ArgumentTypeError(
        _("{text} is not a division: say free, divided, even or a number of chips").format(
            text=plain(text, 40)
        )
    )


def _whole(low: int, high: int, what: str = "") -> Callable[[str], int]:
    """A whole-number option's type, from ``low`` to ``high`` (``what``: a message marked
    ``N_``, ``{value} is not {low} to {high} …``, said when out of bounds, if any)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                _("{text} is not a whole number").format(text=quoted(text))
            ) from None
        if what and not low <= value <= high:
            raise argparse.ArgumentTypeError(
                _(what).format(value=quoted(value), low=low, high=high)
            )
        if value < low:
            raise argparse.ArgumentTypeError(
                _("{value} is too small: at least {low}").format(value=quoted(value), low=low)
            )
        if value > high:
            raise argparse.ArgumentTypeError(
                _("{value} is too large: at most {high}").format(value=quoted(value), high=high)
            )
        return value

    parse.__name__ = "whole number"
    return parse


def _pace(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text} is not a number of seconds").format(text=quoted(text))
        ) from None
    if not 0.0 <= value <= 10.0:
        raise argparse.ArgumentTypeError(
            _("{value} is not a pace from 0 to 10 seconds").format(value=f"{value:g}")
        )
    return value


def _computer(text: str) -> tuple[str, SeatChoice]:
    name, _sep, style = text.partition(":")
    name, style = name.strip(), (style.strip().lower() or "cautious")
    if not name:
        raise argparse.ArgumentTypeError(
            _("{text}: a participant's name is needed").format(text=quoted(text))
        )
    if style not in ("cautious", "bold"):
        raise argparse.ArgumentTypeError(
            _("{style} is not a temperament: cautious or bold").format(style=quoted(style))
        )
    return name, cast("SeatChoice", style)


def _chips_pair(text: str) -> tuple[int, int]:
    parts = text.split(":")
    try:
        right, left = (int(x) for x in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text} is not stakes R:L in whole chips (for example 1:1 or 3:1)").format(
                text=quoted(text)
            )
        ) from None
    if right < 0 or left < 0 or right + left < 1:
        raise argparse.ArgumentTypeError(
            _("{text}: stakes are 0 chips or more, not both 0").format(text=quoted(text))
        )
    if max(right, left) > 1000:
        raise argparse.ArgumentTypeError(
            _("{text}: at most 1000 chips a side").format(text=quoted(text))
        )
    return right, left


def _probability(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text} is not a number").format(text=quoted(text))
        ) from None
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(
            _("{value} is not a probability (0 to 1)").format(value=value)
        )
    return value


def cmd_odds(args: argparse.Namespace) -> int:
    print(definition(args.game).entry("odds")(args.packs, args.json))
    return 0


def cmd_advise(args: argparse.Namespace) -> int:
    try:
        result = _read_record(args.record)
    except BanqueError as exc:
        return _failed(exc)
    game = result.game
    if result.error is not None:
        return _failed(result.error)
    rules = definition(game.game)
    if "advise" not in rules.entries:  # the game asks nobody anything
        print("banque: " + _(rules.refusals["advise"]), file=sys.stderr)
        return EXIT_USAGE
    return int(rules.entry("advise")(game, args))


def cmd_simulate(args: argparse.Namespace) -> int:
    try:
        data, text = definition(args.game).entry("simulate")(args)
    except ValueError as exc:
        return _failed(exc)
    print(json.dumps(data, indent=2, ensure_ascii=False) if args.json else text)
    return 0


def _solver_setup(args: argparse.Namespace, command: str = "edge") -> tuple[Any, str]:
    """The exact model for the options (a fresh shoe or a record's), and words for its shoe.

    ``edge``, ``strategy`` and ``choice`` study banque's banker facing two hands: a
    record of chemin de fer or punto banco is refused in one line that says so."""
    from .games.banque.advisor import unseen_values
    from .study.edge import EdgeModel

    rule = args.naturals or {"classic": "per-side"}.get(args.rules or "", "all")
    if args.rules and args.naturals and rule != {"home": "all", "classic": "per-side"}[args.rules]:
        raise ValueError(
            _("--rules {rules} and --naturals {naturals} disagree").format(
                rules=args.rules, naturals=args.naturals
            )
        )
    if args.record is None:
        packs = 3 if args.packs is None else args.packs
        shoe = ngettext("a fresh shoe of {n} pack", "a fresh shoe of {n} packs", packs)
        return EdgeModel(unseen_values(packs), rule), shoe.format(n=packs)
    result = _read_record(args.record)
    if result.error is not None:
        from .core.messages import tell_error

        raise ValueError(tell_error(result.error))
    game = result.game
    name = game.game
    if definition(name).hands != 3:  # the solver's model: one bank against two hands
        raise ValueError(
            _(
                "{command} studies Baccarat Banque à deux tableaux (one bank against a right "
                "and a left hand), not {game}: for {game}, see banque odds --game {name}"
            ).format(command=command, game=GAMES[name].title.lower(), name=name)
        )
    if game.phase in ("right", "left", "banker"):
        raise ValueError(
            _(
                "the record stops in the middle of a coup: give one that stops between coups "
                "(the edge is for a whole coup)"
            )
        )
    if game.phase == "ended" or not game.shoe_ready:
        source = ngettext(
            "the record's next bank: a fresh shoe of {n} pack",
            "the record's next bank: a fresh shoe of {n} packs",
            game.packs,
        ).format(n=game.packs)
        return EdgeModel(unseen_values(game.packs), rule), source
    seen = list(game.seen_cards())
    counts = unseen_values(game.packs, seen)
    if sum(counts) < 9:
        raise ValueError(
            ngettext(
                "only {n} card is left in the record's shoe: a coup needs 9",
                "only {n} cards are left in the record's shoe: a coup needs 9",
                sum(counts),
            ).format(n=sum(counts))
        )
    shown = ngettext(
        "the record's shoe, {n} card shown", "the record's shoe, {n} cards shown", len(seen)
    )
    return EdgeModel(counts, rule), shown.format(n=len(seen))


def _p5_lists(text: str) -> tuple[list[Any], list[Any]]:
    from .study.edge import parse_p5

    parts = text.split(",")
    if len(parts) == 1:
        values = parse_p5(parts[0])
        return values, values
    if len(parts) == 2:
        return parse_p5(parts[0]), parse_p5(parts[1])
    raise ValueError(_("{text}: write Q, or QR,QL (one for each side)").format(text=quoted(text)))


def _stakes_list(raw: list[str] | None) -> list[tuple[int, int]]:
    from .study.edge import parse_stakes

    texts = [t for item in (raw or ["1:1"]) for t in item.split(",") if t.strip()]
    if not texts:
        raise ValueError(_("--stakes: write R:L, for example 1:1 or 3:1"))
    return [parse_stakes(t) for t in texts]


def _solver_failed(exc: Exception) -> int:
    from .core.messages import tell_error

    print(f"banque: {plain(tell_error(exc), 200)}", file=sys.stderr)
    return EXIT_USAGE


def cmd_edge(args: argparse.Namespace) -> int:
    from .study.solver import edge_json, format_edge, format_sweep, plot_sweep, q_text

    try:
        stakes = _stakes_list(args.stakes)
        q_r, q_l = _p5_lists(args.p5)
        model, source = _solver_setup(args)
        two_sided = "," in args.p5 and (len(q_r) > 1 or len(q_l) > 1)
        if two_sided and len(stakes) > 1:
            raise ValueError(_("a grid of --p5 QR,QL ranges takes one --stakes ratio"))
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
                        _("p5 of the right side (stakes {right}:{left})").format(
                            right=stakes[0][0], left=stakes[0][1]
                        ),
                        _("p5 of the left side"),
                        [q_text(x) for x in q_l],
                    )
                )
            return 0
        pairs = list(zip(q_r, q_l, strict=False)) if len(q_r) == len(q_l) else []
        if not pairs:
            raise ValueError(
                _("--p5 QR,QL: give one value on one side, or ranges of the same length")
            )
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
            banker = {
                "best": pgettext("the banker's play (edge --banker best)", "best"),
                "table": pgettext("the banker's play (edge --banker table)", "table"),
            }[args.banker]
            for j, st in enumerate(stakes):
                print(
                    _("stakes {right}:{left}, banker {banker}: the edge (%) by p5").format(
                        right=st[0], left=st[1], banker=banker
                    )
                )
                print(plot_sweep([x for x, _ in pairs], [row[j] for row in table]))
        else:
            print(
                format_sweep(
                    model,
                    source,
                    [x for x, _ in pairs],
                    stakes,
                    table,
                    _("p5 (both sides)") if q_r == q_l else _("p5 (right, left in step)"),
                    _("stakes right:left"),
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
        raise ValueError(_("{command} takes one --stakes ratio").format(command=command))
    q_r, q_l = _p5_lists(args.p5)
    if len(q_r) > 1 or len(q_l) > 1:
        raise ValueError(
            _("{command} takes one --p5 (Q or QR,QL), not a range").format(command=command)
        )
    model, source = _solver_setup(args, command)
    return model, source, stakes[0], (q_r[0], q_l[0])


def cmd_strategy(args: argparse.Namespace) -> int:

    from .study.solver import format_strategy, strategy_json

    solved = _solved_by_game(args, "strategy")
    if solved is not None:
        return solved
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

    solved = _solved_by_game(args, "choice")
    if solved is not None:
        return solved
    try:
        model, source, ratio, q = _one_point(args, "choice")
        if args.json:
            print(json.dumps(choice_json(model, ratio, q), indent=2))
        else:
            print(format_choice(model, source, ratio, q))
    except (ValueError, BanqueError) as exc:
        return _solver_failed(exc)
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    from .games.banque.rules import format_profile

    width = min(120, max(60, _terminal_width()))
    print(format_profile(args.profile, width))
    return 0


def _terminal_width() -> int:

    return shutil.get_terminal_size((100, 24)).columns


def cmd_games(args: argparse.Namespace) -> int:
    from .core.journal import games_dir
    from .games.records import list_games

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
                        "hosted": e.hosted,
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
        print(_("No games yet (they are kept in {folder}).").format(folder=games_dir()))
        return 0
    states = {"unfinished": _("unfinished"), "finished": _("finished")}
    width = max(10, *(len(w) for w in states.values()))
    # A column for the games played at a hosted table (only when there is one).
    hosted_word = _("hosted")
    hosted_width = len(hosted_word) if any(e.hosted for e in entries) else 0
    for e in entries:
        when = e.modified.strftime("%Y-%m-%d %H:%M")
        if e.problem:
            unreadable = _("unreadable")
            print(f"{e.id}  {unreadable}  {when}  {_plain(e.problem)}")
            continue
        names = ", ".join(
            _("{name} (computer)").format(name=n) if n in e.computers else n for n in e.participants
        )
        how_far = _("bank {bank}, {coups}, {acts}").format(
            bank=e.bank,
            coups=ngettext("{n} coup", "{n} coups", e.coup).format(n=e.coup),
            acts=ngettext("{n} act", "{n} acts", e.acts).format(n=e.acts),
        )
        state = states.get(e.state, e.state)
        if hosted_width:
            state = f"{state:<{width}}  {hosted_word if e.hosted else '':<{hosted_width}}"
        print(f"{e.id}  {state:<{width}}  {when}  {how_far}  {_plain(names)}")
        print(f"    {_plain(str(e.path))}")
        for saved in e.saved:
            print("    " + _("saved to {path}").format(path=_plain(saved)))
    unfinished = [e for e in entries if e.state == "unfinished" and not e.hosted]
    if unfinished:
        print(
            _("banque --resume continues {id}; banque --resume ID another.").format(
                id=unfinished[-1].id
            )
        )
    hosted = [e for e in entries if e.state == "unfinished" and e.hosted]
    if hosted:
        print(
            _(
                "banque host --resume hosts {id} again with its seats; "
                "banque host --resume ID another."
            ).format(id=hosted[-1].id)
        )
    return 0


def _hosted_hint(ident: str) -> str:
    return _(
        "{id} was played at a hosted table: banque host --resume {id} brings it back with its "
        "seats and their join lines"
    ).format(id=_plain(ident))


def _plain(text: str) -> str:
    """A name or path as plain text on one line (control characters escaped)."""
    return plain(text, 400)


def _check_computers(names: Sequence[str], computers: dict[str, SeatChoice]) -> None:
    strangers = [n for n in computers if n not in names]
    if strangers:
        raise BanqueError(
            _("--computer {name}: not a participant (the participants: {names})").format(
                name=_plain(strangers[0]), names=_plain(", ".join(names))
            )
        )


def _need_terminal() -> None:
    """The table draws on a terminal: into a pipe or file it would write escape codes.

    Called before anything is drawn by every full-screen command (the tables, ``--resume``,
    ``join``, the host's screen)."""
    stdin = sys.stdin is None or not sys.stdin.isatty()
    stdout = sys.stdout is None or not sys.stdout.isatty()
    if stdin and stdout:
        said = _("the table needs a terminal, and standard input and standard output are not one")
    elif stdin:
        said = _("the table needs a terminal, and standard input is not one")
    elif stdout:
        said = _("the table needs a terminal, and standard output is not one")
    elif sys.__stderr__ is None or not sys.__stderr__.isatty():  # where Textual draws
        said = _("the table needs a terminal, and standard error (where it is drawn) is not one")
    else:
        return
    raise BanqueError(
        said + " " + _("(replay, advise, odds and simulate work in pipes: see banque --help)")
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
        if definition(args.game).two_hands and args.record is None and args.resume is None:
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
                    _(
                        "--resume continues a game with its own seats: "
                        "no --record or --computer with it"
                    )
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
        return _failed(exc)


def _two_hand_first_bank(game: str, first_bank: str | None) -> str:
    """``--first-bank`` at a new two-hand table: chemin de fer's lot or auction."""
    if first_bank is None:
        return "lot"
    rules = definition(game)
    if first_bank not in rules.first_banks:
        raise BanqueError(_(rules.refusals["play:first_bank"]))
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
    """Open the table of a two-hand game (a new game, or a record played on)."""
    rules = definition(game)
    if record is None and not computers:
        computers = cast("dict[str, SeatChoice]", dict(rules.computers))
    from .session.two_hands import your_name

    you = your_name()
    names = [you, *[n for n in computers if n != you]]
    if record is None and len(names) > 11:
        raise BanqueError(_("a table seats at most 11 players"))
    _need_terminal()
    kinds = {n: str(c) for n, c in computers.items() if c != "human"}
    options: dict[str, str] = {}  # the game's own options, as its table takes them
    if "forced_moves" in rules.options:
        options["forced_moves"] = forced_moves
    if rules.first_banks:
        options["first_bank"] = first_bank
    from .table.games_base import open_table  # the table: imported when one opens

    return open_table(game, record, names=names, computers=kinds, pace=pace, **options)


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
        from .core.record import load_record
        from .games.records import new_game

        # A file that is not a valid record is said here, before the screen opens.
        loaded = load_record(record)
        if definition(loaded.game).two_hands:
            return play_two_hand(loaded.game, record, computers or {}, pace)
        try:
            new_game(loaded)
        except RecordError as exc:
            from .core.messages import tell_error

            raise RecordError(f"{plain(record, 120)}: {tell_error(exc)}") from None
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
            _(
                "the table cannot start ({error}); reinstall banque with its dependencies "
                "(pip install .)"
            ).format(error=exc)
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
    """Continue an unfinished game from its journal (the last one, or the one named).

    A game played at a hosted table, unfinished, is refused with the way back to its
    seats (``banque host --resume``): here it would get one keyboard and no tokens.
    """
    from .core.journal import hosted_of, read_journal
    from .games.records import find_game, last_unfinished, new_game

    if which:
        path = find_game(which)
    else:
        entry = last_unfinished(hosted=False)
        if entry is None:
            hosted = last_unfinished(hosted=True)
            if hosted is not None:
                raise BanqueError(_hosted_hint(hosted.id))
        path = entry.path if entry is not None else find_game(None)
    info = read_journal(path)  # a journal that cannot be read is said before the screen
    if not info.ended and hosted_of(path) is not None:
        raise BanqueError(_hosted_hint(path.name.removesuffix(".jsonl")))
    new_game(info.record)
    _need_terminal()  # before any escape code: not into a file or a pipe
    from .table.app import run_app  # every game's table: banque's App

    return run_app(None, resume=path)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
