//! Beyond the papers: the playing strength of the multi-player searches under an equal
//! budget per move, on every multi-player game of the project, beside the published claims
//! (`gametree reproduce beyond/strength`; docs/strength.md).
//!
//! For each game of the [`Plan`] and each match of [`MATCHES`] (two engines, e.g. BRS
//! against max^n), the tournament machinery ([`play_games_with`]) plays both engines over
//! every seat assignment in which each sits at least once (2 on two seats, 6 on three, 14
//! on four) from each of the plan's seeded openings: one opening's games form a **group**,
//! the unit of sampling (a card game's group is one deal). Every engine searches a budget
//! of nodes per move calibrated once to 20 ms on a stated machine ([`CALIBRATED_NODES`]),
//! so two runs give the same rows on any machine and thread count; `--budget` replaces it
//! by one budget for all. MCTS (max^n backup) cuts its playouts at [`Plan::mcts_cutoff`]
//! plies on the board games.
//!
//! A match reports the papers' metric, the first engine's win rate (the share of the wins
//! that went to its seats, ties shared; 0.5 is even), with a Wilson interval, and its
//! pairwise score; per game every engine gets a rating from all its games. A match a
//! published claim rests on ([`CLAIMS`]) stops when its sequential test (a GSPRT on the
//! group win rates, [`sequential`]) decides, or at [`CLAIM_GAMES`] games; the claim is then
//! judged by an exact sign test on the group win rates ([`claim_test`]; TOST for "about
//! equal", a shifted test for "at least as good") whose p-value is adjusted by Holm's
//! method over every claim ([`decide`]). Quick mode gives no verdicts.
//!
//! The run splits into items ([`items`]: blocks of [`Plan::block`] openings of one match)
//! for `--shard`; [`assemble`] rebuilds the matches from the items' games, applying the
//! sequential stop at the same group, so a merged sharded run equals a single one.
//!
//! On the card games every engine plays by perfect-information Monte Carlo with
//! [`Plan::card_worlds`] sampled deals per move (`:worlds=W`, [`crate::tournament`]): it
//! sees its own hand, the cards played and the voids revealed, not the other hands.
//!
//! An engine that cannot play a game (best-reply search needs a game that can hand the turn
//! to any player; the card games cannot) gets an `n/a` row with the reason.

use gametree::search::best_reply::Variant;
use gametree::search::{Algorithm, Dispatch, Needs, Searcher, WithSetToMove};
use gametree::SetToMove;
use gametree_games::registry::{self, GameVisitor, Playable};

use serde::{Deserialize, Serialize};

use crate::claim::{ClaimTest, Conditions, Sequential, WinRate};
use crate::experiment::{Ctx, Experiment, Output};
use crate::rating::{rate, Finish, RatingConfig};
use crate::report::{Number, Row, Verdict};
use crate::stats::{holm, samples_needed, sign_test, summarize, wilson, Sprt, SprtState};
use crate::tournament::{
    play_games_with, summarise, Budget, Engine, EngineOptions, GameResult, TournamentConfig,
    TournamentError, TournamentResult,
};

const PAPER: &str = "beyond";

/// The table's key.
pub const TABLE: &str = "strength";

/// The seed of the openings (every match of a game plays the same openings).
pub const STRENGTH_SEED: u64 = 0x5743;

/// A game of the experiment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StrengthGame {
    /// Chinese Checkers, 3 players, 73 holes.
    ChineseCheckers73,
    /// Chinese Checkers, 3 players, 121 holes.
    ChineseCheckers121,
    /// Three-player Hearts, one deal per group of games (hidden hands with
    /// [`Plan::card_worlds`]).
    Hearts,
    /// Three-player Spades, one deal per group of games (hidden hands with
    /// [`Plan::card_worlds`]).
    Spades,
    /// Rolit, 3 players.
    Rolit,
    /// Four-player chess, ply cap 200.
    Chess4,
    /// Focus, 2 players, ply cap [`FOCUS_CAP`].
    Focus2,
    /// Focus, 3 players, ply cap [`FOCUS_CAP`].
    Focus3,
    /// Focus, 4 players, ply cap [`FOCUS_CAP`].
    Focus4,
    /// Blokus, four colours on 20 x 20 (it ends by itself: at most 84 placements and the
    /// passes of the players who cannot place).
    Blokus,
}

/// The ply cap of the Focus games of the experiment (as four-player chess' 200): a game
/// that reaches it ends with the live players with the most captures winning; the rows
/// report how many games ended so.
pub const FOCUS_CAP: usize = 200;

impl StrengthGame {
    /// Every game, in the order of the rows.
    pub const ALL: [StrengthGame; 10] = [
        StrengthGame::ChineseCheckers73,
        StrengthGame::ChineseCheckers121,
        StrengthGame::Rolit,
        StrengthGame::Chess4,
        StrengthGame::Focus2,
        StrengthGame::Focus3,
        StrengthGame::Focus4,
        StrengthGame::Blokus,
        StrengthGame::Hearts,
        StrengthGame::Spades,
    ];

    /// A short label for the rows.
    pub fn label(self) -> &'static str {
        match self {
            StrengthGame::ChineseCheckers73 => "cc-73",
            StrengthGame::ChineseCheckers121 => "cc-121",
            StrengthGame::Hearts => "hearts",
            StrengthGame::Spades => "spades",
            StrengthGame::Rolit => "rolit-3",
            StrengthGame::Chess4 => "chess4",
            StrengthGame::Focus2 => "focus-2",
            StrengthGame::Focus3 => "focus-3",
            StrengthGame::Focus4 => "focus-4",
            StrengthGame::Blokus => "blokus",
        }
    }

    /// The game a label names.
    pub fn from_label(label: &str) -> Option<StrengthGame> {
        StrengthGame::ALL.into_iter().find(|g| g.label() == label)
    }

    /// The game's spec for deal `deal` (the card games; ignored by the others).
    pub fn spec(self, deal: usize) -> String {
        match self {
            StrengthGame::ChineseCheckers73 => "chinese-checkers(players=3,board=73)".into(),
            StrengthGame::ChineseCheckers121 => "chinese-checkers(players=3,board=121)".into(),
            StrengthGame::Hearts => format!("hearts(deal={deal},equiv=1)"),
            StrengthGame::Spades => format!("spades(deal={deal},equiv=1)"),
            StrengthGame::Rolit => "rolit(players=3)".into(),
            StrengthGame::Chess4 => "chess4(cap=200)".into(),
            StrengthGame::Focus2 => format!("focus(players=2,cap={FOCUS_CAP})"),
            StrengthGame::Focus3 => format!("focus(players=3,cap={FOCUS_CAP})"),
            StrengthGame::Focus4 => format!("focus(players=4,cap={FOCUS_CAP})"),
            StrengthGame::Blokus => "blokus(players=4)".into(),
        }
    }

    /// The number of seats.
    pub fn players(self) -> usize {
        match self {
            StrengthGame::Focus2 => 2,
            StrengthGame::Chess4 | StrengthGame::Focus4 | StrengthGame::Blokus => 4,
            _ => 3,
        }
    }

    /// The games of one group (one opening): every seat assignment of two engines in which
    /// each sits at least once, `2^players - 2` (2, 6 or 14).
    pub fn group_size(self) -> usize {
        (1 << self.players()) - 2
    }

    /// The plies of a typical game played to its end (for the cost estimates of the items;
    /// measured roughly on the project's engines, never used for a result).
    fn typical_plies(self) -> f64 {
        match self {
            StrengthGame::ChineseCheckers73 => 120.0,
            StrengthGame::ChineseCheckers121 => 200.0,
            StrengthGame::Rolit => 61.0,
            StrengthGame::Chess4 => 200.0,
            StrengthGame::Focus2 | StrengthGame::Focus3 | StrengthGame::Focus4 => 120.0,
            StrengthGame::Blokus => 90.0,
            StrengthGame::Hearts | StrengthGame::Spades => 51.0,
        }
    }

    fn cards(self) -> bool {
        matches!(self, StrengthGame::Hearts | StrengthGame::Spades)
    }
}

