"""The as-dealt search's shortcuts never pass over an equilibrium, and its float
systems (written out for one and two unknowns) solve as the exact ones.

Where the right side mixes, a candidate is judged on its own move's game before the
other moves' games are solved (``dealt_nash._chosen_may_fit``): the banker's chances
at the chosen points must leave the left side indifferent where it mixes and its pure
choices best.  Whatever the other moves give, the full check then adds one equation
(the right side's indifference) and keeps the same conditions; so wherever some
such equation leads to chances that pass, the shortcut must say they may.

An irrational root reads the same whatever bracket found it (``dealt_nash._read``):
the middle of the cell 1e-50 wide that holds it.

Where the guide's chance of the right side is far from its equilibrium's, the chance
is located by the right side's own gain before the searches (``dealt_nash._located``);
a game's supports are sought only among the banker's points whose indifference can
fall inside the box of the left side's mixed chances."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from banque.study.dealt import DealtModel
from banque.study.dealt_game import DealtGame
from banque.study.dealt_nash import (
    ROOT_CELLS,
    ROOT_WIDTH,
    _after_a_left_natural,
    _chosen_may_fit,
    _located,
    _narrow,
    _read,
    _roots,
)
from banque.study.dealt_subgame import _changes_sign, solve_square, wider_search

Key = tuple[int, None]


def _passes(
    keys: list[Key],
    mixed: list[Key],
    x_here: dict[Key, Fraction | int],
    chosen: list[int],
    moves: dict[int, int],
    e: dict[Key, int],
    f: dict[Key, dict[int, int]],
    slopes: list[int],
    gap: int,
) -> bool:
    """The full check (as `_special` makes it) with a right side's row ``slopes . y = -gap``."""
    rows = []
    for k in mixed:
        const = e[k] + sum(v * moves[i] for i, v in f[k].items() if i not in chosen)
        rows.append([f[k].get(i, 0) for i in chosen] + [-const])
    rows.append([*slopes, -gap])
    ys = solve_square(rows)
    if ys is None or not all(0 <= v <= 1 for v in ys):
        return False
    y = {**moves, **dict(zip(chosen, ys, strict=True))}
    for k in keys:
        if k in mixed:
            continue
        g = e[k] + sum(v * y[i] for i, v in f[k].items())
        if (x_here[k] == 1 and g < 0) or (x_here[k] == 0 and g > 0):
            return False
    return True


def test_a_candidate_that_can_pass_is_never_pruned() -> None:
    rng = random.Random(22)
    pruned = kept = passed = 0
    for _ in range(1500):
        m = rng.choice((0, 1, 2))
        keys = [(c, None) for c in range(1, 5)]
        mixed = keys[:m]
        x_here = {
            k: (Fraction(rng.randint(1, 9), 10) if k in mixed else rng.randint(0, 1)) for k in keys
        }
        points = list(range(6))
        chosen = points[: m + 1]
        moves = {i: rng.randint(0, 1) for i in points if i not in chosen}
        e = {k: rng.randint(-6, 6) for k in keys}
        f = {k: {i: rng.randint(-5, 5) for i in points if rng.random() < 0.8} for k in keys}
        fits = _chosen_may_fit(keys, mixed, x_here, chosen, moves, e, f)
        # Right sides' rows: random ones.
        passing = any(
            _passes(keys, mixed, x_here, chosen, moves, e, f, slopes, gap)
            for slopes, gap in (
                ([rng.randint(-5, 5) for _ in chosen], rng.randint(-5, 5)) for _ in range(30)
            )
        )
        if passing:
            passed += 1
            assert fits
        if fits:
            kept += 1
        else:
            pruned += 1
    assert pruned > 150 and kept > 150 and passed > 50  # (every answer met)


