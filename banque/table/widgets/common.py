"""Words and marks shared by the table's widgets."""

from __future__ import annotations

from ...core.cards import SUIT_SYMBOL
from ...i18n import _
from ...session.board import HandBoard, SeatBoard

ASCII_TABLE = str.maketrans({v: k for k, v in SUIT_SYMBOL.items()})


def suits(text: str, ascii_suits: bool) -> str:
    """Engine texts name third cards with ♠♥♦♣: S H D C when asked."""
    return text.translate(ASCII_TABLE) if ascii_suits else text


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "±0")


def hand_status(hand: HandBoard, *, dealt: bool) -> str:
    """One line under a hand: its move, its total when known, its result."""
    if not hand.cards:
        return _("no cards yet") if not dealt else ""
    parts: list[str] = []
    move = {
        "draw": _("drew"),
        "stand": _("stood"),
        "natural": _("natural"),
    }.get(hand.move or "", "")
    if hand.move == "natural" and (hand.total is None or hand.total < 8):
        # The coup ended on another hand's natural: this one did not draw.
        move = _("no draw")
    if move:
        parts.append(move)
    if hand.total is not None:
        parts.append(_("total {n}").format(n=hand.total))
    elif any(c is None for c in hand.cards):
        parts.append(_("face down"))
    return " · ".join(parts)


def result_text(hand: HandBoard) -> str:
    """A side's result against the bank, from the side's point of view."""
    if hand.result is None:
        return ""
    return {"player": _("WINS"), "banker": _("LOSES"), "tie": _("TIES")}[hand.result]


def stake_text(seat: SeatBoard, *, ascii_suits: bool = False) -> str:
    """What a seat has at stake (or its answer this coup)."""
    if seat.payout is not None:
        return signed(seat.payout)
    if seat.status == "banco_call":
        return _("BANCO")
    if seat.stake:
        if seat.kind == "a_cheval":
            return ("<>" if ascii_suits else "⇄") + str(seat.stake)
        if seat.kind == "banco":
            return _("B") + str(seat.stake)
        if seat.stake_left if seat.side == "right" else seat.stake_right:
            # classic: a seat's bet on the other hand points to it
            if seat.stake_left:
                return ("<-" if ascii_suits else "←") + str(seat.stake)
            return ("->" if ascii_suits else "→") + str(seat.stake)
        return str(seat.stake)
    if seat.status == "passed":
        return _("pass")
    if seat.status == "to_speak":
        return "…" if not ascii_suits else "..."
    return ""
