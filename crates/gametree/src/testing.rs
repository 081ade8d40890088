//! The conformance check every game and evaluator passes: the bundled games and yours.
//!
//! A game author runs [`check`] in a test of their own crate (see the example
//! `custom_game` of this crate: `cargo run -p gametree --example custom_game`):
//!
//! ```
//! use gametree::testing::{check, CheckConfig};
//! # use gametree::tree::{ExplicitTree, TreeEval};
//! # use gametree::Game;
//! # let game = ExplicitTree::from_json_str(r#"{"players": 2, "root": {"player": 0,
//! #   "children": [{"value": [1, -1]}, {"value": [-1, 1]}]}}"#).unwrap();
//! # let eval = TreeEval;
//! let report = check(&game, &eval, &CheckConfig::default()).expect("the game conforms");
//! assert!(report.playouts > 0);
//! ```
//!
//! [`check`] (or [`check_from`] for chosen start positions) plays seeded random playouts
//! ([`SplitMix64`], seed and count in [`CheckConfig`]) and, at every state visited, checks
//! the contracts of [`Game`] and [`Evaluator`]:
//!
//! - the player to move is a seat `0..players` (and `players` is in `2..=6`);
//! - [`Game::moves`] is deterministic (two calls give the same list), appends to the buffer
//!   without disturbing what is already in it, and lists no move twice;
//! - [`Game::outcome`] is `Some` iff there are no moves;
//! - every move can be played (no panic), and [`Game::play`] leaves the parent untouched
//!   (a clone taken before equals the state after); [`Game::play_in_place`] on a clone of
//!   the parent leaves exactly the state [`Game::play`] returns;
//! - outcomes and evaluations have exactly `players` entries and satisfy
//!   [`Evaluator::bounds`]; when the bounds say constant-sum with `maxsum = 0`, or
//!   [`CheckConfig::zero_sum`] is set, every vector sums to 0 (for two players: `v0 == -v1`);
//! - [`Evaluator::evaluate`] is deterministic; [`Evaluator::order`] only permutes the moves,
//!   deterministically;
//! - every leaf value seen below a state for which [`Evaluator::subtree_bounds`] is `Some`
//!   (the state itself included) lies inside those bounds;
//! - [`Game::random_move`] finds the move the list of [`Game::moves`] holds at the index
//!   `rng.below(its length)` draws (`None` when there are no moves) and leaves the generator
//!   as that one draw does (the trait's default does exactly that; a game that overrides it
//!   to find the move faster must agree), drawn from a stream of its own;
//! - [`Game::resample`] answers iff the game declares [`Game::HIDDEN_INFORMATION`], and
//!   what it draws has the same player to move and the same moves (drawn from a stream of
//!   its own, so the playouts are those of the seed);
//! - every playout reaches a terminal state within [`CheckConfig::max_plies`] plies (unless
//!   [`CheckConfig::allow_unfinished`]).
//!
//! The move *order* is game-specific; each game's own tests check its documented order.
//! Panics inside the game or the evaluator are caught and reported as violations.

use std::fmt::Debug;
use std::panic::{catch_unwind, AssertUnwindSafe};

use crate::{Evaluator, Game, Scores, MAX_PLAYERS, MIN_PLAYERS};
use thiserror::Error;

use crate::rng::SplitMix64;

/// What to check and how much.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckConfig {
    /// The seed of the playouts' random move choices.
    pub seed: u64,
    /// The number of random playouts from each start position.
    pub playouts: usize,
    /// A playout longer than this many plies is an error (or stops, if
    /// [`CheckConfig::allow_unfinished`]).
    pub max_plies: usize,
    /// Whether a playout may stop at `max_plies` without reaching a terminal state.
    pub allow_unfinished: bool,
    /// Whether every outcome and evaluation must sum to 0 (implied by bounds that are
    /// constant-sum with `maxsum = 0`).
    pub zero_sum: bool,
}

impl Default for CheckConfig {
    /// Seed `0x5EED`, 500 playouts, at most 10,000 plies each, unfinished playouts are
    /// errors, no zero-sum requirement beyond the evaluator's bounds.
    fn default() -> CheckConfig {
        CheckConfig {
            seed: 0x5EED,
            playouts: 500,
            max_plies: 10_000,
            allow_unfinished: false,
            zero_sum: false,
        }
    }
}

/// What a successful check saw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Playouts run.
    pub playouts: usize,
    /// States checked (one per ply of every playout, the terminal state included).
    pub states: u64,
    /// Moves played and checked (every move of every visited state).
    pub plays: u64,
    /// Playouts that reached a terminal state.
    pub finished: usize,
    /// The longest playout, in plies.
    pub longest: usize,
    /// Terminal states visited, by winner: `wins[p]` counts outcomes where `p` alone has
    /// the highest score; `draws` counts the others.
    pub wins: [usize; MAX_PLAYERS],
    /// Terminal states without a sole best player.
    pub draws: usize,
}

