"""The plumbing of lessons 11 and 12 (SAT): python-sat, memory budgets, SAT in a child process.

A library module, not a lesson. Lesson 11 (nonoclauses) turns a puzzle into clauses for a SAT
solver; lesson 12 (nonosat) races lesson 10's engine against that solver. What a student may skip
of those lessons lives here, documented and tested:

- sat_available, SAT_MISSING, new_solver: is the optional package python-sat installed, what to
  say if it is not, and one of its solvers.
- The memory a formula needs, estimated: SAT_BASE_BYTES for the solver's library and set-up, and
  BYTES_PER_STATE for each automaton state while it solves (the estimate of each benchmark
  puzzle is in benchmarks/results/encoding.csv, column sat_budget_mb, beside the peak memory SAT
  alone took on it in race.csv, column sat_hwm_mb). states_within and within_budget collect the
  lines' live states as long as they fit a budget, and raise EncodingTooBig (a MemoryError) as
  soon as they would not, before any clause is built. MB means 2**20 bytes throughout.
- SatProcess: a generator of solutions (such as nonoclauses.sat_solutions) run in a child
  process, which sends back each solution as it finds it; the parent polls it without waiting,
  waits for it, and stops it. The child's side is sat_process_main; it dies with its parent
  (die_with_parent) and may not map more than its memory share (cap_address_space).
  check_race_options checks the race's options; engine_out_of_memory lets SAT answer when the
  engine runs out of memory.
- within(seconds, work): work() cut short by an alarm (SearchLimit) when it overruns; calls nest.
  The command bounds its whole run with it, and class sets each picture's work.
- For the lessons' demonstrations: formula_names, show_clauses and show_line_formula print
  clauses by name; engine_against_sat and race_rows read the benchmark results that lessons 11
  and 11 plot, draw_engine_against_sat and draw_race draw them, and print_engine_against_sat and
  show_race print what those lessons say of them.

Every function the child runs must be importable by name in a fresh Python: importable() maps a
function defined in a notebook (module __main__) to its twin in the paired module.
"""

import sys
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from itertools import islice

from nonocheck import (check_callable, check_iterable, check_list, check_name, check_text,
                       check_whole, checked_budget, checked_seconds)

SAT_MISSING = ('the SAT solver needs the optional package python-sat '
               '(python -m pip install python-sat)')


def sat_available() -> bool:
    """Is python-sat installed? (Found without importing its solvers, which takes longer than
    solving a small puzzle; they are imported when SAT runs.)"""
    import importlib.util

    try:
        return importlib.util.find_spec('pysat.solvers') is not None
    except ImportError:
        return False


def new_solver(name: str):
    """python-sat's Solver(name=name) (use it in a with statement); ImportError saying how to
    install python-sat if it is missing."""
    if not isinstance(name, str):
        raise TypeError(f'name must be the name of a python-sat solver, not {name!r}')
    try:
        from pysat.solvers import Solver
    except ImportError:
        raise ImportError(SAT_MISSING) from None
    try:
        return Solver(name=name)
    except Exception as error:  # python-sat's NoSuchSolverError for an unknown name
        if type(error).__name__ != 'NoSuchSolverError':
            raise
        raise ValueError(f'name must be the name of a python-sat solver (such as "cadical153"), '
                         f'not {name!r:.40}') from None


# --- memory: what a formula needs ------------------------------------------------------------

SAT_BASE_BYTES = 16 * 2 ** 20  # estimated: the solver's library and set-up, before any clause
BYTES_PER_STATE = 1000  # estimated: the solver's memory per automaton state, while solving


ENGINE_ROOM_BYTES = 64 * 2 ** 20  # room for the engine to grow in a race (its memo: 16 MB at most)
ENGINE_BYTES_PER_CELL = 200  # and for a big puzzle, per cell (a 1000x1000 grew by 140 MB)
CHILD_START_BYTES = 32 * 2 ** 20  # the SAT child's own size before its cap (measured: 31 MB mapped)


def whole_number(name: str, value) -> int:
    """`value`, a whole number at least 0 (bytes, states): else TypeError or ValueError naming
    `name`."""
    check_name(name)
    if value is None:
        raise TypeError(f'{name} must be a whole number, not None')
    return checked_budget(name, value, int)


