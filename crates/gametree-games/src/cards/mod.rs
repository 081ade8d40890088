//! Three-player trick-taking card games with perfect information: Hearts ([`hearts`]) and
//! cut-throat Spades ([`spades`]), with the rules of docs/games.md, as Sturtevant (2003)
//! measured them (Tables 11 and 12), plus a Monte-Carlo player for the real,
//! imperfect-information game ([`monte_carlo`]).
//!
//! # Cards and hands
//!
//! A card is a `u8` in `0..52`: `suit * 13 + rank`, suits in the order clubs, diamonds,
//! spades, hearts (`C D S H`, 0..3), ranks 2 to ace (`2`..`9`, `T J Q K A`, 0..12). A set of
//! cards (a hand, the cards played) is a 64-bit mask, bit `c` for card `c`; a suit is 13
//! consecutive bits. A card is written rank then suit: `KC`, `7C`, `QD`, `TH`.
//!
//! # Deals
//!
//! 51 cards, 17 to each of P0, P1, P2 (Hearts removes one non-point card, the 2 of diamonds
//! by default; Spades removes the 2 of clubs). A deal is either seeded, `hearts(deal=SEED)`:
//! the 51 cards in ascending order are shuffled by Fisher-Yates with
//! [`SplitMix64::new(SEED)`](crate::rng::SplitMix64) (for `i` from 50 down to 1, swap `i`
//! with `below(i + 1)`), and P0 gets the first 17, P1 the next 17, P2 the last 17; or given
//! as text, `P0: KC 7C QD ... / P1: ... / P2: ...` ([`CardGame::parse_deal`]), which must
//! hold every card of the deck exactly once.
//!
//! # Moves and their order
//!
//! A move is the card played ([`Card`]). [`Game::moves`] lists the legal cards in ascending
//! card order (clubs, diamonds, spades, hearts; 2 to ace within a suit). With the
//! equivalent-card reduction (`equiv=1`), a card is left out when a lower card of the same
//! suit in the same hand is equivalent to it: every rank between them is in that hand or was
//! played in a completed trick (the queen of spades in Hearts is never left out). Search
//! order is the evaluator's ([`CardEval`], [`gametree::Evaluator::order`]): Sturtevant's
//! heuristics, see [`hearts`] and [`spades`].
//!
//! # Values and scale
//!
//! Every value is multiplied by the game's `scale` (spec parameter, default 4), so the
//! cut-off evaluations' fixed-point shares of the unplayed points stay integers while the
//! sum stays exact: Hearts `v_i = scale * (26 - points_i)` at the end of a hand, `maxsum =
//! 52 * scale`; Spades `v_i = scale * tricks_i`, `maxsum = 17 * scale`. The bounds' step is
//! 1 (cut-off values are not multiples of the scale).
//!
//! # Depth: cards or tricks
//!
//! One move is one card, so the `depth` of every search is counted in cards (plies); that is
//! the unit of Sturtevant's Table 11 ("speculative max^n can search a hand to completion when
//! [...] there are 22.1 cards remaining", "paranoid can search 3.7 cards deeper"). To search
//! in whole tricks, convert: [`CardGame::cards_for_tricks`] gives the card depth that ends
//! exactly at the end of the `t`-th trick from a state (so every cut-off falls between
//! tricks), and [`iterative_tricks`] deepens one trick at a time.
#![expect(
    clippy::needless_range_loop,
    reason = "loops over seats index several per-seat arrays at once"
)]

use std::fmt::Write as _;

use gametree::search::iterative::{deepen, DepthSchedule, Iteration};
use gametree::search::{run, Algorithm, Config, SearchError, SearchResult};
use gametree::{Bounds, Evaluator, Game, Player, Score, Scores, SubtreeBounds};

use crate::quote::quoted;
use crate::rng::SplitMix64;
use crate::spec::{Spec, SpecError};

pub mod hearts;
pub mod monte_carlo;
pub mod spades;

/// A card: `suit * 13 + rank` (see the module documentation).
pub type Card = u8;

/// The number of players (both games are played by three here).
pub const PLAYERS: usize = 3;
/// Cards in each hand at the start.
pub const HAND: usize = 17;
/// Suits, in card order.
pub const SUITS: [char; 4] = ['C', 'D', 'S', 'H'];
/// Ranks, in card order.
pub const RANKS: [char; 13] = [
    '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A',
];
/// Clubs.
pub const CLUBS: u8 = 0;
/// Diamonds.
pub const DIAMONDS: u8 = 1;
/// Spades.
pub const SPADES: u8 = 2;
/// Hearts.
pub const HEARTS: u8 = 3;
/// The mask of all 52 cards.
pub const DECK: u64 = (1 << 52) - 1;

