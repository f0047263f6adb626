# %% [markdown]
# # Lesson 10. The engine engineered: guesses, a search with its own stack
#
# Lessons 8 and 9 rebuilt lesson 4's propagation and probing on an undo trail. Lesson 4's search
# still calls itself once per guess, each call with a copy of the grid. By the end of this lesson
# you will be able to
#
# - guess where contradictions cluster, and say when that helps;
# - write a depth-first search that keeps its own stack of guesses on an undo trail, and trace it;
# - analyse a puzzle with this engine behind lesson 4's entry points;
# - rank the ideas of lessons 8 to 10 by what each buys, and say what a measurement does not show.
#
# This notebook is the module `nonoengine`.

# %%
"""Lesson 10 (notebooks/nonoengine.ipynb): Searcher (lesson 9's Prober with activity and a search
on its own stack), its strategies, and the entry points solutions, solve, analyse, propagate."""

import time
from collections.abc import Iterator
from itertools import islice

import nonoprobe
from nonobench import last_in_first_out, most_changed, nearly_solved_lines  # noqa: F401
from nonocheck import (check_has, check_table, checked_budget, first_in_first_out_on_time,
                       report_unknown_cells)
from nonoprober import Prober
from nonotrail import MEMO_BYTES, Propagator, bits_door  # noqa: F401
from nonovector import Contradiction, Grid
# (noqa: F401 marks names this lesson does not use itself: other modules import them from here.)

# %% [markdown]
# ## Guessing where the trouble is
#
# Lesson 4's guess, the cell whose weaker value decides most, can make a search wander: a guess
# that decides much need not lead to the part that is hard. Lesson 9's *Forever* (webpbn #6574,
# 25x25, a bell in a frame of short blocks) is such a puzzle.
#
# *SAT solvers*, programs that decide whether a formula of logic can be made true, let the
# trouble choose. Each time a line turns out to have no layout (in propagation or in a probe),
# add to that line's *activity*; guess the cell whose row and column have the most
# activity together, breaking ties by lesson 4's rule. The amount added grows by 10% at every
# node, so old activity fades against new. Contradictions happen where the difficulty is, so the
# search goes there.
#
# A guess strategy takes the engine, the grid and lesson 9's candidates. Two variants ignore
# activity: lesson 4's rule, and the first candidate in reading order.

# %%
def busiest_lines(engine, grid: Grid, candidates: dict) -> tuple[int, int]:
    """Strategy for the cell to guess: the one whose row and column have failed most (recent
    failures weighing more), then the one whose weaker value decided most (the default)."""
    check_has('engine', engine, 'activity', 'fruitless'), check_has('candidates', candidates, 'keys')
    def score(cell):
        return (engine.activity[cell[0]] + engine.activity[engine.height + cell[1]],
                engine.fruitless[cell][1])
    return max(candidates, key=score)


def best_last_probe(engine, grid: Grid, candidates: dict) -> tuple[int, int]:
    """Strategy for the cell to guess: lesson 4's, the weaker value that decided most."""
    check_has('engine', engine, 'fruitless'), check_has('candidates', candidates, 'keys')
    return max(candidates, key=lambda cell: engine.fruitless[cell][1])


def first_candidate(engine, grid: Grid, candidates: dict) -> tuple[int, int]:
    """Strategy for the cell to guess: the first candidate in reading order."""
    check_has('candidates', candidates, 'keys')
    return min(candidates)


# %% [markdown]
# Every other choice is a function too, such as this order of probes (the library module
# `nonobench` holds the other variants the last section measures: two queue orders and one more
# probe order).

# %%
def reading_order(engine, grid: Grid) -> list[tuple[int, int]]:
    """Strategy for the order of probes: the unknown cells in reading order."""
    grid = check_table('grid', grid)
    return [(r, c) for r, row in enumerate(grid) for c, cell in enumerate(row) if cell is None]


