"""Chemin de fer (issue 10): worked coups through records, refusals, views, computers."""

from __future__ import annotations

import json
import random
import subprocess
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from banque.core.errors import IllegalAction, RecordError
from banque.core.record import dump_record, parse_record
from banque.games.chemin_de_fer.game import CheminGame
from banque.games.chemin_de_fer.players import CheminComputer, play_step
from banque.games.records import record_of, replay
from banque.study.two_hands_odds import chemin_report
from banque.study.two_hands_simulate import simulate_chemin

from ...cli_run import run_cli

THREE = ["Ana", "Bruno", "Chloé"]  # seed 1: Ana draws the bank by lot
FOUR = ["Ana", "Bruno", "Chloé", "Dario"]  # seed 2: Ana


def record(actions: list[dict[str, Any]], **head: Any) -> dict[str, Any]:
    return {
        "format": "banque-record/1",
        "game": "chemin-de-fer",
        "participants": THREE,
        "seed": 1,
        **head,
        "actions": actions,
    }


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """``banque ARGS`` (in this process: what it prints, not how it starts)."""
    return run_cli(*args)


# Coup 1: Bruno takes 10, Chloé 20 (the largest: she plays the hand).  Punter 2+2 = 4
# draws by force (a K: 4); banker 3+3 = 6 stands by choice: the bank wins, 60 in it.
# Coup 2: the bank stays with Ana; Bruno bancos the 60; punter 9+K, a natural: Bruno
# wins and the bank passes to Ana's left (Bruno).
WORKED = [
    {"act": "bid", "who": "Ana", "amount": 30},
    {"act": "wager", "who": "Bruno", "amount": 10},
    {"act": "wager", "who": "Chloé", "amount": 20},
    {"act": "deal"},
    {"act": "stand", "side": "banker"},
    {"act": "banco", "who": "Bruno"},
    {"act": "deal"},
]
WORKED_SHOE = ["2C", "3D", "2H", "3S", "KC", "9H", "7C", "KD", "KH"]


def worked(n: int = len(WORKED), **head: Any) -> Any:
    return replay(parse_record(record(WORKED[:n], shoe=WORKED_SHOE, **head)))


def test_a_worked_game_through_a_record() -> None:
    result = worked()
    assert result.error is None, result.error
    game = result.game
    first, second = game.coups
    assert first.played_by == "Chloé" and first.banker == "Ana"
    assert first.hands.player == ["2C", "2H", "KC"] and first.hands.banker == ["3D", "3S"]
    assert first.moves == {"player": "draw", "banker": "stand"} and first.result == "banker"
    assert (first.bank_before, first.bank_after) == (30, 60)
    assert [(b["who"], b["won"]) for b in first.bets] == [("Bruno", -10), ("Chloé", -20)]
    assert second.natural and second.played_by == "Bruno" and second.result == "player"
    assert second.bets[0]["kind"] == "banco" and (second.bank_before, second.bank_after) == (60, 0)
    assert game.balances == {"Ana": 70, "Bruno": 150, "Chloé": 80}
    assert game.banker == "Bruno" and game.phase == "bank"  # lost: the bank passes left
    assert game.cards_left == 312 - 9  # one shoe all along: no reshuffle on a bank change


def test_the_bank_passes_right_as_in_france() -> None:
    game = CheminGame(THREE, seed=1, shoe=["9H", "7C", "KD", "KH"], rotation="right")
    game.bid("Ana", 20)
    assert game.order == ["Chloé", "Bruno"]  # betting from the banker's right
    game.banco("Chloé")
    game.deal()  # the punter's natural 9
    assert game.banker == "Chloé" and game.balances["Chloé"] == 120


def test_replay_json_shows_each_coup() -> None:
    result = worked()
    data = json.loads(result.game.report().model_dump_json())
    coup = data["coups"][0]
    assert coup["played_by"] == "Chloé" and coup["totals"] == {"player": 4, "banker": 6}
    assert coup["bank_after"] == 60 and data["banks"][0]["bank"] == 30


def test_replay_cli(tmp_path: Any) -> None:
    path = tmp_path / "c.json"
    path.write_text(json.dumps(record(WORKED, shoe=WORKED_SHOE)), encoding="utf-8")
    out = run("replay", str(path))
    assert out.returncode == 0, out.stderr
    assert "Bruno: banco!" in out.stdout and "The bank passes to Bruno." in out.stdout
    data = json.loads(run("replay", "--json", str(path)).stdout)
    assert data["game"] == "chemin-de-fer" and len(data["coups"]) == 2