/// The mask of every card of `suit`.
#[inline]
pub const fn suit_mask(suit: u8) -> u64 {
    0x1FFF << (13 * suit as u32)
}

/// The sum of the ranks (0 = 2 .. 12 = ace) of the cards of one suit, indexed by the suit's
/// 13 bits (`(hand >> 13 s) & 0x1FFF`): at most 78. Built at compile time; the card
/// evaluators read it instead of looping over a hand's cards.
pub(crate) static RANK_SUM: [u8; 1 << 13] = {
    let mut t = [0u8; 1 << 13];
    let mut m = 0;
    while m < 1 << 13 {
        let mut r = 0;
        let mut sum = 0;
        while r < 13 {
            if m >> r & 1 == 1 {
                sum += r;
            }
            r += 1;
        }
        t[m] = sum as u8;
        m += 1;
    }
    t
};

/// The 13 bits of suit `suit` in `hand`.
#[inline]
pub(crate) const fn suit_bits(hand: u64, suit: u8) -> usize {
    ((hand >> (13 * suit as u32)) & 0x1FFF) as usize
}

/// The card of `rank` (0 = 2 .. 12 = ace) in `suit`.
#[inline]
pub const fn card(rank: u8, suit: u8) -> Card {
    suit * 13 + rank
}

/// The suit of `c`.
#[inline]
pub const fn suit(c: Card) -> u8 {
    c / 13
}

/// The rank of `c` (0 = 2 .. 12 = ace).
#[inline]
pub const fn rank(c: Card) -> u8 {
    c % 13
}

/// The name of `c`, rank then suit (`KC`).
pub fn card_name(c: Card) -> String {
    let mut s = String::with_capacity(2);
    s.push(RANKS[rank(c) as usize]);
    s.push(SUITS[suit(c) as usize]);
    s
}

/// Reads a card name (`KC`, `10H` is also accepted for `TH`; case-insensitive).
pub fn parse_card(text: &str) -> Option<Card> {
    let t = text.trim().to_ascii_uppercase();
    let t = t.strip_prefix("10").map(|r| format!("T{r}")).unwrap_or(t);
    let mut it = t.chars();
    let (r, s) = (it.next()?, it.next()?);
    if it.next().is_some() {
        return None;
    }
    let r = RANKS.iter().position(|&x| x == r)? as u8;
    let s = SUITS.iter().position(|&x| x == s)? as u8;
    Some(card(r, s))
}

/// The cards of `mask`, ascending.
pub fn cards_of(mask: u64) -> impl Iterator<Item = Card> {
    let mut m = mask;
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let c = m.trailing_zeros() as Card;
            m &= m - 1;
            Some(c)
        }
    })
}

/// The names of the cards of `mask`, ascending, separated by spaces.
pub fn mask_names(mask: u64) -> String {
    cards_of(mask).map(card_name).collect::<Vec<_>>().join(" ")
}

/// Which game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Hearts: avoid hearts and the queen of spades; no trump.
    Hearts,
    /// Cut-throat Spades: spades are trump; take tricks.
    Spades,
}

/// How a finished Spades hand is scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scoring {
    /// The research setting: points (Hearts) or tricks (Spades); constant-sum.
    Research,
    /// Spades with bids: a player who takes at least its bid `b` scores `10 b` plus one per
    /// overtrick, otherwise `-10 b`; a bid of 0 (nil) scores 100 for no trick, else -100.
    /// Not constant-sum: the evaluator states no bounds, so only max^n and paranoid (and
    /// other algorithms that need no bounds) accept it.
    Bids([u8; PLAYERS]),
}

/// A position of a hand: the cards still held, the trick in progress, what has been taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CardState {
    /// The cards each player still holds.
    pub hands: [u64; PLAYERS],
    /// The cards of completed tricks.
    pub done: u64,
    /// The cards of the trick in progress, in the order played (the first `trick_len`).
    pub trick: [Card; PLAYERS],
    /// How many cards the trick in progress holds (0..3).
    pub trick_len: u8,
    /// Who led (or leads) the trick in progress.
    pub leader: u8,
    /// Points taken (Hearts: one per heart, 13 for the queen of spades; Spades: tricks).
    pub taken: [u8; PLAYERS],
    /// Tricks won.
    pub tricks: [u8; PLAYERS],
    /// Whether hearts (Hearts) or spades (Spades) have been played: they may then be led.
    pub broken: bool,
    /// The suits each player has shown to be void in (bit per suit), by not following suit.
    pub voids: [u8; PLAYERS],
}

