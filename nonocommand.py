"""The `nonogram` command: solve a puzzle file from the terminal, or print worksheets.

A library module, not a lesson. `nonogram FILE` (the console script, once the project is
installed) and `python -m nonocommand FILE` both run `command`, which is `main` in a process of
its own. It reads a puzzle file in any format of the library module nonofiles (or a picture, or
colour webpbn XML by nonocolourfiles), solves it with lesson 12's race (lesson 14's in colour),
and prints the solution as text, one line per row, '#' filled and '.' empty (in colour, each
colour's character) and nothing else on those lines, so other programs can read it; then one
verdict line (`describe`, or `answer_words` when SAT answered). Like a validator it always looks
for a second solution: a puzzle with two is reported as such, never silently half-solved.

Scripts test the exit code: 0 solved, 1 no solution, 2 bad input (one line on standard error
naming the file and line, never a traceback), 3 gave up (time or memory), 4 an internal error
(a bug), 130 interrupted, 141 the reader of the output went away.

Options: --all, --max-solutions, --png, --timeout, --clues, --stats, --size, --colours, --sat,
--no-sat, --memory, --engine-seconds; worksheets (nonosheets): --worksheet OUT.pdf, --class-set
(from the picture library nonopictures, or --random pictures, or a folder), --difficulty, --seed.
See command_parser.

Start-up is measured (the benchmarks time `python -m nonocommand` on a 1x1 puzzle), so only
what every run needs is imported at the top; argparse, matplotlib, the colour modules and SAT
are imported where they are used.
"""

import sys
import time
from pathlib import Path

import nonosat
from nonocheck import NonogramError, SearchLimit, plural
import nonosheets
from nonofiles import (COLOUR_ERROR, IMAGE_SIGNATURES, MAX_SIDE, PuzzleFileError, file_bytes,
                       read_puzzles)
from nonosheets import DIFFICULTY, NEEDS, is_colour

EXIT_SOLVED, EXIT_NO_SOLUTION, EXIT_BAD_INPUT, EXIT_GAVE_UP = 0, 1, 2, 3
EXIT_INTERNAL, EXIT_INTERRUPTED = 4, 130
MEMORY_MB = 1024  # the command's memory budget unless --memory says otherwise
CLASS_SET_SECONDS = 60.0  # a class set's time limit unless --timeout sets one
MOST_CELLS_WITH_CLUES = 80 * 80  # bigger pictures are drawn without their clues (too small)
ONE_OF_SEVERAL = '; one of them shown, --all lists them'
SAT_MISSING = '--sat needs the optional package python-sat (python -m pip install python-sat)'


# --- the words of a verdict ------------------------------------------------------------------

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


# --- the search, and its answer in words -----------------------------------------------------

def command_answer(puzzle, args, timeout: float | None = None) -> nonosat.Answer:
    """The race's answer for one puzzle, as the command's options ask: two solutions, or with
    --all one more than --max-solutions (to know whether there are more). Colour puzzles go to
    lesson 14's engine and SAT, except those of a single ink: black and white in another colour,
    they are solved as such (and get the verdict of their black-and-white twin)."""
    options = dict(count=args.max_solutions + 1 if args.all else 2, timeout=timeout,
                   engine_seconds=args.engine_seconds, use_engine=not args.sat,
                   use_sat=not args.no_sat, sat_memory=sat_megabytes(args) * 2 ** 20 or None)
    if not is_colour(puzzle):
        return nonosat.find_solutions(puzzle.rows, puzzle.cols, puzzle.givens, **options)
    import nonocolour
    from nonocolourfiles import bw_puzzle_clues
    bw = bw_puzzle_clues(puzzle)
    if bw is None:
        return nonocolour.find_solutions(puzzle.rows, puzzle.cols, puzzle.givens, **options)
    ink = max([colour for clue in puzzle.rows for _, colour in clue] + [1])
    givens = puzzle.givens and [[None if cell is None else int(cell == ink) for cell in row]
                                for row in puzzle.givens]
    answer = nonosat.find_solutions(*bw, givens, **options)
    answer.solutions = [[[ink * cell for cell in row] for row in grid] for grid in answer.solutions]
    return answer


