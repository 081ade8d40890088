//! A transposition table of fixed memory, shared safely between threads: two-entry buckets
//! of atomic words, verified by the full 64-bit hash (the lockless XOR scheme of Hyatt &
//! Mann 2002, so a torn write between threads is detected and ignored, never misread).
//!
//! # Entries
//!
//! Each entry holds the position's hash, the value (a full [`Score`]), its [`Bound`], the
//! draft (the depth left below the node when it was searched), the index of the best move
//! in the node's move list (in the game's order after [`crate::Evaluator::order`]), and the
//! search generation that wrote it. Three `u64` words: 24 bytes; a bucket of two is one
//! 64-byte cache line.
//!
//! # Replacement policy
//!
//! Depth-preferred two-entry buckets (Breuker, Uiterwijk & van den Herik 1994, "TwoDeep"):
//! a hash selects a bucket; slot 0 keeps the deepest entry, slot 1 always takes the newest.
//! A store goes to slot 0 when slot 0 holds the same position, is empty, was written by an
//! older generation, or has a draft no greater than the new one; otherwise to slot 1.
//! A probe checks both slots.
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

/// What a stored value says about the true value of the position at that draft.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The value is exact.
    Exact,
    /// The true value is at least the stored value (the search failed high).
    Lower,
    /// The true value is at most the stored value (the search failed low).
    Upper,
}

/// A decoded table entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The stored value.
    pub value: Score,
    /// Its bound type.
    pub bound: Bound,
    /// The depth left below the node when it was searched.
    pub draft: u32,
    /// The index of the best (or refuting) move in the node's move list, if any.
    pub best: Option<u16>,
    /// Whether the search below reached its depth limit (or relied on entries that did);
    /// `false` means the subtree was searched to the end of the game.
    pub frontier: bool,
}

const NO_MOVE: u64 = 0xFFFF;

/// A fixed-size transposition table: `Sync`, so parallel searches share one.
///
/// Its buckets are cache lines of eight atomic words: two entries of three words
/// (for each slot, `check = hash ^ value ^ meta`, `value`, `meta`) and two unused words. All
/// zero is empty (`meta == 0`), so a new table is memory the system zeroes as it is first
/// written: making one costs no time whatever its size.
#[derive(Debug)]
pub struct Table {
    buckets: Lines<AtomicU64>,
    generation: AtomicU64,
}

