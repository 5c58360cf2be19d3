"""The engine's words are message ids with parameters, told in the player's language."""

from __future__ import annotations

import ast
import importlib.util
import json
import random
import string
from pathlib import Path

import pytest

from banque import i18n
from banque.core.errors import IllegalAction
from banque.core.messages import (
    ENGLISH,
    N_,
    Msg,
    Nn_,
    Translator,
    chips,
    tell,
    tell_error,
    tell_event,
)
from banque.games.banque.game import Event, Game

PACKAGE = Path(__file__).resolve().parents[2] / "banque"
CONVERTED = [
    PACKAGE / "games" / "banque" / "game.py",
    PACKAGE / "games" / "banque" / "views.py",
    PACKAGE / "games" / "banque" / "narration.py",
    PACKAGE / "games" / "banque" / "refusals.py",
    PACKAGE / "session" / "session.py",
    PACKAGE / "games" / "banque" / "acts.py",
    PACKAGE / "session" / "port.py",
]

#: A tiny French table: enough to see a refusal and an event told in French.
FRENCH = {
    "{who} bids {amount} for the bank.": "{who} mise {amount} pour la banque.",
    "{who} passes.": "{who} passe.",
    "{banker} holds bank {bank} with a fund of {fund}.": (
        "{banker} tient la banque {bank} avec un fonds de {fund}."
    ),
    "{who} has {chips}: a bid puts your own chips at risk, so it cannot exceed your "
    "balance (bid 1 to {most}).": "{who} a {chips} : une mise ne dépasse pas le solde "
    "(de 1 à {most}).",
    "{side} is not a hand: say right, left or banker.": "{side} n'est pas un tableau.",
    "It is not the {side}'s turn: the right side decides first, then the left, then the "
    "banker. {prompt}": "Ce n'est pas au tour du tableau de {side}. {prompt}",
    "The {side} side ({who}) looks at its cards and says carte (draw) or non (stand).": (
        "Le tableau de {side} ({who}) regarde ses cartes et dit carte ou non."
    ),
    "The bank of {size} is offered to {first}: take it or pass.": (
        "La banque de {size} est offerte à {first} : la prendre ou passer."
    ),
    "Coup {coup}, fund {fund}: {who} to call banco ({fund}) or pass.": (
        "Coup {coup}, fonds {fund} : {who} fait banco ({fund}) ou passe."
    ),
    "right": "droite",
    "left": "gauche",
    "{names} and {last}": "{names} et {last}",
}
FRENCH_PLURALS = {("{n} chip", "{n} chips"): ("{n} jeton", "{n} jetons")}


def _fr_ngettext(singular: str, plural: str, n: int) -> str:
    one, many = FRENCH_PLURALS.get((singular, plural), (singular, plural))
    return one if n <= 1 else many  # French: 0 and 1 are singular


FR = Translator(lambda s: FRENCH.get(s, s), _fr_ngettext)


def _upper(text: str) -> str:
    """Upper case outside the ``{fields}`` (a fake language that keeps its placeholders)."""
    return "".join(
        lit.upper()
        + ("{" + field + (f":{spec}" if spec else "") + "}" if field is not None else "")
        for lit, field, spec, _conv in string.Formatter().parse(text)
    )


UPPER = Translator(_upper, lambda s, p, n: _upper(s if n == 1 else p))


def _game() -> Game:
    g = Game(["Ana", "Bruno", "Chloé"], seed=7)
    g.bid("Ana", 10)
    g.pass_bid("Bruno")
    g.pass_bid("Chloé")
    return g


# ------------------------------------------------------------ English as before


def test_str_is_the_english_text() -> None:
    m = Msg(N_("{who} bids {amount} for the bank."), who="Ana", amount=chips(1))
    assert str(m) == "Ana bids 1 chip for the bank."
    assert str(chips(0)) == "0 chips" and str(chips(2)) == "2 chips"
    assert (
        str(Msg(N_("No {braces} told without parameters"))) == "No {braces} told without parameters"
    )


