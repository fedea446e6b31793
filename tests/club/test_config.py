"""The [club] section read into a ClubConfig: off without a broker, the port following TLS, the password from
its file."""

from __future__ import annotations

from pathlib import Path

from companion.club.config import ClubConfig, club_config, read_club_config


def test_no_section_or_no_broker_publishes_nothing(tmp_path: Path) -> None:
    assert not club_config({}).enabled
    assert not club_config({"club": {"table": "t1"}}).enabled
    assert not read_club_config(tmp_path / "absent.toml").enabled


def test_a_whole_section(tmp_path: Path) -> None:
    (tmp_path / "pw").write_text("s3cret\n", encoding="utf-8")
    (tmp_path / "ca.pem").write_text("-----BEGIN CERTIFICATE-----\n", encoding="utf-8")
    config = tmp_path / "config.toml"
    config.write_text(
        f'[panel]\nmode = "off"\n[club]\nbroker = "club-pi.local"\ntable = "table-3"\ntls = true\n'
        f'password_file = "{tmp_path / "pw"}"\nca_file = "{tmp_path / "ca.pem"}"\n',
        encoding="utf-8",
    )
    assert read_club_config(config) == ClubConfig(
        "club-pi.local", 8883, "table-3", "s3cret", True, str(tmp_path / "ca.pem")
    )
    assert club_config({"club": {"broker": "pi", "table": "t1", "port": 1884}}).port == 1884
