"""The rule profiles: each statement of the classic (003) and hoyle (004) texts through a record.

Every test plays a record (``rules`` named in it) and checks what a reader of
the book would check: who sits where, what was paid, what the fund is.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from banque.core.errors import IllegalAction
from banque.core.record import dump_record, parse_record
from banque.games.banque.game import Game
from banque.games.banque.players import ComputerPlayer
from banque.games.banque.rules import PROFILES, describe, differences
from banque.games.records import record_of, replay

FIVE = ["Ana", "Bruno", "Chloé", "David", "Emma"]
THREE = ["Ana", "Bruno", "Chloé"]


def play(
    rules: str,
    actions: list[dict[str, Any]],
    *,
    participants: list[str] | None = None,
    shoe: list[str] | None = None,
    options: dict[str, Any] | None = None,
    seed: int = 7,
    ok: bool = True,
) -> Game:
    """Replay a record under ``rules``; with ``ok`` every act must be legal."""
    data: dict[str, Any] = {
        "participants": participants or THREE,
        "seed": seed,
        "rules": rules,
        "shoe": shoe or [],
        "actions": actions,
    }
    if options:
        data["options"] = options
    record = parse_record(data)
    result = replay(record)
    if ok:
        assert result.error is None, result.error
    # The record the game writes replays to the same state.
    again = replay(parse_record(json.loads(dump_record(record_of(result.game)))))
    assert again.error == result.error
    assert again.game.report().model_dump() == result.game.report().model_dump()
    return result.game


def refused(rules: str, actions: list[dict[str, Any]], **kw: Any) -> str:
    """The refusal of a record's last act."""
    data = {"participants": kw.pop("participants", THREE), "seed": 7, "rules": rules}
    data.update(kw)
    result = replay(parse_record({**data, "actions": actions}))
    assert result.error is not None and result.error.index == len(actions), result.error
    return result.error.reason


def bid(who: str, amount: int) -> dict[str, Any]:
    return {"act": "bid", "who": who, "amount": amount}


def wager(who: str, amount: int, **kw: Any) -> dict[str, Any]:
    return {"act": "wager", "who": who, "amount": amount, **kw}


def passes(*names: str) -> list[dict[str, Any]]:
    return [{"act": "pass", "who": n} for n in names]


DEAL = {"act": "deal"}
RETIRE = {"act": "retire"}


def stand(side: str) -> dict[str, Any]:
    return {"act": "stand", "side": side}


def draw(side: str) -> dict[str, Any]:
    return {"act": "draw", "side": side}


# Right 7, left 6 (both stand), banker 0: the banker stands and loses on both sides.
BANKER_LOSES = ["7H", "6S", "KD", "KH", "KS", "QD"]
# Right 6, left 6 (both stand), banker 7: the banker stands and wins on both sides.
BANKER_WINS = ["6H", "6S", "7D", "KC", "KD", "QD"]


# ------------------------------------------------------------------ the shape


def test_each_profile_is_one_small_definition_and_home_is_the_default() -> None:
    assert set(PROFILES) == {"home", "classic", "hoyle"}
    assert Game(THREE).rules == "home" and Game(THREE).house is PROFILES["home"]
    classic = dict((k, (h, c)) for k, h, c in differences("classic"))
    assert {"seating", "max_burn", "liability", "banco", "naturals", "low_shoe"} <= set(classic)
    assert "per-side" not in classic["naturals"][0] and "only the hands" in classic["naturals"][1]
    assert describe("home") and not differences("home")
    with pytest.raises(IllegalAction, match="Unknown rules 'poker'"):
        Game(THREE, rules="poker")  # type: ignore[arg-type]


def test_a_record_without_rules_is_home_and_names_other_rules_when_written() -> None:
    game = play("classic", [bid("Ana", 10)])
    text = dump_record(record_of(game))
    assert '"rules": "classic"' in text
    home = replay(parse_record({"participants": THREE, "actions": [bid("Ana", 10)]})).game
    assert home.rules == "home" and '"rules"' not in dump_record(record_of(home))


# ------------------------------------------------------------------ classic (003)


def test_classic_seats_by_precedence_the_other_bidders_first() -> None:
    # Ana bids 10, Chloé 5, Emma 8: Ana banks; Emma (8) sits first right, Chloé (5) first
    # left, then the rest as listed: Bruno second right, David second left.
    auction = [
        bid("Ana", 10),
        *passes("Bruno"),
        bid("Chloé", 5),
        *passes("David"),
        bid("Emma", 8),
    ]
    game = play("classic", auction, participants=FIVE)
    assert game.sides == {"right": ["Emma", "Bruno"], "left": ["Chloé", "David"]}
    home = play("home", auction, participants=FIVE)
    assert home.sides == {"right": ["Bruno", "David"], "left": ["Chloé", "Emma"]}


