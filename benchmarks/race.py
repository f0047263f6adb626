"""The `nonogram` command's race (engine against SAT), its memory and its start-up, as whole processes.

    python benchmarks/race.py                          # every part; writes benchmarks/results/
    python benchmarks/race.py --quick --out /tmp/race  # a smoke run, about 10 s: three small
                                                       # puzzles of puzzles/, random 10x10 and
                                                       # 20x20, five start-up runs
    python benchmarks/race.py --parts startup          # some parts (modes, startup, encoding, helpers,
                                                       # peers, settle)

Parts:
  modes     every puzzle file of the collection (../shared/puzzles, all .non files in every
            folder but reference-timings; NONOGRAM_BENCH_PUZZLES or --puzzles for another folder,
            none if it is absent) and seeded random pictures (--sizes, default 10x10 to 100x100;
            density 0.5 and 0.6; --seeds of each), written as .non files into a temporary folder,
            each solved by `python -m nonocommand FILE --timeout T` three ways: `--no-sat` (the
            engine alone), the default (the race) and `--sat` (SAT alone, in a child process).
            The three runs of a puzzle are interleaved, so that they see the same machine (their
            order turns by one from puzzle to puzzle); with --repeats N, puzzles whose first round
            took under 10 s are run N times and the median time kept. Per run: exit code, wall
            seconds, the verdict line (the last line on stdout), the part that answered (read
            from the verdict line), and memory three ways:
              tree_peak  the peak resident memory of the whole process tree (the command and
                         every descendant, their RSS summed), sampled every 5 ms with psutil.
                         Sampling can miss a peak shorter than that, such as a SAT process
                         that starts and is killed between two samples.
              hwm, hwm_sum  the largest, and the sum, of each process's own peak (VmHWM, read
                         at each sample): the sum bounds the tree's peak from above and misses
                         only growth in a process's last 5 ms.
              max_rss    ru_maxrss from os.wait4: the largest single process's peak, the
                         descendants the command waited for included. Linux counts in it the
                         memory of the process that started the child (this script, about 20
                         MB, printed in the summary), so values at that floor say only "no
                         more than this".
            And how many descendants were still running a second after the command ended
            (killed then). A sample costs about 0.1 ms (the tree is read from /proc), a few per
            cent of one core. Per puzzle: the faster of the engine alone and SAT alone (over the
            runs that finished, exit 0 or 1), the race's ratio to it, two targets (race <= 1.3 x
            faster + 0.15 s; the race's tree peak <= 50 MB where line logic or probing settled
            the puzzle, else <= the command's 1024 MB budget, MB being 2**20 bytes), and
            whether the modes that finished agree (unique / multiple / none). Writes race.csv
            and prints a summary: how many puzzles meet each target, the worst ratio, the
            largest peak, and the misses by name.
  startup   `python -c pass` against the command on a 1x1 puzzle (.non), whole processes, same
            interpreter (sys.executable) and environment, interleaved, the median of --startup-runs
            (30) each; the difference in ms (target: at most 40 ms) and the ratio. The same for
            each installed `nonogram` script (--installed; default: the one on the PATH), against
            its own interpreter's `-c pass`, without PYTHONPATH, as a user runs it (install one
            with `pip install -e .`, or `pip install .` in a venv). Then `python -X importtime
            -m nonocommand ONE.non`: the 15 modules with the largest cumulative import time (and
            which module imported each), the total, and whether any of xml.etree, argparse,
            matplotlib, nonocolour, nonocolourfiles, PIL or pysat was imported. Writes
            startup.csv and startup-imports.csv.
  encoding  SAT's formula against the grid, for the same puzzles: variables and clauses (and
            literals) per cell for the whole grid (nonoclauses.puzzle_cnf(rows, cols, givens)) and
            after line logic (givens = nonoengine.propagate(rows, cols, givens), whose known
            cells get no variable), with the open cells left, and the memory the race would
            budget for that formula (nonosat's SAT_BASE_BYTES + BYTES_PER_STATE per state)
            against SAT's share in a race (RACE_SAT_BYTES). The clauses are counted line by line
            as nonoclauses.puzzle_lines gives them (puzzle_cnf is their concatenation), so no formula
            is ever held whole; a whole-grid count that passes 150,000 clauses and
            --encoding-seconds (60 s) is stopped and marked so. Writes encoding.csv.
  helpers   SAT's CPU time (lesson 11's sat_solutions, two solutions, in a child process) with
            its helper clauses off, and on with at-most-one pairs where up to 0, 4, 8 or 16
            states are live (8 is lesson 11's HELPER_STATES), on the same puzzles, the settings
            interleaved; --timeout each. Writes sat-helpers.csv and prints the speed-ups over
            the puzzles where SAT without helpers takes 0.2 s or more.

  peers     the command against Jan Wolter's pbnsolve, a solver in C (not shipped: --pbnsolve
            PATH, or $PBNSOLVE, or pbnsolve on the PATH; without one the part is skipped), on
            LalaFrogKK (from the collection) and ten seeded random 30x30 pictures at density 0.5
            (two 10x10 with --quick): `pbnsolve -b -u FILE` (validate: up to two solutions), the
            command (the race, and --no-sat) and a bare `python -c pass`, whole processes,
            interleaved (the order turns by one from puzzle to puzzle), the median of --peer-runs
            (7) each. Per puzzle: the times in ms, each as a ratio to pbnsolve's, and the answers
            (unique / multiple / none, the same in every run, else '?') of pbnsolve and of both
            modes, whether they agree, and the runs that failed (killed, or an exit code that is
            no answer). The summary gives, for each kind of puzzle, the geometric mean of the
            race's and of --no-sat's ratios, the race's against the targets (LalaFrogKK at most
            2 x pbnsolve, random 30x30 at most 10 x), and for comparison that of the bare
            interpreter. Writes peers.csv.
  settle    every puzzle of the modes part, `pbnsolve -b -u FILE` (killed at --settle-seconds,
            60) against the command (the race, --timeout of the same), once each, the two
            interleaved (the order turns from puzzle to puzzle): which puzzles each settles
            (answers unique, multiple or none) within the limit, the target being that the
            command settles every puzzle that pbnsolve settles; and whether their answers agree.
            Where the race does not settle a puzzle, the command with --sat (SAT alone, with
            more memory than the race gives it) has the same limit, its memory sampled.
            pbnsolve as in peers (skipped without it). Writes settle.csv (answers_agree is False
            only where both settled and their answers differ). About half an hour. (nonogrid, a
            solver in Rust, is not measured: it could not be built where these results were
            made.)

The puzzles are as the command reads them (a NAME.givens file beside a .non file is not read, as
the command does not read it). The children run with the working directory at this checkout and
PYTHONPATH pointing to it, PYTHONHASHSEED=0, and may write Python's bytecode caches (one run
before the timing starts writes them). Everything is seeded; only times and memory vary. Progress
bars (tqdm) go to stderr. The machine should be quiet: the race uses two cores.
"""
import argparse
import csv
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SHARED = Path(os.environ.get('NONOGRAM_BENCH_PUZZLES', ROOT.parent / 'shared' / 'puzzles'))
QUICK_PUZZLES = ['webpbn-00001', 'webpbn-00023', 'pynogram-smile']  # shipped in puzzles/
MODES = {'no-sat': ['--no-sat'], 'race': [], 'sat': ['--sat']}
MB = 2 ** 20
SAMPLE_SECONDS = 0.005
RATIO_TARGET, SLACK_SECONDS, STARTUP_TARGET_MS = 1.3, 0.15, 40
BUDGET_MB, SMALL_TREE_MB = 1024, 50  # the command's --memory; the tree where the engine settles
# by line logic or probing alone
WATCHED = ['xml.etree', 'argparse', 'matplotlib', 'nonocolour', 'nonocolourfiles', 'PIL', 'pysat']
BIG_FORMULA = 150_000  # clauses: past this, a slow whole-grid count may be stopped

