import ast
from pathlib import Path

import cv2
import numpy as np
import pytest

import vision
from companion.cli import main
from companion.i18n import marked_messages, parse_po
from vision.sources import ImageFolder, Retrying, open_source

VISION = Path(vision.__file__).parent


def test_print_stickers_and_mats(tmp_path, capsys):
    assert main(["print", "stickers", "kai-piranja", "--out", str(tmp_path / "s.pdf")]) == 0
    assert main(["print", "mats", "--players", "4", "--out", str(tmp_path / "m.pdf"), "--paper", "letter",
                 "--language", "it"]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert "160 stickers" in out and "4 tappetini" in out  # the summary in the language asked for
    pdf = (tmp_path / "m.pdf").read_bytes()
    assert pdf.startswith(b"%PDF") and b"/MediaBox [0 0 792.00 612.00]" in pdf  # Letter landscape, in points


def test_print_errors_are_one_line(tmp_path, capsys):
    assert main(["print", "stickers", "no-such-game", "--out", str(tmp_path / "x.pdf")]) == 2
    assert main(["print", "mats", "--players", "12", "--out", str(tmp_path / "x.pdf")]) == 2
    err = capsys.readouterr().err
    assert "unknown game" in err and "Traceback" not in err


def test_no_camera_is_a_clean_error(capsys):
    assert main(["camera", "check", "--source", "webcam:57", "--wait", "0.3", "--players", "4"]) == 2
    assert "No camera image" in capsys.readouterr().err


def test_a_lost_camera_is_retried_without_crashing():
    frames = iter([np.zeros((4, 4, 3), np.uint8), None])
    opened = []

    def open_device():
        opened.append(1)
        if len(opened) == 2:
            raise OSError("unplugged")
        return lambda: next(frames, np.ones((4, 4, 3), np.uint8))

    src = Retrying(open_device, "test camera", retry_every=0.0)
    assert src.read() is not None
    assert src.read() is None and "lost" in src.problem
    assert src.read() is None and "unplugged" in src.problem
    assert src.read() is not None and src.problem is None


def test_image_folder_source(tmp_path):
    for i in range(2):
        cv2.imwrite(str(tmp_path / f"{i}.png"), np.full((8, 8, 3), i * 50, np.uint8))
    src = open_source(str(tmp_path))
    assert isinstance(src, ImageFolder)
    assert [int(src.read()[0, 0, 0]) for _ in range(2)] == [0, 50] and src.read() is None
    with pytest.raises(ValueError):
        open_source(str(tmp_path / "missing"))


def test_every_marked_message_is_translated():
    msgids = set()
    for path in VISION.rglob("*.py"):  # each game's own package (vision/games/) too
        msgids |= marked_messages(path.read_text())
    assert msgids
    for lang in ("fr", "it"):
        po = parse_po((VISION / "locale" / lang / "LC_MESSAGES" / "vision.po").read_text(encoding="utf-8"))
        missing = sorted(m for m in msgids if not po.get(m))
        assert not missing, f"{lang}: {missing}"


def test_vision_imports_no_forbidden_module():
    forbidden = {"kivy", "gpiozero", "picamera2", "hardware", "ui"}
    for path in VISION.rglob("*.py"):  # each game's own package (vision/games/) too
        tree = ast.parse(path.read_text())
        for node in tree.body:  # module level only: picamera2 is imported inside the function that needs it
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            assert not any(n.split(".")[0] in forbidden for n in names), path
