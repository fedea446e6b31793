"""The touchscreen app (Kivy): choose a game, set it up, watch the camera referee it, fix and finish it by touch.

The only package that imports Kivy (tests/core/test_layering.py). Its screens draw the live game's views
(companion/live.py) and send presses; the game itself is driven by ui/control/, which knows nothing of Kivy.
"""
