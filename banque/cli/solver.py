"""The banker's solver's commands: ``edge`` (the exact edge, one coup or a sweep),
``strategy`` (the best-response table) and ``choice`` (the sides' choice at 5); with
``--game chemin-de-fer``, chemin de fer solved (its definition's ``solved`` entry)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from ..constants import EXIT_USAGE, RULES_NAMES
from ..core.errors import BanqueError
from ..games import DEFAULT_GAME, GAME_NAMES, GAMES, definition
from ..i18n import N_, _, ngettext, number, pgettext
from ..text import plain, quoted
from . import argtypes
from .argtypes import MAX_PACKS
from .shared import read_record

#: Each command's description, the first words of its ``--help``.
DESCRIPTIONS = {
    "edge": N_(
        "The banker's exact expected gain per chip staked for one coup, as a fraction and a "
        "percentage: the naturals' share, the decision coups' share and the total. Several "
        "--stakes or a range of --p5 (START:STOP:STEP) print a table."
    ),
    "strategy": N_(
        "The banker's best move at each total against what each side did: draw, stand, or "
        "draw when the right side's share of the stakes is below (or above) a threshold. "
        "With --stakes, the move at that ratio."
    ),
    "choice": N_(
        "The banker's edge when everyone plays its best: Ethier & Lee's correlated "
        "cooperative equilibrium (the sides as one team, correlating their choices at 5), "
        "the independent cooperative equilibrium and, at equal stakes, the Nash equilibrium "
        "among strategies with one draw-at-5 chance per side. Then, for a side holding 5: "
        "its expected gain per chip drawing and standing against the banker's best "
        "response, and the chance of drawing at 5 (q) that lowers the banker's edge most, "
        "for one side alone and for both sides together."
    ),
}


def arguments(command: str, p: argparse.ArgumentParser) -> None:
    """The arguments of ``edge``, ``strategy`` or ``choice``, and its body."""
    text = _(DESCRIPTIONS[command])
    if command != "edge":  # chemin de fer solved (banque.study.chemin_solver)
        text += " " + _(_CHEMIN_HELP[command])
    p.description = text
    _solver_options(p, sweep=command == "edge")
    if command != "strategy":
        p.add_argument(
            "--exact",
            action="store_true",
            help=_("also the exact fractions") if command == "edge" else _("also the equations"),
        )
    if command != "edge":
        _chemin_options(p)
    if command == "choice":
        p.add_argument(
            "--dealt",
            action="store_true",
            help=_(
                "the game as dealt: each side decides at 5 by its two cards, the left also by "
                "what the right did; its Nash equilibrium, solved exactly (a few seconds)"
            ),
        )
    p.set_defaults(func={"edge": cmd_edge, "strategy": cmd_strategy, "choice": cmd_choice}[command])


def _solver_options(p: argparse.ArgumentParser, sweep: bool) -> None:
    p.add_argument(
        "--packs",
        type=argtypes.whole(1, MAX_PACKS),
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
        choices=RULES_NAMES,
        help=_(
            "the house: home and hoyle: --naturals all; classic: --naturals per-side; "
            "solved with the stakes within the fund (default: a record's house, else home)"
        ),
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


#: Each study command's first sentence: what its figures mean, for a player.
LEADS = {
    "sweep": N_(
        "Each figure is the banker's edge: the chips the banker wins for every 100 the "
        "sides stake, in one coup, by how often a side holding 5 draws (p5)."
    ),
    "strategy": N_(
        "When the banker does best to draw and when to stand, for every hand it may face."
    ),
    "choice": N_(
        "Whether a side holding 5 does better to draw or to stand, and how often drawing "
        "at 5 keeps the banker's edge lowest."
    ),
}


def edge_lead(total: float) -> str:
    """``banque edge``'s first sentence: the banker's edge said as chips won or lost for
    every 100 staked (``total``: the edge per chip)."""
    if total > 0:
        words = _("In one coup the banker wins {chips} chips for every 100 the sides stake.")
    elif total < 0:
        words = _("In one coup the banker loses {chips} chips for every 100 the sides stake.")
    else:
        return _("In one coup neither the banker nor the sides win anything on average.")
    return words.format(chips=number(abs(total) * 100, 2))


def lead(sentence: str) -> None:
    """A study command's first sentence, then a blank line before its figures."""
    print(sentence)
    print()


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
    if not args.json:
        lead(_(LEADS[command]))
    print(out)
    return 0