def test_a_punter_at_5_chooses_and_the_banker_is_free() -> None:
    game = CheminGame(THREE, seed=1, shoe=["2C", "3D", "3H", "4S", "9C", "KD"])
    game.bid("Ana", 10)
    game.wager("Bruno", 10)
    game.deal()
    assert game.phase == "punter" and game.to_act() == (["Bruno"], ("draw", "stand"))
    game.draw("punter")  # 5 + 9 = 4
    assert game.phase == "banker"
    draw, stand = game.advice()
    assert draw != stand
    game.draw("banker")  # 7 + K = 7: the banker wins
    assert game.coups[-1].result == "banker" and game.fund == 20 and game.banker == "Ana"


def test_banco_suivi_a_losing_banco_caller_speaks_first() -> None:
    game = CheminGame(FOUR, seed=2, shoe=["KC", "9D", "KH", "KS"])
    game.bid("Ana", 10)
    assert game.order == ["Bruno", "Chloé", "Dario"]
    game.pass_("Bruno")
    game.banco("Chloé")
    game.deal()  # the banker's natural 9: Chloé loses her banco
    assert game.banker == "Ana" and game.order == ["Chloé", "Bruno", "Dario"]


def test_the_banker_passes_the_bank_between_coups() -> None:
    game = worked(5).game  # after coup 1, Ana's bank holds 60
    game.pass_("Ana")
    assert game.banker == "Bruno" and game.balances["Ana"] == 130 and game.fund == 0


def test_nobody_betting_passes_the_bank() -> None:
    game = CheminGame(THREE, seed=1)
    game.bid("Ana", 10)
    game.pass_("Bruno")
    game.pass_("Chloé")
    assert game.banker == "Bruno" and game.phase == "bank" and game.balances["Ana"] == 100


@pytest.mark.parametrize(
    ("upto", "act", "rule"),
    [
        (0, {"act": "bid", "who": "Bruno", "amount": 10}, "turn"),
        (0, {"act": "bid", "who": "Ana", "amount": 101}, "balance"),
        (1, {"act": "wager", "who": "Chloé", "amount": 5}, "turn"),  # out of turn
        (1, {"act": "wager", "who": "Bruno", "amount": 31}, "cover"),  # beyond the bank
        (1, {"act": "wager", "who": "Ana", "amount": 5}, "turn"),  # the banker
        (1, {"act": "wager", "who": "Bruno", "amount": 5, "a_cheval": True}, "act"),
        (1, {"act": "deal"}, "phase"),  # before the betting closes
        (2, {"act": "pass", "who": "Ana"}, "turn"),  # the betting has begun
        (3, {"act": "draw", "side": "punter"}, "phase"),
        (4, {"act": "draw", "side": "punter"}, "turn"),  # the punter drew by force
        (4, {"act": "stand", "side": "right"}, "side"),
        (4, {"act": "retire"}, "retire"),  # a coup under way
        (4, {"act": "bet", "who": "Bruno", "on": "player", "amount": 5}, "act"),
        (5, {"act": "banco", "who": "Zoé"}, "participant"),
    ],
)
def test_refusals_leave_the_state_unchanged(upto: int, act: dict[str, Any], rule: str) -> None:
    before = worked(upto).game.report()
    result = replay(parse_record(record([*WORKED[:upto], act], shoe=WORKED_SHOE)))
    assert result.error is not None and result.error.rule == rule, result.error
    assert result.error.index == upto + 1
    assert result.game.report() == before


def test_a_banco_beyond_ones_chips_is_refused() -> None:
    game = worked().game  # Bruno holds the bank, with 150 chips
    game.bid("Bruno", 120)
    assert game.order == ["Chloé", "Ana"] and "banco" not in game.to_act()[1]
    before = game.report()
    with pytest.raises(IllegalAction, match=r"whole bank \(120\): Chloé has 80"):
        game.banco("Chloé")
    assert game.report() == before


