"""Nothing is ever lost: the journal, resume, saves, crashes and signals.

The journal is the record written as the game goes (JSON Lines, appended
and synced after every act, in the data directory).  The tests use a data
directory of their own (tests/conftest.py sets ``BANQUE_DATA_DIR``).
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import random
import select
import signal
import stat
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from banque.cli import main
from banque.core import journal as journal_mod
from banque.core.errors import RecordError
from banque.core.journal import Journal, atomic_write, data_dir, games_dir, read_journal
from banque.core.models import Bid, Pass, Retire, Stand
from banque.core.record import dump_record, load_record
from banque.games.banque.game import Game
from banque.games.records import list_games, record_of, reopen_journal, replay
from banque.session.session import Session
from banque.table.keeping import ResumeOfferScreen
from banque.table.screens import ConfirmScreen, SetupScreen, StandingsScreen, TableScreen
from banque.table.testing import (
    FOUR,
    READY_10,
    THREE,
    WORKED,
    make_record,
    screen_text,
    settle,
    table_app,
    until,
)

from ..sessions import play_to

ROOT = Path(__file__).resolve().parents[2]


def journal_acts(path: Path) -> list[dict[str, Any]]:
    return [json.loads(x) for x in path.read_text().splitlines()[1:] if '"act"' in x]


def acts_json(game: Game) -> list[dict[str, Any]]:
    from banque.core.record import _act_json

    return [json.loads(_act_json(a)) for a in game.actions]


# ---------------------------------------------------------------- the journal file


def test_the_data_directory_is_the_tests_own(tmp_path: Path) -> None:
    assert str(data_dir()) == os.environ["BANQUE_DATA_DIR"]
    assert "pytest" in str(data_dir()) or "tmp" in str(data_dir())


def test_a_journal_is_private_appended_and_synced() -> None:
    game = Game(THREE, 7)
    journal = Journal.create(record_of(game, computers={"Bruno": "bold"}, pace=0.3))
    folder = journal.path.parent
    assert folder == games_dir()
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE(data_dir().stat().st_mode) == 0o700
    assert stat.S_IMODE(journal.path.stat().st_mode) == 0o600
    head = json.loads(journal.path.read_text().splitlines()[0])
    assert head["format"] == "banque-journal/1"
    assert head["computers"] == {"Bruno": "bold"} and head["pace"] == 0.3
    sizes = []
    game.apply(Bid(who="Ana", amount=10))
    for who in ("Bruno", "Chloé"):
        game.apply(Pass(who=who))
        before = journal.path.stat().st_size
        assert journal.sync(game.actions)
        sizes.append(journal.path.stat().st_size - before)
    # Each sync appends only what is new: the first carries two acts, the second one.
    assert sizes[1] == len('{"act": "pass", "who": "Chloé"}\n'.encode())
    assert journal.written == 3
    info = read_journal(journal.path)
    assert [a.act for a in info.record.actions] == ["bid", "pass", "pass"]
    assert info.record.computers == {"Bruno": "bold"} and info.record.pace == 0.3
    assert not info.ended


def test_an_act_costs_the_same_however_long_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """The journal appends: the bytes written for one act do not grow with the game."""
    game = Game(FOUR, 3)
    from banque.games.banque.players import computer_table, play_step

    journal = Journal.create(record_of(game))
    writes: list[int] = []
    real_write = os.write

    def counting(fd: int, data: Any) -> int:
        writes.append(len(data))
        return real_write(fd, data)

    monkeypatch.setattr(journal_mod.os, "write", counting)
    monkeypatch.setattr(journal_mod.os, "fsync", lambda fd: None)  # speed only
    bots = computer_table(game, FOUR)
    per_act: list[int] = []
    for _ in range(3000):
        if game.phase == "ended":
            game.apply(Bid(who=game.next_actor(), amount=1))
        else:
            assert play_step(game, bots)
        writes.clear()
        journal.sync(game.actions)
        per_act.append(sum(writes))
    assert max(per_act) < 200, "one act is one short line, never the whole game"
    assert len(read_journal(journal.path).record.actions) == len(game.actions)


def test_a_torn_last_line_is_ignored_and_cut_on_resume() -> None:
    game = Game(THREE, 7)
    journal = Journal.create(record_of(game))
    game.apply(Bid(who="Ana", amount=10))
    journal.sync(game.actions)
    journal.close()
    with open(journal.path, "ab") as fh:
        fh.write(b'{"act": "pass", "who": "Bru')  # killed in the middle of a write
    info = read_journal(journal.path)
    assert info.torn and [a.act for a in info.record.actions] == ["bid"]
    assert [a.act for a in load_record(journal.path).actions] == ["bid"]
    again, info = reopen_journal(journal.path)
    game.apply(Pass(who="Bruno"))
    again.sync(game.actions)
    again.close()
    lines = journal.path.read_text().splitlines()
    assert json.loads(lines[-1]) == {"act": "pass", "who": "Bruno"}
    assert [a.act for a in read_journal(journal.path).record.actions] == ["bid", "pass"]


def test_a_broken_line_in_the_middle_keeps_the_good_part() -> None:
    game = Game(THREE, 7)
    journal = Journal.create(record_of(game))
    journal.close()
    with open(journal.path, "a") as fh:
        fh.write("not json\n")
        fh.write('{"act": "bid", "who": "Ana", "amount": 10}\n')
    info = read_journal(journal.path)  # the head alone is good: nothing after it is kept
    assert info.record.actions == [] and info.dropped == 2


def test_a_journal_is_never_read_through_a_symbolic_link(tmp_path: Path) -> None:
    journal = Journal.create(record_of(Game(THREE, 7)))
    link = tmp_path / "link.jsonl"
    link.symlink_to(journal.path)
    with pytest.raises(RecordError, match="cannot be read"):
        read_journal(link)


def test_replay_reads_a_journal(capsys: pytest.CaptureFixture[str]) -> None:
    game = Game(THREE, 7)
    journal = Journal.create(record_of(game))
    for act in READY_10:
        game.apply(make_record(THREE, [act]).actions[0])
    journal.sync(game.actions)
    assert main(["replay", str(journal.path)]) == 0
    out = capsys.readouterr().out
    assert "Ana holds bank 1" in out


# ---------------------------------------------------------------- atomic saves


def test_a_failed_save_leaves_the_previous_file_intact(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    atomic_write(path, '{"good": true}\n')

    def full(fd: int, data: Any) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(journal_mod.os, "write", full)
    with pytest.raises(OSError, match="No space"):
        atomic_write(path, '{"newer": true}\n')
    assert path.read_text() == '{"good": true}\n'
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary left


def test_a_save_never_writes_through_a_symbolic_link(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere.txt"
    target.write_text("precious")
    link = tmp_path / "game.json"
    link.symlink_to(target)
    with pytest.raises(OSError, match="symbolic link"):
        atomic_write(link, "{}")
    assert target.read_text() == "precious"


@pytest.mark.pilot
async def test_ctrl_s_after_record_file_saves_to_that_file(tmp_path: Path) -> None:
    rec = tmp_path / "mine.json"
    rec.write_text(dump_record(make_record(THREE, READY_10)))
    app = table_app(record=str(rec), save_dir=tmp_path / "other")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("enter")  # Bruno stakes the offered 5
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert "Record updated: " in screen_text(app).replace("\n", " ")
        session = app.session
        assert session is not None
        saved = load_record(rec)
        assert saved.actions == session.game.actions
        assert not (tmp_path / "other").exists()


@pytest.mark.pilot
async def test_a_failed_save_says_why_and_keeps_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rec = tmp_path / "mine.json"
    text = dump_record(make_record(THREE, READY_10))
    rec.write_text(text)
    app = table_app(record=str(rec))
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.press("enter")
        await settle(pilot)
        real_fsync = os.fsync

        def full(fd: int) -> None:
            if os.fstat(fd).st_size and stat.S_ISREG(os.fstat(fd).st_mode):
                raise OSError(errno.ENOSPC, "No space left on device")
            real_fsync(fd)

        monkeypatch.setattr(journal_mod.os, "fsync", full)
        await pilot.press("ctrl+s")
        await settle(pilot)
        said = " ".join(n.message for n in app._notifications)
        assert "could not be saved" in said and "no space left on the disk" in said
        assert rec.read_text() == text


# ---------------------------------------------------------------- the table writes it


@pytest.mark.pilot
async def test_every_act_at_the_table_is_in_the_journal_at_once() -> None:
    app = table_app(record=make_record(THREE, READY_10, shoe=WORKED))
    async with app.run_test(size=(80, 24)) as pilot:
        session = app.session
        assert session is not None and session.journal is not None
        path = session.journal.path
        assert journal_acts(path) == acts_json(session.game)
        await pilot.press("enter")  # Bruno stakes 5
        await settle(pilot)
        assert journal_acts(path) == acts_json(session.game)
        await pilot.press("p")  # Chloé passes
        await settle(pilot)
        assert journal_acts(path)[-1] == {"act": "pass", "who": "Chloé"}
        await pilot.press("enter")  # Ana deals; the sides' forced moves follow
        await settle(pilot)
        assert journal_acts(path) == acts_json(session.game)
        assert "deal" in [a["act"] for a in journal_acts(path)]


@pytest.mark.pilot
async def test_a_game_from_setup_keeps_its_computers_and_pace_in_the_journal() -> None:
    app = table_app(seed=5, kinds=["human", "bold", "cautious"], participants=THREE, pace=0.0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("enter")
        await settle(pilot)
        session = app.session
        assert session is not None and session.journal is not None
        await pilot.press("enter")  # Ana's bid: the first act writes the journal
        await until(pilot, lambda: session.journal is not None and not session.journal.unborn)
        info = read_journal(session.journal.path)
        assert info.record.computers == {"Bruno": "bold", "Chloé": "cautious"}
        assert info.record.pace == 0.0
        assert info.record.participants == THREE


@pytest.mark.pilot
async def test_resume_is_where_the_game_was() -> None:
    app = table_app(record=make_record(THREE, READY_10, shoe=WORKED), kinds={"Chloé": "bold"})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # Bruno stakes 5; Chloé (a computer) speaks
        await until(
            pilot, lambda: app.session is not None and app.session.stage() == "dealing", 20.0
        )
        await pilot.press("enter")  # Ana deals
        await settle(pilot)
        session = app.session
        assert session is not None and session.journal is not None
        path = session.journal.path
        stage, prompt = session.stage(), session.prompt()
        report = session.game.report()
        table = screen_text(app)
    again = table_app(resume=path)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        resumed = again.session
        assert resumed is not None
        assert isinstance(again.screen, TableScreen)
        assert (resumed.stage(), resumed.prompt()) == (stage, prompt)
        assert resumed.game.report() == report
        assert resumed.kind("Chloé") == "computer" and resumed.styles == {"Chloé": "bold"}
        board = [ln for ln in screen_text(again).splitlines()[1:12]]
        assert board == table.splitlines()[1:12]
        assert stage == "decision" and "Ana, the banker, chooses" in prompt
        # Ana hands over, looks, stands: the game goes on in the same journal.
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        assert resumed.journal is not None and resumed.journal.path == path
        assert journal_acts(path) == acts_json(resumed.game)
        assert journal_acts(path)[-1] == {"act": "stand", "side": "banker"}


@pytest.mark.pilot
async def test_quitting_between_banks_ends_the_game_and_games_lists_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    acts = [
        *READY_10,
        {"act": "wager", "who": "Bruno", "amount": 5},
        {"act": "deal"},
        {"act": "stand", "side": "banker"},
        {"act": "retire"},
    ]
    record = make_record(THREE, acts, shoe=WORKED)
    assert replay(record).game.phase == "ended"
    app = table_app(record=record)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StandingsScreen), 20.0)
        await pilot.press("ctrl+q")
        await settle(pilot)
    assert "Game over" in app.farewell
    unfinished = table_app(record=make_record(THREE, READY_10))
    async with unfinished.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+q")
        await settle(pilot)
    assert "Game kept" in unfinished.farewell
    states = sorted(e.state for e in list_games())
    assert states == ["finished", "unfinished"]
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "unfinished" in out and "finished" in out and "Ana, Bruno, Chloé" in out
    assert "banque --resume continues" in out
    assert out.count("Baccarat Banque, home rules") == 2  # each game named, with its house
    entries = list_games()
    assert main(["games", "--remove", "no-such-game"]) == 2
    assert "no game 'no-such-game'" in capsys.readouterr().err
    assert len(list_games()) == 2  # a refusal removes nothing
    assert main(["games", "--remove", entries[0].id]) == 0
    assert f"Removed 1 game: {entries[0].id}." in capsys.readouterr().out
    assert [e.id for e in list_games()] == [entries[1].id]


@pytest.mark.pilot
async def test_starting_offers_to_continue_an_unfinished_game() -> None:
    first = table_app(record=make_record(THREE, READY_10))
    async with first.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # Bruno stakes 5
        await pilot.press("ctrl+q")
        await settle(pilot)
    assert first.session is not None
    kept = first.session.game.report()
    app = table_app(offer_resume=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ResumeOfferScreen)
        assert "Continue the unfinished game?" in screen_text(app)
        # which game it is, and which house (issue 21)
        assert "Baccarat Banque, home rules" in " ".join(screen_text(app).split())
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.session is not None and app.session.game.report() == kept
    fresh = table_app(offer_resume=True)
    async with fresh.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(fresh.screen, ResumeOfferScreen)
        await pilot.press("n")  # one key: a new game
        await settle(pilot)
        assert isinstance(fresh.screen, SetupScreen)


@pytest.mark.pilot
async def test_ctrl_q_never_asks_about_unsaved_state() -> None:
    app = table_app(record=make_record(THREE, READY_10))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+q")
        await settle(pilot)
        assert not isinstance(app.screen, ConfirmScreen)
    assert app.return_value == 0
    assert "Game kept — `banque --resume` continues it" in app.farewell


# ---------------------------------------------------------------- the fresh auction


def test_a_fresh_auction_everyone_passes_one_line_and_the_acts_in_order() -> None:
    acts = [*READY_10, {"act": "wager", "who": "Bruno", "amount": 5}, {"act": "deal"}]
    result = replay(make_record(THREE, acts, shoe=WORKED))
    session = Session.from_replay(result)
    game = session.game
    session.perform(Stand(side="banker"))
    session.continue_after_settlement()
    session.perform(Retire())
    session.new_bank()
    start = len(game.actions)
    shown: list[str] = []
    for who in ("Ana", "Bruno", "Chloé"):  # nobody bids
        shown += [ev.text for ev in session.perform(Pass(who=who))]
    assert "Nobody bid: the auction opens again." in shown
    session.perform(Pass(who="Ana"))
    session.perform(Bid(who="Bruno", amount=10))
    fresh_lines = [m.text for m in session.messages if m.text.startswith("A fresh bank")]
    assert fresh_lines == ["A fresh bank: the auction for bank 2 opens."]
    order = [(a.act, a.who) for a in game.actions[start:]]  # type: ignore[union-attr]
    assert order == [
        ("pass", "Ana"),
        ("pass", "Bruno"),
        ("pass", "Chloé"),
        ("pass", "Ana"),
        ("bid", "Bruno"),
    ]
    # The record replays to the same game, in the same order.
    again = replay(record_of(game))
    assert again.error is None and again.game.report() == game.report()
    fresh_replayed = [e.text for e in again.events if e.text.startswith("A fresh bank")]
    assert fresh_replayed == ["A fresh bank: the auction for bank 2 opens."]


# ---------------------------------------------------------------- the command line


def test_computer_must_be_a_participant(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = tmp_path / "r.json"
    rec.write_text(dump_record(make_record(THREE, READY_10)))
    assert main(["--record", str(rec), "--computer", "Zoé"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "--computer Zoé: not a participant" in err and "Ana, Bruno, Chloé" in err
    assert main(["--computer", "Zoé"]) == 2
    assert "not a participant" in capsys.readouterr().err


def test_resume_without_a_game_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--resume"]) == 2
    assert capsys.readouterr().err == (
        "banque: no unfinished game to resume (banque games lists them)\n"
    )
    assert main(["--resume", "nosuchgame"]) == 2
    assert "no game 'nosuchgame'" in capsys.readouterr().err
    assert main(["games"]) == 0
    assert "No games yet" in capsys.readouterr().out


# ---------------------------------------------------------------- a real terminal


class Pty:
    """``banque`` in a pseudo-terminal of 100×30, its output drained by a thread."""

    def __init__(self, args: list[str], env: dict[str, str], code: str | None = None) -> None:
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        cmd = [
            sys.executable,
            "-c",
            code or "import sys; from banque.cli import main; sys.exit(main(sys.argv[1:]))",
            *args,
        ]
        self.proc = subprocess.Popen(
            cmd,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            cwd=ROOT,
            start_new_session=True,
            close_fds=True,
        )
        os.close(slave)
        self.master = master
        self.output = bytearray()
        self._reader = threading.Thread(target=self._drain, daemon=True)
        self._reader.start()

    def _drain(self) -> None:
        while True:
            try:
                ready, _, _ = select.select([self.master], [], [], 0.1)
                if ready:
                    chunk = os.read(self.master, 65536)
                    if not chunk:
                        return
                    self.output.extend(chunk)
            except OSError:
                return
            if self.proc.poll() is not None and not ready:
                return

    def send(self, keys: bytes) -> None:
        os.write(self.master, keys)

    def wait_for(self, text: str, seconds: float = 30.0) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if text.encode() in self.output:
                return
            time.sleep(0.05)
        raise AssertionError(f"{text!r} never appeared")

    def finish(self, seconds: float = 20.0) -> int:
        code = self.proc.wait(seconds)
        self._reader.join(5)
        os.close(self.master)
        return code


def pty_env(data: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(BANQUE_DATA_DIR=str(data), TERM="xterm-256color", COLUMNS="100", LINES="30")
    env.pop("BANQUE_DEBUG", None)
    env.pop("TEXTUAL", None)
    return env


def only_journal(data: Path) -> Path:
    journals = list((data / "games").glob("*.jsonl"))
    assert len(journals) == 1, journals
    return journals[0]


def reference_acts(record: Any, names: list[str], count: int) -> list[dict[str, Any]]:
    """The same all-computer game played without interruption (as watch mode plays it)."""
    from banque.core.record import _act_json
    from banque.session.session import computer_seats

    game = replay(record).game
    session = Session(game, computers=computer_seats(game, dict.fromkeys(names, "cautious")))
    play_to(session, count)
    return [json.loads(_act_json(a)) for a in game.actions[:count]]


@pytest.mark.subprocess
def test_kill_at_random_acts_then_resume_loses_nothing(tmp_path: Path) -> None:
    """A real ``banque`` (all computers, pace 0) killed with SIGKILL again and again.

    After each kill the journal holds every act played (a torn last line
    aside), replays act by act, and the resumed game goes on exactly as the
    same game played without interruption.
    """
    data = tmp_path / "data"
    rec = tmp_path / "start.json"
    rec.write_text(dump_record(make_record(FOUR, seed=11)))
    env = pty_env(data)
    computers = [x for n in FOUR for x in ("--computer", n)]
    rng = random.Random(2026)
    before: list[dict[str, Any]] = []
    args = ["--pace", "0", "--record", str(rec), *computers]
    for round_ in range(5):
        term = Pty(args, env)
        # Wait until it has played on past what it had, then kill it at a random moment.
        end = time.monotonic() + 60
        while time.monotonic() < end:
            journals = list((data / "games").glob("*.jsonl"))
            if journals and len(journal_acts_tolerant(journals[0])) > len(before) + 3:
                break
            time.sleep(0.02)
        time.sleep(rng.uniform(0.0, 0.4))
        term.proc.send_signal(signal.SIGKILL)
        assert term.finish() == -signal.SIGKILL
        path = only_journal(data)
        info = read_journal(path)  # a torn last line is ignored
        acts = [json.loads(x) for x in info_lines(info)]
        assert len(acts) > len(before), f"round {round_}: the game went on"
        assert acts[: len(before)] == before, "nothing written before is ever lost or changed"
        result = replay(info.record)
        assert result.error is None, "the journal replays act by act"
        assert info.record.computers == dict.fromkeys(FOUR, "cautious")
        assert info.record.pace == 0.0
        before = acts
        args = ["--resume"]
    assert before == reference_acts(make_record(FOUR, seed=11), FOUR, len(before))
    # The last resume shows the game where the journal left it.
    term = Pty(["--resume"], env)
    end = time.monotonic() + 60
    while time.monotonic() < end and len(journal_acts_tolerant(only_journal(data))) <= len(before):
        # The resumed table plays on (at pace 0 a settlement may clear a toast at once).
        time.sleep(0.02)
    term.proc.send_signal(signal.SIGTERM)
    assert term.finish() == 128 + signal.SIGTERM
    assert b"Game kept" in term.output
    final = read_journal(only_journal(data))
    assert [json.loads(x) for x in info_lines(final)][: len(before)] == before


def journal_acts_tolerant(path: Path) -> list[str]:
    try:
        text = path.read_text(errors="replace")
    except OSError:
        return []
    return [x for x in text.split("\n")[1:-1] if x.startswith('{"act"')]


def info_lines(info: Any) -> list[str]:
    from banque.core.record import _act_json

    return [_act_json(a) for a in info.record.actions]


@pytest.mark.subprocess
def test_sigterm_and_sighup_restore_the_terminal_and_keep_the_game(tmp_path: Path) -> None:
    rec = tmp_path / "start.json"
    rec.write_text(dump_record(make_record(THREE, READY_10)))
    for sig in (signal.SIGTERM, signal.SIGHUP):
        data = tmp_path / f"data-{sig}"
        term = Pty(["--pace", "0", "--record", str(rec)], pty_env(data))
        term.wait_for("Bruno")
        term.send(b"\r")  # Bruno stakes 5
        path = only_journal(data)
        end = time.monotonic() + 20
        while len(journal_acts(path)) < 5 and time.monotonic() < end:
            time.sleep(0.05)
        term.proc.send_signal(sig)
        assert term.finish() == 128 + sig
        out = bytes(term.output)
        assert b"\x1b[?1049l" in out, "the alternate screen is left: the terminal is restored"
        if sig == signal.SIGTERM:
            assert b"Game kept" in out
        assert journal_acts(path)[-1] == {"act": "wager", "who": "Bruno", "amount": 5}
        assert read_journal(path).ended is False


@pytest.mark.subprocess
def test_a_crash_names_the_journal_and_exits_non_zero(tmp_path: Path) -> None:
    rec = tmp_path / "start.json"
    rec.write_text(dump_record(make_record(THREE, READY_10)))
    data = tmp_path / "data"
    code = (
        "import sys\n"
        "import banque.table.app as a\n"
        "def boom(self): raise RuntimeError('a bug')\n"
        "a.BanqueApp.action_help = boom\n"
        "from banque.cli import main\n"
        "sys.exit(main(sys.argv[1:]))\n"
    )
    term = Pty(["--pace", "0", "--record", str(rec)], pty_env(data), code=code)
    term.wait_for("Bruno")
    term.send(b"\x1bOP")  # F1: the help, which crashes here
    assert term.finish() == 1
    out = bytes(term.output).decode(errors="replace")
    path = only_journal(data)
    assert "banque stopped on an unexpected error." in out
    assert "Traceback" not in out
    flat = "".join(out.split())
    assert f"Thegameiskeptin{path}".replace(" ", "") in flat
    assert list(tmp_path.glob("banque-*.json")) == []  # nothing in the current folder


def test_without_a_journal_the_rescue_record_goes_to_the_data_folder(tmp_path: Path) -> None:
    game = replay(make_record(THREE, READY_10)).game
    app = table_app(save_dir=tmp_path, journal=False)
    app.session = Session(game, computers={}, styles={})
    path = app._rescue_record(app.session)
    assert path.parent == data_dir() / "rescue"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert load_record(path).actions == game.actions
    assert list(tmp_path.iterdir()) == []


@pytest.mark.pilot
async def test_a_journal_given_to_record_is_never_overwritten_by_a_save(tmp_path: Path) -> None:
    first = table_app(record=make_record(THREE, READY_10))
    async with first.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+q")
    assert first.session is not None and first.session.journal is not None
    path = first.session.journal.path
    text = path.read_text()
    app = table_app(record=str(path), save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.press("ctrl+s")
        await settle(pilot)
    assert path.read_text() == text
    saved = list(tmp_path.glob("banque-*.json"))
    assert len(saved) == 1 and len(load_record(saved[0]).actions) == 5


def test_a_game_resumed_after_its_seating_goes_on_to_the_shuffle() -> None:
    """The seating is an act: a game replayed (resumed) after it is not seated twice."""
    game = Game(["Ana", "Bruno", "Chloé", "David"], seed=3)
    session = Session(game)
    session.perform(Bid(who="Ana", amount=10))
    for who in ("Bruno", "Chloé", "David"):
        session.perform(Pass(who=who))
    assert session.stage() == "seating"
    session.confirm_seating()
    assert session.stage() == "shuffle"
    again = Session.from_replay(replay(record_of(game)))
    assert again.stage() == "shuffle"
    assert [a.act for a in again.game.actions].count("seat") == 1


def test_games_remove_empty_removes_the_games_where_nothing_was_played(
    capsys: pytest.CaptureFixture[str],
) -> None:
    empty = Journal.create(make_record(THREE, []))
    empty.close()
    played = Journal.create(make_record(THREE, READY_10))
    played.close()
    assert main(["games", "--remove-empty"]) == 0
    assert f"Removed 1 game: {empty.path.stem}." in capsys.readouterr().out
    assert [e.id for e in list_games()] == [played.path.stem]
    assert main(["games", "--remove-empty"]) == 0
    assert "No game to remove." in capsys.readouterr().out


def test_flags_for_a_new_game_open_it_without_the_offer(monkeypatch: pytest.MonkeyPatch) -> None:
    """``banque --computer Bruno:bold --pace 0`` means a new game: the flags are not
    dropped for the unfinished one (issue 21)."""
    import banque.table.app as table

    seen: list[bool] = []
    monkeypatch.setattr("banque.cli.play.need_terminal", lambda: None)
    monkeypatch.setattr(table, "run_app", lambda *a, **k: seen.append(k["offer_resume"]) or 0)
    assert main([]) == 0
    assert main(["--computer", "Bruno:bold", "--pace", "0"]) == 0
    assert main(["--rules", "classic"]) == 0
    assert seen == [True, False, False]


@pytest.mark.pilot
async def test_no_journal_until_the_game_has_its_first_act() -> None:
    """A new game is on disk from its first act (issue 21: every quick launch left an
    empty "unfinished" journal); a table left unplayed leaves none and says nothing."""
    app = table_app(seed=5, kinds=["human"] * 3, participants=THREE)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # setup: a new game, nothing played yet
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert list(games_dir().glob("*.jsonl")) == []
        await pilot.press("enter")  # Ana bids the offered amount: the first act
        await settle(pilot)
        session = app.session
        assert session is not None
        (path,) = games_dir().glob("*.jsonl")
        assert journal_acts(path) == acts_json(session.game) != []
    quick = table_app(seed=6, kinds=["human"] * 3, participants=THREE)
    async with quick.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # a new game…
        await settle(pilot)
        await pilot.press("ctrl+q")  # …left at once
        await settle(pilot)
    assert quick.farewell == ""
    assert len(list(games_dir().glob("*.jsonl"))) == 1  # the first game's only
