"""Which Chromium the browser tests drive, found the way a user's machine has one.

In order: the program named by the environment variable $CHROMIUM; the first of `chromium`,
`chromium-browser`, `google-chrome` on PATH; the browser Playwright downloaded for itself
(`playwright install chromium`). `launch(playwright)` starts it, or skips the test and says why.
"""
import os
import shutil
from pathlib import Path

import pytest

NAMES_ON_PATH = ("chromium", "chromium-browser", "google-chrome")
HOW_TO_GET_ONE = ("set $CHROMIUM to a Chromium program, put one of "
                  + ", ".join(NAMES_ON_PATH) + " on PATH (apt-get install chromium), "
                  "or run `playwright install chromium`")


def find_chromium(playwright_own: str | None = None) -> tuple[str | None, str]:
    """(path, where it was found) of the Chromium to use, or (None, why there is none).

    playwright_own is the path of Playwright's own download (it may not exist)."""
    named = os.environ.get("CHROMIUM")
    if named:
        program = shutil.which(named) or (named if Path(named).is_file() else None)
        if program is None:
            return None, f"$CHROMIUM is {named!r}, which is not a program"
        return program, f"$CHROMIUM ({program})"
    for name in NAMES_ON_PATH:
        program = shutil.which(name)
        if program:
            return program, f"{name} on PATH ({program})"
    if playwright_own and Path(playwright_own).is_file():
        return playwright_own, f"Playwright's own Chromium ({playwright_own})"
    return None, "no Chromium found: " + HOW_TO_GET_ONE


def launch(playwright, **options):
    """Launch Chromium headless through a started Playwright, or skip the test saying why."""
    try:
        own = playwright.chromium.executable_path
    except Exception:                     # noqa: BLE001 (an old Playwright without the property)
        own = None
    program, where = find_chromium(own)
    if program is None:
        pytest.skip(where)
    args = ["--no-sandbox", "--disable-gpu", *options.pop("args", [])]
    try:
        return playwright.chromium.launch(executable_path=program, args=args, **options)
    except Exception as error:            # noqa: BLE001 (a broken install: say which one)
        pytest.skip(f"Chromium from {where} did not start: {str(error).splitlines()[0]}")
