//! The record of a published claim tested by the strength experiment (`beyond/strength`,
//! docs/strength.md): the games and groups it was judged on, the papers' metric (each
//! engine type's win rate, ties shared, with a Wilson interval), the pairwise score, the
//! test, its p-value and the Holm-adjusted p-value over the family of claims, the state of
//! the sequential test that stopped the match, the decision, and the paper's conditions
//! beside ours. A claim row of the report carries it ([`crate::report::Row::claim`]) and
//! its JSON holds every field.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use gametree_run::stats::Sprt;

/// The conditions of an experiment: the paper's (as far as the text the project could read
/// states them, each with its place, and what was read) or ours.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Conditions {
    /// The paper, by full reference, or `gametree` for ours.
    pub paper: Option<String>,
    /// The game and variant, e.g. `chinese-checkers(players=3,board=121)`.
    pub game: Option<String>,
    /// The numbers of players, e.g. `3` or `3, 4 and 6`.
    pub players: Option<String>,
    /// The board, e.g. `121 holes`.
    pub board: Option<String>,
    /// The budget per move, e.g. `1 s` or `4,200 nodes (20 ms on the calibration machine)`.
    pub time_per_move: Option<String>,
    /// The games played per match.
    pub games: Option<String>,
    /// The metric reported, e.g. `win rate of the engine type, ties shared`.
    pub metric: Option<String>,
    /// The rules the experiment states (how a game ends, how it is scored). Absent in runs
    /// before it was recorded, and in ours.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// What was read of the paper: `full text`, `excerpt` (with the parts read) or `abstract
    /// only`, and the copies read. Absent in runs before it was recorded, and in ours.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// Where the text states each field it states, by the field's name: a section, table or
    /// page (`"time_per_move": "section 5.4"`). A field the text does not state has none.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub where_stated: BTreeMap<String, String>,
}

/// One engine type's win rate in a match: the share of the games' wins that went to its
/// seats (a win shared by `k` tied seats counts `1/k` to each), with its 95% Wilson
/// interval over the games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WinRate {
    /// The engine's name.
    pub engine: String,
    /// The win rate (0.5 is even: every seat assignment and its complement are played).
    pub rate: f64,
    /// The 95% Wilson interval.
    pub wilson: [f64; 2],
}

/// The sequential test that decided when a claim's match stopped.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sequential {
    /// The test, in words.
    pub test: String,
    /// The futility tests' hypotheses and error rates (none for "about equal" and the claims
    /// on several matches).
    pub tests: Vec<Sprt>,
    /// The log-likelihood ratio of each futility test where the match stopped.
    pub llr: Vec<f64>,
    /// Wald's bounds on it, `[lower, upper]`.
    pub bounds: [f64; 2],
    /// `decisive` (the claim's test decided and the match stopped), `futile` (the
    /// futility tests ruled out an effect either way) or `cap` (the match reached its cap
    /// undecided).
    pub state: String,
    /// The groups played when it stopped.
    pub groups: u64,
    /// The most groups the match may play.
    pub cap_groups: u64,
}

use gametree_run::verdict::MatchGroups;

/// The test of one claim on one game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ClaimTest {
    /// The kind of claim: `beats`, `at-least-as-good` or `about-equal`.
    pub kind: String,
    /// The games judged.
    pub games: u64,
    /// The groups (openings; a card game's deals), each every seat assignment once: the
    /// unit of sampling.
    pub groups: u64,
    /// Games per group.
    pub group_size: u64,
    /// The papers' metric for the two engines compared, first engine first: the two
    /// engines of the match; for "improves", the first engines of the two matches
    /// (against their common opponent); for "wins most", the first engine and its
    /// strongest rival at the table.
    pub win_rates: [WinRate; 2],
    /// The first engine's pairwise score: its mean credit against the second, the share of
    /// seat pairs where it finished ahead, ties half.
    pub pairwise_score: f64,
    /// The margin of "about equal" and "at least as good", in win rate (0 for "beats").
    pub margin: f64,
    /// The test, in words.
    pub test: String,
    /// Whether the row is in the confirmatory set (its Holm family is the one the headline
    /// counts); `false`: an exploratory row (in runs before the sets, a generalisation
    /// reported with its unadjusted p-value).
    pub in_family: bool,
    /// The set the row is in, each with its own Holm family (`confirmatory`, the papers'
    /// claims in their setting; `exploratory`, labelled readings beyond them). Absent in
    /// runs before the sets: the claim definitions give it
    /// ([`crate::papers::strength::row_set`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set: Option<ClaimSet>,
    /// Its p-value.
    pub p_value: f64,
    /// Holm's adjustment of it over the family of its set (never below `p_value`; in runs
    /// before the sets, equal to it outside the family).
    pub holm_p_value: f64,
    /// The size of the family (the claims of its set).
    pub family: u64,
    /// The level the adjusted p-value is compared with.
    pub alpha: f64,
    /// The sequential test's state.
    pub sequential: Sequential,
    /// `agrees`, `disagrees`, `absent at this budget` (the futility stop ruled out the
    /// paper's effect and the test is not significant), `inconclusive` or `too-few` (quick
    /// mode, or fewer groups than a verdict needs).
    pub decision: String,
    /// For an inconclusive claim: about how many games the claim's test would need to decide
    /// at the observed effect with 80% power (the normal approximation of a test of the
    /// mean of the group values at the Bonferroni level, times the games per group; `None`
    /// when the observed effect is nil).
    pub games_needed: Option<u64>,
    /// The interval of the tested mean (of the group win rates, or of their paired
    /// differences) at the row's Holm-adjusted level ([`ClaimTest::interval_level`]): it
    /// excludes the null (lies within the band, for "about equal" agreeing) exactly when the
    /// verdict is `agrees` or `disagrees`. `None` in runs before it was recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interval: Option<[f64; 2]>,
    /// The interval's confidence, `1 - alpha*` with `alpha* = alpha p / Holm p`, the level
    /// the row's own p-value is held to (`1 - 2 alpha*` for the TOST interval of an "about
    /// equal" claim not shown to differ).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interval_level: Option<f64>,
    /// What the interval is of, in words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interval_of: Option<String>,
    /// The per-group results of the matches the claim rests on (one match; two for
    /// "improves", paired by opening), from which its p-value can be recomputed. Empty in
    /// runs before they were recorded.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub per_group: Vec<MatchGroups>,
    /// The paper's conditions.
    pub paper_conditions: Conditions,
    /// Ours.
    pub our_conditions: Conditions,
}

/// The set a claim row belongs to, each with its own Holm family. Only the confirmatory
/// set's decisions are counted in the headline (the summary's verdict columns, the last
/// line, docs/strength.md); an exploratory row is reported with its test and decision but
/// counted apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ClaimSet {
    /// A claim its paper's text states for that game, judged in the paper's setting as far
    /// as the text we could reach states it.
    Confirmatory,
    /// A reading the paper's text does not state for that game or setting: a game the
    /// paper did not report, a per-game reading of a summary sentence, or the claim played
    /// outside the paper's setting.
    Exploratory,
}

impl ClaimSet {
    /// Both sets, confirmatory first.
    pub const ALL: [ClaimSet; 2] = [ClaimSet::Confirmatory, ClaimSet::Exploratory];

    /// The set in one word, as the rows and the JSON print it.
    pub fn word(self) -> &'static str {
        match self {
            ClaimSet::Confirmatory => "confirmatory",
            ClaimSet::Exploratory => "exploratory",
        }
    }
}
