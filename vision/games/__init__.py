"""Each game's own drawing and reading, one package per game, reached through its registration."""
