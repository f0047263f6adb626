"""Colour puzzles from files and pictures: webpbn XML in colour, and colour pictures into puzzles.

A library module, not a lesson (`notebooks/reference-files.ipynb` shows it at work). It reads
and writes colour puzzles in webpbn's XML format, the format of the largest collection of
nonograms on the web, and turns a colour picture into a colour puzzle.

The colour parts of webpbn XML: each colour is defined as `<color name="red" char="r">ff0000
</color>` (a name, a character for drawing the solution, an RGB value of 3 or 6 hex digits); the
puzzle's `backgroundcolor` attribute names the background (white if absent) and `defaultcolor`
the colour of blocks that name none (black if absent); each block is `<count color="red">3
</count>`; a solution `<image>` draws the picture with the colours' characters between bars.
A colour without a character gets one: the first letter of its name that no other colour uses
(the background gets `.`).

- `ColourPuzzle`: a colour puzzle as data: the clues, each block a (length, colour number) pair,
  colours numbered in the file's order with the background first as colour 0; the colours
  (`nonodraw.Colour`: name, char, rgb); metadata strings; the goal (rows of colour numbers).
- `parse_colour_xml(text)`, `read_colour_puzzles(path)`: read webpbn XML, colour or not.
- `format_colour_xml(puzzles)`, `write_colour_puzzle(puzzles, path)`: write it.
- `bw_puzzle_clues(puzzle)`: a one-ink puzzle's black-and-white clues (or None).
- `image_puzzle(path, size, colours)`: a colour picture made into a ColourPuzzle whose goal is
  the picture: quantised to `colours` colours (median cut), scaled down (each cell takes the
  colour most of its pixels have), the background the colour most frequent along the border,
  the colours named by `nonodraw.name_colours`.

Errors: a malformed file raises `nonofiles.PuzzleFileError` naming the file and line (an unknown
colour, two colours with one character, a count of zero, a clue too long for its line, rows and
columns that ask for different numbers of cells of a colour, a solution that does not fit);
bad arguments raise TypeError or ValueError; rows and columns that need different numbers of cells
of a colour raise `nonofiles.TotalsDifferError` (a well-formed puzzle without a solution). Every
reader takes `deadline` (a time.monotonic() value, keyword-only) and raises nonocheck.SearchLimit
once it passes. A colour's character may be any one visible character, of any script. Sizes are
written rows x columns. Importing this module does not load Pillow.
"""

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from nonocheck import colour_totals, shortest_line
from nonocolourline import colour_clues
from nonodraw import SPARE_CHARS, Colour, name_colours
from nonofiles import (MAX_SIDE, XML_METADATA, Puzzle, PuzzleFileError, Source, TotalsDifferError,
                       checked_path, file_bytes, file_text, on_white, opened_image,
                       parse_xml_tree, reading_clock, scaled_size, xml_clues, xml_count,
                       xml_metadata)

# The public names (the docstring's list); the readers' steps are not.
__all__ = ['ColourPuzzle', 'parse_colour_xml', 'read_colour_puzzles', 'format_colour_xml',
           'check_writable', 'write_colour_puzzle', 'bw_puzzle_clues', 'image_puzzle']

ColourClue = list[tuple[int, int]]  # blocks as (length, colour number); colour 0 is the background


@dataclass
class ColourPuzzle:
    """A colour nonogram as plain data: clues (blocks (length, colour number)), the colours (0 is
    the background), metadata strings (title, by, ...), the goal (rows of colour numbers), and
    givens (rows of colour numbers, None where open) if some cells are printed."""
    rows: list[ColourClue]
    cols: list[ColourClue]
    colours: list[Colour]
    metadata: dict[str, str] = field(default_factory=dict)
    goal: list[list[int]] | None = None
    givens: list[list[int | None]] | None = None

    height, width, title = Puzzle.height, Puzzle.width, Puzzle.title  # as nonofiles.Puzzle


# --- reading webpbn XML in colour ------------------------------------------------------------

STANDARD_RGB = {'white': 'ffffff', 'black': '000000'}


def visible_char(char) -> bool:
    """Is `char` one visible character (a letter, digit, punctuation or symbol of any script, a
    CJK character included; no space, control or combining mark)?"""
    import unicodedata

    return isinstance(char, str) and len(char) == 1 and unicodedata.category(char)[0] in 'LNPS'


