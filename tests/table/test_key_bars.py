"""Key bars fit the terminal in every language: keys drawn whole, help and quit always
there (issue 21: French cut at "^s Enregistr", "F1 Help" dropped during the seating);
notices never hide the bank band."""

from __future__ import annotations

import pytest
from textual.widgets._toast import Toast

from banque import i18n
from banque.i18n import retranslate
from banque.table.testing import AUCTION_10, READY_10, THREE, make_record, table_app
from banque.table.widgets.bars import KeyBar

pytestmark = pytest.mark.pilot

DEALING = [
    *READY_10,
    {"act": "wager", "who": "Bruno", "amount": 5},
    {"act": "wager", "who": "Chloé", "amount": 3},
]
STAGES = {
    "seating": AUCTION_10,
    "betting": READY_10,
    "dealing": DEALING,
    "settlement": [*DEALING, {"act": "deal"}],
}
#: Right 9♠ K♥ is a natural 9: the coup settles at once.
NATURAL = ["9S", "2C", "3D", "KH", "4C", "2H"]


@pytest.fixture
def _english_afterwards() -> object:
    yield
    i18n.install("en")


@pytest.mark.usefixtures("_english_afterwards")
@pytest.mark.parametrize("width", [80, 100])
@pytest.mark.parametrize("lang", ["en", "fr", "es"])
@pytest.mark.parametrize("stage", sorted(STAGES))
async def test_the_key_bar_keeps_help_and_quit_and_cuts_no_key(
    lang: str, width: int, stage: str
) -> None:
    i18n.install(lang)
    app = table_app(record=make_record(THREE, STAGES[stage], shoe=NATURAL), journal=False)
    async with app.run_test(size=(width, 24)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        keys = str(bar.render()).split("▏")[0].rstrip()
        assert "F1 " + retranslate("Help") in keys
        assert "^q " + retranslate("Quit") in keys
        words = {
            retranslate(b.description)
            for _node, b, _on, _tip in app.screen.active_bindings.values()
            if b.show and b.description
        }
        assert any(keys.endswith(" " + word) for word in words), keys  # the last key whole


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (160, 48)])
async def test_a_notice_never_hides_the_bank_band(size: tuple[int, int]) -> None:
    """A notice (a toast) on the table sits within the right tableau: the bank band in
    the middle stays whole (issue 21: "Game resumed from …" covered it at 80×24)."""
    app = table_app(record=make_record(THREE, READY_10, shoe=NATURAL), journal=False)
    async with app.run_test(size=size, notifications=True) as pilot:
        app.notify(
            "Game resumed from /home/someone/.local/share/banque/games/"
            "banque-20261206-021500.jsonl."
        )
        await pilot.pause()
        await pilot.pause()
        bank = app.screen.query_one("#bank").region
        toasts = list(app.screen.query(Toast))
        assert toasts
        for toast in toasts:
            assert not toast.region.overlaps(bank), (toast.region, bank)
