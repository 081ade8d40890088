//! A transposition table of exact value vectors for the max^n family
//! ([`crate::search::maxn_table()`], [`crate::search::speculative_table()`]).
//!
//! # Entries
//!
//! An entry holds the position's 64-bit hash, the draft (the depth left below the node when
//! it was searched), the index of the best child in the node's search order, whether the
//! search below it reached its depth limit somewhere, and the exact value vector
//! ([`Scores`]): 64 bytes, one cache line. Only exact values are stored: a max^n
//! value, or the value a speculative search proved exact (a pruned subtree's answer is a
//! bound relative to its ancestors and is never stored).
//!
//! # Use
//!
//! An entry answers a probe only at its own draft: the depth-limited max^n value of a
//! position depends on the position and the depth left only, so a search with the table
//! returns exactly the value of the same search without it. (In a trick-taking game every
//! transposition within one search has the same draft: the cards played are the same.)
//!
//! # Replacement
//!
//! Two-entry buckets: a hash selects a bucket; slot 0 keeps the deepest entry, slot 1 takes
//! everything else (Breuker, Uiterwijk & van den Herik 1994, "TwoDeep"). The table is
//! single-threaded.
//!
//! # Clearing
//!
//! Every entry carries the table's generation (1 to 127) when it is written, and an entry of
//! another generation is empty: [`VectorTable::clear`] starts the next generation, which
//! empties every entry without writing one, so a cleared table answers every probe and
//! takes every store exactly as a new one does. Only when the generations run out (every
//! 127th clear) does it write the whole table to zero. A caller that plays many games can
//! therefore clear one table between them instead of making a new one (whose pages the
//! system zeroes as they are first written: 16 MiB per table with huge pages).
//!
//! # Memory
//!
//! An entry is one cache line of eight words (the hash, the six components of the value,
//! and the draft, best child, player count, `full` flag and generation packed in one word);
//! all zero is an empty entry (generation 0, never current). A new table is memory the system zeroes as it is first
//! written (`crate::hash::memory`), so making one costs no time whatever its size.

use crate::game::{Game, Score, Scores, MAX_PLAYERS};
pub use crate::hash::memory::TableError;
use crate::hash::memory::{mib_bytes, Lines, LINE_WORDS};
use crate::hash::Hashing;

/// No best child recorded.
const NO_MOVE: u16 = u16::MAX;

/// A decoded entry of the current generation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Slot {
    hash: u64,
    value: [Score; MAX_PLAYERS],
    draft: u32,
    best: u16,
    /// 1 to `MAX_PLAYERS` (emptiness is the generation's: [`Slot::read`]). Every draft,
    /// `u32::MAX` included (the root of a search without a depth limit), is a real draft.
    players: u8,
    /// Whether some line below the node reached the depth limit ([`Hit::full`]).
    full: bool,
}

/// The word of an entry's line that packs its draft (bits 0-31), best child (32-47),
/// player count (48-55), `full` flag (56) and generation (57-63); the hash is word 0, the
/// value words 1 to 6.
const META: usize = LINE_WORDS - 1;

/// The first bit of the generation in [`META`].
const GENERATION_SHIFT: u32 = 57;

/// The last generation: after it, [`VectorTable::clear`] writes zeros and starts again at 1
/// (generation 0 is that of zeroed memory, never current).
const LAST_GENERATION: u8 = 127;

// The hash, one word per player and the packed word fill the line exactly.
const _: () = assert!(1 + MAX_PLAYERS + 1 == LINE_WORDS);

impl Slot {
    /// The entry stored in `line` in generation `generation`; `None` when the line is
    /// empty (all zero: generation 0) or was written in another generation.
    #[inline]
    fn read(line: &[u64; LINE_WORDS], generation: u8) -> Option<Slot> {
        let meta = line[META];
        if (meta >> GENERATION_SHIFT) as u8 != generation {
            return None;
        }
        let mut value = [0; MAX_PLAYERS];
        for (v, w) in value.iter_mut().zip(&line[1..=MAX_PLAYERS]) {
            *v = *w as Score;
        }
        Some(Slot {
            hash: line[0],
            value,
            draft: meta as u32,
            best: (meta >> 32) as u16,
            players: (meta >> 48) as u8,
            full: (meta >> 56) & 1 == 1,
        })
    }

