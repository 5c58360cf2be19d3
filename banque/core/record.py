"""Game records: load, validate, write (the format; replaying one is the games' :mod:`banque.games.records`).

A record is the game's seed, its participants, an optional stacked top of
the first shoe, and the acts in order (see README, "The record format").
Replaying a record gives the identical game, act by act.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import stat
import sys
from functools import cache
from pathlib import Path
from typing import Any, BinaryIO

from pydantic import TypeAdapter, ValidationError

from ..text import plain
from .errors import RecordError
from .messages import N_, Clauses, Msg, Names, os_reason, reason
from .models import Action, Record

#: The largest record read, in bytes.  A long game's record is far smaller
#: (about 45 bytes an act: 10⁵ acts take some 4.5 MB).
MAX_RECORD_BYTES = 10 * 1024 * 1024
#: Errors told about a record; validation stops once it has found them.
MAX_ERRORS = 3
#: Acts validated at a time: a record of a million bad acts costs one batch.
_BATCH = 1000


def _describe(exc: ValidationError) -> Msg:
    errors = exc.errors()
    return _describe_errors(errors[:MAX_ERRORS], len(errors) - MAX_ERRORS)


#: pydantic's words for the errors a hand-edited record meets, as messages (the
#: English is pydantic's own: used only when it gives exactly these words).
_PYDANTIC_WORDS = {
    "missing": N_("Field required"),
    "int_type": N_("Input should be a valid integer"),
    "int_parsing": N_("Input should be a valid integer, unable to parse string as an integer"),
    "int_from_float": N_("Input should be a valid integer, got a number with a fractional part"),
    "string_type": N_("Input should be a valid string"),
    "list_type": N_("Input should be a valid list"),
    "dict_type": N_("Input should be a valid dictionary"),
    "model_type": N_("Input should be a valid dictionary or instance of {class_name}"),
    "bool_type": N_("Input should be a valid boolean"),
    "bool_parsing": N_("Input should be a valid boolean, unable to interpret input"),
    "greater_than_equal": N_("Input should be greater than or equal to {ge}"),
    "greater_than": N_("Input should be greater than {gt}"),
    "less_than_equal": N_("Input should be less than or equal to {le}"),
    "less_than": N_("Input should be less than {lt}"),
    "literal_error": N_("Input should be {expected}"),
}


def _pydantic_words(err: Any) -> Msg | str:
    """One validation error's words: a message where we know them, else pydantic's."""
    english = err["msg"]
    if err["type"] == "value_error":  # a validator of ours: its message, if it raised one
        cause = (err.get("ctx") or {}).get("error")
        if cause is not None:
            return reason(cause)
        return english.removeprefix("Value error, ")
    template = _PYDANTIC_WORDS.get(err["type"])
    if template is not None:
        ctx = {k: str(v) for k, v in (err.get("ctx") or {}).items()}
        with contextlib.suppress(KeyError, IndexError, ValueError):
            msg = Msg(template, **ctx)
            if str(msg) == english:
                return msg
    return plain(english, 300)


def _act_place(numbers: list[str], rest: str) -> Msg:
    """``act 3 (wager).amount``; ``acts 1 and 2 (bid)``."""
    if len(numbers) == 1:
        return Msg(N_("act {n}{rest}"), n=numbers[0], rest=rest)
    return Msg(N_("acts {numbers}{rest}"), numbers=Names(numbers), rest=rest)


def _label(part: object) -> bool:
    """A part of an error's place that is pydantic's name for a choice of a union
    (``literal['right','left']``, ``constrained-int``, ``function-after[…]``), not a field:
    never shown to a player."""
    if not isinstance(part, str):
        return False
    return part.startswith(_LABELS) or part in ("int", "str", "none", "bool", "float")


_LABELS = ("function-", "literal[", "constrained-", "lax-", "strict-", "list[", "dict[")


def _merged(errors: list[Any]) -> list[Any]:
    """The errors of one place's union said once: ``Input should be 'right', 'left',
    'banker' or 'punter'`` (pydantic says one error a choice of the union)."""
    out: list[Any] = []
    for err in errors:
        loc = tuple(x for x in err["loc"] if not _label(x))
        last = out[-1] if out else None
        if (
            last is not None
            and last["type"] == err["type"] == "literal_error"
            and tuple(x for x in last["loc"] if not _label(x)) == loc
        ):
            choices = re.findall(r"'[^']*'", last["ctx"]["expected"]) + re.findall(
                r"'[^']*'", err["ctx"]["expected"]
            )
            expected = " or ".join([", ".join(choices[:-1]), choices[-1]])
            out[-1] = {
                **last,
                "ctx": {"expected": expected},
                "msg": f"Input should be {expected}",
            }
            continue
        out.append(err)
    return out


def _describe_errors(errors: list[Any], more: int = 0, *, unknown_more: bool = False) -> Msg:
    """Validation errors in a few plain words, on one line."""
    errors = _merged(errors)
    # (the act's number or None, the place after it or the whole place, the words)
    parts: list[tuple[str | None, Msg | str, Msg | str]] = []
    for err in errors[:MAX_ERRORS]:
        # A record's own keys are in the path: shown escaped and cut, never raw.
        path = [x if isinstance(x, int) else plain(x, 30) for x in err["loc"] if not _label(x)]
        number: str | None = None
        place: Msg | str
        if len(path) >= 2 and path[0] == "actions" and isinstance(path[1], int):
            # acts are numbered from 1, as in replay errors; drop the union's tag
            tail = path[3:] if len(path) > 2 else []
            kind = f" ({path[2]})" if len(path) > 2 else ""
            number = str(path[1] + 1)
            place = kind + (": " + ".".join(str(x) for x in tail) if tail else "")
            loc = f"act {number}{place}"
        elif len(path) >= 2 and path[0] in ("shoe", "participants") and isinstance(path[1], int):
            after = "".join(f".{x}" for x in path[2:])
            place = Msg(N_("{field} item {n}"), field=path[0], n=path[1] + 1)
            place = Msg("{item}{rest}", item=place, rest=after)
            loc = str(place)
        else:
            loc = ".".join(str(x) for x in path)
            place = loc or "record"
        msg: Msg | str = _pydantic_words(err)
        if err["type"] == "union_tag_invalid":
            msg = Msg(
                N_(
                    "unknown act (acts are bid, pass, seat, shuffle, banco, wager, deal, "
                    "draw, stand, retire; burn, take, accept, replenish under other rules; "
                    "bet in punto banco)"
                )
            )
        elif err["type"] == "union_tag_not_found":
            msg = Msg(N_('every action needs an "act" field'))
        elif err["type"] == "extra_forbidden":
            msg = Msg(N_("unexpected field"))
        elif err["type"] == "literal_error" and loc == "format":
            msg = Msg(N_('this reader knows the format "banque-record/1"'))
        elif err["type"] == "literal_error" and loc == "stream":
            msg = Msg(
                N_(
                    'this reader knows the stream "blake2b-ctr/1" (or none: the seed\'s '
                    "Mersenne Twister)"
                )
            )
        if loc.endswith("amount") and err["type"].startswith("int"):
            msg = Msg(N_("a whole number of chips is needed, written as a number (like 10)"))
        parts.append((number, place, msg))
    text = Clauses(_grouped(parts))
    if unknown_more:
        words = N_("{errors} (and more)") if more > 0 else N_("{errors} (and perhaps more)")
        return Msg(words, errors=text)
    if more > 0:
        return Msg(N_("{errors} (and {n} more)"), errors=text, n=more)
    return Msg("{errors}", errors=text)


def _grouped(parts: list[tuple[str | None, Msg | str, Msg | str]]) -> list[Msg]:
    """``act 1: x; act 2: x`` said once: ``acts 1 and 2: x``."""
    # (the place after the act's number, or the whole place if no act; numbers; words)
    groups: list[tuple[Msg | str, list[str] | None, Msg | str]] = []
    for number, place, msg in parts:
        if number is None:
            groups.append((place, None, msg))
            continue
        last = groups[-1] if groups else None
        if last is not None and last[1] is not None and last[0] == place and last[2] == msg:
            last[1].append(number)
        else:
            groups.append((place, [number], msg))
    out = []
    for place, numbers, msg in groups:
        where = place if numbers is None else _act_place(numbers, str(place))
        out.append(Msg(N_("{place}: {what}"), place=where, what=msg))
    return out


@cache
def _acts_adapter() -> TypeAdapter[list[Action]]:
    return TypeAdapter(list[Action])


def parse_record(data: Any) -> Record:
    """Validate a record given as parsed JSON; raise :class:`RecordError`.

    The acts are validated a batch at a time and validation stops at the
    first errors: a record of a million bad acts is refused as fast as one.
    """
    if not isinstance(data, dict):
        raise RecordError(Msg(N_("a record is a JSON object with participants, seed and actions")))
    acts = data.get("actions")
    if not isinstance(acts, list):
        try:
            return Record.model_validate(data)
        except ValidationError as exc:
            raise RecordError(_describe(exc)) from None
    errors: list[Any] = []
    head: Record | None = None
    try:
        head = Record.model_validate({**data, "actions": []})
    except ValidationError as exc:
        errors = list(exc.errors())
    adapter = _acts_adapter()
    valid: list[Any] = []
    checked_all = True
    for start in range(0, len(acts), _BATCH):
        if len(errors) >= MAX_ERRORS:
            checked_all = False
            break
        try:
            valid.extend(adapter.validate_python(acts[start : start + _BATCH]))
        except ValidationError as exc:
            for err in exc.errors():
                index, *rest = err["loc"]
                errors.append({**err, "loc": ("actions", start + int(index), *rest)})
    if errors:
        more = len(errors) - MAX_ERRORS
        raise RecordError(_describe_errors(errors, more, unknown_more=not checked_all))
    assert head is not None
    return head.model_copy(update={"actions": valid})


def loads_json(text: str) -> Any:
    """Parse JSON text; every problem (even absurd nesting) is a :class:`RecordError`."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(
            Msg(
                N_("not valid JSON (line {line}, column {column}: {why})"),
                line=exc.lineno,
                column=exc.colno,
                why=exc.msg,
            )
        ) from None
    except RecursionError:
        raise RecordError(Msg(N_("not a record: the JSON is nested too deeply"))) from None
    except ValueError:  # an integer of thousands of digits (Python's own limit)
        raise RecordError(
            Msg(
                N_(
                    "not a record: it holds a number of more than {digits} digits (a record's "
                    "numbers are chips, seeds and counts)"
                ),
                digits=sys.get_int_max_str_digits(),
            )
        ) from None


