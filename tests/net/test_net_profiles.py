"""Hosted tables under every rule profile: ``banque host --rules``, the profiles' acts
over the wire (burn, take, accept, replenish, a divided banco, hoyle's first bank)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from pathlib import Path
from typing import Any

import pytest

from banque.cli import main
from banque.core.models import Pass, TableOptions
from banque.core.record import parse_record
from banque.games.banque.game import Game
from banque.games.records import replay
from banque.net.client import Address, TableClient
from banque.net.host import build_table, table_words
from banque.net.server import TableServer
from banque.net.table import Table
from banque.session.session import Session
from banque.table.screens.dialogs import BancoSplitScreen, NumberScreen
from banque.table.screens.help import HelpScreen
from banque.table.screens.joined import JoinedScreen
from banque.table.screens.setup import SetupScreen

from ..handshake import hello_by_proof
from ..terminal_pty import first_lines
from .test_net_join import join_app, panel_text
from .test_net_socket import short_dir  # noqa: F401  (a fixture)


class Recorder:
    """A seat's link that keeps what the table sends it (decoded)."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def send(self, data: bytes) -> None:
        self.sent.append(json.loads(data))

    def close(self) -> None:
        pass


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
    assert table_words(table) == "classic rules, banco divided: even"
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
    assert table_words(hoyle) == "hoyle rules, the first bank to the first on the list"
    home = build_table(
        NAMES, computers={}, seed=3, pace=0, forced_moves="announced", takeover=False
    )
    assert home.session.game.rules == "home" and table_words(home) == "home rules"


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


@pytest.mark.subprocess
async def test_banque_host_rules_from_flags_alone(short_dir: Path, tmp_path: Path) -> None:  # noqa: F811
    """A script hosts a classic table: the first line says so, the welcome names the
    rules, and the journal keeps them."""
    from banque.core.journal import read_journal

    path = short_dir / "h.sock"
    env = {**os.environ, "BANQUE_DATA_DIR": str(tmp_path)}
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "banque", "host", "--players", "Ana,Bruno,Chloé", "--seed", "11",
        "--pace", "0", "--socket", str(path), "--log", "--rules", "classic",
        "--banco-split", "even",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, env=env,
    )  # fmt: skip
    try:
        lines = await first_lines(proc, 5)
        assert lines[0] == (f"Table open at {path} (classic rules, banco divided: even).\n")
        token = lines[2].strip().split()[1].removeprefix("BANQUE_TOKEN=")
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


@pytest.mark.pilot
async def test_banque_host_setup_hands_the_rules_chosen_to_the_host() -> None:
    from banque.table.screens.hostsetup import HostSetupApp

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


# ------------------------------------------------------------------ 2. the acts over sockets

# classic: two cards burnt, then right 9♥ K♥ (a natural), left 3♠ K♠ draws Q♣, banker 5♦ K♦.
CLASSIC_SHOE = ["2C", "3C", "9H", "3S", "5D", "KH", "KS", "KD", "QC", "4C"]
# hoyle: right 7♥ K♥ and left 6♠ K♠ stand, banker K♦ Q♦ = 0: the banker loses both sides.
HOYLE_SHOE = ["7H", "6S", "KD", "KH", "KS", "QD", "2C", "3C", "4C"]


def profile_table(rules: str, shoe: list[str], **options: Any) -> Table:
    game = Game(
        NAMES,
        7,
        shoe,
        rules=rules,  # type: ignore[arg-type]
        forced_moves="announced",
        options=TableOptions(**options),
    )
    session = Session(game)
    session.forced()
    return Table(session, pace=0, uid=os.getuid())


class Seats:
    """Three joined seats over a real Unix socket, acting in turn and kept in step."""

    def __init__(self, server: TableServer, clients: dict[str, TableClient]) -> None:
        self.server = server
        self.table = server.table
        self.clients = clients

    @classmethod
    async def join(cls, server: TableServer) -> Seats:
        clients = {}
        for name in NAMES:
            client = await TableClient.open(Address(server.socket_path))
            await client.hello(name, server.table.token(name))
            await client.receive()
            clients[name] = client
        seats = cls(server, clients)
        await seats.sync()
        return seats

    async def sync(self) -> None:
        """Every seat has the table's latest view."""
        async with asyncio.timeout(10):
            for client in self.clients.values():
                while client.state.turn < self.table.turn:
                    assert await client.receive() is not None

    def you(self, seat: str) -> dict[str, Any]:
        return self.clients[seat].state.you

    async def act(self, seat: str, act: str, **fields: Any) -> dict[str, Any]:
        """``seat`` acts; the answer (ack or error), once every seat is in step."""
        client = self.clients[seat]
        ident = await client.act(act, **fields)
        async with asyncio.timeout(10):
            while True:
                message = await client.receive()
                assert message is not None
                if message.get("id") == ident:
                    break
        await self.sync()
        return message

    async def ok(self, seat: str, act: str, **fields: Any) -> None:
        reply = await self.act(seat, act, **fields)
        assert reply["type"] == "ack", reply

    async def close(self) -> None:
        for client in self.clients.values():
            await client.close()


