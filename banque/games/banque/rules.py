"""The houses' rules: one small definition per profile, over the one engine.

A profile is a table of parameters (:class:`HouseRules`) read by
:class:`banque.games.banque.game.Game` at the few points where the game truly branches:
who sits where, whether the banker may burn cards, how far the bank is
liable, how banco is played, which hands a natural settles, what happens
when the shoe runs low, who may take the bank after a retirement, and what
a broken bank means.  Everything else (the deal, the sides' drawing rule,
the settlement of each side against the banker, the records) is the same
game for every house.

``home`` is the rules card's profile (after Pagat's account); ``classic`` is
the Pocket Book of Games (1944); ``hoyle`` the older account with a
croupier.  Where a text is silent its profile keeps the home rule.

>>> PROFILES["classic"].naturals, PROFILES["home"].naturals
('per-side', 'all')
>>> [name for name, _, _ in differences("classic")][:3]
['seating', 'max_burn', 'liability']
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, fields
from typing import Literal

from ...constants import RULES_NAMES
from ...core.messages import Msg, Translator, tell
from ...core.naturals import NaturalRule
from ...i18n import N_

__all__ = [
    "PROFILES",
    "PROFILE_NAMES",
    "HouseRules",
    "describe",
    "differences",
    "format_profile",
    "house_rules",
]

PROFILE_NAMES: tuple[str, ...] = RULES_NAMES


@dataclass(frozen=True, slots=True)
class HouseRules:
    """One house's rules: the parameters where the houses differ.

    Each field has a ``help`` line in :data:`_SAYS` (what a player reads in
    ``banque rules``).
    """

    name: str
    title: str
    source: str
    #: ``listed``: the others alternate right, left in the listed order;
    #: ``precedence``: the other bidders first (highest bid first), then the rest as listed.
    seating: Literal["listed", "precedence"] = "listed"
    #: Most cards the banker may burn (shown to all) before a shoe's first deal (0: none).
    max_burn: int = 0
    #: ``cover``: stakes beyond the fund are refused (or reduced to the cover left);
    #: ``in-order``: stakes beyond it are taken, and a losing bank pays in order while it lasts.
    liability: Literal["cover", "in-order"] = "cover"
    #: The order of payment under ``in-order``: ``seats`` (first right, first left, second
    #: right…, then the spectators) or ``rotation`` (the betting order, then those standing).
    pay_order: Literal["seats", "rotation"] = "seats"
    #: Participants beyond the seats: ``none``; ``spectators`` (bet on any side, paid last);
    #: ``standing`` (may stake only while the seated players leave the bank uncovered).
    extra_bettors: Literal["none", "spectators", "standing"] = "none"
    #: Most seats a side (``None``: no limit but the participants).
    max_side: int | None = None
    #: ``halves``: two callers on opposite sides each cover half, the caller decides for
    #: their own side; ``both-hands``: one caller (precedence) stakes the whole fund and
    #: plays both hands, dividing the stake between the sides.
    banco: Literal["halves", "both-hands"] = "halves"
    #: Among several banco callers: ``suivi`` (a caller whose banco lost last coup first,
    #: then the table order) or ``precedence`` (the order of precedence alone).
    banco_priority: Literal["suivi", "precedence"] = "suivi"
    #: A seated player's bet: on their ``own`` side (or à cheval), or on ``either`` hand.
    seat_bets: Literal["own", "either"] = "own"
    #: Most bancos in a row by one player (``None``: no limit).
    max_bancos_in_row: int | None = None
    #: Which hands a natural settles at once (:mod:`banque.core.naturals`).
    naturals: NaturalRule = "all"
    #: Fewer cards than this before a coup: ``end`` the bank, or ``reshuffle`` and go on.
    low_shoe: Literal["end", "reshuffle"] = "end"
    min_cards: int = 9
    #: On retiring: ``auction`` (a fresh auction) or ``offer`` (the bank at the same size to
    #: each player in precedence, then an auction).
    after_retire: Literal["auction", "offer"] = "auction"
    #: A croupier (the table) shuffles first, the players at his right and left next.
    croupier: bool = False
    #: The banker may declare "stakes accepted" (the bank becomes unlimited).
    stakes_accepted: bool = False
    #: A broken bank (fund 0): ``ends`` it, or the banker may ``replenish`` up to the
    #: bank's first fund (the agreed minimum) from their own chips.
    broken_bank: Literal["ends", "replenish"] = "ends"
    #: The first bank may be held by the first name on the list (a table option).
    first_bank_option: bool = False

    def bank_gain(self, fund: int, stakes: tuple[int, int], results: tuple[int, int]) -> int:
        """The chips the banker's fund gains (or, negative, loses) when a coup is settled.

        ``stakes`` are the banker's exposures on the right and left sides, ``results``
        the banker's result against each (+1 won, -1 lost, 0 a tie); ``fund`` is the
        fund as the coup is settled.  The bank takes the stakes it won, then pays the
        winners in order as far as the fund goes (``in-order``), so whatever the order
        (seats or rotation) it loses at most the fund; under ``cover`` the stakes never
        exceed the fund and it always pays in full.

        >>> PROFILES["classic"].bank_gain(10, (13, 9), (-1, -1))
        -10
        >>> PROFILES["home"].bank_gain(10, (5, 5), (-1, 1))
        0
        """
        net = stakes[0] * results[0] + stakes[1] * results[1]
        if self.liability == "in-order":
            return max(net, -max(fund, 0))
        return net


HOME = HouseRules(
    name="home",
    title=N_("Home (the rules card)"),
    source=N_("the rules card: Pagat's account of Baccarat Banque, as one home's profile"),
)

CLASSIC = HouseRules(
    name="classic",
    title=N_("Classic (Pocket Book of Games, 1944)"),
    source=N_("The Pocket Book of Games, 1944"),
    seating="precedence",
    max_burn=6,
    liability="in-order",
    pay_order="seats",
    extra_bettors="spectators",
    banco="both-hands",
    banco_priority="precedence",
    seat_bets="either",
    max_bancos_in_row=2,
    naturals="per-side",
    low_shoe="reshuffle",
    min_cards=10,
    after_retire="offer",
)

HOYLE = HouseRules(
    name="hoyle",
    title=N_("Hoyle-era (with a croupier)"),
    source=N_("an older account, in the manner of the Hoyle-era games books (with a croupier)"),
    liability="in-order",
    pay_order="rotation",
    extra_bettors="standing",
    max_side=5,
    croupier=True,
    stakes_accepted=True,
    broken_bank="replenish",
    first_bank_option=True,
)

PROFILES: dict[str, HouseRules] = {r.name: r for r in (HOME, CLASSIC, HOYLE)}


def house_rules(name: str) -> HouseRules:
    """The profile called ``name``; a clear ``ValueError`` for any other name."""
    try:
        return PROFILES[name]
    except KeyError:
        raise ValueError(
            Msg(
                N_("unknown rules {name}: the profiles are {profiles}"),
                name=repr(name),
                profiles=", ".join(PROFILE_NAMES),
            )
        ) from None


#: What each parameter means to a player, value by value.
_SAYS: dict[str, dict[object, str]] = {
    "seating": {
        "listed": N_("the others sit first right, first left, second right… in the listed order"),
        "precedence": N_(
            "seating by precedence: the other bidders (highest bid first), then the "
            "rest as listed, sit first right, first left, second right, second left…"
        ),
    },
    "max_burn": {
        0: N_("no cards are burnt"),
        6: N_("before a shoe's first deal the banker may burn 1 to 6 cards, shown to everyone"),
    },
    "liability": {
        "cover": N_(
            "stakes together cannot exceed the fund: a wager beyond it is reduced to the "
            "cover left; the bank can always pay"
        ),
        "in-order": N_(
            "stakes beyond the fund are accepted, but the banker is liable only up to "
            "the fund: a losing bank pays in order as far as it goes; a bet beyond that gets its "
            "stake back and nothing more"
        ),
    },
    "pay_order": {
        "seats": N_(
            "a losing bank pays first seat right, first seat left, second right… then the "
            "spectators"
        ),
        "rotation": N_("the croupier pays in rotation (the betting order), then those standing"),
    },
    "extra_bettors": {
        "none": N_("only the seated players bet"),
        "spectators": N_(
            "spectators (participants named as such in the seating) bet too, on the "
            "side they choose, and are paid last"
        ),
        "standing": N_(
            "punters beyond the seats stand and may stake, on the side they choose, "
            "only while the seated players leave the bank uncovered"
        ),
    },
    "max_side": {
        None: N_("any number of seats a side"),
        5: N_("at most ten seated punters, five a side"),
    },
    "banco": {
        "halves": N_(
            "banco: two callers on opposite sides each cover half; each decides for their own side"
        ),
        "both-hands": N_(
            "banco: one caller (precedence decides) stakes the whole fund and plays "
            "both hands, dividing the stake between the sides (the house may require an even "
            "division or a minimum a side)"
        ),
    },
    "banco_priority": {
        "suivi": N_(
            "among several banco callers, one whose banco lost the last coup (banco suivi) "
            "comes first, then the table order"
        ),
        "precedence": N_("among several banco callers, the order of precedence decides"),
    },
    "seat_bets": {
        "own": N_("a seated player bets on their own side's hand (or à cheval)"),
        "either": N_("a seated player may bet on either hand (or à cheval), like the spectators"),
    },
    "max_bancos_in_row": {
        None: N_("no limit to bancos in a row"),
        2: N_("no player may banco more than twice in a row"),
    },
    "naturals": {
        "all": N_("a natural in any hand shows all three hands: nobody draws"),
        "per-side": N_(
            "a natural settles only the hands involved (9 beats 8, equal naturals "
            "stand off); a side facing no natural, and a banker without one, play on"
        ),
    },
    "low_shoe": {
        "end": N_("the bank ends when fewer than 9 cards are left before a coup"),
        "reshuffle": N_(
            "with fewer than 10 cards left before a coup all the cards are reshuffled "
            "and the bank goes on"
        ),
    },
    "after_retire": {
        "auction": N_("after a bank, a fresh auction"),
        "offer": N_(
            "a retiring banker's bank is offered at the same size to each player in "
            "precedence; if nobody takes it, a fresh auction"
        ),
    },
    "croupier": {
        False: N_("others may shuffle, the banker last, and the banker's choice cuts"),
        True: N_(
            "the croupier (the table) shuffles first, then the players at his right and left, "
            "the banker last; the banker chooses who cuts"
        ),
    },
    "stakes_accepted": {
        False: N_("no 'stakes accepted'"),
        True: N_(
            "the banker may declare the stakes accepted, putting up the chips to meet them: "
            "the bank is then unlimited, and the banker holds every stake on later coups or gives "
            "up the bank"
        ),
    },
    "broken_bank": {
        "ends": N_("a broken bank (fund 0) ends the bank"),
        "replenish": N_(
            "a broken bank does not end the banker's turn: the banker may replenish "
            "it up to the agreed minimum (the bank's first fund) from their own chips"
        ),
    },
    "first_bank_option": {
        False: N_("the first bank by auction"),
        True: N_(
            "the first bank by auction or, as a table option, the first name on the list may "
            "hold it with a fund of their choice, or pass it to the auction"
        ),
    },
}

_SKIP = ("name", "title", "source", "min_cards")
_HOME_PAYS = N_("the bank always pays in full: the stakes never exceed the fund")

#: Each parameter's name for a player.
LABELS: dict[str, str] = {
    "seating": N_("Seating"),
    "max_burn": N_("Burning"),
    "liability": N_("Stakes beyond the fund"),
    "pay_order": N_("Payment"),
    "extra_bettors": N_("Others who bet"),
    "max_side": N_("Seats"),
    "banco": N_("Banco"),
    "banco_priority": N_("Banco priority"),
    "seat_bets": N_("A seat's bet"),
    "max_bancos_in_row": N_("Bancos in a row"),
    "naturals": N_("Naturals"),
    "low_shoe": N_("Few cards left"),
    "after_retire": N_("After a retirement"),
    "croupier": N_("Shuffle"),
    "stakes_accepted": N_("Stakes accepted"),
    "broken_bank": N_("A broken bank"),
    "first_bank_option": N_("The first bank"),
}


def _say(rules: HouseRules, field: str) -> str:
    return _SAYS[field].get(getattr(rules, field), f"{field} = {getattr(rules, field)!r}")


def _applies(rules: HouseRules, field: str) -> bool:
    """A parameter that means something under these rules (payment order needs liability)."""
    return field not in _SKIP and (field != "pay_order" or rules.liability == "in-order")


def describe(name: str) -> list[tuple[str, str]]:
    """Every rule of a profile that may differ between houses, as (parameter, words).

    The words are English message ids (marked ``N_``): ``tell(words)`` says them in
    the player's language where they are shown.
    """
    rules = house_rules(name)
    return [(f.name, _say(rules, f.name)) for f in fields(HouseRules) if _applies(rules, f.name)]


def differences(name: str) -> list[tuple[str, str, str]]:
    """Where ``name`` differs from home: (parameter, home's words, the profile's words),
    message ids as :func:`describe` gives them."""
    rules, home = house_rules(name), PROFILES["home"]
    return [
        (
            f.name,
            _HOME_PAYS if f.name == "pay_order" else _say(home, f.name),
            _say(rules, f.name),
        )
        for f in fields(HouseRules)
        if _applies(rules, f.name)
        and (getattr(rules, f.name) != getattr(home, f.name) or f.name == "pay_order")
    ]


#: What every profile shares (the game itself), said once under each profile.
_COMMON = N_(
    "Three packs (156 cards); the banker deals right, left, self, twice, face down. "
    "A side draws at 0-4, stands at 6-7 and chooses at 5; the banker chooses freely. "
    "Each side is settled against the banker alone: even money, ties stand off. "
    "Where the book is silent the home rule is kept (see the README for each reading)."
)


def format_profile(name: str, width: int = 100, translator: Translator | None = None) -> str:
    """A profile's rules as text; for classic and hoyle, the differences from home side by
    side (home on the left, the profile on the right).

    Told in the player's language (``translator``: the app's, by default); the
    profiles' names (``home``, ``classic``) are the names typed, they stay.
    """
    rules = house_rules(name)

    def say(words: str) -> str:
        return tell(words, translator)

    out = [
        say(N_("{title} -- rules '{name}'")).format(title=say(rules.title), name=rules.name),
        say(N_("Source: {source}")).format(source=say(rules.source)),
        "",
    ]
    out += textwrap.wrap(say(_COMMON), width)
    out.append("")
    if rules.name == "home":
        for _field, words in describe(name):
            out += textwrap.wrap(say(words), width, initial_indent="- ", subsequent_indent="  ")
        return "\n".join(out)
    diffs = differences(name)
    col = max(20, (width - 3) // 2)
    out.append(f"{'home':<{col}} | {rules.name}")
    out.append("-" * col + "-+-" + "-" * col)
    for field, home, here in diffs:
        out.append(say(N_("{label}:")).format(label=say(LABELS[field])))
        left = textwrap.wrap(say(home), col) or [""]
        right = textwrap.wrap(say(here), col) or [""]
        for i in range(max(len(left), len(right))):
            a = left[i] if i < len(left) else ""
            b = right[i] if i < len(right) else ""
            out.append(f"{a:<{col}} | {b}".rstrip())
        out.append("")
    same = [words for f, words in describe(name) if f not in {d[0] for d in diffs}]
    if same:
        out.append(say(N_("As at home:")))
        for words in same:
            out += textwrap.wrap(say(words), width, initial_indent="- ", subsequent_indent="  ")
    return "\n".join(out)
