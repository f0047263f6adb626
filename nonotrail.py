# %% [markdown]
# # Lesson 8. The engine engineered: a trail, a memo, fewer probes
#
# Lesson 7 gave lesson 4's engine a line solver several times faster, yet whole puzzles gained
# less than single lines did: the engine spends time of its own, copying the grid for every
# probe, turning lines into bitmasks and back, solving the same line in the same state again and
# again, and probing every unknown cell in every round. By the end of this lesson you will be
# able to
#
# - try something and take it back with an *undo trail*, reading off what a probe decided;
# - keep every line as two bitmasks, and remember line answers in a *memo* bounded in bytes;
# - skip probes whose outcome can be foreseen, and say why that never loses a solution;
# - measure one change at a time, comparing like with like.
#
# This notebook is the module `nonotrail`: `Propagator` (line logic) and `Prober` (probing).

# %%
"""Lesson 8 (notebooks/nonotrail.ipynb): line logic (Propagator) and probing (Prober) on an undo
trail, with each line kept as two bitmasks and a memo of line answers; bits_door."""

import sys
from collections import deque

import nonogram2d  # lesson 3: first_in_first_out (the default next_line) and line_name
from nonobits import bits_to_line, cells_to_bits
from nonocheck import check_puzzle, checked_budget
from nonofast import line_bits_fast
from nonoprobe import most_known_neighbours
from nonovector import Contradiction, Grid

# %% [markdown]
# ## Five puzzles to measure on
#
# Five puzzles from Jan Wolter's survey of solvers (webpbn.com), all in `puzzles/`; on each, line
# logic stalls and probing does the work:
#
# | name | size (rows x columns) | source | why here |
# |---|---|---|---|
# | Edge | 11x10 | webpbn #23, by Jan Wolter (lesson 3) | small: fixed costs |
# | Petro | 35x40 | webpbn #436, by Jan Wolter (lesson 7) | hundreds of probes |
# | Light | 45x50 | webpbn #803, by Robert Kummerfeldt | thousands of probes |
# | Merka | 60x55 | webpbn #1611, by Nancy Snyder | the largest; few probes |
# | Forever | 25x25 | webpbn #6574, by Gator | probing stalls too |
#
# What lesson 4's engine, with lesson 7's line solver, decides at the root of each (line logic,
# then probing until a round decides nothing):

# %% tags=["active-ipynb"]
# import matplotlib.pyplot as plt
# import nonofast
# import nonofiles
# import nonoprobe
# from nonodraw import draw_steps
#
# numbers = {'Edge': 23, 'Petro': 436, 'Light': 803, 'Merka': 1611, 'Forever': 6574}
# puzzles = {name: nonofiles.read_clues(f'../puzzles/webpbn-{number:05}.non')  # from notebooks/
#            for name, number in numbers.items()}
# lesson_4 = {name: nonoprobe.Engine(*clues, line_solver=nonofast.solve_line)
#             for name, clues in puzzles.items()}
# for name, engine in lesson_4.items():
#     after_lines = sum(row.count(None) for row in engine.propagate(engine.grid))
#     engine.probe_all(engine.grid)
#     print(f'{name:>7} ({engine.height}x{engine.width}): {after_lines:5,} cells unknown after line '
#           f'logic, {sum(row.count(None) for row in engine.grid):3} after {engine.probes:5,} probes')
# draw_steps([engine.grid for engine in lesson_4.values()], changed=[[]] * 5, columns=5, size=2.4,
#            titles=[f'{name} (#{numbers[name]})' for name in lesson_4]).suptitle(
#     'After line logic and probing (grey: unknown)')
# plt.show()

# %% [markdown]
# Probing finishes four of them; on Light it takes thousands of probes, each copying and
# comparing the whole grid.
#
# ## An undo trail instead of copies
#
# Instead, keep one grid and write every decision on a *trail*, the list of cells decided, in
# order. To try something, note the trail's length (a *mark*) and go ahead; to take it back,
# blank every cell written since the mark and cut the trail back to it. What a probe decided is
# the trail after the mark: nothing to compare.
#
# Every line is also kept as lesson 6's two masks, of its cells known filled and known empty
# (`filled[line]`, `empty[line]`). Row `r` is line `r`, column `c` is line `height + c`. In a
# row's masks bit `c` is column `c`: printed in binary, column 0 is the *rightmost* digit.

