"""``banque choice --dealt``: the game as dealt, solved, in words and in JSON.

The equilibrium is :func:`banque.study.dealt_nash.solve_dealt`'s; beside it the
report prints the solutions where each side has one chance of drawing at 5
(Ethier & Lee's correlated cooperative, the independent cooperative, the
scalar Nash), each with what it assumes.
"""

from __future__ import annotations

import math
import textwrap
from fractions import Fraction
from typing import Any

from ..core.messages import N_
from ..i18n import _, ngettext, number
from .dealt import FIVES
from .dealt_nash import DealtEquilibrium, equilibrium_for
from .edge import NATURAL, EdgeModel
from .one_chance import fraction_text, one_chance_solutions
from .solver import (
    _RULE_WORDS,
    _entry,
    _point_words,
    _solutions,
    house_lines,
    percent,
    shoe_words,
)

__all__ = ["dealt_json", "format_dealt", "solve_for"]

_PAIR = "{a}+{b}"
_DRAWS = N_("draws")
_STANDS = N_("stands")
_MIXES = N_("draws with chance {chance}")


def solve_for(model: EdgeModel, stakes: tuple[int, int]) -> DealtEquilibrium | None:
    """The as-dealt equilibrium for the shoe and natural rule of ``model``."""
    return equilibrium_for(tuple(model.counts), model.rule, stakes)


def _pair(k: int) -> str:
    a, b = FIVES[k - 1]
    return _PAIR.format(a=a, b=b)


def _did(move: int | None) -> str:
    if move is None:
        return _("stood")
    if move == NATURAL:
        return _("showed a natural")
    return _("drew {card}").format(card=move)


def _move(x: Fraction) -> str:
    if x == 1:
        return _(_DRAWS)
    if x == 0:
        return _(_STANDS)
    return _(_MIXES).format(chance=number(float(x), 4))


def _cell(x: Fraction) -> str:
    if x == 1:
        return _("D")
    if x == 0:
        return _("S")
    return number(float(x) * 100, 1) + " %"


def _gain(x: Fraction) -> str:
    """A best response's gain: 0 exactly, else how small it is."""
    if x == 0:
        return "0"
    return "< 1e" + str(math.floor(math.log10(float(x))) + 1) if x > 0 else number(float(x), None)


def _certified(e: DealtEquilibrium) -> bool:
    return all(0 <= g < Fraction(1, 10**12) for g in e.exploitability)


def format_dealt(model: EdgeModel, source: str, e: DealtEquilibrium) -> str:
    """The report: one plain sentence, the equilibrium, then the other solutions beside it."""
    st = e.stakes
    lines = [
        _(
            "The banker keeps {edge} % of every chip staked when everyone plays its best "
            "for itself, each side deciding at 5 by its own two cards and the left side also "
            "by what the right side did."
        ).format(edge=number(float(e.edge) * 100, 4)),
        "",
        _("The game as dealt, one coup from {shoe}").format(shoe=shoe_words(model, source)),
        "  " + _("naturals: {rule}").format(rule=_(_RULE_WORDS[model.rule])),
        *house_lines(model),
        "",
        _("The Nash equilibrium as dealt: {edge} (stakes right:left = {ratio})").format(
            edge=percent(e.edge, 6), ratio=f"{st[0]}:{st[1]}"
        ),
        "  "
        + _(
            "each side for itself, deciding at 5 by its two cards (the left also by what the "
            "right did); the banker by its two cards, what each side did and the stakes"
        ),
        "  "
        + _(
            "no one gains by playing otherwise: a best response against it gains {banker} for "
            "the banker, {right} for the right side, {left} for the left side (per chip staked)"
        ).format(
            banker=_gain(e.exploitability[0]),
            right=_gain(e.exploitability[1]),
            left=_gain(e.exploitability[2]),
        ),
        "",
    ]
    naturals = sorted({shown for _k, shown in e.right})
    for shown in naturals:
        head = (
            _("The right side at 5, after the left side showed a natural:")
            if shown
            else _("The right side at 5, by its two cards:")
        )
        moves = [f"{_pair(k)} {_move(x)}" for (k, s), x in sorted(e.right.items()) if s == shown]
        lines += [head, "  " + ", ".join(moves)]
    lines += [
        "",
        _(
            "The left side at 5, by its two cards (columns) and what the right side did "
            "(rows); D draws, S stands, else its chance of drawing:"
        ),
    ]
    moves_seen = sorted({m for _k, m in e.left}, key=lambda m: -2 if m is None else m)
    width = max(len(_did(m)) for m in moves_seen) + 2
    lines.append(" " * (width + 2) + "".join(f"{_pair(k):>9}" for k in range(1, len(FIVES) + 1)))
    for m in moves_seen:
        cells = "".join(f"{_cell(e.left.get((k, m), Fraction(0))):>9}" for k in range(1, 6))
        lines.append(f"  {_did(m):<{width}}{cells}")
    mixed = e.mixed_points()
    lines += [
        "",
        ngettext(
            "The banker plays its best response at every point and mixes at {n} of them:",
            "The banker plays its best response at every point and mixes at {n} of them:",
            len(mixed),
        ).format(n=len(mixed)),
    ]
    for p, y in mixed:
        lines.append(
            "  "
            + _("{point}: draws with chance {chance}").format(
                point=_point_words(p, _), chance=number(float(y), 6)
            )
        )
    report = one_chance_solutions(model, st)
    _first, _blank, *solutions = _solutions(report, model)
    lines += [
        "",
        _("Beside it, the solutions where each side has one chance of drawing at 5:"),
        *solutions[1:],
    ]
    return "\n".join(out for line in lines for out in _wrapped(line))


def _wrapped(line: str, width: int = 96) -> list[str]:
    """A long line wrapped at ``width``, its continuation indented two more spaces."""
    if len(line) <= width:
        return [line]
    indent = " " * (len(line) - len(line.lstrip()))
    return textwrap.wrap(
        line.strip(),
        width,
        initial_indent=indent,
        subsequent_indent=indent + "  " if indent else "",
        break_on_hyphens=False,
    )


def dealt_json(model: EdgeModel, e: DealtEquilibrium) -> dict[str, Any]:
    st = e.stakes
    return {
        "solution": "Nash equilibrium as dealt",
        "rules": model.house,
        "naturals": model.rule,
        "cards": model.cards,
        "stakes": {"right": st[0], "left": st[1]},
        "edge": _entry(e.edge),
        "exploitability": {
            who: float(x)
            for who, x in zip(("banker", "right", "left"), e.exploitability, strict=True)
        },
        "certified": _certified(e),
        "right": [
            {"pair": _pair(k), "left_showed_natural": shown, "draws": fraction_text(x)}
            for (k, shown), x in sorted(e.right.items())
        ],
        "left": [
            {
                "pair": _pair(k),
                "right": "stood" if m is None else ("natural" if m == NATURAL else m),
                "draws": float(x) if x.denominator > 10**12 else fraction_text(x),
            }
            for (k, m), x in sorted(e.left.items(), key=lambda kv: (str(kv[0][1]), kv[0][0]))
        ],
        "banker_mixes_at": [
            {"point": _point_words(p), "draws": float(y)} for p, y in e.mixed_points()
        ],
    }
