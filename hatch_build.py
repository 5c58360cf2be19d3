"""Build hook: compile the translations (``.po`` -> ``.mo``) into every wheel.

``pip install .`` and ``pip install -e .`` both run it, so an installed banque
finds its ``.mo`` files with no extra step. The ``.mo`` files are written beside
the ``.po`` files (git ignores them) and put into the wheel explicitly. The
compiler is banque's own, ``banque/msgfmt.py`` (standard library only), loaded
by its path: banque is not installed yet.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CustomBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        root = Path(self.root)
        spec = importlib.util.spec_from_file_location("_banque_msgfmt", root / "banque/msgfmt.py")
        assert spec is not None and spec.loader is not None
        msgfmt = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = msgfmt  # dataclasses look their module up
        spec.loader.exec_module(msgfmt)
        for po in sorted((root / "banque" / "locale").glob("*/LC_MESSAGES/banque.po")):
            mo = po.with_suffix(".mo")
            msgfmt.compile_file(po, mo)
            if version != "editable":  # an editable install reads them from the source tree
                build_data["force_include"][str(mo)] = mo.relative_to(root).as_posix()
