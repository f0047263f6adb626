"""Helpers shared by the tests of the race, files, colour, the puzzle-maker, worksheets and the
`nonogram` command."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = ROOT / "puzzles"


def picture(text):
    """Rows of 0/1 from a picture typed with '#' and '.'."""
    return [[int(char == "#") for char in row] for row in text.split()]


def clue_totals_agree(puzzle):
    return sum(map(sum, puzzle.rows)) == sum(map(sum, puzzle.cols))


def run(*args, timeout=120):
    """Run `python -m nonocommand ARGS` (the `nonogram` command) from the repo root; return
    (exit code, stdout, stderr)."""
    result = subprocess.run([sys.executable, "-m", "nonocommand", *map(str, args)], cwd=ROOT,
                            capture_output=True, text=True, timeout=timeout)
    return result.returncode, result.stdout, result.stderr


def slow_sat(rows, cols, grid=None, max_bytes=None):
    """A SAT solver for the race's tests (run in its child process): it never answers."""
    import time
    time.sleep(600)
    yield from ()


def dying_sat(rows, cols, grid=None, max_bytes=None):
    """A SAT solver for the race's tests: its process is killed before it answers."""
    import os
    import signal
    os.kill(os.getpid(), signal.SIGKILL)
    yield from ()
