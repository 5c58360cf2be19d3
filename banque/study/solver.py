"""Reports of the exact solution: ``banque edge``, ``banque strategy``, the choice at 5.

Everything is computed by :mod:`banque.study.edge`; this module adds the sides'
choice at 5 (its value against a best-responding banker, the ``q`` that
minimises the banker's edge) and turns the answers into text and JSON.

>>> model = EdgeModel.for_packs(1)
>>> v = side_values(model, (1, 1), (Fraction(1, 2), Fraction(1, 2)), "right")
>>> v.draw > v.stand  # a side at 5 does better drawing against this banker
True
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal, getcontext
from fractions import Fraction
from typing import Any, Literal

from ..core.messages import ENGLISH, N_, Translator
from ..games.banque.rules import PROFILES
from ..i18n import _, ngettext, number, pgettext
from .correlated import PURE, Correlated, correlated_solution
from .edge import (
    NATURAL,
    Cell,
    Edge,
    EdgeModel,
    Point,
    _check_q,
    _check_stakes,
    _drew,
    move_draws,
    strategy,
)

Side = Literal["right", "left"]
HALF = Fraction(1, 2)

#: The reports' words (told with ``_`` where they are printed: ``banque --lang fr edge``).
_RULE_WORDS = {
    "all": N_("all (home rule: any natural settles every hand)"),
    "per-side": N_("per-side (classic: a side's natural settles that side only)"),
}
_BANKER_WORDS = {
    "best": N_("best response (knows its cards, what the sides did, the stakes and p5)"),
    "table": N_("fixed table (draws at 0-5, stands at 6-7)"),
}


def fraction_text(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}" if x.denominator != 1 else str(x.numerator)


def percent(x: Fraction, digits: int = 4) -> str:
    """A share as a signed percentage in the language's prose: ``+0.6333 %``, ``−0,71 %``."""
    return number(float(x) * 100, digits, sign=True) + " %"


def q_text(x: Fraction) -> str:
    """A probability as short text: 0.5, 0.05, 1, 1/3.

    >>> q_text(Fraction(1, 2)), q_text(Fraction(1, 20)), q_text(Fraction(1, 3))
    ('0.5', '0.05', '1/3')
    """
    if (x * 100).denominator == 1:
        return number(float(x), None)  # in the language's prose: 0,5 in French
    return fraction_text(x) if x.denominator <= 1000 else number(float(f"{float(x):.4g}"), None)


def _entry(x: Fraction) -> dict[str, Any]:
    return {"fraction": fraction_text(x), "percent": float(x) * 100}


def shoe_words(model: EdgeModel, source: str) -> str:
    return ngettext("{source} ({n} card)", "{source} ({n} cards)", model.cards).format(
        source=source, n=model.cards
    )


def _p5_words(q: Sequence[Fraction]) -> str:
    right, left = (q_text(x) if "/" in q_text(x) else number(float(x), None) for x in q)
    return _("p5 = {right} (right), {left} (left)").format(right=right, left=left)


# ---------------------------------------------------------------- edge


def house_lines(model: EdgeModel) -> list[str]:
    """The house solved, in words (none when only a natural rule was named)."""
    if model.house is None:
        return []
    rules = PROFILES[model.house]
    lines = ["  " + _("rules: {name}, {title}").format(name=rules.name, title=_(rules.title))]
    if rules.liability == "in-order":
        words = _(
            "solved with the stakes within the fund: a bank short of them pays in order "
            "only as far as its fund, which is not solved here (banque advise counts it, "
            "coup by coup)"
        )
        lines += textwrap.wrap(words, 96, initial_indent="  ", subsequent_indent="    ")
    return lines


def edge_json(e: Edge, model: EdgeModel | None = None) -> dict[str, Any]:
    return {
        "rules": None if model is None else model.house,
        "stakes": f"{e.stakes[0]}:{e.stakes[1]}",
        "p5": [fraction_text(e.q[0]), fraction_text(e.q[1])],
        "banker": e.banker,
        "naturals_rule": e.naturals_rule,
        "naturals": _entry(e.naturals),
        "decisions": _entry(e.decisions),
        "total": _entry(e.total),
    }


def format_edge(e: Edge, model: EdgeModel, source: str, exact: bool = False) -> str:
    """``banque edge``'s one coup: percentages, and the exact fractions with ``exact``."""
    lines = [
        _("The banker's exact expected gain per chip staked, one coup from {shoe}").format(
            shoe=shoe_words(model, source)
        ),
        "  " + _("naturals: {rule}").format(rule=_(_RULE_WORDS[e.naturals_rule])),
        *house_lines(model),
        "  " + _("banker: {banker}").format(banker=_(_BANKER_WORDS[e.banker])),
        "  "
        + _("stakes right:left = {right}:{left}; a side at 5 draws with {p5}").format(
            right=e.stakes[0], left=e.stakes[1], p5=_p5_words(e.q)
        ),
        "",
    ]
    rows = [
        (_("naturals' share"), e.naturals),
        (_("decision coups' share"), e.decisions),
        (_("total"), e.total),
    ]
    width = max(len(fraction_text(x)) for _label, x in rows)
    label_width = max(22, *(len(label) for label, _x in rows))
    for label, x in rows:
        line = f"  {label:<{label_width}} {percent(x):>11}"
        lines.append(line + (f"   {fraction_text(x):>{width}}" if exact else ""))
    return "\n".join(lines)


def format_sweep(
    model: EdgeModel,
    source: str,
    rows: Sequence[Fraction],
    columns: Sequence[Any],
    values: Sequence[Sequence[Edge]],
    row_label: str,
    column_label: str,
    column_text: Sequence[str],
) -> str:
    first = values[0][0]
    lines = [
        _("The banker's exact edge (% of the stakes), one coup from {shoe}").format(
            shoe=shoe_words(model, source)
        ),
        "  " + _("naturals: {rule}").format(rule=_(_RULE_WORDS[first.naturals_rule])),
        *house_lines(model),
        "  " + _("banker: {banker}").format(banker=_(_BANKER_WORDS[first.banker])),
        "  " + _("rows: {rows}; columns: {columns}").format(rows=row_label, columns=column_label),
        "",
    ]
    width = max(8, *(len(t) for t in column_text)) + 1
    head = f"{'':>8}" + "".join(f"{t:>{width}}" for t in column_text)
    lines.append(head)
    for x, row in zip(rows, values, strict=True):
        lines.append(
            f"{q_text(x):>8}" + "".join(f"{number(float(e.total) * 100, 4):>{width}}" for e in row)
        )
    return "\n".join(lines)


def plot_sweep(xs: Sequence[Fraction], edges: Sequence[Edge], width: int = 50) -> str:
    """A bar per value of p5: the edge drawn in the terminal, every bar from zero (a bar
    twice as long is an edge twice as large); a negative edge drawn with ``░``."""
    values = [float(e.total) * 100 for e in edges]
    most = max(abs(v) for v in values)
    bars = _("bars from 0 to {high} % (the longest)").format(high=number(most, 4))
    lines = [f"{'':>8} {'':>10}  {bars}"]
    for x, v in zip(xs, values, strict=True):
        n = round(abs(v) / most * width) if most > 0 else 0
        lines.append(
            f"{q_text(x):>8} {number(v, 4, sign=True):>8} % {('█' if v >= 0 else '░') * n}"
        )
    return "\n".join(lines)


