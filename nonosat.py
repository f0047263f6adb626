# %% [markdown]
# # Lesson 11. A race of the engine and SAT
#
# Lesson 10 measured lesson 9's engine against SAT: SAT was faster where the engine is slow (it
# must search, or probes long, as on Light), the engine everywhere else, even where line logic
# leaves SAT nothing to solve. We cannot tell in advance which kind a puzzle is, but a machine has
# more than one core: we can run both and take the first answer. By the end of this lesson you
# will be able to
#
# - write a *race* of two *parts*: the engine starts, SAT joins it after a head start on another
#   core, the first to answer wins, and the other is stopped;
# - give the race's result as data (an `Answer`) that names the part that answered, and says
#   what became of the other;
# - explain the three practical matters of a race: stopping a part, sharing memory, and a part
#   that gives up.
#
# This notebook is the module `nonosat`. Without the optional package `python-sat`, the engine
# works alone. The race's plumbing (a child process, memory caps, checking options) is in lesson
# 10's library module `nonoprocess`.

# %%
"""The race of the engine and SAT: find_solutions returns an Answer. Lesson 11 of the nonogram
tutorial. Names of lesson 10 (nonoclauses) and of nonoprocess are importable from here too."""

import time
from dataclasses import dataclass, field
from itertools import islice

import nonoengine
import nonoprocess
from nonocheck import SearchLimit
from nonoclauses import sat_solutions
from nonoprocess import SAT_MISSING, SatProcess, sat_available

# Other files import these names from here: lesson 10's clauses, and nonoprocess's plumbing.
from nonoclauses import (allowed_values, automaton_clauses, clue_tokens,  # noqa: F401
                         helper_clauses, live_states, next_state, puzzle_cnf, puzzle_lines,
                         states_within)
from nonoprocess import (BYTES_PER_STATE, SAT_BASE_BYTES, EncodingTooBig,  # noqa: F401
                         cap_address_space, sat_process_main)

# %% [markdown]
# ## The idea
#
# The engine starts. If it has not finished after a head start of `engine_seconds` (a tenth of a
# second by default), SAT starts beside it, in a child process, on another core. The first part
# to answer wins, and the other is stopped. The head start spares the many puzzles that the
# engine settles at once a second process; after it, a puzzle costs about the time of the faster
# part. And when the engine wins, its answer says more: how the puzzle can be solved (line by
# line, with probing, or only by guessing).
#
# `find_solutions` returns an `Answer`: the solutions found (at most `count`), whether the search
# finished, which part answered, when SAT joined and what became of it, the engine's method and
# work, and the time. Its `status` is `'none'`, `'unique'` or `'multiple'` when the answer is
# known, else `'unknown'`: the time ran out first, or, with `count=1`, a solution was found (one
# does not tell unique from multiple).

# %%
ENGINE_SECONDS = 0.1  # the engine's head start, in seconds, before SAT joins the race
RACE_SAT_BYTES = 56 * 2 ** 20  # the memory SAT may use in a race unless told otherwise


@dataclass
class Answer:
    """What find_solutions found: the solutions (at most `count`, the most asked for);
    `finished`, True if the search ended by itself or by reaching `count`, False if the time ran
    out; which `part` answered ('engine' or 'SAT'; when neither did, those that ran, as 'engine
    and SAT'); the seconds in all; `sat_joined`, the seconds after which SAT joined the race
    (None if it never ran beside the engine); `sat_note`, what became of SAT if it gave up or
    was refused; and the engine's method and work (when the engine ran)."""
    solutions: list = field(repr=False)
    finished: bool
    part: str
    seconds: float
    count: int
    sat_joined: float | None = None
    sat_note: str = ''
    method: str | None = None
    nodes: int | None = None
    line_solves: int | None = None
    probes: int | None = None

    @property
    def status(self) -> str:
        """'none', 'unique' or 'multiple' when known; else 'unknown' (the time ran out, or
        `count` was reached first: with count=1, one solution found)."""
        if len(self.solutions) >= 2:
            return 'multiple'
        if self.finished and len(self.solutions) < self.count:
            return ['none', 'unique'][len(self.solutions)]
        return 'unknown'

    @property
    def complete(self) -> bool:
        """Is every solution of the puzzle in `solutions`?"""
        return self.finished and len(self.solutions) < self.count

