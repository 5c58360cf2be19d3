"""Baccarat Banque's narration: what happened at the table, told in words.

The engine (:mod:`.game`) states only facts: ``self._tell(out, "banco.call",
who=who, suivi=suivi)``.  Here each fact's name finds its :class:`Telling`:
the event's ``kind`` and ``code``, which of the facts go on the wire as the
event's ``params`` (in that order), and the words (a :class:`Msg`, told in
each player's language).  Facts a telling does not list as ``params`` serve
its words only (a burnt card's face, a fund's new size...).

The engine tells only when someone keeps a log (``Game.keep_log``): a
simulation builds no words at all.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...core.messages import N_, Card, Cards, Clauses, Listed, Msg, Names, Nn_, Word, chips
from ...core.models import Mover

MOVERS: tuple[Mover, ...] = ("right", "left", "banker")
SIDES = ("right", "left")


@dataclass(frozen=True, slots=True)
class Telling:
    """How one kind of fact is told: its event's kind and code, its wire params, its words."""

    kind: str
    code: str
    params: tuple[str, ...]
    words: Callable[..., Msg]


def side_name(side: Mover) -> str:
    return {"right": "Right", "left": "Left", "banker": "Banker"}[side]


def naturals_shown(totals: Mapping[Mover, int]) -> Listed:
    """``right 8, banker 9``: the hands with a natural and their totals."""
    return Listed(Msg(N_("{side} {total}"), side=Word(m), total=t) for m, t in totals.items())


# ------------------------------------------------------------ the auction


def _fresh(bank: int, **_: Any) -> Msg:
    return Msg(N_("A fresh bank: the auction for bank {bank} opens."), bank=bank)


def _bid(who: str, amount: int, **_: Any) -> Msg:
    return Msg(N_("{who} bids {amount} for the bank."), who=who, amount=chips(amount))


def _pass(who: str, **_: Any) -> Msg:
    return Msg(N_("{who} passes."), who=who)


def _again(**_: Any) -> Msg:
    return Msg(N_("Nobody bid: the auction opens again."))


def _lot(leaders: Sequence[str], amount: int, banker: str, **_: Any) -> Msg:
    return Msg(
        N_("{names} bid {amount} each; the lot falls on {banker}."),
        names=Names(leaders),
        amount=chips(amount),
        banker=banker,
    )


def _banker(banker: str, bank: int, fund: int, **_: Any) -> Msg:
    return Msg(
        N_("{banker} holds bank {bank} with a fund of {fund}."),
        banker=banker,
        bank=bank,
        fund=chips(fund),
    )


# ------------------------------------------------------------ seats and the shoe


def _seat(
    right: Sequence[str],
    left: Sequence[str],
    spectators: Sequence[str],
    watching: bool,
    **_: Any,
) -> Msg:
    extra: Msg | str = ""
    if spectators:
        extra = Msg(
            N_("; watching: {names}") if watching else N_("; standing: {names}"),
            names=", ".join(spectators),
        )
    return Msg(
        N_("Seated: right {right}; left {left} (from the banker outward){extra}."),
        right=", ".join(right),
        left=", ".join(left),
        extra=extra,
    )


def _shuffle(shufflers: Sequence[str], cut: str, cards: int, croupier: bool, **_: Any) -> Msg:
    return Msg(
        N_(
            "Shuffled by the croupier, then {who} (the banker last); {cutter} cuts. "
            "{cards} cards in the shoe."
        )
        if croupier
        else N_("Shuffled by {who} (the banker last); {cutter} cuts. {cards} cards in the shoe."),
        who=", ".join(shufflers),
        cutter=cut,
        cards=cards,
    )


def _reshuffle(min_cards: int, cards: int, **_: Any) -> Msg:
    return Msg(
        N_(
            "Fewer than {min_cards} cards are left: all the cards are "
            "reshuffled ({cards} in the shoe) and the bank goes on."
        ),
        min_cards=min_cards,
        cards=cards,
    )