# ---------------------------------------------------------------- strategy


def _info_label(info: int | None) -> str:
    """A row of ``banque strategy``'s grid: what the right side did."""
    if info is None:
        return pgettext("strategy grid: a side", "stood")
    if info == NATURAL:
        return pgettext("strategy grid: a side", "natural")
    return pgettext("strategy grid: a side", "drew {card}").format(card=info)


def _info_short(info: int | None) -> str:
    """A column of ``banque strategy``'s grid (six characters at most): the left side."""
    if info is None:
        return pgettext("strategy grid: a column", "stood")
    if info == NATURAL:
        return pgettext("strategy grid: a column", "nat")
    return pgettext("strategy grid: a column", "d{card}").format(card=info)


def _marks(text: str) -> str:
    """A cell's letters in the language: D draw, S stand (``<.50``, ``*`` as they are)."""
    if text.startswith("D"):
        return pgettext("strategy grid: the banker", "D") + text[1:]
    if text.startswith("S"):
        return pgettext("strategy grid: the banker", "S") + text[1:]
    return text


def _info_order(per_side: bool) -> list[int | None]:
    return [None, *range(10), *([NATURAL] if per_side else [])]


@dataclass(frozen=True)
class Group:
    """Banker pairs of one total that share every move, and their moves."""

    total: int
    pairs: tuple[tuple[int, int], ...]
    cells: dict[tuple[int | None, int | None], Cell]


def grouped_strategy(model: EdgeModel, q: object, theta: Fraction | None = None) -> list[Group]:
    """The best response by banker total; pairs of a total apart wherever their moves differ.

    Without ``theta`` pairs share a grid only if every cell is the same move at every
    stakes ratio (the same threshold, and per side the same move by each natural's
    cards): the banker knows its pair, and the grid read at any ratio is its pair's
    move. With ``theta`` (the right side's share of the stakes) pairs share a grid if
    every cell is the same move at that share.
    """
    exact = strategy(model, q)
    by_pair: dict[tuple[int, int], dict[tuple[int | None, int | None], Cell]] = {}
    for c in exact:
        by_pair.setdefault(c.banker, {})[(c.right, c.left)] = c

    def pattern(cells: dict[tuple[int | None, int | None], Cell]) -> frozenset[Any]:
        if theta is None:
            return frozenset((k, c.move, c.threshold, c.by_natural) for k, c in cells.items())
        return frozenset(
            (k, c.draws(theta), tuple(sorted(c.draws_by_natural(theta).items())))
            for k, c in cells.items()
        )

    groups: list[Group] = []
    for total in range(8):
        pairs = sorted(p for p in by_pair if sum(p) % 10 == total)
        patterns: dict[frozenset[Any], list[tuple[int, int]]] = {}
        for p in pairs:
            patterns.setdefault(pattern(by_pair[p]), []).append(p)
        for members in patterns.values():
            groups.append(Group(total, tuple(members), by_pair[members[0]]))
    return groups


def _move_text(move: str, threshold: Fraction | None) -> str:
    if move == "draw":
        return "D"
    if move == "stand":
        return "S"
    x = float(threshold or 0)
    places = 2  # more where two would read .00 or 1.00 (never, always): .996
    while places < 4 and round(x, places) in (0.0, 1.0):
        places += 1
    text = f"{x:.{places}f}"
    text = text[1:] if text.startswith("0") else text
    return ("<" if move == "draw-below" else ">") + text


def _natural_moves(cell: Cell, theta: Fraction | None) -> list[tuple[str, list[tuple[int, int]]]]:
    """Per-side rule, a cell whose move a natural's cards change: each move (its
    text) and the naturals' pairs that leave it, the likelier move's first."""
    moves: dict[str, list[tuple[int, int]]] = {}
    for pair, move, x in cell.by_natural:
        text = (
            _move_text(move, x) if theta is None else ("D" if move_draws(move, x, theta) else "S")
        )
        moves.setdefault(text, []).append(pair)
    return sorted(moves.items(), key=lambda m: m[0] != _cell_text(cell, theta).rstrip("*"))


def _cell_text(cell: Cell | None, theta: Fraction | None) -> str:
    """A cell of the grid: D, S, a threshold (``<.50``); ``*`` where a natural's cards
    change the move (the likelier move shown; the grid's notes give each natural's)."""
    if cell is None:
        return "·"
    if theta is not None:
        varies = len(set(cell.draws_by_natural(theta).values())) > 1
        return ("D" if cell.draws(theta) else "S") + ("*" if varies else "")
    mark = "*" if cell.varies else ""
    if cell.threshold is None:
        return ("D" if cell.move == "draw" else "S") + mark
    return _move_text(cell.move, cell.threshold)


def _natural_notes(
    cells: dict[tuple[int | None, int | None], Cell],
    order: list[int | None],
    theta: Fraction | None,
) -> list[str]:
    """The grid's notes: each ``*`` cell's move by the natural's cards."""
    notes = []
    for r in order:
        for c in order:
            cell = cells.get((r, c))
            if cell is None or not _cell_text(cell, theta).endswith("*"):
                continue
            moves = "; ".join(
                _("{pairs}: {move}").format(
                    pairs=", ".join(f"{a}+{b}" for a, b in pairs), move=_marks(text)
                )
                for text, pairs in _natural_moves(cell, theta)
            )
            notes.append(
                "  "
                + _("* right {right}, left {left}; by the natural's cards: {moves}").format(
                    right=_info_label(r), left=_info_label(c), moves=moves
                )
            )
    return notes


def format_strategy(model: EdgeModel, source: str, q: object, theta: Fraction | None = None) -> str:
    qq = _check_q(q)
    per_side = model.rule == "per-side"
    order = _info_order(per_side)
    lines = [
        _("The banker's best response, one coup from {shoe}").format(
            shoe=shoe_words(model, source)
        ),
        "  "
        + _("naturals: {rule}; a side at 5 draws with {p5}").format(
            rule=_(_RULE_WORDS[model.rule]), p5=_p5_words(qq)
        ),
        *house_lines(model),
    ]
    if theta is None:
        lines += [
            "  "
            + _("D draw, S stand; <x draw when the right side's share of the stakes is below x,"),
            "  " + _(">x draw when it is above x (the gain is linear in that share)."),
        ]
    else:
        lines.append(
            "  "
            + _("D draw, S stand, the right side holding {share} of the stakes.").format(
                share=q_text(theta)
            )
        )
    if per_side:
        lines.append(
            "  "
            + _(
                "natural: that side showed a natural and is settled; * its cards may change the move."
            )
        )
    lines.append("  " + _("Rows: what the right side did; columns: what the left side did."))
    corner = pgettext("strategy grid: the corner", "right\\left")
    first = max(len(corner), *(len(_info_label(i)) for i in order))
    for g in grouped_strategy(model, qq, theta):
        all_pairs = [p for p in {pt.banker for pt in model.points} if sum(p) % 10 == g.total]
        if len(g.pairs) < len(all_pairs):
            pairs = ", ".join(f"{a}+{b}" for a, b in g.pairs)
            title = _("Banker {total} with {pairs}:").format(total=g.total, pairs=pairs)
        else:
            title = _("Banker {total}:").format(total=g.total)
        lines += ["", title]
        lines.append(f"  {corner:<{first}}" + "".join(f"{_info_short(i):>6}" for i in order))
        for r in order:
            row = "".join(f"{_marks(_cell_text(g.cells.get((r, c)), theta)):>6}" for c in order)
            lines.append(f"  {_info_label(r):<{first}}" + row)
        lines += _natural_notes(g.cells, order, theta)
    return "\n".join(lines)


