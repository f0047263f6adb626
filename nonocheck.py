"""The errors of the nonogram library, and the checks every public function makes at its door.

A library module, not a lesson: the lessons import it so that their own code can show only the
idea. Each check returns its input normalised (clues as lists of positive ints, a fresh grid) or
raises an error whose message names the clue, row, column or cell at fault:

- `ClueError`: a malformed clue or line (a ValueError);
- `PuzzleError`: a malformed puzzle, grid or picture (a ClueError, so a ValueError too);
- `SearchLimit`: a search ran out of the budget its caller set (a RuntimeError).

Lesson 1's `nonovector.Contradiction` (no layout fits) is the other error of the project: it is
not about malformed input but about a well-formed question with no answer.

Sections: clues and lines (normalize_clue, check_line, check_forces, enumerable_clue); pictures
and puzzles (check_picture, check_puzzle); budgets and messages (checked_budget, checked_seconds,
plural, search_limit); colour clues, pictures, lines and puzzles (check_colour_*; lessons 13-14); the bit
solver's entry points (checked_clue, check_bits; lesson 7); givens (check_givens; lesson 5);
random colour lines for checking colour line solvers (lesson 13); the fast engine's search
budgets (lesson 10).
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


class TotalsDiffer(PuzzleError):
    """The rows and the columns need different numbers of cells (of some colour): a well-formed
    puzzle that has no solution (the command's exit code 1, not bad input)."""


class SearchLimit(RuntimeError):
    """A search ran out of budget (max_nodes or time_limit) before it finished. Attributes:
    nodes (visited), seconds (spent), solutions (found before the budget ran out)."""

    def __init__(self, message, nodes, seconds, solutions):
        super().__init__(message)
        self.nodes, self.seconds, self.solutions = nodes, seconds, solutions


# --- whole numbers, callables --------------------------------------------------------------

MOST_CELLS = 100_000  # the longest line a function takes: 100 times the longest a puzzle file has


def check_whole(name: str, value, least: int = 0, most: int | None = None) -> int:
    """`value` as an int, or TypeError (not a whole number) or ValueError (out of range) naming
    the parameter `name`.

    >>> check_whole('cells', 5), check_whole('count', 3, least=1, most=10)
    (5, 3)
    """
    check_name(name)
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise TypeError(f'{name} must be a whole number, not {value!r:.40}')
    if value < least or most is not None and value > most:
        bounds = f'at least {least}' if most is None else f'from {least} to {most:,}'
        raise ValueError(f'{name} must be {bounds}, not {value!r:.40}')
    return int(value)


def check_name(name: str) -> str:
    """The name of a parameter, for the checks above, or TypeError."""
    if not isinstance(name, str):
        raise TypeError(f'name must be the name of a parameter, not {name!r:.40}')
    return name


def check_callable(name: str, value):
    """`value`, or TypeError naming the parameter `name` if it cannot be called."""
    check_name(name)
    if not callable(value):
        raise TypeError(f'{name} must be a function, not {value!r:.40}')
    return value


def check_text(name: str, value) -> str:
    """`value`, or TypeError naming the parameter `name` if it is not a str."""
    if not isinstance(check_name(name), str) or not isinstance(value, str):
        raise TypeError(f'{name} must be text (a str), not {value!r:.40}')
    return value


def check_list(name: str, value, least: int = 0, text: bool = False) -> list:
    """`value` as a list (of at least `least` items), or TypeError/ValueError naming the
    parameter `name` if it is not a collection (text is one only if `text`), or too short."""
    check_name(name)
    if isinstance(value, bytes) or isinstance(value, str) and not text \
            or not hasattr(value, '__iter__'):
        raise TypeError(f'{name} must be a list, not {value!r:.40}')
    items = list(value)
    if len(items) < least:
        raise ValueError(f'{name} must have at least {least} items, not {len(items)}')
    return items


def check_table(name: str, value, cells: str = '', least: int = 1) -> list[list]:
    """`value` (a grid, a picture, a list of clues...) as a non-empty list of lists, or
    TypeError/ValueError naming the parameter `name`. `cells`, what a cell may be: a key of
    CELL_KINDS, or '' (not checked); `least`: the fewest rows."""
    rows = check_list(name, value, least=least)
    if set(map(type, rows)) <= {list}:  # the usual case, checked at C speed
        if not cells:
            return rows
        if cells in PLAIN_CELLS:
            types, values = PLAIN_CELLS[cells]
            if all(set(map(type, row)) <= types and set(row) <= values for row in rows):
                return rows
    for r, row in enumerate(rows):
        if isinstance(row, (str, bytes)) or not hasattr(row, '__len__'):
            raise TypeError(f'{name} must be a list of rows (lists); row {r} is {row!r:.40}')
        for c, cell in enumerate(row if cells else ()):
            fits, words = CELL_KINDS[cells]
            if not fits(cell):
                raise ValueError(f'{name} row {r}, column {c} is {cell!r:.40}, not {words}')
    return [row if type(row) is list else list(row) for row in rows]


def _whole(cell) -> bool:
    return type(cell) is int and cell >= 0


PLAIN_CELLS = {  # check_table's quick check of the usual kinds: (the cells' types, values)
    'grid': ({int, type(None)}, {0, 1, None}),
    'picture': ({int}, {0, 1}),
}
CELL_KINDS = {  # what a cell of a table may be: (test, words)
    'grid': (lambda cell: cell is None or cell in (0, 1) and type(cell) is int, '1, 0 or None'),
    'picture': (lambda cell: cell in (0, 1) and type(cell) is int, '1 or 0'),
    'colour': (_whole, 'a whole number at least 0'),
    'open colour': (lambda cell: cell is None or _whole(cell), 'a whole number or None'),
}


def check_rgb(name: str, value, hash_sign: bool = False) -> str:
    """A colour as 6 hex digits ('#' first if `hash_sign`), or TypeError/ValueError naming
    the parameter `name`.

    >>> check_rgb('rgb', 'ff8000'), check_rgb('rgb', '#ff8000', hash_sign=True)
    ('ff8000', '#ff8000')
    """
    digits = check_text(name, value)[1:] if hash_sign else check_text(name, value)
    if hash_sign and not value.startswith('#') or len(digits) != 6 or any(
            char not in '0123456789abcdefABCDEF' for char in digits):
        raise ValueError(f'{name} must be a colour as {"#" * hash_sign}rrggbb, not {value!r:.40}')
    return value


def check_clue_pair(clues) -> tuple[list, list]:
    """`clues` as (rows, cols), two lists of clues (as pic2gram returns them), or TypeError naming
    the clues."""
    pair = check_list('clues', clues)
    if len(pair) != 2:
        raise TypeError(f'clues must be a pair (row clues, column clues), not {clues!r:.40}')
    return check_list('clues', pair[0]), check_list('clues', pair[1])


def check_clue_text(text) -> str:
    """Clues typed as text: whole numbers, spaces, '|' and new lines only; else TypeError or
    ValueError naming the text."""
    for i, char in enumerate(check_text('text', text)):
        if not (char.isdigit() and char.isascii() or char in ' |\t\r\n'):
            raise ValueError(f'text of clues: character {i} is {char!r}; use numbers, spaces, '
                             '"|" and new lines')
    return text


def check_fraction(name: str, value) -> float:
    """A number from 0 to 1 (a density, a probability), or TypeError/ValueError naming `name`."""
    check_name(name)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f'{name} must be a number from 0 to 1, not {value!r:.40}')
    if not 0 <= value <= 1:
        raise ValueError(f'{name} must be from 0 to 1, not {value!r:.40}')
    return value


