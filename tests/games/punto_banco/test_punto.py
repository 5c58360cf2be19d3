"""Punto banco (issue 10): worked coups through records, refusals, exact odds, simulate."""

from __future__ import annotations

import json
import random
import subprocess
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from banque.core.errors import IllegalAction
from banque.core.record import dump_record, parse_record
from banque.games.punto_banco.game import SPOTS, PuntoGame
from banque.games.records import record_of, replay
from banque.games.two_hands import banker_draws, big_road, player_draws
from banque.study.two_hands_odds import punto_odds, punto_report
from banque.study.two_hands_simulate import simulate_punto

from ...cli_run import run_cli


def record(actions: list[dict[str, Any]], **head: Any) -> dict[str, Any]:
    return {
        "format": "banque-record/1",
        "game": "punto-banco",
        "participants": ["Ana", "Bruno"],
        "seed": 5,
        **head,
        "actions": actions,
    }


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """``banque ARGS`` (in this process: what it prints, not how it starts)."""
    return run_cli(*args, stdin=stdin)


def test_a_worked_coup_with_third_cards_through_a_record() -> None:
    # Player 2+3 = 5 draws (fixed: a player must draw at 5), an 8: 3.
    # Banker 4+K = 4 against a third card 8: stands.  The banker wins 4 to 3.
    rec = record(
        [
            {"act": "bet", "who": "Ana", "on": "player", "amount": 30},
            {"act": "bet", "who": "Bruno", "on": "banker", "amount": 40},
            {"act": "deal"},
        ],
        shoe=["2C", "4H", "3D", "KS", "8S"],
    )
    result = replay(parse_record(rec))
    assert result.error is None
    game = result.game
    coup = game.coups[0]
    assert coup.hands.player == ["2C", "3D", "8S"] and coup.hands.banker == ["4H", "KS"]
    assert coup.moves == {"player": "draw", "banker": "stand"}
    assert coup.totals == {"player": 3, "banker": 4} and coup.result == "banker"
    assert game.balances == {"Ana": 70, "Bruno": 138}  # 40 won less 2 commission
    assert coup.bets[1]["commission"] == 2 and coup.bets[1]["won"] == 38
    assert game.house == -8 and game.total_chips() == 200


def test_a_natural_ends_the_coup_and_pays_the_natural_bets() -> None:
    rec = record(
        [
            {"act": "bet", "who": "Ana", "on": "natural8", "amount": 5},
            {"act": "bet", "who": "Bruno", "on": "natural9", "amount": 5},
            {"act": "bet", "who": "Bruno", "on": "player", "amount": 10},
            {"act": "deal"},
        ],
        shoe=["4C", "5D", "2H", "3S", "9C"],  # player 6, banker 8: natural, no draw
    )
    game = replay(parse_record(rec)).game
    coup = game.coups[0]
    assert coup.natural and coup.hands.banker == ["5D", "3S"] and len(coup.hands.player) == 2
    assert game.balances == {"Ana": 145, "Bruno": 85}  # 9 to 1; natural 9 and player lost


def test_a_tie_returns_the_bets_on_the_hands() -> None:
    rec = record(
        [
            {"act": "bet", "who": "Ana", "on": "player", "amount": 10},
            {"act": "bet", "who": "Bruno", "on": "banker", "amount": 10},
            {"act": "deal"},
        ],
        shoe=["3C", "4D", "4H", "3S"],  # 7 and 7: both stand
    )
    game = replay(parse_record(rec)).game
    assert game.coups[0].result == "tie" and game.balances == {"Ana": 100, "Bruno": 100}


def test_the_commission_box_keeps_fractions_exactly() -> None:
    game = PuntoGame(["Ana"], shoe=["3C", "9D", "3H", "KS"] * 2)
    for _ in range(2):
        game.bet("Ana", "banker", 10)
        game.deal()  # banker 9 wins: 10 won, half a chip due
    assert game.balances["Ana"] == 119 and game.due["Ana"] == 0 and game.house == -19


def test_the_seed_texts_draws_and_the_standard_table() -> None:
    assert player_draws(5) and not player_draws(6)
    # "the banker must draw, if holding a 3 hand, when he has given a 9, or a 5 hand
    # after giving a 4"
    assert banker_draws(3, 9) and banker_draws(5, 4)
    assert not banker_draws(3, 8) and not banker_draws(4, 1) and not banker_draws(6, 5)
    assert banker_draws(6, 6) and not banker_draws(7, 6)
    assert banker_draws(5, None) and not banker_draws(6, None)


