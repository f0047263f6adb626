# %% [markdown]
# # Lesson 7. The bit solver, fast
#
# Lesson 6 wrote lesson 2's line solver as a few integer operations per block: `line_bits`, built
# from small functions (`forward` with `reach` and `runs_of`, `backward`, `spread`,
# `good_starts`). That version is for reading. This lesson makes the version an engine calls all
# day, and measures what it buys. By the end of this lesson you will be able to
#
# - inline a small solver's helper functions, and say why that saves time in CPython;
# - reverse the bits of an integer a byte at a time, through a table;
# - put a bounded cache and input checks in front of a solver, in its *entry points* (the public
#   functions that callers use), and check that they all agree with lesson 2's `solve_line`;
# - plug the fast solver into lesson 4's engine and measure the gain.
#
# This notebook is the module `nonofast`.

# %%
"""Lesson 7 (notebooks/nonofast.ipynb): lesson 6's bit solver inlined (line_bits_fast), behind a
bounded cache and checked entry points: solve_line, solve_line_bits, solve_checked."""

from nonobits import (bits_to_line, cells_to_bits, line_bits, line_to_bits,  # noqa: F401 (other
                      reach, reverse_bits, runs_of, spread)  # modules import them from here too)
from nonocheck import check_bits, check_line, checked_clue  # the entry points' input checks
from nonovector import Clue, Contradiction, Line, show_line


# %% [markdown]
# ## The same solver with the calls inlined
#
# Is the clarity costly? Every function call is an interpreter step too, with its arguments
# packed and its frame built. `line_bits_fast` below is `line_bits` with the bodies of its helpers
# copied inline (the comments name each), and both passes done by one loop: over the clue, then
# over the mirrored clue and masks.
#
# It also reverses bits more cheaply than `reverse_bits`, which goes through a string. A number's
# bytes (`int.to_bytes`) are mapped through a table of the 256 bytes with their bits reversed
# (`bytes.translate`), and read back in the opposite byte order: that reverses every bit at once.
# The padding bits that whole bytes add at the top end up at the bottom, and are shifted off.

# %%
REVERSED_BYTE = bytes(reverse_bits(byte, 8) for byte in range(256))  # each byte, bits reversed

# %% [markdown]
# The byte trick on a 12-bit number, which takes two bytes (four bits of padding), printed as
# Python writes binary numbers (bit 0 last):

# %% tags=["active-ipynb"]
# mask, width = 0b110100000111, 12
# size = (width + 7) // 8
# by_bytes = int.from_bytes(mask.to_bytes(size, 'little').translate(REVERSED_BYTE), 'big')
# print(f'{mask:0{width}b} -> through the table {by_bytes:0{8 * size}b}, shifted '
#       f'{by_bytes >> (8 * size - width):0{width}b};'
#       f' reverse_bits: {reverse_bits(mask, width):0{width}b}')

# %% [markdown]
# In the solver, the bytes hold one bit more than the line, since the backward pass's masks have
# `cells + 1` positions.

