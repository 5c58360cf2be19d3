"""The table under the classic and hoyle profiles, played by key presses (Textual's Pilot)."""

from __future__ import annotations

from typing import Any

import pytest

from banque.core.models import Record
from banque.core.record import parse_record
from banque.table.screens import HelpScreen, SetupScreen, StandingsScreen, TableScreen
from banque.table.testing import THREE, screen_text, settle, table_app

AUCTION = [
    {"act": "bid", "who": "Ana", "amount": 10},
    {"act": "pass", "who": "Bruno"},
    {"act": "pass", "who": "Chloé"},
    {"act": "shuffle"},
]
# Two burnt cards, then: right 9♥ K♥ (a natural), left 3♠ K♠ draws Q♣, banker 5♦ K♦.
SHOE = ["2C", "3C", "9H", "3S", "5D", "KH", "KS", "KD", "QC", "4C"]
# Right 7, left 6 (both stand), banker 0: the banker loses both sides.
LOSES = ["7H", "6S", "KD", "KH", "KS", "QD"]


def record(rules: str, actions: list[dict[str, Any]], shoe: list[str]) -> Record:
    return parse_record(
        {"participants": THREE, "seed": 7, "rules": rules, "shoe": shoe, "actions": actions}
    )


@pytest.mark.pilot
async def test_setup_offers_the_rules_and_the_header_names_them() -> None:
    app = table_app(journal=False)
    async with app.run_test(size=(100, 30)) as pilot:
        assert isinstance(app.screen, SetupScreen)
        app.screen.focus_cell("rules")
        await pilot.press("space")
        assert "classic: Pocket Book of Games, 1944" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.session is not None and app.session.game.rules == "classic"
        assert "classic rules" in screen_text(app)
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        assert "This table plays by the Classic (Pocket Book of Games, 1944) rules" in (
            screen_text(app)
        )


@pytest.mark.pilot
async def test_classic_by_keys_burn_a_natural_settles_one_side_and_the_bank_is_offered() -> None:
    app = table_app(record=record("classic", AUCTION, SHOE), journal=False)
    async with app.run_test(size=(100, 30)) as pilot:
        session = app.session
        assert session is not None
        game = session.game
        await pilot.press("4", "enter")  # Bruno stakes 4
        await pilot.press("4", "enter")  # Chloé stakes 4
        assert session.stage() == "dealing"
        assert "u: burn 1-6 cards" in screen_text(app)
        await pilot.press("u")
        await settle(pilot)
        await pilot.press("2")
        await settle(pilot)
        assert game.seen == ["2C", "3C"] and "burns 2 cards" in screen_text(app)
        await pilot.press("enter")  # deal: the right's natural 9 is settled at once
        assert game.settled == ("right",) and game.phase == "banker"
        assert "natural · total 9" in screen_text(app)
        await pilot.press("enter", "enter")  # hand over, look
        await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        coup = game.coups[0]
        assert coup.results == {"right": "player", "left": "banker"}
        assert "Natural on the right!" in screen_text(app)
        await pilot.press("enter")  # next coup
        await pilot.press("p", "p", "x")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, StandingsScreen)
        assert "the bank is offered at the same size, to Bruno first" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert session.stage() == "offer" and session.actor() == "Bruno"
        await pilot.press("p")  # Bruno passes, Chloé takes it
        await pilot.press("t")
        assert game.banker == "Chloé" and game.fund == 10 and game.bank_number == 2


@pytest.mark.pilot
async def test_hoyle_by_keys_a_broken_bank_is_replenished() -> None:
    app = table_app(record=record("hoyle", AUCTION, LOSES), journal=False)
    async with app.run_test(size=(100, 30)) as pilot:
        session = app.session
        assert session is not None
        game = session.game
        await pilot.press("9", "enter")  # beyond the fund: accepted under hoyle
        await pilot.press("9", "enter")
        assert game.staked() == 18 and session.stage() == "dealing"
        assert "k: stakes accepted (puts up 8)" in screen_text(app)
        await pilot.press("enter", "enter", "enter")  # deal, hand over, look
        await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        assert game.coups[0].unpaid == {"Chloé": 8}
        assert "Unpaid (stakes returned): Chloé 8." in screen_text(app)
        await pilot.press("enter")
        assert game.broken and session.stage() == "dealing"
        assert "Enter: replenish with 10" in screen_text(app)
        await pilot.press("enter")
        assert game.fund == 10 and not game.broken


