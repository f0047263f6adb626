"""The `nonogram` command's edges (issue 26): usage errors in one line without SystemExit, Ctrl-C
from the first instant, an impossible puzzle is exit 1 whichever check finds it, --memory keeps
--png and --worksheet working (or refuses in one line), --count, output files refused before the
work, and a failing part the user did not ask for never changes a solved puzzle's code."""
import os
import signal
import statistics
import subprocess
import sys
import time

import pytest

import nonocommand
import nonosat
from nonocommand import main
from nonofiles import Puzzle

from nonotools_helpers import PUZZLES, ROOT, run

DANCER = str(PUZZLES / "webpbn-00001.non")
DIAGONAL = "width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n"
TOTALS_DIFFER = "width 2\nheight 2\nrows\n2\n1\ncolumns\n1\n1\n"


# --- usage errors: one line, the option and the fix, exit 2, never SystemExit ----------------

@pytest.mark.parametrize("name", ["webpbn-00001.non", "pynogram-apples.xml",
                                  "rosetta-nonogram-problems.txt"])
def test_size_with_a_file_of_clues_is_refused(name, capsys):
    """--size scales pictures; with a file of clues it used to be ignored silently."""
    assert main([str(ROOT / "puzzles" / name), "--size", "5"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.splitlines()) == 1
    assert "--size goes with a picture" in captured.err


def test_size_with_a_text_picture_scales_it(tmp_path, capsys):
    picture = tmp_path / "stripes.txt"
    picture.write_text("\n".join("1100" * 5 for _ in range(20)) + "\n")
    assert main([str(picture), "--size", "10"]) in (0, 1)
    assert max(len(line) for line in capsys.readouterr().out.splitlines()[:-1]) <= 10


@pytest.mark.parametrize("argv, words", [
    (["--bogus"], "--bogus"),
    ([DANCER, "--timeout", "soon"], "--timeout needs a number"),
    ([DANCER, "--max-solutions", "2.5"], "--max-solutions needs a whole number"),
    ([DANCER, "--max-solutions"], "--max-solutions needs a value"),
    ([DANCER, "--max-solutions", "0"], "--max-solutions must be at least 1"),
    ([DANCER, "--sat", "--no-sat"], "--sat and --no-sat do not go together"),
    ([DANCER, "--count", "--all"], "--count"),
    ([DANCER, "--count", "--png", "x.png"], "--count"),
    (["--worksheet", "x.pdf", "--count", DANCER], "do not go with --worksheet"),
    (["--worksheet", "x.pdf", "--class-set", "2", "--difficulty", "hard"], "--difficulty"),
    ([DANCER, "--seed", "3"], "--seed go with --class-set"),
    ([], "required: file"),
    ([DANCER, DANCER], "need --worksheet"),
    ([DANCER, "--memory", "50"], "--memory must be at least 100"),
])
def test_a_usage_error_is_one_line_and_exit_2(argv, words, capsys):
    assert main(argv) == 2  # (returned: no SystemExit escapes main)
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.splitlines()) == 1
    assert captured.err.startswith("nonogram: ") and words in captured.err
    assert "usage:" not in captured.err


def test_help_is_exit_0_without_system_exit(capsys):
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "--count" in out and "--worksheet OUT.pdf" in out


def test_the_option_rules_are_declared_once():
    """Every option the tables name is an option of the parser."""
    parser = nonocommand.command_parser()
    known = {option for action in parser._actions for option in action.option_strings}
    named = {option for option, partner, _ in nonocommand.OPTION_NEEDS for option in
             (option, partner)}
    named |= {option for option, others, _ in nonocommand.OPTION_CLASHES for option in
              (option, *others)}
    assert named <= known, named - known


# --- Ctrl-C from the first instant -------------------------------------------------------------

