"""Worksheets and class sets: puzzles with exactly one solution, on A4 pages, with an answer key.

A library module, not a lesson: it puts lesson 15's puzzle-maker to work for a teacher.
Matplotlib is imported inside the drawing functions, so importing this module stays light.

A worksheet takes three steps:

1. **Judge** each puzzle (`judge_for_sheet`) with lesson 12's race, `find_solutions` (the
   engine, and SAT if the engine is slow; lesson 14's for colour puzzles). A puzzle with no
   solution or several is refused, by name: a worksheet whose key is ambiguous is useless. The
   judged puzzle carries its key as its `goal` and its difficulty as `metadata['method']`:
   'line' (line logic alone), 'probing', or 'search'. When SAT gave the answer, the method is
   'search': the engine's line logic and probing had not settled the puzzle by then (in a race
   SAT won, the engine was stopped part way; with SAT alone, the engine did not run).
2. **Lay out** the pages (A4, portrait; `pages_of`): each puzzle as large as fits, with cells of
   at most 1 cm (`LARGEST_CELL`), several small puzzles on a page as long as their cells stay big
   enough for a pencil (6 mm, `PENCIL_CELL`); the key's pictures may be smaller (`KEY_CELL`).
3. **Draw** the pages (`worksheet_pages`, `draw_worksheet` for a PDF): each puzzle on empty cells
   with its clues and givens (a given filled cell black or in its colour, a given empty cell
   with a dot), a caption with its number, title, difficulty and givens; then the key.

`class_set` makes the puzzles themselves: `count` distinct puzzles of one size whose verdict's
method is the difficulty asked for, from seeded random pictures or a folder of pictures, each
made unique by lesson 15's `make_puzzle`, within a time limit.
"""

import time
from collections.abc import Iterator
from pathlib import Path

import nonoengine
import nonosat
from nonocheck import NonogramError, SearchLimit, plural
from nonofiles import Puzzle, PuzzleFileError, read_puzzles
from nonoprobe import random_picture
from nonotools import given_cells, make_puzzle

DIFFICULTY = {'line': 'line logic alone', 'probing': 'needs probing', 'search': 'needs search'}
NEEDS = {'line': 'line logic alone solves', 'probing': 'need probing', 'search': 'need search'}


def is_colour(puzzle) -> bool:
    """Is `puzzle` a colour puzzle (nonocolourfiles.ColourPuzzle)? Asked without importing the
    colour modules, which only colour puzzles need (and one exists only once they are imported)."""
    import sys
    colour_files = sys.modules.get('nonocolourfiles')
    return colour_files is not None and isinstance(puzzle, colour_files.ColourPuzzle)


# --- judging ---------------------------------------------------------------------------------

def sheet_method(answer: nonosat.Answer) -> str:
    """The difficulty of a puzzle with one solution, from the race's answer: the engine's method
    ('line', 'probing' or 'search') when the engine answered, 'search' when SAT did."""
    return answer.method if answer.part == 'engine' and answer.method else 'search'


def judge_for_sheet(puzzle: Puzzle, name: str = 'the puzzle', timeout: float | None = None,
                    **options) -> Puzzle:
    """A copy of the puzzle whose goal is its one solution and metadata['method'] its difficulty
    (see sheet_method). NonogramError naming it unless it has exactly one solution; SearchLimit
    if `timeout` (seconds) runs out first. Options go to find_solutions (engine_seconds,
    use_engine, use_sat, ...)."""
    import dataclasses

    if is_colour(puzzle):
        import nonocolour
        find = nonocolour.find_solutions
    else:
        find = nonosat.find_solutions
    answer = find(puzzle.rows, puzzle.cols, puzzle.givens, count=2, timeout=timeout, **options)
    if not answer.finished:
        raise SearchLimit(f'{name}: no verdict in time', answer.nodes, answer.seconds, [])
    if answer.status != 'unique':
        raise NonogramError(f'{name}: {"several" if answer.solutions else "no"} solutions; a '
                            'worksheet needs puzzles with exactly one')
    return dataclasses.replace(puzzle, goal=answer.solutions[0],
                               metadata={**puzzle.metadata, 'method': sheet_method(answer)})


# --- the layout: plain arithmetic in inches --------------------------------------------------
# A drawing's *extent* is its size in squares (the grid, and the clues' squares to its left and
# above); a page layout cuts the page into columns x rows of slots, and a drawing gets the largest
# cell that fits its slot, at most 1 cm.

A4, MARGIN, HEADER, CAPTION, GAP = (8.27, 11.69), 0.6, 0.6, 0.5, 0.3  # inches
LARGEST_CELL, PENCIL_CELL, KEY_CELL = 0.39, 0.24, 0.08  # inches: 1 cm, 6 mm, 2 mm
SHEET_LAYOUTS = [(2, 3), (2, 2), (1, 2), (1, 1)]  # slots on a page: columns x rows
KEY_LAYOUTS = [(3, 4)] + SHEET_LAYOUTS

