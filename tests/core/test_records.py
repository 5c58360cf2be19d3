"""Game records: the worked example, validation, forced moves, round trips, the CLI."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from banque.core.errors import RecordError, ReplayError
from banque.core.record import dump_record, load_record, parse_record
from banque.games.banque.game import Game
from banque.games.records import record_of, replay, save_record

from ..cli_run import run_cli

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "worked-example.json"

# The record of the issue, word for word: the worked example of the rules card.
WORKED = {
    "format": "banque-record/1",
    "participants": ["Ana", "Bruno", "Chloé"],
    "seed": 7,
    "shoe": ["9C", "7H", "2S", "4C", "6D", "3C", "4D", "2H"],
    "actions": [
        {"act": "bid", "who": "Ana", "amount": 10},
        {"act": "seat", "right": ["Bruno"], "left": ["Chloé"]},
        {"act": "wager", "who": "Bruno", "amount": 5},
        {"act": "wager", "who": "Chloé", "amount": 3},
        {"act": "deal"},
        {"act": "draw", "side": "right"},
        {"act": "draw", "side": "left"},
        {"act": "stand", "side": "banker"},
        {"act": "retire"},
    ],
}


def worked(**changes: Any) -> dict[str, Any]:
    data = json.loads(json.dumps(WORKED))
    data.update(changes)
    return data


def acts(*remove: int, insert: dict[int, dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """The worked example's acts without the given 1-based indexes, with insertions."""
    out = [a for i, a in enumerate(WORKED["actions"], start=1) if i not in remove]
    for at, act in sorted((insert or {}).items(), reverse=True):
        out.insert(at - 1, act)
    return out


def state(game: Game) -> dict[str, Any]:
    return game.report().model_dump()


# ---------------------------------------------------------------- the worked example


def _check_worked(game: Game) -> None:
    """Section 08: right wins, left ties, the fund falls from 10 to 5."""
    assert len(game.coups) == 1
    coup = game.coups[0]
    assert coup.fund_before == 10
    assert coup.stakes == {"right": 5, "left": 3}  # total 8 is covered by 10
    assert coup.hands == {
        "right": ["9C", "4C", "4D"],
        "left": ["7H", "6D", "2H"],
        "banker": ["2S", "3C"],
    }
    assert coup.totals == {"right": 7, "left": 5, "banker": 5}
    assert coup.natural is False
    assert coup.moves == {"right": "draw", "left": "draw", "banker": "stand"}
    assert coup.results == {"right": "player", "left": "tie"}
    assert coup.payouts == {"Bruno": 5, "Chloé": 0}  # right earns 5, left gets its 3 back
    assert coup.fund_after == 5


def test_the_worked_example_of_the_rules_card_through_a_record() -> None:
    result = replay(parse_record(WORKED))
    assert result.error is None
    game = result.game
    _check_worked(game)
    # the banker retires: the 5 chips left in the fund return to her
    assert game.ended is not None and game.ended.reason == "retired"
    assert game.balances == {"Ana": 95, "Bruno": 105, "Chloé": 100}
    assert game.ended.totals == game.balances
    assert game.ended.winners == ["Bruno"]
    assert game.total_chips() == 300


def test_the_example_file_is_the_worked_example() -> None:
    record = load_record(EXAMPLE)
    assert record == parse_record(WORKED)
    result = replay(record)
    assert result.error is None
    _check_worked(result.game)


def test_the_worked_example_before_the_banker_stands() -> None:
    result = replay(parse_record(worked(actions=acts(8, 9))))
    game = result.game
    assert result.error is None and game.phase == "banker"
    assert game.fund == 10 and game.stakes == {"right": 5, "left": 3}
    assert game.view().hands["right"].cards == [None, None, "4D"]
    assert game.view("Ana").hands["banker"].cards == ["2S", "3C"]


# ---------------------------------------------------------------- forced moves


def test_forced_moves_may_be_left_out() -> None:
    stated = replay(parse_record(WORKED))
    omitted = replay(parse_record(worked(actions=acts(6, 7))))
    assert omitted.error is None
    assert state(omitted.game) == state(stated.game)