def python_start_seconds() -> float:
    """The median time Python takes here, now (the machine may be busy), to start and compile
    nonocommand.py (as `python -m` does, when no bytecode is cached): before that, no program
    can catch Ctrl-C."""
    times = []
    code = f"compile(open({str(ROOT / 'nonocommand.py')!r}).read(), 'nonocommand.py', 'exec')"
    for _ in range(5):
        start = time.monotonic()
        subprocess.run([sys.executable, "-c", code], check=True)
        times.append(time.monotonic() - start)
    return statistics.median(times)


KNOTTY = str(PUZZLES / "survey-knotty.non")  # (neither part settles it in seconds)


@pytest.mark.parametrize("options", [[KNOTTY, "--timeout", "8"],
                                     ["--worksheet", "SHEET", DANCER, KNOTTY, "--timeout", "8"]])
def test_ctrl_c_at_any_moment_of_start_up_is_one_line_and_130(tmp_path, options):
    """SIGINT while the modules load (and later, while solving) gives one line and 130: never
    a traceback, never 'Exception ignored'. The first delay is about the time Python takes to
    start and compile the module (python_start_seconds)."""
    options = [str(tmp_path / "sheet.pdf") if option == "SHEET" else option for option in options]
    base = python_start_seconds()
    for extra in (0.0, 0.02, 0.05, 0.1, 0.15, 0.2, 0.3, 0.45, 0.7, 1.5):
        for _ in range(3):  # (a busy machine may not have reached nonocommand yet: try again)
            process = subprocess.Popen([sys.executable, "-m", "nonocommand", *options],
                                       cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                       text=True)
            time.sleep(base * 1.2 + extra)
            process.send_signal(signal.SIGINT)
            out, err = process.communicate(timeout=60)
            if process.returncode == 130 or "nonocommand.py" in err:
                break  # (a traceback through nonocommand.py is the command's own fault)
        assert (process.returncode, err) == (130, "nonogram: interrupted\n"), (extra, out)
    assert not (tmp_path / "sheet.pdf").exists()


def test_an_interrupt_swallowed_by_a_library_still_ends_with_130(monkeypatch, capsys):
    """A Ctrl-C that came inside a finaliser (Python prints 'Exception ignored' and goes on)
    is noted by the unraisable hook: the command still ends with one line and 130 (by
    os._exit, past Python's finalisation)."""
    calls = []

    def swallowed(*args, **kwargs):
        calls.append(1)
        nonocommand.on_unraisable(type("U", (), {"exc_value": KeyboardInterrupt()})())
        return 0
    def exit_now(code):  # (os._exit would end the tests' process too)
        raise SystemExit(code)
    monkeypatch.setattr(nonocommand, "main", swallowed)
    monkeypatch.setattr(os, "_exit", exit_now)
    monkeypatch.setitem(nonocommand.INTERRUPT, "seen", False)
    monkeypatch.setitem(nonocommand.INTERRUPT, "said", False)
    previous = signal.getsignal(signal.SIGINT), sys.unraisablehook
    try:
        with pytest.raises(SystemExit) as stop:
            nonocommand.command()
    finally:
        signal.signal(signal.SIGINT, previous[0])
        sys.unraisablehook = previous[1]
    assert calls and stop.value.code == 130
    assert capsys.readouterr().err == "nonogram: interrupted\n"


