# %% [markdown]
# # Chapter 7. Puzzle files and pictures
#
# The earlier chapters solve a puzzle once someone has typed its clues into Python lists (or read
# them with chapter 2's small `read_clues`). Real puzzles do not arrive that way. They come as
# files in several formats written by other solvers and puzzle sites, or as a picture a teacher
# drew and wants to turn into a puzzle for a class. This chapter reads the common ones:
#
# - **readers** for four file formats people actually use (Steve Simpson's `.non`, the terse
#   `.nin`, the XML exported by Jan Wolter's webpbn.com, and Rosetta Code's letter code),
#   **writers** for them, and one function, `read_puzzles`, that picks the right reader;
# - **pictures**: a PNG or JPEG, or a few lines of `0`/`1` text, become a puzzle in one call.
#
# The `.non` format is taught in full; the others are variations on it, and a reader in a hurry
# can skim their sections. Everything here is plain data in and out: a puzzle is its row and
# column clues (lists of block lengths, as before) plus whatever the file says about it. Files
# come from strangers, so every reader treats its input as hostile: a bad file raises one kind
# of error, naming the file and the line at fault, and nothing else.
#
# This notebook is also the module `nonofiles`; the demonstrations run here but not on import.

# %%
"""Puzzle files and pictures: readers and writers for four formats, and pictures into puzzles.

Chapter 7 of the nonogram tutorial (notebooks/nonofiles.ipynb is the readable version).
Data: Puzzle, PuzzleFileError. Reading: read_puzzles, read_puzzle, parse_puzzles, parse_non,
parse_nin, parse_xml, parse_rosetta, parse_picture, sniff_format. Writing: format_non,
format_nin, format_xml, format_rosetta, write_puzzle. Pictures: read_image, picture_puzzle,
picture_of.
"""

import html
import re
from dataclasses import dataclass, field
from pathlib import Path

from nonocheck import check_picture, plural
from nonovector import ClueError, Grid, NonogramError, line2blocks, normalize_clue

# ## A puzzle as data
#
# Whatever the format, a reader returns the same thing: a `Puzzle`. Its heart is the two clue
# lists. Around them a file may carry *metadata* (title, author, copyright, licence: we keep them
# all, as strings, in a dict), a *goal* (the intended solution, which some formats store so that a
# program can check a player's answer) and *givens* (cells printed already filled in, like the 22
# black cells on the GCHQ card). A dataclass is the right tool: several named parts, compared by
# value, nothing clever.

# %%
@dataclass
class Puzzle:
    """A black-and-white nonogram as plain data.

    rows, cols: clue lists (each a list of block lengths; [] is an empty line).
    metadata:   strings from the file, such as 'title', 'by', 'copyright', 'license'.
    goal:       the intended solution (rows of 0/1) when the file has one, else None.
    givens:     cells printed on the puzzle (rows of 1/0/None) when there are any, else None.
    """
    rows: list
    cols: list
    metadata: dict = field(default_factory=dict)
    goal: list = None
    givens: list = None

    @property
    def height(self):
        return len(self.rows)

    @property
    def width(self):
        return len(self.cols)

    @property
    def title(self):
        return self.metadata.get('title', '')


# %% [markdown]
# A reader that fails must say *where*. `PuzzleFileError` is a `ValueError` (like the project's
# other input errors, through `nonovector.NonogramError`) whose message starts with the file name and
# the line number, as compilers do: `puzzles/x.non, line 7: ...`. The parts are kept as attributes
# too, for programs that want them.

# %%
class PuzzleFileError(NonogramError):
    """A puzzle file (or text) is malformed. str() gives 'SOURCE, line N: what is wrong'."""

    def __init__(self, source, line, message):
        self.source, self.line, self.message = str(source), line, message
        where = self.source if line is None else f'{self.source}, line {line}'
        super().__init__(f'{where}: {message}')


# %% [markdown]
# Line numbers must be the ones an editor shows. Python's `str.splitlines` also breaks lines at
# form feeds, NEL and a few other characters that editors show inside a line, so the readers split
# text with `editor_lines`, which breaks only at `\n`, `\r\n` and `\r`. And every reader checks
# that it was given text at all.

# %%
LINE_BREAK = re.compile(r'\r\n|\r|\n')


def editor_lines(text, keepends=False) -> list[str]:
    """The lines of `text` as an editor numbers them: broken at \\n, \\r\\n and \\r only."""
    if not isinstance(text, str):
        raise TypeError(f'puzzle text must be a str, not {type(text).__name__}')
    if keepends:
        return re.findall(r'[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$', text)
    lines = LINE_BREAK.split(text)
    return lines[:-1] if lines and lines[-1] == '' else lines


# %% [markdown]
# Files are untrusted, so the readers set limits before they start: a puzzle file larger than a
# few megabytes is refused unread, no side may exceed `MAX_SIDE` cells, and a number is at most
# six digits long (Python would happily parse a number with a million digits, slowly).

# %%
MAX_FILE_BYTES = 4_000_000   # the largest webpbn export is a few hundred kilobytes
MAX_SIDE = 1000              # cells per row or column
MAX_PICTURE_SIDE = 100       # an unscaled picture larger than this needs a target size


def parse_count(text, source, line, what):
    """Read a non-negative whole number of at most six digits, or raise PuzzleFileError."""
    text = text.strip()
    if not re.fullmatch(r'[0-9]{1,6}', text):
        raise PuzzleFileError(source, line, f'{what} should be a whole number, not {text!r}')
    return int(text)


# %% [markdown]
# ## Checking what a reader found
#
# Every reader ends the same way: it has clue lists, the line each clue came from, perhaps a goal
# and givens, and must make sure they form a puzzle before handing them over. The checks are the
# ones chapter 2 makes before solving (each clue fits its line, rows and columns need the same
# number of filled cells), plus two that only files need: the goal, if any, must agree with the
# clues, and the givens with the goal. Doing them here means the message can name the line of the
# file. Rows and columns are counted from 1 in these messages, as a person reading the file counts.
# (This section and the next few functions are careful bookkeeping rather than ideas: a reader in
# a hurry can read the docstrings and move on to the examples.)

