# %% [markdown]
# # Speed: a line solver made of bits
#
# Chapter 1 ended with `solve_line`, a dynamic program that answers "which cells of this line are
# certain?" in `O(cells x blocks)` steps instead of listing every layout. That is the right
# algorithm, and it stays the teaching version. But a whole puzzle asks that question hundreds of
# thousands of times (every row and column, again after every change, and again for every guess a
# search makes), so the *constant* in front of `cells x blocks` decides whether a hard puzzle takes
# a second or an hour.
#
# This chapter makes the line solver about ten times faster without changing its answers, and
# then meets a puzzle that no line solver helps with, 9-Dom, and hands it to a SAT solver. The
# plan:
#
# 1. why plain Python is slow *per operation*, and what that suggests;
# 2. a line as two bitmasks, and the DP of chapter 1 rewritten as a few dozen operations on whole
#    Python integers (one addition per block does the work of an inner loop);
# 3. proof that the new solver agrees with chapter 1 and with brute force;
# 4. a cache, measured speed, and a plot of time per line against line length;
# 5. the same puzzle as clauses for a SAT solver (an optional extra).
#
# This notebook is also the module `nonofast`. Its public functions keep chapter 1's contracts:
# `solve_line(blocks, line)` takes and returns lists of `1`/`0`/`None` and raises the same
# `Contradiction` and `ClueError`; `solve_line_bits` is the same solver for programs that keep
# their lines as bitmasks.

# %%
"""A fast line solver (bit-parallel DP on Python integers, with a cache) and a SAT backend.

Companion chapter of the nonogram tutorial (notebooks/nonofast.ipynb is the readable version).
Public functions: solve_line (same contract as nonovector.solve_line), solve_line_bits,
line_to_bits, bits_to_line, show_bits, cache_clear, cache_info, puzzle_cnf, sat_solutions.
Errors are chapter 1's: nonovector.ClueError (bad input) and nonovector.Contradiction.
"""

from itertools import count
from operator import add

from nonovector import ClueError, Contradiction, check_line, normalize_clue

# %% [markdown]
# ## Why Python is slow per operation
#
# A line of Python such as `before[j][i] = True` is not one machine instruction: the interpreter
# fetches the list `before`, checks its type, looks up item `j`, checks *its* type, looks up
# item `i`, compares, stores, and counts references along the way. Each such step costs tens of
# nanoseconds, whatever the size of the numbers involved. Chapter 1's DP spends
# `O(cells x blocks)` of these steps, each on a single True or False.
#
# A Python integer, on the other hand, can hold any number of bits, and one `&`, `|`, `<<` or
# `+` on a whole integer is also one interpreter step (for a line of up to 30 cells the integer
# even fits in one machine word). So if a whole *row of a DP table* is one integer, with bit `i`
# standing for entry `i`, a single operation updates every cell of the line at once. That is
# *bit parallelism*: the same work, with the per-operation overhead paid once per line instead of
# once per cell. Counting the operations of the two solvers on a typical line (25 cells, 6
# blocks) makes the point before any clock does: the DP of chapter 1 runs its inner loop
# `(blocks + 1) x cells` times for each of its two tables, plus a loop per block per start, while
# the bit version below does a few dozen integer operations per block. One AND shows the
# difference (a timing, so its numbers vary from run to run):

# %% tags=["active-ipynb", "nbval-ignore-output"]
# from timeit import timeit
#
# cells_a = [True, False] * 12 + [True]   # one row of a DP table, one Python bool per cell
# cells_b = [False, True] * 12 + [True]
# mask_a, mask_b = 0b1010101010101010101010101, 0b1101010101010101010101010
# per_cell = timeit(lambda: [a and b for a, b in zip(cells_a, cells_b)], number=20_000) / 20_000
# per_line = timeit(lambda: mask_a & mask_b, number=20_000) / 20_000
# print(f'AND of two 25-cell rows, cell by cell: {per_cell * 1e9:6.0f} ns')
# print(f'AND of two 25-bit integers:            {per_line * 1e9:6.0f} ns')

# %% [markdown]
# ## A line as two bitmasks
#
# Cell `i` of a line becomes bit `i` of an integer (cell 0 is the lowest bit, worth 1). What we
# know of a line is then two integers: `filled`, with a 1 for each cell known filled, and `empty`,
# with a 1 for each cell known empty. Unknown cells are 0 in both. Converting goes through a
# string of `0`/`1`/`?`, because Python's `int(text, 2)` and `format(number, 'b')` convert a whole
# string in one C call, much faster than a Python loop over the cells. (The string is reversed
# because we write numbers with their highest bit first but lines with cell 0 first.)

# %%
_CELL_CHAR = {0: '0', 1: '1', None: '?'}
_TO_FILLED = str.maketrans('01?', '010')
_TO_EMPTY = str.maketrans('01?', '100')
_PAIR_TO_CELL = {'10': 1, '01': 0, '00': None}


