# %% [markdown]
# # Lesson 5. The GCHQ Christmas puzzle
#
# In December 2015 the Director of GCHQ, Britain's signals-intelligence agency, put a puzzle in
# his Christmas card: a 25x25 nonogram with 22 cells already printed black. Shade the right
# cells and a picture appears, which leads on to the next stage of a chain of puzzles. It is a
# real puzzle, made for people, and big enough that the way we solve a line starts to matter.
# By the end of this lesson you will be able to
#
# - load a puzzle with *givens* (cells printed on the puzzle) and start a solver from them;
# - solve it by listing every layout of every line once, then crossing layouts out;
# - say why listing is fine at 25x25 and hopeless at 103x103, and compare its work with
#   lesson 4's engine;
# - find every solution of the clues without the givens, and the fewest givens that make the
#   answer unique; and read the picture as it was meant to be read.
#
# This notebook is the module `gchq`: `gchq.ROWS`, `gchq.COLS`, `gchq.GIVENS`, `gchq.SOLUTION`.

# %%
"""The GCHQ Director's 2015 Christmas puzzle: data, a layout-list solver, the givens that matter.

Lesson 5 of the nonogram tutorial (notebooks/gchq.ipynb is the readable version).
Data: ROWS, COLS (clues), GIVENS (the 22 printed black cells, 0-based (row, col)), SOLUTION.
Functions: grid_with_givens, line_layouts, eliminate, deduce, solve_by_layouts, count_unknowns,
differing_cells, smallest_sufficient_givens; qr_pixels and decode_qr come from nonodraw.
Puzzle (c) Crown copyright (GCHQ); clues as transcribed in github.com/rshest/gchq-christmas-puzzle.
"""

from dataclasses import dataclass, field
from itertools import combinations, combinations_with_replacement

import nonocheck
import nonoprobe
from nonodraw import decode_qr, qr_pixels  # noqa: F401 (the reveal's plumbing, in the library)
from nonovector import Clue, Contradiction, Grid, Line, min_length

# %% [markdown]
# ## The puzzle as data
#
# The clues are copied from `gchq.dzn` in Ruslan Shestopalyuk's repository
# [rshest/gchq-christmas-puzzle](https://github.com/rshest/gchq-christmas-puzzle) (commit
# `0875b36`); the puzzle is © Crown copyright (GCHQ). The text has one line per band of five
# rows (or columns), clues separated by `|`; `parse_clues` makes lists of it. Givens are
# 0-based `(row, col)` pairs.

# %%
def parse_clues(text: str) -> list[Clue]:
    """Clues from text: block lengths separated by spaces, clues by '|' or a new line."""
    return [[int(block) for block in clue.split()]
            for line in text.strip().splitlines() for clue in line.split('|')]


ROWS = parse_clues("""
7 3 1 1 7 | 1 1 2 2 1 1 | 1 3 1 3 1 1 3 1 | 1 3 1 1 6 1 3 1 | 1 3 1 5 2 1 3 1
1 1 2 1 1 | 7 1 1 1 1 1 7 | 3 3 | 1 2 3 1 1 3 1 1 2 | 1 1 3 2 1 1
4 1 4 2 1 2 | 1 1 1 1 1 4 1 3 | 2 1 1 1 2 5 | 3 2 2 6 3 1 | 1 9 1 1 2 1
2 1 2 2 3 1 | 3 1 1 1 1 5 1 | 1 2 2 5 | 7 1 2 1 1 1 3 | 1 1 2 1 2 2 1
1 3 1 4 5 1 | 1 3 1 3 10 2 | 1 3 1 1 6 6 | 1 1 2 1 1 2 | 7 2 1 2 5""")

COLS = parse_clues("""
7 2 1 1 7 | 1 1 2 2 1 1 | 1 3 1 3 1 3 1 3 1 | 1 3 1 1 5 1 3 1 | 1 3 1 1 4 1 3 1
1 1 1 2 1 1 | 7 1 1 1 1 1 7 | 1 1 3 | 2 1 2 1 8 2 1 | 2 2 1 2 1 1 1 2
1 7 3 2 1 | 1 2 3 1 1 1 1 1 | 4 1 1 2 6 | 3 3 1 1 1 3 1 | 1 2 5 2 2
2 2 1 1 1 1 1 2 1 | 1 3 3 2 1 8 1 | 6 2 1 | 7 1 4 1 1 3 | 1 1 1 1 4
1 3 1 3 7 1 | 1 3 1 1 1 2 1 1 4 | 1 3 1 4 3 3 | 1 1 2 2 2 6 1 | 7 1 3 2 1 1""")

