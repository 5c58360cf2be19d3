"""Amounts typed are the amounts staked; setup keys do what they say (issue 7).

Pilot tests by keys: each would fail on the table as it was before the fix.
Keys are pressed one at a time (``pilot.press``) except where a burst of keys
(as a terminal or an SSH session delivers them) is the point: then the key
events are posted together, before the app handles the first.
"""

from __future__ import annotations

import json

import pytest
from textual import events
from textual.widgets import Input

from banque.core.record import parse_record
from banque.games.records import replay
from banque.table.app import BanqueApp
from banque.table.screens import HelpScreen, SetupScreen, TableScreen
from banque.table.testing import FOUR, THREE, make_record, screen_text, table_app, until
from banque.table.widgets.field import TextField

#: Ana holds bank 1 with 20; the order of speech is Bruno, David, Chloé.
ANA_BANKS_20 = [
    {"act": "bid", "who": "Ana", "amount": 20},
    {"act": "pass", "who": "Bruno"},
    {"act": "pass", "who": "Chloé"},
    {"act": "pass", "who": "David"},
    {"act": "shuffle"},
]


def burst(app: BanqueApp, *keys: str) -> None:
    """Post key events all at once, as a terminal delivers a burst of keys."""
    for key in keys:
        char = key if len(key) == 1 else (" " if key == "space" else None)
        app.post_message(events.Key(key, char))


def amount_field(app: BanqueApp) -> Input:
    return app.screen.query_one("#amount", Input)


# ---------------------------------------------------------------- the amount typed


@pytest.mark.pilot
async def test_the_second_human_in_a_row_stakes_what_is_typed() -> None:
    """Bruno's 3 accepted, David's field offers 5: David types 2 and stakes 2 (not 52)."""
    app = table_app(record=make_record(FOUR, ANA_BANKS_20))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        session = app.session
        assert session is not None
        game = session.game
        assert session.actor() == "Bruno"
        assert amount_field(app).value == "5"
        await pilot.press("3", "enter")  # the offered 5 is replaced by 3
        assert (game.lines[-1].who, game.lines[-1].right) == ("Bruno", 3)
        assert session.actor() == "David"
        assert amount_field(app).value == "5"  # offered again, focus kept
        await pilot.press("2", "enter")
        line = game.lines[-1]
        assert (line.who, line.right + line.left) == ("David", 2)
        assert "David wagers 2 chips" in "\n".join(ev.text for ev in session.messages)


@pytest.mark.pilot
async def test_a_typed_bid_replaces_the_offered_one() -> None:
    """Ana passes, Bruno is offered 20 and types 30: he bids 30 (not 2030)."""
    app = table_app(participants=THREE, kinds=["human"] * 3, seed=5)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("enter")  # setup: start
        await pilot.pause()
        session = app.session
        assert session is not None
        assert session.actor() == "Ana" and amount_field(app).value == "20"
        await pilot.press("p")
        assert session.actor() == "Bruno" and amount_field(app).value == "20"
        await pilot.press("3", "0", "enter")
        assert session.game.bids == {"Bruno": 30}


@pytest.mark.pilot
async def test_a_default_offered_again_is_still_replaced() -> None:
    """The same default for the next seat (no change of value) is replaced too."""
    app = table_app(record=make_record(FOUR, ANA_BANKS_20))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        session = app.session
        assert session is not None
        await pilot.press("enter")  # Bruno takes the offered 5
        assert amount_field(app).value == "5"  # David is offered 5 as well
        await pilot.press("4", "enter")
        assert session.game.lines[-1].right + session.game.lines[-1].left == 4


