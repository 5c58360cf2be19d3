"""``banque simulate --game punto-banco|chemin-de-fer``: many coups, summed up.

Punto banco: four computer bettors, one on each spot (20 chips on a hand,
so that the 5 % commission is a whole chip, and 1 chip on each natural);
whenever one of them cannot bet again, a fresh table (a fresh shoe) takes
over.  The house's gain per chip bet on each spot is measured with its
standard error, beside the exact edge of :mod:`banque.games.odds`: they
agree within a few standard errors.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .odds import punto_odds
from .punto import PuntoGame

__all__ = ["PuntoSummary", "format_punto_summary", "simulate_punto"]

#: Each computer bettor's spot and stake.
_BETTORS: tuple[tuple[str, str, int], ...] = (
    ("Punto", "player", 20),
    ("Banco", "banker", 20),
    ("Huit", "natural8", 1),
    ("Neuf", "natural9", 1),
)


@dataclass
class _Spot:
    bets: int = 0
    staked: int = 0
    house: int = 0  # the house's gain on this spot
    squares: float = 0.0  # sum of (house gain per chip)^2, for the standard error

    def edge(self) -> float:
        return self.house / self.staked if self.staked else 0.0

    def error(self) -> float:
        if self.bets < 2:
            return math.inf
        mean = self.edge()
        var = self.squares / self.bets - mean * mean
        return math.sqrt(max(var, 0.0) / self.bets)


@dataclass
class PuntoSummary:
    coups: int
    packs: int
    seed: int
    results: dict[str, int]
    spots: dict[str, _Spot]
    exact: dict[str, Any] = field(default_factory=dict)
    tables: int = 0

    def as_dict(self) -> dict[str, Any]:
        exact = self.exact
        return {
            "game": "punto-banco",
            "coups": self.coups,
            "packs": self.packs,
            "seed": self.seed,
            "tables": self.tables,
            "results": {
                k: {
                    "count": v,
                    "rate": v / self.coups if self.coups else 0.0,
                    "exact": float(exact[k]),
                }
                for k, v in self.results.items()
            },
            "house_edge": {
                name: {
                    "bets": s.bets,
                    "staked": s.staked,
                    "measured": s.edge(),
                    "standard_error": s.error(),
                    "exact": float(exact["edges"][name]),
                }
                for name, s in self.spots.items()
            },
        }


def simulate_punto(coups: int, seed: int = 0, packs: int = 8) -> PuntoSummary:
    """Play ``coups`` coups of punto banco with the four computer bettors."""
    if coups < 1:
        raise ValueError("coups must be at least 1")
    spots = {on: _Spot() for _, on, _ in _BETTORS}
    results = {"player": 0, "banker": 0, "tie": 0}
    names = [name for name, _, _ in _BETTORS]
    tables = 0
    game: PuntoGame | None = None
    for _ in range(coups):
        if game is None or any(game.balances[n] < stake for n, _, stake in _BETTORS):
            game = PuntoGame(
                names, seed * 1_000_003 + tables, packs=packs, record=False, keep_log=False
            )
            tables += 1
        for name, on, stake in _BETTORS:
            game.bet(name, on, stake)
        game.deal()
        coup = game.coups[-1]
        results[coup.result] += 1
        for line in coup.bets:
            s = spots[str(line["on"])]
            amount = int(line["amount"])  # type: ignore[call-overload]
            gain = -int(line["won"])  # type: ignore[call-overload]
            s.bets += 1
            s.staked += amount
            s.house += gain
            s.squares += (gain / amount) ** 2
    return PuntoSummary(coups, packs, seed, results, spots, punto_odds(packs), tables)


def _pct(x: float | Fraction) -> str:
    return f"{float(x) * 100:+.3f} %"


def format_punto_summary(s: PuntoSummary) -> str:
    lines = [
        f"Punto banco: {s.coups} coups, {s.packs} packs, seed {s.seed} ({s.tables} tables)",
        "",
        "Result        Rate      Exact (full shoe)",
    ]
    for k, v in s.results.items():
        lines.append(f"{k:<10}  {v / s.coups:.5f}   {float(s.exact[k]):.5f}")
    lines += ["", "House edge    Measured    ± s.e.     Exact"]
    for name, spot in s.spots.items():
        lines.append(
            f"{name:<10}  {_pct(spot.edge()):>10}  {spot.error() * 100:6.3f} %  "
            f"{_pct(s.exact['edges'][name]):>10}"
        )
    return "\n".join(lines)
