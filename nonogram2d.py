# %% [markdown]
# # Chapter 2. Nonograms in two dimensions
#
# Chapter 1 solved one line. In a puzzle each cell belongs to two lines, its row and its column:
# what a row learns about a cell is news for the column through it, and the other way round. This
# chapter turns that remark into a complete solver:
#
# 1. puzzles from pictures, and ways to look at a grid;
# 2. the blog post's loop: solve every row, then every column, until nothing changes;
# 3. a better loop that solves again only the lines that have just learned something;
# 4. when line logic stalls: *probing* (try a cell both ways) and *search* (guess);
# 5. every solution, and a verdict: no solution, one, or several, and how hard the puzzle is;
# 6. a stepper, to drive a solve live in class.
#
# Solving lines one at a time, each with chapter 1's solver, is called *line logic*. A grid is a
# list of rows of cells `1`, `0` or `None` (chapter 1's `Grid`); rows and columns are numbered
# from 0. We follow Paddy3118's blog post "Nonogram puzzle solver in 2D" (March 2014, on his blog
# *Go deh!*, paddy3118.blogspot.com; *the post*) and keep its function names. This notebook is
# also the module `nonogram2d`.

# %%
"""Whole nonograms: pictures, drawings, propagation, probing, search, solutions and a verdict.

Chapter 2 of the nonogram tutorial (notebooks/nonogram2d.ipynb is the readable version).
Start with solutions, solve, analyse (a Verdict) and propagate; Engine does the work, with the
strategies first_in_first_out, most_known_neighbours and best_probe. Errors: PuzzleError (a
malformed puzzle; a ValueError), SearchLimit (a budget ran out), chapter 1's Contradiction.
"""

import math
import random
import re
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from itertools import zip_longest
from pathlib import Path
from typing import NamedTuple

from nonovector import (Clue, ClueError, Contradiction, Grid, Line, check_line, line2blocks,
                        normalize_clue, solve_line)

# %% [markdown]
# ## From pictures to puzzles
#
# The post's `pic2gram` goes from a picture to its clues: the clue of each row of the picture, and
# the clue of each column (the rows of the transposed picture). A picture can be typed as text,
# one line of `0`s and `1`s per row, or given as a list of rows. A ragged picture or a stray
# character is reported clearly. Its error, `PuzzleError`, is chapter 1's `ClueError`; every
# message names the row, column, cell or total at fault.

# %%
class PuzzleError(ClueError):
    """A malformed puzzle: a clue that cannot fit its line, totals that differ, a bad grid or
    picture. The message names the row or column at fault. (A ValueError, via ClueError.)"""


# %%
def check_picture(pic) -> Grid:
    """Return a picture as a list of rows of 0/1, raising PuzzleError if it is ragged or has a
    cell that is not 0/1 ('0'/'1', or '#'/'.' as show_grid draws them)."""
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


# %%
def transpose(grid: Grid) -> Grid:
    """The columns of a grid, as a list of rows."""
    return [list(column) for column in zip(*grid)]


# %%
def pic2gram(pic) -> tuple[list[Clue], list[Clue]]:
    """The clues of a picture: (row clues, column clues). Empty lines get the clue []."""
    picture = check_picture(pic)
    return ([line2blocks(row) for row in picture],
            [line2blocks(column) for column in transpose(picture)])


# %% tags=["active-ipynb"]
# smallex = '''
# 01110
# 11010
# 01110
# 00110
# 00111
# '''
# rows, cols = pic2gram(smallex)
# print('row clues:   ', rows, '\ncolumn clues:', cols)

# %% [markdown]
# Those are the post's clues for its training picture. Now ways of looking at grids. The post's
# `parrayclues` prints a grid between bars, `#` for filled and `_` for empty (and here `?` for a
# cell not known yet), with the row clues on the right and each column's clue downwards under its
# column (a number keeps its digits together here: the post's `13` looked like `1` above `3`).
# `show_grid` is the compact form used in messages and tests.

# %%
def parrayclues(grid: Grid, clues: tuple[list[Clue], list[Clue]]):
    """Print a grid between bars ('#' filled, '_' empty, '?' unknown) with its row clues on the
    right and its column clues below, as the post did."""
    rows, cols = clues
    out = ['|' + '|'.join({1: '#', 0: '_', None: '?'}[cell] for cell in row) + '| '
           + ' '.join(map(str, clue or [0])) for row, clue in zip(grid, rows)]
    for numbers in zip_longest(*[clue or [0] for clue in cols], fillvalue=''):
        out.append(''.join(f'{number:>2}' for number in numbers))
    print('\n'.join(out))


# %%
def show_grid(grid: Grid) -> str:
    """A grid as text: '#' filled, '.' empty, '?' unknown, one line per row."""
    return '\n'.join(''.join({1: '#', 0: '.', None: '?'}[cell] for cell in row) for row in grid)


# %% tags=["active-ipynb"]
# picture = check_picture(smallex)
# parrayclues(picture, (rows, cols))
# print('\n' + show_grid(picture))

# %% [markdown]
# ## Checking a puzzle before solving it
#
# A puzzle is a pair of clue lists, `rows` and `cols`: each row clue must fit in `len(cols)`
# cells and each column clue in `len(rows)` cells, and both lists must count the same number of
# filled cells. A grid of known cells, if given, must have the puzzle's shape and hold only `1`,
# `0` and `None`. `check_puzzle` checks all that up front, with chapter 1's checks, and names the
# line at fault. A puzzle that passes can still have no solution:
# that is a `Contradiction`, found by solving, not an error in the input.

# %%
def check_puzzle(rows, cols, grid=None) -> tuple[list[Clue], list[Clue], Grid]:
    """Check a puzzle; return (rows, cols, grid) normalised: clues as lists of positive ints
    ([0] becomes []) and a fresh grid (all None if `grid` is None). Raises PuzzleError."""
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


# %%
def check_clue(clue, kind, index, cells) -> Clue:
    """One clue, normalised by chapter 1; its ClueError becomes a PuzzleError naming the line."""
    try:
        return normalize_clue(clue, cells)
    except ClueError as error:
        raise PuzzleError(f'{kind} {index}: {error}') from None


# %%
def check_grid(grid, height, width) -> Grid:
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


# %% tags=["active-ipynb"]
# bad_puzzles = [('a clue too long', [[5, 5], [1]], [[1]] * 10, None),
#                ('a negative block', [[1], [-1]], [[1], [1]], None),
#                ('totals differ', [[2], [2]], [[1], [1]], None),
#                ('a bad grid', rows, cols, [[None] * 5] * 4 + [[None, 2, None, None, None]])]
# for why, bad_rows, bad_cols, bad_grid in bad_puzzles:
#     try:
#         check_puzzle(bad_rows, bad_cols, bad_grid)
#     except PuzzleError as error:
#         print(f'{why:>16}: PuzzleError: {error}')

# %% [markdown]
# ## Pictures people would rather look at
#
# `draw_grid` draws a grid as a puzzle book does: filled cells black, empty white, unknown grey,
# the clues to the left and above, thicker lines every five cells. Optional marks: `changed`
# highlights cells (say, those the last step decided) in red if filled and pale red if empty, or
# outlines them if unknown; `givens` puts an orange dot on cells given with the puzzle;
# `numbers=True` writes row and column numbers beside the grid. A legend says what the marks mean.
# Matplotlib is imported inside the function, so `import nonogram2d` stays light.

