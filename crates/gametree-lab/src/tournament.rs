//! Multi-player tournaments between search engines: every seat assignment, seeded random
//! openings, win rates and mean scores with 95% intervals.
//!
//! An [`Engine`] is a registry algorithm with a [`Budget`]: a fixed depth (equal-depth
//! tournaments) or a node budget per move, spent by iterative deepening (equal-node
//! tournaments: the move of the last completed iteration is played; the nodes of the
//! abandoned iteration count against the budget).
//!
//! With `E` engines and `N` seats (`E <= N`), every assignment of engines to seats in which
//! each engine sits at least once is played (for `E = N` these are the `N!` permutations; for
//! two engines and three seats the six mixed tables), from each of `openings` openings: an
//! opening is `opening_plies` plies chosen uniformly at random among the legal moves with a
//! seed derived from the tournament seed, and every seat assignment plays from the same
//! openings, so seats and openings are balanced.
//!
//! A game is played to its end (the game's own rules, such as a ply cap) or stopped after
//! [`TournamentConfig::max_plies`] plies, where it is adjudicated by the evaluator's value.
//! Each seat then counts for its engine: the seat's score, and a win share (1 for the sole
//! best score, `1/k` each for a `k`-way tie for best). Win rates and mean scores are averaged
//! over every seat an engine occupied, with 95% intervals ([`crate::stats::summarize`]).
//! Everything is deterministic: the same configuration gives the same games, whatever the
//! number of threads.

use gametree::search::{run, run_iterative, Algorithm, Config, Limits};
use gametree::{Evaluator, Game, Score, Scores};
use gametree_games::rng::SplitMix64;
use serde::Serialize;

use crate::runner::{run_trials, trial_seed};
use crate::stack::{stack_bytes, StackError, MAX_PLIES};
use crate::stats::{summarize, Summary};

/// How much an engine may search per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Budget {
    /// A fixed-depth search of this many plies.
    Depth(u32),
    /// Iterative deepening until this many nodes are spent.
    Nodes(u64),
}

/// A player: an algorithm and its budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Engine {
    /// The algorithm (any of the registry).
    pub algorithm: Algorithm,
    /// Its budget per move.
    pub budget: Budget,
}

impl Engine {
    /// A readable name: `paranoid@d3` or `maxn@n50000`.
    pub fn name(&self) -> String {
        match self.budget {
            Budget::Depth(d) => format!("{}@d{d}", self.algorithm.name()),
            Budget::Nodes(n) => format!("{}@n{n}", self.algorithm.name()),
        }
    }

    /// Chooses a move in `state` (which must not be terminal): the engine's best move, or
    /// the first legal move when the search gives none (a node budget too small for even
    /// depth 1, or an algorithm that refuses the game). Returns the move, the nodes spent
    /// and whether the search failed.
    pub fn choose<G: Game, E: Evaluator<G>>(
        &self,
        game: &G,
        eval: &E,
        state: &G::State,
    ) -> Option<(G::Move, u64, bool)> {
        let result = match self.budget {
            Budget::Depth(d) => run(self.algorithm, game, eval, state, &Config::depth(d)),
            Budget::Nodes(n) => {
                let config = Config {
                    limits: Limits {
                        depth: None,
                        nodes: Some(n),
                        deadline: None,
                        start: None,
                    },
                    trace: false,
                    ..Config::default()
                };
                run_iterative(self.algorithm, game, eval, state, &config)
            }
        };
        let mut moves = Vec::new();
        game.moves(state, &mut moves);
        let first = *moves.first()?;
        Some(match result {
            Ok(r) => match r.best_move {
                Some(m) => (m, r.stats.nodes, false),
                None => (first, r.stats.nodes, true),
            },
            Err(gametree::search::SearchError::Stopped(_, stats)) => (first, stats.nodes, true),
            Err(_) => (first, 0, true),
        })
    }
}

/// What to play.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentConfig {
    /// The engines (at most as many as the game has seats).
    pub engines: Vec<Engine>,
    /// Random openings; every seat assignment is played from each.
    pub openings: usize,
    /// Random plies of each opening.
    pub opening_plies: usize,
    /// The seed of the openings.
    pub seed: u64,
    /// Plies after the opening after which a game is stopped and adjudicated by the
    /// evaluator (`None`: play to the game's end).
    pub max_plies: Option<usize>,
    /// Show a progress bar on stderr.
    pub progress: bool,
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
    /// An engine's depth is beyond what a search thread supports.
    #[error(transparent)]
    Stack(#[from] StackError),
}

