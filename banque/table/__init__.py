"""The table: the Textual app (``app``), its screens and widgets, the two-hand games' apps.

It only shows and asks; every rule lives in the engine.
"""