def test_refusals_keep_their_english_words() -> None:
    g = Game(["Ana", "Bruno", "Chloé"], seed=7)
    with pytest.raises(IllegalAction) as info:
        g.verify_bid("Ana", 500)
    text = (
        "Ana has 100 chips: a bid puts your own chips at risk, so it cannot exceed your "
        "balance (bid 1 to 100)."
    )
    assert info.value.message == text and str(info.value) == text
    assert isinstance(info.value.msg, Msg) and info.value.rule == "bid"
    with pytest.raises(IllegalAction) as info:
        g.verify_bid("Zoé", 5)
    assert info.value.message.endswith("sits at this table (participants: Ana, Bruno and Chloé).")
    assert tell_error(info.value, FR).endswith("(participants: Ana, Bruno et Chloé).")


def test_a_plain_string_is_still_a_refusal() -> None:
    exc = IllegalAction("Not yet made of message ids.", "rule")
    assert exc.message == "Not yet made of message ids." and str(exc.msg) == exc.message
    assert tell_error(exc, UPPER) == "NOT YET MADE OF MESSAGE IDS."


def test_events_keep_their_english_text_and_carry_their_message() -> None:
    g = Game(["Ana", "Bruno", "Chloé"], seed=7)
    (ev,) = g.bid("Ana", 1)
    assert ev.text == "Ana bids 1 chip for the bank." and ev.code == "bid"
    assert ev.params == {"who": "Ana", "amount": 1}
    assert ev.msg is not None and str(ev.msg) == ev.text
    for ev in _played():
        assert ev.msg is not None, ev
        assert str(ev.msg) == ev.text


def _played() -> list[Event]:
    """The events of random legal games under each profile (every kind of event)."""
    spec = importlib.util.spec_from_file_location(
        "profile_play",
        Path(__file__).resolve().parents[1] / "games" / "banque" / "test_profile_properties.py",
    )
    assert spec is not None and spec.loader is not None
    play = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(play)  # the profiles' random legal play (one step at a time)
    step, names = play.step, play.NAMES

    events: list[Event] = []
    for rules in ("home", "classic", "hoyle"):
        for seed in range(3):
            moves = "announced" if seed == 2 else "automatic"
            g = Game(names[:5], seed=seed, rules=rules, forced_moves=moves)  # type: ignore[arg-type]
            rnd = random.Random(seed)
            for _ in range(400):
                step(g, rnd)
            events += g.log
    return events


# ------------------------------------------------------------ told in another language


def test_a_refusal_is_told_through_the_translator_with_its_parameters() -> None:
    g = Game(["Ana", "Bruno", "Chloé"], seed=7)
    with pytest.raises(IllegalAction) as info:
        g.verify_bid("Ana", 500)
    assert (
        tell_error(info.value, FR)
        == "Ana a 100 jetons : une mise ne dépasse pas le solde (de 1 à 100)."
    )
    assert (
        tell(info.value.msg, UPPER)
        == "Ana HAS 100 CHIPS: A BID PUTS YOUR OWN CHIPS AT RISK, SO IT CANNOT EXCEED YOUR BALANCE (BID 1 TO 100)."
    )


def test_an_event_is_told_through_the_translator_chips_plural_too() -> None:
    g = Game(["Ana", "Bruno", "Chloé"], seed=7)
    (one,) = g.bid("Ana", 1)
    assert tell_event(one, FR) == "Ana mise 1 jeton pour la banque."
    events = g.pass_bid("Bruno") + g.pass_bid("Chloé")
    assert [tell_event(ev, FR) for ev in events] == [
        "Bruno passe.",
        "Chloé passe.",
        "Ana tient la banque 1 avec un fonds de 1 jeton.",
    ]
    g2 = Game(["Ana", "Bruno", "Chloé"], seed=7)
    (ten,) = g2.bid("Ana", 10)
    assert tell_event(ten, FR) == "Ana mise 10 jetons pour la banque."


