"""Type stubs of the gametree package (the native module gametree._gametree)."""

from os import PathLike
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

Move = Any  # int child index (trees), str move name (games), the object (Python games)

class GametreeError(ValueError):
    """A bad game spec, tree, position or option: the command line's one-line message."""

class Tree:
    """An explicit game tree (the JSON format of docs/tree-format.md)."""
    @staticmethod
    def from_json(text: str) -> "Tree": ...
    @staticmethod
    def load(path: Union[str, "PathLike[str]"]) -> "Tree": ...
    @property
    def players(self) -> int: ...

class State:
    """A state of a game of the registry: an immutable value, hashable, equal to another state
    of the same game in the same position."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Game:
    """A game of the registry at its start or at `position` (the game's notation), or a game
    written in Python (docs/python-games.md), with the calls that step its states."""
    def __init__(self, spec: Union[str, Any], position: Optional[str] = None) -> None: ...
    @property
    def spec(self) -> Optional[str]: ...
    @property
    def game(self) -> Optional[Any]: ...
    @property
    def players(self) -> int: ...
    def initial(self) -> Any: ...
    def to_move(self, state: Any) -> int: ...
    def moves(self, state: Any) -> List[Move]: ...
    def play(self, state: Any, move: Move) -> Any: ...
    def outcome(self, state: Any) -> Optional[Tuple[int, ...]]: ...
    def position(self, state: Optional[Any] = None) -> Optional[str]: ...

class SearchResult:
    """What gametree.search found."""
    @property
    def value(self) -> Tuple[int, ...]: ...
    @property
    def score(self) -> int: ...
    @property
    def best_move(self) -> Optional[Move]: ...
    @property
    def pv(self) -> List[Move]: ...
    @property
    def pv_players(self) -> Optional[List[int]]: ...
    @property
    def stats(self) -> Dict[str, Any]: ...
    def to_json(self) -> str: ...

class TournamentResult(Dict[str, Any]):
    """What gametree.tournament returns: a dict of the fields of `gametree tournament --json`
    that prints as the command line's table (and as HTML tables in a notebook)."""
    def to_dict(self) -> Dict[str, Any]: ...
    def to_json(self, indent: Optional[int] = 2) -> str: ...
    def _repr_html_(self) -> str: ...

class ComparisonResult(Dict[str, Any]):
    """What gametree.compare returns: a dict of the fields of `gametree compare --json` that
    prints the decision first, then the evidence (and as HTML in a notebook)."""
    def to_dict(self) -> Dict[str, Any]: ...
    def to_json(self, indent: Optional[int] = 2) -> str: ...
    def _repr_html_(self) -> str: ...

def algorithms() -> List[str]: ...
def _budget_fields() -> List[str]: ...
def games() -> List[str]: ...
def search(
    target: Any,
    algorithm: str,
    depth: Optional[int] = None,
    nodes: Optional[int] = None,
    time_ms: Optional[int] = None,
    iterative: bool = False,
    table_mib: int = 0,
    threads: int = 1,
    trace: bool = False,
    state: Optional[Any] = None,
    clock: Optional[str] = None,
    iterations: Optional[int] = None,
    seed: Optional[int] = None,
) -> SearchResult: ...
def perft(game: Union[Game, str], depth: int) -> int: ...
def reproduce(selection: str, quick: bool = True, hands: Optional[int] = None) -> List[Dict[str, Any]]: ...
def tournament(
    game: Union[str, Game, Any],
    engines: Optional[Union[str, Sequence[Union[str, Callable[[Any], Any]]]]] = None,
    depth: Optional[int] = None,
    nodes: Optional[int] = None,
    time_ms: Optional[int] = None,
    openings: int = 4,
    opening_plies: int = 3,
    seed: int = 1,
    threads: Optional[int] = None,
    bootstrap: int = 1000,
    max_plies: Optional[int] = None,
    clock: Optional[str] = None,
) -> TournamentResult: ...
def compare(
    game: Union[str, Game, Any],
    a: Union[str, Callable[[Any], Any]],
    b: Union[str, Callable[[Any], Any]],
    claim: str = "beats",
    depth: Optional[int] = None,
    nodes: Optional[int] = None,
    time_ms: Optional[int] = None,
    max_games: int = 800,
    opening_plies: int = 3,
    seed: int = 1,
    max_plies: Optional[int] = None,
    alpha: float = 0.05,
    threads: Optional[int] = None,
    clock: Optional[str] = None,
) -> ComparisonResult: ...