GIVENS = [(3, 3), (3, 4), (3, 12), (3, 13), (3, 21),
          (8, 6), (8, 7), (8, 10), (8, 14), (8, 15), (8, 18),
          (16, 6), (16, 11), (16, 16), (16, 20),
          (21, 3), (21, 4), (21, 9), (21, 10), (21, 15), (21, 20), (21, 21)]

# %% [markdown]
# Typed data invites typos, so check what needs no solving: every clue fits in 25 cells, and
# the rows shade as many cells as the columns.

# %% tags=["active-ipynb"]
# print(f'{len(ROWS)} rows, {len(COLS)} columns, {len(GIVENS)} givens')
# print('black cells:', sum(map(sum, ROWS)), 'by the rows,', sum(map(sum, COLS)), 'by the columns')
# print('the tightest clue needs', max(min_length(clue) for clue in ROWS + COLS), 'of the 25 cells')

# %% [markdown]
# A solver starts from a partly known grid: black (`1`) at each given, unknown (`None`)
# elsewhere. `grid_with_givens` builds it, and names a given that is not a cell of the grid
# rather than letting Python read `grid[-1]`.

# %%
def grid_with_givens(givens=GIVENS, height=len(ROWS), width=len(COLS)) -> Grid:
    """A height x width grid of None with 1 at each (row, col) in `givens`: a solver's start.
    Raises nonocheck.PuzzleError naming a given that is not a cell of the grid."""
    grid = [[None] * width for _ in range(height)]
    for number, cell in enumerate(givens):
        row, col = cell if isinstance(cell, (tuple, list)) and len(cell) == 2 else (None, None)
        if not (isinstance(row, int) and isinstance(col, int)
                and 0 <= row < height and 0 <= col < width):
            raise nonocheck.PuzzleError(f'given {number} is {cell!r}, not a cell of the '
                                        f'{height}x{width} grid')
        grid[row][col] = 1
    return grid


# %% [markdown]
# Here is the card as a solver starts it, the givens marked with orange dots:

# %% tags=["active-ipynb"]
# import matplotlib.pyplot as plt
# import nonodraw
#
# nonodraw.draw_grid(grid_with_givens(), ROWS, COLS, givens=GIVENS, numbers=True,
#                    title='The GCHQ 2015 Christmas card: 25x25, 22 givens')
# plt.show()

# %% [markdown]
# ## Listing layouts: the method of yangs
#
# "yangs" (Yet Another NonoGram Solver), a short notebook written when the card came out, solves
# it as a patient person would with a pencil. (It calls layouts *patterns*.)
#
# 1. List every layout of every row and column.
# 2. Cross out the layouts that disagree with the known cells.
# 3. A cell on which all the remaining layouts of its line agree is now known.
# 4. Do steps 2 and 3 for all rows, then all columns; repeat until a pass decides nothing.
#
# Steps 2 and 3 are lesson 1's `solve_line_by_enumeration`, with one twist: the lists are made
# once and only ever shrink.
#
# ### Every layout of a line
#
# A clue of `k` blocks needs `min_length` cells; the `free` spare empty cells go into the
# `k + 1` gaps (before, between and after the blocks). Choosing a gap for each spare cell, in no
# order, is choosing a *multiset* of gap numbers: what
# `itertools.combinations_with_replacement(range(k + 1), free)` lists.

# %%
def line_layouts(blocks: Clue, cells: int) -> list[tuple[int, ...]]:
    """Every layout of `blocks` in `cells` cells, as tuples of 0/1: one for each way of putting
    the spare empty cells into the gaps around the blocks."""
    blocks = nonocheck.normalize_clue(blocks, cells)
    gaps, free = len(blocks) + 1, cells - min_length(blocks)
    layouts = []
    for chosen in combinations_with_replacement(range(gaps), free):
        layout = []
        for i, block in enumerate(blocks):
            between = 1 if i > 0 else 0  # the one empty cell every pair of blocks needs
            layout += [0] * (between + chosen.count(i)) + [1] * block
        layouts.append(tuple(layout + [0] * chosen.count(len(blocks))))  # after the last block
    return layouts


# %% tags=["active-ipynb"]
# import nonovector
# from nonovector import count_layouts, line2blocks, show_line
#
# for layout in line_layouts([2, 1], 6):
#     print(show_line(layout))

