"""Tests of the library module nonostepper: the classroom stepper, move by move."""
import pytest
from hypothesis import given, settings

from nonodraw import changed_cells
from nonogram2d import Engine, pic2gram, propagate
from nonoprobe import Engine as ProbingEngine, analyse, most_known_neighbours
from nonostepper import Step, first_step, line_steps, stepper
from nonovector import Contradiction

from test_nonogram2d import COLS, DIAGONAL, IMPOSSIBLE, PICTURE, ROWS, clues_of, pictures

def test_stepping_to_the_end_equals_propagate():
    for rows, cols in ((ROWS, COLS), clues_of("webpbn-00006.non"), clues_of("webpbn-00023.non")):
        start, presses = stepper(rows, cols), 0
        by_next = start
        while (pressed := by_next.next()).steps != by_next.steps:
            by_next, presses = pressed, presses + 1
        assert pressed.message == "the queue is empty: line logic can decide no more"
        assert by_next.steps == start.fixpoint().steps
        assert by_next.steps[-1].grid == propagate(rows, cols) and presses == len(by_next.steps) - 1
    assert start.steps == (first_step(Engine(rows, cols)),)  # moves never change a Stepper

def test_the_first_steps_and_their_messages():
    moved = stepper(ROWS, COLS).next().next()
    assert [step.line for step in moved.steps] == [None, 0, 1]
    assert moved.steps[-1].changed == [(1, 1)] and moved.message == "row 1: 1 cell decided"

def test_back_undoes_exactly_one_step():
    start = stepper(ROWS, COLS)
    assert start.back().steps == start.steps and start.back().message == "this is the start"
    moved = start.next().next().next()
    assert moved.back().steps == moved.steps[:-1] and moved.back().next().steps == moved.steps
    guessed = stepper(*DIAGONAL).guess(0, 1, 0)
    assert guessed.back().steps == stepper(*DIAGONAL).steps
    stalled = stepper(*clues_of("webpbn-00023.non")).fixpoint()
    probed = next(stalled.probe(r, c) for r in range(11) for c in range(10)
                  if len(stalled.probe(r, c).steps) > len(stalled.steps))
    assert probed.back().steps == stalled.steps

def test_a_guess_sets_the_cell_and_queues_its_lines():
    start = stepper(*DIAGONAL).fixpoint()
    assert start.steps[-1].grid == [[None, None], [None, None]]
    guessed = start.guess(1, 0, 1)
    assert guessed.steps[-1] == Step(None, [(1, 0)], [[None, None], [1, None]], (1, 2))
    assert guessed.message == "guess: (1, 0) filled"
    assert guessed.fixpoint().steps[-1].grid == [[0, 1], [1, 0]]
    assert guessed.guess(1, 0, 0).steps == guessed.steps  # a known cell is not guessed again
    assert guessed.guess(1, 0, 0).message == "cell (1, 0) is known"

def test_a_wrong_guess_stops_at_the_line_that_fails():
    wrong = stepper(ROWS, COLS).guess(0, 0, 1).fixpoint()  # the picture has (0, 0) empty
    assert wrong.message.endswith("cannot hold its clue: go back")
    assert wrong.next().steps == wrong.steps

def test_probing_cell_by_cell_reaches_probe_all():
    rows, cols = clues_of("webpbn-00023.non")  # Edge: line logic decides nothing
    engine = ProbingEngine(rows, cols)
    engine.probe_all(engine.propagate(engine.grid))
    current, progress = stepper(rows, cols).fixpoint(), True
    while progress:
        progress = False
        for r, c in most_known_neighbours(None, current.steps[-1].grid):
            probed = current.probe(r, c)
            if len(probed.steps) > len(current.steps):
                current, progress = probed.fixpoint(), True
    assert current.steps[-1].grid == engine.grid  # solved, as probe_all solves it

