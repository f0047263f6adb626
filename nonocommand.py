"""The `nonogram` command: solve a puzzle file from the terminal, or print worksheets.

A library module, not a lesson. `nonogram FILE` (the console script, once the project is
installed) and `python -m nonocommand FILE` both run `command`, which is `main` in a process of
its own. It reads a puzzle file in any format of the library module nonofiles (or a picture, or
colour webpbn XML by nonocolourfiles), solves it with lesson 12's race (lesson 14's in colour),
and prints the solution as text, one line per row, '#' filled and '.' empty (in colour, each
colour's character) and nothing else on those lines, so other programs can read it; then one
verdict line. Like a validator it always looks for a second solution: a puzzle with two is
reported as such, never silently half-solved.

Scripts test the exit code: 0 solved, 1 no solution (the clues contradict each other, whichever
check finds it), 2 bad input (one line on standard error naming the file and line, or the
option and its fix; never a traceback), 3 gave up (time or memory: one line), 4 an internal
error (a bug), 130 interrupted (Ctrl-C at any moment, start-up included), 141 the reader of the
output went away.

How it is built: the answer for a puzzle travels as data (`Result`: status, grids, whether the
cap cut the listing, the part that answered, the work done, why it stopped), and one function at
the edge, `verdict`, turns it into words and an exit code. The functions below the edge take
plain parameters, not the parser's Namespace. The options that go only with others, or not
together, are declared once, in the tables OPTION_NEEDS and OPTION_CLASHES.

--memory is the whole process tree's budget: the race is given all of it (find_solutions'
memory=), and this process caps itself (nonoprocess.engine_cap) once the puzzle is read; with
--png or --worksheet the plotting stack is loaded before the cap, and a budget that cannot hold
the drawing is refused before the work (exit 3, one line). --count prints only the number of
solutions ("more than N" beyond --max-solutions).

Start-up is measured (the benchmarks time `python -m nonocommand` on a 1x1 puzzle), and Ctrl-C
must be caught from the first instruction, so this module imports only `sys` at the top: the
puzzle readers, the race, argparse, matplotlib, the colour modules and SAT are imported where
they are used, after `command` has set up the handling of Ctrl-C.
"""

import sys

# The public names: the command; everything else is its plumbing (tested in tests/).
__all__ = ['main', 'command']

EXIT_SOLVED, EXIT_NO_SOLUTION, EXIT_BAD_INPUT, EXIT_GAVE_UP = 0, 1, 2, 3
EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_PIPE_CLOSED = 4, 130, 141
MEMORY_MB = 1024  # the command's memory budget unless --memory says otherwise
CLASS_SET_SECONDS = 60.0  # a class set's time limit unless --timeout sets one
BACKSTOP_SECONDS = 0.15  # past --timeout, an alarm stops a stage that has not stopped itself
MOST_SOLUTIONS = 10 ** 9  # the largest --max-solutions
MOST_CELLS_WITH_CLUES = 80 * 80  # bigger pictures are drawn without their clues (too small)
ONE_OF_SEVERAL = '; one of them shown, --all lists them'
SAT_MISSING = '--sat needs the optional package python-sat (python -m pip install python-sat)'
DIFFICULTIES = ('line', 'probing', 'search')  # nonosheets.NEEDS, without importing it
MIN_SAT_MB = 32  # a race gives SAT no share smaller than this (then the engine runs alone)
DRAWING_MB = 40  # what drawing a small puzzle needs beyond the loaded plotting stack
SAT_WAITER_BYTES = 32 * 2 ** 20  # with --sat, this process's room beyond its start: SAT gets the rest
DRAWING_ROOM_MB = 320  # the room for drawing (1000x1000: 260 MB) when the budget allows it

# --- the options' rules, declared once -------------------------------------------------------
# OPTION_NEEDS: an option, the option it goes with, and what to say when it comes alone.
# OPTION_CLASHES: an option, the options it does not go with, and what to say.
OPTION_NEEDS = [
    ('--difficulty', '--class-set', '--difficulty and --seed go with --class-set'),
    ('--seed', '--class-set', '--difficulty and --seed go with --class-set'),
    ('--random', '--class-set', '--random goes with --class-set'),
    ('--class-set', '--worksheet', 'several FILEs, and --class-set, need --worksheet OUT.pdf'),
]
OPTION_CLASHES = [
    ('--no-sat', ('--sat',), '--sat and --no-sat do not go together: leave one out'),
    ('--count', ('--all', '--png', '--clues'),
     '--count prints only the number of solutions: leave out --all, --png and --clues'),
    ('--worksheet', ('--all', '--png', '--clues', '--stats', '--count'),
     '--all, --count, --png, --clues and --stats do not go with --worksheet: leave them out'),
    ('--colours', ('--random',), '--colours with --class-set chooses library pictures or a '
                                 'folder\'s: not with --random (random pictures are black and '
                                 'white)'),
]


class UsageError(Exception):
    """A command line the command cannot run: the message names the option and the fix."""


# --- the words of a verdict ------------------------------------------------------------------

def plural(count: int, noun: str) -> str:
    """'1 node', '2 nodes', '12,345 probes' (nonocheck.plural, without importing it)."""
    return f'{count:,} {noun}{"" if count == 1 else "s"}'


def describe(verdict, stats: bool = False) -> str:
    """One line of words for a verdict (lesson 4's Verdict, or an Answer the engine gave), with
    its work counts if `stats`. Written for scripts: the word "unique" appears only for unique
    puzzles, and "line" only when line logic alone solved the puzzle."""
    if verdict.status == 'none':
        words = 'no solution: the clues contradict each other'
    elif verdict.status == 'multiple':
        words = 'multiple solutions'
    else:
        words = 'unique solution, ' + {'line': 'solved by line logic alone',
                                       'probing': 'needs probing',
                                       'search': 'needs search'}[verdict.method]
    if stats:
        words += (f' ({plural(verdict.line_solves, "row/column solve")}, '
                  f'{plural(verdict.probes, "probe")}, {plural(verdict.nodes, "search node")}, '
                  f'{verdict.seconds:.2f} s)')
    return words


MOST_LINE_CHARS = 400  # a message longer than this (a file's whole line quoted) is cut


def one_line(text) -> str:
    """`text` on one line: line breaks and other control characters (in a file name, say)
    written as escapes, so that every message is exactly one line, and at most MOST_LINE_CHARS
    characters long ('...' where it is cut)."""
    text = str(text)
    if not text.isprintable():
        text = ''.join(char if char.isprintable() or char == '\t'
                       else repr(char)[1:-1] if ord(char) < 0x10000 else char for char in text)
    return text if len(text) <= MOST_LINE_CHARS else text[:MOST_LINE_CHARS - 3] + '...'


# --- the text of a solution ------------------------------------------------------------------

def grid_lines(grid) -> list[str]:
    """The solution as text lines: '#' filled, '.' empty."""
    return [''.join('#' if cell else '.' for cell in row) for row in grid]