MOST_GRID_CELLS = 1_000_000  # a grid of 1000 x 1000 cells, the largest a puzzle file may hold


def check_size(height, width) -> tuple[int, int]:
    """(height, width) of a grid to make: whole numbers at least 1, with at most
    MOST_GRID_CELLS cells in all; else TypeError/ValueError naming the height or width."""
    height = check_whole('height', height, 1, MOST_GRID_CELLS)
    width = check_whole('width', width, 1, MOST_GRID_CELLS)
    if height * width > MOST_GRID_CELLS:
        raise ValueError(f'height x width must be at most {MOST_GRID_CELLS:,} cells, not '
                         f'{height:,} x {width:,}')
    return height, width


def check_seed(seed):
    """A seed for random.Random (None, a number, text or bytes), or TypeError naming it."""
    if isinstance(seed, bool) or not isinstance(seed, (type(None), int, float, str, bytes)):
        raise TypeError(f'seed must be None, a number or text, not {seed!r:.40}')
    return seed


def check_mask_rows(rows) -> list[tuple[str, int, int]]:
    """Rows to print as masks: (name, mask, width) triples (text, whole numbers), or TypeError
    naming the rows."""
    checked = []
    for row in check_list('rows', rows):
        if not (isinstance(row, (tuple, list)) and len(row) == 3 and isinstance(row[0], str)
                and all(type(n) is int and 0 <= n for n in row[1:]) and row[2] <= MOST_CELLS):
            raise TypeError(f'rows must be (name, mask, width) triples, not {row!r:.40}')
        checked.append(tuple(row))
    return checked


