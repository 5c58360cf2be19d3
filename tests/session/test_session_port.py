"""One port for every game: banque's session and the two-hand games' have the same
sides (what the hosted table drives), and each seat's view is the game's own."""

from __future__ import annotations

import pytest

from banque.core.errors import IllegalAction
from banque.core.models import Bet, Bid
from banque.games.banque.acts import SayBid
from banque.games.banque.game import Game
from banque.session.port import SeatPort, TableSession, TwoHandSession
from banque.session.session import Session

#: The members of the table's side of the port.
TABLE_SIDE = [
    name
    for name in dir(TableSession)
    if not name.startswith("_") and name not in ("game", "computers", "styles", "journal", "ready")
] + ["messages", "ready"]


def sessions() -> list[object]:
    banque = Session(Game(["Ana", "Bruno", "Chloé"], 1))
    chemin = TwoHandSession.new("chemin-de-fer", ["Ana", "Bruno"], styles={}, seed=1)
    punto = TwoHandSession.new("punto-banco", ["Ana"], styles={}, seed=1)
    return [banque, chemin, punto]


@pytest.mark.parametrize("session", sessions(), ids=["banque", "chemin-de-fer", "punto-banco"])
def test_every_session_has_both_sides_of_the_port(session: object) -> None:
    assert isinstance(session, SeatPort)
    missing = [name for name in TABLE_SIDE if not hasattr(session, name)]
    assert missing == []


def test_a_seat_acts_in_its_own_name_and_turn_only() -> None:
    banque = Session(Game(["Ana", "Bruno", "Chloé"], 1))
    first = banque.actor()
    assert first is not None
    other = next(p for p in banque.game.participants if p != first)
    assert banque.seat_acts(other) == []
    # banque's acts as a seat says them (its definition's SeatAct), made in its name
    with pytest.raises(IllegalAction):
        banque.perform_for(other, SayBid(act="bid", who=other, amount=5))
    with pytest.raises(IllegalAction):
        banque.perform_for(first, SayBid(act="bid", who=other, amount=5))
    assert banque.perform_for(first, SayBid(act="bid", who=first, amount=5))
    assert banque.game.actions[-1] == Bid(who=first, amount=5)  # the record's act
    punto = TwoHandSession.new("punto-banco", ["Ana", "Bruno"], styles={}, seed=1)
    with pytest.raises(IllegalAction):
        punto.perform_for("Ana", Bet(who="Bruno", on="banker", amount=5))
    assert punto.perform_for("Ana", Bet(who="Ana", on="banker", amount=5))
    assert punto.game.bets == {"Ana": {"banker": 5}}


def test_a_chemin_de_fer_view_hides_the_other_hand_until_the_reveal() -> None:
    session = TwoHandSession.new("chemin-de-fer", ["Ana", "Bruno"], styles={}, seed=3)
    game = session.game
    banker = game.banker
    punter = "Bruno" if banker == "Ana" else "Ana"
    from banque.core.models import Banco, Deal

    session.perform_for(banker, Bid(who=banker, amount=10))
    session.perform_for(punter, Banco(who=punter))
    session.perform_for(banker, Deal())
    assert game.phase == "punter"  # (seed 3: no natural) the pairs are concealed
    mine = session.seat_view(punter).hands["player"]
    theirs = session.seat_view(banker).hands["player"]
    public = session.seat_view(None).hands["banker"]
    assert None not in mine.cards and mine.total is not None
    assert theirs.cards[:2] == [None, None] and theirs.total is None
    assert public.cards[:2] == [None, None]


def _step(session: TwoHandSession) -> None:
    """One move: a computer's, or a human seat's by a fixed rule."""
    from banque.core.models import Deal, Draw, Pass, Stand, Wager

    game = session.game
    if session.computer_to_move() is not None:
        assert session.play_computer()
        return
    who = session.actor()
    assert who is not None
    acts = session.seat_acts(who)
    if "draw" in acts:
        side = "punter" if game.phase == "punter" else "banker"
        hand = game.hands["player" if side == "punter" else "banker"]
        from banque.games.two_hands import points

        move = Draw if points(hand) <= 4 else Stand
        session.perform_for(who, move(side=side))
    elif "bid" in acts:
        session.perform_for(who, Bid(who=who, amount=min(10, game.balances[who])))
    elif "deal" in acts:
        session.perform_for(who, Deal())
    elif "wager" in acts:
        session.perform_for(who, Wager(who=who, amount=max(1, min(5, game.remaining))))
    else:
        session.perform_for(who, Pass(who=who))


def test_a_resumed_hosted_game_s_computers_go_on_where_they_were() -> None:
    """The journal keeps how far each computer seat has drawn: a hosted chemin de fer
    game brought back goes on act for act as the one never interrupted."""
    from banque.core.journal import Journal, read_journal
    from banque.games.records import record_of, replay

    styles = {"Chloé": "bold", "David": "cautious"}
    names = ["Ana", "Bruno", "Chloé", "David"]
    one = TwoHandSession.new("chemin-de-fer", names, styles=styles, seed=9)
    one.journal = Journal.create(record_of(one.game, computers=styles))
    for _ in range(60):
        _step(one)
    info = read_journal(one.journal.path)
    assert info.draws and set(info.draws) == set(styles)
    again = TwoHandSession(replay(info.record).game, styles=info.record.computers)
    again.skip_draws(info.draws)
    for _ in range(120):
        _step(one)
        _step(again)
    assert again.game.actions == one.game.actions
    assert len(one.game.coups) >= 5