# %% [markdown]
# Each part alone first. The engine (lesson 9's `Searcher`, or any class like it) gives up to
# `count` solutions within a time limit; SAT alone (lesson 10's `sat_solutions`, or any generator
# like it) runs in this process when nothing needs enforcing, else in a child process.

# %%
def engine_answer(rows, cols, grid, count, time_limit, engine=nonoengine.Searcher,
                  **options) -> Answer:
    """Up to `count` solutions by the engine within `time_limit` seconds."""
    searcher = engine(rows, cols, grid, time_limit=time_limit, **options)
    found, finished = [], True
    try:
        for solution in searcher.solutions():
            found.append(solution)
            if len(found) == count:
                break
    except SearchLimit:
        finished = False
    return Answer(found, finished, 'engine', searcher.seconds(), count, method=searcher.method,
                  nodes=searcher.nodes, line_solves=searcher.line_solves, probes=searcher.probes)


def sat_answer(rows, cols, grid, count, timeout, sat=sat_solutions, memory=None) -> Answer:
    """Up to `count` solutions by SAT alone within `timeout` seconds and `memory` bytes."""
    start = time.perf_counter()
    if timeout is None and memory is None:  # nothing to enforce: no child process needed
        found = list(islice(sat(rows, cols, grid), count))
        return Answer(found, True, 'SAT', time.perf_counter() - start, count)
    child = SatProcess(rows, cols, grid, count, sat, memory)
    try:
        child.start()
        child.wait(timeout)
    finally:
        child.stop()
    return Answer(child.found, child.outcome == 'done', 'SAT', time.perf_counter() - start,
                  count, sat_note=child.note('out of time'))

# %% [markdown]
# ## Three practical matters
#
# - **Stopping.** CaDiCaL, once solving, cannot be interrupted from inside Python (python-sat's
#   `interrupt()` stops some of its solvers, not CaDiCaL). So SAT runs in a child process, which
#   we can kill, and which sends back each solution as it finds it; a child process also gets a
#   hard memory limit of its own. `nonoprocess.SatProcess(rows, cols, grid, count, sat, memory)`
#   has `start()`, `poll()` (read what has arrived, never waiting), `wait(seconds)`, `stop()`,
#   what it has `found`, its `outcome` (`'done'` once SAT has answered), `joined` (when it started;
#   None before) and `note(otherwise)` (what became of it, in words). The engine's queue strategy
#   (lesson 9's `first_in_first_out_on_time`) checks the clock every 64 line solves; at those
#   checks the race starts SAT once the head start is over, reads what SAT has sent, and stops
#   the engine when SAT has answered. The child is killed when the race ends.
# - **Memory** (MB here means 2\*\*20 bytes). On a wide-open grid SAT's formula needs hundreds
#   of MB (estimated below as `SAT_BASE_BYTES` plus `BYTES_PER_STATE` a state; `nonoprocess`
#   names the benchmark files that check the estimate). So in a race SAT gets a share,
#   `RACE_SAT_BYTES` unless `sat_memory` says otherwise: it counts its live states before
#   building anything, and if the formula would not fit, it does not start. The share is also
#   the child's hard limit. It is what is left of the project's goal (checked by
#   `benchmarks/race.py`), 100 MB for the race's processes together, once the engine's process
#   (an interpreter, the modules, lesson 8's memo of at most `MEMO_BYTES`) and the child's
#   interpreter are counted.
# - **Giving up.** A part gives up when it runs out of time or memory, or dies: not an error. The
#   other part goes on; if it gives up too, the answer says what became of both.
#
# Below: the child process alone on the 2x2 diagonal (rows `[1], [1]`, columns `[1], [1]`, two
# solutions); the race's sizes; and the formula of a random 100x100 picture filled at 60% (lesson
# 4's `random_picture`; several solutions).

