# %% [markdown]
# # Chapter 9. Colour puzzles from files and pictures
#
# Chapter 8 solves colour puzzles given as clue lists. Teachers and puzzle sites keep them in
# files, and a teacher's own puzzle starts as a picture. This short chapter reads and writes
# colour puzzles in webpbn's XML format, the format of the largest collection of nonograms on
# the web, and turns a colour picture into a colour puzzle; the last chapter's `nonogram`
# command uses both.
#
# This notebook is also the module `nonocolourfiles`.

# %%
"""Colour puzzles from files and pictures.

Chapter 9 of the nonogram tutorial (notebooks/nonocolourfiles.ipynb is the readable version).
ColourPuzzle (a colour puzzle as data), parse_colour_xml, format_colour_xml,
read_colour_puzzles, write_colour_puzzle (webpbn XML), bw_puzzle_clues (a one-ink puzzle's
black-and-white clues), image_puzzle (a colour picture into a puzzle). Errors:
nonofiles.PuzzleFileError (a malformed file, naming its line), TypeError/ValueError for bad
arguments.
"""

import html
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import nonocolour
from nonocolour import (Colour, SPARE_CHARS, colour_clues, colour_totals, name_colours,
                        shortest_line, visible_char)
from nonofiles import (MAX_SIDE, XML_METADATA, Puzzle, PuzzleFileError, file_bytes, file_text,
                       on_white, opened_image, parse_xml_tree, scaled_size, xml_clues, xml_count,
                       xml_metadata)

# %% [markdown]
# ## Colour puzzle files
#
# webpbn's XML format (chapter 7 reads its black-and-white puzzles) defines a puzzle's colours
# as `<color name="red" char="r">ff0000</color>` elements, names the colour of blocks without
# one in the puzzle's `defaultcolor` attribute and the background in `backgroundcolor` (white
# if absent), and gives each block its colour as `<count color="red">3</count>`. A solution,
# if present, is drawn with the colours' characters. A `ColourPuzzle` holds what a file says:
# the clues with colours numbered in the file's order (the background first, as colour 0), the
# colours themselves (chapter 8's `Colour`: name, character, RGB hex), metadata, and the goal.

# %%
@dataclass
class ColourPuzzle:
    """A colour nonogram as plain data: clues (blocks (length, colour number)), the colours (0 is
    the background), metadata strings (title, by, ...), the goal (rows of colour numbers), and
    givens (rows of colour numbers, None where open) if some cells are printed."""
    rows: list
    cols: list
    colours: list
    metadata: dict = field(default_factory=dict)
    goal: list = None
    givens: list = None

    height, width, title = Puzzle.height, Puzzle.width, Puzzle.title  # as chapter 7's Puzzle


# %% [markdown]
# The reader is chapter 7's, step by step: the same safe XML parse, and an error naming the file
# and line for anything wrong: an unknown colour in a count, two colours with the same
# character, a count of zero, a clue too long for its line, or rows and columns that ask for
# different numbers of cells of some colour. A colour without a character gets one: the first
# letter of its name that no other colour uses (the background is `.`).

# %%
STANDARD_RGB = {'white': 'ffffff', 'black': '000000'}


def parse_colour_xml(text: str, source='<text>') -> list[ColourPuzzle]:
    """Read webpbn XML (a <puzzleset> or one <puzzle>), in colour or not; return ColourPuzzles."""
    if not isinstance(text, str):
        raise TypeError(f'parse_colour_xml reads a str of XML, not {type(text).__name__}')
    root, starts = parse_xml_tree(text, source)
    elements = [root] if root.tag == 'puzzle' else root.findall('puzzle')
    if root.tag not in ('puzzle', 'puzzleset') or not elements:
        raise PuzzleFileError(source, starts.get(root), 'expected <puzzleset> of <puzzle> '
                                                        'elements, or one <puzzle>')
    return [xml_colour_puzzle(element, starts, source) for element in elements]


def xml_colours(element, starts, source) -> list[Colour]:
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
    for name in [background] + ([default] if uncoloured else []):  # (only if used)
        if name not in named:
            if name not in STANDARD_RGB:
                raise PuzzleFileError(source, line, f'colour {name!r} is used but not defined')
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


def xml_colour_puzzle(element, starts, source) -> ColourPuzzle:
    """One <puzzle> element as a ColourPuzzle, checked, with errors naming the line."""
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

    clues, lines = xml_clues(element, starts, source, block)
    for kind in ('rows', 'columns'):
        if not clues[kind] or len(clues[kind]) > MAX_SIDE:
            raise PuzzleFileError(source, line, f'<clues type="{kind}"> needs 1 to {MAX_SIDE} lines')
    for kind, other in (('rows', 'columns'), ('columns', 'rows')):
        for clue, where in zip(clues[kind], lines[kind]):
            if shortest_line(clue) > len(clues[other]):
                raise PuzzleFileError(source, where, f'this clue needs {shortest_line(clue)} '
                                      f'cells, the line has {len(clues[other])}')
    by_rows, by_cols = colour_totals(clues['rows']), colour_totals(clues['columns'])
    for k in sorted(set(by_rows) | set(by_cols)):
        if by_rows[k] != by_cols[k]:
            raise PuzzleFileError(source, line, f'the rows need {by_rows[k]} {colours[k].name} '
                                                f'cells, the columns {by_cols[k]}')
    metadata = xml_metadata(element)
    goal = None
    for solution in element.findall('solution'):
        image = solution.find('image')
        if solution.get('type', 'goal') == 'goal' and image is not None:
            goal = xml_colour_image(image.text or '', clues, colours, source, starts.get(image))
    return ColourPuzzle(clues['rows'], clues['columns'], colours, metadata, goal)


