//! Beyond the papers: the playing strength of the multi-player searches under an equal
//! budget per move, on every multi-player game of the project, beside the published claims
//! (`gametree reproduce beyond/strength`; docs/strength.md).
//!
//! For each game of the [`Plan`] and each match of [`MATCHES`] (two engines, e.g. BRS
//! against max^n), the tournament machinery
//! ([`play_games_on`](gametree_run::tournament_job::play_games_on)) plays both engines over
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
//! published claim rests on ([`CLAIMS`]) stops when its sequential rule ([`sequential`])
//! decides or finds the effect absent, or at [`CLAIM_GAMES`] games; the claim is then judged
//! by a test of the mean of the group win rates ([`claim_test`](gametree_run::verdict::claim_test): a sign-flip permutation
//! test for "beats", "improves" and "wins most"; Student's t against the margin for "at
//! least as good", TOST for "about equal") whose p-value is adjusted by Holm's method over
//! the claims of its set ([`decide`](gametree_run::verdict::decide)); the row prints the interval of the tested mean at the row's
//! Holm-adjusted level ([`claim_interval`]) and stores the per-group results
//! ([`recompute_claims`] recomputes every verdict from them). Quick mode gives no verdicts.
//!
//! The run splits into items ([`items`]: blocks of [`Plan::block`] openings of one match)
//! for `--shard`; [`assemble`] rebuilds the matches from the items' games, applying the
//! sequential stop at the same group, so a merged sharded run equals a single one.
//!
//! On the card games every engine plays by perfect-information Monte Carlo with
//! [`Plan::card_worlds`] sampled deals per move (`:worlds=W`, [`gametree_run::tournament`]): it
//! sees its own hand, the cards played and the voids revealed, not the other hands.
//!
//! One match plays in a paper's own setting instead ([`Setting::Table12`]): Sturtevant's
//! Table 12, speculative max^n against paranoid on the open deal at 500,000 nodes per move,
//! the confirmatory row of that claim; the claim rows fall into two sets, each its own Holm
//! family ([`ClaimSet`]), and only the confirmatory set counts in the headline.
//!
//! An engine that cannot play a game (best-reply search needs a game that can hand the turn
//! to any player; the card games cannot) gets an `n/a` row with the reason.

use gametree::search::best_reply::{ForcedMoves, Variant};
use gametree::search::mcts::{Backup, SolverRule};
use gametree::search::{Algorithm, Clock, Needs, Searcher};

mod claims;
pub use claims::*;
mod items;
pub use items::Blocks;
mod scale;
pub use scale::{BudgetRule, StrengthMatches, StrengthScale};

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::claim::{ClaimTest, Conditions, Sequential, WinRate};
use crate::experiment::{Ctx, Experiment, Output, Split, Work};
use crate::report::{GameLengths, Number, Row, Verdict};
use gametree_run::engine::{Engine, EngineError, EngineOptions, MoveBudget};
use gametree_run::engine_policy::{Milli, PlayoutOption, PolicyOptions};
use gametree_run::rating::{rate_resampled, Finish, RatingConfig};
use gametree_run::stats::{holm, summarize, wilson};
use gametree_run::tournament::{
    seatings, summarise, Ending, GameResult, TournamentConfig, TournamentError, TournamentResult,
};

const PAPER: &str = "beyond";

/// The table's key.
pub const TABLE: &str = "strength";

/// The seed of the openings (every match of a game plays the same openings).
pub(crate) const STRENGTH_SEED: u64 = 0x5743;

/// A game of the experiment: the papers' games as they played them (Chinese Checkers's
/// full game on 121 holes with 3, 4 and 6 players; Rolit with 3 and 4; four-player chess
/// with a relative evaluator; Focus with 2, 3 and 4; Blokus), and Sturtevant's card games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StrengthGame {
    /// Chinese Checkers, 3 players, 121 holes, every move legal (`top=all`).
    ChineseCheckers3,
    /// Chinese Checkers, 4 players, 121 holes, every move legal.
    ChineseCheckers4,
    /// Chinese Checkers, 6 players, 121 holes, every move legal.
    ChineseCheckers6,
    /// Three-player Hearts, one deal per group of games (hidden hands with
    /// [`Plan::card_worlds`]).
    Hearts,
    /// Three-player Spades, one deal per group of games (hidden hands with
    /// [`Plan::card_worlds`]).
    Spades,
    /// Rolit, 3 players.
    Rolit3,
    /// Rolit, 4 players.
    Rolit4,
    /// Four-player chess by the online free-for-all rules (`chess4(end=ffa)`: capture
    /// points, the end without progress, repetition, the two-left claim in points; its own
    /// evaluator aligned with the points), ply cap [`CHESS_FFA_CAP`]: the experiment's chess.
    Chess4,
    /// The sensitivity run of the earlier chess (`--games chess4-cap400`, not played unless
    /// named): valued by relative material (each player's material less the mean of the live
    /// opponents'), ply cap [`CHESS_CAP`], with the claim rule at
    /// [`gametree_games::chess4::STANDARD_CLAIM`] points (two players left, one that far
    /// ahead in material: it wins). The committed decisive run played it under the label
    /// `chess4`.
    Chess4Cap400,
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

/// The ply cap of the Focus games of the experiment: a game that reaches it ends with the
/// live players with the most captures winning; the rows report how many games ended so.
pub const FOCUS_CAP: usize = 200;

/// The ply cap of the sensitivity run's four-player chess ([`StrengthGame::Chess4Cap400`],
/// the game's default cap): a game that reaches it is ranked by material; the rows report
/// how many games ended so.
pub const CHESS_CAP: usize = 400;

/// The ply cap of the experiment's four-player chess by the free-for-all rules
/// ([`StrengthGame::Chess4`]): at 3,000 plies few games reach it (0-4% measured, median
/// length 900-1,400 plies), where at 400 most did; the rows report the share that does.
pub const CHESS_FFA_CAP: usize = 3000;

impl StrengthGame {
    /// Every game, in the order of the rows (`--games` names them by label; its bit `i` is
    /// game `i` here, so a new game joins at the end).
    pub const ALL: [StrengthGame; 13] = [
        StrengthGame::ChineseCheckers3,
        StrengthGame::ChineseCheckers4,
        StrengthGame::ChineseCheckers6,
        StrengthGame::Rolit3,
        StrengthGame::Rolit4,
        StrengthGame::Chess4,
        StrengthGame::Focus2,
        StrengthGame::Focus3,
        StrengthGame::Focus4,
        StrengthGame::Blokus,
        StrengthGame::Hearts,
        StrengthGame::Spades,
        StrengthGame::Chess4Cap400,
    ];

    /// The games a plan plays unless `--games` names others: every game of [`Self::ALL`]
    /// but the sensitivity run's ([`StrengthGame::Chess4Cap400`]), its last.
    pub const DEFAULT: [StrengthGame; 12] = {
        assert!(matches!(Self::ALL[12], StrengthGame::Chess4Cap400));
        let mut games = [StrengthGame::ChineseCheckers3; 12];
        let mut i = 0;
        while i < games.len() {
            games[i] = Self::ALL[i];
            i += 1;
        }
        games
    };

    /// A short label for the rows.
    pub fn label(self) -> &'static str {
        match self {
            StrengthGame::ChineseCheckers3 => "cc-3",
            StrengthGame::ChineseCheckers4 => "cc-4",
            StrengthGame::ChineseCheckers6 => "cc-6",
            StrengthGame::Hearts => "hearts",
            StrengthGame::Spades => "spades",
            StrengthGame::Rolit3 => "rolit-3",
            StrengthGame::Rolit4 => "rolit-4",
            StrengthGame::Chess4 => "chess4",
            StrengthGame::Chess4Cap400 => "chess4-cap400",
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
            StrengthGame::ChineseCheckers3 => {
                "chinese-checkers(players=3,board=121,top=all)".into()
            }
            StrengthGame::ChineseCheckers4 => {
                "chinese-checkers(players=4,board=121,top=all)".into()
            }
            StrengthGame::ChineseCheckers6 => {
                "chinese-checkers(players=6,board=121,top=all)".into()
            }
            StrengthGame::Hearts => format!("hearts(deal={deal},equiv=1)"),
            StrengthGame::Spades => format!("spades(deal={deal},equiv=1)"),
            StrengthGame::Rolit3 => "rolit(players=3)".into(),
            StrengthGame::Rolit4 => "rolit(players=4)".into(),
            StrengthGame::Chess4 => format!("chess4(cap={CHESS_FFA_CAP},end=ffa)"),
            StrengthGame::Chess4Cap400 => format!(
                "chess4(cap={CHESS_CAP},eval=relative,claim={})",
                gametree_games::chess4::STANDARD_CLAIM
            ),
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
            StrengthGame::ChineseCheckers4
            | StrengthGame::Rolit4
            | StrengthGame::Chess4
            | StrengthGame::Chess4Cap400
            | StrengthGame::Focus4
            | StrengthGame::Blokus => 4,
            StrengthGame::ChineseCheckers6 => 6,
            _ => 3,
        }
    }

    /// The seat assignments of one group (one opening) of a match of `engines` engines,
    /// as indices into [`seatings`]`(engines, players)`: every assignment in which each
    /// engine sits at least once (2, 6 or 14 for two engines on 2, 3 or 4 seats; 24 for
    /// four engines on four seats), except two engines on six seats, which play the 20
    /// assignments with three seats each (every engine on every seat in half of them),
    /// instead of all 62.
    pub fn group_seatings(self, engines: usize) -> Vec<usize> {
        let all = seatings(engines, self.players());
        let even = self.players() == 6 && engines == 2;
        all.iter()
            .enumerate()
            .filter(|(_, s)| !even || s.iter().filter(|&&e| e == 0).count() == 3)
            .map(|(i, _)| i)
            .collect()
    }

    /// The games of one group of a match of `engines` engines.
    pub fn group_size(self, engines: usize) -> usize {
        self.group_seatings(engines).len()
    }

    /// The plies of a typical game played to its end (for the cost estimates of the items;
    /// measured roughly on the project's engines, never used for a result).
    fn typical_plies(self) -> f64 {
        match self {
            StrengthGame::ChineseCheckers3 => 300.0,
            StrengthGame::ChineseCheckers4 => 250.0,
            StrengthGame::ChineseCheckers6 => 220.0,
            StrengthGame::Rolit3 | StrengthGame::Rolit4 => 61.0,
            // The free-for-all's games measured 900 to 1,400 plies (median).
            StrengthGame::Chess4 => 1200.0,
            StrengthGame::Chess4Cap400 => CHESS_CAP as f64,
            StrengthGame::Focus2 | StrengthGame::Focus3 | StrengthGame::Focus4 => 120.0,
            StrengthGame::Blokus => 90.0,
            StrengthGame::Hearts | StrengthGame::Spades => 51.0,
        }
    }

    /// Whether MCTS plays epsilon-greedy playouts here (epsilon
    /// [`PLAYOUT_EPSILON_MILLI`] / 1000: a random move with that probability, else the
    /// evaluator's best): on Chinese Checkers, four-player chess and Focus, where they beat
    /// random playouts in `reproduce beyond/mcts-tuning` (docs/mcts.md); random playouts on
    /// Rolit, Blokus and the cards.
    pub fn greedy_playouts(self) -> bool {
        matches!(
            self,
            StrengthGame::ChineseCheckers3
                | StrengthGame::ChineseCheckers4
                | StrengthGame::ChineseCheckers6
                | StrengthGame::Chess4
                | StrengthGame::Chess4Cap400
                | StrengthGame::Focus2
                | StrengthGame::Focus3
                | StrengthGame::Focus4
        )
    }

    /// How the game ends, where the experiment chose among rules (four-player chess), in
    /// words for the claim rows' conditions (`None`: the game's only rules).
    pub fn rules(self) -> Option<&'static str> {
        match self {
            StrengthGame::Chess4 => Some("the online free-for-all rules (chess4(end=ffa)): capture and mate points, the end after 100 plies without progress or at a threefold repetition, and with two players left the claim of a lead of more than 20 points; the most points wins; a game at the 3,000-ply cap is ranked by points and material"),
            StrengthGame::Chess4Cap400 => Some("the sensitivity run: mate and elimination, the claim rule with two left at 20 points of material, at the 400-ply cap ranked by relative material"),
            _ => None,
        }
    }

    fn cards(self) -> bool {
        matches!(self, StrengthGame::Hearts | StrengthGame::Spades)
    }
}

