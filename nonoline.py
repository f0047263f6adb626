# %% [markdown]
# # Lesson 2. One line, without listing layouts
#
# Lesson 1 solved a line by listing the layouts that agree with the known cells and keeping the
# cells they all agree on: obviously right, and hopeless on long lines. This lesson answers the
# same question in steps proportional to *cells x blocks*. By the end of it you will be able to
#
# - fill two tables of True/False by *dynamic programming*, and read off from them whether the
#   line can hold its blocks at all and whether each cell can be empty;
# - find the cells that can be filled with a *difference array*, and so build `solve_line`, a
#   complete line solver;
# - check it against lesson 1's solver on every line of up to seven cells, and measure the gain.
#
# This notebook is the module `nonoline`. It uses lesson 1's names (`Clue`, `Line`,
# `Contradiction`, `show_line`, `parse_line`, `min_length`), and lesson 1's solver as the referee.

# %%
"""Lesson 2: a complete line solver in O(cells x blocks), by dynamic programming: solve_line."""

from nonocheck import check_line, check_table, check_tables, check_tabled_line, check_text
from nonovector import Clue, Contradiction, Line, min_length, parse_line, show_line  # noqa: F401

# %% [markdown]
# ## Two tables instead of a list
#
# We need no layouts, only two facts per cell: can it be empty in some layout that fits the known
# cells, and can it be filled in one? Let the line have `n` cells and `k` blocks; `j` counts
# blocks, from 0 to `k`, so the first `j` blocks are `blocks[0]` to `blocks[j - 1]`. Two tables of
# True/False, both agreeing with the known cells:
#
# - `before[j][i]`: can cells `0 .. i - 1` hold exactly the first `j` blocks?
# - `after[j][i]`: can cells `i .. n - 1` hold exactly the other blocks, `blocks[j]` onwards?
#
# *Dynamic programming* fills a table entry by entry from entries already filled. `before[0][0]`
# is True (no cells, no blocks), and `before[j][i]` is True when
#
# - cell `i - 1` can be empty and `before[j][i - 1]` is True; **or**
# - the last of the `j` blocks, `blocks[j - 1]`, can end at cell `i - 1`: its cells from
#   `start = i - blocks[j - 1]` can all be filled, cell `start - 1` can be empty, and
#   `before[j - 1][start - 1]` is True;
# - but if `start` is 0 no cell precedes the block, which is right only for the first, `j == 1`.
#
# `suffix_table` builds `after` as the `before` table of the reversed line and clue. In the code,
# `may_clear(line, i)` asks whether cell `i` can be empty (positions just outside the line can:
# they are the edges), and `may_fill(runs, start, stop)` whether cells `start .. stop - 1` can all
# be filled, in one comparison, using `open_runs`: the number of consecutive cells not known empty just before
# each position.

# %%
def open_runs(line: Line) -> list[int]:
    """runs[i]: the number of consecutive cells, ending at cell i - 1, not known to be empty."""
    line = check_line(line)
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
    blocks, line = check_tabled_line(blocks, line)
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
    """after[j][i]: can cells i .. end hold exactly blocks j .. k - 1, agreeing with `line`?"""
    blocks, line = check_tabled_line(blocks, line)
    n, k = len(line), len(blocks)
    mirror = prefix_table(blocks[::-1], line[::-1])
    return [[mirror[k - j][n - i] for i in range(n + 1)] for j in range(k + 1)]


def show_table(table: list[list[bool]], name: str) -> None:
    """Print a DP table: one row per block count j, one column per position i ('T' true)."""
    table, name = check_table('table', table), check_text('name', name)
    print(f'{name + "[j][i]":>13}  i=' + ' '.join(str(i) for i in range(len(table[0]))))
    for j, row in enumerate(table):
        print(f'{"j=" + str(j):>13}    ' + ' '.join('T' if x else '.' for x in row))