def grid_with_clues(grid, rows, cols, cell_text=lambda value: '#' if value else '.',
                    block_text=str) -> list[str]:
    """The grid as text with column clues stacked above it and row clues to its right.
    cell_text and block_text write a cell and a block (colour puzzles pass their own)."""
    cell = max([len(block_text(block)) for clue in cols for block in clue] + [1]) + 1
    depth = max(len(clue) for clue in cols) or 1
    lines = []
    for k in range(depth):
        line = ''
        for clue in cols:
            padded = [''] * (depth - len(clue)) + [block_text(block) for block in clue]
            line += padded[k].rjust(cell)
        lines.append(line.rstrip())
    for row, clue in zip(grid, rows):
        cells = ''.join(cell_text(value).rjust(cell) for value in row)
        lines.append(cells + '   ' + (' '.join(map(block_text, clue)) or '0'))
    return lines


def colour_grid_lines(grid, puzzle, clues: bool = False) -> list[str]:
    """A colour solution as text, a cell as its colour's character, with the clues if asked
    (each block as its length and its colour's character: '3r')."""
    chars = ['.'] + [colour.char for colour in puzzle.colours[1:]]  # the background is '.'
    if clues:
        return grid_with_clues(grid, puzzle.rows, puzzle.cols, chars.__getitem__,
                               lambda block: f'{block[0]}{chars[block[1]]}')
    return [''.join(chars[colour] for colour in row) for row in grid]


def colour_key(puzzle) -> str:
    """The line above a colour solution that says which character is which colour:
    'key: . white (background), k black, r red'."""
    background, *inks = puzzle.colours
    return one_line('key: ' + ', '.join([f'. {background.name} (background)']
                                        + [f'{colour.char} {colour.name}' for colour in inks]))


def is_colour(puzzle) -> bool:
    """Is `puzzle` a colour puzzle (nonocolourfiles.ColourPuzzle)? Asked without importing the
    colour modules, which only colour puzzles need."""
    colour_files = sys.modules.get('nonocolourfiles')
    return colour_files is not None and isinstance(puzzle, colour_files.ColourPuzzle)


# --- the answer as data ----------------------------------------------------------------------

class Result:
    """The command's answer for one puzzle, as data; `verdict` turns it into words and an exit
    code. status: 'unique', 'multiple', 'none', or 'unknown'; grids: the solutions found;
    finished: the search ended by itself (else a limit stopped it); cap: the most solutions
    listed, and capped: there are more than `cap`; part: the part that answered ('engine',
    'SAT', 'SAT, racing the engine'; when none did, 'engine', 'SAT' or 'engine and SAT');
    method: how the engine settled it ('line', 'probing', 'search') or None; work: the engine's
    counts (line_solves, probes, nodes); seconds; stopped: when a limit stopped it, what each
    part had done and the limit, as words; hint: what would help, or ''. (A plain class, not
    a dataclass: this module imports nothing before Ctrl-C is handled.)"""

    def __init__(self, status: str, grids: list, finished: bool = True, cap: int = 1,
                 capped: bool = False, part: str = 'engine', method: str | None = None,
                 work: dict | None = None, seconds: float = 0.0, stopped: list | None = None,
                 hint: str = ''):
        self.status, self.grids, self.finished, self.cap, self.capped = (status, grids, finished,
                                                                         cap, capped)
        self.part, self.method, self.work, self.seconds = part, method, dict(work or {}), seconds
        self.stopped, self.hint = list(stopped or []), hint

    def __repr__(self) -> str:
        return (f'Result({self.status!r}, {len(self.grids)} grids, finished={self.finished}, '
                f'capped={self.capped}, part={self.part!r}, method={self.method!r}, '
                f'stopped={self.stopped!r})')


def result_of(answer, cap: int, timeout: float | None = None, *, sat_alone: bool = False,
              sat_wanted: bool = True, sat_installed: bool = True) -> Result:
    """The Result of a nonosat.Answer found with count=cap + 1 (or 2 to tell unique from
    multiple): plain parameters, no parser. timeout: --timeout, named when it gave up;
    sat_alone: SAT ran alone (--sat); sat_wanted: SAT could race (no --no-sat);
    sat_installed: python-sat is installed."""
    found = answer.solutions
    work = {name: getattr(answer, name) for name in ('line_solves', 'probes', 'nodes')
            if getattr(answer, name, None) is not None}
    part = answer.part
    if answer.finished and part == 'SAT' and answer.sat_joined is not None:
        part = 'SAT, racing the engine'
    stopped = []
    if not answer.finished:
        if answer.nodes is not None:
            nodes = plural(answer.nodes, 'search node')
            stopped.append(f'engine: {nodes}' if part == 'engine and SAT' else nodes)
        if part in ('SAT', 'engine and SAT'):
            note = answer.sat_note or 'out of time'
            stopped.append(f'SAT: {note}')
            if 'memory' in note or note.startswith('not started'):
                stopped.append('--memory sets the budget in MB' + (
                    '' if sat_alone else ' (--sat gives SAT more of it)'))
        if found:
            stopped.append(f'{plural(len(found), "solution")} found so far')
        if timeout is not None:
            stopped.append(f'--timeout {timeout:g}')
    hint = ''
    if not answer.finished and part == 'engine' and sat_wanted and not sat_installed:
        hint = 'with python-sat installed, a SAT solver would race the engine'
    return Result(answer.status, found, answer.finished, cap, len(found) > cap, part,
                  answer.method if part == 'engine' else None, work, answer.seconds, stopped,
                  hint)


def verdict(result: Result, show: str = 'one', stats: bool = False) -> tuple[int, list, str]:
    """(exit code, solutions to print, verdict line) for a Result: the one place that turns an
    answer into words and an exit code. show: 'one' (a solution; with several, the line says
    that one of them is shown), 'all' (every solution, up to the cap) or 'count' (only the
    number of solutions, 'more than N' when the cap cut it). When SAT answered, the line names
    SAT and never contains the word "line" (SAT cannot say how a person would solve it)."""
    found, cap = result.grids, result.cap
    if not result.finished:
        line = gave_up_line(result.seconds, result.stopped) + (f'; {result.hint}' if result.hint
                                                                else '')
        return EXIT_GAVE_UP, [] if show == 'count' else found if show == 'all' else found[:1], line
    engine = result.part == 'engine'
    if result.status == 'none':
        words = 'no solution: the clues contradict each other'
        return EXIT_NO_SOLUTION, [], '0' if show == 'count' else (
            words if engine else f'{words} ({result.part})')
    if show == 'count':
        return EXIT_SOLVED, [], f'more than {cap}' if result.capped else str(len(found))
    if engine:
        words = 'unique solution, ' + {'line': 'solved by line logic alone',
                                       'probing': 'needs probing',
                                       'search': 'needs search'}[result.method or 'search']
        if result.status == 'multiple':
            words = 'multiple solutions'
        if stats:
            work = result.work
            words += (f' ({plural(work.get("line_solves", 0), "row/column solve")}, '
                      f'{plural(work.get("probes", 0), "probe")}, '
                      f'{plural(work.get("nodes", 0), "search node")}, {result.seconds:.2f} s)')
    else:
        words = f'{result.status} solution{"s" if len(found) > 1 else ""}, found by {result.part}'
        words += f' ({result.seconds:.2f} s)' if stats else ''
    if result.status == 'unique':
        return EXIT_SOLVED, found[:1], words
    if show == 'one':
        return EXIT_SOLVED, found[:1], words + ONE_OF_SEVERAL
    return EXIT_SOLVED, found[:cap], all_solutions_line(found, cap)


