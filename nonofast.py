# %% [markdown]
# # Lesson 7. The bit solver, fast
#
# Lesson 6 wrote lesson 2's line solver as a few integer operations per block: `line_bits`, built
# from small functions (`reach`, `runs_of`, `forward`, `spread`, `backward`), each with its trace.
# That version is for reading. This lesson makes the version an engine calls all day, and
# measures what it buys. By the end of this lesson you will be able to
#
# - inline a small solver's helper functions, and say why that saves time in CPython;
# - reverse the bits of an integer a byte at a time, through a table;
# - put a bounded cache and input checks in front of a solver, in its *doors* (the public
#   functions that callers use), with lesson 2's contract: lists in, a new list out, the same
#   errors;
# - check that every door agrees with lesson 2's `solve_line`;
# - plug the fast solver into lesson 4's engine with one keyword, and measure the gain on single
#   lines and on whole puzzles.
#
# This notebook is the module `nonofast`.

# %%
"""The fast line solver: lesson 6's bitmask solver inlined, with a cache and checked doors.

Lesson 7 of the nonogram tutorial (notebooks/nonofast.ipynb is the readable version).
Public functions: solve_line (same contract as nonoline.solve_line), solve_line_bits,
solve_checked, line_bits_fast, cache_clear, cache_info; and, from lesson 6 (nonobits) and
nonocheck, the names other modules import from here: line_to_bits, cells_to_bits, bits_to_line,
reach, runs_of, spread, reverse_bits, line_bits, checked_clue.
Errors: nonovector.Contradiction (no layout fits) and nonocheck.ClueError (bad input).
"""

from nonobits import (bits_to_line, cells_to_bits, line_bits, line_to_bits,  # noqa: F401
                      reach, reverse_bits, runs_of, spread)
from nonocheck import check_bits, check_line, checked_clue
from nonovector import Clue, Contradiction, Line, show_line


# %% [markdown]
# ## The same solver with the calls inlined
#
# Is the clarity costly? `forward` calls `reach` and `runs_of`, and `line_bits` calls `spread`,
# `backward` and `forward`: each call is an interpreter step too, with its arguments packed and
# its frame built. `line_bits_fast` below is the same computation with those bodies copied inline
# (the comments name the function each piece comes from), and the two passes in one loop over
# (clue, masks) and (mirrored clue, mirrored masks).
#
# It also reverses bits more cheaply than `reverse_bits`, which goes through a string. A number's
# bytes (`int.to_bytes`) are mapped through a table of the 256 bytes with their bits reversed
# (`bytes.translate`), and read back in the opposite byte order: that reverses every bit at once.
# The padding bits that the whole bytes add at the top end up at the bottom, and are shifted off.

# %%
REVERSED_BYTE = bytes(reverse_bits(byte, 8) for byte in range(256))  # each byte, bits reversed

# %% [markdown]
# The byte trick on a 12-bit number, which needs two bytes (four bits of padding). The masks are
# printed as Python writes binary numbers, bit 0 last, not in lesson 6's line order: a reversal
# reads the same either way.

# %% tags=["active-ipynb"]
# mask, width = 0b110100000111, 12
# size = (width + 7) // 8
# by_bytes = int.from_bytes(mask.to_bytes(size, 'little').translate(REVERSED_BYTE), 'big')
# print(f'{mask:0{width}b} -> through the table {by_bytes:0{8 * size}b}, shifted '
#       f'{by_bytes >> (8 * size - width):0{width}b};'
#       f' reverse_bits: {reverse_bits(mask, width):0{width}b}')

# %% [markdown]
# In the solver, the bytes hold one bit more than the line, because the backward pass's masks
# have `cells + 1` positions.