# %% [markdown]
# A worked example: the clue `[2, 1]` on `?#.??` (cell 1 known filled, cell 2 known empty), as in
# lesson 1. One row per `j`, one column per `i`; `T` is True.

# %% tags=["active-ipynb"]
# example = parse_line('?#.??')
# show_table(prefix_table([2, 1], example), 'before')
# show_table(suffix_table([2, 1], example), 'after')

# %% [markdown]
# `before[1][2]` is True: cells 0 and 1 hold the block of 2. `before[2][5]` is True: the whole
# line holds both blocks, so at least one layout fits (if not: `Contradiction`).
#
# ## From the tables to the cells
#
# Cell `c` can be **empty** if it is not known filled and, for some `j`, the first `j` blocks fit
# before it and the rest after it: `before[j][c] and after[j][c + 1]`. In the example, cell 0
# could be empty only with both blocks after it, `after[0][1]`, which is False: cell 0 is filled.
#
# Cell `c` can be **filled** if a *fitting position* of some block covers it. Block `blocks[j]`
# fits at cells `start .. stop - 1` when they can all be filled, the cell on each side can be
# empty, the blocks before it fit before the left one (`before[j][start - 1]`) and the rest after
# the right one (`after[j + 1][stop + 1]`). At the left edge it must be the first block, `j == 0`:
# this `j` counts the blocks *before* it, where `before`'s `j == 1` counted the block itself. At
# the right edge it must be the last, `j == k - 1`.
#
# Marking each cell of each fitting position would cost a block's length each time. Instead each
# position adds 1 at its start and subtracts 1 just after its end in a *difference array*, whose
# running total counts the positions covering each cell: the work stays `O(cells x blocks)`. A
# cell is decided when it can only be empty or only be filled.

# %%
def can_be_empty(line: Line, before: list[list[bool]], after: list[list[bool]]) -> list[bool]:
    """For each cell: is it not known filled, with some first j blocks before it, the rest after?"""
    line, before, after = check_tables(line, before, after)
    return [line[c] != 1 and any(before[j][c] and after[j][c + 1] for j in range(len(before)))
            for c in range(len(line))]


def fitting_positions(blocks: Clue, line: Line, before, after):
    """(j, start, stop) for each place, cells start .. stop - 1, where block j fits in a layout."""
    blocks, line, before, after = check_tables(line, before, after, blocks)
    n, k, runs = len(line), len(blocks), open_runs(line)
    for j, length in enumerate(blocks):
        for start in range(n - length + 1):
            stop = start + length
            left_ok = before[j][start - 1] if start > 0 else j == 0
            right_ok = after[j + 1][stop + 1] if stop < n else j == k - 1
            if (left_ok and right_ok and may_fill(runs, start, stop)
                    and may_clear(line, start - 1) and may_clear(line, stop)):
                yield j, start, stop


def solve_line(blocks: Clue, line: Line) -> Line:
    """A new line with every cell that all layouts of `blocks` agree on decided, in O(cells x
    blocks); raises Contradiction if no layout fits, ClueError on malformed input."""
    blocks, line = check_tabled_line(blocks, line)
    n, k = len(line), len(blocks)
    before, after = prefix_table(blocks, line), suffix_table(blocks, line)
    if not before[k][n]:
        raise Contradiction(f'no layout of {blocks} fits the line {show_line(line)}')
    cover = [0] * (n + 1)  # difference array: +1 where a fitting position starts, -1 after it
    for j, start, stop in fitting_positions(blocks, line, before, after):
        cover[start] += 1
        cover[stop] -= 1
    result, covering = [], 0
    for c, empty_ok in enumerate(can_be_empty(line, before, after)):
        covering += cover[c]  # how many fitting positions cover cell c
        result.append(None if covering and empty_ok else int(covering > 0))
    return result


