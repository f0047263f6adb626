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
   enough for a pencil (about 6 mm, `PENCIL_CELL`); the key's pictures may be smaller (`KEY_CELL`).
3. **Draw** the pages (`worksheet_pages`, `draw_worksheet` for a PDF) for a pupil working alone:
   a large title, 'page 2 of 5' at each foot, a box of how to play on the first page
   (`how_to_play`); each puzzle on empty cells with its clues and givens (a given filled cell
   black or in its colour, a given empty cell with a dot), a caption with its number, title,
   difficulty and givens, and for a colour puzzle a legend (each ink's swatch, letter and
   name); a colour clue's box carries its colour's letter, so clues stay apart printed in
   grey; then the key.

`class_set` makes the puzzles themselves: `count` distinct puzzles whose verdict's method is
the difficulty asked for, by default from the picture library (nonopictures: animals, objects and
symbols, in black and white or in colour, each titled by its name), or from seeded random
pictures or a folder of pictures, each made unique by lesson 15's `make_puzzle`, within a time
limit.
"""

import os
import time
from collections.abc import Iterator
from numbers import Integral, Real
from pathlib import Path

import nonoengine
import nonosat
from nonocheck import NonogramError, SearchLimit, checked_seconds, plural
from nonofiles import (MAX_SIDE, Puzzle, PuzzleFileError, read_puzzles, scale_picture,
                       whole_file)
from nonoprobe import random_picture
from nonoprocess import within
from nonotools import given_cells, make_puzzle

# The public names: judging, laying out, drawing and class sets; the drawing steps are not.
__all__ = ['DIFFICULTY', 'PUPIL_DIFFICULTY', 'NEEDS', 'MOST_PUZZLES', 'SHEET_LAYOUTS',
           'KEY_LAYOUTS', 'PICTURE_SUFFIXES', 'is_colour', 'sheet_method', 'judge_for_sheet',
           'pages_of', 'how_to_play', 'worksheet_layout', 'worksheet_pages', 'draw_worksheet',
           'class_set', 'library_names', 'library_set']

DIFFICULTY = {'line': 'line logic alone', 'probing': 'needs probing', 'search': 'needs search'}
# what the difficulty means to a pupil, printed under a puzzle's title on the pupil's page
PUPIL_DIFFICULTY = {'line': 'easy: each step follows from one row or column',
                    'probing': 'harder: at times, try a cell both ways',
                    'search': 'hardest: at times, guess a cell and check'}
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
    if not isinstance(answer, nonosat.Answer):
        raise TypeError(f'answer must be a nonosat.Answer, not {type(answer).__name__}')
    return answer.method if answer.part == 'engine' and answer.method else 'search'


def judge_for_sheet(puzzle: Puzzle, name: str = 'the puzzle', timeout: float | None = None,
                    *, add_givens: bool = False, **options) -> Puzzle:
    """A copy of the puzzle whose goal is its one solution and metadata['method'] its difficulty
    (see sheet_method). NonogramError naming it unless it has exactly one solution; SearchLimit
    if `timeout` (seconds) runs out first. Options go to find_solutions (engine_seconds,
    use_engine, use_sat, ...). add_givens: a black-and-white puzzle with several solutions and a
    goal (a picture) gets the givens that make its goal the only solution (lesson 15's
    make_puzzle), and metadata['givens added'] says how many."""
    import dataclasses

    if not isinstance(puzzle, Puzzle) and not is_colour(puzzle):
        raise TypeError(f'puzzle must be a Puzzle (nonofiles) or a ColourPuzzle '
                        f'(nonocolourfiles), not {type(puzzle).__name__}')
    if not isinstance(name, str):
        raise TypeError(f'name must be a str, not {type(name).__name__}')
    if is_colour(puzzle):
        import nonocolour
        find = nonocolour.find_solutions
    else:
        find = nonosat.find_solutions
    answer = find(puzzle.rows, puzzle.cols, puzzle.givens, count=2, timeout=timeout, **options)
    if not answer.finished:
        raise SearchLimit(f'{name}: no verdict in time', answer.nodes, answer.seconds, [])
    if answer.status == 'multiple' and add_givens and puzzle.goal and not is_colour(puzzle):
        start, limits = time.monotonic(), {} if timeout is None else {'time_limit': timeout}
        try:
            made = make_puzzle(puzzle.goal, puzzle.title, **limits)
        except SearchLimit:
            raise SearchLimit(f'{name}: no givens found in time', 0, timeout or 0, []) from None
        left = None if timeout is None else max(0.001, timeout - (time.monotonic() - start))
        added = len(given_cells(made.givens)) if made.givens else 0
        judged = judge_for_sheet(dataclasses.replace(puzzle, givens=made.givens), name, left,
                                 **options)
        judged.metadata['givens added'] = added
        return judged
    if answer.status != 'unique':
        raise NonogramError(f'{name}: {"several" if answer.solutions else "no"} solutions; a '
                            'worksheet needs puzzles with exactly one' + (
                                ' (--class-set makes puzzles of pictures unique with givens)'
                                if answer.solutions and not add_givens else ''))
    return dataclasses.replace(puzzle, goal=answer.solutions[0],
                               metadata={**puzzle.metadata, 'method': sheet_method(answer)})


# --- the layout: plain arithmetic in inches --------------------------------------------------
# A drawing's *extent* is its size in squares (the grid, and the clues' squares to its left and
# above); a page layout cuts the page into columns x rows of slots, and a drawing gets the largest
# cell that fits its slot, at most 1 cm. The first page gives up room at its top to the box of
# how to play (`top`); a colour puzzle's caption has a line more, its colour legend (`caption`).

A4, MARGIN, HEADER, CAPTION, GAP = (8.27, 11.69), 0.5, 0.8, 0.55, 0.3  # inches
LEGEND = 0.3  # inches: the line of a colour puzzle's legend, under its caption
HOW_TO_GAP = 0.2  # inches between the box of how to play and the puzzles under it
LARGEST_CELL, PENCIL_CELL, KEY_CELL = 0.39, 0.23, 0.08  # inches: 1 cm, 5.8 mm, 2 mm
SHEET_LAYOUTS = [(2, 3), (2, 2), (1, 2), (2, 1), (1, 1)]  # slots on a page: columns x rows
KEY_LAYOUTS = [(3, 4)] + SHEET_LAYOUTS
TITLE_SIZE, CAPTION_SIZE, TEXT_SIZE = 22, 11.5, 10.5  # points: the page's title, captions, text

Extent = tuple[int, int]  # (columns, rows) of squares
PageLayout = tuple[int, int]  # (columns, rows) of slots


def extent(puzzle: Puzzle, clues: bool = True) -> Extent:
    """A puzzle's drawing size in squares: its grid and (if `clues`) its clues' squares."""
    return (puzzle.width + clues * max([len(clue) for clue in puzzle.rows] + [1]),
            puzzle.height + clues * max([len(clue) for clue in puzzle.cols] + [1]))


def slot_size(layout: PageLayout, top: float = 0.0,
              caption: float = CAPTION) -> tuple[float, float]:
    """(width, height) in inches that a drawing may use in a slot of `layout`: the page less its
    margins, header, `top` (inches taken above the slots) and gaps, shared among the slots, less
    a caption of `caption` inches at the top of each."""
    return ((A4[0] - 2 * MARGIN + GAP) / layout[0] - GAP,
            (A4[1] - 2 * MARGIN - HEADER - top + GAP) / layout[1] - GAP - caption)


def cell_inches(extent: Extent, layout: PageLayout, top: float = 0.0,
                caption: float = CAPTION) -> float:
    """The side of a cell for a drawing of `extent` (columns, rows of squares) in a slot."""
    width, height = slot_size(layout, top, caption)
    return min(LARGEST_CELL, width / extent[0], height / extent[1])


def check_extents(extents) -> list[Extent]:
    """`extents` checked: a list of (height, width) pairs of whole numbers of cells at least 1
    (clues included); TypeError/ValueError naming `extents` otherwise."""
    if not isinstance(extents, (list, tuple)) or not all(
            isinstance(extent, (list, tuple)) and len(extent) == 2 and all(
                isinstance(n, int) and not isinstance(n, bool) for n in extent)
            for extent in extents):
        raise TypeError(f'extents must be a list of (height, width) pairs of whole numbers, '
                        f'not {extents!r:.60}')
    if any(n < 1 for extent in extents for n in extent):
        raise ValueError(f'extents must count at least 1 cell a side, not {extents!r:.60}')
    return [tuple(extent) for extent in extents]


def pages_of(extents: list[Extent], layouts: list[PageLayout], smallest: float,
             first: float = 0.0, caption: float = CAPTION) -> list[tuple[PageLayout, list[int]]]:
    """Share drawings among pages, in order (a pupil looks for puzzle 6 after puzzle 5): (layout,
    drawing numbers) for each page. A page takes the first drawing not yet placed, then the next
    ones while all its drawings keep cells of at least `smallest` inches in some layout; then
    the layout that holds them with the biggest cells, of fewest slots if several do (a short
    page gets bigger cells). A drawing too big even for a page of its own at that size gets a
    page anyway. The first page gives up `first` inches at its top; `caption`: the inches over
    each drawing. (Callers free to choose the order, as class sets are, put similar sizes
    together.) TypeError or ValueError naming the argument at fault."""
    extents = check_extents(extents)
    if not isinstance(layouts, (list, tuple)) or not layouts or not all(
            isinstance(layout, tuple) and len(layout) == 2 and all(
                isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in layout)
            for layout in layouts):
        raise TypeError(f'layouts must be a list of (columns, rows) pairs of whole numbers at '
                        f'least 1, not {layouts!r:.60}')
    for name, value in (('smallest', smallest), ('first', first), ('caption', caption)):
        if isinstance(value, bool) or not isinstance(value, Real) or not 0 <= value < 100:
            raise ValueError(f'{name} must be a number of inches from 0 to 100, not {value!r:.40}')
    pages, left = [], list(range(len(extents)))
    while left:
        top = 0.0 if pages else first

        def cell(group: list[int], layout: PageLayout) -> float:  # the group's smallest cell
            return min(cell_inches(extents[k], layout, top, caption) for k in group)

        def fits(group: list[int]) -> bool:
            return any(len(group) <= columns * rows and cell(group, (columns, rows)) >= smallest
                       for columns, rows in layouts)

        group = left[:1]
        for k in left[1:]:
            if not fits(group + [k]):
                break
            group.append(k)
        layout = max((layout for layout in layouts if layout[0] * layout[1] >= len(group)),
                     key=lambda layout: (cell(group, layout), -layout[0] * layout[1]))
        pages.append((layout, group))
        left = [k for k in left if k not in group]
    return pages


# --- drawing ---------------------------------------------------------------------------------

def how_to_play(colour: bool = False) -> list[str]:
    """The rules and tips for pupils, in plain sentences (with the rules of colour puzzles if
    `colour`), as printed in the box on a worksheet's first page."""
    between = ('Between two blocks of the same colour there is at least one empty cell; blocks '
               'of different colours may touch.' if colour else
               'Between two blocks there is at least one empty cell.')
    return ['Fill in cells to find the hidden picture. The numbers beside a row, or above a '
            'column, are the lengths of its blocks of filled cells, in order (left to right, '
            'top to bottom).', between] + [
            "A number's box has its block's colour and letter (see the colours under the "
            "puzzle's title): colour the cells, or write the letter in them."] * colour + [
            'A zero means the line is empty. Cells printed filled (or dotted: empty) are given '
            'to help you.',
            'Tips: start with the big numbers, and put a dot in each cell you know is empty.']


