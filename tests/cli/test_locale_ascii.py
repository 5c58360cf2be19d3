"""A terminal whose locale is not UTF-8 (``LANG=C``, ``LC_ALL=C``, a latin-1 locale) gets
the README's ASCII fallback, though Python's UTF-8 mode writes UTF-8 whatever the locale."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from banque.table.terminal import plain_output_wanted
from banque.text import locale_charset

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "worked-example.json"
#: What a process started with nothing of the caller's locale finds.
BARE = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "PYTHON"))}


@pytest.mark.parametrize(
    ("env", "coerced", "charset"),
    [
        ({"LANG": "C", "LC_CTYPE": "C.UTF-8"}, True, "ascii"),  # Python's own C.UTF-8
        ({"LC_ALL": "C"}, True, "ascii"),
        ({"LANG": "POSIX"}, False, "ascii"),
        ({"LANG": "fr_FR.ISO-8859-1"}, False, "iso8859-1"),
        ({"LANG": "fr_FR"}, False, "iso8859-1"),
        ({"LANG": "C", "LC_CTYPE": "C.UTF-8"}, False, "utf-8"),  # the player's own C.UTF-8
        ({"LANG": "es_ES.UTF-8"}, False, "utf-8"),
        ({"LC_ALL": "en_GB.utf8", "LANG": "C"}, False, "utf-8"),
        ({}, False, "utf-8"),
    ],
)
def test_the_locale_names_the_terminal_character_set(
    env: dict[str, str], coerced: bool, charset: str
) -> None:
    assert locale_charset(env, coerced=coerced) == charset


def test_the_table_draws_plain_under_a_c_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    utf8 = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    for key in ("LC_ALL", "LC_CTYPE", "LANG"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert not plain_output_wanted(utf8)
    monkeypatch.setenv("LC_ALL", "C")
    assert plain_output_wanted(utf8)  # the output is UTF-8, the terminal is not


def _replay(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "banque", "replay", str(EXAMPLE), *args],
        capture_output=True,
        cwd=ROOT,
        env={**BARE, **env},
        timeout=60,
    )


@pytest.mark.subprocess
@pytest.mark.parametrize("locale", [{"LANG": "C"}, {"LC_ALL": "C"}])
def test_a_c_locale_gets_ascii(locale: dict[str, str]) -> None:
    proc = _replay(locale)
    assert proc.returncode == 0
    assert proc.stdout.isascii()
    text = proc.stdout.decode("ascii")
    assert "Chloe" in text and "4D" in text  # é and ♦ as close ASCII letters
    utf8 = _replay({"LANG": "C.UTF-8"})
    assert "Chloé" in utf8.stdout.decode("utf-8") and "4♦" in utf8.stdout.decode("utf-8")


@pytest.mark.subprocess
def test_a_latin1_locale_gets_latin1() -> None:
    proc = _replay({"LANG": "fr_FR.ISO-8859-1"}, "--lang", "fr")
    assert proc.returncode == 0
    text = proc.stdout.decode("latin-1")
    assert "Chloé" in text and "4D" in text  # é is latin-1's, ♦ is not
