"""Exact odds of the two-hand games, counted over card values (no sampling).

Punto banco: every draw is fixed, so a coup's outcome is a function of the
first four to six cards.  :func:`punto_odds` enumerates them by value (0-9,
with how many cards of each value the shoe holds), without replacement, and
weighs each path by the number of card sequences it stands for, all in
integers: the probabilities are exact fractions.

>>> odds = punto_odds(8)
>>> float(odds["banker"]), float(odds["player"]), float(odds["tie"])  # doctest: +ELLIPSIS
(0.4585..., 0.4462..., 0.0951...)
>>> round(float(odds["edges"]["banker"]), 5), round(float(odds["edges"]["player"]), 5)
(0.01058, 0.01235)
"""

from __future__ import annotations

import json
from fractions import Fraction
from functools import cache
from typing import Any

from ..games.two_hands import banker_draws
from ..i18n import _, ngettext
from .odds import (
    _check_packs,
    _entry,
    _no_natural_ways,
    _value_counts,
    chance,
    two_card_distribution,
)

__all__ = [
    "chemin_odds_text",
    "chemin_report",
    "format_chemin",
    "format_punto",
    "punto_odds",
    "punto_odds_text",
    "punto_report",
]


@cache
def _punto_counts(packs: int) -> tuple[int, int, int, int]:
    """(player wins, banker wins, ties, all) in ordered six-card sequences."""
    c = _value_counts(packs)
    n = sum(c)
    pw = bw = tie = 0
    # Four cards in deal order: player, banker, player, banker (values p1 b1 p2 b2).
    for p1 in range(10):
        w1 = c[p1]
        if not w1:
            continue
        c[p1] -= 1
        for b1 in range(10):
            w2 = w1 * c[b1]
            if not w2:
                continue
            c[b1] -= 1
            for p2 in range(10):
                w3 = w2 * c[p2]
                if not w3:
                    continue
                c[p2] -= 1
                for b2 in range(10):
                    w4 = w3 * c[b2]
                    if not w4:
                        continue
                    c[b2] -= 1
                    a, b, r = _after_four(c, n - 4, (p1 + p2) % 10, (b1 + b2) % 10, w4)
                    pw += a
                    bw += b
                    tie += r
                    c[b2] += 1
                c[p2] += 1
            c[b1] += 1
        c[p1] += 1
    return pw, bw, tie, n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5)


def _after_four(c: list[int], left: int, pt: int, bt: int, w: int) -> tuple[int, int, int]:
    """Weighted outcomes once four cards are out; each weight is in six-card sequences."""
    rest2 = left * (left - 1)  # two more cards, whatever they are
    if pt >= 8 or bt >= 8 or (pt >= 6 and bt >= 6):
        return _score(pt, bt, w * rest2)
    pw = bw = tie = 0
    if pt >= 6:  # the player stands; the banker (0-5) draws
        for v in range(10):
            if c[v]:
                a, b, r = _score(pt, (bt + v) % 10, w * c[v] * (left - 1))
                pw, bw, tie = pw + a, bw + b, tie + r
        return pw, bw, tie
    for v in range(10):  # the player draws at 0-5
        wv = w * c[v]
        if not wv:
            continue
        p3 = (pt + v) % 10
        if not banker_draws(bt, v):
            a, b, r = _score(p3, bt, wv * (left - 1))
        else:
            c[v] -= 1
            a = b = r = 0
            for u in range(10):
                if c[u]:
                    x, y, z = _score(p3, (bt + u) % 10, wv * c[u])
                    a, b, r = a + x, b + y, r + z
            c[v] += 1
        pw, bw, tie = pw + a, bw + b, tie + r
    return pw, bw, tie


def _score(p: int, b: int, w: int) -> tuple[int, int, int]:
    if p > b:
        return w, 0, 0
    if b > p:
        return 0, w, 0
    return 0, 0, w


def punto_odds(packs: int = 8) -> dict[str, Any]:
    """Exact chances of a punto banco coup from a full shoe, and each bet's house edge.

    The edge is the house's expected gain per chip bet (a tie returns the
    bets on the hands): banker ``-(b * 19/20 - p)``, player ``-(p - b)``,
    natural 8 ``1 - 10 * P(two-card 8)``, natural 9 likewise; and a tie bet's, which
    the book's game does not take but other tables do, at 8 to 1 ``1 - 9 * P(tie)``
    and at 9 to 1 ``1 - 10 * P(tie)``.
    """
    packs = _check_packs(packs)
    pw, bw, tie, all_ = _punto_counts(packs)
    p, b, t = Fraction(pw, all_), Fraction(bw, all_), Fraction(tie, all_)
    dist = two_card_distribution(packs)
    edges = {
        "banker": -(b * Fraction(19, 20) - p),
        "player": -(p - b),
        "natural8": 1 - 10 * dist[8],
        "natural9": 1 - 10 * dist[9],
        # a bet on a tie, where a table offers one (the Pocket Book's Las Vegas game has
        # none; casinos pay 8 to 1 or 9 to 1): the hands' bets stand off, the tie wins
        "tie_8_to_1": 1 - 9 * t,
        "tie_9_to_1": 1 - 10 * t,
    }
    return {
        "player": p,
        "banker": b,
        "tie": t,
        "natural8": dist[8],
        "natural9": dist[9],
        "edges": edges,
    }


