//! Knuth & Moore: the best case on best-first trees, exactly.

use gametree_lab::experiment::Ctx;
use gametree_lab::papers::knuth_moore::{best_case_formula, best_first_leaves, experiments};
use gametree_lab::report::Verdict;

#[test]
fn best_case_exact_for_b_2_to_10_and_d_1_to_10() {
    for b in 2..=10u32 {
        for d in 1..=10u32 {
            let expect = best_case_formula(b, d);
            assert_eq!(
                expect,
                (b as u64).pow(d.div_ceil(2)) + (b as u64).pow(d / 2) - 1
            );
            for seed in [1, 2] {
                assert_eq!(
                    best_first_leaves(b, d, seed),
                    expect,
                    "b={b} d={d} seed={seed}"
                );
            }
        }
    }
    // The experiment says so too.
    let e = experiments()
        .into_iter()
        .find(|e| e.table == "best-case")
        .unwrap();
    let out = (e.run)(&Ctx {
        quick: true,
        progress: false,
        params: gametree_lab::experiment::Params::NONE,
    });
    assert_eq!(out.rows.len(), 90);
    assert!(out.rows.iter().all(|r| r.verdict == Verdict::Exact));
}
