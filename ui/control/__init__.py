"""The touchscreen app's control layer, without Kivy: saved games and history (``library``), manual entry and
correction of moves (``manual``). The screens in ui/app/ draw the values it returns."""