def said(client: TableClient, code: str) -> list[dict[str, Any]]:
    return [e for e in client.state.log if e["code"] == code]


@pytest.mark.subprocess
async def test_a_classic_bank_over_the_socket_burn_and_the_bank_taken(
    short_dir: Path,  # noqa: F811
) -> None:
    async with TableServer(profile_table("classic", CLASSIC_SHOE), short_dir / "t.sock") as srv:
        seats = await Seats.join(srv)
        game = srv.table.session.game
        await seats.ok("Ana", "bid", amount=10)
        await seats.ok("Bruno", "pass")
        await seats.ok("Chloé", "pass")
        assert seats.you("Ana")["extra_bettors"] == "spectators"
        await seats.ok("Ana", "seat")
        await seats.ok("Ana", "shuffle")
        you = seats.you("Bruno")
        rule_msg = you["banco_split"].pop("rule_msg")  # the rule as a message too
        assert you["banco_split"] == {"rule": "any division", "fund": 10, "right": 5, "left": 5}
        assert rule_msg == {"template": "any division"}
        await seats.ok("Bruno", "wager", amount=5)
        await seats.ok("Chloé", "wager", amount=5)
        you = seats.you("Ana")
        assert "burn" in you["acts"] and you["max_burn"] == 6
        # A burn beyond the house's six is refused in the engine's words; nothing moves.
        turn = srv.table.turn
        reply = await seats.act("Ana", "burn", count=7)
        assert reply["code"] == "refused"
        assert reply["message"] == "The banker burns from 1 to 6 cards (not 7)."
        assert srv.table.turn == turn and not game.burnt
        await seats.ok("Ana", "burn", count=2)
        for client in seats.clients.values():  # the burn is seen by every seat
            (burn,) = said(client, "burn")
            assert burn["text"] == "Ana burns 2 cards, shown to all: 2♣ 3♣."
            assert "burn" not in client.state.you["acts"]
        await seats.ok("Ana", "deal")
        await seats.ok("Chloé", "draw")  # the right's natural settled it; the left plays on
        await seats.ok("Ana", "stand")
        for name in NAMES:
            await seats.ok(name, "continue")
        await seats.ok("Bruno", "pass")
        await seats.ok("Chloé", "pass")
        await seats.ok("Ana", "retire")
        assert seats.you("Chloé")["offer"] == 10  # the standings first, then the offer
        for name in NAMES:
            await seats.ok(name, "fresh")
        # The bank re-offered at its size, to Bruno first (precedence): he takes it.
        you = seats.you("Bruno")
        assert you["acts"] == ["take", "pass"] and you["offer"] == 10
        assert not seats.you("Chloé")["to_act"]
        reply = await seats.act("Chloé", "take")
        assert reply["code"] == "not_your_turn"
        await seats.ok("Bruno", "take")
        assert game.banker == "Bruno" and game.fund == 10 and game.bank_number == 2
        assert [a.act for a in game.actions].count("take") == 1
        for client in seats.clients.values():
            view = client.state.view
            assert view is not None and view["board"]["banker"] == "Bruno"
        await seats.close()