def how_to_lines(colour: bool = False) -> list[str]:
    """how_to_play's sentences wrapped to the width of the page, each after a bullet."""
    import textwrap

    return [line for sentence in how_to_play(colour)
            for line in textwrap.wrap(sentence, 98, initial_indent='\N{BULLET} ',
                                      subsequent_indent='   ')]


def how_to_height(colour: bool = False) -> float:
    """The inches the box of how to play takes at the top of the first page, a gap included."""
    return 0.5 + len(how_to_lines(colour)) * TEXT_SIZE * 1.3 / 72 + HOW_TO_GAP


def draw_how_to_play(fig, colour: bool = False) -> None:
    """The box of how to play, under the header of the A4 Figure `fig` (in inches)."""
    from matplotlib.patches import FancyBboxPatch

    inches = fig.dpi_scale_trans
    top, height = A4[1] - MARGIN - HEADER, how_to_height(colour) - HOW_TO_GAP
    fig.add_artist(FancyBboxPatch((MARGIN, top - height), A4[0] - 2 * MARGIN, height,
                                  boxstyle='round,pad=0,rounding_size=0.1', transform=inches,
                                  facecolor='#f2f2f2', edgecolor='black', linewidth=0.8))
    fig.text(MARGIN + 0.15, top - 0.1, 'How to play', fontsize=TEXT_SIZE + 3,
             fontweight='bold', va='top', transform=inches)
    fig.text(MARGIN + 0.15, top - 0.38, '\n'.join(how_to_lines(colour)), fontsize=TEXT_SIZE,
             va='top', linespacing=1.3, transform=inches)


