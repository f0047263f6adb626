"""Tests of lesson 12 (nonosat): the race of the engine and SAT, its Answer, and the names that
stay importable from nonosat (lesson 11's clauses and the library module nonoprocess)."""
import importlib.util
import time
from pathlib import Path

import pytest


import nonoclauses
import nonoengine
import nonoprocess
import nonosat
import nonovector
from nonocheck import PuzzleError
from nonofiles import read_clues
from nonosat import Answer, find_solutions
from nonovector import line2blocks

from nonotools_helpers import dying_sat, slow_sat
from test_nonoprocess import no_child_left  # noqa: F401 (a fixture: no child process left alive)

requires_sat = pytest.mark.skipif(importlib.util.find_spec("pysat") is None,
                                  reason="the optional package python-sat is not installed")
PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
DIAGONAL = ([[1], [1]], [[1], [1]])


# --- the names other files use ------------------------------------------------------------------

@pytest.mark.parametrize("name", [
    "sat_solutions", "puzzle_cnf", "puzzle_lines", "next_state", "clue_tokens", "live_states",
    "helper_clauses", "automaton_clauses", "allowed_values", "states_within"])
def test_lesson_10_names_stay_importable_from_nonosat(name):
    assert getattr(nonosat, name) is getattr(nonoclauses, name)


@pytest.mark.parametrize("name", [
    "EncodingTooBig", "sat_available", "sat_process_main", "cap_address_space", "SAT_MISSING",
    "SAT_BASE_BYTES", "BYTES_PER_STATE", "SatProcess"])
def test_process_names_stay_importable_from_nonosat(name):
    assert getattr(nonosat, name) is getattr(nonoprocess, name)


def test_the_race_settings():
    assert nonosat.ENGINE_SECONDS == 0.1 and nonosat.RACE_SAT_BYTES == 56 * 2 ** 20


# --- the race ------------------------------------------------------------------------------

def test_answer_status_says_only_what_is_known():
    def answer(found, finished, count=2):
        return Answer([[[1]]] * found, finished, "engine", 0.0, count)
    assert answer(0, True).status == "none" and answer(0, True).complete
    assert answer(1, True).status == "unique" and answer(1, True).complete
    assert answer(2, True).status == "multiple" and not answer(2, True).complete
    assert answer(2, False).status == "multiple"            # two are enough to know
    assert answer(1, False).status == "unknown" and answer(0, False).status == "unknown"
    assert answer(1, True, count=1).status == "unknown"     # one asked for, one found
    assert answer(3, True, count=5).complete


def test_the_engine_answers_before_sat_joins():
    rows, cols = read_clues(PUZZLES / "webpbn-00001.non")
    answer = find_solutions(rows, cols)
    assert (answer.status, answer.part, answer.method, answer.finished) == (
        "unique", "engine", "line", True)
    assert answer.sat_joined is None and answer.sat_note == "" and answer.complete


class SlowSearcher(nonoengine.Searcher):
    """Lesson 10's engine, slowed down: a hundredth of a second per line solve."""
    def solve_line(self, line):
        time.sleep(0.01)
        return super().solve_line(line)


@requires_sat
@pytest.mark.usefixtures("no_child_left")
def test_sat_wins_the_race_against_a_slow_engine():
    rows, cols = read_clues(PUZZLES / "webpbn-06574.non")
    answer = find_solutions(rows, cols, engine=SlowSearcher, engine_seconds=0.05, timeout=60)
    assert (answer.status, answer.part, answer.finished) == ("unique", "SAT", True)
    assert answer.solutions == [nonoengine.solve(rows, cols)]
    assert 0.05 <= answer.sat_joined < answer.seconds


@requires_sat
@pytest.mark.usefixtures("no_child_left")
def test_the_engine_wins_the_race_and_sat_is_stopped():
    rows, cols = read_clues(PUZZLES / "webpbn-06574.non")  # about a second of search
    answer = find_solutions(rows, cols, sat=slow_sat, engine_seconds=0)
    assert (answer.status, answer.part, answer.method) == ("unique", "engine", "search")
    assert answer.sat_joined is not None and answer.sat_note == "the engine answered first"


@requires_sat
@pytest.mark.usefixtures("no_child_left")
def test_a_sat_process_that_dies_is_a_part_that_lost():
    rows, cols = read_clues(PUZZLES / "webpbn-06574.non")
    answer = find_solutions(rows, cols, sat=dying_sat, engine_seconds=0)
    assert (answer.status, answer.part) == ("unique", "engine")
    assert answer.sat_note == "stopped unexpectedly (exit code -9)"
    rows, cols = read_clues(PUZZLES / "survey-knotty.non")  # beyond both in a second
    answer = find_solutions(rows, cols, sat=dying_sat, engine_seconds=0, timeout=1)
    assert (answer.status, answer.part) == ("unknown", "engine and SAT")
    assert answer.sat_note.startswith("stopped unexpectedly")
    alone = find_solutions(rows, cols, sat=dying_sat, use_engine=False, timeout=5)
    assert (alone.status, alone.finished, alone.sat_note) == (
        "unknown", False, "stopped unexpectedly (exit code -9)")