@pytest.mark.subprocess
async def test_a_hoyle_bank_over_the_socket_stakes_accepted_and_replenished(
    short_dir: Path,  # noqa: F811
) -> None:
    table = profile_table("hoyle", HOYLE_SHOE, first_bank="list")
    async with TableServer(table, short_dir / "t.sock") as srv:
        seats = await Seats.join(srv)
        game = srv.table.session.game
        # The first on the list may hold the first bank (a fund) or pass it to auction.
        you = seats.you("Ana")
        assert you["acts"] == ["bid", "pass"] and you["first_bank"] is True
        reply = await seats.act("Bruno", "pass")
        assert reply["code"] == "not_your_turn"  # Ana speaks first
        await seats.ok("Ana", "bid", amount=10)
        await seats.ok("Ana", "seat")
        you = seats.you("Ana")
        assert you["croupier"] is True and you["cutters"] == ["Bruno", "Chloé"]
        await seats.ok("Ana", "shuffle", cut="Bruno")  # the banker chooses who cuts
        assert any("Bruno cuts" in e["text"] for e in seats.clients["Chloé"].state.log)
        await seats.ok("Bruno", "wager", amount=30)
        await seats.ok("Chloé", "wager", amount=20)
        you = seats.you("Ana")
        assert "accept" in you["acts"] and you["accept"] == 40
        await seats.ok("Ana", "accept")
        assert game.unlimited and game.fund == 50
        for client in seats.clients.values():
            assert said(client, "accept")
        await seats.ok("Ana", "deal")
        await seats.ok("Bruno", "stand")
        await seats.ok("Chloé", "stand")
        await seats.ok("Ana", "stand")
        for name in NAMES:
            await seats.ok(name, "continue")
        # The bank is broken; Ana replenishes it up to the agreed minimum.
        you = seats.you("Ana")
        assert you["acts"] == ["replenish", "retire"]
        assert you["replenish"] == {"most": 10, "minimum": 10}
        reply = await seats.act("Ana", "replenish", amount=11)
        assert reply["code"] == "refused" and "1 to 10 chips" in reply["message"]
        assert game.broken
        await seats.ok("Ana", "replenish", amount=10)
        assert not game.broken and game.fund == 10 and game.banker == "Ana"
        for client in seats.clients.values():
            assert said(client, "replenish")
        assert seats.you("Bruno")["to_act"]  # the bank goes on: coup 2's stakes
        await seats.close()


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"act": "burn"}, 'A burn needs a "count" (1 to 6 cards).'),
        ({"act": "burn", "count": "2"}, '"count" must be a whole number of cards.'),
        ({"act": "burn", "count": True}, '"count" must be a whole number of cards.'),
        (
            {"act": "banco", "split": [5, 5]},
            '"split" is {"right": chips, "left": chips}: whole numbers for the two hands.',
        ),
        (
            {"act": "banco", "split": {"right": -1, "left": 11}},
            '"split" is {"right": chips, "left": chips}: whole numbers for the two hands.',
        ),
        (
            {"act": "wager", "amount": 5, "split": {"right": 5, "left": 5}},
            '"split" divides a banco only.',
        ),
        (
            {"act": "wager", "amount": 5, "side": "centre"},
            '"side" is "right" or "left", the side a wager backs.',
        ),
        ({"act": "pass", "side": "left"}, '"side" is "right" or "left", the side a wager backs.'),
        (
            {"act": "seat", "spectators": ["Chloé"]},
            'A seating with "spectators" gives "right" and "left" too.',
        ),
        (
            {"act": "seat", "right": ["Bruno"], "left": ["Chloé"], "spectators": "Ana"},
            '"spectators" must be a list of names.',
        ),
        ({"act": "replenish", "amount": -3}, '"amount" must be a whole number of chips.'),
    ],
)
def test_bad_parameters_of_the_profiles_acts_are_refused_in_one_line(
    fields: dict[str, Any], said: str
) -> None:
    """Refused by the protocol with a reason, before the table looks at them."""

    table = profile_table("classic", CLASSIC_SHOE)
    link = Recorder()
    sent = link.sent
    joined = table.connect(link)
    hello_by_proof(table, joined, "Ana", lambda: sent[-1])
    before = (table.turn, list(table.session.game.actions))
    line = json.dumps({"v": 1, "type": "act", "id": "x1", "turn": table.turn, **fields})
    table.receive(joined, line.encode())
    error = dict(sent[-1])
    msg = error.pop("msg")  # the reason as a message id too: told in the joiner's language
    assert error == {"v": 1, "type": "error", "code": "bad_message", "message": said, "id": "x1"}
    assert msg["template"]
    assert (table.turn, list(table.session.game.actions)) == before


