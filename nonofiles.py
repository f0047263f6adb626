"""Puzzle files and pictures: readers and writers for the common nonogram formats, and pictures
made into puzzles.

A library module, not a lesson: any lesson may import it to read the puzzles in `puzzles/`
(`notebooks/reference-files.ipynb` shows every format at work). Every reader returns a list of
`Puzzle` records (a file may hold several puzzles); a `Puzzle` is the row and column clues (lists
of block lengths, [] for an empty line), the file's metadata as strings, and, when the file has
them, the goal (the intended solution) and the givens (cells printed on the puzzle).

The formats:

- `.non`, Steve Simpson's format: `keyword value` lines (`width`, `height`, `title`, `by`,
  `copyright`, ...; every unknown keyword is kept as metadata, quoted values may hold HTML
  character references), a line `rows` followed by one comma-separated clue per line (`0` or a
  blank line for an empty line), the same after `columns`, and optionally `goal "0110..."` (the
  solution, row by row). This project adds `givens "??1?..."` (`1` filled, `0` empty, `?` not
  given), which other programs ignore as a property. `#` starts a comment line.
- `.nin`: a first line `width height`, then one line per row and one per column, blocks
  separated by spaces, `0` for an empty line; no metadata.
- webpbn XML (Jan Wolter's webpbn.com): a `<puzzleset>` of `<puzzle>` elements with
  `<clues type="rows">` and `<clues type="columns">` of `<line>`s of `<count>`s, metadata
  elements (`<title>`, `<author>`, ...), and perhaps a `<solution>` image of `X` and `.`.
- Rosetta Code letters: `A` = 1 ... `Z` = 26, one word per clue, a line of row clues then a line
  of column clues, puzzles separated by blank lines.
- picture text: rows of `0`/`1` (or `.`/`#`); the picture is the puzzle's goal (scaled down,
  as a picture file is, when a `picture_size` is given).
- picture files (PNG, JPEG, GIF, BMP; Pillow reads them): grey levels, blank margins cut,
  scaled down so each cell averages the pixels it covers, then the darker cells are filled: those
  below the level that best splits the cells' greys in two (Otsu's method, `otsu_level`; so a
  picture in light colours, or of thin lines, keeps its subject). `read_image` alone does what
  it is told: a fixed threshold, no cropping, unless asked.

Colour puzzles are refused by name here (`COLOUR_ERROR`); `nonocolourfiles` reads them.

Public functions:

- reading: `read_puzzles(path)` (the format chosen by the extension, then by the content),
  `read_puzzle(path)` (the first puzzle), `read_clues(path)` (its rows and columns),
  `parse_puzzles(text, fmt)`, `sniff_format(text)`, and one reader per format: `parse_non`,
  `parse_nin`, `parse_xml`, `parse_rosetta`, `parse_picture`;
- writing: `format_non`, `format_nin`, `format_xml`, `format_rosetta` (text), `write_puzzle`;
- pictures: `read_image` (a picture file as rows of 0/1), `picture_puzzle` (the puzzle whose
  solution is a picture), `scale_picture` (rows of 0/1 scaled down as a picture file is),
  `picture_of` (a grid as `#`/`.`/`?` text);
- shared with `nonocolourfiles`, not public (not in `__all__`): `file_bytes`, `file_text`, `parse_xml_tree`, `xml_clues`,
  `xml_count`, `xml_metadata`, `XML_METADATA`, `opened_image`, `on_white`, `scaled_size`.

Files come from strangers, so every fault of a file raises one error, `PuzzleFileError` (a
ValueError), whose message names the file and the line as an editor numbers them:
`puzzles/x.non, line 7: row 1: clue [1, 2] needs at least 4 cells but the line has only 3`.
Limits hold before any work: files of at most `MAX_FILE_BYTES`, at most `MAX_SIDE` cells a side,
numbers of at most six digits, no XML entity declarations, pictures of at most `MAX_PIXELS`
(counted from the file's header, before decoding). Every reader and picture function also takes
`deadline` (a time.monotonic() value, keyword-only): it looks at the clock as it goes (every few
lines and clues, while a picture is decoded, between the steps of scaling) and raises
`nonocheck.SearchLimit` once the deadline has passed, so that no file outlasts a time limit.
Rows and columns whose totals differ raise `TotalsDifferError`: a PuzzleFileError that is also a
`nonocheck.TotalsDiffer` (a well-formed puzzle without a solution).
Sizes in messages are written rows x columns (height x width), as everywhere in this project.
Importing this module loads neither Pillow nor an XML parser; the functions that need them
import them.

>>> puzzle = picture_puzzle([[0, 1, 0], [1, 1, 1]], title='a hat')
>>> puzzle.rows, puzzle.cols, puzzle.title
([[1], [3]], [[1], [2], [1]], 'a hat')
>>> print(format_nin(puzzle), end='')
3 2
1
3
1
2
1
"""

import os
import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from numbers import Real
from pathlib import Path

from nonocheck import (Clue, ClueError, Grid, NonogramError, SearchLimit, TotalsDiffer,
                       check_list, check_picture, normalize_clue, plural)
from nonovector import line2blocks

# The public names (the docstring's list); the readers' steps and the shared helpers are not.
__all__ = ['Puzzle', 'PuzzleFileError', 'TotalsDifferError', 'MAX_FILE_BYTES', 'MAX_SIDE',
           'MAX_PICTURE_SIDE', 'MAX_PIXELS', 'COLOUR_ERROR', 'READERS', 'EXTENSIONS',
           'read_puzzles', 'read_puzzle', 'read_clues', 'parse_puzzles', 'sniff_format',
           'parse_non', 'parse_nin', 'parse_xml', 'parse_rosetta', 'parse_picture', 'format_non',
           'format_nin', 'format_xml', 'format_rosetta', 'write_puzzle', 'read_image',
           'picture_puzzle', 'scale_picture', 'picture_of', 'whole_file', 'otsu_level']

Source = str | os.PathLike  # what a message names as the file: a path, or '<text>'


# --- a puzzle as data, and the error of a bad file -------------------------------------------

@dataclass
class Puzzle:
    """A black-and-white nonogram as plain data.

    rows, cols: clue lists (each a list of block lengths; [] is an empty line).
    metadata:   strings from the file, such as 'title', 'by', 'copyright', 'license'.
    goal:       the intended solution (rows of 0/1) when the file has one, else None.
    givens:     cells printed on the puzzle (rows of 1/0/None) when there are any, else None.
    """
    rows: list[Clue]
    cols: list[Clue]
    metadata: dict[str, str] = field(default_factory=dict)
    goal: Grid | None = None
    givens: Grid | None = None

    @property
    def height(self) -> int:
        """The number of rows."""
        return len(self.rows)

    @property
    def width(self) -> int:
        """The number of columns."""
        return len(self.cols)

    @property
    def title(self) -> str:
        """The title from the metadata, or ''."""
        return self.metadata.get('title', '')