@pytest.mark.pilot
async def test_hoyle_by_keys_stakes_accepted() -> None:
    app = table_app(record=record("hoyle", AUCTION, LOSES), journal=False)
    async with app.run_test(size=(100, 30)) as pilot:
        session = app.session
        assert session is not None
        game = session.game
        await pilot.press("9", "enter")
        await pilot.press("9", "enter")
        await pilot.press("k")
        assert game.unlimited and game.fund == 18
        assert any("the bank is unlimited" in m.text for m in session.messages)


@pytest.mark.pilot
async def test_classic_by_keys_a_spectator_watches_and_backs_the_side_chosen() -> None:
    four = ["Ana", "Bruno", "Chloé", "David"]
    actions = [
        {"act": "bid", "who": "Ana", "amount": 10},
        *({"act": "pass", "who": n} for n in four[1:]),
    ]
    rec = parse_record(
        {"participants": four, "seed": 7, "rules": "classic", "shoe": LOSES, "actions": actions}
    )
    app = table_app(record=rec, journal=False)
    async with app.run_test(size=(100, 30)) as pilot:
        session = app.session
        assert session is not None
        game = session.game
        assert session.stage() == "seating"
        screen = app.screen
        assert isinstance(screen, TableScreen)
        screen.selected = "David"
        await pilot.press("w")
        assert session.draft_spectators() == ["David"]
        assert "Spectators: David." in screen_text(app)
        await pilot.press("enter", "enter")  # seat them, shuffle
        assert game.spectators == ["David"]
        await pilot.press("p", "p")  # Bruno and Chloé pass
        assert session.actor() == "David" and "s: back the other side" in screen_text(app)
        await pilot.press("s", "6", "enter")
        assert game.stakes == {"right": 0, "left": 6}
        assert game.actions[-1].side == "left"


