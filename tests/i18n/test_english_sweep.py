"""No English word a player would read, in French and in Spanish (issue 12).

A Pilot drives the table through every phase a player sees (setup, auction,
seating, wagers and a refusal, shuffle and cut or burn, each side's decision,
the banker's, the settlement, the next coup, the private view, the curtain,
the history, the help, the confirmations, the too-small screen, toasts, the
palette, the standings; a hosted table and a joined seat) and reads the whole
terminal at each: a word of :data:`STOPLIST` there is a leftover, reported with
its screen and its line.

The stoplist holds English words a player would read that are no word of
French or Spanish: ``coup``, ``banco``, ``total``, ``table``, ``natural`` (es),
``no`` (es), ``pause`` (fr), ``a``, ``on`` (fr), ``participants`` (fr) are
left out on purpose.  Key names as keyboards print them (``Enter``, ``Esc``,
``Tab``, ``ctrl``, ``PgUp``) are not in it; ``space`` is (the key bar says
*espace*, *espacio*).  What stays as it is, is taken out before the check:
names (:data:`PROPER`: the books' titles, the README's sections; the players'
names are no English words), paths, command lines (``banque rules classic``,
``--forced-moves automatic``) and hyphenated identifiers (themes, games).

The classic and hoyle profiles' own rule words (``engine/rules.py``) are still
English: :func:`test_the_help_of_the_classic_and_hoyle_rules` is an expected
failure (strict: it fails the day they are translated, to be unmarked).
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual import events

from banque import i18n
from banque.constants import SEAT_CHOICES
from banque.games.records import replay
from banque.session.session import Session
from banque.table.screens.setup import (
    RULES_WORDS,
    TABLE_OPTION_WORDS,
    TABLE_OPTIONS,
    kind_label,
    moves_label,
    rules_label,
    table_option_label,
    table_option_name,
)
from banque.table.testing import make_record, screen_text, table_app, typed
from banque.table.testing import settle as settle_twice

#: English words a player would read, none of them a French or Spanish word.
_STOPWORDS = """
    chips chip bank banks banker bankers player players draw draws drew stand stands
    left right wager wagers bet bets card cards the and you your press pass passes
    wins win won loses lose lost tie ties side sides seat seats fund stake stakes
    deal deals dealt shuffle shuffled shuffles cut cuts burn burns burnt hand hands
    to of for with from by is are was be it its his her their they this that these
    what who when then there here has have will can not all each every one two three
    first last new game games play plays played turn waiting watching yes none
    quit help save log next back close look choose other others retired ride
    spectator reset start human computer cautious bold pace seed moves announced
    automatic language name names too small window larger smaller needs least
    theme keys screenshot minimize maximize search commands command space
    winner winners standings history private view views rules home classic
    hold holds holding says say said offered offer take takes taken accepted accept
    replenish unpaid returned settled settle payout paid pays won't doesn't can't
    matches found
