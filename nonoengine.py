# %% [markdown]
# # Chapter 5. Speed: the engine, engineered
#
# Chapter 2's engine is the clearest form of the ideas: a queue of dirty lines, probes that try a
# cell both ways, and a recursive search that guesses where probing leaves off. Chapter 4 gave it
# a line solver several times faster, and whole puzzles gained less than lines did, because the
# engine spends time of its own: it copies the grid for every probe, turns every line into the
# line solver's bitmasks and back, solves the same line in the same state again and again, probes
# every cell at every node, and guesses where a probe says much will follow, which is not always
# where the difficulty is.
#
# This chapter keeps the ideas and rebuilds the engine for speed, one change at a time, each
# measured as it arrives:
#
# 1. an **undo trail** instead of copies of the grid;
# 2. every line kept as two **bitmasks**, the form chapter 4's line solver works in, and a
#    **memo** of line results, bounded in bytes;
# 3. **probing less**: skip a probe whose outcome is already known, and a cell whose row and
#    column have not changed since its last probe found nothing;
# 4. **guessing where the trouble is**: count the contradictions of each line, as SAT solvers
#    (programs that solve logic formulas, chapter 6) do,
#    and guess in the lines that fail most;
# 5. a **search that keeps its own stack** instead of recursing, traced step by step;
# 6. the strategies as functions again, with the variants that a benchmark compares.
#
# The result keeps chapter 2's contract: `nonoengine.solutions`, `solve` and `analyse` take the
# same arguments, give the same answers and raise the same errors (`nonocheck.PuzzleError`,
# `nonocheck.SearchLimit`, `nonovector.Contradiction`), and `analyse` returns chapter 2's
# `Verdict`. It is the entry point for programs that want speed.
#
# This notebook is also the module `nonoengine`; the demonstrations run here but not on import.

# %%
"""The nonogram engine engineered for speed: trail, memo, probing less, activity, stack search.

Chapter 5 of the nonogram tutorial (notebooks/nonoengine.ipynb is the readable version).
Fast entry points, with nonogram2d's contract: solutions, solve, analyse (a nonoprobe.Verdict),
propagate. Classes: Propagator (grid and bitmasks, trail, memo, queue), Prober (probing),
Searcher (search, budgets). bits_door turns a line solver on cells into one on bitmasks.
Strategies: nonogram2d.first_in_first_out, last_in_first_out, most_changed (the next
line); nonoprobe.most_known_neighbours, nearly_solved_lines, reading_order (the order of
probes); busiest_lines, best_last_probe, first_candidate (the cell to guess).
Errors: nonocheck.PuzzleError, nonocheck.SearchLimit, nonovector.Contradiction.
"""

import sys
import time
from collections import deque
from collections.abc import Callable, Iterator

import nonofast
import nonoprobe
from nonocheck import SearchLimit, check_puzzle, checked_budget
from nonogram2d import first_in_first_out
from nonoprobe import most_known_neighbours
from nonovector import Contradiction, Grid

# %% [markdown]
# ## An undo trail instead of copies
#
# Chapter 2's probe copies the whole grid, propagates on the copy, and compares the two to see
# what the probe decided. On a 25x25 puzzle that is 625 cells copied and compared for every probe,
# and a single round of probing makes two probes per unknown cell. The alternative keeps one grid
# and writes every decision on a *trail*, a list of the cells decided, in order. To try something
# and take it back: note the trail's length (a *mark*), go ahead, and when done, blank every cell
# written since the mark and cut the trail back to it. What a probe decided is then simply the
# part of the trail after the mark, no comparison needed.
#
# A tiny trace, after the code below, shows the trail at work on the 2x2 diagonal puzzle: suppose
# the top left cell filled, propagate, and undo.

# %% [markdown]
# ## Lines as bitmasks, and a memo of line results
#
# Chapter 4's line solver works on two integers per line, the masks of the cells known filled and
# known empty, and its doors that take a list of cells spend a good part of their time converting:
# the list into masks on the way in, the masks into a list on the way out. An engine that asks
# about hundreds of thousands of lines can skip both by keeping the masks itself. So the engine
# keeps every line twice: in the grid, rows of 1/0/None that the strategies read as in chapter 2,
# and as two integers, `filled[line]` and `empty[line]`, which `set_cell` and `undo` change
# together with the grid. It calls chapter 4's `line_bits_fast` on the masks directly, the inline
# solver without the doors' input checks (the puzzle was checked once) or cache, and what a solve
# decided is the bits that are new, `(new_filled & ~filled) | (new_empty & ~empty)`, read off one
# at a time. Any other exact line solver with chapter 1's contract (it takes a clue and a list of
# cells, and raises `Contradiction` when no layout fits) can stand behind the engine instead
# (`line_solver=`): `bits_door` wraps it in the two conversions.
#
# A search on a hard puzzle asks about the same line in the same state over and over: after a
# guess is undone, or when probing tries each cell of a line in turn and most probes leave the
# crossing lines as they were. A *memo*, a dictionary keyed on the line's clue, its length and its
# two masks, answers a repeated question with one look-up; the key is three small integers (the
# clue and length as a number shared by equal lines), quick to hash and small to keep. Chapter
# 4's doors have a cache already, of `CACHE_LIMIT` answers; the engine keeps its own, sized by the
# memory it takes rather than by its number of answers. A long search asks for millions of lines,
# and a memo that keeps them all grows without end. So it is emptied when its estimated size
# reaches `MEMO_BYTES` (`memo_bytes=0` turns it off); an entry is counted as `ENTRY_BYTES`, the
# dictionary's slot and two tuples, measured with `tracemalloc`, plus its four masks (two in the
# key, two in the answer). The bound is small on purpose, to leave memory for the SAT process of
# chapter 6; the memory part of `benchmarks/speed.py` measures the peak memory of whole runs
# with it (the appendix prints them).
#
# `Propagator` is the first of three layers: the grid and its masks, the trail, the memo, and the
# queue of dirty lines, which it empties as chapter 2's engine does, with the same `next_line`
# strategy and the same numbering of lines (row `r` is line `r`, column `c` is line
# `height + c`). It also counts, for each line, its contradictions (`activity`) and the cells
# decided in it (`changes`, which the `most_changed` strategy below resets when it takes the
# line), for strategies that want them.

