"""A table shared over a socket: each seat at its own terminal (see PROTOCOL.md).

Layers: :mod:`~banque.net.protocol` (messages and views, no I/O),
:mod:`~banque.net.table` (one shared session and its seats, no sockets),
:mod:`~banque.net.server` (asyncio: Unix socket, loopback TCP, pacing) and
:mod:`~banque.net.client` (a seat's connection).  None imports Textual.
"""
