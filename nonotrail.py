# %% [markdown]
# # Lesson 8. The engine engineered: a trail and a memo
#
# Lesson 7 gave lesson 4's engine a line solver several times faster. What remains is the
# engine's own time: it copies the grid for every probe, turns lines into bitmasks and back for
# every solve, and solves the same line in the same state again and again. This lesson rebuilds
# line logic so that trying a value and taking it back is cheap. By the end of this lesson you
# will be able to
#
# - try a value and take it back with an *undo trail*, reading off what the try decided;
# - keep every line as two bitmasks and hand them to the line solver directly;
# - remember line answers in a *memo* bounded in bytes, and count what it saves.
#
# This notebook is the module `nonotrail`.

# %%
"""Lesson 8 (notebooks/nonotrail.ipynb): line logic on an undo trail (Propagator), with each line
kept as two bitmasks and a memo of line answers; bits_door adapts a line solver on cells."""

import sys
from collections import deque

import nonogram2d  # lesson 3: first_in_first_out (the default next_line) and line_name
from nonobits import bits_to_line, cells_to_bits
from nonocheck import check_puzzle, checked_budget  # lesson 3's and lesson 4's input checks
from nonofast import line_bits_fast
from nonovector import Contradiction, Grid

# %% [markdown]
# ## An undo trail instead of copies
#
# Lesson 4 probes in a copy of the grid, and compares the two to see what a probe decided.
# Instead, keep one grid and write every decision on a *trail*, the list of cells decided, in
# order. To try something, note the trail's length (a *mark*) and go ahead; to take it back,
# blank every cell written since the mark and cut the trail back to it. What the try decided is
# the trail after the mark.
#
# Every line is also kept as lesson 6's two masks, of its cells known filled and known empty
# (`filled[line]`, `empty[line]`). Rows and columns are counted from 0: row `r` is line `r`,
# column `c` is line `height + c`, and in a row's masks bit `c` is column `c` (printed in binary,
# column 0 is the rightmost digit).
#
# ## Line logic on bitmasks, with a memo
#
# The engine calls `line_bits_fast` on its masks directly, without lesson 7's checks
# (`check_puzzle` checked the puzzle once). If a solve returns the masks `now_filled` and
# `now_empty`, the cells it newly decided are the bits `(now_filled & ~filled) | (now_empty &
# ~empty)`. Another line solver with lesson 2's contract (cells in, cells out) can stand in
# (`line_solver=`): the adapter `bits_door` turns masks into cells for it, and its answer back
# into masks.
#
# Trying one cell after another solves the same line in the same state over and over. A *memo* of
# answers is keyed on the line's *kind* (a number shared by lines with equal clue and length) and
# its masks. Long lines take more room, so it is bounded in bytes: each entry counts
# `ENTRY_BYTES` plus its four masks, an estimate. At `MEMO_BYTES`, 16 MB, it is emptied at once,
# as lesson 7's cache is.
#
# `propagate` keeps lesson 3's queue and `next_line` strategy. Two things are not for line logic
# itself: `changes` counts, per line, the cells its crossing lines decided (a queue strategy
# can use it to take the most changed line first), and `failed` is a hook that does nothing here
# (a search overrides it to note where contradictions happen).

# %%
MEMO_BYTES = 16_000_000  # the memo's estimated size at which it is emptied and starts afresh
ENTRY_BYTES = 190        # a memo entry's estimated size (a dictionary slot and two tuples)


def bits_door(line_solver):
    """An adapter: a line solver on cells, line_solver(clue, cells) -> cells, made into one on
    masks, solve_bits(clue, length, filled, empty) -> (filled, empty)."""
    def solve_bits(clue: tuple, length: int, filled: int, empty: int) -> tuple[int, int]:
        return cells_to_bits(line_solver(clue, bits_to_line(length, filled, empty)))
    return solve_bits


