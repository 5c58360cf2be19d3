"""Chemin de fer solved (banque.study.chemin_solver), checked against the literature and
against an independent best-response count.

Sources: S. N. Ethier and C. Gámez, "A game-theoretic analysis of baccara chemin de
fer", Games 4 (2013) 711-737, arXiv 1305.5468 (Models A1, B2, B3; Kemeny & Snell's
1957 solution of Model A1 quoted there); S. N. Ethier and J. Lee, "A game-theoretic
analysis of baccara chemin de fer, II", Games 14 (2023) 63, arXiv 2308.00118 (the
commission on Banker's wins, Nash equilibria).
"""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction

import pytest

from banque.study.chemin_solver import (
    FIVES,
    Equilibrium,
    Model,
    choice_json,
    exploitability,
    format_choice,
    format_strategy,
    solve,
)

ALPHA = Fraction(1, 20)


def banque(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "banque", *args], capture_output=True, text=True, timeout=120
    )


# ------------------------------------------------------------ an independent count


def _result(punter: int, banker: int) -> tuple[int, int]:
    """(the punter's net win, whether the banker wins), written out again here."""
    if punter > banker:
        return 1, 0
    if punter < banker:
        return -1, 1
    return 0, 0


def independent_best_responses(e: Equilibrium) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    """(punter's value, its best response's, banker's value, its best response's) for the
    profile ``e``, counted over every ordered deal of values (punter, banker, punter,
    banker, then the third cards), each card taken out of the shoe as it is dealt, the
    rules applied as the table applies them -- none of the module's tables or sweep."""
    m = e.model
    n0 = list(m.counts)
    total = sum(n0)
    keys = {(j.hand, j.third): y for j, y in zip(e.tables.infosets, e.banker_draw, strict=True)}
    holds = FIVES if m.punter_pair else ((5,),)
    p = dict(zip(holds, e.punter_draw, strict=True))
    # acc[(key, reach)] = [punter's win standing, drawing; banker's wins standing, drawing],
    # whole numbers over the deals of six cards
    acc: dict[tuple[object, object], list[int]] = {}
    nat_s = nat_l = 0

    def take(n: list[int], v: int) -> tuple[int, list[int]]:
        count = n[v]
        if m.replacement:
            return count, n
        out = list(n)
        out[v] -= 1
        return count, out

    left4, left5 = (total, total) if m.replacement else (total - 4, total - 5)
    six = (
        total**6
        if m.replacement
        else total * (total - 1) * (total - 2) * (total - 3) * left4 * left5
    )
    for a in range(10):
        wa, n1 = take(n0, a)
        for c in range(10):
            wc, n2 = take(n1, c)
            for b in range(10):
                wb, n3 = take(n2, b)
                for d in range(10):
                    wd, n4 = take(n3, d)
                    w = wa * wc * wb * wd
                    if not w:
                        continue
                    pt, bt = (a + b) % 10, (c + d) % 10
                    if pt >= 8 or bt >= 8:
                        s, won = _result(pt, bt)
                        nat_s += w * left4 * left5 * s
                        nat_l += w * left4 * left5 * won
                        continue
                    hand = (min(c, d), max(c, d)) if m.banker_pair else bt
                    hold = (min(a, b), max(a, b)) if m.punter_pair else (5,)
                    branches: list[tuple[object, int | None]] = []
                    if pt <= 4:
                        branches = [("forced", f) for f in range(10)]
                    elif pt >= 6:
                        branches = [("forced", None)]
                    else:
                        branches = [(("draw", hold), f) for f in range(10)]
                        branches.append((("stand", hold), None))
                    for reach, f in branches:
                        if f is None:  # the banker's card would be the fifth
                            n5, p3, stands, draws = n4, pt, w * left4 * left5, w * left5
                        else:
                            wf, n5 = take(n4, f)
                            if not wf:
                                continue
                            p3, stands, draws = (pt + f) % 10, w * wf * left5, w * wf
                        s_stand, l_stand = _result(p3, bt)
                        draw_s = draw_l = 0
                        for g in range(10):
                            s, won = _result(p3, (bt + g) % 10)
                            draw_s += n5[g] * s
                            draw_l += n5[g] * won
                        row = acc.setdefault(((hand, f), reach), [0, 0, 0, 0])
                        row[0] += stands * s_stand
                        row[1] += draws * draw_s
                        row[2] += stands * l_stand
                        row[3] += draws * draw_l

    def reach_chance(reach: object, chances: dict[object, Fraction]) -> Fraction:
        if reach == "forced":
            return Fraction(1)
        how, hold = reach  # type: ignore[misc]
        return chances[hold] if how == "draw" else 1 - chances[hold]

    def values(
        chances: dict[object, Fraction], ys: dict[object, Fraction]
    ) -> tuple[Fraction, Fraction]:
        s_sum, l_sum = Fraction(nat_s), Fraction(nat_l)
        for (key, reach), (ss, sd, ls, ld) in acc.items():
            r, y = reach_chance(reach, chances), ys[key]
            s_sum += r * ((1 - y) * ss + y * sd)
            l_sum += r * ((1 - y) * ls + y * ld)
        return s_sum / six, (-s_sum - e.commission * l_sum) / six

    punter, banker = values(p, keys)  # type: ignore[arg-type]
    # the punter's best response to the banker's strategy: each holding at 5 for itself
    best_p = {}
    for h in holds:
        draw, stand = dict(p), dict(p)
        draw[h], stand[h] = Fraction(1), Fraction(0)
        best_p[h] = Fraction(1) if values(draw, keys)[0] > values(stand, keys)[0] else Fraction(0)  # type: ignore[arg-type]
    punter_best = values(best_p, keys)[0]  # type: ignore[arg-type]
    # the banker's best response to the punter's: each information set for itself
    gain: dict[object, Fraction] = {}
    for (key, reach), (ss, sd, ls, ld) in acc.items():
        r = reach_chance(reach, p)  # type: ignore[arg-type]
        gain[key] = gain.get(key, Fraction(0)) + r * (-(sd - ss) - e.commission * (ld - ls))
    best_y = {key: Fraction(1) if g > 0 else Fraction(0) for key, g in gain.items()}
    banker_best = values(p, best_y)[1]  # type: ignore[arg-type]
    return punter, punter_best, banker, banker_best


