"""The README's shell examples run, and each comment says what the command does.

Every line of a ```bash block in the README is either run here, in a temporary folder holding a
copy of puzzles/ and a folder of the user's pictures (my-pictures/: PNG, JPEG and 0/1 text), and
checked against its comment by the check registered for that exact command; or named in
COVERED_ELSEWHERE with the test that runs it. A README line with neither fails the test: a new
example needs a check that its comment is true. `nonogram` is the installed command when it sits
beside this Python, else `python -m nonocommand` (the README says both work).
"""
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")

COVERED_ELSEWHERE = {
    "python3 -m venv .venv && source .venv/bin/activate": ".ci/run makes a fresh one and enters it",
    'python -m pip install -e ".[test]"': ".ci/run installs the project from a clean clone",
    "python -m pytest": "this suite; .ci/run runs it on a clean clone",
    "jupyter lab": "tests/test_pairing_browser.py starts it and saves an edit",
    "python book/build.py": "tests/test_book.py builds the book and opens it",
}


def readme_shell_lines() -> list[tuple[str, str]]:
    """(command, comment) for every line of the README's ```bash blocks."""
    lines = []
    for block in re.findall(r"```bash\n(.*?)```", README, re.S):
        for line in block.strip().splitlines():
            command, _, comment = line.partition("#")
            lines.append((command.strip(), comment.strip()))
    return lines


CHECKS = {}


def check(command: str):
    """Register the check of one README command (its exact text)."""
    def register(function):
        CHECKS[command] = function
        return function
    return register


def nonogram_program() -> list[str]:
    installed = Path(sys.executable).with_name("nonogram")
    return [str(installed)] if installed.is_file() else [sys.executable, "-m", "nonocommand"]


def make_pictures(folder: Path) -> None:
    """A user's folder of pictures: dark shapes on white as PNG and JPEG, and 0/1 text files."""
    from PIL import Image, ImageDraw

    folder.mkdir()
    for k in range(6):
        image = Image.new("RGB", (120, 120), "white")
        draw = ImageDraw.Draw(image)
        draw.ellipse((10 + 6 * k, 15, 100 - 4 * k, 70 + 5 * k), fill="black")
        draw.rectangle((20, 80 - 3 * k, 60 + 8 * k, 110), fill="black")
        image.save(folder / f"shape{k}.{'png' if k % 2 else 'jpg'}")
    for k in range(3):
        rows = [[int((r * (k + 2) + c * (k + 3)) % 7 < 3) for c in range(9)] for r in range(8)]
        (folder / f"text{k}.txt").write_text("\n".join("".join(map(str, row)) for row in rows) + "\n")


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """The folder the README's commands run in: puzzles/ and my-pictures/."""
    work = tmp_path_factory.mktemp("readme")
    shutil.copytree(ROOT / "puzzles", work / "puzzles")
    make_pictures(work / "my-pictures")
    return work


class Run:
    """What a command did: exit code, output lines, error text, and its folder."""

    def __init__(self, command: str, folder: Path):
        words = command.split()
        assert words[0] == "nonogram", command
        done = subprocess.run([*nonogram_program(), *words[1:]], cwd=folder, capture_output=True,
                              text=True, timeout=300)
        self.code, self.err, self.folder = done.returncode, done.stderr, folder
        self.lines = done.stdout.splitlines()
        assert self.code == 0 and not self.err, f"{command}: exit {self.code}, {self.err!r}"

    def grid(self) -> list[str]:
        """The printed picture: the lines before the verdict line (and after a colour key)."""
        return self.lines[1 if self.lines[0].startswith("key: ") else 0:-1]


# --- one check per README example: what its comment promises ------------------------------

@check("nonogram puzzles/webpbn-00001.non")
def picture_then_verdict(run):  # the picture in # and ., then a verdict line ("unique ...")
    assert run.grid() and all(set(row) <= set("#.") for row in run.grid())
    assert run.lines[-1].startswith("unique")


@check("nonogram puzzles/webpbn-06574.non --stats --no-sat")
def engine_work(run):  # the engine alone; --stats adds its work: "needs search (...)"
    assert re.fullmatch(r"unique solution, needs search \([\d,]+ row/column solves, [\d,]+ "
                        r"probes, [\d,]+ search nodes, [\d.]+ s\)", run.lines[-1]), run.lines[-1]


@check("nonogram puzzles/pynogram-apples.xml")
def colour_characters(run):  # each cell as its colour's character, under a key to them
    assert run.lines[0].startswith("key: . ") and "k black" in run.lines[0], run.lines[0]
    letters = set("".join(run.grid())) - set(".")
    assert letters and not letters & set("#?"), letters
    assert run.lines[-1].startswith("unique")


