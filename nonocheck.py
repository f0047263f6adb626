"""The errors of the nonogram library, and the checks every public function makes at its door.

A library module, not a lesson: the lessons import it so that their own code can show only the
idea. Each check returns its input normalised (clues as lists of positive ints, a fresh grid) or
raises an error whose message names the clue, row, column or cell at fault:

- `ClueError`: a malformed clue or line (a ValueError);
- `PuzzleError`: a malformed puzzle, grid or picture (a ClueError, so a ValueError too);
- `SearchLimit`: a search ran out of the budget its caller set (a RuntimeError).

Lesson 1's `nonovector.Contradiction` (no layout fits) is the other error of the project: it is
not about malformed input but about a well-formed question with no answer.
"""

from collections.abc import Iterable
from numbers import Integral

Clue = list[int]                # block lengths, such as [2, 1]; [] (or [0]) is an empty line
Line = list[int | None]         # cells: 1 filled, 0 empty, None not known yet
Grid = list[Line]               # a picture, or a puzzle being solved: a list of rows


class NonogramError(ValueError):
    """Base class of this project's errors about puzzles (all of them are ValueErrors)."""


class ClueError(NonogramError):
    """A clue or a line is malformed: not a list of positive whole numbers, too long, bad cells."""


class PuzzleError(ClueError):
    """A malformed puzzle: a clue that cannot fit its line, totals that differ, a bad grid or
    picture. The message names the row or column at fault. (A ValueError, via ClueError.)"""


class SearchLimit(RuntimeError):
    """A search ran out of budget (max_nodes or time_limit) before it finished. Attributes:
    nodes (visited), seconds (spent), solutions (found before the budget ran out)."""

    def __init__(self, message, nodes, seconds, solutions):
        super().__init__(message)
        self.nodes, self.seconds, self.solutions = nodes, seconds, solutions


# --- clues and lines --------------------------------------------------------------------------

def min_length(blocks: Clue) -> int:
    """The fewest cells that hold `blocks`: the blocks themselves plus one gap between each pair.

    >>> min_length([3, 1])
    5
    """
    return sum(blocks) + max(len(blocks) - 1, 0)


def normalize_clue(blocks: Iterable[int], cells: int | None = None) -> Clue:
    """Return `blocks` as a list of positive ints, with [0] read as [] (the empty line).

    Raises ClueError naming the fault when a block is not a positive whole number or, if the line
    length `cells` is given, when the blocks cannot fit in that many cells.

    >>> normalize_clue([0]), normalize_clue((3, 1))
    ([], [3, 1])
    """
    if isinstance(blocks, (str, bytes)) or not hasattr(blocks, '__iter__'):
        raise ClueError(f'clue {blocks!r} is not a list of block lengths')
    clue = list(blocks)
    if clue == [0]:
        clue = []
    for number, block in enumerate(clue, start=1):
        def where():  # (built only for an error: building it for every block would be quadratic)
            return f'clue {clue!r}: block {number} of {len(clue)} is {block!r}'
        if isinstance(block, bool) or not isinstance(block, Integral):
            raise ClueError(f'{where()}, not a whole number')
        if block <= 0:
            raise ClueError(f'{where()}; blocks must be at least 1 (write an empty line as [] or [0])')
    clue = [int(block) for block in clue]
    if cells is not None and min_length(clue) > cells:
        raise ClueError(f'clue {clue!r} needs at least {min_length(clue)} cells '
                        f'but the line has only {cells}')
    return clue


def check_line(line: Iterable) -> Line:
    """Return `line` as a list, raising ClueError if a cell is not 1, 0 or None."""
    if isinstance(line, (str, bytes)) or not hasattr(line, '__iter__'):
        raise ClueError(f'line {line!r} is not a list of cells (1, 0 or None)')
    cells = list(line)
    for i, cell in enumerate(cells):
        if cell is not None and (isinstance(cell, bool) or cell not in (0, 1)):
            raise ClueError(f'cell {i} of the line is {cell!r}; cells must be 1, 0 or None')
    return [None if cell is None else int(cell) for cell in cells]


MOST_BLOCKS_LISTED = 400  # listing goes one nested call deeper per block; Python stops near 1000


def enumerable_clue(blocks, cells) -> Clue:
    """The clue normalised, or ClueError if `cells` is not a whole number at least 0, or if the
    clue has too many blocks to list its layouts one nested call per block."""
    if isinstance(cells, bool) or not isinstance(cells, Integral) or cells < 0:
        raise ClueError(f'cells must be a whole number at least 0, not {cells!r}')
    clue = normalize_clue(blocks, cells)
    if len(clue) > MOST_BLOCKS_LISTED:
        raise ClueError(f'a clue of {len(clue)} blocks is too long to list its layouts (at most '
                        f'{MOST_BLOCKS_LISTED}); solve_line handles it')
    return clue


