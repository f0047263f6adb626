"""Tests of the library module nonocommand, the `nonogram` command: its verdict lines, exit codes,
options, limits (time, memory, child processes), and its start-up."""
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import nonocommand
import nonoengine
import nonogram2d
import nonoprobe
import nonosat
from nonocommand import describe, grid_lines, main
from nonofiles import Puzzle, format_non, format_rosetta, picture_puzzle, read_puzzle

from nonotools_helpers import PUZZLES, ROOT, picture, run


def verdict_of(picture_rows, givens=None):
    puzzle = picture_puzzle(picture_rows)
    return nonoengine.analyse(puzzle.rows, puzzle.cols, givens)


def test_describe_uses_the_words_scripts_look_for():
    heart = verdict_of(picture(".##.##.\n#######\n.#####.\n..###..\n...#..."))
    assert "unique" in describe(heart) and "line" in describe(heart)
    diagonal = verdict_of([[1, 0], [0, 1]])
    assert "multiple" in describe(diagonal) and "unique" not in describe(diagonal)
    assert "line" not in describe(diagonal)
    smile = read_puzzle(PUZZLES / "pynogram-smile.non")
    hard = nonoengine.analyse(smile.rows, smile.cols)
    assert hard.status == "unique" and "unique" in describe(hard) and "line" not in describe(hard)



# --- the command ---------------------------------------------------------------------------------

def test_command_solves_a_line_puzzle():
    code, out, err = run("puzzles/webpbn-00001.non")
    lines = out.splitlines()
    assert code == 0 and err == ""
    assert len(lines) == 11 and all(re.fullmatch(r"[#.]{5}", line) for line in lines[:10])
    assert "unique" in lines[10] and "line" in lines[10]
    dancer = read_puzzle(PUZZLES / "webpbn-00001.non")
    grid = [[int(char == "#") for char in line] for line in lines[:10]]
    assert [nonogram2d_clue(row) for row in grid] == dancer.rows


def nonogram2d_clue(line):
    from nonovector import line2blocks
    return line2blocks(line)


def test_command_verdicts_search_multiple_none(tmp_path):
    code, out, _ = run("puzzles/pynogram-smile.non")
    assert code == 0 and "unique" in out.splitlines()[-1] and "line" not in out.splitlines()[-1]
    (tmp_path / "diagonal.non").write_text("width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n")
    code, out, _ = run(tmp_path / "diagonal.non")
    assert code == 0 and "multiple" in out.splitlines()[-1] and len(out.splitlines()) == 3
    code, out, _ = run(tmp_path / "diagonal.non", "--all")
    assert code == 0 and out.count("\n\n") == 1 and "2 in all" in out
    code, out, _ = run(tmp_path / "diagonal.non", "--all", "--max-solutions", "1")
    assert code == 0 and "more than 1" in out and len(out.splitlines()) == 3
    (tmp_path / "none.non").write_text("width 3\nheight 3\nrows\n1,1\n1\n1,1\ncolumns\n3\n0\n2\n")
    code, out, _ = run(tmp_path / "none.non")
    assert code == 1 and "no solution" in out


def test_command_with_givens_clues_png_and_several_puzzles(tmp_path):
    code, out, _ = run("puzzles/rosetta-nonogram-problems.txt")
    assert code == 0 and sum("unique" in line for line in out.splitlines()) == 4
    code, out, _ = run("puzzles/webpbn-00001.non", "--stats")
    assert code == 0 and re.search(r"line logic alone \([\d,]+ row/column solves?, .* s\)$", out)
    code, out, _ = run("puzzles/rosetta1.non", "--clues", "--png", tmp_path / "r1.png")
    assert code == 0 and "Rosetta Code" in out and "3" in out.splitlines()[1]
    assert (tmp_path / "r1.png").read_bytes().startswith(b"\x89PNG")
    (tmp_path / "g.non").write_text("width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\ngivens \"1???\"\n")
    code, out, _ = run(tmp_path / "g.non")
    assert code == 0 and out.splitlines()[:2] == ["#.", ".#"] and "unique" in out


