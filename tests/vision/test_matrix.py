"""The committed recall matrix (vision/scenes.py): every condition at both sizes, and the camera model's axes."""

from vision.backgrounds import Background
from vision.kinds import StickerKind
from vision.scenes import HARSH, MATRIX, SEEDS, SIZES, matrix_scenes


def test_the_matrix_has_the_issues_two_sizes():
    assert {(s.width, s.height, s.px_per_mm) for s in SIZES} == {(2304, 1296, 2.3), (1280, 720, 1.28)}


def test_every_condition_is_seen_at_every_size(game):
    for size in SIZES:
        scenes = matrix_scenes(game, StickerKind.ARUCO, SEEDS[:1], size)
        assert [name for name, _ in scenes] == [c.name for c in MATRIX]
        for (_, scene), condition in zip(scenes, MATRIX, strict=True):
            cam = scene.camera
            assert (cam.width, cam.height, cam.px_per_mm) == (size.width, size.height, size.px_per_mm)
            assert (cam.tilt, cam.azimuth, cam.roll) == (
                condition.camera.tilt,
                condition.camera.azimuth,
                condition.camera.roll,
            )
            assert scene.look == condition.look


def test_the_matrix_covers_each_camera_fault_and_table_top():
    looks = [c.look for c in MATRIX if c.name != HARSH]
    optics = [look.optics for look in looks]
    assert any(o.defocus > 0 for o in optics) and any(o.motion > 0 for o in optics)
    assert any(o.jpeg for o in optics) and any(o.bayer and o.shot > 0 for o in optics)
    assert any(o.white_balance != (1.0, 1.0, 1.0) for o in optics) and any(o.vignetting > 0 for o in optics)
    assert any(look.paper > 0 and look.gloss > 0 for look in looks)
    assert {Background.GRAIN, Background.CLOTH, Background.CLUTTER} <= {look.background for look in looks}


def test_the_harsh_mix_is_the_issues():
    harsh = next(c for c in MATRIX if c.name == HARSH)
    o = harsh.look.optics
    assert harsh.camera.tilt == 35 and harsh.look.gain < 0.5  # tilted 35 degrees, dim
    b, _, r = o.white_balance
    assert r > b and o.motion > 0 and o.jpeg == 60  # warm, blurred, JPEG q60
