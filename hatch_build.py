"""Build hook: compile the translations (``.po`` -> ``.mo``) into every wheel, with Babel.

``pip install .`` and ``pip install -e .`` both run it, so an installed banque
finds its ``.mo`` files with no extra step. The ``.mo`` files are written beside
the ``.po`` files (git ignores them) and put into the wheel explicitly; an
editable install reads them from the source tree (after editing a ``.po``
there: ``python -m banque.catalogues compile``). Babel is a build requirement
(``[build-system] requires``), not a run-time one: banque reads the ``.mo``
files with the standard ``gettext`` module.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CustomBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        root = Path(self.root)
        for po in sorted((root / "banque" / "locale").glob("*/LC_MESSAGES/banque.po")):
            mo = po.with_suffix(".mo")
            with po.open("rb") as source:
                catalog = read_po(source, abort_invalid=True)
            with mo.open("wb") as compiled:
                write_mo(compiled, catalog)  # fuzzy entries left out: English shows
            if version != "editable":  # an editable install reads them from the source tree
                build_data["force_include"][str(mo)] = mo.relative_to(root).as_posix()