# %% tags=["active-ipynb"]
# import nonogram2d
# import nonoprobe
# import nonotrail
#
# diagonal_rows, diagonal_cols = [[1], [1]], [[1], [1]]
# child = SatProcess(diagonal_rows, diagonal_cols, None, 10, sat_solutions)
# child.start()
# print('ended:', child.wait(30), '| outcome:', child.outcome, '| found:', child.found)
# child.stop()
# MB = 2 ** 20
# print(f'SAT share in a race: {RACE_SAT_BYTES / MB:.0f} MB; the engine\'s memo at most '
#       f'{nonotrail.MEMO_BYTES / MB:.0f} MB; the head start {ENGINE_SECONDS} s; a formula: '
#       f'{SAT_BASE_BYTES / MB:.0f} MB and {BYTES_PER_STATE} bytes a state')
# big_rows, big_cols = nonogram2d.pic2gram(nonoprobe.random_picture(100, 100, 0.6, seed=1))
# after = nonoengine.propagate(big_rows, big_cols)
# cell_var, lines, numbers = puzzle_lines(big_rows, big_cols, after)
# clauses, open_cells = sum(map(len, lines)), sum(row.count(None) for row in after)
# states = next(numbers) - 1 - open_cells
# print(f'random 100x100: line logic leaves {open_cells:,} of 10,000 cells open; {states:,} states,'
#       f' {clauses:,} clauses: about {nonoprocess.formula_bytes(states) / MB:.0f} MB')

# %% [markdown]
# ## The race
#
# `racing_strategy` is the engine's queue strategy with the race in it; `race` runs the engine
# with it, waits for SAT if the engine gave up, and writes the `Answer`: the engine's if it
# finished, SAT's if SAT did, else whatever both found, naming both.

# %%
def racing_strategy(child, start, engine_seconds):
    """A queue strategy for the engine in a race: lesson 9's (which checks the budgets every 64
    line solves), which at those checks also starts SAT's `child` process once the head start is
    over, and stops the engine (SearchLimit) when SAT has answered."""
    def next_line(engine, queue):
        if engine.line_solves % 64 == 0:
            if child.joined is None and time.perf_counter() - start >= engine_seconds:
                child.start()
            if child.poll() and child.outcome == 'done':
                raise SearchLimit('SAT answered first', engine.nodes, engine.seconds(), [])
        return nonoengine.first_in_first_out_on_time(engine, queue)
    return next_line


def race(rows, cols, grid, count, timeout, engine, child, start, engine_seconds) -> Answer:
    """The engine in this process, with SAT's `child` (a SatProcess) started after
    `engine_seconds`."""
    answer = Answer([], False, 'engine', 0.0, count)  # (if the engine runs out of memory)
    with nonoprocess.engine_out_of_memory(child):
        answer = engine_answer(rows, cols, grid, count, timeout, engine,
                               next_line=racing_strategy(child, start, engine_seconds))
    if not answer.finished and child.joined is not None:
        left = None if timeout is None else timeout - (time.perf_counter() - start)
        child.wait(left if left is None or left > 0 else 0)
    child.poll()  # (what it has sent meanwhile)
    answer.sat_joined = child.joined and child.joined - start
    if answer.finished:
        answer.sat_note = child.note('the engine answered first')
        return answer
    seconds = time.perf_counter() - start
    if child.outcome == 'done':
        return Answer(child.found, True, 'SAT', seconds, count, answer.sat_joined,
                      method=answer.method, nodes=answer.nodes, line_solves=answer.line_solves,
                      probes=answer.probes)
    answer.seconds = seconds
    answer.sat_note = child.note('out of time')
    answer.part = 'engine' if child.joined is None else 'engine and SAT'
    answer.solutions += [s for s in child.found if s not in answer.solutions]
    del answer.solutions[count:]
    return answer

# %% [markdown]
# `find_solutions` checks its options, picks the parts (`use_engine=False` or `use_sat=False`
# keeps one alone; without python-sat the engine works alone), and runs the race, stopping the
# child process whatever happens.

