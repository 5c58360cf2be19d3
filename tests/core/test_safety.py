"""A record or a name is text, never a command.

Names like ``[/]`` or ``[bold]x`` are shown as typed, on every screen, toast and
log; a record's strings never write to the reader's terminal; the command line
refuses what it cannot handle in one line.
"""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Any

import pytest

from banque.games.records import record_of, replay
from banque.table import testing
from banque.table.app import BanqueApp
from banque.table.screens import (
    ConfirmScreen,
    CurtainScreen,
    PrivateScreen,
    SetupScreen,
    StandingsScreen,
    TableScreen,
)
from banque.table.testing import WORKED, make_record, screen_text, settle, typed

#: Names that Rich or Textual markup would read as tags (or choke on).
MARKUP = ["[/]", "[bold]x", "[red]"]
MORE = ["\\[", "[link=http://x]y", "[$accent]", "[@click=app.quit]q"]


def table_app(**options: Any) -> BanqueApp:
    if "forced_moves" in inspect.signature(BanqueApp).parameters:
        # The rules card's flow (forced draws at once), where the table offers the choice.
        options.setdefault("forced_moves", "automatic")
    return testing.table_app(**options)


@pytest.mark.pilot
async def test_markup_names_are_shown_as_typed_through_a_whole_bank(tmp_path: Path) -> None:
    """The worked example, played by keys by ``[/]``, ``[bold]x`` and ``[red]``."""
    ana, bruno, chloe = MARKUP
    app = table_app(
        participants=MARKUP, kinds=["human"] * 3, seed=7, shoe=WORKED, save_dir=tmp_path
    )
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.press("enter")
        session = app.session
        assert session is not None
        game = session.game
        assert isinstance(app.screen, TableScreen)
        text = screen_text(app)
        assert f"{ana} bids" in text  # the amount's label
        await typed(pilot, "10")
        await pilot.press("enter", "enter", "p")
        assert (game.banker, game.fund) == (ana, 10)
        await pilot.press("enter", "enter")  # seating, shuffle
        text = screen_text(app)
        assert f"{ana} banker" in text
        for name in MARKUP:
            assert name in text
        await typed(pilot, "5")
        await pilot.press("enter")
        await typed(pilot, "3")
        await pilot.press("enter", "enter")  # stakes, deal
        assert game.phase == "banker"
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        assert f"Pass the keyboard to {ana}" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, PrivateScreen)
        assert f"Private view of {ana}" in screen_text(app)
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert game.balances == {ana: 90, bruno: 105, chloe: 100}
        # A toast (the settlement) and the log name the seats as typed.
        text = screen_text(app)
        assert "Coup 1" in text
        await pilot.press("ctrl+s")  # the saved toast
        await settle(pilot)
        await pilot.press("enter", "x")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        assert ana in screen_text(app)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, StandingsScreen)
        text = screen_text(app)
        assert f"Bank 1 has ended: {ana} retired." in text
        assert f"Winner: {bruno}." in text
        again = replay(record_of(game)).game
        assert again.balances == game.balances


@pytest.mark.pilot
async def test_markup_names_typed_at_setup_start_the_table() -> None:
    app = table_app(participants=["Ana"])
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        for i, name in enumerate([*MARKUP, *MORE]):
            app.screen.query_one(f"#name-{i}").focus()
            await pilot.press("end", "ctrl+u", *name)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.session is not None
        assert app.session.game.participants == [*MARKUP, *MORE]
        game = app.session.game
        for i, name in enumerate([*MARKUP, *MORE]):  # each speaks in turn, named as typed
            assert f"{name} bids" in screen_text(app)
            if i == 0:
                await typed(pilot, "10")
                await pilot.press("enter")
            else:
                await pilot.press("p")
        assert game.banker == MARKUP[0]
        text = screen_text(app)
        for name in [*MARKUP, *MORE]:
            assert name in text  # the seating
        assert app.is_running  # [@click=app.quit] did not quit