def line_to_bits(line):
    """Return (filled, empty): bitmasks of the cells known filled and known empty (bit i = cell i).

    `line` is a list of 1/0/None (checked as in chapter 1: anything else is a ClueError).
    """
    try:
        text = ''.join(map(_CELL_CHAR.__getitem__, line))[::-1]
    except (KeyError, TypeError):
        text = ''.join(map(_CELL_CHAR.__getitem__, check_line(line)))[::-1]
    if not text:
        return 0, 0
    return int(text.translate(_TO_FILLED), 2), int(text.translate(_TO_EMPTY), 2)


def bits_to_line(cells, filled, empty):
    """The list of 1/0/None for a line of `cells` cells with the given filled and empty masks."""
    if cells == 0:
        return []
    spec = f'0{cells}b'
    filled_text, empty_text = format(filled, spec)[::-1], format(empty, spec)[::-1]
    return list(map(_PAIR_TO_CELL.__getitem__, map(add, filled_text, empty_text)))


def show_bits(mask, width):
    """A mask as a string of 0/1 in *line order*: bit 0 (cell or position 0) first."""
    return format(mask, f'0{width}b')[::-1] if width else ''


# %% tags=["active-ipynb"]
# from nonovector import parse_line, show_line
#
# line = parse_line('?#.??#?')
# filled, empty = line_to_bits(line)
# print('line   ', show_line(line))
# print('filled ', show_bits(filled, 7), '=', filled)
# print('empty  ', show_bits(empty, 7), '=', empty)
# assert bits_to_line(7, filled, empty) == line

# %% [markdown]
# ## Reaching forward through empty cells with one addition
#
# Recall chapter 1's table `before[j][i]`: "cells `0 .. i - 1` can hold exactly the first `j`
# blocks". Here each row `before[j]` is one integer, bit `i` standing for *position* `i` (the
# boundary just before cell `i`; positions run from 0 to `cells`, one more than the cells).
#
# The DP moves forward in two ways: across a whole block (that comes in the next section), and
# across an empty cell: if position `i` is reachable and cell `i` may be empty, position `i + 1`
# is reachable too. Chained, that means: from each reachable position, every later position is
# reachable up to the first cell that is known filled. With a loop that is one step per cell.
#
# With integers it is one addition. Let `step` have bit `p` set when cell `p - 1` may be empty
# (so moving from position `p - 1` to `p` is allowed). Within a run of 1s in `step`, adding a 1
# at the run's bottom makes a carry ripple up through the whole run and stop just above it:
# binary addition walks right through the run for us, in C. So: move each seed one step
# (`first = (seeds << 1) & step`), add `first` to `step`, and the bits that the carry flipped
# (`(step + first) ^ step`) are exactly the positions reached, plus one overflow bit past each
# run, which `& step` removes. When a run holds more than one seed the carry from the lowest
# one clears the others' bits, so we put `first` back with `|`.

# %%
def reach(seeds, step):
    """Positions reachable from `seeds` by moving forward through allowed steps.

    Bit p of `step` allows the move from position p - 1 to p. One addition does the walking:
    the carry from a seed ripples through the run of allowed steps above it.
    """
    first = (seeds << 1) & step
    return seeds | ((((step + first) ^ step) | first) & step)


# %% [markdown]
# A worked example: the line `?#.??#?` again, seeds at positions 0 and 3. Strings are printed in
# line order (position 0 on the left), so carries travel to the **right** on the page. Position
# 1 needs cell 0 to be empty, allowed; position 2 needs cell 1 empty, but it is filled, so the
# run from position 0 stops at 1. From position 3 the run goes on through cells 3 and 4 and
# stops before the filled cell 5.

# %% tags=["active-ipynb"]
# full = (1 << 7) - 1
# step = (full & ~filled) << 1            # position p may follow p - 1 if cell p - 1 may be empty
# seeds = 0b1001                           # positions 0 and 3
# first = (seeds << 1) & step
# width = 8                                # positions 0 .. 7
# for name, value in [('step', step), ('seeds', seeds), ('first', first),
#                     ('step + first', step + first), ('(step+first)^step', (step + first) ^ step),
#                     ('reach', reach(seeds, step))]:
#     print(f'{name:>18}  {show_bits(value, width)}')

# %% [markdown]
# Read it column by column. Seed 0 steps to position 1 (`first`); adding that 1 to `step`'s
# 1 at position 1 carries into position 2, where the walk must stop (cell 1 is filled, so
# `step` has no 1 there). Seed 3 steps to position 4, and that 1 ripples through `step`'s run
# at positions 4 and 5 into position 6 (cell 5 is filled). XOR with `step` marks every bit the
# carries changed, `& step` drops the overflow bits 2 and 6, and with the seeds added back the
# reachable positions are 0, 1, 3, 4 and 5: one addition did both walks.
#
# ## Where a block fits, and the forward sweep
#
# A block of length `L` may start at cell `s` only if cells `s .. s + L - 1` may all be filled.
# With `may_fill` the mask of cells not known empty, the starts that pass are
# `may_fill & (may_fill >> 1) & ... & (may_fill >> (L - 1))`; doubling the shift each time
# (a run of 2 is two runs of 1, a run of 4 two runs of 2, ...) needs only about `log2(L)` steps.

