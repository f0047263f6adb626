# %% [markdown]
# # Chapter 2. Nonograms in two dimensions
#
# Chapter 1 solved one line: given a clue and whatever is known of a line's cells, `solve_line`
# decides every cell that all layouts of the blocks agree on. A puzzle is a grid of lines, and
# each cell belongs to two of them, its row and its column. What a row learns about a cell is news
# for the column through that cell, and the other way round. This chapter turns that remark into a
# complete solver:
#
# 1. puzzles from pictures, and ways to look at a grid (text, and drawings with their clues);
# 2. the seed blog post's loop: solve every row, then every column, until nothing changes;
# 3. a better loop that solves again only the lines that just learned something;
# 4. what to do when line logic stalls: *probing* (try a cell both ways) and *search*;
# 5. every solution, lazily, and a verdict a teacher can use: no solution, one, or several, and how
#    hard the puzzle is;
# 6. budgets for searches that would take too long.
#
# The grid is plain data, as in chapter 1: a list of rows, each a list of cells `1` (filled),
# `0` (empty) or `None` (unknown). Rows and columns are numbered from 0, like Python lists.
#
# This notebook is also the module `nonogram2d`; the demonstrations run here but not on
# `import nonogram2d`.

# %%
"""Solving whole nonograms: propagation, probing, search, every solution and a verdict.

Chapter 2 of the nonogram tutorial (notebooks/nonogram2d.ipynb is the readable version).
Public functions: pic2gram, check_picture, check_puzzle, transpose, parray, parrayclues,
grid2forces, pforces, show_grid, draw_grid, draw_steps, changed_cells, sweep, sweep_history,
propagate, solutions, solve, analyse, random_picture.
Classes: Propagator, Prober, Searcher (the engine, one layer per idea), Verdict.
Errors: PuzzleError (a malformed puzzle; a ValueError), SearchLimit (a budget ran out; a
RuntimeError), and chapter 1's Contradiction (no solution).
"""

import math
import random
import sys
import time
from collections import deque
from dataclasses import dataclass, field
from itertools import zip_longest

import nonofast
import nonovector
from nonovector import ClueError, Contradiction, check_line, line2blocks, normalize_clue

# %% [markdown]
# ## From pictures to puzzles
#
# To have puzzles to solve, it helps to make them. The seed post's `pic2gram` goes from a picture
# to its clues: the clue of each row of the picture, and the clue of each column (the rows of the
# transposed picture). A picture can be typed as text, one line of `0`s and `1`s per row, or
# given as a list of rows. A ragged picture (rows of different lengths) or a stray character is
# a mistake worth reporting clearly, so `pic2gram` checks before it counts. The error it raises,
# `PuzzleError`, is chapter 1's `ClueError` with a more specific name: every message says which
# row, column, cell or total is at fault.

# %%
class PuzzleError(ClueError):
    """A malformed puzzle: a clue that cannot fit its line, totals that differ, a bad grid or
    picture. The message names the row or column at fault. (A ValueError, via ClueError.)"""


FILLED_MARKS = (1, '1', '#')
EMPTY_MARKS = (0, '0', '.')


def check_picture(pic):
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
            if isinstance(cell, bool) or cell not in FILLED_MARKS + EMPTY_MARKS:
                raise PuzzleError(f'picture row {r}, column {c} is {cell!r}, not 0 or 1')
    return [[int(cell in FILLED_MARKS) for cell in row] for row in rows]


def transpose(grid):
    """The columns of a grid, as a list of rows."""
    return [list(column) for column in zip(*grid)]


def pic2gram(pic):
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
# print('row clues:   ', rows)
# print('column clues:', cols)

# %% [markdown]
# Those are the seed's clues for its training picture. Now ways of looking at grids. The seed
# printed a grid between bars, `#` for filled and `_` for empty; `parray` does the same and adds
# `?` for a cell not known yet. `parrayclues` adds the row clues on the right and writes each
# column's clue downwards under its column, one number per line (the seed wrote the digits of a
# number one under the other, which makes `13` look like `1` above `3`; here a number keeps its
# digits together, right-aligned under its column). `show_grid` is the compact form used in
# messages and tests.

# %%
CELL_MARKS = {1: '#', 0: '_', None: '?'}


def grid_text(grid, zero='_', one='#', unknown='?'):
    """The lines of `parray`: each row between bars."""
    marks = {0: zero, '0': zero, 1: one, '1': one, None: unknown}
    return ['|' + '|'.join(marks[cell] for cell in row) + '|' for row in grid]


def clue_text(rows, cols, grid_lines):
    """`grid_lines` with the row clues on the right and the column clues written downwards."""
    out = [line + ' ' + ' '.join(map(str, clue or [0])) for line, clue in zip(grid_lines, rows)]
    for numbers in zip_longest(*[clue or [0] for clue in cols], fillvalue=''):
        out.append(''.join(f'{number:>2}' for number in numbers))
    return out


def parray(grid, zero='_', one='#', unknown='?'):
    """Print a grid of 1/0/None (or '1'/'0' text rows): '#' filled, '_' empty, '?' unknown."""
    print('\n'.join(grid_text(grid, zero, one, unknown)))


def parrayclues(grid, clues, zero='_', one='#', unknown='?'):
    """Print a grid with its row clues on the right and its column clues below, as the seed did."""
    rows, cols = clues
    print('\n'.join(clue_text(rows, cols, grid_text(grid, zero, one, unknown))))


def show_grid(grid):
    """A grid as text: '#' filled, '.' empty, '?' unknown, one line per row."""
    return '\n'.join(''.join({1: '#', 0: '.', None: '?'}[cell] for cell in row) for row in grid)


# %% tags=["active-ipynb"]
# picture = check_picture(smallex)
# parrayclues(picture, (rows, cols))
# print()
# print(show_grid(picture))

# %% [markdown]
# The seed kept what it knew in two grids of flags rather than one grid of `1`/`0`/`None`:
# `fix0` marks the cells known empty, `fix1` those known filled. Two grids can say something one
# grid cannot: a cell flagged in both is a *conflict*, which `pforces` prints as `!`. It returns
# the text together with the numbers of conflicts and unknown cells, as the seed's did, so a loop
# can report its progress. `grid2forces` turns one of our grids into the seed's pair.

# %%
def grid2forces(grid):
    """The seed's pair of flag grids (fix0, fix1) for a grid of 1/0/None."""
    return ([[int(cell == 0) for cell in row] for row in grid],
            [[int(cell == 1) for cell in row] for row in grid])


def pforces(fix0, fix1, clues, zero='_', one='#', err='!', que='?'):
    """Draw what is known from the seed's flag grids: '#' filled, '_' empty, '?' unknown and
    '!' for a conflict (flagged both ways). Returns (text, conflicts, unknowns)."""
    lines, conflicts, unknowns = [], 0, 0
    for row0, row1 in zip(fix0, fix1):
        marks = []
        for empty, filled in zip(row0, row1):
            if empty and filled:
                marks.append(err)
                conflicts += 1
            elif filled:
                marks.append(one)
            elif empty:
                marks.append(zero)
            else:
                marks.append(que)
                unknowns += 1
        lines.append('|' + '|'.join(marks) + '|')
    rows, cols = clues
    return '\n'.join(clue_text(rows, cols, lines)), conflicts, unknowns


# %% tags=["active-ipynb"]
# fix0, fix1 = grid2forces([[None] * 5 for _ in range(5)])
# fix0[1][2] = fix1[1][2] = 1   # pretend something said "empty" and something else "filled"
# text, conflicts, unknowns = pforces(fix0, fix1, (rows, cols))
# print(f'{conflicts} conflict and {unknowns} unknown cells:')
# print(text)

# %% [markdown]
# ## Checking a puzzle before solving it
#
# A puzzle is a pair of clue lists, `rows` and `cols`. The width is the number of column clues and
# the height the number of row clues, so each row clue must fit in `len(cols)` cells and each
# column clue in `len(rows)` cells. Both clue lists describe the same picture, so they must count
# the same number of filled cells. A grid of known cells, if given, must have the puzzle's shape
# and hold only `1`, `0` and `None`. `check_puzzle` checks all of that up front, reusing chapter
# 1's `normalize_clue` and `check_line`, and names the line at fault. A puzzle that passes these
# checks can still have no solution: that is a `Contradiction`, found by solving, not an error in
# the input.

# %%
def check_puzzle(rows, cols, grid=None):
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


