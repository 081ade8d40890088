//! Multi-player tournaments between search engines: every seat assignment, seeded random
//! openings, finished and adjudicated games, win shares with 95% intervals, a pairwise table
//! with sign tests, and ratings (docs/tournament.md).
//!
//! An [`Engine`] (module [`crate::engine`]) is a searcher (any name of `gametree list`: an
//! algorithm, `brs`, `brs-plus` or `mcts`) with a [`MoveBudget`]: a fixed depth (equal-depth tournaments), a node
//! budget per move, or a time budget per move, in wall-clock time or in the searching
//! thread's processor time. Node and time budgets are spent by iterative
//! deepening: the move of the last completed iteration is played (the nodes of the abandoned
//! iteration count against a node budget). MCTS is not deepened: a depth budget bounds its
//! playouts (with [`crate::engine::MCTS_DEPTH_ITERATIONS`] iterations per move), a node budget is the size
//! of its tree, a time budget its deadline; its seed for each move is derived from the
//! tournament seed, the game and the ply, so depth and node budgets stay deterministic.
//!
//! An engine with `:worlds=W` ([`EngineOptions::worlds`]) plays with hidden information:
//! it sees only the information set of the player to move and decides by
//! perfect-information Monte Carlo ([`gametree::search::pimc()`]) over `W` states drawn by
//! [`Game::resample`], its budget split over the searches; its sampler's seed derives from
//! the tournament seed, the game and the ply ([`pimc_seed`]). A tournament with such an
//! engine on a game without hidden information is refused
//! ([`EngineError::PerfectInformation`]).
//!
//! Best-reply engines need a game that can hand the turn to any player: a tournament on
//! other games is refused ([`EngineError::NeedsSetToMove`]); [`run_tournament_with`]
//! with [`WithSetToMove`] plays them on games that can.
//!
//! With `E` engines and `N` seats (`E <= N`), every assignment of engines to seats in which
//! each engine sits at least once is played (for `E = N` these are the `N!` permutations; for
//! two engines and three seats the six mixed tables), from each of `openings` openings: an
//! opening is `opening_plies` plies chosen uniformly at random among the legal moves with a
//! seed derived from the tournament seed, and every seat assignment plays from the same
//! openings, so seats and openings are balanced.
//!
//! A game ends in one of two ways ([`Ending`]). It is **finished** when the rules decide it
//! (a terminal state other than a ply cap, a claim rule's end included, counted apart as
//! `claimed`: [`Game::ended_by_claim`]): the seats are ranked by the outcome. It is
//! **adjudicated** when it is stopped by [`TournamentConfig::max_plies`], by the game's own
//! ply cap ([`Game::ended_by_cap`]), or (a broken game) by a state without moves or outcome:
//! the seats are then ranked by the evaluator's values of the last state. Either way the
//! ranking is a finishing order where equal scores share a place, and the statistics of
//! [`crate::rating`] are computed from it.
//!
//! Depth and node budgets are deterministic: the same configuration gives the same games
//! and the same numbers, whatever the number of threads. Time budgets are not: how deep an
//! iteration gets before the deadline depends on the machine and its load.
//!
//! The games run on a pool of threads ([`run_tournament_with`], [`play_games_with`]), which
//! needs a game that is `Sync`; a game that cannot leave its thread (one written in Python,
//! whose methods need the interpreter's lock) plays the same games on the calling thread,
//! one after the other ([`play_games_here`], [`run_tournament_here`]).

use std::time::Instant;

use gametree::hash::Zobrist;
#[cfg(doc)]
use gametree::search::WithSetToMove;
use gametree::search::{AnyGame, Dispatch};
use gametree::{Evaluator, Game, Score, Scores};
use gametree_games::rng::SplitMix64;
use serde::{Deserialize, Serialize};

use crate::engine::{move_seed, Engine, EngineError, EngineMemory, MoveBudget, TIME_MAX_DEPTH};
#[cfg(doc)]
use crate::engine::{pimc_seed, EngineOptions};
use crate::rating::{
    pairwise, rate_resampled, win_shares, Finish, Pairwise, RatingConfig, Ratings,
};
use crate::runner::{run_trials, trial_seed};
use crate::stack::{stack_bytes, StackError, MAX_PLIES};
use crate::stats::{summarize, Summary};

/// What to play.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentConfig {
    /// The engines (at most as many as the game has seats).
    pub engines: Vec<Engine>,
    /// Random openings; every seat assignment is played from each.
    pub openings: usize,
    /// Random plies of each opening.
    pub opening_plies: usize,
    /// The seed of the openings (and of the ratings' bootstrap).
    pub seed: u64,
    /// Plies after the opening after which a game is stopped and adjudicated by the
    /// evaluator (`None`: play to the game's end).
    pub max_plies: Option<usize>,
    /// Show a progress bar on stderr.
    pub progress: bool,
    /// Threads playing games at once (`None`: as many as the rayon pool the tournament is
    /// started from has, [`TournamentConfig::playing_threads`]). The results do not depend
    /// on it (except under time budgets).
    pub threads: Option<usize>,
    /// Bootstrap resamples of the ratings' intervals.
    pub bootstrap: usize,
}