def test_a_forced_move_stated_alone_is_checked() -> None:
    only_left = replay(parse_record(worked(actions=acts(6))))
    assert only_left.error is None
    assert state(only_left.game) == state(replay(parse_record(WORKED)).game)


@pytest.mark.parametrize(
    ("index", "act", "words"),
    [
        (6, {"act": "stand", "side": "right"}, ("right side holds 3", "must draw")),
        (7, {"act": "stand", "side": "left"}, ("left side holds 3", "must draw")),
    ],
)
def test_a_stated_forced_move_must_agree(index: int, act: dict[str, Any], words) -> None:
    actions = acts(index, insert={index: act})
    result = replay(parse_record(worked(actions=actions)))
    err = result.error
    assert isinstance(err, ReplayError)
    assert err.index == index and err.act == "stand"
    for w in words:
        assert w in err.reason
    assert str(err).startswith(f"act {index} (stand): ")
    # the game stopped before the act: the coup is still waiting for the banker
    assert result.game.phase == "banker" and result.game.coups == []


def test_a_stated_stand_at_7_agrees_and_a_draw_at_7_does_not() -> None:
    base = {
        "participants": ["Ana", "Bruno", "Chloé"],
        "shoe": ["TC", "TH", "TS", "7C", "6H", "4S"],
        "actions": [
            {"act": "bid", "who": "Ana", "amount": 10},
            {"act": "deal"},
            {"act": "stand", "side": "right"},
            {"act": "stand", "side": "left"},
            {"act": "draw", "side": "banker"},
        ],
    }
    ok = replay(parse_record(base))
    assert ok.error is None and ok.game.coups[-1].moves["right"] == "stand"
    bad = json.loads(json.dumps(base))
    bad["actions"][2] = {"act": "draw", "side": "right"}
    err = replay(parse_record(bad)).error
    assert err is not None and err.index == 3
    assert "right side holds 7" in err.reason and "must stand" in err.reason


# ---------------------------------------------------------------- validation


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ([1, 2], ("JSON object",)),
        ("record", ("JSON object",)),
        (7, ("JSON object",)),
        (None, ("JSON object",)),
        ({}, ("participants", "required")),
        (worked(format="banque-record/2"), ("format", "banque-record/1")),
        (worked(format=1), ("format",)),
        (worked(actions=[{"act": "dance"}]), ("act 1", "unknown act", "bid, pass")),
        (worked(actions=[{"who": "Ana"}]), ("act 1", '"act"')),
        (worked(actions=[{"act": "bid", "who": "Ana"}]), ("act 1 (bid)", "amount", "required")),
        (worked(actions=[{"act": "bid", "amount": 5}]), ("act 1 (bid)", "who")),
        (worked(actions=acts(insert={3: {"act": "wager", "who": "Bruno"}})), ("act 3 (wager)",)),
        (worked(actions=[{"act": "draw"}]), ("act 1 (draw)", "side")),
        (worked(actions=[{"act": "draw", "side": "middle"}]), ("act 1 (draw)", "side")),
        (worked(actions=[{"act": "seat", "right": "Bruno", "left": []}]), ("act 1 (seat)",)),
        (worked(actions=[{"act": "deal", "extra": 1}]), ("act 1 (deal)", "unexpected")),
        (worked(actions=[{"act": "bid", "who": "Ana", "amount": "10"}]), ("whole number",)),
        (worked(actions=[{"act": "bid", "who": "Ana", "amount": 2.5}]), ("whole number",)),
        (worked(actions=[{"act": "bid", "who": "Ana", "amount": True}]), ("whole number",)),
        (worked(actions={"act": "deal"}), ("actions", "list")),
        (worked(seed="7"), ("seed",)),
        (worked(seed=1.5), ("seed",)),
        (worked(shoe=["9C", "ZZ"]), ("shoe", "'ZZ' is not a card", "9C or TH")),
        (worked(shoe=["9C", 9]), ("shoe",)),
        (worked(shoe="9C"), ("shoe",)),
        (worked(shoe=["9C", "9c", "9C", "9C"]), ("only 3 copies of 9C", "4 times")),
        (
            worked(shoe=["AS"] * 0 + [r + s for r in "A23456789TJQK" for s in "CDHS"] * 3 + ["AS"]),
            ("156",),
        ),
        (worked(participants=["Ana", "Bruno"]), ("3 to 11", "2 were given")),
        (worked(participants=[f"P{i}" for i in range(12)]), ("3 to 11", "12 were given")),
        (worked(participants=["Ana", "Bruno", "Ana"]), ("every name must be different",)),
        (worked(participants=["Ana", "Bru\nno", "Chloé"]), ("control character",)),
        (worked(participants=["Ana", "Bruno", 3]), ("participants",)),
        (worked(participants="Ana, Bruno, Chloé"), ("participants", "list")),
        (worked(colour="red"), ("colour", "unexpected")),
    ],
)
def test_invalid_records_are_refused_clearly(data: Any, words: tuple[str, ...]) -> None:
    with pytest.raises(RecordError) as info:
        record = parse_record(data)
        replay(record)  # participants and the shoe are checked when the game starts
    msg = str(info.value)
    assert "\n" not in msg and "Traceback" not in msg and len(msg) < 500
    for w in words:
        assert w in msg, f"{w!r} not in {msg!r}"