def mapped_bytes() -> int | None:
    """The memory this process maps now (its address space, VmSize), or None where the system does
    not say (not Linux)."""
    try:
        with open('/proc/self/status') as status:
            return next(int(line.split()[1]) * 1024 for line in status
                        if line.startswith('VmSize'))
    except (OSError, StopIteration, ValueError):
        return None


def own_cap() -> int | None:
    """This process's cap on its address space in bytes (cap_address_space), or None if none."""
    try:
        import resource
    except ImportError:
        return None
    soft = resource.getrlimit(resource.RLIMIT_AS)[0]
    return None if soft == resource.RLIM_INFINITY else soft


def sat_share(memory: int, use_engine: bool = True) -> int:
    """SAT's share, in bytes, of `memory`, the budget of the whole process tree (this process and
    SAT's child): what is left after this process, the child's own start (CHILD_START_BYTES), and,
    when the engine runs here (`use_engine`), room for it to grow: ENGINE_ROOM_BYTES, or half of
    what is left if that is less. This process counts as its cap if it has one below `memory`
    (so a command that caps itself with engine_cap leaves SAT exactly the rest), else as the
    memory it maps now. Never below 0."""
    memory = whole_number('memory', memory)
    cap, now = own_cap(), mapped_bytes() or 0
    if cap is not None and now <= cap < memory:
        left = memory - cap - CHILD_START_BYTES
    else:
        left = memory - now - CHILD_START_BYTES
        if use_engine:
            left -= min(ENGINE_ROOM_BYTES, max(left, 0) // 2)
    return max(left, 0)


def engine_cap(memory: int, listing: bool = False, cells: int = 0) -> int:
    """The cap (bytes) a process that races SAT within a tree budget of `memory` bytes should put
    on its own address space, from what it maps now: room for the engine (ENGINE_ROOM_BYTES, or
    ENGINE_BYTES_PER_CELL for each of the `cells` of the largest puzzle if that is more; but at
    most half of what is left; when `listing` very many solutions, which this process keeps,
    half of what is left), leaving sat_share to SAT. (For a command in a process of its own:
    cap_address_space(engine_cap(memory)) first.)"""
    memory = whole_number('memory', memory)
    cells = whole_number('cells', cells)
    now = mapped_bytes() or 0
    left = max(memory - now - CHILD_START_BYTES, 0)
    room = max(ENGINE_ROOM_BYTES, ENGINE_BYTES_PER_CELL * cells)
    return min(memory, now + (left // 2 if listing else min(room, left // 2)))


class EncodingTooBig(MemoryError):
    """SAT's formula would need more memory than SAT may use: it is not built."""


def formula_bytes(states: int) -> int:
    """The memory (bytes) a solver needs for a formula of `states` automaton states."""
    states = whole_number('states', states)
    return SAT_BASE_BYTES + BYTES_PER_STATE * states


def check_rows(rows, names=None) -> None:
    """The benchmark rows a demonstration reads (a list of dicts, as engine_against_sat and
    race_rows give them) and its `names` (benchmark name -> name), checked: TypeError naming
    the argument at fault."""
    if not all(isinstance(row, dict) for row in check_list('rows', rows)):
        raise TypeError(f'rows must be a list of dicts (benchmark rows), not {rows!r:.40}')
    if names is not None and not isinstance(names, dict):
        raise TypeError(f'names must be a dict of benchmark name -> name, not {names!r:.40}')


def within_budget(line_states: Iterable[list[list[int]] | None], max_bytes: float) -> list:
    """The items of `line_states` (each line's live states: a list of states after each cell,
    or None for a line that needs none), taken one at a time as long as the formula they make
    needs at most `max_bytes` (formula_bytes of all their states so far). Raises EncodingTooBig
    as soon as it would need more, so that a lazy iterable is not computed further."""
    check_iterable('line_states', line_states)
    if isinstance(max_bytes, bool) or not isinstance(max_bytes, (int, float)) or max_bytes < 0:
        raise TypeError(f'max_bytes must be a number of bytes at least 0, not {max_bytes!r:.40}')
    taken, states = [], 0
    for line in line_states:
        taken.append(line)
        states += sum(map(len, line or []))
        if formula_bytes(states) > max_bytes:
            raise EncodingTooBig(f'the formula would need more than the {max_bytes / 2 ** 20:.0f} '
                                 'MB SAT may use')
    return taken


def states_within(automata: Iterable[tuple | None], max_bytes: float | None,
                  live_states: Callable) -> Iterable[list | None]:
    """Each automaton's live states: live_states(*arguments) for each item of `automata` (its
    arguments, or None for a line that needs no states, giving None). With max_bytes None, lazily,
    one at a time; else all of them at once, before any clause is built, through within_budget
    (EncodingTooBig as soon as the formula would need more than max_bytes)."""
    check_iterable('automata', automata)
    check_callable('live_states', live_states)
    if max_bytes is not None and (isinstance(max_bytes, bool) or not isinstance(
            max_bytes, (int, float)) or max_bytes < 0):
        raise TypeError(f'max_bytes must be None or a number of bytes, not {max_bytes!r:.40}')
    states = (arguments and live_states(*arguments) for arguments in automata)
    return states if max_bytes is None else within_budget(states, max_bytes)


# --- the child process -----------------------------------------------------------------------

# A generator of solutions run in the child: sat(rows, cols, grid) or, with a memory share,
# sat(rows, cols, grid, max_bytes=share), raising EncodingTooBig if the formula would not fit.
SatSolver = Callable[..., Iterator[list]]


class SatProcess:
    """SAT in a child process: start() it, poll() or wait() for its messages, read `found` and
    `outcome` ('done', 'too big', 'memory', 'died', 'stopped'; None while it runs), stop() it
    at the end; `joined` is the time.perf_counter() at which it started (None until then), and
    note(otherwise) says in words what became of it. `sat`: the generator of solutions to run
    (importable by name, see importable); `count`: the most solutions to ask for; `memory`:
    bytes the child may use (None: no limit).

    The child is a fresh Python (started with subprocess, in a session of its own, so that the
    terminal's Ctrl-C reaches only the parent, which stops it). It reads its job from its
    standard input as a pickle and writes back messages, each a pickle after its length (4
    bytes): ('solution', grid) for each solution, then ('done', None); or ('too big', words) if
    the formula would not fit its memory, ('memory', words) if it ran out anyway."""

    def __init__(self, rows, cols, grid, count: int, sat: SatSolver, memory: int | None = None):
        self.job, self.memory = (rows, cols, grid, count, sat, memory), memory
        self.process = self.joined = self.outcome = None
        self.detail = ''
        self.found = []
        self.received = bytearray()  # bytes read but not yet a whole message
        self.stopping = False

    def spawn(self) -> None:
        """Start the child's Python, which loads the solver's modules (python-sat's included)
        while it waits for its job: a race spawns it during the engine's head start, so that
        SAT's start overlaps it. start() spawns it if need be, then sends the job. (Ctrl-C waits
        until the child is ours to stop.)"""
        import os
        import signal
        import subprocess

        if self.process is not None:
            return
        path = [os.path.dirname(os.path.abspath(__file__))] + sys.path
        module = getattr(importable(self.job[4]), '__module__', None)
        code = (f'import sys; sys.path[:0] = {path!r}; import nonoprocess; '
                f'nonoprocess.sat_process_main({os.getpid()}, {module!r})')
        blocking = hasattr(signal, 'pthread_sigmask')
        if blocking:
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            self.process = subprocess.Popen([sys.executable, '-c', code],
                                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                            stderr=subprocess.PIPE, start_new_session=True)
        finally:
            if blocking:
                signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})

    def start(self) -> None:
        """Spawn the child if it is not yet, and send it its job: SAT joins now."""
        import pickle

        self.spawn()
        self.joined = time.perf_counter()
        rows, cols, grid, count, sat, memory = self.job
        try:
            pickle.dump((rows, cols, grid, count, importable(sat), memory), self.process.stdin)
            self.process.stdin.close()
        except OSError:  # it died at once: poll() will find out why
            pass

    def again(self, memory: int | None) -> None:
        """Stop this child and start a new one on the same job, with `memory` bytes (after SAT
        refused its formula: a larger share)."""
        self.stop()
        self.__init__(*self.job[:5], memory)
        self.start()

    def poll(self, timeout: float | None = 0.0) -> bool:
        """Read what the child has sent, waiting at most `timeout` seconds (None: no limit) for
        the first bytes; return True if it has ended."""
        import os
        import pickle
        import select

        if self.joined is None or self.outcome is not None:
            return self.outcome is not None
        ready, _, _ = select.select([self.process.stdout], [], [], timeout)
        if ready:
            data = os.read(self.process.stdout.fileno(), 1 << 16)
            if not data:  # the end, without a last message
                self.outcome = 'stopped' if self.stopping else self.why_it_died()
            self.received += data
            while len(self.received) >= 4 and self.outcome is None:
                size = int.from_bytes(self.received[:4], 'big')
                if len(self.received) < 4 + size:
                    break
                kind, value = pickle.loads(self.received[4:4 + size])
                del self.received[:4 + size]
                if kind == 'solution':
                    self.found.append(value)
                else:
                    self.outcome, self.detail = kind, value
        return self.outcome is not None

    def wait(self, timeout: float | None = None) -> bool:
        """Read messages until the child ends or `timeout` seconds pass; True if it has ended."""
        deadline = None if timeout is None else time.perf_counter() + timeout
        while not self.poll(None if deadline is None else max(0.0, deadline - time.perf_counter())):
            if deadline is not None and time.perf_counter() >= deadline:
                return False
        return True

    def stop(self) -> None:
        """Kill the child if it still runs, and wait for it (no orphan, no zombie)."""
        import os
        import signal

        if self.process is None:
            return
        self.stopping = True
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.process.wait()
        if self.outcome is None:
            self.outcome = 'stopped'
        for pipe in (self.process.stdin, self.process.stdout, self.process.stderr):
            pipe.close()

    def why_it_died(self) -> str:
        """The outcome of a child that ended without its last message: 'memory' if the solver
        could not allocate (C++'s bad_alloc, or a MemoryError), else 'died'; `detail` says more."""
        self.process.wait()
        errors = self.process.stderr.read().decode(errors='replace').strip().splitlines()
        self.detail = errors[-1].strip() if errors else f'exit code {self.process.returncode}'
        if any('bad_alloc' in line or 'MemoryError' in line for line in errors):
            self.detail = 'the solver could not allocate more'
            return 'memory'
        return 'died'

    def note(self, otherwise: str) -> str:
        """What became of SAT, in words ('' if it never started; `otherwise` if it was stopped
        or is still running)."""
        if self.joined is None:
            return ''
        return {'too big': f'not started: {self.detail}',
                'memory': f'ran out of memory ({self.detail})',
                'died': f'stopped unexpectedly ({self.detail})',
                'done': 'answered'}.get(self.outcome, otherwise)


def check_race_options(count, timeout, engine_seconds, sat_memory, use_engine, use_sat,
                       memory=None) -> tuple:
    """(count, timeout, engine_seconds, sat_memory) of a race (nonosat.find_solutions), checked:
    ValueError or TypeError naming the option at fault. `memory` (the whole tree's budget in
    bytes), if given and sat_memory is not, gives sat_memory: sat_share(memory, use_engine)."""
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= sys.maxsize:
        raise ValueError(f'count must be a whole number from 1 to {sys.maxsize:,}, not '
                         f'{count!r:.40}')
    timeout = checked_seconds('timeout', timeout)
    engine_seconds = checked_seconds('engine_seconds', engine_seconds)
    sat_memory = checked_budget('sat_memory', sat_memory, int)
    memory = checked_budget('memory', memory, int)
    if not (use_engine or use_sat):
        raise ValueError('use_engine and use_sat cannot both be False')
    if memory is not None and sat_memory is None and use_sat:
        sat_memory = sat_share(memory, use_engine)
    return count, timeout, engine_seconds, sat_memory


@contextmanager
def engine_out_of_memory(child: SatProcess):
    """Around the engine's run in a race: if the engine (in this process) runs out of memory,
    go on when SAT's `child` process has started (it may still answer), else raise."""
    try:
        yield
    except MemoryError:
        if child.joined is None:
            raise


NOTEBOOK_TWINS = ('nonoclauses', 'nonosat', 'nonocolour')  # the modules that define SAT solvers


def importable(function: Callable, twins: Iterable[str] = NOTEBOOK_TWINS) -> Callable:
    """`function`, or, if it was defined in a notebook (whose functions live in the module
    `__main__`, which another process cannot import), the function of the same name in the
    first module of `twins` (the notebooks' paired modules) that has one."""
    main = sys.modules.get('__main__')
    if getattr(function, '__module__', None) != '__main__' or hasattr(main, '__file__'):
        return function
    import importlib

    for name in twins:
        twin = getattr(importlib.import_module(name), function.__qualname__, None)
        if twin is not None:
            return twin
    raise ValueError(f'{function.__qualname__} is defined only in this notebook: a child process '
                     'cannot import it; define it in a module')


def sat_process_main(parent: int, module: str | None = None) -> None:
    """The SAT child's work (see SatProcess): load the solver's `module` and python-sat's solvers,
    read the job from standard input, solve, send the messages to standard output, and exit.
    `parent`: the process id of the parent, with which this process dies."""
    import importlib
    import os
    import pickle

    die_with_parent(parent)
    for name in (module, 'pysat.solvers'):
        try:
            name and importlib.import_module(name)
        except ImportError:  # (unpickling the job, or the solver, will say what is missing)
            pass
    rows, cols, grid, count, sat, memory = pickle.load(sys.stdin.buffer)

    def send(kind, value):
        message = pickle.dumps((kind, value))
        sys.stdout.buffer.write(len(message).to_bytes(4, 'big') + message)
        sys.stdout.buffer.flush()
    try:
        if memory is not None:
            cap_address_space(memory, more=True)
            solutions = sat(rows, cols, grid, max_bytes=memory)
        else:
            solutions = sat(rows, cols, grid)
        for solution in islice(solutions, count):
            send('solution', solution)
        send('done', None)
    except EncodingTooBig as error:
        send('too big', str(error))
    except MemoryError:
        send('memory', f'more than the {memory / 2 ** 20:.0f} MB it may use')
    os._exit(0)  # (quickly: the solver's memory is the system's to free)


def die_with_parent(parent: int) -> None:
    """Ask the system to kill this process when its parent dies (Linux), and exit now if the
    parent (process id `parent`) is already gone."""
    import os
    import signal

    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # 1: PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent:
        os._exit(1)


def cap_address_space(limit: int, more: bool = False) -> None:
    """Let this process map at most `limit` bytes (`more`: that many more than it maps now),
    where the system allows it (Linux, macOS); beyond it, allocations fail."""
    try:
        import resource
    except ImportError:
        return
    if more:
        try:
            with open('/proc/self/status') as status:
                limit += next(int(line.split()[1]) * 1024 for line in status
                              if line.startswith('VmSize'))
        except (OSError, StopIteration):
            return
    if limit >= 2 ** 62:
        return  # more than any machine has: no cap (and the system could not take the number)
    hard = resource.getrlimit(resource.RLIMIT_AS)[1]
    if hard == resource.RLIM_INFINITY or limit <= hard:
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))



