"""Exact odds of the deal: two-card totals and naturals.

Everything here is counted exactly with integers and returned as
:class:`fractions.Fraction`; nothing is sampled.  Cards are dealt without
replacement from a full shoe of ``packs`` packs (three in this profile).

>>> two_card_distribution(1)[0]
Fraction(95, 663)
>>> natural_probability(3)
Fraction(382, 2015)
>>> round(float(any_natural_probability(3)), 4)
0.4681
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from banque.core.cards import PACKS, card_value, full_shoe
from banque.i18n import _, ngettext, number

__all__ = [
    "any_natural_probability",
    "format_odds",
    "main_odds",
    "natural_probability",
    "odds_report",
    "two_card_distribution",
]

#: Two-card totals that make a natural.
NATURAL_TOTALS = (8, 9)


def _check_packs(packs: object) -> int:
    """Return ``packs`` if it is a whole number of packs, at least one."""
    if isinstance(packs, bool) or not isinstance(packs, int):
        raise ValueError(f"packs must be a whole number of packs (1 or more), not {packs!r}")
    if packs < 1:
        raise ValueError(f"packs must be at least 1 (a shoe needs cards), not {packs}")
    return packs


def _value_counts(packs: int) -> list[int]:
    """How many cards of each value 0..9 a full shoe of ``packs`` packs holds."""
    counts = [0] * 10
    for card in full_shoe(packs):
        counts[card_value(card)] += 1
    return counts


def _ordered_pairs(counts: list[int], total: int) -> int:
    """Ordered pairs of distinct cards from ``counts`` whose values sum to ``total`` mod 10."""
    ways = 0
    for a in range(10):
        b = (total - a) % 10
        ways += counts[a] * (counts[b] - (a == b))
    return ways


def two_card_distribution(packs: int = PACKS) -> dict[int, Fraction]:
    """Exact probability of each two-card total 0..9 from a full shoe.

    The two cards are dealt without replacement from ``52 * packs`` cards.

    >>> dist = two_card_distribution(3)
    >>> sum(dist.values())
    Fraction(1, 1)
    >>> dist[0], dist[9]
    (Fraction(59, 403), Fraction(192, 2015))
    """
    counts = _value_counts(_check_packs(packs))
    n = sum(counts)
    ordered = n * (n - 1)
    return {t: Fraction(_ordered_pairs(counts, t), ordered) for t in range(10)}


def natural_probability(packs: int = PACKS) -> Fraction:
    """Chance that one given two-card hand is a natural (8 or 9).

    >>> natural_probability(1)
    Fraction(42, 221)
    """
    dist = two_card_distribution(packs)
    return sum((dist[t] for t in NATURAL_TOTALS), Fraction(0))


def _no_natural_ways(counts: list[int], hands: int) -> int:
    """Ordered deals of ``hands`` two-card hands from ``counts`` with no natural.

    Enumerates each hand by unordered pair of values (with its number of
    ordered card pairs), removing the cards before the next hand.  The last
    hand is counted in one go as all ordered pairs minus the natural ones.
    """
    n = sum(counts)
    if hands == 1:
        naturals = sum(_ordered_pairs(counts, t) for t in NATURAL_TOTALS)
        return n * (n - 1) - naturals
    total = 0
    for a in range(10):
        ca = counts[a]
        if not ca:
            continue
        for b in range(a, 10):
            if (a + b) % 10 in NATURAL_TOTALS:
                continue
            ways = ca * (ca - 1) if a == b else 2 * ca * counts[b]
            if not ways:
                continue
            counts[a] -= 1
            counts[b] -= 1
            total += ways * _no_natural_ways(counts, hands - 1)
            counts[a] += 1
            counts[b] += 1
    return total


def any_natural_probability(packs: int = PACKS) -> Fraction:
    """Exact chance that at least one of the three hands is a natural.

    Right, left and banker each get two cards: six cards dealt without
    replacement from a full shoe.  Counted exactly over card values.

    >>> any_natural_probability(1) > 3 * natural_probability(1) * (1 - natural_probability(1))
    True
    """
    counts = _value_counts(_check_packs(packs))
    n = sum(counts)
    deals = 1
    for k in range(6):
        deals *= n - k
    return 1 - Fraction(_no_natural_ways(counts, 3), deals)


def _entry(value: Fraction) -> dict[str, Any]:
    """A fraction for JSON: exact ``"n/d"`` text and a rounded decimal."""
    return {
        "fraction": f"{value.numerator}/{value.denominator}",
        "decimal": round(float(value), 6),
    }


def chance(entry: dict[str, Any], exact: bool = False, width: int = 9) -> str:
    """A report's chance as a player reads it: a percentage in the language's prose
    (``14.6402 %``, ``14,6402 %``), right-aligned to ``width``; ``exact``: its exact
    fraction after it (``59/403``).

    >>> chance(_entry(Fraction(59, 403))), chance(_entry(Fraction(59, 403)), exact=True)
    ('14.6402 %', '14.6402 %  59/403')
    """
    text = f"{number(float(Fraction(entry['fraction'])) * 100, 4) + ' %':>{width}}"
    return f"{text}  {entry['fraction']}" if exact else text


def odds_report(packs: int = PACKS) -> dict[str, Any]:
    """All the odds for a shoe of ``packs`` packs, ready for :func:`json.dumps`.

    Fractions appear as ``"n/d"`` strings beside their decimals.

    >>> report = odds_report(3)
    >>> report["cards"], report["natural"]["fraction"]
    (156, '382/2015')
    """
    packs = _check_packs(packs)
    dist = two_card_distribution(packs)
    natural = natural_probability(packs)
    any_natural = any_natural_probability(packs)
    return {
        "packs": packs,
        "cards": 52 * packs,
        "two_card_totals": [{"total": t, **_entry(dist[t])} for t in range(10)],
        "natural": _entry(natural),
        "natural_8": _entry(dist[8]),
        "natural_9": _entry(dist[9]),
        "any_natural": _entry(any_natural),
        "no_natural": _entry(1 - any_natural),
    }


def format_odds(report: dict[str, Any], exact: bool = False) -> str:
    """A readable table of an :func:`odds_report`: percentages (``exact``: and fractions).

    >>> print(format_odds(odds_report(3)).splitlines()[0])
    Odds for a shoe of 3 packs (156 cards), dealt without replacement
    """
    packs = report["packs"]
    head_total, head_p, head_exact = _("Two-card total"), _("Probability"), _("Exact")
    w1, w2 = len(head_total), max(len(head_p), 9)
    lines = [
        ngettext(
            "Odds for a shoe of {packs} pack ({cards} cards), dealt without replacement",
            "Odds for a shoe of {packs} packs ({cards} cards), dealt without replacement",
            packs,
        ).format(packs=packs, cards=report["cards"]),
        "",
        f"{head_total}  {head_p:>{w2}}" + (f"  {head_exact}" if exact else ""),
    ]
    for row in report["two_card_totals"]:
        lines.append(f"{row['total']:>{w1}}  {chance(row, exact, w2)}")
    lines.append("")
    summary = [
        (_("Natural 8 on one hand"), report["natural_8"]),
        (_("Natural 9 on one hand"), report["natural_9"]),
        (_("Natural (8 or 9) on one hand"), report["natural"]),
        (_("At least one natural of three hands"), report["any_natural"]),
        (_("No natural: the coup goes to drawing"), report["no_natural"]),
    ]
    width = max(len(label) for label, _entry in summary)
    for label, entry in summary:
        lines.append(f"{label:<{width}}  {chance(entry, exact)}")
    return "\n".join(lines)


def main_odds(packs: int = PACKS, as_json: bool = False, exact: bool = False) -> str:
    """The text that ``banque odds [--packs N] [--exact] [--json]`` prints.

    >>> main_odds(0)
    Traceback (most recent call last):
    ...
    ValueError: packs must be at least 1 (a shoe needs cards), not 0
    """
    report = odds_report(packs)
    if as_json:
        return json.dumps(report, indent=2)
    return format_odds(report, exact)