impl TournamentConfig {
    /// A configuration with these engines and the defaults: 4 openings of 3 plies, seed 1,
    /// no ply limit, no progress bar, rayon's threads, 1,000 bootstrap resamples.
    pub fn new(engines: Vec<Engine>) -> TournamentConfig {
        TournamentConfig {
            engines,
            openings: 4,
            opening_plies: 3,
            seed: 1,
            max_plies: None,
            progress: false,
            threads: None,
            bootstrap: 1000,
        }
    }

    /// The threads that play the games: `threads`, else the size of the rayon pool this is
    /// called from (`rayon::current_num_threads`: outside any pool, one per core or
    /// `RAYON_NUM_THREADS`; inside `reproduce --threads N`'s pool, N), at least 1.
    pub fn playing_threads(&self) -> usize {
        self.threads
            .unwrap_or_else(rayon::current_num_threads)
            .max(1)
    }
}

/// Why a tournament cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TournamentError {
    /// No engines.
    #[error("a tournament needs at least one engine")]
    NoEngines,
    /// More engines than seats.
    #[error("{engines} engines but the game has only {seats} seats")]
    TooManyEngines {
        /// Engines given.
        engines: usize,
        /// Seats of the game.
        seats: usize,
    },
    /// No openings.
    #[error("a tournament needs at least one opening")]
    NoOpenings,
    /// More games than [`MAX_GAMES`] (every game's result is kept).
    #[error("{openings} openings x {seatings} seatings is more than {max} games", max = MAX_GAMES)]
    TooManyGames {
        /// Openings asked for.
        openings: usize,
        /// Seat assignments per opening.
        seatings: usize,
    },
    /// The tables of the games played at once cannot all be held: checked before the
    /// first game, each game in flight holding one table per seat whose engine has one.
    #[error(
        "engine {engine}: the tables of the games played at once cannot all be allocated \
         (games at once: {games}, tables per game: {per_game}, {mib} MiB in all): {reason}; \
         play fewer games at once (threads) or use smaller tables"
    )]
    Tables {
        /// The engine whose table could not be allocated.
        engine: String,
        /// Games played at once (the thread count, at most the number of games).
        games: usize,
        /// Tables per game (the seats whose engine has one, in the heaviest seating).
        per_game: usize,
        /// The MiB of all those tables.
        mib: u64,
        /// Why.
        reason: String,
    },
    /// An engine that does not fit the game or whose settings are wrong.
    #[error(transparent)]
    Engine(#[from] EngineError),
    /// An engine's depth is beyond what a search thread supports.
    #[error(transparent)]
    Stack(#[from] StackError),
    /// The caller stopped the games ([`play_games_here_until`]) before the last one.
    #[error("the tournament was stopped after {played} of its {asked} games")]
    Stopped {
        /// Games played before the stop.
        played: usize,
        /// Games asked for.
        asked: usize,
    },
    /// A player from outside the engines ([`Outside`]) failed.
    #[error("the player of engine {engine} failed: {reason}")]
    Outside {
        /// The engine's index.
        engine: usize,
        /// Why.
        reason: String,
    },
}

/// The most games a tournament plays (each game's result is kept, about 200 bytes).
pub const MAX_GAMES: usize = 1_000_000;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// The rules decided it (a terminal state other than a ply cap); ranked by the outcome.
    Finished,
    /// The game's own ply cap ended it ([`Game::ended_by_cap`]); ranked by the evaluator.
    GameCap,
    /// A claim rule of the game ended it ([`Game::ended_by_claim`]): decided by the rules,
    /// ranked by the outcome, like [`Ending::Finished`] (not adjudicated).
    Claimed,
    /// [`TournamentConfig::max_plies`] stopped it; ranked by the evaluator.
    MaxPlies,
    /// A non-terminal state without moves (a broken game); ranked by the evaluator.
    NoMoves,
}

impl Ending {
    /// Whether the game was adjudicated (ranked by the evaluator), not finished.
    pub fn adjudicated(self) -> bool {
        !matches!(self, Ending::Finished | Ending::Claimed)
    }
}

/// One game's result (a field it does not have is refused: a merge reads it from a part).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameResult {
    /// The opening's number.
    pub opening: usize,
    /// The engine (index into the engine list) at each seat.
    pub seats: Vec<usize>,
    /// The final scores, one per seat (the outcome when finished, the evaluator's value of
    /// the last state when adjudicated).
    pub scores: Vec<Score>,
    /// Each seat's place from `scores`: 1 + the seats with a better score (ties share).
    pub ranks: Vec<u32>,
    /// Plies played after the opening.
    pub plies: usize,
    /// How the game ended.
    pub ending: Ending,
    /// Whether the rules decided the game (`ending == Finished`; else it was adjudicated).
    pub finished: bool,
    /// The seat with the sole best score, if any.
    pub winner: Option<usize>,
    /// Nodes searched by each seat over the game.
    pub nodes: Vec<u64>,
    /// Moves each seat made.
    pub moves: Vec<u64>,
    /// Moves where a seat's search gave no move (the first legal move was played).
    pub fallbacks: u64,
    /// The longest move of each seat in microseconds, kept only when some engine has a time
    /// budget (wall-clock times are not reproducible).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_move_us: Option<Vec<u64>>,
}