# %%
def line_bits_fast(clue: tuple[int, ...], cells: int, filled: int,
                   empty: int) -> tuple[int, int]:
    """line_bits with its helpers inlined and bits reversed through REVERSED_BYTE: the same
    answers, faster. Unchecked; raises Contradiction."""
    k = len(clue)
    full = (1 << cells) - 1
    size = (cells + 8) >> 3  # bytes that hold cells + 1 bits
    shift = 8 * size - cells  # mirror over `cells` bits: reverse the bytes, drop `shift` bits
    may_fill, may_empty = full & ~empty, full & ~filled
    mirror_fill = int.from_bytes(may_fill.to_bytes(size, 'little').translate(REVERSED_BYTE),
                                 'big') >> shift
    mirror_empty = int.from_bytes(may_empty.to_bytes(size, 'little').translate(REVERSED_BYTE),
                                  'big') >> shift
    befores, afters, starts = [], [], []  # forward on the line, then forward on its mirror image
    for order, fill_ok, empty_ok, dest in ((clue, may_fill, may_empty, befores),
                                           (clue[::-1], mirror_fill, mirror_empty, afters)):
        step = empty_ok << 1                                        # forward(order, ...)
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
    shift -= 1  # backward: the mirror's masks reversed, over cells + 1 positions
    after = [int.from_bytes(afters[k - j].to_bytes(size, 'little').translate(REVERSED_BYTE),
                            'big') >> shift for j in range(k + 1)]
    can_empty = 0  # the end of line_bits: the cells that may be empty, ...
    for j in range(k + 1):
        can_empty |= befores[j] & (after[j] >> 1)
    can_fill = 0  # ... and those covered by some good start of a block
    for j, length in enumerate(clue):  # good_starts: block j may start at s if right_ok has bit
        # s + length: an empty cell, then room for the rest; the last block may end the line
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
# ## A cache, and the entry points
#
# A puzzle solver asks about the same line in the same state again and again: every probe starts
# from the same grid, so most lines it asks about are in states asked before. Remembering
# answers costs one dictionary look-up per question: the key is the clue and the line's state, the
# value the answer or the message of the contradiction. So that memory stays bounded, each cache
# is emptied whenever it holds `CACHE_LIMIT` answers; a solver that keeps asking about the same
# lines soon refills it.
#
# There are three entry points:
#
# - `solve_line(blocks, line)`, with lesson 2's contract: lists in, a new list out;
# - `solve_line_bits(clue, cells, filled, empty)`, for programs that keep lines as bitmasks;
# - `solve_checked(clue, cells)`, for a program that has checked its puzzle once: no checks and no
#   cache.
#
# The first two check their input on every call, so a malformed question raises lesson 1's
# `ClueError` whether its answer is cached or not. So the checks, from the library module
# `nonocheck`, are cheap: `check_line` (lesson 1's: every cell is 1, 0 or None), and
# `checked_clue` and `check_bits`, which accept the common case (positive whole numbers that fit)
# in a few operations and leave the rest, and the error messages, to lesson 1's `normalize_clue`.
# `cache=False` skips the cache.

# %%
CACHE_LIMIT = 10_000
_bits_cache, _line_cache = {}, {}  # {(clue, masks): answer}, {(clue, cells): answer}


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
    """The (filled, empty) masks of every cell that all layouts agree on, for a line given as
    masks (bit i = cell i). Raises Contradiction if no layout fits, ClueError on bad input."""
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
    """Lesson 2's solve_line, fast: blocks the clue, line a list of 1/0/None; returns a new list.
    Raises Contradiction if no layout fits, ClueError on malformed input."""
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
    """For input checked already (clue as checked_clue returns it, cells of 1/0/None): no checks,
    no cache; returns a tuple; raises Contradiction if no layout fits."""
    count = len(cells)
    return tuple(bits_to_line(count, *line_bits_fast(clue, count, *cells_to_bits(cells))))


# %% [markdown]
# ## A check that all agree
#
# `outcome` gives a solver's answer, or the type and message of its error. The entry points answer
# as lesson 2 does, and fail as it does:

# %% tags=["active-ipynb"]
# from itertools import product
#
# import nonoline
# from nonovector import all_clues
#
#
# def outcome(solver, *args, **options):
#     try:
#         return solver(*args, **options)
#     except ValueError as error:  # a Contradiction or a ClueError
#         return f'{type(error).__name__}: {error}'
#
#
# for blocks, line in [([3, 1], [None] * 3 + [1] + [None] * 4 + [1, None]), ([5, 5], [None] * 10)]:
#     assert outcome(solve_line, blocks, line) == outcome(nonoline.solve_line, blocks, line)
#     print(outcome(solve_line, blocks, line))