/// The engines of the experiment, by searcher.
pub const MAXN: Searcher = Searcher::Plain(Algorithm::Maxn);
/// Speculative max^n.
pub const SPECULATIVE: Searcher = Searcher::Plain(Algorithm::Speculative);
/// Paranoid.
pub const PARANOID: Searcher = Searcher::Plain(Algorithm::Paranoid);
/// Best-reply search.
pub const BRS: Searcher = Searcher::BestReply(Variant::Brs);
/// BRS+.
pub const BRS_PLUS: Searcher = Searcher::BestReply(Variant::BrsPlus);
/// MCTS with the max^n backup (the default of its configuration).
pub const MCTS: Searcher = Searcher::Mcts;

/// An engine of the experiment: a searcher, with or without a table of value vectors
/// ([`EngineOptions::table`], [`TABLE_MIB`] MiB; max^n and speculative pruning only).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entrant {
    /// The searcher.
    pub searcher: Searcher,
    /// Whether it keeps a table of value vectors.
    pub table: bool,
}

impl Entrant {
    /// `searcher` without a table.
    pub const fn plain(searcher: Searcher) -> Entrant {
        Entrant {
            searcher,
            table: false,
        }
    }

    /// `searcher` with a table of [`TABLE_MIB`] MiB.
    pub const fn tabled(searcher: Searcher) -> Entrant {
        Entrant {
            searcher,
            table: true,
        }
    }
}

/// The table of the engines that keep one, in MiB.
pub const TABLE_MIB: u32 = 16;

/// Speculative max^n with a table of value vectors.
pub const SPECULATIVE_TABLE: Entrant = Entrant::tabled(SPECULATIVE);

/// The matches played on every game, first engine against second: each engine against
/// max^n, then the pairs the claims need, then speculative max^n with a table against
/// max^n and paranoid.
pub const MATCHES: [(Entrant, Entrant); 11] = [
    (Entrant::plain(SPECULATIVE), Entrant::plain(MAXN)),
    (Entrant::plain(PARANOID), Entrant::plain(MAXN)),
    (Entrant::plain(BRS), Entrant::plain(MAXN)),
    (Entrant::plain(BRS_PLUS), Entrant::plain(MAXN)),
    (Entrant::plain(MCTS), Entrant::plain(MAXN)),
    (Entrant::plain(SPECULATIVE), Entrant::plain(PARANOID)),
    (Entrant::plain(BRS), Entrant::plain(PARANOID)),
    (Entrant::plain(BRS_PLUS), Entrant::plain(BRS)),
    (Entrant::plain(BRS_PLUS), Entrant::plain(PARANOID)),
    (SPECULATIVE_TABLE, Entrant::plain(MAXN)),
    (SPECULATIVE_TABLE, Entrant::plain(PARANOID)),
];

/// Every entrant, in the order of the ratings (and of [`CALIBRATED_NODES`]' columns).
pub const ENTRANTS: [Entrant; 7] = [
    Entrant::plain(MAXN),
    Entrant::plain(SPECULATIVE),
    Entrant::plain(PARANOID),
    Entrant::plain(BRS),
    Entrant::plain(BRS_PLUS),
    Entrant::plain(MCTS),
    SPECULATIVE_TABLE,
];

/// What a claim says of the first engine against the second.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// It is stronger: its win rate is above 1/2.
    Beats,
    /// It is not weaker: its win rate is not below 1/2 by more than [`MARGIN`].
    AtLeastAsGood,
    /// They are about equal: its win rate is within [`MARGIN`] of 1/2.
    AboutEqual,
}

impl Claim {
    /// The kind's word in the JSON.
    pub fn word(self) -> &'static str {
        match self {
            Claim::Beats => "beats",
            Claim::AtLeastAsGood => "at-least-as-good",
            Claim::AboutEqual => "about-equal",
        }
    }

    /// The sequential tests that stop a match of this claim: "beats" H0 `0.5` against H1
    /// `0.5 +` [`EFFECT`]; "at least as good" H0 `0.5 -` [`MARGIN`] against H1 `0.5`;
    /// "about equal" two tests, H0 `0.5 ±` [`MARGIN`] against H1 `0.5` (it stops when
    /// either accepts its H0 or both accept H1). Error rates [`SPRT_ALPHA`] and
    /// [`SPRT_BETA`].
    pub fn sprts(self) -> Vec<Sprt> {
        let t = |h0: f64, h1: f64| Sprt {
            h0,
            h1,
            alpha: SPRT_ALPHA,
            beta: SPRT_BETA,
        };
        match self {
            Claim::Beats => vec![t(0.5, 0.5 + EFFECT)],
            Claim::AtLeastAsGood => vec![t(0.5 - MARGIN, 0.5)],
            Claim::AboutEqual => vec![t(0.5 + MARGIN, 0.5), t(0.5 - MARGIN, 0.5)],
        }
    }
}

/// The margin of "about equal" and "at least as good" claims, in win rate.
pub const MARGIN: f64 = 0.1;

/// The effect the sequential test of a "beats" claim looks for, in win rate: the papers'
/// effects are 5 to 10 points.
pub const EFFECT: f64 = 0.05;

/// The level of the claims' tests, after Holm's adjustment over the family.
pub const ALPHA: f64 = 0.05;

/// The sequential tests' type I error rate.
pub const SPRT_ALPHA: f64 = 0.05;

/// The sequential tests' type II error rate.
pub const SPRT_BETA: f64 = 0.05;

/// The fewest groups a sequential test looks at, and a claim needs for a verdict.
pub const MIN_GROUPS: usize = 8;

/// The floor of the group win rates' variance in the sequential tests (a standard
/// deviation of 0.1: a few equal groups do not end a match).
pub const VAR_FLOOR: f64 = 0.01;

/// The most games of a claim's match (the sequential test stops it earlier when it
/// decides).
pub const CLAIM_GAMES: usize = 800;

/// The games of a match no claim rests on (full mode).
pub const OTHER_GAMES: usize = 120;

/// Openings per item of a sharded run (full mode).
pub const BLOCK: usize = 8;

/// The decision of a claim's tests, given the adjusted p-value and which way the data lean
/// (`agrees`: toward the claim): `agrees` or `disagrees` when the Holm-adjusted p-value is
/// below [`ALPHA`], `inconclusive` otherwise.
pub fn decide(holm_p: f64, agrees: bool) -> &'static str {
    if holm_p < ALPHA {
        if agrees {
            "agrees"
        } else {
            "disagrees"
        }
    } else {
        "inconclusive"
    }
}

/// The fixed-sample test of `claim` on the group win rates `xs` of the first engine: the
/// p-value, whether the data lean toward the claim, and the test's name.
///
/// - [`Claim::Beats`]: the exact two-sided sign test against 0.5;
/// - [`Claim::AtLeastAsGood`]: the exact two-sided sign test against `0.5 - MARGIN`
///   (non-inferiority when above);
/// - [`Claim::AboutEqual`]: TOST, two one-sided exact sign tests against `0.5 ± MARGIN`
///   (p the larger), unless the sign test of lying outside that band (p twice the smaller
///   one-sided p) gives a smaller p-value.
pub fn claim_test(claim: Claim, xs: &[f64]) -> (f64, bool, String) {
    match claim {
        Claim::Beats => {
            let t = sign_test(xs, 0.5);
            (
                t.p_two_sided,
                t.above > t.below,
                "exact two-sided sign test of the group win rates against 0.5".into(),
            )
        }
        Claim::AtLeastAsGood => {
            let at = 0.5 - MARGIN;
            let t = sign_test(xs, at);
            (
                t.p_two_sided,
                t.above > t.below,
                format!("exact two-sided sign test of the group win rates against {at} (non-inferiority margin {MARGIN})"),
            )
        }
        Claim::AboutEqual => {
            let (lo, hi) = (0.5 - MARGIN, 0.5 + MARGIN);
            let below = sign_test(xs, lo);
            let above = sign_test(xs, hi);
            let tost = below.p_above.max(above.p_below);
            let outside = (2.0 * below.p_below.min(above.p_above)).min(1.0);
            if tost <= outside {
                (
                    tost,
                    true,
                    format!("TOST: two one-sided exact sign tests of the group win rates, above {lo} and below {hi}"),
                )
            } else {
                (
                    outside,
                    false,
                    format!("exact sign test of the group win rates lying outside {lo}..{hi}"),
                )
            }
        }
    }
}

