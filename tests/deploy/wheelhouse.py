"""A wheelhouse made offline: the app's dependencies packed back into wheels from the virtual environment the
tests run in, so that an install from files alone (`pip install --no-index --find-links`) can be tried with no
network and no pip cache. A wheel is a zip of the files its RECORD lists; pip regenerates scripts on install.
"""

from __future__ import annotations

import base64
import hashlib
import zipfile
from importlib import metadata
from pathlib import Path

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

# Files pip writes at install time, not part of a wheel.
INSTALL_ONLY = {"INSTALLER", "RECORD", "REQUESTED", "direct_url.json"}


def needed(requirement: str) -> dict[str, metadata.Distribution]:
    """Every installed distribution ``requirement`` needs, itself included, by canonical name."""
    found: dict[str, metadata.Distribution] = {}
    todo = [Requirement(requirement)]
    while todo:
        req = todo.pop()
        name = canonicalize_name(req.name)
        if name in found:
            continue
        dist = metadata.distribution(req.name)
        found[name] = dist
        for line in dist.requires or ():
            sub = Requirement(line)
            extras = req.extras or {""}
            if sub.marker is None or any(
                sub.marker.evaluate({**default_environment(), "extra": e}) for e in extras
            ):
                todo.append(sub)
    return found


def repack(dist: metadata.Distribution, folder: Path) -> Path:
    """Write ``dist`` as a wheel in ``folder``, tagged as it was installed; returns its path."""
    info = next(f for f in dist.files or () if f.parent.name.endswith(".dist-info"))
    dist_info = info.parent.as_posix()
    wheel_meta = (Path(str(dist.locate_file(dist_info))) / "WHEEL").read_text(encoding="utf-8")
    tags = [
        line.split(":", 1)[1].strip().split("-")
        for line in wheel_meta.splitlines()
        if line.startswith("Tag:")
    ]
    # a compressed tag set, as in py2.py3-none-any: every Tag line's parts, each part's values joined by dots
    tag = "-".join(".".join(dict.fromkeys(parts[i] for parts in tags)) for i in range(3))
    name = dist.metadata["Name"].replace("-", "_").replace(".", "_")
    target = folder / f"{name}-{dist.version}-{tag}.whl"
    records = []
    with zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as wheel:
        for file in dist.files or ():
            posix = file.as_posix()
            # scripts (outside site-packages) are made again by pip from entry_points.txt
            if posix.startswith("..") or "__pycache__" in posix or file.name in INSTALL_ONLY:
                continue
            data = Path(str(dist.locate_file(file))).read_bytes()
            wheel.writestr(posix, data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            records.append(f"{posix},sha256={digest},{len(data)}")
        records.append(f"{dist_info}/RECORD,,")
        wheel.writestr(f"{dist_info}/RECORD", "\n".join(records) + "\n")
    return target


def wheelhouse(requirement: str, folder: Path, leave_out: str) -> list[Path]:
    """Wheels of what ``requirement`` needs, but ``leave_out`` (the app, whose own wheel is built)."""
    folder.mkdir(parents=True, exist_ok=True)
    return [
        repack(dist, folder)
        for name, dist in sorted(needed(requirement).items())
        if name != canonicalize_name(leave_out)
    ]
