//! Memory for fixed-size tables keyed by position hashes: the engine's transposition
//! table ([`crate::search::tt::Table`]) and the table of exact value vectors of the max^n
//! family ([`crate::search::vector_table::VectorTable`]) both reserve their memory here,
//! fallibly, and report a size that does not fit as a [`TableError`].
//!
//! # Untouched memory costs nothing
//!
//! A table is an array of 64-bit words whose all-zero pattern is the empty entry, asked
//! of the allocator already zeroed (`Lines::try_new`). A large zeroed block comes
//! straight from the operating system as pages that are mapped, and become resident, only
//! when first written, so setting up a table of any size takes microseconds: a search with
//! a 1 ms budget and a 1 GiB table ends within its budget, and a table costs memory in
//! proportion to the entries a search writes. (Filling the table with empty entries, as
//! tables once did, wrote every page before the search started: about 0.9 s per GiB.)
//!
//! The words are plain `u64` or `AtomicU64` (no `#[repr(align)]` type: the allocator
//! zeroes an over-aligned block by writing it), and a table's cache lines are found by an
//! offset of 0 to 7 words from the start of the block.

use zerocopy::FromZeros;

/// A table that cannot be allocated: the size asked for does not fit in memory (or in the
/// address space). Both tables ([`crate::search::tt::Table`] and [`crate::search::vector_table::VectorTable`])
/// reserve their memory fallibly (`Vec::try_reserve_exact`) and report this instead of
/// aborting the process.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot allocate {} for the table", human_bytes(*bytes))]
pub struct TableError {
    /// The bytes asked for (saturated at `u128::MAX`, so never wrapped).
    pub bytes: u128,
}

/// `bytes` in the largest binary unit that keeps it at least 1: `64 GiB`, `512 MiB`.
pub(crate) fn human_bytes(bytes: u128) -> String {
    const UNITS: [&str; 9] = [
        "bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB", "ZiB", "YiB",
    ];
    let mut unit = 0;
    while unit + 1 < UNITS.len() && bytes >> (10 * (unit + 1)) > 0 {
        unit += 1;
    }
    let whole = bytes >> (10 * unit);
    if unit > 0 && bytes & ((1 << (10 * unit)) - 1) != 0 {
        format!(
            "{:.1} {}",
            bytes as f64 / (1u128 << (10 * unit)) as f64,
            UNITS[unit]
        )
    } else {
        format!("{whole} {}", UNITS[unit])
    }
}

/// The bytes of `mib` MiB, without overflow.
pub(crate) fn mib_bytes(mib: usize) -> u128 {
    (mib as u128) << 20
}

/// Words per cache line: a line is 64 bytes, eight 64-bit words.
pub(crate) const LINE_WORDS: usize = 8;

/// The bytes of a cache line.
const LINE_BYTES: usize = 64;

/// The words of a table in cache lines: `lines` lines of [`LINE_WORDS`] words (`u64` or
/// `AtomicU64`), the first starting on a 64-byte boundary, every word zero when made.
#[derive(Clone, Debug)]
pub(crate) struct Lines<W> {
    /// The block, with room for the alignment offset.
    words: Box<[W]>,
    /// The words before the first line (0 to 7).
    offset: usize,
    /// The number of lines.
    lines: usize,
}

impl<W: FromZeros> Lines<W> {
    /// `lines` (at least one) zeroed lines, allocated fallibly and zeroed by the system
    /// (see the module's description), or a [`TableError`] for `asked` bytes when the
    /// size does not fit in the address space or the allocator refuses it: never a panic
    /// or an abort.
    pub(crate) fn try_new(lines: usize, asked: u128) -> Result<Lines<W>, TableError> {
        let refused = TableError { bytes: asked };
        let lines = lines.max(1);
        let n = lines
            .checked_mul(LINE_WORDS)
            .and_then(|n| n.checked_add(LINE_WORDS - 1))
            .ok_or(refused)?;
        let words = <[W]>::new_box_zeroed_with_elems(n).map_err(|_| refused)?;
        // The address is read only to skip to the first cache-line boundary.
        let offset =
            (words.as_ptr() as usize).wrapping_neg() % LINE_BYTES / std::mem::size_of::<W>().max(1);
        Ok(Lines {
            words,
            offset,
            lines,
        })
    }
}

impl<W> Lines<W> {
    /// The number of lines.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.lines
    }

    /// Line `i` (below [`Lines::len`]).
    #[inline]
    pub(crate) fn line(&self, i: usize) -> &[W; LINE_WORDS] {
        let at = self.offset + i * LINE_WORDS;
        match self.words[at..at + LINE_WORDS].try_into() {
            Ok(line) => line,
            Err(_) => unreachable!("a range of LINE_WORDS words"),
        }
    }

    /// Line `i` (below [`Lines::len`]), to write.
    #[inline]
    pub(crate) fn line_mut(&mut self, i: usize) -> &mut [W; LINE_WORDS] {
        let at = self.offset + i * LINE_WORDS;
        match (&mut self.words[at..at + LINE_WORDS]).try_into() {
            Ok(line) => line,
            Err(_) => unreachable!("a range of LINE_WORDS words"),
        }
    }

    /// Every word of the lines, to write (to empty the table).
    pub(crate) fn words_mut(&mut self) -> &mut [W] {
        let end = self.offset + self.lines * LINE_WORDS;
        &mut self.words[self.offset..end]
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicU64;

    use super::*;

    #[test]
    fn sizes_are_written_in_binary_units() {
        assert_eq!(human_bytes(64 << 30), "64 GiB");
        assert_eq!(human_bytes(1536 << 20), "1.5 GiB");
        assert_eq!(human_bytes(100), "100 bytes");
        assert!(human_bytes(u128::MAX).ends_with("YiB"));
    }

    #[test]
    fn lines_are_zero_and_start_on_a_cache_line() {
        for lines in [1, 2, 3, 1000] {
            let t = Lines::<u64>::try_new(lines, 0).expect("a small table");
            assert_eq!(t.len(), lines);
            for i in 0..lines {
                assert_eq!(t.line(i), &[0; LINE_WORDS]);
                assert_eq!(t.line(i).as_ptr() as usize % LINE_BYTES, 0);
            }
            let a = Lines::<AtomicU64>::try_new(lines, 0).expect("a small table");
            assert_eq!(a.line(lines - 1).as_ptr() as usize % LINE_BYTES, 0);
        }
        assert_eq!(Lines::<u64>::try_new(0, 0).map(|t| t.len()), Ok(1));
        assert_eq!(
            Lines::<u64>::try_new(usize::MAX, 7).map(|t| t.len()),
            Err(TableError { bytes: 7 })
        );
    }
}
