"""Each game's own side of the study's commands: ``odds``, ``simulate`` and ``advise``.

A game's definition (:mod:`banque.games`) names these entry points
(``GameDefinition.entries``); the command line calls the game's own, by the
registry, never by the game's name.  Every ``odds`` entry takes the packs
(``None``: the game's own) and whether JSON is wanted, and gives the text to
print; every ``simulate`` entry takes the parsed options and gives the JSON
data and the text; every ``advise`` entry takes the game a record reached and
the options, prints the advice and gives the exit status.
"""

from __future__ import annotations

import argparse
import json
import sys
from fractions import Fraction
from typing import Any

from ..constants import EXIT_USAGE
from ..core.cards import pretty
from ..core.messages import tell
from ..games.banque.players import banker_advice, fund_limit
from ..i18n import _, chips, ngettext, number
from . import chemin_solver as chemin
from . import two_hands_odds, two_hands_simulate
from .odds import main_odds
from .simulate import format_summary, progress_bar, simulate

__all__ = [
    "banque_advise",
    "banque_odds",
    "banque_simulate",
    "chemin_advise",
    "chemin_odds",
    "chemin_simulate",
    "chemin_solved",
    "punto_odds",
    "punto_simulate",
]


def banque_odds(packs: int | None, as_json: bool, exact: bool = False) -> str:
    return main_odds(3 if packs is None else packs, as_json, exact)


def chemin_odds(packs: int | None, as_json: bool, exact: bool = False) -> str:
    return two_hands_odds.chemin_odds_text(packs, as_json, exact)


def chemin_solved(args: argparse.Namespace, command: str) -> str:
    """``strategy``/``choice --game chemin-de-fer``: the text or JSON of the study module
    (``ValueError`` or ``ArithmeticError``: what the options ask cannot be solved)."""
    given = [
        flag
        for flag, value in (
            ("--record", args.record),
            ("--stakes", args.stakes),
            ("--naturals", args.naturals),
            ("--rules", args.rules),
            ("--p5", None if args.p5 == "1/2" else args.p5),
        )
        if value is not None
    ]
    if given:
        raise ValueError(
            _(
                "{flags}: banque's options; chemin de fer takes --packs, --replacement, "
                "--commission and --json"
            ).format(flags=", ".join(given))
        )
    packs = 6 if args.packs is None else args.packs
    alpha = Fraction(0) if args.commission is None else chemin.parse_commission(args.commission)
    if command == "choice":
        if args.json:
            return json.dumps(chemin.choice_json(packs, args.replacement, alpha), indent=2)
        return chemin.format_choice(packs, args.replacement, alpha)
    if args.json:
        return json.dumps(chemin.strategy_json(packs, args.replacement, alpha), indent=2)
    return chemin.format_strategy(packs, args.replacement, alpha)


def punto_odds(packs: int | None, as_json: bool, exact: bool = False) -> str:
    return two_hands_odds.punto_odds_text(packs, as_json, exact)


def simulated_lead(coups: int, gain: float) -> str:
    """A simulation's first sentence: the banker's gain per chip said as chips won or lost
    for every 100 staked, over the coups played."""
    over = ngettext("{n} coup", "{n} coups", coups).format(n=coups)
    if gain > 0:
        words = _("Over {coups} the banker won {chips} chips for every 100 staked against it.")
    elif gain < 0:
        words = _("Over {coups} the banker lost {chips} chips for every 100 staked against it.")
    else:
        words = _("Over {coups} the banker neither won nor lost.")
    return words.format(coups=over, chips=number(abs(gain) * 100, 2)) + "\n\n"


