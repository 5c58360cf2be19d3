"""argparse in the player's language: its own words translated, and every command-line
error told on one line (exit status 2)."""

from __future__ import annotations

import argparse
import re
from typing import Any, NoReturn

from ..constants import EXIT_USAGE
from ..i18n import N_, _
from ..text import plain

#: argparse's own messages (its English, from the standard library's gettext) -> ours,
#: told in the player's language: a pattern of argparse's text, then our message id.
ARGPARSE_MESSAGES: tuple[tuple[str, str], ...] = (
    (r"argument (?P<argument>[^:]+): (?P<message>.*)", N_("argument {argument}: {message}")),
    (r"unrecognized arguments: (?P<args>.*)", N_("unrecognized arguments: {args}")),
    (
        r"the following arguments are required: (?P<args>.*)",
        N_("the following arguments are required: {args}"),
    ),
    (
        r"one of the arguments (?P<args>.*) is required",
        N_("one of the arguments {args} is required"),
    ),
    (
        r"invalid choice: (?P<value>.*) \(choose from (?P<choices>.*)\)",
        N_("invalid choice: {value} (choose from {choices})"),
    ),
    (r"invalid (?P<type>.+) value: (?P<value>.*)", N_("invalid {type} value: {value}")),
    (r"expected one argument", N_("a value is needed after it")),
    (r"expected at most one argument", N_("expected at most one argument")),
    (r"expected at least one argument", N_("expected at least one argument")),
    (r"ignored explicit argument (?P<value>.*)", N_("ignored explicit argument {value}")),
    (r"not allowed with argument (?P<argument>.*)", N_("not allowed with argument {argument}")),
    (
        r"ambiguous option: (?P<option>.*) could match (?P<matches>.*)",
        N_("ambiguous option: {option} could match {matches}"),
    ),
    (r"unexpected option string: (?P<option>.*)", N_("unexpected option string: {option}")),
)
#: argparse's help headings and type names, translated where shown (see HelpFormatter).
ARGPARSE_WORDS = (N_("positional arguments"), N_("options"), N_("int"), N_("float"))


def argparse_message(message: str) -> str:
    """An argparse error line (English, as the standard library writes it) in the
    current language; our own messages (already translated) are kept as they are.

    >>> argparse_message("argument --packs: expected one argument")
    'argument --packs: a value is needed after it'
    """

    for pattern, msgid in ARGPARSE_MESSAGES:
        found = re.fullmatch(pattern, message, re.DOTALL)
        if found is None:
            continue
        parts = found.groupdict()
        if "message" in parts:
            parts["message"] = argparse_message(parts["message"])
        kind = parts.get("type")
        if kind is not None:
            parts["type"] = _(kind)
        return _(msgid).format(**parts)
    return message


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help with its own words (the usage prefix, the section headings)
    in the current language."""

    def add_usage(
        self,
        usage: str | None,
        actions: Any,
        groups: Any,
        prefix: str | None = None,
    ) -> None:
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)

    def start_section(self, heading: str | None) -> None:
        super().start_section(_(heading) if heading else heading)


class Parser(argparse.ArgumentParser):
    """argparse, with every command-line error told on one line (exit status 2), and its
    words (help, usage, errors) in the current language."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        add_help = kwargs.pop("add_help", True)
        super().__init__(*args, add_help=False, **kwargs)
        # A word that starts with a minus and a digit (-1:1, -3) is an option's value,
        # never an option: no option of ours is spelt that way, so the value's own type
        # says what is wrong with it (argparse alone reads only -3 and -0.5 so).
        self._negative_number_matcher = re.compile(r"^-\d")
        if add_help:
            self.add_argument(
                "-h", "--help", action="help", help=_("show this help message and exit")
            )

    def error(self, message: str) -> NoReturn:
        said = plain(argparse_message(message), 200)
        self.exit(
            EXIT_USAGE,
            "banque: "
            + _("{message} (see {command} --help)").format(message=said, command=self.prog)
            + "\n",
        )
