"""The study's commands over a game: ``odds``, ``advise``, ``simulate``, and ``rules``
(a house's rules printed); each game's own answer is its definition's entry."""

from __future__ import annotations

import argparse
import json
import shutil
import sys

from ..constants import EXIT_USAGE, MAX_PLAYERS, MIN_PLAYERS, RULES_NAMES
from ..core.errors import BanqueError
from ..games import DEFAULT_GAME, GAME_NAMES, definition
from ..i18n import _
from . import argtypes
from .argtypes import MAX_COUPS, MAX_PACKS, MAX_SEED
from .shared import failed, read_record


def arguments(command: str, p: argparse.ArgumentParser) -> None:
    """The arguments of ``odds``, ``advise``, ``simulate`` or ``rules``, and its body."""
    {"odds": _odds, "advise": _advise, "simulate": _simulate, "rules": _rules}[command](p)


def _odds(p: argparse.ArgumentParser) -> None:
    """``odds``: a game's exact odds for a full shoe."""
    p.description = _(
        "The exact distribution of a two-card total and the chance of naturals "
        "for a full shoe, as percentages (with --exact, the exact fractions too)."
    )
    p.add_argument(
        "--packs",
        type=argtypes.whole(1, MAX_PACKS),
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
    p.add_argument("--exact", action="store_true", help=_("also the exact fractions"))
    p.add_argument("--json", action="store_true", help=_("print JSON (with the exact fractions)"))
    p.set_defaults(func=cmd_odds)


def _advise(p: argparse.ArgumentParser) -> None:
    """``advise``: the banker's exact choice at a record's end."""
    p.description = _(
        "Replay a record that stops at the banker's choice and give the banker's "
        "exact expected gain, in chips, for drawing and for standing, from what the banker "
        "may know. Exit status 2 if the record does not stop there."
    )
    p.add_argument("record", help=_("the record file (- for standard input)"))
    p.add_argument(
        "--p5",
        type=argtypes.probability,
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


def _simulate(p: argparse.ArgumentParser) -> None:
    """``simulate``: computer players only, many coups."""
    p.description = _(
        "Computer players only; a fresh bank whenever one ends. Prints naturals per "
        "coup, the banker's gain per chip staked (with its standard error), outcomes per side "
        "and the banker's draw/stand frequencies by total."
    )
    p.add_argument(
        "--coups",
        type=argtypes.whole(1, MAX_COUPS),
        required=True,
        metavar="N",
        help=_("coups to play, 1 to {max}").format(max=f"{MAX_COUPS:,}".replace(",", " ")),
    )
    p.add_argument(
        "--players",
        type=argtypes.whole(0, 1000),
        default=5,
        metavar="K",
        help=_(
            "participants (default 5): banque seats {low} to {high}, chemin de fer 2 to {high}"
        ).format(low=MIN_PLAYERS, high=MAX_PLAYERS),
    )
    p.add_argument(
        "--seed",
        type=argtypes.whole(0, MAX_SEED),
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
        "--p5",
        type=argtypes.probability,
        default=0.5,
        metavar="P",
        help=_("chance a side at 5 draws"),
    )
    p.add_argument(
        "--stakes",
        type=argtypes.chips_pair,
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
        type=argtypes.whole(1, MAX_PACKS),
        default=None,
        metavar="N",
        help=_("packs in the shoe, chemin de fer and punto banco (default 6 and 8)"),
    )
    p.add_argument("--json", action="store_true", help=_("print the summary as JSON"))
    p.add_argument("--no-progress", action="store_true", help=_("no progress bar on stderr"))
    p.set_defaults(func=cmd_simulate)


def _rules(p: argparse.ArgumentParser) -> None:
    """``rules``: a house's rules."""
    p.description = _(
        "The rule profiles: home (the rules card), classic (the Pocket Book of "
        "Games, 1944) and hoyle (the Hoyle-era account with a croupier). For classic and "
        "hoyle the differences from home are printed side by side."
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


def cmd_odds(args: argparse.Namespace) -> int:
    if not args.json:
        print(_("How likely each two-card total and each natural is, dealt from a full shoe."))
        print()
    print(definition(args.game).entry("odds")(args.packs, args.json, args.exact))
    return 0


def cmd_advise(args: argparse.Namespace) -> int:
    try:
        result = read_record(args.record)
    except BanqueError as exc:
        return failed(exc)
    game = result.game
    if result.error is not None:
        return failed(result.error)
    rules = definition(game.game)
    if "advise" not in rules.entries:  # the game asks nobody anything
        print("banque: " + _(rules.refusals["advise"]), file=sys.stderr)
        return EXIT_USAGE
    return int(rules.entry("advise")(game, args))


def cmd_simulate(args: argparse.Namespace) -> int:
    game = definition(args.game)
    low, high = game.seats
    if not low <= args.players <= high:
        said = _("--players {value}: {game} seats {low} to {high} participants").format(
            value=args.players, game=game.title, low=low, high=high
        )
        see = _("{message} (see {command} --help)").format(message=said, command="banque simulate")
        print("banque: " + see, file=sys.stderr)
        return EXIT_USAGE
    try:
        data, text = definition(args.game).entry("simulate")(args)
    except ValueError as exc:
        return failed(exc)
    print(json.dumps(data, indent=2, ensure_ascii=False) if args.json else text)
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    # deferred: start-up (banque's house rules, ~3 ms: banque rules --help loads this module)
    from ..games.banque.rules import format_profile

    width = min(120, max(60, _terminal_width()))
    print(format_profile(args.profile, width))
    return 0


def _terminal_width() -> int:
    return shutil.get_terminal_size((100, 24)).columns
