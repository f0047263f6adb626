"""Tests of the library module nonosheets, worksheets: the judge, the layout, the PDF (pages,
text, answer key), `nonogram --worksheet`, and class sets."""
import time
from collections import Counter

import pytest

import nonocolour
import nonoengine
from nonocolourfiles import ColourPuzzle, read_colour_puzzles
from nonocheck import SearchLimit
import nonosat
import nonosheets
from nonocommand import main
from nonofiles import Puzzle, picture_puzzle, read_puzzles
from nonosheets import (KEY_CELL, KEY_LAYOUTS, PENCIL_CELL, SHEET_LAYOUTS, cell_inches, class_set,
                        draw_worksheet, judge_for_sheet, pages_of, sheet_caption)
from nonotools import make_puzzle
from nonovector import NonogramError

from nonotools_helpers import PUZZLES, picture, run

pypdf = pytest.importorskip("pypdf")

FACE = picture("""
.........
..#####..
.#.....#.
#..#.#..#
#.......#
#.#...#.#
#..###..#
.#.....#.
..#####..""")
DIAGONAL = "width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n"


def engine_solution(puzzle):
    solve = nonocolour.solve if isinstance(puzzle, ColourPuzzle) else nonoengine.solve
    return solve(puzzle.rows, puzzle.cols, puzzle.givens)


# --- the layout ----------------------------------------------------------------------------------

def test_pages_share_small_puzzles_and_keep_their_order():
    small, big, huge = (8, 8), (30, 30), (90, 90)
    pages = pages_of([small] * 7, SHEET_LAYOUTS, PENCIL_CELL)
    assert pages == [((2, 3), [0, 1, 2, 3, 4, 5]), ((1, 1), [6])]  # a short last page: bigger
    assert all(cell_inches(small, layout) >= PENCIL_CELL for layout, _ in pages)
    pages = pages_of([small, small, big, small, huge], SHEET_LAYOUTS, PENCIL_CELL)
    groups = [group for _, group in pages]
    assert groups == [[0, 1], [2], [3], [4]]  # in order: a pupil finds puzzle 4 after puzzle 3
    assert cell_inches(huge, pages[-1][0]) < PENCIL_CELL  # too big for a pencil: a page anyway
    assert cell_inches((1, 1), (1, 1)) == pytest.approx(0.39)  # never more than 1 cm
    assert len(pages_of([(10, 10)] * 12, KEY_LAYOUTS, KEY_CELL)) == 1


# --- the PDF -------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def worksheet(tmp_path_factory):
    """A worksheet of four puzzles: line logic, probing, colour, givens. (sheet, PDF reader)"""
    puzzles = (read_puzzles(PUZZLES / "webpbn-00001.non")
               + read_puzzles(PUZZLES / "pynogram-smile.non")
               + read_colour_puzzles(PUZZLES / "pynogram-apples.xml")
               + [make_puzzle(FACE, "A face")])
    path = tmp_path_factory.mktemp("sheet") / "sheet.pdf"
    sheet = [judge_for_sheet(puzzle) for puzzle in puzzles]
    pages = draw_worksheet(sheet, path, title="Week 1")
    reader = pypdf.PdfReader(path)
    assert len(reader.pages) == pages
    return sheet, reader


def digits(text):
    return Counter(char for char in text if char.isdigit())