/// Bytes per bucket: one 64-byte cache line holding two entries.
pub const BUCKET_BYTES: usize = 64;

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
            generation: AtomicU64::new(1),
        })
    }

    /// The number of entries (two per bucket).
    pub fn capacity(&self) -> usize {
        self.buckets.len() * 2
    }

    /// Starts a new search generation: older entries become the first to be replaced.
    pub fn new_generation(&self) {
        self.generation.fetch_add(1, Relaxed);
    }

    /// Empties every entry.
    pub fn clear(&mut self) {
        for w in self.buckets.words_mut() {
            *w.get_mut() = 0;
        }
    }

    #[inline]
    fn bucket(&self, hash: u64) -> &[AtomicU64; 8] {
        self.buckets
            .line((((hash as u128) * (self.buckets.len() as u128)) >> 64) as usize)
    }

    #[inline]
    fn read(words: &[AtomicU64], hash: u64) -> Option<(Entry, u64)> {
        let check = words[0].load(Relaxed);
        let value = words[1].load(Relaxed);
        let meta = words[2].load(Relaxed);
        if meta == 0 || check ^ value ^ meta != hash {
            return None;
        }
        let bound = match (meta >> 16) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        let mv = (meta >> 24) & 0xFFFF;
        Some((
            Entry {
                value: value as i64,
                bound,
                draft: (meta & 0xFFFF) as u32,
                best: (mv != NO_MOVE).then_some(mv as u16),
                frontier: (meta >> 18) & 1 == 1,
            },
            meta,
        ))
    }

    /// The entry stored for `hash`, if any (an exact draft match is preferred).
    #[inline]
    pub fn probe(&self, hash: u64) -> Option<Entry> {
        let b = self.bucket(hash);
        match (Table::read(&b[0..3], hash), Table::read(&b[3..6], hash)) {
            (Some((e0, _)), Some((e1, _))) => Some(if e1.draft > e0.draft { e1 } else { e0 }),
            (Some((e, _)), None) | (None, Some((e, _))) => Some(e),
            (None, None) => None,
        }
    }

    /// The entry stored for `hash` with exactly `draft`, else any entry for `hash`.
    #[inline]
    pub fn probe_draft(&self, hash: u64, draft: u32) -> Option<Entry> {
        let b = self.bucket(hash);
        let e0 = Table::read(&b[0..3], hash).map(|e| e.0);
        let e1 = Table::read(&b[3..6], hash).map(|e| e.0);
        match (e0, e1) {
            (Some(a), _) if a.draft == draft => Some(a),
            (_, Some(c)) if c.draft == draft => Some(c),
            (a, c) => a.or(c),
        }
    }

    /// Stores an entry for `hash` (drafts above 65,535 are stored as 65,535; move indices
    /// of 65,535 and above are not stored); `frontier` as [`Entry::frontier`].
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
        let generation = self.generation.load(Relaxed) & 0xFF;
        let mv = match best {
            Some(i) if (i as u64) < NO_MOVE => i as u64,
            _ => NO_MOVE,
        };
        let b_bits = match bound {
            Bound::Exact => 1u64,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let draft = draft.min(0xFFFF) as u64;
        let meta = draft | b_bits << 16 | (frontier as u64) << 18 | mv << 24 | generation << 40;
        let b = self.bucket(hash);
        // Slot 0 (depth-preferred) or slot 1 (always replace).
        let m0 = b[2].load(Relaxed);
        let c0 = b[0].load(Relaxed) ^ b[1].load(Relaxed) ^ m0;
        let at =
            if m0 == 0 || c0 == hash || (m0 >> 40) & 0xFF != generation || (m0 & 0xFFFF) <= draft {
                &b[0..3]
            } else {
                &b[3..6]
            };
        let value = value as u64;
        at[0].store(hash ^ value ^ meta, Relaxed);
        at[1].store(value, Relaxed);
        at[2].store(meta, Relaxed);
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
        assert_eq!(Table::try_with_mib(1).map(|t| t.capacity()), Ok(32768));
    }

    #[test]
    fn store_and_probe() {
        let t = Table::with_bytes(BUCKET_BYTES * 4);
        assert_eq!(t.capacity(), 8);
        assert_eq!(t.probe(42), None);
        t.store(42, -7, Bound::Lower, 3, Some(2), true);
        let e = t.probe(42).unwrap();
        assert_eq!(e.value, -7);
        assert_eq!(e.bound, Bound::Lower);
        assert_eq!(e.draft, 3);
        assert_eq!(e.best, Some(2));
        assert!(e.frontier);
        t.store(42, i64::MIN + 1, Bound::Upper, 5, None, false);
        let e = t.probe(42).unwrap();
        assert_eq!(
            (e.value, e.bound, e.draft, e.best, e.frontier),
            (i64::MIN + 1, Bound::Upper, 5, None, false)
        );
    }

    #[test]
    fn depth_preferred_slot_keeps_the_deepest() {
        // One bucket: every hash lands in it.
        let t = Table::with_bytes(BUCKET_BYTES);
        t.store(1, 10, Bound::Exact, 8, None, true);
        t.store(2, 20, Bound::Exact, 2, None, true); // shallower: slot 1
        t.store(3, 30, Bound::Exact, 1, None, true); // replaces slot 1
        assert_eq!(t.probe(1).map(|e| e.value), Some(10));
        assert_eq!(t.probe(2), None);
        assert_eq!(t.probe(3).map(|e| e.value), Some(30));
        t.store(4, 40, Bound::Exact, 9, None, true); // deeper: slot 0
        assert_eq!(t.probe(1), None);
        assert_eq!(t.probe(4).map(|e| e.value), Some(40));
        // A new generation's store replaces slot 0 even when shallower.
        t.new_generation();
        t.store(5, 50, Bound::Exact, 1, None, true);
        assert_eq!(t.probe(4), None);
        assert_eq!(t.probe_draft(5, 1).map(|e| e.value), Some(50));
    }
}
