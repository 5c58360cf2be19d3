"""Exact odds, checked against independent brute-force counts."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from fractions import Fraction

import pytest

from banque.core.cards import card_value, full_shoe
from banque.study.odds import (
    any_natural_probability,
    format_odds,
    main_odds,
    natural_probability,
    odds_report,
    two_card_distribution,
)


def brute_two_card(packs: int) -> dict[int, Fraction]:
    """Every ordered pair of distinct physical cards of the shoe."""
    shoe = full_shoe(packs)
    tally: Counter[int] = Counter()
    for x, y in itertools.permutations(range(len(shoe)), 2):
        tally[(card_value(shoe[x]) + card_value(shoe[y])) % 10] += 1
    n = len(shoe)
    return {t: Fraction(tally[t], n * (n - 1)) for t in range(10)}


def falling(counts: Counter[int], values: tuple[int, ...]) -> int:
    """Ordered ways to draw cards with exactly these values, in this order."""
    left = Counter(counts)
    ways = 1
    for v in values:
        ways *= left[v]
        left[v] -= 1
        if ways == 0:
            return 0
    return ways


def inclusion_exclusion_any_natural(packs: int) -> Fraction:
    """P(A or B or C) = 3P(A) - 3P(AB) + P(ABC), by exchangeability of the hands.

    P(AB) and P(ABC) are counted over ordered value sequences in which every
    hand is a natural: a method independent of the module's.
    """
    counts = Counter(card_value(c) for c in full_shoe(packs))
    n = sum(counts.values())
    naturals = [(a, b) for a in range(10) for b in range(10) if (a + b) % 10 >= 8]
    assert len(naturals) == 20

    def both(hands: int) -> Fraction:
        ways = sum(
            falling(counts, sum(combo, ())) for combo in itertools.product(naturals, repeat=hands)
        )
        deals = 1
        for k in range(2 * hands):
            deals *= n - k
        return Fraction(ways, deals)

    return 3 * both(1) - 3 * both(2) + both(3)


@pytest.mark.parametrize("packs", [1, 3])
def test_two_card_distribution_matches_brute_force(packs: int) -> None:
    assert two_card_distribution(packs) == brute_two_card(packs)


def test_two_card_distribution_sums_to_one() -> None:
    for packs in (1, 2, 3, 6, 8):
        assert sum(two_card_distribution(packs).values()) == 1


def test_known_values() -> None:
    # One pack: 16 zero-cards and 4 of each other value among 52.
    # Total 0 in ordered pairs: (0,0) 16*15, (1,9)...(9,1) except (5,5) 8*4*4,
    # (5,5) 4*3: 380 of 52*51 = 2652.
    assert two_card_distribution(1)[0] == Fraction(380, 2652)
    assert natural_probability(1) == Fraction(42, 221)
    assert natural_probability(3) == Fraction(382, 2015)


@pytest.mark.parametrize("packs", [1, 3])
def test_natural_probability_is_eight_plus_nine(packs: int) -> None:
    dist = brute_two_card(packs)
    assert natural_probability(packs) == dist[8] + dist[9]


@pytest.mark.parametrize("packs", [1, 2, 3])
def test_any_natural_by_inclusion_exclusion(packs: int) -> None:
    assert any_natural_probability(packs) == inclusion_exclusion_any_natural(packs)


def test_any_natural_pinned() -> None:
    assert any_natural_probability(3) == Fraction(24773163, 52918705)


def test_any_natural_tends_to_independent_limit() -> None:
    # With many packs the hands become nearly independent.
    limit = 1 - (1 - natural_probability(200)) ** 3
    assert abs(any_natural_probability(200) - limit) < Fraction(1, 1000)


@pytest.mark.parametrize("bad", [0, -1, 1.5, "3", True, None])
def test_packs_validated(bad: object) -> None:
    with pytest.raises(ValueError, match="packs"):
        two_card_distribution(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="packs"):
        main_odds(bad, as_json=True)  # type: ignore[arg-type]


def test_report_json_round_trip() -> None:
    text = main_odds(3, as_json=True)
    data = json.loads(text)
    assert data == odds_report(3)
    assert data["packs"] == 3 and data["cards"] == 156
    totals = data["two_card_totals"]
    assert [row["total"] for row in totals] == list(range(10))
    assert sum(Fraction(row["fraction"]) for row in totals) == 1
    assert Fraction(data["natural"]["fraction"]) == natural_probability(3)
    assert Fraction(data["any_natural"]["fraction"]) == any_natural_probability(3)
    assert Fraction(data["no_natural"]["fraction"]) == 1 - any_natural_probability(3)
    assert data["natural"]["decimal"] == pytest.approx(float(natural_probability(3)), abs=1e-6)


def test_format_table() -> None:
    text = main_odds(1, as_json=False)
    assert text == format_odds(odds_report(1))
    assert "1 pack (52 cards)" in text
    assert "95/663" not in text and "14.3288 %" in text  # total 0, one pack: a percentage
    assert "At least one natural" in text
    assert len(text.splitlines()) == 3 + 10 + 1 + 5
    exact = main_odds(1, as_json=False, exact=True)
    assert "14.3288 %  95/663" in exact and "Exact" in exact  # --exact: the fraction too
    assert len(exact.splitlines()) == len(text.splitlines())
