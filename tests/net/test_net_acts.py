"""Acts read by the game's own models (the definition's ``SeatAct``), one reader a game.

No socket here: :class:`banque.net.protocol.ActReader` alone, as the table calls it.
"""

from __future__ import annotations

from typing import Any

import pytest

from banque.core.models import Bet, Bid, Burn, Draw, act_models
from banque.games import GAMES
from banque.games.banque.acts import SayBanco, SayBid, SayWager
from banque.net import protocol as P


def read(game: str, seat: str = "Ana", **fields: Any) -> Any:
    message = P.parse_act_message({"v": 1, "type": "act", "id": "a1", "turn": 3, **fields})
    return P.act_reader(game).read(message, seat)


def refused(game: str, **fields: Any) -> str:
    with pytest.raises(P.ProtocolError) as caught:
        read(game, **fields)
    assert caught.value.code == "bad_message" and caught.value.msg is not None
    assert caught.value.id == fields.get("id", "a1")
    return caught.value.message


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_reads_its_acts_with_its_definitions_models(game: str) -> None:
    reader = P.act_reader(game)
    assert reader.names == tuple(act_models(GAMES[game].seat_acts()))
    # an act of another game, or none, is told with this game's acts
    said = refused(game, act="shuffle-the-deck")
    assert said == f'"act" must be one of: {", ".join(reader.names)}.'
    assert refused(game) == said
    # "who" is always the sending seat's
    assert refused(game, act=reader.names[0], who="Bruno") == (
        'An act names no "who": it is always the seat that sends it.'
    )


def test_the_seat_is_who_acts_and_the_record_act_follows() -> None:
    bid = read("banque", seat="Chloé", act="bid", amount=12)
    assert bid == SayBid(act="bid", who="Chloé", amount=12)
    assert read("chemin-de-fer", seat="Chloé", act="bid", amount=12) == Bid(who="Chloé", amount=12)
    assert read("punto-banco", act="bet", on="banker", amount=5) == Bet(
        who="Ana", on="banker", amount=5
    )
    assert read("chemin-de-fer", act="draw", side="punter") == Draw(side="punter")
    banco = read("banque", act="banco", split={"right": 6, "left": 4})
    assert isinstance(banco, SayBanco) and banco.split is not None
    assert read("banque", act="burn", count=2).action(None) == Burn(count=2)


def test_null_is_a_field_left_out_and_another_acts_flag_at_its_default_is_nothing() -> None:
    assert read("banque", act="pass", amount=None, a_cheval=False, others_shuffle=True).act == (
        "pass"
    )
    wager = read("banque", act="wager", ride=True, amount=None, side=None)
    assert wager == SayWager(act="wager", who="Ana", ride=True)
    # another act's field with a value of its own is a field this act does not have
    assert refused("banque", act="pass", amount=5) == "Unknown field(s): 'amount'."
    assert refused("banque", act="pass", a_cheval=True) == "Unknown field(s): 'a_cheval'."


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"act": "bid"}, 'A bid needs an "amount".'),
        ({"act": "bid", "amount": "10"}, '"amount" must be a whole number of chips.'),
        ({"act": "wager"}, 'A wager needs an "amount" (or "ride": true).'),
        ({"act": "wager", "amount": 5, "a_cheval": "yes"}, '"a_cheval" must be true or false.'),
        ({"act": "seat", "right": ["Ana"]}, 'A seating gives both "right" and "left".'),
        (
            {"act": "seat", "right": ["Ana", 7], "left": []},
            'Each name of "right" must be a participant\'s name.',
        ),
        ({"act": "shuffle", "cut": ""}, '"cut" must be a participant\'s name.'),
        ({"act": "deal", "extra": 1, "more": 2}, "Unknown field(s): 'extra', 'more'."),
    ],
)
def test_banques_refusals_are_told_in_the_fields_words(fields: dict[str, Any], said: str) -> None:
    assert refused("banque", **fields) == said


def test_a_two_hand_field_without_words_is_told_in_pydantics_in_one_line() -> None:
    assert refused("chemin-de-fer", act="wager", amount="x") == (
        "This wager does not read: amount: Input should be a valid integer."
    )
    assert refused("punto-banco", act="bet", amount=5) == (
        "This bet does not read: on: Field required."
    )
    assert refused("punto-banco", act="deal", shoe=[]) == "Unknown field(s): 'shoe'."


@pytest.mark.parametrize(
    ("fields", "said", "ident"),
    [
        ({"turn": 1, "act": "pass"}, 'An act needs an "id": a text of 1 to 64 characters.', None),
        ({"id": "", "turn": 1}, 'An act needs an "id": a text of 1 to 64 characters.', None),
        ({"id": "x" * 65, "turn": 1}, 'An act needs an "id": a text of 1 to 64 characters.', None),
        ({"id": "a", "act": "pass"}, 'An act needs the "turn" it answers (a whole number).', "a"),
        ({"id": "a", "turn": -1}, 'An act needs the "turn" it answers (a whole number).', "a"),
        ({"id": "a", "turn": True}, 'An act needs the "turn" it answers (a whole number).', "a"),
    ],
)
def test_an_acts_id_and_turn_are_read_first(
    fields: dict[str, Any], said: str, ident: str | None
) -> None:
    with pytest.raises(P.ProtocolError) as caught:
        P.parse_act_message({"v": 1, "type": "act", **fields})
    assert (caught.value.code, caught.value.message, caught.value.id) == (
        "bad_message",
        said,
        ident,
    )
