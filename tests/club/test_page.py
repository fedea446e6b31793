"""The room's scoreboard page in a real browser (Debian's Chromium, driven by Selenium through its
chromedriver) against a real Mosquitto: it shows every table and tonight's standings, equal to the saved games'.

CLUB_SCREENSHOTS=1 also writes the screenshots into docs/club/ (the ones docs/club.md shows)."""

from __future__ import annotations

import itertools
import os
import shutil
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

from companion.club.config import ClubConfig
from companion.club.evening import play_game, saved_results, seatings
from companion.club.localbroker import LocalBroker
from companion.club.publisher import TablePublisher
from companion.club.server import PageConfig, make_server
from companion.club.standings import standings
from tests.club.conftest import ACCOUNTS, ROOT, TABLES
from tests.club.waiting import until

CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"


@pytest.fixture
def browser() -> Iterator[webdriver.Chrome]:
    for program in (CHROMIUM, CHROMEDRIVER):
        if not Path(program).exists():
            pytest.fail(f"{program} is missing: tools/setup-env.sh installs chromium and chromium-driver")
    profile = tempfile.mkdtemp(prefix="club-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (
        "--headless",
        "--no-sandbox",  # Chromium as root
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-dev-shm-usage",
        f"--user-data-dir={profile}",
        "--window-size=1600,900",
    ):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def evening(folder: Path, broker: LocalBroker) -> tuple[dict[str, TablePublisher], Callable[[], None]]:
    """Two finished games at each table and a third under way at table-3, told to the broker; and what plays
    that third game to its end."""
    publishers = {
        t: TablePublisher(ClubConfig("127.0.0.1", broker.port, t, ACCOUNTS[t])).start() for t in TABLES
    }
    for table, publisher in publishers.items():
        for seating in seatings(table, 2, seed=21):
            for view in play_game(folder, seating):
                publisher.show(view, seating.game_id)
    third = seatings("table-3", 3, seed=21)[2]
    views = play_game(folder, third)
    for view in itertools.islice(views, 12):  # under way: the page shows whose turn it is
        publishers["table-3"].show(view, third.game_id)

    def finish() -> None:
        for view in views:
            publishers["table-3"].show(view, third.game_id)

    return publishers, finish


def rows(driver: webdriver.Chrome) -> list[tuple[str, float, int, int]]:
    """The standings the page shows, read in one script: the page redraws its table on every message, so an
    element found by one call may be gone by the next (CI saw a stale element)."""
    read = driver.execute_script(
        "return Array.from(document.querySelectorAll('#standings tbody tr'), r => "
        "[r.dataset.player || '', r.dataset.points || 'nan', r.dataset.games || '-1', r.dataset.wins || '-1']);"
    )
    return [(str(name), float(points), int(games), int(wins)) for name, points, games, wins in read]


def test_the_page_shows_every_table_and_the_saved_games_standings(
    broker: LocalBroker, browser: webdriver.Chrome, tmp_path: Path
) -> None:
    folder = tmp_path / "games"
    publishers, finish = evening(folder, broker)
    server = make_server(
        "127.0.0.1",
        0,
        PageConfig(
            f"ws://127.0.0.1:{broker.ws_port}", broker.ws_port, "scoreboard", ACCOUNTS["scoreboard"], "en"
        ),
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        assert all(p.wait_delivered(60) for p in publishers.values())
        expected = [(s.name, s.points, s.games, s.wins) for s in standings(saved_results(folder))]
        assert len(expected) >= 4

        browser.get(url + "?lang=en")
        assert until(lambda: rows(browser) == expected), (rows(browser), expected)
        cards = browser.find_elements(By.CSS_SELECTOR, "#tables .table")
        assert [c.get_attribute("data-table") for c in cards] == list(TABLES)
        assert browser.find_element(By.ID, "status").get_attribute("data-status") == "connected"
        under_way = cards[2].text
        assert "to play" in under_way and "Game over" not in under_way
        assert "Game over" in cards[0].text and "won" in cards[0].text
        assert browser.find_element(By.ID, "finished").text == "Games finished: 6"
        shots = [("scoreboard.png", browser.get_screenshot_as_png())]

        browser.get(url + "?lang=fr")
        assert until(lambda: rows(browser) == expected)
        assert browser.find_element(By.ID, "heading").text == "Soirée au club"
        assert browser.find_element(By.ID, "standings-heading").text == "Le classement de la soirée"
        assert "à jouer" in browser.find_elements(By.CSS_SELECTOR, "#tables .table")[2].text
        assert browser.find_element(By.ID, "finished").text == "Parties finies : 6"
        shots.append(("scoreboard-fr.png", browser.get_screenshot_as_png()))

        finish()  # live: table-3's game ends while the page is open, and the standings follow
        assert publishers["table-3"].wait_delivered(60)
        after = [(s.name, s.points, s.games, s.wins) for s in standings(saved_results(folder))]
        assert after != expected
        assert until(lambda: rows(browser) == after), (rows(browser), after)
        assert browser.find_element(By.ID, "finished").text == "Parties finies : 7"
        assert "Partie terminée" in browser.find_elements(By.CSS_SELECTOR, "#tables .table")[2].text
        assert browser.find_elements(By.CSS_SELECTOR, "#tables .table .ruling")[2].text  # its last ruling

        browser.get(url + "?lang=it")
        assert until(lambda: rows(browser) == after)
        assert browser.find_element(By.ID, "col-player").text == "Giocatore"

        for name, png in shots:
            (tmp_path / name).write_bytes(png)
            if os.environ.get("CLUB_SCREENSHOTS"):
                (ROOT / "docs" / "club").mkdir(exist_ok=True)
                (ROOT / "docs" / "club" / name).write_bytes(png)
    finally:
        server.shutdown()
        server.server_close()
        for publisher in publishers.values():
            publisher.close(wait=1)


def test_the_page_says_when_the_broker_refuses_it(broker: LocalBroker, browser: webdriver.Chrome) -> None:
    server = make_server(
        "127.0.0.1",
        0,
        PageConfig(f"ws://127.0.0.1:{broker.ws_port}", broker.ws_port, "scoreboard", "wrong", "it"),
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        browser.get(f"http://127.0.0.1:{server.server_address[1]}/")
        status = browser.find_element(By.ID, "status")
        assert until(lambda: status.get_attribute("data-status") in ("refused", "disconnected"))
        assert status.text == "Il server dei messaggi non risponde: nuovo tentativo."
        assert browser.find_element(By.ID, "heading").text == "Serata al club"
    finally:
        server.shutdown()
        server.server_close()