# %% [markdown]
# Spare cells go to the first gap first, so the blocks start at the right and creep left. The
# number of multisets is lesson 1's stars-and-bars count, so `line_layouts` must give exactly
# `count_layouts` layouts, those lesson 1's `nonoblocks` lists. So it does, on lines of up to 10
# cells:

# %% tags=["active-ipynb"]
# checked = 0
# for cells in range(11):
#     for blocks in nonovector.all_clues(cells):
#         layouts = line_layouts(blocks, cells)
#         assert len(layouts) == len(set(layouts)) == count_layouts(blocks, cells)
#         listed = {nonovector.vexpand(one, cells) for one in nonovector.nonoblocks(blocks, cells)}
#         assert {show_line(layout) for layout in layouts} == listed
#         checked += 1
# print(f'line_layouts agrees with count_layouts and nonoblocks on all {checked} clues')

# %% [markdown]
# ### Crossing out and reading off
#
# `eliminate` keeps the layouts that agree with every known cell of a line (step 2); `deduce`
# reads off the cells they all agree on (step 3), or finds a contradiction if none is left.

# %%
def eliminate(layouts: list[tuple[int, ...]], line: Line) -> list[tuple[int, ...]]:
    """The layouts that agree with every known (non-None) cell of `line`."""
    known = [(i, cell) for i, cell in enumerate(line) if cell is not None]
    return [layout for layout in layouts if all(layout[i] == cell for i, cell in known)]


def deduce(layouts: list[tuple[int, ...]], cells: int) -> Line:
    """The line of `cells` cells that `layouts` all agree on (None where they differ).
    Raises Contradiction if there are no layouts."""
    if not layouts:
        raise Contradiction('no layout of the line fits its known cells')
    line = list(layouts[0])
    for layout in layouts[1:]:
        for i in range(cells):
            if line[i] is not None and layout[i] != line[i]:
                line[i] = None
    return line


# %% [markdown]
# The card's top row, `7 3 1 1 7`, with only its end cells known: the surviving layouts agree
# on the two 7-blocks, pinned to the edges, and on one cell in the middle. Lesson 2's
# `solve_line` finds the same cells without listing anything: it answers the very question
# `deduce` asks.

# %% tags=["active-ipynb"]
# from nonoline import solve_line
#
# top = line_layouts(ROWS[0], 25)
# known = [1] + [None] * 23 + [1]
# left = eliminate(top, known)
# print(f'{len(top)} layouts, of which {len(left)} fit the known cells')
# print('known cells    ', show_line(known))
# print('they agree on  ', show_line(deduce(left, 25)))
# print('solve_line says', show_line(solve_line(ROWS[0], known)))

# %% [markdown]
# ### Solving the grid
#
# `solve_by_layouts` lists every line's layouts, then sweeps all rows (eliminate, deduce, write
# the line back), then all columns, until a pass decides no new cell. It records the layouts
# `listed`, the `checks` of each pass (one check: `eliminate` compares one layout with a line),
# the unknown cells after each pass, and the grid after each sweep. `nonocheck.check_puzzle`
# first rejects malformed input.

# %%
@dataclass
class LayoutRun:
    """What solve_by_layouts did: the grid it reached, and the work it took."""
    grid: Grid     # the grid at the fixpoint
    listed: int    # layouts listed for all the lines at the start
    checks: list = field(default_factory=list)    # layout checks made by eliminate, per pass
    unknowns: list = field(default_factory=list)  # unknown cells at the start and after each pass
    sweeps: list = field(default_factory=list)    # (title, copy of the grid) after each sweep


def solve_by_layouts(rows: list[Clue], cols: list[Clue], grid: Grid | None = None) -> LayoutRun:
    """The yangs method: list each line's layouts once, then sweep rows and columns, crossing
    out layouts and reading off cells, until the grid is full or a pass decides nothing.
    Raises Contradiction if some line has no layout left."""
    rows, cols, grid = nonocheck.check_puzzle(rows, cols, grid)
    row_layouts = [line_layouts(clue, len(cols)) for clue in rows]
    col_layouts = [line_layouts(clue, len(rows)) for clue in cols]
    run = LayoutRun(grid, listed=sum(map(len, row_layouts + col_layouts)))
    run.unknowns.append(count_unknowns(grid))
    run.sweeps.append(('start', [row[:] for row in grid]))
    while True:  # one pass (a full grid given is still checked once)
        run.checks.append(sum(map(len, row_layouts + col_layouts)))
        for r, row in enumerate(grid):
            row_layouts[r] = eliminate(row_layouts[r], row)
            grid[r] = deduce(row_layouts[r], len(cols))
        run.sweeps.append((f'pass {len(run.checks)}: rows', [row[:] for row in grid]))
        for c in range(len(cols)):
            col_layouts[c] = eliminate(col_layouts[c], [row[c] for row in grid])
            for row, cell in zip(grid, deduce(col_layouts[c], len(rows))):
                row[c] = cell
        run.sweeps.append((f'pass {len(run.checks)}: columns', [row[:] for row in grid]))
        run.unknowns.append(count_unknowns(grid))
        if run.unknowns[-1] in (0, run.unknowns[-2]):
            break  # the grid is full, or line logic is stuck
    for r, row in enumerate(grid):  # the columns may have finished rows: do they still fit?
        deduce(eliminate(row_layouts[r], row), len(cols))
    return run