def test_words_inside_a_message_are_told_in_the_same_language() -> None:
    shoe = ["9C", "7H", "2S", "4C", "6D", "3C", "4D", "2H"]
    g = Game(["Ana", "Bruno", "Chloé"], seed=7, shoe=shoe, forced_moves="announced")
    g.bid("Ana", 10)
    g.pass_bid("Bruno")
    g.pass_bid("Chloé")
    g.wager("Bruno", 5)
    g.wager("Chloé", 3)
    g.deal()
    assert g.phase == "right"
    with pytest.raises(IllegalAction) as info:
        g.verify_move("left", True)
    assert info.value.message.startswith("It is not the left's turn: the right side decides")
    # The prompt inside the refusal is told in the same language too.
    assert tell_error(info.value, FR) == (
        "Ce n'est pas au tour du tableau de gauche. "
        "Le tableau de droite (Bruno) regarde ses cartes et dit carte ou non."
    )
    assert g.turn().prompt == (
        "The right side (Bruno) looks at its cards and says carte (draw) or non (stand)."
    )


def test_the_turn_prompt_is_a_message_told_in_the_players_language() -> None:
    g = Game(["Ana", "Bruno", "Chloé"], seed=7, shoe=["9C", "7H", "2S", "4C", "6D", "3C"])
    g.bid("Ana", 10)
    g.pass_bid("Bruno")
    g.pass_bid("Chloé")
    first = g.turn().actors[0]
    g.banco(first)
    turn = g.turn()
    other = turn.actors[0]
    assert isinstance(turn.prompt_msg, Msg)
    assert turn.prompt == f"Coup 1, fund 10: {other} to call banco (10) or pass."
    assert str(turn.prompt_msg) == turn.prompt  # English: the same words as before
    assert tell(turn.prompt_msg, FR) == f"Coup 1, fonds 10 : {other} fait banco (10) ou passe."
    assert "prompt_msg" not in turn.model_dump()  # records and JSON keep their fields


def test_every_turn_prompt_is_a_message_whose_english_is_the_prompt() -> None:
    """Under each profile, every prompt met in play: a Msg, its English the prompt, JSON-safe."""
    spec = importlib.util.spec_from_file_location(
        "profile_play",
        Path(__file__).resolve().parents[1] / "games" / "banque" / "test_profile_properties.py",
    )
    assert spec is not None and spec.loader is not None
    play = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(play)
    templates = set()
    for rules in ("home", "classic", "hoyle"):
        for seed in range(2):
            moves = "announced" if seed else "automatic"
            g = Game(play.NAMES[:5], seed=seed, rules=rules, forced_moves=moves)  # type: ignore[arg-type]
            rnd = random.Random(seed)
            for _ in range(300):
                turn = g.turn()
                msg = turn.prompt_msg
                assert isinstance(msg, Msg) and str(msg) == turn.prompt
                back = Msg.from_data(json.loads(json.dumps(msg.to_data())))
                assert back.tell(UPPER) == msg.tell(UPPER)
                templates.add(msg.template)
                play.step(g, rnd)
    assert len(templates) >= 6


def test_the_english_translator_changes_nothing() -> None:
    for ev in _played():
        assert ev.msg is not None and ev.msg.tell(ENGLISH) == ev.text


def test_a_message_travels_as_json_and_is_told_the_same() -> None:
    for ev in _played():
        assert ev.msg is not None
        data = json.loads(json.dumps(ev.msg.to_data()))
        back = Msg.from_data(data)
        assert back == ev.msg
        assert back.tell(UPPER) == ev.msg.tell(UPPER)
        assert str(back) == ev.text


def test_a_faulty_translation_falls_back_to_english() -> None:
    m = Msg(N_("{who} passes."), who="Ana")
    assert m.tell(Translator(lambda s: "{qui} passe.", ENGLISH.ngettext)) == "Ana passes."