class PuzzleFileError(NonogramError):
    """A puzzle file (or text) is malformed. str() gives 'SOURCE, line N: what is wrong'
    ('SOURCE: what is wrong' when no one line is at fault); the parts are the attributes
    source, line (None or a number counted from 1) and message."""

    def __init__(self, source: Source, line: int | None, message: str):
        self.source, self.line, self.message = str(source), line, message
        where = self.source if line is None else f'{self.source}, line {line}'
        super().__init__(f'{where}: {message}')


class TotalsDifferError(PuzzleFileError, TotalsDiffer):
    """A well-formed file whose rows and columns need different numbers of (filled, or some
    colour's) cells: a puzzle without a solution. Both a PuzzleFileError (naming the file and
    line) and a nonocheck.TotalsDiffer (the command's exit code 1, 'no solution')."""


# Line numbers are the ones an editor shows: str.splitlines also breaks at form feeds, NEL and
# other characters an editor shows inside a line, so the readers split with editor_lines.
LINE_BREAK = re.compile(r'\r\n|\r|\n')


def editor_lines(text: str, keepends: bool = False) -> list[str]:
    """The lines of `text` as an editor numbers them: broken at \\n, \\r\\n and \\r only."""
    if not isinstance(text, str):
        raise TypeError(f'puzzle text must be a str, not {type(text).__name__}')
    if keepends:
        return re.findall(r'[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$', text)
    lines = LINE_BREAK.split(text)
    return lines[:-1] if lines and lines[-1] == '' else lines


# --- the clock: every reader stops at its caller's deadline ----------------------------------
# A reader given `deadline` (a time.monotonic() value) looks at the clock as it goes (every few
# lines, every clue, between the steps of decoding and scaling a picture) and raises SearchLimit
# once the deadline has passed, so that a large file cannot outlast a --timeout.

class Clock:
    """A reader's deadline: check() raises SearchLimit once time.monotonic() passes it; tick()
    does so too, looking at the clock only every `every` calls (for loops of cheap steps)."""

    def __init__(self, deadline: float | None, source: Source, every: int = 32):
        self.deadline, self.source, self.every = deadline, str(source), every
        self.start, self.count = time.monotonic(), 0

    def check(self) -> None:
        """Raise SearchLimit if the deadline has passed."""
        if self.deadline is not None and time.monotonic() > self.deadline:
            spent = time.monotonic() - self.start
            raise SearchLimit(f'{self.source}: ran out of time while reading it (after '
                              f'{spent:.1f} s)', 0, spent, [])

    def tick(self) -> None:
        """check() every `every` calls."""
        self.count += 1
        if self.count % self.every == 0 and self.deadline is not None:
            self.check()


def reading_clock(deadline, source: Source) -> Clock:
    """The Clock for a reader's `deadline` argument: None (no deadline), a time.monotonic()
    value, or the Clock of the reader that called this one (the time spent counts from its
    start). TypeError naming deadline for anything else; a Clock that has already run out
    raises SearchLimit at once."""
    if isinstance(deadline, Clock):
        clock = deadline
    elif deadline is None or isinstance(deadline, Real) and not isinstance(deadline, bool):
        if deadline is not None and deadline != deadline:
            raise ValueError('deadline must be a time.monotonic() value, not nan')
        clock = Clock(deadline, source)
    else:
        raise TypeError(f'deadline must be None or a time.monotonic() value, not {deadline!r}')
    clock.check()
    return clock


def checked_path(path, name: str = 'path') -> Path:
    """`path` (a str or os.PathLike) as a Path, or TypeError naming it (as `name`)."""
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f'{name} must be a file path (str or Path), not {type(path).__name__}')
    return Path(path)


def checked_puzzle(puzzle, name: str = 'puzzle') -> 'Puzzle':
    """`puzzle` if it is a Puzzle, else TypeError naming it (as `name`)."""
    if not isinstance(puzzle, Puzzle):
        hint = (' (a colour puzzle: nonocolourfiles writes it)'
                if type(puzzle).__name__ == 'ColourPuzzle' else '')
        raise TypeError(f'{name} must be a Puzzle, not {type(puzzle).__name__}{hint}')
    return puzzle


# Limits, set before any work: a number of a million digits would parse, slowly.
MAX_FILE_BYTES = 4_000_000   # the largest webpbn export is a few hundred kilobytes
MAX_SIDE = 1000              # cells per row or column
MAX_PICTURE_SIDE = 100       # an unscaled picture larger than this needs a target size
MAX_PIXELS = 40_000_000      # a picture's pixels are counted before it is decoded


def parse_count(text: str, source: Source, line: int | None, what: str) -> int:
    """Read a non-negative whole number of at most six digits, or raise PuzzleFileError."""
    text = text.strip()
    if not re.fullmatch(r'[0-9]{1,6}', text):
        raise PuzzleFileError(source, line, f'{what} should be a whole number, not {text!r}')
    return int(text)


# --- checking what a reader found ------------------------------------------------------------
# Every reader ends here: each clue must fit its line, rows and columns need the same number of
# filled cells, the goal must have the clues, and the givens must agree with the goal. Rows and
# columns are counted from 1 in the messages, as a person reading the file counts.

def check_puzzle(source: Source, rows: list, cols: list, *, row_lines: list | None = None,
                 col_lines: list | None = None, metadata: dict | None = None,
                 goal: Grid | None = None, goal_line: int | None = None,
                 givens: Grid | None = None, givens_line: int | None = None,
                 deadline=None) -> Puzzle:
    """Check clues (and goal/givens) read from `source`; return them as a Puzzle.

    row_lines/col_lines give the file line of each clue, for the error messages (for a section
    without clues, its one line: where the section starts). deadline: see reading_clock.
    Raises PuzzleFileError naming the source and line of the first problem.
    """
    clock = reading_clock(deadline, source)
    row_lines = row_lines or [None] * len(rows)
    col_lines = col_lines or [None] * len(cols)
    height, width = len(rows), len(cols)
    for name, clues, lines in (('row', rows, row_lines), ('column', cols, col_lines)):
        if not clues:
            raise PuzzleFileError(source, lines[0] if lines else None,
                                  f'the puzzle has no {name}s')
    for name, clues, lines, cells in (('row', rows, row_lines, width),
                                      ('column', cols, col_lines, height)):
        if len(clues) > MAX_SIDE:
            raise PuzzleFileError(source, None, f'{len(clues)} {name}s is more than the '
                                                f'{MAX_SIDE} this reader accepts')
        for i, (clue, line) in enumerate(zip(clues, lines)):
            clock.tick()
            if plain_clue(clue) and sum(clue) + len(clue) - 1 <= cells:
                continue  # (what the readers make: normalize_clue would return it unchanged)
            try:
                clues[i] = normalize_clue(clue, cells)
            except ClueError as error:
                raise PuzzleFileError(source, line, f'{name} {i + 1}: {error}') from None
    clock.check()
    row_total, col_total = sum(map(sum, rows)), sum(map(sum, cols))
    if row_total != col_total:
        raise TotalsDifferError(source, col_lines[0] if col_lines else None,
                                f'rows need {plural(row_total, "filled cell")} but '
                                f'columns need {col_total}')
    if goal is not None:
        check_goal(source, goal, rows, cols, goal_line, deadline=clock)
    if givens is not None:
        check_givens(source, givens, goal, height, width, givens_line)
    clock.check()
    return Puzzle(rows, cols, dict(metadata or {}), goal, givens)


