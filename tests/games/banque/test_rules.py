"""Every rule of the home profile (issue 2, "The rules"), each with a test.

The shoe is stacked where a coup needs known cards: the deal goes right,
left, banker, twice; then the third cards in the order they are drawn
(right, left, banker).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from banque.core.cards import ONE_PACK, RANKS, card_value, full_shoe, hand_total, is_natural
from banque.core.errors import IllegalAction
from banque.games.banque.game import Game

NAMES = ["Ana", "Bruno", "Chloé", "Dario", "Emma", "Félix", "Gaby", "Hugo", "Inès", "Jules", "Kim"]


def deal_cards(right, left, banker, *draws):
    """A coup's cards in shoe order: right, left, banker, twice; then the draws."""
    return [right[0], left[0], banker[0], right[1], left[1], banker[1], *draws]


def pair(total: int, suits: str = "CD") -> list[str]:
    """Two cards worth ``total`` (a ten-valued card and one of ``total``)."""
    return ["T" + suits[0], ("K" if total == 0 else RANKS[total - 1]) + suits[1]]


def table(
    n: int = 3,
    *,
    fund: int = 10,
    banker: str = "Ana",
    seed: int = 0,
    shoe=(),
    right=None,
    left=None,
) -> Game:
    """A game whose auction is over: ``banker`` holds a bank of ``fund``."""
    g = Game(NAMES[:n], seed=seed, shoe=shoe)
    g.bid(banker, fund)
    for p in g.participants:
        if p != banker:
            g.pass_bid(p)
    if right is not None:
        g.seat(right, left)
    return g


# ---------------------------------------------------------------- participants


@pytest.mark.parametrize("n", [3, 4, 7, 11])
def test_three_to_eleven_participants_start_with_100_chips(n: int) -> None:
    g = Game(NAMES[:n])
    assert g.participants == NAMES[:n]
    assert g.balances == dict.fromkeys(NAMES[:n], 100)
    assert g.total_chips() == 100 * n


@pytest.mark.parametrize("n", [0, 1, 2, 12, 15])
def test_fewer_than_three_or_more_than_eleven_are_refused(n: int) -> None:
    names = [f"P{i}" for i in range(n)]
    with pytest.raises(IllegalAction, match="3 to 11 participants"):
        Game(names)


@pytest.mark.parametrize("names", [["Ana", "Bruno", "Ana"], ["Ana", "Bruno", "ana"]])
def test_participant_names_are_unique(names: list[str]) -> None:
    with pytest.raises(IllegalAction, match="every name must be different"):
        Game(names)


def test_participants_need_names() -> None:
    with pytest.raises(IllegalAction, match="name"):
        Game(["Ana", "", "Chloé"])
    with pytest.raises(IllegalAction, match="too long"):
        Game(["Ana", "B" * 21, "Chloé"])


@pytest.mark.parametrize("name", ["Bru\nno", "Bru\tno", "Br\x1b[2Juno"])
def test_names_hold_no_control_characters(name: str) -> None:
    with pytest.raises(IllegalAction, match="control character"):
        Game(["Ana", name, "Chloé"])


def test_names_are_trimmed_and_may_hold_any_letters() -> None:
    g = Game([" Ana ", "Chloé", "José María"])
    assert g.participants == ["Ana", "Chloé", "José María"]


# ---------------------------------------------------------------- cards


def test_three_packs_156_cards_no_jokers() -> None:
    shoe = full_shoe()
    assert len(shoe) == 156
    counts = Counter(shoe)
    assert set(counts) == set(ONE_PACK) and len(ONE_PACK) == 52
    assert set(counts.values()) == {3}
    assert all(c[0] in "A23456789TJQK" and c[1] in "CDHS" for c in shoe)


def test_the_shoe_of_a_bank_holds_the_three_packs() -> None:
    g = table()
    assert g.cards_left == 156
    g.deal()
    bank_shoe = g.shoe_order
    assert len(bank_shoe) == 156
    assert Counter(bank_shoe) == Counter(full_shoe())


@pytest.mark.parametrize(
    ("rank", "value"),
    [("A", 1), *[(str(v), v) for v in range(2, 10)], ("T", 0), ("J", 0), ("Q", 0), ("K", 0)],
)
def test_card_values(rank: str, value: int) -> None:
    assert card_value(rank) == value
    for suit in "CDHS":
        assert card_value(rank + suit) == value


def test_a_hand_is_worth_the_last_digit_of_its_sum() -> None:
    assert hand_total(["9C", "4C"]) == 3
    assert hand_total(["9C", "4C", "4D"]) == 7
    assert hand_total(["KC", "QD", "JH"]) == 0
    assert hand_total(["9C", "9D", "9H"]) == 7
    assert hand_total(["AC", "TD"]) == 1
    assert is_natural(["4C", "4D"]) and is_natural(["KC", "9D"])
    assert not is_natural(["4C", "4D", "KH"])  # three cards are never a natural
    assert not is_natural(["4C", "3D"])


