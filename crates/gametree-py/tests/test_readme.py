"""README.md's Python snippet prints what README shows (issue #49, point 5): the snippet is
run as written and its output compared, numbers included, with the `# prints: ...` comment
of its `print` line. The command line's samples are checked by the Rust tests
(crates/gametree-cli/tests/it/readme.rs)."""

import contextlib
import io
import re

from conftest import REPO

README = REPO / "README.md"
SHOWN = "# prints: "


def the_snippet():
    """The first ```python block of README's "Use from Python" section."""
    text = README.read_text()
    section = text[text.index("## Use from Python"):]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


def shown_and_printed(snippet):
    """What the snippet's `print` line says it prints, and what running the snippet prints."""
    shown = [line.split(SHOWN, 1)[1] for line in snippet.splitlines() if SHOWN in line]
    assert len(shown) == 1, f"one `{SHOWN}...` comment in the snippet:\n{snippet}"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(snippet, str(README), "exec"), {})
    return shown[0].strip(), out.getvalue().strip()


def test_the_readme_python_snippet_prints_what_readme_shows():
    shown, printed = shown_and_printed(the_snippet())
    assert printed == shown, f"README shows {shown!r}; the snippet prints {printed!r}"


def test_a_wrong_sample_is_caught():
    snippet = the_snippet()
    shown, _ = shown_and_printed(snippet)
    number = re.search(r"\d+", shown).group(0)
    wrong = snippet.replace(SHOWN + shown, SHOWN + shown.replace(number, str(int(number) + 1), 1))
    shown, printed = shown_and_printed(wrong)
    assert printed != shown
