"""Draws the default wiring as an SVG picture for deploy/WIRING.md: ``python -m hardware.wiring_diagram``.

Plain SVG text, no drawing library: the header in the middle, odd pins wired to the left, even pins to the
right, each part (resistor and LED, button, buzzer driver) between its pin and a ground rail.
"""

from __future__ import annotations

import sys
from html import escape
from pathlib import Path

from companion.panel import Level
from hardware.config import PanelConfig
from hardware.header import GROUND_PINS, HEADER_PIN, POWER_PINS
from hardware.lights import LEVEL_COLOURS

OUTPUT = Path(__file__).resolve().parents[1] / "deploy" / "wiring" / "panel.svg"

WIDTH, TOP, ROW = 1240, 120, 34
CENTRE = WIDTH // 2
PIN_X = {1: CENTRE - 18, 0: CENTRE + 18}  # by pin parity: odd pins on the left column
RAIL_X = {1: 40, 0: WIDTH - 40}  # the ground rails
LED_FILL = {"blue": "#3b82f6", "green": "#22c55e", "yellow": "#facc15", "red": "#ef4444", "white": "#f9fafb"}
TURN_LED_COLOUR, ALERT_LED_COLOUR = "blue", "white"  # colours no level light has
TURN_LED_OHMS, LEVEL_LED_OHMS, ALERT_LED_OHMS, BUZZER_BASE_OHMS = "100 Ω", "330 Ω", "100 Ω", "1 kΩ"


def _text(
    x: float, y: float, text: str, size: int = 13, anchor: str = "start", weight: str = "normal"
) -> str:
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{size}" text-anchor="{anchor}" font-weight="{weight}">'
        f"{escape(text)}</text>"
    )


def _line(x1: float, y1: float, x2: float, y2: float, width: float = 2) -> str:
    return f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" stroke="#111" stroke-width="{width:g}"/>'


def _resistor(x: float, y: float, side: int, ohms: str) -> str:
    """A zigzag resistor 60 px long starting at ``x`` and going away from the header."""
    step = -10 if side else 10
    points = (
        [(x, y)] + [(x + step * (i + 0.5), y + (-7 if i % 2 else 7)) for i in range(5)] + [(x + step * 6, y)]
    )
    path = " ".join(f"{px:g},{py:g}" for px, py in points)
    return f'<polyline points="{path}" fill="none" stroke="#111" stroke-width="2"/>' + _text(
        x + step * 3, y - 10, ohms, 11, "middle"
    )


def _led(x: float, y: float, side: int, colour: str) -> str:
    """An LED symbol pointing away from the header (anode on the header side), 24 px long."""
    tip = x - 20 if side else x + 20
    body = f"{x:g},{y - 9:g} {x:g},{y + 9:g} {tip:g},{y:g}"
    return f'<polygon points="{body}" fill="{LED_FILL[colour]}" stroke="#111" stroke-width="1.5"/>' + _line(
        tip, y - 9, tip, y + 9
    )


def _switch(x: float, y: float, side: int) -> str:
    """A push button (normally open) 50 px long."""
    end = x - 50 if side else x + 50
    a, b = (x - 10, end + 10) if side else (x + 10, end - 10)
    return (
        _line(x, y, a, y)
        + _line(b, y, end, y)
        + f'<circle cx="{a:g}" cy="{y:g}" r="3" fill="#fff" stroke="#111"/>'
        + f'<circle cx="{b:g}" cy="{y:g}" r="3" fill="#fff" stroke="#111"/>'
        + _line(a, y - 12, b, y - 12)
        + _line((a + b) / 2, y - 12, (a + b) / 2, y - 20)
    )


def _part(side: int, key: str, y: float) -> tuple[str, str]:
    """The symbols between a GPIO's wire and the ground rail (``side`` 1: left), and the part's label."""
    rail = RAIL_X[side]
    direction = -1 if side else 1
    start = CENTRE + direction * 200  # past the pin's name and the part's label
    section, _, rest = key.removeprefix("panel.").partition(".")
    if section == "buttons":
        body = (
            _line(PIN_X[side] + direction * 12, y, start, y)
            + _switch(start, y, side)
            + _line(start + direction * 50, y, rail, y)
        )
        return body, f"button: {rest.replace('_', ' ')}"
    if section == "buzzer":
        box_x = start + direction * 80
        left = min(box_x, box_x + direction * 130)
        body = (
            _line(PIN_X[side] + direction * 12, y, start, y)
            + _resistor(start, y, side, BUZZER_BASE_OHMS)
            + _line(start + direction * 60, y, box_x, y)
            + f'<rect x="{left:g}" y="{y - 12:g}" width="130" height="24" fill="#f3f4f6" stroke="#111"/>'
            + _text(left + 65, y + 4, "NPN + buzzer (5 V)", 11, "middle")
            + _line(box_x + direction * 130, y, rail, y)
        )
        return body, "buzzer (through a transistor)"
    if section == "alert":
        # Wired the other way round: 3V3 → resistor → LED → GPIO, lit when the pin is low.
        base = start + direction * 20
        box_x = start + direction * 110
        left = min(box_x, box_x + direction * 70)
        body = (
            _line(PIN_X[side] + direction * 12, y, start, y)
            + _led(base, y, 1 - side, ALERT_LED_COLOUR)
            + _line(base, y, start + direction * 40, y)
            + _resistor(start + direction * 40, y, side, ALERT_LED_OHMS)
            + _line(start + direction * 100, y, box_x, y)
            + f'<rect x="{left:g}" y="{y - 12:g}" width="70" height="24" fill="#fecaca" stroke="#111"/>'
            + _text(left + 35, y + 4, "3V3 (pin 1)", 11, "middle")
        )
        return body, f"alert LED ({ALERT_LED_COLOUR}, from 3V3)"
    seat, _, level = rest.partition(".")
    colour = LEVEL_COLOURS[Level(level)] if level else TURN_LED_COLOUR
    ohms = TURN_LED_OHMS if section == "turn" else LEVEL_LED_OHMS
    led_x = start + direction * 80
    body = (
        _line(PIN_X[side] + direction * 12, y, start, y)
        + _resistor(start, y, side, ohms)
        + _line(start + direction * 60, y, led_x, y)
        + _led(led_x, y, side, colour)
        + _line(led_x + direction * 20, y, rail, y)
    )
    n = seat.removeprefix("seat_")
    label = f"seat {n} turn LED ({colour})" if section == "turn" else f"seat {n} level {level}: {colour}"
    return body, label