def count_unknowns(grid: Grid) -> int:
    """How many cells of the grid are still None."""
    return sum(row.count(None) for row in grid)


# %% [markdown]
# Run it on the card, givens included:

# %% tags=["active-ipynb"]
# run = solve_by_layouts(ROWS, COLS, grid_with_givens())
# print(f'{run.listed:,} layouts listed\npass  layouts checked  unknown cells after it')
# for p, checks in enumerate(run.checks, start=1):
#     print(f'{p:4}  {checks:15,}  {run.unknowns[p]:22}')
# print(f'total {sum(run.checks):15,}')
# assert all(run.grid[r][c] == 1 for r, c in GIVENS)
# assert [line2blocks(row) for row in run.grid] == ROWS
# assert [line2blocks(col) for col in zip(*run.grid)] == COLS

# %% [markdown]
# Four passes fill the grid, fitting every clue and given (the asserts check): the card needs
# only line logic. The first pass checks every layout; then the lists collapse and later passes
# cost little. That is the twist paying off: listing afresh on every pass would redo the big
# first job four times.
#
# ### Why listing works at 25x25 but not at 103x103
#
# The lists are the method's whole cost. A line its blocks fill (row 6, `7 1 1 1 1 1 7`) has
# one layout; column 5, `1 1 1 2 1 1`, with only seven black cells, has the most:

# %% tags=["active-ipynb"]
# counts = [count_layouts(clue, 25) for clue in ROWS + COLS]
# print(f'row 6: {counts[6]} layout; column 5: {counts[25 + 5]:,} layouts, the most:',
#       counts[25 + 5] == max(counts))
# print(f'all lines: {sum(counts):,} layouts, {25 * sum(counts):,} cells')

# %% [markdown]
# About four million cells, a few tens of megabytes as Python tuples: affordable. But the count
# explodes with the length of a line (lesson 1). Tile the card into a bigger puzzle, `times`
# copies each way with a blank line between neighbours (some rows are full, so copies cannot
# touch): a line through the copies repeats its clue `times` times. Four by four gives a
# 103x103 puzzle as dense as the card:

# %% tags=["active-ipynb"]
# for times in (1, 2, 4):
#     cells = 26 * times - 1
#     counts = [count_layouts(clue * times, cells) for clue in ROWS + COLS]
#     print(f'{cells}x{cells}'.rjust(7), f'the largest line has {max(counts):.1e} layouts')

# %% [markdown]
# At 103x103 one line has more layouts than a computer has bytes, by orders of magnitude.
# Listing solves a 25x25 card and no big puzzle at all; lesson 2's `solve_line` answers the
# same question from two small tables.
#
# ## The same puzzle with lesson 4's engine
#
# Lesson 4's `solve` takes the clues and the partly known grid; its answer is the module's
# `SOLUTION`:

# %%
SOLUTION = nonoprobe.solve(ROWS, COLS, grid_with_givens())

# %% tags=["active-ipynb"]
# from nonogram2d import propagate, show_grid
#
# assert SOLUTION == run.grid
# verdict = nonoprobe.analyse(ROWS, COLS, grid_with_givens())
# print(verdict.describe())
# assert propagate(ROWS, COLS, grid_with_givens()) == run.grid
# assert propagate(ROWS, COLS) == solve_by_layouts(ROWS, COLS).grid

# %% [markdown]
# They agree, and must: layout lists and `solve_line` are both *complete* line solvers (they
# find every cell a clue decides), and complete line logic reaches the same fixpoint in any
# order of lines. The last asserts check that lesson 3's `propagate` stops where the lists stop,
# with and without the givens.
#
# The difference is the work. The layout method visits every line on every pass and checks
# every layout it still has. The engine solves a line again only when one of its cells was just
# decided, at a cost of about cells x blocks steps, however many layouts the line has:

