"""deploy/club/add-table.sh: a table's account in the broker's password file, and a name that is no table's
refused before anything is written. (start.sh installs and restarts the system's service: not run here.)"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from companion.club.localbroker import LocalBroker
from tests.club.conftest import ACCOUNTS, DEPLOY
from tests.club.test_acl import connected
from tests.club.waiting import until

ADD_TABLE = DEPLOY / "add-table.sh"


def add_table(passwd: Path, name: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CLUB_PASSWD": str(passwd)}
    return subprocess.run(
        ["bash", str(ADD_TABLE), name], capture_output=True, text=True, env=env, check=False
    )


def test_a_table_added_logs_in_with_the_password_printed(tmp_path: Path) -> None:
    broker = LocalBroker(tmp_path / "broker", DEPLOY / "mosquitto.conf", DEPLOY / "acl", dict(ACCOUNTS))
    done = add_table(broker.folder / "passwd", "corner-7")
    assert done.returncode == 0, done.stderr
    (line,) = [line for line in done.stdout.splitlines() if line.startswith("table corner-7: password ")]
    password = line.rsplit(" ", 1)[1]
    assert (
        "corner-7:" in (broker.folder / "passwd").read_text()
        and password not in (broker.folder / "passwd").read_text()
    )
    with broker:
        client, connecting, codes = connected(broker.port, "corner-7", password)
        try:
            assert until(connecting.is_set) and not codes[0].is_failure
        finally:
            client.disconnect()
            client.loop_stop()


@pytest.mark.parametrize("name", ["Table 1", "scoreboard", "t/1", "-t", "x" * 33])
def test_a_name_that_is_no_tables_is_refused(tmp_path: Path, name: str) -> None:
    passwd = tmp_path / "passwd"
    passwd.write_text("")
    done = add_table(passwd, name)
    assert done.returncode == 2 and done.stderr.startswith("add-table: ")
    assert passwd.read_text() == ""
