//! A transposition table of fixed memory, shared safely between threads and kept between the
//! searches of one game: buckets of one 64-byte cache line holding four compact entries of
//! two atomic words, each verified by the full 64-bit key (the lockless XOR scheme of Hyatt
//! & Mann 2002, so a torn write between threads is detected and ignored, never misread).
//!
//! # Entries
//!
//! An entry is two `u64` words: `check = key ^ data` and `data`, where `data` packs the
//! value (32 bits), the index of the best move in the node's move list (16 bits, in the
//! game's order after [`crate::Evaluator::order`]), the draft (the depth left below the
//! node when it was searched, 8 bits), the [`Bound`] (2 bits), whether the subtree reached
//! the depth limit (1 bit) and the age: the search generation that wrote it (5 bits). A
//! probe reads the four entries of the key's bucket and takes the one whose `check ^ data`
//! is the key: a pair of words written by two different stores fails this test (unless the
//! two keys are equal, when either entry is right), so every entry read is one that was
//! written whole.
//!
//! - **Values** from `-(2^31 - 1)` to `2^31 - 1` are stored as they are. A value outside
//!   that range is stored as the bound it still implies (an exact or lower bound above the
//!   range becomes the lower bound `2^31 - 1`; an exact or upper bound below it, the upper
//!   bound `-(2^31 - 1)`), or, when it implies none, as no value ([`Bound::Unknown`]: the
//!   entry gives its best move only). So an entry never claims more than the search found.
//! - **Drafts** from 0 to 254 are stored as they are; a draft of 255 or more is stored as
//!   [`DRAFT_SATURATED`], which answers no node ([`Entry::answers`]: no cutoff from it).
//! - **Move indices** of 65,535 and above are not stored.
//!
//! # Keys, clearing and the side
//!
//! The key of a position is its hash XOR the table's salt. [`Table::clear`] draws a new salt
//! (and starts a new generation): every entry written before no longer matches any key, so
//! the table is empty in O(1), without writing its memory. The engine also XORs into the
//! hash a constant of the player whose number it maximises, so a table kept between searches
//! with different sides (paranoid search from each player's turn) never gives one side the
//! values of another.
//!
//! # Replacement policy
//!
//! A store for a key already in the bucket overwrites that entry (keeping its best move
//! when the new store has none). Otherwise it takes an empty entry, else the entry of the
//! least worth: `draft - 8 * age`, where `age` is how many generations ago it was written
//! (0 to 31, modulo 32), the first of equals. So within one search the shallowest entry
//! goes first, and an entry from an earlier search of the game is worth 8 plies less per
//! search since (Stockfish's rule).
//!
//! # Values
//!
//! The table stores whatever value the search gives it; the engine stores win and loss
//! scores relative to the node (distance to the end from the node), see
//! [`crate::search::engine`].

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use crate::game::Score;
pub use crate::hash::memory::TableError;
use crate::hash::memory::{mib_bytes, Lines};
use crate::rng::mix64;

/// What a stored value says about the true value of the position at that draft.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The value is exact.
    Exact,
    /// The true value is at least the stored value (the search failed high).
    Lower,
    /// The true value is at most the stored value (the search failed low).
    Upper,
    /// No value: the one found did not fit the entry as a bound it implies (see the module
    /// docs); the entry gives its best move only.
    Unknown,
}

/// A decoded table entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The stored value (0 when the bound is [`Bound::Unknown`]).
    pub value: Score,
    /// Its bound type.
    pub bound: Bound,
    /// The depth left below the node when it was searched ([`DRAFT_SATURATED`] for 255 and
    /// more).
    pub draft: u32,
    /// The index of the best (or refuting) move in the node's move list, if any.
    pub best: Option<u16>,
    /// Whether the search below reached its depth limit (or relied on entries that did);
    /// `false` means the subtree was searched to the end of the game.
    pub frontier: bool,
}

impl Entry {
    /// Whether the entry's value may answer a node with `draft` plies left: it was stored
    /// at that very draft (not a saturated one).
    #[inline]
    pub fn answers(&self, draft: u32) -> bool {
        self.draft == draft && draft < DRAFT_SATURATED
    }
}