from speed import progress, write_csv  # noqa: E402  (benchmarks/ is this script's folder)


# --- the puzzles -------------------------------------------------------------------------------

def collection_files(folder, quick):
    """(name, path) of the puzzles to run: every .non file under `folder` but reference-timings
    (none if it is absent); with `quick`, three small puzzles shipped in puzzles/ instead."""
    if quick:
        return [(name, ROOT / 'puzzles' / f'{name}.non') for name in QUICK_PUZZLES]
    if not folder.is_dir():
        return []
    return [(path.relative_to(folder).with_suffix('').as_posix(), path)
            for path in sorted(folder.rglob('*.non'))
            if 'reference-timings' not in path.relative_to(folder).parts]


def random_picture(size, density, seed):
    """A seeded random size x size picture (rows of 0/1), each cell filled with `density`."""
    rng = random.Random(f'race {size} {density} {seed}')
    return [[int(rng.random() < density) for _ in range(size)] for _ in range(size)]


def random_file(folder, size, density, seed, goal=True):
    """(name, path) of a seeded random picture's puzzle, written as a .non file into `folder`
    (with the picture as its goal line, unless not `goal`: some builds of pbnsolve cannot read a
    goal grid)."""
    import nonofiles
    name = f'random-{size}x{size}-d{density}-s{seed}'
    puzzle = nonofiles.picture_puzzle(random_picture(size, density, seed), title=name)
    if not goal:
        puzzle = nonofiles.Puzzle(puzzle.rows, puzzle.cols, {'title': name})
    return name, nonofiles.write_puzzle(puzzle, folder / f'{name}.non')


def random_files(args, folder, goal=True):
    """(name, path) of the random puzzles of a run, written into `folder` (random_file)."""
    return [random_file(folder, size, density, seed, goal)
            for size in args.sizes for density in args.densities
            for seed in range(args.seed, args.seed + args.seeds)]


def puzzle_files(args, folder, goal=True):
    """Every puzzle of a run: the collection's (or the quick ones), then the random ones (with
    their goal line unless not `goal`)."""
    return collection_files(args.puzzles, args.quick) + random_files(args, folder, goal)


# --- a whole process tree, timed and sampled ---------------------------------------------------

def child_environment():
    """The environment of every child: this checkout first on the path, fixed hash seed,
    bytecode caches allowed (as a user's Python has them)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONHASHSEED='0')
    env.pop('PYTHONDONTWRITEBYTECODE', None)
    return env


def proc_children_works():
    """Does this system list a thread's children in /proc (Linux, CONFIG_PROC_CHILDREN)?"""
    return Path(f'/proc/{os.getpid()}/task/{os.getpid()}/children').exists()


def tree_pids(pid, fast=proc_children_works()):
    """The process `pid` and all its descendants. From /proc/PID/task/TID/children (a tenth of
    a millisecond), else psutil's scan of every process (over a millisecond: the sampler would
    take a real share of a core from the processes it measures)."""
    if not fast:
        import psutil
        try:
            return [pid] + [p.pid for p in psutil.Process(pid).children(recursive=True)]
        except psutil.Error:
            return [pid]
    found, todo = [], [pid]
    while todo:
        here = todo.pop()
        found.append(here)
        try:
            for thread in os.listdir(f'/proc/{here}/task'):
                with open(f'/proc/{here}/task/{thread}/children') as file:
                    todo.extend(int(child) for child in file.read().split())
        except OSError:  # gone meanwhile
            pass
    return found


class TreeSampler(threading.Thread):
    """Samples the summed RSS of a process tree every SAMPLE_SECONDS until stopped; kills the
    tree if it runs past `kill_after` seconds (a hang, not a measurement)."""

    def __init__(self, pid, kill_after):
        super().__init__(daemon=True)
        self.pid, self.kill_after, self.start_time = pid, kill_after, time.perf_counter()
        self.done = threading.Event()
        self.processes = {}  # pid -> psutil.Process, every process seen in the tree
        self.high_water = {}  # pid -> its peak RSS since its exec (VmHWM), as last read
        self.peak, self.killed = 0, False

    def run(self):
        import psutil
        while True:
            total = 0
            for pid in tree_pids(self.pid):
                try:
                    if pid not in self.processes:
                        self.processes[pid] = psutil.Process(pid)
                    total += self.processes[pid].memory_info().rss
                    self.high_water[pid] = max(self.high_water.get(pid, 0), high_water(pid))
                except (psutil.Error, OSError):
                    pass
            self.peak = max(self.peak, total)
            if not self.killed and time.perf_counter() - self.start_time > self.kill_after:
                self.killed = True
                for process in self.processes.values():
                    kill(process)
            if self.done.wait(SAMPLE_SECONDS):
                return

    def stragglers(self, grace=1.0):
        """How many descendants outlived the command by `grace` seconds (they are killed)."""
        import psutil
        left = [p for pid, p in self.processes.items() if pid != self.pid]
        deadline = time.perf_counter() + grace
        while True:
            left = [p for p in left if alive(p)]
            if not left or time.perf_counter() > deadline:
                break
            time.sleep(0.02)
        for process in left:
            kill(process)
        psutil.wait_procs(left, timeout=1)
        return len(left)


def high_water(pid):
    """The peak RSS of process `pid` since its last exec, in bytes (VmHWM of /proc/PID/status;
    0 where there is no such file)."""
    try:
        with open(f'/proc/{pid}/status') as file:
            for line in file:
                if line.startswith('VmHWM:'):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def alive(process):
    """Is this psutil.Process still running (and not a zombie)?"""
    import psutil
    try:
        return process.is_running() and process.status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False