def _solver_setup(args: argparse.Namespace, command: str = "edge") -> tuple[Any, str]:
    """The exact model for the options (a fresh shoe or a record's), and words for its shoe.

    ``edge``, ``strategy`` and ``choice`` study banque's banker facing two hands: a
    record of chemin de fer or punto banco is refused in one line that says so.  The
    house is ``--rules``, else the record's, else home (none with ``--naturals`` alone);
    ``--rules`` against a record of another house is refused in words."""
    # deferred: start-up (the houses' words, ~1 ms: banque edge --help loads this module)
    from ..games.banque.rules import PROFILES

    game = None
    if args.record is not None:
        result = read_record(args.record)
        if result.error is not None:
            # deferred: start-up (core.messages, ~1 ms: banque edge --help loads this module)
            from ..core.messages import tell_error

            raise ValueError(tell_error(result.error))
        game = result.game
        name = game.game
        if definition(name).hands != 3:  # the solver's model: one bank against two hands
            raise ValueError(
                _(
                    "{command} studies Baccarat Banque à deux tableaux (one bank against a "
                    "right and a left hand), not {game}: for {game}, see banque odds --game "
                    "{name}"
                ).format(command=command, game=GAMES[name].title.lower(), name=name)
            )
    house = args.rules
    played = getattr(game, "rules", None)
    if house and played and house != played:
        raise ValueError(
            _(
                "the record is played under the {played} rules, not {rules}: leave out "
                "--rules, or give a record of that house"
            ).format(played=played, rules=house)
        )
    house = house or played or (None if args.naturals else "home")
    rule = args.naturals or PROFILES[house or "home"].naturals
    if house and args.naturals and rule != PROFILES[house].naturals:
        raise ValueError(
            _("--rules {rules} and --naturals {naturals} disagree").format(
                rules=house, naturals=args.naturals
            )
        )
    model, words = _solver_model(args, game, rule)
    model.house = house
    return model, words


def _solver_model(args: argparse.Namespace, game: Any, rule: str) -> tuple[Any, str]:
    """The exact model of a fresh shoe or of the shoe a record left, and its words."""
    # deferred: start-up (the study, ~+10 ms: banque edge --help loads this module)
    from ..games.banque.advisor import unseen_values
    from ..study.edge import EdgeModel

    build: Callable[[Sequence[int], str], Any] = EdgeModel
    if getattr(args, "dealt", False):
        # deferred: start-up (the as-dealt model, loaded only for --dealt)
        from ..study.dealt_nash import dealt_model

        def build(counts: Sequence[int], rule: str) -> Any:
            """The as-dealt model's classes summed back: the shoe counted once for both."""
            return dealt_model(tuple(counts), rule).collapsed()  # type: ignore[arg-type]

    if game is None:
        packs = 3 if args.packs is None else args.packs
        shoe = ngettext("a fresh shoe of {n} pack", "a fresh shoe of {n} packs", packs)
        return build(unseen_values(packs), rule), shoe.format(n=packs)
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
        return build(unseen_values(game.packs), rule), source
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
    return build(counts, rule), shown.format(n=len(seen))


def _p5_lists(text: str) -> tuple[list[Any], list[Any]]:
    # deferred: start-up (the study, ~+10 ms: banque edge --help loads this module)
    from ..study.edge import parse_p5

    parts = text.split(",")
    if len(parts) == 1:
        values = parse_p5(parts[0])
        return values, values
    if len(parts) == 2:
        return parse_p5(parts[0]), parse_p5(parts[1])
    raise ValueError(_("{text}: write Q, or QR,QL (one for each side)").format(text=quoted(text)))


def _stakes_list(raw: list[str] | None) -> list[tuple[int, int]]:
    # deferred: start-up (the study, ~+10 ms: banque edge --help loads this module)
    from ..study.edge import parse_stakes

    texts = [t for item in (raw or ["1:1"]) for t in item.split(",") if t.strip()]
    if not texts:
        raise ValueError(_("--stakes: write R:L, for example 1:1 or 3:1"))
    return [parse_stakes(t) for t in texts]


def _solver_failed(exc: Exception) -> int:
    # deferred: start-up (core.messages, ~1 ms: banque edge --help loads this module)
    from ..core.messages import tell_error

    print(f"banque: {plain(tell_error(exc), 200)}", file=sys.stderr)
    return EXIT_USAGE


#: The most exact edges ``banque edge`` works out in one table (about 4 s and 100 MB:
#: each is a whole coup's exact sum).
MAX_POINTS = 20_000


def _bounded(points: int) -> None:
    """A table of more than :data:`MAX_POINTS` edges is refused before any work, in words."""
    if points > MAX_POINTS:
        raise ValueError(
            _(
                "that table holds {points} exact edges, each a whole coup's sum: it would take "
                "minutes and much memory; at most {most} (about 4 seconds): take a larger STEP "
                "or a shorter range"
            ).format(
                points=f"{points:,}".replace(",", " "), most=f"{MAX_POINTS:,}".replace(",", " ")
            )
        )


#: From this many exact edges on (about 2 seconds on a busy machine), ``banque edge`` says
#: on standard error how many it will work out before it starts, and shows its progress
#: there when standard error is a terminal.
SLOW_POINTS = 5_000