@check("nonogram puzzles/lighthouse.png --colours 6 --size 20")
def colour_picture(run):  # a colour picture as a colour puzzle (of at most 6 colours, 20 a side)
    assert max(len(run.grid()), max(map(len, run.grid()))) == 20
    assert 2 <= len(set("".join(run.grid())) - set(".")) <= 6
    assert run.lines[-1].startswith("unique")


@check("nonogram --help")
def help_lists_options(run):  # all the options
    text = "\n".join(run.lines)
    for option in ("--all", "--max-solutions", "--png", "--timeout", "--clues", "--stats",
                   "--size", "--colours", "--sat", "--no-sat", "--memory", "--engine-seconds",
                   "--worksheet", "--class-set", "--difficulty", "--seed"):
        assert option in text, option


def pdf_pages(path: Path) -> int:
    data = path.read_bytes()
    assert data.startswith(b"%PDF")
    return len(re.findall(rb"/Type\s*/Page\b", data))


@check("nonogram --worksheet week1.pdf puzzles/webpbn-00001.non puzzles/pynogram-apples.xml")
def worksheet_of_files(run):  # a line for each puzzle, then the PDF's pages
    assert worksheet_lines(run, "week1.pdf") == ["Demo Puzzle from Front Page: line logic alone",
                                                 "Apples (webpbn #898): line logic alone"]


def worksheet_lines(run, pdf: str) -> list[str]:
    """The puzzles' lines ('title: difficulty'), after checking the numbering and the last
    line's page count against the PDF."""
    *puzzles, last = run.lines
    pages = re.fullmatch(rf"worksheet: {pdf} \((\d+) pages, the answer key included\)", last)
    assert pages and int(pages[1]) == pdf_pages(run.folder / pdf), last
    for number, line in enumerate(puzzles, 1):
        assert line.startswith(f"{number}. "), line
    return [line.split(". ", 1)[1] for line in puzzles]


def titles_and_methods(run, pdf: str) -> list[tuple[str, str]]:
    return [tuple(line.rsplit(": ", 1)) for line in worksheet_lines(run, pdf)]


@check("nonogram --worksheet class.pdf --class-set 10 --difficulty probing --seed 1")
def library_set(run):  # 10 library pictures that need probing
    import nonopictures

    made = titles_and_methods(run, "class.pdf")
    assert len(made) == len(set(made)) == 10
    for title, method in made:
        assert method == "needs probing" and title in nonopictures.names(colour=False)
        assert nonopictures.difficulty(title) == "probing"


@check("nonogram --worksheet colour.pdf --class-set 8 --colours 4 --seed 2")
def colour_set(run):  # 8 colour pictures of at most 4 colours, the background included
    import nonopictures

    made = titles_and_methods(run, "colour.pdf")
    assert len(set(made)) == 8
    for title, _ in made:
        assert title in nonopictures.names(colour=True) and nonopictures.inks(title) + 1 <= 4


@check("nonogram --worksheet noise.pdf --class-set 10 --random --size 10 --seed 1")
def random_set(run):  # 10 random 10x10 pictures
    made = titles_and_methods(run, "noise.pdf")
    assert len({title for title, _ in made}) == 10
    assert all(re.fullmatch(r"random picture 1/\d+", title) for title, _ in made)
    assert {method for _, method in made} == {"line logic alone"}


@check("nonogram --worksheet mine.pdf --class-set 6 --size 12 --seed 2 my-pictures/")
def folder_set(run):  # your own pictures: PNG, JPEG, 0/1 .txt
    stems = {path.stem for path in (run.folder / "my-pictures").iterdir()}
    made = titles_and_methods(run, "mine.pdf")
    assert len(made) == 6 and {title for title, _ in made} <= stems


def test_the_readme_is_right_about_the_library():
    """'... (it has none that need search)': true while the library has no such picture."""
    import nonopictures

    if "none that need search" in README:
        assert all(nonopictures.difficulty(name) != "search" for name in nonopictures.names())


# --- the tests (after the checks, which fill CHECKS) ------------------------------------

def test_every_readme_shell_line_is_checked():
    for command, _ in readme_shell_lines():
        assert command in CHECKS or command in COVERED_ELSEWHERE, (
            f"README shell example without a check of its comment: {command!r}")
    run_here = {command for command, _ in readme_shell_lines()}
    assert not set(CHECKS) - run_here, "checks of commands the README no longer shows"


@pytest.mark.parametrize("command", [command for command, _ in readme_shell_lines()
                                     if command in CHECKS])
def test_a_readme_shell_example_does_what_its_comment_says(command, folder):
    CHECKS[command](Run(command, folder))