@requires_sat
def test_a_formula_that_would_not_fit_leaves_the_engine_alone():
    rows, cols = read_clues(PUZZLES / "webpbn-06574.non")
    answer = find_solutions(rows, cols, engine_seconds=0, sat_memory=8 * 2 ** 20)
    assert (answer.status, answer.part) == ("unique", "engine")
    assert answer.sat_note == "not started: the formula would need more than the 8 MB SAT may use"
    alone = find_solutions(rows, cols, use_engine=False, sat_memory=8 * 2 ** 20, timeout=30)
    assert (alone.status, alone.sat_note) == ("unknown", answer.sat_note)


@requires_sat
def test_sat_alone_and_the_count():
    answer = find_solutions(*DIAGONAL, count=10, use_engine=False)
    assert (answer.status, answer.part, answer.complete) == ("multiple", "SAT", True)
    assert sorted(answer.solutions) == [[[0, 1], [1, 0]], [[1, 0], [0, 1]]]
    assert find_solutions([[2], []], [[2], []], use_engine=False).status == "none"
    in_a_child = find_solutions(*DIAGONAL, count=10, use_engine=False, timeout=30)
    assert sorted(in_a_child.solutions) == sorted(answer.solutions) and in_a_child.complete


def test_engine_alone_with_a_timeout_gives_up_cleanly():
    rows, cols = read_clues(PUZZLES / "survey-knotty.non")
    answer = find_solutions(rows, cols, use_sat=False, timeout=0.3)
    assert (answer.status, answer.part, answer.finished) == ("unknown", "engine", False)
    assert answer.seconds < 5


@requires_sat
@pytest.mark.usefixtures("no_child_left")
def test_the_timeout_bounds_the_race():
    rows, cols = read_clues(PUZZLES / "survey-knotty.non")
    start = time.perf_counter()
    answer = find_solutions(rows, cols, timeout=1.0, engine_seconds=0.1)
    assert time.perf_counter() - start < 3
    assert (answer.status, answer.part, answer.finished) == ("unknown", "engine and SAT", False)
    assert answer.sat_joined >= 0.1 and answer.sat_note


def test_without_python_sat_the_engine_works_alone(monkeypatch):
    monkeypatch.setattr(nonosat, "sat_available", lambda: False)
    rows, cols = read_clues(PUZZLES / "survey-knotty.non")
    answer = find_solutions(rows, cols, timeout=0.5, engine_seconds=0.1)
    assert answer.part == "engine" and answer.seconds >= 0.4  # the engine had the whole timeout
    assert answer.sat_joined is None
    with pytest.raises(ImportError, match="python-sat"):
        find_solutions(*DIAGONAL, use_engine=False)


@pytest.mark.parametrize("options, error, words", [
    ({"count": 0}, ValueError, "count must be a whole number from 1 to"),
    ({"count": 2.5}, ValueError, "count must be"),
    ({"timeout": -1}, ValueError, "timeout must be at least 0"),
    ({"engine_seconds": "x"}, TypeError, "engine_seconds must be a number"),
    ({"sat_memory": 1.5}, TypeError, "sat_memory must be"),
    ({"memory": "1 GB"}, TypeError, "memory must be"),
    ({"memory": -1}, ValueError, "memory must be at least 0"),
    ({"use_engine": False, "use_sat": False}, ValueError, "cannot both be False"),
])
def test_bad_options_are_named(options, error, words):
    with pytest.raises(error, match=words):
        find_solutions(*DIAGONAL, **options)


def test_a_malformed_puzzle_is_a_puzzle_error_before_anything_runs():
    with pytest.raises(PuzzleError, match="rows need"):
        find_solutions([[1], [1]], [[1], []])


@requires_sat
def test_a_race_that_runs_out_keeps_every_solution_found():
    rows, cols = read_clues(PUZZLES / "survey-faase.non")  # two solutions, beyond both in 2 s
    answer = find_solutions(rows, cols, timeout=2, count=3)
    assert not answer.finished and answer.status in ("unknown", "multiple")
    assert all(solution_fits(rows, cols, grid) for grid in answer.solutions)