/// How every engine's budget per move is set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BudgetRule {
    /// The calibrated nodes per move of each game and engine ([`calibrated_nodes`]),
    /// divided by `divisor` (1 in full mode): deterministic, the same on every machine.
    Calibrated {
        /// The divisor.
        divisor: u64,
    },
    /// The same budget for every engine (`--budget`).
    Fixed(Budget),
}

/// The time per move the node budgets were calibrated to, in milliseconds.
pub const CALIBRATION_MS: u64 = 20;

/// The divisor of the calibrated budgets in quick mode.
pub const QUICK_DIVISOR: u64 = 10;

/// The calibration: where and how [`CALIBRATED_NODES`] was measured.
pub const CALIBRATION: &str = "nodes per move at 20 ms of wall-clock time per move, one game at a time (threads 1), \
     mean over the moves of 1 opening x every seat assignment of the engine against itself, 24 plies after a 3-ply opening; \
     measured once in the checked profile (measure again with `cargo run --release -p gametree-lab --example calibrate_strength`) \
     on the project's build machine (2 cores of an AMD EPYC, x86-64; shared: load average 14 during the run, so each search had a fraction of a core)";

/// The calibrated nodes per move of each game (rows in [`StrengthGame::ALL`]'s order) and
/// engine (columns in [`ENTRANTS`]' order) for [`CALIBRATION_MS`] per move (see
/// [`CALIBRATION`]).
pub const CALIBRATED_NODES: [[u64; 7]; 10] = [
    // maxn, speculative, paranoid, brs, brs+, mcts, speculative+table (0: cannot play)
    [76877, 46123, 37338, 23221, 8388, 1111, 15117], // cc-73
    [25562, 13275, 16549, 10690, 4472, 1002, 10896], // cc-121
    [26502, 13898, 15341, 14004, 6865, 4691, 11404], // rolit-3
    [17102, 12727, 12887, 10146, 2009, 678, 11639],  // chess4
    [42008, 32092, 18384, 18288, 17036, 4005, 27507], // focus-2
    [41409, 28963, 22784, 32151, 10746, 3543, 27029], // focus-3
    [42143, 26026, 37342, 26781, 6499, 5248, 27773], // focus-4
    [12122, 11249, 4457, 1532, 367, 252, 8701],      // blokus
    [30162, 19839, 27762, 0, 0, 1195, 0],            // hearts
    [24465, 18797, 23398, 0, 0, 1532, 0],            // spades
];

/// The calibrated nodes per move of `entrant` on `game` ([`CALIBRATED_NODES`]; 1,000 for
/// an entrant that is not in [`ENTRANTS`]).
pub fn calibrated_nodes(game: StrengthGame, entrant: Entrant) -> u64 {
    let g = StrengthGame::ALL.iter().position(|&x| x == game);
    let e = ENTRANTS.iter().position(|&x| x == entrant);
    match (g, e) {
        (Some(g), Some(e)) => CALIBRATED_NODES[g][e],
        _ => 1000,
    }
}

/// What one mode plays.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// The games.
    pub games: Vec<StrengthGame>,
    /// Every engine's budget per move.
    pub budget: BudgetRule,
    /// Openings (groups) per match, instead of the caps by games ([`CLAIM_GAMES`],
    /// [`OTHER_GAMES`]).
    pub openings: Option<usize>,
    /// The most games of a claim's match.
    pub claim_games: usize,
    /// The games of the other matches.
    pub other_games: usize,
    /// Openings per item.
    pub block: usize,
    /// Random plies of each opening.
    pub opening_plies: usize,
    /// Plies after the opening after which a game is adjudicated by the evaluator (`None`:
    /// to the end or the game's own cap).
    pub max_plies: Option<usize>,
    /// MCTS's playout cut-off on the board games (`None`: to the end of the game).
    pub mcts_cutoff: Option<u32>,
    /// On the card games, every engine plays by perfect-information Monte Carlo with this
    /// many sampled deals per move (`:worlds=W`), seeing only its own hand, the cards played
    /// and the voids revealed (`None`: the perfect-information card games, every hand
    /// visible).
    pub card_worlds: Option<usize>,
    /// The seed of the openings.
    pub seed: u64,
    /// Threads playing games at once (`None`: one per core). The results do not depend on
    /// it under a node budget.
    pub threads: Option<usize>,
    /// Whether the claims get verdicts (full mode); `false`: every claim is `too-few`.
    pub verdicts: bool,
    /// Bootstrap resamples of the ratings' intervals.
    pub rating_bootstrap: usize,
}

impl Plan {
    /// The budget per move of `entrant` on `game`.
    pub fn budget(&self, game: StrengthGame, entrant: Entrant) -> Budget {
        match self.budget {
            BudgetRule::Calibrated { divisor } => {
                Budget::Nodes((calibrated_nodes(game, entrant) / divisor.max(1)).max(1))
            }
            BudgetRule::Fixed(b) => b,
        }
    }

    /// The most groups (openings) of match `m` on `game`.
    pub fn cap_groups(&self, game: StrengthGame, m: usize) -> usize {
        if let Some(o) = self.openings {
            return o.max(1);
        }
        let games = if claim_of(game, m).is_some() {
            self.claim_games
        } else {
            self.other_games
        };
        games.div_ceil(game.group_size()).max(1)
    }

    /// The items (blocks of openings) of match `m` on `game`.
    pub fn blocks(&self, game: StrengthGame, m: usize) -> usize {
        self.cap_groups(game, m).div_ceil(self.block.max(1))
    }
}

/// The sampled deals per move of every engine on the card games, in both modes.
pub const CARD_WORLDS: usize = 8;

/// The plan of mode `ctx`: every engine's calibrated nodes per move ([`CALIBRATED_NODES`],
/// 20 ms on the calibration machine), MCTS playouts cut at 10 plies, and on the card games
/// every engine playing with hidden hands by perfect-information Monte Carlo over
/// [`CARD_WORLDS`] deals per move; `ctx.strength` replaces the number of openings per
/// match and the budget.
///
/// Quick (seconds): a tenth of the calibrated budget, one opening per match, games
/// adjudicated by the evaluator 16 plies after the opening, no verdicts (every claim is
/// `too-few`). Full: claim matches until their sequential test decides or
/// [`CLAIM_GAMES`] games, the other matches [`OTHER_GAMES`] games, games played to their
/// end (or the game's ply cap), in items of [`BLOCK`] openings.
pub fn plan(ctx: &Ctx) -> Plan {
    let quick = ctx.quick;
    Plan {
        games: StrengthGame::ALL.to_vec(),
        budget: match ctx.strength.budget {
            Some(b) => BudgetRule::Fixed(b),
            None => BudgetRule::Calibrated {
                divisor: if quick { QUICK_DIVISOR } else { 1 },
            },
        },
        openings: ctx.strength.openings.or(quick.then_some(1)),
        claim_games: CLAIM_GAMES,
        other_games: OTHER_GAMES,
        block: if quick { 1 } else { BLOCK },
        opening_plies: 3,
        max_plies: if quick { Some(16) } else { None },
        mcts_cutoff: Some(10),
        card_worlds: Some(CARD_WORLDS),
        seed: STRENGTH_SEED,
        threads: None,
        verdicts: !quick,
        rating_bootstrap: if quick { 100 } else { 1000 },
    }
}

