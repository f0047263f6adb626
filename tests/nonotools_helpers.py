"""Helpers shared by the tests of chapters 7 to 9."""
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
    """Run `python -m nonotools ARGS` from the repo root; return (exit code, stdout, stderr)."""
    result = subprocess.run([sys.executable, "-m", "nonotools", *map(str, args)], cwd=ROOT,
                            capture_output=True, text=True, timeout=timeout)
    return result.returncode, result.stdout, result.stderr
