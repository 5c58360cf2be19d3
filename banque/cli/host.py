"""``banque host``: a table the players join from their own terminals (``banque join``),
new or hosted again (``--resume``), on the host's screen or its console."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..constants import MIN_PLAYERS
from ..core.errors import BanqueError
from ..games import DEFAULT_GAME, GAME_NAMES, definition
from ..i18n import _
from . import argtypes
from .argtypes import MAX_SEED
from .shared import need_terminal

if TYPE_CHECKING:
    from ..net.host import Hosting


def arguments(command: str, p: argparse.ArgumentParser) -> None:
    """The arguments of ``host``, and its body."""
    _host(p)


def _host(p: argparse.ArgumentParser) -> None:
    """``host``: the table, its seats and its address."""
    p.description = _(
        "Open a table and keep it: the engine, the computer players and the "
        "journal live in this process. In a terminal it shows the table full-screen (the "
        "public view, or your own seat with --play; j: how each seat joins, ctrl+q: close "
        "the table); with --log, or without a terminal, it prints how each seat joins (its "
        "token), then the public log as the game goes, and ctrl+c closes the table. The "
        "journal keeps the game either way."
    )
    p.add_argument(
        "--players",
        type=argtypes.host_names,
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
        type=argtypes.computer,
        default=[],
        metavar=_("NAME[:STYLE]"),
        help=_(
            "NAME's seat is a computer player, cautious (default), bold or expert (the "
            "game's solution at its card decisions, cautious otherwise); repeat for more"
        ),
    )
    p.add_argument(
        "--seed",
        type=argtypes.whole(0, MAX_SEED),
        default=None,
        metavar="S",
        help=_(
            "a known seed, 0 to 2⁶³−1, for study or tests: it makes a known shoe, the same "
            "every time (default: a secure seed of 256 bits from the system, that nobody knows)"
        ),
    )
    p.add_argument(
        "--pace",
        type=argtypes.pace,
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
    argtypes.add_rules_flags(p, host=True)
    p.add_argument(
        "--game",
        choices=GAME_NAMES,
        default=argparse.SUPPRESS,
        help=_(
            "the game hosted: banque (the default), chemin-de-fer or punto-banco; each seat "
            "joins it with banque join"
        ),
    )
    argtypes.add_shoe_flags(p)
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
        type=argtypes.socket_path,
        metavar=_("PATH"),
        help=_("the Unix socket (default: table.sock in your runtime folder)"),
    )
    p.add_argument(
        "--tcp",
        type=argtypes.whole(0, 65535),
        metavar=_("PORT"),
        help=_("also listen on 127.0.0.1:PORT (loopback only; joiners need their token)"),
    )
    p.add_argument(
        "--ssh",
        type=argtypes.whole(0, 65535),
        metavar=_("PORT"),
        help=_(
            "open the SSH door on PORT: each seat comes in with ssh -t -p PORT SEAT@HOST, by "
            "a listed key or its one-time invitation code (printed); spectators as watch"
        ),
    )
    p.add_argument(
        "--web",
        type=argtypes.whole(0, 65535),
        metavar=_("PORT"),
        help=_(
            "open the web door on PORT: each seat plays in a browser at its own link "
            "(printed; j shows them on the host's screen); spectators at theirs"
        ),
    )
    p.add_argument(
        "--bind",
        metavar=_("ADDRESS"),
        help=_(
            "the address the SSH and web doors listen on (default 127.0.0.1: this machine "
            "only; 0.0.0.0: every network it is on)"
        ),
    )
    p.add_argument(
        "--ssh-keys",
        metavar=_("FILE"),
        help=_(
            "the seats' SSH keys, a line a key: the seat's name, then the key as in a .pub "
            "file (a key listed opens its seat without a code)"
        ),
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
        type=argtypes.seat_user,
        default=[],
        metavar=_("NAME=USER"),
        help=_(
            "the Unix account USER may take NAME's seat without its token (the socket's "
            "peer credentials; with --group for another account); repeat for more"
        ),
    )
    p.set_defaults(func=cmd_host)


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
    ("raise_limit", "--raise-limit"),
    ("bank", "--bank"),
    ("group", "--group"),
    ("seat_user", "--seat-user"),
    ("no_journal", "--no-journal"),
)


def _bind(args: argparse.Namespace) -> str:
    """The doors' address (``--bind``), checked: loopback unless given."""
    if args.bind is None:
        return "127.0.0.1"
    if args.ssh is None and getattr(args, "web", None) is None:
        raise BanqueError(_("--bind is the doors': give --ssh PORT or --web PORT with it"))
    # deferred: start-up (the doors' address check, with the messages: banque --help loads
    # this module)
    from ..core.messages import tell
    from ..net.bind import bind_problem

    problem = bind_problem(args.bind)
    if problem is not None:
        raise BanqueError(tell(problem))
    return str(args.bind)


def _door(args: argparse.Namespace) -> tuple[int, str, str | None] | None:
    """The SSH door's port, address and keys file (``None``: no ``--ssh``, no door)."""
    bind = _bind(args)
    if args.ssh is None:
        if args.ssh_keys is not None:
            raise BanqueError(
                _("{flag} is the SSH door's: give --ssh PORT with it").format(flag="--ssh-keys")
            )
        return None
    keys = str(Path(args.ssh_keys).expanduser().absolute()) if args.ssh_keys else None
    return args.ssh, bind, keys