def test_importing_the_command_loads_nothing_before_ctrl_c_is_handled():
    result = subprocess.run([sys.executable, "-X", "importtime", "-c", "import nonocommand"],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    loaded = {line.split("|")[-1].strip() for line in result.stderr.splitlines()
              if line.startswith("import time:")}
    assert "nonocommand" in loaded
    ours = sorted(name for name in loaded if name.startswith("nono") and name != "nonocommand")
    assert ours == [] and "argparse" not in loaded, ours


# --- an impossible puzzle is exit 1, whichever check finds it ---------------------------------

def test_totals_that_differ_found_by_the_solver_are_no_solution(monkeypatch, capsys):
    impossible = Puzzle([[2], [1]], [[1], [1]])
    monkeypatch.setattr(nonocommand, "read_any_puzzles", lambda *args, **kw: [impossible])
    assert main([DANCER]) == 1
    captured = capsys.readouterr()
    assert captured.err == "" and captured.out.startswith("no solution: ")
    assert "rows need 3" in captured.out and len(captured.out.splitlines()) == 1


def test_totals_that_differ_found_by_the_reader_are_no_solution(tmp_path):
    (tmp_path / "totals.non").write_text(TOTALS_DIFFER)
    code, out, err = run(tmp_path / "totals.non")
    assert code == 1 and err == "" and out.startswith("no solution: ")
    assert "line 7: rows need 3 filled cells" in out and len(out.splitlines()) == 1


# --- a part the user did not ask for never changes the code of a solved puzzle ----------------

def test_sat_failing_in_a_race_leaves_the_engine_to_answer(monkeypatch, capsys):
    real = nonosat.find_solutions

    def broken_sat(*args, use_sat=True, **options):
        if use_sat:
            raise OSError(24, "Too many open files")  # (SAT's child could not start)
        return real(*args, use_sat=False, **options)
    monkeypatch.setattr(nonosat, "find_solutions", broken_sat)
    assert main([str(PUZZLES / "pynogram-smile.non")]) == 0
    captured = capsys.readouterr()
    assert captured.err == "" and captured.out.splitlines()[-1].startswith("unique solution")


# --- --count ------------------------------------------------------------------------------------

def test_count_prints_the_number_of_solutions(tmp_path, capsys):
    (tmp_path / "diagonal.non").write_text(DIAGONAL)
    (tmp_path / "none.non").write_text("width 3\nheight 3\nrows\n1,1\n1\n1,1\ncolumns\n3\n0\n2\n")
    for argv, code, out in [([DANCER], 0, "1\n"),
                            ([str(tmp_path / "diagonal.non")], 0, "2\n"),
                            ([str(tmp_path / "diagonal.non"), "--max-solutions", "1"], 0,
                             "more than 1\n"),
                            ([str(tmp_path / "none.non")], 1, "0\n")]:
        assert main([*argv, "--count", "--no-sat"]) == code
        assert capsys.readouterr() == (out, "")


def test_count_that_runs_out_of_time_gives_up():
    code, out, err = run(PUZZLES / "survey-knotty.non", "--count", "--timeout", "1", "--no-sat",
                         timeout=120)
    assert code == 3 and err == "" and len(out.splitlines()) == 1
    assert out.startswith("gave up after")


# --- --memory keeps --png and --worksheet working, or refuses in one line --------------------

@pytest.mark.parametrize("memory", [100, 150, 200, 300])
@pytest.mark.parametrize("option, suffix, magic", [("--png", ".png", b"\x89PNG"),
                                                   ("--worksheet", ".pdf", b"%PDF")])
def test_memory_keeps_pictures_and_worksheets_working(tmp_path, memory, option, suffix, magic):
    out_path = tmp_path / f"out{suffix}"
    code, out, err = run(DANCER, "--memory", memory, option, out_path, timeout=120)
    assert err == "" and code in (0, 3), (code, out, err)
    if code == 0:
        assert out_path.read_bytes().startswith(magic)
    else:
        assert out.splitlines()[-1].startswith("gave up") and "--memory" in out
        assert len([line for line in out.splitlines() if "gave up" in line]) == 1
        assert not out_path.exists()
    if memory >= 300:
        assert code == 0  # the budget holds the drawing


# --- output files and file names ----------------------------------------------------------------

@pytest.mark.parametrize("argv", [["--worksheet", "/proc/version.pdf", DANCER],
                                  ["--png", "/proc/version.png", DANCER],
                                  ["--worksheet", "/proc/version.pdf", "--class-set", "2"]])
def test_an_output_file_that_cannot_be_written_is_refused_before_the_work(argv, capsys):
    start = time.monotonic()
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.splitlines()) == 1
    assert "cannot write /proc/version" in captured.err and time.monotonic() - start < 2


