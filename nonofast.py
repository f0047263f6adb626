# %% [markdown]
# # Chapter 4. Speed: a line solver made of bits
#
# Chapter 1 ended with `solve_line`, a dynamic program that answers "which cells of this line are
# certain?" in `O(cells x blocks)` steps instead of listing every layout. That is the right
# algorithm, and it stays the teaching version. Chapter 2 built a whole-puzzle engine on top of
# it: *propagation* (solve rows and columns again until nothing changes), *probing* (try each
# unknown cell both ways and keep what is certain) and depth-first *search*. On a hard puzzle
# that engine asks the line question hundreds of thousands of times, so the *constant* in front
# of `cells x blocks` decides whether a puzzle takes a second or a minute.
#
# This chapter:
#
# 1. shows why plain Python is slow *per operation*, and what that suggests;
# 2. writes a line as two bitmasks, and chapter 1's DP as a few integer operations per block
#    (one addition does the work of an inner loop);
# 3. checks that the new solver agrees with chapter 1 on every small case;
# 4. adds a bounded cache, and measures: lines per second, time against line length;
# 5. plugs the new solver into chapter 2's engine, in one line, and measures whole puzzles.
#
# This notebook is also the module `nonofast`. Its public functions keep chapter 1's contracts:
# `solve_line(blocks, line)` takes and returns lists of `1`/`0`/`None` and raises the same
# `Contradiction` and `ClueError`; `solve_line_bits` is the same solver for programs that keep
# their lines as bitmasks, and `solve_checked` the same again, without checks, for a program that
# has checked its puzzle once.

# %%
"""A fast line solver: chapter 1's DP on bitmasks (Python integers), with a cache.

Chapter 4 of the nonogram tutorial (notebooks/nonofast.ipynb is the readable version).
Public functions: solve_line (same contract as nonoline.solve_line), solve_line_bits,
solve_checked, checked_clue, line_to_bits, bits_to_line, show_bits, reach, runs_of, spread,
line_bits, line_bits_fast, cache_clear, cache_info.
Errors are chapter 1's: nonovector.ClueError (bad input) and nonovector.Contradiction.
"""

from nonovector import Clue, ClueError, Contradiction, Line, check_line, normalize_clue


# %% [markdown]
# ## Why Python is slow per operation
#
# A line of Python such as `before[j][i] = True` is not one machine instruction: the interpreter
# fetches the list `before`, checks its type, looks up item `j`, checks *its* type, looks up
# item `i`, stores, and counts references along the way. Each such step costs tens of
# nanoseconds, whatever the size of the numbers involved. Chapter 1's DP fills two tables of
# `(blocks + 1) x (cells + 1)` entries (seven rows of twenty-six for 6 blocks on 25 cells), each
# entry several such steps, on a single True or False.
#
# One `&`, `|`, `<<` or `+` on a whole Python integer is also one interpreter step, and an
# integer can hold any number of bits (CPython stores it in 30-bit "digits", so a line of up to
# 30 cells is a one-digit number, the cheapest case). So if a whole *row of a DP table* is one
# integer, with bit `i` standing for entry `i`, one operation updates every cell of the line at
# once. That is *bit parallelism*: the per-operation overhead is paid once per line instead of
# once per cell. The solver below spends about fifteen integer operations per block and
# direction, some two hundred for 6 blocks, where chapter 1 spends thousands of interpreted
# steps. One AND of a 25-cell row shows the difference (a timing: the numbers vary from run to
# run, and the benchmark later measures whole solvers):

# %% tags=["active-ipynb", "nbval-ignore-output"]
# from timeit import timeit
#
# setup = '''
# cells_a = [True, False] * 12 + [True]   # one row of a DP table, one Python bool per cell
# cells_b = [False, True] * 12 + [True]
# mask_a, mask_b = 0b1010101010101010101010101, 0b1101010101010101010101010
# '''
# per_cell = timeit('[a and b for a, b in zip(cells_a, cells_b)]', setup, number=20_000) / 20_000
# per_line = timeit('mask_a & mask_b', setup, number=20_000) / 20_000
# print(f'AND of two 25-cell rows, cell by cell: {per_cell * 1e9:6.0f} ns')
# print(f'AND of two 25-bit integers:            {per_line * 1e9:6.0f} ns')

# %% [markdown]
# ## A line as two bitmasks
#
# Cell `i` of a line becomes bit `i` of an integer (cell 0 is the lowest bit, worth 1). What we
# know of a line is then two integers: `filled`, with a 1 for each cell known filled, and
# `empty`, with a 1 for each cell known empty. Unknown cells are 0 in both. Converting is a loop
# over the cells. (A route through strings and `int(text, 2)` looks faster but is not, at the
# lengths of real lines.) `show_bits` prints a mask in *line order*, bit 0 first, so that masks
# can be read under the line they describe.

# %%
def line_to_bits(line: Line) -> tuple[int, int]:
    """Return (filled, empty): bitmasks of the cells known filled and known empty (bit i = cell i).

    `line` is checked as in chapter 1: a cell that is not 1, 0 or None is a ClueError.
    """
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
    line = []
    for i in range(cells):
        if filled >> i & 1:
            line.append(1)
        elif empty >> i & 1:
            line.append(0)
        else:
            line.append(None)
    return line


