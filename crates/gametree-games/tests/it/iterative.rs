//! Deepening by whole tricks in the card games (through the core's one iterative-deepening
//! driver): under a node limit, `iterations` counts the tricks whose iteration completed,
//! never the iteration the limit stopped.

use gametree::search::{run, Algorithm, Config, SearchError};
use gametree::Game;
use gametree_games::cards::{deepen_by_tricks, iterative_tricks, CardEval, CardGame};

const LIMIT: u64 = 20_000;

#[test]
fn cards_iterations_count_only_completed_tricks() {
    let mut checked = 0;
    let mut two_or_more = 0;
    for seed in 1..=4 {
        let g = CardGame::hearts(seed);
        let s = g.initial();
        for a in [Algorithm::Maxn, Algorithm::Speculative, Algorithm::Paranoid] {
            // The nodes of each trick's iteration, searched alone (iterations share nothing),
            // and how many of them fit in the limit together.
            let mut used = 0;
            let mut completed = 0;
            for t in 1..=17 {
                let depth = g.cards_for_tricks(&s, t);
                let n = run(a, &g, &CardEval, &s, &Config::depth(depth))
                    .unwrap()
                    .stats
                    .nodes;
                used += n;
                if used > LIMIT {
                    break;
                }
                completed = t;
            }
            assert!(used > LIMIT, "seed {seed}, {a}: the limit stops a trick");
            let mut config = Config::unlimited();
            config.limits.nodes = Some(LIMIT);
            let r = iterative_tricks(a, &g, &CardEval, &s, &config, 17);
            if completed == 0 {
                match r {
                    Err(SearchError::Stopped(_, st)) => {
                        assert_eq!(st.iterations, 0, "seed {seed}, {a}");
                        assert_eq!(st.nodes, LIMIT, "seed {seed}, {a}");
                    }
                    other => panic!("seed {seed}, {a}: {other:?}"),
                }
                continue;
            }
            let r = r.unwrap();
            assert_eq!(r.stats.iterations, completed, "seed {seed}, {a}");
            assert_eq!(
                r.stats.depth,
                g.cards_for_tricks(&s, completed),
                "seed {seed}, {a}"
            );
            // The stopped trick's nodes are counted: the total is exactly the limit.
            assert_eq!(r.stats.nodes, LIMIT, "seed {seed}, {a}");
            // The answer is the last completed trick's search.
            let fixed = run(a, &g, &CardEval, &s, &Config::depth(r.stats.depth)).unwrap();
            assert_eq!(r.value, fixed.value, "seed {seed}, {a}");
            assert_eq!(r.pv, fixed.pv, "seed {seed}, {a}");
            checked += 1;
            if completed >= 2 {
                two_or_more += 1;
            }
        }
    }
    assert!(checked >= 6, "{checked}");
    assert!(two_or_more >= 1, "{two_or_more}");
}

#[test]
fn cards_deepening_ends_at_the_end_of_the_hand_and_at_max_tricks() {
    let g = CardGame::hearts(3);
    let mut s = g.initial();
    // Play all but two tricks (first legal card each time).
    while s.cards_left() > 6 {
        let mut moves = Vec::new();
        g.moves(&s, &mut moves);
        s = g.play(&s, moves[0]);
    }
    let mut depths = Vec::new();
    let r = deepen_by_tricks(&g, &s, &Config::unlimited(), 17, |c| {
        depths.push(c.limits.depth.unwrap());
        run(Algorithm::Maxn, &g, &CardEval, &s, c)
    })
    .unwrap();
    assert_eq!(depths, vec![3, 6]);
    assert_eq!(r.stats.iterations, 2);
    assert_eq!(r.stats.depth, 6);
    let mut depths = Vec::new();
    let r = deepen_by_tricks(&g, &s, &Config::unlimited(), 1, |c| {
        depths.push(c.limits.depth.unwrap());
        run(Algorithm::Maxn, &g, &CardEval, &s, c)
    })
    .unwrap();
    assert_eq!(depths, vec![3]);
    assert_eq!(r.stats.iterations, 1);
}
