"""The command line in French and Spanish (issue 12): each command's help, output and
error lines in the language, argparse's own words too; English unchanged."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from banque import i18n
from banque.cli import argparse_message, build_parser, main

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "worked-example.json"
COMMANDS = sorted(
    name
    for name in build_parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
)
#: English words a French or Spanish player must not read (option names, the values
#: one types — announced, cautious… — and file formats are taken out first).
STOPLIST = {
    "fr": r"chips?|bankers?|players?|draws?|stands?|wins|loses|usage|error|the|and|of|with|"
    r"stakes|seed|shoe|default|print|show|exit|required|unrecognized|invalid|expected",
    "es": r"chips?|bankers?|players?|draws?|stands?|coups?|wins|loses|usage|options|errors|"
    r"the|and|of|with|stakes|seed|shoe|default|print|show|exit|required|unrecognized|"
    r"invalid|expected",
}
#: A word each language's output shows (the translation is there).
EXPECTED = {"fr": "banquier", "es": "banquero"}


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    i18n.install("en")


def english_words(text: str, lang: str) -> list[str]:
    """The stoplist's words in ``text``, once the typed words are taken out: options
    (``--stakes``), choices (``{home,classic}``), command lines and file names."""
    text = re.sub(r"\{[^{}\n]*\}", " ", text)  # argparse's choices
    text = re.sub(r"--[\w-]+(=\S+)?", " ", text)  # option names
    text = re.sub(r"banque( \w+)?", " ", text)  # the program and its commands
    text = re.sub(r"\S+\.(json|jsonl|sock)\b", " ", text)  # file names
    text = re.sub(r"/[^\s)]+", " ", text)  # paths
    text = re.sub(r"'[^'\n]*'", " ", text)  # a value quoted back
    text = text.replace("Pocket Book of Games", " ")  # a book's title
    return re.findall(rf"\b({STOPLIST[lang]})\b", text, flags=re.IGNORECASE)


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        status = main(argv)
    except SystemExit as exc:  # --help
        status = int(exc.code or 0)
    out = capsys.readouterr()
    return status, out.out, out.err


@pytest.fixture
def stop_at_banker(tmp_path: Path) -> str:
    """The rules card's worked example, stopped at the banker's choice (after the deal)."""
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["actions"] = data["actions"][:5]
    path = tmp_path / "stop.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


# ---------------------------------------------------------------- --help


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_every_commands_help_is_in_the_language(
    lang: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    heading = {"fr": "utilisation : banque", "es": "uso: banque"}[lang]
    for command in ["", *COMMANDS]:
        argv = ["--lang", lang, *([command] if command else []), "--help"]
        status, out, _ = run(argv, capsys)
        assert status == 0, argv
        assert out.startswith(heading), (argv, out[:80])
        assert not english_words(out, lang), (argv, english_words(out, lang), out)
        assert "-h, --help" in out
    # argparse's own words: the option of every parser, the section headings
    assert {"fr": "afficher cette aide et quitter", "es": "mostrar esta ayuda y salir"}[lang] in out
    assert {"fr": "arguments positionnels", "es": "argumentos posicionales"}[lang] in run(
        ["--lang", lang, "replay", "--help"], capsys
    )[1]


def test_english_help_is_argparses_own(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["replay", "--help"], capsys)
    assert status == 0
    assert out.startswith("usage: banque replay")
    assert "positional arguments:" in out and "options:" in out
    assert "show this help message and exit" in out


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("lang", "argv", "said"),
    [
        ("fr", ["odds", "--pakcs", "3"], "banque: arguments non reconnus : --pakcs 3 (voir"),
        ("es", ["odds", "--pakcs", "3"], "banque: argumentos no reconocidos: --pakcs 3 (vea"),
        ("fr", ["simulate"], "les arguments suivants sont requis : --coups"),
        ("es", ["simulate"], "se requieren los argumentos siguientes: --coups"),
        ("fr", ["odds", "--game", "poker"], "argument --game : choix invalide : 'poker' (au choix"),
        ("es", ["odds", "--game", "poker"], "argumento --game: opción no válida: 'poker' (elija"),
        ("fr", ["odds", "--packs"], "argument --packs : il faut une valeur après"),
        ("es", ["odds", "--packs"], "argumento --packs: hace falta un valor después"),
        ("fr", ["odds", "--packs", "0"], "0 est trop petit : au moins 1"),
        ("es", ["odds", "--packs", "x"], "'x' no es un número entero"),
        ("fr", ["--pace", "11"], "11 n'est pas une cadence de 0 à 10 secondes"),
        ("es", ["--computer", "Bruno:wild"], "'wild' no es un temperamento"),
        ("fr", ["replay", "/no/such/file.json"], "/no/such/file.json : aucun fichier de ce nom"),
        ("es", ["replay", "/"], "/: es una carpeta, no un archivo de registro"),
        ("es", ["--resume", "zzz"], "no hay partida 'zzz' (banque games las lista)"),
        ("es", ["advise", "EXAMPLE"], "el registro no se detiene en la elección del banquero"),
        ("fr", ["join"], "nommez votre place avec --seat NOM"),
        ("es", ["join", "--watch", "--seat", "Ana"], "--watch se une como espectador"),
        ("fr", ["--banco-split", "even"], "--banco-split est une option de la maison classic"),
        ("es", ["edge", "--p5", "1,2,3"], "escriba Q, o QR,QL (uno por paño)"),
        ("fr", ["strategy", "--stakes", "1:1", "--stakes", "2:1"], "strategy prend un seul"),
        ("es", ["host", "--players", "Ana"], "1 nombre: una mesa admite de 3 a"),
        ("fr", ["host", "--log", "--no-journal", "--socket", "EXAMPLE"], "n'est pas un socket"),
    ],
)
def test_an_error_line_in_each_language(
    lang: str, argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [str(EXAMPLE) if a == "EXAMPLE" else a for a in argv]
    status, _out, err = run(["--lang", lang, *argv], capsys)
    assert status == 2
    assert said in err, err
    assert err.startswith("banque: ") and err.count("\n") == 1 and "Traceback" not in err
    assert not english_words(err, lang), err


def test_an_english_error_line_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["odds", "--pakcs", "3"], capsys)[2] == (
        "banque: unrecognized arguments: --pakcs 3 (see banque --help)\n"
    )
    assert run(["odds", "--game", "x"], capsys)[2].startswith(
        "banque: argument --game: invalid choice: 'x' (choose from 'banque', "
    )


def test_argparse_messages_are_read_back_in_the_language() -> None:
    i18n.install("fr")
    assert argparse_message("argument --packs: expected one argument") == (
        "argument --packs : il faut une valeur après"
    )
    assert argparse_message("argument --n: invalid int value: 'x'") == (
        "argument --n : valeur invalide (entier) : 'x'"
    )
    assert argparse_message("something of ours, already said") == "something of ours, already said"


# ---------------------------------------------------------------- each command's output


@pytest.mark.usefixtures("_simulated_once")
@pytest.mark.parametrize("lang", ["fr", "es"])
def test_advise_replay_odds_simulate_in_the_language(
    lang: str, stop_at_banker: str, capsys: pytest.CaptureFixture[str]
) -> None:
    words = {
        "fr": ("tient 2♠ 3♣ = 5", "Le mieux : rester", "jetons"),
        "es": ("tiene 2♠ 3♣ = 5", "Lo mejor: plantarse", "fichas"),
    }[lang]
    status, out, _ = run(["--lang", lang, "advise", stop_at_banker, "--p5", "0.25"], capsys)
    assert status == 0
    assert all(w in out for w in words) and EXPECTED[lang] in out
    assert not english_words(out, lang), out
    # --json stays a file format: English keys and values
    assert (
        json.loads(run(["--lang", lang, "advise", stop_at_banker, "--json"], capsys)[1])["best"]
        == "stand"
    )

    status, out, _ = run(["--lang", lang, "replay", str(EXAMPLE)], capsys)
    assert status == 0 and EXPECTED[lang] in out
    assert not english_words(out, lang), out

    status, out, _ = run(["--lang", lang, "odds", "--packs", "1"], capsys)
    assert status == 0 and not english_words(out, lang), out

    status, out, _ = run(["--lang", lang, "simulate", "--coups", "200", "--players", "3"], capsys)
    assert status == 0
    summary = {"fr": "200 coups, 3 joueurs de l'ordinateur", "es": "200 jugadas, 3 jugadores"}
    lead, _blank, report = out.partition("\n\n")
    assert lead.startswith(
        {"fr": "Sur 200 coups, la banque a", "es": "En 200 jugadas, la banca"}[lang]
    )
    assert report.startswith(summary[lang]), out
    assert {"fr": "Avantage de la banque :", "es": "Ventaja de la banca:"}[lang] in out
    assert not english_words(out, lang), out
    # prose numbers with the language's decimal comma and one minus sign (JSON keeps points)
    assert re.search(r"[+−]\d+,\d{2} % ± \d+,\d{2} %", out)
    assert "-" not in re.sub(r"[^\d\s+\-−,.%±]", " ", report).replace(" - ", " ")


#: ``banque simulate``'s games, by their options: the same for every language (only the
#: report's words are not), so played once for all of them.
_SIMULATIONS: dict[tuple[Any, ...], Any] = {}


@pytest.fixture
def _simulated_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from banque.study import commands

    played = commands.simulate

    def once(*args: Any, **options: Any) -> Any:
        key = (*args[:5], *args[6:], *sorted(options.items()))  # args[5]: the progress bar
        if key not in _SIMULATIONS:
            _SIMULATIONS[key] = played(*args, **options)
        return _SIMULATIONS[key]

    monkeypatch.setattr(commands, "simulate", once)


@pytest.mark.usefixtures("_simulated_once")
@pytest.mark.parametrize(
    ("lang", "heading", "ends"),
    [
        ("en", r"By stake ratio +coups +staked ", "24 bankrupt, 40 retired, 71 shoe"),
        ("fr", r"Par rapport des mises +coups +misé ", "24 sautées, 40 retirées, 71 en fin de"),
        ("es", r"Por proporción de apuestas +jugadas +apostado ", "24 quebradas, 40 retiradas"),
    ],
)
def test_simulate_headings_stand_apart_and_bank_ends_agree_in_number(
    lang: str, heading: str, ends: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A heading longer in the language keeps a space before the next column; the reasons
    banks ended take the plural of their number (French and Spanish say it of *banques*)."""
    status, out, _ = run(["--lang", lang, "simulate", "--coups", "2000", "--seed", "3"], capsys)
    assert status == 0
    assert re.search(rf"^{heading}", out, re.M), out
    assert ends in out, out


