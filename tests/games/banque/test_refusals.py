"""Every refusal: the typed error, a message a player can act on, an untouched state.

Each refusal goes through :func:`refused`, which checks that the act raises
:class:`IllegalAction`, that its ``can_…`` twin says no, that the message is
one readable line naming what is allowed, and that the game is exactly as it
was: full report, every view, the generator's state, the log, the record and
every attribute of the game.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from banque.core.cards import RANKS
from banque.core.errors import IllegalAction
from banque.games.banque.game import Game

NAMES = ["Ana", "Bruno", "Chloé", "Dario", "Emma", "Félix", "Gaby"]


def deal_cards(right, left, banker, *draws):
    return [right[0], left[0], banker[0], right[1], left[1], banker[1], *draws]


def pair(total: int, suits: str = "CD") -> list[str]:
    return ["T" + suits[0], ("K" if total == 0 else RANKS[total - 1]) + suits[1]]


def table(n: int = 3, *, fund: int = 10, banker: str = "Ana", seed: int = 0, shoe=()) -> Game:
    g = Game(NAMES[:n], seed=seed, shoe=shoe)
    g.bid(banker, fund)
    for p in g.participants:
        if p != banker:
            g.pass_bid(p)
    return g


def snapshot(g: Game) -> tuple[Any, ...]:
    # The generator is compared by its state; what turn() said is kept with the state's
    # version (a memo, not the game: a refused act may move the version on).
    attrs = {k: v for k, v in vars(g).items() if k not in ("rng", "_version", "_turn_at")}
    return (
        g.report().model_dump(),
        g.view(None).model_dump(),
        {p: g.view(p).model_dump() for p in g.participants},
        g.turn().model_dump(),
        g.rng.getstate(),
        len(g.log),
        len(g.actions),
        copy.deepcopy(attrs),
    )


def refused(g: Game, act: str, *args: Any, words: tuple[str, ...] = (), **kw: Any) -> str:
    """``g.act(*args)`` is refused, readably, and changes nothing; the message."""
    before = snapshot(g)
    with pytest.raises(IllegalAction) as info:
        getattr(g, act)(*args, **kw)
    err = info.value
    assert snapshot(g) == before, f"{act} changed the state before refusing"
    msg = str(err)
    assert msg == err.message and err.rule
    assert "\n" not in msg and "Traceback" not in msg
    assert msg[0].isupper() or msg[0] == "'", msg
    assert msg.rstrip().endswith((".", ")")), msg
    assert len(msg) < 400, msg
    for w in words:
        assert w.lower() in msg.lower(), f"{w!r} not in {msg!r}"
    can = getattr(g, f"can_{act}", None)
    if can is not None:
        assert can(*args, **kw) is False, f"can_{act} disagrees with {act}"
    assert snapshot(g) == before, f"can_{act} changed the state"
    return msg


# ---------------------------------------------------------------- participants


def test_unknown_participants_are_refused_everywhere() -> None:
    g = Game(NAMES[:3])
    refused(g, "bid", "Zed", 5, words=("Zed", "Ana, Bruno and Chloé"))
    refused(g, "pass_bid", "Zed", words=("Zed", "participants"))
    g.bid("Ana", 10)
    refused(g, "wager", "Zed", 5, words=("Zed", "participants"))
    refused(g, "banco", "Zed", words=("Zed",))
    refused(g, "pass_turn", "Zed", words=("Zed",))
    refused(g, "seat", ["Bruno", "Zed"], ["Chloé"], words=("Zed",))
    refused(g, "shuffle", ["Zed"], words=("Zed",))
    refused(g, "shuffle", [], "Zed", words=("Zed",))
    with pytest.raises(IllegalAction, match="Zed"):
        g.view("Zed")


# ---------------------------------------------------------------- bids


@pytest.mark.parametrize(
    ("amount", "words"),
    [
        (0, ("whole number", "at least 1")),
        (-5, ("at least 1",)),
        (101, ("100 chips", "1 to 100")),
        (2.5, ("whole number",)),
        ("10", ("whole number",)),
        (True, ("whole number",)),
        (None, ("whole number",)),
    ],
)
def test_bad_bids(amount: Any, words: tuple[str, ...]) -> None:
    g = Game(NAMES[:3])
    refused(g, "bid", "Bruno", amount, words=words)


def test_a_second_bid_or_pass_in_the_same_auction() -> None:
    g = Game(NAMES[:3])
    g.bid("Ana", 10)
    g.pass_bid("Bruno")
    refused(g, "bid", "Ana", 20, words=("already bid 10", "one offer each"))
    refused(g, "bid", "Bruno", 20, words=("already passed", "one offer each"))
    refused(g, "pass_bid", "Ana", words=("already",))


def test_bids_while_a_bank_is_held() -> None:
    g = table()
    refused(g, "bid", "Bruno", 20, words=("Ana holds bank 1", "after this one ends"))
    refused(g, "pass_bid", "Bruno", words=("no auction",))


def test_a_bid_above_the_balance_in_a_later_bank() -> None:
    g = table(fund=10, shoe=deal_cards(pair(7), pair(2, "HS"), pair(6, "SH"), "KS"))
    g.wager("Bruno", 5)
    g.wager("Chloé", 7)
    g.deal()
    g.stand("banker")
    g.retire()
    assert g.balances == {"Ana": 100, "Bruno": 105, "Chloé": 95}  # Chloé's 7 reduced to 5
    refused(g, "bid", "Chloé", 96, words=("95 chips", "1 to 95"))
    # the next auction is open: a banco right after a bid closes it implicitly,
    # and Chloé cannot cover Bruno's 100
    g.bid("Bruno", 100)
    refused(g, "banco", "Chloé", words=("whole fund of 100 chips", "only 95 chips"))
    assert g.phase == "auction" and g.balances["Bruno"] == 105


def test_a_participant_without_chips_cannot_bid_nor_wager() -> None:
    g = table(fund=100, shoe=deal_cards(pair(6), pair(7, "HS"), pair(7, "SH")))
    g.wager("Bruno", 100)
    g.deal()
    g.stand("banker")  # right 6 against 7: Bruno loses everything
    g.retire()
    assert g.balances == {"Ana": 200, "Bruno": 0, "Chloé": 100}
    assert "Bruno" not in g.turn().actors
    refused(g, "bid", "Bruno", 1, words=("Bruno has no chips left",))
    g.bid("Chloé", 10)
    g.pass_bid("Ana")
    assert "Bruno has no chips and passes" in g.turn().prompt
    g.pass_bid("Bruno")
    assert g.max_stake("Ana") == 10 and g.max_stake("Bruno") == 0
    refused(g, "wager", "Bruno", 1, words=("Bruno has 0 chips", "balance"))
    refused(g, "banco", "Bruno", words=("only 0 chips",))


# ---------------------------------------------------------------- seating


def test_bad_seatings() -> None:
    g = table(5)
    refused(g, "seat", ["Ana", "Bruno"], ["Chloé", "Dario", "Emma"], words=("Ana holds the bank",))
    refused(g, "seat", ["Bruno", "Chloé"], ["Chloé", "Dario", "Emma"], words=("two places",))
    refused(g, "seat", ["Bruno", "Chloé"], ["Dario"], words=("Emma has no seat",))
    refused(g, "seat", [], ["Bruno", "Chloé", "Dario", "Emma"], words=("at least one", "each side"))
    refused(g, "seat", ["Bruno", "Chloé", "Dario", "Emma"], [], words=("at least one",))


def test_seating_only_right_after_the_auction() -> None:
    fresh = Game(NAMES[:3])
    refused(fresh, "seat", ["Bruno"], ["Chloé"], words=("auction", "bid"))
    g = table(5)
    g.wager("Bruno", 2)
    refused(g, "seat", ["Bruno", "Chloé"], ["Dario", "Emma"], words=("before the first wager",))
    shuffled = table(5)
    shuffled.shuffle()
    refused(shuffled, "seat", ["Bruno", "Chloé"], ["Dario", "Emma"], words=("right after",))


# ---------------------------------------------------------------- shuffle


def test_the_shoe_is_shuffled_once_a_bank() -> None:
    g = table()
    g.shuffle(["Bruno"], "Chloé")
    refused(g, "shuffle", ["Chloé"], words=("already shuffled", "fresh bank"))
    g2 = table()
    g2.wager("Bruno", 2)  # the shoe is prepared by the first betting act
    refused(g2, "shuffle", words=("already shuffled",))


# ---------------------------------------------------------------- wagers


def test_wagers_out_of_turn_and_twice() -> None:
    g = table(5)  # order: Bruno, Dario, Emma, Chloé
    g.wager("Bruno", 2)
    refused(g, "wager", "Bruno", 2, words=("already had a turn", "wagered", "once round"))
    g.wager("Emma", 2)  # Dario lets his turn go by
    refused(g, "wager", "Dario", 2, words=("already had a turn", "passed", "anticlockwise"))
    refused(g, "banco", "Dario", words=("already had a turn",))
    refused(g, "pass_turn", "Emma", words=("already had a turn",))


def test_the_banker_never_wagers() -> None:
    g = table()
    refused(g, "wager", "Ana", 2, words=("Ana holds the bank", "never wagers"))
    refused(g, "banco", "Ana", words=("never wagers",))
    refused(g, "pass_turn", "Ana", words=("banker",))


@pytest.mark.parametrize(("amount", "words"), [(0, ("at least 1",)), (-3, ("at least 1",))])
def test_wagers_must_be_positive_whole_numbers(amount: int, words: tuple[str, ...]) -> None:
    g = table()
    refused(g, "wager", "Bruno", amount, words=words)
    refused(g, "wager", "Bruno", 2.0, words=("whole number",))
    refused(g, "wager", "Bruno", "3", words=("whole number",))


def test_an_odd_a_cheval_wager() -> None:
    g = table()
    refused(g, "wager", "Bruno", 5, a_cheval=True, words=("à cheval", "even", "try 4"))
    refused(g, "wager", "Bruno", 1, a_cheval=True, words=("even", "try 2"))


def test_a_wager_over_the_balance() -> None:
    g = table(fund=100, banker="Bruno")
    refused(g, "wager", "Ana", 150, words=("100 chips", "at most 100"))
    refused(g, "wager", "Ana", 102, a_cheval=True, words=("balance",))


def test_no_cover_left() -> None:
    g = table(5, fund=6)
    g.wager("Bruno", 6)
    refused(g, "wager", "Dario", 1, words=("covered", "6 chips", "fund"))
    refused(g, "wager", "Dario", 2, a_cheval=True, words=("covered",))


def test_one_chip_of_cover_cannot_take_an_a_cheval_wager() -> None:
    g = table(5, fund=6)
    g.wager("Bruno", 5)
    msg = refused(g, "wager", "Dario", 2, a_cheval=True, words=("à cheval", "1 chip"))
    assert "ordinary" in msg
    g.wager("Dario", 1)


def test_banco_after_a_wager_and_a_wager_after_banco() -> None:
    g = table(5)
    g.wager("Bruno", 2)
    refused(g, "banco", "Dario", words=("before any ordinary wager", "Bruno already wagered"))
    g2 = table(5)
    g2.banco("Bruno")
    refused(g2, "wager", "Dario", 3, words=("Bruno called banco", "excludes ordinary wagers"))
    refused(g2, "wager", "Emma", 2, a_cheval=True, words=("banco",))


def test_banco_without_covering_the_fund() -> None:
    g = table(fund=60, banker="Bruno", shoe=deal_cards(pair(6), pair(2, "HS"), pair(7, "SH"), "KS"))
    g.wager("Ana", 50)
    g.deal()
    g.stand("banker")  # Ana loses 50: she has 50, the fund 110
    assert g.balances["Ana"] == 50 and g.fund == 110
    refused(g, "banco", "Ana", words=("whole fund of 110 chips", "only 50 chips"))
    assert "banco" not in g.turn().acts and not g.turn().can_banco


# ---------------------------------------------------------------- the coup


def at_right_choice() -> Game:
    g = table(shoe=deal_cards(pair(5), pair(3, "HS"), pair(4, "SH"), "2D", "9H"))
    g.wager("Bruno", 3)
    g.deal()
    assert g.phase == "right"
    return g


def test_no_wager_bid_banco_seat_or_deal_once_the_cards_are_out() -> None:
    g = at_right_choice()
    refused(g, "wager", "Chloé", 2, words=("cards of coup 1 are out", "cannot change"))
    refused(g, "banco", "Chloé", words=("cards", "out"))
    refused(g, "pass_turn", "Chloé", words=("out",))
    refused(g, "deal", words=("out", "right side (Bruno) chooses"))
    refused(g, "bid", "Bruno", 3, words=("holds bank",))
    refused(g, "retire", words=("between coups",))


def test_moves_out_of_order() -> None:
    g = at_right_choice()
    refused(g, "draw", "left", words=("not the left's turn", "right side decides first"))
    refused(g, "stand", "banker", words=("not the banker's turn", "draw or stand"))
    refused(g, "draw", "middle", words=("right, left or banker",))
    g.draw("right")  # right at 5 draws 2: left at 3 draws by itself: the banker chooses
    assert g.phase == "banker"
    refused(g, "draw", "right", words=("already drawn",))
    refused(g, "stand", "left", words=("holds 3", "must draw"))


def test_stand_at_3_and_draw_at_7_are_refused() -> None:
    g = table(shoe=deal_cards(pair(3), pair(7, "HS"), pair(4, "SH"), "2D"))
    g.deal()
    assert g.phase == "banker"
    refused(g, "stand", "right", words=("right side holds 3", "at 0–4 a side must draw", "5"))
    refused(g, "draw", "left", words=("left side holds 7", "at 6–7 a side must stand"))
    # stated as the rules want, forced moves agree and change nothing
    assert g.draw("right") == [] and g.stand("left") == []
    refused(g, "draw", "right", words=("already drawn",))


def test_a_forced_move_stated_after_the_next_hand_moved_is_out_of_order() -> None:
    g = table(shoe=deal_cards(pair(3), pair(5, "HS"), pair(4, "SH"), "2D"))
    g.deal()
    assert g.phase == "left"  # the right drew by itself
    g.stand("left")
    refused(g, "draw", "right", words=("already drawn",))


def test_the_banker_moves_once_and_only_after_both_sides() -> None:
    g = table(shoe=deal_cards(pair(5), pair(5, "HS"), pair(4, "SH"), "2D", "9H"))
    g.deal()
    refused(g, "draw", "banker", words=("banker's turn", "right side decides first"))
    g.stand("right")
    refused(g, "stand", "right", words=("already stood",))
    refused(g, "stand", "banker", words=("banker's turn",))


def test_no_move_after_a_natural() -> None:
    g = table(shoe=deal_cards(pair(3), pair(4, "HS"), pair(9, "SH")))
    g.wager("Bruno", 2)
    g.deal()
    assert g.coups[-1].natural
    for act, side in [
        ("draw", "banker"),
        ("stand", "banker"),
        ("draw", "right"),
        ("stand", "left"),
    ]:
        refused(g, act, side, words=("ended on a natural", "nobody draws", "deals next"))


def test_no_move_before_the_deal() -> None:
    g = table()
    refused(g, "draw", "right", words=("no cards are out", "wagers", "deals"))
    refused(g, "stand", "banker", words=("no cards are out",))


def test_retiring_before_the_first_coup() -> None:
    g = table()
    refused(g, "retire", words=("only after at least one coup",))
    g.wager("Bruno", 3)
    refused(g, "retire", words=("at least one coup",))


# ---------------------------------------------------------------- after the end


def ended_game() -> Game:
    g = table(shoe=deal_cards(pair(6), pair(7, "HS"), pair(6, "SH")))
    g.deal()
    g.stand("banker")
    g.retire()
    return g


@pytest.mark.parametrize(
    ("act", "args"),
    [
        ("wager", ("Bruno", 2)),
        ("banco", ("Bruno",)),
        ("pass_turn", ("Bruno",)),
        ("deal", ()),
        ("draw", ("banker",)),
        ("stand", ("right",)),
        ("retire", ()),
        ("seat", (["Bruno"], ["Chloé"])),
        ("shuffle", ()),
    ],
)
def test_acts_after_the_end_of_the_bank(act: str, args: tuple[Any, ...]) -> None:
    g = ended_game()
    refused(g, act, *args, words=("bank 1 has ended", "new bid opens a fresh bank"))


def test_pass_after_the_end_opens_the_fresh_auction() -> None:
    """A pass after a bank's end is the fresh auction's first word (recorded in order)."""
    g = ended_game()
    events = g.pass_bid("Bruno")
    assert [ev.kind for ev in events] == ["auction", "pass"]
    assert (g.phase, g.bank_number, g.spoken) == ("auction", 2, ["Bruno"])
    refused(g, "pass_bid", "Bruno", words=("already spoken",))


# ---------------------------------------------------------------- the auction's implicit close


def open_auction(tie: bool = False) -> Game:
    """An auction with bids that is still open (a record closes it implicitly)."""
    g = Game(NAMES[:5], seed=2)
    g.bid("Ana", 10)
    if tie:
        g.bid("Bruno", 10)  # a lot will be drawn: it consumes the generator
    assert g.phase == "auction"
    return g


@pytest.mark.parametrize("tie", [False, True])
def test_refusals_right_after_bids_roll_back_the_implicit_close(tie: bool) -> None:
    g = open_auction(tie)
    banker = "Ana" if not tie else None
    if banker:
        refused(g, "wager", "Ana", 2, words=("Ana holds the bank", "never wagers"))
        refused(g, "banco", "Ana", words=("never wagers",))
        refused(g, "seat", ["Ana", "Bruno"], ["Chloé", "Dario", "Emma"], words=("Ana holds",))
    refused(g, "wager", "Chloé", 200, words=("balance",))
    refused(g, "wager", "Chloé", 3, a_cheval=True, words=("even",))
    refused(g, "wager", "Zed", 3, words=("Zed",))
    refused(g, "seat", ["Chloé"], ["Dario"], words=("has no seat",))
    refused(g, "draw", "right", words=("no cards are out",))
    refused(g, "stand", "banker", words=("no cards are out",))
    refused(g, "retire", words=("at least one coup",))
    assert g.phase == "auction" and g.banker is None and g.fund == 0
    assert g.balances == dict.fromkeys(NAMES[:5], 100)
    # and play goes on exactly as if nothing had been tried
    fresh = open_auction(tie)
    g.wager("Chloé", 3)
    fresh.wager("Chloé", 3)
    assert g.report().model_dump() == fresh.report().model_dump()
    assert g.rng.getstate() == fresh.rng.getstate()


def test_nothing_goes_on_without_a_bid() -> None:
    g = Game(NAMES[:3])
    for act, args in [
        ("wager", ("Bruno", 2)),
        ("banco", ("Bruno",)),
        ("pass_turn", ("Bruno",)),
        ("deal", ()),
        ("seat", (["Bruno"], ["Chloé"])),
        ("shuffle", ()),
    ]:
        refused(g, act, *args, words=("auction",))
    refused(g, "retire", words=("auction",))
    refused(g, "draw", "right", words=("auction",))
