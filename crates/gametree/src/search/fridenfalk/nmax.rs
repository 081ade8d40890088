//! N-max: max^n on the zero-sum projection of the scores (Fridenfalk 2014, section III).

use crate::eval::Evaluator;
use crate::game::{Game, Scores};
use crate::search::maxn_family::maxn::maxn_mapped;
use crate::search::{Config, SearchError, SearchResult};

/// The zero-sum projection of `s`, scaled by the number of players `N` so that it is exact in
/// integers: `psi*_i = N psi_i - sum(psi)`, which is `N (psi_i - mean(psi))`. The projected
/// scores sum to zero. No overflow for valid scores (|psi_i| <= 2^48, N <= 6).
#[inline]
pub fn project(s: &Scores) -> Scores {
    let n = s.players() as i64;
    let sum = s.sum();
    s.map(|v| n * v - sum)
}

/// N-max search.
///
/// - **Paper**: Fridenfalk (2014), "N-person minimax and alpha-beta pruning", section III
///   (the zero-sum lemma, Eq. (10), and the `NMax` pseudocode).
/// - **Computes**: max^n on the zero-sum projection `psi* = psi - mean(psi)` of every leaf
///   value (terminal outcomes and depth-limit evaluations): at an inner node, the projected
///   vector of the child whose component for the player to move is largest. The projection
///   is computed exactly in integers in the scale `N` (see [`project`]): `psi*_i = N psi_i -
///   sum(psi)`. Scaling by the constant `N > 0` changes no comparison, so the decisions are
///   exactly Fridenfalk's. For two players this is minimax on `psi_0 - psi_1`.
/// - **Bounds**: none needed; every subtree is searched in full.
/// - **Tie-breaking**: the first child in search order wins a tie (strictly greater values
///   replace the best), as in the pseudocode's `if (alpha < psi*_p)`.
/// - **Preconditions**: none beyond the [`Game`] and [`Evaluator`] contracts.
/// - **Counts**: `nodes`, `leaves`, `expansions = nodes - 1`. No cutoffs.
/// - **Result**: `value` is the backed-up **projected** vector in the scale `N` (it sums to
///   zero; divide by `N` for `psi - mean(psi)`), `score` its component for the player to move
///   at the root, `pv` the line of first-best children.
///
/// Fails only with [`SearchError::Stopped`] when the node limit or deadline stops it.
pub fn nmax<G: Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    state: &G::State,
    config: &Config,
) -> Result<SearchResult<G::Move>, SearchError> {
    maxn_mapped(game, eval, state, config, project)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn projection_is_exact_and_zero_sum() {
        let p = project(&Scores::from_slice(&[5, 4, 1]));
        assert_eq!(p, Scores::from_slice(&[5, 2, -7]));
        assert_eq!(p.sum(), 0);
        assert_eq!(
            project(&Scores::from_slice(&[3, -3])),
            Scores::from_slice(&[6, -6])
        );
    }
}