def check_has(name: str, value, *attributes: str):
    """`value`, or TypeError naming the parameter `name` if it lacks one of `attributes` (an
    engine passed to a strategy, say)."""
    check_name(name)
    for attribute in attributes:
        if not hasattr(value, attribute):
            raise TypeError(f'{name} must have .{attribute}, not {value!r:.40}')
    return value


# --- clues and lines --------------------------------------------------------------------------

def min_length(blocks: Clue) -> int:
    """The fewest cells that hold `blocks`: the blocks themselves plus one gap between each pair.

    >>> min_length([3, 1])
    5
    """
    try:
        return sum(blocks) + max(len(blocks) - 1, 0)
    except TypeError:
        raise TypeError(f'blocks must be a list of block lengths, not {blocks!r:.40}') from None


def normalize_clue(blocks: Iterable[int], cells: int | None = None) -> Clue:
    """Return `blocks` as a list of positive ints, with [0] read as [] (the empty line).

    Raises ClueError naming the fault when a block is not a positive whole number or, if the line
    length `cells` is given, when the blocks cannot fit in that many cells.

    >>> normalize_clue([0]), normalize_clue((3, 1))
    ([], [3, 1])
    """
    if isinstance(blocks, (str, bytes)) or not hasattr(blocks, '__iter__'):
        raise ClueError(f'clue {blocks!r:.40} is not a list of block lengths')
    if cells is not None:
        cells = check_whole('cells', cells, most=MOST_CELLS)
    clue = list(blocks)
    if clue == [0]:
        clue = []
    if set(map(type, clue)) <= {int} and (not clue or min(clue) > 0):  # the usual case, quickly
        if cells is not None and min_length(clue) > cells:
            raise ClueError(f'clue {clue!r} needs at least {min_length(clue)} cells '
                            f'but the line has only {cells}')
        return clue
    for number, block in enumerate(clue, start=1):
        if type(block) is int and block > 0:
            continue  # (the usual case, without the slower checks below)

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
    if set(map(type, cells)) <= {int, type(None)} and set(cells) <= {0, 1, None}:
        return cells  # (the usual case, checked at C speed)
    for i, cell in enumerate(cells):
        if cell is not None and (isinstance(cell, bool) or cell not in (0, 1)):
            raise ClueError(f'cell {i} of the line is {cell!r}; cells must be 1, 0 or None')
    return [None if cell is None else int(cell) for cell in cells]


def check_forces(force0: Iterable[int], force1: Iterable[int], cells: int) -> tuple[set, set]:
    """(empty, filled): the forced cells as two sets of cell indexes, or ClueError naming one
    that is not a cell of a line of `cells` cells."""
    cells = check_whole('cells', cells, most=MOST_CELLS)
    for name, forced in (('force0', force0), ('force1', force1)):
        if isinstance(forced, (str, bytes)) or not hasattr(forced, '__iter__'):
            raise TypeError(f'{name} must be a list of forced cell indexes, not {forced!r:.40}')
    empty, filled = set(), set()
    for forced, cell_set in ((force0, empty), (force1, filled)):
        for i in forced:
            if not isinstance(i, Integral):
                raise ClueError(f'forced cell {i!r:.40} is not a cell index')
            cell_set.add(i)
    for i in empty | filled:
        if isinstance(i, bool) or not isinstance(i, Integral) or not 0 <= i < cells:
            raise ClueError(f'forced cell {i!r} is not a cell index of a line of {cells} cells')
    return empty, filled


def check_layout(layout, cells) -> list[tuple[int, int]]:
    """A layout (a list of (position, length) pairs, blocks inside a line of `cells` cells) as a
    list of int pairs, or TypeError/ValueError naming the layout or the cells."""
    if type(cells) is not int or not 0 <= cells <= MOST_CELLS:
        cells = check_whole('cells', cells, most=MOST_CELLS)
    if type(layout) is not list:
        layout = check_list('layout', layout)
    pairs = []
    for block in layout:  # (a plain loop: lesson 1 checks every layout it lists)
        if not isinstance(block, (tuple, list)) or len(block) != 2:
            position = length = None
        else:
            position, length = block
        if (type(position) is not int or type(length) is not int or position < 0 or length < 1
                or position + length > cells):
            raise ValueError(f'layout block {block!r:.40} is not a (position, length) pair '
                             f'inside a line of {cells} cells')
        pairs.append(block if type(block) is tuple else tuple(block))
    return pairs


