//! Chinese Checkers: conformance on every board and player count, the evaluator's constant
//! sum along random playouts, Table 10's plain max^n count, and the pruning algorithms
//! agreeing with max^n on seeded mid-game positions.

use gametree::search::{run, run_iterative, Algorithm, Config};
use gametree::testing::{check, CheckConfig};
use gametree::{Evaluator, Game, Player};
use gametree_games::chinese_checkers::{ChineseCheckers, DistanceEval, State};
use gametree_games::rng::SplitMix64;

fn random_playout_states(g: &ChineseCheckers, seed: u64, mut f: impl FnMut(&State)) {
    let mut rng = SplitMix64::new(seed);
    let mut s = g.initial();
    let mut buf = Vec::new();
    loop {
        f(&s);
        buf.clear();
        g.moves(&s, &mut buf);
        if buf.is_empty() {
            return;
        }
        s = g.play(&s, buf[rng.below(buf.len() as u64) as usize]);
    }
}

/// The destinations of the piece on `from` by the rules, walked cell by cell on the board's
/// neighbour table (not its hop tables): the empty neighbours, then every cell a chain of
/// hops over one piece each reaches (depth first), the origin counted empty; a piece in
/// the player's goal stays there.
fn naive_destinations(g: &ChineseCheckers, s: &State, p: Player, from: u8) -> u128 {
    use gametree_games::chinese_checkers::board::NONE;
    let board = g.board();
    let occupied = |c: u8| c != from && s.occupied() >> c & 1 == 1;
    let mut dest = 0u128;
    for &a in &board.neighbours[from as usize] {
        if a != NONE && !occupied(a) {
            dest |= 1 << a;
        }
    }
    let (mut seen, mut stack) = (1u128 << from, vec![from]);
    while let Some(c) = stack.pop() {
        for d in 0..6 {
            let over = board.neighbours[c as usize][d];
            if over == NONE || !occupied(over) {
                continue;
            }
            let land = board.neighbours[over as usize][d];
            if land != NONE && !occupied(land) && seen >> land & 1 == 0 {
                seen |= 1 << land;
                dest |= 1 << land;
                stack.push(land);
            }
        }
    }
    if g.goal(p) >> from & 1 == 1 {
        dest &= g.goal(p);
    }
    dest
}

/// The move generator's destinations (a closure over bit masks) equal the walk on the
/// neighbour table, for every piece of every player along seeded random games on the
/// boards of 121 and 73 holes with 2, 3, 4 and 6 players.
#[test]
fn destinations_equal_the_walk_on_the_neighbour_table() {
    let mut pieces = 0u64;
    for holes in [121, 73] {
        for players in [2, 3, 4, 6] {
            let g = ChineseCheckers::new(players, holes, 0, 400).unwrap();
            for seed in 0..3 {
                random_playout_states(&g, seed * 10 + players as u64, |s| {
                    for p in (0..players).map(Player::new) {
                        let mut mine = s.pieces(p);
                        while mine != 0 {
                            let from = mine.trailing_zeros() as u8;
                            mine &= mine - 1;
                            let want = naive_destinations(&g, s, p, from);
                            assert_eq!(g.destinations(s, p, from), want, "{} {from}", g.spec());
                            pieces += 1;
                        }
                    }
                });
            }
        }
    }
    assert!(pieces > 100_000, "{pieces} pieces checked");
}

#[test]
fn conformance_every_board_and_player_count() {
    for holes in [121, 73, 37, 13] {
        for players in [2, 3, 4, 6] {
            for top in [0, 10] {
                let g = ChineseCheckers::new(players, holes, top, 400).unwrap();
                let cfg = CheckConfig {
                    seed: (holes * 10 + players) as u64,
                    playouts: 20,
                    max_plies: 400,
                    ..CheckConfig::default()
                };
                let r =
                    check(&g, &DistanceEval, &cfg).unwrap_or_else(|e| panic!("{}: {e}", g.spec()));
                assert_eq!(r.finished, 20, "{}", g.spec());
            }
        }
    }
}

