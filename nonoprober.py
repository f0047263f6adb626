# %% [markdown]
# # Lesson 9. Probing on the trail, and probing less
#
# Lesson 8 rebuilt line logic on an undo trail, with every line kept as bitmasks and a memo of
# line answers, and tried each unknown cell of a puzzle filled, taking every try back. Lesson 4's
# probing is such a try made both ways, and acted on. By the end of this lesson you will be able
# to
#
# - probe a cell on the trail, reading off the trail what each value decides;
# - skip probes whose outcome can be foreseen, and say why that never loses a solution;
# - measure one change at a time, comparing like with like.
#
# This notebook is the module `nonoprober`.

# %%
"""Lesson 9 (notebooks/nonoprober.ipynb): probing on lesson 8's undo trail (Prober), with two
ways to skip probes: on unchanged lines, and of implied values."""

from nonoprobe import most_known_neighbours
from nonotrail import Propagator
from nonovector import Contradiction

# %% [markdown]
# ## Probing on the trail
#
# A probe is now lesson 8's try: mark, set the cell, propagate, read the trail after the mark,
# undo. The rest is lesson 4's probing, in its order. A cell whose two values both survive but
# agree on nothing is a *candidate* for a guess; `probe_all` returns the candidates with what each
# value decided. It calls `stop()` before each cell's probes: a search passes a function that raises when
# its time is up. Two ideas skip probes whose outcome can be foreseen.
#
# **Unchanged lines** (`skip_unchanged`, on by default). A probe that found nothing certain will
# most likely find nothing again while the cell's row and column are unchanged. So the engine
# keeps a hash of their masks (in `fruitless`) and skips the cell until one changes; a skipped
# candidate stays a candidate. A bet, but no solution is lost: the cell stays unknown. The second
# field of a `fruitless` entry, how much the weaker value decided, is for a search to choose its
# guess.
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
        cell can be neither; calls `stop()` before each cell's probes."""
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
# Five puzzles from Jan Wolter's survey of solvers (webpbn.com), in `puzzles/`, on all of which
# line logic stalls (their pictures, as probing leaves them, are drawn below):
#
# | name | size (rows x columns) | source |
# |---|---|---|
# | Edge | 11x10 | webpbn #23, by Jan Wolter (lesson 3) |
# | Petro | 35x40 | webpbn #436, by Jan Wolter (lesson 7) |
# | Light | 45x50 | webpbn #803, by Robert Kummerfeldt (lesson 8) |
# | Merka | 60x55 | webpbn #1611, by Nancy Snyder |
# | Forever | 25x25 | webpbn #6574, by Gator |
#
# Four engines run line logic, then probing until a round decides nothing (`at_the_root`, from
# the library module `nonobench`): **lesson 4** (with lesson 7's `solve_line`); **trail, lists**
# (`Prober` with that `solve_line`, no memo); **copies** (`Prober` probing as lesson 4 does: copy
# grid and masks, propagate, compare, put the copies back; made by `nonobench.copying_prober`);
# and **trail** (`Prober`), which differs from *copies* in the trail alone. Without skips, all
# four make the same probes and reach the same grid (checked below). `nonobench.time_table`
# prints seconds of processor time (they vary from run to run) and three ratios: above 1, the
# second engine is faster.

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
# The times change from run to run (these cells are not compared when the notebook is re-run),
# but the pattern holds:
#
# - *lesson 4 / lists*, the trail while lines are still lists: about even, a little above or
#   below 1; each line solve pays two conversions that lesson 4 never makes, which eat what the
#   trail saves.
# - *lesson 4 / copies*, masks, the direct solver and the memo together: two to three times
#   faster, or more.
# - *copies / trail*, the trail alone: faster where a probe decides few of the grid's cells (the
#   next cell counts them), about even on Edge.
#
# Why does the trail alone gain more on some puzzles than on others? A copying probe costs the
# whole grid twice (a copy and a comparison); a probe on the trail costs only the cells it undoes.
# A subclass counts those cells; below, each puzzle as probing leaves it (unknown cells grey).

# %% tags=["active-ipynb"]
# from nonodraw import draw_steps
#
#
# class CountingProber(Prober):
#     """A Prober that counts the cells its undos blank (at the root, only probes undo)."""
#     undone = 0
#
#     def undo(self, mark):
#         self.undone += len(self.trail) - mark
#         super().undo(mark)
#
#
# for name, clues in puzzles.items():
#     counted = at_the_root(CountingProber(*clues, **every_probe))
#     print(f'{name:>7}: {counted.height * counted.width:4} cells, {counted.probes:5,} probes,',
#           f'{counted.undone / counted.probes:4.1f} cells undone per probe,',
#           f'{counted.unknown():3} unknown at the end')
# figure = draw_steps([ran[name, 'trail'].grid for name in puzzles], changed=[[]] * 5, columns=5,
#                     size=2.4, titles=[f'{name} (#{number})' for name, number in numbers.items()])

# %% [markdown]
# The trail gains most on Forever: 2,900 probes, each undoing fewer than 7 of its 625 cells,
# where a copying probe copies and compares all 625. Light's and Petro's probes are many too, and
# undo a few per cent of their grids. Merka's probes undo as little, but there are only 50 of
# them. Edge's undo a quarter of its 110 cells, so copying costs hardly more.
#
# ## What the skips save
#
# The probes of *trail* without skips, then skipping unchanged lines (the default), then skipping
# implied values too; these counts are the same on every machine.

# %% tags=["active-ipynb"]
# for name, clues in puzzles.items():
#     probers = [ran[name, 'trail']] + [at_the_root(Prober(*clues, **options))
#                                       for options in ({}, dict(skip_implied=True))]
#     assert all(prober.grid == probers[0].grid for prober in probers)  # the same grid each way
#     print(f'{name:>7}: probes', ' /'.join(f'{prober.probes:6,}' for prober in probers))

# %% [markdown]
# Where probing decides every cell (all but Forever), each fruitless cell's row or column had
# changed by the time its turn came again, so skipping unchanged lines skipped nothing. On
# Forever, where probing stops with 440 cells unknown, it skips a third of the probes. Skipping
# implied values saves a tenth to a quarter of the probes everywhere. All three ways reach the
# same grid (the `assert` checks it).
#
# ## What we have learned, and what comes next
#
# - Probing a cell on the trail tries each value in turn; what a value decided is the trail after
#   the mark, and undoing it costs only those cells.
# - The trail beats copying where probes are many and each decides little of the grid.
# - Probing can skip cells whose lines are unchanged since a fruitless probe, and, if asked,
#   values already implied; neither loses a solution.
#
# Next, lesson 10 builds a search on `Prober`, with its own stack of guesses on the trail, and
# measures what each idea of lessons 8 to 10 buys.
#
# ## Exercises
#
# 1. *Predict, then run.* On lesson 3's 2x2 diagonal, how many probes does
#    `Prober([[1], [1]], [[1], [1]]).probe_all()` make, and which candidates does it return? And
#    with `skip_implied=True`?
# 2. *Prove it.* If supposing A filled decides B empty without a contradiction, supposing B empty
#    cannot contradict. Why does `probe_all` forget the implied values whenever it decides cells?
# 3. *Extend.* In a subclass of `Prober`, count the cells that the unchanged-lines skip passes
#    over (copy `probe_all` and add a counter). On Forever, is twice that count the number of
#    probes the skip saves (2,900 without it, 1,958 with it)? Why could the two differ on another
#    puzzle?