@pytest.mark.pilot
async def test_a_cheval_never_changes_a_typed_odd_amount() -> None:
    app = table_app(record=make_record(FOUR, ANA_BANKS_20))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        session = app.session
        assert session is not None
        await pilot.press("a")  # the offered 5 (nothing typed yet) becomes an even 4
        assert amount_field(app).value == "4"
        await pilot.press("a")  # à cheval off again
        await pilot.press("7", "a")
        assert amount_field(app).value == "7"  # typed: kept as typed
        assert "7 is odd (try 6)" in screen_text(app)
        await pilot.press("enter")
        assert session.game.staked() == 0  # refused, nothing staked
        await pilot.press("backspace", "6", "enter")
        line = session.game.lines[-1]
        assert (line.who, line.kind, line.right, line.left) == ("Bruno", "a_cheval", 3, 3)


# ---------------------------------------------------------------- a banco turn

#: Right 9♠ K♥ is a natural 9; left 2♣ 4♣ = 6; bank 3♦ 2♥ = 5: both sides win.
NATURAL = ["9S", "2C", "3D", "KH", "4C", "2H"]
ANA_BANKS_100 = [
    {"act": "bid", "who": "Ana", "amount": 100},
    {"act": "pass", "who": "Bruno"},
    {"act": "pass", "who": "Chloé"},
    {"act": "shuffle"},
]
#: Coup 1 on ``NATURAL``: Bruno and Chloé wager 5 each, then the deal.
COUP1 = [
    {"act": "wager", "who": "Bruno", "amount": 5},
    {"act": "wager", "who": "Chloé", "amount": 5},
    {"act": "deal"},
]


@pytest.mark.pilot
async def test_a_banco_turn_shows_only_banco_and_pass() -> None:
    """After Bruno's banco, Chloé sees no amount field and no wager or ride hint."""
    app = table_app(record=make_record(THREE, [*ANA_BANKS_100, *COUP1], shoe=NATURAL))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        session = app.session
        assert session is not None
        game = session.game
        assert session.stage() == "settlement"
        await pilot.press("enter")  # the next coup: Bruno speaks first
        assert session.actor() == "Bruno"
        assert "r: let it ride (10)" in screen_text(app)
        await pilot.press("b")
        assert game.claims == ["Bruno"] and session.actor() == "Chloé"
        text = screen_text(app)
        assert not app.screen.query_one("#amount-row").display
        assert "b: banco (90)" in text and "p: pass" in text
        assert "Enter: wager" not in text and "let it ride" not in text
        assert "a: à cheval" not in text
        acts = len(game.actions)
        await pilot.press("r", "a", "5", "enter")  # nothing that would be refused
        assert len(game.actions) == acts and session.actor() == "Chloé"
        assert "excludes ordinary wagers" not in screen_text(app)
        await pilot.press("p")
        assert "Chloé" in game.passed and session.stage() == "dealing"


# ---------------------------------------------------------------- setup keys


@pytest.mark.pilot
async def test_question_mark_opens_the_help_from_a_name() -> None:
    app = table_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        assert screen.query_one("#name-0", TextField).value == "Ana"  # nothing typed
        for field in ("#pace", "#seed"):
            screen.set_focus(screen.query_one(field, TextField))
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            await pilot.press("escape")
            await pilot.pause()


@pytest.mark.pilot
async def test_ctrl_r_clears_a_stale_error() -> None:
    app = table_app(participants=["Ana", "Ana", "Zoé"])
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("enter")
        assert isinstance(app.screen, SetupScreen)
        assert "Ana" in str(app.screen.query_one("#setup-message").render())
        await pilot.press("ctrl+r")
        assert str(app.screen.query_one("#setup-message").render()) == ""
        await pilot.press("enter")
        assert isinstance(app.screen, TableScreen)


@pytest.mark.pilot
async def test_editing_a_field_clears_the_error_it_caused() -> None:
    app = table_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = app.screen
        screen.set_focus(screen.query_one("#pace", TextField))
        await pilot.press("end", "ctrl+u", "9", "9", "enter")
        assert "The pace is a number of seconds" in screen_text(app)
        await pilot.press("backspace")
        assert "The pace is a number of seconds" not in screen_text(app)