# %%
MEMO_BYTES = 16_000_000  # the memo's size (estimated) at which it is emptied and starts afresh
ENTRY_BYTES = 190        # the memo's cost per entry (measured), besides its four integers


def bits_door(line_solver) -> Callable[[tuple, int, int, int], tuple[int, int]]:
    """A line solver with chapter 1's contract, line_solver(clue, cells) -> cells, turned into
    one the engine can call on bitmasks: (clue, length, filled, empty) -> (filled, empty)."""
    def solve_bits(clue: tuple, length: int, filled: int, empty: int) -> tuple[int, int]:
        cells = nonofast.bits_to_line(length, filled, empty)
        return nonofast.cells_to_bits(line_solver(clue, cells))
    return solve_bits


class Propagator:
    """The grid of one puzzle (as cells, and each line as two bitmasks), its trail of changes,
    a memo of line results, and counters. Lines are numbered: row r is line r, column c is
    line height + c."""

    def __init__(self, rows, cols, grid=None, *, line_solver=None,
                 next_line=first_in_first_out, memo_bytes=MEMO_BYTES):
        self.rows, self.cols, self.grid = check_puzzle(rows, cols, grid)
        self.height, self.width = len(self.rows), len(self.cols)
        lines = self.height + self.width
        self.clues = [tuple(clue) for clue in self.rows + self.cols]
        self.lengths = [self.width] * self.height + [self.height] * self.width
        numbers = {}  # lines with equal clues and lengths share memo entries
        self.clue_numbers = [numbers.setdefault(kind, len(numbers))
                             for kind in zip(self.clues, self.lengths)]
        self.filled, self.empty = [0] * lines, [0] * lines  # each line's known cells, as bits
        self.line_solver, self.next_line = line_solver, next_line
        self.solve_bits = nonofast.line_bits_fast if line_solver is None else bits_door(line_solver)
        self.memo, self.memo_size = {}, 0  # the memo, and its estimated size in bytes
        self.memo_limit = checked_budget('memo_bytes', memo_bytes, int)
        self.entry_bytes = [ENTRY_BYTES + 4 * sys.getsizeof((1 << n) - 1) for n in self.lengths]
        self.trail = []             # cells decided so far, in order, as (row, column)
        self.line_solves = 0        # lines solved (answered from the memo or not)
        self.solver_calls = 0       # ... of which the line solver really had to work
        self.activity = [0.0] * lines  # contradictions, recent ones weighing more
        self.bump = 1.0
        self.changes = [0] * lines     # cells decided since last solved
        for r, row in enumerate(self.grid):
            for c, value in enumerate(row):
                if value is not None:
                    self.write_bits(r, c, value)

    def line_name(self, line: int) -> str:
        """'row 3' or 'column 7'."""
        return f'row {line}' if line < self.height else f'column {line - self.height}'

    def write_bits(self, r: int, c: int, value: int):
        """Set cell (r, c)'s bit in its row's and its column's mask for `value`."""
        masks = self.filled if value else self.empty
        masks[r] |= 1 << c
        masks[self.height + c] |= 1 << r

    def solve_line(self, line: int) -> tuple[int, int] | None:
        """The line solver's answer for this line as it is now: the (filled, empty) masks of
        every cell it decides, or None if no layout fits. Remembered, so each (clue, masks)
        question is put to the line solver once while the memo lasts."""
        self.line_solves += 1
        filled, empty = self.filled[line], self.empty[line]
        key = (self.clue_numbers[line], filled, empty)
        answer = self.memo.get(key, False)
        if answer is False:
            self.solver_calls += 1
            try:
                answer = self.solve_bits(self.clues[line], self.lengths[line], filled, empty)
            except Contradiction:
                answer = None
            if self.memo_size >= self.memo_limit:
                self.memo.clear()
                self.memo_size = 0
            if self.memo_limit:  # memo_bytes=0: no memo at all
                self.memo[key] = answer
                self.memo_size += self.entry_bytes[line]
        return answer

    def set_cell(self, r: int, c: int, value: int):
        """Decide one cell, writing it on the trail."""
        self.grid[r][c] = value
        self.write_bits(r, c, value)
        self.trail.append((r, c))

    def undo(self, mark: int):
        """Forget every cell decided since the trail was `mark` long."""
        grid, filled, empty, height = self.grid, self.filled, self.empty, self.height
        for r, c in self.trail[mark:]:
            grid[r][c] = None
            in_row, in_column = ~(1 << c), ~(1 << r)
            filled[r] &= in_row
            empty[r] &= in_row
            filled[height + c] &= in_column
            empty[height + c] &= in_column
        del self.trail[mark:]

    def propagate(self, lines=None) -> Grid:
        """Solve lines until none can learn more, starting with `lines` (all if None); only a
        line crossing a newly decided cell is solved again. Raises Contradiction (and then the
        grid is half-updated: undo to a mark to recover)."""
        height, grid, trail = self.height, self.grid, self.trail
        filled, empty, changes = self.filled, self.empty, self.changes
        queue = deque(range(height + self.width) if lines is None else lines)
        waiting = [False] * (height + self.width)
        for line in queue:
            waiting[line] = True
        while queue:
            line = self.next_line(self, queue)
            waiting[line] = False
            answer = self.solve_line(line)
            if answer is None:
                self.activity[line] += self.bump  # remembered for choosing where to guess
                raise Contradiction(f'{self.line_name(line)} cannot hold its clue')
            now_filled, now_empty = answer
            new = (now_filled & ~filled[line]) | (now_empty & ~empty[line])
            # Each newly decided cell, lowest bit first. set_cell is written out here: this is
            # the engine's hottest loop, and a call per cell cost about a tenth of the time on
            # LalaFrogKK and Forever (measured).
            while new:
                bit = new & -new
                new ^= bit
                i = bit.bit_length() - 1
                if line < height:
                    r, c, crossing, crossing_bit = line, i, height + i, 1 << line
                else:
                    r, c, crossing, crossing_bit = i, line - height, i, 1 << (line - height)
                if now_filled & bit:
                    grid[r][c] = 1
                    filled[line] |= bit
                    filled[crossing] |= crossing_bit
                else:
                    grid[r][c] = 0
                    empty[line] |= bit
                    empty[crossing] |= crossing_bit
                trail.append((r, c))
                changes[crossing] += 1
                if not waiting[crossing]:
                    waiting[crossing] = True
                    queue.append(crossing)
        return grid

    def unknown(self) -> int:
        """How many cells are still unknown."""
        return sum(row.count(None) for row in self.grid)