impl GameResult {
    /// The game as the statistics see it.
    pub fn finish(&self) -> Finish<'_> {
        Finish {
            seats: &self.seats,
            scores: &self.scores,
        }
    }
}

/// One engine's totals.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EngineSummary {
    /// [`Engine::name`].
    pub name: String,
    /// The algorithm's registry name.
    pub algorithm: String,
    /// The budget.
    pub budget: MoveBudget,
    /// Games the engine played.
    pub games: usize,
    /// Of those, games the rules decided.
    pub finished: usize,
    /// Of those, games adjudicated by the evaluator.
    pub adjudicated: usize,
    /// Seats occupied (over all games).
    pub seats: usize,
    /// Win shares.
    pub wins: f64,
    /// Win share per seat (`mean`), with its 95% interval over games (`ci95`; see
    /// [`crate::rating::win_shares`]); `n` is the number of games.
    pub win_rate: Summary,
    /// Score per seat, with its 95% interval (over seats).
    pub score: Summary,
    /// The rating on the Elo scale (mean 0 over the engines).
    pub elo: f64,
    /// Its 95% bootstrap interval.
    pub elo_ci95: [f64; 2],
    /// Mean nodes searched per move.
    pub nodes_per_move: f64,
    /// The longest move in milliseconds (time budgets only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_move_ms: Option<f64>,
}

/// A tournament's results.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentResult {
    /// The game's description.
    pub game: String,
    /// Seats per game.
    pub players: usize,
    /// Openings played.
    pub openings: usize,
    /// Random plies per opening.
    pub opening_plies: usize,
    /// The seed.
    pub seed: u64,
    /// Games played.
    pub games: usize,
    /// Games the rules decided.
    pub finished: usize,
    /// Games adjudicated by the evaluator.
    pub adjudicated: usize,
    /// Of the finished games, those a claim rule of the game ended ([`Ending::Claimed`]).
    #[serde(default)]
    pub claimed: usize,
    /// Whether more than half of the games were adjudicated (the report warns).
    pub mostly_adjudicated: bool,
    /// Per engine, in the order given.
    pub engines: Vec<EngineSummary>,
    /// Head to head, for each pair of engines (indices into `engines`).
    pub pairwise: Vec<Pairwise>,
    /// The ratings (model, settings, one per engine).
    pub ratings: Ratings,
    /// Every game.
    pub results: Vec<GameResult>,
}

/// Every assignment of `engines` engines to `seats` seats in which every engine sits at
/// least once, in lexicographic order.
pub fn seatings(engines: usize, seats: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    if engines == 0 || engines > seats {
        return out;
    }
    let total = engines.pow(seats as u32);
    for code in 0..total {
        let mut v = Vec::with_capacity(seats);
        let mut c = code;
        for _ in 0..seats {
            v.push(c % engines);
            c /= engines;
        }
        v.reverse();
        if (0..engines).all(|e| v.contains(&e)) {
            out.push(v);
        }
    }
    out
}

/// The opening with seed `seed`: `plies` uniformly random legal moves from the start.
pub fn opening<G: Game>(game: &G, plies: usize, seed: u64) -> G::State {
    let mut rng = SplitMix64::new(seed);
    let mut state = game.initial();
    let mut buf = Vec::new();
    for _ in 0..plies {
        buf.clear();
        game.moves(&state, &mut buf);
        if buf.is_empty() {
            break;
        }
        state = game.play(&state, buf[rng.below(buf.len() as u64) as usize]);
    }
    state
}

/// Who plays one game and how: the engines, the engine at each seat, the ply cap after the
/// opening and the seed the engines' moves derive from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Seating<'a> {
    /// The engines.
    pub engines: &'a [Engine],
    /// The engine (an index into `engines`) at each seat.
    pub seats: &'a [usize],
    /// Plies after the start after which the game is stopped and adjudicated by the
    /// evaluator (`None`: play to the game's end).
    pub max_plies: Option<usize>,
    /// The game's seed: an MCTS engine's search at ply `k` (after the start) has seed
    /// [`move_seed`]`(seed, k)`, a PIMC engine's sampler (`:worlds`) the seed
    /// [`pimc_seed`]`(move_seed(seed, k))`.
    pub seed: u64,
}

/// Plays one game from `start` as `seating` says ([`play_game_with`] through [`AnyGame`]:
/// best-reply engines fail to search and play their first legal move).
pub fn play_game<G: Zobrist, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    seating: &Seating<'_>,
    start: G::State,
) -> Result<GameResult, TournamentError> {
    play_game_with::<AnyGame, G, E>(game, eval, seating, start)
}

/// Plays one game from `start` as `seating` says, searching through the dispatcher `D`.
/// Each seat's memory ([`Engine::memory`]: its table) is allocated before the first move,
/// outside every move's time; when one cannot be, the game is not played
/// ([`EngineError::Table`]).
pub fn play_game_with<D: Dispatch<G>, G: Zobrist, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    seating: &Seating<'_>,
    start: G::State,
) -> Result<GameResult, TournamentError> {
    let mut memory = seat_memory(seating, &Engine::memory)?;
    play_game_in::<D, G, E>(game, eval, seating, start, &mut memory, &mut |_, _| {
        Ok(None)
    })
}