/// The stored draft of every draft from 255 up: an entry with it answers no node
/// ([`Entry::answers`]).
pub const DRAFT_SATURATED: u32 = 255;

/// The largest magnitude of a value stored as it is.
pub const VALUE_LIMIT: Score = i32::MAX as Score;

/// Entries per bucket.
pub const BUCKET_ENTRIES: usize = 4;

/// Bytes per bucket: one 64-byte cache line holding [`BUCKET_ENTRIES`] entries.
pub const BUCKET_BYTES: usize = 64;

const NO_MOVE: u64 = 0xFFFF;
const MOVE_SHIFT: u32 = 32;
const DRAFT_SHIFT: u32 = 48;
const BOUND_SHIFT: u32 = 56;
const FRONTIER_SHIFT: u32 = 58;
const AGE_SHIFT: u32 = 59;
/// Generations are counted modulo 32 (5 bits).
const AGE_MASK: u64 = 31;

/// A fixed-size transposition table: `Sync`, so parallel searches share one.
///
/// Its buckets are cache lines of eight atomic words: four entries of two words (see the
/// module docs). All zero is empty, so a new table is memory the system zeroes as it is
/// first written: making one costs no time whatever its size, and [`Table::clear`] costs
/// none either.
#[derive(Debug)]
pub struct Table {
    buckets: Lines<AtomicU64>,
    generation: AtomicU64,
    /// XORed into every hash: changed by [`Table::clear`].
    salt: AtomicU64,
    /// How many times the table was cleared (the salt is drawn from it).
    clears: AtomicU64,
}

/// The value field of an entry and the bound actually stored: see the module docs.
#[inline]
fn fit(value: Score, bound: Bound) -> (u64, u64) {
    let (v, b) = if (-VALUE_LIMIT..=VALUE_LIMIT).contains(&value) {
        (value, bound)
    } else if value > VALUE_LIMIT {
        match bound {
            Bound::Exact | Bound::Lower => (VALUE_LIMIT, Bound::Lower),
            Bound::Upper | Bound::Unknown => (0, Bound::Unknown),
        }
    } else {
        match bound {
            Bound::Exact | Bound::Upper => (-VALUE_LIMIT, Bound::Upper),
            Bound::Lower | Bound::Unknown => (0, Bound::Unknown),
        }
    };
    let bits = match b {
        Bound::Unknown => 0u64,
        Bound::Exact => 1,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    let v = if b == Bound::Unknown { 0 } else { v };
    (u64::from(v as i32 as u32), bits)
}

/// The entry packed in `data`.
#[inline]
fn decode(data: u64) -> Entry {
    let bound = match (data >> BOUND_SHIFT) & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => Bound::Unknown,
    };
    let mv = (data >> MOVE_SHIFT) & 0xFFFF;
    let draft = ((data >> DRAFT_SHIFT) & 0xFF) as u32;
    Entry {
        value: Score::from(data as u32 as i32),
        bound,
        draft,
        best: (mv != NO_MOVE).then_some(mv as u16),
        frontier: (data >> FRONTIER_SHIFT) & 1 == 1,
    }
}

