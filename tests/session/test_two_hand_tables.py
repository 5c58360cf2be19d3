"""The two-hand tables (chemin de fer, punto banco) keep banque's promises: a resumed
game goes on exactly as if it had never stopped, a record that stops early says so,
a record's computers stay computers."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from banque.core.journal import read_journal
from banque.core.record import dump_record
from banque.core.rng import STREAM, CountingRandom, StreamRandom
from banque.games.chemin_de_fer.game import CheminGame
from banque.games.chemin_de_fer.players import CheminComputer
from banque.games.punto_banco.game import PuntoGame
from banque.games.punto_banco.players import PuntoComputer
from banque.games.records import record_of
from banque.session.port import TwoHandSession
from banque.session.two_hands import new_journal, open_session, resume
from banque.table.app import BanqueApp
from banque.table.chemin_app import CheminTable
from banque.table.games_base import Opening
from banque.table.punto_app import PuntoTable, punto_table_app

pytestmark = [pytest.mark.pilot]

THREE = ["Ana", "Bruno", "Chloé"]
STREAMS = [pytest.param(None, id="twister"), pytest.param(STREAM, id="stream")]
SEED = 2**255 + 4242  # a stream's seed; the twister's games take it too


class StoppingTable(CheminTable):
    """A table of computers that stops before the move after its game's ``stop_at``-th
    act (as a table killed there): where the game stops does not depend on timing."""

    stop_at = 0

    def computer_move(self, step: bool = False) -> None:
        if len(self.game.actions) >= self.stop_at:
            self.app.exit(0)
            return
        super().computer_move(step)


async def _play_chemin(session: TwoHandSession, acts: int) -> None:
    """Let a table of computers play its session's game until it has ``acts`` acts (or
    has ended)."""
    game = session.game
    table = StoppingTable(session)
    table.stop_at = acts
    app = BanqueApp(two_hand=Opening(table, 0))
    async with app.run_test() as pilot:
        for _ in range(2000):
            if not app.is_running or game.phase == "ended":
                break
            await pilot.pause(0.01)
    if session.journal is not None:  # as run_table does once the table is closed
        session.sync_journal()
        session.journal.close()


@pytest.mark.parametrize("stream", STREAMS)
async def test_a_resumed_chemin_de_fer_game_goes_on_as_if_never_interrupted(
    tmp_path: Path, stream: str | None
) -> None:
    seats = {"Ana": "bold", "Bruno": "cautious", "Chloé": "bold"}

    def new_game() -> CheminGame:
        return CheminGame(THREE, SEED, first_bank="auction", stream=stream)  # type: ignore[arg-type]

    first = new_game()
    journal = new_journal(first, seats, 0.0, tmp_path)
    await _play_chemin(open_session(first, seats, journal=journal), 25)
    assert len(first.actions) == 25
    # killed there, resumed from its journal, played on
    resumed, _pace = resume(journal.path)
    game = resumed.game
    assert resumed.styles == seats and game.actions == first.actions
    await _play_chemin(resumed, 80)
    # the same game never interrupted
    whole = new_game()
    await _play_chemin(open_session(whole, seats), 80)
    assert len(game.actions) == len(whole.actions) == 80
    for i, (resumed_act, uninterrupted) in enumerate(zip(game.actions, whole.actions, strict=True)):
        assert resumed_act == uninterrupted, f"act {i + 1} differs"  # act for act
    # and once more from the journal of the resumed game: its draws were kept too
    assert resumed.journal is not None
    again, _pace = resume(resumed.journal.path)
    assert again.journal is not None
    again.journal.close()
    assert again.game.actions == game.actions


async def _deal(app: BanqueApp, coups: int) -> None:
    async with app.run_test() as pilot:
        for _ in range(coups):
            await pilot.press("enter")  # Ana bets nothing; the computers bet, the coup is dealt
    session = app.table.session
    if session.journal is not None:
        session.sync_journal()
        session.journal.close()


@pytest.mark.parametrize("stream", STREAMS)
async def test_a_resumed_punto_banco_game_goes_on_as_if_never_interrupted(
    tmp_path: Path, stream: str | None
) -> None:
    names = ["Ana", "Bob", "Eve", "Zoé"]
    seats = {"Bob": "bold", "Eve": "cautious", "Zoé": "bold"}

    def new_game() -> PuntoGame:
        return PuntoGame(names, SEED, stream=stream)  # type: ignore[arg-type]

    first = new_game()
    journal = new_journal(first, seats, 0.0, tmp_path)
    await _deal(punto_table_app(first, ["Ana"], seats, journal=journal), 4)
    resumed, _pace = resume(journal.path)
    game = resumed.game
    assert resumed.styles == seats and game.actions == first.actions
    await _deal(BanqueApp(two_hand=Opening(PuntoTable(resumed, ["Ana"]), 0)), 8)
    whole = new_game()
    await _deal(punto_table_app(whole, ["Ana"], seats), 12)
    assert len(game.coups) == len(whole.coups) == 12
    for i, (resumed, uninterrupted) in enumerate(zip(game.actions, whole.actions, strict=True)):
        assert resumed == uninterrupted, f"act {i + 1} differs"


@pytest.mark.parametrize("stream", STREAMS)
def test_the_computers_draw_the_numbers_they_always_drew(stream: str | None) -> None:
    """Counting generators change nothing of what a seat draws: a record made before
    plays the same computers (and an old journal, without draws, resumes as before)."""
    chemin = CheminGame(THREE, SEED, stream=stream)  # type: ignore[arg-type]
    punto = PuntoGame(THREE, SEED, stream=stream)  # type: ignore[arg-type]
    counting = CountingRandom if stream is None else StreamRandom
    for seat, game, purpose in (
        (CheminComputer("Bruno", chemin, "bold"), chemin, "chemin/Bruno"),
        (PuntoComputer("Bruno", punto, "bold"), punto, "punto/Bruno"),
    ):
        assert isinstance(seat.rng, counting)
        before: random.Random = game.rng_for(purpose)  # what the seat drew from before
        assert [seat.rng.random() for _ in range(50)] == [before.random() for _ in range(50)]
        assert seat.rng.uniform(0.75, 1.25) == before.uniform(0.75, 1.25)


def _captured(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """``run_chemin`` / ``run_punto`` build their table; the table is kept, not run."""
    import banque.table.games_base as tables

    seen: dict[str, Any] = {}

    def run_table(app: Any, session: Any, pace: Any = None) -> int:
        seen.update(app=app, game=session.game, journal=session.journal, session=session)
        return 0

    monkeypatch.setattr(tables, "run_table", run_table)
    return seen


def _punto_record(tmp_path: Path, extra: list[dict[str, Any]]) -> Path:
    """README's punto banco example, with Bob a bold computer bettor, and acts added."""
    import json

    record = {
        "format": "banque-record/1",
        "game": "punto-banco",
        "participants": ["Ana", "Bob"],
        "seed": 5,
        "computers": {"Bob": "bold"},
        "shoe": ["2C", "4H", "3D", "KS", "8S"],
        "actions": [
            {"act": "bet", "who": "Ana", "on": "banker", "amount": 40},
            {"act": "deal"},
            *extra,
        ],
    }
    path = tmp_path / "punto.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