class Propagator:
    """A puzzle's grid, its lines as bitmasks, the trail of cells decided; line logic, a memo."""

    def __init__(self, rows, cols, grid=None, *, line_solver=None,
                 next_line=nonogram2d.first_in_first_out, memo_bytes=MEMO_BYTES):
        self.rows, self.cols, self.grid = check_puzzle(rows, cols, grid)
        self.height, self.width = len(self.rows), len(self.cols)
        lines = self.height + self.width
        self.filled, self.empty = [0] * lines, [0] * lines
        self.clues = [tuple(clue) for clue in self.rows + self.cols]
        self.lengths = [self.width] * self.height + [self.height] * self.width
        kinds = {}  # lines with equal clues and lengths share memo entries
        self.kinds = [kinds.setdefault(kind, len(kinds)) for kind in zip(self.clues, self.lengths)]
        self.solve_bits = line_bits_fast if line_solver is None else bits_door(line_solver)
        self.next_line = next_line
        self.memo, self.memo_size = {}, 0  # the memo, and its estimated size in bytes
        self.memo_limit = checked_budget('memo_bytes', memo_bytes, int)
        self.entry_bytes = [ENTRY_BYTES + 4 * sys.getsizeof((1 << n) - 1) for n in self.lengths]
        self.line_solves = self.solver_calls = 0  # lines solved; of them, by the line solver
        self.changes = [0] * lines  # cells of each line decided by solving its crossing lines
        self.trail = []  # the cells decided so far, in order, as (row, column)
        for r, row in enumerate(self.grid):
            for c, value in enumerate(row):
                if value is not None:
                    self.set_cell(r, c, value)
        self.trail = []  # the cells known from the start stay: no undo takes them back

    line_name = nonogram2d.Engine.line_name  # 'row 3' or 'column 7', as in lesson 3

    def set_cell(self, r: int, c: int, value: int):
        """Decide one cell: in the grid, in its row's and its column's masks, on the trail."""
        self.grid[r][c] = value
        masks = self.filled if value else self.empty
        masks[r] |= 1 << c
        masks[self.height + c] |= 1 << r
        self.trail.append((r, c))

    def undo(self, mark: int):
        """Forget every cell decided since the trail was `mark` long, in the grid and the masks."""
        grid, filled, empty, height = self.grid, self.filled, self.empty, self.height
        for r, c in self.trail[mark:]:
            grid[r][c] = None
            in_row, in_column = ~(1 << c), ~(1 << r)  # every bit set but the cell's
            filled[r] &= in_row
            empty[r] &= in_row
            filled[height + c] &= in_column
            empty[height + c] &= in_column
        del self.trail[mark:]

    def unknown(self) -> int:
        """How many cells are still unknown."""
        return sum(row.count(None) for row in self.grid)

    def solve_line(self, line: int) -> tuple[int, int] | None:
        """This line's masks (filled, empty) after solving it, or None if no layout fits."""
        self.line_solves += 1
        filled, empty = self.filled[line], self.empty[line]
        key = (self.kinds[line], filled, empty)
        answer = self.memo.get(key, False)
        if answer is False:
            self.solver_calls += 1
            try:
                answer = self.solve_bits(self.clues[line], self.lengths[line], filled, empty)
            except Contradiction:
                answer = None
            if self.memo_limit:  # memo_bytes=0: no memo at all
                if self.memo_size >= self.memo_limit:  # full: start afresh
                    self.memo, self.memo_size = {}, 0
                self.memo[key] = answer
                self.memo_size += self.entry_bytes[line]
        return answer

    def propagate(self, lines=None) -> Grid:
        """Solve lines, starting with `lines` (all if None), until none can learn more. Raises
        Contradiction, leaving the grid half updated: undo to a mark to recover."""
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
                self.failed(line)
                raise Contradiction(f'{self.line_name(line)} cannot hold its clue')
            now_filled, now_empty = answer
            new = (now_filled & ~filled[line]) | (now_empty & ~empty[line])
            filled[line], empty[line] = now_filled, now_empty  # the line's masks at once
            while new:  # each newly decided cell, lowest bit first: the rest of set_cell
                bit = new & -new
                new ^= bit
                i = bit.bit_length() - 1
                if line < height:  # (the hottest loop: no tuples, no calls)
                    r, c, crossing, crossing_bit = line, i, height + i, 1 << line
                else:
                    r, c, crossing, crossing_bit = i, line - height, i, 1 << (line - height)
                if now_filled & bit:
                    grid[r][c] = 1
                    filled[crossing] |= crossing_bit
                else:
                    grid[r][c] = 0
                    empty[crossing] |= crossing_bit
                trail.append((r, c))
                changes[crossing] += 1
                if not waiting[crossing]:
                    waiting[crossing] = True
                    queue.append(crossing)
        return grid

    def failed(self, line: int):
        """A hook, doing nothing here: propagate calls it before it raises Contradiction."""