def test_worksheet_pages_and_text(worksheet):
    sheet, pdf = worksheet
    assert [puzzle.metadata["method"] for puzzle in sheet] == ["line", "probing", "line", "probing"]
    puzzles = sheet
    layout = nonosheets.worksheet_layout(sheet)
    pages = [page[1:] for page in layout if not page[0]]
    keys = [page[1:] for page in layout if page[0]]
    assert len(pdf.pages) == len(pages) + len(keys) and len(keys) == 1
    assert pdf.metadata.title == "Week 1"
    for number, (_, group) in enumerate(pages, 1):
        text = pdf.pages[number - 1].extract_text()
        assert "Week 1" in text and "Name:" in text and f"page {number} of {len(pdf.pages)}" in text
        clues = []
        for k in group:
            caption = sheet_caption(k + 1, sheet[k])
            for line in caption.splitlines():
                assert line in text
                text = text.replace(line, "", 1)
            for clue in puzzles[k].rows + puzzles[k].cols:  # the clues' numbers, and nothing else
                colour = isinstance(puzzles[k], ColourPuzzle)
                clues += [length for length, _ in clue] if colour else clue or [0]
        text = text.replace(f"page {number} of {len(pdf.pages)}", "").replace("Week 1", "", 1)
        assert digits(text) == digits("".join(map(str, clues)))
    captions = "\n".join(sheet_caption(k + 1, puzzle) for k, puzzle in enumerate(sheet))
    for words in ("1. Demo Puzzle from Front Page\neasy: each step follows from one row or column",
                  "2. pynogram example smile\nharder: at times, try a cell both ways",
                  "3. Apples (webpbn #898)",
                  "4. A face\nharder: at times, try a cell both ways; 2 cells given"):
        assert words in captions
    key_text = pdf.pages[-1].extract_text()
    assert "Week 1: answer key" in key_text and "Name:" not in key_text


def drawn_images(pdf, page):
    """The images a page draws, in the order it draws them (PDF image objects)."""
    from pypdf.generic import ContentStream

    images = page["/Resources"]["/XObject"]
    return [images[operands[0]].get_object()
            for operands, operator in ContentStream(page.get_contents(), pdf).operations
            if operator == b"Do"]


def pil_image(image):
    """A PDF image as matplotlib writes it (zlib with PNG row filters; RGB, or indexed with a
    palette), rebuilt as a PNG and opened by Pillow (pypdf's own decoder misreads the filters of
    1-bit images), in RGB."""
    import io
    import struct
    import zlib

    from PIL import Image
    from pypdf.generic import NameObject

    def chunk(kind, data):
        crc = zlib.crc32(kind + data)
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    image.pop(NameObject("/DecodeParms"))
    filtered = image.get_data()  # inflated, the PNG filters left in
    space, indexed = image["/ColorSpace"], image["/ColorSpace"] != "/DeviceRGB"
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(
        ">IIBBBBB", image["/Width"], image["/Height"], image["/BitsPerComponent"],
        3 if indexed else 2, 0, 0, 0))
    if indexed:  # ['/Indexed', '/DeviceRGB', highest index, the palette's bytes]
        palette = space[3].get_object()
        palette = palette.get_data() if hasattr(palette, "get_data") else bytes(palette)
        png += chunk(b"PLTE", palette)
    png += chunk(b"IDAT", zlib.compress(filtered)) + chunk(b"IEND", b"")
    return Image.open(io.BytesIO(png)).convert("RGB")


def cell_colours(image, height, width):
    """The (red, green, blue) at the centre of each cell of a height x width picture."""
    picture = pil_image(image)
    pixels_x, pixels_y = picture.size
    return [[picture.getpixel((int((j + 0.5) * pixels_x / width),
                               int((i + 0.5) * pixels_y / height)))
             for j in range(width)] for i in range(height)]


def test_the_answer_key_is_the_engines_solution(worksheet):
    """The key's data is the engine's solution, and the key's pictures in the PDF show it."""
    sheet, pdf = worksheet
    images = drawn_images(pdf, pdf.pages[-1])
    assert len(images) == len(sheet)
    for puzzle, image in zip(sheet, images):
        assert puzzle.goal == engine_solution(puzzle)
        shown = cell_colours(image, puzzle.height, puzzle.width)
        if isinstance(puzzle, ColourPuzzle):
            palette = [tuple(int(colour.rgb[k:k + 2], 16) for k in (0, 2, 4))
                       for colour in puzzle.colours]
            assert shown == [[palette[cell] for cell in row] for row in puzzle.goal]
        else:
            assert [[int(sum(rgb) < 3 * 128) for rgb in row] for row in shown] == puzzle.goal


def test_a_puzzle_without_exactly_one_solution_is_refused_by_name(tmp_path):
    diagonal = picture_puzzle([[1, 0], [0, 1]], title="Diagonal")
    with pytest.raises(NonogramError, match=r"^Diagonal: several solutions; a worksheet needs"):
        judge_for_sheet(diagonal, "Diagonal")
    with pytest.raises(NonogramError, match="no solutions"):
        judge_for_sheet(Puzzle([[1, 1], [1], [1, 1]], [[3], [], [2]]))