def answer_words(answer: nonosat.Answer, args) -> tuple[int, list, str]:
    """(exit code, solutions to show, verdict line) for an Answer. When SAT answered, the line
    names SAT and never contains the word "line" (SAT cannot say how a person would solve it);
    with several solutions and no --all, it says that the grid shown is one of them."""
    found = answer.solutions
    if not answer.finished:
        line = gave_up_line(answer.seconds, args, answer)
        if answer.part == 'engine' and not args.no_sat and not nonosat.sat_available():
            line += '; with python-sat installed, a SAT solver would race the engine'
        return EXIT_GAVE_UP, found if args.all else found[:1], line
    if answer.part == 'SAT':
        how = 'SAT' if answer.sat_joined is None else 'SAT, racing the engine'
        if answer.status == 'none':
            return EXIT_NO_SOLUTION, [], f'no solution: the clues contradict each other ({how})'
        words = f'{answer.status} solution{"s" if len(found) > 1 else ""}, found by {how}'
        words += f' ({answer.seconds:.2f} s)' if args.stats else ''
    else:
        if answer.status == 'none':
            return EXIT_NO_SOLUTION, [], describe(answer)
        words = describe(answer, args.stats)
    if answer.status == 'unique':
        return EXIT_SOLVED, found[:1], words
    if not args.all:
        return EXIT_SOLVED, found[:1], words + ONE_OF_SEVERAL
    return EXIT_SOLVED, found[:args.max_solutions], all_solutions_line(found, args.max_solutions)


def all_solutions_line(found: list, cap: int) -> str:
    """The verdict line of --all: how many solutions, or that there are more than the cap."""
    if len(found) > cap:
        return f'multiple solutions: more than {cap} (listing stopped at --max-solutions {cap})'
    return f'multiple solutions: {len(found)} in all'


def gave_up_line(seconds: float, args, answer: nonosat.Answer | None = None) -> str:
    """The last line when the time limit ran out (exit code 3), saying what each part that ran
    had done: the engine's search nodes, what became of SAT."""
    work = []
    if answer is not None and answer.nodes is not None:
        nodes = plural(answer.nodes, 'search node')
        work.append(f'engine: {nodes}' if answer.part == 'engine and SAT' else nodes)
    if answer is not None and answer.part in ('SAT', 'engine and SAT'):
        work.append(f'SAT: {answer.sat_note or "out of time"}')
        if 'memory' in answer.sat_note or answer.sat_note.startswith('not started'):
            # In a race SAT's share is capped (lesson 12), so only --sat gives it more memory.
            work.append('--memory sets the budget in MB' if args.sat
                        else '--sat runs SAT alone, with more of the memory')
    if answer is not None and answer.solutions:
        work.append(f'{plural(len(answer.solutions), "solution")} found so far')
    if args.timeout is not None:
        work.append(f'--timeout {args.timeout:g}')
    return f'gave up after {seconds:.1f} s ({"; ".join(work)})'


# --- one puzzle: print it, and draw it for --png ---------------------------------------------

def solve_command(puzzle, args, png=None, timeout: float | None = None) -> int:
    """Solve one puzzle for the command line: print grid(s) and verdict; return an exit code.
    A colour puzzle prints its colours' characters, unless it has a single ink: then it prints
    as black and white, exactly as its black-and-white twin would."""
    if args.clues and puzzle.title:
        print(puzzle.title)
    start = time.monotonic()
    code, shown, summary = answer_words(command_answer(puzzle, args, timeout), args)
    one_ink = sys.modules['nonocolourfiles'].bw_puzzle_clues(puzzle) if is_colour(puzzle) else None
    colour = is_colour(puzzle) and one_ink is None
    rows, cols = one_ink or (puzzle.rows, puzzle.cols)
    for k, solution in enumerate(shown):
        if k:
            print()
        if colour:
            lines = colour_grid_lines(solution, puzzle, args.clues)
        else:
            lines = grid_with_clues(solution, rows, cols) if args.clues else grid_lines(solution)
        print(*lines, sep='\n')
    print(summary)
    if png and shown and code == EXIT_SOLVED:
        left = None if timeout is None else timeout - (time.monotonic() - start)
        if left is not None and left < drawing_seconds(puzzle):
            print(f'gave up before drawing {png}: --timeout {args.timeout:g} leaves too little time')
            return EXIT_GAVE_UP
        save_png(puzzle, shown[0], png)
    return code


