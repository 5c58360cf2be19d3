"""The view the wire sends a seat is the view the local table draws for that seat.

One way makes a seat's view (the session's ``seat_view``: banque's ``Session.board``,
a two-hand game's ``game.view``); the local table draws it (banque's private and public
screens: ``Session.board(seat)``; chemin de fer's and punto banco's: ``game.view(seat)``)
and the hosted table sends it (``view_message``, the session's ``seat_message``). Every
view sent in a played game (seats, a spectator, reconnects, refusals) is compared, as it
is sent, with what the local table would draw for that seat then.
"""

from __future__ import annotations

from typing import Any

import pytest

from banque.net.table import Joined, Table

from .test_net_leaks import play, play_two_hands


def local_view(session: Any, seat: str | None) -> dict[str, Any]:
    """What the local table draws for ``seat`` now (``None``: its public screen)."""
    board = getattr(session, "board", None)
    if board is not None:  # banque's table screens: Session.board(seat)
        return board(seat).model_dump(mode="json")  # type: ignore[no-any-return]
    return session.game.view(seat).model_dump(mode="json")  # type: ignore[no-any-return]


@pytest.fixture
def compared(monkeypatch: pytest.MonkeyPatch) -> list[str | None]:
    """Every view the table makes is checked against the local one; the seats checked."""
    seen: list[str | None] = []
    make = Table._view

    def checked(table: Table, joined: Joined, log: Any = None) -> dict[str, Any]:
        view = make(table, joined, log)
        wire = view["board"] if "board" in view else view["view"]
        assert wire == local_view(table.session, joined.seat), joined.seat
        assert view["seat"] == joined.seat
        you = view["you"]
        if joined.seat is None:
            assert you is None
        else:
            assert you == table.session.seat_options(joined.seat, table.waiting())
        seen.append(joined.seat)
        return view

    monkeypatch.setattr(Table, "_view", checked)
    return seen


@pytest.mark.parametrize("house", ["home", "classic", "hoyle"])
def test_a_banque_seat_is_sent_the_board_its_local_table_draws(
    compared: list[str | None], house: str
) -> None:
    checks: list[str] = []
    table = play(5, ["Ana", "Bruno", "Chloé"], 150, checks, house)
    assert any(a.act == "deal" for a in table.session.game.actions)  # coups were played
    assert None in compared and {"Ana", "Bruno", "Chloé"} <= set(compared)


@pytest.mark.parametrize("family", ["chemin-de-fer", "punto-banco"])
def test_a_two_hand_seat_is_sent_the_view_its_local_table_draws(
    compared: list[str | None], family: str
) -> None:
    checks: list[str] = []
    table = play_two_hands(family, 3, ["Ana", "Bruno", "Chloé"], 200, checks, coups=6)
    assert len(table.session.game.coups) >= 3
    assert None in compared and {"Ana", "Bruno", "Chloé"} <= set(compared)
