//! Hearts for three players (docs/games.md): the points, the cut-off evaluation and the move
//! ordering. The rules themselves are in [`super::CardGame`].
//!
//! # Rules
//!
//! 51 cards (one non-point card removed, the 2 of diamonds by default: spec parameter
//! `remove`), 17 each. The holder of the 2 of clubs leads it to the first trick; players
//! follow the led suit and may play anything when void; no trump; the highest card of the led
//! suit takes the trick and leads next; hearts may not be led until a heart has been played,
//! unless the leader holds only hearts. One point per heart, 13 for the queen of spades (26
//! in all). No shooting the moon.
//!
//! # Values (scale `k`, [`super::CardGame::scale`])
//!
//! At the end of the hand `v_i = k (26 - points_i)`, so `maxsum = 52 k`, constant-sum. A
//! cut-off evaluation gives each player `k (26 - taken_i) - share_i`, where the `k * left`
//! unplayed-point units (`left = 26 - points taken so far`, the trick in progress included
//! in `left`) are shared out by [`super::share`] in proportion to the weights
//! `w_i = 1 + sum over the cards in i's hand of (rank + 1)` (high cards take tricks, and
//! tricks take points): the sum is `52 k` exactly. Subtree bounds: points taken never return,
//! so below a state player `i` ends with `v_i` in `[k (26 - taken_i - left), k (26 -
//! taken_i)]`, the lower end being `k` times the points the others have already taken; every
//! cut-off value below respects this too.
//!
//! # Move ordering (Sturtevant's heuristics)
//!
//! - Leading: low cards first; hearts after the other suits; the queen of spades, and the
//!   king and ace of spades while the queen is out in another hand, last.
//! - Following suit: when the trick is safe (the last card of a trick without points), high
//!   cards first (take it with the highest; the queen of spades still last). Otherwise duck:
//!   the cards below the winning card, highest first, then the cards above it, lowest first;
//!   the queen of spades first when a higher spade already wins the trick, last when it would
//!   win it.
//! - Void: dump the queen of spades, then the ace and king of spades (while the queen is
//!   out), then hearts high first, then other high cards.

use gametree::{Score, Scores};

use super::{card, rank, share, sort_by_key, suit, suit_mask, Card, CardGame, CardState};
use super::{suit_bits, HEARTS, PLAYERS, RANK_SUM, SPADES};

/// The queen of spades.
pub const QUEEN_OF_SPADES: Card = card(10, SPADES);

/// The points of the cards in `mask`: one per heart, 13 for the queen of spades.
#[inline]
pub fn points(mask: u64) -> u8 {
    (mask & suit_mask(HEARTS)).count_ones() as u8
        + if mask & (1u64 << QUEEN_OF_SPADES) != 0 {
            13
        } else {
            0
        }
}

/// The weight of a hand: `1 + sum of (rank + 1)` over its cards.
#[inline]
pub(super) fn weight(hand: u64) -> Score {
    let mut w = 1 + hand.count_ones() as Score;
    for s in 0..4 {
        w += RANK_SUM[suit_bits(hand, s)] as Score;
    }
    w
}

/// The cut-off value of a Hearts position (see the module documentation).
pub fn evaluate(game: &CardGame, s: &CardState) -> Scores {
    let k = game.scale();
    let left = 26 - s.taken.iter().map(|&t| t as Score).sum::<Score>();
    let weights = [weight(s.hands[0]), weight(s.hands[1]), weight(s.hands[2])];
    let sh = share(k * left, weights);
    let mut v = Scores::zeros(PLAYERS);
    for p in 0..PLAYERS {
        v[p] = k * (26 - s.taken[p] as Score) - sh[p];
    }
    v
}

/// Orders the moves of `s` by Sturtevant's Hearts heuristics (module documentation).
pub fn order(_game: &CardGame, s: &CardState, moves: &mut [Card]) {
    let p = s.to_move();
    let qs_bit = 1u64 << QUEEN_OF_SPADES;
    let queen_out = (s.played() | s.hands[p]) & qs_bit == 0;
    let high_spade = |c: Card| suit(c) == SPADES && rank(c) > 10;
    if s.trick_len == 0 {
        sort_by_key(moves, |c| {
            let mut k = rank(c) as i32;
            if suit(c) == HEARTS {
                k += 13;
            }
            if c == QUEEN_OF_SPADES {
                k += 60;
            } else if queen_out && high_spade(c) {
                k += 40;
            }
            k
        });
        return;
    }
    let led = suit(s.trick[0]);
    let w = s.trick[s.winning_index(None)];
    let following = s.hands[p] & suit_mask(led) != 0;
    if following {
        let safe = s.trick_len as usize == PLAYERS - 1 && points(s.trick_mask()) == 0;
        sort_by_key(moves, |c| {
            if c == QUEEN_OF_SPADES {
                return if rank(w) > rank(c) { -1 } else { 100 };
            }
            if safe || rank(c) < rank(w) {
                12 - rank(c) as i32
            } else {
                20 + rank(c) as i32
            }
        });
    } else {
        sort_by_key(moves, |c| {
            if c == QUEEN_OF_SPADES {
                0
            } else if queen_out && high_spade(c) {
                14 - rank(c) as i32
            } else if suit(c) == HEARTS {
                3 + 12 - rank(c) as i32
            } else {
                20 + 12 - rank(c) as i32
            }
        });
    }
}
