"""The screen tells no secret: a forced move looks like a choice to everyone else.

With ``forced_moves="announced"`` (the table's default) every side's active
player states its move, whatever it holds: the prompt, the log, the public
view and the other seats' observations are the same whether the side was
forced (0–4, 6–7) or chose (5).  A refusal that names a concealed total is
for the holder's private view only; Escape followed at once by another key
closes a private view; a seat that can only pass is told so.

Shoes are stacked (deal order: right, left, banker, twice; then third cards).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from textual.widgets import Static

from banque.core.errors import IllegalAction
from banque.core.models import Stand
from banque.core.record import dump_record, parse_record
from banque.games.banque.game import Game
from banque.games.banque.players import ComputerPlayer, play_step
from banque.games.records import record_of, replay
from banque.session.session import Session
from banque.table.app import BanqueApp
from banque.table.screens import CurtainScreen, PrivateScreen, TableScreen
from banque.table.screens.private import escape_burst
from banque.table.testing import screen_text

THREE = ["Ana", "Bruno", "Chloé"]
#: Right 2♠ A♥ = 3 (must draw), left 4♣ 3♣ = 7 (must stand), bank K♦ 3♦ = 3;
#: then 9♦ (the right's third card) and 8♥ (the banker's).
FORCED = ["2S", "4C", "KD", "AH", "3C", "3D", "9D", "8H"]
#: The same coup but the right holds 2♠ 3♥ = 5: a choice.
CHOICE = ["2S", "4C", "KD", "3H", "3C", "3D", "9D", "8H"]


def seated(shoe: list[str], forced_moves: str = "announced") -> Game:
    g = Game(THREE, seed=7, shoe=shoe, forced_moves=forced_moves)  # type: ignore[arg-type]
    g.bid("Ana", 10)
    g.pass_bid("Bruno")
    g.pass_bid("Chloé")
    g.wager("Bruno", 5)
    g.wager("Chloé", 3)
    return g


def public(g: Game, events: list[Any]) -> tuple[object, ...]:
    """Everything someone who is not the right side's decider may know."""
    return (
        g.phase,
        g.turn(),
        g.view(None),
        g.view("Ana"),
        g.view("Chloé"),
        g.observe("Ana"),
        g.observe("Chloé"),
        [e.text for e in events],
        [(e.kind, e.text) for e in g.log],
        len(g.actions),
    )


# ---------------------------------------------------------------- the engine


def test_a_forced_draw_and_a_chosen_draw_look_the_same() -> None:
    forced, choice = seated(FORCED), seated(CHOICE)
    ev_f, ev_c = forced.deal(), choice.deal()
    assert forced.phase == choice.phase == "right"  # the forced side is asked too
    assert public(forced, ev_f) == public(choice, ev_c)
    assert forced.turn().acts == choice.turn().acts == ["draw", "stand"]
    assert "carte" in forced.turn().prompt and "Bruno" in forced.turn().prompt
    # Only the decider's own observation may narrow the acts down.
    assert forced.observe("Bruno").acts == ("draw",)
    assert choice.observe("Bruno").acts == ("draw", "stand")
    ev_f, ev_c = forced.draw("right"), choice.draw("right")
    assert [e.text for e in ev_f] == ["The right side (Bruno) says carte: draws 9♦ face up."]
    assert public(forced, ev_f) == public(choice, ev_c)
    assert forced.phase == "left" and forced.observe("Chloé").acts == ("stand",)
    ev_f, ev_c = forced.stand("left"), choice.stand("left")
    assert [e.text for e in ev_f] == ["The left side (Chloé) says non: stands."]
    assert public(forced, ev_f) == public(choice, ev_c)
    assert forced.phase == "banker"
    # The record keeps every stated move, forced or not.
    assert [a.act for a in forced.actions][-3:] == ["deal", "draw", "stand"]


def test_a_wrong_forced_move_is_refused_for_the_holder_and_changes_nothing() -> None:
    g = seated(FORCED)
    g.deal()
    before = g.report()
    with pytest.raises(IllegalAction) as info:
        g.stand("right")
    assert info.value.rule == "forced"  # names a concealed total: the app keeps it private
    assert "holds 3" in info.value.message and "must draw" in info.value.message
    assert g.report() == before and not g.can_stand("right") and g.can_draw("right")
    g.draw("right")
    with pytest.raises(IllegalAction) as info:
        g.draw("left")
    assert info.value.rule == "forced" and "holds 7" in info.value.message
    with pytest.raises(IllegalAction) as info:
        g.draw("banker")  # not the banker's turn yet: a turn refusal, no total named
    assert info.value.rule == "turn"


