//! What the threads of a parallel search share besides the table ([`Shared`]): the flag
//! that stops them, the deepest iteration any of them has completed, and the [`Busy`] set
//! of the positions being searched. A [`super::node::Searcher`] takes it as one argument.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering::Relaxed};

/// The state the threads of one parallel search share (besides the table).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shared<'a> {
    /// Set once the search is over (the deepest iteration completed, or a thread stopped):
    /// every thread stops as at a deadline.
    pub(crate) stop: &'a AtomicBool,
    /// The deepest iteration any thread has completed (with more than one thread): an
    /// iteration another thread has completed is abandoned, and the thread goes on one
    /// deeper.
    pub(crate) completed: Option<&'a AtomicU32>,
    /// The positions other threads are searching (with more than one thread).
    pub(crate) busy: Option<&'a Busy>,
}

/// Nodes with fewer plies left than this are not recorded in the [`Busy`] table.
pub(crate) const BUSY_DRAFT: u32 = 3;

/// The positions threads are searching now: a small lossy hash set of atomic words (a lost
/// or stale mark only changes the order in which a thread searches moves, never a value).
#[derive(Debug)]
pub(crate) struct Busy {
    slots: Vec<AtomicU64>,
}

impl Busy {
    /// A set of `2^bits` slots.
    pub(crate) fn new(bits: u32) -> Busy {
        let mut slots = Vec::with_capacity(1 << bits);
        slots.resize_with(1 << bits, || AtomicU64::new(0));
        Busy { slots }
    }

    #[inline]
    fn slot(&self, hash: u64) -> &AtomicU64 {
        &self.slots[(hash as usize) & (self.slots.len() - 1)]
    }

    /// Whether a thread is searching the position of `hash`.
    #[inline]
    pub(crate) fn contains(&self, hash: u64) -> bool {
        self.slot(hash).load(Relaxed) == hash
    }

    /// Marks the position of `hash` as being searched (no write when it already is, so a
    /// cache line both threads read stays shared).
    #[inline]
    pub(crate) fn enter(&self, hash: u64) {
        let slot = self.slot(hash);
        if slot.load(Relaxed) != hash {
            slot.store(hash, Relaxed);
        }
    }

    /// Unmarks it if no other position took the slot meanwhile: a plain load and store, no
    /// locked instruction (a mark lost to a race between them only changes the order in
    /// which another thread searches its moves).
    #[inline]
    pub(crate) fn leave(&self, hash: u64) {
        let slot = self.slot(hash);
        if slot.load(Relaxed) == hash {
            slot.store(0, Relaxed);
        }
    }
}
