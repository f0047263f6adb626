"""The classroom steppers, driven in a real JupyterLab by a real browser.

JupyterLab runs on 127.0.0.1 (a free port, a token) in a temporary copy of the repo, so the
real notebooks are never touched (and nothing is ever saved). Chromium (found by tests/chromium.py:
$CHROMIUM, PATH or Playwright's own), driven by Playwright, opens lesson 4 (nonoprobe), runs every
cell, presses the stepper's *next* three times and reads the step counter and the highlighted line;
then it opens the teacher's classroom (teacher/classroom.ipynb, module nonoclassroom), chooses
puzzles in its dropdown, presses next, probes a cell (a preview, then apply) and reads the page:
the row and column numbers, the skipped lines, the verdict. Screenshots: the probe's preview
(/tmp/classroom.png) and a line solved by *next* (/tmp/classroom-next.png). Skipped, saying why,
when Chromium or Playwright is missing.
"""
import re
from pathlib import Path

import pytest

import chromium
import labserver

pytestmark = pytest.mark.browser

NOTEBOOK = "notebooks/nonoprobe.ipynb"
CLASSROOM = "teacher/classroom.ipynb"
SCREENSHOT = Path("/tmp/classroom.png")


@pytest.fixture(scope="module")
def browser():
    """A headless Chromium (Playwright's Browser), or the tests skip saying why."""
    sync_api = pytest.importorskip("playwright.sync_api",
                                   reason="Playwright for Python is not installed")
    pytest.importorskip("ipywidgets", reason="ipywidgets is not installed")
    with sync_api.sync_playwright() as playwright:
        launched = chromium.launch(playwright)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture(scope="module")
def lab(browser, tmp_path_factory):
    """(base URL, token, screenshot folder) of a JupyterLab serving a copy of the repo, started
    as the README says (tests/labserver.py); stopped at the end, whatever happens."""
    work = tmp_path_factory.mktemp("stepper")
    with labserver.lab_in_copy(work) as server:
        yield server.base, server.token, work


def open_and_run(browser, lab, notebook):
    """A new page with `notebook` open in JupyterLab and all its cells run."""
    base, token, _ = lab
    page = browser.new_page(viewport={"width": 1400, "height": 1100})
    workspace = Path(notebook).stem  # a workspace of its own: no other notebook restored
    page.goto(f"{base}/lab/workspaces/{workspace}/tree/{notebook}?token={token}")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=45_000)
    page.wait_for_function("window.jupyterapp && window.jupyterapp.shell.currentWidget"
                           " && window.jupyterapp.shell.currentWidget.sessionContext",
                           timeout=30_000)
    page.evaluate("""async () => {
        const context = window.jupyterapp.shell.currentWidget.sessionContext;
        await context.ready;
        await window.jupyterapp.commands.execute('notebook:run-all-cells');
    }""")
    return page


def test_the_stepper_steps_in_jupyterlab(browser, lab):
    work = lab[2]
    page = open_and_run(browser, lab, NOTEBOOK)
    try:
        stepper = page.locator(".stepper")
        counter = stepper.locator(".step-counter")
        counter.wait_for(timeout=60_000)
        stepper.scroll_into_view_if_needed()

        def state():
            """(the step counter's text, the highlighted clue's line, e.g. 'row-2')."""
            solved = stepper.locator(".solved-line")
            line = None
            if solved.count():
                line = re.search(r"\b(row|column)-\d+\b", solved.first.get_attribute("class"))[0]
            return counter.inner_text(), line

        seen = [state()]
        assert seen[0] == ("step 0", None)
        next_button = stepper.get_by_role("button", name="next", exact=True)
        for press in range(1, 4):
            next_button.click()
            page.wait_for_function(
                "n => document.querySelector('.stepper .step-counter').innerText === 'step ' + n",
                arg=press, timeout=15_000)
            seen.append(state())
        stepper.screenshot(path=str(work / "stepper.png"))
        print(f"screenshot: {work / 'stepper.png'}")
    finally:
        page.close()
    # lesson 3's first-in-first-out queue starts with the rows, in order
    assert seen == [("step 0", None), ("step 1", "row-0"), ("step 2", "row-1"),
                    ("step 3", "row-2")]


