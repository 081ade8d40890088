use super::*;
use crate::perft::perft;
use gametree::Evaluator;

fn full(players: usize, holes: usize) -> ChineseCheckers {
    ChineseCheckers::new(players, holes, 0, DEFAULT_CAP).unwrap()
}

fn cell(g: &ChineseCheckers, x: i8, y: i8, z: i8) -> u8 {
    g.board().index([x, y, z]).unwrap()
}

fn bits(cells: &[u8]) -> u128 {
    cells.iter().fold(0, |b, &c| b | 1u128 << c)
}

fn moves(g: &ChineseCheckers, s: &State) -> Vec<Move> {
    let mut v = Vec::new();
    g.moves(s, &mut v);
    v
}

#[test]
fn state_is_small() {
    assert!(std::mem::size_of::<State>() <= 144);
}

#[test]
fn perft_standard_three_players() {
    let g = full(3, 121);
    let s = g.initial();
    let want = [14, 196, 2744, 66640];
    for (d, &w) in want.iter().enumerate() {
        assert_eq!(perft(&g, &s, d as u32 + 1), w, "depth {}", d + 1);
    }
}

#[test]
fn perft_raw_equals_perft() {
    for (players, holes) in [(2, 121), (3, 121), (4, 121), (6, 121), (3, 73), (6, 37)] {
        let g = full(players, holes);
        let s = g.initial();
        for d in 0..4 {
            assert_eq!(
                g.perft_raw(&s, d),
                perft(&g, &s, d),
                "{} depth {d}",
                g.spec()
            );
        }
    }
    assert_eq!(full(3, 121).perft_raw(&full(3, 121).initial(), 4), 66640);
}

#[test]
fn perft_73_holes_three_players() {
    let g = full(3, 73);
    let s = g.initial();
    let want = [10, 100, 1000, 18000];
    for (d, &w) in want.iter().enumerate() {
        assert_eq!(perft(&g, &s, d as u32 + 1), w, "depth {}", d + 1);
    }
}

#[test]
fn constants() {
    let g = full(3, 121);
    assert_eq!((g.rmax(), g.dgoal(), g.maxsum()), (120, 20, 720));
    assert_eq!(g.pieces_per_player(), 10);
    let g = full(3, 73);
    assert_eq!((g.rmax(), g.pieces_per_player()), (56, 6));
    // The start: every player at Rmax.
    let g = full(3, 121);
    let r = DistanceEval::remaining(&g, &g.initial());
    assert_eq!(r.as_slice(), &[120, 120, 120]);
    assert_eq!(
        DistanceEval.evaluate(&g, &g.initial()).as_slice(),
        &[240, 240, 240]
    );
}

#[test]
fn hops_over_pieces_of_any_colour() {
    let g = full(3, 121);
    let p0 = bits(&[cell(&g, 0, 0, 0)]);
    let p1 = bits(&[cell(&g, 1, -1, 0), cell(&g, 3, -3, 0)]);
    let s = g.position(&[p0, p1, 0], Player::new(0));
    let m = moves(&g, &s);
    assert_eq!(m.len(), 7, "{m:?}");
    let to: Vec<u8> = m.iter().map(|m| m.to()).collect();
    assert!(to.contains(&cell(&g, 2, -2, 0)));
    assert!(to.contains(&cell(&g, 4, -4, 0)));
    let steps = m
        .iter()
        .filter(|m| g.board().neighbour_mask[m.from() as usize] >> m.to() & 1 == 1)
        .count();
    assert_eq!(steps, 5);
}

#[test]
fn goal_rule() {
    let g = full(3, 121);
    let c = cell(&g, -5, 2, 3);
    assert!(g.goal(Player::new(0)) >> c & 1 == 1);
    let s = g.position(&[bits(&[c]), 0, 0], Player::new(0));
    assert_eq!(moves(&g, &s).len(), 4);
    // Without the goal rule: P1's goal does not hold (-5,2,3), and the same lone piece of P1
    // has all six steps.
    let s = g.position(&[0, bits(&[c]), 0], Player::new(1));
    assert_eq!(moves(&g, &s).len(), 6);
}

#[test]
fn surrounded_piece_hops_only() {
    let g = full(3, 121);
    let centre = cell(&g, 0, 0, 0);
    let ring: Vec<u8> = g.board().neighbours[centre as usize].to_vec();
    let s = g.position(&[bits(&[centre]), bits(&ring), 0], Player::new(0));
    let m = moves(&g, &s);
    assert_eq!(m.len(), 6);
    for mv in &m {
        assert_eq!(mv.from(), centre);
        assert_eq!(g.board().neighbour_mask[centre as usize] >> mv.to() & 1, 0);
    }
}