def test_the_engine_counts_hands_the_same_way() -> None:
    g = table(shoe=deal_cards(["9C", "4C"], ["7H", "6D"], ["2S", "3C"], "4D", "2H"))
    g.wager("Bruno", 5)
    g.deal()
    g.stand("banker")
    assert g.coups[-1].totals == {"right": 7, "left": 5, "banker": 5}


# ---------------------------------------------------------------- the auction


def test_the_highest_bid_becomes_banker_and_moves_into_the_bank() -> None:
    g = Game(NAMES[:4])
    g.bid("Ana", 20)
    g.bid("Bruno", 35)
    g.pass_bid("Chloé")
    assert g.phase == "auction"  # Dario has not spoken yet
    g.bid("Dario", 10)
    assert g.phase == "betting"
    assert g.banker == "Bruno" and g.fund == 35
    # capital at risk, not a fee: only the banker's chips move, into the fund
    assert g.balances == {"Ana": 100, "Bruno": 65, "Chloé": 100, "Dario": 100}
    assert g.total_chips() == 400


def test_a_bid_may_be_the_whole_balance() -> None:
    g = table(fund=100)
    assert g.fund == 100 and g.balances["Ana"] == 0


def test_nobody_bidding_opens_the_auction_again() -> None:
    g = Game(NAMES[:3])
    for p in NAMES[:3]:
        g.pass_bid(p)
    assert g.phase == "auction" and g.banker is None
    assert g.turn().actors == NAMES[:3]
    g.bid("Chloé", 5)
    g.pass_bid("Ana")
    g.pass_bid("Bruno")
    assert g.banker == "Chloé"


def _lot(seed: int) -> str:
    g = Game(NAMES[:4], seed=seed)
    g.bid("Ana", 30)
    g.bid("Bruno", 30)
    g.bid("Chloé", 12)
    g.bid("Dario", 30)
    assert g.phase == "betting"
    return g.banker  # type: ignore[return-value]


def test_equal_highest_bids_are_settled_by_a_seeded_lot() -> None:
    winners = {seed: _lot(seed) for seed in range(40)}
    # same seed, same lot
    assert all(_lot(seed) == w for seed, w in list(winners.items())[:10])
    # only the equal highest bidders take part, and each of them can win
    assert set(winners.values()) == {"Ana", "Bruno", "Dario"}


def test_the_lot_is_recorded_in_the_log_and_the_bank() -> None:
    g = Game(NAMES[:3], seed=3)
    g.bid("Ana", 10)
    g.bid("Bruno", 10)
    g.pass_bid("Chloé")
    assert any(e.kind == "lot" and g.banker in e.text for e in g.log)
    g.deal()
    assert g.banks[-1].bids == {"Ana": 10, "Bruno": 10}
    assert g.banks[-1].banker == g.banker


# ---------------------------------------------------------------- seating


def test_default_seating_alternates_right_and_left_outward() -> None:
    g = table(6, banker="Chloé")
    assert g.sides == {"right": ["Ana", "Dario", "Félix"], "left": ["Bruno", "Emma"]}
    # table order: the right side outward, then the left from its far end back
    assert g.order == ["Ana", "Dario", "Félix", "Emma", "Bruno"]


def test_default_seating_with_three_participants() -> None:
    g = table(3)
    assert g.sides == {"right": ["Bruno"], "left": ["Chloé"]}
    assert g.order == ["Bruno", "Chloé"]


def test_a_seating_can_be_given_each_side_from_the_banker_outward() -> None:
    g = table(5, right=["Emma"], left=["Bruno", "Dario", "Chloé"])
    assert g.sides == {"right": ["Emma"], "left": ["Bruno", "Dario", "Chloé"]}
    assert g.order == ["Emma", "Chloé", "Dario", "Bruno"]
    assert g.active == {"right": "Emma", "left": "Bruno"}


def test_wagers_are_taken_in_table_order() -> None:
    g = table(5, right=["Bruno", "Chloé"], left=["Dario", "Emma"])
    seen = []
    while g.turn().max_stake is not None:
        who = g.turn().actors[0]
        seen.append(who)
        g.pass_turn(who)
    assert seen == ["Bruno", "Chloé", "Emma", "Dario"]
    assert g.turn().actors == ["Ana"] and "deal" in g.turn().acts


# ---------------------------------------------------------------- shuffle and cut


def _shoe(seed: int, **kw) -> list[str]:
    g = table(4, seed=seed)
    if kw:
        g.shuffle(**kw)
    else:
        g.deal()
    return list(g.shoe_order)


def test_the_shuffle_is_seeded_and_deterministic() -> None:
    assert _shoe(1) == _shoe(1)
    assert _shoe(1) != _shoe(2)
    assert _shoe(5, shufflers=["Bruno"], cut="Chloé") == _shoe(5, shufflers=["Bruno"], cut="Chloé")


