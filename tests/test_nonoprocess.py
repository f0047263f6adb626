"""Tests of the library module nonoprocess: python-sat's presence, the memory a formula needs,
and SAT in a child process (its messages, its outcomes, its memory cap, and its death with its
parent)."""
import importlib.util
import os
import signal
import subprocess
import sys
import time
import types
from pathlib import Path

import psutil
import pytest

import nonoclauses
import nonoprocess
from nonoprocess import EncodingTooBig, SatProcess

from nonotools_helpers import dying_sat, slow_sat

requires_sat = pytest.mark.skipif(importlib.util.find_spec("pysat") is None,
                                  reason="the optional package python-sat is not installed")
linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="address-space caps and death with the parent: Linux")
ROOT = Path(__file__).resolve().parent.parent
DIAGONAL = ([[1], [1]], [[1], [1]])
MB = 2 ** 20


# --- solvers for the child (importable by name: the child imports this module) ----------------

def refused_sat(rows, cols, grid=None, max_bytes=None):
    """A SAT solver whose formula never fits."""
    raise EncodingTooBig(f"the formula would need more than the {max_bytes / MB:.0f} MB SAT may use")
    yield


def greedy_sat(rows, cols, grid=None, max_bytes=None):
    """A SAT solver that allocates far more than its share (a gigabyte) before answering."""
    hoard = bytearray(2 ** 30)
    yield [[len(hoard) % 2]]


def counting_sat(rows, cols, grid=None, max_bytes=None):
    """Three 'solutions', to check that the child sends at most `count` of them, in order."""
    yield from ([[k]] for k in range(3))


# --- python-sat ---------------------------------------------------------------------------------

def test_sat_available_asks_only_for_the_module(monkeypatch):
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    assert nonoprocess.sat_available() is False

    def broken(name):
        raise ImportError(name)
    monkeypatch.setattr(importlib.util, "find_spec", broken)
    assert nonoprocess.sat_available() is False
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: object())
    assert nonoprocess.sat_available() is True
    assert "pip install python-sat" in nonoprocess.SAT_MISSING


# --- memory -------------------------------------------------------------------------------------

def test_a_formula_costs_its_base_and_its_states():
    assert nonoprocess.formula_bytes(0) == nonoprocess.SAT_BASE_BYTES
    assert nonoprocess.formula_bytes(10) == nonoprocess.SAT_BASE_BYTES + 10 * nonoprocess.BYTES_PER_STATE


def test_within_budget_takes_lines_until_they_would_not_fit():
    line = [[0], [0, 1], [1]]  # four states
    budget = nonoprocess.formula_bytes(8)
    assert nonoprocess.within_budget([line, None, line], budget) == [line, None, line]
    taken = []

    def lines():
        for _ in range(10):
            taken.append(line)
            yield line
    with pytest.raises(EncodingTooBig, match="more than the 16 MB SAT may use") as error:
        nonoprocess.within_budget(lines(), budget)
    assert len(taken) == 3  # the third line was one too many; the rest were never made
    assert isinstance(error.value, MemoryError)


def test_states_within_is_lazy_without_a_budget_and_eager_with_one():
    asked = []

    def live(tokens, cells):
        asked.append(tokens)
        return [[0]] * cells
    automata = [("a", 2), None, ("b", 3)]
    lazy = nonoprocess.states_within(automata, None, live)
    assert asked == []  # nothing computed until asked for
    assert list(lazy) == [[[0]] * 2, None, [[0]] * 3] and asked == ["a", "b"]
    asked.clear()
    assert nonoprocess.states_within(automata, float("inf"), live) == [[[0]] * 2, None, [[0]] * 3]
    with pytest.raises(EncodingTooBig):
        nonoprocess.states_within(iter(automata), nonoprocess.formula_bytes(3), live)