def _web(args: argparse.Namespace) -> tuple[int, str] | None:
    """The web door's port and address (``None``: no ``--web``, no web door)."""
    web = getattr(args, "web", None)
    return None if web is None else (web, _bind(args))


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
                "no {flags} with it (--socket, --tcp, --ssh, --web, --play and --log may be given)"
            ).format(flags=", ".join(given))
        )
    # deferred: start-up (the hosted table, ~+140 ms: banque host --help loads this module)
    from ..net.host import SshOptions, WebOptions, check_play, resume_hosting

    door, web = _door(args), _web(args)
    hosting = resume_hosting(
        args.resume or None,
        socket_path=args.socket,
        tcp_port=args.tcp,
        ssh=SshOptions(*door) if door is not None else None,
        web=WebOptions(*web) if web is not None else None,
    )
    game = hosting.table.session.game
    if args.play is not None:
        styles = {n: "cautious" for n in game.participants if n not in hosting.table.seats}
        check_play(args.play, list(game.participants), styles)  # type: ignore[arg-type]
    return _serve_hosting(hosting, screen, args.play)


def cmd_host(args: argparse.Namespace) -> int:
    """``banque host``: a new table (or, with ``--resume``, one hosted again) served."""
    # deferred: start-up (the hosted table, ~+140 ms: banque host --help loads this module)
    from ..net.host import SshOptions, WebOptions, check_play, prepare_hosting

    door, web = _door(args), _web(args)
    if args.play is not None and args.log:
        raise BanqueError(_("--play shows your seat full-screen: not with --log"))
    screen = not args.log and sys.stdin.isatty() and sys.stdout.isatty()
    if definition(getattr(args, "game", DEFAULT_GAME)).two_hands and args.resume is None:
        return _host_two_hands(args, screen)
    if args.play is not None and not screen:
        need_terminal()
    if args.resume is not None:
        return _host_resume(args, screen)
    argtypes.game_options(args, DEFAULT_GAME)  # banque takes none: each refused in words
    seat_users = dict(args.seat_user)
    names = args.players
    if names is not None and len(names) < MIN_PLAYERS:
        try:  # banque's own words: a table seats 3 to 11
            argtypes.table_names(",".join(names))
        except argparse.ArgumentTypeError as exc:
            raise BanqueError(f"--players: {exc}") from None
    computers = dict(args.computer)
    seed = args.seed
    pace = 0.6 if args.pace is None else args.pace
    forced_moves = args.forced_moves or "announced"
    rules, options = argtypes.rules_options(args)
    if names is None and sys.stdin.isatty() and sys.stdout.isatty():
        # deferred: start-up (Textual and the setup screen, ~+190 ms: only in a terminal)
        from ..table.screens.hostsetup import run_host_setup

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
        ssh=SshOptions(*door) if door is not None else None,
        web=WebOptions(*web) if web is not None else None,
    )
    return _serve_hosting(hosting, screen, args.play)


def _host_two_hands(args: argparse.Namespace, screen: bool) -> int:
    """``banque host --game chemin-de-fer|punto-banco``: the same table, the same seats'
    joins, journal and resume as banque's; in a terminal the host's screen shows the
    game's table (the public view, or ``--play NAME``'s seat), else the public log."""
    # deferred: start-up (the hosted table, ~+140 ms: banque host --help loads this module)
    from ..net.host import SshOptions, WebOptions, check_play, prepare_hosting

    door, web = _door(args), _web(args)
    game = args.game
    rules = definition(game)
    if getattr(args, "rules", "home") != "home" or getattr(args, "banco_split", None):
        raise BanqueError(
            _("--rules and --banco-split are banque's: {game} has its own rules").format(game=game)
        )
    first_bank = getattr(args, "first_bank", None)
    if first_bank is not None and first_bank not in rules.first_banks:
        raise BanqueError(_(rules.refusals["host:first_bank"]).format(how=first_bank))
    if args.forced_moves is not None and "forced_moves" not in rules.options:
        raise BanqueError(_(rules.refusals["host:forced_moves"]))
    game_options: dict[str, object] = {**argtypes.game_options(args, game)}
    game_options["first_bank"] = first_bank or "lot"
    names = args.players or list(rules.host_names)
    computers = dict(args.computer)
    check_play(args.play, names, computers)
    if args.play is not None and not screen:
        need_terminal()
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
        game_options=game_options,
        ssh=SshOptions(*door) if door is not None else None,
        web=WebOptions(*web) if web is not None else None,
    )
    return _serve_hosting(hosting, screen, args.play)


def _serve_hosting(hosting: Hosting, screen: bool, play: str | None) -> int:
    """A prepared table (new, or brought back by ``--resume``) served: on the host's
    full screen (``play``: its seat there), or on its console."""
    if screen:
        # deferred: start-up (Textual and the host's screen, ~+440 ms: only in a terminal)
        from ..table.screens.hosted import run_hosting

        return run_hosting(hosting, play)
    # deferred: start-up (the hosted table, ~+140 ms: banque host --help loads this module)
    from ..net.host import serve_hosting

    return serve_hosting(hosting)
