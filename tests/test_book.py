"""The tutorial as a website (book/build.py), built once and read in a real browser.

- the build reports no Sphinx warning (nitpicky: no broken internal link, no missing image), and
  its theme is the installed sphinx-book-theme package's;
- the table of contents links every notebook of notebooks/ in reading order: the lessons by the
  N of their "# Lesson N." titles, then the reference notebooks (read here from the notebooks
  themselves), then the glossary;
- in Chromium, driven by Playwright: each lesson page loads with no console error and fetches
  nothing from the network, every figure the notebook stores is on the page and has loaded, and
  the page offers a Binder launch link and a download of its notebook, and says so where an
  output is an interactive widget (a page has no kernel to draw it); the search page finds
  "probing";
- without a repository URL the build says so, and offers no launch link.
A full-page screenshot of each page is saved in book/_build/test/screenshots/, for a person.

`python -m pytest -m browser` runs these alone. They skip when jupyter-book is missing, and the
browser tests when playwright or a Chromium is (tests/chromium.py says where it looks: $CHROMIUM,
PATH, Playwright's own download).
"""
import functools
import http.server
import importlib.util
import json
import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import chromium

pytestmark = pytest.mark.browser
pytest.importorskip("jupyter_book", reason="jupyter-book<2 is not installed (pip install -e '.[test]')")

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "book" / "_build" / "test"
REPOSITORY = "https://github.com/example-org/nonogram-tutorial"   # any URL: the test sets it
BINDER = "https://mybinder.org/v2/gh/example-org/nonogram-tutorial/main?urlpath=lab/tree/notebooks/{}.ipynb"
THEME_MODE_ERROR = "Got invalid theme mode: . Resetting to auto."   # sphinx-book-theme, harmless


def load_build_script():
    spec = importlib.util.spec_from_file_location("book_build", ROOT / "book" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def title(notebook):
    """The notebook's first markdown line, without its '# '."""
    first = next(cell for cell in json.loads(notebook.read_text())["cells"]
                 if cell["cell_type"] == "markdown")
    return "".join(first["source"]).strip().splitlines()[0].removeprefix("# ")


def expected_reading_order():
    """(name, title) of every notebook: lessons by number, then references by name."""
    lessons, references = [], []
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        heading = title(notebook)
        if match := re.match(r"Lesson (\d+)\. ", heading):
            lessons.append((int(match.group(1)), notebook.stem, heading))
        else:
            assert heading.startswith(("Appendix", "Reference")), f"{notebook.name}: {heading!r}"
            references.append((notebook.stem, heading))
    assert [number for number, _, _ in sorted(lessons)] == list(range(1, len(lessons) + 1))
    return [(name, heading) for _, name, heading in sorted(lessons)] + references


PAGES = expected_reading_order()


@pytest.fixture(scope="session")
def book():
    """The book built once into book/_build/test/html, with the test's repository URL."""
    environment = {key: value for key, value in os.environ.items() if key != "BOOK_REPOSITORY_URL"}
    start = time.perf_counter()
    done = subprocess.run([sys.executable, str(ROOT / "book" / "build.py"), "--out", str(OUT),
                           "--repository-url", REPOSITORY, "--branch", "main", "--strict"],
                          capture_output=True, text=True, env=environment, timeout=600)
    print(f"book built in {time.perf_counter() - start:.1f} s")
    assert done.returncode == 0, f"the build failed:\n{done.stdout}\n{done.stderr}"
    return done


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *arguments):
        pass


@pytest.fixture(scope="session")
def site(book):
    """The built book served on 127.0.0.1 as a web host would (search fetches its pages);
    yields the site's base URL."""
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(QuietHandler, directory=OUT / "html"))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")  # (stopped before another module starts Playwright of its own)
def browser():
    sync_api = pytest.importorskip("playwright.sync_api",
                                   reason="playwright is not installed (pip install -e '.[test]')")
    playwright = sync_api.sync_playwright().start()
    try:
        browser = chromium.launch(playwright)
    except BaseException:
        playwright.stop()
        raise
    yield browser
    browser.close()
    playwright.stop()


