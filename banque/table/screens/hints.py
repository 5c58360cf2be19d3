"""The action panel's hints for the houses' own acts, shared by the hot-seat table
(:mod:`banque.table.screens.table`) and a joined seat (:mod:`banque.table.screens.joined`): the
same keys say the same words at both (and the seating's keys are one list)."""

from __future__ import annotations

from collections.abc import Callable

from textual.binding import Binding

from ...i18n import _
from .dialogs import NumberScreen


def seating_bindings(
    side: Callable[[str], str], order: Callable[[int], str], reset: str
) -> list[Binding]:
    """The banker's keys for arranging the seating (binding ids ``table.…`` at both
    tables): ↑↓ choose, ←→ a side (``side("left")`` is the action), ``[ ]`` the order
    from the banker out (``order(-1)``, ``order(1)``), ctrl+r back to the default."""
    return [
        Binding("up", "seat_cursor(-1)", _("Choose"), key_display="↑↓", id="table.cursor_up"),
        Binding("down", "seat_cursor(1)", _("Choose"), show=False, id="table.cursor_down"),
        Binding("left", side("left"), _("To left"), id="table.to_left"),
        Binding("right", side("right"), _("To right"), id="table.to_right"),
        Binding(
            "shift+up,left_square_bracket",
            order(-1),
            _("Order"),
            key_display="[ ]",
            id="table.order_up",
        ),
        Binding(
            "shift+down,right_square_bracket",
            order(1),
            _("Order"),
            show=False,
            id="table.order_down",
        ),
        Binding("ctrl+r", reset, _("Reset"), id="table.seat_reset"),
    ]


def seating_hint(
    extra_bettors: str, chosen: str | None, watching: bool, precedence: bool = False
) -> str:
    """The banker arranging the seating; ``w`` where the house has spectators (classic)
    or standing punters (hoyle): ``chosen`` watches or stands, or sits again. Under
    ``precedence`` (classic) the seats are not moved: those seated sit by precedence."""
    hint = (
        _("The seats go by precedence · ↑↓: choose · Enter: seat them")
        if precedence
        else _(
            "↑↓: choose · ←/→: move to the left/right side · [ ]: order from the "
            "banker out · Enter: seat them"
        )
    )
    if extra_bettors != "none" and chosen is not None:
        where = (
            _("{who} sits again")
            if watching
            else _("{who} watches")
            if extra_bettors == "spectators"
            else _("{who} stands")
        )
        hint += " · " + _("w: {what}").format(what=where.format(who=chosen))
    return hint


def dealing_hint(*, burn: int | None, accept: int | None, retire: bool, deal: bool = True) -> str:
    """The banker between coups: deal, burn (classic: up to ``burn`` cards), declare the
    stakes accepted (hoyle: putting up ``accept``), retire. Not ``deal``: hoyle's banker
    cannot hold the accepted stakes and may only give up the bank."""
    hints = [_("Enter: deal")] if deal else []
    if burn:
        hints.append(_("u: burn 1-{n} cards").format(n=burn))
    if accept is not None:
        hints.append(_("k: stakes accepted (puts up {n})").format(n=accept))
    if retire:
        hints.append(_("x: retire (ends the bank)"))
    return " · ".join(hints)


def replenish_hint(amount: int) -> str:
    """hoyle: a broken bank."""
    return _("Enter: replenish with {n} (the agreed minimum) · x: give up the bank").format(
        n=amount
    )


def offer_hint(who: str, size: int) -> str:
    """classic: the retired bank offered at its size."""
    return _("Enter or t: {who} takes the bank of {n} · p: pass").format(who=who, n=size)


def croupier_hint(banker: str, cut: str) -> str:
    """hoyle: the croupier shuffles; the banker chooses who cuts."""
    return _(
        "The croupier shuffles first, then the players at his right and left, "
        "{banker} last; cut by {cut}. c: {banker} chooses who cuts · Enter: "
        "shuffle and cut"
    ).format(banker=banker, cut=cut)


def burn_screen(banker: str, most: int) -> NumberScreen:
    """classic: how many cards the banker burns (a digit, 1 to ``most``)."""
    return NumberScreen(
        lambda: _("How many cards does {banker} burn?").format(banker=banker),
        lambda: _("They are shown to everyone, then thrown away."),
        most,
    )


def decision_hint(legal: tuple[str, ...], banker: bool) -> str:
    """The one human's decision on their own screen: the moves their cards allow."""
    if banker:
        return _("You hold the bank and choose: d draws, s stands · Enter: your view (advice)")
    if legal == ("draw",):
        return _("Your side holds 0–4: it must draw. Say carte: Enter (or d).")
    if legal == ("stand",):
        return _("Your side holds 6 or 7: it must stand. Say non: Enter (or s).")
    return _("Your side holds 5: you choose. d: carte (draw) · s: non (stand).")