# %%
def runs_of(may_fill, length):
    """Bit s set when cells s .. s + length - 1 are all set in `may_fill` (doubling shifts)."""
    fits, span = may_fill, 1
    while span * 2 <= length:
        fits &= fits >> span
        span *= 2
    if span < length:
        fits &= fits >> (length - span)
    return fits


# %% [markdown]
# Now the whole forward sweep. Start with `before[0] = reach({0})`. For each block `j` of length
# `L`:
#
# - the starts allowed on the left: for the first block, any reachable position (the leading
#   empty cells were walked by `reach`); for later blocks, a gap is needed first, so position
#   `s - 1` must be reachable and cell `s - 1` may be empty: `(before << 1) & step`;
# - keep the starts where the block fits: `& runs_of(may_fill, L)`;
# - the block ends at position `s + L` (a shift by `L`), and `reach` walks on through empties:
#   that is `before[j + 1]`.
#
# The line has a layout exactly when position `cells` is in `before[k]`. The function keeps each
# `before[j]` in one field of a big integer (`n + 1` bits per field), which the next section
# reverses in a single step, and it returns the allowed starts of each block for later.

# %%
def sweep(clue, cells, filled, empty):
    """Forward DP on bitmasks. Returns (packed, starts, last):

    packed: every before[j] (j = 0 .. k), field j at bit j * (cells + 1);
    starts: for each block, the start cells allowed by everything to its left;
    last:   before[k], whose bit `cells` says whether the whole line has a layout.
    """
    full = (1 << cells) - 1
    may_fill = full & ~empty
    step = (full & ~filled) << 1
    width = cells + 1
    first = 2 & step
    reached = 1 | ((((step + first) ^ step) | first) & step)  # reach(1, step), inlined for speed
    packed, shift, starts = reached, width, []
    allowed = reached  # the first block may start at any reachable position
    for length in clue:
        fits, span = may_fill, 1  # runs_of(may_fill, length), inlined
        while span * 2 <= length:
            fits &= fits >> span
            span *= 2
        if span < length:
            fits &= fits >> (length - span)
        allowed &= fits
        starts.append(allowed)
        ends = allowed << length
        first = (ends << 1) & step
        reached = ends | ((((step + first) ^ step) | first) & step)
        packed |= reached << shift
        shift += width
        allowed = (reached << 1) & step  # later blocks need one empty cell first
    return packed, starts, reached


# %% [markdown]
# The clue `[2, 1]` on the line `?#.??#?`, block by block (positions in line order; `fits` and
# `starts` are indexed by cell):

# %% tags=["active-ipynb"]
# def trace_sweep(clue, line):
#     """Print the masks of the forward sweep, as strings in line order."""
#     cells = len(line)
#     filled, empty = line_to_bits(line)
#     full = (1 << cells) - 1
#     step = (full & ~filled) << 1
#     packed, starts, last = sweep(tuple(clue), cells, filled, empty)
#     before = [(packed >> (j * (cells + 1))) & ((1 << (cells + 1)) - 1) for j in range(len(clue) + 1)]
#     print(f'{"line":>14}  {show_line(line)}')
#     print(f'{"may fill":>14}  {show_bits(full & ~empty, cells)}')
#     print(f'{"step":>14}  {show_bits(step, cells + 1)}')
#     print(f'{"before[0]":>14}  {show_bits(before[0], cells + 1)}')
#     for j, length in enumerate(clue):
#         print(f'{f"fits {length}":>14}  {show_bits(runs_of(full & ~empty, length), cells)}')
#         print(f'{f"starts[{j}]":>14}  {show_bits(starts[j], cells)}')
#         print(f'{f"before[{j + 1}]":>14}  {show_bits(before[j + 1], cells + 1)}')
#     print('layout exists' if last >> cells & 1 else 'contradiction')
#
# trace_sweep([2, 1], parse_line('?#.??#?'))

# %% [markdown]
# Block 0 must start at cell 0: the left side allows starts 0 and 1 only (cell 1 is filled, so
# no later position is reachable with zero blocks placed), and a block of 2 does not fit at cell
# 1 because cell 2 is empty. After it, positions 2 to 5 are reachable. Block 1 may start at cells
# 3, 4 or 5 as far as the left side knows; that cell 5 must be covered is a demand from the
# right, which the forward sweep cannot see. It comes from the mirror image.
#
# ## The backward sweep is the forward sweep of the mirror image
#
# Chapter 1 computed `after` as the `before` of the reversed line and clue. The same works here,
# and reversing the bits of an integer is cheap through its binary string:
# `int(format(x, '0{n}b')[::-1], 2)`. Because `sweep` packs all its rows into one integer, the
# backward rows come out reversed, and in the right order, from **one** reversal of that integer.
#
# Then, exactly as in chapter 1, for each cell:
#
# - it **may be empty** if it is not known filled and some `j` has `before[j]` at its left
#   boundary and `after[j]` at its right: bitwise, `before[j] & (after[j] >> 1)`; all `j` at once
#   by folding the packed fields onto each other;
# - it **may be filled** if some block `j` has a start `s` allowed on the left (`starts[j]`) and
#   on the right (cell `s + L` may be empty and `after[j + 1]` holds at `s + L + 1`; or it is the
#   last block and `after[k]` holds at `s + L`), with the cell inside `s .. s + L - 1`. Spreading
#   each good start over its `L` cells is `runs_of` backwards: OR of shifts, doubling again.

