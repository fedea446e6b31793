"""The front ends: the Kivy touchscreen app (ui/app/, driving ui/control/) and the terminal's `companion play` and
`companion demo` (ui/talk.py), both drawing the live game's views (companion/live.py)."""
