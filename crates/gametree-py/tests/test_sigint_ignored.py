"""The suite passes however it is started: the Ctrl-C tests (marked `sigint`) run again in
a pytest that starts with SIGINT ignored, as `nohup`, `cmd &` in a script and some CI
runners start it."""

import os
import pathlib
import subprocess
import sys

import pytest

HERE = pathlib.Path(__file__).resolve().parent


def ignoring_sigint(*argv):
    """The command that runs `python *argv` with SIGINT ignored from its start: the state
    a background job starts in (an ignored signal stays ignored across exec, and Python
    then installs no KeyboardInterrupt handler)."""
    code = ("import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_IGN); "
            "os.execv(sys.executable, [sys.executable, *sys.argv[1:]])")
    return [sys.executable, "-c", code, *argv]


@pytest.mark.skipif(os.name != "posix", reason="signals")
def test_the_ctrl_c_tests_pass_when_the_suite_starts_with_sigint_ignored():
    probe = subprocess.run(
        ignoring_sigint("-c", "import signal; print(signal.getsignal(signal.SIGINT) is signal.SIG_IGN)"),
        capture_output=True, text=True, timeout=60)
    assert probe.stdout.strip() == "True", (probe.stdout, probe.stderr)
    p = subprocess.run(
        ignoring_sigint("-m", "pytest", "-q", "-m", "sigint", "-p", "no:cacheprovider", str(HERE)),
        capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=300)
    assert p.returncode == 0, p.stdout[-4000:] + p.stderr[-2000:]
    # The Ctrl-C tests ran, none skipped: 8 of native searches, 9 of Python games, 2 of
    # tournaments and 1 of a comparison on Python games.
    assert "20 passed" in p.stdout and "skipped" not in p.stdout, p.stdout[-2000:]