# %%
def line_bits(clue, cells, filled, empty):
    """The bit-parallel line solver, unchecked and uncached.

    clue: tuple of positive ints; filled/empty: masks of known cells (bit i = cell i).
    Returns (filled, empty) masks of every cell that all layouts agree on (the known ones too).
    Raises Contradiction if no layout fits.
    """
    k = len(clue)
    full = (1 << cells) - 1
    packed_before, starts, last = sweep(clue, cells, filled, empty)
    if not last >> cells & 1:
        raise Contradiction(f'no layout of {list(clue)} fits the line {_show_masks(cells, filled, empty)}')
    if cells == 0:
        return 0, 0
    spec = f'0{cells}b'
    packed_mirror, _, _ = sweep(clue[::-1], cells, int(format(filled, spec)[::-1], 2),
                                int(format(empty, spec)[::-1], 2))
    width, fields = cells + 1, k + 1
    # One reversal turns the mirror's before[k - j] into after[j], in field j.
    packed_after = int(format(packed_mirror, f'0{width * fields}b')[::-1], 2)
    may_clear = full & ~filled
    repeat = ((1 << (width * fields)) - 1) // ((1 << width) - 1)  # a 1 at the bottom of each field
    clear = packed_before & (packed_after >> 1) & (may_clear * repeat)
    while fields > 1:  # OR all fields together, halving the number of fields each time
        half = (fields + 1) >> 1
        clear |= clear >> (half * width)
        fields = half
    can_clear = clear & full
    can_fill, field, shift = 0, (1 << width) - 1, width
    for j, length in enumerate(clue):
        after_next = (packed_after >> shift) & field  # after[j + 1]
        shift += width
        right_ok = ((after_next >> 1) & may_clear) if j < k - 1 else after_next
        covered, span = starts[j] & (right_ok >> length), 1
        while span * 2 <= length:  # spread each good start over its block's cells
            covered |= covered << span
            span *= 2
        if span < length:
            covered |= covered << (length - span)
        can_fill |= covered
    return full & ~can_clear, full & ~can_fill


def _show_masks(cells, filled, empty):
    """A line given by masks, drawn as in chapter 1: '#' filled, '.' empty, '?' unknown."""
    return ''.join('#' if filled >> i & 1 else '.' if empty >> i & 1 else '?' for i in range(cells))


# %% tags=["active-ipynb"]
# example = parse_line('?#.??#?')
# solved = bits_to_line(7, *line_bits((2, 1), 7, *line_to_bits(example)))
# print(show_line(example), '->', show_line(solved))

# %% [markdown]
# Only one layout is left, `##...#.`: block 0 at cell 0 (it must cover the filled cell 1) and
# block 1 on the filled cell 5.
#
# ## A cache, and the two front doors
#
# A puzzle solver asks about the same line in the same state again and again: after a guess is
# undone, when probing tries each cell of a line in turn, when a column is woken up by a change
# that does not concern it. Remembering answers costs one dictionary look-up per question. The
# key is the clue and the line state; the value is the answer, or the fact that there is none.
# The dictionary is emptied when it holds `CACHE_LIMIT` answers, which keeps memory bounded
# (tens of megabytes at most) with no bookkeeping on each look-up.
#
# `solve_line_bits(clue, cells, filled, empty)` is the door for programs that keep lines as
# bitmasks. It checks its input only on a cache miss (a wrong clue or mask is a `ClueError` as
# in chapter 1), so a hit costs one tuple and one look-up.

# %%
CACHE_LIMIT = 100_000
_bits_cache = {}
_line_cache = {}
_CONTRADICTION = 'contradiction'  # what the caches store when no layout fits


def cache_clear():
    """Forget every remembered line (both caches)."""
    _bits_cache.clear()
    _line_cache.clear()


def cache_info():
    """How many answers each cache holds: {'bits': ..., 'lines': ...}."""
    return {'bits': len(_bits_cache), 'lines': len(_line_cache)}


def _remember(cache, key, value):
    """Store value under key, emptying the cache first when it is full."""
    if len(cache) >= CACHE_LIMIT:
        cache.clear()
    cache[key] = value


def check_bits(clue, cells, filled, empty):
    """Return the clue as a normalized tuple, or raise ClueError if the bitmask question is malformed."""
    if isinstance(cells, bool) or not isinstance(cells, int) or cells < 0:
        raise ClueError(f'line length {cells!r} is not a whole number of cells')
    for name, mask in (('filled', filled), ('empty', empty)):
        if isinstance(mask, bool) or not isinstance(mask, int) or mask < 0 or mask >> cells:
            raise ClueError(f'{name} mask {mask!r} is not a set of cells of a line of {cells} cells')
    if filled & empty:
        raise ClueError(f'cells {show_bits(filled & empty, cells)} are marked both filled and empty')
    return tuple(normalize_clue(clue, cells))


