"""Reports of the exact solution: ``banque edge``, ``banque strategy``, ``banque
choice`` and the table's help on the banker's best response.

The figures come from :mod:`banque.study.edge` (the edge, the best response) and
:mod:`banque.study.one_chance` (the sides' choice at 5 and the solutions where each
side has one chance of drawing there); this module turns them into text and JSON.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..core.messages import ENGLISH, N_, Translator
from ..games.banque.rules import PROFILES
from ..i18n import _, ngettext, number, pgettext
from .correlated import PURE, Correlated
from .edge import (
    NATURAL,
    Cell,
    Edge,
    EdgeModel,
    Point,
    _check_q,
    _check_stakes,
    move_draws,
    strategy,
)
from .one_chance import (
    Nash,
    _banker_moves,
    best_q,
    fraction_text,
    one_chance_solutions,
    side_values,
)

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