def test_views_hide_each_hands_pair_from_all_but_its_holder() -> None:
    game = worked(4).game  # at the banker's choice
    assert game.phase == "banker"
    public = game.view(None)
    assert public.hands["player"].cards == [None, None, "KC"]
    assert public.hands["banker"].cards == [None, None]
    punter = game.view("Chloé")
    assert punter.hands["player"].cards == ["2C", "2H", "KC"]
    assert punter.hands["banker"].cards == [None, None]
    banker = game.view("Ana")
    assert banker.hands["banker"].cards == ["3D", "3S"]
    assert banker.hands["player"].cards == [None, None, "KC"]
    other = game.view("Bruno").model_dump_json()
    assert "2C" not in other and "3D" not in other


def test_the_advice_does_not_depend_on_the_concealed_pair() -> None:
    a = CheminGame(THREE, seed=1, shoe=["2C", "3D", "2H", "3S", "KC"])
    b = CheminGame(THREE, seed=1, shoe=["AC", "3D", "3H", "3S", "KC"])
    for g in (a, b):
        g.bid("Ana", 10)
        g.wager("Bruno", 10)
        g.deal()
    assert a.phase == b.phase == "banker"
    assert a.advice() == b.advice()


def test_odds_and_simulate_clis() -> None:
    out = run("odds", "--game", "chemin-de-fer", "--json")
    data = json.loads(out.stdout)
    assert data["packs"] == 6 and data == json.loads(json.dumps(chemin_report(6)))
    sim = run("simulate", "--game", "chemin-de-fer", "--coups", "300", "--players", "3", "--json")
    assert sim.returncode == 0, sim.stderr
    assert json.loads(sim.stdout)["coups"] == 300


@pytest.mark.sweep
def test_simulated_naturals_agree_with_the_exact_odds() -> None:
    s = simulate_chemin(4000, players=4, seed=3)
    p = float(s.exact_naturals())
    se = (p * (1 - p) / 4000) ** 0.5
    assert abs(s.naturals / 4000 - p) < 4.5 * se
    assert sum(s.results.values()) == 4000


def _check_views(game: CheminGame) -> None:
    live = game.phase in ("punter", "banker")
    for seat in [None, *game.participants]:
        view = game.view(seat)
        if game.forced_moves == "announced":  # nothing tells who holds 5
            assert "holds" not in view.prompt
        for hand, holder in (("player", game.hand_player), ("banker", game.banker)):
            cards = view.hands[hand].cards
            if live and seat != holder:
                assert cards[:2] == [None, None]
            if live and seat == holder:
                assert cards == game.hands[hand]


