"""gametree: game-tree search for two to six players, from Python.

The searches, games and explicit trees are the native ones of the gametree engine (Rust): the
same algorithms, values, node counts and JSON as the ``gametree`` command line.

>>> import gametree as gt
>>> tree = gt.Tree.from_json('{"players": 2, "root": {"player": 0, "children": '
...                          '[{"value": [1, -1]}, {"value": [3, -3]}]}}')
>>> r = gt.search(tree, "minimax")
>>> (r.value, r.best_move)
((3, -3), 1)
"""

from ._gametree import (
    GametreeError,
    Game,
    SearchResult,
    State,
    Tree,
    _budget_fields,
    algorithms,
    compare,
    games,
    perft,
    search,
    tournament,
)
from ._reproduce import reproduce
from ._results import ComparisonResult, TournamentResult

__all__ = [
    "ComparisonResult",
    "GametreeError",
    "Game",
    "SearchResult",
    "State",
    "Tree",
    "TournamentResult",
    "algorithms",
    "compare",
    "games",
    "perft",
    "reproduce",
    "search",
    "tournament",
]
