//! The tests of `gametree_run::stack` (here, not in the library: it has no test target).

use gametree_run::stack::*;

#[test]
fn the_stack_grows_with_the_plies_and_stops_at_the_limit() {
    assert_eq!(stack_bytes(0).ok(), Some(BASE_BYTES));
    assert_eq!(
        stack_bytes(MAX_PLIES).ok(),
        Some(BASE_BYTES + MAX_PLIES as usize * PER_PLY_BYTES)
    );
    assert!(matches!(
        stack_bytes(MAX_PLIES + 1),
        Err(StackError::TooDeep { plies }) if plies == MAX_PLIES + 1
    ));
    assert!(stack_bytes(u64::MAX).is_err());
}

#[test]
fn the_closure_runs_and_borrows() {
    let v = [1, 2, 3];
    assert_eq!(on_search_thread(10, || v.iter().sum::<i32>()).ok(), Some(6));
}

/// The Chinese Checkers ply cap is bounded by what a search thread supports.
#[test]
fn the_chinese_checkers_cap_fits() {
    assert!(u64::from(gametree_games::chinese_checkers::MAX_CAP) <= MAX_PLIES);
}
