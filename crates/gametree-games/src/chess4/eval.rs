//! The evaluators of four-player chess: Fridenfalk's material vector psi
//! ([`super::Psi`]) and the relative material ([`Relative`]), and [`Chess4Eval`], the one
//! the game's spec names (`chess4(eval=psi)`, `chess4(eval=relative)`).

use std::fmt;
use std::str::FromStr;

use gametree::{Bounds, Evaluator, Score, Scores};

use super::{board::PLAYERS, Chess4, Move, Psi, State, MAXSUM};

/// The neutral value of [`Relative`]: a live player whose material equals the mean of its
/// live opponents', half of a win ([`MAXSUM`] / 2).
pub const RELATIVE_MID: Score = MAXSUM / 2;

/// Each player's material relative to its live opponents: for a live player `p` whose `k`
/// live opponents have `others` material in all, `206 + 6 (psi_p - others / k)` (exact: `6
/// / k` is whole for `k` = 1, 2, 3), kept within `1..=411`; 0 for an eliminated player. So a
/// capture that eliminates nobody raises the capturer's value by 6 / k per unit of material
/// taken (and every other live player's: one opponent lost material), and at an even
/// material balance every live player has 206.
///
/// The scale is the outcome's: a win pays [`MAXSUM`] = 412 and a loss 0, and every
/// evaluated position lies strictly between them, so no search mistakes a material lead for
/// a won game. One pawn of difference against the mean is worth 6; a lead or deficit of
/// more than 34 units of material against the mean is clamped (a queen and more than a
/// whole army's pieces: the game is decided long before).
///
/// Bounds: every value at least 0, the sum at most 4 x 206 = 824 (the relative parts of the
/// live players sum to zero while none is clamped; outcomes sum to 412), not constant-sum.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Relative;

/// The most the evaluator's values sum to: [`RELATIVE_MID`] per player.
pub const RELATIVE_MAXSUM: Score = RELATIVE_MID * PLAYERS as Score;

impl Evaluator<Chess4> for Relative {
    #[inline]
    fn evaluate(&self, _game: &Chess4, state: &State) -> Scores {
        relative(state)
    }

    fn bounds(&self, _game: &Chess4) -> Bounds {
        Bounds::nonnegative(PLAYERS, RELATIVE_MAXSUM)
    }

    first_move_of_the_game!();
}

/// The values of [`Relative`] in `state`.
#[inline]
pub fn relative(state: &State) -> Scores {
    let mut v = Scores::zeros(PLAYERS);
    let live = state.alive;
    let k = live.count_ones() as Score - 1;
    let total: Score = (0..PLAYERS)
        .filter(|&p| live >> p & 1 == 1)
        .map(|p| state.psi(p) as Score)
        .sum();
    for p in 0..PLAYERS {
        if live >> p & 1 == 0 {
            continue;
        }
        let own = state.psi(p) as Score;
        v[p] = if k == 0 {
            MAXSUM - 1
        } else {
            // 6 (own - others / k), exactly, for k = 1, 2, 3.
            let d = 6 * own - (6 / k) * (total - own);
            (RELATIVE_MID + d).clamp(1, MAXSUM - 1)
        };
    }
    v
}

/// Which evaluator a [`Chess4`] game uses (its spec's `eval=`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EvalKind {
    /// Each player's own material ([`Psi`], Fridenfalk's psi; the default).
    #[default]
    Psi,
    /// Material relative to the live opponents ([`Relative`]).
    Relative,
}

impl EvalKind {
    /// The spec's name: `psi` or `relative`.
    pub const fn name(self) -> &'static str {
        match self {
            EvalKind::Psi => "psi",
            EvalKind::Relative => "relative",
        }
    }
}

impl fmt::Display for EvalKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for EvalKind {
    type Err = String;
    fn from_str(s: &str) -> Result<EvalKind, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "psi" => Ok(EvalKind::Psi),
            "relative" => Ok(EvalKind::Relative),
            _ => Err("expected psi or relative".into()),
        }
    }
}

/// The evaluator a game's spec names ([`Chess4::eval_kind`]): [`Psi`] or [`Relative`], as
/// one type for the registry (a match per evaluation, no `dyn`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Chess4Eval(pub EvalKind);

impl Evaluator<Chess4> for Chess4Eval {
    #[inline]
    fn evaluate(&self, game: &Chess4, state: &State) -> Scores {
        match self.0 {
            EvalKind::Psi => Psi.evaluate(game, state),
            EvalKind::Relative => relative(state),
        }
    }

    fn bounds(&self, game: &Chess4) -> Bounds {
        match self.0 {
            EvalKind::Psi => Psi.bounds(game),
            EvalKind::Relative => Relative.bounds(game),
        }
    }

    first_move_of_the_game!();
}