def test_the_shoes_order_is_recorded_in_the_banks_summary() -> None:
    g = table(4, seed=8)
    g.shuffle(["Bruno"], cut="Chloé")
    bank = g.report().banks[-1]
    assert bank.shoe == g.shoe_order and len(bank.shoe) == 156
    # and the seed gives it back: the record replays the same shoe
    again = table(4, seed=8)
    again.shuffle(["Bruno"], cut="Chloé")
    assert again.report().banks[-1].shoe == bank.shoe
    # the table's views never carry it
    assert "banks" not in g.view().model_dump()


def test_the_game_never_uses_the_module_level_random(monkeypatch) -> None:
    def boom(*args, **kwargs):
        raise AssertionError("the module-level random was used")

    for name in ("random", "shuffle", "randint", "randrange", "choice", "sample", "seed"):
        monkeypatch.setattr(random, name, boom)
    g = Game(NAMES[:4], seed=9)
    g.bid("Ana", 10)
    g.bid("Bruno", 10)  # a lot
    g.pass_bid("Chloé")
    g.pass_bid("Dario")
    g.shuffle(["Chloé"], cut="Dario")
    g.deal()
    assert g.coups or g.phase in ("right", "left", "banker")


def test_others_shuffle_the_banker_last_and_a_chosen_participant_cuts() -> None:
    g = table(4)
    g.shuffle(["Chloé", "Ana", "Bruno"], cut="Dario")
    bank = g.banks[-1]
    assert bank.shufflers == ["Chloé", "Bruno", "Ana"]  # the banker last, once
    assert bank.cut_by == "Dario"
    assert 1 <= bank.cut_at < 156
    assert g.cards_left == 156
    assert any(e.kind == "shuffle" and "Dario cuts" in e.text for e in g.log)


def test_different_shufflers_give_a_different_but_recorded_shoe() -> None:
    a = _shoe(4, shufflers=[], cut="Bruno")
    b = _shoe(4, shufflers=["Bruno", "Chloé"], cut="Bruno")
    assert a != b and Counter(a) == Counter(b)


def test_a_stacked_shoe_is_the_top_of_the_first_shoe() -> None:
    top = ["9C", "7H", "2S", "4C", "6D", "3C", "4D", "2H"]
    g = table(shoe=top)
    g.deal()
    assert g.shoe_order[:8] == top
    assert Counter(g.shoe_order) == Counter(full_shoe())


# ---------------------------------------------------------------- wagers and coverage


def test_an_ordinary_wager_backs_the_wagerers_own_side() -> None:
    g = table(5)  # right Bruno, Dario; left Chloé, Emma
    g.wager("Bruno", 3)
    g.wager("Dario", 4)
    g.wager("Emma", 2)
    assert g.stakes == {"right": 7, "left": 2}
    assert g.balances["Bruno"] == 97 and g.balances["Emma"] == 98


def test_a_cheval_splits_the_wager_equally_between_the_sides() -> None:
    g = table(fund=20)
    g.wager("Bruno", 6, a_cheval=True)
    assert g.stakes == {"right": 3, "left": 3}
    assert g.balances["Bruno"] == 94
    assert g.view().seats[0].kind == "a_cheval"


def test_each_participant_wagers_at_most_once_a_coup_and_skipped_seats_pass() -> None:
    g = table(5)
    g.wager("Dario", 2)  # Bruno, before him, lets his turn go
    assert not g.can_wager("Bruno", 1)
    assert not g.can_wager("Dario", 1)
    assert g.turn().actors[0] == "Emma"


def test_a_wager_beyond_the_remaining_cover_is_reduced_to_it() -> None:
    g = table(5, fund=10)
    g.wager("Bruno", 7)
    assert g.max_stake("Dario") == 3 and g.turn().max_stake == 3
    events = g.wager("Dario", 9)
    assert g.stakes == {"right": 10, "left": 0}
    assert g.balances["Dario"] == 97  # only the accepted 3 left the balance
    assert "reduced" in events[-1].text and "3" in events[-1].text
    assert g.cover_left() == 0


def test_an_a_cheval_wager_is_reduced_to_an_even_cover() -> None:
    g = table(5, fund=10)
    g.wager("Bruno", 5)
    g.wager("Dario", 8, a_cheval=True)  # 5 of cover left: 4 accepted
    assert g.stakes == {"right": 7, "left": 2}
    assert g.balances["Dario"] == 96
    assert g.turn().max_a_cheval == 0 and g.turn().max_stake == 1


def test_with_no_cover_left_a_wager_is_refused() -> None:
    g = table(5, fund=4)
    g.wager("Bruno", 4)
    assert g.turn().max_stake == 0
    with pytest.raises(IllegalAction, match="covered"):
        g.wager("Dario", 1)
    g.pass_turn("Dario")
    assert g.staked() == g.fund == 4


