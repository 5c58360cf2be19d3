"""Baccarat Banque's refusals: the words and rule of each act the rules do not allow.

The engine's ``verify_…`` checks state what is wrong as facts
(``raise refusals.banker_wagers(who=who)``); each function here
makes the :class:`IllegalAction` that says it: its message (a :class:`Msg`, told in
each player's language) and its rule code (``"turn"``, ``"cover"``…).  The words are
built only when an act is refused.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.errors import IllegalAction
from ...core.messages import N_, Msg, Names, Word, chips
from ...text import quoted


def participants_not_a_list() -> IllegalAction:
    return IllegalAction(Msg(N_("Participants must be a list of names.")), "participants")


def empty_name() -> IllegalAction:
    return IllegalAction(Msg(N_("Every participant needs a name (not empty).")), "participants")


def name_too_long(name: object, most: object) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_("The name {name} is too long: at most {most} characters."),
            name=quoted(name),
            most=most,
        ),
        "participants",
    )


def name_with_control_character(name: object) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_(
                "The name {name} holds a line break, tab or other control character: "
                "names are printed at the table, use letters, digits and spaces."
            ),
            name=quoted(name),
        ),
        "participants",
    )


def participant_count(least: object, most: object, n: object) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_("Baccarat Banque is played by {least} to {most} participants; {n} were given."),
            least=least,
            most=most,
            n=n,
        ),
        "participants",
    )


def duplicate_name(name: object) -> IllegalAction:
    return IllegalAction(
        Msg(N_("Two participants are called {name}: every name must be different."), name=name),
        "participants",
    )


def unknown_rules(name: object, profiles: object) -> IllegalAction:
    return IllegalAction(
        Msg(N_("Unknown rules {name}: the profiles are {profiles}."), name=name, profiles=profiles),
        "rules",
    )


def not_a_participant(who: object, names: Sequence[str]) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_("Nobody called {who} sits at this table (participants: {names})."),
            who=quoted(who),
            names=Names(names),
        ),
        "participant",
    )


def bank_on_offer(who: object) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_(
                "The retired bank is offered at the same size first: {who} takes it or "
                "passes; if nobody takes it, an auction opens."
            ),
            who=who,
        ),
        "offer",
    )


def bids_closed(banker: object, bank: object) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_(
                "{banker} holds bank {bank}: bids are taken only before a bank starts "
                "(after this one ends)."
            ),
            banker=banker,
            bank=bank,
        ),
        "auction",
    )


def bid_not_whole(amount: object) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_("A bid is a whole number of chips, at least 1 (not {amount})."),
            amount=quoted(amount),
        ),
        "bid",
    )


def no_auction_to_pass() -> IllegalAction:
    return IllegalAction(Msg(N_("There is no auction open to pass in.")), "auction")


def already_spoken(who: object) -> IllegalAction:
    return IllegalAction(Msg(N_("{who} has already spoken in this auction."), who=who), "auction")


def no_bid_yet(bank: object) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_(
                "Nobody has bid for bank {bank} yet: the auction needs at least one bid "
                "before play can go on."
            ),
            bank=bank,
        ),
        "auction",
    )


def seats_taken_after_auction() -> IllegalAction:
    return IllegalAction(
        Msg(N_("Seats are taken right after the auction, before the first wager of the bank.")),
        "seating",
    )


def no_spectators(rules: str) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_(
                "Under the {rules} rules everyone but the banker sits on a side: there "
                "are no spectators."
            ),
            rules=Word(rules),
        ),
        "seating",
    )


def too_many_seated(most: object, limit: object) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_(
                "At most {most} punters sit, {limit} a side; the others stand (list them "
                "as standing)."
            ),
            most=most,
            limit=limit,
        ),
        "seating",
    )


def banker_seated(banker: object) -> IllegalAction:
    return IllegalAction(
        Msg(N_("{banker} holds the bank and sits at its head, not on a side."), banker=banker),
        "seating",
    )


def seated_twice(names: Sequence[str]) -> IllegalAction:
    return IllegalAction(
        Msg(N_("{names} cannot sit in two places."), names=Names(names)), "seating"
    )


def empty_side() -> IllegalAction:
    return IllegalAction(
        Msg(N_("Each side needs at least one seat: the right and the left both play.")), "seating"
    )


def already_shuffled(bank: object) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_(
                "The shoe of bank {bank} is already shuffled and cut; it is not shuffled "
                "again until a fresh bank."
            ),
            bank=bank,
        ),
        "shuffle",
    )


def banker_wagers(who: object) -> IllegalAction:
    return IllegalAction(
        Msg(N_("{who} holds the bank; the banker never wagers."), who=who), "banker"
    )


def turn_already_had(who: object, did: str, what: str) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_(
                "{who} has already had a turn this coup ({did}): {what} go once round "
                "the table, anticlockwise from the banker's right."
            ),
            who=who,
            did=Word(did),
            what=Word(what),
        ),
        "turn",
    )


def wrong_side(who: object, own: str, side: str) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_("{who} sits on the {own} and backs the {own} hand (or à cheval), not the {side}."),
            who=who,
            own=Word(own),
            side=Word(side),
        ),
        "side",
    )


def side_not_named(who: object) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_(
                "{who} has no seat: a bet from outside the seats names its side (right "
                "or left) or is à cheval."
            ),
            who=who,
        ),
        "side",
    )


def bank_broken_before_wager(banker: object) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_("The bank is broken: {banker} replenishes it or gives it up before any wager."),
            banker=banker,
        ),
        "broken",
    )


def ride_not_possible(who: object, amount: object) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_(
                "{who} cannot let {amount} ride: a ride stakes again the last coup's "
                "winning (or tied) wager with its winnings, the same way."
            ),
            who=who,
            amount=amount,
        ),
        "ride",
    )


def banco_excludes_wagers(names: Sequence[str]) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_(
                "{names} called banco: banco excludes ordinary wagers this coup (you may "
                "call banco too, if you can cover the whole fund, or pass)."
            ),
            names=Names(names),
        ),
        "banco",
    )


def wager_not_whole(amount: object) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_("A wager is a whole number of chips, at least 1 (not {amount})."),
            amount=quoted(amount),
        ),
        "amount",
    )


def a_cheval_odd(amount: object, other: object) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_(
                "An à cheval wager is split equally between the two sides, so it must be "
                "even: {amount} is odd (try {other})."
            ),
            amount=amount,
            other=other,
        ),
        "a_cheval",
    )


def a_cheval_one_chip_left() -> IllegalAction:
    return IllegalAction(
        Msg(
            N_(
                "Only 1 chip of the fund is left to cover: an à cheval wager needs 2 "
                "(one on each side); an ordinary wager of 1 is still possible."
            )
        ),
        "cover",
    )


def bank_broken_replenish_first(banker: object) -> IllegalAction:
    return IllegalAction(
        Msg(N_("The bank is broken: {banker} replenishes it or gives it up first."), banker=banker),
        "broken",
    )


def banco_from_standing(who: object) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_(
                "{who} stands: banco is called from a seat (those standing stake only "
                "what the seated players leave uncovered)."
            ),
            who=who,
        ),
        "banco",
    )


def banco_after_wagers(names: Sequence[str]) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_("Banco is called before any ordinary wager of the coup; {names} already wagered."),
            names=Names(names),
        ),
        "banco",
    )


def banco_over_balance(fund: int, who: object, balance: int) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_("Banco covers the whole fund of {fund}; {who} has only {chips}."),
            fund=chips(fund),
            who=who,
            chips=chips(balance),
        ),
        "banco",
    )


def banco_not_divided(rules: str) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_(
                "Under the {rules} rules a banco covers the caller's own side: it is not "
                "divided between the hands."
            ),
            rules=Word(rules),
        ),
        "banco",
    )


def banco_division_missing(rule: object) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_(
                "This house requires a banco divided between the two hands ({rule}): say "
                "how much on the right and on the left."
            ),
            rule=rule,
        ),
        "banco",
    )


def banco_division_wrong(balance: int, fund: object, right: object, left: object) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_(
                "A banco stakes the whole fund of {chips}: right and left must be whole "
                "numbers adding up to {fund} (not {right} and {left})."
            ),
            chips=chips(balance),
            fund=fund,
            right=right,
            left=left,
        ),
        "banco",
    )


def banco_division_refused(
    banker: object, rule: object, right: object, left: object
) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_(
                "{banker} refuses this banco: the house requires {rule} (not {right} "
                "right and {left} left)."
            ),
            banker=banker,
            rule=rule,
            right=right,
            left=left,
        ),
        "banco",
    )


def bank_broken_before_deal(banker: object) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_(
                "The bank is broken: {banker} replenishes it (replenish) or gives it up "
                "(retire) before another coup."
            ),
            banker=banker,
        ),
        "broken",
    )


def not_a_hand(side: object) -> IllegalAction:
    return IllegalAction(
        Msg(N_("{side} is not a hand: say right, left or banker."), side=quoted(side)), "side"
    )


def side_settled(side: str, prompt: object) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_("The {side} side was settled by its natural: it does not draw. {prompt}"),
            side=Word(side),
            prompt=prompt,
        ),
        "natural",
    )


def not_sides_turn(side: str, prompt: object) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_(
                "It is not the {side}'s turn: the right side decides first, then the "
                "left, then the banker. {prompt}"
            ),
            side=Word(side),
            prompt=prompt,
        ),
        "turn",
    )


def no_burning(rules: str) -> IllegalAction:
    return IllegalAction(
        Msg(N_("Under the {rules} rules no cards are burnt."), rules=Word(rules)), "burn"
    )


def burn_count(most: object, count: object) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_("The banker burns from 1 to {most} cards (not {count})."),
            most=most,
            count=quoted(count),
        ),
        "burn",
    )


def no_accepting(rules: str) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_(
                "Under the {rules} rules the stakes never exceed the fund: there is "
                "nothing to accept."
            ),
            rules=Word(rules),
        ),
        "accept",
    )


def already_accepted(banker: object) -> IllegalAction:
    return IllegalAction(
        Msg(N_("The stakes are already accepted: {banker}'s bank is unlimited."), banker=banker),
        "accept",
    )


def nothing_to_accept(fund: int) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_("The fund of {fund} covers the stakes: there is nothing to accept."),
            fund=chips(fund),
        ),
        "accept",
    )


def accept_over_balance(banker: object, balance: int, more: int) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_("{banker} has {chips}: accepting the stakes needs {more} more in the bank."),
            banker=banker,
            chips=chips(balance),
            more=chips(more),
        ),
        "accept",
    )


def no_replenishing(rules: str) -> IllegalAction:
    return IllegalAction(
        Msg(N_("Under the {rules} rules a broken bank ends the bank."), rules=Word(rules)),
        "replenish",
    )


def bank_not_broken() -> IllegalAction:
    return IllegalAction(
        Msg(N_("Only a broken bank (fund 0) is replenished, between coups.")), "replenish"
    )


def replenish_amount(
    banker: object, most: object, minimum: object, amount: object
) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_(
                "{banker} replenishes the bank with 1 to {most} chips (the agreed "
                "minimum is {minimum}; not {amount})."
            ),
            banker=banker,
            most=most,
            minimum=minimum,
            amount=quoted(amount),
        ),
        "replenish",
    )


def no_offer() -> IllegalAction:
    return IllegalAction(Msg(N_("No bank is on offer: a bank is taken by bidding for it.")), "take")


def offered_to_another(size: int, who: object) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_("The bank of {size} is offered to {who} first (order of precedence)."),
            size=chips(size),
            who=who,
        ),
        "take",
    )


def retire_during_coup() -> IllegalAction:
    return IllegalAction(
        Msg(N_("The banker may retire only between coups, not while a coup is being played.")),
        "retire",
    )


def retire_before_coup(banker: object) -> IllegalAction:
    return IllegalAction(
        Msg(N_("{banker} may retire only after at least one coup of the bank."), banker=banker),
        "retire",
    )


def unknown_act(act: object) -> IllegalAction:
    return IllegalAction(Msg(N_("Unknown act {act}."), act=quoted(act)), "act")


# ------------------------------------------------------------ refusals told by case


def wrong_phase(
    phase: str,
    wanted: str,
    bank: int,
    coup: int,
    natural_coup: int | None = None,
    wagers_out: bool = False,
    prompt: Msg | None = None,
) -> IllegalAction:
    """An act that does not belong to this phase (``natural_coup``: the last coup, when it
    ended on a natural; ``prompt``: the turn's words, while the cards are out)."""
    if phase == "auction":
        msg = Msg(
            N_(
                "The auction for bank {bank} is still open: each participant "
                "bids for the bank or passes first."
            ),
            bank=bank,
        )
    elif phase == "ended":
        msg = Msg(
            N_("Bank {bank} has ended; a new bid opens a fresh bank (new auction, new shuffle)."),
            bank=bank,
        )
    elif phase == "betting":
        if wanted == "decision" and natural_coup is not None and not wagers_out:
            msg = Msg(
                N_(
                    "Coup {last} ended on a natural: nobody draws. "
                    "Coup {coup} is taking wagers; the banker deals next."
                ),
                last=natural_coup,
                coup=coup,
            )
        elif wanted == "decision":
            msg = Msg(
                N_("No cards are out: coup {coup} is taking wagers, then the banker deals."),
                coup=coup,
            )
        else:
            msg = Msg(N_("Coup {coup} is taking wagers."), coup=coup)
    else:
        msg = Msg(
            N_("The cards of coup {coup} are out: accepted wagers cannot change now. {prompt}"),
            coup=coup,
            prompt=prompt,
        )
    return IllegalAction(msg, "phase")


def already_offered(who: str, bid: int | None) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_("{who} has already bid {amount} in this auction: one offer each."),
            who=who,
            amount=chips(bid),
        )
        if bid is not None
        else Msg(N_("{who} has already passed in this auction: one offer each."), who=who),
        "auction",
    )