def banque_simulate(args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    show = None
    if not args.no_progress and sys.stderr.isatty() and args.coups >= 2000:
        show = progress_bar(sys.stderr)
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
    lead = simulated_lead(summary.coups, summary.gain_per_chip)
    return summary.as_dict(), lead + format_summary(summary)


def chemin_simulate(args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    chemin = two_hands_simulate.simulate_chemin(
        args.coups, args.players, args.seed, args.packs or 6
    )
    data = chemin.as_dict()
    lead = simulated_lead(chemin.coups, data["banker_gain_per_chip"])
    return data, lead + two_hands_simulate.format_chemin_summary(chemin)


def punto_simulate(args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    punto = two_hands_simulate.simulate_punto(args.coups, args.seed, args.packs or 8)
    lead = _(
        "Each bet's house edge is the chips the house keeps for every 100 bet on it: "
        "measured over {coups}, and exact."
    ).format(coups=ngettext("{n} coup", "{n} coups", punto.coups).format(n=punto.coups))
    return punto.as_dict(), lead + "\n\n" + two_hands_simulate.format_punto_summary(punto)


def not_at_choice(where: str) -> int:
    print(
        "banque: "
        + _("the record does not stop at the banker's choice (it stops at: {where})").format(
            where=where
        ),
        file=sys.stderr,
    )
    return EXIT_USAGE


def advice_lead(draw: float, stand: float) -> None:
    """``advise``'s first sentence: which move is better, and what each is worth."""
    said = {"draw": number(draw, 2, sign=True), "stand": number(stand, 2, sign=True)}
    if draw == stand:
        print(_("Drawing and standing are worth the same to the banker here.").format(**said))
    elif draw > stand:
        print(
            _(
                "Drawing is better for the banker here: it expects {draw} chips by drawing, "
                "{stand} by standing."
            ).format(**said)
        )
    else:
        print(
            _(
                "Standing is better for the banker here: it expects {stand} chips by standing, "
                "{draw} by drawing."
            ).format(**said)
        )
    print()


def advice_lines(draw: float, stand: float) -> None:
    """``advise``'s expected gains and its verdict (chips as decimals in the language)."""
    print(
        _("  expected gain if the banker draws:  {gain} chips").format(
            gain=number(draw, 4, sign=True)
        )
    )
    print(
        _("  expected gain if the banker stands: {gain} chips").format(
            gain=number(stand, 4, sign=True)
        )
    )
    if draw == stand:
        print(_("Best: either (they are equal); standing spends no card."))
    elif draw > stand:
        print(_("Best: draw (by {gain} chips)").format(gain=number(abs(draw - stand), 4)))
    else:
        print(_("Best: stand (by {gain} chips)").format(gain=number(abs(draw - stand), 4)))


def banque_advise(game: Any, args: argparse.Namespace) -> int:
    """``banque advise`` at banque's banker's choice: the exact gain of each move."""
    if game.phase != "banker" or game.banker is None:
        return not_at_choice(tell(game.turn().prompt_msg))
    draw, stand = banker_advice(game.observe(game.banker), args.p5)
    best = "draw" if draw > stand else "stand"
    if args.json:
        print(json.dumps({"draw": draw, "stand": stand, "best": best}))
        return 0
    obs = game.observe(game.banker)
    cards = " ".join(pretty(c) for c in obs.hands["banker"] if c)
    advice_lead(draw, stand)
    print(
        _(
            "{banker} (banker) holds {cards} = {total}; stakes right {right}, left {left}; "
            "p5 = {p5}"
        ).format(
            banker=game.banker,
            cards=cards,
            total=obs.total("banker"),
            right=obs.stakes["right"],
            left=obs.stakes["left"],
            p5=number(args.p5, None),
        )
    )
    for side in obs.settled:  # classic: that side is settled already, whatever the banker does
        if side == "right":
            print(
                _(
                    "  the right side was settled by its natural: only the left is at stake; "
                    "the right's result is counted in both figures"
                )
            )
        else:
            print(
                _(
                    "  the left side was settled by its natural: only the right is at stake; "
                    "the left's result is counted in both figures"
                )
            )
    limit = fund_limit(obs)
    if limit is not None:
        print(
            _(
                "  a losing bank pays in order only as far as its fund: it loses at most "
                "{fund} chips, and each outcome is counted so"
            ).format(fund=limit)
        )
    advice_lines(draw, stand)
    return 0


def chemin_advise(game: Any, args: argparse.Namespace) -> int:
    """``banque advise`` at chemin de fer's banker's choice."""
    if game.phase != "banker":
        return not_at_choice(tell(getattr(game, "prompt_msg", None) or game.prompt))
    draw, stand = game.advice(Fraction(args.p5))
    best = "draw" if draw > stand else "stand"
    if args.json:
        print(json.dumps({"draw": float(draw), "stand": float(stand), "best": best}))
        return 0
    cards = " ".join(pretty(c) for c in game.hands["banker"])
    advice_lead(float(draw), float(stand))
    print(
        _("{banker} (banker) holds {cards}; {staked} staked by the punters; p5 = {p5}").format(
            banker=game.banker, cards=cards, staked=chips(game.staked()), p5=number(args.p5, None)
        )
    )
    advice_lines(float(draw), float(stand))
    return 0