# %%
def check_puzzle(source, rows, cols, *, row_lines=None, col_lines=None, metadata=None,
                 goal=None, goal_line=None, givens=None, givens_line=None):
    """Check clues (and goal/givens) read from `source`; return them as a Puzzle.

    row_lines/col_lines give the file line of each clue, for the error messages.
    Raises PuzzleFileError naming the source and line of the first problem.
    """
    row_lines = row_lines or [None] * len(rows)
    col_lines = col_lines or [None] * len(cols)
    height, width = len(rows), len(cols)
    for name, clues, lines, cells in (('row', rows, row_lines, width),
                                      ('column', cols, col_lines, height)):
        if not clues:
            raise PuzzleFileError(source, None, f'the puzzle has no {name}s')
        if len(clues) > MAX_SIDE:
            raise PuzzleFileError(source, None, f'{len(clues)} {name}s is more than the '
                                                f'{MAX_SIDE} this reader accepts')
        for i, (clue, line) in enumerate(zip(clues, lines)):
            try:
                clues[i] = normalize_clue(clue, cells)
            except ClueError as error:
                raise PuzzleFileError(source, line, f'{name} {i + 1}: {error}') from None
    row_total, col_total = sum(map(sum, rows)), sum(map(sum, cols))
    if row_total != col_total:
        raise PuzzleFileError(source, col_lines[0] if col_lines else None,
                              f'rows need {plural(row_total, "filled cell")} but '
                              f'columns need {col_total}')
    if goal is not None:
        check_goal(source, goal, rows, cols, goal_line)
    if givens is not None:
        check_givens(source, givens, goal, height, width, givens_line)
    return Puzzle(rows, cols, dict(metadata or {}), goal, givens)


def check_goal(source, goal, rows, cols, line):
    """Raise PuzzleFileError unless `goal` (rows of 0/1) has exactly the clues rows, cols."""
    for i, clue in enumerate(rows):
        if line2blocks(goal[i]) != clue:
            raise PuzzleFileError(source, line, f'the goal does not fit row {i + 1}: its blocks '
                                                f'are {line2blocks(goal[i])}, the clue says {clue}')
    for j, clue in enumerate(cols):
        column = [row[j] for row in goal]
        if line2blocks(column) != clue:
            raise PuzzleFileError(source, line, f'the goal does not fit column {j + 1}: its blocks '
                                                f'are {line2blocks(column)}, the clue says {clue}')


def check_givens(source, givens, goal, height, width, line):
    """Raise PuzzleFileError unless `givens` is a height x width grid agreeing with `goal`."""
    if len(givens) != height or any(len(row) != width for row in givens):
        raise PuzzleFileError(source, line, f'the givens are not a {height}x{width} grid')
    if goal is not None:
        for i, row in enumerate(givens):
            for j, cell in enumerate(row):
                if cell is not None and cell != goal[i][j]:
                    raise PuzzleFileError(source, line, f'given cell (row {i + 1}, column '
                                                        f'{j + 1}) disagrees with the goal')


# %% [markdown]
# ## Steve Simpson's `.non` format
#
# The most widely used plain-text format comes from Steve Simpson's nonogram solver. It is a list
# of `keyword value` lines, and two sections of clues, one comma-separated clue per line:
#
# ```
# title "Demo Puzzle from Front Page"
# by "Jan Wolter"
# width 5
# height 10
#
# rows
# 2
# 2,1
# ...
# columns
# 2,1
# ...
# goal "0110001101..."
# ```
#
# The format's rules, and the habits of the programs that write it, decide the details:
#
# - `width`/`height` give the size (older files write `columns 5` and `rows 10` for the same);
# - after `rows` and `columns` come the clues; an empty line's clue is written `0`, and some
#   writers leave a blank line instead. Simpson's own rule says blank lines are ignored, so we
#   ignore them when the section already has the right number of clues without them, and read
#   them as empty clues only when it does not;
# - `goal` is the solution, row by row, `0` empty and `1` filled;
# - every other keyword is a *property* (`title`, `by`, `copyright`, `catalogue`, `license`, ...):
#   its value may be quoted and may hold HTML character references such as `&eacute;`; we keep
#   them all as metadata. Unknown lines are properties too, so a reader that does not know an
#   extension ignores it, as the format asks;
# - a `color` line, or a clue such as `3b`, marks a colour puzzle, which these readers do not
#   read: better a clear refusal than a wrong answer. (Chapter 8 reads colour puzzles in
#   webpbn's XML.)
#
# This project adds one such extension: `givens "????1???..."`, the cells printed on the puzzle,
# row by row, `1` filled, `0` empty and `?` not given. Other programs read it as a property and
# ignore it. (Lines starting with `#` are comments.)

# %%
COLOUR_ERROR = ('colour puzzles are not supported by this reader '
                '(nonocolour reads colour webpbn XML)')


def parse_clue(text, source, line):
    """Read one clue line such as '3,1' or '3 1' ('0' or nothing: the empty clue)."""
    blocks = []
    for token in re.split(r'[,\s]+', text.strip()):
        if not token:
            continue
        if re.fullmatch(r'[0-9]+[A-Za-z]', token):
            raise PuzzleFileError(source, line, f'clue {text.strip()!r}: {COLOUR_ERROR}')
        blocks.append(parse_count(token, source, line, f'clue {text.strip()!r}: a block'))
    return [] if blocks == [0] else blocks


def unquote(value):
    """A property value without its surrounding quotes, HTML references decoded."""
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] == '"':
        value = value[1:-1]
    return html.unescape(value)


# %% [markdown]
# Which lines of a section are its clues? Collect everything from the section keyword up to the
# next keyword, then choose: the non-blank lines if there are exactly as many as the puzzle has
# rows (blank lines are just spacing), otherwise the lines with blanks counted as empty clues
# (first without the blank lines at the section's ends, then with them). If no reading gives the
# right number, that is an error worth a clear message. (Bookkeeping again; skim it if you like.)

# %%
def pick_clue_lines(body, needed):
    """Choose the clue lines of a section: `body` is a list of (line number, text) pairs.

    Returns the chosen pairs, or None if no reading gives `needed` clues.
    If `needed` is None (the size is not known yet), blank lines are ignored.
    """
    nonblank = [(number, text) for number, text in body if text.strip()]
    if needed is None or len(nonblank) == needed:
        return nonblank
    marks = [k for k, (_, text) in enumerate(body) if text.strip()]
    first, last = (marks[0], marks[-1]) if marks else (0, -1)
    candidates = [body[first:last + 1], body[:last + 1]]
    if all(not text.strip() for _, text in body[needed:]):
        candidates.append(body[:needed])  # trailing blank lines are empty clues too
    for candidate in candidates:
        if len(candidate) == needed:
            return candidate
    return None


