"""Opening the two-hand games' tables from setup (no Textual here: the checks and the
hand-over; the screens are :mod:`banque.punto_app` and :mod:`banque.chemin_app`)."""

from __future__ import annotations

from typing import Any

from ..errors import IllegalAction
from .common import validate_names

__all__ = ["check_seats", "open_table"]

#: Seats each game takes: (fewest, most).
SEATS = {"punto-banco": (1, 11), "chemin-de-fer": (2, 11)}
TITLES = {"punto-banco": "Punto banco", "chemin-de-fer": "Chemin de fer"}


def check_seats(game: str, names: list[str]) -> list[str]:
    """The names, checked for ``game``; :class:`IllegalAction` says what is wrong."""
    if game not in SEATS:
        raise IllegalAction(f"There is no game called {game!r}.", "game")
    low, high = SEATS[game]
    return validate_names(names, low, high, TITLES[game])


def open_table(
    game: str,
    names: list[str],
    computers: dict[str, str],
    seed: int | None = None,
    pace: float = 0.6,
    forced_moves: str = "announced",
    **_: Any,
) -> int:
    """Open the table of ``game`` for these seats (after setup), the exit status."""
    if game == "punto-banco":
        from ..punto_app import run_punto

        return run_punto(names=names, computers=computers, seed=seed, pace=pace)
    from ..chemin_app import run_chemin

    return run_chemin(
        names=names, computers=computers, pace=pace, seed=seed, forced_moves=forced_moves
    )