# %% [markdown]
# Now every clue against every partially known line of up to 6 cells (`3 ** cells` lines per
# clue). Every route to the fast solver must give lesson 2's answer, or the same contradiction:
# `solve_line` and `solve_line_bits` each without the cache, then twice with it (the first call
# fills it, the second is answered from it); `solve_checked`; `line_bits_fast`, and lesson 6's
# `line_bits`.

# %% tags=["active-ipynb"]
# cases = contradictions = 0
# for cells in range(0, 7):
#     for clue in all_clues(cells):
#         for known in product([None, 0, 1], repeat=cells):
#             line, masks = list(known), line_to_bits(known)
#             expected = outcome(nonoline.solve_line, list(clue), line)
#             failed = isinstance(expected, str)  # a contradiction
#             as_bits, as_tuple = (expected, expected) if failed else (line_to_bits(expected),
#                                                                      tuple(expected))
#             for use_cache in (False, True, True):
#                 assert outcome(solve_line, list(clue), line, cache=use_cache) == expected
#                 assert outcome(solve_line_bits, clue, cells, *masks, cache=use_cache) == as_bits
#             assert outcome(solve_checked, clue, known) == as_tuple
#             assert outcome(line_bits_fast, clue, cells, *masks) == as_bits
#             assert outcome(line_bits, clue, cells, *masks) == as_bits
#             cases, contradictions = cases + 1, contradictions + failed
# print(f'every entry point = lesson 2 on all {cases:,} cases ({contradictions:,} contradictions)')

# %% [markdown]
# ## How much faster?
#
# First single lines. Timings vary from run to run, so this table is not measured here but
# stored: `benchmarks/speed.py` (part `lines`) wrote it to `benchmarks/results/speed.csv`. For
# each test line it drew a random 25-cell line, each cell filled with probability one half, took
# its clue, and kept 6 of the cells known, the rest unknown. All solvers solved the same lines;
# the table gives lines per second, without the cache and then with a warm cache (every question
# asked before). The library module `nonobench` reads and prints it:

# %% tags=["active-ipynb"]
# from nonobench import print_line_speeds
#
# rates = print_line_speeds()
# print(f"line_bits_fast takes {1 - rates['line_bits (lesson 6)'] / rates['line_bits_fast']:.0%}"
#       ' less time than line_bits')

# %% [markdown]
# Through `solve_line` and without its cache, the bit solver answers 10.3 times as many lines per
# second as lesson 2's solver; on bitmasks, `line_bits_fast` 17.8 times as many. A cache hit costs
# the input checks, a look-up and a copy.
#
# Now whole puzzles. Lesson 4's engine takes its line solver as a parameter:
# `line_solver=nonofast.solve_line`. Every answer is the same, so the engine solves the same
# lines, makes the same guesses and counts the same work; only the time differs. The puzzles:
# lesson 3's Cat (20x20, line logic alone) and Edge (11x10, needs probing), a random 20x20
# picture of lesson 4's `random_picture` (several solutions: needs search), and two more from Jan
# Wolter's web paint-by-number site, webpbn, stored in `puzzles/` like Cat and Edge:
#
# | name | size (rows x columns) | source | why here |
# |---|---|---|---|
# | Knot | 34x34 | webpbn #16, by Jan Wolter | long lines, line logic alone |
# | Petro | 35x40 | webpbn #436, a stone face, by Jan Wolter | hundreds of probes |

