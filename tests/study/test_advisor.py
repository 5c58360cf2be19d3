"""The banker's advisor: fast exact sums against a plain enumeration."""

from __future__ import annotations

import random
import time
from fractions import Fraction

import pytest

from banque.core.cards import full_shoe
from banque.games.banque.advisor import (
    Advice,
    ExactAdvice,
    SideInfo,
    Situation,
    advise,
    advise_exact,
    clear_cache,
    random_situation,
    reference_advise,
    unseen_values,
)

P5_CHOICES = (Fraction(1, 2), Fraction(0), Fraction(1), Fraction(1, 3), Fraction(3, 4))


def check_against_reference(s: Situation, p5: float | Fraction | None = None) -> ExactAdvice:
    p = s.p5 if p5 is None else p5
    ref = reference_advise(s.unseen, s.banker, s.right, s.left, p)
    fast = advise_exact(s.unseen, s.banker, s.right, s.left, p)
    assert fast == ref
    approx = advise(s.unseen, s.banker, s.right, s.left, p)
    assert abs(approx.draw - float(ref.draw)) < 1e-9
    assert abs(approx.stand - float(ref.stand)) < 1e-9
    assert approx.best == ref.best
    return ref


# ------------------------------------------------------------ hand checks


def test_nothing_staked_is_worth_nothing() -> None:
    banker = ["5C", "KD"]
    nothing = SideInfo(stake=0, third=None)
    drew = SideInfo(stake=0, third="3H")
    unseen = unseen_values(3, [*banker, "3H"])
    for p5 in (0.5, Fraction(1, 3)):
        advice = advise(unseen, banker, nothing, drew, p5)
        assert advice == Advice(draw=0.0, stand=0.0, best="stand")
        assert reference_advise(unseen, banker, nothing, drew, p5) == ExactAdvice(
            Fraction(0), Fraction(0), "stand"
        )


def test_forced_deal_by_hand() -> None:
    # Unseen: four 3s and one ace.  Both sides stood, so each holds 3+3 = 6
    # (3+A = 4 would have drawn); the banker's third card can only be the ace.
    unseen = {3: 4, 1: 1}
    right, left = SideInfo(stake=2), SideInfo(stake=5)
    advice = advise_exact(unseen, ["2C", "3C"], right, left)
    # Standing on 5 loses to both 6s; drawing the ace makes 6 and ties both.
    assert advice == ExactAdvice(draw=Fraction(0), stand=Fraction(-7), best="draw")
    assert reference_advise(unseen, ["2C", "3C"], right, left) == advice


@pytest.mark.parametrize(
    ("p5", "draw", "stand"),
    [
        # Weights of the three deals at p5 = 1/2: 12, 12, 12 (see below).
        (Fraction(1, 2), Fraction(3) + Fraction(2, 3) * 2, -Fraction(2, 3) * 3 - 2),
        # At p5 = 1/4: 12, 48 * 1/4 * 3/4 = 9, 24 * 1/4 = 6, out of 27.
        (Fraction(1, 4), Fraction(27 * 3 + 21 * 2, 27), Fraction(-15 * 3 - 27 * 2, 27)),
    ],
)
def test_weighted_deal_by_hand(p5: Fraction, draw: Fraction, stand: Fraction) -> None:
    # Unseen: two 2s, three 3s.  Right drew a ten (pair 0..5), left stood (5..7).
    # A: right 2+2=4 (2 ordered ways) then left 3+3=6 (6 ways): weight 12;
    #    the banker's card is the last 3.
    # B1: right 2+3=5 (12 ways, weight p5) and left 2+3=5 (4 ways, weight
    #    1-p5): 48 p5 (1-p5); banker's card is the last 3.
    # B2: right 2+3=5 and left 3+3=6 (2 ways): 24 p5; banker's card is the 2.
    # The banker holds 4: standing ties A's right 4 and loses the rest;
    # drawing makes 7, 7 and 6, winning all but a tie with B2's left 6.
    unseen = [0, 0, 2, 3, 0, 0, 0, 0, 0, 0]
    right, left = SideInfo(stake=3, third="TD"), SideInfo(stake=2)
    expected = ExactAdvice(draw=draw, stand=stand, best="draw")
    assert advise_exact(unseen, ["4S", "KH"], right, left, p5) == expected
    assert reference_advise(unseen, ["4S", "KH"], right, left, p5) == expected


