"""The classroom stepper (library module nonostepper), driven in a real JupyterLab by a real browser.

JupyterLab runs on 127.0.0.1 (a free port, a token) in a temporary copy of the repo, so the
real notebooks are never touched (and nothing is ever saved). Chromium, driven by Playwright,
opens lesson 4 (nonoprobe), runs every cell, presses the stepper's *next* three times and reads the step
counter and the highlighted line from the page. Skipped when Chromium or Playwright is missing.
"""
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
NOTEBOOK = "notebooks/nonoprobe.ipynb"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def api(url, method="GET"):
    """A JupyterLab REST call; the JSON answer (None if the body is empty)."""
    with urllib.request.urlopen(urllib.request.Request(url, method=method), timeout=5) as answer:
        body = answer.read()
    return json.loads(body) if body else None


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """(base URL, token, screenshot folder) of a JupyterLab serving a copy of the repo; the
    server, its kernels and its process group are stopped at the end, whatever happens."""
    if not CHROMIUM.exists():
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")
    pytest.importorskip("ipywidgets", reason="ipywidgets is not installed")
    work = tmp_path_factory.mktemp("stepper")
    copy = work / "repo"
    shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(
        ".git", ".ci", ".hypothesis", "__pycache__", "*.egg-info", ".ipynb_checkpoints", "_build"))
    os.utime(copy / "nonoprobe.py")  # jupytext refuses a notebook newer than its paired module
    for folder in ("runtime", "settings/@jupyterlab/apputils-extension", "workspaces"):
        (work / folder).mkdir(parents=True)
    (work / "settings/@jupyterlab/apputils-extension/notification.jupyterlab-settings").write_text(
        '{"fetchNews": "false", "checkForUpdates": false}')  # no news pop-up over the screenshot
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(work / "runtime"),
               JUPYTERLAB_SETTINGS_DIR=str(work / "settings"),
               JUPYTERLAB_WORKSPACES_DIR=str(work / "workspaces"), PYTHONHASHSEED="0")
    port, token = free_port(), secrets.token_hex(16)
    base = f"http://127.0.0.1:{port}"
    log = open(work / "jupyterlab.log", "wb")
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
         f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={copy}",
         "--LabApp.expose_app_in_browser=True", "--allow-root"],
        cwd=copy, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                api(f"{base}/api/status?token={token}")
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    pytest.fail("JupyterLab did not start:\n"
                                + (work / "jupyterlab.log").read_text(errors="replace")[-3000:])
                time.sleep(0.5)
        yield base, token, work
    finally:
        try:
            for kernel in api(f"{base}/api/kernels?token={token}") or []:
                api(f"{base}/api/kernels/{kernel['id']}?token={token}", method="DELETE")
        except OSError:
            pass
        for sig, wait in ((signal.SIGTERM, 15), (signal.SIGKILL, 5)):
            try:
                os.killpg(server.pid, sig)
                server.wait(timeout=wait)
                break
            except ProcessLookupError:
                break
            except subprocess.TimeoutExpired:
                continue
        log.close()


def test_the_stepper_steps_in_jupyterlab(lab):
    from playwright.sync_api import sync_playwright

    base, token, work = lab
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1100})
            page.goto(f"{base}/lab/tree/{NOTEBOOK}?token={token}")
            page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=45_000)
            page.wait_for_function("window.jupyterapp && window.jupyterapp.shell.currentWidget"
                                   " && window.jupyterapp.shell.currentWidget.sessionContext",
                                   timeout=30_000)
            page.evaluate("""async () => {
                const context = window.jupyterapp.shell.currentWidget.sessionContext;
                await context.ready;
                await window.jupyterapp.commands.execute('notebook:run-all-cells');
            }""")
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
            page.screenshot(path=str(work / "jupyterlab.png"))
            print(f"screenshots: {work / 'stepper.png'}, {work / 'jupyterlab.png'}")
        finally:
            browser.close()
    # lesson 3's first-in-first-out queue starts with the rows, in order
    assert seen == [("step 0", None), ("step 1", "row-0"), ("step 2", "row-1"),
                    ("step 3", "row-2")]