def kill(process):
    """SIGKILL one process of a tree this script started (if it is still that process)."""
    import psutil
    try:
        process.send_signal(signal.SIGKILL)  # psutil checks the pid was not reused
    except psutil.Error:
        pass


def run_tree(argv, kill_after):
    """Run argv as a whole process: (exit code, wall seconds, tree peak MB, ru_maxrss MB, last
    line of stdout (of stderr if stdout is empty), stragglers, largest VmHWM MB, sum of VmHWMs
    MB)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        child = subprocess.Popen(argv, cwd=ROOT, env=child_environment(), stdout=out, stderr=err,
                                 stdin=subprocess.DEVNULL)
        sampler = TreeSampler(child.pid, kill_after)
        sampler.start()
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - start
        sampler.done.set()
        sampler.join()
        child.returncode = code = os.waitstatus_to_exitcode(status)
        stray = sampler.stragglers()
        lines = []
        for stream in (out, err):
            stream.seek(0)
            lines = lines or stream.read().decode(errors='replace').strip().splitlines()
    if sampler.killed:
        code = 'killed'
    marks = sampler.high_water.values()
    return (code, seconds, sampler.peak / MB, usage.ru_maxrss * 1024 / MB,
            lines[-1] if lines else '', stray, max(marks, default=0) / MB, sum(marks) / MB)


def timed_run(argv, timeout=None, env=None):
    """(wall seconds, exit code, stdout, stderr) of one whole process, without sampling its
    memory; a run past `timeout` seconds is killed (exit code 'killed'). `env`: its environment
    (None: child_environment())."""
    start = time.perf_counter()
    try:
        result = subprocess.run(argv, cwd=ROOT, env=env or child_environment(),
                                stdin=subprocess.DEVNULL,
                                capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return time.perf_counter() - start, 'killed', '', ''
    return time.perf_counter() - start, result.returncode, result.stdout, result.stderr


# --- part 1: the three modes -------------------------------------------------------------------

def answering_part(code, verdict):
    """Which part answered, read from the verdict line: 'SAT (racing)', 'SAT', 'engine', or
    'gave up' / 'error' / 'killed'."""
    if code == 'killed':
        return 'killed'
    if code == 3 or verdict.startswith('gave up'):
        return 'gave up'
    if code not in (0, 1):
        return 'error'
    if 'SAT, racing the engine' in verdict:
        return 'SAT (racing)'
    if 'found by SAT' in verdict or verdict.endswith('(SAT)'):
        return 'SAT'
    return 'engine'


def answer_status(code, verdict):
    """'unique', 'multiple' or 'none' from a finished run's verdict line, else ''."""
    if code not in (0, 1):
        return ''
    for words, status in (('unique', 'unique'), ('multiple', 'multiple'), ('no solution', 'none')):
        if verdict.startswith(words):
            return status
    return '?'


def run_mode(path, mode, args):
    """One run of the command on `path` in `mode` (a key of MODES)."""
    argv = [sys.executable, '-m', 'nonocommand', str(path), '--timeout', f'{args.timeout:g}',
            *MODES[mode]]
    return run_tree(argv, kill_after=args.timeout + max(10.0, args.timeout))


def measure_puzzle(index, path, args):
    """The three modes on one puzzle, interleaved: {mode: runs}, each run a tuple of run_tree."""
    order = list(MODES)[index % 3:] + list(MODES)[:index % 3]
    runs = {mode: [] for mode in MODES}
    for round_number in range(args.repeats):
        if round_number == 1 and sum(r[1] for mode in runs for r in runs[mode]) > 10:
            break  # a slow puzzle: one round is enough
        for mode in order:
            runs[mode].append(run_mode(path, mode, args))
    return runs


