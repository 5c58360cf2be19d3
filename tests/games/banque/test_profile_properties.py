"""Property tests per rule profile: random legal play through whole banks.

Under ``home``, ``classic`` and ``hoyle`` a random player drives the game
through its own ``turn()`` (the profiles' own acts included: burns, divided
bancos, spectators' wagers, the offered bank, stakes accepted, replenishing),
and after every act: chips are conserved, no balance or fund is negative,
and no view shows a concealed card to anyone but its holder (a side settled
by its natural is shown to all).  At the end the record replays to the
identical state.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from banque.core.cards import hand_total
from banque.core.models import TableOptions
from banque.core.record import dump_record, parse_record
from banque.games.banque.game import MOVERS, Game
from banque.games.records import record_of, replay

NAMES = ["Ana", "Bruno", "Chloé", "Dario", "Emma", "Félix", "Gaby"]
SETTINGS = settings(
    max_examples=30,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)


def step(g: Game, rnd: random.Random) -> None:
    """One legal act, chosen from what ``turn()`` offers under the game's rules."""
    t = g.turn()
    p = g.phase
    acts = t.acts
    if p == "auction":
        who = t.actors[0] if acts == ["bid"] else rnd.choice(t.actors)
        bal = g.balances[who]
        if bal and (acts == ["bid"] or rnd.random() < 0.4):
            g.bid(who, rnd.randint(1, min(bal, rnd.choice([30, 100]))))
        else:
            g.pass_bid(who)
        return
    if p == "ended":
        who = t.actors[0] if "take" in acts else rnd.choice(t.actors)
        if "take" in acts:
            g.take(who) if rnd.random() < 0.5 else g.pass_(who)
        else:
            g.bid(who, rnd.randint(1, min(g.balances[who], 30)))
        return
    if p in ("right", "left", "banker"):
        legal = g.side_acts(p) if p != "banker" and g.forced_moves == "announced" else None
        move = rnd.choice(list(legal) if legal else ["draw", "stand"])
        getattr(g, move)(p)
        return
    # betting
    if "replenish" in acts:
        if rnd.random() < 0.7:
            g.replenish(rnd.randint(1, min(g.bank_bid, g.balances[g.banker or ""])))
        else:
            g.retire()
        return
    if g.seating_open and not g.coups and g.house.extra_bettors != "none" and rnd.random() < 0.5:
        others = [x for x in g.participants if x != g.banker]
        if len(others) >= 3:
            rnd.shuffle(others)
            watch = others[-rnd.randint(1, len(others) - 2) :]
            seated = others[: len(others) - len(watch)]
            if g.house.seating == "precedence":  # classic: the seated by precedence
                g.seat(*g.precedence_seats(seated), watch)
            else:
                g.seat(seated[0::2], seated[1::2], watch)
            return
    if "burn" in acts and rnd.random() < 0.3:
        g.burn(rnd.randint(1, g.house.max_burn))
        return
    if "accept" in acts and rnd.random() < 0.5:
        g.accept()
        return
    if g.coups and rnd.random() < 0.03:
        g.retire()
        return
    if t.max_stake is None or rnd.random() < 0.1:
        g.deal() if g.can_deal() else g.retire()  # (hoyle: hold every stake or give up)
        return
    who = t.actors[0]
    side = None if g.side_of(who) else rnd.choice(["right", "left"])
    r = rnd.random()
    if t.can_banco and r < 0.05:
        if g.house.banco == "both-hands":
            half = g.fund // 2
            g.banco(who, g.fund - half, half)
        else:
            g.banco(who)
        return
    bal = g.balances[who]
    if t.max_stake and r < 0.7:
        cap = rnd.choice([2, 3, 10, bal])
        g.wager(who, rnd.randint(1, max(1, min(t.max_stake, cap))), side=side)
        return
    g.pass_turn(who)


def check(g: Game, n: int) -> None:
    assert g.total_chips() == 100 * n
    assert g.turn().model_dump() == g._turn_now().model_dump()  # the kept turn is the state's
    assert all(b >= 0 for b in g.balances.values())
    assert g.fund >= 0
    if g.house.liability == "cover" and g.phase != "ended":
        assert g.staked() <= g.fund
    if g.phase in MOVERS:
        # the totals kept as the cards came are the hands' own
        assert g._points_now == {m: hand_total(g.hands[m]) for m in MOVERS}
        public = g.view()
        for m in MOVERS:
            cards = public.hands[m].cards
            if m in g.settled:
                assert cards == g.hands[m]  # a side's natural is shown to all
            else:
                assert cards[:2] == [None, None], f"public view shows a concealed {m} card"
        for seat in g.participants:
            view = g.view(seat)
            for m in MOVERS:
                cards = view.hands[m].cards
                if seat == g.holder(m) or m in g.settled:
                    assert cards == g.hands[m]
                else:
                    assert cards[:2] == [None, None], f"{seat} sees the {m} pair"
            assert {m: list(c) for m, c in g.observe(seat).hands.items()} == {
                m: view.hands[m].cards for m in MOVERS
            }


@pytest.mark.sweep
@settings(SETTINGS)
@given(
    rules=st.sampled_from(["home", "classic", "hoyle"]),
    n=st.integers(3, 7),
    seed=st.integers(0, 2**32 - 1),
    player=st.integers(0, 2**32 - 1),
    split=st.sampled_from(["free", "divided", "even", 2]),
    first=st.sampled_from(["auction", "list"]),
    moves=st.sampled_from(["automatic", "announced"]),
)
def test_random_legal_play_under_each_profile(
    rules: str, n: int, seed: int, player: int, split: Any, first: str, moves: str
) -> None:
    options = TableOptions(
        banco_split=split if rules == "classic" else "free",
        first_bank=first if rules == "hoyle" else "auction",
    )
    g = Game(
        NAMES[:n],
        seed=seed,
        rules=rules,  # type: ignore[arg-type]
        options=options,
        forced_moves=moves,  # type: ignore[arg-type]
    )
    rnd = random.Random(player)
    starts: list[int] = []
    for _ in range(3000):
        if len(starts) >= 150:
            break
        cards, dealt = g.cards_left, g.shoe_deals
        bank = g.bank_number
        step(g, rnd)
        if g.bank_number == bank and g.shoe_deals == dealt + 1:  # this act was a deal
            starts.append(cards)
        check(g, n)
    assert len(starts) >= 50, "too few coups were played to mean much"
    least = g.house.min_cards
    assert all(c >= least for c in starts), "a coup started with too few cards"
    record = parse_record(json.loads(dump_record(record_of(g))))
    result = replay(record)
    assert result.error is None, result.error
    assert result.game.report().model_dump() == g.report().model_dump()
    assert result.game.view().model_dump() == g.view().model_dump()