def open_page(browser, site, path):
    """Open the site's page at path; return the page and what went wrong: console errors (less
    the theme's harmless one), uncaught exceptions, requests that left the site."""
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    problems = []
    page.on("console", lambda message: problems.append(f"console: {message.text}")
            if message.type == "error" and message.text != THEME_MODE_ERROR else None)
    page.on("pageerror", lambda error: problems.append(f"exception: {error}"))
    page.on("request", lambda request: problems.append(f"fetched: {request.url}")
            if not request.url.startswith((site, "data:")) else None)
    page.on("response", lambda response: problems.append(f"{response.status}: {response.url}")
            if response.status >= 400 else None)
    page.goto(site + path, wait_until="load")
    page.wait_for_function("Array.from(document.images).every(image => image.complete)")
    return page, problems


def save_screenshot(page, path):
    """A picture of the whole page. Chromium's full-page capture of a page this tall (20,000 px
    and more) now and then fails on a busy machine; a window as tall as the page does not."""
    height = page.evaluate("document.documentElement.scrollHeight")
    page.set_viewport_size({"width": 1300, "height": height})
    page.screenshot(path=path)


# --- the build ---------------------------------------------------------------------------------

def test_the_build_has_no_warnings(book):
    """No broken internal link, no missing image, nothing else Sphinx warns about."""
    warnings = [line for line in book.stderr.splitlines()
                if re.search(r"\b(WARNING|ERROR|CRITICAL)\b", line)]
    assert warnings == []
    assert "0 Sphinx warnings" in book.stdout