/// The experiment.
pub fn experiment() -> Experiment {
    Experiment {
        paper: PAPER,
        table: TABLE,
        about: "beyond the papers: max^n, speculative, paranoid, BRS, BRS+ and MCTS at calibrated equal nodes per move on every multi-player game, beside the claims of Schadd & Winands 2011, Esser et al. 2013 and Sturtevant 2003",
        params,
        run,
    }
}

fn params(ctx: &Ctx) -> String {
    let p = plan(ctx);
    let budget = match p.budget {
        BudgetRule::Calibrated { divisor } => format!(
            "calibrated nodes per move ({CALIBRATION_MS} ms / {divisor}; {CALIBRATION}; table {CALIBRATED_NODES:?})"
        ),
        BudgetRule::Fixed(b) => budget_text(b),
    };
    format!(
        "budget={budget} openings={:?} claim_games={} other_games={} block={} opening_plies={} max_plies={:?} mcts_cutoff={:?} card_worlds={:?} seed={} verdicts={} sequential=GSPRT(alpha={SPRT_ALPHA},beta={SPRT_BETA},effect={EFFECT},margin={MARGIN},min_groups={MIN_GROUPS}) alpha={ALPHA} rating_bootstrap={}",
        p.openings,
        p.claim_games,
        p.other_games,
        p.block,
        p.opening_plies,
        p.max_plies,
        p.mcts_cutoff,
        p.card_worlds,
        p.seed,
        p.verdicts,
        p.rating_bootstrap,
    )
}

fn run(ctx: &Ctx) -> Output {
    let p = plan(ctx);
    Output {
        rows: strength(&p, ctx.progress).rows(),
        plots: Vec::new(),
    }
}

/// One match's outcome on one game.
#[derive(Clone, Debug, PartialEq)]
pub enum MatchOutcome {
    /// Played: the tournament's summary of the games judged (engine 0 is the first engine).
    Played(Box<TournamentResult>),
    /// Not playable on this game: why.
    NotApplicable(String),
}

/// One match of one game.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchResult {
    /// The game.
    pub game: StrengthGame,
    /// The match's index in [`MATCHES`].
    pub index: usize,
    /// The first engine.
    pub a: Engine,
    /// The second engine.
    pub b: Engine,
    /// What happened.
    pub outcome: MatchOutcome,
    /// The most groups the match could play.
    pub cap_groups: usize,
    /// The sequential test of the match's claim (`None` without a claim).
    pub sequential: Option<SequentialRun>,
}

/// Where a claim's sequential tests stopped.
#[derive(Clone, Debug, PartialEq)]
pub struct SequentialRun {
    /// The tests ([`Claim::sprts`]).
    pub tests: Vec<Sprt>,
    /// Each test's state, once decided (sticky).
    pub states: Vec<SprtState>,
    /// Each test's log-likelihood ratio where it decided, or at the last group.
    pub llr: Vec<f64>,
    /// The groups played when the match stopped (or all of them).
    pub groups: usize,
    /// Whether the tests stopped the match (else it ran to its cap).
    pub stopped: bool,
}

impl SequentialRun {
    /// `accept-h1`, `accept-h0` or `cap`.
    pub fn state(&self) -> &'static str {
        if !self.stopped {
            "cap"
        } else if self.states.contains(&SprtState::AcceptH0) {
            "accept-h0"
        } else {
            "accept-h1"
        }
    }
}

/// Runs the sequential tests of `claim` over the group win rates `xs` in order, from
/// [`MIN_GROUPS`] groups on: each test decides when its log-likelihood ratio first leaves
/// Wald's bounds; the match stops at the first group where one test accepted H0 or all
/// accepted H1.
pub fn sequential(claim: Claim, xs: &[f64]) -> SequentialRun {
    let tests = claim.sprts();
    let mut states = vec![SprtState::Continue; tests.len()];
    let mut llr = vec![0.0; tests.len()];
    for g in MIN_GROUPS..=xs.len() {
        for (i, t) in tests.iter().enumerate() {
            if states[i] == SprtState::Continue {
                llr[i] = t.llr(&xs[..g], VAR_FLOOR);
                states[i] = t.state_of(llr[i]);
            }
        }
        let stop = states.contains(&SprtState::AcceptH0)
            || states.iter().all(|&s| s == SprtState::AcceptH1);
        if stop {
            return SequentialRun {
                tests,
                states,
                llr,
                groups: g,
                stopped: true,
            };
        }
    }
    SequentialRun {
        tests,
        states,
        llr,
        groups: xs.len(),
        stopped: false,
    }
}

/// The first engine's win rate in each group of `games` (in order of the groups' openings):
/// the mean over the group's games of the win shares of its seats.
pub fn group_win_rates(games: &[GameResult]) -> Vec<f64> {
    let mut out: Vec<(usize, f64, usize)> = Vec::new();
    for g in games {
        let w = first_share(g);
        match out.last_mut() {
            Some(last) if last.0 == g.opening => {
                last.1 += w;
                last.2 += 1;
            }
            _ => out.push((g.opening, w, 1)),
        }
    }
    out.into_iter().map(|(_, w, n)| w / n as f64).collect()
}

/// Engine 0's share of the win of game `g` (ties shared).
fn first_share(g: &GameResult) -> f64 {
    let shares = g.finish().win_shares();
    g.seats
        .iter()
        .zip(shares)
        .filter(|(&e, _)| e == 0)
        .map(|(_, s)| s)
        .sum()
}

impl MatchResult {
    /// The first engine's pairwise score against the second over the games (mean credit,
    /// ties half); `None` when not played.
    pub fn score(&self) -> Option<f64> {
        let MatchOutcome::Played(r) = &self.outcome else {
            return None;
        };
        let credits: Vec<f64> = r
            .results
            .iter()
            .filter_map(|g| g.finish().credit(0, 1))
            .collect();
        Some(summarize(&credits).mean)
    }

    /// The first engine's win rate (the papers' metric: the share of the wins that went to
    /// its seats, ties shared) with its Wilson interval, and the number of games.
    pub fn win_rate(&self) -> Option<(f64, [f64; 2], usize)> {
        let MatchOutcome::Played(r) = &self.outcome else {
            return None;
        };
        let n = r.results.len();
        if n == 0 {
            return None;
        }
        let wins: f64 = r.results.iter().map(first_share).sum();
        Some((wins / n as f64, wilson(wins, n as f64), n))
    }
}

/// Everything the experiment played.
#[derive(Clone, Debug, PartialEq)]
pub struct Strength {
    /// The plan.
    pub plan: Plan,
    /// Every match of every game, in the plan's order of games and [`MATCHES`]' order.
    pub matches: Vec<MatchResult>,
}

/// The engine of `entrant` on `game` under `plan`: the plan's budget, its table if it
/// keeps one, for MCTS on a board game the plan's playout cut-off, and on a card game the
/// plan's sampled worlds (for the searchers that take them: not best-reply search). An
/// engine with a table and worlds is refused by the tournament (the Monte-Carlo player
/// searches its sampled deals without a table): its card rows are `n/a`.
pub fn engine(entrant: Entrant, game: StrengthGame, plan: &Plan) -> Engine {
    let searcher = entrant.searcher;
    let cutoff = if searcher == MCTS && !game.cards() {
        plan.mcts_cutoff
    } else {
        None
    };
    let table = entrant.table.then_some(TABLE_MIB);
    // Best-reply search takes no `:worlds` (it cannot play the cards at all: its row is n/a).
    let worlds = if game.cards() && searcher.needs() == Needs::AnyGame {
        plan.card_worlds
    } else {
        None
    };
    Engine::new(searcher, plan.budget(game, entrant)).with_options(EngineOptions {
        cutoff,
        table,
        worlds,
    })
}

/// The index in [`CLAIMS`] of the claim that rests on match `m` on `game`, if one does.
pub fn claim_of(game: StrengthGame, m: usize) -> Option<usize> {
    let (a, b) = MATCHES[m];
    CLAIMS.iter().position(|c| {
        Entrant::plain(c.a) == a && Entrant::plain(c.b) == b && c.games.contains(&game)
    })
}