def test_new_solver_says_how_to_install_python_sat(monkeypatch):
    monkeypatch.setitem(sys.modules, "pysat", None)
    monkeypatch.setitem(sys.modules, "pysat.solvers", None)
    with pytest.raises(ImportError, match="pip install python-sat"):
        nonoprocess.new_solver("cadical153")


@requires_sat
def test_new_solver_is_a_python_sat_solver():
    with nonoprocess.new_solver("cadical153") as sat:
        sat.append_formula([[1, 2], [-1]])
        assert sat.solve() and 2 in sat.get_model()


# --- the child process --------------------------------------------------------------------------

def living_children():
    """The pids of this process's descendants that are alive (not zombies)."""
    return {child.pid for child in psutil.Process().children(recursive=True)
            if child.status() != psutil.STATUS_ZOMBIE}


@pytest.fixture
def no_child_left():
    """Checks, after the test, that it left no child process alive (those other tests started
    before it, such as a browser's driver, do not count)."""
    before = living_children()
    yield
    assert living_children() - before == set()


def run_child(sat, count=10, memory=None, timeout=60):
    child = SatProcess(*DIAGONAL, None, count, sat, memory)
    assert child.note("x") == "" and not child.poll()  # not started: nothing to say
    try:
        child.start()
        if child.wait(timeout) and child.outcome != "died":
            child.process.wait(timeout)  # it exits by itself after its last message
    finally:
        child.stop()
    return child


@requires_sat
def test_the_child_sends_every_solution_then_done(no_child_left):
    child = run_child(nonoclauses.sat_solutions)
    assert child.outcome == "done" and child.note("x") == "answered"
    assert sorted(child.found) == [[[0, 1], [1, 0]], [[1, 0], [0, 1]]]
    assert child.joined is not None and child.process.returncode == 0


def test_the_child_stops_at_count(no_child_left):
    child = run_child(counting_sat, count=2)
    assert (child.outcome, child.found) == ("done", [[[0]], [[1]]])


@requires_sat
def test_the_child_within_memory_solves_what_fits(no_child_left):
    child = run_child(nonoclauses.sat_solutions, memory=64 * MB)
    assert child.outcome == "done" and len(child.found) == 2


def test_a_formula_that_does_not_fit_is_not_started(no_child_left):
    child = run_child(refused_sat, memory=8 * MB)
    assert child.outcome == "too big"
    assert child.note("x") == "not started: the formula would need more than the 8 MB SAT may use"


@linux_only
def test_a_child_beyond_its_share_runs_out_of_memory(no_child_left):
    child = run_child(greedy_sat, memory=64 * MB)
    assert child.outcome == "memory" and child.found == []
    assert child.note("x") == "ran out of memory (more than the 64 MB it may use)"


def test_a_child_that_is_killed_died(no_child_left):
    child = run_child(dying_sat)
    assert child.outcome == "died" and child.detail == "exit code -9"
    assert child.note("x") == "stopped unexpectedly (exit code -9)"


def test_a_child_still_working_is_stopped_and_reaped(no_child_left):
    child = SatProcess(*DIAGONAL, None, 2, slow_sat)
    child.start()
    start = time.perf_counter()
    assert not child.poll() and not child.wait(0.3)       # it is working: nothing yet
    assert 0.25 <= time.perf_counter() - start < 5
    child.stop()
    assert child.outcome == "stopped" and child.note("out of time") == "out of time"
    assert child.process.returncode == -signal.SIGKILL
    child.stop()  # a second stop is harmless


def test_the_child_runs_in_a_session_of_its_own(no_child_left):
    child = SatProcess(*DIAGONAL, None, 2, slow_sat)
    child.start()
    try:
        assert os.getsid(child.process.pid) == child.process.pid != os.getsid(0)
        command = psutil.Process(child.process.pid).cmdline()
        assert command[0] == sys.executable and "nonoprocess.sat_process_main" in command[-1]
    finally:
        child.stop()


