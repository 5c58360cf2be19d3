"""Counting in bulk: the cyclic garbage collector held off while an exact model is
counted or solved.

Python's collector runs each time some hundreds of containers (tuples, lists,
dicts) have been made, and a full collection walks every container alive.  A
model's count makes tens of thousands of tuples that live as long as the model and
millions of short-lived ones, none in a reference cycle: the collector finds
nothing, yet it ran over the growing model again and again (about a tenth of
``banque choice --dealt``'s time).  Reference counting still frees every object
the moment it is no longer used; only cycles wait for the collector's return, and
there are none here.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["counting"]

_lock = threading.Lock()
#: The blocks at work now (any thread), and whether the collector ran before the first.
_held = 0
_was_on = True


@contextmanager
def counting() -> Iterator[None]:
    """The collector held off for the block, and as it was once the last block at work
    (in any thread: the expert seats' plans are solved beside the table) is over.
    Also a decorator: ``@counting()``."""
    global _held, _was_on
    with _lock:
        if not _held:
            _was_on = gc.isenabled()
            gc.disable()
        _held += 1
    try:
        yield
    finally:
        with _lock:
            _held -= 1
            if not _held and _was_on:
                gc.enable()