#[test]
fn chains_are_one_move_and_the_origin_is_empty() {
    let g = full(2, 121);
    // P0 at the centre; P1 pieces at distance 1 in two directions such that two hop paths
    // reach the same cell: over (1,-1,0) to (2,-2,0), over (2,-1,-1)... build a hexagon of
    // hops: centre -> (2,-2,0) -> (2,0,-2) and centre -> (0,2,-2)?? Use a ring instead: the
    // six neighbours of (2,-1,-1) minus one, around which a chain can go both ways.
    let o = cell(&g, 0, 0, 0);
    let over = [cell(&g, 1, -1, 0), cell(&g, 2, -1, -1), cell(&g, 1, 0, -1)];
    let s = g.position(&[bits(&[o]), bits(&over)], Player::new(0));
    let m = moves(&g, &s);
    // Hops: (2,-2,0) over (1,-1,0); (2,0,-2) over (1,0,-1); and (2,-2,0) -> over (2,-1,-1)
    // -> (2,0,-2) joins the two chains: destinations are distinct.
    let mut to: Vec<u8> = m.iter().map(|m| m.to()).collect();
    let n = to.len();
    to.sort();
    to.dedup();
    assert_eq!(n, to.len());
    assert!(to.contains(&cell(&g, 2, -2, 0)) && to.contains(&cell(&g, 2, 0, -2)));
    // Back over (1,-1,0) from (2,-2,0) lands on the origin, which is not a move.
    assert!(!to.contains(&o));
}

#[test]
fn order_and_top_k() {
    let g = ChineseCheckers::research();
    let s = g.initial();
    let m = moves(&g, &s);
    assert_eq!(m.len(), 10);
    let all = moves(&g.with_top(0), &s);
    assert_eq!(all.len(), 14);
    assert_eq!(&all[..10], &m[..]);
    let key = |m: &Move| {
        let gain =
            g.cell_distance(Player::new(0), m.from()) - g.cell_distance(Player::new(0), m.to());
        (-gain, m.from(), m.to())
    };
    for w in all.windows(2) {
        assert!(key(&w[0]) < key(&w[1]));
    }
}

#[test]
fn zobrist_is_incremental_and_positions_round_trip() {
    for (players, holes) in [(2, 121), (3, 121), (4, 121), (6, 121), (3, 73), (6, 37)] {
        let g = ChineseCheckers::new(players, holes, 0, DEFAULT_CAP).unwrap();
        let mut rng = crate::rng::SplitMix64::new(7);
        let mut s = g.initial();
        let mut buf = Vec::new();
        for _ in 0..200 {
            assert_eq!(g.zobrist(&s), g.zobrist_full(&s));
            let text = g.format_position(&s);
            let back = g.parse_position(&text).unwrap();
            assert_eq!(back.pieces, s.pieces);
            assert_eq!(back.dist, s.dist);
            assert_eq!(back.key, s.key);
            buf.clear();
            g.moves(&s, &mut buf);
            if buf.is_empty() {
                break;
            }
            s = g.play(&s, buf[rng.below(buf.len() as u64) as usize]);
        }
    }
}

#[test]
fn win_rule() {
    let g = full(3, 73);
    let goal = g.goal(Player::new(0));
    let cells: Vec<u8> = (0..73).filter(|&c| goal >> c & 1 == 1).collect();
    // P0 has five pieces in its goal and one outside next to the last goal hole, which P1
    // fills: P0 wins by P1's move? No: P1 fills it, and P0 has an own piece in the goal.
    let last = cells[5];
    let outside = (0..73u8)
        .find(|&c| goal >> c & 1 == 0 && g.board().neighbour_mask[c as usize] >> last & 1 == 1)
        .unwrap();
    let p0 = bits(&cells[..5]);
    let p1 = bits(&[outside]);
    let s = g.position(&[p0, p1, 0], Player::new(1));
    assert!(s.winner().is_none());
    let mv = Move::new(outside, last);
    assert!(moves(&g, &s).contains(&mv));
    let t = g.play(&s, mv);
    assert_eq!(t.winner(), Some(Player::new(0)));
    assert_eq!(g.outcome(&t).unwrap().as_slice(), &[g.maxsum(), 0, 0]);
    assert!(moves(&g, &t).is_empty());
    // A goal full of opponents only is no win.
    let s = g.position(&[0, goal, 0], Player::new(0));
    assert!(s.winner().is_none());
}

