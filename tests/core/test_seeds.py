"""Unpredictable shoes (issue 18): secure seeds, the stream they key, and nothing that shows them.

A new game (one-keyboard, hosted; banque, chemin de fer, punto banco) draws
a 256-bit seed from the system's secure generator and deals from keyed
BLAKE2b in counter mode; its record names the stream and replays exactly.
An explicit seed, and every older record, keep the Mersenne Twister: the
same shoes as before, checked against shoes of the old code written out here.
No seat, spectator, console line or replay of an unfinished game shows the seed.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import shutil
import signal
import sys
import tempfile
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from banque.cli import main
from banque.core.cards import PACKS, full_shoe
from banque.core.errors import RecordError
from banque.core.journal import Journal, read_journal
from banque.core.models import Record
from banque.core.record import dump_record, load_record, parse_record
from banque.core.rng import (
    SEED_BITS,
    STREAM,
    CountingRandom,
    StreamRandom,
    derived,
    new_seed,
    seed_and_stream,
)
from banque.games.banque.game import Game
from banque.games.banque.players import computer_table, play_step
from banque.games.chemin_de_fer.game import CheminGame
from banque.games.chemin_de_fer.players import CheminComputer
from banque.games.chemin_de_fer.players import play_step as chemin_step
from banque.games.punto_banco.game import PuntoGame
from banque.games.records import list_games, record_of, replay
from banque.net.host import build_table, table_words
from banque.session.session import Session, computer_seats
from banque.table.testing import screen_text

from ..net.test_net_leaks import Bot, Capture
from ..terminal_pty import first_lines

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
NAMES = ["Ana", "Bruno", "Chloé"]
STYLES = {"Ana": "cautious", "Bruno": "bold", "Chloé": "cautious"}


def secret_forms(seed: int) -> list[str]:
    """How a seed could be written in a message: decimal, hexadecimal (and the decimal's
    head, long enough to single it out)."""
    text = str(seed)
    return [text, text[:24], f"{seed:x}", f"{seed:X}"]


def drive(session: Session, steps: int) -> int:
    """Let an all-computer session play ``steps`` steps (settlements and new banks too)."""
    done = 0
    while done < steps:
        stage = session.stage()
        if stage == "settlement":
            session.continue_after_settlement()
        elif stage == "ended":
            session.new_bank()
        elif session.computer_to_move():
            session.play_computer()
        else:
            break
        done += 1
    return done


# ------------------------------------------------------------------ the seed


def test_a_new_seed_has_256_bits_from_the_system_and_differs_every_time() -> None:
    seeds = {new_seed() for _ in range(50)}
    assert len(seeds) == 50
    assert SEED_BITS >= 128
    assert all(s.bit_length() == SEED_BITS for s in seeds)  # the size tells nothing
    assert all(s > 2**63 - 1 for s in seeds)  # never a --seed
    assert seed_and_stream(None)[1] == STREAM
    assert seed_and_stream(7) == (7, None)  # an explicit seed: its known shoe


def test_two_new_games_have_different_seeds_and_shoes() -> None:
    one = build_table(
        NAMES, computers={}, seed=None, pace=0, forced_moves="announced", takeover=False
    )
    two = build_table(
        NAMES, computers={}, seed=None, pace=0, forced_moves="announced", takeover=False
    )
    a, b = one.session.game, two.session.game
    assert a.stream == b.stream == STREAM
    assert a.seed != b.seed and min(a.seed, b.seed).bit_length() >= 128
    for game in (a, b):
        game.bid("Ana", 10)
        game.pass_bid("Bruno")
        game.pass_bid("Chloé")
        game.seat(["Bruno"], ["Chloé"])
        game.shuffle()
    assert a.shoe_order != b.shoe_order


# ------------------------------------------------------------------ the stream


def test_the_same_seed_and_purpose_give_the_same_stream_whatever_is_asked() -> None:
    seed = 2**255 + 99
    a, b = StreamRandom(seed, "game"), StreamRandom(seed, "game")
    deck_a, deck_b = list(range(312)), list(range(312))
    a.shuffle(deck_a)
    b.shuffle(deck_b)
    assert deck_a == deck_b
    assert [a.random(), a.randrange(10**30), a.choice("abcdef"), a.sample(range(99), 5)] == [
        b.random(),
        b.randrange(10**30),
        b.choice("abcdef"),
        b.sample(range(99), 5),
    ]
    assert a.draws == b.draws > 312


def test_random_and_getrandbits_both_read_the_stream() -> None:
    """shuffle/randrange/choice use getrandbits, uniform/random use random(): both are the
    stream's, never the Mersenne Twister the base class carries."""
    rng = StreamRandom(5, "x")
    twister = random.Random(0)  # what the base type would have given
    assert rng.random() != twister.random()
    before = rng.draws
    rng.getrandbits(64)
    assert rng.draws == before + 8
    rng.random()
    assert rng.draws == before + 15  # 53 bits: 7 bytes
    rng.shuffle(list(range(52)))
    assert rng.draws > before + 15
    assert type(rng)._randbelow is random.Random._randbelow_with_getrandbits
    with pytest.raises(TypeError):
        StreamRandom("not a number")  # type: ignore[arg-type]