/// The engines of the experiment, by searcher.
pub const MAXN: Searcher = Searcher::Plain(Algorithm::Maxn);
/// Speculative max^n.
pub(crate) const SPECULATIVE: Searcher = Searcher::Plain(Algorithm::Speculative);
/// Paranoid.
pub const PARANOID: Searcher = Searcher::Plain(Algorithm::Paranoid);
/// Best-reply search.
pub const BRS: Searcher = Searcher::BestReply(Variant::Brs);
/// BRS+.
pub(crate) const BRS_PLUS: Searcher = Searcher::BestReply(Variant::BrsPlus);
/// MCTS with the max^n backup (the default of its configuration).
pub const MCTS: Searcher = Searcher::Mcts;

/// How an MCTS entrant differs from the default (the max^n policy, plain UCB1, no solver;
/// docs/mcts.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MctsPolicy {
    /// The default (also every non-MCTS entrant's value).
    MaxN,
    /// The paranoid policy (`:backup=paranoid`).
    Paranoid,
    /// The best-reply policy, MCTS-BRS (`:backup=brs`).
    BestReply,
    /// The multi-player MCTS-Solver with the standard rule (`:solver=standard`).
    Solver,
    /// Progressive History with weight [`HISTORY_WEIGHT`] (`:ph=5`).
    ProgressiveHistory,
}

/// The epsilon of MCTS's evaluation-guided playouts, in thousandths, on the games where
/// they won the tuning's playout match ([`StrengthGame::greedy_playouts`]).
pub const PLAYOUT_EPSILON_MILLI: u32 = 100;

/// The weight `W` of Progressive History (Nijssen & Winands 2011's value, docs/mcts.md).
pub const HISTORY_WEIGHT: u32 = 5;

/// An engine of the experiment: a searcher, with or without a table of value vectors
/// ([`EngineOptions::table`], [`TABLE_MIB`] MiB; max^n and speculative pruning only), and
/// for MCTS its policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entrant {
    /// The searcher.
    pub searcher: Searcher,
    /// Whether it keeps a table of value vectors.
    pub table: bool,
    /// MCTS's policy ([`MctsPolicy::MaxN`] for the other searchers).
    pub mcts: MctsPolicy,
}

impl Entrant {
    /// `searcher` without a table.
    pub const fn plain(searcher: Searcher) -> Entrant {
        Entrant {
            searcher,
            table: false,
            mcts: MctsPolicy::MaxN,
        }
    }

    /// `searcher` with a table of [`TABLE_MIB`] MiB.
    pub const fn tabled(searcher: Searcher) -> Entrant {
        Entrant {
            searcher,
            table: true,
            mcts: MctsPolicy::MaxN,
        }
    }

    /// MCTS with `policy`.
    pub const fn mcts(policy: MctsPolicy) -> Entrant {
        Entrant {
            searcher: MCTS,
            table: false,
            mcts: policy,
        }
    }
}

/// The table of the engines that keep one, in MiB.
pub const TABLE_MIB: u32 = 16;

/// Speculative max^n with a table of value vectors.
pub(crate) const SPECULATIVE_TABLE: Entrant = Entrant::tabled(SPECULATIVE);

/// A match: its engines (the first is the one its rows are about; two, or four at one
/// table for a free-for-all) and the games it is played on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Match {
    /// The engines.
    pub entrants: &'static [Entrant],
    /// The games (`None`: every game of the plan).
    pub games: Option<&'static [StrengthGame]>,
    /// How its engines play: at the experiment's budgets, or in a paper's own setting.
    pub setting: Setting,
}

/// How the engines of a match play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    /// The experiment's: the plan's budgets (calibrated nodes per move), and on the card
    /// games hidden hands played by Monte Carlo over the plan's sampled deals.
    Calibrated,
    /// Sturtevant's Table 12 (section 5.4): the perfect-information card game (every hand
    /// visible, no sampled deals), [`Plan::table12_nodes`] nodes per move for both engines
    /// (the paper's [`TABLE12_NODES`] outside quick mode), each hand from its deal (no
    /// random opening) in every seating, [`TABLE12_HANDS`] hands at most.
    Table12,
}

impl Match {
    /// Whether the match is played on `game`.
    pub fn on(&self, game: StrengthGame) -> bool {
        self.games.is_none_or(|g| g.contains(&game))
    }
}

const fn pair(a: &'static [Entrant; 2]) -> Match {
    Match {
        entrants: a,
        games: None,
        setting: Setting::Calibrated,
    }
}

/// The board games of the MCTS-policy matches (Nijssen & Winands's four games).
const POLICY_GAMES: &[StrengthGame] = &[
    StrengthGame::ChineseCheckers3,
    StrengthGame::Focus3,
    StrengthGame::Rolit3,
    StrengthGame::Blokus,
];

/// The matches: on every game, each engine against max^n, then the pairs the claims need,
/// then speculative max^n with a table against max^n and paranoid; on the MCTS-policy
/// games, MCTS with the max^n policy against the paranoid and best-reply policies, with
/// the solver and with Progressive History against without; on four-player chess,
/// Esser et al.'s free-for-all of BRS+, BRS, max^n and paranoid at one table; on the card
/// games, speculative max^n against paranoid in Sturtevant's Table 12 setting
/// ([`TABLE12_MATCH`], [`Setting::Table12`]).
pub const MATCHES: [Match; 17] = [
    pair(&[Entrant::plain(SPECULATIVE), Entrant::plain(MAXN)]),
    pair(&[Entrant::plain(PARANOID), Entrant::plain(MAXN)]),
    pair(&[Entrant::plain(BRS), Entrant::plain(MAXN)]),
    pair(&[Entrant::plain(BRS_PLUS), Entrant::plain(MAXN)]),
    pair(&[Entrant::plain(MCTS), Entrant::plain(MAXN)]),
    pair(&[Entrant::plain(SPECULATIVE), Entrant::plain(PARANOID)]),
    pair(&[Entrant::plain(BRS), Entrant::plain(PARANOID)]),
    pair(&[Entrant::plain(BRS_PLUS), Entrant::plain(BRS)]),
    pair(&[Entrant::plain(BRS_PLUS), Entrant::plain(PARANOID)]),
    pair(&[SPECULATIVE_TABLE, Entrant::plain(MAXN)]),
    pair(&[SPECULATIVE_TABLE, Entrant::plain(PARANOID)]),
    Match {
        entrants: &[Entrant::plain(MCTS), Entrant::mcts(MctsPolicy::Paranoid)],
        games: Some(POLICY_GAMES),
        setting: Setting::Calibrated,
    },
    Match {
        entrants: &[Entrant::plain(MCTS), Entrant::mcts(MctsPolicy::BestReply)],
        games: Some(POLICY_GAMES),
        setting: Setting::Calibrated,
    },
    Match {
        entrants: &[Entrant::mcts(MctsPolicy::Solver), Entrant::plain(MCTS)],
        games: Some(POLICY_GAMES),
        setting: Setting::Calibrated,
    },
    Match {
        entrants: &[
            Entrant::mcts(MctsPolicy::ProgressiveHistory),
            Entrant::plain(MCTS),
        ],
        games: Some(&[StrengthGame::ChineseCheckers3, StrengthGame::Focus3]),
        setting: Setting::Calibrated,
    },
    Match {
        entrants: &[
            Entrant::plain(BRS_PLUS),
            Entrant::plain(BRS),
            Entrant::plain(MAXN),
            Entrant::plain(PARANOID),
        ],
        games: Some(CHESS_GAMES),
        setting: Setting::Calibrated,
    },
    Match {
        entrants: &[Entrant::plain(SPECULATIVE), Entrant::plain(PARANOID)],
        games: Some(&[StrengthGame::Hearts, StrengthGame::Spades]),
        setting: Setting::Table12,
    },
];

/// The chess games of the free-for-all match: the experiment's and the sensitivity run's.
const CHESS_GAMES: &[StrengthGame] = &[StrengthGame::Chess4, StrengthGame::Chess4Cap400];

/// The match of Sturtevant's Table 12 in its own setting ([`Setting::Table12`]): speculative
/// max^n against paranoid in perfect-information Hearts and Spades.
pub const TABLE12_MATCH: usize = 16;

/// The hands of Table 12 (section 5.4: "we played 50 hands"), each a group of every seating.
pub const TABLE12_HANDS: usize = 50;

/// The nodes per move of Table 12 ("a 500k node search limit").
pub const TABLE12_NODES: u64 = 500_000;

/// Every entrant, in the order of the ratings (and of [`CALIBRATED_NODES`]' columns; the
/// MCTS policies take MCTS's budget).
pub const ENTRANTS: [Entrant; 11] = [
    Entrant::plain(MAXN),
    Entrant::plain(SPECULATIVE),
    Entrant::plain(PARANOID),
    Entrant::plain(BRS),
    Entrant::plain(BRS_PLUS),
    Entrant::plain(MCTS),
    SPECULATIVE_TABLE,
    Entrant::mcts(MctsPolicy::Paranoid),
    Entrant::mcts(MctsPolicy::BestReply),
    Entrant::mcts(MctsPolicy::Solver),
    Entrant::mcts(MctsPolicy::ProgressiveHistory),
];