def slot_box(layout: PageLayout, slot: int, top: float = 0.0,
             caption: float = CAPTION) -> tuple[float, float, float, float]:
    """(left, top, width, height) in inches of slot number `slot` of `layout`: its top is the
    top of its caption; (width, height) what its drawing may use (slot_size)."""
    width, height = slot_size(layout, top, caption)
    return (MARGIN + slot % layout[0] * (width + GAP),
            A4[1] - MARGIN - HEADER - top - slot // layout[0] * (height + caption + GAP),
            width, height)


def slot_axes(fig, layout: PageLayout, slot: int, extent: Extent, caption: str,
              top: float = 0.0, room: float = CAPTION):
    """An Axes of exactly the drawing's size for a drawing of `extent` in slot number `slot` of
    `layout` on the A4 Figure `fig`, under `caption` (its first line bold) in `room` inches.
    `top`: inches taken above the slots."""
    left, upper, width, height = slot_box(layout, slot, top, room)
    cell = cell_inches(extent, layout, top, room)
    first, *rest = caption.splitlines()
    centre = (left + width / 2) / A4[0]
    fit_text(fig.text(centre, upper / A4[1], first, ha='center', va='top',
                      fontsize=CAPTION_SIZE, fontweight='bold', parse_math=False), width)
    fit_text(fig.text(centre, (upper - 0.24) / A4[1], '\n'.join(rest), ha='center', va='top',
                      fontsize=CAPTION_SIZE - 1.5, linespacing=1.3, parse_math=False), width)
    w, h = (extent[0] + 0.1) * cell, (extent[1] + 0.1) * cell
    return fig.add_axes(((left + (width - w) / 2) / A4[0], (upper - room - h) / A4[1],
                         w / A4[0], h / A4[1]))


def fit_text(text, width: float, smallest: float = 8.0) -> None:
    """Make a Figure's `text` (one line) fit `width` inches: a smaller font, down to `smallest`
    points, then cut short with an ellipsis. Measured as drawn (the Figure needs a canvas with
    a renderer, as worksheet_pages gives it)."""
    fig = text.get_figure()
    renderer = fig.canvas.get_renderer()

    def too_wide() -> bool:
        return text.get_window_extent(renderer).width / fig.dpi > width

    while too_wide() and text.get_fontsize() > smallest:
        text.set_fontsize(text.get_fontsize() - 0.5)
    while too_wide() and len(text.get_text()) > 4:
        text.set_text(text.get_text()[:-2].rstrip() + '\N{HORIZONTAL ELLIPSIS}')


