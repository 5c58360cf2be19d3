"""French and Spanish (issue 12): the language chosen, the catalogues complete, shown at the table."""

from __future__ import annotations

import ast
import gettext
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Message

from banque import catalogues, i18n
from banque.catalogues import LANGUAGES, POT_PATH, compile_catalogue, po_path, read_catalogue
from banque.cli import main
from banque.table.testing import FOUR, make_record, screen_text, table_app

LANGS = sorted(LANGUAGES)
ROOT = Path(__file__).resolve().parents[2]
_BRACES = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)?[^{}]*\}")


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    """Each test may switch the language; the next test starts in English again."""
    yield
    i18n.install("en")


def _catalogue(lang: str) -> list[Message]:
    """The language's messages as Babel reads its ``.po`` (not the header, not the obsolete)."""
    return [m for m in read_catalogue(po_path(lang)) if m.id]


def _forms(m: Message) -> list[str]:
    return [m.string] if isinstance(m.string, str) else list(m.string)


def placeholders(text: str) -> list[str]:
    """The ``{name}`` fields of a text, sorted (``{{`` and ``}}`` are literal braces).

    >>> placeholders("{n} chips for {name}, {{not}} {fund:>3}")
    ['fund', 'n', 'name']
    """
    cleaned = text.replace("{{", "").replace("}}", "")
    return sorted(m.group(1) or "" for m in _BRACES.finditer(cleaned))


# ---------------------------------------------------------------- choosing the language


@pytest.mark.parametrize(
    ("option", "env", "expected"),
    [
        (None, {}, "en"),
        ("fr", {"BANQUE_LANG": "es"}, "fr"),
        (None, {"BANQUE_LANG": "es", "LANG": "fr_FR.UTF-8"}, "es"),
        (None, {"LANGUAGE": "es_ES:fr", "LC_ALL": "fr_FR.UTF-8"}, "es"),
        (None, {"LANGUAGE": "de:it", "LC_ALL": "fr_FR.UTF-8"}, "fr"),
        (None, {"LC_ALL": "es_ES.UTF-8", "LANG": "fr_FR.UTF-8"}, "es"),
        (None, {"LC_MESSAGES": "fr_CA", "LANG": "es_ES"}, "fr"),
        (None, {"LANG": "fr_FR.UTF-8"}, "fr"),
        (None, {"LANG": "es_MX.utf8@euro"}, "es"),
        (None, {"LANG": "C.UTF-8"}, "en"),
        (None, {"LC_ALL": "C", "LANG": "fr_FR.UTF-8"}, "en"),
        (None, {"LANG": "de_DE.UTF-8"}, "en"),
        ("en", {"LANG": "fr_FR.UTF-8"}, "en"),
        ("ES", {}, "es"),
    ],
)
def test_the_language_is_chosen_by_option_then_banque_lang_then_the_locale(
    option: str | None, env: dict[str, str], expected: str
) -> None:
    assert i18n.choose_language(option, env) == expected


def test_an_unknown_language_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "de", "odds"]) == 2
    err = capsys.readouterr().err
    assert err == "banque: unknown language 'de' (banque speaks en, fr, es)\n"


def test_an_unknown_banque_lang_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BANQUE_LANG", "klingon")
    assert main(["odds"]) == 2
    assert capsys.readouterr().err.startswith("banque: BANQUE_LANG: unknown language 'klingon'")


