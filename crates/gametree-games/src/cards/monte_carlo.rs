//! A Monte-Carlo player for the real, imperfect-information game (docs/games.md;
//! Sturtevant 2003, section 2.2, after Ginsberg's GIB).
//!
//! The player to move sees its own hand, every card played, the trick in progress, the
//! points and tricks taken, and the voids the others revealed by not following suit (kept in
//! [`CardState::voids`]). [`sample_world`] deals the unseen cards to the two other players
//! uniformly among the deals consistent with that: hand sizes kept, no card of a suit given
//! to a player known to be void in it (it is also [`Game::resample`] of [`CardGame`]).
//! [`MonteCarlo::choose`] is perfect-information Monte Carlo ([`gametree::search::pimc()`]):
//! it samples `worlds` such deals, and in each searches every legal move of the root with
//! any registry algorithm ([`Algorithm`]) under iterative deepening and a node budget (the
//! world's budget split evenly over the moves, at least 64 nodes per search: each move is
//! searched as the only root move of the same tree, so the algorithm's own decision rule,
//! paranoid included, scores it), sums the root player's values per move over the worlds
//! and plays the best sum (ties to the first move in game order).
//!
//! Seeded: the sampler is a [`SplitMix64`] seeded from the player's seed and the position
//! (the cards played and the mover's hand), so the same game replays exactly; the search
//! itself uses no randomness.

use gametree::search::mcts::MctsConfig;
use gametree::search::pimc::{MctsIterations, PimcConfig};
use gametree::search::{pimc, Algorithm, AnyGame, Config, Limits, SearchError, Searcher};
use gametree::{Evaluator, Game};

use super::{cards_of, suit, Card, CardGame, CardState, PLAYERS};
use crate::rng::{mix64, SplitMix64};

/// The Monte-Carlo player's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MonteCarlo {
    /// Sampled deals per move (W).
    pub worlds: usize,
    /// Nodes per sampled deal (Sturtevant: 500,000), split over the root moves.
    pub nodes: u64,
    /// The perfect-information search run on each deal.
    pub algorithm: Algorithm,
    /// The seed of the sampler.
    pub seed: u64,
}

/// What [`MonteCarlo::choose`] decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The card to play.
    pub card: Card,
    /// Each root move with the root player's value summed over the worlds.
    pub totals: Vec<(Card, i64)>,
    /// Nodes searched in all.
    pub nodes: u64,
}

/// The cards the player to move in `s` cannot see: the deck minus its hand and the cards
/// played.
pub fn unseen(game: &CardGame, s: &CardState) -> u64 {
    game.deck() & !s.played() & !s.hands[s.to_move()]
}

/// A deal of the unseen cards consistent with what the player to move has seen, drawn
/// uniformly with `rng`; `None` if no deal is consistent (cannot happen for a state reached
/// by legal play).
pub fn sample_world(game: &CardGame, s: &CardState, rng: &mut SplitMix64) -> Option<CardState> {
    let p = s.to_move();
    let o = [(p + 1) % PLAYERS, (p + 2) % PLAYERS];
    let size = [s.hands[o[0]].count_ones(), s.hands[o[1]].count_ones()];
    let mut hands = [0u64; 2];
    let mut flex: Vec<Card> = Vec::with_capacity(34);
    for c in cards_of(unseen(game, s)) {
        let bit = 1u8 << suit(c);
        let can = [s.voids[o[0]] & bit == 0, s.voids[o[1]] & bit == 0];
        match can {
            [true, true] => flex.push(c),
            [true, false] => hands[0] |= 1u64 << c,
            [false, true] => hands[1] |= 1u64 << c,
            [false, false] => return None,
        }
    }
    let need0 = size[0].checked_sub(hands[0].count_ones())? as usize;
    let need1 = size[1].checked_sub(hands[1].count_ones())? as usize;
    if need0 + need1 != flex.len() {
        return None;
    }
    for i in (1..flex.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        flex.swap(i, j);
    }
    for (i, &c) in flex.iter().enumerate() {
        hands[usize::from(i >= need0)] |= 1u64 << c;
    }
    let mut w = *s;
    w.hands[o[0]] = hands[0];
    w.hands[o[1]] = hands[1];
    Some(w)
}

impl MonteCarlo {
    /// Sturtevant's setting with `worlds` deals: speculative max^n, 500,000 nodes per deal.
    pub fn new(worlds: usize, seed: u64) -> MonteCarlo {
        MonteCarlo {
            worlds,
            nodes: 500_000,
            algorithm: Algorithm::Speculative,
            seed,
        }
    }

    /// The sampler's seed at position `s`: the player's seed mixed with the cards played,
    /// the trick in progress and the mover's hand.
    pub fn position_seed(&self, s: &CardState) -> u64 {
        let mut h = mix64(self.seed ^ 0xCA4D);
        h = mix64(h ^ s.done);
        h = mix64(h ^ s.trick_mask() ^ ((s.trick_len as u64) << 56));
        mix64(h ^ s.hands[s.to_move()] ^ ((s.to_move() as u64) << 60))
    }

    /// Chooses the card to play at `s` (a live position), seeing only what the player to
    /// move may see (the other hands in `s` are ignored: they are resampled).
    ///
    /// Fails if the algorithm refuses the evaluator (e.g. a pruning algorithm and bid
    /// scoring) or if `s` is terminal.
    pub fn choose<E: Evaluator<CardGame>>(
        &self,
        game: &CardGame,
        eval: &E,
        s: &CardState,
    ) -> Result<Choice, SearchError> {
        let mut moves = Vec::new();
        game.moves(s, &mut moves);
        let Some(&first) = moves.first() else {
            return Err(SearchError::MissingBound {
                algorithm: "monte-carlo",
                needs: "a live position (the hand is over)",
            });
        };
        if moves.len() == 1 {
            return Ok(Choice {
                card: first,
                totals: vec![(first, 0)],
                nodes: 0,
            });
        }
        // `nodes` per world, split over the moves with at least 64 per search: the total
        // PIMC splits evenly over worlds x moves.
        let worlds = self.worlds.max(1);
        let per_move = (self.nodes / moves.len() as u64).max(64);
        let total = per_move
            .saturating_mul(moves.len() as u64)
            .saturating_mul(worlds as u64);
        let config = Config {
            limits: Limits {
                depth: Some(s.cards_left()),
                nodes: Some(total),
                deadline: None,
                cpu_deadline: None,
                start: None,
                stop: None,
            },
            trace: false,
            ..Config::default()
        };
        let r = pimc::<AnyGame, _, _>(
            Searcher::Plain(self.algorithm),
            game,
            eval,
            s,
            &config,
            &MctsConfig::default(),
            &PimcConfig {
                worlds,
                seed: self.position_seed(s),
                iterative: true,
                mcts_iterations: MctsIterations::PerSearch,
            },
        )?;
        Ok(Choice {
            card: r.best_move,
            totals: r.totals,
            nodes: r.nodes,
        })
    }
}