async def test_a_punto_banco_record_that_stops_early_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from banque.table.punto_app import run_punto

    seen = _captured(monkeypatch)
    bad = [{"act": "bet", "who": "Ana", "on": "player", "amount": 5000}, {"act": "deal"}]
    assert run_punto(str(_punto_record(tmp_path, bad)), names=[], computers={}) == 0
    app, game = seen["app"], seen["game"]
    assert len(game.actions) == 2  # played on from the state before the refused act
    async with app.run_test(notifications=True) as pilot:
        await pilot.pause()
        said = [note.message for note in app._notifications]
    seen["journal"].close()
    assert len(said) == 1 and said[0].startswith("The record stops at act 3 (bet), which the")
    assert said[0].endswith("Play goes on from the state before it.")
    assert len(read_journal(seen["journal"].path).record.actions) == 2


async def test_a_chemin_de_fer_record_that_stops_early_says_so_and_hides_the_hand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from banque.core.models import Stand
    from banque.table.chemin_app import run_chemin

    seen = _captured(monkeypatch)
    # Punter 2+3 = 5 is free; with a shoe giving the punter 2 (2+K) standing is refused.
    shoe = ["2C", "3D", "KH", "4S", "9C", "KD", "QS", "JH"]
    game = CheminGame(THREE, seed=1, shoe=shoe, forced_moves="announced")
    game.bid("Ana", 20)
    game.wager("Bruno", 20)
    game.deal()
    assert game.phase == "punter"
    record = record_of(game, computers={"Chloé": "bold"})
    bad = record.model_copy(update={"actions": [*record.actions, Stand(side="punter")]})
    path = tmp_path / "chemin.json"
    path.write_text(dump_record(bad), encoding="utf-8")
    assert run_chemin(str(path), names=[], computers={}) == 0
    app = seen["app"]
    assert seen["game"].actions == game.actions and app.table.computers == {"Chloé": "bold"}
    async with app.run_test(notifications=True) as pilot:
        await pilot.pause()
        said = [note.message for note in app._notifications]
    seen["journal"].close()
    assert said == [
        f"The record stops at act {len(bad.actions)} (stand), a side's move that its cards "
        "do not allow. Play goes on from the state before it."
    ]  # the punter's concealed total is not told to the whole table