/// The most games a tournament plays (each game's result is kept, about 200 bytes).
pub const MAX_GAMES: usize = 1_000_000;

/// One game's result.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameResult {
    /// The opening's number.
    pub opening: usize,
    /// The engine (index into the engine list) at each seat.
    pub seats: Vec<usize>,
    /// The final scores, one per seat (the outcome, or the evaluator's value when
    /// adjudicated).
    pub scores: Vec<Score>,
    /// Plies played after the opening.
    pub plies: usize,
    /// Whether the game reached a terminal state (else it was adjudicated).
    pub finished: bool,
    /// The seat with the sole best score, if any.
    pub winner: Option<usize>,
    /// Nodes searched by each seat over the game.
    pub nodes: Vec<u64>,
    /// Moves each seat made.
    pub moves: Vec<u64>,
    /// Moves where a seat's search gave no move (the first legal move was played).
    pub fallbacks: u64,
}

/// One engine's totals.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EngineSummary {
    /// [`Engine::name`].
    pub name: String,
    /// The algorithm's registry name.
    pub algorithm: String,
    /// The budget.
    pub budget: Budget,
    /// Seats occupied (over all games).
    pub seats: usize,
    /// Win shares.
    pub wins: f64,
    /// Win share per seat, with its 95% interval.
    pub win_rate: Summary,
    /// Score per seat, with its 95% interval.
    pub score: Summary,
    /// Mean nodes searched per move.
    pub nodes_per_move: f64,
}

/// A tournament's results.
#[derive(Clone, Debug, PartialEq, Serialize)]
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
    /// Games that reached a terminal state.
    pub finished: usize,
    /// Per engine, in the order given.
    pub engines: Vec<EngineSummary>,
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

/// Plays one game from `start` with `engine_of_seat[p]` at seat `p`.
pub fn play_game<G: Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    engines: &[Engine],
    engine_of_seat: &[usize],
    start: G::State,
    max_plies: Option<usize>,
) -> GameResult {
    let n = game.players();
    let mut state = start;
    let mut nodes = vec![0u64; n];
    let mut moves = vec![0u64; n];
    let mut fallbacks = 0;
    let mut plies = 0;
    let scores: Scores = loop {
        if let Some(o) = game.outcome(&state) {
            break o;
        }
        if max_plies.is_some_and(|m| plies >= m) {
            break eval.evaluate(game, &state);
        }
        let p = game.to_move(&state).index();
        let engine = &engines[engine_of_seat[p]];
        match engine.choose(game, eval, &state) {
            Some((mv, spent, failed)) => {
                nodes[p] += spent;
                moves[p] += 1;
                fallbacks += failed as u64;
                state = game.play(&state, mv);
                plies += 1;
            }
            // No moves but no outcome: a broken game; adjudicate.
            None => break eval.evaluate(game, &state),
        }
    };
    let finished = game.outcome(&state).is_some();
    let best = scores.as_slice().iter().copied().max().unwrap_or(0);
    let top: Vec<usize> = (0..n).filter(|&p| scores[p] == best).collect();
    GameResult {
        opening: 0,
        seats: engine_of_seat.to_vec(),
        scores: scores.as_slice().to_vec(),
        plies,
        finished,
        winner: (top.len() == 1).then(|| top[0]),
        nodes,
        moves,
        fallbacks,
    }
}

