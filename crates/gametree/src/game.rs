//! The rules of a game: [`Game`], [`Player`] and [`Scores`].
//!
//! A [`Game`] says what is legal and what a finished game pays; it knows nothing of
//! heuristics (those live in [`crate::Evaluator`]). States are copy-made: [`Game::play`]
//! returns a new state and leaves its argument untouched.

use std::fmt;
use std::ops::{Index, IndexMut};

/// A score: one player's value of a position. Integer, so ties are decided exactly.
///
/// # The value range
///
/// Valid scores lie in `-MAX_SCORE..=MAX_SCORE` ([`score_in_range`]), and so does every
/// number a game or an evaluator declares about them: the lower bounds, `maxsum` and the
/// step of [`crate::Bounds`], and the intervals of [`crate::SubtreeBounds`]. Every algorithm
/// is safe for that range: the largest quantities they derive are
///
/// - negation (negamax, the zero-sum second score): at most 2^48 in magnitude;
/// - sums of up to six scores or lower bounds: at most 6 * 2^48 < 2^51;
/// - N-max's and hypermax's projection `N psi_i - sum(psi)`: at most 12 * 2^48 < 2^52;
/// - the pruning thresholds of shallow, branch-and-bound, last-branch and speculative
///   pruning, `maxsum - (sum of lower bounds) + lower bound - best`: at most 8 * 2^48 < 2^51;
///
/// all far inside `i64` (2^63). A value outside the range (such as `i64::MIN`, whose
/// negation overflows) is refused where it enters: explicit trees reject it on load.
pub type Score = i64;

/// The largest magnitude of a valid [`Score`] (2^48).
pub const MAX_SCORE: Score = 1 << 48;

/// Whether `v` lies in the valid range `-MAX_SCORE..=MAX_SCORE` of a [`Score`] (and of every
/// declared bound on scores).
#[inline]
pub const fn score_in_range(v: i64) -> bool {
    -MAX_SCORE <= v && v <= MAX_SCORE
}

/// The most players a game may have.
pub const MAX_PLAYERS: usize = 6;

/// The fewest players a game may have.
pub const MIN_PLAYERS: usize = 2;

/// A seat at the table: `0..players`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Player(u8);

impl Player {
    /// The player in seat `index` (`0..MAX_PLAYERS`).
    ///
    /// # Panics
    /// If `index >= MAX_PLAYERS` (a programming error, never a consequence of input).
    #[inline]
    pub const fn new(index: usize) -> Player {
        assert!(index < MAX_PLAYERS, "player index out of range");
        Player(index as u8)
    }

    /// The seat number, `0..players`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The next player in seat order among `players` players.
    #[inline]
    pub const fn next(self, players: usize) -> Player {
        let i = self.0 as usize + 1;
        Player(if i == players { 0 } else { i as u8 })
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "P{}", self.0)
    }
}

/// One score per player, for 2 to 6 players: a small `Copy` value that never allocates.
///
/// Entries beyond [`Scores::players`] are zero, so derived equality and hashing compare
/// exactly the meaningful entries.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Scores {
    n: u8,
    v: [Score; MAX_PLAYERS],
}

impl Scores {
    /// All zeros for `players` players.
    ///
    /// # Panics
    /// If `players` is not in `1..=MAX_PLAYERS`.
    #[inline]
    pub const fn zeros(players: usize) -> Scores {
        assert!(
            players >= 1 && players <= MAX_PLAYERS,
            "players out of range"
        );
        Scores {
            n: players as u8,
            v: [0; MAX_PLAYERS],
        }
    }

    /// Every player gets `value`.
    #[inline]
    pub fn splat(players: usize, value: Score) -> Scores {
        let mut s = Scores::zeros(players);
        s.v[..players].fill(value);
        s
    }

    /// The scores in `values`, one per player.
    ///
    /// # Panics
    /// If `values.len()` is not in `1..=MAX_PLAYERS`.
    #[inline]
    pub fn from_slice(values: &[Score]) -> Scores {
        let mut s = Scores::zeros(values.len());
        s.v[..values.len()].copy_from_slice(values);
        s
    }

    /// The first `players` entries of `values`, one per player (the others are ignored).
    /// Built over the whole array, with no loop whose length depends on `players`, so
    /// the compiler writes it without branches (faster than a loop over the players in
    /// the searches of random trees: docs/ENGINE.md, "Round seven").
    ///
    /// # Panics
    /// If `players` is not in `1..=MAX_PLAYERS`.
    #[inline]
    pub fn from_array(players: usize, values: [Score; MAX_PLAYERS]) -> Scores {
        let mut s = Scores::zeros(players);
        for (i, (d, x)) in s.v.iter_mut().zip(values).enumerate() {
            *d = if i < players { x } else { 0 };
        }
        s
    }