def test_a_puzzle_sat_answered_needs_search(monkeypatch):
    """The difficulty is the engine's method when the engine answered; when SAT answered (in a
    race SAT won, the engine was stopped part way, perhaps while probing), it is 'search'."""
    smile = read_puzzles(PUZZLES / "pynogram-smile.non")[0]
    assert judge_for_sheet(smile, use_sat=False).metadata["method"] == "probing"
    solution = judge_for_sheet(smile).goal
    race_won_by_sat = nonosat.Answer([solution], True, "SAT", 0.5, 2, sat_joined=0.1,
                                     method="probing", nodes=0, line_solves=40, probes=12)
    monkeypatch.setattr(nonosat, "find_solutions", lambda *args, **options: race_won_by_sat)
    judged = judge_for_sheet(smile)
    assert judged.metadata["method"] == "search" and judged.goal == solution
    assert nonosheets.sheet_method(race_won_by_sat) == "search"


def test_sat_alone_counts_as_search():
    pytest.importorskip("pysat.solvers")
    dancer = read_puzzles(PUZZLES / "webpbn-00001.non")[0]  # line logic alone, for the engine
    assert judge_for_sheet(dancer).metadata["method"] == "line"
    assert judge_for_sheet(dancer, use_engine=False).metadata["method"] == "search"


# --- the command ---------------------------------------------------------------------------------