@pytest.mark.parametrize(
    "argv",
    [
        ["--lang", "fr", "odds", "--packs", "1"],
        ["odds", "--packs", "1", "--lang", "fr"],
        ["odds", "--lang=fr", "--packs", "1"],
    ],
)
def test_lang_is_a_global_option_before_or_after_the_command(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 0
    lead, _blank, out = capsys.readouterr().out.partition("\n\n")
    assert (
        lead
        == "Les chances de chaque point à deux cartes et de chaque abattage, avec un sabot plein."
    )
    assert out.startswith("Chances pour un sabot de 1 jeu (52 cartes), donné sans remise")


def test_odds_in_french_and_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "fr", "odds", "--exact"]) == 0
    fr = capsys.readouterr().out
    assert "3 jeux (156 cartes)" in fr
    assert "Total à deux cartes  Probabilité  Exacte" in fr
    assert "Pas d'abattage : on passe au tirage" in fr
    # the columns stay aligned under the longer French header, with decimal commas
    row = next(line for line in fr.splitlines() if line.endswith("59/403"))
    assert row.index("14,6402 %") + len("14,6402 %") == fr.index("Probabilité") - fr.index(
        "Total"
    ) + len("Probabilité")
    assert main(["--lang", "fr", "odds"]) == 0  # without --exact: the percentages alone
    plain = capsys.readouterr().out
    assert "Exacte" not in plain and "59/403" not in plain and "14,6402 %" in plain
    assert main(["--lang", "es", "odds"]) == 0
    es = capsys.readouterr().out
    assert "3 barajas (156 cartas)" in es
    assert "Al menos un natural entre las tres manos" in es
    assert main(["--lang", "en", "odds", "--exact"]) == 0
    assert "Two-card total  Probability  Exact" in capsys.readouterr().out


def test_rules_in_french_and_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "fr", "rules", "classic"]) == 0
    fr = capsys.readouterr().out
    assert "Source : " in fr
    assert "Placement :" in fr and "Comme à la maison :" in fr  # a French colon
    assert "Trois jeux" in fr and "Three packs" not in fr  # the rules' words too
    assert main(["--lang", "es", "rules", "classic"]) == 0
    es = capsys.readouterr().out
    assert "Fuente: " in es and "Como en casa:" in es
    assert "Tres barajas" in es and "stakes" not in es


# ---------------------------------------------------------------- the catalogues


def test_the_committed_template_matches_a_fresh_extraction() -> None:
    """banque.pot has exactly the messages Babel extracts from the source (texts, contexts,
    plurals, files, flags, translator comments)."""
    fresh = catalogues.messages(catalogues.extract())
    committed = catalogues.messages(read_catalogue(POT_PATH))
    differ = sorted(set(fresh) ^ set(committed), key=str)[:5]
    assert committed == fresh, (
        f"banque/locale/banque.pot is out of date: run python -m banque.catalogues ({differ})"
    )
    assert catalogues.template_is_current()


def test_no_message_is_hidden_in_an_f_string() -> None:
    """``f"{_('…')}"``: Babel's extractor does not look inside f-strings on Python 3.11, so the
    message would never reach the catalogues (translate it outside the f-string)."""
    hidden = []
    for path in sorted((ROOT / "banque").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.JoinedStr):
                hidden += [
                    f"{path.relative_to(ROOT)}:{call.lineno}"
                    for call in ast.walk(node)
                    if isinstance(call, ast.Call)
                    and isinstance(call.func, ast.Name)
                    and call.func.id in catalogues.KEYWORDS
                    and any(isinstance(a, ast.Constant) for a in call.args)
                ]
    assert not hidden, hidden


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_is_translated_and_not_fuzzy(lang: str) -> None:
    wanted = catalogues.messages(catalogues.extract())
    entries = {
        (m.context, m.id if isinstance(m.id, str) else tuple(m.id)): m for m in _catalogue(lang)
    }
    missing = [key for key in wanted if key not in entries]
    assert not missing, (
        f"{lang}: not in the catalogue (run python -m banque.catalogues): {missing[:5]}"
    )
    untranslated = [m.id for m in entries.values() if m.fuzzy or not all(_forms(m))]
    assert not untranslated, f"{lang}: untranslated or fuzzy: {untranslated[:5]}"


@pytest.mark.parametrize("lang", LANGS)
def test_placeholders_are_the_same_in_each_translation(lang: str) -> None:
    for m in _catalogue(lang):
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        for i, text in enumerate(_forms(m)):
            source = ids[min(i, len(ids) - 1)]
            assert placeholders(text) == placeholders(source), (lang, m.id, text)
            assert text.startswith(" ") == source.startswith(" "), (lang, m.id)
            assert text.endswith(" ") == source.endswith(" "), (lang, m.id)
            assert text.count("\n") == source.count("\n"), (lang, m.id)