/// How a tournament allocates an engine's memory: [`Engine::memory`], or one of the caller's
/// ([`run_tournament_in`]: the tests use one that fails on purpose).
pub type Allocate<'a> = &'a (dyn Fn(&Engine) -> Result<EngineMemory, EngineError> + Sync);

/// The memory of each seat of a game, allocated by `allocate`.
fn seat_memory(
    seating: &Seating<'_>,
    allocate: Allocate<'_>,
) -> Result<Vec<EngineMemory>, TournamentError> {
    Ok(seating
        .seats
        .iter()
        .map(|&e| allocate(&seating.engines[e]))
        .collect::<Result<_, _>>()?)
}

/// [`play_game_with`] with each seat's memory already allocated (`memory[p]` for seat `p`).
fn play_game_in<D: Dispatch<G>, G: Zobrist, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    seating: &Seating<'_>,
    start: G::State,
    memory: &mut [EngineMemory],
    outside: &mut Outside<'_, G>,
) -> Result<GameResult, TournamentError> {
    let Seating {
        engines,
        seats: engine_of_seat,
        max_plies,
        seed,
    } = *seating;
    let n = game.players();
    let timed = engines
        .iter()
        .any(|e| matches!(e.budget, MoveBudget::Time(_) | MoveBudget::CpuTime(_)));
    let mut state = start;
    let mut nodes = vec![0u64; n];
    let mut moves = vec![0u64; n];
    let mut longest = vec![0u64; n];
    let mut fallbacks = 0;
    let mut plies = 0;
    let (scores, ending): (Scores, Ending) = loop {
        if let Some(o) = game.outcome(&state) {
            if game.ended_by_cap(&state) {
                break (eval.evaluate(game, &state), Ending::GameCap);
            }
            if game.ended_by_claim(&state) {
                break (o, Ending::Claimed);
            }
            break (o, Ending::Finished);
        }
        if max_plies.is_some_and(|m| plies >= m) {
            break (eval.evaluate(game, &state), Ending::MaxPlies);
        }
        let p = game.to_move(&state).index();
        let engine = &engines[engine_of_seat[p]];
        let clock = Instant::now();
        let this_move = move_seed(seed, plies);
        let chosen = match outside(engine_of_seat[p], &state)? {
            Some(mv) => Some((mv, 0, false)),
            None => engine.choose_in::<D, G, E>(game, eval, &state, this_move, &mut memory[p]),
        };
        match chosen {
            Some((mv, spent, failed)) => {
                if timed {
                    let us = clock.elapsed().as_micros().min(u128::from(u64::MAX)) as u64;
                    longest[p] = longest[p].max(us);
                }
                nodes[p] += spent;
                moves[p] += 1;
                fallbacks += failed as u64;
                state = game.play(&state, mv);
                plies += 1;
            }
            // No moves but no outcome: a broken game; adjudicate.
            None => break (eval.evaluate(game, &state), Ending::NoMoves),
        }
    };
    let scores = scores.as_slice().to_vec();
    let finish = Finish {
        seats: engine_of_seat,
        scores: &scores,
    };
    let ranks = finish.ranks();
    let top: Vec<usize> = (0..n).filter(|&p| ranks[p] == 1).collect();
    Ok(GameResult {
        opening: 0,
        seats: engine_of_seat.to_vec(),
        ranks,
        scores,
        plies,
        ending,
        finished: !ending.adjudicated(),
        winner: (top.len() == 1).then(|| top[0]),
        nodes,
        moves,
        fallbacks,
        max_move_us: timed.then_some(longest),
    })
}

/// Plays the tournament of `config` on `game` with `eval` ([`run_tournament_with`] through
/// [`AnyGame`]: best-reply engines are refused).
pub fn run_tournament<G, E>(
    game: &G,
    eval: &E,
    name: &str,
    config: &TournamentConfig,
) -> Result<TournamentResult, TournamentError>
where
    G: Zobrist + Sync,
    G::State: Send,
    E: Evaluator<G> + Sync,
{
    run_tournament_with::<AnyGame, G, E>(game, eval, name, config)
}

/// Plays the tournament of `config` on `game` with `eval`, searching through the dispatcher
/// `D` ([`WithSetToMove`] for games that can hand the turn to any player). Game `i` (in
/// trial order) has the seed `trial_seed(config.seed, i)`, from which its MCTS engines'
/// seeds derive ([`play_game_with`]): the results do not depend on the thread count.
pub fn run_tournament_with<D, G, E>(
    game: &G,
    eval: &E,
    name: &str,
    config: &TournamentConfig,
) -> Result<TournamentResult, TournamentError>
where
    D: Dispatch<G>,
    G: Zobrist + Sync,
    G::State: Send,
    E: Evaluator<G> + Sync,
{
    run_tournament_in::<D, G, E>(game, eval, name, config, &Engine::memory)
}