# %%
class Propagator:
    """One puzzle's grid, each line also as two bitmasks, and the trail of cells decided."""

    def __init__(self, rows, cols, grid=None):
        self.rows, self.cols, self.grid = check_puzzle(rows, cols, grid)
        self.height, self.width = len(self.rows), len(self.cols)
        self.filled, self.empty = [0] * (self.height + self.width), [0] * (self.height + self.width)
        self.trail = []  # the cells decided so far, in order, as (row, column)
        for r, row in enumerate(self.grid):
            for c, value in enumerate(row):
                if value is not None:
                    self.set_cell(r, c, value)
        self.trail = []  # the givens stay in the grid and the masks: no undo takes them back

    line_name = nonogram2d.Engine.line_name  # 'row 3' or 'column 7', as in lesson 3

    def set_cell(self, r: int, c: int, value: int):
        """Decide one cell: in the grid, in its row's and its column's masks, on the trail."""
        self.grid[r][c] = value
        masks = self.filled if value else self.empty
        masks[r] |= 1 << c
        masks[self.height + c] |= 1 << r
        self.trail.append((r, c))

    def undo(self, mark: int):
        """Forget every cell decided since the trail was `mark` long: blank it in the grid and
        clear its bit in its row's and its column's masks (`keep` has every other bit set)."""
        grid, filled, empty, height = self.grid, self.filled, self.empty, self.height
        for r, c in self.trail[mark:]:
            grid[r][c] = None
            in_row, in_column = ~(1 << c), ~(1 << r)
            filled[r] &= in_row
            empty[r] &= in_row
            filled[height + c] &= in_column
            empty[height + c] &= in_column
        del self.trail[mark:]

    def unknown(self) -> int:
        """How many cells are still unknown."""
        return sum(row.count(None) for row in self.grid)


# %% [markdown]
# ## Line logic on bitmasks, with a memo
#
# Lesson 7's doors turn cells into masks and back. An engine that keeps masks calls
# `line_bits_fast` on them directly, without the doors' checks (`check_puzzle`, from the library
# module `nonocheck`, checked the puzzle once). What a solve decided is the new bits,
# `(new_filled & ~filled) | (new_empty & ~empty)`. Another line solver with lesson 2's contract
# can stand in (`line_solver=`): `bits_door` wraps it in the two conversions.
#
# Probing solves the same line in the same state over and over. Lesson 7's cache sits behind the
# doors this engine skips, so it keeps a *memo* of its own, keyed on the line's *kind* (a number
# shared by lines with equal clue and length) and its masks. It is bounded in bytes, since long
# lines take more room: an entry counts `ENTRY_BYTES` plus its four masks, an estimate on the
# safe side (a test compares it with `tracemalloc`). At `MEMO_BYTES`, 16 MB (a choice: a small
# part of a laptop's memory), the memo is emptied at once, like lesson 7's cache: no bookkeeping
# at each look-up, and a search soon refills it.
#
# `propagate` keeps lesson 3's queue and `next_line` strategy, and counts the cells each line
# gains (`changes`). Before it raises `Contradiction` (lesson 1's error, from `nonovector`) it
# calls `self.failed(line)`, which does nothing here: a search can use it to learn where failures
# happen.

# %%
MEMO_BYTES = 16_000_000  # the memo's estimated size at which it is emptied and starts afresh
ENTRY_BYTES = 190        # a memo entry's estimated size (a dictionary slot and two tuples)


def bits_door(line_solver):
    """line_solver(clue, cells) -> cells made into (clue, length, filled, empty) -> masks."""
    def solve_bits(clue: tuple, length: int, filled: int, empty: int) -> tuple[int, int]:
        return cells_to_bits(line_solver(clue, bits_to_line(length, filled, empty)))
    return solve_bits


