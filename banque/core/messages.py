"""The engine's words as message ids with parameters, told in the player's language.

The engine never builds an English sentence for a refusal or an event: it makes
a :class:`Msg`, an English template (the gettext msgid: the English text is the
key) plus named parameters.  ``str(msg)`` is the English text; ``tell(msg)``
tells it through the translation the app chose (:mod:`banque.i18n`), the
parameters rendered in the same language: chip counts with their plural forms
(:func:`chips`), words such as side names (:class:`Word`), lists of names
(:class:`Names`), cards (:class:`Card`) and nested messages.

Templates are marked for extraction with :func:`N_` (and plural pairs with
:func:`Nn_`): both return their arguments unchanged, the gettext convention for
a translation deferred to where the text is shown.

>>> m = Msg(N_("{who} bids {amount} for the bank."), who="Ana", amount=chips(1))
>>> str(m)
'Ana bids 1 chip for the bank.'
>>> fr = {"{who} bids {amount} for the bank.": "{who} mise {amount} pour la banque."}
>>> m.tell(Translator(lambda s: fr.get(s, s), lambda s, p, n: "{n} jeton" if n < 2 else "{n} jetons"))
'Ana mise 1 jeton pour la banque.'

This module imports nothing but the standard library and :mod:`banque.core.cards`
(the engine uses it); it calls no gettext function at import.
"""

from __future__ import annotations

import errno
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .. import i18n
from ..i18n import N_, Nn_
from .cards import pretty


@dataclass(frozen=True, slots=True)
class Translator:
    """A language: ``gettext(msgid)`` and ``ngettext(singular, plural, n)``."""

    gettext: Callable[[str], str]
    ngettext: Callable[[str, str, int], str]


#: English: the templates as they are.
ENGLISH = Translator(lambda s: s, lambda s, p, n: s if n == 1 else p)


class Word(str):
    """A word the table translates (a side's name...): ``Word("right")``."""

    __slots__ = ()


class Card(str):
    """A card code (``"9C"``), shown as ``9♣``; the code stays for a later rank in words."""

    __slots__ = ()


class Names(tuple[str, ...]):
    """Names as a list in words: ``nobody``, ``Ana``, ``Ana, Bruno and Chloé``."""

    __slots__ = ()


class Listed(tuple[Any, ...]):
    """Parts told one by one and joined with commas (``right 8, banker 9``)."""

    __slots__ = ()
    sep = ", "


class Clauses(Listed):
    """Parts joined with semicolons (``right 9♣ 7♥ = 6; left …``)."""

    __slots__ = ()
    sep = "; "


class Joined(Listed):
    """Parts told one by one and put side by side (a sentence and what follows it)."""

    __slots__ = ()
    sep = ""


class Cards(tuple[str, ...]):
    """Card codes shown side by side (``9♣ 7♥``)."""

    __slots__ = ()


#: The words a :class:`Word` parameter may hold (listed here for extraction).
WORDS = (
    N_("right"),
    N_("left"),
    N_("banker"),
    N_("Right"),
    N_("Left"),
    N_("Banker"),
    N_("both"),
    N_("nobody"),
)
_CHIPS = Nn_("{n} chip", "{n} chips")
_AND = N_("{names} and {last}")
#: Clauses one after the other (French writes " ; ").
_THEN = N_("{cases}; {case}")


