"""The houses' rules at the table's session (issue 20): classic's seats go by precedence
(the banker only chooses who watches), a classic seat may bet on the other hand."""

from __future__ import annotations

from typing import Any

import pytest

from banque.core.errors import IllegalAction
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