@linux_only
def test_the_child_dies_with_its_parent(tmp_path):
    """A parent that is killed (and cannot stop its child) takes the SAT child with it."""
    code = ("import sys, time, nonoprocess, nonotools_helpers; "
            "child = nonoprocess.SatProcess([[1]], [[1]], None, 1, nonotools_helpers.slow_sat); "
            "child.start(); print(child.process.pid, flush=True); time.sleep(600)")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "tests")]))
    parent = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True,
                              env=env)
    try:
        pid = int(parent.stdout.readline())
        assert psutil.pid_exists(pid)
        parent.kill()
        parent.wait()
        deadline = time.time() + 10
        while time.time() < deadline and psutil.pid_exists(pid) and \
                psutil.Process(pid).status() != psutil.STATUS_ZOMBIE:
            time.sleep(0.05)
        alive = psutil.pid_exists(pid) and psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
        if alive:
            os.kill(pid, signal.SIGKILL)
        assert not alive
    finally:
        parent.kill()
        parent.stdout.close()
        parent.wait()


def test_a_child_whose_parent_is_gone_exits_at_once():
    gone = subprocess.run([sys.executable, "-c", "import nonoprocess; nonoprocess.die_with_parent(1)"],
                          cwd=ROOT, timeout=60)
    assert gone.returncode == 1
    alive = subprocess.run([sys.executable, "-c", "import os, nonoprocess; "
                            "nonoprocess.die_with_parent(os.getppid()); print('alive')"],
                           cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert alive.returncode == 0 and alive.stdout == "alive\n"


@linux_only
def test_cap_address_space_makes_big_allocations_fail():
    code = ("import nonoprocess\n"
            "nonoprocess.cap_address_space(64 * 2 ** 20, more=True)\n"
            "small = bytearray(8 * 2 ** 20)\n"
            "try:\n"
            "    bytearray(2 ** 30)\n"
            "except MemoryError:\n"
            "    print('refused')\n")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, timeout=60)
    assert result.stdout == "refused\n", result.stderr


# --- the whole tree's budget ---------------------------------------------------------------------

@linux_only
def test_sat_shares_what_this_process_leaves(monkeypatch):
    monkeypatch.setattr(nonoprocess, "own_cap", lambda: None)
    monkeypatch.setattr(nonoprocess, "mapped_bytes", lambda: 30 * MB)
    start, room = nonoprocess.CHILD_START_BYTES, nonoprocess.ENGINE_ROOM_BYTES
    assert nonoprocess.sat_share(1024 * MB, use_engine=False) == 1024 * MB - 30 * MB - start
    assert nonoprocess.sat_share(1024 * MB) == 1024 * MB - 30 * MB - start - room
    small = 100 * MB - 30 * MB - start  # a small budget: the engine gets half of what is left
    assert nonoprocess.sat_share(100 * MB) == small - small // 2
    assert nonoprocess.sat_share(40 * MB) == 0  # nothing left: never below 0
    assert nonoprocess.engine_cap(1024 * MB) == 30 * MB + room
    assert nonoprocess.engine_cap(100 * MB) == 30 * MB + small // 2
    left = 1024 * MB - 30 * MB - start  # listing very many solutions: they are kept here
    assert nonoprocess.engine_cap(1024 * MB, listing=True) == 30 * MB + left // 2
    # A process capped by engine_cap leaves SAT exactly the rest, however it has grown since.
    monkeypatch.setattr(nonoprocess, "own_cap", lambda: 94 * MB)
    monkeypatch.setattr(nonoprocess, "mapped_bytes", lambda: 60 * MB)
    assert nonoprocess.sat_share(1024 * MB) == 1024 * MB - 94 * MB - start