class Msg:
    """An English template (the msgid) and its named parameters.

    With ``forms`` (a plural pair from :func:`Nn_`) and ``n`` the template is
    chosen by the count, as ``ngettext`` does; ``{n}`` is then a parameter too.
    """

    __slots__ = ("forms", "n", "params", "template")

    template: str
    params: Mapping[str, Any]
    forms: tuple[str, str] | None
    n: int

    def __init__(self, template: str, /, **params: Any) -> None:
        self.template = template
        self.params = params
        self.forms = None
        self.n = 0

    @classmethod
    def plural(cls, forms: tuple[str, str], n: int, /, **params: Any) -> Msg:
        """A message whose words depend on ``n`` (``Nn_("{n} card", "{n} cards")``)."""
        msg = cls(forms[0] if n == 1 else forms[1], n=n, **params)
        msg.forms = forms
        msg.n = n
        return msg

    def tell(self, translator: Translator = ENGLISH) -> str:
        """The message in ``translator``'s language, its parameters too."""
        if self.forms is not None:
            text = translator.ngettext(self.forms[0], self.forms[1], self.n)
        else:
            text = translator.gettext(self.template)
        if not self.params:
            return text
        values = {k: _render(v, translator) for k, v in self.params.items()}
        try:
            return text.format(**values)
        except (KeyError, IndexError, ValueError):  # a faulty translation: the English words
            english = self.template if self.forms is None else ENGLISH.ngettext(*self.forms, self.n)
            return english.format(**values)

    def __str__(self) -> str:
        return self.tell(ENGLISH)

    def __repr__(self) -> str:
        return f"Msg({self.template!r}, {dict(self.params)!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Msg):
            return NotImplemented
        return (self.template, self.forms, self.n, dict(self.params)) == (
            other.template,
            other.forms,
            other.n,
            dict(other.params),
        )

    def __hash__(self) -> int:
        return hash((self.template, self.forms, self.n))

    # ------------------------------------------------ for the wire (JSON-safe)

    def to_data(self) -> dict[str, Any]:
        """The message as JSON-safe data (a table server sends it; :meth:`from_data` reads it)."""
        data: dict[str, Any] = {"template": self.template}
        params = {k: _encode(v) for k, v in self.params.items() if not (self.forms and k == "n")}
        if params:
            data["params"] = params
        if self.forms is not None:
            data["forms"] = list(self.forms)
            data["n"] = self.n
        return data

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Msg:
        """Read :meth:`to_data`'s form back (a client tells it in its own language)."""
        params = {str(k): _decode(v) for k, v in dict(data.get("params") or {}).items()}
        forms = data.get("forms")
        if forms is not None:
            return cls.plural((str(forms[0]), str(forms[1])), int(data["n"]), **params)
        return cls(str(data["template"]), **params)


def chips(n: int) -> Msg:
    """``1 chip``, ``5 chips``: a chip count told with the language's plural forms."""
    return Msg.plural(_CHIPS, n)


def joined(*parts: Any) -> Msg:
    """Parts (messages, words) put side by side: a message with no words of its own.

    Its template ``{parts}`` is not marked for translation (there is nothing to
    translate: gettext gives it back as it is); each part is told in its turn.
    """
    return Msg("{parts}", parts=Joined(parts))


def names(items: Iterable[str]) -> Names:
    return Names(items)


def _render(value: Any, translator: Translator) -> Any:
    if isinstance(value, Msg):
        return value.tell(translator)
    if isinstance(value, Word):
        return translator.gettext(str(value))
    if isinstance(value, Card):
        return pretty(value)
    if isinstance(value, Clauses):
        parts = [str(_render(v, translator)) for v in value]
        then = translator.gettext(_THEN)
        text = parts[0] if parts else ""
        for part in parts[1:]:
            text = then.format(cases=text, case=part)
        return text
    if isinstance(value, Listed):
        return value.sep.join(str(_render(v, translator)) for v in value)
    if isinstance(value, Cards):
        return " ".join(pretty(c) for c in value)
    if isinstance(value, Names):
        if not value:
            return translator.gettext("nobody")
        if len(value) == 1:
            return value[0]
        return translator.gettext(_AND).format(names=", ".join(value[:-1]), last=value[-1])
    return value


def _encode(value: Any) -> Any:
    if isinstance(value, Msg):
        return {"msg": value.to_data()}
    if isinstance(value, Word):
        return {"word": str(value)}
    if isinstance(value, Card):
        return {"card": str(value)}
    if isinstance(value, Names):
        return {"names": list(value)}
    if isinstance(value, Listed):
        kind = (
            "clauses"
            if isinstance(value, Clauses)
            else "joined"
            if isinstance(value, Joined)
            else "list"
        )
        return {kind: [_encode(v) for v in value]}
    if isinstance(value, Cards):
        return {"cards": list(value)}
    return value


