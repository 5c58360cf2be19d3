"""The houses' rules at the table's session (issue 20): classic's seats go by precedence
(the banker only chooses who watches), a classic seat may bet on the other hand."""

from __future__ import annotations

import json
from typing import Any

import pytest

from banque.core.errors import IllegalAction
from banque.core.models import Deal, Stand
from banque.core.record import parse_record
from banque.games.records import replay
from banque.session.session import Session

FIVE = ["Ana", "Bruno", "Chloé", "David", "Emma"]


def session_after(rules: str, actions: list[dict[str, Any]], names: list[str]) -> Session:
    record = {"participants": names, "seed": 7, "rules": rules, "actions": actions}
    result = replay(parse_record(record))
    assert result.error is None, result.error
    return Session(result.game, result.events)


AUCTION = [
    {"act": "bid", "who": "Ana", "amount": 10},
    *({"act": "pass", "who": n} for n in FIVE[1:]),
]


def test_classic_seating_keeps_precedence_when_a_player_watches() -> None:
    session = session_after("classic", AUCTION, FIVE)
    assert session.stage() == "seating"
    assert session.draft() == {"right": ["Bruno", "David"], "left": ["Chloé", "Emma"]}
    session.toggle_spectator("Chloé")  # Chloé watches: the others move up by precedence
    assert session.draft() == {"right": ["Bruno", "Emma"], "left": ["David"]}
    with pytest.raises(IllegalAction, match="seats go by precedence"):
        session.move_to("Emma", "left")
    with pytest.raises(IllegalAction, match="seats go by precedence"):
        session.arrange("up", "Emma")
    assert session.draft() == {"right": ["Bruno", "Emma"], "left": ["David"]}
    session.toggle_spectator("Chloé")  # back: to her seat by precedence
    assert session.draft() == {"right": ["Bruno", "David"], "left": ["Chloé", "Emma"]}
    session.toggle_spectator("David")
    session.confirm_seating()
    assert session.game.sides == {"right": ["Bruno", "Emma"], "left": ["Chloé"]}
    assert session.game.spectators == ["David"]


def test_home_seating_is_arranged_freely() -> None:
    session = session_after("home", AUCTION, FIVE)
    session.move_to("Bruno", "left")
    assert "Bruno" in session.draft()["left"]


def betting(rules: str) -> Session:
    session = session_after(rules, AUCTION[:3], ["Ana", "Bruno", "Chloé"])
    session.confirm_seating()
    session.shuffle()
    assert session.stage() == "betting"
    return session


def test_a_classic_seat_switches_its_bet_to_the_other_hand() -> None:
    session = betting("classic")
    assert session.may_switch("Bruno") and session.bet_side("Bruno") == "right"
    assert session.seat_options("Bruno")["backs"] == "right"
    session.switch_back("Bruno")
    assert session.bet_side("Bruno") == "left"
    session.wager("Bruno", 4, False)
    assert session.game.lines[0].left == 4 and session.game.lines[0].right == 0
    session.switch_back("Chloé")  # Chloé, seated on the left, backs the right
    session.switch_back("Chloé")  # and her own hand again
    assert session.bet_side("Chloé") == "left" and "Chloé" not in session.backs
    home = betting("home")
    assert not home.may_switch("Bruno") and "backs" not in home.seat_options("Bruno")


SPECTATOR = ["Ana", "Bruno", "Chloé", "David"]
# Right 7, left 6 (both stand), banker 0: the banker stands and loses on both sides.
BANKER_LOSES = ["7H", "6S", "KD", "KH", "KS", "QD"]


def spectator_session(stake: int) -> Session:
    seat = {"act": "seat", "right": ["Bruno"], "left": ["Chloé"], "spectators": ["David"]}
    acts = [
        {"act": "bid", "who": "Ana", "amount": 10},
        *({"act": "pass", "who": n} for n in ("Bruno", "Chloé", "David")),
        seat,
        {"act": "wager", "who": "Bruno", "amount": 6},
        {"act": "wager", "who": "Chloé", "amount": 2},
        {"act": "wager", "who": "David", "amount": stake, "side": "left"},
    ]
    record = {
        "participants": SPECTATOR,
        "seed": 7,
        "rules": "classic",
        "actions": acts,
        "shoe": BANKER_LOSES,
    }
    result = replay(parse_record(record))
    assert result.error is None, result.error
    return Session(result.game, result.events)


def test_the_board_shows_a_spectator_with_its_stake_and_never_a_negative_cover() -> None:
    session = spectator_session(8)
    board = session.board(None)
    assert [(s.name, s.side, s.stake_left) for s in board.extra] == [("David", "left", 8)]
    assert board.cover_left == 0  # stakes of 16 on a fund of 10: covered, not -6
    session.perform(Deal())
    session.perform(Stand(side="banker"))
    assert session.stage() == "settlement"
    board = session.board(None)
    assert [(s.name, s.payout) for s in board.extra] == [("David", 2)]  # paid last: 2 of 8


def test_the_road_counts_a_classic_natural_settling_one_side() -> None:
    with open("examples/classic-natural.json", encoding="utf-8") as f:
        result = replay(parse_record(json.load(f)))
    session = Session(result.game, result.events)
    assert session.game.coups[0].natural_sides == ["right"]
    assert session.board(None).naturals == [True]


def test_the_board_shows_hoyles_standing_punters() -> None:
    seat = {"act": "seat", "right": ["Bruno"], "left": ["Chloé"], "spectators": ["David"]}
    acts = [
        {"act": "bid", "who": "Ana", "amount": 10},
        *({"act": "pass", "who": n} for n in ("Bruno", "Chloé", "David")),
        seat,
        {"act": "wager", "who": "Bruno", "amount": 3},
        {"act": "pass", "who": "Chloé"},
        {"act": "wager", "who": "David", "amount": 5, "side": "right"},
    ]
    session = session_after("hoyle", acts, SPECTATOR)
    board = session.board(None)
    assert [(s.name, s.side, s.stake_right) for s in board.extra] == [("David", "right", 5)]
    assert board.cover_left == 2
