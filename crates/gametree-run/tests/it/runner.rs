//! The tests of `gametree_run::runner` (here, not in the library: it has no test target).

use gametree_run::runner::*;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

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

/// Jobs of unequal cost, some running trials of their own: the same results in job
/// order with one thread or two, and every job run once.
#[test]
fn costliest_first_gives_results_in_job_order() {
    let costs = [1.0, 5.0, 0.5, 5.0, 3.0, 0.0, 2.0];
    let ran = AtomicUsize::new(0);
    let job = |i: usize| {
        ran.fetch_add(1, Ordering::Relaxed);
        let trials = run_trials("t", 50 * (i + 1), i as u64, false, |_, s| s % 1000);
        (i, trials.iter().sum::<u64>())
    };
    let pool = |n| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .unwrap()
    };
    let one = pool(1).install(|| run_costliest_first(&costs, job));
    let two = pool(2).install(|| run_costliest_first(&costs, job));
    assert_eq!(one, two);
    assert_eq!(
        one.iter().map(|r| r.0).collect::<Vec<_>>(),
        (0..7).collect::<Vec<_>>()
    );
    assert_eq!(ran.load(Ordering::Relaxed), 14);
    assert!(run_costliest_first(&[], job).is_empty());
}

/// One thread starts the jobs costliest first (ties in job order).
#[test]
fn one_thread_starts_the_costliest_first() {
    let started = Mutex::new(Vec::new());
    let costs = [1.0, 5.0, 0.5, 5.0, 3.0];
    rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap()
        .install(|| {
            run_costliest_first(&costs, |i| started.lock().unwrap().push(i));
        });
    assert_eq!(started.into_inner().unwrap(), [1, 3, 4, 0, 2]);
}