def propagate(rows, cols, grid=None, **options) -> Grid:
    """The grid at the line-logic fixpoint (a new list of rows of 1/0/None), as
    nonogram2d.propagate gives it. Options: line_solver, next_line, memo_bytes."""
    return [row[:] for row in Propagator(rows, cols, grid, **options).propagate()]


# %% [markdown]
# The trace promised above: the 2x2 diagonal puzzle, where line logic decides nothing. Mark the
# trail, suppose the top left cell filled, propagate, and look at the trail; then undo.

# %% tags=["active-ipynb"]
# from nonogram2d import show_grid
#
# diagonal = Propagator([[1], [1]], [[1], [1]])
# mark = len(diagonal.trail)
# diagonal.set_cell(0, 0, 1)
# diagonal.propagate([0, 2])
# print('after supposing (0, 0) filled:', show_grid(diagonal.grid).replace('\n', ' / '),
#       '| trail', diagonal.trail)
# diagonal.undo(mark)
# print('after undo to mark', mark, ':', show_grid(diagonal.grid).replace('\n', ' / '),
#       '| trail', diagonal.trail)

# %% [markdown]
# ## Probing on the trail, and probing less
#
# A probe is now: mark, set the cell, propagate, read the trail after the mark, undo. Two ideas
# skip probes whose outcome can be foreseen; one pays and one, measured, does not.
#
# **Implied values.** If supposing cell A filled decided that cell B is empty, without any
# contradiction, then supposing B empty cannot contradict either: it decides a subset of what A's
# supposition decided, all of it consistent. So within a round of probes, that probe could be
# skipped, and only B filled probed. But the skipped probe is also half of a pair: the cells that
# B filled and B empty decide alike are certain, and skipping B empty throws them away. Probing
# then decides less, and the search has more to do; the measurements below find that it does
# not pay. So `skip_implied=True` turns this skip on, and it is off by
# default.
#
# **Unchanged lines** ("probing less"). Every search node probes again, and most of those probes
# are repeats: a guess changes a few lines, and for most cells the row and the column look
# exactly as they did when the cell was last probed. A probe that found nothing then will most
# likely find nothing now. So the engine remembers, for each cell whose probe found nothing, a
# hash of its row and column at the time (in `fruitless`), and skips the cell until one of them
# changes. A skipped cell stays a candidate for the next guess, ranked by what its last probe
# decided. This is a bet, not a deduction: the rest of the grid may have changed, and a
# skipped probe might have decided something. But nothing is lost. The search still tries both
# values of every guess, so every solution is still found exactly once; a deduction that a
# skipped probe would have made is made later, by propagation or by a guess. (Even a hash
# collision could only skip a probe, never give a wrong answer.) `skip_unchanged=False` turns
# the bet off.
#
# The order of probes is chapter 2's strategy, `most_known_neighbours`, by default; two variants
# for comparison try first the cells whose row and column have the fewest unknown cells, or
# simply go in reading order. `Prober` adds all of this to the propagator.

# %%
def nearly_solved_lines(engine, grid: Grid) -> list[tuple[int, int]]:
    """Strategy for the order of probes: unknown cells whose row and column have the fewest
    unknown cells between them first, then in reading order."""
    row_unknown = [row.count(None) for row in grid]
    col_unknown = [sum(1 for row in grid if row[c] is None) for c in range(len(grid[0]))]
    unknown = [(r, c) for r, row in enumerate(grid) for c, cell in enumerate(row) if cell is None]
    return sorted(unknown, key=lambda cell: row_unknown[cell[0]] + col_unknown[cell[1]])


def reading_order(engine, grid: Grid) -> list[tuple[int, int]]:
    """Strategy for the order of probes: the unknown cells in reading order."""
    return [(r, c) for r, row in enumerate(grid) for c, cell in enumerate(row) if cell is None]