def test_classic_a_seating_against_precedence_is_refused_in_words() -> None:
    # Ana banks; nobody else bid: precedence is the list, Bruno, Chloé, David, Emma.
    auction = [bid("Ana", 10), *passes("Bruno", "Chloé", "David", "Emma")]
    against = {"act": "seat", "right": ["Emma", "Chloé"], "left": ["Bruno", "David"]}
    said = refused("classic", [*auction, against], participants=FIVE)
    assert "The seats go by precedence: Bruno, the highest" in said
    assert "right Bruno and David; left Chloé and Emma" in said
    # The refusal leaves the table as it was: the seats by precedence.
    game = play("classic", auction, participants=FIVE)
    assert not game.can_seat(against["right"], against["left"])
    assert game.sides == {"right": ["Bruno", "David"], "left": ["Chloé", "Emma"]}
    # A player may watch instead of sitting: the others sit by precedence.
    watching = {
        "act": "seat",
        "right": ["Bruno", "Emma"],
        "left": ["David"],
        "spectators": ["Chloé"],
    }
    game = play("classic", [*auction, watching], participants=FIVE)
    assert game.sides == {"right": ["Bruno", "Emma"], "left": ["David"]}
    # Payment in order follows the seats: first right, first left, second right.
    assert game.seat_precedence() == ["Bruno", "David", "Emma", "Chloé"]
    swapped = {
        "act": "seat",
        "right": ["Emma", "Bruno"],
        "left": ["David"],
        "spectators": ["Chloé"],
    }
    assert "go by precedence" in refused("classic", [*auction, swapped], participants=FIVE)
    # At home the banker arranges the seats freely.
    assert play("home", [*auction, against], participants=FIVE).sides["right"] == ["Emma", "Chloé"]


def test_classic_seated_players_bet_on_either_hand() -> None:
    # "a bet to the left of the line means a bet on the left hand": Bruno, seated on the
    # right, bets on the left hand; the left wins and he is paid.
    shoe = ["KH", "7S", "6D", "KC", "KD", "QD"]  # right 0, left 7, banker 6
    acts = [bid("Ana", 10), wager("Bruno", 4, side="left"), *passes("Chloé"), DEAL]
    game = play("classic", [*acts, stand("banker")], shoe=shoe)
    coup = game.coups[0]
    assert coup.stakes == {"right": 0, "left": 4} and coup.payouts == {"Bruno": 4}
    assert coup.deciders == {"right": "Bruno", "left": "Chloé"}  # he still holds the right hand
    said = refused("home", [bid("Ana", 10), wager("Bruno", 4, side="left")])
    assert "sits on the right" in said


def test_classic_burn_one_to_six_cards_shown_and_counted_as_seen() -> None:
    shoe = ["2C", "3C", "4C", *BANKER_LOSES]
    game = play("classic", [bid("Ana", 10), {"act": "burn", "count": 3}], shoe=shoe)
    assert game.banks[0].burnt == [["2C", "3C", "4C"]]
    assert game.seen == ["2C", "3C", "4C"]
    assert game.observe("Ana").seen == ("2C", "3C", "4C")  # the advisor and computers count them
    assert any("burns 3 cards" in e.text and "2♣" in e.text for e in game.log)
    # The deal then starts after the burnt cards.
    game = play(
        "classic", [bid("Ana", 10), {"act": "burn", "count": 3}, DEAL, stand("banker")], shoe=shoe
    )
    assert game.coups[0].hands["right"] == ["7H", "KH"]
    # Once a shoe, before its first deal; 1 to 6; never under home.
    burn = {"act": "burn", "count": 3}
    assert "once" in refused("classic", [bid("Ana", 10), burn, burn])
    after_deal = [bid("Ana", 10), DEAL, stand("banker"), burn]
    assert "this shoe is in play" in refused("classic", after_deal, shoe=BANKER_LOSES)
    assert "1 to 6" in refused("classic", [bid("Ana", 10), {"act": "burn", "count": 7}])
    assert "no cards are burnt" in refused("home", [bid("Ana", 10), burn])


def test_classic_pays_in_order_as_far_as_the_fund_goes_and_shows_the_unpaid() -> None:
    # Fund 10. Right: Emma, Bruno; left: Chloé, David (precedence). Stakes 8 + 8 + 5 = 21
    # exceed the fund: accepted. The banker loses both sides: Emma (first right) is paid
    # 8, Chloé (first left) 2 of her 8, Bruno nothing: their stakes come back.
    auction = [bid("Ana", 10), *passes("Bruno"), bid("Chloé", 5), *passes("David"), bid("Emma", 8)]
    acts = [
        *auction,
        wager("Emma", 8),
        wager("Bruno", 5),
        wager("David", 0 + 1),
        wager("Chloé", 8),
        DEAL,
        stand("banker"),
    ]
    game = play("classic", acts, participants=FIVE, shoe=BANKER_LOSES)
    coup = game.coups[0]
    assert coup.results == {"right": "player", "left": "player"}
    assert coup.payouts == {"Emma": 8, "Chloé": 2, "Bruno": 0, "David": 0}
    assert coup.unpaid == {"Chloé": 6, "Bruno": 5, "David": 1}
    assert coup.fund_after == 0 and game.ended is not None and game.ended.reason == "bankrupt"
    assert game.balances == {"Ana": 90, "Bruno": 100, "Chloé": 102, "David": 100, "Emma": 108}
    assert any("unpaid" in e.text for e in game.log)
    # Home refuses the excess instead: the bank can always pay.
    home = play("home", [bid("Ana", 10), wager("Bruno", 8), wager("Chloé", 8)], shoe=BANKER_LOSES)
    assert home.stakes == {"right": 8, "left": 2}