# --- a hard time limit -------------------------------------------------------------------------

REPEAT_SECONDS = 0.1  # within's alarm, once due, comes again this often until the work stops


class TimeIsUp(BaseException):
    """Raised by within's alarm in the work it cuts short (a BaseException, as KeyboardInterrupt
    is, so that no `except Exception` in the work swallows it)."""


def within(seconds: float | None, work: Callable):
    """work(), cut short at `seconds` (SearchLimit): for work that looks at its time limit too
    seldom, or not at all. The cut is an alarm signal (SIGALRM), so it works on Unix in the main
    thread; elsewhere work() runs to its own end. Calls nest: inside another within, the alarm is
    the earlier of the two, and the outer one's is set again (less the time spent) on the way
    out, so the outer limit holds whatever the inner work does. Once due, the alarm comes again
    every REPEAT_SECONDS until the work has stopped: code that cannot raise (a finaliser, a
    garbage collector's callback) swallows an exception, and the work would go on."""
    import signal
    import threading

    check_callable('work', work)
    seconds = checked_seconds('seconds', seconds)
    if (seconds is None or not hasattr(signal, 'setitimer')
            or threading.current_thread() is not threading.main_thread()):
        return work()
    outer_left = signal.getitimer(signal.ITIMER_REAL)[0]  # (0: no alarm set)
    if outer_left and outer_left <= seconds:  # the outer limit comes first: it cuts the work
        return work()
    token = TimeIsUp(seconds)

    def alarm(signum, frame):
        raise token

    begun = time.monotonic()
    previous = signal.signal(signal.SIGALRM, alarm)
    try:
        try:
            signal.setitimer(signal.ITIMER_REAL, max(seconds, 0.001), REPEAT_SECONDS)
            return work()
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    except TimeIsUp as cut:
        if cut is not token:
            raise
        from nonocheck import SearchLimit
        raise SearchLimit(f'stopped by the time limit of {seconds:.3g} s', 0,
                          time.monotonic() - begun, []) from None
    finally:
        signal.signal(signal.SIGALRM, signal.SIG_DFL if previous is None else previous)
        if outer_left:  # the outer alarm again, for the time it has left (at least a moment)
            signal.setitimer(signal.ITIMER_REAL,
                             max(outer_left - (time.monotonic() - begun), 0.001))

