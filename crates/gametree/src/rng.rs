//! The pinned pseudo-random generator of the project: SplitMix64 (Steele, Lea & Flood 2014).
//!
//! Random trees, random playouts and card deals all draw from it with an explicit seed, so
//! every run on every machine sees the same numbers. The search itself never uses it.

/// SplitMix64: 64 bits of state, passes BigCrush, and its output function doubles as a
/// strong 64-bit mixer ([`mix64`]) for hashing node paths.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

/// The golden-ratio increment of SplitMix64.
const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64's output function: a bijective 64-bit mixer.
#[inline]
pub const fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl SplitMix64 {
    /// A generator seeded with `seed`.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GAMMA);
        mix64(self.state)
    }

    /// Uniform in `0..n` (`n > 0`), without modulo bias (Lemire's multiply-shift with
    /// rejection). The rejection threshold `2^64 mod n` is below `n`, so a draw whose low
    /// word is at least `n` is accepted without it, and the division that computes it runs
    /// only for the rare draw below `n` (Lemire 2019, "Fast random integer generation in an
    /// interval"): the same draws accepted and rejected as when the threshold is computed
    /// every time, so the same numbers, at the cost of a multiplication.
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "below(0)");
        let mut m = (self.next_u64() as u128) * (n as u128);
        if (m as u64) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u64) < threshold {
                m = (self.next_u64() as u128) * (n as u128);
            }
        }
        (m >> 64) as u64
    }

    /// Uniform in `lo..=hi`.
    #[inline]
    pub fn range_i64(&mut self, lo: i64, hi: i64) -> i64 {
        assert!(lo <= hi, "empty range");
        let span = (hi as i128 - lo as i128 + 1) as u128;
        if span > u64::MAX as u128 {
            return self.next_u64() as i64;
        }
        lo.wrapping_add(self.below(span as u64) as i64)
    }

    /// Uniform in `[0, 1)` with 53 bits.
    #[inline]
    pub fn unit_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_values() {
        // First outputs for seed 1234567 from the reference C implementation (Vigna).
        let mut r = SplitMix64::new(1234567);
        assert_eq!(r.next_u64(), 6457827717110365317);
        assert_eq!(r.next_u64(), 3203168211198807973);
    }

    /// `below` as it was first written: the threshold computed for every call.
    fn below_reference(r: &mut SplitMix64, n: u64) -> u64 {
        let threshold = n.wrapping_neg() % n;
        loop {
            let m = (r.next_u64() as u128) * (n as u128);
            if (m as u64) >= threshold {
                return (m >> 64) as u64;
            }
        }
    }

    /// The division-free path draws exactly the numbers of the reference, on small ranges
    /// (the playouts' move counts) and on ranges where rejections are frequent.
    #[test]
    fn below_draws_the_same_numbers_as_the_reference() {
        let (mut a, mut b) = (SplitMix64::new(99), SplitMix64::new(99));
        let ranges = [1, 2, 3, 7, 100, (1 << 63) + 1, u64::MAX, (u64::MAX / 3) * 2];
        for k in 0..60_000 {
            let n = ranges[k % ranges.len()];
            assert_eq!(a.below(n), below_reference(&mut b, n), "n = {n}");
        }
        assert_eq!(a, b);
    }

    #[test]
    fn below_is_in_range() {
        let mut r = SplitMix64::new(7);
        for n in 1..200 {
            assert!(r.below(n) < n);
        }
        for _ in 0..1000 {
            let v = r.range_i64(-3, 3);
            assert!((-3..=3).contains(&v));
        }
    }
}
