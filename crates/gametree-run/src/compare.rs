//! A decided comparison of two engines on any game: "is A better than B in my game at this
//! budget?" answered with a decision whose error rate is controlled (docs/which-search.md).
//!
//! [`compare`] plays the two engines in **groups** (one seeded opening played in every seat
//! assignment of the two engines, as [`crate::tournament`] plays them: the same openings,
//! seats and seeds as a tournament with the same seed) and after every batch of groups runs
//! the strength experiment's sequential rule ([`crate::verdict::sequential`]) on the first
//! engine's group win rates. It stops when
//!
//! - the claim's test on the groups so far falls below the **stop level**: `alpha / 5`
//!   shared by Bonferroni over every look the cap allows (decisive), or
//! - the futility tests rule out an effect of [`EFFECT`] (for "beats") or of the margin
//!   (for "at least as good") either way (futile), or
//! - the cap ([`CompareConfig::max_games`]) is reached.
//!
//! The claim is then judged by its fixed-sample test ([`crate::verdict::claim_test`]: the
//! sign-flip permutation test of the mean group win rate for "beats", Student's t against
//! `0.5 - MARGIN` for "at least as good", TOST within `0.5 ± MARGIN` for "about equal") at
//! the **final level** `alpha - alpha / 5`: [`Decision::Agrees`] or [`Decision::Disagrees`]
//! when significant (by the side the data lean to), else [`Decision::Absent`] when the
//! futility rule stopped the match, else [`Decision::Undecided`]. A wrong decision needs a
//! false decisive stop (probability at most `alpha / 5` over all looks) or a false final
//! test (at most `alpha - alpha / 5` at the cap), so `alpha` bounds the error rate (the
//! final test at a futility stop is taken where the data sit near the null; the tests
//! check the rate on engines of equal strength).
//!
//! The games of a batch are played in parallel, the rule is applied group by group in
//! order and the games after the stopping group are dropped, so the decision, the p-value
//! and every number do not depend on the thread count or the batch size.

use gametree::hash::Zobrist;
use gametree::search::{AnyGame, Dispatch};
use gametree::Evaluator;
use serde::{Deserialize, Serialize};

use crate::engine::Engine;
use crate::runner::counting_bar;
use crate::stats::wilson;
use crate::tournament::{
    play_games_with, seatings, summarise, GameResult, TournamentConfig, TournamentError,
    TournamentResult, MAX_GAMES,
};
use crate::verdict::{
    claim_interval, claim_test, games_needed, group_win_rates, group_wins, sequential, Claim,
    MatchGroups, Stop, EFFECT, MARGIN, MIN_GROUPS,
};

/// The claim kinds a comparison of two engines decides.
pub const CLAIMS: [Claim; 3] = [Claim::Beats, Claim::AtLeastAsGood, Claim::AboutEqual];

/// The default error rate of a comparison's decision.
pub const ALPHA: f64 = 0.05;

/// The share of `alpha` the decisive stops spend over all their looks (the rest goes to the
/// final test): the strength experiment's split (1% of 5%).
pub const STOP_SHARE: f64 = 0.2;

/// The default cap of a comparison, in games (the strength experiment's cap of a claim).
pub const MAX_GAMES_DEFAULT: usize = 800;

/// What to compare.
#[derive(Clone, Debug, PartialEq)]
pub struct CompareConfig {
    /// The claim about the first engine: [`Claim::Beats`], [`Claim::AtLeastAsGood`] or
    /// [`Claim::AboutEqual`].
    pub claim: Claim,
    /// The first engine (the claim's subject) and the second.
    pub engines: [Engine; 2],
    /// The most games (rounded down to whole groups; at least [`MIN_GROUPS`] groups).
    pub max_games: usize,
    /// Random plies of each opening.
    pub opening_plies: usize,
    /// The seed of the openings and the engines' moves (as a tournament's).
    pub seed: u64,
    /// Plies after the opening after which a game is adjudicated by the evaluator.
    pub max_plies: Option<usize>,
    /// The error rate of the decision, in `(0, 0.5]`.
    pub alpha: f64,
    /// Show a progress bar on stderr.
    pub progress: bool,
    /// Threads playing games at once (`None`: rayon's default). The results do not depend
    /// on it (except under time budgets).
    pub threads: Option<usize>,
    /// The names the result gives the engines (`None`: [`Engine::name`]): a front that
    /// seats a player from outside the engines
    /// ([`crate::tournament::play_games_here_with`]) names it here.
    pub names: Option<[String; 2]>,
}

