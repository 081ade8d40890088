"""``gametree.reproduce``: the paper reproductions, run by the ``gametree`` command line.

The reproductions (the paper modules, their experiments and shards) are the laboratory's,
which the native extension does not include: the extension holds the searches, games,
trees and tournaments only. ``reproduce`` therefore runs ``gametree reproduce SELECTION
--json`` as a subprocess and returns its ``rows``; the binary is ``$GAMETREE_BIN`` when set,
else ``gametree`` on the ``PATH``.
"""

import json
import os
import shutil
import subprocess

from ._gametree import GametreeError

# The largest `hands` the package accepts (the card tables' hands per line).
MAX_HANDS = 100_000


def gametree_binary():
    """The ``gametree`` binary ``reproduce`` runs: ``$GAMETREE_BIN``, else ``gametree`` on the
    ``PATH``; a ``GametreeError`` saying how to get one when there is none."""
    path = os.environ.get("GAMETREE_BIN")
    if path:
        if not os.path.isfile(path):
            raise GametreeError(f"GAMETREE_BIN={path}: no such file (the gametree binary)")
        return path
    found = shutil.which("gametree")
    if found is None:
        raise GametreeError(
            "reproduce runs the gametree command line, which is not on the PATH: install it "
            "(cargo install --path crates/gametree-cli) or set GAMETREE_BIN to its path")
    return found


def reproduce(selection, quick=True, hands=None):
    """Recomputes the tables of `selection` (``PAPER`` or ``PAPER/TABLE``, as ``gametree
    reproduce``): a list of dict rows, the ``rows`` of ``gametree reproduce --json``. `quick`
    runs the quick mode; `hands` sets the hands of the card-game tables (1 to 100,000).

    Runs ``gametree reproduce --json`` (``$GAMETREE_BIN``, else ``gametree`` on the ``PATH``)
    as a subprocess; its errors (an unknown paper or table) are ``GametreeError``s, and
    Ctrl-C stops it.
    """
    if not isinstance(selection, str):
        raise TypeError("selection: expected a str (PAPER or PAPER/TABLE)")
    if hands is not None:
        if isinstance(hands, bool) or not isinstance(hands, int):
            raise TypeError("hands: expected an int")
        if not 1 <= hands <= MAX_HANDS:
            raise GametreeError(f"hands={hands}: must be between 1 and {MAX_HANDS}")
    args = [gametree_binary(), "reproduce", selection, "--json"]
    if quick:
        args.append("--quick")
    if hands is not None:
        args += ["--hands", str(hands)]
    done = subprocess.run(args, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    if done.returncode != 0:
        lines = [line for line in done.stderr.splitlines() if line.strip()]
        errors = [line for line in lines if line.startswith("error: ")]
        message = (errors or lines or [f"gametree reproduce exited with {done.returncode}"])[0]
        raise GametreeError(message.removeprefix("error: "))
    return json.loads(done.stdout)["rows"]