def plain_clue(clue) -> bool:
    """Is `clue` a list of ints, each at least 1 (normalize_clue's result)? (Quick for the
    million blocks of a large file.)"""
    return type(clue) is list and all(type(block) is int for block in clue) and (
        not clue or min(clue) >= 1)


def check_goal(source: Source, goal: Grid, rows: list[Clue], cols: list[Clue],
               line: int | None, *, deadline=None) -> None:
    """Raise PuzzleFileError unless `goal` (rows of 0/1) has exactly the clues rows, cols
    (SearchLimit once `deadline` passes: see reading_clock)."""
    clock = reading_clock(deadline, source)
    for i, clue in enumerate(rows):
        clock.tick()
        if blocks_of(goal[i]) != clue:
            raise PuzzleFileError(source, line, f'the goal does not fit row {i + 1}: its blocks '
                                                f'are {line2blocks(goal[i])}, the clue says {clue}')
    for j, (clue, column) in enumerate(zip(cols, zip(*goal))):
        clock.tick()
        if blocks_of(column) != clue:
            raise PuzzleFileError(source, line, f'the goal does not fit column {j + 1}: its blocks '
                                                f'are {line2blocks(column)}, the clue says {clue}')


def blocks_of(line) -> Clue:
    """The blocks of a line of 0/1 ints (as nonovector.line2blocks, at the speed of bytes: a
    1000x1000 picture's clues in a fraction of a second)."""
    return [len(run) for run in bytes(line).split(b'\0') if run]


def check_givens(source: Source, givens: Grid, goal: Grid | None, height: int, width: int,
                 line: int | None) -> None:
    """Raise PuzzleFileError unless `givens` is a height x width grid agreeing with `goal`."""
    if len(givens) != height or any(len(row) != width for row in givens):
        raise PuzzleFileError(source, line, f'the givens are not a {height}x{width} grid')
    if goal is not None:
        for i, row in enumerate(givens):
            for j, cell in enumerate(row):
                if cell is not None and cell != goal[i][j]:
                    raise PuzzleFileError(source, line, f'given cell (row {i + 1}, column '
                                                        f'{j + 1}) disagrees with the goal')


# --- Steve Simpson's .non format -------------------------------------------------------------

COLOUR_ERROR = ('colour puzzles are not supported by this reader '
                '(nonocolourfiles reads colour webpbn XML)')


PLAIN_CLUE = re.compile(r'[0-9]{1,6}(?:(?:\s*,\s*|\s+)[0-9]{1,6})*')


def parse_clue(text: str, source: Source, line: int | None) -> Clue:
    """Read one clue line such as '3,1' or '3 1' ('0' or nothing: the empty clue)."""
    text = text.strip()
    if PLAIN_CLUE.fullmatch(text):  # the usual case, at once (a long line, in one step)
        blocks = [int(token) for token in re.split(r'[,\s]+', text)]
        return [] if blocks == [0] else blocks
    blocks, what = [], f'clue {text!r}: a block'
    for token in re.split(r'[,\s]+', text):
        if not token:
            continue
        if re.fullmatch(r'[0-9]+[A-Za-z]', token):
            raise PuzzleFileError(source, line, f'clue {text!r}: {COLOUR_ERROR}')
        blocks.append(parse_count(token, source, line, what))
    return [] if blocks == [0] else blocks


def unquote(value: str) -> str:
    """A property value without its surrounding quotes, HTML references decoded."""
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] == '"':
        value = value[1:-1]
    import html  # (here, not at the top: the command's start-up does not need it)

    return html.unescape(value)