@pytest.mark.pilot
async def test_a_key_right_after_an_arrow_acts_on_the_new_row() -> None:
    """A burst "down, space" changes the next seat's player, not the one left."""
    app = table_app(seed=3)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = app.screen
        assert isinstance(screen, SetupScreen)

        def kind(i: int) -> str:
            return screen.kind_of(i)

        await pilot.press("tab")  # Ana's switch
        assert screen.focused_cell() == "kind-0"
        burst(app, "down", "space")
        await pilot.pause()
        await pilot.pause()
        assert screen.focused_cell() == "kind-1"
        assert (kind(0), kind(1)) == ("human", "bold")  # Bruno: cautious → bold
        burst(app, "up", "right")
        await pilot.pause()
        await pilot.pause()
        assert screen.focused_cell() == "kind-0"
        assert (kind(0), kind(1)) == ("cautious", "bold")  # Ana: human → cautious
        burst(app, "down", "down", "shift+tab", "X")  # to Chloé's name, type X
        await pilot.pause()
        await pilot.pause()
        assert screen.focused_cell() == "name-2"
        names = [screen.query_one(f"#name-{i}", TextField).value for i in range(4)]
        assert names == ["Ana", "Bruno", "X", "David"]  # a field's text is selected on focus


@pytest.mark.pilot
async def test_a_key_just_before_an_arrow_acts_on_the_row_it_was_typed_in() -> None:
    """Moves are made at once; keys typed before them must not follow them."""
    app = table_app(seed=3)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        await pilot.press("end")
        burst(app, "end", "backspace", "down", "X", "ctrl+t", "tab", "right", "up", "space")
        await pilot.pause()
        await pilot.pause()
        names = [screen.query_one(f"#name-{i}", TextField).value for i in range(3)]
        assert names == ["An", "X", "Chloé"]
        kinds = [screen.kind_of(i) for i in range(3)]
        # Bruno: cautious → bold (ctrl+t) → expert (right); Ana: human → cautious (space).
        assert kinds == ["cautious", "expert", "bold"]
        assert screen.focused_cell() == "kind-0"


# ---------------------------------------------------------------- the smaller points


def footer_text(app: BanqueApp) -> str:
    """The footer's line (the last of the screen)."""
    return screen_text(app).rstrip("\n").splitlines()[-1]


@pytest.mark.pilot
async def test_the_footer_says_resume_while_paused() -> None:
    app = table_app(seed=11, pace=1.0)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.press("enter", "enter")  # start; Ana bids 20; Bruno thinks
        await pilot.pause()
        assert "Pause" in footer_text(app) and "Resume" not in footer_text(app)
        await pilot.press("space")
        await pilot.pause()
        assert app.paused
        assert "Resume" in footer_text(app) and "Pause" not in footer_text(app)
        await pilot.press("space")
        await pilot.pause()
        assert not app.paused
        assert "Pause" in footer_text(app) and "Resume" not in footer_text(app)


@pytest.mark.pilot
async def test_the_private_view_says_the_place_without_a_seat_number() -> None:
    """David (key 4) sits second on the right: no "seat 2" beside the keys [2] and [4]."""
    app = table_app(record=make_record(FOUR, ANA_BANKS_20))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("v", "4")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        text = screen_text(app)
        assert "Private view of David" in text
        assert "You sit on the right side, place 2 from the banker." in text
        assert "seat 2" not in text