def drawing_seconds(puzzle) -> float:
    """A generous estimate of the seconds save_png takes (measured: 80x80 with clues 1.7 s,
    300x300 without 1.1 s), to give up before drawing rather than overrun --timeout."""
    cells = puzzle.width * puzzle.height
    return 0.5 + (cells / 3_000 if cells <= MOST_CELLS_WITH_CLUES else cells / 60_000)


def save_png(puzzle, solution, path) -> None:
    """Draw the solution with its clues (givens dotted; colour puzzles in their colours; no clues
    beyond MOST_CELLS_WITH_CLUES cells) and save it as a PNG file (OutputError if it cannot)."""
    from matplotlib.figure import Figure

    import nonodraw
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
        givens = [(i, j) for i, j, _ in given_cells(puzzle.givens or [])]
        nonodraw.draw_grid(solution, rows, cols, ax=ax, givens=givens, title=puzzle.title or None)
    fig.tight_layout()
    try:
        fig.savefig(path, dpi=100)
    except OSError as error:
        raise OutputError(f'cannot write {path}: {error.strerror or error}') from None


class OutputError(NonogramError):
    """The command could not write its output file (--png)."""


# --- the command line ------------------------------------------------------------------------

def command_parser():
    """The argparse parser of the `nonogram` command."""
    import argparse  # here, so that importers of the module do not pay for it

    parser = argparse.ArgumentParser(
        prog='nonogram',
        description='Solve a nonogram file (.non, .nin, webpbn .xml in black and white or '
                    'colour, Rosetta Code letters, 0/1 picture text, or a PNG/JPEG picture) and '
                    'check its solution is unique. Prints the solution (# filled, . empty; in '
                    'colour, each colour\'s character), then a verdict line.',
        epilog='exit codes: 0 solved, 1 no solution, 2 bad input, 3 gave up (time or memory '
               'limit), 4 internal error (please report it); 130 interrupted (Ctrl-C), 141 the '
               'reader of the output went away')
    parser.add_argument('file', nargs='*', metavar='FILE',
                        help='the puzzle file (several with --worksheet)')
    parser.add_argument('--all', action='store_true',
                        help='print every solution (up to --max-solutions)')
    parser.add_argument('--max-solutions', type=int, default=100, metavar='N',
                        help='the most solutions --all prints (default 100)')
    parser.add_argument('--png', metavar='OUT',
                        help='save a picture of the solution with clues to OUT, a .png file (a '
                             'file of several puzzles saves OUT-1.png, OUT-2.png, ...)')
    parser.add_argument('--timeout', type=float, metavar='SECONDS',
                        help='give up after this many seconds in all, reading and every puzzle '
                             'of the file included (exit code 3)')
    parser.add_argument('--clues', action='store_true', help='print the clues with the grid')
    parser.add_argument('--stats', action='store_true',
                        help='add the work done (line solves, probes, nodes, seconds) to the verdict')
    parser.add_argument('--size', type=int, metavar='N',
                        help='for picture files: scale to at most N cells a side (with '
                             '--class-set: only library pictures of at most N cells a side, '
                             'which keep their own size; with --random, the puzzles\' side, and '
                             'with a folder, the most, 10 unless told)')
    parser.add_argument('--colours', '--colors', type=int, metavar='K',
                        help='for picture files: make a colour puzzle of K colours, the '
                             'background included (default: black and white); with '
                             '--class-set: the library\'s colour pictures of at most K colours, '
                             'the background included')
    solver = parser.add_mutually_exclusive_group()
    solver.add_argument('--sat', action='store_true',
                        help='search with a SAT solver from the start (needs python-sat)')
    solver.add_argument('--no-sat', action='store_true',
                        help='the engine alone, without SAT')
    parser.add_argument('--memory', type=int, default=MEMORY_MB, metavar='MB',
                        help=f'the most memory the command may use, its SAT process included '
                             f'(default {MEMORY_MB}; SAT gets at most '
                             f'{nonosat.RACE_SAT_BYTES // 2 ** 20} of it in a race); beyond it, '
                             'it gives up (exit code 3)')
    parser.add_argument('--engine-seconds', type=float, default=nonosat.ENGINE_SECONDS,
                        metavar='S', help='the engine\'s head start: seconds before a SAT solver '
                        'joins the race, if python-sat is installed (default '
                        f'{nonosat.ENGINE_SECONDS:g})')
    sheets = parser.add_argument_group('worksheets: puzzles, each with one solution, on A4 pages')
    sheets.add_argument('--worksheet', metavar='OUT.pdf',
                        help='write the puzzles of the FILEs, with an answer key, to OUT.pdf')
    sheets.add_argument('--class-set', type=int, metavar='N',
                        help='make N puzzles from the picture library (animals, objects, '
                             'symbols; each titled by its name), or from random pictures '
                             '(--random) or those in the folder FILE, within --timeout (else '
                             f'{CLASS_SET_SECONDS:g} s)')
    sheets.add_argument('--random', action='store_true',
                        help='--class-set from seeded random pictures of --size cells a side '
                             'instead of the library')
    sheets.add_argument('--difficulty', choices=NEEDS, help='what --class-set puzzles need: line '
                        'logic alone, probing or search (default line)')
    sheets.add_argument('--seed', type=int, metavar='S', help='the seed of --class-set (default 0)')
    return parser