def check_clue(clue, kind, index, cells):
    """One clue, normalised by chapter 1; its ClueError becomes a PuzzleError naming the line."""
    try:
        return normalize_clue(clue, cells)
    except ClueError as error:
        raise PuzzleError(f'{kind} {index}: {error}') from None


def check_grid(grid, height, width):
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
# bad_puzzles = [
#     ('a clue too long', [[5, 5], [1]], [[1]] * 10),
#     ('a negative block', [[1], [-1]], [[1], [1]]),
#     ('totals differ', [[2], [2]], [[1], [1]]),
# ]
# for why, bad_rows, bad_cols in bad_puzzles:
#     try:
#         check_puzzle(bad_rows, bad_cols)
#     except PuzzleError as error:
#         print(f'{why:>16}: PuzzleError: {error}')
# for bad_grid in ([[None] * 5] * 4, [[None] * 5] * 4 + [[None, 2, None, None, None]]):
#     try:
#         check_puzzle(rows, cols, bad_grid)
#     except PuzzleError as error:
#         print(f'{"a bad grid":>16}: PuzzleError: {error}')

# %% [markdown]
# ## Pictures people would rather look at
#
# Text is exact but tiring to read for anything bigger than a few cells. `draw_grid` draws a grid
# as a puzzle book does: filled cells black, empty cells white, unknown cells grey, the row clues
# to the left of their rows and the column clues stacked above their columns, one number to a
# square so that they never crowd the cells. Thicker lines every five cells help the eye count.
# Two optional marks explain what a step did: `changed` highlights cells (say, the cells the last
# step decided) by drawing them red if filled and pale red if empty (and outlining them in red if
# still unknown), and `givens` puts an orange dot on cells that were given with the puzzle.
# Matplotlib is imported inside the function, so `import nonogram2d` stays light.

# %%
UNKNOWN_GREY = '#b9b9b9'
NEW_FILLED = '#c1121f'   # a highlighted (say, newly decided) filled cell: red
NEW_EMPTY = '#f7c6c4'    # a highlighted empty cell: pale red
GIVEN_ORANGE = '#ff9f1c'


def clue_lists(clues, count):
    """Clues to draw, each a list of numbers: [0] for an empty line, [] if no clues given."""
    if clues is None:
        return [[] for _ in range(count)]
    return [list(clue) if list(clue) not in ([], [0]) else [0] for clue in clues]


def draw_grid(grid, rows=None, cols=None, ax=None, changed=None, title=None, givens=None):
    """Draw a grid of 1/0/None with its clues (if given) as on paper; return the matplotlib Axes.

    changed: cells (row, column) to highlight in red (filled) or pale red (empty), or to outline
    in red if unknown; givens: cells to mark with an orange dot.
    """
    import matplotlib.pyplot as plt
    from matplotlib.colors import to_rgb
    from matplotlib.patches import Rectangle

    height, width = len(grid), len(grid[0])
    row_clues, col_clues = clue_lists(rows, height), clue_lists(cols, width)
    left = max(map(len, row_clues))   # squares to the left of the grid for row clues
    top = max(map(len, col_clues))    # squares above the grid for column clues
    if ax is None:
        inch = min(0.32, 6.5 / (width + left), 6.5 / (height + top))
        _, ax = plt.subplots(figsize=((width + left) * inch + 0.3,
                                      (height + top) * inch + (0.6 if title else 0.3)))
    colour = {1: to_rgb('black'), 0: to_rgb('white'), None: to_rgb(UNKNOWN_GREY)}
    new_colour = {1: to_rgb(NEW_FILLED), 0: to_rgb(NEW_EMPTY)}
    changed = set(changed or ())
    ax.imshow([[new_colour[cell] if (r, c) in changed and cell is not None else colour[cell]
                for c, cell in enumerate(row)] for r, row in enumerate(grid)],
              extent=(0, width, height, 0), interpolation='nearest')
    for i in range(height + 1):
        ax.plot([-left if i in (0, height) else 0, width], [i, i], color='black',
                linewidth=1.4 if i % 5 == 0 or i == height else 0.5)
    for j in range(width + 1):
        ax.plot([j, j], [-top if j in (0, width) else 0, height], color='black',
                linewidth=1.4 if j % 5 == 0 or j == width else 0.5)
    size = cell_points(ax, width + left, height + top) * 0.6
    for r, clue in enumerate(row_clues):
        for k, number in enumerate(reversed(clue)):
            ax.text(-0.5 - k, r + 0.5, str(number), ha='center', va='center',
                    fontsize=size)
    for c, clue in enumerate(col_clues):
        for k, number in enumerate(reversed(clue)):
            ax.text(c + 0.5, -0.5 - k, str(number), ha='center', va='center',
                    fontsize=size)
    for r, c in givens or ():
        ax.add_patch(plt.Circle((c + 0.5, r + 0.5), 0.2, color=GIVEN_ORANGE, zorder=3))
    for r, c in changed:
        if grid[r][c] is None:  # a highlighted cell that is still unknown: outline it
            ax.add_patch(Rectangle((c + 0.1, r + 0.1), 0.8, 0.8, fill=False,
                                   edgecolor=NEW_FILLED, linewidth=max(1.0, size / 6), zorder=4))
    ax.set_xlim(-left - 0.05, width + 0.05)
    ax.set_ylim(height + 0.05, -top - 0.05)
    ax.set_aspect('equal')
    ax.axis('off')
    if title:
        ax.set_title(title, fontsize=min(12, max(8, size * 1.2)))
    return ax


def cell_points(ax, columns, rows):
    """The side of one square, in points, when `columns` x `rows` squares fill the Axes."""
    box = ax.get_window_extent()  # in pixels
    points_per_pixel = 72 / ax.figure.dpi
    return min(box.width / columns, box.height / rows) * points_per_pixel


# %% [markdown]
# A small-multiples figure shows a whole solve at a glance: one drawing per step, each
# highlighting the cells that step decided. For big puzzles, leave the clues out: they would be
# too small to read.

# %%
def changed_cells(before, after):
    """Cells unknown in `before` and known in `after`, as a list of (row, column)."""
    changed = []
    for r, (old_row, new_row) in enumerate(zip(before, after)):
        for c, (old, new) in enumerate(zip(old_row, new_row)):
            if old is None and new is not None:
                changed.append((r, c))
    return changed


def draw_steps(grids, rows=None, cols=None, titles=None, columns=4, size=2.6, changed=None):
    """Draw a sequence of grids side by side, highlighting in each what was decided since the
    previous one (or, if given, changed[k] in grid k); return the matplotlib Figure."""
    import matplotlib.pyplot as plt

    count = len(grids)
    columns = min(columns, count)
    lines = math.ceil(count / columns)
    fig, axes = plt.subplots(lines, columns, figsize=(size * columns, size * lines + 0.4),
                             squeeze=False)
    for k, ax in enumerate(axes.flat):
        if k >= count:
            ax.axis('off')
            continue
        if changed is not None:
            highlight = changed[k]
        else:
            highlight = changed_cells(grids[k - 1], grids[k]) if k else None
        draw_grid(grids[k], rows, cols, ax=ax, changed=highlight,
                  title=titles[k] if titles else f'step {k}')
    return fig


# %% tags=["active-ipynb"]
# import matplotlib.pyplot as plt
#
# fig, (left, right) = plt.subplots(1, 2, figsize=(7, 3.6))
# draw_grid([[None] * 5 for _ in range(5)], rows, cols, ax=left, title='the puzzle')
# draw_grid(picture, rows, cols, ax=right, title='its solution')
# plt.show()

# %% [markdown]
# ## The seed's loop: rows, then columns, until nothing changes
#
# The seed post's strategy is the obvious one. Solve every row with the line solver, writing what
# it decides into the grid. Then turn the grid on its side (transpose it), so that the columns
# become rows, and solve them the same way. Turn it back and repeat until a whole round decides
# nothing new, or nothing is left to decide. Chapter 1's `solve_line` does the work for each line;
# if any line has no layout that fits, it raises `Contradiction`, and so does the loop.

# %%
def solve_lines(clues, grid, line_solver=nonovector.solve_line):
    """Solve every row of `grid` against its clue; return the new grid (a new list of rows)."""
    return [list(line_solver(clue, row)) for clue, row in zip(clues, grid)]


def sweep(rows, cols, grid, line_solver=nonovector.solve_line):
    """One round of the seed's loop: every row, then (on the transposed grid) every column."""
    grid = solve_lines(rows, grid, line_solver)
    return transpose(solve_lines(cols, transpose(grid), line_solver))


