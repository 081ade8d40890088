//! The constant-sum distance evaluator (docs/games.md).

use gametree::{Bounds, Evaluator, Game, Player, Score, Scores};

use super::{ChineseCheckers, Move, State};

/// The constant-sum evaluation (docs/games.md): for player `p` the remaining distance is
/// `R_p = D_p - D_goal` in `[0, Rmax]` (`D_p` the sum over its pieces of their steps to the
/// tip of its goal, [`ChineseCheckers::tip_distance`]: the rows still to travel, plus the
/// sideways distance of a piece in one of the two corners beside the goal; the steps equal
/// the rows in the start and goal corners, so `D_goal` and `Rmax` are those of the rows, and
/// exceed them by at most `n`, never beyond `3n`, elsewhere), and with `N`
/// players `v_i = (N - 1) Rmax + sum_{j != i} R_j - (N - 1) R_i`, which lies in
/// `[0, 2 (N - 1) Rmax]` and sums to `maxsum = N (N - 1) Rmax` on every position (720 for
/// three players on the standard board). The game's outcomes (a win: `maxsum` for the winner,
/// 0 for the others; the ply cap: `maxsum / N` each) are constant-sum with the same `maxsum`.
///
/// Bounds: lower 0 for everyone, `maxsum`, constant-sum, step 1. No move ordering hook: the
/// game's move list is already in the research ordering (see the module documentation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DistanceEval;

impl DistanceEval {
    /// The remaining distance `R_p` of each player.
    pub fn remaining(game: &ChineseCheckers, state: &State) -> Scores {
        let n = game.players();
        let mut r = Scores::zeros(n);
        for p in 0..n {
            let pl = Player::new(p);
            r[p] = state.distance(pl) + game.sideways(state, pl) - game.dgoal();
        }
        r
    }
}

impl Evaluator<ChineseCheckers> for DistanceEval {
    #[inline]
    fn evaluate(&self, game: &ChineseCheckers, state: &State) -> Scores {
        let n = game.players();
        let nn = n as Score;
        let dgoal = game.dgoal();
        let mut sum: Score = 0;
        let mut r = [0 as Score; gametree::MAX_PLAYERS];
        for (p, rp) in r.iter_mut().enumerate().take(n) {
            *rp = state.dist[p] as Score + game.sideways(state, Player::new(p)) - dgoal;
            sum += *rp;
        }
        let base = (nn - 1) * game.rmax() + sum;
        let mut v = Scores::zeros(n);
        for p in 0..n {
            v[p] = base - nn * r[p];
        }
        v
    }

    fn bounds(&self, game: &ChineseCheckers) -> Bounds {
        Bounds::constant_sum(game.players(), game.maxsum())
    }

    #[inline]
    fn first_move(
        &self,
        game: &ChineseCheckers,
        state: &State,
        _scratch: &mut Vec<Move>,
    ) -> Option<Move> {
        game.first_move(state)
    }
}