def show_bits(mask: int, width: int) -> str:
    """A mask as a string of 0/1 in *line order*: bit 0 (cell or position 0) first."""
    return ''.join(str(mask >> i & 1) for i in range(width))


# %% tags=["active-ipynb"]
# from nonovector import parse_line, show_line
#
# line = parse_line('?#.??#?')
# filled, empty = line_to_bits(line)
# print('line   ', show_line(line))
# print('filled ', show_bits(filled, len(line)), '=', filled)
# print('empty  ', show_bits(empty, len(line)), '=', empty)
# assert bits_to_line(len(line), filled, empty) == line

# %% [markdown]
# ## Reaching forward through empty cells with one addition
#
# Recall chapter 1's table `before[j][i]`: "cells `0 .. i - 1` can hold exactly the first `j`
# blocks". Here each row `before[j]` is one integer, bit `i` standing for *position* `i` (the
# boundary just before cell `i`; positions run from 0 to `cells`, one more than the cells).
#
# The DP moves forward in two ways: across a whole block (next section), and across an empty
# cell: if position `p` is reachable and cell `p` may be empty, position `p + 1` is reachable
# too. Chained: from each reachable position, every later position is reachable up to the first
# cell known filled. With a loop that is one step per cell.
#
# With integers it is one addition. Let `step` have bit `p + 1` set when cell `p` may be empty
# (moving from position `p` to `p + 1` is allowed). A seed at position `p` is a place we stand
# on; its first move lands on `p + 1`, so we shift the seeds one step and keep the moves that
# `step` allows: `first = (seeds << 1) & step`. Now each bit of `first` sits inside a run of 1s
# of `step`, and adding `first` to `step` makes a carry ripple from it up through the rest of
# the run and stop just above it: binary addition walks the run for us, in C. The bits that
# changed, `(step + first) ^ step`, are the positions walked over plus one overflow bit above
# each run, which `& step` removes.
#
# One case needs care: two bits of `first` in the same run. There the carry from the lower one
# arrives at the higher one's position, where `step` and `first` both hold a 1: the sum is
# 1 + 1 + 1 = 1, carry 1, so that bit of the sum equals `step`'s and the XOR reports it as
# unchanged, although it is reached. Putting `first` back with `| first` repairs exactly that.

# %%
def reach(seeds: int, step: int) -> int:
    """Positions reachable from `seeds` by moving forward through allowed steps.

    Bit p of `step` allows the move from position p - 1 to p. One addition does the walking:
    the carry from each first step ripples through the run of allowed steps above it.
    """
    first = (seeds << 1) & step
    return seeds | ((((step + first) ^ step) | first) & step)


# %% [markdown]
# A worked example on the line `?#.??#?`, with seeds at positions 0, 3 and 4 (the last two in
# the same run, to show why `| first` is there). Strings are printed in line order (position 0
# on the left), so carries travel to the **right** on the page.

# %% tags=["active-ipynb"]
# positions = len(line) + 1                           # positions 0 .. len(line)
# full = (1 << len(line)) - 1
# step = (full & ~filled) << 1                        # position p may follow p - 1 if cell p - 1 may be empty
# seeds = 0b11001                                     # positions 0, 3 and 4
# first = (seeds << 1) & step
# for name, value in [('step', step), ('seeds', seeds), ('first', first),
#                     ('step + first', step + first), ('(step+first)^step', (step + first) ^ step),
#                     ('reach', reach(seeds, step))]:
#     print(f'{name:>18}  {show_bits(value, positions)}')

# %% [markdown]
# Read it column by column. Seed 0 steps to position 1 (`first`); adding that 1 to `step`'s
# 1 at position 1 carries into position 2, where the walk stops (cell 1 is filled, so `step` has
# no 1 there). Seeds 3 and 4 step to positions 4 and 5, both inside `step`'s run at 3 to 5. The
# carry from 4 meets the 1 of `first` at 5: the sum keeps a 1 there, like `step`, and carries on
# into position 6 (cell 5 is filled). So XOR marks positions 4 and 6 but not 5; `& step` drops
# the overflow bits 2 and 6, `| first` brings back 5, and with the seeds the reachable positions
# are 0, 1, 3, 4 and 5: one addition did all the walks.
#
# ## Where a block fits, and the forward sweep
#
# A block of length `L` may start at cell `s` only if cells `s .. s + L - 1` may all be filled.
# With `may_fill` the mask of cells not known empty, the starts that pass are
# `may_fill & (may_fill >> 1) & ... & (may_fill >> (L - 1))`. Doubling the shift each time
# needs only about `log2(L)` steps: after the loop, bit `s` of `fits` says that the `span` cells
# from `s` may be filled, where `span` is the largest power of two not above `L`. If `span < L`,
# one more AND with `fits >> (L - span)` finishes: it asks the same of the `span` cells ending
# at `s + L - 1`, and the two overlapping runs `s .. s + span - 1` and
# `s + L - span .. s + L - 1` together cover the whole block.

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
# print(f'{"may fill":>10}  {show_bits(may_fill, len(line))}')
# for length in (1, 2, 3):
#     print(f'{f"fits {length}":>10}  {show_bits(runs_of(may_fill, length), len(line))}')