@pytest.mark.parametrize(
    ("lang", "forms", "counts"),
    [
        ("fr", "nplurals=2; plural=(n > 1);", {0: "0 jeton", 1: "1 jeton", 2: "2 jetons"}),
        ("es", "nplurals=2; plural=(n != 1);", {0: "0 fichas", 1: "1 ficha", 2: "2 fichas"}),
    ],
)
def test_plural_forms(lang: str, forms: str, counts: dict[int, str]) -> None:
    catalog = read_catalogue(po_path(lang))
    assert catalog.plural_forms == forms
    assert str(catalog.locale) == lang
    for m in _catalogue(lang):
        if m.pluralizable:
            assert len(m.string) == 2 and all(m.string), (lang, m.id)
    i18n.install(lang)
    assert {n: i18n.chips(n) for n in counts} == counts
    # what banque reads: the compiled catalogue's header
    assert i18n._translation.info()["plural-forms"] == forms


def test_the_compiled_catalogue_is_what_gettext_reads(tmp_path: Path) -> None:
    mo = tmp_path / "banque.mo"
    compile_catalogue(po_path("fr"), mo)
    with mo.open("rb") as fh:
        catalogue = gettext.GNUTranslations(fh)
    assert catalogue.gettext("Quit") == "Quitter"
    assert catalogue.ngettext("{n} coup", "{n} coups", 3) == "{n} coups"
    assert catalogue.pgettext("card rank: king", "K") == "R"
    # a fuzzy entry is left out, as msgfmt does: the English text shows
    po = tmp_path / "fuzzy.po"
    po.write_text('#, fuzzy\nmsgid "Quit"\nmsgstr "Quitter"\n', encoding="utf-8")
    compile_catalogue(po, mo)
    with mo.open("rb") as fh:
        assert gettext.GNUTranslations(fh).gettext("Quit") == "Quit"


@pytest.mark.parametrize("lang", LANGS)
def test_the_compiled_catalogue_is_current_with_its_po(lang: str) -> None:
    """The .mo banque reads holds exactly its .po's translations (after editing a .po in a
    checkout: python -m banque.catalogues compile, or pip install -e . again)."""
    assert catalogues.compiled_is_current(lang), (
        f"{catalogues.mo_path(lang)} is out of date: run python -m banque.catalogues compile"
    )