def test_a_plural_message_chooses_its_form() -> None:
    forms = Nn_("{banker} burns {n} card.", "{banker} burns {n} cards.")
    assert str(Msg.plural(forms, 1, banker="Ana")) == "Ana burns 1 card."
    assert str(Msg.plural(forms, 3, banker="Ana")) == "Ana burns 3 cards."
    assert Msg.plural(forms, 3, banker="Ana").tell(UPPER) == "Ana BURNS 3 CARDS."


def test_the_app_tells_through_i18n(monkeypatch: pytest.MonkeyPatch) -> None:
    """The screens' one way (messages.tell) follows the language i18n has chosen."""
    # (imported before the patch: a module imported under it would keep the patched _)
    from banque.table.widgets.log import event_text

    monkeypatch.setattr(i18n, "_", _upper)
    g = Game(["Ana", "Bruno", "Chloé"], seed=7)
    (ev,) = g.bid("Ana", 1)
    assert tell_event(ev) == "Ana BIDS 1 chip FOR THE BANK."  # chips through i18n.ngettext
    assert event_text(ev, ascii_suits=False).plain == "Ana BIDS 1 chip FOR THE BANK."


# ------------------------------------------------------------ the sources


def _calls(tree: ast.AST, name: str) -> list[ast.Call]:
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            f = node.func
            fname = (
                f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            )
            if fname == name:
                out.append(node)
    return out


def _built_text(node: ast.AST) -> bool:
    """Whether ``node`` builds a sentence: an f-string, ``+`` on strings, ``.format``, a literal."""
    for sub in ast.walk(node):
        if (
            isinstance(sub, ast.Call)
            and isinstance(sub.func, ast.Name)
            and sub.func.id
            in (
                "Msg",
                "N_",
                "Nn_",
            )
        ):
            continue
        if isinstance(sub, ast.JoinedStr):
            return True
        if (
            isinstance(sub, ast.Call)
            and isinstance(sub.func, ast.Attribute)
            and sub.func.attr == "format"
        ):
            return True
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return True
    return isinstance(node, ast.BinOp)


