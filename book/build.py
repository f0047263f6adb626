"""Build the tutorial as a website: every lesson in reading order, from the stored notebooks.

    python book/build.py                        # writes book/_build/html/ (open index.html)
    python book/build.py --repository-url https://github.com/ORG/REPO    # with Binder links
    python book/build.py --out DIR --strict     # into DIR/html; exit 1 on any Sphinx warning

Jupyter Book 1.x (Sphinx and sphinx-book-theme, installed from PyPI) builds the book offline. The
notebooks are shown as they are stored, executed: nothing is re-run. The script assembles the
book's sources in OUT/src:
- this folder's _config.yml, with the repository's URL and branch filled in;
- a table of contents written from the notebooks' own titles: "# Lesson N. ..." in the order of
  N, then the reference notebooks ("# Reference. ..." and "# Appendix. ...", by name), then the
  glossary (book/glossary.md); a notebook with none of these titles stops the build;
- the README's introduction and its list of lessons as the front page;
- copies of notebooks/*.ipynb at the same paths as in the repository (so the Binder link of a
  page opens that notebook), without the jupytext pairing metadata, which belongs to the
  repository and not to a downloaded notebook;
- the page style book/_static/book.css, and two small Sphinx extensions: latex_to_mathml.py
  writes formulas as MathML (no MathJax from a CDN: the book reads the same offline), and
  widget_note.py says where an interactive widget would be (a page has no kernel to draw it).

The launch links need the repository's public URL: --repository-url, else the environment
variable BOOK_REPOSITORY_URL, else `repository: url:` in book/_config.yml, else the URL of the
git remote "origin" when it is a web address. Without one the build says so and the pages offer
only the notebook download.
"""
import argparse
import copy
import io
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
URL_VARIABLE = "BOOK_REPOSITORY_URL"
LESSON_TITLE = re.compile(r"# Lesson (\d+)\. \S")
REFERENCE_TITLE = re.compile(r"# (Reference|Appendix)\b")


class BookError(Exception):
    """A notebook, a README or a setting the book cannot be built from."""


# --- the reading order -----------------------------------------------------------------------------

def notebook_title(notebook: Path) -> str:
    """The first line of a notebook's first markdown cell, e.g. '# Lesson 1. One line ...'."""
    for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] == "markdown":
            lines = "".join(cell["source"]).strip().splitlines()
            return lines[0] if lines else ""
    return ""


def reading_order(folder: Path) -> list[Path]:
    """Every notebook in folder: the lessons by their number N, then the references by name.

    Lesson numbers must run 1, 2, ..., N; any other notebook is an error, so that a new notebook
    is never silently left out of the book."""
    lessons, references = {}, []
    for notebook in sorted(folder.glob("*.ipynb")):
        title = notebook_title(notebook)
        if match := LESSON_TITLE.match(title):
            number = int(match.group(1))
            if number in lessons:
                raise BookError(f"{notebook.name} and {lessons[number].name} are both lesson {number}")
            lessons[number] = notebook
        elif REFERENCE_TITLE.match(title):
            references.append(notebook)
        else:
            raise BookError(f"{notebook.name} opens with {title!r}: a notebook in the book must "
                            "open with '# Lesson N. Title', '# Reference. Title' or '# Appendix. Title'")
    if sorted(lessons) != list(range(1, len(lessons) + 1)):
        raise BookError(f"the lessons are numbered {sorted(lessons)}, not 1 to {len(lessons)}")
    return [lessons[number] for number in sorted(lessons)] + references


def table_of_contents(notebooks: list[Path]) -> str:
    """A Jupyter Book _toc.yml: the front page, each notebook at notebooks/NAME, the glossary."""
    return "\n".join(["format: jb-book", "root: intro", "chapters:"]
                     + [f"- file: notebooks/{notebook.stem}" for notebook in notebooks]
                     + ["- file: glossary"]) + "\n"


NOTEBOOK_NAME = re.compile(r"`notebooks/([\w-]+)\.ipynb`")


def table_cells(line: str) -> list[str]:
    """The cells of a markdown table row '| a | b |'."""
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def linked_lesson_table(lines: list[str]) -> list[str]:
    """The README's lesson table for a web page: each lesson's name links to its page, and
    the notebook column (a file name, which the link replaces) goes."""
    header = table_cells(lines[0])
    if "notebook" not in header:
        return lines
    column = header.index("notebook")
    rows = []
    for line in lines:
        cells = table_cells(line)
        if len(cells) != len(header):
            return lines                   # not the table this expects: leave it as it is
        if match := NOTEBOOK_NAME.fullmatch(cells[column]):
            cells[0] = f"[{cells[0]}](notebooks/{match.group(1)}.ipynb)"
        rows.append("| " + " | ".join(cells[:column] + cells[column + 1:]) + " |")
    return rows