def test_purposes_are_independent_streams() -> None:
    """The table's stream, each seat's and each stand-in's differ from their first bytes,
    and none is another read further on (no window of one appears in another)."""
    seed = new_seed()
    purposes = ["game", "seat:Ana", "seat:Bruno", "stand-in:Ana", "chemin/Ana", "punto/Ana", ""]
    streams = {p: StreamRandom(seed, p).randbytes(4096) for p in purposes}
    assert len({s[:16] for s in streams.values()}) == len(purposes)
    for p, data in streams.items():
        for q, other in streams.items():
            if p != q:
                assert other[:16] not in data and other[1000:1016] not in data
    # another seed, the same purpose: another stream
    assert StreamRandom(seed + 1, "game").randbytes(16) != streams["game"][:16]
    # the game's own generators are these streams
    game = Game(NAMES, seed, stream=STREAM)
    assert isinstance(game.rng, StreamRandom) and game.rng.purpose == "game"
    assert game.rng_for("seat:Ana").randbytes(16) == streams["seat:Ana"][:16]


def test_state_save_restore_and_skip() -> None:
    rng = StreamRandom(new_seed(), "seat:Ana")
    rng.random()
    state = rng.getstate()
    after = [rng.random() for _ in range(20)]
    rng.setstate(state)
    assert [rng.random() for _ in range(20)] == after
    again = StreamRandom(0)
    again.setstate(state)
    assert again.random() == after[0]
    fresh = StreamRandom(0, "seat:Ana")
    fresh.setstate(state)
    assert fresh.draws == state[3]
    with pytest.raises(ValueError):
        rng.setstate(random.Random(1).getstate())


def test_cheap_statistics_of_the_stream() -> None:
    """Fixed seed (the test is reproducible): each card lands anywhere alike, the bits are
    balanced, random() is uniform on [0, 1)."""
    rng = StreamRandom(2**255 + 2024, "game")
    n, size = 4000, 8
    places = Counter()
    for _ in range(n):
        deck = list(range(size))
        rng.shuffle(deck)
        places[deck.index(0)] += 1
    expected = n / size
    chi2 = sum((places[i] - expected) ** 2 / expected for i in range(size))
    assert chi2 < 30  # 7 degrees of freedom: p < 0.0002 beyond
    ones = sum(bin(rng.getrandbits(64)).count("1") for _ in range(1000))
    assert abs(ones - 32_000) < 800  # σ ≈ 126
    xs = [rng.random() for _ in range(20_000)]
    assert all(0.0 <= x < 1.0 for x in xs)
    assert abs(sum(xs) / len(xs) - 0.5) < 0.01
    assert sum(x < 0.1 for x in xs) in range(1800, 2200)