def test_automatic_forced_moves_are_as_before() -> None:
    g = seated(FORCED, "automatic")
    events = g.deal()
    assert g.phase == "banker"  # both forced moves made at once
    assert "Right (Bruno) draws: 9♦ face up." in [e.text for e in events]
    assert "Left (Chloé) stands." in [e.text for e in events]
    assert [a.act for a in g.actions][-1] == "deal"


def test_an_announced_game_replays_exactly_from_its_record() -> None:
    g = seated(FORCED)
    g.deal()
    g.draw("right")
    g.stand("left")
    g.draw("banker")
    record = parse_record(json.loads(dump_record(record_of(g))))
    assert record.forced_moves == "announced"
    again = replay(record)
    assert again.error is None
    assert again.game.report() == g.report()
    assert [e.text for e in again.events] == [e.text for e in g.log]


def test_a_record_that_states_a_wrong_forced_move_keeps_the_total_off_the_table() -> None:
    g = seated(FORCED)
    g.deal()
    record = record_of(g)
    bad = record.model_copy(update={"actions": [*record.actions, Stand(side="right")]})
    result = replay(bad)
    assert result.error is not None and result.error.rule == "forced"
    session = Session.from_replay(result)
    assert session.notice is not None
    notice = str(session.notice)  # a message, told where shown (here in English)
    assert "holds" not in notice and "3" not in notice.replace("act 9", "")


def test_the_bankers_advisor_reads_announced_moves_as_automatic_ones() -> None:
    from banque.games.banque.players import banker_advice

    announced, automatic = seated(FORCED), seated(FORCED, "automatic")
    announced.deal()
    announced.draw("right")
    announced.stand("left")
    automatic.deal()
    assert announced.phase == automatic.phase == "banker"
    assert banker_advice(announced.observe("Ana")) == banker_advice(automatic.observe("Ana"))


def test_computers_play_announced_games_to_the_end() -> None:
    g = Game(THREE, seed=3, forced_moves="announced")
    players = {n: ComputerPlayer(n, "bold", g.rng_for(n)) for n in THREE}
    for _ in range(3000):
        if g.phase == "ended" or not play_step(g, players):
            break
    assert g.coups, "coups were played"
    moves = [a for a in g.actions if a.act in ("draw", "stand") and a.side != "banker"]
    assert len(moves) >= len([c for c in g.coups if not c.natural])  # every side spoke
    assert g.total_chips() == 100 * len(THREE)
    again = replay(parse_record(json.loads(dump_record(record_of(g)))))
    assert again.error is None and again.game.report() == g.report()


def test_a_seat_that_can_only_pass_is_told_why() -> None:
    g = Game(THREE, seed=7, shoe=FORCED)
    g.bid("Ana", 10)
    g.pass_bid("Bruno")
    g.pass_bid("Chloé")
    g.wager("Bruno", 10)  # the whole fund: the bank is covered
    prompt = g.turn().prompt
    assert prompt == "Coup 1, fund 10: Chloé can only pass: the bank is covered."
    assert "to  or" not in prompt


# ---------------------------------------------------------------- the table


def table_app(shoe: list[str], **options: Any) -> BanqueApp:
    options.setdefault("kinds", ["human"] * 3)
    options.setdefault("pace", 0.0)
    app = BanqueApp(
        participants=THREE,
        seed=7,
        shoe=shoe,
        blink=False,
        toast_seconds=60.0,
        **options,
    )
    app.animation_level = "none"
    return app


async def to_the_deal(pilot: Any) -> None:
    """Setup, Ana banks 10, seating, shuffle, Bruno stakes 5, Chloé 3, the deal."""
    await pilot.press("enter")  # setup
    await pilot.press("end", "ctrl+u", "1", "0", "enter")  # Ana bids 10
    await pilot.press("enter", "p")  # Bruno and Chloé pass
    await pilot.press("enter", "enter")  # seating, shuffle and cut
    await pilot.press("end", "ctrl+u", "5", "enter")
    await pilot.press("end", "ctrl+u", "3", "enter")
    await pilot.press("enter")  # deal
    await pilot.pause()