class Prober(Propagator):
    """A Propagator that can also probe: try a cell both ways, keep what is certain."""

    def __init__(self, rows, cols, grid=None, *, probe_order=most_known_neighbours,
                 skip_implied=False, skip_unchanged=True, **options):
        super().__init__(rows, cols, grid, **options)
        self.probe_order, self.skip_implied = probe_order, skip_implied
        self.skip_unchanged = skip_unchanged
        self.fruitless = {}  # cell -> (hash of its row and column, how much its weaker value
                             # decided) when its last probe found nothing
        self.probes = 0

    def probe(self, r: int, c: int, value: int) -> dict | None:
        """Suppose cell (r, c) has `value` and propagate. Return what that decides, as a dict
        {(row, column): value} (including the cell itself), or None on a contradiction.
        The grid is left as it was."""
        self.probes += 1
        mark = len(self.trail)
        self.set_cell(r, c, value)
        try:
            self.propagate((r, self.height + c))
            decided = {(rr, cc): self.grid[rr][cc] for rr, cc in self.trail[mark:]}
        except Contradiction:
            decided = None
        self.undo(mark)
        return decided

    def decide(self, cells: dict):
        """Write decided cells {(row, column): value} into the grid and propagate from them."""
        lines = set()
        for (r, c), value in cells.items():
            if self.grid[r][c] is None:
                self.set_cell(r, c, value)
                lines.update((r, self.height + c))
        self.propagate(sorted(lines))

    def lines_key(self, r: int, c: int) -> int:
        """A hash of the cells of row r and column c, to notice when either has changed."""
        column = self.height + c
        return hash((self.filled[r], self.empty[r], self.filled[column], self.empty[column]))

    def probe_all(self, stop=lambda: None) -> dict:
        """Probe every unknown cell both ways, again and again, until a whole round decides
        nothing (skipping what skip_implied and skip_unchanged allow). Returns the two-way
        probes of that last round, {(row, column): (if filled, if empty)}, for choosing where to
        guess ((None, None) for a cell skipped this time); raises Contradiction if some cell can
        be neither. `stop` is called before each probe (search uses it to enforce budgets)."""
        while True:
            progress, both_ways = False, {}
            implied = {}  # cell -> value that some probe of this round decided without trouble
            for r, c in self.probe_order(self, self.grid):
                if self.grid[r][c] is not None:
                    continue
                lines_now = self.lines_key(r, c)
                last = self.fruitless.get((r, c))
                if self.skip_unchanged and last and last[0] == lines_now:
                    if last[1] is not None:  # a candidate for the guess, as last time
                        both_ways[r, c] = (None, None)
                    continue
                stop()
                known_fine = implied.get((r, c))
                if known_fine is not None:
                    # This value cannot contradict (see above): probe only the other one.
                    if self.probe(r, c, 1 - known_fine) is not None:
                        self.fruitless[r, c] = (lines_now, None)
                        continue  # both values survive: nothing new
                    self.decide({(r, c): known_fine})
                else:
                    if_filled, if_empty = self.probe(r, c, 1), self.probe(r, c, 0)
                    if if_filled is None and if_empty is None:
                        raise Contradiction(f'cell ({r}, {c}) can be neither filled nor empty')
                    if if_filled is None or if_empty is None:  # one value survives
                        self.decide(if_empty if if_filled is None else if_filled)
                    else:
                        same = {cell: value for cell, value in if_filled.items()
                                if if_empty.get(cell) == value}
                        if not same:  # nothing certain; remember both outcomes for search
                            both_ways[r, c] = (if_filled, if_empty)
                            self.fruitless[r, c] = (lines_now, min(len(if_filled), len(if_empty)))
                            if self.skip_implied:
                                for decided in (if_filled, if_empty):
                                    for cell, value in decided.items():
                                        implied.setdefault(cell, value)
                            continue
                        self.decide(same)
                progress = True
                implied.clear()
                both_ways.clear()
            if not progress:
                return both_ways


# %% [markdown]
# Does the trail pay? With both skips off, `Prober` makes exactly the probes that chapter 2's
# engine makes, in the same order, and reaches the same grid; only the bookkeeping differs. The
# root of a few puzzles that need probing, with the same line solver in both engines (chapter 4's
# `solve_line`, its cache emptied before each run) and the engine's memo off, so that the trail
# is the only difference:

# %% tags=["active-ipynb"]
# from pathlib import Path
#
# import nonofiles
# import nonogram2d
#
# PUZZLES = Path('..') / 'puzzles'   # the notebooks run in notebooks/
# probing_puzzles = {name: nonofiles.read_clues(PUZZLES / f'webpbn-{number}.non')
#                    for name, number in (('Edge', '00023'), ('Petro', '00436'),
#                                         ('Light', '00803'), ('Merka', '01611'))}
# trail_seconds = {}
# for name, (rows, cols) in probing_puzzles.items():
#     nonofast.cache_clear()
#     copying = nonoprobe.Engine(rows, cols, line_solver=nonofast.solve_line)
#     started = time.perf_counter()
#     copying.propagate(copying.grid)
#     copying.probe_all(copying.grid)
#     middle = time.perf_counter()
#     nonofast.cache_clear()
#     trailing = Prober(rows, cols, line_solver=nonofast.solve_line, memo_bytes=0,
#                       skip_unchanged=False)
#     trailing.propagate()
#     trailing.probe_all()
#     trail_seconds[name] = (middle - started, time.perf_counter() - middle)
#     assert trailing.grid == copying.grid and trailing.probes == copying.probes
#     print(f'{name:>6}: {trailing.probes:6,} probes in both engines, the same grid after them')

# %% [markdown]
# And the clock (a timing, so the tests do not compare this output); the ratio is the copying
# engine's time over the trail's, so above 1 means the trail is faster:

# %% tags=["active-ipynb", "nbval-ignore-output"]
# for name, (copy_s, trail_s) in trail_seconds.items():
#     print(f'{name:>6}: copies {copy_s:6.2f} s, trail {trail_s:6.2f} s, ratio {copy_s / trail_s:4.1f}')

# %% [markdown]
# At the root the two are close: copying a row of the grid is one call into C, and the trail's
# bookkeeping (the grid and its masks, a list of cells made from the masks for this line solver
# and back, counters) is Python, so what the trail saves in copies it partly spends again. Its
# gain is for a whole search, where every node would copy the grid again (the benchmark at the end
# of this chapter measures it), and it grows once the line solves themselves are cheap, which is
# what the memo does. The memo and the skips, one at a
# time, counted on the same roots: the memo does not change the line solves the engine asks for,
# only how many reach the line solver; the skips change the number of probes.

