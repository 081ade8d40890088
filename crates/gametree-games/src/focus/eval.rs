//! The Focus evaluator (the project's; the papers' weights are not known) and the search
//! ordering.

use gametree::{Bounds, Evaluator, Game, Score, Scores};

use super::{Focus, Move, State};

/// The most moves a position can have: four per piece on the board (52 pieces with four
/// players, 36 with two) plus 52 placements.
const MAX_MOVES: usize = 4 * 52 + 52;

/// The values of `state` with the seats of `winners` (a bit mask) set to the win value.
pub(crate) fn values(game: &Focus, state: &State, winners: u8) -> Scores {
    let n = game.players();
    let g = game.goal_total() as Score;
    let mut v = Scores::zeros(n);
    for p in 0..n {
        v[p] = if winners >> p & 1 == 1 {
            100 * g + 200
        } else {
            let base = 100 * (g - game.need(state, p) as Score);
            if state.is_eliminated(p) {
                base
            } else {
                base + 2 * state.controlled(p).count_ones() as Score + state.reserve(p) as Score
            }
        };
    }
    v
}

/// The Focus evaluator: `need_i` is the fewest further captures that would make seat `i`
/// meet the goal; its value is `100 (G - need_i) + 2 x (stacks it controls) + (its reserve)`
/// with `G` = 6 (two players) or 10; an eliminated seat keeps only the first term; a winner
/// gets `100 G + 200` (outcomes: the seat that met the goal or was left alone, or every
/// live seat with the most captures at the cap).
///
/// Bounds: every value at least 0, the sum at most `N (100 G + 200 + 2 x 52 + 18)`; not
/// constant-sum. Order: the moves that capture the most pieces first, then those that send
/// the most pieces back to the mover's reserve, then the game's order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FocusEval;

impl Evaluator<Focus> for FocusEval {
    #[inline]
    fn evaluate(&self, game: &Focus, state: &State) -> Scores {
        values(game, state, game.winners(state))
    }

    fn bounds(&self, game: &Focus) -> Bounds {
        let g = game.goal_total() as i64;
        Bounds::nonnegative(
            game.players(),
            game.players() as i64 * (100 * g + 200 + 2 * 52 + 18),
        )
    }

    fn order(&self, game: &Focus, state: &State, moves: &mut [Move]) {
        order_moves(game, state, moves);
    }
}

/// Sorts `moves` by captures (most first), then pieces back to the reserve (most first),
/// stably: each key packs the two counts (at most 5 each) above the move's position in the
/// list, so an unstable sort of the keys is the stable order. No allocation.
pub(crate) fn order_moves(game: &Focus, state: &State, moves: &mut [Move]) {
    // The keys live in a fixed array sized for the list: most lists are short, and zeroing
    // the array for the longest list the rules allow cost more than the sort.
    match moves.len() {
        0..=64 => order_keyed::<64>(game, state, moves),
        65..=MAX_MOVES => order_keyed::<MAX_MOVES>(game, state, moves),
        // Never reached by the rules; keep the order rather than truncate.
        _ => {}
    }
}

/// [`order_moves`] with room for `N >= moves.len()` keys.
#[inline]
fn order_keyed<const N: usize>(game: &Focus, state: &State, moves: &mut [Move]) {
    let mut keys = [0u64; N];
    let keys = &mut keys[..moves.len()];
    let mut any = false;
    for (i, (k, &m)) in keys.iter_mut().zip(moves.iter()).enumerate() {
        let (cap, res) = game.effect(state, m);
        any |= cap + res > 0;
        *k = ((7 - cap as u64) << 3 | (7 - res as u64)) << 40 | (i as u64) << 16 | m.0 as u64;
    }
    if !any {
        return;
    }
    keys.sort_unstable();
    for (m, k) in moves.iter_mut().zip(keys.iter()) {
        *m = Move(*k as u16);
    }
}