def strategy_json(model: EdgeModel, q: object, theta: Fraction | None = None) -> dict[str, Any]:
    qq = _check_q(q)

    def info(x: int | None) -> str | int:
        return "stood" if x is None else ("natural" if x == NATURAL else x)

    cells = []
    for c in strategy(model, qq):
        item: dict[str, Any] = {
            "banker": list(c.banker),
            "total": c.total,
            "right": info(c.right),
            "left": info(c.left),
            "move": c.move,
            "threshold": None if c.threshold is None else fraction_text(c.threshold),
        }
        if c.varies:
            item["varies"] = True
            item["by_natural"] = [
                {
                    "natural": list(pair),
                    "move": move,
                    "threshold": None if x is None else fraction_text(x),
                    **({} if theta is None else {"draws": move_draws(move, x, theta)}),
                }
                for pair, move, x in c.by_natural
            ]
        if theta is not None:
            item["draws"] = c.draws(theta)
        cells.append(item)
    return {
        "rules": model.house,
        "naturals_rule": model.rule,
        "cards": model.cards,
        "p5": [fraction_text(qq[0]), fraction_text(qq[1])],
        "right_share": None if theta is None else fraction_text(theta),
        "cells": cells,
    }


# ---------------------------------------------------------------- the choice at 5


@dataclass(frozen=True)
class SideValues:
    """A side's expected gain per chip it stakes, when it holds 5, drawing or standing.

    Against the banker's best response to ``q`` (the banker does not change
    its moves when the side deviates); both conditional on the coup reaching
    the decisions with that side at 5.
    """

    side: Side
    draw: Fraction
    stand: Fraction

    @property
    def better(self) -> str:
        return (
            "draw" if self.draw > self.stand else ("stand" if self.stand > self.draw else "either")
        )


def _banker_moves(
    model: EdgeModel, stakes: tuple[int, int], q: tuple[Fraction, Fraction]
) -> list[bool]:
    """The best response's move at each point (True: draw; ties stand)."""
    d = math.lcm(q[0].denominator, q[1].denominator)
    a_r, a_l = int(q[0] * d), int(q[1] * d)
    weights = {}
    for rd in (False, True):
        for ld in (False, True):
            w_r = a_r if rd else d - a_r
            w_l = a_l if ld else d - a_l
            weights[(rd, ld)] = (d * d, d * w_l, w_r * d, w_r * w_l)
    moves = []
    for key, x in model._prepare(stakes, "best").deltas:
        w = weights[key]
        moves.append(w[0] * x[0] + w[1] * x[1] + w[2] * x[2] + w[3] * x[3] > 0)
    return moves


def side_values(
    model: EdgeModel,
    stakes: Sequence[int] | tuple[int, int],
    q: object,
    side: Side,
    banker_moves: list[bool] | None = None,
) -> SideValues:
    """The value of drawing and of standing at 5 for ``side``, against the best response."""
    st = _check_stakes(tuple(stakes))
    qq = _check_q(q)
    moves = banker_moves if banker_moves is not None else _banker_moves(model, st, qq)
    d = math.lcm(qq[0].denominator, qq[1].denominator)
    a_other = int((qq[1] if side == "right" else qq[0]) * d)
    # Classes where this side holds 5: k = 2, 3 (right) or 1, 3 (left).
    fives = (2, 3) if side == "right" else (1, 3)
    sums = {True: [0, 0], False: [0, 0]}  # drew? -> [banker's result, weight]
    right = side == "right"
    f5, f3 = fives
    for p, draw in zip(model.points, moves, strict=True):
        mine, other = (p.right, p.left) if right else (p.left, p.right)
        if mine == NATURAL:
            continue
        # The other side's class weights: class 0 -> d, class 1 -> w_other.
        w_other = a_other if _drew(other) else d - a_other
        res = (p.dr if draw else p.sr) if right else (p.dl if draw else p.sl)
        acc = sums[_drew(mine)]
        acc[0] += d * res[f5] + w_other * res[f3]
        acc[1] += d * p.z[f5] + w_other * p.z[f3]
    draw_v = Fraction(-sums[True][0], sums[True][1]) if sums[True][1] else Fraction(0)
    stand_v = Fraction(-sums[False][0], sums[False][1]) if sums[False][1] else Fraction(0)
    return SideValues(side, draw_v, stand_v)