def all_solutions_line(found: list, cap: int) -> str:
    """The verdict line of --all: how many solutions, or that there are more than the cap."""
    if len(found) > cap:
        return f'multiple solutions: more than {cap} (listing stopped at --max-solutions {cap})'
    return f'multiple solutions: {len(found)} in all'


def gave_up_line(seconds: float, reasons: list[str]) -> str:
    """The last line when a limit ran out (exit code 3), with what each part had done."""
    return f'gave up after {seconds:.1f} s ({"; ".join(reasons)})'


# --- the search ------------------------------------------------------------------------------

def solve_puzzle(puzzle, *, listing: bool = False, cap: int = 100, timeout: float | None = None,
                 named_timeout: float | None = None, engine_seconds: float | None = None,
                 use_engine: bool = True, use_sat: bool = True,
                 memory: int | None = None, sat_memory: int | None = None,
                 on_solution=None) -> Result:
    """The race's Result for one puzzle: two solutions, or when `listing` (--all, --count) one
    more than `cap` (to know whether there are more). memory: the whole process tree's budget
    in bytes (SAT gets what this process leaves of it); sat_memory: SAT's own bound instead
    (when this process is not the command's own). Colour puzzles go to lesson 14's engine
    and SAT, except those of a single ink: black and white in another colour, they are solved
    as such. named_timeout: the --timeout the gave-up words name (`timeout` is what is left of
    it). SAT in a race is a part the user did not ask for: if it fails in a way the race does
    not handle, the engine answers alone in the time left. on_solution: called with each
    solution the engine finds, as it finds it (--all prints them so)."""
    import time

    import nonosat
    from nonocheck import SearchLimit
    start = time.monotonic()
    options = dict(count=cap + 1 if listing else 2, timeout=timeout, use_engine=use_engine,
                   use_sat=use_sat, memory=memory, sat_memory=sat_memory)
    if engine_seconds is not None:
        options['engine_seconds'] = engine_seconds
    plain = dict(cap=cap, timeout=named_timeout, sat_alone=not use_engine, sat_wanted=use_sat,
                 sat_installed=nonosat.sat_available() if use_sat else True)
    try:
        return result_of(race_answer(puzzle, options, on_solution), **plain)
    except (ValueError, SearchLimit, MemoryError, KeyboardInterrupt, ImportError, OutputError,
            BrokenPipeError):
        raise
    except Exception:  # SAT's plumbing failed: the engine alone, as --no-sat would
        if not (use_engine and use_sat):
            raise
        left = None if timeout is None else max(0.001, timeout - (time.monotonic() - start))
        options.update(timeout=left, use_sat=False)
        return result_of(race_answer(puzzle, options, on_solution),
                         **dict(plain, sat_wanted=False))


def race_answer(puzzle, options: dict, on_solution=None):
    """nonosat.find_solutions (or lesson 14's, for a colour puzzle) for a puzzle, with
    `options`; on_solution(grid) for each solution the engine finds, if given."""
    import nonosat
    import nonoengine
    if not is_colour(puzzle):
        engine = streaming(nonoengine.Searcher, on_solution)
        return nonosat.find_solutions(puzzle.rows, puzzle.cols, puzzle.givens, engine=engine,
                                      **options)
    import nonocolour
    from nonocolourfiles import bw_puzzle_clues
    bw = bw_puzzle_clues(puzzle)
    if bw is None:
        return nonocolour.find_solutions(puzzle.rows, puzzle.cols, puzzle.givens,
                                         engine=streaming(nonocolour.ColourEngine, on_solution),
                                         **options)
    ink = max([colour for clue in puzzle.rows for _, colour in clue] + [1])

    def inked(grid):
        return [[ink * cell for cell in row] for row in grid]
    givens = puzzle.givens and [[None if cell is None else int(cell == ink) for cell in row]
                                for row in puzzle.givens]
    engine = streaming(nonoengine.Searcher, on_solution and (lambda grid: on_solution(inked(grid))))
    answer = nonosat.find_solutions(*bw, givens, engine=engine, **options)
    answer.solutions = [inked(grid) for grid in answer.solutions]
    return answer


def streaming(engine, on_solution):
    """The engine class `engine`, or when `on_solution` is given, a subclass whose solutions()
    calls on_solution(grid) with each solution as it finds it (lesson 12's race takes the
    engine's class: this is how --all prints solutions while the search goes on)."""
    if on_solution is None:
        return engine

    class Streaming(engine):
        def solutions(self):
            for solution in super().solutions():
                on_solution(solution)
                yield solution
    return Streaming


class Lister:
    """Prints a puzzle's solutions, each once, at most `cap` of them, a blank line between two:
    called with each solution as the search finds it (--all), then given the verdict's list
    (print_result), which it prints less those printed already. A colour puzzle prints its
    colours' characters, with their key above the first solution, unless it has a single ink:
    then it prints as black and white, exactly as its black-and-white twin would."""

    def __init__(self, puzzle, cap: int, clues: bool = False):
        self.puzzle, self.cap, self.clues, self.printed = puzzle, cap, clues, set()
        self.writing = False  # (a write cut short by the time limit leaves half a grid)
        one_ink = (sys.modules['nonocolourfiles'].bw_puzzle_clues(puzzle) if is_colour(puzzle)
                   else None)
        self.colour = is_colour(puzzle) and one_ink is None
        self.rows, self.cols = one_ink or (puzzle.rows, puzzle.cols)

    def __call__(self, solution) -> None:
        seen = bytes(cell for row in solution for cell in row)  # (small, for very many)
        if seen in self.printed or len(self.printed) >= self.cap:
            return
        if self.colour:
            lines = colour_grid_lines(solution, self.puzzle, self.clues)
            if not self.printed:  # (the key, once, above the first)
                lines = [colour_key(self.puzzle)] + lines
        elif self.clues:
            lines = grid_with_clues(solution, self.rows, self.cols)
        else:
            lines = grid_lines(solution)
        self.writing = True
        print('\n'.join(([''] if self.printed else []) + lines))  # (one write)
        self.writing = False
        self.printed.add(seen)


def print_result(lister: Lister, shown: list, line: str, deadline: float | None = None) -> bool:
    """Print the solutions (those `lister` has not printed yet) and the verdict line; but when
    time.monotonic() passes `deadline` first, stop printing, print no line, and return False."""
    import time
    for solution in shown:
        if deadline is not None and time.monotonic() > deadline:
            return False
        lister(solution)
    print(line)
    return True


# --- pictures: --png -------------------------------------------------------------------------

