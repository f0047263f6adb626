# %% [markdown]
# # Lesson 6. A line solver made of bits
#
# Lesson 2's `solve_line` decides a line in `O(cells x blocks)` steps; lesson 4's engine calls it
# again and again, so the *constant* in front matters. This lesson keeps lesson 2's algorithm and
# makes each step bigger: a whole row of a table becomes one Python integer. By the end of this
# lesson you will be able to
#
# - explain why plain Python is slow *per operation*;
# - write a line as two bitmasks;
# - walk through empty cells with one addition, and find where a block fits with a few shifts;
# - compute lesson 2's tables by a forward pass and its mirror image, and solve a line with them.

# %%
"""Lesson 6: lesson 2's line solver on bitmasks, each row of its tables one Python integer.
Errors: nonovector.Contradiction (no layout fits), nonocheck.ClueError (a malformed line)."""

from nonocheck import (MOST_CELLS, check_line, check_mask_rows, check_tabled_line,  # checks,
                       check_whole)  # from the library of checks
from nonovector import Contradiction, Line, show_line


# %% [markdown]
# ## Why Python is slow per operation
#
# `before[j][i] = True` is many interpreter steps (fetch `before`, look up item `j`, check its
# type, look up item `i`, store), paid for every entry of lesson 2's tables. One `&`, `|`, `<<`
# or `+` on an integer pays about the same toll, and an integer holds any number of bits: with a
# row of a table as one integer, one operation updates the whole line (*bit parallelism*). Timed
# (times vary from run to run):

# %% tags=["active-ipynb", "nbval-ignore-output"]
# from timeit import timeit
#
# cells_a, cells_b = [True, False] * 12 + [True], [False, True] * 12 + [True]  # 25 bools each
# mask_a, mask_b = 0b1010101010101010101010101, 0b1101010101010101010101010    # the same, as bits
# table = [cells_a, cells_b]
# for what, code in [('one store, table[1][3] = True', 'table[1][3] = True'),
#                    ('AND of two rows, cell by cell', '[a and b for a, b in zip(cells_a, cells_b)]'),
#                    ('AND of two rows, as integers', 'mask_a & mask_b')]:
#     seconds = timeit(code, globals=globals(), number=20_000) / 20_000
#     print(f'{what:>29}: {seconds * 1e9:5.0f} ns')

# %% [markdown]
# ## A line as two bitmasks
#
# Cell `i` becomes bit `i` of an integer (cells count from 0; cell 0 is the lowest bit). A line
# becomes two integers: `filled` has a 1 for each cell known filled, `empty` for each cell known
# empty; unknown cells are 0 in both. `show_bits` prints a mask in *line order*, bit 0 first (the
# reverse of Python's binary notation); `show_masks` prints several, named, under their line, here
# one read by lesson 1's `parse_line`:

# %%
def line_to_bits(line: Line) -> tuple[int, int]:
    """Return (filled, empty): bitmasks of the cells known filled and known empty (bit i = cell i).
    The line is checked as in lesson 1: a cell that is not 1, 0 or None is a ClueError."""
    return cells_to_bits(check_line(line))


def cells_to_bits(cells) -> tuple[int, int]:
    """line_to_bits for cells already checked (a list or tuple of 1/0/None)."""
    filled = empty = 0
    for i, cell in enumerate(cells):
        if cell == 1:
            filled |= 1 << i
        elif cell == 0:
            empty |= 1 << i
    return filled, empty


def bits_to_line(cells: int, filled: int, empty: int) -> Line:
    """The list of 1/0/None for a line of `cells` cells with the given filled and empty masks."""
    return [1 if filled >> i & 1 else 0 if empty >> i & 1 else None for i in range(cells)]


def show_bits(mask: int, width: int) -> str:
    """A mask as a string of 0/1 in *line order*: bit 0 (cell or position 0) first."""
    check_whole('mask', mask), check_whole('width', width, most=MOST_CELLS)
    return ''.join(str(mask >> i & 1) for i in range(width))


def show_masks(line: Line, rows) -> None:
    """Print each (name, mask, width) of `rows` in line order, under column numbers and the line."""
    line, rows = check_line(line), check_mask_rows(rows)
    width = max([len(line)] + [width for _, _, width in rows])
    print(f'{"":>17}  {"".join(str(i % 10) for i in range(width))}')
    print(f'{"line":>17}  {show_line(line)}')
    for name, mask, width in rows:
        print(f'{name:>17}  {show_bits(mask, width)}')