@pytest.mark.parametrize(
    ("act", "rule"),
    [
        ({"act": "bet", "who": "Ana", "on": "player", "amount": 101}, "limit"),
        ({"act": "bet", "who": "Ana", "on": "tie", "amount": 5}, None),  # not a spot
        ({"act": "bet", "who": "Zoé", "on": "player", "amount": 5}, "participant"),
        ({"act": "draw", "side": "banker"}, "act"),
        ({"act": "stand", "side": "punter"}, "act"),
        ({"act": "bid", "who": "Ana", "amount": 5}, "act"),
    ],
)
def test_refusals_leave_the_state_unchanged(act: dict[str, Any], rule: str | None) -> None:
    head = [{"act": "bet", "who": "Ana", "on": "player", "amount": 20}]
    if rule is None:
        with pytest.raises(Exception, match="on"):
            parse_record(record([*head, act]))
        return
    before = replay(parse_record(record(head))).game.report()
    result = replay(parse_record(record([*head, act])))
    assert result.error is not None and result.error.rule == rule and result.error.index == 2
    assert result.game.report() == before


def test_a_bet_beyond_the_limit_or_the_balance_is_refused_in_words() -> None:
    game = PuntoGame(["Ana"], limit=50)
    game.bet("Ana", "player", 40)
    with pytest.raises(IllegalAction, match="at most 10 more"):
        game.bet("Ana", "player", 11)
    game.bet("Ana", "banker", 50)
    with pytest.raises(IllegalAction, match="10 chips"):
        game.bet("Ana", "natural8", 11)
    with pytest.raises(IllegalAction, match="deal the coup"):
        game.retire()
    assert game.balances["Ana"] == 10 and game.staked() == 90


def test_nothing_after_the_game_ends() -> None:
    game = PuntoGame(["Ana"])
    game.retire()
    for attempt in (lambda: game.bet("Ana", "player", 1), game.deal, game.retire):
        with pytest.raises(IllegalAction, match="over"):
            attempt()


def test_exact_odds_match_the_published_figures() -> None:
    odds = punto_odds(8)
    assert odds["player"] + odds["banker"] + odds["tie"] == 1
    assert round(float(odds["banker"]), 6) == 0.458597
    assert round(float(odds["player"]), 6) == 0.446247
    assert round(float(odds["tie"]), 6) == 0.095156
    assert round(float(odds["edges"]["banker"]) * 100, 4) == 1.0579
    assert round(float(odds["edges"]["player"]) * 100, 4) == 1.2351
    six = punto_odds(6)
    assert round(float(six["edges"]["banker"]) * 100, 4) == 1.0558
    # natural 8 at 9 to 1: the house keeps what ten times its chance falls short of 1
    assert odds["edges"]["natural8"] == 1 - 10 * odds["natural8"]


def test_the_tie_bets_edge_where_a_table_offers_one() -> None:
    """The Las Vegas game takes no tie bet, but the odds give its edge at the two
    payouts other tables offer: the published 14.36 % (8 to 1) and 4.84 % (9 to 1) at
    eight packs, 14.44 % and 4.93 % at six."""
    for packs, at_8, at_9 in ((8, 14.3596, 4.8440), (6, 14.4382, 4.9313)):
        odds = punto_odds(packs)
        # a tie returns 9 chips for 1 at 8 to 1, 10 at 9 to 1; any other coup loses it
        assert odds["edges"]["tie_8_to_1"] == 1 - 9 * odds["tie"]
        assert odds["edges"]["tie_9_to_1"] == 1 - 10 * odds["tie"]
        assert round(float(odds["edges"]["tie_8_to_1"]) * 100, 4) == at_8
        assert round(float(odds["edges"]["tie_9_to_1"]) * 100, 4) == at_9
    text = run("odds", "--game", "punto-banco").stdout
    assert "A bet on a tie, where a table offers one (not a bet of this game)" in text
    assert "Tie (pays 8 to 1)              14.3596 %" in text
    assert "Tie (pays 9 to 1)               4.8440 %" in text