def mode_columns(mode, runs):
    """The CSV columns of one mode: the median run's code, verdict and part; median seconds;
    the largest peaks over the runs."""
    middle = sorted(runs, key=lambda run: run[1])[(len(runs) - 1) // 2]
    code, verdict = middle[0], middle[4]
    return {f'{mode}_exit': code, f'{mode}_seconds': f'{statistics.median(r[1] for r in runs):.3f}',
            f'{mode}_part': answering_part(code, verdict),
            f'{mode}_tree_peak_mb': f'{max(r[2] for r in runs):.1f}',
            f'{mode}_max_rss_mb': f'{max(r[3] for r in runs):.1f}',
            f'{mode}_hwm_mb': f'{max(r[6] for r in runs):.1f}',
            f'{mode}_hwm_sum_mb': f'{max(r[7] for r in runs):.1f}',
            f'{mode}_stragglers': sum(r[5] for r in runs), f'{mode}_verdict': verdict}


def puzzle_row(name, path, runs):
    """One row of race.csv: the three modes side by side, the faster of the two parts alone, the
    race's ratio to it, and the two targets."""
    import nonofiles
    puzzle = nonofiles.read_puzzle(path)
    row = {'puzzle': name, 'size': f'{puzzle.height}x{puzzle.width}', 'runs': len(runs['race'])}
    for mode in MODES:
        row.update(mode_columns(mode, runs[mode]))
    finished = [float(row[f'{mode}_seconds']) for mode in ('no-sat', 'sat')
                if row[f'{mode}_exit'] in (0, 1)]
    race = float(row['race_seconds']) if row['race_exit'] in (0, 1) else None
    faster = min(finished) if finished else None
    statuses = {answer_status(row[f'{mode}_exit'], row[f'{mode}_verdict']) for mode in MODES} - {''}
    row.update({
        'faster_seconds': '' if faster is None else f'{faster:.3f}',
        'ratio': '' if faster is None or race is None else f'{race / faster:.3f}',
        # nobody answered: no target to miss; the race alone answered: it met it
        'time_ok': ('' if faster is None and race is None else
                    race is not None and (faster is None
                                          or race <= RATIO_TARGET * faster + SLACK_SECONDS)),
        'memory_ok': float(row['race_tree_peak_mb']) <= memory_target(row['race_verdict']),
        'answers_agree': len(statuses) <= 1})
    return row


def memory_target(verdict):
    """The race's tree peak target in MB: SMALL_TREE_MB where its verdict says that line logic or
    probing settled the puzzle, else the command's budget, BUDGET_MB."""
    easy = 'line logic' in verdict or 'needs probing' in verdict
    return SMALL_TREE_MB if easy else BUDGET_MB


def own_rss_mb():
    """This script's own peak resident memory, the floor of its children's ru_maxrss."""
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def part_modes(args, out):
    """The command three ways on every puzzle; race.csv and a summary of the targets."""
    with tempfile.TemporaryDirectory() as folder:
        puzzles = puzzle_files(args, Path(folder))
        if not puzzles:
            print('modes: no puzzles to run', file=sys.stderr)
            return
        run_mode(puzzles[0][1], 'race', args)  # writes the bytecode caches
        table = []
        for index, (name, path) in enumerate(progress(puzzles, 'modes')):
            table.append(puzzle_row(name, path, measure_puzzle(index, path, args)))
    write_csv(out / 'race.csv', table)
    print_modes_summary(table)


def print_modes_summary(table):
    """How many puzzles meet each target, the worst ratio, the largest peak, the misses."""
    timed = [row for row in table if row['time_ok'] != '']
    slow = [row['puzzle'] for row in timed if not row['time_ok']]
    heavy = [row['puzzle'] for row in table if not row['memory_ok']]
    print(f'\nThe race against the faster of engine alone and SAT alone, {len(table)} puzzles:')
    print(f'{"puzzle":<36} {"no-sat":>8} {"race":>8} {"sat":>8} {"ratio":>6} {"race part":<13}'
          f' {"race MB: tree":>13} {"hwm sum":>7} {"rss":>5}')
    for row in table:
        print(f'{row["puzzle"]:<36} ' + ' '.join(
            f'{row[f"{mode}_seconds"] if row[f"{mode}_exit"] in (0, 1) else row[f"{mode}_part"]:>8}'
            for mode in MODES) + f' {row["ratio"] or "-":>6} {row["race_part"]:<13}'
            f' {row["race_tree_peak_mb"]:>13} {row["race_hwm_sum_mb"]:>7} {row["race_max_rss_mb"]:>5}')
    ratios = [(float(row['ratio']), row['puzzle']) for row in table if row['ratio']]
    peak = max(table, key=lambda row: float(row['race_tree_peak_mb']))
    print(f'time target (race <= {RATIO_TARGET} x faster + {SLACK_SECONDS} s): '
          f'{len(timed) - len(slow)} of {len(timed)} puzzles that some mode answered'
          + (f'; worst ratio {max(ratios)[0]:.2f} ({max(ratios)[1]})' if ratios else ''))
    print(f'memory target (race tree peak <= {SMALL_TREE_MB} MB where line logic or probing '
          f'settled, else <= {BUDGET_MB} MB): {len(table) - len(heavy)} of '
          f'{len(table)}; largest {float(peak["race_tree_peak_mb"]):.1f} MB ({peak["puzzle"]})')
    print(f'missed the time target: {", ".join(slow) or "none"}')
    print(f'missed the memory target: {", ".join(heavy) or "none"}')
    print(f'(rss is ru_maxrss, which counts this script\'s own {own_rss_mb():.1f} MB as a floor)')
    disagree = [row['puzzle'] for row in table if not row['answers_agree']]
    stray = [row['puzzle'] for row in table if any(row[f'{m}_stragglers'] for m in MODES)]
    if disagree:
        print(f'DIFFERENT ANSWERS between modes: {", ".join(disagree)}')
    if stray:
        print(f'processes left running after the command ended: {", ".join(stray)}')


# --- part 2: start-up --------------------------------------------------------------------------

ONE_BY_ONE = 'width 1\nheight 1\n\nrows\n1\n\ncolumns\n1\n'


def wall_seconds(argv, env=None):
    """Wall seconds of one whole process (in the environment `env`, by default
    child_environment()); it must succeed."""
    seconds, code, _, stderr = timed_run(argv, env=env)
    if code != 0:
        sys.exit(f'{" ".join(argv)} failed (exit {code}): {stderr[-500:]}')
    return seconds


def import_times(stderr):
    """{module: (self us, cumulative us, imported by)} from the lines of python -X importtime,
    which lists a module after the modules it imports, indented one step deeper than it; a
    module at the top level was imported by the program itself ('-')."""
    lines = []
    for line in stderr.splitlines():
        if line.startswith('import time:') and '|' in line and 'imported package' not in line:
            own, cumulative, module = line[len('import time:'):].split('|')
            depth = len(module) - len(module.lstrip()) - 1
            lines.append((module.strip(), int(own), int(cumulative), depth))
    found = {}
    for k, (module, own, cumulative, depth) in enumerate(lines):
        parent = next((other for other, _, _, d in lines[k + 1:] if d < depth), '(main)')
        found.setdefault(module, (own, cumulative, parent))
    return found


def was_imported(name, modules):
    """Was module `name` (or one of its submodules) imported?"""
    return any(module == name or module.startswith(name + '.') for module in modules)


def installed_interpreter(script):
    """The Python that an installed console script (such as `nonogram`) runs: its #! line."""
    with open(script, 'rb') as file:
        first = file.readline().decode(errors='replace').strip()
    if not first.startswith('#!'):
        sys.exit(f'{script} does not start with #!: not an installed console script')
    return first[2:].split()[0]


def install_kind(python, env):
    """'pip install -e .' if the interpreter `python` imports nonocommand from a checkout (an
    editable install), else 'pip install .' (a copy in its site-packages)."""
    where = subprocess.run([python, '-c', 'import nonocommand; print(nonocommand.__file__)'],
                           cwd='/', env=env, capture_output=True, text=True)
    if where.returncode != 0:
        sys.exit(f'{python} cannot import nonocommand: {where.stderr[-300:]}')
    return 'pip install .' if 'site-packages' in where.stdout else 'pip install -e .'


def startup_pair(nothing, command, label, runs, env):
    """Rows of startup.csv for `nothing` (python -c pass) against `command` (on a 1x1 puzzle),
    interleaved, `runs` of each, in the environment `env`: both medians, their difference (with
    the target) and the ratio of the command's median to python's."""
    wall_seconds(command, env)  # writes the bytecode caches
    times = {'python -c pass': [], label: []}
    for k in progress(range(runs), f'start-up ({label})'):
        pair = [(nothing, 'python -c pass'), (command, label)]
        for argv, what in pair[::1 if k % 2 else -1]:
            times[what].append(wall_seconds(argv, env))
    table = [{'what': what, 'runs': len(seconds),
              'median_ms': f'{statistics.median(seconds) * 1000:.1f}',
              'min_ms': f'{min(seconds) * 1000:.1f}', 'max_ms': f'{max(seconds) * 1000:.1f}',
              'target_ms': '', 'meets_target': '', 'ratio': ''} for what, seconds in times.items()]
    medians = [statistics.median(seconds) * 1000 for seconds in times.values()]
    difference = medians[1] - medians[0]
    table.append({'what': f'difference ({label} - python)', 'runs': '',
                  'median_ms': f'{difference:.1f}', 'min_ms': '', 'max_ms': '',
                  'target_ms': STARTUP_TARGET_MS, 'meets_target': difference <= STARTUP_TARGET_MS,
                  'ratio': f'{medians[1] / medians[0]:.2f}'})
    print(f'\nStart-up, median of {runs} runs each: python -c pass {medians[0]:.1f} ms, '
          f'{label} {medians[1]:.1f} ms, difference {difference:.1f} ms, ratio '
          f'{medians[1] / medians[0]:.2f} (target at most {STARTUP_TARGET_MS} ms more: '
          f'{"met" if difference <= STARTUP_TARGET_MS else "MISSED"})')
    return table


def part_startup(args, out):
    """Python doing nothing against the command on a 1x1 puzzle, run as `python -m nonocommand`
    from this checkout and as each installed `nonogram` (--installed); what the command imports."""
    with tempfile.TemporaryDirectory() as folder:
        one = Path(folder) / 'one.non'
        one.write_text(ONE_BY_ONE)
        command = [sys.executable, '-m', 'nonocommand', str(one)]
        table = startup_pair([sys.executable, '-c', 'pass'], command,
                             'python -m nonocommand one.non (1x1)', args.startup_runs,
                             child_environment())
        user = {key: value for key, value in os.environ.items() if key != 'PYTHONPATH'}
        for script in args.installed:  # as a user runs it: no PYTHONPATH, the installed modules
            python = installed_interpreter(script)
            table += startup_pair([python, '-c', 'pass'], [script, str(one)],
                                  f'nonogram one.non (1x1, {install_kind(python, user)})',
                                  args.startup_runs, user)
        traced = subprocess.run([sys.executable, '-X', 'importtime', *command[1:]], cwd=ROOT,
                                env=child_environment(), capture_output=True, text=True)
    write_csv(out / 'startup.csv', table)
    modules = import_times(traced.stderr)
    top = sorted(modules.items(), key=lambda item: -item[1][1])[:15]
    imports = [{'module': name, 'rank': k, 'cumulative_ms': f'{cumulative / 1000:.1f}',
                'self_ms': f'{own / 1000:.1f}', 'imported_by': parent,
                'watched': name in WATCHED, 'imported': True}
               for k, (name, (own, cumulative, parent)) in enumerate(top, 1)]
    for name in WATCHED:
        if name not in dict(top):
            own, cumulative, parent = modules.get(name, ('', '', ''))
            imports.append({'module': name, 'rank': '', 'watched': True,
                            'cumulative_ms': own and f'{cumulative / 1000:.1f}',
                            'self_ms': own and f'{own / 1000:.1f}', 'imported_by': parent,
                            'imported': was_imported(name, modules)})
    total = sum(own for own, _, _ in modules.values())
    imports.append({'module': f'TOTAL ({len(modules)} modules)', 'rank': '', 'watched': '',
                    'cumulative_ms': f'{total / 1000:.1f}', 'self_ms': '', 'imported_by': '',
                    'imported': ''})
    write_csv(out / 'startup-imports.csv', imports)
    print(f'imports (python -X importtime): {len(modules)} modules, {total / 1000:.1f} ms of '
          'import time in all; the largest by cumulative time:')
    for name, (own, cumulative, parent) in top:
        print(f'  {name:<40} {cumulative / 1000:7.1f} ms  (own {own / 1000:.1f} ms; '
              f'imported by {parent})')
    watched = [f'{name} (by {modules[name][2] if name in modules else "?"})'
               for name in WATCHED if was_imported(name, modules)]
    print(f'watched modules imported: {", ".join(watched) or "none"} '
          '(a .non file should need none but argparse)')


# --- part 3: SAT's formula ---------------------------------------------------------------------

def formula_size(rows, cols, grid, stop_seconds=None):
    """(variables, clauses, literals, seconds, note) of nonosat.puzzle_cnf(rows, cols, grid),
    counted line by line. With stop_seconds, a count past BIG_FORMULA clauses that takes longer
    stops: variables, clauses and literals are then None and the note says how far it got."""
    import nonosat
    start = time.perf_counter()
    _, lines, numbers = nonosat.puzzle_lines(rows, cols, grid)
    clauses = literals = 0
    for k, line in enumerate(lines, 1):
        clauses += len(line)
        literals += sum(map(len, line))
        seconds = time.perf_counter() - start
        if stop_seconds is not None and clauses > BIG_FORMULA and seconds > stop_seconds:
            return (None, None, None, seconds, f'stopped after {seconds:.0f} s: {clauses} clauses '
                    f'in the first {k} of {len(rows) + len(cols)} lines')
    return next(numbers) - 1, clauses, literals, time.perf_counter() - start, ''


def encoding_row(name, path, args):
    """One row of encoding.csv."""
    import nonoengine
    import nonofiles
    import nonosat
    from nonovector import Contradiction
    puzzle = nonofiles.read_puzzle(path)
    rows, cols, givens = puzzle.rows, puzzle.cols, puzzle.givens
    cells = len(rows) * len(cols)
    row = {'puzzle': name, 'size': f'{len(rows)}x{len(cols)}', 'cells': cells}
    variables, clauses, literals, seconds, note = formula_size(rows, cols, givens,
                                                               args.encoding_seconds)
    row.update({'whole_variables': variables, 'whole_clauses': clauses, 'whole_literals': literals,
                'whole_variables_per_cell': '' if variables is None else f'{variables / cells:.1f}',
                'whole_clauses_per_cell': '' if clauses is None else f'{clauses / cells:.1f}',
                'whole_seconds': f'{seconds:.2f}', 'whole_note': note})
    start = time.perf_counter()
    try:
        known = nonoengine.propagate(rows, cols, givens)
    except Contradiction:
        row.update({'line_logic_seconds': f'{time.perf_counter() - start:.2f}',
                    'open_cells': '', 'note': 'line logic finds a contradiction: no formula'})
        return row
    line_seconds = time.perf_counter() - start
    open_cells = sum(cell is None for line in known for cell in line)
    variables, clauses, literals, seconds, _ = formula_size(rows, cols, known)
    estimate = nonosat.SAT_BASE_BYTES + nonosat.BYTES_PER_STATE * (variables - open_cells)
    row.update({'line_logic_seconds': f'{line_seconds:.2f}', 'open_cells': open_cells,
                'after_variables': variables, 'after_clauses': clauses,
                'after_literals': literals,
                'after_variables_per_cell': f'{variables / cells:.1f}',
                'after_clauses_per_cell': f'{clauses / cells:.1f}',
                'after_clauses_per_open_cell': f'{clauses / open_cells:.1f}' if open_cells else '',
                'after_seconds': f'{seconds:.2f}',
                'sat_budget_mb': f'{estimate / MB:.1f}',
                'fits_race_share': estimate <= nonosat.RACE_SAT_BYTES, 'note': ''})
    return row


ENCODING_COLUMNS = ['line_logic_seconds', 'open_cells', 'after_variables', 'after_clauses',
                    'after_literals', 'after_variables_per_cell', 'after_clauses_per_cell',
                    'after_clauses_per_open_cell', 'after_seconds', 'sat_budget_mb',
                    'fits_race_share', 'note']


def part_encoding(args, out):
    """SAT's formula size, whole grid and after line logic, for every puzzle."""
    with tempfile.TemporaryDirectory() as folder:
        table = [encoding_row(name, path, args)
                 for name, path in progress(puzzle_files(args, Path(folder)), 'encoding')]
    if not table:
        print('encoding: no puzzles to count', file=sys.stderr)
        return
    for row in table:  # the same columns in every row, contradictions included
        for column in ENCODING_COLUMNS:
            row.setdefault(column, '')
    write_csv(out / 'encoding.csv', table)
    import nonosat
    print(f'\nSAT\'s formula, whole grid and after line logic (race share '
          f'{nonosat.RACE_SAT_BYTES / MB:.0f} MB):')
    print(f'{"puzzle":<36} {"cells":>6} {"clauses/cell":>12} {"open":>6} {"after":>9} '
          f'{"budget MB":>9} fits')
    for row in table:
        print(f'{row["puzzle"]:<36} {row["cells"]:>6} {row["whole_clauses_per_cell"] or "-":>12} '
              f'{row["open_cells"]:>6} {row["after_clauses_per_cell"] or "-":>9} '
              f'{row["sat_budget_mb"] or "-":>9} {row["fits_race_share"]}')


# --- part 4: the helper clauses ----------------------------------------------------------------

HELPERS_CHILD = '''
import json, sys, time
from itertools import islice
sys.path.insert(0, sys.argv[1])
import nonoclauses, nonofiles
setting = sys.argv[3]
helper_clauses = nonoclauses.helper_clauses
if setting == 'off':
    nonoclauses.helper_clauses = lambda *args, **options: []
else:
    nonoclauses.helper_clauses = lambda *args, **options: helper_clauses(*args, most_pairs=int(setting))
puzzle = nonofiles.read_puzzle(sys.argv[2])
start = time.process_time()
found = len(list(islice(nonoclauses.sat_solutions(puzzle.rows, puzzle.cols, puzzle.givens), 2)))
print(json.dumps({'found': found, 'seconds': time.process_time() - start}))
'''
HELPER_SETTINGS = ['off', '0', '4', '8', '16']  # no helpers; at-most-one pairs up to N live states


def helpers_run(path, setting, timeout):
    """CPU seconds of SAT (two solutions, line logic first) with the helper clauses `setting`,
    in a child process; None over the timeout (wall seconds)."""
    import json
    try:
        result = subprocess.run([sys.executable, '-c', HELPERS_CHILD, str(ROOT), str(path), setting],
                                capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, None
    if result.returncode:
        raise RuntimeError(result.stderr[-2000:])
    data = json.loads(result.stdout)
    return data['seconds'], ['none', 'unique', 'multiple'][data['found']]


def part_helpers(args, out):
    """SAT's CPU time with and without lesson 11's helper clauses (and with at-most-one pairs up
    to 0, 4, 8 and 16 live states), on every puzzle; the settings interleaved per puzzle."""
    settings = ['off', '8'] if args.quick else HELPER_SETTINGS
    table = []
    with tempfile.TemporaryDirectory() as folder:
        for name, path in progress(puzzle_files(args, Path(folder)), 'helpers'):
            row = {'puzzle': name}
            verdicts = set()
            for setting in settings:
                seconds, verdict = helpers_run(path, setting, args.timeout)
                row[f'seconds_{setting}'] = '' if seconds is None else f'{seconds:.3f}'
                verdicts.add(verdict)
            row['same_answer'] = len(verdicts - {None}) <= 1
            table.append(row)
    if not table:
        print('helpers: no puzzles', file=sys.stderr)
        return
    write_csv(out / 'sat-helpers.csv', table)
    hard = [row for row in table if row['seconds_off'] and float(row['seconds_off']) >= 0.2]
    print(f'\nSAT with helper clauses against without, CPU time ({len(hard)} puzzles where SAT '
          f'without them takes 0.2 s or more; timeouts counted at {args.timeout:g} s):')
    for setting in settings[1:]:
        ratios = [float(row['seconds_off']) / float(row[f'seconds_{setting}'] or args.timeout)
                  for row in hard]
        if ratios:
            print(f'  pairs up to {setting:>2} live states: geometric mean speed-up '
                  f'{statistics.geometric_mean(ratios):.2f}, from {min(ratios):.2f} to '
                  f'{max(ratios):.2f}')
    print(f'answers differ: {sum(not row["same_answer"] for row in table)}')


# --- part 5: against pbnsolve -------------------------------------------------------------------

PEER_RANDOM_PUZZLES = 10  # random 30x30 pictures (density 0.5) timed against pbnsolve
PEER_TARGETS = {'LalaFrogKK': 2.0, 'random 30x30': 10.0}  # the command's time / pbnsolve's
ANSWERS = ('unique', 'multiple', 'none')


def pbnsolve_status(code, stdout):
    """'unique', 'multiple' or 'none' from a pbnsolve -b -u run, else '?': its verdict is its
    last line ('unique', 'multiple' or 'contradiction', after a title line if the puzzle has a
    title; 'trivial' before it when one sweep solved the puzzle; 'contradition' in some
    versions); 'timeout' or 'stalled', a failed run or no output give '?'."""
    lines = [line.split() for line in stdout.splitlines() if line.strip()]
    if code != 0 or not lines:
        return '?'
    words = lines[-1][1:] if lines[-1][0] == 'trivial' else lines[-1]
    if words and words[0] in ('unique', 'multiple'):
        return words[0]
    if words and words[0] in ('contradiction', 'contradition'):
        return 'none'
    return '?'


def command_status(code, stdout):
    """The command's answer ('unique', 'multiple', 'none', or '' / '?') from its verdict line."""
    lines = stdout.strip().splitlines()
    return answer_status(code, lines[-1] if lines else '')


def same_answer(answers) -> str:
    """The answer that every run gave, or '?' if they differ."""
    found = set(answers)
    return found.pop() if len(found) == 1 else '?'


def failed_runs(way, runs) -> int:
    """How many of a way's runs failed: killed, or an exit code that is no answer (the
    command's 1, no solution, is an answer)."""
    answers = (0, 1) if way in ('race', 'no-sat') else (0,)
    return sum(code not in answers for _, code, _, _ in runs)


def peer_files(args, folder):
    """(name, kind, path): LalaFrogKK from the collection (if there), and seeded random 30x30
    pictures at density 0.5 (two 10x10 with --quick), written as .non files into `folder`."""
    found = []
    lala = args.puzzles / 'pynogram-examples' / 'LalaFrogKK.non'
    if lala.is_file():
        found.append(('LalaFrogKK', 'LalaFrogKK', lala))
    size, count = (10, 2) if args.quick else (30, PEER_RANDOM_PUZZLES)
    for seed in range(args.seed, args.seed + count):
        name, path = random_file(folder, size, 0.5, seed, goal=False)  # (pbnsolve reads it)
        found.append((name, f'random {size}x{size}', path))
    return found


def pbnsolve_binary(args, part):
    """The absolute path of pbnsolve (--pbnsolve, else $PBNSOLVE, else on the PATH), or None
    (said on stdout: the part is skipped); exits if the one named cannot be run."""
    binary = args.pbnsolve or os.environ.get('PBNSOLVE') or shutil.which('pbnsolve')
    if not binary:
        print(f'\n{part}: no pbnsolve (--pbnsolve PATH, $PBNSOLVE or on the PATH): part skipped')
        return None
    if not shutil.which(binary):
        sys.exit(f'{part}: {binary} is not a program that can be run (--pbnsolve or $PBNSOLVE)')
    return os.path.abspath(shutil.which(binary))  # (the children run in the checkout)


def part_peers(args, out):
    """The command (the race, and --no-sat) against pbnsolve -b -u on the same files, and a bare
    `python -c pass`, whole processes, interleaved; the median of --peer-runs each."""
    binary = pbnsolve_binary(args, 'peers')
    if not binary:
        return
    kill_after = args.timeout + 10
    ways = {'pbnsolve': lambda path: [binary, '-b', '-u', str(path)],
            'race': lambda path: [sys.executable, '-m', 'nonocommand', str(path),
                                  '--timeout', f'{args.timeout:g}'],
            'no-sat': lambda path: [sys.executable, '-m', 'nonocommand', str(path), '--no-sat',
                                    '--timeout', f'{args.timeout:g}'],
            'python': lambda path: [sys.executable, '-c', 'pass']}
    table, ratios = [], []
    with tempfile.TemporaryDirectory() as folder:
        files = peer_files(args, Path(folder))
        timed_run(ways['race'](files[0][2]), kill_after)  # writes the bytecode caches
        for index, (name, kind, path) in enumerate(progress(files, 'peers')):
            order = list(ways)[index % len(ways):] + list(ways)[:index % len(ways)]
            runs = {way: [] for way in ways}
            for _ in range(args.peer_runs):
                for way in order:
                    runs[way].append(timed_run(ways[way](path), kill_after))
            seconds = {way: statistics.median(run[0] for run in runs[way]) for way in ways}
            status = {way: same_answer(read(code, stdout) for _, code, stdout, _ in runs[way])
                      for way, read in (('pbnsolve', pbnsolve_status), ('race', command_status),
                                        ('no-sat', command_status))}
            failed = {way: failed_runs(way, runs[way]) for way in ways}
            ratio = {way: seconds[way] / seconds['pbnsolve'] for way in ('race', 'no-sat', 'python')}
            ratios.append((kind, ratio))
            table.append({'puzzle': name, 'kind': kind, 'runs': args.peer_runs,
                          **{f'{way}_ms': f'{seconds[way] * 1000:.1f}' for way in ways},
                          **{f'{way}_ratio': f'{ratio[way]:.2f}' for way in ratio},
                          **{f'{way}_answer': status[way] for way in status},
                          'answers_agree': (status['pbnsolve'] in ANSWERS
                                            and len(set(status.values())) == 1),
                          'failed_runs': ', '.join(f'{way} {n}' for way, n in failed.items() if n)})
    write_csv(out / 'peers.csv', table)
    print(f'\nThe command against pbnsolve ({binary}, -b -u), median of {args.peer_runs} runs each:')
    print(f'{"puzzle":<24} {"pbnsolve":>9} {"race":>9} {"no-sat":>9} {"python":>9}  ratio  answers')
    for row in table:
        print(f'{row["puzzle"]:<24} {row["pbnsolve_ms"]:>9} {row["race_ms"]:>9} '
              f'{row["no-sat_ms"]:>9} {row["python_ms"]:>9} {row["race_ratio"]:>6}  '
              f'{row["pbnsolve_answer"] if row["answers_agree"] else "DIFFER"}'
              f'{"  failed runs: " + row["failed_runs"] if row["failed_runs"] else ""}')
    for kind in dict.fromkeys(kind for kind, _ in ratios):
        of_kind = [ratio for k, ratio in ratios if k == kind]
        mean = {way: statistics.geometric_mean(r[way] for r in of_kind) for way in of_kind[0]}
        target = PEER_TARGETS.get(kind)
        verdict = '' if target is None else \
            f' (target at most {target:g}: {"met" if mean["race"] <= target else "MISSED"})'
        print(f'{kind} ({len(of_kind)}): the command {mean["race"]:.1f} x pbnsolve in the geometric '
              f'mean{verdict}, with --no-sat {mean["no-sat"]:.1f} x; for comparison, python -c pass '
              f'alone {mean["python"]:.1f} x')


# --- part 6: what each settles within a minute -------------------------------------------------

def settle_run(way, argv, limit):
    """One run of pbnsolve or the command: (wall seconds, answer), the answer 'unique',
    'multiple' or 'none' if it settled the puzzle, else what happened instead: 'timeout'
    (killed: pbnsolve at the limit, the command 10 s past it), 'gave up' (the command's exit
    code 3), 'error' (anything else, such as pbnsolve's 'stalled')."""
    # pbnsolve has no time limit of its own: it is killed at the limit. The command bounds
    # itself (--timeout); it is killed only if it overstays by 10 s (its SAT child, if any,
    # dies with it: nonoprocess).
    seconds, code, stdout, _ = timed_run(argv, limit if way == 'pbnsolve' else limit + 10)
    return seconds, settle_answer(way, code, stdout)


def settle_answer(way, code, stdout):
    """What a run of pbnsolve or the command came to, as settle_run says."""
    if code == 'killed':
        return 'timeout'
    answer = pbnsolve_status(code, stdout) if way == 'pbnsolve' else command_status(code, stdout)
    if answer in ANSWERS:
        return answer
    return 'gave up' if way == 'command' and code == 3 else 'error'


def second_chance(path, limit, settled):
    """Where the race did not settle a puzzle: the command with --sat (SAT alone, with three
    quarters of the default memory instead of the race's share) and the same limit, its memory
    sampled: columns sat_seconds, sat_answer, sat_tree_peak_mb (empty where the race settled)."""
    if settled:
        return {'sat_seconds': '', 'sat_answer': '', 'sat_tree_peak_mb': ''}
    argv = [sys.executable, '-m', 'nonocommand', str(path), '--sat', '--timeout', f'{limit:g}']
    code, seconds, peak, _, verdict, _, _, _ = run_tree(argv, limit + 10)
    return {'sat_seconds': f'{seconds:.3f}', 'sat_answer': settle_answer('command', code, verdict),
            'sat_tree_peak_mb': f'{peak:.1f}'}


def part_settle(args, out):
    """Every puzzle of the modes part, pbnsolve -b -u against the command (the race) with
    --settle-seconds each (60), once each, the two interleaved: which puzzles each settles."""
    binary = pbnsolve_binary(args, 'settle')
    if not binary:
        return
    limit = args.settle_seconds
    ways = {'pbnsolve': lambda path: [binary, '-b', '-u', str(path)],
            'command': lambda path: [sys.executable, '-m', 'nonocommand', str(path),
                                     '--timeout', f'{limit:g}']}
    table = []
    with tempfile.TemporaryDirectory() as folder:
        files = puzzle_files(args, Path(folder), goal=False)  # (pbnsolve reads them too)
        if files:
            timed_run(ways['command'](files[0][1]), limit + 10)  # writes the bytecode caches
        for index, (name, path) in enumerate(progress(files, 'settle')):
            row = {'puzzle': name, 'limit_seconds': f'{limit:g}'}
            for way in (list(ways) if index % 2 == 0 else list(ways)[::-1]):
                seconds, answer = settle_run(way, ways[way](path), limit)
                row[f'{way}_seconds'] = f'{seconds:.3f}'
                row[f'{way}_answer'] = answer
            for way in ways:
                row[f'{way}_settled'] = row[f'{way}_answer'] in ANSWERS
            row['answers_agree'] = (not (row['pbnsolve_settled'] and row['command_settled'])
                                    or row['pbnsolve_answer'] == row['command_answer'])
            row.update(second_chance(path, limit, row['command_settled']))
            table.append(row)
    if not table:
        print('settle: no puzzles', file=sys.stderr)
        return
    write_csv(out / 'settle.csv', table)
    by_pbnsolve = [row['puzzle'] for row in table if row['pbnsolve_settled']]
    by_command = [row['puzzle'] for row in table if row['command_settled']]
    missed = [name for name in by_pbnsolve if name not in by_command]
    only_ours = [name for name in by_command if name not in by_pbnsolve]
    differ = [row['puzzle'] for row in table if not row['answers_agree']]
    print(f'\nSettled within {limit:g} s, of {len(table)} puzzles (pbnsolve {binary}, -b -u; '
          f'the command, the race, --timeout {limit:g}):')
    print(f'  pbnsolve {len(by_pbnsolve)}, the command {len(by_command)}')
    neither = [row['puzzle'] for row in table
               if not row['pbnsolve_settled'] and not row['command_settled']]
    rescued = [f'{row["puzzle"]} ({float(row["sat_seconds"]):.1f} s, '
               f'{float(row["sat_tree_peak_mb"]):.0f} MB)'
               for row in table if row['sat_answer'] in ANSWERS]
    target = f' (target 0: {"met" if not missed else "MISSED"})'
    for label, names, note in (
            ('settled by pbnsolve and not by the command', missed, target),
            ('settled by the command and not by pbnsolve', only_ours, ''),
            ('settled by neither', neither, ''),
            ('answers differ where both settled', differ, ''),
            ('not settled by the race, settled by --sat (with more memory)', rescued, '')):
        print(f'  {label}: {len(names)}{note}{": " + ", ".join(names) if names else ""}')


PARTS = {'modes': part_modes, 'startup': part_startup, 'encoding': part_encoding,
         'helpers': part_helpers, 'peers': part_peers, 'settle': part_settle}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--parts', default=','.join(PARTS),
                        help=f'comma-separated parts to run (default: all of {", ".join(PARTS)})')
    parser.add_argument('--quick', action='store_true',
                        help='three small shipped puzzles, random 10x10 and 20x20 only, five '
                             'start-up runs')
    parser.add_argument('--out', type=Path, default=ROOT / 'benchmarks' / 'results')
    parser.add_argument('--puzzles', type=Path, default=SHARED,
                        help='the folder of puzzle files (default ../shared/puzzles)')
    parser.add_argument('--timeout', type=float, default=30.0, help='--timeout of each run (30 s)')
    parser.add_argument('--repeats', type=int, default=1,
                        help='rounds per puzzle whose first round took under 10 s (median kept)')
    parser.add_argument('--sizes', type=int, nargs='+', default=[10, 20, 30, 50, 75, 100],
                        help='sides of the random square pictures')
    parser.add_argument('--densities', type=float, nargs='+', default=[0.5, 0.6])
    parser.add_argument('--seeds', type=int, default=2, help='random pictures per size and density')
    parser.add_argument('--seed', type=int, default=1, help='the first seed')
    parser.add_argument('--startup-runs', type=int, default=30)
    parser.add_argument('--installed', nargs='*', default=None, metavar='SCRIPT',
                        help='installed `nonogram` scripts whose start-up to measure too (default: '
                             'nonogram on the PATH, if any; none: --installed alone)')
    parser.add_argument('--pbnsolve', help='the pbnsolve binary for the peers part (default: '
                                           '$PBNSOLVE, else pbnsolve on the PATH; none: skipped)')
    parser.add_argument('--peer-runs', type=int,
                        help='runs per puzzle and way in the peers part (7; 1 with --quick)')
    parser.add_argument('--settle-seconds', type=float, default=60.0,
                        help='the time limit of each run in the settle part (60 s)')
    parser.add_argument('--encoding-seconds', type=float, default=60.0,
                        help='stop a whole-grid count past 150,000 clauses after this long')
    args = parser.parse_args(argv)
    if args.quick:
        args.sizes = [size for size in args.sizes if size <= 20]
        args.seeds, args.startup_runs = 1, min(args.startup_runs, 5)
    if args.installed is None:
        args.installed = [shutil.which('nonogram')] if shutil.which('nonogram') else []
    if args.peer_runs is None:
        args.peer_runs = 1 if args.quick else 7
    if (args.timeout <= 0 or args.repeats < 1 or args.seeds < 0 or args.startup_runs < 1
            or args.peer_runs < 1 or args.settle_seconds <= 0):
        parser.error('--timeout, --repeats, --startup-runs, --peer-runs and --settle-seconds '
                     'must be positive, --seeds at least 0')
    parts = args.parts.split(',')
    for part in parts:
        if part not in PARTS:
            parser.error(f'unknown part {part!r}; choose from {", ".join(PARTS)}')
    partial = args.quick or not args.puzzles.is_dir()
    if partial and args.out.resolve() == (ROOT / 'benchmarks' / 'results').resolve():
        parser.error(f'with --quick, or without the puzzle collection ({args.puzzles}), the '
                     'tables would be partial; write them elsewhere: --out DIR')
    args.out.mkdir(parents=True, exist_ok=True)
    for part in parts:
        PARTS[part](args, args.out)


if __name__ == '__main__':
    main()
