"""What the table keeps from one start to the next: the chosen theme.

The settings live in one small JSON file, ``settings.json``, in the user's
configuration folder (``platformdirs.user_config_dir("banque")``, or
``$BANQUE_CONFIG_DIR``).  They are read at start, before the first screen (a
file missing, unreadable or not understood: the defaults, silently — nothing a
player chose is lost by it, and the next change writes it whole again), and
written whole on each change (:func:`save_settings`: an atomic write, so that a
crash leaves the old file or the new one, never half of one).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import platformdirs

#: The file's name in the configuration folder.
SETTINGS_FILE = "settings.json"


def config_dir() -> Path:
    """The folder of banque's settings (``$BANQUE_CONFIG_DIR`` overrides it)."""
    override = os.environ.get("BANQUE_CONFIG_DIR")
    if override:
        return Path(override)
    return Path(platformdirs.user_config_dir("banque", appauthor=False))


def settings_path() -> Path:
    return config_dir() / SETTINGS_FILE


def load_settings() -> dict[str, Any]:
    """The settings kept (an empty dict when there are none, or none that can be read)."""
    try:
        with open(settings_path(), encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def save_settings(changes: dict[str, Any]) -> Path:
    """Keep ``changes`` beside the settings already kept; the file written.

    Raises :class:`OSError` when the folder or the file cannot be written (said by the
    caller in words).
    """
    # deferred: start-up (the journal's module, with pydantic's records, is not loaded
    # before the first screen; a setting changes well after it)
    from ..core.journal import atomic_write

    settings = {**load_settings(), **changes}
    folder = config_dir()
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    return atomic_write(
        folder / SETTINGS_FILE, json.dumps(settings, indent=2, sort_keys=True) + "\n"
    )


def kept_theme() -> str | None:
    """The theme chosen last time (``None``: none kept)."""
    theme = load_settings().get("theme")
    return theme if isinstance(theme, str) and theme else None
