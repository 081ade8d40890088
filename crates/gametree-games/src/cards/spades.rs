//! Cut-throat Spades for three players (docs/games.md): the cut-off evaluation, the move
//! ordering and bid scoring. The rules themselves are in [`super::CardGame`].
//!
//! # Rules
//!
//! 51 cards (the 2 of clubs removed), 17 each. P0 leads the first trick. Spades are trump:
//! follow suit, play anything when void; a spade beats every other suit; spades may not be
//! led until a spade has been played, unless the leader holds only spades.
//!
//! # Values (scale `k`, [`super::CardGame::scale`])
//!
//! The research setting (`scoring=tricks`): `v_i = k tricks_i`, `maxsum = 17 k`,
//! constant-sum. A cut-off evaluation gives each player `k tricks_i + share_i`, the `k *
//! left` units of the tricks not yet won (the trick in progress included) shared out by
//! [`super::share`] in proportion to `w_i = 1 + sum over the hand of (6 + rank)` for each
//! spade `+ 2 max(0, rank - 8)` for each side card (jack 2, queen 4, king 6, ace 8). Subtree
//! bounds: `[k tricks_i, k (tricks_i + left)]`.
//!
//! Bid scoring (`scoring=bids`, bids `A-B-C` or estimated by [`auto_bids`]) scores
//! [`bid_score`] per player: not constant-sum, no bounds (the evaluator says so), so
//! shallow, branch-and-bound, last-branch and speculative pruning refuse it; max^n and
//! paranoid accept it. Its cut-off value is the bid score of the tricks won plus the
//! share of the tricks left, rounded down to whole tricks, times `k`.
//!
//! # Move ordering
//!
//! - Leading: the boss cards (no higher card of the suit out in another hand) first, highest
//!   first; then the rest lowest first.
//! - Following suit: the cards that would win the trick, lowest first, then the others,
//!   lowest first.
//! - Void: the spades that would win, lowest first; then side cards, lowest first; then the
//!   losing spades.

use gametree::{Score, Scores};

use super::{rank, share, sort_by_key, suit, suit_mask, Card, CardGame, CardState, Scoring};
use super::{suit_bits, CLUBS, DIAMONDS, HAND, HEARTS, PLAYERS, RANK_SUM, SPADES};

/// The score of a bid of `bid` tricks when `tricks` were taken: `10 bid + (tricks - bid)`
/// when made, `-10 bid` when set; nil (0): 100 without a trick, -100 otherwise.
pub fn bid_score(bid: u8, tricks: u8) -> Score {
    let (b, t) = (bid as Score, tricks as Score);
    if b == 0 {
        return if t == 0 { 100 } else { -100 };
    }
    if t >= b {
        10 * b + (t - b)
    } else {
        -10 * b
    }
}

#[inline]
pub(super) fn weight(hand: u64) -> Score {
    let spades = suit_bits(hand, SPADES);
    let mut w = 1 + 6 * spades.count_ones() as Score + RANK_SUM[spades] as Score;
    for s in [CLUBS, DIAMONDS, HEARTS] {
        // Jack to ace are ranks 9 to 12, the top four bits: 2, 4, 6 and 8.
        w += SIDE_HONOURS[suit_bits(hand, s) >> 9] as Score;
    }
    w
}

/// `2 max(0, rank - 8)` summed over the cards of a side suit, indexed by its top four bits
/// (jack, queen, king, ace).
const SIDE_HONOURS: [u8; 16] = {
    let mut t = [0u8; 16];
    let mut m = 0;
    while m < 16 {
        t[m] = (2 * (m & 1) + 4 * (m >> 1 & 1) + 6 * (m >> 2 & 1) + 8 * (m >> 3 & 1)) as u8;
        m += 1;
    }
    t
};

/// Bids estimated from a deal: each player's share of the 17 tricks by the evaluation weights
/// (rounded down, at least 1).
pub fn auto_bids(hands: &[u64; PLAYERS]) -> [u8; PLAYERS] {
    let sh = share(
        HAND as Score,
        [weight(hands[0]), weight(hands[1]), weight(hands[2])],
    );
    [sh[0].max(1) as u8, sh[1].max(1) as u8, sh[2].max(1) as u8]
}

/// The cut-off value of a Spades position (see the module documentation).
pub fn evaluate(game: &CardGame, s: &CardState) -> Scores {
    let k = game.scale();
    let left = HAND as Score - s.tricks.iter().map(|&t| t as Score).sum::<Score>();
    let weights = [weight(s.hands[0]), weight(s.hands[1]), weight(s.hands[2])];
    let mut v = Scores::zeros(PLAYERS);
    match game.scoring() {
        Scoring::Research => {
            let sh = share(k * left, weights);
            for p in 0..PLAYERS {
                v[p] = k * s.tricks[p] as Score + sh[p];
            }
        }
        Scoring::Bids(b) => {
            let sh = share(left, weights);
            for p in 0..PLAYERS {
                v[p] = k * bid_score(b[p], s.tricks[p] + sh[p] as u8);
            }
        }
    }
    v
}

/// Orders the moves of `s` (module documentation).
pub fn order(game: &CardGame, s: &CardState, moves: &mut [Card]) {
    let p = s.to_move();
    if s.trick_len == 0 {
        let others = s.hands[(p + 1) % PLAYERS] | s.hands[(p + 2) % PLAYERS];
        sort_by_key(moves, |c| {
            let above = suit_mask(suit(c)) & !((2u64 << c) - 1);
            if others & above == 0 {
                12 - rank(c) as i32
            } else {
                20 + rank(c) as i32
            }
        });
        return;
    }
    let trump = game.trump();
    let w = s.trick[s.winning_index(trump)];
    let led = suit(s.trick[0]);
    let following = s.hands[p] & suit_mask(led) != 0;
    sort_by_key(moves, |c| {
        let wins = super::beats(c, w, trump);
        let r = rank(c) as i32;
        if following {
            if wins {
                r
            } else {
                20 + r
            }
        } else if suit(c) == SPADES {
            if wins {
                r
            } else {
                40 + r
            }
        } else {
            20 + r
        }
    });
}