@pytest.mark.parametrize("name", ["two\nlines.non", "carriage\rreturn.non", "both\r\n.non"])
def test_a_line_break_in_a_file_name_is_still_one_line(tmp_path, name, capsys):
    assert main([str(tmp_path / name)]) == 2  # (missing)
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and err.endswith("\n") and "\r" not in err
    (tmp_path / name).write_text("width 2\nheight 2\nrows\n9\n1\ncolumns\n1\n1\n")
    assert main([str(tmp_path / name)]) == 2  # (a clue that does not fit)
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "\r" not in err and "line 4" in err


# --- options that would be ignored, unknown options, FILEs between options --------------------

def test_colours_with_a_file_that_is_not_a_picture_is_refused(capsys):
    assert main([DANCER, "--colours", "3"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.splitlines()) == 1
    assert "--colours goes with a picture file" in captured.err


@pytest.mark.parametrize("argv, words", [
    (["--class-sets", "3"], "unknown option --class-sets (did you mean --class-set?)"),
    (["--dificulty", "line", "x.non"], "did you mean --difficulty?"),
    (["--worksheet", "x.pdf", "--class-set", "1", "--random", "--size", "20000"],
     "--size must be at most 1000"),
])
def test_unknown_options_and_sizes_beyond_any_puzzle(argv, words, capsys):
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.splitlines()) == 1 and words in captured.err


