//! Tables of value vectors kept from one game to the next ([`SpareTable`]).
//!
//! A new [`VectorTable`] costs the system's zeroing of every page the search writes (with
//! huge pages, 16 MiB for a 16 MiB table); clearing one that a finished game used costs
//! nothing ([`VectorTable::clear`] starts a new generation, and a cleared table answers
//! exactly as a new one, so no game or count depends on which games ran before it).

use std::ops::{Deref, DerefMut};
use std::sync::{Mutex, MutexGuard};

use gametree::search::vector_table::{TableError, VectorTable};

/// The most spare tables the process keeps.
pub const SPARE_TABLES: usize = 8;

/// The most MiB of spare tables the process keeps.
pub const SPARE_TABLE_MIB: u64 = 128;

/// The spare tables and their sizes in MiB.
static SPARES: Mutex<Vec<(u32, VectorTable)>> = Mutex::new(Vec::new());

/// The spare tables, even when a thread panicked while holding them (the list is consistent
/// at every step).
fn spares() -> MutexGuard<'static, Vec<(u32, VectorTable)>> {
    SPARES.lock().unwrap_or_else(|p| p.into_inner())
}

/// A table of value vectors of a size in MiB, every entry empty when it is made: a spare of
/// a finished game's, cleared, or a new one. When it is dropped it becomes a spare (at most
/// [`SPARE_TABLES`] tables and [`SPARE_TABLE_MIB`] MiB are kept for the process; beyond
/// that it is freed). It reads and writes as the [`VectorTable`] it holds.
#[derive(Debug)]
pub struct SpareTable {
    mib: u32,
    /// `None` only inside `drop`, after the table went back to the spares.
    table: Option<VectorTable>,
}

impl SpareTable {
    /// A table of `mib` MiB with every entry empty, or the error of a new one's allocation.
    pub fn new(mib: u32) -> Result<SpareTable, TableError> {
        let spare = {
            let mut s = spares();
            s.iter()
                .position(|&(m, _)| m == mib)
                .map(|i| s.swap_remove(i).1)
        };
        let table = match spare {
            Some(mut t) => {
                t.clear();
                t
            }
            None => VectorTable::try_with_mib(mib as usize)?,
        };
        Ok(SpareTable {
            mib,
            table: Some(table),
        })
    }
}

impl Deref for SpareTable {
    type Target = VectorTable;
    fn deref(&self) -> &VectorTable {
        self.table.as_ref().expect("a table until dropped")
    }
}

impl DerefMut for SpareTable {
    fn deref_mut(&mut self) -> &mut VectorTable {
        self.table.as_mut().expect("a table until dropped")
    }
}

impl Drop for SpareTable {
    fn drop(&mut self) {
        let Some(table) = self.table.take() else {
            return;
        };
        let mut s = spares();
        let kept: u64 = s.iter().map(|&(m, _)| u64::from(m)).sum();
        if s.len() < SPARE_TABLES && kept + u64::from(self.mib) <= SPARE_TABLE_MIB {
            s.push((self.mib, table));
        }
    }
}