# --- for the lessons' demonstrations ---------------------------------------------------------

def formula_names(cells: int, live: list[list[int]]) -> dict[int, str]:
    """The names of a line's variables as nonoclauses.line_clauses numbers them when its cells
    are the variables 1 to `cells` and its states follow: x0, x1, ... for the cells, then
    S(t,q) for each live state q after t cells (`live`, as live_states gives it)."""
    cells = check_whole('cells', cells, most=100_000)
    live = check_list('live', live)
    if not all(isinstance(here, (list, tuple, set, range)) for here in live):
        raise TypeError(f'live must be a list of lists of states, not {live!r:.40}')
    names = {t + 1: f'x{t}' for t in range(cells)}
    states = [f'S({t},{q})' for t, here in enumerate(live) for q in here]
    names.update({cells + 1 + i: name for i, name in enumerate(states)})
    return names


def show_clauses(kind: str, clauses: list[list[int]], names: dict[int, str], shown: int) -> None:
    """Print `kind` and how many `clauses`, then the first `shown` of them, one a line, by name
    (`names`: variable -> name; ~ for not)."""
    check_text('kind', kind)
    clauses, shown = check_list('clauses', clauses), check_whole('shown', shown)
    if not isinstance(names, dict):
        raise TypeError(f'names must be a dict of variable -> name, not {names!r:.40}')
    more = f' (the first {shown})' if len(clauses) > shown else ''
    print(f'{kind}: {len(clauses)}{more}')
    for clause in clauses[:shown]:
        print('    ' + ' or '.join(('~' if x < 0 else '') + names[abs(x)] for x in clause))


