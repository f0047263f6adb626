"""The `nonogram` command as a user meets it: whole processes, timed, on puzzle files.

    python benchmarks/command.py                       # puzzles/ (and ../shared/puzzles if there)
    python benchmarks/command.py --against /tmp/old    # the same runs with another checkout, interleaved
    python benchmarks/command.py --quick --out /tmp/c  # a smoke run: three small puzzles, one repeat

Each puzzle file is solved by `python -m nonocommand FILE --timeout T` in a fresh process, with the
working directory at the checkout, so that checkout's modules are the ones imported. A run is
repeated (--repeats, default 3) and its median wall time kept, with the process's peak resident
memory (ru_maxrss of the child, from os.wait4) and its last line (the verdict). With --against,
every run of this checkout is followed at once by the same run of the other one, so both see the
same machine; the CSV then has both columns, their ratio, and whether the verdict lines and the
exit codes agree. Writes command.csv (or command-against.csv with --against) to --out
(benchmarks/results by default). The children may write Python's bytecode caches (as a user's
Python does; PYTHONDONTWRITEBYTECODE is removed from their environment), and each checkout runs
once before the timing starts, so that start-up is measured as a user meets it after the first
run, not with every module compiled afresh.
"""
import argparse
import csv
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / 'shared' / 'puzzles'
SKIPPED = {'nonogram_problems'}  # the Rosetta file repeats puzzles shipped one per file


def puzzle_files(quick):
    """(name, path) of the puzzles to run: the shipped ones, then the shared collection's."""
    shipped = sorted(p for p in (ROOT / 'puzzles').iterdir() if p.suffix in ('.non', '.txt'))
    if quick:
        return [(p.stem, p) for p in shipped if p.stem in ('webpbn-00001', 'webpbn-00023',
                                                            'pynogram-smile')]
    found = [(p.stem, p) for p in shipped if p.stem not in SKIPPED
             and not p.stem.startswith('rosetta-')]
    if SHARED.is_dir():
        names = {name for name, _ in found}
        for path in sorted(SHARED.rglob('*.non')):
            if path.stem not in names and path.stem not in SKIPPED:
                found.append((f'{path.parent.name}/{path.stem}', path))
    return found


def run_once(checkout, path, timeout):
    """One whole run: (exit code, seconds, peak MB of the child, last line of its output)."""
    env = dict(os.environ, PYTHONPATH=str(checkout), PYTHONHASHSEED='0')
    env.pop('PYTHONDONTWRITEBYTECODE', None)
    with tempfile.TemporaryFile() as out:
        start = time.perf_counter()
        child = subprocess.Popen([sys.executable, '-m', 'nonocommand', str(path),
                                  '--timeout', str(timeout)],
                                 cwd=checkout, env=env, stdout=out, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        lines = out.read().decode(errors='replace').strip().splitlines()
    return child.returncode, seconds, usage.ru_maxrss / 1024, lines[-1] if lines else ''


def measure(checkout, path, args):
    """The median of --repeats runs: (exit code, seconds, peak MB, verdict line)."""
    runs = [run_once(checkout, path, args.timeout) for _ in range(args.repeats)]
    return (runs[0][0], statistics.median(r[1] for r in runs), max(r[2] for r in runs),
            runs[0][3])


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--against', type=Path, metavar='DIR',
                        help='another checkout of the project, run interleaved with this one')
    parser.add_argument('--timeout', type=float, default=20.0, help='--timeout of each run (20 s)')
    parser.add_argument('--repeats', type=int, default=3, help='runs per puzzle (median kept)')
    parser.add_argument('--quick', action='store_true', help='three small puzzles, one repeat')
    parser.add_argument('--out', type=Path, default=ROOT / 'benchmarks' / 'results')
    args = parser.parse_args(argv)
    if args.quick:
        args.repeats = 1
    args.out.mkdir(parents=True, exist_ok=True)
    warm_up = ROOT / 'puzzles' / 'webpbn-00001.non'
    for checkout in [ROOT] + ([args.against.resolve()] if args.against else []):
        run_once(checkout, warm_up, args.timeout)  # writes the bytecode caches
    table = []
    for name, path in puzzle_files(args.quick):
        code, seconds, peak, verdict = measure(ROOT, path, args)
        row = {'puzzle': name, 'exit': code, 'seconds': f'{seconds:.3f}', 'peak_mb': f'{peak:.1f}',
               'verdict': verdict}
        line = f'{name:<34} exit {code} {seconds:7.2f} s {peak:6.1f} MB'
        if args.against:
            old_code, old_seconds, old_peak, old_verdict = measure(args.against.resolve(), path, args)
            same = old_code == code and old_verdict.split(' (')[0] == verdict.split(' (')[0]
            row.update({'other_exit': old_code, 'other_seconds': f'{old_seconds:.3f}',
                        'other_peak_mb': f'{old_peak:.1f}', 'other_verdict': old_verdict,
                        'ratio': f'{seconds / old_seconds:.3f}', 'same_answer': same})
            line += (f' | other exit {old_code} {old_seconds:7.2f} s {old_peak:6.1f} MB'
                     f' | ratio {seconds / old_seconds:5.2f}{"" if same else "  DIFFERENT"}')
        print(line, file=sys.stderr, flush=True)
        table.append(row)
    name = 'command-against.csv' if args.against else 'command.csv'
    with open(args.out / name, 'w', newline='') as file:
        writer = csv.DictWriter(file, fieldnames=list(table[0]))
        writer.writeheader()
        writer.writerows(table)
    if args.against:
        ratios = [float(r['ratio']) for r in table]
        total_new = sum(float(r['seconds']) for r in table)
        total_old = sum(float(r['other_seconds']) for r in table)
        print(f'{len(table)} puzzles: geometric mean of the time ratios '
              f'{statistics.geometric_mean(ratios):.3f}, total {total_new:.1f} s against '
              f'{total_old:.1f} s ({total_new / total_old:.3f}); different answers: '
              f'{sum(not r["same_answer"] for r in table)}')


if __name__ == '__main__':
    main()