def test_a_punto_banco_record_keeps_its_computers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from banque.table.punto_app import run_punto

    seen = _captured(monkeypatch)
    assert run_punto(str(_punto_record(tmp_path, [])), names=[], computers={}) == 0
    app = seen["app"]
    seen["journal"].close()
    assert app.table.computers == {"Bob": "bold"} and list(app.table.seats) == ["Bob"]
    assert app.table.humans == ["Ana"] and not app.table.watching
    kept = read_journal(seen["journal"].path).record.computers
    assert kept == {"Bob": "bold"}  # and its journal keeps them
    # --computer given as well: the record's, then those given
    assert run_punto(str(_punto_record(tmp_path, [])), names=[], computers={"Ana": "bold"}) == 0
    seen["journal"].close()
    assert (
        seen["app"].table.computers == {"Bob": "bold", "Ana": "bold"} and seen["app"].table.watching
    )


async def test_the_local_tables_play_through_the_hosted_tables_session(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A local table's human act is its game's ``SeatAct``, played by the session the
    hosted table plays through (``perform_for``); its computers move by the session's
    ``play_computer``; punto banco's Enter is every seat's bets and ``deal``, then the
    computers' bets and the deal (the session's ``go_on``)."""
    from banque.core.errors import IllegalAction
    from banque.table.chemin_app import chemin_table_app

    from ..table.test_chemin_app import FIVE

    calls: list[tuple[str, ...]] = []
    perform, play = TwoHandSession.perform_for, TwoHandSession.play_computer

    def perform_for(self: TwoHandSession, seat: str, action: Any) -> Any:
        calls.append(("act", seat, action.act))
        return perform(self, seat, action)

    def play_computer(self: TwoHandSession) -> Any:
        calls.append(("computer",))
        return play(self)

    monkeypatch.setattr(TwoHandSession, "perform_for", perform_for)
    monkeypatch.setattr(TwoHandSession, "play_computer", play_computer)
    game = CheminGame(THREE, seed=1, shoe=FIVE)  # Ana holds the first bank
    app = chemin_table_app(game, ["Ana"], {"Bruno": "cautious", "Chloé": "cautious"}, pace=0)
    async with app.run_test() as pilot:
        session = app.table.session
        assert isinstance(session, TwoHandSession) and session.game is game
        await pilot.press("1", "5", "enter")  # Ana's bank of 15
        for _ in range(6):
            await pilot.pause()
    assert calls[0] == ("act", "Ana", "bid") and ("computer",) in calls
    assert [a.act for a in game.actions][:2] == ["bid", "wager"]  # a computer punter staked
    # the players at the keyboard end the game between coups; with a stake down the
    # game says why not, in its own words
    with pytest.raises(IllegalAction, match="finish it"):
        session.end_game()

    punto = PuntoGame(["Ana", "Bob"], seed=7)
    app = punto_table_app(punto, ["Ana"], {"Bob": "bold"})
    async with app.run_test() as pilot:
        await pilot.press("b", "enter")  # 1 on the banker, and the deal
        session = app.table.session
        assert not session.ready  # every seat says deal again for the next coup
    acts = [a.act for a in punto.actions]
    assert acts[0] == "bet" and punto.actions[0].who == "Ana" and acts[-1] == "deal"
    assert len(punto.coups) == 1


def test_a_table_of_computers_watched_deals_at_once() -> None:
    """Nobody at the keyboard plays: the session deals when the table asks (punto
    banco's watch mode), the computers' bets first."""
    punto = PuntoGame(["Bob", "Eve"], seed=3)
    session = open_session(punto, {"Bob": "bold", "Eve": "cautious"})
    session.perform_together([], [])
    assert len(punto.coups) == 1 and punto.actions[-1].act == "deal"
    session.end_game()
    assert punto.phase == "ended"