# %% [markdown]
# Now the reader itself: one pass over the lines, remembering which section it is in. A line
# that starts with a digit (or is blank) inside a section is a clue line; any other line ends the
# section and is read as a keyword. The checks of the previous section then turn the pieces into a
# `Puzzle` or an error.

# %%
SIZE_KEYWORDS = {'width': 'width', 'columns': 'width', 'height': 'height', 'rows': 'height'}
KNOWN_KEYS = {'width', 'height', 'rows', 'columns', 'goal', 'givens', 'maxrule', 'color', 'colour',
              'title', 'by', 'author', 'copyright', 'license', 'licence', 'catalogue', 'id',
              'source', 'description', 'note', 'comment', 'url'}  # keys that end a section quietly


def parse_non(text, source='<text>'):
    """Read a puzzle in Steve Simpson's .non format; return [Puzzle] (a list, like every reader)."""
    metadata, sizes, size_lines, sections, ended = {}, {}, {}, {}, {}
    goal = givens = goal_line = givens_line = None
    current = None  # the clue section we are in: 'rows', 'columns' or None
    if not editor_lines(text) or not text.strip():
        raise PuzzleFileError(source, None, 'the file is empty')
    for number, raw in enumerate(editor_lines(text), 1):
        line = raw.strip()
        if current and (not line or line[0] in '0123456789'):
            sections[current][1].append((number, line))
            continue
        if current and line[0] in '+-':
            raise PuzzleFileError(source, number, f'a clue is whole numbers (0 or more) separated '
                                                  f'by commas, not {line[:40]!r}')
        if current and line.split(None, 1)[0].lower() not in KNOWN_KEYS:
            ended[current] = (number, line)  # a word that ends a section: named if clues are short
        current = None
        if not line or line.startswith('#'):
            continue
        key, value = (line.split(None, 1) + [''])[:2]
        key = key.lower()
        if key in ('rows', 'columns') and not value:
            if key in sections:
                raise PuzzleFileError(source, number, f'a second {key!r} section')
            sections[key] = (number, [])
            current = key
        elif key in SIZE_KEYWORDS:
            dimension = SIZE_KEYWORDS[key]
            if dimension in sizes:
                raise PuzzleFileError(source, number, f'the {dimension} is given twice')
            sizes[dimension] = parse_count(value, source, number, dimension)
            size_lines[dimension] = number
        elif key in ('color', 'colour'):
            raise PuzzleFileError(source, number, COLOUR_ERROR)
        elif key == 'goal':
            goal, goal_line = unquote(value), number
        elif key == 'givens':
            givens, givens_line = unquote(value), number
        elif key != 'maxrule':  # maxrule is obsolete; everything else is a property
            metadata[key] = unquote(value)
    for dimension in ('width', 'height'):
        if not 1 <= sizes.get(dimension, 1) <= MAX_SIDE:
            raise PuzzleFileError(source, size_lines[dimension],
                                  f'the {dimension} must be between 1 and {MAX_SIDE}')
    clues = {}
    for key, dimension in (('rows', 'height'), ('columns', 'width')):
        if key not in sections:
            raise PuzzleFileError(source, None, f'no {key!r} section (a line saying just {key})')
        start, body = sections[key]
        chosen = pick_clue_lines(body, sizes.get(dimension))
        if chosen is None and key in ended:
            number, line = ended[key]
            raise PuzzleFileError(source, number, f'the {key} section needs '
                                                  f'{plural(sizes[dimension], "clue")}; this line '
                                                  f'is not one: {line[:40]!r}')
        if chosen is None:
            found = sum(1 for _, text in body if text.strip())
            raise PuzzleFileError(source, start, f'the {key} section has '
                                                 f'{plural(found, "clue")} but the '
                                                 f'{dimension} is {sizes[dimension]}')
        clues[key] = ([parse_clue(text, source, number) for number, text in chosen],
                      [number for number, _ in chosen] or [start])
    (rows, row_lines), (cols, col_lines) = clues['rows'], clues['columns']
    if goal is not None:
        goal = parse_cells(goal, len(rows), len(cols), '01', source, goal_line, 'goal')
    if givens is not None:
        givens = parse_cells(givens, len(rows), len(cols), '01?', source, givens_line, 'givens')
    return [check_puzzle(source, rows, cols, row_lines=row_lines, col_lines=col_lines,
                         metadata=metadata, goal=goal, goal_line=goal_line,
                         givens=givens, givens_line=givens_line)]


def parse_cells(text, height, width, alphabet, source, line, what):
    """Read a row-major string of cells ('1' filled, '0' empty, '?' unknown) into a grid."""
    text = ''.join(text.split())
    if len(text) != height * width:
        raise PuzzleFileError(source, line, f'the {what} has {len(text)} cells, '
                                            f'expected {height} x {width} = {height * width}')
    for k, char in enumerate(text):
        if char not in alphabet:
            hint = f' ({COLOUR_ERROR})' if char.isalnum() else ''
            raise PuzzleFileError(source, line, f'the {what} has {char!r} at row {k // width + 1}, '
                                                f'column {k % width + 1}; expected one of '
                                                f'{", ".join(alphabet)}{hint}')
    cells = [{'1': 1, '0': 0, '?': None}[char] for char in text]
    return [cells[i * width:(i + 1) * width] for i in range(height)]


# %% [markdown]
# Let's read a small file. The puzzles this project ships (in the `puzzles/` folder, each with its
# source and licence in `puzzles/SOURCES.md`) include the first puzzle of webpbn.com, which Jan
# Wolter's survey of solvers calls "Dancer" and the file itself "Demo Puzzle from Front Page", 5
# columns by 10 rows (sizes here are always written width x height):

# %% tags=["active-ipynb"]
# from pathlib import Path
#
# PUZZLES = Path('..') / 'puzzles'
# text = (PUZZLES / 'webpbn-00001.non').read_text()
# print(text)

# %% tags=["active-ipynb"]
# [dancer] = parse_non(text, 'webpbn-00001.non')
# print(dancer.title, '|', dancer.metadata['by'], '|', dancer.width, 'x', dancer.height)
# print('rows:   ', dancer.rows)
# print('columns:', dancer.cols)

# %% [markdown]
# And a few bad files. Each error names the file and the line, and says what is wrong in words a
# person who never read this code can act on.