def test_odds_cli_json_gives_exact_fractions() -> None:
    out = run("odds", "--game", "punto-banco", "--packs", "6", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data == json.loads(json.dumps(punto_report(6)))
    total = sum(Fraction(data[k]["fraction"]) for k in ("player_wins", "banker_wins", "tie"))
    assert total == 1
    assert set(data["house_edge"]) == {
        "banker",
        "player",
        "natural8",
        "natural9",
        "tie_8_to_1",
        "tie_9_to_1",
    }
    text = run("odds", "--game", "punto-banco")
    assert "Banker (pays 1 to 1 less 5 %)" in text.stdout and "8 packs" in text.stdout


@pytest.mark.sweep
def test_simulate_converges_to_the_exact_edges() -> None:
    summary = simulate_punto(30_000, seed=11)
    exact = summary.exact["edges"]
    for name, spot in summary.spots.items():
        assert spot.bets == 30_000
        # within 4.5 standard errors of the exact edge (a false alarm about 1 in 10^5)
        assert abs(spot.edge() - float(exact[name])) < 4.5 * spot.error(), name
    assert sum(summary.results.values()) == 30_000


def test_simulate_cli() -> None:
    out = run("simulate", "--game", "punto-banco", "--coups", "500", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["coups"] == 500 and set(data["house_edge"]) == set(SPOTS)


def test_replay_cli_text_and_json(tmp_path: Any) -> None:
    rec = record(
        [{"act": "bet", "who": "Ana", "on": "banker", "amount": 20}, {"act": "deal"}],
        shoe=["4C", "9D", "3H", "KS"],
    )
    path = tmp_path / "p.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    text = run("replay", str(path))
    assert text.returncode == 0, text.stderr
    assert "the banker wins" in text.stdout and "Ana 119" in text.stdout
    data = json.loads(run("replay", "--json", str(path)).stdout)
    coup = data["coups"][0]
    assert data["game"] == "punto-banco" and coup["natural"] is True
    assert coup["bets"][0] == {
        "who": "Ana",
        "on": "banker",
        "amount": 20,
        "result": "win",
        "won": 19,
        "commission": 1,
    }
    assert data["road"] == [["B"]] and data["house"] == -19


def test_big_road() -> None:
    assert big_road(["tie", "player", "player", "banker", "tie", "tie"]) == [
        ["T"],
        ["P", "P"],
        ["B" + "TT"],
    ]


def test_an_old_record_is_banque() -> None:
    rec = parse_record({"participants": ["A", "B", "C"], "actions": []})
    assert rec.game == "banque" and "game" not in dump_record(rec)


@settings(
    max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(seed=st.integers(0, 10**6), steps=st.integers(1, 120), players=st.integers(1, 4))
def test_random_play_conserves_chips_and_replays_identically(
    seed: int, steps: int, players: int
) -> None:
    names = ["Ana", "Bruno", "Chloé", "Dario"][:players]
    rnd = random.Random(seed)
    game = PuntoGame(names, seed, limit=rnd.choice([10, 50, 100]), packs=rnd.choice([6, 8]))
    for _ in range(steps):
        if rnd.random() < 0.6:
            who, on = rnd.choice(names), rnd.choice(SPOTS)
            amount = rnd.randint(1, 60)
            before = game.report()
            try:
                game.bet(who, on, amount)
            except IllegalAction:
                assert game.report() == before
        else:
            game.deal()
        assert game.total_chips() == 100 * players
        assert all(b >= 0 for b in game.balances.values())
        assert all(0 <= d < 20 for d in game.due.values())
    text = dump_record(record_of(game))
    again = replay(parse_record(json.loads(text)))
    assert again.error is None and again.game.report() == game.report()


def test_advise_says_punto_banco_asks_nothing(tmp_path: Any) -> None:
    path = tmp_path / "p.json"
    path.write_text(json.dumps(record([{"act": "deal"}])), encoding="utf-8")
    out = run("advise", str(path))
    assert out.returncode == 2 and "every draw is fixed" in out.stderr


@settings(max_examples=25, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1), bets=st.integers(0, 2**32 - 1))
def test_a_quiet_game_plays_exactly_like_a_told_one(seed: int, bets: int) -> None:
    """``record=False, keep_log=False`` (the simulation) tells nothing and changes nothing."""
    told = PuntoGame(["Ana", "Bo"], seed)
    quiet = PuntoGame(["Ana", "Bo"], seed, record=False, keep_log=False)
    rnd = random.Random(bets)
    said = 0
    for _ in range(120):
        for who in ("Ana", "Bo"):
            on = rnd.choice(SPOTS)
            amount = rnd.randint(1, 5)
            if told.can_bet(who, on, amount):
                said += len(told.bet(who, on, amount))
                assert quiet.bet(who, on, amount) == []
        said += len(told.deal())
        assert quiet.deal() == []
    assert said and told.log and told.actions
    assert quiet.log == [] and quiet.actions == []
    assert quiet.report().model_dump_json() == told.report().model_dump_json()


# "Six or eight standard packs of cards are used." (issue 20)
@pytest.mark.parametrize("packs", [1, 3, 7, 9])
def test_the_las_vegas_game_takes_six_or_eight_packs(packs: int, tmp_path: Any) -> None:
    with pytest.raises(IllegalAction, match=f"six or eight packs, not {packs}"):
        PuntoGame(["Ana"], packs=packs)
    path = tmp_path / "three-packs.json"
    path.write_text(json.dumps(record([], packs=packs)), encoding="utf-8")
    out = run("replay", str(path))
    assert out.returncode == 2 and f"six or eight packs, not {packs}" in out.stderr
    assert "Traceback" not in out.stderr
    host = run("host", "--game", "punto-banco", "--packs", str(packs))
    assert host.returncode == 2 and f"six or eight packs, not {packs}" in host.stderr


@pytest.mark.parametrize("packs", [6, 8])
def test_six_and_eight_packs_play(packs: int) -> None:
    game = PuntoGame(["Ana"], seed=1, packs=packs)
    game.bet("Ana", "player", 10)
    game.deal()
    again = replay(parse_record(json.loads(dump_record(record_of(game)))))
    assert again.error is None and again.game.packs == packs
    assert again.game.balances == game.balances


# "The house betting limit will, however, sometimes be raised, when a player requests
# this": a table option (issue 20); without it the house never raises its limit.
def test_the_house_never_raises_its_limit_without_the_option() -> None:
    game = PuntoGame(["Ana"], seed=1)
    assert not game.can_ask_limit()
    before = game.report()
    with pytest.raises(IllegalAction, match="This house does not raise its limit: it stays 100"):
        game.ask_limit("Ana", 200)
    assert game.report() == before


def test_a_player_asks_and_the_house_raises_its_limit_up_to_the_option() -> None:
    game = PuntoGame(["Ana", "Bruno"], seed=1, limit=50, raise_limit=500)
    with pytest.raises(IllegalAction, match="at most 50 may go on the player"):
        game.bet("Ana", "player", 80)
    with pytest.raises(IllegalAction, match="raises its limit to 500 a bet at the most"):
        game.ask_limit("Ana", 600)
    with pytest.raises(IllegalAction, match="The limit is 50 a bet already"):
        game.ask_limit("Ana", 50)
    events = game.ask_limit("Ana", 300)
    assert (
        events[-1].text == "Ana asks for a higher limit: the house raises it from 50 to 300 a bet."
    )
    game.bet("Bruno", "banker", 80)  # the whole table's limit
    game.deal()
    text = dump_record(record_of(game))
    assert '"raise_limit": 500' in text and '"limit": 50' in text  # the limit it began with
    assert '{"act": "ask_limit", "who": "Ana", "amount": 300}' in text
    again = replay(parse_record(json.loads(text)))
    assert again.error is None and again.game.limit == 300 and again.game.balances == game.balances


def test_the_raise_is_above_the_limit() -> None:
    with pytest.raises(IllegalAction, match="above its limit"):
        PuntoGame(["Ana"], limit=200, raise_limit=200)


def test_the_command_line_takes_the_option_for_punto_banco_only() -> None:
    out = run("host", "--game", "chemin-de-fer", "--raise-limit", "500")
    assert out.returncode == 2 and "--raise-limit is an option of punto banco only" in out.stderr
    out = run("host", "--raise-limit", "500")
    assert out.returncode == 2 and "--raise-limit is an option of punto banco only" in out.stderr
    out = run("--limit", "50")
    assert out.returncode == 2 and "--limit is an option of punto banco only" in out.stderr
    out = run("--packs", "6")
    assert (
        out.returncode == 2
        and "--packs is an option of chemin de fer, punto banco only" in out.stderr
    )