#[test]
fn ply_cap_is_an_equal_share() {
    let g = ChineseCheckers::new(3, 121, 10, 2).unwrap();
    let s = g.initial();
    let m = moves(&g, &s);
    let s = g.play(&s, m[0]);
    let m = moves(&g, &s);
    let s = g.play(&s, m[0]);
    assert!(moves(&g, &s).is_empty());
    assert_eq!(g.outcome(&s).unwrap().as_slice(), &[240, 240, 240]);
}

#[test]
fn pass_when_blocked() {
    // n = 2: P0 on its three start holes, every exit and every hop landing filled by P1
    // (`position` does not check piece counts).
    let g = ChineseCheckers::new(3, 37, 0, DEFAULT_CAP).unwrap();
    let p0 = g.start(Player::new(0));
    let block: Vec<u8> = [
        [2, 0, -2],
        [2, -1, -1],
        [2, -2, 0],
        [1, 1, -2],
        [1, 0, -1],
        [1, -1, 0],
        [1, -2, 1],
    ]
    .iter()
    .map(|c| g.board().index(*c).unwrap())
    .collect();
    let s = g.position(&[p0, bits(&block), 0], Player::new(0));
    assert_eq!(moves(&g, &s), vec![Move::PASS]);
    assert_eq!(g.count_moves(&s), 1);
    let t = g.play(&s, Move::PASS);
    assert_eq!(t.to_move, 1);
    assert_eq!(t.pieces, s.pieces);
    assert_eq!(g.zobrist(&t), g.zobrist_full(&t));
    // Remove one landing: P0 has exactly one move again (a hop).
    let s = g.position(&[p0, bits(&block[..6]), 0], Player::new(0));
    assert_eq!(moves(&g, &s).len(), 1);
}

#[test]
fn parse_errors() {
    let g = ChineseCheckers::research();
    let start = g.format_position(&g.initial());
    assert!(g.parse_position(&start).is_ok());
    let (lists, _) = start.split_once(' ').unwrap();
    let e = |t: &str| g.parse_position(t).unwrap_err();
    assert!(matches!(
        e(&format!("{lists} 3")),
        PositionError::BadPlayer { .. }
    ));
    assert!(matches!(
        e(&format!("{lists} x")),
        PositionError::BadPlayer { .. }
    ));
    let bad = lists.replacen("111", "121", 1);
    assert!(
        matches!(e(&bad), PositionError::UnknownCell { cell: 121, .. }),
        "{bad}"
    );
    let bad = lists.replacen("111", "abc", 1);
    assert!(matches!(e(&bad), PositionError::BadCell { .. }));
    let first = lists.split(',').next().unwrap();
    let bad = lists.replacen(
        &format!(",{}", lists.split(',').nth(1).unwrap()),
        &format!(",{first}"),
        1,
    );
    assert!(matches!(e(&bad), PositionError::Duplicate { .. }), "{bad}");
    let bad = lists.split_once(',').unwrap().1.to_string();
    assert!(matches!(
        e(&bad),
        PositionError::PieceCount {
            player: 0,
            found: 9,
            ..
        }
    ));
    let two: Vec<&str> = lists.split('/').take(2).collect();
    assert!(matches!(
        e(&two.join("/")),
        PositionError::Players {
            found: 2,
            expected: 3
        }
    ));
    assert!(matches!(e("   "), PositionError::Empty));
    assert!(matches!(
        e(&format!("{lists} 0 1")),
        PositionError::Trailing(_)
    ));
}

#[test]
fn spec() {
    let g = ChineseCheckers::from_spec(
        &Spec::parse("chinese-checkers(players=4,board=73,top=all)").unwrap(),
    )
    .unwrap();
    assert_eq!((g.players(), g.holes(), g.top()), (4, 73, 0));
    let back = ChineseCheckers::from_spec(&Spec::parse(&g.spec()).unwrap()).unwrap();
    assert_eq!(
        (back.players(), back.holes(), back.top(), back.cap()),
        (4, 73, 0, 400)
    );
    for bad in [
        "chinese-checkers(players=5)",
        "chinese-checkers(board=100)",
        "chinese-checkers(top=x)",
        "chinese-checkers(cap=0)",
        "chinese-checkers(colour=red)",
    ] {
        assert!(
            ChineseCheckers::from_spec(&Spec::parse(bad).unwrap()).is_err(),
            "{bad}"
        );
    }
}