def test_accepted_stakes_never_exceed_the_fund_so_the_bank_can_pay_both_sides() -> None:
    # both sides win: the bank pays everything, no proportional short payment
    shoe = deal_cards(pair(7, "CD"), pair(6, "HS"), pair(0, "SH"), "KC")
    g = table(5, fund=10, shoe=shoe)
    g.wager("Bruno", 6)
    g.wager("Dario", 6)  # reduced to 4
    with pytest.raises(IllegalAction, match="covered"):  # no cover left: refused
        g.wager("Emma", 9)
    g.deal()
    g.draw("banker")
    assert g.coups[-1].results == {"right": "player", "left": "player"}
    assert g.balances["Bruno"] == 106 and g.balances["Dario"] == 104
    assert g.fund == 0 and g.ended is not None and g.ended.reason == "bankrupt"


def test_a_wager_never_exceeds_the_wagerers_balance() -> None:
    g = table(fund=100, banker="Bruno")  # Ana right, Chloé left
    assert g.max_stake("Ana") == 100
    with pytest.raises(IllegalAction, match="balance"):
        g.wager("Ana", 101)


# ---------------------------------------------------------------- banco


PAUSE = deal_cards(pair(6), pair(7, "HS"), pair(3, "SH"))  # both sides stand: banker to play


def banco_lines(g: Game) -> list[tuple[str, int, int]]:
    """The stakes taken this coup, as the table shows them."""
    return [(s.name, s.stake_right, s.stake_left) for s in g.view().seats if s.kind == "banco"]


def test_banco_by_one_claimant_covers_the_whole_fund_and_excludes_wagers() -> None:
    g = table(5, fund=30, shoe=PAUSE)
    g.banco("Dario")
    assert g.max_stake("Emma") == 0
    assert "wager" not in g.turn().acts and "banco" in g.turn().acts
    with pytest.raises(IllegalAction, match="banco"):
        g.wager("Emma", 5)
    g.deal()
    assert banco_lines(g) == [("Dario", 30, 0)]
    assert g.stakes == {"right": 30, "left": 0}
    assert g.balances["Dario"] == 70
    g.stand("banker")
    assert g.coups[-1].results["right"] == "player" and g.fund == 0


def test_banco_priority_on_one_side_goes_to_the_earlier_position() -> None:
    g = table(5, fund=30, shoe=PAUSE)  # order Bruno, Dario, Emma, Chloé
    g.banco("Bruno")
    g.banco("Dario")
    events = g.deal()
    assert banco_lines(g) == [("Bruno", 30, 0)]
    assert g.balances["Dario"] == 100
    assert any("Dario gave way by priority" in e.text for e in events)


@pytest.mark.parametrize(("fund", "first", "second"), [(31, 16, 15), (30, 15, 15), (3, 2, 1)])
def test_banco_from_both_sides_splits_the_fund_the_earlier_takes_the_odd_chip(
    fund: int, first: int, second: int
) -> None:
    g = table(5, fund=fund, shoe=PAUSE)  # order Bruno (R), Dario (R), Emma (L), Chloé (L)
    g.banco("Dario")
    g.banco("Emma")
    g.banco("Chloé")
    g.deal()
    # the first in priority on each side: Dario (right) and Emma (left); Dario is earlier
    assert banco_lines(g) == [("Dario", first, 0), ("Emma", 0, second)]
    assert g.balances["Dario"] == 100 - first and g.balances["Emma"] == 100 - second
    assert g.balances["Chloé"] == 100
    assert g.total_chips() == 500


def test_with_banco_suivi_the_odd_chip_goes_to_the_first_in_priority() -> None:
    # coup 1: right ties (6-6), left loses (2 + K against 6); coup 2: both stand
    c1 = deal_cards(pair(6), pair(2, "HS"), pair(6, "SH"), "KH")
    c2 = deal_cards(pair(6, "CH"), pair(7, "DS"), pair(3, "SD"))
    g = table(5, fund=5, shoe=c1 + c2)  # order Bruno (R), Dario (R), Emma (L), Chloé (L)
    g.banco("Bruno")
    g.banco("Emma")
    g.deal()
    assert banco_lines(g) == [("Bruno", 3, 0), ("Emma", 0, 2)]
    g.stand("banker")
    assert g.coups[-1].results == {"right": "tie", "left": "banker"}
    assert g.fund == 7 and g.banco_suivi == ["Emma"]
    g.banco("Bruno")
    g.banco("Emma")
    g.deal()
    # Emma follows her banco: first in priority, she takes the odd chip
    assert banco_lines(g) == [("Bruno", 3, 0), ("Emma", 0, 4)]
    assert g.stakes == {"right": 3, "left": 4}


