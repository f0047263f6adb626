"""Every public function checks its arguments at the door (issue 26, part 7).

A property test, deterministic: every public function and class of every module (lessons and
library; `_names`, names a module's `__all__` leaves out, dataclasses, exceptions and a few
process-level functions left out) is called
with each of a fixed list of wrong values in all its required positional parameters: None, a
float, a string, lists of the wrong depth, a huge int and a negative int. What it may do: return,
or raise TypeError/ValueError whose message names one of its parameters (by name, or by a word
of WORDS, such as 'clue' for `blocks`), within a second (or FileNotFoundError, when the string
could name a file). A function whose required parameters all have a GOOD value is also called
with one wrong value at a time, the others good. A generator is advanced once, since its
door is its first step.

The calls run in one child process under a memory cap (a wrong size must be refused, not
tried), with timers for each call: CPU time (SECONDS) and, for a call that blocks, wall time.
Functions that still fail are listed in KNOWN with the reason and owner; the test also fails when
a listed function passes (remove its mark).

Run `python tests/test_api_doors.py MODULE ...` to see the modules' failures as JSON lines.
"""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

MODULES = ["nonovector", "nonoline", "nonogram2d", "nonoprobe", "gchq", "nonobits", "nonofast",
           "nonotrail", "nonoprober", "nonoengine", "nonoclauses", "nonosat", "nonocolourline",
           "nonocolour", "nonotools", "nonocheck", "nonodraw", "nonobench", "nonostepper",
           "nonofiles", "nonocolourfiles", "nonoprocess", "nonosheets", "nonocommand",
           "nonoclassroom", "nonopictures"]

WRONG = [None, 2.5, 'abc', [5], [[[1]]], 10 ** 100, -1]

# Calls that act on the process itself (caps, signals, exit, reading stdin, the whole command
# with sys.argv): tested in their own files (test_nonoprocess, test_nonocommand).
NOT_CALLED = {'nonoprocess.cap_address_space', 'nonoprocess.die_with_parent',
              'nonoprocess.sat_process_main', 'nonocommand.main', 'nonocommand.command',
              'nonocommand.run_command', 'nonocommand.stop_quietly'}

# Words a message may use for a parameter instead of its name.
WORDS = {
    'blocks': ['clue', 'block'], 'clue': ['block'], 'clues': ['clue', 'row', 'column'],
    'rows': ['row', 'clue'], 'cols': ['column', 'clue'], 'pic': ['picture'],
    'line': ['cell', 'cells'], 'cells': ['cell', 'line'], 'grid': ['row', 'cell', 'line'],
    'text': ['character', 'line'], 'layout': ['block'], 'layouts': ['layout'],
    'picture': ['row', 'cell'], 'givens': ['given'], 'tokens': ['token'],
    'allowed': ['cell'], 'known': ['cell'], 'puzzle': ['puzzle'], 'puzzles': ['puzzle'],
    'path': ['file', 'folder'], 'name': ['picture'], 'force0': ['forced'], 'force1': ['forced'],
}

# A good value for each common parameter name: a function whose required parameters all have
# one here is also called with one wrong value at a time, the others good.
GOOD = {'blocks': [2, 1], 'clue': [2, 1], 'cells': 5, 'line': [None] * 5, 'rows': [[1], [1]],
        'cols': [[1], [1]], 'grid': [[None, None], [None, None]], 'pic': [[1, 0], [0, 1]],
        'picture': [[1, 0], [0, 1]], 'height': 2, 'width': 2, 'text': '1 2', 'k': 2,
        'layout': [(0, 2), (3, 1)], 'layouts': [(1, 1, 0, 1, 0)], 'force0': [], 'force1': [],
        'count': 2, 'mask': 5, 'givens': [(0, 0)], 'density': 0.5, 'samples': 2,
        'grids': [[[1]]], 'known': [None] * 5}

SECONDS = 1.0        # each call's CPU time (so that a busy machine does not fail it)
WAIT_SECONDS = 10.0  # and its wall time: a call that blocks (reading a FIFO, say) hangs
MEMORY = 1 << 30     # the child's address space: 1 GiB

HOT_LINE = ('unchecked (C): a hot inner predicate of lesson 2, called cells x blocks times per '
            'line solve; its callers (prefix_table, solve_line) check')
BIT_STEP = ('unchecked (C): a step of the bit solver, called on every line solve by lessons 7-14 '
            '(nonofast.solve_line_bits and solve_line are the checked doors)')
FAST = 'unchecked (C): lesson 7 measures it without checks (solve_line_bits is its checked door)'
HOT = 'unchecked (C): a hot inner step (per state, cell or line solve); its callers check'