/// [`run_tournament_with`], each seat's memory allocated by `allocate` (the memory checks'
/// seam: [`run_tournament_with`] passes [`Engine::memory`]). The tables of the games in
/// flight are checked before the first game; a game whose tables cannot be allocated later
/// stops the tournament: the games not yet started are skipped and the error is returned.
pub fn run_tournament_in<D, G, E>(
    game: &G,
    eval: &E,
    name: &str,
    config: &TournamentConfig,
    allocate: Allocate<'_>,
) -> Result<TournamentResult, TournamentError>
where
    D: Dispatch<G>,
    G: Zobrist + Sync,
    G::State: Send,
    E: Evaluator<G> + Sync,
{
    let (tables, games, pool) = prepare::<D, G>(game, config, usize::MAX, allocate)?;
    let failure = Failure::default();
    let play = |i: usize, trial: u64| {
        failure.guard(|| {
            play_one::<D, G, E>(
                game,
                eval,
                config,
                &tables,
                i,
                trial,
                allocate,
                &mut |_, _| Ok(None),
            )
        })
    };
    let results =
        pool.install(|| run_trials("tournament", games, config.seed, config.progress, play));
    let results = failure.check(results)?;
    Ok(pool.install(|| summarise(name.to_string(), game.players(), config, results)))
}

/// The first error of the games of a tournament played in parallel: once one game fails,
/// the games not yet started are skipped.
#[derive(Default)]
struct Failure {
    first: std::sync::Mutex<Option<TournamentError>>,
    failed: std::sync::atomic::AtomicBool,
}

impl Failure {
    /// `play()`, unless a game already failed; its error is kept.
    fn guard(
        &self,
        play: impl FnOnce() -> Result<GameResult, TournamentError>,
    ) -> Option<GameResult> {
        use std::sync::atomic::Ordering::Relaxed;
        if self.failed.load(Relaxed) {
            return None;
        }
        match play() {
            Ok(r) => Some(r),
            Err(e) => {
                self.failed.store(true, Relaxed);
                let mut first = self.first.lock().unwrap_or_else(|p| p.into_inner());
                first.get_or_insert(e);
                None
            }
        }
    }

    /// Every game's result, or the first error.
    fn check(self, results: Vec<Option<GameResult>>) -> Result<Vec<GameResult>, TournamentError> {
        match self.first.into_inner().unwrap_or_else(|p| p.into_inner()) {
            Some(e) => Err(e),
            None => Ok(results.into_iter().flatten().collect()),
        }
    }
}

/// The number of games the tournament of `config` plays on `game` (openings times seat
/// assignments), after the checks [`run_tournament_with`] makes.
pub fn game_count<D, G>(game: &G, config: &TournamentConfig) -> Result<usize, TournamentError>
where
    D: Dispatch<G>,
    G: Game,
{
    check::<D, G>(game, config).map(|(_, games)| games)
}

/// Plays only the games `which` (numbers in trial order, below [`game_count`]) of the
/// tournament of `config`, in parallel, and returns their results in the order of `which`.
/// Game `i` is the game [`run_tournament_with`] plays as its `i`th (the same seat
/// assignment, opening and seed), so the games of a tournament can be split among
/// processes (shards) and [`summarise`]d together.
pub fn play_games_with<D, G, E>(
    game: &G,
    eval: &E,
    config: &TournamentConfig,
    which: &[usize],
) -> Result<Vec<GameResult>, TournamentError>
where
    D: Dispatch<G>,
    G: Zobrist + Sync,
    G::State: Send,
    E: Evaluator<G> + Sync,
{
    use rayon::prelude::*;
    let allocate: Allocate<'_> = &Engine::memory;
    let (tables, _, pool) = prepare::<D, G>(game, config, which.len(), allocate)?;
    let failure = Failure::default();
    let results = pool.install(|| {
        which
            .par_iter()
            .map(|&i| {
                failure.guard(|| {
                    play_one::<D, G, E>(
                        game,
                        eval,
                        config,
                        &tables,
                        i,
                        trial_seed(config.seed, i as u64),
                        allocate,
                        &mut |_, _| Ok(None),
                    )
                })
            })
            .collect()
    });
    failure.check(results)
}

/// [`play_games_with`] on the calling thread: the games `which` of the tournament of
/// `config`, one after the other, in the order of `which`, each the very game
/// [`play_games_with`] plays for its index (the same seat assignment, opening and seed; its
/// tables checked as for one game in flight). No `Sync` or `Send` bound: for a game that
/// cannot leave its thread, such as one whose rules call an interpreter that one thread
/// holds. The calling thread's stack must hold a search of [`deepest_search`] plies
/// ([`crate::stack::stack_bytes`]; a depth beyond [`MAX_PLIES`] is refused here); run it
/// through [`crate::stack::on_search_thread`] when in doubt.
pub fn play_games_here<D, G, E>(
    game: &G,
    eval: &E,
    config: &TournamentConfig,
    which: &[usize],
) -> Result<Vec<GameResult>, TournamentError>
where
    D: Dispatch<G>,
    G: Zobrist,
    E: Evaluator<G>,
{
    play_games_here_until::<D, G, E>(game, eval, config, which, &mut || false)
}