@pytest.mark.pilot
async def test_markup_names_in_the_command_palette_and_private_views() -> None:
    names = [*MARKUP[:2], MORE[0], MORE[1]]
    actions = [
        {"act": "bid", "who": names[0], "amount": 10},
        *({"act": "pass", "who": n} for n in names[1:]),
        {"act": "shuffle"},
    ]
    app = table_app(record=make_record(names, actions))
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(pilot)
        commands = [name for name, _h, _cb in app.game_commands(app.screen)]
        assert "View seat: [/]" in commands
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"View seat")
        await settle(pilot)
        text = screen_text(app)
        assert "View seat: [/]" in text and "View seat: [link=http://x]y" in text
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        await pilot.press("v")
        await settle(pilot)
        text = screen_text(app)
        for name in names:
            assert name in text  # the seat chooser


@pytest.mark.pilot
async def test_markup_names_call_banco_break_the_bank_and_see_the_standings() -> None:
    """Banco, a broken bank, the standings and a fresh auction, with ``[/]`` and ``[red]``."""
    ana, bruno, chloe = "[/]", "[red]", "[link=http://x]y"
    actions = [
        {"act": "bid", "who": ana, "amount": 100},
        {"act": "pass", "who": bruno},
        {"act": "pass", "who": chloe},
        {"act": "shuffle"},
    ]
    #: Right 4♠ 3♣ = 7 stands, left 2♦ 4♥ = 6 stands, bank 5♣ K♦ = 5.
    shoe = ["4S", "2D", "5C", "3C", "4H", "KD"]
    app = table_app(record=make_record([ana, bruno, chloe], actions, shoe=shoe))
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        session = app.session
        assert session is not None
        game = session.game
        await pilot.press("b")  # [red] calls banco
        assert game.claims == [bruno]
        await pilot.press("p", "enter", "enter", "enter")
        await settle(pilot)
        assert isinstance(app.screen, PrivateScreen)
        await pilot.press("s")
        await settle(pilot)
        assert game.ended is not None and game.ended.reason == "bankrupt"
        assert f"{bruno} calls banco" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, StandingsScreen)
        assert f"Winner: {bruno}." in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert f"{ana} has no chips and cannot bid." in screen_text(app)


@pytest.mark.pilot
async def test_a_computer_seat_called_markup_is_named_in_its_toast() -> None:
    names = ["[/]", "[bold]x", "[red]"]
    app = table_app(participants=names, kinds={"[/]": "human", "[bold]x": "cautious"}, seed=3)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.press("enter")
        await settle(pilot)
        assert app.session is not None
        await pilot.press("v")
        await settle(pilot)
        await pilot.press("2")  # [bold]x's key: a computer
        await settle(pilot)
        assert "[bold]x is a computer player" in screen_text(app)