impl CardState {
    /// A hash of where the cards are: the three hands, the trick in progress (its cards in
    /// order and who led it) and the broken flag; not what was taken. The cards of completed
    /// tricks are the deck minus the hands and the trick, so they need no words of their own.
    fn cards_hash(&self) -> u64 {
        use crate::rng::mix64;
        let mut trick =
            self.trick_len as u64 | (self.leader as u64) << 2 | (self.broken as u64) << 4;
        for i in 0..self.trick_len as usize {
            trick |= (self.trick[i] as u64) << (8 + 8 * i);
        }
        let mut h = mix64(self.hands[0] ^ 0x6A09_E667_F3BC_C908);
        h = mix64(h ^ self.hands[1]);
        h = mix64(h ^ self.hands[2]);
        mix64(h ^ trick)
    }

    /// The player to move.
    #[inline]
    pub fn to_move(&self) -> usize {
        (self.leader as usize + self.trick_len as usize) % PLAYERS
    }

    /// Cards not yet played, in all hands together.
    #[inline]
    pub fn cards_left(&self) -> u32 {
        (self.hands[0] | self.hands[1] | self.hands[2]).count_ones()
    }

    /// The cards of the trick in progress as a mask.
    #[inline]
    pub fn trick_mask(&self) -> u64 {
        let mut m = 0;
        for i in 0..self.trick_len as usize {
            m |= 1u64 << self.trick[i];
        }
        m
    }

    /// Every card played so far (completed tricks and the trick in progress).
    #[inline]
    pub fn played(&self) -> u64 {
        self.done | self.trick_mask()
    }

    /// The index in the trick (0..trick_len) of the card winning it so far, under `trump`.
    #[inline]
    pub fn winning_index(&self, trump: Option<u8>) -> usize {
        let mut w = 0;
        for i in 1..self.trick_len as usize {
            if beats(self.trick[i], self.trick[w], trump) {
                w = i;
            }
        }
        w
    }
}

/// Whether `c` beats `best`, the card winning a trick so far, with trump suit `trump`
/// (`best` is of the led suit or a trump, so a card of a third suit never beats it).
#[inline]
pub fn beats(c: Card, best: Card, trump: Option<u8>) -> bool {
    let (sc, sb) = (suit(c), suit(best));
    if sc == sb {
        return rank(c) > rank(best);
    }
    Some(sc) == trump
}

/// A three-player trick-taking game: the rules, and the default deal of `initial`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardGame {
    variant: Variant,
    removed: Card,
    equiv: bool,
    scale: Score,
    scoring: Scoring,
    deal: [u64; PLAYERS],
    seed: u64,
}

/// A malformed deal or position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct DealError(pub String);

impl CardGame {
    /// Hearts with the default rules (2 of diamonds removed, no reduction, scale 4) and the
    /// seeded deal `seed`.
    pub fn hearts(seed: u64) -> CardGame {
        CardGame::new(Variant::Hearts, card(0, DIAMONDS), seed)
    }

    /// Spades (2 of clubs removed, tricks scored, scale 4) and the seeded deal `seed`.
    pub fn spades(seed: u64) -> CardGame {
        CardGame::new(Variant::Spades, card(0, CLUBS), seed)
    }

    fn new(variant: Variant, removed: Card, seed: u64) -> CardGame {
        let mut g = CardGame {
            variant,
            removed,
            equiv: false,
            scale: 4,
            scoring: Scoring::Research,
            deal: [0; PLAYERS],
            seed,
        };
        g.deal = g.seeded_deal(seed);
        g
    }

    /// The same rules with the equivalent-card reduction on or off.
    pub fn with_equiv(mut self, on: bool) -> CardGame {
        self.equiv = on;
        self
    }

    /// The same rules with every value multiplied by `scale` (at least 1).
    pub fn with_scale(mut self, scale: Score) -> CardGame {
        self.scale = scale.max(1);
        self
    }

    /// The same rules with `scoring` (bids apply to Spades only).
    pub fn with_scoring(mut self, scoring: Scoring) -> CardGame {
        self.scoring = scoring;
        self
    }

