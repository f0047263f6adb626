"""Speed benchmark: line solvers, whole puzzles, memory and ablation (run from the repo root).

    python benchmarks/speed.py                  # everything, ~25 minutes; writes benchmarks/results/
    python benchmarks/speed.py --quick --out /tmp/speed   # a smoke test
    python benchmarks/speed.py --parts validate,random    # only some parts

Parts (every puzzle run is bounded by --time-limit, default 10 s, for the engine and for SAT):
  lines     random 25-cell lines (clue of a random picture at density 0.5, 6 cells known): lines
            per second for seed-style enumeration (newforces(nonovector(...))), lesson 2's DP and
            nonofast, with and without its cache. Writes speed.csv.
  lengths   time per line against line length (10..100 cells, a quarter known). Writes lines.csv.
  validate  two-solution search of every puzzle in ../shared/puzzles (except #12548, #18297,
            #22336 and frans_faase) with lesson 10's engine (nonoengine.analyse, defaults) and with
            SAT (nonosat.sat_solutions: line logic, then CaDiCaL). Writes validate.csv: time,
            nodes, verdict; and a race column: the engine and SAT racing, SAT joining after
            --engine-seconds (0.1 s), as the `nonogram` command does. Personal-use puzzles are read from ../shared only; only their figures
            are written, by name.
  random    seeded random 30x30 puzzles at density 0.5 (200 of them): engine and SAT. random.csv.
  memory    peak memory (VmHWM of /proc/self/status) of a fresh process validating each of the biggest puzzles and
            random 50x50 and 100x100 ones. Writes memory.csv.
  ideas     the engine's ideas added one at a time, in the order lessons 8 to 10 add them: lesson 4's
            engine with lesson 2's and then lesson 7's line solver (nonofast.solve_line, with its
            cache), the undo trail (same line solver, no memo, no skipped probes, guesses by the
            last probe as in lesson 4), the memo, lines kept as bitmasks (nonofast.line_bits_fast),
            skipping unchanged lines, activity (the default); and, for comparison, lesson 4's
            engine with a memo wrapped around its line solver. Same puzzles as ablation. Writes
            ideas.csv.
  ablation  the engine's options one at a time (line solver, memo, queue order, probing, which
            cells are probed again and in what order, choice of the search cell), and lesson 4's
            engine with lesson 7's line solver, on a fixed set of puzzles. Writes ablation.csv.
  colour    lessons 13-14: colour line solvers (DP, bitmasks) in lines per second on random lines of
            25, 50 and 100 cells in 1, 2 and 4 colours, against lesson 7's solver on the same
            pictures in black and white (colour-lines.csv); and colour puzzles through the
            race (nonocolour.find_solutions): the colour files (../shared/puzzles/colour and
            puzzles/*.xml, 10 s each), drawn pictures (discs and bars, 20x20 to 50x50, 3 to 5
            colours with the background, 10 s each) and noise pictures (each cell equally
            likely any colour or the background; and sparse noise, 60% background), 30 s each.
            Writes colour-puzzles.csv.

Everything is seeded, so the same lines and puzzles are measured on every run; only the times
vary. Progress bars (tqdm) go to stderr.
"""
import argparse
import csv
import gc
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import nonocolour  # noqa: E402
import nonofast  # noqa: E402
import nonocheck  # noqa: E402
import nonoline  # noqa: E402
import nonoprobe  # noqa: E402
import nonovector  # noqa: E402

SHARED = Path(os.environ.get('NONOGRAM_BENCH_PUZZLES', ROOT.parent / 'shared' / 'puzzles'))