# %% tags=["active-ipynb"]
# def root_work(rows, cols, **options):
#     """(probes, line solves, solver calls) of line logic and probing at the root."""
#     engine = Prober(rows, cols, **options)
#     engine.propagate()
#     engine.probe_all()
#     return engine.probes, engine.line_solves, engine.solver_calls
#
#
# variants = {'trail, no memo': dict(memo_bytes=0, skip_unchanged=False),
#             '+ memo': dict(skip_unchanged=False),
#             '+ unchanged lines': dict(),
#             '(implied values)': dict(skip_implied=True)}
# print(f'{"":>18}' + ''.join(f'{name:>24}' for name in probing_puzzles))
# print(f'{"":>18}' + '   probes  solves  solver' * len(probing_puzzles))
# for variant, options in variants.items():
#     work = [root_work(rows, cols, **options) for rows, cols in probing_puzzles.values()]
#     print(f'{variant:>18}' + ''.join(f'{p:9,}{s:8,}{c:8,}' for p, s, c in work))

# %% [markdown]
# Read down each column. The memo leaves probes and line solves as they were and sends only a
# fraction of the solves to the line solver: the rest are repeats. Skipping unchanged cells
# changes nothing at the root, where every cell is probed for the first time; it was made for the
# search, where each node probes again. The last row, which also skips implied values, probes
# less at the root. Its price shows in the search, which comes next.
#
# ## Guessing where the trouble is
#
# Chapter 2's search guesses the cell whose weaker value decides the most. That works for most
# puzzles, but on some the search wanders: a guess that decides much is not always a guess that
# brings the search closer to the part of the puzzle that is hard. *Lasts Forever* (webpbn
# #6574, 25x25, by Gator, in `puzzles/`; *Forever* for short) is such a puzzle: a picture in the
# middle, and a frame of interlocking blocks around it.
#
# A cure comes from SAT solvers, programs that decide whether a logical formula can be made true
# and that face the same choice of where to guess: let the trouble choose. Every time a line
# turns out to have no layout (in propagation, in a probe, anywhere), add to that line's
# *activity*. Guess in the cell whose row and column together have the most activity, breaking
# ties by the old rule. Recent trouble counts more: the amount added grows by 10% at every search
# node (SAT solvers call this scheme VSIDS, "variable state independent decaying sum").
# Contradictions happen where the difficulty is, so the search moves there by itself.
#
# The guess is a strategy, as in chapter 2, with the same arguments; two variants for comparison
# ignore activity: the cell whose weaker value decided most at its last probe, and the first
# candidate in reading order.

# %%
def busiest_lines(engine, grid: Grid, both_ways: dict) -> tuple[int, int]:
    """Strategy for the cell to guess: the one whose row and column have failed most (recent
    failures weighing more), then the one whose weaker value decided most (the default)."""
    def score(cell):
        return (engine.activity[cell[0]] + engine.activity[engine.height + cell[1]],
                engine.fruitless[cell][1])
    return max(both_ways, key=score)


def best_last_probe(engine, grid: Grid, both_ways: dict) -> tuple[int, int]:
    """Strategy for the cell to guess: the one whose weaker value decided most at its last
    probe (chapter 2's rule, with probing less)."""
    return max(both_ways, key=lambda cell: engine.fruitless[cell][1])


def first_candidate(engine, grid: Grid, both_ways: dict) -> tuple[int, int]:
    """Strategy for the cell to guess: the first candidate in reading order."""
    return min(both_ways)


# %% [markdown]
# ## A search that keeps its own stack
#
# Chapter 2's search calls itself once per guess, and each call keeps its own copy of the grid.
# With a trail there is one grid, and going back means undoing to the mark taken before the
# guess. The search here keeps its own stack of open guesses instead of recursing, which also
# frees it from Python's limit on nested calls. Each entry of the stack is `(mark, branch)`: the
# trail's length before the guess, and the branch still to try (the cell with the value 0, and
# what its probe said that value decides), or `None` once both branches have been entered.
#
# One node of the search, `node`, propagates, probes and returns one of three things: `'dead'`
# (a contradiction), `'solved'`, or the guess to make, with what its probes said each value
# decides. The loop in `solutions` then does what the recursion did: on a guess, push the empty
# branch and enter the filled one; on a solution, yield it; on a dead end or after a solution,
# pop entries (undoing the trail to each mark) until one still has a branch to try, and enter it.
# When the stack is empty, every branch has been tried. Entering a branch whose probe is known
# writes the probe's result straight into the grid: it was computed on this very grid (the undo
# has restored it) and is already a fixpoint. Activity and budgets are as described: the amount
# added for a contradiction (`bump`) grows by `activity_growth` at every node, and `max_nodes` and
# `time_limit` are checked at every node, before every probe, and every 64 line solves (by the
# default queue strategy, `first_in_first_out_on_time`: a huge puzzle's first propagation must
# not run past a time limit either).

# %%
def first_in_first_out_on_time(engine, queue: deque) -> int:
    """Strategy for the next line: chapter 2's first in, first out, checking the engine's budgets
    every 64 line solves, so that even a huge puzzle's first propagation stops at a time limit
    (the Searcher's default)."""
    if engine.line_solves % 64 == 0:
        engine.check_budget()
    return queue.popleft()