# %% tags=["active-ipynb"]
# bad_files = {
#     'overfull.non': 'width 3\nheight 2\nrows\n1,2\n1\ncolumns\n1\n1\n1\n',
#     'totals.non': 'width 2\nheight 2\nrows\n2\n1\ncolumns\n1\n1\n',
#     'short.non': 'width 2\nheight 3\nrows\n1\n1\ncolumns\n1\n1\n',
#     'word.non': 'width 2\nheight 1\nrows\n1,x\ncolumns\n1\n0\n',
#     'colour.non': 'width 2\nheight 1\nrows\n1a,1b\ncolumns\n1a\n1b\n',
# }
# for name, bad in bad_files.items():
#     try:
#         parse_non(bad, name)
#     except PuzzleFileError as error:
#         print(error)

# %% [markdown]
# The writer is the reader backwards. It puts metadata first (quoted, with anything outside ASCII
# written as an HTML character reference, as the format asks), then the size, the clues, and the
# goal and givens when the puzzle has them. A test then checks the round trip: reading what the
# writer wrote gives back the same `Puzzle`.

# %%
STRUCTURE_KEYS = {'width', 'height', 'rows', 'columns', 'goal', 'givens', 'color', 'colour',
                  'maxrule'}


def quote(value):
    """A property value for a .non file: quoted, with '&', '"', '<', '>' and non-ASCII escaped."""
    escaped = html.escape(str(value), quote=True).replace('\n', ' ')
    return '"' + escaped.encode('ascii', 'xmlcharrefreplace').decode('ascii') + '"'


def format_non(puzzle):
    """The text of a .non file for `puzzle` (metadata, size, clues, goal and givens)."""
    lines = []
    for key, value in puzzle.metadata.items():
        if not re.fullmatch(r'[a-z][a-z0-9_-]*', key) or key in STRUCTURE_KEYS:
            raise ValueError(f'metadata key {key!r} cannot be written to a .non file')
        lines.append(f'{key} {quote(value)}')
    lines += [f'width {puzzle.width}', f'height {puzzle.height}', '', 'rows']
    lines += [','.join(map(str, clue)) or '0' for clue in puzzle.rows]
    lines += ['', 'columns']
    lines += [','.join(map(str, clue)) or '0' for clue in puzzle.cols]
    if puzzle.goal is not None:
        lines += ['', 'goal "' + cells_text(puzzle.goal) + '"']
    if puzzle.givens is not None:
        lines += ['givens "' + cells_text(puzzle.givens) + '"']
    return '\n'.join(lines) + '\n'


def cells_text(grid):
    """A grid as one row-major string: '1' filled, '0' empty, '?' unknown."""
    return ''.join({1: '1', 0: '0', None: '?'}[cell] for row in grid for cell in row)


# %% tags=["active-ipynb"]
# import nonoengine
#
# dancer_with_goal = Puzzle(dancer.rows, dancer.cols, {'title': 'Dancer, caf\u00e9 edition'},
#                           goal=nonoengine.solve(dancer.rows, dancer.cols))
# print(format_non(dancer_with_goal))
# assert parse_non(format_non(dancer_with_goal)) == [dancer_with_goal]

# %% [markdown]
# ## The `.nin` format
#
# Some solvers (and the survey of solvers at webpbn.com) use a barer format: the first line is
# `width height`, then one line per row, then one per column, blocks separated by spaces, `0` for
# an empty line. No metadata, no keywords. The reader is a few lines, and the same rule for blank
# lines applies.

# %%
def parse_nin(text, source='<text>'):
    """Read a puzzle in .nin format ('W H', then H row clues, then W column clues); return [Puzzle]."""
    body = [(number, line.strip()) for number, line in enumerate(editor_lines(text), 1)
            if not line.lstrip().startswith('#')]
    while body and not body[0][1]:
        body.pop(0)
    if not body:
        raise PuzzleFileError(source, None, 'the file is empty')
    number, header = body[0]
    parts = header.split()
    if len(parts) != 2:
        raise PuzzleFileError(source, number, f'the first line should be "width height", '
                                              f'not {header!r}')
    width, height = (parse_count(part, source, number, name)
                     for part, name in zip(parts, ('the width', 'the height')))
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise PuzzleFileError(source, number, f'width and height must be between 1 and {MAX_SIDE}')
    chosen = pick_clue_lines(body[1:], height + width)
    if chosen is None:
        found = sum(1 for _, line in body[1:] if line)
        raise PuzzleFileError(source, number, f'expected {height} row clues and {width} column '
                                              f'clues ({height + width} lines), found {found}')
    clues = [parse_clue(line, source, line_number) for line_number, line in chosen]
    lines = [line_number for line_number, _ in chosen]
    return [check_puzzle(source, clues[:height], clues[height:],
                         row_lines=lines[:height], col_lines=lines[height:])]


def format_nin(puzzle):
    """The text of a .nin file for `puzzle` (clues only: the format has no metadata)."""
    lines = [f'{puzzle.width} {puzzle.height}']
    lines += [' '.join(map(str, clue)) or '0' for clue in puzzle.rows + puzzle.cols]
    return '\n'.join(lines) + '\n'


# %% tags=["active-ipynb"]
# print(format_nin(dancer))
# [back] = parse_nin(format_nin(dancer))
# assert (back.rows, back.cols) == (dancer.rows, dancer.cols)  # .nin keeps clues only

# %% [markdown]
# ## webpbn XML
#
# Jan Wolter's webpbn.com, the largest collection of nonograms on the web, exports puzzles as XML:
# a `<puzzleset>` of `<puzzle type="grid">` elements, each with `<clues type="rows">` and
# `<clues type="columns">` holding one `<line>` of `<count>` elements per line (an empty `<line/>`
# is an empty line), metadata elements (`<title>`, `<author>`, `<copyright>`, ...), colour
# definitions, and sometimes a `<solution>` whose `<image>` draws the picture in characters
# between bars, `X` for black and `.` for white.
#
# XML from the internet deserves suspicion. Python's standard parser never fetches anything from
# the network, but it would expand entities declared inside the file (the "billion laughs" trick
# makes a tiny file expand into gigabytes), so we refuse any file that declares entities: puzzle
# files have no reason to. And to name lines in our messages we feed the parser one line at a time
# (`XMLPullParser`): each element then reports itself while we know which line we fed.