MOST_LISTED_CELLS = 20  # listing every line of n cells: 2**20 is a million lines
MOST_TABLE_ENTRIES = 1_000_000  # (blocks + 1) x (cells + 1): a second; a line of 1000 cells fits


def check_tabled_line(blocks, line) -> tuple[Clue, Line]:
    """(clue, line) checked for a line solver that fills tables of (blocks + 1) x (cells + 1)
    entries (lesson 2): ClueError naming the clue if they would have more than
    MOST_TABLE_ENTRIES, or where check_line and normalize_clue find a fault."""
    line = check_line(line)
    blocks = normalize_clue(blocks, len(line))
    cells = len(line)
    entries = (len(blocks) + 1) * (cells + 1)
    if entries > MOST_TABLE_ENTRIES:
        raise ClueError(f'a clue of {len(blocks):,} blocks in a line of {cells:,} cells needs '
                        f'tables of {entries:,} entries, more than this solver fills in about a '
                        f'second ({MOST_TABLE_ENTRIES:,})')
    return blocks, line


def check_tables(line, before, after, blocks=None) -> tuple:
    """(line, before, after), or (blocks, line, before, after) if blocks is given, checked: the
    tables of a line solver by tables (lesson 2), each a row per block count (len(blocks) + 1
    rows) of len(line) + 1 entries. TypeError/ValueError names the table at fault."""
    line = check_line(line)
    if blocks is not None:
        blocks = normalize_clue(blocks, len(line))
    tables = [(name, check_table(name, table)) for name, table in (('before', before),
                                                                     ('after', after))]
    for name, rows in tables:
        if any(len(row) != len(line) + 1 for row in rows) or blocks is not None and len(
                rows) != len(blocks) + 1 or len(rows) != len(tables[0][1]):
            raise ValueError(f'{name} must be a table of a row per block count (one more than '
                             f'the blocks) of len(line) + 1 = {len(line) + 1} entries')
    return (line, before, after) if blocks is None else (blocks, line, before, after)


MOST_LAYOUTS = 1_000_000  # a list of every layout of a line: a second or two to make


def listable_clue(blocks, cells) -> Clue:
    """The clue normalised for a line of `cells` cells, or ClueError naming it if it has more
    than MOST_LAYOUTS layouts to put in a list (TypeError/ValueError if `cells` is not a length)."""
    from math import comb

    clue = normalize_clue(blocks, check_whole('cells', cells, most=MOST_CELLS))
    layouts = comb(cells - min_length(clue) + len(clue), len(clue))
    if layouts > MOST_LAYOUTS:
        raise ClueError(f'clue {clue!r:.40} has {layouts:,} layouts in a line of {cells} cells, '
                        f'too many to list (at most {MOST_LAYOUTS:,})')
    return clue


def check_iterable(name: str, value):
    """`value` (not consumed: it may be a generator), or TypeError naming `name` if it is text
    or cannot be iterated."""
    if isinstance(check_name(name), str) and isinstance(value, (str, bytes)) or not hasattr(
            value, '__iter__'):
        raise TypeError(f'{name} must be a list or an iterator, not {value!r:.40}')
    return value


MOST_BLOCKS_LISTED = 400  # listing goes one nested call deeper per block; Python stops near 1000


def enumerable_clue(blocks, cells) -> Clue:
    """The clue normalised, or ClueError if `cells` is not a whole number at least 0, or if the
    clue has too many blocks to list its layouts one nested call per block."""
    clue = normalize_clue(blocks, check_whole('cells', cells, most=MOST_CELLS))
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
    rows = []
    for r, row in enumerate(pic):
        if isinstance(row, bytes) or not hasattr(row, '__iter__'):
            raise PuzzleError(f'picture row {r} is {row!r:.40}, not a row of cells')
        rows.append(list(row))
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
        raise TotalsDiffer(f'rows need {row_total} filled cells but columns need {col_total}')
    return rows, cols, check_grid(grid, height, width)


def check_clue(clue, kind: str, index: int, cells: int) -> Clue:
    """One clue, normalised; its ClueError becomes a PuzzleError naming the line."""
    try:
        return normalize_clue(clue, cells)
    except ClueError as error:
        raise PuzzleError(f'{kind} {index}: {error}') from None