// The claims' statistics live in gametree-run (`verdict`), shared with `gametree compare`.
use gametree_run::verdict::{
    adjusted_level, claim_interval, decision, games_needed, group_win_rates, group_wins,
    test_groups, Claim, GroupTest, MatchGroups, SequentialRun, Stop, ABSENT, ALPHA, EFFECT, MARGIN,
    MIN_GROUPS, SPRT_ALPHA, SPRT_BETA, VAR_FLOOR,
};

/// The type I error the decisive stops may spend over the whole family of claims and all
/// their looks ([`decisive_p`]).
pub const SEQUENTIAL_ALPHA: f64 = 0.01;

/// The most looks of a claim's match: one per group of the largest cap (800 games of 6).
pub const SEQUENTIAL_LOOKS: usize = CLAIM_GAMES.div_ceil(6);

/// The claim rows of the full plan, both sets together (one per claim and game it is judged
/// on), over which the decisive stops share their error ([`decisive_p`]): each set's Holm
/// family is at most this large, so a claim decided by the stop stays significant in its
/// set.
pub fn family_size() -> usize {
    CLAIMS.iter().map(|c| c.judged_games().count()).sum()
}

/// The claim rows of `set` in the full plan: the size of its Holm family.
pub fn set_size(set: ClaimSet) -> usize {
    CLAIMS
        .iter()
        .flat_map(|c| c.judged_games().map(move |g| c.set_on(g)))
        .filter(|&s| s == Some(set))
        .count()
}

/// The level below which a claim's exact test stops its match as decided:
/// [`SEQUENTIAL_ALPHA`] shared by Bonferroni over every claim of the family and every look
/// ([`SEQUENTIAL_LOOKS`]), so the looks together make a false decision with probability at
/// most [`SEQUENTIAL_ALPHA`], and a decided claim stays significant after Holm's adjustment
/// (its adjusted p-value is at most [`family_size`] times its p-value, below [`ALPHA`]).
pub fn decisive_p() -> f64 {
    SEQUENTIAL_ALPHA / (family_size() * SEQUENTIAL_LOOKS) as f64
}

/// The stopping rule of `claim`'s match ([`gametree_run::verdict::sequential`]) at the
/// family's decisive level [`decisive_p`].
pub fn sequential(claim: Claim, xs: &[f64]) -> SequentialRun {
    gametree_run::verdict::sequential(claim, xs, decisive_p())
}

/// The most games of a claim's match (the sequential test stops it earlier when it
/// decides).
pub const CLAIM_GAMES: usize = 800;

/// The games of a match no claim rests on (full mode).
pub const OTHER_GAMES: usize = 120;

/// Openings per item of a sharded run (full mode).
pub const BLOCK: usize = 8;

/// The time per move the node budgets were calibrated to, in milliseconds.
pub const CALIBRATION_MS: u64 = 20;

/// The divisor of the calibrated budgets in quick mode.
pub(crate) const QUICK_DIVISOR: u64 = 10;

/// The calibration: where and how [`CALIBRATED_NODES`] was measured.
pub const CALIBRATION: &str = "nodes per move at 20 ms of the searching thread's processor time per move, one game at a time (threads 1), \
     mean over the moves of 1 opening x every seat assignment of the engine against itself, 24 plies after a 3-ply opening; \
     measured once in the release profile on 26 November 2026 (measure again with `cargo run --release -p gametree-lab --example calibrate_strength -- --clock cpu`) \
     on the project's build machine (2 cores of an AMD EPYC, x86-64; shared, load average 9-13 during the run: processor time is what the search got, and \
     the rows of cc-3 and cc-4 agree within 4% with wall-clock rows measured on the idle machine the same day)";

/// The calibrated nodes per move of each game (rows in [`StrengthGame::ALL`]'s order) and
/// engine (columns: the first seven of [`ENTRANTS`]; the MCTS policies take MCTS's) for
/// [`CALIBRATION_MS`] per move (see [`CALIBRATION`]).
pub const CALIBRATED_NODES: [[u64; 7]; 12] = [
    // maxn, speculative, paranoid, brs, brs+, mcts, speculative+table (0: cannot play)
    [240922, 106448, 144279, 78635, 29427, 3028, 90193], // cc-3
    [207611, 139482, 132631, 88835, 16924, 2657, 131132], // cc-4
    [160345, 125705, 157955, 90826, 9643, 1841, 113040], // cc-6
    [177999, 97166, 113446, 90491, 45299, 20874, 78408], // rolit-3
    [188277, 115149, 159877, 99748, 29151, 18819, 88267], // rolit-4
    [122917, 77576, 52038, 54469, 10803, 1715, 72440],   // chess4
    [323863, 217422, 158902, 163333, 129402, 7065, 194461], // focus-2
    [316207, 202923, 234749, 171522, 46020, 3840, 195579], // focus-3
    [293611, 195815, 204528, 140688, 28242, 3495, 185076], // focus-4
    [124920, 100963, 86765, 38762, 5558, 3149, 99354],   // blokus
    [189063, 131731, 207106, 0, 0, 7568, 0],             // hearts
    [171720, 119171, 165467, 0, 0, 9270, 0],             // spades
];

/// The column of [`CALIBRATED_NODES`] of `entrant` (`None`: not an entrant of the
/// experiment).
fn budget_column(entrant: Entrant) -> Option<usize> {
    let base = match entrant.searcher {
        Searcher::Mcts => Entrant::plain(MCTS),
        _ => entrant,
    };
    ENTRANTS[..7].iter().position(|&x| x == base)
}

/// The calibrated nodes per move of `entrant` on `game` ([`CALIBRATED_NODES`]; every MCTS
/// policy takes MCTS's; 1,000 for an entrant that is not in [`ENTRANTS`]). Both chess games
/// take the row measured on the cap-400 game (the free-for-all's moves are the same moves;
/// its state is larger, so 20 ms may buy it somewhat fewer nodes).
pub fn calibrated_nodes(game: StrengthGame, entrant: Entrant) -> u64 {
    let row = match game {
        StrengthGame::Chess4Cap400 => StrengthGame::Chess4,
        g => g,
    };
    let g = StrengthGame::ALL.iter().position(|&x| x == row);
    match (g, budget_column(entrant)) {
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
    /// Which matches are played.
    pub matches: StrengthMatches,
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
    /// The nodes per move of both engines of the Table 12 match ([`Setting::Table12`]):
    /// the paper's [`TABLE12_NODES`] (a tenth in quick mode).
    pub table12_nodes: u64,
}

impl Plan {
    /// The budget per move of `entrant` on `game` in match `m`: the Table 12 match's nodes
    /// ([`Plan::table12_nodes`]) in its setting, else [`Plan::budget`].
    pub fn match_budget(&self, game: StrengthGame, entrant: Entrant, m: usize) -> MoveBudget {
        match MATCHES[m].setting {
            Setting::Table12 => MoveBudget::Nodes(self.table12_nodes.max(1)),
            Setting::Calibrated => self.budget(game, entrant),
        }
    }

    /// The budget per move of `entrant` on `game`.
    pub fn budget(&self, game: StrengthGame, entrant: Entrant) -> MoveBudget {
        match self.budget {
            BudgetRule::Calibrated { divisor } => {
                // MCTS expands its root whatever its node budget, so a budget below the
                // root's branching factor (Blokus) still tries every root move.
                MoveBudget::Nodes((calibrated_nodes(game, entrant) / divisor.max(1)).max(1))
            }
            BudgetRule::Fixed(b) => b,
        }
    }

    /// The most groups (openings) of match `m` on `game`.
    pub fn cap_groups(&self, game: StrengthGame, m: usize) -> usize {
        if let Some(o) = self.openings {
            return o.max(1);
        }
        if MATCHES[m].setting == Setting::Table12 {
            return TABLE12_HANDS;
        }
        let games = if claims_rest_on(game, m) {
            self.claim_games
        } else {
            self.other_games
        };
        games
            .div_ceil(game.group_size(MATCHES[m].entrants.len()))
            .max(1)
    }

    /// The items (blocks of openings) of match `m` on `game`.
    pub fn blocks(&self, game: StrengthGame, m: usize) -> usize {
        self.cap_groups(game, m).div_ceil(self.block.max(1))
    }

    /// The matches played on `game`, by index into [`MATCHES`]: all of [`matches_on`], or
    /// those a claim rests on ([`StrengthMatches::Claims`]).
    pub fn matches_on(&self, game: StrengthGame) -> impl Iterator<Item = usize> + '_ {
        matches_on(game).filter(move |&m| match self.matches {
            StrengthMatches::All => true,
            StrengthMatches::Claims => claims_rest_on(game, m),
        })
    }
}

/// The sampled deals per move of every engine on the card games, in both modes.
pub const CARD_WORLDS: usize = 8;

/// The plan of mode `ctx`: every engine's calibrated nodes per move ([`CALIBRATED_NODES`],
/// 20 ms on the calibration machine), MCTS playouts cut at 10 plies, and on the card games
/// every engine playing with hidden hands by perfect-information Monte Carlo over
/// [`CARD_WORLDS`] deals per move; the experiment's [`StrengthScale`] replaces the number of openings per
/// match and the budget.
///
/// Quick (seconds): a tenth of the calibrated budget, one opening per match, games
/// adjudicated by the evaluator 8 plies after the opening, no verdicts (every claim is
/// `too-few`). Full: claim matches until their sequential test decides or
/// [`CLAIM_GAMES`] games, the other matches [`OTHER_GAMES`] games, games played to their
/// end (or the game's ply cap), in items of [`BLOCK`] openings.
pub fn plan(ctx: &Ctx) -> Plan {
    let quick = ctx.quick;
    let scale: StrengthScale = ctx.params.get();
    Plan {
        games: match scale.games {
            None => StrengthGame::DEFAULT.to_vec(),
            Some(set) => StrengthGame::ALL
                .into_iter()
                .enumerate()
                .filter(|&(i, _)| set >> i & 1 == 1)
                .map(|(_, g)| g)
                .collect(),
        },
        budget: scale.budget.unwrap_or(BudgetRule::Calibrated {
            divisor: if quick { QUICK_DIVISOR } else { 1 },
        }),
        matches: scale.matches,
        openings: scale.openings.or(quick.then_some(1)),
        claim_games: CLAIM_GAMES,
        other_games: OTHER_GAMES,
        block: if quick { 1 } else { BLOCK },
        opening_plies: 3,
        max_plies: if quick { Some(8) } else { None },
        mcts_cutoff: Some(10),
        card_worlds: Some(CARD_WORLDS),
        seed: STRENGTH_SEED,
        threads: None,
        verdicts: !quick,
        rating_bootstrap: if quick { 100 } else { 1000 },
        table12_nodes: if quick {
            TABLE12_NODES / QUICK_DIVISOR
        } else {
            TABLE12_NODES
        },
    }
}

