# %% [markdown]
# # Lesson 2. One line, without listing layouts
#
# Lesson 1 solved a line by listing every layout of its clue that agrees with the known cells and
# keeping the cells they all agree on. That is obviously right, and hopeless on long lines: a line
# of 100 cells can have more layouts than anyone could list. This lesson answers the same
# question in a number of steps proportional to *cells x blocks*. By the end of it you will be
# able to
#
# - fill two tables of True/False by *dynamic programming* and read off, for every cell, whether
#   it can be empty and whether it can be filled;
# - turn the tables into `solve_line`, a complete line solver;
# - check it against lesson 1's solver on every line of up to seven cells, and measure how much
#   faster it is.
#
# This notebook is the module `nonoline`. It uses lesson 1's vocabulary (`Clue`, `Line`,
# `Contradiction`, `show_line`, `parse_line`) and its obviously right solver as the referee.

# %%
"""Lesson 2: a complete line solver in O(cells x blocks), by dynamic programming: solve_line."""

from nonocheck import check_line, normalize_clue
from nonovector import Clue, Contradiction, Line, show_line

# %% [markdown]
# ## Two tables instead of a list
#
# We do not need the layouts themselves, only two facts per cell: *can* it be empty in some layout
# that fits, and *can* it be filled in some layout that fits? Both follow from two tables of
# True/False that *dynamic programming* (DP for short: filling a table whose entries follow from
# entries already filled) computes in `O(cells x blocks)` steps. Call the number of cells `n` and
# the number of blocks `k`.
#
# - `before[j][i]` is True when the first `i` cells (cells `0 .. i - 1`) can hold exactly the
#   first `j` blocks, agreeing with every known cell among them.
# - `after[j][i]` is True when the cells from `i` to the end can hold exactly the blocks that
#   come after the first `j`, agreeing with every known cell among them.
#
# Here `j` always counts blocks, from `0` to `k`. The blocks themselves are `blocks[0]` to
# `blocks[k - 1]` in Python's numbering, so the last of the first `j` blocks is `blocks[j - 1]`
# and the first block after them is `blocks[j]`.
#
# Each entry of `before` follows from entries to its left. The first `i` cells hold the first `j`
# blocks if
#
# - cell `i - 1` can be empty and the first `i - 1` cells hold the first `j` blocks, **or**
# - the last of those blocks, `blocks[j - 1]`, ends exactly at cell `i - 1`: it starts at
#   `start = i - blocks[j - 1]`, its cells can all be filled, the cell before it can be empty (or
#   is the left edge), and the cells before that hold the first `j - 1` blocks. (A block that
#   starts at cell 0 has nothing before it, so it must be the first block: `j == 1`.)
#
# `after` is the same table computed from the right-hand end. With both tables, for each cell `c`:
#
# - `c` can be **empty** if it is not known filled and, for some `j`, the cells before it hold the
#   first `j` blocks and the cells after it hold the rest: `before[j][c] and after[j][c + 1]`;
# - `c` can be **filled** if some block can be placed over it. Take the block `blocks[j]`, the one
#   with `j` blocks before it, placed from some `start` to `stop = start + blocks[j]`: its cells
#   can all be filled, a cell that can be empty (or an edge) lies on each side, the `j` blocks
#   before it fit in the cells before that gap (`before[j][start - 1]`), and the rest fit after
#   the gap on its right (`after[j + 1][stop + 1]`). At the edges there is no gap: a block that
#   starts at cell 0 must be the first (`j == 0`), and one that ends at the last cell the last
#   (`j == k - 1`).
#
# A cell that can only be empty is decided empty, one that can only be filled is decided filled,
# and if the whole line cannot hold all its blocks (`before[k][n]` is False) we have a
# contradiction.
#
# Two small questions come up again and again. `may_clear(line, i)`: can cell `i` be empty? (The
# positions just outside the line count as empty: they are the edges.) `may_fill(runs, start,
# stop)`: can cells `start .. stop - 1` all be filled? Asked naively that costs a loop over the
# block; instead `open_runs` counts, once per line, the length of the run of not-known-empty cells
# that ends just before each position, and the question becomes a single comparison.

# %%
def open_runs(line: Line) -> list[int]:
    """runs[i]: the number of consecutive cells, ending at cell i - 1, not known to be empty.

    With it, "can cells start .. stop - 1 all be filled?" is one comparison (see may_fill).
    """
    runs = [0]
    for cell in line:
        runs.append(runs[-1] + 1 if cell != 0 else 0)
    return runs


