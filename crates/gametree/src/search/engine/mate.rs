//! Win and loss scores by distance to the end of the game (see the [`super`] module docs,
//! "Win and loss scores"): a leaf of magnitude at least the mate value `m` at ply `p` is
//! worth `v - p` (a win) or `v + p` (a loss) inside the search; the table stores such
//! values relative to the node; the root value is mapped back to `±m`.

use crate::game::Score;

/// Decisive values within `min(MATE_PLIES, mate / 2)` of [`super::Options::mate`] count as
/// wins and losses (the mate window).
pub const MATE_PLIES: Score = 4096;

/// The mate window of `m`: `min(MATE_PLIES, m / 2)`.
#[inline]
pub const fn mate_window(m: Score) -> Score {
    if m / 2 < MATE_PLIES {
        m / 2
    } else {
        MATE_PLIES
    }
}

/// A leaf's number `k` (already clamped) at `ply`, adjusted by ply for wins and losses.
#[inline]
pub(crate) fn at_ply(mate: Option<Score>, k: Score, ply: u32) -> Score {
    if let Some(m) = mate {
        if k >= m {
            return k - ply as Score;
        }
        if k <= -m {
            return k + ply as Score;
        }
    }
    k
}

/// Whether `v` (in the search's numbers) is a win or a loss.
#[inline]
pub(crate) fn is_mate(mate: Option<Score>, v: Score) -> bool {
    matches!(mate, Some(m) if v.abs() >= m - mate_window(m))
}

/// `v` found at `ply`, as the table stores it (wins and losses relative to the node).
#[inline]
pub(crate) fn to_table(mate: Option<Score>, v: Score, ply: u32) -> Score {
    if is_mate(mate, v) {
        if v > 0 {
            v + ply as Score
        } else {
            v - ply as Score
        }
    } else {
        v
    }
}

/// A table value read at `ply`, back in the search's numbers.
#[inline]
pub(crate) fn from_table(mate: Option<Score>, v: Score, ply: u32) -> Score {
    if is_mate(mate, v) {
        if v > 0 {
            v - ply as Score
        } else {
            v + ply as Score
        }
    } else {
        v
    }
}

/// The plain value of a root value (wins and losses mapped back to `±mate`).
#[inline]
pub(crate) fn plain(mate: Option<Score>, v: Score) -> Score {
    match mate {
        Some(m) if is_mate(mate, v) => {
            if v > 0 {
                m
            } else {
                -m
            }
        }
        _ => v,
    }
}
