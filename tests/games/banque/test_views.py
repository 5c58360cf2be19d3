"""Views: who sees which card (issue 2, "Views").

The banker sees its own concealed pair, the deciding player of a side sees
that side's pair, everyone sees third cards, decisions, stakes, fund and
balances; after the reveal everyone sees everything.  The public view never
contains a concealed card.
"""

from __future__ import annotations

import pytest

from banque.core.cards import RANKS, pretty
from banque.core.errors import IllegalAction
from banque.games.banque.game import MOVERS, Game

NAMES = ["Ana", "Bruno", "Chloé", "Dario", "Emma"]


def deal_cards(right, left, banker, *draws):
    return [right[0], left[0], banker[0], right[1], left[1], banker[1], *draws]


def pair(total: int, suits: str = "CD") -> list[str]:
    return ["T" + suits[0], ("K" if total == 0 else RANKS[total - 1]) + suits[1]]


def table(n: int = 5, *, fund: int = 20, shoe=()) -> Game:
    g = Game(NAMES[:n], seed=4, shoe=shoe)
    g.bid("Ana", fund)
    for p in g.participants[1:]:
        g.pass_bid(p)
    return g  # right: Bruno, Dario; left: Chloé, Emma


# right 5 (a choice), left 3 (draws by itself once the right has moved), banker 4
SHOE = deal_cards(["2C", "3D"], ["AH", "2S"], ["4S", "KH"], "9D", "7C", "6H")


def cards(g: Game, seat: str | None) -> dict[str, list[str | None]]:
    v = g.view(seat)
    return {m: v.hands[m].cards for m in MOVERS}


def test_before_the_deal_there_is_nothing_to_see() -> None:
    g = table(shoe=SHOE)
    g.wager("Bruno", 5)
    for seat in (None, *NAMES):
        assert cards(g, seat) == {"right": [], "left": [], "banker": []}
    assert g.view().stakes == {"right": 5, "left": 0}
    assert g.view().fund == 20 and g.view().balances["Bruno"] == 95


def test_each_seat_sees_the_pair_it_holds_and_only_that() -> None:
    g = table(shoe=SHOE)
    g.wager("Dario", 4)
    g.deal()
    assert g.phase == "right"
    hidden = [None, None]
    assert cards(g, None) == {"right": hidden, "left": hidden, "banker": hidden}
    assert cards(g, "Ana") == {"right": hidden, "left": hidden, "banker": ["4S", "KH"]}
    # the right's active player decides for Dario's wager: he holds the pair
    assert cards(g, "Bruno") == {"right": ["2C", "3D"], "left": hidden, "banker": hidden}
    assert cards(g, "Chloé") == {"right": hidden, "left": ["AH", "2S"], "banker": hidden}
    # a seat that decides nothing sees what the public sees, its own wager or not
    assert cards(g, "Dario") == cards(g, None)
    assert cards(g, "Emma") == cards(g, None)


def test_totals_and_counts_of_face_down_cards() -> None:
    g = table(shoe=SHOE)
    g.deal()
    public = g.view()
    assert public.hands["right"].concealed == 2 and public.hands["right"].total is None
    assert public.hands["left"].concealed == 2 and public.hands["left"].total is None
    bruno = g.view("Bruno")
    assert bruno.hands["right"].concealed == 0 and bruno.hands["right"].total == 5
    chloe = g.view("Chloé")
    assert chloe.hands["left"].total == 3


def test_third_cards_and_decisions_are_public() -> None:
    g = table(shoe=SHOE)
    g.deal()
    g.draw("right")
    public = g.view()
    assert public.hands["right"].cards == [None, None, "9D"]
    assert public.hands["left"].cards == [None, None, "7C"]  # the left drew by itself
    assert public.moves == {"right": "draw", "left": "draw", "banker": None}
    assert public.phase == "banker" and public.to_act == ["Ana"]


def test_after_the_reveal_everyone_sees_everything() -> None:
    g = table(shoe=SHOE)
    g.wager("Bruno", 5)
    g.deal()
    g.draw("right")
    g.draw("banker")
    for seat in (None, *NAMES):
        v = g.view(seat)
        assert all(v.hands[m].cards == [] for m in MOVERS)
        (coup,) = v.history
        assert coup.hands == {
            "right": ["2C", "3D", "9D"],
            "left": ["AH", "2S", "7C"],
            "banker": ["4S", "KH", "6H"],
        }
        assert sorted(v.seen) == sorted(SHOE)


def test_a_natural_is_shown_to_everyone_at_once() -> None:
    g = table(shoe=deal_cards(pair(9), pair(3, "HS"), pair(4, "SH")))
    g.deal()
    public = g.view()
    assert public.history[-1].natural
    assert public.history[-1].hands["right"] == ["TC", "9D"]


def test_banco_callers_see_their_sides_pair() -> None:
    g = table(shoe=SHOE)
    g.banco("Dario")
    g.banco("Emma")
    g.deal()
    assert g.deciders == {"right": "Dario", "left": "Emma"}
    assert cards(g, "Dario")["right"] == ["2C", "3D"]
    assert cards(g, "Emma")["left"] == ["AH", "2S"]
    # the sides' active players hold no pair this coup
    assert cards(g, "Bruno") == cards(g, None)
    assert cards(g, "Chloé") == cards(g, None)


def test_visibility_follows_who_holds_the_hand_from_coup_to_coup() -> None:
    # coup 1: the right loses (2 + 0 against 7): Dario becomes the right's active player
    c1 = deal_cards(pair(2), pair(6, "HS"), pair(7, "SH"), "KC")
    c2 = deal_cards(["3C", "2H"], pair(6, "DC"), pair(4, "CS"))
    g = table(shoe=c1 + c2)
    g.deal()
    g.stand("banker")
    assert g.active["right"] == "Dario"
    g.deal()
    assert g.phase == "right"
    assert cards(g, "Dario")["right"] == ["3C", "2H"]
    assert cards(g, "Bruno")["right"] == [None, None]


def test_events_never_name_a_concealed_card_before_the_reveal() -> None:
    g = table(shoe=SHOE)
    events = g.wager("Bruno", 5) + g.deal() + g.draw("right")
    concealed = {pretty(c) for c in SHOE[:6]}
    for e in events:
        assert not any(c in e.text for c in concealed), e.text
    reveal = g.draw("banker")
    assert any("2♣ 3♦ 9♦" in e.text for e in reveal)


def test_the_public_view_and_the_seat_views_are_json() -> None:
    g = table(shoe=SHOE)
    g.deal()
    g.draw("right")
    text = g.view().model_dump_json()
    assert "2C" not in text and "4S" not in text and '"9D"' in text
    assert '"4S"' in g.view("Ana").model_dump_json()


def test_an_unknown_seat_has_no_view() -> None:
    g = table()
    with pytest.raises(IllegalAction, match="Nobody called 'Zed'"):
        g.view("Zed")
