"""`companion doctor`: each check on a fake machine (a Pi with no camera, a camera that hangs, a full data folder,
a clock in 1970, pins claimed by SPI, no display, a rotation of 45), and the real command on this machine, which
has no Pi camera and no GPIO, in English, French and Italian."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ui.doctor.camera import Frame, NoPiCamera, check_camera
from ui.doctor.clock import NOT_BEFORE, check_clock
from ui.doctor.dependencies import DEPENDENCIES, Imported, check_dependencies, import_in_child
from ui.doctor.display import check_display, screen_rotation
from ui.doctor.findings import Finding, Machine, Status
from ui.doctor.panel import check_panel
from ui.doctor.python_env import Interpreter, check_python
from ui.doctor.run import Options, as_data, as_text, examine, exit_code
from ui.doctor.storage import check_storage
from ui.doctor.touch import check_touch, input_devices, mask_bits
from ui.speech.espeak import Espeak
from vision.sources import NO_CAMERA, SourceError

ROOT = Path(__file__).resolve().parents[2]

# /proc/bus/input/devices on a Pi 4 with the 7-inch display (its FT5406 touch on the DSI ribbon) and a keyboard.
PI_INPUT = """I: Bus=0018 Vendor=0000 Product=0000 Version=0000
N: Name="generic ft5x06 (79)"
P: Phys=
S: Sysfs=/devices/virtual/input/input0
U: Uniq=
H: Handlers=mouse0 event0
B: PROP=2
B: EV=b
B: KEY=400 0 0 0 0 0 0 0 0 0 0
B: ABS=2608000 3

