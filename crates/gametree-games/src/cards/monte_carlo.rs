//! A Monte-Carlo player for the real, imperfect-information game (docs/games.md;
//! Sturtevant 2003, section 2.2, after Ginsberg's GIB).
//!
//! The player to move sees its own hand, every card played, the trick in progress, the
//! points and tricks taken, and the voids the others revealed by not following suit (kept in
//! [`CardState::voids`]). [`sample_world`] deals the unseen cards to the two other players
//! uniformly among the deals consistent with that: hand sizes kept, no card of a suit given
//! to a player known to be void in it. [`MonteCarlo::choose`] samples `worlds` such deals,
//! and in each searches every legal move of the root with any registry algorithm
//! ([`Algorithm`]) under iterative deepening and a node budget (the world's budget split
//! evenly over the moves: each move is searched as the only root move of the same tree, so
//! the algorithm's own decision rule, paranoid included, scores it), sums the root player's
//! values per move over the worlds and plays the best sum (ties to the first move in game
//! order).
//!
//! Seeded: the sampler is a [`SplitMix64`] seeded from the player's seed and the position
//! (the cards played and the mover's hand), so the same game replays exactly; the search
//! itself uses no randomness.

use gametree::search::{run_iterative, Algorithm, Config, Limits, SearchError};
use gametree::{Bounds, Evaluator, Game, Player, Scores, SubtreeBounds};

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

/// The game with its root restricted to one move: searching it scores that move under any
/// algorithm's decision rule, with the real root player at the root.
struct RootMove<'a> {
    game: &'a CardGame,
    first: Card,
}

impl Game for RootMove<'_> {
    type State = (CardState, bool);
    type Move = Card;
    fn players(&self) -> usize {
        PLAYERS
    }
    fn initial(&self) -> (CardState, bool) {
        (self.game.initial(), true)
    }
    fn to_move(&self, s: &(CardState, bool)) -> Player {
        self.game.to_move(&s.0)
    }
    fn moves(&self, s: &(CardState, bool), out: &mut Vec<Card>) {
        if s.1 {
            out.push(self.first);
        } else {
            self.game.moves(&s.0, out);
        }
    }
    fn play(&self, s: &(CardState, bool), mv: Card) -> (CardState, bool) {
        (self.game.play(&s.0, mv), false)
    }
    fn outcome(&self, s: &(CardState, bool)) -> Option<Scores> {
        self.game.outcome(&s.0)
    }
}

struct RootEval<'a, E> {
    eval: &'a E,
}

impl<E: Evaluator<CardGame>> Evaluator<RootMove<'_>> for RootEval<'_, E> {
    fn evaluate(&self, g: &RootMove<'_>, s: &(CardState, bool)) -> Scores {
        self.eval.evaluate(g.game, &s.0)
    }
    fn bounds(&self, g: &RootMove<'_>) -> Bounds {
        self.eval.bounds(g.game)
    }
    fn subtree_bounds(&self, g: &RootMove<'_>, s: &(CardState, bool)) -> Option<SubtreeBounds> {
        self.eval.subtree_bounds(g.game, &s.0)
    }
    fn order(&self, g: &RootMove<'_>, s: &(CardState, bool), moves: &mut [Card]) {
        if !s.1 {
            self.eval.order(g.game, &s.0, moves)
        }
    }
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
        let mut totals: Vec<(Card, i64)> = moves.iter().map(|&m| (m, 0)).collect();
        if moves.len() == 1 {
            return Ok(Choice {
                card: first,
                totals,
                nodes: 0,
            });
        }
        let root = s.to_move();
        let mut rng = SplitMix64::new(self.position_seed(s));
        let per_move = (self.nodes / moves.len() as u64).max(64);
        let config = Config {
            limits: Limits {
                depth: Some(s.cards_left()),
                nodes: Some(per_move),
                deadline: None,
                start: None,
                stop: None,
            },
            trace: false,
            ..Config::default()
        };
        let weval = RootEval { eval };
        let mut nodes = 0;
        for _ in 0..self.worlds.max(1) {
            let world = sample_world(game, s, &mut rng).unwrap_or(*s);
            for (i, &m) in moves.iter().enumerate() {
                let g = RootMove { game, first: m };
                let v = match run_iterative(self.algorithm, &g, &weval, &(world, true), &config) {
                    Ok(r) => {
                        nodes += r.stats.nodes;
                        r.value[root]
                    }
                    Err(SearchError::Stopped(_, st)) => {
                        nodes += st.nodes;
                        eval.evaluate(game, &game.play(&world, m))[root]
                    }
                    Err(e) => return Err(e),
                };
                totals[i].1 += v;
            }
        }
        let mut best = 0;
        for i in 1..totals.len() {
            if totals[i].1 > totals[best].1 {
                best = i;
            }
        }
        Ok(Choice {
            card: totals[best].0,
            totals,
            nodes,
        })
    }
}
