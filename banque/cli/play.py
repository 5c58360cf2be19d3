"""The table itself, with no command: its options (``--record``, ``--game``, ``--pace``,
``--computer``, ``--forced-moves``, the house's rules, ``--resume``) and opening it — a
new game, a record played on, or an unfinished game continued from its journal."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from ..core.errors import BanqueError, RecordError
from ..games import DEFAULT_GAME, GAME_NAMES, definition
from ..i18n import _
from ..text import plain
from . import argtypes
from .shared import need_terminal, plain_text

if TYPE_CHECKING:
    from ..core.models import ForcedMoves
    from ..session.session import SeatChoice


def arguments(parser: argparse.ArgumentParser) -> None:
    """The table's options, on the parser's top (``banque --game … --pace …``)."""
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
        type=argtypes.pace,
        default=None,
        metavar=_("SECONDS"),
        help=_("seconds between two computer moves at the table (default 0.6; 0: at once)"),
    )
    parser.add_argument(
        "--computer",
        action="append",
        type=argtypes.computer,
        default=[],
        metavar=_("NAME[:STYLE]"),
        help=_(
            "NAME's seat is a computer player, cautious (the default), bold or expert (it "
            "plays the game's solution at its card decisions and bids, stakes and calls banco "
            "as a cautious one; at punto banco it bets on the bank); repeat for more seats: "
            "the seats not named are human (setup may still change them)"
        ),
    )
    parser.add_argument(
        "--forced-moves",
        choices=("announced", "automatic"),
        default=None,
        help=_(
            "announced (the default): every side states its move, forced or not, so nobody "
            "learns what it holds; automatic: forced moves at once (faster, but a side asked to "
            "choose is seen to hold 5). A game from --record keeps its record's."
        ),
    )
    argtypes.add_rules_flags(parser)
    argtypes.add_shoe_flags(parser)
    parser.add_argument(
        "--resume",
        nargs="?",
        const="",
        metavar=_("ID|FILE"),
        help=_("continue the last unfinished game (or the one named; banque games lists them)"),
    )


def run(args: argparse.Namespace) -> int:
    """``banque`` with no command: the table opened (a new game, ``--record``, ``--resume``)."""
    played_on = args.record is not None or args.resume is not None
    if played_on and any(getattr(args, o) is not None for o, _f in argtypes.SHOE_OPTIONS):
        raise BanqueError(
            _(
                "--packs, --limit, --raise-limit and --bank are a new game's: a game played on "
                "keeps its own"
            )
        )
    if not played_on:
        argtypes.game_options(args, args.game)  # another game's option refused in words
    # Flags for a new game: the table opens it, without offering the unfinished one.
    new_game_flags = bool(args.computer) or args.pace is not None or args.forced_moves is not None
    pace = 0.6 if args.pace is None else args.pace
    forced_moves = args.forced_moves or "announced"
    if definition(args.game).two_hands and args.record is None and args.resume is None:
        return play_two_hand(
            args.game,
            None,
            dict(args.computer),
            pace,
            forced_moves,
            first_bank=two_hand_first_bank(args.game, args.first_bank),
            **argtypes.game_options(args, args.game),
        )
    if args.resume is not None:
        if args.record is not None or args.computer:
            raise BanqueError(
                _("--resume continues a game with its own seats: no --record or --computer with it")
            )
        return resume(args.resume)
    rules, options = argtypes.rules_options(args)
    return play(
        args.record,
        pace,
        dict(args.computer) or None,
        forced_moves=forced_moves,  # type: ignore[arg-type]
        rules=rules,
        options=options or None,
        offer_resume=not (new_game_flags or rules != "home" or options),
    )


def two_hand_first_bank(game: str, first_bank: str | None) -> str:
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
    **game_options: int | str,
) -> int:
    """Open the table of a two-hand game (a new game, or a record played on);
    ``game_options``, a new game's own (``packs``, ``limit``, ``raise_limit``, ``bank``)."""
    rules = definition(game)
    if record is None and not computers:
        computers = cast("dict[str, SeatChoice]", dict(rules.computers))
    if record is None and not computers and game_options.get("bank") == "players":
        # a bank the players hold needs players beside you: the host's seats, as computers
        computers = {
            n: cast("SeatChoice", "bold" if i % 2 else "cautious")
            for i, n in enumerate(rules.host_names)
        }
    # deferred: start-up (the two-hand session, ~+125 ms: every command loads this module)
    from ..session.two_hands import your_name

    you = your_name(computers)
    names = [you, *computers]
    if record is None and len(names) > 11:
        raise BanqueError(_("a table seats at most 11 players"))
    need_terminal()
    kinds = {n: str(c) for n, c in computers.items() if c != "human"}
    options: dict[str, str | int] = dict(game_options)  # the game's own, as its table takes them
    if "forced_moves" in rules.options:
        options["forced_moves"] = forced_moves
    if rules.first_banks:
        options["first_bank"] = first_bank
    # deferred: start-up (Textual and the two-hand tables, ~+195 ms: imported when one opens)
    from ..table.games_base import open_table

    return open_table(game, record, names=names, computers=kinds, pace=pace, **options)


