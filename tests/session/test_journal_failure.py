"""A journal that cannot be written is never silent, at any table (issue 18, item 3).

A full disk is simulated deterministically: ``os.write`` on a journal's file puts
half of its bytes on disk, then the next call fails with ENOSPC (as a real disk
that fills up in the middle of a write); ``fsync`` may fail with EIO; a folder is
removed or replaced by a file.  Everything else (the terminal, the sockets) writes
as usual.  After each failure: no torn line, the previous bytes intact; once the
disk frees, the acts made meanwhile follow and the game resumes exactly.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from banque.cli import main
from banque.core import journal as journal_mod
from banque.core.errors import IllegalAction
from banque.core.journal import Journal, games_dir, read_journal
from banque.core.messages import tell, tell_error
from banque.core.models import Bid, Deal, Pass
from banque.core.record import load_record
from banque.games.banque.game import Game
from banque.games.records import check_replay, list_games, record_of, reopen_journal, replay
from banque.session.session import Session
from banque.table.testing import (
    READY_10,
    THREE,
    WORKED,
    make_record,
    screen_text,
    settle,
    table_app,
    until,
)

FULL = "no space left on the disk"


class Disk:
    """The journals' disk: ``full`` (a write puts half its bytes, then ENOSPC), ``eio``
    (fsync fails), or fine (``None``).  Only files under the tests' data folder fail
    (``everything``: records and rescue files too, not only journals)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.state: str | None = None
        self.everything = False
        self._half = False
        self._write, self._fsync = os.write, os.fsync
        monkeypatch.setattr(journal_mod.os, "write", self.write)
        monkeypatch.setattr(journal_mod.os, "fsync", self.fsync)

    def _ours(self, fd: int) -> bool:
        try:
            where = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            return False
        if self.everything:
            return where.startswith(os.environ["BANQUE_DATA_DIR"]) or where.startswith(os.getcwd())
        return ".jsonl" in where

    def write(self, fd: int, data: Any) -> int:
        if self.state == "full" and self._ours(fd):
            if self._half or len(data) < 2:
                self._half = False
                raise OSError(errno.ENOSPC, "No space left on device")
            self._half = True  # half now (a short write), the rest fails
            return self._write(fd, bytes(data[: len(data) // 2]))
        return self._write(fd, data)

    def fsync(self, fd: int) -> None:
        if self.state == "eio" and self._ours(fd):
            raise OSError(errno.EIO, "Input/output error")
        self._fsync(fd)


@pytest.fixture
def disk(monkeypatch: pytest.MonkeyPatch) -> Disk:
    return Disk(monkeypatch)


def acts_json(actions: Any) -> list[dict[str, Any]]:
    from banque.core.record import _act_json

    return [json.loads(_act_json(a)) for a in actions]


def journal_acts(path: Path) -> list[dict[str, Any]]:
    return [json.loads(x) for x in path.read_text().splitlines()[1:] if '"act"' in x]


def whole(path: Path) -> bool:
    """Every line of the file is whole JSON (no torn line anywhere)."""
    data = path.read_bytes()
    if not data.endswith(b"\n"):
        return False
    try:
        for line in data.decode().splitlines():
            json.loads(line)
    except (ValueError, UnicodeDecodeError):
        return False
    return True


def robots(game: Game) -> Any:
    from banque.games.banque.players import computer_table

    return computer_table(game, list(game.participants))


def play(game: Game, bots: Any) -> None:
    from banque.games.banque.players import play_step

    if game.phase == "ended":
        game.apply(Bid(who=game.next_actor(), amount=1))
    else:
        assert play_step(game, bots)


# ---------------------------------------------------------------- the journal file


def test_a_full_disk_never_leaves_a_torn_line_and_the_acts_follow_when_it_frees(
    disk: Disk,
) -> None:
    game = Game(["Ana", "Bruno", "Chloé", "Dora"], 3)
    bots = robots(game)
    journal = Journal.create(record_of(game))
    path = journal.path
    good = path.read_bytes()
    for step in range(600):
        play(game, bots)
        disk.state = "full" if (step // 40) % 3 == 1 else None  # full for 40 acts in 120
        if journal.sync(game.actions):
            good = path.read_bytes()
            assert journal.failure is None
        else:
            assert journal.failure == FULL
            assert path.read_bytes() == good, "a failed write leaves the file as it was"
        assert whole(path)
    disk.state = None
    assert journal.sync(game.actions) and journal.kept
    assert whole(path)
    info = read_journal(path)
    assert info.dropped == 0 and acts_json(info.record.actions) == acts_json(game.actions)
    assert replay(info.record).game.report() == game.report()


def test_an_io_error_on_sync_cuts_back_and_is_said(disk: Disk) -> None:
    game = Game(THREE, 7)
    journal = Journal.create(record_of(game))
    before = journal.path.read_bytes()
    game.apply(Bid(who="Ana", amount=10))
    disk.state = "eio"
    assert not journal.sync(game.actions)
    assert journal.failure == "an input/output error" and not journal.kept
    assert journal.path.read_bytes() == before  # written but not synced: cut back
    game.apply(Pass(who="Bruno"))
    assert not journal.sync(game.actions)  # tried again, still failing
    disk.state = None
    assert journal.sync(game.actions)  # nothing new: the acts waiting are written
    assert journal_acts(journal.path) == acts_json(game.actions)


def test_a_retry_without_a_new_act_writes_what_waits(disk: Disk) -> None:
    game = Game(THREE, 7)
    journal = Journal.create(record_of(game))
    game.apply(Bid(who="Ana", amount=10))
    disk.state = "full"
    assert not journal.sync(game.actions)
    assert not journal.note("saved", path="/somewhere")  # kept for later, in its place
    disk.state = None
    assert journal.sync(game.actions)
    lines = journal.path.read_text().splitlines()
    assert json.loads(lines[1])["act"] == "bid" and json.loads(lines[2])["note"] == "saved"
    assert read_journal(journal.path).saved == ["/somewhere"]


def test_a_removed_folder_is_made_again_with_everything() -> None:
    game = Game(THREE, 7)
    journal = Journal.create(record_of(game))
    game.apply(Bid(who="Ana", amount=10))
    assert journal.sync(game.actions)
    shutil.rmtree(games_dir())  # the folder (and the journal) removed under the table
    game.apply(Pass(who="Bruno"))
    assert journal.sync(game.actions)
    assert journal.path.exists() and (journal.path.stat().st_mode & 0o777) == 0o600
    assert journal_acts(journal.path) == acts_json(game.actions)
    assert json.loads(journal.path.read_text().splitlines()[0])["format"] == "banque-journal/1"


def test_a_folder_that_cannot_be_made_again_fails_in_words_then_goes_on() -> None:
    game = Game(THREE, 7)
    journal = Journal.create(record_of(game))
    game.apply(Bid(who="Ana", amount=10))
    assert journal.sync(game.actions)
    folder = games_dir()
    shutil.rmtree(folder)
    folder.write_text("a file where the folder was\n")
    game.apply(Pass(who="Bruno"))
    assert not journal.sync(game.actions)
    assert journal.failure in ("a part of the path is not a folder", "it exists already")
    folder.unlink()
    assert journal.sync(game.actions)
    assert journal_acts(journal.path) == acts_json(game.actions)


def test_a_session_takes_no_act_while_its_journal_cannot_be_written(disk: Disk) -> None:
    game = Game(THREE, 7)
    session = Session(game)
    session.journal = Journal.create(record_of(game))
    path = session.journal.path
    session.forced()
    session.perform(Bid(who="Ana", amount=10))
    before = path.read_bytes()
    disk.state = "full"
    session.perform(Pass(who="Bruno"))  # applied; its line could not be written
    assert session.journal.failure == FULL and path.read_bytes() == before
    with pytest.raises(IllegalAction) as refused:
        session.perform(Pass(who="Chloé"))
    assert refused.value.rule == "journal"
    assert "journal cannot be written (no space left on the disk)" in tell_error(refused.value)
    assert [a.act for a in game.actions] == ["bid", "pass"]  # nothing taken meanwhile
    disk.state = None
    session.perform(Pass(who="Chloé"))  # the disk has room again: the act goes through
    assert journal_acts(path) == acts_json(game.actions)


# ---------------------------------------------------------------- a damaged tail


def damaged_journal(tail: bytes) -> tuple[Path, Game]:
    game = Game(THREE, 7)
    journal = Journal.create(record_of(game))
    game.apply(Bid(who="Ana", amount=10))
    game.apply(Pass(who="Bruno"))
    assert journal.sync(game.actions)
    journal.close()
    with open(journal.path, "ab") as fh:
        fh.write(tail)
    return journal.path, game


def test_garbage_in_the_middle_keeps_the_good_prefix_and_says_what_was_dropped(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path, game = damaged_journal(
        b'{"act": "pass", "wh\n'  # a torn line, retried acts after it (the old bug)
        b'{"act": "pass", "who": "Chlo\xc3\xa9"}\n'
        b'{"act": "shuffle"}\n'
    )
    info = read_journal(path)  # the good part stays readable
    assert acts_json(info.record.actions) == acts_json(game.actions) and info.dropped == 3
    result = check_replay(info)
    assert info.damage is not None
    said = tell(info.damage)
    assert said == (
        "The last 3 lines of the journal were damaged and dropped: the game resumes at "
        "bank 1, coup 1."
    )
    assert result.game.report() == game.report()
    # banque games still lists it (unfinished, readable).
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert path.stem in out and "unreadable" not in out
    assert [e.state for e in list_games()] == ["unfinished"]
    # Resuming cuts the damage (kept apart first) and goes on after the good part.
    journal, info = reopen_journal(path)
    assert "The dropped lines are kept in" in tell(info.damage)
    kept = path.with_suffix(".dropped")
    assert b"shuffle" in kept.read_bytes()
    assert info.replay is not None
    resumed = info.replay.game
    resumed.apply(Pass(who="Chloé"))
    assert journal.sync(resumed.actions)
    journal.close()
    assert whole(path)
    assert [a.act for a in read_journal(path).record.actions] == ["bid", "pass", "pass"]
    assert read_journal(path).dropped == 0


def test_an_act_that_does_not_replay_is_dropped_with_what_follows() -> None:
    path, game = damaged_journal(
        b'{"act": "bid", "who": "Chlo\xc3\xa9", "amount": 5000}\n{"act": "shuffle"}\n'
    )
    journal, info = reopen_journal(path)
    journal.close()
    assert info.replay is not None and info.replay.error is None
    assert acts_json(info.record.actions) == acts_json(game.actions)
    assert info.damage is not None and "The last 2 lines" in tell(info.damage)
    assert [a.act for a in load_record(path).actions] == ["bid", "pass"]


def test_bytes_that_are_not_text_end_the_good_part() -> None:
    path, game = damaged_journal(b"\x00\x00\xff\xfe\n\x00\x00")
    info = read_journal(path)
    assert acts_json(info.record.actions) == acts_json(game.actions)
    assert info.dropped == 2


def test_a_torn_last_line_alone_is_said_too() -> None:
    path, _game = damaged_journal(b'{"act": "pass", "who": "Chl')
    _journal, info = reopen_journal(path)
    _journal.close()
    assert info.damage is not None and "The last line of the journal" in tell(info.damage)
    assert not path.with_suffix(".dropped").exists()  # a part line: nothing worth keeping


# ---------------------------------------------------------------- the banque table


@pytest.mark.pilot
async def test_the_table_refuses_acts_says_why_and_goes_on_by_itself(disk: Disk) -> None:
    app = table_app(record=make_record(THREE, READY_10, shoe=WORKED))
    async with app.run_test(size=(100, 30)) as pilot:
        session = app.session
        assert session is not None and session.journal is not None
        path = session.journal.path
        disk.state = "full"
        await pilot.press("enter")  # Bruno stakes 5: applied, not written
        await settle(pilot)
        acts = len(session.game.actions)
        assert whole(path) and len(journal_acts(path)) == acts - 1
        text = screen_text(app)
        assert "journal cannot be written (no space left on the disk)" in text
        assert "ctrl+s saves the record elsewhere" in text
        await pilot.press("p")  # Chloé would pass: refused, said, nothing done
        await settle(pilot)
        assert len(session.game.actions) == acts
        assert "no act is taken until it can be" in screen_text(app)
        for _ in range(3):  # the banner stays (not a toast): after a while still there
            await pilot.pause(0.5)
        assert "journal cannot be written" in screen_text(app)
        disk.state = None
        await until(pilot, lambda: session.journal is not None and session.journal.kept, 10.0)
        await settle(pilot)
        assert "journal cannot be written" not in screen_text(app)
        assert journal_acts(path) == acts_json(session.game.actions)
        await pilot.press("p")  # and the table takes acts again
        await settle(pilot)
        assert len(session.game.actions) == acts + 1
        assert journal_acts(path) == acts_json(session.game.actions)


@pytest.mark.pilot
async def test_watch_mode_pauses_the_computers_and_loses_nothing(disk: Disk) -> None:
    app = table_app(seed=5, kinds=["bold", "bold", "cautious"], participants=THREE, pace=0.0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # setup: a table of computers plays by itself
        await until(pilot, lambda: app.session is not None and len(app.session.game.actions) > 8)
        session = app.session
        assert session is not None and session.journal is not None
        path = session.journal.path
        disk.state = "full"
        await until(pilot, lambda: app.journal_notice() is not None)
        stopped = len(session.game.actions)
        for _ in range(8):  # settlements come and go no more: the computers wait
            await pilot.pause(0.25)
        assert len(session.game.actions) == stopped
        assert "journal cannot be written" in screen_text(app) and whole(path)
        disk.state = None
        await until(pilot, lambda: len(session.game.actions) > stopped + 10, 20.0)
        assert app.journal_notice() is None
        await pilot.press("space")  # pause, and compare the journal with the game
        await settle(pilot)
        assert session.journal.sync(session.game.actions)
        assert journal_acts(path) == acts_json(session.game.actions)
        info = read_journal(path)
        assert replay(info.record).game.report() == session.game.report()


@pytest.mark.pilot
async def test_quitting_while_the_journal_fails_never_says_kept(
    disk: Disk, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    app = table_app(record=make_record(THREE, READY_10, shoe=WORKED), save_dir=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        disk.state = "full"
        await pilot.press("enter")
        await settle(pilot)
        session = app.session
        assert session is not None
        await pilot.press("ctrl+q")
        await settle(pilot)
    said = app.farewell
    assert "Game kept" not in said
    assert "could not be written (no space left on the disk)" in said
    assert "its last act is not kept" in said and "The whole record was written to" in said
    rescued = Path(said.split("The whole record was written to ")[1].split(" (banque")[0])
    assert acts_json(load_record(rescued).actions) == acts_json(session.game.actions)


@pytest.mark.pilot
async def test_with_nowhere_to_write_the_exit_line_says_the_acts_are_lost(
    disk: Disk, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    app = table_app(record=make_record(THREE, READY_10, shoe=WORKED), save_dir=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        disk.state, disk.everything = "full", True
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("ctrl+q")
        await settle(pilot)
    assert "Game kept" not in app.farewell
    assert "No record could be written anywhere either" in app.farewell


@pytest.mark.pilot
async def test_resume_of_a_damaged_journal_says_what_was_dropped() -> None:
    path, _game = damaged_journal(b'{"act": "pass", "wh\n{"act": "pass", "who": "Bruno"}\n')
    app = table_app(resume=path)
    async with app.run_test(size=(100, 30)) as pilot:
        said = "The last 2 lines of the journal were damaged and dropped"
        await until(pilot, lambda: any(said in n.message for n in app._notifications), 10.0)
        assert app.session is not None and len(app.session.game.actions) == 2


# ---------------------------------------------------------------- the two-hand tables


@pytest.mark.pilot
async def test_resume_of_a_damaged_two_hand_journal_says_what_was_dropped() -> None:
    """A punto banco journal with a torn tail: its table opens on the good part, says
    what was dropped, and its computer goes on where it was."""
    from banque.games.punto_banco.game import PuntoGame
    from banque.session.two_hands import new_journal, open_session
    from banque.table.app import BanqueApp
    from banque.table.punto_app import PuntoTable

    game = PuntoGame(["Ana", "Bob"], seed=7)
    session = open_session(game, {"Bob": "bold"}, journal=new_journal(game, {"Bob": "bold"}, 0))
    session.perform_together([("Ana", Deal())], ["Ana"])  # Bob bets, the coup is dealt
    assert session.journal is not None and session.sync_journal()
    session.journal.close()
    with open(session.journal.path, "ab") as fh:
        fh.write(b'{"act": "bet", "wh\n')
    app = BanqueApp(resume=session.journal.path, toast_seconds=30)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        said = "damaged and dropped"
        await until(pilot, lambda: any(said in n.message for n in app._notifications), 10.0)
        table = app.table
        assert isinstance(table, PuntoTable) and table.game.actions == game.actions
        drawn = session.computers["Bob"].rng.draws
        assert drawn > 0 and table.seats["Bob"].rng.draws == drawn


@pytest.mark.pilot
async def test_chemin_de_fer_stops_says_why_and_goes_on(disk: Disk) -> None:
    from banque.games.chemin_de_fer.game import CheminGame
    from banque.session.two_hands import new_journal
    from banque.table.chemin_app import chemin_table_app

    from ..table.test_chemin_app import FIVE

    game = CheminGame(THREE, seed=1, shoe=FIVE)
    journal = new_journal(game, {}, 0)
    app = chemin_table_app(game, list(THREE), {}, pace=0, journal=journal)
    app.animation_level = "none"
    async with app.run_test(size=(100, 30)) as pilot:
        disk.state = "full"
        await pilot.press("1", "5", "enter")  # Ana's bank of 15: played, not written
        await settle(pilot)
        acts = len(game.actions)
        assert whole(journal.path) and "journal cannot be written" in screen_text(app)
        punter = app.table.actor()
        assert punter in THREE and punter != "Ana"
        await pilot.press("5", "enter")  # a stake: refused while the journal fails
        await settle(pilot)
        assert len(game.actions) == acts and "no act is taken" in app.table.message
        assert "no act is taken" in screen_text(app)
        disk.state = None
        await until(pilot, lambda: journal.kept, 10.0)
        await settle(pilot)
        assert "journal cannot be written" not in screen_text(app)
        assert app.table.entry == "5"  # what was typed stays: Enter plays it now
        await pilot.press("enter")
        await settle(pilot)
        assert len(game.actions) == acts + 1, app.table.message
        assert journal_acts(journal.path) == acts_json(game.actions)


@pytest.mark.pilot
async def test_chemin_de_fer_computers_wait_for_the_journal(disk: Disk) -> None:
    from banque.games.chemin_de_fer.game import CheminGame
    from banque.session.two_hands import new_journal
    from banque.table.chemin_app import chemin_table_app

    game = CheminGame(THREE, seed=4)
    computers = {n: "bold" for n in THREE}
    journal = new_journal(game, computers, 0.01)
    app = chemin_table_app(game, [], computers, pace=0.01, journal=journal)
    app.animation_level = "none"
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: len(game.actions) > 5)
        disk.state = "full"
        await until(pilot, lambda: app.journal_notice() is not None)
        stopped = len(game.actions)
        for _ in range(6):
            await pilot.pause(0.25)
        assert len(game.actions) == stopped and whole(journal.path)
        disk.state = None
        await until(pilot, lambda: len(game.actions) > stopped + 5, 20.0)
    journal.sync(game.actions)
    assert journal_acts(journal.path) == acts_json(game.actions)


@pytest.mark.pilot
async def test_chemin_de_fer_standings_never_claim_a_journal_that_stopped(disk: Disk) -> None:
    from banque.games.chemin_de_fer.game import CheminGame
    from banque.session.two_hands import new_journal
    from banque.table.chemin_app import chemin_table_app

    from ..table.test_chemin_app import FIVE

    game = CheminGame(THREE, seed=1, shoe=FIVE)
    computers = {"Bruno": "cautious", "Chloé": "cautious"}
    journal = new_journal(game, computers, 0)
    app = chemin_table_app(game, ["Ana"], computers, pace=0, journal=journal)
    app.animation_level = "none"
    async with app.run_test(size=(100, 30)) as pilot:
        disk.state = "full"
        await pilot.press("e")  # the game ends: its last act not written
        await settle(pilot)
        assert game.phase == "ended"
        text = " ".join(screen_text(app).split())
        assert "The journal keeps the finished game" not in text
        assert "does not keep the end of this game yet" in text
        disk.state = None
        await until(pilot, lambda: journal.kept, 10.0)
        await settle(pilot)
        assert "The journal keeps the finished game" in " ".join(screen_text(app).split())
    assert read_journal(journal.path).ended


def test_the_two_hand_farewell_is_honest(disk: Disk, tmp_path: Path) -> None:
    from banque.games.punto_banco.game import PuntoGame
    from banque.session.two_hands import farewell, new_journal, open_session

    game = PuntoGame(["Ana"], seed=7)
    session = open_session(game, {}, journal=new_journal(game, {}, 0.6))
    game.bet("Ana", "banker", 5)
    game.deal()
    disk.state = "full"
    assert not session.sync_journal()
    said = farewell(session, kept=False, pace=0.6)
    assert "is kept as" not in said and "its last" in said and "not kept" in said
    rescued = Path(said.split("The whole record was written to ")[1].split(" (banque")[0])
    assert acts_json(load_record(rescued).actions) == acts_json(game.actions)


@pytest.mark.pilot
async def test_punto_banco_stops_says_why_and_goes_on(disk: Disk) -> None:
    from banque.games.punto_banco.game import PuntoGame
    from banque.session.two_hands import new_journal
    from banque.table.punto_app import punto_table_app

    game = PuntoGame(["Ana"], seed=7)
    journal = new_journal(game, {}, 0)
    app = punto_table_app(game, ["Ana"], {}, journal=journal)
    app.animation_level = "none"
    async with app.run_test(size=(100, 30)) as pilot:
        disk.state = "full"
        await pilot.press("b", "enter")  # a coup dealt: not written
        await settle(pilot)
        acts = len(game.actions)
        assert whole(journal.path) and "journal cannot be written" in screen_text(app)
        await pilot.press("b", "enter")  # refused: the bet stays placed
        await settle(pilot)
        assert len(game.actions) == acts and app.table.pending
        disk.state = None
        await until(pilot, lambda: journal.kept, 10.0)
        await pilot.press("enter")
        await settle(pilot)
        assert len(game.actions) > acts
        assert journal_acts(journal.path) == acts_json(game.actions)


# ---------------------------------------------------------------- the hosted table


class Recorder:
    """A seat's link that keeps what the table sends it (decoded)."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def send(self, data: bytes) -> None:
        self.sent.append(json.loads(data))

    def close(self) -> None:
        pass


def test_the_hosted_table_tells_every_seat_and_refuses_acts(disk: Disk) -> None:
    from banque.net.server import close_journal

    from ..net.test_net_socket import make_table

    table = make_table()
    session = table.session
    session.journal = Journal.create(record_of(session.game))
    path = session.journal.path
    told: list[Any] = []
    table.on_journal = told.append
    links = {}
    for who in ("Ana", "Bruno", None):
        link = Recorder()
        joined = table.connect(link)
        hello = {"v": 1, "type": "hello", **({"seat": who} if who else {"spectator": True})}
        table.receive(joined, json.dumps(hello).encode(), uid=os.getuid())
        links[who] = (link, joined)

    def act(who: str, ident: str, **fields: Any) -> dict[str, Any]:
        link, joined = links[who]
        message = {"v": 1, "type": "act", "id": ident, "turn": table.turn, **fields}
        table.receive(joined, json.dumps(message).encode())
        return next(m for m in reversed(link.sent) if m.get("id") == ident)

    assert act("Ana", "a1", act="bid", amount=10)["type"] == "ack"
    disk.state = "full"
    assert act("Bruno", "b1", act="pass")["type"] == "ack"  # applied, not written
    assert whole(path) and len(journal_acts(path)) == 1
    for who in ("Ana", "Bruno", None):
        sent = links[who][0].sent
        notice = [m for m in sent if m.get("type") == "error" and m.get("code") == "journal"]
        assert notice and FULL in notice[-1]["message"]
        view = [m for m in sent if m.get("type") == "view"][-1]
        assert FULL in view["journal"]["message"] and FULL in view["board"]["prompt"]
        if who is not None:
            assert view["you"] == {"to_act": False, "acts": []}
    assert told and told[-1] is not None and FULL in tell(told[-1])
    # Chloé's pass: refused with the reason, nothing done; the pacer only retries.
    chloe = Recorder()
    joined = table.connect(chloe)
    table.receive(joined, b'{"v":1,"type":"hello","seat":"Chlo\xc3\xa9"}', uid=os.getuid())
    links["Chloé"] = (chloe, joined)
    before = list(session.game.actions)
    reply = act("Chloé", "c1", act="pass")
    assert reply["type"] == "error" and reply["code"] == "journal" and FULL in reply["message"]
    assert session.game.actions == before
    assert table.due() is not None and not table.step()
    disk.state = None
    assert table.step()  # the retry works: every seat gets a view without the notice
    assert told[-1] is None
    view = [m for m in links["Ana"][0].sent if m.get("type") == "view"][-1]
    assert "journal" not in view
    assert act("Chloé", "c1", act="pass")["type"] == "ack"  # the same id: not remembered
    assert journal_acts(path) == acts_json(session.game.actions)
    assert "Game kept" in close_journal(session, table.pace)


def test_the_host_never_says_kept_when_it_is_not(disk: Disk) -> None:
    from banque.net.server import close_journal

    from ..net.test_net_socket import make_table

    table = make_table()
    session = table.session
    session.journal = Journal.create(record_of(session.game))
    session.perform(Bid(who="Ana", amount=10))
    disk.state = "full"
    session.perform_raw(Pass(who="Bruno"))
    said = close_journal(session, table.pace)
    assert "Game kept" not in said and "Game over" not in said
    assert "its last act is not kept" in said and "The whole record was written to" in said
    rescued = Path(said.split("The whole record was written to ")[1].split(" (banque")[0])
    assert acts_json(load_record(rescued).actions) == acts_json(session.game.actions)


# ---------------------------------------------------------------- a journal not even created


def test_a_journal_that_cannot_be_created_is_made_with_everything_once_it_can(
    disk: Disk,
) -> None:
    game = Game(list(THREE), 7)
    session = Session(game)
    disk.state = "full"
    with pytest.raises(OSError):
        Journal.create(record_of(game))
    session.journal = Journal.later(
        lambda: record_of(game), OSError(errno.ENOSPC, "No space left on device")
    )
    assert session.journal.unborn and not session.journal.kept
    assert list(games_dir().glob("*.jsonl")) == []  # no file, not even an empty one
    problem = session.journal_problem()
    assert problem is not None and FULL in tell(problem)
    with pytest.raises(IllegalAction):  # no act while nothing is on disk
        session.perform(Bid(who=THREE[0], amount=10))
    assert game.actions == []
    disk.state = None
    assert session.journal_problem() is None  # created now, by the retry itself
    session.perform(Bid(who=THREE[0], amount=10))
    path = session.journal.path
    assert not session.journal.unborn and whole(path)
    assert journal_acts(path) == acts_json(game.actions)


def test_the_not_kept_line_of_a_journal_never_created_says_so() -> None:
    from banque.core.journal import not_kept_msg

    game = Game(list(THREE), 7)
    journal = Journal.later(lambda: record_of(game), OSError(errno.ENOSPC, "No space"))
    said = tell(not_kept_msg(journal, None))
    assert "could not be created" in said and "no space left on the disk" in said


@pytest.mark.pilot
async def test_the_table_with_no_journal_yet_takes_no_act_and_goes_on_once_created(
    disk: Disk,
) -> None:
    disk.state = "full"
    app = table_app(record=make_record(THREE, READY_10, shoe=WORKED))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        session = app.session
        assert session is not None and session.journal is not None
        assert session.journal.unborn
        acts = len(session.game.actions)
        assert "journal cannot be written (no space left on the disk)" in screen_text(app)
        await pilot.press("enter")  # refused, said, nothing done
        await settle(pilot)
        assert len(session.game.actions) == acts
        disk.state = None
        await until(pilot, lambda: session.journal is not None and session.journal.kept, 10.0)
        await settle(pilot)
        assert "journal cannot be written" not in screen_text(app)
        path = session.journal.path
        assert journal_acts(path) == acts_json(session.game.actions)
        await pilot.press("enter")  # the table takes acts again, and writes them
        await settle(pilot)
        assert len(session.game.actions) == acts + 1
        assert journal_acts(path) == acts_json(session.game.actions)


def test_the_host_does_not_open_a_table_whose_journal_cannot_be_created(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    monkeypatch.setenv("BANQUE_DATA_DIR", str(blocker))
    monkeypatch.setenv("BANQUE_RUNTIME_DIR", str(tmp_path / "run"))
    (tmp_path / "run").mkdir(mode=0o700)
    status = main(["host", "--log", "--players", "Ana,Bruno,Chloé", "--computer", "Bruno"])
    err = capsys.readouterr().err
    assert status == 2 and "Traceback" not in err
    assert "journal cannot be created" in err and "the table does not open" in err
    assert "--no-journal" in err and len(err.strip().splitlines()) == 1