# %% tags=["active-ipynb"]
# visits = len(run.checks) * (len(ROWS) + len(COLS))
# print(f'layout lists: {visits} line visits, {run.listed:,} layouts listed,',
#       f'{sum(run.checks):,} layout checks ({sum(run.checks) / visits:,.0f} per visit)')
# print(f'engine:       {verdict.line_solves} line solves, no layouts listed')

# %% [markdown]
# ## The picture
#
# The solution, givens marked. Three big squares in three corners, dotted lines of alternate
# cells between them: if that looks familiar, hold the thought.

# %% tags=["active-ipynb"]
# nonodraw.draw_grid(SOLUTION, ROWS, COLS, givens=GIVENS, numbers=True,
#                    title='GCHQ 2015: the solution (givens marked)')
# plt.show()

# %% [markdown]
# How line logic gets there, from the start, sweep by sweep (grey: unknown; red: just decided
# black; pale red: just decided white):

# %% tags=["active-ipynb"]
# grids = [grid for _, grid in run.sweeps]
# titles = [f'{title}\n{count_unknowns(grid)} unknown' for title, grid in run.sweeps]
# fig = nonodraw.draw_steps(grids, titles=titles, columns=3)
# fig.suptitle('Line logic on the GCHQ card, one sweep at a time (new cells in red)')
# plt.show()

# %% [markdown]
# The first sweep of rows decides the cells a row's blocks cover wherever they go, plus what the
# givens pin down; that gives the columns a start.
#
# ## Why print the givens?
#
# Take the 22 givens away and run the layout method again:

# %% tags=["active-ipynb"]
# bare = solve_by_layouts(ROWS, COLS)
# print('unknown cells after each pass, with the givens:', run.unknowns)
# print('                            without the givens:', bare.unknowns)
# print(show_grid(bare.grid))

# %% [markdown]
# Line logic decides all but a dozen cells, in two small patches, then is stuck (its last pass
# decided nothing). Lesson 4's `solutions` lists every solution (sorted, to number them the same
# on every run):

# %% tags=["active-ipynb"]
# bare_solutions = sorted(nonoprobe.solutions(ROWS, COLS))
# print(len(bare_solutions), 'solutions without the givens;',
#       'the card\'s is number', bare_solutions.index(SOLUTION) + 1)

# %% [markdown]
# Four: each patch can be shaded two ways, independently. `differing_cells` finds the cells on
# which the solutions disagree:

# %%
def differing_cells(grids: list[Grid]) -> list[tuple[int, int]]:
    """The (row, col) cells on which the grids do not all agree, in reading order."""
    first = grids[0]
    return [(r, c) for r in range(len(first)) for c in range(len(first[0]))
            if any(grid[r][c] != first[r][c] for grid in grids)]


# %% tags=["active-ipynb"]
# differ = differing_cells(bare_solutions)
# print(len(differ), 'cells differ:', differ)
# titles = [f'solution {n}' + (' (the card)' if grid == SOLUTION else '')
#           for n, grid in enumerate(bare_solutions, start=1)]
# labels = {1: 'black here, where solutions differ', 0: 'white here, where solutions differ'}
# fig = nonodraw.draw_steps(bare_solutions, titles=titles, changed=[differ] * 4, size=4.6,
#                           columns=2, numbers=True, labels=labels)
# fig.suptitle('The four solutions of the clues alone; the cells in red differ between them')
# plt.show()

# %% [markdown]
# ### Which givens are needed?
#
# GCHQ printed 22 givens; how many does uniqueness need? Trying subsets with the solver would
# mean up to 2 ** 22 (about four million) solves. We need none: **a given can only remove
# solutions, never add one.** The solutions with some givens are those of the four bare
# solutions black at every given. So givens make the answer unique exactly when, for each of
# the three wrong solutions, they hold a cell that is white there.
#
# That is a tiny *set cover* problem: each given "covers" the wrong solutions it rules out. Try
# subsets by increasing size; if two givens suffice, that is the empty set, 22 singles and
# 22 x 21 / 2 pairs, each checked against three grids.

# %%
def rules_out(givens, grid: Grid) -> bool:
    """True if some given cell is white in `grid` (so `grid` cannot be the solution)."""
    return any(grid[r][c] == 0 for r, c in givens)