@pytest.mark.subprocess
@pytest.mark.parametrize(
    ("rules", "act", "fields", "said"),
    [
        ("home", "burn", {"count": 2}, "Under the home rules no cards are burnt."),
        ("home", "accept", {}, "Under the home rules the stakes never exceed the fund"),
        ("home", "replenish", {"amount": 5}, "Under the home rules a broken bank ends the bank."),
        ("classic", "take", {}, "No bank is on offer: a bank is taken by bidding for it."),
    ],
)
async def test_a_profiles_act_out_of_its_rules_is_refused_in_the_engines_words(
    short_dir: Path,  # noqa: F811
    rules: str,
    act: str,
    fields: dict[str, Any],
    said: str,
) -> None:
    async with TableServer(profile_table(rules, CLASSIC_SHOE), short_dir / "t.sock") as srv:
        seats = await Seats.join(srv)
        game = srv.table.session.game
        await seats.ok("Ana", "bid", amount=10)
        await seats.ok("Bruno", "pass")
        await seats.ok("Chloé", "pass")
        await seats.ok("Ana", "seat")
        await seats.ok("Ana", "shuffle")
        await seats.ok("Bruno", "pass")
        await seats.ok("Chloé", "pass")
        before = (srv.table.turn, len(game.actions), dict(game.balances), game.fund)
        reply = await seats.act("Ana", act, **fields)
        assert reply["code"] == "refused" and reply["message"].startswith(said), reply
        assert (srv.table.turn, len(game.actions), dict(game.balances), game.fund) == before
        await seats.close()


# ------------------------------------------------------------------ 3. the joined seat's keys


def table_after(
    rules: str,
    shoe: list[str],
    actions: list[dict[str, Any]],
    names: list[str] = NAMES,
    **options: Any,
) -> Table:
    """A table at the point a record reaches (its rules and options kept)."""
    data: dict[str, Any] = {
        "participants": names,
        "seed": 7,
        "rules": rules,
        "shoe": shoe,
        "actions": actions,
        "forced_moves": "announced",
    }
    if options:
        data["options"] = options
    session = Session.from_replay(replay(parse_record(data)))
    session.forced()
    return Table(session, pace=0)


CLASSIC_STAKES = [
    {"act": "bid", "who": "Ana", "amount": 10},
    {"act": "pass", "who": "Bruno"},
    {"act": "pass", "who": "Chloé"},
    {"act": "shuffle"},
    {"act": "wager", "who": "Bruno", "amount": 5},
    {"act": "wager", "who": "Chloé", "amount": 5},
]


@pytest.mark.pilot
async def test_a_joined_banker_is_prompted_to_burn_and_burns_by_keys() -> None:
    table = table_after("classic", CLASSIC_SHOE, CLASSIC_STAKES)
    app = join_app(table, "Ana")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        text = panel_text(app)
        assert "Your turn" in text
        assert "Enter: deal · u: burn 1-6 cards" in text
        assert "classic rules" in str(app.screen.sub_title)
        await pilot.press("u")
        await pilot.pause()
        assert isinstance(app.screen, NumberScreen)
        await pilot.press("2")
        await pilot.pause()
        await pilot.pause()
        game = table.session.game
        assert game.burnt and game.actions[-1].act == "burn"
        assert "burn" in [e["code"] for e in app.state.log]
        assert "u: burn" not in panel_text(app)  # once a shoe
        await pilot.press("enter")  # and deals
        await pilot.pause()
        assert game.actions[-1].act == "deal"
        await pilot.press("f1")  # the help names the table's rules
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and app.screen.rules == "classic"


@pytest.mark.pilot
async def test_a_joined_seat_takes_the_bank_offered() -> None:
    actions = [
        *CLASSIC_STAKES,
        {"act": "burn", "count": 2},
        {"act": "deal"},
        {"act": "draw", "side": "left"},
        {"act": "stand", "side": "banker"},
        {"act": "pass", "who": "Bruno"},
        {"act": "pass", "who": "Chloé"},
        {"act": "retire"},
    ]
    table = table_after("classic", CLASSIC_SHOE, actions)
    table.session.settled = None
    table.session.new_bank()  # the standings read: the bank is offered
    app = join_app(table, "Bruno")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert "Enter or t: Bruno takes the bank of 10 · p: pass" in panel_text(app)
        await pilot.press("t")
        await pilot.pause()
        assert table.session.game.banker == "Bruno"


