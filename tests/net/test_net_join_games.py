"""The joined seat's screen at chemin de fer and punto banco: the local table's own
drawing and keys, fed by the views the host made for that seat (an in-process table
and the real client code, byte for byte)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from banque.net.client import LocalConnection
from banque.net.table import Table
from banque.session.port import TwoHandSession
from banque.table.chemin_app import CheminTable
from banque.table.screens.joined import JoinApp
from banque.table.screens.joined_two_hands import CheminJoinedScreen, PuntoJoinedScreen
from banque.table.screens.standings import StandingsScreen

pytestmark = [pytest.mark.pilot, pytest.mark.subprocess]


def table_of(game: str, names: list[str], seed: int, **styles: str) -> Table:
    session = TwoHandSession.new(game, names, styles=styles, seed=seed)
    return Table(session, pace=0)


def join_app(table: Table, seat: str | None) -> JoinApp:
    async def connect() -> LocalConnection:
        return LocalConnection(table)

    return JoinApp(connect, seat, blink=False)


def text_of(screen: Any, ident: str) -> str:
    return str(screen._w(ident).render())


async def settle(pilot: Any, app: JoinApp) -> None:
    for _ in range(8):
        await pilot.pause()


async def test_a_chemin_de_fer_seat_plays_with_the_local_tables_keys() -> None:
    table = table_of("chemin-de-fer", ["Ana", "Bruno"], 3)
    game = table.session.game
    banker = game.banker
    punter = "Bruno" if banker == "Ana" else "Ana"
    bank_app, punt_app = join_app(table, banker), join_app(table, punter)
    async with (
        bank_app.run_test(size=(110, 30)) as bank_pilot,
        punt_app.run_test(size=(110, 30)) as punt_pilot,
    ):
        await settle(bank_pilot, bank_app)
        await settle(punt_pilot, punt_app)
        bank_screen = bank_app.screen
        assert isinstance(bank_screen, CheminJoinedScreen)
        assert "announce a bank" in text_of(bank_screen, "prompt")
        # The banker types a bank and Enter, as at the local table.
        await bank_pilot.press("2", "0", "enter")
        await settle(bank_pilot, bank_app)
        assert game.fund == 20 and game.phase == "betting"
        await settle(punt_pilot, punt_app)
        punt_screen = punt_app.screen
        assert isinstance(punt_screen, CheminJoinedScreen)
        assert "take any part" in text_of(punt_screen, "prompt")
        # the banker is told the punters may stake now (no betting to open, as at home)
        await settle(bank_pilot, bank_app)
        said = text_of(bank_screen, "prompt")
        assert f"{punter} may stake against your bank of 20 now" in said, said
        assert "opens the betting" not in said
        # The local table's screen (its class), and its palette's game commands.
        assert isinstance(punt_screen, CheminTable)
        offered = [name for name, _help, _call in punt_app.game_commands(punt_screen)]
        assert "Banco" in offered and "Draw" not in offered
        # A stake beyond the bank: the host's refusal under the prompt.
        await punt_pilot.press("9", "9", "enter")
        await settle(punt_pilot, punt_app)
        assert "20" in text_of(punt_screen, "prompt") and game.stakes == {}
        await punt_pilot.press("b")  # banco
        await settle(punt_pilot, punt_app)
        assert game.banco_caller == punter
        await settle(bank_pilot, bank_app)
        await bank_pilot.press("enter")  # the banker deals
        await settle(bank_pilot, bank_app)
        await settle(punt_pilot, punt_app)
        assert game.phase in ("punter", "banker", "bank", "ended") and game.shoe.seen
        if game.phase in ("punter", "banker"):
            # Each sees its own pair, the other's face down.
            mine = game.hands["player"][:2]
            from banque.core.cards import pretty

            hands = text_of(punt_screen, "hands")
            assert all(pretty(c) in hands for c in mine)
            assert "▒▒▒" in hands
            other = text_of(bank_screen, "hands")
            assert "▒▒▒" in other
            assert not all(pretty(c) in other for c in mine) or (
                set(mine) & set(game.hands["banker"][:2])
            )
        # e ends the game between coups; q leaves.
        while game.phase in ("punter", "banker"):
            actor = game.to_act()[0][0]
            pilot, app = (punt_pilot, punt_app) if actor == punter else (bank_pilot, bank_app)
            await settle(pilot, app)
            await pilot.press("s")
            await settle(pilot, app)
            if game.phase in ("punter", "banker") and game.to_act()[0][0] == actor:
                await pilot.press("d")
                await settle(pilot, app)
        assert game.coups
        await settle(punt_pilot, punt_app)
        assert f"Coup {game.coups[-1].number}" in text_of(punt_screen, "hands")


async def test_a_punto_banco_seat_bets_and_the_coup_waits_for_every_seat() -> None:
    table = table_of("punto-banco", ["Ana", "Bruno", "Carla"], 5, Carla="bold")
    game = table.session.game
    ana, bruno = join_app(table, "Ana"), join_app(table, "Bruno")
    watcher = join_app(table, None)
    async with (
        ana.run_test(size=(110, 30)) as ap,
        bruno.run_test(size=(110, 30)) as bp,
        watcher.run_test(size=(110, 30)) as wp,
    ):
        await settle(ap, ana)
        await settle(bp, bruno)
        screen = ana.screen
        assert isinstance(screen, PuntoJoinedScreen)
        await ap.press("plus", "b", "b", "enter")  # 5 on the banker, twice; deal
        await settle(ap, ana)
        assert game.bets == {"Ana": {"banker": 10}} and not game.coups
        assert table.session.ready == {"Ana"}
        assert "Waiting for Bruno" in text_of(screen, "spots")
        await bp.press("p", "enter")
        await settle(bp, bruno)
        assert len(game.coups) == 1
        bets = {(b["who"], b["on"]): b["amount"] for b in game.coups[0].bets}
        assert bets[("Ana", "banker")] == 10 and bets[("Bruno", "player")] == 1
        assert ("Carla", "banker") in bets or ("Carla", "player") in bets
        await settle(ap, ana)
        assert "Coup 1." in text_of(screen, "hands")
        await settle(wp, watcher)
        seen = watcher.screen
        assert isinstance(seen, PuntoJoinedScreen)
        await wp.press("p", "enter")  # a spectator bets nothing
        await settle(wp, watcher)
        assert table.session.ready == set()
        assert "Coup 1." in text_of(seen, "hands")
        # a spectator's panel: the spots and what they pay, nobody's bets as its own
        spots = text_of(seen, "spots")
        assert "Watching: no bets of yours." in spots and "chip" not in spots
        assert seen._w("spots").border_title == "The spots"
        await ap.press("e")  # the game ends: the standings
        await settle(ap, ana)
        assert game.phase == "ended"
        shown = ana.screen  # banque's standings screen, over the joined table
        assert isinstance(shown, StandingsScreen) and shown.two_hand is screen
        assert "The game is over" in str(shown.query_one("#standings-title").render())


async def test_the_joined_table_speaks_the_language_chosen_in_the_palette() -> None:
    from banque.i18n import install

    table = table_of("chemin-de-fer", ["Ana", "Bruno"], 3)
    app = join_app(table, "Ana")
    try:
        async with app.run_test(size=(110, 30)) as pilot:
            await settle(pilot, app)
            screen = app.screen
            assert isinstance(screen, CheminJoinedScreen)
            assert "The table" in str(screen._w("players").border_title)
            await app.switch_language("fr")
            await settle(pilot, app)
            assert "Chemin de fer · 6 jeux" in text_of(screen, "title")
    finally:
        install("en")


async def test_the_host_screen_shows_a_two_hand_table_and_plays_its_own_seat() -> None:
    """``banque host --game …`` in a terminal: how to join over the game's own table,
    then the public view; with ``--play`` the host's own seat (its concealed cards)."""
    import shutil
    import tempfile

    from banque.net.server import TableServer
    from banque.table.screens.hosted import HostApp, JoinLinesScreen

    folder = Path(tempfile.mkdtemp(prefix="bq", dir="/tmp"))
    table = table_of("chemin-de-fer", ["Ana", "Bruno"], 3)
    game = table.session.game
    server = TableServer(table, folder / "t.sock")
    await server.start()
    try:
        app = HostApp(server, game.banker, blink=False)
        async with app.run_test(size=(110, 30)) as pilot:
            await settle(pilot, app)
            assert isinstance(app.screen, JoinLinesScreen)  # first: how each seat joins
            await pilot.press("enter")
            await settle(pilot, app)
            screen = app.screen
            assert isinstance(screen, CheminJoinedScreen)
            assert "announce a bank" in text_of(screen, "prompt")
            await pilot.press("1", "5", "enter")
            await settle(pilot, app)
            assert game.fund == 15
            await pilot.press("j")
            await settle(pilot, app)
            assert isinstance(app.screen, JoinLinesScreen)
    finally:
        await server.close()
        shutil.rmtree(folder, ignore_errors=True)
