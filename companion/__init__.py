"""The game core: one protocol for all games, the games, records, the live session, the coach, the command line.

It imports only the standard library: never camera, GPIO or Kivy libraries, nor vision/, hardware/ or ui/.
"""

__version__ = "0.1.0"
