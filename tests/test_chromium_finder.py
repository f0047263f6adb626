"""tests/chromium.py finds the browser the browser tests drive: $CHROMIUM first, then PATH, then
Playwright's own download; with none it names every way to get one."""
import stat

import chromium


def fake_program(folder, name):
    path = folder / name
    path.write_text("#!/bin/sh\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


def test_the_environment_variable_comes_first(tmp_path, monkeypatch):
    named = fake_program(tmp_path, "my-chrome")
    monkeypatch.setenv("CHROMIUM", named)
    monkeypatch.setenv("PATH", str(tmp_path))
    fake_program(tmp_path, "chromium")
    assert chromium.find_chromium()[0] == named


def test_a_wrong_environment_variable_is_named(tmp_path, monkeypatch):
    monkeypatch.setenv("CHROMIUM", str(tmp_path / "nothing-here"))
    program, why = chromium.find_chromium()
    assert program is None and "nothing-here" in why and "$CHROMIUM" in why


def test_path_names_in_order(tmp_path, monkeypatch):
    monkeypatch.delenv("CHROMIUM", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    chrome = fake_program(tmp_path, "google-chrome")
    assert chromium.find_chromium()[0] == chrome
    browser = fake_program(tmp_path, "chromium-browser")
    assert chromium.find_chromium()[0] == browser


def test_playwrights_own_is_the_last_resort(tmp_path, monkeypatch):
    monkeypatch.delenv("CHROMIUM", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    own = fake_program(tmp_path, "chrome")
    program, why = chromium.find_chromium(own)
    assert program == own and "Playwright" in why
    program, why = chromium.find_chromium(str(tmp_path / "not-downloaded"))
    assert program is None
    for way in ("$CHROMIUM", "PATH", "playwright install chromium"):
        assert way in why
