"""A smoke test of the benchmark scripts in their quick mode: they run, and write what the lessons
and the appendix read. (They measure; they are not tests of speed.)"""
import csv
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = ROOT / "benchmarks"


def run(script, *args):
    result = subprocess.run([sys.executable, str(BENCHMARKS / script), *map(str, args)],
                            cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    return result


def rows(path):
    with open(path, newline="") as file:
        return list(csv.DictReader(file))


def test_speed_quick_writes_every_table(tmp_path):
    # No puzzle collection (as on a fresh clone): the parts that need it skip, the rest run.
    run("speed.py", "--quick", "--time-limit", "1", "--puzzles", tmp_path / "none",
        "--out", tmp_path)
    for name in ("speed", "lines", "random", "memory", "ideas", "ablation", "colour-lines",
                 "colour-puzzles"):
        assert rows(tmp_path / f"{name}.csv"), name
    committed = {row["config"] for row in rows(BENCHMARKS / "results" / "ideas.csv")}
    assert {row["config"] for row in rows(tmp_path / "ideas.csv")} == committed
    committed = {row["config"] for row in rows(BENCHMARKS / "results" / "ablation.csv")}
    assert {row["config"] for row in rows(tmp_path / "ablation.csv")} == committed
    assert {row["verdict"] for row in rows(tmp_path / "random.csv")} <= {"unique", "multiple",
                                                                          "limit"}


def test_validate_reads_puzzles_and_hands_over(tmp_path):
    out = tmp_path / "validate.csv"
    run("validate.py", "--random", "1", "--size", "8", "--csv", out,
        ROOT / "puzzles" / "webpbn-00001.non", ROOT / "puzzles" / "gchq2015.non")
    table = rows(out)
    assert [row["verdict"] for row in table[:2]] == ["unique", "unique"]
    assert table[1]["method"] == "line"  # GCHQ with its givens, read from the file
    run("validate.py", "--random", "0", "--race", "--csv", out,
        ROOT / "puzzles" / "webpbn-00023.non")
    assert rows(out)[0]["verdict"] == "unique"


def test_command_benchmark_compares_two_checkouts(tmp_path):
    run("command.py", "--quick", "--out", tmp_path, "--against", ROOT)
    table = rows(tmp_path / "command-against.csv")
    assert len(table) == 3 and all(row["exit"] == "0" for row in table)
    assert all(row["same_answer"] == "True" for row in table)


def test_race_quick_writes_three_tables(tmp_path):
    # No puzzle collection: the shipped small puzzles and random 10x10 and 20x20 ones.
    run("race.py", "--quick", "--puzzles", tmp_path / "none", "--out", tmp_path)
    helpers = rows(tmp_path / "sat-helpers.csv")
    assert len(helpers) == 7 and all(row["same_answer"] == "True" for row in helpers)
    assert all(float(row["seconds_off"]) > 0 and float(row["seconds_8"]) > 0 for row in helpers)
    race = rows(tmp_path / "race.csv")
    assert len(race) == 7
    for row in race:
        for mode in ("no-sat", "race", "sat"):
            assert row[f"{mode}_exit"] == "0", row[f"{mode}_verdict"]
            assert 0 < float(row[f"{mode}_seconds"]) < 60
            assert 5 < float(row[f"{mode}_tree_peak_mb"]) < 1000
            assert row[f"{mode}_stragglers"] == "0"
        assert row["sat_part"] == "SAT" and row["answers_agree"] == "True"
        assert row["race_part"] in ("engine", "SAT (racing)") and row["no-sat_part"] == "engine"
        assert float(row["ratio"]) > 0 and row["time_ok"] in ("True", "False")
    assert race[0]["race_verdict"] == "unique solution, solved by line logic alone"
    startup = rows(tmp_path / "startup.csv")
    assert [row["runs"] for row in startup] == ["5", "5", ""] * (len(startup) // 3)
    assert all(float(row["median_ms"]) > 0 for row in startup if row["runs"])
    assert all(float(row["ratio"]) > 0 for row in startup[2::3])  # (python -c pass: 1)
    imports = {row["module"]: row for row in rows(tmp_path / "startup-imports.csv")}
    assert imports["argparse"]["imported"] == "True" and imports["PIL"]["imported"] == "False"
    encoding = {row["puzzle"]: row for row in rows(tmp_path / "encoding.csv")}
    assert set(encoding) == {row["puzzle"] for row in race}
    solved_by_lines = encoding["webpbn-00001"]  # line logic decides every cell
    assert solved_by_lines["open_cells"] == "0"
    assert int(solved_by_lines["after_clauses"]) < int(solved_by_lines["whole_clauses"])
    for row in encoding.values():
        assert int(row["whole_variables"]) >= int(row["cells"]) > 0


def stand_in_peer(folder, lines, exit_code=0, seconds=0):
    """A stand-in for pbnsolve (a C solver, not shipped): a script that checks it was called as
    `pbnsolve -b -u FILE`, waits `seconds` and prints `lines`."""
    peer = folder / "fake-pbnsolve"
    peer.write_text(f"#!{sys.executable}\nimport sys, time\n"
                    "assert sys.argv[1:3] == ['-b', '-u'] and sys.argv[3].endswith('.non')\n"
                    f"time.sleep({seconds})\n"
                    f"print({chr(10).join(lines)!r})\nsys.exit({exit_code})\n")
    peer.chmod(0o755)
    return peer


def run_peers(tmp_path, peer):
    result = run("race.py", "--quick", "--parts", "peers", "--pbnsolve", peer, "--peer-runs", "2",
                 "--puzzles", tmp_path / "none", "--out", tmp_path)
    return result, rows(tmp_path / "peers.csv")


def test_race_peers_part_times_a_peer_and_reads_its_answer(tmp_path):
    result, table = run_peers(tmp_path, stand_in_peer(tmp_path, ["a title", "multiple"]))
    assert [row["kind"] for row in table] == ["random 10x10", "random 10x10"]
    for row in table:
        assert row["runs"] == "2" and row["failed_runs"] == ""
        assert row["pbnsolve_answer"] == "multiple"
        assert row["race_answer"] == row["no-sat_answer"] != ""
        assert row["answers_agree"] == str(row["race_answer"] == "multiple")
        for way in ("pbnsolve", "race", "no-sat", "python"):
            assert 0 < float(row[f"{way}_ms"]) < 60_000
        ratio = float(row["race_ms"]) / float(row["pbnsolve_ms"])  # (times rounded to 0.1 ms)
        assert abs(float(row["race_ratio"]) - ratio) <= 0.01 * ratio
    assert "random 10x10 (2): the command" in result.stdout


def test_race_peers_part_reports_a_failing_peer(tmp_path):
    _, table = run_peers(tmp_path, stand_in_peer(tmp_path, [], exit_code=1))
    for row in table:
        assert row["pbnsolve_answer"] == "?" and row["answers_agree"] == "False"
        assert row["failed_runs"] == "pbnsolve 2"


def test_pbnsolve_answers_are_read_from_its_last_line():
    sys.path.insert(0, str(BENCHMARKS))
    try:
        import race
    finally:
        sys.path.remove(str(BENCHMARKS))
    for code, output, answer in [(0, "multiple\n", "multiple"), (0, "A title\nunique logical\n", "unique"),
                                 (0, "trivial unique logical\n", "unique"),
                                 (0, "contradiction\n", "none"), (0, "contradition\n", "none"),
                                 (0, "unique title\nmultiple\n", "multiple"), (0, "timeout\n", "?"),
                                 (0, "", "?"), (1, "multiple\n", "?")]:
        assert race.pbnsolve_status(code, output) == answer, output


def test_race_peers_part_is_skipped_without_pbnsolve(tmp_path):
    result = subprocess.run([sys.executable, str(BENCHMARKS / "race.py"), "--quick", "--parts",
                             "peers", "--puzzles", str(tmp_path / "none"), "--out", str(tmp_path)],
                            cwd=ROOT, capture_output=True, text=True, timeout=300,
                            env={"PATH": "/nonexistent", "HOME": str(tmp_path)})
    assert result.returncode == 0, result.stderr[-2000:]
    assert "part skipped" in result.stdout and not (tmp_path / "peers.csv").exists()


def run_settle(tmp_path, peer, seconds="2"):
    result = run("race.py", "--quick", "--parts", "settle", "--pbnsolve", peer,
                 "--settle-seconds", seconds, "--out", tmp_path)
    return result, rows(tmp_path / "settle.csv")


def test_race_settle_part_counts_what_each_settles(tmp_path):
    # A peer that always says "unique": it settles all seven quick puzzles, and disagrees with
    # the command wherever the command finds several solutions.
    result, table = run_settle(tmp_path, stand_in_peer(tmp_path, ["unique"]))
    assert len(table) == 7
    for row in table:
        assert row["pbnsolve_answer"] == "unique" and row["pbnsolve_settled"] == "True"
        assert row["command_answer"] in ("unique", "multiple") and row["command_settled"] == "True"
        assert row["answers_agree"] == str(row["command_answer"] == "unique")
    differ = sum(row["answers_agree"] == "False" for row in table)
    assert differ > 0  # (the quick random pictures at density 0.5 have several solutions)
    assert "settled by pbnsolve and not by the command: 0 (target 0: met)" in result.stdout
    assert f"answers differ where both settled: {differ}:" in result.stdout


def test_race_settle_part_kills_a_peer_at_the_limit(tmp_path):
    # A peer that would take 30 s is killed at the 2 s limit: it settles nothing, the command all.
    result, table = run_settle(tmp_path, stand_in_peer(tmp_path, ["unique"], seconds=30))
    for row in table:
        assert row["pbnsolve_answer"] == "timeout" and row["pbnsolve_settled"] == "False"
        assert 2 <= float(row["pbnsolve_seconds"]) < 10
        assert row["command_settled"] == "True" and row["answers_agree"] == "True"
    assert "pbnsolve 0, the command 7" in result.stdout
    assert "settled by the command and not by pbnsolve: 7:" in result.stdout


def test_race_settle_part_gives_sat_a_second_chance(tmp_path):
    # With a limit of 10 ms, the race cannot finish a search (the random 20x20 picture at density
    # 0.5 needs one): where it gives up, --sat runs with the same limit and its memory sampled.
    result, table = run_settle(tmp_path, stand_in_peer(tmp_path, ["unique"]), seconds="0.01")
    unsettled = [row for row in table if row["command_settled"] == "False"]
    assert unsettled and "random-20x20-d0.5-s1" in [row["puzzle"] for row in unsettled]
    for row in table:
        if row["command_settled"] == "True":
            assert row["sat_seconds"] == row["sat_answer"] == row["sat_tree_peak_mb"] == ""
        else:
            assert row["command_answer"] == "gave up"
            assert row["sat_answer"] in ("unique", "multiple", "none", "gave up")
            assert float(row["sat_seconds"]) > 0 and float(row["sat_tree_peak_mb"]) > 5
    # (The stand-in peer, a Python script, may itself be killed at 10 ms: no claim about it.)
    rescued = sum(row["sat_answer"] in ("unique", "multiple", "none") for row in table)
    assert f"not settled by the race, settled by --sat (with more memory): {rescued}" \
        in result.stdout


def test_race_settle_part_does_not_count_a_failed_peer_as_settled(tmp_path):
    # A peer that says something that is no answer ("stalled"), or fails, settles nothing.
    for name, lines, exit_code in (("stalled", ["stalled"], 0), ("failed", ["unique"], 1)):
        folder = tmp_path / name
        folder.mkdir()
        result, table = run_settle(folder, stand_in_peer(folder, lines, exit_code))
        for row in table:
            assert row["pbnsolve_answer"] == "error" and row["pbnsolve_settled"] == "False"
            assert row["answers_agree"] == "True"  # (only both settled can disagree)
        assert "pbnsolve 0, the command 7" in result.stdout, name
