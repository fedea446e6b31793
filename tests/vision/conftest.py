import cv2
import pytest

from vision.identity import GameCards, known_games
from vision.render import Renderer

cv2.setNumThreads(1)


@pytest.fixture(scope="session")
def game() -> GameCards:
    return known_games()["KP"]


@pytest.fixture(scope="session")
def renderer() -> Renderer:
    return Renderer()
