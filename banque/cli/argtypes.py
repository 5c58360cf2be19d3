"""The options' types: each value read, or refused in one line (argparse's
``ArgumentTypeError``, told as ``argument --OPTION: …``); and the options that the
table and ``banque host`` share (the house's rules), so that no command's module
imports another's."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from ..constants import MAX_PLAYERS, MIN_PLAYERS, RULES_NAMES
from ..core.errors import BanqueError
from ..games import GAMES, definition
from ..i18n import _, ngettext
from ..text import plain, quoted

if TYPE_CHECKING:
    from ..session.session import SeatChoice

#: Bounds of the numeric options: anything outside is refused in one line.
MAX_PACKS = 1000
MAX_COUPS = 10_000_000
MAX_SEED = 2**63 - 1


def whole(low: int, high: int, what: str = "") -> Callable[[str], int]:
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


def pace(text: str) -> float:
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


def computer(text: str) -> tuple[str, SeatChoice]:
    name, _sep, style = text.partition(":")
    name, style = name.strip(), (style.strip().lower() or "cautious")
    if not name:
        raise argparse.ArgumentTypeError(
            _("{text}: a participant's name is needed").format(text=quoted(text))
        )
    if style not in ("cautious", "bold", "expert"):
        raise argparse.ArgumentTypeError(
            _("{style} is not a temperament: cautious, bold or expert").format(style=quoted(style))
        )
    return name, cast("SeatChoice", style)


def chips_pair(text: str) -> tuple[int, int]:
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


def probability(text: str) -> float:
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


def banco_split(text: str) -> str | int:
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


def table_names(text: str) -> list[str]:
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


def host_names(text: str) -> list[str]:
    """``banque host --players``: 1 to 11 names (each game checks its own number: banque
    seats 3 or more, chemin de fer 2, punto banco 1, as its engine says)."""
    names = [n.strip() for n in text.split(",")]
    if any(not n for n in names):
        raise argparse.ArgumentTypeError(
            _("{text}: names are separated by commas").format(text=quoted(text))
        )
    if len(names) > MAX_PLAYERS:
        return table_names(text)  # the words of banque's own limit
    return names


def seat_user(text: str) -> tuple[str, str]:
    seat, sep, user = text.partition("=")
    if not sep or not seat.strip() or not user.strip():
        raise argparse.ArgumentTypeError(
            _("{text}: write the seat's name, =, then the account (Bruno=bruno)").format(
                text=quoted(text)
            )
        )
    return seat.strip(), user.strip()


def socket_path(text: str) -> str:
    """``--socket PATH``: a path that can be shown, never an escape sequence."""
    if not text.strip():
        raise argparse.ArgumentTypeError(_("a socket needs a path (for example ~/banque.sock)"))
    if not text.isprintable():
        raise argparse.ArgumentTypeError(
            _("{text} is not a socket path: it holds control characters").format(text=quoted(text))
        )
    return text


def add_rules_flags(parser: argparse.ArgumentParser, *, host: bool = False) -> None:
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
        type=banco_split,
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


def rules_options(args: argparse.Namespace) -> tuple[str, dict[str, str | int]]:
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


#: The two-hand games' own options for their shoe and their bank, and their flags.
SHOE_OPTIONS = (
    ("packs", "--packs"),
    ("limit", "--limit"),
    ("raise_limit", "--raise-limit"),
    ("bank", "--bank"),
)


def add_shoe_flags(parser: argparse.ArgumentParser) -> None:
    """``--packs``, ``--limit`` and ``--raise-limit``: a two-hand game's shoe and house."""
    parser.add_argument(
        "--packs",
        type=whole(1, 1000),
        default=None,
        metavar="N",
        help=_(
            "chemin de fer's and punto banco's shoe: its packs (default 6 and 8; punto "
            "banco's six or eight)"
        ),
    )
    parser.add_argument(
        "--limit",
        type=whole(1, 10**9),
        default=None,
        metavar=_("CHIPS"),
        help=_("punto banco's house limit a bet (default 100)"),
    )
    parser.add_argument(
        "--raise-limit",
        type=whole(2, 10**9),
        default=None,
        metavar=_("CHIPS"),
        help=_(
            "punto banco: the house raises its limit when a player asks (key l), up to "
            "CHIPS a bet (default: it never does)"
        ),
    )
    parser.add_argument(
        "--bank",
        choices=("house", "players"),
        default=None,
        help=_(
            "punto banco: the house holds the bank (the default), or the players do, in "
            "turn, as at chemin de fer (every draw still fixed)"
        ),
    )


def game_options(args: argparse.Namespace, game: str) -> dict[str, int | str]:
    """The game's own options given (``--packs``, ``--limit``, ``--raise-limit``,
    ``--bank``), each refused in words for a game that does not take it."""
    rules = definition(game)
    out: dict[str, int | str] = {}
    for option, flag in SHOE_OPTIONS:
        value = getattr(args, option, None)
        if value is None:
            continue
        if option not in rules.options:
            # deferred: start-up (the messages load on the first refusal, as core/errors.py's)
            from ..core.messages import N_, Listed, Msg

            takers = [g.title.lower() for g in GAMES.values() if option in g.options]
            raise BanqueError(
                Msg(
                    N_("{flag} is an option of {games} only (add --game)"),
                    flag=flag,
                    games=Listed(takers),
                )
            )
        out[option] = value
    return out
