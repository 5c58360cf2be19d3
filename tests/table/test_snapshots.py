"""Snapshots of every phase of the table, at 80×24 and at 120×40.

Each screen starts from a record with a stacked shoe (and, where needed, a
few key presses), so every screen is reproducible.  Cursor blink and
animations are off.  Update the baselines with ``--snapshot-update`` and look
at the SVGs before committing them.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from banque import i18n
from banque.table.app import BanqueApp
from banque.table.testing import make_record

pytestmark = pytest.mark.pilot

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
THREE = ["Ana", "Bruno", "Chloé"]
FOUR = ["Ana", "Bruno", "Chloé", "David"]
WORKED = ["9C", "7H", "2S", "4C", "6D", "3C", "4D", "2H"]
NATURAL = ["9S", "2C", "3D", "KH", "4C", "2H"]
SIDE5 = ["2S", "AH", "3D", "3H", "2C", "KS", "9D", "8H", "7C"]

AUCTION_FOUR = [
    {"act": "bid", "who": "Ana", "amount": 20},
    {"act": "pass", "who": "Bruno"},
    {"act": "pass", "who": "Chloé"},
    {"act": "pass", "who": "David"},
]
READY_FOUR = [*AUCTION_FOUR, {"act": "shuffle"}]
# The rules card's worked example (examples/worked-example.json), act by act.
WORKED_ACTS: list[dict[str, Any]] = json.loads(
    (Path(__file__).resolve().parents[2] / "examples" / "worked-example.json").read_text(
        encoding="utf-8"
    )
)["actions"]


def app_for(
    actions: list[dict[str, Any]] | None,
    *,
    people: list[str] = FOUR,
    shoe: list[str] = (),
    **options: Any,
) -> BanqueApp:  # type: ignore[assignment]
    record = None if actions is None else make_record(people, actions, seed=7, shoe=shoe)
    options.setdefault("pace", 0.0)
    app = BanqueApp(
        record,
        participants=people,
        seed=7,
        blink=False,
        toast_seconds=600.0,
        **options,
    )
    app.animation_level = "none"
    return app


@pytest.mark.parametrize("size", SIZES)
def test_setup(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(app_for(None), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_auction(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(app_for([{"act": "pass", "who": "Ana"}]), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_seating(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(app_for(AUCTION_FOUR), press=["down", "left"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_shuffle_and_cut(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(app_for(AUCTION_FOUR), press=["enter", "c"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_betting_with_a_cheval_and_a_refusal(snap_compare: Any, size: tuple[int, int]) -> None:
    acts = [
        *READY_FOUR,
        {"act": "wager", "who": "Bruno", "amount": 4, "a_cheval": True},
        {"act": "wager", "who": "David", "amount": 6},
    ]
    assert snap_compare(app_for(acts), press=["end", "ctrl+u", "5", "0", "0"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_betting_after_banco(snap_compare: Any, size: tuple[int, int]) -> None:
    acts = [*READY_FOUR, {"act": "banco", "who": "Bruno"}]
    assert snap_compare(app_for(acts), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_dealing(snap_compare: Any, size: tuple[int, int]) -> None:
    acts = [
        *READY_FOUR,
        {"act": "wager", "who": "Bruno", "amount": 5},
        {"act": "pass", "who": "David"},
        {"act": "wager", "who": "Chloé", "amount": 3},
    ]
    assert snap_compare(app_for(acts, shoe=SIDE5), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_decision_of_a_side_at_five(snap_compare: Any, size: tuple[int, int]) -> None:
    acts = [
        *READY_FOUR,
        {"act": "wager", "who": "Bruno", "amount": 5},
        {"act": "pass", "who": "David"},
        {"act": "wager", "who": "Chloé", "amount": 3},
        {"act": "deal"},
    ]
    assert snap_compare(app_for(acts, shoe=SIDE5), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_curtain(snap_compare: Any, size: tuple[int, int]) -> None:
    acts = [
        *READY_FOUR,
        {"act": "wager", "who": "Bruno", "amount": 5},
        {"act": "pass", "who": "David"},
        {"act": "wager", "who": "Chloé", "amount": 3},
        {"act": "deal"},
    ]
    assert snap_compare(app_for(acts, shoe=SIDE5), press=["enter"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_private_view(snap_compare: Any, size: tuple[int, int]) -> None:
    acts = [
        *READY_FOUR,
        {"act": "wager", "who": "Bruno", "amount": 5},
        {"act": "pass", "who": "David"},
        {"act": "wager", "who": "Chloé", "amount": 3},
        {"act": "deal"},
    ]
    assert snap_compare(
        app_for(acts, shoe=SIDE5), press=["enter", "_", "enter"], terminal_size=size
    )


@pytest.mark.parametrize("size", SIZES)
def test_banker_choice(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(app_for(WORKED_ACTS[:7], people=THREE, shoe=WORKED), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_settlement(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(app_for(WORKED_ACTS[:8], people=THREE, shoe=WORKED), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_natural(snap_compare: Any, size: tuple[int, int]) -> None:
    acts = [
        {"act": "bid", "who": "Ana", "amount": 10},
        {"act": "wager", "who": "Bruno", "amount": 5},
        {"act": "wager", "who": "Chloé", "amount": 3},
        {"act": "deal"},
    ]
    assert snap_compare(app_for(acts, people=THREE, shoe=NATURAL), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_end_of_bank_standings(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(app_for(WORKED_ACTS, people=THREE, shoe=WORKED), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_fresh_bank(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(
        app_for(WORKED_ACTS, people=THREE, shoe=WORKED), press=["enter"], terminal_size=size
    )


@pytest.mark.parametrize("size", SIZES)
def test_help(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(app_for(READY_FOUR), press=["f1"], terminal_size=size)


def test_too_small(snap_compare: Any) -> None:
    assert snap_compare(app_for(READY_FOUR), terminal_size=(60, 20))


def test_ascii_suits_and_ansi_theme(snap_compare: Any) -> None:
    app = app_for(WORKED_ACTS[:8], people=THREE, shoe=WORKED, ascii_suits=True)

    async def ansi(pilot: Any) -> None:
        pilot.app.theme = "ansi-dark"

    assert snap_compare(app, terminal_size=(80, 24), run_before=ansi)


COMPUTERS = {"Bruno": "cautious", "Chloé": "bold", "David": "cautious"}
SIDE5_DEALT = [
    *READY_FOUR,
    {"act": "wager", "who": "Bruno", "amount": 5},
    {"act": "pass", "who": "David"},
    {"act": "wager", "who": "Chloé", "amount": 3},
    {"act": "deal"},
]


def test_setup_with_computer_choices(snap_compare: Any) -> None:
    # Ana becomes a computer (ctrl+t), Bruno's switch is focused and made bold.
    assert snap_compare(
        app_for(None), press=["ctrl+t", "down", "tab", "right"], terminal_size=(80, 24)
    )


@pytest.mark.parametrize("size", SIZES)
def test_table_with_computers(snap_compare: Any, size: tuple[int, int]) -> None:
    # Bruno (a computer) holds 5 and thinks; a long pace keeps the screen still.
    app = app_for(SIDE5_DEALT, shoe=SIDE5, kinds=COMPUTERS, pace=10.0)
    assert snap_compare(app, terminal_size=size)


def test_watching_computers_only(snap_compare: Any) -> None:
    kinds = {"Ana": "bold", **COMPUTERS}
    app = app_for(READY_FOUR, kinds=kinds, pace=10.0)
    assert snap_compare(app, terminal_size=(80, 24))


def test_banker_advice_in_the_private_view(snap_compare: Any) -> None:
    app = app_for(WORKED_ACTS[:7], people=THREE, shoe=WORKED, kinds={"Bruno": "bold"})
    assert snap_compare(app, press=["enter", "enter", "a"], terminal_size=(80, 24))


def test_large_terminal(snap_compare: Any) -> None:
    # 160×48: huge cards, every seat's room, a wide road that counts each side.
    assert snap_compare(
        app_for(WORKED_ACTS[:8], people=THREE, shoe=WORKED), terminal_size=(160, 48)
    )


def test_log_after_a_resize(snap_compare: Any) -> None:
    # Played at 120×40, then shrunk to 80×24: the log wraps again, on its latest line.
    async def shrink(pilot: Any) -> None:
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()

    app = app_for(WORKED_ACTS[:8], people=THREE, shoe=WORKED)
    assert snap_compare(app, terminal_size=(120, 40), run_before=shrink)


def test_ascii_fallback(snap_compare: Any) -> None:
    # A terminal without UTF-8: ASCII suits, card frames and borders (the driver
    # then writes the few remaining glyphs, such as ·, as ASCII too).
    app = app_for(WORKED_ACTS[:8], people=THREE, shoe=WORKED, plain_output=True)
    assert snap_compare(app, terminal_size=(80, 24))


# ------------------------------------------------------------------ in French and in Spanish
# The main phases in each language: the longer words must fit the layout (the
# language is installed before the app is made, English restored after).

LANGS = [pytest.param("fr", id="fr"), pytest.param("es", id="es")]


@pytest.fixture
def _english_afterwards() -> Iterator[None]:
    """A test in another language; the next test starts in English again."""
    yield
    i18n.install("en")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.usefixtures("_english_afterwards")
def test_setup_in(snap_compare: Any, lang: str, size: tuple[int, int]) -> None:
    i18n.install(lang)
    assert snap_compare(app_for(None), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.usefixtures("_english_afterwards")
def test_betting_with_a_refusal_in(snap_compare: Any, lang: str, size: tuple[int, int]) -> None:
    i18n.install(lang)
    acts = [*READY_FOUR, {"act": "wager", "who": "Bruno", "amount": 4, "a_cheval": True}]
    assert snap_compare(
        app_for(acts), press=["end", "ctrl+u", "5", "0", "0", "enter"], terminal_size=size
    )


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.usefixtures("_english_afterwards")
def test_decision_of_a_side_at_five_in(snap_compare: Any, lang: str, size: tuple[int, int]) -> None:
    i18n.install(lang)
    acts = [
        *READY_FOUR,
        {"act": "wager", "who": "Bruno", "amount": 5},
        {"act": "pass", "who": "David"},
        {"act": "wager", "who": "Chloé", "amount": 3},
        {"act": "deal"},
    ]
    assert snap_compare(app_for(acts, people=FOUR, shoe=SIDE5), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.usefixtures("_english_afterwards")
def test_settlement_in(snap_compare: Any, lang: str, size: tuple[int, int]) -> None:
    i18n.install(lang)
    app = app_for(WORKED_ACTS[:8], people=THREE, shoe=WORKED)
    assert snap_compare(app, terminal_size=size)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.usefixtures("_english_afterwards")
def test_help_in(snap_compare: Any, lang: str) -> None:
    i18n.install(lang)
    assert snap_compare(app_for(None), press=["f1"], terminal_size=(80, 24))


# ------------------------------------------------------------------ the two-hand games, in French and Spanish
# One main phase of each: punto banco after a coup (1 on the banker, 5 on the
# player), chemin de fer at the banker's choice (the punters' pair hidden).

PUNTO_SHOE = ["2C", "4H", "3D", "KS", "8S", "9C", "7D", "KH", "QC"]
CHEMIN_SHOE = ["2C", "3D", "3H", "4S", "9C", "KD", "QS", "JH", "TC", "9H"]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.usefixtures("_english_afterwards")
def test_punto_banco_after_a_coup_in(snap_compare: Any, lang: str, size: tuple[int, int]) -> None:
    from banque.games.punto_banco.game import PuntoGame
    from banque.table.punto_app import punto_table_app

    i18n.install(lang)
    app = punto_table_app(PuntoGame(["Ana"], seed=7, shoe=PUNTO_SHOE), ["Ana"])
    app.animation_level = "none"
    assert snap_compare(app, press=["b", "plus", "p", "enter"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.usefixtures("_english_afterwards")
def test_chemin_de_fer_banker_choice_in(
    snap_compare: Any, lang: str, size: tuple[int, int]
) -> None:
    from banque.games.chemin_de_fer.game import CheminGame
    from banque.table.chemin_app import chemin_table_app

    i18n.install(lang)
    game = CheminGame(["Ana", "Bruno", "Chloé"], seed=1, shoe=CHEMIN_SHOE)
    app = chemin_table_app(game, ["Ana"], {"Bruno": "cautious", "Chloé": "cautious"}, pace=0)
    app.animation_level = "none"

    async def run_before(pilot: Any) -> None:
        await pilot.press("1", "5", "enter")  # a bank of 15
        for _ in range(10):
            await pilot.pause()
        await pilot.press("enter")  # dealt: the banker's choice
        for _ in range(10):
            await pilot.pause()
        await pilot.press("a")  # the advice, in words

    assert snap_compare(app, run_before=run_before, terminal_size=size)
