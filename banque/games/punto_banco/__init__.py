"""Punto banco, the Las Vegas game: the house banks and every draw is fixed."""
