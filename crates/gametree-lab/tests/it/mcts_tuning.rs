//! The MCTS tuning experiment (`reproduce beyond/mcts-tuning`): its quick mode's rows, the
//! same rows from the same seed on one and two threads, and the pick's tie rule.

use gametree_lab::experiment::{Ctx, Params};
use gametree_lab::papers::all;
use gametree_lab::papers::mcts_tuning::{
    pick, plan, tune, Cell, Plan, TuneGame, GAMES, GRID, TABLE,
};
use gametree_run::engine_policy::{Milli, PlayoutOption};

fn quick() -> Ctx {
    Ctx {
        quick: true,
        progress: false,
        params: Params::NONE,
    }
}

/// Quick mode gives, per game, a win-rate row and a visit-ratio row per constant, the
/// epsilon-greedy match's two rows and the two picks; in the round robin every game's win
/// goes to one of its two engines, so the wins add up to half the games counted per engine.
#[test]
fn quick_mode_produces_every_row() {
    let e = all()
        .into_iter()
        .find(|e| e.paper == "beyond" && e.table == TABLE)
        .expect("registered");
    let rows = (e.run)(&quick()).rows;
    assert_eq!(rows.len(), GAMES.len() * (2 * GRID.len() + 4), "{rows:#?}");
    for g in GAMES {
        let of: Vec<_> = rows.iter().filter(|r| r.row.starts_with(g.label)).collect();
        assert_eq!(of.len(), 2 * GRID.len() + 4, "{}", g.label);
        let wins: Vec<_> = of
            .iter()
            .filter(|r| r.quantity == "win rate in the round robin of constants")
            .collect();
        assert_eq!(wins.len(), GRID.len());
        let games: u64 = wins.iter().map(|r| r.samples.unwrap()).sum();
        let won: f64 = wins
            .iter()
            .map(|r| r.ours.as_f64() * r.samples.unwrap() as f64)
            .sum();
        assert!(games > 0, "{}", g.label);
        assert!(
            (2.0 * won - games as f64).abs() < 1e-6,
            "{}: {won} wins of {games}",
            g.label
        );
        for r in &wins {
            let [lo, hi] = r.ci95.unwrap();
            assert!(lo <= r.ours.as_f64() && r.ours.as_f64() <= hi, "{r:?}");
        }
        let tuned = of
            .iter()
            .find(|r| r.quantity == "tuned exploration constant")
            .unwrap();
        assert!(GRID.iter().any(|c| c.value() == tuned.ours.as_f64()));
        for r in of.iter().filter(|r| r.quantity.starts_with("root visits")) {
            assert!(r.ours.as_f64() >= 1.0, "{r:?}");
        }
    }
}

/// A tiny plan of one game.
fn tiny(threads: usize) -> (Plan, TuneGame) {
    let mut p = plan(&quick());
    p.threads = Some(threads);
    p.flat_iterations = 100;
    let g = TuneGame {
        nodes: 60,
        ..GAMES[1]
    };
    p.games = vec![g];
    (p, g)
}

#[test]
fn the_same_seed_gives_the_same_tuning_on_one_and_two_threads() {
    let (p1, g) = tiny(1);
    let (p2, _) = tiny(2);
    let a = tune(&p1, &g).unwrap();
    let b = tune(&p2, &g).unwrap();
    assert_eq!(a, b);
    assert_eq!(a.rows(&p1), b.rows(&p2));
    // Another seed plays other openings.
    let mut p3 = p1.clone();
    p3.seed += 1;
    let c = tune(&p3, &g).unwrap();
    assert_ne!(
        a.grid.iter().map(|c| c.wins).collect::<Vec<_>>(),
        c.grid.iter().map(|c| c.wins).collect::<Vec<_>>()
    );
}

#[test]
fn the_pick_is_the_best_win_rate_and_among_ties_the_less_flat_root() {
    let cell = |c: u32, wins: f64, ratio: f64| Cell {
        c: Milli(c),
        playout: PlayoutOption::Random,
        wins,
        games: 10,
        ratios: vec![ratio, ratio + 1.0],
    };
    // Two wins apart: the better win rate, however flat.
    assert_eq!(pick(&[cell(50, 4.0, 9.0), cell(100, 6.0, 1.0)]), 1);
    // Within one win of the best: the least flat root.
    assert_eq!(pick(&[cell(50, 5.0, 9.0), cell(100, 6.0, 1.0)]), 0);
    assert_eq!(
        pick(&[cell(50, 5.0, 1.1), cell(100, 5.5, 3.0), cell(200, 5.0, 2.0)]),
        1
    );
    assert_eq!(pick(&[cell(50, 5.0, 2.0), cell(100, 5.0, 2.0)]), 0);
}
