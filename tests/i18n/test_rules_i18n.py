"""The houses' rules and the strategy grid in the player's language (issue 12).

The engine keeps its words as English message ids (``N_``); ``banque rules``,
the help's rules section and the strategy grid tell them in the language chosen.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from banque import i18n
from banque.games.banque.rules import _SAYS, LABELS, PROFILES, describe, differences, format_profile

#: English words of the rules' prose that no French or Spanish text keeps.
ENGLISH = re.compile(
    r"\b(the|banker|stakes|fund|bank|side|sides|seat|seats|shuffle|draws|stands|rules|"
    r"Three|packs|auction|cards)\b"
)


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    i18n.install("en")


def test_every_rule_word_is_a_message_id() -> None:
    """What the engine says of a profile is English text (the msgid), told where shown."""
    catalogue = i18n._load("fr")
    for says in _SAYS.values():
        for words in says.values():
            assert catalogue.gettext(words) != words, words
    for profile in PROFILES.values():
        assert catalogue.gettext(profile.title) != profile.title
    for label in LABELS.values():
        assert catalogue.gettext(label) != label or label == "Banco"  # the same word in French


@pytest.mark.parametrize("name", sorted(PROFILES))
@pytest.mark.parametrize(
    ("lang", "words"),
    [("fr", ("banquier", "tableau", "Trois jeux")), ("es", ("banquero", "paño", "Tres barajas"))],
)
def test_banque_rules_speaks_the_language(name: str, lang: str, words: tuple[str, ...]) -> None:
    i18n.install(lang)
    text = format_profile(name, 100)
    for word in words:
        assert word in text, word
    # the profiles' names are what one types (banque rules classic): they stay
    prose = text.replace(f"{name}", "").replace("home", "").replace("README", "")
    prose = prose.replace("The Pocket Book of Games", "")  # a book's title
    assert not ENGLISH.search(prose), ENGLISH.search(prose)


def test_english_rules_are_unchanged_and_the_structure_is_the_same() -> None:
    english = format_profile("classic", 100)
    assert english.startswith("Classic (Pocket Book of Games, 1944) -- rules 'classic'")
    assert "Seating:" in english and "As at home:" in english
    i18n.install("fr")
    french = format_profile("classic", 100)
    assert french.startswith("Classique (Pocket Book of Games, 1944) -- règles « classic »")
    assert "Placement :" in french and "Comme à la maison :" in french
    # the same rows, side by side: as many labels, the same columns
    assert french.count(" | ") > 10 and english.splitlines()[7] == french.splitlines()[7]


def test_describe_and_differences_stay_english_ids() -> None:
    i18n.install("es")
    classic = dict((k, (h, c)) for k, h, c in differences("classic"))
    assert "only the hands" in classic["naturals"][1]  # ids, told where shown
    assert describe("home")[0][0] == "seating"


def test_the_help_opens_with_the_profile_in_the_language() -> None:
    from banque.table.screens.help import profile_help

    i18n.install("es")
    text = profile_help("hoyle")
    assert "reglas Hoyle (antiguas, con un crupier)" in text
    assert "**Banca quebrada**: una banca quebrada no termina el turno" in text
    assert "broken bank" not in text and "croupier" not in text
    i18n.install("fr")
    assert "- **Banque sautée** : une banque qui a sauté" in profile_help("hoyle")  # " :"
    i18n.install("en")
    assert "- **A broken bank**: a broken bank does not end" in profile_help("hoyle")