# %% tags=["active-ipynb"]
# before, after = prefix_table([2, 1], example), suffix_table([2, 1], example)
# print('can be empty:', can_be_empty(example, before, after))
# print('fitting positions (j, start, stop):', list(fitting_positions([2, 1], example, before, after)))
# print(show_line(example), '->', show_line(solve_line([2, 1], example)))
# try:
#     solve_line([3], parse_line('?.?.?'))
# except Contradiction as error:
#     print('Contradiction:', error)

# %% [markdown]
# Block 0 fits only at cells 0 and 1, block 1 at cell 3 or cell 4: cells 0 and 1 are filled, cell
# 2 is empty, and cells 3 and 4 stay unknown.
#
# ## Checking that the two solvers agree
#
# The fast solver is only worth having if it gives exactly the answers of lesson 1's
# `solve_line_by_enumeration`. Check every clue against every line of up to 7 cells, each cell
# known empty, known filled or unknown: both must return the same line, or both find a
# contradiction (most such lines have one: the cell counts them).

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
# Time is noisy, so first count steps with a cost model. The enumerating solver looks at every
# cell of every layout: `layouts x cells` steps. `solve_line` makes four passes over tables of
# `(blocks + 1) x (cells + 1)` entries (`before`; `after`, which costs two: a reversed table and
# its copy; the "can be empty" scan) and tries each start of each block: about five times cells
# times blocks. Take a line with nothing known and one block of 2 per 5 cells, and let it grow:

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
#     """Steps of solve_line (cost model): four passes over tables, one try of each block start."""
#     return 4 * (len(blocks) + 1) * (cells + 1) + sum(cells - length + 1 for length in blocks)
#
#
# print(f'{"cells":>5} {"blocks of 2":>11} {"enumeration steps":>26} {"DP steps":>9}')
# for n in [10, 20, 30, 40, 60, 100]:
#     blocks = growing_clue(n)
#     print(f'{n:5} {len(blocks):11} {enumeration_work(blocks, n):26,} {dp_work(blocks, n):9,}')
# growth = enumeration_work(growing_clue(35), 35) / enumeration_work(growing_clue(30), 30)
# print(f'from 30 to 35 cells, enumeration steps grow {growth:.1f} times')

# %% [markdown]
# And the clock, on sizes where enumeration still finishes quickly (timings vary from machine to
# machine). Do not add bigger sizes in class: each five cells more multiply enumeration's time
# several times over, as the step counts predict.

# %% tags=["active-ipynb", "nbval-ignore-output"]
# from timeit import repeat
# import matplotlib.pyplot as plt
#
# timed_sizes = [10, 15, 20, 25, 30]
# enum_seconds, dp_seconds = [], []
# for n in timed_sizes:
#     blocks, line = growing_clue(n), [None] * n
#     enum_seconds.append(min(repeat(lambda: solve_line_by_enumeration(blocks, line), number=3)) / 3)
#     dp_seconds.append(min(repeat(lambda: solve_line(blocks, line), number=3)) / 3)
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
# - `before` and `after` say whether the line can hold its blocks and which cells can be empty.
# - A difference array over the fitting positions says which cells can be filled.
# - `solve_line` agrees with lesson 1's solver, faster by a factor that grows without bound.
#
# A line solver alone cannot solve a picture: most rows know little until the columns tell them
# something. Next, lesson 3 passes what each line learns to the lines that cross it.
#
# ## Exercises
#
# 1. *Predict, then run.* What does `solve_line([3], parse_line('??#???'))` return? Print both
#    tables with `show_table`: which entries let cell 5 be empty, and why does no fitting position
#    cover it?
# 2. `solve_line([1, 1], [None] * 4)` decides nothing. Which entries of `before` and `after` let
#    cell 0 be empty, and which fitting position lets it be filled?
# 3. *Prove it.* Explain why `before[j][i]` is False whenever `i < min_length(blocks[:j])`.
# 4. *Extend.* Check the two solvers on lines of up to 8 cells. Predict the number of cases and
#    the running time first (allow a minute: there are several times as many cases, and each
#    costs a little more).