def test_stake_ratio_flips_the_decision() -> None:
    # Fresh shoe; banker 5; right drew a ten, left stood.
    banker = ["2S", "3H"]
    unseen = unseen_values(3, [*banker, "TD"])
    left = SideInfo(stake=1)
    even = reference_advise(unseen, banker, SideInfo(1, "TD"), left)
    assert even == ExactAdvice(
        draw=Fraction(642117367, 5352815315), stand=Fraction(4193399, 35924935), best="draw"
    )
    double = reference_advise(unseen, banker, SideInfo(2, "TD"), left)
    assert double == ExactAdvice(
        draw=Fraction(3744466187, 5352815315), stand=Fraction(7419737, 7184987), best="stand"
    )
    assert advise_exact(unseen, banker, SideInfo(1, "TD"), left) == even
    assert advise_exact(unseen, banker, SideInfo(2, "TD"), left) == double
    assert advise(unseen, banker, SideInfo(1, "TD"), left).best == "draw"
    assert advise(unseen, banker, SideInfo(2, "TD"), left).best == "stand"


def test_used_shoe_flips_the_decision() -> None:
    # Banker 4; right drew an ace, left drew a 2; equal stakes.
    banker = ["5S", "9H"]
    seen = [*banker, "AD", "2C"]
    right, left = SideInfo(1, "AD"), SideInfo(1, "2C")
    fresh = reference_advise(unseen_values(3, seen), banker, right, left)
    assert fresh == ExactAdvice(
        draw=Fraction(2146477207, 6240076936), stand=Fraction(7295543, 21081341), best="stand"
    )
    # The same coup after an earlier coup showed four sixes.
    used = unseen_values(3, [*seen, "6C", "6D", "6H", "6S"])
    later = reference_advise(used, banker, right, left)
    assert later == ExactAdvice(
        draw=Fraction(2313833159, 5617423584), stand=Fraction(6908314, 19504943), best="draw"
    )
    assert advise_exact(unseen_values(3, seen), banker, right, left) == fresh
    assert advise_exact(used, banker, right, left) == later


def test_the_rules_example() -> None:
    # Bank 2+3 = 5; right drew 4D, left drew 2H; stakes 5 and 3.
    banker = ["2S", "3C"]
    unseen = unseen_values(3, [*banker, "4D", "2H"])
    right, left = SideInfo(stake=5, third="4D"), SideInfo(stake=3, third="2H")
    advice = advise(unseen, banker, right, left)
    assert advice.best == "stand"
    assert advice.edge == pytest.approx(advice.stand - advice.draw)
    assert reference_advise(unseen, banker, right, left) == advise_exact(
        unseen, banker, right, left
    )


# ------------------------------------------------------------ random checks


@pytest.mark.parametrize("seed", range(6))
def test_random_realistic_situations_match_reference(seed: int) -> None:
    rng = random.Random(seed)
    s = random_situation(rng, p5_choices=P5_CHOICES)
    check_against_reference(s)
    # The same cards with unequal stakes 2:1 and another p5 (a float).
    two_to_one = Situation(
        s.unseen, s.banker, SideInfo(2, s.right.third), SideInfo(1, s.left.third), s.p5
    )
    check_against_reference(two_to_one, p5=rng.choice([0.5, 0.3, 0.9]))


def test_fresh_shoe_all_action_combinations() -> None:
    banker = ["AS", "3S"]
    for right_third in (None, "7D"):
        for left_third in (None, "TC"):
            thirds = [c for c in (right_third, left_third) if c]
            unseen = unseen_values(3, [*banker, *thirds])
            s = Situation(
                tuple(unseen),
                ("AS", "3S"),
                SideInfo(3, right_third),
                SideInfo(1, left_third),
                Fraction(1, 2),
            )
            check_against_reference(s)


def test_late_shoe_small_counts_match_reference() -> None:
    # Near the end of a shoe: few cards, many values gone (cheap for the reference).
    rng = random.Random(2024)
    checked = 0
    while checked < 100:
        counts = [0] * 10
        for _ in range(rng.randint(5, 16)):
            counts[rng.choice([0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9])] += 1
        b = rng.randint(0, 7)
        banker = ("TH", "A23456789"[b - 1] + "H") if b else ("TH", "KH")
        right = SideInfo(rng.randint(0, 4), rng.choice([None, "4C", "TC", "9C"]))
        left = SideInfo(rng.randint(0, 4), rng.choice([None, "5D", "AD"]))
        p5 = rng.choice(P5_CHOICES)
        try:
            ref = reference_advise(counts, banker, right, left, p5)
        except ValueError:
            with pytest.raises(ValueError, match="no concealed pairs"):
                advise(counts, banker, right, left, p5)
            continue
        assert advise_exact(counts, banker, right, left, p5) == ref
        checked += 1