@pytest.mark.pilot
async def test_a_record_with_markup_names_opens_at_the_table(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    path.write_text(
        '{"format": "banque-record/1", "participants": ["[red]", "[/]", "[bold]x"], '
        '"seed": 3, "actions": [{"act": "bid", "who": "[red]", "amount": 5}]}',
        encoding="utf-8",
    )
    app = table_app(record=path)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        text = screen_text(app)
        assert "[red]" in text and "[/] bids" in text


@pytest.mark.pilot
async def test_a_markup_notice_is_a_plain_toast() -> None:
    app = table_app(record=make_record(MARKUP, []))
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(pilot)
        app.notify("[/] [bold]x [red]")
        await settle(pilot)
        assert "[/] [bold]x [red]" in screen_text(app)


# ------------------------------------------------------------ untrusted text


def test_plain_escapes_control_characters_and_cuts_long_values() -> None:
    from banque.text import plain, quoted

    assert plain("\x1b[2J") == "\\x1b[2J"
    assert plain("a\nb\r\tc\x00") == "a\\nb\\r\\tc\\x00"
    assert plain("\x85\u2028\U000e0001") == "\\x85\\u2028\\U000e0001"
    assert plain("Chloé [/]") == "Chloé [/]"  # printable text is left as it is
    long = plain("Z" * 500)
    assert long == "Z" * 60 + "…"
    assert plain("\x1b" * 100).isprintable() and len(plain("\x1b" * 100)) <= 61
    assert quoted("Ana") == "'Ana'"
    assert quoted("\x1b[2J\n") == "'\\x1b[2J\\n'"
    assert quoted("x" * 100) == "'" + "x" * 60 + "…'"
    assert quoted(10**100).endswith("…") and len(quoted(10**100)) == 61


def test_markup_literal_reads_back_as_the_same_text() -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st
    from textual.content import Content

    from banque.text import markup_literal

    for text in [*MARKUP, *MORE, "a\\", "\\[b]", "[[x]]", "]["]:
        assert Content.from_markup(markup_literal(text)).plain == text

    @settings(max_examples=300, deadline=None)
    @given(st.text(alphabet="[]/\\$@=ab #:", max_size=20))
    def roundtrip(text: str) -> None:
        assert Content.from_markup(markup_literal(text)).plain == text

    roundtrip()


# ------------------------------------------------------------ records from elsewhere

import json  # noqa: E402
import os  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402

import pytest  # noqa: E402

from ..cli_run import run_cli  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "worked-example.json"
HOSTILE = "\x1b[2J\x1b]0;owned\x07\n" + "Z" * 300
BASE = {"format": "banque-record/1", "participants": ["a", "b", "c"], "seed": 1}
AUCTION = [
    {"act": "bid", "who": "a", "amount": 5},
    {"act": "pass", "who": "b"},
    {"act": "pass", "who": "c"},
]


def run(*args: str, stdin: bytes | None = None, **kw: Any) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(
        [sys.executable, "-m", "banque", *args],
        capture_output=True,
        input=stdin,
        cwd=ROOT,
        timeout=60,
        **kw,
    )
    out = subprocess.CompletedProcess(
        proc.args,
        proc.returncode,
        proc.stdout.decode("utf-8", "replace"),
        proc.stderr.decode("utf-8", "replace"),
    )
    assert "Traceback" not in out.stderr, out.stderr
    return out


def printed(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[str]:
    """What ``banque ARGS`` prints, its bytes as they are (run in this process: these tests
    are about what reaches the terminal, not how the process starts; :func:`run` for that)."""
    out = run_cli(*args, stdin=stdin, cwd=ROOT, universal_newlines=False)
    assert "Traceback" not in out.stderr, out.stderr
    return out


def one_safe_line(stderr: str) -> str:
    """The command's error: one line, ``banque: …``, printable, of reasonable length."""
    assert stderr.endswith("\n") and stderr.count("\n") == 1, stderr
    line = stderr[:-1]
    assert line.startswith("banque: ")
    assert line.isprintable(), repr(line)  # no escape, no bell, no carriage return
    assert len(line) < 400, len(line)
    return line


@pytest.mark.parametrize(
    "record",
    [
        {**BASE, HOSTILE: 1},
        {**BASE, "computers": {HOSTILE: "bold"}},
        {**BASE, "shoe": [HOSTILE]},
        {**BASE, "participants": ["a", "b", HOSTILE]},
        {**BASE, "actions": [{"act": "bid", "who": HOSTILE, "amount": 5}]},
        {**BASE, "actions": [{"act": "bid", "who": "a", "amount": 5, HOSTILE: 1}]},
        {**BASE, "actions": [{"act": HOSTILE}]},
        {**BASE, "actions": [*AUCTION, {"act": "seat", "right": [HOSTILE], "left": ["c"]}]},
        {**BASE, "actions": [*AUCTION, {"act": "shuffle", "cut": HOSTILE}]},
        {
            **BASE,
            "actions": [
                *AUCTION,
                {"act": "shuffle"},
                {"act": "wager", "who": "b", "amount": 5, "side": HOSTILE},
            ],
        },
    ],
    ids=["key", "computers", "shoe", "name", "who", "act-key", "act", "seat", "cut", "side"],
)
def test_a_records_values_never_reach_the_terminal_raw(tmp_path: Path, record: Any) -> None:
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    for args in (("replay", str(path)), ("advise", str(path)), ("replay", str(path), "--json")):
        proc = printed(*args)
        assert proc.returncode == 2
        line = one_safe_line(proc.stderr)
        assert "\x1b" not in proc.stdout and "\x07" not in proc.stdout
        assert "ZZZZ" not in line or "…" in line  # a long value is cut


def test_a_file_name_with_control_characters_is_shown_escaped(tmp_path: Path) -> None:
    proc = printed("replay", str(tmp_path / "\x1b[2Jgame\n.json"))
    line = one_safe_line(proc.stderr)
    assert "\\x1b[2Jgame\\n.json: no such file" in line


@pytest.mark.parametrize("path", ["/dev/zero", "/dev/urandom", "/dev/null"])
def test_a_record_is_a_regular_file(path: str) -> None:
    if not os.path.exists(path):
        pytest.skip(f"no {path} here")
    start = time.monotonic()
    proc = printed("replay", path)
    assert time.monotonic() - start < 20
    assert proc.returncode == 2
    assert "not a regular file" in one_safe_line(proc.stderr)


def test_a_fifo_is_refused_without_waiting(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    proc = printed("replay", str(fifo))
    assert proc.returncode == 2 and "not a regular file" in one_safe_line(proc.stderr)


def test_a_record_beyond_the_size_limit_is_refused_unread(tmp_path: Path) -> None:
    from banque.core.errors import RecordError
    from banque.core.record import MAX_RECORD_BYTES, load_record

    big = tmp_path / "big.json"
    with big.open("wb") as f:  # sparse: nothing to write, nothing to read past the limit
        f.truncate(MAX_RECORD_BYTES + 1)
    with pytest.raises(RecordError, match="larger than 10 MB"):
        load_record(big)
    proc = printed("replay", str(big))
    assert "larger than 10 MB" in one_safe_line(proc.stderr)
    # Standard input: the same limit (an endless stream is not read to its end).
    proc = printed("replay", "-", stdin=b"\0" * (MAX_RECORD_BYTES + 10))
    assert "standard input: larger than 10 MB" in one_safe_line(proc.stderr)


def test_a_long_games_record_is_far_below_the_limit() -> None:
    from banque.core.record import MAX_RECORD_BYTES

    size = EXAMPLE.stat().st_size
    acts = len(json.loads(EXAMPLE.read_text(encoding="utf-8"))["actions"])
    # The worked example's acts take under 60 bytes each: 10⁵ acts stay under 6 MB.
    assert (size / acts) * 100_000 < MAX_RECORD_BYTES


def test_non_utf8_standard_input_says_so() -> None:
    proc = printed("replay", "-", stdin='{"participants": ["Chloé"]}'.encode("latin-1"))
    assert proc.returncode == 2
    assert one_safe_line(proc.stderr) == "banque: standard input: not a record (not UTF-8 text)"


def test_a_million_bad_acts_are_refused_at_the_first_errors(tmp_path: Path) -> None:
    from banque.core.errors import RecordError
    from banque.core.record import parse_record

    acts = [{"act": "z"}] * 1_000_000
    start = time.monotonic()
    with pytest.raises(RecordError) as caught:
        parse_record({**BASE, "actions": acts})
    assert time.monotonic() - start < 5  # (it took 6 GB and minutes when all were built)
    text = str(caught.value)
    assert text.startswith("acts 1, 2 and 3: unknown act (acts are bid, pass")
    assert text.endswith("(and more)") and text.count("unknown act") == 1


def test_record_errors_are_counted_when_few() -> None:
    from banque.core.errors import RecordError
    from banque.core.record import parse_record

    acts = [{"act": "bid", "who": "a", "amount": "x"} for _ in range(5)]
    with pytest.raises(RecordError, match=r"^acts 1, 2 and 3 \(bid\): amount: .*\(and 2 more\)$"):
        parse_record({**BASE, "actions": acts})
    with pytest.raises(RecordError, match=r"^seed: .*; act 1 \(bid\): amount"):
        parse_record({**BASE, "seed": "x", "actions": acts[:1]})
    mixed = [acts[0], {"act": "z"}, {"act": "z"}, {"act": "pass", "who": "b", "x{0}": 1}]
    with pytest.raises(RecordError, match=r"^act 1 \(bid\): amount: .*; acts 2 and 3: unknown"):
        parse_record({**BASE, "actions": mixed})
    with pytest.raises(RecordError) as caught:
        parse_record({**BASE, "{}": 1, "actions": mixed})
    assert str(caught.value) == (
        "{}: unexpected field; act 1 (bid): amount: a whole number of chips is needed, "
        "written as a number (like 10); act 2: unknown act (acts are bid, pass, seat, "
        "shuffle, banco, wager, deal, draw, stand, retire; burn, take, accept, replenish under "
        "other rules; bet in punto banco) (and 2 more)"
    )
    record = parse_record({**BASE, "actions": AUCTION * 700})
    assert len(record.actions) == 2100 and record.actions[0].act == "bid"


@pytest.mark.pilot
def test_a_hostile_record_opened_at_the_table_falls_back_to_setup(tmp_path: Path) -> None:
    import asyncio

    path = tmp_path / "hostile.json"
    path.write_text(json.dumps({**BASE, HOSTILE: 1}), encoding="utf-8")

    async def go() -> str:
        app = table_app(record=path)
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, SetupScreen)
            return screen_text(app)

    text = asyncio.run(go())
    words = " ".join(line.strip(" ▌") for line in text.splitlines())
    assert "\\x1b[2J" in text and "unexpected field" in words
    assert "\x1b" not in text and "ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ" not in text


# ------------------------------------------------------------ the command line


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["odds", "--packs", "100000000000000000000"], "at most 1000"),
        (["odds", "--packs", "10**20"], "not a whole number"),
        (["odds", "--packs", "9" * 5000], "not a whole number"),
        (["odds", "--packs", "0"], "at least 1"),
        (["simulate", "--coups", "10**9"], "not a whole number"),
        (["simulate", "--coups", str(10**12)], "at most 10000000"),
        (["simulate", "--coups", "5", "--players", "99"], "3 to 11 participants"),
        (["simulate", "--coups", "5", "--seed", str(2**64)], "too large"),
        (["simulate", "--coups", "5", "--seed", "-1"], "at least 0"),
        (["simulate", "--coups", "5", "--p5", "nan"], "probability"),
        (["advise", "x.json", "--p5", "inf"], "probability"),
        (["--pace", "nan"], "not a pace"),
        (["--pace", "1e400"], "not a pace"),
        (["simulate"], "required: --coups"),
        (["bogus"], "invalid choice"),
        (["--nope"], "unrecognized arguments"),
        (["replay"], "required: record"),
    ],
)
def test_command_line_errors_are_one_line(args: list[str], words: str) -> None:
    proc = printed(*args)
    assert proc.returncode == 2
    line = one_safe_line(proc.stderr)
    assert words in line and line.endswith("--help)")
    assert "usage:" not in proc.stderr
    assert proc.stdout == ""


