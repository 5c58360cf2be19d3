"""``banque host`` in a terminal without ``--players``: the usual setup, then the host.

The setup screen is the hot-seat table's own (names, human or computer
seats, pace, seed, forced moves, rules and their table option: classic's banco
split, hoyle's first bank); Enter returns the choices instead of opening a table
at this keyboard, and ``banque host`` serves them (``HostChoices.options``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ...constants import SeatChoice
from ...core.errors import IllegalAction
from ...i18n import _
from ..app import BanqueApp
from ..signals import signal_status


@dataclass(frozen=True)
class HostChoices:
    names: list[str]
    computers: dict[str, SeatChoice]
    seed: int | None
    pace: float
    forced_moves: str
    rules: str = "home"
    options: dict[str, str | int] = field(default_factory=dict)


class HostSetupApp(BanqueApp):
    """The setup screen alone; Enter hands its choices to ``banque host``."""

    chosen: HostChoices | None = None
    #: A hosted table plays banque (under any house's rules), not the other games.
    OTHER_GAMES = False

    def start_game(
        self,
        names: Sequence[str],
        seed: int | None,
        kinds: Sequence[SeatChoice] | None = None,
        pace: float | None = None,
    ) -> None:
        # deferred: start-up cost: ``banque host``'s setup screen loads no engine (its
        # import takes ~300 ms, python -X importtime), as the table's first screen
        from ...games.banque.game import Game

        Game(list(names), 0)  # the engine's refusal (names) is shown by setup
        choices = list(kinds) if kinds is not None else ["human"] * len(names)
        computers = {n: k for n, k in zip(names, choices, strict=False) if k != "human"}
        if len(computers) == len(names):
            raise IllegalAction(
                _("A hosted table needs one human seat at least: players join them."), "setup"
            )
        self.chosen = HostChoices(
            list(names),
            computers,
            seed,
            self.pace if pace is None else pace,
            self.forced_moves,
            self.rules,
            self.rules_options(),
        )
        self.exit(0)


def run_host_setup(
    *,
    seed: int | None,
    pace: float,
    forced_moves: str,
    kinds: Mapping[str, SeatChoice] | None = None,
    rules: str = "home",
    options: Mapping[str, str | int] | None = None,
) -> HostChoices | None:
    """The setup screen; the choices, or ``None`` if the host quit (a signal ends
    ``banque host`` with its status, 128 + the signal's number)."""
    app = HostSetupApp(
        seed=seed,
        pace=pace,
        forced_moves=forced_moves,  # type: ignore[arg-type]
        kinds=kinds,
        journal=False,
        rules=rules,
        options=options,
    )
    app.run()
    if app.signalled is not None:
        raise SystemExit(signal_status(app.signalled))
    return app.chosen
