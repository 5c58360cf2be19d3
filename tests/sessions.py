"""A table of computers left to play on, as watch mode plays it: shared by the tests."""

from __future__ import annotations

from banque.session.session import Session


def play_to(session: Session, acts: int) -> None:
    """The computers play on (settlements read, new banks opened) to ``acts`` acts."""
    session.forced()
    while len(session.game.actions) < acts:
        stage = session.stage()
        if stage == "settlement":
            session.continue_after_settlement()
        elif stage == "ended":
            session.new_bank()
        else:
            session.play_computer()