# module.function -> why it still fails, and whose file it is: 'hangs (X) ...' and 'unchecked
# (X) ...' are not called ('unchecked': a hot inner step, checked by its callers, on purpose);
# 'fails (X) ...' are called, and the test fails when one passes. The lead removes the marks.
KNOWN = {
    'nonoline.may_fill': HOT_LINE, 'nonoline.may_clear': HOT_LINE,
    'nonobits.cells_to_bits': BIT_STEP, 'nonobits.bits_to_line': BIT_STEP,
    'nonobits.reach': BIT_STEP, 'nonobits.runs_of': BIT_STEP, 'nonobits.forward': BIT_STEP,
    'nonobits.reverse_bits': BIT_STEP, 'nonobits.backward': BIT_STEP,
    'nonobits.spread': BIT_STEP, 'nonobits.good_starts': BIT_STEP, 'nonobits.line_bits': BIT_STEP,
    'nonofast.line_bits_fast': FAST, 'nonofast.solve_checked': FAST,
    'nonoclauses.next_state': HOT, 'nonocolourline.fast_cells_to_masks': HOT,
    'nonocolourline.fast_masks_to_cells': HOT, 'nonocolourline.colour_forward': HOT,
    'nonocolourline.colour_line_bits': HOT, 'nonocolour.colour_move': HOT,
    'nonocolourline.solve_colour_line_fast': 'unchecked (C): the colour engine\'s cached line '
                                             'solver (solve_colour_line is the checked door)',
}


def public_callables(module):
    """(name, callable, count of required positional parameters, parameter names)."""
    import dataclasses
    import inspect

    found = []
    exported = getattr(module, '__all__', None)  # a module that declares its public names
    for name, obj in vars(module).items():
        if name.startswith('_') or getattr(obj, '__module__', None) != module.__name__:
            continue
        if exported is not None and name not in exported:
            continue
        if inspect.isclass(obj):
            if dataclasses.is_dataclass(obj) or issubclass(obj, BaseException):
                continue
        elif not inspect.isfunction(obj):
            continue
        if f'{module.__name__}.{name}' in NOT_CALLED:
            continue
        parameters = inspect.signature(obj).parameters.values()
        required = [p for p in parameters if p.default is p.empty
                    and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        if required:
            found.append((name, obj, len(required), [p.name for p in parameters]))
    return found


def names_a_parameter(message: str, names: list[str]) -> bool:
    """Whether the message names one of `names` (or a word WORDS gives for it). A parameter
    called `name` names another (checked_budget('timeout', value)): its value counts too."""
    import re

    words = set(names) | {name[:-1] for name in names if name.endswith('s')}
    for name in names:
        words.update(WORDS.get(name, []))
    return any(re.search(rf'\b{re.escape(word)}s?\b', message, re.IGNORECASE) for word in words)


def door_failures(module_name: str) -> list[dict]:
    """Call every public function of the module with every wrong value; the failures."""
    import copy
    import importlib
    import inspect
    import resource
    import signal
    import time

    module = importlib.import_module(module_name)
    callables = public_callables(module)
    if resource.getrlimit(resource.RLIMIT_AS)[0] != MEMORY:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))

    class TooSlow(BaseException):
        pass

    armed = [False]

    def ring(*_):
        if armed[0]:
            armed[0] = False
            raise TooSlow

    signal.signal(signal.SIGALRM, ring)
    signal.signal(signal.SIGPROF, ring)
    failures = []
    for name, function, required, names in callables:
        if KNOWN.get(f'{module_name}.{name}', '').startswith(('hangs', 'unchecked')):
            failures.append({'function': f'{module_name}.{name}', 'value': '(not called)',
                             'outcome': 'listed as hanging or unchecked'})
            continue
        parameters = list(inspect.signature(function).parameters)[:required]
        calls = [[value] * required for value in WRONG]
        if all(parameter in GOOD for parameter in parameters):
            calls += [[value if j == i else GOOD[parameter] for j, parameter in enumerate(
                parameters)] for i in range(required) for value in WRONG]
        for arguments in calls:
            value = next((a for a, p in zip(arguments, parameters) if a is not GOOD.get(p)), None)
            start = time.perf_counter()
            armed[0] = True
            signal.setitimer(signal.ITIMER_PROF, SECONDS)
            signal.setitimer(signal.ITIMER_REAL, WAIT_SECONDS)
            try:
                result = function(*copy.deepcopy(arguments))
                if inspect.isgenerator(result):
                    next(result, None)
                armed[0] = False
                outcome = None
            except TooSlow:
                outcome = f'took more than {SECONDS} s of CPU (or {WAIT_SECONDS} s in all)'
            except FileNotFoundError:  # a name that could be a file's, but is not: its own error
                armed[0] = False
                outcome = None
            except (TypeError, ValueError) as error:
                armed[0] = False
                message = str(error)
                words = names + ([value] if 'name' in names and isinstance(value, str) else [])
                outcome = None if names_a_parameter(message, words) else (
                    f'{type(error).__name__} naming no parameter: {message[:150]}')
            except BaseException as error:  # noqa: B036 - MemoryError, KeyError, SystemExit...
                armed[0] = False
                outcome = f'{type(error).__name__}: {str(error)[:150]}'
            finally:
                armed[0] = False
                signal.setitimer(signal.ITIMER_PROF, 0)
                signal.setitimer(signal.ITIMER_REAL, 0)
                if 'matplotlib.pyplot' in sys.modules:
                    sys.modules['matplotlib.pyplot'].close('all')
            if outcome:
                failures.append({'function': f'{module_name}.{name}', 'value': repr(arguments)[:40],
                                 'outcome': outcome,
                                 'seconds': round(time.perf_counter() - start, 2)})
    return failures