# %% tags=["active-ipynb"]
# from nonovector import parse_line
#
# line = parse_line('?#.??#?')
# filled, empty = line_to_bits(line)
# show_masks(line, [(f'filled = {filled}', filled, len(line)),
#                   (f'empty = {empty}', empty, len(line))])
# assert bits_to_line(len(line), filled, empty) == line

# %% [markdown]
# ## Reaching forward with one addition
#
# Lesson 2's `before[j][i]` says "cells `0 .. i - 1` can hold exactly the first `j` blocks". Here
# each row `before[j]` is one integer, bit `p` for *position* `p`, the boundary before cell `p`.
# Positions run from 0 to `cells`: a position mask is one bit longer than a cell mask.
#
# If position `p` is reachable and cell `p` may be empty, so is `p + 1`. A loop would take one step
# per cell; one addition takes them all. Let `step` have bit `p + 1` set when cell `p` may be
# empty, and the *seeds* be the starting positions. Their first moves,
# `first = (seeds << 1) & step`, each sit in a run of 1s of `step`; adding `first` to `step` sends
# a carry up through the rest of the run: the walk happens inside the interpreter's C code. The
# bits that changed, `(step + first) ^ step`, are the positions walked over plus an overflow bit
# above each run, which `& step` removes; the example shows why `| first` is needed too.

# %%
def reach(seeds: int, step: int) -> int:
    """Positions reachable from `seeds` by moving forward through allowed steps (bit p of `step`
    allows the move from position p - 1 to p)."""
    first = (seeds << 1) & step
    return seeds | ((((step + first) ^ step) | first) & step)


# %% [markdown]
# The same line, seeds at positions 0, 3 and 4 (in line order, carries travel to the **right**):

# %% tags=["active-ipynb"]
# full = (1 << len(line)) - 1
# step = (full & ~filled) << 1     # position p may follow p - 1 if cell p - 1 may be empty
# seeds = 0b11001                  # positions 0, 3 and 4
# first = (seeds << 1) & step
# show_masks(line, [(name, value, len(line) + 1) for name, value in [
#     ('step', step), ('seeds', seeds), ('first', first), ('step + first', step + first),
#     ('(step+first)^step', (step + first) ^ step), ('reach', reach(seeds, step))]])

# %% [markdown]
# Seed 0 steps to 1; its carry stops at 2 (cell 1 is filled). Seeds 3 and 4 step to 4 and 5, both
# in `step`'s run 3 to 5. The carry from 4 meets `first`'s 1 at 5: the sum writes 1 there and
# carries on to 6, so the XOR misses 5, although it is reached. `& step` drops the overflow bits 2
# and 6, and `| first` restores 5.
#
# ## Where a block fits, and the forward pass
#
# A block of length `L` may start at cell `s` only if cells `s .. s + L - 1` may all be filled.
# With `may_fill` the cells not known empty, those starts are
# `may_fill & (may_fill >> 1) & ... & (may_fill >> (L - 1))`. `runs_of` gets there in about
# `log2(L)` ANDs by doubling the shift (`span` = 1, 2, 4, ...), then one last shift for the rest.

# %%
def runs_of(may_fill: int, length: int) -> int:
    """Bit s set when cells s .. s + length - 1 are all set in `may_fill` (doubling shifts)."""
    fits, span = may_fill, 1
    while span * 2 <= length:
        fits &= fits >> span
        span *= 2
    if span < length:
        fits &= fits >> (length - span)  # two overlapping runs of `span` cover `length` cells
    return fits


# %% tags=["active-ipynb"]
# may_fill = full & ~empty
# show_masks(line, [('may fill', may_fill, len(line))]
#            + [(f'fits {length}', runs_of(may_fill, length), len(line)) for length in (2, 3)])

# %% [markdown]
# The forward pass starts from `before[0] = reach(1, step)` (the mask 1 is position 0 alone). Then,
# for each block `j` of length `L`:
#
# - the starts allowed on the left: for block 0, any reachable position; later blocks need a gap
#   first, so position `s - 1` reachable and cell `s - 1` may be empty: `(before[j] << 1) & step`;
# - keep those where the block fits: `& runs_of(may_fill, L)`;
# - shift by `L` to the block's end, and `reach` on through empty cells: that is `before[j + 1]`.
#
# The line has a layout exactly when position `cells` is in `before[k]`.