def test_classic_spectators_bet_on_a_side_and_are_paid_last() -> None:
    seat = {"act": "seat", "right": ["Bruno"], "left": ["Chloé"], "spectators": ["David"]}
    acts = [
        bid("Ana", 10),
        *passes("Bruno", "Chloé", "David"),
        seat,
        wager("David", 6, side="left"),
        DEAL,
        stand("banker"),
    ]
    # The betting goes round the seats, then the spectators (Bruno and Chloé say nothing).
    game = play("classic", acts, participants=["Ana", "Bruno", "Chloé", "David"], shoe=BANKER_LOSES)
    assert game.spectators == ["David"] and game.banks[0].spectators == ["David"]
    assert game.coups[0].stakes == {"right": 0, "left": 6}
    assert game.coups[0].payouts == {"David": 6}
    no_side = [bid("Ana", 10), *passes("Bruno", "Chloé", "David"), seat, wager("David", 6)]
    assert "names its side" in refused(
        "classic", no_side, participants=["Ana", "Bruno", "Chloé", "David"]
    )
    assert "no spectators" in refused(
        "home",
        [bid("Ana", 10), *passes("Bruno", "Chloé", "David"), seat],
        participants=["Ana", "Bruno", "Chloé", "David"],
    )


def test_classic_spectator_paid_after_the_seats_goes_unpaid() -> None:
    seat = {"act": "seat", "right": ["Bruno"], "left": ["Chloé"], "spectators": ["David"]}
    acts = [
        bid("Ana", 10),
        *passes("Bruno", "Chloé", "David"),
        seat,
        wager("Bruno", 6),
        wager("Chloé", 4),
        wager("David", 5, side="right"),
        DEAL,
        stand("banker"),
    ]
    game = play("classic", acts, participants=["Ana", "Bruno", "Chloé", "David"], shoe=BANKER_LOSES)
    assert game.coups[0].payouts == {"Bruno": 6, "Chloé": 4, "David": 0}
    assert game.coups[0].unpaid == {"David": 5}


def test_classic_banco_plays_both_hands_divided_as_the_house_requires() -> None:
    acts = [
        bid("Ana", 10),
        *passes("Bruno"),
        {"act": "banco", "who": "Chloé", "right": 5, "left": 5},
        DEAL,
    ]
    # Right 7 (stands), left 1 (draws), banker 6: the banker stands.
    shoe = ["7H", "AS", "6D", "KH", "KS", "KD", "2C"]
    game = play("classic", [*acts, stand("banker")], shoe=shoe, options={"banco_split": "even"})
    coup = game.coups[0]
    assert coup.deciders == {"right": "Chloé", "left": "Chloé"}  # she plays both hands
    assert coup.stakes == {"right": 5, "left": 5}
    assert coup.results == {"right": "player", "left": "banker"}
    assert coup.payouts == {"Chloé": 0} and coup.fund_after == 10
    uneven = {"act": "banco", "who": "Chloé", "right": 8, "left": 2}
    said = refused(
        "classic", [bid("Ana", 10), *passes("Bruno"), uneven], options={"banco_split": "even"}
    )
    assert "refuses this banco" in said and "even division" in said
    said = refused(
        "classic", [bid("Ana", 10), *passes("Bruno"), uneven], options={"banco_split": 3}
    )
    assert "at least 3 chips on each side" in said
    undivided = {"act": "banco", "who": "Chloé"}
    assert "divided" in refused(
        "classic", [bid("Ana", 10), *passes("Bruno"), undivided], options={"banco_split": "divided"}
    )
    # Free division (the default): all of it on one side is fine; home never divides.
    free = play("classic", [bid("Ana", 10), *passes("Bruno"), uneven])
    assert free.claims == ["Chloé"]
    assert "not divided" in refused("home", [bid("Ana", 10), *passes("Bruno"), uneven])