def colour_legend(puzzle) -> list[tuple[str, str, str]]:
    """(letter, name, '#rrggbb') of each ink of a colour puzzle: its colours but the first,
    the background, which stays blank on the sheet."""
    import nonodraw

    palette = nonodraw.palette_of(puzzle.colours, len(puzzle.colours))
    return [(colour.char, colour.name, palette[k]) for k, colour in enumerate(puzzle.colours) if k]


def draw_legend(fig, puzzle, centre: float, top: float, width: float) -> None:
    """A colour puzzle's legend on the Figure `fig`, in a line centred at `centre` under `top`
    (inches), at most `width` wide: each ink's swatch with its letter, and its name (names left
    out, then the text made smaller, when the line would be too wide); then, unless it is
    white, the background's name, on a blank swatch: the cells left blank."""
    import nonodraw
    from matplotlib.patches import Rectangle

    items, size, swatch = colour_legend(puzzle), TEXT_SIZE - 1, 0.2
    if puzzle.colours[0].name != 'white':
        items.append(('', f'{puzzle.colours[0].name} (leave blank)', '#ffffff'))
    named = sum(swatch + 0.25 + len(name) * size * 0.55 / 72 for _, name, _ in items) <= width
    widths = [swatch + 0.25 + named * len(name) * size * 0.55 / 72 for _, name, _ in items]
    shrink = min(1.0, width / max(sum(widths), 1e-9))
    x, y, inches = centre - sum(widths) * shrink / 2, top - swatch, fig.dpi_scale_trans
    for (char, name, rgb), step in zip(items, widths):
        side = swatch * shrink
        fig.add_artist(Rectangle((x, y), side, side, facecolor=rgb, edgecolor='black',
                                 linewidth=0.6, transform=inches))
        fig.text(x + side / 2, y + side / 2, char, ha='center', va='center', fontweight='bold',
                 fontsize=size * shrink, color=nonodraw.print_ink(rgb), transform=inches)
        if named:
            fig.text(x + side + 0.06, y + side / 2, name, va='center', fontsize=size,
                     transform=inches, parse_math=False)
        x += step * shrink


def draw_sheet_puzzle(puzzle: Puzzle, ax, key: bool = False) -> None:
    """Draw a judged puzzle on `ax` as printed (empty cells, clues, givens filled or dotted if
    empty; a colour puzzle's clue boxes with their colours' letters), or for the key (its
    solution alone, without clues)."""
    import nonodraw

    givens = puzzle.givens or [[None] * puzzle.width] * puzzle.height
    cells = puzzle.goal if key else [[cell or 0 for cell in row] for row in givens]
    rows, cols = (None, None) if key else (puzzle.rows, puzzle.cols)
    if is_colour(puzzle):
        palette = nonodraw.palette_of(puzzle.colours, len(puzzle.colours))
        palette[0] = palette[0] if key else '#ffffff'  # a blank sheet is white
        letters = [colour.char for colour in puzzle.colours]
        nonodraw.draw_colour_grid(cells, rows, cols, palette, ax=ax, sets=False, letters=letters)
        letter_cells(ax, cells, palette, letters, puzzle, key)
    else:
        nonodraw.draw_grid(cells, rows, cols, ax=ax, legend=False)
    dots = [(i, j) for i, j, value in given_cells(givens) if value == 0 and not key]
    ax.scatter([j + 0.5 for _, j in dots], [i + 0.5 for i, _ in dots], s=16, color='black')


def letter_cells(ax, cells: list[list[int]], palette: list[str], letters: list[str],
                 puzzle: Puzzle, key: bool) -> None:
    """Write its colour's letter in each inked cell of a colour drawing (the givens of a puzzle,
    every picture cell of a key, drawn without clues), so that a black-and-white print keeps
    the colours apart."""
    import nonodraw

    left = 0 if key else max([len(clue) for clue in puzzle.rows] + [0])
    top = 0 if key else max([len(clue) for clue in puzzle.cols] + [0])
    box = ax.get_window_extent()
    points = min(box.width / (puzzle.width + left), box.height / (puzzle.height + top))
    size = points * 72 / ax.figure.dpi * 0.5
    for r, row in enumerate(cells):
        for c, colour in enumerate(row):
            if colour:
                ax.text(c + 0.5, r + 0.55, letters[colour], ha='center', va='center',
                        fontsize=size, fontweight='bold', color=nonodraw.print_ink(palette[colour]))


def sheet_caption(number: int, puzzle: Puzzle, key: bool = False) -> str:
    """A puzzle's number and title, then (not in the key) its difficulty and givens. A picture
    of the library (its metadata has a 'kind') keeps its name for the key: the pupil's page
    says 'Mystery animal', since the picture is the reward (a random picture: 'Mystery
    picture')."""
    kind = puzzle.metadata.get('kind')
    if kind is None and (puzzle.title or '').startswith('random picture '):
        kind = 'picture'  # its seed and number mean nothing to a pupil
    shown = f'Mystery {kind}' if kind and not key else (puzzle.title or 'puzzle')[:60]
    title = f'{number}. {shown}'
    given = [value for _, _, value in given_cells(puzzle.givens or [])]
    note = f'; {plural(len(given), "cell")} given' + ' (dot: empty)' * (0 in given) if given else ''
    return title if key else f'{title}\n{PUPIL_DIFFICULTY[puzzle.metadata["method"]]}{note}'