# %%
def line_bits_fast(clue: tuple[int, ...], cells: int, filled: int,
                   empty: int) -> tuple[int, int]:
    """line_bits with reach, runs_of, spread and both passes inlined, and bits reversed a byte at a
    time through REVERSED_BYTE (same answers, faster). Unchecked; raises Contradiction."""
    k = len(clue)
    full = (1 << cells) - 1
    if cells == 0:
        if k:
            raise Contradiction(f'no layout of {list(clue)} fits the line ')
        return 0, 0
    size = (cells + 8) >> 3  # bytes that hold cells + 1 bits
    shift = 8 * size - cells  # mirror over `cells` bits: reverse the bytes, drop `shift` bits
    may_fill, may_empty = full & ~empty, full & ~filled
    mirror_fill = int.from_bytes(may_fill.to_bytes(size, 'little').translate(REVERSED_BYTE),
                                 'big') >> shift
    mirror_empty = int.from_bytes(may_empty.to_bytes(size, 'little').translate(REVERSED_BYTE),
                                  'big') >> shift
    befores, afters, starts = [], [], []
    for order, fill_ok, empty_ok, dest in ((clue, may_fill, may_empty, befores),
                                           (clue[::-1], mirror_fill, mirror_empty, afters)):
        step = empty_ok << 1
        first = 2 & step
        reached = 1 | ((((step + first) ^ step) | first) & step)   # reach(1, step)
        dest.append(reached)
        allowed = reached
        for length in order:
            fits, span = fill_ok, 1                                 # runs_of(fill_ok, length)
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
        raise Contradiction(f'no layout of {list(clue)} fits the line '
                            f'{show_line(bits_to_line(cells, filled, empty))}')
    shift -= 1  # (these mirror over cells + 1 positions)
    after = [int.from_bytes(afters[k - j].to_bytes(size, 'little').translate(REVERSED_BYTE),
                            'big') >> shift for j in range(k + 1)]
    can_empty = 0
    for j in range(k + 1):
        can_empty |= befores[j] & (after[j] >> 1)
    can_fill = 0
    for j, length in enumerate(clue):
        right_ok = ((after[j + 1] >> 1) & may_empty) if j < k - 1 else after[k]
        covered, span = starts[j] & (right_ok >> length), 1          # spread(..., length)
        while span * 2 <= length:
            covered |= covered << span
            span *= 2
        if span < length:
            covered |= covered << (length - span)
        can_fill |= covered
    return full & ~(can_empty & may_empty), full & ~can_fill


# %% [markdown]
# ## A cache, and the front doors
#
# A puzzle solver asks about the same line in the same state again and again: after a guess is
# undone, or when probing tries each cell of a line in turn and every probe leaves the crossing
# lines as they were. Remembering answers costs one dictionary look-up per question. The key is
# the clue and the line's state; the value is the answer, or the message of the contradiction.
# Entries are not small (the key and the answer of `solve_line` are tuples of cells), so each
# cache is emptied whenever it holds `CACHE_LIMIT` answers: memory stays bounded, and a solver
# that keeps asking about the same lines refills it quickly.
#
# There are three doors:
#
# - `solve_line(blocks, line)`, with lesson 2's contract: lists in, a new list out;
# - `solve_line_bits(clue, cells, filled, empty)`, for programs that keep lines as bitmasks;
# - `solve_checked(clue, cells)`, for a program that checks a whole puzzle once and then asks
#   about its lines many thousands of times: no checks and no cache.
#
# The first two check their input on every call, so a malformed question is a `ClueError` with
# lesson 2's message whether its answer is cached or not. Checking costs time on every call,
# cache hits included, so the doors call `checked_clue` and `check_bits` from the library module
# `nonocheck`, which accept the common case (positive whole numbers that fit) in a few operations
# and leave the rest, and the error messages, to lesson 1's thorough `normalize_clue`.
# `cache=False` skips the cache (for measuring). An engine that keeps its lines as bitmasks can go
# further and call `line_bits_fast` directly: no checks, no cache, and no conversion of cells to
# masks and back.

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
    """The third door, for callers that have checked their input already: clue a tuple as
    `checked_clue` returns it, cells a tuple or list of 1/0/None. No checks and no cache;
    returns a tuple; raises Contradiction if no layout fits."""
    count = len(cells)
    return tuple(bits_to_line(count, *line_bits_fast(clue, count, *cells_to_bits(cells))))


# %% [markdown]
# The doors answer as lesson 2 does, and fail as it does:

# %% tags=["active-ipynb"]
# import nonoline
#
# print(solve_line([3, 1], [None, None, None, 1, None, None, None, None, 1, None]))
# print(nonoline.solve_line([3, 1], [None, None, None, 1, None, None, None, None, 1, None]))
# for blocks, line in [([3], [None, 0, None, 0, None]), ([5, 5], [None] * 10), ([1], [None, 2])]:
#     for name, solver in (('nonofast', solve_line), ('nonoline', nonoline.solve_line)):
#         try:
#             solver(blocks, line)
#         except ValueError as error:
#             print(f'{name:>10}: {type(error).__name__}: {error}')

# %% [markdown]
# ## A check that all agree
#
# Every clue against every partially known line of up to 6 cells (`3 ** cells` lines per clue).
# Lesson 2's `solve_line` gives the expected answer, and every route to the fast solver must give
# it too: `solve_line` without its cache, then with it twice (the first call fills the cache, the
# second is answered from it); `solve_line_bits` twice (cold, then warm); `solve_checked`; and
# lesson 6's readable `line_bits` against `line_bits_fast` on the same masks. Or all must find a
# contradiction.