class Propagator(Propagator):
    """... and line logic on the masks: a queue of lines, a line solver, a memo of its answers."""

    def __init__(self, rows, cols, grid=None, *, line_solver=None,
                 next_line=nonogram2d.first_in_first_out, memo_bytes=MEMO_BYTES):
        super().__init__(rows, cols, grid)
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
        self.changes = [0] * (self.height + self.width)  # cells decided in each line

    def solve_line(self, line: int) -> tuple[int, int] | None:
        """The masks (filled, empty) of what the solver decides in this line, or None if no
        layout fits; from the memo if the question was asked before."""
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
            while new:  # each newly decided cell, lowest bit first: set_cell, written out
                bit = new & -new
                new ^= bit
                i = bit.bit_length() - 1
                if line < height:  # (the hottest loop: no tuples, no calls)
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

    def failed(self, line: int):
        """Called when `line` has no layout left, just before propagate raises Contradiction."""


# %% [markdown]
# The trail at work on lesson 3's 2x2 diagonal (clue `[1]` for every line), where line logic
# alone decides nothing: mark, suppose the top left cell filled, propagate from its row and
# column (lines 0 and 2), look, undo.

# %% tags=["active-ipynb"]
# from nonogram2d import show_grid
#
# diagonal = Propagator([[1], [1]], [[1], [1]])
# mark = len(diagonal.trail)
# diagonal.set_cell(0, 0, 1)
# diagonal.propagate([0, 2])
# for when in ('suppose (0, 0) filled:', f'undo to mark {mark}:'):
#     print(f'{when:<22}', show_grid(diagonal.grid).replace('\n', ' / '), '| trail', diagonal.trail,
#           f'| row 0: filled {diagonal.filled[0]:02b}, empty {diagonal.empty[0]:02b}')
#     diagonal.undo(mark)

# %% [markdown]
# ## Probing on the trail, and probing less
#
# A probe is now: mark, set the cell, propagate, read the trail after the mark, undo; otherwise
# it is lesson 4's probing, in its order. A cell whose two values both survive but agree on
# nothing is a *candidate* for a guess; `probe_all` returns the candidates with what each value
# decided. Two ideas skip probes whose outcome can be foreseen.
#
# **Unchanged lines** (`skip_unchanged`, on by default). A probe that found nothing certain will
# most likely find nothing again while the cell's row and column are unchanged. So the engine
# keeps a hash of their masks (in `fruitless`) and skips the cell until one changes; a skipped
# candidate stays a candidate. A bet, not a deduction, but no solution is lost: the cell stays
# unknown, for propagation or a guess.
#
# **Implied values** (`skip_implied`, off by default). If supposing cell A filled decided cell B
# empty without a contradiction, supposing B empty cannot contradict: it decides a part of what
# A filled decided. So within a round only B filled needs trying; if it survives, B is no
# candidate, since what B empty decides is unknown (`fruitless` holds `None` for it). The price:
# cells that B filled and B empty decide alike are certain, and skipping B empty can lose them.