@pytest.mark.usefixtures("_simulated_once")
def test_simulate_in_english_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["simulate", "--coups", "200", "--players", "3"], capsys)
    assert status == 0
    lead, _blank, out = out.partition("\n\n")
    assert re.fullmatch(
        r"Over 200 coups the banker (won|lost) \d+\.\d\d chips for every 100 staked against it\.",
        lead,
    )
    assert out.startswith("200 coups, 3 computer players, seed 0, banker plays by the exact ")
    assert "Outcomes        player wins  banker wins  ties" in out
    assert "Banker's two-card total   draws   stands   draw %" in out


#: ``banque choice``'s exact report, by its shoe, rule, stakes and p5: the same for
#: every language (only its words are not), so counted once for both.
_CHOICE_REPORTS: dict[tuple[Any, ...], dict[str, Any]] = {}


@pytest.fixture
def _choice_counted_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from banque.study import solver

    counted = solver.choice_report

    def once(model: Any, stakes: Any, q: Any) -> dict[str, Any]:
        key = (model.counts, model.rule, tuple(stakes), repr(q))
        if key not in _CHOICE_REPORTS:
            _CHOICE_REPORTS[key] = counted(model, stakes, q)
        return _CHOICE_REPORTS[key]

    monkeypatch.setattr(solver, "choice_report", once)


