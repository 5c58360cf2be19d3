"""``banque games`` (the journals kept, listed) and ``banque replay`` (a record told)."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from ..core.errors import BanqueError
from ..games import definition
from ..i18n import _, ngettext
from .shared import failed, plain_text, read_record

if TYPE_CHECKING:
    from ..games.banque.game import Game
    from ..games.records import Replay


def arguments(command: str, p: argparse.ArgumentParser) -> None:
    """The arguments of ``games`` or ``replay``, and its body."""
    if command == "games":
        p.description = _(
            "The games the table has written as they went (its journals): when, who, "
            "how far, whether unfinished, where saved. banque --resume ID continues one."
        )
        p.add_argument("--json", action="store_true", help=_("print the list as JSON"))
        p.add_argument(
            "--remove",
            action="append",
            default=[],
            metavar="ID",
            help=_(
                "remove the game ID (its journal, and a hosted game's seats file); repeat for more"
            ),
        )
        p.add_argument(
            "--remove-empty",
            action="store_true",
            help=_("remove the unfinished games in which nothing was played"),
        )
        p.set_defaults(func=cmd_games)
        return
    p.description = _(
        "Replay a game record (JSON). Exit status 2 if the record is not valid "
        "or an act is illegal (the act's number and the reason go to stderr)."
    )
    p.add_argument("record", help=_("the record file (- for standard input)"))
    p.add_argument("--json", action="store_true", help=_("print the state reached as JSON"))
    p.add_argument(
        "--seat",
        metavar=_("NAME"),
        type=_seat_arg,
        help=_("print the table as NAME may see it (public: as anyone may)"),
    )
    p.set_defaults(func=cmd_replay)


def _seat_arg(value: str) -> str:
    return value


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        result = read_record(args.record)
    except BanqueError as exc:
        return failed(exc)
    game = result.game
    if args.json:
        payload = game.view(_seat(game, args.seat)) if args.seat is not None else game.report()
        print(payload.model_dump_json(indent=2))
    elif args.seat is not None:
        print(game.view(_seat(game, args.seat)).model_dump_json(indent=2))
    else:
        print(_account(result))
    if result.error is not None:
        return failed(result.error)
    return 0


def _account(result: Replay) -> str:
    # deferred: start-up (core.messages, ~1 ms: banque replay --help loads this module)
    from ..core.messages import tell_event

    game = result.game
    names = ", ".join(game.participants)
    if getattr(game, "stream", None) is None:  # a study's seed, or an older game's: known
        lines = [_("Participants: {names} (seed {seed})").format(names=names, seed=game.seed)]
    else:  # a secure seed is never shown: it would tell the cards to come (the record keeps it)
        lines = [_("Participants: {names}").format(names=names)]
    coup = None
    # the game's log: every event, the lot of a first bank that comes before any act too
    for ev in game.log:
        if ev.kind == "deal" and ev.coup != coup:
            coup = ev.coup
            lines.append("")
        text = tell_event(ev)
        lines.append(f"  {text}" if ev.kind not in ("banker", "end", "auction") else text)
    lines.append("")
    lines.append(_standing(result))
    return "\n".join(lines)


def _standing(result: Replay) -> str:
    # deferred: start-up (core.messages, ~1 ms: banque replay --help loads this module)
    from ..core.messages import tell

    game = result.game
    bal = ", ".join(f"{p} {game.balances[p]}" for p in game.participants)
    if definition(game.game).two_hands:
        return _("Balances: {balances}; {n} cards in the shoe.\nNext: {prompt}").format(
            balances=bal, n=game.cards_left, prompt=tell(game.prompt_msg)
        )
    turn = game.turn()
    where = tell(turn.prompt_msg)
    if game.banker and game.phase != "ended":
        head = _("Now: bank {bank} held by {banker}, fund {fund}; {n} cards in the shoe.").format(
            bank=game.bank_number, banker=game.banker, fund=game.fund, n=game.cards_left
        )
    else:
        head = _("Now:")
    return _("{head}\nBalances: {balances}.\nNext: {prompt}").format(
        head=head, balances=bal, prompt=where
    )


def _seat(game: Game, name: str) -> str | None:
    """A participant's name, or ``public`` (no seat) unless someone is called that."""
    return None if name == "public" and name not in game.participants else name


def cmd_games(args: argparse.Namespace) -> int:
    # deferred: start-up (pydantic, the journals and the records, ~+100 ms: banque games
    # --help loads this module)
    from ..core.journal import games_dir
    from ..core.messages import tell
    from ..games.records import empty_games, game_words, list_games, remove_games

    if args.remove or args.remove_empty:
        ids = list(args.remove) + (empty_games() if args.remove_empty else [])
        remove_games(ids)
        print(
            ngettext("Removed {n} game: {ids}.", "Removed {n} games: {ids}.", len(ids)).format(
                n=len(ids), ids=", ".join(ids)
            )
            if ids
            else _("No game to remove.")
        )
        return 0
    entries = list_games()
    if args.json:
        print(
            json.dumps(
                [
                    {
                        "id": e.id,
                        "game": e.game,
                        "rules": e.rules,
                        "state": e.state,
                        "modified": e.modified.isoformat(timespec="seconds"),
                        "participants": e.participants,
                        "computers": dict(e.computers),
                        "bank": e.bank,
                        "coup": e.coup,
                        "acts": e.acts,
                        "path": str(e.path),
                        "saved": e.saved,
                        "hosted": e.hosted,
                        **({"problem": e.problem} if e.problem else {}),
                    }
                    for e in entries
                ],
                indent=2,
                ensure_ascii=False,
            )
        )
        return 0
    if not entries:
        print(_("No games yet (they are kept in {folder}).").format(folder=games_dir()))
        return 0
    states = {"unfinished": _("unfinished"), "finished": _("finished")}
    width = max(10, *(len(w) for w in states.values()))
    # A column for the games played at a hosted table (only when there is one).
    hosted_word = _("hosted")
    hosted_width = len(hosted_word) if any(e.hosted for e in entries) else 0
    for e in entries:
        when = e.modified.strftime("%Y-%m-%d %H:%M")
        if e.problem:
            unreadable = _("unreadable")
            print(f"{e.id}  {unreadable}  {when}  {plain_text(e.problem)}")
            continue
        names = ", ".join(
            _("{name} (computer)").format(name=n) if n in e.computers else n for n in e.participants
        )
        how_far = _("bank {bank}, {coups}, {acts}").format(
            bank=e.bank,
            coups=ngettext("{n} coup", "{n} coups", e.coup).format(n=e.coup),
            acts=ngettext("{n} act", "{n} acts", e.acts).format(n=e.acts),
        )
        state = states.get(e.state, e.state)
        if hosted_width:
            state = f"{state:<{width}}  {hosted_word if e.hosted else '':<{hosted_width}}"
        print(f"{e.id}  {state:<{width}}  {when}  {tell(game_words(e))}")
        print(f"    {how_far}  {plain_text(names)}")
        print(f"    {plain_text(str(e.path))}")
        for saved in e.saved:
            print("    " + _("saved to {path}").format(path=plain_text(saved)))
    unfinished = [e for e in entries if e.state == "unfinished" and not e.hosted]
    if unfinished:
        print(
            _("banque --resume continues {id}; banque --resume ID another.").format(
                id=unfinished[-1].id
            )
        )
    hosted = [e for e in entries if e.state == "unfinished" and e.hosted]
    if hosted:
        print(
            _(
                "banque host --resume hosts {id} again with its seats; "
                "banque host --resume ID another."
            ).format(id=hosted[-1].id)
        )
    return 0