I: Bus=0003 Vendor=046d Product=c31c Version=0110
N: Name="Logitech USB Keyboard"
P: Phys=usb-0000:01:00.0-1.3/input0
H: Handlers=sysrq kbd leds event1
B: PROP=0
B: EV=120013
B: KEY=1000000000007 ff9f207ac14057ff febeffdfffefffff fffffffffffffffe
"""
TOUCHPAD = """N: Name="SynPS/2 Synaptics TouchPad"
H: Handlers=mouse1 event5
B: PROP=5
B: ABS=660800011000003
"""


def every_import_works(
    *missing: str, error: str = "ModuleNotFoundError: No module named {m!r}"
) -> dict[str, Imported]:
    return {
        d.module: Imported(False, error=error.format(m=d.module))
        if d.module in missing
        else Imported(True, "1.0")
        for d in DEPENDENCIES
    }


def a_pi(root: Path, model: str = "Raspberry Pi 5 Model B Rev 1.0") -> Path:
    (root / "proc/device-tree").mkdir(parents=True, exist_ok=True)
    (root / "proc/device-tree/model").write_bytes(model.encode() + b"\x00")
    (root / "dev").mkdir(exist_ok=True)
    return root


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def words(findings: list[Finding], language: str = "en") -> str:
    return "\n".join(f"{f.text(language)} {f.fix_text(language) or ''}" for f in findings)


def only(findings: list[Finding], check: str) -> Finding:
    (found,) = [f for f in findings if f.check == check]
    return found


# --- the camera ---


def test_a_pi_with_no_camera_says_so_and_what_to_check(tmp_path: Path) -> None:
    def none_connected(spec: str, wait: float) -> Frame:
        raise NoPiCamera

    (camera,) = check_camera(Machine(a_pi(tmp_path)), "picamera", every_import_works(), opener=none_connected)
    assert camera.status is Status.PROBLEM
    assert "no camera connected" in camera.text("en") and "rpicam-hello" in (camera.fix_text("en") or "")
    assert "aucune caméra branchée" in camera.text("fr")


def test_a_camera_that_hangs_is_given_up_on_and_said(tmp_path: Path) -> None:
    release = threading.Event()

    def hangs(spec: str, wait: float) -> Frame:
        release.wait()  # a capture_request that never returns
        return Frame(1, 1)

    try:
        (camera,) = check_camera(
            Machine(a_pi(tmp_path)), "picamera", every_import_works(), wait=0.05, grace=0.05, opener=hangs
        )
    finally:
        release.set()
    assert camera.status is Status.PROBLEM
    assert camera.text("en") == "camera picamera did not answer in 0.1 seconds: its driver hangs"
    assert "bloqué" in camera.text("fr") and "bloccato" in camera.text("it")


def test_a_frame_taken_is_ok_with_its_size(tmp_path: Path) -> None:
    (camera,) = check_camera(
        Machine(tmp_path), "webcam:0", every_import_works(), opener=lambda spec, wait: Frame(1920, 1080)
    )
    assert camera.status is Status.OK
    assert camera.text("en") == "camera webcam:0: one frame taken, 1920x1080 pixels"


def test_a_source_giving_no_frame_is_told_in_visions_words(tmp_path: Path) -> None:
    def no_frame(spec: str, wait: float) -> Frame:
        raise SourceError(NO_CAMERA, spec=spec, wait="8")

    (camera,) = check_camera(Machine(tmp_path), "webcam:3", every_import_works(), opener=no_frame)
    assert camera.status is Status.PROBLEM
    assert "webcam:3" in camera.text("it") and camera.text("it") != camera.text("en")
    assert camera.text("en").startswith("no frame could be read from webcam:3 in 8 seconds")


def test_off_a_pi_the_pi_camera_is_named_missing_without_trying_it(tmp_path: Path) -> None:
    def never(spec: str, wait: float) -> Frame:
        raise AssertionError("not opened")

    imported = every_import_works("picamera2", "libcamera")
    (camera,) = check_camera(Machine(tmp_path), "picamera", imported, opener=never)
    assert camera.status is Status.PROBLEM and "not a Raspberry Pi" in camera.text("en")
    assert "--source webcam:0" in (camera.fix_text("en") or "")


# --- the libraries and Python ---


def test_apts_picamera2_against_another_numpy_points_at_the_numeric_stack(tmp_path: Path) -> None:
    error = "ValueError: numpy.dtype size changed, may indicate binary incompatibility"
    imported = every_import_works("picamera2", error=error)
    found = check_dependencies(Machine(a_pi(tmp_path)), imported)
    picamera2 = only(found, "dependency.picamera2")
    assert picamera2.status is Status.PROBLEM and "dtype size changed" in picamera2.text("en")
    assert "numeric stack" in (picamera2.fix_text("en") or "")
    assert all(f.status is Status.OK for f in found if f is not picamera2)


def test_off_a_pi_the_pi_libraries_and_gpiozero_are_warnings_and_opencv_a_problem(tmp_path: Path) -> None:
    found = check_dependencies(Machine(tmp_path), every_import_works("picamera2", "gpiozero", "cv2"))
    assert only(found, "dependency.picamera2").status is Status.WARNING
    assert only(found, "dependency.gpiozero").status is Status.WARNING
    assert only(found, "dependency.cv2").status is Status.PROBLEM
    on_pi = check_dependencies(Machine(a_pi(tmp_path)), every_import_works("gpiozero"))
    assert only(on_pi, "dependency.gpiozero").status is Status.PROBLEM


def test_a_library_with_no_version_says_so_in_the_language(tmp_path: Path) -> None:
    imported = every_import_works() | {"libcamera": Imported(True, None)}
    libcamera = only(check_dependencies(Machine(a_pi(tmp_path)), imported), "dependency.libcamera")
    assert libcamera.text("en") == "libcamera (no version number): the Pi camera"
    assert libcamera.text("fr") == "libcamera (sans numéro de version) : la caméra Pi"


def test_the_child_import_gives_the_version_or_the_error() -> None:
    import numpy

    assert import_in_child("numpy", os.environ) == Imported(True, numpy.__version__)
    missing = import_in_child("no_such_module_here", os.environ)
    assert not missing.ok and missing.error == "ModuleNotFoundError: No module named 'no_such_module_here'"


def test_a_venv_blind_to_apt_is_a_problem_on_a_pi_only(tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    write(venv / "pyvenv.cfg", "home = /usr/bin\ninclude-system-site-packages = false\n")
    python = Interpreter((3, 11, 2), str(venv / "bin/python"), venv, Path("/usr"))
    assert only(check_python(Machine(a_pi(tmp_path / "pi")), python), "venv").status is Status.PROBLEM
    assert only(check_python(Machine(tmp_path / "pc"), python), "venv").status is Status.OK
    write(venv / "pyvenv.cfg", "include-system-site-packages = true\n")
    assert only(check_python(Machine(a_pi(tmp_path / "pi")), python), "venv").status is Status.OK
    bare = Interpreter((3, 9, 2), "/usr/bin/python3", Path("/usr"), Path("/usr"))
    found = check_python(Machine(tmp_path), bare)
    assert only(found, "python").status is Status.PROBLEM and only(found, "venv").status is Status.WARNING


# --- the screen and touch ---


def test_no_display_is_a_problem_and_a_desktop_or_a_connected_screen_is_not(tmp_path: Path) -> None:
    config = tmp_path / "none.toml"
    none = check_display(Machine(tmp_path, environ={}), config)
    assert only(none, "display").status is Status.PROBLEM and "no screen" in words(none)
    desktop = check_display(Machine(tmp_path, environ={"DISPLAY": ":0"}), config)
    assert only(desktop, "display").text("en") == "a desktop's display: DISPLAY=:0"
    write(tmp_path / "sys/class/drm/card1-HDMI-A-1/status", "disconnected\n")
    write(tmp_path / "sys/class/drm/card1-DSI-1/status", "connected\n")
    write(tmp_path / "sys/class/drm/card1-DSI-1/modes", "800x480\n")
    screen = only(check_display(Machine(tmp_path, environ={}), config), "display")
    assert screen.status is Status.OK and screen.text("en") == "screen DSI-1 is 800x480 pixels"


def test_an_upright_screen_asks_for_a_rotation_until_one_is_set(tmp_path: Path) -> None:
    write(tmp_path / "sys/class/drm/card1-DSI-2/status", "connected\n")
    write(tmp_path / "sys/class/drm/card1-DSI-2/modes", "720x1280\n")
    config = write(tmp_path / "config.toml", "[screen]\nrotation = 0\n")
    upright = only(check_display(Machine(tmp_path, environ={}), config), "display")
    assert upright.status is Status.WARNING and "rotation = 90" in (upright.fix_text("en") or "")
    write(config, "[screen]\nrotation = 270\n")
    found = check_display(Machine(tmp_path, environ={}), config)
    assert only(found, "display").status is Status.OK
    assert only(found, "rotation").text("en") == f"rotation: 270°, set by [screen] rotation in {config}"


@pytest.mark.parametrize("value", ["45", '"90"', "true", "-90", "360"])
def test_a_rotation_of_45_is_a_problem_naming_the_value_and_the_choices(tmp_path: Path, value: str) -> None:
    config = write(tmp_path / "config.toml", f'[panel]\nmode = "auto"\n\n[screen]\nrotation = {value}\n')
    rotation = only(check_display(Machine(tmp_path, environ={}), config), "rotation")
    assert rotation.status is Status.PROBLEM
    assert "0, 90, 180 or 270" in rotation.text("en") and str(config) in rotation.text("en")
    assert "0, 90, 180 ou 270" in rotation.text("fr")


def test_the_rotation_is_read_tolerant_of_its_absence_and_said_of_a_broken_file(tmp_path: Path) -> None:
    assert screen_rotation(tmp_path / "absent.toml").degrees is None
    assert screen_rotation(write(tmp_path / "other.toml", '[panel]\nmode = "off"\n')).degrees is None
    broken = screen_rotation(write(tmp_path / "broken.toml", "[screen\n"))
    assert broken.degrees is None and broken.error
    (finding,) = [
        f
        for f in check_display(Machine(tmp_path, environ={"DISPLAY": ":1"}), tmp_path / "broken.toml")
        if f.check == "rotation"
    ]
    assert finding.status is Status.PROBLEM


def test_the_touch_screen_is_found_and_a_touchpad_is_not(tmp_path: Path) -> None:
    write(tmp_path / "proc/bus/input/devices", PI_INPUT + "\n" + TOUCHPAD)
    (touch,) = check_touch(Machine(a_pi(tmp_path)))
    assert touch.status is Status.OK and touch.text("en") == "touch: generic ft5x06 (79) (/dev/input/event0)"
    write(tmp_path / "proc/bus/input/devices", TOUCHPAD)
    (none,) = check_touch(Machine(tmp_path))
    assert none.status is Status.PROBLEM and "DSI" in (none.fix_text("en") or "")  # a Pi with no touch
    (off_pi,) = check_touch(Machine(tmp_path / "pc"))
    assert off_pi.status is Status.WARNING


def test_input_blocks_are_parsed() -> None:
    touch, keyboard = input_devices(PI_INPUT)
    assert touch.event == "event0" and touch.is_touch_screen
    assert keyboard.event == "event1" and not keyboard.is_touch_screen


@given(st.frozensets(st.integers(0, 767)), st.sampled_from([32, 64]))
def test_a_kernel_bitmap_is_read_back_in_either_word_size(bits: frozenset[int], width: int) -> None:
    words = [
        sum(1 << (b - i * width) for b in bits if i * width <= b < (i + 1) * width)
        for i in range(768 // width)
    ]
    while len(words) > 1 and words[-1] == 0:  # the kernel leaves out the high words that are zero
        words.pop()
    digits = width // 4
    text = " ".join([f"{words[-1]:x}", *(f"{w:0{digits}x}" for w in reversed(words[:-1]))])
    assert mask_bits(text) == bits


# --- the panel, the data folder, the clock ---


def test_pins_claimed_by_spi_are_problems_naming_pin_role_and_line(tmp_path: Path) -> None:
    root = a_pi(tmp_path)
    write(root / "boot/firmware/config.txt", "[all]\ndtparam=spi=on\n")
    (root / "dev/gpiochip0").touch()
    found = check_panel(Machine(root, environ={"HOME": str(tmp_path / "home")}), None)
    assert only(found, "panel").status is Status.OK
    (pins,) = [f for f in found if f.check == "panel.pins"]
    assert pins.status is Status.PROBLEM
    assert "panel.level.seat_3.low → GPIO 9 (SPI0 MISO)" in pins.text("en") and "dtparam=spi=on" in pins.text(
        "en"
    )
    assert pins.text("fr").startswith("Panneau : SPI0") and pins.text("it").startswith("Pannello: SPI0")


def test_a_pi_with_no_bus_on_the_panels_pins_says_they_are_free(tmp_path: Path) -> None:
    root = a_pi(tmp_path)
    write(root / "boot/firmware/config.txt", "dtparam=audio=on\n")
    (root / "dev/gpiochip0").touch()
    found = check_panel(Machine(root, environ={"HOME": str(tmp_path / "home")}), None)
    assert [f.status for f in found] == [Status.OK, Status.OK]
    assert "none of its pins" in words(found)


def test_a_broken_panel_config_is_said_in_the_panels_words(tmp_path: Path) -> None:
    config = write(tmp_path / "c.toml", '[panel]\nmode = "sometimes"\n')
    (panel,) = check_panel(Machine(tmp_path, environ={"HOME": str(tmp_path)}), str(config))
    assert (
        panel.status is Status.PROBLEM
        and "panel.mode" in panel.text("en")
        and "sometimes" in panel.text("it")
    )
    assert panel.text("fr") != panel.text("en")


def test_a_full_data_folder_is_a_problem_and_a_low_one_a_warning(tmp_path: Path) -> None:
    home = tmp_path / "not/yet/made"  # the app makes it at the first save: its parent's disk is measured
    measured: list[Path] = []

    def free(megabytes: int):  # type: ignore[no-untyped-def]
        def usage(path: Path) -> tuple[int, int, int]:
            measured.append(path)
            return (32_000_000_000, 0, megabytes * 1_000_000)

        return usage

    (full,) = check_storage(home, free(12))
    assert (
        full.status is Status.PROBLEM
        and "12 MB free" in full.text("en")
        and "not be saved" in full.text("en")
    )
    assert measured == [tmp_path]
    (low,) = check_storage(home, free(400))
    assert low.status is Status.WARNING
    (plenty,) = check_storage(home, free(20_000))
    assert plenty.status is Status.OK and plenty.text("fr") == f"dossier des données {home} : 20000 Mo libres"


def test_a_clock_in_1970_is_a_problem_that_says_the_order_is_safe_and_the_dates_are_not(
    tmp_path: Path,
) -> None:
    (clock,) = check_clock(
        Machine(tmp_path), now=lambda: datetime(1970, 1, 1, 0, 0, 12, tzinfo=UTC), ask=lambda _: None
    )
    assert clock.status is Status.PROBLEM
    text = clock.text("en")
    assert "1970-01-01 00:00" in text and "keep their order" in text and "dates shown" in text
    assert "sudo date -s" in (clock.fix_text("en") or "")
    assert "1970-01-01" in clock.text("it") and "ordine" in clock.text("it")


def test_the_clocks_source_is_named(tmp_path: Path) -> None:
    now = datetime(2027, 3, 1, 20, 0, tzinfo=UTC)
    (nothing,) = check_clock(Machine(tmp_path), now=lambda: now, ask=lambda _: None)
    assert nothing.status is Status.WARNING
    (by_timedatectl,) = check_clock(Machine(tmp_path), now=lambda: now, ask=lambda argv: "yes")
    assert by_timedatectl.status is Status.OK and "NTP" in by_timedatectl.text("en")
    write(tmp_path / "etc/fake-hwclock.data", "2027-02-27 18:00:00\n")
    (fake,) = check_clock(Machine(tmp_path), now=lambda: now, ask=lambda _: "no")
    assert fake.status is Status.WARNING and "fake-hwclock" in fake.text("en")
    (tmp_path / "dev").mkdir()
    (tmp_path / "dev/rtc0").touch()
    (rtc,) = check_clock(Machine(tmp_path), now=lambda: now, ask=lambda _: "no")
    assert rtc.status is Status.OK and "/dev/rtc0" in rtc.text("en")
    write(tmp_path / "run/systemd/timesync/synchronized", "")
    (synced,) = check_clock(Machine(tmp_path), now=lambda: now, ask=lambda _: "no")
    assert synced.text("en") == "clock: 2027-03-01 20:00 UTC, set by the network (NTP)"


def test_the_build_date_floor_is_in_the_past() -> None:
    assert datetime.now(UTC) > NOT_BEFORE


# --- the whole doctor ---


@pytest.fixture
def good_pi(tmp_path: Path) -> Iterator[Machine]:
    """A Pi with everything: screen, touch, free pins, a synchronised clock."""
    root = a_pi(tmp_path / "root")
    write(root / "sys/class/drm/card1-DSI-1/status", "connected\n")
    write(root / "sys/class/drm/card1-DSI-1/modes", "800x480\n")
    write(root / "proc/bus/input/devices", PI_INPUT)
    write(root / "boot/firmware/config.txt", "dtparam=audio=on\ncamera_auto_detect=1\n")
    write(root / "run/systemd/timesync/synchronized", "")
    write(root / "proc/asound/cards", PI_SOUND_CARDS)
    (root / "dev/gpiochip0").touch()
    (root / "dev/input").mkdir()
    (root / "dev/input/event0").touch()
    yield Machine(root, environ={"HOME": str(tmp_path / "home")})


# A Pi 4's /proc/asound/cards: its two HDMI outputs and the headphone jack.
PI_SOUND_CARDS = """ 0 [vc4hdmi0       ]: vc4-hdmi - vc4-hdmi-0
                      vc4-hdmi-0
 1 [vc4hdmi1       ]: vc4-hdmi - vc4-hdmi-1
                      vc4-hdmi-1
 2 [Headphones     ]: bcm2835_headpho - bcm2835 Headphones
                      bcm2835 Headphones