def test_banco_of_a_one_chip_fund_from_both_sides_goes_to_the_earlier() -> None:
    g = table(5, fund=1, shoe=PAUSE)
    g.banco("Emma")
    g.banco("Chloé")
    g.deal()
    assert banco_lines(g) == [("Emma", 0, 1)]
    g2 = table(5, fund=1, shoe=PAUSE)
    g2.banco("Bruno")
    g2.banco("Emma")
    g2.deal()
    assert banco_lines(g2) == [("Bruno", 1, 0)]
    assert g2.deciders == {"right": "Bruno", "left": "Chloé"}


def test_banco_callers_decide_for_their_own_side() -> None:
    # right at 5 so that the right's decision is pending
    shoe = deal_cards(pair(5, "CD"), pair(5, "HS"), pair(3, "SH"))
    g = table(5, fund=20, shoe=shoe)  # active: Bruno (right), Chloé (left)
    g.banco("Dario")
    g.banco("Emma")
    g.deal()
    assert g.deciders == {"right": "Dario", "left": "Emma"}
    assert g.active == {"right": "Bruno", "left": "Chloé"}
    assert g.turn().actors == ["Dario"]
    g.stand("right")
    assert g.turn().actors == ["Emma"]


def _banco_loss_shoe() -> list[str]:
    # coup 1: right 2, left 2 (both draw a ten), banker 7 stands: both sides lose
    # coup 2: anything without natural
    c1 = deal_cards(pair(2, "CD"), pair(2, "HS"), pair(7, "SH"), "KC", "KD")
    c2 = deal_cards(pair(6, "CD"), pair(6, "HS"), pair(6, "SH"))
    return c1 + c2


def test_a_losing_banco_caller_has_banco_suivi_priority_next_coup() -> None:
    g = table(5, fund=20, shoe=_banco_loss_shoe())
    g.banco("Dario")
    g.deal()
    g.stand("banker")
    assert g.coups[-1].results == {"right": "banker", "left": "banker"}
    assert g.banco_suivi == ["Dario"] and g.fund == 40
    g.banco("Bruno")  # earlier in table order ...
    events = g.banco("Dario")  # ... but Dario follows his banco
    assert "suivi" in events[-1].text
    g.deal()
    assert banco_lines(g) == [("Dario", 40, 0)]
    assert g.balances["Bruno"] == 100


def test_banco_suivi_lasts_one_coup_and_a_winning_caller_has_none() -> None:
    shoe = deal_cards(pair(7, "CD"), pair(6, "HS"), pair(3, "SH"), "KH")
    g = table(5, fund=20, shoe=shoe)
    g.banco("Dario")
    g.deal()
    g.draw("banker")
    assert g.coups[-1].results["right"] == "player"
    assert g.banco_suivi == []


# ---------------------------------------------------------------- active players


def _results_shoe(*coups: tuple[int, int, int]) -> list[str]:
    """Coups with the given two-card totals (right, left, banker), all at 6-7 or 0-4.

    Totals 0-4 draw a king (adding 0) so that results depend on the totals only.
    """
    cards: list[str] = []
    suits = ["CD", "HS", "SC", "DH"]
    for i, (r, lt, b) in enumerate(coups):
        s = suits[i % 4]
        draws = [k + s[0] for t, k in ((r, "K"), (lt, "Q")) if t <= 4]
        cards += deal_cards(pair(r, s), pair(lt, s[::-1]), ["J" + s[0], pair(b, s)[1]], *draws)
    return cards


def test_the_active_player_is_kept_after_a_win_or_tie_and_rotates_after_a_loss() -> None:
    # coup 1: right wins, left loses; coup 2: right ties, left loses;
    # coup 3: right loses, left loses (wraps round)
    shoe = _results_shoe((7, 3, 6), (6, 2, 6), (0, 0, 7))
    g = table(7, fund=50, shoe=shoe)
    assert g.sides == {"right": ["Bruno", "Dario", "Félix"], "left": ["Chloé", "Emma", "Gaby"]}
    assert g.active == {"right": "Bruno", "left": "Chloé"}
    g.deal()
    g.stand("banker")
    assert g.coups[-1].results == {"right": "player", "left": "banker"}
    assert g.active == {"right": "Bruno", "left": "Emma"}
    g.deal()
    g.stand("banker")
    assert g.coups[-1].results == {"right": "tie", "left": "banker"}
    assert g.active == {"right": "Bruno", "left": "Gaby"}
    g.deal()
    g.stand("banker")
    assert g.coups[-1].results == {"right": "banker", "left": "banker"}
    assert g.active == {"right": "Dario", "left": "Chloé"}  # wrapped round
    assert g.deciders == {"right": None, "left": None}


def test_the_active_player_decides_for_the_sides_wagers() -> None:
    shoe = deal_cards(pair(5, "CD"), pair(5, "HS"), pair(3, "SH"))
    g = table(5, fund=20, shoe=shoe)
    g.wager("Dario", 5)  # Dario wagers; Bruno is the right's active player
    g.deal()
    assert g.deciders == {"right": "Bruno", "left": "Chloé"}
    assert g.turn().actors == ["Bruno"]


