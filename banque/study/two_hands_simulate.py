"""``banque simulate --game punto-banco|chemin-de-fer``: many coups, summed up.

Punto banco: four computer bettors, one on each spot (20 chips on a hand,
so that the 5 % commission is a whole chip, and 1 chip on each natural);
whenever one of them cannot bet again, a fresh table (a fresh shoe) takes
over.  The house's gain per chip bet on each spot is measured with its
standard error, beside the exact edge of :mod:`banque.study.two_hands_odds`: they
agree within a few standard errors.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..games.chemin_de_fer.game import CheminGame
from ..games.chemin_de_fer.players import CheminComputer, play_step
from ..games.punto_banco.game import PuntoGame
from ..games.two_hands import points
from ..i18n import _, ngettext, number, pgettext
from .two_hands_odds import chemin_report, punto_odds

__all__ = [
    "CheminSummary",
    "PuntoSummary",
    "format_chemin_summary",
    "format_punto_summary",
    "simulate_chemin",
    "simulate_punto",
]

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
    for _coup in range(coups):
        if game is None or not all(game.balances[n] >= stake for n, _spot, stake in _BETTORS):
            game = PuntoGame(
                names, seed * 1_000_003 + tables, packs=packs, record=False, keep_log=False
            )
            bet, deal, history = game.bet, game.deal, game.coups
            tables += 1
        for name, on, stake in _BETTORS:
            bet(name, on, stake)
        deal()
        coup = history[-1]
        results[coup.result] += 1
        for line in coup.bets:
            s = spots[line["on"]]  # type: ignore[index]
            amount: int = line["amount"]  # type: ignore[assignment]
            gain = -line["won"]  # type: ignore[operator]
            s.bets += 1
            s.staked += amount
            s.house += gain
            s.squares += (gain / amount) ** 2
    return PuntoSummary(coups, packs, seed, results, spots, punto_odds(packs), tables)


def _pct(x: float | Fraction) -> str:
    return number(float(x) * 100, 3, sign=True) + " %"


def format_punto_summary(s: PuntoSummary) -> str:
    words = {
        "player": pgettext("punto banco: a hand, a spot", "player"),
        "banker": pgettext("punto banco: a hand, a spot", "banker"),
        "tie": _("tie"),
        "natural8": _("natural8"),
        "natural9": _("natural9"),
    }
    w = max(10, *(len(word) for word in words.values()))
    lines = [
        _("Punto banco: {coups} coups, {packs} packs, seed {seed} ({tables} tables)").format(
            coups=s.coups, packs=s.packs, seed=s.seed, tables=s.tables
        ),
        "",
        _("Result        Rate      Exact (full shoe)"),
    ]
    for k, v in s.results.items():
        lines.append(
            f"{words.get(k, k):<{w}}  {number(v / s.coups, 5)}   {number(float(s.exact[k]), 5)}"
        )
    lines += ["", _("House edge    Measured    ± s.e.     Exact")]
    for name, spot in s.spots.items():
        lines.append(
            f"{words.get(name, name):<{w}}  {_pct(spot.edge()):>10}  "
            f"{number(spot.error() * 100, 3):>6} %  "
            f"{_pct(s.exact['edges'][name]):>10}"
        )
    return "\n".join(lines)


@dataclass
class CheminSummary:
    coups: int
    players: int
    packs: int
    seed: int
    games: int = 0
    naturals: int = 0
    results: dict[str, int] = field(default_factory=lambda: {"player": 0, "banker": 0, "tie": 0})
    bancos: int = 0
    banks: int = 0
    punter_at_5: dict[str, int] = field(default_factory=lambda: {"draw": 0, "stand": 0})
    #: The banker's draws and stands by its two-card total (when it chose).
    banker_moves: dict[int, dict[str, int]] = field(default_factory=dict)
    staked: int = 0
    banker_gain: int = 0

    def as_dict(self) -> dict[str, Any]:
        c = self.coups or 1
        return {
            "game": "chemin-de-fer",
            "coups": self.coups,
            "players": self.players,
            "packs": self.packs,
            "seed": self.seed,
            "games": self.games,
            "naturals_per_coup": self.naturals / c,
            "exact_natural_either_hand": float(self.exact_naturals()),
            "results": dict(self.results),
            "bancos": self.bancos,
            "banks": self.banks,
            "banker_gain_per_chip": self.banker_gain / self.staked if self.staked else 0.0,
            "punter_at_5": dict(self.punter_at_5),
            "banker_moves": {str(t): m for t, m in sorted(self.banker_moves.items())},
        }

    def exact_naturals(self) -> Fraction:
        return Fraction(chemin_report(self.packs)["natural_either_hand"]["fraction"])


def simulate_chemin(coups: int, players: int = 5, seed: int = 0, packs: int = 6) -> CheminSummary:
    """Play ``coups`` coups of chemin de fer between computer players (a fresh game
    whenever one ends)."""
    if coups < 1:
        raise ValueError("coups must be at least 1")
    if not 2 <= players <= 11:
        raise ValueError("chemin de fer is played by 2 to 11 participants")
    names = [f"P{i + 1}" for i in range(players)]
    s = CheminSummary(coups, players, packs, seed)
    game: CheminGame | None = None
    done = 0
    while done < coups:
        if game is None or game.phase == "ended":
            game = CheminGame(
                names,
                seed * 1_000_003 + s.games,
                packs=packs,
                banco_instead=True,
                record=False,
                keep_log=False,
            )
            seats = {
                n: CheminComputer(n, game, "bold" if i % 2 else "cautious")
                for i, n in enumerate(names)
            }
            s.games += 1
            seen = 0
        before = len(game.coups)
        phase = game.phase
        if phase == "banker":
            total = points(game.hands["banker"])
        at5 = phase == "punter"
        if not play_step(game, seats):
            raise RuntimeError("a computer seat did not act")  # pragma: no cover
        assert game.total_chips() == 100 * players
        if at5:
            s.punter_at_5[game.moves.get("player", "stand")] += 1
        if phase == "banker":
            move = game.coups[-1].moves["banker"]
            s.banker_moves.setdefault(total, {"draw": 0, "stand": 0})[move] += 1
        if len(game.coups) > before:
            coup = game.coups[-1]
            done += 1
            s.results[coup.result] += 1
            s.naturals += coup.natural
            s.bancos += any(b.get("kind") == "banco" for b in coup.bets)
            for line in coup.bets:
                s.staked += int(line["amount"])  # type: ignore[call-overload]
                s.banker_gain -= int(line["won"])  # type: ignore[call-overload]
        if len(game.banks) > seen:
            s.banks += len(game.banks) - seen
            seen = len(game.banks)
    return s


def format_chemin_summary(s: CheminSummary) -> str:
    d = s.as_dict()
    words = {
        "player": pgettext("chemin de fer: the punters' hand", "player"),
        "banker": _("banker"),
        "tie": _("tie"),
    }
    labels = [
        _("Naturals per coup"),
        _("Banker's edge"),
        _("Results"),
        _("Punter at 5"),
    ]
    w = max(22, *(len(label) for label in labels))
    lines = [
        _(
            "Chemin de fer: {coups}, {players}, {packs}, seed {seed} ({games}, {banks}, {bancos})"
        ).format(
            coups=ngettext("{n} coup", "{n} coups", s.coups).format(n=s.coups),
            players=ngettext("{n} computer player", "{n} computer players", s.players).format(
                n=s.players
            ),
            packs=ngettext("{n} pack", "{n} packs", s.packs).format(n=s.packs),
            seed=s.seed,
            games=ngettext("{n} game", "{n} games", s.games).format(n=s.games),
            banks=ngettext("{n} bank", "{n} banks", s.banks).format(n=s.banks),
            bancos=ngettext("{n} banco", "{n} bancos", s.bancos).format(n=s.bancos),
        ),
        "",
        f"{labels[0]:<{w}} {number(d['naturals_per_coup'], 5)}  "
        + _("(exact from a full shoe {exact})").format(
            exact=number(d["exact_natural_either_hand"], 5)
        ),
        f"{labels[1]:<{w}} {_pct(d['banker_gain_per_chip'])}",
        f"{labels[2]:<{w}} " + ", ".join(f"{words.get(k, k)} {v}" for k, v in s.results.items()),
        f"{labels[3]:<{w}} "
        + _("draw {draw}, stand {stand}").format(
            draw=s.punter_at_5["draw"], stand=s.punter_at_5["stand"]
        ),
        "",
        _("Banker's total  draws  stands"),
    ]
    for total, m in sorted(s.banker_moves.items()):
        lines.append(f"{total:>14}  {m['draw']:>5}  {m['stand']:>6}")
    return "\n".join(lines)