def engine_against_sat(fastest: float = 1e-3, limit: float = 10.0) -> list[dict]:
    """The rows of benchmarks/results/validate.csv (each puzzle validated by lesson 10's engine and
    by SAT), each with `open_cells` and `clauses` (what line logic leaves open, and the formula's
    clauses then, from encoding.csv), and both times as drawn: `engine_shown`, `sat_shown`
    (floats; under `fastest` at fastest, over the `limit` at the limit)."""
    import nonobench

    sizes = {row['puzzle']: row for row in nonobench.read_rows('encoding.csv')}
    rows = nonobench.read_rows('validate.csv')
    for row in rows:
        size = sizes[f"{row['folder']}/{row['puzzle']}"]
        row.update(open_cells=size['open_cells'], clauses=size['after_clauses'])
        row['engine_shown'], row['sat_shown'] = (min(max(float(row[key]), fastest), limit)
                                                 for key in ('seconds', 'sat_seconds'))
    return rows


def race_rows() -> list[dict]:
    """The rows of benchmarks/results/race.csv (each puzzle run three ways as whole processes:
    the engine alone, SAT alone, the race), each with `answered_by` ('engine', 'SAT', or 'none'
    when the race gave up), `sat_joined` (did the race start a second process: the sum of its
    processes' peaks exceeds the largest one) and the times as floats: `race` and `faster` (the
    faster of the engine alone and SAT alone; None where neither answered)."""
    import nonobench

    rows = nonobench.read_rows('race.csv')
    for row in rows:
        gave_up = row['race_exit'] not in ('0', '1')
        row['answered_by'] = 'none' if gave_up else row['race_part'].split()[0]
        row['sat_joined'] = float(row['race_hwm_sum_mb']) > float(row['race_hwm_mb'])
        row['race'] = float(row['race_seconds'])
        row['faster'] = float(row['faster_seconds']) if row['faster_seconds'] else None
    return rows