def parse_colour_xml(text: str, source: Source = '<text>', *,
                     deadline=None) -> list[ColourPuzzle]:
    """Read webpbn XML (a <puzzleset> or one <puzzle>), in colour or not; return ColourPuzzles.
    deadline: a time.monotonic() value; SearchLimit (nonocheck) once it passes."""
    if not isinstance(text, str):
        raise TypeError(f'text must be a str of XML, not {type(text).__name__}')
    clock = reading_clock(deadline, source)
    root, starts = parse_xml_tree(text, source, deadline=clock)
    elements = [root] if root.tag == 'puzzle' else root.findall('puzzle')
    if root.tag not in ('puzzle', 'puzzleset') or not elements:
        raise PuzzleFileError(source, starts.get(root), 'expected <puzzleset> of <puzzle> '
                                                        'elements, or one <puzzle>')
    return [xml_colour_puzzle(element, starts, source, deadline=clock) for element in elements]


def xml_colours(element, starts: dict, source: Source) -> list[Colour]:
    """The colours of a <puzzle>, the background first, each with a distinct character."""
    line = starts.get(element)
    background = element.get('backgroundcolor', 'white')
    named = {}
    for item in element.findall('color'):
        name, rgb = item.get('name'), (item.text or '').strip().lower()
        where = starts.get(item)
        if not name or name in named:
            raise PuzzleFileError(source, where, f'a <color> needs a name of its own, not {name!r}')
        if not re.fullmatch(r'[0-9a-f]{3}|[0-9a-f]{6}', rgb):
            raise PuzzleFileError(source, where, f'colour {name!r}: {rgb!r} is not an RGB value '
                                                 '(3 or 6 hex digits)')
        char = item.get('char')
        if char is not None and not visible_char(char):
            raise PuzzleFileError(source, where, f'colour {name!r}: char {char!r} is not one '
                                                 'visible character')
        if char == '.' and name != background:
            raise PuzzleFileError(source, where, f'colour {name!r}: "." is the background\'s '
                                                 'character')
        named[name] = (rgb if len(rgb) == 6 else ''.join(d * 2 for d in rgb), char, where)
    default = element.get('defaultcolor', 'black')
    uncoloured = any(count.get('color') is None for count in element.iter('count'))
    for name, role in [(background, 'backgroundcolor')] + (
            [(default, 'defaultcolor')] if uncoloured else []):  # (only if used)
        if name not in named:
            if name not in STANDARD_RGB:
                raise PuzzleFileError(source, line, f'colour {name!r} is used but not defined '
                                                    f'(the puzzle\'s {role})')
            named[name] = (STANDARD_RGB[name], None, line)
    order = [background] + [name for name in named if name != background]
    chars = {}
    for name in order:
        char, where = named[name][1], named[name][2]
        if char in chars.values():
            raise PuzzleFileError(source, where, f'colour {name!r} has the character {char!r} '
                                                 'of another colour')
        if char is not None:
            chars[name] = char
    for name in order:
        if name not in chars:
            spare = ('.' if name == background else '') + ''.join(
                ch for ch in name.lower() + SPARE_CHARS if ch.isalnum() and ch.isascii())
            free = [ch for ch in spare if ch not in chars.values()]
            if not free:
                raise PuzzleFileError(source, named[name][2], f'colour {name!r} has no char, and '
                                                              'no spare character is left')
            chars[name] = free[0]
    return [Colour(name, chars[name], named[name][0]) for name in order]