def test_card_codes_are_read_leniently() -> None:
    record = parse_record(worked(shoe=["9c", "7h", "2s", "4C", "6d", "3C", "4D", "2H"]))
    assert record.shoe[:3] == ["9C", "7H", "2S"]
    assert parse_record(worked(shoe=["10h", "th"])).shoe == ["TH", "TH"]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{not json", ("not valid JSON", "line 1")),
        ("", ("not valid JSON",)),
        ("[" * 100_000, ("nested too deeply",)),
        ('{"participants": ["A", "B", "C"], "seed": ' + "9" * 5000 + "}", ("not a record",)),
    ],
)
def test_files_that_are_not_records(tmp_path: Path, text: str, words: tuple[str, ...]) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError) as info:
        load_record(path)
    msg = str(info.value)
    assert msg.startswith(str(path))
    for w in words:
        assert w in msg


def test_missing_binary_and_folder_files(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="no such file"):
        load_record(tmp_path / "nowhere.json")
    with pytest.raises(RecordError, match="folder"):
        load_record(tmp_path)
    binary = tmp_path / "bin.json"
    binary.write_bytes(bytes(range(128, 256)))
    with pytest.raises(RecordError, match="not UTF-8"):
        load_record(binary)


def test_a_byte_order_mark_is_tolerated(tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(WORKED).encode())
    assert load_record(path) == parse_record(WORKED)


# ---------------------------------------------------------------- illegal acts


@pytest.mark.parametrize(
    ("actions", "index", "words"),
    [
        (acts(insert={3: {"act": "wager", "who": "Ana", "amount": 2}}), 3, ("never wagers",)),
        (
            acts(insert={4: {"act": "wager", "who": "Bruno", "amount": 2}}),
            4,
            ("already had a turn",),
        ),
        (
            acts(insert={3: {"act": "wager", "who": "Bruno", "amount": 3, "a_cheval": True}}),
            3,
            ("even",),
        ),
        (acts(insert={5: {"act": "banco", "who": "Bruno"}}), 5, ("already had a turn",)),
        (acts(insert={2: {"act": "wager", "who": "Zed", "amount": 1}}), 2, ("Zed",)),
        (acts(insert={1: {"act": "retire"}}), 1, ("auction",)),
        (acts(insert={2: {"act": "retire"}}), 2, ("at least one coup",)),
        (acts(insert={10: {"act": "deal"}}), 10, ("has ended", "new bid")),
        (acts(insert={10: {"act": "bid", "who": "Chloé", "amount": 101}}), 10, ("1 to 100",)),
        # forced moves may be left out: the banker may stand at once, then the
        # right's forced draw, stated after the banker moved, is out of order
        (acts(insert={6: {"act": "stand", "side": "banker"}}), 7, ("No cards are out",)),
        (acts(insert={6: {"act": "draw", "side": "left"}}), 7, ("already drawn",)),
        (acts(insert={9: {"act": "draw", "side": "banker"}}), 9, ("No cards are out",)),
        ([{"act": "deal"}], 1, ("Nobody has bid",)),
        ([{"act": "bid", "who": "Ana", "amount": 0}], 1, ("at least 1",)),
    ],
)
def test_an_illegal_act_stops_the_replay_with_its_index(actions, index: int, words) -> None:
    result = replay(parse_record(worked(actions=actions)))
    err = result.error
    assert isinstance(err, ReplayError), err
    assert err.index == index
    for w in words:
        assert w in err.reason, err.reason
    # the state reached is the one before the act: replaying the acts before it
    before = replay(parse_record(worked(actions=actions[: index - 1])))
    assert before.error is None
    assert state(result.game) == state(before.game)