/// [`play_games_here`], asking `stop` before each game: once it answers `true`, no other
/// game starts and [`TournamentError::Stopped`] is returned (a caller that stops, on
/// Ctrl-C say, knows why). A game in progress is not interrupted here: its engines'
/// searches stop by their own limits (or the game's own stop request).
pub fn play_games_here_until<D, G, E>(
    game: &G,
    eval: &E,
    config: &TournamentConfig,
    which: &[usize],
    stop: &mut dyn FnMut() -> bool,
) -> Result<Vec<GameResult>, TournamentError>
where
    D: Dispatch<G>,
    G: Zobrist,
    E: Evaluator<G>,
{
    play_games_here_with::<D, G, E>(game, eval, config, which, stop, &mut |_, _| Ok(None))
}

/// A player from outside the engines: asked before each move of a seat with the engine's
/// index and the state, it answers `Ok(Some(move))` to play that move (a legal move of the
/// state; it counts as a move with 0 nodes), `Ok(None)` to let the engine search, or an
/// error, which ends the games. The Python package seats other libraries' bots this way
/// (an OpenSpiel `MCTSBot`, say): their engines in the configuration only hold the place.
pub type Outside<'a, G> = dyn FnMut(usize, &<G as Game>::State) -> Result<Option<<G as Game>::Move>, TournamentError>
    + 'a;

/// [`play_games_here_until`] with some moves chosen by `outside` ([`Outside`]) instead of
/// the engines.
pub fn play_games_here_with<D, G, E>(
    game: &G,
    eval: &E,
    config: &TournamentConfig,
    which: &[usize],
    stop: &mut dyn FnMut() -> bool,
    outside: &mut Outside<'_, G>,
) -> Result<Vec<GameResult>, TournamentError>
where
    D: Dispatch<G>,
    G: Zobrist,
    E: Evaluator<G>,
{
    let allocate: Allocate<'_> = &Engine::memory;
    let (tables, _) = check::<D, G>(game, config)?;
    stack_bytes(deepest_search(config))?;
    check_tables(&config.engines, &tables, 1, allocate)?;
    let mut results = Vec::with_capacity(which.len());
    for &i in which {
        if stop() {
            return Err(TournamentError::Stopped {
                played: results.len(),
                asked: which.len(),
            });
        }
        results.push(play_one::<D, G, E>(
            game,
            eval,
            config,
            &tables,
            i,
            trial_seed(config.seed, i as u64),
            allocate,
            outside,
        )?);
    }
    Ok(results)
}

/// [`run_tournament_with`] on the calling thread ([`play_games_here`]: no `Sync` or `Send`
/// bound, one game after the other): every game, then [`summarise`]d. The same result as
/// [`run_tournament_with`] for the same configuration, whatever its `threads`.
pub fn run_tournament_here<D, G, E>(
    game: &G,
    eval: &E,
    name: &str,
    config: &TournamentConfig,
) -> Result<TournamentResult, TournamentError>
where
    D: Dispatch<G>,
    G: Zobrist,
    E: Evaluator<G>,
{
    let which: Vec<usize> = (0..game_count::<D, G>(game, config)?).collect();
    let results = play_games_here::<D, G, E>(game, eval, config, &which)?;
    Ok(summarise(name.to_string(), game.players(), config, results))
}

/// Game `i` of a tournament, with its trial seed, each seat's memory allocated by
/// `allocate` before the first move.
#[expect(
    clippy::too_many_arguments,
    reason = "a game of the tournament: its number and seed, the memory and the outside player"
)]
fn play_one<D, G, E>(
    game: &G,
    eval: &E,
    config: &TournamentConfig,
    tables: &[Vec<usize>],
    i: usize,
    trial: u64,
    allocate: Allocate<'_>,
    outside: &mut Outside<'_, G>,
) -> Result<GameResult, TournamentError>
where
    D: Dispatch<G>,
    G: Zobrist,
    E: Evaluator<G>,
{
    let o = i / tables.len();
    let seats = &tables[i % tables.len()];
    let seating = Seating {
        engines: &config.engines,
        seats,
        max_plies: config.max_plies,
        seed: trial,
    };
    let mut memory = seat_memory(&seating, allocate)?;
    let start = opening(
        game,
        config.opening_plies,
        trial_seed(config.seed, o as u64),
    );
    let mut r = play_game_in::<D, G, E>(game, eval, &seating, start, &mut memory, outside)?;
    r.opening = o;
    Ok(r)
}

/// The checks of a tournament: the seat assignments and the number of games.
fn check<D, G>(
    game: &G,
    config: &TournamentConfig,
) -> Result<(Vec<Vec<usize>>, usize), TournamentError>
where
    D: Dispatch<G>,
    G: Game,
{
    for e in &config.engines {
        e.check_dispatch::<D, G>()?;
    }
    let seats = game.players();
    let k = config.engines.len();
    if k == 0 {
        return Err(TournamentError::NoEngines);
    }
    if k > seats {
        return Err(TournamentError::TooManyEngines { engines: k, seats });
    }
    if config.openings == 0 {
        return Err(TournamentError::NoOpenings);
    }
    for e in &config.engines {
        e.check_settings()?;
    }
    // Engines with `:worlds` need a game that hides information.
    for e in &config.engines {
        e.check_worlds(game)?;
    }
    let tables = seatings(k, seats);
    let games = config
        .openings
        .checked_mul(tables.len())
        .filter(|&g| g <= MAX_GAMES)
        .ok_or(TournamentError::TooManyGames {
            openings: config.openings,
            seatings: tables.len(),
        })?;
    Ok((tables, games))
}

