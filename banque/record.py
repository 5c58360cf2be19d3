"""Game records: load, validate, replay, save.

A record is the game's seed, its participants, an optional stacked top of
the first shoe, and the acts in order (see README, "The record format").
Replaying a record gives the identical game, act by act.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from .engine import Event, Game
from .errors import IllegalAction, RecordError, ReplayError
from .models import Record, Temperament


def _describe(exc: ValidationError) -> str:
    """A pydantic validation error in a few plain words."""
    parts = []
    for err in exc.errors()[:3]:
        path = [x for x in err["loc"] if not str(x).startswith("function-")]
        if len(path) >= 2 and path[0] == "actions" and isinstance(path[1], int):
            # acts are numbered from 1, as in replay errors; drop the union's tag
            tail = path[3:] if len(path) > 2 else []
            kind = f" ({path[2]})" if len(path) > 2 else ""
            path = [f"act {path[1] + 1}{kind}" + (": " if tail else ""), *tail]
        elif len(path) >= 2 and path[0] in ("shoe", "participants") and isinstance(path[1], int):
            path = [f"{path[0]} item {path[1] + 1}", *path[2:]]
        loc = ".".join(str(x) for x in path).replace(": .", ": ")
        msg = err["msg"].removeprefix("Value error, ")
        if err["type"] == "union_tag_invalid":
            msg = (
                "unknown act (acts are bid, pass, seat, shuffle, banco, wager, deal, "
                "draw, stand, retire)"
            )
        elif err["type"] == "union_tag_not_found":
            msg = 'every action needs an "act" field'
        elif err["type"] == "extra_forbidden":
            msg = "unexpected field"
        elif err["type"] == "literal_error" and loc == "format":
            msg = 'this reader knows the format "banque-record/1"'
        parts.append(f"{loc or 'record'}: {msg}")
        if loc.endswith("amount") and err["type"].startswith("int"):
            parts[-1] = f"{loc}: a whole number of chips is needed, written as a number (like 10)"
    more = len(exc.errors()) - 3
    return "; ".join(parts) + (f" (and {more} more)" if more > 0 else "")


def parse_record(data: Any) -> Record:
    """Validate a record given as parsed JSON; raise :class:`RecordError`."""
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object with participants, seed and actions")
    try:
        return Record.model_validate(data)
    except ValidationError as exc:
        raise RecordError(_describe(exc)) from None


def loads_json(text: str) -> Any:
    """Parse JSON text; every problem (even absurd nesting) is a :class:`RecordError`."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(
            f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
        ) from None
    except RecursionError:
        raise RecordError("not a record: the JSON is nested too deeply") from None
    except ValueError as exc:  # an integer of thousands of digits, for instance
        raise RecordError(f"not a record: {exc}") from None


def load_record(path: str | Path) -> Record:
    """Read and validate a record file; every problem is a :class:`RecordError`."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8-sig")  # a byte-order mark is tolerated
    except FileNotFoundError:
        raise RecordError(f"{p}: no such file") from None
    except IsADirectoryError:
        raise RecordError(f"{p}: is a folder, not a record file") from None
    except UnicodeDecodeError:
        raise RecordError(f"{p}: not a record (not UTF-8 text)") from None
    except OSError as exc:
        raise RecordError(
            f"{p}: cannot be read ({exc.strerror or exc.__class__.__name__})"
        ) from None
    try:
        if _is_journal(text):  # the table's journal (JSON Lines) is a record too
            return _journal_record(text)
        data = loads_json(text)
    except RecordError as exc:
        raise RecordError(f"{p}: {exc}") from None
    try:
        return parse_record(data)
    except RecordError as exc:
        raise RecordError(f"{p}: {exc}") from None


def _is_journal(text: str) -> bool:
    from .journal import is_journal

    return is_journal(text)


def _journal_record(text: str) -> Record:
    from .journal import parse_journal

    return parse_journal(text).record


def new_game(record: Record, **options: Any) -> Game:
    """The game a record starts from (before any act)."""
    options.setdefault("forced_moves", record.forced_moves)
    try:
        return Game(record.participants, record.seed, record.shoe, **options)
    except IllegalAction as exc:
        raise RecordError(str(exc)) from None


@dataclass
class Replay:
    """What replaying a record gives: the game reached, its events, any error."""

    game: Game
    events: list[Event] = field(default_factory=list)
    error: ReplayError | None = None


def replay(record: Record, **options: Any) -> Replay:
    """Apply a record's acts in order; stop at the first illegal act."""
    game = new_game(record, **options)
    result = Replay(game)
    for index, action in enumerate(record.actions, start=1):
        try:
            result.events.extend(game.apply(action))
        except IllegalAction as exc:
            result.error = ReplayError(index, action.act, str(exc), exc.rule)
            break
    return result


def record_of(
    game: Game,
    *,
    computers: Mapping[str, Temperament] | None = None,
    pace: float | None = None,
) -> Record:
    """The record of a game played so far (its acts as applied).

    ``computers`` (each computer seat's temperament) and ``pace`` are what
    the table adds, so that a resumed game has the same seats.
    """
    return Record.model_construct(
        format="banque-record/1",
        participants=list(game.participants),
        seed=game.seed,
        shoe=list(game.stacked),
        rules=game.rules,
        forced_moves=game.forced_moves,
        computers=dict(computers or {}),
        pace=pace,
        actions=list(game.actions),
    )


def dump_record(record: Record) -> str:
    """A record as JSON text, one act per line (readable in a diff)."""
    head = {
        "format": record.format,
        "participants": record.participants,
        "seed": record.seed,
    }
    if record.shoe:
        head["shoe"] = record.shoe
    if record.rules != "home":
        head["rules"] = record.rules
    if record.forced_moves != "automatic":
        head["forced_moves"] = record.forced_moves
    if record.computers:
        head["computers"] = dict(record.computers)
    if record.pace is not None:
        head["pace"] = record.pace
    body = json.dumps(head, ensure_ascii=False, indent=2)[:-2]
    if not record.actions:
        return body + ',\n  "actions": []\n}\n'
    acts = ",\n    ".join(_act_json(a) for a in record.actions)
    return body + ',\n  "actions": [\n    ' + acts + "\n  ]\n}\n"


def _act_json(action: Any) -> str:
    data = {"act": action.act}
    data.update(action.model_dump(exclude_defaults=True, exclude={"act"}))
    return json.dumps(data, ensure_ascii=False)


def save_record(game: Game, path: str | Path, **extra: Any) -> Path:
    """Write a game's record to ``path`` atomically (whole, or the old file untouched).

    ``extra`` is what :func:`record_of` adds (computer seats, pace).
    """
    from .journal import atomic_write

    return atomic_write(path, dump_record(record_of(game, **extra)))
