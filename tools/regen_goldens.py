"""Regenerate the golden playthrough files in tests/goldens/ (review the diff before committing it)."""

from __future__ import annotations

from companion.playthrough import GOLDEN_DIR, golden_cases, golden_path, playthrough_text


def main() -> None:
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    for name, players, seed in golden_cases():
        path = golden_path(name, players, seed)
        path.write_text(playthrough_text(name, players, seed), encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