def drawing_seconds(puzzle) -> float:
    """A generous estimate of the seconds save_png takes (measured: 80x80 with clues 1.7 s,
    300x300 without 1.1 s, 1000x1000 without 3.7 s), to give up before drawing rather than
    overrun --timeout."""
    cells = puzzle.width * puzzle.height
    return 0.5 + (cells / 3_000 if cells <= MOST_CELLS_WITH_CLUES else 1.0 + cells / 250_000)


def drawing_bytes(puzzle) -> int:
    """A generous estimate of the memory drawing the puzzle takes beyond the loaded plotting
    stack (measured, peak address space: 5x10 39 MB, 80x80 with clues 140 MB, 300x300 160 MB,
    1000x1000 260 MB)."""
    cells = puzzle.width * puzzle.height
    mb = DRAWING_MB + (cells * 120 / MOST_CELLS_WITH_CLUES if cells <= MOST_CELLS_WITH_CLUES
                       else 120 + cells / 10_000)
    return int(mb * 2 ** 20)


def save_png(puzzle, solution, path) -> None:
    """Draw the solution with its clues (givens dotted; colour puzzles in their colours; no clues
    beyond MOST_CELLS_WITH_CLUES cells) and save it as a PNG file (OutputError if it cannot)."""
    from matplotlib.figure import Figure

    import nonodraw
    from nonofiles import whole_file
    from nonotools import given_cells

    size = min(12, max(4, 0.3 * max(puzzle.width, puzzle.height) + 2))
    fig = Figure(figsize=(size, size))
    ax = fig.subplots()
    rows, cols = puzzle.rows, puzzle.cols
    if puzzle.width * puzzle.height > MOST_CELLS_WITH_CLUES:
        rows = cols = None
    if is_colour(puzzle):
        nonodraw.draw_colour_grid(solution, rows, cols, puzzle.colours, ax=ax,
                                  title=puzzle.title or None, sets=False)
    else:
        givens = [(i, j) for i, j, _ in given_cells(puzzle.givens)] if puzzle.givens else []
        nonodraw.draw_grid(solution, rows, cols, ax=ax, givens=givens, title=puzzle.title or None)
    fig.tight_layout()
    try:
        with whole_file(path) as part:  # (no half-written picture, whatever stops it)
            fig.savefig(part, dpi=100, format='png')
    except OSError as error:
        raise OutputError(f'cannot write {path}: {error.strerror or error}') from None


class OutputError(Exception):
    """The command could not write its output file (--png)."""


def load_drawing(worksheet: bool) -> int:
    """Load the plotting stack (and draw a small figure once, which allocates what drawing
    needs: fonts, numpy's buffers) before --memory caps this process; return the address space
    it then takes, in bytes. numpy's OpenBLAS is asked for one thread (its buffers are per
    thread), unless the user's environment says otherwise."""
    import io
    import os

    os.environ.setdefault('OPENBLAS_NUM_THREADS', '1')
    from matplotlib.figure import Figure

    import nonodraw  # noqa: F401 (loaded now, before the cap)
    if worksheet:
        import nonosheets  # noqa: F401
        from matplotlib.backends.backend_pdf import PdfPages  # noqa: F401
    fig = Figure(figsize=(1, 1))
    ax = fig.subplots()
    ax.plot([0, 1], [0, 1])
    ax.set_title('x')
    fig.savefig(io.BytesIO(), format='pdf' if worksheet else 'png', dpi=50)
    return address_space()


def address_space() -> int:
    """The bytes this process maps now (0 where the system does not say)."""
    try:
        with open('/proc/self/status') as status:
            return next(int(line.split()[1]) * 1024 for line in status
                        if line.startswith('VmSize'))
    except (OSError, StopIteration, ValueError):
        return 0


# --- the command line ------------------------------------------------------------------------

def command_parser():
    """The argparse parser of the `nonogram` command. Its errors raise UsageError (main turns
    them into one line), and each option given is recorded in the namespace's `given`, for the
    tables OPTION_NEEDS and OPTION_CLASHES."""
    import argparse  # here, so that importers of the module do not pay for it

    import nonosat

    class Parser(argparse.ArgumentParser):
        def error(self, message):
            options = [option for action in self._actions for option in action.option_strings]
            raise UsageError(usage_words(message, options))

    class Option(argparse.Action):
        """Store the value (a flag: const) and note that the option was given."""
        def __call__(self, parser, namespace, values, option_string=None):
            setattr(namespace, self.dest, self.const if self.nargs == 0 else values)
            namespace.given = getattr(namespace, 'given', ()) + (self.option_strings[0],)

    def flag(group, name, text, show=None):
        """A flag; with `show`, one of the ways to show the answer (args.show, 'one' unless
        told: a new output mode is one flag here and one branch in verdict)."""
        if show is None:
            group.add_argument(name, action=Option, nargs=0, const=True, default=False, help=text)
        else:
            group.add_argument(name, action=Option, nargs=0, const=show, dest='show', help=text)

    def value(group, *names, **options):
        group.add_argument(*names, action=Option, **options)

    parser = Parser(
        prog='nonogram',
        description='Solve a nonogram file (.non, .nin, webpbn .xml in black and white or '
                    'colour, Rosetta Code letters, 0/1 picture text, or a PNG/JPEG picture) and '
                    'check its solution is unique. Prints the solution (# filled, . empty; in '
                    'colour, each colour\'s character), then a verdict line.',
        epilog='exit codes: 0 solved, 1 no solution, 2 bad input, 3 gave up (time or memory '
               'limit), 4 internal error (please report it); 130 interrupted (Ctrl-C), 141 the '
               'reader of the output went away')
    parser.set_defaults(given=(), show='one')
    parser.add_argument('file', nargs='*', metavar='FILE',
                        help='the puzzle file (several with --worksheet)')
    flag(parser, '--all', 'print every solution (up to --max-solutions)', show='all')
    flag(parser, '--count', 'print only the number of solutions (up to --max-solutions; '
                            'beyond it, "more than N")', show='count')
    value(parser, '--max-solutions', type=int, default=100, metavar='N',
          help='the most solutions --all prints and --count counts (default 100)')
    value(parser, '--png', metavar='OUT',
          help='save a picture of the solution with clues to OUT, a .png file (a file of '
               'several puzzles saves OUT-1.png, OUT-2.png, ...)')
    value(parser, '--timeout', type=float, metavar='SECONDS',
          help='give up after this many seconds in all, reading and every puzzle of the file '
               'included (exit code 3)')
    flag(parser, '--clues', 'print the clues with the grid')
    flag(parser, '--stats', 'add the work done (line solves, probes, nodes, seconds) to the '
                            'verdict')
    value(parser, '--size', type=int, metavar='N',
          help='for picture files: scale to at most N cells a side (with --class-set: only '
               'library pictures of at most N cells a side, which keep their own size; with '
               '--random, the puzzles\' side, and with a folder, the most, 10 unless told)')
    value(parser, '--colours', '--colors', type=int, metavar='K',
          help='for picture files: make a colour puzzle of K colours, the background included '
               '(default: black and white); with --class-set: the library\'s colour pictures '
               'of at most K colours, the background included')
    flag(parser, '--sat', 'search with a SAT solver from the start (needs python-sat)')
    flag(parser, '--no-sat', 'the engine alone, without SAT')
    value(parser, '--memory', type=int, default=MEMORY_MB, metavar='MB',
          help=f'the most memory the command may use, its SAT process included (default '
               f'{MEMORY_MB}); beyond it, it gives up (exit code 3)')
    value(parser, '--engine-seconds', type=float, default=None, metavar='S',
          help='the engine\'s head start: seconds before a SAT solver joins the race, if '
               f'python-sat is installed (default {nonosat.ENGINE_SECONDS:g})')
    sheets = parser.add_argument_group('worksheets: puzzles, each with one solution, on A4 pages')
    value(sheets, '--worksheet', metavar='OUT.pdf',
          help='write the puzzles of the FILEs, with an answer key, to OUT.pdf')
    value(sheets, '--class-set', type=int, metavar='N',
          help='make N puzzles from the picture library (animals, objects, symbols; each titled '
               'by its name), or from random pictures (--random) or those in the folder FILE, '
               f'within --timeout (else {CLASS_SET_SECONDS:g} s)')
    flag(sheets, '--random', '--class-set from seeded random pictures of --size cells a side '
                             'instead of the library')
    value(sheets, '--difficulty', choices=DIFFICULTIES,
          help='what --class-set puzzles need: line logic alone, probing or search (default line)')
    value(sheets, '--seed', type=int, metavar='S', help='the seed of --class-set (default 0)')
    return parser


