"""The stake a table offers cannot surprise (issue 21): the seat's last ordinary
stake (never a banco, an à cheval total or a ride's winnings), within what it may
stake now; a ride is offered only when the game would take it."""

from __future__ import annotations

from banque.core.models import Deal, Stand, Wager
from banque.games.records import replay
from banque.session.session import Session
from banque.table.testing import READY_10, THREE, WORKED, make_record

# Bank 10 held by Ana; Bruno (right) wins and Chloé (left) ties with this shoe.
SHOE = WORKED * 3


def first_coup(bruno: Wager, chloe: Wager) -> Session:
    result = replay(make_record(THREE, READY_10, shoe=SHOE))
    session = Session(result.game, result.events)
    session.perform(bruno)
    session.perform(chloe)
    session.perform(Deal())
    while session.stage() == "decision":
        session.perform(Stand(side=session.decision_side()))  # type: ignore[arg-type]
    session.continue_after_settlement()
    return session


def test_the_offered_stake_is_the_last_ordinary_one() -> None:
    session = first_coup(Wager(who="Bruno", amount=3), Wager(who="Chloé", amount=2))
    assert session.game.coups[-1].payouts["Bruno"] == 3
    assert session.default_stake("Bruno") == 3


def test_an_a_cheval_total_is_never_offered_again() -> None:
    session = first_coup(Wager(who="Bruno", amount=4, a_cheval=True), Wager(who="Chloé", amount=2))
    assert session.default_stake("Bruno") == 5  # the first offer, not the à cheval 4


def test_a_ride_beyond_the_cover_is_not_offered() -> None:
    session = first_coup(Wager(who="Bruno", amount=5), Wager(who="Chloé", amount=2))
    game = session.game
    assert game.ride_stake("Bruno") == (10, False)  # 5 staked and 5 won
    assert game.max_stake("Bruno") < 10  # what is left of the bank covers less
    assert session.ride("Bruno") is None
    assert session.seat_options("Bruno")["ride"] is None
    assert session.default_stake("Bruno") == 5


def test_a_ride_the_cover_allows_is_offered() -> None:
    session = first_coup(Wager(who="Bruno", amount=3), Wager(who="Chloé", amount=2))
    assert session.ride("Bruno") == (6, False)