    /// The scores with `f` applied to each player's entry (the entries past the players
    /// stay zero), built as [`Scores::from_array`] builds its value: `f` is called on every
    /// entry of the array, the zeros past the players too, and those results are dropped.
    #[inline]
    pub fn map(&self, f: impl Fn(Score) -> Score) -> Scores {
        Scores::from_array(self.players(), self.v.map(f))
    }

    /// Two-player zero-sum scores: player 0 gets `v`, player 1 gets `-v`.
    #[inline]
    pub fn zero_sum(v: Score) -> Scores {
        Scores::from_slice(&[v, -v])
    }

    /// The number of players.
    #[inline]
    pub const fn players(&self) -> usize {
        self.n as usize
    }

    /// The score of `p`.
    #[inline]
    pub fn get(&self, p: Player) -> Score {
        self.v[p.index()]
    }

    /// Sets the score of `p`.
    ///
    /// # Panics
    /// If `p` is not one of the [`Scores::players`] players.
    #[inline]
    pub fn set(&mut self, p: Player, value: Score) {
        self.as_mut_slice()[p.index()] = value;
    }

    /// The scores as a slice of length [`Scores::players`].
    #[inline]
    pub fn as_slice(&self) -> &[Score] {
        &self.v[..self.n as usize]
    }

    /// The scores as a mutable slice of length [`Scores::players`].
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Score] {
        &mut self.v[..self.n as usize]
    }

    /// The sum of all players' scores (computed in `i64`; no overflow for valid scores).
    #[inline]
    pub fn sum(&self) -> i64 {
        // The entries past the players are zero: the whole array, without a loop whose
        // length depends on the number of players.
        self.v.iter().sum()
    }
}

impl Index<Player> for Scores {
    type Output = Score;
    #[inline]
    fn index(&self, p: Player) -> &Score {
        &self.v[p.index()]
    }
}

impl IndexMut<Player> for Scores {
    #[inline]
    fn index_mut(&mut self, p: Player) -> &mut Score {
        &mut self.as_mut_slice()[p.index()]
    }
}

impl Index<usize> for Scores {
    type Output = Score;
    #[inline]
    fn index(&self, i: usize) -> &Score {
        &self.as_slice()[i]
    }
}

impl IndexMut<usize> for Scores {
    #[inline]
    fn index_mut(&mut self, i: usize) -> &mut Score {
        &mut self.as_mut_slice()[i]
    }
}

impl fmt::Debug for Scores {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl fmt::Display for Scores {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "(")?;
        for (i, v) in self.as_slice().iter().enumerate() {
            if i > 0 {
                write!(f, ", ")?;
            }
            write!(f, "{v}")?;
        }
        write!(f, ")")
    }
}

/// The number of distinct keys [`Game::move_key`] gives per player (larger keys are folded).
pub const MOVE_KEYS: usize = 1 << 14;

/// The rules of a game for 2 to 6 players: legal play and the payoffs of finished games.
///
/// Contract (checked for every game by the conformance check, [`crate::testing::check`]):
/// - [`Game::moves`] appends the legal moves of a state in a fixed, documented order, and
///   appends none iff the state is terminal; [`Game::outcome`] is `Some` iff it is terminal.
/// - [`Game::play`] is copy-make: it returns the successor and leaves its argument untouched.
/// - Everything is deterministic: the same state gives the same moves in the same order.
pub trait Game {
    /// A position, including whose turn it is. Small and cheap to copy.
    type State: Clone;
    /// A move. Small and `Copy`.
    type Move: Copy + Eq + fmt::Debug;

    /// Whether the game hides information from its players: `true` for a game that
    /// implements [`Game::resample`], `false` (the default) for a game of perfect
    /// information. Engines that sample what a player cannot see (perfect-information Monte
    /// Carlo, an engine's `:worlds` option in `gametree-run`) are compiled and accepted only
    /// for a game that declares it, so a perfect-information game does not carry their code.
    /// [`crate::testing::check`] fails a game whose `resample` answers `Some` without it, or
    /// `None` on a state reached by legal play with it.
    const HIDDEN_INFORMATION: bool = false;

    /// The number of players, `2..=6`.
    fn players(&self) -> usize;

    /// The starting position.
    fn initial(&self) -> Self::State;

    /// The player to move in `state` (for a terminal state: the player who would move).
    fn to_move(&self, state: &Self::State) -> Player;