/// The checks, and the thread pool the games run on; the tables of the games played at
/// once (`playing`, at most, and at most one per thread) are allocated together by
/// `allocate` ([`check_tables`]).
fn prepare<D, G>(
    game: &G,
    config: &TournamentConfig,
    playing: usize,
    allocate: Allocate<'_>,
) -> Result<(Vec<Vec<usize>>, usize, rayon::ThreadPool), TournamentError>
where
    D: Dispatch<G>,
    G: Game,
{
    let (tables, games) = check::<D, G>(game, config)?;
    // The trials run on a pool of their own whose threads have a stack for the deepest
    // search.
    let bytes = stack_bytes(deepest_search(config))?;
    let pool = rayon::ThreadPoolBuilder::new()
        .thread_name(|i| format!("tournament-{i}"))
        .num_threads(config.playing_threads())
        .stack_size(bytes)
        .build()
        .map_err(|e| StackError::Spawn {
            mib: bytes >> 20,
            reason: e.to_string(),
        })?;
    let in_flight = pool.current_num_threads().min(games).min(playing);
    check_tables(&config.engines, &tables, in_flight, allocate)?;
    Ok((tables, games, pool))
}

/// The deepest search any engine of `config` makes, in plies: its depth, or for a node
/// budget at most that many plies (iterative deepening completes depth d with more than d
/// nodes), for a time budget [`TIME_MAX_DEPTH`], and never beyond [`MAX_PLIES`] (every game
/// the command line offers ends within it). A thread that plays the tournament's games
/// needs a stack for it ([`crate::stack::stack_bytes`]).
pub fn deepest_search(config: &TournamentConfig) -> u64 {
    config
        .engines
        .iter()
        .map(|e| match e.budget {
            MoveBudget::Depth(d) => u64::from(d),
            MoveBudget::Nodes(n) | MoveBudget::Iterations(n) => n.min(MAX_PLIES),
            MoveBudget::Time(_) | MoveBudget::CpuTime(_) => u64::from(TIME_MAX_DEPTH),
        })
        .max()
        .unwrap_or(0)
}

/// Checks that the tables of `in_flight` games played at once can all be held: for the
/// seating with the most table memory (`seatings`), every seat's memory is allocated by
/// `allocate`, `in_flight` times over, all held at once, then freed. A table is memory the
/// system maps as it is first written, so this costs no time; it catches an address space
/// or an allocator too small before the first game rather than in the middle.
fn check_tables(
    engines: &[Engine],
    seatings: &[Vec<usize>],
    in_flight: usize,
    allocate: Allocate<'_>,
) -> Result<(), TournamentError> {
    let mib = |seats: &Vec<usize>| -> u64 {
        seats
            .iter()
            .filter_map(|&e| engines[e].options.table)
            .map(u64::from)
            .sum()
    };
    let Some(heaviest) = seatings.iter().max_by_key(|s| mib(s)) else {
        return Ok(());
    };
    let per_game = heaviest
        .iter()
        .filter(|&&e| engines[e].options.table.is_some())
        .count();
    if per_game == 0 {
        return Ok(());
    }
    let mut held = Vec::with_capacity(in_flight * heaviest.len());
    for _ in 0..in_flight.max(1) {
        for &e in heaviest {
            match allocate(&engines[e]) {
                Ok(m) => held.push(m),
                Err(EngineError::Table { engine, reason }) => {
                    return Err(TournamentError::Tables {
                        engine,
                        games: in_flight.max(1),
                        per_game,
                        mib: mib(heaviest) * in_flight.max(1) as u64,
                        reason,
                    })
                }
                Err(e) => return Err(e.into()),
            }
        }
    }
    Ok(())
}

/// The statistics of a tournament's games ([`crate::rating`]), in a [`TournamentResult`].
/// A pure function of its arguments: the same games give the same numbers.
pub fn summarise(
    game: String,
    players: usize,
    config: &TournamentConfig,
    results: Vec<GameResult>,
) -> TournamentResult {
    summarise_resampled(game, players, config, results).0
}