    /// Reads `hearts(deal=SEED,remove=2D,equiv=0|1,scale=N)` or
    /// `spades(deal=SEED,equiv=0|1,scale=N,scoring=tricks|bids,bids=A-B-C)`.
    pub fn from_spec(spec: &Spec) -> Result<CardGame, SpecError> {
        let seed: u64 = spec.get("deal", 1)?;
        let mut g = match spec.name() {
            "hearts" => {
                let removed = match spec.raw("remove") {
                    None => card(0, DIAMONDS),
                    Some(t) => {
                        let c = parse_card(t)
                            .ok_or_else(|| spec.bad_value("remove", t, "not a card (e.g. 2D)"))?;
                        if suit(c) == HEARTS || c == hearts::QUEEN_OF_SPADES {
                            return Err(spec.bad_value(
                                "remove",
                                t,
                                "the removed card must not carry points",
                            ));
                        }
                        if c == card(0, CLUBS) {
                            return Err(spec.error(
                                "parameter `remove=2C`: the 2 of clubs leads the first trick",
                            ));
                        }
                        c
                    }
                };
                CardGame::new(Variant::Hearts, removed, seed)
            }
            "spades" => CardGame::new(Variant::Spades, card(0, CLUBS), seed),
            other => return Err(spec.error(format!("`{}` is not a card game", quoted(other)))),
        };
        g.equiv = spec.get_in("equiv", 0u8, 0..=1)? == 1;
        g.scale = spec.get_in("scale", 4i64, 1..=1_000_000)?;
        if g.variant == Variant::Spades {
            let scoring = spec.raw("scoring").unwrap_or("tricks");
            match scoring {
                "tricks" => {
                    if spec.raw("bids").is_some() {
                        return Err(spec.error("parameter `bids` needs `scoring=bids`"));
                    }
                }
                "bids" => {
                    let bids = match spec.raw("bids") {
                        None => spades::auto_bids(&g.deal),
                        Some(t) => {
                            let parts: Vec<&str> = t.split('-').collect();
                            let mut b = [0u8; PLAYERS];
                            if parts.len() != PLAYERS {
                                return Err(spec.bad_value(
                                    "bids",
                                    t,
                                    "give three bids, e.g. 5-6-4",
                                ));
                            }
                            for (i, p) in parts.iter().enumerate() {
                                b[i] = p
                                    .trim()
                                    .parse::<u8>()
                                    .ok()
                                    .filter(|&x| x <= 17)
                                    .ok_or_else(|| {
                                        spec.bad_value(
                                            "bids",
                                            t,
                                            format_args!("`{}` is not a bid 0..17", quoted(p)),
                                        )
                                    })?;
                            }
                            b
                        }
                    };
                    g.scoring = Scoring::Bids(bids);
                }
                other => return Err(spec.bad_value("scoring", other, "expected tricks or bids")),
            }
        }
        spec.finish()?;
        Ok(g)
    }

    /// The spec that rebuilds these rules and the default deal.
    pub fn spec(&self) -> String {
        let mut s = match self.variant {
            Variant::Hearts => format!(
                "hearts(deal={},remove={}",
                self.seed,
                card_name(self.removed)
            ),
            Variant::Spades => format!("spades(deal={}", self.seed),
        };
        let _ = write!(s, ",equiv={},scale={}", self.equiv as u8, self.scale);
        if let Scoring::Bids(b) = self.scoring {
            let _ = write!(s, ",scoring=bids,bids={}-{}-{}", b[0], b[1], b[2]);
        }
        s.push(')');
        s
    }

    /// Which game.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The card taken out of the deck.
    pub fn removed(&self) -> Card {
        self.removed
    }

    /// The value scale (see the module documentation).
    pub fn scale(&self) -> Score {
        self.scale
    }

    /// Whether the equivalent-card reduction is on.
    pub fn equiv(&self) -> bool {
        self.equiv
    }

    /// How a finished hand is scored.
    pub fn scoring(&self) -> Scoring {
        self.scoring
    }

    /// The trump suit, if any.
    #[inline]
    pub fn trump(&self) -> Option<u8> {
        match self.variant {
            Variant::Hearts => None,
            Variant::Spades => Some(SPADES),
        }
    }

    /// The deck of this game: 52 cards minus the removed one.
    pub fn deck(&self) -> u64 {
        DECK & !(1u64 << self.removed)
    }

