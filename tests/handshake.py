"""A seat joined by the challenge and its proof, on a table driven line by line."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from banque.net import auth as A
from banque.net import protocol as P
from banque.net.table import Joined, Table


def hello_by_proof(
    table: Table, joined: Joined, seat: str, last: Callable[[], dict[str, Any]]
) -> None:
    """``joined`` proves ``seat``'s token as ``banque join`` does (``last``: the latest
    message the table sent it); the welcome and the first view follow."""
    token = table.token(seat)
    mine = A.nonce()
    table.receive(joined, P.encode({"type": "hello", "seat": seat, "auth": A.AUTH, "nonce": mine}))
    challenge = last()
    assert challenge["type"] == "challenge" and challenge["seat"] == seat, challenge
    theirs = challenge["nonce"]
    assert A.check(challenge["proof"], token, "server", seat, mine, theirs)
    mac = A.proof(token, "client", seat, mine, theirs)
    table.receive(joined, P.encode({"type": "proof", "mac": mac}))