def bid_over_balance(who: str, balance: int) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_(
                "{who} has {chips}: a bid puts your own chips at risk, so it "
                "cannot exceed your balance (bid 1 to {most})."
            ),
            who=who,
            chips=chips(balance),
            most=balance,
        )
        if balance
        else Msg(N_("{who} has no chips left and cannot bid for the bank."), who=who),
        "bid",
    )


def unseated(names: Sequence[str], extra_bettors: str) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_("Everyone but the banker sits on a side: {names} has no seat."),
            names=Names(names),
        )
        if extra_bettors == "none"
        else Msg(
            N_("Everyone but the banker sits on a side or watches: {names} has no place."),
            names=Names(names),
        )
        if extra_bettors == "spectators"
        else Msg(
            N_("Everyone but the banker sits on a side or stands: {names} has no place."),
            names=Names(names),
        ),
        "seating",
    )


def wager_over_balance(who: str, balance: int) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_("{who} has {chips}: a wager cannot exceed your balance (at most {most})."),
            who=who,
            chips=chips(balance),
            most=balance,
        )
        if balance
        else Msg(
            N_("{who} has {chips}: a wager cannot exceed your balance."),
            who=who,
            chips=chips(balance),
        ),
        "balance",
    )


def bank_covered(staked: int, fund: int, unlimited: bool, banker: str | None) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_(
                "The bank is covered: stakes of {staked} already match the "
                "fund of {fund}, so no wager can be accepted."
            ),
            staked=chips(staked),
            fund=chips(fund),
        )
        if not unlimited
        else Msg(
            N_(
                "{banker} cannot hold more: the stakes already take the fund and "
                "every chip the banker has."
            ),
            banker=banker,
        ),
        "cover",
    )