# %% [markdown]
# The trail at work on lesson 3's 2x2 diagonal (clue `[1]` everywhere): mark, suppose cell (0, 0)
# filled, propagate from its row and column (lines 0 and 2), look, undo.

# %% tags=["active-ipynb"]
# diagonal = Propagator([[1], [1]], [[1], [1]])
# mark = len(diagonal.trail)
# diagonal.set_cell(0, 0, 1)
# diagonal.propagate([0, 2])
# for when in ('suppose (0, 0) filled:', f'undo to mark {mark}:'):
#     print(f'{when:<22}', nonogram2d.show_grid(diagonal.grid).replace('\n', ' / '), '| trail',
#           diagonal.trail, f'| row 0: filled {diagonal.filled[0]:02b},',
#           f'empty {diagonal.empty[0]:02b}')
#     diagonal.undo(mark)

# %% [markdown]
# ## Trying every cell, and taking it back
#
# A bigger test: *You light up my life* by Robert Kummerfeldt (webpbn #803, 45x50, a
# lighthouse), one of the puzzles of Jan Wolter's survey of solvers (webpbn.com); we call it
# Light. Line logic alone leaves it nearly blank. So, after line logic, suppose each unknown cell
# filled in turn, propagate, and undo. A try that meets a contradiction shows that its cell must
# be empty (here we only count them). After every try the grid must be exactly as line logic
# left it.

# %% tags=["active-ipynb"]
# import nonofiles  # read_clues(path): the rows and columns of a puzzle file (lesson 7)
#
#
# def try_each_unknown(engine) -> int:
#     """Line logic, then suppose each unknown cell filled, propagate, undo: the contradictions."""
#     engine.propagate()
#     after_line_logic = [row[:] for row in engine.grid]
#     unknown = [(r, c) for r, row in enumerate(engine.grid)
#                for c, cell in enumerate(row) if cell is None]
#     contradictions = 0
#     for r, c in unknown:
#         mark = len(engine.trail)
#         engine.set_cell(r, c, 1)
#         try:
#             engine.propagate((r, engine.height + c))
#         except Contradiction:
#             contradictions += 1
#         engine.undo(mark)
#     assert engine.grid == after_line_logic  # every try was taken back
#     return contradictions
#
#
# light_clues = nonofiles.read_clues('../puzzles/webpbn-00803.non')  # from notebooks/
# light = Propagator(*light_clues)
# contradictions = try_each_unknown(light)
# print(f'{light.unknown():,} of {light.height * light.width:,} cells unknown after line logic;',
#       f'{contradictions} tries contradict')
# print(f'{light.line_solves:,} line solves, {light.solver_calls:,} of them by the solver,',
#       f'memo {light.memo_size / 1e6:.1f} MB')

# %% [markdown]
# Line logic decides only 50 cells; 306 of the 2,200 tries end in a contradiction. The memo
# sends fewer than one line solve in 23 to the solver: the same lines, in the same states, come
# back try after try. Its 2.4 MB stay far below `MEMO_BYTES`. The counts are the same on every
# machine; the memo's size is an estimate built on `sys.getsizeof`, so it can differ with the
# Python version.
#
# ## What we have learned, and what comes next
#
# - An undo trail takes a try back to a mark; the trail after the mark is what the try decided.
# - Lines kept as bitmasks go straight to `line_bits_fast`; `bits_door` adapts any other solver.
# - A memo bounded in bytes answers the line solves that trying cells repeats.
#
# Next, lesson 9 probes on the trail, both values of a cell, and learns to skip probes that
# cannot find anything new.
#
# ## Exercises
#
# 1. *Predict, then run.* Repeat the diagonal's demo with cell (0, 1), propagating from lines 0
#    and 3. What are the trail and row 0's masks?
# 2. *Change a parameter.* For `m` at 0, 100_000, 300_000, 1_000_000, 4_000_000 and 16_000_000,
#    run `try_each_unknown(engine)` on `engine = Propagator(*light_clues, memo_bytes=m)` and print
#    `engine.solver_calls`. Which is the smallest memo that saves at least 90% of the solver calls
#    that the 16 MB memo saves?
# 3. *Measure.* In a subclass of `Propagator` that copies `propagate`, replace the written-out
#    work on each new cell by a call to `set_cell` (keeping the count in `changes` and the queue),
#    and time `try_each_unknown` on Light with both classes. What does a call per cell cost?
