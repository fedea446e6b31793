"""The wiring documents agree with the code: the header map, the committed picture, and the pin table."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from gpiozero.pins.mock import MockFactory

from hardware.config import PanelConfig
from hardware.header import GROUND_PINS, HEADER_PIN, POWER_PINS
from hardware.wiring_diagram import OUTPUT, diagram, main

ROOT = Path(__file__).parents[2]


def test_header_map_matches_gpiozero_for_a_pi_4_and_a_pi_5() -> None:
    for revision in ("c03114", "d04170"):  # Pi 4 B 4 GB, Pi 5 8 GB
        header = MockFactory(revision=revision).board_info.headers["J8"].pins
        assert {
            int(p.name.removeprefix("GPIO")): n for n, p in header.items() if p.name.startswith("GPIO")
        } == HEADER_PIN
        assert {n for n, p in header.items() if p.name == "GND"} == set(GROUND_PINS)
        assert {n: p.name for n, p in header.items() if p.name in ("3V3", "5V")} == POWER_PINS


def test_the_committed_picture_is_up_to_date_and_well_formed() -> None:
    svg = diagram()
    assert OUTPUT == ROOT / "deploy" / "wiring" / "panel.svg"
    assert OUTPUT.read_text(encoding="utf-8") == svg, "run: python -m hardware.wiring_diagram"
    root = ET.fromstring(svg)
    texts = {t.text for t in root.iter("{http://www.w3.org/2000/svg}text")}
    assert {
        "GPIO17",
        "seat 1 turn LED (blue)",
        "button: undo",
        "button: action 1",
        "button: action 2",
        "seat 4 level high: red",
        "alert LED (white, from 3V3)",
    } <= texts


def test_the_generator_writes_where_it_is_told(tmp_path: Path) -> None:
    target = tmp_path / "wiring" / "panel.svg"
    assert main([str(target)]) == 0
    assert target.read_text(encoding="utf-8") == diagram()


def test_the_pin_table_in_wiring_md_is_the_default_wiring() -> None:
    text = (ROOT / "deploy" / "WIRING.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\|[^|\n]*\|\s*`(panel\.[\w.]+)`\s*\|\s*(\d+)\s*\|\s*(\d+)\s*\|", text, re.MULTILINE)
    table = {key: (int(bcm), int(physical)) for key, bcm, physical in rows}
    assert table == {key: (pin, HEADER_PIN[pin]) for key, pin in PanelConfig().wiring()}