def solve_line_bits(clue, cells, filled, empty):
    """Solve a line given as bitmasks; returns the (filled, empty) masks of all decided cells.

    clue: a tuple of block lengths; cells: the line's length; filled/empty: masks of the cells
    known filled / known empty (bit i = cell i). Answers are cached on the whole question.
    Raises Contradiction if no layout fits, ClueError on malformed input.
    """
    key = (clue, cells, filled, empty)
    try:
        answer = _bits_cache.get(key)
    except TypeError:  # an unhashable clue, such as a list: check it and ask again
        return solve_line_bits(check_bits(clue, cells, filled, empty), cells, filled, empty)
    if answer is None:
        checked = check_bits(clue, cells, filled, empty)
        try:
            answer = line_bits(checked, cells, filled, empty)
        except Contradiction as error:
            answer = (_CONTRADICTION, str(error))
        _remember(_bits_cache, key, answer)
    if answer[0] == _CONTRADICTION:
        raise Contradiction(answer[1])
    return answer


# %% [markdown]
# `solve_line(blocks, line)` is the door with chapter 1's contract: lists in, a new list out.
# Its cache key is the clue and the line as one flat tuple. One subtlety: `True == 1` in
# Python, so `[True]` would find the answer stored for `[1]`, while chapter 1 rejects `True` as
# a cell. So a hit counts only if every element of the key is a plain `int` or `None`; anything
# else goes the long way, through chapter 1's own checks. `cache=False` skips the cache (for
# measuring).

# %%
_PLAIN = frozenset({int, type(None)})
_GAP = -1  # separates clue from line in a cache key; never a block length or a cell


def solve_line(blocks, line, *, cache=True):
    """Decide every cell of `line` that all layouts of `blocks` agree on (fast version).

    Same contract as nonovector.solve_line: blocks is the clue ([] or [0] for an empty line),
    line a list of 1/0/None; returns a new list; raises Contradiction if no layout fits and
    ClueError on malformed input.
    """
    if not isinstance(line, (list, tuple)):
        line = check_line(line)  # a string or a number is a ClueError; other iterables a list
    if not isinstance(blocks, (list, tuple)):
        blocks = normalize_clue(blocks)
    key = (*blocks, _GAP, *line)
    plain = _PLAIN.issuperset(map(type, key))
    if cache and plain:
        answer = _line_cache.get(key)
        if answer is not None:
            if answer.__class__ is tuple:
                return list(answer)
            raise Contradiction(answer)
    cells = line if plain and all(map(_CELL_CHAR.__contains__, line)) else check_line(line)
    clue = tuple(blocks) if plain else None
    if clue is None or (clue and (min(clue) <= 0 or sum(clue) + len(clue) - 1 > len(cells))):
        clue = tuple(normalize_clue(blocks, len(cells)))  # chapter 1's checks and messages
    n = len(cells)
    try:
        answer = tuple(bits_to_line(n, *line_bits(clue, n, *line_to_bits(cells))))
    except Contradiction as error:
        answer = str(error)
    if cache and plain:
        _remember(_line_cache, key, answer)
    if answer.__class__ is tuple:
        return list(answer)
    raise Contradiction(answer)


# %% tags=["active-ipynb"]
# import nonovector
#
# print(solve_line([3, 1], [None, None, None, 1, None, None, None, None, 1, None]))
# print(nonovector.solve_line([3, 1], [None, None, None, 1, None, None, None, None, 1, None]))
# for blocks, line in [([3], [None, 0, None, 0, None]), ([5, 5], [None] * 10), ([1], [None, 2])]:
#     for name, solver in (('nonofast', solve_line), ('nonovector', nonovector.solve_line)):
#         try:
#             solver(blocks, line)
#         except ValueError as error:
#             print(f'{name:>10}: {type(error).__name__}: {error}')

# %% [markdown]
# ## Proof that it agrees with chapter 1
#
# A fast solver that is sometimes wrong is worse than a slow one. First, every clue against every
# partially known line of up to 6 cells, `3 ** cells` lines per clue, both doors, with and
# without the cache: the answer must be chapter 1's, or both must find a contradiction. (The
# test suite adds random lines of up to 20 cells against chapter 1 and against a brute force
# that tries every layout, and the edge cases.)

# %% tags=["active-ipynb"]
# from itertools import product
#
# def outcome(solver, *args, **options):
#     """The solver's answer, or the word 'contradiction'."""
#     try:
#         return solver(*args, **options)
#     except Contradiction:
#         return 'contradiction'
#
# def every_clue(cells):
#     """The clues of all 2 ** cells finished lines."""
#     return sorted({tuple(nonovector.line2blocks(format(m, f'0{cells}b'))) for m in range(2 ** cells)})
#
# cache_clear()
# cases = contradictions = 0
# for cells in range(0, 7):
#     for clue in every_clue(cells):
#         for cells_known in product([None, 0, 1], repeat=cells):
#             line = list(cells_known)
#             expected = outcome(nonovector.solve_line, list(clue), line)
#             for use_cache in (False, True, True):
#                 assert outcome(solve_line, list(clue), line, cache=use_cache) == expected
#             bits = outcome(solve_line_bits, clue, cells, *line_to_bits(line))
#             assert bits == expected or bits == line_to_bits(expected), (clue, line)
#             cases += 1
#             contradictions += expected == 'contradiction'
# print(f'nonofast = chapter 1 on all {cases:,} cases ({contradictions:,} contradictions)')
# cache_clear()

