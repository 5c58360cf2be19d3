"""The standings of a two-hand game at its end (chemin de fer, punto banco).

Only text (Rich): each table shows it in place of the coup when its game
has ended, by the ``e`` key or by itself (chemin de fer: fewer than two
players with chips, or nobody takes the bank).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from ...i18n import _
from ...text import plain

__all__ = ["standings_text"]


def standings_text(
    head: str,
    why: str | None,
    rows: Sequence[Any],
    notes: Sequence[str] = (),
    *,
    kept: str | None = None,
) -> Text:
    """``head`` (the game over, after how many coups), ``why`` it ended, each seat's
    chips and gain or loss on the 100 it started with, then ``notes``; last, that the
    journal keeps the game, or ``kept``: what is said when it does not."""
    text = Text()
    text.append(head, style="bold")
    if why:
        text.append(f"\n{why}", style="italic")
    text.append("\n\n")
    player, chips, gain, even = _("Player"), _("chips"), _("gain/loss"), _("even")
    width = max([len(plain(r.name, 20)) for r in rows] + [6, len(player)])
    cw = max(6, len(chips))
    gw = max(9, len(gain), len(even))
    text.append(f"  {player:<{width}}  {chips:>{cw}}  {gain:>{gw}}\n", style="dim")
    for r in rows:
        style = "bold green" if r.gain > 0 else ("bold red" if r.gain < 0 else "")
        text.append(f"  {plain(r.name, 20):<{width}}  {r.chips:>{cw}}  ")
        text.append(f"{r.gain:>+{gw}d}\n" if r.gain else f"{even:>{gw}}\n", style=style)
    for note in notes:
        text.append(f"\n{note}")
    if kept is not None:  # the journal could not be written: never said to keep it
        text.append("\n\n" + kept, style="bold red")
        return text
    text.append(
        "\n\n" + _("The journal keeps the finished game (banque games lists it). q leaves."),
        style="dim",
    )
    return text