class Searcher(Prober):
    """A Prober that searches: depth-first, propagating and probing at every node, guessing by
    the choose_guess strategy; yields every solution exactly once."""

    def __init__(self, rows, cols, grid=None, *, choose_guess=busiest_lines, probing=True,
                 activity_growth=1.1, max_nodes=None, time_limit=None,
                 next_line=first_in_first_out_on_time, **options):
        super().__init__(rows, cols, grid, next_line=next_line, **options)
        self.choose_guess, self.probing = choose_guess, probing
        self.activity_growth = activity_growth
        self.max_nodes = checked_budget('max_nodes', max_nodes, int)
        self.time_limit = checked_budget('time_limit', time_limit, (int, float))
        self.nodes = 0
        self.found = []
        self.stack = []       # the open guesses (see solutions)
        self.method = 'line'  # how far the search had to go: 'line', 'probing' or 'search'
        self.start = time.perf_counter()

    seconds = nonoprobe.Engine.seconds  # chapter 2's clock and budget rule, shared

    def check_budget(self):
        """Raise SearchLimit if the node or time budget has run out (chapter 2's rule), saying
        also how much of the grid was unknown at the node it stopped in."""
        try:
            nonoprobe.Engine.check_budget(self)
        except SearchLimit as stop:
            raise SearchLimit(f'{stop} and {self.unknown()} of {self.height * self.width} cells '
                              'unknown at the node it stopped in',
                              stop.nodes, stop.seconds, stop.solutions) from None

    def node(self, lines):
        """Visit a search node: propagate from `lines`, then probe. Return 'dead' (no solution
        here), 'solved', or the guess to make: (cell, decided if filled, decided if empty)."""
        self.nodes += 1
        self.bump *= self.activity_growth
        if self.bump > 1e100:  # rescale before the numbers overflow; only their order matters
            self.activity = [a / self.bump for a in self.activity]
            self.bump = 1.0
        self.check_budget()
        try:
            self.propagate(lines)
            if self.unknown() == 0:
                return 'solved'
            if not self.probing:
                return self.probe_order(self, self.grid)[0], None, None
            if self.nodes == 1:
                self.method = 'probing'
            both_ways = self.probe_all(stop=self.check_budget)
        except Contradiction:
            return 'dead'
        if self.unknown() == 0:
            return 'solved'
        if not both_ways:  # (only when probing skipped every cell left: guess in probe order)
            return self.probe_order(self, self.grid)[0], None, None
        cell = self.choose_guess(self, self.grid, both_ways)
        return (cell, *both_ways[cell])

    def guess(self, cell, value, decided):
        """Enter the child node where `cell` has `value` (with what that decides, if known)."""
        if decided:
            for (r, c), v in decided.items():  # a probe's result: already a fixpoint
                self.set_cell(r, c, v)
            return self.node(())
        self.set_cell(*cell, value)
        return self.node((cell[0], self.height + cell[1]))

    def solutions(self) -> Iterator[Grid]:
        """Generate every solution (a new list of rows of 0/1) exactly once, depth first."""
        self.stack = []  # per open guess: (trail mark, the empty branch still to try, or None)
        state = self.node(None)
        while True:
            if state == 'solved':
                solution = [row[:] for row in self.grid]
                self.found.append(solution)
                yield [row[:] for row in solution]
            if state in ('solved', 'dead'):  # go back to the latest guess with a branch left
                while self.stack and self.stack[-1][1] is None:
                    self.undo(self.stack.pop()[0])
                if not self.stack:
                    return
                mark, empty_branch = self.stack[-1]
                self.undo(mark)
                self.stack[-1] = (mark, None)
                state = self.guess(*empty_branch)
            else:
                self.method = 'search'
                cell, if_filled, if_empty = state
                self.stack.append((len(self.trail), (cell, 0, if_empty)))
                state = self.guess(cell, 1, if_filled)


# %% [markdown]
# The worked example: chapter 2's 4x4 puzzle with two solutions, with probing off and cells
# taken in reading order (so that the guesses are chapter 2's), and a small subclass that prints
# a line when the search has visited a node (what the node found, the grid, the stack as it was
# before the node's own guess is pushed) and a line after every undo. Each entry of the stack
# shows its mark and the cell of its pending branch, whose value is always 0 (empty); `-` means
# both branches have been entered.

# %% tags=["active-ipynb"]
# class TracingSearcher(Searcher):
#     """A Searcher that prints what each node found, and the grid after every undo."""
#     def node(self, lines):
#         state = super().node(lines)
#         what = state if isinstance(state, str) else f'guess {state[0]}'
#         stack = ' '.join(f'[{mark}: {"-" if branch is None else branch[0]}]'
#                          for mark, branch in self.stack)
#         print(f'node {self.nodes}: {what:<13} | grid {show_grid(self.grid).replace(chr(10), "/")}'
#               f' | trail {len(self.trail):2} | stack {stack or "(empty)"}')
#         return state
#
#     def undo(self, mark):
#         super().undo(mark)
#         print(f'    undo to {mark:2}:        | grid {show_grid(self.grid).replace(chr(10), "/")}')
#
#
# trace_rows, trace_cols = [[1, 1], [2], [1], [3]], [[1, 1], [1, 1], [1, 1], [1, 1]]
# traced = TracingSearcher(trace_rows, trace_cols, probing=False, probe_order=reading_order)
# trace_solutions = list(traced.solutions())
# print(f'{len(trace_solutions)} solutions, {traced.nodes} nodes')

# %% [markdown]
# Read it line by line. Line logic at the root decides 4 cells, so the trail holds 4 when the
# root guesses (0, 0): the stack gets its first entry, mark 4 with the empty branch still to come,
# and the search enters the filled branch. That node's propagation brings the trail to 12, and it
# guesses (2, 0): a second entry, mark 12. Its filled branch is a solution. The loop then pops the
# latest entry, undoes the trail to 12 (the grid is node 2's again), puts the entry back with `-`
# and enters the empty branch: the second solution. Now the entry at 12 has no branch left: undo
# to 12, pop, undo to 4, and the root's empty branch runs into a dead end. After its last undo
# the stack is empty and the search is over. Every undo leaves exactly the grid that the mark
# was taken in. (A dead node's grid is half propagated, as the line that failed left it.)
# %% [markdown]
# ## The fast entry points, and strategies for the queue
#
# The public functions are chapter 2's, with the engineered engine behind them. Their options are
# the engine's: `line_solver`, `next_line`, `memo_bytes`, `probing`, `probe_order`,
# `skip_implied`, `skip_unchanged`, `choose_guess`, `activity_growth`, and the budgets. Two more
# queue strategies join chapter 2's `first_in_first_out` for comparison: the line queued last,
# and the waiting line with the most cells decided since it was last solved.

# %%
def last_in_first_out(engine, queue: deque) -> int:
    """Strategy for the next line to solve: the one queued last."""
    return queue.pop()