def sweep_history(rows, cols, grid=None, line_solver=nonovector.solve_line):
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
# Our five-by-five run, printed the seed's way after each round:

# %% tags=["active-ipynb"]
# def print_run(history, clues):
#     """Print each round of a run as the seed did: counts, then the grid with its clues."""
#     for iteration, grid in enumerate(history[1:], start=1):
#         text, conflicts, unknowns = pforces(*grid2forces(grid), clues)
#         print(f'Iteration {iteration} has {conflicts} errors and {unknowns} unknown cells')
#         print(text)
#         print()
#
# history = sweep_history(rows, cols)
# print_run(history, (rows, cols))

# %% [markdown]
# Twelve unknown cells after the first round, as in the seed; but then our loop finishes in the
# second round, where the seed still had one unknown cell and needed a third. The difference is
# not in the loop but in the line solver. Chapter 1 found that the seed's `nonovector` forgot to
# check, for a clue with a single block, that no filled cell is left after the block. After the
# first round, column 4 (clue `1`) has its bottom cell filled, yet the seed's solver still let the
# block sit in the top cell, so it could not decide that cell.
#
# The loop takes the line solver as a parameter, so we can run it with a stand-in for the seed's
# solver, bug included (written here from its description: list the layouts, keep those that fit
# the known cells *except* for filled cells past a lone block, see what they agree on, and, like
# the seed's flag grids, never forget a cell already known). It replays the seed's run exactly:

# %% tags=["active-ipynb"]
# def seed_solve_line(blocks, line):
#     """A line solver with the seed's bug: a lone block ignores filled cells after it."""
#     blocks = normalize_clue(blocks, len(line))
#     if len(blocks) != 1:
#         return nonovector.solve_line(blocks, line)
#     length, layouts = blocks[0], []
#     for start in range(len(line) - length + 1):
#         stop = start + length
#         covers_empty = 0 in line[start:stop]
#         filled_before = 1 in line[:start]
#         runs_on = stop < len(line) and line[stop] == 1
#         if not (covers_empty or filled_before or runs_on):  # (cells past `stop` unchecked)
#             layouts.append([0] * start + [1] * length + [0] * (len(line) - stop))
#     if not layouts:
#         raise Contradiction(f'no layout of {blocks} fits')
#     agreed = [column[0] if len(set(column)) == 1 else None for column in zip(*layouts)]
#     return [old if old is not None else new for old, new in zip(line, agreed)]  # flags only add
#
# seed_history = sweep_history(rows, cols, line_solver=seed_solve_line)
# print_run(seed_history, (rows, cols))

# %% [markdown]
# Both runs in pictures, each round's newly decided cells in red (filled) and pale red (empty).
# The seed's solver, top, decides the last cell, top right, one round late:

# %% tags=["active-ipynb"]
# fig = plt.figure(figsize=(9.6, 5.6))
# top, bottom = fig.subfigures(2, 1)
# for subfig, run, name in ((top, seed_history, "seed's line solver"),
#                           (bottom, history, 'chapter 1 line solver')):
#     axes = subfig.subplots(1, 4)
#     for k, ax in enumerate(axes):
#         if k < len(run):
#             draw_grid(run[k], rows, cols, ax=ax, title='start' if k == 0 else f'round {k}',
#                       changed=changed_cells(run[k - 1], run[k]) if k else None)
#         else:
#             ax.axis('off')
#     subfig.suptitle(f'The seed\'s loop with the {name}', fontsize=11)
# plt.show()

# %% [markdown]
# ## Solving again only what changed
#
# The seed's loop is simple and correct, but it wastes work: each round solves *every* line,
# including lines in which nothing has changed since they were last solved and which therefore
# cannot teach us anything new. In the last round of any run, every single solve is wasted.
#
# A better loop keeps a queue of *dirty* lines, the ones that may have something to learn. At the
# start every line is dirty. Take a line from the queue and solve it; for each cell it decides,
# the line crossing that cell (a column for a row, a row for a column) becomes dirty and joins the
# queue, unless it is already waiting there. When the queue is empty, no line can learn anything
# more: we are at the same fixpoint as the seed's loop (line solving only ever adds knowledge, so
# both loops stop at the greatest grid that every line agrees with), having solved fewer lines.
#
# The same engine has to serve probing and search later on, which try out guesses and take them
# back. So it keeps the grid in one place, changes it cell by cell, and writes each change on a
# *trail*; undoing a guess means blanking the cells written since a mark on the trail. It also
# remembers every line it has solved (a *memo*, keyed on the clue and the line's cells): search
# meets the same line in the same state over and over, and a dictionary lookup is far cheaper
# than solving it again. A search on a big puzzle asks for millions of lines, so the memo must
# not grow without end: it is emptied when its estimated size reaches `MEMO_BYTES` (40 MB). To
# remember many lines in that space, it stores "nothing new" as `True`, and packs a line longer
# than `SHORT_LINE` cells into bytes, one byte a cell instead of the eight a tuple takes. (Short
# lines stay tuples: packing costs a little time on every lookup.) Measured on random 100x100
# puzzles, a search then peaks under 60 MB in all; a memo bounded at 200,000 lines, whatever
# their size, reached 375 MB.
#
# The line solver is a parameter too. Chapter 1's `solve_line` is the one to read, and the loops
# above use it. The engine, which may solve millions of lines in one search, uses by default
# `fast_solve_line`: the same job done with bit operations on a whole line at once, borrowed from
# chapter 5 (`nonofast`), where it is explained and tested against chapter 1's solver. It gives
# exactly the same answers, about ten times faster, so until chapter 5 you can think of it as
# `solve_line`. To run the engine on chapter 1's version, pass
# `line_solver=nonovector.solve_line`.
#
# It is the first of three layers of one small class. `Propagator` knows lines and the queue;
# `Prober` will add probing and `Searcher` search, each in its own section.

# %%
MEMO_BYTES = 40_000_000  # the memo's size (estimated) at which it is emptied and starts afresh
ENTRY_BYTES = 150        # the memo's cost per entry, besides its key's and answer's own objects
SHORT_LINE = 32          # longer lines are packed into bytes in the memo
CELL_CODE = {None: 2, 0: 0, 1: 1}


def pack(cells):
    """A line's cells (a tuple of 1/0/None) as the memo keeps them: as they are if the line is
    short (fast), else as bytes, one byte a cell instead of a tuple's eight (small)."""
    if len(cells) <= SHORT_LINE:
        return cells
    return bytes(map(CELL_CODE.__getitem__, cells))


def unpack(packed):
    """The tuple of 1/0/None that `pack` packed."""
    if isinstance(packed, tuple):
        return packed
    return tuple(None if code == 2 else code for code in packed)


def fast_solve_line(blocks, line):
    """Chapter 5's bit-parallel line solver, without its own cache (the engine keeps a memo).
    The engine, having checked the puzzle once, calls it through `nonofast.solve_checked`, the
    same solver without the checks."""
    return nonofast.solve_line(blocks, line, cache=False)