def test_a_record_may_play_several_banks() -> None:
    more = [
        {"act": "bid", "who": "Bruno", "amount": 40},
        {"act": "bid", "who": "Chloé", "amount": 40},  # equal bids: the seeded lot
        {"act": "wager", "who": "Ana", "amount": 10},
        {"act": "deal"},
    ]
    a = replay(parse_record(worked(actions=WORKED["actions"] + more)))
    b = replay(parse_record(worked(actions=WORKED["actions"] + more)))
    assert a.error is None
    assert a.game.bank_number == 2 and a.game.banker in ("Bruno", "Chloé")
    assert state(a.game) == state(b.game)
    assert a.game.total_chips() == 300


# ---------------------------------------------------------------- round trips


def _scripted_games() -> list[Game]:
    games = []
    g = Game(["Ana", "Bruno", "Chloé", "Dario", "Emma"], seed=3)
    g.bid("Ana", 30)
    g.bid("Bruno", 30)
    g.pass_bid("Chloé")
    g.pass_bid("Dario")
    g.pass_bid("Emma")
    others = [p for p in g.participants if p != g.banker]
    g.seat(others[:1], others[1:])
    g.shuffle(others[1:3], cut=others[0])
    for coup in range(40):
        if g.phase == "ended":
            break
        t = g.turn()
        if coup % 3 == 0:
            g.banco(t.actors[0])
        else:
            bettor = t.actors[0]
            g.wager(bettor, 2, a_cheval=coup % 2 == 0)
        g.deal()
        while g.phase in ("right", "left", "banker"):
            (g.draw if (coup + len(g.log)) % 2 else g.stand)(g.phase)  # type: ignore[arg-type]
    if g.phase == "betting" and g.coups:
        g.retire()
    g.bid("Chloé", 15)
    g.pass_turn("Dario")  # closes the second auction implicitly
    games.append(g)

    h = Game(["Ana", "Bruno", "Chloé"], seed=5, shoe=["9C", "7H", "2S"])
    h.bid("Bruno", 20)
    h.wager("Ana", 4)  # closes the auction implicitly
    h.deal()
    games.append(h)
    return games


@pytest.mark.parametrize("game", _scripted_games(), ids=["five-players", "implicit-close"])
def test_record_of_dump_parse_replay_gives_the_identical_state(game: Game, tmp_path: Path) -> None:
    record = record_of(game)
    text = dump_record(record)
    again = parse_record(json.loads(text))
    assert again == parse_record(json.loads(dump_record(again)))
    result = replay(again)
    assert result.error is None
    assert state(result.game) == state(game)
    assert result.game.view().model_dump() == game.view().model_dump()
    path = save_record(game, tmp_path / "game.json")
    assert state(replay(load_record(path)).game) == state(game)


def test_a_dumped_record_is_readable_one_act_a_line() -> None:
    text = dump_record(parse_record(WORKED))
    lines = text.splitlines()
    assert '    {"act": "bid", "who": "Ana", "amount": 10},' in lines
    assert '    {"act": "seat", "right": ["Bruno"], "left": ["Chloé"]},' in lines
    assert json.loads(text) == WORKED


# ---------------------------------------------------------------- fuzz: never a crash