# %%
def parse_xml_tree(text, source):
    """Parse XML text safely; return (root element, {element: line number where it starts})."""
    import xml.etree.ElementTree as ElementTree  # (here: reading other formats does not need it)

    lines = editor_lines(text, keepends=True)  # (a TypeError for what is not text)
    match = re.search(r'<!ENTITY', text, re.IGNORECASE)
    if match:
        line = text.count('\n', 0, match.start()) + 1
        raise PuzzleFileError(source, line, 'XML entity declarations are not allowed')
    parser = ElementTree.XMLPullParser(events=('start',))
    starts = {}
    number = 0
    try:
        for number, line in enumerate(lines, 1):
            parser.feed(line)
            for _, element in parser.read_events():
                starts[element] = number
        parser.close()
        for _, element in parser.read_events():
            starts[element] = number
    except ElementTree.ParseError as error:
        line = error.position[0] if error.position[0] > 0 else number
        message = re.sub(r': line \d+, column \d+$', '', str(error))
        raise PuzzleFileError(source, line, f'not well-formed XML ({message})') from None
    root = next(iter(starts))  # the first element to start is the root
    return root, starts


# %% [markdown]
# With the tree in hand, each `<puzzle>` becomes a `Puzzle`. The black-and-white test looks at
# the colours the puzzle defines and the colours its counts use: anything besides the background
# and one ink is a colour puzzle, refused by name.

# %%
XML_METADATA = {'title': 'title', 'author': 'by', 'authorid': 'authorid', 'copyright': 'copyright',
                'id': 'id', 'description': 'description', 'note': 'note'}


def parse_xml(text, source='<text>'):
    """Read webpbn XML (a <puzzleset> or a single <puzzle>); return a list of Puzzles."""
    root, starts = parse_xml_tree(text, source)
    if root.tag == 'puzzle':
        puzzles = [root]
    elif root.tag == 'puzzleset':
        puzzles = root.findall('puzzle')
    else:
        raise PuzzleFileError(source, starts.get(root), f'expected <puzzleset> or <puzzle>, '
                                                        f'found <{root.tag}>')
    if not puzzles:
        raise PuzzleFileError(source, starts.get(root), 'no <puzzle> in the file')
    return [xml_puzzle(element, starts, source) for element in puzzles]


def xml_puzzle(element, starts, source):
    """One <puzzle> element as a Puzzle (raising PuzzleFileError if it is not one we can solve)."""
    line = starts.get(element)
    if element.get('type', 'grid') != 'grid':
        raise PuzzleFileError(source, line, f'puzzle type {element.get("type")!r} is not '
                                            'supported (only "grid")')
    background = element.get('backgroundcolor', 'white')
    ink = element.get('defaultcolor', 'black')
    colours = {colour.get('name') for colour in element.findall('color')} | {background, ink}
    if len(colours) > 2:
        raise PuzzleFileError(source, line, COLOUR_ERROR)
    def block(count):  # a <count>: its length, in the one ink
        if count.get('color', ink) != ink:
            raise PuzzleFileError(source, starts.get(count), COLOUR_ERROR)
        return xml_count(count, starts, source)

    metadata = xml_metadata(element)
    clues, lines = xml_clues(element, starts, source, block)
    goal = goal_line = None
    for solution in element.findall('solution'):
        image = solution.find('image')
        if solution.get('type', 'goal') == 'goal' and image is not None:
            goal_line = starts.get(image)
            goal = xml_image(image.text or '', len(clues['rows']), len(clues['columns']),
                             source, goal_line)
    return check_puzzle(source, clues['rows'], clues['columns'], row_lines=lines['rows'],
                        col_lines=lines['columns'], metadata=metadata, goal=goal,
                        goal_line=goal_line)


def xml_metadata(element) -> dict:
    """The metadata of a <puzzle>: {key: text} for the XML_METADATA elements it has."""
    metadata = {}
    for tag, key in XML_METADATA.items():
        child = element.find(tag)
        if child is not None and (child.text or '').strip():
            metadata[key] = ' '.join(child.text.split())
    return metadata


def xml_clues(element, starts, source, block) -> tuple[dict, dict]:
    """({'rows': clues, 'columns': clues}, {kind: the line of each clue}) of a <puzzle>, each block
    read from its <count> by `block(count)`."""
    clues, lines = {}, {}
    for group in element.findall('clues'):
        kind = group.get('type')
        if kind not in ('rows', 'columns') or kind in clues:
            raise PuzzleFileError(source, starts.get(group), f'unexpected <clues type="{kind}">')
        clues[kind], lines[kind] = [], []
        for clue_line in group.findall('line'):
            clues[kind].append([block(count) for count in clue_line.findall('count')])
            lines[kind].append(starts.get(clue_line))
    for kind in ('rows', 'columns'):
        if kind not in clues:
            raise PuzzleFileError(source, starts.get(element), f'no <clues type="{kind}">')
    return clues, lines


def xml_count(count, starts, source) -> int:
    """The number a <count> holds (and nothing else)."""
    if len(count):
        raise PuzzleFileError(source, starts.get(count), 'a <count> holds one number and '
                                                         'nothing else')
    return parse_count(count.text or '', source, starts.get(count), 'a count')


def xml_image(text, height, width, source, line):
    """A webpbn solution <image> ('|X..X|' rows) as rows of 0/1."""
    rows = [row.strip().strip('|') for row in text.strip().splitlines() if row.strip()]
    if len(rows) != height or any(len(row) != width for row in rows):
        raise PuzzleFileError(source, line, f'the solution image is not {height} rows of '
                                            f'{width} cells')
    grid = []
    for row in rows:
        if set(row) - set('.Xx'):
            raise PuzzleFileError(source, line, f'the solution image has {row!r}: expected only '
                                                f'"." and "X" ({COLOUR_ERROR})')
        grid.append([int(char in 'Xx') for char in row])
    return grid


# %% [markdown]
# A writer lets us test the reader on its own output, and gives any puzzle of this project a way
# into programs that speak webpbn XML.