# %%
class Prober(Propagator):
    """A Propagator that probes: tries cells both ways on the trail, keeps what is certain."""

    def __init__(self, rows, cols, grid=None, *, probe_order=most_known_neighbours,
                 skip_unchanged=True, skip_implied=False, **options):
        super().__init__(rows, cols, grid, **options)
        self.probe_order, self.probes = probe_order, 0
        self.skip_unchanged, self.skip_implied = skip_unchanged, skip_implied
        self.fruitless = {}  # a cell whose last probes found nothing certain -> (hash of its
        # lines, how much its weaker value decided; None if one value was implied, not probed)

    def probe(self, r: int, c: int, value: int) -> dict | None:
        """What supposing cell (r, c) has `value` decides, {(row, column): value}, or None if
        that contradicts; the grid is left as it was."""
        self.probes += 1
        mark = len(self.trail)
        self.set_cell(r, c, value)
        try:
            self.propagate((r, self.height + c))
            decided = {(i, j): self.grid[i][j] for i, j in self.trail[mark:]}
        except Contradiction:
            decided = None
        self.undo(mark)
        return decided

    def decide(self, cells: dict):
        """Write certain cells {(row, column): value} into the grid and propagate from them."""
        lines = set()
        for (r, c), value in cells.items():
            if self.grid[r][c] is None:
                self.set_cell(r, c, value)
                lines.update((r, self.height + c))
        self.propagate(sorted(lines))

    def probe_all(self, stop=lambda: None) -> dict:
        """Probe unknown cells both ways, round after round, until a round decides nothing; return
        its candidates, {cell: (decided if filled, decided if empty)} ((None, None) if skipped).
        Raise Contradiction if a cell can be neither. `stop()` runs before each probe."""
        while True:
            progress, candidates, implied = False, {}, {}  # implied: cell -> a safe value
            for r, c in self.probe_order(self, self.grid):
                if self.grid[r][c] is not None:
                    continue
                column = self.height + c  # the cell's row and column as they are now, hashed:
                lines_now = hash((self.filled[r], self.empty[r],
                                  self.filled[column], self.empty[column]))
                last = self.fruitless.get((r, c))
                if self.skip_unchanged and last and last[0] == lines_now:
                    if last[1] is not None:  # a candidate, as last time
                        candidates[r, c] = (None, None)
                    continue
                stop()
                safe = implied.get((r, c))
                if safe is not None:  # this value cannot contradict: probe the other
                    if self.probe(r, c, 1 - safe) is not None:  # both survive: nothing new
                        self.fruitless[r, c] = (lines_now, None)
                        continue
                    certain = {(r, c): safe}
                else:
                    if_filled, if_empty = self.probe(r, c, 1), self.probe(r, c, 0)
                    if if_filled is None and if_empty is None:
                        raise Contradiction(f'cell ({r}, {c}) can be neither filled nor empty')
                    if if_filled is None or if_empty is None:  # one value survives
                        certain = if_empty if if_filled is None else if_filled
                    else:  # both survive: what they decide alike is certain
                        certain = {cell: value for cell, value in if_filled.items()
                                   if if_empty.get(cell) == value}
                    if not certain:  # a candidate: remember both outcomes, for a guess
                        candidates[r, c] = (if_filled, if_empty)
                        self.fruitless[r, c] = (lines_now, min(len(if_filled), len(if_empty)))
                        if self.skip_implied:  # the values these probes met without trouble
                            implied = {**if_empty, **if_filled, **implied}
                        continue
                self.decide(certain)
                progress, candidates, implied = True, {}, {}
            if not progress:
                return candidates


# %% [markdown]
# ## Does the trail pay? Like with like
#
# With both skips off, `Prober` makes exactly lesson 4's probes, in the same order, and reaches
# the same grid (the cell below checks it). Only a comparison in which the trail is all that
# differs speaks about the trail. Four engines, at the root: **lesson 4** (lesson 4's engine with
# lesson 7's `solve_line`); **trail, lists** (`Prober` with that `solve_line` and no memo);
# **copies** (`Prober` probing as lesson 4 does: copy grid and masks, propagate, compare, put the
# copies back; made by `copying_prober` from the library module `nonobench`); and **trail**
# (`Prober`), which differs from *copies* in the trail alone.
#
# `nonobench.time_table` prints seconds of processor time (they vary from run to run; the tests
# ignore them) and three ratios: above 1, the second engine is faster.

# %% tags=["active-ipynb", "nbval-ignore-output"]
# from nonobench import at_the_root, copying_prober, time_table
#
# CopyingProber = copying_prober(Prober)
# lists, every_probe = dict(line_solver=nonofast.solve_line), dict(skip_unchanged=False)
# engines = {'lesson 4': lambda *clues: nonoprobe.Engine(*clues, **lists),
#            'trail, lists': lambda *clues: Prober(*clues, **lists, **every_probe, memo_bytes=0),
#            'copies': lambda *clues: CopyingProber(*clues, **every_probe),
#            'trail': lambda *clues: Prober(*clues, **every_probe)}
# ratios = {'lesson 4/lists': ('lesson 4', 'trail, lists'),
#           'lesson 4/copies': ('lesson 4', 'copies'), 'copies/trail': ('copies', 'trail')}
# ran = time_table(puzzles, engines, at_the_root, ratios, before=nonofast.cache_clear)
# assert all((engine.probes, engine.grid) == (lesson_4[name].probes, lesson_4[name].grid)
#            for (name, _), engine in ran.items())

