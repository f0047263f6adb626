# %% [markdown]
# # Chapter 3. The GCHQ Christmas puzzle
#
# In December 2015 the Director of GCHQ, Britain's signals-intelligence agency, put a puzzle in
# his Christmas card: a 25x25 grid with numbers beside every row and above every column, and 22
# cells already shaded black. It is a nonogram, and it was the first stage of a chain of puzzles:
# shade the right cells and a picture appears, and the picture leads on to the next stage.
#
# This chapter solves it twice. First by the method of a short notebook written at the time,
# "yangs" (Yet Another NonoGram Solver), which lists every possible pattern of every line and
# whittles the lists down, exactly as a patient person would with a pencil. Then with chapter 2's
# `nonogram2d`, which solves each line straight from its clue and never lists anything. We compare
# the work they do, draw the picture and the steps that lead to it, and ask a question the card
# raises: why print 22 black cells at all? Without them the clues have exactly four solutions, and
# two of the 22 are enough to choose the right one. At the end we read the picture the way it was
# meant to be read.
#
# This notebook is also the module `gchq`: `import gchq` gives any program the puzzle as data
# (`gchq.ROWS`, `gchq.COLS`, `gchq.GIVENS`) and the functions below.

# %%
"""The GCHQ Director's 2015 Christmas puzzle: data, a pattern-set solver, and its QR code.

Chapter 3 of the nonogram tutorial (notebooks/gchq.ipynb is the readable version).
Data: ROWS, COLS (clues), GIVENS (the 22 printed black cells, 0-based (row, col)), SOLUTION_TEXT.
Functions: grid_with_givens, line_patterns, eliminate, deduce, solve_by_patterns,
differing_cells, smallest_sufficient_givens, qr_pixels, decode_qr.
Puzzle (c) Crown copyright (GCHQ); clue data as transcribed in github.com/rshest/gchq-christmas-puzzle.
"""

from dataclasses import dataclass, field
from itertools import combinations, combinations_with_replacement

import nonocheck
import nonogram2d
import nonoline
import nonoprobe
import nonovector

# %% [markdown]
# ## The puzzle as data
#
# The clues are copied from the file `gchq.dzn` of Ruslan Shestopalyuk's repository
# [rshest/gchq-christmas-puzzle](https://github.com/rshest/gchq-christmas-puzzle) (commit
# `0875b36`), one of many solver write-ups that reproduced the card; the puzzle itself is
# © Crown copyright (GCHQ). That file numbers the given cells from 1 as (column, row); here they
# are 0-based `(row, col)` pairs like every other index in this project. (The same clues ship
# with the `pynogram` solver with rows and columns swapped; this orientation is the card's, whose
# top row reads `7 3 1 1 7`.)
#
# The data lives in the module itself rather than in a file, so `import gchq` is all a program
# needs.

# %%
ROWS = [
    [7, 3, 1, 1, 7],
    [1, 1, 2, 2, 1, 1],
    [1, 3, 1, 3, 1, 1, 3, 1],
    [1, 3, 1, 1, 6, 1, 3, 1],
    [1, 3, 1, 5, 2, 1, 3, 1],
    [1, 1, 2, 1, 1],
    [7, 1, 1, 1, 1, 1, 7],
    [3, 3],
    [1, 2, 3, 1, 1, 3, 1, 1, 2],
    [1, 1, 3, 2, 1, 1],
    [4, 1, 4, 2, 1, 2],
    [1, 1, 1, 1, 1, 4, 1, 3],
    [2, 1, 1, 1, 2, 5],
    [3, 2, 2, 6, 3, 1],
    [1, 9, 1, 1, 2, 1],
    [2, 1, 2, 2, 3, 1],
    [3, 1, 1, 1, 1, 5, 1],
    [1, 2, 2, 5],
    [7, 1, 2, 1, 1, 1, 3],
    [1, 1, 2, 1, 2, 2, 1],
    [1, 3, 1, 4, 5, 1],
    [1, 3, 1, 3, 10, 2],
    [1, 3, 1, 1, 6, 6],
    [1, 1, 2, 1, 1, 2],
    [7, 2, 1, 2, 5],
]

COLS = [
    [7, 2, 1, 1, 7],
    [1, 1, 2, 2, 1, 1],
    [1, 3, 1, 3, 1, 3, 1, 3, 1],
    [1, 3, 1, 1, 5, 1, 3, 1],
    [1, 3, 1, 1, 4, 1, 3, 1],
    [1, 1, 1, 2, 1, 1],
    [7, 1, 1, 1, 1, 1, 7],
    [1, 1, 3],
    [2, 1, 2, 1, 8, 2, 1],
    [2, 2, 1, 2, 1, 1, 1, 2],
    [1, 7, 3, 2, 1],
    [1, 2, 3, 1, 1, 1, 1, 1],
    [4, 1, 1, 2, 6],
    [3, 3, 1, 1, 1, 3, 1],
    [1, 2, 5, 2, 2],
    [2, 2, 1, 1, 1, 1, 1, 2, 1],
    [1, 3, 3, 2, 1, 8, 1],
    [6, 2, 1],
    [7, 1, 4, 1, 1, 3],
    [1, 1, 1, 1, 4],
    [1, 3, 1, 3, 7, 1],
    [1, 3, 1, 1, 1, 2, 1, 1, 4],
    [1, 3, 1, 4, 3, 3],
    [1, 1, 2, 2, 2, 6, 1],
    [7, 1, 3, 2, 1, 1],
]