def banco_run(who: str, limit: int) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_(
                "{who} has called banco {limit} times in a row: no player may banco more "
                "than twice consecutively."
            ),
            who=who,
            limit=limit,
        )
        if limit == 2
        else Msg(
            N_(
                "{who} has called banco {limit} times in a row: no player may banco more "
                "than {limit} times consecutively."
            ),
            who=who,
            limit=limit,
        ),
        "banco",
    )


def forced_move(side: str, total: int, draw: bool) -> IllegalAction:
    """A forced side's refusal to ``draw`` (or stand): it names the concealed total, so
    it is shown to its holder only."""
    if draw:
        msg = Msg(
            N_(
                "The {side} side holds {total}: at 6–7 a side must stand, so it cannot "
                "draw (only 5 is a choice)."
            ),
            side=Word(side),
            total=total,
        )
    else:
        msg = Msg(
            N_(
                "The {side} side holds {total}: at 0–4 a side must draw, so it cannot "
                "stand (only 5 is a choice)."
            ),
            side=Word(side),
            total=total,
        )
    return IllegalAction(msg, "forced")


def side_already_moved(side: str, drew: bool, prompt: Msg) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_("The {side} side has already drawn this coup. {prompt}"),
            side=Word(side),
            prompt=prompt,
        )
        if drew
        else Msg(
            N_("The {side} side has already stood this coup. {prompt}"),
            side=Word(side),
            prompt=prompt,
        ),
        "turn",
    )