def _decode(value: Any) -> Any:
    if isinstance(value, dict) and len(value) == 1:
        ((kind, inner),) = value.items()
        if kind == "msg":
            return Msg.from_data(inner)
        if kind == "word":
            return Word(inner)
        if kind == "card":
            return Card(inner)
        if kind == "list":
            return Listed(_decode(v) for v in inner)
        if kind == "clauses":
            return Clauses(_decode(v) for v in inner)
        if kind == "joined":
            return Joined(_decode(v) for v in inner)
        if kind == "cards":
            return Cards(str(c) for c in inner)
        if kind == "names":
            return Names(str(x) for x in inner)
    return value


def _app_translator() -> Translator:

    return Translator(i18n._, i18n.ngettext)


def tell(message: Msg | str, translator: Translator | None = None) -> str:
    """A refusal's or an event's words in the player's language (the app's one way).

    A plain ``str`` (a part not yet made of message ids) is looked up as it is.
    """
    t = translator if translator is not None else _app_translator()
    if isinstance(message, Msg):
        return message.tell(t)
    return t.gettext(message)


def tell_event(event: Any, translator: Translator | None = None) -> str:
    """An event's words: its message told, else its English ``text``."""
    msg = getattr(event, "msg", None)
    return tell(msg if msg is not None else event.text, translator)


def reason(exc: BaseException) -> Msg | str:
    """An error's words as a message to nest in another (``Msg("{name}: {error}", …)``):
    the :class:`Msg` it was raised with, else its text."""
    msg = getattr(exc, "msg", None)
    if msg is None and len(exc.args) == 1 and isinstance(exc.args[0], Msg):
        msg = exc.args[0]
    return msg if isinstance(msg, Msg) else str(exc)


#: The system's errors a player may meet, in words (``strerror`` is the system's English).
_OS_WORDS = {
    "EACCES": N_("permission denied"),
    "EPERM": N_("permission denied"),
    "ENOSPC": N_("no space left on the disk"),
    "EDQUOT": N_("the disk quota is used up"),
    "EROFS": N_("the disk is read-only"),
    "ENOENT": N_("no such file or folder"),
    "ENOTDIR": N_("a part of the path is not a folder"),
    "EISDIR": N_("it is a folder"),
    "EEXIST": N_("it exists already"),
    "ELOOP": N_("too many symbolic links"),
    "ENAMETOOLONG": N_("the name is too long"),
    "EMFILE": N_("too many files open"),
    "EIO": N_("an input/output error"),
    "ECONNREFUSED": N_("the connection was refused"),
    "ECONNRESET": N_("the connection was cut"),
    "EPIPE": N_("the connection was cut"),
    "EADDRINUSE": N_("the address is in use"),
    "ETIMEDOUT": N_("no answer in time"),
}


def os_reason(exc: BaseException) -> Msg | str:
    """Why a file or a connection failed, as a message: the system's error said in
    words (``permission denied``...), a message the error was raised with, else its text.

    >>> import errno
    >>> str(os_reason(PermissionError(errno.EACCES, "Permission denied")))
    'permission denied'
    """

    said = reason(exc)
    if isinstance(said, Msg):
        return said
    code = getattr(exc, "errno", None)
    name = errno.errorcode.get(code) if isinstance(code, int) else None
    if name in _OS_WORDS:
        return Msg(_OS_WORDS[name])
    strerror = getattr(exc, "strerror", None)
    return strerror or str(exc) or exc.__class__.__name__


def tell_error(exc: BaseException, translator: Translator | None = None) -> str:
    """A refusal's words: its message told (``IllegalAction.msg``, or an error raised
    with a :class:`Msg` as its argument: ``BanqueError(Msg(…))``), else ``str(exc)``."""
    msg = getattr(exc, "msg", None)
    if msg is None and len(exc.args) == 1 and isinstance(exc.args[0], Msg):
        msg = exc.args[0]
    return tell(msg if msg is not None else str(exc), translator)


__all__ = [
    "ENGLISH",
    "N_",
    "WORDS",
    "Card",
    "Cards",
    "Clauses",
    "Joined",
    "Listed",
    "Msg",
    "Names",
    "Nn_",
    "Translator",
    "Word",
    "chips",
    "joined",
    "names",
    "os_reason",
    "reason",
    "tell",
    "tell_error",
    "tell_event",
]
