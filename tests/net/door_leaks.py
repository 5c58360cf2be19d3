"""The leak test through a door (SSH or web), shared: a chemin de fer table of computers
(Ana's seat played by its stand-in) watched by a spectator through the door. While a
coup's hands are face down, nothing the spectator's client received shows either
hand's first two cards (the bytes read before the check, with the coup still
undecided after it); once the coup is over, the same search finds them."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from banque.core.cards import pretty
from banque.net.host import Hosting, prepare_hosting

from .test_net_socket import until


def chemin_table_of_computers(folder: Path, **door: Any) -> Hosting:
    """A hosted chemin de fer table, Ana's seat a stand-in, at pace 1, with ``door``
    (``ssh=SshOptions(0)`` or ``web=WebOptions(0)``)."""
    return prepare_hosting(
        ["Ana", "Bruno", "Chloé"],
        computers={"Bruno": "cautious", "Chloé": "bold"},
        seed=None,
        pace=1.0,
        forced_moves="announced",
        takeover=True,
        journal=False,
        group=None,
        seat_users=None,
        rules="home",
        options=None,
        socket_path=str(folder / "t.sock"),
        tcp_port=None,
        game="chemin-de-fer",
        **door,
    )


async def no_face_down_card_is_received(
    game: Any,
    text: Callable[[], str],
    read_text: Callable[[str, float], Awaitable[None]],
    *,
    coups: int = 2,
    seconds: float = 120,
) -> None:
    """Watch ``coups`` coups with face-down hands through a client whose received text
    is ``text()`` (``read_text(words, timeout)`` reads until ``words`` arrive)."""
    checked = 0
    async with asyncio.timeout(seconds):
        while checked < coups:
            # before a coup's deal: what the screen showed (the last coup's cards)
            await until(lambda: game.phase == "betting", 60)
            coup = len(game.coups)
            if coup:  # the last coup's reveal on the spectator's screen (it lags the game)
                await read_text(f"Coup {coup}:", 10)
                await asyncio.sleep(0.3)
            before = text()
            await until(
                lambda c=coup: len(game.coups) > c or game.phase in ("punter", "banker"), 60
            )
            if len(game.coups) != coup:
                continue  # settled by a natural: no decision, nothing face down
            hidden = {
                pretty(card) for hand in ("player", "banker") for card in game.hands[hand][:2]
            }
            await asyncio.sleep(0.6)  # the face-down hands reach the spectator's screen
            seen = text()
            if len(game.coups) != coup or game.phase not in ("punter", "banker"):
                continue  # the coup was decided meanwhile: its cards may be shown
            assert "▒▒▒" in seen[len(before) :]
            # a card of this coup the screen showed before its deal (the same card of
            # another pack, in the last coup) cannot be told apart: the others are looked for
            looked = {card for card in hidden if card not in before}
            leaks = [card for card in looked if card in seen[len(before) :]]
            assert not leaks, (hidden, coup, seen[len(before) :][-800:])
            checked += len(looked) > 0
            await until(lambda c=coup: len(game.coups) > c, 60)
            # the reveal: the same search finds them once the coup is over
            await read_text(sorted(looked)[0] if looked else "Coup", 10)