    /// The hands of the seeded deal `seed` (see the module documentation).
    pub fn seeded_deal(&self, seed: u64) -> [u64; PLAYERS] {
        let mut cards: Vec<Card> = cards_of(self.deck()).collect();
        let mut rng = SplitMix64::new(seed);
        for i in (1..cards.len()).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            cards.swap(i, j);
        }
        let mut hands = [0u64; PLAYERS];
        for (i, &c) in cards.iter().enumerate() {
            hands[i / HAND] |= 1u64 << c;
        }
        hands
    }

    /// The start of a hand with these hands: Hearts starts with the holder of the 2 of clubs
    /// to lead, Spades with P0.
    pub fn deal_state(&self, hands: [u64; PLAYERS]) -> CardState {
        let leader = match self.variant {
            Variant::Hearts => (0..PLAYERS)
                .find(|&p| hands[p] & (1u64 << card(0, CLUBS)) != 0)
                .unwrap_or(0),
            Variant::Spades => 0,
        };
        CardState {
            hands,
            done: 0,
            trick: [0; PLAYERS],
            trick_len: 0,
            leader: leader as u8,
            taken: [0; PLAYERS],
            tricks: [0; PLAYERS],
            broken: false,
            voids: [0; PLAYERS],
        }
    }

    /// The start of the seeded deal `seed`.
    pub fn deal(&self, seed: u64) -> CardState {
        self.deal_state(self.seeded_deal(seed))
    }

    /// Reads a deal, `P0: KC 7C QD ... / P1: ... / P2: ...`: three hands of 17 cards that
    /// together hold every card of the deck exactly once (the hands may come in any order,
    /// each named by its seat). Errors name the problem: an unknown card, a card given
    /// twice, the removed card, a wrong hand size, a missing or repeated seat.
    pub fn parse_deal(&self, text: &str) -> Result<CardState, DealError> {
        let parts: Vec<&str> = text.split('/').collect();
        if parts.len() != PLAYERS {
            return Err(DealError(format!(
                "a deal has three hands separated by `/` (`P0: KC 7C ... / P1: ... / P2: ...`), found {}",
                parts.len()
            )));
        }
        let mut hands = [0u64; PLAYERS];
        let mut seen_seat = [false; PLAYERS];
        let mut all = 0u64;
        for (i, part) in parts.iter().enumerate() {
            let part = part.trim();
            let (seat, rest) = match part.split_once(':') {
                Some((s, r)) => {
                    let s = s.trim();
                    let idx = s
                        .strip_prefix(['P', 'p'])
                        .and_then(|n| n.parse::<usize>().ok())
                        .filter(|&n| n < PLAYERS)
                        .ok_or_else(|| {
                            DealError(format!(
                                "hand {}: `{s}` is not a seat (P0, P1 or P2)",
                                i + 1
                            ))
                        })?;
                    (idx, r)
                }
                None => (i, part),
            };
            if seen_seat[seat] {
                return Err(DealError(format!("P{seat} is given twice")));
            }
            seen_seat[seat] = true;
            for tok in rest.split_whitespace() {
                let c = parse_card(tok).ok_or_else(|| {
                    DealError(format!(
                        "P{seat}: `{tok}` is not a card (rank 2-9 T J Q K A, then suit C D S H, e.g. KC)"
                    ))
                })?;
                let bit = 1u64 << c;
                if c == self.removed {
                    return Err(DealError(format!(
                        "P{seat}: {} is removed from the deck in this game",
                        card_name(c)
                    )));
                }
                if all & bit != 0 {
                    return Err(DealError(format!(
                        "P{seat}: {} is dealt twice",
                        card_name(c)
                    )));
                }
                all |= bit;
                hands[seat] |= bit;
            }
        }
        for p in 0..PLAYERS {
            let n = hands[p].count_ones() as usize;
            if n != HAND {
                return Err(DealError(format!(
                    "wrong hand size: P{p} has {n} cards, every hand must hold {HAND}"
                )));
            }
        }
        Ok(self.deal_state(hands))
    }

    /// The deal as text, in the format [`CardGame::parse_deal`] reads.
    pub fn deal_text(&self, state: &CardState) -> String {
        (0..PLAYERS)
            .map(|p| format!("P{p}: {}", mask_names(state.hands[p])))
            .collect::<Vec<_>>()
            .join(" / ")
    }

    /// The legal cards of the player to move, as a mask (before any reduction).
    #[inline]
    pub fn legal(&self, s: &CardState) -> u64 {
        let p = s.to_move();
        let h = s.hands[p];
        if s.trick_len == 0 {
            let two_clubs = 1u64 << card(0, CLUBS);
            if self.variant == Variant::Hearts && h & two_clubs != 0 {
                return two_clubs;
            }
            let guarded = match self.variant {
                Variant::Hearts => suit_mask(HEARTS),
                Variant::Spades => suit_mask(SPADES),
            };
            if !s.broken && h & !guarded != 0 {
                return h & !guarded;
            }
            h
        } else {
            let f = h & suit_mask(suit(s.trick[0]));
            if f != 0 {
                f
            } else {
                h
            }
        }
    }

    /// The legal cards after the equivalent-card reduction (when it is on).
    #[inline]
    pub fn moves_mask(&self, s: &CardState) -> u64 {
        let legal = self.legal(s);
        if !self.equiv {
            return legal;
        }
        let h = s.hands[s.to_move()];
        let filled = h | s.done;
        let keep_always = match self.variant {
            Variant::Hearts => 1u64 << hearts::QUEEN_OF_SPADES,
            Variant::Spades => 0,
        };
        let mut out = 0u64;
        for su in 0..4u8 {
            let l = legal & suit_mask(su);
            if l == 0 {
                continue;
            }
            let mut run_has = false;
            for r in 0..13u8 {
                let bit = 1u64 << card(r, su);
                if filled & bit == 0 {
                    run_has = false;
                } else if l & bit != 0 {
                    if !run_has || bit & keep_always != 0 {
                        out |= bit;
                    }
                    run_has = true;
                }
            }
        }
        out
    }

    /// The card depth that ends exactly at the end of the `tricks`-th trick from `state`
    /// (the trick in progress counts as the first): `3 tricks - cards already in the trick`.
    pub fn cards_for_tricks(&self, state: &CardState, tricks: u32) -> u32 {
        (3 * tricks).saturating_sub(state.trick_len as u32)
    }

    /// The value of a finished hand (scaled).
    fn final_value(&self, s: &CardState) -> Scores {
        let mut v = Scores::zeros(PLAYERS);
        for p in 0..PLAYERS {
            v[p] = match (self.variant, self.scoring) {
                (Variant::Hearts, _) => self.scale * (26 - s.taken[p] as Score),
                (Variant::Spades, Scoring::Research) => self.scale * s.tricks[p] as Score,
                (Variant::Spades, Scoring::Bids(b)) => {
                    self.scale * spades::bid_score(b[p], s.tricks[p])
                }
            };
        }
        v
    }
}