/// Plays the tournament of `config` on `game` with `eval`.
pub fn run_tournament<G, E>(
    game: &G,
    eval: &E,
    name: &str,
    config: &TournamentConfig,
) -> Result<TournamentResult, TournamentError>
where
    G: Game + Sync,
    G::State: Send,
    E: Evaluator<G> + Sync,
{
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
    let tables = seatings(k, seats);
    let games = config
        .openings
        .checked_mul(tables.len())
        .filter(|&g| g <= MAX_GAMES)
        .ok_or(TournamentError::TooManyGames {
            openings: config.openings,
            seatings: tables.len(),
        })?;
    // The deepest search of any engine: its depth, or for a node budget at most that many
    // plies (iterative deepening completes depth d with more than d nodes), and never beyond
    // MAX_PLIES (every game the command line offers ends within it).
    let plies = config
        .engines
        .iter()
        .map(|e| match e.budget {
            Budget::Depth(d) => u64::from(d),
            Budget::Nodes(n) => n.min(MAX_PLIES),
        })
        .max()
        .unwrap_or(0);
    // The trials run on a pool of their own whose threads have a stack for that depth.
    let bytes = stack_bytes(plies)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .thread_name(|i| format!("tournament-{i}"))
        .stack_size(bytes)
        .build()
        .map_err(|e| StackError::Spawn {
            mib: bytes >> 20,
            reason: e.to_string(),
        })?;
    let play = |i: usize, _| {
        let o = i / tables.len();
        let start = opening(
            game,
            config.opening_plies,
            trial_seed(config.seed, o as u64),
        );
        let mut r = play_game(
            game,
            eval,
            &config.engines,
            &tables[i % tables.len()],
            start,
            config.max_plies,
        );
        r.opening = o;
        r
    };
    let results =
        pool.install(|| run_trials("tournament", games, config.seed, config.progress, play));
    let engines = (0..k)
        .map(|e| {
            let mut wins = Vec::new();
            let mut scores = Vec::new();
            let (mut nodes, mut moves) = (0u64, 0u64);
            for r in &results {
                let best = r.scores.iter().copied().max().unwrap_or(0);
                let ties = r.scores.iter().filter(|&&s| s == best).count() as f64;
                for (p, &who) in r.seats.iter().enumerate() {
                    if who == e {
                        wins.push(if r.scores[p] == best { 1.0 / ties } else { 0.0 });
                        scores.push(r.scores[p] as f64);
                        nodes += r.nodes[p];
                        moves += r.moves[p];
                    }
                }
            }
            let engine = &config.engines[e];
            EngineSummary {
                name: engine.name(),
                algorithm: engine.algorithm.name().to_string(),
                budget: engine.budget,
                seats: wins.len(),
                wins: wins.iter().sum(),
                win_rate: summarize(&wins),
                score: summarize(&scores),
                nodes_per_move: nodes as f64 / moves.max(1) as f64,
            }
        })
        .collect();
    Ok(TournamentResult {
        game: name.to_string(),
        players: seats,
        openings: config.openings,
        opening_plies: config.opening_plies,
        seed: config.seed,
        games,
        finished: results.iter().filter(|r| r.finished).count(),
        engines,
        results,
    })
}