def test_classic_banco_by_precedence_and_no_more_than_twice_in_a_row() -> None:
    # Both call: Bruno (first right) has precedence over Chloé (first left).
    acts = [bid("Ana", 10), {"act": "banco", "who": "Bruno"}, {"act": "banco", "who": "Chloé"}]
    game = play("classic", [*acts, DEAL], shoe=["KH", "KS", "7D", "KC", "KD", "2D"])
    assert game.coups[0].lines[0].who == "Bruno" and game.coups[0].stakes == {
        "right": 10,
        "left": 0,
    }
    # Bruno loses each coup (banker 7 on 0): two bancos in a row, then a third is refused.
    shoe = BANKER_WINS * 3
    banco = {"act": "banco", "who": "Bruno"}
    two = [bid("Ana", 10), banco, DEAL, stand("banker"), banco, DEAL, stand("banker")]
    game = play("classic", two, shoe=shoe)
    assert [c.lines[0].kind for c in game.coups] == ["banco", "banco"]
    assert "more than twice" in refused("classic", [*two, banco], shoe=shoe)
    assert game.observe("Bruno").can_banco is False
    play("home", [*two, banco], shoe=shoe)  # home has no such limit


def test_classic_banco_right_by_precedence_not_banco_suivi() -> None:
    # Coup 1: Chloé's banco loses (banco suivi at home). Coup 2: Bruno and Chloé both call:
    # "the right is determined by order of precedence" -- Bruno (first right) takes it.
    first = [bid("Ana", 10), *passes("Bruno"), {"act": "banco", "who": "Chloé"}, DEAL]
    second = [{"act": "banco", "who": "Bruno"}, {"act": "banco", "who": "Chloé"}, DEAL]
    acts = [*first, stand("banker"), *second]
    game = play("classic", acts, shoe=BANKER_WINS * 2)
    assert game.coups[0].lines[0].who == "Chloé"
    assert game.lines[0].who == "Bruno" and game.deciders == {"right": "Bruno", "left": "Bruno"}
    home = play("home", acts, shoe=BANKER_WINS * 2)
    assert home.lines[0].who == "Chloé"  # home: banco suivi first (the larger half)


def test_classic_natural_9_beats_8_and_a_side_without_one_plays_on() -> None:
    # Right 9 and left 8 against the banker's 8: 9 beats 8, equal naturals stand off.
    game = play(
        "classic",
        [bid("Ana", 10), wager("Bruno", 4), wager("Chloé", 4), DEAL],
        shoe=["9H", "8S", "8D", "KH", "KS", "KD"],
    )
    assert game.coups[0].results == {"right": "player", "left": "tie"}
    assert game.coups[0].natural_sides == ["right", "left"]
    # Right 9, left 3, banker 5: only the right is settled; the left draws, the banker
    # plays on and draws a 4 to 9 -- too late for the right, which has won already.
    shoe = ["9H", "3S", "5D", "KH", "KS", "KD", "QC", "4C"]
    acts = [bid("Ana", 10), wager("Bruno", 4), wager("Chloé", 4), DEAL]
    game = play("classic", acts, shoe=shoe)
    assert game.phase == "banker" and game.settled == ("right",)
    public = game.view(None)
    assert public.hands["right"].cards == ["9H", "KH"]  # the natural is shown to all
    assert public.hands["left"].cards[:2] == [None, None]  # the other side's pair is not
    assert "settled by its natural" in refused("classic", [*acts, draw("right")], shoe=shoe)
    game = play("classic", [*acts, draw("banker")], shoe=shoe)
    coup = game.coups[0]
    assert coup.moves == {"right": "natural", "left": "draw", "banker": "draw"}
    assert coup.totals == {"right": 9, "left": 3, "banker": 9}
    assert coup.results == {"right": "player", "left": "banker"}
    assert coup.natural_sides == ["right"] and not coup.natural
    assert coup.payouts == {"Bruno": 4, "Chloé": -4}
    # Home: the same cards end the coup at once, nobody draws.
    home = play("home", acts, shoe=shoe)
    assert home.coups[0].natural and home.coups[0].results == {"right": "player", "left": "banker"}


def play_coups(game: Game, until: Any, limit: int = 200) -> None:
    """Deal plain coups (no wagers; the banker stands) until ``until(game)``."""
    for _ in range(limit):
        if until(game):
            return
        game.deal()
        while game.phase in ("right", "left", "banker"):
            game.stand("banker") if game.phase == "banker" else game.draw(game.phase)
    raise AssertionError("never reached")


def test_classic_reshuffles_below_10_cards_and_the_bank_goes_on() -> None:
    game = Game(THREE, seed=5, rules="classic")
    game.bid("Ana", 10)
    game_cards: list[int] = []

    def reshuffled(g: Game) -> bool:
        game_cards.append(g.cards_left)
        return bool(g.banks and g.banks[0].reshuffles)

    play_coups(game, reshuffled)
    assert min(game_cards[:-1]) >= 10  # no coup began with fewer than 10 cards
    assert game.phase == "betting" and game.ended is None  # the bank goes on
    assert game.cards_left == 156 and game.seen == []
    assert any("reshuffled" in e.text for e in game.log)
    # The record replays it exactly; under home the same bank ends on the shoe.
    again = replay(parse_record(json.loads(dump_record(record_of(game))))).game
    assert again.report().model_dump() == game.report().model_dump()
    home = Game(THREE, seed=5)
    home.bid("Ana", 10)
    play_coups(home, lambda g: g.phase == "ended")
    assert home.ended is not None and home.ended.reason == "shoe"


