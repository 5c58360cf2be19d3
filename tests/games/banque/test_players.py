"""Computer players: legal, seeded, and blind to cards they do not hold."""

from __future__ import annotations

from banque.core.models import Observation
from banque.core.record import dump_record, parse_record
from banque.games.banque.game import Game
from banque.games.banque.players import BOLD, CAUTIOUS, ComputerPlayer, computer_table, play_step
from banque.games.records import record_of, replay

NAMES = ["Ana", "Bruno", "Chloé", "Dario", "Elena"]


def _play(seed: int, banks: int = 3, names: list[str] = NAMES) -> Game:
    game = Game(names, seed)
    bots = computer_table(game, names)
    while len(game.banks) < banks or game.phase != "ended":
        assert play_step(game, bots)
        assert game.total_chips() == 100 * len(names)
    return game


def test_temperaments_differ() -> None:
    assert CAUTIOUS != BOLD
    assert BOLD.bid_share[0] > CAUTIOUS.bid_share[0]
    assert BOLD.wager_share[1] > CAUTIOUS.wager_share[1]


def test_computer_players_play_whole_banks_legally() -> None:
    game = _play(seed=4, banks=3)
    assert all(b.ended is not None for b in game.banks)
    kinds = {ln.kind for bank_coups in [game.coups] for c in bank_coups for ln in c.lines}
    assert kinds <= {"wager", "a_cheval", "banco"}


def test_computer_players_use_every_kind_of_decision() -> None:
    """Over a few banks: bids, passes, wagers, à cheval, banco, draw and stand at 5."""
    game = Game(NAMES, 11)
    bots = computer_table(game, NAMES)
    while len(game.banks) < 12 or game.phase != "ended":
        play_step(game, bots)
    acts = {a.act for a in game.actions}
    assert {"bid", "pass", "wager", "deal", "draw", "stand", "retire"} <= acts
    assert any(a.act == "wager" and a.a_cheval for a in game.actions)  # type: ignore[union-attr]
    assert "banco" in acts


def test_seeded_game_with_computer_players_replays_to_the_identical_end() -> None:
    game = _play(seed=9, banks=4)
    text = dump_record(record_of(game))
    again = replay(parse_record(__import__("json").loads(text)))
    assert again.error is None
    assert again.game.report().model_dump() == game.report().model_dump()
    # And the same seed gives the same game again, act for act.
    twin = _play(seed=9, banks=4)
    assert twin.actions == game.actions


def test_different_seeds_give_different_games() -> None:
    assert _play(seed=1, banks=1).actions != _play(seed=2, banks=1).actions


def _game_at_banker_choice(shoe: list[str]) -> Game:
    game = Game(["Ana", "Bruno", "Chloé"], 5, shoe)
    game.bid("Ana", 40)
    game.pass_bid("Bruno")
    game.pass_bid("Chloé")
    game.wager("Bruno", 10)
    game.wager("Chloé", 6)
    game.deal()
    return game


def test_a_computer_player_never_sees_a_concealed_card_it_does_not_hold() -> None:
    # Two games that differ only in the sides' concealed pairs (both sides stand
    # at 6 or 7 in each): the banker's observation and decision are identical.
    one = _game_at_banker_choice(["TC", "TD", "2S", "6C", "7D", "3C"])
    two = _game_at_banker_choice(["KH", "QS", "2S", "7H", "6S", "3C"])
    assert one.phase == two.phase == "banker"
    obs1, obs2 = one.observe("Ana"), two.observe("Ana")
    assert obs1 == obs2
    assert obs1.hands["right"] == (None, None)
    for p in ("cautious", "bold"):
        a = ComputerPlayer("Ana", p, one.rng_for("seat:Ana")).decide(obs1)
        b = ComputerPlayer("Ana", p, two.rng_for("seat:Ana")).decide(obs2)
        assert a == b
    # The public and every other seat see no concealed card either.
    for seat in ("Bruno", "Chloé"):
        o = one.observe(seat)
        assert o.hands["banker"] == (None, None)
        other = "left" if seat == "Bruno" else "right"
        assert o.hands[other] == (None, None)  # type: ignore[index]


def test_observation_is_a_copy() -> None:
    game = _game_at_banker_choice(["TC", "TD", "2S", "6C", "7D", "3C"])
    obs = game.observe("Ana")
    assert isinstance(obs, Observation)
    obs.balances["Ana"] = 10_000
    assert game.balances["Ana"] != 10_000


def test_banker_choice_follows_the_advisor_when_stakes_differ() -> None:
    game = _game_at_banker_choice(["TC", "TD", "2S", "6C", "7D", "3C"])
    # Banker holds 2+3 = 5; both sides stood (6-7): standing at 5 loses to both,
    # drawing can win: the advisor says draw.
    bot = ComputerPlayer("Ana", "cautious", game.rng_for("seat:Ana"))
    action = bot.decide(game.observe("Ana"))
    assert (action.act, action.side) == ("draw", "banker")  # type: ignore[union-attr]


def test_table_banker_mode_draws_at_five_or_less() -> None:
    game = _game_at_banker_choice(["TC", "TD", "2S", "6C", "7D", "3C"])
    bot = ComputerPlayer("Ana", "bold", game.rng_for("x"), banker_mode="table")
    assert bot.decide(game.observe("Ana")).act == "draw"


def test_a_computer_refuses_to_act_out_of_turn() -> None:
    game = Game(["Ana", "Bruno", "Chloé"], 1)
    game.bid("Ana", 10)
    game.pass_bid("Bruno")
    game.pass_bid("Chloé")
    bot = ComputerPlayer("Chloé", "bold", game.rng_for("c"))
    try:
        bot.decide(game.observe("Chloé"))
    except ValueError as exc:
        assert "not Chloé's turn" in str(exc)
    else:  # pragma: no cover
        raise AssertionError("a computer acted out of turn")
