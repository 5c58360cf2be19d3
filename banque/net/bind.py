"""The address a door listens on (``banque host --bind ADDRESS``): the SSH door's and
the web door's one check, and whether it opens the door beyond this machine.

Nothing here imports a door's library: the command line checks ``--bind`` before
any door is loaded.
"""

from __future__ import annotations

import ipaddress

from ..core.messages import N_, Msg

__all__ = ["LOOPBACK", "bind_problem", "open_beyond", "shown_host"]

#: Where a door listens unless ``--bind`` says otherwise: this machine only.
LOOPBACK = "127.0.0.1"
#: The addresses that mean "every network this machine is on".
_EVERYWHERE = ("0.0.0.0", "::", "")


def bind_problem(text: str) -> Msg | None:
    """``--bind``'s address refused in words (``None``: it is one): an IPv4 or IPv6
    address of this machine, or ``localhost``."""
    if text == "localhost":
        return None
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return Msg(
            N_(
                "--bind {text}: not an address (give one of this machine's, such as "
                "127.0.0.1, 192.168.1.20 or ::1; or 0.0.0.0 for every network it is on)"
            ),
            text=text[:60],
        )
    return None


def open_beyond(bind: str) -> bool:
    """A door on ``bind`` can be reached from beyond this machine (a LAN, the internet)."""
    try:
        return not ipaddress.ip_address(bind).is_loopback
    except ValueError:
        return bind != "localhost"


def shown_host(bind: str) -> str:
    """The host part of an address a friend types: the bound address, ``HOST`` (this
    machine's address on the network, the host's to say) when the door listens on every
    network, an IPv6 address in brackets."""
    if bind in _EVERYWHERE:
        return "HOST"
    if ":" in bind:
        return f"[{bind}]"
    return bind