def test_classic_burn_again_before_the_first_deal_of_a_reshuffled_shoe() -> None:
    game = Game(THREE, seed=5, rules="classic")
    game.bid("Ana", 10)
    play_coups(game, lambda g: bool(g.banks and g.banks[0].reshuffles))
    assert game.can_burn(6)
    game.burn(6)
    assert game.banks[0].burnt == [game.seen] and game.cards_left == 150


def test_classic_the_retired_bank_is_offered_in_precedence_then_auctioned() -> None:
    auction = [bid("Ana", 10), *passes("Bruno"), bid("Chloé", 5)]
    coup = [wager("Chloé", 4), DEAL, stand("banker")]  # Chloé sits first right
    shoe = ["6H", "7S", "7D", "KC", "KD", "QD"]  # right 6 loses to 7; left 7 ties
    acts = [*auction, *coup, RETIRE]
    game = play("classic", acts, shoe=shoe)
    assert game.phase == "ended" and game.offer == ["Chloé", "Bruno"] and game.offer_size == 14
    assert game.turn().acts == ["take", "pass"] and game.next_actor() == "Chloé"
    assert "offered at the same size" in refused("classic", [*acts, bid("Bruno", 3)], shoe=shoe)
    assert "offered to Chloé first" in refused(
        "classic", [*acts, {"act": "take", "who": "Bruno"}], shoe=shoe
    )
    game = play("classic", [*acts, *passes("Chloé"), {"act": "take", "who": "Bruno"}], shoe=shoe)
    assert game.banker == "Bruno" and game.fund == 14 and game.bank_number == 2
    assert game.balances["Bruno"] == 86 and game.phase == "betting"
    assert game.sides == {"right": ["Chloé"], "left": ["Ana"]}
    nobody = play("classic", [*acts, *passes("Chloé", "Bruno")], shoe=shoe)
    assert nobody.phase == "auction" and nobody.bank_number == 2 and not nobody.offer
    home = play("home", acts, shoe=shoe)
    assert home.phase == "ended" and not home.offer


# ------------------------------------------------------------------ hoyle (004)


def test_hoyle_the_croupier_shuffles_first_and_the_banker_chooses_the_cutter() -> None:
    shuffle = {"act": "shuffle", "cut": "Chloé"}
    game = play(
        "hoyle",
        [bid("Ana", 10), *passes("Bruno", "David", "Emma"), bid("Chloé", 2), shuffle],
        participants=FIVE,
    )
    bank = game.banks[0]
    # The players at the croupier's right and left: the far seat of each side.
    assert bank.shufflers == [game.sides["right"][-1], game.sides["left"][-1], "Ana"]
    assert bank.cut_by == "Chloé"
    assert any("Shuffled by the croupier, then" in e.text for e in game.log)
    home = play(
        "home",
        [bid("Ana", 10), *passes("Bruno", "David", "Emma"), bid("Chloé", 2), shuffle],
        participants=FIVE,
    )
    assert home.banks[0].shoe != bank.shoe


def test_hoyle_only_the_croupiers_neighbours_shuffle_before_the_banker() -> None:
    # Ana banks; seats right Bruno, David; left Chloé, Emma: the croupier, facing the
    # banker, has David and Emma (the far seats) at his right and left.
    auction = [bid("Ana", 10), *passes("Bruno", "Chloé", "David", "Emma")]
    others = {"act": "shuffle", "shufflers": ["Bruno", "Chloé"]}
    said = refused("hoyle", [*auction, others], participants=FIVE)
    assert "players at his right and left, David and Emma" in said
    game = play("hoyle", auction, participants=FIVE)
    assert game.croupier_neighbours() == ["David", "Emma"]
    assert not game.can_shuffle(["Bruno", "Chloé"]) and game.can_shuffle(["Emma", "David"])
    named = {"act": "shuffle", "shufflers": ["Emma", "David", "Ana"]}
    game = play("hoyle", [*auction, named], participants=FIVE)
    assert game.banks[0].shufflers == ["Emma", "David", "Ana"]
    # Elsewhere any others may shuffle.
    play("home", [*auction, others], participants=FIVE)