# %% [markdown]
# A block of 2 fits from cells 0, 3, 4 and 5; a block of 3 from cells 3 and 4 (cells 3 to 5, or
# 4 to 6).
#
# Now the whole forward sweep. Start with `before[0] = reach({0})`. For each block `j` of length
# `L`:
#
# - the starts allowed on the left: for the first block, any reachable position (the leading
#   empty cells were walked by `reach`); for later blocks, a gap is needed first, so position
#   `s - 1` must be reachable and cell `s - 1` may be empty: `(before[j] << 1) & step`;
# - keep the starts where the block fits: `& runs_of(may_fill, L)`;
# - the block ends at position `s + L` (a shift by `L`), and `reach` walks on through empties:
#   that is `before[j + 1]`.
#
# The line has a layout exactly when position `cells` is in `before[k]`. The function returns
# the list of rows `before[0 .. k]` and, for each block, its starts allowed from the left.

# %%
def sweep(clue: tuple[int, ...], cells: int, filled: int,
          empty: int) -> tuple[list[int], list[int]]:
    """Forward DP on bitmasks. Returns (before, starts):

    before[j] (j = 0 .. k): positions reachable with the first j blocks placed (bit cells of
    before[k] says whether the whole line has a layout);
    starts[j]: the start cells of block j allowed by everything to its left.
    """
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


# %% [markdown]
# The clue `[2, 1]` on the line `?#.??#?`, block by block. Position masks have one more
# character than cell masks (positions run to `cells`); the header numbers the columns.

# %% tags=["active-ipynb"]
# def trace_sweep(clue, line):
#     """Print the masks of the forward sweep, as strings in line order."""
#     cells = len(line)
#     filled, empty = line_to_bits(line)
#     full = (1 << cells) - 1
#     before, starts = sweep(tuple(clue), cells, filled, empty)
#     print(f'{"":>12}  {"".join(str(i % 10) for i in range(cells + 1))}')
#     print(f'{"line":>12}  {show_line(line)}')
#     print(f'{"step":>12}  {show_bits((full & ~filled) << 1, cells + 1)}')
#     print(f'{"before[0]":>12}  {show_bits(before[0], cells + 1)}')
#     for j, length in enumerate(clue):
#         print(f'{f"fits {length}":>12}  {show_bits(runs_of(full & ~empty, length), cells)}')
#         print(f'{f"starts[{j}]":>12}  {show_bits(starts[j], cells)}')
#         print(f'{f"before[{j + 1}]":>12}  {show_bits(before[j + 1], cells + 1)}')
#     print('layout exists' if before[-1] >> cells & 1 else 'contradiction')
#
#
# trace_sweep([2, 1], parse_line('?#.??#?'))

# %% [markdown]
# Block 0 must start at cell 0: the left side allows starts 0 and 1 only (cell 1 is filled, so
# no later position is reachable with zero blocks placed), and a block of 2 does not fit at cell
# 1 because cell 2 is empty. After it, positions 2 to 5 are reachable. Block 1 may start at cells
# 3, 4 or 5 as far as the left side knows; that cell 5 must be covered is a demand from the
# right, which the forward sweep cannot see. It comes from the mirror image.

# %% [markdown]
# ## The backward sweep is the forward sweep of the mirror image
#
# Chapter 1 computed `after` as the `before` of the reversed line and clue. The same works here.
# Python has no operator that reverses the bits of an integer, but the binary string of a number
# can be reversed and read back, each step one call into C: `reverse_bits`. Reversing over
# `cells + 1` positions turns the mirror's `before[k - j]` (the last `k - j` blocks placed,
# counted from the right end) into `after[j]`: bit `p` set when cells `p .. cells - 1` can hold
# blocks `j .. k - 1`.
#
# Then, exactly as in chapter 1, for each cell:
#
# - it **may be empty** if it is not known filled and some `j` has `before[j]` at its left
#   boundary and `after[j]` at its right: bitwise, `before[j] & (after[j] >> 1)`, ORed over `j`;
# - it **may be filled** if some block `j` has a start `s` allowed on the left (`starts[j]`) and
#   on the right (cell `s + L` may be empty and `after[j + 1]` holds at `s + L + 1`; or, for the
#   last block, `after[k]` holds at `s + L`). Each such good start then covers its `L` cells:
#   `spread` ORs the starts shifted by `0 .. L - 1`, doubling the shift as `runs_of` does.
#
# A cell that may be filled but not empty is certainly filled, and the other way round.

# %%
def reverse_bits(mask: int, width: int) -> int:
    """`mask` read backwards over `width` bits: bit i becomes bit width - 1 - i."""
    return int(format(mask, f'0{width}b')[::-1], 2) if width else 0


def spread(starts: int, length: int) -> int:
    """Bit i set when some start s in `starts` has s <= i < s + length (doubling shifts)."""
    covered, span = starts, 1
    while span * 2 <= length:
        covered |= covered << span
        span *= 2
    if span < length:
        covered |= covered << (length - span)  # two overlapping runs of `span` cover `length`
    return covered


def backward(clue: tuple[int, ...], cells: int, filled: int, empty: int) -> list[int]:
    """after[j] for j = 0 .. k: the forward sweep of the mirror image, reversed."""
    k = len(clue)
    mirror, _ = sweep(clue[::-1], cells, reverse_bits(filled, cells), reverse_bits(empty, cells))
    return [reverse_bits(mirror[k - j], cells + 1) for j in range(k + 1)]