def test_a_line_of_chances_that_fits_is_kept_exactly_at_its_end() -> None:
    """One chosen point, no mixed choice: the banker's chance there ``s`` must keep a
    pure choice that draws best (``2 - 4 s >= 0``): s <= 1/2 fits, an end included."""
    keys = [(1, None)]
    e = {(1, None): 2}
    f = {(1, None): {0: -4}}
    assert _chosen_may_fit(keys, [], {(1, None): 1}, [0], {}, e, f)
    # standing best needs 2 - 4 s <= 0: s >= 1/2, fits too; both ways at once would not
    assert _chosen_may_fit(keys, [], {(1, None): 0}, [0], {}, e, f)
    e2 = {(1, None): 5}  # 5 - 4 s > 0 on all of [0, 1]: standing never best
    assert not _chosen_may_fit(keys, [], {(1, None): 0}, [0], {}, e2, f)


def test_the_written_out_float_systems_solve_as_the_exact_ones() -> None:
    """One and two unknowns in floats (written out: the searches ask for tens of
    thousands) give the exact solution to rounding, and no answer when singular."""
    rng = random.Random(5)
    for _ in range(2000):
        n = rng.choice((1, 2, 3))
        rows = [[rng.randint(-9, 9) for _ in range(n + 1)] for _ in range(n)]
        exact = solve_square(rows)
        floats = solve_square(rows, False)
        if exact is None:
            assert floats is None
            continue
        assert floats is not None
        for x, y in zip(exact, floats, strict=True):
            assert abs(float(x) - y) <= 1e-9 * max(1.0, abs(float(x)))
    assert solve_square([[2, 4]], False) == [2.0]
    assert solve_square([[1, 2, 3], [2, 4, 6]], False) is None  # the same equation twice


def test_a_root_reads_the_same_whatever_bracket_found_it() -> None:
    """The root of t^2 - 2/9 (sqrt(2)/3, irrational) and of two other functions with the
    same root, each narrowed from a different bracket: one reading, the middle of the
    cell of width 1/ROOT_CELLS that holds the root."""
    target = Fraction(2, 9)

    def h1(t: Fraction | float, exact: bool) -> Fraction | float:
        return t * t - (target if exact else float(target))

    def h2(t: Fraction | float, exact: bool) -> Fraction | float:  # the same root, steeper
        return -5 * h1(t, exact) * (1 + t)

    def h3(t: Fraction | float, exact: bool) -> Fraction | float:  # and flatter, far from a line
        return h1(t, exact) ** 3 + h1(t, exact) / 1000

    readings = set()
    for h, (lo, hi) in ((h1, (0.0, 1.0)), (h2, (0.3, 0.9)), (h3, (0.1, 0.5)), (h1, (0.47, 0.48))):
        (t,) = _roots(h, lo, hi, steps=4)
        readings.add(t)
    # brackets of their own, off-centre, narrowed exactly
    for shift in (Fraction(1, 7), Fraction(5, 11), Fraction(-3, 13)):
        r0 = Fraction(4714045207910317, 10**16)  # sqrt(2)/3 to 16 digits
        a, b = r0 - Fraction(1, 10**12) + shift / 10**13, r0 + Fraction(1, 10**12) + shift / 10**14
        va, vb = h1(a, True), h1(b, True)
        assert (va > 0) != (vb > 0)
        a, b = _narrow(h1, a, b, va, vb)
        assert b - a <= ROOT_WIDTH
        readings.add(_read(h1, a, b, va))
    assert len(readings) == 1
    (t,) = readings
    # the middle of a cell: an odd number of half cells
    halves = t * 2 * ROOT_CELLS
    assert halves.denominator == 1 and halves.numerator % 2 == 1
    # the cell holds the root: t - half a cell < sqrt(2)/3 < t + half a cell
    half = Fraction(1, 2 * ROOT_CELLS)
    assert (t - half) ** 2 < target < (t + half) ** 2


def test_a_root_on_a_cells_edge_and_a_root_met_exactly() -> None:
    """A root on a cell's edge reads as that edge; a root a probe met, as itself."""
    edge = Fraction(123456789, ROOT_CELLS)

    def h(t: Fraction | float, exact: bool) -> Fraction | float:
        return t - (edge if exact else float(edge))

    a, b = edge - ROOT_WIDTH / 3, edge + ROOT_WIDTH / 2
    assert _read(h, a, b, h(a, True)) == edge
    third = Fraction(1, 3)
    assert _read(h, third, third, 0) == third


