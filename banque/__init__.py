"""banque: Baccarat Banque à deux tableaux, in a terminal."""

__version__ = "0.1.0"
