"""The one shoe of every game (``banque.core.shoe``), and that a refused act never touches it.

Each game is played by random acts, legal and not: every refused act must leave
the shoe (its cards, orders, cards seen) and the game's generator exactly as
they were; an accepted one moves the game on.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from banque.core.cards import full_shoe
from banque.core.errors import IllegalAction
from banque.core.models import (
    Accept,
    Banco,
    Bet,
    Bid,
    Burn,
    Deal,
    Draw,
    Pass,
    Replenish,
    Retire,
    Shuffle,
    Stand,
    Wager,
)
from banque.core.shoe import MIN_CARDS, Shoe
from banque.games.banque.game import Game
from banque.games.chemin_de_fer.game import CheminGame
from banque.games.punto_banco.game import PuntoGame

NAMES = ["Ana", "Bruno", "Chloé", "Dario"]


def test_a_seed_makes_a_shoe_and_the_stacked_top_stays_on_the_first() -> None:
    a, b = Shoe(2, random.Random(5), ["9C", "9C"]), Shoe(2, random.Random(5), ["9C", "9C"])
    assert a.shuffle(3, cut=True) == b.shuffle(3, cut=True)
    assert a.order[:2] == ["9C", "9C"] and Counter(a.order) == Counter(full_shoe(2))
    second, cut_at = a.shuffle()
    assert (cut_at == 0 and second[:2] != ["9C", "9C"]) or second != a.orders[0]
    assert len(a.orders) == 2 and a == a and a != b


def test_the_shoe_deals_from_the_top_and_refills_below_six() -> None:
    shoe = Shoe(1, random.Random(1))
    assert shoe.fill() and not shoe.fill()
    top = shoe.order[:3]
    assert [shoe.draw() for _ in range(3)] == top == shoe.seen
    while len(shoe) >= MIN_CARDS:
        shoe.draw()
    assert shoe.fill() and shoe.seen == [] and len(shoe) == 52


@pytest.mark.parametrize("packs", [0, 1001, True, "6"])
def test_a_shoe_of_no_packs_or_too_many_is_refused(packs: Any) -> None:
    with pytest.raises(IllegalAction, match="1 to 1000 packs"):
        Shoe(packs, random.Random(0))


def test_a_stacked_top_beyond_the_packs_is_refused() -> None:
    with pytest.raises(IllegalAction, match="only 1 copy of 9C"):
        Shoe(1, random.Random(0), ["9C", "9c"])
    with pytest.raises(IllegalAction, match="holds 52 cards; 53"):
        Shoe(1, random.Random(0), [*full_shoe(1), "9C"])


def candidates(names: list[str]) -> list[Any]:
    """Acts of every game, many of them illegal at any moment."""
    acts: list[Any] = [Deal(), Shuffle(), Burn(count=1), Burn(count=9), Accept()]
    acts += [Replenish(amount=1), Replenish(amount=10_000)]
    for side in ("right", "left", "banker", "punter"):
        acts += [Draw(side=side), Stand(side=side)]  # type: ignore[arg-type]
    for who in [*names, "Zoé"]:
        acts.append(Pass(who=who))
        acts.append(Banco(who=who))
        for amount in (0, 2, 10, 50, 10_000):
            acts.append(Bid(who=who, amount=amount))
            acts.append(Wager(who=who, amount=amount))
            for on in ("player", "banker", "natural8"):
                acts.append(Bet(who=who, on=on, amount=amount))  # type: ignore[arg-type]
    return acts


def shoe_state(game: Any) -> tuple[object, ...]:
    return (game.shoe.state(), game.rng.getstate())


GAMES = {
    "banque-home": lambda seed: Game(NAMES[:3], seed=seed),
    "banque-classic": lambda seed: Game(NAMES, seed=seed, rules="classic", packs=1),
    "banque-hoyle": lambda seed: Game(NAMES[:3], seed=seed, rules="hoyle", packs=1),
    "chemin-de-fer": lambda seed: CheminGame(NAMES[:3], seed=seed, packs=1),
    "chemin-de-fer-auction": lambda seed: CheminGame(
        NAMES[:3], seed=seed, packs=1, first_bank="auction"
    ),
    "punto-banco": lambda seed: PuntoGame(NAMES[:3], seed=seed, packs=6),
}


@pytest.mark.parametrize("name", list(GAMES))
def test_a_refused_act_never_touches_the_shoe(name: str) -> None:
    for seed in range(2):  # (each game's own seeds: its lots and shoes)
        game = GAMES[name](seed)
        lot = random.Random(seed)
        acts = candidates(list(game.participants))
        refused = accepted = 0
        for _step in range(150):
            lot.shuffle(acts)
            for act in acts:
                before = shoe_state(game)
                try:
                    game.apply(act)
                except IllegalAction:
                    refused += 1
                    assert shoe_state(game) == before, f"{name}: {act!r} moved the shoe"
                    continue
                accepted += 1
                break
            else:  # nothing else goes: the bank (or the game) is given up
                try:
                    game.apply(Retire())
                except IllegalAction:
                    break  # the game is over
        assert refused > 100 and accepted > 20, (name, refused, accepted)
