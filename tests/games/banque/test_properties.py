"""Property tests: random legal play through whole banks, and hidden information.

A random player drives the game through its own ``turn()`` (with, now and
then, an act chosen blindly, which the engine must either accept, exactly as
``can_…`` said, or refuse without changing anything).  After every step the
invariants of the issue are checked; at the end the game's record replays to
the identical state.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from banque.core.cards import RANK_VALUE, RANKS, SUITS, full_shoe, hand_total
from banque.core.errors import IllegalAction
from banque.core.record import dump_record, parse_record
from banque.games.banque.game import MOVERS, Game
from banque.games.records import record_of, replay

NAMES = ["Ana", "Bruno", "Chloé", "Dario", "Emma", "Félix", "Gaby"]
SETTINGS = settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)


# ---------------------------------------------------------------- a random player


def blind_act(g: Game, rnd: random.Random) -> tuple[str, tuple[Any, ...], dict[str, Any]]:
    """Any act with plausible arguments, legal or not."""
    who = rnd.choice(g.participants)
    act = rnd.choice(
        [
            "bid",
            "pass_bid",
            "wager",
            "banco",
            "pass_turn",
            "deal",
            "draw",
            "stand",
            "retire",
            "seat",
            "shuffle",
        ]
    )
    if act == "bid":
        return act, (who, rnd.randint(-1, 120)), {}
    if act == "wager":
        return act, (who, rnd.randint(0, 60)), {"a_cheval": rnd.random() < 0.3}
    if act in ("pass_bid", "banco", "pass_turn"):
        return act, (who,), {}
    if act in ("draw", "stand"):
        return act, (rnd.choice(MOVERS),), {}
    if act == "seat":
        others = list(g.participants)
        rnd.shuffle(others)
        k = rnd.randint(0, len(others))
        return act, (others[:k], others[k:]), {}
    if act == "shuffle":
        return act, (rnd.sample(g.participants, rnd.randint(0, 2)),), {"cut": who}
    return act, (), {}


def legal_act(
    g: Game, rnd: random.Random, retire_rate: float, stake_cap: int | None = None
) -> tuple[str, tuple[Any, ...], dict[str, Any]]:
    """A legal act, chosen from what ``turn()`` offers."""
    t = g.turn()
    p = g.phase
    if p == "auction":
        who = rnd.choice(t.actors)
        bal = g.balances[who]
        if bal and rnd.random() < 0.4:
            return "bid", (who, rnd.choice([rnd.randint(1, bal), min(bal, rnd.randint(1, 20))])), {}
        return "pass_bid", (who,), {}
    if p == "ended":
        who = rnd.choice(t.actors)
        return "bid", (who, rnd.randint(1, g.balances[who])), {}
    if p in ("right", "left", "banker"):
        return rnd.choice(["draw", "stand"]), (p,), {}
    # betting
    if g.coups and rnd.random() < retire_rate:
        return "retire", (), {}
    if t.max_stake is None or rnd.random() < 0.1:  # everybody spoke, or the banker deals now
        return "deal", (), {}
    who = t.actors[0]
    r = rnd.random()
    if t.can_banco and r < (0.01 if stake_cap else 0.08):
        return "banco", (who,), {}
    bal = g.balances[who]
    if t.max_stake and r < 0.6:
        cap = stake_cap or rnd.choice([3, 10, bal])
        amount = rnd.randint(1, max(1, min(bal, cap)))
        return "wager", (who, amount), {}
    if t.max_a_cheval and bal >= 2 and r < 0.7:
        half = min(bal, stake_cap or bal) // 2
        return "wager", (who, 2 * rnd.randint(1, max(1, half))), {"a_cheval": True}
    return "pass_turn", (who,), {}


def dumps(g: Game) -> dict[str, Any]:
    return g.report().model_dump()


def check_invariants(g: Game, n: int) -> None:
    assert g.total_chips() == 100 * n
    # what turn() keeps for this state is what it would work out afresh
    assert g.turn().model_dump() == g._turn_now().model_dump()
    assert all(b >= 0 for b in g.balances.values())
    assert g.fund >= 0
    if g.phase != "ended":
        assert g.staked() <= g.fund, "accepted stakes above the fund"
    else:
        assert g.fund == 0 and g.staked() == 0
    assert all(len(h) <= 3 for h in g.hands.values())
    if g.phase in MOVERS:  # the totals kept as the cards came are the hands' own
        assert g._points_now == {m: hand_total(g.hands[m]) for m in MOVERS}
    if g.shoe_ready:
        on_table = sum(len(h) for h in g.hands.values())
        assert len(g.seen) + on_table + g.cards_left == 156
    for coup in g.coups:
        assert all(len(h) <= 3 for h in coup.hands.values())
        assert coup.stakes["right"] + coup.stakes["left"] <= coup.fund_before
    # views never leak: a face-down card only to the seat holding its hand
    if g.phase in MOVERS:
        public = g.view()
        for m in MOVERS:
            cards = public.hands[m].cards
            assert cards[:2] == [None, None], f"public view shows a concealed {m} card"
            assert cards[2:] == g.hands[m][2:]
            assert public.hands[m].total is None
        for seat in g.participants:
            view = g.view(seat)
            for m in MOVERS:
                cards = view.hands[m].cards
                if seat == g.holder(m):
                    assert cards == g.hands[m]
                else:
                    assert cards[:2] == [None, None], f"{seat} sees the {m} pair"
            # the computer players' observation shows exactly what the view shows
            assert {m: list(c) for m, c in g.observe(seat).hands.items()} == {
                m: view.hands[m].cards for m in MOVERS
            }


def play(
    g: Game,
    rnd: random.Random,
    *,
    banks: int,
    max_steps: int = 3000,
    blind_rate: float = 0.1,
    retire_rate: float = 0.03,
    stake_cap: int | None = None,
) -> list[int]:
    """Play until ``banks`` banks have ended; the cards left at each deal."""
    n = len(g.participants)
    starts: list[int] = []
    for _ in range(max_steps):
        ended = sum(1 for b in g.banks if b.ended is not None)
        if ended >= banks and g.phase == "ended":
            break
        if rnd.random() < blind_rate:
            act, args, kw = blind_act(g, rnd)
            before = dumps(g)
            state = g.rng.getstate(), len(g.log), len(g.actions)
            allowed = getattr(g, f"can_{act}")(*args, **kw)
            try:
                getattr(g, act)(*args, **kw)
            except IllegalAction:
                assert not allowed, f"can_{act}{args} said yes but {act} refused"
                assert dumps(g) == before
                assert (g.rng.getstate(), len(g.log), len(g.actions)) == state
            else:
                assert allowed, f"can_{act}{args} said no but {act} went through"
        else:
            act, args, kw = legal_act(g, rnd, retire_rate, stake_cap)
            assert getattr(g, f"can_{act}")(*args, **kw), (act, args, kw, g.turn().prompt)
            if act == "deal":
                starts.append(g.cards_left)
            getattr(g, act)(*args, **kw)
        check_invariants(g, n)
    return starts


# ---------------------------------------------------------------- whole banks


@pytest.mark.sweep
@settings(SETTINGS, max_examples=40)
@given(
    n=st.integers(3, 7),
    seed=st.integers(0, 2**32 - 1),
    player=st.integers(0, 2**32 - 1),
    retire_rate=st.sampled_from([0.0, 0.01, 0.1]),
    stake_cap=st.sampled_from([None, 2, 5]),
)
def test_random_legal_play_through_several_banks(
    n: int, seed: int, player: int, retire_rate: float, stake_cap: int | None
) -> None:
    g = Game(NAMES[:n], seed=seed)
    starts = play(g, random.Random(player), banks=3, retire_rate=retire_rate, stake_cap=stake_cap)
    assert sum(1 for b in g.banks if b.ended is not None) >= 3
    assert all(c >= 9 for c in starts), "a coup started with fewer than 9 cards"
    for bank in g.banks:
        if bank.ended is not None:
            assert bank.ended.reason in ("retired", "bankrupt", "shoe")
            best = max(bank.ended.totals.values())
            assert bank.ended.winners == [p for p, t in bank.ended.totals.items() if t == best]
    # the record replays to the identical state
    record = parse_record(__import__("json").loads(dump_record(record_of(g))))
    result = replay(record)
    assert result.error is None, result.error
    assert dumps(result.game) == dumps(g)
    assert result.game.view().model_dump() == g.view().model_dump()


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), player=st.integers(0, 2**32 - 1))
def test_a_bank_played_to_the_end_of_the_shoe(seed: int, player: int) -> None:
    """Small stakes and no retiring: banks run until the shoe is short."""
    g = Game(NAMES[:4], seed=seed)
    rnd = random.Random(player)
    g.bid("Ana", 100)
    for p in NAMES[1:4]:
        g.pass_bid(p)
    starts: list[int] = []
    while g.phase != "ended":
        t = g.turn()
        if g.phase == "betting":
            if t.max_stake:
                g.wager(t.actors[0], rnd.randint(1, 3))
            else:
                starts.append(g.cards_left)
                g.deal()
        else:
            getattr(g, rnd.choice(["draw", "stand"]))(g.phase)
        check_invariants(g, 4)
    assert all(c >= 9 for c in starts)
    assert g.ended is not None
    if g.ended.reason == "shoe":
        assert g.cards_left < 9
        assert Counter(g.shoe_order) == Counter(full_shoe())
    assert dumps(replay(record_of(g)).game) == dumps(g)


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), player=st.integers(0, 2**32 - 1))
def test_quiet_games_play_exactly_like_recorded_ones(seed: int, player: int) -> None:
    """``record=False, keep_log=False`` (simulations) changes nothing in the play."""
    loud = Game(NAMES[:5], seed=seed)
    quiet = Game(NAMES[:5], seed=seed, record=False, keep_log=False)
    rnd_a, rnd_b = random.Random(player), random.Random(player)
    for _ in range(400):
        if loud.phase == "ended" and len(loud.banks) >= 2:
            break
        act, args, kw = legal_act(loud, rnd_a, 0.05)
        act_b, args_b, kw_b = legal_act(quiet, rnd_b, 0.05)
        assert (act, args, kw) == (act_b, args_b, kw_b)
        getattr(loud, act)(*args, **kw)
        getattr(quiet, act)(*args, **kw)
        a, b = dumps(loud), dumps(quiet)
        assert a == b
    assert quiet.actions == [] and quiet.log == []


# ---------------------------------------------------------------- concealed cards


def same_value(card: str, rnd: random.Random) -> str:
    """Another card worth the same points (a different code where possible)."""
    value = RANK_VALUE[card[0]]
    ranks = [r for r in RANKS if RANK_VALUE[r] == value]
    options = [r + s for r in ranks for s in SUITS if r + s != card]
    return rnd.choice(options)


cards = st.sampled_from([r + s for r in RANKS for s in SUITS])


@settings(max_examples=60, deadline=None, derandomize=True)
@given(
    top=st.lists(cards, min_size=9, max_size=9),
    twist=st.integers(0, 2**32 - 1),
    player=st.integers(0, 2**32 - 1),
    n=st.integers(3, 6),
)
def test_games_differing_only_in_concealed_cards_look_the_same(
    top: list[str], twist: int, player: int, n: int
) -> None:
    """Swap concealed cards for others of the same value, or swap a hand's pair:
    until the reveal, the public view, the events and every seat's view of the
    hands it does not hold are identical."""
    deal = top[:6]
    hands = {"right": [deal[0], deal[3]], "left": [deal[1], deal[4]], "banker": [deal[2], deal[5]]}
    assume(all(sum(RANK_VALUE[c[0]] for c in h) % 10 < 8 for h in hands.values()))  # no natural
    rnd = random.Random(twist)
    other = list(top)
    for i in range(6):
        if rnd.random() < 0.5:
            other[i] = same_value(other[i], rnd)
    for a, b in ((0, 3), (1, 4), (2, 5)):
        if rnd.random() < 0.5:
            other[a], other[b] = other[b], other[a]
    assume(other[:6] != top[:6])
    assume(max(Counter(top).values()) <= 3 and max(Counter(other).values()) <= 3)

    g1 = Game(NAMES[:n], seed=1, shoe=top)
    g2 = Game(NAMES[:n], seed=1, shoe=other)
    changed = {
        m
        for m, (a, b) in {"right": (0, 3), "left": (1, 4), "banker": (2, 5)}.items()
        if (top[a], top[b]) != (other[a], other[b])
    }
    r1, r2 = random.Random(player), random.Random(player)
    while not g1.coups:
        act, args, kw = legal_act(g1, r1, 0.0)
        assert legal_act(g2, r2, 0.0) == (act, args, kw)
        e1 = getattr(g1, act)(*args, **kw)
        e2 = getattr(g2, act)(*args, **kw)
        if g1.coups:  # the reveal: from here on everybody sees everything
            assert g1.coups[-1].totals == g2.coups[-1].totals
            break
        assert [e.text for e in e1] == [e.text for e in e2]
        assert g1.view().model_dump() == g2.view().model_dump()
        for seat in g1.participants:
            v1, v2 = g1.view(seat).model_dump(), g2.view(seat).model_dump()
            for m in MOVERS:
                if m in changed and seat == g1.holder(m):
                    assert v1["hands"][m]["total"] == v2["hands"][m]["total"]
                    del v1["hands"][m], v2["hands"][m]
            assert v1 == v2