def check_grid(grid, height: int, width: int) -> Grid:
    """A fresh height x width grid of 1/0/None copied from `grid` (all None if grid is None)."""
    height = check_whole('height', height, most=MOST_CELLS)
    width = check_whole('width', width, most=MOST_CELLS)
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
    if not isinstance(name, str):
        raise TypeError(f'name must be the name of the budget, not {name!r:.40}')
    if not (isinstance(kinds, type) or isinstance(kinds, tuple) and all(
            isinstance(kind, type) for kind in kinds)):
        raise TypeError(f'kinds must be a type or a tuple of types, not {kinds!r:.40}')
    if value is not None and (isinstance(value, bool) or not isinstance(value, kinds)):
        raise TypeError(f'{name} must be a number or None, not {value!r}')
    if value is not None and not value >= 0:
        raise ValueError(f'{name} must be at least 0, not {value!r}')
    return value


FOREVER_SECONDS = 1e9  # about 32 years: a longer time limit is no time limit


def checked_seconds(name: str, value) -> float | None:
    """A time budget checked like checked_budget; infinite, or longer than FOREVER_SECONDS, is
    None (no limit), since the system's waits cannot take such numbers.

    >>> checked_seconds('timeout', 2.5), checked_seconds('timeout', float('inf'))
    (2.5, None)
    """
    value = checked_budget(name, value, (int, float))
    return None if value is not None and value >= FOREVER_SECONDS else value


def plural(count: int, noun: str) -> str:
    """'1 node', '2 nodes', '12,345 probes'.

    >>> plural(1, 'node'), plural(12345, 'probe')
    ('1 node', '12,345 probes')
    """
    check_whole('count', count, least=-2 ** 63)
    if not isinstance(noun, str):
        raise TypeError(f'noun must be a str, not {noun!r:.40}')
    return f'{count:,} {noun}{"" if count == 1 else "s"}'


# --- colour ----------------------------------------------------------------------------------
# The checks of colour puzzles (lessons 13 and 14, modules nonocolourline and nonocolour). A colour
# clue is a list of blocks (length, colour), colours numbered from 1 (0 is the background); a
# picture is a list of rows of colour numbers; while solving, a cell is the set of colours it may
# still take, as a bitmask (bit c for colour c).

def shortest_line(clue) -> int:
    """The fewest cells that hold a colour clue: its blocks, and a gap between same-coloured
    neighbours (blocks of different colours may touch).

    >>> shortest_line([(2, 1), (1, 2), (2, 2)])
    6
    """
    if isinstance(clue, (str, bytes)) or not hasattr(clue, '__len__'):
        raise TypeError(f'clue must be a list of (length, colour) blocks, not {clue!r:.40}')
    try:
        gaps = sum(1 for (_, a), (_, b) in zip(clue, clue[1:]) if a == b)
        return sum(length for length, _ in clue) + gaps
    except (TypeError, ValueError):
        raise TypeError(f'clue must be a list of (length, colour) blocks, not {clue!r:.40}') \
            from None


def colour_totals(clues):
    """How many cells of each colour a list of colour clues asks for (a Counter).

    >>> dict(colour_totals([[(2, 1), (1, 2)], [(3, 1)]]))
    {1: 5, 2: 1}
    """
    from collections import Counter

    totals = Counter()
    try:
        for clue in clues:
            for length, colour in clue:
                totals[colour] += length
    except (TypeError, ValueError):
        raise TypeError(f'clues must be a list of colour clues, not {clues!r:.40}') from None
    return totals


MOST_COLOURS = 255  # colour numbers: a cell's set of colours is a bitmask of 256 bits at most


def check_colour_clue(clue, kind: str, index, cells: int) -> tuple:
    """A colour clue as a tuple of (length, colour) tuples that fit `cells` cells, or a
    PuzzleError naming the line (`kind` 'row', 'column', ..., and its `index`)."""
    where = f'{kind} {index}'.strip()
    if isinstance(clue, (str, bytes)) or not hasattr(clue, '__iter__'):
        raise PuzzleError(f'{where}: a colour clue is a list of (length, colour) blocks, '
                          f'not {clue!r}')
    blocks = []
    for block in clue:
        if not (isinstance(block, (tuple, list)) and len(block) == 2 and all(
                isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in block)):
            raise PuzzleError(f'{where}: block {block!r:.40} is not a (length, colour) pair '
                              'of whole numbers at least 1')
        if block[1] > MOST_COLOURS:
            raise PuzzleError(f'{where}: block {block!r:.40} has colour {block[1]}; colours '
                              f'are numbered from 1 to {MOST_COLOURS}')
        blocks.append(tuple(block))
    if shortest_line(blocks) > cells:
        raise PuzzleError(f'{where}: the clue needs {shortest_line(blocks)} cells, '
                          f'the line has {cells}')
    return tuple(blocks)