    /// Appends the legal moves of `state` to `out`, in the game's documented order.
    ///
    /// Appends nothing iff `state` is terminal. Never clears `out`: searches use one buffer as
    /// a stack of move lists so that the hot loop does not allocate.
    fn moves(&self, state: &Self::State, out: &mut Vec<Self::Move>);

    /// The position after `mv` is played in `state`. `mv` must be one of `state`'s moves.
    fn play(&self, state: &Self::State, mv: Self::Move) -> Self::State;

    /// Plays `mv` in `state` in place: afterwards `state` is exactly what [`Game::play`]
    /// returns for it (the default is `*state = self.play(state, mv)`). Searches call it
    /// where the position before the move is not needed again (BRS+'s forced moves, MCTS's
    /// playouts). A game with a large state may override it to change only what the move
    /// changes, without copying the rest; the conformance check ([`crate::testing`])
    /// compares the two after every move it plays.
    #[inline]
    fn play_in_place(&self, state: &mut Self::State, mv: Self::Move) {
        *state = self.play(state, mv);
    }

    /// The payoffs of a terminal state, one per player; `None` for a non-terminal state.
    fn outcome(&self, state: &Self::State) -> Option<Scores>;

    /// Whether the terminal `state` was ended by a length limit of the rules (a ply cap)
    /// rather than decided by play. Its [`Game::outcome`] is then a settlement by rule, and a
    /// tournament ranks the players by the evaluator instead (it adjudicates the game).
    /// Default: `false` (a game without a cap).
    fn ended_by_cap(&self, _state: &Self::State) -> bool {
        false
    }

    /// Whether the terminal `state` was ended by a claim rule of the game (a rule that ends
    /// a game whose result is no longer in doubt, such as four-player chess's
    /// `chess4(claim=N)`: two players left, one N points of material ahead). The outcome is
    /// then the game's result by its rules, as for any finished game; a tournament counts
    /// these games apart so that a report can say how many ended so. Default: `false`.
    fn ended_by_claim(&self, _state: &Self::State) -> bool {
        false
    }

    /// The move in the game's notation (for printing principal variations and reading a
    /// person's moves: a move is entered by its name).
    fn move_name(&self, _state: &Self::State, mv: Self::Move) -> String {
        format!("{mv:?}")
    }

    /// A picture of the position for a terminal, one or more lines (empty if the game has
    /// none). May use ANSI colours only when `color` is set.
    fn render(&self, _state: &Self::State, _color: bool) -> String {
        String::new()
    }

    /// The exploration constant `C` tuned for Monte-Carlo tree search on this game (with the
    /// default rewards), which [`crate::search::mcts()`] uses unless its configuration gives
    /// one ([`crate::search::mcts::ExplorationFrom`]); `None` (the default): the
    /// configuration's constant, `sqrt 2` unless set.
    fn mcts_exploration(&self) -> Option<f64> {
        None
    }

    /// A small key of `mv` for statistics kept per move across positions (the history of
    /// Progressive History in [`crate::search::mcts()`]): the same move always gets the same
    /// key, and different moves of one player should get different keys (keys at or above
    /// [`MOVE_KEYS`] are folded into range, so they may share statistics). `None` (the
    /// default): the game offers no keys, and a search that needs them refuses to run.
    fn move_key(&self, _mv: Self::Move) -> Option<usize> {
        None
    }

    /// A legal move of `state` drawn with `rng`, `None` iff `state` is terminal: the move
    /// [`Game::moves`] lists at index `rng.below(n)`, `n` being the number of moves (the
    /// random playouts of [`crate::search::mcts()`]). `scratch` is a buffer the game may use
    /// (cleared first; its contents on return are unspecified).
    ///
    /// Default: lists every move into `scratch` and picks one. A game overrides it to find
    /// the same move, with the same numbers drawn from `rng`, without listing every move.
    fn random_move(
        &self,
        state: &Self::State,
        scratch: &mut Vec<Self::Move>,
        rng: &mut crate::rng::SplitMix64,
    ) -> Option<Self::Move> {
        scratch.clear();
        self.moves(state, scratch);
        if scratch.is_empty() {
            return None;
        }
        Some(scratch[rng.below(scratch.len() as u64) as usize])
    }

    /// What `mv` captures in `state` (whose player to move makes it), for move orderings by
    /// MVV-LVA (most valuable victim, least valuable attacker): best-reply search's ordered
    /// forced moves ([`crate::search::best_reply::ForcedMoves::Ordered`]) use it. `None`
    /// for a move that captures nothing, and (the default) for every move of a game that
    /// gives no capture information. Should be cheap: it is asked for each move of a list.
    fn capture(&self, _state: &Self::State, _mv: Self::Move) -> Option<Capture> {
        None
    }

