"""The road: each past coup of the bank, per side, as W (side won), L, T."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.widgets import Static

from ...core.models import Result
from ...i18n import N_, _, ngettext, pgettext
from ...session.board import Board
from .drawn import Remembers, text_key

MARK: dict[Result, str] = {"player": N_("W"), "banker": N_("L"), "tie": N_("T")}
#: A road this wide (a large terminal's) also counts each side's results.
TALLY_WIDTH = 40


class Scoreboard(Remembers, Static):
    """Past coups per side, the latest on the right (a casino road); set again only when
    its text changed (:class:`~banque.table.widgets.drawn.Remembers`)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"road--win", "road--loss", "road--tie"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id, classes="scoreboard")
        self.border_title = _("Road")
        self._board: Board | None = None

    def on_resize(self) -> None:
        # As long a road as the new width holds.
        if self._board is not None:
            self.show(self._board)

    def show(self, board: Board) -> None:
        self._board = board
        width = max(4, self.content_size.width - 7) if self.content_size.width else 16
        styles = {
            "player": self.get_component_rich_style("road--win"),
            "banker": self.get_component_rich_style("road--loss"),
            "tie": self.get_component_rich_style("road--tie"),
        }
        text = Text(no_wrap=True, overflow="crop")
        # the road's row labels: five letters at most
        labels = {"left": pgettext("road row", "Left"), "right": pgettext("road row", "Right")}
        count = len(board.road["right"])
        # More coups than fit: "…" marks the cut, and the count says how many show.
        cut = count > width
        shown = width - 1 if cut else width
        for i, side in enumerate(("left", "right")):
            if i:
                text.append("\n")
            text.append(f"{labels[side][:5]:<6}")
            results = board.road[side][-shown:]  # type: ignore[index]
            if not results:
                text.append("·", "dim")
            if cut:
                text.append("…", "dim")
            for res in results:
                text.append(_(MARK[res]), styles[res])
        naturals = sum(board.naturals)
        text.append("\n")
        text.append(
            ngettext("{n} coup", "{n} coups", count).format(n=count)
            + ", "
            + ngettext("{k} natural", "{k} naturals", naturals).format(k=naturals)
            if count
            else _("no coup yet"),
            "dim",
        )
        if cut:
            text.append("\n")
            text.append(_("… the last {k} shown").format(k=shown), "dim")
        if count and self.content_size.width >= TALLY_WIDTH:
            # A wide road (a large terminal) also counts each side's results.
            for side in ("left", "right"):
                results = board.road[side]  # type: ignore[index]
                text.append("\n")
                text.append(f"{labels[side][:5]:<6}", "dim")
                text.append(
                    " · ".join(
                        f"{_(MARK[res])} {results.count(res)}"
                        for res in ("player", "banker", "tie")
                    ),
                    "dim",
                )
        if self.redraws("road", text_key(text)):
            self.update(text)