def _announced(points: int) -> Callable[[int], None] | None:
    """For a long table: its size said on stderr now, and what shows its progress there
    (a line redrawn in place, on a terminal only; erased at the end). None: nothing to show."""
    if points < SLOW_POINTS:
        return None

    def spaced(n: int) -> str:
        return f"{n:,}".replace(",", " ")

    sys.stderr.write(
        "banque: "
        + ngettext(
            "working out {points} exact edge, each a whole coup's sum…",
            "working out {points} exact edges, each a whole coup's sum…",
            points,
        ).format(points=spaced(points))
        + "\n"
    )
    sys.stderr.flush()
    if not sys.stderr.isatty():
        return None
    shown = -1

    def show(done: int) -> None:
        nonlocal shown
        percent = 100 * done // points
        if percent == shown:
            return
        shown = percent
        line = _("{done} of {points} exact edges ({percent} %)").format(
            done=spaced(done), points=spaced(points), percent=percent
        )
        sys.stderr.write(f"\r{line}\x1b[K" if done < points else "\r\x1b[K")
        sys.stderr.flush()

    return show


def cmd_edge(args: argparse.Namespace) -> int:
    # deferred: start-up (the study, ~+10 ms: banque edge --help loads this module)
    from ..study.solver import edge_json, format_edge, format_sweep, plot_sweep, q_text

    try:
        stakes = _stakes_list(args.stakes)
        q_r, q_l = _p5_lists(args.p5)
        two_sided = "," in args.p5 and (len(q_r) > 1 or len(q_l) > 1)
        if two_sided and len(stakes) > 1:
            raise ValueError(_("a grid of --p5 QR,QL ranges takes one --stakes ratio"))
        points = len(q_r) * len(q_l) if two_sided else max(len(q_r), len(q_l)) * len(stakes)
        _bounded(points)  # before the model: a refusal costs nothing
        model, source = _solver_setup(args)
        if two_sided:
            grid = model.sweep(q_r, q_l, stakes[0], args.banker, _announced(points))
            if args.json:
                print(json.dumps([edge_json(e, model) for row in grid for e in row], indent=2))
            else:
                lead(_(LEADS["sweep"]))
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
            if args.json:
                print(json.dumps(edge_json(e, model), indent=2))
            else:
                lead(edge_lead(float(e.total)))
                print(format_edge(e, model, source, args.exact))
            return 0
        show = _announced(points)
        columns = []
        for st in stakes:
            for x, y in pairs:
                columns.append(model.sweep([x], [y], st, args.banker)[0][0])
                if show is not None:
                    show(len(columns))
        table = [
            [columns[j * len(pairs) + i] for j in range(len(stakes))] for i in range(len(pairs))
        ]
        if args.json:
            print(json.dumps([edge_json(e, model) for row in table for e in row], indent=2))
            return 0
        lead(_(LEADS["sweep"]))
        if args.plot:
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


def _dealt(args: argparse.Namespace, model: Any, source: str, ratio: tuple[int, int]) -> int:
    """``choice --dealt``: the as-dealt equilibrium (banque.study.dealt_report)."""
    # deferred: start-up (the as-dealt solver, loaded only for --dealt)
    from ..study.dealt_nash import LOCATE_FIRST
    from ..study.dealt_report import dealt_json, format_dealt, solve_for

    if sys.stderr.isatty():
        if model.cards > LOCATE_FIRST:  # (its pairs at 5 differ by little: a long search)
            note = _(
                "Solving the game as dealt (a shoe of {cards} cards: this may take a "
                "minute or two)..."
            ).format(cards=model.cards)
        else:
            note = _("Solving the game as dealt...")
        print(note, file=sys.stderr, flush=True)
    e = solve_for(model, ratio)
    if e is None:
        raise ValueError(
            _(
                "the game as dealt is not solved for this shoe: the search found no "
                "equilibrium it could certify exactly"
            )
        )
    if args.json:
        print(json.dumps(dealt_json(model, e), indent=2))
    else:
        print(format_dealt(model, source, e))
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
    # deferred: start-up (the study, ~+10 ms: banque strategy --help loads this module)
    from ..study.solver import format_strategy, strategy_json

    solved = _solved_by_game(args, "strategy")
    if solved is not None:
        return solved
    try:
        model, source, ratio, q = _one_point(args, "strategy")
        theta = None if args.stakes is None else Fraction(ratio[0], sum(ratio))
        if args.json:
            print(json.dumps(strategy_json(model, q, theta), indent=2))
        else:
            lead(_(LEADS["strategy"]))
            print(format_strategy(model, source, q, theta))
    except (ValueError, BanqueError) as exc:
        return _solver_failed(exc)
    return 0


def cmd_choice(args: argparse.Namespace) -> int:
    # deferred: start-up (the study, ~+10 ms: banque choice --help loads this module)
    from ..study.solver import choice_json, format_choice

    solved = _solved_by_game(args, "choice")
    if solved is not None:
        return solved
    try:
        model, source, ratio, q = _one_point(args, "choice")
        if args.dealt:
            return _dealt(args, model, source, ratio)
        if args.json:
            print(json.dumps(choice_json(model, ratio, q), indent=2))
        else:
            print(format_choice(model, source, ratio, q, args.exact))
    except (ValueError, BanqueError) as exc:
        return _solver_failed(exc)
    return 0
