"""Chemin de fer and punto banco in French and Spanish: a coup played to the standings,
refusals, the log's events, odds and simulations in the player's language."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from banque import i18n
from banque.core.errors import IllegalAction
from banque.core.messages import Listed, Msg, tell, tell_error, tell_event
from banque.games.chemin_de_fer.game import CheminGame
from banque.games.punto_banco.game import PuntoGame
from banque.table.app import BanqueApp
from banque.table.chemin_app import chemin_table_app
from banque.table.punto_app import PuntoTable, punto_table_app
from banque.table.testing import screen_text

LANGS = [pytest.param("fr", id="fr"), pytest.param("es", id="es")]
THREE = ["Ana", "Bruno", "Chloé"]  # seed 1: Ana holds the first bank by lot
# Punter 2+3 = 5 (a choice), banker 3+4 = 7; then a 9 and a K.
FIVE = ["2C", "3D", "3H", "4S", "9C", "KD", "QS", "JH", "TC", "9H"]
# Player 2+3 = 5 draws an 8 (3); banker 4+K stands against an 8: the banker wins 4 to 3.
PUNTO_SHOE = ["2C", "4H", "3D", "KS", "8S", "9C", "7D", "KH", "QC"]
#: English words a French or Spanish player must not read at these tables.
STOPLIST = (
    "chip",
    "chips",
    "banker",
    "player",
    "players",
    "draw",
    "draws",
    "stand",
    "stands",
    "bank",
    "wins",
    "press",
    "pass",
    "passes",
    "bet",
    "bets",
    "deal",
    "deals",
    "help",
    "quit",
    "leave",
    "house",
    "shoe",
    "tie",
    "game",
    "over",
    "punter",
    "the",
    "and",
    "your",
)
#: Words each language shows at these tables.
WORDS = {
    "punto": {
        "fr": ("Vos mises", "JOUEUR", "BANQUE", "Joueurs"),
        "es": ("Sus apuestas", "JUGADOR", "BANCA", "Jugadores"),
    },
    "chemin": {"fr": ("Banquier", "Ponte", "La table"), "es": ("Banquero", "Punto", "La mesa")},
    "standings": {
        "fr": ("La partie est finie", "jetons"),
        "es": ("La partida ha terminado", "fichas"),
    },
}


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    i18n.install("en")


def english_words(text: str) -> list[str]:
    """The words of the stoplist found in ``text`` (whole words, any case)."""
    return [w for w in STOPLIST if re.search(rf"(?<![\w-]){w}(?![\w-])", text, re.IGNORECASE)]


async def settle(pilot: Any, times: int = 6) -> None:
    for _ in range(times):
        await pilot.pause()


def punto_app(limit: int = 100) -> BanqueApp:
    app = punto_table_app(PuntoGame(["Ana"], seed=7, shoe=PUNTO_SHOE, limit=limit), ["Ana"])
    app.animation_level = "none"
    return app


def chemin_app(humans: list[str]) -> BanqueApp:
    game = CheminGame(THREE, seed=1, shoe=FIVE)
    computers = {n: "cautious" for n in THREE if n not in humans}
    app = chemin_table_app(game, humans, computers, pace=0)
    app.animation_level = "none"
    return app


def test_english_words_finds_whole_words_only() -> None:
    assert english_words("Le banquier passe · Punto banco") == []
    assert sorted(english_words("Ana wins; the bank")) == ["bank", "the", "wins"]


# ------------------------------------------------------------------ punto banco


@pytest.mark.pilot
@pytest.mark.parametrize("lang", LANGS)
async def test_a_coup_of_punto_banco_to_the_standings(lang: str) -> None:
    i18n.install(lang)
    app = punto_app()
    async with app.run_test(size=(100, 30)) as pilot:
        text = screen_text(app)
        for word in WORDS["punto"][lang]:
            assert word in text, word
        assert english_words(text) == [], text
        await pilot.press("b", "plus", "p", "enter")  # 1 on the banker, 5 on the player: dealt
        await settle(pilot)
        assert len(app.table.game.coups) == 1 and app.table.game.coups[0].result == "banker"
        text = screen_text(app)
        assert {"fr": "ce coup-ci", "es": "en esta jugada"}[lang] in text
        assert english_words(text) == [], text
        await pilot.press("e")  # the standings
        await settle(pilot)
        assert app.table.game.phase == "ended"
        text = screen_text(app)
        for word in WORDS["standings"][lang]:
            assert word in text, word
        assert english_words(text) == [], text


@pytest.mark.pilot
@pytest.mark.parametrize("lang", LANGS)
async def test_a_punto_banco_refusal_in_the_language(lang: str) -> None:
    i18n.install(lang)
    app = punto_app(limit=10)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("plus", "plus", "p", "p")  # two chips of 10 on the player
        assert app.table.pending == {"Ana": {"player": 10}}
        said = {"fr": "La limite de la maison est de 10", "es": "El límite de la casa es 10"}
        assert said[lang] in app.table.message
    game = PuntoGame(["Ana"], seed=7, limit=10)
    with pytest.raises(IllegalAction) as refused:
        game.bet("Ana", "player", 500)
    told = tell_error(refused.value)
    assert told != str(refused.value) and english_words(told) == [], told
    assert "10" in told


# ------------------------------------------------------------------ chemin de fer


@pytest.mark.pilot
@pytest.mark.parametrize("lang", LANGS)
async def test_a_coup_of_chemin_de_fer_to_the_standings(lang: str) -> None:
    i18n.install(lang)
    app = chemin_app(["Ana"])
    async with app.run_test(size=(100, 30)) as pilot:
        text = screen_text(app)
        assert english_words(text) == [], text
        await pilot.press("1", "5", "enter")  # a bank of 15
        await settle(pilot)
        await pilot.press("enter")  # the banker deals
        await settle(pilot)
        assert app.table.game.phase == "banker"
        text = screen_text(app)
        for word in WORDS["chemin"][lang]:
            assert word in text, word
        assert english_words(text) == [], text
        await pilot.press("a")  # the advice, in words
        assert {"fr": "Gain espéré", "es": "Ganancia esperada"}[lang] in app.table.message
        await pilot.press("s")  # the banker stands: the settlement
        await settle(pilot)
        assert len(app.table.game.coups) == 1
        text = screen_text(app)
        assert english_words(text) == [], text
        await pilot.press("e")
        await settle(pilot)
        assert app.table.game.phase == "ended"
        text = screen_text(app)
        for word in WORDS["standings"][lang]:
            assert word in text, word
        why = {"fr": "Les joueurs terminent la partie", "es": "Los jugadores terminan la partida"}
        assert why[lang] in text
        assert english_words(text) == [], text


@pytest.mark.pilot
@pytest.mark.parametrize("lang", LANGS)
async def test_a_chemin_de_fer_refusal_in_the_language(lang: str) -> None:
    i18n.install(lang)
    app = chemin_app(["Ana"])
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("5", "0", "0", "enter")  # beyond her 100 chips
        assert app.table.game.phase == "bank" and not app.table.game.actions
        said = {"fr": "une banque de 500 est hors de portée", "es": "una banca de 500 está"}
        assert said[lang] in app.table.message
        assert {"fr": "100 jetons", "es": "100 fichas"}[lang] in app.table.message
        assert english_words(app.table.message) == [], app.table.message


@pytest.mark.pilot
async def test_the_palette_switches_the_language_and_the_table_redraws() -> None:
    app = chemin_app(["Ana"])
    async with app.run_test(size=(100, 30)) as pilot:
        titles = app.palette_titles(app.screen)  # banque's palette: the languages too
        assert "Language: Français" in titles and "Language: Español" in titles
        assert "Now" in screen_text(app)
        await app.switch_language("fr")
        await settle(pilot, 2)
        text = screen_text(app)
        assert "Maintenant" in text and "Now" not in text
        assert english_words(text) == [], text
        titles = app.palette_titles(app.screen)  # banque's palette: the languages too
        assert "Langue : English" in titles


@pytest.mark.pilot
async def test_punto_banco_switches_the_language_its_prompt_too() -> None:
    app = punto_app()
    async with app.run_test(size=(100, 30)) as pilot:
        assert app.table.message.startswith("Place your bets")
        await app.switch_language("es")
        await settle(pilot, 2)
        assert app.table.message.startswith("Haga sus apuestas")
        text = screen_text(app)
        assert "Sus apuestas" in text and english_words(text) == [], text


# ------------------------------------------------------------------ the engines' words


def templates(msg: Any) -> Iterator[tuple[str, ...]]:
    """Every template of a message (a plural: its pair), its nested messages' too."""
    if isinstance(msg, Msg):
        if msg.forms is not None:
            yield msg.forms
        elif msg.template != "{parts}":
            yield (msg.template,)
        for value in msg.params.values():
            yield from templates(value)
    elif isinstance(msg, Listed):
        for value in msg:
            yield from templates(value)


