"""``models.build`` (the hot path's model maker) agrees with pydantic's own; a coup's
records (plain dataclasses) serialise inside models as the fields they always had."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel

from banque.core.models import (
    Accept,
    Banco,
    BankSummary,
    Bid,
    Burn,
    CoupSummary,
    Deal,
    Draw,
    Ending,
    Pass,
    Replenish,
    Retire,
    StakeLine,
    Stand,
    Take,
    Wager,
    build,
)

LINE = {"who": "Bruno", "kind": "wager", "right": 5, "left": 0}
COUP: dict[str, Any] = {
    "number": 1,
    "fund_before": 10,
    "stakes": {"right": 5, "left": 0},
    "lines": [LINE],
    "deciders": {"right": "Bruno", "left": "Chloé"},
    "hands": {"right": ["9C", "7H"], "left": ["2S", "4C"], "banker": ["6D", "3C"]},
    "totals": {"right": 6, "left": 6, "banker": 9},
    "natural": True,
    "moves": {"right": "natural", "left": "natural", "banker": "natural"},
    "results": {"right": "banker", "left": "banker"},
    "payouts": {"Bruno": -5},
    "fund_after": 15,
    "natural_sides": ["right", "left"],
    "unpaid": {},
}
ENDING = {"reason": "shoe", "totals": {"Ana": 120, "Bruno": 80, "Chloé": 100}, "winners": ["Ana"]}
CASES: list[tuple[type[BaseModel], dict[str, Any]]] = [
    (Bid, {"act": "bid", "who": "Ana", "amount": 10}),
    (Pass, {"act": "pass", "who": "Ana"}),
    (Banco, {"act": "banco", "who": "Ana", "right": None, "left": None}),
    (Banco, {"act": "banco", "who": "Ana", "right": 6, "left": 4}),
    (
        Wager,
        {"act": "wager", "who": "Ana", "amount": 4, "a_cheval": True, "ride": False, "side": None},
    ),
    (Burn, {"act": "burn", "count": 3}),
    (Take, {"act": "take", "who": "Ana"}),
    (Accept, {"act": "accept"}),
    (Replenish, {"act": "replenish", "amount": 5}),
    (Deal, {"act": "deal"}),
    (Draw, {"act": "draw", "side": "banker"}),
    (Stand, {"act": "stand", "side": "right"}),
    (Retire, {"act": "retire"}),
    (Ending, ENDING),
    (
        BankSummary,
        {
            "number": 1,
            "banker": "Ana",
            "bid": 10,
            "bids": {"Ana": 10},
            "right": ["Bruno"],
            "left": ["Chloé"],
            "shufflers": ["Ana"],
            "cut_by": "Chloé",
            "cut_at": 17,
            "shoe": ["9C", "7H"],
            "coups": 0,
            "ended": None,
            "burnt": [["5S"]],
            "reshuffles": [],
            "spectators": [],
        },
    ),
]


@pytest.mark.parametrize(
    ("cls", "data"), CASES, ids=[f"{c.__name__}{i}" for i, (c, _) in enumerate(CASES)]
)
def test_build_makes_what_model_construct_and_validation_make(
    cls: type[BaseModel], data: dict[str, Any]
) -> None:
    built = build(cls, dict(data))
    constructed = cls.model_construct(**data)
    validated = cls.model_validate(data)
    assert type(built) is cls
    assert built == constructed == validated
    assert built.__dict__ == constructed.__dict__
    assert list(built.__dict__) == list(constructed.__dict__)  # field order kept
    assert built.model_fields_set == constructed.model_fields_set
    assert built.__pydantic_extra__ == constructed.__pydantic_extra__
    assert built.__pydantic_private__ == constructed.__pydantic_private__
    assert built.model_dump() == validated.model_dump()
    assert built.model_dump_json() == validated.model_dump_json()


def test_built_models_keep_pydantic_behaviour() -> None:
    summary = build(BankSummary, dict(CASES[-1][1]))
    summary.coups = 3  # type: ignore[misc]  # the engine updates a bank's summary so
    assert summary.coups == 3
    wager = build(
        Wager, {"act": "wager", "who": "Ana", "amount": 4, "a_cheval": False, "ride": False}
    )
    with pytest.raises(ValueError):
        wager.amount = 5  # type: ignore[misc]  # actions are frozen: safe to share


def test_coup_records_are_plain_and_serialise_as_before() -> None:
    class Holder(BaseModel):
        last: CoupSummary | None
        history: list[CoupSummary]

    coup = CoupSummary(**{**COUP, "lines": [StakeLine(**LINE)]})
    held = Holder(last=coup, history=[coup])
    assert held.last is coup  # carried as it is, not copied
    dumped = held.model_dump()
    assert dumped["last"] == COUP
    assert list(dumped["last"]) == list(COUP)  # the fields in their order
    assert list(dumped["last"]["lines"][0]) == list(LINE)
    again = Holder.model_validate_json(held.model_dump_json())
    assert again.last == coup and again.history == [coup]
    assert isinstance(again.last, CoupSummary) and isinstance(again.last.lines[0], StakeLine)