@pytest.mark.pilot
async def test_a_joined_banker_replenishes_a_broken_bank_with_enter() -> None:
    actions = [
        {"act": "bid", "who": "Ana", "amount": 10},
        {"act": "shuffle", "cut": "Bruno"},
        {"act": "wager", "who": "Bruno", "amount": 30},
        {"act": "wager", "who": "Chloé", "amount": 20},
        {"act": "accept"},
        {"act": "deal"},
        {"act": "stand", "side": "right"},
        {"act": "stand", "side": "left"},
        {"act": "stand", "side": "banker"},
    ]
    table = table_after("hoyle", HOYLE_SHOE, actions, first_bank="list")
    table.session.continue_after_settlement()
    assert table.session.game.broken
    app = join_app(table, "Ana")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        text = panel_text(app)
        assert "Your turn" in text and "broken" in text
        assert "Enter: replenish with 10 (the agreed minimum) · x: give up the bank" in text
        await pilot.press("enter")
        await pilot.pause()
        game = table.session.game
        assert not game.broken and game.fund == 10 and game.actions[-1].act == "replenish"


@pytest.mark.pilot
async def test_a_joined_classic_banco_is_divided_in_its_dialog() -> None:
    table = table_after("classic", CLASSIC_SHOE, CLASSIC_STAKES[:4], banco_split="even")
    app = join_app(table, "Bruno")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert "b: banco (10)" in panel_text(app)
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, BancoSplitScreen)
        await pilot.press("7", "enter")  # 7 right, 3 left: not even
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, JoinedScreen)
        assert "refuses this banco: the house requires an even division" in panel_text(app)
        assert table.session.game.claims == []
        await pilot.press("b")
        await pilot.pause()
        await pilot.press("enter")  # the offered 5 right, 5 left
        await pilot.pause()
        await pilot.pause()
        game = table.session.game
        assert game.claims == ["Bruno"] and game.claim_split["Bruno"] == (5, 5)


@pytest.mark.pilot
async def test_a_joined_seat_reads_the_banco_rule_in_its_language() -> None:
    from banque import i18n

    table = table_after("classic", CLASSIC_SHOE, CLASSIC_STAKES[:4], banco_split="even")
    i18n.install("fr")
    try:
        app = join_app(table, "Bruno")
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("b")
            await pilot.pause()
            assert isinstance(app.screen, BancoSplitScreen)
            text = " ".join(str(w.render()) for w in app.screen.query("Static"))
            assert "un partage égal, moitié sur chaque tableau" in text, text
            assert "even division" not in text
    finally:
        i18n.install("en")


@pytest.mark.pilot
async def test_a_joined_hoyle_banker_chooses_who_cuts() -> None:
    actions = [{"act": "bid", "who": "Ana", "amount": 10}]
    table = table_after("hoyle", HOYLE_SHOE, actions, first_bank="list")
    app = join_app(table, "Ana")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        if "seat" in app.state.you["acts"]:
            await pilot.press("enter")
            await pilot.pause()
        text = panel_text(app)
        assert "The croupier shuffles first" in text and "cut by Chloé" in text
        await pilot.press("c")
        await pilot.pause()
        assert "cut by Bruno" in panel_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert table.session.game.actions[-1].cut == "Bruno"


@pytest.mark.pilot
async def test_a_joined_spectator_backs_the_side_it_chooses() -> None:
    four = [*NAMES, "David"]
    actions = [
        {"act": "bid", "who": "Ana", "amount": 10},
        {"act": "pass", "who": "Bruno"},
        {"act": "pass", "who": "Chloé"},
        {"act": "pass", "who": "David"},
        {"act": "seat", "right": ["Bruno"], "left": ["Chloé"], "spectators": ["David"]},
        {"act": "shuffle"},
        {"act": "pass", "who": "Bruno"},
        {"act": "pass", "who": "Chloé"},
    ]
    table = table_after("classic", CLASSIC_SHOE, actions, four)
    app = join_app(table, "David")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        text = panel_text(app)
        assert "s: back the other side" in text
        assert "on the right" in str(app.screen.query_one("#amount-limit").render())
        await pilot.press("s")
        await pilot.pause()
        assert "on the left" in str(app.screen.query_one("#amount-limit").render())
        await pilot.press("4", "enter")
        await pilot.pause()
        wager = table.session.game.actions[-1]
        assert (wager.act, wager.who, wager.amount, wager.side) == ("wager", "David", 4, "left")