# ------------------------------------------------------------ stakes


def _wager(
    who: str, amount: int, asked: int, a_cheval: bool, hand: str, ride: bool, **_: Any
) -> Msg:
    reduced: Msg | str = (
        Msg(
            N_(" — reduced from {asked} to the {amount} of cover left"),
            asked=asked,
            amount=chips(amount),
        )
        if amount < asked
        else ""
    )
    if a_cheval:
        template = (
            N_("{who} lets it ride: {amount} à cheval (half on each side){reduced}.")
            if ride
            else N_("{who} wagers {amount} à cheval (half on each side){reduced}.")
        )
    else:
        template = (
            N_("{who} lets it ride: {amount} on the {side}{reduced}.")
            if ride
            else N_("{who} wagers {amount} on the {side}{reduced}.")
        )
    return Msg(template, who=who, amount=chips(amount), side=Word(hand), reduced=reduced)


def _banco_call(who: str, suivi: bool, **_: Any) -> Msg:
    return (
        Msg(N_("{who} calls banco (banco suivi: first priority)."), who=who)
        if suivi
        else Msg(N_("{who} calls banco."), who=who)
    )


def _hold(banker: str, amount: int, fund: int, **_: Any) -> Msg:
    return Msg(
        N_("{banker} holds every stake: puts up {amount} (fund {fund})."),
        banker=banker,
        amount=chips(amount),
        fund=fund,
    )


def _covered(takers: Sequence[Sequence[Any]], gave_way: Sequence[str], **_: Any) -> Msg:
    covers = [
        Msg(N_("{who} covers {amount} on the {side}"), who=w, amount=chips(a), side=Word(str(s)))
        for w, a, s in takers
    ]
    text = (
        covers[0]
        if len(covers) == 1
        else Msg(N_("{first} and {second}"), first=covers[0], second=covers[1])
    )
    extra: Msg | str = (
        Msg(N_(" ({names} gave way by priority)"), names=Names(gave_way)) if gave_way else ""
    )
    return Msg(N_("Banco: {text}{extra}."), text=text, extra=extra)


def _banco_both(caller: str, right: int, left: int, others: Sequence[str], **_: Any) -> Msg:
    extra: Msg | str = (
        Msg(N_(" ({names} gave way by precedence)"), names=Names(others)) if others else ""
    )
    return Msg(
        N_(
            "Banco: {caller} stakes the whole fund, {right} on the right and {left} "
            "on the left, and plays both hands{extra}."
        ),
        caller=caller,
        right=right,
        left=left,
        extra=extra,
    )


# ------------------------------------------------------------ the coup


def _deal(coup: int, banker: str, **_: Any) -> Msg:
    return Msg(
        N_("Coup {coup}: {banker} deals two cards each, face down (right, left, banker)."),
        coup=coup,
        banker=banker,
    )


def _natural(totals: Mapping[Mover, int], **_: Any) -> Msg:
    return Msg(
        N_("Natural ({shown}): all hands are shown; nobody draws."),
        shown=naturals_shown(totals),
    )


def _natural_side(side: str, cards: Sequence[str], total: int, **_: Any) -> Msg:
    return Msg(
        N_(
            "Natural on the {side}: {cards} = {total} wins at once; "
            "the {other} side and the banker play on."
        ),
        side=Word(side),
        cards=Cards(cards),
        total=total,
        other=Word("left" if side == "right" else "right"),
    )


def _stand(side: Mover, who: str, **_: Any) -> Msg:
    return Msg(N_("{Side} ({who}) stands."), Side=Word(side_name(side)), who=who)


def _stand_said(side: Mover, who: str, **_: Any) -> Msg:
    return Msg(N_("The {side} side ({who}) says non: stands."), side=Word(side), who=who)


def _draw(side: Mover, who: str, card: str, **_: Any) -> Msg:
    return Msg(
        N_("{Side} ({who}) draws: {card} face up."),
        Side=Word(side_name(side)),
        who=who,
        card=Card(card),
    )


