"""The engine's errors: every message is written for a player to act on."""

from __future__ import annotations

from typing import TYPE_CHECKING

# The messages are imported on the first refusal, not at the top (``# deferred:``): the
# first screen and ``banque --help`` load this module, and the messages would add ~10 ms
# of CPU to both (measured with ``python -X importtime``).
if TYPE_CHECKING:
    from .messages import Msg


class BanqueError(Exception):
    """Base of every error banque raises on purpose."""


class IllegalAction(BanqueError):
    """An action the rules do not allow now.

    ``rule`` is a short key naming the rule (``"turn"``, ``"cover"``,
    ``"a_cheval"``...), the message says what went wrong and what is allowed
    now.  The game's state is left exactly as it was.

    ``msg`` is the message as a :class:`~banque.core.messages.Msg` (a template and
    its parameters: a screen tells it in the player's language with
    :func:`banque.core.messages.tell`); ``message`` is its English text.  A plain
    ``str`` is still accepted (parts not yet made of message ids).
    """

    def __init__(self, message: Msg | str, rule: str = "rule") -> None:
        from .messages import Msg  # deferred: start-up cost (see the top)

        msg = message if isinstance(message, Msg) else Msg(message)
        super().__init__(msg)
        self.rule = rule
        self.msg = msg

    @property
    def message(self) -> str:
        """The refusal in English (made when asked: a ``can_…`` check never builds it)."""
        return str(self.msg)

    def __str__(self) -> str:
        return str(self.msg)


class RecordError(BanqueError):
    """A file or document that is not a valid game record."""


class ReplayError(BanqueError):
    """An act of a record that the rules refuse.

    ``index`` is the act's 1-based position in the record's ``actions``;
    ``rule`` is the refusal's :attr:`IllegalAction.rule` (``"forced"`` names a
    concealed total: a table shows it to the hand's holder only); ``reason`` is the
    refusal in English, ``reason_msg`` and ``msg`` are messages (``tell_error`` tells
    them in the player's language).
    """

    def __init__(self, index: int, act: str, reason: Msg | str, rule: str = "rule") -> None:
        from .messages import N_, Msg  # deferred: start-up cost (see the top)

        self.msg = Msg(N_("act {index} ({act}): {reason}"), index=index, act=act, reason=reason)
        super().__init__(self.msg)
        self.index = index
        self.act = act
        self.reason = str(reason)
        #: The refusal as a message (told in the player's language), else its English words.
        self.reason_msg: Msg | str = reason
        self.rule = rule