def _edge_in_one_q(
    model: EdgeModel, stakes: tuple[int, int], side: Side, other: Fraction
) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The banker's best-response gain as a function of one side's q, in exact pieces.

    Returns ``(fixed, ambiguous)``: ``fixed`` the sum ``alpha + beta * q`` of
    every point's stand value and of the draw-minus-stand it always takes,
    and each point whose choice changes inside [0, 1] as ``(alpha, beta)``
    of its draw-minus-stand (the banker adds it when positive).
    Integers over ``model.denominator * den(other)``.
    """
    d = other.denominator
    a = other.numerator
    # The points are grouped by what the sides did (EdgeModel._prepare): the moves
    # that never change are summed once; only the others are looked at one by one.
    prep = model._prepare(stakes, "best")
    fixed_a = fixed_b = 0
    for (rd, ld), x in prep.fixed.items():
        base, five = _line(x, rd, ld, side, a, d)
        fixed_a += base
        fixed_b += five
    ambiguous = []
    for rd, ld, x in prep.ambiguous:
        delta = _line(x, rd, ld, side, a, d)
        at0, at1 = delta[0], delta[0] + delta[1]
        if at0 >= 0 and at1 >= 0:
            fixed_a += delta[0]
            fixed_b += delta[1]
        elif at0 > 0 or at1 > 0:
            ambiguous.append(delta)
    return [(fixed_a, fixed_b)], ambiguous


def _line(
    x: tuple[int, int, int, int], right_drew: bool, left_drew: bool, side: Side, a: int, d: int
) -> tuple[int, int]:
    """Class sums ``x`` as ``alpha + beta * q`` of ``side``'s q, the other's at ``a / d``."""
    if side == "right":
        # classes: 0 (d, d), 1 (d, w_o), 2 (wr, d), 3 (wr, w_o) with wr = q or 1 - q.
        w_o = a if left_drew else d - a
        base = d * x[0] + w_o * x[1]
        five = d * x[2] + w_o * x[3]
        drew = right_drew
    else:
        w_o = a if right_drew else d - a
        base = d * x[0] + w_o * x[2]
        five = d * x[1] + w_o * x[3]
        drew = left_drew
    # five weighs q (drew) or 1 - q (stood)
    return (base, five) if drew else (base + five, -five)


def best_q(
    model: EdgeModel, stakes: Sequence[int] | tuple[int, int], side: Side, other: object
) -> tuple[Fraction, Fraction, Fraction]:
    """The ``q`` of ``side`` that minimises the banker's edge (best response), the other's fixed.

    The edge is convex and piecewise linear in one side's ``q``: it is
    evaluated exactly at 0, 1 and every point where one of the banker's
    choices changes.  Returns ``(low, high, edge)``: the minimisers form
    ``[low, high]`` (often a single point) and ``edge`` is the minimum, per
    chip staked.
    """
    st = _check_stakes(tuple(stakes))
    oq = _check_q(other)[0]
    fixed, ambiguous = _edge_in_one_q(model, st, side, oq)
    alpha, beta = fixed[0]
    # One sweep along q: each point's draw-minus-stand a + b q counts where it is
    # positive, so the edge is linear between the roots; evaluate it at each.
    level, slope = alpha, beta
    for a, b in ambiguous:
        if a > 0:
            level, slope = level + a, slope + b
    roots = sorted((Fraction(-a, b), a, b) for a, b in ambiguous)
    scored: list[tuple[Fraction, Fraction]] = [(Fraction(level), Fraction(0))]
    for x, a, b in roots:
        scored.append((level + slope * x, x))
        if b < 0:  # positive below its root, no longer above
            level, slope = level - a, slope - b
        else:
            level, slope = level + a, slope + b
    scored.append((Fraction(level + slope), Fraction(1)))
    low_value = min(v for v, _x in scored)
    minimisers = sorted(x for v, x in scored if v == low_value)
    scale = model.denominator * oq.denominator * sum(st)
    return minimisers[0], minimisers[-1], low_value / scale + model.naturals_share(st)


def cooperative(
    model: EdgeModel, stakes: Sequence[int] | tuple[int, int], start: object = Fraction(1, 2)
) -> tuple[tuple[Fraction, Fraction], Fraction, int]:
    """The sides' joint choice ``(qR, qL)`` that lowers the banker's edge most.

    Exact coordinate descent: each side in turn takes its exact minimising
    ``q`` (:func:`best_q`, kept to 12 digits) with the other's fixed, until
    neither moves or the edge stops falling.
    Returns the point, the banker's edge there and the rounds taken.  The
    point is a minimum along each side's ``q``; README compares it with a
    grid of the whole square.
    """
    st = _check_stakes(tuple(stakes))
    q_r, q_l = _check_q(start)
    value = model.edge(st, (q_r, q_l), "best").total
    for rounds in range(1, 51):
        low, high, _ = best_q(model, st, "right", q_l)
        new_r = q_r if low <= q_r <= high else low.limit_denominator(10**12)
        low, high, _ = best_q(model, st, "left", new_r)
        new_l = q_l if low <= q_l <= high else low.limit_denominator(10**12)
        # Each step's exact minimiser is kept to 12 digits (its fractions would
        # otherwise grow at every round); the edge is then counted exactly there.
        new_value = model.edge(st, (new_r, new_l), "best").total
        if (new_r, new_l) == (q_r, q_l) or new_value >= value - value * Fraction(1, 10**12):
            if new_value < value:
                q_r, q_l, value = new_r, new_l, new_value
            return (q_r, q_l), value, rounds
        q_r, q_l, value = new_r, new_l, new_value
    return (q_r, q_l), value, 50


def one_chance_solutions(
    model: EdgeModel, stakes: Sequence[int] | tuple[int, int], q: object = Fraction(1, 2)
) -> dict[str, Any]:
    """The solutions where each side has one chance of drawing at 5, exact: Ethier &
    Lee's correlated cooperative one, the independent cooperative one (its descent
    started from ``q`` and from the best common ``q``, the lower kept) and, at equal
    stakes, the Nash equilibrium among such strategies."""
    st = _check_stakes(tuple(stakes))
    qq = _check_q(q)
    common = best_common_q(model, st)
    coop, coop_edge, rounds = cooperative(model, st, qq)
    # The descent from the best common q may end lower: keep the lower.
    start = common[0].limit_denominator(10**12)
    other = cooperative(model, st, (start, start))
    if other[1] < coop_edge:
        coop, coop_edge, rounds = other
    return {
        "correlated": correlated_solution(model, st),
        "nash": nash_equal_stakes(model) if st[0] == st[1] else None,
        "common": common,
        "stakes": st,
        "cooperative": (coop, coop_edge, rounds),
    }


def choice_report(
    model: EdgeModel, stakes: Sequence[int] | tuple[int, int], q: object
) -> dict[str, Any]:
    """Everything ``banque choice`` prints, exact."""
    st = _check_stakes(tuple(stakes))
    qq = _check_q(q)
    moves = _banker_moves(model, st, qq)
    values = {s: side_values(model, st, qq, s, moves) for s in ("right", "left")}
    return {
        **one_chance_solutions(model, st, qq),
        "q": qq,
        "values": values,
        "edge_now": model.edge(st, qq, "best").total,
        "alone": best_q(model, (1, 0), "right", qq[1]),
        "right_with_left_fixed": best_q(model, st, "right", qq[1]),
    }


def choice_json(
    model: EdgeModel, stakes: Sequence[int] | tuple[int, int], q: object
) -> dict[str, Any]:
    r = choice_report(model, stakes, q)

    def interval(lo: Fraction, hi: Fraction, e: Fraction) -> dict[str, Any]:
        return {"q_low": fraction_text(lo), "q_high": fraction_text(hi), "edge": _entry(e)}

    return {
        "rules": model.house,
        "naturals_rule": model.rule,
        "cards": model.cards,
        "stakes": f"{r['stakes'][0]}:{r['stakes'][1]}",
        "p5": [fraction_text(x) for x in r["q"]],
        "edge": _entry(r["edge_now"]),
        "at_5": {
            s: {
                "draw": _entry(v.draw),
                "stand": _entry(v.stand),
                "better": v.better,
            }
            for s, v in r["values"].items()
        },
        "one_side_alone": interval(*r["alone"]),
        "right_with_left_fixed": interval(*r["right_with_left_fixed"]),
        "cooperative": {
            "p5": [fraction_text(x) for x in r["cooperative"][0]],
            "edge": _entry(r["cooperative"][1]),
            "rounds": r["cooperative"][2],
        },
        "nash_equal_stakes": _nash_json(r["nash"]),
        "correlated_cooperative": _correlated_json(r["correlated"]),
        "both_sides_same_q": {
            "p5": float(r["common"][0]),
            "exact": r["common"][1],
            "edge": _entry(r["common"][2]),
        },
    }


def _correlated_json(c: Correlated) -> dict[str, Any]:
    return {
        "name": "Ethier & Lee's correlated cooperative equilibrium",
        "team": {_TEAM_KEYS[pure]: fraction_text(x) for pure, x in zip(PURE, c.team, strict=True)},
        "p5": [fraction_text(x) for x in c.marginals],
        "edge": _entry(c.edge),
        "banker_mixes_at": [
            {"point": _point_words(p), "draws": fraction_text(x)} for p, x in c.mixing
        ],
        "checked": c.checked,
    }


#: The team's pure strategies in JSON and in words (right, left: draws at 5?).
_TEAM_KEYS = {
    (False, False): "both_stand",
    (False, True): "left_draws",
    (True, False): "right_draws",
    (True, True): "both_draw",
}
_TEAM_WORDS = {
    (False, False): N_("both stand"),
    (False, True): N_("only the left draws"),
    (True, False): N_("only the right draws"),
    (True, True): N_("both draw"),
}


def _solutions(r: dict[str, Any], model: EdgeModel) -> list[str]:
    """``banque choice``'s first lines: what the banker's edge is when everyone plays
    its best, one plain sentence, then each solution with what it assumes."""
    st = r["stakes"]
    c: Correlated = r["correlated"]
    lines = [
        _(
            "The banker keeps {edge} % of every chip staked when it plays its best and the "
            "two sides play theirs as one team (agreeing in secret when both draw at 5)."
        ).format(edge=number(float(c.edge) * 100, 4)),
        "",
        _("The solutions, the banker's edge per chip staked (stakes right:left = {ratio}):").format(
            ratio=f"{st[0]}:{st[1]}"
        ),
    ]
    team = "; ".join(
        _("{move} {chance}").format(move=_(_TEAM_WORDS[pure]), chance=number(float(x), 6))
        for pure, x in zip(PURE, c.team, strict=True)
        if x
    )
    lines += [
        "  "
        + _("Ethier & Lee's correlated cooperative equilibrium: {edge}").format(
            edge=percent(c.edge, 6)
        ),
        "    "
        + _(
            "the sides choose as one team and correlate their choices at 5 (a shared random "
            "signal), each deciding by its total: {team}"
        ).format(team=team),
    ]
    for p, x in c.mixing:
        lines.append(
            "    "
            + _("the banker mixes at {point}: draws with chance {chance}").format(
                point=_point_words(p, _), chance=number(float(x), 6)
            )
        )
    (c_r, c_l), c_e, _rounds = r["cooperative"]
    lines += [
        "  " + _("the independent cooperative equilibrium: {edge}").format(edge=percent(c_e, 6)),
        "    "
        + _(
            "the sides choose together, but each draws at 5 by its own chance, independently: "
            "right q = {right}, left q = {left} (Downton & Lockwood's choice)"
        ).format(right=number(float(c_r), 6), left=number(float(c_l), 6)),
    ]
    n = r["nash"]
    if n is not None:
        lines += [
            "  "
            + _("the Nash equilibrium, each side for itself: {edge}").format(
                edge=percent(Fraction(n.edge), 6)
            ),
            "    "
            + _(
                "both sides draw at 5 with q = {q}: an equilibrium only among strategies "
                "with one draw-at-5 chance per side"
            ).format(q=number(n.q, 6)),
        ]
    lines.append(
        "  "
        + _(
            "Lower is better for the sides; every banker here plays its best response, "
            "knowing its two cards, what each side did and the stakes."
        )
    )
    return lines


def _nash_json(n: Nash | None) -> dict[str, Any] | None:
    if n is None:
        return None
    return {
        "p5": n.q,
        "quadratic": list(n.quadratic),
        "banker_mixes_at": [_point_words(p) for p in n.where],
        "banker_draws_there": n.mixing,
        "edge_percent": n.edge * 100,
    }


_DID = (N_("stood"), N_("showed a natural"), N_("drew {card}"))
_POINT = N_("banker {total} ({a}+{b}), right {right}, left {left}")


def _point_words(p: Point, say: Any = str) -> str:
    """Where the banker mixes, in words (English for JSON; ``say=_`` for the report)."""

    def did(x: int | None) -> str:
        if x is None:
            return str(say(_DID[0]))
        return str(say(_DID[1])) if x == NATURAL else str(say(_DID[2])).format(card=x)

    a, b = p.banker
    return str(say(_POINT)).format(
        total=(a + b) % 10, a=a, b=b, right=did(p.right), left=did(p.left)
    )


def _q_range(lo: Fraction, hi: Fraction) -> str:
    if lo == hi:
        return (
            f"q = {number(float(lo), 6)} ({fraction_text(lo)})"
            if lo.denominator < 10**7
            else f"q = {number(float(lo), 6)}"
        )
    return _("any q from {low} to {high}").format(
        low=number(float(lo), 6), high=number(float(hi), 6)
    )


def format_choice(
    model: EdgeModel,
    source: str,
    stakes: Sequence[int] | tuple[int, int],
    q: object,
    exact: bool = False,
) -> str:
    """``banque choice`` in words; ``exact``: with the equations whose roots the q are."""
    r = choice_report(model, stakes, q)
    st, qq = r["stakes"], r["q"]
    ratio = f"{st[0]}:{st[1]}"
    first, _blank, *solutions = _solutions(r, model)  # its first sentence opens the report
    lines = [
        first,
        "",
        _("The sides' choice at 5, one coup from {shoe}").format(shoe=shoe_words(model, source)),
        "  " + _("naturals: {rule}").format(rule=_(_RULE_WORDS[model.rule])),
        *house_lines(model),
        "",
        *solutions,
        "",
        _(
            "stakes right:left = {ratio}; the banker plays its best response to {p5}: edge {edge}"
        ).format(ratio=ratio, p5=_p5_words(qq), edge=percent(r["edge_now"], 6)),
        "",
        _(
            "A side holding 5, its expected gain per chip it stakes (given the coup reaches the "
            "decisions):"
        ),
    ]
    sides = {"right": _("right"), "left": _("left")}
    moves = {"draw": _("draw"), "stand": _("stand")}
    side_width = max(5, *(len(w) for w in sides.values()))
    for side, v in r["values"].items():
        lines.append(
            f"  {sides[side]:<{side_width}}  "
            + _("draw {draw}   stand {stand}   better: {better}").format(
                draw=percent(v.draw), stand=percent(v.stand), better=moves.get(v.better, v.better)
            )
        )
    lo, hi, e = r["alone"]
    lines += [
        "",
        _("The chance of drawing at 5 that lowers the best-responding banker's edge most:"),
        "  "
        + _("one side alone (stakes 1:0, the other side's p5 {p5}): {q}; edge {edge}").format(
            p5=q_text(qq[1]), q=_q_range(lo, hi), edge=percent(e, 6)
        ),
    ]
    lo, hi, e = r["right_with_left_fixed"]
    lines.append(
        "  "
        + _("the right side at stakes {ratio}, the left's p5 {p5}: {q}; edge {edge}").format(
            ratio=ratio, p5=q_text(qq[1]), q=_q_range(lo, hi), edge=percent(e, 6)
        )
    )
    q_c, q_c_text, q_c_edge = r["common"]
    if q_c_text.startswith("a root of "):  # (the JSON keeps the English words)
        q_c_text = _("a root of {equation}").format(equation=q_c_text.removeprefix("a root of "))
    same = _("both sides with the same q at stakes {ratio}: q = {q}; edge {edge}").format(
        ratio=ratio, q=number(float(q_c), 9), edge=percent(q_c_edge, 6)
    )
    lines.append("  " + same + (f" ({q_c_text})" if exact else ""))
    (c_r, c_l), c_e, rounds = r["cooperative"]
    lines.append(
        "  "
        + ngettext(
            "both sides together at stakes {ratio}: right q = {right}, left q = {left}; "
            "edge {edge} (each side's best q in turn until neither changes: {n} round)",
            "both sides together at stakes {ratio}: right q = {right}, left q = {left}; "
            "edge {edge} (each side's best q in turn until neither changes: {n} rounds)",
            rounds,
        ).format(
            ratio=ratio,
            right=number(float(c_r), 6),
            left=number(float(c_l), 6),
            edge=percent(c_e, 6),
            n=rounds,
        )
    )
    n = r["nash"]
    if st[0] != st[1]:
        lines.append("  " + _("Nash equilibrium: computed for equal stakes only (--stakes 1:1)."))
    elif n is None:
        lines.append("  " + _("Nash equilibrium: none found with both sides mixing alike."))
    else:
        a, b, c = n.quadratic
        equation = (
            f"{a} q² {'+' if b >= 0 else '−'} {abs(b)} q {'+' if c >= 0 else '−'} {abs(c)} = 0"
        )
        lines += [
            "  "
            + _(
                "Nash equilibrium (each side for itself), equal stakes: both sides draw at 5 "
                "with q = {q},"
            ).format(q=number(n.q, 9)),
            "    "
            + (
                _("the root in [0, 1] of {equation}; the banker is indifferent at {points}")
                if exact
                else _("the banker is indifferent at {points}")
            ).format(equation=equation, points="; ".join(_point_words(p, _) for p in n.where)),
            "    "
            + _(
                "and draws there with chance {chance}, which leaves each side indifferent "
                "at 5; edge {edge} %"
            ).format(chance=number(n.mixing, 6), edge=number(n.edge * 100, 6, sign=True)),
        ]
    return "\n".join(lines)


# ---------------------------------------------------------------- the table's help

#: The help's section title (a message id: ``## `` and its words in the language).
HELP_TITLE = N_("The banker's best response (exact)")
HELP_HEADING = "## " + HELP_TITLE
_HELP_INTRO = N_(
    "What a banker who knows its cards, what each side did and the stakes gains most by, "
    "counted exactly (three packs, home rule, equal stakes on both sides, a side at 5 "
    "drawing half the time). `banque strategy` prints it as grids for any stakes, with "
    "the share of the stakes where each move changes, and "
    "`banque edge` the banker's exact edge."
)
_ALWAYS = {"D": N_("Banker {totals}: always draws."), "S": N_("Banker {totals}: always stands.")}
#: The help's grids: what they show, their letters, their rows and columns.
_GRIDS_LEGEND = N_(
    "The other totals, a grid for each (a total's pairs of cards apart where their moves "
    "differ): a row for the card the right side drew, a column for the card the left "
    "side drew, {stood} where that side stood; {draw} the banker draws, {stand} it stands."
)
# Translators: the help's grids: the banker draws (one letter).
_DRAW_LETTER = N_("D")
# Translators: the help's grids: the banker stands (one letter).
_STAND_LETTER = N_("S")
#: A grid's title, and the pairs of cards it is for (when not all of its total's).
_GRID_TITLE = N_("Banker {total}")
_GRID_PAIRS = N_("({pairs})")
#: The last of a list of totals (Spanish: "0, 1 o 2"); its twin for a last item
#: read with an "o" sound (8, ocho): Spanish writes "7 u 8" there.
_LIST_END = N_("{items}, {last}")
_LIST_END_EIGHT = N_("{items}, {eight}")
#: The mark of a side that stood, in the grids' first row and column.
_STOOD = "–"
#: Grids side by side in the help's block (its width fits a screen of 80 columns).
_GRIDS_ACROSS = 2
_GRIDS_GAP = 4


def help_grids(
    model: EdgeModel | None = None,
) -> list[tuple[int, tuple[tuple[int, int], ...], dict[tuple[int | None, int | None], str]]]:
    """The help's grids, untranslated: for each banker total and pair group that does
    not always make one move, its cells ``D``/``S`` (equal stakes, sides at 5 drawing
    half the time)."""
    m = model if model is not None else EdgeModel.for_packs(3, "all")
    out = []
    for g in grouped_strategy(m, HALF, HALF):
        cells = {k: _cell_text(c, HALF) for k, c in g.cells.items()}
        out.append((g.total, g.pairs, cells))
    return out


def help_section(model: EdgeModel | None = None, translator: Translator = ENGLISH) -> str:
    """The help screen's section: equal stakes, sides at 5 drawing half the time, 3 packs.

    Generated from the exact solution, its words told by ``translator`` (English by
    default; the app's ``Translator(i18n._, i18n.ngettext)`` for French or Spanish):
    the totals that always make one move in a sentence, the others in grids (rows:
    what the right side drew, columns: what the left drew), two side by side in a
    block that fits an 80-column help. ``tests`` check that ``banque/table/help.md``
    and each ``help.{lang}.md`` end with it; ``banque strategy`` prints the full
    thresholds.
    """
    say = translator.gettext

    def listed(items: list[str]) -> str:
        if len(items) <= 1:
            return "".join(items)
        head, last = ", ".join(items[:-1]), items[-1]
        if last.startswith("8"):
            return say(_LIST_END_EIGHT).format(items=head, eight=last)
        return say(_LIST_END).format(items=head, last=last)

    m = model if model is not None else EdgeModel.for_packs(3, "all")
    letters = {"D": say(_DRAW_LETTER), "S": say(_STAND_LETTER)}
    order = _info_order(False)
    lines = ["## " + say(HELP_TITLE), "", say(_HELP_INTRO), ""]
    always: dict[str, list[str]] = {"D": [], "S": []}
    blocks: list[list[str]] = []
    all_pairs = {pt.banker for pt in m.points}
    for total, pairs, cells in help_grids(m):
        moves = set(cells.values())
        if len(moves) == 1 and moves <= {"D", "S"}:
            always[moves.pop()].append(str(total))
            continue
        width = max(len(t) for t in cells.values())
        head = [say(_GRID_TITLE).format(total=total)]
        if len(pairs) < len([p for p in all_pairs if sum(p) % 10 == total]):
            head.append(say(_GRID_PAIRS).format(pairs=", ".join(f"{a}+{b}" for a, b in pairs)))

        def mark(info: int | None, w: int = width) -> str:
            return f"{_STOOD if info is None else info:>{w}}"

        grid = ["  " + "".join(" " + mark(c) for c in order)]
        for r in order:
            row = "".join(
                " " + f"{letters.get(cells[(r, c)], cells[(r, c)]):>{width}}" for c in order
            )
            grid.append(mark(r, 2) + row)
        blocks.append(head + grid)
    summary = [
        say(_ALWAYS[move]).format(totals=listed(always[move]))
        for move in ("D", "S")
        if always[move]
    ]
    lines += [" ".join(summary), ""]
    lines.append(say(_GRIDS_LEGEND).format(stood=_STOOD, draw=letters["D"], stand=letters["S"]))
    lines += ["", "```"]
    for i in range(0, len(blocks), _GRIDS_ACROSS):
        band = blocks[i : i + _GRIDS_ACROSS]
        widths = [max(len(line) for line in b) for b in band]
        height = max(len(b) for b in band)
        if i:
            lines.append("")
        for y in range(height):
            parts = [
                f"{(b[y] if y < len(b) else ''):<{w}}" for b, w in zip(band, widths, strict=True)
            ]
            lines.append((" " * _GRIDS_GAP).join(parts).rstrip())
    lines.append("```")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- Nash equilibrium


def _gap(
    model: EdgeModel,
    st: tuple[int, int],
    q: tuple[Fraction, Fraction],
    side: Side,
    moves: list[bool] | None = None,
) -> Fraction:
    """Drawing minus standing at 5 for ``side``, against the banker's moves (default: best)."""
    v = side_values(model, st, q, side, moves if moves is not None else _banker_moves(model, st, q))
    return v.draw - v.stand


def _delta_poly(p: Point, st: tuple[int, int]) -> tuple[int, int, int, int]:
    """A point's draw-minus-stand as ``a + b qR + c qL + d qR qL`` (integers)."""
    r, lft = st
    x = [r * (p.dr[k] - p.sr[k]) + lft * (p.dl[k] - p.sl[k]) for k in range(4)]
    # w = (1, wL, wR, wR wL); wR = qR (drew) or 1 - qR (stood), wL likewise.
    rr = (0, 1) if _drew(p.right) else (1, -1)  # wR = rr[0] + rr[1] qR
    ll = (0, 1) if _drew(p.left) else (1, -1)
    a = x[0] + ll[0] * x[1] + rr[0] * x[2] + rr[0] * ll[0] * x[3]
    b = rr[1] * x[2] + rr[1] * ll[0] * x[3]
    c = ll[1] * x[1] + rr[0] * ll[1] * x[3]
    d = rr[1] * ll[1] * x[3]
    return a, b, c, d


class _RightOnDiagonal:
    """The right side's draw-minus-stand at 5 on ``qR = qL = q`` (equal stakes), against
    the banker's best response, for ``0 < q < 1``: the points whose move keeps one sign
    over all of [0, 1] are summed once (as polynomials in ``q``); only the others are
    decided at each ``q``."""

    def __init__(self, model: EdgeModel) -> None:
        # sums[drew] = [result c0, c1, weight c0, c1] (linear in q: the left's 5).
        self.fixed = {True: [0, 0, 0, 0], False: [0, 0, 0, 0]}
        self.open: list[
            tuple[int, int, int, int, bool, tuple[int, int, int, int], tuple[int, int]]
        ] = []
        deltas = model._prepare((1, 1), "best").deltas
        for index, (p, (keys, x)) in enumerate(zip(model.points, deltas, strict=True)):
            if p.right == NATURAL:
                continue
            o0, o1 = (0, 1) if _drew(p.left) else (1, -1)
            draw = (p.dr[2] + o0 * p.dr[3], o1 * p.dr[3])
            stand = (p.sr[2] + o0 * p.sr[3], o1 * p.sr[3])
            weight = (p.z[2] + o0 * p.z[3], o1 * p.z[3])
            a, b, d = _diagonal(x, *keys)  # a + b q + d q^2 on qR = qL = q
            mine = keys[0]
            if _no_root_inside(a, b, d):
                res = draw if a > 0 else stand
                acc = self.fixed[mine]
                acc[0] += res[0]
                acc[1] += res[1]
                acc[2] += weight[0]
                acc[3] += weight[1]
            else:
                self.open.append((index, a, b, d, mine, (*draw, *stand), weight))

    def gap(self, q: Fraction, force: dict[int, bool] | None = None) -> Fraction:
        """The gap at ``q`` in [0, 1] (a point of ``force``, by its index: that move)."""
        n, d = q.numerator, q.denominator
        # In integers: each linear sum times d, each quadratic times d * d.
        sums = {k: [v[0] * d + v[1] * n, v[2] * d + v[3] * n] for k, v in self.fixed.items()}
        dd, nd, nn = d * d, n * d, n * n
        for index, c0, c1, c2, mine, moves, weight in self.open:
            acc = sums[mine]
            draws = force.get(index) if force else None
            if draws is None:
                draws = c0 * dd + c1 * nd + c2 * nn > 0
            if draws:
                acc[0] += moves[0] * d + moves[1] * n
            else:
                acc[0] += moves[2] * d + moves[3] * n
            acc[1] += weight[0] * d + weight[1] * n
        draw = Fraction(-sums[True][0], sums[True][1]) if sums[True][1] else Fraction(0)
        stand = Fraction(-sums[False][0], sums[False][1]) if sums[False][1] else Fraction(0)
        return draw - stand


@dataclass(frozen=True)
class Nash:
    """A symmetric Nash equilibrium at equal stakes (each side for itself).

    Both sides draw at 5 with chance ``q``; the banker plays its best response
    and, at the decision point(s) ``where`` it is indifferent, draws with
    chance ``mixing``, which leaves each side indifferent at 5.  ``q`` solves
    ``a q^2 + b q + c = 0`` (``quadratic``), the banker's indifference there.
    """

    q: float
    quadratic: tuple[int, int, int]
    where: tuple[Point, ...]
    mixing: float
    edge: float


def nash_equal_stakes(model: EdgeModel, tolerance: Fraction = Fraction(1, 10**15)) -> Nash | None:
    """The symmetric Nash equilibrium at equal stakes, or None if none is found this way.

    Along the diagonal ``qR = qL = q`` a side's gain from drawing at 5 (against
    the banker's best response) falls by jumps, where one of the banker's
    choices changes.  Bisection finds the jump where it changes sign; the
    points whose choice changes there (one point, or a point and its mirror)
    give the exact equation of ``q`` (a quadratic: each point's
    draw-minus-stand is bilinear in ``(qR, qL)``), and the banker's chance of
    drawing there that makes the side indifferent is solved from a linear
    equation (the gain is linear in it).  None when a pure ``q`` (0 or 1) is
    the answer or the jump is not found.
    """
    st = (1, 1)
    diagonal = _RightOnDiagonal(model)

    def gap(q: Fraction) -> Fraction:
        # The fixed points keep one strict sign on all of [0, 1], ends included.
        return diagonal.gap(q)

    lo, hi = Fraction(0), Fraction(1)
    if gap(lo) <= 0 or gap(hi) >= 0:
        return None
    while hi - lo > tolerance:
        mid = (lo + hi) / 2
        mid = mid.limit_denominator(int(4 / tolerance))
        if mid in (lo, hi):
            break
        if gap(mid) > 0:
            lo = mid
        else:
            hi = mid
    before, after = _banker_moves(model, st, (lo, lo)), _banker_moves(model, st, (hi, hi))
    changed = [i for i, (x, y) in enumerate(zip(before, after, strict=True)) if x != y]
    if not changed or len(changed) > 2:
        return None
    a, b, c, d = _delta_poly(model.points[changed[0]], st)
    # On the diagonal: a + (b + c) q + d q^2 = 0 (in lowest terms, leading term positive).
    g = math.gcd(d, b + c, a) or 1
    g = -g if (d or b + c) < 0 else g
    quad = (d // g, (b + c) // g, a // g)
    if d == 0:
        roots = [Fraction(-a, b + c)] if b + c else []
    else:
        disc = (b + c) ** 2 - 4 * d * a
        if disc < 0:
            return None
        getcontext().prec = 50
        root = Decimal(disc).sqrt()
        roots = [
            Fraction((-Decimal(b + c) + sign * root) / (2 * Decimal(d))).limit_denominator(10**40)
            for sign in (1, -1)
        ]
    inside = [x for x in roots if lo - tolerance <= x <= hi + tolerance]
    if not inside:
        return None
    q = inside[0]
    # The side's gain is linear in the banker's chance of drawing at the point(s).
    opened = {entry[0] for entry in diagonal.open}
    if all(i in opened or model.points[i].right == NATURAL for i in changed):
        g_stand = diagonal.gap(q, dict.fromkeys(changed, False))
        g_draw = diagonal.gap(q, dict.fromkeys(changed, True))
    else:  # (not met: a changed point's sign changes inside, so it is open)
        moves = list(before)
        for i in changed:
            moves[i] = False
        g_stand = _gap(model, st, (q, q), "right", moves)
        for i in changed:
            moves[i] = True
        g_draw = _gap(model, st, (q, q), "right", moves)
    if g_draw == g_stand:
        return None
    mixing = -g_stand / (g_draw - g_stand)
    if not 0 <= mixing <= 1:
        return None
    edge = float(model.edge(st, (q.limit_denominator(10**15),) * 2).total)
    return Nash(float(q), quad, tuple(model.points[i] for i in changed), float(mixing), edge)


def _diagonal(x: Sequence[int], right_drew: bool, left_drew: bool) -> tuple[int, int, int]:
    """``sum_k w_k x_k`` on ``qR = qL = q`` as ``c0 + c1 q + c2 q^2``."""
    ar, br = (0, 1) if right_drew else (1, -1)  # wR = ar + br q
    al, bl = (0, 1) if left_drew else (1, -1)
    c0 = x[0] + x[1] * al + x[2] * ar + x[3] * ar * al
    c1 = x[1] * bl + x[2] * br + x[3] * (ar * bl + br * al)
    c2 = x[3] * br * bl
    return c0, c1, c2


def _no_root_inside(c0: int, c1: int, c2: int) -> bool:
    """Whether ``c0 + c1 q + c2 q^2`` keeps one strict sign on all of [0, 1] (exact,
    integers only: the same sign at both ends and no turning point inside that
    reaches zero)."""
    f0, f1 = c0, c0 + c1 + c2
    if f0 == 0 or f1 == 0 or (f0 > 0) != (f1 > 0):
        return False
    if c2 == 0:
        return True
    # The vertex -c1 / (2 c2) inside (0, 1), and real roots: both roots are inside.
    inside = 0 < -c1 * (1 if c2 > 0 else -1) < 2 * abs(c2)
    return not (inside and c1 * c1 - 4 * c2 * c0 >= 0)


def _roots_inside(c0: int, c1: int, c2: int) -> list[tuple[Fraction, str]]:
    """Roots of ``c0 + c1 q + c2 q^2`` strictly inside (0, 1), with an exact description."""
    if _no_root_inside(c0, c1, c2):
        return []
    if c2 == 0:
        if c1 == 0:
            return []
        x = Fraction(-c0, c1)
        return [(x, fraction_text(x))] if 0 < x < 1 else []
    disc = c1 * c1 - 4 * c2 * c0
    if disc < 0:
        return []
    getcontext().prec = 60
    root = Decimal(disc).sqrt()
    out = []
    g = math.gcd(c2, c1, c0) * (-1 if c2 < 0 else 1)
    text = f"a root of {c2 // g} q² {'+' if c1 >= 0 else '−'} {abs(c1 // g)} q {'+' if c0 >= 0 else '−'} {abs(c0 // g)} = 0"
    for sign in (1, -1):
        x = Fraction((-Decimal(c1) + sign * root) / (2 * Decimal(c2))).limit_denominator(10**45)
        if 0 < x < 1:
            exact = math.isqrt(disc) ** 2 == disc
            out.append((x, fraction_text(x) if exact else text))
    return out


def best_common_q(
    model: EdgeModel, stakes: Sequence[int] | tuple[int, int] = (1, 1)
) -> tuple[Fraction, str, Fraction]:
    """The ``q`` both sides share that minimises the best-responding banker's edge.

    On ``qR = qL = q`` each point's values are quadratics in ``q``: the edge
    is a sum of quadratics and of maxima of quadratics, a quadratic between
    the points where one of the banker's choices changes (roots of
    quadratics).  Its minimum is at 0, 1, one of those points or the vertex of
    a piece: all are tried.  Returns ``q`` (to 45 digits when irrational),
    how it is exactly known, and the edge per chip there.
    """
    st = _check_stakes(tuple(stakes))
    r, lft = st
    base = [0, 0, 0]
    toggles: list[tuple[Fraction, str, tuple[int, int, int]]] = []
    # The points whose move is the same over the whole square are summed by what the
    # sides did (EdgeModel._prepare): one quadratic each; only the others may toggle.
    prep = model._prepare(st, "best")
    for (rd, ld), x in prep.fixed.items():
        for k, c in enumerate(_diagonal(x, rd, ld)):
            base[k] += c
    for rd, ld, delta in prep.ambiguous:
        dpoly = _diagonal(delta, rd, ld)
        roots = _roots_inside(*dpoly)
        if dpoly[0] > 0 or (dpoly[0] == 0 and (dpoly[1] > 0 or (dpoly[1] == 0 and dpoly[2] > 0))):
            for k in range(3):
                base[k] += dpoly[k]  # active just above q = 0
            sign = -1
        else:
            sign = 1
        for x, text in sorted(roots) if len(roots) > 1 else roots:
            toggles.append((x, text, tuple(sign * c for c in dpoly)))  # type: ignore[arg-type]
            sign = -sign
    toggles.sort(key=lambda t: (float(t[0]), t[0]))  # floats first: exact only on ties
    scale = model.denominator * (r + lft)

    def value(poly: Sequence[int], x: Fraction) -> Fraction:
        return Fraction(poly[0]) + poly[1] * x + poly[2] * x * x

    # Every candidate in order, with the piece's quadratic; screened in floats (far
    # above their rounding), then the few near the lowest counted exactly.
    pieces: list[tuple[Fraction, str, tuple[int, int, int]]] = []
    poly = list(base)
    left_end, left_text = Fraction(0), "0"
    for x, text, change in [*toggles, (Fraction(1), "1", (0, 0, 0))]:
        here = (poly[0], poly[1], poly[2])
        pieces += [(left_end, left_text, here), (x, text, here)]
        if poly[2] > 0:
            vertex = Fraction(-poly[1], 2 * poly[2])
            if left_end < vertex < x:
                pieces.append((vertex, fraction_text(vertex), here))
        for k in range(3):
            poly[k] += change[k]
        left_end, left_text = x, text
    rough = []
    for q, _text, (c0, c1, c2) in pieces:
        f = float(q)
        rough.append((c0 + c1 * f + c2 * f * f, 1e-9 * (abs(c0) + abs(c1) + abs(c2))))
    low = min(v + e for v, e in rough)
    best: tuple[Fraction, Fraction, str] | None = None
    for (q, q_text_, p), (v, e) in zip(pieces, rough, strict=True):
        if v - e > low:
            continue
        exact = value(p, q)
        if best is None or exact < best[0]:
            best = (exact, q, q_text_)
    assert best is not None
    return best[1], best[2], best[0] / scale + model.naturals_share(st)