# %% [markdown]
# ## A search that keeps its own stack
#
# With a trail there is one grid, and going back from a guess means undoing to the mark taken
# before it. So the search keeps its own stack of guesses instead of calling itself. Each entry
# is `(mark, branch)`: the trail's length before the guess, and the branch still to try (the
# cell, the value 0, and what its probe said that value decides), or `None` once both branches
# have been entered.
#
# `node` propagates, probes and returns `'dead'`, `'solved'`, or the guess to make. The loop in
# `solutions` does what recursion did: on a guess, push the empty branch and enter the filled
# one; on a solution, hand it out; then, or on a dead end, pop entries (undoing to each mark)
# until one has a branch left, and enter it. An empty stack means every branch has been tried.
#
# Lesson 4's budgets are checked at every node, before each cell's probes, and every 64 line solves (by
# the default queue strategy, the library module `nonocheck`'s `first_in_first_out_on_time`).

# %%
class Searcher(Prober):
    """A Prober that searches depth first, guessing by choose_guess: each solution once."""

    def __init__(self, rows, cols, grid=None, *, choose_guess=busiest_lines, probing=True,
                 activity_growth=1.1, max_nodes=None, time_limit=None,
                 next_line=first_in_first_out_on_time, **options):
        super().__init__(rows, cols, grid, next_line=next_line, **options)
        self.choose_guess, self.probing = choose_guess, probing
        self.activity = [0.0] * (self.height + self.width)  # failures, recent ones weigh more
        self.bump, self.activity_growth = 1.0, activity_growth
        self.max_nodes = checked_budget('max_nodes', max_nodes, int)
        self.time_limit = checked_budget('time_limit', time_limit, (int, float))
        self.nodes, self.found, self.stack = 0, [], []
        self.method = 'line'  # how far the search had to go: 'line', 'probing' or 'search'
        self.start = time.perf_counter()

    seconds = nonoprobe.Engine.seconds  # lesson 4's clock

    def check_budget(self):
        """Lesson 4's budgets; a SearchLimit also says how much of the grid was unknown."""
        report_unknown_cells(nonoprobe.Engine.check_budget, self)

    def failed(self, line: int):
        """Lesson 8's hook, called when a line fails: add `bump` to its activity."""
        self.activity[line] += self.bump

    def node(self, lines):
        """Propagate from `lines`, probe: 'dead', 'solved' or (cell, if filled, if empty)."""
        self.nodes += 1
        self.bump *= self.activity_growth
        if self.bump > 1e100:  # scale all down before they overflow: only their order matters
            self.activity, self.bump = [a / self.bump for a in self.activity], 1.0
        self.check_budget()
        candidates = {}
        try:
            self.propagate(lines)
            if self.probing and self.unknown():
                if self.nodes == 1:
                    self.method = 'probing'
                candidates = self.probe_all(stop=self.check_budget)
        except Contradiction:
            return 'dead'
        if self.unknown() == 0:
            return 'solved'
        if not candidates:  # probing off, or every cell left skipped: guess in probe order
            return self.probe_order(self, self.grid)[0], None, None
        cell = self.choose_guess(self, self.grid, candidates)
        return (cell, *candidates[cell])

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
        self.stack = []  # per guess: (trail mark, the empty branch still to try, or None)
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
# The worked example: lesson 3's 4x4 puzzle with two solutions, probing off, guesses in reading
# order. A subclass prints each node (what it found, the grid, the trail's length, the stack
# before its own guess is pushed) and each undo. A stack entry shows its mark and the cell
# (row, column, both counted from 0) of its pending empty branch; `-`: both branches entered.

# %% tags=["active-ipynb"]
# from nonogram2d import show_grid
#
# class TracingSearcher(Searcher):
#     """A Searcher that prints what each node found, and the grid after every undo."""
#     def node(self, lines):
#         state = super().node(lines)
#         what = state if isinstance(state, str) else f'guess {state[0]}'
#         stack = ' '.join(f'[{mark}: {"-" if branch is None else branch[0]}]'
#                          for mark, branch in self.stack)
#         print(f'node {self.nodes}: {what:<13} | grid', show_grid(self.grid).replace('\n', '/'),
#               f'| trail {len(self.trail):2} | stack {stack or "(empty)"}')
#         return state
#
#     def undo(self, mark):
#         super().undo(mark)
#         print(f'    undo to {mark:2}:        | grid', show_grid(self.grid).replace('\n', '/'))
#
#
# traced = TracingSearcher([[1, 1], [2], [1], [3]], [[1, 1], [1, 1], [1, 1], [1, 1]],
#                          probing=False, probe_order=reading_order)
# print(f'{len(list(traced.solutions()))} solutions, {traced.nodes} nodes')