impl Game for CardGame {
    type State = CardState;
    type Move = Card;
    /// The other players' hands ([`Game::resample`]).
    const HIDDEN_INFORMATION: bool = true;

    /// The move's history slot ([`gametree::hash::Zobrist::move_slot`]).
    fn move_key(&self, mv: Card) -> Option<usize> {
        gametree::hash::Zobrist::move_slot(self, mv)
    }

    fn players(&self) -> usize {
        PLAYERS
    }

    fn initial(&self) -> CardState {
        self.deal_state(self.deal)
    }

    #[inline]
    fn to_move(&self, state: &CardState) -> Player {
        Player::new(state.to_move())
    }

    #[inline]
    fn moves(&self, state: &CardState, out: &mut Vec<Card>) {
        let mut m = self.moves_mask(state);
        while m != 0 {
            out.push(m.trailing_zeros() as Card);
            m &= m - 1;
        }
    }

    #[inline]
    fn play(&self, s: &CardState, c: Card) -> CardState {
        let mut n = *s;
        let p = s.to_move();
        let bit = 1u64 << c;
        n.hands[p] &= !bit;
        if s.trick_len > 0 {
            let led = suit(s.trick[0]);
            if suit(c) != led {
                n.voids[p] |= 1 << led;
            }
        }
        let guarded = match self.variant {
            Variant::Hearts => HEARTS,
            Variant::Spades => SPADES,
        };
        if suit(c) == guarded {
            n.broken = true;
        }
        n.trick[s.trick_len as usize] = c;
        n.trick_len += 1;
        if n.trick_len as usize == PLAYERS {
            let w = (n.leader as usize + n.winning_index(self.trump())) % PLAYERS;
            let cards = n.trick_mask();
            let points = match self.variant {
                Variant::Hearts => hearts::points(cards),
                Variant::Spades => 1,
            };
            n.taken[w] += points;
            n.tricks[w] += 1;
            n.done |= cards;
            n.trick_len = 0;
            n.leader = w as u8;
        }
        n
    }

    #[inline]
    fn outcome(&self, s: &CardState) -> Option<Scores> {
        if s.hands[0] | s.hands[1] | s.hands[2] != 0 {
            return None;
        }
        Some(self.final_value(s))
    }

    fn move_name(&self, _state: &CardState, mv: Card) -> String {
        card_name(mv)
    }

    /// The real game hides the other hands: a deal of the unseen cards consistent with what
    /// the player to move has seen ([`monte_carlo::sample_world`]: its own hand, the cards
    /// played, the hand sizes and the revealed voids kept), uniform among such deals.
    fn resample(
        &self,
        state: &CardState,
        rng: &mut gametree::rng::SplitMix64,
    ) -> Option<CardState> {
        monte_carlo::sample_world(self, state, rng)
    }

