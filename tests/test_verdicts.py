"""The verdict on every puzzle shipped in puzzles/, pinned: lesson 10's engine (status and how far
it had to go; the values are pins, copied from the engine's own output and checked against the
goal where a file has one), lesson 4's teaching engine on those it settles quickly, and lesson
10's SAT solver (status). A puzzle added to puzzles/ must be added here.

These are the freely licensed copies of the shared benchmark set (the personal-use puzzles are
measured by benchmarks/speed.py only, never shipped or tested)."""
from pathlib import Path

import pytest

import nonoengine
import nonofiles
import nonocheck
import nonogram2d
import nonoprobe

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"

# file -> (status, method) of each puzzle in the file, in order: pins of the engine's output
ENGINE_VERDICTS = {
    "boat.png": [("unique", "line")],              # read at 20 cells a side, margins cut
    "gchq2015.non": [("unique", "line")],           # with its 22 givens
    "lighthouse.png": [("unique", "line")],         # read in black and white at 20 cells a side
    "pynogram-hello.non": [("unique", "line")],
    "pynogram-p.non": [("unique", "line")],
    "pynogram-smile.non": [("unique", "probing")],
    "pynogram-w.non": [("unique", "line")],
    "rosetta-nonogram-problems.txt": [("unique", "line")] * 4,
    "rosetta1.non": [("unique", "line")],
    "rosetta2.non": [("unique", "line")],
    "rosetta3.non": [("unique", "line")],
    "rosetta4.non": [("unique", "line")],
    "webpbn-00001.non": [("unique", "line")],       # Dancer
    "webpbn-00006.non": [("unique", "line")],       # Cat
    "webpbn-00016.non": [("unique", "line")],       # Knot
    "webpbn-00021.non": [("unique", "line")],       # Skid
    "webpbn-00023.non": [("unique", "probing")],    # Edge
    "webpbn-00027.non": [("unique", "probing")],    # Bucks
    "webpbn-00065.non": [("unique", "probing")],    # Mum
    "webpbn-00436.non": [("unique", "probing")],    # Petro
    "webpbn-00529.non": [("unique", "line")],       # Swing
    "webpbn-00803.non": [("unique", "probing")],    # Light
    "webpbn-01611.non": [("unique", "probing")],    # Merka
    "webpbn-06574.non": [("unique", "search")],     # Forever
}
# The colour puzzles (lesson 14): (status, method) by the colour engine, pinned the same way.
COLOUR_VERDICTS = {
    "lighthouse.xml": [("unique", "line")],
    "pynogram-apples.xml": [("unique", "line")],    # pbnsolve -u agrees (puzzles/SOURCES.md)
    "pynogram-uk.xml": [("unique", "line")],        # pbnsolve -u agrees
}
# Beyond every solver in Jan Wolter's survey (two solutions each, by puzzles/SOURCES.md): the
# engine must stop at its budget with a SearchLimit, never claim a verdict.
TOO_HARD = ["survey-faase.non", "survey-knotty.non"]


def puzzles_of(name):
    return nonofiles.read_puzzles(PUZZLES / name, picture_size=20)


def test_every_shipped_puzzle_has_a_pinned_verdict():
    shipped = {path.name for path in PUZZLES.iterdir() if path.name != "SOURCES.md"}
    assert shipped == set(ENGINE_VERDICTS) | set(COLOUR_VERDICTS) | set(TOO_HARD)


@pytest.mark.parametrize("name", sorted(ENGINE_VERDICTS))
def test_engine_verdict(name):
    found = []
    for puzzle in puzzles_of(name):
        verdict = nonoengine.analyse(puzzle.rows, puzzle.cols, puzzle.givens, time_limit=120)
        found.append((verdict.status, verdict.method))
        if puzzle.goal is not None:  # the file's own answer, where it has one
            assert verdict.solutions == [puzzle.goal]
    assert found == ENGINE_VERDICTS[name]


@pytest.mark.parametrize("name", TOO_HARD)
def test_too_hard_puzzles_stop_at_the_budget(name):
    (puzzle,) = puzzles_of(name)
    for analyse in (nonoengine.analyse, nonoprobe.analyse):
        with pytest.raises(nonocheck.SearchLimit):
            analyse(puzzle.rows, puzzle.cols, puzzle.givens, time_limit=0.5)


QUICK_FOR_LESSON_4 = [name for name, verdicts in ENGINE_VERDICTS.items()
                       if all(method != "search" for _, method in verdicts)
                       and name != "webpbn-00803.non"]  # Light: about 20 s with this engine


@pytest.mark.parametrize("name", QUICK_FOR_LESSON_4)
def test_lesson_4s_engine_agrees(name):
    """The teaching engine (lesson 2's line solver, probing everything) on the puzzles it settles
    quickly: the same statuses and solutions. (It may settle by probing what the engineered
    engine, which probes less, settles by search; on these it does not.)"""
    for puzzle, (status, method) in zip(puzzles_of(name), ENGINE_VERDICTS[name]):
        verdict = nonoprobe.analyse(puzzle.rows, puzzle.cols, puzzle.givens, time_limit=60)
        assert (verdict.status, verdict.method) == (status, method)


@pytest.mark.parametrize("name", sorted(ENGINE_VERDICTS))
def test_sat_verdict_agrees(name):
    pytest.importorskip("pysat")
    from itertools import islice

    import nonosat

    for puzzle, (status, _) in zip(puzzles_of(name), ENGINE_VERDICTS[name]):
        found = list(islice(nonosat.sat_solutions(puzzle.rows, puzzle.cols, puzzle.givens), 2))
        assert ["none", "unique", "multiple"][len(found)] == status


@pytest.mark.parametrize("name", sorted(COLOUR_VERDICTS))
def test_colour_verdict(name):
    import nonocolour
    import nonocolourfiles

    found = []
    for puzzle in nonocolourfiles.read_colour_puzzles(PUZZLES / name):
        verdict = nonocolour.analyse(puzzle.rows, puzzle.cols, time_limit=120)
        found.append((verdict.status, verdict.method))
        if puzzle.goal is not None:
            assert verdict.solutions == [puzzle.goal]
        if nonosat_available():
            from itertools import islice

            sat = list(islice(nonocolour.colour_sat_solutions(puzzle.rows, puzzle.cols), 2))
            assert sat == verdict.solutions[:len(sat)] and len(sat) == len(verdict.solutions)
    assert found == COLOUR_VERDICTS[name]


def nonosat_available():
    import nonosat

    return nonosat.sat_available()