@pytest.mark.parametrize("name, content, words", [
    ("bad.non", None, "No such file"),
    ("bad.non", b"\x00\x01\x02garbage\xff", "binary data"),
    ("bad.png", b"\x00\x01\x02garbage\xff", "not a picture"),
    ("bad.non", b"width 3\nheight 2\nrows\n1,2\n1\ncolumns\n1\n1\n1\n", "line 4: row 1: clue [1, 2] needs"),
    ("bad.xml", b"<puzzleset><puzzle>", "not well-formed XML"),
    ("bad", b"<puzzleset><puzzle>", "not well-formed XML"),
])
def test_command_bad_input_is_one_line_on_stderr(tmp_path, name, content, words):
    path = tmp_path / name
    if content is not None:
        path.write_bytes(content)
    code, out, err = run(path)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert str(path) in err and words in err


def test_command_directory_and_usage_errors(tmp_path):
    code, _, err = run(tmp_path)
    assert code == 2 and "is a directory" in err and "Traceback" not in err
    code, _, err = run("puzzles/webpbn-00001.non", "--timeout", "-1")
    assert code == 2 and "--timeout" in err


def test_command_gives_up_cleanly():
    code, out, err = run("puzzles/survey-knotty.non", "--timeout", "1", timeout=300)
    assert code == 3 and "gave up" in out and "Traceback" not in err


def test_main_in_process(capsys):
    assert main(["puzzles/webpbn-00001.non"] if Path("puzzles").exists()
                else [str(PUZZLES / "webpbn-00001.non")]) == 0
    assert "unique" in capsys.readouterr().out


# --- the command with --sat, and its edge cases ----------------------------------------------------

DIAGONAL = "width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n"
NO_SOLUTION = "width 3\nheight 3\nrows\n1,1\n1\n1,1\ncolumns\n3\n0\n2\n"


@pytest.mark.parametrize("options", [[], ["--clues"], ["--all"], ["--all", "--max-solutions", "1"]])
def test_sat_prints_the_same_grids_and_exit_codes(tmp_path, options):
    pytest.importorskip("pysat.solvers")
    (tmp_path / "diagonal.non").write_text(DIAGONAL)
    (tmp_path / "none.non").write_text(NO_SOLUTION)
    for path in ("puzzles/webpbn-00001.non", "puzzles/pynogram-smile.non",
                 "puzzles/rosetta-nonogram-problems.txt", tmp_path / "diagonal.non",
                 tmp_path / "none.non"):
        code, out, err = run(path, *options)
        sat_code, sat_out, sat_err = run(path, "--sat", *options)
        assert (sat_code, sat_err) == (code, err) and "Traceback" not in sat_err
        grids = [line for line in out.splitlines() if "solution" not in line]
        sat_grids = [line for line in sat_out.splitlines() if "solution" not in line]
        assert sat_grids == grids
        verdicts = [line for line in sat_out.splitlines() if "solution" in line]
        for line, sat_line in zip([line for line in out.splitlines() if "solution" in line],
                                  verdicts):
            for word in ("unique", "multiple", "no solution", "in all", "more than"):
                assert (word in line) == (word in sat_line)
            assert "line" not in sat_line.replace("--all", "")


def test_sat_verdicts_and_stats(tmp_path):
    pytest.importorskip("pysat.solvers")
    code, out, _ = run("puzzles/webpbn-00065.non", "--sat", "--stats")
    assert code == 0 and re.fullmatch(r"unique solution, found by SAT \(\d+\.\d\d s\)",
                                      out.splitlines()[-1])
    (tmp_path / "diagonal.non").write_text(DIAGONAL)
    code, out, _ = run(tmp_path / "diagonal.non", "--sat")
    assert code == 0 and len(out.splitlines()) == 3 and "--all lists them" in out


