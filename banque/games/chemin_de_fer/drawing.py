"""Chemin de fer's drawing rule for the punter, apart from the engine (light to import:
:mod:`banque.study.chemin_solver` counts with it)."""

from __future__ import annotations

__all__ = ["punter_bound"]


def punter_bound(total: int) -> bool | None:
    """The punter's bound move at a two-card total (not a natural): draw (``True``)
    at 0-4, stand (``False``) at 6-7, its own choice (``None``) at 5.

    >>> [punter_bound(t) for t in (4, 5, 6)]
    [True, None, False]
    """
    return None if total == 5 else total < 5