/// The experiment.
pub fn experiment() -> Experiment {
    Experiment {
        paper: PAPER,
        table: TABLE,
        about: "beyond the papers: max^n, speculative, paranoid, BRS, BRS+ and MCTS (and its policies) at calibrated equal nodes per move on the papers' games, beside the claims of Schadd & Winands 2011, Esser et al. 2013, Sturtevant 2003 and Nijssen & Winands 2011-2013",
        params,
        run,
        work: Work::Items(Split::of::<Blocks>()),
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
        "games={} budget={budget} matches={:?} openings={:?} claim_games={} other_games={} block={} opening_plies={} max_plies={:?} mcts_cutoff={:?} card_worlds={:?} seed={} verdicts={} sequential=GSPRT(alpha={SPRT_ALPHA},beta={SPRT_BETA},effect={EFFECT},margin={MARGIN},min_groups={MIN_GROUPS}) alpha={ALPHA} rating_bootstrap={}{}",
        if p.games == StrengthGame::DEFAULT {
            "all".to_string()
        } else {
            p.games.iter().map(|g| g.label()).collect::<Vec<_>>().join(",")
        },
        p.matches,
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
        added_params(&p),
    )
}

/// What the parameters name since the committed runs were made (the free-for-all chess
/// and the Table 12 match): ` chess=chess4(cap=3000,end=ffa) table12=NODES`, appended to
/// their text, so a stored result or a kept block of an earlier plan is never taken for
/// this one's.
pub fn added_params(plan: &Plan) -> String {
    format!(
        " chess={} table12={}x{}",
        StrengthGame::Chess4.spec(1),
        TABLE12_HANDS,
        plan.table12_nodes
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
    /// The engines, first engine first (two, or four in a free-for-all).
    pub engines: Vec<Engine>,
    /// What happened.
    pub outcome: MatchOutcome,
    /// The most groups the match could play.
    pub cap_groups: usize,
    /// The sequential test of the match's claim (`None` without one).
    pub sequential: Option<SequentialRun>,
}

impl MatchResult {
    /// The first engine.
    pub fn first(&self) -> &Engine {
        &self.engines[0]
    }

    /// The engines' names, joined with ` vs `.
    pub fn title(&self) -> String {
        self.engines
            .iter()
            .map(Engine::name)
            .collect::<Vec<_>>()
            .join(" vs ")
    }

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

    /// Engine `e`'s win rate (the papers' metric: the share of the wins that went to its
    /// seats, ties shared) with its Wilson interval, and the number of games.
    pub fn win_rate_of(&self, e: usize) -> Option<(f64, [f64; 2], usize)> {
        let MatchOutcome::Played(r) = &self.outcome else {
            return None;
        };
        // Every engine of a match sits in every game: its summary's wins are over them all.
        let n = r.results.len();
        let wins = r.engines.get(e)?.wins;
        (n > 0).then(|| (wins / n as f64, wilson(wins, n as f64), n))
    }

    /// The first engine's win rate ([`MatchResult::win_rate_of`] engine 0).
    pub fn win_rate(&self) -> Option<(f64, [f64; 2], usize)> {
        self.win_rate_of(0)
    }

    /// The win rate an engine has when all are even: `1 / engines`.
    pub fn even(&self) -> f64 {
        1.0 / self.engines.len() as f64
    }
}

/// Everything the experiment played.
#[derive(Clone, Debug, PartialEq)]
pub struct Strength {
    /// The plan.
    pub plan: Plan,
    /// Every match of every game, in the plan's order of games and [`MATCHES`]' order
    /// (the matches a game does not play left out).
    pub matches: Vec<MatchResult>,
}

/// The engine of `entrant` on `game` under `plan`: the plan's budget, its table if it
/// keeps one, for MCTS its policy and on a board game the plan's playout cut-off, and on a
/// card game the plan's sampled worlds (for the searchers that take them: not best-reply
/// search). An engine with a table and worlds is refused by the tournament (the
/// Monte-Carlo player searches its sampled deals without a table): its card rows are
/// `n/a`.
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
    let mut policy = PolicyOptions::default();
    match entrant.mcts {
        MctsPolicy::MaxN => {}
        MctsPolicy::Paranoid => policy.backup = Some(Backup::Paranoid),
        MctsPolicy::BestReply => policy.backup = Some(Backup::Brs),
        MctsPolicy::Solver => policy.solver = Some(SolverRule::Standard),
        MctsPolicy::ProgressiveHistory => policy.history = Some(Milli(HISTORY_WEIGHT * 1000)),
    }
    if searcher == BRS_PLUS {
        // Esser et al.'s BRS+ predicts the other opponents by a move ordering: captures by
        // MVV-LVA, then killer and history moves learned in the search.
        policy.forced = Some(ForcedMoves::Ordered);
    }
    if searcher == MCTS && game.greedy_playouts() {
        policy.playout = Some(PlayoutOption::EpsilonGreedy(Milli(PLAYOUT_EPSILON_MILLI)));
    }
    Engine::new(searcher, plan.budget(game, entrant))
        .with_options(EngineOptions {
            cutoff,
            table,
            worlds,
            seed: None,
        })
        .with_policy(policy)
}

/// `entrant`'s engine in match `m` on `game` under `plan`: [`engine`], except in the Table 12
/// match ([`Setting::Table12`]), where it plays the perfect-information card game (no
/// sampled deals) at [`Plan::table12_nodes`] nodes per move.
pub fn match_engine(entrant: Entrant, game: StrengthGame, plan: &Plan, m: usize) -> Engine {
    let e = engine(entrant, game, plan);
    match MATCHES[m].setting {
        Setting::Calibrated => e,
        Setting::Table12 => Engine {
            budget: plan.match_budget(game, entrant, m),
            options: EngineOptions {
                worlds: None,
                ..e.options
            },
            ..e
        },
    }
}

/// The engines of match `m` on `game` under `plan` ([`match_engine`]).
fn match_engines(plan: &Plan, game: StrengthGame, m: usize) -> Vec<Engine> {
    MATCHES[m]
        .entrants
        .iter()
        .map(|&e| match_engine(e, game, plan, m))
        .collect()
}

/// The random plies of match `m`'s openings: the plan's, or none in Table 12's setting
/// (each hand is played from its deal, as the paper played it).
fn opening_plies(plan: &Plan, m: usize) -> usize {
    match MATCHES[m].setting {
        Setting::Calibrated => plan.opening_plies,
        Setting::Table12 => 0,
    }
}

/// Whether a claim judged on `game` rests on match `m` (its cap is then
/// [`Plan::claim_games`]).
pub fn claims_rest_on(game: StrengthGame, m: usize) -> bool {
    CLAIMS.iter().any(|c| c.judged_on(game) && c.rests_on(m))
}

/// The index in [`CLAIMS`] of the claim whose sequential test stops match `m` on `game`,
/// if one does (a claim on that one match, judged on `game`).
pub(crate) fn claim_of(game: StrengthGame, m: usize) -> Option<usize> {
    CLAIMS
        .iter()
        .position(|c| c.on == On::Match(m) && c.judged_on(game))
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
    let fits = |e: &Entrant| {
        !game.cards()
            || (e.searcher.needs() == Needs::AnyGame && !e.table && e.mcts != MctsPolicy::BestReply)
    };
    MATCHES[m].entrants.iter().all(fits)
}

/// The matches of `plan` on `game`, by index into [`MATCHES`].
pub fn matches_on(game: StrengthGame) -> impl Iterator<Item = usize> {
    (0..MATCHES.len()).filter(move |&m| MATCHES[m].on(game))
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
    (plan.games.contains(&game)
        && m < MATCHES.len()
        && MATCHES[m].on(game)
        && k < plan.blocks(game, m))
    .then_some((game, m, k))
}