    fn render(&self, s: &CardState, _color: bool) -> String {
        let mut out = String::new();
        let unit = match self.variant {
            Variant::Hearts => "points",
            Variant::Spades => "tricks",
        };
        let mover = s.to_move();
        for p in 0..PLAYERS {
            let mark = if p == mover && s.cards_left() > 0 {
                "*"
            } else {
                " "
            };
            let _ = write!(out, "{mark}P{p} [{:>2} {unit}] ", s.taken[p]);
            for su in 0..4u8 {
                let mut cards: Vec<String> = cards_of(s.hands[p] & suit_mask(su))
                    .map(|c| RANKS[rank(c) as usize].to_string())
                    .collect();
                cards.reverse();
                let _ = write!(
                    out,
                    " {}: {:<12}",
                    SUITS[su as usize],
                    if cards.is_empty() {
                        "-".to_string()
                    } else {
                        cards.join("")
                    }
                );
            }
            out.push('\n');
        }
        if s.trick_len > 0 {
            let _ = write!(out, "trick:");
            for i in 0..s.trick_len as usize {
                let p = (s.leader as usize + i) % PLAYERS;
                let _ = write!(out, " P{p} {}", card_name(s.trick[i]));
            }
        } else if s.cards_left() > 0 {
            let _ = write!(out, "P{} leads", s.leader);
        } else {
            let _ = write!(out, "hand over");
        }
        if self.variant == Variant::Hearts {
            let _ = write!(
                out,
                "   hearts {}",
                if s.broken { "broken" } else { "not broken" }
            );
        } else {
            let _ = write!(
                out,
                "   spades {}",
                if s.broken { "broken" } else { "not broken" }
            );
        }
        out.push('\n');
        out
    }
}

impl gametree::hash::Zobrist for CardGame {
    /// Everything a search below the position can depend on: the three hands, the trick in
    /// progress (its cards in order and who led it), whether hearts or spades are broken,
    /// and the points and tricks already taken, mixed by [`crate::rng::mix64`]. The cards
    /// of completed tricks are the deck minus the hands and the trick, so they need no
    /// words of their own; [`CardState::voids`] is history (what the others saw), which
    /// neither the rules nor [`CardEval`] read.
    #[inline]
    fn hash(&self, s: &CardState) -> u64 {
        let mut taken = 0u64;
        for p in 0..PLAYERS {
            taken |= (s.taken[p] as u64) << (8 * p) | (s.tricks[p] as u64) << (32 + 8 * p);
        }
        crate::rng::mix64(s.cards_hash() ^ taken)
    }

    /// The card (`0..52`).
    #[inline]
    fn move_slot(&self, mv: Card) -> Option<usize> {
        Some(mv as usize)
    }

    /// Research scoring: the hash of the hands, the trick in progress and the broken flag
    /// (not what was taken), and the banked part `-scale * points taken` (Hearts) or
    /// `scale * tricks` (Spades): every final value and cut-off evaluation is that plus a
    /// function of the cards still held (the unplayed points and tricks are shared by the
    /// hands), and the move order reads only the cards. So a position reached with other
    /// points taken shares the table entry. Bid scoring is not additive: `None`.
    fn banked(&self, s: &CardState) -> Option<(u64, Scores)> {
        if self.scoring != Scoring::Research {
            return None;
        }
        let h = s.cards_hash();
        let mut b = Scores::zeros(PLAYERS);
        for p in 0..PLAYERS {
            b[p] = match self.variant {
                Variant::Hearts => -self.scale * s.taken[p] as Score,
                Variant::Spades => self.scale * s.tricks[p] as Score,
            };
        }
        Some((h, b))
    }

    /// Only between tricks: two lines of play reach the same position only when they
    /// played the same cards in different tricks, so a position in the middle of a trick
    /// is new whenever the position at the start of that trick was.
    #[inline]
    fn may_transpose(&self, s: &CardState) -> bool {
        s.trick_len == 0
    }
}

/// The evaluator of both games: the constant-sum cut-off values (fixed-point shares of what
/// is left, sum exact), the monotonic subtree bounds of branch-and-bound, and Sturtevant's
/// move ordering. See [`hearts`] and [`spades`] for each game's formulas.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CardEval;

/// Splits `total` among the players in proportion to `weights` (all positive), in integers:
/// each gets `floor(total w_i / W)`, and the remainder (less than 3) goes one unit each to the
/// players in seat order. The shares sum to `total` exactly.
#[inline]
pub fn share(total: Score, weights: [Score; PLAYERS]) -> [Score; PLAYERS] {
    let w: Score = weights.iter().sum();
    let mut out = [0; PLAYERS];
    if total == 0 || w <= 0 {
        if w <= 0 && total > 0 {
            out[0] = total;
        }
        return out;
    }
    let mut given = 0;
    for p in 0..PLAYERS {
        out[p] = total * weights[p] / w;
        given += out[p];
    }
    let mut rest = total - given;
    let mut p = 0;
    while rest > 0 {
        out[p] += 1;
        rest -= 1;
        p = (p + 1) % PLAYERS;
    }
    out
}

impl Evaluator<CardGame> for CardEval {
    fn evaluate(&self, game: &CardGame, s: &CardState) -> Scores {
        match game.variant {
            Variant::Hearts => hearts::evaluate(game, s),
            Variant::Spades => spades::evaluate(game, s),
        }
    }

