"""Read a gettext ``.po`` catalogue and write the ``.mo`` file gettext loads.

The algorithm of CPython's ``Tools/i18n/msgfmt.py``, in the standard library
only (no package-relative import: the build hook in ``hatch_build.py`` loads
this file by its path, before banque is installed).  Fuzzy entries are left
out, as msgfmt does.

>>> po = '''
... msgid ""
... msgstr "Content-Type: text/plain; charset=UTF-8\\\\n"
...
... msgid "Pass"
... msgstr "Passe"
...
... msgid "{n} chip"
... msgid_plural "{n} chips"
... msgstr[0] "{n} jeton"
... msgstr[1] "{n} jetons"
... '''
>>> entries = parse_po(po)
>>> [e.msgid for e in entries]
['', 'Pass', '{n} chip']
>>> entries[2].msgstr
['{n} jeton', '{n} jetons']
>>> len(compile_mo(entries)) > 28
True
"""

from __future__ import annotations

import array
import ast
import hashlib
import os
import struct
from dataclasses import dataclass, field
from pathlib import Path


class PoError(ValueError):
    """A ``.po`` file that cannot be read (its name and line in the message)."""


@dataclass
class Entry:
    """One message of a catalogue: ``msgstr`` has one text, or one per plural form."""

    msgid: str
    msgid_plural: str | None = None
    msgstr: list[str] = field(default_factory=list)
    msgctxt: str | None = None
    fuzzy: bool = False
    obsolete: bool = False
    comments: list[str] = field(default_factory=list)

    @property
    def translated(self) -> bool:
        return bool(self.msgstr) and all(self.msgstr) and not self.fuzzy


def _unquote(text: str, where: str) -> str:
    text = text.strip()
    if not (len(text) >= 2 and text[0] == '"' and text[-1] == '"'):
        raise PoError(f"{where}: expected a quoted string, found {text[:40]!r}")
    try:
        value = ast.literal_eval(text)
    except (SyntaxError, ValueError) as exc:
        raise PoError(f"{where}: bad string {text[:40]!r}") from exc
    if not isinstance(value, str):
        raise PoError(f"{where}: bad string {text[:40]!r}")
    return value


def parse_po(text: str, name: str = "catalogue") -> list[Entry]:
    """Every entry of a ``.po`` text, in order (obsolete ``#~`` ones marked so)."""
    entries: list[Entry] = []
    comments: list[str] = []
    fuzzy = False
    current: Entry | None = None
    section = ""  # msgctxt, msgid, msgid_plural, msgstr[N]
    index = 0

    def finish() -> None:
        nonlocal current
        if current is not None:
            entries.append(current)
        current = None

    for number, raw in enumerate(text.splitlines(), 1):
        where = f"{name}:{number}"
        line = raw.strip()
        obsolete = line.startswith("#~")
        if obsolete:
            line = line[2:].strip()
        elif line.startswith("#"):
            if current is not None and section.startswith("msgstr"):
                finish()
            if line.startswith("#,") and "fuzzy" in line[2:].replace(",", " ").split():
                fuzzy = True
            comments.append(raw)
            continue
        if not line:
            continue
        keyword, _, rest = line.partition(" ")
        if keyword in ("msgctxt", "msgid") and (current is None or section.startswith("msgstr")):
            finish()
            current = Entry(msgid="", fuzzy=fuzzy, obsolete=obsolete, comments=comments)
            comments, fuzzy = [], False
        if current is None:
            if line.startswith('"'):
                raise PoError(f"{where}: a string continues nothing")
            raise PoError(f"{where}: unexpected {keyword!r}")
        if keyword == "msgctxt":
            section, current.msgctxt = "msgctxt", _unquote(rest, where)
        elif keyword == "msgid":
            section, current.msgid = "msgid", _unquote(rest, where)
        elif keyword == "msgid_plural":
            section, current.msgid_plural = "msgid_plural", _unquote(rest, where)
        elif keyword == "msgstr":
            section = "msgstr"
            current.msgstr = [_unquote(rest, where)]
            index = 0
        elif keyword.startswith("msgstr["):
            try:
                index = int(keyword[7:-1])
            except ValueError as exc:
                raise PoError(f"{where}: bad plural index {keyword!r}") from exc
            if index != len(current.msgstr):
                raise PoError(f"{where}: plural forms out of order")
            section = "msgstr"
            current.msgstr.append(_unquote(rest, where))
        elif line.startswith('"'):
            value = _unquote(line, where)
            if section == "msgctxt":
                current.msgctxt = (current.msgctxt or "") + value
            elif section == "msgid":
                current.msgid += value
            elif section == "msgid_plural":
                current.msgid_plural = (current.msgid_plural or "") + value
            elif section == "msgstr":
                current.msgstr[index if current.msgid_plural else 0] += value
        else:
            raise PoError(f"{where}: unexpected {keyword!r}")
    finish()
    return entries