def most_changed(engine, queue: deque) -> int:
    """Strategy for the next line to solve: the waiting line with the most cells decided since
    it was last taken (the engine counts them in `changes`)."""
    line = max(queue, key=engine.changes.__getitem__)
    queue.remove(line)
    engine.changes[line] = 0
    return line


def solutions(rows, cols, grid=None, **options) -> Iterator[Grid]:
    """Every solution of the puzzle, each exactly once, as a generator of grids (lists of rows
    of 0/1), as nonoprobe.solutions, faster. Options: those of Searcher, Prober and Propagator
    (see the module's docstring); budgets max_nodes and time_limit raise SearchLimit."""
    return Searcher(rows, cols, grid, **options).solutions()


def solve(rows, cols, grid=None, **options) -> Grid:
    """The first solution found (a list of rows of 0/1); raises Contradiction if there is none."""
    for solution in solutions(rows, cols, grid, **options):
        return solution
    raise Contradiction('the puzzle has no solution')


def analyse(rows, cols, grid=None, **options) -> nonoprobe.Verdict:
    """Judge a puzzle as nonoprobe.analyse does (a Verdict: none, unique or multiple; line,
    probing or search), with the engineered engine. Options as for `solutions`."""
    searcher = Searcher(rows, cols, grid, **options)
    found = []
    for solution in searcher.solutions():
        found.append(solution)
        if len(found) == 2:
            break
    return nonoprobe.Verdict(['none', 'unique', 'multiple'][len(found)], searcher.method, found,
                   searcher.nodes, searcher.line_solves, searcher.probes, searcher.seconds())


# %% [markdown]
# ## The engine on Forever
#
# Now the whole engine on *Forever*. First its root and its first guess: after line logic and
# probing, the outlined cell is the guess, then the cell filled and the cell empty, each with what
# it decides in red. (Clues are left out here; the last figure of this section has them.) At the
# root, the only activity comes from the probes' contradictions, and the first guess lies where
# they happened; either value decides little (the titles count the cells), the mark of a hard
# part.

# %% tags=["active-ipynb"]
# import matplotlib.pyplot as plt
#
# from nonocheck import plural
# from nonodraw import draw_grid
# import nonofiles
#
# forever_rows, forever_cols = nonofiles.read_clues(PUZZLES / 'webpbn-06574.non')
# forever = Searcher(forever_rows, forever_cols)
# cell, if_filled, if_empty = forever.node(None)
# if if_filled is None:  # a cell whose probe this round skipped: probe it now, for the picture
#     if_filled, if_empty = forever.probe(*cell, 1), forever.probe(*cell, 0)
# root = [row[:] for row in forever.grid]
# print(f'Forever: {forever.unknown()} of 625 cells unknown after line logic and probing;',
#       f'guess cell {cell}')
#
#
# def with_cells(grid, decided):
#     """A copy of `grid` with the cells {(row, column): value} written in."""
#     grid = [row[:] for row in grid]
#     for (r, c), value in decided.items():
#         grid[r][c] = value
#     return grid
#
#
# fig, axes = plt.subplots(1, 3, figsize=(11, 4.4))
# draw_grid(root, ax=axes[0], changed=[cell], title=f'root node: guess {cell}', numbers=True)
# draw_grid(with_cells(root, if_filled), ax=axes[1], changed=list(if_filled), numbers=True,
#           title=f'{cell} filled: {plural(len(if_filled), "cell")} decided')
# draw_grid(with_cells(root, if_empty), ax=axes[2], changed=list(if_empty), numbers=True,
#           title=f'{cell} empty: {plural(len(if_empty), "cell")} decided')
# plt.show()

# %% [markdown]
# The whole search, asking for two solutions to learn whether the first is the only one, with the
# ideas of this chapter added one at a time: the trail and the memo, guessing by the last probe as
# chapter 2 does (the search is then chapter 2's, node for node), then each skip, then activity,
# which makes the default engine. The counts are the same on every run; the times are in the
# benchmark below.

# %% tags=["active-ipynb"]
# chapter_2_way = dict(skip_unchanged=False, choose_guess=best_last_probe, activity_growth=1.0)
# forever_runs = {'trail and memo': chapter_2_way,
#                 '+ skip unchanged lines': dict(choose_guess=best_last_probe, activity_growth=1.0),
#                 '+ activity (default)': {},
#                 '(+ skip implied values)': {'skip_implied': True}}
# forever_verdicts = {}
# for name, options in forever_runs.items():
#     verdict = analyse(forever_rows, forever_cols, **options)
#     forever_verdicts[name] = verdict
#     print(f'{name:>23}: {verdict.status}, {verdict.nodes:4} nodes, {verdict.probes:7,} probes,',
#           f'{verdict.line_solves:9,} line solves')
# assert len({str(v.solutions) for v in forever_verdicts.values()}) == 1  # the same answer

# %% [markdown]
# Skipping unchanged lines keeps the search as it was, node for node nearly, and cuts the probes,
# and with them the line solves, to less than half. Activity then cuts the nodes several times
# over. The last row adds the skip of implied values to the default: fewer probes per node, but
# more nodes, as promised. Where did the contradictions happen? The lines with the most activity
# at the end of the default search, in red on the solution:

# %% tags=["active-ipynb"]
# class GuessRecorder(Searcher):
#     """A Searcher that keeps the cell of every guess it makes."""
#     def node(self, lines):
#         state = super().node(lines)
#         if not isinstance(state, str):
#             self.guesses.append(state[0])
#         return state
#
#
# forever = GuessRecorder(forever_rows, forever_cols)
# forever.guesses = []
# found = [solution for solution, _ in zip(forever.solutions(), range(2))]
# busiest = sorted(range(50), key=lambda line: -forever.activity[line])[:8]
# print('the eight lines with the most (recent) contradictions:',
#       ', '.join(forever.line_name(line) for line in busiest))
# frame = (0, 1, 23, 24)
# print(sum(1 for r, c in forever.guesses if r in frame or c in frame), 'of',
#       len(forever.guesses), 'guesses in the frame (the two outermost rows or columns of a side)')
# on_busy_lines = [(r, c) for r in range(25) for c in range(25)
#                  if r in busiest or 25 + c in busiest]
# draw_grid(found[0], forever_rows, forever_cols, changed=on_busy_lines, numbers=True,
#           labels={1: 'filled, on a busy line', 0: 'empty, on a busy line'},
#           title='Forever (webpbn #6574, by Gator): the busiest lines in red')
# plt.show()