def usage_words(message: str, options: list[str] = ()) -> str:
    """argparse's message of a usage error, as one line naming the option and the fix (for an
    unknown option, the nearest of `options`)."""
    import re
    help_ = 'nonogram --help lists the options'
    if match := re.fullmatch(r'unrecognized arguments: (.*)', message):
        import difflib
        first = match[1].split()[0]
        if first.startswith('-'):
            near = difflib.get_close_matches(first.split('=')[0], options, 1, 0.6)
            fix = f'did you mean {near[0]}?' if near else help_
            return f'unknown option {first} ({fix})'
        return f'unexpected argument {first} ({help_})'
    if match := re.fullmatch(r'argument ([^:/ ]+)(?:/\S+)?: invalid (int|float) value: (.*)',
                             message):
        kind = 'a whole number' if match[2] == 'int' else 'a number'
        return f'{match[1]} needs {kind}, not {match[3]}'
    if match := re.fullmatch(r'argument ([^:/ ]+)(?:/\S+)?: expected one argument', message):
        return f'{match[1]} needs a value ({help_})'
    if match := re.fullmatch(r'argument ([^:/ ]+)(?:/\S+)?: (.*)', message):
        return f'{match[1]}: {match[2]}'
    return f'{message} ({help_})'


def parse_options(argv: list[str] | None):
    """The parsed command line, its values and rules checked (UsageError otherwise); `file` is
    a list with --worksheet, else one FILE."""
    parser = command_parser()
    args = parser.parse_intermixed_args(argv)  # (FILEs may come between options)
    given = set(args.given)
    for option, partner, words in OPTION_NEEDS:
        if option in given and partner not in given:
            raise UsageError(words)
    for option, others, words in OPTION_CLASHES:
        if option in given and given & set(others):
            raise UsageError(words)
    checks = [
        (args.max_solutions >= 1, '--max-solutions must be at least 1'),
        (args.max_solutions <= MOST_SOLUTIONS,
         f'--max-solutions must be at most {MOST_SOLUTIONS:,} (no listing goes further)'),
        (args.timeout is None or args.timeout > 0,
         '--timeout must be a positive number of seconds'),
        (args.size is None or args.size >= 1, '--size must be at least 1'),
        (args.colours is None or 2 <= args.colours <= 32, '--colours must be from 2 to 32'),
        (args.engine_seconds is None or args.engine_seconds > 0,
         '--engine-seconds must be a positive number of seconds'),
        (args.memory >= 100, '--memory must be at least 100 (megabytes)'),
        (args.worksheet is not None or len(args.file) <= 1,
         'several FILEs, and --class-set, need --worksheet OUT.pdf'),
        (bool(args.file) or args.class_set is not None,
         'the following arguments are required: file (nonogram FILE; --help lists the options)'),
        (args.class_set is None or (args.class_set >= 1 and len(args.file) <= 1),
         '--class-set takes N at least 1, and one FILE at most (a folder)'),
        (args.class_set is None or not (args.random and args.file),
         '--random and a folder FILE do not go together'),
    ]
    for ok, words in checks:
        if not ok:
            raise UsageError(words)
    from nonofiles import MAX_SIDE
    if args.size is not None and args.size > MAX_SIDE:
        raise UsageError(f'--size must be at most {MAX_SIDE} (cells a side)')
    args.file = args.file if args.worksheet else args.file[0]
    return args


# --- the command -----------------------------------------------------------------------------

INTERRUPT = {'seen': False, 'said': False}  # Ctrl-C came (the handler's flag); its line printed


def interrupted_code() -> int:
    """Say once that the command was interrupted; the exit code 130."""
    if not INTERRUPT['said']:
        INTERRUPT['said'] = True
        to_stderr('nonogram: interrupted')
    return EXIT_INTERRUPTED


def main(argv: list[str] | None = None, *, own_process: bool = False) -> int:
    """The `nonogram` command (and `python -m nonocommand`): returns the exit code, and never
    raises (a usage error is one line and 2; --help prints the help and returns 0). Every
    outcome is mapped to its code here: 0 solved, 1 no solution, 2 bad input, 3 gave up (time
    or memory), 4 an internal error (a bug: please report it), 130 interrupted, 141 output
    closed. own_process: the command runs in a process of its own (the console script,
    python -m), so --memory caps this process too; called from other code, it caps only the
    SAT process."""
    import time
    import warnings
    start = time.monotonic()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')  # (a library's warning is never a second line)
            return run_command(argv, start, own_process)
    except KeyboardInterrupt:
        return interrupted_code()
    except SystemExit as stop:  # --help
        return stop.code if isinstance(stop.code, int) else EXIT_BAD_INPUT
    except BrokenPipeError:
        return stop_quietly()
    except UsageError as error:
        return say_error(error)
    except MemoryError as error:
        print(f'gave up after {time.monotonic() - start:.1f} s (memory: '
              f'{one_line(error) or "more than the budget"}; --memory sets the budget in MB)')
        return EXIT_GAVE_UP
    except Exception as error:  # a bug: say so in one line, with its own exit code
        if INTERRUPT['seen']:  # (a library turned the interrupt into another error)
            return interrupted_code()
        to_stderr(f'nonogram: internal error ({type(error).__name__}: {one_line(error)}); '
                  'please report it with the command line that caused it')
        return EXIT_INTERNAL


def to_stderr(line: str) -> None:
    """Print `line` on stderr, if there is one (`nonogram ... 2>&-` closed it: the exit code
    still says what happened)."""
    try:
        print(line, file=sys.stderr, flush=True)
    except (OSError, ValueError, AttributeError):
        pass