@pytest.mark.parametrize("call, error, words", [
    (lambda: nonoprocess.sat_share(None), TypeError, "memory must be a whole number"),
    (lambda: nonoprocess.sat_share(-1), ValueError, "memory must be at least 0"),
    (lambda: nonoprocess.engine_cap("1 GB"), TypeError, "memory must be"),
    (lambda: nonoprocess.formula_bytes(2.5), TypeError, "states must be"),
    (lambda: nonoprocess.new_solver(None), TypeError, "name must be the name of a python-sat"),
])
def test_budget_functions_name_a_bad_argument(call, error, words):
    with pytest.raises(error, match=words):
        call()


@linux_only
def test_the_process_sizes_are_read_from_the_system():
    code = ("import nonoprocess\n"
            "before = nonoprocess.mapped_bytes()\n"
            "hoard = bytearray(64 * 2 ** 20)\n"
            "print(nonoprocess.mapped_bytes() - before >= 60 * 2 ** 20, nonoprocess.own_cap())\n"
            "cap = nonoprocess.engine_cap(2 ** 30)\n"
            "nonoprocess.cap_address_space(cap)\n"
            "print(nonoprocess.own_cap() == cap, cap - nonoprocess.mapped_bytes() <= 64 * 2 ** 20)\n")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, timeout=60)
    assert result.stdout.split() == ["True", "None", "True", "True"], result.stderr


# --- functions from a notebook ------------------------------------------------------------------

def test_a_notebook_function_is_replaced_by_its_twin(monkeypatch):
    monkeypatch.setitem(sys.modules, "__main__", types.ModuleType("__main__"))  # no __file__

    def sat_solutions():
        pass
    sat_solutions.__module__, sat_solutions.__qualname__ = "__main__", "sat_solutions"
    assert nonoprocess.importable(sat_solutions) is nonoclauses.sat_solutions

    def only_here():
        pass
    only_here.__module__, only_here.__qualname__ = "__main__", "only_here"
    with pytest.raises(ValueError, match="only_here is defined only in this notebook"):
        nonoprocess.importable(only_here)
    assert nonoprocess.importable(slow_sat) is slow_sat  # a module's function: itself


def test_a_script_function_is_kept(monkeypatch):
    script = types.ModuleType("__main__")
    script.__file__ = "script.py"  # a script's functions can be imported: left alone
    monkeypatch.setitem(sys.modules, "__main__", script)

    def sat_solutions():
        pass
    sat_solutions.__module__ = "__main__"
    assert nonoprocess.importable(sat_solutions) is sat_solutions


# --- the race's options and the engine's memory -------------------------------------------------

def test_check_race_options_passes_good_options_through():
    assert nonoprocess.check_race_options(2, None, 0.1, None, True, True) == (2, None, 0.1, None)
    assert nonoprocess.check_race_options(1, 3, 0, 8 * MB, False, True) == (1, 3, 0, 8 * MB)


@pytest.mark.parametrize("options, error, words", [
    ((0, None, 0.1, None, True, True), ValueError, "count must be a whole number from 1 to"),
    ((True, None, 0.1, None, True, True), ValueError, "count must be"),
    ((2, -1, 0.1, None, True, True), ValueError, "timeout must be at least 0"),
    ((2, None, "x", None, True, True), TypeError, "engine_seconds must be a number"),
    ((2, None, 0.1, 1.5, True, True), TypeError, "sat_memory must be"),
    ((2, None, 0.1, None, False, False), ValueError, "cannot both be False"),
])
def test_check_race_options_names_the_option_at_fault(options, error, words):
    with pytest.raises(error, match=words):
        nonoprocess.check_race_options(*options)


def test_the_engine_out_of_memory_lets_a_started_sat_answer():
    started, waiting = types.SimpleNamespace(joined=1.0), types.SimpleNamespace(joined=None)
    with nonoprocess.engine_out_of_memory(started):
        raise MemoryError  # swallowed: SAT may still answer
    with pytest.raises(MemoryError):
        with nonoprocess.engine_out_of_memory(waiting):
            raise MemoryError
    with pytest.raises(ValueError):  # other errors pass
        with nonoprocess.engine_out_of_memory(started):
            raise ValueError