GIVENS = [
    (3, 3), (3, 4), (3, 12), (3, 13), (3, 21),
    (8, 6), (8, 7), (8, 10), (8, 14), (8, 15), (8, 18),
    (16, 6), (16, 11), (16, 16), (16, 20),
    (21, 3), (21, 4), (21, 9), (21, 10), (21, 15), (21, 20), (21, 21),
]


# %% [markdown]
# Typing 50 clues by hand invites mistakes, so check what can be checked without solving: every
# clue fits in 25 cells, and the rows shade as many cells in total as the columns do (both count
# every black cell of the picture once).

# %% tags=["active-ipynb"]
# row_total = sum(sum(clue) for clue in ROWS)
# col_total = sum(sum(clue) for clue in COLS)
# longest = max(nonovector.min_length(clue) for clue in ROWS + COLS)
# print(f'{len(ROWS)} rows, {len(COLS)} columns, {len(GIVENS)} givens')
# print(f'black cells: {row_total} by the rows, {col_total} by the columns')
# print(f'the tightest clue needs {longest} of the 25 cells')

# %% [markdown]
# A solver takes the givens as a partly known grid: black (`1`) at each given cell, unknown
# (`None`) everywhere else. `grid_with_givens` builds it, and rejects a given that is not a cell
# of the grid, naming it, rather than letting a bad index wrap around (Python would happily read
# `grid[-1]`).

# %%
def grid_with_givens(givens=GIVENS, height=len(ROWS), width=len(COLS)):
    """A height x width grid of None with 1 at each (row, col) in `givens`: a solver's start.

    Raises nonocheck.PuzzleError (a ValueError) naming a given that lies outside the grid.
    """
    grid = [[None] * width for _ in range(height)]
    for number, cell in enumerate(givens):
        try:
            row, col = cell
        except (TypeError, ValueError):
            raise nonocheck.PuzzleError(f'given {number} is {cell!r}, not a (row, col) pair') from None
        if not (isinstance(row, int) and isinstance(col, int)
                and 0 <= row < height and 0 <= col < width):
            raise nonocheck.PuzzleError(f'given {number} is {cell!r}, outside the '
                                         f'{height}x{width} grid')
        grid[row][col] = 1
    return grid


# %% [markdown]
# Here is the card as the solver starts it: the 50 clues, the 22 printed black cells (marked with
# orange dots), and 603 unknown grey cells.

# %% tags=["active-ipynb"]
# import matplotlib.pyplot as plt
# import nonodraw
#
# start = grid_with_givens()
# nonodraw.draw_grid(start, ROWS, COLS, givens=GIVENS, numbers=True,
#                      title='The GCHQ 2015 Christmas card: clues and the 22 printed cells')
# plt.show()

# %% [markdown]
# ## The pattern-set method
#
# yangs solves the puzzle the way its author would by hand:
#
# 1. write down every **pattern** of every row and column: every way of laying out its blocks;
# 2. cross out the patterns that disagree with the cells already known;
# 3. a cell on which all the remaining patterns of its line agree is now known;
# 4. do steps 2 and 3 for all rows, then for all columns, and repeat until nothing changes.
#
# This is chapter 1's enumerating line solver, with one twist that makes it much cheaper than it
# sounds: the lists are made once and only ever shrink. A pattern crossed out in the first pass is
# never looked at again.
#
# ### Every pattern of a line
#
# A line of `cells` cells with `k` blocks needs `min_length` cells for the blocks and the single
# gaps between them. The remaining `free` empty cells can go into any of the `k + 1` gaps (before
# the first block, between two blocks, after the last). Choosing, for each of the `free` spare
# cells, which gap it goes into, without caring about the order of the choices, is choosing a
# *multiset* of gap numbers: exactly what `itertools.combinations_with_replacement(range(k + 1),
# free)` lists. A gap chosen three times gets three extra empty cells.

# %%
def line_patterns(blocks, cells):
    """Every pattern of `blocks` in `cells` cells, as tuples of 0/1 (a list of them).

    Each pattern puts the `free` spare empty cells into the k + 1 gaps around the blocks; the
    multisets of gap numbers from combinations_with_replacement are exactly those choices.
    """
    blocks = nonovector.normalize_clue(blocks, cells)
    gaps = len(blocks) + 1
    free = cells - nonovector.min_length(blocks)
    patterns = []
    for chosen in combinations_with_replacement(range(gaps), free):
        extra = [0] * gaps
        for gap in chosen:
            extra[gap] += 1
        pattern = []
        for i, block in enumerate(blocks):
            between = 1 if i > 0 else 0  # the one empty cell every pair of blocks needs
            pattern += [0] * (between + extra[i]) + [1] * block
        pattern += [0] * extra[-1]  # after the last block (the whole line if there are none)
        patterns.append(tuple(pattern))
    return patterns