# %%
def forward(clue: tuple[int, ...], cells: int, filled: int,
            empty: int) -> tuple[list[int], list[int]]:
    """Lesson 2's `before` table on bitmasks: (before, starts), before[j] (j = 0 .. k) the positions
    reachable with the first j blocks placed, starts[j] block j's starts allowed on its left."""
    full = (1 << cells) - 1
    may_fill = full & ~empty
    step = (full & ~filled) << 1
    reached = reach(1, step)
    before, starts = [reached], []
    allowed = reached  # the first block may start at any reachable position
    for length in clue:
        allowed &= runs_of(may_fill, length)
        starts.append(allowed)
        reached = reach(allowed << length, step)
        before.append(reached)
        allowed = (reached << 1) & step  # later blocks need one empty cell first
    return before, starts


def trace_forward(clue: tuple[int, ...], line: Line) -> None:
    """Print before[j] and starts[j] of the forward pass of `clue` on `line`, in line order."""
    clue, line = check_tabled_line(clue, line)
    cells = len(line)
    before, starts = forward(tuple(clue), cells, *line_to_bits(line))
    rows = [('before[0]', before[0], cells + 1)]
    for j in range(len(clue)):
        rows += [(f'starts[{j}]', starts[j], cells), (f'before[{j + 1}]', before[j + 1], cells + 1)]
    show_masks(line, rows)
    print('layout exists' if before[-1] >> cells & 1 else 'contradiction')


# %% [markdown]
# `trace_forward` prints the pass's rows; here the clue `[2, 1]` on `?#.??#?`:

# %% tags=["active-ipynb"]
# trace_forward([2, 1], line)

# %% [markdown]
# Block 1 may start at 3, 4 or 5 as far as the left side knows; that it must cover cell 5 is a
# demand from the right, which a forward pass cannot see.
#
# ## The backward pass: the mirror image
#
# As in lesson 2, `after` is the `before` of the reversed line and clue (`reverse_bits` mirrors a
# mask): reversed over `cells + 1` positions, the mirror's `before[k - j]` is `after[j]`, bit `p`
# set when cells `p .. cells - 1` can hold blocks `j .. k - 1`.

# %%
def reverse_bits(mask: int, width: int) -> int:
    """`mask` read backwards over `width` bits: bit i becomes bit width - 1 - i."""
    return int(format(mask, f'0{width}b')[::-1], 2) if width else 0


def backward(clue: tuple[int, ...], cells: int, filled: int, empty: int) -> list[int]:
    """after[j] for j = 0 .. k: the forward pass of the mirror image, reversed."""
    k = len(clue)
    mirror, _ = forward(clue[::-1], cells, reverse_bits(filled, cells), reverse_bits(empty, cells))
    return [reverse_bits(mirror[k - j], cells + 1) for j in range(k + 1)]


# %% [markdown]
# Then, as in lesson 2, a cell
#
# - **may be empty** if it is not known filled and some `before[j]` holds at its left boundary
#   and `after[j]` at its right: `before[j] & (after[j] >> 1)`, ORed over `j`;
# - **may be filled** if some block `j` of length `L` has a *good start* `s`: one in `starts[j]`
#   with room on the right (cell `s + L` may be empty and `after[j + 1]` holds at `s + L + 1`; for
#   the last block, `after[k]` at `s + L`). `spread` ORs the good starts shifted by
#   `0 .. L - 1`: the cells they cover.
#
# A cell that may be filled but not empty is filled, and the other way round. `line_bits`, below
# the two helpers, puts the passes and these rules together: the whole solver on masks.

# %%
def spread(starts: int, length: int) -> int:
    """Bit i set when some start s in `starts` has s <= i < s + length (doubling shifts)."""
    covered, span = starts, 1
    while span * 2 <= length:
        covered |= covered << span
        span *= 2
    if span < length:
        covered |= covered << (length - span)  # two overlapping runs of `span` cover `length`
    return covered


def good_starts(clue: tuple[int, ...], starts: list[int], after: list[int],
                may_empty: int) -> list[int]:
    """For each block j, its starts allowed on both sides: those of starts[j] after which the block,
    an empty cell, then after[j + 1] fit (for the last block: the block, then after[k])."""
    k = len(clue)
    return [starts[j] & ((((after[j + 1] >> 1) & may_empty) if j < k - 1 else after[k]) >> length)
            for j, length in enumerate(clue)]


