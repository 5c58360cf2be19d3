"""Exact analysis and simulation: the advisor, the edge and its solver, odds, simulation.

No Textual here (tests/test_import_contract.py).
"""