def test_a_broken_link_or_a_missing_image_is_a_warning(tmp_path):
    """The check above can fail: a tiny book with a broken link and a missing image warns."""
    import yaml

    build = load_build_script()
    notebook = tmp_path / "broken.ipynb"
    notebook.write_text(json.dumps({
        "cells": [{"cell_type": "markdown", "id": "broken", "metadata": {}, "source": [
            "# Lesson 1. Broken\n\n![a figure](missing.png) and [a page](nowhere.ipynb)"]}],
        "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    config = yaml.safe_load((ROOT / "book" / "_config.yml").read_text())
    build.stage(tmp_path / "src", build.book_config(config, None, "main"), [notebook], "# A book\n")
    warnings = build.run_sphinx(tmp_path / "src", tmp_path / "html")
    assert any("image file not readable: notebooks/missing.png" in line for line in warnings), warnings
    assert any("nowhere.ipynb" in line for line in warnings), warnings


def test_the_theme_comes_from_its_package(book):
    """sphinx-book-theme's files are copied from the installed package, not fetched (and the
    browser tests check that no page fetches anything from the network)."""
    import sphinx_book_theme

    styles = Path(sphinx_book_theme.__file__).parent / "theme" / "sphinx_book_theme" / "static" / "styles"
    built = OUT / "html" / "_static" / "styles" / "sphinx-book-theme.css"
    assert built.read_bytes() == (styles / "sphinx-book-theme.css").read_bytes()


def test_every_notebook_is_in_the_table_of_contents_in_order(book):
    toc = (OUT / "src" / "_toc.yml").read_text()
    assert re.findall(r"- file: notebooks/(\S+)", toc) == [name for name, _ in PAGES]
    assert toc.rstrip().endswith("- file: glossary")


def test_no_repository_url_means_a_warning_and_no_launch_link(monkeypatch, capsys):
    build = load_build_script()
    monkeypatch.delenv(build.URL_VARIABLE, raising=False)
    monkeypatch.setattr(build, "git", lambda *arguments: None)        # no remote, no branch
    url, branch = build.repository({"repository": {"url": ""}}, None, None)
    assert url is None and branch == "main"
    assert "no repository URL" in capsys.readouterr().err
    config = build.book_config({"launch_buttons": {"binderhub_url": "https://mybinder.org"},
                                "html": {"use_repository_button": True}}, url, branch)
    assert config["launch_buttons"]["binderhub_url"] == ""
    assert config["html"]["use_repository_button"] is False


def test_repository_urls():
    build = load_build_script()
    assert build.web_url("git@github.com:org/repo.git") == "https://github.com/org/repo"
    assert build.web_url("ssh://git@gitlab.com/org/repo.git") == "https://gitlab.com/org/repo"
    assert build.web_url("https://github.com/org/repo/") == "https://github.com/org/repo"
    assert build.web_url("/srv/git/repo.git") is None              # a clone of a folder
    assert build.repository_url(None, {}, "", "/srv/git/repo.git")[0] is None
    assert build.repository_url(None, {build.URL_VARIABLE: "https://a.org/b"}, "",
                                "git@github.com:org/repo.git") == ("https://a.org/b", build.URL_VARIABLE)
    with pytest.raises(build.BookError, match="not a web address"):
        build.repository_url("repo", {}, "", None)


# --- in the browser ----------------------------------------------------------------------------

def test_the_table_of_contents_links_every_page_in_order(site, browser):
    page, problems = open_page(browser, site, "intro.html")
    links = page.eval_on_selector_all(
        "nav.bd-links a", "links => links.map(link => [link.textContent.trim(), link.getAttribute('href')])")
    front_page_links = page.eval_on_selector_all(
        "article a[href^='notebooks/']", "links => links.map(link => link.getAttribute('href'))")
    (OUT / "screenshots").mkdir(exist_ok=True)
    save_screenshot(page, OUT / "screenshots" / "00-front-page.png")
    page.close()
    assert problems == []
    assert links[0] == ["Nonograms by constraint propagation", "#"]        # the front page
    assert links[1:] == [[heading.replace("`", ""), f"notebooks/{name}.html"]
                         for name, heading in PAGES] + [["Glossary", "glossary.html"]]
    assert {f"notebooks/{name}.html" for name, _ in PAGES} <= set(front_page_links)


@pytest.mark.parametrize("name", [name for name, _ in PAGES])
def test_a_notebook_page(site, browser, name):
    notebook = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text())
    outputs = [output.get("data", {}) for cell in notebook["cells"] for output in cell.get("outputs", [])]
    stored_figures = sum("image/png" in data for data in outputs)
    stored_widgets = sum("application/vnd.jupyter.widget-view+json" in data for data in outputs)
    page, problems = open_page(browser, site, f"notebooks/{name}.html")
    figures = page.eval_on_selector_all(
        "article img", "images => images.map(image => [image.getAttribute('src'), image.naturalWidth])")
    launch = page.eval_on_selector_all("a[href*='mybinder.org']", "links => links.map(link => link.href)")
    download = page.eval_on_selector_all("a[href*='_sources/']", "links => links.map(link => link.href)")
    widget_notes = page.eval_on_selector_all("p.widget-note", "notes => notes.length")
    (OUT / "screenshots").mkdir(exist_ok=True)
    number = [page_name for page_name, _ in PAGES].index(name) + 1
    save_screenshot(page, OUT / "screenshots" / f"{number:02}-{name}.png")
    page.close()

    assert problems == []
    assert len(figures) == stored_figures, "each figure the notebook stores is on the page"
    assert [src for src, width in figures if width == 0] == [], "figures that did not load"
    assert widget_notes == stored_widgets, "a note where a widget would be (no kernel here)"
    assert launch == [BINDER.format(name)]
    assert download == [f"{site}_sources/notebooks/{name}.ipynb"]
    offered = json.loads((OUT / "html" / "_sources" / "notebooks" / f"{name}.ipynb").read_text())
    assert offered["cells"] == notebook["cells"], "the download is the stored, executed notebook"


def test_search_finds_probing(site, browser):
    page, problems = open_page(browser, site, "search.html?q=probing")
    page.wait_for_selector("#search-results ul.search li", timeout=20_000)
    found = page.eval_on_selector_all("#search-results ul.search li a",
                                      "links => links.map(link => link.getAttribute('href'))")
    page.close()
    assert problems == []
    assert any(link.startswith("notebooks/") for link in found), found
