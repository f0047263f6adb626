# %% [markdown]
# # Lesson 8. The engine engineered: a trail, a memo, fewer probes
#
# Lesson 7 gave lesson 4's engine a line solver several times faster. What remains is the
# engine's own time: it copies the grid for every probe, turns lines into bitmasks and back,
# solves the same line in the same state again and again, and probes every unknown cell in every
# round. By the end of this lesson you will be able to
#
# - try something and take it back with an *undo trail*, reading off what a probe decided;
# - keep every line as two bitmasks, and remember line answers in a *memo* bounded in bytes;
# - skip probes whose outcome can be foreseen, and say why that never loses a solution;
# - measure one change at a time, comparing like with like.
#
# This notebook is the module `nonotrail`.

# %%
"""Lesson 8 (notebooks/nonotrail.ipynb): line logic (Propagator) and probing (Prober) on an undo
trail, with each line kept as two bitmasks and a memo of line answers; bits_door."""

import sys
from collections import deque

import nonogram2d  # lesson 3: first_in_first_out (the default next_line) and line_name
from nonobits import bits_to_line, cells_to_bits
from nonocheck import check_puzzle, checked_budget  # lesson 3's and lesson 4's input checks
from nonofast import line_bits_fast
from nonoprobe import most_known_neighbours
from nonovector import Contradiction, Grid

# %% [markdown]
# ## An undo trail instead of copies
#
# Lesson 4 probes in a copy of the grid, and compares the two to see what a probe decided.
# Instead, keep one grid and write every decision on a *trail*, the list of cells decided, in
# order. To try something, note the trail's length (a *mark*) and go ahead; to take it back,
# blank every cell written since the mark and cut the trail back to it. What a probe decided is
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
# (`check_puzzle` checked the puzzle once); a solve decided the new bits,
# `(new_filled & ~filled) | (new_empty & ~empty)`. Another line solver with lesson 2's contract
# can stand in (`line_solver=`): `bits_door` wraps it in conversions to cells and back.
#
# Probing solves the same line in the same state over and over. A *memo* of answers is keyed on
# the line's *kind* (a number shared by lines with equal clue and length) and its masks. Long
# lines take more room, so it is bounded in bytes: each entry counts `ENTRY_BYTES` plus its four
# masks, an estimate. At `MEMO_BYTES`, 16 MB, it is emptied at once, as lesson 7's cache is.
#
# `propagate` keeps lesson 3's queue and `next_line` strategy.

# %%
MEMO_BYTES = 16_000_000  # the memo's estimated size at which it is emptied and starts afresh
ENTRY_BYTES = 190        # a memo entry's estimated size (a dictionary slot and two tuples)


def bits_door(line_solver):
    """line_solver(clue, cells) -> cells made into (clue, length, filled, empty) -> masks."""
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
# ## Probing on the trail, and probing less
#
# A probe is now: mark, set the cell, propagate, read the trail after the mark, undo; the rest is
# lesson 4's probing, in its order. A cell whose two values both survive but agree on nothing is
# a *candidate* for a guess; `probe_all` returns the candidates with what each value decided.
# Two ideas skip probes whose outcome can be foreseen.
#
# **Unchanged lines** (`skip_unchanged`, on by default). A probe that found nothing certain will
# most likely find nothing again while the cell's row and column are unchanged. So the engine
# keeps a hash of their masks (in `fruitless`) and skips the cell until one changes; a skipped
# candidate stays a candidate. A bet, but no solution is lost: the cell stays unknown.
#
# **Implied values** (`skip_implied`, off by default). If supposing cell A filled decided cell B
# empty without a contradiction, supposing B empty cannot contradict: it decides a part of what
# A filled decided. So within a round only B filled is tried; if it survives, B is no
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
        """What supposing (r, c) has `value` decides, {(row, column): value}; None if it fails."""
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
        """Probe round after round until a round decides nothing; return its candidates, {cell:
        (decided if filled, decided if empty)} (both None if skipped). Raises Contradiction if a
        cell can be neither; calls `stop()` before each probe."""
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
# Five puzzles from Jan Wolter's survey of solvers (webpbn.com), in `puzzles/`, on which line
# logic stalls:
#
# | name | size (rows x columns) | source |
# |---|---|---|
# | Edge | 11x10 | webpbn #23, by Jan Wolter (lesson 3) |
# | Petro | 35x40 | webpbn #436, by Jan Wolter (lesson 7) |
# | Light | 45x50 | webpbn #803, by Robert Kummerfeldt |
# | Merka | 60x55 | webpbn #1611, by Nancy Snyder |
# | Forever | 25x25 | webpbn #6574, by Gator |
#
# Four engines run line logic, then probing until a round decides nothing (`at_the_root`, from
# the library module `nonobench`): **lesson 4** (with lesson 7's `solve_line`); **trail, lists**
# (`Prober` with that `solve_line`, no memo); **copies** (`Prober` probing as lesson 4 does: copy
# grid and masks, propagate, compare, put the copies back; made by `nonobench.copying_prober`);
# and **trail** (`Prober`), which differs from *copies* in the trail alone. Without skips, all four make the same probes and reach the same grid (checked below).
# `nonobench.time_table` prints seconds of processor time (they vary from run to run) and three
# ratios: above 1, the second engine is faster.