class Propagator:
    """The grid of one puzzle, its trail of changes, a memo of line results, and counters.

    Lines are numbered: row r is line r, column c is line height + c.
    """

    QUEUE_ORDERS = ('fifo', 'lifo', 'most-changed')

    def __init__(self, rows, cols, grid=None, *, line_solver=fast_solve_line, queue_order='fifo'):
        self.rows, self.cols, self.grid = check_puzzle(rows, cols, grid)
        self.columns = transpose(self.grid)  # the same cells by column, for reading columns fast
        self.queue_order = check_option('queue_order', queue_order, self.QUEUE_ORDERS)
        self.height, self.width = len(self.rows), len(self.cols)
        self.clues = self.rows + self.cols
        numbers = {}  # equal clues share memo entries
        self.clue_numbers = [numbers.setdefault(tuple(clue), len(numbers)) for clue in self.clues]
        self.line_solver = line_solver
        self.checked_clues = None  # for the default line solver: clues as nonofast wants them
        if line_solver is fast_solve_line:
            lengths = [self.width] * self.height + [self.height] * self.width
            self.checked_clues = [nonofast.checked_clue(clue, cells)
                                  for clue, cells in zip(self.clues, lengths)]
        self.memo = {}
        self.memo_bytes = 0         # the memo's estimated size
        self.trail = []             # cells decided so far, in order, as (row, column)
        self.line_solves = 0        # lines solved (answered from the memo or not)
        self.solver_calls = 0       # ... of which the line solver really had to work
        self.activity = [0.0] * (self.height + self.width)  # see the section on search
        self.bump = 1.0
        self.changes = [0] * (self.height + self.width)  # cells decided per line (queue_order)

    def line_name(self, line):
        """'row 3' or 'column 7'."""
        return f'row {line}' if line < self.height else f'column {line - self.height}'

    def line_cells(self, line):
        """The current cells of a line, as a tuple."""
        if line < self.height:
            return tuple(self.grid[line])
        return tuple(self.columns[line - self.height])

    def solve_line(self, line, cells):
        """The line solver's result for this line in this state (a tuple), or None if no layout
        fits. Remembered, so each (clue, cells) pair is solved once while the memo lasts."""
        self.line_solves += 1
        key = (self.clue_numbers[line], pack(cells))
        answer = self.memo.get(key, False)
        if answer is False:
            self.solver_calls += 1
            try:
                if self.checked_clues:
                    result = nonofast.solve_checked(self.checked_clues[line], cells)
                else:
                    result = tuple(self.line_solver(self.clues[line], list(cells)))
            except Contradiction:
                result = None
            if self.memo_bytes >= MEMO_BYTES:
                self.memo.clear()
                self.memo_bytes = 0
            self.remember(key, cells, result)
            return result
        if answer is True:   # the solver decided nothing new
            return cells
        if answer is None:   # no layout fits
            return None
        return unpack(answer)

    def remember(self, key, cells, result):
        """Store a line's result in the memo, compactly: True if it decides nothing new, None if
        no layout fits, else the new cells, packed."""
        if result is None:
            answer = None
        elif result == cells:
            answer = True
        else:
            answer = pack(result)
        self.memo[key] = answer
        self.memo_bytes += ENTRY_BYTES + sys.getsizeof(key[1]) + sys.getsizeof(answer)

    def set_cell(self, r, c, value):
        """Decide one cell, writing it on the trail."""
        self.grid[r][c] = self.columns[c][r] = value
        self.trail.append((r, c))

    def undo(self, mark):
        """Forget every cell decided since the trail was `mark` long."""
        for r, c in self.trail[mark:]:
            self.grid[r][c] = self.columns[c][r] = None
        del self.trail[mark:]

    def propagate(self, lines=None):
        """Solve lines until none can learn more, starting with `lines` (all if None); only a
        line crossing a newly decided cell is solved again. Raises Contradiction (and then the
        grid is half-updated: undo to a mark to recover)."""
        height, grid, columns, trail = self.height, self.grid, self.columns, self.trail
        queue = deque(range(height + self.width) if lines is None else lines)
        waiting = [False] * (height + self.width)
        for line in queue:
            waiting[line] = True
        take = self.queue_taker(queue)
        while queue:
            line = take()
            waiting[line] = False
            cells = self.line_cells(line)
            result = self.solve_line(line, cells)
            if result is None:
                self.activity[line] += self.bump  # remembered for choosing where to search
                raise Contradiction(f'{self.line_name(line)} cannot hold its clue')
            if result == cells:
                continue
            for i, (old, new) in enumerate(zip(cells, result)):
                if old is None and new is not None:
                    r, c, crossing = ((line, i, height + i) if line < height
                                      else (i, line - height, i))
                    grid[r][c] = columns[c][r] = new
                    trail.append((r, c))
                    self.changes[crossing] += 1
                    if not waiting[crossing]:
                        waiting[crossing] = True
                        queue.append(crossing)
        return grid

    def queue_taker(self, queue):
        """The function that takes the next line off the queue, by `queue_order`: 'fifo' (first
        in, first out: the default), 'lifo' (the line queued last), or 'most-changed' (the
        waiting line with the most cells decided since its last solve)."""
        if self.queue_order == 'fifo':
            return queue.popleft
        if self.queue_order == 'lifo':
            return queue.pop
        changes = self.changes

        def most_changed():
            line = max(queue, key=changes.__getitem__)
            queue.remove(line)
            changes[line] = 0
            return line
        return most_changed

    def unknown(self):
        """How many cells are still unknown."""
        return sum(row.count(None) for row in self.grid)


def propagate(rows, cols, grid=None, *, line_solver=fast_solve_line, queue_order='fifo'):
    """The grid at the line-logic fixpoint: every cell that follows from solving rows and columns
    again and again (a new list of rows of 1/0/None). Raises Contradiction if some line has no
    layout that fits, PuzzleError if the puzzle is malformed."""
    return Propagator(rows, cols, grid, line_solver=line_solver,
                      queue_order=queue_order).propagate()


def check_option(name, value, choices):
    """Return value if it is one of choices, else raise ValueError naming the option."""
    if value not in choices:
        raise ValueError(f'{name} must be one of {", ".join(map(repr, choices))}, not {value!r}')
    return value


# %% [markdown]
# Both loops reach the same grid; count the lines each solved. Our run of the seed's loop above
# took two rounds of ten lines each (it stops as soon as no cell is unknown). On a puzzle this
# small the queue saves little:

# %% tags=["active-ipynb"]
# engine = Propagator(rows, cols)
# engine.propagate()
# assert engine.grid == history[-1] == picture
# print(f'seed loop: {(len(history) - 1) * (len(rows) + len(cols))} line solves;',
#       f'queue: {engine.line_solves} line solves')

# %% [markdown]
# The saving grows with the puzzle. A bigger test: Jan Wolter's *Cat*, puzzle #6 of his web
# paint-by-number site and of his survey of solvers, one of the puzzles shipped in this
# project's `puzzles/` folder (see `puzzles/SOURCES.md` for the authors and licences). Chapter 4
# brings a full reader for their `.non` format; for now a few lines of a demo are enough.

# %% tags=["active-ipynb"]
# from pathlib import Path
#
# def read_clues(name):
#     """(rows, cols) from one of the project's puzzles/*.non files. A minimal reader: it knows
#     only the `width` and `height` lines and the lines of clues under `rows` and `columns`."""
#     size, clues, section = {}, {'rows': [], 'columns': []}, None
#     for line in (Path('..') / 'puzzles' / name).read_text().splitlines():
#         words = line.split()
#         if line.strip() in clues:
#             section = line.strip()
#         elif words and words[0] in ('width', 'height'):
#             size[words[0]] = int(words[1])
#         elif section == 'rows' and len(clues['rows']) < size['height']:
#             clues['rows'].append([int(n) for n in line.split(',') if n.strip()])
#         elif section == 'columns' and len(clues['columns']) < size['width']:
#             clues['columns'].append([int(n) for n in line.split(',') if n.strip()])
#     return clues['rows'], clues['columns']
#
# cat_rows, cat_cols = read_clues('webpbn-00006.non')
# cat_history = sweep_history(cat_rows, cat_cols)
# cat = Propagator(cat_rows, cat_cols)
# cat.propagate()
# assert cat.grid == cat_history[-1] and cat.unknown() == 0
# assert propagate(cat_rows, cat_cols, line_solver=nonovector.solve_line) == cat.grid  # same answer
# rounds = len(cat_history) - 1
# sweep_solves = rounds * (len(cat_rows) + len(cat_cols))
# print(f'Cat, 20x20: seed loop {rounds} rounds = {sweep_solves} line solves;',
#       f'queue {cat.line_solves} line solves ({sweep_solves / cat.line_solves:.1f} times fewer)')

# %% [markdown]
# (The seed's loop stops here because the grid is complete; on a puzzle where line logic stalls
# it needs one more round, which changes nothing, to find out.) The second `assert` checks that
# the queue reaches the same grid with chapter 1's line solver as with the default one. The Cat's
# solve by the seed's loop, round by round:

# %% tags=["active-ipynb"]
# fig = draw_steps(cat_history, columns=5, size=2.0,
#                  titles=['start'] + [f'round {i}' for i in range(1, len(cat_history))])
# fig.suptitle("The Cat (webpbn #6) by the seed's loop: each round's new cells in red")
# plt.show()

# %% [markdown]
# ## When the lines stop learning
#
# The seed post ends with an honest question: is that it? Not always. Line solving only uses one
# line at a time, and some puzzles need reasoning that combines lines. Wolter's *Edge* (#23, ten
# columns by eleven rows, in `puzzles/`) is one: line logic does not decide a single cell. No
# clue is long enough to overlap with itself, and nothing else gets started.