def xml_colour_puzzle(element, starts: dict, source: Source, *, deadline=None) -> ColourPuzzle:
    """One <puzzle> element as a ColourPuzzle, checked, with errors naming the line.
    deadline: see parse_colour_xml."""
    clock = reading_clock(deadline, source)
    line = starts.get(element)
    if element.get('type', 'grid') != 'grid':
        raise PuzzleFileError(source, line, f'puzzle type {element.get("type")!r} is not '
                                            'supported (only "grid")')
    colours = xml_colours(element, starts, source)
    number = {colour.name: k for k, colour in enumerate(colours)}
    ink = element.get('defaultcolor', 'black')

    def block(count):  # a <count>: (length, colour number)
        where, name = starts.get(count), count.get('color', ink)
        if name not in number or number[name] == 0:
            raise PuzzleFileError(source, where, f'count colour {name!r} is '
                                  + ('the background' if name in number else
                                     'not defined by a <color>'))
        length = xml_count(count, starts, source)
        if length == 0:
            raise PuzzleFileError(source, where, 'a count must be at least 1')
        return length, number[name]

    clues, lines = xml_clues(element, starts, source, block, deadline=clock)
    for kind in ('rows', 'columns'):
        if not clues[kind] or len(clues[kind]) > MAX_SIDE:
            raise PuzzleFileError(source, lines[kind][0] if not clues[kind] else line,
                                  f'<clues type="{kind}"> needs 1 to {MAX_SIDE} lines')
    for kind, other in (('rows', 'columns'), ('columns', 'rows')):
        for clue, where in zip(clues[kind], lines[kind]):
            clock.tick()
            if shortest_line(clue) > len(clues[other]):
                raise PuzzleFileError(source, where, f'this clue needs {shortest_line(clue)} '
                                      f'cells, the line has {len(clues[other])}')
    by_rows, by_cols = colour_totals(clues['rows']), colour_totals(clues['columns'])
    for k in sorted(set(by_rows) | set(by_cols)):
        if by_rows[k] != by_cols[k]:
            raise TotalsDifferError(source, line, f'the rows need {by_rows[k]} {colours[k].name} '
                                                f'cells, the columns {by_cols[k]}')
    metadata = xml_metadata(element)
    goal = None
    clock.check()
    for solution in element.findall('solution'):
        image = solution.find('image')
        if solution.get('type', 'goal') == 'goal' and image is not None:
            goal = xml_colour_image(image.text or '', clues, colours, source, starts.get(image))
    clock.check()
    return ColourPuzzle(clues['rows'], clues['columns'], colours, metadata, goal)


def xml_colour_image(text: str, clues: dict, colours: list[Colour], source: Source,
                     line: int | None) -> list[list[int]]:
    """A solution <image> ('|rr.b|' rows of colour characters), checked against the clues."""
    chars = {colour.char: k for k, colour in enumerate(colours)}
    rows = [row.strip() for row in text.strip().splitlines() if row.strip()]
    rows = [row[1:-1] if len(row) >= 2 and row[0] == row[-1] == '|' else row for row in rows]
    height, width = len(clues['rows']), len(clues['columns'])
    if len(rows) != height or any(len(row) != width for row in rows):
        raise PuzzleFileError(source, line, f'the solution image is not {height} rows of '
                                            f'{width} cells')
    for row in rows:
        for char in row:
            if char not in chars:
                raise PuzzleFileError(source, line, f'the solution image has {char!r}, which is '
                                                    'no colour\'s character')
    goal = [[chars[char] for char in row] for row in rows]
    if colour_clues(goal) != (clues['rows'], clues['columns']):
        raise PuzzleFileError(source, line, 'the solution image does not match the clues')
    return goal


def read_colour_puzzles(path: Source, *, deadline=None) -> list[ColourPuzzle]:
    """The puzzles of a webpbn XML file (colour or not). Raises PuzzleFileError for a file that
    cannot be read (the same checks as nonofiles.read_puzzles) or is malformed; SearchLimit
    once `deadline` (a time.monotonic() value) passes."""
    path = checked_path(path)
    clock = reading_clock(deadline, path)
    return parse_colour_xml(file_text(file_bytes(path), path), path, deadline=clock)


def bw_puzzle_clues(puzzle: ColourPuzzle) -> tuple[list[list[int]], list[list[int]]] | None:
    """(rows, cols) as black-and-white clues if the puzzle has a single ink, else None."""
    if not isinstance(puzzle, ColourPuzzle):
        raise TypeError(f'puzzle must be a ColourPuzzle, not {type(puzzle).__name__}')
    if len({colour for clue in puzzle.rows + puzzle.cols for _, colour in clue}) > 1:
        return None
    return ([[length for length, _ in clue] for clue in puzzle.rows],
            [[length for length, _ in clue] for clue in puzzle.cols])


# --- writing webpbn XML in colour ------------------------------------------------------------