# %% tags=["active-ipynb"]
# from itertools import product
#
# from nonovector import all_clues
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
# cache_clear()
# cases = contradictions = 0
# for cells in range(0, 7):
#     for clue in all_clues(cells):
#         for known in product([None, 0, 1], repeat=cells):
#             line, masks = list(known), line_to_bits(known)
#             expected = outcome(nonoline.solve_line, list(clue), line)
#             for use_cache in (False, True, True):
#                 assert outcome(solve_line, list(clue), line, cache=use_cache) == expected
#             as_bits = expected if expected == 'contradiction' else line_to_bits(expected)
#             for _ in range(2):
#                 assert outcome(solve_line_bits, clue, cells, *masks) == as_bits
#             assert outcome(line_bits_fast, clue, cells, *masks) == as_bits
#             assert outcome(line_bits, clue, cells, *masks) == as_bits
#             checked = outcome(solve_checked, clue, known)
#             assert checked == (expected if expected == 'contradiction' else tuple(expected))
#             cases += 1
#             contradictions += expected == 'contradiction'
# print(f'every door = lesson 2 on all {cases:,} cases ({contradictions:,} contradictions)')
# cache_clear()

# %% [markdown]
# ## How much faster?
#
# First single lines. Timings vary from run to run, so this table is not measured here: it is a
# stored benchmark, `benchmarks/results/speed.csv`, written by `benchmarks/speed.py` (part
# `lines`), which solves the same random 25-cell lines with each solver (each line the clue of a
# random picture with half its cells filled, and 6 of the picture's cells known) and records lines
# per second, without the cache, then with a warm cache (every question asked before). The
# library module `nonobench` reads such stored results (`read_rows`):

# %% tags=["active-ipynb"]
# from nonobench import read_rows
#
# shown = {  # the benchmark's label of a row -> its name here
#     'lesson 2 DP: nonoline.solve_line': "lesson 2's solve_line",
#     'nonofast.solve_line, no cache': 'solve_line, no cache',
#     'nonofast.line_bits (bitmasks), no cache': "lesson 6's line_bits",
#     'nonofast.line_bits_fast (bitmasks), no cache': 'line_bits_fast',
#     'nonofast.solve_line, cache warm (all hits)': 'solve_line, cache warm'}
# rates = {shown[row['solver']]: float(row['lines_per_second'])
#          for row in read_rows('speed.csv') if row['solver'] in shown}
# lesson2 = rates["lesson 2's solve_line"]
# print(f'{"solver":<24} {"lines/s":>8} {"x lesson 2":>10}')
# for name, rate in rates.items():
#     print(f'{name:<24} {rate:>8,.0f} {rate / lesson2:>10.1f}')
# saved = 1 - rates["lesson 6's line_bits"] / rates['line_bits_fast']
# print(f'line_bits_fast takes {saved:.0%} less time than line_bits')

# %% [markdown]
# Through the list door and without its cache, the bit solver answers 8.0 times as many lines per
# second as lesson 2's solver; on bitmasks, without the conversions, `line_bits_fast` 14.6 times
# as many, and inlining is worth a third of `line_bits`' time. A cache hit costs the input check, a
# look-up and a copy.
#
# Now whole puzzles. Lesson 4's engine takes its line solver as a parameter, so using the new
# one is a single keyword: `line_solver=nonofast.solve_line`. Nothing else changes: the same lines
# are solved in the same order, every answer is the same, so the search makes the same guesses
# and counts the same work. Only the time differs. The puzzles: lesson 3's Cat (20x20, line logic
# alone) and Edge (11x10, needs probing), a random 20x20 picture of lesson 4's `random_picture`
# (several solutions: needs search; lesson 3's `pic2gram` gives its clues), and two more puzzles
# from Jan Wolter's web paint-by-number site, webpbn, stored like Cat and Edge in `puzzles/` and
# read by the library module `nonofiles` (`read_puzzle`). The new two, drawn below:
#
# | name | size (rows x columns) | source | why here |
# |---|---|---|---|
# | Knot | 34x34 | webpbn #16, by Jan Wolter | long lines, solved by line logic alone |
# | Petro | 35x40 | webpbn #436, a stone face, by Jan Wolter | hundreds of probes, thousands of line solves |

