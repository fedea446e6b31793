"""A frame source that cannot give frames is said in words: what is wrong with the spec, or why no frame came."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from vision.sources import ImageFolder, SourceError, Started, open_source, opened


@pytest.mark.parametrize("spec", ["webcam:x", "webcam:-1", "webcam: 1", "webcam:1.5"])
def test_a_webcam_without_a_number_is_told_so(spec: str) -> None:
    with pytest.raises(SourceError) as caught:
        open_source(spec)
    assert str(caught.value).startswith(f"{spec}: webcam needs a number")
    assert "invalid literal" not in str(caught.value)


@given(st.text(min_size=1, max_size=6).filter(lambda t: not t.isdigit()))
def test_a_synthetic_seed_that_is_no_number_is_told_so(seed: str) -> None:
    with pytest.raises(SourceError, match="synthetic needs a number"):
        open_source(f"synthetic:{seed}")


@pytest.mark.parametrize("name", ["game.mp4", "frames", "webcamera", "picamera2"])
def test_a_missing_file_is_named_as_missing(tmp_path: Path, name: str) -> None:
    spec = str(tmp_path / name) if "." in name or name == "frames" else name
    with pytest.raises(SourceError) as caught:
        open_source(spec)
    assert str(caught.value).startswith(f"{spec}: no such file or folder")


def test_no_frame_from_an_empty_folder_a_text_file_or_a_corrupt_video(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "notes.txt").write_text("not an image")
    text = tmp_path / "notes.txt"
    text.write_text("hello")
    video = tmp_path / "game.mp4"
    video.write_bytes(bytes(range(256)) * 400)
    image = tmp_path / "frame.png"
    image.write_bytes(b"not a png")
    cases = {
        empty: "the folder holds no image (png, jpg",
        text: "it is not an image or a video",
        video: "it is not an image or a video",
        image: "it is not an image or a video",
    }
    for path, why in cases.items():
        with pytest.raises(SourceError) as caught:
            opened(str(path), wait=5.0)
        assert str(caught.value).startswith(f"no frame could be read from {path}: {why}")


def test_a_camera_that_gives_no_frame_is_told_after_the_wait() -> None:
    with pytest.raises(SourceError) as caught:
        opened("webcam:9", wait=0.3)
    assert str(caught.value) == (
        "no frame could be read from webcam:9 in 0.3 seconds: check the camera's cable and --source"
    )


def test_the_first_frame_read_to_open_a_source_is_given_again(tmp_path: Path) -> None:
    for i in range(3):
        cv2.imwrite(str(tmp_path / f"{i}.png"), np.full((8, 8, 3), i * 50, np.uint8))
    source = opened(str(tmp_path), wait=1.0)
    assert isinstance(source, Started) and isinstance(source.source, ImageFolder)
    frames = [source.read() for _ in range(4)]
    assert [int(f[0, 0, 0]) for f in frames[:3] if f is not None] == [0, 50, 100] and frames[3] is None
    source.close()


def test_source_errors_are_told_in_french_and_italian() -> None:
    with pytest.raises(SourceError) as caught:
        open_source("webcam:x")
    assert caught.value.tell("fr").startswith("webcam:x : webcam demande un numéro")
    assert caught.value.tell("it").startswith("webcam:x: webcam vuole un numero")


def test_a_folder_this_user_may_not_open_is_told_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The tests may run as root, whom no permission stops: the folder's listing is refused as it would be.
    def refuse(self: Path):
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "iterdir", refuse)
    with pytest.raises(SourceError) as caught:
        open_source(str(tmp_path))
    assert str(caught.value) == (
        f"no frame could be read from {tmp_path}: this user may not open the folder (its permissions)"
    )


@pytest.mark.parametrize(
    ("spec", "opener", "args"),
    [
        ("picamera", "picamera", {}),
        ("picamera@4608x2592", "picamera", {"width": 4608, "height": 2592}),
        ("webcam:1@1920x1080", "webcam", {"width": 1920, "height": 1080}),
        ("webcam@1920x1080", "webcam", {"width": 1920, "height": 1080}),
    ],
)
def test_a_cameras_mode_is_chosen_after_an_at(monkeypatch, spec: str, opener: str, args: dict) -> None:
    import vision.sources

    calls: list[tuple[str, tuple, dict]] = []
    for name in ("picamera", "webcam"):
        monkeypatch.setattr(vision.sources, name, lambda *a, _n=name, **k: calls.append((_n, a, k)))
    open_source(spec)
    [(name, positional, keywords)] = calls
    assert name == opener and keywords == args
    assert positional == ((1,) if spec.startswith("webcam:1") else (0,) if name == "webcam" else ())


@pytest.mark.parametrize("spec", ["webcam:0@1920", "picamera@x", "webcam:0@0x0", "picamera@1920x1080x3"])
def test_a_mode_that_is_no_size_is_told_so(spec: str) -> None:
    with pytest.raises(SourceError) as caught:
        open_source(spec)
    assert str(caught.value).startswith(f"{spec}: a camera's mode is its width x height in pixels after @")
    assert caught.value.tell("fr").startswith(f"{spec} : le mode d'une caméra")
    assert caught.value.tell("it").startswith(f"{spec}: la modalità di una fotocamera")


def test_a_file_with_an_at_in_its_name_is_a_file(tmp_path: Path) -> None:
    spec = str(tmp_path / "table@2x.png")
    with pytest.raises(SourceError, match="no such file or folder"):
        open_source(spec)