@settings(
    max_examples=20, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(seed=st.integers(0, 10**6), steps=st.integers(1, 150), players=st.integers(2, 5))
def test_random_play_conserves_chips_never_leaks_and_replays(
    seed: int, steps: int, players: int
) -> None:
    names = FOUR[:players] if players <= 4 else [*FOUR, "Emma"]
    rnd = random.Random(seed)
    game = CheminGame(
        names,
        seed,
        rotation=rnd.choice(["left", "right"]),
        forced_moves=rnd.choice(["automatic", "announced"]),
        first_bank=rnd.choice(["lot", "auction"]),
    )
    seats = {n: CheminComputer(n, game, rnd.choice(["cautious", "bold"])) for n in names}
    for _ in range(steps):
        if game.phase == "ended":
            break
        if rnd.random() < 0.3:  # a random act, often illegal: refused, nothing changes
            who = rnd.choice(names)
            attempt = rnd.choice(
                [
                    lambda who=who: game.wager(who, rnd.randint(1, 150)),
                    lambda who=who: game.banco(who),
                    lambda who=who: game.pass_(who),
                    lambda who=who: game.bid(who, rnd.randint(1, 150)),
                    lambda: game.draw(rnd.choice(["punter", "banker"])),
                    lambda: game.stand(rnd.choice(["punter", "banker"])),
                    game.deal,
                ]
            )
            before = game.report()
            try:
                attempt()
            except IllegalAction:
                assert game.report() == before
        else:
            assert play_step(game, seats)
        assert game.total_chips() == 100 * players
        assert all(b >= 0 for b in game.balances.values()) and game.fund >= 0
        _check_views(game)
    again = replay(parse_record(json.loads(dump_record(record_of(game)))))
    assert again.error is None and again.game.report() == game.report()


def test_advise_cli_at_the_bankers_choice(tmp_path: Any) -> None:
    path = tmp_path / "c.json"
    path.write_text(json.dumps(record(WORKED[:4], shoe=WORKED_SHOE)), encoding="utf-8")
    out = run("advise", str(path), "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    # the punter drew by force (0-4) a K: the banker's 6 wins standing, for sure
    assert data == {"draw": data["draw"], "stand": 30.0, "best": "stand"}
    assert "Ana draws the bank by lot." in run("replay", str(path)).stdout
    path.write_text(json.dumps(record(WORKED[:3], shoe=WORKED_SHOE)), encoding="utf-8")
    late = run("advise", str(path))
    assert late.returncode == 2 and "does not stop at the banker's choice" in late.stderr
    assert "Traceback" not in late.stderr


def test_announced_moves_the_punter_states_every_move_and_is_bound() -> None:
    game = CheminGame(THREE, seed=1, shoe=["2C", "3D", "2H", "3S", "KC"], forced_moves="announced")
    game.bid("Ana", 10)
    game.wager("Bruno", 10)
    game.deal()  # the punter holds 4: bound to draw, but the table waits all the same
    assert game.phase == "punter" and "holds" not in game.prompt
    before = game.report()
    with pytest.raises(IllegalAction, match="bound to draw at 0-4") as refused:
        game.stand("punter")
    assert refused.value.rule == "forced" and game.report() == before
    game.draw("punter")
    assert game.phase == "banker" and game.hands["player"] == ["2C", "2H", "KC"]
    rec = json.loads(dump_record(record_of(game)))
    assert rec["forced_moves"] == "announced"
    assert replay(parse_record(rec)).game.report() == game.report()


# ---------------------------------------------------------------- the first bank by auction

AUCTION = [
    {"act": "bid", "who": "Ana", "amount": 20},
    {"act": "pass", "who": "Bruno"},
    {"act": "bid", "who": "Chloé", "amount": 25},
]


def test_the_first_bank_by_auction_through_a_record() -> None:
    data = record([*AUCTION, {"act": "banco", "who": "Ana"}], first_bank="auction")
    result = replay(parse_record(data))
    assert result.error is None, result.error
    game = result.game
    assert game.first_bank == "auction" and game.banks[0]["bank"] == 25
    assert game.banker == "Chloé" and game.fund == 25 and game.order == ["Ana", "Bruno"]
    assert game.balances == {"Ana": 75, "Bruno": 100, "Chloé": 75} and game.stakes == {"Ana": 25}
    assert "Chloé bids highest (25) and holds the bank." in [e.text for e in game.log]
    # the record keeps the option, and a record without it draws the first bank by lot
    assert json.loads(dump_record(record_of(game)))["first_bank"] == "auction"
    assert worked(0).game.phase == "bank"
    assert "first_bank" not in json.loads(dump_record(record_of(worked().game)))


def test_equal_bids_go_to_the_first_in_turn() -> None:
    game = CheminGame(THREE, seed=1, first_bank="auction")
    assert game.banker is None and game.to_act() == (["Ana"], ("bid", "pass"))
    game.pass_("Ana")
    game.bid("Bruno", 30)
    assert "the highest bid is 30" in game.prompt
    game.bid("Chloé", 30)
    assert game.banker == "Bruno" and game.fund == 30 and game.phase == "betting"


def test_nobody_bidding_leaves_the_first_bank_to_the_lot() -> None:
    game = CheminGame(THREE, seed=1, first_bank="auction")
    for name in THREE:
        game.pass_(name)
    assert game.phase == "bank" and game.banker in THREE and game.fund == 0
    assert game.log[-1].text == f"Nobody bids: {game.banker} draws the bank by lot."
    game.bid(game.banker, 10)  # the banker then announces a bank, as after the lot
    assert game.phase == "betting"


@pytest.mark.parametrize(
    ("upto", "act", "rule"),
    [
        (0, {"act": "bid", "who": "Bruno", "amount": 10}, "turn"),  # out of turn
        (0, {"act": "pass", "who": "Chloé"}, "turn"),
        (1, {"act": "bid", "who": "Ana", "amount": 30}, "auction"),  # one offer each
        (2, {"act": "pass", "who": "Bruno"}, "auction"),
        (0, {"act": "bid", "who": "Ana", "amount": 101}, "balance"),
        (0, {"act": "bid", "who": "Ana", "amount": 0}, "amount"),
        (1, {"act": "wager", "who": "Bruno", "amount": 5}, "phase"),  # no bets yet
        (1, {"act": "deal"}, "phase"),
    ],
)
def test_auction_refusals_leave_the_state_unchanged(
    upto: int, act: dict[str, Any], rule: str
) -> None:
    before = replay(parse_record(record(AUCTION[:upto], first_bank="auction"))).game.report()
    result = replay(parse_record(record([*AUCTION[:upto], act], first_bank="auction")))
    assert result.error is not None and result.error.rule == rule, result.error
    assert result.game.report() == before


def test_first_bank_is_chemin_de_fers_option(tmp_path: Path) -> None:
    data = record([], first_bank="auction") | {"game": "punto-banco"}
    with pytest.raises(RecordError, match="first_bank is a table option of chemin de fer only"):
        replay(parse_record(data))
    path = tmp_path / "punto-auction.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    out = run("replay", str(path))
    assert (
        out.returncode == 2 and "first_bank is a table option of chemin de fer only" in out.stderr
    )
    assert "Traceback" not in out.stderr
    out = run("--game", "chemin-de-fer", "--first-bank", "list")
    assert out.returncode != 0 and "lot or auction" in out.stderr
    assert "Traceback" not in out.stderr


def test_computers_bid_at_the_auction_and_replay() -> None:
    for seed in range(6):
        game = CheminGame(FOUR, seed=seed, first_bank="auction")
        seats = {
            n: CheminComputer(n, game, "bold" if i % 2 else "cautious") for i, n in enumerate(FOUR)
        }
        while game.phase == "auction":
            assert play_step(game, seats)
        bids = game.bids
        assert all(1 <= b <= 100 for b in bids.values())
        if bids:  # the highest bid holds the bank
            assert game.fund == max(bids.values()) and game.bids[game.banker] == game.fund
        for _ in range(40):
            if not play_step(game, seats):
                break
        again = replay(parse_record(json.loads(dump_record(record_of(game))))).game
        assert again.report() == game.report() and game.total_chips() == 400


def _reference_one_side(
    u: list[int], bt: int, stake: int, third: int | None, p: Fraction
) -> tuple[Fraction, Fraction]:
    """The banker's gains by plain fractions, pair by pair and card by card."""
    sign = lambda x: (x > 0) - (x < 0)  # noqa: E731
    n, tw, ss, ds = sum(u), Fraction(0), Fraction(0), Fraction(0)
    for a in range(10):
        for b in range(10):
            ways = u[a] * (u[b] - (a == b))
            t = (a + b) % 10
            if third is not None:
                w = Fraction(0) if t > 5 else (p if t == 5 else Fraction(1))
            else:
                w = Fraction(0) if not 5 <= t <= 7 else (1 - p if t == 5 else Fraction(1))
            if ways <= 0 or not w:
                continue
            final = (t + third) % 10 if third is not None else t
            tw += ways * w
            ss += ways * w * sign(bt - final)
            gain = sum(
                (u[c] - (c == a) - (c == b)) * sign((bt + c) % 10 - final) for c in range(10)
            )
            ds += ways * w * Fraction(gain, n - 2)
    return stake * ds / tw, stake * ss / tw


def test_the_fast_advice_is_the_exact_advice() -> None:
    from banque.core.one_side import advise_one_side

    rng = random.Random(11)
    for _ in range(300):
        u = [rng.randint(1, 24) for _ in range(10)]
        bt, third = rng.randint(0, 7), rng.choice([None, *range(10)])
        p = rng.choice([Fraction(1, 2), Fraction(0), Fraction(1), Fraction(2, 7)])
        stake = rng.randint(1, 40)
        assert advise_one_side(u, bt, stake, third, p) == _reference_one_side(
            u, bt, stake, third, p
        )


def test_replay_tells_what_comes_next_in_the_language(tmp_path: Any) -> None:
    path = tmp_path / "c.json"
    path.write_text(json.dumps(record(WORKED[:3], shoe=WORKED_SHOE)), encoding="utf-8")
    english = run("replay", str(path)).stdout.splitlines()[-1]
    assert english.startswith("Next: ")
    french = run("--lang", "fr", "replay", str(path)).stdout.splitlines()[-1]
    assert french.startswith("Ensuite : ") and french != english
    assert english == "Next: Ana: deal the coup." and french == "Ensuite : Ana : donnez le coup."


@settings(max_examples=10, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1))
def test_a_quiet_game_plays_exactly_like_a_told_one(seed: int) -> None:
    """``record=False, keep_log=False`` (the simulation) tells nothing and changes nothing."""
    names = ["P1", "P2", "P3", "P4"]
    told = CheminGame(names, seed)
    quiet = CheminGame(names, seed, record=False, keep_log=False)
    seats_told = {
        n: CheminComputer(n, told, "bold" if i % 2 else "cautious") for i, n in enumerate(names)
    }
    seats_quiet = {
        n: CheminComputer(n, quiet, "bold" if i % 2 else "cautious") for i, n in enumerate(names)
    }
    for _ in range(300):
        if told.phase == "ended":
            break
        assert play_step(told, seats_told) == play_step(quiet, seats_quiet)
        assert quiet.report().model_dump_json() == told.report().model_dump_json()
    assert told.log and told.actions
    assert quiet.log == [] and quiet.actions == []


# "If any player calls banco, he takes the entire bank, but the players in turn have the
# right then to banco instead" (the Pocket Book): every new game's rule (issue 20).
def test_after_a_banco_the_players_in_turn_may_banco_instead() -> None:
    game = CheminGame(FOUR, seed=2, banco_instead=True)
    game.bid("Ana", 20)
    assert game.order == ["Bruno", "Chloé", "Dario"]
    game.wager("Bruno", 5)
    game.banco("Chloé")  # Bruno's part handed back; Dario may still banco instead
    assert game.stakes == {"Chloé": 20} and game.balances["Bruno"] == 100
    assert game.to_act() == (["Dario"], ("banco", "pass"))
    assert game.prompt == "Chloé has called banco: Dario may banco instead (20) or pass."
    before = game.report()
    with pytest.raises(IllegalAction, match="has called banco: the whole bank is taken"):
        game.wager("Dario", 5)
    assert game.report() == before  # the refusal changed nothing
    events = game.banco("Dario")
    assert any("Dario: banco instead of Chloé!" in e.text for e in events)
    assert game.stakes == {"Dario": 20} and game.balances["Chloé"] == 100
    assert game.to_act() == (["Ana"], ("deal",))  # everyone has spoken: the banker deals
    game.deal()
    assert game.coups[-1].played_by == "Dario"


def test_after_a_banco_the_others_may_pass_and_the_caller_plays() -> None:
    game = CheminGame(FOUR, seed=2, banco_instead=True)
    game.bid("Ana", 20)
    game.banco("Bruno")
    assert game.to_act() == (["Chloé"], ("banco", "pass"))
    game.pass_("Chloé")
    game.pass_("Dario")
    assert game.to_act() == (["Ana"], ("deal",))
    game.deal()
    assert game.coups[-1].played_by == "Bruno"


def test_a_player_who_cannot_take_the_whole_bank_is_not_asked_after_a_banco() -> None:
    game = CheminGame(FOUR, seed=2, banco_instead=True)
    game.bid("Ana", 20)
    game.balances["Chloé"] = 10  # cannot take a bank of 20
    game.banco("Bruno")
    assert game.to_act() == (["Dario"], ("banco", "pass"))


def test_a_new_game_follows_the_book_and_its_record_says_so() -> None:
    from banque.games.chemin_de_fer.game import new_game

    game = new_game(FOUR, 2)
    assert game.banco_instead
    game.bid("Ana", 20)
    game.banco("Bruno")
    game.banco("Chloé")
    text = dump_record(record_of(game))
    assert '"banco_instead": true' in text
    again = replay(parse_record(json.loads(text)))
    assert again.error is None and again.game.stakes == {"Chloé": 20}


def test_an_older_record_lets_the_first_banco_stand() -> None:
    # made before the rule: no banco_instead, the betting ends at the first banco
    result = worked()
    assert result.error is None and not result.game.banco_instead
    data = record([*WORKED[:6], {"act": "banco", "who": "Chloé"}], shoe=WORKED_SHOE)
    late = replay(parse_record(data))
    assert late.error is not None and late.error.rule == "phase"


def test_banco_instead_is_chemin_de_fers_record_field() -> None:
    data = record([], banco_instead=True) | {"game": "banque", "participants": FOUR}
    with pytest.raises(
        RecordError, match="banco_instead is a table option of chemin de fer, punto banco only"
    ):
        replay(parse_record(data))
