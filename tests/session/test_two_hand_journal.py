"""A local chemin de fer or punto banco game is on disk from its first act, and a table
opened and left unplayed leaves nothing (issue 21: every quick launch used to leave an
empty "unfinished" journal that ``banque games`` listed)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from banque.cli import main
from banque.core.errors import IllegalAction
from banque.core.journal import games_dir, read_journal
from banque.core.messages import tell
from banque.core.models import Deal
from banque.games.chemin_de_fer.game import CheminGame
from banque.games.punto_banco.game import PuntoGame
from banque.games.records import record_of
from banque.session.two_hands import close_table, open_session, resume, unplayed

THREE = ["Ana", "Bruno", "Chloé"]


class Closed:
    """What :func:`close_table` asks of the App that ran the table: whether it crashed."""

    crashed = False


def journals() -> list[Path]:
    return sorted(games_dir().glob("*.jsonl"))


def listed(capsys: pytest.CaptureFixture[str]) -> str:
    """What ``banque games`` prints."""
    capsys.readouterr()
    assert main(["games"]) == 0
    return capsys.readouterr().out


def test_a_new_two_hand_game_leaves_nothing_until_its_first_act(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for game, seats in (
        (CheminGame(THREE, seed=3), {"Bruno": "cautious", "Chloé": "bold"}),
        (PuntoGame(["Ana", "Bob"], seed=3), {"Bob": "bold"}),
    ):
        session = open_session(game, seats, pace=0.0, journal=True)
        assert session.journal is not None and session.journal.unborn and unplayed(session)
        assert session.sync_journal() and session.journal_problem() is None
        assert journals() == []
        capsys.readouterr()
        assert close_table(Closed(), session) == 0
        assert capsys.readouterr().out == ""  # nothing played: nothing to say
        assert journals() == []
    assert "unfinished" not in listed(capsys)


def test_the_first_act_writes_the_whole_game_before_it_is_shown(
    capsys: pytest.CaptureFixture[str],
) -> None:
    seats = {"Ana": "bold", "Bruno": "cautious", "Chloé": "bold"}
    game = CheminGame(THREE, seed=3)
    session = open_session(game, seats, pace=0.25, journal=True)
    assert session.computer_to_move() == "Ana"
    session.play_computer()  # the first act: the journal, written before the log grows
    assert not unplayed(session)
    (path,) = journals()
    info = read_journal(path)
    assert info.record.actions == game.actions != []
    assert info.record.computers == seats and info.record.pace == 0.25
    assert info.draws == session.computer_draws()  # the computer's draws kept with its act
    assert os.stat(path).st_mode & 0o777 == 0o600
    capsys.readouterr()
    close_table(Closed(), session)
    assert "banque --resume continues it" in capsys.readouterr().out
    assert "unfinished" in listed(capsys)
    again, pace = resume(path)  # and it goes on as it would have
    assert again.game.actions == game.actions and again.styles == seats and pace == 0.25
    assert again.computer_draws() == session.computer_draws()
    assert again.journal is not None
    again.journal.close()


def test_punto_bancos_first_deal_writes_the_game() -> None:
    game = PuntoGame(["Ana", "Bob"], seed=4)
    session = open_session(game, {"Bob": "cautious"}, journal=True)
    session.perform_together([("Ana", Deal())], ["Ana"])  # Bob bets, the coup is dealt
    assert game.actions
    (path,) = journals()
    assert read_journal(path).record.actions == game.actions
    assert session.journal is not None
    session.journal.close()


def test_a_record_played_on_has_its_journal_at_once(tmp_path: Path) -> None:
    """A game that has acts already (``--record``) is a game in progress: on disk at open."""
    game = CheminGame(THREE, seed=3)
    session = open_session(game, {"Ana": "cautious"}, journal=True)
    session.play_computer()
    assert session.journal is not None
    session.journal.close()
    played = record_of(game)
    for path in journals():
        path.unlink()
    again = CheminGame(THREE, seed=3)
    for act in played.actions:
        again.apply(act)
    on = open_session(again, {}, journal=True)
    assert on.journal is not None and not on.journal.unborn
    (path,) = journals()
    assert read_journal(path).record.actions == again.actions
    on.journal.close()


def test_a_journal_that_cannot_be_made_stops_the_first_act_in_words(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The data folder cannot be written: the table opens all the same; its first act is
    not kept, the table says why and takes no further act until it can be."""
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("BANQUE_DATA_DIR", str(blocker / "data"))  # a folder under a file
    game = CheminGame(THREE, seed=3)
    seats = {"Ana": "cautious", "Bruno": "bold", "Chloé": "bold"}
    session = open_session(game, seats, journal=True)
    session.play_computer()
    assert len(game.actions) == 1
    problem = session.journal_problem()
    assert problem is not None and "journal" in tell(problem)
    with pytest.raises(IllegalAction):
        session.play_computer()
    assert len(game.actions) == 1 and journals() == []
    monkeypatch.setenv("BANQUE_DATA_DIR", str(tmp_path / "data"))  # it can be made now
    assert session.journal_problem() is None
    (path,) = journals()
    assert read_journal(path).record.actions == game.actions
    assert session.journal is not None
    session.journal.close()