def test_hoyle_first_name_on_the_list_holds_the_first_bank() -> None:
    game = play("hoyle", [bid("Ana", 25)], options={"first_bank": "list"})
    assert game.banker == "Ana" and game.fund == 25 and game.phase == "betting"
    assert game.turn().phase == "betting"
    said = refused("hoyle", [bid("Bruno", 25)], options={"first_bank": "list"})
    assert "first name on the list, Ana" in said
    # "The right to hold the first bank": a right, which the first name may decline.
    declined = play("hoyle", passes("Ana"), options={"first_bank": "list"})
    assert declined.phase == "auction" and "Ana" in declined.spoken
    assert declined.turn().actors[0] == "Bruno" and "bid" in declined.turn().acts
    after = play(
        "hoyle",
        [*passes("Ana"), bid("Bruno", 12), *passes("Chloé")],
        options={"first_bank": "list"},
    )
    assert after.phase == "betting" and after.banker == "Bruno" and after.fund == 12
    assert "pass" in play("hoyle", [], options={"first_bank": "list"}).turn().acts
    said = refused("hoyle", passes("Bruno"), options={"first_bank": "list"})
    assert "first name on the list, Ana, speaks first" in said
    # By auction (the default), as at home.
    assert play("hoyle", [bid("Bruno", 25)]).phase == "auction"


def test_hoyle_ten_punters_five_a_side_and_standing_punters_stake_only_the_uncovered() -> None:
    eleven = ["Ana", "B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9", "B10"]
    seat = {
        "act": "seat",
        "right": ["B1", "B2", "B3", "B4", "B5", "B6"],
        "left": ["B7", "B8", "B9", "B10"],
    }
    said = refused("hoyle", [bid("Ana", 10), seat], participants=eleven)
    assert "five a side" not in said and "5 a side" in said
    seat = {
        "act": "seat",
        "right": ["B1", "B2"],
        "left": ["B3", "B4"],
        "spectators": ["B5", "B6", "B7", "B8", "B9", "B10"],
    }
    acts = [bid("Ana", 10), seat, wager("B1", 7)]
    game = play("hoyle", [*acts, wager("B5", 9, side="left")], participants=eleven)
    assert game.stakes == {"right": 7, "left": 3}  # reduced to the 3 left uncovered
    covered = [*acts, wager("B2", 3), wager("B5", 1, side="left")]
    assert "covered" in refused("hoyle", covered, participants=eleven)


def test_hoyle_croupier_pays_in_rotation_as_far_as_the_fund_goes() -> None:
    acts = [bid("Ana", 10), wager("Bruno", 9), wager("Chloé", 9), DEAL, stand("banker")]
    game = play("hoyle", acts, shoe=BANKER_LOSES)
    assert game.coups[0].payouts == {"Bruno": 9, "Chloé": 1}
    assert game.coups[0].unpaid == {"Chloé": 8}


def test_hoyle_stakes_accepted_make_the_bank_unlimited() -> None:
    shoe = BANKER_LOSES + BANKER_WINS
    acts = [bid("Ana", 10), wager("Bruno", 9), wager("Chloé", 9), {"act": "accept"}]
    game = play("hoyle", acts, shoe=shoe)
    assert game.unlimited and game.fund == 18 and game.balances["Ana"] == 82
    game = play("hoyle", [*acts, DEAL, stand("banker")], shoe=shoe)
    assert game.coups[0].payouts == {"Bruno": 9, "Chloé": 9} and not game.coups[0].unpaid
    assert game.broken and game.ended is None  # 18 paid out of 18: the bank is broken
    assert "nothing to accept" in refused(
        "hoyle", [bid("Ana", 10), wager("Bruno", 3), {"act": "accept"}]
    )
    assert "nothing to accept" in refused("home", [bid("Ana", 10), {"act": "accept"}])


def test_hoyle_unlimited_bank_holds_every_later_stake() -> None:
    shoe = BANKER_WINS * 2
    acts = [bid("Ana", 10), wager("Bruno", 12), {"act": "accept"}, DEAL, stand("banker")]
    game = play("hoyle", [*acts, wager("Bruno", 40), wager("Chloé", 30)], shoe=shoe)
    assert game.fund == 24 and game.staked() == 70  # beyond the fund: the banker holds them
    game = play("hoyle", [*acts, wager("Bruno", 40), wager("Chloé", 30), DEAL], shoe=shoe)
    assert game.fund == 70 and game.balances["Ana"] == 42
    assert game.total_chips() == 300


def test_hoyle_stakes_accepted_are_never_cut_the_banker_holds_them_or_gives_up() -> None:
    # Accepted at coup 1; at coup 2 the stakes (188) exceed the fund and Ana's chips (112).
    acts = [bid("Ana", 10), wager("Bruno", 12), {"act": "accept"}, DEAL, stand("banker")]
    big = [*acts, wager("Bruno", 88), wager("Chloé", 100)]
    game = play("hoyle", big, shoe=BANKER_WINS * 2)
    assert game.staked() == 188 and [ln.right + ln.left for ln in game.lines] == [88, 100]
    assert game.turn().acts == ["retire"] and "gives up the bank" in game.turn().prompt
    said = refused("hoyle", [*big, DEAL], shoe=BANKER_WINS * 2)
    assert "must hold all 188 chips" in said and "only 112 chips" in said
    bot = ComputerPlayer("Ana", "bold", game.rng_for("seat:Ana"))
    assert bot.decide(game.observe("Ana")).act == "retire"  # a computer banker gives up too
    gone = play("hoyle", [*big, RETIRE], shoe=BANKER_WINS * 2)
    assert gone.ended is not None and gone.ended.reason == "retired"
    assert gone.balances["Bruno"] == 88 and gone.balances["Chloé"] == 100  # stakes back
    assert gone.total_chips() == 300