/// Greedy self-play (always the first move of the order) ends with a win on the small
/// boards, and the conformance check passes from positions near the end of such games.
#[test]
fn greedy_games_end_in_wins() {
    let mut wins = 0;
    for holes in [73, 37, 13] {
        for players in [2, 3, 4, 6] {
            let g = ChineseCheckers::new(players, holes, 0, 400).unwrap();
            let mut s = g.initial();
            let mut buf = Vec::new();
            let mut line = vec![s];
            loop {
                buf.clear();
                g.moves(&s, &mut buf);
                if buf.is_empty() {
                    break;
                }
                s = g.play(&s, buf[0]);
                line.push(s);
            }
            if let Some(w) = s.winner() {
                wins += 1;
                let o = g.outcome(&s).unwrap();
                assert_eq!(o[w], g.maxsum());
                let starts: Vec<State> = line.iter().rev().take(12).copied().collect();
                let cfg = CheckConfig {
                    seed: 3,
                    playouts: 4,
                    max_plies: 400,
                    ..CheckConfig::default()
                };
                gametree::testing::check_from(&g, &DistanceEval, &starts, &cfg)
                    .unwrap_or_else(|e| panic!("{}: {e}", g.spec()));
            }
        }
    }
    assert!(wins >= 4, "only {wins} greedy games were won");
}

/// The evaluator, recomputed from coordinates: `v_i = (N-1) Rmax + sum_{j != i} R_j -
/// (N-1) R_i` with `R_p = sum of the pieces' steps to the goal's tip - D_goal`, the tip being
/// `-2n * sign` on the seat's axis and `n * sign` on the other two.
fn naive_eval(g: &ChineseCheckers, s: &State) -> Vec<i64> {
    let n = g.side();
    let np = g.players() as i64;
    let seats = gametree_games::chinese_checkers::seats(g.players()).unwrap();
    let dgoal: i64 = (1..=n).map(|k| k * (k - 1)).sum();
    let r: Vec<i64> = (0..g.players())
        .map(|p| {
            let mut d = 0;
            for c in 0..g.holes() {
                if s.pieces(Player::new(p)) >> c & 1 == 1 {
                    let xyz = g.board().coords[c];
                    let s = seats[p];
                    d += (0..3)
                        .map(|a| {
                            let tip = if a == s.axis { -2 * n } else { n } * s.sign as i64;
                            (xyz[a] as i64 - tip).abs()
                        })
                        .max()
                        .unwrap();
                }
            }
            d - dgoal
        })
        .collect();
    (0..g.players())
        .map(|i| {
            let others: i64 = (0..g.players()).filter(|&j| j != i).map(|j| r[j]).sum();
            (np - 1) * g.rmax() + others - (np - 1) * r[i]
        })
        .collect()
}

#[test]
fn evaluator_sums_to_maxsum_and_is_per_player() {
    let mut configs = vec![(3, 121, 1000)];
    for (players, holes) in [(2, 121), (4, 121), (6, 121), (3, 73), (6, 37)] {
        configs.push((players, holes, 50));
    }
    for (players, holes, playouts) in configs {
        let g = ChineseCheckers::new(players, holes, 0, 400).unwrap();
        let maxsum = g.maxsum();
        let rmax = g.rmax();
        let mut distinct = 0u64;
        for seed in 0..playouts {
            random_playout_states(&g, seed, |s| {
                if g.outcome(s).is_some() {
                    return;
                }
                let v = DistanceEval.evaluate(&g, s);
                assert_eq!(v.players(), players);
                assert_eq!(v.sum(), maxsum);
                assert!(v
                    .as_slice()
                    .iter()
                    .all(|&x| (0..=2 * (players as i64 - 1) * rmax).contains(&x)));
                assert_eq!(v.as_slice(), &naive_eval(&g, s)[..]);
                if v.as_slice().iter().any(|&x| x != v[0]) {
                    distinct += 1;
                }
            });
        }
        assert!(distinct > 100, "{}", g.spec());
    }
}