# %% tags=["active-ipynb"]
# from pathlib import Path
# import matplotlib.pyplot as plt
# import nonofiles
# import nonogram2d
# import nonoprobe
# from nonodraw import draw_steps
#
# PUZZLES = Path('..') / 'puzzles'   # the notebooks run in notebooks/
# puzzles = {name: nonofiles.read_puzzle(PUZZLES / f'webpbn-{number}.non')
#            for name, number in (('Cat', '00006'), ('Edge', '00023'), ('Knot', '00016'),
#                                 ('Petro', '00436'))}
# puzzles = {name: (p.rows, p.cols) for name, p in puzzles.items()}
# puzzles['random'] = nonogram2d.pic2gram(nonoprobe.random_picture(20, 20, 0.5, seed=2))
# verdicts = {}
# for name, (rows, cols) in puzzles.items():
#     teaching = nonoprobe.analyse(rows, cols)
#     cache_clear()                              # the fast run starts with an empty cache
#     fast = nonoprobe.analyse(rows, cols, line_solver=solve_line)
#     assert (fast.status, fast.method, fast.solutions, fast.nodes, fast.probes, fast.line_solves) \
#         == (teaching.status, teaching.method, teaching.solutions, teaching.nodes,
#             teaching.probes, teaching.line_solves)
#     verdicts[name] = teaching, fast
#     assert fast.line_solves < CACHE_LIMIT            # so the cache was never emptied, and
#     hits = fast.line_solves - cache_info()['lines']  # questions asked before were cache hits
#     print(f'{name:>6} ({len(rows)}x{len(cols)}): {teaching.describe()};'
#           f' {hits / fast.line_solves:.0%} cache hits')
# new = {'Knot': 'webpbn #16', 'Petro': 'webpbn #436'}
# fig = draw_steps([verdicts[name][0].solutions[0] for name in new], changed=[[]] * 2, size=3.6,
#                  titles=[f'{name} ({source}), {len(puzzles[name][0])}x{len(puzzles[name][1])}'
#                          for name, source in new.items()])
# fig.suptitle("The two new puzzles, as lesson 4's engine solves them")
# plt.show()

# %% [markdown]
# Same verdicts, same work. And the clock, measured now, in this run (its output varies, so the
# tests do not compare it): the ratio is lesson 2's time over the fast solver's, for the same
# analysis.

# %% tags=["active-ipynb", "nbval-ignore-output"]
# for name, (teaching, fast) in verdicts.items():
#     print(f'{name:>12}: lesson 2 {teaching.seconds * 1000:7.1f} ms, nonofast'
#           f' {fast.seconds * 1000:7.1f} ms, ratio {teaching.seconds / fast.seconds:4.1f}')

# %% [markdown]
# The ratios vary from run to run, but two things set them. First, the share of the engine's time
# spent solving lines: the rest (copying grids for probes, keeping the queue, comparing cells)
# costs the same with either solver. Size is not what counts: Cat is as big as the random picture
# but has only 164 line solves, and Edge's lines have only 10 or 11 cells, so on both the rest
# weighs more and the gain is smallest. Second, which single-line figure applies: the engine asks
# through `solve_line` and its cache, so its line solves gain between the table's "no cache"
# figure (every question new) and its "cache warm" one (every question repeated), according to
# the share of cache hits printed above. That is how a whole puzzle can gain more than the
# no-cache figure for single lines.
#
# ## What we have learned, and what comes next
#
# - Inlining lesson 6's helpers, and reversing bits a byte at a time through a table, make
#   `line_bits_fast`: the same answers as `line_bits`, in about two thirds of its time.
# - The doors: `solve_line` (lesson 2's contract), `solve_line_bits` (bitmasks), both checked on
#   every call and cached with a bound; `solve_checked`, without checks or cache. All of them agree
#   with lesson 2 on every line of up to 6 cells.
# - `line_solver=nonofast.solve_line` plugs the fast solver into lesson 4's engine, with the same
#   verdicts and the same work, several times faster where solving lines takes most of the time.
#
# Next, lesson 8 engineers the engine itself: an undo trail instead of copied grids, a memo of
# line answers, and fewer probes.
#
# ## Exercises
#
# 1. *Predict, then run.* Call `cache_clear()`, then `solve_line([2], [None] * 3)` three times
#    and `solve_line([2], [None, None, 1])` once. What does `cache_info()` say? Then run it.
# 2. Set `CACHE_LIMIT` to 10 and run the engine measurement on Petro again, twice (the first run
#    after a change is cold). How much of the fast solver's gain there came from its cache?
# 3. *Prove it.* Show that the byte trick reverses a number: reversing the order of its bytes and
#    the bits of each byte moves bit `i` to bit `8 * size - 1 - i`. Why is the shift afterwards
#    `8 * size - width`?
# 4. *Extend.* The cache is emptied whole when it is full. Write a door that forgets only the
#    oldest answers instead (`collections.OrderedDict`, or `functools.lru_cache` around
#    `solve_checked`), and compare the two on Petro, and on Petro with a small `CACHE_LIMIT`
#    (e.g. 1000: Petro asks fewer than 10,000 different questions).