# %% [markdown]
# After the first solution the loop undoes to 12 and enters the empty branch of (2, 0); after the
# second it pops mark 12, undoes to 4 and enters the root's empty branch, a dead end. Every undo
# restores the grid in which its mark was taken.
#
# ## The fast entry points
#
# The public functions of lessons 3 and 4 (`propagate`; `solutions`, `solve`, `analyse`), with
# this engine behind them and its options (strategies, skips, budgets) as keywords:

# %%
def solutions(rows, cols, grid=None, **options) -> Iterator[Grid]:
    """Every solution, each once, as a generator of grids (nonoprobe.solutions, faster)."""
    return Searcher(rows, cols, grid, **options).solutions()


def solve(rows, cols, grid=None, **options) -> Grid:
    """The first solution found; raises Contradiction if there is none."""
    for solution in solutions(rows, cols, grid, **options):
        return solution
    raise Contradiction('the puzzle has no solution')


def analyse(rows, cols, grid=None, **options) -> nonoprobe.Verdict:
    """A Verdict as nonoprobe.analyse gives it: none, unique or multiple; line, probing, search."""
    searcher = Searcher(rows, cols, grid, **options)
    found = list(islice(searcher.solutions(), 2))
    return nonoprobe.Verdict(['none', 'unique', 'multiple'][len(found)], searcher.method, found,
                             searcher.nodes, searcher.line_solves, searcher.probes,
                             searcher.seconds())


def propagate(rows, cols, grid=None, **options) -> Grid:
    """The grid at the line-logic fixpoint (a new grid), as nonogram2d.propagate gives it."""
    return [row[:] for row in Propagator(rows, cols, grid, **options).propagate()]


# %% [markdown]
# ## The engine on Forever
#
# `analyse` on Forever (it asks for two solutions): with lesson 4's choices (every probe made,
# `best_last_probe`), then skipping unchanged lines, then with activity (the default).

# %% tags=["active-ipynb"]
# import nonofiles
# forever_rows, forever_cols = nonofiles.read_clues('../puzzles/webpbn-06574.non')
# forever_runs = {"lesson 4's choices": dict(choose_guess=best_last_probe, skip_unchanged=False),
#                 '+ skip unchanged lines': dict(choose_guess=best_last_probe),
#                 '+ activity (the default)': {}}
# forever_verdicts = {name: analyse(forever_rows, forever_cols, **options)
#                     for name, options in forever_runs.items()}
# for name, verdict in forever_verdicts.items():
#     print(f'{name:>24}: {verdict.status}, {verdict.nodes:3} nodes, {verdict.probes:7,} probes,',
#           f'{verdict.line_solves:9,} line solves')
# assert len({str(v.solutions) for v in forever_verdicts.values()}) == 1  # the same answer

# %% [markdown]
# Skipping unchanged lines cuts the probes and line solves to less than half; activity then cuts
# the nodes to about a fifth. Where did the contradictions happen, and the guesses? The figure
# shows the eight lines with the most activity; the cell counts the guesses in the frame.

# %% tags=["active-ipynb"]
# import matplotlib.pyplot as plt
# from nonodraw import draw_grid
#
# guesses = []
# def recorded(engine, grid, candidates):
#     """The default guess strategy, busiest_lines, keeping each cell it chooses in `guesses`."""
#     guesses.append(busiest_lines(engine, grid, candidates))
#     return guesses[-1]
#
# forever = Searcher(forever_rows, forever_cols, choose_guess=recorded)
# found = list(islice(forever.solutions(), 2))
# busiest = sorted(range(50), key=lambda line: -forever.activity[line])[:8]
# print(sum(1 for r, c in guesses if {r, c} & {0, 1, 23, 24}), 'of', len(guesses),
#       'guesses in the frame (the two outermost rows or columns of a side)')
# draw_grid(found[0], forever_rows, forever_cols, numbers=True,
#           changed=[(r, c) for r in range(25) for c in range(25)
#                    if r in busiest or 25 + c in busiest],
#           labels={1: 'filled, on a busy line', 0: 'empty, on a busy line'},
#           title='Forever (webpbn #6574, by Gator): the eight busiest lines in red')
# plt.show()