    /// A state the player to move in `state` cannot tell apart from `state`, drawn with
    /// `rng`: the opt-in hook of games with hidden information (after open_spiel's
    /// `ResampleFromInfostate`), which perfect-information Monte Carlo
    /// ([`crate::search::pimc()`]) searches instead of the true state. `None` (the default):
    /// the game has perfect information.
    ///
    /// Contract for a game that hides information:
    /// - the result is in the same information set as `state` for the player to move: the
    ///   same player to move, the same moves, everything that player has seen unchanged
    ///   (its own hidden information, what was played, what was revealed); only what it
    ///   has not seen is redrawn;
    /// - it is drawn uniformly among the consistent states where the game can do that
    ///   (a game that cannot documents its distribution);
    /// - it depends only on that information set and on `rng` (deterministic: the same
    ///   information set and the same generator state give the same result), so two states
    ///   of one information set give the same draws;
    /// - it is `Some` for every state reached by legal play (a tournament asks the starting
    ///   state whether the game hides anything at all);
    /// - the game declares [`Game::HIDDEN_INFORMATION`].
    fn resample(
        &self,
        _state: &Self::State,
        _rng: &mut crate::rng::SplitMix64,
    ) -> Option<Self::State> {
        None
    }
}

/// What a capturing move takes and what it takes it with, in the game's own units of value
/// ([`Game::capture`]): an ordering by MVV-LVA puts the largest `victim` first, and among
/// equal victims the smallest `attacker`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Capture {
    /// The value of what is captured (larger: more valuable).
    pub victim: u16,
    /// The value of what captures (smaller: preferred among equal victims).
    pub attacker: u16,
}

/// Games that can hand the turn to any live player: the opt-in capability best-reply search
/// (BRS, BRS+) needs, since it lets an opponent reply out of turn and then gives the move back
/// to the root player.
///
/// Contract: [`SetToMove::set_to_move`] returns `state` with `player` to move and nothing else
/// changed (same pieces, same score, same ply count), so that [`Game::moves`] of the result
/// lists the moves `player` would have if it were its turn; [`Game::play`] of one of those
/// moves continues the game from there as usual. It returns `None` when `player` cannot move
/// in `state` at all (the player has been eliminated, or `state` is terminal). Games without
/// this capability do not implement the trait, and best-reply search refuses them at compile
/// time (the command line says so in one line).
pub trait SetToMove: Game {
    /// `state` with `player` to move, or `None` if `player` is out of the game or `state` is
    /// terminal.
    fn set_to_move(&self, state: &Self::State, player: Player) -> Option<Self::State>;

    /// A promise: in every non-terminal position of the game (the initial one, and every
    /// one [`Game::play`] or [`SetToMove::set_to_move`] produces), handing the turn to the
    /// player already to move changes nothing: `set_to_move(state, to_move(state))` is
    /// `Some` of a state equal to `state`. Best-reply search then skips that call for an
    /// opponent who is already to move (in four-player chess it tests once more whether the
    /// player can move, which [`Game::play`] has just tested). The default, `false`,
    /// promises nothing, and every call is made.
    const TO_MOVE_KEEPS_TURN: bool = false;
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// `from_array`, `map` and `sum` (which add and build over the whole array) agree
        /// with the definitions over the players' entries, and the entries past the players
        /// stay zero, so equality and hashing still see only the players.
        #[test]
        fn whole_array_building_equals_the_per_player_definitions(
            players in 1..=MAX_PLAYERS,
            values in proptest::array::uniform6(-1_000_000_000i64..1_000_000_000),
            k in -5i64..5,
        ) {
            let s = Scores::from_array(players, values);
            prop_assert_eq!(s, Scores::from_slice(&values[..players]));
            prop_assert!(s.v[players..].iter().all(|&x| x == 0));
            prop_assert_eq!(s.sum(), values[..players].iter().sum::<i64>());
            let mapped = s.map(|x| k * x - 7);
            let by_hand: Vec<Score> = values[..players].iter().map(|&x| k * x - 7).collect();
            prop_assert_eq!(mapped, Scores::from_slice(&by_hand));
            prop_assert!(mapped.v[players..].iter().all(|&x| x == 0));
        }
    }

    #[test]
    #[should_panic]
    fn setting_a_score_past_the_players_panics() {
        // It would break the zeros past the players that `sum` relies on.
        Scores::zeros(3).set(Player::new(3), 1);
    }
}