@pytest.mark.parametrize("path", CONVERTED, ids=lambda p: p.name)
def test_refusals_and_events_are_never_built_sentences(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    refusals = _calls(tree, "IllegalAction")
    # game.py states facts: its refusals' words are refusals.py's, its events' narration.py's
    # (views.py refuses nothing itself)
    assert refusals or path.name in ("game.py", "views.py", "narration.py")
    for call in refusals:
        assert call.args, ast.unparse(call)
        assert not _built_text(call.args[0]), (
            f"{path.name}:{call.lineno}: {ast.unparse(call.args[0])[:80]}"
        )
    for call in _calls(tree, "_event"):
        if len(call.args) < 2:
            continue
        msg = call.args[1]
        assert not _built_text(msg), f"{path.name}:{call.lineno}: {ast.unparse(msg)[:80]}"
    for node in ast.walk(tree):  # narration.py: each telling's words are a message
        if (
            isinstance(node, ast.FunctionDef)
            and node.returns
            and "Msg" in ast.unparse(node.returns)
        ):
            for ret in ast.walk(node):
                if isinstance(ret, ast.Return) and ret.value is not None:
                    assert not _built_text(ret.value), (
                        f"{path.name}:{ret.lineno}: {ast.unparse(ret.value)[:80]}"
                    )


@pytest.mark.parametrize("path", CONVERTED, ids=lambda p: p.name)
def test_every_template_names_exactly_its_parameters(path: Path) -> None:
    """A template's ``{fields}`` are the message's keywords (a typo would break a language)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    checked = 0
    for call in _calls(tree, "Msg"):
        first = call.args[0] if call.args else None
        if not (
            isinstance(first, ast.Call)
            and isinstance(first.func, ast.Name)
            and first.func.id == "N_"
        ):
            continue
        template = first.args[0]
        assert isinstance(template, ast.Constant) and isinstance(template.value, str)
        fields = {f for _, f, _, _ in string.Formatter().parse(template.value) if f}
        given = {k.arg for k in call.keywords}
        assert fields == given, f"{path.name}:{call.lineno}: {template.value!r} {given}"
        checked += 1
    assert checked > 20 or path.name not in ("narration.py", "refusals.py")


def test_the_engine_states_facts_and_narration_tells_them() -> None:
    """game.py logs only through ``_tell`` (facts); each fact it names has its words in
    narration.py, and each telling there is used; its refusals are refusals.py's: the
    words live outside the state."""
    from banque.games.banque.narration import TELLINGS

    tree = ast.parse((PACKAGE / "games" / "banque" / "game.py").read_text(encoding="utf-8"))
    events = _calls(tree, "_event")
    assert len(events) == 1  # the one in ``_tell``
    named: set[str] = set()
    for call in _calls(tree, "_tell"):
        what = call.args[1]
        options = [what.body, what.orelse] if isinstance(what, ast.IfExp) else [what]
        for option in options:
            assert isinstance(option, ast.Constant), f"game.py:{call.lineno}"
            named.add(option.value)
    assert named == set(TELLINGS)
    assert not _calls(tree, "IllegalAction")  # each refusal is made in refusals.py


def test_no_turn_prompt_is_a_built_sentence() -> None:
    """``Game.turn()``'s prompts are messages: no ``prompt=f"..."`` (nor ``+``) in the
    game's modules (the acts' and the views')."""
    prompts = [
        kw.value
        for name in ("game.py", "views.py")
        for node in ast.walk(
            ast.parse((PACKAGE / "games" / "banque" / name).read_text(encoding="utf-8"))
        )
        if isinstance(node, ast.Call)
        for kw in node.keywords
        if kw.arg == "prompt"
    ]
    assert len(prompts) > 5
    for value in prompts:
        assert not _built_text(value), ast.unparse(value)[:80]


def test_the_tables_prompt_is_told_in_the_players_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``Session.prompt()`` (the action panel's words) follows i18n; a switch re-tells it."""
    from banque.session.session import Session

    g = Game(["Ana", "Bruno", "Chloé"], seed=7)
    session = Session(g)
    english = session.prompt()
    assert english == "Auction for bank 1: Ana bids for the bank (1 to 100 chips) or passes."
    monkeypatch.setattr(i18n, "_", _upper)
    assert (
        session.prompt() == "AUCTION FOR BANK 1: Ana BIDS FOR THE BANK (1 TO 100 CHIPS) OR PASSES."
    )
    msg = session.prompt_msg()
    assert isinstance(msg, Msg) and str(msg) == english
    monkeypatch.undo()
    assert session.prompt() == english


def test_a_settlement_is_a_message_told_in_the_players_language() -> None:
    spec = importlib.util.spec_from_file_location(
        "profile_play",
        Path(__file__).resolve().parents[1] / "games" / "banque" / "test_profile_properties.py",
    )
    assert spec is not None and spec.loader is not None
    play = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(play)
    g = Game(play.NAMES[:4], seed=3)
    rnd = random.Random(3)
    while not g.coups:
        play.step(g, rnd)
    from banque.session.session import Session

    session = Session(g)
    coup = g.coups[-1]
    msg = session.settlement_msg(coup)
    assert str(msg) == session.settlement_text(coup)
    assert str(msg).split(": ")[0].endswith(f"Coup {coup.number}")
    told = msg.tell(FR)
    assert "droite" not in told and "right" in told  # "right {right}" is the template's word
    upper = msg.tell(UPPER)
    assert f"COUP {coup.number}: RIGHT " in upper
    assert Msg.from_data(json.loads(json.dumps(msg.to_data()))).tell(UPPER) == upper
