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
//!
//! # Huge pages
//!
//! A table of 2 MiB (`HUGE_PAGE`) to 16 MiB (`HUGE_PAGES_UP_TO`) is placed on a 2 MiB
//! boundary inside a block 2 MiB larger (the slack is never touched, so it costs nothing)
//! and, on Linux, marked for transparent huge pages (`madvise(MADV_HUGEPAGE)`, as Stockfish
//! does for its table; the system's default setting, `madvise`, gives huge pages only to
//! memory asked for so). A probe lands on a random line, so with 4 KiB pages nearly every
//! probe of a 16 MiB table missed the TLB, and every page was faulted in twice (a read
//! mapped the shared zero page, the first write copied it); with 2 MiB pages a 16 MiB
//! table is 8 pages, faulted in once each. That made the engine's search on connect four
//! a quarter cheaper in processor time (docs/ENGINE.md, "Against the `minimax` crate").
//! A table's untouched memory still costs nothing, but memory is now mapped 2 MiB at a
//! time, which bounds the size: a short search touches every page of a table at random,
//! and on our virtual machine a 2 MiB page took about half a millisecond to fault in, so
//! all of a 16 MiB table costs about 4 ms, while a search with a 1 ms budget and a 64 MiB
//! table of huge pages took 50 to 330 ms on the loaded machine (the limit of
//! `defect_6_a_large_table_does_not_delay_a_1_ms_search` is 50 ms). Larger tables keep
//! 4 KiB pages, faulted in as the search reaches them. Where huge pages are unavailable (another system, a kernel with them off) the
//! advice is refused or ignored and the table works as before.

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

/// The bytes of a huge page (x86-64 and AArch64 Linux with 4 KiB base pages): a table of
/// at least this size starts on a boundary of it (see the module's description).
pub(crate) const HUGE_PAGE: usize = 2 << 20;

/// The largest table backed by huge pages (see the module's description).
pub(crate) const HUGE_PAGES_UP_TO: usize = 16 << 20;

/// The alignment in bytes of a table of `bytes`: a huge page for the sizes huge pages back
/// ([`HUGE_PAGE`] to [`HUGE_PAGES_UP_TO`]), a cache line otherwise.
fn alignment(bytes: usize) -> usize {
    if (HUGE_PAGE..=HUGE_PAGES_UP_TO).contains(&bytes) {
        HUGE_PAGE
    } else {
        LINE_BYTES
    }
}

/// Asks the system to back the whole huge pages inside `memory` with huge pages:
/// `madvise(MADV_HUGEPAGE)` on them (the tables of this module, whose lines start on a
/// [`HUGE_PAGE`] boundary, and the arena of MCTS's tree, reserved for its budget). Advice
/// only: the contents and the mapping stay as they are, and a refusal (no transparent huge
/// pages in this kernel) is ignored, as the memory works the same on small pages. Only the
/// addresses of `memory` are read, so it may be memory not yet written (a vector's spare
/// capacity).
#[cfg(target_os = "linux")]
#[expect(
    unsafe_code,
    reason = "madvise, one system call that changes no memory: see the SAFETY comment"
)]
pub(crate) fn advise_huge_pages<T>(memory: &[T]) {
    let from = memory.as_ptr() as usize;
    let to = from + std::mem::size_of_val(memory);
    let start = from.next_multiple_of(HUGE_PAGE);
    let end = to / HUGE_PAGE * HUGE_PAGE;
    if end <= start {
        return;
    }
    // SAFETY: `[start, end)` lies inside `memory`, memory this process owns and keeps mapped
    // for as long as the call lasts, and starts on a page boundary (a huge page's), as
    // madvise requires. MADV_HUGEPAGE changes no byte of the range and leaves every mapping
    // valid: it only lets the kernel back the range with huge pages (now, on a fault, or
    // later, by merging small pages), the same contents either way. No reference is created
    // and no memory is read or written here. The result is ignored on purpose (see above).
    let _ = unsafe { libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE) };
}