# %% tags=["active-ipynb"]
# edge_rows, edge_cols = read_clues('webpbn-00023.non')
# edge_stalled = propagate(edge_rows, edge_cols)
# print(sum(row.count(None) for row in edge_stalled), 'of', len(edge_rows) * len(edge_cols),
#       'cells still unknown after line logic')
# draw_grid(edge_stalled, edge_rows, edge_cols, title='Edge (webpbn #23): where line logic stalls')
# plt.show()

# %% [markdown]
# ### Probing: what if this cell were filled?
#
# Pick an unknown cell and *suppose* it is filled; propagate. If that leads to a contradiction
# (some line has no layout left), the supposition was wrong and the cell must be empty. That is
# sound: every solution has the cell either filled or empty, and no solution has it filled.
# Try the other value too. Three things can happen:
#
# - one value contradicts: the cell takes the other value, and we keep everything the surviving
#   value's propagation decided (it follows from the cell's value, which is now certain);
# - both contradict: the puzzle, in its present state, has no solution;
# - both survive: any cell that came out the *same* in both propagations is decided either way,
#   so it is certain too. Otherwise we have learned nothing certain, but we know how much each
#   value would decide, which will tell search where to look.
#
# Repeat over all unknown cells, and start over while a round of probes decides something.
# Which cells first? Those next to known cells (or to the edge), whose lines are most
# constrained: they are the likeliest to contradict quickly.
#
# One saving matters: if supposing cell A filled decided that cell B is empty without any
# contradiction, then supposing B empty cannot contradict either (it decides a subset of what
# A's supposition decided, all of it consistent), so that probe can be skipped until the grid
# changes.
#
# `Prober` adds probing to the propagator. A probe writes its supposition and what follows on the
# trail and then undoes them, leaving the grid as it found it.

# %%
class Prober(Propagator):
    """A Propagator that can also probe: try a cell both ways, keep what is certain."""

    PROBE_ORDERS = ('neighbours', 'nearly-solved', 'reading')

    def __init__(self, rows, cols, grid=None, *, line_solver=fast_solve_line, queue_order='fifo',
                 probe_order='neighbours', probe_unchanged=False):
        super().__init__(rows, cols, grid, line_solver=line_solver, queue_order=queue_order)
        self.probe_order = check_option('probe_order', probe_order, self.PROBE_ORDERS)
        self.probe_unchanged = probe_unchanged
        self.fruitless = {}  # cell -> (hash of its row and column, how much its weaker value
                             # decided) when its last probe found nothing
        self.probes = 0

    def probe(self, r, c, value):
        """Suppose cell (r, c) has `value` and propagate. Return what that decides, as a dict
        {(row, column): value} (including the cell itself), or None on a contradiction.
        The grid is left as it was."""
        self.probes += 1
        mark = len(self.trail)
        self.set_cell(r, c, value)
        try:
            self.propagate((r, self.height + c))
            decided = {(rr, cc): self.grid[rr][cc] for rr, cc in self.trail[mark:]}
        except Contradiction:
            decided = None
        self.undo(mark)
        return decided

    def decide(self, cells):
        """Write decided cells {(row, column): value} into the grid and propagate from them."""
        lines = set()
        for (r, c), value in cells.items():
            if self.grid[r][c] is None:
                self.set_cell(r, c, value)
                lines.update((r, self.height + c))
        self.propagate(sorted(lines))

    def candidates(self):
        """Unknown cells, most promising first: by default (probe_order='neighbours') those with
        more known neighbours (the edge of the grid counts as known), then in reading order.
        'nearly-solved' puts first the cells whose row and column have fewest unknown cells;
        'reading' takes them in reading order."""
        grid, height, width = self.grid, self.height, self.width
        if self.probe_order == 'nearly-solved':
            row_unknown = [row.count(None) for row in grid]
            col_unknown = [sum(1 for row in grid if row[c] is None) for c in range(width)]
        ranked = []
        for r in range(height):
            for c in range(width):
                if grid[r][c] is None:
                    if self.probe_order == 'neighbours':
                        known = sum(1 for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                                    if not (0 <= rr < height and 0 <= cc < width)
                                    or grid[rr][cc] is not None)
                        ranked.append((-known, r, c))
                    elif self.probe_order == 'nearly-solved':
                        ranked.append((row_unknown[r] + col_unknown[c], r, c))
                    else:
                        ranked.append((0, r, c))
        ranked.sort()
        return [(r, c) for _, r, c in ranked]

    def lines_key(self, r, c):
        """A hash of the cells of row r and column c, to notice when either has changed."""
        return hash((self.line_cells(r), self.line_cells(self.height + c)))

    def probe_all(self, stop=lambda: None):
        """Probe every unknown cell both ways, again and again, until a whole round decides
        nothing; skip a cell whose row and column are as they were when its last probe found
        nothing (unless probe_unchanged). Returns the two-way probes of that last round,
        {(row, column): (if filled, if empty)}, for choosing where to search ((None, None) for
        a cell skipped this time); raises Contradiction if some cell can be neither. `stop` is
        called before each probe (search uses it to enforce budgets)."""
        while True:
            progress, both_ways = False, {}
            implied = {}  # cell -> value that some probe of this round decided without trouble
            for r, c in self.candidates():
                if self.grid[r][c] is not None:
                    continue
                lines_now = self.lines_key(r, c)
                last = self.fruitless.get((r, c))
                if not self.probe_unchanged and last and last[0] == lines_now:
                    if last[1] is not None:  # see "Probing less" in the section on search
                        both_ways[r, c] = (None, None)
                    continue
                stop()
                known_fine = implied.get((r, c))
                if known_fine is not None:
                    # This value cannot contradict (see above): probe only the other one.
                    if self.probe(r, c, 1 - known_fine) is not None:
                        self.fruitless[r, c] = (lines_now, None)
                        continue  # both values survive: nothing new
                    self.decide({(r, c): known_fine})
                else:
                    if_filled, if_empty = self.probe(r, c, 1), self.probe(r, c, 0)
                    if if_filled is None and if_empty is None:
                        raise Contradiction(f'cell ({r}, {c}) can be neither filled nor empty')
                    if if_filled is None or if_empty is None:  # one value survives
                        self.decide(if_empty if if_filled is None else if_filled)
                    else:
                        same = {cell: value for cell, value in if_filled.items()
                                if if_empty.get(cell) == value}
                        if not same:  # nothing certain; remember both outcomes for search
                            both_ways[r, c] = (if_filled, if_empty)
                            self.fruitless[r, c] = (lines_now, min(len(if_filled), len(if_empty)))
                            for decided in (if_filled, if_empty):
                                for cell, value in decided.items():
                                    implied.setdefault(cell, value)
                            continue
                        self.decide(same)
                progress = True
                implied.clear()
                both_ways.clear()
            if not progress:
                return both_ways


# %% [markdown]
# Before running it, look at probing up close. On the stalled *Edge* grid, take the cell whose
# probe decides most: one of its values contradicts and the other decides many cells. The left
# picture supposes the cell filled and shows in red what follows until a line has no layout left
# (named in the title); the right one supposes it empty and shows everything that follows.
# So the cell is empty, and everything red on the right is certain.

# %% tags=["active-ipynb"]
# def most_decisive_probe(engine):
#     """The cell with exactly one surviving value that decides most, and both probe results."""
#     best = None
#     for r, c in engine.candidates():
#         if_filled, if_empty = engine.probe(r, c, 1), engine.probe(r, c, 0)
#         if (if_filled is None) != (if_empty is None):
#             decided = len(if_filled or if_empty)
#             if best is None or decided > best[0]:
#                 best = (decided, (r, c), if_filled, if_empty)
#     return best[1:]
#
# edge = Prober(edge_rows, edge_cols)
# edge.propagate()
# cell, if_filled, if_empty = most_decisive_probe(edge)
# def outcome(decided):
#     return 'contradiction' if decided is None else f'{len(decided)} cells decided'
# print('cell', cell, '| if filled:', outcome(if_filled), '| if empty:', outcome(if_empty))
#
# def supposed(engine, cell, value):
#     """The grid after supposing `cell` has `value` and propagating as far as possible, and the
#     name of the line that failed (None if none did)."""
#     mark = len(engine.trail)
#     engine.set_cell(*cell, value)
#     failed = None
#     try:
#         engine.propagate((cell[0], engine.height + cell[1]))
#     except Contradiction as error:
#         failed = str(error).split(' cannot')[0]
#     grid = [row[:] for row in engine.grid]
#     engine.undo(mark)
#     return grid, failed
#
# fig, axes = plt.subplots(1, 2, figsize=(9, 5))
# for ax, value in zip(axes, (1, 0)):
#     grid, failed = supposed(edge, cell, value)
#     word = 'filled' if value else 'empty'
#     title = f'suppose {cell} {word}: ' + (f'{failed} fails' if failed else 'no contradiction')
#     draw_grid(grid, edge_rows, edge_cols, ax=ax, title=title,
#               changed=changed_cells(edge.grid, grid) or [cell])
# plt.show()

