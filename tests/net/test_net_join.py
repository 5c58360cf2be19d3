"""`banque join`: one seat's own table, against a table in the same process (no socket)."""

from __future__ import annotations

from typing import Any

import pytest

from banque.games.records import replay
from banque.net.client import LocalConnection
from banque.net.table import Table
from banque.session.session import Session
from banque.table.screens.joined import JoinApp, JoinedScreen
from banque.table.testing import make_record
from banque.table.widgets import ActionPanel

pytestmark = pytest.mark.pilot

THREE = ["Ana", "Bruno", "Chloé"]
#: The rules card's worked example: right (Bruno) 9♣ 4♣, left (Chloé) 7♥ 6♦, banker (Ana) 2♠ 3♣.
WORKED = ["9C", "7H", "2S", "4C", "6D", "3C", "4D", "2H"]
TO_DECISION = [
    {"act": "bid", "who": "Ana", "amount": 10},
    {"act": "pass", "who": "Bruno"},
    {"act": "pass", "who": "Chloé"},
    {"act": "shuffle"},
    {"act": "wager", "who": "Bruno", "amount": 5},
    {"act": "wager", "who": "Chloé", "amount": 3},
    {"act": "deal"},
]
SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def table_at(actions: list[dict[str, Any]] | None = None, **options: Any) -> Table:
    record = make_record(THREE, actions or [], seed=7, shoe=WORKED)
    record = record.model_copy(update={"forced_moves": "announced"})
    session = Session.from_replay(replay(record))
    session.forced()
    options.setdefault("pace", 0)
    return Table(session, **options)


def join_app(table: Table, seat: str | None) -> JoinApp:
    async def connect() -> LocalConnection:
        return LocalConnection(table)

    app = JoinApp(connect, seat, blink=False)
    app.animation_level = "none"
    return app


def panel_text(app: JoinApp) -> str:
    """The joined seat's prompt, hint and message (also while a dialog is over the table)."""
    screen = next(s for s in app.screen_stack if isinstance(s, JoinedScreen))
    panel = screen.query_one(ActionPanel)
    return " ".join(
        str(panel.query_one(f"#{part}").render()) for part in ("prompt", "hint", "message")
    )


async def test_a_seat_bids_and_the_table_moves() -> None:
    table = table_at()
    app = join_app(table, "Ana")
    rang: list[int] = []
    async with app.run_test(size=(100, 30)) as pilot:
        app.bell = lambda: rang.append(1)  # type: ignore[method-assign]
        await pilot.pause()
        assert isinstance(app.screen, JoinedScreen)
        assert "Your turn" in panel_text(app)
        await pilot.press("2", "5", "enter")  # the offered 20 is replaced by what is typed
        await pilot.pause()
        assert table.session.game.bids == {"Ana": 25}
        assert "Waiting for Bruno" in panel_text(app)
        assert app.state.log[-1]["code"] == "bid"


async def test_the_seat_sees_its_own_cards_only_and_is_rung_at_its_turn() -> None:
    table = table_at(TO_DECISION)
    bruno = join_app(table, "Bruno")
    async with bruno.run_test(size=(100, 30)) as pilot:
        rang: list[int] = []
        bruno.bell = lambda: rang.append(1)  # type: ignore[method-assign]
        await pilot.pause()
        board = bruno.state.view["board"]
        assert board["hands"]["right"]["cards"] == ["9C", "4C"]  # his own, face up
        assert board["hands"]["left"]["cards"] == [None, None]
        assert board["hands"]["banker"]["cards"] == [None, None]
        text = panel_text(bruno)
        assert "Your turn" in text and "d: carte (draw)" in text
        assert "s: non" not in text  # at 3 the right side must draw: only its holder sees so
        await pilot.press("s")  # not offered: nothing is sent
        await pilot.pause()
        assert table.session.game.phase == "right"
        await pilot.press("d")
        await pilot.pause()
        assert table.session.game.phase == "left"
        assert "Waiting for Chloé" in panel_text(bruno)


async def test_a_refusal_is_told_in_the_engines_words() -> None:
    table = table_at()
    app = join_app(table, "Ana")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+u")
        await pilot.press("5", "0", "0", "enter")
        await pilot.pause()
        assert table.session.game.bids == {}
        assert "500" in panel_text(app) or "100" in panel_text(app)