@pytest.mark.usefixtures("_choice_counted_once")
@pytest.mark.parametrize("lang", ["fr", "es"])
@pytest.mark.parametrize(
    "argv",
    [
        ["edge"],
        ["edge", "--p5", "0:1:0.5", "--plot"],
        ["edge", "--p5", "0:1:0.5,0:1:0.5"],
        ["strategy"],
        ["strategy", "--naturals", "per-side", "--stakes", "2:1"],
        ["choice"],
    ],
    ids=lambda argv: "-".join(argv),
)
def test_the_solver_commands_speak_the_language(
    lang: str, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """edge, strategy and choice: the shoe's words, the tables and the grids."""
    shoe = {"fr": "un sabot neuf de 1 jeu", "es": "un sabot nuevo de 1 baraja"}[lang]
    status, out, _ = run(["--lang", lang, *argv, "--packs", "1"], capsys)
    assert status == 0 and (shoe in out or "--plot" in argv), (argv, out[:200])
    assert EXPECTED[lang] in out, out[:300]
    # the option values as typed (all, per-side) are not words to translate; the banker's
    # play is said in words (--banker best: the best response)
    if "--plot" in argv:
        assert {"fr": "banquier meilleure réponse", "es": "banquero mejor respuesta"}[lang] in out
    typed = re.sub(r"\b(all|per-side|best)\b", " ", out)
    assert not english_words(typed, lang), english_words(typed, lang)
    if argv[0] == "strategy":  # the grid's letters: C carte / carta, N non / no
        assert " C " in out and "D " not in out.split("\n", 5)[-1]


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_games_lists_the_journals_in_the_language(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(["--lang", lang, "games"], capsys)
    assert status == 0
    assert out.startswith({"fr": "Aucune partie encore", "es": "Aún no hay partidas"}[lang])
    assert not english_words(out, lang)


def test_games_lists_a_journal_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    from banque.core.journal import Journal
    from banque.core.record import load_record

    Journal.create(load_record(str(EXAMPLE))).close()
    status, out, _ = run(["--lang", "fr", "games"], capsys)
    assert status == 0
    assert "banque 1," in out and ("inachevée" in out or "finie" in out), out
    assert not english_words(out, "fr"), out


# ---------------------------------------------------------------- banque host


@pytest.mark.subprocess
@pytest.mark.parametrize("lang", ["fr", "es"])
def test_the_hosts_console_lines_are_in_the_language(lang: str) -> None:
    folder = Path(tempfile.mkdtemp(prefix="bq", dir="/tmp"))  # a socket path must be short
    try:
        path = folder / "t.sock"
        env = {**os.environ, "BANQUE_LANG": lang}
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "banque",
                "host",
                "--players",
                "Ana,Bruno,Chloé",
                "--seed",
                "2",
                "--rules",
                "classic",
                "--socket",
                str(path),
                "--log",
                "--no-journal",
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            text=True,
            env=env,
        )
        try:
            assert proc.stdout is not None
            lines = [proc.stdout.readline() for _ in range(6)]
            proc.send_signal(signal.SIGHUP)
            _rest, err = proc.communicate(timeout=20)
        finally:
            if proc.returncode is None:
                proc.kill()
                proc.wait()
        text = "".join(lines)
        opened = {"fr": "Table ouverte à", "es": "Mesa abierta en"}[lang]
        words = {"fr": "(règles classiques).", "es": "(reglas clásicas)."}[lang]
        assert lines[0].startswith(f"{opened} {path} (") and words in lines[0], text
        assert not {"graine", "semilla"} & set(lines[0].split()), text  # never the seed
        joins = {"fr": "Chaque joueur rejoint avec :", "es": "Cada jugador se une con:"}[lang]
        assert joins in text and "BANQUE_TOKEN=" in text and "--token" not in text, text
        assert not english_words(text, lang), text
        assert "Traceback" not in err
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.subprocess
def test_a_joining_players_errors_are_in_its_language(tmp_path: Path) -> None:
    """What ``banque join`` says when the table cannot be reached, and a line the table
    cannot read, in the player's language (the wire keeps its English fields)."""
    import asyncio

    from banque.net import protocol as P
    from banque.net.client import TableClient, parse_address
    from banque.net.server import TableError

    i18n.install("fr")
    with pytest.raises(TableError, match="n'est pas l'adresse d'une table"):
        parse_address("tcp:x")
    with pytest.raises(TableError, match="Aucune table n'est ouverte à"):
        asyncio.run(TableClient.open(parse_address(str(tmp_path / "none.sock"))))
    i18n.install("es")
    with pytest.raises(P.ProtocolError) as caught:
        P.decode(b"[1]")
    assert caught.value.message == "A message is a JSON object, not a list or a value."
    sent = P.error(caught.value.code, caught.value.msg or caught.value.message)
    assert sent["message"] == "A message is a JSON object, not a list or a value."
    assert P.told(sent.get("msg"), sent["message"]) == (
        "Un mensaje es un objeto JSON, no una lista ni un valor."
    )


# ---------------------------------------------------------------- a record's own faults


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "banque: BAD: shoe: 'ZZ' is not a card: write the rank (A 2 3 4 5 6 7 8 9 T J Q K, "
               "or 10) then the suit (C D H S), for example 9C or TH; acts 1 and 2 (bid): amount: "
               "a whole number of chips is needed, written as a number (like 10)\n"),
        ("fr", "banque: BAD: shoe : 'ZZ' n'est pas une carte : écrivez la valeur (A 2 3 4 5 6 7 8 "
               "9 T J Q K, ou 10) puis la couleur (C D H S), par exemple 9C ou TH ; actes 1 et 2 "
               "(bid): amount : il faut un nombre entier de jetons, écrit en chiffres (comme 10)\n"),
        ("es", "banque: BAD: shoe: 'ZZ' no es una carta: escriba el valor (A 2 3 4 5 6 7 8 9 T J "
               "Q K, o 10) y luego el palo (C D H S), por ejemplo 9C o TH; actos 1 y 2 (bid): "
               "amount: se necesita un número entero de fichas, escrito en cifras (como 10)\n"),
    ],
)  # fmt: skip
def test_a_records_faults_are_said_in_the_language(
    lang: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """What pydantic finds wrong in a hand-edited record: the places and the words."""
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["shoe"] = ["ZZ", *data["shoe"][1:]]
    data["actions"][0] = {"act": "bid", "who": "Ana", "amount": "ten"}
    data["actions"][1] = {"act": "bid", "who": "Bruno", "amount": "x"}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    status, _out, err = run(["--lang", lang, "replay", str(bad)], capsys)
    assert status == 2
    assert err.replace(str(bad), "BAD") == said, err
    if lang != "en":  # (shoe, amount: the record's own field names)
        assert not english_words(err.replace("shoe", ""), lang), err


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "act 2 (bid): "),
        ("fr", "acte 2 (bid) : "),
        ("es", "acto 2 (bid): "),
    ],
)
def test_an_act_the_rules_refuse_is_said_in_the_language(
    lang: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["actions"][1] = {"act": "bid", "who": "Ana", "amount": 10}  # Ana again: not her turn
    bad = tmp_path / "refused.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    status, _out, err = run(["--lang", lang, "replay", str(bad)], capsys)
    assert status == 2 and said in err, err
    if lang != "en":
        assert not english_words(err, lang), err


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "permission denied"), ("fr", "permission refusée"), ("es", "permiso denegado")],
)
def test_the_systems_errors_are_said_in_the_language(
    lang: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file that cannot be read: the system's reason in the player's words."""
    import errno

    from banque.core.messages import os_reason, tell

    i18n.install(lang)
    assert tell(os_reason(PermissionError(errno.EACCES, "Permission denied"))) == said
    assert tell(os_reason(OSError(errno.ENOSPC, "No space left on device"))) != (
        "No space left on device" if lang != "en" else ""
    )
    if os.geteuid() != 0:  # (root reads any file)
        locked = tmp_path / "locked.json"
        locked.write_text("{}", encoding="utf-8")
        locked.chmod(0)
        status, _out, err = run(["--lang", lang, "replay", str(locked)], capsys)
        assert status == 2 and said in err, err