    fn bounds(&self, game: &CardGame) -> Bounds {
        match (game.variant, game.scoring) {
            (Variant::Hearts, _) => Bounds::constant_sum(PLAYERS, 52 * game.scale),
            (Variant::Spades, Scoring::Research) => {
                Bounds::constant_sum(PLAYERS, HAND as i64 * game.scale)
            }
            (Variant::Spades, Scoring::Bids(_)) => Bounds::none(),
        }
    }

    fn subtree_bounds(&self, game: &CardGame, s: &CardState) -> Option<SubtreeBounds> {
        let mut b: SubtreeBounds = [(0, 0); gametree::MAX_PLAYERS];
        let k = game.scale;
        match (game.variant, game.scoring) {
            (Variant::Hearts, _) => {
                let left = 26 - s.taken.iter().map(|&t| t as Score).sum::<Score>();
                for p in 0..PLAYERS {
                    let hi = k * (26 - s.taken[p] as Score);
                    b[p] = (hi - k * left, hi);
                }
            }
            (Variant::Spades, Scoring::Research) => {
                let left = HAND as Score - s.tricks.iter().map(|&t| t as Score).sum::<Score>();
                for p in 0..PLAYERS {
                    let lo = k * s.tricks[p] as Score;
                    b[p] = (lo, lo + k * left);
                }
            }
            (Variant::Spades, Scoring::Bids(_)) => return None,
        }
        Some(b)
    }

    fn order(&self, game: &CardGame, s: &CardState, moves: &mut [Card]) {
        match game.variant {
            Variant::Hearts => hearts::order(game, s, moves),
            Variant::Spades => spades::order(game, s, moves),
        }
    }
}

/// Sorts `moves` by `key(card)` ascending, ties by card: an insertion sort (hands hold at
/// most 17 cards), no allocation.
#[inline]
pub(crate) fn sort_by_key<F: Fn(Card) -> i32>(moves: &mut [Card], key: F) {
    let mut keys = [0i32; 64];
    for (i, &c) in moves.iter().enumerate().take(64) {
        keys[i] = key(c) * 64 + c as i32;
    }
    let n = moves.len().min(64);
    for i in 1..n {
        let (k, c) = (keys[i], moves[i]);
        let mut j = i;
        while j > 0 && keys[j - 1] > k {
            keys[j] = keys[j - 1];
            moves[j] = moves[j - 1];
            j -= 1;
        }
        keys[j] = k;
        moves[j] = c;
    }
}

/// Iterative deepening in whole tricks: searches `algorithm` to the end of the 1st, 2nd, ...
/// trick from `state` (card depths [`CardGame::cards_for_tricks`]) until the hand is
/// searched to its end, `max_tricks` is reached, or the node limit of `config` (the total
/// over all iterations) stops it; returns the last completed iteration with the counts of
/// all iterations summed (`stats.depth` is that iteration's depth in cards, and
/// `stats.iterations` the number of completed tricks' iterations).
pub fn iterative_tricks<E: Evaluator<CardGame>>(
    algorithm: Algorithm,
    game: &CardGame,
    eval: &E,
    state: &CardState,
    config: &Config,
    max_tricks: u32,
) -> Result<SearchResult<Card>, SearchError> {
    deepen_by_tricks(game, state, config, max_tricks, |c| {
        run(algorithm, game, eval, state, c)
    })
}

/// [`iterative_tricks`] over any fixed-depth search: the core's iterative-deepening driver
/// ([`gametree::search::iterative::deepen`]) with a schedule of whole tricks, the depth of
/// iteration `t` being the cards that complete the `t`-th trick from `state` (at most
/// `max_tricks` iterations, at least one; the last one reaches the end of the hand).
/// `search` is called with `config` at each depth, its node limit lowered by what earlier
/// iterations used; the driver keeps the accounting: an iteration stopped by a limit is
/// dropped (its nodes counted, not its iteration), the deadline and
/// [`gametree::search::Limits::start`] are the whole run's.
pub fn deepen_by_tricks<F>(
    game: &CardGame,
    state: &CardState,
    config: &Config,
    max_tricks: u32,
    mut search: F,
) -> Result<SearchResult<Card>, SearchError>
where
    F: FnMut(&Config) -> Result<SearchResult<Card>, SearchError>,
{
    let left = state.cards_left();
    let mut tricks = 0;
    let schedule = DepthSchedule::Next(Box::new(move |last| {
        if last.is_some_and(|d| d >= left) || tricks >= max_tricks.max(1) {
            return None;
        }
        tricks += 1;
        Some(game.cards_for_tricks(state, tricks).min(left))
    }));
    deepen(config, schedule, |c, _| search(c).map(Iteration::Completed))
}

#[cfg(test)]
mod tests;