def check_colour_line(clue, cells) -> tuple:
    """The clue checked against a line of cell sets (bitmasks, whole numbers at least 1):
    returned as check_colour_clue returns it, or PuzzleError."""
    if isinstance(cells, (str, bytes)) or not hasattr(cells, '__len__') or any(
            isinstance(cell, bool) or not isinstance(cell, int) or cell < 1 for cell in cells):
        raise PuzzleError(f'a line is a list of colour sets (bitmasks at least 1), not {cells!r}')
    return check_colour_clue(clue, 'the line', '', len(cells))


def check_colour_picture(picture) -> list[list[int]]:
    """A colour picture as a fresh list of rows of colour numbers, or PuzzleError naming the fault.

    >>> check_colour_picture(((0, 1), (2, 0)))
    [[0, 1], [2, 0]]
    """
    if isinstance(picture, (str, bytes)) or not hasattr(picture, '__iter__') or not picture \
            or not all(
            isinstance(row, (list, tuple)) and row for row in picture):
        raise PuzzleError('a colour picture is a non-empty list of non-empty rows of colour '
                          'numbers')
    width = len(picture[0])
    for r, row in enumerate(picture):
        if len(row) != width:
            raise PuzzleError(f'row {r} of the picture has {len(row)} cells, row 0 has {width}')
        for c, colour in enumerate(row):
            if isinstance(colour, bool) or not isinstance(colour, int) or not \
                    0 <= colour <= MOST_COLOURS:
                raise PuzzleError(f'cell ({r}, {c}) of the picture is {colour!r:.40}, not a '
                                  f'colour number (0 for the background, up to {MOST_COLOURS})')
    return [list(row) for row in picture]


def check_colour_text(text, alphabet) -> list[str]:
    """The rows of a colour picture typed as text (blank lines and surrounding spaces dropped),
    or PuzzleError if the alphabet repeats a character or a row has one not in it.

    >>> check_colour_text('''
    ...   .r
    ...   r.
    ... ''', '.r')
    ['.r', 'r.']
    """
    if not isinstance(text, str) or not isinstance(alphabet, str) or len(set(alphabet)) != len(
            alphabet):
        raise PuzzleError(f'a text picture needs text and an alphabet of distinct characters, '
                          f'not {text!r} and {alphabet!r}')
    rows = [line.strip() for line in text.strip().splitlines() if line.strip()]
    for r, row in enumerate(rows):
        for char in row:
            if char not in alphabet:
                raise PuzzleError(f'row {r} of the picture has {char!r}, not one of {alphabet!r}')
    return rows


def check_colour_puzzle(rows, cols, grid=None) -> tuple[list, list, list[list[int]]]:
    """Check a colour puzzle; return (rows, cols, grid of cell sets): clues as tuples of
    (length, colour) tuples, and every cell the set of the background and all the colours the
    clues use, or the one colour its `grid` entry gives (a colour number; None for open).
    Raises PuzzleError naming the line, colour or cell at fault."""
    for name, clues in (('rows', rows), ('columns', cols)):
        if isinstance(clues, (str, bytes)) or not hasattr(clues, '__len__') or not clues:
            raise PuzzleError(f'{name} must be a non-empty list of colour clues, not {clues!r}')
    height, width = len(rows), len(cols)
    rows = [check_colour_clue(clue, 'row', r, width) for r, clue in enumerate(rows)]
    cols = [check_colour_clue(clue, 'column', c, height) for c, clue in enumerate(cols)]
    by_rows, by_cols = colour_totals(rows), colour_totals(cols)
    for colour in sorted(set(by_rows) | set(by_cols)):
        if by_rows[colour] != by_cols[colour]:
            raise TotalsDiffer(f'colour {colour}: the rows need {by_rows[colour]} cells of it, '
                               f'the columns {by_cols[colour]}')
    everything = 1 + sum(1 << colour for colour in by_rows)  # the background, and every colour used
    cells = [[everything] * width for _ in range(height)]
    if grid is not None:
        if isinstance(grid, (str, bytes)) or not hasattr(grid, '__len__') or len(grid) != height \
                or any(not hasattr(row, '__len__') or len(row) != width for row in grid):
            raise PuzzleError(f'the grid must have {height} rows of {width} cells')
        for r, row in enumerate(grid):
            for c, colour in enumerate(row):
                if colour is not None:
                    if isinstance(colour, bool) or not isinstance(colour, int) or colour < 0 \
                            or not everything >> colour & 1:
                        raise PuzzleError(f'grid cell ({r}, {c}) is {colour!r}, not None or a '
                                          'colour number that the clues use')
                    cells[r][c] = 1 << colour
    return rows, cols, cells


