"""The GPIO panel: buttons and LEDs through gpiozero, on mock pins off the Pi.

The rest of the app speaks to it in the panel's terms ("seat 2's turn", "seat 3's level is high", "alert") through
``hardware.start.start_panel``; pin numbers live only in the ``[panel]`` section of the config. It holds no game
word: a game button's words come from the game (``labels``). See docs/hardware.md.

Importing this package imports nothing (every `companion` command loads its command module); ``hardware.panel``
imports gpiozero: without it the panel is just off.
"""
