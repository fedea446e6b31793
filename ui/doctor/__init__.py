"""`companion doctor`: what this machine has for the companion (Python, libraries, camera, screen, touch, panel,
free space, clock), each check a small function returning Findings, every path and variable it reads injectable
through ``Machine`` so that tests run each check on a fake tree. Heavy libraries (OpenCV, Kivy, gpiozero,
picamera2) are imported only inside the check that needs them, guarded: a missing one is a finding."""