#[test]
fn move_order_is_the_sorted_raw_list() {
    for (players, holes, top) in [
        (3, 121, 0),
        (3, 121, 10),
        (2, 121, 5),
        (6, 121, 0),
        (4, 73, 10),
        (3, 37, 0),
    ] {
        let g = ChineseCheckers::new(players, holes, top, 300).unwrap();
        let mut rng = crate::rng::SplitMix64::new(11);
        for _ in 0..5 {
            let mut s = g.initial();
            loop {
                let m = moves(&g, &s);
                if m.is_empty() {
                    break;
                }
                let mut raw = Vec::new();
                g.raw_moves(&s, &mut raw);
                let p = g.to_move(&s);
                raw.sort_by_key(|&mv| g.order_key(p, mv));
                if raw.is_empty() {
                    raw.push(Move::PASS);
                }
                if top > 0 {
                    raw.truncate(top);
                }
                assert_eq!(m, raw);
                // Random moves from the full list, so positions get varied.
                let mut all = Vec::new();
                g.with_top(0).moves(&s, &mut all);
                s = g.play(&s, all[rng.below(all.len() as u64) as usize]);
            }
        }
    }
}

/// The seat geometry, for every player count and board: a player's distance is 0 at the tip
/// of its goal and `4n` at the tip of its start, its start corner is exactly the cells with
/// distance above `3n` and its goal exactly those below `n`, no two players share a start or
/// a goal, and the goal is the start of the opposite seat's player (2, 4, 6 players) or an
/// empty corner with the other two starts beside it (3 players).
#[test]
fn seats_distances_and_corners_agree() {
    for holes in [121, 73, 37, 13] {
        for players in [2, 3, 4, 6] {
            let g = ChineseCheckers::new(players, holes, 0, DEFAULT_CAP).unwrap();
            let n = g.side();
            let starts: u128 = (0..players).fold(0, |b, p| b | g.start(Player::new(p)));
            for p in 0..players {
                let pl = Player::new(p);
                let (mut start, mut goal) = (0u128, 0u128);
                for c in 0..g.holes() as u8 {
                    let d = g.cell_distance(pl, c);
                    assert!((0..=4 * n).contains(&d), "{} P{p} cell {c}", g.spec());
                    if d > 3 * n {
                        start |= 1 << c;
                    }
                    if d < n {
                        goal |= 1 << c;
                    }
                    if d == 0 {
                        assert!(g.goal(pl) >> c & 1 == 1, "{} P{p}: tip {c}", g.spec());
                    }
                }
                assert_eq!(start, g.start(pl), "{} P{p} start", g.spec());
                assert_eq!(goal, g.goal(pl), "{} P{p} goal", g.spec());
                for q in 0..p {
                    assert_eq!(g.start(Player::new(q)) & start, 0, "{}", g.spec());
                    assert_eq!(g.goal(Player::new(q)) & goal, 0, "{}", g.spec());
                }
                if players == 3 {
                    // Alternate corners: the goals are the empty corners, and the others'
                    // starts are the two corners beside this player's goal (distances `n`
                    // to `2n - 1`, the rows just behind the goal's base row).
                    assert_eq!(goal & starts, 0, "{} P{p}", g.spec());
                    for c in 0..g.holes() as u8 {
                        if (starts & !start) >> c & 1 == 1 {
                            let d = g.cell_distance(pl, c);
                            assert!((n..2 * n).contains(&d), "{} P{p} cell {c}", g.spec());
                        }
                    }
                } else {
                    assert!((0..players).any(|q| g.start(Player::new(q)) == goal));
                }
            }
        }
    }
}