def draw_header(fig, title: str, number: int, pages: int, key: bool) -> None:
    """A page's header (its title in large type, and a line for the pupil's name but in the
    key) and its foot ('page 2 of 5')."""
    fig.text(MARGIN / A4[0], 1 - MARGIN / A4[1], title + (': answer key' if key else ''),
             fontsize=TITLE_SIZE, fontweight='bold', va='top', parse_math=False)
    fig.text(1 - MARGIN / A4[0], 1 - (MARGIN + 0.1) / A4[1], '' if key else 'Name: ' + '_' * 20,
             fontsize=TEXT_SIZE + 2.5, ha='right', va='top')
    fig.text(0.5, MARGIN * 0.36 / A4[1], f'page {number} of {pages}', fontsize=TEXT_SIZE,
             ha='center')


SheetPage = tuple[bool, PageLayout, list[int]]  # (the key?, its layout, its puzzles' numbers)


def check_judged(puzzles) -> list:
    """`puzzles` as a list, or TypeError/ValueError naming it unless it is a non-empty list of
    puzzles judge_for_sheet judged (each with its goal and metadata['method'])."""
    if isinstance(puzzles, (str, bytes)) or not hasattr(puzzles, '__iter__'):
        raise TypeError(f'puzzles must be a list of judged puzzles, not {type(puzzles).__name__}')
    puzzles = list(puzzles)
    if not puzzles:
        raise ValueError('puzzles must hold at least one puzzle for a worksheet')
    for k, puzzle in enumerate(puzzles, 1):
        if not isinstance(puzzle, Puzzle) and not is_colour(puzzle):
            raise TypeError(f'puzzles: puzzle {k} is a {type(puzzle).__name__}, not a Puzzle '
                            'or a ColourPuzzle')
        if puzzle.goal is None or puzzle.metadata.get('method') not in DIFFICULTY:
            raise ValueError(f'puzzles: puzzle {k} ({puzzle.title or "untitled"}) is not judged: '
                             'judge_for_sheet gives it its key and difficulty')
    return puzzles


def worksheet_layout(puzzles: list[Puzzle]) -> list[SheetPage]:
    """The pages of a worksheet of judged puzzles, as pages_of shares them: the puzzles' pages
    (the first under the box of how to play; captions with a line more for a colour legend if
    a puzzle is in colour), then the key's. TypeError/ValueError naming puzzles unless they
    are judged puzzles (check_judged)."""
    puzzles = check_judged(puzzles)
    colour = any(map(is_colour, puzzles))
    sizes = [[extent(puzzle, clues=not key) for puzzle in puzzles] for key in (0, 1)]
    return ([(False, *page) for page in pages_of(sizes[0], SHEET_LAYOUTS, PENCIL_CELL,
                                                 how_to_height(colour), CAPTION + LEGEND * colour)]
            + [(True, *page) for page in pages_of(sizes[1], KEY_LAYOUTS, KEY_CELL)])


