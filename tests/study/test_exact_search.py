"""The exact searches under the solvers, against direct computation: one side's best
``q`` (a convex, piecewise-linear edge: its minimum found from the slopes) and the
narrowing of a root's bracket (false position, exactly)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from banque.study import one_chance
from banque.study.dealt_nash import ROOT_WIDTH, _narrow
from banque.study.edge import EdgeModel


def _lowest(
    fixed: tuple[int, int], pieces: list[tuple[int, int]]
) -> tuple[Fraction, Fraction, Fraction]:
    """Directly: ``alpha + beta q + sum max(0, a + b q)`` at 0, 1 and every root, its
    least value and the first and last place it is taken (the edge is convex)."""
    alpha, beta = fixed
    places = {Fraction(0), Fraction(1), *(Fraction(-a, b) for a, b in pieces)}

    def edge(q: Fraction) -> Fraction:
        return alpha + beta * q + sum((max(Fraction(0), a + b * q) for a, b in pieces), Fraction(0))

    values = {q: edge(q) for q in places}
    low = min(values.values())
    at = sorted(q for q, v in values.items() if v == low)
    return at[0], at[-1], low


def test_one_sides_best_q_is_the_direct_minimum(monkeypatch: pytest.MonkeyPatch) -> None:
    """3,000 made-up edges, with ties among the roots, flat minima and minima at 1."""
    model = EdgeModel.for_packs(1)
    scale = model.denominator * 2 * 2  # (q = 1/2: its denominator; stakes 1:1)
    share = model.naturals_share((1, 1))
    rng = random.Random(11)
    flat = at_one = 0
    for _ in range(3000):
        pieces = []
        for _ in range(rng.randint(0, 6)):
            p, b = rng.randint(1, 9), rng.choice([-3, -2, -1, 1, 2, 3]) * 10
            pieces.append((-b * p // 10, b))  # a root at p / 10, inside (0, 1)
        fixed = (rng.randint(-50, 50), rng.randint(-30, 30))
        monkeypatch.setattr(one_chance, "_edge_in_one_q", lambda *_a, f=fixed, p=pieces: ([f], p))
        low, high, edge = one_chance.best_q(model, (1, 1), "right", Fraction(1, 2))
        d_low, d_high, d_value = _lowest(fixed, pieces)
        assert (low, high, edge) == (d_low, d_high, d_value / scale + share)
        flat += low != high
        at_one += low == 1
    assert flat > 50 and at_one > 50  # (both cases met)


def test_best_q_on_a_shoe_is_no_worse_than_any_other_q() -> None:
    model = EdgeModel.for_packs(2, "per-side")
    for other in (Fraction(0), Fraction(1, 3), Fraction(4, 5)):
        low, high, edge = one_chance.best_q(model, (2, 1), "left", other)
        assert edge == model.edge((2, 1), (other, low), "best").total
        assert edge == model.edge((2, 1), (other, high), "best").total
        for i in range(21):
            assert model.edge((2, 1), (other, Fraction(i, 20)), "best").total >= edge


def test_a_root_is_narrowed_exactly_in_a_few_values() -> None:
    calls = []

    def h(t: Fraction, exact: bool) -> Fraction:
        calls.append(t)
        return t * t - 2

    a, b = _narrow(h, Fraction(14, 10), Fraction(15, 10), Fraction(-4, 100), Fraction(25, 100))
    assert a * a < 2 < b * b and b - a <= ROOT_WIDTH
    assert len(calls) <= 12  # (a hundred and sixty halvings would be needed)


def test_a_change_of_sign_through_a_pole_is_narrowed_too() -> None:
    pole = Fraction(1, 3)

    def h(t: Fraction, exact: bool) -> Fraction | None:
        return None if t == pole else 1 / (pole - t)

    a, b = _narrow(h, Fraction(0), Fraction(1), Fraction(3), Fraction(-3, 2))
    assert a <= pole <= b and b - a <= ROOT_WIDTH