def draw_engine_against_sat(rows: list[dict], names: dict[str, str]) -> None:
    """Lesson 11's figure: one point per puzzle of engine_against_sat's `rows`, the engine's time
    against SAT's, coloured by what the engine needed; the puzzles of `names` (benchmark name ->
    name) labelled, those at the same point together; the diagonal dashed."""
    check_rows(rows, names)
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 6))
    for method, colour, words in (('line', 'tab:green', 'line logic only'),
                                  ('probing', 'tab:blue', 'probing'),
                                  ('search', 'tab:orange', 'search'), ('-', 'tab:red', None)):
        points = [(row['engine_shown'], row['sat_shown']) for row in rows
                  if row['method'] == method]
        ax.scatter(*zip(*points), s=20, color=colour,
                   label=f'the engine needs {words}' if words else 'the engine: over the limit')
    labels = {}  # {point: the names there}
    for row in rows:
        if row['puzzle'] in names:
            point = row['engine_shown'], row['sat_shown']
            labels.setdefault(point, []).append(names[row['puzzle']])
    for point, here in labels.items():
        ax.annotate(' and '.join(here), point, fontsize=8, xytext=(-4, 5),
                    textcoords='offset points', ha='right')
    ax.plot([1e-3, 10], [1e-3, 10], color='grey', linewidth=1, linestyle='--')
    ax.set(xscale='log', yscale='log', xlim=(5e-4, 20), ylim=(5e-4, 20), aspect='equal',
           xlabel="lesson 10's engine: seconds", ylabel='SAT: seconds',
           title='Validation, engine against SAT, one point per puzzle\n(below the dashed '
                 'diagonal: SAT is faster; under 1 ms drawn at 1 ms,\nover the 10 s limit at 10 s)')
    ax.legend(fontsize=8, loc='upper left')
    fig.tight_layout()
    plt.show()


