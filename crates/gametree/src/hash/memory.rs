//! Memory for fixed-size tables keyed by position hashes: the engine's transposition
//! table ([`crate::search::tt::Table`]) and the table of exact value vectors of the max^n
//! family ([`crate::search::vector_table::VectorTable`]) both reserve their memory here,
//! fallibly, and report a size that does not fit as a [`TableError`].

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
fn human_bytes(bytes: u128) -> String {
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

/// A vector of `n` elements made by `fill`, reserved fallibly: a size that does not fit
/// (`n * size_of::<T>()` beyond the address space, or memory the allocator refuses) is a
/// [`TableError`] for `asked` bytes, never a panic or an abort. Used by both tables.
pub(crate) fn try_filled<T>(
    n: usize,
    asked: u128,
    fill: impl FnMut() -> T,
) -> Result<Vec<T>, TableError> {
    let mut v = Vec::new();
    v.try_reserve_exact(n)
        .map_err(|_| TableError { bytes: asked })?;
    v.resize_with(n, fill);
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_written_in_binary_units() {
        assert_eq!(human_bytes(64 << 30), "64 GiB");
        assert_eq!(human_bytes(1536 << 20), "1.5 GiB");
        assert_eq!(human_bytes(100), "100 bytes");
        assert!(human_bytes(u128::MAX).ends_with("YiB"));
    }
}
