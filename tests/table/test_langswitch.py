"""Switching the language: setup's Language row, and the palette's commands during play."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from banque import i18n
from banque.table.screens.setup import SetupScreen
from banque.table.testing import screen_text, table_app, until
from banque.table.widgets.field import TextField


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    """Each test switches the language; the next test starts in English again."""
    i18n.install("en")
    yield
    i18n.install("en")


def _fields(screen: SetupScreen) -> dict[str, str]:
    values = {f"name-{i}": screen.query_one(f"#name-{i}", TextField).value for i in range(5)}
    values["pace"] = screen.query_one("#pace", TextField).value
    values["seed"] = screen.query_one("#seed", TextField).value
    return values


@pytest.mark.pilot
async def test_setup_switches_language_and_keeps_what_was_typed() -> None:
    app = table_app(seed=3)
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        assert "Language" in screen_text(app) and "English" in screen_text(app)
        # a fifth participant, a computer; the pace and the seed typed; automatic moves
        await pilot.press("down", "down", "down", "down", *"Zoé", "tab", "space")
        await pilot.press("down", "down", "down", "down", "down", "down", "down")  # pace
        await pilot.press("end", "ctrl+u", *"1.5", "down", "end", "ctrl+u", *"42")
        await pilot.press("down", "down", "space", "up")  # moves: automatic; up to Language
        assert screen.focused_cell() == "language"
        typed = _fields(screen)
        kinds = [screen.kind_of(i) for i in range(5)]
        assert typed["name-4"] == "Zoé" and kinds[4] == "cautious"
        assert typed["pace"] == "1.5" and typed["seed"] == "42"

        await pilot.press("space")  # English -> Français
        await pilot.pause()
        assert i18n.current_language() == "fr"
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        text = screen_text(app)
        for word in ("Langue", "Français", "Place 1", "Cadence", "humain", "Quitter"):
            assert word in text, word
        assert "Language" not in text and "Seat 1" not in text
        assert _fields(screen) == typed
        assert [screen.kind_of(i) for i in range(5)] == kinds
        assert screen.option("forced") == "automatic"
        assert screen.focused_cell() == "language"  # the keys stay on the row

        await pilot.press("space")  # Français -> Español
        await pilot.pause()
        assert i18n.current_language() == "es"
        text = screen_text(app)
        for word in ("Idioma", "Español", "Plaza 1", "Ritmo", "humano", "Salir"):
            assert word in text, word
        assert "Langue" not in text and "Place 1" not in text
        assert _fields(app.screen) == typed  # type: ignore[arg-type]

        # the choice goes on to the table
        await pilot.press("enter")
        await until(pilot, lambda: "Registro" in screen_text(app))
        assert app.session is not None and app.session.game.participants[-1] == "Zoé"


async def _palette(pilot: object, app: object, command: str) -> None:
    await pilot.press("ctrl+p")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    await pilot.press(*command)  # type: ignore[attr-defined]
    await pilot.pause(0.3)  # type: ignore[attr-defined]
    await pilot.press("enter")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]


@pytest.mark.pilot
async def test_the_palette_switches_the_table_to_french_and_back() -> None:
    app = table_app(seed=3)
    async with app.run_test(size=(110, 32)) as pilot:
        await pilot.press("enter")  # setup: the default table
        await until(pilot, lambda: "p " in screen_text(app))
        await pilot.press("p")  # Ana passes the auction; the computers bid
        await until(pilot, lambda: "1–" in screen_text(app))
        text = screen_text(app)
        assert "Log" in text and "stakes" in text
        assert app.session is not None
        acts = list(app.session.game.actions)

        await pilot.press("f1")  # the help, made in English, then closed
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()

        await _palette(pilot, app, "Language: Fr")
        assert i18n.current_language() == "fr"
        text = screen_text(app)
        assert "Journal" in text and "Marque" in text  # the panels' titles
        assert "mise" in text  # the prompt: "Ana mise"
        assert not re.search(r"\b(Log|stakes|Quit|Road)\b", text), text
        assert "Quitter" in text  # the key bar
        assert "tient la banque" in text  # the title
        assert "Ana passe." in text  # a log line, told again in French
        await pilot.press("f1")  # the help in French now
        await pilot.pause()
        assert "Baccara banque à deux tableaux" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.session.game.actions == acts  # the game is untouched

        await _palette(pilot, app, "Langue : Eng")
        assert i18n.current_language() == "en"
        text = screen_text(app)
        assert "Log" in text and "Road" in text and "stakes" in text and "Ana passes" in text
        assert "Journal" not in text and "Quitter" not in text


# ---------------------------------------------------------------- the session's words


def test_the_sessions_words_are_messages_told_where_shown() -> None:
    """A resumed record's notice, a computer's description and a stake's note are made
    once and told in the language spoken when they are shown (a switch re-tells them)."""
    from banque.core.messages import tell
    from banque.core.models import Bid
    from banque.games.banque.game import Game
    from banque.games.records import record_of, replay
    from banque.session.session import Session

    g = Game(["Ana", "Bruno", "Chloé"], seed=7)
    g.bid("Ana", 10)
    record = record_of(g)
    bad = record.model_copy(update={"actions": [*record.actions, Bid(who="Ana", amount=5)]})
    robot = lambda obs: None  # noqa: E731 (a computer seat that is never asked here)
    session = Session.from_replay(replay(bad), computers={"Bruno": robot}, styles={"Bruno": "bold"})
    assert session.notice is not None
    english = tell(session.notice)
    assert english.startswith("The record stops at act 2 (bid)")
    i18n.install("fr")
    french = tell(session.notice)
    assert french.startswith("L'enregistrement s'arrête à l'action 2 (bid)")
    assert "Ana a déjà enchéri" in french  # the engine's refusal too, in French
    i18n.install("es")
    assert tell(session.notice) not in (english, french)
    assert "Play goes on" not in tell(session.notice)

    i18n.install("en")
    assert session.describe("Bruno") == "Bruno (computer, bold)"
    assert session.describe("Ana") == "Ana"
    ok, note = session.stake_note("Bruno", "x", False)
    assert not ok and note is not None
    i18n.install("fr")
    assert session.describe("Bruno") == "Bruno (ordinateur, audacieux)"
    assert tell(note) == "Une mise est un nombre entier de jetons (des chiffres seulement)."
    assert session.check_stake("Bruno", "", False)[1].startswith("Tapez une mise")


# ---------------------------------------------------------------- every screen redraws


def _no_english(text: str, *words: str) -> None:
    for word in words:
        assert word not in text, f"{word!r} left in: {text}"


@pytest.mark.pilot
async def test_the_standings_redraw_in_the_new_language() -> None:
    from pathlib import Path

    from banque.core.record import load_record
    from banque.table.screens import StandingsScreen

    record = load_record(Path(__file__).resolve().parents[2] / "examples" / "worked-example.json")
    app = table_app(record=record)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StandingsScreen))
        assert "Bank 1 has ended" in screen_text(app)
        await _palette(pilot, app, "Language: Fr")
        text = screen_text(app)
        assert "La banque 1 est finie" in text and "Nouvelle banque" in text, text
        _no_english(text, "Bank 1 has ended", "Fresh bank", "Winner", "standings")
        await app.switch_language("es")
        await pilot.pause()
        text = screen_text(app)
        _no_english(text, "La banque 1", "Nouvelle banque", "Bank 1")
        assert "banca 1" in text.lower(), text


@pytest.mark.pilot
async def test_a_question_the_seat_picker_and_the_curtain_redraw() -> None:
    from banque.table.screens import ConfirmScreen, CurtainScreen
    from banque.table.screens.dialogs import SeatPickerScreen
    from banque.table.testing import READY_10, THREE, make_record

    # a coup settled at once (the banker's natural 9), then the next coup: Ana may retire
    acts = [*READY_10, {"act": "wager", "who": "Bruno", "amount": 5}]
    acts += [{"act": "pass", "who": "Chloé"}, {"act": "deal"}]
    record = make_record(THREE, acts, shoe=["2S", "3S", "9C", "KD", "KH", "KC"])
    app = table_app(record=record)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # the next coup
        await pilot.pause()
        await pilot.press("x")  # the banker retires: asked first
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Ana retires: bank 1 ends now?" in screen_text(app)
        await app.switch_language("fr")
        await pilot.pause()
        text = screen_text(app)
        assert "Ana se retire : la banque 1 finit maintenant ?" in text
        assert "y : oui · n ou Échap : non" in text
        _no_english(text, "retires", "ends now", "The fund returns", "y: yes")
        await pilot.press("n")
        await pilot.pause()

        app.screen.action_pick_seat()  # type: ignore[attr-defined]
        await pilot.pause()
        assert isinstance(app.screen, SeatPickerScreen)
        await app.switch_language("es")
        await pilot.pause()
        text = screen_text(app)
        _no_english(text, "Whose view", "Escape: back", "Quelle vue", "Échap")
        await pilot.press("1")  # Ana's view: the curtain first
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        spanish = screen_text(app)
        await app.switch_language("fr")
        await pilot.pause()
        text = screen_text(app)
        assert "Passez le clavier à Ana — Entrée pour regarder" in text
        assert "Regarder" in text and "Retour à la table" in text  # the key bar
        assert spanish != text and "Ana" in spanish
        await pilot.press("escape")
        await pilot.pause()


@pytest.mark.pilot
async def test_the_whole_log_and_the_too_small_screen_redraw() -> None:
    from banque.table.screens import TooSmallScreen
    from banque.table.screens.history import HistoryScreen
    from banque.table.testing import READY_10, THREE, make_record

    app = table_app(record=make_record(THREE, READY_10))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        assert "Ana bids 10 chips for the bank." in screen_text(app)
        await app.switch_language("fr")
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        assert "Tout le journal" in text and "Ana enchérit de 10 jetons" in text, text
        _no_english(text, "The whole log", "bids 10 chips", "events", "Escape, q or l close")
        await pilot.press("escape")
        await pilot.pause()

        await pilot.resize_terminal(40, 12)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await app.switch_language("es")
        await pilot.pause()
        text = screen_text(app)
        _no_english(text, "The terminal is", "Make the window larger", "Le terminal")
        await pilot.resize_terminal(100, 30)
        await pilot.pause()


@pytest.mark.pilot
@pytest.mark.subprocess
async def test_the_hosted_table_switches_from_its_palette() -> None:
    """banque host / banque join: the palette has the language commands too; the join
    lines, the table (titles, log, prompt, hint) and the keys redraw in the language."""
    import tempfile
    from pathlib import Path

    from banque.net.server import TableServer
    from banque.table.screens.hosted import HostApp, JoinLinesScreen
    from banque.table.screens.joined import JoinedScreen

    from ..net.test_net_socket import make_table

    with tempfile.TemporaryDirectory(dir="/tmp") as folder:  # a short socket path
        served = TableServer(make_table(), Path(folder) / "t.sock")
        await served.start()
        try:
            app = HostApp(served, None, blink=False)
            app.animation_level = "none"
            async with app.run_test(size=(110, 32)) as pilot:
                await pilot.pause()
                assert isinstance(app.screen, JoinLinesScreen)
                titles = [c.title for c in app.get_system_commands(app.screen)]
                assert "Language: Français" in titles and "Language: English" not in titles
                await app.switch_language("fr")
                await pilot.pause()
                text = screen_text(app)
                assert "Table ouverte à" in text and "Entrée : vers la table" in text, text
                _no_english(text, "Table open", "Each player joins", "Enter: to the table")

                await pilot.press("enter")
                await pilot.pause()
                assert isinstance(app.screen, JoinedScreen)
                text = screen_text(app)
                assert "Table hébergée (vue publique)" in text and "hôte" in text, text
                assert "Journal" in text and "Marque" in text
                _no_english(text, "Hosting", "host ·", "Road", "Quit")

                await _palette(pilot, app, "Langue : Esp")
                assert i18n.current_language() == "es"
                text = screen_text(app)
                assert "Mesa alojada (vista pública)" in text and "Marcador" in text, text
                _no_english(text, "Table hébergée", "hôte", "Marque", "Journal", "Quitter")
        finally:
            await served.close()


@pytest.mark.pilot
async def test_a_typed_stakes_note_is_told_again() -> None:
    from banque.table.testing import READY_10, THREE, make_record, typed

    app = table_app(record=make_record(THREE, READY_10))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await typed(pilot, "50")  # Bruno types more than the fund of 10
        await pilot.pause()
        assert "Only 10 can be covered" in screen_text(app)
        await app.switch_language("fr")
        await pilot.pause()
        text = screen_text(app)
        assert "Only 10" not in text and "Seuls 10 peuvent être couverts" in text, text
        assert "50" in text  # what was typed stays


@pytest.mark.pilot
async def test_classics_dialogs_and_the_open_help_redraw() -> None:
    """A banco's division (the chips typed kept, the house's rule in the language), the
    number of cards to burn, and the help open under classic."""
    from textual.widgets import Input

    from banque.core.record import parse_record
    from banque.table.screens import HelpScreen
    from banque.table.screens.dialogs import BancoSplitScreen, NumberScreen
    from banque.table.testing import THREE

    auction = [
        {"act": "bid", "who": "Ana", "amount": 10},
        {"act": "pass", "who": "Bruno"},
        {"act": "pass", "who": "Chloé"},
        {"act": "shuffle"},
    ]
    record = parse_record(
        {
            "participants": THREE,
            "seed": 7,
            "rules": "classic",
            "options": {"banco_split": 3},
            "shoe": ["7H", "6S", "KD", "KH", "KS", "QD"],
            "actions": auction,
        }
    )
    app = table_app(record=record, journal=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("b")  # Bruno: banco on both hands
        await pilot.pause()
        assert isinstance(app.screen, BancoSplitScreen)
        await pilot.press("backspace", "8")
        await app.switch_language("fr")
        await pilot.pause()
        text = screen_text(app)
        assert "Combien à droite ? Le reste va à gauche (au moins 3 jetons" in text
        assert "sur chaque tableau)." in text  # the house's rule, in French too
        _no_english(text, "How much", "at least 3", "Enter: call banco")
        assert app.screen.query_one("#banco-right", Input).value == "8"  # kept
        await pilot.press("escape")
        await pilot.pause()

        await pilot.press("p", "p")  # Bruno and Chloé pass: the banker deals (or burns)
        await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        assert isinstance(app.screen, NumberScreen)
        assert "Combien de cartes Ana brûle-t-il ?" in screen_text(app)
        await app.switch_language("es")
        await pilot.pause()
        text = screen_text(app)
        _no_english(text, "Combien", "brûle", "How many cards")
        assert "Ana" in text
        await pilot.press("escape")
        await pilot.pause()

        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "Esta mesa juega con las reglas Clásicas" in screen_text(app)
        await app.switch_language("en")
        await pilot.pause()
        text = screen_text(app)
        assert "This table plays by the Classic (Pocket Book of Games, 1944) rules" in text
        _no_english(text, "Esta mesa", "Clásicas", "cerrar")  # (no Spanish left)
