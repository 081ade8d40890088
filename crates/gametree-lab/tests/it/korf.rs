//! Korf (1991): shallow pruning's best case and average case.

use gametree_games::random_tree::LeafModel;
use gametree_lab::papers::korf::{
    average_case_leaves, best_case_factor, best_case_search, f, factor, shallow_leaves,
    two_player_best_leaves,
};
use gametree_run::runner::run_trials;

#[test]
fn two_player_best_case_is_f_of_d_exactly() {
    assert_eq!(
        (0..8).map(|d| f(2, d)).collect::<Vec<_>>(),
        vec![1, 2, 3, 5, 8, 13, 21, 34]
    );
    for b in 2..=6u32 {
        for d in 1..=10u32 {
            assert_eq!(two_player_best_leaves(b, d), f(b as u64, d), "b={b} d={d}");
        }
    }
}

#[test]
fn the_closed_form_is_the_growth_of_f() {
    for b in 2..=10u32 {
        let x = best_case_factor(b);
        assert!((x * x - x - (b as f64 - 1.0)).abs() < 1e-12);
        let ratio = f(b as u64, 30) as f64 / f(b as u64, 29) as f64;
        assert!((ratio - x).abs() < 1e-3 * x, "b={b}: {ratio} vs {x}");
    }
    assert!((best_case_factor(3) - 2.0).abs() < 1e-15);
    assert!((best_case_factor(7) - 3.0).abs() < 1e-15);
}

#[test]
fn three_players_never_beat_f_of_d_and_reach_it_on_small_trees() {
    for (n, b, d, reach) in [
        (3usize, 2u32, 3u32, true),
        (3, 2, 4, true),
        (3, 3, 3, true),
        (4, 2, 4, true),
        (3, 2, 5, false),
    ] {
        let (count, tree) = best_case_search(n, b, d, 2 * n as i64, 20_000, 7);
        assert_eq!(
            shallow_leaves(&tree),
            count,
            "the reported tree gives the count"
        );
        assert!(
            count >= f(b as u64, d),
            "n={n} b={b} d={d}: {count} < F = {}",
            f(b as u64, d)
        );
        if reach {
            assert_eq!(count, f(b as u64, d), "n={n} b={b} d={d}");
        }
    }
}

#[test]
fn average_case_factor_tends_to_b() {
    for leaf in [LeafModel::Cutpoints, LeafModel::Normalized] {
        for (players, b, max_d) in [(3usize, 4u32, 6u32), (4, 3, 7)] {
            let samples = run_trials("t", 60, 99, false, |_, s| {
                average_case_leaves(players, b, max_d, leaf, s)
            });
            let first = factor(&samples, 1).0;
            let (last, ci) = factor(&samples, max_d as usize - 1);
            eprintln!(
                "{leaf} n={players} b={b}: factor d=2 {first:.3}, d={max_d} {last:.3} {ci:?}"
            );
            assert!(
                first < last,
                "{leaf} n={players} b={b}: {first} then {last}"
            );
            assert!(
                last > 0.93 * b as f64 && last < 1.05 * b as f64,
                "{leaf}: {last}"
            );
            // Pruning does happen at shallow depth.
            assert!(first < b as f64);
        }
    }
}

#[test]
fn the_best_case_experiment_is_exact_for_two_players() {
    use gametree_lab::experiment::Ctx;
    use gametree_lab::papers::korf::KORF_SHALLOW;
    use gametree_lab::report::{Check, Verdict};
    let e = gametree_lab::papers::korf::experiments()
        .into_iter()
        .find(|e| e.table == "best-case")
        .unwrap();
    let out = (e.run)(&Ctx {
        quick: true,
        progress: false,
        params: gametree_lab::experiment::Params::NONE,
    });
    let exact_rows: Vec<_> = out
        .rows
        .iter()
        .filter(|r| r.row.starts_with("n=2") && r.quantity != "growth F(d)/F(d-1)")
        .collect();
    assert!(exact_rows.len() > 100);
    for r in exact_rows {
        assert_eq!(r.verdict, Verdict::Exact, "{r:?}");
    }
    // Three and four players: never below F(d) (no tree found beats it), each count made by
    // shallow pruning and confirmed by Korf's own procedure on the tree found.
    let multi: Vec<_> = out
        .rows
        .iter()
        .filter(|r| !r.row.starts_with("n=2"))
        .collect();
    assert_eq!(multi.len(), 5);
    for r in multi {
        let (ours, paper) = (r.ours.as_count(), r.paper_value.and_then(|p| p.as_count()));
        assert!(ours >= paper && paper.is_some(), "{r:?}");
        assert_eq!(r.algorithm.as_deref(), Some("shallow"), "{r:?}");
        assert_eq!(r.check, Some(Check::new(KORF_SHALLOW, true)), "{r:?}");
    }
}

#[test]
fn best_trees_found_are_checked_against_korfs_own_procedure() {
    use gametree::search::maxn::maxn;
    use gametree::search::Config;
    use gametree::Game;
    use gametree_lab::papers::korf::{korf_procedure_shallow, LeafArrayEval};
    // Three players, b = 2, d = 6 and b = 3, d = 4: the search reaches F(d) = 21 with leaves
    // whose components stay below maxsum (no immediate pruning) and sum to at most maxsum.
    for (n, b, d, evaluations) in [
        (3usize, 2u32, 6u32, 150_000usize),
        (3, 3, 4, 150_000),
        (3, 2, 5, 20_000),
    ] {
        let (count, tree) = best_case_search(n, b, d, 2 * n as i64, evaluations, 7);
        let (v, leaves) = korf_procedure_shallow(&tree);
        assert_eq!(
            leaves, count,
            "n={n} b={b} d={d}: Korf's procedure counts the same leaves"
        );
        let m = maxn(&tree, &LeafArrayEval, &tree.initial(), &Config::unlimited()).unwrap();
        assert_eq!(v, m.value, "and finds the max^n value");
        assert!(tree.leaves.iter().all(|l| l.sum() <= tree.maxsum
            && l.as_slice().iter().all(|&x| (0..tree.maxsum).contains(&x))));
        eprintln!(
            "n={n} b={b} d={d}: fewest leaves found {count}, F(d) = {}",
            f(b as u64, d)
        );
        assert_eq!(count, f(b as u64, d), "n={n} b={b} d={d}");
    }
}
