"""The table's help in the player's language (issue 12): help.{lang}.md, games_help.{lang}.md."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

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


#: Every translated help file present (help.fr.md; help.es.md when it arrives…).
TRANSLATED = sorted(
    (path.name.split(".")[0], path.name.split(".")[1])
    for path in TABLE.glob("*.*.md")
    if path.name.split(".")[0] in ("help", "games_help")
)


def test_french_is_among_the_translated_helps() -> None:
    assert ("help", "fr") in TRANSLATED and ("games_help", "fr") in TRANSLATED


@pytest.mark.parametrize(("stem", "lang"), TRANSLATED)
def test_a_translated_help_has_the_english_structure_and_every_number(stem: str, lang: str) -> None:
    english = (TABLE / f"{stem}.md").read_text(encoding="utf-8")
    translated = (TABLE / f"{stem}.{lang}.md").read_text(encoding="utf-8")
    assert _headings(translated) == _headings(english)  # same sections, levels and order
    assert _key_rows(translated) == _key_rows(english)  # every key of the table
    assert _numbers(translated) == _numbers(english)  # every number (stakes, totals, limits…)
    if stem == "games_help":  # each game finds its section by its name, the same in every language
        titles = [line for line in translated.splitlines() if line.startswith("# ")]
        assert titles == ["# Punto banco", "# Chemin de fer"]


@pytest.mark.parametrize("lang", [lang for stem, lang in TRANSLATED if stem == "help"])
def test_the_best_response_is_the_solvers_grid_in_the_language(
    lang: str, edge_model: Callable[..., Any]
) -> None:
    """The strategy section is generated (banque.study.solver.help_section), its words
    from the catalogue: each help file ends with it, told in its language. To write it
    again after a change: ``help.{lang}.md``'s last section = ``help_section(model,
    Translator(i18n._, i18n.ngettext))`` with ``i18n.install(lang)``."""
    from banque.core.messages import Translator
    from banque.study.solver import help_section

    english = (TABLE / "help.md").read_text(encoding="utf-8")
    translated = (TABLE / f"help.{lang}.md").read_text(encoding="utf-8")
    i18n.install(lang)
    grid = help_section(edge_model(3), Translator(i18n._, i18n.ngettext))
    assert translated.endswith(grid)
    assert grid.startswith("## ") and grid.count("\n## ") == 0  # the file's last section
    en_grid = english.rsplit("\n## ", 1)[1].split("```")[1]
    tr_grid = translated.rsplit("\n## ", 1)[1].split("```")[1]
    assert re.findall(r"\d+", tr_grid) == re.findall(r"\d+", en_grid)  # totals, pairs, cards
    letters = {"fr": ("C", "N"), "es": ("C", "N")}[lang]  # the banque strategy grids' letters
    assert tr_grid.count(letters[0]) == en_grid.count("D") > 0
    assert tr_grid.count(letters[1]) == en_grid.count("S") > 0
    assert not re.search(r"\b(Banker|draws|stands|drew|stood|right|left)\b", grid), grid


@pytest.mark.pilot
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
    assert "abattage 8" in punto and "banco suivi" not in punto
    assert "banco suivi" in chemin and "La caisse de commission" not in chemin


@pytest.mark.pilot
async def test_the_chemin_de_fer_help_in_french() -> None:
    from banque.games.chemin_de_fer.game import CheminGame
    from banque.table.chemin_app import chemin_table_app

    i18n.install("fr")
    names = ["Ana", "Bruno", "Chloé"]
    app = chemin_table_app(CheminGame(names, seed=1), names, {}, pace=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, games_help.GameHelpScreen)
        text = screen_text(app)
        assert "la banque fait le tour de la" in text
        assert "goes round" not in text