# %%
UNKNOWN_GREY, NEW_FILLED, NEW_EMPTY, GIVEN_ORANGE = '#b9b9b9', '#c1121f', '#f7c6c4', '#ff9f1c'
MARKS = {1: (NEW_FILLED, 'black', 'newly filled'), 0: (NEW_EMPTY, 'black', 'newly empty'),
         None: ('none', NEW_FILLED, 'the cell tried'), 'given': (GIVEN_ORANGE, 'black', 'given')}


# %%
def draw_grid(grid: Grid, rows=None, cols=None, ax=None, changed=None, title=None, givens=None,
              numbers=False, legend=True, labels=None):
    """Draw a grid of 1/0/None with its clues (if given) as on paper; return the matplotlib Axes.

    changed: cells (row, column) to highlight in red (filled) or pale red (empty), or to outline
    in red if unknown; givens: cells to mark with an orange dot; numbers: write row and column
    numbers beside the grid; legend: explain the marks used, under the grid (True), or also
    the marks of these cell values (a set: draw_steps gives one legend for all its panels);
    labels: words for the marks instead of 'newly filled' etc., as {1: ..., 0: ..., None: ...}.
    """
    import matplotlib.pyplot as plt
    from matplotlib.colors import to_rgb
    from matplotlib.patches import Circle, Patch, Rectangle

    height, width = len(grid), len(grid[0])
    row_clues = [list(clue) or [0] for clue in rows] if rows else [[]] * height
    col_clues = [list(clue) or [0] for clue in cols] if cols else [[]] * width
    left, top = max(map(len, row_clues)), max(map(len, col_clues))  # squares for the clues
    if ax is None:
        inch = min(0.32, 6.5 / (width + left), 6.5 / (height + top))
        _, ax = plt.subplots(figsize=((width + left + numbers) * inch + 0.3,
                                      (height + top + numbers) * inch + (0.6 if title else 0.3)))
    changed = set(changed or ())
    colour = {1: 'black', 0: 'white', None: UNKNOWN_GREY}
    new_colour = {1: NEW_FILLED, 0: NEW_EMPTY, None: UNKNOWN_GREY}  # (unknown: outlined below)
    ax.imshow([[to_rgb((new_colour if (r, c) in changed else colour)[cell])
                for c, cell in enumerate(row)] for r, row in enumerate(grid)],
              extent=(0, width, height, 0), interpolation='nearest')
    for r, c in changed:
        if grid[r][c] is None:  # a highlighted cell that is still unknown: outline it in red
            ax.add_patch(Rectangle((c + 0.1, r + 0.1), 0.8, 0.8, fill=False, zorder=4,
                                   edgecolor=NEW_FILLED, linewidth=1.5))
    for i in range(height + 1):
        ax.plot([-left if i in (0, height) else 0, width], [i, i], color='black',
                linewidth=1.4 if i % 5 == 0 or i == height else 0.5)
    for j in range(width + 1):
        ax.plot([j, j], [-top if j in (0, width) else 0, height], color='black',
                linewidth=1.4 if j % 5 == 0 or j == width else 0.5)
    box = ax.get_window_extent()  # the side of a square in points, at 0.6 of it for the text
    size = min(box.width / (width + left + numbers),
               box.height / (height + top + numbers)) * 72 / ax.figure.dpi * 0.6
    texts = [(-0.5 - k, r + 0.5, n, 'black') for r, clue in enumerate(row_clues)
             for k, n in enumerate(reversed(clue))]
    texts += [(c + 0.5, -0.5 - k, n, 'black') for c, clue in enumerate(col_clues)
              for k, n in enumerate(reversed(clue))]
    if numbers:  # row numbers on the right, column numbers below, in blue
        texts += [(width + 0.5, r + 0.5, r, 'tab:blue') for r in range(height)]
        texts += [(c + 0.5, height + 0.5, c, 'tab:blue') for c in range(width)]
    for x, y, text, ink in texts:
        ax.text(x, y, str(text), ha='center', va='center', fontsize=size, color=ink)
    for r, c in givens or ():
        ax.add_patch(Circle((c + 0.5, r + 0.5), 0.2, color=GIVEN_ORANGE, zorder=3))
    values = {grid[r][c] for r, c in changed} | ({'given'} if givens else set())
    values |= set() if isinstance(legend, bool) else set(legend)  # marks of other panels
    handles = [Patch(facecolor=face, edgecolor=edge, label=(labels or {}).get(value, label))
               for value, (face, edge, label) in MARKS.items() if value in values]
    if legend and handles:
        ax.legend(handles=handles, loc='upper center', bbox_to_anchor=(0.5, 0.0),
                  ncol=min(len(handles), max(1, (width + left) // 4)), fontsize=7,
                  frameon=False, handlelength=1)
    ax.set_xlim(-left - 0.05, width + numbers + 0.05)
    ax.set_ylim(height + numbers + 0.05, -top - 0.05)
    ax.set_aspect('equal')
    ax.axis('off')
    if title:
        ax.set_title(title, fontsize=min(12, max(8, size * 1.2)))
    return ax


# %% [markdown]
# A small-multiples figure shows a whole solve at a glance: one drawing per step, each
# highlighting the cells that step decided. For big puzzles, leave the clues out: they would be
# too small to read.

# %%
def changed_cells(before: Grid, after: Grid) -> list[tuple[int, int]]:
    """Cells unknown in `before` and known in `after`, as a list of (row, column)."""
    return [(r, c) for r, (old_row, new_row) in enumerate(zip(before, after))
            for c, (old, new) in enumerate(zip(old_row, new_row)) if old is None and new is not None]


# %%
def draw_steps(grids: list[Grid], rows=None, cols=None, titles=None, columns=4, size=2.6,
               changed=None, numbers=False, labels=None):
    """Draw a sequence of grids side by side, highlighting in each what was decided since the
    previous one (or, if given, changed[k] in grid k); return the matplotlib Figure.
    numbers, labels: as for draw_grid."""
    import matplotlib.pyplot as plt

    count, columns = len(grids), min(columns, len(grids))
    lines = math.ceil(count / columns)
    fig, axes = plt.subplots(lines, columns, figsize=(size * columns, size * lines + 0.4),
                             squeeze=False)
    for ax in axes.flat[count:]:
        ax.axis('off')
    highlights = [changed_cells(grids[k - 1], grid) if k else []
                  for k, grid in enumerate(grids)] if changed is None else changed
    shown = {grid[r][c] for grid, cells in zip(grids, highlights) for r, c in cells}
    for k, (ax, grid) in enumerate(zip(axes.flat, grids)):  # one legend, for every panel's marks
        draw_grid(grid, rows, cols, ax=ax, changed=highlights[k], numbers=numbers, labels=labels,
                  legend=shown if k == count - 1 else (), title=titles[k] if titles else f'step {k}')
    return fig


# %% tags=["active-ipynb"]
# import matplotlib.pyplot as plt
# fig, (left, right) = plt.subplots(1, 2, figsize=(7, 3.8))
# draw_grid([[None] * 5 for _ in range(5)], rows, cols, ax=left, title='the puzzle', numbers=True)
# draw_grid(picture, rows, cols, ax=right, title='its solution', numbers=True)
# plt.show()

# %% [markdown]
# ## The post's loop: rows, then columns, until nothing changes
#
# The post's strategy: solve every row with the line solver, writing what it decides into the
# grid. Then turn the grid on its side (transpose it), so that the columns become rows, and solve
# them the same way. Turn it back and repeat until a whole round decides nothing new, or nothing
# is left to decide. Chapter 1's `solve_line` does the work for each line; if any line has no
# layout that fits, it raises `Contradiction`, and so does the loop. The line solver is a
# parameter, so that another can be plugged in.

# %%
LineSolver = Callable[[Clue, Line], Line]


def solve_lines(clues: list[Clue], grid: Grid, line_solver: LineSolver = solve_line) -> Grid:
    """Solve every row of `grid` against its clue; return the new grid (a new list of rows)."""
    return [list(line_solver(clue, row)) for clue, row in zip(clues, grid)]


# %%
def sweep(rows: list[Clue], cols: list[Clue], grid: Grid,
          line_solver: LineSolver = solve_line) -> Grid:
    """One round of the post's loop: every row, then (on the transposed grid) every column."""
    grid = solve_lines(rows, grid, line_solver)
    return transpose(solve_lines(cols, transpose(grid), line_solver))


# %%
def sweep_history(rows, cols, grid=None, line_solver: LineSolver = solve_line) -> list[Grid]:
    """The grids after each round of `sweep`, starting with the given grid, until a round changes
    nothing or no cell is left unknown. Each round solves len(rows) + len(cols) lines."""
    rows, cols, grid = check_puzzle(rows, cols, grid)
    history = [grid]
    while any(None in row for row in grid):
        grid = sweep(rows, cols, grid, line_solver)
        if grid == history[-1]:
            break
        history.append(grid)
    return history


# %% [markdown]
# Our five-by-five run, printed the post's way after each round:

# %% tags=["active-ipynb"]
# def print_run(history, clues):
#     """Print each round of a run as the post did: a count, then the grid with its clues."""
#     for iteration, grid in enumerate(history[1:], start=1):
#         print(f'Iteration {iteration} has {sum(row.count(None) for row in grid)} unknown cells')
#         parrayclues(grid, clues)
#
# history = sweep_history(rows, cols)
# print_run(history, (rows, cols))

# %% [markdown]
# Twelve unknown cells after the first round, as in the post; but our loop finishes in the second
# round, where the post needed a third. The difference is in the line solver: chapter 1 found that
# the post's `nonovector` forgot to check, for a single block, that no filled cell is left after
# it. In the second round the rows fill the bottom cell of column 4 (clue `1`); solving the
# columns next, the post's solver still lets that column's block sit in the top cell, which stays
# unknown for another round. A stand-in for the post's solver, bug included (written from its
# description; like the post's flags, it never forgets a known cell) replays its run:

# %% tags=["active-ipynb"]
# def post_solve_line(blocks, line):
#     """A line solver with the post's bug: a lone block ignores filled cells after it."""
#     if len(normalize_clue(blocks)) != 1:
#         return solve_line(blocks, line)
#     n, length = len(line), normalize_clue(blocks)[0]
#     layouts = [[0] * start + [1] * length + [0] * (n - start - length)
#                for start in range(n - length + 1)
#                if 0 not in line[start:start + length] and 1 not in line[:start]   # (cells past
#                and not (start + length < n and line[start + length] == 1)]        # the block: unchecked)
#     if not layouts:
#         raise Contradiction(f'no layout of {blocks} fits')
#     agreed = [column[0] if len(set(column)) == 1 else None for column in zip(*layouts)]
#     return [old if old is not None else new for old, new in zip(line, agreed)]  # flags only add
#
# post_history = sweep_history(rows, cols, line_solver=post_solve_line)
# print_run(post_history, (rows, cols))

# %% [markdown]
# Both runs in pictures, each round's newly decided cells in red (filled) and pale red (empty).
# The post's solver, top, decides the last cell, top right, one round late:

# %% tags=["active-ipynb"]
# for run, name in ((post_history, "the post's line solver"), (history, "chapter 1's line solver")):
#     fig = draw_steps(run, rows, cols, numbers=True,
#                      titles=['start'] + [f'round {k}' for k in range(1, len(run))])
#     fig.suptitle(f"The post's loop with {name}", fontsize=11)
#     plt.show()

# %% [markdown]
# ## Solving again only what changed
#
# The post's loop wastes work: each round solves *every* line, even one in which nothing has
# changed since it was last solved. A better loop keeps a queue of *dirty* lines, the ones that
# may have something to learn. At the start every line is dirty. Take a line from the queue and
# solve it; for each cell it decides, the line crossing that cell becomes dirty and joins the
# queue, unless it is already waiting there. When the queue is empty, no line can learn anything
# more.
#
# Does the queue reach the same grid as the post's loop, although it solves the lines in another
# order? It does, because deductions only ever *add* knowledge: a line solver never unsets a cell,
# and what it deduces from a line stays true when more of the line is known. So a deduction that
# one order makes, every order makes sooner or later (a line that could make it stays dirty until
# it is solved again), and both loops stop at the same grid: the *fixpoint* of line logic, the
# grid that solving any line again leaves as it is. The order changes how many solves it takes,
# never where it ends.
#
# Which dirty line to take next is therefore a free choice, and the engine takes it as a
# function, a *strategy*; the default takes the line that has waited longest. The strategies to
# come (which cell to probe, which to guess) are functions too, each given the engine as its
# first argument, so that cleverer ones can be passed in without changing a line here.
#
# The engine is one small class, `Engine`: what a solve needs besides the grid (clues, line
# solver, strategies, counters of the work done). Each method changes the grid passed to it.
# Lines are numbered: row `r` is line `r`, column `c` is line `height + c`. The class grows with
# the chapter: each later section writes `class Engine(Engine):`, a new class of the same name
# that inherits everything so far and adds the section's methods.

# %%
def first_in_first_out(engine: 'Engine', queue: deque) -> int:
    """Strategy for the next line to solve: the one that has waited longest (the default)."""
    return queue.popleft()


# %%
class Engine:
    """One solve of one puzzle: its clues, the line solver, the strategy for the next line, and a
    count of line solves. Methods change the grid passed in. (Probing and search add to it.)"""
    check_puzzle = staticmethod(check_puzzle)  # (chapter 8 checks colour puzzles instead)

    def __init__(self, rows, cols, grid=None, *, line_solver: LineSolver = solve_line,
                 next_line=first_in_first_out):
        self.rows, self.cols, self.grid = self.check_puzzle(rows, cols, grid)
        self.height, self.width = len(self.rows), len(self.cols)
        self.clues = self.rows + self.cols
        self.line_solver, self.next_line = line_solver, next_line
        self.line_solves = 0

    def line_cells(self, grid: Grid, line: int) -> Line:
        """A copy of the cells of a line."""
        return list(grid[line]) if line < self.height else [row[line - self.height] for row in grid]

    def propagate(self, grid: Grid, lines=None) -> Grid:
        """Solve lines (all, or the given ones) until none can learn more, writing what they
        decide into `grid`; only a line crossing a newly decided cell is solved again.
        Raises Contradiction, naming the line, if some line has no layout that fits."""
        queue = deque(range(self.height + self.width) if lines is None else lines)
        while queue:
            self.solve_next_line(grid, queue)
        return grid

    def solve_next_line(self, grid: Grid, queue: deque) -> tuple[int, list[tuple[int, int]]]:
        """Solve the line the strategy takes from `queue`, write what it decides into `grid` and
        queue the lines crossing those cells; return (the line, the cells it decided)."""
        line = self.next_line(self, queue)
        old = self.line_cells(grid, line)
        self.line_solves += 1
        try:
            new = self.line_solver(self.clues[line], old)
        except Contradiction:
            raise Contradiction(f'{self.line_name(line)} cannot hold its clue') from None
        decided = {((line, i) if line < self.height else (i, line - self.height)): after
                   for i, (before, after) in enumerate(zip(old, new)) if after != before}
        queue.extend([crossing for crossing in self.set_cells(grid, decided)
                      if crossing != line and crossing not in queue])
        return line, list(decided)

    def line_name(self, line: int) -> str:
        """'row r' or 'column c'."""
        return f'row {line}' if line < self.height else f'column {line - self.height}'

    def set_cells(self, grid: Grid, cells: dict) -> list[int]:
        """Write `cells`, {(row, column): value}, into `grid`; return their rows and columns."""
        for (r, c), value in cells.items():
            grid[r][c] = value
        return sorted({line for r, c in cells for line in (r, self.height + c)})


# %%
def propagate(rows, cols, grid=None, **options) -> Grid:
    """The grid at the line-logic fixpoint (a new list of rows of 1/0/None), or Contradiction."""
    engine = Engine(rows, cols, grid, **options)
    return engine.propagate(engine.grid)


# %% [markdown]
# To watch the queue at work, `line_steps` runs it one line at a time and records each solve as a
# `Step`: the line, the cells it decided, the grid after it and the lines still queued.

# %%
class Step(NamedTuple):
    """One step of a solve: the line solved (None for a guess or a probe), the cells it
    decided, the grid after it and the lines still queued."""
    line: int | None
    changed: list
    grid: Grid
    queue: tuple


# %%
def first_step(engine: Engine) -> Step:
    """The start of a solve: a copy of the engine's grid, every line queued."""
    return Step(None, [], [row[:] for row in engine.grid],
                tuple(range(engine.height + engine.width)))


# %%
def line_steps(engine: Engine, step: Step | None = None) -> Iterator[Step]:
    """Propagation from `step` (the start if None) to the fixpoint, a Step per line solved, by
    the engine's own solve_next_line on new grids. Raises Contradiction as propagate does."""
    step = step or first_step(engine)
    while step.queue:
        grid, queue = [row[:] for row in step.grid], deque(step.queue)
        line, changed = engine.solve_next_line(grid, queue)
        step = Step(line, changed, grid, tuple(queue))
        yield step


# %% [markdown]
# Both loops reach the same grid; count the lines each solved. Our run of the post's loop above
# took two rounds of ten lines each. On a puzzle this small the queue saves little. The solves
# that decided something, each with its number:

# %% tags=["active-ipynb"]
# engine = Engine(rows, cols)
# steps = list(line_steps(engine))
# assert steps[-1].grid == propagate(rows, cols) == history[-1] == picture
# print(f"post's loop: {(len(history) - 1) * (len(rows) + len(cols))} line solves;",
#       f'queue: {len(steps)} line solves')
# deciding = [(k, step) for k, step in enumerate(steps, 1) if step.changed]
# draw_steps([step.grid for k, step in deciding], rows, cols, columns=5, size=2.2,
#            changed=[step.changed for k, step in deciding],
#            titles=[f'solve {k}: {engine.line_name(step.line)}' for k, step in deciding])
# plt.show()

# %% [markdown]
# The saving grows with the puzzle. A bigger test: Jan Wolter's *Cat*, puzzle #6 of his web
# paint-by-number site and of his survey of solvers, in this project's `puzzles/` folder
# (`puzzles/SOURCES.md` gives each puzzle's author and licence). They
# are written in the common `.non` format: a `width` and a `height` line, then a line `rows`
# followed by one clue per row (blocks separated by commas, `0` for an empty line), then the same
# for `columns`. `read_clues` reads just that much of the format, and checks what it reads.

# %%
def read_clues(path) -> tuple[list[Clue], list[Clue]]:
    """(rows, cols) of a puzzle in the .non format: `width W` and `height H` lines, then the
    clue lines under a line `rows` and under a line `columns`; other lines are ignored.
    Raises PuzzleError naming the file and line of anything it cannot read."""
    path, size, section = Path(path), {}, None
    clues, wanted = {'rows': [], 'columns': []}, {'rows': 'height', 'columns': 'width'}
    for number, line in enumerate(path.read_text(encoding='utf-8').split('\n'), 1):
        words = line.split()
        if line.strip() in clues:
            section = line.strip()
        elif words and words[0] in wanted.values() and re.fullmatch(r'\d{1,4}', words[-1]):
            size[words[0]] = int(words[-1])
        elif section and len(clues[section]) < size.get(wanted[section], 0):
            if not re.fullmatch(r'\s*\d+(\s*,\s*\d+)*\s*', line):
                raise PuzzleError(f'{path.name}, line {number}: a clue is numbers separated by '
                                  f'commas, not {line.strip()!r}')
            clue = [int(n) for n in line.split(',')]
            clues[section].append([] if clue == [0] else clue)
    for section, dimension in wanted.items():
        if len(clues[section]) != size.get(dimension, -1):
            raise PuzzleError(f'{path.name}: expected a {dimension} line and that many '
                              f'{section} clues')
    return clues['rows'], clues['columns']


# %% tags=["active-ipynb"]
# PUZZLES = Path('..') / 'puzzles'   # the notebooks run in notebooks/
# cat_rows, cat_cols = read_clues(PUZZLES / 'webpbn-00006.non')
# cat_history = sweep_history(cat_rows, cat_cols)
# cat = Engine(cat_rows, cat_cols)
# cat.propagate(cat.grid)
# assert cat.grid == cat_history[-1] and None not in sum(cat.grid, [])
# sweep_solves = (len(cat_history) - 1) * (len(cat_rows) + len(cat_cols))
# print(f"Cat, 20x20: post's loop {len(cat_history) - 1} rounds = {sweep_solves} line solves;",
#       f'queue {cat.line_solves} line solves ({sweep_solves / cat.line_solves:.1f} times fewer)')

# %% [markdown]
# (The post's loop stops here because the grid is complete; where line logic stalls it needs one
# more round to find out.) The Cat's solve by the post's
# loop, round by round:

# %% tags=["active-ipynb"]
# fig = draw_steps(cat_history, columns=5, size=2.0,
#                  titles=['start'] + [f'round {i}' for i in range(1, len(cat_history))])
# fig.suptitle("The Cat (webpbn #6) by the post's loop: each round's new cells in red")
# plt.show()

# %% [markdown]
# ## When the lines stop learning
#
# The post ends with an honest question: is that it? Not always. Line solving only uses one line
# at a time, and some puzzles need reasoning that combines lines. Wolter's *Edge* (#23, ten
# columns by eleven rows, in `puzzles/`) is one: line logic does not decide a single cell. No clue
# is long enough to overlap with itself, and nothing else gets started.

# %% tags=["active-ipynb"]
# edge_rows, edge_cols = read_clues(PUZZLES / 'webpbn-00023.non')
# edge_stalled = propagate(edge_rows, edge_cols)
# print(sum(row.count(None) for row in edge_stalled), 'of', len(edge_rows) * len(edge_cols),
#       'cells still unknown after line logic')
# draw_grid(edge_stalled, edge_rows, edge_cols, title='Edge (webpbn #23): where line logic stalls')
# plt.show()

# %% [markdown]
# ### Probing: what if this cell were filled?
#
# Pick an unknown cell and *suppose* it is filled; propagate. If that leads to a contradiction,
# the supposition was wrong and the cell must be empty: every solution has the cell filled or
# empty, and none has it filled. Try the other value too. Three things can happen:
#
# - one value contradicts: the cell takes the other value, with everything that value decided;
# - both contradict: the puzzle, in its present state, has no solution;
# - both survive: a cell that came out the *same* both ways is certain. Otherwise nothing is
#   certain, but we know how much each value would decide, which will tell search where to guess.
#
# Repeat over all unknown cells while a round of probes decides something. The order is another
# strategy; the default tries first the cells next to known cells (or to the edge), whose lines
# are most constrained. A probe works on a copy of the grid. Two methods, `choices` (what a cell
# may still be) and `certain`, are all the engine knows of values; chapter 8 changes them for
# colour.

# %%
def most_known_neighbours(engine: Engine, grid: Grid) -> list[tuple[int, int]]:
    """Strategy for the order of probes: the unknown cells, those with more known neighbours
    first (the edge of the grid counts as known), then in reading order (the default)."""
    height, width = len(grid), len(grid[0])

    def known_neighbours(r, c):
        return sum(1 for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                   if not (0 <= rr < height and 0 <= cc < width) or grid[rr][cc] is not None)
    unknown = [(r, c) for r in range(height) for c in range(width) if grid[r][c] is None]
    return sorted(unknown, key=lambda cell: -known_neighbours(*cell))


# %%
class Engine(Engine):
    """The engine, continued: probing."""

    def __init__(self, rows, cols, grid=None, *, probe_order=most_known_neighbours, **options):
        super().__init__(rows, cols, grid, **options)
        self.probe_order, self.probes = probe_order, 0

    def choices(self, cell) -> tuple:
        """The values a cell may still take: both if unknown, none if known."""
        return (1, 0) if cell is None else ()

    def certain(self, grid: Grid, outcomes: list) -> dict:
        """What the probes of one cell (filled, empty) make certain: all a lone survivor decides."""
        if_filled, if_empty = outcomes
        if if_filled is None and if_empty is None:
            raise Contradiction('a cell can be neither filled nor empty')
        if if_filled is None or if_empty is None:
            return if_empty if if_filled is None else if_filled
        return {cell: value for cell, value in if_filled.items() if if_empty.get(cell) == value}

    def probe(self, grid: Grid, r: int, c: int, value: int) -> dict | None:
        """Suppose cell (r, c) has `value` and propagate, on a copy of the grid. Return what that
        decides, {(row, column): value} (the cell itself included), or None on a contradiction."""
        self.probes += 1
        trial = [row[:] for row in grid]
        try:
            self.propagate(trial, self.set_cells(trial, {(r, c): value}))
        except Contradiction:
            return None
        return {(i, j): trial[i][j] for i, row in enumerate(grid)
                for j, cell in enumerate(row) if trial[i][j] != cell}

    def probe_all(self, grid: Grid, stop=lambda: None) -> dict:
        """Probe every unknown cell both ways, writing what is certain into `grid`, until a
        whole round decides nothing. Returns that round's probes, {cell: (if filled, if empty)};
        raises Contradiction if some cell can be neither. `stop()` is called before each probe
        (the search uses it to enforce its budgets)."""
        while True:
            probes, progress = {}, False
            for r, c in self.probe_order(self, grid):
                if not self.choices(grid[r][c]):  # decided by an earlier probe of this round
                    continue
                stop()
                outcomes = [self.probe(grid, r, c, value) for value in self.choices(grid[r][c])]
                sure = self.certain(grid, outcomes)
                if sure:
                    self.propagate(grid, self.set_cells(grid, sure))
                    progress = True
                else:
                    probes[r, c] = outcomes
            if not progress:
                return probes


# %% [markdown]
# Before running it, look at probing up close. On the stalled *Edge* grid, take the cell whose
# probe decides most: one of its values contradicts and the other decides many cells. The left
# picture supposes the cell filled and shows in red what follows until a line has no layout left
# (named in the title; propagation stops there); the right one supposes it empty and shows
# everything that follows. So the cell is empty, and everything red on the right is certain.

# %% tags=["active-ipynb"]
# edge = Engine(edge_rows, edge_cols)
# edge.propagate(edge.grid)
# def decides_alone(cell):
#     """How much the one surviving value of `cell` decides (0 unless exactly one survives)."""
#     outcomes = [edge.probe(edge.grid, *cell, value) for value in (1, 0)]
#     return len(outcomes[0] or outcomes[1]) if outcomes.count(None) == 1 else 0
# cell = max(edge.probe_order(edge, edge.grid), key=decides_alone)
# fig, axes = plt.subplots(1, 2, figsize=(9, 5.4))
# for ax, value in zip(axes, (1, 0)):
#     grid, failed = [row[:] for row in edge.grid], None
#     try:
#         edge.propagate(grid, edge.set_cells(grid, {cell: value}))
#     except Contradiction as error:  # propagation stops at the line that fails: name it
#         failed = str(error).split(' cannot')[0]
#     draw_grid(grid, edge_rows, edge_cols, ax=ax, numbers=True,
#               changed=changed_cells(edge.grid, grid), title=f'suppose {cell} '
#               f'{"filled" if value else "empty"}: {f"{failed} fails" if failed else "no contradiction"}')
# plt.show()

# %% [markdown]
# Now the whole of probing, on the whole of *Edge*. To see it work, a small subclass keeps a copy
# of the grid each time it propagates something a probe made certain. The first decisions each
# settle a single cell near the edge (the cells next to the border are tried first); they add up,
# until single probes decide whole regions at the end. Shown: the first four pictures and the last
# four, each with what its own decision settled in red.

# %% tags=["active-ipynb"]
# class RecordingEngine(Engine):
#     """An Engine that keeps a snapshot of its own grid each time it propagates on it."""
#     def propagate(self, grid, lines=None):
#         super().propagate(grid, lines)
#         if grid is self.grid:  # not a probe's trial copy: probing decided something
#             self.snapshots.append([row[:] for row in grid])
#         return grid
# edge = RecordingEngine(edge_rows, edge_cols)
# edge.snapshots = []
# edge.probe_all(edge.propagate(edge.grid))
# last = len(edge.snapshots) - 1
# print(f'Edge: {sum(r.count(None) for r in edge.snapshots[0])} unknown after line logic,',
#       f'{sum(r.count(None) for r in edge.grid)} after {last} decisions by probing;',
#       f'{edge.probes} probes, {edge.line_solves} line solves')
# shown = [0, 1, 2, 3] + list(range(last - 3, last + 1))
# draw_steps([edge.snapshots[k] for k in shown], edge_rows, edge_cols,
#            titles=['after line logic'] + [f'decision {k} of {last}' for k in shown[1:]],
#            changed=[changed_cells(edge.snapshots[max(k - 1, 0)], edge.snapshots[k]) for k in shown])
# plt.show()

# %% [markdown]
# Probing finishes *Edge*, at a price: a round probes every unknown cell twice.
#
# ## Search, when probing is not enough
#
# Some puzzles defeat probing, and some have several solutions, which no sound deduction can pick
# between. The last resort is to *guess*: choose an unknown cell, fill it, solve on, and then try
# it empty. That is a depth-first search, written like Peter Norvig's Sudoku solver ("Solving
# Every Sudoku Puzzle", norvig.com/sudoku.html): a function that deduces what it can and, if
# that is not the end, calls itself once for each value of one cell. It finds **every solution
# exactly once**: the two branches of a guess differ in that cell, so no solution is found twice;
# every solution has the cell filled or empty, and every deduction is certain, so none is missed;
# and a full grid is accepted only if its line solver found every line consistent with its clue,
# so nothing else is found (this needs an exact line solver, as chapter 1's is: the post's would
# let wrong grids through). Written as a generator, it is **lazy**: it hands over each solution as
# soon as it finds it. Each call has its own copy of the grid, so going back is simply returning.
#
# Each call is a *node* of the search; the first is the *root*, and each guess leads to two
# children. The cell to guess is the third strategy. Probing knows how much each value of each
# cell decides, so the default, `best_probe`, takes the cell whose weaker value decides the
# most: whichever way the guess goes, much follows. `trace`, if given, is called at every node.

# %%
def best_probe(engine: Engine, grid: Grid, probes: dict) -> tuple[int, int]:
    """Strategy for the cell to guess: the one whose weaker value decides most, by the last round
    of probes; without probes (probing=False), the first unknown cell (the default)."""
    if not probes:
        return next((r, c) for r, row in enumerate(grid) for c, cell in enumerate(row)
                    if cell is None)
    return max(probes, key=lambda cell: min(len(decided) for decided in probes[cell]))


# %%
class SearchLimit(RuntimeError):
    """A search ran out of budget (max_nodes or time_limit) before it finished. Attributes:
    nodes (visited), seconds (spent), solutions (found before the budget ran out)."""

    def __init__(self, message, nodes, seconds, solutions):
        super().__init__(message)
        self.nodes, self.seconds, self.solutions = nodes, seconds, solutions


# %%
def checked_budget(name, value, kinds):
    """A budget (max_nodes or time_limit) checked: None, or a number at least 0."""
    if value is not None and (isinstance(value, bool) or not isinstance(value, kinds)):
        raise TypeError(f'{name} must be a number or None, not {value!r}')
    if value is not None and not value >= 0:
        raise ValueError(f'{name} must be at least 0, not {value!r}')
    return value


# %%
class Engine(Engine):
    """The engine, finished: search, with budgets."""

    def __init__(self, rows, cols, grid=None, *, choose_guess=best_probe, probing=True,
                 max_nodes=None, time_limit=None, trace=None, **options):
        super().__init__(rows, cols, grid, **options)
        self.choose_guess, self.probing = choose_guess, probing
        self.trace = trace or (lambda engine, depth, grid, what: None)
        self.max_nodes = checked_budget('max_nodes', max_nodes, int)
        self.time_limit = checked_budget('time_limit', time_limit, (int, float))
        self.nodes, self.found, self.start = 0, [], time.perf_counter()
        self.method = 'line'  # how far the solve had to go: 'line', 'probing' or 'search'

    def search(self, grid: Grid, lines=None, depth=0) -> Iterator[Grid]:
        """Every solution that `grid` can still become, each once (a generator). `lines`: the
        lines to propagate from (all if None)."""
        self.nodes += 1
        self.check_budget()
        try:
            self.propagate(grid, lines)
            probes = {}
            if self.probing and not self.solved(grid):
                self.method = 'probing' if self.method == 'line' else self.method
                probes = self.probe_all(grid, stop=self.check_budget)
        except Contradiction:
            self.trace(self, depth, grid, 'dead end')
            return
        if self.solved(grid):
            self.trace(self, depth, grid, 'solution')
            yield grid
            return
        r, c = self.choose_guess(self, grid, probes)
        self.trace(self, depth, grid, f'guess ({r}, {c})')
        self.method = 'search'
        for value in self.choices(grid[r][c]):
            child = [row[:] for row in grid]
            yield from self.search(child, self.set_cells(child, {(r, c): value}), depth + 1)

    def solved(self, grid: Grid) -> bool:
        """Is every cell known?"""
        return not any(self.choices(cell) for row in grid for cell in row)

    def solutions(self) -> Iterator[Grid]:
        """Every solution of the puzzle (new lists of rows of 0/1), each once, depth first."""
        for solution in self.search([row[:] for row in self.grid]):
            self.found.append([row[:] for row in solution])
            yield [row[:] for row in solution]

    def seconds(self) -> float:
        return time.perf_counter() - self.start

    def check_budget(self):
        """Raise SearchLimit if the node or time budget has run out."""
        over = []
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            over.append(f'max_nodes={self.max_nodes}')
        if self.time_limit is not None and self.seconds() > self.time_limit:
            over.append(f'time_limit={self.time_limit} s')
        if over:
            seconds = self.seconds()
            raise SearchLimit(f'search stopped by {" and ".join(over)} after {self.nodes} nodes, '
                              f'{self.probes} probes and {seconds:.1f} s, with '
                              f'{len(self.found)} solution(s) found so far',
                              self.nodes, seconds, [row[:] for row in self.found])


# %% [markdown]
# A worked example first. This little 4x4 puzzle has two solutions and needs two levels of
# guesses when probing is switched off (`probing=False`: the search then guesses as soon as
# line logic stalls, in reading order). The trace prints each node, indented by its depth:
# what line logic left of the grid, and what happened there.

# %% tags=["active-ipynb"]
# def print_node(engine, depth, grid, what):
#     """A trace function: the node's number, its grid and what happened, indented by depth."""
#     print('    ' * depth + f'node {engine.nodes}: {what}')
#     for row in show_grid(grid).splitlines():
#         print('    ' * depth + '  ' + row)
#
# trace_rows, trace_cols = [[1, 1], [2], [1], [3]], [[1, 1], [1, 1], [1, 1], [1, 1]]
# traced = Engine(trace_rows, trace_cols, probing=False, trace=print_node)
# trace_solutions = list(traced.solutions())
# print(f'{len(trace_solutions)} solutions, {traced.nodes} nodes')

# %% [markdown]
# At the root, line logic leaves most of the grid open; the search fills the first unknown cell
# and goes one level deeper. A node reaches a solution, runs into a line with no layout (a dead
# end), or guesses again; when a child returns, its parent tries the other value.
#
# The public functions wrap the engine. `solutions` checks the puzzle at once (a malformed puzzle
# raises `PuzzleError` when `solutions` is called, not when the first solution is asked for);
# `solve` returns the first solution. `grid` carries cells known in advance. The strategies and
# `probing` change the order of the work, and so which solution comes first and how much work
# the verdict counts, but never the set of solutions (the tests check this against brute force);
# the budgets may stop the search early.

# %%
def solutions(rows, cols, grid=None, **options) -> Iterator[Grid]:
    """Every solution of the puzzle, each once, as a generator of grids (lists of rows of 0/1).
    Options are Engine's: line_solver, next_line, probe_order, choose_guess, probing, and the
    budgets max_nodes (search nodes) and time_limit (seconds), which raise SearchLimit."""
    return Engine(rows, cols, grid, **options).solutions()


# %%
def solve(rows, cols, grid=None, **options) -> Grid:
    """The first solution found (a list of rows of 0/1), or Contradiction; options: `solutions`."""
    for solution in solutions(rows, cols, grid, **options):
        return solution
    raise Contradiction('the puzzle has no solution')


# %% [markdown]
# The smallest puzzle with two solutions has two rows and two columns, each with the clue `1`:
# either diagonal fits.

# %% tags=["active-ipynb"]
# diagonal_rows = diagonal_cols = [[1], [1]]
# print(propagate(diagonal_rows, diagonal_cols), '<- line logic decides nothing')
# draw_steps([[[None, None], [None, None]]] + list(solutions(diagonal_rows, diagonal_cols)),
#            diagonal_rows, diagonal_cols, titles=['puzzle', 'solution 1', 'solution 2'],
#            changed=[[]] * 3)
# plt.show()

# %% [markdown]
# ## A verdict for a puzzle
#
# A teacher who makes a puzzle for a class wants to know three things before printing it. Does it
# have a solution at all? Exactly one (so the picture the pupils find is the one intended)? And
# how hard is it: can it be finished line by line, does it need "what if" reasoning (probing),
# or does it need guessing? `analyse` answers by asking the search for two solutions and
# reporting what it took. A `Verdict` holds the answer as data: `status` is `'none'`, `'unique'`
# or `'multiple'`; `method` is how far the solver had to go, `'line'`, `'probing'` or
# `'search'`; `solutions` holds the (up to two) solutions found; and the counters say how much
# work it was. `describe` turns it into words.

# %%
def plural(count: int, noun: str) -> str:
    """'1 node', '2 nodes', '12,345 probes'."""
    return f'{count:,} {noun}{"" if count == 1 else "s"}'


# %%
@dataclass
class Verdict:
    """What analyse found: status 'none' | 'unique' | 'multiple'; method 'line' | 'probing' |
    'search' (how far the solver had to go); up to two solutions; and the work it took."""
    status: str
    method: str
    solutions: list = field(repr=False)
    nodes: int
    line_solves: int
    probes: int
    seconds: float

    def describe(self) -> str:
        """One line for people, without the timing (which varies from run to run)."""
        how = {'line': 'line logic alone', 'probing': 'line logic and probing',
               'search': 'search'}[self.method]
        what = {'none': 'no solution', 'unique': 'a unique solution',
                'multiple': 'more than one solution'}[self.status]
        return (f'{what}, found by {how} ({plural(self.nodes, "node")}, '
                f'{plural(self.probes, "probe")}, {plural(self.line_solves, "line solve")})')


# %%
def analyse(rows, cols, grid=None, **options) -> Verdict:
    """Judge a puzzle: no solution, one, or several? Found by line logic, probing or search?
    Returns a Verdict. Options are those of `solutions`."""
    engine = Engine(rows, cols, grid, **options)
    found = []
    for solution in engine.solutions():
        found.append(solution)
        if len(found) == 2:
            break
    return Verdict(['none', 'unique', 'multiple'][len(found)], engine.method, found,
                   engine.nodes, engine.line_solves, engine.probes, engine.seconds())


# %% [markdown]
# The verdicts of this chapter's puzzles, and of Dancer (Jan Wolter's webpbn puzzle #1, 5x10,
# in `puzzles/`):

# %% tags=["active-ipynb"]
# impossible = ([[2], []], [[2], []])  # well formed (two filled cells each way), no picture fits
# examples = {'small 5x5': (rows, cols), 'Dancer (#1)': read_clues(PUZZLES / 'webpbn-00001.non'),
#             'Edge (#23)': (edge_rows, edge_cols), 'the 4x4 above': (trace_rows, trace_cols),
#             'diagonal 2x2': (diagonal_rows, diagonal_cols), 'impossible 2x2': impossible}
# for name, puzzle in examples.items():
#     print(f'{name:>16}: {analyse(*puzzle).describe()}')

# %% [markdown]
# To check a puzzle of your own, draw it in the picture below and run the cell again. The cell
# prints the verdict and draws the first solutions found next to the picture. Is this round ring
# a good puzzle? Then try a square frame (the whole border filled).

# %% tags=["active-ipynb"]
# my_picture = '''
# 01110
# 10001
# 10001
# 10001
# 01110
# '''
# my_rows, my_cols = pic2gram(my_picture)
# my_verdict = analyse(my_rows, my_cols)
# print(my_verdict.describe(), '| the picture is among the solutions found:',
#       check_picture(my_picture) in my_verdict.solutions)
# draw_steps([check_picture(my_picture)] + my_verdict.solutions, my_rows, my_cols, changed=[[]] * 3,
#            titles=['the picture'] + [f'solution {k}' for k in (1, 2)][:len(my_verdict.solutions)])
# plt.show()

# %% [markdown]
# The ring is a poor puzzle: its clues fit other pictures, and the search meets two of them
# before the ring itself. A square frame has clues that only the frame fits.
#
# ## Random pictures, and budgets
#
# Random pictures make endless test puzzles. At a density of one half, the puzzle of a random
# picture is rarely line-solvable and rarely unique: its many short blocks can be shuffled in
# more than one way. The generator takes a seed, so every run makes the same pictures.

# %%
def random_picture(height: int, width: int, density=0.5, seed=None) -> Grid:
    """A random picture (a list of rows of 0/1): each cell filled with probability `density`."""
    rng = random.Random(seed)
    return [[int(rng.random() < density) for _ in range(width)] for _ in range(height)]


# %% tags=["active-ipynb"]
# from collections import Counter
# verdicts = [analyse(*pic2gram(random_picture(20, 20, 0.5, seed))) for seed in range(10)]
# print('ten random 20x20 pictures at density 0.5:',
#       Counter(f'{verdict.status} by {verdict.method}' for verdict in verdicts))

# %% [markdown]
# Search can take a very long time on a hard puzzle, and a program serving a user must not hang.
# `max_nodes` bounds the number of search nodes and `time_limit` the seconds; when either runs out
# the search raises `SearchLimit` (a `RuntimeError`), whose message says how far it got and whose
# attributes keep the solutions found so far. A random 25x25 picture, which has very many
# solutions, with a budget of ten nodes: the search stops as it enters the eleventh.

# %% tags=["active-ipynb"]
# try:
#     list(solutions(*pic2gram(random_picture(25, 25, 0.5, seed=1)), max_nodes=10))
# except SearchLimit as error:
#     print('nodes:', error.nodes, '| solutions found so far:', len(error.solutions),
#           '\nmessage:', re.sub(r'[0-9.]+ s,', '... s,', str(error)))  # (the time varies)

# %% [markdown]
# Two limits of this engine: its pace (every probe copies the grid, and every node probes every
# unknown cell), and its depth (each guess is one more level of recursion, and Python stops a
# recursion at about a thousand levels). Both are matters of engineering, not of the ideas.
#
# ## A recursive all-solutions solver, compared
#
# Another program this series started from, a literate Python 2 program, also finds *all*
# solutions depth first, but guesses whole lines. Its first version built every layout of every
# line before starting, and ran out of memory after two rows of a 100x100 puzzle: layouts multiply
# fast, as chapter 1 showed. Our line solver never lists layouts, and our search keeps one grid
# per level of guessing.

# %% [markdown]
# ## A stepper for the classroom
#
# For a lesson, a teacher may rather drive a solve live. A `Stepper` holds one as data: the
# engine, its `Step`s, the verdict and a message. Each move returns a new `Stepper`: `next`,
# `back`, `fixpoint`, `probe` and `guess` a cell, and `with_clues`, which reads clues typed as
# text and judges the new puzzle. A move that cannot be made says why.

# %%
@dataclass(frozen=True)
class Stepper:
    """A solve to step through: the engine, the Steps so far (the last is shown), the puzzle's
    Verdict and a message on the last move. Moves return a new Stepper."""
    engine: Engine
    steps: tuple
    verdict: Verdict
    message: str = 'every line is queued'

    def then(self, message: str, *steps: Step) -> 'Stepper':
        return replace(self, message=message, steps=self.steps + steps)

    def next(self) -> 'Stepper':
        """Solve the next queued line."""
        try:
            step = next(line_steps(self.engine, self.steps[-1]), None)
        except Contradiction as error:
            return self.then(f'{error}: go back')
        if step is None:
            return self.then('the queue is empty: line logic can decide no more')
        return self.then(f'{self.engine.line_name(step.line)}: '
                         f'{plural(len(step.changed), "cell")} decided', step)

    def back(self) -> 'Stepper':
        """Undo the last step."""
        if len(self.steps) == 1:
            return self.then('this is the start')
        return replace(self, steps=self.steps[:-1], message='one step back')

    def fixpoint(self) -> 'Stepper':
        """Solve queued lines until none is left (or one has no layout)."""
        before, after = self, self.next()
        while len(after.steps) > len(before.steps):
            before, after = after, after.next()
        return after

    def setting(self, cells: dict, message: str) -> 'Stepper':
        """One more step: `cells`, {(row, column): value}, set and their lines queued."""
        last, grid = self.steps[-1], [row[:] for row in self.steps[-1].grid]
        lines = [line for line in self.engine.set_cells(grid, cells) if line not in last.queue]
        return self.then(message, Step(None, sorted(cells), grid, last.queue + tuple(lines)))

    def guess(self, r: int, c: int, value: int) -> 'Stepper':
        """Set unknown cell (r, c) to `value`, 1 or 0."""
        if self.steps[-1].grid[r][c] is not None:
            return self.then(f'cell ({r}, {c}) is known')
        return self.setting({(r, c): value}, f'guess: ({r}, {c}) {("empty", "filled")[value]}')

    def probe(self, r: int, c: int) -> 'Stepper':
        """Probe unknown cell (r, c) both ways, as probe_all does, and set what is certain."""
        grid = self.steps[-1].grid
        if grid[r][c] is not None:
            return self.then(f'cell ({r}, {c}) is known')
        outcomes = [self.engine.probe(grid, r, c, value) for value in (1, 0)]
        said = f'probe ({r}, {c}): ' + ', '.join(
            f'{name} {"fails" if found is None else "decides " + plural(len(found), "cell")}'
            for name, found in zip(('filled', 'empty'), outcomes))
        try:
            sure = self.engine.certain(grid, outcomes)
        except Contradiction:
            return self.then(f'{said}; no solution from here: go back')
        if not sure:
            return self.then(f'{said}; nothing is certain')
        return self.setting(sure, f'{said}; {plural(len(sure), "cell")} certain')

    def with_clues(self, texts: list[str]) -> 'Stepper':
        """A new Stepper for clues typed as text, the rows' then the columns' ('3 1' or '3, 1';
        '0' or nothing for an empty line); if they are not a puzzle, this one saying why."""
        try:
            for line, text in enumerate(texts):
                if not re.fullmatch(r'[\d\s,]*', text):
                    raise PuzzleError(f'{self.engine.line_name(line)}: a clue is numbers, such as '
                                      f'3 1, not {text.strip()!r}')
            clues = [[int(number) for number in re.findall(r'\d+', text)] for text in texts]
            return replace(stepper(clues[:self.engine.height], clues[self.engine.height:]),
                           message='new clues: every line is queued')
        except PuzzleError as error:
            return self.then(f'clues not changed: {error}')


# %%
def stepper(rows, cols) -> Stepper:
    """A Stepper at the start of a puzzle, with analyse's verdict. Raises PuzzleError."""
    engine = Engine(rows, cols)
    return Stepper(engine, (first_step(engine),), analyse(rows, cols))


# %% [markdown]
# The cell below shows one (with ipywidgets). Press *next*: the solved line's clue turns yellow,
# the cells it decided red. A click on a cell probes or guesses it. Edit a row's and a column's
# clue (keeping the totals equal) and press Enter. Try `edge_rows, edge_cols`.

# %% tags=["active-ipynb", "nbval-ignore-output"]
# from html import escape
# import ipywidgets as widgets
#
# def stepper_widget(rows, cols, cell_px=56):
#     """A live Stepper: buttons back, next and fixpoint; a click on a cell probes or guesses
#     it; the clues are text boxes (Enter, or a click elsewhere, re-checks the puzzle)."""
#     now, height, width = stepper(rows, cols), len(rows), len(cols)
#     boxes = [widgets.Text(' '.join(map(str, clue)), layout={'width': '130px'}) for clue in rows]
#     boxes += [widgets.Textarea('\n'.join(map(str, clue)), rows=max(map(len, cols)),
#                                layout={'width': f'{cell_px}px'}) for clue in cols]
#     cells = [[widgets.Button(layout={'width': f'{cell_px}px', 'height': f'{cell_px}px'})
#               for c in range(width)] for r in range(height)]
#     board = widgets.GridBox([widgets.Label()] + boxes[height:] + sum(
#         ([boxes[r]] + cells[r] for r in range(height)), []), layout={'grid_gap': '2px',
#         'grid_template_columns': f'max-content repeat({width}, {cell_px}px)'})
#     moves = [widgets.Button(description=name) for name in ('back', 'next', 'fixpoint')]
#     click = widgets.ToggleButtons(options=['probe', 'fill', 'empty'], description='a click:')
#     news, verdict = widgets.HTML(), widgets.HTML()
#
#     def show(moved):
#         nonlocal now
#         now, step = moved, moved.steps[-1]
#         for r, row in enumerate(step.grid):
#             for c, cell in enumerate(row):
#                 new = (r, c) in step.changed
#                 cells[r][c].style.button_color = {1: NEW_FILLED if new else 'black',
#                     0: NEW_EMPTY if new else 'white', None: UNKNOWN_GREY}[cell]
#                 cells[r][c].layout.border = ('4px solid #ffbf00' if step.line in (r, height + c)
#                                              else '1px solid #777')
#         for line, box in enumerate(boxes):
#             box.style.background = '#ffd60a' if line == step.line else 'white'
#             (box.add_class if line == step.line else box.remove_class)('solved-line')
#         news.value = (f'<span style="font-size:22px"><b class="step-counter">step '
#                       f'{len(now.steps) - 1}</b> &nbsp; {escape(now.message)}</span>')
#         verdict.value = f'<span style="font-size:18px">verdict: {now.verdict.describe()}</span>'
#
#     for line, box in enumerate(boxes):
#         box.style.font_size, box.continuous_update = '22px', False
#         box.add_class(now.engine.line_name(line).replace(' ', '-'))
#         box.observe(lambda _: show(now.with_clues([box.value for box in boxes])), 'value')
#     for button, move in zip(moves, (Stepper.back, Stepper.next, Stepper.fixpoint)):
#         button.style.font_size = '18px'
#         button.on_click(lambda _, move=move: show(move(now)))
#     for r in range(height):
#         for c in range(width):
#             cells[r][c].on_click(lambda _, r=r, c=c: show(now.probe(r, c) if click.value ==
#                                  'probe' else now.guess(r, c, int(click.value == 'fill'))))
#     show(now)
#     return widgets.VBox([news, click, board, widgets.HBox(moves), verdict]).add_class('stepper')
#
# stepper_widget(rows, cols)

# %% [markdown]
# ## What we have
#
# - `pic2gram`, `read_clues`: puzzles from pictures and files; `parrayclues`,
#   `show_grid`, `draw_grid`, `draw_steps` show grids; `check_puzzle` names what is malformed.
# - `sweep_history` is the post's loop; `Engine.propagate` reaches the same fixpoint with fewer
#   line solves; `Engine.probe_all` tries cells both ways; `Engine.search` guesses.
# - `solutions`, `solve` and `analyse` give every solution, the first, or a verdict, within
#   optional budgets. The line solver and three strategies are parameters.
# - `line_steps` records propagation line by line; a `Stepper` steps through a solve, live.
#
# Next, the solver meets a famous puzzle that comes with given cells.