def test_every_shoe_of_the_stream_holds_each_card_exactly_as_often() -> None:
    game = Game(NAMES, new_seed(), stream=STREAM)
    session = Session(game, computers=computer_seats(game, STYLES), styles=STYLES)
    session.forced()
    shoes: list[tuple[str, ...]] = []
    for _ in range(400):
        if drive(session, 1) == 0:
            break
        if game.shoe_ready and (not shoes or tuple(game.shoe_order) != shoes[-1]):
            shoes.append(tuple(game.shoe_order))
    assert len(shoes) >= 2
    full = Counter(full_shoe(PACKS))
    assert all(Counter(shoe) == full for shoe in shoes)
    chemin = CheminGame(NAMES, new_seed(), stream=STREAM)
    seats = {n: CheminComputer(n, chemin, "bold") for n in NAMES}
    for _ in range(3000):
        if not chemin_step(chemin, seats):
            break
    assert chemin.shoe.orders and all(
        Counter(o) == Counter(full_shoe(chemin.packs)) for o in chemin.shoe.orders
    )


# ------------------------------------------------------------------ records


def test_a_stream_game_replays_exactly_from_its_record() -> None:
    seed = new_seed()
    game = Game(NAMES, seed, stream=STREAM, forced_moves="announced")
    players = computer_table(game, NAMES)
    shoes = []
    for _ in range(600):
        if not play_step(game, players):
            break
        if game.shoe_ready and (not shoes or game.shoe_order != shoes[-1]):
            shoes.append(list(game.shoe_order))
    assert game.bank_number >= 2 and len(game.actions) > 100
    text = dump_record(record_of(game))
    data = json.loads(text)
    assert data["seed"] == seed and data["stream"] == STREAM  # a JSON number, kept whole
    again = replay(parse_record(data))
    assert again.error is None
    assert again.game.stream == STREAM and again.game.seed == seed
    # every shoe of the game, the last one included (the 600 steps may end at a fresh
    # bank, before its shuffle, when the current shoe is still empty on both sides)
    assert again.game.shoe_order == game.shoe_order
    assert [bank.shoe for bank in again.game.banks] == [bank.shoe for bank in game.banks]
    assert [bank.shoe for bank in game.banks] == shoes
    assert again.game.balances == game.balances
    assert [c.hands for c in again.game.coups] == [c.hands for c in game.coups]
    # the same record read without its stream is another game: the field matters
    other = replay(parse_record({**data, "stream": None}))
    assert other.error is not None or other.game.balances != game.balances


def test_records_without_a_stream_keep_it_absent_and_unknown_streams_are_refused() -> None:
    legacy = Game(NAMES, 7)
    assert legacy.stream is None and isinstance(legacy.rng, random.Random)
    assert not isinstance(legacy.rng, StreamRandom)
    assert "stream" not in json.loads(dump_record(record_of(legacy)))
    with pytest.raises(RecordError) as caught:
        parse_record({"participants": NAMES, "seed": 5, "stream": "mt19937", "actions": []})
    assert 'this reader knows the stream "blake2b-ctr/1"' in str(caught.value)
    big = parse_record({"participants": NAMES, "seed": 2**256 - 1, "stream": STREAM})
    assert big.seed == 2**256 - 1


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.json")), ids=lambda p: p.stem)
def test_every_example_record_is_an_older_one_and_replays(path: Path) -> None:
    record = load_record(path)
    assert record.stream is None
    assert replay(record).error is None


def test_the_mersenne_twister_path_deals_the_old_shoes() -> None:
    """The shoes of the code before streams, for small seeds (written out from it)."""
    worked = replay(load_record(EXAMPLES / "worked-example.json")).game
    assert worked.seed == 7 and worked.stream is None
    assert worked.shoe_order[:24] == [
        "9C", "7H", "2S", "4C", "6D", "3C", "4D", "2H",  # the record's stacked top
        "8D", "2C", "9D", "8C", "9C", "AS", "2D", "5S",
        "AC", "6S", "AC", "4S", "7D", "QD", "6C", "JS",
    ]  # fmt: skip
    punto = PuntoGame(["Ana"], 5)
    punto.deal()
    assert punto.shoe.orders[0][:16] == [
        "AH", "7H", "KD", "7S", "TC", "AC", "QC", "8S",
        "6C", "9D", "2H", "5S", "AD", "QC", "7H", "4C",
    ]  # fmt: skip
    chemin = CheminGame(NAMES, 3)
    seats = {n: CheminComputer(n, chemin, "bold" if n == "Bruno" else "cautious") for n in NAMES}
    for _ in range(60):
        if not chemin_step(chemin, seats):
            break
    assert chemin.banker == "Bruno"
    assert chemin.shoe.orders[0][:12] == [
        "6C", "4D", "6S", "KH", "QS", "8D", "7H", "TD", "KS", "7S", "5S", "AC",
    ]  # fmt: skip
    assert chemin.balances == {"Ana": 114, "Bruno": 51, "Chloé": 72}
    game = Game(NAMES, 11)
    session = Session(game, computers=computer_seats(game, STYLES), styles=STYLES)
    for _ in range(200):
        if session.actor() is None:
            break
        session.play_computer()
    assert game.shoe_order[:12] == [
        "QD", "9D", "5D", "TD", "5C", "JH", "QC", "3C", "3S", "6H", "TC", "7D",
    ]  # fmt: skip
    assert game.balances == {"Ana": 52, "Bruno": 52, "Chloé": 100}
    assert session.computer_draws() == {"Ana": 3, "Bruno": 2, "Chloé": 3}
    # the seats' generators are the old ones
    assert isinstance(derived(7, None, "seat:Ana"), random.Random)
    assert derived(7, None, "seat:Ana").random() == random.Random("banque/7/seat:Ana").random()
    assert (
        CountingRandom("banque/7/seat:Ana").random() == random.Random("banque/7/seat:Ana").random()
    )