def test_files_may_come_between_options(tmp_path, capsys):
    out = tmp_path / "sheet.pdf"
    assert main(["--worksheet", str(out), DANCER, "--timeout", "60",
                 str(PUZZLES / "pynogram-smile.non")]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith(f"worksheet: {out} (")


def test_a_large_picture_is_read_within_the_default_budget(tmp_path):
    pil = pytest.importorskip("PIL.Image")
    picture = pil.new("L", (3000, 3000), 255)
    picture.paste(0, (600, 600, 2400, 2400))
    picture.save(tmp_path / "big.png")
    code, out, err = run(tmp_path / "big.png", "--size", "20", timeout=120)
    assert code == 0 and err == "" and out.splitlines()[-1].startswith("unique solution")


# --- --timeout is a hard limit: every stage, printing included ---------------------------------

PERMUTATIONS = "width 9\nheight 9\nrows\n" + "1\n" * 9 + "columns\n" + "1\n" * 9  # 9! solutions


def test_all_with_a_timeout_prints_solutions_as_found_and_stops_in_time(tmp_path):
    """--all used to print every solution after the search, seconds past --timeout; now they are
    printed as the engine finds them, each once, and what is left is printed within the time."""
    (tmp_path / "perm.non").write_text(PERMUTATIONS)
    begun = time.monotonic()
    code, out, err = run(tmp_path / "perm.non", "--all", "--max-solutions", "1000000",
                         "--timeout", "2", timeout=120)
    wall = time.monotonic() - begun
    assert code == 3 and err == "" and out.splitlines()[-1].startswith("gave up after")
    assert wall < 2 + python_start_seconds() + 2.0  # (generous: a busy machine)
    grids = out.rsplit("\n", 2)[0].split("\n\n")
    assert len(grids) > 100 and len(set(grids)) == len(grids)
    for grid in grids:  # each a permutation matrix: one filled cell in each row and column
        rows = grid.splitlines()
        assert len(rows) == 9 and all(row.count("#") == 1 for row in rows)
        assert sorted(row.index("#") for row in rows) == list(range(9))


def test_a_stage_that_never_looks_at_the_clock_is_stopped_by_the_alarm(tmp_path):
    """A stage that does not look at the clock (here a reader made to hang) cannot outlast
    --timeout: the command's alarm stops it with one line and exit code 3."""
    code = ("import sys, time, nonocommand\n"
            "nonocommand.read_any_puzzles = lambda *a, **k: time.sleep(60)\n"
            "sys.argv = ['nonogram', sys.argv[1], '--timeout', '1']\n"
            "nonocommand.command()\n")
    begun = time.monotonic()
    result = subprocess.run([sys.executable, "-c", code, DANCER], cwd=ROOT, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 3 and result.stderr == ""
    assert result.stdout.startswith("gave up after") and len(result.stdout.splitlines()) == 1
    assert time.monotonic() - begun < 1 + python_start_seconds() + 2.0


def test_printing_that_outlasts_the_timeout_gives_up_with_what_it_printed(capsys):
    lister = nonocommand.Lister(Puzzle([[1], [1]], [[1], [1]]), 10)
    grids = [[[1, 0], [0, 1]], [[0, 1], [1, 0]]]
    assert nonocommand.print_result(lister, grids, "the line", time.monotonic() - 1) is False
    assert capsys.readouterr().out == ""
    assert nonocommand.print_result(lister, grids + grids, "the line") is True
    assert capsys.readouterr().out == "#.\n.#\n\n.#\n#.\nthe line\n"  # (each grid once)


# --- found by a hostile tester (second round) ----------------------------------------------------

def test_a_title_of_any_length_or_with_dollar_signs_is_drawn_quickly(tmp_path):
    """A 100,000-character title took the drawing library seconds (past --timeout), and a '$'
    pair in it was read as mathematics (internal error): titles are drawn short and plain."""
    title = "A $\\frac{a$ title " * 6000
    (tmp_path / "t.non").write_text(f'title "{title}"\n' + DIAGONAL.replace("1\n1\n", "1\n0\n", 1)
                                    .replace("columns\n1\n1", "columns\n1\n0"))
    begun = time.monotonic()
    code, out, err = run(tmp_path / "t.non", "--png", tmp_path / "t.png", "--timeout", "5")
    assert (code, err) == (0, "") and (tmp_path / "t.png").stat().st_size > 1000, out
    assert time.monotonic() - begun < 5 + python_start_seconds() + 2.0


def test_a_closed_output_or_error_stream_keeps_the_exit_code(tmp_path):
    """`nonogram x.non >&-` ended in a traceback (exit 1); with stderr closed, bad input was
    exit 1 instead of 2."""
    def closing(fd):
        return lambda: os.close(fd)
    for fd, args, code in [(1, [DANCER], 0), (2, [str(tmp_path / "none.non")], 2)]:
        result = subprocess.run([sys.executable, "-m", "nonocommand", *args], cwd=ROOT,
                                preexec_fn=closing(fd), timeout=60,
                                stdout=subprocess.DEVNULL if fd == 2 else None,
                                stderr=subprocess.DEVNULL if fd == 1 else None)
        assert result.returncode == code, (fd, args)


def test_max_solutions_beyond_any_listing_is_a_usage_error(capsys):
    assert main([DANCER, "--count", "--max-solutions", "9223372036854775807"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "--max-solutions must be at most" in captured.err
    assert len(captured.err.splitlines()) == 1


def test_a_big_puzzle_that_line_logic_settles_is_solved_in_the_race(tmp_path):
    """The race gave the engine a fixed 64 MB, and a 999x999 checkerboard (line logic alone)
    gave up 'out of memory' by default while --no-sat solved it."""
    side = 999
    clues = ["1," * (side // 2) + "1" if r % 2 == 0 else ",".join(["1"] * (side // 2))
             for r in range(side)]
    (tmp_path / "cb.non").write_text(f"width {side}\nheight {side}\nrows\n" + "\n".join(clues)
                                     + "\ncolumns\n" + "\n".join(clues) + "\n")
    code, out, err = run(tmp_path / "cb.non", "--timeout", "60", timeout=120)
    assert (code, err) == (0, ""), out[-300:]
    assert out.splitlines()[-1] == "unique solution, solved by line logic alone"


def test_a_class_set_of_thirty_is_drawn_within_ten_seconds(tmp_path):
    """--class-set 30 --timeout 10 was refused at once ('too little time left to draw': an
    estimate of 0.3 s a puzzle) while the whole job takes about 4 s."""
    out_pdf = tmp_path / "k.pdf"
    code, out, err = run("--worksheet", out_pdf, "--class-set", "30", "--timeout", "10",
                         timeout=120)
    assert (code, err) == (0, ""), out[-300:]
    assert out_pdf.read_bytes().startswith(b"%PDF")