/// A violated rule (the state and where it was met are in [`ConformanceError`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Violation {
    /// `players()` is outside `2..=6`.
    #[error("players() = {0}, expected 2..=6")]
    BadPlayers(usize),
    /// The evaluator's bounds are malformed.
    #[error("bounds are malformed: {0}")]
    BadBounds(String),
    /// `to_move` is not a seat of the game.
    #[error("to_move = {player}, but the game has {players} players")]
    ToMoveOutOfRange {
        /// The seat returned.
        player: usize,
        /// `players()`.
        players: usize,
    },
    /// Two calls of `moves` gave different lists.
    #[error("moves are not deterministic: {first} then {second}")]
    MovesNotDeterministic {
        /// The first list.
        first: String,
        /// The second list.
        second: String,
    },
    /// `moves` changed what was already in the buffer (it must only append).
    #[error("moves did not only append: the buffer's existing contents were changed")]
    MovesClobberBuffer,
    /// A move listed twice.
    #[error("move {mv} is listed twice")]
    DuplicateMove {
        /// The move.
        mv: String,
    },
    /// `outcome` is `Some` but there are moves.
    #[error("outcome is Some({outcome}) but there are {moves} moves")]
    OutcomeWithMoves {
        /// The outcome.
        outcome: String,
        /// The number of moves.
        moves: usize,
    },
    /// No moves but `outcome` is `None`.
    #[error("there are no moves but outcome is None")]
    NoMovesNoOutcome,
    /// A call panicked.
    #[error("{during} panicked: {message}")]
    Panicked {
        /// What was being called.
        during: String,
        /// The panic message.
        message: String,
    },
    /// `play` changed its argument.
    #[error("play({mv}) changed the parent state")]
    PlayMutatedParent {
        /// The move.
        mv: String,
    },
    /// `play_in_place` left another state than `play` returns.
    #[error("play_in_place({mv}) left {in_place}, where play returns {played}")]
    PlayInPlaceDiffers {
        /// The move.
        mv: String,
        /// The state `play_in_place` left.
        in_place: String,
        /// The state `play` returned.
        played: String,
    },
    /// A score vector of the wrong length.
    #[error("{what} has {len} entries, expected {players}")]
    WrongLength {
        /// "outcome" or "evaluation".
        what: &'static str,
        /// Its length.
        len: usize,
        /// `players()`.
        players: usize,
    },
    /// A score vector outside the evaluator's bounds.
    #[error("{what} {scores} violates the bounds {bounds}")]
    OutOfBounds {
        /// "outcome" or "evaluation".
        what: &'static str,
        /// The scores.
        scores: String,
        /// The bounds.
        bounds: String,
    },
    /// A score vector of a zero-sum game that does not sum to 0.
    #[error("{what} {scores} does not sum to 0 (zero-sum game)")]
    NotZeroSum {
        /// "outcome" or "evaluation".
        what: &'static str,
        /// The scores.
        scores: String,
    },
    /// Two evaluations of one state differ.
    #[error("evaluate is not deterministic: {first} then {second}")]
    EvalNotDeterministic {
        /// The first value.
        first: String,
        /// The second value.
        second: String,
    },
    /// `order` did more than permute the moves, or is not deterministic.
    #[error("order must deterministically permute the moves: {moves} became {ordered}")]
    BadOrder {
        /// The moves in game order.
        moves: String,
        /// What order made of them.
        ordered: String,
    },
    /// A leaf value outside the subtree bounds an ancestor (or the state itself) stated.
    #[error(
        "{what} {scores} violates subtree_bounds {bounds} stated {above} plies above, \
         player {player}"
    )]
    SubtreeBounds {
        /// "outcome" or "evaluation".
        what: &'static str,
        /// The scores.
        scores: String,
        /// The violated bounds (per player `(lo, hi)`).
        bounds: String,
        /// How many plies above this state they were stated (0: by the state itself).
        above: usize,
        /// The player whose score is outside.
        player: usize,
    },
    /// A playout did not end.
    #[error("playout did not reach a terminal state within {0} plies")]
    PlayoutTooLong(usize),
    /// `resample` answered `Some` on a game that does not declare
    /// [`Game::HIDDEN_INFORMATION`] (`declared` false), or `None` on a state reached by
    /// legal play of a game that does (`declared` true).
    #[error(
        "resample answered {} but HIDDEN_INFORMATION is {declared}",
        if *declared { "None" } else { "Some" }
    )]
    HiddenInformation {
        /// The game's `HIDDEN_INFORMATION`.
        declared: bool,
    },
    /// `random_move` found another move than the list's at the drawn index, or drew
    /// another amount of random numbers than that one draw.
    #[error(
        "random_move gave {got} where the list of moves holds {expected} at the drawn index{}",
        if *same_draws { "" } else { ", and drew other numbers" }
    )]
    RandomMove {
        /// What `random_move` returned.
        got: String,
        /// The move of the list at `rng.below(n)` (or `None`).
        expected: String,
        /// Whether the generator was left as the one draw leaves it.
        same_draws: bool,
    },
    /// `resample` drew a state outside the player to move's information set.
    #[error("resample drew a state with {what} than the state's")]
    ResampleOutsideInformationSet {
        /// "another player to move" or "other moves".
        what: &'static str,
    },
}