async def test_leaving_holds_the_seat_and_joining_again_resumes() -> None:
    table = table_at(TO_DECISION)
    app = join_app(table, "Bruno")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert table.connected("Bruno")
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert not table.connected("Bruno")
    assert "seat is held" in app.farewell
    again = join_app(table, "Bruno")
    async with again.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert again.state.view["you"]["acts"] == ["draw"]
        assert again.state.view["board"]["hands"]["right"]["cards"] == ["9C", "4C"]


async def test_a_spectator_watches_the_public_table() -> None:
    table = table_at(TO_DECISION)
    app = join_app(table, None)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        hands = app.state.view["board"]["hands"]
        assert all(hands[m]["cards"] == [None, None] for m in ("right", "left", "banker"))
        assert "Watching" in panel_text(app)
        await pilot.press("d")
        await pilot.pause()
        assert table.session.game.phase == "right"


async def test_a_wrong_seat_is_refused_in_one_line() -> None:
    table = table_at()
    app = join_app(table, "Zoé")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
    assert app.farewell.startswith("banque: Nobody called 'Zoé'")


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_joined_seat_at_its_decision(snap_compare: Any, size: tuple[int, int]) -> None:
    table = table_at(TO_DECISION)

    async def settle(pilot: Any) -> None:
        await pilot.pause()
        await pilot.pause()

    assert snap_compare(join_app(table, "Bruno"), terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_joined_seat_waiting(snap_compare: Any, size: tuple[int, int]) -> None:
    table = table_at(TO_DECISION[:5])

    async def settle(pilot: Any) -> None:
        await pilot.pause()
        await pilot.pause()

    assert snap_compare(join_app(table, "Ana"), terminal_size=size, run_before=settle)


async def test_the_bell_rings_once_when_the_turn_comes() -> None:
    table = table_at(TO_DECISION[:4])  # Bruno stakes first, then Chloé
    chloe = join_app(table, "Chloé")
    bruno = LocalConnection(table)
    async with chloe.run_test(size=(100, 30)) as pilot:
        rang: list[int] = []
        chloe.bell = lambda: rang.append(1)  # type: ignore[method-assign]
        await pilot.pause()
        assert not chloe.state.my_turn() and rang == []
        await bruno.hello("Bruno")
        await bruno.receive()
        await bruno.act("wager", amount=5)
        await pilot.pause()
        assert chloe.state.my_turn() and rang == [1]
        await pilot.press("f1")  # the help opens over the table; the table goes on
        await pilot.pause()
        assert type(chloe.screen).__name__ == "HelpScreen"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(chloe.screen, JoinedScreen)
        await pilot.press("enter")  # the offered stake
        await pilot.pause()
        assert table.session.stage() == "dealing"
        assert rang == [1]


async def test_l_shows_the_whole_log_the_seat_was_told() -> None:
    table = table_at(TO_DECISION)
    app = join_app(table, "Chloé")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        await pilot.pause()
        from textual.widgets import Log

        lines = "\n".join(app.screen.query_one(Log).lines)
        assert "Ana holds bank 1 with a fund of 10 chips." in lines
        assert "Coup 1: Ana deals two cards each" in lines
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, JoinedScreen)


async def test_a_gone_seat_is_held_or_played_by_a_stand_in() -> None:
    table = table_at(TO_DECISION[:4])  # Bruno (gone) stakes first
    app = join_app(table, "Chloé")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert "Waiting for Bruno (gone: the seat is held)" in panel_text(app)
        table.takeover = True
        table.broadcast()
        await pilot.pause()
        assert "Waiting for Bruno (gone: a computer plays the seat)" in panel_text(app)
        assert table.due() == 0
        table.step()  # the stand-in speaks for Bruno
        await pilot.pause()
        assert any(e["params"].get("who") == "Bruno" for e in app.state.log[-2:])
        assert app.state.my_turn()


