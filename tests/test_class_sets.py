"""Tests of class sets from the picture library (nonosheets.class_set, library_set,
library_names, and `nonogram --worksheet OUT.pdf --class-set N` with --colours, --random,
--difficulty, --size, --seed)."""
import time
from pathlib import Path

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
    assert main(args) == 2
    err = capsys.readouterr().err
    assert words in err and len(err.strip().splitlines()) == 1


def test_help_documents_library_sets():
    code, out, _ = run("--help")
    assert code == 0
    flat = " ".join(out.split())
    for words in ("--random", "picture library", "keep their own size", "at most K colours"):
        assert words in flat


# --- issue 26: arguments checked at once, the time bounded for any size -----------------------

@pytest.mark.parametrize("count, error", [(0, ValueError), (-1, ValueError), (2.5, TypeError),
                                          ("3", TypeError), (None, TypeError)])
def test_a_wrong_count_is_refused_at_once_by_name(count, error):
    from nonosheets import library_set

    for make in (lambda: class_set(count), lambda: class_set(count, random_pictures=True),
                 lambda: library_set(count)):
        start = time.monotonic()
        with pytest.raises(error, match="count"):
            make()
        assert time.monotonic() - start < 1.0


def test_a_size_beyond_the_readers_limit_is_refused_at_once():
    for size, error in ((20000, ValueError), (1001, ValueError), (0, ValueError),
                        (2.5, TypeError)):
        start = time.monotonic()
        with pytest.raises(error, match="size"):
            class_set(1, size, random_pictures=True)
        assert time.monotonic() - start < 1.0


def test_a_class_set_of_large_pictures_keeps_its_time():
    from nonocheck import SearchLimit

    start = time.monotonic()
    with pytest.raises(SearchLimit, match="could make only 0 of 1"):
        class_set(1, 1000, random_pictures=True, seconds=1.0)
    assert time.monotonic() - start < 1.0 + 4.0  # (before: 8 s and more: a 1000x1000 picture)
    start = time.monotonic()
    with pytest.raises(SearchLimit):
        class_set(2, random_pictures=True, deadline=start - 1)
    assert time.monotonic() - start < 1.0


def test_a_folder_picture_typed_as_text_keeps_to_the_size(tmp_path):
    text = "\n".join("".join("1" if (i // 3 + j // 3) % 2 else "0" for j in range(30))
                     for i in range(30))
    (tmp_path / "checks.txt").write_text(text)
    made = class_set(1, 10, folder=tmp_path, seconds=20)
    assert (made[0].height, made[0].width) == (10, 10)


def test_a_class_set_comes_sorted_by_its_drawn_extent():
    from nonosheets import extent

    for made in (class_set(8, seed=5), class_set(5, colours=4, seed=2),
                 class_set(3, 8, random_pictures=True, seed=1)):
        assert [extent(puzzle) for puzzle in made] == sorted(extent(puzzle) for puzzle in made)
    assert class_set(8, seed=5) == class_set(8, seed=5)


def test_a_colour_class_set_from_a_teacher_s_folder(tmp_path, capsys):
    """From a teacher's tryout: --colours with a folder was refused. Now a folder's PNG and
    JPEG pictures become colour puzzles (nonocolourfiles.image_puzzle), and those with one
    solution by the asked difficulty make the set; one with several solutions is skipped, named."""
    import shutil

    from PIL import Image, ImageDraw

    from nonocolourfiles import ColourPuzzle
    from nonosheets import class_set
    shutil.copy(Path(__file__).resolve().parent.parent / "puzzles" / "lighthouse.png",
                tmp_path / "lighthouse.png")
    flag = Image.new("RGB", (120, 80), (255, 255, 255))
    draw = ImageDraw.Draw(flag)
    draw.rectangle((0, 0, 59, 39), fill=(200, 0, 0))
    draw.rectangle((60, 40, 119, 79), fill=(0, 0, 200))
    flag.save(tmp_path / "flag.png")
    (tmp_path / "notes.txt").write_text("0/1 text has no colours: not a colour picture\n")
    made = class_set(2, 20, "line", folder=tmp_path, colours=6, seconds=60)
    assert sorted(puzzle.title for puzzle in made) == ["flag", "lighthouse"]
    assert all(isinstance(puzzle, ColourPuzzle) and puzzle.goal for puzzle in made)
    out = tmp_path / "colour.pdf"
    assert main(["--worksheet", str(out), "--class-set", "2", str(tmp_path), "--colours", "6",
                 "--size", "20", "--no-sat"]) == 0
    assert out.read_bytes().startswith(b"%PDF")
    assert capsys.readouterr().out.splitlines()[-1].startswith(f"worksheet: {out}")