# %% [markdown]
# (Propagation stops at the first line with no layout, named in the title, so the left picture
# shows only part of what the supposition would lead to.) Now the whole of probing, on the whole
# of *Edge*. To see it work, a small subclass keeps a copy of the grid each time probing decides
# something. The first decisions each settle a single cell near the edge (the candidates next to
# the border are tried first); they add up, until single probes decide whole regions at the end.
# Shown: the first five pictures and the last five; each highlights what its decision settled.

# %% tags=["active-ipynb"]
# class RecordingProber(Prober):
#     """A Prober that keeps a snapshot of the grid after each decision."""
#     def decide(self, cells):
#         super().decide(cells)
#         self.snapshots.append([row[:] for row in self.grid])
#
# edge = RecordingProber(edge_rows, edge_cols)
# edge.snapshots = [[row[:] for row in edge.propagate()]]
# edge.probe_all()
# print(f'Edge: {sum(r.count(None) for r in edge.snapshots[0])} unknown after line logic,',
#       f'{edge.unknown()} after probing: {len(edge.snapshots) - 1} decisions,',
#       f'{edge.probes} probes, {edge.line_solves} line solves',
#       f'({edge.solver_calls} of them not in the memo)')
# last = len(edge.snapshots) - 1
# shown = [0, 1, 2, 3, 4] + list(range(last - 4, last + 1))
# settled = [changed_cells(edge.snapshots[k - 1], edge.snapshots[k]) if k else [] for k in shown]
# draw_steps([edge.snapshots[k] for k in shown], edge_rows, edge_cols, columns=5, size=2.5,
#            titles=['after line logic'] + [f'decision {k} of {last}' for k in shown[1:]],
#            changed=settled)
# plt.show()

# %% [markdown]
# Probing finishes *Edge*. The memo earns its keep already: about half of the line solves that
# the probes asked for were answered from it.
#
# ## Search, when probing is not enough
#
# Some puzzles defeat probing too, and some have more than one solution, which no sound
# deduction can pick between. The last resort is to *guess* and keep going: choose an unknown
# cell, fill it, solve on (propagating and probing) and, whatever happens, come back and try it
# empty. That is a depth-first search, and it has three properties we want:
#
# - **every solution, exactly once**: the two branches of a guess differ in that cell, so no
#   solution is found in both; and every solution has the cell either filled or empty, so none is
#   missed (the deductions made on the way are all certain, so they lose nothing);
# - **lazy**: written as a generator, it hands over each solution as soon as it finds it, and
#   stops working when the caller stops asking;
# - **small state**: the grid, the trail and, per guess, one mark on the trail to undo to.
#
# Everything depends on *which* cell to guess. Probing has just tried every unknown cell both
# ways, so it knows how much each guess would decide; a common rule picks the cell whose weaker
# value still decides the most. That works for most puzzles, but it can fail badly. In Wolter's
# *Forever* (#6574) the picture in the middle is easy and the frame of interlocking blocks
# around it is hard. The rule keeps guessing in the middle, where guesses decide a lot, and every
# guess there makes the search repeat the same hopeless attempts on the frame. When we tried it,
# more than forty thousand guesses and four minutes did not find a single solution.
#
# The cure comes from SAT solvers: let the trouble choose. Every time a line turns out to have
# no layout (in propagation, in a probe, anywhere), add to that line's *activity*. Guess in the
# cell whose row and column together have the most activity, breaking ties by the rule above.
# Recent trouble counts more: the amount added grows by 10% at every search node (SAT solvers
# call this "VSIDS"). Contradictions happen where the difficulty is, so the search moves there
# by itself and settles the frame first. On *Forever* it then needs fewer than two hundred
# search nodes.
#
# ### Probing less
#
# Every search node probes again, and most of those probes are repeats. A guess changes a few
# lines; for most cells, the row and the column look exactly as they did when the cell was last
# probed, and a probe that found nothing then will most likely find nothing now. So the engine
# remembers, for each cell whose probe found nothing, what its row and column held at the time
# (a hash of their cells, in `fruitless`), and skips the cell until one of them changes. A
# skipped cell stays a candidate for the next guess, ranked by what its last probe decided.
# (A first version dropped skipped cells from the choice. It was as fast on most puzzles, but
# on one, LalaFrogKK, the search then lost its way: over a thousand nodes without an answer,
# where probing every cell needs 45 nodes and this version about a hundred.)
#
# This is a bet, not a deduction: the rest of the grid may have changed, and a skipped probe
# might have decided something. But nothing is lost. The search still tries both values of
# every guess, so every solution is still found exactly once; a deduction that a skipped probe
# would have made is made later, by propagation or by a guess. (Even a hash collision, two
# different lines with the same hash, could only skip a probe, never give a wrong answer.)
# What changes is the work, and the run on *Forever* below shows by how much.
#
# `Searcher` adds the search, the counters of nodes (places where the search stops to propagate,
# probe and perhaps guess), and the budgets of the next sections.

# %%
def plural(count, noun):
    """'1 node', '2 nodes', '12,345 probes'."""
    return f'{count:,} {noun}{"" if count == 1 else "s"}'


class SearchLimit(RuntimeError):
    """A search ran out of budget (max_nodes or time_limit) before it finished.

    Attributes: nodes (search nodes visited), seconds (time spent) and solutions (the solutions
    found before the budget ran out). The message says how far the search got.
    """

    def __init__(self, message, nodes, seconds, solutions):
        super().__init__(message)
        self.nodes, self.seconds, self.solutions = nodes, seconds, solutions


class Searcher(Prober):
    """A Prober that searches: depth-first, propagating and probing at every node, guessing the
    cell whose lines have failed most often; yields every solution exactly once."""

    ACTIVITY_GROWTH = 1.1  # recent contradictions count for more

    BRANCHINGS = ('activity', 'probe', 'reading')

    def __init__(self, rows, cols, grid=None, *, line_solver=fast_solve_line,
                 max_nodes=None, time_limit=None, probing=True, queue_order='fifo',
                 probe_order='neighbours', probe_unchanged=False, branching='activity'):
        super().__init__(rows, cols, grid, line_solver=line_solver, queue_order=queue_order,
                         probe_order=probe_order, probe_unchanged=probe_unchanged)
        self.probing = probing
        self.branching = check_option('branching', branching, self.BRANCHINGS)
        self.max_nodes, self.time_limit = max_nodes, time_limit
        self.nodes = 0
        self.found = []
        self.method = 'line'  # how far the search had to go: 'line', 'probing' or 'search'
        self.start = time.perf_counter()

    def seconds(self):
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
            raise SearchLimit(
                f'search stopped by {" and ".join(over)} after {self.nodes} nodes, '
                f'{self.probes} probes and {seconds:.1f} s, with {len(self.found)} solution(s) '
                f'found so far and {self.unknown()} of {self.height * self.width} cells unknown '
                'at the node it stopped in', self.nodes, seconds, list(self.found))

    def node(self, lines):
        """Visit a search node: propagate from `lines`, then probe. Return 'dead' (no solution
        here), 'solved', or the guess to make: (cell, decided if filled, decided if empty)."""
        self.nodes += 1
        self.bump *= self.ACTIVITY_GROWTH
        if self.bump > 1e100:  # rescale before the numbers overflow; only their order matters
            self.activity = [a / self.bump for a in self.activity]
            self.bump = 1.0
        self.check_budget()
        try:
            self.propagate(lines)
            if self.unknown() == 0:
                return 'solved'
            if not self.probing:
                return self.candidates()[0], None, None
            if self.nodes == 1:
                self.method = 'probing'
            both_ways = self.probe_all(stop=self.check_budget)
        except Contradiction:
            return 'dead'
        if self.unknown() == 0:
            return 'solved'
        return self.choose(both_ways)

    def choose(self, both_ways):
        """The guess: by default (branching='activity') the cell whose row and column have
        failed most, then the one whose weaker value decides most. branching='probe' uses the
        second rule alone; 'reading' takes the first cell in reading order.
        Returns (cell, decided if filled, decided if empty)."""
        def score(cell):
            informative = self.fruitless[cell][1]  # min(len(if_filled), len(if_empty))
            if self.branching == 'probe':
                return informative
            return (self.activity[cell[0]] + self.activity[self.height + cell[1]], informative)
        if not both_ways:  # (cannot happen after a full round of probes; kept as a safe default)
            return self.candidates()[0], None, None
        if self.branching == 'reading':
            cell = min(both_ways)
        else:
            cell = max(both_ways, key=score)
        return (cell, *both_ways[cell])

    def guess(self, cell, value, decided):
        """Enter the child node where `cell` has `value` (with what that decides, if known)."""
        if decided:
            for (r, c), v in decided.items():  # a probe's result: already a fixpoint
                self.set_cell(r, c, v)
            return self.node(())
        self.set_cell(*cell, value)
        return self.node((cell[0], self.height + cell[1]))

    def solutions(self):
        """Generate every solution (a new list of rows of 0/1) exactly once, depth first."""
        pending = []  # per open guess: (trail mark, the empty branch still to try, or None)
        state = self.node(None)
        while True:
            if state == 'solved':
                solution = [row[:] for row in self.grid]
                self.found.append(solution)
                yield solution
            if state in ('solved', 'dead'):  # go back to the latest guess with a branch left
                while pending:
                    mark, empty_branch = pending.pop()
                    self.undo(mark)
                    if empty_branch is not None:
                        pending.append((mark, None))
                        state = self.guess(*empty_branch)
                        break
                else:
                    return
            else:
                self.method = 'search'
                cell, if_filled, if_empty = state
                pending.append((len(self.trail), (cell, 0, if_empty)))
                state = self.guess(cell, 1, if_filled)