def diagram(config: PanelConfig | None = None) -> str:
    """The SVG text of the wiring of ``config`` (the default wiring if None)."""
    config = config if config is not None else PanelConfig()
    used = {pin: key for key, pin in config.wiring()}
    height = TOP + 20 * ROW + 150
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" font-family="DejaVu Sans, Arial, sans-serif">',
        f'<rect width="{WIDTH}" height="{height}" fill="#ffffff"/>',
        _text(
            CENTRE,
            34,
            "Table companion panel: default wiring (Raspberry Pi 4 and 5, 40-pin header)",
            20,
            "middle",
            "bold",
        ),
        _text(
            CENTRE,
            58,
            "GPIO numbers are BCM; numbers in the header are physical pins. Pin 1 (3V3) is at the "
            "end of the header away from the USB ports.",
            12,
            "middle",
        ),
        _text(
            CENTRE,
            78,
            "LEDs: GPIO → resistor → LED anode (long leg); cathode to ground; the alert LED from 3V3 to its GPIO. "
            "Buttons: GPIO → button → ground (internal pull-ups).",
            12,
            "middle",
        ),
    ]
    bottom = TOP + 19 * ROW
    for side in (1, 0):
        rail = RAIL_X[side]
        out.append(_line(rail, TOP - 14, rail, bottom + 40, 3))
        out.append(_text(rail, TOP - 22, "GND rail", 12, "middle", "bold"))
    # Each rail is tied to the ground pins on its own side of the header, straight out along their rows.
    for physical in GROUND_PINS:
        side, y = physical % 2, TOP + (physical - 1) // 2 * ROW
        out.append(_line(PIN_X[side] + (-12 if side else 12), y, RAIL_X[side], y))  # from the pin's edge
    out.append(
        f'<rect x="{CENTRE - 38}" y="{TOP - 18}" width="76" height="{20 * ROW + 2}" rx="6" '
        f'fill="#1f2937" stroke="#111"/>'
    )
    for physical in range(1, 41):
        side = physical % 2
        y = TOP + (physical - 1) // 2 * ROW
        gpio = next((g for g, p in HEADER_PIN.items() if p == physical), None)
        if physical in POWER_PINS:
            name, fill = POWER_PINS[physical], "#fca5a5"
        elif physical in GROUND_PINS:
            name, fill = "GND", "#9ca3af"
        else:
            name, fill = f"GPIO{gpio}", "#fde68a" if gpio in used else "#e5e7eb"
        out.append(f'<circle cx="{PIN_X[side]}" cy="{y}" r="12" fill="{fill}" stroke="#111"/>')
        out.append(_text(PIN_X[side], y + 4, str(physical), 10, "middle", "bold"))
        label_x = CENTRE + (-46 if side else 46)  # outside the header's outline
        out.append(_text(label_x, y - 6, name, 11, "end" if side else "start", "bold"))
        if gpio in used:
            body, label = _part(side, used[gpio], y)
            out.append(body)
            out.append(_text(label_x, y + 14, label, 10, "end" if side else "start"))
    notes = [
        f"Turn LEDs: blue, {TURN_LED_OHMS}. Level LEDs: green / yellow / red (low / mid / high), "
        f"{LEVEL_LED_OHMS} (use 100 Ω for an LED whose forward voltage is about 3 V). "
        f"Alert LED: white, {ALERT_LED_OHMS}.",
        f"Buzzer: GPIO → {BUZZER_BASE_OHMS} → base of an NPN transistor (2N2222 or BC547); active buzzer "
        "between 5 V and the collector; emitter to ground.",
        "GPIO 3 is left free. GPIO 14 and 15 are the serial port on a Pi 4: keep the serial console off.",
    ]
    for i, note in enumerate(notes):
        out.append(_text(CENTRE, bottom + 80 + i * 18, note, 12, "middle"))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write the picture (to deploy/wiring/panel.svg, or to the path given)."""
    args = sys.argv[1:] if argv is None else argv
    target = Path(args[0]) if args else OUTPUT
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(diagram(), encoding="utf-8")
    print(target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