# %%
def format_xml(puzzle):
    """The text of a webpbn XML file (a puzzleset of one puzzle) for `puzzle`."""
    def element_text(value):
        return html.escape(str(value), quote=False)

    out = ['<?xml version="1.0"?>', '<puzzleset>',
           '<puzzle type="grid" defaultcolor="black">',
           '<color name="white" char=".">fff</color>', '<color name="black" char="X">000</color>']
    tags = {key: tag for tag, key in XML_METADATA.items()}
    for key, value in puzzle.metadata.items():
        if key in tags:
            out.append(f'<{tags[key]}>{element_text(value)}</{tags[key]}>')
    for kind, clues in (('columns', puzzle.cols), ('rows', puzzle.rows)):
        out.append(f'<clues type="{kind}">')
        for clue in clues:
            out.append('<line>' + ''.join(f'<count>{block}</count>' for block in clue) + '</line>')
        out.append('</clues>')
    if puzzle.goal is not None:
        out.append('<solution type="goal"><image>')
        out += ['|' + ''.join('X' if cell else '.' for cell in row) + '|' for row in puzzle.goal]
        out.append('</image></solution>')
    out += ['</puzzle>', '</puzzleset>']
    return '\n'.join(out) + '\n'


# %% tags=["active-ipynb"]
# dancer_xml = format_xml(dancer_with_goal)
# print(dancer_xml[:420] + '...')
# assert parse_xml(dancer_xml) == [dancer_with_goal]
# for name, bad in {
#     'bomb.xml': '<?xml version="1.0"?>\n<!DOCTYPE p [\n<!ENTITY a "aaaaaaaaaa">\n]>\n<p>&a;</p>',
#     'broken.xml': '<puzzleset>\n<puzzle>\n<clues type="rows">\n</puzzle>\n',
#     'colour.xml': dancer_xml.replace('<count>2</count>', '<count color="red">2</count>', 1),
# }.items():
#     try:
#         parse_xml(bad, name)
#     except PuzzleFileError as error:
#         print(error)

# %% [markdown]
# ## Rosetta Code's letters
#
# Rosetta Code's "Nonogram solver" task gives its four problems in a compact code: each block
# length is a letter (`A` = 1, `B` = 2, ... `Z` = 26), the letters of one clue are written
# together, clues are separated by spaces, the first line of a problem holds the rows and the
# second the columns, and a blank line separates problems. One file, several puzzles: this is
# why every reader returns a list.

# %%
def parse_rosetta(text, source='<text>'):
    """Read Rosetta Code letter-coded puzzles (two lines each, blank-line separated); return a list."""
    groups, current = [], []
    for number, line in enumerate(editor_lines(text), 1):
        if line.strip():
            current.append((number, line.strip()))
        elif current:
            groups.append(current)
            current = []
    if current:
        groups.append(current)
    if not groups:
        raise PuzzleFileError(source, None, 'the file holds no puzzle')
    puzzles = []
    for group in groups:
        if len(group) != 2:
            raise PuzzleFileError(source, group[0][0], f'a puzzle is two lines (rows, then '
                                                       f'columns), found {len(group)}')
        (row_line, rows_text), (col_line, cols_text) = group
        rows = [letters_clue(word, source, row_line) for word in rows_text.split()]
        cols = [letters_clue(word, source, col_line) for word in cols_text.split()]
        puzzles.append(check_puzzle(source, rows, cols, row_lines=[row_line] * len(rows),
                                    col_lines=[col_line] * len(cols),
                                    metadata={'title': f'{Path(str(source)).name} #{len(puzzles) + 1}'}))
    return puzzles


def letters_clue(word, source, line):
    """A clue from letters: 'BA' -> [2, 1]."""
    if not re.fullmatch(r'[A-Z]+', word):
        raise PuzzleFileError(source, line, f'clue {word!r} should be capital letters A-Z')
    return [ord(letter) - ord('A') + 1 for letter in word]


def format_rosetta(puzzles):
    """Rosetta Code letter text for a list of puzzles (blocks of 1 to 26; no empty lines)."""
    texts = []
    for puzzle in puzzles:
        lines = []
        for clues in (puzzle.rows, puzzle.cols):
            if any(not clue or max(clue) > 26 for clue in clues):
                raise ValueError('Rosetta Code letters cannot write an empty line '
                                 'or a block longer than 26')
            lines.append(' '.join(''.join(chr(ord('A') + block - 1) for block in clue)
                                  for clue in clues))
        texts.append('\n'.join(lines))
    return '\n\n'.join(texts) + '\n'


# %% tags=["active-ipynb"]
# rosetta = parse_rosetta((PUZZLES / 'rosetta-nonogram-problems.txt').read_text(),
#                         'rosetta-nonogram-problems.txt')
# for puzzle in rosetta:
#     print(f'{puzzle.title}: {puzzle.width}x{puzzle.height}, first row clue {puzzle.rows[0]}')

# %% [markdown]
# ## Pictures as text
#
# The simplest "format" of all is the picture itself, typed as lines of `0` and `1` (or `.` and
# `#`, which are easier on the eye). It is how chapter 2 writes puzzles, and how a teacher would
# type one in five minutes. A picture gives its clues (`line2blocks` on every row and column) and
# its own goal. (In the code, `picture` means this typed form or a grid of 0/1, and `image` a
# picture file such as a PNG.)

# %%
def parse_picture(text, source='<text>'):
    """Read a picture typed as lines of 0/1 (or ./#); return [Puzzle] with the picture as goal."""
    picture, first_line = [], None
    for number, line in enumerate(editor_lines(text), 1):
        line = line.strip()
        if not line:
            continue
        if not re.fullmatch(r'[01]+|[.#]+', line):
            raise PuzzleFileError(source, number, f'a picture row is 0s and 1s (or . and #), '
                                                  f'not {line[:40]!r}')
        if picture and len(line) != len(picture[0]):
            raise PuzzleFileError(source, number, f'this row has {len(line)} cells, the first '
                                                  f'row (line {first_line}) has {len(picture[0])}')
        first_line = first_line or number
        picture.append([int(char in '1#') for char in line])
    if not picture:
        raise PuzzleFileError(source, None, 'the picture is empty')
    return [picture_puzzle(picture, source=source)]


def picture_puzzle(picture, title='', source='<picture>'):
    """The Puzzle whose solution is `picture` (rows of 0/1, or text as chapter 2's pic2gram
    reads it): its clues, with the picture as goal. Raises PuzzleError naming a bad cell."""
    picture = check_picture(picture)
    rows = [line2blocks(row) for row in picture]
    cols = [line2blocks(column) for column in zip(*picture)]
    metadata = {'title': title} if title else {}
    return check_puzzle(source, rows, cols, metadata=metadata, goal=picture)


