"""The chemin de fer table: keys, private hands, curtains, snapshots at 80×24 and 120×40."""

from __future__ import annotations

from typing import Any

import pytest

from banque.games.chemin_de_fer.game import CheminGame
from banque.table.app import BanqueApp
from banque.table.chemin_app import chemin_table_app
from banque.table.screens.standings import StandingsScreen

pytestmark = pytest.mark.pilot

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
THREE = ["Ana", "Bruno", "Chloé"]  # seed 1: Ana holds the first bank by lot
# Punter 2+3 = 5 (a choice), banker 3+4 = 7; then a 9 and a K.
FIVE = ["2C", "3D", "3H", "4S", "9C", "KD", "QS", "JH", "TC", "9H"]


def app_for(humans: list[str], shoe: list[str] = FIVE) -> BanqueApp:
    game = CheminGame(THREE, seed=1, shoe=shoe)
    computers = {n: "cautious" for n in THREE if n not in humans}
    app = chemin_table_app(game, humans, computers, pace=0)
    app.animation_level = "none"
    return app


async def settle(pilot: Any, times: int = 6) -> None:
    for _ in range(times):
        await pilot.pause()


async def test_a_human_banker_announces_and_chooses_with_the_advice() -> None:
    app = app_for(["Ana"])
    async with app.run_test() as pilot:
        await pilot.press("1", "5", "enter")  # a bank of 15
        await settle(pilot)
        game = app.table.game
        assert game.fund == 15 and game.to_act() == (["Ana"], ("deal",))
        await pilot.press("enter")  # the banker deals
        await settle(pilot)
        assert game.phase == "banker" and app.table.actor() == "Ana"
        view = game.view(app.table.viewer)
        assert view.hands["banker"].cards == ["3D", "4S"]  # her own pair
        assert view.hands["player"].cards[:2] == [None, None]  # the punter's: hidden
        await pilot.press("a")
        assert "best:" in app.table.message
        await pilot.press("s")
        assert len(game.coups) == 1 and game.total_chips() == 300


async def test_a_refusal_is_said_and_changes_nothing() -> None:
    app = app_for(["Ana"])
    async with app.run_test() as pilot:
        await pilot.press("5", "0", "0", "enter")  # beyond her 100 chips
        assert (
            "beyond" in app.table.message
            and app.table.game.phase == "bank"
            and not app.table.game.actions
        )


async def test_two_humans_a_curtain_before_the_punters_choice() -> None:
    app = app_for(["Bruno", "Chloé"])
    async with app.run_test() as pilot:
        await settle(pilot)  # Ana (computer) announces 15
        assert app.table.game.fund == 15 and app.table.actor() == "Bruno"
        await pilot.press("1", "5", "enter")  # Bruno takes the whole bank
        await settle(pilot)  # Ana deals
        assert app.table.game.phase == "punter" and app.table.curtain_for == "Bruno"
        assert app.table.viewer is None
        await pilot.press("enter")
        assert app.table.viewer == "Bruno" and app.table.curtain_for is None
        await pilot.press("d")
        await settle(pilot)
        assert app.table.viewer is None  # back to the public table
        assert app.table.game.coups and app.table.game.coups[-1].hands.player[:2] == ["2C", "3H"]