# %% [markdown]
# ## How much faster?
#
# Timings vary between machines and runs, so they are not taken here: `benchmarks/speed.py`
# measures them in one run and writes small result files, which this notebook loads. (Run
# `python benchmarks/speed.py` from the repo root to measure your own machine; it takes a few
# minutes and shows its progress.) First the headline: random 25-cell lines, each the clue of a
# random picture with half its cells filled and 6 of the picture's cells known, solved by the
# seed-style enumeration (`newforces(nonovector(...))`), by chapter 1's DP, and by this
# chapter's solver, uncached and cached. "Cache cold" sees each line for the first time (every
# look-up misses); "cache warm" sees the same lines again (every look-up hits).

# %% tags=["active-ipynb"]
# import csv
# from pathlib import Path
#
# RESULTS = Path('..') / 'benchmarks' / 'results'
#
# def read_rows(name):
#     """The rows of a results CSV as dicts."""
#     with open(RESULTS / name, newline='') as file:
#         return list(csv.DictReader(file))
#
# speed = read_rows('speed.csv')
# print(f'{"solver":<48} {"lines/s":>10} {"x enumeration":>14}')
# for row in speed:
#     print(f'{row["solver"]:<48} {float(row["lines_per_second"]):>10,.0f} {float(row["ratio"]):>14,.0f}')

# %% [markdown]
# Without its cache, the bit-parallel solver is about ten times faster than chapter 1's DP and
# about a hundred times faster than enumerating layouts; that is the cost of a few hundred integer
# operations, close to the floor for anything written in Python. A cache hit costs a look-up
# and a copy, and lines asked again, which a 2D solver does constantly, come back more than a
# thousand times faster than enumeration (through `solve_line_bits`, which needs no list
# conversions). How does the time per line grow with the line's length? The benchmark also
# solves random lines of 10 to 100 cells (same recipe: density 0.5, a quarter of the cells known):

# %% tags=["active-ipynb"]
# import matplotlib.pyplot as plt
#
# lengths = read_rows('lines.csv')
# labels = {'enumeration': 'enumerate layouts (nonovector + newforces)',
#           'chapter1': 'chapter 1 DP (nonovector.solve_line)',
#           'nonofast': 'bit-parallel (nonofast.solve_line, no cache)'}
# fig, ax = plt.subplots(figsize=(7, 4))
# for solver, label in labels.items():
#     points = [(int(r['cells']), float(r['seconds_per_line'])) for r in lengths if r['solver'] == solver]
#     ax.plot([c for c, _ in points], [s * 1e6 for _, s in points], marker='o', markersize=4, label=label)
# ax.set_yscale('log')
# ax.set_xlabel('cells in the line (random picture, density 0.5, 1/4 of cells known)')
# ax.set_ylabel('microseconds per line (log scale)')
# ax.set_title('Time to solve one line, by line length')
# ax.grid(True, which='major', alpha=0.3)
# ax.legend(fontsize=8, loc='lower right')
# plt.show()

# %% [markdown]
# Enumeration explodes with the line's length (it is measured only up to the length where a
# line still takes under about a second), while both DPs grow gently, and the bit-parallel
# solver's lead over chapter 1 grows with the length: from a few times at 10 cells to more than
# twenty times at 100. Its integer operations work on the whole line at once, so its cost
# follows the number of blocks far more than the number of cells.
#
# ## When lines are not enough: the puzzle as clauses
#
# Line solving, however fast, only ever looks at one line. Some puzzles are designed to defeat
# that: 9-Dom (webpbn #8098, 19x19) is solvable only by an argument that counts across many
# lines at once, and solvers that alternate line logic with depth-first guessing take minutes or
# hours on it. A SAT solver takes a different route. It sees the whole puzzle as one formula in
# *conjunctive normal form* (clauses, each an OR of literals, all of which must hold), and when a
# guess leads to a contradiction it *learns* a new clause that sums up why, so that the same
# dead end is never explored again, in any part of the search. That learned clause can mention
# cells of many lines: it is exactly the kind of cross-line fact that line solving cannot see.
#
# ### One line as an automaton
#
# The lines with clue `[2, 1]` are the words of the pattern `0* 11 0+ 1 0*`. Write the clue as a
# sequence of *tokens*, a `1` per filled cell and a `0` for each gap between blocks (`1 1 0 1`),
# and an automaton that has read `t` cells is in state `q` = the number of tokens matched so far.
# On the next cell, it either matches the next token (moving to `q + 1`) or, if the cell is empty
# and we are in a place where extra empty cells are allowed (before the first block, just after a
# gap token, or after the last block), stays where it is. Anything else is a dead end. The line
# fits the clue if the automaton ends in the last state, having matched every token.

# %%
def clue_tokens(clue):
    """The clue as tokens: 1 for each filled cell of a block, 0 for each gap between blocks."""
    tokens = []
    for i, length in enumerate(clue):
        if i:
            tokens.append(0)
        tokens.extend([1] * length)
    return tokens