def pick_clue_lines(body: list[tuple[int, str]], needed: int | None) -> list | None:
    """Choose the clue lines of a section: `body` is a list of (line number, text) pairs.

    Blank lines are spacing when the non-blank lines are exactly the `needed` clues; otherwise
    they are empty clues (first without the blank lines at the section's ends, then with them).
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


SIZE_KEYWORDS = {'width': 'width', 'columns': 'width', 'height': 'height', 'rows': 'height'}
KNOWN_KEYS = {'width', 'height', 'rows', 'columns', 'goal', 'givens', 'maxrule', 'color', 'colour',
              'title', 'by', 'author', 'copyright', 'license', 'licence', 'catalogue', 'id',
              'source', 'description', 'note', 'comment', 'url'}  # keys that end a section quietly


def parse_non(text: str, source: Source = '<text>', *, deadline=None) -> list[Puzzle]:
    """Read a puzzle in Steve Simpson's .non format; return [Puzzle] (a list, like every reader).

    One pass over the lines: inside a `rows` or `columns` section a line that starts with a digit
    (or is blank) is a clue line; any other line ends the section and is read as a keyword.
    deadline: a time.monotonic() value; SearchLimit once it passes (every reader has it).
    """
    clock = reading_clock(deadline, source)
    metadata, sizes, size_lines, sections, ended = {}, {}, {}, {}, {}
    goal = givens = goal_line = givens_line = None
    current = None  # the clue section we are in: 'rows', 'columns' or None
    lines = editor_lines(text)
    if not lines or not text.strip():
        raise PuzzleFileError(source, None, 'the file is empty')
    for number, raw in enumerate(lines, 1):
        clock.tick()
        line = raw.strip()
        if current and (not line or line[0] in '0123456789'):
            sections[current][1].append((number, line))
            continue
        if current and line.startswith('#'):
            continue  # a comment inside a clue section: the section goes on
        if current and line[0] in '+-':
            raise PuzzleFileError(source, number, f'a clue is whole numbers (0 or more) separated '
                                                  f'by commas, not {line[:40]!r}')
        if current and line.split(None, 1)[0].lower() not in KNOWN_KEYS:
            ended[current] = (number, line)  # a word that ends a section: named if clues are short
        current = None
        if not line or line.startswith('#'):
            continue
        if line[0] in '0123456789':
            raise PuzzleFileError(source, *clue_outside_section(number, ended, sections))
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
        clues[key] = ([parse_clue(text, source, number)
                       for number, text in ticking(chosen, clock)],
                      [number for number, _ in chosen] or [start])
    (rows, row_lines), (cols, col_lines) = clues['rows'], clues['columns']
    clock.check()
    if goal is not None:
        goal = parse_cells(goal, len(rows), len(cols), '01', source, goal_line, 'goal')
    if givens is not None:
        givens = parse_cells(givens, len(rows), len(cols), '01?', source, givens_line, 'givens')
    return [check_puzzle(source, rows, cols, row_lines=row_lines, col_lines=col_lines,
                         metadata=metadata, goal=goal, goal_line=goal_line,
                         givens=givens, givens_line=givens_line, deadline=clock)]


def ticking(items, clock: Clock):
    """The items of a list, the clock looked at every `clock.every` of them."""
    for item in items:
        clock.tick()
        yield item


def clue_outside_section(number: int, ended: dict, sections: dict) -> tuple[int, str]:
    """(line, message) of the error for a clue at line `number`, outside the rows and columns
    sections: the fault is the word that ended the section, if one did."""
    if ended:
        key, (word_number, line) = max(ended.items(), key=lambda item: item[1][0])
        return word_number, (f'the {key} section has clues after this line (line {number}), '
                             f'which is not one: {line[:40]!r}')
    where = " (no line saying just 'rows' or 'columns' before it)" if not sections else ''
    return number, f"a clue line outside a 'rows' or 'columns' section{where}"


def parse_cells(text: str, height: int, width: int, alphabet: str, source: Source,
                line: int | None, what: str) -> Grid:
    """Read a row-major string of cells ('1' filled, '0' empty, '?' unknown) into a grid."""
    text = ''.join(text.split())
    if len(text) != height * width:
        raise PuzzleFileError(source, line, f'the {what} has {len(text)} cells, '
                                            f'expected {height}x{width} = {height * width}')
    for k, char in enumerate(text):
        if char not in alphabet:
            hint = f' ({COLOUR_ERROR})' if char.isalnum() else ''
            raise PuzzleFileError(source, line, f'the {what} has {char!r} at row {k // width + 1}, '
                                                f'column {k % width + 1}; expected one of '
                                                f'{", ".join(alphabet)}{hint}')
    cells = [{'1': 1, '0': 0, '?': None}[char] for char in text]
    return [cells[i * width:(i + 1) * width] for i in range(height)]


STRUCTURE_KEYS = {'width', 'height', 'rows', 'columns', 'goal', 'givens', 'color', 'colour',
                  'maxrule'}


def quote(value: object) -> str:
    """A property value for a .non file: quoted, with '&', '"', '<', '>' and non-ASCII escaped."""
    import html

    escaped = html.escape(str(value), quote=True).replace('\n', ' ')
    return '"' + escaped.encode('ascii', 'xmlcharrefreplace').decode('ascii') + '"'


def format_non(puzzle: Puzzle) -> str:
    """The text of a .non file for `puzzle`: metadata (quoted, non-ASCII as HTML character
    references), size, clues, then goal and givens when the puzzle has them. parse_non reads it
    back as the same Puzzle. Raises ValueError for a metadata key the format cannot hold."""
    checked_puzzle(puzzle)
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


def cells_text(grid: Grid) -> str:
    """A grid as one row-major string: '1' filled, '0' empty, '?' unknown."""
    return ''.join({1: '1', 0: '0', None: '?'}[cell] for row in grid for cell in row)


# --- the .nin format -------------------------------------------------------------------------

def parse_nin(text: str, source: Source = '<text>', *, deadline=None) -> list[Puzzle]:
    """Read a puzzle in .nin format ('W H', then H row clues, then W column clues); return
    [Puzzle]. The header is the one place where a width comes before a height. deadline: see
    parse_non."""
    clock = reading_clock(deadline, source)
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
    clues = [parse_clue(line, source, line_number) for line_number, line in ticking(chosen, clock)]
    lines = [line_number for line_number, _ in chosen]
    return [check_puzzle(source, clues[:height], clues[height:],
                         row_lines=lines[:height], col_lines=lines[height:], deadline=clock)]


def format_nin(puzzle: Puzzle) -> str:
    """The text of a .nin file for `puzzle` (clues only: the format has no metadata)."""
    checked_puzzle(puzzle)
    lines = [f'{puzzle.width} {puzzle.height}']
    lines += [' '.join(map(str, clue)) or '0' for clue in puzzle.rows + puzzle.cols]
    return '\n'.join(lines) + '\n'


# --- webpbn XML ------------------------------------------------------------------------------
# Python's parser never fetches from the network, but it expands entities declared in the file
# (the "billion laughs" trick), so a file that declares entities is refused. The parser is fed
# one line at a time (XMLPullParser) so that each element is known by the line it starts on.

def parse_xml_tree(text: str, source: Source, *, deadline=None) -> tuple:
    """Parse XML text safely; return (root element, {element: line number where it starts}).
    deadline: see parse_non."""
    import xml.etree.ElementTree as ElementTree  # (here: reading other formats does not need it)

    clock = reading_clock(deadline, source)

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
            clock.tick()
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


XML_METADATA = {'title': 'title', 'author': 'by', 'authorid': 'authorid', 'copyright': 'copyright',
                'id': 'id', 'description': 'description', 'note': 'note'}  # XML tag: metadata key


def parse_xml(text: str, source: Source = '<text>', *, deadline=None) -> list[Puzzle]:
    """Read webpbn XML (a <puzzleset> or a single <puzzle>); return a list of Puzzles.
    A puzzle with more colours than the background and one ink is refused (COLOUR_ERROR).
    deadline: see parse_non."""
    clock = reading_clock(deadline, source)
    root, starts = parse_xml_tree(text, source, deadline=clock)
    if root.tag == 'puzzle':
        puzzles = [root]
    elif root.tag == 'puzzleset':
        puzzles = root.findall('puzzle')
    else:
        raise PuzzleFileError(source, starts.get(root), f'expected <puzzleset> or <puzzle>, '
                                                        f'found <{root.tag}>')
    if not puzzles:
        raise PuzzleFileError(source, starts.get(root), 'no <puzzle> in the file')
    return [xml_puzzle(element, starts, source, deadline=clock) for element in puzzles]


def xml_puzzle(element, starts: dict, source: Source, *, deadline=None) -> Puzzle:
    """One <puzzle> element as a Puzzle (raising PuzzleFileError if it is not one we can solve).
    deadline: see parse_non."""
    clock = reading_clock(deadline, source)
    line = starts.get(element)
    if element.get('type', 'grid') != 'grid':
        raise PuzzleFileError(source, line, f'puzzle type {element.get("type")!r} is not '
                                            'supported (only "grid")')
    background = element.get('backgroundcolor', 'white')
    ink = element.get('defaultcolor', 'black')
    defined = {colour.get('name') for colour in element.findall('color')}
    if len(defined | {background, ink}) > 2:
        raise PuzzleFileError(source, line, COLOUR_ERROR)
    for name, role, standard in ((background, 'backgroundcolor', 'white'),
                                 (ink, 'defaultcolor', 'black')):
        if name not in defined | {standard}:
            raise PuzzleFileError(source, line, f'colour {name!r} is used but not defined (the '
                                                f'puzzle\'s {role})')

    def block(count):  # a <count>: its length, in the one ink
        if count.get('color', ink) != ink:
            raise PuzzleFileError(source, starts.get(count), COLOUR_ERROR)
        return xml_count(count, starts, source)

    metadata = xml_metadata(element)
    clues, lines = xml_clues(element, starts, source, block, deadline=clock)
    goal = goal_line = None
    for solution in element.findall('solution'):
        image = solution.find('image')
        if solution.get('type', 'goal') == 'goal' and image is not None:
            goal_line = starts.get(image)
            goal = xml_image(image.text or '', len(clues['rows']), len(clues['columns']),
                             source, goal_line)
    return check_puzzle(source, clues['rows'], clues['columns'], row_lines=lines['rows'],
                        col_lines=lines['columns'], metadata=metadata, goal=goal,
                        goal_line=goal_line, deadline=clock)


def xml_metadata(element) -> dict[str, str]:
    """The metadata of a <puzzle>: {key: text} for the XML_METADATA elements it has."""
    metadata = {}
    for tag, key in XML_METADATA.items():
        child = element.find(tag)
        if child is not None and (child.text or '').strip():
            metadata[key] = ' '.join(child.text.split())
    return metadata


def xml_clues(element, starts: dict, source: Source, block: Callable,
              *, deadline=None) -> tuple[dict, dict]:
    """({'rows': clues, 'columns': clues}, {kind: the line of each clue}) of a <puzzle>, each block
    read from its <count> by `block(count)`; for a <clues> without lines, the line where it
    starts. deadline: see parse_non."""
    clock = reading_clock(deadline, source)
    clues, lines = {}, {}
    for group in element.findall('clues'):
        kind = group.get('type')
        if kind not in ('rows', 'columns') or kind in clues:
            raise PuzzleFileError(source, starts.get(group), f'unexpected <clues type="{kind}">')
        clues[kind], lines[kind] = [], []
        check_xml_children(group, 'line', starts, source)
        for clue_line in group.findall('line'):
            clock.tick()
            check_xml_children(clue_line, 'count', starts, source)
            clues[kind].append([block(count) for count in clue_line.findall('count')])
            lines[kind].append(starts.get(clue_line))
        if not clues[kind]:
            lines[kind] = [starts.get(group)]  # (for the message: the puzzle has no rows)
    for kind in ('rows', 'columns'):
        if kind not in clues:
            raise PuzzleFileError(source, starts.get(element), f'no <clues type="{kind}">')
    return clues, lines


def check_xml_children(element, tag: str, starts: dict, source: Source) -> None:
    """Refuse, at its line, anything inside `element` but <tag> elements and white space: text
    where a child belongs (a count typed into a <line>) and unknown elements (<cnt>) would
    otherwise be read as nothing."""
    texts = [element.text] + [child.tail for child in element]
    if any(text and text.strip() for text in texts):
        stray = next(text for text in texts if text and text.strip()).strip()
        raise PuzzleFileError(source, starts.get(element), f'<{element.tag}> holds <{tag}> '
                                                           f'elements, not text ({stray[:20]!r})')
    for child in element:
        if child.tag != tag:
            raise PuzzleFileError(source, starts.get(child), f'unexpected <{child.tag}> inside '
                                                             f'<{element.tag}> (expected <{tag}>)')


def xml_count(count, starts: dict, source: Source) -> int:
    """The number a <count> holds (and nothing else)."""
    if len(count):
        raise PuzzleFileError(source, starts.get(count), 'a <count> holds one number and '
                                                         'nothing else')
    return parse_count(count.text or '', source, starts.get(count), 'a count')


def xml_image(text: str, height: int, width: int, source: Source, line: int | None) -> Grid:
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


def format_xml(puzzle: Puzzle) -> str:
    """The text of a webpbn XML file (a puzzleset of one puzzle) for `puzzle`."""
    checked_puzzle(puzzle)
    import html

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


# --- Rosetta Code's letters ------------------------------------------------------------------

def parse_rosetta(text: str, source: Source = '<text>', *, deadline=None) -> list[Puzzle]:
    """Read Rosetta Code letter-coded puzzles (two lines each, blank-line separated); return a list.
    Each puzzle is titled after the file and its place in it ('problems.txt #2'). deadline: see
    parse_non."""
    clock = reading_clock(deadline, source)
    groups, current = [], []
    for number, line in enumerate(editor_lines(text), 1):
        clock.tick()
        if line.strip():
            current.append((number, line.strip()))
        elif current:
            groups.append(current)
            current = []
    if current:
        groups.append(current)
    if not groups:
        raise PuzzleFileError(source, None, 'the file holds no puzzle')
    puzzles, name = [], Path(str(source)).name
    for group in groups:
        clock.tick()
        if len(group) != 2:
            raise PuzzleFileError(source, group[0][0], f'a puzzle is two lines (rows, then '
                                                       f'columns), found {len(group)}')
        (row_line, rows_text), (col_line, cols_text) = group
        rows = [letters_clue(word, source, row_line) for word in ticking(rows_text.split(), clock)]
        cols = [letters_clue(word, source, col_line) for word in ticking(cols_text.split(), clock)]
        title = f'{name} #{len(puzzles) + 1}'
        puzzles.append(check_puzzle(source, rows, cols, row_lines=[row_line] * len(rows),
                                    col_lines=[col_line] * len(cols), metadata={'title': title},
                                    deadline=clock))
    return puzzles


def letters_clue(word: str, source: Source, line: int) -> Clue:
    """A clue from letters: 'BA' -> [2, 1]."""
    if not re.fullmatch(r'[A-Z]+', word):
        raise PuzzleFileError(source, line, f'clue {word!r} should be capital letters A-Z')
    return [ord(letter) - ord('A') + 1 for letter in word]


def format_rosetta(puzzles: list[Puzzle]) -> str:
    """Rosetta Code letter text for a list of puzzles. Raises ValueError for an empty line or a
    block longer than 26, which the letters cannot write."""
    if isinstance(puzzles, Puzzle) or not isinstance(puzzles, (list, tuple)):
        raise TypeError(f'puzzles must be a list of Puzzles, not {type(puzzles).__name__}')
    texts = []
    for puzzle in puzzles:
        checked_puzzle(puzzle, 'each of puzzles')
        lines = []
        for clues in (puzzle.rows, puzzle.cols):
            if any(not clue or max(clue) > 26 for clue in clues):
                raise ValueError('Rosetta Code letters cannot write an empty line '
                                 'or a block longer than 26')
            lines.append(' '.join(''.join(chr(ord('A') + block - 1) for block in clue)
                                  for clue in clues))
        texts.append('\n'.join(lines))
    return '\n\n'.join(texts) + '\n'


# --- pictures as text ------------------------------------------------------------------------
# (`picture` means rows of 0/1 or their typed form; `image` means a picture file.)

PICTURE_ROW = re.compile(r'[01]([ \t]?[01])*|[.#]([ \t]?[.#])*')  # cells, perhaps spaced


def parse_picture(text: str, source: Source = '<text>', *, size=None,
                  deadline=None) -> list[Puzzle]:
    """Read a picture typed as lines of 0/1 (or ./#); return [Puzzle] with the picture as goal.
    size: scale the picture down to at most this many cells a side, as read_image scales a
    picture file (scale_picture); deadline: see parse_non."""
    size = checked_picture_size(size)
    clock = reading_clock(deadline, source)
    picture, first_line = [], None
    for number, line in enumerate(editor_lines(text), 1):
        clock.tick()
        line = line.strip()
        if not line:
            continue
        if not PICTURE_ROW.fullmatch(line):
            raise PuzzleFileError(source, number, f'a picture row is 0s and 1s (or . and #), '
                                                  f'not {line[:40]!r}')
        line = re.sub(r'[ \t]', '', line)  # (cells may be spaced)
        if picture and len(line) != len(picture[0]):
            raise PuzzleFileError(source, number, f'this row has {len(line)} cells, the first '
                                                  f'row (line {first_line}) has {len(picture[0])}')
        first_line = first_line or number
        picture.append([int(char in '1#') for char in line])
    if not picture:
        raise PuzzleFileError(source, None, 'the picture is empty')
    if size is not None:
        picture = scale_picture(picture, size, deadline=clock)
    return [picture_puzzle(picture, source=source, deadline=clock)]


def scale_picture(picture: Grid, size, threshold: float = 0.5, *, deadline=None) -> Grid:
    """A picture (rows of 0/1) scaled down as read_image scales a picture file: to at most
    `size` cells a side (an int: the longer side; or a (width, height) pair), each cell filled
    when more than `threshold` of the area it covers is filled; a picture already small enough
    is returned as it is (never enlarged). Needs Pillow only to scale. deadline: see
    reading_clock."""
    size = checked_picture_size(size)
    picture = check_picture(picture)
    width, height = len(picture[0]), len(picture)
    target = scaled_size((width, height), size)
    if target == (width, height):
        return picture
    from PIL import Image

    clock = reading_clock(deadline, '<picture>')
    grey = Image.frombytes('L', (width, height),
                           bytes(255 - 255 * cell for row in picture for cell in row))
    clock.check()
    grey = grey.resize(target, Image.Resampling.BOX)
    pixels, cut, (width, height) = grey.tobytes(), threshold * 255, target
    return [[int(pixels[i * width + j] < cut) for j in range(width)] for i in range(height)]


def picture_puzzle(picture, title: str = '', source: Source = '<picture>', *,
                   deadline=None) -> Puzzle:
    """The Puzzle whose solution is `picture` (rows of 0/1, or text as nonogram2d's pic2gram
    reads it): its clues, with the picture as goal. Raises PuzzleError naming a bad cell.
    deadline: see reading_clock."""
    clock = reading_clock(deadline, source)
    picture = check_picture(picture)
    clock.check()
    rows = [blocks_of(row) for row in ticking(picture, clock)]
    cols = [blocks_of(column) for column in ticking(zip(*picture), clock)]
    metadata = {'title': title} if title else {}
    puzzle = check_puzzle(source, rows, cols, metadata=metadata, deadline=clock)
    puzzle.goal = picture  # (its clues are the picture's own: no need to check them again)
    return puzzle


def picture_of(grid: Grid) -> str:
    """A grid as text: '#' filled, '.' empty, '?' unknown, one line per row."""
    if (isinstance(grid, (str, bytes)) or not hasattr(grid, '__iter__')
            or not all(isinstance(row, (list, tuple)) and all(cell in (0, 1, None) and not (
                isinstance(cell, float)) for cell in row) for row in grid)):
        raise TypeError(f'grid must be rows of cells (1, 0 or None), not {grid!r:.60}')
    return '\n'.join(''.join({1: '#', 0: '.', None: '?'}[cell] for cell in row) for row in grid)


# --- one entry point: read_puzzles -----------------------------------------------------------
# The extension decides when it is one we know; otherwise the content: XML starts with '<', a
# .nin with two numbers, Rosetta Code is capital letters, a picture is rows of 0/1, and anything
# else is tried as .non, whose reader gives the most helpful messages.

READERS = {'non': parse_non, 'nin': parse_nin, 'xml': parse_xml, 'rosetta': parse_rosetta,
           'picture': parse_picture}
EXTENSIONS = {'.non': 'non', '.nin': 'nin', '.xml': 'xml', '.pbn': 'xml', '.png': 'image',
              '.jpg': 'image', '.jpeg': 'image', '.gif': 'image', '.bmp': 'image'}
IMAGE_SIGNATURES = (b'\x89PNG\r\n\x1a\n', b'\xff\xd8\xff', b'GIF87a', b'GIF89a', b'BM')


def sniff_format(text: str) -> str:
    """Guess a text's puzzle format from its content: 'xml', 'nin', 'rosetta', 'picture' or
    'non' (anything else: its reader gives the most helpful messages). Text of which at least
    three lines in four are rows of cells, without a .non keyword, is a picture (so that a typo
    in one row is named at its line, as a picture's fault)."""
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
    keywords = any(line.split()[0].lower() in KNOWN_KEYS for line in lines)
    rows = sum(1 for line in lines if PICTURE_ROW.fullmatch(line))
    if not keywords and rows * 4 >= len(lines) * 3:
        return 'picture'  # (cells spaced, or a typo: its reader names the line at fault)
    return 'non'


def parse_puzzles(text: str, fmt: str | None = None, source: Source = '<text>', *,
                  picture_size=None, deadline=None) -> list[Puzzle]:
    """Read puzzles from text in format `fmt` (None: guess from the content); return a list.
    picture_size: a picture typed as text ('picture') larger than this is scaled down, as
    read_image scales a picture file; deadline: see parse_non."""
    fmt = fmt or sniff_format(text)
    if fmt not in READERS:
        raise ValueError(f'unknown puzzle format {fmt!r}; known: {", ".join(READERS)}')
    picture_size = checked_picture_size(picture_size, 'picture_size')
    if fmt == 'picture':
        return parse_picture(text, source, size=picture_size, deadline=deadline)
    return READERS[fmt](text, source, deadline=deadline)


def read_puzzles(path: Source, fmt: str | None = None, picture_size=None, *,
                 deadline=None) -> list[Puzzle]:
    """Read every puzzle in the file at `path`; return a list of Puzzles.

    fmt: 'non', 'nin', 'xml', 'rosetta', 'picture' or 'image'; None chooses by the extension,
    then by the content. picture_size: for pictures (image files, and pictures typed as 0/1
    text), scale the picture down to at most this many cells per side (see read_image).
    deadline: a time.monotonic() value; SearchLimit (nonocheck) once it passes, however large
    the file. Raises PuzzleFileError for any unreadable input.
    """
    path = checked_path(path)
    picture_size = checked_picture_size(picture_size, 'picture_size')
    clock = reading_clock(deadline, path)
    data = file_bytes(path)
    fmt = fmt or EXTENSIONS.get(path.suffix.lower())
    if fmt == 'image' or (fmt is None and data.startswith(IMAGE_SIGNATURES)):
        picture = read_image(path, size=picture_size, threshold='auto', crop=True, deadline=clock)
        return [picture_puzzle(picture, title=path.stem, source=path, deadline=clock)]
    return parse_puzzles(file_text(data, path), fmt, path, picture_size=picture_size,
                         deadline=clock)


def read_puzzle(path: Source, fmt: str | None = None, picture_size=None, *,
                deadline=None) -> Puzzle:
    """Read the file at `path` and return its first puzzle (see read_puzzles)."""
    return read_puzzles(path, fmt, picture_size, deadline=deadline)[0]


def read_clues(path: Source, *, deadline=None) -> tuple[list[Clue], list[Clue]]:
    """(row clues, column clues) of the first puzzle in a file of any format read_puzzle reads."""
    puzzle = read_puzzle(path, deadline=deadline)
    return puzzle.rows, puzzle.cols


def file_bytes(path: Source) -> bytes:
    """The bytes of a puzzle file: PuzzleFileError for a missing file, a directory, a pipe or a
    device, or a file larger than MAX_FILE_BYTES."""
    path = checked_path(path)
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


def file_text(data: bytes, path: Source) -> str:
    """A puzzle file's bytes as text (UTF-8, a BOM allowed), or PuzzleFileError naming the line."""
    if not isinstance(data, bytes):
        raise TypeError(f'data must be bytes, not {type(data).__name__}')
    if b'\0' in data:
        raise PuzzleFileError(path, None, 'binary data, not a puzzle file (it has zero bytes)')
    try:
        return data.decode('utf-8-sig')
    except UnicodeDecodeError as error:
        line = data.count(b'\n', 0, error.start) + 1
        raise PuzzleFileError(path, line, 'not UTF-8 text: not a puzzle file') from None


def write_puzzle(puzzle: Puzzle, path: Source, fmt: str | None = None) -> Path:
    """Write `puzzle` to `path` in format fmt ('non', 'nin', 'xml', 'rosetta'; None: by the
    extension: .nin, .xml/.pbn, .txt for Rosetta Code letters, anything else .non); return the
    path."""
    if not isinstance(puzzle, Puzzle):
        hint = (' (a colour puzzle: nonocolourfiles.write_colour_puzzle writes it)'
                if type(puzzle).__name__ == 'ColourPuzzle' else '')
        raise TypeError(f'write_puzzle writes black-and-white Puzzles, not '
                        f'{type(puzzle).__name__}{hint}')
    path = checked_path(path)
    fmt = fmt or {'.nin': 'nin', '.xml': 'xml', '.pbn': 'xml', '.txt': 'rosetta'}.get(
        path.suffix.lower(), 'non')
    writers = {'non': format_non, 'nin': format_nin, 'xml': format_xml,
               'rosetta': lambda puzzle: format_rosetta([puzzle])}
    if fmt not in writers:
        raise ValueError(f'fmt must be one of {", ".join(map(repr, writers))} or None, '
                         f'not {fmt!r}')
    path.write_text(writers[fmt](puzzle), encoding='utf-8')
    return path


@contextmanager
def whole_file(path: Source) -> Iterator[Path]:
    """A file written whole or not at all: yields a temporary path beside `path` to write to,
    which becomes `path` when the block ends (os.replace), and is removed if the block fails or
    is cut short (an interrupt, a time limit), so that no half-written file is left."""
    path = checked_path(path)
    temporary = path.with_name(f'.{path.name}.{os.getpid()}.part')
    try:
        yield temporary
        os.replace(temporary, path)
    finally:
        try:
            temporary.unlink()
        except OSError:  # (replaced: gone already)
            pass


# --- from a picture file to a puzzle ---------------------------------------------------------
# Three steps: grey (transparent parts drawn on white; blank margins cut if asked), scale down
# (Pillow's BOX filter: each cell averages the pixels it covers), threshold (fixed, or Otsu's). Pillow is imported inside the functions; it
# already refuses "decompression bombs", and its errors become PuzzleFileErrors.

def read_image(path: Source, size=None, threshold: float | str = 0.5, invert: bool = False, *,
               crop: bool = False, deadline=None) -> Grid:
    """Read a picture file (PNG, JPEG, ...) as rows of 0/1: dark pixels become filled cells.

    size: None keeps one cell per pixel (at most MAX_PICTURE_SIDE a side); an int scales the
          picture so its longer side has that many cells; a (width, height) pair (Pillow's
          order) scales to exactly that. Pictures are never enlarged.
    threshold: a cell is filled when its grey level (0 black .. 1 white) is below this; 'auto':
          the level that best splits the cells' greys in two (Otsu's method, after scaling),
          so that a photograph whose colours are all light (a yellow sun on pale grass), or a
          drawing of thin lines scaled down, keeps its subject instead of coming out blank.
    invert: fill the light cells instead (for a white drawing on black).
    crop: first cut away blank margins (rows and columns at the edges of nearly white pixels,
          nearly black with invert), so that the drawing fills the grid.
    deadline: a time.monotonic() value: SearchLimit once it passes (the clock is looked at while
          the picture is decoded, and between the steps after).
    Raises PuzzleFileError for a file that is not a picture, or a picture too large (its size
    is checked before it is decoded).
    """
    try:
        from PIL import Image
    except ImportError:
        raise PuzzleFileError(path, None, 'reading pictures needs Pillow '
                                          '(python -m pip install pillow)') from None

    path = checked_path(path)
    size = checked_picture_size(size)
    if threshold != 'auto' and (isinstance(threshold, bool) or not isinstance(threshold, Real)
                                or not 0 <= threshold <= 1):
        raise ValueError(f"threshold must be a number from 0 to 1 or 'auto', not {threshold!r:.40}")
    clock = reading_clock(deadline, path)

    def cells(width: int, height: int) -> tuple[int, int]:  # (width, height) of the result
        return (width, height) if size is None else scaled_size((width, height), size)

    def refuse_early(width: int, height: int) -> None:  # before decoding: the header's size
        if size is None and max(width, height) > MAX_PICTURE_SIDE:
            raise PuzzleFileError(path, None, f'the picture is {height}x{width} pixels (height x '
                                              f'width); give a size to scale it down (size=N, '
                                              f'or --size N for the nonogram command; without '
                                              f'one, at most {MAX_PICTURE_SIDE} a side)')
        across, down = cells(width, height)
        if max(across, down) > MAX_SIDE:
            raise PuzzleFileError(path, None, f'{down}x{across} cells is more than the '
                                              f'{MAX_SIDE} a side this reader accepts')

    try:
        with opened_image(path, deadline=clock, check=refuse_early, target=cells) as image:
            clock.check()
            grey = on_white(image).convert('L')
    except (OSError, ValueError, Image.DecompressionBombError) as error:
        if isinstance(error, PuzzleFileError):
            raise
        raise PuzzleFileError(path, None, f'not a picture this reader can open ({error})') from None
    clock.check()
    if crop:  # the box of the pixels that are not blank (all of it if all are)
        blank = BLANK_LEVEL if not invert else 255 - BLANK_LEVEL
        box = grey.point(lambda level: 255 * ((level < blank) != invert)).getbbox()
        if box:
            grey = grey.crop(box)
        clock.check()
    if size is not None:
        grey = grey.resize(scaled_size(grey.size, size), Image.Resampling.BOX)
        clock.check()
    width, height = grey.size
    pixels = grey.tobytes()
    cut = otsu_level(grey.histogram()) + 0.5 if threshold == 'auto' else threshold * 255
    grid = []
    for i in range(height):
        clock.tick()
        grid.append([int((pixels[i * width + j] < cut) != invert) for j in range(width)])
    return grid


BLANK_LEVEL = 230  # read_image(crop=True): greys from this level up are blank paper


def otsu_level(histogram: list[int]) -> int:
    """The grey level (0..255) that best splits a picture's pixels in two classes, darker (at
    most the level) and lighter (Otsu's method: the split with the largest variance between
    the classes' means), from `histogram`, the count of pixels at each level (Pillow's
    Image.histogram() of a grey picture). A picture of one level has no split: 127, the
    middle, so that white stays empty and black is filled.

    >>> otsu_level([0] * 50 + [10] + [0] * 149 + [30] + [0] * 55)
    50
    """
    counts = check_list('histogram', histogram)
    if len(counts) != 256 or not all(type(count) is int and count >= 0 for count in counts):
        raise ValueError('histogram must be 256 pixel counts, one for each grey level')
    total = sum(counts)
    weighted_total = sum(level * count for level, count in enumerate(counts))
    best, best_level = -1.0, 0
    darker = weighted_darker = 0
    for level, count in enumerate(counts):
        darker += count
        weighted_darker += level * count
        lighter = total - darker
        if darker == 0 or lighter == 0:
            continue
        mean_gap = weighted_darker / darker - (weighted_total - weighted_darker) / lighter
        between = darker * lighter * mean_gap * mean_gap
        if between > best:
            best, best_level = between, level
    return best_level if best >= 0 else 127


def checked_picture_size(size, name: str = 'size'):
    """read_image's `size` checked: None, a whole number of cells at least 1, or a (width,
    height) pair of them; TypeError or ValueError naming it (as `name`) otherwise. (A size
    beyond MAX_SIDE is allowed: pictures are never enlarged, and the result is checked.)"""
    def whole(value) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    if size is None:
        return None
    pair = isinstance(size, (tuple, list))
    if not (whole(size) or pair and len(size) == 2 and all(map(whole, size))):
        raise TypeError(f'{name} must be None, a whole number of cells or a (width, height) '
                        f'pair of them, not {size!r}')
    if not all(side >= 1 for side in (size if pair else [size])):
        raise ValueError(f'{name} must be at least 1 cell a side, not {size!r}')
    return tuple(size) if pair else size


def opened_image(path: Source, *, deadline=None, check: Callable | None = None,
                 target: Callable | None = None):
    """The picture file opened and decoded by Pillow, refused (DecompressionBombError) before
    decoding if it has more than MAX_PIXELS pixels, without Pillow's warning on stderr; an
    OSError for a path that is not a regular file (a pipe would block).

    Before decoding: check(width, height), if given, may refuse the picture by raising; for a
    JPEG, target(width, height) (the size the caller will scale to, if given) lets the decoder
    scale down as it decodes (Pillow's draft: at most halving the picture's sides until they
    reach the target, so the picture stays at least as large as the target). deadline: see
    reading_clock; the decoder reads the file in small blocks and the clock is looked at
    before each."""
    import warnings

    from PIL import Image

    if not hasattr(path, 'read'):  # (Pillow also opens a file object)
        path = checked_path(path)
    clock = reading_clock(deadline, path)
    if isinstance(path, (str, Path)) and Path(path).exists() and not Path(path).is_file():
        raise OSError('not a regular file (a pipe or a device?)')
    image = Image.open(path)
    try:
        if image.width * image.height > MAX_PIXELS:
            raise Image.DecompressionBombError(f'{image.height}x{image.width} pixels (height x '
                                               f'width) is more than {MAX_PIXELS:,}')
        if check is not None:
            check(image.width, image.height)
        if target is not None and image.format == 'JPEG':
            image.draft(image.mode, target(image.width, image.height))
        if clock.deadline is not None and image.fp is not None:
            image.fp = TimedFile(image.fp, clock)
            image.decodermaxblock = 16384  # small blocks: the clock is looked at often
        with warnings.catch_warnings():
            warnings.simplefilter('error', Image.DecompressionBombWarning)
            image.load()
    except BaseException:
        image.close()
        raise
    return image


class TimedFile:
    """A file whose read() first looks at a Clock (SearchLimit once its deadline passes); all
    else is the file's. Pillow's decoders read a picture through it, in blocks."""

    def __init__(self, file, clock: Clock):
        self.file, self.clock = file, clock

    def read(self, *args):
        """The file's read, after a look at the clock."""
        self.clock.check()
        return self.file.read(*args)

    def __getattr__(self, name):
        return getattr(self.file, name)


def on_white(image):
    """The Pillow image drawn over a white background (transparent pixels become white)."""
    from PIL import Image

    if image.mode in ('RGBA', 'LA', 'PA') or 'transparency' in image.info:
        rgba = image.convert('RGBA')
        background = Image.new('RGBA', rgba.size, (255, 255, 255, 255))
        return Image.alpha_composite(background, rgba)
    return image


def scaled_size(original: tuple[int, int], size) -> tuple[int, int]:
    """(width, height), in Pillow's order, for scaling `original` (width, height) to `size` (an
    int: the longer side; or a (width, height) pair), never enlarging."""
    width, height = original
    if isinstance(size, int):
        scale = min(1.0, size / max(width, height))
        return max(1, round(width * scale)), max(1, round(height * scale))
    return min(width, size[0]), min(height, size[1])
