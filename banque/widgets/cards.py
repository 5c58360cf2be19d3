"""Card faces drawn from text: rank and suit, red for hearts and diamonds.

A small card takes 5 columns and 3 rows; a large one 7 columns and 5 rows
(used when the screen has room).  A face-down card shows its back; a card
never dealt leaves its place blank.

>>> card_lines("TH", big=False)
['╭───╮', '│10♥│', '╰───╯']
>>> card_lines(None, big=False, ascii_suits=True)
['╭───╮', '│###│', '╰───╯']
>>> card_lines("9C", big=True, ascii_suits=True)
['╭─────╮', '│9    │', '│  C  │', '│    9│', '╰─────╯']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ..cards import RED_SUITS, SUIT_SYMBOL

SLOTS = 3
SMALL = (5, 3)
BIG = (7, 5)
BACK = "▒"
BACK_ASCII = "#"


def _rank(card: str) -> str:
    return "10" if card[0] == "T" else card[0]


def _suit(card: str, ascii_suits: bool) -> str:
    return card[1] if ascii_suits else SUIT_SYMBOL[card[1]]


def card_lines(card: str | None, *, big: bool, ascii_suits: bool = False) -> list[str]:
    """The rows of one card (``None``: face down)."""
    width, _height = BIG if big else SMALL
    inner = width - 2
    top = "╭" + "─" * inner + "╮"
    bottom = "╰" + "─" * inner + "╯"
    if card is None:
        back = (BACK_ASCII if ascii_suits else BACK) * inner
        middle = ["│" + back + "│"] * (3 if big else 1)
        return [top, *middle, bottom]
    rank, suit = _rank(card), _suit(card, ascii_suits)
    if big:
        middle = [
            "│" + rank.ljust(inner) + "│",
            "│" + suit.center(inner) + "│",
            "│" + rank.rjust(inner) + "│",
        ]
    else:
        middle = ["│" + (rank + suit).ljust(inner) + "│"]
    return [top, *middle, bottom]


def is_red(card: str | None) -> bool:
    return card is not None and card[1] in RED_SUITS


class CardRow(Widget):
    """A hand: up to three cards side by side (blank places stay empty)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "card--red",
        "card--black",
        "card--back",
        "card--frame",
    }

    cards: reactive[tuple[str | None, ...]] = reactive(tuple)
    ascii_suits: reactive[bool] = reactive(False)
    big: reactive[bool] = reactive(False, layout=True)

    def set_cards(self, cards: Sequence[str | None], *, ascii_suits: bool, big: bool) -> None:
        self.ascii_suits = ascii_suits
        self.big = big
        self.cards = tuple(cards)

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return (BIG if self.big else SMALL)[1]

    def get_content_width(self, container: object, viewport: object) -> int:
        return SLOTS * ((BIG if self.big else SMALL)[0] + 1) - 1

    def render(self) -> Text:
        width, height = BIG if self.big else SMALL
        styles: dict[str, Style] = {
            name: self.get_component_rich_style(f"card--{name}")
            for name in ("red", "black", "back", "frame")
        }
        rows = [Text() for _ in range(height)]
        for slot in range(SLOTS):
            if slot:
                for row in rows:
                    row.append(" ")
            if slot >= len(self.cards):
                for row in rows:
                    row.append(" " * width)
                continue
            card = self.cards[slot]
            lines = card_lines(card, big=self.big, ascii_suits=self.ascii_suits)
            face = styles["back"] if card is None else styles["red" if is_red(card) else "black"]
            for i, line in enumerate(lines):
                if i in (0, len(lines) - 1):
                    rows[i].append(line, styles["frame"])
                else:
                    rows[i].append(line[0], styles["frame"])
                    rows[i].append(line[1:-1], face)
                    rows[i].append(line[-1], styles["frame"])
        return Text("\n").join(rows)
