# %% [markdown]
# # Lesson 5. The GCHQ Christmas puzzle
#
# In December 2015 the Director of GCHQ, Britain's signals-intelligence agency, put a puzzle in
# his Christmas card: a 25x25 nonogram with 22 cells printed filled, whose picture leads to the
# next of a chain of puzzles, big enough for the way we solve a line to matter. By the end of
# this lesson you will be able to
#
# - start a solver from a puzzle's *givens* (cells printed filled on it);
# - solve it by listing every line's layouts once, then crossing layouts out;
# - say why listing works at 25x25 but not at 103x103, and compare it with lesson 4's engine;
# - find every solution without the givens, and the fewest givens that make it unique;
# - read the picture as it was meant to be read.

# %%
"""Lesson 5: the GCHQ Director's 2015 Christmas puzzle, solved by lists of layouts.
Puzzle (c) Crown copyright (GCHQ); clues as transcribed in github.com/rshest/gchq-christmas-puzzle."""
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement

import nonocheck
from nonocheck import (check_clue_text, check_givens, check_line, check_list, check_table)
import nonoprobe
from nonodraw import decode_qr  # noqa: F401 (read in the reveal)
from nonovector import Clue, Contradiction, Grid, Line, min_length

# %% [markdown]
# ## The puzzle as data
#
# The clues are copied from `gchq.dzn` in Ruslan Shestopalyuk's
# [rshest/gchq-christmas-puzzle](https://github.com/rshest/gchq-christmas-puzzle) (commit
# `0875b36`); the puzzle is © Crown copyright (GCHQ). Givens are `(row, col)` pairs, rows and
# columns counted from 0.

# %%
def parse_clues(text: str) -> list[Clue]:
    """Clues from text: block lengths separated by spaces, clues by '|' or a new line."""
    check_clue_text(text)
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
# A solver starts from a partly known grid: filled (`1`) at each given, unknown (`None`)
# elsewhere. `grid_with_givens` builds it (`nonocheck` rejects a given that is not a cell);
# `count_unknowns` counts the cells left to decide.

# %%
def grid_with_givens(givens=GIVENS, height=len(ROWS), width=len(COLS)) -> Grid:
    """A height x width grid of None with 1 at each (row, col) in `givens`: a solver's start."""
    grid = [[None] * width for _ in range(height)]
    for row, col in nonocheck.check_givens(givens, height, width):
        grid[row][col] = 1
    return grid


def count_unknowns(grid: Grid) -> int:
    """How many cells of the grid are still None."""
    grid = check_table('grid', grid, cells='grid')
    return sum(row.count(None) for row in grid)


# %% [markdown]
# Typed data invites typos: both sets of clues must fill the same number of cells. Then draw
# the card with the library's `nonodraw` (met in lesson 3):

# %% tags=["active-ipynb"]
# import matplotlib.pyplot as plt
# import nonodraw
#
# print(f'{len(ROWS)}x{len(COLS)}, {len(GIVENS)} givens, {count_unknowns(grid_with_givens())} unknown')
# print('filled cells:', sum(map(sum, ROWS)), 'by the rows,', sum(map(sum, COLS)), 'by the columns')
# nonodraw.draw_grid(grid_with_givens(), ROWS, COLS, givens=GIVENS, numbers=True,
#                    title='The GCHQ 2015 Christmas card: 25x25, 22 givens')
# plt.show()

# %% [markdown]
# ## Listing layouts: the method of yangs
#
# When the card came out, the blog post ["Solving the GCHQ Christmas puzzle with
# Python"](http://www.wes.id.au/2015/12/solving-the-gchq-christmas-puzzle-with-python/)
# solved it with *yangs* (Yet Another NonoGram Solver), as a patient person would with a pencil:
#
# 1. List every layout of every row and column.
# 2. Cross out the layouts that disagree with the known cells.
# 3. A cell on which all the layouts left agree is now known.
# 4. Do steps 2 and 3 for all rows, then all columns; repeat until a pass decides nothing.
#
# Steps 2 and 3 are lesson 1's `solve_line_by_enumeration`, but the lists are made once and
# only shrink.
#
# ### Every layout of a line
#
# A clue of `k` blocks leaves `free` spare empty cells to put into its `k + 1` gaps. Choosing a
# gap for each spare cell, in no order, is choosing a *multiset* of gap numbers: what
# `itertools.combinations_with_replacement(range(k + 1), free)` lists. (`nonocheck.normalize_clue`
# checks the clue first, as in lesson 1.)