@pytest.mark.pilot
async def test_a_ride_is_logged_and_recorded_as_a_ride() -> None:
    """Chloé won 5 on the left: r lets 10 ride; the log and the record say so."""
    app = table_app(record=make_record(THREE, [*ANA_BANKS_100, *COUP1], shoe=NATURAL))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        session = app.session
        assert session is not None
        game = session.game
        await pilot.press("enter")  # the next coup
        await pilot.press("3", "enter")  # Bruno wagers 3
        assert session.actor() == "Chloé" and "r: let it ride (10)" in screen_text(app)
        await pilot.press("r")
        line = game.lines[-1]
        assert (line.who, line.left) == ("Chloé", 10)
        log = "\n".join(ev.text for ev in session.messages)
        assert "Chloé lets it ride: 10 chips on the left." in log
        assert "Bruno wagers 3 chips on the right." in log
        data = json.loads(session.record_text())
        acts = [a for a in data["actions"] if a["act"] == "wager"]
        assert acts[-1] == {"act": "wager", "who": "Chloé", "amount": 10, "ride": True}
        assert "ride" not in acts[-2]  # a plain wager keeps the old form
        # The record replays to the same log line (the format is still banque-record/1).
        assert data["format"] == "banque-record/1"
        again = replay(parse_record(data))
        assert "Chloé lets it ride: 10 chips on the left." in [ev.text for ev in again.events]


def test_a_record_cannot_call_any_wager_a_ride() -> None:
    bad = [*ANA_BANKS_100, *COUP1, {"act": "wager", "who": "Bruno", "amount": 7, "ride": True}]
    result = replay(make_record(THREE, bad, shoe=NATURAL))
    assert result.error is not None and "Bruno cannot let 7 ride" in str(result.error)
    good = [*ANA_BANKS_100, *COUP1, {"act": "wager", "who": "Bruno", "amount": 10, "ride": True}]
    assert replay(make_record(THREE, good, shoe=NATURAL)).game.lines[-1].right == 10


@pytest.mark.pilot
async def test_an_accepted_default_seating_is_logged_like_a_changed_one() -> None:
    app = table_app(record=make_record(FOUR, ANA_BANKS_20[:4]))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        session = app.session
        assert session is not None
        game = session.game
        assert session.stage() == "seating"
        await pilot.press("enter")  # Ana seats them as proposed
        assert session.stage() == "shuffle"
        line = "Seated: right Bruno, David; left Chloé (from the banker outward)."
        assert line in [ev.text for ev in session.messages]
        assert game.actions[-1].act == "seat"  # recorded, as a changed seating is
        again = replay(parse_record(json.loads(session.record_text())))
        assert line in [ev.text for ev in again.events]


@pytest.mark.pilot
async def test_every_balance_is_shown_during_the_auction() -> None:
    names = ["Ana", "Bruno", "Chloé", "David", "Eve", "Fred", "Gus", "Hal", "Ivy", "Jo", "Kim"]
    app = table_app(participants=names, kinds=["human"] * 11, seed=5)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("enter")  # setup: start
        await pilot.pause()
        await pilot.press("p", "3", "0", "enter")  # Ana passes, Bruno bids 30
        await pilot.pause()
        text = screen_text(app)
        assert "Balances & bids" in text
        for key, name in zip("1234567890-", names, strict=True):
            assert f"[{key}] {name}" in text  # all eleven, at 80×24
        assert "100 passed" in text and "100 bid 30" in text
        assert "(no seats yet)" not in text


@pytest.mark.pilot
async def test_the_road_marks_where_it_is_cut() -> None:
    from banque.table.widgets import Scoreboard

    app = table_app(record=make_record(FOUR, ANA_BANKS_20))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        session = app.session
        assert session is not None
        road = app.screen.query_one(Scoreboard)
        width = road.content_size.width - 7  # the marks that fit beside "Left  "
        long = session.board(None).model_copy(
            update={
                "road": {"left": ["player"] * 40, "right": ["banker"] * 39 + ["tie"]},
                "naturals": [False] * 37 + [True] * 3,
            }
        )
        road.show(long)
        await pilot.pause()
        lines = screen_text(app).splitlines()
        left = next(ln for ln in lines if "│ Left" in ln)
        right = next(ln for ln in lines if "│ Right" in ln)
        assert "Left  …" + "W" * (width - 1) in left
        assert "Right …" + "L" * (width - 2) + "T" in right
        text = screen_text(app)
        assert "40 coups, 3 naturals" in text
        assert f"… the last {width - 1} shown" in text
        short = long.model_copy(
            update={"road": {"left": ["player"] * 3, "right": ["tie"] * 3}, "naturals": [False] * 3}
        )
        road.show(short)
        await pilot.pause()
        text = screen_text(app)
        assert "Left  WWW" in text and "…" not in text.split("Road")[1]


