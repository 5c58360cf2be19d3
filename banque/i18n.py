"""One translation function for every string a player reads (gettext style).

Widgets and screens call ``_("…")`` (and ``ngettext`` for plurals) and
format the result afterwards; a text chosen at run time from a table is marked
where the table is written with ``N_("…")`` (so that the extraction finds it)
and translated where it is shown with ``_(text)``.  The catalogues are
``banque/locale/<lang>/LC_MESSAGES/banque.po`` (French, Spanish), compiled into
the ``banque.mo`` beside it that the standard :mod:`gettext` reads (see
:mod:`banque.catalogues`); the English text is the key, and English is what
shows without a catalogue.

The language is chosen once, by ``banque --lang`` (then ``BANQUE_LANG``, then
the locale's variables), in :func:`banque.cli.main` before any screen module is
imported: Textual's key bindings are class attributes, made at import.

>>> _("Pass")
'Pass'
>>> ngettext("{n} chip", "{n} chips", 2).format(n=2)
'2 chips'
>>> choose_language(None, {"LANG": "fr_FR.UTF-8"})
'fr'
>>> choose_language("es", {"LANG": "fr_FR.UTF-8"})
'es'
>>> choose_language(None, {"LANGUAGE": "de:es", "LANG": "fr_FR"})
'es'
>>> choose_language(None, {"LC_ALL": "C", "LANG": "fr_FR"})
'en'
"""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Mapping
from pathlib import Path

DOMAIN = "banque"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: The languages banque speaks: code -> the language's own name.
LANGUAGES: dict[str, str] = {"en": "English", "fr": "Français", "es": "Español"}
#: The environment's variables, in gettext's order (the first one set wins).
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_translation: _gettext.NullTranslations = _gettext.NullTranslations()
_language = "en"


class LanguageError(ValueError):
    """A language banque does not speak (the message is one line for the player)."""


def _code(tag: str) -> str | None:
    """``fr_FR.UTF-8`` -> ``fr``; ``C`` / ``POSIX`` -> ``en``; a language we lack -> None."""
    tag = tag.strip()
    if tag in ("C", "POSIX") or tag.startswith(("C.", "POSIX.")):
        return "en"
    base = tag.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return base if base in LANGUAGES else None


def parse_language(text: str) -> str:
    """A language named by ``--lang`` or ``BANQUE_LANG``: ``fr``, ``es_ES``, ``en``…

    >>> parse_language("fr_FR.UTF-8")
    'fr'
    >>> parse_language("de")
    Traceback (most recent call last):
    ...
    banque.i18n.LanguageError: unknown language 'de' (banque speaks en, fr, es)
    """
    code = _code(text)
    if code is None:
        raise LanguageError(
            f"unknown language {text.strip()[:20]!r} (banque speaks {', '.join(LANGUAGES)})"
        )
    return code


def choose_language(option: str | None, environ: Mapping[str, str] | None = None) -> str:
    """``--lang``, then ``BANQUE_LANG``, then the locale's variables, else English.

    A locale variable naming a language banque lacks is passed over (as gettext
    does); ``--lang`` and ``BANQUE_LANG`` are asked for on purpose, so an unknown
    language there raises :class:`LanguageError`.
    """
    env = os.environ if environ is None else environ
    if option:
        return parse_language(option)
    chosen = env.get("BANQUE_LANG", "")
    if chosen:
        try:
            return parse_language(chosen)
        except LanguageError as exc:
            raise LanguageError(f"BANQUE_LANG: {exc}") from None
    for variable in LOCALE_VARIABLES:
        value = env.get(variable, "")
        if not value:
            continue
        for tag in value.split(":"):
            code = _code(tag) if tag else None
            if code is not None:
                return code
        if variable != "LANGUAGE":
            break  # gettext reads the first locale variable set
    return "en"


def _load(language: str) -> _gettext.NullTranslations:
    """A language's compiled catalogue, ``locale/<lang>/LC_MESSAGES/banque.mo``.

    ``pip install`` compiles it (the build hook, ``hatch_build.py``); in a source
    checkout, ``python -m banque.catalogues compile`` refreshes it after a ``.po``
    is edited. Without it (or with a damaged one), English shows.
    """
    try:
        return _gettext.translation(DOMAIN, LOCALE_DIR, languages=[language], fallback=True)
    except (OSError, ValueError):  # not a .mo file (gettext: "Bad magic number")
        return _gettext.NullTranslations()


def translation(language: str) -> _gettext.NullTranslations:
    """One language's catalogue (``en``, ``fr``, ``es``), without speaking it: for words
    said to someone who speaks another language than this process (a browser's)."""
    return _gettext.NullTranslations() if language == "en" else _load(language)