"""


class SilentEspeak(Espeak):
    """espeak-ng writing to a WAV file in a temporary folder where the doctor would play (no speaker here)."""

    def say(self, text: str, voice: str, wav: Path | None = None) -> None:
        with tempfile.TemporaryDirectory() as folder:
            super().say(text, voice, wav or Path(folder) / "played.wav")
            self.played = text


def fake_options(tmp_path: Path) -> Options:
    venv = tmp_path / "venv"
    write(venv / "pyvenv.cfg", "include-system-site-packages = true\n")
    return Options(
        home=tmp_path / "games",
        importer=lambda module: Imported(True, "1.0"),
        opener=lambda spec, wait: Frame(2304, 1296),
        python=Interpreter((3, 11, 2), str(venv / "bin/python"), venv, Path("/usr")),
        disk_usage=lambda path: (32_000_000_000, 2_000_000_000, 30_000_000_000),
        speech=SilentEspeak(),
    )


def test_a_pi_with_everything_passes_with_exit_code_0(good_pi: Machine, tmp_path: Path) -> None:
    findings = examine(good_pi, fake_options(tmp_path))
    assert [(f.check, f.text("en")) for f in findings if f.status is not Status.OK] == []
    assert exit_code(findings) == 0
    assert as_text(findings, "en")[-1] == "Nothing stops the companion here."


def test_the_same_pi_with_spi_on_fails_and_its_data_keeps_stable_keys(
    good_pi: Machine, tmp_path: Path
) -> None:
    write(good_pi.root / "boot/firmware/config.txt", "dtparam=spi=on\n")
    findings = examine(good_pi, fake_options(tmp_path))
    assert exit_code(findings) == 1
    data = as_data(findings, "it")
    assert set(data) == {"language", "verdict", "exit_code", "findings"}
    assert data["verdict"] == "problem" and data["exit_code"] == 1 and data["language"] == "it"
    assert all(set(f) == {"check", "status", "text", "fix", "data"} for f in data["findings"])
    camera = next(f for f in data["findings"] if f["check"] == "camera")
    assert camera["data"] == {"source": "picamera", "width": 2304, "height": 1296}
    assert camera["text"] == "fotocamera picamera: un fotogramma acquisito, 2304x1296 pixel"
    json.dumps(data)  # data only: nothing that JSON cannot hold


# --- the real command on this machine ---

MISSING_HERE = {
    "en": ("no Pi camera here", "no GPIO here", "problem"),
    "fr": ("pas de caméra Pi ici", "pas de GPIO ici", "problème"),
    "it": ("nessuna fotocamera Pi qui", "nessun GPIO qui", "problema"),
}


def run_doctor(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "COMPANION_"))} | {
        "HOME": str(tmp_path)
    }
    return subprocess.run(
        [sys.executable, "-m", "companion.cli", "doctor", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
    )


@pytest.mark.parametrize("language", ["en", "fr", "it"])
def test_the_command_names_what_this_machine_lacks_in_each_language(tmp_path: Path, language: str) -> None:
    from tests.english import EnglishFinder, english_messages, english_words

    done = run_doctor(tmp_path, "--lang", language)
    assert done.returncode == 1, done.stderr  # no camera here: a problem
    assert done.stderr == ""
    for words_expected in MISSING_HERE[language]:
        assert words_expected in done.stdout, (words_expected, done.stdout)
    if language != "en":
        # Names of libraries, paths and versions are codes, not English sentences.
        finder = EnglishFinder(frozenset(), english_messages(language), english_words(language))
        assert finder.english_lines(done.stdout) == []


def test_the_commands_json_is_the_same_findings_as_data(tmp_path: Path) -> None:
    done = run_doctor(tmp_path, "--json", "--lang", "fr")
    data = json.loads(done.stdout)
    assert done.returncode == data["exit_code"] == 1
    checks = [f["check"] for f in data["findings"]]
    assert {
        "python",
        "venv",
        "dependency.cv2",
        "camera",
        "display",
        "touch",
        "panel",
        "data",
        "clock",
    } <= set(checks)
    camera = next(f for f in data["findings"] if f["check"] == "camera")
    assert camera["status"] == "problem" and "pas de caméra Pi ici" in camera["text"]


def test_the_pi_camera_is_listed_before_it_is_opened() -> None:
    from ui.doctor.camera import take_one_frame

    asked: list[list[str]] = []

    def no_cameras(argv: list[str]) -> str | None:
        asked.append(argv)
        return None if argv[0] == "rpicam-hello" else "No cameras available!\n"  # a Bullseye Pi

    with pytest.raises(NoPiCamera):
        take_one_frame("picamera", 0.1, listing=no_cameras)
    assert asked == [["rpicam-hello", "--list-cameras"], ["libcamera-hello", "--list-cameras"]]


def test_the_doctor_loads_no_heavy_library_until_a_check_needs_it() -> None:
    """cv2, Kivy, gpiozero and picamera2 are imported inside the checks (kivy and picamera2 only in a child
    process), so a missing or broken one is a finding, never the doctor's crash."""
    code = (
        "import sys\n"
        "import ui.doctor.run\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'cv2', 'numpy', 'gpiozero', 'kivy', 'picamera2'}))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert done.stdout.strip() == "[]"


def test_the_commands_camera_wait_default_is_the_checks() -> None:
    from companion.cli import build_parser
    from ui.doctor.camera import CAMERA_WAIT

    parser, _ = build_parser()
    assert parser.parse_args(["doctor"]).camera_wait == CAMERA_WAIT


def test_speech_is_played_on_the_pis_sound_cards(good_pi: Machine) -> None:
    from ui.doctor.speech import check_speech

    engine = SilentEspeak()
    [found] = check_speech(good_pi, engine)
    assert found.status is Status.OK and engine.played == "The referee speaks."
    assert (
        found.text("en") == "speech: espeak-ng said a test sentence, played on vc4hdmi0, vc4hdmi1, Headphones"
    )


def test_no_sound_card_still_checks_espeak_ng_and_says_what_to_plug_in(tmp_path: Path) -> None:
    from ui.doctor.speech import check_speech

    [found] = check_speech(Machine(tmp_path), Espeak())
    assert found.status is Status.WARNING and "no audio device" in found.text("en")
    assert "USB speaker" in (found.fix_text("en") or "")


def test_a_missing_espeak_ng_is_a_warning_in_words(tmp_path: Path) -> None:
    from ui.doctor.speech import check_speech

    [found] = check_speech(Machine(tmp_path), Espeak(binary=str(tmp_path / "espeak-ng")))
    assert found.status is Status.WARNING and found.text("fr").startswith(
        "voix : espeak-ng ne peut pas être lancé"
    )
    assert found.fix_text("en") == "sudo apt-get install espeak-ng"
