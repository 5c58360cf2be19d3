"""The table's help in the player's language (issue 12): help.{lang}.md, games_help.{lang}.md."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from banque import i18n
from banque.table.screens import games_help, help
from banque.table.testing import screen_text, table_app

TABLE = Path(help.__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    i18n.install("en")


def _headings(text: str) -> list[str]:
    return [line.split(" ", 1)[0] for line in text.splitlines() if line.startswith("#")]


def _numbers(text: str) -> list[str]:
    return sorted(re.findall(r"\d+", text))


def _key_rows(text: str) -> int:
    return len([line for line in text.splitlines() if line.startswith("| **")])


@pytest.mark.parametrize("stem", ["help", "games_help"])
def test_the_french_help_has_the_english_structure_and_every_number(stem: str) -> None:
    english = (TABLE / f"{stem}.md").read_text(encoding="utf-8")
    french = (TABLE / f"{stem}.fr.md").read_text(encoding="utf-8")
    assert _headings(french) == _headings(english)  # same sections, same levels, same order
    assert _key_rows(french) == _key_rows(english)  # every key of the table
    assert _numbers(french) == _numbers(english)  # every number (stakes, totals, limits…)
    assert "\n# Punto banco\n" in "\n" + french or stem == "help"


def test_the_french_best_response_says_what_the_generated_english_says() -> None:
    """The strategy section is generated in English (banque.study.solver.help_section);
    the French one is its translation: the same rules, the same numbers, in the same order."""
    english = (TABLE / "help.md").read_text(encoding="utf-8")
    french = (TABLE / "help.fr.md").read_text(encoding="utf-8")
    en_part = english.split("## The banker's best response (exact)")[1]
    fr_part = french.split("## La meilleure réponse du banquier (exacte)")[1]
    en_rules = [p for p in en_part.split("\n\n") if p.startswith("**")]
    fr_rules = [p for p in fr_part.split("\n\n") if p.startswith("**")]
    assert len(fr_rules) == len(en_rules)
    for en, fr in zip(en_rules, fr_rules, strict=True):
        assert re.findall(r"\d+", fr) == re.findall(r"\d+", en), fr[:40]
        assert ("tire, mais reste" in fr) == ("draws, but stands" in en)
        assert fr.count(";") == en.count(";")


async def test_banque_lang_fr_shows_the_help_in_french() -> None:
    i18n.install("fr")
    app = table_app(seed=3)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, help.HelpScreen)
        text = screen_text(app)
        assert "Baccara banque à deux tableaux" in text
        assert "Les jeux et le banquier" in text
        assert "Packs and banker" not in text
        assert "Échap, q, ? ou F1 fermer" in text


async def test_a_classic_table_in_french_opens_with_its_keys_in_french() -> None:
    i18n.install("fr")
    text = help.profile_help("classic")
    assert "le banquier brûle" in text
    assert "the banker burns" not in text


def test_the_help_is_parsed_once_per_language() -> None:
    english = help.help_markdown()
    assert help.help_markdown() is english  # cached: the background parse is what F1 shows
    i18n.install("fr")
    french = help.help_markdown()
    assert french is not english and "Baccara banque" in french.markup
    i18n.install("en")
    assert help.help_markdown() is english


def test_a_spanish_file_is_picked_when_present_else_english(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "help.md").write_text("# Baccarat Banque\n", encoding="utf-8")
    (tmp_path / "help.es.md").write_text("# Baccará a dos paños\n", encoding="utf-8")
    (tmp_path / "games_help.md").write_text(
        "# Punto banco\n\nBets.\n\n# Chemin de fer\n\nThe bank goes round.\n", encoding="utf-8"
    )
    monkeypatch.setattr(help, "HELP_DIR", tmp_path)
    monkeypatch.setattr(games_help, "HELP_DIR", tmp_path)
    i18n.install("es")
    assert help.help_text() == "# Baccará a dos paños\n"
    # no games_help.es.md in the folder: the English file, its section found by title
    assert games_help.game_help("Chemin de fer") == "# Chemin de fer\n\nThe bank goes round.\n"
    (tmp_path / "games_help.es.md").write_text(
        "# Punto banco\n\nApuestas.\n\n# Chemin de fer\n\nLa banca da la vuelta.\n",
        encoding="utf-8",
    )
    assert games_help.game_help("Chemin de fer") == "# Chemin de fer\n\nLa banca da la vuelta.\n"
    assert games_help.game_help("Punto banco") == "# Punto banco\n\nApuestas.\n"
    (tmp_path / "help.es.md").unlink()
    assert help.help_text() == "# Baccarat Banque\n"  # fallback to English
    i18n.install("en")
    assert games_help.game_help("Punto banco") == "# Punto banco\n\nBets.\n"


def test_a_missing_help_file_says_so_in_the_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(games_help, "HELP_DIR", tmp_path)
    i18n.install("fr")
    text = games_help.game_help("Punto banco")
    assert text.startswith("# Punto banco\n") and "could not" not in text


def test_the_games_help_sections_are_found_in_french() -> None:
    i18n.install("fr")
    punto = games_help.game_help("Punto banco")
    chemin = games_help.game_help("Chemin de fer")
    assert "naturel 8" in punto and "banco suivi" not in punto
    assert "banco suivi" in chemin and "La caisse de commission" not in chemin


async def test_the_chemin_de_fer_help_in_french() -> None:
    from banque.games.chemin import CheminGame
    from banque.table.chemin_app import CheminApp

    i18n.install("fr")
    names = ["Ana", "Bruno", "Chloé"]
    app = CheminApp(CheminGame(names, seed=1), names, {}, pace=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, games_help.GameHelpScreen)
        text = screen_text(app)
        assert "la banque fait le tour de la" in text
        assert "goes round" not in text