# %%
def find_solutions(rows, cols, grid=None, *, count=2, timeout=None,
                   engine_seconds=ENGINE_SECONDS, use_engine=True, use_sat=True,
                   engine=nonoengine.Searcher, sat=sat_solutions, sat_memory=None) -> Answer:
    """Up to `count` solutions by a race: the engine starts, and SAT joins it after
    `engine_seconds`; the first part to finish answers. `timeout` bounds the whole. `engine`:
    a class like nonoengine.Searcher; `sat`: a generator like sat_solutions, defined at the top
    level of a module; `sat_memory`: bytes SAT may use (None: RACE_SAT_BYTES in a race, no limit
    alone)."""
    engine(rows, cols, grid)  # checks the puzzle: PuzzleError before any work
    count, timeout, engine_seconds, sat_memory = nonoprocess.check_race_options(
        count, timeout, engine_seconds, sat_memory, use_engine, use_sat)
    start = time.perf_counter()
    if not use_engine:
        if not sat_available():
            raise ImportError(SAT_MISSING)
        return sat_answer(rows, cols, grid, count, timeout, sat, sat_memory)
    if not (use_sat and sat_available()):
        return engine_answer(rows, cols, grid, count, timeout, engine)
    child = SatProcess(rows, cols, grid, count, sat, sat_memory or RACE_SAT_BYTES)
    try:
        return race(rows, cols, grid, count, timeout, engine, child, start, engine_seconds)
    finally:
        child.stop()

# %% [markdown]
# ## The race, four ways
#
# These demonstrations are rigged to come out the same on any machine:
#
# - Jan Wolter's webpbn #1 (*Dancer*, 10x5), which line logic settles at once: the race is over
#   before the head start ends, and SAT never joins.
# - Lesson 9's *Forever* (webpbn #6574, 25x25), with the engine slowed down on purpose, a
#   hundredth of a second per line solve (a subclass, passed in as `engine`): SAT wins, with the
#   engine's picture.
# - The random 100x100 picture: its formula would not fit SAT's share, so SAT, when it joins,
#   does not start, and the engine answers alone (the second line shows SAT alone, with the
#   same share, refusing it: in the race the refusal comes some tenths of a second after the
#   head start, and whether before the engine's answer depends on the machine).
# - *Knotty* (40x40, by Joe Cooke, from Jan Wolter's survey sample set), which neither part
#   settles in a second: with one second, the answer is unknown, and names both parts.

# %% tags=["active-ipynb"]
# from pathlib import Path
#
# import nonofiles
#
# PUZZLES = Path('..') / 'puzzles'   # the notebooks run in notebooks/
#
#
# def show_answer(answer):
#     """The facts of an Answer, without its timings."""
#     joined = ('SAT joined' if answer.sat_joined is not None else
#               'SAT alone, no race' if answer.part == 'SAT' else 'SAT never joined')
#     return (f'status {answer.status}, {len(answer.solutions)} solution(s), finished '
#             f'{answer.finished}, answered by {answer.part}; {joined}'
#             + (f'; SAT {answer.sat_note}' if answer.sat_note else ''))
#
#
# class SlowSearcher(nonoengine.Searcher):
#     """Lesson 9's engine, slowed down: a hundredth of a second per line solve."""
#     def solve_line(self, line):
#         time.sleep(0.01)
#         return super().solve_line(line)
#
#
# dancer_rows, dancer_cols = nonofiles.read_clues(PUZZLES / 'webpbn-00001.non')
# print('Dancer:        ', show_answer(find_solutions(dancer_rows, dancer_cols)))
# forever_rows, forever_cols = nonofiles.read_clues(PUZZLES / 'webpbn-06574.non')
# slowed = find_solutions(forever_rows, forever_cols, engine=SlowSearcher)
# print('slowed Forever:', show_answer(slowed), '| the same picture:',
#       slowed.solutions == [nonoengine.solve(forever_rows, forever_cols)])
# big = find_solutions(big_rows, big_cols)
# print('random 100x100:', f'status {big.status}, answered by {big.part}')
# refused = find_solutions(big_rows, big_cols, use_engine=False, sat_memory=RACE_SAT_BYTES)
# print('  SAT alone, with the same share:', f'status {refused.status}; SAT {refused.sat_note}')
# knotty_rows, knotty_cols = nonofiles.read_clues(PUZZLES / 'survey-knotty.non')
# knotty = find_solutions(knotty_rows, knotty_cols, timeout=1)
# print('Knotty, 1 s:   ', f'status {knotty.status}, finished {knotty.finished}, by {knotty.part}')

# %% [markdown]
# On the diagonal, asking for up to ten solutions, the answer is complete with two, whether
# the race or SAT alone gives it:

# %% tags=["active-ipynb"]
# print(show_answer(find_solutions(diagonal_rows, diagonal_cols, count=10)))
# print(show_answer(find_solutions(diagonal_rows, diagonal_cols, count=10, use_engine=False)))

