"""The banker's advisor under every house: each outcome worth what the banker's fund gains.

Small records stop at the banker's choice with short funds (classic's payment in
order, hoyle's rotation, a side settled by its natural, burnt cards, stakes
accepted).  Their advice is checked against an exact enumeration written here
from the rules' words, independently of the advisor: every concealed deal
consistent with what the banker knows (the shoe less every card it has seen),
each weighed by what the sides did, settled as the texts say -- the bank takes
the stakes it won, then pays the winners in order while its fund lasts.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from banque.core.cards import card_value, full_shoe
from banque.core.record import parse_record
from banque.games.banque.advisor import SideInfo, advise_exact, unseen_values
from banque.games.banque.game import Game
from banque.games.banque.players import banker_advice, banker_advice_exact, computer_table
from banque.games.banque.rules import PROFILES
from banque.games.records import replay
from banque.session.session import Session

FIVE = ["Ana", "Bruno", "Chloé", "David", "Emma"]
FOUR = ["Ana", "Bruno", "Chloé", "David"]
ROOT = Path(__file__).resolve().parents[3]

#: classic: Ana banks 10; Emma and Chloé outbid sit first right and left (precedence),
#: Bruno second right, David second left: stakes right 8 + 5 = 13, left 8 + 1 = 9.
CLASSIC_BETS: list[dict[str, Any]] = [
    {"act": "bid", "who": "Ana", "amount": 10},
    {"act": "pass", "who": "Bruno"},
    {"act": "bid", "who": "Chloé", "amount": 5},
    {"act": "pass", "who": "David"},
    {"act": "bid", "who": "Emma", "amount": 8},
    {"act": "wager", "who": "Emma", "amount": 8},
    {"act": "wager", "who": "Bruno", "amount": 5},
    {"act": "wager", "who": "David", "amount": 1},
    {"act": "wager", "who": "Chloé", "amount": 8},
]
#: hoyle: Ana banks 10; Bruno and David (right, 8 + 6), Chloé (left, 7) stake 21 in
#: all, beyond the fund, in rotation; the banker does not declare the stakes accepted.
HOYLE_BETS: list[dict[str, Any]] = [
    {"act": "bid", "who": "Ana", "amount": 10},
    {"act": "pass", "who": "Bruno"},
    {"act": "pass", "who": "Chloé"},
    {"act": "pass", "who": "David"},
    {"act": "wager", "who": "Bruno", "amount": 8},
    {"act": "wager", "who": "David", "amount": 6},
    {"act": "wager", "who": "Chloé", "amount": 7},
]


def record(
    rules: str, participants: list[str], shoe: list[str], actions: list[dict[str, Any]]
) -> dict[str, Any]:
    return {
        "format": "banque-record/1",
        "participants": participants,
        "seed": 7,
        "rules": rules,
        "shoe": shoe,
        "actions": actions,
    }


#: Each record stops at the banker's choice (the shoe's top, in the order dealt:
#: right, left, banker, right, left, banker, then the third cards).
RECORDS: dict[str, dict[str, Any]] = {
    # The example's coup: fund 10, stakes 13 and 9, the banker at 0, both sides stood.
    "classic in order": record(
        "classic", FIVE, ["7H", "6S", "KD", "KH", "KS", "QD"], [*CLASSIC_BETS, {"act": "deal"}]
    ),
    # The banker at 6 against two sides that stood: uncapped it should stand, capped draw.
    "classic at 6": record(
        "classic", FIVE, ["7H", "6S", "6D", "KH", "KS", "KD"], [*CLASSIC_BETS, {"act": "deal"}]
    ),
    # Right's natural 9 settles right (13 lost already); left drew to play on; fund 10.
    "classic per-side natural": record(
        "classic",
        FIVE,
        ["9C", "3H", "4D", "KC", "KH", "KD", "5S"],
        [*CLASSIC_BETS, {"act": "deal"}],
    ),
    # Three nines burnt (shown to all) before the shoe's first deal.
    "classic burnt": record(
        "classic",
        FIVE,
        ["9S", "9H", "9D", "7H", "6S", "6D", "KH", "KS", "KD"],
        [*CLASSIC_BETS, {"act": "burn", "count": 3}, {"act": "deal"}],
    ),
    # hoyle: paid in rotation as far as the fund goes; right drew a 9, left stood.
    "hoyle rotation": record(
        "hoyle", FOUR, ["2C", "7H", "4D", "KC", "KH", "KD", "9C"], [*HOYLE_BETS, {"act": "deal"}]
    ),
}


def game_of(data: dict[str, Any]) -> Game:
    result = replay(parse_record(data))
    assert result.error is None, result.error
    game = result.game
    assert isinstance(game, Game) and game.phase == "banker"
    return game


# ------------------------------------------------------------ the enumeration


def settle_as_written(game: Game, banker_right: int, banker_left: int) -> int:
    """The chips the banker's fund gains when the banker's results against right and
    left are these (+1 won, -1 lost, 0 tie): home pays every line in full; classic
    and hoyle take the stakes the bank won, then pay the winners, in order, while
    the fund lasts (a bet beyond that gets its stake back and nothing more)."""
    fund = game.fund
    start = fund
    owed = []
    for line in game.lines:
        player_net = -(line.right * banker_right + line.left * banker_left)
        if player_net <= 0:
            fund += -player_net  # the bank takes what it won
        else:
            owed.append(player_net)
    for net in owed:
        fund -= min(net, fund) if game.house.liability == "in-order" else net
    return fund - start


def enumerate_advice(game: Game, p5: Fraction = Fraction(1, 2)) -> tuple[Fraction, Fraction]:
    """(draw, stand): every concealed deal the banker's knowledge allows, exactly."""
    obs = game.observe(game.banker or "")
    counts = [0] * 10
    for card in full_shoe(game.packs):
        counts[card_value(card)] += 1
    known = [*obs.seen, *(c for m in ("right", "left", "banker") for c in obs.hands[m] if c)]
    for card in known:
        counts[card_value(card)] -= 1
    banker_total = sum(card_value(c) for c in obs.hands["banker"]) % 10

    def pair_weight(side: str, total: int) -> Fraction:
        drew = len(obs.hands[side]) == 3  # type: ignore[index]
        if total >= 8:
            return Fraction(0)  # a natural would have been shown
        if drew:
            return Fraction(1) if total <= 4 else (p5 if total == 5 else Fraction(0))
        return Fraction(1) if total in (6, 7) else (1 - p5 if total == 5 else Fraction(0))

    def result(banker: int, side: int) -> int:
        return (banker > side) - (banker < side)

    settled: dict[str, int] = {}
    for side in obs.settled:
        pair = sum(card_value(c) for c in obs.hands[side] if c) % 10
        settled[side] = result(banker_total, pair)
    concealed = [s for s in ("right", "left") if s not in settled]

    weight_sum = Fraction(0)
    stand_sum = Fraction(0)
    draw_sum = Fraction(0)

    def deal(i: int, weight: Fraction, finals: dict[str, int]) -> None:
        nonlocal weight_sum, stand_sum, draw_sum
        if i == len(concealed):
            weight_sum += weight
            res = {**settled}
            for s in concealed:
                res[s] = result(banker_total, finals[s])
            stand_sum += weight * settle_as_written(game, res["right"], res["left"])
            left = sum(counts)
            for e in range(10):
                if counts[e]:
                    drawn = (banker_total + e) % 10
                    for s in concealed:
                        res[s] = result(drawn, finals[s])
                    gain = settle_as_written(game, res["right"], res["left"])
                    draw_sum += weight * Fraction(counts[e], left) * gain
            return
        side = concealed[i]
        hand = obs.hands[side]  # type: ignore[index]
        for a in range(10):
            if not counts[a]:
                continue
            wa = counts[a]
            counts[a] -= 1
            for b in range(10):
                if counts[b]:
                    wb = counts[b]
                    w = pair_weight(side, (a + b) % 10)
                    if w:
                        counts[b] -= 1
                        final = (a + b + (card_value(hand[2]) if len(hand) == 3 else 0)) % 10
                        deal(i + 1, weight * wa * wb * w, {**finals, side: final})
                        counts[b] += 1
            counts[a] += 1

    deal(0, Fraction(1), {})
    return draw_sum / weight_sum, stand_sum / weight_sum


