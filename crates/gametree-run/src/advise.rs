//! Which search for my game? Every search that can play the game ([`candidates`]) in a round
//! robin at one budget per move, rated together, with the pairs the data decide
//! (docs/which-search.md).
//!
//! Each pair of engines plays a two-engine tournament ([`crate::tournament`]: every seat
//! assignment of each of `openings` seeded openings, the same openings for every pair). Each
//! pair is judged by the "beats" test of the comparison ([`crate::verdict::claim_test`]:
//! the two-sided sign-flip permutation test of the mean group win rate against 0.5), the
//! p-values adjusted by Holm's method over the pairs, so every "decided" pair is right with
//! probability at least `1 - alpha` together. All games are rated together by
//! Bradley-Terry ([`crate::rating::rate`]) with bootstrap intervals. The recommended engine
//! is the one with the highest rating; the advice says whether the data separate it from
//! every other engine, or which ones they do not.

use gametree::hash::Zobrist;
use gametree::search::{Algorithm, Dispatch, Needs, Searcher};
use gametree::Evaluator;
use serde::{Deserialize, Serialize};

use crate::compare::{level_text, p_text};
use crate::engine::{Engine, EngineOptions, MoveBudget};
use crate::rating::{to_tenth, Ratings};
use crate::runner::counting_bar;
use crate::stats::holm;
use crate::tournament::{
    play_games_with, seatings, summarise_resampled, GameResult, TournamentConfig, TournamentError,
    MAX_GAMES,
};
use crate::verdict::{claim_test, group_win_rates, Claim};

/// The searches that can play a game of `players` seats: for two players PVS (the
/// two-player alpha-beta engine) and MCTS; for more, max^n, paranoid, BRS and BRS+ (when
/// `best_reply`: the game can hand the turn to any player) and MCTS
/// ([`candidate_engines`] cuts its playouts).
pub fn candidates(players: usize, best_reply: bool) -> Vec<Searcher> {
    if players <= 2 {
        return vec![Searcher::Plain(Algorithm::Pvs), Searcher::Mcts];
    }
    let mut v = vec![
        Searcher::Plain(Algorithm::Maxn),
        Searcher::Plain(Algorithm::Paranoid),
    ];
    if best_reply {
        v.push(Searcher::BestReply(
            gametree::search::best_reply::Variant::Brs,
        ));
        v.push(Searcher::BestReply(
            gametree::search::best_reply::Variant::BrsPlus,
        ));
    }
    v.push(Searcher::Mcts);
    v
}

/// The playout cut-off of the MCTS candidate: playouts stop after this many plies and the
/// evaluator values the position (as the strength experiment plays MCTS on the board
/// games), so a playout costs about as much as a few nodes of the other searches instead of
/// a random game to the end.
pub const MCTS_CUTOFF: u32 = 10;

/// The candidates a dispatcher `D` runs on a game of `players` seats, each with `budget`
/// (MCTS with its playouts cut at [`MCTS_CUTOFF`] plies).
pub fn candidate_engines<D: Dispatch<G>, G: gametree::Game>(
    players: usize,
    budget: MoveBudget,
) -> Vec<Engine> {
    candidates(players, D::NEEDS_MET.contains(&Needs::SetToMove))
        .into_iter()
        .filter(|&s| D::supports(s))
        .map(|s| {
            let e = Engine::new(s, budget);
            if s == Searcher::Mcts {
                e.with_options(EngineOptions {
                    cutoff: Some(MCTS_CUTOFF),
                    ..EngineOptions::default()
                })
            } else {
                e
            }
        })
        .collect()
}

/// What a round robin plays.
#[derive(Clone, Debug, PartialEq)]
pub struct AdviseConfig {
    /// The engines (at least two).
    pub engines: Vec<Engine>,
    /// Openings per pair (each played in every seat assignment of the pair).
    pub openings: usize,
    /// Random plies of each opening.
    pub opening_plies: usize,
    /// The seed (openings, moves, the ratings' bootstrap).
    pub seed: u64,
    /// Plies after the opening after which a game is adjudicated.
    pub max_plies: Option<usize>,
    /// The error rate of the decided pairs, together.
    pub alpha: f64,
    /// Bootstrap resamples of the ratings' intervals.
    pub bootstrap: usize,
    /// Show a progress bar on stderr.
    pub progress: bool,
    /// Threads playing games at once (the results do not depend on it).
    pub threads: Option<usize>,
}

impl AdviseConfig {
    /// These engines with the defaults: 10 openings of 3 plies per pair, seed 1, no ply
    /// cap, `alpha` 0.05, 1,000 bootstrap resamples, no progress bar, rayon's threads.
    pub fn new(engines: Vec<Engine>) -> AdviseConfig {
        AdviseConfig {
            engines,
            openings: 10,
            opening_plies: 3,
            seed: 1,
            max_plies: None,
            alpha: 0.05,
            bootstrap: 1000,
            progress: false,
            threads: None,
        }
    }