# %% tags=["active-ipynb"]
# for pattern in line_patterns([2, 1], 6):
#     print(nonovector.show_line(pattern))

# %% [markdown]
# The order is the order in which `combinations_with_replacement` lists the multisets: spare cells
# go to the first gap first, so the blocks start at the right and creep left. The number of
# multisets of size `free` from `k + 1` kinds is the stars-and-bars count of chapter 1, so
# `line_patterns` must produce exactly `count_arrangements` patterns, and they must be the layouts
# `nonoblocks` lists. Both hold on every clue of every line of up to 10 cells:

# %% tags=["active-ipynb"]
# def every_clue(cells):
#     """Every clue of a line of `cells` cells, found from all 2 ** cells pictures of the line."""
#     clues = set()
#     for n in range(2 ** cells):
#         picture = format(n, f'0{cells}b')  # n in binary, e.g. '0110' for n = 6, cells = 4
#         clues.add(tuple(nonovector.line2blocks(picture)))
#     return sorted(clues)
#
# checked = 0
# for cells in range(11):
#     for blocks in every_clue(cells):
#         patterns = line_patterns(blocks, cells)
#         layouts = {nonovector.vexpand(layout, cells) for layout in nonovector.nonoblocks(blocks, cells)}
#         assert len(patterns) == len(set(patterns)) == nonovector.count_layouts(blocks, cells)
#         assert {nonovector.show_line(p) for p in patterns} == layouts
#         checked += 1
# print(f'line_patterns = nonoblocks = count_arrangements on all {checked} clues up to 10 cells')

# %% [markdown]
# ### Crossing out and reading off
#
# Two small functions do steps 2 and 3. `eliminate` keeps the patterns that agree with every known
# cell of a line; it looks only at the known cells, so a line that knows little is cheap to check.
# `deduce` reads off the cells all the remaining patterns agree on; with no pattern left, the known
# cells contradict the clue.

# %%
def eliminate(patterns, line):
    """The patterns that agree with every known (non-None) cell of `line`."""
    known = [(i, cell) for i, cell in enumerate(line) if cell is not None]
    return [pattern for pattern in patterns
            if all(pattern[i] == cell for i, cell in known)]


def deduce(patterns, cells):
    """The line of `cells` cells that `patterns` all agree on (None where they differ).

    Raises nonovector.Contradiction if there are no patterns.
    """
    if not patterns:
        raise nonovector.Contradiction('no pattern of the line fits its known cells')
    line = list(patterns[0])
    for pattern in patterns[1:]:
        for i in range(cells):
            if line[i] is not None and pattern[i] != line[i]:
                line[i] = None
    return line


# %% [markdown]
# The top row of the card, `7 3 1 1 7`, has 21 patterns. Knowing only that its first and last
# cells are black leaves 10 of them. They agree on the two 7-blocks (which must now touch the
# edges) and the white cells next to them, and in the middle on a single cell:

# %% tags=["active-ipynb"]
# top = line_patterns(ROWS[0], 25)
# known = [1] + [None] * 23 + [1]
# left = eliminate(top, known)
# print(f'{len(top)} patterns, of which {len(left)} fit the known cells')
# print('known cells    ', nonovector.show_line(known))
# print('they agree on  ', nonovector.show_line(deduce(left, 25)))
# print('solve_line says', nonovector.show_line(nonoline.solve_line(ROWS[0], known)))

# %% [markdown]
# `solve_line`, chapter 1's dynamic-programming solver, finds the same cells, as it must: the
# patterns that survive `eliminate` are exactly the layouts that fit the line, and `deduce` asks of
# them exactly the question `solve_line` answers without listing them.
#
# ### Solving the grid
#
# `solve_by_patterns` makes every line's pattern list, then sweeps: all rows (eliminate, deduce,
# write the line back into the grid), then all columns, and again, until a whole pass decides no
# new cell. It records what the comparison with `nonogram2d` needs: the grid after every sweep,
# the unknown cells after every pass, how many patterns it listed (`generated`), and how many
# pattern checks it made (`examined`: one each time `eliminate` checks a pattern against a line).
# The result is a small dataclass.

# %%
@dataclass
class PatternRun:
    """What solve_by_patterns did: the grid it reached and the work it took to get there."""
    grid: list                 # the grid at the fixpoint (1/0/None)
    generated: int             # patterns listed for all the lines at the start
    examined: int              # pattern checks made by eliminate, over all sweeps
    passes: int                # full passes (rows then columns) made
    unknowns: list = field(default_factory=list)   # unknown cells at the start and after each pass
    remaining: list = field(default_factory=list)  # patterns left (all lines) after each pass
    sweeps: list = field(default_factory=list)     # (label, grid copy) after each row or column sweep