Extent = tuple[int, int]  # (columns, rows) of squares
PageLayout = tuple[int, int]  # (columns, rows) of slots


def extent(puzzle: Puzzle, clues: bool = True) -> Extent:
    """A puzzle's drawing size in squares: its grid and (if `clues`) its clues' squares."""
    return (puzzle.width + clues * max([len(clue) for clue in puzzle.rows] + [1]),
            puzzle.height + clues * max([len(clue) for clue in puzzle.cols] + [1]))


def slot_size(layout: PageLayout) -> tuple[float, float]:
    """(width, height) in inches that a drawing may use in a slot of `layout`: the page less its
    margins, header and gaps, shared among the slots, less a caption at the top of each."""
    return ((A4[0] - 2 * MARGIN + GAP) / layout[0] - GAP,
            (A4[1] - 2 * MARGIN - HEADER + GAP) / layout[1] - GAP - CAPTION)


def cell_inches(extent: Extent, layout: PageLayout) -> float:
    """The side of a cell for a drawing of `extent` (columns, rows of squares) in a slot."""
    width, height = slot_size(layout)
    return min(LARGEST_CELL, width / extent[0], height / extent[1])


def pages_of(extents: list[Extent], layouts: list[PageLayout],
             smallest: float) -> list[tuple[PageLayout, range]]:
    """Share drawings among pages, in order: (layout, drawing numbers) for each page. Each page
    takes as many drawings as keep their cells at least `smallest` inches in some layout, then
    the layout of fewest slots that holds them (a short page gets bigger cells). A drawing too
    big even for a page of its own at that size gets a page anyway."""
    pages, start = [], 0
    while start < len(extents):
        def fitting(layout):  # how many of the next drawings fit the slots of `layout`
            room = min(len(extents) - start, layout[0] * layout[1])
            return next((n for n in range(room)
                         if cell_inches(extents[start + n], layout) < smallest), room)
        count = max(1, *map(fitting, layouts))
        layout = [layout for layout in layouts if layout[0] * layout[1] >= count][-1]
        pages.append((layout, range(start, start + count)))
        start += count
    return pages


# --- drawing ---------------------------------------------------------------------------------

def slot_axes(fig, layout: PageLayout, slot: int, extent: Extent, caption: str):
    """An Axes of exactly the drawing's size for a drawing of `extent` in slot number `slot` of
    `layout` on the A4 Figure `fig`, under `caption`."""
    (width, height), cell = slot_size(layout), cell_inches(extent, layout)
    left = MARGIN + slot % layout[0] * (width + GAP)
    top = A4[1] - MARGIN - HEADER - slot // layout[0] * (height + CAPTION + GAP)
    fig.text((left + width / 2) / A4[0], top / A4[1], caption, ha='center', va='top',
             fontsize=9, linespacing=1.5)
    w, h = (extent[0] + 0.1) * cell, (extent[1] + 0.1) * cell
    return fig.add_axes(((left + (width - w) / 2) / A4[0], (top - CAPTION - h) / A4[1],
                         w / A4[0], h / A4[1]))


def draw_sheet_puzzle(puzzle: Puzzle, ax, key: bool = False) -> None:
    """Draw a judged puzzle on `ax` as printed (empty cells, clues, givens filled or dotted if
    empty), or for the key (its solution alone, without clues)."""
    import nonodraw

    givens = puzzle.givens or [[None] * puzzle.width] * puzzle.height
    cells = puzzle.goal if key else [[cell or 0 for cell in row] for row in givens]
    rows, cols = (None, None) if key else (puzzle.rows, puzzle.cols)
    if is_colour(puzzle):
        palette = nonodraw.palette_of(puzzle.colours, len(puzzle.colours))
        palette[0] = palette[0] if key else '#ffffff'  # a blank sheet is white
        nonodraw.draw_colour_grid(cells, rows, cols, palette, ax=ax, sets=False)
    else:
        nonodraw.draw_grid(cells, rows, cols, ax=ax, legend=False)
    dots = [(i, j) for i, j, value in given_cells(givens) if value == 0 and not key]
    ax.scatter([j + 0.5 for _, j in dots], [i + 0.5 for i, _ in dots], s=16, color='black')


def sheet_caption(number: int, puzzle: Puzzle, key: bool = False) -> str:
    """A puzzle's number and title, then (not in the key) its difficulty and givens."""
    title = f'{number}. {(puzzle.title or "puzzle")[:60]}'
    given = [value for _, _, value in given_cells(puzzle.givens or [])]
    note = f'; {plural(len(given), "cell")} given' + ' (dot: empty)' * (0 in given) if given else ''
    return title if key else f'{title}\n{DIFFICULTY[puzzle.metadata["method"]]}{note}'