# --- the bit solver's entry points -------------------------------------------------------------
# The checks that the doors of lesson 7's fast line solver (module nonofast) make on every call,
# cached answer or not: so they are cheap in the common case.

def checked_clue(blocks, cells: int) -> tuple[int, ...]:
    """The clue as a tuple of positive block lengths that fit in `cells`, else ClueError.

    The common case (a list or tuple of positive ints that fit) is checked here directly, in a
    fraction of the time of `normalize_clue`; anything else goes through `normalize_clue`, which
    is thorough and has the error messages.

    >>> checked_clue([2, 1], 5), checked_clue([0], 3)
    ((2, 1), ())
    """
    if type(cells) is not int:
        cells = check_whole('cells', cells, most=MOST_CELLS)
    if isinstance(blocks, (list, tuple)):
        clue = tuple(blocks)
        plain = all(type(length) is int and length > 0 for length in clue)
        if plain and sum(clue) + len(clue) - 1 <= cells:
            return clue
    return tuple(normalize_clue(blocks, cells))


def check_bits(clue, cells: int, filled: int, empty: int) -> tuple[int, ...]:
    """The clue of a line given as bitmasks, as `checked_clue` returns it; ClueError if `cells`
    is not a whole number at least 0, if a mask is not a set of cells of the line (an int from 0
    to 2 ** cells - 1), or if a cell is marked both filled and empty."""
    if isinstance(cells, bool) or not isinstance(cells, int) or not 0 <= cells <= MOST_CELLS:
        raise ClueError(f'line length {cells!r:.40} is not a whole number of cells '
                        f'from 0 to {MOST_CELLS:,}')
    for name, mask in (('filled', filled), ('empty', empty)):
        if isinstance(mask, bool) or not isinstance(mask, int) or mask < 0 or mask >> cells:
            raise ClueError(f'{name} mask {mask!r} is not a set of cells of a line of {cells} cells')
    if filled & empty:
        both = [i for i in range((filled & empty).bit_length()) if (filled & empty) >> i & 1]
        raise ClueError(f'cells {both} are marked both filled and empty')
    return checked_clue(clue, cells)


# --- givens: cells printed filled on a puzzle (lesson 5, gchq) ---------------------------------

def check_givens(givens, height: int, width: int) -> list[tuple[int, int]]:
    """The givens as a list of (row, col) pairs, else PuzzleError naming the first one that is
    not a cell of a height x width grid (0-based ints in range; a pair, a tuple or list of two).

    >>> check_givens([(0, 1), [2, 0]], 3, 2)
    [(0, 1), (2, 0)]
    """
    height = check_whole('height', height, most=MOST_CELLS)
    width = check_whole('width', width, most=MOST_CELLS)
    if isinstance(givens, (str, bytes)) or not hasattr(givens, '__iter__'):
        raise PuzzleError(f'givens must be a list of (row, col) cells, not {givens!r:.40}')
    cells = []
    for number, cell in enumerate(givens):
        row, col = cell if isinstance(cell, (tuple, list)) and len(cell) == 2 else (None, None)
        if not (isinstance(row, int) and isinstance(col, int)
                and 0 <= row < height and 0 <= col < width):
            raise PuzzleError(f'given {number} is {cell!r}, not a cell of the '
                              f'{height}x{width} grid')
        cells.append((row, col))
    return cells


# --- random colour lines, to check colour line solvers against each other (lesson 13) ----------