# %% [markdown]
# Read it by the ratios.
#
# - *lesson 4 / lists*, the trail added while lines are still lists: mixed, near 1, above it on
#   some puzzles and below on others (which ones changes from run to run); every line solve pays
#   two conversions that lesson 4 never makes.
# - *lesson 4 / copies*: masks, direct solver and memo together: about two to three times faster
#   on every puzzle (in the run stored here, most on Light, the puzzle with the most probes).
# - *copies / trail*, the trail alone: a copying probe costs the whole grid twice, a probe on the
#   trail only the cells it decides. It gains most where probes are many and decide little
#   (Forever), least with few probes (Edge, Merka).
#
# ## What the memo and the skips save
#
# Counts are the same on every machine. At the root, for the engine without skips: line solves,
# how many reached the line solver (the memo answered the rest), and the memo's estimated size;
# then the probes without skips, skipping unchanged lines (the default), and implied values too.

# %% tags=["active-ipynb"]
# variants = {'no skips': dict(skip_unchanged=False), 'unchanged': {},
#             '+ implied': dict(skip_implied=True)}
# print(f'no skips: {"line solves":>11} {"to the solver":>13} {"memo MB":>7} | probes:' +
#       ''.join(f'{variant:>10}' for variant in variants) + '   unknown after')
# for name, clues in puzzles.items():
#     probers = [at_the_root(Prober(*clues, **options)) for options in variants.values()]
#     assert all(prober.grid == probers[0].grid for prober in probers)  # the same grid each way
#     first = probers[0]
#     print(f'{name:>8}: {first.line_solves:11,} {first.solver_calls:13,} '
#           f'{first.memo_size / 1e6:7.1f} |' + ' ' * 8 +
#           ''.join(f'{prober.probes:10,}' for prober in probers) + f'{first.unknown():16}')

# %% [markdown]
# On Light the memo sends fewer than one line solve in ten to the solver, and stays far below
# `MEMO_BYTES`. Skipping unchanged lines changes nothing where probing finishes; on Forever,
# whose later rounds change little, it skips about a third of the probes and leaves the same
# grid. Its real use is in a search, where after a guess most lines are as they were. Skipping
# implied values saves probes everywhere, and here decides as much as full probing.
#
# ## What we have learned, and what comes next
#
# - An undo trail takes a trial back from a mark, and a probe reads off it what it decided. Like
#   with like, it beats copying where probes are many.
# - Lines kept as bitmasks go straight to `line_bits_fast`, and a memo bounded in bytes answers
#   repeated questions.
# - Probing skips cells whose lines have not changed since a fruitless probe (a bet that loses no
#   solution) and, if asked, values already implied.
#
# Next, lesson 9 builds a search on `Prober`: guesses where contradictions cluster, a search that
# keeps its own stack, and what each idea of both lessons buys.
#
# ## Exercises
#
# 1. *Predict, then run.* On the 2x2 diagonal, set cell (0, 1) filled after a mark and propagate
#    from row 0 and column 1. What are the trail and row 0's masks, before and after the undo?
# 2. Run Light's root with `memo_bytes` at `0`, `2_000`, `20_000`, `1_000_000` and `16_000_000`,
#    printing `solver_calls`. Where is the knee, the smallest memo that saves most of the calls?
#    Compare it with the memo's size in the table.
# 3. *Prove it.* If supposing A filled decides B empty without a contradiction, supposing B empty
#    cannot contradict. Why can skipping that probe leave a certain cell unknown?
# 4. *Measure.* In `propagate`, replace the written-out work on each new cell by a call to
#    `set_cell`, and time Light's root both ways. What does a call per cell cost?