def picture_of(grid):
    """A grid as text: '#' filled, '.' empty, '?' unknown, one line per row."""
    return '\n'.join(''.join({1: '#', 0: '.', None: '?'}[cell] for cell in row) for row in grid)


# %% tags=["active-ipynb"]
# [heart] = parse_picture('''
# .##.##.
# #######
# #######
# .#####.
# ..###..
# ...#...
# ''')
# print(heart.rows, heart.cols, sep='\n')

# %% [markdown]
# ## One entry point: `read_puzzles`
#
# Users should not have to know which reader to call. The file's extension decides when it is one
# we know (`.non`, `.nin`, `.xml`/`.pbn`, and picture files); otherwise the content decides: XML
# starts with `<`, a `.nin` with two numbers, Rosetta Code is capital letters, a picture is rows of
# `0`/`1`, and anything else is tried as `.non`, whose reader gives the most helpful messages.
#
# Reading the bytes is where most hostile input is stopped: a missing file, a directory, a file
# too big, binary garbage (a zero byte, or bytes that are not UTF-8 text) all become a
# `PuzzleFileError` with a plain message. (The code is plumbing; the examples after it matter more.)

# %%
READERS = {'non': parse_non, 'nin': parse_nin, 'xml': parse_xml, 'rosetta': parse_rosetta,
           'picture': parse_picture}
EXTENSIONS = {'.non': 'non', '.nin': 'nin', '.xml': 'xml', '.pbn': 'xml', '.png': 'image',
              '.jpg': 'image', '.jpeg': 'image', '.gif': 'image', '.bmp': 'image'}
IMAGE_SIGNATURES = (b'\x89PNG\r\n\x1a\n', b'\xff\xd8\xff', b'GIF87a', b'GIF89a', b'BM')


def sniff_format(text):
    """Guess a text's puzzle format from its content: 'xml', 'nin', 'rosetta', 'picture' or 'non'."""
    lines = [line.strip() for line in editor_lines(text) if line.strip()]
    if not lines:
        return 'non'
    if lines[0].startswith('<'):
        return 'xml'
    if all(re.fullmatch(r'[01]+|[.#]+', line) for line in lines):
        return 'picture'
    significant = [line for line in lines if not line.startswith('#')]
    if significant and re.fullmatch(r'\d+\s+\d+', significant[0]):
        return 'nin'
    if all(re.fullmatch(r'[A-Za-z]+( +[A-Za-z]+)*', line) for line in lines) and any(
            line.isupper() for line in lines):
        return 'rosetta'  # (lower-case letters are then named as errors by the reader)
    return 'non'


def parse_puzzles(text, fmt=None, source='<text>'):
    """Read puzzles from text in format `fmt` (None: guess from the content); return a list."""
    fmt = fmt or sniff_format(text)
    if fmt not in READERS:
        raise ValueError(f'unknown puzzle format {fmt!r}; known: {", ".join(READERS)}')
    return READERS[fmt](text, source)


def read_puzzles(path, fmt=None, picture_size=None):
    """Read every puzzle in the file at `path`; return a list of Puzzles.

    fmt: 'non', 'nin', 'xml', 'rosetta', 'picture' or 'image'; None chooses by the extension,
    then by the content. picture_size: for image files, scale the picture down to at most this
    many cells per side (see read_image). Raises PuzzleFileError for any unreadable input.
    """
    path = Path(path)
    data = file_bytes(path)
    fmt = fmt or EXTENSIONS.get(path.suffix.lower())
    if fmt == 'image' or (fmt is None and data.startswith(IMAGE_SIGNATURES)):
        picture = read_image(path, size=picture_size)
        return [picture_puzzle(picture, title=path.stem, source=path)]
    return parse_puzzles(file_text(data, path), fmt, path)


def file_bytes(path) -> bytes:
    """The bytes of a puzzle file: PuzzleFileError for a directory, a pipe or a device, or a file
    larger than MAX_FILE_BYTES."""
    path = Path(path)
    try:
        if path.is_dir():
            raise PuzzleFileError(path, None, 'is a directory, not a puzzle file')
        if path.exists() and not path.is_file():  # a FIFO or a device would block or never end
            raise PuzzleFileError(path, None, 'not a regular file (a pipe or a device?)')
        with open(path, 'rb') as file:
            data = file.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise PuzzleFileError(path, None, error.strerror or str(error)) from None
    if len(data) > MAX_FILE_BYTES:
        raise PuzzleFileError(path, None, f'larger than {MAX_FILE_BYTES:,} bytes: '
                                          'not a puzzle file this reader accepts')
    return data


def file_text(data: bytes, path) -> str:
    """A puzzle file's bytes as text (UTF-8, a BOM allowed), or PuzzleFileError naming the line."""
    if b'\0' in data:
        raise PuzzleFileError(path, None, 'binary data, not a puzzle file (it has zero bytes)')
    try:
        return data.decode('utf-8-sig')
    except UnicodeDecodeError as error:
        line = data.count(b'\n', 0, error.start) + 1
        raise PuzzleFileError(path, line, 'not UTF-8 text: not a puzzle file') from None


def read_puzzle(path, fmt=None, picture_size=None):
    """Read the file at `path` and return its first puzzle (see read_puzzles)."""
    return read_puzzles(path, fmt, picture_size)[0]


def write_puzzle(puzzle, path, fmt=None):
    """Write `puzzle` to `path` in format fmt ('non', 'nin', 'xml', 'rosetta'; None: by extension)."""
    path = Path(path)
    fmt = fmt or {'.nin': 'nin', '.xml': 'xml', '.pbn': 'xml', '.txt': 'rosetta'}.get(
        path.suffix.lower(), 'non')
    writers = {'non': format_non, 'nin': format_nin, 'xml': format_xml,
               'rosetta': lambda puzzle: format_rosetta([puzzle])}
    path.write_text(writers[fmt](puzzle), encoding='utf-8')
    return path


# %% [markdown]
# ## From a picture file to a puzzle
#
# A teacher's picture is a PNG or a JPEG, hundreds of pixels wide, in shades of grey (or colour),
# with soft anti-aliased edges. To make a nonogram of it we need three steps:
#
# 1. **grey**: convert to luminance (0 black ... 255 white), drawing transparent parts on white;
# 2. **scale down** to the puzzle's size: each cell averages the block of pixels it covers (Pillow's
#    `BOX` filter), so a cell half covered by ink comes out mid-grey;
# 3. **threshold**: a cell darker than the threshold is filled.
#
# Pillow does the reading (it comes with matplotlib); as everywhere in this project, the module
# imports it only inside the function, so `import nonofiles` stays light. Pillow already refuses
# "decompression bombs" (tiny files claiming billions of pixels), and we turn its errors into ours.