# %%
def line_layouts(blocks: Clue, cells: int) -> list[tuple[int, ...]]:
    """Every layout of `blocks` in `cells` cells, as tuples of 0/1: one for each way of putting
    the spare empty cells into the gaps around the blocks."""
    blocks = nonocheck.listable_clue(blocks, cells)
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
# from nonoline import solve_line
# from nonovector import (all_clues, count_layouts, line2blocks, nonoblocks, parse_line,
#                         show_line, vexpand)
#
# for layout in line_layouts([2, 1], 6):
#     print(show_line(layout))
# for cells in range(11):  # the same layouts as lesson 1's nonoblocks, each once
#     for blocks in all_clues(cells):
#         layouts = sorted(show_line(one) for one in line_layouts(blocks, cells))
#         assert layouts == sorted(vexpand(one, cells) for one in nonoblocks(blocks, cells))

# %% [markdown]
# Spare cells go to the first gap first, so the blocks start at the right and creep left.

# %% [markdown]
# ### Crossing out and reading off
#
# `eliminate` keeps the layouts that agree with every known cell of a line (step 2); `deduce`
# reads off the cells they all agree on (step 3), or finds a contradiction if none is left.

# %%
def eliminate(layouts: list[tuple[int, ...]], line: Line) -> list[tuple[int, ...]]:
    """The layouts that agree with every known (non-None) cell of `line`."""
    line, _ = check_line(line), check_table('layouts', layouts, 'picture', least=0)
    known = [(i, cell) for i, cell in enumerate(line) if cell is not None]
    return [layout for layout in layouts if all(layout[i] == cell for i, cell in known)]


def deduce(layouts: list[tuple[int, ...]]) -> Line:
    """The line the layouts all agree on: a cell's value where they all have the same, None
    where they differ. Raises Contradiction if there are no layouts."""
    check_table('layouts', layouts, 'picture', least=0)
    if not layouts:
        raise Contradiction('no layout of the line fits its known cells')
    return [cells[0] if len(set(cells)) == 1 else None for cells in zip(*layouts)]


# %% [markdown]
# The card's top row, `7 3 1 1 7`, as the first pass of the method leaves it (its own clue and
# the crossing columns decided 14 cells). Lesson 2's `solve_line` finds what `deduce` finds,
# without listing:

# %% tags=["active-ipynb"]
# top, known = line_layouts(ROWS[0], 25), parse_line('??#####???#?..??#?#####??')
# left = eliminate(top, known)
# print(f'{len(top)} layouts, of which {len(left)} fit the known cells')
# print('known cells  ', show_line(known))
# print('they agree on', show_line(deduce(left)))
# assert deduce(left) == solve_line(ROWS[0], known)

# %% [markdown]
# ### Solving the grid
#
# `solve_by_layouts` lists every line's layouts, then sweeps all rows (eliminate, deduce, write
# back), then all columns, until a pass decides nothing; it returns the grid and a record of
# the work (`nonocheck.check_puzzle` rejects malformed input).

# %%
@dataclass
class LayoutRun:
    """What solve_by_layouts did: its grid, layouts checked per pass, unknowns before and after."""
    grid: Grid
    checks: list
    unknowns: list


def solve_by_layouts(rows: list[Clue], cols: list[Clue], grid: Grid | None = None) -> LayoutRun:
    """The yangs method: list each line's layouts once, then sweep rows and columns, crossing
    out layouts and reading off cells, until the grid is full or a pass decides nothing.
    Raises Contradiction if some line has no layout left."""
    rows, cols, grid = nonocheck.check_puzzle(rows, cols, grid)
    row_layouts = [line_layouts(clue, len(cols)) for clue in rows]
    col_layouts = [line_layouts(clue, len(rows)) for clue in cols]
    run = LayoutRun(grid, [], [count_unknowns(grid)])
    while True:  # one pass (a full grid given is still checked once)
        run.checks.append(sum(map(len, row_layouts + col_layouts)))
        for r, row in enumerate(grid):
            row_layouts[r] = eliminate(row_layouts[r], row)
            grid[r] = deduce(row_layouts[r])
        for c in range(len(cols)):
            col_layouts[c] = eliminate(col_layouts[c], [row[c] for row in grid])
            for row, cell in zip(grid, deduce(col_layouts[c])):
                row[c] = cell
        run.unknowns.append(count_unknowns(grid))
        if run.unknowns[-1] in (0, run.unknowns[-2]):
            break  # the grid is full, or line logic is stuck
    for r, row in enumerate(grid):  # the columns may have finished rows: do they still fit?
        deduce(eliminate(row_layouts[r], row))
    return run


# %% tags=["active-ipynb"]
# run = solve_by_layouts(ROWS, COLS, grid_with_givens())
# print('layouts checked in each pass:', run.checks)
# print('unknown cells after each pass:', run.unknowns[1:])
# assert [line2blocks(row) for row in run.grid] == ROWS
# assert [line2blocks(col) for col in zip(*run.grid)] == COLS