    /// Writes the entry into `line` in generation `generation`.
    #[inline]
    fn write(&self, line: &mut [u64; LINE_WORDS], generation: u8) {
        line[0] = self.hash;
        for (w, v) in line[1..=MAX_PLAYERS].iter_mut().zip(&self.value) {
            *w = *v as u64;
        }
        line[META] = u64::from(self.draft)
            | u64::from(self.best) << 32
            | u64::from(self.players) << 48
            | u64::from(self.full) << 56
            | u64::from(generation) << GENERATION_SHIFT;
    }
}

/// A table of exact value vectors of fixed memory.
#[derive(Clone, Debug)]
pub struct VectorTable {
    /// One line per entry, bucket `b` at lines `2b` and `2b + 1`.
    slots: Lines<u64>,
    /// `slots.len() / 2 - 1` (the bucket count is a power of two).
    mask: usize,
    /// The current generation (1 to [`LAST_GENERATION`]): entries of any other are empty.
    generation: u8,
}

/// Bytes per entry.
pub const ENTRY_BYTES: usize = 64;

/// What a probe found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    /// The exact value.
    pub value: Scores,
    /// The index of the best child in the node's search order, if recorded.
    pub best: Option<usize>,
    /// Whether some line below the node reached the depth limit when it was searched
    /// (`false`: every line ended in a terminal position first). A search that answers a
    /// node from the table counts the depth limit as reached when this is set, so that
    /// iterative deepening does not take a tree answered from the table for an exhausted
    /// one.
    pub full: bool,
}

impl VectorTable {
    /// A table of at most `mib` MiB (at least one bucket of two entries), all empty.
    ///
    /// # Panics
    ///
    /// When the memory cannot be allocated; [`VectorTable::try_with_mib`] returns an error
    /// instead (use it for sizes that come from a user).
    pub fn with_mib(mib: usize) -> VectorTable {
        VectorTable::try_with_mib(mib).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A table of at most `mib` MiB (at least one bucket of two entries), all empty, or a
    /// [`TableError`] when that much memory cannot be allocated (any `mib`, even
    /// `usize::MAX`, gives one or the other: nothing overflows). Untouched memory costs
    /// nothing: the pages are mapped as the search first writes them.
    pub fn try_with_mib(mib: usize) -> Result<VectorTable, TableError> {
        let asked = mib_bytes(mib);
        let entries = (usize::try_from(asked / ENTRY_BYTES as u128).unwrap_or(usize::MAX)).max(2);
        // The largest power of two of buckets whose two entries fit in `entries`.
        let buckets = 1usize << (usize::BITS - 1 - (entries / 2).leading_zeros());
        Ok(VectorTable {
            slots: Lines::try_new(buckets * 2, asked)?,
            mask: buckets - 1,
            generation: 1,
        })
    }

    /// The number of entries.
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// Empties every entry: afterwards the table answers and stores exactly as a new one.
    /// It starts the next generation, without writing to the table, except every 127th
    /// time, when the generations run out and it writes zeros over the whole table.
    pub fn clear(&mut self) {
        if self.generation == LAST_GENERATION {
            self.slots.words_mut().fill(0);
            self.generation = 1;
        } else {
            self.generation += 1;
        }
    }

    /// The entry of `hash` stored at exactly `draft`, if any.
    #[inline]
    pub fn probe(&self, hash: u64, draft: u32) -> Option<Hit> {
        let b = (hash as usize & self.mask) * 2;
        for i in b..b + 2 {
            let line = self.slots.line(i);
            // The hash first: most probes miss, and a miss reads one word.
            if line[0] != hash {
                continue;
            }
            let Some(s) = Slot::read(line, self.generation) else {
                continue;
            };
            if s.draft == draft {
                return Some(Hit {
                    value: Scores::from_slice(&s.value[..s.players as usize]),
                    best: (s.best != NO_MOVE).then_some(s.best as usize),
                    full: s.full,
                });
            }
        }
        None
    }

    /// Stores the exact `value` of `hash` at `draft`, with the index of its best child
    /// (indices from `u16::MAX` on are not recorded) and whether the search below reached
    /// its depth limit ([`Hit::full`]).
    #[inline]
    pub fn store(&mut self, hash: u64, draft: u32, value: Scores, best: Option<usize>, full: bool) {
        let b = (hash as usize & self.mask) * 2;
        let i = match Slot::read(self.slots.line(b), self.generation) {
            Some(deep) if deep.hash != hash && deep.draft > draft => b + 1,
            _ => b,
        };
        let mut v = [0; MAX_PLAYERS];
        v[..value.players()].copy_from_slice(value.as_slice());
        Slot {
            hash,
            value: v,
            draft,
            best: best.map_or(NO_MOVE, |m| u16::try_from(m).unwrap_or(NO_MOVE)),
            players: value.players() as u8,
            full,
        }
        .write(self.slots.line_mut(i), self.generation);
    }
}

/// A table key: the hash, the draft, and the banked part of the values
/// ([`crate::hash::Zobrist::banked`]) that entries are stored without.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key {
    /// The hash ([`crate::hash::Zobrist::banked`]'s when the game has one).
    pub hash: u64,
    /// The depth left.
    pub draft: u32,
    /// Added to a stored value when it is read, taken out when it is stored.
    pub banked: Option<Scores>,
}