def solve_by_patterns(rows, cols, grid=None):
    """Solve by the yangs method: list every line's patterns, then sweep rows and columns,
    eliminating patterns and deducing cells, until a pass decides nothing new or no cell is
    left unknown (and then check the rows once more).

    Returns a PatternRun; raises nonovector.Contradiction if some line has no pattern left.
    """
    height, width = len(rows), len(cols)
    row_patterns = [patterns_of('row', r, clue, width) for r, clue in enumerate(rows)]
    col_patterns = [patterns_of('column', c, clue, height) for c, clue in enumerate(cols)]
    if grid is None:
        grid = [[None] * width for _ in range(height)]
    elif len(grid) != height or any(len(row) != width for row in grid):
        raise nonocheck.PuzzleError(f'the grid is not {height}x{width}, the size of the clues')
    else:
        grid = [nonovector.check_line(row) for row in grid]
    run = PatternRun(grid, generated=sum(map(len, row_patterns + col_patterns)), examined=0, passes=0)
    run.unknowns.append(count_unknowns(grid))
    run.sweeps.append(('start', [row[:] for row in grid]))
    while run.unknowns[-1] > 0 or run.passes == 0:  # (a full grid given is checked once)
        run.passes += 1
        for r in range(height):
            run.examined += len(row_patterns[r])
            row_patterns[r] = eliminate(row_patterns[r], grid[r])
            grid[r] = deduce(row_patterns[r], width)
        run.sweeps.append((f'pass {run.passes}: rows', [row[:] for row in grid]))
        for c in range(width):
            column = [grid[r][c] for r in range(height)]
            run.examined += len(col_patterns[c])
            col_patterns[c] = eliminate(col_patterns[c], column)
            for r, cell in enumerate(deduce(col_patterns[c], height)):
                grid[r][c] = cell
        run.sweeps.append((f'pass {run.passes}: columns', [row[:] for row in grid]))
        run.unknowns.append(count_unknowns(grid))
        run.remaining.append(sum(map(len, row_patterns + col_patterns)))
        if run.unknowns[-1] == run.unknowns[-2]:
            break  # a whole pass learned nothing: line logic is stuck
    for r in range(height):  # the last column sweep may have finished rows: do they still fit?
        run.examined += len(row_patterns[r])
        deduce(eliminate(row_patterns[r], grid[r]), width)  # (Contradiction if none is left)
    return run


def patterns_of(kind, number, clue, cells):
    """line_patterns for one line, with a malformed clue reported by line ('row 3: ...')."""
    try:
        return line_patterns(clue, cells)
    except nonovector.ClueError as error:
        raise nonocheck.PuzzleError(f'{kind} {number}: {error}') from None


def count_unknowns(grid):
    """How many cells of the grid are still None."""
    return sum(row.count(None) for row in grid)


# %% [markdown]
# Run it on the card, givens included:

# %% tags=["active-ipynb"]
# run = solve_by_patterns(ROWS, COLS, grid_with_givens())
# print(f'{run.generated:,} patterns listed, then {run.passes} passes')
# print('pass  patterns checked  patterns left  unknown cells')
# print(f'start {"":16}  {run.generated:13,}  {run.unknowns[0]:13}')
# left = run.generated
# for p in range(run.passes):
#     print(f'{p + 1:4}  {left:16,}  {run.remaining[p]:13,}  {run.unknowns[p + 1]:13}')
#     left = run.remaining[p]
# print(f'total {run.examined:16,}')

# %% [markdown]
# Four passes and the grid is full: the puzzle needs no guessing, only line logic. A pass checks
# the patterns that the previous pass left, so the first pass is the expensive one: it checks all
# 167,190. After it the lists collapse (431 patterns are left after pass 2), and the later passes
# cost almost nothing. That is the twist paying off: a person who re-listed each line's patterns
# on every pass would redo the big first job four times. (52 patterns are left at the end, not one
# for each of the 50 lines: rows 1 and 23 still had two patterns each when the last column sweep
# decided their last cells, and with the grid full there is no further pass to cross them out.)
#
# Here is the grid it reached, pinned as text so that everything below (and the tests) can check
# against it; the next cell confirms that it is what the pattern method found, and that it fits
# every clue and every given:

# %%
SOLUTION_TEXT = """\
#######.###...#.#.#######
#.....#.##.##.....#.....#
#.###.#.....###.#.#.###.#
#.###.#.#..######.#.###.#
#.###.#..#####.##.#.###.#
#.....#..##.......#.....#
#######.#.#.#.#.#.#######
........###...###........
#.##.###..#.#.###.#..#.##
#.#......###.##....#...#.
.####.#.####.##.#....##..
.#.#...#...#.#.####.#.###
..##..#.#.#......##.#####
...###.##.##.######.###.#
#.#########.#.#..##....#.
.##.#..##...##.###.....#.
###.#.#.#..#....#####.#..
........#...##.##...#####
#######.#..##...#.#.#.###
#.....#.##..#..##...##.#.
#.###.#...####..#####..#.
#.###.#.###.##########.##
#.###.#.#..######.######.
#.....#..##......#.#.##..
#######.##...#.##...#####"""