def seen_by_others(app: BanqueApp) -> tuple[object, ...]:
    assert app.session is not None
    g = app.session.game
    return (
        screen_text(app),
        [e.text for e in app.session.messages],
        app.session.board(None),
        g.observe("Ana"),
        g.observe("Chloé"),  # the left side: the same cards in both games
    )


@pytest.mark.pilot
async def test_forced_and_chosen_moves_give_identical_public_screens_logs_observations() -> None:
    forced, choice = table_app(FORCED), table_app(CHOICE)
    async with (
        forced.run_test(size=(100, 30), notifications=True) as pf,
        choice.run_test(size=(100, 30), notifications=True) as pc,
    ):
        await to_the_deal(pf)
        await to_the_deal(pc)
        assert forced.session is not None and choice.session is not None
        assert forced.session.game.phase == choice.session.game.phase == "right"
        assert isinstance(forced.screen, TableScreen)
        assert seen_by_others(forced) == seen_by_others(choice)
        assert "carte" in screen_text(forced)
        # The hand-off: the same curtain for both.
        await pf.press("enter")
        await pc.press("enter")
        await pf.pause()
        await pc.pause()
        assert isinstance(forced.screen, CurtainScreen)
        assert screen_text(forced) == screen_text(choice)
        await pf.press("enter")
        await pc.press("enter")
        await pf.pause()
        await pc.pause()
        assert isinstance(forced.screen, PrivateScreen)
        assert isinstance(choice.screen, PrivateScreen)
        # Private: the forced side is offered only its legal key; Enter takes it.
        assert "must draw" in screen_text(forced) and "Enter" in screen_text(forced)
        assert not forced.screen.query_one("#stand").display
        assert choice.screen.query_one("#stand").display
        await pf.press("enter")
        await pc.press("d")
        await pf.pause()
        await pc.pause()
        assert isinstance(forced.screen, TableScreen) and isinstance(choice.screen, TableScreen)
        assert forced.session.game.phase == "left"
        assert seen_by_others(forced) == seen_by_others(choice)
        # The left side stands (7) through its own curtain and view, in both games.
        for pilot in (pf, pc):
            await pilot.press("enter", "enter")
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
        assert forced.session.game.phase == choice.session.game.phase == "banker"
        assert seen_by_others(forced) == seen_by_others(choice)
        log = "\n".join(e.text for e in forced.session.messages)
        assert "The right side (Bruno) says carte: draws 9♦ face up." in log
        assert "The left side (Chloé) says non: stands." in log


