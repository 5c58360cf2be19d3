"""Card faces drawn from text: rank and suit, red for hearts and diamonds.

A small card takes 5 columns and 3 rows; a big one 7 columns and 5 rows
(from 110×36); a huge one 9 columns and 7 rows (from 160×48).  A face-down
card shows its back; a card never dealt leaves its place blank.

>>> card_lines("TH", big=False)
['╭───╮', '│10♥│', '╰───╯']
>>> card_lines(None, big=False, ascii_suits=True)
['╭───╮', '│###│', '╰───╯']
>>> card_lines("9C", big=True, ascii_suits=True)
['╭─────╮', '│9    │', '│  C  │', '│    9│', '╰─────╯']
>>> card_lines("TH", big="huge")[1:6]
['│10♥    │', '│       │', '│   ♥   │', '│       │', '│    10♥│']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Literal

from rich.style import Style
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ...core.cards import RED_SUITS, SUIT_SYMBOL
from ...i18n import card_rank

SLOTS = 3
SMALL = (5, 3)
BIG = (7, 5)
HUGE = (9, 7)
CardSize = Literal["small", "big", "huge"]
DIMENSIONS: dict[CardSize, tuple[int, int]] = {"small": SMALL, "big": BIG, "huge": HUGE}
BACK = "▒"
BACK_ASCII = "#"


def _rank(card: str) -> str:
    return card_rank(card[0])  # 10 for T; the court cards in the player's language


def _suit(card: str, ascii_suits: bool) -> str:
    return card[1] if ascii_suits else SUIT_SYMBOL[card[1]]


def size_of(big: bool | CardSize) -> CardSize:
    """``True`` and ``False`` (big or small) as a card size."""
    if isinstance(big, str):
        return big
    return "big" if big else "small"


def card_lines(
    card: str | None, *, big: bool | CardSize, ascii_suits: bool = False, plain: bool = False
) -> list[str]:
    """The rows of one card (``None``: face down); ``plain``: ASCII frames and suits.

    >>> card_lines("9C", big=False, plain=True)
    ['+---+', '|9C |', '+---+']
    """
    size = size_of(big)
    if plain:
        frame = str.maketrans("╭╮╰╯─│▒", "++++-|#")
        return [line.translate(frame) for line in card_lines(card, big=size, ascii_suits=True)]
    width, height = DIMENSIONS[size]
    inner = width - 2
    top = "╭" + "─" * inner + "╮"
    bottom = "╰" + "─" * inner + "╯"
    if card is None:
        back = (BACK_ASCII if ascii_suits else BACK) * inner
        middle = ["│" + back + "│"] * (height - 2)
        return [top, *middle, bottom]
    rank, suit = _rank(card), _suit(card, ascii_suits)
    if size == "huge":
        blank = " " * inner
        middle = [
            "│" + (rank + suit).ljust(inner) + "│",
            "│" + blank + "│",
            "│" + suit.center(inner) + "│",
            "│" + blank + "│",
            "│" + (rank + suit).rjust(inner) + "│",
        ]
    elif size == "big":
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
    card_size: reactive[CardSize] = reactive[CardSize]("small", layout=True)

    def set_cards(
        self, cards: Sequence[str | None], *, ascii_suits: bool, big: bool | CardSize
    ) -> None:
        self.ascii_suits = ascii_suits
        self.card_size = size_of(big)
        self.cards = tuple(cards)

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return DIMENSIONS[self.card_size][1]

    def get_content_width(self, container: object, viewport: object) -> int:
        return SLOTS * (DIMENSIONS[self.card_size][0] + 1) - 1

    def render(self) -> Text:
        width, height = DIMENSIONS[self.card_size]
        styles: dict[str, Style] = {
            name: self.get_component_rich_style(f"card--{name}")
            for name in ("red", "black", "back", "frame")
        }
        plain = bool(getattr(self.app, "plain_output", False))
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
            lines = card_lines(card, big=self.card_size, ascii_suits=self.ascii_suits, plain=plain)
            face = styles["back"] if card is None else styles["red" if is_red(card) else "black"]
            for i, line in enumerate(lines):
                if i in (0, len(lines) - 1):
                    rows[i].append(line, styles["frame"])
                else:
                    rows[i].append(line[0], styles["frame"])
                    rows[i].append(line[1:-1], face)
                    rows[i].append(line[-1], styles["frame"])
        return Text("\n").join(rows)