async def test_the_human_banker_passes_the_bank_between_coups() -> None:
    app = app_for(["Ana"], shoe=["KD", "9C", "KH", "KS", *FIVE])  # the banker's natural 9
    async with app.run_test() as pilot:
        await pilot.press("2", "0", "enter")
        await settle(pilot, 10)
        await pilot.press("enter")
        await settle(pilot, 10)
        game = app.table.game
        assert game.coups[0].result == "banker" and game.banker == "Ana"
        assert app.table.actor() == "Ana"  # she opens the next betting, or passes the bank
        await pilot.press("g")
        assert game.banker == "Bruno" and game.balances["Ana"] > 100


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_bank(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(app_for(["Ana"]), press=["1", "5"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_betting(snap_compare: Any, size: tuple[int, int]) -> None:
    async def run_before(pilot: Any) -> None:
        await settle(pilot)

    assert snap_compare(app_for(["Bruno", "Chloé"]), run_before=run_before, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_banker_choice(snap_compare: Any, size: tuple[int, int]) -> None:
    async def run_before(pilot: Any) -> None:
        await pilot.press("1", "5", "enter")
        await settle(pilot, 10)
        await pilot.press("enter")
        await settle(pilot, 10)
        await pilot.press("a")

    assert snap_compare(app_for(["Ana"]), run_before=run_before, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_curtain(snap_compare: Any, size: tuple[int, int]) -> None:
    async def run_before(pilot: Any) -> None:
        await settle(pilot)
        await pilot.press("1", "5", "enter")
        await settle(pilot)

    assert snap_compare(app_for(["Bruno", "Chloé"]), run_before=run_before, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_punter_at_5(snap_compare: Any, size: tuple[int, int]) -> None:
    async def run_before(pilot: Any) -> None:
        await settle(pilot)
        await pilot.press("1", "5", "enter")
        await settle(pilot)
        await pilot.press("enter")

    assert snap_compare(app_for(["Bruno", "Chloé"]), run_before=run_before, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_after_the_coup(snap_compare: Any, size: tuple[int, int]) -> None:
    async def run_before(pilot: Any) -> None:
        await pilot.press("1", "5", "enter")
        await settle(pilot, 10)
        await pilot.press("enter")
        await settle(pilot, 10)
        await pilot.press("s")
        await settle(pilot)

    assert snap_compare(app_for(["Ana"]), run_before=run_before, terminal_size=size)


async def test_a_table_of_computers_plays_by_itself() -> None:
    game = CheminGame(THREE, seed=4)
    app = chemin_table_app(game, [], {n: "bold" for n in THREE}, pace=0.01)
    async with app.run_test() as pilot:
        for _ in range(200):  # up to 10 s on a busy machine
            if len(game.coups) >= 2:
                break
            await pilot.pause(0.05)
        assert len(game.coups) >= 2 and game.total_chips() == 300


async def test_the_help_over_a_table_of_computers() -> None:
    from banque.table.screens.games_help import GameHelpScreen

    game = CheminGame(THREE, seed=4)
    app = chemin_table_app(game, [], {n: "bold" for n in THREE}, pace=0.01)
    async with app.run_test() as pilot:
        await pilot.press("question_mark")
        for _ in range(40):  # the computers play on under the help
            await pilot.pause(0.02)
        assert isinstance(app.screen, GameHelpScreen)
        await pilot.press("escape")
        assert game.total_chips() == 300


async def test_the_first_bank_by_auction_at_the_table() -> None:
    game = CheminGame(THREE, seed=1, shoe=FIVE, first_bank="auction")
    app = chemin_table_app(game, ["Ana"], {"Bruno": "cautious", "Chloé": "cautious"}, pace=0)
    async with app.run_test() as pilot:
        assert "bid a bank" in str(app.table._w("prompt").render())
        assert "0-9 Amount ⏎ Bid x Pass e End F1 Help" in str(app.table._w("keys").render())
        await pilot.press("enter")  # no digits: said, nothing played
        assert "Type your bid" in app.table.message and game.phase == "auction"
        await pilot.press("4", "0", "enter")  # Ana bids 40; the computers speak in turn
        await settle(pilot)
        assert game.bids["Ana"] == 40 and len(game.spoken) == 3
        assert game.banker == max(game.bids, key=lambda p: (game.bids[p], -THREE.index(p)))
        assert "The auction: Ana 40" in str(app.table._w("hands").render())


async def test_e_ends_the_game_between_coups_with_the_standings(tmp_path: Any) -> None:
    from banque.games.records import list_games
    from banque.session.two_hands import new_journal

    game = CheminGame(THREE, seed=1, shoe=FIVE)
    journal = new_journal(game, {"Bruno": "cautious", "Chloé": "cautious"}, 0.0, tmp_path)
    app = chemin_table_app(
        game, ["Ana"], {"Bruno": "cautious", "Chloé": "cautious"}, journal=journal, pace=0
    )
    async with app.run_test() as pilot:
        assert "e End" in str(app.table._w("keys").render())
        await pilot.press("1", "5", "enter", "enter")  # a bank of 15, dealt
        await settle(pilot)
        assert game.phase == "banker"
        await pilot.press("e")  # a coup under way: refused in words, nothing changes
        assert "finish it" in app.table.message and game.phase == "banker"
        await pilot.press("s")
        await settle(pilot)
        coup = game.coups[-1]
        await pilot.press("e")
        assert game.phase == "ended" and game.fund == 0
        await pilot.pause()
        assert isinstance(app.screen, StandingsScreen)  # banque's, over the table
        shown = str(app.screen.query_one("#standings-title").render())
        assert "The game is over after 1 coup and 1 bank." in shown
        assert "The players end the game between coups." in shown  # why
        for row in game.standings():
            assert row.gain == game.balances[row.name] - 100
        assert coup.result != "player" or "Ana" in shown
        assert sum(r.gain for r in game.standings()) == 0  # chips only change hands
        bar = str(app.table._w("keys").render())
        assert bar.split() == ["F1", "Help", "▏^p", "palette"]  # no key of the game
    journal.close()
    (entry,) = list_games(tmp_path)
    assert entry.state == "finished"


async def test_ctrl_q_keeps_the_game_to_resume(tmp_path: Any) -> None:
    from banque.session.two_hands import farewell, new_journal, resume

    game = CheminGame(THREE, seed=1, shoe=FIVE)
    journal = new_journal(game, {"Bruno": "cautious", "Chloé": "cautious"}, 0.0, tmp_path)
    app = chemin_table_app(
        game, ["Ana"], {"Bruno": "cautious", "Chloé": "cautious"}, journal=journal, pace=0
    )
    async with app.run_test() as pilot:
        await pilot.press("1", "5", "enter")
        await settle(pilot)
        await pilot.press("ctrl+q")
    journal.close()
    assert "banque --resume continues it" in farewell(app.table.session)
    again, _pace = resume(journal.path)
    assert again.journal is not None
    again.journal.close()
    assert again.game.report() == game.report() and again.game.phase != "ended"


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_standings(snap_compare: Any, size: tuple[int, int]) -> None:
    async def end(pilot: Any) -> None:
        await pilot.press("1", "5", "enter", "enter", "s")
        for _ in range(6):
            await pilot.pause()
        await pilot.press("e")

    assert snap_compare(app_for(["Ana"]), run_before=end, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_auction(snap_compare: Any, size: tuple[int, int]) -> None:
    game = CheminGame(THREE, seed=1, shoe=FIVE, first_bank="auction")
    app = chemin_table_app(game, ["Chloé"], {"Ana": "bold", "Bruno": "cautious"}, pace=0)

    async def wait(pilot: Any) -> None:
        for _ in range(6):
            await pilot.pause()

    assert snap_compare(app, run_before=wait, terminal_size=size)


async def test_the_table_panel_names_a_computer_banker_in_one_bracket() -> None:
    """Ana holds the bank and is a computer: "(banker, computer)", not two brackets."""
    from banque.table.testing import screen_text

    app = app_for(["Bruno"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "Ana (banker, computer)" in text and "(banker) (computer)" not in text
        assert "Chloé (computer)" in text and "Bruno (" not in text


async def test_the_log_of_coups_is_whole_on_a_narrow_table() -> None:
    """At 80x24 a coup's line takes fewer words rather than losing its end ("…"); wider,
    the whole sentence; a resize draws it again."""
    from banque.table.testing import screen_text

    game = CheminGame(THREE, seed=4)
    app = chemin_table_app(game, [], {n: "bold" for n in THREE}, pace=0.01)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(200):  # up to 10 s on a busy machine
            if len(game.coups) >= 2:
                break
            await pilot.pause(0.05)
        app.pace = 1000.0  # the computers wait: the log stays as it is
        await pilot.pause(0.1)
        first = game.coups[0]
        won = {"banker": "banker wins", "player": "punter wins", "tie": "a tie at"}
        narrow = f"  {first.number} {won[first.result]} "
        line = next(ln for ln in screen_text(app).splitlines() if narrow in ln)
        assert "…" not in line and f"bank {first.bank_before}→{first.bank_after}" in line
        await pilot.resize_terminal(160, 40)
        await pilot.pause(0.1)
        line = next(ln for ln in screen_text(app).splitlines() if "Coup 1: " in ln)
        assert f"the banker {first.banker} (" in line and f"{first.played_by} (" in line
        assert f"the bank {first.bank_before} → {first.bank_after}." in line


def bar_of(app: BanqueApp) -> str:
    return str(app.table._w("keys").render())


async def test_the_key_bar_shows_the_keys_the_table_answers_and_f1_help() -> None:
    from banque.table.screens.games_help import GameHelpScreen

    app = app_for(["Ana"])
    async with app.run_test(size=(80, 24)) as pilot:
        bar = bar_of(app)
        assert "0-9 Amount ⏎ Set the bank x Pass e End F1 Help" in bar
        assert "Draw" not in bar and "Banco" not in bar
        await pilot.press("1", "5", "enter")  # the bank announced: Enter deals now
        await settle(pilot, 10)
        assert "⏎ Deal" in bar_of(app) and "Amount" not in bar_of(app)
        await pilot.press("enter")
        await settle(pilot, 10)
        assert app.table.game.phase == "banker"
        bar = bar_of(app)
        assert "d Draw s Stand a Advice" in bar and "⏎" not in bar
        await pilot.press("a")  # the advice key acts
        assert "Expected gain" in app.table.message
        await pilot.press("f1")
        assert isinstance(app.screen, GameHelpScreen)
        await pilot.press("escape")
        await pilot.press("question_mark")
        assert isinstance(app.screen, GameHelpScreen)


async def test_the_curtain_shows_only_enter_to_look() -> None:
    app = app_for(["Bruno", "Chloé"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("1", "5", "enter")
        await settle(pilot)
        assert app.table.curtain_for == "Bruno"
        assert bar_of(app).split()[:4] == ["⏎", "Look", "F1", "Help"]
        await pilot.press("b", "1")  # no other key acts behind the curtain
        assert app.table.curtain_for == "Bruno" and app.table.entry == ""


@pytest.mark.parametrize("language", ["en", "fr", "es"])
async def test_the_key_bar_fits_80_columns(language: str) -> None:
    from banque.i18n import _, install

    install(language)
    try:
        game = CheminGame(THREE, seed=1, shoe=FIVE, first_bank="auction")
        app = chemin_table_app(game, ["Ana"], {"Bruno": "cautious", "Chloé": "cautious"}, pace=0)
        async with app.run_test(size=(80, 24)) as pilot:
            for keys in ([], ["4", "0", "enter"], ["enter"], ["enter"]):
                await pilot.press(*keys)
                await settle(pilot)
                bar = bar_of(app).rstrip()
                assert bar.endswith("palette" if language != "es" else "paleta")
                assert "F1" in bar and "…" not in bar
                assert bar.split("▏")[0].rstrip().endswith("F1 " + _("Help")), bar
    finally:
        install("en")


def test_a_coup_in_the_log_says_who_won_and_the_bank() -> None:
    from banque.games.chemin_de_fer.players import CheminComputer, play_step
    from banque.table.chemin_app import coup_line

    game = CheminGame(THREE, seed=4)
    seats = {n: CheminComputer(n, game, "bold") for n in THREE}  # type: ignore[arg-type]
    while len(game.coups) < 6 and game.phase != "ended":
        play_step(game, seats)
    for c in game.coups:
        whole, short = coup_line(c)
        pt, bt = c.totals["player"], c.totals["banker"]
        if c.result == "banker":
            assert whole.startswith(f"Coup {c.number}: the banker {c.banker} ({bt}) beats")
            bank = f"bank {c.bank_before}→{c.bank_after}"
            assert short == f"{c.number:>3} banker wins {bt}-{pt} · {bank}"
        elif c.result == "player":
            assert whole.startswith(f"Coup {c.number}: {c.played_by} ({pt}) beats the banker")
        assert whole.endswith(f"the bank {c.bank_before} → {c.bank_after}.")
        assert len(short) <= 36  # the log's width on an 80-column table
