"""Club night: many tables, one scoreboard, over an MQTT broker (docs/club.md).

The pure parts (topics and messages, the evening's standings, the room a scoreboard keeps, the ``[club]``
config) import the standard library only; ``publisher.py`` alone speaks MQTT, through paho-mqtt, imported when a
table starts publishing.
"""