# %% [markdown]
# ## The race, measured
#
# `benchmarks/race.py` ran every puzzle that lesson 10 measured, a few more from the same sources,
# and seeded random pictures from 10x10 to 100x100 (filled at 50% and 60%), each three ways as
# whole processes: the engine alone, SAT alone, and the race, each with a time limit. It followed
# the memory of the whole process tree, and wrote `benchmarks/results/race.csv`. Each point is a
# puzzle that some way answered: the race's time against the faster part alone. The dashed line
# is the project's goal (set in `benchmarks/race.py`): at most 1.3 times the faster part plus
# 0.15 s, the price of a second process.

# %% tags=["active-ipynb"]
# every_run = nonoprocess.race_rows()   # race.csv, the times as numbers
# published = [r for r in every_run if not r['puzzle'].startswith('random')]
# print(f'{len(every_run)} puzzles: {len(published)} published, '
#       f'{len(every_run) - len(published)} random')
# nonoprocess.draw_race(every_run, ratio=1.3, slack=0.15)   # (matplotlib, in nonoprocess)
# raced = [r for r in every_run if r['faster'] is not None]   # some way answered
# over = [r for r in raced if r['time_ok'] != 'True']
# print(f'{len(raced)} of {len(every_run)} some way answered; the race within the goal on '
#       f'{len(raced) - len(over)} of those; not on:')
# for r in over:
#     print(f'  {r["puzzle"]}: SAT alone {float(r["sat_seconds"]):.1f} s with a tree of '
#           f'{float(r["sat_tree_peak_mb"]):.0f} MB; the race {r["race_verdict"].split(" (")[0]}'
#           f', SAT {r["race_verdict"].split("SAT: ")[-1].split(";")[0]}')
# print(f'the largest process tree: {max(float(r["race_tree_peak_mb"]) for r in every_run):.0f} MB '
#       f'in the race, {max(float(r["sat_tree_peak_mb"]) for r in every_run):.0f} MB by SAT alone')

# %% [markdown]
# Where the engine wins, the race costs little: most puzzles never start a second process. Where SAT
# wins, the race pays for the head start and a second process: its points lie above `y = x`, below
# the goal. The two red points are races that gave up at the time limit (20 s, printed above), so
# they are over the goal wherever they lie, the one just below the dashed line too. SAT alone
# settled both, but with a process tree about as large as the race's whole 100 MB: in the race their
# formula did not fit SAT's share, SAT did not start, and the engine could not finish alone. The
# answer's `sat_note` says so: a user may try SAT alone, with more memory. The race's own tree
# stayed under 100 MB on every puzzle; SAT alone took several times that on some.
#
# ## What we have learned, and what comes next
#
# - A race runs two parts that win on different puzzles: the engine starts, SAT joins after a
#   head start, the first answer wins, the other is stopped.
# - `find_solutions` returns an `Answer`: its status, the part that answered, when SAT joined
#   and what became of it.
# - The head start keeps easy puzzles cheap; the memory share keeps the race within a budget, at
#   the price of a few puzzles that only SAT with more memory settles.
#
# Next, lesson 12 leaves black and white: lines whose blocks have colours, and a line solver for
# them.
#
# ## Exercises
#
# 1. *Predict, then run.* With `engine_seconds=0`, does SAT join the race on Dancer? What does
#    `sat_note` say? Run `find_solutions(dancer_rows, dancer_cols, engine_seconds=0)`.
# 2. Race the slowed engine on Forever with head starts of 0, 0.5 and 2 seconds. Predict first:
#    the key is the check interval (SAT can start only when the engine checks the clock, every 64
#    line solves: about 0.64 s for the slowed engine). Which part answers, and when?
# 3. *Prove it.* The engine alone takes `e` seconds, SAT alone `s`; starting SAT costs nothing;
#    the engine checks the clock at least every `d` seconds. Show that with a head start `h` the
#    race takes at most `min(e, h + s + 2d)`. The bound is smallest at `h = 0`: what does it leave
#    out, that makes a tenth of a second the default? (Look at lesson 10's green points.)
# 4. *Extend.* Give `Answer` a field `sat_seconds`, SAT's time before the race ended (None if it
#    never joined); set it in `race`, and print it for the slowed Forever.
