"""The app: the live loop that joins camera, referee, session, coach and panel (`companion play`, `companion demo`).

The Kivy touchscreen front end is not built yet (no issue has asked for it); until then the app talks in the
terminal (ui/talk.py).
"""