# %% [markdown]
# The public functions wrap the engine. Both check the puzzle at once (a malformed puzzle raises
# `PuzzleError` when `solutions` is called, not later when the first solution is asked for).
# `grid` carries cells known in advance, such as the black squares printed on GCHQ's puzzle
# (chapter 3). Every choice this chapter made can also be changed by a keyword, so that each
# idea can be measured on its own (chapter 5 does): the line solver, probing on or off, the
# order of the propagation queue, the order in which cells are probed, and how the search picks
# the cell to guess. The options change how fast an answer comes, never the answer.

# %%
def solutions(rows, cols, grid=None, *, max_nodes=None, time_limit=None, **engine_options):
    """Every solution of the puzzle, each exactly once, as a generator of grids (lists of rows
    of 0/1); nothing if there is none. Budgets: max_nodes (search nodes) and time_limit
    (seconds) raise SearchLimit when they run out.

    Engine options, for comparing the engine's ideas (chapter 5 measures them); the defaults
    are the fastest we found: line_solver (fast_solve_line), probing (True; False searches
    with propagation alone), queue_order ('fifo', 'lifo', 'most-changed'), probe_order
    ('neighbours', 'nearly-solved', 'reading'), probe_unchanged (False; True probes again cells
    whose row and column have not changed since their last fruitless probe), branching
    ('activity', 'probe', 'reading')."""
    searcher = Searcher(rows, cols, grid, max_nodes=max_nodes, time_limit=time_limit,
                        **engine_options)
    return searcher.solutions()


def solve(rows, cols, grid=None, **options):
    """The first solution found (a list of rows of 0/1); raises Contradiction if there is none.
    Options are those of `solutions`."""
    for solution in solutions(rows, cols, grid, **options):
        return solution
    raise Contradiction('the puzzle has no solution')


# %% [markdown]
# The smallest puzzle with two solutions has two rows and two columns, each with the clue `1`:
# either diagonal fits.

# %% tags=["active-ipynb"]
# diagonal_rows = diagonal_cols = [[1], [1]]
# print(propagate(diagonal_rows, diagonal_cols), '<- line logic decides nothing')
# two = list(solutions(diagonal_rows, diagonal_cols))
# for solution in two:
#     print(show_grid(solution), end='\n\n')
# fig, axes = plt.subplots(1, 3, figsize=(7, 2.6))
# draw_grid([[None, None], [None, None]], diagonal_rows, diagonal_cols, ax=axes[0], title='puzzle')
# for k, solution in enumerate(two, start=1):
#     draw_grid(solution, diagonal_rows, diagonal_cols, ax=axes[k], title=f'solution {k}')
# plt.show()

# %% [markdown]
# And the hard one. *Forever*'s first search node, after line logic and probing, and the first
# guess: the outlined cell, then the cell filled and the cell empty, each with what it decides
# in red. (Clues are left out: at this size they would be unreadable.) At the root, the only
# activity comes from the probes' contradictions, and they point at the frame: the first guess
# is on the left edge, where either value decides next to nothing, the mark of the hard part.

# %% tags=["active-ipynb"]
# forever_rows, forever_cols = read_clues('webpbn-06574.non')
# forever = Searcher(forever_rows, forever_cols)
# cell, _, _ = forever.node(None)
# if_filled, if_empty = forever.probe(*cell, 1), forever.probe(*cell, 0)  # (node may not say)
# root = [row[:] for row in forever.grid]
# print(f'Forever: {forever.unknown()} of 625 cells unknown after line logic and probing;',
#       f'guess cell {cell}')
#
# def with_cells(grid, decided):
#     """A copy of `grid` with the cells {(row, column): value} written in."""
#     grid = [row[:] for row in grid]
#     for (r, c), value in decided.items():
#         grid[r][c] = value
#     return grid
#
# fig, axes = plt.subplots(1, 3, figsize=(11, 4))
# draw_grid(root, ax=axes[0], changed=[cell], title=f'root node: guess {cell}')
# draw_grid(with_cells(root, if_filled), ax=axes[1], changed=list(if_filled),
#           title=f'{cell} filled: {plural(len(if_filled), "cell")} decided')
# draw_grid(with_cells(root, if_empty), ax=axes[2], changed=list(if_empty),
#           title=f'{cell} empty: {plural(len(if_empty), "cell")} decided')
# plt.show()

# %% [markdown]
# The whole search, asking for two solutions to learn whether the first is the only one:

# %% tags=["active-ipynb"]
# forever = Searcher(forever_rows, forever_cols)
# found = []
# for solution in forever.solutions():
#     found.append(solution)
#     if len(found) == 2:
#         break
# print(f'{len(found)} solution; {forever.nodes} nodes, {forever.probes:,} probes,',
#       f'{forever.line_solves:,} line solves ({forever.solver_calls:,} by the line solver)')
# busiest = sorted(range(len(forever.activity)), key=lambda line: -forever.activity[line])[:8]
# print('the eight lines with the most (recent) contradictions:',
#       ', '.join(forever.line_name(line) for line in busiest))
# on_busy_lines = [(r, c) for r in range(25) for c in range(25)
#                  if r in busiest or 25 + c in busiest]
# draw_grid(found[0], forever_rows, forever_cols, changed=on_busy_lines,
#           title='Forever (webpbn #6574, by Gator), its busiest lines in red')
# plt.show()

# %% [markdown]
# What did "probing less" save? The same search again, with `probe_unchanged=True`, which probes
# every unknown cell at every node as the first version of this engine did:

# %% tags=["active-ipynb"]
# every_time = Searcher(forever_rows, forever_cols, probe_unchanged=True)
# found_again = []
# for solution in every_time.solutions():
#     found_again.append(solution)
#     if len(found_again) == 2:
#         break
# assert found_again == found  # the same answer
# for name, engine in (('skip unchanged (default)', forever), ('probe every cell', every_time)):
#     print(f'{name:>24}: {engine.nodes:4} nodes, {engine.probes:7,} probes, '
#           f'{engine.line_solves:9,} line solves')
# print(f'probes saved: {1 - forever.probes / every_time.probes:.0%}')