def test_a_resumed_stream_game_s_computers_go_on_from_the_same_point() -> None:
    """The journal keeps how far each computer seat has read its stream; a resumed game's
    seats skip as far (at once) and play the very acts the first game went on to play."""
    game = Game(NAMES, new_seed(), stream=STREAM)
    first = Session(game, computers=computer_seats(game, STYLES), styles=STYLES)
    first.forced()
    drive(first, 150)
    draws = first.computer_draws()
    assert all(n > 0 for n in draws.values())
    record = parse_record(json.loads(dump_record(record_of(game, computers=STYLES))))
    result = replay(record)
    second = Session.from_replay(
        result, computers=computer_seats(result.game, STYLES), styles=STYLES
    )
    second.skip_draws(draws)
    assert second.computer_draws() == draws
    mark = len(game.actions)
    for session in (first, second):  # (a replayed session may stand a settlement ahead)
        while len(session.game.actions) < mark + 60 and drive(session, 1):
            pass
    assert len(game.actions) >= mark + 60
    assert result.game.actions[mark : mark + 60] == game.actions[mark : mark + 60]


def test_a_stream_journal_keeps_its_stream_and_lists_and_replays() -> None:
    seed = new_seed()
    game = Game(NAMES, seed, stream=STREAM)
    players = computer_table(game, NAMES)
    for _ in range(40):
        play_step(game, players)
    journal = Journal.create(record_of(game))
    try:
        head = json.loads(journal.path.read_text(encoding="utf-8").splitlines()[0])
        assert head["stream"] == STREAM and head["seed"] == seed
        info = read_journal(journal.path)
        assert info.record.stream == STREAM and info.record.seed == seed
        assert replay(info.record).game.shoe_order == game.shoe_order
        (entry,) = list_games()
        assert entry.problem is None and entry.acts == len(game.actions)
    finally:
        journal.close()


def test_games_json_takes_a_stream_journal(capsys: pytest.CaptureFixture[str]) -> None:
    seed = new_seed()
    journal = Journal.create(record_of(Game(NAMES, seed, stream=STREAM)))
    journal.close()
    assert main(["games", "--json"]) == 0
    out = capsys.readouterr().out
    (entry,) = json.loads(out)
    assert "problem" not in entry and entry["participants"] == NAMES
    assert str(seed) not in out