SOLUTION = [[int(ch == '#') for ch in line] for line in SOLUTION_TEXT.splitlines()]


# %% tags=["active-ipynb"]
# assert run.grid == SOLUTION
# assert all(SOLUTION[r][c] == 1 for r, c in GIVENS)
# assert [nonovector.line2blocks(row) for row in SOLUTION] == ROWS
# assert [nonovector.line2blocks(col) for col in zip(*SOLUTION)] == COLS
# 'pass'

# %% [markdown]
# ### How many patterns, and why that is fine here but not at 103x103
#
# The pattern lists are the whole cost of the method, so look at them. Their sizes vary wildly:
# a line whose blocks fill it (row 6, `7 1 1 1 1 1 7`, exactly 25 cells) has one pattern, while
# column 5, `1 1 1 2 1 1`, has only seven black cells and the most patterns of all:

# %% tags=["active-ipynb"]
# row_counts = [nonovector.count_layouts(clue, 25) for clue in ROWS]
# col_counts = [nonovector.count_layouts(clue, 25) for clue in COLS]
# assert row_counts == [len(line_patterns(clue, 25)) for clue in ROWS]
# assert col_counts == [len(line_patterns(clue, 25)) for clue in COLS]
# print(f'row 6: {row_counts[6]:,} pattern; column 5: {col_counts[5]:,} patterns, the most:',
#       col_counts[5] == max(row_counts + col_counts))
# print(f'all lines: {sum(row_counts + col_counts):,} patterns,',
#       f'{25 * sum(row_counts + col_counts):,} cells')
#
# fig, axes = plt.subplots(1, 2, figsize=(10, 3.6), sharey=True)
# for ax, counts, name in zip(axes, (row_counts, col_counts), ('row', 'column')):
#     ax.bar(range(25), counts, color='tab:blue')
#     ax.set_yscale('log')
#     ax.set_xlabel(f'{name} number')
#     ax.set_title(f'Patterns per {name}: {sum(counts):,} in all')
#     ax.set_xticks(range(0, 25, 2))
#     ax.grid(True, axis='y', alpha=0.3)
# axes[0].set_ylabel('patterns (log scale)')
# fig.suptitle('Every pattern of every line of the GCHQ puzzle')
# fig.tight_layout()
# plt.show()

# %% [markdown]
# All the lists together take about four million cells, a few tens of megabytes as Python
# tuples. Affordable. But chapter 1 showed how the count
# explodes with the length of the line. Make a bigger puzzle out of this very card by tiling it:
# `times` copies across and `times` down, with a blank line between neighbouring copies (some
# rows of the card are full from edge to edge, so copies cannot touch). Four by four gives a
# 103x103 puzzle of the same density as the card, just bigger.

# %% tags=["active-ipynb"]
# def tiled_counts(clues, times):
#     """Pattern counts of the lines of the card tiled `times` x `times`, blank lines between copies.
#
#     A line through the copies repeats its clue `times` times, and there are `times` such lines
#     for each line of the card (one per band of copies); the blank lines have one pattern each.
#     """
#     cells = 26 * times - 1
#     counts = []
#     for clue in clues:
#         one_line = nonovector.count_layouts(clue * times, cells)
#         counts += [one_line] * times
#     return counts + [1] * (times - 1)
#
# for times in (1, 2, 4):
#     size = 26 * times - 1
#     counts = tiled_counts(ROWS, times) + tiled_counts(COLS, times)
#     print(f'{size:3}x{size:<3}: largest line {max(counts):9.2e} patterns,'
#           f' all lines {sum(counts):9.2e}')

# %% [markdown]
# At 103x103 a single line has more patterns than a computer has bytes of memory, by many
# orders of magnitude. Listing patterns is a fine way to solve a 25x25 card and no way at all to
# solve a big puzzle; chapter 1's `solve_line` answers the same question from two small tables,
# and `nonogram2d` is built on it.
#
# ## The same puzzle with `nonogram2d`
#
# Chapter 2's `solve` takes the clues and the partly known grid:

# %% tags=["active-ipynb"]
# solution = nonoprobe.solve(ROWS, COLS, grid_with_givens())
# assert solution == SOLUTION
# verdict = nonoprobe.analyse(ROWS, COLS, grid_with_givens())
# print(verdict.describe())

# %% [markdown]
# Both reach the same grid, and they must: whatever order the lines are solved in, complete line
# logic stops at the same place (the most it can deduce), and both the pattern lists and
# `solve_line` are complete line solvers. The two reach the same fixpoint with the givens, and
# again without them:

# %% tags=["active-ipynb"]
# assert nonogram2d.propagate(ROWS, COLS, grid_with_givens()) == run.grid
# assert nonogram2d.propagate(ROWS, COLS) == solve_by_patterns(ROWS, COLS).grid
# 'pass'