impl CompareConfig {
    /// "`a` beats `b`" with the defaults: at most 800 games, openings of 3 plies, seed 1,
    /// no ply cap, `alpha` 0.05, no progress bar, rayon's threads.
    pub fn new(claim: Claim, a: Engine, b: Engine) -> CompareConfig {
        CompareConfig {
            claim,
            engines: [a, b],
            max_games: MAX_GAMES_DEFAULT,
            opening_plies: 3,
            seed: 1,
            max_plies: None,
            alpha: ALPHA,
            progress: false,
            threads: None,
            names: None,
        }
    }

    /// The level of the final test: `alpha (1 - STOP_SHARE)`.
    pub fn final_level(&self) -> f64 {
        self.alpha * (1.0 - STOP_SHARE)
    }

    /// The level of each decisive look: `alpha STOP_SHARE` over the looks of `cap_groups`
    /// groups (one per group from [`MIN_GROUPS`] on).
    pub fn stop_level(&self, cap_groups: usize) -> f64 {
        let looks = cap_groups.saturating_sub(MIN_GROUPS) + 1;
        self.alpha * STOP_SHARE / looks as f64
    }

    /// The tournament whose games the comparison plays (its openings the cap's groups).
    pub fn tournament(&self, cap_groups: usize) -> TournamentConfig {
        TournamentConfig {
            engines: self.engines.to_vec(),
            openings: cap_groups,
            opening_plies: self.opening_plies,
            seed: self.seed,
            max_plies: self.max_plies,
            progress: false,
            threads: self.threads,
            bootstrap: 0,
        }
    }
}

/// Why a comparison cannot be made.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum CompareError {
    /// A claim on several matches.
    #[error("claim `{0}`: a comparison decides beats, at-least-as-good or about-equal")]
    Claim(&'static str),
    /// `alpha` out of range.
    #[error("alpha {0}: must be above 0 and at most 0.5")]
    Alpha(f64),
    /// A cap below the groups a decision needs.
    #[error("max games {max_games}: a decision needs at least {MIN_GROUPS} groups of {group} games ({need} games) on this game")]
    TooFewGames {
        /// The cap given.
        max_games: usize,
        /// Games per group.
        group: usize,
        /// The fewest games.
        need: usize,
    },
    /// The game has fewer than two seats.
    #[error("a comparison needs a game of at least two players")]
    Seats,
    /// The games could not be played.
    #[error(transparent)]
    Tournament(#[from] TournamentError),
}

/// What a comparison decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Decision {
    /// The claim holds: its test is significant and the data lean toward it.
    Agrees,
    /// The opposite holds: significant, leaning against the claim.
    Disagrees,
    /// An effect of the size the futility tests look for is ruled out either way (the
    /// match stopped for futility and the test is not significant).
    Absent,
    /// The cap was reached without a decision.
    Undecided,
}

impl Decision {
    /// The decision's word: `agrees`, `disagrees`, `absent`, `undecided`.
    pub fn word(self) -> &'static str {
        match self {
            Decision::Agrees => "agrees",
            Decision::Disagrees => "disagrees",
            Decision::Absent => "absent",
            Decision::Undecided => "undecided",
        }
    }
}

