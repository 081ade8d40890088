//! `Evaluator::first_move` (BRS+'s forced moves): every game that finds the first move
//! without listing them returns exactly the first move of `Game::moves` after
//! `Evaluator::order` (the trait's default, reached here through `Ordered`, which does not
//! override it), in thousands of positions of seeded random games; and so does
//! `Evaluator::first_move_memo` with its memo carried from position to position.

use gametree::{Evaluator, Ordered, SetToMove};
use gametree_games::chess4::{Chess4, Chess4Eval, EvalKind, Psi, Relative};
use gametree_games::chinese_checkers::{ChineseCheckers, DistanceEval};
use gametree_games::rolit::{BallCount, BallShare, Rolit};

use crate::best_reply::playout_cases;

/// Compares `eval`'s first move with the default's in every position of `cases` and in the
/// same positions handed to each other player; returns the number of positions compared.
fn check<G: SetToMove, E: Evaluator<G>>(g: &G, eval: &E, what: &str, n: u64, plies: u64) -> u64
where
    G::State: std::fmt::Debug,
    G::Move: std::fmt::Debug,
{
    let plain = Ordered {
        eval,
        order: |g: &G, s: &G::State, m: &mut [G::Move]| eval.order(g, s, m),
    };
    let (mut scratch, mut children) = (Vec::new(), Vec::new());
    let mut compared = 0;
    for (seed, s, _) in playout_cases(g, n, plies, 1) {
        for p in 0..g.players() {
            let Some(t) = g.set_to_move(&s, gametree::Player::new(p)) else {
                continue;
            };
            let fast = eval.first_move(g, &t, &mut scratch);
            let slow = plain.first_move(g, &t, &mut scratch);
            assert_eq!(fast, slow, "{what}, seed {seed}, player {p}: {t:?}");
            assert!(
                scratch.is_empty(),
                "{what}: the scratch buffer is left as it was"
            );
            compared += 1;
            // `first_move_memo` with a memo carried through the positions after each move
            // of the player to move in `s`, handed to `p` (a BRS+ opponent's forced move
            // after each reply): the same moves.
            let mut memo = None;
            assert_eq!(eval.first_move_memo(g, &t, &mut memo, &mut scratch), slow);
            children.clear();
            g.moves(&s, &mut children);
            for &m in children.iter().take(8) {
                let Some(u) = g.set_to_move(&g.play(&s, m), gametree::Player::new(p)) else {
                    continue;
                };
                let fast = eval.first_move_memo(g, &u, &mut memo, &mut scratch);
                let slow = plain.first_move(g, &u, &mut scratch);
                assert_eq!(
                    fast, slow,
                    "{what}, seed {seed}, player {p}, after {m:?}: {u:?}"
                );
                assert!(
                    scratch.is_empty(),
                    "{what}: the scratch buffer is left as it was"
                );
                compared += 1;
            }
        }
    }
    compared
}

#[test]
fn chess4_first_move_is_the_first_of_the_sorted_moves() {
    let g = Chess4::new(400).unwrap();
    let mut n = check(&g, &Psi, "chess4 psi", 400, 200);
    n += check(&g, &Relative, "chess4 relative", 100, 200);
    n += check(&g, &Chess4Eval(EvalKind::Relative), "chess4 eval", 100, 200);
    assert!(n > 1_500, "{n} positions");
}

#[test]
fn chinese_checkers_first_move_is_the_first_of_the_ordered_moves() {
    let mut n = 0;
    for (players, holes, top) in [
        (3, 121, 0),
        (4, 121, 4),
        (3, 73, 6),
        (6, 121, 0),
        (2, 37, 0),
    ] {
        let g = ChineseCheckers::new(players, holes, top, 400).unwrap();
        n += check(&g, &DistanceEval, &g.spec(), 300, 300);
    }
    assert!(n > 3_000, "{n} positions");
}

#[test]
fn rolit_first_move_is_the_first_of_the_ordered_moves() {
    let mut n = 0;
    for players in [3, 4] {
        let g = Rolit::new(players).unwrap();
        n += check(&g, &BallShare, &g.spec(), 400, 60);
        n += check(&g, &BallCount, &g.spec(), 200, 60);
    }
    assert!(n > 3_000, "{n} positions");
}