#[test]
fn table_10_plain_maxn_count() {
    let g = ChineseCheckers::research();
    let r = run_iterative(
        Algorithm::Maxn,
        &g,
        &DistanceEval,
        &g.initial(),
        &Config::depth(6),
    )
    .unwrap();
    assert_eq!(r.stats.nodes, 1_234_566);
    assert_eq!(r.stats.expansions, 1_234_560);
    assert_eq!(r.stats.iterations, 6);
}

/// Mid-game positions: a seeded number of random plies from the top-10 lists.
fn mid_game(g: &ChineseCheckers, seed: u64, plies: u64) -> Option<State> {
    let mut rng = SplitMix64::new(seed);
    let mut s = g.initial();
    let mut buf = Vec::new();
    let n = 6 + rng.below(plies);
    for _ in 0..n {
        buf.clear();
        g.moves(&s, &mut buf);
        if buf.is_empty() {
            return None;
        }
        s = g.play(&s, buf[rng.below(buf.len() as u64) as usize]);
    }
    g.outcome(&s).is_none().then_some(s)
}

fn agree(g: &ChineseCheckers, positions: usize, depth: u32, seed: u64) -> (u64, u64) {
    let (mut plain, mut spec) = (0, 0);
    let mut seen = 0;
    let mut i = 0;
    while seen < positions {
        i += 1;
        let Some(s) = mid_game(g, seed ^ i, 90) else {
            continue;
        };
        seen += 1;
        let cfg = Config::depth(depth);
        let m = run(Algorithm::Maxn, g, &DistanceEval, &s, &cfg).unwrap();
        plain += m.stats.nodes;
        for a in [
            Algorithm::Speculative,
            Algorithm::LastBranch,
            Algorithm::Shallow,
        ] {
            let r = run(a, g, &DistanceEval, &s, &cfg).unwrap();
            assert_eq!(r.value, m.value, "{a} {} {:?}", g.spec(), s);
            assert_eq!(r.best_move, m.best_move, "{a} {} {:?}", g.spec(), s);
            assert_eq!(r.pv, m.pv, "{a} {} {:?}", g.spec(), s);
            assert!(r.stats.nodes <= m.stats.nodes || a == Algorithm::Speculative);
            if a == Algorithm::Speculative {
                spec += r.stats.nodes;
            }
        }
    }
    (plain, spec)
}

#[test]
fn pruning_agrees_with_maxn_three_players() {
    let g = ChineseCheckers::research();
    let (plain, spec) = agree(&g, 500, 4, 0xC0FFEE);
    // Speculative pruning really prunes on this domain.
    assert!(spec * 2 < plain, "speculative {spec} vs max^n {plain}");
}

#[test]
fn pruning_agrees_with_maxn_other_player_counts() {
    for (players, holes) in [(2, 121), (4, 121), (6, 121), (3, 73)] {
        let g = ChineseCheckers::new(players, holes, 10, 400).unwrap();
        agree(&g, 40, 4, players as u64);
    }
}

/// Self-play with max^n at depth 2 (one move of each player seen, with three players) gets
/// the pieces home: the evaluation counts the sideways steps from the corners beside a goal,
/// where the row distance alone let pieces shuffle until the ply cap (docs/games.md).
#[test]
fn shallow_self_play_ends_with_a_win() {
    for (players, holes, top) in [
        (3, 121, 0),
        (3, 121, 10),
        (2, 121, 0),
        (3, 73, 0),
        (4, 73, 0),
    ] {
        let g = ChineseCheckers::new(players, holes, top, 1000).unwrap();
        let mut s = g.initial();
        while g.outcome(&s).is_none() {
            let r = run(Algorithm::Maxn, &g, &DistanceEval, &s, &Config::depth(2)).unwrap();
            s = g.play(&s, r.best_move.unwrap());
        }
        assert!(
            s.winner().is_some() && s.ply() < 400,
            "{}: {:?}",
            g.spec(),
            s
        );
    }
}
