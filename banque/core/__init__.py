"""The core every game of the family shares: cards and the seeded shoe's generator,
totals and naturals, the acts and records (pydantic models), events as messages,
journals, and one hand's exact choice against the banker.

No Textual here, and nothing from the games: the games are definitions over
this core (:mod:`banque.games`).
"""