def test_hoyle_a_broken_bank_may_be_replenished_up_to_the_agreed_minimum() -> None:
    acts = [bid("Ana", 10), wager("Bruno", 6), wager("Chloé", 4), DEAL, stand("banker")]
    game = play("hoyle", acts, shoe=BANKER_LOSES)
    assert game.fund == 0 and game.broken and game.ended is None
    assert game.turn().acts == ["replenish", "retire"]
    assert "broken" in refused("hoyle", [*acts, wager("Bruno", 1)], shoe=BANKER_LOSES)
    assert "1 to 10" in refused(
        "hoyle", [*acts, {"act": "replenish", "amount": 11}], shoe=BANKER_LOSES
    )
    game = play(
        "hoyle", [*acts, {"act": "replenish", "amount": 10}, wager("Bruno", 3)], shoe=BANKER_LOSES
    )
    assert game.fund == 10 and game.balances["Ana"] == 80 and not game.broken
    given_up = play("hoyle", [*acts, RETIRE], shoe=BANKER_LOSES)
    assert given_up.ended is not None and given_up.ended.reason == "retired"
    home = play("home", acts, shoe=BANKER_LOSES)
    assert home.ended is not None and home.ended.reason == "bankrupt"


# ------------------------------------------------------------------ tools under each profile


def test_banque_rules_prints_a_profile_beside_home() -> None:
    import contextlib
    import io

    from banque.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["rules", "classic"]) == 0
    text = out.getvalue()
    assert "Pocket Book of Games" in text
    header = next(line for line in text.splitlines() if line.startswith("home "))
    assert header.split() == ["home", "|", "classic"]
    assert "| a natural settles only the hands involved" in text
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["rules", "hoyle"]) == 0
    assert "croupier" in out.getvalue() and "stakes accepted" in out.getvalue()
    err = io.StringIO()
    with contextlib.redirect_stderr(err), pytest.raises(SystemExit) as caught:
        main(["rules", "poker"])
    assert caught.value.code == 2 and "invalid choice: 'poker'" in err.getvalue()


@pytest.mark.parametrize("rules", ["home", "classic", "hoyle"])
def test_simulate_plays_under_each_profile_and_conserves_chips(rules: str) -> None:
    from banque.study.simulate import simulate

    summary = simulate(400, players=5, seed=3, rules=rules)
    assert summary.coups == 400 and summary.rules == rules
    assert summary.staked > 0


def test_replay_json_shows_results_payments_unpaid_fund_and_burnt() -> None:
    game = play(
        "classic",
        [
            bid("Ana", 10),
            {"act": "burn", "count": 1},
            wager("Bruno", 9),
            wager("Chloé", 9),
            DEAL,
            stand("banker"),
        ],
        shoe=["2C", *BANKER_LOSES],
    )
    state = json.loads(game.report().model_dump_json())
    coup = state["coups"][0]
    assert coup["results"] == {"right": "player", "left": "player"}
    assert coup["payouts"] == {"Bruno": 9, "Chloé": 1} and coup["unpaid"] == {"Chloé": 8}
    assert coup["fund_after"] == 0 and coup["natural_sides"] == []
    assert state["banks"][0]["burnt"] == [["2C"]]


def test_the_advisor_with_one_side_settled_matches_a_plain_enumeration() -> None:
    from fractions import Fraction
    from itertools import permutations

    from banque.core.cards import card_value
    from banque.core.one_side import advise_one_side

    cards = ["KC", "2D", "3H", "5S", "7C", "9D", "4H", "QS", "AC"]
    values = [card_value(c) for c in cards]
    counts = [values.count(v) for v in range(10)]
    banker, stake, p5 = 4, 6, Fraction(1, 3)
    for third in (None, 2):
        num_d = num_s = den = Fraction(0)
        for i, j in permutations(range(len(cards)), 2):
            t = (values[i] + values[j]) % 10
            if third is None:
                w = Fraction(0) if not 5 <= t <= 7 else (1 - p5 if t == 5 else Fraction(1))
            else:
                w = Fraction(0) if t > 5 else (p5 if t == 5 else Fraction(1))
            if not w:
                continue
            final = t if third is None else (t + third) % 10
            den += w
            num_s += w * ((banker > final) - (banker < final))
            rest = [values[k] for k in range(len(cards)) if k not in (i, j)]
            num_d += w * Fraction(
                sum(((banker + c) % 10 > final) - ((banker + c) % 10 < final) for c in rest),
                len(rest),
            )
        draw, stand_ = advise_one_side(counts, banker, stake, third, p5)
        assert (draw, stand_) == (stake * num_d / den, stake * num_s / den)


