# %% [markdown]
# # Lesson 12. A race of the engine and SAT
#
# Lesson 11 measured lesson 10's engine against SAT: SAT was faster where the engine must search
# or probe long, the engine everywhere else. We cannot tell in advance which kind a puzzle is, but
# a machine has more than one core: we can run both. By the end of this lesson you will be able to
#
# - write a *race* of two *parts*: the engine starts, SAT joins it after a head start, the first
#   to answer wins, and the other is stopped;
# - give the race's result as an `Answer` that names the part that answered and says what became
#   of the other;
# - handle the three practical matters of a race: stopping a part, sharing memory, and a part
#   that gives up.
#
# This notebook is the module `nonosat`. Without the optional package `python-sat`, the engine
# works alone. The race's plumbing (a child process, memory caps) is in the library module
# `nonoprocess`. The names it uses from earlier lessons: lesson 10's engine (`nonoengine`, its
# `Searcher`), lesson 11's SAT (`nonoclauses`: `sat_solutions`, `puzzle_lines`), lesson 4's
# `random_picture` (`nonoprobe`), and `SearchLimit`, which an engine raises when its time runs
# out (lesson 4; defined in the library module `nonocheck`).

# %%
"""Lesson 12 of the nonogram tutorial: a race of the engine and SAT (find_solutions)."""

import time
from dataclasses import dataclass, field
from itertools import islice

import nonoengine
import nonoprocess
from nonocheck import SearchLimit, check_callable, check_has
from nonoclauses import puzzle_lines, sat_solutions  # noqa: F401 (puzzle_lines: a demo uses it)
from nonoprocess import SAT_MISSING, SatProcess, sat_available

# Not used in this lesson: names that other files import from nonosat.
from nonoclauses import (allowed_values, automaton_clauses, clue_tokens,  # noqa: F401
                         helper_clauses, live_states, next_state, puzzle_cnf, states_within)
from nonoprocess import (BYTES_PER_STATE, SAT_BASE_BYTES, EncodingTooBig,  # noqa: F401
                         cap_address_space, sat_process_main)

# %% [markdown]
# ## The idea
#
# The engine starts. If it has not finished after a head start of `engine_seconds` (a tenth of a
# second by default), SAT *joins* it: it starts in a child process, on another core. The first
# part to answer wins, and the other is stopped. The head start spares SAT's work on the many
# puzzles that the engine settles at once; after it, a puzzle costs about the time of the faster
# part. Starting a Python and loading the solver takes a moment too, so the child's process is
# *spawned* after a quarter of the head start: its start overlaps the engine's.
#
# `find_solutions` returns an `Answer`: the `solutions` found (at most `count`); whether the
# search `finished` (by itself or on reaching `count`); the `part` that answered (`'engine'` or
# `'SAT'`; when no part answered, `'engine'` if SAT never joined, else `'engine and SAT'`); the `seconds`; `sat_joined`, the seconds after which SAT joined (None
# if it never did); `sat_note`, what became of SAT; and the engine's method (line logic, probing
# or search) and work. Its `status` is `'none'`, `'unique'` or `'multiple'`, or `'unknown'` when
# no part finished (the time ran out, or a part refused its formula or ran out of memory and the
# other did not answer), or when `count=1` and one solution was found.

# %%
ENGINE_SECONDS = 0.1  # the engine's head start, in seconds, before SAT joins the race
RACE_SAT_BYTES = 56 * 2 ** 20  # SAT's first share of the memory in a race (see below)


