"""Type stubs of the gametree package (the native module gametree._gametree)."""

from os import PathLike
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

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

class Game:
    """A game of the registry at its start or at `position` (the game's notation)."""
    def __init__(self, spec: str, position: Optional[str] = None) -> None: ...
    @property
    def spec(self) -> str: ...
    @property
    def position(self) -> Optional[str]: ...

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
    def stats(self) -> Dict[str, Any]: ...
    def to_json(self) -> str: ...

def algorithms() -> List[str]: ...
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
) -> SearchResult: ...
def perft(game: Union[Game, str], depth: int) -> int: ...
def reproduce(selection: str, quick: bool = True, hands: Optional[int] = None) -> List[Dict[str, Any]]: ...
def tournament(
    game: str,
    engines: Optional[Union[str, Sequence[str]]] = None,
    depth: Optional[int] = None,
    nodes: Optional[int] = None,
    time_ms: Optional[int] = None,
    openings: int = 4,
    opening_plies: int = 3,
    seed: int = 1,
    threads: Optional[int] = None,
    bootstrap: int = 1000,
    max_plies: Optional[int] = None,
) -> Dict[str, Any]: ...