def line_bits(clue: tuple[int, ...], cells: int, filled: int, empty: int) -> tuple[int, int]:
    """The bit-parallel line solver, unchecked and uncached.

    clue: tuple of positive ints; filled/empty: masks of known cells (bit i = cell i).
    Returns (filled, empty) masks of every cell that all layouts agree on (the known ones too).
    Raises Contradiction if no layout fits.
    """
    k = len(clue)
    full = (1 << cells) - 1
    before, starts = sweep(clue, cells, filled, empty)
    if not before[k] >> cells & 1:
        raise Contradiction(f'no layout of {list(clue)} fits the line {_show_masks(cells, filled, empty)}')
    after = backward(clue, cells, filled, empty)
    may_clear = full & ~filled
    can_clear = 0
    for j in range(k + 1):
        can_clear |= before[j] & (after[j] >> 1)
    can_clear &= may_clear
    can_fill = 0
    for j, length in enumerate(clue):
        right_ok = ((after[j + 1] >> 1) & may_clear) if j < k - 1 else after[k]
        can_fill |= spread(starts[j] & (right_ok >> length), length)
    return full & ~can_clear, full & ~can_fill


def _show_masks(cells, filled, empty):
    """A line given by masks, drawn as in chapter 1: '#' filled, '.' empty, '?' unknown."""
    return ''.join('#' if filled >> i & 1 else '.' if empty >> i & 1 else '?' for i in range(cells))

# %% [markdown]
# The same line and clue, backward half. `after` rows are positions, the others cells:

# %% tags=["active-ipynb"]
# def trace_backward(clue, line):
#     """Print after[j], the cells that may be empty / filled, and the answer, in line order."""
#     clue, cells = tuple(clue), len(line)
#     filled, empty = line_to_bits(line)
#     full = (1 << cells) - 1
#     before, starts = sweep(clue, cells, filled, empty)
#     after = backward(clue, cells, filled, empty)
#     print(f'{"":>12}  {"".join(str(i % 10) for i in range(cells + 1))}')
#     print(f'{"line":>12}  {show_line(line)}')
#     for j in range(len(clue) + 1):
#         print(f'{f"after[{j}]":>12}  {show_bits(after[j], cells + 1)}')
#     may_clear = full & ~filled
#     can_clear = 0
#     for j in range(len(clue) + 1):
#         can_clear |= before[j] & (after[j] >> 1)
#     print(f'{"may empty":>12}  {show_bits(can_clear & may_clear, cells)}')
#     for j, length in enumerate(clue):
#         right_ok = ((after[j + 1] >> 1) & may_clear) if j < len(clue) - 1 else after[-1]
#         good = starts[j] & (right_ok >> length)
#         print(f'{f"good st.[{j}]":>12}  {show_bits(good, cells)}  covers {show_bits(spread(good, length), cells)}')
#     print(f'{"answer":>12}  {show_line(bits_to_line(cells, *line_bits(clue, cells, filled, empty)))}')
#
#
# trace_backward([2, 1], parse_line('?#.??#?'))

# %% [markdown]
# `after[2]` (no blocks left) holds at positions 6 and 7: only cell 6 may follow the last
# block. `after[1]` holds at positions 2 to 6: from each of them the rest of the line has room
# for the block of 1 and no filled cell outside it. `after[0]` holds at position 0 only, since
# the filled cell 1 must belong to block 0. A cell may be empty where some `before[j]` meets
# `after[j]` one position later: cells 2, 3, 4 and 6 (cells 1 and 5 are known filled). Block 0's
# only good start is 0 (after it, cell 2 must be a gap, with `after[1]` at position 3); block 1's is
# 5 (it must be the last block, with `after[2]` right after it, at 6). So only cells 0, 1 and 5
# may be filled, and
# the line is decided: `##...#.`.


# %% [markdown]
# ### The same solver with the calls inlined
#
# Is the clarity costly? `sweep` calls `reach` and `runs_of`, and `line_bits` calls `spread`,
# `backward` and `sweep`: each call is an interpreter step too. `line_bits_fast` below is the
# same computation with those bodies copied inline (and the two sweeps in one loop). It also
# reverses bits more cheaply than `reverse_bits`: a number's bytes (`int.to_bytes`) are mapped
# through a table of the 256 bytes with their bits reversed (`bytes.translate`) and read back in
# the opposite byte order, which reverses every bit at once; the bits of padding that the
# bytes add at the top end up at the bottom and are shifted off. (The bytes hold one bit more
# than the line, because the backward sweep's masks have `cells + 1` positions.) The benchmark times both
# solvers on the same random lines (the table of rates later in this chapter). For a solver
# that a whole-puzzle engine calls hundreds of thousands of times that is worth having, so the
# solver's public functions below (its *doors*) use it; `line_bits` stays as the readable
# definition, and the two are checked to agree: here on every line of up to 7 cells, with every
# clue that fits it, and in the test suite on random longer lines.

# %%
REVERSED_BYTE = bytes(reverse_bits(byte, 8) for byte in range(256))  # each byte, bits reversed