def front_page(readme: str) -> str:
    """The README's title and introduction, and its sections "## Lessons" and "## Library ..."
    (the library modules and the reference notebooks) if it has them.

    Each notebook named in them (`notebooks/NAME.ipynb`) becomes a link to its page."""
    sections = re.split(r"(?m)^(?=## )", readme)
    text = sections[0] + "".join(section for section in sections[1:]
                                 if section.startswith(("## Lessons", "## Library")))
    lines, page, table = text.splitlines(), [], []
    for line in lines + [""]:
        if line.startswith("|"):
            table.append(line)
            continue
        if table:
            page, table = page + linked_lesson_table(table), []
        page.append(line)
    return NOTEBOOK_NAME.sub(r"[`notebooks/\1.ipynb`](notebooks/\1.ipynb)", "\n".join(page))


# --- the repository's URL and branch ---------------------------------------------------------------

def git(*arguments: str) -> str | None:
    """What a git command in the repository prints, or None when it fails."""
    try:
        done = subprocess.run(["git", *arguments], cwd=ROOT, capture_output=True, text=True,
                              timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout.strip() or None if done.returncode == 0 else None


def web_url(remote: str) -> str | None:
    """https://HOST/ORG/REPO for a git remote such as git@HOST:ORG/REPO.git or an https URL;
    None for a remote that is not on the web (a folder, a file:// URL)."""
    remote = remote.strip()
    if match := re.fullmatch(r"[\w.-]+@([\w.-]+):(?!/)(.+)", remote):       # git@host:org/repo
        remote = f"https://{match[1]}/{match[2]}"
    elif match := re.fullmatch(r"ssh://(?:[\w.-]+@)?([\w.-]+)(?::\d+)?/(.+)", remote):
        remote = f"https://{match[1]}/{match[2]}"
    if not re.fullmatch(r"https?://[\w.-]+(:\d+)?/\S+", remote):
        return None
    return remote.removesuffix("/").removesuffix(".git")


def repository_url(option: str | None, environ: dict, configured: str | None,
                   remote: str | None) -> tuple[str | None, str]:
    """The repository's web URL and where it came from, first found of: the command-line option,
    the environment variable, the book's config, the git remote. (None, why) when none is."""
    for value, source in [(option, "--repository-url"), (environ.get(URL_VARIABLE), URL_VARIABLE),
                          (configured, "book/_config.yml")]:
        if value:
            url = web_url(value)
            if url is None:
                raise BookError(f"{source} is {value!r}, not a web address (https://...)")
            return url, source
    if remote and web_url(remote):
        return web_url(remote), "git remote origin"
    why = f"the git remote origin is {remote!r}, not a web address" if remote else "no git remote"
    return None, why


def checked_out_branch() -> str:
    """The branch checked out in the repository ('main' when none is, e.g. a detached HEAD)."""
    branch = git("rev-parse", "--abbrev-ref", "HEAD")
    return branch if branch and branch != "HEAD" else "main"


def book_config(base: dict, url: str | None, branch: str) -> dict:
    """The book's config with the repository filled in; without a URL, no repository button and
    no launch link (the download button needs neither)."""
    config = copy.deepcopy(base)
    config.setdefault("repository", {}).update(url=url or "", branch=branch)
    html = config.setdefault("html", {})
    html["use_repository_button"] = bool(url and html.get("use_repository_button"))
    if not url:
        config.setdefault("launch_buttons", {})["binderhub_url"] = ""
    return config


# --- the build -------------------------------------------------------------------------------------

def stage(src: Path, config: dict, notebooks: list[Path], readme: str) -> None:
    """Write the book's sources into the empty folder src."""
    import yaml

    (src / "notebooks").mkdir(parents=True)
    (src / "_config.yml").write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
    (src / "_toc.yml").write_text(table_of_contents(notebooks), encoding="utf-8")
    (src / "intro.md").write_text(front_page(readme), encoding="utf-8")
    shutil.copy(BOOK / "glossary.md", src / "glossary.md")
    for notebook in notebooks:
        content = json.loads(notebook.read_text(encoding="utf-8"))
        content["metadata"].pop("jupytext", None)
        (src / "notebooks" / notebook.name).write_text(
            json.dumps(content, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    for extension in ("latex_to_mathml.py", "widget_note.py"):
        shutil.copy(BOOK / extension, src)
    shutil.copytree(BOOK / "_static", src / "_static")   # book.css: Jupyter Book links it


class Tee(io.TextIOBase):
    """A text stream that writes through to another and keeps a copy."""

    encoding = "utf-8"

    def __init__(self, stream):
        self.stream, self.copy = stream, io.StringIO()

    def write(self, text):
        self.stream.write(text)
        return self.copy.write(text)

    def flush(self):
        self.stream.flush()


def sphinx_warnings(log: str) -> list[str]:
    """The warnings and errors in a Sphinx log, one line each, without terminal colours."""
    lines = re.sub(r"\x1b\[[0-9;]*m", "", log).splitlines()
    return [line for line in lines if re.search(r"\b(WARNING|ERROR|CRITICAL|SEVERE):", line)]


def run_sphinx(src: Path, html: Path) -> list[str]:
    """Build src into html with Jupyter Book's Sphinx set-up; return Sphinx's warnings."""
    from jupyter_book.sphinx import build_sphinx

    src, html = src.resolve(), html.resolve()
    tee = Tee(sys.stderr)
    sys.stderr = tee
    try:
        result = build_sphinx(src, html, noconfig=True, path_config=src / "_config.yml",
                              confoverrides={"external_toc_path": (src / "_toc.yml").as_posix(),
                                             "latex_individualpages": False},
                              freshenv=True, keep_going=True, quiet=True)
    finally:
        sys.stderr = tee.stream
    if isinstance(result, BaseException):
        raise BookError(f"Sphinx failed: {result}") from result
    return sphinx_warnings(tee.copy.getvalue())


def repository(base: dict, url_option: str | None, branch_option: str | None) -> tuple[str | None, str]:
    """The repository's URL (None when none is known, with a warning saying so) and branch."""
    url, source = repository_url(url_option, os.environ, base.get("repository", {}).get("url"),
                                 git("remote", "get-url", "origin"))
    branch = branch_option or base.get("repository", {}).get("branch") or checked_out_branch()
    if url:
        print(f"repository: {url} (from {source}), branch {branch}")
    else:
        print(f"WARNING (book): no repository URL ({source}), so the lesson pages get no Binder "
              f"launch link, only the notebook download. Give one with --repository-url URL, "
              f"the environment variable {URL_VARIABLE}, or repository: url: in book/_config.yml.",
              file=sys.stderr)
    return url, branch


def build(out: Path, url_option: str | None = None, branch_option: str | None = None) -> list[str]:
    """Build the book into out/html (its sources in out/src); return Sphinx's warnings."""
    import yaml

    base = yaml.safe_load((BOOK / "_config.yml").read_text(encoding="utf-8"))
    url, branch = repository(base, url_option, branch_option)
    notebooks = reading_order(ROOT / "notebooks")
    for folder in (out / "src", out / "html"):
        shutil.rmtree(folder, ignore_errors=True)
    stage(out / "src", book_config(base, url, branch), notebooks,
          (ROOT / "README.md").read_text(encoding="utf-8"))
    return run_sphinx(out / "src", out / "html")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=BOOK / "_build",
                        help="build folder: the website goes to OUT/html (default book/_build)")
    parser.add_argument("--repository-url", help="the repository's public URL, for launch links "
                        f"(default: ${URL_VARIABLE}, book/_config.yml, or the git remote origin)")
    parser.add_argument("--branch", help="the branch the launch links open (default: the config's, "
                        "else the one checked out)")
    parser.add_argument("--strict", action="store_true", help="exit 1 if Sphinx warns")
    arguments = parser.parse_args(argv)
    start = time.perf_counter()
    try:
        warnings = build(arguments.out.resolve(), arguments.repository_url, arguments.branch)
    except BookError as error:
        print(f"book/build.py: {error}", file=sys.stderr)
        return 2
    index = arguments.out.resolve() / "html" / "index.html"
    print(f"The book: {index} ({time.perf_counter() - start:.0f} s, "
          f"{len(warnings)} Sphinx warnings)")
    for warning in warnings:
        print(warning, file=sys.stderr)
    return 1 if warnings and arguments.strict else 0


if __name__ == "__main__":
    sys.exit(main())