def next_state(tokens, state, cell):
    """The automaton's move from `state` on a cell (1 filled, 0 empty), or None at a dead end."""
    if state < len(tokens) and tokens[state] == cell:
        return state + 1
    if cell == 0 and (state == 0 or state == len(tokens) or tokens[state - 1] == 0):
        return state  # extra empty cells: before the first block, in a gap, after the last
    return None


# %% tags=["active-ipynb"]
# def run_automaton(clue, finished):
#     """The states the automaton visits on a finished line; None marks a dead end."""
#     tokens, states = clue_tokens(clue), [0]
#     for cell in finished:
#         states.append(next_state(tokens, states[-1], cell) if states[-1] is not None else None)
#     return states
#
# print('tokens of [2, 1]:', clue_tokens([2, 1]), '(accepting state 4)')
# for finished in ([1, 1, 0, 1, 0], [0, 1, 1, 0, 0, 1], [1, 0, 1, 1, 0], [0, 1, 1, 1, 0]):
#     print(finished, '->', run_automaton([2, 1], finished))

# %% [markdown]
# ### The automaton as clauses
#
# For each line, one Boolean variable per *(cells read `t`, state `q`)* pair says "after `t`
# cells this line's automaton is in state `q`". Only pairs that can occur on the way to the
# accepting state get a variable: at least `q` cells are needed to match `q` tokens, and the
# remaining tokens need the remaining cells. Then, with `x` the variable of cell `t` (true =
# filled):
#
# - the start state holds: `S(0, 0)`;
# - forward: `S(t, q) and cell = v -> S(t + 1, next)`; if the move is a dead end (or leads to a
#   state that can no longer reach the end), `not (S(t, q) and cell = v)`;
# - backward: a state holds only if one of its predecessors (with the right cell value) holds.
#
# The forward clauses alone make every model a correct line (the run of the automaton is forced
# and cannot end anywhere but in the accepting state, the only one kept at `t = cells`); the
# backward clauses help the solver deduce things early. Every row and every column gets its own
# automaton over the same cell variables, and the SAT solver finds cell values that satisfy all
# of them at once.

# %%
def line_clauses(clue, cell_vars, new_var):
    """CNF clauses (lists of nonzero ints, as DIMACS) saying the cells spell a line with `clue`.

    cell_vars: the variable of each cell, in order (true = filled); new_var() returns a fresh
    variable number for each automaton state.
    """
    tokens, cells = clue_tokens(clue), len(cell_vars)
    m = len(tokens)
    state = {}
    for t in range(cells + 1):  # only states that can still reach the end in time
        for q in range(max(0, m - (cells - t)), min(t, m) + 1):
            state[t, q] = new_var()
    clauses = [[state[0, 0]]]
    predecessors = {}
    for (t, q), here in state.items():
        if t == cells:
            continue
        x = cell_vars[t]
        for cell, not_cell in ((1, -x), (0, x)):
            target = (t + 1, next_state(tokens, q, cell))
            if target in state:
                clauses.append([-here, not_cell, state[target]])
                predecessors.setdefault(target, []).append((here, -not_cell))
            else:
                clauses.append([-here, not_cell])
    for key, there in state.items():
        if key[0] == 0:
            continue
        options = predecessors.get(key, [])
        # there -> OR of (state and cell literal), turned into clauses by distributing
        choices = [[]]
        for both in options:
            choices = [chosen + [literal] for chosen in choices for literal in both]
        for chosen in choices:
            if not any(-literal in chosen for literal in chosen):  # skip always-true clauses
                clauses.append([-there] + sorted(set(chosen)))
    return clauses


def puzzle_cnf(rows, cols, grid=None):
    """The whole puzzle as clauses. Returns (clauses, cell_var, variables):

    cell_var[r][c] is the variable of cell (r, c) (true = filled); known cells of `grid`
    (a list of rows of 1/0/None) become one-literal clauses.
    """
    rows, cols = _checked_puzzle(rows, cols, grid)
    numbers = count(1)
    cell_var = [[next(numbers) for _ in cols] for _ in rows]
    clauses = []
    for r, clue in enumerate(rows):
        clauses += line_clauses(clue, cell_var[r], numbers.__next__)
    for c, clue in enumerate(cols):
        clauses += line_clauses(clue, [cell_var[r][c] for r in range(len(rows))], numbers.__next__)
    for r, row in enumerate(grid or []):
        for c, cell in enumerate(row):
            if cell is not None:
                clauses.append([cell_var[r][c] if cell else -cell_var[r][c]])
    return clauses, cell_var, next(numbers) - 1


def _checked_puzzle(rows, cols, grid):
    """Normalized clues, or ClueError naming the row or column at fault (as chapter 2 does)."""
    checked = []
    for kind, lines, cells in (('row', rows, len(cols)), ('column', cols, len(rows))):
        normal = []
        for i, clue in enumerate(lines):
            try:
                normal.append(normalize_clue(clue, cells))
            except ClueError as error:
                raise ClueError(f'{kind} {i}: {error}') from None
        checked.append(normal)
    if grid is not None:
        if len(grid) != len(rows):
            raise ClueError(f'grid has {len(grid)} rows, expected {len(rows)}')
        for r, row in enumerate(grid):
            if len(row) != len(cols):
                raise ClueError(f'grid row {r} has {len(row)} cells, expected {len(cols)}')
            try:
                check_line(row)
            except ClueError as error:
                raise ClueError(f'grid row {r}: {error}') from None
    return checked