# ---------------------------------------------------------------- the deal


def test_the_deal_goes_right_left_banker_twice_face_down() -> None:
    shoe = ["2C", "3C", "4C", "5C", "AD", "2D", "KD", "KH", "KS"]
    g = table(shoe=shoe)
    g.deal()
    hands = g.report().current["hands"] if g.report().current else g.coups[-1].hands  # type: ignore[index]
    assert hands == {"right": ["2C", "5C"], "left": ["3C", "AD", "KD"], "banker": ["4C", "2D"]}
    public = g.view()
    assert [h.cards for h in public.hands.values()] == [
        [None, None],
        [None, None, "KD"],
        [None, None],
    ]


@pytest.mark.parametrize(
    "hands",
    [
        (pair(8), pair(3, "HS"), pair(2, "SH")),
        (pair(3), pair(9, "HS"), pair(2, "SH")),
        (pair(3), pair(4, "HS"), pair(8, "SH")),
        (pair(9), pair(8, "HS"), pair(9, "SH")),
    ],
)
def test_a_natural_shows_all_hands_and_settles_both_sides_at_once(hands) -> None:
    g = table(fund=20, shoe=deal_cards(*hands))
    g.wager("Bruno", 4)
    g.wager("Chloé", 6)
    g.deal()
    assert g.phase == "betting"  # nobody draws
    coup = g.coups[-1]
    assert coup.natural is True
    assert all(len(h) == 2 for h in coup.hands.values())
    assert coup.moves == {"right": "natural", "left": "natural", "banker": "natural"}
    assert g.cards_left == 150
    assert g.view().hands["right"].cards == []  # moved to history, all shown
    assert g.view().history[-1].hands == coup.hands


# ---------------------------------------------------------------- drawing


@pytest.mark.parametrize("total", [0, 1, 2, 3, 4])
def test_a_side_at_0_to_4_draws_by_itself(total: int) -> None:
    g = table(shoe=deal_cards(pair(total), pair(6, "HS"), pair(2, "SH"), "5H"))
    g.deal()
    assert g.moves["right"] == "draw"
    assert g.report().current["hands"]["right"][2] == "5H"  # type: ignore[index]
    assert g.phase == "banker"


@pytest.mark.parametrize("total", [6, 7])
def test_a_side_at_6_or_7_stands_by_itself(total: int) -> None:
    g = table(shoe=deal_cards(pair(6), pair(total, "HS"), pair(2, "SH")))
    g.deal()
    assert g.moves == {"right": "stand", "left": "stand", "banker": None}
    assert g.phase == "banker"


@pytest.mark.parametrize("choice", ["draw", "stand"])
def test_a_side_at_5_chooses_right_first_then_left(choice: str) -> None:
    g = table(shoe=deal_cards(pair(5), pair(5, "HS"), pair(2, "SH"), "4H", "4S"))
    g.deal()
    assert g.phase == "right" and g.turn().acts == ["draw", "stand"]
    assert not g.can_draw("left") and not g.can_stand("banker")
    getattr(g, choice)("right")
    assert g.phase == "left"
    getattr(g, choice)("left")
    assert g.phase == "banker"
    assert g.moves["right"] == g.moves["left"] == choice


@pytest.mark.parametrize("total", range(8))
@pytest.mark.parametrize("choice", ["draw", "stand"])
def test_the_banker_chooses_freely_at_any_total_from_0_to_7(total: int, choice: str) -> None:
    g = table(shoe=deal_cards(pair(6), pair(7, "HS"), pair(total, "SH"), "3D"))
    g.deal()
    assert g.phase == "banker" and g.turn().actors == ["Ana"]
    assert g.can_draw("banker") and g.can_stand("banker")
    getattr(g, choice)("banker")
    coup = g.coups[-1]
    assert coup.moves["banker"] == choice
    assert len(coup.hands["banker"]) == (3 if choice == "draw" else 2)


def test_third_cards_are_face_up_and_hands_hold_at_most_three_cards() -> None:
    g = table(shoe=deal_cards(pair(1), pair(2, "HS"), pair(3, "SH"), "4D", "5H", "6S"))
    g.deal()
    public = g.view()
    assert public.hands["right"].cards == [None, None, "4D"]
    assert public.hands["left"].cards == [None, None, "5H"]
    assert not g.can_stand("right") and not g.can_stand("left")
    # stating a forced move agrees with it and changes nothing; a second time is refused
    assert g.draw("right") == [] and len(g.hands["right"]) == 3
    assert not g.can_draw("right")
    g.draw("banker")
    coup = g.coups[-1]
    assert [len(h) for h in coup.hands.values()] == [3, 3, 3]
    assert coup.hands["banker"] == ["TS", "3H", "6S"]


# ---------------------------------------------------------------- settlement