/// The games of one item: a block of openings of one match, or why the match cannot be
/// played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BlockResult {
    /// The games, in order of opening and seat assignment.
    Played(Vec<GameResult>),
    /// Why the match cannot be played on the game.
    NotApplicable(String),
}

/// Whether match `m` can be played on `game` at all (best-reply search needs a game that
/// can hand the turn to any player, which the card games cannot; the Monte-Carlo card
/// players keep no table). Only the cost estimates use it: playing finds out itself.
fn playable(game: StrengthGame, m: usize) -> bool {
    let (a, b) = MATCHES[m];
    let fits = |e: Entrant| !game.cards() || (e.searcher.needs() == Needs::AnyGame && !e.table);
    fits(a) && fits(b)
}

/// The item key of block `k` of match `m` on `game`.
pub fn item_key(game: StrengthGame, m: usize, k: usize) -> String {
    format!("{} match {m} block {k}", game.label())
}

/// The game, match and block of an item key ([`item_key`]) of `plan`.
pub fn parse_item_key(plan: &Plan, key: &str) -> Option<(StrengthGame, usize, usize)> {
    let (label, rest) = key.split_once(" match ")?;
    let (m, k) = rest.split_once(" block ")?;
    let game = StrengthGame::from_label(label)?;
    let (m, k): (usize, usize) = (m.parse().ok()?, k.parse().ok()?);
    (plan.games.contains(&game) && m < MATCHES.len() && k < plan.blocks(game, m))
        .then_some((game, m, k))
}

/// Every item of `plan`, in order (game, match, block), with its estimated cost in seconds:
/// its games times the plies of a game times the calibrated time per move (`n/a` matches
/// cost nothing).
pub fn items(plan: &Plan) -> Vec<(String, f64)> {
    let per_move = match plan.budget {
        BudgetRule::Calibrated { divisor } => CALIBRATION_MS as f64 / 1000.0 / divisor as f64,
        BudgetRule::Fixed(Budget::Time(ms)) => ms as f64 / 1000.0,
        BudgetRule::Fixed(Budget::Nodes(n)) => n as f64 / 200_000.0,
        BudgetRule::Fixed(Budget::Depth(d)) => 0.001 * f64::from(d * d),
    };
    let mut v = Vec::new();
    for &game in &plan.games {
        let plies = match plan.max_plies {
            Some(p) => (p + plan.opening_plies) as f64,
            None => game.typical_plies(),
        }
        .min(game.typical_plies());
        for m in 0..MATCHES.len() {
            let cap = plan.cap_groups(game, m);
            for k in 0..plan.blocks(game, m) {
                let openings = (cap - k * plan.block).min(plan.block);
                let cost = if playable(game, m) {
                    (openings * game.group_size()) as f64 * plies * per_move + 0.01
                } else {
                    0.001
                };
                v.push((item_key(game, m, k), cost));
            }
        }
    }
    v
}

/// Plays block `k` of match `m` on `game`: openings `k * block ..` (at most `block`, below
/// the match's cap), every seat assignment of each. A card game's group `o` is deal `o +
/// 1` (one opening); a board game's is the tournament's opening `o`. The games are those a
/// tournament of the match's cap plays (the same seeds), so any split gives the same games.
pub fn play_block(plan: &Plan, game: StrengthGame, m: usize, k: usize) -> BlockResult {
    let (a, b) = MATCHES[m];
    let engines = [engine(a, game, plan), engine(b, game, plan)];
    let cap = plan.cap_groups(game, m);
    let first = k * plan.block;
    let last = ((k + 1) * plan.block).min(cap);
    play_groups(plan, game, engines, cap, first..last)
}

/// The games of `groups` (each group every seat assignment of one opening, or one deal on
/// the cards) of the two `engines` on `game`, from a tournament of `cap` groups under
/// `plan` (the same seeds whatever the split): [`play_block`]'s games, and
/// [`calibrate`]'s.
fn play_groups(
    plan: &Plan,
    game: StrengthGame,
    engines: [Engine; 2],
    cap: usize,
    groups: std::ops::Range<usize>,
) -> BlockResult {
    let (first, last) = (groups.start, groups.end);
    let s = game.group_size();
    let config = TournamentConfig {
        engines: engines.to_vec(),
        openings: if game.cards() { 1 } else { cap },
        opening_plies: plan.opening_plies,
        seed: plan.seed,
        max_plies: plan.max_plies,
        progress: false,
        threads: plan.threads,
        bootstrap: 0,
    };
    let mut games = Vec::new();
    let runs: Vec<(usize, Vec<usize>)> = if game.cards() {
        (first..last).map(|o| (o + 1, (0..s).collect())).collect()
    } else {
        vec![(0, (first * s..last * s).collect())]
    };
    for (deal, which) in runs {
        let visited = registry::visit(
            &game.spec(deal),
            None,
            BlockVisitor {
                config: &config,
                which: &which,
            },
        );
        let played = match visited {
            Ok(Ok(r)) => r,
            Ok(Err(TournamentError::NeedsSetToMove { algorithm, .. })) => {
                return BlockResult::NotApplicable(format!(
                    "{algorithm} needs a game that can hand the turn to any player; {} cannot",
                    game.label()
                ))
            }
            Ok(Err(e)) => return BlockResult::NotApplicable(e.to_string()),
            Err(e) => return BlockResult::NotApplicable(e.to_string()),
        };
        games.extend(played.into_iter().map(|mut g| {
            if game.cards() {
                g.opening = deal - 1;
            }
            g
        }));
    }
    BlockResult::Played(games)
}

/// Plays the chosen games of one tournament on the game the registry built.
struct BlockVisitor<'a> {
    config: &'a TournamentConfig,
    which: &'a [usize],
}

impl BlockVisitor<'_> {
    fn play<D: Dispatch<G>, G: Playable>(self, game: &G) -> Result<Vec<GameResult>, TournamentError>
    where
        G::State: Send,
    {
        play_games_with::<D, G, G::Eval>(game, &game.evaluator(), self.config, self.which)
    }
}

impl GameVisitor for BlockVisitor<'_> {
    type Output = Result<Vec<GameResult>, TournamentError>;
    fn visit<G: Playable>(self, game: &G, _state: &G::State) -> Self::Output
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        self.play::<gametree::search::AnyGame, G>(game)
    }

    fn visit_best_reply<G: Playable + SetToMove>(self, game: &G, _state: &G::State) -> Self::Output
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        self.play::<WithSetToMove, G>(game)
    }
}

/// Match `m` on `game` from its blocks' results in order (all of them, or those played
/// before its sequential test stopped it): the games up to the group where the test
/// stopped (so every split of the blocks gives the same match), summarised.
pub fn assemble_match(
    plan: &Plan,
    game: StrengthGame,
    m: usize,
    blocks: &[BlockResult],
) -> MatchResult {
    let (ea, eb) = MATCHES[m];
    let (a, b) = (engine(ea, game, plan), engine(eb, game, plan));
    let cap_groups = plan.cap_groups(game, m);
    let mut games = Vec::new();
    for r in blocks {
        match r {
            BlockResult::Played(g) => games.extend(g.iter().cloned()),
            BlockResult::NotApplicable(why) => {
                return MatchResult {
                    game,
                    index: m,
                    a,
                    b,
                    outcome: MatchOutcome::NotApplicable(why.clone()),
                    cap_groups,
                    sequential: None,
                }
            }
        }
    }
    let sequential = claim_of(game, m).map(|c| {
        let run = sequential(CLAIMS[c].claim, &group_win_rates(&games));
        games.truncate(run.groups * game.group_size());
        run
    });
    let config = TournamentConfig {
        engines: vec![a, b],
        openings: games.len() / game.group_size(),
        opening_plies: plan.opening_plies,
        seed: plan.seed,
        max_plies: plan.max_plies,
        progress: false,
        threads: plan.threads,
        bootstrap: 0,
    };
    let players = game.players();
    let summary = summarise(game.spec(1), players, &config, games);
    MatchResult {
        game,
        index: m,
        a,
        b,
        outcome: MatchOutcome::Played(Box::new(summary)),
        cap_groups,
        sequential,
    }
}