def random_colour_lines(count: int, seed, most_cells: int = 12,
                        most_colours: int = 4) -> list[tuple[list[int], list[int]]]:
    """`count` random (picture, cells) pairs, the same for the same seed: a finished line of 1 to
    `most_cells` cells in 1 to `most_colours` colours and the background (colour numbers), and
    for each cell a random set of colours (a bitmask at least 1) that holds the picture's colour
    seven times in ten, so that some lines fit their picture's clue and some do not.

    >>> [(len(picture), len(cells)) for picture, cells in random_colour_lines(2, seed=1)]
    [(3, 3), (7, 7)]
    """
    import random

    count = check_whole('count', count, most=MOST_CELLS)
    most_cells = check_whole('most_cells', most_cells, least=1, most=MOST_CELLS)
    most_colours = check_whole('most_colours', most_colours, least=1, most=64)
    rng = random.Random(check_seed(seed))
    lines = []
    for _ in range(count):
        cells, colours = rng.randint(1, most_cells), rng.randint(1, most_colours)
        picture = [rng.randrange(colours + 1) for _ in range(cells)]
        sets = [rng.randrange(1, 1 << (colours + 1)) | (1 << c) * (rng.random() < 0.7)
                for c in picture]
        lines.append((picture, sets))
    return lines


# --- search budgets in the fast engine (lesson 10, nonoengine) ---------------------------------

def report_unknown_cells(check_budget, engine):
    """Call check_budget(engine) (lesson 4's rule, which raises SearchLimit when max_nodes or
    time_limit has run out); if it raises, raise the SearchLimit again with the engine's unknown
    cells in its message ('... and 12 of 625 cells unknown at the node it stopped in')."""
    check_callable('check_budget', check_budget)
    check_has('engine', engine, 'unknown', 'height', 'width')
    try:
        check_budget(engine)
    except SearchLimit as stop:
        raise SearchLimit(f'{stop} and {engine.unknown()} of {engine.height * engine.width} cells '
                          'unknown at the node it stopped in',
                          stop.nodes, stop.seconds, stop.solutions) from None


def first_in_first_out_on_time(engine, queue) -> int:
    """Strategy for the next line to solve (lesson 10's default): lesson 3's first in, first out,
    calling engine.check_budget() every 64 line solves, so that even a huge puzzle's first
    propagation stops at its time limit."""
    try:
        if engine.line_solves % 64 == 0:
            engine.check_budget()
        return queue.popleft()
    except AttributeError:
        check_has('engine', engine, 'line_solves', 'check_budget')
        raise TypeError(f'queue must be a deque of line numbers, not {queue!r:.40}') from None


# --- the words of a search stopped by its budget (lesson 4, nonoprobe) ------------------------

def search_limit(over: list[str], nodes: int, probes: int, seconds: float,
                 found: list) -> SearchLimit:
    """The SearchLimit a search raises when budgets run out (`over`, e.g. ['max_nodes=10']): its
    message says how far the search got, and it keeps copies of the solutions found so far.

    >>> str(search_limit(['max_nodes=1'], 2, 0, 0.01, []))
    'search stopped by max_nodes=1 after 2 nodes, 0 probes and 0.0 s, with 0 solution(s) found so far'
    """
    if isinstance(over, (str, bytes)) or not hasattr(over, '__iter__') or not all(
            isinstance(budget, str) for budget in over):
        raise TypeError(f'over must be a list of budgets as text, not {over!r:.40}')
    for name, value in (('nodes', nodes), ('probes', probes)):
        check_whole(name, value)
    checked_budget('seconds', seconds, (int, float))
    if isinstance(found, (str, bytes)) or not hasattr(found, '__len__'):
        raise TypeError(f'found must be a list of solutions, not {found!r:.40}')
    return SearchLimit(f'search stopped by {" and ".join(over)} after {nodes} nodes, '
                       f'{probes} probes and {seconds:.1f} s, with '
                       f'{len(found)} solution(s) found so far',
                       nodes, seconds, [solution[:] for solution in found])


# --- line solvers' answers side by side, to check colour line solvers (lesson 13) ---------------

def solver_answers(solve, lines) -> list:
    """What `solve(clue, cells)` answers on each of `lines` ((clue, cells) pairs), comparable
    across solvers: a tuple of cell sets, or 'contradiction' where no layout fits (lesson 1's
    Contradiction: a NonogramError that is not a ClueError). Malformed lines raise.

    >>> def solve(clue, cells):
    ...     if clue == 'none fits':
    ...         raise NonogramError('no layout fits')
    ...     return cells
    >>> solver_answers(solve, [('fits', [1, 2]), ('none fits', [3])])
    [(1, 2), 'contradiction']
    """
    check_callable('solve', solve)
    if isinstance(lines, (str, bytes)) or not hasattr(lines, '__iter__'):
        raise TypeError(f'lines must be a list of (clue, cells) pairs, not {lines!r:.40}')
    answers = []
    for clue, cells in lines:
        try:
            answers.append(tuple(solve(clue, cells)))
        except ClueError:
            raise
        except NonogramError:
            answers.append('contradiction')
    return answers