# %% [markdown]
# The clause count for a small puzzle, and for one line:

# %% tags=["active-ipynb"]
# clauses, cell_var, variables = puzzle_cnf([[2, 1], [1], [3]], [[1, 1], [1], [1, 1], [1]])
# print(f'3x4 puzzle: {variables} variables ({3 * 4} cells), {len(clauses)} clauses')
# one_line = line_clauses([2, 1], [1, 2, 3, 4, 5], count(6).__next__)
# print(f'clue [2, 1] on 5 cells: {len(one_line)} clauses, the first few: {one_line[:5]}')

# %% [markdown]
# ### Enumerating solutions
#
# `sat_solutions` hands the clauses to a SAT solver from the `python-sat` package (an optional
# extra: `pip install python-sat`; everything else in this project works without it). Each time
# the solver finds a model, we read off the grid and add a *blocking clause*, "at least one cell
# differs from this grid", and ask again; when the formula becomes unsatisfiable every solution
# has been seen, each exactly once. Validating a puzzle means asking for two.

# %%
def sat_solutions(rows, cols, grid=None, *, solver='cadical153'):
    """Generate every solution grid (lists of rows of 0/1) of the puzzle, each once, by SAT.

    Needs the optional package python-sat (imported here, so the rest of the module does not).
    `solver` names one of python-sat's solvers. Raises ClueError on a malformed puzzle.
    """
    try:
        from pysat.solvers import Solver
    except ImportError:
        raise ImportError('sat_solutions needs the optional package python-sat: '
                          'pip install python-sat') from None
    clauses, cell_var, _ = puzzle_cnf(rows, cols, grid)
    all_cells = [var for row in cell_var for var in row]
    with Solver(name=solver, bootstrap_with=clauses) as sat:
        while sat.solve():
            filled = {var for var in sat.get_model() if var > 0}
            yield [[int(var in filled) for var in row] for row in cell_var]
            sat.add_clause([-var if var in filled else var for var in all_cells])


# %% [markdown]
# A small check (the test suite runs the same comparison on many random puzzles): the SAT
# solutions of a small puzzle with two solutions, against brute force over every combination of
# row layouts.

# %% tags=["active-ipynb"]
# def brute_force_solutions(rows, cols):
#     """Every grid whose rows have layouts of their clues and whose columns match theirs."""
#     width = len(cols)
#     row_lines = [[[int(any(p <= c < p + n for p, n in layout)) for c in range(width)]
#                   for layout in nonovector.nonoblocks(clue, width)] for clue in rows]
#     return [list(grid) for grid in product(*row_lines)
#             if all(nonovector.line2blocks(column) == nonovector.normalize_clue(clue)
#                    for column, clue in zip(zip(*grid), cols))]
#
# rows, cols = [[1], [1]], [[1], [1]]             # two crossing diagonals: 2 solutions
# print(sorted(sat_solutions(rows, cols)) == sorted(brute_force_solutions(rows, cols)))
# picture = [[1, 1, 0], [1, 0, 1], [1, 1, 1]]
# rows = [nonovector.line2blocks(row) for row in picture]
# cols = [nonovector.line2blocks(col) for col in zip(*picture)]
# print(rows, cols, list(sat_solutions(rows, cols)) == brute_force_solutions(rows, cols) == [picture])

# %% [markdown]
# The benchmark ran `sat_solutions` (asking for two solutions) on the two hardest puzzles of Jan
# Wolter's survey that a line solver with guessing finds hard, and on random 30x30 puzzles:

# %% tags=["active-ipynb"]
# sat_rows = read_rows('sat.csv')
# print(f'{"puzzle":<28} {"size":>6} {"solutions":>9} {"seconds":>8}')
# for row in sat_rows:
#     print(f'{row["puzzle"]:<28} {row["size"]:>6} {row["solutions"]:>9} {float(row["seconds"]):>8.2f}')

# %% [markdown]
# 9-Dom, whose solution no sequence of line deductions reaches, falls in well under a second, as
# does Forever. For the SAT solver these are small formulas; what makes them hard for line
# logic (facts that span many lines) is what clause learning discovers.
#
# ## What we have
#
# - `solve_line` and `solve_line_bits`: chapter 1's line solver, proven equal to it, several times
#   faster on a cache miss and far faster on a hit; `reach` shows the one-addition trick that
#   makes a DP row cost a few integer operations.
# - `benchmarks/speed.py` measures every variant in one run and writes the tables and curves
#   shown above.
# - `puzzle_cnf` and `sat_solutions`: the puzzle as an automaton per line, in clauses, solved and
#   validated by a SAT solver when the optional `python-sat` is installed.
#
# A chapter 2 engine that takes a `line_solver=` can be handed `nonofast.solve_line` directly.
