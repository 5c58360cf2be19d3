"""The Las Vegas game's shoe: "Six or eight standard packs of cards are used."""

from __future__ import annotations

from ...core.errors import IllegalAction
from ...core.messages import N_, Msg

__all__ = ["DEFAULT_PACKS", "PACKS", "check_packs"]

DEFAULT_PACKS = 8
PACKS = (6, 8)


def check_packs(packs: object) -> None:
    """Six or eight packs, or a refusal in words."""
    if packs not in PACKS:
        raise IllegalAction(
            Msg(N_("The Las Vegas game is dealt from six or eight packs, not {n}."), n=packs),
            "packs",
        )