def main(argv: list[str] | None = None, *, own_process: bool = False) -> int:
    """The `nonogram` command (and `python -m nonocommand`): returns the exit code. Every outcome
    is mapped to its code here: 0 solved, 1 no solution, 2 bad input, 3 gave up (time or memory),
    4 an internal error (a bug: please report it), 130 interrupted, 141 output closed.
    own_process: the command runs in a process of its own (the console script, python -m), so
    --memory caps this process too; called from other code, it caps only the SAT process."""
    start = time.monotonic()
    try:
        return run_command(argv, start, own_process)
    except KeyboardInterrupt:
        print('nonogram: interrupted', file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return stop_quietly()
    except MemoryError as error:
        print(f'gave up after {time.monotonic() - start:.1f} s (memory: '
              f'{str(error) or "more than the budget"}; --memory sets the budget in MB)')
        return EXIT_GAVE_UP
    except Exception as error:  # a bug: say so in one line, with its own exit code
        print(f'nonogram: internal error ({type(error).__name__}: {error}); please report it '
              'with the command line that caused it', file=sys.stderr)
        return EXIT_INTERNAL


def writable(path: Path) -> bool:
    """Could we write the file `path` (a regular file we may change, or a new one in a folder we
    may write in)?"""
    import os
    if path.exists():
        return path.is_file() and os.access(path, os.W_OK)
    return os.access(path.resolve().parent, os.W_OK)


def sat_megabytes(args) -> int:
    """SAT's share of --memory in MB (this process gets the rest): in a race, lesson 12's share
    (RACE_SAT_BYTES) or half, if less; with --sat, three quarters; with --no-sat, none."""
    if args.no_sat:
        return 0
    if args.sat:
        return args.memory * 3 // 4
    return min(nonosat.RACE_SAT_BYTES // 2 ** 20, args.memory // 2)


def run_command(argv: list[str] | None, start: float, own_process: bool = False) -> int:
    """The command's work (see main), from `start` (time.monotonic()) on. Besides the input
    errors of the readers, it checks what it can before the work starts (python-sat for --sat,
    the output file's folder)."""
    parser = command_parser()
    args = parser.parse_args(argv)
    if args.max_solutions < 1:
        parser.error('--max-solutions must be at least 1')
    if args.timeout is not None and not args.timeout > 0:
        parser.error('--timeout must be a positive number of seconds')
    if args.size is not None and args.size < 1:
        parser.error('--size must be at least 1')
    if args.colours is not None and not 2 <= args.colours <= 32:
        parser.error('--colours must be from 2 to 32')
    if args.colours is not None and args.size is not None and args.size > MAX_SIDE:
        parser.error(f'--size must be at most {MAX_SIDE} with --colours')
    if not args.engine_seconds > 0:
        parser.error('--engine-seconds must be a positive number of seconds')
    if not args.memory >= 100:
        parser.error('--memory must be at least 100 (megabytes)')
    worksheet_usage(parser, args)
    if own_process:
        nonosat.cap_address_space((args.memory - sat_megabytes(args)) * 2 ** 20)
    if args.sat and not nonosat.sat_available():
        print(f'nonogram: {SAT_MISSING}', file=sys.stderr)
        return EXIT_BAD_INPUT
    sheet = args.worksheet is not None
    output = (args.worksheet, '.pdf', '--worksheet') if sheet else (args.png, '.png', '--png')
    problem = output[0] is not None and output_problem(*output)
    if problem:
        print(f'nonogram: {problem}', file=sys.stderr)
        return EXIT_BAD_INPUT
    if sheet:
        return worksheet_command(args, start)
    try:
        puzzles = read_any_puzzles(args.file, args.size, args.colours)
    except NonogramError as error:
        print(f'nonogram: {error}', file=sys.stderr)
        return EXIT_BAD_INPUT
    code = EXIT_SOLVED
    try:
        for k, puzzle in enumerate(puzzles):
            if k:
                print()
            png = args.png
            if png and len(puzzles) > 1:
                png = Path(png).with_stem(f'{Path(png).stem}-{k + 1}')
            left = None if args.timeout is None else args.timeout - (time.monotonic() - start)
            if left is not None and left <= 0:  # one deadline for the whole file
                print(gave_up_line(time.monotonic() - start, args)
                      + f'; puzzles {k + 1} to {len(puzzles)} not tried')
                return EXIT_GAVE_UP
            code = max(code, solve_command(puzzle, args, png, left))
    except OutputError as error:
        print(f'nonogram: {error}', file=sys.stderr)
        return EXIT_BAD_INPUT
    except NonogramError as error:
        print(f'nonogram: {args.file}: {error}', file=sys.stderr)
        return EXIT_BAD_INPUT
    except (OSError, ImportError) as error:  # e.g. --png without matplotlib
        if isinstance(error, BrokenPipeError):
            raise
        print(f'nonogram: {error}', file=sys.stderr)
        return EXIT_BAD_INPUT
    return code


def read_any_puzzles(path, size: int | None = None, colours: int | None = None) -> list:
    """The puzzles of a file by nonofiles' readers, or, if it is webpbn XML in colour, by
    nonocolourfiles'; a picture file as a colour puzzle of `colours` colours if that is given."""
    data = file_bytes(path)  # (nonofiles' checks: no directory, pipe or huge file)
    if colours is not None and data.startswith(IMAGE_SIGNATURES):
        from nonocolourfiles import image_puzzle

        return [image_puzzle(path, size or 20, colours, Path(path).stem)]
    try:
        return read_puzzles(path, picture_size=size)
    except PuzzleFileError as error:
        xml = data.lstrip(b'\xef\xbb\xbf \t\r\n').startswith(b'<')
        if error.message != COLOUR_ERROR or not xml:  # (a colour .non file: the error stands)
            raise
    from nonocolourfiles import read_colour_puzzles
    return read_colour_puzzles(path)


def stop_quietly() -> int:
    """The reader of our output went away (as `nonogram big.non | head` does): silence stdout (so
    Python's exit does not complain about it) and exit as Unix tools do when a pipe closes, with
    128 + SIGPIPE, instead of reporting a broken pipe as if the puzzle were at fault."""
    import os
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    return 141


# --- worksheets from the terminal ------------------------------------------------------------

def worksheet_usage(parser, args) -> None:
    """parser.error (exit code 2) for options of the other mode (--png with --worksheet, --seed
    without --class-set, ...); then args.file is one FILE without --worksheet, a list with it."""
    if args.class_set is None and (args.difficulty or args.seed is not None):
        parser.error('--difficulty and --seed go with --class-set')
    if args.class_set is None and args.random:
        parser.error('--random goes with --class-set')
    if args.worksheet is None and (len(args.file) > 1 or args.class_set is not None):
        parser.error('several FILEs, and --class-set, need --worksheet OUT.pdf')
    if not args.file and args.class_set is None:
        parser.error('the following arguments are required: file')
    if args.class_set is not None and (args.class_set < 1 or len(args.file) > 1):
        parser.error('--class-set takes N at least 1, and one FILE at most (a folder)')
    if args.class_set is not None and args.random and args.file:
        parser.error('--random and a folder FILE do not go together')
    if args.class_set is not None and args.colours is not None and (args.random or args.file):
        parser.error('--colours with --class-set chooses library pictures: not with --random or '
                     'a folder')
    if args.worksheet is not None and (args.all or args.png or args.clues or args.stats):
        parser.error('--all, --png, --clues and --stats do not go with --worksheet')
    args.file = args.file if args.worksheet else args.file[0]


def worksheet_command(args, start: float) -> int:
    """`nonogram --worksheet OUT.pdf FILE...`: judge every puzzle of the files (or, with
    --class-set N, make the puzzles first), print one line for each (its title and difficulty),
    and write the worksheet; the exit code. A bad file or a puzzle without exactly one solution
    is exit code 2; --timeout bounds the whole run (a class set without it gets
    CLASS_SET_SECONDS), and when it runs out, the last line says what was left undone (3)."""
    def left():
        return None if args.timeout is None else max(0.0, start + args.timeout - time.monotonic())
    try:
        if args.class_set:
            puzzles = [(puzzle.title, puzzle) for puzzle in nonosheets.class_set(
                args.class_set, args.size, args.difficulty or 'line', seed=args.seed or 0,
                folder=(args.file or [None])[0], random_pictures=args.random,
                colours=args.colours,
                seconds=CLASS_SET_SECONDS if args.timeout is None else left())]
        else:
            puzzles = [(f'{file}, puzzle {k}' + (f' ({puzzle.title})' if puzzle.title else ''),
                        puzzle) for file in args.file for k, puzzle in
                       enumerate(read_any_puzzles(file, args.size, args.colours), 1)]
        sheet = []
        for name, puzzle in puzzles:
            sheet.append(nonosheets.judge_for_sheet(
                puzzle, name, left(), engine_seconds=args.engine_seconds,
                use_engine=not args.sat, use_sat=not args.no_sat))
            method = sheet[-1].metadata['method']
            print(f'{len(sheet)}. {puzzle.title or name}: {DIFFICULTY[method]}')
        if left() is not None and left() < 1.5 + 0.3 * len(sheet):  # about the drawing's time
            raise SearchLimit('too little time left to draw', 0, 0, [])
        pages = nonosheets.draw_worksheet(sheet, args.worksheet)
    except SearchLimit as error:
        print(f'gave up after {time.monotonic() - start:.1f} s: {error}; {args.worksheet} '
              'not written')
        return EXIT_GAVE_UP
    except (NonogramError, OSError, ImportError) as error:  # (OSError: a full disk, say)
        print(f'nonogram: {error}', file=sys.stderr)
        return EXIT_BAD_INPUT
    print(f'worksheet: {args.worksheet} ({plural(pages, "page")}, the answer key included)')
    return EXIT_SOLVED


def output_problem(path, suffix: str, option: str) -> str | None:
    """Why `path` cannot be the output file of `option` (a file named *suffix), or None. Shared
    by --png and --worksheet."""
    if Path(path).suffix.lower() != suffix or Path(path).is_dir():
        return f'{option} needs the name of a {suffix} file to write, not {str(path)!r}'
    if not Path(path).resolve().parent.is_dir():
        return f'cannot write {path}: no folder {Path(path).parent}'
    if not writable(Path(path)):
        return f'cannot write {path}: not a file we may write'
    return None


def command() -> None:
    """The console script `nonogram` (and `python -m nonocommand`): main in a process of its own,
    so that --memory caps the whole process."""
    sys.exit(main(own_process=True))


if __name__ == '__main__':
    command()