impl Key {
    /// The key of `state` with `draft` plies left, or `None` when the game has no hashes
    /// or says `state` cannot be a transposition ([`crate::hash::Zobrist::may_transpose`]).
    #[inline(always)]
    pub fn of<G: Game, H: Hashing<G>>(
        hasher: &H,
        game: &G,
        state: &G::State,
        draft: u32,
    ) -> Option<Key> {
        if !H::TABLE || !hasher.may_transpose(game, state) {
            return None;
        }
        let (hash, banked) = hasher.banked(game, state);
        Some(Key {
            hash,
            draft,
            banked,
        })
    }
}

impl VectorTable {
    /// The value stored for `key`, the banked part added back.
    #[inline]
    pub fn get(&self, key: &Key) -> Option<Hit> {
        let mut hit = self.probe(key.hash, key.draft)?;
        if let Some(b) = key.banked {
            for (v, d) in hit.value.as_mut_slice().iter_mut().zip(b.as_slice()) {
                *v += d;
            }
        }
        Some(hit)
    }

    /// Stores `value` for `key`, the banked part taken out (`full`: [`Hit::full`]).
    #[inline]
    pub fn put(&mut self, key: &Key, mut value: Scores, best: Option<usize>, full: bool) {
        if let Some(b) = key.banked {
            for (v, d) in value.as_mut_slice().iter_mut().zip(b.as_slice()) {
                *v -= d;
            }
        }
        self.store(key.hash, key.draft, value, best, full);
    }
}