@pytest.mark.pilot
async def test_classic_by_keys_a_banco_divided_as_the_caller_says() -> None:
    options = {"banco_split": 3}
    rec = parse_record(
        {
            "participants": THREE,
            "seed": 7,
            "rules": "classic",
            "options": options,
            "shoe": LOSES,
            "actions": AUCTION,
        }
    )
    app = table_app(record=rec, journal=False)
    async with app.run_test(size=(100, 30)) as pilot:
        session = app.session
        assert session is not None
        game = session.game
        await pilot.press("b")  # Bruno: banco on both hands
        await settle(pilot)
        assert "How much on the right?" in screen_text(app)
        await pilot.press("9", "enter")  # 9 and 1: the house wants at least 3 a side
        await settle(pilot)
        assert "refuses this banco" in screen_text(app) and not game.claims
        await pilot.press("backspace", "7", "enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert game.claims == ["Bruno"] and game.claim_split["Bruno"] == (7, 3)
        assert game.actions[-1].right == 7 and game.actions[-1].left == 3


def test_table_options_on_the_command_line_belong_to_their_rules(capsys: Any) -> None:
    from banque.cli import main

    assert main(["--banco-split", "even"]) == 2
    assert "--banco-split is a classic house's option" in capsys.readouterr().err
    assert main(["--first-bank", "list", "--rules", "classic"]) == 2
    assert "--first-bank is a hoyle table's option" in capsys.readouterr().err
    try:
        main(["--rules", "classic", "--banco-split", "half"])
    except SystemExit as exc:
        assert exc.code == 2
    assert "half is not a division" in capsys.readouterr().err


@pytest.mark.pilot
async def test_hoyle_first_name_holds_the_first_bank_at_the_table() -> None:
    app = table_app(
        participants=THREE,
        kinds=["human"] * 3,
        seed=7,
        rules="hoyle",
        options={"first_bank": "list"},
        journal=False,
    )
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter")
        await settle(pilot)
        session = app.session
        assert session is not None and session.game.options.first_bank == "list"
        assert "Ana, first on the list, may hold the first bank" in screen_text(app)
        await pilot.press("end", "ctrl+u", "3", "0", "enter")
        assert session.game.banker == "Ana" and session.game.fund == 30


@pytest.mark.pilot
async def test_classic_by_keys_seats_by_precedence_a_seat_bets_on_the_other_hand() -> None:
    four = ["Ana", "Bruno", "Chloé", "David"]
    actions = [
        {"act": "bid", "who": "Ana", "amount": 10},
        *({"act": "pass", "who": n} for n in four[1:]),
    ]
    rec = parse_record(
        {"participants": four, "seed": 7, "rules": "classic", "shoe": LOSES, "actions": actions}
    )
    app = table_app(record=rec, journal=False)
    async with app.run_test(size=(100, 30)) as pilot:
        session = app.session
        assert session is not None
        game = session.game
        screen = app.screen
        assert isinstance(screen, TableScreen)
        assert "The seats go by precedence" in screen_text(app)
        screen.selected = "Bruno"
        await pilot.press("left", "right_square_bracket")  # no moving a seat: precedence
        assert session.draft() == {"right": ["Bruno", "David"], "left": ["Chloé"]}
        screen.selected = "Chloé"
        await pilot.press("w")  # Chloé watches: David moves up to the first seat left
        assert session.draft() == {"right": ["Bruno"], "left": ["David"]}
        await pilot.press("enter", "enter")  # seat them, shuffle
        assert session.actor() == "Bruno" and "s: back the other side" in screen_text(app)
        assert "chips on the right" in screen_text(app)
        await pilot.press("s")  # Bruno bets on the left hand
        assert "chips on the left" in screen_text(app)
        await pilot.press("end", "ctrl+u", "4", "enter")
        assert game.lines[0].who == "Bruno" and game.lines[0].left == 4
        await pilot.press("end", "ctrl+u", "3", "enter")  # David, his own side
        await pilot.press("s", "end", "ctrl+u", "9", "enter")  # Chloé, watching, on the left
        assert game.stakes == {"right": 0, "left": 16}
        text = screen_text(app)
        assert "· [" in text and "Chloé" in text  # the spectator drawn with her stake
        assert "stakes 16" in text and "cover -" not in text and "cover 0" in text
        assert "←4" in text  # Bruno's bet points to the left hand


@pytest.mark.pilot
async def test_hoyle_by_keys_no_others_shuffle_key_under_the_croupier() -> None:
    app = table_app(record=record("hoyle", AUCTION[:3], LOSES), journal=False)
    async with app.run_test(size=(100, 30)) as pilot:
        session = app.session
        assert session is not None
        await pilot.press("enter")  # seat them
        assert session.stage() == "shuffle"
        assert "Others shuffle" not in screen_text(app)
        before = session.others_shuffle
        await pilot.press("o")
        assert session.others_shuffle == before
        home = table_app(record=record("home", AUCTION[:3], LOSES), journal=False)
    async with home.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter")
        assert "Others shuffle" in screen_text(home)


@pytest.mark.pilot
async def test_hoyle_by_keys_stakes_beyond_the_banker_no_deal_only_retire() -> None:
    wins = ["6H", "6S", "7D", "KC", "KD", "QD"]  # right 6, left 6, banker 7
    actions = [
        *AUCTION,
        {"act": "wager", "who": "Bruno", "amount": 9},
        {"act": "wager", "who": "Chloé", "amount": 9},
        {"act": "accept"},
        {"act": "deal"},
        {"act": "stand", "side": "banker"},
        {"act": "wager", "who": "Bruno", "amount": 91},
        {"act": "wager", "who": "Chloé", "amount": 91},
    ]
    app = table_app(record=record("hoyle", actions, wins * 2), journal=False)
    async with app.run_test(size=(100, 30)) as pilot:
        session = app.session
        assert session is not None
        game = session.game
        assert game.staked() == 182 and game.holding() == 118
        text = screen_text(app)
        assert "gives up the bank" in text and "Enter: deal" not in text
        assert "x: retire" in text
        await pilot.press("enter")  # no deal: the banker cannot hold the stakes
        await settle(pilot)
        assert len(game.coups) == 1 and game.phase == "betting"
