"""Speed benchmark for the line solvers and the SAT backend (run from the repo root).

    python benchmarks/speed.py                 # everything, a few minutes; writes benchmarks/results/
    python benchmarks/speed.py --quick         # fewer lines, for a smoke test (writes to --out)
    python benchmarks/speed.py --parts lines   # only some parts: lines, lengths, sat, puzzles

Parts:
  lines    random 25-cell lines (clue of a random picture at density 0.5, 6 of the picture's cells
           known): lines per second for seed-style enumeration (newforces(nonovector(...))),
           chapter 1's nonovector.solve_line and nonofast's solver, with and without its cache.
           Writes speed.csv (solver, lines, seconds, lines_per_second, ratio to enumeration).
  lengths  time per line against line length (10..100 cells, a quarter of the cells known) for
           enumeration, chapter 1 and nonofast (no cache). Writes lines.csv.
  sat      nonofast.sat_solutions asked for two solutions on Forever (#6574), 9-Dom (#8098) and
           seeded random 30x30 puzzles. Needs python-sat and ../shared/puzzles (skipped without).
           Writes sat.csv. 9-Dom is a personal-use puzzle: it is read from ../shared only.
  puzzles  whole puzzles through chapter 2's nonogram2d.analyse with its default line solver and
           with line_solver=nonofast.solve_line, if nonogram2d is there. Writes puzzles.csv.

Everything is seeded, so the same lines and puzzles are measured on every run; only the times
vary. Progress goes to stderr (with tqdm if it is installed).
"""
import argparse
import csv
import gc
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import nonofast  # noqa: E402
import nonovector  # noqa: E402

SHARED = ROOT.parent / 'shared' / 'puzzles'
try:
    from tqdm import tqdm
except ImportError:  # plain progress messages instead
    tqdm = None


