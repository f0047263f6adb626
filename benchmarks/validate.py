"""Validate puzzles with the engine (lesson 10): ask each for two solutions, report time and work.

Usage (from the repo root):

    python benchmarks/validate.py                  # ../shared/puzzles/webpbn if present,
                                                   # else puzzles/webpbn-*.non; + 20 random 30x30
    python benchmarks/validate.py PATH ...             # .non files or folders of them
    python benchmarks/validate.py --random 0 --time-limit 10 puzzles/webpbn-06574.non
    python benchmarks/validate.py --line-solver teaching   # lesson 2's DP instead of lesson 7's
    python benchmarks/validate.py --race PATH ...  # the engine and SAT racing, as `nonogram` does

Every run is bounded: each puzzle gets --time-limit seconds (default 60), after which it is
reported as 'limit' with the nodes it had visited. Random puzzles are made from seeded random
pictures (--size, --density, --seed), so runs are reproducible. A table is printed and written to
benchmarks/out/validate.csv (--csv to change).

Files are read with `nonofiles.read_puzzle`, so any format it reads works, and
givens in a file (such as GCHQ's), or in a NAME.givens file beside it, are passed to the solver.
"""
import argparse
import csv
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import nonoengine  # noqa: E402  (after the path is set, so the repo's modules are used)
import nonofast  # noqa: E402
import nonofiles  # noqa: E402
import nonogram2d  # noqa: E402
import nonosat  # noqa: E402
import nonocheck  # noqa: E402
import nonoline  # noqa: E402
import nonoprobe  # noqa: E402
import nonovector  # noqa: E402

SHARED_WEBPBN = ROOT.parent / 'shared' / 'puzzles' / 'webpbn'


def puzzle_paths(arguments):
    """The .non files named on the command line (folders expanded), or the default set."""
    if not arguments:
        folder = SHARED_WEBPBN if SHARED_WEBPBN.is_dir() else None
        if folder:
            return sorted(folder.glob('*.non'))
        return sorted((ROOT / 'puzzles').glob('webpbn-*.non'))
    paths = []
    for argument in arguments:
        path = Path(argument)
        paths += sorted(path.glob('*.non')) if path.is_dir() else [path]
    return paths


def validate(name, rows, cols, grid, time_limit, line_solver, engine_seconds=None):
    """One table row: analyse the puzzle (with its given cells, if any) within the time limit.
    With engine_seconds, lesson 12's race: SAT joins the engine after that head start, and the
    first answer wins (method 'SAT' when SAT answered)."""
    row = {'puzzle': name, 'size': f'{len(rows)}x{len(cols)}'}
    start = time.perf_counter()
    if engine_seconds is not None:
        answer = nonosat.find_solutions(rows, cols, grid, timeout=time_limit,
                                        engine_seconds=engine_seconds)
        status = answer.status if answer.finished else 'limit'
        row.update(verdict=status, method=answer.method or answer.part,
                   nodes=answer.nodes if answer.nodes is not None else '-',
                   probes=answer.probes if answer.probes is not None else '-',
                   line_solves=answer.line_solves if answer.line_solves is not None else '-')
        row['seconds'] = round(time.perf_counter() - start, 3)
        return row
    try:
        verdict = nonoengine.analyse(rows, cols, grid, time_limit=time_limit,
                                     line_solver=line_solver)
        row.update(verdict=verdict.status, method=verdict.method, nodes=verdict.nodes,
                   probes=verdict.probes, line_solves=verdict.line_solves)
    except nonocheck.SearchLimit as limit:
        row.update(verdict='limit', method='-', nodes=limit.nodes, probes='-', line_solves='-')
    row['seconds'] = round(time.perf_counter() - start, 3)
    return row


def read_givens_file(path, puzzle):
    """Givens kept beside a puzzle in NAME.givens (lines 'row column', 0-based; '#' comments),
    as the shared GCHQ puzzle keeps them: a grid with those cells filled, or None if no file."""
    extra = path.with_suffix('.givens')
    if puzzle.givens is not None or not extra.exists():
        return puzzle.givens
    grid = [[None] * puzzle.width for _ in range(puzzle.height)]
    for number, text in enumerate(extra.read_text().splitlines(), 1):
        text = text.split('#')[0].strip()
        if text:
            try:
                r, c = map(int, text.split())
                grid[r][c] = 1
            except (ValueError, IndexError):
                sys.exit(f'{extra}, line {number}: expected "row column" inside the grid, '
                         f'not {text!r}')
    return grid


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('paths', nargs='*', help='.non files or folders (default: webpbn set)')
    parser.add_argument('--time-limit', type=float, default=60.0, help='seconds per puzzle')
    parser.add_argument('--random', type=int, default=20, help='random puzzles to add')
    parser.add_argument('--size', type=int, default=30, help='side of the random pictures')
    parser.add_argument('--density', type=float, default=0.5, help='density of random pictures')
    parser.add_argument('--seed', type=int, default=0, help='seed of the first random picture')
    parser.add_argument('--line-solver', choices=['default', 'teaching'], default='default',
                        help="default: lesson 7's bit-parallel solver; teaching: lesson 2's DP")
    parser.add_argument('--race', '--sat-fallback', action='store_true',
                        help='as the nonogram command does: the engine and SAT (python-sat) in '
                             'a race, SAT joining after --engine-seconds')
    parser.add_argument('--engine-seconds', type=float, default=nonosat.ENGINE_SECONDS)
    parser.add_argument('--csv', type=Path, default=ROOT / 'benchmarks' / 'out' / 'validate.csv')
    args = parser.parse_args(argv)

    line_solver = nonofast.solve_checked
    if args.line_solver == 'teaching':
        line_solver = nonoline.solve_line

    jobs = []
    for path in puzzle_paths(args.paths):
        puzzle = nonofiles.read_puzzle(path)
        jobs.append((path.stem, puzzle.rows, puzzle.cols, read_givens_file(path, puzzle)))
    for k in range(args.random):
        picture = nonoprobe.random_picture(args.size, args.size, args.density, args.seed + k)
        jobs.append((f'random{args.size}-{args.seed + k}', *nonogram2d.pic2gram(picture), None))

    header = ['puzzle', 'size', 'verdict', 'method', 'nodes', 'probes', 'line_solves', 'seconds']
    print(' '.join(f'{h:>12}' for h in header), flush=True)
    table = []
    for name, rows, cols, grid in jobs:
        row = validate(name, rows, cols, grid, args.time_limit, line_solver,
                       args.engine_seconds if args.race else None)
        table.append(row)
        print(' '.join(f'{str(row[h]):>12}' for h in header), flush=True)

    randoms = [row['seconds'] for row in table if row['puzzle'].startswith('random')]
    if randoms:
        print(f'\nrandom {args.size}x{args.size} at density {args.density}: '
              f'{len(randoms)} puzzles, median {statistics.median(randoms):.3f} s, max {max(randoms):.3f} s, '
              f'{sum(s < 1 for s in randoms)} under 1 s')
    others = [row for row in table if not row['puzzle'].startswith('random')]
    if others:
        slowest = max(others, key=lambda row: row['seconds'])
        print(f'named puzzles: {len(others)}, {sum(r["verdict"] == "limit" for r in others)} over '
              f'the limit; slowest {slowest["puzzle"]} {slowest["seconds"]} s')
    args.csv.parent.mkdir(parents=True, exist_ok=True)
    with open(args.csv, 'w', newline='') as out:
        writer = csv.DictWriter(out, fieldnames=header)
        writer.writeheader()
        writer.writerows(table)
    print(f'written {args.csv}')


if __name__ == '__main__':
    main()