def xml_colour_image(text, clues, colours, source, line) -> list[list[int]]:
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


def format_colour_xml(puzzles) -> str:
    """webpbn XML text (a <puzzleset>) for one ColourPuzzle or a list of them."""
    def text(value):
        return html.escape(str(value), quote=True)

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


def check_writable(puzzle):
    """TypeError or ValueError unless `puzzle` is a ColourPuzzle that webpbn XML can hold."""
    if not isinstance(puzzle, ColourPuzzle):
        raise TypeError(f'format_colour_xml writes ColourPuzzles, not {type(puzzle).__name__}')
    if not puzzle.colours or not all(isinstance(colour, Colour) for colour in puzzle.colours):
        raise TypeError('a ColourPuzzle needs its colours as a list of Colour, the background first')
    for colour in puzzle.colours:
        if not re.fullmatch(r'[0-9a-f]{6}', str(colour.rgb)) or not visible_char(colour.char):
            raise ValueError(f'{colour}: the rgb must be 6 lower-case hex digits and the char '
                             'one visible character')
    if len({colour.char for colour in puzzle.colours}) < len(puzzle.colours):
        raise ValueError('two colours of the puzzle have the same char')
    colour_clues_of = [c for clue in puzzle.rows + puzzle.cols for _, c in clue]
    colour_goal = [k for row in puzzle.goal or [] for k in row]
    if any(not 0 <= k < len(puzzle.colours) for k in colour_clues_of + colour_goal):
        raise ValueError(f'the puzzle uses a colour number beyond its {len(puzzle.colours)} colours')
    if puzzle.givens is not None:
        raise ValueError('webpbn XML has no place for givens: leave them out to write the puzzle')


def read_colour_puzzles(path) -> list[ColourPuzzle]:
    """The puzzles of a webpbn XML file (colour or not). Raises PuzzleFileError."""
    path = Path(path)
    return parse_colour_xml(file_text(file_bytes(path), path), path)  # chapter 7's checks


def write_colour_puzzle(puzzles, path) -> Path:
    """Write one ColourPuzzle or a list of them as webpbn XML; return the path."""
    path = Path(path)
    path.write_text(format_colour_xml(puzzles), encoding='utf-8')
    return path


def bw_puzzle_clues(puzzle: ColourPuzzle):
    """(rows, cols) as black-and-white clues if the puzzle has a single ink, else None."""
    if len({colour for clue in puzzle.rows + puzzle.cols for _, colour in clue}) > 1:
        return None
    return ([[length for length, _ in clue] for clue in puzzle.rows],
            [[length for length, _ in clue] for clue in puzzle.cols])


# %% [markdown]
# Two public colour puzzles ship in `puzzles/`: pynogram's *Apples* (whose first source is
# webpbn #898) and its *Union Flag*, converted to webpbn XML (`puzzles/SOURCES.md` has the
# details). Both are settled by line logic, as pbnsolve finds too. The flag, drawn in the file's
# colours:

# %% tags=["active-ipynb"]
# import matplotlib.pyplot as plt
# import nonodraw
#
# PUZZLES = Path('..') / 'puzzles'   # the notebooks run in notebooks/
# for name in ('pynogram-apples.xml', 'pynogram-uk.xml'):
#     [puzzle] = read_colour_puzzles(PUZZLES / name)
#     verdict = nonocolour.analyse(puzzle.rows, puzzle.cols)
#     print(f'{puzzle.title}, {puzzle.height}x{puzzle.width},',
#           ', '.join(f'{colour.name} {colour.char!r}' for colour in puzzle.colours), '|',
#           verdict.describe())
# nonodraw.draw_colour_grid(verdict.solutions[0], puzzle.rows, puzzle.cols, puzzle.colours,
#                             sets=False, title=puzzle.title)
# plt.show()

# %% [markdown]
# The writer and the reader round-trip: the flag, with its solution as the goal, written and
# read back, is the same puzzle. And bad files get one line each, naming the line at fault:

# %% tags=["active-ipynb"]
# flag = ColourPuzzle(puzzle.rows, puzzle.cols, puzzle.colours, puzzle.metadata,
#                     verdict.solutions[0])
# flag_xml = format_colour_xml(flag)
# print(parse_colour_xml(flag_xml) == [flag], '|', flag_xml.splitlines()[3])
# good = flag_xml.splitlines()
# breakages = {
#     'unknown colour': ('<count color="red">1</count>', '<count color="green">1</count>'),
#     'duplicate char': ('char="r"', 'char="b"'),
#     'zero count': ('<count color="red">1</count>', '<count color="red">0</count>'),
#     'totals differ': ('<count color="red">15</count>', '<count color="red">14</count>'),
# }
# for name, (old, new) in breakages.items():
#     try:
#         parse_colour_xml(flag_xml.replace(old, new, 1), 'flag.xml')
#     except PuzzleFileError as error:
#         print(f'{name:>15}: {error}')

# %% [markdown]
# ## From a colour picture to a puzzle
#
# A teacher's picture is usually a PNG with thousands of colours and far too many pixels. Three
# steps turn it into a puzzle: *quantise* to `k` colours (Pillow's median cut picks the `k`
# colours that represent the picture best); *downscale* to the puzzle's size, each cell taking
# the colour most of its pixels have (an average would mix new colours at every edge); and pick
# the *background*: the colour most frequent along the picture's border. The result is a
# `ColourPuzzle` whose goal is the picture; chapter 8's `analyse` then says whether the clues
# have only that solution.

# %%
def image_puzzle(path, size: int = 20, colours: int = 4, title='') -> ColourPuzzle:
    """A colour puzzle from a picture file: scaled so its longer side is at most `size` cells,
    quantised to `colours` colours (the background included). Raises PuzzleFileError if
    unreadable, ValueError for a size or number of colours out of range."""
    from PIL import Image

    path = Path(path)  # (a TypeError for what is not a path)

    for name, value, lowest in (('size', size, 1), ('colours', colours, 2)):
        if isinstance(value, bool) or not isinstance(value, int) or not lowest <= value <= (
                MAX_SIDE if name == 'size' else 32):
            raise ValueError(f'{name} must be a whole number from {lowest} to '
                             f'{MAX_SIDE if name == "size" else 32}, not {value!r}')
    try:
        with opened_image(path) as image:
            image = on_white(image).convert('RGB')  # transparent parts become white
    except (OSError, ValueError, Image.DecompressionBombError) as error:
        raise PuzzleFileError(path, None, f'not a picture this reader can open ({error})') from None
    quantised = image.quantize(colors=colours, method=Image.Quantize.MEDIANCUT,
                               dither=Image.Dither.NONE)
    pixels = list(getattr(quantised, 'get_flattened_data', quantised.getdata)())
    width, height = scaled_size(image.size, size)  # (never enlarged)
    grid = []
    for r in range(height):  # each cell takes the colour most of its pixels have
        ys = range(r * image.height // height, max((r + 1) * image.height // height,
                                                   r * image.height // height + 1))
        row = []
        for c in range(width):
            xs = range(c * image.width // width, max((c + 1) * image.width // width,
                                                     c * image.width // width + 1))
            votes = Counter(pixels[y * image.width + x] for y in ys for x in xs)
            row.append(votes.most_common(1)[0][0])
        grid.append(row)
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
    return ColourPuzzle(rows, cols, palette, {'title': title} if title else {}, goal)


# %% [markdown]
# The project's own colour picture, `puzzles/lighthouse.png` (drawn for this project with
# Pillow's shapes), made into a puzzle of 20 cells a side in six colours. The colours get names
# and characters from chapter 8's `name_colours`. The puzzle it makes is unique and
# settled by line logic; `puzzles/lighthouse.xml` is this very puzzle, written by
# `write_colour_puzzle`.

# %% tags=["active-ipynb"]
# lighthouse = image_puzzle(PUZZLES / 'lighthouse.png', size=20, colours=6, title='Lighthouse')
# print(', '.join(f'{colour.name} {colour.char!r} #{colour.rgb}' for colour in lighthouse.colours))
# verdict = nonocolour.analyse(lighthouse.rows, lighthouse.cols)
# print(verdict.describe(), '| the picture:', verdict.solutions == [lighthouse.goal])
# [shipped] = read_colour_puzzles(PUZZLES / 'lighthouse.xml')
# print('the shipped file is this puzzle:', (shipped.rows, shipped.cols, shipped.colours, shipped.goal)
#       == (lighthouse.rows, lighthouse.cols, lighthouse.colours, lighthouse.goal), '|', shipped.metadata)
# nonodraw.draw_colour_grid(lighthouse.goal, lighthouse.rows, lighthouse.cols,
#                             lighthouse.colours, sets=False, title='Lighthouse, 20x20, six colours')
# plt.show()


# %% [markdown]
# ## What we have
#
# - `ColourPuzzle`, and webpbn XML colour files read and written (`read_colour_puzzles`,
#   `write_colour_puzzle`), with every fault named at its line;
# - `image_puzzle`: a colour picture made into a colour puzzle, with its colours named.
#
# Not done: pynogram's INI colour format (its puzzles convert to webpbn XML, as the two shipped
# here were), and givens in colour files (webpbn XML has no place for them).
