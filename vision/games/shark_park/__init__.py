"""Shark Park's board as vision draws and prints it: its tiles on their squares, its printable board."""
