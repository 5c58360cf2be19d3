"""The table in the terminal, played by key presses (Textual's Pilot).

Every test checks the engine's state after the steps it takes: the app only
shows and asks, the engine decides.  Shoes are stacked so that every coup is
known in advance (deal order: right, left, banker, twice; then third cards).
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from banque.core.models import Observation, Pass, Wager
from banque.core.record import load_record
from banque.games.records import record_of, replay
from banque.table.app import BanqueApp, css_path
from banque.table.screens import (
    ConfirmScreen,
    CurtainScreen,
    HelpScreen,
    PrivateScreen,
    SetupScreen,
    StandingsScreen,
    TableScreen,
    TooSmallScreen,
)
from banque.table.testing import (
    FOUR,
    READY_10,
    THREE,
    WORKED,
    make_record,
    screen_text,
    settle,
    table_app,
    typed,
    until,
    wager_and_deal,
)

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
#: Right 9♠ K♥ is a natural 9; left 2♣ 4♣ = 6; bank 3♦ 2♥ = 5.
NATURAL = ["9S", "2C", "3D", "KH", "4C", "2H"]
#: Right 4♠ 3♣ = 7 stands, left 2♦ 4♥ = 6 stands, bank 5♣ K♦ = 5.
BREAK = ["4S", "2D", "5C", "3C", "4H", "KD"]
#: Right 2♠ 3♥ = 5 (a choice), left A♥ 2♣ = 3 (draws), bank 3♦ K♠ = 3; then 9♦ 8♥ 7♣.
SIDE5 = ["2S", "AH", "3D", "3H", "2C", "KS", "9D", "8H", "7C"]


def prompt_text(app: BanqueApp) -> str:
    """The action panel's prompt (the engine's words for what happens now)."""
    from textual.widgets import Static

    return str(app.screen.query_one("#prompt", Static).render())


def log_text(app: BanqueApp) -> str:
    """The log as the players read it (lines unwrapped)."""
    assert app.session is not None
    return "\n".join(ev.text for ev in app.session.messages)


def test_styles_load_from_the_checkout_or_the_package() -> None:
    assert css_path().name == "screens.tcss"
    assert css_path().exists()


# ---------------------------------------------------------------- whole coups


@pytest.mark.pilot
async def test_enter_alone_starts_a_game_against_three_computers() -> None:
    """The default table: Ana (human, seat 1) against three computer players."""
    app = table_app(seed=11, shoe=SIDE5)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("enter")
        assert isinstance(app.screen, TableScreen)
        session = app.session
        assert session is not None
        game = session.game
        assert game.participants == ["Ana", "Bruno", "Chloé", "David"]
        assert game.seed == 11
        assert session.kind("Ana") == "human"
        assert sorted(session.computers) == ["Bruno", "Chloé", "David"]
        assert session.styles == {"Bruno": "cautious", "Chloé": "bold", "David": "cautious"}
        assert session.actor() == "Ana"
        await pilot.press("enter")  # Ana bids the offered 20; the computers answer
        await until(pilot, lambda: session.stage() == "betting" and session.actor() == "Ana")
        assert game.bids == {"Ana": 20, "Bruno": 24, "Chloé": 56, "David": 24}
        assert (game.banker, game.fund) == ("Chloé", 56)
        # The computer banker seats the players as the engine proposes and shuffles.
        assert game.sides == {"right": ["Ana", "David"], "left": ["Bruno"]}
        assert game.shoe_ready
        log = log_text(app)
        for line in (
            "Bruno bids 24 chips for the bank.",
            "Chloé holds bank 1 with a fund of 56 chips.",
            "Seated: right Ana, David; left Bruno (from the banker outward).",
            "Shuffled by Ana, David, Bruno, Chloé (the banker last); Bruno cuts.",
        ):
            assert line in log
        await pilot.press("enter")  # Ana stakes the offered 5; the others, then the deal
        await until(pilot, lambda: game.phase == "right")
        first = game.lines[0]
        assert (first.who, first.right, first.left) == ("Ana", 5, 0)
        assert session.actor() == "Ana"  # right 2♠ 3♥ = 5: Ana chooses
        assert "Coup 1: Chloé deals two cards each" in log_text(app)
        # One human against computers: her own cards face up on her screen, her
        # private view at once (no curtain: nobody to hand the keyboard to).
        assert "2♠" in screen_text(app) and "3♥" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, PrivateScreen)
        assert "2♠ 3♥ = 5" in screen_text(app)
        await pilot.press("d")  # Ana draws; Bruno draws at 3 by force; Chloé chooses
        await until(pilot, lambda: session.stage() == "settlement")
        coup = game.coups[-1]
        assert coup.hands["right"] == ["2S", "3H", "9D"]
        assert coup.hands["left"] == ["AH", "2C", "8H"]
        assert coup.moves["banker"] in ("draw", "stand")
        log = log_text(app)
        # Forced moves are announced by default: the same words as a choice.
        assert "The right side (Ana) says carte: draws 9♦ face up." in log
        assert "The left side (Bruno) says carte: draws 8♥ face up." in log
        assert ("Banker (Chloé) draws: 7♣ face up." in log) != ("Banker (Chloé) stands." in log)
        assert "Coup 1 settled" in log
        assert isinstance(app.screen, TableScreen)
        await pilot.press("enter")  # next coup: Ana speaks first again
        assert session.stage() == "betting" and session.actor() == "Ana"


@pytest.mark.pilot
async def test_worked_example_played_by_keys(tmp_path: Path) -> None:
    app = table_app(
        participants=THREE,
        kinds=["human"] * 3,
        seed=7,
        shoe=WORKED,
        save_dir=tmp_path,
        forced_moves="automatic",  # the rules card's flow: forced draws at once
    )
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("enter")
        session = app.session
        assert session is not None
        game = session.game
        await typed(pilot, "10")
        await pilot.press("enter")
        assert game.bids == {"Ana": 10}
        await pilot.press("enter")  # Bruno: empty amount = pass
        assert game.spoken == ["Ana", "Bruno"]
        await pilot.press("p")  # Chloé passes with p
        assert (game.banker, game.fund) == ("Ana", 10)
        await pilot.press("enter")  # seating as the engine proposes
        assert game.sides == {"right": ["Bruno"], "left": ["Chloé"]}
        await pilot.press("enter")  # shuffle and cut
        assert game.shoe_ready
        await typed(pilot, "5")
        await pilot.press("enter")
        assert game.stakes == {"right": 5, "left": 0}
        await typed(pilot, "3")
        await pilot.press("enter")
        assert game.stakes == {"right": 5, "left": 3}
        assert session.stage() == "dealing"
        await pilot.press("enter")  # deal: both sides hold 3 and draw by force
        assert game.phase == "banker"
        assert game.hands["right"] == ["9C", "4C", "4D"]
        assert game.hands["left"] == ["7H", "6D", "2H"]
        text = screen_text(app)
        assert "4♦" in text and "2♥" in text  # the forced draws, face up
        assert "Right (Bruno) draws: 4♦ face up." in text
        await pilot.press("enter")  # hand the keyboard to the banker
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        assert "Pass the keyboard to Ana — Enter to look" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, PrivateScreen)
        private = screen_text(app)
        assert "2♠ 3♣ = 5" in private
        await pilot.press("s")  # the banker stands on 5
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        coup = game.coups[-1]
        assert coup.results == {"right": "player", "left": "tie"}
        assert coup.payouts == {"Bruno": 5, "Chloé": 0}
        assert game.fund == 5
        assert game.balances == {"Ana": 90, "Bruno": 105, "Chloé": 100}
        text = screen_text(app)
        assert "Coup 1: right wins, left ties; the fund falls by 5 to 5." in prompt_text(app)
        assert "Fund 10 → 5 (−5)" in text
        await pilot.press("enter")  # next coup
        assert session.stage() == "betting"
        await pilot.press("x")  # the banker retires between coups (asked first)
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await settle(pilot)
        assert game.ended is not None and game.ended.reason == "retired"
        assert isinstance(app.screen, StandingsScreen)
        text = screen_text(app)
        assert "Bank 1 has ended: Ana retired." in text
        assert "Winner: Bruno." in text
        # The record kept by the app replays to the same end.
        again = replay(record_of(game)).game
        assert again.balances == game.balances and again.ended == game.ended


@pytest.mark.pilot
async def test_worked_example_from_its_record() -> None:
    record = load_record(EXAMPLES / "worked-example.json")
    app = table_app(record=record)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, StandingsScreen)
        session = app.session
        assert session is not None
        game = session.game
        assert game.ended is not None
        assert game.ended.totals == {"Ana": 95, "Bruno": 105, "Chloé": 100}
        assert game.ended.winners == ["Bruno"]
        text = screen_text(app)
        assert "Bruno" in text and "+5" in text and "−5" in text


@pytest.mark.pilot
async def test_worked_example_record_stopped_at_the_banker_plays_on_by_keys() -> None:
    record = load_record(EXAMPLES / "worked-example.json")
    partial = record.model_copy(update={"actions": record.actions[:7]})
    app = table_app(record=partial)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        session = app.session
        assert session is not None
        game = session.game
        assert game.phase == "banker" and session.stage() == "decision"
        await pilot.press("enter", "enter")
        await settle(pilot)
        assert isinstance(app.screen, PrivateScreen)
        await pilot.press("s")
        await settle(pilot)
        assert game.coups[-1].results == {"right": "player", "left": "tie"}
        assert game.fund == 5


@pytest.mark.pilot
async def test_a_refused_stake_shows_the_engines_words_and_changes_nothing() -> None:
    app = table_app(record=make_record(THREE, READY_10, shoe=WORKED))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        session = app.session
        assert session is not None
        game = session.game
        acts = len(game.actions)
        await typed(pilot, "500")
        text = screen_text(app)
        assert "Bruno has 100 chips: a wager cannot exceed your balance" in text
        await pilot.press("enter")
        assert len(game.actions) == acts and game.staked() == 0
        assert game.turn().actors[0] == "Bruno"
        assert "Bruno has 100 chips: a wager cannot exceed your balance" in screen_text(app)
        # Beyond the cover (but within the balance): the engine reduces it.
        await typed(pilot, "12")
        assert "Only 10 can be covered" in screen_text(app)
        await pilot.press("enter")
        assert game.stakes == {"right": 10, "left": 0}
        assert any("reduced from 12 to the 10 chips of cover left" in ev.text for ev in game.log)
        # The bank is covered: Chloé can only pass, and does so by herself.
        assert "Chloé" in game.passed
        assert session.stage() == "dealing"
        assert "Chloé cannot stake (the bank is covered) and passes." in log_text(app)
        # Said once, by its reason: no second "Chloé passes." after it.
        assert log_text(app).splitlines()[-1].startswith("Chloé cannot stake")


@pytest.mark.pilot
async def test_a_cheval_splits_the_stake_and_odd_amounts_are_refused() -> None:
    actions = [
        {"act": "bid", "who": "Ana", "amount": 20},
        {"act": "pass", "who": "Bruno"},
        {"act": "pass", "who": "Chloé"},
        {"act": "pass", "who": "David"},
        {"act": "shuffle"},
    ]
    app = table_app(record=make_record(FOUR, actions))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        session = app.session
        assert session is not None
        game = session.game
        assert game.order == ["Bruno", "David", "Chloé"]
        await pilot.press("a")
        assert "à cheval" in screen_text(app)
        await typed(pilot, "3")
        assert "must be even" in screen_text(app) and "3 is odd" in screen_text(app)
        await pilot.press("enter")
        assert game.staked() == 0
        await typed(pilot, "4")
        await pilot.press("enter")
        line = game.lines[-1]
        assert (line.who, line.kind, line.right, line.left) == ("Bruno", "a_cheval", 2, 2)
        assert "⇄4" in screen_text(app)
        assert session.actor() == "David"
        await pilot.press("p")
        assert "David" in game.passed


@pytest.mark.pilot
async def test_banco_breaks_the_bank_and_a_fresh_bank_follows() -> None:
    actions = [
        {"act": "bid", "who": "Ana", "amount": 100},
        {"act": "pass", "who": "Bruno"},
        {"act": "pass", "who": "Chloé"},
        {"act": "shuffle"},
    ]
    app = table_app(record=make_record(THREE, actions, shoe=BREAK))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        session = app.session
        assert session is not None
        game = session.game
        await pilot.press("b")  # Bruno calls banco
        assert game.claims == ["Bruno"]
        assert "BANCO" in screen_text(app)
        await pilot.press("p")  # Chloé passes
        await pilot.press("enter")  # deal: 7 and 6 stand by force
        assert game.phase == "banker"
        assert [ln.kind for ln in game.lines] == ["banco"]
        await pilot.press("enter", "enter")
        await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        assert game.coups[-1].results["right"] == "player"
        assert game.ended is not None and game.ended.reason == "bankrupt"
        assert session.stage() == "settlement"
        assert "Enter: the bank's standings" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, StandingsScreen)
        text = screen_text(app)
        assert "the bank was broken (fund 0)" in text
        assert "Winner: Bruno." in text
        assert game.ended.totals == {"Ana": 0, "Bruno": 200, "Chloé": 100}
        # A fresh bank: Ana has no chips and passes by herself.
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert session.stage() == "auction"
        assert session.actor() == "Bruno"
        assert "Ana has no chips and cannot bid." in log_text(app)
        await pilot.press("enter")  # Bruno bids the offered 20
        assert game.phase == "auction" and game.bank_number == 2
        assert game.spoken == ["Ana", "Bruno"]  # in the order the table showed them
        await pilot.press("enter")  # Chloé passes
        assert (game.banker, game.fund, game.bank_number) == ("Bruno", 20, 2)
        assert session.stage() == "seating"


@pytest.mark.pilot
async def test_a_natural_settles_at_once() -> None:
    app = table_app(record=make_record(THREE, READY_10, shoe=NATURAL))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        session = app.session
        assert session is not None
        game = session.game
        await wager_and_deal(pilot)
        coup = game.coups[-1]
        assert coup.natural and coup.moves["right"] == "natural"
        assert coup.results == {"right": "player", "left": "player"}
        assert game.fund == 2
        assert session.stage() == "settlement"
        text = screen_text(app)
        assert "Natural! Coup 1: right wins, left wins; the fund falls by 8 to 2." in prompt_text(
            app
        )
        assert "K♥" in text  # every hand is shown
        await pilot.press("enter")
        assert session.stage() == "betting"


@pytest.mark.pilot
async def test_a_side_at_five_decides_in_its_private_view() -> None:
    app = table_app(record=make_record(THREE, READY_10, shoe=SIDE5))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        session = app.session
        assert session is not None
        game = session.game
        await wager_and_deal(pilot)
        assert game.phase == "right" and session.actor() == "Bruno"
        assert "Bruno decides on concealed cards" in screen_text(app)
        await pilot.press("d")  # no decision on the public screen
        assert game.phase == "right"
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        assert "Pass the keyboard to Bruno — Enter to look" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, PrivateScreen)
        text = screen_text(app)
        assert "2♠ 3♥ = 5" in text
        assert "3♦" not in text and "A♥" not in text  # not Bruno's cards
        await pilot.press("d")
        await settle(pilot)
        assert game.hands["right"] == ["2S", "3H", "9D"]
        assert game.hands["left"] == ["AH", "2C", "8H"]  # forced draw at 3
        assert game.phase == "banker"
        await pilot.press("enter", "enter")
        await settle(pilot)
        await pilot.press("d")
        await settle(pilot)
        assert game.coups[-1].totals == {"right": 4, "left": 1, "banker": 0}


@pytest.mark.pilot
async def test_a_ride_beyond_the_cover_is_not_offered() -> None:
    """Bruno's 5 won 5: a ride of 10 against the 5 left in the bank would be cut down to
    5, so the table does not offer it (issue 21: nothing bets big behind your back)."""
    record = load_record(EXAMPLES / "worked-example.json")
    partial = record.model_copy(update={"actions": record.actions[:8]})
    app = table_app(record=partial)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        session = app.session
        assert session is not None
        game = session.game
        assert session.stage() == "settlement"
        await pilot.press("enter")
        assert session.actor() == "Bruno"
        assert game.ride_stake("Bruno") == (10, False) and game.max_stake("Bruno") == 5
        assert "let it ride" not in screen_text(app)
        before = len(game.actions)
        await pilot.press("r")
        assert len(game.actions) == before  # no wager made


@pytest.mark.pilot
async def test_seating_can_be_changed_from_the_keyboard() -> None:
    actions = [
        {"act": "bid", "who": "Ana", "amount": 20},
        {"act": "pass", "who": "Bruno"},
        {"act": "pass", "who": "Chloé"},
        {"act": "pass", "who": "David"},
    ]
    app = table_app(record=make_record(FOUR, actions))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        session = app.session
        assert session is not None
        game = session.game
        assert session.stage() == "seating"
        assert game.sides == {"right": ["Bruno", "David"], "left": ["Chloé"]}
        await pilot.press("down")  # Bruno
        await pilot.press("left")  # to the left side
        await pilot.press("left_square_bracket")  # nearest the banker
        assert session.draft() == {"right": ["David"], "left": ["Bruno", "Chloé"]}
        await pilot.press("enter")
        assert game.sides == {"right": ["David"], "left": ["Bruno", "Chloé"]}
        assert game.actions[-1].act == "seat"
        assert session.stage() == "shuffle"
        await pilot.press("o")  # only the banker shuffles
        await pilot.press("c")  # the next participant cuts
        cutter = session.cut_by()
        await pilot.press("enter")
        bank = game.banks[-1]
        assert bank.shufflers == ["Ana"] and bank.cut_by == cutter == "Chloé"
        assert session.stage() == "betting"


@pytest.mark.pilot
async def test_a_seats_key_opens_a_curtain_then_its_private_view() -> None:
    app = table_app(record=make_record(THREE, READY_10, shoe=SIDE5))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        session = app.session
        assert session is not None
        await wager_and_deal(pilot)
        await pilot.press("1")  # Ana's key
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("escape")  # back, nothing shown
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        await pilot.press("1", "enter")
        await settle(pilot)
        assert isinstance(app.screen, PrivateScreen)
        text = screen_text(app)
        assert "3♦ K♠ = 3" in text and "2♠" not in text
        await pilot.press("d")  # Ana does not decide now: nothing happens
        assert session.game.phase == "right"
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert session.game.phase == "right"


@pytest.mark.pilot
async def test_v_opens_a_seats_view_while_an_amount_is_typed() -> None:
    app = table_app(record=make_record(THREE, READY_10, shoe=WORKED))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("v")
        await settle(pilot)
        assert "Whose view?" in screen_text(app)
        await pilot.press("3")
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        assert "Pass the keyboard to Chloé" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, PrivateScreen)
        assert "You hold no concealed cards now." in screen_text(app)


# ---------------------------------------------------------------- conventions


@pytest.mark.pilot
async def test_escape_never_changes_the_game() -> None:
    app = table_app(record=make_record(THREE, READY_10, shoe=SIDE5))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        session = app.session
        assert session is not None
        game = session.game
        for _ in range(3):
            before = (len(game.actions), session.stage())
            await pilot.press("escape")
            assert (len(game.actions), session.stage()) == before
            await pilot.press("enter")  # a default stake, then the deal
        assert game.phase == "right"
        before = (len(game.actions), session.stage())
        await pilot.press("escape", "escape")
        assert (len(game.actions), session.stage()) == before


@pytest.mark.pilot
async def test_ctrl_q_mid_bank_keeps_the_game_without_asking() -> None:
    app = table_app(record=make_record(THREE, READY_10))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        session = app.session
        assert session is not None and session.journal is not None
        await pilot.press("ctrl+q")
        await settle(pilot)
        assert not isinstance(app.screen, ConfirmScreen)
    assert app.return_value == 0
    assert "Game kept — `banque --resume` continues it" in app.farewell


@pytest.mark.pilot
async def test_ctrl_q_quits_at_once_before_a_game() -> None:
    app = table_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("ctrl+q")
        await settle(pilot)
    assert app.return_value == 0


@pytest.mark.pilot
async def test_help_opens_with_question_mark_and_f1() -> None:
    app = table_app(record=make_record(THREE, READY_10))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        assert "Packs and banker" in screen_text(app)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)


@pytest.mark.pilot
async def test_too_small_says_so_and_recovers() -> None:
    app = table_app(record=make_record(THREE, READY_10))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.resize_terminal(70, 20)
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        assert "needs at least 80×24" in screen_text(app)
        await pilot.press("p")  # the game waits
        session = app.session
        assert session is not None
        assert session.game.passed == []
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)


@pytest.mark.pilot
async def test_ascii_suits_for_terminals_without_card_symbols() -> None:
    record = load_record(EXAMPLES / "worked-example.json")
    partial = record.model_copy(update={"actions": record.actions[:8]})
    app = table_app(record=partial)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        assert "9♣" in screen_text(app)
        await pilot.press("f2")
        text = screen_text(app)
        assert "9♣" not in text and "│9C │" in text
        assert "Left (Chloé) draws: 2H face up." in text.replace("\n", " ")  # the log too


@pytest.mark.pilot
async def test_save_writes_the_record_and_never_overwrites(tmp_path: Path) -> None:
    stamp = datetime(2026, 1, 2, 3, 4, 5)
    taken = tmp_path / "banque-20260102-030405.json"
    taken.write_text("someone else's file", encoding="utf-8")
    app = table_app(
        record=make_record(THREE, READY_10, shoe=WORKED), save_dir=tmp_path, clock=lambda: stamp
    )
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("ctrl+s")
        await settle(pilot)
        saved = tmp_path / "banque-20260102-030405-2.json"
        assert saved.exists()
        assert taken.read_text(encoding="utf-8") == "someone else's file"
        assert any(saved.name in note.message for note in app._notifications)
        assert "Record saved to" in screen_text(app)
        await typed(pilot, "5")
        await pilot.press("enter")
        await pilot.press("ctrl+s")
        session = app.session
        assert session is not None
        again = replay(load_record(saved)).game
        assert again.stakes == session.game.stakes == {"right": 5, "left": 0}


@pytest.mark.pilot
async def test_command_palette_offers_the_games_commands() -> None:
    app = table_app(record=make_record(THREE, READY_10))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        names = [name for name, _help, _cb in app.game_commands(app.screen)]
        assert "Save the record" in names and "Pass" in names and "Banco" in names
        assert "View seat: Chloé" in names
        assert "Deal the coup" not in names  # not now: Bruno speaks
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"Pass")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        session = app.session
        assert session is not None
        assert session.game.passed == ["Bruno"]


@pytest.mark.pilot
async def test_a_computer_seat_is_asked_through_a_callable() -> None:
    asked: list[Observation] = []

    def bruno(obs: Observation) -> Any:
        asked.append(obs)
        if obs.phase == "betting":
            return Wager(who="Bruno", amount=4)
        return Pass(who="Bruno")

    app = table_app(record=make_record(THREE, READY_10, shoe=WORKED), computers={"Bruno": bruno})
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await pilot.pause(0.05)
        session = app.session
        assert session is not None
        game = session.game
        assert asked and asked[0].seat == "Bruno"
        assert all(c is None for hand in asked[0].hands.values() for c in hand)
        assert game.stakes["right"] == 4
        assert session.actor() == "Chloé"


@pytest.mark.pilot
async def test_a_record_that_cannot_be_read_falls_back_to_setup(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    app = table_app(record=bad)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        assert "not valid JSON" in screen_text(app)


@pytest.mark.pilot
async def test_setup_refuses_bad_names_in_the_engines_words() -> None:
    app = table_app(participants=["Ana", "ana", "Bruno"])
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("enter")
        assert isinstance(app.screen, SetupScreen)
        assert "Two participants are called" in screen_text(app)
        assert app.session is None


@pytest.mark.pilot
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_eleven_participants_fit(size: tuple[int, int]) -> None:
    names = [f"Player{i:02d}" for i in range(1, 12)]
    actions = [{"act": "bid", "who": names[0], "amount": 50}] + [
        {"act": "pass", "who": n} for n in names[1:]
    ]
    app = table_app(record=make_record(names, [*actions, {"act": "shuffle"}]))
    async with app.run_test(size=size, notifications=True):
        text = screen_text(app)
        for name in names[1:]:
            assert name in text
        assert "[-]" in text  # the eleventh seat's key


# ---------------------------------------------------------------- computer players


@pytest.mark.pilot
async def test_a_human_banker_asks_the_advisor_in_the_private_view() -> None:
    """Ana outbids the computers; at her choice her private view gives the exact advice."""
    from banque.games.banque.players import banker_advice

    app = table_app(seed=11, shoe=WORKED)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("enter")
        session = app.session
        assert session is not None
        game = session.game
        await typed(pilot, "100")
        await pilot.press("enter")
        await until(pilot, lambda: session.stage() == "seating")
        assert (game.banker, game.fund) == ("Ana", 100)
        await pilot.press("enter", "enter")  # Ana seats them and shuffles
        await until(pilot, lambda: session.stage() == "dealing")
        assert {ln.who for ln in game.lines} == {"Bruno", "Chloé", "David"}
        assert "Enter: deal" in screen_text(app)
        await pilot.press("enter")  # both sides draw at 3 by force: the banker's choice
        assert game.phase == "banker" and session.actor() == "Ana"
        public = screen_text(app)
        assert "Advisor" not in public and "Advice" not in public
        await pilot.press("a")  # no advice on the table
        assert "Advisor" not in screen_text(app)
        await pilot.press("enter")  # one human: her view at once, no curtain
        await settle(pilot)
        assert isinstance(app.screen, PrivateScreen)
        text = screen_text(app)
        assert "2♠ 3♣ = 5" in text and "Advice (a)" in text
        assert "Advisor:" not in text  # until asked
        await pilot.press("a")
        await settle(pilot)
        draw, stand = banker_advice(game.observe("Ana"), 0.5)
        assert (round(draw, 2), round(stand, 2)) == (-2.92, -0.56)
        text = " ".join(screen_text(app).split())
        assert (
            "Advisor: drawing gains −2.92 chips on average, standing −0.56. "
            "Better: stand (by 2.35 chips)."
        ) in text
        assert "a side at 5 draws with chance 0.5" in text
        assert not app._notifications  # never in a toast: toasts outlive the view
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert game.coups[-1].moves["banker"] == "stand"
        public = screen_text(app)
        assert "Advisor" not in public and "−2.92" not in public and "2.35" not in public
        log = log_text(app)
        assert "Advisor" not in log and "2.92" not in log and "0.56" not in log


@pytest.mark.pilot
async def test_the_private_advice_counts_a_bank_that_pays_only_its_fund() -> None:
    """classic, fund 10 against stakes 13 and 9: the banker's view gives the advisor's
    figures as the bank would pay them (standing loses exactly 10), and says why."""
    data = Path(__file__).resolve().parents[2] / "examples" / "classic-payment-in-order.json"
    record = load_record(data)
    record = record.model_copy(update={"actions": record.actions[:-1]})
    app = table_app(record=record)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(pilot)
        session = app.session
        assert session is not None and session.game.phase == "banker"
        await pilot.press("enter")
        await settle(pilot)
        if isinstance(app.screen, CurtainScreen):
            await pilot.press("enter")
            await settle(pilot)
        assert isinstance(app.screen, PrivateScreen) and app.screen.who == "Ana"
        await pilot.press("a")
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        assert "standing −10.00" in text
        assert "A losing bank pays in order only as far as its fund: at most 10 chips lost" in text


@pytest.mark.pilot
async def test_the_advice_is_only_for_the_banker_choosing() -> None:
    app = table_app(record=make_record(THREE, READY_10, shoe=SIDE5))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await typed(pilot, "5")
        await pilot.press("enter")
        await typed(pilot, "3")
        await pilot.press("enter", "enter")  # Bruno holds 5
        await pilot.press("enter", "enter")
        await settle(pilot)
        assert isinstance(app.screen, PrivateScreen) and app.screen.who == "Bruno"
        assert "Advice" not in screen_text(app)
        await pilot.press("a")
        assert "Advisor" not in screen_text(app)
        await pilot.press("escape", "1", "enter")  # Ana, the banker, before her turn
        await settle(pilot)
        assert isinstance(app.screen, PrivateScreen) and app.screen.who == "Ana"
        await pilot.press("a")
        assert "Advisor" not in screen_text(app)


@pytest.mark.pilot
async def test_setup_makes_each_seat_human_or_computer_by_keys() -> None:
    app = table_app(seed=3)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = app.screen
        assert isinstance(screen, SetupScreen)

        def kinds() -> list[str]:
            return [screen.kind_of(i) for i in range(5)]

        assert kinds() == ["human", "cautious", "bold", "cautious", "human"]
        await pilot.press("ctrl+t")  # from Ana's name: Ana becomes a computer
        assert kinds()[0] == "cautious"
        await pilot.press("tab")  # to Ana's switch
        assert screen.focused_cell() == "kind-0"
        await pilot.press("space")
        assert kinds()[0] == "bold"
        await pilot.press("right")
        assert kinds()[0] == "expert"
        await pilot.press("right")
        assert kinds()[0] == "human"
        await pilot.press("down", "left")  # Bruno's switch, one step back
        assert kinds()[1] == "human"
        await pilot.press("down", "down", "down")  # the fifth seat: a name and a computer
        assert screen.focused_cell() == "kind-4"
        await pilot.press("right", "shift+tab", "E", "v", "e", "space", "L", "i")
        assert kinds()[4] == "cautious"  # and a space is typed in a name
        # A pace that is not a number of seconds is refused before anything starts.
        pace = screen.query_one("#pace")
        pace.focus()
        await pilot.press("end", "ctrl+u", *"99")
        await pilot.press("enter")
        assert isinstance(app.screen, SetupScreen)
        assert "The pace is a number of seconds from 0 to 10" in screen_text(app)
        await pilot.press("end", "ctrl+u", "0")
        await pilot.press("enter")
        assert isinstance(app.screen, TableScreen)
        session = app.session
        assert session is not None
        assert session.game.participants == ["Ana", "Bruno", "Chloé", "David", "Eve Li"]
        assert sorted(session.computers) == ["Chloé", "David", "Eve Li"]
        assert session.styles == {"Chloé": "bold", "David": "cautious", "Eve Li": "cautious"}
        assert app.pace == 0.0


@pytest.mark.pilot
async def test_ctrl_r_restores_the_default_table() -> None:
    app = table_app(participants=["Xavier", "Yann", "Zoé"], kinds=["bold"] * 3)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("ctrl+r", "enter")
        session = app.session
        assert session is not None
        assert session.game.participants == ["Ana", "Bruno", "Chloé", "David"]
        assert sorted(session.computers) == ["Bruno", "Chloé", "David"]


@pytest.mark.pilot
async def test_computer_moves_wait_the_pace_and_never_block_the_keys() -> None:
    app = table_app(seed=11, shoe=SIDE5, pace=1.0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("enter", "enter")  # start; Ana bids 20
        session = app.session
        assert session is not None
        game = session.game
        assert game.bids == {"Ana": 20}  # Bruno thinks for a second
        assert "Bruno (computer, cautious) is thinking…" in screen_text(app)
        await pilot.press("f1")  # help opens at once; the computers wait behind it
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        await pilot.pause(1.3)
        assert game.bids == {"Ana": 20}
        await pilot.press("escape")
        await until(pilot, lambda: "Bruno" in game.bids)
        assert "Chloé" not in game.bids  # one move a pace
        await pilot.press("space")  # pause
        assert app.paused
        assert "Computer players paused" in screen_text(app)
        await pilot.pause(1.2)
        assert "Chloé" not in game.bids
        await pilot.press("full_stop")  # one move
        assert "Chloé" in game.bids and "David" not in game.bids
        await pilot.press("space")  # resume
        assert not app.paused
        await until(pilot, lambda: "David" in game.bids)


@pytest.mark.pilot
async def test_a_computer_seat_has_no_curtain_and_no_private_view() -> None:
    app = table_app(seed=11, shoe=SIDE5)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("enter", "enter")
        session = app.session
        assert session is not None
        await until(pilot, lambda: session.actor() == "Ana" and session.stage() == "betting")
        await pilot.press("enter")
        await until(pilot, lambda: session.game.phase == "right")
        await pilot.press("2")  # Bruno's key: a computer
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert any(
            note.message == "Bruno is a computer player: its cards stay concealed until the reveal."
            for note in app._notifications
        )
        names = [name for name, _help, _cb in app.game_commands(app.screen)]
        assert "View seat: Ana" in names
        app.open_private("Chloé")  # the palette's way in is refused too
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        await pilot.press("1", "enter")  # Ana's own view still has its curtain
        await settle(pilot)
        assert isinstance(app.screen, PrivateScreen)
        assert "2♠ 3♥ = 5" in screen_text(app)


@pytest.mark.pilot
async def test_every_seat_a_computer_plays_on_by_itself_and_replays(tmp_path: Path) -> None:
    """Watch mode: coups, the end of a bank and a fresh one, with no key pressed."""
    stamp = datetime(2026, 1, 2, 3, 4, 5)
    app = table_app(seed=5, save_dir=tmp_path, clock=lambda: stamp)
    screens: set[str] = set()
    push_screen = app.push_screen

    def spy(screen: Any, *args: Any, **kwargs: Any) -> Any:
        screens.add(type(screen).__name__)
        return push_screen(screen, *args, **kwargs)

    app.push_screen = spy  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("ctrl+t", "enter")  # Ana too is a computer
        session = app.session
        assert session is not None
        assert session.all_computers()
        game = session.game
        await until(pilot, lambda: len(game.banks) >= 2 and game.phase == "betting")
        screens.add(type(app.screen).__name__)
        first = game.banks[0]
        assert first.ended is not None and first.coups >= 2
        assert {"TableScreen", "StandingsScreen"} <= screens
        assert "CurtainScreen" not in screens and "PrivateScreen" not in screens
        assert "A fresh bank: the auction for bank 2 opens." in log_text(app)
        await pilot.press("space")  # pause, then save: the record replays to the same state
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        saved = tmp_path / "banque-20260102-030405.json"
        assert saved.exists()
        again = replay(load_record(saved))
        assert again.error is None
        assert again.game.report() == game.report()
        assert again.game.balances == game.balances
        await pilot.press("ctrl+q")
        await settle(pilot)
    assert app.return_value == 0


@pytest.mark.pilot
async def test_the_same_seeded_table_with_computers_plays_the_same_game() -> None:
    records = []
    for _ in range(2):
        app = table_app(seed=9, kinds=["bold", "cautious", "bold", "cautious"])
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await pilot.press("enter")
            session = app.session
            assert session is not None
            game = session.game
            await until(pilot, lambda g=game: len(g.coups) >= 2)  # type: ignore[misc]
            await pilot.press("space")
            records.append(record_of(game))
    first, second = records
    n = min(len(first.actions), len(second.actions))
    assert n > 10
    assert first.actions[:n] == second.actions[:n]
    # The records stop where each run was paused; their common part is one game.
    same = [replay(r.model_copy(update={"actions": r.actions[:n]})) for r in records]
    assert same[0].game.report() == same[1].game.report()
    assert sum(ev.kind == "settle" for ev in same[0].events) >= 2


@pytest.mark.pilot
async def test_a_record_resumes_with_named_computer_seats() -> None:
    app = table_app(record=make_record(THREE, READY_10, shoe=WORKED), kinds={"Chloé": "bold"})
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        session = app.session
        assert session is not None
        assert session.computers.keys() == {"Chloé"}
        game = session.game
        await typed(pilot, "5")
        await pilot.press("enter")  # Bruno; then Chloé plays by herself
        await until(pilot, lambda: session.stage() == "dealing")
        assert game.lines[-1].who == "Chloé" or "Chloé" in game.passed


def test_a_settlement_that_ends_the_bank_shows_the_fund_it_left() -> None:
    """Computers alone, without the app, until a bank ends on the shoe after a coup."""
    from banque.games.banque.game import Game
    from banque.session.session import Session, computer_seats

    game = Game(FOUR, seed=1)
    session = Session(game, computers=computer_seats(game, dict.fromkeys(FOUR, "cautious")))
    session.forced()
    for _ in range(5000):
        stage = session.stage()
        if stage == "settlement":
            if game.ended is not None and game.ended.reason == "shoe":
                break
            session.continue_after_settlement()
        elif stage == "ended":
            session.new_bank()
        else:
            session.play_computer()
    assert game.ended is not None and game.ended.reason == "shoe"
    settled = session.settled
    assert settled is not None and settled.fund_after > 0
    board = session.board(None)
    assert (board.fund_before, board.fund) == (settled.fund_before, settled.fund_after)
    assert game.fund == 0  # the fund has gone back to the banker


@pytest.mark.pilot
async def test_a_computer_choice_at_five_is_told_in_the_log_without_its_cards() -> None:
    acts = [
        {"act": "bid", "who": "Ana", "amount": 20},
        {"act": "pass", "who": "Bruno"},
        {"act": "pass", "who": "Chloé"},
        {"act": "pass", "who": "David"},
        {"act": "shuffle"},
        {"act": "wager", "who": "Bruno", "amount": 5},
        {"act": "pass", "who": "David"},
        {"act": "wager", "who": "Chloé", "amount": 3},
        {"act": "deal"},
    ]
    computers = {"Bruno": "bold", "Chloé": "cautious", "David": "bold"}
    app = table_app(record=make_record(FOUR, acts, shoe=SIDE5), kinds=computers)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        session = app.session
        assert session is not None
        game = session.game
        await until(pilot, lambda: game.phase == "banker")  # Bruno (right, at 5) chose
        move = game.moves["right"]
        log = log_text(app)
        said = "Right (Bruno) draws: 9♦ face up." if move == "draw" else "Right (Bruno) stands."
        assert said in log
        for card in ("2♠", "3♥", "A♥", "2♣", "3♦", "K♠"):  # the concealed pairs
            assert card not in log
        for card in ("2♠", "3♥", "A♥", "2♣"):  # the computers' (Ana's own are on her screen)
            assert card not in screen_text(app)
        assert "You hold the bank and choose: d draws, s stands" in screen_text(app)


def test_a_computer_speaks_in_a_fresh_banks_auction_after_a_human_passed() -> None:
    from banque.core.models import Retire, Stand
    from banque.session.session import Session, computer_seats

    acts = [*READY_10, {"act": "wager", "who": "Bruno", "amount": 5}, {"act": "deal"}]
    result = replay(make_record(THREE, acts, shoe=WORKED))
    game = result.game
    computers = computer_seats(game, {"Bruno": "cautious", "Chloé": "bold"})
    session = Session.from_replay(result, computers=computers)
    assert game.phase == "banker"  # both sides drew at 3 by force
    session.perform(Stand(side="banker"))
    session.continue_after_settlement()
    session.perform(Retire())
    assert session.stage() == "ended"
    session.new_bank()
    assert session.actor() == "Ana"
    session.perform(Pass(who="Ana"))  # the app's own pass, before any bid
    assert session.computer_to_move() == "Bruno"
    # Ana's pass opened the fresh auction in the engine, in the table's order.
    assert (game.phase, game.spoken) == ("auction", ["Ana"])
    assert game.observe("Bruno").to_act
    assert session.observation("Bruno").to_act
    events = session.play_computer()  # the first computer to speak opens the bank
    assert any(ev.kind == "bid" for ev in events)
    assert game.phase == "auction" and game.bank_number == 2
    assert game.bids.keys() == {"Bruno"} and "Ana" in game.spoken


@pytest.mark.pilot
async def test_the_banker_retires_from_the_settlement() -> None:
    """x at the settlement: the bank ends at once (asked first), without waiting for
    the next coup's stakes (issue 21)."""
    record = load_record(EXAMPLES / "worked-example.json")
    partial = record.model_copy(update={"actions": record.actions[:8]})
    app = table_app(record=partial)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        session = app.session
        assert session is not None
        game = session.game
        assert session.stage() == "settlement"
        await pilot.press("x")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await settle(pilot)
        assert game.actions[-1].act == "retire" and game.phase == "ended"
