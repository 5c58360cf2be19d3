"""Hosted tables under every rule profile: ``banque host --rules``, the profiles' acts
over the wire (burn, take, accept, replenish, a divided banco, hoyle's first bank)."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import pytest

from banque.cli import main
from banque.net.client import Address, TableClient
from banque.net.host import build_table, table_words
from banque.screens.setup import SetupScreen

from .test_net_socket import short_dir  # noqa: F401  (a fixture)

NAMES = ["Ana", "Bruno", "Chloé"]


# ------------------------------------------------------------------ 1. banque host --rules


def test_build_table_plays_by_the_rules_and_options_given() -> None:
    table = build_table(
        NAMES,
        computers={},
        seed=3,
        pace=0,
        forced_moves="announced",
        takeover=False,
        rules="classic",
        options={"banco_split": "even"},
    )
    game = table.session.game
    assert game.rules == "classic" and game.options.banco_split == "even"
    assert table_words(table) == "seed 3, classic rules (banco divided: even)"
    hoyle = build_table(
        NAMES,
        computers={},
        seed=3,
        pace=0,
        forced_moves="announced",
        takeover=False,
        rules="hoyle",
        options={"first_bank": "list"},
    )
    assert hoyle.session.game.rules == "hoyle"
    assert table_words(hoyle) == "seed 3, hoyle rules (the first bank: first on the list)"
    home = build_table(
        NAMES, computers={}, seed=3, pace=0, forced_moves="announced", takeover=False
    )
    assert home.session.game.rules == "home" and table_words(home) == "seed 3"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ["--banco-split", "even"],
            "banque: --banco-split is a classic house's option (add --rules classic)\n",
        ),
        (
            ["--rules", "classic", "--first-bank", "list"],
            "banque: --first-bank is a hoyle table's option (add --rules hoyle)\n",
        ),
    ],
)
def test_banque_host_options_belong_to_their_rules(
    args: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["host", "--players", "Ana,Bruno,Chloé", "--no-journal", "--log", *args]) == 2
    assert capsys.readouterr().err == said


def test_banque_host_refuses_unknown_rules_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["host", "--rules", "casino", "--log"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "invalid choice: 'casino'" in err


async def test_banque_host_rules_from_flags_alone(short_dir: Path, tmp_path: Path) -> None:  # noqa: F811
    """A script hosts a classic table: the first line says so, the welcome names the
    rules, and the journal keeps them."""
    from banque.journal import read_journal

    path = short_dir / "h.sock"
    env = {**os.environ, "BANQUE_DATA_DIR": str(tmp_path)}
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "banque", "host", "--players", "Ana,Bruno,Chloé", "--seed", "11",
        "--pace", "0", "--socket", str(path), "--log", "--rules", "classic",
        "--banco-split", "even",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, env=env,
    )  # fmt: skip
    try:
        assert proc.stdout is not None
        lines = []
        async with asyncio.timeout(20):
            while len(lines) < 5:
                lines.append((await proc.stdout.readline()).decode())
        assert lines[0] == (
            f"Table open at {path} (seed 11, classic rules (banco divided: even)).\n"
        )
        token = lines[2].strip().rsplit(" ", 1)[1]
        client = await TableClient.open(Address(path))
        await client.hello("Ana", token)
        await client.receive()
        assert client.state.rules == "classic"
        assert client.state.options == {"banco_split": "even", "first_bank": "auction"}
        await client.close()
        proc.send_signal(signal.SIGTERM)
        await asyncio.wait_for(proc.communicate(), 20)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    (journal,) = (tmp_path / "games").glob("*.jsonl")
    record = read_journal(journal).record
    assert record.rules == "classic" and record.options is not None
    assert record.options.banco_split == "even"


async def test_banque_host_setup_hands_the_rules_chosen_to_the_host() -> None:
    from banque.screens.hostsetup import HostSetupApp

    app = HostSetupApp(
        seed=5, journal=False, blink=False, rules="home", options={"first_bank": "list"}
    )
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        app.screen.focus_cell("rules")
        await pilot.press("space", "space")  # home -> classic -> hoyle
        await pilot.press("enter")
        await pilot.pause()
    assert app.chosen is not None
    assert (app.chosen.rules, app.chosen.options) == ("hoyle", {"first_bank": "list"})
