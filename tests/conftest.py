"""Shared test settings: no test ever writes into the real user's data directory, nor
opens a table at the account's real socket; each test's kind is marked.

The kinds (registered in pyproject.toml; README's *Tests* says how to run each):

- ``pilot``: runs a Textual app in this process (``App.run_test``, Textual's Pilot);
- ``subprocess``: starts a process, opens a pseudo-terminal or a real socket;
- ``snapshot``: compares a screen with its stored SVG (marked here, with ``pilot``, by
  the ``snap_compare`` fixture);
- ``sweep``: plays whole games or whole tables of odds through (seconds of pure work).

Each test module marks its own tests (``pytestmark`` or a decorator), so that the marks
go wherever the module goes. ``BANQUE_CHECK_MARKS=1`` checks them: a test that runs an
app without ``pilot``, or starts a process or opens a socket without ``subprocess``,
fails and says which mark it lacks.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest


def _shared_bytecode() -> None:
    """The suite's processes (pytest-xdist's workers, the ``banque`` processes the tests
    start) share their compiled modules and pytest's rewritten tests, in the checkout's
    ``__pycache__`` folders (ignored by git) as Python does by default, even where
    ``PYTHONDONTWRITEBYTECODE`` is set: each process would otherwise compile the
    package and rewrite the tests again from source."""
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    sys.dont_write_bytecode = False


_shared_bytecode()


def _utf8_locale() -> None:
    """The suite draws and prints in UTF-8 whatever the locale it is run from (a C
    locale gets the ASCII fallback: tests/cli/test_locale_ascii.py sets its own)."""
    from banque.text import locale_is_utf8  # deferred: after the bytecode's settings

    if not locale_is_utf8():
        os.environ["LC_ALL"] = "C.UTF-8"


_utf8_locale()

from banque import i18n  # noqa: E402  (compiled into the shared cache)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test that takes ``snap_compare`` draws the app: ``snapshot`` and ``pilot``."""
    for item in items:
        if "snap_compare" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.snapshot)
            item.add_marker(pytest.mark.pilot)


@pytest.fixture(autouse=True)
def _private_data_dir(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Path]:
    """Journals, rescue records and settings go to a temporary folder of each test's own; a test
    that speaks another language leaves English behind it."""
    folder = tmp_path_factory.mktemp("banque-data")
    monkeypatch.setenv("BANQUE_DATA_DIR", str(folder))
    # the settings (the theme kept) too: never the user's own
    monkeypatch.setenv("BANQUE_CONFIG_DIR", str(folder / "config"))
    # a table hosted without --socket opens in a folder of the test's own, not at the
    # account's one default socket (two tests at once, or two test runs, would meet there);
    # the tests of the default folders themselves unset it
    monkeypatch.setenv("BANQUE_RUNTIME_DIR", str(folder / "run"))
    # the language: English unless a test asks for another (whatever the machine's locale)
    monkeypatch.setenv("BANQUE_LANG", "en")
    # the terminal's size as the test's own process finds it: pytest-xdist's workers are
    # given COLUMNS=80 (a serial run has none), and `banque rules` prints narrower then
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.delenv("LINES", raising=False)
    yield folder
    if i18n.current_language() != "en":
        i18n.install("en")


def _refuse(mark: str, what: str) -> Callable[..., Any]:
    def refused(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError(
            f"this test {what} but is not marked {mark!r}: add @pytest.mark.{mark} "
            "(or the module's pytestmark)"
        )

    return refused


@pytest.fixture(autouse=True)
def _marks_tell_the_truth(request: pytest.FixtureRequest) -> Iterator[None]:
    """With ``BANQUE_CHECK_MARKS=1``: what a test does is what its marks say."""
    if not os.environ.get("BANQUE_CHECK_MARKS"):
        yield
        return
    node = request.node
    with pytest.MonkeyPatch.context() as patch:
        if node.get_closest_marker("pilot") is None:
            from textual.app import App

            patch.setattr(App, "run_test", _refuse("pilot", "runs a Textual app"))
            patch.setattr(App, "run_async", _refuse("pilot", "runs a Textual app"))
        if node.get_closest_marker("subprocess") is None:
            started = _refuse("subprocess", "starts a process")
            patch.setattr(subprocess.Popen, "_execute_child", started)
            patch.setattr(os, "fork", started)
            patch.setattr(os, "forkpty", started)
            patch.setattr(os, "openpty", _refuse("subprocess", "opens a pseudo-terminal"))
            patch.setattr(socket.socket, "bind", _refuse("subprocess", "opens a socket"))
            patch.setattr(socket.socket, "connect", _refuse("subprocess", "opens a socket"))
            patch.setattr(socket.socket, "connect_ex", _refuse("subprocess", "opens a socket"))
        yield


@pytest.fixture(scope="session")
def edge_model() -> Callable[..., Any]:
    """``EdgeModel.for_packs(packs, naturals)``, each built once in a test process.

    A model is seconds of exact sums and never changes once built: the study's and the
    help's tests ask for the same few (one pack, three packs) and share them.
    """
    from functools import cache

    from banque.study.edge import EdgeModel

    return cache(EdgeModel.for_packs)