/// A comparison's result: the decision first, then the evidence.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Comparison {
    /// The game.
    pub game: String,
    /// The claim's word (`beats`, `at-least-as-good`, `about-equal`).
    pub claim: String,
    /// The two engines, the claim's subject first.
    pub engines: [String; 2],
    /// The decision.
    pub decision: Decision,
    /// The decision in one sentence.
    pub verdict: String,
    /// The final test's p-value.
    pub p_value: f64,
    /// The error rate of the decision.
    pub alpha: f64,
    /// The final test's level (`alpha` less the decisive stops' share).
    pub level: f64,
    /// The level of each decisive look.
    pub stop_level: f64,
    /// The test, in words.
    pub test: String,
    /// Why the match ended: `decisive`, `futile` or `cap`.
    pub stop: String,
    /// Games played (whole groups up to the stop).
    pub games: usize,
    /// Groups played.
    pub groups: usize,
    /// Games per group (the seat assignments).
    pub group_size: usize,
    /// The cap, in games (whole groups).
    pub max_games: usize,
    /// The first engine's win rate over the games (its share of the wins, ties shared;
    /// 0.5 is even).
    pub win_rate: f64,
    /// Its 95% Wilson interval over the games.
    pub wilson: [f64; 2],
    /// The interval of the mean group win rate that agrees with the decision (at the final
    /// level; see [`crate::verdict::claim_interval`]).
    pub interval: [f64; 2],
    /// The interval's confidence.
    pub interval_level: f64,
    /// What the interval is of.
    pub interval_of: String,
    /// When undecided: about how many games the test would need at the observed effect
    /// with 80% power (`None` when decided or when the observed effect is nil).
    pub games_needed: Option<u64>,
    /// Each engine's nodes per move.
    pub nodes_per_move: [f64; 2],
    /// Games adjudicated by the evaluator (stopped by a ply cap).
    pub adjudicated: usize,
    /// Each group's games and both engines' wins: enough to recompute the p-value.
    pub per_group: MatchGroups,
    /// The games' tournament summary (win shares, pairwise score, ratings, every game).
    pub tournament: TournamentResult,
}

/// The batch of groups played between two looks at the rule (the results do not depend
/// on it: the rule is applied group by group).
pub const BATCH_GROUPS: usize = MIN_GROUPS;

/// Compares the engines of `config` on `game` with `eval` (through [`AnyGame`]; best-reply
/// engines need [`compare_with`] and [`gametree::search::WithSetToMove`]). `name` names
/// the game in the result.
pub fn compare<G, E>(
    game: &G,
    eval: &E,
    name: &str,
    config: &CompareConfig,
) -> Result<Comparison, CompareError>
where
    G: Zobrist + Sync,
    G::State: Send,
    E: Evaluator<G> + Sync,
{
    compare_with::<AnyGame, G, E>(game, eval, name, config)
}

/// [`compare`] through the dispatcher `D`: each batch's games are played in parallel by
/// [`play_games_with`].
pub fn compare_with<D, G, E>(
    game: &G,
    eval: &E,
    name: &str,
    config: &CompareConfig,
) -> Result<Comparison, CompareError>
where
    D: Dispatch<G>,
    G: Zobrist + Sync,
    G::State: Send,
    E: Evaluator<G> + Sync,
{
    compare_by(name, game.players(), config, |t, which| {
        play_games_with::<D, G, E>(game, eval, t, which)
    })
}