@dataclass
class Answer:
    """What find_solutions found (the fields are described above)."""
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
        """'none', 'unique' or 'multiple' when known; else 'unknown'."""
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
# ## Three practical matters
#
# - **Stopping.** CaDiCaL (lesson 11's solver), once solving, cannot be interrupted from inside Python. So SAT runs in
#   a child process, which we can kill, and which sends back each solution as it finds it:
#   `nonoprocess.SatProcess(rows, cols, grid, count, sat, memory)`. `spawn()` starts its Python,
#   which loads the solver and waits; `start()` spawns it if need be and sends the job, `poll()`
#   reads what has arrived without waiting (true once SAT has ended), `wait(seconds)` waits (true
#   if SAT ended), `stop()` kills it; `process` is the child (None before `spawn()`), `memory` its
#   share, `found` its solutions, `outcome` `'done'` once SAT has answered (`'too big'` if it
#   refused its formula), `joined` when it started (None before), and `note(otherwise)` says
#   what became of it (`''` if it never joined, `otherwise` if it was stopped or still runs).
# - **Memory** (MB: 2\*\*20 bytes). On a grid that line logic leaves mostly unknown, SAT's formula
#   needs hundreds of MB (`nonoprocess.formula_bytes(states)` estimates it: 16 MB plus 1,000
#   bytes per automaton state). The user gives the race a budget, `memory`, for the whole tree
#   of processes; SAT's *share* is what this process leaves of it, with room for the engine to
#   grow (`nonoprocess.sat_share`; without a budget, `RACE_SAT_BYTES`; `sat_memory` sets the
#   share outright). SAT counts its states before building anything and *refuses* a formula
#   estimated not to fit (its note: `not started`); its memory is also the child's hard limit.
#   SAT first gets at most `RACE_SAT_BYTES` (56 MB), so that puzzles that line logic or probing
#   settles keep a small tree; if it refuses that, it starts again (`child.again(share)`) with
#   its whole share once the engine has to search.
# - **Giving up.** A part gives up when it runs out of time or memory, or dies: not an error. The
#   other part goes on; if it gives up too, the answer says what became of both.
#
# ## Each part alone
#
# `engine_answer` runs the engine (lesson 10's `Searcher`, or any class like it) within a time
# limit; `sat_answer` runs SAT alone (lesson 11's `sat_solutions`, or any generator like it) in
# this process when there is no limit to enforce, else in a child process.

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
    count, timeout, _, memory = nonoprocess.check_race_options(count, timeout, None, memory,
                                                               False, True)
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
# Below: the child process alone on the 2x2 diagonal (rows `[1], [1]`, columns `[1], [1]`: two
# solutions), and the formula of a random 100x100 picture filled at 60% (lesson 4's
# `random_picture`).

# %% tags=["active-ipynb"]
# import nonogram2d
# import nonoprobe
#
# diagonal_rows, diagonal_cols = [[1], [1]], [[1], [1]]
# child = SatProcess(diagonal_rows, diagonal_cols, None, 10, sat_solutions)
# child.start()
# print('ended:', child.wait(30), '| outcome:', child.outcome, '| found:', child.found)
# child.stop()
# big_rows, big_cols = nonogram2d.pic2gram(nonoprobe.random_picture(100, 100, 0.6, seed=1))
# after = nonoengine.propagate(big_rows, big_cols)
# unknown = sum(row.count(None) for row in after)
# _, lines, numbers = puzzle_lines(big_rows, big_cols, after)
# clauses = sum(map(len, lines))  # (building them numbers the states)
# states = next(numbers) - 1 - unknown  # the variables: the unknown cells, then the states
# print(f'random 100x100: {unknown:,} cells unknown after line logic; {states:,} states, '
#       f'{clauses:,} clauses: about {nonoprocess.formula_bytes(states) / 2 ** 20:.0f} MB; '
#       f'SAT\'s share in a race: {RACE_SAT_BYTES / 2 ** 20:.0f} MB')

# %% [markdown]
# ## The race
#
# The engine checks the clock every 64 line solves (lesson 10's queue strategy
# `first_in_first_out_on_time`). `racing_strategy` adds the race to those checks: SAT's process is
# spawned, then SAT joins once the head start is over (and starts again with its whole share if
# it refused its first), and the engine stops when SAT has answered. `race` runs the engine with
# it, waits for SAT if the engine gave up, and writes the `Answer`: the engine's if it finished,
# SAT's if SAT did, else whatever both found, each solution once (a set of those seen keeps the
# merge fast when there are very many). (`nonoprocess.engine_out_of_memory`: if the engine runs
# out of memory after SAT joined, the race waits for SAT instead of failing.)