def test_banque_reads_the_mo_beside_the_po_and_else_speaks_english(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "locale" / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    po = folder / "banque.po"
    po.write_text('msgid "Quit"\nmsgstr "Partir"\n', encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "locale")
    i18n.install("fr")
    assert i18n._("Quit") == "Quit"  # no .mo: English (no compiling at run time)
    compile_catalogue(po, folder / "banque.mo")
    i18n.install("fr")
    assert i18n._("Quit") == "Partir"
    (tmp_path / "locale" / "es" / "LC_MESSAGES").mkdir(parents=True)
    (tmp_path / "locale" / "es" / "LC_MESSAGES" / "banque.mo").write_bytes(b"damaged")
    i18n.install("es")
    assert i18n._("Quit") == "Quit"  # a damaged .mo: English, no traceback


def test_the_catalogues_tool_finds_nothing_to_do(capsys: pytest.CaptureFixture[str]) -> None:
    assert catalogues.main(["check"]) == 0, capsys.readouterr().out


@pytest.mark.subprocess
def test_banque_runs_without_babel() -> None:
    """Babel extracts, updates and compiles; banque itself reads the .mo with gettext."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from banque.cli import main\n"
        "main(['--lang', 'fr', 'odds', '--packs', '1'])\n"
        "assert not [m for m in sys.modules if m.split('.')[0] == 'babel'], 'babel imported'\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    ).stdout
    assert out.partition("\n\n")[2].startswith("Chances pour un sabot de 1 jeu")


def test_an_empty_text_is_never_the_catalogues_header() -> None:
    i18n.install("fr")
    assert i18n._("") == ""


def test_the_build_hook_puts_the_compiled_catalogues_into_the_wheel() -> None:
    """hatch_build.py compiles each .po with Babel and adds the .mo to a (non-editable) wheel."""
    source = (ROOT / "hatch_build.py").read_text()
    assert 'glob("*/LC_MESSAGES/banque.po")' in source
    assert "write_mo(" in source
    assert 'build_data["force_include"]' in source
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert any(r.startswith("babel") for r in pyproject["build-system"]["requires"])
    assert "custom" in pyproject["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]
    assert not any(r.startswith("babel") for r in pyproject["project"]["dependencies"])


# ---------------------------------------------------------------- at the table


@pytest.mark.pilot
@pytest.mark.parametrize(
    ("lang", "words", "keys"),
    [
        (
            "fr",
            ["Une nouvelle partie de baccara banque", "Place 1", "humain", "ordinateur · prudent"],
            ["Quitter", "Aide"],
        ),
        (
            "es",
            ["Una partida nueva de baccará a dos paños", "Plaza 1", "humano", "ordenador · audaz"],
            ["Salir", "Ayuda"],
        ),
    ],
)
async def test_setup_speaks_the_chosen_language(
    lang: str, words: list[str], keys: list[str]
) -> None:
    i18n.install(lang)
    app = table_app(seed=3)
    async with app.run_test(size=(100, 30)):
        text = screen_text(app)
        for word in words + keys:
            assert word in text, word
        assert not re.search(r"\b(Quit|Help|human|computer|Seat)\b", text)


@pytest.mark.pilot
async def test_the_table_speaks_french_after_setup() -> None:
    i18n.install("fr")
    app = table_app(seed=3)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        text = screen_text(app)
        assert "Banque 1 : enchères" in text
        assert "Soldes et enchères" in text
        assert "Journal" in text


@pytest.mark.pilot
@pytest.mark.parametrize(
    ("lang", "title", "placeholder"),
    [("fr", "Quitter", "Chercher une commande…"), ("es", "Salir", "Buscar un comando…")],
)
async def test_the_command_palette_speaks_the_chosen_language(
    lang: str, title: str, placeholder: str
) -> None:
    from textual.command import CommandInput, CommandPalette

    i18n.install(lang)
    app = table_app(seed=3)
    async with app.run_test(size=(100, 30)) as pilot:
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert title in titles and "Quit" not in titles and "Theme" not in titles
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        assert app.screen.query_one(CommandInput).placeholder == placeholder
        await pilot.press(*title[:4])
        await pilot.pause(0.3)
        assert re.search(title, screen_text(app))


@pytest.mark.pilot
@pytest.mark.parametrize(
    ("lang", "nothing"),
    [
        ("en", "No command matches “zqxw”"),
        ("fr", "Aucune commande ne correspond à « zqxw »"),
        ("es", "Ningún comando coincide con «zqxw»"),
    ],
)
async def test_the_palette_says_in_the_players_language_that_nothing_matches(
    lang: str, nothing: str
) -> None:
    """Textual's own "No matches found" is English: the palette says it itself, and choosing
    the line only closes the palette; a search that matches shows no such line."""
    from textual.command import CommandPalette

    from banque.table.screens.table import TableScreen

    i18n.install(lang)
    app = table_app(record=make_record(FOUR))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"zqxw")
        await pilot.pause(1.0)  # Textual shows its "No matches found" after half a second
        text = screen_text(app)
        assert nothing in text and "No matches found" not in text
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"Ana")  # "View seat: Ana" (a game command) matches
        await pilot.pause(1.0)
        text = screen_text(app)
        assert "Ana" in text and nothing.replace("zqxw", "Ana") not in text
        assert isinstance(app.screen, CommandPalette)
        app.search_themes()
        await pilot.pause()
        await pilot.press(*"zqxw")
        await pilot.pause(1.0)
        text = screen_text(app)
        assert nothing in text and "No matches found" not in text


@pytest.mark.parametrize(
    ("lang", "shown"),
    [
        ("en", ["K♥", "Q♠", "J♦", "A♣", "10♥", "JD"]),
        ("fr", ["R♥", "D♠", "V♦", "A♣", "10♥", "VD"]),
        ("es", ["K♥", "Q♠", "J♦", "A♣", "10♥", "JD"]),
    ],
)
def test_card_ranks_as_each_language_writes_them(lang: str, shown: list[str]) -> None:
    """French writes roi, dame, valet R D V; Spanish keeps the K Q J of its casinos' cards."""
    from banque.core.cards import pretty
    from banque.table.widgets.cards import card_lines

    i18n.install(lang)
    cards = ["KH", "QS", "JD", "AC", "TH"]
    assert [pretty(c) for c in cards] + [pretty("JD", ascii_suits=True)] == shown
    assert shown[0] in "".join(card_lines("KH", big=False))


@pytest.mark.pilot
@pytest.mark.parametrize(
    ("lang", "her_move", "settled", "next_key"),
    [
        ("fr", "Votre tableau a ", "Coup 1 : droite ", "Entrée : coup suivant"),
        ("es", "Su paño tiene ", "Jugada 1: derecha ", "Intro: jugada siguiente"),
    ],
)
async def test_a_coup_played_in_french_and_in_spanish(
    lang: str, her_move: str, settled: str, next_key: str
) -> None:
    """Setup, auction, stake, the side's word (Ana alone against computers: her cards
    on her own screen, her move in one key), the settlement: the player's language
    throughout (the engine's own log and prompts are still English: next step)."""
    from banque.table.testing import until

    i18n.install(lang)
    app = table_app(seed=3)
    async with app.run_test(size=(110, 32)) as pilot:
        await pilot.press("enter")  # setup: the default table
        await until(pilot, lambda: "p " in screen_text(app))
        await pilot.press("p")  # Ana passes the auction; the computers bid
        await until(pilot, lambda: "1–" in screen_text(app))
        await pilot.press("enter")  # Ana stakes the amount offered
        await until(pilot, lambda: her_move in screen_text(app))
        held = screen_text(app).split(her_move)[1][:1]  # 0–4, 6 or 7: forced; 5: a choice
        await pilot.press("d" if held == "5" else "enter")  # Ana's move, in one key
        await until(pilot, lambda: settled in screen_text(app))
        text = screen_text(app)
        assert next_key in text
        assert not re.search(r"\b(WINS|LOSES|TIES|Fund|Quit|Next)\b", text)
        # the key bar follows the language even where a screen's module was imported
        # while another language was spoken (its bindings are class attributes)
        assert ("Suivant" in text) == (lang == "fr") and ("Siguiente" in text) == (lang == "es")


@pytest.mark.subprocess
def test_the_language_is_chosen_before_any_screen_is_imported() -> None:
    """``banque --lang fr``: the screens' key bindings (class attributes) are made in French."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from banque import cli\n"
        "cli._choose_language(['--lang', 'fr'])\n"
        "assert not any(m.startswith(('banque.table.screens', 'banque.table.app')) for m in sys.modules)\n"
        "from banque.table.app import BanqueApp\n"
        "print(sorted(b.description for b in BanqueApp.BINDINGS if b.description)[:40])\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    ).stdout
    assert "Quitter" in out and "Aide" in out


@pytest.mark.pilot
@pytest.mark.parametrize(
    ("lang", "key", "shown"), [("fr", "o", "o ou y : oui"), ("es", "s", "s o y: sí")]
)
async def test_a_question_takes_the_languages_letter_for_yes(
    lang: str, key: str, shown: str
) -> None:
    """French answers *o* (oui), Spanish *s* (sí); y still does; n is no in all three."""
    from textual.app import App

    from banque.table.screens.dialogs import ConfirmScreen
    from banque.table.testing import screen_text

    i18n.install(lang)
    try:
        answers: list[bool | None] = []

        class Asking(App[None]):
            def on_mount(self) -> None:
                self.push_screen(ConfirmScreen("?"), answers.append)

        app = Asking()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert shown in screen_text(app)
            await pilot.press(key)
            await pilot.pause()
            app.push_screen(ConfirmScreen("?"), answers.append)
            await pilot.pause()
            await pilot.press("y")
            await pilot.pause()
            app.push_screen(ConfirmScreen("?"), answers.append)
            await pilot.pause()
            await pilot.press("n")
            await pilot.pause()
        assert answers == [True, True, False]
    finally:
        i18n.install("en")


@pytest.mark.pilot
async def test_in_english_only_y_is_yes() -> None:
    from textual.app import App

    from banque.table.screens.dialogs import ConfirmScreen

    answers: list[bool | None] = []

    class Asking(App[None]):
        def on_mount(self) -> None:
            self.push_screen(ConfirmScreen("Close the table?"), answers.append)

    app = Asking()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("o", "s")  # not answers in English
        await pilot.pause()
        assert answers == []
        await pilot.press("y")
        await pilot.pause()
    assert answers == [True]