/// The comparison of `config` on a game of `players` seats named `name`, its games played
/// by `play`: given the tournament ([`CompareConfig::tournament`]) and the numbers of the
/// games to play (in trial order), it returns their results in that order, as
/// [`play_games_with`] does. The one loop of every comparison: [`compare_with`] plays
/// batches in parallel, a front whose game cannot leave its thread plays them in turn.
pub fn compare_by(
    name: &str,
    players: usize,
    config: &CompareConfig,
    mut play: impl FnMut(&TournamentConfig, &[usize]) -> Result<Vec<GameResult>, TournamentError>,
) -> Result<Comparison, CompareError> {
    if !CLAIMS.contains(&config.claim) {
        return Err(CompareError::Claim(config.claim.word()));
    }
    if !(config.alpha > 0.0 && config.alpha <= 0.5) {
        return Err(CompareError::Alpha(config.alpha));
    }
    if players < 2 {
        return Err(CompareError::Seats);
    }
    let group = seatings(2, players).len();
    let cap_groups = config.max_games.min(MAX_GAMES) / group;
    if cap_groups < MIN_GROUPS {
        return Err(CompareError::TooFewGames {
            max_games: config.max_games,
            group,
            need: MIN_GROUPS * group,
        });
    }
    let tournament = config.tournament(cap_groups);
    let stop_level = config.stop_level(cap_groups);
    let bar = counting_bar("compare", cap_groups * group, config.progress);
    let mut games: Vec<GameResult> = Vec::new();
    let mut stop = None;
    while games.len() < cap_groups * group {
        let from = games.len();
        let to = (from + BATCH_GROUPS * group).min(cap_groups * group);
        let which: Vec<usize> = (from..to).collect();
        games.extend(play(&tournament, &which)?);
        bar.set_position(games.len() as u64);
        let run = sequential(config.claim, &group_win_rates(&games), stop_level);
        if let Some(s) = run.stop {
            games.truncate(run.groups * group);
            stop = Some(s);
            break;
        }
    }
    bar.finish_and_clear();
    Ok(judge(
        name,
        players,
        config,
        &tournament,
        games,
        stop,
        group,
    ))
}

/// The decision and the evidence from the games played (whole groups, in order).
fn judge(
    name: &str,
    players: usize,
    config: &CompareConfig,
    tournament: &TournamentConfig,
    games: Vec<GameResult>,
    stop: Option<Stop>,
    group: usize,
) -> Comparison {
    let xs = group_win_rates(&games);
    let level = config.final_level();
    let (p, agrees, test) = claim_test(config.claim, &xs);
    let significant = p < level;
    let decision = match (significant, agrees, stop) {
        (true, true, _) => Decision::Agrees,
        (true, false, _) => Decision::Disagrees,
        (false, _, Some(Stop::Futile)) => Decision::Absent,
        (false, _, _) => Decision::Undecided,
    };
    let (interval, interval_level, interval_of) =
        claim_interval(config.claim, &xs, level, significant, agrees);
    let names = config
        .names
        .clone()
        .unwrap_or_else(|| [config.engines[0].name(), config.engines[1].name()]);
    let per_group = MatchGroups {
        engines: names.to_vec(),
        groups: group_wins(&games, 2),
    };
    let wins: f64 = per_group.groups.iter().map(|g| g.wins[0]).sum();
    let n = games.len();
    let summary_config = TournamentConfig {
        openings: xs.len(),
        ..tournament.clone()
    };
    let mut summary = summarise(name.to_string(), players, &summary_config, games);
    for (e, n) in summary.engines.iter_mut().zip(&names) {
        e.name.clone_from(n);
    }
    let verdict = verdict_text(config, &names, decision, p, level, n);
    Comparison {
        game: name.to_string(),
        claim: config.claim.word().to_string(),
        engines: names,
        decision,
        verdict,
        p_value: p,
        alpha: config.alpha,
        level,
        stop_level: config.stop_level(tournament.openings),
        test,
        stop: match stop {
            Some(Stop::Decisive) => "decisive",
            Some(Stop::Futile) => "futile",
            None => "cap",
        }
        .to_string(),
        games: n,
        groups: xs.len(),
        group_size: group,
        max_games: tournament.openings * group,
        win_rate: wins / n.max(1) as f64,
        wilson: wilson(wins, n as f64),
        interval,
        interval_level,
        interval_of,
        games_needed: (decision == Decision::Undecided)
            .then(|| games_needed(config.claim, &xs, 1, group as u64))
            .flatten(),
        nodes_per_move: [
            summary.engines[0].nodes_per_move,
            summary.engines[1].nodes_per_move,
        ],
        adjudicated: summary.adjudicated,
        per_group,
        tournament: summary,
    }
}