def punto_report(packs: int = 8) -> dict[str, Any]:
    """:func:`punto_odds` ready for JSON (``"n/d"`` fractions beside decimals)."""
    odds = punto_odds(packs)
    return {
        "game": "punto-banco",
        "packs": packs,
        "cards": 52 * packs,
        "player_wins": _entry(odds["player"]),
        "banker_wins": _entry(odds["banker"]),
        "tie": _entry(odds["tie"]),
        "banker_natural_8": _entry(odds["natural8"]),
        "banker_natural_9": _entry(odds["natural9"]),
        "house_edge": {name: _entry(edge) for name, edge in odds["edges"].items()},
        "payouts": {
            "player": "1 to 1",
            "banker": "1 to 1 less 5 % commission",
            "natural8": "9 to 1",
            "natural9": "9 to 1",
            "tie_8_to_1": "8 to 1 (not a bet of this game)",
            "tie_9_to_1": "9 to 1 (not a bet of this game)",
        },
    }


def format_punto(report: dict[str, Any], exact: bool = False) -> str:
    packs = report["packs"]
    lines = [
        ngettext(
            "Punto banco, a shoe of {packs} pack ({cards} cards): "
            "exact odds of a coup from a full shoe",
            "Punto banco, a shoe of {packs} packs ({cards} cards): "
            "exact odds of a coup from a full shoe",
            packs,
        ).format(packs=packs, cards=report["cards"]),
        "",
    ]
    rows = [
        (_("Player's hand wins"), report["player_wins"]),
        (_("Banker's hand wins"), report["banker_wins"]),
        (_("Tie"), report["tie"]),
        (_("Banker's natural 8"), report["banker_natural_8"]),
        (_("Banker's natural 9"), report["banker_natural_9"]),
    ]
    width = max(len(label) for label, _entry in rows)
    for label, entry in rows:
        lines.append(f"{label:<{width}}  {chance(entry, exact)}")
    lines += ["", _("House edge per chip bet (ties return the bets on the hands)")]
    names = {
        "banker": _("Banker (pays 1 to 1 less 5 %)"),
        "player": _("Player (pays 1 to 1)"),
        "natural8": _("Natural 8 (pays 9 to 1)"),
        "natural9": _("Natural 9 (pays 9 to 1)"),
    }
    ties = {
        "tie_8_to_1": _("Tie (pays 8 to 1)"),
        "tie_9_to_1": _("Tie (pays 9 to 1)"),
    }
    width = max(len(v) for v in (*names.values(), *ties.values()))

    def edge_line(key: str, label: str) -> str:
        entry = report["house_edge"][key]
        return f"{label:<{width}}  {chance(entry, exact)}"

    lines += [edge_line(key, label) for key, label in names.items()]
    lines += ["", _("A bet on a tie, where a table offers one (not a bet of this game)")]
    lines += [edge_line(key, label) for key, label in ties.items()]
    return "\n".join(lines)


def chemin_report(packs: int = 6) -> dict[str, Any]:
    """Chemin de fer's two-hand natural odds: one hand, either hand, both, neither."""
    packs = _check_packs(packs)
    dist = two_card_distribution(packs)
    one = dist[8] + dist[9]
    counts = _value_counts(packs)
    n = sum(counts)
    none = Fraction(_no_natural_ways(counts, 2), n * (n - 1) * (n - 2) * (n - 3))
    either = 1 - none
    return {
        "game": "chemin-de-fer",
        "packs": packs,
        "cards": 52 * packs,
        "two_card_totals": [{"total": t, **_entry(dist[t])} for t in range(10)],
        "natural_one_hand": _entry(one),
        "natural_8": _entry(dist[8]),
        "natural_9": _entry(dist[9]),
        "natural_either_hand": _entry(either),
        "no_natural": _entry(none),
    }


def format_chemin(report: dict[str, Any], exact: bool = False) -> str:
    packs = report["packs"]
    head_total, head_p, head_exact = _("Two-card total"), _("Probability"), _("Exact")
    tw, pw = max(14, len(head_total)), max(11, len(head_p))
    head = f"{head_total:<{tw}}  {head_p:>{pw}}" + (f"  {head_exact}" if exact else "")
    lines = [
        ngettext(
            "Chemin de fer, a shoe of {packs} pack ({cards} cards): the two hands' naturals, exact",
            "Chemin de fer, a shoe of {packs} packs ({cards} cards): the two hands' naturals, exact",
            packs,
        ).format(packs=packs, cards=report["cards"]),
        "",
        head,
    ]
    for row in report["two_card_totals"]:
        lines.append(f"{row['total']:>{tw}}  {chance(row, exact, pw)}")
    lines.append("")
    rows = [
        (_("Natural 8 on one hand"), report["natural_8"]),
        (_("Natural 9 on one hand"), report["natural_9"]),
        (_("Natural (8 or 9) on one hand"), report["natural_one_hand"]),
        (_("A natural in either hand: the coup ends"), report["natural_either_hand"]),
        (_("No natural: the coup goes to drawing"), report["no_natural"]),
    ]
    width = max(len(label) for label, _entry in rows)
    for label, entry in rows:
        lines.append(f"{label:<{width}}  {chance(entry, exact)}")
    return "\n".join(lines)


def punto_odds_text(packs: int | None, as_json: bool = False, exact: bool = False) -> str:
    """What ``banque odds --game punto-banco`` prints (8 packs unless told)."""
    report = punto_report(8 if packs is None else packs)
    return json.dumps(report, indent=2) if as_json else format_punto(report, exact)


def chemin_odds_text(packs: int | None, as_json: bool = False, exact: bool = False) -> str:
    """What ``banque odds --game chemin-de-fer`` prints (6 packs unless told)."""
    report = chemin_report(6 if packs is None else packs)
    return json.dumps(report, indent=2) if as_json else format_chemin(report, exact)