def progress(items, label):
    """Iterate over items, showing progress on stderr."""
    items = list(items)
    if tqdm is not None:
        yield from tqdm(items, desc=label, file=sys.stderr, leave=False)
        return
    step = max(1, len(items) // 10)
    for i, item in enumerate(items):
        if i % step == 0:
            print(f'  {label}: {i}/{len(items)}', file=sys.stderr, flush=True)
        yield item


# --- random lines ------------------------------------------------------------------------------

def random_line(rng, cells, known, density=0.5):
    """(clue, line): the clue of a random picture and a line with `known` of its cells given."""
    picture = [int(rng.random() < density) for _ in range(cells)]
    given = set(rng.sample(range(cells), known))
    return nonovector.line2blocks(picture), [picture[i] if i in given else None for i in range(cells)]


def enumerate_line(blocks, line):
    """The seed-style solver: list every layout that fits, keep what they all share."""
    cells = len(line)
    return nonovector.newforces(nonovector.nonovector(blocks, cells, *nonovector.line_to_forces(line)),
                                cells)


def time_pass(solve, cases, repeats=1):
    """Best time over `repeats` passes of solve(*case) over all cases (garbage collector off)."""
    best = float('inf')
    for _ in range(repeats):
        gc.disable()
        try:
            start = time.perf_counter()
            for case in cases:
                solve(*case)
            best = min(best, time.perf_counter() - start)
        finally:
            gc.enable()
    return best


def part_lines(args, out):
    """Lines per second on random 25-cell lines, every solver in the same run."""
    rng = random.Random(args.seed)
    cases = [random_line(rng, 25, 6) for _ in range(args.lines)]
    bit_cases = [(tuple(nonovector.normalize_clue(b)), 25, *nonofast.line_to_bits(l)) for b, l in cases]
    enum_cases = cases[:args.enum_lines]
    dp_cases = cases[:args.dp_lines]
    for blocks, line in progress(enum_cases, 'agreement'):
        expected = nonovector.solve_line(blocks, line)
        assert nonofast.solve_line(blocks, line, cache=False) == expected
        assert enumerate_line(blocks, line) == nonovector.line_to_forces(expected)

    def uncached(blocks, line):
        return nonofast.solve_line(blocks, line, cache=False)

    rows = []
    print('timing enumeration ...', file=sys.stderr, flush=True)
    rows.append(('enumeration: newforces(nonovector(...))', len(enum_cases),
                 time_pass(enumerate_line, enum_cases)))
    print('timing chapter 1 ...', file=sys.stderr, flush=True)
    rows.append(('chapter 1 DP: nonovector.solve_line', len(dp_cases),
                 time_pass(nonovector.solve_line, dp_cases, repeats=2)))
    print('timing nonofast ...', file=sys.stderr, flush=True)
    rows.append(('nonofast.solve_line, no cache', len(cases), time_pass(uncached, cases, repeats=3)))
    rows.append(('nonofast.line_bits (bitmasks), no cache', len(cases),
                 time_pass(nonofast.line_bits, bit_cases, repeats=3)))
    cold = []
    for _ in range(3):
        nonofast.cache_clear()
        cold.append(time_pass(nonofast.solve_line, cases))
    rows.append(('nonofast.solve_line, cache cold (all misses)', len(cases), min(cold)))
    rows.append(('nonofast.solve_line, cache warm (all hits)', len(cases),
                 time_pass(nonofast.solve_line, cases, repeats=3)))
    nonofast.cache_clear()
    time_pass(nonofast.solve_line_bits, bit_cases)
    rows.append(('nonofast.solve_line_bits, cache warm (all hits)', len(cases),
                 time_pass(nonofast.solve_line_bits, bit_cases, repeats=3)))
    nonofast.cache_clear()
    enum_rate = rows[0][1] / rows[0][2]
    table = [{'solver': name, 'lines': n, 'seconds': f'{seconds:.4f}',
              'lines_per_second': f'{n / seconds:.0f}', 'ratio': f'{n / seconds / enum_rate:.1f}'}
             for name, n, seconds in rows]
    write_csv(out / 'speed.csv', table)
    print(f'\nRandom 25-cell lines (density 0.5, 6 cells known), seed {args.seed}:')
    print(f'{"solver":<50} {"lines":>6} {"lines/s":>10} {"x enum":>8} {"x ch.1":>7}')
    dp_rate = rows[1][1] / rows[1][2]
    for name, n, seconds in rows:
        rate = n / seconds
        print(f'{name:<50} {n:>6} {rate:>10,.0f} {rate / enum_rate:>8,.0f} {rate / dp_rate:>7.1f}')


def part_lengths(args, out):
    """Seconds per line against line length, for the three solvers (no cache)."""
    rng = random.Random(args.seed + 1)
    table = []
    enum_alive = True
    for cells in progress(args.lengths, 'lengths'):
        cases = [random_line(rng, cells, cells // 4) for _ in range(args.length_lines)]
        solvers = [('chapter1', nonovector.solve_line, cases),
                   ('nonofast', lambda b, l: nonofast.solve_line(b, l, cache=False), cases)]
        if enum_alive:
            solvers.insert(0, ('enumeration', enumerate_line, cases[:args.enum_length_lines]))
        for name, solve, some in solvers:
            seconds = time_pass(solve, some, repeats=1 if name == 'enumeration' else 3) / len(some)
            table.append({'solver': name, 'cells': cells, 'lines': len(some),
                          'seconds_per_line': f'{seconds:.3e}'})
            if name == 'enumeration' and seconds > args.enum_max_seconds:
                enum_alive = False  # longer lines would take far too long
    write_csv(out / 'lines.csv', table)
    print('\nSeconds per line by length (a quarter of the cells known):')
    for row in table:
        print(f'  {row["solver"]:<12} {row["cells"]:>4} cells  {float(row["seconds_per_line"]) * 1e6:>12,.1f} us')


# --- puzzles -----------------------------------------------------------------------------------

def read_non(path):
    """(rows, cols) from a .non file: width/height, then 'rows' and 'columns' sections of
    comma-separated clues ('0' or a blank line = empty clue). Other keys are ignored."""
    sizes, sections, current = {}, {'rows': [], 'columns': []}, None
    for number, raw in enumerate(Path(path).read_text().splitlines(), 1):
        text = raw.strip()
        word = text.split(maxsplit=1)[0] if text else ''
        if word in ('width', 'height'):
            sizes[word] = int(text.split()[1])
            current = None
        elif word in sections:
            current = word
        elif current and (not text or text[0].isdigit()):
            if len(sections[current]) < sizes.get('height' if current == 'rows' else 'width', 10 ** 9):
                try:
                    sections[current].append([int(x) for x in text.split(',') if int(x)] if text else [])
                except ValueError:
                    raise ValueError(f'{path}:{number}: bad clue {text!r}') from None
        else:
            current = None
    rows, cols = sections['rows'], sections['columns']
    if len(rows) != sizes.get('height') or len(cols) != sizes.get('width'):
        raise ValueError(f'{path}: expected {sizes.get("height")} rows and {sizes.get("width")} '
                         f'columns, found {len(rows)} and {len(cols)}')
    return rows, cols


def random_puzzle(rng, height, width, density=0.5):
    """(rows, cols) of a random picture."""
    picture = [[int(rng.random() < density) for _ in range(width)] for _ in range(height)]
    return ([nonovector.line2blocks(row) for row in picture],
            [nonovector.line2blocks(col) for col in zip(*picture)])


def shared_puzzles():
    """The named puzzles of the SAT part that are present: (name, path)."""
    wanted = [('Forever (webpbn #6574)', SHARED / 'webpbn' / 'webpbn-06574.non'),
              ('9-Dom (webpbn #8098)', SHARED / 'personal-use' / 'webpbn-08098.non')]
    return [(name, path) for name, path in wanted if path.exists()]


def count_two(solutions):
    """How many solutions a generator gives, stopping at two."""
    found = 0
    for _ in solutions:
        found += 1
        if found == 2:
            break
    return found


def part_sat(args, out):
    """SAT validation (up to two solutions) of the hard named puzzles and random 30x30 ones."""
    try:
        import pysat  # noqa: F401
    except ImportError:
        print('sat: python-sat is not installed; skipped', file=sys.stderr)
        return
    jobs = [(name, *read_non(path)) for name, path in shared_puzzles()]
    rng = random.Random(args.seed + 2)
    jobs += [(f'random 30x30 #{i + 1}', *random_puzzle(rng, 30, 30)) for i in range(args.random_puzzles)]
    table = []
    for name, rows, cols in progress(jobs, 'sat'):
        start = time.perf_counter()
        found = count_two(nonofast.sat_solutions(rows, cols))
        seconds = time.perf_counter() - start
        table.append({'puzzle': name, 'size': f'{len(cols)}x{len(rows)}',
                      'solutions': {0: 'none', 1: 'unique', 2: 'multiple'}[found],
                      'seconds': f'{seconds:.3f}'})
    write_csv(out / 'sat.csv', table)
    print('\nSAT validation (two-solution search):')
    for row in table:
        print(f'  {row["puzzle"]:<26} {row["size"]:>6} {row["solutions"]:>9} {float(row["seconds"]):8.3f} s')
    randoms = [float(r['seconds']) for r in table if r['puzzle'].startswith('random')]
    if randoms:
        print(f'  random 30x30: median {statistics.median(randoms):.3f} s, max {max(randoms):.3f} s')


def part_puzzles(args, out):
    """Whole puzzles through chapter 2's analyse, default line solver against nonofast's."""
    try:
        import nonogram2d
    except ImportError:
        print('puzzles: nonogram2d is not there yet; skipped', file=sys.stderr)
        return
    jobs = []
    for path in sorted((SHARED / 'webpbn').glob('*.non')):
        jobs.append((path.stem, *read_non(path)))
    rng = random.Random(args.seed + 3)
    jobs += [(f'random 30x30 #{i + 1}', *random_puzzle(rng, 30, 30)) for i in range(args.random_puzzles)]
    table = []
    for name, rows, cols in progress(jobs, 'puzzles'):
        row = {'puzzle': name, 'size': f'{len(cols)}x{len(rows)}'}
        for label, extra in (('default', {}), ('nonofast', {'line_solver': nonofast.solve_line})):
            nonofast.cache_clear()
            start = time.perf_counter()
            try:
                verdict = nonogram2d.analyse(rows, cols, time_limit=args.time_limit, **extra)
                row[f'{label}_status'] = verdict.status
            except nonogram2d.SearchLimit:
                row[f'{label}_status'] = 'timeout'
            except TypeError as error:  # an engine without line_solver=
                print(f'puzzles: {error}; skipped', file=sys.stderr)
                return
            row[f'{label}_seconds'] = f'{time.perf_counter() - start:.3f}'
        table.append(row)
    write_csv(out / 'puzzles.csv', table)
    print('\nWhole puzzles (nonogram2d.analyse), default line solver vs nonofast.solve_line:')
    for row in table:
        ratio = float(row['default_seconds']) / max(float(row['nonofast_seconds']), 1e-9)
        print(f'  {row["puzzle"]:<20} {row["size"]:>6} {row["default_status"]:>8} '
              f'{float(row["default_seconds"]):8.3f} s  {row["nonofast_status"]:>8} '
              f'{float(row["nonofast_seconds"]):8.3f} s  x{ratio:.1f}')


def write_csv(path, table):
    """Write a list of dicts as CSV (columns in the first dict's order)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, 'w', newline='') as file:
        writer = csv.DictWriter(file, fieldnames=list(table[0]))
        writer.writeheader()
        writer.writerows(table)
    print(f'wrote {path}', file=sys.stderr)


PARTS = {'lines': part_lines, 'lengths': part_lengths, 'sat': part_sat, 'puzzles': part_puzzles}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--parts', default='lines,lengths,sat,puzzles',
                        help='comma-separated parts to run (default: all)')
    parser.add_argument('--quick', action='store_true', help='fewer lines and puzzles')
    parser.add_argument('--seed', type=int, default=2024)
    parser.add_argument('--out', type=Path, default=ROOT / 'benchmarks' / 'results')
    parser.add_argument('--time-limit', type=float, default=10.0, help='seconds per puzzle (puzzles part)')
    args = parser.parse_args(argv)
    scale = 10 if args.quick else 1
    args.lines, args.dp_lines, args.enum_lines = 5000 // scale, 1500 // scale, 300 // scale
    args.lengths = [10, 15, 20, 25, 30, 35, 40, 50, 60, 80, 100]
    args.length_lines, args.enum_length_lines, args.enum_max_seconds = 200 // scale, 30 // scale, 0.05
    args.random_puzzles = 10 // scale if not args.quick else 2
    for part in args.parts.split(','):
        if part not in PARTS:
            parser.error(f'unknown part {part!r}; choose from {", ".join(PARTS)}')
        PARTS[part](args, args.out)


if __name__ == '__main__':
    main()