def smallest_sufficient_givens(givens, solutions: list[Grid], answer: Grid) -> list[tuple]:
    """The smallest subsets of `givens` that leave `answer` the only one of `solutions` (all the
    solutions of the clues without givens): all subsets of the first size that rules out every
    other solution, as tuples in the order of `givens`; [] if even all of `givens` do not."""
    wrong = [grid for grid in solutions if grid != answer]
    if not all(rules_out(givens, grid) for grid in wrong):
        return []
    for size in range(len(givens) + 1):
        found = [subset for subset in combinations(givens, size)
                 if all(rules_out(subset, grid) for grid in wrong)]
        if found:
            return found


# %% tags=["active-ipynb"]
# for given in GIVENS:
#     out = [n for n, grid in enumerate(bare_solutions, start=1) if rules_out([given], grid)]
#     if out:
#         print(f'given {given} rules out solution(s) {out}')
# needed = smallest_sufficient_givens(GIVENS, bare_solutions, SOLUTION)
# print('smallest sufficient sets of givens:', needed)
# check = nonoprobe.analyse(ROWS, COLS, grid_with_givens(needed[0]))
# print(f'with only the givens {needed[0]}:', check.describe())
# assert check.status == 'unique' and check.solutions[0] == SOLUTION

# %% [markdown]
# Only two givens touch the cells that differ, one in each patch; together they are the one
# smallest set that works, and the solver confirms it. The other twenty are a kindness to a
# person with a pencil.
#
# ## The reveal
#
# Three big squares in the corners, dotted "timing" lines between them: the picture is a QR
# code, 25x25 modules (QR version 2). Drawn as a reader expects, without clues or grid lines,
# in a white *quiet zone*, it looks like one. The library module `nonodraw` draws it
# (`draw_qr`), and `decode_qr` reads it with [zxing-cpp](https://github.com/zxing-cpp/zxing-cpp),
# a barcode reader (`pip install zxing-cpp`), or says why it cannot.

# %% tags=["active-ipynb"]
# nonodraw.draw_qr(SOLUTION, title='The solution as a QR reader sees it')
# plt.show()

# %% [markdown]
# So what does the Director's card say? (The tests do not compare this output, in case
# zxing-cpp is missing; `tests/test_nonodraw_qr.py` checks the text.)

# %% tags=["active-ipynb", "nbval-ignore-output"]
# text, problem = decode_qr(SOLUTION)
# print('The QR code says:', text or problem)

# %% [markdown]
# An address on GCHQ's web site (the whole text: nothing is cut off), the door to the second
# stage. One last surprise: decode all four solutions of the bare clues.

# %% tags=["active-ipynb", "nbval-ignore-output"]
# for number, grid in enumerate(bare_solutions, start=1):
#     unlike = len(differing_cells([grid, SOLUTION]))
#     print(f'solution {number} ({unlike:2} cells unlike the card):', decode_qr(grid)[0])

# %% [markdown]
# All four read the same. A QR code carries error-correction codewords besides its data; this
# one is at level M, which the QR standard (ISO/IEC 18004) sets to repair about 15% of the
# codewords, and the at most 12 cells by which a wrong solution differs are few enough. A
# solver who ignored the givens and picked a wrong solution would still reach the next stage:
# the givens make the *picture* unique, and error correction forgives the rest.
#
# ## What we have learned, and what comes next
#
# - A puzzle with givens is data: `ROWS`, `COLS`, `GIVENS`, and `grid_with_givens` to start
#   any solver.
# - The yangs method lists every layout of every line once and crosses them out pass by pass;
#   it reaches the same fixpoint as lesson 4's engine, with far more work.
# - Listing is fine at 25x25 and hopeless at 103x103; lesson 2's `solve_line` answers the
#   same question without listing.
# - Without its givens the card has four solutions; reasoning about those four, not re-solving
#   subsets, shows that two givens make it unique.
#
# Next, lesson 6 builds a line solver made of bits: a line held as integers, and whole lines
# handled at once by bit operations.
#
# ## Exercises
#
# 1. *Predict, then run.* How many layouts does row 7, `3 3`, have? Use stars and bars, then
#    check with `len(line_layouts(ROWS[7], 25))`.
# 2. Give `smallest_sufficient_givens` only the givens of row 21. Can they make the answer
#    unique? Use the picture of the four solutions to say why.
# 3. *Prove it.* Show that the solutions of the clues with givens `G` are exactly the bare
#    solutions black at every cell of `G`.
# 4. *Extend.* Flip cells of `SOLUTION`, a few more each time, and find how many `decode_qr`
#    survives. Does it matter where they are?