def worksheet_pages(puzzles: list[Puzzle], title: str = 'Nonograms') -> Iterator:
    """The pages of a worksheet of judged puzzles, as matplotlib Figures: the puzzles, then the
    key. Each page has a header (the title, and a line for the pupil's name), a caption over each
    puzzle, and its number at the foot."""
    from matplotlib.figure import Figure

    sizes = [[extent(puzzle, clues=not key) for puzzle in puzzles] for key in (0, 1)]
    pages = [(False, *page) for page in pages_of(sizes[0], SHEET_LAYOUTS, PENCIL_CELL)]
    pages += [(True, *page) for page in pages_of(sizes[1], KEY_LAYOUTS, KEY_CELL)]
    for number, (key, layout, group) in enumerate(pages, 1):
        fig = Figure(figsize=A4)
        fig.text(MARGIN / A4[0], 1 - MARGIN / A4[1], title + (': answer key' if key else ''),
                 fontsize=15, va='top')
        fig.text(1 - MARGIN / A4[0], 1 - MARGIN / A4[1], '' if key else 'Name: ' + '_' * 20,
                 fontsize=11, ha='right', va='top')
        fig.text(0.5, MARGIN / 2 / A4[1], f'page {number} of {len(pages)}', fontsize=8,
                 ha='center')
        for slot, k in enumerate(group):
            caption = sheet_caption(k + 1, puzzles[k], key)
            draw_sheet_puzzle(puzzles[k], slot_axes(fig, layout, slot, sizes[key][k], caption), key)
        yield fig


def draw_worksheet(puzzles: list[Puzzle], path, title: str = 'Nonograms') -> int:
    """Write the worksheet_pages of judged puzzles to `path` as a PDF; return its page count.
    Its text is real text (fonts embedded as TrueType), so titles and clues can be searched."""
    from matplotlib import rc_context
    from matplotlib.backends.backend_pdf import PdfPages

    with rc_context({'pdf.fonttype': 42}), PdfPages(path, metadata={'Title': title}) as pdf:
        for fig in worksheet_pages(puzzles, title):
            pdf.savefig(fig)
        return pdf.get_pagecount()


# --- class sets ------------------------------------------------------------------------------

PICTURE_SUFFIXES = ('.png', '.jpg', '.jpeg', '.gif', '.bmp', '.txt')


def class_pictures(size: int, seed: int = 0, folder=None,
                   density: float = 0.4) -> Iterator[tuple[str, list]]:
    """(title, picture) pairs: seeded random size x size pictures without end (picture k of seed s
    is lesson 4's random_picture with the seed f'{s}/{k}'), or the picture files of `folder`
    (PNG, JPEG, 0/1 text, read at most `size` cells a side) in an order the seed shuffles."""
    import itertools
    import random

    if folder is None:
        for k in itertools.count(1):
            yield f'random picture {seed}/{k}', random_picture(size, size, density, f'{seed}/{k}')
    files = sorted(path for path in Path(folder).iterdir()
                   if path.suffix.lower() in PICTURE_SUFFIXES)
    random.Random(seed).shuffle(files)
    for path in files:
        for puzzle in read_puzzles(path, picture_size=size):
            if puzzle.goal is None:
                raise PuzzleFileError(path, None, 'not a picture (it has clues, not cells)')
            yield path.stem, puzzle.goal


def class_set(count: int, size: int = 10, difficulty: str = 'line', *, seed: int = 0,
              folder=None, density: float = 0.4, seconds: float = 20.0,
              max_nodes: int = 2000) -> list[Puzzle]:
    """`count` distinct puzzles with one solution whose method is `difficulty` ('line',
    'probing' or 'search'), each a picture made unique by make_puzzle (for 'line': with givens
    that let line logic alone finish). Reproducible: each analysis has a node budget (a picture
    that needs more is skipped), so the same seed gives the same puzzles on any machine.
    SearchLimit if `seconds` run out first (its `solutions`: the puzzles made), NonogramError if
    the folder's pictures run out; never a smaller set than asked for."""
    if difficulty not in NEEDS:
        raise ValueError(f'difficulty must be one of {", ".join(NEEDS)}, not {difficulty!r}')
    if folder is not None and not Path(folder).is_dir():
        raise NonogramError(f'{folder}: not a folder of pictures')
    deadline, made, seen = time.monotonic() + seconds, [], set()
    for title, picture in class_pictures(size, seed, folder, density):
        left = deadline - time.monotonic()
        if left <= 0:
            break
        limits = {'max_nodes': max_nodes, 'time_limit': left}
        try:
            puzzle = make_puzzle(picture, title, difficulty == 'line', **limits)
            verdict = nonoengine.analyse(puzzle.rows, puzzle.cols, puzzle.givens, **limits)
        except SearchLimit:  # too many nodes (skip the picture), or out of time (stop)
            continue
        if verdict.method == difficulty and str(picture) not in seen and any(map(any, picture)):
            seen.add(str(picture))
            made.append(puzzle)
            if len(made) == count:
                return made
    what = (f'could make only {len(made)} of {count} puzzles of {"at most " * bool(folder)}'
            f'{size}x{size} that {NEEDS[difficulty]}')
    if folder is None or time.monotonic() >= deadline:
        raise SearchLimit(f'{what} in {seconds:.3g} s', 0, seconds, made)
    raise NonogramError(f'{what} from the pictures in {folder}')