def test_each_side_is_settled_separately_against_the_banker() -> None:
    # right 7 beats 5, left 5 ties 5: the worked example's shape
    shoe = deal_cards(["9C", "4C"], ["7H", "6D"], ["2S", "3C"], "4D", "2H")
    g = table(shoe=shoe)
    g.wager("Bruno", 5)
    g.wager("Chloé", 3)
    g.deal()
    g.stand("banker")
    coup = g.coups[-1]
    assert coup.results == {"right": "player", "left": "tie"}
    assert coup.payouts == {"Bruno": 5, "Chloé": 0}
    assert g.balances == {"Ana": 90, "Bruno": 105, "Chloé": 100}
    assert g.fund == 5


def test_a_higher_banker_collects_the_sides_stakes() -> None:
    shoe = deal_cards(pair(6), pair(2, "HS"), pair(7, "SH"), "KH")
    g = table(shoe=shoe)
    g.wager("Bruno", 4)
    g.wager("Chloé", 3)
    g.deal()
    g.stand("banker")
    assert g.coups[-1].results == {"right": "banker", "left": "banker"}
    assert g.fund == 17
    assert g.balances == {"Ana": 90, "Bruno": 96, "Chloé": 97}


def test_the_sides_never_compete_with_each_other() -> None:
    # left 7 beats right 6, yet both beat the banker's 3
    shoe = deal_cards(pair(6), pair(7, "HS"), pair(3, "SH"))
    g = table(shoe=shoe)
    g.wager("Bruno", 2)
    g.wager("Chloé", 2)
    g.deal()
    g.stand("banker")
    assert g.coups[-1].results == {"right": "player", "left": "player"}
    assert g.balances["Bruno"] == g.balances["Chloé"] == 102


@pytest.mark.parametrize(
    ("right", "left", "banker", "net"),
    [(7, 3, 6, 0), (7, 6, 6, 2), (3, 7, 6, 0), (6, 6, 6, 0), (2, 3, 7, -4)],
)
def test_a_cheval_halves_are_settled_independently(right, left, banker, net) -> None:
    draws = [k for t, k in ((right, "KD"), (left, "KS")) if t <= 4]
    shoe = deal_cards(pair(right), pair(left, "HS"), ["JH", pair(banker, "SH")[1]], *draws)
    g = table(fund=20, shoe=shoe)
    g.wager("Bruno", 4, a_cheval=True)
    g.deal()
    g.stand("banker")
    assert g.coups[-1].payouts == {"Bruno": net}
    assert g.balances["Bruno"] == 100 + net
    assert g.fund == 20 - net


def test_no_commission_no_natural_bonus_no_tie_bet() -> None:
    shoe = deal_cards(pair(9), pair(8, "HS"), pair(8, "SH"))
    g = table(fund=20, shoe=shoe)
    g.wager("Bruno", 10)
    g.wager("Chloé", 10)
    g.deal()
    # a natural 9 wins one stake exactly; a tie of naturals returns the stake
    assert g.coups[-1].payouts == {"Bruno": 10, "Chloé": 0}
    assert g.balances == {"Ana": 80, "Bruno": 110, "Chloé": 100}
    assert g.fund == 10


def test_letting_winnings_ride_is_a_new_wager_subject_to_cover() -> None:
    c1 = deal_cards(pair(7), pair(6, "HS"), pair(3, "SH"))
    c2 = deal_cards(pair(6, "CH"), pair(6, "DS"), pair(6, "SD"))
    g = table(fund=15, shoe=c1 + c2)
    g.wager("Bruno", 8)
    g.deal()
    g.stand("banker")
    assert g.balances["Bruno"] == 108 and g.fund == 7
    # Bruno lets his 16 ride: only the 7 of the fund can be covered
    events = g.wager("Bruno", 16)
    assert g.stakes["right"] == 7 and "reduced" in events[-1].text
    assert g.balances["Bruno"] == 101


def test_the_banker_keeps_the_bank_after_a_loss_while_the_fund_is_positive() -> None:
    c1 = deal_cards(pair(7), pair(6, "HS"), pair(3, "SH"))
    g = table(fund=10, shoe=c1)
    g.wager("Bruno", 9)
    g.deal()
    g.stand("banker")
    assert g.fund == 1 and g.banker == "Ana" and g.phase == "betting"


# ---------------------------------------------------------------- end of the bank


def test_the_bank_ends_on_voluntary_retirement_after_a_coup() -> None:
    g = table(fund=10, shoe=deal_cards(pair(7), pair(6, "HS"), pair(7, "SH")))
    assert not g.can_retire()
    g.wager("Bruno", 5)
    g.deal()
    g.stand("banker")
    assert g.can_retire()
    g.retire()
    assert g.phase == "ended" and g.ended is not None
    assert g.ended.reason == "retired"
    assert g.fund == 0
    # unrisked capital returns to the banker: 90 + the fund of 10
    assert g.balances["Ana"] == 100