# %% [markdown]
# The byte trick on a 12-bit number, which needs two bytes (four bits of padding):

# %% tags=["active-ipynb"]
# mask, width = 0b110100000111, 12
# size = (width + 7) // 8
# by_bytes = int.from_bytes(mask.to_bytes(size, 'little').translate(REVERSED_BYTE), 'big')
# print(f'{mask:0{width}b} -> through the table {by_bytes:0{8 * size}b}, shifted '
#       f'{by_bytes >> (8 * size - width):0{width}b}; reverse_bits: {reverse_bits(mask, width):0{width}b}')

# %%
def line_bits_fast(clue: tuple[int, ...], cells: int, filled: int,
                   empty: int) -> tuple[int, int]:
    """line_bits with reach, runs_of, spread and both sweeps inlined, and bits reversed a byte at a
    time through REVERSED_BYTE (same answers, faster)."""
    k = len(clue)
    full = (1 << cells) - 1
    if cells == 0:
        if k:
            raise Contradiction(f'no layout of {list(clue)} fits the line ')
        return 0, 0
    size = (cells + 8) >> 3  # bytes that hold cells + 1 bits
    shift = 8 * size - cells  # mirror over `cells` bits: reverse the bytes, drop `shift` bits
    may_fill, may_clear = full & ~empty, full & ~filled
    mirror_fill = int.from_bytes(may_fill.to_bytes(size, 'little').translate(REVERSED_BYTE),
                                 'big') >> shift
    mirror_clear = int.from_bytes(may_clear.to_bytes(size, 'little').translate(REVERSED_BYTE),
                                  'big') >> shift
    befores, afters, starts = [], [], []
    for order, fill, clear, dest in ((clue, may_fill, may_clear, befores),
                                     (clue[::-1], mirror_fill, mirror_clear, afters)):
        step = clear << 1
        first = 2 & step
        reached = 1 | ((((step + first) ^ step) | first) & step)   # reach(1, step)
        dest.append(reached)
        allowed = reached
        for length in order:
            fits, span = fill, 1                                    # runs_of(fill, length)
            while span * 2 <= length:
                fits &= fits >> span
                span *= 2
            if span < length:
                fits &= fits >> (length - span)
            allowed &= fits
            if dest is befores:
                starts.append(allowed)
            ends = allowed << length
            first = (ends << 1) & step                              # reach(ends, step)
            reached = ends | ((((step + first) ^ step) | first) & step)
            dest.append(reached)
            allowed = (reached << 1) & step
    if not befores[k] >> cells & 1:
        raise Contradiction(f'no layout of {list(clue)} fits the line {_show_masks(cells, filled, empty)}')
    shift -= 1  # (these mirror over cells + 1 positions)
    after = [int.from_bytes(afters[k - j].to_bytes(size, 'little').translate(REVERSED_BYTE),
                            'big') >> shift for j in range(k + 1)]
    can_clear = 0
    for j in range(k + 1):
        can_clear |= befores[j] & (after[j] >> 1)
    can_fill = 0
    for j, length in enumerate(clue):
        right_ok = ((after[j + 1] >> 1) & may_clear) if j < k - 1 else after[k]
        covered, span = starts[j] & (right_ok >> length), 1          # spread(..., length)
        while span * 2 <= length:
            covered |= covered << span
            span *= 2
        if span < length:
            covered |= covered << (length - span)
        can_fill |= covered
    return full & ~(can_clear & may_clear), full & ~can_fill

# %% tags=["active-ipynb"]
# from itertools import product
#
# import nonoline
#
#
# def outcome(solver, *args, **options):
#     """The solver's answer, or the word 'contradiction'."""
#     try:
#         return solver(*args, **options)
#     except Contradiction:
#         return 'contradiction'
#
#
# agree = 0
# for cells in range(0, 8):
#     clues = {tuple(nonovector.line2blocks(list(picture)))
#              for picture in product([0, 1], repeat=cells)}
#     for clue in sorted(clues):
#         for line in product([None, 0, 1], repeat=cells):
#             masks = line_to_bits(line)
#             assert (outcome(line_bits, clue, cells, *masks)
#                     == outcome(line_bits_fast, clue, cells, *masks))
#             agree += 1
# print(f'line_bits_fast = line_bits on {agree:,} (clue, line) pairs')


# %% [markdown]
# ## A cache, and the two front doors
#
# A puzzle solver asks about the same line in the same state again and again: after a guess is
# undone, or when probing tries each cell of a line in turn and every probe leaves the crossing
# lines as they were. Remembering answers costs one dictionary look-up per question. The
# key is the clue and the line state; the value is the answer, or the message of the
# contradiction. Each cache is emptied when it holds `CACHE_LIMIT` answers. Entries are not
# small: the key and the answer of `solve_line` are tuples of cells. Measured with Python's
# `tracemalloc`, both caches full (10,000 random lines each) hold about 10 MB for 25-cell lines
# and 25 MB for 100-cell lines, which is why the limit is not larger: a solver should fit in well
# under 100 MB.
#
# `solve_line_bits(clue, cells, filled, empty)` is the door for programs that keep lines as
# bitmasks; `solve_line(blocks, line)` the door with chapter 1's contract, lists in, a new list
# out. Both check their input first, every time, so a malformed question is a `ClueError` with
# chapter 1's message whether its answer is cached or not. Checking costs time too: chapter 1's
# `normalize_clue` takes about as long as solving a 25-cell line, so `checked_clue` accepts the
# common case (positive whole numbers that fit) itself and leaves the rest to chapter 1.
# `cache=False` skips the cache (for measuring). A third door, `solve_checked`, skips the checks
# and the cache, for a program that checks a whole puzzle once, asks about its lines hundreds of
# thousands of times, and keeps answers its own way. An engine that keeps its lines as bitmasks
# itself (the next chapter builds one) can go further and call `line_bits_fast` directly: no
# checks, no cache, and no conversion of cells to masks and back.