# %% [markdown]
# Skipping is a bet that pays twice on Forever: fewer probes per node, and, because the
# search then guesses among the cells that were probed afresh (those near the latest changes),
# fewer nodes too. Chapter 5 measures it on more puzzles.
#
# ## A verdict for a puzzle
#
# A teacher who makes a puzzle for a class wants to know three things before printing it. Does it
# have a solution at all? Exactly one (so the picture the pupils find is the one intended)? And
# how hard is it: can it be finished line by line, does it need "what if" reasoning (probing),
# or does it need guessing? `analyse` answers by asking the search for two solutions and
# reporting what it took. A `Verdict` holds the answer: `status` is `'none'`, `'unique'` or
# `'multiple'`; `method` is how far the solver had to go, `'line'`, `'probing'` or `'search'`;
# `solutions` holds the (up to two) solutions found; and the counters say how much work it was.

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

    def describe(self):
        """One line for people, without the timing (which varies from run to run)."""
        how = {'line': 'line logic alone', 'probing': 'line logic and probing',
               'search': 'search'}[self.method]
        what = {'none': 'no solution', 'unique': 'a unique solution',
                'multiple': 'more than one solution'}[self.status]
        return (f'{what}, found by {how} ({plural(self.nodes, "node")}, '
                f'{plural(self.probes, "probe")}, {plural(self.line_solves, "line solve")})')


def analyse(rows, cols, grid=None, *, max_nodes=None, time_limit=None, **engine_options):
    """Judge a puzzle: does it have no solution, one, or several, and does it need line logic,
    probing or search? Returns a Verdict. Budgets and engine options as for `solutions`
    (SearchLimit when a budget runs out)."""
    searcher = Searcher(rows, cols, grid, max_nodes=max_nodes, time_limit=time_limit,
                        **engine_options)
    found = []
    for solution in searcher.solutions():
        found.append(solution)
        if len(found) == 2:
            break
    return Verdict(['none', 'unique', 'multiple'][len(found)], searcher.method, found,
                   searcher.nodes, searcher.line_solves, searcher.probes, searcher.seconds())


# %% tags=["active-ipynb"]
# impossible_rows = [[2], []]   # well formed (two filled cells each way), but no picture fits
# impossible_cols = [[2], []]
# examples = {
#     'seed 5x5': (rows, cols),
#     'Dancer (#1)': read_clues('webpbn-00001.non'),
#     'Edge (#23)': (edge_rows, edge_cols),
#     'diagonal 2x2': (diagonal_rows, diagonal_cols),
#     'impossible 2x2': (impossible_rows, impossible_cols),
#     'Forever (#6574)': (forever_rows, forever_cols),
# }
# for name, puzzle in examples.items():
#     print(f'{name:>16}: {analyse(*puzzle).describe()}')

# %% [markdown]
# To check a puzzle of your own, draw it in the picture below and run the cell again. This round
# ring has two solutions, printed below; a square frame (the whole border filled) has only one.

# %% tags=["active-ipynb"]
# my_picture = '''
# 01110
# 10001
# 10001
# 10001
# 01110
# '''
# my_verdict = analyse(*pic2gram(my_picture))
# print(my_verdict.describe())
# for solution in my_verdict.solutions:
#     print(show_grid(solution), end='\n\n')

# %% [markdown]
# ## Random pictures
#
# Random pictures make endless test puzzles. At a density of one half, the puzzle of a 30x30
# picture is rarely line-solvable and rarely unique: its many short blocks can be shuffled in
# more than one way. The generator takes a seed, so every run makes the same pictures.

# %%
def random_picture(height, width, density=0.5, seed=None):
    """A random picture (a list of rows of 0/1): each cell filled with probability `density`."""
    rng = random.Random(seed)
    return [[int(rng.random() < density) for _ in range(width)] for _ in range(height)]

# %% tags=["active-ipynb"]
# counts = {}
# for seed in range(10):
#     verdict = analyse(*pic2gram(random_picture(30, 30, 0.5, seed)))
#     counts[verdict.status, verdict.method] = counts.get((verdict.status, verdict.method), 0) + 1
# print('ten random 30x30 pictures at density 0.5:', counts)

# %% [markdown]
# ## Budgets
#
# Search can take a very long time on a hard puzzle, and a program serving a user must not hang.
# `max_nodes` bounds the number of search nodes and `time_limit` the seconds; when either runs out
# the search raises `SearchLimit` (a `RuntimeError`), whose message says how far it got and whose
# attributes keep the solutions found so far. Here *Forever* gets ten nodes; the search stops as
# it enters the eleventh:

# %% tags=["active-ipynb"]
# import re
#
# try:
#     analyse(forever_rows, forever_cols, max_nodes=10)
# except SearchLimit as error:
#     print('nodes:', error.nodes, '| solutions found so far:', error.solutions)
#     message = re.sub(r'[0-9.]+ s,', '... s,', str(error))  # the time varies from run to run
#     print('message:', message)

# %% [markdown]
# ## The recursive all-solutions seed, compared
#
# Another seed of this project is a literate Python 2 program that finds *all* solutions by
# depth-first search over whole lines. Its ideas, in brief:
#
# - it lists every layout of a line (as strings of `0`s and `1`s) and guesses a whole line at a
#   time, checking each against the crossing lines already placed;
# - it takes the lines in order of fewest layouts, as Norvig's Sudoku solver takes the square
#   with fewest possibilities, and *interleaves* rows and columns, so that each guess is checked
#   against crossing lines as early as possible;
# - when none of a line's layouts fits, it blames the line placed just before it (the
#   "parent"): the child reports which crossing cell it could not live with, and the parent skips
#   all its layouts that have that cell the same way, giving up when both values are banned.
#
# Our solver differs in each point. It guesses single cells, not lines, after deducing everything
# line logic and probing can; so its guesses are far fewer, and a contradiction is found by
# propagation, which is a stronger version of the seed's parent-child check (a line with no
# layout left anywhere, not just in the next line in the order). Our choice of guess is dynamic
# (where contradictions happened) rather than fixed in advance by layout counts.
#
# The decisive difference is memory. The seed's first version built every layout of every line
# before starting, which is why it used gigabytes on a 100x100 puzzle after two rows. Its final
# version generates layouts lazily but still walks through them one by one. Chapter 1 showed how
# fast the number of layouts grows; here it is for the lines of a random 100x100 picture:

# %% tags=["active-ipynb"]
# big_rows, big_cols = pic2gram(random_picture(100, 100, 0.5, seed=1))
# layouts = [nonovector.count_arrangements(clue, 100) for clue in big_rows + big_cols]
# print(f'layouts per line of a random 100x100 picture: median {sorted(layouts)[100]:,},',
#       f'most {max(layouts):,}')
# print(f'storing the layouts of the first two rows as 100-character strings: '
#       f'{(layouts[0] + layouts[1]) * 100 / 1e9:,.0f} GB')

# %% [markdown]
# A random picture, full of short blocks, is the extreme case; real puzzles have longer blocks and
# far fewer layouts (the seed's puzzle filled gigabytes, not the petabytes above). But it is the
# count of layouts that decides the memory, and the count explodes. The dynamic-programming line
# solver never lists layouts; it needs two tables of `(blocks + 1) x (cells + 1)` booleans per
# line solve, a few kilobytes, however many layouts there are. Our whole search state is one
# grid, a trail, what the probes of each open guess decided, and a memo of at most `MEMO_BYTES`.
#
# The seed's own test is a 7x7 ring, for which its program prints every solution it finds. Ours
# lists them too (there is only one), and says what it took:

# %% tags=["active-ipynb"]
# ring = [[3], [2, 2], [2, 2], [1, 1], [2, 2], [2, 2], [3]]
# ring_solutions = list(solutions(ring, ring))
# print(f'the seed\'s ring: {len(ring_solutions)} solution; {analyse(ring, ring).describe()}')
# print(show_grid(ring_solutions[0]))

# %% [markdown]
# ## What we have, and what comes next
#
# - `pic2gram` makes puzzles from pictures; `parray`, `parrayclues`, `pforces` and `show_grid`
#   print grids, `draw_grid` and `draw_steps` draw them.
# - `check_puzzle` rejects malformed puzzles with a `PuzzleError` naming the line at fault.
# - `sweep_history` is the seed's loop; `propagate` reaches the same fixpoint with a queue of
#   dirty lines and fewer line solves.
# - `Prober` decides what line logic cannot by trying cells both ways; `Searcher` guesses where
#   contradictions cluster, and `solutions`, `solve` and `analyse` give every solution, the
#   first, or a verdict, within optional budgets (`SearchLimit`).
#
# Chapter 3 puts the solver to work on GCHQ's Christmas puzzle, which comes with given cells;
# chapter 4 reads puzzle files and makes puzzles worth printing; chapter 5 is about speed, and
# explains the fast line solver that the engine has been using all along.