def may_fill(runs: list[int], start: int, stop: int) -> bool:
    """True if cells start .. stop - 1 can all be filled, given runs = open_runs(line)."""
    return runs[stop] >= stop - start


def may_clear(line: Line, i: int) -> bool:
    """True if cell i can be empty; positions just outside the line always can (the edges)."""
    return not 0 <= i < len(line) or line[i] != 1


def prefix_table(blocks: Clue, line: Line) -> list[list[bool]]:
    """before[j][i]: can cells 0 .. i - 1 hold exactly the first j blocks, agreeing with `line`?"""
    n, k = len(line), len(blocks)
    runs = open_runs(line)
    before = [[False] * (n + 1) for _ in range(k + 1)]
    before[0][0] = True
    for i in range(1, n + 1):
        for j in range(k + 1):
            if may_clear(line, i - 1) and before[j][i - 1]:  # cell i - 1 is empty
                before[j][i] = True
            elif j > 0:  # or block j - 1 ends at cell i - 1
                start = i - blocks[j - 1]
                if start >= 0 and may_fill(runs, start, i) and may_clear(line, start - 1):
                    before[j][i] = before[j - 1][start - 1] if start > 0 else j == 1
    return before


def suffix_table(blocks: Clue, line: Line) -> list[list[bool]]:
    """after[j][i]: can cells i .. end hold exactly blocks j .. k - 1, agreeing with `line`?

    Computed as the prefix table of the reversed line and reversed clue, read backwards.
    """
    n, k = len(line), len(blocks)
    mirror = prefix_table(blocks[::-1], line[::-1])
    return [[mirror[k - j][n - i] for i in range(n + 1)] for j in range(k + 1)]


# %% [markdown]
# A worked example: the clue `[2, 1]` on five cells where cell 1 is known filled and cell 2 known
# empty, lesson 1's example (`?#.??`). Each row of a table is one value of `j` (a number of
# blocks), each column one value of `i` (a position); `T` is True.

# %% tags=["active-ipynb"]
# from nonovector import parse_line
#
#
# def show_table(table, name):
#     """Print a DP table: one row per block count j, one column per position i ('T' true)."""
#     print(f'{name + "[j][i]":>13}  i=' + ' '.join(str(i) for i in range(len(table[0]))))
#     for j, row in enumerate(table):
#         print(f'{"j=" + str(j):>13}    ' + ' '.join('T' if x else '.' for x in row))
#
# example = parse_line('?#.??')
# show_table(prefix_table([2, 1], example), 'before')
# print()
# show_table(suffix_table([2, 1], example), 'after')

# %% [markdown]
# Read it: `before[1][2]` is True because the first two cells can hold the block of 2, and
# `before[2][5]` is True, so the whole line can hold both blocks: there is at least one solution.
# Cell 0 could be empty only if cells 1 onwards held both blocks, `after[0][1]`, which is False;
# so cell 0 must be filled. Each cell is decided the same way.
#
# Now the whole solver. Marking "can be filled" on every cell of every position of every block
# would cost the block's length again, so each position of a block instead adds 1 at its start and
# subtracts 1 just after its end in a *difference array*; a running total over that array then
# counts, for each cell, the block positions that cover it, and the work stays at
# `O(cells x blocks)`. The solver returns a
# **new** line with every cell that all layouts agree on filled in, and raises `Contradiction`
# when no layout fits.

# %%
def solve_line(blocks: Clue, line: Line) -> Line:
    """Decide every cell of `line` that all layouts of `blocks` agree on.

    blocks: the clue, a list of block lengths ([] or [0] for an empty line).
    line:   a list of 1 (filled), 0 (empty) or None (unknown).
    Returns a new list; raises Contradiction if no layout fits, ClueError on malformed input.
    Runs in O(cells x blocks) time by dynamic programming, without listing layouts.
    """
    line = check_line(line)
    blocks = normalize_clue(blocks, len(line))
    n, k = len(line), len(blocks)
    before, after = prefix_table(blocks, line), suffix_table(blocks, line)
    runs = open_runs(line)
    if not before[k][n]:
        raise Contradiction(f'no layout of {blocks} fits the line {show_line(line)}')
    can_clear = [False] * n
    for c in range(n):
        if line[c] != 1:
            can_clear[c] = any(before[j][c] and after[j][c + 1] for j in range(k + 1))
    cover = [0] * (n + 1)  # difference array: +1 where a placed block starts, -1 just after it
    for j, length in enumerate(blocks):
        for start in range(n - length + 1):
            stop = start + length
            left_ok = before[j][start - 1] if start > 0 else j == 0
            right_ok = after[j + 1][stop + 1] if stop < n else j == k - 1
            if (left_ok and right_ok and may_fill(runs, start, stop)
                    and may_clear(line, start - 1) and may_clear(line, stop)):
                cover[start] += 1
                cover[stop] -= 1
    result, covering = [], 0
    for c in range(n):
        covering += cover[c]  # how many possible block positions cover cell c
        can_fill = covering > 0
        result.append(None if can_fill and can_clear[c] else int(can_fill))
    return result