# %% tags=["active-ipynb"]
# import nonofiles  # read_clues(path): the rows and columns of a puzzle file
# import nonogram2d
# import nonoprobe
# from nonodraw import draw_steps
#
# new = {'Knot': '00016', 'Petro': '00436'}
# puzzles = {name: nonofiles.read_clues(f'../puzzles/webpbn-{number}.non')  # from notebooks/
#            for name, number in {'Cat': '00006', 'Edge': '00023', **new}.items()}
# puzzles['random'] = nonogram2d.pic2gram(nonoprobe.random_picture(20, 20, 0.5, seed=2))
# verdicts = {}
# for name, (rows, cols) in puzzles.items():
#     lesson_2 = nonoprobe.analyse(rows, cols)  # lesson 4's engine with lesson 2's line solver
#     cache_clear()                             # the fast run starts with an empty cache
#     fast = nonoprobe.analyse(rows, cols, line_solver=solve_line)
#     assert (fast.describe(), fast.solutions) == (lesson_2.describe(), lesson_2.solutions)
#     verdicts[name] = lesson_2, fast
#     assert fast.line_solves < CACHE_LIMIT            # so the cache was never emptied, and
#     hits = fast.line_solves - cache_info()['lines']  # questions asked before were cache hits
#     print(f'{name:>6} ({len(rows)}x{len(cols)}): {lesson_2.describe()};'
#           f' {hits / fast.line_solves:.0%} cache hits')
# figure = draw_steps([verdicts[name][0].solutions[0] for name in new], size=3.6,  # side by side,
#                     changed=[[]] * 2,  # with no cell marked as changed
#                     titles=[f'{name} (webpbn #{int(number)})' for name, number in new.items()])

# %% [markdown]
# Same verdicts, same work. The clock, measured in this run: lesson 2's time over the fast
# solver's.

# %% tags=["active-ipynb", "nbval-ignore-output"]
# for name, (lesson_2, fast) in verdicts.items():
#     print(f'{name:>6}: lesson 2 {lesson_2.seconds * 1000:7.1f} ms, nonofast'
#           f' {fast.seconds * 1000:7.1f} ms, ratio {lesson_2.seconds / fast.seconds:4.1f}')

# %% [markdown]
# The ratios vary from run to run. The engine's other work (copying grids for probes, keeping the
# queue) costs the same with either solver, so puzzles with few or short lines gain least: Cat
# (164 line solves) and Edge (lines of 10 or 11 cells). Knot has few line solves too (282), yet
# gains far more than Cat: 64% of its questions are cache hits, against Cat's 6% (many of its
# lines have the same clue and the same known cells as another, and the cache answers them), and
# its lines are 34 cells long: lesson 2's solver takes steps per cell, the bit solver a few
# operations per block.
#
# ## What we have learned, and what comes next
#
# - Inlining lesson 6's helpers and reversing bits through a byte table make `line_bits_fast`:
#   `line_bits`' answers in about two thirds of its time.
# - The entry points keep lesson 2's contract behind cheap checks and a bounded cache.
# - `line_solver=nonofast.solve_line` makes lesson 4's engine several times faster, with the same
#   verdicts and the same work.
#
# Next, lesson 8 engineers the engine itself: an undo trail instead of copied grids, and a memo
# of line answers.
#
# ## Exercises
#
# 1. *Predict, then run.* Call `cache_clear()`, then `solve_line([2], [None] * 3)` three times
#    and `solve_line([2], [None, None, 1])` once. What does `cache_info()` say?
# 2. *Measure.* Analyse Petro with `line_solver=partial(solve_line, cache=False)` (`partial` is
#    from `functools`). Lesson 2's time over this run's is the speed-up without the cache: how
#    does it compare with Petro's ratio above, with the cache?
# 3. *Prove it.* Reversing the order of a number's bytes and the bits of each byte moves bit `i`
#    to bit `8 * size - 1 - i`. Why? And why is the shift afterwards `8 * size - width`?
# 4. *Extend.* Write an entry point that keeps only the 1,000 most recent answers:
#    `functools.lru_cache(maxsize=1000)` around `solve_checked` (its keys must be hashable, so
#    pass the line as a tuple; it remembers answers, not a `Contradiction`). Time it on Petro
#    against `solve_line` with `CACHE_LIMIT = 1000` (then drop the puzzles cell's assert that the
#    cache was never emptied, and its count of cache hits).