def test_stakes_are_linear() -> None:
    s = random_situation(random.Random(11))
    unit_r = advise_exact(s.unseen, s.banker, SideInfo(1, s.right.third), SideInfo(0, s.left.third))
    unit_l = advise_exact(s.unseen, s.banker, SideInfo(0, s.right.third), SideInfo(1, s.left.third))
    both = advise_exact(
        s.unseen, s.banker, SideInfo(Fraction(5, 2), s.right.third), SideInfo(7, s.left.third)
    )
    assert both.draw == Fraction(5, 2) * unit_r.draw + 7 * unit_l.draw
    assert both.stand == Fraction(5, 2) * unit_r.stand + 7 * unit_l.stand


# ------------------------------------------------------------ inputs


def test_unseen_forms_agree() -> None:
    banker = ["4C", "2D"]
    seen = [*banker, "9S", "TH", "TH", "5C", "7H"]
    counts = unseen_values(3, seen)
    codes = full_shoe(3)
    for card in seen:
        codes.remove(card)
    right, left = SideInfo(1, "5C"), SideInfo(2, "7H")
    by_counts = advise(counts, banker, right, left)
    assert advise(dict(enumerate(counts)), banker, right, left) == by_counts
    assert advise(tuple(counts), banker, right, left) == by_counts
    assert advise(codes, banker, right, left) == by_counts
    assert advise(iter(codes), banker, right, left) == by_counts


def test_unseen_values() -> None:
    assert unseen_values(3) == [48] + [12] * 9
    assert unseen_values(1, ["as", "10h", "KD"]) == [14, 3] + [4] * 8
    with pytest.raises(ValueError, match="more often"):
        unseen_values(1, ["AS", "AS"])
    assert unseen_values(2, ["AS", "AS"])[1] == 6
    with pytest.raises(ValueError, match="not a card"):
        unseen_values(3, ["XX"])
    with pytest.raises(ValueError, match="packs"):
        unseen_values(0, [])


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"p5": 1.5}, "p5"),
        ({"p5": -0.1}, "p5"),
        ({"p5": float("nan")}, "p5"),
        ({"p5": "half"}, "p5"),
        ({"banker": ["4C", "4D"]}, "natural"),
        ({"banker": ["4C"]}, "two cards"),
        ({"banker": ["4C", "2D", "AH"]}, "two cards"),
        ({"banker": "4C2D"}, "two cards"),
        ({"banker": ["4C", "ZZ"]}, "not a card"),
        ({"right": SideInfo(-1)}, "right stake"),
        ({"left": SideInfo(True)}, "left stake"),
        ({"left": SideInfo(1, "1X")}, "not a card"),
        ({"right": (1, None)}, "SideInfo"),
        ({"unseen": [1, 2, 3]}, "ten counts"),
        ({"unseen": [1, 1, 1, 1, 0, 0, 0, 0, 0, 0]}, "at least 5"),
        ({"unseen": [-1] + [5] * 9}, "whole number"),
        ({"unseen": {10: 4, 0: 20}}, "0..9"),
        ({"unseen": "TH9C"}, "card codes"),
        # Only 3s unseen: a side that drew cannot hold 3+3 = 6.
        ({"unseen": {3: 9}}, "no concealed pairs"),
    ],
)
def test_bad_input(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {
        "unseen": unseen_values(3, ["4C", "2D", "5H"]),
        "banker": ["4C", "2D"],
        "right": SideInfo(1),
        "left": SideInfo(1, "5H"),
        "p5": 0.5,
    }
    args.update(kwargs)
    with pytest.raises(ValueError, match=message):
        advise(**args)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=message):
        reference_advise(**args)  # type: ignore[arg-type]


def test_random_situation_is_consistent() -> None:
    rng = random.Random(5)
    for _ in range(50):
        s = random_situation(rng, p5_choices=P5_CHOICES)
        assert 5 <= sum(s.unseen) <= 156 - 2
        assert len(s.banker) == 2
        assert s.right.drew == (s.right.third is not None)
        advise(s.unseen, s.banker, s.right, s.left, s.p5)  # never raises


def test_fast_enough() -> None:
    rng = random.Random(99)
    situations = [random_situation(rng) for _ in range(40)]
    start = time.perf_counter()
    for s in situations:
        clear_cache()
        advise(s.unseen, s.banker, s.right, s.left, s.p5)
    per_call = (time.perf_counter() - start) / len(situations)
    assert per_call < 0.010  # typically about 0.15 ms