# --- for the lessons' demonstrations ------------------------------------------------------------

def test_formula_names_follow_line_clauses_numbering(capsys):
    known = [None] * 5
    live = nonoclauses.live_states([1, 1, 0, 1], nonoclauses.next_state, [(1, 0)] * 5)
    numbers = iter(range(6, 100))
    clauses = nonoclauses.line_clauses([2, 1], [1, 2, 3, 4, 5], numbers.__next__, known)
    names = nonoprocess.formula_names(5, live)
    assert len(names) == 5 + sum(map(len, live)) and names[1] == "x0" and names[6] == "S(0,0)"
    nonoprocess.show_clauses("forward", clauses[1:4], names, 2)
    assert capsys.readouterr().out == ("forward: 3 (the first 2)\n"
                                       "    ~S(0,0) or ~x0 or S(1,1)\n"
                                       "    ~S(0,0) or x0 or S(1,0)\n")
    nonoprocess.show_clauses("start", clauses[:1], names, 6)
    assert capsys.readouterr().out == "start: 1\n    S(0,0)\n"


def test_engine_against_sat_joins_the_formula_sizes():
    rows = nonoprocess.engine_against_sat()
    forever = next(row for row in rows if row["puzzle"] == "webpbn-06574")
    assert (forever["open_cells"], forever["size"]) == ("573", "25x25")
    assert int(forever["clauses"]) > 0
    assert all(1e-3 <= row["engine_shown"] <= 10 and 1e-3 <= row["sat_shown"] <= 10 for row in rows)
    over = [row for row in rows if row["verdict"] == "limit"]
    assert over and all(row["engine_shown"] == 10 for row in over)


def test_race_rows_say_who_answered():
    rows = nonoprocess.race_rows()
    assert {row["answered_by"] for row in rows} <= {"engine", "SAT", "none"}
    for row in rows:
        assert (row["answered_by"] == "none") == (row["race_exit"] not in ("0", "1"))
        assert isinstance(row["race"], float)
        assert row["faster"] is None or row["faster"] == float(row["faster_seconds"])
    by_name = {row["puzzle"]: row for row in rows}
    assert not by_name["webpbn/webpbn-00001"]["sat_joined"]   # settled by line logic at once
    assert all(row["sat_joined"] for row in rows if row["answered_by"] != "engine")


def test_show_race_counts_what_lesson_11_says(capsys):
    rows = nonoprocess.race_rows()
    nonoprocess.show_race(rows)
    out = capsys.readouterr().out.splitlines()
    joined = sum(row["sat_joined"] for row in rows)
    assert out[0].endswith(f"SAT joined the race on {joined}, never on {len(rows) - joined}")
    over = [row for row in rows if row["faster"] is not None and row["time_ok"] != "True"]
    assert len(out) == 3 + len(over) and "within the goal on" in out[1]
    assert all("the faster part alone" in line for line in out[2:-1])
    assert out[-1].startswith("the largest process tree:")
    assert "where line logic or probing settled the puzzle" in out[-1]


def test_show_race_names_each_miss_and_the_part_that_was_faster(capsys):
    def row(puzzle, race, engine, sat, answered_by, verdict="multiple solutions"):
        faster = min(x for x in (engine, sat) if x is not None)
        return {"puzzle": puzzle, "sat_joined": answered_by != "engine", "faster": faster,
                "race": race, "answered_by": answered_by, "no-sat_seconds": str(engine or ""),
                "time_ok": str(race <= 1.3 * faster + 0.15), "race_verdict": verdict,
                "race_tree_peak_mb": "40", "sat_tree_peak_mb": "120"}
    rows = [row("a", 0.1, 0.1, 0.3, "engine", "unique solution, needs probing"),
            row("b", 2.0, None, 1.0, "SAT"), row("c", 20.0, 0.5, None, "none")]
    nonoprocess.show_race(rows)
    out = capsys.readouterr().out.splitlines()
    assert out[1] == "3 some way answered, the race 2 of those; within the goal on 1; not on:"
    assert out[2] == "  b: the race 2.00 s, answered by SAT; the faster part alone (SAT) 1.00 s"
    assert out[3] == "  c: the race gave up; the faster part alone (the engine) 0.50 s"
    nonoprocess.show_race(rows[:1])
    assert capsys.readouterr().out.splitlines()[1].endswith("within the goal on 1; not on: none")
    assert "probing settled the puzzle, 40 MB (under 50 MB on 1 of 1)" in out[4]


