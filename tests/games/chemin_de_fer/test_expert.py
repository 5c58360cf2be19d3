"""Chemin de fer's ``expert`` computer seat: Ethier & Gámez's equilibrium at the cards,
its mixed moves from its seat's generator (replays and resumed games exact)."""

from __future__ import annotations

import json
import math
import statistics
from fractions import Fraction

from banque.core.models import Bid, Deal, Wager
from banque.core.record import dump_record, parse_record
from banque.games.chemin_de_fer.expert import CheminPlan
from banque.games.chemin_de_fer.game import CheminGame
from banque.games.chemin_de_fer.players import CheminComputer
from banque.games.records import record_of, replay
from banque.session.port import TwoHandSession
from banque.session.two_hands import open_session, resume
from banque.study.expert_plans import chemin_plan

PACKS = 6
THREE = ["Ana", "Bruno", "Chloé"]


def one_coup(seed: int, plan: CheminPlan, seen: dict[str, list[bool]]) -> float:
    """One coup between two expert seats from a fresh shoe: the banker's gain per chip.
    ``seen``: each expert's moves at its mixed choices (the punter at 5, the banker
    where the plan mixes)."""
    game = CheminGame(["Ana", "Bruno"], seed, packs=PACKS, forced_moves="automatic", keep_log=False)
    banker = game.banker
    assert banker is not None
    punter = "Bruno" if banker == "Ana" else "Ana"
    seats = {n: CheminComputer(n, game, "expert", plan=plan) for n in game.participants}
    game.apply(Bid.model_construct(act="bid", who=banker, amount=10))
    game.apply(Wager.model_construct(act="wager", who=punter, amount=10))
    game.apply(Deal.model_construct(act="deal"))
    while not game.coups:
        who = punter if game.phase == "punter" else banker
        act = seats[who].choose(game)
        seen.setdefault(game.phase, []).append(act.act == "draw")
        game.apply(act)
    coup = game.coups[0]
    return (coup.bank_after - coup.bank_before) / 10


def test_experts_win_the_equilibriums_edge_within_its_standard_error() -> None:
    """Coup after coup from a fresh six-pack shoe, an expert banker against an expert
    punter wins what Ethier & Gámez's equilibrium says (about 1.28 % per chip), within
    three standard errors."""
    plan = chemin_plan(PACKS)
    seen: dict[str, list[bool]] = {}
    gains = [one_coup(seed, plan, seen) for seed in range(12_000)]
    mean = statistics.fmean(gains)
    error = statistics.stdev(gains) / math.sqrt(len(gains))
    assert abs(mean - float(plan.value)) < 3 * error
    assert seen["punter"] and seen["banker"]  # both experts made their choices


def test_the_expert_punter_draws_at_5_by_its_pair_from_its_generator() -> None:
    """A stacked shoe gives the punter 1+4 (the plan's mixed pair) and the banker 6:
    two experts of the same seed choose alike, and over many seeds the punter draws as
    often as the plan says."""
    plan = chemin_plan(PACKS)
    chance = plan.punter[(1, 4)]
    assert 0 < chance < 1
    draws = []
    for seed in range(400):
        moves = []
        for _ in range(2):
            game = CheminGame(["Ana", "Bruno"], seed, ["AC", "TS", "4D", "6H", "5C"], packs=PACKS)
            banker = game.banker
            punter = "Bruno" if banker == "Ana" else "Ana"
            game.apply(Bid.model_construct(act="bid", who=banker, amount=10))
            game.apply(Wager.model_construct(act="wager", who=punter, amount=10))
            game.apply(Deal.model_construct(act="deal"))
            assert game.phase == "punter"
            seat = CheminComputer(punter, game, "expert", plan=plan)
            moves.append(seat.choose(game).act)
        assert moves[0] == moves[1]  # same seed, same move
        draws.append(moves[0] == "draw")
    share = sum(draws) / len(draws)
    assert abs(share - float(chance)) < 4 * math.sqrt(float(chance * (1 - chance)) / len(draws))


def _play(session: TwoHandSession, steps: int) -> None:
    for _ in range(steps):
        if session.computer_to_move() is None:
            break
        session.play_computer()


def test_a_table_of_experts_replays_and_resumes_exactly() -> None:
    seats = dict.fromkeys(THREE, "expert")
    game = CheminGame(THREE, seed=8, packs=PACKS)
    session = open_session(game, seats, journal=True)
    assert all(
        isinstance(c, CheminComputer) and c.plan is not None for c in session.computers.values()
    )
    assert session.styles == seats
    _play(session, 150)
    assert any(a.act == "draw" for a in game.actions)
    text = dump_record(record_of(game, computers=seats))  # type: ignore[arg-type]
    assert "plan" not in json.loads(text)  # a record holds the acts, never the plan
    again = replay(parse_record(json.loads(text)))
    assert again.error is None and again.game.report() == game.report()
    assert session.journal is not None
    path = session.journal.path
    session.journal.close()
    resumed, _pace = resume(path)
    assert resumed.styles == seats
    twin = open_session(CheminGame(THREE, seed=8, packs=PACKS), seats)
    _play(twin, 150)
    assert twin.game.actions == game.actions
    _play(resumed, 100)
    _play(twin, 100)
    assert resumed.game.actions == twin.game.actions  # the resumed experts went on exactly
    assert resumed.journal is not None
    resumed.journal.close()


def test_an_expert_without_the_hand_only_bets_as_a_cautious_seat() -> None:
    game = CheminGame(THREE, seed=3, packs=PACKS)
    expert = CheminComputer("Bruno", game, "expert", plan=chemin_plan(PACKS))
    cautious = CheminComputer("Bruno", game, "cautious")
    assert not expert.bold
    assert expert.plan is not None and cautious.plan is None
    assert Fraction(1, 2) == CheminPlan({}, {}, Fraction(0), "").punter_draws((1, 4))