# %% [markdown]
# ### Comparing the work
#
# Both methods do line logic, so count the lines each one looks at and what it does with a line.
# The pattern method visits every line on every pass, and at each visit checks all the patterns
# the line still has. `nonogram2d` keeps a queue and solves a line again only when a cell on it
# has just been decided; and it never lists a pattern: a line solve asks its question of all the
# layouts at once, from the clue and the line's 25 cells, with chapter 1's `solve_line`.

# %% tags=["active-ipynb"]
# visits = run.passes * (len(ROWS) + len(COLS))
# print(f'pattern method: {visits} line visits ({run.passes} passes x 50 lines),'
#       f' {run.generated:,} patterns listed, {run.examined:,} patterns checked')
# print(f'                that is {run.examined / visits:,.0f} pattern checks per line visit')
# print(f'nonogram2d:     {verdict.line_solves} line solves, no patterns listed')

# %% [markdown]
# The queue saves a little (143 line solves against 200 visits). The big difference is inside a
# line. The pattern method lists 167,190 patterns, over four million cells, before it deduces
# anything, and then checks over a thousand patterns per line visit on average (most of them in
# the first pass, when the lists are longest); a line solve looks at the line
# once, and its cost depends on the line's length and number of blocks, not on how many layouts
# the line has. That is why it keeps working at 103x103, where listing is hopeless.
#
# And the clock, on this machine. This cell's output varies from run to run, so the tests do not
# compare it:

# %% tags=["active-ipynb", "nbval-ignore-output"]
# from timeit import timeit
#
# def milliseconds(solve, repeat=3):
#     """Average time of solve() in milliseconds."""
#     return timeit(solve, number=repeat) / repeat * 1000
#
# pattern_ms = milliseconds(lambda: solve_by_patterns(ROWS, COLS, grid_with_givens()))
# dp_ms = milliseconds(lambda: nonoprobe.solve(ROWS, COLS, grid_with_givens()))
# print(f'pattern method  {pattern_ms:7.1f} ms')
# print(f'nonogram2d      {dp_ms:7.1f} ms  ({pattern_ms / dp_ms:.0f} times faster)')

# %% [markdown]
# ## The picture
#
# Here is the solution, drawn as on paper, with the 22 printed cells marked. Three big squares
# in three corners, a dotted line of alternate cells between them: if that looks familiar, hold
# the thought until the end of the chapter.

# %% tags=["active-ipynb"]
# nonodraw.draw_grid(SOLUTION, ROWS, COLS, givens=GIVENS, numbers=True,
#                      title='GCHQ 2015: the solution (printed cells marked)')
# plt.show()

# %% [markdown]
# And how line logic gets there. Each drawing is the grid after one sweep of the pattern method
# (all rows, or all columns). Grey cells are still unknown; the cells that sweep decided are
# red if black and pale red if white. Chapter 2's `draw_steps` draws the row of pictures and
# `changed_cells` finds what each sweep decided.

# %% tags=["active-ipynb"]
# grids, titles, decided = [], [], []
# for (_, before), (label, after) in zip(run.sweeps, run.sweeps[1:]):
#     new = nonodraw.changed_cells(before, after)
#     grids.append(after)
#     decided.append(new)
#     titles.append(f'{label}\n{len(new)} new, {count_unknowns(after)} unknown')
# fig = nonodraw.draw_steps(grids, titles=titles, changed=decided)
# fig.suptitle('Line logic on the GCHQ puzzle, one sweep at a time (new cells in red)')
# plt.show()

# %% [markdown]
# The first sweep of rows decides the cells a row's blocks cover wherever they are placed, plus
# what the givens pin down (the titles count them). That gives the columns something to work with, and by
# the second pass the three corner squares stand out. Chapter 2's own rows-then-columns loop,
# `nonogram2d.sweep_history`, passes through exactly the same grid after each full pass:

# %% tags=["active-ipynb"]
# history = nonogram2d.sweep_history(ROWS, COLS, grid_with_givens())
# assert history == [grid for label, grid in run.sweeps if label == 'start' or 'columns' in label]
# f'{len(history) - 1} passes, the same grids'

# %% [markdown]
# ## Why print the givens?
#
# Take the 22 black cells away and run the pattern method again. Line logic still decides all
# but a dozen cells, though the first passes decide less without the givens' help:

# %% tags=["active-ipynb"]
# bare = solve_by_patterns(ROWS, COLS)
# print('unknown cells after each pass')
# print('  with the givens:   ', run.unknowns)
# print('  without the givens:', bare.unknowns, '(the last pass decided nothing)')
# print()
# print(nonogram2d.show_grid(bare.grid))

# %% [markdown]
# The unknown cells form two small patches, and each can be shaded two ways. Search settles it:
# `nonoprobe.solutions` lists every solution of the bare clues. (Sorting them numbers them the
# same way whatever order the search finds them in.)

# %% tags=["active-ipynb"]
# bare_solutions = sorted(nonoprobe.solutions(ROWS, COLS))
# print(len(bare_solutions), 'solutions without the givens')
# print('the card\'s solution is number', bare_solutions.index(SOLUTION) + 1)