def test_a_point_changes_sign_in_the_box_exactly_where_a_corner_says_so() -> None:
    """``c + b . x`` over the open box of the mixed chances: negative somewhere and
    positive somewhere iff its least corner is below 0 and its greatest above (checked
    against every corner of random forms, the other chances set aside)."""
    rng = random.Random(11)
    keys = [(k, None) for k in range(1, 6)]
    for _ in range(2_000):
        mixed = rng.sample(keys, rng.randint(1, 3))
        b = {k: rng.randint(-5, 5) for k in keys if rng.random() < 0.7}
        c = rng.randint(-8, 8)
        corners = [
            c + sum(b.get(k, 0) * bit for k, bit in zip(mixed, bits, strict=True))
            for bits in itertools.product((0, 1), repeat=len(mixed))
        ]
        assert _changes_sign(c, b, mixed) == (min(corners) < 0 < max(corners))


@pytest.mark.sweep
def test_the_right_sides_chance_located_where_the_guide_is_far() -> None:
    """Sixteen packs, home rule, equal stakes: after a hundred rounds the guide reads the
    right side's 2+3 at 0.22, its equilibrium chance is 0.0029 -- beyond the 0.1 the
    searches look around the guide's.  Located by the right side's own gain, the
    search finds it, certified (best responses gain below 1e-50)."""
    game = DealtGame(DealtModel.for_packs(16, "all"), (1, 1))
    guide_r, _l, _y = game.guide(100)
    assert guide_r[(3, False)] > 0.2
    with wider_search():
        x_r, x_l, y = next(_located(game, 100))
    for k in game.left_keys:
        x_l.setdefault(k, 0)
    _edge, *gains = game.exploitability(x_r, x_l, y)
    assert all(g < Fraction(1, 10**50) for g in gains)
    assert f"{float(x_r[(3, False)]):.6f}" == "0.002937"
    assert {k: v for k, v in x_r.items() if k != (3, False)} == {
        (1, False): 1,
        (2, False): 1,
        (4, False): 1,
        (5, False): 1,
    }


@pytest.mark.sweep
def test_the_game_after_a_left_natural_solved_whole_where_the_guide_is_vague(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Nine packs, per-side, equal stakes: after eight rounds the guide leaves the right
    side's choices after a left natural too vague for the simple search (pure, or mixing
    at one choice); that game is then solved whole, its supports enumerated -- the same
    answer the simple search gives after a hundred rounds."""
    from banque.study import dealt_nash

    calls = []
    enumerate_supports = dealt_nash.subgame

    def counted(*args: object) -> object:
        calls.append(1)
        return enumerate_supports(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(dealt_nash, "subgame", counted)
    game = DealtGame(DealtModel.for_packs(9, "per-side"), (1, 1))
    guide_r, _l, guide_y = game.guide(8)
    whole = _after_a_left_natural(game, guide_r, guide_y)
    assert calls and whole is not None
    calls.clear()
    guide_r, _l, guide_y = game.guide(100)
    simple = _after_a_left_natural(game, guide_r, guide_y)
    assert not calls and simple is not None
    x_w, y_w = whole
    x_s, y_s = simple
    assert x_w == x_s
    assert {j: v for j, v in y_w.items() if v} == {j: v for j, v in y_s.items() if v}


@pytest.mark.sweep
def test_a_shoe_of_a_thousand_packs_is_solved() -> None:
    """A thousand packs, home rule, equal stakes (the largest shoe the commands take):
    the pairs at 5 differ by a card in 52,000, the guide settles slowly, and a game's
    supports lie far down its order; the equilibrium is found and certified, the right
    side mixing with 2+3 near an even chance."""
    from banque.study.dealt_nash import solve_dealt

    e = solve_dealt(DealtModel.for_packs(1000, "all"), (1, 1))
    assert e is not None
    assert all(g < Fraction(1, 10**50) for g in e.exploitability)
    assert f"{float(e.right[(3, False)]):.6f}" == "0.508611"
    assert {k: v for k, v in e.right.items() if k != (3, False)} == {
        (1, False): 1,
        (2, False): 1,
        (4, False): 1,
        (5, False): 1,
    }