@requires_sat
@pytest.mark.usefixtures("no_child_left")
def test_listing_very_many_solutions_keeps_to_the_timeout():
    """The race used to merge SAT's solutions into the engine's one by one against a list
    (quadratic): with count=10**9 and timeout 3 on this 12x12 puzzle (12! solutions, every row
    and column one cell), it returned after 16 s."""
    rows = cols = [[1]] * 12
    start = time.perf_counter()
    answer = find_solutions(rows, cols, count=10 ** 9, timeout=3)
    assert time.perf_counter() - start < 3 + 4  # (generous: a busy machine)
    assert not answer.finished and len(answer.solutions) > 100
    assert len({repr(grid) for grid in answer.solutions}) == len(answer.solutions)
    assert all(solution_fits(rows, cols, grid) for grid in answer.solutions[::97])


@requires_sat
def test_the_whole_budget_gives_sat_what_this_process_leaves(monkeypatch):
    given = []
    monkeypatch.setattr(nonosat, "race", lambda *args: given.append(args[9]) or "raced")
    monkeypatch.setattr(nonosat, "sat_answer", lambda *args: given.append(args[6]) or "alone")
    MB = 2 ** 20
    big = nonoprocess.mapped_bytes() + 1024 * MB  # (this process counts in the budget)
    assert find_solutions(*DIAGONAL, memory=big) == "raced"
    assert find_solutions(*DIAGONAL, memory=big, use_engine=False) == "alone"
    raced, alone = given
    share = nonoprocess.sat_share  # (this process may map a little more by now)
    assert abs(raced - share(big, True)) < 16 * MB and abs(alone - share(big, False)) < 16 * MB
    assert 800 * MB < raced < alone < 1024 * MB  # most of it: not a fixed share
    find_solutions(*DIAGONAL, memory=big, sat_memory=8 * MB)  # said outright, sat_memory wins
    assert given[-1] == 8 * MB
    find_solutions(*DIAGONAL)  # no budget: the race's share, as before
    assert given[-1] == nonosat.RACE_SAT_BYTES


@requires_sat
@pytest.mark.usefixtures("no_child_left")
def test_sat_refused_in_its_first_share_starts_again_when_the_engine_searches(monkeypatch):
    """SAT first gets at most RACE_SAT_BYTES (a small tree where line logic or probing settles);
    if it refuses its formula there, it gets its whole share once the engine searches."""
    monkeypatch.setattr(nonosat, "RACE_SAT_BYTES", 8 * 2 ** 20)  # (Forever's formula: more)
    rows, cols = read_clues(PUZZLES / "webpbn-06574.non")  # the engine must search
    started = []
    again = nonoprocess.SatProcess.again
    monkeypatch.setattr(nonoprocess.SatProcess, "again",
                        lambda child, memory: started.append(memory) or again(child, memory))
    answer = find_solutions(rows, cols, engine_seconds=0, memory=nonoprocess.mapped_bytes()
                            + 1024 * 2 ** 20, engine=SlowerSearcher, timeout=60)
    assert started and started[0] > 500 * 2 ** 20  # its whole share, after the refusal
    assert (answer.status, answer.part) == ("unique", "SAT")


class SlowerSearcher(nonoengine.Searcher):
    """Lesson 10's engine without probing (it searches at once), slowed down: a thousandth of a
    second per line solve."""
    def __init__(self, *args, **options):
        super().__init__(*args, probing=False, **options)

    def solve_line(self, line):
        time.sleep(0.001)
        return super().solve_line(line)


@requires_sat
def test_a_small_budget_leaves_sat_too_little_for_a_big_formula():
    rows, cols = read_clues(PUZZLES / "webpbn-06574.non")
    alone = find_solutions(rows, cols, use_engine=False, memory=40 * 2 ** 20, timeout=30)
    assert alone.status == "unknown" and alone.sat_note.startswith("not started")
    roomy = nonoprocess.mapped_bytes() + 300 * 2 ** 20  # (this process counts in the budget)
    assert find_solutions(rows, cols, use_engine=False, memory=roomy, timeout=30).status == "unique"


def solution_fits(rows, cols, grid):
    return ([line2blocks(row) for row in grid] == [nonovector.normalize_clue(c) for c in rows]
            and [line2blocks(col) for col in zip(*grid)] == [nonovector.normalize_clue(c) for c in cols])


@pytest.mark.parametrize("timeout", [float("inf"), 1e308, 10 ** 20, 5e9])
@pytest.mark.parametrize("use_engine", [True, False])
def test_a_time_limit_beyond_any_run_is_no_limit(timeout, use_engine, no_child_left):
    """An infinite or astronomically long timeout used to overflow the system's waits."""
    rows, cols = read_clues(PUZZLES / "webpbn-00001.non")
    answer = find_solutions(rows, cols, timeout=timeout, use_engine=use_engine, engine_seconds=0)
    assert answer.status == "unique"