# %% [markdown]
# Four: the two patches flip independently, 2 x 2. `differing_cells` finds the cells on which the
# solutions do not all agree, and the picture shows each solution with those cells in red (black)
# or pale red (white).

# %%
def differing_cells(grids):
    """The (row, col) cells on which the grids do not all agree, in reading order."""
    first = grids[0]
    return [(r, c) for r in range(len(first)) for c in range(len(first[0]))
            if any(grid[r][c] != first[r][c] for grid in grids)]


# %% tags=["active-ipynb"]
# differ = differing_cells(bare_solutions)
# print(len(differ), 'cells differ:', differ)
# titles = []
# for number, grid in enumerate(bare_solutions, start=1):
#     titles.append(f'solution {number}' + (' (the card)' if grid == SOLUTION else ''))
# fig = nonodraw.draw_steps(bare_solutions, titles=titles, changed=[differ] * 4, size=4.6,
#                            columns=2, numbers=True, labels={1: 'black here, where solutions differ',
#                                                  0: 'white here, where solutions differ'})
# fig.suptitle('The four solutions of the clues alone; the cells in red differ between them')
# plt.show()

# %% [markdown]
# ### Which givens are needed?
#
# GCHQ printed 22 black cells, but how many does uniqueness need? Trying subsets with the solver
# would be hopeless: there are 2 ** 22, about four million of them. We need none of those solver
# runs, thanks to one observation: **a given can only remove solutions, never add one.** The
# solutions of the clues plus some givens are exactly those of the four bare solutions that are
# black at every given. So a set of givens keeps the answer unique exactly when, for each of the
# three wrong solutions, it contains a cell that is white in that solution.
#
# That is a tiny *set cover* problem: each given "covers" the wrong solutions it rules out.
# Trying subsets in order of size and stopping at the first size that works means checking the
# empty set, the 22 single givens and the pairs of givens (22 x 21 / 2 of them) against three
# grids if two givens suffice: a few hundred checks, no work at all for a computer.

# %%
def rules_out(givens, grid):
    """True if some given cell is white in `grid` (so `grid` cannot be the solution)."""
    return any(grid[r][c] == 0 for r, c in givens)


def smallest_sufficient_givens(givens, solutions, answer):
    """The smallest subsets of `givens` that leave `answer` the only one of `solutions`.

    `solutions` are all the solutions of the clues without givens; a subset works when it rules
    out every other one. Tries subsets by increasing size and returns all those of the first size
    that works, as a list of tuples (in the order of `givens`); an empty list if even all the
    givens together leave another solution (checked first, before any subset is tried).
    """
    wrong = [grid for grid in solutions if grid != answer]
    if not all(rules_out(givens, grid) for grid in wrong):
        return []
    for size in range(len(givens) + 1):
        found = [subset for subset in combinations(givens, size)
                 if all(rules_out(subset, grid) for grid in wrong)]
        if found:
            return found
    return []


# %% tags=["active-ipynb"]
# for r, c in GIVENS:
#     out = [n for n, grid in enumerate(bare_solutions, start=1) if rules_out([(r, c)], grid)]
#     if out:
#         print(f'given {(r, c)} rules out solution(s) {out}')
# needed = smallest_sufficient_givens(GIVENS, bare_solutions, SOLUTION)
# print('smallest sufficient sets of givens:', needed)

# %% [markdown]
# Only two of the 22 givens touch the cells that differ, one in each patch, and together they are
# the one smallest set that works. Trust, but verify: the solver, given just those two cells,
# finds the card's picture, and only it.

# %% tags=["active-ipynb"]
# two = needed[0]
# check = nonoprobe.analyse(ROWS, COLS, grid_with_givens(two))
# print(f'with only the givens {two}:', check.describe())
# assert check.status == 'unique' and check.solutions[0] == SOLUTION
# print('unknown cells after each pass of the pattern method, with those two alone:',
#       solve_by_patterns(ROWS, COLS, grid_with_givens(two)).unknowns)

# %% [markdown]
# The other twenty change little for line logic: with the two alone it takes the same passes,
# level with the card's from the second pass on (compare the unknown cells printed with the
# givens, further up). They are a kindness of another sort: a person with a pencil starts from
# twenty more black cells to lean on.
#
# ## The reveal
#
# The picture is a QR code: three big squares in three corners, the timing stripes of alternate
# cells between them, and a 25x25 grid of modules, QR version 2. To read it with a program, draw
# it the way a QR reader expects: several pixels per module, and a *quiet zone* of white modules
# around the code (the standard asks for four), black as 0 and white as 255 in a greyscale image.
# `qr_pixels` does that with plain lists.