def played_events() -> list[Any]:
    """The events of several games of each kind, played by computer seats."""
    from banque.games.chemin_de_fer.players import CheminComputer, play_step

    events: list[Any] = []
    for seed in range(6):
        game = CheminGame(["A", "B", "C"], seed=seed, first_bank="auction" if seed % 2 else "lot")
        seats = {n: CheminComputer(n, game, "bold" if seed % 3 else "cautious") for n in "ABC"}
        for _ in range(400):
            if game.phase == "ended" or not play_step(game, seats):
                break
        if game.phase != "ended" and not game.stakes and game.phase not in ("punter", "banker"):
            game.retire()
        events += game.log
        punto = PuntoGame(["A", "B"], seed=seed)
        for _ in range(5):
            punto.bet("A", "banker", 5)
            punto.bet("B", "natural8", 1)
            punto.deal()
        punto.retire()
        events += punto.log
    return events


def test_every_event_is_a_message_told_in_each_language() -> None:
    events = played_events()
    kinds = {e.kind for e in events}
    assert {"lot", "auction", "bid", "bank", "wager", "deal", "reveal", "end", "bet"} <= kinds
    for ev in events:
        assert ev.msg is not None and str(ev.msg) == ev.text, ev
    for lang in ("fr", "es"):
        i18n.install(lang)
        for ev in events:
            for template in templates(ev.msg):
                if len(template) == 2:
                    assert i18n.ngettext(*template, 2) != template[1], template
                else:
                    assert i18n._(template[0]) != template[0], template
            told = tell_event(ev)
            assert told != ev.text, told