def format_colour_xml(puzzles: ColourPuzzle | list[ColourPuzzle]) -> str:
    """webpbn XML text (a <puzzleset>) for one ColourPuzzle or a list of them; parse_colour_xml
    reads it back as the same puzzles. Raises TypeError or ValueError (see check_writable)."""
    import html

    def text(value):
        return html.escape(str(value), quote=True)

    if not isinstance(puzzles, (ColourPuzzle, list, tuple)):
        raise TypeError(f'puzzles must be a ColourPuzzle or a list of them, not '
                        f'{type(puzzles).__name__}')
    out = ['<?xml version="1.0"?>', '<puzzleset>']
    for puzzle in [puzzles] if isinstance(puzzles, ColourPuzzle) else puzzles:
        check_writable(puzzle)
        names = [colour.name for colour in puzzle.colours]
        ink = names[1] if len(names) > 1 else 'black'
        out.append(f'<puzzle type="grid" backgroundcolor="{text(names[0])}" '
                   f'defaultcolor="{text(ink)}">')
        tags = {key: tag for tag, key in XML_METADATA.items()}
        out += [f'<{tags[key]}>{text(value)}</{tags[key]}>'
                for key, value in puzzle.metadata.items() if key in tags]
        out += [f'<color name="{text(c.name)}" char="{text(c.char)}">{c.rgb}</color>'
                for c in puzzle.colours]
        for kind, clues in (('columns', puzzle.cols), ('rows', puzzle.rows)):
            out.append(f'<clues type="{kind}">')
            out += ['<line>' + ''.join(f'<count color="{text(names[colour])}">{length}</count>'
                                       for length, colour in clue) + '</line>' for clue in clues]
            out.append('</clues>')
        if puzzle.goal is not None:
            out.append('<solution type="goal"><image>')
            out += ['|' + text(''.join(puzzle.colours[k].char for k in row)) + '|'
                    for row in puzzle.goal]
            out.append('</image></solution>')
        out.append('</puzzle>')
    return '\n'.join(out + ['</puzzleset>']) + '\n'


def check_writable(puzzle: ColourPuzzle) -> None:
    """TypeError or ValueError unless `puzzle` is a ColourPuzzle that webpbn XML can hold: its
    colours Colours with 6-digit lower-case RGB and distinct visible chars, every colour number
    in range, and no givens (the format has no place for them)."""
    if not isinstance(puzzle, ColourPuzzle):
        raise TypeError(f'puzzle must be a ColourPuzzle (format_colour_xml writes them), not '
                        f'{type(puzzle).__name__}')
    if not puzzle.colours or not all(isinstance(colour, Colour) for colour in puzzle.colours):
        raise TypeError('a ColourPuzzle needs its colours as a list of Colour, '
                        'the background first')
    for colour in puzzle.colours:
        if not re.fullmatch(r'[0-9a-f]{6}', str(colour.rgb)) or not visible_char(colour.char):
            raise ValueError(f'{colour}: the rgb must be 6 lower-case hex digits and the char '
                             'one visible character')
    if len({colour.char for colour in puzzle.colours}) < len(puzzle.colours):
        raise ValueError('two colours of the puzzle have the same char')
    colour_clues_of = [c for clue in puzzle.rows + puzzle.cols for _, c in clue]
    colour_goal = [k for row in puzzle.goal or [] for k in row]
    if any(not 0 <= k < len(puzzle.colours) for k in colour_clues_of + colour_goal):
        raise ValueError(f'the puzzle uses a colour number beyond its '
                         f'{len(puzzle.colours)} colours')
    if not isinstance(puzzle.metadata, dict):
        raise TypeError(f'a ColourPuzzle\'s metadata is a dict of strings, not '
                        f'{type(puzzle.metadata).__name__}')
    if puzzle.givens is not None:
        raise ValueError('webpbn XML has no place for givens: leave them out to write the puzzle')


def write_colour_puzzle(puzzles: ColourPuzzle | list[ColourPuzzle], path: Source) -> Path:
    """Write one ColourPuzzle or a list of them as webpbn XML; return the path."""
    path = checked_path(path)
    path.write_text(format_colour_xml(puzzles), encoding='utf-8')
    return path


# --- from a colour picture to a puzzle -------------------------------------------------------

PALETTE_PIXELS = 250_000  # the colours of a larger picture are chosen from a sample this big
SAMPLE_PIXELS = 1_000_000  # a larger picture is sampled (evenly, per cell) before its colours