# %%
def racing_strategy(child, start, engine_seconds, share=None):
    """Lesson 10's queue strategy, which at its checks also spawns SAT's `child` after a quarter
    of the head start, starts it once the head start is over, starts it again with its whole
    `share` of the memory if it refused its formula and the engine has to search, and stops the
    engine (SearchLimit) when SAT has answered."""
    def next_line(engine, queue):
        if engine.line_solves % 64 == 0:
            elapsed = time.perf_counter() - start
            if child.process is None and elapsed >= engine_seconds / 4:
                child.spawn()  # its Python loads the solver meanwhile
            if child.joined is None and elapsed >= engine_seconds:
                child.start()
            refused = child.outcome == 'too big' and share is not None and share > child.memory
            if refused and engine.method == 'search':
                child.again(share)
            if child.poll() and child.outcome == 'done':
                raise SearchLimit('SAT answered first', engine.nodes, engine.seconds(), [])
        return nonoengine.first_in_first_out_on_time(engine, queue)
    return next_line


def race(rows, cols, grid, count, timeout, engine, child, start, engine_seconds,
         share=None) -> Answer:
    """The engine in this process, with SAT's `child` (a SatProcess) joining after
    `engine_seconds`; `share`: the most memory SAT may get (None: the child's own)."""
    count, timeout, engine_seconds, share = nonoprocess.check_race_options(
        count, timeout, engine_seconds, share, True, True)
    check_callable('engine', engine)
    check_has('child', child, 'poll', 'wait', 'stop')
    answer = Answer([], False, 'engine', 0.0, count)  # (if the engine runs out of memory)
    with nonoprocess.engine_out_of_memory(child):
        answer = engine_answer(rows, cols, grid, count, timeout, engine,
                               next_line=racing_strategy(child, start, engine_seconds, share))
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
    seen = {tuple(map(tuple, solution)) for solution in answer.solutions}  # (a set: fast)
    answer.solutions += [s for s in child.found if tuple(map(tuple, s)) not in seen]
    del answer.solutions[count:]
    return answer

# %% [markdown]
# `find_solutions` checks its options, picks the parts (`use_engine=False` or `use_sat=False`
# keeps one alone), and runs the race, stopping the child process whatever happens.

# %%
def find_solutions(rows, cols, grid=None, *, count=2, timeout=None,
                   engine_seconds=ENGINE_SECONDS, use_engine=True, use_sat=True,
                   engine=nonoengine.Searcher, sat=sat_solutions, sat_memory=None,
                   memory=None) -> Answer:
    """Up to `count` solutions by a race: the engine starts, and SAT joins it after
    `engine_seconds`; the first part to finish answers. `timeout` bounds the whole. `engine`:
    a class like nonoengine.Searcher; `sat`: a generator like sat_solutions, defined at the top
    level of a module (the child process imports it by name); `memory`: bytes the whole process
    tree may use (SAT gets what this process leaves: nonoprocess.sat_share); `sat_memory`: bytes
    SAT may use, if said (None: from `memory`; without it, RACE_SAT_BYTES in a race, no limit
    alone)."""
    called = time.perf_counter()
    engine(rows, cols, grid)  # checks the puzzle: PuzzleError before any work
    count, timeout, engine_seconds, sat_memory = nonoprocess.check_race_options(
        count, timeout, engine_seconds, sat_memory, use_engine, use_sat, memory)
    start = time.perf_counter()
    if timeout is not None:  # the check's time counts (on a huge puzzle, most of a second)
        timeout = max(0.0, timeout - (start - called))
    if not use_engine:
        if not sat_available():
            raise ImportError(SAT_MISSING)
        return sat_answer(rows, cols, grid, count, timeout, sat, sat_memory)
    if not (use_sat and sat_available()):
        return engine_answer(rows, cols, grid, count, timeout, engine)
    share = sat_memory or RACE_SAT_BYTES
    child = SatProcess(rows, cols, grid, count, sat, min(share, RACE_SAT_BYTES))
    try:
        return race(rows, cols, grid, count, timeout, engine, child, start, engine_seconds, share)
    finally:
        child.stop()

