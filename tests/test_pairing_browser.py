"""The README's way of opening the course keeps each lesson and its module in step on save.

The test does what a reader does: it takes the command from the README's "Reading the course"
section, starts it in the root of a temporary copy of the repo, opens lesson 1 in JupyterLab in
Chromium, edits a markdown cell and a code cell, saves, and reads the paired module from disk:
both edits must be there. (Started inside notebooks/, as `jupyter lab notebooks/x.ipynb` does,
the same save changes the notebook alone: that is the trap the README's command avoids.)
"""
import re
import shlex
import time

import pytest

import chromium
import labserver

pytestmark = pytest.mark.browser

LESSON = "nonovector"
MARK = "Pairing check"


def readme_command() -> list[str]:
    """The first command of the README's "Reading the course" section, split into words."""
    readme = (labserver.ROOT / "README.md").read_text()
    section = readme.split("## Reading the course", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```bash\n(.*?)```", section, re.S)[1]
    line = block.strip().splitlines()[0].split("#", 1)[0]
    return shlex.split(line)


def test_the_readme_command_is_jupyter_lab_with_no_file():
    """Named on the command line, a notebook's server would start inside notebooks/."""
    assert readme_command() == ["jupyter", "lab"]


def wait_for(predicate, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.25)


def test_an_edit_saved_in_jupyterlab_reaches_the_module(tmp_path):
    labserver.skip_without_browser_tools()
    from playwright.sync_api import sync_playwright

    with labserver.lab_in_copy(tmp_path, readme_command()) as lab:
        module = lab.copy / f"{LESSON}.py"
        before = module.read_text()
        assert MARK not in before
        with sync_playwright() as playwright:
            browser = chromium.launch(playwright)
            try:
                page = browser.new_page(viewport={"width": 1300, "height": 900})
                labserver.open_notebook(page, lab, f"notebooks/{LESSON}.ipynb")
                # Edit the first markdown cell as a user does: enter it, go to its end, type.
                first = page.locator(".jp-Notebook .jp-MarkdownCell").first
                first.dblclick()
                editor = first.locator(".cm-content")
                editor.wait_for(timeout=15_000)
                editor.click()
                page.keyboard.press("Control+End")
                page.keyboard.type(f"\n\n{MARK}: an edit made in JupyterLab.")
                page.keyboard.press("Escape")
                # ... and a constant at the top of the first code cell (a module may hold one).
                code = page.locator(".jp-Notebook .jp-CodeCell").first
                code.locator(".cm-content").click()
                page.keyboard.press("Control+Home")
                page.keyboard.type(f"PAIRING_CHECK = '{MARK}'\n")
                page.keyboard.press("Escape")
                page.keyboard.press("Control+s")
                wait_for(lambda: MARK in module.read_text(), 30, f"{module.name} to change")
                page.screenshot(path=str(tmp_path / "pairing.png"))
            finally:
                browser.close()
        after = module.read_text()
        notebook = (lab.copy / "notebooks" / f"{LESSON}.ipynb").read_text()
    assert f"{MARK}: an edit made in JupyterLab." in after        # the markdown, as a comment
    assert f"\nPAIRING_CHECK = '{MARK}'\n" in after                      # the code, as code
    assert MARK in notebook
    # nothing else changed: the module is the old one plus the two edits
    assert len(after.splitlines()) - len(before.splitlines()) == 3