impl Table {
    /// A table of at most `mib` MiB (at least one bucket), all entries empty.
    ///
    /// # Panics
    ///
    /// When the memory cannot be allocated; [`Table::try_with_mib`] returns an error instead
    /// (use it for sizes that come from a user).
    pub fn with_mib(mib: usize) -> Table {
        Table::try_with_mib(mib).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A table of at most `mib` MiB (at least one bucket), all entries empty, or a
    /// [`TableError`] when that much memory cannot be allocated. Untouched memory costs
    /// nothing: the pages are mapped as the search first writes them.
    pub fn try_with_mib(mib: usize) -> Result<Table, TableError> {
        Table::try_sized(
            usize::try_from(mib_bytes(mib)).unwrap_or(usize::MAX),
            mib_bytes(mib),
        )
    }

    /// A table of at most `bytes` bytes (at least one bucket).
    ///
    /// # Panics
    ///
    /// When the memory cannot be allocated ([`Table::try_with_bytes`] returns an error).
    pub fn with_bytes(bytes: usize) -> Table {
        Table::try_with_bytes(bytes).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A table of at most `bytes` bytes (at least one bucket), or a [`TableError`] when
    /// that much memory cannot be allocated.
    pub fn try_with_bytes(bytes: usize) -> Result<Table, TableError> {
        Table::try_sized(bytes, bytes as u128)
    }

    fn try_sized(bytes: usize, asked: u128) -> Result<Table, TableError> {
        Ok(Table {
            buckets: Lines::try_new(bytes / BUCKET_BYTES, asked)?,
            generation: AtomicU64::new(0),
            salt: AtomicU64::new(0),
            clears: AtomicU64::new(0),
        })
    }

    /// The number of entries ([`BUCKET_ENTRIES`] per bucket).
    pub fn capacity(&self) -> usize {
        self.buckets.len() * BUCKET_ENTRIES
    }

    /// Starts a new search generation: older entries become the first to be replaced (they
    /// stay valid: a depth-limited value depends on the position and the draft only).
    pub fn new_generation(&self) {
        self.generation.fetch_add(1, Relaxed);
    }

    /// Empties every entry in O(1): a new salt makes every entry written so far match no
    /// key (see the module docs), and a new generation makes them the first replaced. Not
    /// meant to run while a search uses the table (entries stored meanwhile may be kept or
    /// not).
    pub fn clear(&self) {
        let n = self.clears.fetch_add(1, Relaxed) + 1;
        // `mix64` is a bijection and never maps a nonzero count to 0 (mix64(0) == 0).
        self.salt.store(mix64(n), Relaxed);
        self.new_generation();
    }

    #[inline]
    fn key(&self, hash: u64) -> u64 {
        hash ^ self.salt.load(Relaxed)
    }

    #[inline]
    fn bucket(&self, key: u64) -> &[AtomicU64; 8] {
        self.buckets
            .line((((key as u128) * (self.buckets.len() as u128)) >> 64) as usize)
    }

    /// Asks the processor to bring the cache line of `hash`'s bucket in, without waiting
    /// for it: a later [`Table::probe`] or [`Table::store`] of the same hash then finds the
    /// line in the cache more often. Changes nothing the table holds or answers (a hint; a
    /// no-op on processors other than x86-64).
    #[inline]
    #[cfg_attr(
        target_arch = "x86_64",
        expect(unsafe_code, reason = "a prefetch hint: see the SAFETY comment")
    )]
    pub fn prefetch(&self, hash: u64) {
        let b = self.bucket(self.key(hash));
        // SAFETY: a prefetch reads and writes no memory the program can observe and never
        // faults, whatever the address; this one is the start of a bucket the table owns.
        #[cfg(target_arch = "x86_64")]
        unsafe {
            std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                b.as_ptr().cast::<i8>(),
            )
        };
        #[cfg(not(target_arch = "x86_64"))]
        let _ = b;
    }

    /// The entry stored for `hash`, if any.
    #[inline]
    pub fn probe(&self, hash: u64) -> Option<Entry> {
        let key = self.key(hash);
        let b = self.bucket(key);
        for i in 0..BUCKET_ENTRIES {
            let data = b[2 * i + 1].load(Relaxed);
            let check = b[2 * i].load(Relaxed);
            if check ^ data == key && data != 0 {
                return Some(decode(data));
            }
        }
        None
    }

    /// Stores an entry for `hash` (see the module docs for values, drafts and move indices
    /// that do not fit); `frontier` as [`Entry::frontier`].
    #[inline]
    pub fn store(
        &self,
        hash: u64,
        value: Score,
        bound: Bound,
        draft: u32,
        best: Option<usize>,
        frontier: bool,
    ) {
        let generation = self.generation.load(Relaxed) & AGE_MASK;
        let mut mv = match best {
            Some(i) if (i as u64) < NO_MOVE => i as u64,
            _ => NO_MOVE,
        };
        let (v, b_bits) = fit(value, bound);
        let d = u64::from(draft.min(DRAFT_SATURATED));
        let key = self.key(hash);
        let b = self.bucket(key);
        // The same key, else an empty entry, else the one of least worth.
        let mut at = 0;
        let mut worst = i64::MAX;
        for i in 0..BUCKET_ENTRIES {
            let data = b[2 * i + 1].load(Relaxed);
            let check = b[2 * i].load(Relaxed);
            if check ^ data == key && data != 0 {
                if mv == NO_MOVE {
                    mv = (data >> MOVE_SHIFT) & 0xFFFF;
                }
                at = i;
                break;
            }
            if data == 0 && check == 0 {
                if worst > i64::MIN {
                    at = i;
                    worst = i64::MIN;
                }
                continue;
            }
            let age = (generation.wrapping_sub(data >> AGE_SHIFT)) & AGE_MASK;
            let worth = ((data >> DRAFT_SHIFT) & 0xFF) as i64 - 8 * age as i64;
            if worth < worst {
                at = i;
                worst = worth;
            }
        }
        let data = v
            | mv << MOVE_SHIFT
            | d << DRAFT_SHIFT
            | b_bits << BOUND_SHIFT
            | u64::from(frontier) << FRONTIER_SHIFT
            | generation << AGE_SHIFT;
        if data == 0 {
            // Nothing to keep (no value, move 0, draft 0, age 0) and all zero reads as empty.
            return;
        }
        b[2 * at].store(key ^ data, Relaxed);
        b[2 * at + 1].store(data, Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue #11, defect 2: `--table-mib 65536` aborted the process ("memory allocation of
    /// 68719476736 bytes failed") and a size near `usize::MAX` panicked with a capacity
    /// overflow; both are now a `TableError` naming the size.
    #[test]
    fn defect_2_a_table_that_cannot_be_allocated_is_an_error() {
        let e = Table::try_with_mib(usize::MAX).expect_err("2^84 bytes cannot be allocated");
        assert_eq!(e.bytes, (usize::MAX as u128) << 20);
        assert!(e.to_string().starts_with("cannot allocate "), "{e}");
        let e = Table::try_with_mib(1 << 30).expect_err("1 PiB cannot be allocated");
        assert_eq!(e.to_string(), "cannot allocate 1 PiB for the table");
        assert!(Table::try_with_bytes(usize::MAX).is_err());
        assert_eq!(Table::try_with_mib(1).map(|t| t.capacity()), Ok(65536));
    }

    #[test]
    fn store_and_probe() {
        let t = Table::with_bytes(BUCKET_BYTES * 4);
        assert_eq!(t.capacity(), 16);
        assert_eq!(t.probe(42), None);
        t.store(42, -7, Bound::Lower, 3, Some(2), true);
        let e = t.probe(42).unwrap();
        assert_eq!(
            (e.value, e.bound, e.draft, e.best, e.frontier),
            (-7, Bound::Lower, 3, Some(2), true)
        );
        assert!(e.answers(3) && !e.answers(2));
        // The same key: overwritten in place, the best move kept when the new store has none.
        t.store(42, VALUE_LIMIT, Bound::Exact, 5, None, false);
        let e = t.probe(42).unwrap();
        assert_eq!(
            (e.value, e.bound, e.draft, e.best, e.frontier),
            (VALUE_LIMIT, Bound::Exact, 5, Some(2), false)
        );
    }

    /// Values beyond 32 bits are stored as the bound they imply, or as no value.
    #[test]
    fn values_out_of_range_keep_only_what_they_imply() {
        let t = Table::with_bytes(BUCKET_BYTES * 64);
        let big = VALUE_LIMIT + 1;
        let cases = [
            (big, Bound::Exact, Bound::Lower, VALUE_LIMIT),
            (big, Bound::Lower, Bound::Lower, VALUE_LIMIT),
            (big, Bound::Upper, Bound::Unknown, 0),
            (-big, Bound::Exact, Bound::Upper, -VALUE_LIMIT),
            (-big, Bound::Upper, Bound::Upper, -VALUE_LIMIT),
            (-big, Bound::Lower, Bound::Unknown, 0),
            (i64::MIN + 1, Bound::Upper, Bound::Upper, -VALUE_LIMIT),
            (i64::MAX, Bound::Exact, Bound::Lower, VALUE_LIMIT),
        ];
        for (h, &(v, b, want_b, want_v)) in cases.iter().enumerate() {
            let h = mix64(h as u64 + 1);
            t.store(h, v, b, 4, Some(1), true);
            let e = t.probe(h).unwrap();
            assert_eq!(
                (e.bound, e.value, e.best),
                (want_b, want_v, Some(1)),
                "{v} {b:?}"
            );
        }
    }

    /// A draft of 255 or more is stored saturated and answers no node, not even one of
    /// draft 255 or `u32::MAX`.
    #[test]
    fn saturated_drafts_answer_no_node() {
        let t = Table::with_bytes(BUCKET_BYTES);
        t.store(9, 1, Bound::Exact, 300, None, true);
        let e = t.probe(9).unwrap();
        assert_eq!(e.draft, DRAFT_SATURATED);
        assert!(!e.answers(255) && !e.answers(300) && !e.answers(u32::MAX));
        t.store(9, 1, Bound::Exact, 254, None, true);
        assert!(t.probe(9).unwrap().answers(254));
    }

    /// One bucket (every key lands in it): a new key takes an empty entry, then evicts the
    /// shallowest; an entry from an earlier generation is worth 8 plies less per generation.
    #[test]
    fn replacement_by_depth_and_age() {
        let t = Table::with_bytes(BUCKET_BYTES);
        assert_eq!(t.capacity(), BUCKET_ENTRIES);
        for (h, d) in [(1, 8), (2, 2), (3, 5), (4, 9)] {
            t.store(h, h as Score, Bound::Exact, d, None, true);
        }
        for h in 1..=4 {
            assert_eq!(t.probe(h).map(|e| e.value), Some(h as Score));
        }
        // Full: the shallowest (key 2, draft 2) goes, even for a shallower newcomer.
        t.store(5, 5, Bound::Exact, 1, None, true);
        assert_eq!(t.probe(2), None);
        assert!(t.probe(5).is_some());
        // Then key 5 (draft 1).
        t.store(6, 6, Bound::Exact, 3, None, true);
        assert_eq!(t.probe(5), None);
        // A generation later every old entry is worth 8 less: key 6 (3 - 8) goes first.
        t.new_generation();
        t.store(7, 7, Bound::Exact, 1, None, true);
        assert_eq!(t.probe(6), None, "draft 3 - 8 is the least worth");
        // The new entry (draft 1, this generation) outweighs old ones of draft below 9.
        t.store(8, 8, Bound::Exact, 1, None, true);
        assert_eq!(t.probe(3), None, "draft 5 - 8 < 1");
        assert!(t.probe(7).is_some());
        t.store(10, 10, Bound::Exact, 1, None, true);
        assert_eq!(t.probe(1), None, "draft 8 - 8 < 1");
        assert!(
            t.probe(4).is_some(),
            "draft 9 - 8 = 1 ties with the new draft-1 entries"
        );
    }

    /// Clearing is O(1): no entry written before is found, and the table works as new.
    #[test]
    fn clear_forgets_every_entry_without_writing_them() {
        let t = Table::with_bytes(BUCKET_BYTES * 1024);
        for h in 0..2000u64 {
            t.store(mix64(h + 1), h as Score, Bound::Exact, 3, Some(0), true);
        }
        let found = (0..2000u64)
            .filter(|&h| t.probe(mix64(h + 1)).is_some())
            .count();
        assert!(found > 1500, "{found}");
        t.clear();
        assert!((0..2000u64).all(|h| t.probe(mix64(h + 1)).is_none()));
        for h in 0..2000u64 {
            t.store(mix64(h + 7), -(h as Score), Bound::Upper, 2, None, false);
        }
        let e = t.probe(mix64(7)).unwrap();
        assert_eq!((e.value, e.bound, e.best), (0, Bound::Upper, None));
        t.clear();
        assert_eq!(t.probe(mix64(7)), None);
    }

    /// A pair of words from two different stores (a torn write between threads) is not an
    /// entry of either key.
    #[test]
    fn a_torn_entry_is_rejected() {
        let t = Table::with_bytes(BUCKET_BYTES);
        t.store(11, 5, Bound::Exact, 3, Some(1), true);
        t.store(12, 6, Bound::Lower, 4, Some(2), false);
        let b = t.bucket(t.key(11));
        // Entry 0 gets the data word of entry 1.
        b[1].store(b[3].load(Relaxed), Relaxed);
        assert_eq!(t.probe(11), None);
        assert_eq!(t.probe(12).map(|e| e.value), Some(6));
    }
}