/// A violation, with the state where it was found and how it was reached.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("start {start}, playout {playout}, ply {ply}: {violation}; state: {state}")]
pub struct ConformanceError {
    /// The rule broken.
    pub violation: Box<Violation>,
    /// The state (its `Debug` form).
    pub state: String,
    /// The index of the start position.
    pub start: usize,
    /// The playout (from that start).
    pub playout: usize,
    /// The ply within the playout.
    pub ply: usize,
}

/// Checks `game` and `eval` along seeded random playouts from the initial position.
pub fn check<G, E>(game: &G, eval: &E, cfg: &CheckConfig) -> Result<Report, ConformanceError>
where
    G: Game,
    G::State: PartialEq + Debug,
    E: Evaluator<G>,
{
    check_from(game, eval, &[game.initial()], cfg)
}

/// Checks `game` and `eval` along seeded random playouts from each of `starts`
/// ([`CheckConfig::playouts`] playouts from each).
pub fn check_from<G, E>(
    game: &G,
    eval: &E,
    starts: &[G::State],
    cfg: &CheckConfig,
) -> Result<Report, ConformanceError>
where
    G: Game,
    G::State: PartialEq + Debug,
    E: Evaluator<G>,
{
    let mut checker = Checker {
        game,
        eval,
        players: 0,
        bounds: crate::Bounds::none(),
        zero_sum: cfg.zero_sum,
        report: Report::default(),
        moves: Vec::new(),
        again: Vec::new(),
        ordered: Vec::new(),
        ancestors: Vec::new(),
        worlds: SplitMix64::new(cfg.seed ^ WORLDS_STREAM),
        draws: SplitMix64::new(cfg.seed ^ DRAWS_STREAM),
    };
    let at = |violation, state: &G::State| ConformanceError {
        violation: Box::new(violation),
        state: format!("{state:?}"),
        start: 0,
        playout: 0,
        ply: 0,
    };
    let initial = game.initial();
    let players = guard("players", || game.players()).map_err(|v| at(v, &initial))?;
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
        return Err(at(Violation::BadPlayers(players), &initial));
    }
    checker.players = players;
    let bounds = guard("bounds", || eval.bounds(game)).map_err(|v| at(v, &initial))?;
    check_bounds(&bounds, players).map_err(|v| at(v, &initial))?;
    checker.zero_sum |= bounds.constant_sum && bounds.maxsum == Some(0);
    checker.bounds = bounds;

    let mut rng = SplitMix64::new(cfg.seed);
    for (start, root) in starts.iter().enumerate() {
        for playout in 0..cfg.playouts {
            let mut state = root.clone();
            checker.ancestors.clear();
            let mut ply = 0;
            loop {
                let wrap = |violation| ConformanceError {
                    violation: Box::new(violation),
                    state: format!("{state:?}"),
                    start,
                    playout,
                    ply,
                };
                let next = checker.state(&state, ply, &mut rng).map_err(wrap)?;
                checker.report.states += 1;
                match next {
                    None => {
                        checker.report.finished += 1;
                        break;
                    }
                    Some(child) => {
                        if ply + 1 > cfg.max_plies {
                            if cfg.allow_unfinished {
                                break;
                            }
                            return Err(wrap(Violation::PlayoutTooLong(cfg.max_plies)));
                        }
                        state = child;
                        ply += 1;
                    }
                }
            }
            checker.report.playouts += 1;
            checker.report.longest = checker.report.longest.max(ply);
        }
    }
    Ok(checker.report)
}

/// Mixed into [`CheckConfig::seed`] for the stream of [`Game::resample`]'s draws.
const WORLDS_STREAM: u64 = 0x574F_524C_4453;

/// Mixed into [`CheckConfig::seed`] for the stream of [`Game::random_move`]'s draws.
const DRAWS_STREAM: u64 = 0x0044_5241_5753;

