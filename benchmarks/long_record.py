"""A long game's record: a seeded game played by computer players through the session.

    python benchmarks/long_record.py ACTS OUT.json [--seed S] [--players K]

Every seat is a patient computer (one chip a stake, so that the game lasts); the table's own steps
are taken as in watch mode (leave each settlement, open a fresh bank when
one ends), until the game has at least ``ACTS`` acts.  The same arguments
always give the same record.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from banque.core.models import Action, Banco, Bid, Observation, Pass, Wager
from banque.core.record import dump_record
from banque.games.banque.game import Game
from banque.games.records import record_of
from banque.session.session import ComputerPlayer, Session, computer_seats

NAMES = ("Ana", "Bruno", "Chloé", "David", "Eve", "Farid", "Gus", "Hana", "Ines", "Jo", "Kai")


def patient(player: ComputerPlayer) -> ComputerPlayer:
    """A cautious computer that stakes one chip and bids at most ten: a game that lasts."""

    def decide(obs: Observation) -> Action:
        act = player(obs)
        if isinstance(act, Wager):
            return Wager(who=act.who, amount=1)
        if isinstance(act, Banco):
            return Pass(who=act.who)
        if isinstance(act, Bid) and act.amount > 10:
            return Bid(who=act.who, amount=10)
        return act

    return decide


def new_session(seed: int = 7, players: int = 5) -> Session:
    """A fresh all-computer session of patient players, its forced acts played."""
    names = list(NAMES[:players])
    game = Game(names, seed)
    choices = dict.fromkeys(names, "cautious")
    robots = computer_seats(game, choices)  # type: ignore[arg-type]
    session = Session(game, computers={n: patient(p) for n, p in robots.items()})
    session.forced()
    return session


def play_on(session: Session, acts: int) -> bool:
    """Take the table's steps until the game has at least ``acts`` acts.

    False when the game cannot go on (too few players with chips for another
    bank).  Playing on to ``a`` then to ``b`` is the same game as playing to
    ``b`` at once: the steps are the same whatever the target.
    """
    game = session.game
    names = list(game.participants)
    stuck = 0
    while len(game.actions) < acts:
        before = len(game.actions), len(session.messages)
        stage = session.stage()
        if stage == "settlement":
            session.continue_after_settlement()
        elif stage == "ended":
            if sum(1 for n in names if game.balances[n] > 0) < 3:
                return False  # too few players with chips for another bank
            session.new_bank()
        else:
            session.play_computer()
        stuck = stuck + 1 if (len(game.actions), len(session.messages)) == before else 0
        if stuck > 50:
            raise RuntimeError(f"the game stopped moving at stage {session.stage()}")
    return True


def long_session(acts: int, seed: int = 7, players: int = 5) -> Session:
    """A session whose game has at least ``acts`` acts (all seats computers)."""
    session = new_session(seed, players)
    play_on(session, acts)
    return session


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("acts", type=int, help="acts the record holds at least")
    parser.add_argument("out", type=Path, help="the record file to write")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--players", type=int, default=5)
    args = parser.parse_args(argv)
    session = long_session(args.acts, args.seed, args.players)
    args.out.write_text(dump_record(record_of(session.game)), encoding="utf-8")
    game = session.game
    print(f"{args.out}: {len(game.actions)} acts, {game.bank_number} banks")
    return 0


if __name__ == "__main__":
    sys.exit(main())
