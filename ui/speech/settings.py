"""The speech settings a table keeps: on or off, the volume, the engine, names' spoken forms.

Kept as ``speech.json`` beside the app's config.toml (companion/configdir.py), so the mute button and the volume
are remembered from one evening to the next. A bad value is said in words naming its key, and that key keeps its
default: the game goes on.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path

from companion.configdir import config_dir
from companion.i18n import N_, Translator

SETTINGS_FILE = "speech.json"
ENGINES: tuple[str, ...] = ("espeak-ng",)
BAD_VOLUME = N_("Speech: volume {value} in {path} must be a whole number from 0 to 100; {default} is used.")
BAD_ON = N_("Speech: on {value} in {path} must be true or false; speech stays {default}.")
BAD_ENGINE = N_("Speech: engine {value} in {path} is not one we have (espeak-ng); espeak-ng is used.")
BAD_NAMES = N_(
    "Speech: names in {path} must map each player's name to how it is said; names are said as written."
)
BAD_FILE = N_("Speech: {path} cannot be read ({problem}); the default settings are used.")


@dataclass(frozen=True)
class SpeechSettings:
    on: bool = True
    volume: int = 60  # 0-100
    engine: str = "espeak-ng"
    names: Mapping[str, str] = field(default_factory=dict)  # a player's name -> how espeak-ng should say it


def settings_path(folder: Path | None = None) -> Path:
    return (folder or config_dir()) / SETTINGS_FILE


def read_settings(path: Path, tr: Translator) -> tuple[SpeechSettings, list[str]]:
    """The settings in ``path`` (defaults if there is none) and a sentence for each bad value."""
    default = SpeechSettings()
    if not path.exists():
        return default, []
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
    except (OSError, ValueError) as error:
        return default, [tr(BAD_FILE, path=path, problem=error)]
    problems: list[str] = []
    on, volume, engine, names = default.on, default.volume, default.engine, dict(default.names)
    if "on" in data:
        if isinstance(data["on"], bool):
            on = data["on"]
        else:
            problems.append(tr(BAD_ON, value=data["on"], path=path, default="on"))
    if "volume" in data:
        value = data["volume"]
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 100:
            volume = value
        else:
            problems.append(tr(BAD_VOLUME, value=value, path=path, default=default.volume))
    if "engine" in data:
        if data["engine"] in ENGINES:
            engine = data["engine"]
        else:
            problems.append(tr(BAD_ENGINE, value=data["engine"], path=path))
    if "names" in data:
        given = data["names"]
        if isinstance(given, dict) and all(isinstance(v, str) for v in given.values()):
            names = {str(k): v for k, v in given.items()}
        else:
            problems.append(tr(BAD_NAMES, path=path))
    return SpeechSettings(on, volume, engine, names), problems


def write_settings(path: Path, settings: SpeechSettings) -> None:
    """Remember ``settings`` (written whole, then moved into place: a power cut leaves the old file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {**asdict(settings), "names": dict(settings.names)}
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    temporary.replace(path)