struct Checker<'a, G: Game, E> {
    game: &'a G,
    eval: &'a E,
    players: usize,
    bounds: crate::Bounds,
    zero_sum: bool,
    report: Report,
    moves: Vec<G::Move>,
    again: Vec<G::Move>,
    ordered: Vec<G::Move>,
    /// Subtree bounds stated along the current playout: (ply, bounds).
    ancestors: Vec<(usize, crate::SubtreeBounds)>,
    /// The random stream of [`Game::resample`]'s draws, apart from the playouts'.
    worlds: SplitMix64,
    /// The random stream of [`Game::random_move`]'s draws, apart from the playouts'.
    draws: SplitMix64,
}

impl<G, E> Checker<'_, G, E>
where
    G: Game,
    G::State: PartialEq + Debug,
    E: Evaluator<G>,
{
    /// [`Game::resample`] on `state` (whose player to move is `p` and whose moves are in
    /// `self.moves`): `Some` iff the game declares hidden information, and then a state with
    /// the same player to move and the same moves.
    fn hidden_information(&mut self, state: &G::State, p: crate::Player) -> Result<(), Violation> {
        let (game, worlds) = (self.game, &mut self.worlds);
        let world = match (
            guard("resample", || game.resample(state, worlds))?,
            G::HIDDEN_INFORMATION,
        ) {
            (None, false) => return Ok(()),
            (Some(world), true) => world,
            (_, declared) => return Err(Violation::HiddenInformation { declared }),
        };
        if guard("to_move", || game.to_move(&world))? != p {
            return Err(Violation::ResampleOutsideInformationSet {
                what: "another player to move",
            });
        }
        let moves = &mut self.ordered;
        moves.clear();
        guard("moves", || game.moves(&world, moves))?;
        if self.ordered != self.moves {
            return Err(Violation::ResampleOutsideInformationSet {
                what: "other moves",
            });
        }
        Ok(())
    }

    /// [`Game::random_move`] on `state` (whose moves are in `self.moves`): the move of the
    /// list at the index one draw of `below(n)` gives, the generator left as that draw
    /// leaves it.
    fn random_move(&mut self, state: &G::State) -> Result<(), Violation> {
        let mut reference = self.draws.clone();
        let n = self.moves.len() as u64;
        let expected = (n > 0).then(|| self.moves[reference.below(n) as usize]);
        let (game, draws, scratch) = (self.game, &mut self.draws, &mut self.ordered);
        let got = guard("random_move", || game.random_move(state, scratch, draws))?;
        let same_draws = *draws == reference;
        if got != expected || !same_draws {
            return Err(Violation::RandomMove {
                got: format!("{got:?}"),
                expected: format!("{expected:?}"),
                same_draws,
            });
        }
        Ok(())
    }

    /// Checks one state; returns the random child to continue with (`None` if terminal).
    fn state(
        &mut self,
        state: &G::State,
        ply: usize,
        rng: &mut SplitMix64,
    ) -> Result<Option<G::State>, Violation> {
        let (game, eval) = (self.game, self.eval);
        let p = guard("to_move", || game.to_move(state))?;
        if p.index() >= self.players {
            return Err(Violation::ToMoveOutOfRange {
                player: p.index(),
                players: self.players,
            });
        }

        // Moves: deterministic, append-only, no duplicates.
        self.moves.clear();
        let mut moves = std::mem::take(&mut self.moves);
        guard("moves", || game.moves(state, &mut moves))?;
        self.moves = moves;
        // The second call appends to a buffer holding the first list reversed, which it must
        // leave as it is.
        self.again.clear();
        self.again.extend(self.moves.iter().rev());
        let mut again = std::mem::take(&mut self.again);
        guard("moves", || game.moves(state, &mut again))?;
        self.again = again;
        let n = self.moves.len();
        if self.again.len() < n || self.again[..n].iter().ne(self.moves.iter().rev()) {
            return Err(Violation::MovesClobberBuffer);
        }
        if self.again[n..] != self.moves[..] {
            return Err(Violation::MovesNotDeterministic {
                first: format!("{:?}", self.moves),
                second: format!("{:?}", &self.again[n..]),
            });
        }
        for i in 0..n {
            if self.moves[..i].contains(&self.moves[i]) {
                return Err(Violation::DuplicateMove {
                    mv: format!("{:?}", self.moves[i]),
                });
            }
        }

        self.hidden_information(state, p)?;
        self.random_move(state)?;

        // Outcome iff no moves; the leaf value and its bounds.
        let outcome = guard("outcome", || game.outcome(state))?;
        if let Some(sb) = guard("subtree_bounds", || eval.subtree_bounds(game, state))? {
            self.ancestors.push((ply, sb));
        }
        match (outcome, n) {
            (Some(o), 0) => {
                self.leaf("outcome", &o, ply)?;
                self.tally(&o);
                return Ok(None);
            }
            (Some(o), moves) => {
                return Err(Violation::OutcomeWithMoves {
                    outcome: o.to_string(),
                    moves,
                })
            }
            (None, 0) => return Err(Violation::NoMovesNoOutcome),
            (None, _) => {}
        }
        let v = guard("evaluate", || eval.evaluate(game, state))?;
        let w = guard("evaluate", || eval.evaluate(game, state))?;
        if v != w {
            return Err(Violation::EvalNotDeterministic {
                first: v.to_string(),
                second: w.to_string(),
            });
        }
        self.leaf("evaluation", &v, ply)?;

        // Move ordering: a deterministic permutation.
        for round in 0..2 {
            self.ordered.clear();
            self.ordered.extend_from_slice(&self.moves);
            let mut ordered = std::mem::take(&mut self.ordered);
            guard("order", || eval.order(game, state, &mut ordered))?;
            self.ordered = ordered;
            let permutation = is_permutation(&self.moves, &self.ordered);
            let same = round == 0 || self.ordered[..] == self.again[n..];
            if !permutation || !same {
                return Err(Violation::BadOrder {
                    moves: format!("{:?}", self.moves),
                    ordered: format!("{:?}", self.ordered),
                });
            }
            if round == 0 {
                // Keep the first ordering to compare with the second.
                self.again.truncate(n);
                self.again.extend_from_slice(&self.ordered);
            }
        }

        // Every move can be played and leaves the parent untouched.
        let pick = rng.below(n as u64) as usize;
        let mut chosen = None;
        for i in 0..n {
            let mv = self.moves[i];
            let before = state.clone();
            let child = guard(&format!("play({mv:?})"), || game.play(state, mv))?;
            if *state != before {
                return Err(Violation::PlayMutatedParent {
                    mv: format!("{mv:?}"),
                });
            }
            let mut in_place = before;
            guard(&format!("play_in_place({mv:?})"), || {
                game.play_in_place(&mut in_place, mv)
            })?;
            if in_place != child {
                return Err(Violation::PlayInPlaceDiffers {
                    mv: format!("{mv:?}"),
                    in_place: format!("{in_place:?}"),
                    played: format!("{child:?}"),
                });
            }
            self.report.plays += 1;
            if i == pick {
                chosen = Some(child);
            }
        }
        Ok(chosen)
    }

    /// Checks a leaf value: length, bounds, zero sum, the subtree bounds stated above.
    fn leaf(&self, what: &'static str, s: &Scores, ply: usize) -> Result<(), Violation> {
        if s.players() != self.players {
            return Err(Violation::WrongLength {
                what,
                len: s.players(),
                players: self.players,
            });
        }
        if !self.bounds.admits(s) {
            return Err(Violation::OutOfBounds {
                what,
                scores: s.to_string(),
                bounds: format!("{:?}", self.bounds),
            });
        }
        if self.zero_sum && s.sum() != 0 {
            return Err(Violation::NotZeroSum {
                what,
                scores: s.to_string(),
            });
        }
        for &(at, sb) in &self.ancestors {
            for (player, (&v, &(lo, hi))) in s.as_slice().iter().zip(&sb).enumerate() {
                if v < lo || v > hi {
                    return Err(Violation::SubtreeBounds {
                        what,
                        scores: s.to_string(),
                        bounds: format!("{:?}", &sb[..self.players]),
                        above: ply - at,
                        player,
                    });
                }
            }
        }
        Ok(())
    }

    fn tally(&mut self, o: &Scores) {
        let best = o.as_slice().iter().copied().max().unwrap_or(0);
        let mut top = o.as_slice().iter().enumerate().filter(|&(_, &v)| v == best);
        match (top.next(), top.next()) {
            (Some((p, _)), None) => self.report.wins[p] += 1,
            _ => self.report.draws += 1,
        }
    }
}