# %%
CACHE_LIMIT = 10_000
_bits_cache = {}
_line_cache = {}


def cache_clear() -> None:
    """Forget every remembered line (both caches)."""
    _bits_cache.clear()
    _line_cache.clear()


def cache_info() -> dict:
    """How many answers each cache holds: {'bits': ..., 'lines': ...}."""
    return {'bits': len(_bits_cache), 'lines': len(_line_cache)}


def _remember(cache, key, value):
    """Store value under key, emptying the cache first when it is full."""
    if len(cache) >= CACHE_LIMIT:
        cache.clear()
    cache[key] = value


def checked_clue(blocks: Clue, cells: int) -> tuple[int, ...]:
    """The clue as a tuple of positive block lengths that fit in `cells`, else ClueError.

    The common case (a list or tuple of positive ints that fit) is checked here directly;
    anything else goes through chapter 1's normalize_clue, which is thorough (and has the error
    messages) but costs about as much as solving the line.
    """
    if isinstance(blocks, (list, tuple)):
        clue = tuple(blocks)
        plain = all(type(length) is int and length > 0 for length in clue)
        if plain and sum(clue) + len(clue) - 1 <= cells:
            return clue
    return tuple(normalize_clue(blocks, cells))


def check_bits(clue: Clue, cells: int, filled: int, empty: int) -> tuple[int, ...]:
    """Return the clue as a normalized tuple, or raise ClueError if the bitmask question is malformed."""
    if isinstance(cells, bool) or not isinstance(cells, int) or cells < 0:
        raise ClueError(f'line length {cells!r} is not a whole number of cells')
    for name, mask in (('filled', filled), ('empty', empty)):
        if isinstance(mask, bool) or not isinstance(mask, int) or mask < 0 or mask >> cells:
            raise ClueError(f'{name} mask {mask!r} is not a set of cells of a line of {cells} cells')
    if filled & empty:
        raise ClueError(f'cells {show_bits(filled & empty, cells)} are marked both filled and empty')
    return checked_clue(clue, cells)


def solve_line_bits(clue: Clue, cells: int, filled: int, empty: int, *,
                    cache: bool = True) -> tuple[int, int]:
    """Solve a line given as bitmasks; returns the (filled, empty) masks of all decided cells.

    clue: the block lengths; cells: the line's length; filled/empty: masks of the cells known
    filled / known empty (bit i = cell i). Raises Contradiction if no layout fits, ClueError on
    malformed input (checked on every call).
    """
    key = (check_bits(clue, cells, filled, empty), cells, filled, empty)
    answer = _bits_cache.get(key) if cache else None
    if answer is None:
        try:
            answer = line_bits_fast(key[0], cells, filled, empty)
        except Contradiction as error:
            answer = str(error)
        if cache:
            _remember(_bits_cache, key, answer)
    if isinstance(answer, str):
        raise Contradiction(answer)
    return answer


def solve_line(blocks: Clue, line: Line, *, cache: bool = True) -> Line:
    """Decide every cell of `line` that all layouts of `blocks` agree on (fast version).

    Same contract as nonoline.solve_line: blocks is the clue ([] or [0] for an empty line),
    line a list of 1/0/None; returns a new list; raises Contradiction if no layout fits and
    ClueError on malformed input.
    """
    cells = check_line(line)
    clue = checked_clue(blocks, len(cells))
    key = (clue, tuple(cells))
    answer = _line_cache.get(key) if cache else None
    if answer is None:
        try:
            answer = solve_checked(clue, cells)
        except Contradiction as error:
            answer = str(error)
        if cache:
            _remember(_line_cache, key, answer)
    if isinstance(answer, str):
        raise Contradiction(answer)
    return list(answer)


def solve_checked(clue: tuple[int, ...], cells) -> tuple:
    """The third door, for callers that have checked their input already, such as a program
    that checks a puzzle once and then asks about its lines hundreds of thousands of times:
    clue a tuple as `checked_clue` returns it, cells a tuple or list of 1/0/None.
    No checks and no cache; returns a tuple; raises Contradiction if no layout fits."""
    count = len(cells)
    return tuple(bits_to_line(count, *line_bits_fast(clue, count, *cells_to_bits(cells))))


# %% tags=["active-ipynb"]
# print(solve_line([3, 1], [None, None, None, 1, None, None, None, None, 1, None]))
# print(nonoline.solve_line([3, 1], [None, None, None, 1, None, None, None, None, 1, None]))
# for blocks, line in [([3], [None, 0, None, 0, None]), ([5, 5], [None] * 10), ([1], [None, 2])]:
#     for name, solver in (('nonofast', solve_line), ('nonovector', nonoline.solve_line)):
#         try:
#             solver(blocks, line)
#         except ValueError as error:
#             print(f'{name:>10}: {type(error).__name__}: {error}')

