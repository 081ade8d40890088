//! The strength experiment's own parameters ([`StrengthScale`], its [`Knobs`]): set by
//! `gametree reproduce beyond/strength --openings N --budget B --matches M --games G`, and
//! carried in a sharded run's part files under `run.strength`.

use serde::{Deserialize, Serialize};

use crate::experiment::Knobs;
use gametree_run::engine::MoveBudget;

/// The scale of the strength experiment (`gametree reproduce beyond/strength --openings N
/// --budget B --matches M --games G`): more games per match for intervals that decide,
/// another budget per move (a node budget, or the calibrated budgets divided, keeps the rows
/// the same on every run), only the matches the claims rest on, or only some games. `None`
/// fields keep the mode's setting.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "the strength experiment's scale: {\"openings\", \"budget\", \"matches\"}"
)]
pub struct StrengthScale {
    /// Random openings per match (deals of the card games), instead of the mode's.
    pub openings: Option<usize>,
    /// Every engine's budget per move, instead of the mode's (the calibrated budgets of
    /// 20 ms per move; a tenth of them in quick mode).
    pub budget: Option<BudgetRule>,
    /// Which matches are played.
    #[serde(default)]
    pub matches: StrengthMatches,
    /// The games played, as a set of positions in the experiment's list of games
    /// ([`StrengthGame::ALL`](super::StrengthGame::ALL): bit `i` for its game `i`;
    /// `--games cc-3,rolit-3`), instead of all of them.
    #[serde(default)]
    pub games: Option<u32>,
}

impl StrengthScale {
    /// The mode's settings.
    pub const MODE: StrengthScale = StrengthScale {
        openings: None,
        budget: None,
        matches: StrengthMatches::All,
        games: None,
    };
}

/// How every engine's budget per move is set in the strength experiment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum BudgetRule {
    /// The calibrated nodes per move of each game and engine (20 ms of processor time per
    /// move on the calibration machine), divided by `divisor` (1 in full mode, 10 in quick
    /// mode; `--budget calibrated/D`): deterministic, the same on every machine.
    Calibrated {
        /// The divisor (at least 1).
        divisor: u64,
    },
    /// The same budget for every engine (`--budget nNODES`, `dDEPTH`, `tMS`).
    Fixed(MoveBudget),
}

/// Which matches the strength experiment plays (`--matches`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StrengthMatches {
    /// Every match: the claims' and the others (which feed the ratings).
    #[default]
    All,
    /// Only the matches a claim rests on: the decisive run's.
    Claims,
}

impl Knobs for StrengthScale {
    const KEY: &'static str = "strength";

    fn meta(&self) -> String {
        let mut s = String::new();
        if let Some(o) = self.openings {
            s.push_str(&format!(" openings={o}"));
        }
        if let Some(b) = self.budget {
            s.push_str(&format!(" budget={b:?}"));
        }
        if let Some(g) = self.games {
            s.push_str(&format!(" games={g:#x}"));
        }
        if self.matches != StrengthMatches::All {
            s.push_str(&format!(" matches={:?}", self.matches));
        }
        s
    }
}
