"""The Las Vegas game with the bank held by the players (issue 20): "When the role of
banker rotates among the players, the rules for the bank are the same as for normal
Baccarat", and "all player's and banker's options are removed, to become draw plays"."""

from __future__ import annotations

import json
from typing import Any

import pytest

from banque.core.errors import IllegalAction, RecordError
from banque.core.models import Bid
from banque.core.record import dump_record, parse_record
from banque.games.punto_banco.game import new_game
from banque.games.punto_banco.player_bank import PlayerBankGame
from banque.games.records import record_of, replay
from banque.session.port import TwoHandSession

from ...cli_run import run_cli

THREE = ["Ana", "Bruno", "Chloé"]  # seed 1: Ana draws the bank by lot


def record(actions: list[dict[str, Any]], **head: Any) -> dict[str, Any]:
    return {
        "format": "banque-record/1",
        "game": "punto-banco",
        "participants": THREE,
        "seed": 1,
        "bank": "players",
        **head,
        "actions": actions,
    }


# Punter 2+3 = 5 must draw (no option at the Las Vegas game): a K, still 5; banker 3+3 = 6
# against a third card worth 0: stands (the table: 6 draws against 6-7 only).
FIVE = ["2C", "3D", "3H", "3S", "KC", "9H", "7C", "KD", "KH"]


def test_a_players_bank_is_chemin_de_fers_bank_with_every_draw_fixed() -> None:
    game = PlayerBankGame(THREE, seed=1, shoe=FIVE)
    assert game.game == "punto-banco" and game.banker == "Ana" and game.packs == 8
    game.bid("Ana", 30)
    game.wager("Bruno", 10)
    with pytest.raises(IllegalAction, match="Only 20 of the bank remains"):
        game.wager("Chloé", 25)  # the bank is the limit, not a house limit
    game.wager("Chloé", 20)
    events = game.deal()
    coup = game.coups[-1]
    assert coup.moves == {"player": "draw", "banker": "stand"}  # nobody was asked
    assert coup.hands.player == ["2C", "3H", "KC"] and coup.result == "banker"
    assert any("draws" in e.text for e in events)
    assert game.phase == "betting" and game.fund == 60  # the bank won: it stays with Ana


def test_the_bank_passes_when_its_banker_loses_and_banco_holds() -> None:
    shoe = ["9C", "7H", "KS", "KD"]  # the punters' natural 9
    game = PlayerBankGame(THREE, seed=1, shoe=shoe)
    game.bid("Ana", 20)
    game.banco("Bruno")
    assert game.to_act() == (["Chloé"], ("banco", "pass"))  # banco instead, as the book says
    game.pass_("Chloé")
    game.deal()
    assert game.coups[-1].result == "player" and game.banker == "Bruno"


def test_a_players_bank_records_and_replays() -> None:
    game = new_game(THREE, 1, bank="players")
    assert isinstance(game, PlayerBankGame) and game.banco_instead
    game.bid("Ana", 20)
    game.wager("Bruno", 5)
    game.pass_("Chloé")
    game.deal()
    text = dump_record(record_of(game))
    data = json.loads(text)
    assert data["game"] == "punto-banco" and data["bank"] == "players"
    again = replay(parse_record(data))
    assert again.error is None and again.game.balances == game.balances
    assert again.game.coups == game.coups


def test_a_players_bank_takes_no_draw_and_no_house_limit() -> None:
    data = record([{"act": "bid", "who": "Ana", "amount": 20}], limit=50)
    with pytest.raises(RecordError, match="no house limit"):
        replay(parse_record(data))
    with pytest.raises(IllegalAction, match="no house limit"):
        new_game(THREE, 1, bank="players", raise_limit=300)
    with pytest.raises(IllegalAction, match="six or eight packs, not 3"):
        PlayerBankGame(THREE, packs=3)
    acts = [
        {"act": "bid", "who": "Ana", "amount": 20},
        {"act": "banco", "who": "Bruno"},
        {"act": "pass", "who": "Chloé"},
        {"act": "deal"},
        {"act": "draw", "side": "punter"},
    ]
    result = replay(parse_record(record(acts, shoe=FIVE)))
    assert result.error is not None and result.error.rule == "phase"  # nobody draws by choice


def test_a_house_bank_takes_no_players_bank_field() -> None:
    data = record([]) | {"bank": "house", "banco_instead": True}
    with pytest.raises(RecordError, match="players' bank"):
        replay(parse_record(data))


def test_a_hosted_players_bank_goes_in_turn_and_says_so() -> None:
    session = TwoHandSession.new(
        "punto-banco", THREE, styles={"Chloé": "bold"}, seed=1, bank="players"
    )
    assert not session.concurrent
    assert session.table_options()["bank"] == "players"
    assert "the bank held by the players" in str(session.table_words())
    view = session.seat_view("Bruno")
    assert view.game == "punto-banco"  # type: ignore[attr-defined]
    session.perform_for("Ana", Bid(who="Ana", amount=20))
    assert session.actor() == "Bruno" and session.seat_acts("Bruno")[:3] == [
        "wager",
        "banco",
        "pass",
    ]


def test_the_command_line_offers_the_players_bank_for_punto_banco_only() -> None:
    out = run_cli("--game", "chemin-de-fer", "--bank", "players")
    assert out.returncode == 2 and "--bank is an option of punto banco only" in out.stderr
    out = run_cli("host", "--game", "punto-banco", "--bank", "players", "--limit", "50")
    assert out.returncode == 2 and "no house limit" in out.stderr
