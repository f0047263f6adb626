"""Tests of class sets from the picture library (nonosheets.class_set, library_set,
library_names, and `nonogram --worksheet OUT.pdf --class-set N` with --colours, --random,
--difficulty, --size, --seed)."""
import time

import pytest

import nonocolour
import nonoengine
import nonopictures
from nonocheck import NonogramError
from nonocolourfiles import ColourPuzzle
from nonocommand import main
from nonofiles import Puzzle
from nonosheets import class_set, library_names

from nonotools_helpers import run


def verdict_of(puzzle):
    analyse = nonocolour.analyse if isinstance(puzzle, ColourPuzzle) else nonoengine.analyse
    return analyse(puzzle.rows, puzzle.cols, puzzle.givens)


@pytest.mark.parametrize("difficulty", ["line", "probing"])
def test_a_library_set_is_reproducible_distinct_titled_and_as_hard_as_asked(difficulty):
    made = class_set(6, difficulty=difficulty, seed=3)
    assert made == class_set(6, difficulty=difficulty, seed=3)
    assert made != class_set(6, difficulty=difficulty, seed=4)
    titles = [puzzle.title for puzzle in made]
    assert len(set(titles)) == 6 and set(titles) <= set(nonopictures.names(colour=False))
    for puzzle in made:
        assert type(puzzle) is Puzzle and puzzle.goal == nonopictures.picture(puzzle.title)
        verdict = verdict_of(puzzle)
        assert verdict.status == "unique" and verdict.method == difficulty


def test_a_colour_set_takes_colour_pictures_of_at_most_k_colours():
    made = class_set(5, colours=3, seed=1)
    assert all(type(puzzle) is ColourPuzzle and len(puzzle.colours) <= 3 for puzzle in made)
    assert {puzzle.title for puzzle in made} <= set(nonopictures.names(colour=True))
    assert all(verdict_of(puzzle).method == "line" for puzzle in made)
    assert {len(puzzle.colours) for puzzle in class_set(10, colours=5, seed=1)} > {3}
    assert {puzzle.title for puzzle in class_set(14, colours=32)} == set(
        nonopictures.names(colour=True))
    for wrong in (1, 2.5, "3"):
        with pytest.raises(ValueError, match="colours must be a whole number at least 2"):
            class_set(2, colours=wrong)


def test_size_chooses_pictures_that_keep_their_own_size():
    small = library_names(seed=0, size=11)
    assert small and set(small) < set(library_names(seed=0))
    assert all(max(len(grid), len(grid[0])) <= 11
               for grid in map(nonopictures.picture, small))
    assert sorted(library_names(seed=1)) == sorted(library_names(seed=2))
    assert library_names(seed=1) != library_names(seed=2)


def test_too_few_library_pictures_is_refused_at_once_in_one_line():
    start = time.monotonic()
    with pytest.raises(NonogramError) as refused:
        class_set(10, difficulty="search")
    assert time.monotonic() - start < 3
    message = str(refused.value)
    assert "\n" not in message
    assert message.startswith("the library has 0 black-and-white pictures that need search, "
                              "fewer than 10 (")
    assert "that line logic alone solves" in message and message.endswith("--random makes more")
    with pytest.raises(NonogramError, match="colour pictures of at most 4 colours that need "
                                            "probing, fewer than 2"):
        class_set(2, difficulty="probing", colours=4)
    with pytest.raises(NonogramError, match=r"black-and-white pictures of at most 10x10 that "
                                            r"need probing, fewer than 10 \(\d+ that line logic "
                                            r"alone solves, 0 that need search\); a larger --size, "
                                            r"or --random, makes more$"):
        class_set(10, 10, "probing")


def test_random_pictures_and_folders_do_not_mix_with_the_library_options(tmp_path):
    with pytest.raises(ValueError, match="do not go together"):
        class_set(2, random_pictures=True, folder=tmp_path)
    with pytest.raises(ValueError, match="colours choose the library"):
        class_set(2, random_pictures=True, colours=3)
    made = class_set(2, 6, random_pictures=True)
    assert [(puzzle.height, puzzle.width) for puzzle in made] == [(6, 6)] * 2
    assert all(puzzle.title.startswith("random picture 0/") for puzzle in made)


def test_the_command_makes_a_colour_class_set(tmp_path, capsys):
    out = tmp_path / "colour.pdf"
    assert main(["--worksheet", str(out), "--class-set", "3", "--colours", "4",
                 "--seed", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    titles = [line.split(". ", 1)[1].rsplit(": ", 1)[0] for line in lines[:3]]
    assert set(titles) <= set(nonopictures.names(colour=True)) and out.exists()
    assert all(line.endswith(": line logic alone") for line in lines[:3])
    assert lines[3].startswith(f"worksheet: {out} (")


def test_the_command_refuses_what_the_library_cannot_give(tmp_path, capsys):
    start = time.monotonic()
    code = main(["--worksheet", str(tmp_path / "x.pdf"), "--class-set", "10",
                 "--difficulty", "search"])
    captured = capsys.readouterr()
    assert code == 2 and time.monotonic() - start < 3 and not (tmp_path / "x.pdf").exists()
    assert captured.out == "" and len(captured.err.splitlines()) == 1
    assert captured.err.startswith("nonogram: the library has 0 black-and-white pictures that "
                                   "need search")


@pytest.mark.parametrize("args, words", [
    (["--random", "a.non"], "--random goes with --class-set"),
    (["--worksheet", "x.pdf", "--class-set", "2", "--random", "folder"], "do not go together"),
    (["--worksheet", "x.pdf", "--class-set", "2", "--colours", "3", "--random"],
     "chooses library pictures"),
    (["--worksheet", "x.pdf", "--class-set", "2", "--colours", "1"], "from 2 to 32"),
])
def test_command_usage_errors_of_library_sets(args, words, capsys):
    with pytest.raises(SystemExit) as stop:
        main(args)
    assert stop.value.code == 2 and words in capsys.readouterr().err


def test_help_documents_library_sets():
    code, out, _ = run("--help")
    assert code == 0
    flat = " ".join(out.split())
    for words in ("--random", "picture library", "keep their own size", "at most K colours"):
        assert words in flat
