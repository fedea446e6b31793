"""The app's config folder (companion/configdir.py): one place for the panel's config and the saved boxes."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from companion.configdir import config_dir
from companion.games.kanaloa.seabox import box_path
from hardware.config import config_source
from ui.control.library import default_root

FOLDER = st.text(st.characters(codec="utf-8", exclude_characters="\x00/~"), min_size=1, max_size=12)


@given(home=FOLDER, xdg=st.none() | FOLDER)
def test_xdg_config_home_first_then_home_dot_config(home: str, xdg: str | None) -> None:
    environ = {"HOME": f"/{home}"} | ({} if xdg is None else {"XDG_CONFIG_HOME": f"/{xdg}"})
    base = Path(f"/{home}/.config") if xdg is None else Path(f"/{xdg}")
    assert config_dir(environ) == base / "table-companion"


@given(home=FOLDER, xdg=st.none() | FOLDER)
def test_the_saved_box_lies_beside_the_panels_config(home: str, xdg: str | None) -> None:
    environ = {"HOME": f"/{home}"} | ({} if xdg is None else {"XDG_CONFIG_HOME": f"/{xdg}"})
    assert box_path(environ).parent == config_source(None, environ).path.parent == config_dir(environ)


def test_an_empty_or_relative_xdg_config_home_is_ignored_as_the_xdg_specification_asks(monkeypatch) -> None:
    monkeypatch.setenv("HOME", "/home/pi")
    for xdg in ("", "conf", "./conf", "~/conf"):  # relative: it would follow the current directory
        assert config_dir({"XDG_CONFIG_HOME": xdg, "HOME": "/home/pi"}) == Path(
            "/home/pi/.config/table-companion"
        )
        assert default_root({"XDG_DATA_HOME": xdg, "HOME": "/home/pi"}) == Path(
            "/home/pi/.local/share/fish-companion"
        )
    assert config_dir({}) == Path("/home/pi/.config/table-companion")