/// Every item of `plan`, in order (game, match, block), with its estimated cost in seconds:
/// its games times the plies of a game times the calibrated time per move (`n/a` matches
/// cost nothing).
pub fn items(plan: &Plan) -> Vec<(String, f64)> {
    let per_move = match plan.budget {
        BudgetRule::Calibrated { divisor } => CALIBRATION_MS as f64 / 1000.0 / divisor as f64,
        BudgetRule::Fixed(MoveBudget::Time(ms) | MoveBudget::CpuTime(ms)) => ms as f64 / 1000.0,
        BudgetRule::Fixed(MoveBudget::Nodes(n)) => n as f64 / 200_000.0,
        // MCTS alone takes it (the command line refuses it for the experiment).
        BudgetRule::Fixed(MoveBudget::Iterations(n)) => n as f64 / 20_000.0,
        BudgetRule::Fixed(MoveBudget::Depth(d)) => 0.001 * f64::from(d * d),
    };
    let mut v = Vec::new();
    for &game in &plan.games {
        let plies = match plan.max_plies {
            Some(p) => (p + plan.opening_plies) as f64,
            None => game.typical_plies(),
        }
        .min(game.typical_plies());
        for m in plan.matches_on(game) {
            let cap = plan.cap_groups(game, m);
            let size = game.group_size(MATCHES[m].entrants.len());
            // Table 12's setting: about 5 million nodes a second.
            let per_move = match MATCHES[m].setting {
                Setting::Calibrated => per_move,
                Setting::Table12 => plan.table12_nodes as f64 / 5e6,
            };
            for k in 0..plan.blocks(game, m) {
                let openings = (cap - k * plan.block).min(plan.block);
                let cost = if playable(game, m) {
                    (openings * size) as f64 * plies * per_move + 0.01
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
/// the match's cap), the group's seat assignments of each ([`StrengthGame::group_seatings`]).
/// A card game's group `o` is deal `o + 1` (one opening); a board game's is the
/// tournament's opening `o`. The games are those a tournament of the match's cap plays
/// (the same seeds), so any split gives the same games.
pub fn play_block(plan: &Plan, game: StrengthGame, m: usize, k: usize) -> BlockResult {
    let engines = match_engines(plan, game, m);
    let cap = plan.cap_groups(game, m);
    let first = k * plan.block;
    let last = ((k + 1) * plan.block).min(cap);
    play_groups(
        plan,
        game,
        engines,
        cap,
        first..last,
        opening_plies(plan, m),
    )
}

/// The games of `groups` (each group the seat assignments of one opening, or one deal on
/// the cards) of the `engines` on `game`, from a tournament of `cap` groups under `plan`
/// (the same seeds whatever the split): [`play_block`]'s games, and [`calibrate`]'s.
fn play_groups(
    plan: &Plan,
    game: StrengthGame,
    engines: Vec<Engine>,
    cap: usize,
    groups: std::ops::Range<usize>,
    opening_plies: usize,
) -> BlockResult {
    let (first, last) = (groups.start, groups.end);
    let chosen = game.group_seatings(engines.len());
    let total = seatings(engines.len(), game.players()).len();
    let config = TournamentConfig {
        engines,
        openings: if game.cards() { 1 } else { cap },
        opening_plies,
        seed: plan.seed,
        max_plies: plan.max_plies,
        progress: false,
        threads: plan.threads,
        bootstrap: 0,
    };
    let mut games = Vec::new();
    let runs: Vec<(usize, Vec<usize>)> = if game.cards() {
        (first..last).map(|o| (o + 1, chosen.clone())).collect()
    } else {
        let which = (first..last)
            .flat_map(|o| chosen.iter().map(move |&s| o * total + s))
            .collect();
        vec![(0, which)]
    };
    for (deal, which) in runs {
        let visited =
            gametree_run::tournament_job::play_games_on(&game.spec(deal), &config, Some(&which));
        let played = match visited {
            Ok(Ok(r)) => r,
            Ok(Err(TournamentError::Engine(EngineError::NeedsSetToMove { algorithm, .. }))) => {
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

/// Match `m` on `game` from its blocks' results in order (all of them, or those played
/// before its sequential test stopped it): the games up to the group where the test
/// stopped (so every split of the blocks gives the same match), summarised.
pub fn assemble_match(
    plan: &Plan,
    game: StrengthGame,
    m: usize,
    blocks: &[BlockResult],
) -> MatchResult {
    let engines = match_engines(plan, game, m);
    let cap_groups = plan.cap_groups(game, m);
    let size = game.group_size(engines.len());
    let mut games = Vec::new();
    for r in blocks {
        match r {
            BlockResult::Played(g) => games.extend(g.iter().cloned()),
            BlockResult::NotApplicable(why) => {
                return MatchResult {
                    game,
                    index: m,
                    engines,
                    outcome: MatchOutcome::NotApplicable(why.clone()),
                    cap_groups,
                    sequential: None,
                }
            }
        }
    }
    let sequential = claim_of(game, m).map(|c| {
        let run = sequential(CLAIMS[c].claim, &group_win_rates(&games));
        games.truncate(run.groups * size);
        run
    });
    let config = TournamentConfig {
        engines: engines.clone(),
        openings: games.len() / size,
        opening_plies: opening_plies(plan, m),
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
        engines,
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
    claim_of(game, m)
        .is_some_and(|c| sequential(CLAIMS[c].claim, &group_win_rates(&games)).stopped())
}

/// Plays every match of `plan`, block after block, each until its sequential test stops it
/// or its cap ([`strength_kept`] keeping nothing).
pub fn strength(plan: &Plan, progress: bool) -> Strength {
    strength_kept(plan, None, progress)
}

/// Plays every match of `plan`, one after another, each block after block ([`play_block`]) until its sequential test stops it or its cap;
/// the blocks after a stop are never played (the match is judged up to the group where
/// its test stopped, so they could not change a row). The rows equal [`assemble`] of every
/// block's result (a sharded run's), and do not depend on the threads.
///
/// With `kept`, each finished block is written under it, in a directory named by a digest of
/// what a block's games depend on ([`play_params`]: not the tests, the matches chosen or
/// the threads), as `<item key>.json`, atomically; a block found there is read instead of
/// played, so a run stopped part-way continues where it stopped, even with another stopping
/// rule (`reproduce --out DIR` keeps them under `DIR/beyond/strength-items/`). A block that
/// cannot be written is played all the same, with a warning.
pub fn strength_kept(plan: &Plan, kept: Option<&Path>, progress: bool) -> Strength {
    let kept = kept.map(|d| d.join(crate::io::digest(&play_params(plan))));
    let kept = kept.as_deref();
    let list: Vec<(StrengthGame, usize)> = plan
        .games
        .iter()
        .flat_map(|&g| plan.matches_on(g).map(move |m| (g, m)))
        .collect();
    let total: usize = list.iter().map(|&(g, m)| plan.blocks(g, m)).sum();
    // The blocks of a match its stopping rule stopped count as done.
    let bar = gametree_run::runner::counting_bar("strength blocks", total, progress);
    if let Some(dir) = kept {
        if let Err(e) = std::fs::create_dir_all(dir) {
            crate::io::note(format_args!(
                "warning: {}: {e}; the finished blocks are not kept",
                dir.display()
            ));
        }
    }
    // One match after another: the games of a block run at the same time on the plan's
    // threads (a tournament's pool); matches at the same time would nest pools.
    let matches: Vec<MatchResult> = list
        .iter()
        .map(|&(game, m)| {
            let clock = std::time::Instant::now();
            let mut blocks = Vec::new();
            let all = plan.blocks(game, m);
            for k in 0..all {
                blocks.push(kept_block(plan, kept, game, m, k));
                bar.inc(1);
                if match_done(game, m, &blocks) {
                    break;
                }
            }
            bar.inc((all - blocks.len()) as u64);
            let r = assemble_match(plan, game, m, &blocks);
            if progress {
                if let (MatchOutcome::Played(t), Some((w, ci, n))) = (&r.outcome, r.win_rate()) {
                    crate::io::note(format_args!(
                        "strength {}: {}: win rate of the first {w:.3} [{:.3}, {:.3}] over {n} games ({} adjudicated) in {:.1} s",
                        game.label(),
                        r.title(),
                        ci[0],
                        ci[1],
                        t.adjudicated,
                        clock.elapsed().as_secs_f64()
                    ));
                }
            }
            r
        })
        .collect();
    bar.finish_and_clear();
    gametree_run::runner::bars().remove(&bar);
    Strength {
        plan: plan.clone(),
        matches,
    }
}

/// What the games of a block of `plan` depend on, as text: the budgets (with the
/// calibration table), the openings and caps, the block size, the opening plies, the
/// adjudication, the MCTS cut-off, the sampled deals and the seed.
pub fn play_params(plan: &Plan) -> String {
    format!(
        "budget={:?} nodes={CALIBRATED_NODES:?} openings={:?} claim_games={} other_games={} block={} opening_plies={} max_plies={:?} mcts_cutoff={:?} card_worlds={:?} seed={}",
        plan.budget,
        plan.openings,
        plan.claim_games,
        plan.other_games,
        plan.block,
        plan.opening_plies,
        plan.max_plies,
        plan.mcts_cutoff,
        plan.card_worlds,
        plan.seed
    ) + &added_params(plan)
}

/// Block `k` of match `m` on `game`: read from `kept` if a run wrote it there, else played
/// and written there.
fn kept_block(
    plan: &Plan,
    kept: Option<&Path>,
    game: StrengthGame,
    m: usize,
    k: usize,
) -> BlockResult {
    let file = kept.map(|d| d.join(format!("{}.json", item_key(game, m, k).replace(' ', "-"))));
    if let Some(f) = &file {
        let found = std::fs::read_to_string(f)
            .ok()
            .and_then(|t| serde_json::from_str::<BlockResult>(&t).ok());
        if let Some(r) = found {
            return r;
        }
    }
    let r = play_block(plan, game, m, k);
    if let Some(f) = &file {
        let written = serde_json::to_vec(&r)
            .map_err(std::io::Error::other)
            .and_then(|bytes| crate::io::write_atomic(f, &bytes));
        if let Err(e) = written {
            crate::io::note(format_args!(
                "warning: {}: {e}; the block is not kept",
                f.display()
            ));
        }
    }
    r
}

/// The experiment from every item's result, in [`items`]' order (the merge of a sharded
/// run): `None` when they do not fit the plan.
pub fn assemble(plan: &Plan, results: &[BlockResult]) -> Option<Strength> {
    let mut it = results.iter();
    let mut matches = Vec::new();
    for &game in &plan.games {
        for m in plan.matches_on(game) {
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
    calibrate_on(game, entrant, ms, Clock::Wall, openings, plies)
}

/// [`calibrate`] with the `ms` per move measured on `clock`: [`Clock::ThreadCpu`] counts
/// only the processor time of the searching thread, so a calibration on a shared machine
/// measures about what it would on an idle one.
pub fn calibrate_on(
    game: StrengthGame,
    entrant: Entrant,
    ms: u64,
    clock: Clock,
    openings: usize,
    plies: usize,
) -> f64 {
    let mut plan = plan(&Ctx::mode(false));
    plan.budget = BudgetRule::Fixed(match clock {
        Clock::Wall => MoveBudget::Time(ms),
        Clock::ThreadCpu => MoveBudget::CpuTime(ms),
    });
    plan.threads = Some(1);
    plan.max_plies = Some(plies);
    plan.openings = Some(openings);
    let e = engine(entrant, game, &plan);
    let (mut nodes, mut moves) = (0u64, 0u64);
    // An engine that cannot play the game (BRS on the cards) has no calibration: 0.
    let played = play_groups(
        &plan,
        game,
        vec![e, e],
        openings,
        0..openings,
        plan.opening_plies,
    );
    if let BlockResult::Played(games) = played {
        for g in games {
            nodes += g.nodes.iter().sum::<u64>();
            moves += g.moves.iter().sum::<u64>();
        }
    }
    nodes as f64 / moves.max(1) as f64
}

fn budget_text(b: MoveBudget) -> String {
    match b {
        MoveBudget::Depth(d) => format!("depth {d}"),
        MoveBudget::Nodes(n) => format!("{n} nodes per move"),
        MoveBudget::Iterations(n) => format!("{n} MCTS iterations per move"),
        MoveBudget::Time(t) => {
            format!("{t} ms of wall-clock time per move (time budgets vary from run to run and machine to machine)")
        }
        MoveBudget::CpuTime(t) => {
            format!("{t} ms of the searching thread's processor time per move, not wall-clock time (time budgets vary from run to run and machine to machine)")
        }
    }
}

/// The budget of a match in words: every engine's node budget and what they stand for.
fn match_budget_text(plan: &Plan, m: &MatchResult) -> String {
    if MATCHES[m.index].setting == Setting::Table12 {
        return format!(
            "{} nodes per move for both, Sturtevant 2003's Table 12 setting (perfect information, every hand visible; the paper's {TABLE12_NODES})",
            plan.table12_nodes
        );
    }
    match plan.budget {
        BudgetRule::Calibrated { divisor } => format!(
            "{} nodes per move, calibrated to {CALIBRATION_MS} ms{} on the calibration machine",
            m.engines
                .iter()
                .map(|e| budget_nodes(e.budget))
                .collect::<Vec<_>>()
                .join(" and "),
            if divisor > 1 {
                format!(" / {divisor}")
            } else {
                String::new()
            }
        ),
        BudgetRule::Fixed(b) => budget_text(b),
    }
}

fn budget_nodes(b: MoveBudget) -> String {
    match b {
        MoveBudget::Nodes(n) => n.to_string(),
        other => budget_text(other),
    }
}

/// A claim's test on one game, before Holm's adjustment.
struct Pending {
    quantity: String,
    spec: ClaimSpec,
    /// The match (index into [`Strength::matches`]) the row is about.
    m: usize,
    /// For "improves", the second match; for "wins most", the strongest rival's engine.
    other: Other,
    p: f64,
    agrees: bool,
    test: String,
    /// The values tested (group win rates, or paired differences).
    xs: Vec<f64>,
    /// The set of the row (each set its own Holm family).
    set: ClaimSet,
    /// The per-group results the test was computed from.
    per_group: Vec<MatchGroups>,
    /// The games the test rests on (for "improves", those of the paired openings in both
    /// matches).
    games: u64,
    /// The games per tested value (for "improves", both matches' games of one opening).
    games_per_group: u64,
}

/// What a claim's row compares the first engine with.
enum Other {
    /// The second engine of the same match.
    Second,
    /// The first engine of another match (index into [`Strength::matches`]).
    Match(usize),
    /// Another engine of the same free-for-all.
    Rival(usize),
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
            .find(|m| m.game == game && MATCHES[m.index].entrants == [a, b])
    }

    /// The position in [`Strength::matches`] of match `m` on `game`.
    fn position(&self, game: StrengthGame, m: usize) -> Option<usize> {
        self.matches
            .iter()
            .position(|r| r.game == game && r.index == m)
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
        let line = format!("{}: {}", m.game.label(), m.title());
        let quantity = if m.engines.len() == 2 {
            "win rate of the first (0.5 even)".to_string()
        } else {
            format!(
                "win share of the first at a table of {} ({:.2} even)",
                m.engines.len(),
                m.even()
            )
        };
        let size = m.game.group_size(m.engines.len());
        match (&m.outcome, m.win_rate()) {
            (MatchOutcome::Played(r), Some((w, ci, n))) => {
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
                let head = if m.engines.len() == 2 {
                    format!(
                        "pairwise score {:.3} ({})",
                        m.score().unwrap_or(f64::NAN),
                        pair_text(r)
                    )
                } else {
                    let shares: Vec<String> = (0..m.engines.len())
                        .filter_map(|e| {
                            m.win_rate_of(e).map(|(w, ci, _)| {
                                format!(
                                    "{} {w:.3} [{:.3}, {:.3}]",
                                    m.engines[e].name(),
                                    ci[0],
                                    ci[1]
                                )
                            })
                        })
                        .collect();
                    format!("win shares {}", shares.join(", "))
                };
                let lengths = game_lengths(&r.results);
                Row::builder(PAPER, TABLE, line, quantity)
                    .ours(w)
                    .sample(ci, n as u64)
                    .algorithm(m.first().algorithm.name())
                    .note(format!(
                        "{} games in {} groups of {size} (one opening, {}), {} finished{}, {} adjudicated at the ply cap ({:.1}%){stop}; {} of {} games reached the ply cap ({:.1}%), median length {:.1} plies after the opening ({} to {}); 95% Wilson interval over games; {head}; {}; {}",
                        r.games,
                        r.games / size,
                        if size == seatings(m.engines.len(), m.game.players()).len() {
                            "every seat assignment"
                        } else {
                            "the seat assignments with three seats each"
                        },
                        r.finished,
                        if r.claimed > 0 {
                            format!(" ({} by the claim rule)", r.claimed)
                        } else {
                            String::new()
                        },
                        r.adjudicated,
                        100.0 * r.adjudicated as f64 / r.games.max(1) as f64,
                        lengths.capped,
                        lengths.games,
                        100.0 * lengths.capped_share,
                        lengths.median_plies,
                        lengths.min_plies,
                        lengths.max_plies,
                        nodes.join(", "),
                        match_budget_text(&self.plan, m),
                    ))
                    .lengths(lengths)
                    .build()
            }
            _ => {
                let why = match &m.outcome {
                    MatchOutcome::NotApplicable(w) => w.clone(),
                    MatchOutcome::Played(_) => "no games".into(),
                };
                Row::builder(PAPER, TABLE, line, quantity)
                    .ours(Number::Real(f64::NAN))
                    .algorithm(m.first().algorithm.name())
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
        // The ratings are of the experiment's setting: the Table 12 match plays another game
        // (perfect information) at another budget.
        for m in self
            .matches
            .iter()
            .filter(|m| m.game == game && MATCHES[m.index].setting == Setting::Calibrated)
        {
            let MatchOutcome::Played(r) = &m.outcome else {
                continue;
            };
            let ids: Vec<usize> = MATCHES[m.index]
                .entrants
                .iter()
                .map(|e| ENTRANTS.iter().position(|x| x == e).unwrap_or(0))
                .collect();
            for (e, &i) in ids.iter().enumerate() {
                names[i] = m.engines[e].name();
            }
            for g in &r.results {
                seats.push(g.seats.iter().map(|&e| ids[e]).collect());
                scores.push(&g.scores);
                for &i in &ids {
                    games[i] += 1;
                }
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
        let (ratings, resamples) = rate_resampled(
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
                .resamples(resamples.iter().map(|r| r[i]).collect())
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

    /// The test of `spec` on `game`, or why it has none (`Err`: the `n/a` reason, with the
    /// match the row names).
    fn pending(
        &self,
        spec: ClaimSpec,
        game: StrengthGame,
        set: ClaimSet,
    ) -> Option<Result<Pending, (usize, String)>> {
        let played = |i: usize| match &self.matches[i].outcome {
            MatchOutcome::Played(r) if !r.results.is_empty() => Ok(&r.results),
            MatchOutcome::NotApplicable(w) => Err((i, format!("n/a: {w}"))),
            MatchOutcome::Played(_) => Err((i, "n/a: no games".into())),
        };
        let quantity = claim_quantity(&spec, game);
        let names = |i: usize| -> Vec<String> {
            self.matches[i].engines.iter().map(Engine::name).collect()
        };
        let size_of = |i: usize| {
            let m = &self.matches[i];
            m.game.group_size(m.engines.len()) as u64
        };
        let pending =
            |m: usize, other, t: GroupTest, per_group: Vec<MatchGroups>, games, per| Pending {
                quantity: quantity.clone(),
                spec,
                m,
                other,
                p: t.p,
                agrees: t.agrees,
                test: t.test,
                xs: t.xs,
                set,
                per_group,
                games,
                games_per_group: per,
            };
        let groups_of = |i: usize, r: &[GameResult]| MatchGroups {
            engines: names(i),
            groups: group_wins(r, self.matches[i].engines.len()),
        };
        Some(match spec.on {
            On::Match(i) => {
                let m = self.position(game, i)?;
                played(m).and_then(|r| {
                    let g = vec![groups_of(m, r)];
                    let t = test_groups(spec.claim, &g).ok_or((m, "n/a: no groups".into()))?;
                    Ok(pending(m, Other::Second, t, g, r.len() as u64, size_of(m)))
                })
            }
            On::Pair(i, j) => {
                let (a, b) = (self.position(game, i)?, self.position(game, j)?);
                played(a).and_then(|ra| {
                    played(b).and_then(|rb| {
                        let g = vec![groups_of(a, ra), groups_of(b, rb)];
                        let t = test_groups(spec.claim, &g).ok_or((a, "n/a: no groups".into()))?;
                        // The games of the openings both matches played.
                        let paired = |x: &MatchGroups, y: &MatchGroups| -> u64 {
                            x.groups
                                .iter()
                                .filter(|gx| y.groups.iter().any(|gy| gy.opening == gx.opening))
                                .map(|gx| gx.games)
                                .sum()
                        };
                        let games = paired(&g[0], &g[1]) + paired(&g[1], &g[0]);
                        let per = size_of(a) + size_of(b);
                        Ok(pending(a, Other::Match(b), t, g, games, per))
                    })
                })
            }
            On::FreeForAll(i) => {
                let m = self.position(game, i)?;
                played(m).and_then(|r| {
                    let g = vec![groups_of(m, r)];
                    let t = test_groups(spec.claim, &g).ok_or((m, "n/a: no groups".into()))?;
                    let e = t.rival.unwrap_or(1);
                    Ok(pending(
                        m,
                        Other::Rival(e),
                        t,
                        g,
                        r.len() as u64,
                        size_of(m),
                    ))
                })
            }
        })
    }

    /// One row per claim and game: the claim's test, Holm-adjusted within its set (the
    /// confirmatory rows over the confirmatory family, the exploratory rows over theirs);
    /// the confirmatory rows first.
    fn claim_rows(&self) -> Vec<Row> {
        let mut sets: [Vec<Pending>; 2] = [Vec::new(), Vec::new()];
        let mut rows_na = Vec::new();
        for spec in CLAIMS {
            for game in spec.judged_games() {
                let Some(set) = spec.set_on(game) else {
                    continue;
                };
                match self.pending(spec, game, set) {
                    None => {}
                    Some(Ok(p)) => sets[set_index(set)].push(p),
                    Some(Err((m, why))) => rows_na.push(
                        Row::builder(PAPER, TABLE, "claim", claim_quantity(&spec, game))
                            .ours(Number::Real(f64::NAN))
                            .algorithm(self.matches[m].first().name())
                            .note(why)
                            .build(),
                    ),
                }
            }
        }
        let mut rows = Vec::new();
        for family in sets {
            let holm_ps = holm(&family.iter().map(|c| c.p).collect::<Vec<_>>());
            let n = family.len() as u64;
            rows.extend(
                family
                    .into_iter()
                    .zip(holm_ps)
                    .map(|(c, hp)| self.claim_row(c, hp, n)),
            );
        }
        rows.extend(rows_na);
        rows
    }

    fn claim_row(&self, c: Pending, holm_p: f64, family: u64) -> Row {
        let m = &self.matches[c.m];
        let MatchOutcome::Played(r) = &m.outcome else {
            unreachable!("a pending claim's match was played")
        };
        let game = m.game;
        let (w, ci, _) = m.win_rate().unwrap_or((f64::NAN, [0.0, 1.0], 0));
        let n = c.games;
        let groups = c.xs.len();
        let seq = m
            .sequential
            .clone()
            .unwrap_or_else(|| sequential(c.spec.claim, &c.xs));
        let decision = decision(
            self.plan.verdicts,
            groups,
            holm_p,
            c.agrees,
            seq.stop == Some(Stop::Futile),
        );
        let verdict = match decision {
            "agrees" => Verdict::Within,
            "disagrees" => Verdict::Differs,
            _ => Verdict::TooFew,
        };
        let size = game.group_size(m.engines.len());
        let games_needed = (decision == "inconclusive")
            .then(|| games_needed(c.spec.claim, &c.xs, family, c.games_per_group))
            .flatten();
        let alpha_star = adjusted_level(c.p, holm_p, family);
        // A free-for-all refuted by one rival was tested at its p-value times the rivals
        // (Bonferroni): that rival's interval is at the level divided alike.
        let alpha_star = if c.spec.claim == Claim::WinsMost && !c.agrees {
            alpha_star / (m.engines.len().max(2) - 1) as f64
        } else {
            alpha_star
        };
        let (interval, level, interval_of) =
            claim_interval(c.spec.claim, &c.xs, alpha_star, holm_p < ALPHA, c.agrees);
        let (other_name, other_rate) = match c.other {
            Other::Second => (
                m.engines[1].name(),
                m.win_rate_of(1).unwrap_or((f64::NAN, [0.0, 1.0], 0)),
            ),
            Other::Match(j) => {
                let o = &self.matches[j];
                (
                    format!("{} (against {})", o.first().name(), o.engines[1].name()),
                    o.win_rate().unwrap_or((f64::NAN, [0.0, 1.0], 0)),
                )
            }
            Other::Rival(e) => (
                m.engines[e].name(),
                m.win_rate_of(e).unwrap_or((f64::NAN, [0.0, 1.0], 0)),
            ),
        };
        let ours_conditions = Conditions {
            paper: Some("gametree".into()),
            game: Some(game.spec(1)),
            players: Some(game.players().to_string()),
            board: None,
            time_per_move: Some(match_budget_text(&self.plan, m)),
            games: Some(if c.per_group.len() == 2 {
                format!(
                    "{n} in the {groups} openings both matches played ({} games each)",
                    c.games_per_group / 2
                )
            } else {
                format!("{} ({} groups of {size})", r.games, r.games / size)
            }),
            metric: Some(
                "win rate of the engine type over the seat assignments, ties shared".into(),
            ),
            rules: game.rules().map(str::to_string),
            ..Conditions::default()
        };
        let paper_conditions = paper_conditions(c.spec.paper, &c.spec.conditions);
        let [lo, hi] = seq.tests.first().map_or([0.0, 0.0], |t| t.bounds());
        let test = ClaimTest {
            kind: c.spec.claim.word().into(),
            games: n,
            groups: groups as u64,
            group_size: c.games_per_group,
            win_rates: [
                WinRate {
                    engine: m.first().name(),
                    rate: w,
                    wilson: ci,
                },
                WinRate {
                    engine: other_name.clone(),
                    rate: other_rate.0,
                    wilson: other_rate.1,
                },
            ],
            pairwise_score: m.score().unwrap_or(f64::NAN),
            margin: match c.spec.claim {
                Claim::AtLeastAsGood | Claim::AboutEqual => MARGIN,
                _ => 0.0,
            },
            test: c.test.clone(),
            in_family: c.set == ClaimSet::Confirmatory,
            set: Some(c.set),
            p_value: c.p,
            holm_p_value: holm_p,
            family,
            alpha: ALPHA,
            sequential: Sequential {
                test: if !c.spec.claim.stops() {
                    "none: the match runs to its cap (a claim on several matches or engines)".into()
                } else {
                    format!(
                        "from {MIN_GROUPS} groups on, after every group: decisive when the claim's test gives p below {:.3e} ({SEQUENTIAL_ALPHA} over {} claims x {SEQUENTIAL_LOOKS} looks; for the sign-flip test, Hoeffding's bound on its p-value){}",
                        decisive_p(),
                        family_size(),
                        if seq.tests.is_empty() {
                            String::new()
                        } else {
                            format!("; futile when both GSPRTs on the group win rates (normal model, the sample's variance floored at {VAR_FLOOR}; the paper's effect and the same effect against the claim) accept their H0 at that group: {ABSENT} unless the final test is significant")
                        }
                    )
                },
                tests: seq.tests.clone(),
                llr: seq.llr.clone(),
                bounds: [lo, hi],
                state: seq.state().into(),
                groups: seq.groups as u64,
                cap_groups: m.cap_groups as u64,
            },
            decision: decision.into(),
            games_needed,
            interval: Some(interval),
            interval_level: Some(level),
            interval_of: Some(interval_of.clone()),
            per_group: c.per_group.clone(),
            paper_conditions,
            our_conditions: ours_conditions,
        };
        let futility = futility_text(&test.sequential);
        let summary = format!(
            "{} win rate {w:.3} (95% Wilson over games [{:.3}, {:.3}]) against {other_name} {:.3}; tested over {n} games ({groups} {}); {}: p = {:.4}, Holm p = {holm_p:.4} over the {family} claims of the {} set; {interval_of} {:.3} [{:.3}, {:.3}] at {:.4}% (the Holm-adjusted level)",
            m.first().name(),
            ci[0],
            ci[1],
            other_rate.0,
            if c.per_group.len() == 2 { "paired openings" } else { "groups" },
            c.test,
            c.p,
            c.set.word(),
            summarize(&c.xs).mean,
            interval[0],
            interval[1],
            100.0 * level,
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
            ABSENT => "; absent at this budget: the futility tests ruled out an effect of the paper's size either way".into(),
            d => format!("; {d} at the level {ALPHA}"),
        };
        // An exploratory row has no paper value to count against: its verdict is
        // `measured`, so the headline (the summary's columns, the last line) counts only the
        // confirmatory set; its decision is in its note and JSON.
        let builder = Row::builder(PAPER, TABLE, "claim", c.quantity);
        let (builder, set_text) = match c.set {
            ClaimSet::Confirmatory => (builder.paper(1u64), String::new()),
            ClaimSet::Exploratory => (
                builder,
                format!(
                    "exploratory, not counted in the headline ({}); ",
                    c.spec.why_on(game)
                ),
            ),
        };
        builder
            .ours(u64::from(decision == "agrees"))
            .verdict(verdict)
            .sample(interval, n)
            .algorithm(m.first().name())
            .reason(format!("{summary}, against the claim"))
            .note(format!(
                "{set_text}1 = the claim holds; the interval is of {interval_of} at the row's Holm-adjusted level; {summary}{why}; sequential test {} after {} of at most {} groups{futility}; the paper's conditions: {}",
                seq.state(),
                seq.groups,
                m.cap_groups,
                conditions_text(&c.spec.conditions),
            ))
            .claim(test)
            .build()
    }
}

/// The lengths of `games`: how many the rules' ply cap (or the run's ply limit) ended, and
/// the distribution of their plies after the opening.
pub fn game_lengths(games: &[GameResult]) -> GameLengths {
    let mut plies: Vec<u64> = games.iter().map(|g| g.plies as u64).collect();
    plies.sort_unstable();
    let n = plies.len();
    let median = match n {
        0 => f64::NAN,
        _ if n % 2 == 1 => plies[n / 2] as f64,
        _ => (plies[n / 2 - 1] + plies[n / 2]) as f64 / 2.0,
    };
    let capped = games
        .iter()
        .filter(|g| matches!(g.ending, Ending::GameCap | Ending::MaxPlies))
        .count() as u64;
    GameLengths {
        games: n as u64,
        capped,
        capped_share: capped as f64 / n.max(1) as f64,
        min_plies: plies.first().copied().unwrap_or(0),
        median_plies: median,
        max_plies: plies.last().copied().unwrap_or(0),
    }
}

/// A claim row's quantity: the claim, the game and the paper, and for an exploratory row
/// the label `[exploratory: why]`.
pub(crate) fn claim_quantity(spec: &ClaimSpec, game: StrengthGame) -> String {
    let base = claim_base(spec, game);
    match spec.set_on(game) {
        Some(ClaimSet::Exploratory) => format!("{base} [exploratory: {}]", spec.why_on(game)),
        _ => base,
    }
}

/// A claim row's quantity without its set's label: the claim, the game and the paper (how
/// rows of runs before the sets name it too).
fn claim_base(spec: &ClaimSpec, game: StrengthGame) -> String {
    format!("{} in {} ({})", spec.text, game.label(), spec.paper.short)
}

/// The position of `set` in [`ClaimSet::ALL`].
fn set_index(set: ClaimSet) -> usize {
    match set {
        ClaimSet::Confirmatory => 0,
        ClaimSet::Exploratory => 1,
    }
}

/// The set of a claim row by its quantity, from the claim definitions ([`CLAIMS`]), not from
/// the row: a row of a run made before the sets existed (its quantity the claim, the game
/// and the paper, a generalisation labelled after them) gets the set its claim and game
/// have now. `None`: no claim of [`CLAIMS`] on a game has that quantity.
pub fn set_of_quantity(quantity: &str) -> Option<ClaimSet> {
    claim_of_quantity(quantity).and_then(|(spec, game)| spec.set_on(game))
}

/// The claim and game of a claim row by its quantity (the claim, the game and the paper,
/// with or without its set's label), from the claim definitions ([`CLAIMS`]); `None` when
/// no claim of [`CLAIMS`] on a game has that quantity.
pub fn claim_of_quantity(quantity: &str) -> Option<(&'static ClaimSpec, StrengthGame)> {
    CLAIMS.iter().find_map(|spec| {
        spec.judged_games()
            .find(|&game| {
                let base = claim_base(spec, game);
                quantity == base
                    || quantity
                        .strip_prefix(base.as_str())
                        .is_some_and(|rest| rest.starts_with(" ["))
            })
            .map(|game| (spec, game))
    })
}

/// The set of claim row `r`: the one it stores, or for a row of a run before the sets, the
/// one its claim has now ([`set_of_quantity`]; exploratory when no claim has its quantity).
pub fn row_set(r: &Row) -> ClaimSet {
    r.claim
        .as_deref()
        .and_then(|c| c.set)
        .or_else(|| set_of_quantity(&r.quantity))
        .unwrap_or(ClaimSet::Exploratory)
}

/// What the futility tests of a claim row said where its match stopped (`; GSPRT H0 0.5
/// vs H1 0.55 accepted H1 (llr 3.10, bounds ±2.94)` ...; empty without tests), derived from
/// the stored log-likelihood ratios and bounds, so a row of an earlier run reads too.
pub(crate) fn futility_text(s: &Sequential) -> String {
    let [lo, hi] = s.bounds;
    s.tests
        .iter()
        .zip(&s.llr)
        .map(|(t, &l)| {
            let state = if l >= hi {
                "accepted H1"
            } else if l <= lo {
                "accepted H0"
            } else {
                "undecided"
            };
            format!(
                "; GSPRT H0 {} vs H1 {} {state} (llr {l:.2}, bounds {lo:.2} and {hi:.2})",
                t.h0, t.h1
            )
        })
        .collect()
}

/// A paper's conditions as a claim row's JSON carries them: the reference, every field in
/// words (`not stated ...` where the text we could reach is silent), the source read and the
/// place of every field the text states.
pub(crate) fn paper_conditions(paper: Paper, c: &PaperConditions) -> Conditions {
    let stated = |x: Option<Stated>| Some(x.map_or(NOT_STATED, |s| s.text).to_string());
    Conditions {
        paper: Some(paper.reference.into()),
        game: stated(c.game),
        players: stated(c.players),
        board: stated(c.board),
        time_per_move: stated(c.time_per_move),
        games: stated(c.games),
        metric: stated(c.metric),
        rules: stated(c.rules),
        source: Some(c.source.text()),
        where_stated: c
            .fields()
            .into_iter()
            .filter_map(|(name, s)| s.map(|s| (name.to_string(), s.place.to_string())))
            .collect(),
    }
}

/// A paper's conditions in one line, each stated field with its place in brackets, `not
/// stated ...` where the text we could reach is silent, then what was read.
pub(crate) fn conditions_text(c: &PaperConditions) -> String {
    let fields: Vec<String> = c
        .fields()
        .into_iter()
        .map(|(name, s)| {
            let name = name.replace('_', " ");
            match s {
                Some(s) => format!("{name} {} [{}]", s.text, s.place),
                None => format!("{name} {NOT_STATED}"),
            }
        })
        .collect();
    format!("{}; read: {}", fields.join("; "), c.source.text())
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

/// Where the second decisive run's rows are, from the repository's root: the claims' matches
/// at the same budget as [`DECISIVE_RESULTS`], judged by the tests chosen before it (sign-flip
/// permutation and mean tests on group means, the symmetric futility stop, the
/// confirmatory and exploratory sets), with per-group results and rating resamples stored,
/// and four-player chess by the free-for-all rules (docs/strength.md quotes its claims; a
/// test recomputes every claim from its groups).
pub const DECISIVE_2_RESULTS: &str = "results/strength-decisive-2/beyond/strength.json";

/// Where the committed run of every match (not only the claims') is, for the games it has
/// played so far, from the repository's root: the default engines are chosen from it where
/// it has the game, else from [`DECISIVE_RESULTS`] (docs/strength.md; a test checks the
/// registry's defaults against both).
pub const ALL_MATCHES_RESULTS: &str = "results/strength-all-matches/beyond/strength.json";

/// The budget ladder's rungs above [`DECISIVE_2_RESULTS`] that are budgeted in calibrated
/// processor time, as (label, `--out` directory from the repository's root), cheapest
/// first: the claims' matches at the calibrated 20 ms (`--budget calibrated/1`), played a
/// game at a time by `scripts/rungs`. The MCTS rung (`n10000`) gives every engine the same
/// nodes, not the same time, and is not one of them. `gametree_lab::ladder::read_rung` reads
/// such a directory as one rung: the assembled rung once `scripts/rungs` has ended, before
/// that its finished games (`by-game/`).
pub const LADDER_TIME_RUNGS: &[(&str, &str)] = &[("20ms", "results/ladder-20ms")];

/// The claim rows of `rows` as the markdown table docs/strength.md quotes, then the
/// headline ([`claims_headline`]): per claim and game, its set ([`row_set`]), the first
/// engine's win rate (the papers' metric), the interval of the tested mean at the row's
/// Holm-adjusted level (rows of runs before it was recorded say so), the games and groups
/// tested, the p-value, the Holm-adjusted p-value and the decision as the file stores them,
/// where the sequential rule stopped with what its futility tests said, and the Holm p-value
/// and decision re-judged within the row's set ([`recompute_claims`]: the same as stored for
/// a run made with the sets; for a run before them, what the sets change). Rows without a
/// claim test are left out.
pub fn claims_markdown(rows: &[Row]) -> String {
    let mut out = String::from(
        "| claim | set | win rate of the first | interval of the tested mean [level] | games (groups) | p | Holm p (stored) | sequential | decision (stored) | Holm p in its set | decision in its set |\n|---|---|---|---|---:|---:|---:|---|---|---:|---|\n",
    );
    let again = rejudged(rows);
    for r in rows {
        let Some(c) = &r.claim else {
            continue;
        };
        let interval = match (c.interval, c.interval_level) {
            (Some([lo, hi]), Some(level)) => format!("[{lo:.3}, {hi:.3}] at {:.4}%", 100.0 * level),
            _ => "not recorded (a run before the intervals)".into(),
        };
        let (holm_p, decided) = again
            .iter()
            .find(|a| a.quantity == r.quantity)
            .map_or((c.holm_p_value, c.decision.as_str()), |a| {
                (a.holm_p_value, a.decision.as_str())
            });
        out.push_str(&format!(
            "| {} | {} | {:.3} | {interval} | {} ({}) | {:.4} | {:.4} | {} after {} groups{} | {} | {holm_p:.4} | {decided} |\n",
            r.quantity,
            row_set(r).word(),
            c.win_rates[0].rate,
            c.games,
            c.groups,
            c.p_value,
            c.holm_p_value,
            c.sequential.state,
            c.sequential.groups,
            futility_text(&c.sequential),
            c.decision,
        ));
    }
    out.push('\n');
    out.push_str(&claims_headline(rows));
    out.push('\n');
    out
}

/// The claim rows of `rows` re-judged within their sets ([`recompute_claims`]), with
/// verdicts unless every row is `too-few` (a quick run).
fn rejudged(rows: &[Row]) -> Vec<Recomputed> {
    let verdicts = rows
        .iter()
        .filter_map(|r| r.claim.as_deref())
        .any(|c| c.decision != "too-few");
    recompute_claims(rows, verdicts)
}

/// The decisions of the claim rows of `rows`, re-judged within their sets
/// ([`recompute_claims`]; a row no claim definition names keeps its stored set and
/// decision): the confirmatory set's (the headline: the papers' claims in their setting)
/// and, apart, the exploratory set's, each set its own Holm family: `Confirmatory (20 claim
/// rows, their own Holm family): 14 agree, ... Exploratory, counted apart (19 claim rows,
/// their own Holm family): ...`.
pub fn claims_headline(rows: &[Row]) -> String {
    let again = rejudged(rows);
    let judged: Vec<(ClaimSet, &str)> = rows
        .iter()
        .filter(|r| r.claim.is_some())
        .map(|r| match again.iter().find(|a| a.quantity == r.quantity) {
            Some(a) => (a.set, a.decision.as_str()),
            None => (
                row_set(r),
                r.claim.as_deref().map_or("", |c| c.decision.as_str()),
            ),
        })
        .collect();
    let count = |set: ClaimSet| {
        let of: Vec<&str> = judged.iter().filter(|j| j.0 == set).map(|j| j.1).collect();
        let n = |d: &str| of.iter().filter(|&&x| x == d).count();
        format!(
            "({} claim rows, their own Holm family): {} agree, {} disagree, {} {ABSENT}, {} inconclusive, {} too few",
            of.len(),
            n("agrees"),
            n("disagrees"),
            n(ABSENT),
            n("inconclusive"),
            n("too-few")
        )
    };
    format!(
        "Confirmatory {}. Exploratory, counted apart {}.",
        count(ClaimSet::Confirmatory),
        count(ClaimSet::Exploratory)
    )
}

/// One claim row re-judged ([`recompute_claims`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Recomputed {
    /// The row's quantity.
    pub quantity: String,
    /// Its set, from the claim definitions.
    pub set: ClaimSet,
    /// The p-value.
    pub p_value: f64,
    /// The Holm-adjusted p-value within its set.
    pub holm_p_value: f64,
    /// The decision.
    pub decision: String,
}

/// Every claim row of `rows` re-judged: its set from the claim definitions
/// ([`set_of_quantity`], not from the row, so a run made before the sets is judged by them
/// too), its p-value recomputed from its stored per-group results ([`test_groups`]; a row of
/// a run before they were stored, such as the committed decisive run, keeps its stored
/// p-value), Holm's adjustment within each set, the sequential rule on the tested values
/// for a futility stop (the stored state for a row without groups), and the decision
/// ([`decision`]; `verdicts` false for quick mode). Rows whose quantity names no claim of
/// [`CLAIMS`] are left out.
pub fn recompute_claims(rows: &[Row], verdicts: bool) -> Vec<Recomputed> {
    let kind = |w: &str| {
        [
            Claim::Beats,
            Claim::AtLeastAsGood,
            Claim::AboutEqual,
            Claim::Improves,
            Claim::WinsMost,
        ]
        .into_iter()
        .find(|k| k.word() == w)
    };
    // Per row: its quantity, set, p-value, groups, whether the claim's side won, whether
    // the futility rule stopped it.
    let tested: Vec<(String, ClaimSet, f64, usize, bool, bool)> = rows
        .iter()
        .filter_map(|r| {
            let c = r.claim.as_deref()?;
            let set = set_of_quantity(&r.quantity)?;
            if c.per_group.is_empty() {
                // The side of the stored test: its decision when significant, else the
                // side of the first engine's win rate (what the test of its kind compares).
                let w = c.win_rates[0].rate;
                let agrees = match c.decision.as_str() {
                    "disagrees" => false,
                    "agrees" => true,
                    _ => match kind(&c.kind) {
                        Some(Claim::AtLeastAsGood) => w > 0.5 - MARGIN,
                        Some(Claim::AboutEqual) => (w - 0.5).abs() < MARGIN,
                        _ => w > c.win_rates[1].rate,
                    },
                };
                let futile = c.sequential.state == "futile";
                return Some((
                    r.quantity.clone(),
                    set,
                    c.p_value,
                    c.groups as usize,
                    agrees,
                    futile,
                ));
            }
            let k = kind(&c.kind)?;
            let t = test_groups(k, &c.per_group)?;
            let futile = sequential(k, &t.xs).stop == Some(Stop::Futile);
            Some((r.quantity.clone(), set, t.p, t.xs.len(), t.agrees, futile))
        })
        .collect();
    let mut adjusted: Vec<std::vec::IntoIter<f64>> = ClaimSet::ALL
        .iter()
        .map(|&set| {
            holm(
                &tested
                    .iter()
                    .filter(|t| t.1 == set)
                    .map(|t| t.2)
                    .collect::<Vec<_>>(),
            )
            .into_iter()
        })
        .collect();
    tested
        .into_iter()
        .map(|(quantity, set, p, groups, agrees, futile)| {
            let holm_p = adjusted[set_index(set)].next().unwrap_or(1.0);
            Recomputed {
                quantity,
                set,
                p_value: p,
                holm_p_value: holm_p,
                decision: decision(verdicts, groups, holm_p, agrees, futile).into(),
            }
        })
        .collect()
}