def test_the_figures_draw(monkeypatch):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    shown = []
    monkeypatch.setattr(plt, "show", lambda: shown.append(plt.gcf()))
    nonoprocess.draw_engine_against_sat(nonoprocess.engine_against_sat(), {"knotty": "Knotty",
                                                                            "faase": "Faase"})
    nonoprocess.draw_race(nonoprocess.race_rows())
    assert len(shown) == 2
    labels = [text.get_text() for text in shown[0].axes[0].texts]
    assert labels == ["Faase and Knotty"] or labels == ["Knotty and Faase"]  # one point, one label
    legend = [text.get_text() for text in shown[1].axes[0].get_legend().get_texts()]
    assert "the goal: 1.3 x the faster part + 0.15 s" in legend
    assert any(text.startswith("y = x") for text in legend)
    plt.close("all")


def test_within_cuts_work_that_overruns_and_restores_the_alarm():
    import signal

    from nonocheck import SearchLimit
    from nonoprocess import within

    before = signal.getsignal(signal.SIGALRM)
    assert within(5.0, lambda: 3) == 3 and within(float("inf"), lambda: 4) == 4

    def overrun():
        while True:
            pass
    start = time.monotonic()
    with pytest.raises(SearchLimit, match="time limit"):
        within(0.2, overrun)
    assert time.monotonic() - start < 2.0
    assert signal.getsignal(signal.SIGALRM) == before
    assert signal.getitimer(signal.ITIMER_REAL)[0] == 0


def overrun():
    while True:
        pass


@pytest.mark.parametrize("outer, inner, cut_by", [(3.0, 0.2, "0.2"), (0.3, 5.0, "0.3")])
def test_within_nests_the_earlier_limit_cuts(outer, inner, cut_by):
    import signal

    from nonocheck import SearchLimit
    from nonoprocess import within

    start = time.monotonic()
    with pytest.raises(SearchLimit, match=f"time limit of {cut_by} s"):
        within(outer, lambda: within(inner, overrun))
    assert time.monotonic() - start < 2.5
    assert signal.getitimer(signal.ITIMER_REAL)[0] == 0


def test_within_sets_the_outer_alarm_again_after_an_inner_call():
    import signal

    from nonocheck import SearchLimit
    from nonoprocess import within

    def inner_then_overrun():
        assert within(5.0, lambda: "quick") == "quick"
        assert 0 < signal.getitimer(signal.ITIMER_REAL)[0] <= 0.4  # the outer one's, again
        overrun()
    start = time.monotonic()
    with pytest.raises(SearchLimit, match="time limit of 0.4 s"):
        within(0.4, inner_then_overrun)
    assert time.monotonic() - start < 2.5


def test_within_comes_again_when_the_work_swallowed_its_alarm():
    """An alarm that lands where Python cannot raise (a finaliser) is swallowed: within's alarm
    comes again until the work stops."""
    from nonocheck import SearchLimit
    from nonoprocess import within

    def swallow_once_then_overrun():
        try:
            overrun()
        except BaseException:  # (as a finaliser would)
            pass
        overrun()
    start = time.monotonic()
    with pytest.raises(SearchLimit, match="time limit of 0.2 s"):
        within(0.2, swallow_once_then_overrun)
    assert time.monotonic() - start < 2.5