/// Along random games on every board and player count, each move changes the mover's
/// distance sum by exactly the rows it gains, `d(from) - d(to)` (the ordering's gain), and
/// nobody else's, and the incremental sums (rows and sideways steps) equal the sums
/// recomputed from the pieces; the
/// evaluator gives the mover `(N - 1) * steps` more and every other player `steps` less,
/// `steps` being the steps to the goal's tip the move gains.
#[test]
fn every_move_changes_the_evaluation_by_the_steps_gained() {
    let mut sideways = 0u64;
    for holes in [121, 73, 37, 13] {
        for players in [2, 3, 4, 6] {
            let g = ChineseCheckers::new(players, holes, 0, 300).unwrap();
            let nn = players as Score;
            for seed in 0..4 {
                let mut rng = crate::rng::SplitMix64::new(seed * 31 + players as u64);
                let mut s = g.initial();
                let mut buf = Vec::new();
                loop {
                    buf.clear();
                    g.moves(&s, &mut buf);
                    if buf.is_empty() {
                        break;
                    }
                    let mv = buf[rng.below(buf.len() as u64) as usize];
                    let p = g.to_move(&s);
                    let child = g.play(&s, mv);
                    let (gain, steps) = if mv.is_pass() {
                        (0, 0)
                    } else {
                        (
                            g.cell_distance(p, mv.from()) - g.cell_distance(p, mv.to()),
                            g.tip_distance(p, mv.from()) - g.tip_distance(p, mv.to()),
                        )
                    };
                    let pieces: Vec<u128> =
                        (0..players).map(|q| child.pieces(Player::new(q))).collect();
                    let fresh = g.position(&pieces, g.to_move(&child));
                    let before = DistanceEval.evaluate(&g, &s);
                    let after = DistanceEval.evaluate(&g, &child);
                    for q in 0..players {
                        let qp = Player::new(q);
                        assert_eq!(child.distance(qp), fresh.distance(qp), "{}", g.spec());
                        let side = g.sideways_plain(&child, qp);
                        assert_eq!(g.sideways(&child, qp), side, "{} P{q}", g.spec());
                        assert_eq!(g.sideways(&fresh, qp), side, "{} P{q}", g.spec());
                        sideways += side as u64;
                        let moved = if q == p.index() { gain } else { 0 };
                        assert_eq!(
                            s.distance(qp) - child.distance(qp),
                            moved,
                            "{} P{q} after {mv:?} by {p:?}",
                            g.spec()
                        );
                        if g.outcome(&child).is_none() {
                            let want = if q == p.index() {
                                (nn - 1) * steps
                            } else {
                                -steps
                            };
                            assert_eq!(after[q] - before[q], want, "{} P{q}", g.spec());
                        }
                    }
                    s = child;
                }
            }
        }
    }
    assert!(sideways > 10_000, "{sideways} sideways steps");
}

/// The evaluation's distance, the steps to the tip of the goal, on every board and player
/// count: at least the rows, equal to them in the player's start and goal corners, at most
/// `n` more and only in the two corners beside the goal (rows `n` to `2n - 1`), never above
/// `3n` outside the start; so `D_goal` and `Rmax` are those of the rows. A piece walked down
/// the row `x = -4` from P1's start into P2's (3 players) gains rows but no steps at the end.
#[test]
fn tip_distance_is_the_rows_plus_the_sideways_steps() {
    for holes in [121, 73, 37, 13] {
        for players in [2, 3, 4, 6] {
            let g = ChineseCheckers::new(players, holes, 0, DEFAULT_CAP).unwrap();
            let n = g.side();
            let seat = seats(players).unwrap();
            for (p, &s) in seat.iter().enumerate() {
                let pl = Player::new(p);
                for c in 0..g.holes() as u8 {
                    let xyz = g.board().coords[c as usize];
                    let tip = (0..3)
                        .map(|a| {
                            let t = if a == s.axis { -2 * n } else { n } * s.sign as i64;
                            (xyz[a] as i64 - t).abs()
                        })
                        .max()
                        .unwrap();
                    let (d, t) = (g.cell_distance(pl, c), g.tip_distance(pl, c));
                    assert_eq!(t, tip, "{} P{p} cell {c}", g.spec());
                    assert!((d..=d + n).contains(&t), "{} P{p} cell {c}", g.spec());
                    if (g.start(pl) | g.goal(pl)) >> c & 1 == 1 {
                        assert_eq!(t, d, "{} P{p} cell {c}", g.spec());
                    } else {
                        assert!(t <= 3 * n, "{} P{p} cell {c}", g.spec());
                    }
                    if t > d {
                        assert!((n..2 * n).contains(&d), "{} P{p} cell {c}", g.spec());
                    }
                }
            }
        }
    }
    let g = full(3, 121);
    let p1 = Player::new(1);
    let row: Vec<u8> = (-4..=8).rev().map(|y| cell(&g, -4, y, 4 - y)).collect();
    let d: Vec<i64> = row.iter().map(|&c| g.cell_distance(p1, c)).collect();
    let t: Vec<i64> = row.iter().map(|&c| g.tip_distance(p1, c)).collect();
    assert_eq!(d, (4..=16).rev().collect::<Vec<i64>>());
    assert_eq!(t, [16, 15, 14, 13, 12, 11, 10, 9, 8, 8, 8, 8, 8]);
}