# %%
def read_image(path, size=None, threshold=0.5, invert=False):
    """Read a picture file (PNG, JPEG, ...) as rows of 0/1: dark pixels become filled cells.

    size: None keeps one cell per pixel; an int scales the picture so its longer side has that
          many cells; a (width, height) pair scales to exactly that. Pictures are never enlarged.
    threshold: a cell is filled when its grey level (0 black .. 1 white) is below this.
    invert: fill the light cells instead (for a white drawing on black).
    """
    try:
        from PIL import Image
    except ImportError:
        raise PuzzleFileError(path, None, 'reading pictures needs Pillow '
                                          '(python -m pip install pillow)') from None

    try:
        with opened_image(path) as image:
            grey = on_white(image).convert('L')
    except (OSError, ValueError, Image.DecompressionBombError) as error:
        raise PuzzleFileError(path, None, f'not a picture this reader can open ({error})') from None
    if size is not None:
        grey = grey.resize(scaled_size(grey.size, size), Image.Resampling.BOX)
    width, height = grey.size
    if size is None and max(width, height) > MAX_PICTURE_SIDE:
        raise PuzzleFileError(path, None, f'the picture is {width}x{height} pixels; give a size '
                                          f'to scale it down (at most {MAX_PICTURE_SIDE} a side)')
    if max(width, height) > MAX_SIDE:
        raise PuzzleFileError(path, None, f'{width}x{height} cells is more than the {MAX_SIDE} '
                                          'a side this reader accepts')
    pixels = grey.tobytes()
    cut = threshold * 255
    return [[int((pixels[i * width + j] < cut) != invert) for j in range(width)]
            for i in range(height)]


MAX_PIXELS = 40_000_000  # a picture's pixels are counted before it is decoded


def opened_image(path):
    """The picture file opened and decoded by Pillow, refused (DecompressionBombError) before
    decoding if it has more than MAX_PIXELS pixels, without Pillow's warning on stderr."""
    import warnings

    from PIL import Image

    image = Image.open(path)
    if image.width * image.height > MAX_PIXELS:
        image.close()
        raise Image.DecompressionBombError(f'{image.width}x{image.height} pixels is more than '
                                           f'{MAX_PIXELS:,}')
    with warnings.catch_warnings():
        warnings.simplefilter('error', Image.DecompressionBombWarning)
        image.load()
    return image


def on_white(image):
    """The image drawn over a white background (transparent pixels become white)."""
    from PIL import Image

    if image.mode in ('RGBA', 'LA', 'PA') or 'transparency' in image.info:
        rgba = image.convert('RGBA')
        background = Image.new('RGBA', rgba.size, (255, 255, 255, 255))
        return Image.alpha_composite(background, rgba)
    return image


def scaled_size(original, size):
    """(width, height) for scaling `original` to `size` (an int: the longer side), never enlarging."""
    width, height = original
    if isinstance(size, int):
        scale = min(1.0, size / max(width, height))
        return max(1, round(width * scale)), max(1, round(height * scale))
    return min(width, size[0]), min(height, size[1])


# %% [markdown]
# This project ships one picture made for it, `puzzles/boat.png`: a 240x240 pixel drawing with
# soft edges, as a drawing program would save it. Here it is, and the puzzles it gives at three
# sizes. The size is a choice: too small, and the mast and the waves vanish or turn into a
# checkerboard; bigger puzzles keep the picture but take longer to solve, and may have more than
# one solution (the next chapter checks that, and repairs it).

# %% tags=["active-ipynb"]
# import matplotlib.pyplot as plt
# from PIL import Image
#
# with Image.open(PUZZLES / 'boat.png') as image:
#     original = image.convert('L')
# fig, axes = plt.subplots(1, 4, figsize=(12, 3.6), layout='constrained')
# axes[0].imshow(original, cmap='gray', vmin=0, vmax=255)
# axes[0].set_title(f'boat.png, {original.size[0]}x{original.size[1]} pixels')
# print(f'boat.png: {original.size[0]}x{original.size[1]} pixels')
# for ax, size in zip(axes[1:], (10, 15, 25)):
#     cells = read_image(PUZZLES / 'boat.png', size=size)
#     ax.imshow([[1 - cell for cell in row] for row in cells], cmap='gray', vmin=0, vmax=1)
#     ax.set_title(f'size={size}: {len(cells[0])}x{len(cells)} cells')
# for ax in axes:
#     ax.set_xticks([])
#     ax.set_yticks([])
# fig.suptitle('A picture file becomes a nonogram: grey, scale down, threshold')
# plt.show()

# %% [markdown]
# Now every shipped puzzle, pictures included, is one call away. The listing gives each file's
# size(s), width x height, and the first puzzle's title (sorted by file name, so the list comes
# out the same on every machine):

# %% tags=["active-ipynb"]
# for path in sorted(PUZZLES.iterdir()):
#     if path.suffix in ('.non', '.txt', '.png'):
#         puzzles = read_puzzles(path, picture_size=20)
#         sizes = ', '.join(f'{p.width}x{p.height}' for p in puzzles)
#         print(f'{path.name:30} {sizes:24} {puzzles[0].title[:46]}')

# %% [markdown]
# ## What we have
#
# - `read_puzzles` reads `.non`, `.nin`, webpbn XML, Rosetta Code letters, 0/1 picture text and
#   picture files, choosing by extension and then by content; every failure is a
#   `PuzzleFileError` naming the file and line. `format_non` (and `format_nin`, `format_xml`,
#   `format_rosetta`) write puzzles back, and the tests check every round trip.
# - `read_image` and `picture_puzzle` turn a drawing into a puzzle in one call.
#
# Not done here: colour puzzles (every reader refuses them by name); the next chapter reads them
# from webpbn XML. The last chapter makes good puzzles from pictures and solves files from the
# terminal.

# %%
def read_clues(path) -> tuple[list, list]:
    """(row clues, column clues) of the first puzzle in a file of any format read_puzzle reads."""
    puzzle = read_puzzle(path)
    return puzzle.rows, puzzle.cols
