"""The table server never sends a seat a card concealed from it (protocol level).

Each physical card gets a unique marker in these games (the shoe's cards are
``9C~m00017``: the engine counts only the rank), so a concealed card can be
searched for in every byte a seat received, whatever way it might have
taken.  Seats are played by scripted clients through :class:`Table`, with
refusals, garbage, resends, stale acts, reconnects, the end of banks and
fresh banks.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from collections.abc import Iterable, Iterator
from typing import Any

import pytest

import banque.core.shoe as core_shoe
from banque.core.cards import ONE_PACK
from banque.core.models import TableOptions
from banque.games.banque.game import Game
from banque.net import protocol as P
from banque.net.table import Joined, Table
from banque.session.session import Session

from ..handshake import hello_by_proof

MARK = "~m"
#: A marker's tail as it appears in a message (its digits whole).
TAIL = re.compile(r"~m\d+")
#: The marked cards made in this test, by their tail (two shoes of one test, banque's and
#: a two-hand game's, each count their markers from 0: a tail may name a card of each).
BY_TAIL: dict[str, set[str]] = {}


def marked_shoe(counter: Iterator[int], packs: int) -> list[str]:
    """A full shoe, each card marked (``9C~m00017``), registered by its tail."""
    out = []
    for c in list(ONE_PACK) * packs:
        tail = f"{MARK}{next(counter):05d}"
        out.append(c + tail)
        BY_TAIL.setdefault(tail, set()).add(c + tail)
    return out


def leaked(text: str, concealed: set[str]) -> list[str]:
    """The concealed markers ``text`` holds: only the cards whose tail (``~m00017``) the
    text holds at all can be in it (one scan of the text, not one per card)."""
    return sorted(
        card
        for tail in set(TAIL.findall(text))
        for card in BY_TAIL.get(tail, ())
        if card in concealed and card in text
    )


def state_keys(text: str, keys: Iterable[str]) -> list[str]:
    """The keys of ``keys`` that a message's line (JSON) holds, at any depth."""
    return [key for key in keys if f'"{key}":' in text]


class Capture:
    """A link that keeps every byte, and checks each message as it is sent."""

    def __init__(self, table: Table, seat: str | None, checks: list[str]) -> None:
        self.table = table
        self.seat = seat
        self.data = bytearray()
        self.messages: list[dict[str, Any]] = []
        self.closed = False
        self.checks = checks

    def send(self, data: bytes) -> None:
        assert data.endswith(b"\n") and data.count(b"\n") == 1
        text = data.decode("utf-8")
        for marker in leaked(text, concealed_from(self.table.session.game, self.seat)):
            self.checks.append(f"{self.seat} received concealed {marker}: {text[:200]}")
        message = json.loads(text)
        assert message["v"] == P.VERSION
        if message["type"] == "view":
            check_view(message, text, self.table.session.game, self.seat, self.checks)
        self.data += data
        self.messages.append(message)

    def close(self) -> None:
        self.closed = True

    def last_view(self) -> dict[str, Any]:
        return next(m for m in reversed(self.messages) if m["type"] == "view")


def concealed_from(game: Game, seat: str | None) -> set[str]:
    """Every card ``seat`` may not know now: the shoe, and others' face-down pairs.

    Only marked cards are looked for in the bytes (:func:`leaked`): plain two-character
    codes, which every text may hold, are checked in the decoded views instead
    (:func:`check_view`).
    """
    out = set(game.shoe)
    for mover in ("right", "left", "banker"):
        cards = game.hands[mover]
        shown = mover in game.settled  # classic: a side's natural is shown to everyone
        if cards and (seat is None or game.holder(mover) != seat) and not shown:
            out.update(cards[:2])
    return out


def check_view(
    message: dict[str, Any], text: str, game: Game, seat: str | None, checks: list[str]
) -> None:
    """Decoded: another seat's face-down cards are null; no seed, no shoe (nor in the
    line ``text`` it came in)."""
    board = message["board"]
    if board["stage"] != "settlement":
        for mover, hand in board["hands"].items():
            mine = (seat is not None and game.holder(mover) == seat) or mover in game.settled
            for i, card in enumerate(hand["cards"]):
                if i < 2 and not mine and card is not None:
                    checks.append(f"{seat} sees {mover}'s face-down card {card}")
                if (i >= 2 or mine) and card is None:
                    checks.append(f"{seat} misses a card it may see on {mover}")
    # The prompt's message (told by the joiner) carries names, numbers and words: no card.
    prompt = message.get("prompt_msg")
    if prompt is None:
        checks.append(f"{seat}'s view has no prompt message")
    elif {"card", "cards"} & keys_of(prompt):
        checks.append(f"{seat}'s prompt message holds a card: {prompt}")
    elif P.msg_of(prompt) is None or str(P.msg_of(prompt)) != board["prompt"]:
        checks.append(f"{seat}'s prompt message is not its prompt: {prompt}")
    for key in state_keys(text, ("seed", "shoe", "shoe_order", "order", "cut_at")):
        checks.append(f"{seat}'s view has a {key!r}")


