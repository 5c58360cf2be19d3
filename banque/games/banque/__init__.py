"""Baccarat Banque à deux tableaux: the banker's hand against independent right and
left hands, under three houses' rules (:mod:`.rules`), with its computer players
and the banker's exact advice."""