NAMES = ["Ana", "Bruno", "Chloé", "Zed"]
an_act = st.one_of(
    st.builds(
        lambda w, a: {"act": "bid", "who": w, "amount": a},
        st.sampled_from(NAMES),
        st.integers(-2, 120),
    ),
    st.builds(lambda w: {"act": "pass", "who": w}, st.sampled_from(NAMES)),
    st.builds(lambda w: {"act": "banco", "who": w}, st.sampled_from(NAMES)),
    st.builds(
        lambda w, a, c: {"act": "wager", "who": w, "amount": a, "a_cheval": c},
        st.sampled_from(NAMES),
        st.integers(-1, 120),
        st.booleans(),
    ),
    st.builds(
        lambda r, lft: {"act": "seat", "right": r, "left": lft},
        st.lists(st.sampled_from(NAMES), max_size=3),
        st.lists(st.sampled_from(NAMES), max_size=3),
    ),
    st.builds(
        lambda s, c: {"act": "shuffle", "shufflers": s, "cut": c},
        st.lists(st.sampled_from(NAMES), max_size=3),
        st.none() | st.sampled_from(NAMES),
    ),
    st.just({"act": "deal"}),
    st.just({"act": "retire"}),
    st.builds(lambda s: {"act": "draw", "side": s}, st.sampled_from(["right", "left", "banker"])),
    st.builds(lambda s: {"act": "stand", "side": s}, st.sampled_from(["right", "left", "banker"])),
)


@settings(
    max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(actions=st.lists(an_act, max_size=40), seed=st.integers(0, 5))
def test_any_sequence_of_acts_replays_or_stops_cleanly(actions, seed: int) -> None:
    record = parse_record({"participants": NAMES[:3], "seed": seed, "actions": actions})
    result = replay(record)
    game = result.game
    assert game.total_chips() == 300
    if result.error is not None:
        assert 1 <= result.error.index <= len(actions)
        assert "\n" not in result.error.reason
    applied = actions[: result.error.index - 1] if result.error else actions
    again = replay(parse_record({"participants": NAMES[:3], "seed": seed, "actions": applied}))
    assert again.error is None
    assert state(again.game) == state(game)
    assert state(replay(record_of(game)).game) == state(game)


# ---------------------------------------------------------------- the command


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    proc = run_cli(*args, stdin=stdin, cwd=ROOT)  # in this process: what it prints
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def write(tmp_path: Path, data: Any, name: str = "record.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def test_cli_replay_tells_the_game_in_words() -> None:
    proc = run("replay", str(EXAMPLE))
    assert proc.returncode == 0 and proc.stderr == ""
    out = proc.stdout
    for words in [
        "Ana bids 10 chips",
        "Ana holds bank 1 with a fund of 10 chips",
        "Bruno wagers 5 chips on the right",
        "Chloé wagers 3 chips on the left",
        "Right (Bruno) draws: 4♦",
        "Left (Chloé) draws: 2♥",
        "Banker (Ana) stands",
        "right 9♣ 4♣ 4♦ = 7",
        "right wins, left ties; the fund falls by 5 to 5",
        "Ana retires",
        "Winner: Bruno",
        "Ana 95, Bruno 105, Chloé 100",
    ]:
        assert words in out, words


REQUIRED_KEYS = {
    "banker",
    "fund",
    "balances",
    "sides",
    "active",
    "coups",
    "cards_left",
    "phase",
    "ended",
}
COUP_KEYS = {"number", "stakes", "hands", "totals", "natural", "results", "fund_after"}


def test_cli_replay_json_has_the_state_the_issue_asks_for() -> None:
    proc = run("replay", str(EXAMPLE), "--json")
    assert proc.returncode == 0 and proc.stderr == ""
    data = json.loads(proc.stdout)
    assert set(data) >= REQUIRED_KEYS
    assert data["banker"] == "Ana" and data["fund"] == 0
    assert data["balances"] == {"Ana": 95, "Bruno": 105, "Chloé": 100}
    assert data["sides"] == {"right": ["Bruno"], "left": ["Chloé"]}
    assert data["active"] == {"right": "Bruno", "left": "Chloé"}
    assert data["phase"] == "ended" and data["cards_left"] == 148
    assert data["ended"] == {
        "reason": "retired",
        "totals": {"Ana": 95, "Bruno": 105, "Chloé": 100},
        "winners": ["Bruno"],
    }
    (coup,) = data["coups"]
    assert set(coup) >= COUP_KEYS
    assert coup["number"] == 1 and coup["stakes"] == {"right": 5, "left": 3}
    assert coup["hands"] == {
        "right": ["9C", "4C", "4D"],
        "left": ["7H", "6D", "2H"],
        "banker": ["2S", "3C"],
    }
    assert coup["totals"] == {"right": 7, "left": 5, "banker": 5}
    assert coup["natural"] is False
    assert coup["results"] == {"right": "player", "left": "tie"}
    assert coup["fund_after"] == 5


def test_cli_replay_json_mid_game(tmp_path: Path) -> None:
    path = write(tmp_path, worked(actions=acts(8, 9)))
    data = json.loads(run("replay", str(path), "--json").stdout)
    assert data["phase"] == "banker" and data["ended"] is None
    assert data["fund"] == 10 and data["coups"] == [] and data["cards_left"] == 148
    assert data["balances"] == {"Ana": 90, "Bruno": 95, "Chloé": 97}  # outside the stakes


def test_cli_replay_with_an_illegal_act(tmp_path: Path) -> None:
    bad = acts(insert={4: {"act": "wager", "who": "Bruno", "amount": 2}})
    path = write(tmp_path, worked(actions=bad))
    proc = run("replay", str(path), "--json")
    assert proc.returncode == 2
    lines = proc.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("banque: act 4 (wager): ")
    assert "Bruno has already had a turn" in lines[0]
    data = json.loads(proc.stdout)  # the state reached before act 4
    before = replay(parse_record(worked(actions=bad[:3]))).game
    assert data == json.loads(before.report().model_dump_json())
    assert data["balances"]["Bruno"] == 95 and data["phase"] == "betting"
    text = run("replay", str(path))
    assert text.returncode == 2 and len(text.stderr.splitlines()) == 1
    assert "Bruno wagers 5 chips" in text.stdout


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("this is not json", "not valid JSON"),
        ("[1, 2, 3]", "JSON object"),
        ('{"participants": ["A"]}', "3 to 11"),
        ('{"participants": ["A", "B", "C"], "actions": [{"act": "fly"}]}', "unknown act"),
        ("[" * 50_000, "nested too deeply"),
    ],
)
def test_cli_replay_of_a_garbage_file(tmp_path: Path, content: str, words: str) -> None:
    path = tmp_path / "garbage.json"
    path.write_text(content, encoding="utf-8")
    for extra in ([], ["--json"]):
        proc = run("replay", str(path), *extra)
        assert proc.returncode == 2
        assert proc.stdout == ""
        assert len(proc.stderr.splitlines()) == 1
        assert proc.stderr.startswith("banque: ") and words in proc.stderr