# %% [markdown]
# ## A check that it agrees with chapter 1
#
# A fast solver that is sometimes wrong is worse than a slow one. So: every clue against every
# partially known line of up to 6 cells (`3 ** cells` lines per clue), through both doors. Each
# line goes through `solve_line` three times: without the cache, then with it twice (the first
# call fills the cache, the second is answered from it), and through `solve_line_bits` twice
# (cold, then warm). Every answer must be chapter 1's, or all must find a contradiction. This is
# a check of the small cases, not a proof; the test suite adds random lines of up to 20 cells
# against chapter 1 and against a brute force that tries every layout.

# %% tags=["active-ipynb"]
# def every_clue(cells):
#     """The clues of all 2 ** cells finished lines of `cells` cells."""
#     return sorted({tuple(nonovector.line2blocks(list(picture)))
#                    for picture in product([0, 1], repeat=cells)})
#
#
# cache_clear()
# cases = contradictions = 0
# for cells in range(0, 7):
#     for clue in every_clue(cells):
#         for cells_known in product([None, 0, 1], repeat=cells):
#             line = list(cells_known)
#             expected = outcome(nonoline.solve_line, list(clue), line)
#             for use_cache in (False, True, True):
#                 assert outcome(solve_line, list(clue), line, cache=use_cache) == expected
#             expected_bits = expected if expected == 'contradiction' else line_to_bits(expected)
#             for _ in range(2):
#                 assert outcome(solve_line_bits, clue, cells, *line_to_bits(line)) == expected_bits
#             cases += 1
#             contradictions += expected == 'contradiction'
# print(f'nonofast = chapter 1 on all {cases:,} cases ({contradictions:,} contradictions)')
# cache_clear()

# %% [markdown]
# ## How much faster?
#
# The timings in this chapter come from `benchmarks/speed.py`, which measures every variant in
# one run and writes small CSV files to `benchmarks/results/`; the notebook loads them, so its
# outputs do not change from run to run. (To measure your own machine, run
# `python benchmarks/speed.py --parts lines,lengths --out /tmp/mine` from the repo root: a few
# minutes, with progress bars.) The notebook runs in `notebooks/`, so the results folder is found
# from either place.
#
# First, random 25-cell lines, each the clue of a random picture with half its cells filled and
# 6 of the picture's cells known, solved by chapter 1's enumeration
# (`newforces(nonovector(...))`), by chapter 1's DP, and by this chapter's solver, uncached and
# cached. "Cache cold" sees each line for the first time (every look-up misses); "cache warm"
# sees the same lines again (every look-up hits).

# %% tags=["active-ipynb"]
# import csv
# from pathlib import Path
#
# RESULTS = Path('benchmarks') / 'results'              # from the repo root ...
# if not RESULTS.is_dir():
#     RESULTS = Path('..') / 'benchmarks' / 'results'   # ... or from notebooks/, where Jupyter runs
#
#
# def read_rows(name):
#     """The rows of a results CSV as dicts."""
#     with open(RESULTS / name, newline='') as file:
#         return list(csv.DictReader(file))
#
#
# speed = read_rows('speed.csv')
# rates = {row['solver']: float(row['lines_per_second']) for row in speed}
# chapter1_rate = float(speed[1]['lines_per_second'])
# print(f'{"solver":<48} {"lines/s":>10} {"x enumeration":>14} {"x chapter 1":>12}')
# for row in speed:
#     rate = float(row['lines_per_second'])
#     print(f'{row["solver"]:<48} {rate:>10,.0f} {float(row["ratio"]):>14,.0f} {rate / chapter1_rate:>12.1f}')
# inlined = 1 - (rates['nonofast.line_bits (bitmasks), no cache']
#                / rates['nonofast.line_bits_fast (bitmasks), no cache'])
# print(f'line_bits_fast takes {inlined:.0%} less time than line_bits')

# %% [markdown]
# Read the ratios from the table: without its cache, the bit-parallel solver is several times
# faster than chapter 1's DP (more for the bitmask functions, which skip the list conversions)
# and one to two orders of magnitude faster than enumerating layouts. A cache hit costs the
# input check, a look-up and a copy. (Enumeration's own rate varies a good deal from run to
# run, with the random lines it happens to meet; the other rows are steadier.)
#
# How does the time per line grow with the line's length? The benchmark also solves random lines
# of 10 to 100 cells (same recipe: density 0.5, a quarter of the cells known):

# %% tags=["active-ipynb"]
# import matplotlib.pyplot as plt
#
# length_rows = read_rows('lines.csv')
# labels = {'enumeration': 'enumerate layouts (nonovector + newforces)',
#           'chapter1': 'chapter 1 DP (nonoline.solve_line)',
#           'nonofast': 'bit-parallel (nonofast.solve_line, no cache)'}
# fig, ax = plt.subplots(figsize=(7, 4))
# for solver, label in labels.items():
#     points = [(int(r['cells']), float(r['seconds_per_line'])) for r in length_rows if r['solver'] == solver]
#     ax.plot([c for c, _ in points], [s * 1e6 for _, s in points], marker='o', markersize=4, label=label)
# ax.set_yscale('log')
# ax.set_ylim(top=1e7)  # room for the legend above the curves
# ax.set_xlabel('cells in the line (random picture, density 0.5, 1/4 of cells known)')
# ax.set_ylabel('microseconds per line (log scale)')
# ax.set_title('Time to solve one line, by line length')
# ax.grid(True, which='major', alpha=0.3)
# ax.legend(fontsize=8, loc='upper right')
# plt.show()