# %% [markdown]
# Five of the eight busiest lines are the frame's outer columns and its top row; three cross the
# bell. Nearly all guesses went to the frame.
#
# ## What each idea buys
#
# `benchmarks/speed.py` timed sixteen puzzles on one machine: lesson 9's five; eight random 30x30
# pictures (each cell filled with probability 0.5); and three examples of pynogram, an
# open-source solver by Tsionyx, **not shipped** in `puzzles/` (its licence covers its code
# only): *LalaFrogKK* (25x25, from CGI-LAB's list of puzzles its solver could not solve), *MLP*
# (50x59, from habrahabr.ru) and *football* (20x20, from Jasper Van der Jeugt's blog). In
# `benchmarks/results/`, `ablation.csv` switches one idea at a time in the default engine;
# `ideas.csv` adds the ideas one by one to lesson 4's engine.
#
# An idea's factor is the total time without it over the total time with it, all else as in the
# default engine (an idea of the default engine is switched off, a variant that is off by default
# is switched on). Above 1, the idea pays. Runs stop at 10 s and count as 10 s, so a capped run
# without the idea makes its factor a lower bound, one with it an upper bound.

# %% tags=["active-ipynb"]
# from nonobench import draw_factors, idea_measurements
# measured = idea_measurements()  # {idea: (lesson, kept, (seconds, runs over 10 s) without, with)}
# draw_factors(measured, 'What each idea buys: time without it / time with it, 16 puzzles')
# _, _, (seconds, over), (seconds_with, _) = measured['guess where contradictions cluster']
# print(f'Guessing where contradictions cluster: {seconds:.1f} s without it ({", ".join(over)}',
#       f'over the limit), {seconds_with:.1f} s with it')
# plt.show()

# %% [markdown]
# Without probing, half the set runs out of time. Guessing where contradictions cluster comes
# next, mostly thanks to LalaFrogKK: without it, that puzzle runs out of time (printed above),
# and its 10 s are most of the 13.0 s. Then come the memo and the direct solver. No variant off
# by default pays (the queue *last in, first out* runs out of time on one puzzle, so its 0.24 is
# an upper bound). Three rows need a second look:
#
# 1. *The trail* cannot be switched off in the default engine, so its row compares two slow
#    engines of `ideas.csv` (lines as lists, with and without the trail), whose capped runs
#    dominate both totals. Lesson 9 measured the trail alone: it beats copying where probes are
#    many.
# 2. *Skipping unchanged lines* buys little: a skipped probe can be a missed deduction, and on
#    Forever the skip costs nodes.
# 3. *Activity that grows* saves nodes on Forever (55 against 65) but not time on the whole set;
#    it is meant for long searches, to leave behind parts they have finished.
#
# ## What we have learned, and what comes next
#
# - Guessing where lines failed most sends the search where the puzzle is hard.
# - A search on an undo trail keeps its own stack of `(mark, branch still to try)`.
# - A measurement ranks ideas by what each buys on one set of puzzles, not why.
#
# Next, lesson 11 turns a puzzle into a logic formula for a SAT solver, which reasons across many
# lines at once.
#
# ## Exercises
#
# 1. *Predict, then run.* Trace the 2x2 diagonal (`[[1], [1]]` both ways) with `TracingSearcher`
#    and probing off. How many nodes, and how many stack entries at most?
# 2. Analyse Forever with `choose_guess=first_candidate`. How many nodes does it take? Where do
#    its first ten guesses lie (record them as `recorded` does)?
# 3. Compare the nodes of `analyse` on Forever with `activity_growth` at `1.0`, `1.1` and `1.5`.
#    Why can growth change nothing where no line ever fails?
# 4. *Extend.* Give `Searcher` a count of the deepest stack it reaches. How deep does Forever's
#    search go?