# %% [markdown]
# Four passes fill the grid (the asserts check the clues): the card needs only line logic.
#
# ### Why listing works at 25x25 but not at 103x103
#
# The lists are the method's whole cost. Row 6, `7 1 1 1 1 1 7`, fills its line: one layout.
# Column 5, `1 1 1 2 1 1`, with only seven filled cells, has the most:

# %% tags=["active-ipynb"]
# counts = [count_layouts(clue, 25) for clue in ROWS + COLS]
# print(f'row 6: {counts[6]} layout; column 5: {counts[25 + 5]:,} layouts, the most:',
#       counts[25 + 5] == max(counts))
# print(f'all lines: {sum(counts):,} layouts, {25 * sum(counts):,} cells')

# %% [markdown]
# About four million cells: affordable. But the count explodes as lines grow (lesson 1). Tile
# the card `times` times each way, with empty lines between, and each clue repeats `times` times:

# %% tags=["active-ipynb"]
# for times in (1, 2, 4):
#     cells = 26 * times - 1
#     counts = [count_layouts(clue * times, cells) for clue in ROWS + COLS]
#     print(f'{cells}x{cells}'.rjust(7), f'the largest line has {max(counts):.1e} layouts')

# %% [markdown]
# At 103x103 one line has more layouts than a computer has bytes. Lesson 2's `solve_line`
# answers the same question from two small tables.
#
# ## The same puzzle with lesson 4's engine
#
# Lesson 4's `solve`, from the clues and the partly known grid, gives the module's `SOLUTION`:

# %%
SOLUTION = nonoprobe.solve(ROWS, COLS, grid_with_givens())

# %% tags=["active-ipynb"]
# from nonogram2d import propagate, show_grid
#
# verdict = nonoprobe.analyse(ROWS, COLS, grid_with_givens())
# print(verdict.describe())
# assert SOLUTION == run.grid == propagate(ROWS, COLS, grid_with_givens())
# assert propagate(ROWS, COLS) == solve_by_layouts(ROWS, COLS).grid

# %% [markdown]
# They agree, and must: both are *complete* line logic, which reaches the same fixpoint in any
# order of lines (the asserts check lesson 3's `propagate` too). The engine solves a line only
# when one of its cells was just decided; the layout method rechecks every layout left on every
# pass (seconds vary from run to run):

# %% tags=["active-ipynb", "nbval-ignore-output"]
# from timeit import timeit
#
# lists = timeit(lambda: solve_by_layouts(ROWS, COLS, grid_with_givens()), number=1)
# print(f'layout lists: {len(run.checks) * (len(ROWS) + len(COLS))} line visits,',
#       f'{sum(run.checks):,} layouts checked, {lists:.3f} s')
# print(f'engine:       {verdict.line_solves} line solves, {verdict.seconds:.3f} s')

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
# ## Why print the givens?
#
# Run the layout method again on the *bare* clues, without the 22 givens:

# %% tags=["active-ipynb"]
# bare = solve_by_layouts(ROWS, COLS)
# print('unknown cells at the start and after each pass, without the givens:', bare.unknowns)
# print(show_grid(bare.grid))

# %% [markdown]
# Line logic decides all but 12 cells, in two patches, then is stuck. Lesson 4's `solutions`
# lists every solution (sorted, so their numbers never change):

# %% tags=["active-ipynb"]
# bare_solutions = sorted(nonoprobe.solutions(ROWS, COLS))
# print(len(bare_solutions), 'solutions without the givens;',
#       'the card\'s is number', bare_solutions.index(SOLUTION) + 1)

# %% [markdown]
# Four: each patch can be shaded two ways, independently. `differing_cells` finds where the
# solutions disagree:

# %%
def differing_cells(grids: list[Grid]) -> list[tuple[int, int]]:
    """The (row, col) cells on which the grids do not all agree, in reading order."""
    grids = [check_table('grids', grid) for grid in check_list('grids', grids, least=1)]
    first = grids[0]
    return [(r, c) for r in range(len(first)) for c in range(len(first[0]))
            if any(grid[r][c] != first[r][c] for grid in grids)]


# %% tags=["active-ipynb"]
# differ = differing_cells(bare_solutions)
# print(len(differ), 'cells differ:', differ)
# nonodraw.draw_steps(bare_solutions, titles=[f'solution {n}' for n in range(1, 5)],
#                     changed=[differ] * 4, size=4.6, columns=2, numbers=True,
#                     labels={1: 'filled here', 0: 'empty here'})
# plt.show()

# %% [markdown]
# ### Which givens are needed?
#
# How many of the 22 givens does uniqueness need? Solving with every subset would take up to
# 2 ** 22 solves, but **a given can only remove solutions, never add one**: givens make the
# answer unique when each wrong bare solution has one of them empty. Try subsets by increasing
# size:

# %%
def rules_out(givens, grid: Grid) -> bool:
    """True if some given cell is empty in `grid` (so `grid` cannot be the solution)."""
    grid = check_table('grid', grid)
    givens = check_givens(givens, len(grid), len(grid[0]))
    return any(grid[r][c] == 0 for r, c in givens)


def smallest_sufficient_givens(givens, solutions: list[Grid], answer: Grid) -> list[tuple]:
    """The smallest subsets of `givens` that leave `answer` the only one of `solutions` (all the
    solutions of the clues without givens): all subsets of the first size that rule out every
    other solution, as tuples in the order of `givens`; [] if even all of `givens` do not."""
    answer = check_table('answer', answer, cells='grid')
    solutions = [check_table('solutions', grid) for grid in check_list('solutions', solutions)]
    givens = check_givens(givens, len(answer), len(answer[0]))
    wrong = [grid for grid in solutions if grid != answer]
    if not all(rules_out(givens, grid) for grid in wrong):
        return []
    for size in range(len(givens) + 1):
        found = [subset for subset in combinations(givens, size)
                 if all(rules_out(subset, grid) for grid in wrong)]
        if found:
            return found


# %% tags=["active-ipynb"]
# print('givens on cells that differ:', [given for given in GIVENS if given in differ])
# needed = smallest_sufficient_givens(GIVENS, bare_solutions, SOLUTION)
# print('smallest sufficient sets of givens:', needed)
# check = nonoprobe.analyse(ROWS, COLS, grid_with_givens(needed[0]))
# assert check.status == 'unique' and check.solutions[0] == SOLUTION

# %% [markdown]
# Only two givens lie on cells that differ, one in each patch: together they are the one
# smallest set that works. The other twenty are a kindness to a person with a pencil.
#
# ## The reveal
#
# The picture is a QR code. `nonodraw.draw_qr` draws it as a QR reader expects, inside an
# empty border (a *quiet zone*); `nonodraw.decode_qr` reads it with
# [zxing-cpp](https://github.com/zxing-cpp/zxing-cpp), a barcode reader
# (`pip install zxing-cpp`), or says why it cannot.

# %% tags=["active-ipynb"]
# nonodraw.draw_qr(SOLUTION, title='The solution as a QR reader sees it')
# plt.show()

# %% [markdown]
# What does it say? A QR code stores data as *codewords* of 8 cells, with extra codewords to
# repair damage; `nonodraw.qr_error_correction` gives the code's level and the share of
# codewords it repairs (set by the QR standard, ISO/IEC 18004).

# %% tags=["active-ipynb", "nbval-ignore-output"]
# text, problem = decode_qr(SOLUTION)
# print('The QR code says:', text or problem)
# print('error correction (level, % of codewords):', nonodraw.qr_error_correction(SOLUTION))

# %% [markdown]
# The code holds only a web address: the door to the puzzle's second stage. And the four bare
# solutions?

# %% tags=["active-ipynb", "nbval-ignore-output"]
# for number, grid in enumerate(bare_solutions, start=1):
#     unlike = len(differing_cells([grid, SOLUTION]))
#     print(f'solution {number} ({unlike:2} cells unlike the card):', decode_qr(grid)[0])

# %% [markdown]
# All four read the same: error correction repairs the at most 12 cells that differ. A solver
# who ignored the givens would still reach the next stage.
#
# ## What we have learned, and what comes next
#
# - A puzzle with givens is data; `grid_with_givens` starts any solver from it.
# - Listing every layout once, then crossing layouts out, reaches lesson 4's fixpoint far more
#   slowly, and cannot list a 103x103 puzzle.
# - Without givens the card has four solutions; two givens make it unique, yet a QR reader
#   reads all four alike.
#
# Next, lesson 6 builds a line solver made of bits, which handles a whole line at once.
#
# ## Exercises
#
# 1. *Predict, then run.* How many layouts has row 7, `3 3`? Count by stars and bars, then
#    check with `len(line_layouts(ROWS[7], 25))`.
# 2. Can row 21's givens alone make the answer unique? Answer from the picture of the four
#    solutions, then ask `smallest_sufficient_givens`.
# 3. *Prove it.* The solutions with givens `G` are exactly the bare solutions filled at every
#    cell of `G`.
# 4. *Extend* (needs zxing-cpp). In a 25x25 QR code, rows 9 to 15 x columns 9 to 15 hold only
#    codewords (the QR standard puts its fixed patterns elsewhere). Flip `k` random cells there
#    in a copy of `SOLUTION`, 10 trials for each `k` in 2, 4, ..., 16: how often does
#    `decode_qr` still read it? Level M repairs 15% of the codewords: why does reading fail
#    with far fewer than 15% of the cells flipped?