def line_bits(clue: tuple[int, ...], cells: int, filled: int, empty: int) -> tuple[int, int]:
    """The bit-parallel line solver, unchecked: the (filled, empty) masks of every cell that all
    layouts of `clue` (a tuple of positive ints) agree on, the known cells too. Raises
    Contradiction if no layout fits."""
    k = len(clue)
    full = (1 << cells) - 1
    before, starts = forward(clue, cells, filled, empty)
    if not before[k] >> cells & 1:
        raise Contradiction(f'no layout of {list(clue)} fits the line '
                            f'{show_line(bits_to_line(cells, filled, empty))}')
    after = backward(clue, cells, filled, empty)
    may_empty = full & ~filled
    can_empty = 0
    for j in range(k + 1):
        can_empty |= before[j] & (after[j] >> 1)
    can_fill = 0
    for good, length in zip(good_starts(clue, starts, after, may_empty), clue):
        can_fill |= spread(good, length)
    return full & ~(can_empty & may_empty), full & ~can_fill


def trace_backward(clue: tuple[int, ...], line: Line) -> None:
    """Print after[j], each block's good starts and the answer of line_bits, in line order."""
    clue, line = check_tabled_line(clue, line)
    clue, cells, (filled, empty) = tuple(clue), len(line), line_to_bits(line)
    starts, after = forward(clue, cells, filled, empty)[1], backward(clue, cells, filled, empty)
    good = good_starts(clue, starts, after, ((1 << cells) - 1) & ~filled)
    show_masks(line, [(f'after[{j}]', mask, cells + 1) for j, mask in enumerate(after)]
               + [(f'good starts[{j}]', mask, cells) for j, mask in enumerate(good)])
    answer = bits_to_line(cells, *line_bits(clue, cells, filled, empty))
    print(f'{"answer":>17}  {show_line(answer)}')


# %% [markdown]
# `trace_backward` prints this half:

# %% tags=["active-ipynb"]
# trace_backward([2, 1], line)

# %% [markdown]
# The right side rules out starts 3 and 4 for block 1 (`after[2]` holds only at positions 6
# and 7): block 0 keeps start 0, block 1 start 5, and the line is decided.
#
# ## Checked against lesson 2
#
# On every clue and partly known line of up to 7 cells, `line_bits` must agree with lesson 2:

# %% tags=["active-ipynb"]
# from itertools import product
#
# from nonoline import solve_line
# from nonovector import all_clues
#
# def outcome(solver, *args):  # the solver's answer, or the word 'contradiction'
#     try:
#         return solver(*args)
#     except Contradiction:
#         return 'contradiction'
#
# cases = 0
# for cells in range(8):
#     for clue, known in product(all_clues(cells), product([None, 0, 1], repeat=cells)):
#         bits = outcome(line_bits, clue, cells, *line_to_bits(known))
#         answer = bits if bits == 'contradiction' else bits_to_line(cells, *bits)
#         assert answer == outcome(solve_line, list(clue), list(known))
#         cases += 1
# print(f'line_bits = lesson 2 on all {cases:,} cases')

# %% [markdown]
# ## What we have learned, and what comes next
#
# - Python pays tens of nanoseconds per operation: one on a whole line beats a loop over cells.
# - `reach` walks through empty cells with one addition; `runs_of` and `spread` use doubling shifts.
# - `line_bits` is lesson 2's solver on bitmasks: a forward pass and its mirror image.
#
# Next, lesson 7 makes this solver fast in practice and measures the gain.
#
# ## Exercises
#
# 1. *Predict, then run.* What does `show_bits(runs_of(0b111011, 3), 6)` print? (`0b111011` is
#    `may_fill` for the line `?#.???`.)
# 2. Run both traces on the clue `[1, 2]` and the line `?#?????`. Which cells are decided, and
#    by which rows of the traces?
# 3. *Prove it.* After the loop of `runs_of`, bit `s` of `fits` is set exactly when cells
#    `s .. s + span - 1` are all set in `may_fill` (induction on the doublings).
# 4. *Measure and explain.* Time `line_bits` on an unknown line of 20 and of 2,000 cells with the
#    clue `(5,)`, then of 100 cells with `(1,) * 5` and `(1,) * 45`. Which matters more, cells or
#    blocks? Why?