def play(
    record: str | None,
    pace: float = 0.6,
    computers: dict[str, SeatChoice] | None = None,
    *,
    forced_moves: ForcedMoves = "announced",
    rules: str = "home",
    options: dict[str, str | int] | None = None,
    offer_resume: bool = True,
) -> int:
    """Open the table (the terminal app); ``offer_resume``: plain ``banque`` offers the
    unfinished game (flags for a new game open it instead)."""
    if record is not None:
        # deferred: start-up (pydantic, the records and the engines, ~+100 ms: every command
        # loads this module, and the first screen is drawn before them)
        from ..core.record import load_record
        from ..games.records import new_game

        # A file that is not a valid record is said here, before the screen opens.
        loaded = load_record(record)
        if definition(loaded.game).two_hands:
            return play_two_hand(loaded.game, record, computers or {}, pace)
        try:
            new_game(loaded)
        except RecordError as exc:
            # deferred: start-up (core.messages, ~1 ms: every command loads this module)
            from ..core.messages import tell_error

            raise RecordError(f"{plain(record, 120)}: {tell_error(exc)}") from None
        if computers:
            check_computers(loaded.participants, computers)
    elif computers:
        # deferred: start-up (Textual and the setup screen, ~+200 ms: every command loads
        # this module)
        from ..table.screens.setup import DEFAULT_NAMES

        check_computers(DEFAULT_NAMES, computers)
    need_terminal()
    try:
        # deferred: start-up (Textual and the table, ~+170 ms: every command loads this module)
        from ..table.app import run_app
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
        offer_resume=offer_resume,
    )


def resume(which: str) -> int:
    """Continue an unfinished game from its journal (the last one, or the one named).

    A game played at a hosted table, unfinished, is refused with the way back to its
    seats (``banque host --resume``): here it would get one keyboard and no tokens.
    """
    # deferred: start-up (pydantic, the journals and the records, ~+100 ms: every command
    # loads this module)
    from ..core.journal import hosted_of, read_journal
    from ..games.records import find_game, last_unfinished, new_game

    if which:
        path = find_game(which)
    else:
        entry = last_unfinished(hosted=False)
        if entry is None:
            hosted = last_unfinished(hosted=True)
            if hosted is not None:
                raise BanqueError(hosted_hint(hosted.id))
        path = entry.path if entry is not None else find_game(None)
    info = read_journal(path)  # a journal that cannot be read is said before the screen
    if not info.ended and hosted_of(path) is not None:
        raise BanqueError(hosted_hint(path.name.removesuffix(".jsonl")))
    new_game(info.record)
    need_terminal()  # before any escape code: not into a file or a pipe
    # deferred: start-up (Textual and every game's table, banque's App, ~+170 ms: said after
    # the journal is read, before any screen)
    from ..table.app import run_app

    return run_app(None, resume=path)


def hosted_hint(ident: str) -> str:
    """The way back to a hosted game's seats: ``banque host --resume``."""
    return _(
        "{id} was played at a hosted table: banque host --resume {id} brings it back with its "
        "seats and their join lines"
    ).format(id=plain_text(ident))


def check_computers(names: Sequence[str], computers: dict[str, SeatChoice]) -> None:
    """Each ``--computer`` seat is one of the participants."""
    strangers = [n for n in computers if n not in names]
    if strangers:
        raise BanqueError(
            _("--computer {name}: not a participant (the participants: {names})").format(
                name=plain_text(strangers[0]), names=plain_text(", ".join(names))
            )
        )