    /// The tournament of the pair `(a, b)`.
    fn pair(&self, a: usize, b: usize) -> TournamentConfig {
        TournamentConfig {
            engines: vec![self.engines[a], self.engines[b]],
            openings: self.openings,
            opening_plies: self.opening_plies,
            seed: self.seed,
            max_plies: self.max_plies,
            progress: false,
            threads: self.threads,
            bootstrap: 0,
        }
    }
}

/// Why a round robin cannot be played.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum AdviseError {
    /// Fewer than two engines.
    #[error("advice needs at least two engines that can play the game")]
    TooFewEngines,
    /// `alpha` out of range.
    #[error("alpha {0}: must be above 0 and at most 0.5")]
    Alpha(f64),
    /// Too many games.
    #[error("{games} games: at most {MAX_GAMES}")]
    TooManyGames {
        /// The games asked for.
        games: usize,
    },
    /// The games could not be played.
    #[error(transparent)]
    Tournament(#[from] TournamentError),
}

/// One pair's result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PairResult {
    /// The first engine (index into the advice's engines) and the second.
    pub engines: [usize; 2],
    /// Games played.
    pub games: usize,
    /// The first engine's mean group win rate (0.5 is even).
    pub win_rate: f64,
    /// The test's p-value.
    pub p_value: f64,
    /// Holm's adjustment over the pairs.
    pub holm_p_value: f64,
    /// The engine the data show stronger (its index), when the adjusted p-value is below
    /// `alpha`.
    pub stronger: Option<usize>,
}

/// The advice.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Advice {
    /// The game.
    pub game: String,
    /// The engines' names.
    pub engines: Vec<String>,
    /// The recommended engine (index): the highest rating.
    pub recommended: usize,
    /// Whether the data show it stronger than every other engine.
    pub decided: bool,
    /// The engines the data do not separate from it.
    pub not_separated: Vec<usize>,
    /// The advice in one sentence.
    pub verdict: String,
    /// The ratings of all the games together (Bradley-Terry; Elo for two engines).
    pub ratings: Ratings,
    /// Each engine's nodes per move.
    pub nodes_per_move: Vec<f64>,
    /// Each pair's result.
    pub pairs: Vec<PairResult>,
    /// Games played, and of those adjudicated by the evaluator.
    pub games: usize,
    /// Games adjudicated.
    pub adjudicated: usize,
    /// The error rate of the decided pairs, together.
    pub alpha: f64,
    /// The test, in words.
    pub test: String,
    /// The ratings in each bootstrap resample of the games: resample `i` holds every
    /// engine's rating (0.1 Elo), so a statistic of the whole order can be bootstrapped
    /// (`gametree ladder`'s Kendall's tau between budgets). Empty, and left out of the
    /// JSON, without a bootstrap.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rating_resamples: Vec<Vec<f64>>,
}

/// The round robin of `config` on `game` with `eval` through the dispatcher `D`, each
/// pair's games played in parallel.
pub fn advise_with<D, G, E>(
    game: &G,
    eval: &E,
    name: &str,
    config: &AdviseConfig,
) -> Result<Advice, AdviseError>
where
    D: Dispatch<G>,
    G: Zobrist + Sync,
    G::State: Send,
    E: Evaluator<G> + Sync,
{
    advise_by(name, game.players(), config, |t, which| {
        play_games_with::<D, G, E>(game, eval, t, which)
    })
}