# %%
def qr_pixels(grid, scale=8, quiet=4):
    """A greyscale image of a 0/1 grid as rows of pixel values: black 0, white 255.

    Each cell becomes a scale x scale square, with a white border `quiet` cells wide.
    """
    width = len(grid[0]) + 2 * quiet
    blank = [255] * (width * scale)
    image = [blank[:] for _ in range(quiet * scale)]
    for row in grid:
        pixels = [255] * (quiet * scale)
        for cell in row:
            pixels += [0 if cell == 1 else 255] * scale
        pixels += [255] * (quiet * scale)
        image += [pixels[:] for _ in range(scale)]
    image += [blank[:] for _ in range(quiet * scale)]
    return image


# %% [markdown]
# Without the clues and the grid lines, the solution looks like what it is:

# %% tags=["active-ipynb"]
# fig, ax = plt.subplots(figsize=(4.2, 4.2))
# ax.imshow(qr_pixels(SOLUTION), cmap='gray', vmin=0, vmax=255)
# ax.set_title('The solution as a QR reader sees it\n(8 pixels per cell, 4-cell quiet zone)')
# ax.set_xlabel('pixels')
# ax.set_ylabel('pixels')
# plt.show()

# %% [markdown]
# A phone's camera would read it at once. In Python, `decode_qr` hands the image to
# [zxing-cpp](https://github.com/zxing-cpp/zxing-cpp), the Python binding of a well-kept C++
# barcode library, which installs from the package index with `pip install zxing-cpp`. It is a
# notebook extra, not something the module needs: the import is inside the function, and if the
# library is missing or finds no code, the function says so instead of failing.

# %%
def decode_qr(grid, scale=8, quiet=4):
    """The text of the QR code drawn by a 0/1 grid, or a sentence saying why it could not be read.

    Needs the optional packages zxing-cpp and Pillow (imported here, not by the module).
    Returns (text, None) on success and (None, reason) otherwise.
    """
    try:
        import zxingcpp
        from PIL import Image
    except ImportError as error:
        return None, f'cannot decode here: {error.name} is not installed (pip install zxing-cpp)'
    pixels = qr_pixels(grid, scale, quiet)
    image = Image.new('L', (len(pixels[0]), len(pixels)))
    image.putdata([value for row in pixels for value in row])
    found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
    if not found:
        return None, 'zxing-cpp found no QR code in the picture'
    return found[0].text, None

# %% [markdown]
# So, after three chapters, what does the Director's card say? (Where zxing-cpp is not installed
# this cell prints why it cannot tell, so the tests do not compare its output;
# `tests/test_gchq.py` checks the text wherever zxing-cpp is installed.)

# %% tags=["active-ipynb", "nbval-ignore-output"]
# text, problem = decode_qr(SOLUTION)
# print('The QR code says:', text if text is not None else problem)

# %% [markdown]
# An address on GCHQ's web site, and that is the whole of the text: it ends in `puzz`, nothing is
# cut off. It was the door to the puzzle's second stage.
#
# One last surprise. Decode all four solutions of the bare clues, the card's and the three wrong
# ones:

# %% tags=["active-ipynb", "nbval-ignore-output"]
# for number, grid in enumerate(bare_solutions, start=1):
#     unlike = len(differing_cells([grid, SOLUTION]))
#     text, problem = decode_qr(grid)
#     print(f'solution {number} ({unlike:2} cells unlike the card):', text if text is not None else problem)

# %% [markdown]
# All four read the same. A QR code carries error-correction codewords besides its data (this one
# at level M, which can repair roughly 15% of the codewords), and the at most 12 cells by which a
# wrong solution differs from the card are few enough to be repaired. (Those that fall in the
# code's format information, beside the top right square, are protected there by that area's own
# error correction and by its second copy.) So a solver who ignored the
# givens and picked the wrong one of the four would still have reached the next stage: the givens
# make the *picture* unique, and the code's error correction would have forgiven the rest.

# %% [markdown]
# ## What we have
#
# - `gchq.ROWS`, `gchq.COLS`, `gchq.GIVENS` and `grid_with_givens` put the card in any program:
#   `nonoprobe.solve(gchq.ROWS, gchq.COLS, gchq.grid_with_givens())`.
# - The yangs pattern-set method (`line_patterns`, `eliminate`, `deduce`, `solve_by_patterns`)
#   solves it by line logic in four passes, from 167,190 listed patterns and 263,774 pattern
#   checks, where `nonogram2d` needs 143 line solves and lists nothing. Listing is fine at 25x25
#   and hopeless at 103x103 (the card tiled four by four), where a single line has more patterns
#   than any computer has bytes.
# - Without the givens the clues have four solutions, two independent two-way patches; two of the
#   22 givens, one in each patch, are all that uniqueness needs (`smallest_sufficient_givens`,
#   found by reasoning about the four solutions instead of re-solving millions of subsets).
# - The picture is a QR code, and `decode_qr` reads it: `www.gchq.gov.uk/puzz` (the whole text),
#   whichever of the four solutions you draw.
#
# Things to try: give `smallest_sufficient_givens` only the givens of one row (say
# `[g for g in GIVENS if g[0] == 21]`) and see whether they can make the answer unique; or flip a
# few cells of `SOLUTION` (0 for 1 and 1 for 0) and see how many `decode_qr` can take before the
# code stops reading.