# ------------------------------------------------------------ the records


@pytest.mark.parametrize("name", list(RECORDS))
def test_advice_equals_the_enumeration(name: str) -> None:
    game = game_of(RECORDS[name])
    draw, stand = enumerate_advice(game)
    exact = banker_advice_exact(game.observe(game.banker or ""), Fraction(1, 2))
    assert (exact.draw, exact.stand) == (draw, stand)
    floats = banker_advice(game.observe(game.banker or ""))
    assert floats == pytest.approx((float(draw), float(stand)), abs=1e-12)


def test_standing_loses_exactly_the_fund() -> None:
    """The issue's figures: standing at 0 against 7 and 6 loses 13 + 9, but the bank
    pays in order only as far as its fund: it loses exactly 10."""
    game = game_of(RECORDS["classic in order"])
    assert (game.fund, game.stakes) == (10, {"right": 13, "left": 9})
    draw, stand = banker_advice(game.observe("Ana"))
    assert stand == -10
    assert -10 < draw < 0


def test_per_side_natural_counts_the_settled_side_against_the_fund() -> None:
    game = game_of(RECORDS["classic per-side natural"])
    assert game.settled == ("right",)
    draw, stand = banker_advice(game.observe("Ana"))
    # Right's 9 beat the banker's 4: 13 lost already; left's 9 is still to settle.  Every
    # outcome is a loss of at most the fund (10), so the figures are above the plain
    # sum of the stakes won and lost.
    unseen = unseen_values(3, ["9C", "KC", "4D", "KD", "5S"])
    plain = advise_exact(unseen, ["4D", "KD"], SideInfo(13, result=-1), SideInfo(9, "5S"))
    assert stand > -10 and draw > -10
    assert stand > plain.stand and draw > plain.draw