/// Whether the blocks played so far of match `m` on `game` are enough: its sequential test
/// stopped it, or a block could not be played.
fn match_done(game: StrengthGame, m: usize, blocks: &[BlockResult]) -> bool {
    let mut games = Vec::new();
    for b in blocks {
        match b {
            BlockResult::Played(g) => games.extend(g.iter().cloned()),
            BlockResult::NotApplicable(_) => return true,
        }
    }
    claim_of(game, m).is_some_and(|c| sequential(CLAIMS[c].claim, &group_win_rates(&games)).stopped)
}

/// Plays every match of `plan`, block after block, each until its sequential test stops it
/// or its cap.
pub fn strength(plan: &Plan, progress: bool) -> Strength {
    let mut matches = Vec::new();
    for &game in &plan.games {
        for m in 0..MATCHES.len() {
            let clock = std::time::Instant::now();
            let mut blocks = Vec::new();
            for k in 0..plan.blocks(game, m) {
                blocks.push(play_block(plan, game, m, k));
                if match_done(game, m, &blocks) {
                    break;
                }
            }
            let r = assemble_match(plan, game, m, &blocks);
            if progress {
                if let (MatchOutcome::Played(t), Some((w, ci, n))) = (&r.outcome, r.win_rate()) {
                    crate::io::note(format_args!(
                        "strength {}: {} vs {}: win rate {w:.3} [{:.3}, {:.3}] over {n} games ({} adjudicated) in {:.1} s",
                        game.label(),
                        r.a.name(),
                        r.b.name(),
                        ci[0],
                        ci[1],
                        t.adjudicated,
                        clock.elapsed().as_secs_f64()
                    ));
                }
            }
            matches.push(r);
        }
    }
    Strength {
        plan: plan.clone(),
        matches,
    }
}

/// The experiment from every item's result, in [`items`]' order (the merge of a sharded
/// run): `None` when they do not fit the plan.
pub fn assemble(plan: &Plan, results: &[BlockResult]) -> Option<Strength> {
    let mut it = results.iter();
    let mut matches = Vec::new();
    for &game in &plan.games {
        for m in 0..MATCHES.len() {
            let blocks: Vec<BlockResult> = (0..plan.blocks(game, m))
                .map(|_| it.next().cloned())
                .collect::<Option<_>>()?;
            matches.push(assemble_match(plan, game, m, &blocks));
        }
    }
    if it.next().is_some() {
        return None;
    }
    Some(Strength {
        plan: plan.clone(),
        matches,
    })
}

/// Nodes per move of `entrant` on `game` at `ms` milliseconds per move (wall-clock), one
/// game at a time: the mean over every seat's moves of `openings` openings, each in every
/// seat assignment of the entrant against itself, `plies` plies after the opening. The
/// calibration of [`CALIBRATED_NODES`].
pub fn calibrate(
    game: StrengthGame,
    entrant: Entrant,
    ms: u64,
    openings: usize,
    plies: usize,
) -> f64 {
    let mut plan = plan(&Ctx {
        quick: false,
        progress: false,
        hands: None,
        strength: crate::experiment::StrengthScale::MODE,
    });
    plan.budget = BudgetRule::Fixed(Budget::Time(ms));
    plan.threads = Some(1);
    plan.max_plies = Some(plies);
    plan.openings = Some(openings);
    let e = engine(entrant, game, &plan);
    let (mut nodes, mut moves) = (0u64, 0u64);
    // An engine that cannot play the game (BRS on the cards) has no calibration: 0.
    if let BlockResult::Played(games) = play_groups(&plan, game, [e, e], openings, 0..openings) {
        for g in games {
            nodes += g.nodes.iter().sum::<u64>();
            moves += g.moves.iter().sum::<u64>();
        }
    }
    nodes as f64 / moves.max(1) as f64
}

/// The conditions of a published experiment, as far as the project knows them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PaperConditions {
    /// Players.
    pub players: Option<u32>,
    /// Board.
    pub board: Option<&'static str>,
    /// Time per move.
    pub time_per_move: Option<&'static str>,
    /// Games per match.
    pub games: Option<&'static str>,
    /// Metric.
    pub metric: Option<&'static str>,
}

/// Unknown conditions (to be filled from the papers).
pub const UNKNOWN: PaperConditions = PaperConditions {
    players: None,
    board: None,
    time_per_move: None,
    games: None,
    metric: Some("win rate of the engine type over every seat assignment, ties shared"),
};

/// A published claim: its text, its reference, its kind, the first and second engines, the
/// games it is judged on, and the paper's conditions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClaimSpec {
    /// The claim in words.
    pub text: &'static str,
    /// The paper.
    pub reference: &'static str,
    /// Its kind.
    pub claim: Claim,
    /// The first engine.
    pub a: Searcher,
    /// The second engine.
    pub b: Searcher,
    /// The games.
    pub games: &'static [StrengthGame],
    /// The paper's conditions.
    pub conditions: PaperConditions,
}

const CC_ROLIT: &[StrengthGame] = &[
    StrengthGame::ChineseCheckers73,
    StrengthGame::ChineseCheckers121,
    StrengthGame::Rolit,
];

const ESSER_GAMES: &[StrengthGame] = &[
    StrengthGame::ChineseCheckers73,
    StrengthGame::ChineseCheckers121,
    StrengthGame::Rolit,
    StrengthGame::Chess4,
];

/// The published claims, each on the games it was made for.
pub const CLAIMS: [ClaimSpec; 9] = [
    ClaimSpec {
        text: "BRS beats max^n",
        reference: "Schadd & Winands 2011",
        claim: Claim::Beats,
        a: BRS,
        b: MAXN,
        games: CC_ROLIT,
        conditions: UNKNOWN,
    },
    ClaimSpec {
        text: "BRS beats paranoid",
        reference: "Schadd & Winands 2011",
        claim: Claim::Beats,
        a: BRS,
        b: PARANOID,
        games: &[
            StrengthGame::ChineseCheckers73,
            StrengthGame::ChineseCheckers121,
        ],
        conditions: UNKNOWN,
    },
    ClaimSpec {
        text: "BRS about equal to paranoid",
        reference: "Schadd & Winands 2011",
        claim: Claim::AboutEqual,
        a: BRS,
        b: PARANOID,
        games: &[StrengthGame::Rolit],
        conditions: UNKNOWN,
    },
    ClaimSpec {
        text: "BRS+ wins more than BRS",
        reference: "Esser et al. 2013",
        claim: Claim::Beats,
        a: BRS_PLUS,
        b: BRS,
        games: ESSER_GAMES,
        conditions: UNKNOWN,
    },
    ClaimSpec {
        text: "BRS+ wins more than max^n",
        reference: "Esser et al. 2013",
        claim: Claim::Beats,
        a: BRS_PLUS,
        b: MAXN,
        games: ESSER_GAMES,
        conditions: UNKNOWN,
    },
    ClaimSpec {
        text: "BRS+ wins more than paranoid",
        reference: "Esser et al. 2013",
        claim: Claim::Beats,
        a: BRS_PLUS,
        b: PARANOID,
        games: ESSER_GAMES,
        conditions: UNKNOWN,
    },
    ClaimSpec {
        text: "speculative max^n at least as good as paranoid",
        reference: "Sturtevant 2003, Table 12",
        claim: Claim::AtLeastAsGood,
        a: SPECULATIVE,
        b: PARANOID,
        games: &[StrengthGame::Hearts, StrengthGame::Spades],
        conditions: UNKNOWN,
    },
    ClaimSpec {
        text: "BRS beats max^n in Focus",
        reference: "Schadd & Winands 2011",
        claim: Claim::Beats,
        a: BRS,
        b: MAXN,
        games: &[StrengthGame::Focus3, StrengthGame::Focus4],
        conditions: UNKNOWN,
    },
    ClaimSpec {
        text: "BRS beats paranoid in Focus",
        reference: "Schadd & Winands 2011",
        claim: Claim::Beats,
        a: BRS,
        b: PARANOID,
        games: &[StrengthGame::Focus3, StrengthGame::Focus4],
        conditions: UNKNOWN,
    },
];