/// Huge pages are advised on Linux only; elsewhere memory keeps the system's pages.
#[cfg(not(target_os = "linux"))]
pub(crate) fn advise_huge_pages<T>(_memory: &[T]) {}

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
        let word = std::mem::size_of::<W>().max(1);
        let align = lines
            .checked_mul(LINE_WORDS * word)
            .map_or(LINE_BYTES, alignment);
        let n = lines
            .checked_mul(LINE_WORDS)
            .and_then(|n| n.checked_add(align / word - 1))
            .ok_or(refused)?;
        let words = <[W]>::new_box_zeroed_with_elems(n).map_err(|_| refused)?;
        // The address is read only to skip to the first boundary of the alignment.
        let offset = (words.as_ptr() as usize).wrapping_neg() % align / word;
        let table = Lines {
            words,
            offset,
            lines,
        };
        if align == HUGE_PAGE {
            advise_huge_pages(table.words());
        }
        Ok(table)
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

    /// Every word of the lines.
    fn words(&self) -> &[W] {
        &self.words[self.offset..self.offset + self.lines * LINE_WORDS]
    }

    /// Every word of the lines, to write (to empty the table).
    pub(crate) fn words_mut(&mut self) -> &mut [W] {
        let end = self.offset + self.lines * LINE_WORDS;
        &mut self.words[self.offset..end]
    }
}

/// What the tests of huge pages read of the system (Linux only).
#[cfg(all(test, target_os = "linux"))]
pub(crate) mod huge_page_check {
    /// Whether this system gives transparent huge pages to memory that asks for them.
    pub(crate) fn huge_pages_on() -> bool {
        std::fs::read_to_string("/sys/kernel/mm/transparent_hugepage/enabled")
            .is_ok_and(|s| !s.contains("[never]"))
    }

    /// The `THPeligible` field of the mapping of `/proc/self/smaps` that holds `addr`.
    pub(crate) fn thp_eligible(addr: usize) -> Option<bool> {
        let smaps = std::fs::read_to_string("/proc/self/smaps").ok()?;
        let mut inside = false;
        for line in smaps.lines() {
            let first = line.split_whitespace().next().unwrap_or("");
            if let Some((a, b)) = first.split_once('-') {
                if let (Ok(a), Ok(b)) = (usize::from_str_radix(a, 16), usize::from_str_radix(b, 16))
                {
                    inside = (a..b).contains(&addr);
                    continue;
                }
            }
            if inside {
                if let Some(v) = line.strip_prefix("THPeligible:") {
                    return Some(v.trim() == "1");
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

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
        // Tables of 2 to 16 MiB start on a huge page, smaller and larger ones on a line.
        let line_of = |mib: usize| (mib << 20) / LINE_BYTES;
        for mib in [2, 16] {
            let t = Lines::<AtomicU64>::try_new(line_of(mib), 0).expect("a table");
            assert_eq!(t.line(0).as_ptr() as usize % HUGE_PAGE, 0, "{mib} MiB");
            let last = t.line(t.len() - 1);
            assert!(last.iter().all(|w| w.load(Relaxed) == 0), "{mib} MiB");
        }
        assert_eq!(alignment(1 << 20), LINE_BYTES);
        assert_eq!(alignment(32 << 20), LINE_BYTES);
        assert_eq!(
            Lines::<u64>::try_new(usize::MAX, 7).map(|t| t.len()),
            Err(TableError { bytes: 7 })
        );
    }

    /// A 16 MiB table (the engine's default) is memory the kernel may back with huge pages;
    /// a 64 MiB one is not asked to be (issue #48: 4 KiB pages cost the engine a quarter of
    /// its time on connect four). Skipped where the system has no transparent huge pages.
    #[cfg(target_os = "linux")]
    #[test]
    fn tables_of_up_to_16_mib_ask_for_huge_pages() {
        use super::huge_page_check::{huge_pages_on, thp_eligible};
        if !huge_pages_on() {
            eprintln!("no transparent huge pages on this system: skipped");
            return;
        }
        let t = Lines::<AtomicU64>::try_new((16 << 20) / LINE_BYTES, 0).expect("16 MiB");
        let at = t.line(t.len() / 2).as_ptr() as usize;
        assert_eq!(thp_eligible(at), Some(true), "the 16 MiB table");
        let always = std::fs::read_to_string("/sys/kernel/mm/transparent_hugepage/enabled")
            .is_ok_and(|s| s.contains("[always]"));
        if !always {
            let t = Lines::<u64>::try_new((64 << 20) / LINE_BYTES, 0).expect("64 MiB");
            let at = t.line(t.len() / 2).as_ptr() as usize;
            assert_eq!(thp_eligible(at), Some(false), "the 64 MiB table");
        }
    }
}
