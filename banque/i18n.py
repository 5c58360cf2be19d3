"""One translation function for every string a player reads (gettext style).

Widgets and screens call ``_("…")`` (and ``ngettext`` for plurals) and
format the result afterwards, so that a catalogue for another language can
be added under ``banque/locale/<lang>/LC_MESSAGES/banque.mo`` without
touching the widgets.  English is the only language for now: without a
catalogue the functions return the English text unchanged.

>>> _("Pass")
'Pass'
>>> ngettext("{n} chip", "{n} chips", 2).format(n=2)
'2 chips'
"""

from __future__ import annotations

import gettext as _gettext
from pathlib import Path

DOMAIN = "banque"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_translation: _gettext.NullTranslations = _gettext.translation(
    DOMAIN, localedir=LOCALE_DIR, fallback=True
)


def install(languages: list[str] | None = None) -> None:
    """Choose the languages (``None``: from the environment, as gettext does)."""
    global _translation
    _translation = _gettext.translation(
        DOMAIN, localedir=LOCALE_DIR, languages=languages, fallback=True
    )


def _(message: str) -> str:
    """Translate ``message`` (the English text is the key)."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate a message that depends on a count."""
    return _translation.ngettext(singular, plural, n)


def chips(n: int) -> str:
    """``1 chip``, ``5 chips`` in the current language."""
    return ngettext("{n} chip", "{n} chips", n).format(n=n)


__all__ = ["_", "chips", "install", "ngettext"]