# %% [markdown]
# Mostly the frame: the two outermost columns on each side and the top row, and three rows
# across the middle of the picture. That is where the search spent its effort, and the frame is
# where its guesses went.
#
# ## What each idea buys
#
# The counts above are exact but say nothing of time. `benchmarks/speed.py` measures the time:
# it validates a fixed set of puzzles (eight published ones that need probing or search, and eight
# random 30x30 pictures), 10 s at most each, and writes the results to `benchmarks/results/`
# (all from one run; the appendix says how to measure your own machine). First the ideas of this
# chapter and the last, added one at a time in the order of the text:

# %% tags=["active-ipynb"]
# import csv
#
# RESULTS = Path('..') / 'benchmarks' / 'results'
#
#
# def read_rows(name):
#     """The rows of a results CSV as dicts."""
#     with open(RESULTS / name, newline='') as file:
#         return list(csv.DictReader(file))
#
#
# def totals_chart(rows, title, highlight):
#     """A bar per configuration: total seconds over the set (10 s limit each), runs over it."""
#     configs = list(dict.fromkeys(row['config'] for row in rows))
#     totals = [sum(min(float(r['seconds']), 10.0) for r in rows if r['config'] == c) for c in configs]
#     over = [sum(r['verdict'] == 'limit' for r in rows if r['config'] == c) for c in configs]
#     fig, ax = plt.subplots(figsize=(7.5, 1.2 + 0.3 * len(configs)))
#     ax.barh(configs[::-1], totals[::-1],
#             color=['tab:green' if c == highlight else 'tab:blue' for c in configs[::-1]])
#     for y, (total, late) in enumerate(zip(totals[::-1], over[::-1])):
#         ax.text(total, y, f' {total:.1f} s' + (f', {late} over 10 s' if late else ''),
#                 va='center', fontsize=8)
#     puzzles_in_set = len({row['puzzle'] for row in rows})
#     ax.set_xlabel(f'total seconds to validate {puzzles_in_set} puzzles '
#                   '(10 s limit each, counted as 10 s)')
#     ax.set_title(title)
#     ax.set_xlim(0, max(totals) * 1.4)
#     plt.tight_layout()
#     plt.show()
#     return dict(zip(configs, totals))
#
#
# ideas = totals_chart(read_rows('ideas.csv'), 'The ideas added one at a time (green: the default)',
#                      '+ activity (the default)')
# steps = list(ideas)[:-1]  # the ideas in order; the last row is for comparison
# for before, after in zip(steps, steps[1:]):
#     print(f'{after:<34} {ideas[before] / ideas[after]:5.2f} x as fast as the row above')
# print(f"chapter 2's engine with a memo: {ideas['+ memo'] / ideas[list(ideas)[-1]]:.2f} x as fast",
#       'as the trail with the memo')

# %% [markdown]
# Read it from the top, with the ratios printed under the chart. Chapter 4's line solver speeds
# up chapter 2's engine a good deal. The trail alone gains little here: with a line solver that
# takes lists, it spends on turning its masks into lists and back much of what it saves in
# copies. The memo gains, and with the memo in place the trail pays, since chapter 2's engine
# with the same kind of memo wrapped around its line solver (the last bar) is slower than the
# trail with the memo. Keeping the lines as bitmasks and calling the bitmask solver directly
# gains less than the memo did, but clearly, and skipping unchanged lines adds a little. Activity
# is the last and, here, the largest step, almost all of it on one puzzle, LalaFrogKK, which runs
# out of time without it (the appendix has the times puzzle by puzzle). Every bar but the
# default's includes a run capped at the 10 s limit, so they understate how slow those engines
# are, and how much activity gains.
#
# Then each option changed on its own, from the default engine:

# %% tags=["active-ipynb"]
# ablation = totals_chart(read_rows('ablation.csv'), 'One change at a time (green: the default)',
#                         'default')
# for config, total in ablation.items():
#     print(f'{config:<44} {total / ablation["default"]:5.1f} x the default')

# %% [markdown]
# Probing is by far the biggest single idea: without it, half the set runs out of time, because
# the search then guesses where a probe would have deduced. Among the single options, the line
# solver comes next. Several
# variants cost little on most puzzles and much on one: the queue taken last in, first out, or
# guesses without activity, make LalaFrogKK run out of time (the appendix has the table per
# puzzle). The memo's gain is spread over almost every puzzle. No single setting is best on every
# puzzle, and a difference of a tenth in one run on one machine is within the noise (the same
# configuration measured twice can differ that much), so the defaults are the variants that are
# never far behind.
#
# ## What we have
#
# - `Propagator`, `Prober` and `Searcher`: chapter 2's engine rebuilt on an undo trail, with
#   every line kept as bitmasks for chapter 4's solver, a memo bounded in bytes, probes skipped
#   where their lines have not changed (and, as an option
#   that measured worse, where their outcome is implied), guesses where contradictions cluster,
#   and a search that keeps its own stack.
# - `solutions`, `solve`, `analyse` and `propagate`: chapter 2's functions and contract, fast.
#   Every option is a keyword and every strategy a function; the tests check, on many random
#   small puzzles and random combinations of options, that they find exactly the solutions that
#   brute force finds.
#
# A few published puzzles of the benchmark collection take this engine seconds, or are out of
# reach within 10 s: they need reasoning across many lines at once, which neither a line solver
# nor a probe of one cell does. The next chapter brings a different kind of solver, which is far
# faster on some of them, and a rule for using both.