def _draw_said(side: Mover, who: str, card: str, **_: Any) -> Msg:
    return Msg(
        N_("The {side} side ({who}) says carte: draws {card} face up."),
        side=Word(side),
        who=who,
        card=Card(card),
    )


def _reveal(hands: Mapping[Mover, Sequence[str]], totals: Mapping[Mover, int], **_: Any) -> Msg:
    shown = Clauses(
        Msg(N_("{side} {cards} = {total}"), side=Word(m), cards=Cards(hands[m]), total=totals[m])
        for m in MOVERS
    )
    return Msg(N_("Hands shown: {shown}."), shown=shown)


def _settle(
    coup: int,
    results: Mapping[str, str],
    fund_before: int,
    fund: int,
    unpaid: Mapping[str, int],
    **_: Any,
) -> Msg:
    verdict = {
        "player": N_("{side} wins"),
        "banker": N_("{side} loses"),
        "tie": N_("{side} ties"),
    }
    parts: list[Msg] = [Msg(verdict[results[side]], side=Word(side)) for side in SIDES]
    if unpaid:
        parts.append(
            Msg(
                N_("the fund is exhausted: {unpaid}"),
                unpaid=Listed(
                    Msg(N_("{who} unpaid {amount} (stake returned)"), who=w, amount=chips(n))
                    for w, n in unpaid.items()
                ),
            )
        )
    moved = fund - fund_before
    change = (
        Msg(N_("the fund rises by {n} to {fund}"), n=moved, fund=fund)
        if moved > 0
        else Msg(N_("the fund falls by {n} to {fund}"), n=-moved, fund=fund)
        if moved < 0
        else Msg(N_("the fund stays at {fund}"), fund=fund)
    )
    return Msg(
        N_("Coup {coup} settled: {parts}; {change}."),
        coup=coup,
        parts=Listed(parts),
        change=change,
    )


# ------------------------------------------------------------ the bank's life


def _broken(banker: str, minimum: int, **_: Any) -> Msg:
    return Msg(
        N_(
            "The bank is broken: {banker} may replenish it (up to "
            "{minimum}, the agreed minimum) or give it up."
        ),
        banker=banker,
        minimum=chips(minimum),
    )


def _burn(banker: str, count: int, cards: Sequence[str], **_: Any) -> Msg:
    return Msg.plural(
        Nn_(
            "{banker} burns {n} card, shown to all: {cards}.",
            "{banker} burns {n} cards, shown to all: {cards}.",
        ),
        count,
        banker=banker,
        cards=Cards(cards),
    )


def _accept(banker: str, amount: int, fund: int, **_: Any) -> Msg:
    return Msg(
        N_(
            "{banker} declares the stakes accepted and puts up {amount} "
            "(fund {fund}): the bank is unlimited from now on."
        ),
        banker=banker,
        amount=chips(amount),
        fund=fund,
    )


def _replenish(banker: str, amount: int, **_: Any) -> Msg:
    return Msg(
        N_("{banker} replenishes the broken bank with {amount}."),
        banker=banker,
        amount=chips(amount),
    )


def _take(who: str, bank: int, fund: int, **_: Any) -> Msg:
    return Msg(
        N_("{who} takes the bank at the same size: bank {bank}, fund {fund}."),
        who=who,
        bank=bank,
        fund=chips(fund),
    )


def _decline(who: str, next: str, **_: Any) -> Msg:
    return (
        Msg(N_("{who} declines the bank; it is offered to {next}."), who=who, next=next)
        if next
        else Msg(N_("{who} declines the bank; a fresh auction opens."), who=who)
    )


def _returned(**_: Any) -> Msg:
    return Msg(N_("Stakes already placed for the next coup are returned."))


def _offer(size: int, who: str, **_: Any) -> Msg:
    return Msg(
        N_(
            "The bank of {size} is offered to each player in order of "
            "precedence: first {who} (take it, or pass)."
        ),
        size=chips(size),
        who=who,
    )


