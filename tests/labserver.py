"""A JupyterLab for the browser tests: started in a temporary copy of the repo, stopped whatever happens.

`lab_in_copy(work, command)` copies the repo into work/repo (never the real files: a test may
save there), starts `command` (e.g. ["jupyter", "lab"], run as `python -m jupyter lab` with this
Python) in the copy's root on 127.0.0.1 with a free port and a token, waits until it answers,
and yields a `Lab`. At the end its kernels are shut down and its whole process group stopped.
"""
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOT_COPIED = (".git", ".ci", ".hypothesis", "__pycache__", "*.egg-info", ".ipynb_checkpoints",
              "_build", "scratch", ".venv", "venv")


class Lab(NamedTuple):
    base: str       # e.g. http://127.0.0.1:8888
    token: str
    copy: Path      # the repo copy the server serves
    work: Path      # a folder for logs and screenshots

    def url(self, path: str) -> str:
        """The address of a notebook or API path, token included."""
        joiner = "&" if "?" in path else "?"
        return f"{self.base}/{path.lstrip('/')}{joiner}token={self.token}"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def api(url: str, method: str = "GET"):
    """A JupyterLab REST call; the JSON answer (None if the body is empty)."""
    with urllib.request.urlopen(urllib.request.Request(url, method=method), timeout=5) as answer:
        body = answer.read()
    return json.loads(body) if body else None


def skip_without_browser_tools() -> None:
    pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")


@contextmanager
def lab_in_copy(work: Path, command: list[str] = ("jupyter", "lab")):
    """A running JupyterLab (a Lab) serving a fresh copy of the repo, started by `command` in
    the copy's root, as a user types it there."""
    copy = work / "repo"
    shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(*NOT_COPIED))
    for module in copy.glob("*.py"):
        os.utime(module)  # jupytext refuses a notebook newer than its paired module
    for folder in ("runtime", "settings/@jupyterlab/apputils-extension", "workspaces"):
        (work / folder).mkdir(parents=True)
    (work / "settings/@jupyterlab/apputils-extension/notification.jupyterlab-settings").write_text(
        '{"fetchNews": "false", "checkForUpdates": false}')  # no news pop-up over the screenshot
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(work / "runtime"),
               JUPYTERLAB_SETTINGS_DIR=str(work / "settings"),
               JUPYTERLAB_WORKSPACES_DIR=str(work / "workspaces"), PYTHONHASHSEED="0")
    port, token = free_port(), secrets.token_hex(16)
    lab = Lab(f"http://127.0.0.1:{port}", token, copy, work)
    program = list(command)
    if program[0] == "jupyter":       # this Python's Jupyter, whatever PATH holds
        program = [sys.executable, "-m", "jupyter", *program[1:]]
    log_path = work / "jupyterlab.log"
    with open(log_path, "wb") as log:
        server = subprocess.Popen(
            [*program, "--no-browser", "--ip=127.0.0.1", f"--port={port}",
             f"--IdentityProvider.token={token}", "--LabApp.expose_app_in_browser=True",
             "--allow-root"],
            cwd=copy, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            deadline = time.monotonic() + 90
            while True:
                try:
                    api(lab.url("api/status"))
                    break
                except OSError:
                    if server.poll() is not None or time.monotonic() > deadline:
                        pytest.fail("JupyterLab did not start:\n"
                                    + log_path.read_text(errors="replace")[-3000:])
                    time.sleep(0.5)
            yield lab
        finally:
            try:
                for kernel in api(lab.url("api/kernels")) or []:
                    api(lab.url(f"api/kernels/{kernel['id']}"), method="DELETE")
            except OSError:
                pass
            stop_group(server)


def stop_group(server: subprocess.Popen) -> None:
    """Stop the server and every process it started (its process group)."""
    for sig, wait in ((signal.SIGTERM, 15), (signal.SIGKILL, 5)):
        try:
            os.killpg(server.pid, sig)
            server.wait(timeout=wait)
            return
        except ProcessLookupError:
            return
        except subprocess.TimeoutExpired:
            continue


def open_notebook(page, lab: Lab, path: str) -> None:
    """Open a notebook of the copy in JupyterLab and wait until its kernel session is ready."""
    page.goto(lab.url(f"lab/tree/{path}"))
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    page.wait_for_function("window.jupyterapp && window.jupyterapp.shell.currentWidget"
                           " && window.jupyterapp.shell.currentWidget.sessionContext",
                           timeout=30_000)
    page.evaluate("async () => { await window.jupyterapp.shell.currentWidget"
                  ".sessionContext.ready; }")