def test_burnt_cards_are_out_of_the_unseen() -> None:
    burnt = game_of(RECORDS["classic burnt"])
    plain = game_of(RECORDS["classic at 6"])
    assert burnt.seen_cards() == ("9S", "9H", "9D")
    assert banker_advice(burnt.observe("Ana")) != banker_advice(plain.observe("Ana"))


def test_computer_banker_chooses_by_the_fund_limit() -> None:
    """At 6 against two sides that stood, stakes 13 and 9: paying in full, standing
    is better; paying only as far as the fund of 10, drawing is."""
    game = game_of(RECORDS["classic at 6"])
    obs = game.observe("Ana")
    unseen = unseen_values(3, ["6D", "KD"])
    full = advise_exact(unseen, ["6D", "KD"], SideInfo(13), SideInfo(9))
    assert full.best == "stand"
    draw, stand = banker_advice(obs)
    assert draw > stand
    bots = computer_table(game, FIVE)
    assert bots["Ana"].decide(obs).act == "draw"


def test_hoyle_stakes_accepted_pays_in_full() -> None:
    """Once the stakes are accepted the banker holds every stake: nothing is cut."""
    data = json.loads((ROOT / "examples" / "hoyle-stakes-accepted.json").read_text())
    data["actions"] = data["actions"][:-1]
    game = game_of(data)
    assert game.fund >= sum(game.stakes.values())
    obs = game.observe(game.banker or "")
    draw, stand = enumerate_advice(game)
    exact = banker_advice_exact(obs, Fraction(1, 2))
    assert (exact.draw, exact.stand) == (draw, stand)


