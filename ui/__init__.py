"""The Kivy touchscreen app. Not built yet: no issue has asked for it so far (see docs/architecture.md)."""