def test_retiring_returns_stakes_already_placed_for_the_next_coup() -> None:
    g = table(fund=10, shoe=deal_cards(pair(7), pair(6, "HS"), pair(7, "SH")))
    g.deal()
    g.stand("banker")
    g.wager("Bruno", 4)
    g.retire()
    assert g.balances == {"Ana": 100, "Bruno": 100, "Chloé": 100}


def test_the_bank_ends_on_bankruptcy() -> None:
    g = table(fund=6, shoe=deal_cards(pair(7), pair(6, "HS"), pair(3, "SH")))
    g.wager("Bruno", 4)
    g.wager("Chloé", 2)
    g.deal()
    g.stand("banker")
    assert g.fund == 0
    assert g.ended is not None and g.ended.reason == "bankrupt"
    assert g.phase == "ended"
    assert g.balances == {"Ana": 94, "Bruno": 104, "Chloé": 102}
    assert g.ended.winners == ["Bruno"]


def test_the_bank_ends_when_fewer_than_9_cards_remain_before_a_coup() -> None:
    g = table(fund=10, seed=11)
    starts = []
    while g.phase != "ended":
        starts.append(g.cards_left)
        g.deal()
        if g.phase == "banker":
            g.stand("banker")
        elif g.phase in ("right", "left"):
            g.stand(g.phase)  # type: ignore[arg-type]
            if g.phase == "left":
                g.stand("left")
            g.stand("banker")
    assert g.ended is not None and g.ended.reason == "shoe"
    assert all(n >= 9 for n in starts)  # every coup started with 9 cards or more
    assert g.cards_left < 9  # and the cards were never recycled
    assert sum(len(h) for c in g.coups for h in c.hands.values()) == 156 - g.cards_left
    assert g.balances["Ana"] == 100  # nothing was at stake: the fund came back


def test_final_totals_are_compared_with_100_and_ties_share_the_victory() -> None:
    g = table(fund=10, shoe=deal_cards(pair(7), pair(6, "HS"), pair(7, "SH")))
    g.deal()
    g.stand("banker")
    g.retire()
    assert g.ended is not None
    assert g.ended.totals == {"Ana": 100, "Bruno": 100, "Chloé": 100}
    assert g.ended.winners == ["Ana", "Bruno", "Chloé"]
    assert any("Winners" in e.text and "+0" in e.text for e in g.log if e.kind == "end")


def test_the_highest_final_total_wins() -> None:
    g = table(fund=10, shoe=deal_cards(pair(7), pair(2, "HS"), pair(6, "SH"), "KS"))
    g.wager("Bruno", 5)
    g.wager("Chloé", 5)
    g.deal()
    g.stand("banker")
    g.retire()
    assert g.ended is not None
    assert g.ended.totals == {"Ana": 100, "Bruno": 105, "Chloé": 95}
    assert g.ended.winners == ["Bruno"]


def test_continuing_means_a_fresh_bank_a_new_auction_and_a_new_shuffle() -> None:
    top = deal_cards(pair(7), pair(2, "HS"), pair(6, "SH"), "KS")
    g = table(fund=10, shoe=top)
    g.wager("Bruno", 5)
    g.deal()
    g.stand("banker")
    g.retire()
    first_shoe = list(g.shoe_order)
    carried = dict(g.balances)
    assert g.turn().acts == ["bid"]
    g.bid("Chloé", 30)
    assert g.phase == "auction" and g.bank_number == 2
    assert g.balances == carried  # balances carried over
    g.pass_bid("Ana")
    g.pass_bid("Bruno")
    assert g.banker == "Chloé" and g.fund == 30
    assert g.sides == {"right": ["Ana"], "left": ["Bruno"]}
    assert g.active == {"right": "Ana", "left": "Bruno"}
    assert g.coups == [] and g.ended is None
    g.deal()
    assert g.shoe_order != first_shoe and g.shoe_order[:9] != top  # not stacked again
    assert Counter(g.shoe_order) == Counter(full_shoe())
    assert [b.number for b in g.banks] == [1, 2]
    assert g.banks[0].ended is not None and g.banks[0].coups == 1


# ---------------------------------------------------------------- what now


def test_the_engine_always_says_what_now() -> None:
    g = Game(NAMES[:3])
    t = g.turn()
    assert t.phase == "auction" and t.acts == ["bid", "pass"] and t.max_stake == 100
    g.bid("Ana", 12)
    g.pass_bid("Bruno")
    g.pass_bid("Chloé")
    t = g.turn()
    assert t.phase == "betting" and t.actors[0] == "Bruno"
    assert t.max_stake == 12 and t.max_a_cheval == 12 and t.can_banco
    assert "fund 12" in t.prompt  # the banker announces the fund before the cards
    g.wager("Bruno", 5)
    t = g.turn()
    assert t.actors[0] == "Chloé" and t.max_stake == 7 and t.max_a_cheval == 6
    assert not t.can_banco and "banco" not in t.acts