def test_sat_without_python_sat_is_one_line_and_exit_2(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "pysat", None)
    monkeypatch.setitem(sys.modules, "pysat.solvers", None)
    assert main([str(PUZZLES / "webpbn-00001.non"), "--sat"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert "python-sat" in captured.err and "pip install" in captured.err


def test_several_solutions_say_one_is_shown(tmp_path):
    (tmp_path / "diagonal.non").write_text(DIAGONAL)
    code, out, _ = run(tmp_path / "diagonal.non")
    assert code == 0 and "one of them shown" in out.splitlines()[-1]


def test_png_into_a_missing_folder_is_bad_input(tmp_path):
    out_path = tmp_path / "no-such-folder" / "x.png"
    code, out, err = run("puzzles/webpbn-00001.non", "--png", out_path)
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert str(out_path) in err and "Traceback" not in err


def test_empty_file_says_so(tmp_path):
    (tmp_path / "empty.non").write_text("")
    code, out, err = run(tmp_path / "empty.non")
    assert code == 2 and "empty.non: the file is empty" in err


def test_a_closed_pipe_stops_quietly():
    process = subprocess.Popen([sys.executable, "-m", "nonocommand", "puzzles/webpbn-00006.non",
                                "--clues"], cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    process.stdout.close()  # the reader goes away before reading anything, as `| head -0` would
    err = process.stderr.read().decode()
    assert process.wait(timeout=120) == 141 and err == ""


def test_sat_gives_up_cleanly_on_time():
    pytest.importorskip("pysat.solvers")
    code, out, err = run("puzzles/survey-knotty.non", "--sat", "--timeout", "1", timeout=120)
    assert code == 3 and "gave up" in out.splitlines()[-1] and err == ""


# --- the race of the engine and SAT (the default) ---------------------------------------------

def words_of(answer, show="one", **plain):
    """(exit code, grids, line) of an Answer, as the command turns it into words."""
    return nonocommand.verdict(nonocommand.result_of(answer, 100, **plain), show)


def test_the_verdict_line_says_which_part_answered():
    by = {"SAT": nonosat.Answer([[[1]]], True, "SAT", 0.5, 2, sat_joined=0.1),
          "SAT alone": nonosat.Answer([[[1]]], True, "SAT", 0.5, 2),
          "engine": nonosat.Answer([[[1]]], True, "engine", 0.5, 2, 0.1, "stopped", "search",
                                   7, 100, 20)}
    assert words_of(by["SAT"])[2] == "unique solution, found by SAT, racing the engine"
    assert words_of(by["SAT alone"])[2] == "unique solution, found by SAT"
    assert words_of(by["engine"])[2] == "unique solution, needs search"
    none = nonosat.Answer([], True, "SAT", 0.5, 2, sat_joined=0.1)
    assert words_of(none) == (
        1, [], "no solution: the clues contradict each other (SAT, racing the engine)")
    both = nonosat.Answer([], False, "engine and SAT", 3.04, 2, 0.1, "ran out of memory (...)",
                          "search", 40, 900, 300)
    assert words_of(both) == (3, [], "gave up after 3.0 s (engine: 40 search "
                                     "nodes; SAT: ran out of memory (...); --memory sets "
                                     "the budget in MB (--sat gives SAT more of it))")
    alone = nonosat.Answer([], False, "SAT", 3.04, 2, None, "ran out of memory (...)")
    assert words_of(alone, sat_alone=True) == (3, [], "gave up after 3.0 s (SAT: ran out of "
                                                      "memory (...); --memory sets the budget in MB)")


def test_sat_from_the_start_says_so():
    pytest.importorskip("pysat.solvers")
    code, out, err = run("puzzles/webpbn-06574.non", "--sat")
    lines = out.splitlines()
    assert code == 0 and err == "" and len(lines) == 26
    assert lines[-1] == "unique solution, found by SAT"
    puzzle = read_puzzle(PUZZLES / "webpbn-06574.non")
    engine = nonoengine.solve(puzzle.rows, puzzle.cols)
    assert lines[:25] == grid_lines(engine)  # the same picture as the engine's


def test_no_sat_keeps_the_engine_alone():
    code, out, _ = run("puzzles/webpbn-06574.non", "--no-sat", "--engine-seconds", "0.001")
    assert code == 0 and out.splitlines()[-1].startswith("unique solution, needs search")


def test_without_python_sat_the_engine_has_the_whole_timeout(monkeypatch, capsys):
    monkeypatch.setattr(nonosat, "sat_available", lambda: False)
    assert main([str(PUZZLES / "webpbn-06574.non"), "--engine-seconds", "0.001"]) == 0
    assert "needs search" in capsys.readouterr().out.splitlines()[-1]  # no hand-over
    assert main([str(PUZZLES / "survey-knotty.non"), "--timeout", "0.5"]) == 3
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.startswith("gave up after") and "python-sat" in last


def test_a_race_that_runs_out_of_time_names_both_parts():
    pytest.importorskip("pysat.solvers")
    code, out, err = run("puzzles/survey-knotty.non", "--timeout", "1.5", "--engine-seconds",
                         "0.1", timeout=120)
    assert code == 3 and err == ""
    assert re.fullmatch(r"gave up after \d+\.\d s \(engine: \d+ search nodes?; SAT: [^;]+; "
                        r"(--memory sets the budget in MB \(--sat gives SAT more of it\); )?"
                        r"--timeout 1\.5\)",
                        out.splitlines()[-1])


def test_a_race_that_refuses_sat_points_to_sat_alone(tmp_path):
    # A wide-open random 50x50 picture: SAT's formula would not fit its share of a race within
    # --memory 100 (lesson 12), so the verdict names --memory, and --sat (SAT gets more alone).
    pytest.importorskip("pysat.solvers")
    rows, cols = nonogram2d.pic2gram(nonoprobe.random_picture(50, 50, 0.5, seed=2))
    path = tmp_path / "wide-open.non"
    path.write_text(format_non(Puzzle(rows, cols)))
    code, out, err = run(str(path), "--timeout", "1", "--memory", "100", timeout=120)
    assert code == 3 and err == ""
    assert "SAT: not started" in out and "--memory sets the budget in MB (--sat gives" in out


@pytest.mark.parametrize("options, words", [
    (["--sat", "--no-sat"], "--sat and --no-sat do not go together"),
    (["--engine-seconds", "0"], "--engine-seconds must be a positive number"),
])
def test_solver_option_errors(options, words, capsys):
    assert main([str(PUZZLES / "webpbn-00001.non"), *options]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and words in captured.err and len(captured.err.splitlines()) == 1


# --- every limit holds ---------------------------------------------------------------------------

def random_non(tmp_path, name, size, seed, copies=1, density=0.5):
    """A file of `copies` random size x size puzzles (each a different picture)."""
    puzzles = []
    for k in range(copies):
        picture_rows = nonoprobe.random_picture(size, size, density, seed=seed + k)
        puzzles.append(picture_puzzle(picture_rows))
    path = tmp_path / name
    path.write_text("\n\n".join(format_rosetta([p]).strip() for p in puzzles) + "\n"
                    if size <= 26 else format_non(puzzles[0]))
    return path


def timed_run(*args):
    import time
    start = time.monotonic()
    result = run(*args)
    return (*result, time.monotonic() - start)


def test_one_deadline_covers_every_puzzle_of_a_file(tmp_path):
    many = random_non(tmp_path, "many.txt", 25, seed=40, copies=6, density=0.45)
    code, out, err, seconds = timed_run(many, "--timeout", "1", "--no-sat")
    assert seconds < 3.5, seconds  # the limit, plus starting Python, with slack
    assert code in (0, 3) and err == ""
    if code == 3:
        assert "gave up" in out.splitlines()[-1]


def test_the_first_propagation_of_a_huge_puzzle_stops_at_the_limit(tmp_path):
    huge = random_non(tmp_path, "huge.non", 600, seed=1, density=0.7)
    code, out, err, seconds = timed_run(huge, "--timeout", "1", "--no-sat")
    assert code == 3 and "gave up" in out and err == "" and seconds < 4, seconds


def test_the_memory_budget_ends_cleanly(tmp_path):
    big = random_non(tmp_path, "big.non", 300, seed=1)
    code, out, err = run(big, "--timeout", "20", "--memory", "200")
    assert code in (0, 3) and err == ""
    assert code == 0 or "memory" in out.splitlines()[-1] or "gave up" in out.splitlines()[-1]


def test_an_internal_error_has_its_own_exit_code(monkeypatch, capsys):
    def broken(*args):
        raise ZeroDivisionError("a bug")
    monkeypatch.setattr(nonocommand, "run_command", broken)
    assert main(["whatever.non"]) == 4
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "internal error" in err and "report" in err


def test_ctrl_c_gives_130_and_one_line(tmp_path):
    import signal
    import time
    hard = random_non(tmp_path, "hard.non", 45, seed=3, density=0.45)
    process = subprocess.Popen([sys.executable, "-m", "nonocommand", str(hard)], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(2.5)  # in the engine or, after 2 s, waiting for SAT
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=20)
    if process.returncode == 0:  # (it finished first: nothing to interrupt)
        return
    assert process.returncode == 130 and err.strip() == "nonogram: interrupted"


PIECES = ["width 3", "height 2", "rows", "columns", "1", "2,1", "1,1", "0", "3", "-1", "99999999",
          "1," * 200 + "1", "title x", "goal 010011", "\x00", "\x0c", "\u2028", "é", "<puzzle>",
          '<clues type="rows"><line><count>1</count></line></clues>', "</puzzle>", "AB C",
          "#.#", "010", "", " ", "color a #f00", "1a"]


def mutated_puzzle(seed):
    """A random puzzle as .non text, with one line changed to a random piece half the time."""
    import random
    rng = random.Random(seed)
    size = rng.randint(1, 12), rng.randint(1, 12)
    picture_rows = nonoprobe.random_picture(*size, rng.random(), seed=seed)
    lines = format_non(picture_puzzle(picture_rows)).splitlines()
    if rng.random() < 0.5:
        lines[rng.randrange(len(lines))] = rng.choice(PIECES)
    return "\n".join(lines).encode("utf-8", "surrogatepass")


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(
    st.binary(max_size=300),
    st.integers(0, 10 ** 6).map(mutated_puzzle),
    st.lists(st.sampled_from(PIECES), max_size=30).map(
        lambda lines: "\n".join(lines).encode("utf-8", "surrogatepass")),
    st.lists(st.sampled_from(PIECES), max_size=30).map(
        lambda lines: "\r".join(lines).encode("utf-8", "surrogatepass"))),
    st.sampled_from([".non", ".xml", ".txt", ".nin", ""]))
def test_fuzz_the_command_never_breaks_its_contract(tmp_path, capsys, data, suffix):
    import time
    path = tmp_path / f"fuzz{suffix}"
    path.write_bytes(data)
    start = time.monotonic()
    code = main([str(path), "--timeout", "1"])
    seconds = time.monotonic() - start
    out, err = capsys.readouterr()
    assert code in (0, 1, 2, 3), (code, err)
    assert seconds < 3, seconds
    if code == 2:
        assert len(err.splitlines()) == 1 and err.startswith("nonogram: ")
    else:
        assert err == ""
    if code == 3:
        assert out.splitlines()[-1].startswith("gave up")


def command_and_children(*args):
    """Start the command; return (process, pids of every child process seen while it ran,
    exit code, stdout, stderr). The children are looked for every 20 ms."""
    import time

    import psutil
    process = subprocess.Popen([sys.executable, "-m", "nonocommand", *map(str, args)], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    seen = set()
    command = psutil.Process(process.pid)
    while process.poll() is None:
        try:
            seen |= {child.pid for child in command.children(recursive=True)}
        except psutil.NoSuchProcess:
            break
        time.sleep(0.02)
    out, err = process.communicate(timeout=60)
    return process, seen, process.returncode, out, err


def still_running(pids):
    import psutil
    alive = []
    for pid in pids:
        try:
            if psutil.Process(pid).status() != psutil.STATUS_ZOMBIE:
                alive.append(pid)
        except psutil.NoSuchProcess:
            pass
    return alive


def test_no_child_process_outlives_the_command(tmp_path):
    """SAT's child is stopped with the command: at the time limit, when either part answers
    first, and on Ctrl-C."""
    import signal
    import time

    import psutil
    pytest.importorskip("pysat.solvers")
    # the time limit: Knotty is beyond both in a second and a half
    _, seen, code, out, err = command_and_children("puzzles/survey-knotty.non", "--timeout", "1.5")
    assert code == 3 and err == "" and seen, "SAT joined the race"
    assert still_running(seen) == []
    # an answer: Forever (whichever part answers first, the other is stopped)
    for options in ([], ["--engine-seconds", "0.3"]):
        _, seen, code, out, err = command_and_children("puzzles/webpbn-06574.non", *options)
        assert code == 0 and err == "" and seen and still_running(seen) == []
    # Ctrl-C once SAT has joined
    hard = random_non(tmp_path, "hard.non", 45, seed=3, density=0.45)
    process = subprocess.Popen([sys.executable, "-m", "nonocommand", str(hard), "--engine-seconds",
                                "0.1"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    command, children = psutil.Process(process.pid), []
    for _ in range(500):
        children = command.children(recursive=True)
        if children or process.poll() is not None:
            break
        time.sleep(0.01)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=20)
    assert process.returncode in (0, 130) and still_running(c.pid for c in children) == []
    if process.returncode == 130:
        assert err.strip() == "nonogram: interrupted"


def test_a_sat_child_that_is_killed_is_a_clear_gave_up():
    """Killing SAT's process (as the system would when memory runs out) is a lost part, reported
    in the verdict line, never a traceback."""
    import time

    import psutil
    pytest.importorskip("pysat.solvers")
    for options in (["--timeout", "3"], ["--sat", "--timeout", "10"]):
        process = subprocess.Popen([sys.executable, "-m", "nonocommand", "puzzles/survey-knotty.non",
                                    *options], cwd=ROOT, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True)
        command = psutil.Process(process.pid)
        for _ in range(500):
            children = command.children(recursive=True)
            if children:
                time.sleep(0.3)  # (it is solving by now)
                for child in children:
                    child.kill()
                break
            time.sleep(0.01)
        out, err = process.communicate(timeout=30)
        assert process.returncode == 3 and err == "", (options, err)
        assert "SAT: stopped unexpectedly (exit code -9)" in out.splitlines()[-1]


# --- how the command starts ----------------------------------------------------------------------

def test_a_small_puzzle_loads_no_heavy_module(tmp_path):
    """The command's start-up is measured: a run on a 1x1 puzzle imports no plotting, picture,
    SAT or colour module (they are imported where a run needs them; sat_available looks for
    pysat.solvers without importing it, which imports the empty package pysat only)."""
    (tmp_path / "one.non").write_text("width 1\nheight 1\nrows\n1\ncolumns\n1\n")
    result = subprocess.run([sys.executable, "-X", "importtime", "-m", "nonocommand",
                             str(tmp_path / "one.non")], cwd=ROOT, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0 and result.stdout == "#\nunique solution, solved by line logic alone\n"
    loaded = {line.split("|")[-1].strip() for line in result.stderr.splitlines()
              if line.startswith("import time:")}
    assert "nonosat" in loaded  # (the check reads the right output)
    heavy = ("matplotlib", "numpy", "PIL", "pysat.", "nonocolour", "nonodraw")
    found = sorted(name for name in loaded if name.startswith(heavy))
    assert found == [], found


def test_the_console_script_runs_the_command():
    import shutil
    import tomllib
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts == {"nonogram": "nonocommand:command"}
    script = shutil.which("nonogram") or shutil.which("nonogram", path=str(Path(sys.executable).parent))
    if script is None:
        pytest.skip("the project is not installed (pip install -e .)")
    result = subprocess.run([script, "puzzles/webpbn-00001.non"], cwd=ROOT, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0 and result.stdout.splitlines()[-1] == (
        "unique solution, solved by line logic alone")


@pytest.mark.parametrize("options", [["--timeout", "inf", "--sat"], ["--timeout", "1e308"],
                                     ["--memory", "8796093022264"],
                                     ["--memory", "8796093022264", "--sat"]])
def test_limits_beyond_any_machine_are_no_limits(options, capsys):
    """These raised OverflowError (exit 4) from the system's waits and memory caps."""
    assert main([str(PUZZLES / "webpbn-06574.non"), *options]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("unique solution")