# --- pictures and puzzles ---------------------------------------------------------------------

def check_picture(pic) -> Grid:
    """Return a picture as a list of rows of 0/1, raising PuzzleError if it is ragged or has a
    cell that is not 0/1 ('0'/'1', or '#'/'.' as pictures are drawn in text).

    >>> check_picture('01\\n10')
    [[0, 1], [1, 0]]
    """
    if isinstance(pic, str):
        pic = [line.strip() for line in pic.strip().splitlines()]
    if isinstance(pic, bytes) or not hasattr(pic, '__iter__'):
        raise PuzzleError(f'a picture is text or a list of rows, not {pic!r}')
    rows = [list(row) for row in pic]
    if not rows or not rows[0]:
        raise PuzzleError('the picture is empty')
    for r, row in enumerate(rows):
        if len(row) != len(rows[0]):
            raise PuzzleError(f'picture row {r} has {len(row)} cells, expected {len(rows[0])} '
                              '(a picture must be rectangular)')
        for c, cell in enumerate(row):
            if isinstance(cell, bool) or cell not in (1, '1', '#', 0, '0', '.'):
                raise PuzzleError(f'picture row {r}, column {c} is {cell!r}, not 0 or 1')
    return [[int(cell in (1, '1', '#')) for cell in row] for row in rows]


def check_puzzle(rows, cols, grid=None) -> tuple[list[Clue], list[Clue], Grid]:
    """Check a puzzle; return (rows, cols, grid) normalised: clues as lists of positive ints
    ([0] becomes []) and a fresh grid (all None if `grid` is None). Raises PuzzleError naming
    the row or column at fault, or when the rows and columns need different numbers of cells."""
    for name, clues in (('rows', rows), ('columns', cols)):
        if isinstance(clues, (str, bytes)) or not hasattr(clues, '__len__'):
            raise PuzzleError(f'{name} must be a list of clues, not {clues!r}')
        if len(clues) == 0:
            raise PuzzleError(f'a puzzle needs at least one row and one column; {name} is empty')
    height, width = len(rows), len(cols)
    rows = [check_clue(clue, 'row', r, width) for r, clue in enumerate(rows)]
    cols = [check_clue(clue, 'column', c, height) for c, clue in enumerate(cols)]
    row_total, col_total = sum(map(sum, rows)), sum(map(sum, cols))
    if row_total != col_total:
        raise PuzzleError(f'rows need {row_total} filled cells but columns need {col_total}')
    return rows, cols, check_grid(grid, height, width)


def check_clue(clue, kind: str, index: int, cells: int) -> Clue:
    """One clue, normalised; its ClueError becomes a PuzzleError naming the line."""
    try:
        return normalize_clue(clue, cells)
    except ClueError as error:
        raise PuzzleError(f'{kind} {index}: {error}') from None


def check_grid(grid, height: int, width: int) -> Grid:
    """A fresh height x width grid of 1/0/None copied from `grid` (all None if grid is None)."""
    if grid is None:
        return [[None] * width for _ in range(height)]
    if isinstance(grid, (str, bytes)) or not hasattr(grid, '__len__'):
        raise PuzzleError(f'grid must be a list of rows, not {grid!r}')
    if len(grid) != height:
        raise PuzzleError(f'grid has {len(grid)} rows, expected {height}')
    checked = []
    for r, row in enumerate(grid):
        try:
            row = check_line(row)
        except ClueError as error:
            raise PuzzleError(f'grid row {r}: {error}') from None
        if len(row) != width:
            raise PuzzleError(f'grid row {r} has {len(row)} cells, expected {width}')
        checked.append(row)
    return checked


# --- budgets and messages ---------------------------------------------------------------------

def checked_budget(name: str, value, kinds):
    """A budget (max_nodes or time_limit) checked: None, or a number at least 0."""
    if value is not None and (isinstance(value, bool) or not isinstance(value, kinds)):
        raise TypeError(f'{name} must be a number or None, not {value!r}')
    if value is not None and not value >= 0:
        raise ValueError(f'{name} must be at least 0, not {value!r}')
    return value


def plural(count: int, noun: str) -> str:
    """'1 node', '2 nodes', '12,345 probes'.

    >>> plural(1, 'node'), plural(12345, 'probe')
    ('1 node', '12,345 probes')
    """
    return f'{count:,} {noun}{"" if count == 1 else "s"}'