@pytest.fixture(scope='module')
def all_failures(tmp_path_factory):
    """One child process calls every module's functions (the imports are shared)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), OPENBLAS_NUM_THREADS='1', MPLBACKEND='Agg')
    run = subprocess.run([sys.executable, str(Path(__file__).resolve()), *MODULES],
                         cwd=tmp_path_factory.mktemp('doors'), env=env, capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    return [json.loads(line) for line in run.stdout.splitlines()]


@pytest.mark.parametrize('module_name', MODULES)
def test_every_public_function_checks_its_doors(module_name, all_failures):
    failures = [failure for failure in all_failures
                if failure['function'].startswith(module_name + '.')]
    failing = {failure['function'] for failure in failures}
    unexpected = [failure for failure in failures if failure['function'] not in KNOWN]
    assert not unexpected, '\n'.join(
        f"{f['function']}({f['value']}): {f['outcome']}" for f in unexpected)
    fixed = sorted(name for name in KNOWN if name.startswith(module_name + '.')
                   and KNOWN[name] and name not in failing)
    assert not fixed, f'these pass now: remove them from KNOWN: {fixed}'


if __name__ == '__main__':
    import contextlib
    import io

    sys.path.insert(0, str(ROOT))
    for heavy in ('matplotlib.pyplot', 'numpy', 'PIL.Image', 'ipywidgets'):  # a first import
        with contextlib.suppress(ImportError):                          # is not a function's time
            __import__(heavy)
    with contextlib.suppress(ImportError):  # nor is a first figure's (fonts, the canvas)
        import matplotlib.pyplot as plt
        plt.subplots()[1].set_title('warm')
        plt.gcf().canvas.draw()
        plt.close('all')
    out = sys.stdout
    with contextlib.redirect_stdout(io.StringIO()):  # what the functions print is not ours
        for name in sys.argv[1:]:
            for failure in door_failures(name):
                print(json.dumps(failure), file=out, flush=True)


# The issue's own examples (issue 26, part 9), each refused at once with the parameter named.
def _solve_line_2000_blocks():
    import nonoline
    return nonoline.solve_line([1] * 2000, [None] * 3999)


def _colour_a_million():
    import nonocolour
    return nonocolour.solve([[(1, 10 ** 6)]], [[(1, 10 ** 6)]])


def _call(module, name, *args):
    import importlib
    return lambda: getattr(importlib.import_module(module), name)(*args)


@pytest.mark.parametrize('call, words', [
    (_solve_line_2000_blocks, 'clue of 2,000 blocks'),
    (_colour_a_million, 'colour 1000000'),
    (_call('gchq', 'solve_by_layouts', None, None), 'rows'),
    (_call('nonovector', 'line2blocks', None), 'line'),
    (_call('nonogram2d', 'pic2gram', [5]), 'picture row 0'),
    (_call('nonoprobe', 'random_picture', 2.5, 2), 'height'),
    (_call('nonovector', 'parse_line', None), 'text'),
    (_call('nonovector', 'all_clues', 10 ** 6), 'cells'),
])
def test_the_issues_examples_are_refused_at_once(call, words):
    import time

    start = time.perf_counter()
    with pytest.raises((TypeError, ValueError), match=words):
        call()
    assert time.perf_counter() - start < 1.0


@pytest.mark.parametrize("module_name", MODULES)
def test_a_declared_public_surface_names_what_exists(module_name):
    """A module's __all__ (its public names, which the doors test calls) names real things."""
    import importlib

    module = importlib.import_module(module_name)
    for name in getattr(module, "__all__", []):
        assert hasattr(module, name), f"{module_name}.__all__ names {name}, which does not exist"