# %% [markdown]
# Both halves on the same example. The cell below computes "can be empty" for every cell, then
# repeats the solver's loop over the block positions, printing each one that passes all the tests
# and the difference array it builds; the running total of that array counts, for each cell, the
# positions that cover it.

# %% tags=["active-ipynb"]
# blocks, n, k = [2, 1], 5, 2
# before, after = prefix_table(blocks, example), suffix_table(blocks, example)
# runs = open_runs(example)
# can_clear = [example[c] != 1 and any(before[j][c] and after[j][c + 1] for j in range(k + 1))
#              for c in range(n)]
# print('can be empty:', can_clear)
# cover = [0] * (n + 1)
# for j, length in enumerate(blocks):
#     for start in range(n - length + 1):
#         stop = start + length
#         left_ok = before[j][start - 1] if start > 0 else j == 0
#         right_ok = after[j + 1][stop + 1] if stop < n else j == k - 1
#         if (left_ok and right_ok and may_fill(runs, start, stop)
#                 and may_clear(example, start - 1) and may_clear(example, stop)):
#             cover[start] += 1
#             cover[stop] -= 1
#             print(f'block {j} (length {length}) fits at cells {start}..{stop - 1}:'
#                   f' cover[{start}] += 1, cover[{stop}] -= 1')
# totals = [sum(cover[:c + 1]) for c in range(n)]
# print('difference array', cover[:n], '-> positions covering each cell', totals)

# %% [markdown]
# Block 0 has a single position, cells 0 and 1 (cell 1 is filled and must belong to it), and
# block 1 has two, cell 3 or cell 4. So cells 0, 1, 3 and 4 *can* be filled and cell 2 cannot.
# Combined with the "can be empty" half (cells 0 and 1 cannot be empty; cells 3 and 4 can, when
# the other one holds the block), cells 0 and 1 are filled, cell 2 is empty, and cells 3 and 4
# stay unknown:

# %% tags=["active-ipynb"]
# print(show_line(example), '->', show_line(solve_line([2, 1], example)))
# try:
#     solve_line([3], parse_line('?.?.?'))
# except Contradiction as error:
#     print('Contradiction:', error)

# %% [markdown]
# ## Checking that the two solvers agree
#
# The fast solver is only worth having if it gives exactly the answers of the obviously right one,
# lesson 1's `solve_line_by_enumeration`. Rather than argue it, check it: every clue against every partially
# known line of up to 7 cells (each cell known empty, known filled or unknown: `3 ** cells` lines
# per clue). Both solvers must return the same line, or both must find a contradiction. Most such
# lines are contradictions (random known cells rarely fit a clue), so the check counts the cases
# with an answer separately.

# %% tags=["active-ipynb"]
# from itertools import product
# from nonovector import all_clues, solve_line_by_enumeration
#
#
# def outcome(solver, blocks, line):
#     """The solver's answer, or the word 'contradiction'."""
#     try:
#         return solver(blocks, line)
#     except Contradiction:
#         return 'contradiction'
#
#
# cases = answered = 0
# for cells in range(0, 8):
#     for blocks in all_clues(cells):
#         for line in product([None, 0, 1], repeat=cells):
#             fast = outcome(solve_line, blocks, list(line))
#             assert fast == outcome(solve_line_by_enumeration, blocks, list(line)), (blocks, line)
#             cases += 1
#             answered += fast != 'contradiction'
# print(f'solve_line = enumeration on all {cases:,} cases:'
#       f' {answered:,} with an answer, {cases - answered:,} contradictions')

# %% [markdown]
# ## How much faster?
#
# Time is noisy, so first count steps, using a simple cost model of each solver: the enumerating
# solver builds every layout and looks at each of its cells, about `layouts x cells` steps, while
# the DP fills two tables of `(blocks + 1) x (cells + 1)` entries and scans the starts of each
# block once, `2 x (blocks + 1) x (cells + 1) + blocks x cells` steps, about three times cells
# times blocks. Take the line with nothing known and one block of 2
# for every 5 cells, and let it grow:

# %% tags=["active-ipynb"]
# from nonovector import count_layouts, growing_clue
#
#
# def enumeration_work(blocks, cells):
#     """Steps of the enumerating solver (cost model): every cell of every layout."""
#     return count_layouts(blocks, cells) * cells
#
#
# def dp_work(blocks, cells):
#     """Steps of solve_line (cost model): two tables plus one scan of starts per block."""
#     return 2 * (len(blocks) + 1) * (cells + 1) + len(blocks) * cells
#
#
# print(f'{"cells":>5} {"blocks of 2":>11} {"enumeration steps":>26} {"DP steps":>9}')
# for n in [10, 15, 20, 25, 30, 40, 60, 80, 100]:
#     blocks = growing_clue(n)
#     print(f'{n:5} {len(blocks):11} {enumeration_work(blocks, n):26,} {dp_work(blocks, n):9,}')
# growth = enumeration_work(growing_clue(35), 35) / enumeration_work(growing_clue(30), 30)
# print(f'from 30 to 35 cells, enumeration steps grow {growth:.1f} times')

# %% [markdown]
# And the clock, on the sizes where enumeration still finishes quickly. (Timings vary from machine
# to machine and run to run.) Beware of adding
# bigger sizes in class: each five cells more multiply enumeration's work several times over, as
# the step counts above show (the factor printed under them); the measured times follow them
# roughly.

# %% tags=["active-ipynb", "nbval-ignore-output"]
# from timeit import timeit
# import matplotlib.pyplot as plt
#
# timed_sizes = [10, 15, 20, 25, 30]
# enum_seconds, dp_seconds = [], []
# for n in timed_sizes:
#     blocks, line = growing_clue(n), [None] * n
#     enum_seconds.append(timeit(lambda: solve_line_by_enumeration(blocks, line), number=3) / 3)
#     dp_seconds.append(timeit(lambda: solve_line(blocks, line), number=3) / 3)
#     print(f'{n:3} cells: enumeration {enum_seconds[-1] * 1000:9.2f} ms,'
#           f' DP {dp_seconds[-1] * 1000:6.3f} ms, ratio {enum_seconds[-1] / dp_seconds[-1]:6.0f}x')
#
# fig, ax = plt.subplots(figsize=(7, 4))
# ax.plot(timed_sizes, enum_seconds, marker='o', label='enumerate layouts (nonovector + newforces)')
# ax.plot(timed_sizes, dp_seconds, marker='s', label='dynamic programming (solve_line)')
# ax.set_yscale('log')
# ax.set_xticks(timed_sizes)
# ax.set_xlabel('cells in the line (a block of 2 per 5 cells, nothing known)')
# ax.set_ylabel('seconds per line (log scale)')
# ax.set_title('Enumeration time multiplies with each 5 cells; the DP grows slowly')
# ax.legend()
# plt.show()

# %% [markdown]
# ## What we have learned, and what comes next
#
# - Two tables, `before` (can the first `i` cells hold the first `j` blocks?) and `after` (can the
#   rest hold the rest?), filled left to right and right to left, say for each cell whether it can
#   be empty; a difference array over the positions of each block says whether it can be filled.
# - `solve_line` puts them together: a complete line solver in `O(cells x blocks)` steps, equal to
#   lesson 1's enumeration on every line of up to 7 cells, and faster by a factor that grows
#   without bound with the line.
#
# A line solver alone cannot solve a picture: most rows know little until the columns tell them
# something, and the other way round. Next, lesson 3 (`nonogram2d`) passes what each line learns
# to the lines that cross it, until the picture appears.
#
# ## Exercises
#
# 1. *Predict, then run.* Before running it, write down what `solve_line([3], parse_line('??#???'))`
#    returns. Then print both tables and find the entries that let cell 5 be empty
#    (`before[j][5] and after[j][6]` for some `j`), and say why no position of the block can cover
#    cell 5.
# 2. `solve_line([1, 1], [None] * 4)` decides nothing. Which entries of `before` and `after` make
#    cell 0 possibly empty, and which block position makes it possibly filled?
# 3. *Prove it.* Explain why `before[j][i]` can only be True when `i >= min_length(blocks[:j])`.
# 4. *Extend.* Change the agreement check to lines of up to 8 cells. How many cases are there now,
#    and roughly how many times longer does the check take? Predict it from the number of cases
#    first.