"""
STOPLIST = frozenset(_STOPWORDS.split())
#: Names that stay as they are in every language (a name is a name): the books'
#: titles, and the README's section titles (the README is in English).
PROPER = ("Pocket Book of Games", "Hoyle", "The other games")
#: File paths (a record saved, the journal kept) are the system's: a word with a
#: slash, when it is a path (:func:`_is_path`; a path's tail may wrap onto a line).
PATH = re.compile(r"\S*/\S*")
#: Names made of lowercase words and hyphens: Textual's themes (``atom-one-dark``), games.
IDENTIFIER = re.compile(r"\b[a-z]+(?:-[a-z]+)+\b")
#: Command lines a player types as they are: ``banque rules classic``, ``--forced-moves automatic``.
COMMAND_LINE = re.compile(
    r"--[a-z-]+(?: [a-z-]+)?"
    r"|\b(?:banque )?(?:rules|host|join|replay|advise|odds|simulate|games)"
    r"(?: (?:home|classic|hoyle|[A-Z]+\b)|(?= --))"
    r"|\bbanque (?:rules|host|join|replay|advise|odds|simulate|games)\b"
)
#: A seat's access token (random letters, digits, ``-`` and ``_``): not words.
TOKEN = re.compile(r"(?<![\w-])(?=[\w-]*\d)[\w-]{16,}(?![\w-])")

WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")

#: Right 2♠ 3♥ = 5 (a choice), left A♥ 2♣ = 3 (draws), bank 3♦ K♠ = 3; then 9♦ 8♥ 7♣.
SIDE5 = ["2S", "AH", "3D", "3H", "2C", "KS", "9D", "8H", "7C"]
THREE = ["Ana", "Bruno", "Chloé"]


def english_words(text: str) -> list[str]:
    """The stoplist's words in ``text`` (whole words, any case).

    >>> english_words("Ana mise 5 jetons; the bank wins")
    ['the', 'bank', 'wins']
    >>> english_words("Ana: 8KP6xhb7dDHTnc_S-MC2e1BE")  # a seat's token
    []
    """
    for name in PROPER:
        text = text.replace(name, "")
    text = PATH.sub(lambda m: "" if _is_path(m.group()) else m.group(), text)
    text = COMMAND_LINE.sub("", text)
    text = IDENTIFIER.sub("", text)
    text = TOKEN.sub("", text)
    return [w for w in WORD.findall(text) if w.lower() in STOPLIST]


async def settle(pilot: Any, pauses: int = 1) -> None:
    """Let the screen pushed or popped by the last key settle (one pause is enough here)."""
    await settle_twice(pilot, pauses)


def _is_path(word: str) -> bool:
    """``/tmp/x``, ``~/x``, ``games/2026.jsonl``; not ``gauche/droit`` (two words).

    >>> _is_path("games/20261201.jsonl"), _is_path("left/right"), _is_path("/tmp")
    (True, False, True)
    """
    return word.startswith(("/", "~")) or any(c.isdigit() or c == "." for c in word)


class Sweep:
    """The screens read so far and the English words found on them.

    ``BANQUE_SWEEP_DUMP=folder`` writes every screen read to a file there, for
    a person to read the whole game in the language too.
    """

    def __init__(self, app: Any, name: str) -> None:
        self.app = app
        self.name = name
        self.leftovers: list[str] = []
        self.screens: list[str] = []

    def read(self, where: str, text: str | None = None) -> str:
        text = screen_text(self.app) if text is None else text
        self.screens.append(f"===== {where}\n{text}")
        for line in text.splitlines():
            found = english_words(line)
            if found:
                self.leftovers.append(f"[{where}] {', '.join(found)}: {line.strip()}")
        return text

    def check(self) -> None:
        folder = os.environ.get("BANQUE_SWEEP_DUMP")
        if folder:
            Path(folder, f"{self.name}.txt").write_text("\n".join(self.screens), "utf-8")
        unique = list(dict.fromkeys(self.leftovers))
        assert not unique, f"English left ({self.name}):\n" + "\n".join(unique)


async def read_help(sweep: Sweep, pilot: Any, where: str, rules: str = "home") -> None:
    """The help (F1): its first page as shown, and its whole text; then closed."""
    from banque.table.screens.help import help_text, profile_help

    await pilot.press("f1")
    await settle(pilot)
    sweep.read(f"{where} help")
    whole = help_text() if rules == "home" else profile_help(rules) + "\n\n" + help_text()
    paragraphs = (" ".join(part.split()) for part in whole.split("\n\n"))
    sweep.read(f"{where} help (the whole text)", "\n".join(paragraphs))
    await pilot.press("escape")
    await settle(pilot)


LANGS = [pytest.param("fr", id="fr"), pytest.param("es", id="es")]


@pytest.fixture
def short_dir() -> Iterator[Path]:
    """A short folder (a Unix socket's path is at most about 100 bytes; a toast names it)."""
    folder = Path(tempfile.mkdtemp(prefix="bq", dir="/tmp"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    i18n.install("en")


@pytest.mark.pilot
@pytest.mark.parametrize("lang", LANGS)
async def test_the_home_game_from_setup_to_standings(lang: str, short_dir: Path) -> None:
    i18n.install(lang)
    app = table_app(
        participants=THREE,
        kinds=["human"] * 3,
        seed=7,
        shoe=SIDE5,
        journal=False,
        save_dir=short_dir,  # a short path: the toast says it
    )
    sweep = Sweep(app, f"home-{lang}")
    async with app.run_test(size=(100, 34), notifications=True) as pilot:
        await settle(pilot)
        sweep.read("setup")
        screen: Any = app.screen
        # every value of every row (the seats' kinds, the moves, the rules) as the rows say it
        for value in SEAT_CHOICES:
            sweep.read("setup: a seat's kind", kind_label(value))
        for value in ("announced", "automatic"):
            sweep.read("setup: the moves", moves_label(value))
        for value in RULES_WORDS:
            sweep.read("setup: the rules", rules_label(value))
        for game in (*TABLE_OPTIONS, "home"):  # the table option row: its label, its values
            sweep.read("setup: the table option", table_option_name(game))
        for game, value in [*TABLE_OPTION_WORDS, ("classic", "3"), ("home", "")]:
            sweep.read("setup: the table option", table_option_label(game, value))
        screen: Any = app.screen
        screen.focus_cell("kind-0")
        await pilot.press("space")  # and one switched on the screen
        sweep.read("setup: a seat switched")
        await pilot.press("left")  # back to human
        assert screen.kind_of(0) == "human"
        names: Any = screen.query_one("#name-1")
        names.value = "Ana"  # two participants called Ana
        await pilot.press("enter")
        await settle(pilot)
        sweep.read("setup: a refused name")
        names.value = "Bruno"
        await pilot.press("ctrl+c")  # Textual's "how to quit" toast
        await settle(pilot)
        sweep.read("setup: ctrl+c")
        await pilot.press("ctrl+p")
        await settle(pilot)
        sweep.read("setup: palette")
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        session = app.session
        assert session is not None
        game = session.game
        assert game.rules == "home"
        sweep.read("auction")
        await pilot.press("1", "0")  # the offered amount is selected: typing replaces it
        await pilot.press("enter")
        sweep.read("auction: a bid")
        await typed(pilot, "5000")
        await pilot.press("enter")
        sweep.read("auction: a refused bid")
        await typed(pilot, "")
        await pilot.press("enter")
        await pilot.press("p")
        assert game.banker == "Ana"
        sweep.read("seating")
        await pilot.press("enter")
        sweep.read("shuffle and cut")
        await pilot.press("enter")
        assert game.shoe_ready
        sweep.read("wagers")
        await pilot.press("5", "0", "0")
        await pilot.press("enter")
        sweep.read("wagers: a refused wager")
        await typed(pilot, "5")
        await pilot.press("enter")
        await pilot.press("3")
        await pilot.press("enter")
        sweep.read("deal")
        await pilot.press("enter")
        sweep.read("the right side to decide")
        await pilot.press("enter")
        await settle(pilot)
        sweep.read("curtain")
        await pilot.press("enter")
        await settle(pilot)
        sweep.read("the right side's private view")
        await pilot.press("d")
        await settle(pilot)
        sweep.read("the left side to decide")
        for _step in range(6):
            if game.phase == "banker":
                break
            await pilot.press("enter")
            await settle(pilot)
            sweep.read(f"the left side ({game.phase})")
        assert game.phase == "banker"
        await pilot.press("enter", "enter")
        await settle(pilot)
        sweep.read("the banker's private view")
        await pilot.press("a")
        await settle(pilot)
        sweep.read("the banker's advice")
        await pilot.press("d")
        await settle(pilot)
        assert session.stage() == "settlement"
        sweep.read("settlement")
        await pilot.press("l")
        await settle(pilot)
        sweep.read("history")
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("enter")
        sweep.read("the next coup")
        await pilot.press("a")
        sweep.read("the next coup: à cheval")
        await pilot.press("a")
        await pilot.press("v")
        await settle(pilot)
        sweep.read("views: the seat picker")
        await pilot.press("2")
        await settle(pilot)
        sweep.read("views: a seat's curtain")
        await pilot.press("enter")
        await settle(pilot)
        sweep.read("views: a private view")
        await pilot.press("escape")
        await settle(pilot)
        await read_help(sweep, pilot, "home")
        await pilot.press("ctrl+s")
        await settle(pilot)
        sweep.read("a toast (save)")
        await pilot.press("ctrl+p")
        await settle(pilot)
        sweep.read("palette")
        await pilot.press(*"zqxw")  # nothing matches (Textual would say so after 0.5 s)
        await pilot.pause(1.0)
        sweep.read("palette: nothing matches")
        await pilot.press("escape")
        await settle(pilot)
        commands = [c.title for c in app.get_system_commands(app.screen)]
        assert "Keys" not in commands  # Textual's key panel: English words only
        # the palette's Screenshot, delivered (or not): the toasts
        app.post_message(events.DeliveryComplete("k", path=Path("shot.svg"), name="screenshot"))
        app.post_message(events.DeliveryFailed("k", exception=OSError(), name="screenshot"))
        await settle(pilot)
        sweep.read("toasts (screenshot)")
        await pilot.resize_terminal(50, 12)
        await settle(pilot)
        sweep.read("too small")
        await pilot.resize_terminal(100, 34)
        await settle(pilot)
        await pilot.press("x")
        await settle(pilot)
        sweep.read("retire: the confirmation")
        await pilot.press("y")
        await settle(pilot)
        assert game.ended is not None
        sweep.read("standings")
    sweep.check()


@pytest.mark.pilot
@pytest.mark.parametrize("lang", LANGS)
async def test_the_default_table_with_computer_players(lang: str) -> None:
    i18n.install(lang)
    app = table_app(seed=11, shoe=SIDE5, pace=0.3, journal=False)
    sweep = Sweep(app, f"computers-{lang}")
    async with app.run_test(size=(100, 34), notifications=True) as pilot:
        await settle(pilot)
        sweep.read("setup: the default table")
        await pilot.press("enter", "enter")  # the table; Ana bids the offered amount
        await settle(pilot)
        await pilot.press("space")
        await settle(pilot)
        sweep.read("computers paused")
        await pilot.press("full_stop")
        await settle(pilot)
        sweep.read("one computer move")
        await pilot.press("v", "2")  # Bruno's view: a computer's cards stay its own
        await settle(pilot)
        sweep.read("a computer's view (a toast)")
        await pilot.press("escape", "space")
        await settle(pilot)
        sweep.read("computers resume")
    sweep.check()


@pytest.mark.pilot
@pytest.mark.parametrize("lang", LANGS)
async def test_quitting_mid_bank_and_the_offer_to_continue(lang: str) -> None:
    i18n.install(lang)
    first = table_app(record=make_record(THREE, AUCTION))
    async with first.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter")  # Bruno stakes 5; then quit: the journal keeps the game
        await pilot.press("ctrl+q")
        await settle(pilot)
    sweep = Sweep(None, f"resume-{lang}")
    sweep.read("the farewell", str(first.farewell))
    app = table_app(offer_resume=True)
    sweep.app = app
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(pilot)
        sweep.read("the offer to continue")
        await pilot.press("enter")
        await settle(pilot)
        sweep.read("resumed")
        assert app.session is not None and app.session.game.stakes["right"] == 5
    sweep.check()


#: The bank 1 auction (Ana 10) and the shuffle, as a record's acts.
AUCTION = [
    {"act": "bid", "who": "Ana", "amount": 10},
    {"act": "pass", "who": "Bruno"},
    {"act": "pass", "who": "Chloé"},
    {"act": "shuffle"},
]
#: Two burnt cards, then: right 9♥ K♥ (a natural), left 3♠ K♠ draws Q♣, banker 5♦ K♦.
BURN_SHOE = ["2C", "3C", "9H", "3S", "5D", "KH", "KS", "KD", "QC", "4C"]
#: Right 7, left 6 (both stand), banker 0: the banker loses both sides.
LOSES = ["7H", "6S", "KD", "KH", "KS", "QD"]


def profile_app(rules: str, shoe: list[str], actions: list[dict[str, Any]] = AUCTION) -> Any:
    from banque.core.record import parse_record

    options = {"banco_split": 3} if rules == "classic" else {}
    record = parse_record(
        {
            "participants": THREE,
            "seed": 7,
            "rules": rules,
            "options": options,
            "shoe": shoe,
            "actions": actions,
        }
    )
    return table_app(record=record, journal=False)


@pytest.mark.pilot
@pytest.mark.parametrize("lang", LANGS)
async def test_the_classic_table(lang: str) -> None:
    i18n.install(lang)
    app = profile_app("classic", BURN_SHOE)
    sweep = Sweep(app, f"classic-{lang}")
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        session = app.session
        assert session is not None
        game = session.game
        sweep.read("classic: wagers")
        await pilot.press("4", "enter", "4", "enter")
        sweep.read("classic: before the burn")
        await pilot.press("u")
        await settle(pilot)
        sweep.read("classic: how many to burn")
        await pilot.press("2")
        await settle(pilot)
        sweep.read("classic: burnt")
        await pilot.press("enter")
        sweep.read("classic: a natural on the right")
        await pilot.press("enter", "enter")
        await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        sweep.read("classic: settlement")
        await pilot.press("enter", "p", "p", "x")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        sweep.read("classic: standings, the bank offered")
        await pilot.press("enter")
        await settle(pilot)
        sweep.read("classic: the bank offered")
        await pilot.press("p")
        sweep.read("classic: the bank offered to the next")
        await pilot.press("t")
        assert game.bank_number == 2
        sweep.read("classic: bank 2")
        await pilot.press("enter", "enter")  # seat them, shuffle; Bruno stakes first
        await pilot.press("b")  # Ana: banco on both hands, divided as she says
        await settle(pilot)
        sweep.read("classic: a banco divided")
        await pilot.press("9", "enter")  # 9 and 1: the house wants 3 a side at least
        await settle(pilot)
        sweep.read("classic: a division refused")
        await pilot.press("escape")
        await settle(pilot)
    sweep.check()


@pytest.mark.pilot
@pytest.mark.parametrize("lang", LANGS)
async def test_the_hoyle_table(lang: str) -> None:
    i18n.install(lang)
    app = profile_app("hoyle", LOSES)
    sweep = Sweep(app, f"hoyle-{lang}")
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        session = app.session
        assert session is not None
        game = session.game
        sweep.read("hoyle: wagers")
        await pilot.press("9", "enter", "9", "enter")
        sweep.read("hoyle: stakes beyond the fund")
        await pilot.press("k")
        sweep.read("hoyle: stakes accepted")
        await pilot.press("enter", "enter", "enter")
        await settle(pilot)
        sweep.read("hoyle: the banker's view")
        await pilot.press("s")
        await settle(pilot)
        sweep.read("hoyle: settlement, unpaid")
        await pilot.press("enter")
        sweep.read("hoyle: a broken bank")
        await pilot.press("enter")
        sweep.read("hoyle: replenished")
        assert not game.broken
    sweep.check()


@pytest.mark.parametrize("rules", ["classic", "hoyle"])
@pytest.mark.parametrize("lang", LANGS)
def test_the_help_of_the_classic_and_hoyle_rules(lang: str, rules: str) -> None:
    from banque.table.screens.help import profile_help

    i18n.install(lang)
    sweep = Sweep(None, f"{rules}-help-{lang}")
    sweep.read(f"{rules} help (its first section)", profile_help(rules))
    sweep.check()


@pytest.mark.parametrize("lang", LANGS)
def test_a_refusal_names_the_rules_in_the_language(lang: str) -> None:
    from banque.core.errors import IllegalAction
    from banque.core.messages import tell_error
    from banque.games.banque.game import Game

    i18n.install(lang)
    game = Game(THREE, 7)
    with pytest.raises(IllegalAction) as refused:
        game.verify_burn(2)
    said = tell_error(refused.value)
    assert english_words(said) == [] and "home" not in said
    assert ("maison" if lang == "fr" else "de casa") in said


#: The worked example to the right side's decision (right Bruno 9♣ 4♣, left Chloé 7♥ 6♦).
WORKED = ["9C", "7H", "2S", "4C", "6D", "3C", "4D", "2H"]
TO_DECISION = [
    *AUCTION,
    {"act": "wager", "who": "Bruno", "amount": 5},
    {"act": "wager", "who": "Chloé", "amount": 3},
    {"act": "deal"},
]


def net_table(actions: list[dict[str, Any]]) -> Any:
    from banque.net.table import Table

    record = make_record(THREE, actions, seed=7, shoe=WORKED)
    session = Session.from_replay(replay(record.model_copy(update={"forced_moves": "announced"})))
    session.forced()
    return Table(session, pace=0, uid=os.getuid())


@pytest.mark.pilot
@pytest.mark.subprocess
@pytest.mark.parametrize("lang", LANGS)
async def test_a_hosted_table_and_a_joined_seat(lang: str, short_dir: Path) -> None:
    from banque.net.client import LocalConnection
    from banque.net.server import TableServer
    from banque.table.screens.hosted import HostApp
    from banque.table.screens.joined import JoinApp

    i18n.install(lang)
    server = TableServer(net_table(AUCTION[:1]), short_dir / "t.sock")
    await server.start()
    try:
        host = HostApp(server, "Bruno", blink=False)
        host.animation_level = "none"
        sweep = Sweep(host, f"host-{lang}")
        async with host.run_test(size=(100, 30), notifications=True) as pilot:
            await settle(pilot)
            sweep.read("host: how to join")
            await pilot.press("enter")
            await settle(pilot)
            sweep.read("host: its seat's turn")
            await pilot.press("ctrl+u", *"500", "enter")
            await settle(pilot)
            sweep.read("host: a refused bid")
            await pilot.press("p")
            await settle(pilot)
            sweep.read("host: waiting")
            await pilot.press("l")
            await settle(pilot)
            sweep.read("host: the log")
            await pilot.press("escape")
            await settle(pilot)
            await pilot.press("f1")
            await settle(pilot)
            sweep.read("host: help")
            await pilot.press("escape")
            await settle(pilot)
            await pilot.press("ctrl+q")
            await settle(pilot)
            sweep.read("host: closing the table?")
            await pilot.press("n")
            await settle(pilot)
    finally:
        await server.close()
    sweep.check()

    table = net_table(TO_DECISION)

    async def connect() -> LocalConnection:
        return LocalConnection(table)

    seat = JoinApp(connect, "Bruno", blink=False)
    seat.animation_level = "none"
    sweep = Sweep(seat, f"seat-{lang}")
    async with seat.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(pilot)
        sweep.read("seat: its decision")
        await pilot.press("s")
        await settle(pilot)
        sweep.read("seat: a key not offered")
        await pilot.press("d")
        await settle(pilot)
        sweep.read("seat: waiting for the left")
        chloe = LocalConnection(table)
        await chloe.hello("Chloé")
        await chloe.receive()
        await chloe.act("draw")
        ana = LocalConnection(table)
        await ana.hello("Ana")
        await ana.receive()
        await ana.act("stand")
        await settle(pilot, 4)
        sweep.read("seat: settlement")  # (its log and help are the host's screens)
        await pilot.press("ctrl+q")
        await settle(pilot)
    sweep.read("seat: farewell", seat.farewell)
    for name in ("Zoé", None):  # nobody of that name; then a spectator, closed by the table
        other = JoinApp(connect, name, blink=False)
        other.animation_level = "none"
        async with other.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            sweep.app = other
            sweep.read(f"{name or 'spectator'}: the table")
            table.close()
            await settle(pilot, 2)
        sweep.read(f"{name or 'spectator'}: farewell", other.farewell)
        assert other.farewell
    sweep.check()