def test_the_prompts_are_told_in_the_language() -> None:
    game = CheminGame(THREE, seed=1, shoe=FIVE)
    i18n.install("es")
    assert tell(game.prompt_msg) == "Ana: anuncie una banca (hasta 100) o pásela."
    assert game.prompt == "Ana: announce a bank (up to 100) or pass it on."  # the record's
    punto = PuntoGame(["Ana"])
    i18n.install("fr")
    assert tell(punto.prompt_msg).startswith("Faites vos mises")


# ------------------------------------------------------------------ odds and simulate


@pytest.mark.parametrize("lang", LANGS)
def test_odds_and_simulations_in_the_language(lang: str) -> None:
    from banque.study.two_hands_odds import chemin_odds_text, punto_odds_text
    from banque.study.two_hands_simulate import (
        format_chemin_summary,
        format_punto_summary,
        simulate_chemin,
        simulate_punto,
    )

    i18n.install(lang)
    punto = punto_odds_text(8)
    assert {"fr": "Avantage de la maison", "es": "Ventaja de la casa"}[lang] in punto
    chemin = chemin_odds_text(6)
    assert {"fr": "abattages", "es": "naturales"}[lang] in chemin
    summary = format_punto_summary(simulate_punto(200, 1, 8))
    summary += format_chemin_summary(simulate_chemin(200, 3, 1, 6))
    for text in (punto, chemin, summary):
        assert english_words(text) == [], text
    assert "House edge" not in punto and "Banker's total" not in summary


@pytest.mark.pilot
@pytest.mark.parametrize("lang", LANGS)
async def test_the_help_of_each_table_in_the_language(lang: str) -> None:
    i18n.install(lang)
    opening = {"fr": "Le jeu de Las Vegas", "es": "Las Vegas"}
    keys = i18n._("↑↓ PgUp PgDn scroll · Escape, q, ? or F1 close")
    assert keys != "↑↓ PgUp PgDn scroll · Escape, q, ? or F1 close"
    for app in (punto_app(), chemin_app(["Ana"])):
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("question_mark")
            await settle(pilot, 3)
            text = screen_text(app)
            assert "Chemin de fer" in text or "Punto banco" in text
            assert keys in text
            if isinstance(app.table, PuntoTable):
                assert opening[lang] in text, text
            assert "The help file could not be read" not in text


def test_the_player_at_the_keyboard_has_a_participant_s_own_name() -> None:
    """A name, never "You" ("You holds 1", "Coup 2: You wins"): Ana, as setup offers
    her, in every language, or the first name no computer seat has."""
    from banque.session.two_hands import your_name

    for lang in ("en", "fr", "es"):
        i18n.install(lang)
        assert your_name() == "Ana"
    assert your_name({"Ana": "bold"}) == "Bruno"