/// The results as a text table: one line per engine.
pub fn table(r: &TournamentResult) -> String {
    let mut out = format!(
        "{}: {} games ({} openings x {} seatings), {} finished, {} adjudicated\n",
        r.game,
        r.games,
        r.openings,
        r.games / r.openings.max(1),
        r.finished,
        r.games - r.finished
    );
    out.push_str(&format!(
        "{:<24} {:>6} {:>8} {:>8} {:>17} {:>10} {:>19} {:>12}\n",
        "engine", "seats", "wins", "win %", "95% interval", "score", "95% interval", "nodes/move"
    ));
    for e in &r.engines {
        out.push_str(&format!(
            "{:<24} {:>6} {:>8.1} {:>7.1}% {:>17} {:>10.1} {:>19} {:>12.0}\n",
            e.name,
            e.seats,
            e.wins,
            100.0 * e.win_rate.mean,
            format!(
                "[{:.1}, {:.1}]",
                100.0 * e.win_rate.ci95[0],
                100.0 * e.win_rate.ci95[1]
            ),
            e.score.mean,
            format!("[{:.1}, {:.1}]", e.score.ci95[0], e.score.ci95[1]),
            e.nodes_per_move
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use gametree_games::chinese_checkers::{ChineseCheckers, DistanceEval};
    use gametree_games::tictactoe::{OpenLines, TicTacToe};

    #[test]
    fn seatings_cover_every_assignment() {
        assert_eq!(seatings(3, 3).len(), 6);
        assert_eq!(seatings(2, 3).len(), 6);
        assert_eq!(seatings(1, 3), vec![vec![0, 0, 0]]);
        assert_eq!(seatings(2, 2), vec![vec![0, 1], vec![1, 0]]);
        assert!(seatings(4, 3).is_empty());
        // Every engine sits in every seat equally often.
        for (k, n) in [(2, 3), (3, 3), (2, 4), (3, 4)] {
            let t = seatings(k, n);
            for seat in 0..n {
                let counts: Vec<usize> = (0..k)
                    .map(|e| t.iter().filter(|v| v[seat] == e).count())
                    .collect();
                assert!(counts.iter().all(|&c| c == counts[0]), "{k} {n} {counts:?}");
            }
        }
    }

    /// Issue #11, defect 2: `openings * seatings` overflowed (a panic) or asked for 10^12
    /// results (an abort); defect 1: a depth beyond the search threads' stack.
    #[test]
    fn defect_2_too_many_games_or_too_deep_is_an_error() {
        let engine = |algorithm, d| Engine {
            algorithm,
            budget: Budget::Depth(d),
        };
        let mut cfg = TournamentConfig {
            engines: vec![
                engine(Algorithm::AlphaBeta, 1),
                engine(Algorithm::Minimax, 1),
            ],
            openings: usize::MAX,
            opening_plies: 0,
            seed: 1,
            max_plies: None,
            progress: false,
        };
        let too_many = Err(TournamentError::TooManyGames {
            openings: usize::MAX,
            seatings: 2,
        });
        assert_eq!(run_tournament(&TicTacToe, &OpenLines, "t", &cfg), too_many);
        cfg.openings = MAX_GAMES / 2 + 1;
        assert!(run_tournament(&TicTacToe, &OpenLines, "t", &cfg).is_err());
        cfg.openings = 1;
        cfg.engines[1] = engine(Algorithm::Minimax, 10_001);
        assert_eq!(
            run_tournament(&TicTacToe, &OpenLines, "t", &cfg),
            Err(TournamentError::Stack(StackError::TooDeep {
                plies: 10_001
            }))
        );
        cfg.engines[1] = engine(Algorithm::Minimax, 10_000);
        assert!(run_tournament(&TicTacToe, &OpenLines, "t", &cfg).is_ok());
    }

    #[test]
    fn a_small_chinese_checkers_tournament() {
        let game = ChineseCheckers::new(3, 73, 10, 400).unwrap();
        let cfg = TournamentConfig {
            engines: vec![
                Engine {
                    algorithm: Algorithm::Speculative,
                    budget: Budget::Depth(2),
                },
                Engine {
                    algorithm: Algorithm::Paranoid,
                    budget: Budget::Depth(2),
                },
            ],
            openings: 2,
            opening_plies: 3,
            seed: 5,
            max_plies: Some(300),
            progress: false,
        };
        let r = run_tournament(&game, &DistanceEval, "cc", &cfg).unwrap();
        assert_eq!(r.games, 12);
        assert_eq!(r.engines[0].seats + r.engines[1].seats, 36);
        let wins: f64 = r.engines.iter().map(|e| e.wins).sum();
        assert!((wins - 12.0).abs() < 1e-9);
        for g in &r.results {
            assert_eq!(g.scores.iter().sum::<i64>(), game.maxsum());
            assert_eq!(g.fallbacks, 0);
        }
        // Deterministic.
        let again = run_tournament(&game, &DistanceEval, "cc", &cfg).unwrap();
        assert_eq!(again, r);
        assert!(table(&r).contains("paranoid@d2"));
    }

    #[test]
    fn node_budgets_and_errors() {
        let cfg = TournamentConfig {
            engines: vec![
                Engine {
                    algorithm: Algorithm::AlphaBeta,
                    budget: Budget::Nodes(2000),
                },
                Engine {
                    algorithm: Algorithm::Minimax,
                    budget: Budget::Depth(2),
                },
            ],
            openings: 1,
            opening_plies: 1,
            seed: 1,
            max_plies: None,
            progress: false,
        };
        let r = run_tournament(&TicTacToe, &OpenLines, "ttt", &cfg).unwrap();
        assert_eq!(r.games, 2);
        assert!(r.results.iter().all(|g| g.finished));
        assert!(r.results.iter().all(|g| g.nodes.iter().all(|&n| n > 0)));
        let mut bad = cfg.clone();
        bad.engines.push(bad.engines[0]);
        assert!(matches!(
            run_tournament(&TicTacToe, &OpenLines, "ttt", &bad),
            Err(TournamentError::TooManyEngines { .. })
        ));
        bad.engines.clear();
        assert_eq!(
            run_tournament(&TicTacToe, &OpenLines, "ttt", &bad),
            Err(TournamentError::NoEngines)
        );
    }
}