/// A p-value as printed: four decimals, or two significant digits below 0.001.
pub fn p_text(p: f64) -> String {
    if p < 1e-3 {
        format!("{p:.1e}")
    } else {
        format!("{p:.4}")
    }
}

/// A level as printed: at most six decimals, trailing zeros dropped (0.04, not
/// 0.04000000000000001).
pub fn level_text(x: f64) -> String {
    if x < 1e-4 {
        return format!("{x:.2e}");
    }
    let s = format!("{x:.6}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The claim in words: `mcts@n2000 beats maxn@n2000`.
fn claim_words(claim: Claim, [a, b]: &[String; 2]) -> String {
    match claim {
        Claim::AtLeastAsGood => format!("{a} is at least as good as {b}"),
        Claim::AboutEqual => format!("{a} is about equal to {b}"),
        _ => format!("{a} beats {b}"),
    }
}

/// The decision in one sentence.
fn verdict_text(
    config: &CompareConfig,
    names: &[String; 2],
    decision: Decision,
    p: f64,
    level: f64,
    games: usize,
) -> String {
    let claim = claim_words(config.claim, names);
    let alpha = level_text(config.alpha);
    let (p, level) = (p_text(p), level_text(level));
    match decision {
        Decision::Agrees => format!(
            "AGREES: {claim} (p = {p} < {level}, error rate at most {alpha}; {games} games)"
        ),
        Decision::Disagrees => format!(
            "DISAGREES: the data show the opposite of \"{claim}\" (p = {p} < {level}, error rate at most {alpha}; {games} games)"
        ),
        Decision::Absent => {
            let ruled_out = match config.claim {
                Claim::AtLeastAsGood => format!(
                    "the first engine's win rate sits near the margin {}: 0.5 and {} are both ruled out",
                    level_text(0.5 - MARGIN),
                    level_text(0.5 - 2.0 * MARGIN)
                ),
                _ => format!(
                    "a difference of {} in win rate is ruled out either way",
                    level_text(EFFECT)
                ),
            };
            format!(
                "ABSENT: {ruled_out}, so \"{claim}\" is not shown (futility stop after {games} games; p = {p})"
            )
        }
        Decision::Undecided => format!(
            "UNDECIDED: \"{claim}\" is neither shown nor refuted in {games} games (p = {p} >= {level}); more games or a larger budget may decide"
        ),
    }
}

/// The comparison as text: the decision first, then the evidence.
pub fn compare_table(c: &Comparison) -> String {
    let mut out = String::new();
    out.push_str(&c.verdict);
    out.push('\n');
    out.push_str(&format!(
        "\n{} on {}: {} games in {} groups of {} (every seat assignment of one opening), stopped: {} (cap {} games)\n",
        c.engines.join(" vs "),
        c.game,
        c.games,
        c.groups,
        c.group_size,
        c.stop,
        c.max_games
    ));
    out.push_str(&format!(
        "win rate of {}: {:.3}  95% Wilson [{:.3}, {:.3}]  (0.5 is even; ties shared)\n",
        c.engines[0], c.win_rate, c.wilson[0], c.wilson[1]
    ));
    out.push_str(&format!(
        "{:.1}% interval of {}: [{:.3}, {:.3}]\n",
        100.0 * c.interval_level,
        c.interval_of,
        c.interval[0],
        c.interval[1]
    ));
    out.push_str(&format!(
        "test: {}; p = {}, level {} (decisive looks at {} each)\n",
        c.test,
        p_text(c.p_value),
        level_text(c.level),
        level_text(c.stop_level)
    ));
    if let Some(n) = c.games_needed {
        out.push_str(&format!(
            "about {n} games would decide at the observed effect (80% power)\n"
        ));
    }
    out.push_str(&format!(
        "nodes per move: {} {:.0}, {} {:.0}; adjudicated games: {}\n",
        c.engines[0], c.nodes_per_move[0], c.engines[1], c.nodes_per_move[1], c.adjudicated
    ));
    out
}