# %% [markdown]
# ## The race, four ways
#
# Rigged to come out the same on any machine:
#
# - Jan Wolter's webpbn #1 (*Dancer*, 10x5), which line logic settles at once: SAT never joins.
# - Lesson 10's *Forever* (webpbn #6574, 25x25), with the engine slowed down on purpose to a
#   hundredth of a second per line solve: SAT wins.
# - The random 100x100 picture: SAT refuses its formula, and the engine answers. (Whether SAT
#   joins, and refuses, before the engine answers depends on the machine, so the race's line
#   shows only the answer; the second line shows SAT alone, with the same share, refusing.)
# - *Knotty* (40x40, by Joe Cooke, from Jan Wolter's survey sample set), which neither part
#   settles in a second: the answer is unknown, naming both parts.

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
#     joined = 'SAT joined' if answer.sat_joined is not None else 'SAT never joined'
#     return (f'status {answer.status}, answered by {answer.part}; {joined}'
#             + (f'; SAT {answer.sat_note}' if answer.sat_note else ''))
#
#
# class SlowSearcher(nonoengine.Searcher):
#     """Lesson 10's engine, slowed down: a hundredth of a second per line solve."""
#     def solve_line(self, line):
#         time.sleep(0.01)
#         return super().solve_line(line)
#
#
# dancer_rows, dancer_cols = nonofiles.read_clues(PUZZLES / 'webpbn-00001.non')
# print('Dancer:        ', show_answer(find_solutions(dancer_rows, dancer_cols)))
# forever_rows, forever_cols = nonofiles.read_clues(PUZZLES / 'webpbn-06574.non')
# slowed = find_solutions(forever_rows, forever_cols, engine=SlowSearcher,
#                         timeout=60)  # (without python-sat: the slowed engine alone, cut at 60 s)
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
# ## The race, measured
#
# `benchmarks/race.py` ran lesson 11's puzzles, a few more, and random pictures from 10x10 to
# 100x100, each three ways as whole processes (the `nonogram` command, whose memory budget is
# 1024 MB unless told) with a time limit of 60 s, on an otherwise idle two-core machine: the
# engine alone, SAT alone, and the race, following the memory of the whole process tree. Each point is a puzzle
# that some way answered: the race's time against the faster part alone. The dashed line is the
# goal this project sets itself: at most 1.3 times the faster part plus 0.15 s, allowing for the
# price of a second process.

# %% tags=["active-ipynb"]
# every_run = nonoprocess.race_rows()   # benchmarks/results/race.csv, the times as numbers
# nonoprocess.draw_race(every_run, ratio=1.3, slack=0.15)   # (matplotlib, in nonoprocess)
# nonoprocess.show_race(every_run)   # (the counts this section speaks of)

# %% [markdown]
# Where the engine wins (blue), the race costs little: its points lie on `y = x` or just above.
# Where SAT wins (orange), the race pays for the head start and for sharing the machine with the
# engine, most on the quickest puzzles, where the head start is a larger part of the time (points
# of either colour just below `y = x` are timing noise between separate runs); the printed lines
# say how many points are within the goal, and name any that are not. The race answered every puzzle that
# some part answered, the random 50x50 pictures included, where SAT needs its whole share of the
# memory; where line logic or probing settled the puzzle, the tree stayed small (its largest is
# printed).
#
# ## What we have learned, and what comes next
#
# - A race runs two parts that win on different puzzles: the first answer wins, the other is
#   stopped.
# - `find_solutions` returns an `Answer`: its status, the part that answered, and what became of
#   SAT.
# - The head start keeps easy puzzles cheap; SAT's share of the memory keeps the race within the
#   user's budget.
#
# Next, lesson 13 leaves black and white: lines whose blocks have colours.
#
# ## Exercises
#
# 1. *Predict, then run.* With `engine_seconds=0`, does SAT join the race on Dancer? What does
#    `sat_note` say? Run `find_solutions(dancer_rows, dancer_cols, engine_seconds=0)`.
# 2. Race the slowed engine on Forever with head starts of 0, 0.5 and 2 seconds. Predict first
#    (the engine checks every 64 line solves: about 0.64 s when slowed): which part answers, and
#    when does SAT join?
# 3. *Prove it.* The engine alone takes `e` seconds, SAT alone `s`; starting SAT costs nothing;
#    the engine checks the clock at least every `d` seconds. Show that with a head start `h` the
#    race takes at most `min(e, h + s + 2d)`. What does the bound leave out that favours `h > 0`?
# 4. *Extend.* Give `Answer` a field `sat_seconds`, SAT's time before the race ended (None if it
#    never joined); set it in `race`; print it for the slowed Forever.