def test_command_writes_a_worksheet(tmp_path, capsys):
    out = tmp_path / "sheet.pdf"
    assert main(["--worksheet", str(out), str(PUZZLES / "webpbn-00001.non"),
                 str(PUZZLES / "pynogram-smile.non")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == ["1. Demo Puzzle from Front Page: line logic alone",
                     "2. pynogram example smile: needs probing",
                     f"worksheet: {out} (2 pages, the answer key included)"]
    assert len(pypdf.PdfReader(out).pages) == 2


def error_of(args, capsys):
    """(exit code, stdout, the one line on stderr) of main(args)."""
    code = main([str(arg) for arg in args])
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err and len(captured.err.splitlines()) <= 1
    return code, captured.out, captured.err.strip()


def test_command_errors(tmp_path, capsys):
    good = PUZZLES / "webpbn-00001.non"
    out = tmp_path / "sheet.pdf"
    (tmp_path / "diagonal.non").write_text(DIAGONAL)
    (tmp_path / "bad.non").write_text("width 2\nheight 2\nrows\n1\n9\ncolumns\n1\n1\n")
    code, _, err = error_of(["--worksheet", out, good, tmp_path / "diagonal.non"], capsys)
    assert code == 2 and f"{tmp_path / 'diagonal.non'}, puzzle 1: several solutions" in err
    code, _, err = error_of(["--worksheet", out, good, tmp_path / "bad.non"], capsys)
    assert code == 2 and str(tmp_path / "bad.non") in err and "line" in err
    code, _, err = error_of(["--worksheet", out, tmp_path / "missing.non"], capsys)
    assert code == 2 and "missing.non" in err
    code, _, err = error_of(["--worksheet", tmp_path / "sheet.png", good], capsys)
    assert code == 2 and "--worksheet needs the name of a .pdf file" in err
    code, _, err = error_of(["--worksheet", tmp_path / "no-folder" / "x.pdf", good], capsys)
    assert code == 2 and "no folder" in err
    assert not out.exists()


@pytest.mark.parametrize("args, words", [
    (["a.non", "b.non"], "several FILEs, and --class-set, need --worksheet"),
    ([], "required: file"),
    (["--class-set", "3"], "need --worksheet"),
    (["--seed", "3", "a.non"], "--difficulty and --seed go with --class-set"),
    (["--worksheet", "x.pdf"], "required: file"),
    (["--worksheet", "x.pdf", "--class-set", "0"], "at least 1"),
    (["--worksheet", "x.pdf", "--png", "x.png", "a.non"], "--png, --clues and --stats do not go"),
    (["--worksheet", "x.pdf", "--class-set", "2", "--difficulty", "hard"], "invalid choice"),
])
def test_command_usage_errors(args, words, capsys):
    assert main(args) == 2
    err = capsys.readouterr().err
    assert words in err and len(err.strip().splitlines()) == 1


def test_command_timeout_while_judging(tmp_path, capsys):
    out = tmp_path / "hard.pdf"
    start = time.monotonic()
    code = main(["--worksheet", str(out), str(PUZZLES / "webpbn-00001.non"),
                 str(PUZZLES / "survey-knotty.non"), "--timeout", "1"])
    lines = capsys.readouterr().out.splitlines()
    assert code == 3 and time.monotonic() - start < 3 and not out.exists()
    assert lines[0] == "1. Demo Puzzle from Front Page: line logic alone"
    assert lines[1].startswith("gave up after") and lines[1].endswith("hard.pdf not written")
    assert "survey-knotty.non, puzzle 1 (Knotty): no verdict in time" in lines[1]


def test_help_documents_worksheets():
    code, out, _ = run("--help")
    assert code == 0
    for option in ("--worksheet OUT.pdf", "--class-set N", "--difficulty", "--seed S", "FILE"):
        assert option in out


def test_command_class_set_and_its_time_limit(tmp_path, capsys):
    out = tmp_path / "class.pdf"
    assert main(["--worksheet", str(out), "--class-set", "3", "--size", "6", "--seed", "4",
                 "--difficulty", "line", "--random"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 4 and all(line.endswith(": line logic alone") for line in lines[:3])
    assert "random picture 4/" in lines[0] and out.exists()
    start = time.monotonic()
    code = main(["--worksheet", str(tmp_path / "never.pdf"), "--class-set", "2", "--size", "4",
                 "--difficulty", "search", "--timeout", "1", "--random"])
    printed = capsys.readouterr().out
    assert code == 3 and time.monotonic() - start < 3
    assert printed.startswith("gave up after")
    assert "could make only 0 of 2 puzzles of 4x4" in printed
    assert "never.pdf not written" in printed and not (tmp_path / "never.pdf").exists()


# --- class sets ----------------------------------------------------------------------------------

@pytest.mark.parametrize("difficulty", ["line", "probing"])
def test_a_class_set_is_reproducible_distinct_unique_and_as_hard_as_asked(difficulty):
    made = class_set(5, 8, difficulty, seed=3, random_pictures=True)
    assert made == class_set(5, 8, difficulty, seed=3, random_pictures=True)
    assert made != class_set(5, 8, difficulty, seed=4, random_pictures=True)
    assert len({str(puzzle.goal) for puzzle in made}) == 5
    for puzzle in made:
        assert (puzzle.height, puzzle.width) == (8, 8)
        verdict = nonoengine.analyse(puzzle.rows, puzzle.cols, puzzle.givens)
        assert verdict.status == "unique" and verdict.method == difficulty
        assert verdict.solutions == [puzzle.goal]


def test_an_impossible_class_set_is_refused_in_time():
    start = time.monotonic()
    with pytest.raises(SearchLimit, match=r"could make only 0 of 10 puzzles of 5x5 that need "
                                          r"search in 0\.[2-9]\d* s$"):
        class_set(10, 5, "search", seconds=1, random_pictures=True)
    assert time.monotonic() - start < 2  # refused after a quarter of its second: none made


def test_a_class_set_that_cannot_be_made_in_time_is_refused_early_with_its_pace():
    from nonosheets import hopeless_pace, pace_note

    assert not hopeless_pace(0, 10, 14.9, 60) and hopeless_pace(0, 10, 15, 60)
    assert not hopeless_pace(2, 10, 20, 60) and hopeless_pace(1, 10, 15, 60)  # 100 s, 150 s
    assert pace_note(8, 10, 60) == "; at this pace 10 would take about 75 s"
    assert pace_note(0, 10, 60) == ""
    with pytest.raises(ValueError, match="difficulty"):
        class_set(2, 5, "hard")


def test_a_class_set_from_a_folder_of_pictures(tmp_path):
    from PIL import Image

    pictures = [FACE, [[1, 1, 0], [0, 1, 1], [1, 1, 1]], [[0, 1, 0], [1, 1, 1], [0, 1, 0]]]
    for k, rows in enumerate(pictures[1:]):
        (tmp_path / f"small-{k}.txt").write_text("\n".join("".join(map(str, row)) for row in rows))
    image = Image.new("L", (90, 90), 255)  # the face, 10 pixels a cell
    for i, row in enumerate(FACE):
        for j, cell in enumerate(row):
            if cell:
                image.paste(0, (10 * j, 10 * i, 10 * j + 10, 10 * i + 10))
    image.save(tmp_path / "face.png")
    (tmp_path / "notes.md").write_text("not a picture: ignored")
    made = class_set(3, 9, "line", seed=1, folder=tmp_path)
    assert sorted(puzzle.title for puzzle in made) == ["face", "small-0", "small-1"]
    assert [p.goal for p in made if p.title == "face"] == [FACE[1:]]  # (its blank top row cut)
    assert made == class_set(3, 9, "line", seed=1, folder=tmp_path)
    with pytest.raises(NonogramError, match=r"could make only 3 of 4 puzzles of at most 9x9 that "
                                            r"line logic alone solves from the pictures in"):
        class_set(4, 9, "line", folder=tmp_path)
    (tmp_path / "clues.txt").write_text("C BA CB BB F AE F A B\nAB CA AE GA E C D C")
    with pytest.raises(NonogramError, match=r"skipped: clues.txt \(not a picture"):
        class_set(4, 9, "line", folder=tmp_path)  # (skipped, named when the set cannot be made)
    assert len(class_set(3, 9, "line", seed=1, folder=tmp_path)) == 3  # (whatever the shuffle)
    (tmp_path / "blank.txt").write_text("000\n000\n")
    with pytest.raises(NonogramError, match=r"blank.txt \(blank: no filled cell\)"):
        class_set(4, 9, "line", folder=tmp_path)
    with pytest.raises(NonogramError, match="not a folder"):
        class_set(1, 9, folder=tmp_path / "face.png")
    with pytest.raises(NonogramError, match="no such folder"):
        class_set(1, 9, folder=tmp_path / "missing")
    (tmp_path / "empty").mkdir()
    with pytest.raises(NonogramError, match="no PNG, JPEG, GIF, BMP or .txt pictures in it"):
        class_set(1, 9, folder=tmp_path / "empty")


def test_judging_and_drawing_check_their_puzzles_at_the_door(tmp_path):
    from nonosheets import draw_worksheet, judge_for_sheet, worksheet_layout

    with pytest.raises(TypeError, match="puzzle must be a Puzzle"):
        judge_for_sheet(None)
    with pytest.raises(TypeError, match="name must be a str"):
        judge_for_sheet(Puzzle([[1]], [[1]]), name=None)
    unjudged = Puzzle([[1]], [[1]], {"title": "dot"})
    for wrong, error, words in ((None, TypeError, "puzzles must be a list"),
                                ([], ValueError, "at least one puzzle"),
                                ([unjudged], ValueError, "puzzle 1 \\(dot\\) is not judged"),
                                ([[[1]]], TypeError, "puzzle 1 is a list")):
        with pytest.raises(error, match=words):
            draw_worksheet(wrong, tmp_path / "w.pdf")
        with pytest.raises(error, match=words):
            worksheet_layout(wrong)
    assert not (tmp_path / "w.pdf").exists()


def test_a_picture_with_several_solutions_gets_givens_on_a_worksheet(tmp_path, capsys):
    """From a teacher's tryout: a picture of her own with several solutions was refused, with no
    way out. The command now adds the givens that make it unique (lesson 15's make_puzzle)."""
    from nonocommand import main
    from nonosheets import judge_for_sheet
    picture = tmp_path / "squares.txt"
    picture.write_text("1100\n1100\n0011\n0011\n")  # two squares: their mirror image fits too
    [puzzle] = read_puzzles(picture)
    with pytest.raises(NonogramError, match="several solutions.*--class-set makes"):
        judge_for_sheet(puzzle, "squares", use_sat=False)
    judged = judge_for_sheet(puzzle, "squares", add_givens=True, use_sat=False)
    assert judged.goal == puzzle.goal and judged.metadata["givens added"] >= 1
    out = tmp_path / "sheet.pdf"
    assert main(["--worksheet", str(out), str(picture), "--no-sat"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "given cell" in lines[0] and "added to make it unique" in lines[0]
    assert out.read_bytes().startswith(b"%PDF")