def _megabytes(n: int) -> str:
    return f"{n / (1024 * 1024):g} MB"


def _too_large(limit: int) -> Msg:
    return Msg(
        N_("larger than {size}: not a game record (a long game's record is far smaller)"),
        size=_megabytes(limit),
    )


def read_limited(stream: BinaryIO, limit: int = MAX_RECORD_BYTES) -> bytes:
    """At most ``limit`` bytes of ``stream``; :class:`RecordError` beyond (nothing more is read)."""
    with contextlib.suppress(AttributeError, OSError, ValueError):
        known = os.fstat(stream.fileno())
        if stat.S_ISREG(known.st_mode) and known.st_size > limit:  # said without reading
            raise RecordError(_too_large(limit))
    data = stream.read(limit + 1)
    if len(data) > limit:
        raise RecordError(_too_large(limit))
    return data


def decode_record(data: bytes) -> str:
    """A record's bytes as text (UTF-8, a byte-order mark tolerated)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RecordError(Msg(N_("not a record (not UTF-8 text)"))) from None


def record_from_text(text: str) -> Record:
    """Parse and validate a record's text (or a journal's); every problem is a :class:`RecordError`."""
    if _is_journal(text):  # the table's journal (JSON Lines) is a record too
        return _journal_record(text)
    return parse_record(loads_json(text))


def read_record(stream: BinaryIO, name: str = "standard input") -> Record:
    """Read, with the size limit, and validate a record from a binary stream."""
    try:
        return record_from_text(decode_record(read_limited(stream)))
    except RecordError as exc:
        raise RecordError(
            Msg("{name}: {error}", name=plain(name, 120), error=reason(exc))
        ) from None
    except OSError as exc:
        raise RecordError(_unreadable(plain(name, 120), exc)) from None


def _unreadable(shown: str, exc: OSError) -> Msg:
    return Msg(
        N_("{name}: cannot be read ({why})"),
        name=shown,
        why=os_reason(exc),
    )


def _open_regular(p: Path) -> BinaryIO:
    """Open ``p`` for reading if it is a regular file (never waiting on a pipe or device)."""
    shown = plain(p, 120)
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise RecordError(Msg(N_("{name}: no such file"), name=shown)) from None
    except IsADirectoryError:
        raise RecordError(Msg(N_("{name}: is a folder, not a record file"), name=shown)) from None
    except OSError as exc:
        raise RecordError(_unreadable(shown, exc)) from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise RecordError(Msg(N_("{name}: is a folder, not a record file"), name=shown))
        if not stat.S_ISREG(mode):
            raise RecordError(
                Msg(
                    N_("{name}: not a regular file (a record is a file, or - for standard input)"),
                    name=shown,
                )
            )
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def load_record(path: str | Path) -> Record:
    """Read and validate a record file; every problem is a :class:`RecordError`.

    Only a regular file is read, and at most :data:`MAX_RECORD_BYTES` of it.
    """
    p = Path(path)
    with _open_regular(p) as stream:
        return read_record(stream, str(p))


def _is_journal(text: str) -> bool:
    from .journal import is_journal  # deferred: cycle (core/record.py ↔ core/journal.py)

    return is_journal(text)


def _journal_record(text: str) -> Record:
    from .journal import parse_journal  # deferred: cycle (core/record.py ↔ core/journal.py)

    return parse_journal(text).record


def record_head(record: Record, format: str | None = None) -> dict[str, Any]:
    """A record's fields but its acts, as written (the optional ones only when set)."""
    head: dict[str, Any] = {"format": format or record.format}
    if record.game != type(record).model_fields["game"].default:  # absent: every older record's
        head["game"] = record.game
    head["participants"] = list(record.participants)
    head["seed"] = record.seed
    if record.stream is not None:  # absent: the Mersenne Twister, as every older record
        head["stream"] = record.stream
    if record.packs is not None:
        head["packs"] = record.packs
    if record.limit is not None:
        head["limit"] = record.limit
    if record.bank != "house":
        head["bank"] = record.bank
    if record.raise_limit is not None:
        head["raise_limit"] = record.raise_limit
    if record.rotation != "left":
        head["rotation"] = record.rotation
    if record.first_bank != "lot":
        head["first_bank"] = record.first_bank
    if record.banco_instead:
        head["banco_instead"] = True
    if record.shoe:
        head["shoe"] = list(record.shoe)
    if record.rules != "home":
        head["rules"] = record.rules
    if not record.options.is_default():
        head["options"] = record.options.model_dump(exclude_defaults=True)
    if record.forced_moves != "automatic":
        head["forced_moves"] = record.forced_moves
    if record.computers:
        head["computers"] = dict(record.computers)
    if record.pace is not None:
        head["pace"] = record.pace
    return head


def dump_record(record: Record) -> str:
    """A record as JSON text, one act per line (readable in a diff)."""
    body = json.dumps(record_head(record), ensure_ascii=False, indent=2)[:-2]
    if not record.actions:
        return body + ',\n  "actions": []\n}\n'
    acts = ",\n    ".join(_act_json(a) for a in record.actions)
    return body + ',\n  "actions": [\n    ' + acts + "\n  ]\n}\n"


def _act_json(action: Any) -> str:
    data = {"act": action.act}
    data.update(action.model_dump(exclude_defaults=True, exclude={"act"}))
    return json.dumps(data, ensure_ascii=False)