def assert_unexploitable(e: Equilibrium) -> None:
    punter, punter_best, banker, banker_best = independent_best_responses(e)
    assert punter == e.punter_value and banker == e.banker_value
    assert punter_best == punter, "the punter gains by deviating"
    assert banker_best == banker, "the banker gains by deviating"
    assert exploitability(e) == (0, 0)


# ------------------------------------------------------------ the published figures


def test_kemeny_snell_published_solution() -> None:
    """Model A1 (with replacement, each sees its total): Kemeny & Snell (1957), as quoted by
    Ethier & Gámez (2013, Introduction and Section 2): Player draws at 5 with probability
    9/11 and the value of the game to Banker is 679568/53094899 (about 1.2799 %)."""
    e = solve(Model.kemeny_snell())
    assert e.punter_draw == (Fraction(9, 11),)
    assert e.banker_value == Fraction(679568, 53094899)
    assert e.punter_value == -e.banker_value
    assert e.unique_p


def test_kemeny_snell_is_unexploitable_by_an_independent_best_response() -> None:
    assert_unexploitable(solve(Model.kemeny_snell()))


def test_one_pack_models_are_unexploitable_by_an_independent_best_response() -> None:
    """Models B2 (Downton & Lockwood 1975; Ethier & Gámez 2013, Section 4) and B3 (Ethier &
    Gámez 2013, Section 5) at d = 1."""
    assert_unexploitable(solve(Model.downton_lockwood(1)))
    assert_unexploitable(solve(Model.ethier_gamez(1)))


def test_the_commission_equilibria_are_unexploitable() -> None:
    """Ethier & Lee (2023): 5 % commission on Banker's wins, Models A1, B2 (d = 1), B3 (d = 1):
    neither player gains by deviating (a Nash equilibrium of the bimatrix game)."""
    for model in (Model.kemeny_snell(), Model.downton_lockwood(1), Model.ethier_gamez(1)):
        assert_unexploitable(solve(model, ALPHA))


@pytest.mark.sweep
@pytest.mark.parametrize("packs", [2, 6, 8])
def test_many_packs_are_unexploitable(packs: int) -> None:
    for model in (Model.downton_lockwood(packs), Model.ethier_gamez(packs)):
        assert_unexploitable(solve(model))
        assert_unexploitable(solve(model, ALPHA))