# %% tags=["active-ipynb", "nbval-ignore-output"]
# import nonofast
# import nonofiles  # read_clues(path): the rows and columns of a puzzle file (lesson 7)
# import nonoprobe
# from nonobench import at_the_root, copying_prober, time_table
#
# numbers = {'Edge': 23, 'Petro': 436, 'Light': 803, 'Merka': 1611, 'Forever': 6574}
# puzzles = {name: nonofiles.read_clues(f'../puzzles/webpbn-{number:05}.non')  # from notebooks/
#            for name, number in numbers.items()}
# lists, every_probe = dict(line_solver=nonofast.solve_line), dict(skip_unchanged=False)
# engines = {'lesson 4': lambda *clues: nonoprobe.Engine(*clues, **lists),
#            'trail, lists': lambda *clues: Prober(*clues, **lists, **every_probe, memo_bytes=0),
#            'copies': lambda *clues: copying_prober(Prober)(*clues, **every_probe),
#            'trail': lambda *clues: Prober(*clues, **every_probe)}
# ratios = {'lesson 4/lists': ('lesson 4', 'trail, lists'),
#           'lesson 4/copies': ('lesson 4', 'copies'), 'copies/trail': ('copies', 'trail')}
# ran = time_table(puzzles, engines, at_the_root, ratios, before=nonofast.cache_clear)
# assert all((ran[name, engine].probes, ran[name, engine].grid) == (ran[name, 'trail'].probes,
#            ran[name, 'trail'].grid) for name in puzzles for engine in engines)

# %% [markdown]
# - *lesson 4 / lists*, the trail while lines are still lists: mixed, near 1, above on some
#   puzzles and below on others; each line solve pays two conversions that lesson 4 never makes.
# - *lesson 4 / copies*, masks, direct solver and memo together: two to three times faster.
# - *copies / trail*, the trail alone: a copying probe costs the whole grid twice, a probe on the
#   trail only the cells it decides. It gains most where probes are many and decide little
#   (Forever); on Edge, whose small grid is cheap to copy, it does not pay.
#
# ## What the memo and the skips save
#
# Counts, the same on every machine: for *trail*, its line solves, how many reached the solver
# (the memo answered the rest) and the memo's size; the probes without skips, skipping unchanged
# lines (the default), and implied values too; the cells left unknown (grey below).

# %% tags=["active-ipynb"]
# from nonodraw import draw_steps
#
# for name, clues in puzzles.items():
#     probers = [ran[name, 'trail']] + [at_the_root(Prober(*clues, **options))
#                                       for options in ({}, dict(skip_implied=True))]
#     assert all(prober.grid == probers[0].grid for prober in probers)  # the same grid each way
#     trail = probers[0]
#     probes = ' /'.join(f'{prober.probes:6,}' for prober in probers)
#     print(f'{name:>7} ({trail.height}x{trail.width}): {trail.line_solves:7,} line solves,'
#           f' {trail.solver_calls:6,} to the solver, memo {trail.memo_size / 1e6:3.1f} MB;'
#           f' probes {probes}; {trail.unknown()} unknown')
# figure = draw_steps([ran[name, 'trail'].grid for name in puzzles], changed=[[]] * 5, columns=5,
#                     size=2.4, titles=[f'{name} (#{number})' for name, number in numbers.items()])

# %% [markdown]
# On Light the memo sends fewer than one line solve in ten to the solver, and its 4.5 MB stay far
# below `MEMO_BYTES`. Skipping unchanged lines changes nothing where probing finishes, and skips a
# third of Forever's probes; skipping implied values saves probes everywhere. All decide alike.
#
# ## What we have learned, and what comes next
#
# - An undo trail takes a trial back to a mark; a probe reads off it what it decided.
# - Lines kept as bitmasks go straight to `line_bits_fast`; a memo bounded in bytes answers
#   repeated questions.
# - Probing skips cells whose lines are unchanged since a fruitless probe, and, if asked, values
#   already implied.
#
# Next, lesson 9 builds a search on `Prober`, and measures what each idea of both lessons buys.
#
# ## Exercises
#
# 1. *Predict, then run.* Repeat the diagonal's demo with cell (0, 1), propagating from lines 0
#    and 3. What are the trail and row 0's masks?
# 2. Run Light's root with `memo_bytes` at 0, 100_000, 300_000, 1_000_000, 2_000_000, 4_000_000
#    and 16_000_000, printing `solver_calls`. Where is the knee, the smallest memo that saves
#    most of the calls?
# 3. *Prove it.* If supposing A filled decides B empty without a contradiction, supposing B empty
#    cannot contradict. Why does `probe_all` forget the implied values whenever it decides cells?
# 4. *Measure.* In `propagate`, replace the written-out work on each new cell by a call to
#    `set_cell`, and time Light's root both ways. What does a call per cell cost?