def test_a_probe_says_what_each_value_decides():
    probed = stepper([[1], [0]], [[1], [0]]).probe(0, 1)  # one filled cell, at (0, 0)
    assert probed.message == ("probe (0, 1): filled fails, empty decides 4 cells; 4 cells certain")
    assert probed.steps[-1].grid == [[1, 0], [0, 0]]
    undecided = stepper(*DIAGONAL).probe(0, 0)
    assert undecided.steps == stepper(*DIAGONAL).steps
    assert undecided.message.endswith("filled decides 4 cells, empty decides 4 cells; nothing is certain")
    # line logic finds nothing wrong here, probing finds no solution (as analyse does)
    dead = stepper([[1, 2], [1, 1], [1, 1], [1, 1]], [[1, 1], [1, 1], [2], [1, 1], [1]]).fixpoint()
    assert any(dead.probe(r, c).message.endswith("no solution from here: go back")
               for r in range(4) for c in range(5) if dead.steps[-1].grid[r][c] is None)
    assert dead.probe(*next((r, c) for r in range(4) for c in range(5)
                            if dead.steps[-1].grid[r][c] is not None)).message.endswith("is known")

def test_changed_clues_are_checked_and_judged_again():
    start = stepper(ROWS, COLS).next()
    texts = ["3", "2, 1", "3", "2", "3", "1", "3", "1 3", "5", "1"]
    same = start.with_clues(texts).verdict  # the same clues, typed
    assert same.describe() == analyse(ROWS, COLS).describe() and same.solutions == [PICTURE]
    texts[0], texts[5] = "1 1", "0"  # a row and a column changed together keep the totals
    changed = start.with_clues(texts)
    rows, cols = [[1, 1]] + ROWS[1:], [[]] + COLS[1:]
    assert (changed.engine.rows, changed.engine.cols) == (rows, cols)
    assert changed.steps == (first_step(Engine(rows, cols)),)
    assert changed.message == "new clues: every line is queued"
    verdict = analyse(rows, cols)
    assert changed.verdict.describe() == verdict.describe()
    assert changed.verdict.solutions == verdict.solutions

@pytest.mark.parametrize("change, words", [
    ((0, "3 x"), "clues not changed: row 0: a clue is numbers, such as 3 1, not '3 x'"),
    ((6, "[3]"), "clues not changed: column 1: a clue is numbers, such as 3 1, not '[3]'"),
    ((0, "2"), "clues not changed: rows need 13 filled cells but columns need 14"),
    ((1, "4 1"), "clues not changed: row 1: clue [4, 1] needs at least 6 cells but the line has only 5"),
])
def test_bad_clue_text_gives_a_message_not_an_error(change, words):
    start = stepper(ROWS, COLS).next()
    texts = ["3", "2 1", "3", "2", "3", "1", "3", "1 3", "5", "1"]
    texts[change[0]] = change[1]
    answer = start.with_clues(texts)
    assert answer.message == words
    assert answer.steps == start.steps and answer.engine is start.engine


# --- step records ---------------------------------------------------------------------------

def all_lines(height, width):
    return tuple(range(height + width))

@settings(max_examples=60, deadline=None)
@given(pictures)
def test_line_steps_are_propagation_one_line_at_a_time(picture):
    rows, cols = pic2gram(picture)
    engine, counted = Engine(rows, cols), Engine(rows, cols)
    steps = [first_step(engine)] + list(line_steps(engine))
    assert steps[0] == Step(None, [], [[None] * len(cols) for _ in rows], all_lines(len(rows), len(cols)))
    assert steps[-1].grid == counted.propagate(counted.grid) and steps[-1].queue == ()
    assert len(steps) - 1 == counted.line_solves == engine.line_solves
    for before, step in zip(steps, steps[1:]):
        assert step.changed == changed_cells(before.grid, step.grid)
        assert all(step.line in (r, len(rows) + c) for r, c in step.changed)
        assert step.line == before.queue[0]  # first in, first out
    steps[1].grid[0][0] = "scribbled"  # each step has a grid of its own
    assert all(step.grid[0][0] != "scribbled" for step in steps[2:] + steps[:1])

def test_line_steps_name_the_line_that_fails():
    with pytest.raises(Contradiction, match="cannot hold its clue"):
        list(line_steps(Engine(*IMPOSSIBLE)))