@pytest.mark.pilot
async def test_a_joined_banker_arranges_the_seating_with_the_tables_keys() -> None:
    """classic: ↑↓ choose, w to watch (the seats go by precedence); every screen sees the
    arrangement."""
    four = [*NAMES, "David"]
    actions = [
        {"act": "bid", "who": "Ana", "amount": 10},
        {"act": "pass", "who": "Bruno"},
        {"act": "pass", "who": "Chloé"},
        {"act": "pass", "who": "David"},
    ]
    table = table_after("classic", CLASSIC_SHOE, actions, four)
    session = table.session
    assert session.stage() == "seating"
    app = join_app(table, "Ana")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        draft = app.state.you["draft"]
        assert (draft["left"], draft["right"]) == (["Chloé"], ["Bruno", "David"])
        text = panel_text(app)
        assert "The seats go by precedence · ↑↓: choose · Enter: seat them" in text
        assert "w: Chloé watches" in text
        await pilot.press("w")  # Chloé watches: David moves up to the first seat left
        await pilot.pause()
        assert session.draft() == {"right": ["Bruno"], "left": ["David"]}
        assert app.state.you["spectators"] == ["Chloé"]
        assert "w: Chloé sits again" in panel_text(app)  # the cursor stays on her
        await pilot.press("left", "right_square_bracket")  # no moving a seat: precedence
        await pilot.pause()
        assert session.draft() == {"right": ["Bruno"], "left": ["David"]}
        await pilot.press("w")  # she sits again, in her place by precedence
        await pilot.pause()
        assert session.draft() == {"right": ["Bruno", "David"], "left": ["Chloé"]}
        await pilot.press("down", "down")  # Chloé, Bruno, David
        await pilot.pause()
        assert "w: David watches" in panel_text(app)
        await pilot.press("w")
        await pilot.pause()
        assert session.draft_spectators() == ["David"]
        await pilot.press("enter")
        await pilot.pause()
        seat = session.game.actions[-1]
        assert seat.act == "seat" and seat.spectators == ["David"]
        assert (seat.right, seat.left) == (["Bruno"], ["Chloé"])
        assert session.stage() == "shuffle"


def test_arrange_is_checked_like_any_act() -> None:
    table = profile_table("home", CLASSIC_SHOE)
    link = Recorder()
    sent = link.sent
    joined = table.connect(link)
    hello_by_proof(table, joined, "Ana", lambda: sent[-1])
    for act in ({"act": "bid", "amount": 10},):
        table.receive(
            joined,
            json.dumps({"v": 1, "type": "act", "id": "b", "turn": table.turn, **act}).encode(),
        )
    assert table.session.game.bids == {"Ana": 10}

    def send(ident: str, **fields: Any) -> dict[str, Any]:
        message = {"v": 1, "type": "act", "id": ident, "turn": table.turn, **fields}
        table.receive(joined, json.dumps(message).encode())
        return sent[-1]

    assert send("a1", act="arrange", move="sideways", player="Bruno")["message"] == (
        '"move" must be one of: left, right, up, down, watch, reset.'
    )
    assert (
        send("a2", act="arrange", move="left")["message"]
        == '"player" must be a participant\'s name.'
    )
    assert send("a3", act="pass", move="left")["message"] == (
        '"move" and "player" arrange the seating only.'
    )
    # Not the seating yet: Bruno and Chloé have not spoken.
    assert send("a4", act="arrange", move="left", player="Bruno")["code"] == "not_your_turn"
    table.session.perform(Pass(who="Bruno"))
    table.session.perform(Pass(who="Chloé"))
    assert table.session.stage() == "seating"
    reply = send("a5", act="arrange", move="watch", player="Bruno")
    assert (reply["code"], reply["message"]) == (
        "refused",
        "Under the home rules every player sits on a side.",
    )
    reply = send("a6", act="arrange", move="left", player="Zoé")
    assert reply["message"] == "Zoé is not among the players being seated."
    assert table.session.draft() == {"right": ["Bruno"], "left": ["Chloé"]}


@pytest.mark.pilot
@pytest.mark.parametrize(
    "size", [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
)
def test_snapshot_joined_classic_banker_may_burn(snap_compare: Any, size: tuple[int, int]) -> None:
    table = table_after("classic", CLASSIC_SHOE, CLASSIC_STAKES)

    async def settle(pilot: Any) -> None:
        await pilot.pause()
        await pilot.pause()

    assert snap_compare(join_app(table, "Ana"), terminal_size=size, run_before=settle)