@pytest.mark.pilot
async def test_enter_at_5_takes_no_move_and_reminds_in_private() -> None:
    app = table_app(CHOICE)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await to_the_deal(pilot)
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert isinstance(app.screen, PrivateScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert app.session is not None and app.session.game.phase == "right"
        assert isinstance(app.screen, PrivateScreen)
        message = str(app.screen.query_one("#private-message", Static).render())
        assert "d says carte" in message and "s says non" in message
        await pilot.press("s")
        await pilot.pause()
        assert app.session.game.moves["right"] == "stand"


@pytest.mark.pilot
async def test_a_refusal_naming_a_total_stays_in_the_private_view() -> None:
    app = table_app(FORCED)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await to_the_deal(pilot)
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert isinstance(app.screen, PrivateScreen)
        await pilot.press("s")  # at 3 a side must draw
        await pilot.pause()
        assert isinstance(app.screen, PrivateScreen)  # refused: still Bruno's to say
        message = str(app.screen.query_one("#private-message", Static).render())
        assert "holds 3" in message
        assert app.session is not None and app.session.game.moves["right"] is None
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        text = screen_text(app)  # toasts included
        log = "\n".join(e.text for e in app.session.messages)
        assert "holds 3" not in text and "holds 3" not in log and "must draw" not in text
        # Should a table act be refused for a concealed total, the words stay generic.
        table = app.screen
        table.act(lambda: app.session.perform(Stand(side="right")))  # type: ignore[union-attr]
        await pilot.pause()
        text = screen_text(app)
        assert "holds 3" not in text and "private view says why" in text


@pytest.mark.pilot
async def test_a_computer_side_takes_the_same_pace_for_a_forced_move() -> None:
    seen: list[tuple[str, str]] = []
    for shoe in (FORCED, CHOICE):
        record = record_of(seated(shoe))  # announced, stakes taken: Ana deals next
        app = BanqueApp(record, kinds={"Bruno": "cautious"}, pace=5.0, blink=False)
        app.animation_level = "none"
        async with app.run_test(size=(100, 30)) as pilot:
            session = app.session
            assert session is not None and session.game.forced_moves == "announced"
            await pilot.press("enter")  # Ana deals
            await pilot.pause()
            # Not played at once: the computer "thinks" at the table's pace.
            assert session.game.phase == "right"
            assert session.computer_to_move() == "Bruno"
            hint = str(app.screen.query_one("#hint", Static).render())
            seen.append((hint, session.prompt()))
    assert seen[0] == seen[1] and "thinking" in seen[0][0]


# ---------------------------------------------------------------- Escape + key


@pytest.mark.parametrize(
    ("key", "then"),
    [
        ("alt+2", "2"),
        ("trade_mark_sign", "2"),
        ("ª", "9"),
        ("º", "0"),
        ("alt+v", "v"),
        ("alt+shift+d", "D"),
        ("en_dash", "minus"),
    ],
)
def test_escape_and_a_key_at_once_are_read_as_both(key: str, then: str) -> None:
    from textual import events

    assert escape_burst(events.Key(key, None)) == then
    assert escape_burst(events.Key("d", "d")) is None


async def open_view(pilot: Any, app: BanqueApp, key: str = "1") -> None:
    await pilot.press(key, "enter")
    await pilot.pause()
    assert isinstance(app.screen, PrivateScreen)


@pytest.mark.pilot
@pytest.mark.parametrize("burst", ["alt+2", "trade_mark_sign"])
async def test_escape_burst_closes_the_private_view_and_the_key_acts_on_the_table(
    burst: str,
) -> None:
    app = table_app(FORCED)
    async with app.run_test(size=(100, 30)) as pilot:
        await to_the_deal(pilot)
        await open_view(pilot, app, "1")  # Ana's view (the banker)
        await pilot.press(burst)  # what "Escape 2" typed fast becomes over SSH
        await pilot.pause()
        await pilot.pause()
        # Ana's view is closed; "2" opened Bruno's curtain on the table.
        assert isinstance(app.screen, CurtainScreen) and app.screen.who == "Bruno"
        assert not any(isinstance(s, PrivateScreen) for s in app.screen_stack)


@pytest.mark.pilot
async def test_escape_then_a_key_at_once_never_leaves_a_view_open() -> None:
    app = table_app(FORCED)
    async with app.run_test(size=(100, 30)) as pilot:
        await to_the_deal(pilot)
        await open_view(pilot, app, "3")  # Chloé's view
        await pilot.press("escape", "2")  # at once
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen) and app.screen.who == "Bruno"
        await pilot.press("alt+x")  # Escape at the curtain, then a key: back to the table
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await open_view(pilot, app, "3")
        await pilot.press("alt+shift+d")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.session is not None and app.session.game.phase == "right"


# ---------------------------------------------------------------- the option


@pytest.mark.pilot
async def test_setup_moves_row_chooses_automatic_forced_moves() -> None:
    app = BanqueApp(participants=THREE, kinds=["human"] * 3, seed=7, shoe=FORCED, blink=False)
    app.animation_level = "none"
    assert app.forced_moves == "announced"  # the table's default
    async with app.run_test(size=(100, 30)) as pilot:
        # from the first name up past the table option (the last row) and Game to Moves
        await pilot.press("up", "up", "up")
        await pilot.pause()
        assert app.screen.focused_cell() == "forced"
        await pilot.press("space")
        await pilot.pause()
        assert "automatic" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert app.session is not None
        assert app.session.game.forced_moves == "automatic"
        assert record_of(app.session.game).forced_moves == "automatic"


@pytest.mark.pilot
async def test_a_game_from_a_record_keeps_the_records_way() -> None:
    record = record_of(seated(FORCED, "automatic"))
    app = BanqueApp(record, kinds=["human"] * 3, blink=False, pace=0.0)
    async with app.run_test(size=(100, 30)) as pilot:
        assert app.session is not None and app.session.game.forced_moves == "automatic"
        await pilot.press("enter")  # deal: both forced moves at once
        await pilot.pause()
        assert app.session.game.phase == "banker"


def test_the_command_line_chooses_the_way() -> None:
    from banque.cli import build_parser

    parser = build_parser()
    # unset means the default ("announced"), and that a resumed game keeps its own
    assert parser.parse_args([]).forced_moves is None
    assert parser.parse_args(["--forced-moves", "automatic"]).forced_moves == "automatic"
    with pytest.raises(SystemExit):
        parser.parse_args(["--forced-moves", "sometimes"])