def draw_race(rows: list[dict], ratio: float = 1.3, slack: float = 0.15) -> None:
    """Lesson 12's figure: one point per puzzle of race_rows's `rows` that some way answered, the
    race's time against the faster part alone, coloured by the part that answered the race (red:
    the race gave up); the line y = x, and dashed, the goal: ratio x the faster + slack."""
    check_rows(rows)
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.5, 6))
    for part, colour in (('engine', 'tab:blue'), ('SAT', 'tab:orange'), ('none', 'tab:red')):
        points = [(row['faster'], row['race']) for row in rows
                  if row['faster'] is not None and row['answered_by'] == part]
        if not points:
            continue
        ax.scatter(*zip(*points), s=18, color=colour,
                   label=('the race gave up (its time: the time limit)' if part == 'none' else
                          f'the race, answered by {part}'))
    line = [0.05 * 1.2 ** k for k in range(34)]
    ax.plot(line, line, color='black', linewidth=0.6,
            label='y = x: the race as fast as the faster part')
    ax.plot(line, [ratio * x + slack for x in line], color='grey', linestyle='--', linewidth=1,
            label=f'the goal: {ratio:g} x the faster part + {slack:g} s')
    ax.set(xscale='log', yscale='log',
           xlabel='the faster of the engine alone and SAT alone: seconds',
           ylabel='the race: seconds', title='The race against its parts, whole processes')
    ax.legend(fontsize=8)
    fig.tight_layout()
    plt.show()