@pytest.mark.pilot
async def test_a_burst_of_keys_at_the_table_acts_in_the_order_typed() -> None:
    """``4 0 Enter Enter 3 0 Enter p``, all at once: each key for the seat it was meant for."""
    app = table_app(participants=FOUR, kinds=["human"] * 4, seed=5)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("enter")  # setup: start
        await pilot.pause()
        session = app.session
        assert session is not None
        game = session.game
        # Ana bids 40; Bruno's Enter on his empty field passes (it never bids Ana's
        # 40 for him); Chloé bids 30; David passes with p.
        burst(app, "4", "0", "enter", "enter", "3", "0", "enter", "p")
        await pilot.pause()
        await pilot.pause()
        assert game.bids == {"Ana": 40, "Chloé": 30}
        assert (game.banker, game.fund) == ("Ana", 40)
        assert session.stage() == "seating"


@pytest.mark.pilot
async def test_a_burst_of_stakes_and_passes_at_the_table() -> None:
    app = table_app(record=make_record(FOUR, ANA_BANKS_20))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        session = app.session
        assert session is not None
        game = session.game
        # Bruno types 3 (over the offered 5); David passes; Chloé types 2 and stakes.
        burst(app, "3", "enter", "p", "2", "enter")
        await pilot.pause()
        await pilot.pause()
        stakes = {ln.who: ln.right + ln.left for ln in game.lines}
        assert stakes == {"Bruno": 3, "Chloé": 2}
        assert "David" in game.passed
        assert session.stage() == "dealing"


@pytest.mark.pilot
async def test_a_name_typed_then_enter_in_a_burst_starts_with_the_whole_name() -> None:
    app = table_app(seed=3, kinds=["human"] * 5)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        burst(app, "down", "down", "down", "down", "E", "v", "e", "space", "L", "i", "enter")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        session = app.session
        assert session is not None
        assert session.game.participants == ["Ana", "Bruno", "Chloé", "David", "Eve Li"]


@pytest.mark.pilot
async def test_a_fresh_banks_auction_shows_balances_and_early_passes() -> None:
    from pathlib import Path

    from banque.core.record import load_record

    examples = Path(__file__).resolve().parents[2] / "examples"
    app = table_app(record=load_record(examples / "worked-example.json"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        session = app.session
        assert session is not None
        from banque.table.screens.standings import StandingsScreen

        # the standings (once they are up, however slow the machine), then a fresh bank
        await until(pilot, lambda: isinstance(app.screen, StandingsScreen))
        await pilot.press("enter")
        await until(
            pilot,
            lambda: session.stage() == "auction" and not isinstance(app.screen, StandingsScreen),
        )
        await pilot.pause()
        assert session.stage() == "auction" and session.actor() == "Ana"
        balances = dict(session.game.balances)
        await pilot.press("p")  # Ana passes before anyone bids
        await until(pilot, lambda: session.actor() == "Bruno")
        text = screen_text(app)
        rows = {}
        for key, name in zip("123", ["Ana", "Bruno", "Chloé"], strict=True):
            row = next(ln for ln in text.splitlines() if f"[{key}] {name}" in ln)
            rows[name] = row.split(f"[{key}] {name}")[1].split("│")[0].split()
        assert rows["Ana"] == [str(balances["Ana"]), "passed"]
        assert rows["Bruno"] == [str(balances["Bruno"])]
        assert rows["Chloé"] == [str(balances["Chloé"])]