fn budget_text(b: Budget) -> String {
    match b {
        Budget::Depth(d) => format!("depth {d}"),
        Budget::Nodes(n) => format!("{n} nodes per move"),
        Budget::Time(t) => {
            format!("{t} ms of wall-clock time per move (time budgets vary from run to run and machine to machine)")
        }
    }
}

/// The budget of a match in words: both engines' node budgets and what they stand for.
fn match_budget_text(plan: &Plan, m: &MatchResult) -> String {
    match plan.budget {
        BudgetRule::Calibrated { divisor } => format!(
            "{} and {} nodes per move, calibrated to {CALIBRATION_MS} ms{} on the calibration machine",
            budget_nodes(m.a.budget),
            budget_nodes(m.b.budget),
            if divisor > 1 { format!(" / {divisor}") } else { String::new() }
        ),
        BudgetRule::Fixed(b) => budget_text(b),
    }
}

fn budget_nodes(b: Budget) -> String {
    match b {
        Budget::Nodes(n) => n.to_string(),
        other => budget_text(other),
    }
}

/// A claim's row before Holm's adjustment.
struct Pending {
    row: String,
    quantity: String,
    spec: ClaimSpec,
    m: usize,
    p: f64,
    agrees: bool,
    test: String,
    xs: Vec<f64>,
}

impl Strength {
    /// The match of `a` against `b` (both without a table) on `game`, if the plan played
    /// it.
    pub fn find(&self, game: StrengthGame, a: Searcher, b: Searcher) -> Option<&MatchResult> {
        self.find_entrants(game, Entrant::plain(a), Entrant::plain(b))
    }

    /// The match of `a` against `b` on `game`, if the plan played it.
    pub fn find_entrants(
        &self,
        game: StrengthGame,
        a: Entrant,
        b: Entrant,
    ) -> Option<&MatchResult> {
        self.matches
            .iter()
            .find(|m| m.game == game && MATCHES[m.index] == (a, b))
    }

    /// The rows: per game and match, the first engine's win rate (the papers' metric) with
    /// its Wilson interval (`measured`; `n/a` with the reason when an engine cannot play the
    /// game); per game, every engine's rating from all its games; then one row per claim and
    /// game with its test and verdict.
    pub fn rows(&self) -> Vec<Row> {
        let mut rows = Vec::new();
        for m in &self.matches {
            rows.push(self.match_row(m));
        }
        for &game in &self.plan.games {
            rows.extend(self.rating_rows(game));
        }
        rows.extend(self.claim_rows());
        rows
    }

    fn match_row(&self, m: &MatchResult) -> Row {
        let line = format!("{}: {} vs {}", m.game.label(), m.a.name(), m.b.name());
        let quantity = "win rate of the first (0.5 even)";
        match (&m.outcome, m.win_rate(), m.score()) {
            (MatchOutcome::Played(r), Some((w, ci, n)), Some(score)) => {
                let nodes: Vec<String> = r
                    .engines
                    .iter()
                    .map(|e| format!("{} {:.0} nodes/move", e.name, e.nodes_per_move))
                    .collect();
                let stop = match &m.sequential {
                    Some(s) => format!(
                        "; sequential test {} after {} of at most {} groups",
                        s.state(),
                        s.groups,
                        m.cap_groups
                    ),
                    None => String::new(),
                };
                Row::builder(PAPER, TABLE, line, quantity)
                    .ours(w)
                    .sample(ci, n as u64)
                    .algorithm(m.a.algorithm.name())
                    .note(format!(
                        "{} games in {} groups of {} (one opening, every seat assignment), {} finished, {} adjudicated ({:.1}%){stop}; 95% Wilson interval over games; pairwise score {score:.3} ({}); {}; {}",
                        r.games,
                        r.games / m.game.group_size(),
                        m.game.group_size(),
                        r.finished,
                        r.adjudicated,
                        100.0 * r.adjudicated as f64 / r.games.max(1) as f64,
                        pair_text(r),
                        nodes.join(", "),
                        match_budget_text(&self.plan, m),
                    ))
                    .build()
            }
            _ => {
                let why = match &m.outcome {
                    MatchOutcome::NotApplicable(w) => w.clone(),
                    MatchOutcome::Played(_) => "no games".into(),
                };
                Row::builder(PAPER, TABLE, line, quantity)
                    .ours(Number::Real(f64::NAN))
                    .algorithm(m.a.algorithm.name())
                    .note(format!("n/a: {why}"))
                    .build()
            }
        }
    }

    /// Every engine's rating on `game` from all the games of all its matches there
    /// (Bradley-Terry on pairwise finishes, mean 0, with a 95% bootstrap interval).
    fn rating_rows(&self, game: StrengthGame) -> Vec<Row> {
        let mut seats: Vec<Vec<usize>> = Vec::new();
        let mut scores: Vec<&[gametree::Score]> = Vec::new();
        let mut names = vec![String::new(); ENTRANTS.len()];
        let mut games = vec![0usize; ENTRANTS.len()];
        for m in self.matches.iter().filter(|m| m.game == game) {
            let MatchOutcome::Played(r) = &m.outcome else {
                continue;
            };
            let (ea, eb) = MATCHES[m.index];
            let ia = ENTRANTS.iter().position(|&e| e == ea).unwrap_or(0);
            let ib = ENTRANTS.iter().position(|&e| e == eb).unwrap_or(0);
            names[ia] = m.a.name();
            names[ib] = m.b.name();
            for g in &r.results {
                seats.push(
                    g.seats
                        .iter()
                        .map(|&e| if e == 0 { ia } else { ib })
                        .collect(),
                );
                scores.push(&g.scores);
                games[ia] += 1;
                games[ib] += 1;
            }
        }
        if seats.is_empty() {
            return Vec::new();
        }
        let finishes: Vec<Finish<'_>> = seats
            .iter()
            .zip(&scores)
            .map(|(s, sc)| Finish {
                seats: s,
                scores: sc,
            })
            .collect();
        let ratings = rate(
            ENTRANTS.len(),
            &finishes,
            &RatingConfig {
                bootstrap: self.plan.rating_bootstrap,
                seed: self.plan.seed,
                ..RatingConfig::default()
            },
        );
        let mut rows = Vec::new();
        for (i, r) in ratings.engines.iter().enumerate() {
            if games[i] == 0 {
                continue;
            }
            rows.push(
                Row::builder(
                    PAPER,
                    TABLE,
                    format!("{}: rating of {}", game.label(), names[i]),
                    "rating, all engines together (Elo scale, mean 0)",
                )
                .ours(r.elo)
                .sample(r.ci95, games[i] as u64)
                .algorithm(ENTRANTS[i].searcher.name())
                .note(format!(
                    "Bradley-Terry on the pairwise finishes of every game of every match on {} ({} games of this engine), one virtual draw per pair, 95% bootstrap interval over {} resamples of the games",
                    game.label(),
                    games[i],
                    self.plan.rating_bootstrap
                ))
                .build(),
            );
        }
        rows
    }