def source_hash(po_bytes: bytes) -> str:
    """The fingerprint of a ``.po`` file that its ``.mo`` carries (``X-Banque-Source``)."""
    return hashlib.sha256(po_bytes).hexdigest()[:20]


def compile_mo(entries: list[Entry], source: str | None = None) -> bytes:
    """The ``.mo`` bytes of the translated, non-fuzzy, non-obsolete entries.

    ``source`` (a :func:`source_hash`) is written into the header as
    ``X-Banque-Source``, so that a loader can tell a ``.mo`` made from another
    version of the ``.po`` (whatever the files' dates).
    """
    messages: dict[bytes, bytes] = {}
    if source is not None:
        header = next((e for e in entries if e.msgid == "" and not e.obsolete), None)
        text = header.msgstr[0] if header is not None and header.msgstr else ""
        if text and not text.endswith("\n"):
            text += "\n"
        messages[b""] = (text + f"X-Banque-Source: {source}\n").encode("utf-8")
    for e in entries:
        if e.obsolete or (e.fuzzy and e.msgid) or not e.msgstr:
            continue
        if e.msgid and not all(e.msgstr):
            continue  # untranslated: gettext falls back to the English text
        key = e.msgid
        if e.msgid_plural is not None:
            key += "\0" + e.msgid_plural
        if e.msgctxt is not None:
            key = e.msgctxt + "\x04" + key
        messages.setdefault(key.encode("utf-8"), "\0".join(e.msgstr).encode("utf-8"))
    keys = sorted(messages)
    offsets: list[tuple[int, int, int, int]] = []
    ids = strs = b""
    for k in keys:
        offsets.append((len(ids), len(k), len(strs), len(messages[k])))
        ids += k + b"\0"
        strs += messages[k] + b"\0"
    keystart = 7 * 4 + 16 * len(keys)
    valuestart = keystart + len(ids)
    koffsets: list[int] = []
    voffsets: list[int] = []
    for o1, l1, o2, l2 in offsets:
        koffsets += [l1, o1 + keystart]
        voffsets += [l2, o2 + valuestart]
    header = struct.pack(
        "Iiiiiii",
        0x950412DE,  # magic
        0,  # version
        len(keys),
        7 * 4,  # start of the key index
        7 * 4 + len(keys) * 8,  # start of the value index
        0,  # size of the hash table (none)
        0,  # offset of the hash table
    )
    return header + array.array("i", koffsets + voffsets).tobytes() + ids + strs


def compile_file(po_path: Path, mo_path: Path) -> None:
    """Compile ``po_path`` into ``mo_path`` (its folder made if missing)."""
    data = po_path.read_bytes()
    entries = parse_po(data.decode("utf-8"), str(po_path))
    mo_path.parent.mkdir(parents=True, exist_ok=True)
    tmp = mo_path.with_name(f"{mo_path.name}.{os.getpid()}.tmp")
    tmp.write_bytes(compile_mo(entries, source_hash(data)))
    tmp.replace(mo_path)


__all__ = ["Entry", "PoError", "compile_file", "compile_mo", "parse_po", "source_hash"]