def progress(items, label):
    """Iterate over items, showing a progress bar on stderr (tqdm, from the [test] extra)."""
    try:
        from tqdm import tqdm
    except ImportError:
        sys.exit('speed.py needs tqdm for its progress bars: python -m pip install -e ".[test]"')
    return tqdm(list(items), desc=label, file=sys.stderr, leave=False)


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
        expected = nonoline.solve_line(blocks, line)
        assert nonofast.solve_line(blocks, line, cache=False) == expected
        assert enumerate_line(blocks, line) == nonovector.line_to_forces(expected)

    def uncached(blocks, line):
        return nonofast.solve_line(blocks, line, cache=False)

    rows = []
    print('timing enumeration ...', file=sys.stderr, flush=True)
    rows.append(('enumeration: newforces(nonovector(...))', len(enum_cases),
                 time_pass(enumerate_line, enum_cases)))
    print('timing lesson 2 ...', file=sys.stderr, flush=True)
    rows.append(('lesson 2 DP: nonoline.solve_line', len(dp_cases),
                 time_pass(nonoline.solve_line, dp_cases, repeats=2)))
    print('timing nonofast ...', file=sys.stderr, flush=True)
    rows.append(('nonofast.solve_line, no cache', len(cases), time_pass(uncached, cases, repeats=3)))
    rows.append(('nonofast.line_bits (bitmasks), no cache', len(cases),
                 time_pass(nonofast.line_bits, bit_cases, repeats=3)))
    rows.append(('nonofast.line_bits_fast (bitmasks), no cache', len(cases),
                 time_pass(nonofast.line_bits_fast, bit_cases, repeats=3)))
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
        solvers = [('lesson2', nonoline.solve_line, cases),
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


# --- whole puzzles ---------------------------------------------------------------------------

EXCLUDED = {'webpbn-12548', 'webpbn-18297', 'webpbn-22336', 'frans_faase'}  # see issue 6
ABLATION_PUZZLES = ['webpbn-00023', 'webpbn-00436', 'webpbn-00803', 'webpbn-01611', 'webpbn-06574',
                    'LalaFrogKK', 'MLP', 'football']
MEMORY_PUZZLES = ['lancaster', 'einstein', 'faase', 'gentleman', 'webpbn-01611', 'webpbn-06574',
                  'webpbn-08098', 'knotty']


def shared_puzzle_paths():
    """(name, path) of every puzzle file in the collection (../shared/puzzles, or --puzzles)
    except the excluded ones."""
    if not SHARED.is_dir():
        return []
    paths = sorted(p for p in SHARED.rglob('*') if p.suffix in ('.non', '.txt')
                   and p.parent.name != 'reference-timings')
    found = []
    for path in paths:
        if path.stem in EXCLUDED:
            continue
        if path.suffix == '.txt':  # the Rosetta file holds puzzles also present one per file
            continue
        found.append((path.stem, path))
    return found


def load(path):
    """(rows, cols, givens) of a puzzle file, read with nonofiles' reader (givens also from a
    NAME.givens file beside it, as the shared GCHQ puzzle keeps them)."""
    import nonofiles
    from validate import read_givens_file
    puzzle = nonofiles.read_puzzle(path)
    return puzzle.rows, puzzle.cols, read_givens_file(path, puzzle)


def engine_run(rows, cols, grid, time_limit, analyse=None, **options):
    """Validate with an engine's analyse (lesson 10's by default): (verdict, method, nodes,
    seconds)."""
    import nonoengine
    import nonogram2d
    analyse = analyse or nonoengine.analyse
    start = time.perf_counter()
    try:
        verdict = analyse(rows, cols, grid, time_limit=time_limit, **options)
        outcome = (verdict.status, verdict.method, verdict.nodes)
    except nonocheck.SearchLimit as limit:
        outcome = ('limit', '-', limit.nodes)
    return (*outcome, time.perf_counter() - start)


SAT_CHILD = '''
import json, sys, time
from itertools import islice
sys.path.insert(0, sys.argv[1])
import nonosat
job = json.load(sys.stdin)
start = time.perf_counter()
found = len(list(islice(nonosat.sat_solutions(job['rows'], job['cols'], job['grid']), 2)))
print(json.dumps({'found': found, 'seconds': time.perf_counter() - start}))
'''


def sat_run(rows, cols, grid, time_limit):
    """Validate by SAT (two-solution search: lesson 11's sat_solutions, line logic first) in a
    child process, killed after time_limit seconds (solvers cannot be interrupted reliably from
    Python). Returns (verdict, seconds); the seconds include building the clauses, not starting
    the interpreter."""
    import subprocess
    job = json.dumps({'rows': rows, 'cols': cols, 'grid': grid})
    try:
        result = subprocess.run([sys.executable, '-c', SAT_CHILD, str(ROOT)], input=job,
                                capture_output=True, text=True, timeout=time_limit + 1)
    except subprocess.TimeoutExpired:
        return 'limit', time_limit
    if result.returncode:
        raise RuntimeError(result.stderr)
    data = json.loads(result.stdout)
    if data['seconds'] > time_limit:
        return 'limit', data['seconds']
    return ['none', 'unique', 'multiple'][data['found']], data['seconds']


def part_validate(args, out):
    """Two-solution search on every shared puzzle, with lesson 10's engine and with SAT."""
    jobs = shared_puzzle_paths()
    if not jobs:
        print(f'validate: {SHARED} is not there; skipped', file=sys.stderr)
        return
    table = []
    for name, path in progress(jobs, 'validate'):
        rows, cols, grid = load(path)
        verdict, method, nodes, seconds = engine_run(rows, cols, grid, args.time_limit)
        sat_verdict, sat_seconds = sat_run(rows, cols, grid, args.time_limit)
        race_verdict, race_by, race_seconds = race_run(rows, cols, grid, args)
        table.append({'puzzle': name, 'folder': path.parent.name, 'size': f'{len(rows)}x{len(cols)}',
                      'cells': len(rows) * len(cols), 'verdict': verdict, 'method': method,
                      'nodes': nodes, 'seconds': f'{seconds:.3f}', 'sat_verdict': sat_verdict,
                      'sat_seconds': f'{sat_seconds:.3f}',
                      'race_verdict': race_verdict, 'race_by': race_by,
                      'race_seconds': f'{race_seconds:.3f}'})
        print(f'  {name:<16} {table[-1]["size"]:>6} {verdict:>8} {method:>8} {nodes:>6} '
              f'{seconds:7.2f} s | SAT {sat_verdict:>8} {sat_seconds:6.2f} s | race '
              f'{race_verdict:>8} {race_seconds:6.2f} s', file=sys.stderr)
    write_csv(out / 'validate.csv', table)
    for column, who in (('verdict', 'the engine'), ('sat_verdict', 'SAT'),
                        ('race_verdict', 'the race of the engine and SAT')):
        over = [r['puzzle'] for r in table if r[column] == 'limit']
        print(f'Validation of {len(table)} shared puzzles by {who}: {len(table) - len(over)} '
              f'within {args.time_limit:g} s; over the limit: {", ".join(over) or "none"}')


def race_run(rows, cols, grid, args):
    """Validate as the `nonogram` command does by default: lesson 12's find_solutions, the
    engine and SAT in a race (SAT joins after --engine-seconds). Returns (verdict, the part that
    answered, total seconds)."""
    import nonosat
    start = time.perf_counter()
    answer = nonosat.find_solutions(rows, cols, grid, timeout=args.time_limit,
                                    engine_seconds=args.engine_seconds)
    verdict = answer.status if answer.finished else 'limit'
    return verdict, answer.part, time.perf_counter() - start


def random_puzzle(rng, height, width, density=0.5):
    """(rows, cols) of a random picture."""
    picture = [[int(rng.random() < density) for _ in range(width)] for _ in range(height)]
    return ([nonovector.line2blocks(row) for row in picture],
            [nonovector.line2blocks(col) for col in zip(*picture)])


def random_jobs(args):
    """The seeded random 30x30 puzzles (density 0.5), as (name, rows, cols)."""
    rng = random.Random(args.seed + 3)
    return [(f'random #{i + 1}', *random_puzzle(rng, 30, 30)) for i in range(args.random_puzzles)]


def part_random(args, out):
    """Random 30x30 puzzles at density 0.5 through the engine (and SAT)."""
    table = []
    for name, rows, cols in progress(random_jobs(args), 'random 30x30'):
        verdict, method, nodes, seconds = engine_run(rows, cols, None, args.time_limit)
        sat_verdict, sat_seconds = sat_run(rows, cols, None, args.time_limit)
        table.append({'puzzle': name, 'verdict': verdict, 'method': method, 'nodes': nodes,
                      'seconds': f'{seconds:.3f}', 'sat_verdict': sat_verdict,
                      'sat_seconds': f'{sat_seconds:.3f}',
                      'root_unknown': root_unknown(rows, cols)})
    write_csv(out / 'random.csv', table)
    times = [float(r['seconds']) for r in table]
    print(f'\nRandom 30x30 (density 0.5, seed {args.seed + 3}, {len(times)} puzzles): median '
          f'{statistics.median(times):.3f} s, max {max(times):.3f} s, over {args.time_limit:g} s: '
          f'{sum(r["verdict"] == "limit" for r in table)}')


def root_unknown(rows, cols):
    """Cells still unknown at the search's root: after line logic and probing, before any guess."""
    import nonoengine
    searcher = nonoengine.Searcher(rows, cols)
    searcher.node(None)
    return searcher.unknown()


MEMORY_CHILD = '''
import json, sys
sys.path.insert(0, sys.argv[1])
import speed
def high_water_kb():  # this process's peak resident memory (Linux; reset by exec, unlike maxrss)
    for text in open('/proc/self/status'):
        if text.startswith('VmHWM:'):
            return int(text.split()[1])
rows, cols, grid = speed.memory_puzzle(sys.argv[2], int(sys.argv[3]))
before = high_water_kb()
verdict, method, nodes, seconds = speed.engine_run(rows, cols, grid, float(sys.argv[4]))
peak = high_water_kb()
print(json.dumps({'verdict': verdict, 'seconds': seconds, 'start_kb': before, 'peak_kb': peak}))
'''


def memory_puzzle(name, seed):
    """A puzzle for the memory part: a shared puzzle by name, or 'random NxN'."""
    if name.startswith('random '):
        side = int(name.split()[1].split('x')[0])
        return (*random_puzzle(random.Random(seed), side, side), None)
    return load(dict(shared_puzzle_paths())[name])


def part_memory(args, out):
    """Peak memory (VmHWM, the high-water resident size) of a fresh process validating each of the biggest puzzles."""
    import subprocess
    names = [n for n in MEMORY_PUZZLES if n in dict(shared_puzzle_paths())]
    names += ['random 50x50', 'random 100x100']
    table = []
    for name in progress(names, 'memory'):
        command = [sys.executable, '-c', MEMORY_CHILD, str(ROOT), name, str(args.seed),
                   str(args.time_limit)]
        env = dict(__import__('os').environ, PYTHONPATH=f'{ROOT}:{ROOT / "benchmarks"}')
        result = subprocess.run(command, capture_output=True, text=True, env=env,
                                timeout=args.time_limit * 3 + 30)
        if result.returncode:
            print(result.stderr, file=sys.stderr)
            continue
        data = json.loads(result.stdout)
        rows, cols, _ = memory_puzzle(name, args.seed)
        table.append({'puzzle': name, 'size': f'{len(rows)}x{len(cols)}', 'verdict': data['verdict'],
                      'seconds': f'{data["seconds"]:.3f}',
                      'start_mb': f'{data["start_kb"] / 1024:.1f}',
                      'peak_mb': f'{data["peak_kb"] / 1024:.1f}'})
        print(f'  {name:<16} peak {table[-1]["peak_mb"]:>7} MB ({data["verdict"]})', file=sys.stderr)
    write_csv(out / 'memory.csv', table)
    print('\nPeak memory of the whole process (VmHWM):',
          ', '.join(f'{r["puzzle"]} {r["peak_mb"]} MB' for r in table))


def ablation_configs():
    """(label, options for analyse) for each variant of the engine: one option changed from the
    default at a time, and lesson 4's engine with lesson 7's line solver."""
    import nonoengine
    import nonogram2d
    return [
        ("lesson 4's engine, nonofast line solver",
         {'analyse': nonoprobe.analyse, 'line_solver': nonofast.solve_line}),
        ("lesson 2's line solver", {'line_solver': nonoline.solve_line}),
        ('nonofast with its cache', {'line_solver': nonofast.solve_line}),
        ('no memo', {'memo_bytes': 0}),
        ('queue: last in, first out', {'next_line': nonoengine.last_in_first_out}),
        ('queue: most changed first', {'next_line': nonoengine.most_changed}),
        ('no probing', {'probing': False}),
        ('probes: skip implied values', {'skip_implied': True}),
        ('probes: again where lines are unchanged', {'skip_unchanged': False}),
        ('probes: nearly solved lines first', {'probe_order': nonoengine.nearly_solved_lines}),
        ('probes: reading order', {'probe_order': nonoengine.reading_order}),
        ('guess: no activity growth', {'activity_growth': 1.0}),
        ('guess: best last probe, no activity', {'choose_guess': nonoengine.best_last_probe}),
        ('guess: reading order', {'choose_guess': nonoengine.first_candidate}),
        ('default', {}),
    ]


def memo_line_solver():
    """A fresh memo around lesson 7's line solver, usable by lesson 4's engine: each (clue,
    line) pair is solved once (unbounded; for the comparison only)."""
    memo = {}

    def solve(clue, line):
        key = (tuple(clue), tuple(line))
        if key not in memo:
            try:
                memo[key] = nonofast.solve_checked(tuple(clue), line)
            except nonovector.Contradiction:
                memo[key] = None
        if memo[key] is None:
            raise nonovector.Contradiction('no layout fits')
        return list(memo[key])
    return solve


def idea_configs():
    """(label, options for engine_run) for each step of lessons 8 to 10, cumulative."""
    import nonoengine
    import nonogram2d
    lesson_4_way = {'skip_unchanged': False, 'choose_guess': nonoengine.best_last_probe,
                     'activity_growth': 1.0}
    return [
        ("lesson 4's engine", {'analyse': nonoprobe.analyse}),
        ("... with lesson 7's line solver", {'analyse': nonoprobe.analyse,
                                              'line_solver': nonofast.solve_line}),
        ('+ undo trail', {**lesson_4_way, 'line_solver': nonofast.solve_line, 'memo_bytes': 0}),
        ('+ memo', {**lesson_4_way, 'line_solver': nonofast.solve_line}),
        ('+ lines as bitmasks, solver called directly', lesson_4_way),
        ('+ skip unchanged lines', {'choose_guess': nonoengine.best_last_probe,
                                    'activity_growth': 1.0}),
        ('+ activity (the default)', {}),
        ("(lesson 4's engine, lesson 7's line solver with a memo)",
         {'analyse': nonoprobe.analyse, 'line_solver': 'memo'}),
    ]


def run_configs(args, configs):
    """Each (label, engine options) of `configs` on the ablation's puzzles: a table of rows.
    The option line_solver='memo' stands for a fresh memo_line_solver() on each puzzle."""
    paths = dict(shared_puzzle_paths())
    jobs = [(name, *load(paths[name])) for name in ABLATION_PUZZLES if name in paths]
    jobs += [(name, rows, cols, None) for name, rows, cols in random_jobs(args)[:args.ablation_random]]
    table = []
    for label, options in configs:
        for name, rows, cols, grid in progress(jobs, label):
            nonofast.cache_clear()
            run_options = dict(options)
            if run_options.get('line_solver') == 'memo':
                run_options['line_solver'] = memo_line_solver()
            verdict, method, nodes, seconds = engine_run(rows, cols, grid, args.time_limit,
                                                         **run_options)
            table.append({'config': label, 'puzzle': name, 'verdict': verdict, 'nodes': nodes,
                          'seconds': f'{seconds:.3f}'})
        done = [float(r['seconds']) for r in table if r['config'] == label]
        print(f'  {label:<34} total {sum(done):7.2f} s', file=sys.stderr)
    return table


def part_ideas(args, out):
    """The ideas of lessons 8 to 10 added one at a time, on the ablation's puzzles."""
    write_csv(out / 'ideas.csv', run_configs(args, idea_configs()))


def part_ablation(args, out):
    """Each option of the engine switched off (or swapped) on its own, on a fixed puzzle set."""
    write_csv(out / 'ablation.csv', run_configs(args, ablation_configs()))


# --- colour ------------------------------------------------------------------------------------

def colour_line_cases(rng, cells, colours, count):
    """Random colour lines: the clue of a random picture (each cell the background or one of
    `colours` colours, equally likely), every cell open; and the same pictures in black and
    white (a cell filled if it has any colour), for lesson 7's solver."""
    cases, bw_cases = [], []
    for _ in range(count):
        picture = [rng.randrange(colours + 1) for _ in range(cells)]
        cases.append((tuple(nonocolour.colour_clue(picture)), [(1 << (colours + 1)) - 1] * cells))
        bw = [length for length, _ in nonocolour.colour_clue([int(c > 0) for c in picture])]
        bw_cases.append((nonofast.checked_clue(bw, cells), (None,) * cells))
    return cases, bw_cases


def drawn_picture(rng, size, colours):
    """A picture as people draw them: overlapping discs and bars of colour on the background."""
    picture = [[0] * size for _ in range(size)]
    for _ in range(rng.randint(4, 10)):
        colour, r0, c0 = rng.randint(1, colours), rng.randrange(size), rng.randrange(size)
        if rng.random() < 0.5:
            radius = rng.randint(2, max(2, size // 4))
            for r in range(size):
                for c in range(size):
                    if (r - r0) ** 2 + (c - c0) ** 2 <= radius * radius:
                        picture[r][c] = colour
        else:
            height, width = rng.randint(1, max(1, size // 3)), rng.randint(2, max(2, size // 2))
            for r in range(r0, min(size, r0 + height)):
                for c in range(c0, min(size, c0 + width)):
                    picture[r][c] = colour
    return picture


def colour_answer(rows, cols, time_limit, **options):
    """The race in colour (nonocolour.find_solutions): (verdict, part, method, seconds)."""
    start = time.perf_counter()
    answer = nonocolour.find_solutions(rows, cols, timeout=time_limit, **options)
    verdict = answer.status if answer.finished else 'limit'
    return verdict, answer.part, answer.method or '-', time.perf_counter() - start


def part_colour(args, out):
    """Colour: line solvers (lines per second, against lesson 7's black-and-white solver on the
    same pictures), and colour puzzles (files, drawn pictures and noise) through the race."""
    import nonocolourfiles
    rng = random.Random(args.seed + 8)
    table = []
    for cells in (25, 50, 100):
        for colours in (1, 2, 4):
            cases, bw_cases = colour_line_cases(rng, cells, colours, args.colour_lines)
            for clue, line in cases[:50]:
                assert tuple(nonocolour.solve_colour_line(list(clue), line)) == \
                    nonocolour.solve_colour_line_fast(clue, line)

            def fast(clue, line):
                nonocolour._cache.clear()
                return nonocolour.solve_colour_line_fast(clue, line)
            dp_cases = [(list(clue), line) for clue, line in cases[:args.colour_lines // 5]]
            dp = len(dp_cases) / time_pass(nonocolour.solve_colour_line, dp_cases, repeats=2)
            bits = len(cases) / time_pass(fast, cases, repeats=3)
            bw = len(bw_cases) / time_pass(nonofast.solve_checked, bw_cases, repeats=3)
            table.append({'cells': cells, 'colours': colours, 'dp_lines_per_second': f'{dp:.0f}',
                          'bitmask_lines_per_second': f'{bits:.0f}',
                          'bw_lines_per_second': f'{bw:.0f}', 'bw_over_bitmask': f'{bw / bits:.2f}'})
            print(f'  {cells:>3} cells, {colours} colour(s): DP {dp:>8,.0f}  bitmasks {bits:>8,.0f}  '
                  f'black and white {bw:>8,.0f} lines/s  (b/w {bw / bits:.2f}x the bitmasks)',
                  file=sys.stderr)
    write_csv(out / 'colour-lines.csv', table)
    jobs = []
    files = sorted((SHARED / 'colour').glob('*.xml')) if (SHARED / 'colour').is_dir() else []
    files += sorted((ROOT / 'puzzles').glob('*.xml'))
    for path in files:
        for puzzle in nonocolourfiles.read_colour_puzzles(path):
            jobs.append((f'file {path.name}', puzzle.rows, puzzle.cols, args.time_limit))
    for size in args.colour_sizes:
        for colours in (2, 3, 4):
            for k in range(args.colour_pictures):
                picture = drawn_picture(rng, size, colours)
                jobs.append((f'drawn {size}x{size} {colours + 1} colours #{k}',
                             *nonocolour.colour_clues(picture), 10.0))
                noise = [[rng.randrange(colours + 1) for _ in range(size)] for _ in range(size)]
                jobs.append((f'noise {size}x{size} {colours + 1} colours #{k}',
                             *nonocolour.colour_clues(noise), 30.0))
                sparse = [[0 if rng.random() < 0.6 else rng.randint(1, colours)
                           for _ in range(size)] for _ in range(size)]
                jobs.append((f'sparse noise {size}x{size} {colours + 1} colours #{k}',
                             *nonocolour.colour_clues(sparse), 30.0))
    results = []
    for name, rows, cols, limit in progress(jobs, 'colour puzzles'):
        verdict, part, method, seconds = colour_answer(rows, cols, limit)
        results.append({'puzzle': name, 'size': f'{len(rows)}x{len(cols)}', 'limit': limit,
                        'verdict': verdict, 'part': part, 'method': method,
                        'seconds': f'{seconds:.3f}'})
    write_csv(out / 'colour-puzzles.csv', results)
    print('\nColour line solvers (lines per second, every cell open, caches emptied):')
    for row in table:
        print(f'  {row["cells"]:>3} cells, {row["colours"]} colour(s): bitmasks '
              f'{int(row["bitmask_lines_per_second"]):>8,}, lesson 7 in black and white '
              f'{int(row["bw_lines_per_second"]):>8,}: {row["bw_over_bitmask"]}x')
    for kind in ('file', 'drawn', 'noise', 'sparse noise'):
        group = [r for r in results if r['puzzle'].startswith(kind)]
        if group:
            over = [r['puzzle'] for r in group if r['verdict'] == 'limit']
            slowest = max(group, key=lambda r: float(r['seconds']))
            print(f'Colour puzzles, {kind}: {len(group) - len(over)} of {len(group)} within their '
                  f'limit; slowest {slowest["puzzle"]} {float(slowest["seconds"]):.2f} s; '
                  f'over: {", ".join(over) or "none"}')


def write_csv(path, table):
    """Write a list of dicts as CSV (columns in the first dict's order)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, 'w', newline='') as file:
        writer = csv.DictWriter(file, fieldnames=list(table[0]))
        writer.writeheader()
        writer.writerows(table)
    print(f'wrote {path}', file=sys.stderr)


PARTS = {'lines': part_lines, 'lengths': part_lengths, 'validate': part_validate, 'random': part_random,
         'memory': part_memory, 'ideas': part_ideas, 'ablation': part_ablation, 'colour': part_colour}


def set_collection(folder):
    """Validate the puzzles of `folder` (its children, the memory part's processes, too)."""
    global SHARED
    SHARED = folder
    os.environ['NONOGRAM_BENCH_PUZZLES'] = str(folder)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--parts', default=','.join(PARTS),
                        help='comma-separated parts to run (default: all)')
    parser.add_argument('--quick', action='store_true', help='fewer lines and puzzles')
    parser.add_argument('--seed', type=int, default=2024)
    parser.add_argument('--out', type=Path, default=ROOT / 'benchmarks' / 'results')
    parser.add_argument('--time-limit', type=float, default=10.0, help='seconds per puzzle (engine and SAT)')
    parser.add_argument('--puzzles', type=Path, default=SHARED,
                        help='the folder of puzzles to validate (default ../shared/puzzles)')
    parser.add_argument('--engine-seconds', type=float, default=None,
                        help='validate part, race column: the head start the engine gets before '
                             'SAT joins (default: lesson 12\'s ENGINE_SECONDS)')
    args = parser.parse_args(argv)
    if args.engine_seconds is None:
        import nonosat
        args.engine_seconds = nonosat.ENGINE_SECONDS
    set_collection(args.puzzles)
    if not SHARED.is_dir() and args.out.resolve() == (ROOT / 'benchmarks' / 'results').resolve():
        parser.error(f'the puzzle collection {SHARED} is not there, so the validate, ideas and '
                     'ablation parts would be partial; the lessons read benchmarks/results, so '
                     'write a partial run elsewhere: --out DIR')
    scale = 10 if args.quick else 1
    args.lines, args.dp_lines, args.enum_lines = 5000 // scale, 1500 // scale, 300 // scale
    args.lengths = [10, 15, 20, 25, 30, 35, 40, 50, 60, 80, 100]
    args.length_lines, args.enum_length_lines, args.enum_max_seconds = 200 // scale, 30 // scale, 0.05
    args.random_puzzles = 200 if not args.quick else 3
    args.ablation_random = 8 if not args.quick else 1
    args.colour_lines = 2000 // scale
    args.colour_sizes, args.colour_pictures = ([20, 30, 50], 4) if not args.quick else ([10], 1)
    for part in args.parts.split(','):
        if part not in PARTS:
            parser.error(f'unknown part {part!r}; choose from {", ".join(PARTS)}')
        PARTS[part](args, args.out)


if __name__ == '__main__':
    main()
