"""Helpers shared by the tests of chapters 7 and 8."""
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = ROOT / "puzzles"


def picture(text):
    """Rows of 0/1 from a picture typed with '#' and '.'."""
    return [[int(char == "#") for char in row] for row in text.split()]


def clue_totals_agree(puzzle):
    return sum(map(sum, puzzle.rows)) == sum(map(sum, puzzle.cols))