def test_the_classroom_in_jupyterlab(browser, lab):
    from nonoclassroom import lesson, library_choices, shipped_choices

    shipped = {entry.label.split(":")[0]: entry for entry in shipped_choices()}
    demo, edge = shipped["webpbn-00001.non"], shipped["webpbn-00023.non"]
    stuck = lesson(*edge.load()).to_the_end()  # Edge: line logic decides nothing
    r, c = max(((r, c) for r in range(11) for c in range(10)),  # the probe that decides most
               key=lambda cell: len(getattr(stuck.probe(*cell).preview, "changed", ())))
    library = library_choices()
    page = open_and_run(browser, lab, CLASSROOM)
    try:
        room = page.locator(".classroom")
        news, verdict = room.locator(".classroom-news"), room.locator(".classroom-verdict")
        news.wait_for(timeout=60_000)

        def wait_for(locator_class, text):
            """Wait until the element of that class shows `text`; return its text."""
            page.wait_for_function(
                "([name, text]) => (document.querySelector('.classroom .' + name)"
                " || {innerText: ''}).innerText.includes(text)",
                arg=[locator_class, text], timeout=20_000)
            return " ".join(room.locator("." + locator_class).inner_text().split())  # (&nbsp;)

        def press(name):
            room.locator(f".classroom-{name.replace(' ', '-')}").click()

        def choose(label):
            room.locator(".chooser select").select_option(label=label)
            return wait_for("classroom-news", "step 0")

        seen = {"start": wait_for("classroom-news", "step 0")}
        seen["demo verdict"] = verdict.inner_text()
        choose(edge.label)
        room.locator(".cell-11-10").wait_for(timeout=20_000)  # Edge: 11 rows, 10 columns
        seen["numbers"] = [room.locator(f".column-{n}").count() for n in (1, 10)] + [
            room.locator(f".row-{n}").count() for n in (1, 11)]
        seen["board"] = room.locator(".widget-gridbox").inner_text().split()
        press("next")
        seen["next"] = wait_for("classroom-news", "skipped")
        seen["stuck"] = wait_for("classroom-verdict", "stuck")
        room.locator(f".cell-{r + 1}-{c + 1}").click()
        seen["preview"] = wait_for("classroom-news", "certain (blue)")
        room.scroll_into_view_if_needed()
        room.screenshot(path=str(SCREENSHOT))
        press("apply")
        seen["applied"] = wait_for("classroom-news", "applied")
        choose(demo.label)
        for _ in range(3):
            press("next")
        seen["demo"] = wait_for("classroom-news", "step 3")
        room.screenshot(path=str(SCREENSHOT.with_name("classroom-next.png")))  # a line solved
        press("to the end")
        seen["end"] = wait_for("classroom-verdict", "solved")
        if library:
            choose(library[0].label)
            press("to the end")
            seen["library"] = wait_for("classroom-news", "step ")
            page.wait_for_function("document.querySelector('.classroom .classroom-verdict')"
                                   ".innerText.search(/solved|stuck|needs a guess/) >= 0",
                                   timeout=60_000)
            seen["library verdict"] = " ".join(verdict.inner_text().split())
        print(f"screenshot: {SCREENSHOT}; seen: {seen}")
    except Exception:
        page.screenshot(path=str(lab[2] / "classroom-failure.png"))  # what the page showed
        print(f"the page at the failure: {lab[2] / 'classroom-failure.png'}")
        raise
    finally:
        page.close()
    assert seen["start"].startswith("step 0") and seen["start"].endswith("press next")
    assert seen["demo verdict"] == "verdict: not finished: 15 lines queued, 50 cells unknown"
    assert seen["numbers"] == [1, 1, 1, 1]
    assert seen["board"][:10] == [str(n) for n in range(1, 11)]  # the column numbers, on top
    assert "11" in seen["board"]  # and the row numbers down the side
    assert seen["next"].endswith(
        "no line decides anything more (skipped 21 lines that decided nothing)")
    assert "line logic is stuck (110 cells unknown)" in seen["stuck"]
    assert f"probe row {r + 1}, column {c + 1}:" in seen["preview"]
    assert f"applied: row {r + 1}, column {c + 1} is" in seen["applied"]
    assert seen["demo"] == "step 3 row 9 decides 1 cell (skipped 4 lines that decided nothing)"
    assert seen["end"] == "verdict: solved: every cell is decided"
    if library:
        assert seen["library verdict"].startswith("verdict: ")