def keys_of(value: Any) -> set[str]:
    """Every key of every object inside ``value`` (a decoded message), at any depth."""
    keys: set[str] = set()
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            keys.update(item)
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return keys


@pytest.fixture
def marked(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every shoe made from now on has a unique marker on each card."""
    counter = itertools.count()
    BY_TAIL.clear()

    def full_shoe(packs: int = 3) -> list[str]:
        return marked_shoe(counter, packs)

    monkeypatch.setattr(core_shoe, "full_shoe", full_shoe)  # every game's one shoe


class Bot:
    """A scripted client: reads its last view, answers with an act (and mischief)."""

    def __init__(self, table: Table, seat: str, rng: random.Random, checks: list[str]) -> None:
        self.table = table
        self.seat = seat
        self.rng = rng
        self.checks = checks
        self.ids = itertools.count()
        self.joined: Joined | None = None
        self.link: Capture | None = None
        self.links: list[Capture] = []

    def join(self) -> None:
        self.link = Capture(self.table, self.seat, self.checks)
        self.links.append(self.link)
        self.joined = self.table.connect(self.link)
        link = self.link
        hello_by_proof(self.table, self.joined, self.seat, lambda: link.messages[-1])
        first = self.link.messages
        assert first[0]["type"] == "challenge" and "token" not in first[0]
        assert first[1]["type"] == "welcome" and first[1]["seat"] == self.seat
        assert first[2]["type"] == "view" and "log" in first[2]

    def drop(self) -> None:
        assert self.joined is not None
        self.table.disconnect(self.joined)
        self.joined = None

    def send(self, **fields: Any) -> dict[str, Any]:
        assert self.joined is not None and self.link is not None
        message = {"v": 1, "type": "act", "id": f"{self.seat}-{next(self.ids)}", **fields}
        before = len(self.link.messages)
        self.table.receive(self.joined, json.dumps(message).encode())
        replies = [m for m in self.link.messages[before:] if m.get("id") == message["id"]]
        assert len(replies) == 1, replies
        return replies[0]

    def move(self) -> bool:
        """One act if the seat has one to make; ``True`` if the table moved."""
        assert self.link is not None
        view = self.link.last_view()
        you = view["you"]
        if not you["to_act"]:
            return False
        turn = view["turn"]
        r = self.rng
        if r.random() < 0.05:  # mischief: an act of a turn long gone
            reply = self.send(turn=turn - 1, act="pass")
            assert reply["code"] == "stale", reply
        if r.random() < 0.03:
            reply = self.send(turn=turn, act="bid", amount=10**6)
            assert reply["type"] == "error", reply
        acts = you["acts"]
        fields: dict[str, Any]
        if "continue" in acts:
            fields = {"act": "continue"}
        elif "fresh" in acts:
            fields = {"act": "fresh"}
        elif "seat" in acts:
            fields = {"act": "seat"}
            draft = you["draft"]
            if "extra_bettors" in you and r.random() < 0.5:  # one seat watches (or stands)
                longer = max(("right", "left"), key=lambda s: len(draft[s]))
                if len(draft[longer]) > 1:
                    right, left = list(draft["right"]), list(draft["left"])
                    watcher = (right if longer == "right" else left).pop()
                    fields.update(right=right, left=left, spectators=[*you["spectators"], watcher])
        elif "shuffle" in acts:
            fields = {"act": "shuffle", "others_shuffle": r.random() < 0.5}
        elif "bid" in acts and "pass" in acts:
            fields = (
                {"act": "bid", "amount": r.randint(1, max(1, min(40, you["max_bid"])))}
                if you["max_bid"] and r.random() < 0.5
                else {"act": "pass"}
            )
        elif "bid" in acts:  # hoyle's first on the list: the first bank's fund
            assert you.get("first_bank"), you
            fields = {"act": "bid", "amount": r.randint(1, max(1, min(40, you["max_bid"])))}
        elif "take" in acts:  # classic: the retired bank offered at its size
            fields = {"act": "take"} if r.random() < 0.5 else {"act": "pass"}
        elif "replenish" in acts:  # hoyle: a broken bank
            fields = (
                {"act": "replenish", "amount": r.randint(1, you["replenish"]["most"])}
                if r.random() < 0.7
                else {"act": "retire"}
            )
        elif "burn" in acts and r.random() < 0.4:  # classic: before a shoe's first deal
            fields = {"act": "burn", "count": r.randint(1, you["max_burn"])}
        elif "accept" in acts and r.random() < 0.5:  # hoyle: stakes accepted
            fields = {"act": "accept"}
        elif "deal" in acts:
            fields = {"act": "retire"} if "retire" in acts and r.random() < 0.1 else {"act": "deal"}
        elif "wager" in acts or "banco" in acts:
            roll = r.random()
            if "banco" in acts and roll < 0.1:
                fields = {"act": "banco"}
                split = you.get("banco_split")
                if split is not None and r.random() < 0.7:  # classic: both hands, divided
                    right = r.randint(0, split["fund"])
                    fields["split"] = {"right": right, "left": split["fund"] - right}
            elif "wager" in acts and roll < 0.85:
                amount = r.randint(1, max(1, min(you["max_stake"], 15)))
                a_cheval = you["a_cheval"] and r.random() < 0.2
                if a_cheval:
                    amount = max(2, amount - amount % 2)
                fields = {"act": "wager", "amount": amount, "a_cheval": a_cheval}
                if "backs" in you and not a_cheval:  # a spectator names its side
                    fields["side"] = r.choice(["right", "left"])
            else:
                fields = {"act": "pass"}
        elif "draw" in acts or "stand" in acts:
            fields = {"act": r.choice([a for a in acts if a in ("draw", "stand")])}
        else:
            fields = {"act": acts[0]}
        reply = self.send(turn=turn, **fields)
        if reply["type"] == "error":
            assert reply["code"] == "refused", reply
            return False
        assert reply["type"] == "ack"
        if r.random() < 0.05:  # a resend of the same act: the same answer, nothing done
            again_turn = self.table.turn
            message = {"v": 1, "type": "act", "id": reply["id"], "turn": turn, **fields}
            before = len(self.link.messages)
            self.table.receive(self.joined, json.dumps(message).encode())
            assert self.link.messages[before:] == [reply]
            assert self.table.turn == again_turn
        return True


def play(
    seed: int,
    names: list[str],
    steps: int,
    checks: list[str],
    rules: str = "home",
    options: dict[str, Any] | None = None,
) -> Table:
    rng = random.Random(seed)
    game = Game(
        names,
        seed,
        forced_moves="announced" if seed % 2 == 0 else "automatic",
        rules=rules,  # type: ignore[arg-type]
        options=TableOptions(**(options or {})),
    )
    session = Session(game)
    session.forced()
    table = Table(session, pace=0)
    bots = [Bot(table, n, random.Random(f"{seed}/{n}"), checks) for n in names]
    for bot in bots:
        bot.join()
    watcher = Capture(table, None, checks)
    spectator = table.connect(watcher)
    table.receive(spectator, b'{"v":1,"type":"hello","spectator":true}')
    banks = 0
    for _ in range(steps):
        if rng.random() < 0.03:  # a seat drops and comes back
            bot = rng.choice(bots)
            bot.drop()
            bot.join()
        if rng.random() < 0.01:  # garbage from someone
            bot = rng.choice(bots)
            assert bot.joined is not None and bot.link is not None
            table.receive(
                bot.joined, rng.choice([b"{", b"[]", b'{"v":1}', b'{"v":2,"type":"act"}'])
            )
            assert bot.link.messages[-1]["type"] == "error"
        moved = False
        for bot in rng.sample(bots, len(bots)):
            if bot.move():
                moved = True
                break
        if table.session.game.phase == "ended" and table.session.stage() == "ended":
            banks += 1
        if not moved:
            # Nobody could act: only a refused act. Keep going (the bots are random).
            continue
    return table


@pytest.mark.sweep
@pytest.mark.parametrize("seed", range(8))
def test_no_seat_ever_receives_a_card_concealed_from_it(marked: None, seed: int) -> None:
    names = ["Ana", "Bruno", "Chloé", "David", "Émile"][: 3 + seed % 3]
    checks: list[str] = []
    table = play(seed, names, 400, checks)
    assert checks == []
    game = table.session.game
    assert all(MARK in card for card in game.shoe_order)  # the shoe was the marked one
    # The games went far: coups settled, banks ended, fresh banks opened.
    assert game.bank_number >= 3


@pytest.mark.sweep
@pytest.mark.parametrize("rules", ["home", "classic", "hoyle"])
def test_computers_and_stand_ins_leak_nothing_either(rules: str) -> None:
    """Computer seats and a gone seat's stand-in play; views stay each seat's own."""
    checks: list[str] = []
    names = ["Ana", "Bruno", "Chloé", "David"]
    game = Game(names, 5, forced_moves="announced", rules=rules)  # type: ignore[arg-type]
    from banque.session.session import computer_seats

    computers = computer_seats(game, {"Chloé": "bold", "David": "cautious"})
    session = Session(game, computers=computers, styles={"Chloé": "bold", "David": "cautious"})
    session.forced()
    table = Table(session, pace=0, takeover=True)
    ana = Bot(table, "Ana", random.Random(1), checks)
    bruno = Bot(table, "Bruno", random.Random(2), checks)
    ana.join()
    bruno.join()
    marks: list[int] = []
    for step in range(600):
        if step == 200:
            bruno.drop()  # a stand-in plays Bruno's seat
            marks.append(len(ana.links[0].messages))
        if step == 400:
            bruno.join()  # and gives it back
            marks.append(len(ana.links[0].messages))
        if table.due() is not None:
            table.step()
            continue
        ana.move() or (bruno.joined is not None and bruno.move())
    assert checks == []
    assert game.bank_number >= 2
    assert ana.link is not None
    views = [m for m in ana.link.messages if m["type"] == "view"]
    held = [v for v in views if v["seats"]["Bruno"]["stand_in"]]
    assert held and held[0]["seats"]["Bruno"]["connected"] is False
    assert views[-1]["seats"]["Bruno"] == {"kind": "human", "connected": True, "stand_in": False}
    # The stand-in spoke for Bruno while he was gone.
    gone = ana.link.messages[marks[0] : marks[1]]
    events = [e for m in gone if m["type"] == "events" for e in m["events"]]
    assert any(e["params"].get("who") == "Bruno" for e in events)


def test_an_unexpected_error_is_told_and_the_table_goes_on(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    checks: list[str] = []
    game = Game(["Ana", "Bruno", "Chloé"], 1, forced_moves="announced")
    session = Session(game)
    session.forced()
    table = Table(session, pace=0)
    ana = Bot(table, "Ana", random.Random(0), checks)
    ana.join()
    real = session.perform

    def broken(action: Any) -> Any:
        raise RuntimeError("boom")

    monkeypatch.setattr(session, "perform", broken)
    reply = ana.send(turn=table.turn, act="bid", amount=10)
    assert reply["code"] == "internal" and "the table goes on" in reply["message"]
    assert "unexpected error at the table: RuntimeError('boom')" in capsys.readouterr().err
    monkeypatch.setattr(session, "perform", real)
    assert ana.send(turn=table.turn, act="bid", amount=10)["type"] == "ack"
    assert game.bids == {"Ana": 10}


#: Each profile's acts the leak test wants to have seen (at least once over its seeds).
PROFILE_ACTS = {
    "classic": {"burn", "take", "banco", "split", "pass", "spectator", "side"},
    "hoyle": {"accept", "replenish", "bid", "spectator", "side"},
}


@pytest.mark.sweep
@pytest.mark.parametrize(
    ("rules", "options"),
    [
        ("classic", {}),
        ("classic", {"banco_split": "divided"}),
        ("hoyle", {}),
        ("hoyle", {"first_bank": "list"}),
    ],
)
def test_no_leak_under_the_classic_and_hoyle_rules(
    marked: None, rules: str, options: dict[str, Any]
) -> None:
    """The same leak test over the other houses' acts: burns, a divided banco, the bank
    re-offered, spectators' bets, stakes accepted, a broken bank replenished."""
    acted: set[str] = set()
    for seed in range(4):
        names = ["Ana", "Bruno", "Chloé", "David", "Émile"][: 3 + seed % 3]
        checks: list[str] = []
        table = play(seed, names, 400, checks, rules, options)
        assert checks == []
        game = table.session.game
        assert game.rules == rules
        acted |= {a.act for a in game.actions}
        acted |= {"spectator" for a in game.actions if a.act == "seat" and a.spectators}
        acted |= {"side" for a in game.actions if a.act == "wager" and a.side is not None}
        acted |= {"split" for a in game.actions if a.act == "banco" and a.right is not None}
        assert game.bank_number >= 2
    assert PROFILE_ACTS[rules] <= acted, PROFILE_ACTS[rules] - acted


# ------------------------------------------------------------------ every game hosted


@pytest.fixture
def marked_two_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    """The two-hand games' shoes too: a unique marker on each card."""
    counter = itertools.count()
    BY_TAIL.clear()

    def full_shoe(packs: int = 6) -> list[str]:
        return marked_shoe(counter, packs)

    monkeypatch.setattr(core_shoe, "full_shoe", full_shoe)


def two_hand_concealed(game: Any, seat: str | None) -> set[str]:
    """The cards ``seat`` may not know: the shoe, and in chemin de fer a hand's first two
    cards while the coup is played, to all but the hand's holder."""
    out = set(game.shoe.cards)
    if getattr(game, "phase", None) in ("punter", "banker"):
        for hand, holder in (("player", game.hand_player), ("banker", game.banker)):
            if seat is None or seat != holder:
                out.update(game.hands[hand][:2])
    return out


class TwoHandCapture(Capture):
    """Every line a two-hand seat receives, checked for concealed cards (raw bytes) and,
    decoded, for a view that shows another's face-down card or holds the state."""

    def send(self, data: bytes) -> None:
        assert data.endswith(b"\n") and data.count(b"\n") == 1
        text = data.decode("utf-8")
        game = self.table.session.game
        for marker in leaked(text, two_hand_concealed(game, self.seat)):
            self.checks.append(f"{self.seat} received concealed {marker}: {text[:200]}")
        message = json.loads(text)
        if message["type"] == "view":
            view = message["view"]
            assert message["game"] == game.game and message["seat"] == self.seat
            for key in state_keys(text, ("seed", "shoe", "shoe_order", "stacked", "actions")):
                self.checks.append(f"{self.seat}'s view has a {key!r}")
            if game.game == "chemin-de-fer" and view["phase"] in ("punter", "banker"):
                for hand, holder in (("player", view["hand_player"]), ("banker", view["banker"])):
                    cards = view["hands"][hand]["cards"]
                    mine = self.seat is not None and self.seat == holder
                    if not mine and (cards[:2] != [None, None] or view["hands"][hand]["total"]):
                        self.checks.append(f"{self.seat} sees {hand}'s face-down cards {cards}")
                    if mine and None in cards:
                        self.checks.append(f"{self.seat} misses its own cards on {hand}")
        self.data += data
        self.messages.append(message)


class TwoHandBot(Bot):
    """A scripted seat at chemin de fer or punto banco: its acts from its view's ``you``."""

    def join(self) -> None:
        self.link = TwoHandCapture(self.table, self.seat, self.checks)
        self.links.append(self.link)
        self.joined = self.table.connect(self.link)
        link = self.link
        hello_by_proof(self.table, self.joined, self.seat, lambda: link.messages[-1])
        first = self.link.messages
        assert first[1]["type"] == "welcome" and first[1]["game"] == self.table.family
        assert first[2]["type"] == "view" and "log" in first[2]

    def move(self) -> bool:
        assert self.link is not None
        view = self.link.last_view()
        you = view["you"]
        acts = you["acts"]
        if not acts:
            return False
        turn, r = view["turn"], self.rng
        if r.random() < 0.03:  # mischief: a field no act has, and a "who" of another seat
            assert self.send(turn=turn, act=acts[0], shoe=[])["code"] == "bad_message"
            assert self.send(turn=turn, act=acts[0], who="Nobody")["code"] == "bad_message"
        fields: dict[str, Any]
        if self.table.family == "punto-banco":
            if "bet" in acts and r.random() < 0.6:
                spot = r.choice(["player", "banker", "natural8", "natural9"])
                most = you["most"][spot]
                if not most:
                    return False
                fields = {"act": "bet", "on": spot, "amount": r.randint(1, min(most, 12))}
            elif "deal" in acts:
                fields = {"act": "deal"}
            elif "retire" in acts and r.random() < 0.01:
                fields = {"act": "retire"}
            else:
                return False
        elif "draw" in acts:
            fields = {"act": r.choice(["draw", "stand"]), "side": you["side"]}
        elif "bid" in acts and (r.random() < 0.8 or "pass" not in acts):
            fields = {"act": "bid", "amount": r.randint(1, max(1, min(30, you["most"])))}
        elif "deal" in acts:
            fields = {"act": "deal"}
        elif "banco" in acts and r.random() < 0.15:
            fields = {"act": "banco"}
        elif "wager" in acts and r.random() < 0.8:
            fields = {"act": "wager", "amount": r.randint(1, max(1, min(you["most"], 15)))}
        elif "retire" in acts and r.random() < 0.005:
            fields = {"act": "retire"}
        elif "pass" in acts:
            fields = {"act": "pass"}
        else:
            return False
        reply = self.send(turn=turn, **fields)
        if reply["type"] == "error":
            assert reply["code"] in ("refused", "stale"), reply
            return False
        assert reply["type"] == "ack", reply
        return True


def play_two_hands(
    family: str,
    seed: int,
    names: list[str],
    steps: int,
    checks: list[str],
    coups: int = 12,
    **options: Any,
) -> Table:
    from banque.session.port import TwoHandSession

    rng = random.Random(seed)
    session = TwoHandSession.new(family, names, styles=options.pop("styles", {}), seed=seed)
    table = Table(session, pace=0, takeover=options.pop("takeover", False))
    bots = [TwoHandBot(table, n, random.Random(f"{seed}/{n}"), checks) for n in table.humans()]
    for bot in bots:
        bot.join()
    spectator = table.connect(TwoHandCapture(table, None, checks))
    table.receive(spectator, b'{"v":1,"type":"hello","spectator":true}')
    for _ in range(steps):
        if rng.random() < 0.03:  # a seat drops and comes back
            bot = rng.choice(bots)
            bot.drop()
            bot.join()
        if table.due() is not None:
            table.step()
            continue
        for bot in rng.sample(bots, len(bots)):
            if bot.move():
                break
        if session.game.phase == "ended" or len(session.game.coups) >= coups:
            break
    return table


@pytest.mark.parametrize(
    ("family", "seed"),
    [("chemin-de-fer", s) for s in range(4)] + [("punto-banco", s) for s in range(2)],
)
def test_no_seat_receives_a_concealed_card_in_the_two_hand_games(
    marked_two_hands: None, family: str, seed: int
) -> None:
    two_hand_leak_test(family, seed)


@pytest.mark.parametrize(
    ("game", "house"),
    [
        ("banque", "home"),
        ("banque", "classic"),
        ("banque", "hoyle"),
        ("chemin-de-fer", None),
        ("punto-banco", None),
    ],
)
def test_every_hosted_game_keeps_its_concealed_cards(
    marked: None, marked_two_hands: None, game: str, house: str | None
) -> None:
    """One leak test over every game the table hosts (and banque's three houses): the
    same scripted seats, refusals, reconnects and a spectator, every byte checked."""
    if game == "banque":
        checks: list[str] = []
        table = play(11, ["Ana", "Bruno", "Chloé", "David"], 300, checks, str(house))
        assert checks == []
        assert table.session.game.coup_number > 1
    else:
        two_hand_leak_test(game, 11)


def two_hand_leak_test(family: str, seed: int) -> None:
    """The wire-level leak test over chemin de fer and punto banco: every byte each seat
    and a spectator received, against the cards concealed from it as it was sent."""
    names = ["Ana", "Bruno", "Chloé", "David"][: 2 + seed % 3]
    checks: list[str] = []
    table = play_two_hands(family, seed, names, 500, checks)
    assert checks == []
    game = table.session.game
    assert game.shoe.cards and all(MARK in card for card in game.shoe.cards)  # marked
    assert len(game.coups) >= 5
    if family == "chemin-de-fer":  # coups went to the choices where the pairs are hidden
        assert any(a.act in ("draw", "stand") for a in game.actions)


def test_two_hand_computers_and_stand_ins_leak_nothing(marked_two_hands: None) -> None:
    checks: list[str] = []
    table = play_two_hands(
        "chemin-de-fer",
        7,
        ["Ana", "Bruno", "Chloé", "David"],
        600,
        checks,
        styles={"Chloé": "bold", "David": "cautious"},
        takeover=True,
    )
    assert checks == []
    assert len(table.session.game.coups) >= 5
