"""Reading the real table: camera frames in, stable facts about the cards out (see docs/vision.md)."""