/// [`summarise`], with the ratings' bootstrap resamples
/// ([`crate::rating::rate_resampled`]: resample `i` holds every engine's rating).
pub fn summarise_resampled(
    game: String,
    players: usize,
    config: &TournamentConfig,
    results: Vec<GameResult>,
) -> (TournamentResult, Vec<Vec<f64>>) {
    let k = config.engines.len();
    let finishes: Vec<Finish<'_>> = results.iter().map(GameResult::finish).collect();
    let shares = win_shares(k, &finishes);
    let (ratings, resamples) = rate_resampled(
        k,
        &finishes,
        &RatingConfig {
            bootstrap: config.bootstrap,
            seed: config.seed,
            ..RatingConfig::default()
        },
    );
    let pairs = pairwise(k, &finishes);
    let engines = (0..k)
        .map(|e| {
            let mut scores = Vec::new();
            let (mut nodes, mut moves, mut longest) = (0u64, 0u64, 0u64);
            let (mut finished, mut adjudicated) = (0, 0);
            for r in &results {
                if !r.seats.contains(&e) {
                    continue;
                }
                if r.finished {
                    finished += 1;
                } else {
                    adjudicated += 1;
                }
                for (p, &who) in r.seats.iter().enumerate() {
                    if who == e {
                        scores.push(r.scores[p] as f64);
                        nodes += r.nodes[p];
                        moves += r.moves[p];
                        if let Some(t) = &r.max_move_us {
                            longest = longest.max(t[p]);
                        }
                    }
                }
            }
            let engine = &config.engines[e];
            let share = &shares[e];
            EngineSummary {
                name: engine.name(),
                algorithm: engine.algorithm.name().to_string(),
                budget: engine.budget,
                games: share.games,
                finished,
                adjudicated,
                seats: share.seats,
                wins: share.wins,
                win_rate: Summary {
                    n: share.games,
                    mean: share.share,
                    sd: share.se * (share.games as f64).sqrt(),
                    se: share.se,
                    ci95: share.ci95,
                },
                score: summarize(&scores),
                elo: ratings.engines[e].elo,
                elo_ci95: ratings.engines[e].ci95,
                nodes_per_move: nodes as f64 / moves.max(1) as f64,
                max_move_ms: matches!(engine.budget, MoveBudget::Time(_) | MoveBudget::CpuTime(_))
                    .then(|| longest as f64 / 1000.0),
            }
        })
        .collect();
    let finished = results.iter().filter(|r| r.finished).count();
    let adjudicated = results.len() - finished;
    let claimed = results
        .iter()
        .filter(|r| r.ending == Ending::Claimed)
        .count();
    let result = TournamentResult {
        game,
        players,
        openings: config.openings,
        opening_plies: config.opening_plies,
        seed: config.seed,
        games: results.len(),
        finished,
        adjudicated,
        claimed,
        mostly_adjudicated: 2 * adjudicated > results.len(),
        engines,
        pairwise: pairs,
        ratings,
        results,
    };
    (result, resamples)
}

/// The results as text: a warning line when most games were adjudicated, a line of totals,
/// one line per engine (games finished and adjudicated, win share with its interval, rating
/// with its interval, nodes per move), then the pairwise table.
pub fn table(r: &TournamentResult) -> String {
    let mut out = String::new();
    if r.mostly_adjudicated {
        out.push_str(&format!(
            "warning: {} of {} games were adjudicated by the evaluator (stopped by a ply cap, \
             not decided by play); raise the cap or the depth, or use a smaller board\n",
            r.adjudicated, r.games
        ));
    }
    let claimed = if r.claimed > 0 {
        format!(" ({} by the game's claim rule)", r.claimed)
    } else {
        String::new()
    };
    out.push_str(&format!(
        "{}: {} games ({} openings x {} seatings), {} finished{claimed}, {} adjudicated\n",
        r.game,
        r.games,
        r.openings,
        r.games / r.openings.max(1),
        r.finished,
        r.adjudicated
    ));
    // The name columns are as wide as the longest name (at least 24).
    let w = r
        .engines
        .iter()
        .map(|e| e.name.chars().count())
        .max()
        .unwrap_or(0)
        .max(24);
    let w3 = w + 3;
    let rating = match r.ratings.method {
        crate::rating::RatingMethod::Elo => "Elo",
        crate::rating::RatingMethod::BradleyTerry => "rating (BT)",
    };
    out.push_str(&format!(
        "{:<w$} {:>6} {:>9} {:>8} {:>7} {:>17} {:>8} {:>17} {:>12}\n",
        "engine",
        "games",
        "fin/adj",
        "wins",
        "win %",
        "95% interval",
        rating,
        "95% interval",
        "nodes/move"
    ));
    for e in &r.engines {
        out.push_str(&format!(
            "{:<w$} {:>6} {:>9} {:>8.1} {:>6.1}% {:>17} {:>8.0} {:>17} {:>12.0}\n",
            e.name,
            e.games,
            format!("{}/{}", e.finished, e.adjudicated),
            e.wins,
            100.0 * e.win_rate.mean,
            format!(
                "[{:.1}, {:.1}]",
                100.0 * e.win_rate.ci95[0],
                100.0 * e.win_rate.ci95[1]
            ),
            e.elo,
            format!("[{:.0}, {:.0}]", e.elo_ci95[0], e.elo_ci95[1]),
            e.nodes_per_move
        ));
    }
    if !r.pairwise.is_empty() {
        out.push_str(&format!(
            "{:<w$} {:<w3$} {:>6} {:>8} {:>8} {:>6} {:>7} {:>9}\n",
            "pair", "", "games", "ahead", "behind", "even", "score", "p (sign)"
        ));
        for p in &r.pairwise {
            out.push_str(&format!(
                "{:<w$} {:<w3$} {:>6} {:>8} {:>8} {:>6} {:>6.1}% {:>9.4}\n",
                r.engines[p.a].name,
                format!("vs {}", r.engines[p.b].name),
                p.games,
                p.a_ahead,
                p.b_ahead,
                p.even,
                100.0 * p.score,
                p.p_value
            ));
        }
    }
    for e in &r.engines {
        if let Some(ms) = e.max_move_ms {
            out.push_str(&format!("{}: longest move {ms:.1} ms\n", e.name));
        }
    }
    out
}