def worksheet_pages(puzzles: list[Puzzle], title: str = 'Nonograms') -> Iterator:
    """The pages of a worksheet of judged puzzles, as matplotlib Figures: the puzzles, then the
    key (worksheet_layout). Each page has a header (the title, and a line for the pupil's name),
    a caption over each puzzle (with its colour legend for a colour puzzle), and its number at
    the foot; the first page begins with a box of how to play."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    puzzles = check_judged(puzzles)
    colour = any(map(is_colour, puzzles))
    room = CAPTION + LEGEND * colour
    pages = worksheet_layout(puzzles)
    for number, (key, layout, group) in enumerate(pages, 1):
        fig = Figure(figsize=A4)
        FigureCanvasAgg(fig)  # a renderer, to measure captions (fit_text)
        draw_header(fig, title, number, len(pages), key)
        top = how_to_height(colour) if number == 1 else 0.0
        if number == 1:
            draw_how_to_play(fig, colour)
        space = CAPTION if key else room
        for slot, k in enumerate(group):
            caption = sheet_caption(k + 1, puzzles[k], key)
            size = extent(puzzles[k], clues=not key)
            ax = slot_axes(fig, layout, slot, size, caption, top, space)
            if is_colour(puzzles[k]) and not key:
                left, upper, width, _ = slot_box(layout, slot, top, space)
                draw_legend(fig, puzzles[k], left + width / 2, upper - CAPTION, width)
            draw_sheet_puzzle(puzzles[k], ax, key)
        yield fig


def draw_worksheet(puzzles: list[Puzzle], path, title: str = 'Nonograms') -> int:
    """Write the worksheet_pages of judged puzzles to `path` as a PDF; return its page count.
    Its text is real text (fonts embedded as TrueType), so titles and clues can be searched."""
    puzzles = check_judged(puzzles)
    if not isinstance(title, str):
        raise TypeError(f'title must be a str, not {type(title).__name__}')
    from matplotlib import rc_context
    from matplotlib.backends.backend_pdf import PdfPages

    with whole_file(path) as part:  # (no half-written worksheet, whatever stops it)
        with rc_context({'pdf.fonttype': 42}), PdfPages(part, metadata={'Title': title}) as pdf:
            for fig in worksheet_pages(puzzles, title):
                pdf.savefig(fig)
            pages = pdf.get_pagecount()
    return pages


# --- class sets ------------------------------------------------------------------------------

PICTURE_SUFFIXES = ('.png', '.jpg', '.jpeg', '.gif', '.bmp', '.txt')


def class_pictures(size: int, seed: int = 0, folder=None, density: float = 0.4, *,
                   deadline: float | None = None,
                   skipped: list | None = None) -> Iterator[tuple[str, list]]:
    """(title, picture) pairs: seeded random size x size pictures without end (picture k of seed s
    is lesson 4's random_picture with the seed f'{s}/{k}'), or the picture files of `folder`
    (PNG, JPEG, 0/1 text, any picture scaled to at most `size` cells a side) in an order the
    seed shuffles. deadline: a time.monotonic() value the reading of a file stops at
    (SearchLimit). skipped: if a list, a file that is not a picture (PuzzleFileError) or a
    blank picture is skipped and noted in it as (file name, why); else it raises."""
    import itertools

    checked_class_set(1, size, None, deadline)
    if folder is None:
        for k in itertools.count(1):
            yield f'random picture {seed}/{k}', random_picture(size, size, density, f'{seed}/{k}')
    for path in picture_files(folder, seed):
        try:
            puzzles = read_puzzles(path, picture_size=size, deadline=deadline)
            if any(puzzle.goal is None for puzzle in puzzles):
                raise PuzzleFileError(path, None, 'not a picture (it has clues, not cells)')
        except PuzzleFileError as error:
            if skipped is None:
                raise
            skipped.append((path.name, error.message))
            continue
        for puzzle in puzzles:
            picture = scale_picture(puzzle.goal, size, deadline=deadline)
            if not any(map(any, picture)) and skipped is not None:
                skipped.append((path.name, 'blank: no filled cell'))
                continue
            yield path.stem, picture


def picture_suffixes(colour: bool = False) -> tuple[str, ...]:
    """The suffixes of picture files (PICTURE_SUFFIXES), less '.txt' for `colour` pictures (a 0/1
    text picture has no colours)."""
    return tuple(suffix for suffix in PICTURE_SUFFIXES if not (colour and suffix == '.txt'))


def picture_files(folder, seed: int = 0, colour: bool = False) -> list[Path]:
    """The picture files of `folder` (picture_suffixes(colour)), in an order the seed shuffles."""
    import random
    files = sorted(path for path in Path(folder).iterdir()
                   if path.suffix.lower() in picture_suffixes(colour))
    random.Random(seed).shuffle(files)
    return files


def colour_class_pictures(folder, size: int, colours: int, seed: int = 0, *,
                          deadline: float | None = None,
                          skipped: list | None = None) -> Iterator[tuple[str, object]]:
    """(title, ColourPuzzle) pairs: the PNG, JPEG, GIF and BMP files of `folder` as colour
    puzzles of at most `colours` colours (the background included) and `size` cells a side
    (nonocolourfiles.image_puzzle), in an order the seed shuffles. deadline and skipped: as
    class_pictures's."""
    from nonocolourfiles import image_puzzle
    for path in picture_files(folder, seed, colour=True):
        try:
            puzzle = image_puzzle(path, size, colours, path.stem, deadline=deadline)
        except PuzzleFileError as error:
            if skipped is None:
                raise
            skipped.append((path.name, error.message))
            continue
        if len(puzzle.colours) < 2 and skipped is not None:
            skipped.append((path.name, 'blank: one colour only'))
            continue
        yield path.stem, puzzle


def skipped_note(skipped: list) -> str:
    """'; skipped: a.txt (not a picture ...), b.png (blank: no filled cell)' (at most three
    named), or '' if none was."""
    if not isinstance(skipped, list) or not all(
            isinstance(item, tuple) and len(item) == 2 for item in skipped):
        raise TypeError(f'skipped must be a list of (file name, why) pairs, not {skipped!r:.40}')
    if not skipped:
        return ''
    named = ', '.join(f'{name} ({why[:60]})' for name, why in skipped[:3])
    more = f' and {len(skipped) - 3} more' if len(skipped) > 3 else ''
    return f'; skipped: {named}{more}'


def check_picture_folder(folder, colour: bool = False) -> None:
    """NonogramError in one line unless `folder` is a folder with picture files in it (no such
    folder; not a folder; no PNG, JPEG, GIF, BMP or .txt pictures in it; for `colour`, no PNG,
    JPEG, GIF or BMP: a 0/1 text picture has no colours)."""
    if not isinstance(folder, (str, os.PathLike)):
        raise TypeError(f'folder must be a path (str or Path), not {type(folder).__name__}')
    path = Path(folder)
    if not path.exists():
        raise NonogramError(f'{folder}: no such folder')
    if not path.is_dir():
        raise NonogramError(f'{folder}: not a folder of pictures')
    if not any(item.suffix.lower() in picture_suffixes(colour) for item in path.iterdir()):
        raise NonogramError(f'{folder}: no PNG, JPEG, GIF, BMP{"" if colour else " or .txt"} '
                            'pictures in it')


MOST_PUZZLES = 1000  # in a class set: more than a class could print


def checked_class_set(count, size, seconds, deadline) -> tuple[int | None, float]:
    """class_set's count, size, seconds and deadline checked at once (TypeError or ValueError
    naming the argument): (size, the time.monotonic() value the set must be made by)."""
    if isinstance(count, bool) or not isinstance(count, Integral):
        raise TypeError(f'count must be a whole number of puzzles, not {count!r}')
    if not 1 <= count <= MOST_PUZZLES:
        raise ValueError(f'count must be from 1 to {MOST_PUZZLES:,} puzzles, not {count!r:.40}')
    if size is not None and (isinstance(size, bool) or not isinstance(size, Integral)):
        raise TypeError(f'size must be None or a whole number of cells, not {size!r}')
    if size is not None and not 1 <= size <= MAX_SIDE:
        raise ValueError(f'size must be from 1 to {MAX_SIDE} cells a side, not {size!r}')
    seconds = checked_seconds('seconds', seconds)
    if deadline is not None and (isinstance(deadline, bool) or not isinstance(deadline, Real)
                                 or deadline != deadline):
        raise TypeError(f'deadline must be None or a time.monotonic() value, not {deadline!r}')
    ends = [time.monotonic() + seconds] if seconds is not None else []
    ends += [deadline] if deadline is not None else []
    return None if size is None else int(size), min(ends, default=float('inf'))


def class_set(count: int, size: int | None = None, difficulty: str = 'line', *, seed: int = 0,
              folder=None, random_pictures: bool = False, colours: int | None = None,
              density: float = 0.4, seconds: float | None = 20.0, max_nodes: int = 2000,
              deadline: float | None = None) -> list[Puzzle]:
    """`count` distinct puzzles with one solution whose method is `difficulty` ('line',
    'probing' or 'search'): by default pictures of the library nonopictures (see library_set:
    `size` and `colours` choose among them); with `random_pictures`, seeded random size x size
    pictures (size 10 unless told), or with `folder`, its picture files (read at most `size`
    cells a side), each made unique by make_puzzle (for 'line': with givens that let line logic
    alone finish). Reproducible: each analysis has a node budget (a picture that needs more is
    skipped), so the same seed gives the same puzzles on any machine. SearchLimit if `seconds`
    run out first (its `solutions`: the puzzles made), NonogramError if the library's or the
    folder's pictures run out; never a smaller set than asked for. The puzzles come sorted by
    their drawn extent (similar sizes share a worksheet's pages), in an order the seed fixes.
    `deadline` (a
    time.monotonic() value) ends the time earlier than `seconds` if it comes first (None for
    either: no limit from it). count, size (at most MAX_SIDE), seconds and deadline are
    checked at once (TypeError or ValueError naming them). The clock is looked at between the
    pictures and given to each step; a step that cannot stop part way (making a puzzle of a
    large picture) is not begun when less time is left than the quickest step so far took."""
    size, ends = checked_class_set(count, size, seconds, deadline)
    if difficulty not in NEEDS:
        raise ValueError(f'difficulty must be one of {", ".join(NEEDS)}, not {difficulty!r}')
    if folder is not None and random_pictures:
        raise ValueError('random_pictures and folder do not go together')
    if folder is None and not random_pictures:
        return library_set(count, difficulty, seed=seed, size=size, colours=colours,
                           seconds=None, max_nodes=max_nodes, deadline=ends)
    if colours is not None and folder is None:
        raise ValueError('colours choose the library\'s colour pictures, or a folder\'s: random '
                         'pictures make black-and-white puzzles')
    if folder is not None:
        check_picture_folder(folder, colour=colours is not None)
    size = size or 10
    start = time.monotonic()
    seconds = ends - start
    made, seen, hopeless, quickest, left, skipped = [], set(), False, 0.0, seconds, []
    try:
        pictures = (class_pictures(size, seed, folder, density, deadline=ends, skipped=skipped)
                    if colours is None else
                    colour_class_pictures(folder, size, colours, seed, deadline=ends,
                                          skipped=skipped))
        for title, picture in pictures:
            left = ends - time.monotonic()
            if left <= 0 or left < quickest:  # (a step begun now would overrun the time)
                break
            if hopeless_pace(len(made), count, time.monotonic() - start, seconds):
                hopeless = True
                break
            share = min(left, seconds / 4)  # (one picture may not eat the time: see hopeless_pace)
            limits = {'max_nodes': max_nodes, 'time_limit': checked_seconds('seconds', share)}
            begun = time.monotonic()
            try:
                puzzle, verdict = within(share, lambda: judged_picture(
                    picture, title, difficulty == 'line', **limits) if colours is None else
                    judged_colour_picture(picture, **limits))
            except SearchLimit:  # too many nodes (skip the picture), or out of time (stop)
                continue
            finally:
                took = time.monotonic() - begun
                quickest = took if not quickest else min(quickest, took)
            cells = picture if colours is None else picture.goal
            if verdict.status == 'multiple' and colours is not None and folder is not None:
                skipped.append((title, 'several solutions'))  # (colour givens: not made)
            elif (verdict.status == 'unique' and verdict.method == difficulty
                  and str(cells) not in seen and any(map(any, cells))):
                seen.add(str(cells))
                made.append(puzzle)
                if len(made) == count:
                    return sorted(made, key=extent)  # (similar sizes share pages)
    except SearchLimit:  # reading a picture file ran out of time
        pass
    what = (f'could make only {len(made)} of {count} puzzles of {"at most " * bool(folder)}'
            f'{size}x{size} that {NEEDS[difficulty]}')
    spent = time.monotonic() - start
    if folder is None or hopeless or time.monotonic() >= ends or left < quickest:
        raise SearchLimit(f'{what} in {spent if hopeless else max(0.0, min(spent, seconds)):.3g} s'
                          + pace_note(len(made), count, spent) + skipped_note(skipped), 0, spent,
                          made)
    raise NonogramError(f'{what} from the pictures in {folder}' + skipped_note(skipped))


def judged_picture(picture, title: str, line_solvable: bool, **limits) -> tuple:
    """(make_puzzle's puzzle of the picture, the engine's verdict on it), within `limits`."""
    puzzle = make_puzzle(picture, title, line_solvable, **limits)
    return puzzle, nonoengine.analyse(puzzle.rows, puzzle.cols, puzzle.givens, **limits)


def judged_colour_picture(puzzle, **limits) -> tuple:
    """(the colour puzzle of a picture, lesson 14's verdict on it), within `limits`."""
    import nonocolour  # (colour puzzles only)
    return puzzle, nonocolour.analyse(puzzle.rows, puzzle.cols, **limits)


def hopeless_pace(made: int, count: int, spent: float, seconds: float) -> bool:
    """Whether a class set at this pace cannot be made in `seconds`: after a quarter of the
    time, none made yet, or the pace so far would need more than twice the time."""
    return spent >= seconds / 4 and (made == 0 or spent / made * count > 2 * seconds)


def pace_note(made: int, count: int, spent: float) -> str:
    """'; at this pace 10 would take about 75 s' (nothing if none was made)."""
    return f'; at this pace {count} would take about {spent / made * count:.0f} s' if made else ''


def library_names(seed: int = 0, size: int | None = None, colours: int | None = None) -> list[str]:
    """The names of the library's pictures a class set may use, in an order the seed shuffles:
    black and white ones (colours None), or colour ones of at most `colours` colours, the
    background included (at least 2: the background and one ink); if `size` is given, only
    those of at most `size` cells a side."""
    import random

    import nonopictures

    if colours is not None and (isinstance(colours, bool) or not isinstance(colours, int)
                                or colours < 2):
        raise ValueError(f'colours must be a whole number at least 2 for library pictures (the '
                         f'background and an ink), not {colours!r}')

    def fits(name):  # at most `size` cells a side, and at most `colours` colours
        grid = nonopictures.picture(name)
        return ((size is None or max(len(grid), len(grid[0])) <= size)
                and (colours is None or nonopictures.inks(name) < colours))
    chosen = list(filter(fits, nonopictures.names(colour=colours is not None)))
    random.Random(seed).shuffle(chosen)
    return chosen


def library_set(count: int, difficulty: str = 'line', *, seed: int = 0, size: int | None = None,
                colours: int | None = None, seconds: float | None = 20.0,
                max_nodes: int = 2000, deadline: float | None = None) -> list[Puzzle]:
    """`count` puzzles of the library's pictures (the first of library_names(seed, size, colours)
    whose difficulty is `difficulty`), each titled by its picture's name, sorted by their drawn
    extent (similar sizes share a worksheet's pages; a stable sort). NonogramError in
    one line if there are too few, saying how many there are at each difficulty; SearchLimit if
    `seconds` run out first, or `deadline` (a time.monotonic() value) passes (judging the whole
    library takes well under a second). Arguments are checked as class_set checks them."""
    import nonopictures

    size, ends = checked_class_set(count, size, seconds, deadline)
    start, made, counts = time.monotonic(), [], dict.fromkeys(NEEDS, 0)
    for name in library_names(seed, size, colours):
        if time.monotonic() > ends:
            spent = time.monotonic() - start
            raise SearchLimit(f'could take only {len(made)} of {count} library pictures that '
                              f'{NEEDS[difficulty]} in {spent:.3g} s', 0, spent, made)
        method = nonopictures.difficulty(name, max_nodes)
        counts[method] += 1
        if method == difficulty:
            made.append(nonopictures.puzzle(name))
            if len(made) == count:
                return sorted(made, key=extent)  # (similar sizes share pages)
    what = (f'colour pictures of at most {colours} colours' if colours is not None
            else 'black-and-white pictures') + (f' of at most {size}x{size}' if size else '')
    others = ', '.join(f'{counts[method]} that {NEEDS[method]}'
                       for method in NEEDS if method != difficulty)
    raise NonogramError(f'the library has {counts[difficulty]} {what} that {NEEDS[difficulty]}, '
                        f'fewer than {count} ({others}); '
                        + ('a larger --size, or --random, makes more' if size else
                           '--random makes more') + ', in black and white' * (colours is not None))