@pytest.mark.subprocess
def test_the_table_refuses_without_a_terminal() -> None:
    proc = run(stdin=b"")
    assert proc.returncode == 2
    assert "the table needs a terminal" in one_safe_line(proc.stderr)
    assert proc.stdout == ""  # no escape codes written into the pipe
    # The commands still work in pipes.
    assert run("replay", str(EXAMPLE)).returncode == 0
    assert run("replay", "-", stdin=EXAMPLE.read_bytes()).returncode == 0


@pytest.mark.subprocess
def test_output_in_an_encoding_without_accents_never_fails() -> None:
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    proc = run("replay", str(EXAMPLE), env=env)
    assert proc.returncode == 0 and "Chloe" in proc.stdout  # é as e, never a traceback
    proc = run("replay", str(ROOT / "missing-é.json"), env=env)
    assert proc.returncode == 2 and "no such file" in proc.stderr


@pytest.mark.parametrize("columns", [10, 20, 40, 80, 200])
def test_the_progress_bar_fits_the_terminal(columns: int) -> None:
    import io

    from banque.study.simulate import progress_bar

    out = io.StringIO()
    show = progress_bar(out, width=columns)
    for done in range(0, 200_001, 20_000):
        show(done, 200_000)
    show(200_000, 200_000)  # the last update again: drawn once
    text = out.getvalue()
    assert text.count("\n") == 1 and text.endswith("\n")
    for update in text.rstrip("\n").split("\r")[1:]:
        assert len(update.removesuffix("\x1b[K")) < columns
    last = text.rstrip("\n").split("\r")[-1].removesuffix("\x1b[K")
    assert last.endswith("200000/200000 coups" if columns >= 20 else "100%")