def test_computer_banker_decides_with_a_side_settled_by_a_natural() -> None:
    from banque.games.banque.players import ComputerPlayer

    shoe = ["9H", "3S", "5D", "KH", "KS", "KD", "QC", "4C"]
    game = play("classic", [bid("Ana", 10), wager("Bruno", 4), wager("Chloé", 4), DEAL], shoe=shoe)
    obs = game.observe("Ana")
    assert obs.settled == ("right",) and obs.hands["right"] == ("9H", "KH")
    act = ComputerPlayer("Ana").decide(obs)
    assert act.act in ("draw", "stand")
    game.apply(act)
    assert game.coups and game.coups[0].results["right"] == "player"


def test_replay_json_names_the_rules_and_the_houses_states() -> None:
    acts = [bid("Ana", 10), wager("Bruno", 6), wager("Chloé", 4), DEAL, stand("banker")]
    state = json.loads(play("hoyle", acts, shoe=BANKER_LOSES).report().model_dump_json())
    assert state["rules"] == "hoyle" and state["broken"] is True and state["unlimited"] is False
    assert state["turn"]["acts"] == ["replenish", "retire"]
    shoe = ["6H", "7S", "7D", "KC", "KD", "QD"]
    acts = [
        bid("Ana", 10),
        *passes("Bruno"),
        bid("Chloé", 5),
        wager("Chloé", 4),
        DEAL,
        stand("banker"),
        RETIRE,
    ]
    state = json.loads(play("classic", acts, shoe=shoe).report().model_dump_json())
    assert state["offer"] == ["Chloé", "Bruno"] and state["offer_size"] == 14
    assert state["turn"]["acts"] == ["take", "pass"]


def test_banque_advise_with_a_side_settled_by_its_natural(tmp_path: Any) -> None:
    import contextlib
    import io

    from banque.cli import main

    shoe = ["9H", "3S", "5D", "KH", "KS", "KD", "QC", "4C"]
    data = {
        "participants": THREE,
        "rules": "classic",
        "shoe": shoe,
        "actions": [bid("Ana", 10), wager("Bruno", 4), wager("Chloé", 4), DEAL],
    }
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["advise", str(path)]) == 0
    text = out.getvalue()
    assert "the right side was settled by its natural: only the left is at stake" in text
    assert "Best: stand" in text


def test_a_journal_keeps_the_rules_and_options_and_resumes_the_same_game(tmp_path: Any) -> None:
    from banque.core.journal import Journal, read_journal

    shoe = ["2C", *BANKER_LOSES]
    game = play(
        "classic",
        [
            bid("Ana", 10),
            {"act": "burn", "count": 1},
            {"act": "banco", "who": "Bruno", "right": 5, "left": 5},
        ],
        shoe=shoe,
        options={"banco_split": "even"},
    )
    journal = Journal.create(record_of(game), folder=tmp_path)
    journal.close()
    info = read_journal(journal.path)
    assert info.record.rules == "classic" and info.record.options.banco_split == "even"
    again = replay(info.record).game
    assert again.report().model_dump() == game.report().model_dump()
    assert again.options.banco_split == "even"


def test_the_profiles_example_records_replay_as_the_readme_says() -> None:
    from pathlib import Path

    from banque.core.record import load_record

    examples = Path(__file__).resolve().parents[3] / "examples"
    game = replay(load_record(examples / "classic-natural.json")).game
    assert game.coups[0].natural_sides == ["right"]
    assert game.coups[0].results == {"right": "player", "left": "banker"}
    game = replay(load_record(examples / "classic-payment-in-order.json")).game
    assert game.coups[0].unpaid == {"Chloé": 6, "Bruno": 5, "David": 1}
    game = replay(load_record(examples / "hoyle-stakes-accepted.json")).game
    assert game.unlimited and game.fund == 140 and game.total_chips() == 300


def test_a_record_refuses_options_of_other_rules_in_one_line() -> None:
    from banque.core.errors import RecordError

    base = {"participants": THREE, "actions": []}
    with pytest.raises(RecordError, match="banco_split is a classic house's option"):
        parse_record({**base, "options": {"banco_split": "even"}})
    with pytest.raises(RecordError, match="first_bank is a hoyle table's option"):
        parse_record({**base, "rules": "classic", "options": {"first_bank": "list"}})
    with pytest.raises(RecordError, match="rules"):
        parse_record({**base, "rules": "poker"})
    with pytest.raises(RecordError, match="options"):
        parse_record({**base, "rules": "classic", "options": {"banco_split": 0}})