/// The round robin of `config` on a game of `players` seats named `name`, each pair's games
/// played by `play` (as [`crate::compare::compare_by`] takes it).
pub fn advise_by(
    name: &str,
    players: usize,
    config: &AdviseConfig,
    mut play: impl FnMut(&TournamentConfig, &[usize]) -> Result<Vec<GameResult>, TournamentError>,
) -> Result<Advice, AdviseError> {
    let k = config.engines.len();
    if k < 2 {
        return Err(AdviseError::TooFewEngines);
    }
    if !(config.alpha > 0.0 && config.alpha <= 0.5) {
        return Err(AdviseError::Alpha(config.alpha));
    }
    let group = seatings(2, players).len();
    let pairs: Vec<(usize, usize)> = (0..k)
        .flat_map(|a| (a + 1..k).map(move |b| (a, b)))
        .collect();
    let per_pair = config.openings.saturating_mul(group);
    let total = per_pair.saturating_mul(pairs.len());
    if total > MAX_GAMES {
        return Err(AdviseError::TooManyGames { games: total });
    }
    let bar = counting_bar("advise", total, config.progress);
    // Every game with its seats as indices into the advice's engines.
    let mut all: Vec<GameResult> = Vec::with_capacity(total);
    let mut tested = Vec::with_capacity(pairs.len());
    for &(a, b) in &pairs {
        let which: Vec<usize> = (0..per_pair).collect();
        let games = play(&config.pair(a, b), &which)?;
        bar.inc(games.len() as u64);
        let xs = group_win_rates(&games);
        let (p, _, _) = claim_test(Claim::Beats, &xs);
        let mean = xs.iter().sum::<f64>() / xs.len().max(1) as f64;
        tested.push((games.len(), mean, p));
        all.extend(games.into_iter().map(|mut g| {
            for s in &mut g.seats {
                *s = [a, b][*s];
            }
            g
        }));
    }
    bar.finish_and_clear();
    let adjusted = holm(&tested.iter().map(|t| t.2).collect::<Vec<_>>());
    let results: Vec<PairResult> = pairs
        .iter()
        .zip(&tested)
        .zip(&adjusted)
        .map(|((&(a, b), &(games, mean, p)), &hp)| PairResult {
            engines: [a, b],
            games,
            win_rate: mean,
            p_value: p,
            holm_p_value: hp,
            stronger: (hp < config.alpha && mean != 0.5).then_some(if mean > 0.5 { a } else { b }),
        })
        .collect();
    // The statistics of all the games together, as a tournament of every engine gives them
    // (ratings with their bootstrap, nodes per move, adjudicated games).
    let (summary, resamples) = summarise_resampled(
        name.to_string(),
        players,
        &TournamentConfig {
            engines: config.engines.clone(),
            bootstrap: config.bootstrap,
            ..config.pair(0, 1)
        },
        all,
    );
    let ratings = summary.ratings;
    let best = (0..k)
        .max_by(|&x, &y| {
            ratings.engines[x]
                .elo
                .total_cmp(&ratings.engines[y].elo)
                .then(y.cmp(&x))
        })
        .unwrap_or(0);
    let not_separated: Vec<usize> = results
        .iter()
        .filter(|r| r.engines.contains(&best) && r.stronger != Some(best))
        .map(|r| {
            if r.engines[0] == best {
                r.engines[1]
            } else {
                r.engines[0]
            }
        })
        .collect();
    let names: Vec<String> = config.engines.iter().map(Engine::name).collect();
    let verdict = if not_separated.is_empty() {
        format!(
            "RECOMMENDED: {} (decided: it beats every other engine, Holm-adjusted, error rate at most {})",
            names[best],
            level_text(config.alpha)
        )
    } else {
        format!(
            "RECOMMENDED: {} (highest rating; not separated from {}: more openings may decide)",
            names[best],
            not_separated
                .iter()
                .map(|&e| names[e].as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    Ok(Advice {
        game: name.to_string(),
        recommended: best,
        decided: not_separated.is_empty(),
        not_separated,
        verdict,
        ratings,
        nodes_per_move: summary.engines.iter().map(|e| e.nodes_per_move).collect(),
        pairs: results,
        games: summary.games,
        adjudicated: summary.adjudicated,
        alpha: config.alpha,
        test: "per pair: two-sided sign-flip permutation test of the mean group win rate against 0.5; Holm's adjustment over the pairs".into(),
        engines: names,
        rating_resamples: resamples
            .into_iter()
            .map(|r| r.into_iter().map(to_tenth).collect())
            .collect(),
    })
}

/// The advice as text: the recommendation first, then the ratings and the pairs.
pub fn advice_table(a: &Advice) -> String {
    let mut out = String::new();
    out.push_str(&a.verdict);
    out.push('\n');
    out.push_str(&format!(
        "\n{} on {}: {} games ({} adjudicated), every pair in every seat assignment of the same openings\n",
        a.engines.join(", "),
        a.game,
        a.games,
        a.adjudicated
    ));
    let width = a.engines.iter().map(String::len).max().unwrap_or(6).max(6);
    out.push_str(&format!(
        "{:<width$}  {:>7}  {:>17}  {:>12}\n",
        "engine", "rating", "95% interval", "nodes/move"
    ));
    let mut order: Vec<usize> = (0..a.engines.len()).collect();
    order.sort_by(|&x, &y| {
        a.ratings.engines[y]
            .elo
            .total_cmp(&a.ratings.engines[x].elo)
            .then(x.cmp(&y))
    });
    for e in order {
        let r = &a.ratings.engines[e];
        out.push_str(&format!(
            "{:<width$}  {:>7.0}  [{:>6.0}, {:>6.0}]  {:>12.0}\n",
            a.engines[e], r.elo, r.ci95[0], r.ci95[1], a.nodes_per_move[e]
        ));
    }
    out.push_str(&format!(
        "\npairs ({}; decided at {} together):\n",
        a.test,
        level_text(a.alpha)
    ));
    for p in &a.pairs {
        let [x, y] = p.engines;
        let what = match p.stronger {
            Some(s) => format!("decided: {} stronger", a.engines[s]),
            None => "not decided".to_string(),
        };
        out.push_str(&format!(
            "  {} vs {}: win rate {:.3} over {} games, p = {}, Holm p = {}: {}\n",
            a.engines[x],
            a.engines[y],
            p.win_rate,
            p.games,
            p_text(p.p_value),
            p_text(p.holm_p_value),
            what
        ));
    }
    out
}