# %% [markdown]
# Enumeration explodes with the line's length (the benchmark stops measuring it after the first
# length at which a line takes more than 50 ms), while both DPs grow gently, and the bit-parallel solver's lead over chapter 1
# grows with the length. Its integer operations work on the whole line at once, so its cost
# follows the number of blocks more than the number of cells. Two quick timings show it: one
# block on 20 cells against 2000 cells, then 100 cells holding 5 blocks against 45.

# %% tags=["active-ipynb", "nbval-ignore-output"]
# def microseconds(clue, cells, repeat=200):
#     """Time of one uncached line_bits call on an unknown line, in microseconds."""
#     return timeit(lambda: line_bits(clue, cells, 0, 0), number=repeat) / repeat * 1e6
#
#
# print(f'1 block of 5:  20 cells {microseconds((5,), 20):6.1f} us, 2000 cells {microseconds((5,), 2000):6.1f} us')
# print(f'100 cells:    5 blocks {microseconds((2,) * 5, 100):6.1f} us,   45 blocks {microseconds((1,) * 45, 100):6.1f} us')


# %% [markdown]
# ## Plugging it into chapter 2's engine
#
# Chapter 2's engine takes its line solver as a parameter, so using the new one is a single
# keyword: `line_solver=nonofast.solve_line`. Nothing else changes: the same lines are solved in
# the same order, and every answer is the same, so the search makes the same guesses and counts
# the same work. Only the time differs. Chapter 2's Cat and Edge, and two more of Jan Wolter's
# puzzles from `puzzles/` (Knot, 34x34, which line logic settles; Petro, 40x35, which needs
# probing) and a random picture, each analysed both ways:

# %% tags=["active-ipynb"]
# import nonofiles
# import nonogram2d
# import nonoprobe
#
# PUZZLES = Path('..') / 'puzzles'   # the notebooks run in notebooks/
# puzzles = {name: nonofiles.read_clues(PUZZLES / f'webpbn-{number}.non')
#            for name, number in (('Cat', '00006'), ('Edge', '00023'), ('Knot', '00016'),
#                                 ('Petro', '00436'))}
# puzzles['random 20x20'] = nonogram2d.pic2gram(nonoprobe.random_picture(20, 20, 0.5, seed=4))
# verdicts = {}
# for name, (rows, cols) in puzzles.items():
#     teaching = nonoprobe.analyse(rows, cols)
#     fast = nonoprobe.analyse(rows, cols, line_solver=solve_line)
#     assert (fast.status, fast.method, fast.solutions) == (teaching.status, teaching.method,
#                                                          teaching.solutions)
#     assert (fast.nodes, fast.probes, fast.line_solves) == (teaching.nodes, teaching.probes,
#                                                            teaching.line_solves)
#     verdicts[name] = teaching, fast
#     print(f'{name:>12}: {teaching.describe()}')

# %% [markdown]
# Same verdicts, same work. And the clock (this cell's output varies from run to run, so the
# tests do not compare it): the ratio is chapter 1's time over the new solver's, for the same
# analysis.

# %% tags=["active-ipynb", "nbval-ignore-output"]
# for name, (teaching, fast) in verdicts.items():
#     print(f'{name:>12}: chapter 1 {teaching.seconds * 1000:7.1f} ms, nonofast'
#           f' {fast.seconds * 1000:7.1f} ms, ratio {teaching.seconds / fast.seconds:4.1f}')

# %% [markdown]
# (Chapter 4's `solve_line` keeps its cache on here, so a line the engine asks about twice is
# solved once.) On most puzzles the gain is of the same order as on single lines, and it cannot
# be much more: the engine also copies grids for every probe, keeps its queue and compares cells,
# and a faster line solver does nothing for those costs. They are the subject of the next
# chapter, which engineers the engine itself.
#
# ## What we have
#
# - `solve_line` and `solve_line_bits`: chapter 1's line solver, checked equal to it, several
#   times faster on a cache miss and faster still on a hit; `solve_checked`, the same without
#   checks or cache, for programs that check a puzzle once, and `line_bits_fast` behind them all,
#   on bitmasks, for engines that keep their lines as bitmasks. `reach`, `runs_of` and `spread` are
#   the three tricks (an addition walks through empty cells, doubling shifts test and spread
#   blocks) that make a DP row cost a few integer operations.
# - `benchmarks/speed.py` measures them in one bounded, seeded run and writes the tables and
#   curves shown above.
# - `line_solver=nonofast.solve_line` plugs the fast solver into chapter 2's engine, with the
#   same answers.
#
# Without its cache, the line solver is one to two orders of magnitude faster than enumerating
# layouts (the table above): in CPython each integer operation costs tens of nanoseconds, and a
# line needs a few hundred of them.