/// Whether `b` is a permutation of `a` (quadratic; move lists are short).
fn is_permutation<M: PartialEq>(a: &[M], b: &[M]) -> bool {
    a.len() == b.len()
        && a.iter()
            .all(|m| a.iter().filter(|x| *x == m).count() == b.iter().filter(|x| *x == m).count())
}

fn check_bounds(b: &crate::Bounds, players: usize) -> Result<(), Violation> {
    if b.step < 1 {
        return Err(Violation::BadBounds(format!("step {} < 1", b.step)));
    }
    if let Some(lo) = &b.lower {
        if lo.players() != players {
            return Err(Violation::BadBounds(format!(
                "lower has {} entries, expected {players}",
                lo.players()
            )));
        }
    }
    if b.constant_sum && b.maxsum.is_none() {
        return Err(Violation::BadBounds("constant_sum without maxsum".into()));
    }
    Ok(())
}

/// Runs `f`, turning a panic into a [`Violation::Panicked`].
fn guard<T>(during: &str, f: impl FnOnce() -> T) -> Result<T, Violation> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|e| Violation::Panicked {
        during: during.to_string(),
        message: e
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| e.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "(non-string panic)".into()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Bounds, Player, SubtreeBounds};
    use std::cell::Cell;

    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    enum Bug {
        None,
        BadPlayers,
        BadToMove,
        DuplicateMove,
        ClobberBuffer,
        NonDeterministicMoves,
        OutcomeWithMoves,
        NoOutcome,
        PlayPanics,
        MutatesParent,
        /// `play_in_place` adds one more than `play` at the count 3.
        InPlaceDiffers,
        WrongLength,
        OutOfBounds,
        NotZeroSum,
        EvalNotDeterministic,
        BadOrder,
        SubtreeBounds,
        NeverEnds,
        /// `resample` answers, but the game does not declare hidden information.
        UndeclaredResample,
        /// [`Hidden`]'s `resample` answers `None` at the count 3.
        NoResample,
        /// [`Hidden`]'s `resample` draws the next count: the other player to move.
        ResampleOtherMover,
        /// [`Hidden`]'s `resample` draws the count 6 at 4: the same player, no moves.
        ResampleOtherMoves,
        /// `random_move` takes the last move at the count 2, whatever it draws.
        RandomMoveLast,
        /// `random_move` draws one number more than the default at the count 3.
        RandomMoveDrawsTwice,
    }

    /// A counting game: add 1 or 2 until the count reaches 6; player 0 gets the count.
    struct Toy {
        bug: Bug,
        calls: Cell<u32>,
    }

    #[derive(Clone, PartialEq, Debug)]
    struct T {
        n: u32,
        touched: Cell<u32>,
    }

    impl Toy {
        fn new(bug: Bug) -> Toy {
            Toy {
                bug,
                calls: Cell::new(0),
            }
        }
        fn tick(&self) -> u32 {
            self.calls.set(self.calls.get() + 1);
            self.calls.get()
        }
    }

    impl Game for Toy {
        type State = T;
        type Move = u32;
        fn players(&self) -> usize {
            if self.bug == Bug::BadPlayers {
                7
            } else {
                2
            }
        }
        fn initial(&self) -> T {
            T {
                n: 0,
                touched: Cell::new(0),
            }
        }
        fn to_move(&self, s: &T) -> Player {
            if self.bug == Bug::BadToMove && s.n == 3 {
                Player::new(2)
            } else {
                Player::new(s.n as usize % 2)
            }
        }
        fn moves(&self, s: &T, out: &mut Vec<u32>) {
            if s.n >= 6 && self.bug != Bug::NeverEnds {
                return;
            }
            match self.bug {
                Bug::DuplicateMove => out.extend([1, 2, 1]),
                Bug::ClobberBuffer => {
                    out.clear();
                    out.extend([1, 2]);
                }
                Bug::NonDeterministicMoves if self.tick() % 2 == 0 => out.extend([2, 1]),
                _ => out.extend([1, 2]),
            }
        }
        fn play(&self, s: &T, m: u32) -> T {
            if self.bug == Bug::PlayPanics && m == 2 {
                panic!("play 2 is broken");
            }
            if self.bug == Bug::MutatesParent {
                s.touched.set(s.touched.get() + 1);
            }
            T {
                n: s.n + m,
                touched: Cell::new(0),
            }
        }
        fn play_in_place(&self, s: &mut T, m: u32) {
            let extra = u32::from(self.bug == Bug::InPlaceDiffers && s.n == 3);
            *s = self.play(s, m);
            s.n += extra;
        }
        fn outcome(&self, s: &T) -> Option<Scores> {
            match self.bug {
                Bug::NoOutcome | Bug::NeverEnds => None,
                Bug::OutcomeWithMoves if s.n >= 4 => Some(Scores::zero_sum(4)),
                _ if s.n >= 6 => Some(Scores::zero_sum(s.n as i64)),
                _ => None,
            }
        }
        fn resample(&self, s: &T, _rng: &mut SplitMix64) -> Option<T> {
            (self.bug == Bug::UndeclaredResample).then(|| s.clone())
        }
        fn random_move(&self, s: &T, scratch: &mut Vec<u32>, rng: &mut SplitMix64) -> Option<u32> {
            scratch.clear();
            self.moves(s, scratch);
            let n = scratch.len() as u64;
            match self.bug {
                Bug::RandomMoveLast if s.n == 2 => {
                    rng.below(n);
                    scratch.last().copied()
                }
                Bug::RandomMoveDrawsTwice if s.n == 3 => {
                    rng.next_u64();
                    Some(scratch[rng.below(n) as usize])
                }
                _ => (n > 0).then(|| scratch[rng.below(n) as usize]),
            }
        }
    }

    /// [`Toy`] declaring hidden information, its `resample` drawing the state itself (or
    /// what its bug says).
    struct Hidden(Toy);

    impl Game for Hidden {
        type State = T;
        type Move = u32;
        const HIDDEN_INFORMATION: bool = true;
        fn players(&self) -> usize {
            self.0.players()
        }
        fn initial(&self) -> T {
            self.0.initial()
        }
        fn to_move(&self, s: &T) -> Player {
            self.0.to_move(s)
        }
        fn moves(&self, s: &T, out: &mut Vec<u32>) {
            self.0.moves(s, out)
        }
        fn play(&self, s: &T, m: u32) -> T {
            self.0.play(s, m)
        }
        fn outcome(&self, s: &T) -> Option<Scores> {
            self.0.outcome(s)
        }
        fn resample(&self, s: &T, _rng: &mut SplitMix64) -> Option<T> {
            let n = match self.0.bug {
                Bug::NoResample if s.n == 3 => return None,
                Bug::ResampleOtherMover => s.n + 1,
                Bug::ResampleOtherMoves if s.n == 4 => 6,
                _ => s.n,
            };
            Some(T {
                n,
                touched: Cell::new(0),
            })
        }
    }

    impl Evaluator<Hidden> for ToyEval {
        fn evaluate(&self, g: &Hidden, s: &T) -> Scores {
            self.evaluate(&g.0, s)
        }
        fn bounds(&self, g: &Hidden) -> Bounds {
            self.bounds(&g.0)
        }
    }

    struct ToyEval;

    impl Evaluator<Toy> for ToyEval {
        fn evaluate(&self, g: &Toy, s: &T) -> Scores {
            match g.bug {
                Bug::WrongLength => Scores::zeros(3),
                Bug::OutOfBounds => Scores::zero_sum(1000),
                Bug::NotZeroSum => Scores::from_slice(&[1, 1]),
                Bug::EvalNotDeterministic => Scores::zero_sum(g.tick() as i64),
                _ => Scores::zero_sum(s.n as i64),
            }
        }
        fn bounds(&self, g: &Toy) -> Bounds {
            if g.bug == Bug::NotZeroSum {
                return Bounds::none();
            }
            Bounds {
                lower: Some(Scores::splat(2, -100)),
                maxsum: Some(0),
                step: 1,
                constant_sum: true,
            }
        }
        fn subtree_bounds(&self, g: &Toy, s: &T) -> Option<SubtreeBounds> {
            if g.bug == Bug::SubtreeBounds && s.n == 1 {
                // Claims player 0 never gets more than 3 below: false (outcomes are >= 6).
                let mut b = [(-100, 100); crate::MAX_PLAYERS];
                b[0] = (-100, 3);
                return Some(b);
            }
            None
        }
        fn order(&self, g: &Toy, _s: &T, moves: &mut [u32]) {
            if g.bug == Bug::BadOrder && moves.len() > 1 {
                moves[0] = moves[1];
            }
        }
    }

    /// The check of the toy games: 50 seeded playouts of at most 20 plies, zero-sum.
    const CFG: CheckConfig = CheckConfig {
        seed: 1,
        playouts: 50,
        max_plies: 20,
        allow_unfinished: false,
        zero_sum: true,
    };

    fn run(bug: Bug) -> Result<Report, ConformanceError> {
        check(&Toy::new(bug), &ToyEval, &CFG)
    }

    /// [`run`] on [`Hidden`].
    fn run_hidden(bug: Bug) -> Result<Report, ConformanceError> {
        check(&Hidden(Toy::new(bug)), &ToyEval, &CFG)
    }

    fn violation(bug: Bug) -> Violation {
        let hidden = matches!(
            bug,
            Bug::NoResample | Bug::ResampleOtherMover | Bug::ResampleOtherMoves
        );
        match if hidden { run_hidden(bug) } else { run(bug) } {
            Ok(r) => panic!("{bug:?} was not caught: {r:?}"),
            Err(e) => {
                // The message names the rule and the state.
                let msg = e.to_string();
                assert!(msg.contains("state: T {"), "{msg}");
                *e.violation
            }
        }
    }

    #[test]
    fn a_game_that_hides_information_and_resamples_within_it_passes() {
        let (open, hidden) = (run(Bug::None).unwrap(), run_hidden(Bug::None).unwrap());
        // The draws come from a stream of their own: the same playouts.
        assert_eq!(open, hidden);
    }

    #[test]
    fn a_correct_game_passes() {
        let r = run(Bug::None).unwrap();
        assert_eq!(r.playouts, 50);
        assert_eq!(r.finished, 50);
        assert!(r.longest >= 3 && r.longest <= 6);
        assert_eq!(r.wins[0], 50); // player 0 gets the count
        assert!(r.states > 150 && r.plays == 2 * (r.states - 50));
    }

    #[test]
    fn each_broken_rule_is_reported() {
        use Violation as V;
        type Expect = fn(&Violation) -> bool;
        let cases: Vec<(Bug, Expect)> = vec![
            (Bug::BadPlayers, |v| matches!(v, V::BadPlayers(7))),
            (Bug::BadToMove, |v| {
                matches!(
                    v,
                    V::ToMoveOutOfRange {
                        player: 2,
                        players: 2
                    }
                )
            }),
            (Bug::DuplicateMove, |v| matches!(v, V::DuplicateMove { .. })),
            (Bug::ClobberBuffer, |v| matches!(v, V::MovesClobberBuffer)),
            (Bug::NonDeterministicMoves, |v| {
                matches!(v, V::MovesNotDeterministic { .. })
            }),
            (Bug::OutcomeWithMoves, |v| {
                matches!(v, V::OutcomeWithMoves { moves: 2, .. })
            }),
            (Bug::NoOutcome, |v| matches!(v, V::NoMovesNoOutcome)),
            (Bug::PlayPanics, |v| {
                matches!(v, V::Panicked { during, message }
                    if during == "play(2)" && message == "play 2 is broken")
            }),
            (Bug::MutatesParent, |v| {
                matches!(v, V::PlayMutatedParent { .. })
            }),
            (
                Bug::InPlaceDiffers,
                |v| matches!(v, V::PlayInPlaceDiffers { mv, .. } if mv == "1"),
            ),
            (Bug::WrongLength, |v| {
                matches!(
                    v,
                    V::WrongLength {
                        len: 3,
                        players: 2,
                        ..
                    }
                )
            }),
            (Bug::OutOfBounds, |v| matches!(v, V::OutOfBounds { .. })),
            (Bug::NotZeroSum, |v| matches!(v, V::NotZeroSum { .. })),
            (Bug::EvalNotDeterministic, |v| {
                matches!(v, V::EvalNotDeterministic { .. })
            }),
            (Bug::BadOrder, |v| matches!(v, V::BadOrder { .. })),
            (Bug::SubtreeBounds, |v| {
                matches!(v, V::SubtreeBounds { player: 0, .. })
            }),
            (Bug::NeverEnds, |v| matches!(v, V::PlayoutTooLong(20))),
            (Bug::UndeclaredResample, |v| {
                matches!(v, V::HiddenInformation { declared: false })
            }),
            (Bug::NoResample, |v| {
                matches!(v, V::HiddenInformation { declared: true })
            }),
            (
                Bug::ResampleOtherMover,
                |v| matches!(v, V::ResampleOutsideInformationSet { what } if what.contains("player")),
            ),
            (
                Bug::ResampleOtherMoves,
                |v| matches!(v, V::ResampleOutsideInformationSet { what } if what.contains("moves")),
            ),
            (Bug::RandomMoveLast, |v| {
                matches!(v, V::RandomMove { got, expected, same_draws: true }
                    if got == "Some(2)" && expected == "Some(1)")
            }),
            (Bug::RandomMoveDrawsTwice, |v| {
                matches!(
                    v,
                    V::RandomMove {
                        same_draws: false,
                        ..
                    }
                )
            }),
        ];
        for (bug, ok) in cases {
            let v = violation(bug);
            assert!(ok(&v), "{bug:?} gave {v:?}");
        }
    }

    #[test]
    fn unfinished_playouts_may_be_allowed() {
        let cfg = CheckConfig {
            playouts: 5,
            max_plies: 10,
            allow_unfinished: true,
            ..CheckConfig::default()
        };
        let r = check(&Toy::new(Bug::NeverEnds), &ToyEval, &cfg);
        // Scores outgrow nothing here (n <= 20 within the bounds), so only the cap applies.
        let r = r.unwrap();
        assert_eq!(r.playouts, 5);
        assert_eq!(r.finished, 0);
        assert_eq!(r.longest, 10);
    }

    #[test]
    fn check_from_uses_every_start() {
        let g = Toy::new(Bug::None);
        let starts = [
            g.initial(),
            T {
                n: 5,
                touched: Cell::new(0),
            },
        ];
        let cfg = CheckConfig {
            playouts: 10,
            ..CheckConfig::default()
        };
        let r = check_from(&g, &ToyEval, &starts, &cfg).unwrap();
        assert_eq!(r.playouts, 20);
        assert_eq!(r.finished, 20);
    }
}
