"""OpenSpiel's games searched by gametree (docs/openspiel.md).

``OpenSpielGame(game)`` wraps a game of OpenSpiel (the PyPI package ``open_spiel``, the
optional extra ``pip install "./crates/gametree-py[openspiel]"``) that is sequential,
deterministic and of perfect information, for two to six players, as a game written in
Python (docs/python-games.md): every search of ``gametree.search`` runs on it, and
``gametree.Game(OpenSpielGame(...))`` steps it.

- States are OpenSpiel's ``State`` objects, never changed: ``play`` returns
  ``state.child(action)``, a new state.
- Moves are OpenSpiel's actions (ints), in the order of ``legal_actions()``.
- The value vector of a finished game is ``returns()``, times ``scale`` (gametree's values
  are integers: ``scale`` must make every return an integer); the bounds are the game's
  ``min_utility()`` and ``max_utility()`` times ``scale``, with the sum the game's utility
  promises (zero-sum, constant-sum).
- A search limited by ``depth`` needs the heuristic values of the states where it stops:
  ``evaluate(state)`` returns one number per player in the game's units of utility, which
  are multiplied by ``scale`` and rounded to integers. Without it, only searches to the end
  of the game run (``depth=None``), on the returns alone.

Chance, simultaneous-move and imperfect-information games are refused with a ``ValueError``
in one line naming the reason.

``bot(spiel_bot)`` seats an OpenSpiel bot (its ``MCTSBot``, say) in ``gametree.tournament`` and
``gametree.compare`` on such a game, beside gametree's engines.
"""

import math

try:
    import pyspiel
except ImportError as e:  # pragma: no cover - the message is the point
    raise ImportError(
        "gametree.openspiel needs OpenSpiel: pip install open_spiel "
        "(or pip install \"./crates/gametree-py[openspiel]\")") from e

__all__ = ["OpenSpielGame", "bot"]


def _why_not(game):
    """Why gametree cannot search `game`, or None."""
    t = game.get_type()
    name = t.short_name
    if t.dynamics != pyspiel.GameType.Dynamics.SEQUENTIAL:
        return f"{name} is a simultaneous-move game ({t.dynamics}): gametree searches games whose players move in turn"
    if t.chance_mode != pyspiel.GameType.ChanceMode.DETERMINISTIC:
        return f"{name} has chance nodes ({t.chance_mode}): gametree searches deterministic games"
    if t.information != pyspiel.GameType.Information.PERFECT_INFORMATION:
        return f"{name} has imperfect information ({t.information}): gametree searches games of perfect information"
    if not 2 <= game.num_players() <= 6:
        return f"{name} has {game.num_players()} players: gametree searches games of 2 to 6 players"
    return None


class OpenSpielGame:
    """An OpenSpiel game (a ``pyspiel.Game`` or its name, as ``pyspiel.load_game`` takes it)
    with the protocol of a gametree game written in Python.

    ``evaluate``: an optional function of an OpenSpiel state giving one number per player
    (the heuristic values where a depth-limited search stops), in the game's units of
    utility. ``scale``: a positive int multiplying returns, bounds and evaluations into
    gametree's integer values (1 suits games whose returns are integers, such as
    tic-tac-toe's -1, 0 and 1).
    """

    def __init__(self, game, evaluate=None, scale=1):
        if isinstance(game, str):
            game = pyspiel.load_game(game)
        if not isinstance(game, pyspiel.Game):
            raise TypeError(f"expected a pyspiel.Game or a game name, got {type(game).__name__}")
        if isinstance(scale, bool) or not isinstance(scale, int) or scale < 1:
            raise ValueError(f"scale={scale!r}: expected an int of 1 or more")
        why = _why_not(game)
        if why:
            raise ValueError(why)
        self.game = game
        self.name = game.get_type().short_name
        self.players = game.num_players()
        self.scale = scale
        self.bounds = self._bounds()
        if evaluate is not None:
            if not callable(evaluate):
                raise TypeError(f"evaluate: expected a function of a state, got {type(evaluate).__name__}")
            self._evaluate = evaluate
            # An attribute of the instance: a game without `evaluate` is searched to its end only.
            self.evaluate = self._scaled_evaluate

    def _bounds(self):
        utility = self.game.get_type().utility
        lower = math.floor(self.game.min_utility() * self.scale)
        upper = math.ceil(self.game.max_utility() * self.scale)
        if utility == pyspiel.GameType.Utility.ZERO_SUM:
            return {"lower": lower, "maxsum": 0, "constant_sum": True}
        if utility == pyspiel.GameType.Utility.CONSTANT_SUM:
            total = self.game.utility_sum() * self.scale
            if total != int(total):
                raise ValueError(f"{self.name}: the utility sum {self.game.utility_sum()} times scale "
                                 f"{self.scale} is not an integer: give a larger scale")
            return {"lower": lower, "maxsum": int(total), "constant_sum": True}
        return {"lower": lower, "maxsum": upper * self.players}

    def __repr__(self):
        return f"OpenSpielGame({str(self.game)!r})"

    def initial(self):
        return self.game.new_initial_state()

    def to_move(self, state):
        # OpenSpiel gives no player at a terminal state (a negative id); the protocol asks for
        # the one who would move: the next in turn order.
        if state.is_terminal():
            return state.move_number() % self.players
        return state.current_player()

    def moves(self, state):
        return [] if state.is_terminal() else state.legal_actions()

    def play(self, state, move):
        return state.child(move)

    def outcome(self, state):
        values = []
        for r in state.returns():
            v = r * self.scale
            if v != int(v):
                raise ValueError(f"{self.name}: the return {r} times scale {self.scale} is not an "
                                 "integer: give a scale that makes every return one")
            values.append(int(v))
        return tuple(values)

    def _scaled_evaluate(self, state):
        return tuple(round(v * self.scale) for v in self._evaluate(state))

    def position(self, state):
        return str(state)


class _Bot:
    """An OpenSpiel bot as a gametree player: called with a state, it returns the bot's action
    (``bot.step(state)``), one of the state's moves."""

    def __init__(self, spiel_bot, name):
        self.bot = spiel_bot
        self.name = name

    def __call__(self, state):
        return self.bot.step(state)

    def __repr__(self):
        return f"bot({self.name})"


def bot(spiel_bot, name=None):
    """A player for ``gametree.tournament`` and ``gametree.compare`` on an ``OpenSpielGame``:
    the OpenSpiel bot ``spiel_bot`` (anything with ``step(state) -> action``, such as
    ``open_spiel.python.algorithms.mcts.MCTSBot``) takes a seat like an engine, named
    ``name`` (by default its class name) in the results. The games are played one after the
    other on one thread, so a bot seeded with its own ``random_state`` plays the same games
    in every run."""
    if not callable(getattr(spiel_bot, "step", None)):
        raise TypeError(f"expected an OpenSpiel bot (with step(state)), got {type(spiel_bot).__name__}")
    return _Bot(spiel_bot, name or type(spiel_bot).__name__)
