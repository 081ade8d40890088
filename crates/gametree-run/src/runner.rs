//! The trial runner: independent trials in parallel (rayon), one seed per trial derived from
//! the experiment's seed and the trial number, results in trial order, so the output is the
//! same with one thread or many. Independent jobs of unequal size (the experiments of a
//! `reproduce` run and their items) run on every core too, the costliest first
//! ([`run_costliest_first`]), their results in job order.
//!
//! Every progress bar of the process is drawn through one [`MultiProgress`] ([`bars`]), so
//! the bars of experiments running at the same time stack instead of overwriting each other,
//! and a note printed meanwhile (the lab's `io::note`) goes above them.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock, PoisonError};

use indicatif::{MultiProgress, ProgressBar, ProgressStyle};
use rayon::prelude::*;

use gametree_games::rng::mix64;

/// The seed of trial `trial` of an experiment seeded with `seed`.
pub fn trial_seed(seed: u64, trial: u64) -> u64 {
    mix64(seed ^ mix64(trial.wrapping_add(0x5EED)))
}

/// The progress bars of the process, drawn on stderr (hidden when stderr is not a terminal).
pub fn bars() -> &'static MultiProgress {
    static BARS: OnceLock<MultiProgress> = OnceLock::new();
    BARS.get_or_init(MultiProgress::new)
}

/// Runs `run(i)` for every job `i` in `0..costs.len()` on every thread of the current rayon
/// pool, the costliest job first (`costs[i]` is job `i`'s estimated cost; ties in job
/// order): each thread takes the costliest job not yet started, so the long jobs start
/// early and the short ones fill the gaps (longest processing time first). The results
/// come back in job order, whatever the number of threads or the order the jobs finished
/// in. A job may itself run in parallel (its trials join the same pool).
pub fn run_costliest_first<T, F>(costs: &[f64], run: F) -> Vec<T>
where
    T: Send,
    F: Fn(usize) -> T + Sync,
{
    let mut order: Vec<usize> = (0..costs.len()).collect();
    order.sort_by(|&a, &b| costs[b].total_cmp(&costs[a]).then(a.cmp(&b)));
    let next = AtomicUsize::new(0);
    let slots: Vec<Mutex<Option<T>>> = (0..costs.len()).map(|_| Mutex::new(None)).collect();
    let workers = rayon::current_num_threads().min(costs.len());
    rayon::scope(|s| {
        for _ in 0..workers {
            s.spawn(|_| {
                while let Some(&i) = order.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let r = run(i);
                    *slots[i].lock().unwrap_or_else(PoisonError::into_inner) = Some(r);
                }
            });
        }
    });
    slots
        .into_iter()
        .map(|m| m.into_inner().unwrap_or_else(PoisonError::into_inner))
        .map(|r| r.expect("rayon::scope returns after every job ran (or re-raises its panic)"))
        .collect()
}

/// A bar named `name` counting to `len` among [`bars`], with its elapsed time and estimate
/// of the time left (hidden when `progress` is not set or there is nothing to count).
pub fn counting_bar(name: &str, len: usize, progress: bool) -> ProgressBar {
    if !progress || len == 0 {
        return ProgressBar::hidden();
    }
    let b = ProgressBar::new(len as u64);
    b.set_style(
        ProgressStyle::with_template(
            "{prefix:>28} [{bar:30}] {pos}/{len} {elapsed_precise} eta {eta}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    b.set_prefix(name.to_string());
    bars().add(b)
}

/// Runs `trials` trials of `f(trial, seed)` in parallel and returns the results in trial
/// order. Shows a progress bar named `name` on stderr when `progress` is set.
pub fn run_trials<T, F>(name: &str, trials: usize, seed: u64, progress: bool, f: F) -> Vec<T>
where
    T: Send,
    F: Fn(usize, u64) -> T + Sync,
{
    let bar = counting_bar(name, trials, progress);
    let out: Vec<T> = (0..trials)
        .into_par_iter()
        .map(|i| {
            let r = f(i, trial_seed(seed, i as u64));
            bar.inc(1);
            r
        })
        .collect();
    bar.finish_and_clear();
    bars().remove(&bar);
    out
}
