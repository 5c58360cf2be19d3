"""Banque's ``expert`` computer seat: the plan the study fills (the Nash equilibrium of
the game as dealt), played at the cards with the seat's own generator."""

from __future__ import annotations

import json
import math
import statistics
from fractions import Fraction
from functools import partial

import pytest

from banque.core.record import dump_record, parse_record
from banque.games.banque.expert import BanqueExpertPlan
from banque.games.banque.game import Game
from banque.games.banque.players import ComputerPlayer, stakes_ratio
from banque.games.records import record_of, replay
from banque.session.session import Session, computer_seats
from banque.study import expert_plans
from banque.study.dealt_nash import dealt_equilibrium
from banque.study.expert_plans import banque_plan

from ...sessions import play_to

NAMES = ["Ana", "Bruno", "Chloé"]
PACKS = 3


def one_coup(seed: int, plan_for: partial[BanqueExpertPlan]) -> float:
    """One coup from a fresh shoe, 10 staked on each side, every seat an expert: the
    banker's gain per chip staked."""
    game = Game(NAMES, seed, packs=PACKS, record=False, keep_log=False)
    game.bid("Ana", 40)
    game.pass_bid("Bruno")
    game.pass_bid("Chloé")
    game.wager("Bruno", 10)
    game.wager("Chloé", 10)
    game.deal()
    bots = {
        n: ComputerPlayer(n, "expert", game.rng_for(f"seat:{n}"), plan_for=plan_for) for n in NAMES
    }
    while not game.coups:
        who = game.next_actor()
        game.apply(bots[who].decide(game.observe(who)))
    return (game.fund - 40) / 20


def test_experts_win_the_solved_edge_within_its_standard_error() -> None:
    """Experts at equal stakes, coup after coup from a fresh three-pack shoe: the banker
    wins the solved edge of the game as dealt (0.624958 % per chip), within three
    standard errors."""
    plan_for = partial(banque_plan, PACKS, "all")
    solved = dealt_equilibrium(PACKS, "all", (1, 1))
    assert solved is not None
    gains = [one_coup(seed, plan_for) for seed in range(12_000)]
    mean = statistics.fmean(gains)
    error = statistics.stdev(gains) / math.sqrt(len(gains))
    assert abs(mean - float(solved.edge)) < 3 * error


def test_the_expert_asks_the_plan_for_the_coups_ratio_in_lowest_terms() -> None:
    asked: list[tuple[int, int]] = []

    def plan_for(stakes: tuple[int, int]) -> BanqueExpertPlan:
        asked.append(stakes)
        return banque_plan(PACKS, "all", stakes)

    for seed in range(60):
        game = Game(NAMES, seed, packs=PACKS)
        game.bid("Ana", 60)
        game.pass_bid("Bruno")
        game.pass_bid("Chloé")
        game.wager("Bruno", 20)
        game.wager("Chloé", 10)
        game.deal()
        if game.phase in ("right", "left", "banker"):
            who = game.next_actor()
            obs = game.observe(who)
            assert stakes_ratio(obs) == (2, 1)
            bot = ComputerPlayer(who, "expert", game.rng_for(f"seat:{who}"), plan_for=plan_for)
            bot.decide(obs)
    assert asked and set(asked) == {(2, 1)}


def test_a_missing_key_draws_half_the_time_and_the_banker_falls_back() -> None:
    empty = BanqueExpertPlan({}, {}, {}, (1, 1), "empty")
    assert empty.right_draws((0, 5), False) == Fraction(1, 2)
    assert empty.left_draws((1, 4), None) == Fraction(1, 2)
    assert empty.banker_draws((0, 6), None, None) is None


@pytest.fixture
def equal_stakes_plans(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every coup played with the equal-stakes plan (solved once per process): these tests
    are about the experts' generators and records, not the plans of other ratios."""
    monkeypatch.setattr(expert_plans, "PLAN_RATIOS", ((1, 1),))


@pytest.mark.usefixtures("equal_stakes_plans")
def test_experts_choose_from_their_seat_generators_and_their_record_replays() -> None:
    styles = dict.fromkeys(NAMES, "expert")
    games = []
    for _ in range(2):
        game = Game(NAMES, 12, packs=PACKS)
        session = Session(game, computers=computer_seats(game, styles), styles=styles)  # type: ignore[arg-type]
        play_to(session, 80)
        games.append(game)
    assert games[0].actions == games[1].actions  # same seed, same moves
    assert any(getattr(a, "side", None) == "banker" for a in games[0].actions)
    assert session.describe("Bruno") == "Bruno (computer, expert)"
    text = dump_record(record_of(games[0], computers=styles))  # type: ignore[arg-type]
    data = json.loads(text)
    assert data["computers"] == styles and "plan" not in text
    again = replay(parse_record(data))
    assert again.error is None
    assert again.game.report().model_dump() == games[0].report().model_dump()


@pytest.mark.usefixtures("equal_stakes_plans")
def test_a_resumed_table_of_experts_goes_on_exactly() -> None:
    """Stopped after 50 acts and resumed (the record replayed, each expert's generator
    moved on to where it was, as a journal keeps it): the next acts are the same."""
    styles = dict.fromkeys(NAMES, "expert")
    whole = Game(NAMES, 21, packs=PACKS)
    play_to(Session(whole, computers=computer_seats(whole, styles), styles=styles), 110)  # type: ignore[arg-type]
    first = Game(NAMES, 21, packs=PACKS)
    stopped = Session(first, computers=computer_seats(first, styles), styles=styles)  # type: ignore[arg-type]
    play_to(stopped, 50)
    draws = stopped.computer_draws()
    result = replay(parse_record(json.loads(dump_record(record_of(first, computers=styles)))))  # type: ignore[arg-type]
    game = result.game
    resumed = Session.from_replay(result, computers=computer_seats(game, styles), styles=styles)  # type: ignore[arg-type]
    resumed.skip_draws(draws)
    play_to(resumed, 110)
    assert game.actions[:110] == whole.actions[:110]
    assert any(getattr(a, "side", None) == "banker" for a in whole.actions[50:110])
