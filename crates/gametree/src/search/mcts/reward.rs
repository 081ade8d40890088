//! Scores into rewards: one number in `[0, 1]` per player.

use super::Reward;
use crate::eval::Bounds;
use crate::game::{Scores, MAX_PLAYERS};

/// Turns score vectors (outcomes and evaluations) into rewards in `[0, 1]`, one per player,
/// as the [`Reward`] asks.
///
/// [`Reward::Scaled`]:
/// - **With a lower bound per player and `maxsum`** ([`Bounds::lower`], [`Bounds::maxsum`]):
///   player `p`'s score lies in `[lo_p, hi_p]` with `hi_p = maxsum - sum of the other
///   players' lower bounds`, and its reward is `(s_p - lo_p) / (hi_p - lo_p)`, clamped to
///   `[0, 1]` (`0.5` if `hi_p <= lo_p`). For a two-player zero-sum game with scores in
///   `[-W, W]` this is `(s + W) / 2W`: 1 for a win, 0.5 for a draw, 0 for a loss.
/// - **Otherwise** (no bounds to scale by): by rank, `p`'s reward is the fraction of the
///   other players it beats, a tie counting half: `(#{q: s_q < s_p} + #{q != p: s_q = s_p} /
///   2) / (players - 1)`.
///
/// [`Reward::Rank`]: always by rank, as above. [`Reward::WinLoss`]: 1 for the player with the
/// highest score and 0 for the others, `1/k` each when `k` players share the highest score.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rewards {
    players: usize,
    kind: Reward,
    /// `Some((lo, 1 / (hi - lo)))` per player when scaled by bounds.
    scale: Option<[(f64, f64, bool); MAX_PLAYERS]>,
    hi: Option<Scores>,
}

impl Rewards {
    /// The scaled rewards ([`Reward::Scaled`]) for `players` players under `bounds`.
    pub fn new(players: usize, bounds: &Bounds) -> Rewards {
        Rewards::of_kind(players, bounds, Reward::Scaled)
    }

    /// The rewards of `kind` for `players` players under `bounds` (the bounds give
    /// [`Rewards::highest`] whatever the kind, and scale only [`Reward::Scaled`]).
    pub fn of_kind(players: usize, bounds: &Bounds, kind: Reward) -> Rewards {
        let (scale, hi) = match (bounds.lower, bounds.maxsum) {
            (Some(lower), Some(maxsum)) => {
                let total: i128 = lower.as_slice().iter().map(|&l| l as i128).sum();
                let mut scale = [(0.0, 0.0, false); MAX_PLAYERS];
                let mut hi = Scores::zeros(players);
                for p in 0..players {
                    let lo = lower[p] as i128;
                    let h = maxsum as i128 - (total - lo);
                    hi[p] = h.clamp(i64::MIN as i128, i64::MAX as i128) as i64;
                    scale[p] = if h > lo {
                        (lo as f64, 1.0 / (h - lo) as f64, true)
                    } else {
                        (0.0, 0.0, false)
                    };
                }
                (Some(scale), Some(hi))
            }
            _ => (None, None),
        };
        let scale = if kind == Reward::Scaled { scale } else { None };
        Rewards {
            players,
            kind,
            scale,
            hi,
        }
    }

    /// The highest score each player can get, when the bounds give it (`hi_p` above).
    pub fn highest(&self) -> Option<Scores> {
        self.hi
    }

    /// The reward of player `p` for the scores `s`.
    #[inline]
    pub fn of(&self, s: &Scores, p: usize) -> f64 {
        if self.kind == Reward::WinLoss {
            let top = s.as_slice().iter().copied().max().unwrap_or(0);
            if s[p] < top {
                return 0.0;
            }
            let tied = s.as_slice().iter().filter(|&&x| x == top).count();
            return 1.0 / tied as f64;
        }
        match &self.scale {
            Some(scale) => {
                let (lo, inv, ok) = scale[p];
                if ok {
                    ((s[p] as f64 - lo) * inv).clamp(0.0, 1.0)
                } else {
                    0.5
                }
            }
            None => {
                let mut beats = 0.0;
                for q in 0..self.players {
                    if q != p {
                        if s[q] < s[p] {
                            beats += 1.0;
                        } else if s[q] == s[p] {
                            beats += 0.5;
                        }
                    }
                }
                beats / (self.players - 1) as f64
            }
        }
    }

    /// The rewards of every player for `s` (entries beyond the player count are 0).
    #[inline]
    pub fn all(&self, s: &Scores) -> [f64; MAX_PLAYERS] {
        let mut r = [0.0; MAX_PLAYERS];
        for (p, x) in r.iter_mut().enumerate().take(self.players) {
            *x = self.of(s, p);
        }
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_sum_maps_win_draw_loss() {
        let r = Rewards::new(2, &Bounds::zero_sum(100));
        assert_eq!(r.of(&Scores::zero_sum(100), 0), 1.0);
        assert_eq!(r.of(&Scores::zero_sum(100), 1), 0.0);
        assert_eq!(r.of(&Scores::zeros(2), 1), 0.5);
        assert_eq!(r.highest(), Some(Scores::splat(2, 100)));
    }

    #[test]
    fn win_loss_and_rank_rewards() {
        let b = Bounds::nonnegative(3, 10);
        let s = Scores::from_slice(&[3, 1, 3]);
        let w = Rewards::of_kind(3, &b, Reward::WinLoss);
        assert_eq!(w.all(&s)[..3], [0.5, 0.0, 0.5]);
        assert_eq!(w.all(&Scores::from_slice(&[1, 5, 2]))[..3], [0.0, 1.0, 0.0]);
        let r = Rewards::of_kind(3, &b, Reward::Rank);
        assert_eq!(r.all(&Scores::from_slice(&[1, 5, 2]))[..3], [0.0, 1.0, 0.5]);
        // The bounds still give each player's highest score (the solver's win test).
        assert_eq!(r.highest(), Some(Scores::splat(3, 10)));
    }

    #[test]
    fn nonnegative_and_rank() {
        let r = Rewards::new(3, &Bounds::nonnegative(3, 10));
        assert_eq!(r.of(&Scores::from_slice(&[5, 0, 5]), 0), 0.5);
        let r = Rewards::new(3, &Bounds::none());
        let s = Scores::from_slice(&[3, 1, 3]);
        assert_eq!(r.all(&s)[..3], [0.75, 0.0, 0.75]);
    }
}