def image_puzzle(path: Source, size: int = 20, colours: int = 4, title: str = '', *,
                 deadline=None) -> ColourPuzzle:
    """A colour puzzle from a picture file: scaled so its longer side is at most `size` cells,
    quantised to `colours` colours (the background included). Raises PuzzleFileError if
    unreadable, ValueError for a size or number of colours out of range; SearchLimit once
    `deadline` (a time.monotonic() value) passes, looked at while the picture is decoded and
    between the steps after.

    Quantising (Pillow's median cut) picks the colours that represent the picture best; each
    cell takes the colour most of its pixels have (an average would mix new colours at every
    edge); the background is the colour most frequent along the border. Pictures are never
    enlarged. A picture of more than SAMPLE_PIXELS pixels is first sampled down (nearest
    pixels, the same number for every cell) to about SAMPLE_PIXELS, so that time and memory
    stay small for a picture of any size (a JPEG is even decoded at a smaller scale)."""
    from PIL import Image

    path = checked_path(path)

    for name, value, lowest in (('size', size, 1), ('colours', colours, 2)):
        if isinstance(value, bool) or not isinstance(value, int) or not lowest <= value <= (
                MAX_SIDE if name == 'size' else 32):
            raise ValueError(f'{name} must be a whole number from {lowest} to '
                             f'{MAX_SIDE if name == "size" else 32}, not {value!r}')
    clock = reading_clock(deadline, path)

    def samples(width: int, height: int) -> tuple[int, int]:  # the sampled picture's size
        across, down = scaled_size((width, height), size)  # (never enlarged)
        if width * height <= SAMPLE_PIXELS:
            return width, height
        k = max(1, int((SAMPLE_PIXELS / (across * down)) ** 0.5))
        return min(width, across * k), min(height, down * k)

    try:
        with opened_image(path, deadline=clock, target=samples) as image:
            clock.check()
            if samples(*image.size) != image.size:
                image = image.resize(samples(*image.size), Image.Resampling.NEAREST)
            image = on_white(image).convert('RGB')  # transparent parts become white
    except (OSError, ValueError, Image.DecompressionBombError) as error:
        if isinstance(error, PuzzleFileError):
            raise
        raise PuzzleFileError(path, None, f'not a picture this reader can open ({error})') from None
    clock.check()
    quantised = palette_of_sample(image, colours)
    if quantised.size != image.size:  # (the colours of a sample; each pixel its nearest)
        clock.check()
        quantised = image.quantize(palette=quantised, dither=Image.Dither.NONE)
    clock.check()
    grid = cell_colours(quantised, scaled_size(image.size, size), clock)
    width, height = len(grid[0]), len(grid)
    indices = [index for row in grid for index in row]
    border = [grid[r][c] for r in range(height) for c in range(width)
              if r in (0, height - 1) or c in (0, width - 1)]
    background = Counter(border).most_common(1)[0][0]
    used = [background] + sorted(set(indices) - {background})
    number = {index: k for k, index in enumerate(used)}
    rgb = quantised.getpalette()
    goal = [[number[index] for index in row] for row in grid]
    palette = name_colours(['%02x%02x%02x' % tuple(rgb[3 * index:3 * index + 3])
                            for index in used])
    rows, cols = colour_clues(goal)
    clock.check()
    return ColourPuzzle(rows, cols, palette, {'title': title} if title else {}, goal)


def palette_of_sample(image, colours: int):
    """`image` quantised to `colours` colours by Pillow's median cut, or, for a picture of more
    than PALETTE_PIXELS pixels, an even sample of it so quantised (whose palette the caller
    maps the picture to): the median cut's time grows with the pixels (600,000: 0.7 s)."""
    from PIL import Image
    if image.width * image.height > PALETTE_PIXELS:
        k = (PALETTE_PIXELS / (image.width * image.height)) ** 0.5
        image = image.resize((max(1, int(image.width * k)), max(1, int(image.height * k))),
                             Image.Resampling.NEAREST)
    return image.quantize(colors=colours, method=Image.Quantize.MEDIANCUT,
                          dither=Image.Dither.NONE)


def cell_colours(quantised, cells: tuple[int, int], clock) -> list[list[int]]:
    """Rows of palette indexes: for each of the (width, height) `cells`, the index most of the
    pixels it covers have in the quantised (palette) picture (the first of them on a tie)."""
    pixels, (width, height) = quantised.tobytes(), cells
    across, down = quantised.size
    lines = [pixels[y * across:(y + 1) * across] for y in range(down)]
    if (across, down) == (width, height):  # one pixel a cell
        return [list(line) for line in lines]
    grid = []
    for r in range(height):  # each cell takes the colour most of its pixels have
        clock.check()
        top = r * down // height
        band = lines[top:max((r + 1) * down // height, top + 1)]
        row = []
        for c in range(width):
            left = c * across // width
            right = max((c + 1) * across // width, left + 1)
            votes = Counter(b''.join(line[left:right] for line in band))
            row.append(votes.most_common(1)[0][0])
        grid.append(row)
    return grid
