"""Kanaloa's table as vision draws it: the sea's ring of cards, its boats, the cards played onto mats."""
