"""Kuna Yala's table as vision draws it: its banks in front of the mats and its display."""