def test_cli_replay_of_missing_binary_and_folder(tmp_path: Path) -> None:
    (tmp_path / "bin.json").write_bytes(bytes(range(256)))
    for target, words in [
        (tmp_path / "nowhere.json", "no such file"),
        (tmp_path, "folder"),
        (tmp_path / "bin.json", "not UTF-8"),
    ]:
        proc = run("replay", str(target))
        assert proc.returncode == 2 and words in proc.stderr


def test_cli_replay_from_standard_input() -> None:
    proc = run("replay", "-", "--json", stdin=json.dumps(WORKED))
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["fund"] == 0
    bad = run("replay", "-", stdin="{oops")
    assert bad.returncode == 2 and "standard input" in bad.stderr


def test_cli_replay_seat_views(tmp_path: Path) -> None:
    path = write(tmp_path, worked(actions=acts(8, 9)))
    public = json.loads(run("replay", str(path), "--seat", "public").stdout)
    assert public["hands"]["right"]["cards"] == [None, None, "4D"]
    assert public["hands"]["banker"]["cards"] == [None, None]
    ana = json.loads(run("replay", str(path), "--seat", "Ana", "--json").stdout)
    assert ana["hands"]["banker"]["cards"] == ["2S", "3C"]
    assert ana["hands"]["right"]["cards"] == [None, None, "4D"]
    bruno = json.loads(run("replay", str(path), "--seat", "Bruno").stdout)
    assert bruno["hands"]["right"]["cards"] == ["9C", "4C", "4D"]
    assert bruno["hands"]["banker"]["cards"] == [None, None]
    unknown = run("replay", str(path), "--seat", "Zed")
    assert unknown.returncode == 2 and "Zed" in unknown.stderr