def burn_done(burnt: bool) -> IllegalAction:
    return IllegalAction(
        Msg(N_("Cards are burnt once, before the first deal of a shoe: this shoe's burn is done."))
        if burnt
        else Msg(
            N_("Cards are burnt once, before the first deal of a shoe: this shoe is in play.")
        ),
        "burn",
    )


def seats_by_precedence(first: str, right: Sequence[str], left: Sequence[str]) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_(
                "The seats go by precedence: {first}, the highest, sits in the first seat at "
                "the banker's right, the next in the first seat at the left, and so on. "
                "Seated in that order: right {right}; left {left}."
            ),
            first=first,
            right=Names(right),
            left=Names(left),
        ),
        "seating",
    )


def first_on_list_speaks_first(who: object) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_(
                "At this table the first name on the list, {who}, speaks first: they hold "
                "the first bank with a fund of their choice, or pass it to the auction."
            ),
            who=who,
        ),
        "auction",
    )


def stakes_beyond_banker(banker: object, staked: int, have: int) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_(
                "The stakes are accepted: {banker} must hold all {staked}, but the fund and "
                "the banker's chips make only {have}. {banker} gives up the bank (retires)."
            ),
            banker=banker,
            staked=chips(staked),
            have=chips(have),
        ),
        "cover",
    )


def croupier_shufflers(neighbours: Sequence[str]) -> IllegalAction:
    return IllegalAction(
        Msg(
            N_(
                "The croupier hands the cards to the players at his right and left, "
                "{names}, and the banker shuffles last: nobody else shuffles."
            ),
            names=Names(neighbours),
        ),
        "shuffle",
    )