/// Completes a principal variation that a table hit cut short. `pv` leads from `root` to
/// the position where it stops; from there `research(state, ply)` searches that node again
/// (without answering it from its own entry) and returns the line it found, which is
/// appended, until the line reaches a terminal position or `depth_limit` (or `research`
/// gives up with `None` or an empty line). Only a principal variation is re-searched, so
/// this costs a few nodes per hit on it.
pub(crate) fn complete_pv<G: Game>(
    game: &G,
    root: &G::State,
    depth_limit: u32,
    pv: &mut Vec<G::Move>,
    mut research: impl FnMut(&G::State, u32) -> Option<Vec<G::Move>>,
) {
    let mut state = root.clone();
    for &mv in pv.iter() {
        state = game.play(&state, mv);
    }
    let mut ply = pv.len() as u32;
    while game.outcome(&state).is_none() && ply < depth_limit {
        let line = match research(&state, ply) {
            Some(line) if !line.is_empty() => line,
            _ => return,
        };
        for &mv in &line {
            state = game.play(&state, mv);
        }
        ply += line.len() as u32;
        pv.extend_from_slice(&line);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue #11, defect 2: `VectorTable::with_mib(65536)` aborted the process and a size
    /// near `usize::MAX` overflowed; the fallible constructor reports both.
    #[test]
    fn defect_2_a_vector_table_that_cannot_be_allocated_is_an_error() {
        let e = VectorTable::try_with_mib(usize::MAX).expect_err("2^84 bytes");
        assert_eq!(e.bytes, (usize::MAX as u128) << 20);
        let e = VectorTable::try_with_mib(1 << 30).expect_err("1 PiB");
        assert_eq!(e.to_string(), "cannot allocate 1 PiB for the table");
        // The sizes that can be allocated are unchanged: a power of two of buckets.
        for (mib, entries) in [(0, 2), (1, 16384), (3, 32768), (16, 262144)] {
            assert_eq!(
                VectorTable::try_with_mib(mib).map(|t| t.capacity()),
                Ok(entries),
                "{mib} MiB"
            );
        }
    }

    #[test]
    fn entries_are_one_cache_line() {
        assert_eq!(LINE_WORDS * 8, ENTRY_BYTES);
        let s = Slot {
            hash: u64::MAX,
            value: [-1, i64::MIN, i64::MAX, 0, 5, -6],
            draft: u32::MAX,
            best: NO_MOVE - 1,
            players: MAX_PLAYERS as u8,
            full: true,
        };
        let mut line = [0; LINE_WORDS];
        for generation in [1, 2, LAST_GENERATION] {
            s.write(&mut line, generation);
            assert_eq!(Slot::read(&line, generation), Some(s));
            assert_eq!(Slot::read(&line, generation - 1), None);
        }
        assert_eq!(Slot::read(&[0; LINE_WORDS], 1), None, "all zero is empty");
    }

    #[test]
    fn probe_needs_the_same_hash_and_draft() {
        let mut t = VectorTable::with_mib(1);
        assert_eq!(t.capacity(), 16384);
        let v = Scores::from_slice(&[1, 2, 3]);
        t.store(42, 5, v, Some(2), true);
        assert_eq!(
            t.probe(42, 5),
            Some(Hit {
                value: v,
                best: Some(2),
                full: true,
            })
        );
        t.store(7, 1, v, None, false);
        assert!(!t.probe(7, 1).unwrap().full);
        assert_eq!(t.probe(42, 4), None);
        assert_eq!(t.probe(43, 5), None);
        t.clear();
        assert_eq!(t.probe(42, 5), None);
    }

    #[test]
    fn the_deeper_entry_stays() {
        let mut t = VectorTable::with_mib(0);
        assert_eq!(t.capacity(), 2);
        let v = Scores::from_slice(&[1, 1]);
        t.store(1, 9, v, None, true);
        t.store(2, 3, v, None, true);
        t.store(3, 4, v, None, true);
        assert!(t.probe(1, 9).is_some());
        assert!(t.probe(2, 3).is_none());
        assert_eq!(t.probe(3, 4).map(|h| h.best), Some(None));
        // A deeper entry takes slot 0.
        t.store(4, 10, v, Some(0), true);
        assert!(t.probe(4, 10).is_some());
        assert!(t.probe(1, 9).is_none());
    }

    /// Found by the overflow-checked test build: a search without a depth limit stores its
    /// root at draft `u32::MAX`, which used to be the empty marker, so an empty slot could
    /// answer a probe of hash 0 and the stored root was taken for an empty slot.
    #[test]
    fn an_unlimited_draft_is_a_real_entry() {
        let t = VectorTable::with_mib(0);
        assert_eq!(t.probe(0, u32::MAX), None, "an empty slot answers nothing");
        let mut t = VectorTable::with_mib(0);
        let v = Scores::from_slice(&[7, 0, 3]);
        t.store(0, u32::MAX, v, None, true);
        assert_eq!(t.probe(0, u32::MAX).map(|h| h.value), Some(v));
        // The stored root stays in the deep slot: a shallower entry goes to slot 1.
        t.store(2, 5, v, None, true);
        assert!(t.probe(0, u32::MAX).is_some());
    }

    /// A cleared table answers every probe and takes every store exactly as a new one: 300
    /// rounds of random stores and probes (few hashes and drafts, so entries collide and
    /// replace each other), each on a table cleared after the last round and on a new one,
    /// through more than two cycles of the generations (the zeroing clear included), on a
    /// table of one bucket and one of 16,384 entries.
    #[test]
    fn a_cleared_table_is_a_new_one() {
        let mut rng = crate::rng::SplitMix64::new(1994);
        for mib in [0, 1] {
            let mut reused = VectorTable::with_mib(mib);
            for round in 0..300 {
                if round > 0 {
                    reused.clear();
                }
                let mut fresh = VectorTable::with_mib(mib);
                for _ in 0..200 {
                    let hash = rng.below(40) << (rng.below(2) * 14);
                    let draft = rng.below(4) as u32;
                    if rng.below(2) == 0 {
                        let players = 2 + rng.below(5) as usize;
                        let value: Vec<Score> =
                            (0..players).map(|_| rng.below(9) as Score - 4).collect();
                        let value = Scores::from_slice(&value);
                        let best = (rng.below(3) > 0).then(|| rng.below(30) as usize);
                        let full = rng.below(2) == 0;
                        reused.store(hash, draft, value, best, full);
                        fresh.store(hash, draft, value, best, full);
                    } else {
                        assert_eq!(
                            reused.probe(hash, draft),
                            fresh.probe(hash, draft),
                            "{mib} MiB, round {round}, hash {hash}, draft {draft}"
                        );
                    }
                }
            }
            // 299 clears: two zeroing clears (the 127th and the 254th), then 45 more.
            assert_eq!(reused.generation, 46, "the generations wrapped twice");
        }
    }
}