    /// One row per claim and game: the claim's test, Holm-adjusted over every claim played.
    fn claim_rows(&self) -> Vec<Row> {
        let mut pending = Vec::new();
        let mut rows_na = Vec::new();
        for spec in CLAIMS {
            for &game in spec.games {
                let Some(m) = self.matches.iter().position(|m| {
                    m.game == game && claim_of(game, m.index).is_some_and(|c| CLAIMS[c] == spec)
                }) else {
                    continue;
                };
                let mr = &self.matches[m];
                let quantity = format!("{} in {} ({})", spec.text, game.label(), spec.reference);
                match &mr.outcome {
                    MatchOutcome::Played(r) if !r.results.is_empty() => {
                        let xs = group_win_rates(&r.results);
                        let (p, agrees, test) = claim_test(spec.claim, &xs);
                        pending.push(Pending {
                            row: "claim".into(),
                            quantity,
                            spec,
                            m,
                            p,
                            agrees,
                            test,
                            xs,
                        });
                    }
                    other => rows_na.push(
                        Row::builder(PAPER, TABLE, "claim", quantity)
                            .ours(Number::Real(f64::NAN))
                            .algorithm(mr.a.name())
                            .note(match other {
                                MatchOutcome::NotApplicable(w) => format!("n/a: {w}"),
                                MatchOutcome::Played(_) => "n/a: no games".into(),
                            })
                            .build(),
                    ),
                }
            }
        }
        let holm_ps = holm(&pending.iter().map(|c| c.p).collect::<Vec<_>>());
        let family = pending.len() as u64;
        let mut rows: Vec<Row> = pending
            .into_iter()
            .zip(holm_ps)
            .map(|(c, hp)| self.claim_row(c, hp, family))
            .collect();
        rows.extend(rows_na);
        rows
    }

    fn claim_row(&self, c: Pending, holm_p: f64, family: u64) -> Row {
        let m = &self.matches[c.m];
        let MatchOutcome::Played(r) = &m.outcome else {
            unreachable!("a pending claim's match was played")
        };
        let game = m.game;
        let (w, ci, n) = m.win_rate().unwrap_or((f64::NAN, [0.0, 1.0], 0));
        let losses = n as f64 - w * n as f64;
        let groups = c.xs.len();
        let seq = m
            .sequential
            .clone()
            .unwrap_or_else(|| sequential(c.spec.claim, &c.xs));
        let decision = if !self.plan.verdicts || groups < MIN_GROUPS {
            "too-few"
        } else {
            decide(holm_p, c.agrees)
        };
        let verdict = match decision {
            "agrees" => Verdict::Within,
            "disagrees" => Verdict::Differs,
            _ => Verdict::TooFew,
        };
        let sd = summarize(&c.xs).sd;
        let mean = summarize(&c.xs).mean;
        let shift = match c.spec.claim {
            Claim::Beats => (mean - 0.5).abs(),
            Claim::AtLeastAsGood => (mean - (0.5 - MARGIN)).abs(),
            Claim::AboutEqual => (MARGIN - (mean - 0.5).abs()).abs(),
        };
        let games_needed = (decision == "inconclusive")
            .then(|| {
                samples_needed(
                    shift,
                    sd.max(VAR_FLOOR.sqrt()),
                    ALPHA / family.max(1) as f64,
                    0.8,
                )
            })
            .flatten()
            .map(|g| g * game.group_size() as u64);
        let ours_conditions = Conditions {
            paper: Some("gametree".into()),
            game: Some(game.spec(1)),
            players: Some(game.players() as u32),
            board: None,
            time_per_move: Some(match_budget_text(&self.plan, m)),
            games: Some(format!(
                "{} ({} groups of {})",
                r.games,
                groups,
                game.group_size()
            )),
            metric: Some(
                "win rate of the engine type over every seat assignment, ties shared".into(),
            ),
        };
        let pc = c.spec.conditions;
        let paper_conditions = Conditions {
            paper: Some(c.spec.reference.into()),
            game: Some(game.label().into()),
            players: pc.players,
            board: pc.board.map(Into::into),
            time_per_move: pc.time_per_move.map(Into::into),
            games: pc.games.map(Into::into),
            metric: pc.metric.map(Into::into),
        };
        let [lo, hi] = seq.tests.first().map_or([0.0, 0.0], |t| t.bounds());
        let test = ClaimTest {
            kind: c.spec.claim.word().into(),
            games: n as u64,
            groups: groups as u64,
            group_size: game.group_size() as u64,
            win_rates: [
                WinRate {
                    engine: m.a.name(),
                    rate: w,
                    wilson: ci,
                },
                WinRate {
                    engine: m.b.name(),
                    rate: 1.0 - w,
                    wilson: wilson(losses, n as f64),
                },
            ],
            pairwise_score: m.score().unwrap_or(f64::NAN),
            margin: match c.spec.claim {
                Claim::Beats => 0.0,
                _ => MARGIN,
            },
            test: c.test.clone(),
            p_value: c.p,
            holm_p_value: holm_p,
            family,
            alpha: ALPHA,
            sequential: Sequential {
                test: format!(
                    "GSPRT on the group win rates (normal model, the sample's variance floored at {VAR_FLOOR}), from {MIN_GROUPS} groups on"
                ),
                tests: seq.tests.clone(),
                llr: seq.llr.clone(),
                bounds: [lo, hi],
                state: seq.state().into(),
                groups: seq.groups as u64,
                cap_groups: m.cap_groups as u64,
            },
            decision: decision.into(),
            games_needed,
            paper_conditions,
            our_conditions: ours_conditions,
        };
        let summary = format!(
            "{} win rate {w:.3} [{:.3}, {:.3}] against {} over {n} games ({groups} groups); {}: p = {:.4}, Holm p = {:.4} over {family} claims",
            m.a.name(),
            ci[0],
            ci[1],
            m.b.name(),
            c.test,
            c.p,
            holm_p,
        );
        let why = match decision {
            "inconclusive" => match games_needed {
                Some(g) => {
                    format!("; inconclusive: about {g} games would decide at the observed effect")
                }
                None => "; inconclusive: no effect observed to decide on".into(),
            },
            "too-few" if !self.plan.verdicts => "; no verdict in quick mode".into(),
            "too-few" => format!("; fewer than {MIN_GROUPS} groups: no verdict"),
            d => format!("; {d} at the adjusted level {ALPHA}"),
        };
        Row::builder(PAPER, TABLE, c.row, c.quantity)
            .paper(1u64)
            .ours(u64::from(decision == "agrees"))
            .verdict(verdict)
            .sample(ci, n as u64)
            .algorithm(m.a.name())
            .reason(format!("{summary}, against the claim"))
            .note(format!(
                "1 = the claim holds; {summary}{why}; sequential test {} after {} of at most {} groups",
                seq.state(),
                seq.groups,
                m.cap_groups
            ))
            .claim(test)
            .build()
    }
}

fn pair_text(r: &TournamentResult) -> String {
    match r.pairwise.first() {
        Some(p) => format!(
            "ahead {} behind {} even {}, sign test over games p={:.3}",
            p.a_ahead, p.b_ahead, p.even, p.p_value
        ),
        None => "no pairs".into(),
    }
}

/// Where the committed decisive run's rows are, from the repository's root
/// (docs/strength.md quotes them; a test checks every number).
pub const DECISIVE_RESULTS: &str = "results/strength-decisive/beyond/strength.json";

/// The claim rows of `rows` as the markdown table docs/strength.md quotes: per claim and
/// game, the first engine's win rate with its Wilson interval, the games, the p-value, the
/// Holm-adjusted p-value, the sequential test's state and the decision. Rows without a
/// claim test are left out.
pub fn claims_markdown(rows: &[Row]) -> String {
    let mut out = String::from(
        "| claim | win rate of the first [95% Wilson] | games | p | Holm p | sequential | decision |\n|---|---|---:|---:|---:|---|---|\n",
    );
    for r in rows {
        let Some(c) = &r.claim else {
            continue;
        };
        let w = &c.win_rates[0];
        out.push_str(&format!(
            "| {} | {:.3} [{:.3}, {:.3}] | {} | {:.4} | {:.4} | {} after {} groups | {} |\n",
            r.quantity,
            w.rate,
            w.wilson[0],
            w.wilson[1],
            c.games,
            c.p_value,
            c.holm_p_value,
            c.sequential.state,
            c.sequential.groups,
            c.decision
        ));
    }
    out
}
