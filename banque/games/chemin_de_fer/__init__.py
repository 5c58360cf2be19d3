"""Chemin de fer: the bank moves round the table, the punters' hand is played by the
highest stake, banco and banco suivi; the punter bound, the banker free."""