def install(language: str | list[str] | None = None) -> str:
    """Speak ``language`` from now on (a list: the first one banque speaks; ``None``:
    from the environment). Returns the code chosen.

    Screens made before this keep the texts they were made with: call it before
    importing them (``banque.cli.main`` does).
    """
    global _translation, _language
    if language is None:
        code = choose_language(None)
    elif isinstance(language, list):
        code = next((c for c in map(_code, language) if c), "en")
    else:
        code = parse_language(language)
    _translation = _gettext.NullTranslations() if code == "en" else _load(code)
    _language = code
    _RANKS.clear()
    _RANKS.update(_rank_table())
    return code


def current_language() -> str:
    """The code of the language spoken now (``en``, ``fr``, ``es``)."""
    return _language


def _(message: str) -> str:
    """Translate ``message`` (the English text is the key)."""
    if not message:
        return message  # gettext's "" is the catalogue's header, never a text to show
    text = _translation.gettext(message)
    if text is not message:
        _SOURCES[text] = message
    return text


#: Each translation given out -> its English text (see :func:`retranslate`).
_SOURCES: dict[str, str] = {}


def retranslate(text: str) -> str:
    """A text made by ``_()`` perhaps in another language, in the current one.

    Textual's key bindings are class attributes, translated when their module was
    imported; the key bar shows them through this, so that they follow the
    language chosen since (a test switching languages; a switch during play).

    >>> retranslate("Quit")
    'Quit'
    """
    return _(_SOURCES.get(text, text))


def pgettext(context: str, message: str) -> str:
    """Translate ``message`` in a context (a short text whose sense the context fixes)."""
    return _translation.pgettext(context, message)


def _rank_table() -> dict[str, str]:
    """The court cards' and the ace's letters in the current language (French R D V)."""
    return {
        "A": pgettext("card rank: ace", "A"),
        "J": pgettext("card rank: jack", "J"),
        "Q": pgettext("card rank: queen", "Q"),
        "K": pgettext("card rank: king", "K"),
    }


_RANKS: dict[str, str] = {}


def card_rank(rank: str) -> str:
    """A card's rank as the players write it: ``K`` -> ``R`` in French; ``T`` -> ``10``.

    >>> card_rank("T"), card_rank("K"), card_rank("7")
    ('10', 'K', '7')
    """
    if rank == "T":
        return "10"
    return _RANKS.get(rank, rank)


def N_(message: str) -> str:
    """Mark a text for translation where it is written; ``_()`` translates it where shown."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a plural pair for translation where it is written (an ``ngettext`` deferred)."""
    return singular, plural


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate a message that depends on a count."""
    return _translation.ngettext(singular, plural, n)


def chips(n: int) -> str:
    """``1 chip``, ``5 chips`` in the current language."""
    return ngettext("{n} chip", "{n} chips", n).format(n=n)


#: The minus sign of every number shown (never ``-``, the hyphen): ``−0.63 %``.
MINUS = "\u2212"


def number(x: float, digits: int | None = 2, *, sign: bool = False) -> str:
    """A number as prose shows it in the current language: ``0.63`` in English,
    ``0,63`` in French and Spanish; negatives with the minus sign ``−``; ``sign``: a ``+``
    before a positive one (``±0`` never: zero is ``0.00``). JSON keeps Python's numbers.

    >>> number(-1.5, 2), number(0.6333, 4, sign=True), number(3, 0), number(0.25, None)
    ('−1.50', '+0.6333', '3', '0.25')
    """
    shape = "g" if digits is None else f".{digits}f"  # None: as short as it is (0.5)
    text = format(x, ("+" if sign else "") + shape)
    if text.lstrip("+-").strip("0.") == "":  # -0.00 is 0.00
        text = text.replace("-", "+" if sign else "")
    text = text.replace("-", MINUS)
    if _language in ("fr", "es"):
        text = text.replace(".", ",")
    return text


def percent(x: float, digits: int = 2, *, sign: bool = False) -> str:
    """``x`` (a share: 0.0063) as a percentage in prose: ``0.63 %`` (``0,63 %``)."""
    return number(x * 100, digits, sign=sign) + " %"


__all__ = [
    "LANGUAGES",
    "MINUS",
    "N_",
    "LanguageError",
    "Nn_",
    "_",
    "card_rank",
    "chips",
    "choose_language",
    "current_language",
    "install",
    "ngettext",
    "number",
    "parse_language",
    "percent",
    "pgettext",
    "retranslate",
]