def show_race(rows: list[dict], goal_mb: float = 100, small_mb: float = 50) -> None:
    """Print what lesson 12 says of race_rows's `rows`: how many puzzles, on how many SAT joined
    the race; how many some way answered, how many of those the race answered, and on how many
    it kept its time goal (and a line for each where it did not); the largest process tree of
    the race, the largest where line logic or probing settled the puzzle (against `small_mb`),
    and how often and how far SAT alone went over `goal_mb`."""
    check_rows(rows)
    joined = sum(row['sat_joined'] for row in rows)
    print(f"{len(rows)} puzzles ({sum(row['puzzle'].startswith('random') for row in rows)} "
          f'random): SAT joined the race on {joined}, never on {len(rows) - joined}')
    raced = [row for row in rows if row['faster'] is not None]  # some way answered
    answered = sum(row['answered_by'] != 'none' for row in raced)
    over = [row for row in raced if row['time_ok'] != 'True']
    print(f'{len(raced)} some way answered, the race {answered} of those; within the goal on '
          f'{len(raced) - len(over)}; not on:' + ('' if over else ' none'))
    for row in over:
        part = 'the engine' if row['faster'] == float(row['no-sat_seconds'] or 'inf') else 'SAT'
        race = ('gave up' if row['answered_by'] == 'none' else
                f"{row['race']:.2f} s, answered by {row['answered_by']}")
        print(f"  {row['puzzle']}: the race {race}; the faster part alone ({part}) "
              f"{row['faster']:.2f} s")
    easy = [float(row['race_tree_peak_mb']) for row in rows
            if 'line logic' in row['race_verdict'] or 'needs probing' in row['race_verdict']]
    sat_alone = [float(row['sat_tree_peak_mb']) for row in rows]
    race_tree = max(float(row['race_tree_peak_mb']) for row in rows)
    print(f'the largest process tree: {race_tree:.0f} MB in the race; where line logic or '
          f'probing settled the puzzle, {max(easy):.0f} MB (under {small_mb:.0f} MB on '
          f'{sum(mb < small_mb for mb in easy)} of {len(easy)}); SAT alone over '
          f'{goal_mb:.0f} MB on {sum(mb > goal_mb for mb in sat_alone)} puzzles, up to '
          f'{max(sat_alone):.0f} MB')


# --- Lesson 11's demonstrations, in its words (nonoclauses) ----------------------------------

def show_line_formula(clue, known: list, line_clauses: Callable, live: list[list[int]],
                      shown: int = 6) -> None:
    """Print the formula that `line_clauses` (lesson 11's, passed in: this module imports no
    later lesson) writes for `clue` on a line of `known` cells (1, 0 or None), the cells numbered
    1 to n: its live states (`live`, as live_states gives them), how many state variables and
    clauses (helpers included), then the first `shown` clauses of each kind by name: start,
    forward, backward, and the helpers from t = 1 (after 0 cells they repeat the start clause)."""
    known, live = check_list('known', known), check_list('live', live)
    check_callable('line_clauses', line_clauses)
    shown = check_whole('shown', shown)
    from itertools import count

    from nonovector import show_line

    cells = len(known)
    plain, every = (line_clauses(clue, list(range(1, cells + 1)), count(cells + 1).__next__,
                                 known, helpers=helpers) for helpers in (False, True))
    forward = sum((1 if cell is not None else 2) * len(states)
                  for cell, states in zip(known, live))
    names = formula_names(cells, live)
    at_start = range(cells + 1, cells + 1 + len(live[0]))  # the states after 0 cells
    helpers = [clause for clause in every[len(plain):]  # those of t = 0 name a state at the start
               if not any(abs(literal) in at_start for literal in clause)]
    print(f'clue {clue} on {show_line(known)}: live states after t cells {live}; '
          f'{sum(map(len, live))} state variables, {len(every)} clauses (of which '
          f'{len(every) - len(plain) - len(helpers)} helpers at t = 0, not shown)')
    for kind, group in (('start', plain[:1]), ('forward', plain[1:1 + forward]),
                        ('backward', plain[1 + forward:]), ('helpers from t = 1', helpers)):
        show_clauses(kind, group, names, shown)


def print_engine_against_sat(rows: list[dict], names: dict[str, str]) -> None:
    """Print how many puzzles engine_against_sat's `rows` hold, then a table of those of `names`
    (benchmark name -> name): the size (rows x columns), the cells that line logic leaves unknown
    and the formula's clauses then, the engine's seconds and answer, SAT's seconds."""
    check_rows(rows, names)
    table = [('', 'size', 'unknown cells', 'clauses', 'engine', '', 'SAT')]
    for row in (row for row in rows if row['puzzle'] in names):
        answer = 'over the limit' if row['method'] == '-' else f"{row['verdict']}, {row['method']}"
        table.append((names[row['puzzle']], row['size'], f"{row['open_cells']} of {row['cells']}",
                      f"{int(row['clauses']):,}", f"{float(row['seconds']):.3f} s", f'({answer})',
                      f"{float(row['sat_seconds']):.3f} s"))
    widths = [max(len(line[k]) for line in table) for k in range(len(table[0]))]
    print(f'{len(rows)} puzzles, of which (after line logic):')
    for line in table:
        print('  '.join(cell.rjust(width) if k in (2, 3, 4, 6) else cell.ljust(width)
                        for k, (cell, width) in enumerate(zip(line, widths))).rstrip())
