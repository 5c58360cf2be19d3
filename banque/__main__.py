"""``python -m banque``: the same as the ``banque`` command."""

import sys

from .cli import main

sys.exit(main())