def say_error(error, code: int = EXIT_BAD_INPUT) -> int:
    """Print the one stderr line of bad input (or a usage error); return `code`. After a
    Ctrl-C, the error is what a library made of the interrupt (numpy's import turns it into an
    ImportError): the command was interrupted."""
    if INTERRUPT['seen']:
        return interrupted_code()
    to_stderr(f'nonogram: {one_line(error)}')
    return code


def no_solution_code(error) -> int:
    """An impossible puzzle found by a check (nonocheck.TotalsDiffer): its verdict line, 1."""
    print(f'no solution: {one_line(error)}')
    return EXIT_NO_SOLUTION


def impossible(error) -> bool:
    """Does `error` say that a well-formed puzzle has no solution (nonocheck.TotalsDiffer)?"""
    from nonocheck import TotalsDiffer
    return isinstance(error, TotalsDiffer) or isinstance(error.__cause__, TotalsDiffer)


def memory_plan(memory: int, sat: bool, no_sat: bool, output: str | None,
                worksheet: bool, listing: bool = False, cells: int = 0) -> tuple[int, int | None]:
    """How --memory (`memory` bytes, the whole process tree's budget) is shared when the
    command has its own process: (the cap this process puts on itself, the bytes left for
    drawing `output` (--png, --worksheet), None without one). SAT's child gets what the cap
    leaves (nonoprocess.sat_share: find_solutions is given the whole budget). The plotting
    stack is loaded before the cap; raises MemoryError, with the words of the one line to
    print, when the budget cannot hold the drawing (and, with --sat, SAT beside it).
    `listing`: very many solutions are kept in this process (--all, --count): it gets half of
    what is left (nonoprocess.engine_cap); `cells`: the largest puzzle's, when it is known (a
    big puzzle's engine needs more room)."""
    import nonoprocess
    if output is None:
        if sat:  # (this process only waits for SAT: SAT gets the rest)
            return min(memory, (nonoprocess.mapped_bytes() or 0) + SAT_WAITER_BYTES), None
        return (memory if no_sat else nonoprocess.engine_cap(memory, listing, cells)), None
    load_drawing(worksheet)
    now = nonoprocess.mapped_bytes() or 0
    need = (DRAWING_MB + 16) * 2 ** 20  # (a small puzzle's drawing, with some slack)
    sat_least = nonoprocess.CHILD_START_BYTES + MIN_SAT_MB * 2 ** 20 if sat else 0
    if memory - now - sat_least < need:
        more = (now + need + sat_least) // 2 ** 20 + 16
        raise MemoryError(f'{"--worksheet" if worksheet else "--png"} needs about '
                          f'{(now + need) // 2 ** 20} MB to draw{" beside SAT" if sat else ""}, '
                          f'more than --memory {memory // 2 ** 20}; --memory {more} or more '
                          f'would do; {one_line(output)} not written')
    if no_sat:
        return memory, memory - now
    room = max(need, min(DRAWING_ROOM_MB * 2 ** 20, (memory - now - sat_least) // 2))
    return now + room, room


def run_command(argv: list[str] | None, start: float, own_process: bool = False) -> int:
    """The command's work (see main), from `start` (time.monotonic()) on. In a process of its
    own, --timeout is also a hard limit: an alarm stops whatever stage is still at work
    BACKSTOP_SECONDS after it (the stages look at the clock themselves, and say more, but a
    stage that looks too seldom cannot overrun it)."""
    import time
    args = parse_options(argv)
    if not own_process or args.timeout is None:
        return run_parsed(args, start, own_process)
    from nonocheck import SearchLimit
    from nonoprocess import within
    left = args.timeout + BACKSTOP_SECONDS - (time.monotonic() - start)
    progress = {}
    try:
        return within(max(left, 0.001), lambda: run_parsed(args, start, own_process, progress))
    except SearchLimit:
        if 'final' in progress:  # (the alarm came after the last line: it was the answer)
            return progress['final']
        lister = progress.get('lister')
        printed = len(lister.printed) if lister else 0
        cut = lister is not None and lister.writing  # (its write was cut short: a half grid)
        print('\n' * cut + gave_up_line(time.monotonic() - start, [
            f'{plural(printed, "solution")} printed' + ', the last cut short' * cut]
            * (args.show == 'all') + [f'--timeout {args.timeout:g}']))
        return EXIT_GAVE_UP


def run_parsed(args, start: float, own_process: bool = False, progress: dict | None = None
               ) -> int:
    """The command's work for its parsed options `args`, from `start` on (`progress`, if
    given, gets the Lister at work: what it printed). Besides the input errors of the readers,
    it checks what it can before the work starts (python-sat for --sat, the output file, the
    memory drawing needs)."""
    import time
    import nonosat
    from nonocheck import NonogramError, SearchLimit

    def said(code: int) -> int:  # the run's last line is printed next: the alarm adds none
        if progress is not None:
            progress['final'] = code
        return code
    if args.sat and not nonosat.sat_available():
        return say_error(SAT_MISSING)
    sheet = args.worksheet is not None
    output = (args.worksheet, '.pdf', '--worksheet') if sheet else (args.png, '.png', '--png')
    problem = output[0] is not None and output_problem(*output)
    if problem:
        return say_error(problem)
    room = None  # the bytes left for drawing under the cap (None: no cap)

    def cap_this_process(cells: int = 0) -> str | None:
        """Put the cap of memory_plan on this process (the plotting stack loaded first);
        the gave-up line instead if the budget cannot hold the drawing."""
        nonlocal room
        try:
            cap, room = memory_plan(args.memory * 2 ** 20, args.sat, args.no_sat, output[0],
                                    sheet, listing=args.show != 'one', cells=cells)
        except MemoryError as error:
            return gave_up_line(time.monotonic() - start, [str(error)])
        nonosat.cap_address_space(cap)
        return None
    if own_process and (sheet or output[0] is not None):
        refused = cap_this_process()
        if refused:
            print(refused)
            return EXIT_GAVE_UP
    elif own_process:  # reading within the whole budget; the race's cap once it is read
        nonosat.cap_address_space(args.memory * 2 ** 20)
    budget = args.memory * 2 ** 20
    # In a process of its own the command and SAT share --memory; called from other code (whose
    # process is not the command's to count), it bounds SAT's child alone: 3/4 of the budget
    # with --sat, else the race's first share.
    solver = dict(engine_seconds=args.engine_seconds, use_engine=not args.sat,
                  use_sat=not args.no_sat, memory=budget if own_process else None,
                  sat_memory=None if own_process else budget * 3 // 4 if args.sat else min(
                      nonosat.RACE_SAT_BYTES, budget // 2))
    if sheet:
        return worksheet_command(args.worksheet, args.file, start, class_set=args.class_set,
                                 size=args.size, difficulty=args.difficulty or 'line',
                                 seed=args.seed or 0, random_pictures=args.random,
                                 colours=args.colours, timeout=args.timeout,
                                 capped=room is not None, said=said, **solver)
    deadline = None if args.timeout is None else start + args.timeout
    try:
        puzzles = read_any_puzzles(args.file, args.size, args.colours, deadline=deadline)
    except NonogramError as error:
        return no_solution_code(error) if impossible(error) else say_error(error)
    except SearchLimit as error:
        said(EXIT_GAVE_UP)
        print(gave_up_line(time.monotonic() - start, [one_line(error),
                                                      f'--timeout {args.timeout:g}']))
        return EXIT_GAVE_UP
    if own_process and room is None and output[0] is None:  # (no drawing: it cannot refuse)
        cap_this_process(max([puzzle.height * puzzle.width for puzzle in puzzles] + [0]))
    show = args.show  # ('one', or the flag's: --all 'all', --count 'count')
    code = EXIT_SOLVED
    try:
        for k, puzzle in enumerate(puzzles):
            if k:
                print()
            left = None if args.timeout is None else args.timeout - (time.monotonic() - start)
            if left is not None and left <= 0:  # one deadline for the whole file
                said(EXIT_GAVE_UP)
                print(gave_up_line(time.monotonic() - start, [f'--timeout {args.timeout:g}'])
                      + f'; puzzles {k + 1} to {len(puzzles)} not tried')
                return EXIT_GAVE_UP
            if args.clues and puzzle.title:
                print(one_line(puzzle.title))
            lister = Lister(puzzle, args.max_solutions if show == 'all' else 1, args.clues)
            if progress is not None:
                progress['lister'] = lister
            try:
                result = solve_puzzle(puzzle, listing=show != 'one', cap=args.max_solutions,
                                      timeout=left, named_timeout=args.timeout,
                                      on_solution=lister if show == 'all' else None, **solver)
            except NonogramError as error:
                if not impossible(error):
                    raise
                code = max(code, no_solution_code(error))
                continue
            if not result.finished:  # (the line says the time of the whole run, reading included)
                result.seconds = time.monotonic() - start
            code_k, shown, line = verdict(result, show, args.stats)
            drawing = args.png and shown and code_k == EXIT_SOLVED
            if k == len(puzzles) - 1 and not drawing:
                said(max(code, code_k))
            if not print_result(lister, shown, line, deadline and deadline + BACKSTOP_SECONDS / 2):
                said(EXIT_GAVE_UP)
                print(gave_up_line(time.monotonic() - start, [
                    f'{len(lister.printed):,} of {plural(len(shown), "solution")} found printed',
                    f'--timeout {args.timeout:g}']))
                return EXIT_GAVE_UP
            code = max(code, code_k)
            if drawing:
                png = args.png
                if len(puzzles) > 1:
                    from pathlib import Path
                    png = Path(png).with_stem(f'{Path(png).stem}-{k + 1}')
                gave_up = draw_png(puzzle, shown[0], png, args.timeout, start, room)
                if gave_up is not None:
                    said(EXIT_GAVE_UP)
                    print(gave_up)
                    return EXIT_GAVE_UP
    except OutputError as error:
        return say_error(error)
    except NonogramError as error:
        return say_error(f'{args.file}: {error}')
    except (OSError, ImportError) as error:  # e.g. --png without matplotlib
        if isinstance(error, BrokenPipeError):
            raise
        return say_error(error)
    return said(code)


def draw_png(puzzle, solution, png, timeout: float | None, start: float,
             room: int | None) -> str | None:
    """Save the picture for --png, unless the time (`timeout` from `start`) or the memory under
    the cap (`room` bytes, None: no cap) is too short for it: then the gave-up line, and no
    file. A drawing that runs out of memory under the cap also gives up."""
    import time
    def gave_up(words: str) -> str:
        return f'gave up after {time.monotonic() - start:.1f} s {words}'
    if timeout is not None and timeout - (time.monotonic() - start) < drawing_seconds(puzzle):
        return gave_up(f'before drawing {one_line(png)}: --timeout {timeout:g} leaves too '
                       'little time')
    if room is not None and room < drawing_bytes(puzzle):
        return gave_up(f'before drawing {one_line(png)}: a {puzzle.width}x{puzzle.height} '
                       f'picture needs about {drawing_bytes(puzzle) // 2 ** 20} MB to draw, '
                       'more than the --memory budget leaves')
    try:
        save_png(puzzle, solution, png)
    except MemoryError:
        return gave_up(f'drawing {one_line(png)}: more memory than the --memory budget leaves')
    except (SystemError, RuntimeError) as error:
        if INTERRUPT['seen']:  # (the drawing library made a Ctrl-C into this error)
            raise KeyboardInterrupt from None
        if room is None:
            raise
        return gave_up(f'drawing {one_line(png)}: the drawing library failed under the '
                       f'--memory budget ({type(error).__name__})')
    return None


def read_any_puzzles(path, size: int | None = None, colours: int | None = None, *,
                     deadline: float | None = None) -> list:
    """The puzzles of a file by nonofiles' readers, or, if it is webpbn XML in colour, by
    nonocolourfiles'; a picture file as a colour puzzle of `colours` colours if that is given
    (NonogramError if the file is not a picture: --colours and --size are never silently
    ignored).
    SearchLimit once `deadline` (a time.monotonic() value) passes."""
    from pathlib import Path

    from nonofiles import COLOUR_ERROR, IMAGE_SIGNATURES, PuzzleFileError, file_bytes, read_puzzles
    data = file_bytes(path)  # (nonofiles' checks: no directory, pipe or huge file)
    if colours is not None and not data.startswith(IMAGE_SIGNATURES):
        from nonocheck import NonogramError
        raise NonogramError(f'{path}: --colours goes with a picture file (PNG or JPEG), and this '
                            'is not one: leave --colours out')
    if size is not None and not data.startswith(IMAGE_SIGNATURES):
        from nonofiles import EXTENSIONS, file_text, sniff_format
        fmt = EXTENSIONS.get(Path(path).suffix.lower()) or sniff_format(file_text(data, path))
        if fmt not in ('picture', 'image'):
            from nonocheck import NonogramError
            raise NonogramError(f'{path}: --size goes with a picture (PNG, JPEG or 0/1 text), '
                                'and this file holds clues: leave --size out')
    if colours is not None:
        from nonocolourfiles import image_puzzle

        return [image_puzzle(path, size or 20, colours, Path(path).stem, deadline=deadline)]
    try:
        return read_puzzles(path, picture_size=size, deadline=deadline)
    except PuzzleFileError as error:
        xml = data.lstrip(b'\xef\xbb\xbf \t\r\n').startswith(b'<')
        if error.message != COLOUR_ERROR or not xml:  # (a colour .non file: the error stands)
            raise
    from nonocolourfiles import read_colour_puzzles
    return read_colour_puzzles(path, deadline=deadline)


def stop_quietly() -> int:
    """The reader of our output went away (as `nonogram big.non | head` does): silence stdout (so
    Python's exit does not complain about it) and exit as Unix tools do when a pipe closes, with
    128 + SIGPIPE, instead of reporting a broken pipe as if the puzzle were at fault."""
    import os
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    return EXIT_PIPE_CLOSED


# --- worksheets from the terminal ------------------------------------------------------------

def worksheet_command(out, files: list, start: float, *, class_set: int | None = None,
                      size: int | None = None, difficulty: str = 'line', seed: int = 0,
                      random_pictures: bool = False, colours: int | None = None,
                      timeout: float | None = None, engine_seconds: float | None = None,
                      use_engine: bool = True, use_sat: bool = True, memory: int | None = None,
                      sat_memory: int | None = None, capped: bool = False,
                      said=lambda code: code) -> int:
    """`nonogram --worksheet OUT.pdf FILE...`: judge every puzzle of the files (or, with
    class_set N, make the puzzles first), print one line for each (its title and difficulty),
    and write the worksheet `out`; the exit code. A bad file or a puzzle without exactly one
    solution is exit code 2; `timeout` (seconds from `start`; None: CLASS_SET_SECONDS) bounds
    the whole run, and when it runs out, the last line says what was left undone (3). memory:
    the process tree's budget (bytes); capped: --memory caps this process (a drawing that fails
    for memory gives up); said(code): called just before the last line is printed."""
    import time

    import nonosheets
    from nonocheck import NonogramError, SearchLimit

    if timeout is None:  # (a worksheet never hangs silently: files get a class set's time too)
        timeout = CLASS_SET_SECONDS

    def left():
        return max(0.0, start + timeout - time.monotonic())
    deadline = start + timeout
    solver = dict(use_engine=use_engine, use_sat=use_sat, memory=memory, sat_memory=sat_memory)
    if engine_seconds is not None:
        solver['engine_seconds'] = engine_seconds
    try:
        if class_set:
            try:
                made = nonosheets.class_set(
                    class_set, size, difficulty, seed=seed, folder=(files or [None])[0],
                    random_pictures=random_pictures, colours=colours, seconds=left(),
                    deadline=deadline)
            except (TypeError, ValueError) as error:  # (its arguments, checked at its door)
                if isinstance(error, NonogramError):
                    raise
                return say_error(error)
            puzzles = [(puzzle.title, puzzle) for puzzle in made]
        else:
            puzzles = [(f'{file}, puzzle {k}' + (f' ({puzzle.title})' if puzzle.title else ''),
                        puzzle) for file in files for k, puzzle in
                       enumerate(read_any_puzzles(file, size, colours, deadline=deadline), 1)]
        sheet = []
        for name, puzzle in puzzles:
            sheet.append(nonosheets.judge_for_sheet(puzzle, name, left(), add_givens=True,
                                                    **solver))
            method, added = sheet[-1].metadata['method'], sheet[-1].metadata.get('givens added')
            print(one_line(f'{len(sheet)}. {puzzle.title or name}: '
                           f'{nonosheets.DIFFICULTY[method]}' + (
                               f' ({plural(added, "given cell")} added to make it unique)'
                               if added else '')))
        if left() < 1.0 + 0.15 * len(sheet):  # about twice the drawing's time (30 puzzles: 2.4 s)
            raise SearchLimit('too little time left to draw', 0, 0, [])
        pages = nonosheets.draw_worksheet(sheet, out)
    except SearchLimit as error:
        import re
        words = re.sub(r' in \d+(?:\.\d+)? s\b', '', str(error), count=1)  # (one time a line)
        said(EXIT_GAVE_UP)
        print(one_line(f'gave up after {time.monotonic() - start:.1f} s: {words}; {out} not '
                       'written'))
        return EXIT_GAVE_UP
    except (MemoryError, SystemError) as error:
        if not capped and not isinstance(error, MemoryError):
            raise
        said(EXIT_GAVE_UP)
        print(one_line(f'gave up after {time.monotonic() - start:.1f} s (memory: more than the '
                       f'--memory budget leaves); {out} not written'))
        return EXIT_GAVE_UP
    except (NonogramError, OSError, ImportError) as error:  # (OSError: a full disk, say)
        if isinstance(error, BrokenPipeError):
            raise
        return say_error(error)
    said(EXIT_SOLVED)
    print(one_line(f'worksheet: {out} ({plural(pages, "page")}, the answer key included)'))
    return EXIT_SOLVED


def output_problem(path, suffix: str, option: str) -> str | None:
    """Why `path` cannot be the output file of `option` (a file named *suffix), or None. Shared
    by --png and --worksheet. It tries: a new file is created and removed at once, an
    existing one opened for writing without changing it."""
    import os
    from pathlib import Path
    path = Path(path)
    if path.suffix.lower() != suffix or path.is_dir():
        return f'{option} needs the name of a {suffix} file to write, not {str(path)!r}'
    if not path.resolve().parent.is_dir():
        return f'cannot write {path}: no folder {path.parent}'
    try:
        if path.exists():
            if not path.is_file() or not os.access(path, os.W_OK):
                return f'cannot write {path}: not a file we may write'
            with open(path, 'r+b'):
                pass
        else:
            with open(path, 'xb'):
                pass
            path.unlink()
    except OSError as error:
        return f'cannot write {path}: {error.strerror or error}'
    return None


def on_interrupt(signum=None, frame=None) -> None:
    """The handler of SIGINT (Ctrl-C): note it, and stop the work with KeyboardInterrupt (which
    stops SAT's process on its way out)."""
    INTERRUPT['seen'] = True
    raise KeyboardInterrupt


def on_unraisable(unraisable) -> None:
    """sys.unraisablehook: a Ctrl-C that came while Python could not raise it (in a finaliser)
    is noted, not printed; anything else goes to Python's own hook."""
    if isinstance(unraisable.exc_value, KeyboardInterrupt):
        INTERRUPT['seen'] = True
        return
    sys.__unraisablehook__(unraisable)


def command() -> None:
    """The console script `nonogram` (and `python -m nonocommand`): main in a process of its own,
    so that --memory caps the whole process. Ctrl-C is handled from here on, start-up included
    (nothing heavy is imported before this): at any moment it gives one line and exit code 130,
    even when it came while a library swallowed it."""
    import _signal  # (built in and loaded with Python: `import signal` takes time, and could
    _signal.signal(_signal.SIGINT, on_interrupt)  # itself be interrupted before the handler)
    sys.unraisablehook = on_unraisable
    for name in ('stdout', 'stderr'):  # started with it closed (`nonogram x.non >&-`): write
        if getattr(sys, name) is None:  # to nowhere; the exit code says what happened
            setattr(sys, name, open(__import__('os').devnull, 'w'))
    code = EXIT_INTERRUPTED
    try:
        code = main(own_process=True)
    except KeyboardInterrupt:
        INTERRUPT['seen'] = True
    finally:
        _signal.signal(_signal.SIGINT, _signal.SIG_IGN)  # the end: too late to interrupt
    if INTERRUPT['seen']:
        code = interrupted_code()
    import os
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:
        code = stop_quietly() if code != EXIT_INTERRUPTED else code
    except (OSError, ValueError):
        pass
    # No finalisation: nothing left to run can turn 130 into another code, and freeing the
    # objects of a big run one by one (say a million solutions listed) would outlast --timeout.
    os._exit(code)


if __name__ == '__main__':
    command()