def _end(
    bank: int,
    reason: str,
    banker: str,
    returned: int,
    winners: Sequence[str],
    best: int,
    least: int,
    gain: int,
    **_: Any,
) -> Msg:
    why = {
        "retired": Msg(N_("{banker} retires"), banker=banker),
        "bankrupt": Msg(N_("the bank is broken (fund 0)")),
        "shoe": Msg(N_("fewer than {least} cards are left in the shoe"), least=least),
    }[reason]
    return Msg(
        N_("Bank {bank} ends: {why}. {returned} return to {banker}. {winners}"),
        bank=bank,
        why=why,
        returned=chips(returned),
        banker=banker,
        winners=Msg.plural(
            Nn_(
                "Winner: {names} with {best} ({gain:+d} on the 100 each started with).",
                "Winners: {names} with {best} ({gain:+d} on the 100 each started with).",
            ),
            len(winners),
            names=Names(winners),
            best=best,
            gain=gain,
        ),
    )


#: Each fact the engine states -> how it is told.
TELLINGS: dict[str, Telling] = {
    "auction.fresh": Telling("auction", "auction.fresh", ("bank",), _fresh),
    "bid": Telling("bid", "bid", ("who", "amount"), _bid),
    "pass": Telling("pass", "pass", ("who",), _pass),
    "auction.again": Telling("auction", "auction.again", (), _again),
    "lot": Telling("lot", "lot", ("leaders", "amount", "banker"), _lot),
    "banker": Telling("banker", "banker", ("banker", "bank", "fund"), _banker),
    "seat": Telling("seat", "seat", ("right", "left"), _seat),
    "shuffle": Telling("shuffle", "shuffle", ("shufflers", "cut", "cards", "croupier"), _shuffle),
    "reshuffle": Telling("reshuffle", "reshuffle", ("min_cards", "cards"), _reshuffle),
    "wager": Telling("wager", "wager", ("who", "amount", "asked", "side", "a_cheval"), _wager),
    "wager.ride": Telling(
        "wager", "wager.ride", ("who", "amount", "asked", "side", "a_cheval"), _wager
    ),
    "banco.call": Telling("banco", "banco.call", ("who", "suivi"), _banco_call),
    "hold": Telling("hold", "hold", (), _hold),
    "deal": Telling("deal", "deal", ("coup", "banker"), _deal),
    # every hand shown at once (the totals on the wire)...
    "natural": Telling("natural", "natural", ("totals",), _natural),
    # ... or after a side's natural was settled (the words only)
    "natural.shown": Telling("natural", "natural", (), _natural),
    "natural.side": Telling("natural", "natural", (), _natural_side),
    "banco.covered": Telling("banco", "banco.covered", ("takers", "gave_way"), _covered),
    "banco.both": Telling("banco", "banco", (), _banco_both),
    "stand": Telling("stand", "stand", ("side", "who"), _stand),
    "stand.said": Telling("stand", "stand.said", ("side", "who"), _stand_said),
    "draw": Telling("draw", "draw", ("side", "who", "card"), _draw),
    "draw.said": Telling("draw", "draw.said", ("side", "who", "card"), _draw_said),
    "reveal": Telling("reveal", "reveal", ("hands", "totals"), _reveal),
    "settle": Telling("settle", "settle", ("coup", "results", "fund_before", "fund"), _settle),
    "broken": Telling("broken", "broken", (), _broken),
    "burn": Telling("burn", "burn", (), _burn),
    "accept": Telling("accept", "accept", (), _accept),
    "replenish": Telling("replenish", "replenish", (), _replenish),
    "take": Telling("banker", "banker", (), _take),
    "decline": Telling("pass", "pass", (), _decline),
    "return": Telling("return", "return", (), _returned),
    "offer": Telling("offer", "offer", (), _offer),
    "end": Telling("end", "end", ("bank", "reason", "banker", "returned", "winners", "best"), _end),
}
