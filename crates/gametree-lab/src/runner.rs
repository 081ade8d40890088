//! The trial runner: independent trials in parallel (rayon), one seed per trial derived from
//! the experiment's seed and the trial number, results in trial order, so the output is the
//! same with one thread or many.

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use gametree_games::rng::mix64;

/// The seed of trial `trial` of an experiment seeded with `seed`.
pub fn trial_seed(seed: u64, trial: u64) -> u64 {
    mix64(seed ^ mix64(trial.wrapping_add(0x5EED)))
}

/// Runs `trials` trials of `f(trial, seed)` in parallel and returns the results in trial
/// order. Shows a progress bar named `name` on stderr when `progress` is set.
pub fn run_trials<T, F>(name: &str, trials: usize, seed: u64, progress: bool, f: F) -> Vec<T>
where
    T: Send,
    F: Fn(usize, u64) -> T + Sync,
{
    let bar = if progress {
        let b = ProgressBar::new(trials as u64);
        b.set_style(
            ProgressStyle::with_template(
                "{prefix:>28} [{bar:30}] {pos}/{len} {elapsed_precise} eta {eta}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
        );
        b.set_prefix(name.to_string());
        b
    } else {
        ProgressBar::hidden()
    };
    let out: Vec<T> = (0..trials)
        .into_par_iter()
        .map(|i| {
            let r = f(i, trial_seed(seed, i as u64));
            bar.inc(1);
            r
        })
        .collect();
    bar.finish_and_clear();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_results_with_one_or_two_threads() {
        let work = |_: usize, s: u64| s.wrapping_mul(3) ^ (s >> 7);
        let one = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        let two = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let a = one.install(|| run_trials("t", 1000, 42, false, work));
        let b = two.install(|| run_trials("t", 1000, 42, false, work));
        assert_eq!(a, b);
        assert_ne!(trial_seed(42, 0), trial_seed(42, 1));
        assert_ne!(trial_seed(42, 0), trial_seed(43, 0));
    }
}