def test_replay_of_an_unfinished_stream_game_never_shows_its_seed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    seed = new_seed()
    game = Game(NAMES, seed, stream=STREAM)
    players = computer_table(game, NAMES)
    for _ in range(30):
        play_step(game, players)
    journal = Journal.create(record_of(game))
    journal.close()
    assert main(["replay", str(journal.path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Participants: Ana, Bruno, Chloé\n")
    assert not any(form in out for form in secret_forms(seed))
    assert main(["replay", str(journal.path), "--json"]) == 0
    out = capsys.readouterr().out
    assert not any(form in out for form in secret_forms(seed))
    # a known (study) seed is said, as before
    assert main(["replay", str(EXAMPLES / "worked-example.json")]) == 0
    assert capsys.readouterr().out.startswith("Participants: Ana, Bruno, Chloé (seed 7)\n")


# ------------------------------------------------------------------ new games, every table


def test_a_hosted_table_without_a_seed_deals_from_the_stream() -> None:
    table = build_table(
        NAMES, computers={"Chloé": "bold"}, seed=None, pace=0, forced_moves="announced",
        takeover=False,
    )  # fmt: skip
    game = table.session.game
    assert game.stream == STREAM and game.seed.bit_length() == SEED_BITS
    assert isinstance(game.rng, StreamRandom)
    robot = table.session.computers["Chloé"]
    assert isinstance(robot.__self__.rng, StreamRandom)  # type: ignore[attr-defined]
    assert robot.__self__.rng.purpose == "seat:Chloé"  # type: ignore[attr-defined]
    assert table_words(table) == "home rules"  # never the seed
    known = build_table(
        NAMES, computers={}, seed=4, pace=0, forced_moves="announced", takeover=False
    )
    assert (known.session.game.seed, known.session.game.stream) == (4, None)


def test_no_seat_or_spectator_of_a_hosted_table_ever_receives_the_seed() -> None:
    names = ["Ana", "Bruno", "Chloé", "David"]
    table = build_table(
        names, computers={"David": "cautious"}, seed=None, pace=0, forced_moves="announced",
        takeover=True,
    )  # fmt: skip
    seed = table.session.game.seed
    checks: list[str] = []
    bots = [Bot(table, n, random.Random(f"seeds/{n}"), checks) for n in names[:3]]
    for bot in bots:
        bot.join()
    watcher = Capture(table, None, checks)
    table.receive(table.connect(watcher), b'{"v":1,"type":"hello","spectator":true}')
    rng = random.Random(18)
    for step in range(500):
        if step == 150:  # a seat goes: its stand-in (a stream of its own) plays for it
            bots[1].drop()
            for _ in range(30):
                table.step()
            bots[1].join()
        for bot in rng.sample(bots, len(bots)):
            if bot.move():
                break
        else:
            table.step()
    assert checks == []
    assert table.session.game.coups or table.session.game.bank_number > 1
    received = b"".join(bytes(link.data) for bot in bots for link in bot.links) + bytes(
        watcher.data
    )
    assert len(received) > 10_000
    text = received.decode("utf-8")
    for form in secret_forms(seed):
        assert form not in text
    for link in [watcher, *(link for bot in bots for link in bot.links)]:
        for message in link.messages:
            assert "seed" not in json.dumps(message)


@pytest.fixture
def short_dir() -> Iterator[Path]:
    folder = Path(tempfile.mkdtemp(prefix="bq", dir="/tmp"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.subprocess
async def test_the_host_console_never_prints_the_seed(short_dir: Path, tmp_path: Path) -> None:
    path = short_dir / "s.sock"
    env = {**os.environ, "BANQUE_DATA_DIR": str(tmp_path)}
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "banque", "host", "--players", "Ana,Bruno,Chloé",
        "--computer", "Chloé", "--pace", "0", "--socket", str(path), "--log",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, env=env,
    )  # fmt: skip
    try:
        lines = await first_lines(proc, 4)
        assert lines[0] == f"Table open at {path} (home rules).\n"
        proc.send_signal(signal.SIGTERM)
        rest, errors = await asyncio.wait_for(proc.communicate(), 30)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    (journal,) = (tmp_path / "games").glob("*.jsonl")
    record = read_journal(journal).record
    assert record.stream == STREAM and record.seed.bit_length() == SEED_BITS
    said = "".join(lines) + rest.decode() + errors.decode()
    for form in secret_forms(record.seed):
        assert form not in said


@pytest.mark.pilot
@pytest.mark.subprocess
async def test_the_hosts_full_screen_never_shows_the_seed(short_dir: Path) -> None:
    from banque.net.server import TableServer
    from banque.table.screens.hosted import HostApp, JoinLinesScreen

    table = build_table(
        NAMES, computers={}, seed=None, pace=0, forced_moves="announced", takeover=False
    )
    seed = table.session.game.seed
    server = TableServer(table, short_dir / "t.sock")
    await server.start()
    try:
        app = HostApp(server, None, blink=False)
        app.animation_level = "none"
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, JoinLinesScreen)
            shown = screen_text(app)
            assert f"Table open at {server.socket_path} (home rules)." in " ".join(app.join_lines())
            assert "home rules" in shown
            await pilot.press("enter")  # the public table
            await pilot.pause()
            shown += screen_text(app)
        assert not any(form in shown for form in secret_forms(seed))
    finally:
        await server.close()


def _captured_table(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    import banque.table.games_base as tables

    seen: dict[str, Any] = {}

    def run_table(app: Any, session: Any, pace: Any = None) -> int:
        seen.update(app=app, game=session.game, journal=session.journal, session=session)
        seen["unborn"] = session.journal is not None and session.journal.unborn
        if session.journal is not None:
            session.journal.close()
        return 0

    monkeypatch.setattr(tables, "run_table", run_table)
    return seen


def test_a_new_chemin_de_fer_game_deals_from_the_stream(monkeypatch: pytest.MonkeyPatch) -> None:
    from banque.table.chemin_app import run_chemin

    seen = _captured_table(monkeypatch)
    assert run_chemin(names=NAMES, computers={"Bruno": "cautious", "Chloé": "bold"}) == 0
    game = seen["game"]
    assert game.stream == STREAM and game.seed.bit_length() == SEED_BITS
    assert isinstance(game.rng, StreamRandom)
    app = seen["app"]
    assert isinstance(app.table.seats["Bruno"].rng, StreamRandom)
    assert app.table.seats["Bruno"].rng.purpose == "chemin/Bruno"
    # no act yet: nothing on disk (the first act writes the game); its record as kept then
    assert seen["unborn"]
    assert not list((Path(os.environ["BANQUE_DATA_DIR"]) / "games").glob("*.jsonl"))
    record = Record.model_validate_json(seen["session"].record_text())
    assert (record.seed, record.stream, record.game) == (game.seed, STREAM, "chemin-de-fer")
    assert replay(record).game.banker == game.banker
    # a known seed: the Mersenne Twister's game, as before
    assert run_chemin(names=NAMES, computers={"Bruno": "cautious"}, seed=3) == 0
    assert (seen["game"].seed, seen["game"].stream) == (3, None)


def test_a_new_punto_banco_game_deals_from_the_stream(monkeypatch: pytest.MonkeyPatch) -> None:
    from banque.table.punto_app import run_punto

    seen = _captured_table(monkeypatch)
    assert run_punto(names=["Ana", "Bruno"], computers={"Bruno": "bold"}) == 0
    game = seen["game"]
    assert game.stream == STREAM and game.seed.bit_length() == SEED_BITS
    assert isinstance(seen["app"].table.seats["Bruno"].rng, StreamRandom)
    assert seen["app"].table.seats["Bruno"].rng.purpose == "punto/Bruno"
    assert seen["unborn"]  # no act yet: nothing on disk until the first
    record = Record.model_validate_json(seen["session"].record_text())
    game.deal()
    assert (record.seed, record.stream, record.game) == (game.seed, STREAM, "punto-banco")
    again = replay(Record.model_validate({**record.model_dump(), "actions": [{"act": "deal"}]}))
    assert again.game.shoe.orders == game.shoe.orders
    assert run_punto(names=["Ana"], seed=5) == 0
    assert (seen["game"].seed, seen["game"].stream) == (5, None)


@pytest.mark.pilot
async def test_the_one_keyboard_table_deals_a_new_game_from_the_stream(tmp_path: Path) -> None:
    from banque.table.testing import table_app

    app = table_app(participants=NAMES, kinds=["human"] * 3, save_dir=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter")  # setup as given: the game starts
        await pilot.pause()
        session = app.session
        assert session is not None
        game = session.game
        assert game.stream == STREAM and game.seed.bit_length() == SEED_BITS
        shown = screen_text(app)
        assert not any(form in shown for form in secret_forms(game.seed))
    known = table_app(participants=NAMES, kinds=["human"] * 3, seed=7, save_dir=tmp_path)
    async with known.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert known.session is not None
        assert (known.session.game.seed, known.session.game.stream) == (7, None)