def test_advise_command_says_the_fund_limit(tmp_path: Path) -> None:
    data = json.loads((ROOT / "examples" / "classic-payment-in-order.json").read_text())
    data["actions"] = data["actions"][:-1]
    path = tmp_path / "short.json"
    path.write_text(json.dumps(data))
    run = subprocess.run(
        [sys.executable, "-m", "banque", "advise", str(path), "--json", "--lang", "en"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(run.stdout)["stand"] == -10
    run = subprocess.run(
        [sys.executable, "-m", "banque", "advise", str(path), "--lang", "en"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "at most 10 chips" in run.stdout
    assert "−10.0000" in run.stdout  # the program's one minus sign


# ------------------------------------------------------------ the settlement itself


@pytest.mark.parametrize("rules", ["classic", "hoyle", "home"])
def test_bank_gain_is_the_games_settlement(rules: str) -> None:
    """Over computer-played coups, every fund's change is the house's ``bank_gain``
    of the fund, the stakes and the results: the advisor's model is the game's."""
    game = Game(FIVE, seed=11, rules=rules, record=False, keep_log=False)  # type: ignore[arg-type]
    bots = computer_table(game, FIVE, styles=("bold",))
    checked = short = 0
    for _act in range(20000):
        if checked >= 150:
            break
        who = game.next_actor()
        before = len(game.coups)
        game.apply(bots[who].decide(game.observe(who)))
        for coup in game.coups[before:]:
            sign = {"player": -1, "banker": 1, "tie": 0}
            results = (sign[coup.results["right"]], sign[coup.results["left"]])
            stakes = (coup.stakes["right"], coup.stakes["left"])
            gain = PROFILES[rules].bank_gain(coup.fund_before, stakes, results)
            assert coup.fund_after - coup.fund_before == gain
            short += sum(stakes) > coup.fund_before
            checked += 1
    assert checked >= 50
    if rules != "home":
        assert short  # some coups staked beyond the fund


# ------------------------------------------------------------ the advisor alone


def enumerate_values(
    counts: list[int],
    banker: int,
    right: SideInfo,
    left: SideInfo,
    fund: int,
    p5: Fraction,
) -> tuple[Fraction, Fraction]:
    """(draw, stand) by plain nested loops over card values, the loss cut at ``fund``."""
    thirds = {
        s: (None if i.third is None else card_value(i.third))
        for s, i in (("r", right), ("l", left))
    }

    def weight(third: int | None, total: int) -> Fraction:
        if third is None:
            return Fraction(1) if total in (6, 7) else (1 - p5 if total == 5 else Fraction(0))
        return Fraction(1) if total <= 4 else (p5 if total == 5 else Fraction(0))

    def gain(b: int, fr: int, fl: int) -> Fraction:
        net = right.stake * ((b > fr) - (b < fr)) + left.stake * ((b > fl) - (b < fl))
        return Fraction(max(net, -fund))

    c = list(counts)
    total = stand = draw = Fraction(0)
    for a in range(10):
        for b in range(10):
            for x in range(10):
                for y in range(10):
                    ways = Fraction(1)
                    for v in (a, b, x, y):
                        ways *= c[v]
                        c[v] -= 1
                    w = ways * weight(thirds["r"], (a + b) % 10) * weight(thirds["l"], (x + y) % 10)
                    if w > 0:
                        fr = (a + b + (thirds["r"] or 0)) % 10
                        fl = (x + y + (thirds["l"] or 0)) % 10
                        total += w
                        stand += w * gain(banker, fr, fl)
                        rest = sum(c)
                        for e in range(10):
                            if c[e] > 0:
                                draw += w * Fraction(c[e], rest) * gain((banker + e) % 10, fr, fl)
                    for v in (a, b, x, y):
                        c[v] += 1
    return draw / total, stand / total


@pytest.mark.parametrize("seed", range(4))
def test_a_short_fund_by_plain_loops(seed: int) -> None:
    rng = random.Random(seed)
    counts = [rng.randint(0, 3) for _ in range(10)]
    counts[0] += 4
    right = SideInfo(rng.randint(1, 9), rng.choice([None, "2C", "5H", "KD"]))
    left = SideInfo(rng.randint(1, 9), rng.choice([None, "3S", "9D"]))
    fund = rng.randint(0, right.stake + left.stake - 1)  # type: ignore[operator]
    cards = ["2H", "KS"]  # the banker at 2
    p5 = Fraction(1, 3)
    draw, stand = enumerate_values(counts, 2, right, left, fund, p5)
    exact = advise_exact(counts, cards, right, left, p5, fund)
    assert (exact.draw, exact.stand) == (draw, stand)


def test_the_private_views_figures_are_the_fund_limited_ones() -> None:
    """The session hands the banker's private view the same figures, and the fund that
    limits them (only to the banker choosing)."""
    result = replay(parse_record(RECORDS["classic in order"]))
    session = Session.from_replay(result)
    advice = session.banker_advice("Ana")
    assert advice is not None and advice[1] == -10
    assert session.banker_fund_limit("Ana") == 10
    assert session.banker_fund_limit("Bruno") is None


@pytest.mark.parametrize(
    ("right", "left", "fund", "message"),
    [
        (SideInfo(5), SideInfo(5), -1, "fund must be >= 0"),
        (SideInfo(5, result=2), SideInfo(5), None, "settled result"),
        (SideInfo(5, "3C", result=1), SideInfo(5), None, "drew no third card"),
        (SideInfo(5, result=1), SideInfo(5, result=-1), None, "no choice"),
    ],
)
def test_impossible_houses_inputs_are_refused(
    right: SideInfo, left: SideInfo, fund: int | None, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        advise_exact(unseen_values(3), ["2H", "KS"], right, left, fund=fund)


def test_a_fund_that_covers_the_stakes_changes_nothing() -> None:
    unseen = unseen_values(3, ["2H", "KS", "4C"])
    right, left = SideInfo(6, "4C"), SideInfo(4)
    plain = advise_exact(unseen, ["2H", "KS"], right, left)
    assert advise_exact(unseen, ["2H", "KS"], right, left, fund=10) == plain
    assert advise_exact(unseen, ["2H", "KS"], right, left, fund=9) != plain