async def test_banque_host_setup_hands_its_choices_to_the_host() -> None:
    from banque.table.screens.hostsetup import HostSetupApp

    app = HostSetupApp(seed=5, pace=0.2, kinds={"David": "bold"}, journal=False, blink=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
    assert app.chosen is not None
    assert app.chosen.names == ["Ana", "Bruno", "Chloé", "David"]
    assert app.chosen.computers == {"David": "bold"}
    assert (app.chosen.seed, app.chosen.pace, app.chosen.forced_moves) == (5, 0.2, "announced")


async def test_banque_host_setup_wants_a_human_seat() -> None:
    from banque.table.screens.hostsetup import HostSetupApp

    kinds = {n: "cautious" for n in ["Ana", "Bruno", "Chloé", "David"]}
    app = HostSetupApp(kinds=kinds, journal=False, blink=False)  # type: ignore[arg-type]
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert app.chosen is None
        assert "one human seat at least" in str(app.screen.query_one("#setup-message").render())


async def test_the_end_of_a_bank_shows_the_totals_and_asks_for_a_fresh_one() -> None:
    worked = [
        *TO_DECISION,
        {"act": "draw", "side": "right"},
        {"act": "draw", "side": "left"},
        {"act": "stand", "side": "banker"},
        {"act": "retire"},
    ]
    table = table_at(worked)
    assert table.session.stage() == "ended"
    ana = join_app(table, "Ana")
    async with ana.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        text = panel_text(ana)
        assert "Totals: Ana 95 (-5), Bruno 105 (+5), Chloé 100 (+0)" in text
        assert "Winner: Bruno" in text and "Enter: a fresh bank" in text
        await pilot.press("enter")
        await pilot.pause()
        assert "Waiting for" not in panel_text(ana)  # nobody else has joined
        assert table.session.stage() == "auction" and table.session.game.bank_number == 1
        assert "bank 2" in app_subtitle(ana)


def app_subtitle(app: JoinApp) -> str:
    return str(app.screen.sub_title)


async def test_banque_host_setup_refuses_the_other_games_in_words() -> None:
    from banque.table.screens.hostsetup import HostSetupApp

    app = HostSetupApp(journal=False, blink=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.screen.focus_cell("rules")
        await pilot.press("left")  # from home back to punto banco
        await pilot.press("enter")
        await pilot.pause()
        assert app.chosen is None
        assert app.is_running  # the setup stays, its choices kept
        message = str(app.screen.query_one("#setup-message").render())
        assert "A hosted table plays banque" in message
        assert "banque --game punto-banco" in message


def _upper(text: str) -> str:
    """A fake language: upper case outside the ``{fields}``."""
    import string

    return "".join(
        lit.upper() + ("{" + field + "}" if field is not None else "")
        for lit, field, _spec, _conv in string.Formatter().parse(text)
    )


async def test_a_joined_seat_tells_prompt_events_and_refusals_in_its_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The wire carries English words and messages; the seat tells them in its own language."""
    from banque import i18n

    table = table_at()
    app = join_app(table, "Ana")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        english = "Auction for bank 1: Ana bids for the bank (1 to 100 chips) or passes."
        assert app.state.view["board"]["prompt"] == english  # the wire: English words
        assert app.state.view["prompt_msg"]["template"].startswith("Auction for bank {bank}")
        monkeypatch.setattr(i18n, "_", _upper)  # the seat's language (as --lang sets it)
        await pilot.press("2", "5", "enter")
        await pilot.pause()
        assert table.session.game.bids == {"Ana": 25}
        event = app.state.log[-1]
        assert event["text"] == "Ana bids 25 chips for the bank."  # English on the wire
        assert event["msg"]["template"] == "{who} bids {amount} for the bank."
        from banque.table.widgets import CoupLog

        log = app.screen.query_one(CoupLog)
        assert "Ana BIDS 25 chips FOR THE BANK." in " ".join(str(x) for x in log.lines)
        # A refusal of the table's own (a stale turn) and the prompt, both in the seat's words.
        app.send_act("pass", turn=0)
        await pilot.pause()
        error = app.state.errors[-1]
        assert error["message"].startswith("The table has moved on")
        assert error["msg"]["params"] == {"act": 0, "now": table.turn}
        text = panel_text(app)
        assert "THE TABLE HAS MOVED ON (THIS ACT ANSWERS TURN 0" in text
        assert "AUCTION FOR BANK 1: Bruno BIDS FOR THE BANK" in text