def test_downton_lockwood_has_one_solution_for_one_to_eight_packs_and_beyond() -> None:
    """Model B2 is solved for every d (Ethier & Gámez 2013, Theorem 1: a unique p for d = 1 to 8
    and beyond); the punter draws at 5 more often as the shoe grows, towards Kemeny & Snell's."""
    previous = Fraction(0)
    for packs in (*range(1, 9), 20, 100):
        e = solve(Model.downton_lockwood(packs))
        assert e.unique_p and exploitability(e) == (0, 0)
        (x,) = e.punter_draw
        assert previous < x < 1
        previous = x
    assert abs(previous - Fraction(9, 11)) < Fraction(1, 100)


def test_six_packs_figures() -> None:
    """d = 6, the casino shoe.  Model B2: the punter draws at 5 with chance 477191/592524
    (0.8054) and the banker, holding 0+6 when the punter stood, draws with chance
    77143741/121269912; Model B3 (Ethier & Gámez 2013, Section 5): the punter draws with
    0+5, 6+9 and 7+8, stands with 2+3 and mixes with 1+4 only; seeing its pair is worth
    a little to the punter (the banker's edge falls from 1.2937 % to 1.2841 %)."""
    b2 = solve(Model.downton_lockwood(6))
    assert b2.punter_draw == (Fraction(477191, 592524),)
    assert b2.banker_value == Fraction(974653793197999, 75340147272374985)
    b3 = solve(Model.ethier_gamez(6))
    pattern = dict(zip(FIVES, b3.punter_draw, strict=True))
    assert pattern[(0, 5)] == pattern[(6, 9)] == pattern[(7, 8)] == 1
    assert pattern[(2, 3)] == 0
    assert pattern[(1, 4)] == Fraction(35003, 74880)
    assert b3.banker_value == Fraction(73356216203119, 5712649844821920)
    assert b3.banker_value < b2.banker_value


def test_the_commission_moves_the_punter_not_its_expectation() -> None:
    """Ethier & Lee (2023): with the commission the banker's mixing, set by the punter's
    indifference, is unchanged, and so is the punter's expectation; the punter draws at 5
    more often (the banker, keeping less of its wins, must be kept indifferent)."""
    for model in (Model.kemeny_snell(), Model.downton_lockwood(6)):
        zero, five = solve(model), solve(model, ALPHA)
        assert five.punter_value == zero.punter_value
        assert five.banker_draw == zero.banker_draw
        assert five.punter_draw[0] > zero.punter_draw[0]
        assert (
            five.banker_value > -five.punter_value - ALPHA
        )  # the commission's cost, less than 5 %


def test_the_reports_say_the_figures() -> None:
    text = format_choice(1, True)
    assert "Kemeny & Snell (1957)" in text and "9/11" in text and "679568/53094899" in text
    assert "0 (checked exactly)" in text
    both = format_choice(6, False)
    assert "Downton & Lockwood (1975)" in both and "Ethier & Gámez (2013)" in both
    table = format_strategy(6, False)
    assert "6 (0+6)" in table and ".64" in table
    data = choice_json(1, True)
    (ks,) = data["models"]
    assert ks["punter_draws_at_5"]["fraction"] == "9/11"
    assert ks["banker_value"]["fraction"] == "679568/53094899"
    assert ks["exploitability"] == {"punter": "0", "banker": "0"}


@pytest.mark.subprocess
def test_the_commands() -> None:
    out = banque("choice", "--game", "chemin-de-fer", "--replacement", "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["models"][0]["punter_draws_at_5"]["fraction"] == "9/11"
    out = banque("strategy", "--game", "chemin-de-fer", "--packs", "2", "--json")
    models = json.loads(out.stdout)["models"]
    assert [m["model"] for m in models] == ["downton-lockwood", "ethier-gamez"]
    assert len(models[0]["banker_table"]) == 484
    out = banque("--lang", "fr", "choice", "--game", "chemin-de-fer", "--commission")
    assert out.returncode == 0 and "(Ethier et Lee, 2023)" in out.stdout
    bad = banque("choice", "--game", "chemin-de-fer", "--stakes", "2:1")
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "--stakes" in bad.stderr
    bad = banque("strategy", "--game", "chemin-de-fer", "--commission", "20")
    assert bad.returncode == 2 and "0 to 10 %" in bad.stderr and "Traceback" not in bad.stderr
