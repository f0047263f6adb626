"""Tests of the library module nonoclassroom: the classroom stepper's moves (without a browser),
its numbering from 1, its probe preview, and the puzzle chooser."""
import subprocess
import sys

import pytest

from nonoclassroom import (DEFAULT, Lesson, cell_label, lesson, library_choices, line_label,
                           puzzle_choices, shipped_choices, skipped_note)
from nonogram2d import propagate
from nonostepper import first_step, stepper

from test_nonogram2d import COLS, DIAGONAL, IMPOSSIBLE, PICTURE, ROWS, clues_of


def presses(start: Lesson) -> list[Lesson]:
    """start, then start.next(), ... until next adds no step."""
    seen = [start]
    while len((moved := seen[-1].next()).steps) > len(seen[-1].steps):
        seen.append(moved)
    return seen


def test_importing_is_silent_and_loads_no_widgets():
    code = ("import sys, nonoclassroom; print(sorted(m for m in ('ipywidgets', 'IPython', "
            "'matplotlib', 'numpy') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout == "[]\n" and done.stderr == ""


def test_lines_and_cells_are_numbered_from_1():
    assert line_label(10, 0) == "row 1" and line_label(10, 9) == "row 10"
    assert line_label(10, 10) == "column 1" and line_label(10, 16) == "column 7"
    assert cell_label(2, 6) == "row 3, column 7"
    first = lesson(ROWS, COLS).next()
    assert first.step.line == 0 and first.message == "row 1 decides 1 cell"


def test_next_skips_lines_that_decide_nothing_and_counts_them():
    rows, cols = clues_of("webpbn-00001.non")
    plain = stepper(rows, cols)  # nonostepper: one press per line, deciding or not
    for before, after in zip(presses(lesson(rows, cols)), presses(lesson(rows, cols))[1:]):
        assert after.step.changed or after.step.queue == ()  # a step decides something...
        skipped = 0
        while True:  # ...and equals nonostepper's presses, the empty ones counted
            plain = plain.next()
            if plain.steps[-1].changed or not plain.steps[-1].queue:
                break
            skipped += 1
        mine, theirs = after.step, plain.steps[-1]
        assert (mine.changed, mine.grid, mine.queue) == (theirs.changed, theirs.grid, theirs.queue)
        assert mine.line == (theirs.line if theirs.changed else None)  # None: lines used up
        assert after.message.endswith(skipped_note(skipped))
    assert after.grid == propagate(rows, cols)
    third = lesson(rows, cols).next().next().next()
    assert third.message == "row 9 decides 1 cell (skipped 4 lines that decided nothing)"
    assert skipped_note(1) == " (skipped 1 line that decided nothing)" and skipped_note(0) == ""


def test_a_queue_of_lines_that_decide_nothing_becomes_one_step():
    rows, cols = clues_of("webpbn-00023.non")  # Edge: line logic decides nothing at all
    moved = lesson(rows, cols).next()
    assert moved.message == "no line decides anything more (skipped 21 lines that decided nothing)"
    assert len(moved.steps) == 2 and moved.step.queue == () and moved.step.changed == []
    again = moved.next()
    assert again.steps == moved.steps
    assert again.message == "the queue is empty: line logic can decide no more"


def test_to_the_end_is_line_logic_and_the_verdict_says_solved():
    start = lesson(ROWS, COLS)
    assert start.verdict == "not finished: 10 lines queued, 25 cells unknown"
    end = start.to_the_end()
    assert end.grid == PICTURE and end.steps == presses(start)[-1].steps
    assert end.verdict == "solved: every cell is decided"


def test_a_probe_is_previewed_then_applied_or_cancelled():
    start = lesson(ROWS, COLS)
    shown = start.probe(0, 1)
    assert shown.message == ("probe row 1, column 2: filled decides 25 cells, empty fails; "
                             "25 cells certain (blue): apply, or cancel")
    assert shown.steps == start.steps and shown.grid == start.grid  # nothing applied yet
    assert shown.preview.grid == PICTURE and shown.probed == (0, 1)
    assert len(shown.preview.changed) == 25
    colours = shown.colours()
    assert colours[0][1][1].startswith("5px solid")  # the probed cell, outlined
    assert {fill for row in colours for fill, _ in row} == {"#1f5fbf", "#b8d4f5"}  # all blue
    applied = shown.apply()
    assert applied.steps == start.steps + (shown.preview,) and applied.preview is None
    assert applied.message == "applied: row 1, column 2 is filled, 25 cells set"
    assert applied.verdict == "solved: every cell is decided"
    assert shown.click(0, 1).steps == applied.steps  # a second click on the cell applies it
    cancelled = shown.cancel()
    assert cancelled.steps == start.steps and cancelled.preview is None
    assert cancelled.message == "probe cancelled"
    assert shown.back().steps == start.steps and shown.back().preview is None
    assert shown.next().preview is None  # another move discards the preview
    other = shown.click(1, 1)  # a click elsewhere probes that cell instead
    assert other.probed == (1, 1) and other.message.startswith("probe row 2, column 2:")
    assert start.apply().message == "nothing to apply: click a grey cell to probe it"
    assert start.cancel().message == "nothing to cancel"


def test_a_probe_of_a_known_cell_or_that_decides_nothing():
    solved = lesson(ROWS, COLS).to_the_end()
    assert solved.probe(0, 0).message == "row 1, column 1 is known: click an unknown (grey) cell"
    undecided = lesson(*DIAGONAL).probe(0, 0)
    assert undecided.preview is None and undecided.steps == lesson(*DIAGONAL).steps
    assert undecided.message.endswith("nothing is certain")


def test_the_verdict_needs_a_guess_or_a_probe():
    stuck = lesson(*DIAGONAL).to_the_end()
    assert stuck.verdict == ("needs a guess: neither line logic nor a probe of any cell decides "
                             "more (4 cells unknown)")
    edge = lesson(*clues_of("webpbn-00023.non")).to_the_end()
    assert edge.verdict.startswith("line logic is stuck (110 cells unknown): a probe decides more")
    r, c = edge.useful_probe()
    assert edge.probe(r, c).preview is not None


def test_a_guess_is_a_step_and_a_wrong_one_ends_in_a_contradiction():
    start = lesson(ROWS, COLS)
    guessed = start.guess(0, 0, 1)  # the picture has (0, 0) empty
    assert guessed.message == "guess: row 1, column 1 filled"
    assert guessed.step.changed == [(0, 0)] and guessed.grid[0][0] == 1
    assert guessed.step.queue == start.step.queue  # its row and column were queued already
    wrong = guessed.to_the_end()
    assert wrong.verdict.startswith("contradiction: ")
    assert wrong.verdict.endswith("cannot hold its clue")
    assert wrong.back().failed is None and wrong.back().steps == wrong.steps
    assert guessed.guess(0, 0, 0).message == ("row 1, column 1 is known: "
                                              "click an unknown (grey) cell")
    right = lesson(*DIAGONAL).to_the_end().guess(1, 0, 1)
    assert right.step.queue == (1, 2) and right.to_the_end().verdict.startswith("solved")
    with pytest.raises(ValueError, match=r"value must be 1 \(filled\) or 0 \(empty\), not 2"):
        start.guess(0, 0, 2)


def test_a_contradiction_is_the_verdict_until_back():
    failed = lesson(*IMPOSSIBLE).to_the_end()
    assert failed.failed and failed.message.endswith("cannot hold its clue")
    assert failed.verdict == f"contradiction: {failed.failed}"
    assert re_numbered(failed.failed)
    assert failed.next().message.endswith(": press back")
    assert failed.back().failed is None
    # probing finds no solution where line logic finds nothing wrong
    dead = lesson([[1, 2], [1, 1], [1, 1], [1, 1]], [[1, 1], [1, 1], [2], [1, 1], [1]]).to_the_end()
    found = [dead.probe(r, c) for r in range(4) for c in range(5) if dead.grid[r][c] is None]
    assert any(move.verdict.startswith("contradiction: row ")
               and move.verdict.endswith("can be neither filled nor empty") for move in found)
    with pytest.raises(ValueError, match="r must be a whole number from 0 to 3, not 4"):
        dead.probe(4, 0)
    with pytest.raises(ValueError, match="c must be a whole number from 0 to 4, not -1"):
        dead.probe(0, -1)


def re_numbered(name: str) -> bool:
    """Whether a failed line's name uses the numbering from 1 (row 1 .. row n)."""
    word, number = name.split()[:2]
    return word in ("row", "column") and int(number) >= 1


def test_givens_are_on_the_board_from_the_start():
    puzzle = next(entry for entry in shipped_choices() if entry.label.startswith("gchq2015.non"))
    rows, cols, givens = puzzle.load()
    start = lesson(rows, cols, givens)
    assert start.grid == givens and start.steps[0] == first_step(start.engine)
    assert start.to_the_end().verdict == "solved: every cell is decided"


def test_the_chooser_lists_the_shipped_puzzles_once_each():
    labels = [entry.label for entry in shipped_choices()]
    assert labels[0].startswith("gchq2015.non: GCHQ Director's Christmas puzzle 2015")
    assert "webpbn-00001.non: Demo Puzzle from Front Page (10x5)" in labels
    assert any(label.startswith(DEFAULT) for label in labels)
    # the Rosetta file holds rosetta1-4.non's puzzles: listed once, from the .non files
    assert not any(label.startswith("rosetta-nonogram-problems.txt") for label in labels)
    assert not any(label.startswith(("survey-faase", "webpbn-00529")) for label in labels)  # > 40
    assert not any(label.startswith("lighthouse.xml") for label in labels)  # colour
    rows, cols, givens = next(entry for entry in shipped_choices()
                              if entry.label.startswith("webpbn-00023.non")).load()
    assert (rows, cols, givens) == (*clues_of("webpbn-00023.non"), None)


def test_the_chooser_lists_the_shipped_files_found_in_a_folder(tmp_path):
    (tmp_path / "small.non").write_text("title Tiny\nrows\n1\n0\ncolumns\n1\n0\n")
    (tmp_path / "notes.md").write_text("not a puzzle")
    (tmp_path / "broken.non").write_text("rows\nx\n")
    assert [entry.label for entry in shipped_choices(tmp_path)] == ["small.non: Tiny (2x2)"]
    assert shipped_choices(tmp_path)[0].load() == ([[1], []], [[1], []], None)


def test_the_chooser_lists_the_picture_library_in_black_and_white():
    library = library_choices()
    try:
        import nonopictures
    except ImportError:
        assert library == []
        return
    names = nonopictures.names(colour=False)
    assert [entry.label.split(": ", 1)[1].rsplit(" (", 1)[0] for entry in library] == names
    assert all(entry.label.startswith("picture: ") for entry in library)
    assert puzzle_choices()[-len(library):] == library
    rows, cols, givens = library[0].load()
    puzzle = nonopictures.puzzle(names[0])
    assert (rows, cols) == (puzzle.rows, puzzle.cols)
    assert not lesson(rows, cols, givens).to_the_end().verdict.startswith("contradiction")


def test_the_library_is_optional(monkeypatch):
    monkeypatch.setitem(sys.modules, "nonopictures", None)  # import nonopictures: ImportError
    assert library_choices() == []
    assert puzzle_choices() == shipped_choices()


def test_the_widget_steps_probes_and_chooses(monkeypatch):
    pytest.importorskip("ipywidgets")
    import ipywidgets as widgets

    from nonoclassroom import classroom
    box = classroom()
    top, news, hint, board, moves, verdict = box.children
    chooser = top.children[1]
    buttons = {button.description: button for button in moves.children
               if isinstance(button, widgets.Button)}
    buttons["a click:"] = moves.children[-1]  # probe, fill or empty
    assert chooser.label.startswith(DEFAULT) and "step 0" in news.value
    numbers = [child.value for child in board.children[2:7]]
    assert all(f">{n}</div>" in text for n, text in zip(range(1, 6), numbers))  # columns 1..5
    for _ in range(3):
        buttons["next"].click()
    assert "row 9 decides 1 cell (skipped 4 lines that decided nothing)" in news.value
    cells = [child for child in board.children if isinstance(child, widgets.Button)]
    assert len(cells) == 50
    cells[-1].click()
    assert "probe row 10, column 5" in news.value and not buttons["apply"].disabled
    assert cells[-1].layout.border.startswith("5px solid")
    buttons["apply"].click()
    assert "applied: row 10, column 5 is empty" in news.value and buttons["apply"].disabled
    buttons["to the end"].click()
    assert "verdict: solved: every cell is decided" in verdict.value
    for _ in range(30):
        buttons["back"].click()
    assert "step 0" in news.value
    buttons["a click:"].value = "empty"
    cells[1].click()  # row 1, column 2 is filled in the demo's picture
    assert "guess: row 1, column 2 empty" in news.value
    buttons["to the end"].click()
    assert "verdict: contradiction: " in verdict.value
    buttons["a click:"].value = "probe"
    chooser.value = next(value for label, value in chooser.options
                         if label.startswith("webpbn-00023"))
    assert "step 0" in news.value
    assert len([child for child in board.children if isinstance(child, widgets.Button)]) == 110
    buttons["next"].click()
    assert "skipped 21 lines that decided nothing" in news.value
    with pytest.raises(ValueError, match="choice: no puzzle label starts with 'nothing'"):
        classroom("nothing")
    with pytest.raises(TypeError, match="choice must be the start of a puzzle label"):
        classroom(3)
    with pytest.raises(ValueError, match="screen_px must be a whole number of pixels"):
        classroom(screen_px=5)


def test_a_puzzle_that_cannot_be_read_is_a_message(monkeypatch):
    pytest.importorskip("ipywidgets")
    import nonoclassroom
    from nonocheck import PuzzleError

    def broken():
        raise PuzzleError("rows need 3 filled cells but columns need 2")

    good = shipped_choices()[:1]
    monkeypatch.setattr(nonoclassroom, "puzzle_choices",
                        lambda: good + [nonoclassroom.Choice("broken.non", broken)])
    box = nonoclassroom.classroom()
    top, news = box.children[:2]
    top.children[1].value = top.children[1].options[1][1]
    assert news.value.endswith(
        "broken.non: rows need 3 filled cells but columns need 2</div>")
