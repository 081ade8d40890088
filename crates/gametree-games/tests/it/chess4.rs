//! Four-player chess: an independent move generator (a plain 14 x 14 array and the rules
//! written directly, no shared tables) against the module's on random playouts and perft,
//! the rotation symmetry, the conformance check, the pruning searches against max^n, the
//! notation both ways, malformed positions and the ply cap.

use std::collections::BTreeSet;

use gametree::search::{run, Algorithm, Config};
use gametree::testing::{check, check_from, CheckConfig};
use gametree::{Evaluator, Game, Player, SetToMove};
use gametree_games::chess4::{Chess4, PositionError, Psi, State, MAXSUM};
use gametree_games::notation::{MoveError, Notation};
use gametree_games::perft::perft;
use gametree_games::rng::SplitMix64;
use gametree_games::spec::Spec;
use proptest::prelude::*;

// ---------------------------------------------------------------------------------------
// The independent generator.

/// A piece: (owner 0..4, letter).
type Sq = Option<(usize, char)>;

#[derive(Clone, PartialEq, Debug)]
struct Naive {
    b: [[Sq; 14]; 14], // b[y][x]
    live: [bool; 4],
    mover: usize,
    ply: u32,
}

fn on(x: i32, y: i32) -> bool {
    if !(0..14).contains(&x) || !(0..14).contains(&y) {
        return false;
    }
    let corner_x = !(3..=10).contains(&x);
    let corner_y = !(3..=10).contains(&y);
    !(corner_x && corner_y)
}

fn fwd(p: usize) -> (i32, i32) {
    [(0, 1), (1, 0), (0, -1), (-1, 0)][p]
}

fn name(x: i32, y: i32) -> String {
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

impl Naive {
    fn parse(text: &str) -> Naive {
        let (m, rest) = text.split_once(' ').unwrap();
        let mover = "rbyg".find(m).unwrap();
        let mut n = Naive {
            b: [[None; 14]; 14],
            live: [true; 4],
            mover,
            ply: 0,
        };
        for (p, side) in rest.split('/').enumerate() {
            if side == "-" {
                n.live[p] = false;
                continue;
            }
            for item in side.split(',') {
                let letter = item.chars().next().unwrap();
                let x = (item.as_bytes()[1] - b'a') as i32;
                let y: i32 = item[2..].parse::<i32>().unwrap() - 1;
                n.b[y as usize][x as usize] = Some((p, letter));
            }
        }
        n
    }

    fn at(&self, x: i32, y: i32) -> Sq {
        self.b[y as usize][x as usize]
    }

    /// Whether the piece on (px, py) attacks (x, y).
    fn piece_attacks(&self, px: i32, py: i32, x: i32, y: i32) -> bool {
        let Some((q, k)) = self.at(px, py) else {
            return false;
        };
        let (dx, dy) = (x - px, y - py);
        match k {
            'P' => {
                let (fx, fy) = fwd(q);
                if fx == 0 {
                    dy == fy && dx.abs() == 1
                } else {
                    dx == fx && dy.abs() == 1
                }
            }
            'N' => (dx.abs() == 1 && dy.abs() == 2) || (dx.abs() == 2 && dy.abs() == 1),
            'K' => dx.abs() <= 1 && dy.abs() <= 1 && (dx, dy) != (0, 0),
            _ => {
                let straight = dx == 0 || dy == 0;
                let diagonal = dx.abs() == dy.abs();
                if (dx, dy) == (0, 0) {
                    return false;
                }
                let ok = match k {
                    'R' => straight,
                    'B' => diagonal,
                    'Q' => straight || diagonal,
                    _ => unreachable!(),
                };
                if !ok {
                    return false;
                }
                let (sx, sy) = (dx.signum(), dy.signum());
                let (mut cx, mut cy) = (px + sx, py + sy);
                while (cx, cy) != (x, y) {
                    if !on(cx, cy) || self.at(cx, cy).is_some() {
                        return false;
                    }
                    cx += sx;
                    cy += sy;
                }
                true
            }
        }
    }

    fn king_attacked(&self, p: usize) -> bool {
        let mut king = None;
        for y in 0..14 {
            for x in 0..14 {
                if self.b[y as usize][x as usize] == Some((p, 'K')) {
                    king = Some((x, y));
                }
            }
        }
        let (kx, ky) = king.expect("a live player has a king");
        for y in 0..14 {
            for x in 0..14 {
                if let Some((q, _)) = self.at(x, y) {
                    if q != p && self.live[q] && self.piece_attacks(x, y, kx, ky) {
                        return true;
                    }
                }
            }
        }
        false
    }

    fn pseudo(&self, p: usize) -> Vec<((i32, i32), (i32, i32))> {
        let mut out = Vec::new();
        let enemy = |x: i32, y: i32| matches!(self.at(x, y), Some((q, _)) if q != p);
        for y in 0..14 {
            for x in 0..14 {
                let Some((q, k)) = self.at(x, y) else {
                    continue;
                };
                if q != p {
                    continue;
                }
                let mut add = |tx: i32, ty: i32| out.push(((x, y), (tx, ty)));
                match k {
                    'P' => {
                        let (fx, fy) = fwd(p);
                        let (ax, ay) = (x + fx, y + fy);
                        if on(ax, ay) && self.at(ax, ay).is_none() {
                            add(ax, ay);
                            let start = match p {
                                0 => y == 1,
                                1 => x == 1,
                                2 => y == 12,
                                _ => x == 12,
                            };
                            let (bx, by) = (ax + fx, ay + fy);
                            if start && on(bx, by) && self.at(bx, by).is_none() {
                                add(bx, by);
                            }
                        }
                        let sides = if fx == 0 {
                            [(1, 0), (-1, 0)]
                        } else {
                            [(0, 1), (0, -1)]
                        };
                        for (sx, sy) in sides {
                            let (cx, cy) = (x + fx + sx, y + fy + sy);
                            if on(cx, cy) && enemy(cx, cy) {
                                add(cx, cy);
                            }
                        }
                    }
                    'N' | 'K' => {
                        for dy in -2..=2i32 {
                            for dx in -2..=2i32 {
                                let knight = dx.abs() * dy.abs() == 2;
                                let king = dx.abs() <= 1 && dy.abs() <= 1 && (dx, dy) != (0, 0);
                                if (k == 'N' && knight) || (k == 'K' && king) {
                                    let (tx, ty) = (x + dx, y + dy);
                                    if on(tx, ty) && (self.at(tx, ty).is_none() || enemy(tx, ty)) {
                                        add(tx, ty);
                                    }
                                }
                            }
                        }
                    }
                    _ => {
                        for dy in -1..=1i32 {
                            for dx in -1..=1i32 {
                                if (dx, dy) == (0, 0) {
                                    continue;
                                }
                                let diag = dx != 0 && dy != 0;
                                if (k == 'R' && diag) || (k == 'B' && !diag) {
                                    continue;
                                }
                                let (mut tx, mut ty) = (x + dx, y + dy);
                                while on(tx, ty) {
                                    if self.at(tx, ty).is_some() {
                                        if enemy(tx, ty) {
                                            add(tx, ty);
                                        }
                                        break;
                                    }
                                    add(tx, ty);
                                    tx += dx;
                                    ty += dy;
                                }
                            }
                        }
                    }
                }
            }
        }
        out
    }

    fn remove_player(&mut self, q: usize) {
        self.live[q] = false;
        for row in self.b.iter_mut() {
            for c in row.iter_mut() {
                if matches!(c, Some((o, _)) if *o == q) {
                    *c = None;
                }
            }
        }
    }

    /// The move made on the board (captures, a king capture's elimination, promotion).
    fn make(&self, (f, t): ((i32, i32), (i32, i32))) -> Naive {
        let mut n = self.clone();
        let (p, mut k) = n.at(f.0, f.1).unwrap();
        if let Some((q, 'K')) = n.at(t.0, t.1) {
            n.remove_player(q);
        }
        let eighth = match p {
            0 => t.1 == 7,
            1 => t.0 == 7,
            2 => t.1 == 6,
            _ => t.0 == 6,
        };
        if k == 'P' && eighth {
            k = 'Q';
        }
        n.b[f.1 as usize][f.0 as usize] = None;
        n.b[t.1 as usize][t.0 as usize] = Some((p, k));
        n
    }

    fn legal(&self) -> Vec<((i32, i32), (i32, i32))> {
        self.pseudo(self.mover)
            .into_iter()
            .filter(|&m| self.keeps_king_safe(m))
            .collect()
    }

    /// Whether the mover has a legal move: [`Naive::legal`] is not empty (stopping at the
    /// first).
    fn has_legal(&self) -> bool {
        self.pseudo(self.mover)
            .into_iter()
            .any(|m| self.keeps_king_safe(m))
    }

    /// Whether the mover's pseudo-legal move `m` leaves its king unattacked (is legal).
    fn keeps_king_safe(&self, m: ((i32, i32), (i32, i32))) -> bool {
        !self.make(m).king_attacked(self.mover)
    }

    fn over(&self, cap: u32) -> bool {
        self.live.iter().filter(|&&l| l).count() <= 1 || self.ply >= cap
    }

    /// The turn passes on from seat `seat`: skip eliminated seats; a player without a legal
    /// move is eliminated (no ply used).
    fn pass_turn(&mut self, mut seat: usize, cap: u32) {
        loop {
            while !self.live[seat] {
                seat = (seat + 1) % 4;
            }
            self.mover = seat;
            if self.over(cap) || self.has_legal() {
                return;
            }
            self.remove_player(seat);
        }
    }

    fn play(&self, m: ((i32, i32), (i32, i32)), cap: u32) -> Naive {
        let mut n = self.make(m);
        n.ply += 1;
        n.pass_turn((self.mover + 1) % 4, cap);
        n
    }

    fn moves(&self, cap: u32) -> BTreeSet<String> {
        if self.over(cap) {
            return BTreeSet::new();
        }
        self.legal()
            .into_iter()
            .map(|(f, t)| format!("{}-{}", name(f.0, f.1), name(t.0, t.1)))
            .collect()
    }

    fn perft(&self, depth: u32, cap: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.over(cap) {
            return 0;
        }
        let legal = self.legal();
        if depth == 1 {
            // Each legal move leads to one position: counted without playing it (playing
            // would only hand the turn on, which counts nothing at the last ply).
            return legal.len() as u64;
        }
        legal
            .into_iter()
            .map(|m| self.play(m, cap).perft(depth - 1, cap))
            .sum()
    }

    /// The position text, pieces by square index.
    fn format(&self) -> String {
        let mut sides = Vec::new();
        for p in 0..4 {
            if !self.live[p] {
                sides.push("-".to_string());
                continue;
            }
            let mut items = Vec::new();
            for y in 0..14 {
                for x in 0..14 {
                    if let Some((q, k)) = self.at(x, y) {
                        if q == p {
                            items.push(format!("{k}{}", name(x, y)));
                        }
                    }
                }
            }
            sides.push(items.join(","));
        }
        format!("{} {}", ["r", "b", "y", "g"][self.mover], sides.join("/"))
    }
}

// ---------------------------------------------------------------------------------------
// Positions.

const START: &str = "r Rd1,Ne1,Bf1,Qg1,Kh1,Bi1,Nj1,Rk1,Pd2,Pe2,Pf2,Pg2,Ph2,Pi2,Pj2,Pk2/Ra4,Pb4,Na5,Pb5,Ba6,Pb6,Ka7,Pb7,Qa8,Pb8,Ba9,Pb9,Na10,Pb10,Ra11,Pb11/Pd13,Pe13,Pf13,Pg13,Ph13,Pi13,Pj13,Pk13,Rd14,Ne14,Bf14,Kg14,Qh14,Bi14,Nj14,Rk14/Pm4,Rn4,Pm5,Nn5,Pm6,Bn6,Pm7,Qn7,Pm8,Kn8,Pm9,Bn9,Pm10,Nn10,Pm11,Rn11";

/// Composed positions (also in tests/perft/chess4.perft): a check with a pin, promotions of
/// all four colours, a king left attacked (capture eliminates), a mate and a stalemate at the
/// next player's turn.
const COMPOSED: [&str; 6] = [
    // Red in check from Green's bishop k4; Red's knight h4 pinned by Yellow's rook h10.
    "r Kh1,Nh4,Pg2,Rd1/Ka7,Pb5,Nc6/Kg14,Rh10,Pe12/Kn8,Bk4,Pm9",
    // Pawns one step from their eighth ranks, with captures onto them.
    "r Kh1,Pe7,Pj7,Rd1/Ka7,Pg5,Nd8,Pg9/Kg14,Pf8,Ri10,Pk13/Kn8,Ph9,Ph6,Pm4",
    // Blue's king attacked by Red's queen: Red may capture it (Blue eliminated at once).
    "r Kh1,Qd7,Pe2/Ka7,Pb5,Rb10/Kg14,Bi12,Pd13/Kn8,Qm9,Pm5",
    // Blue's lone king on a4, boxed by Red's rook and Green's knight: stalemated at its turn.
    "r Kh1,Rb11,Pe2/Ka4/Kg14,Pd13/Kn8,Nc4,Pm9",
    // After Red's move Yellow's king may be taken by Blue before Yellow moves.
    "r Kh1,Bf12,Pe2/Ka9,Rd12,Pb5/Kg12,Ph13,Pi13/Kn8,Pm9,Rl4",
    // Blue's king on a4 in check from Red's rook: Red may take it, or mate it at its turn.
    "r Kh1,Ra11,Rb10,Pe2/Ka4/Kg14,Pd13/Kn8,Pm9",
];

fn playout_positions(g: &Chess4, seed: u64, plies: usize) -> Vec<State> {
    let mut rng = SplitMix64::new(seed);
    let mut s = g.initial();
    let mut out = vec![s];
    let mut buf = Vec::new();
    for _ in 0..plies {
        buf.clear();
        g.moves(&s, &mut buf);
        if buf.is_empty() {
            break;
        }
        // Prefer captures half of the time, to reach eliminations and promotions.
        let captures = buf.iter().take_while(|m| s.at(m.to()).is_some()).count();
        let pick = if captures > 0 && rng.below(2) == 0 {
            rng.below(captures as u64)
        } else {
            rng.below(buf.len() as u64)
        };
        s = g.play(&s, buf[pick as usize]);
        out.push(s);
    }
    out
}

fn names(g: &Chess4, s: &State) -> BTreeSet<String> {
    let mut buf = Vec::new();
    g.moves(s, &mut buf);
    buf.iter().map(|&m| g.move_name(s, m)).collect()
}

// ---------------------------------------------------------------------------------------
// Tests.

#[test]
fn start_has_160_squares_20_moves_395_positions() {
    let g = Chess4::default();
    let s = g.initial();
    assert_eq!(g.format_position(&s), START);
    assert_eq!(gametree_games::chess4::board::SQUARES, 160);
    let squares = (0..196u8)
        .filter(|&i| gametree_games::chess4::board::TABLES.board[i as usize])
        .count();
    assert_eq!(squares, 160);
    assert_eq!(perft(&g, &s, 1), 20);
    assert_eq!(perft(&g, &s, 2), 395);
    let naive = Naive::parse(START);
    assert_eq!(naive.perft(1, 400), 20);
    assert_eq!(naive.perft(2, 400), 395);
}

#[test]
fn move_lists_and_successors_match_the_independent_generator() {
    let g = Chess4::default();
    let mut compared = 0;
    let mut eliminations = 0;
    let mut promotions = 0;
    for seed in 0..40u64 {
        let line = playout_positions(&g, seed, 250);
        for s in &line {
            let text = g.format_position(s);
            let mut naive = Naive::parse(&text);
            naive.ply = s.ply();
            assert_eq!(names(&g, s), naive.moves(400), "{text}");
            // Every successor agrees too (captures, eliminations, promotions, turn).
            let mut buf = Vec::new();
            g.moves(s, &mut buf);
            for &m in &buf {
                let child = g.play(s, m);
                let mv = g.move_name(s, m);
                let (f, t) = mv.split_once('-').unwrap();
                let sq = |n: &str| {
                    let x = (n.as_bytes()[0] - b'a') as i32;
                    let y: i32 = n[1..].parse::<i32>().unwrap() - 1;
                    (x, y)
                };
                let nc = naive.play((sq(f), sq(t)), 400);
                assert_eq!(g.format_position(&child), nc.format(), "{text} {mv}");
                eliminations += (child.live_players() < s.live_players()) as u32;
                let p = g.to_move(s);
                promotions += (s.at(m.from()).unwrap().1 == 1 && child.at(m.to()).unwrap().1 == 5)
                    as u32
                    * (child.at(m.to()).unwrap().0 == p) as u32;
            }
            compared += 1;
        }
    }
    assert!(compared >= 2000, "{compared}");
    assert!(
        eliminations > 0 && promotions > 0,
        "{eliminations} {promotions}"
    );
}

#[test]
fn perft_matches_the_independent_generator() {
    let g = Chess4::default();
    let mut positions: Vec<String> = COMPOSED.iter().map(|s| s.to_string()).collect();
    for seed in [7u64, 8, 9] {
        let line = playout_positions(&g, seed, 60);
        positions.push(g.format_position(&line[line.len() / 2]));
    }
    for text in &positions {
        let s = g.parse_position(text).unwrap();
        let mut naive = Naive::parse(text);
        naive.pass_turn(naive.mover, 400);
        for d in 1..=3 {
            assert_eq!(perft(&g, &s, d), naive.perft(d, 400), "{text} depth {d}");
            assert_eq!(g.perft_raw(&s, d), perft(&g, &s, d), "{text} depth {d}");
        }
    }
    // From the start to depth 3.
    let s = g.initial();
    assert_eq!(perft(&g, &s, 3), Naive::parse(START).perft(3, 400));
}

/// Every depth-4 count of tests/perft/chess4.perft against the independent generator (most
/// of its time the start's; run in CI).
#[test]
fn perft_depth_4_matches_the_independent_generator() {
    let g = Chess4::default();
    assert_eq!(Naive::parse(START).perft(4, 400), 152_050);
    for text in COMPOSED {
        let s = g.parse_position(text).unwrap();
        let mut naive = Naive::parse(text);
        naive.pass_turn(naive.mover, 400);
        assert_eq!(g.perft_raw(&s, 4), naive.perft(4, 400), "{text}");
    }
}

#[test]
fn a_quarter_turn_keeps_perft() {
    let g = Chess4::default();
    let mut positions: Vec<State> = COMPOSED
        .iter()
        .map(|t| g.parse_position(t).unwrap())
        .collect();
    positions.push(g.initial());
    for seed in [11u64, 12] {
        let line = playout_positions(&g, seed, 80);
        positions.push(line[line.len() - 1]);
    }
    for s in &positions {
        let mut r = *s;
        for turn in 1..=4 {
            r = g.rotate(&r);
            for d in 1..=3 {
                assert_eq!(
                    perft(&g, &r, d),
                    perft(&g, s, d),
                    "{s:?} turn {turn} depth {d}"
                );
            }
        }
        // Four quarter turns are the identity.
        assert_eq!(g.format_position(&r), g.format_position(s));
    }
    // The start turned a quarter is the start with Blue to move.
    let r = g.rotate(&g.initial());
    assert!(g.format_position(&r).starts_with("b Rd1,Ne1,Bf1,Qg1,Kh1,"));
}

#[test]
fn the_fine_points_of_the_rules() {
    let g = Chess4::default();
    // A knight jumps across a removed corner: d3-b4 (Red's knight, Blue's pawn moved away).
    let s = g.parse_position("r Kh1,Nd3/Ka7/Kg14/Kn8").unwrap();
    assert!(names(&g, &s).contains("d3-b4"));
    // Red's king captures Blue's king: Blue's pieces leave at once, Yellow moves next.
    let s = g.parse_position(COMPOSED[2]).unwrap();
    let m = g.parse_move(&s, "d7-a7").unwrap();
    let c = g.play(&s, m);
    assert!(!c.is_alive(Player::new(1)));
    assert_eq!(
        c.at(gametree_games::chess4::board::parse_square("b5").unwrap()),
        None
    );
    assert_eq!(g.to_move(&c), Player::new(2));
    assert_eq!(c.material(Player::new(1)), 0);
    // Stalemate: Blue's king on a4 with no safe square is eliminated at its turn without
    // using a ply; Yellow moves after Red.
    let s = g.parse_position(COMPOSED[3]).unwrap();
    let m = g.parse_move(&s, "e2-e3").unwrap();
    let c = g.play(&s, m);
    assert_eq!(c.ply(), 1);
    assert!(!c.is_alive(Player::new(1)));
    assert_eq!(g.to_move(&c), Player::new(2));
    // Checkmate likewise: Blue's king on a4 mated at its turn.
    let s = g.parse_position(COMPOSED[5]).unwrap();
    let c = g.play(&s, g.parse_move(&s, "e2-e3").unwrap());
    assert!(!c.is_alive(Player::new(1)));
    assert_eq!((c.ply(), g.to_move(&c)), (1, Player::new(2)));
    // Promotion on the eighth rank, capturing or not: e7-e8 gives Red a queen (+8).
    let s = g.parse_position(COMPOSED[1]).unwrap();
    let m = g.parse_move(&s, "e7-e8").unwrap();
    let c = g.play(&s, m);
    assert_eq!(c.material(Player::new(0)), s.material(Player::new(0)) + 8);
    // A pinned piece may not leave the line; a checked king must be covered.
    let s = g.parse_position(COMPOSED[0]).unwrap();
    let moves = names(&g, &s);
    assert!(!moves.iter().any(|m| m.starts_with("h4-")), "{moves:?}");
    assert!(moves
        .iter()
        .all(|m| ["h1-", "g2-", "d1-"].iter().any(|p| m.starts_with(p))));
    // Blue can take Yellow's king after Red opens the line (f12 away from Blue's rook).
    let s = g.parse_position(COMPOSED[4]).unwrap();
    let c = g.play(&s, g.parse_move(&s, "f12-e11").unwrap());
    assert_eq!(g.to_move(&c), Player::new(1));
    let c2 = g.play(&c, g.parse_move(&c, "d12-g12").unwrap());
    assert!(!c2.is_alive(Player::new(2)));
    assert_eq!(g.to_move(&c2), Player::new(3));
}

#[test]
fn moves_are_ordered_captures_first_mvv_lva() {
    let g = Chess4::default();
    // Red's queen d7 and pawn e7 both can capture; the king capture comes first.
    let s = g
        .parse_position("r Kh1,Qd7,Pe7,Pe2/Ka7,Nd8,Pb5/Kg14,Pf8/Kn8,Pm5")
        .unwrap();
    let mut buf = Vec::new();
    g.moves(&s, &mut buf);
    let named: Vec<String> = buf.iter().map(|&m| g.move_name(&s, m)).collect();
    // Victims: king a7 (by queen), knight d8 (by queen d7, by pawn e7), pawn f8 (by pawn e7).
    // Then pawns: f8 by Red's pawn, b5 by Red's queen.
    assert_eq!(&named[..5], ["d7-a7", "e7-d8", "d7-d8", "e7-f8", "d7-b5"]);
    // The quiet moves follow by from index then to index.
    let quiet: Vec<(u8, u8)> = buf[5..].iter().map(|m| (m.from(), m.to())).collect();
    let mut sorted = quiet.clone();
    sorted.sort();
    assert_eq!(quiet, sorted);
}

#[test]
fn conformance() {
    let g = Chess4::new(120).unwrap();
    let cfg = CheckConfig {
        seed: 14,
        playouts: 12,
        max_plies: 400,
        ..CheckConfig::default()
    };
    let r = check(&g, &Psi, &cfg).unwrap();
    assert_eq!(r.finished, 12);
    let starts: Vec<State> = COMPOSED
        .iter()
        .map(|t| g.parse_position(t).unwrap())
        .collect();
    check_from(&g, &Psi, &starts, &cfg).unwrap();
}

#[test]
fn the_ply_cap_adjudicates_by_material() {
    let g = Chess4::new(1).unwrap();
    let s = g
        .parse_position("r Kh1,Qg1/Ka7,Qa8/Kg14,Rk14/Kn8,Qn7")
        .unwrap();
    let c = g.play(&s, g.parse_move(&s, "h1-h2").unwrap());
    assert!(g.outcome(&c).is_some());
    let mut v = Vec::new();
    g.moves(&c, &mut v);
    assert!(v.is_empty());
    // Red, Blue and Green have 9, Yellow 5: three share the win, 412 / 3 each.
    assert_eq!(g.outcome(&c).unwrap().as_slice(), [137, 137, 0, 137]);
    assert!(g.ended_by_cap(&c), "decided by the cap, not on the board");
    assert!(!g.ended_by_cap(&s));
    // A game won outright pays 412 to the winner.
    let g = Chess4::default();
    let s = g.parse_position("r Kh1,Qd7/Ka7/-/-").unwrap();
    let c = g.play(&s, g.parse_move(&s, "d7-a7").unwrap());
    assert_eq!(g.outcome(&c).unwrap().as_slice(), [MAXSUM, 0, 0, 0]);
    assert!(!g.ended_by_cap(&c), "won on the board");
    assert_eq!(
        Chess4::from_spec(&Spec::parse("chess4(cap=30)").unwrap())
            .unwrap()
            .cap(),
        30
    );
    assert!(Chess4::from_spec(&Spec::parse("chess4(cap=0)").unwrap()).is_err());
    assert!(Chess4::from_spec(&Spec::parse("chess4(kap=3)").unwrap()).is_err());
    assert_eq!(Chess4::default().spec(), "chess4(cap=400)");
}

#[test]
fn psi_is_material_and_bounded() {
    let g = Chess4::default();
    let b = Psi.bounds(&g);
    assert_eq!(b.maxsum, Some(412));
    assert!(!b.constant_sum);
    for seed in 0..10 {
        for s in playout_positions(&g, 100 + seed, 300) {
            let v = g.outcome(&s).unwrap_or_else(|| Psi.evaluate(&g, &s));
            assert!(b.admits(&v), "{v:?}");
            if g.outcome(&s).is_none() {
                for p in 0..4 {
                    assert_eq!(v[p], s.material(Player::new(p)) as i64);
                }
            }
        }
    }
    assert_eq!(Psi.evaluate(&g, &g.initial()).as_slice(), [39, 39, 39, 39]);
}

#[test]
fn transpositions_hash_alike() {
    use gametree::hash::Zobrist;
    let g = Chess4::default();
    let s = g.initial();
    let line = |moves: &[&str]| {
        let mut t = s;
        for m in moves {
            t = g.play(&t, g.parse_move(&t, m).unwrap());
        }
        t
    };
    let a = line(&["h2-h3", "b7-c7", "h13-h12", "m10-l10", "i2-i3"]);
    let b = line(&["i2-i3", "b7-c7", "h13-h12", "m10-l10", "h2-h3"]);
    assert_eq!(a, b);
    assert_eq!(g.hash(&a), g.hash(&b));
    let c = line(&["h2-h4", "b7-c7", "h13-h12", "m10-l10", "i2-i3"]);
    assert_ne!(g.hash(&a), g.hash(&c));
}

#[test]
fn set_to_move_hands_the_turn_to_live_players_only() {
    let g = Chess4::default();
    let s = g.initial();
    let y = g.set_to_move(&s, Player::new(2)).unwrap();
    assert_eq!(g.to_move(&y), Player::new(2));
    assert_eq!(names(&g, &y).len(), 20);
    let s = g.parse_position("r Kh1,Qd7/-/Kg14/Kn8").unwrap();
    assert!(g.set_to_move(&s, Player::new(1)).is_none());
}

/// Mid-game positions: random plies from the start.
fn mid_game(g: &Chess4, seed: u64) -> Option<State> {
    let mut rng = SplitMix64::new(seed);
    let line = playout_positions(g, seed, 10 + rng.below(150) as usize);
    let s = *line.last().unwrap();
    g.outcome(&s).is_none().then_some(s)
}

#[test]
fn pruning_searches_equal_maxn() {
    let g = Chess4::default();
    let mut seen = 0;
    let mut i = 0u64;
    let (mut plain, mut pruned) = (0, 0);
    while seen < 300 {
        i += 1;
        let Some(s) = mid_game(&g, 0xC4E5 ^ i) else {
            continue;
        };
        seen += 1;
        let depth = 1 + (i % 3) as u32;
        let cfg = Config::depth(depth);
        let m = run(Algorithm::Maxn, &g, &Psi, &s, &cfg).unwrap();
        plain += m.stats.nodes;
        for a in [
            Algorithm::Shallow,
            Algorithm::BranchAndBound,
            Algorithm::LastBranch,
            Algorithm::Speculative,
        ] {
            let r = run(a, &g, &Psi, &s, &cfg).unwrap();
            assert_eq!(r.value, m.value, "{a} {s:?} depth {depth}");
            assert_eq!(r.best_move, m.best_move, "{a} {s:?}");
            assert_eq!(r.pv, m.pv, "{a} {s:?}");
            if a == Algorithm::Shallow {
                pruned += r.stats.nodes;
            }
        }
        // Hypermax equals N-max (both on the projection of the same Psi).
        let n = run(Algorithm::Nmax, &g, &Psi, &s, &cfg).unwrap();
        let h = run(Algorithm::Hypermax, &g, &Psi, &s, &cfg).unwrap();
        assert_eq!((h.value, h.best_move, &h.pv), (n.value, n.best_move, &n.pv));
        // Paranoid runs on these bounds.
        run(Algorithm::Paranoid, &g, &Psi, &s, &cfg).unwrap();
    }
    // Psi values (about 39 each) stay far below maxsum 412, so Korf's shallow pruning finds
    // nothing to cut here: it may never visit more than max^n.
    assert!(pruned <= plain, "shallow {pruned} vs max^n {plain}");
}

#[test]
fn malformed_positions_are_refused_with_the_reason() {
    let g = Chess4::default();
    let err = |t: &str| g.parse_position(t).unwrap_err();
    assert!(matches!(err("r"), PositionError::Shape(_)));
    assert!(matches!(
        err("x Kh1/Ka7/Kg14/Kn8"),
        PositionError::ToMove(_)
    ));
    assert_eq!(err("r Kh1/Ka7/Kg14"), PositionError::Sides(3));
    assert!(matches!(
        err("r Kh1/Ka7/Kg14/Ka1"),
        PositionError::Piece { side: "green", .. }
    ));
    assert!(matches!(
        err("r Kh1/Ka7/Kg14/Xn8"),
        PositionError::Piece { .. }
    ));
    assert!(matches!(
        err("r Kh1/Ka7/Kg14/Kn15"),
        PositionError::Piece { .. }
    ));
    assert!(matches!(
        err("r Kh1,Kh2/Ka7/Kg14/Kn8"),
        PositionError::Kings {
            side: "red",
            kings: 2
        }
    ));
    assert!(matches!(
        err("r Qh1/Ka7/Kg14/Kn8"),
        PositionError::Kings { kings: 0, .. }
    ));
    assert!(matches!(
        err("r Kh1/Ka7,Qh1/Kg14/Kn8"),
        PositionError::Twice { .. }
    ));
    assert!(matches!(
        err("r Kh1,Ph8/Ka7/Kg14/Kn8"),
        PositionError::Pawn { .. }
    ));
    assert!(matches!(
        err("r Kh1,Pe1/Ka7/Kg14/Kn8"),
        PositionError::Pawn { .. }
    ));
    assert_eq!(err("b Kh1/-/Kg14/Kn8"), PositionError::Eliminated("blue"));
    let many = "r Kh1,Qd5,Qe5,Qf5,Qg5,Qh5,Qi5,Qj5,Qk5,Qd6,Qe6,Qf6,Qg6/Ka7/Kg14/Kn8";
    assert!(matches!(err(many), PositionError::TooMuch { side: "red" }));
    // Every message names the side or the text.
    assert!(err("r Kh1/Ka7/Kg14/Ka1")
        .to_string()
        .contains("green: `Ka1`"));
    // Moves: syntax and legality.
    let s = g.initial();
    assert!(matches!(
        g.parse_move(&s, "h2h4"),
        Err(MoveError::Syntax { .. })
    ));
    assert!(matches!(
        g.parse_move(&s, "a1-a2"),
        Err(MoveError::Syntax { .. })
    ));
    assert!(matches!(
        g.parse_move(&s, "h2-h5"),
        Err(MoveError::Illegal { .. })
    ));
    assert_eq!(
        g.move_name(&s, g.parse_move(&s, " h2-h4 ").unwrap()),
        "h2-h4"
    );
}

#[test]
fn render_draws_the_board() {
    let g = Chess4::default();
    let r = g.render(&g.initial(), false);
    assert_eq!(r.lines().count(), 15);
    assert!(r.lines().next().unwrap().contains("yK"));
    assert!(g.render(&g.initial(), true).contains("\x1b[31m"));
    assert!(!r.contains('\x1b'));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn notation_round_trips(seed in any::<u64>(), plies in 0usize..300) {
        let g = Chess4::default();
        let line = playout_positions(&g, seed, plies);
        let s = line.last().unwrap();
        let text = g.format_position(s);
        let back = g.parse_position(&text).unwrap();
        prop_assert_eq!(g.format_position(&back), text.clone());
        prop_assert_eq!(names(&g, &back), names(&g, s));
        // The incrementally kept key equals the key of the position read afresh.
        prop_assert_eq!(back.pieces_key(), s.pieces_key());
        let mut buf = Vec::new();
        g.moves(s, &mut buf);
        for &m in &buf {
            prop_assert_eq!(g.parse_move(s, &g.move_name(s, m)), Ok(m));
        }
    }
}

/// `chess4(eval=relative)`: a registry parameter, read back by its spec text; the default
/// stays `psi`.
#[test]
fn relative_eval_is_a_spec_parameter() {
    use gametree_games::chess4::EvalKind;
    let g = Chess4::from_spec(&Spec::parse("chess4(eval=relative)").unwrap()).unwrap();
    assert_eq!(g.eval_kind(), EvalKind::Relative);
    assert_eq!(g.spec(), "chess4(cap=400,eval=relative)");
    let back = Chess4::from_spec(&Spec::parse(&g.spec()).unwrap()).unwrap();
    assert_eq!(back, g);
    assert_eq!(Chess4::default().eval_kind(), EvalKind::Psi);
    let e = Chess4::from_spec(&Spec::parse("chess4(eval=mobility)").unwrap()).unwrap_err();
    assert!(e.to_string().contains("psi or relative"), "{e}");
}

/// Positions reached by seeded random play (with the moves played from each), for the
/// evaluator's properties.
fn random_positions(seed: u64, games: usize, plies: usize) -> Vec<State> {
    let g = Chess4::default();
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    let mut moves = Vec::new();
    for _ in 0..games {
        let mut s = g.initial();
        for _ in 0..plies {
            if g.outcome(&s).is_some() {
                break;
            }
            out.push(s);
            moves.clear();
            g.moves(&s, &mut moves);
            s = g.play(&s, moves[rng.below(moves.len() as u64) as usize]);
        }
    }
    out
}

/// The relative evaluator: a capture that eliminates nobody raises the capturer's value
/// (and, without a promotion, never lowers a live bystander's); the live players' values sum to 206 each
/// (zero-sum relative parts) unless one is clamped; the declared bounds hold (every value at least
/// 0, the sum at most 824, live players strictly between a loss and a win, eliminated
/// players 0), and the game with it passes the conformance check.
#[test]
fn relative_eval_rewards_captures_and_keeps_its_bounds() {
    use gametree_games::chess4::{Relative, RELATIVE_MAXSUM, RELATIVE_MID};
    let g = Chess4::default().with_eval(gametree_games::chess4::EvalKind::Relative);
    let b = Relative.bounds(&g);
    assert_eq!(b.maxsum, Some(RELATIVE_MAXSUM));
    let mut captures = 0;
    let mut moves = Vec::new();
    for s in random_positions(31, 24, 160) {
        let v = Relative.evaluate(&g, &s);
        let live: Vec<usize> = (0..4).filter(|&p| s.is_alive(Player::new(p))).collect();
        let sum: i64 = v.as_slice().iter().sum();
        assert!(sum <= RELATIVE_MAXSUM);
        let rel: i64 = live.iter().map(|&p| v[p] - RELATIVE_MID).sum();
        let clamped = |v: &gametree::Scores| live.iter().any(|&p| v[p] == 1 || v[p] == MAXSUM - 1);
        assert!(
            rel == 0 || clamped(&v),
            "relative parts sum to {rel}: {v:?}"
        );
        for p in 0..4 {
            if live.contains(&p) {
                assert!((1..MAXSUM).contains(&v[p]), "{}", v[p]);
            } else {
                assert_eq!(v[p], 0);
            }
        }
        let mover = g.to_move(&s);
        moves.clear();
        g.moves(&s, &mut moves);
        for &m in &moves {
            let Some((victim, _)) = s.at(m.to()) else {
                continue;
            };
            assert_ne!(victim, mover);
            let after = g.play(&s, m);
            if after.live_players() != s.live_players() || g.outcome(&after).is_some() {
                continue;
            }
            let w = Relative.evaluate(&g, &after);
            if clamped(&v) || clamped(&w) {
                continue;
            }
            captures += 1;
            assert!(w[mover] > v[mover], "capture {m:?}: {v:?} -> {w:?}");
            // Without a promotion, the other live players gain too.
            let promoted = after.material(mover) != s.material(mover);
            for &p in &live {
                if p != victim.index() && !promoted {
                    assert!(w[p] >= v[p], "bystander {p}: {v:?} -> {w:?}");
                }
            }
        }
    }
    assert!(captures > 100, "{captures} captures checked");
    let cfg = CheckConfig {
        seed: 15,
        playouts: 6,
        max_plies: 400,
        ..CheckConfig::default()
    };
    check(&Chess4::new(120).unwrap(), &Relative, &cfg).unwrap();
}

/// `chess4(claim=N)`: a spec parameter (off by default), read back by the spec text; an
/// impossible lead is refused with a one-line error.
#[test]
fn the_claim_rule_is_a_spec_parameter() {
    let g = Chess4::from_spec(&Spec::parse("chess4(eval=relative,claim=20)").unwrap()).unwrap();
    assert_eq!(g.claim(), 20);
    assert_eq!(g.spec(), "chess4(cap=400,eval=relative,claim=20)");
    assert_eq!(
        Chess4::from_spec(&Spec::parse(&g.spec()).unwrap()).unwrap(),
        g
    );
    let psi = Chess4::from_spec(&Spec::parse("chess4(claim=5)").unwrap()).unwrap();
    assert_eq!(psi.spec(), "chess4(cap=400,claim=5)");
    assert_eq!(Chess4::default().claim(), 0);
    let e = Chess4::from_spec(&Spec::parse("chess4(claim=413)").unwrap()).unwrap_err();
    assert!(e.to_string().contains("claim rule"), "{e}");
    assert!(!e.to_string().contains('\n'), "{e}");
}

/// The claim rule ends a game with two players left and one at least the claim's lead of
/// material ahead: the leader wins, and the end is reported as a claim, not a cap. One
/// point short, with three players left, or without the rule, play goes on.
#[test]
fn the_claim_rule_ends_a_decided_two_player_endgame() {
    let claim = Chess4::default().with_claim(20).unwrap();
    let plain = Chess4::default();
    // Red 23 points (two queens and a rook) against Green's bare king.
    let won = "r Kh1,Qg1,Qf1,Rd1/-/-/Kn8";
    let s = claim.parse_position(won).unwrap();
    assert!(claim.is_terminal(&s));
    assert!(claim.ended_by_claim(&s) && !claim.ended_by_cap(&s));
    let o = claim.outcome(&s).unwrap();
    assert_eq!(o.as_slice(), &[MAXSUM, 0, 0, 0]);
    let s = plain.parse_position(won).unwrap();
    assert!(!plain.is_terminal(&s) && !plain.ended_by_claim(&s));
    // 19 points ahead: not yet; the capture d2xe3 makes it 20 and ends the game.
    let close = "r Kh1,Qg1,Qf1,Pd2,Pi2,Pj2,Pk2/-/-/Kn8,Ne3";
    let s = claim.parse_position(close).unwrap();
    assert!(!claim.is_terminal(&s));
    let after = claim.play(&s, claim.parse_move(&s, "d2-e3").unwrap());
    assert!(claim.ended_by_claim(&after));
    assert_eq!(
        claim.outcome(&after).unwrap().as_slice(),
        &[MAXSUM, 0, 0, 0]
    );
    // Three players left: no claim, whatever the lead.
    let s = claim.parse_position("r Kh1,Qg1,Qf1,Qe1/Ka7/-/Kn8").unwrap();
    assert!(!claim.is_terminal(&s) && !claim.ended_by_claim(&s));
    // The rules with the claim rule pass the conformance check (random playouts to the end).
    let cfg = CheckConfig {
        seed: 21,
        playouts: 6,
        max_plies: 400,
        ..CheckConfig::default()
    };
    check(
        &Chess4::new(400).unwrap().with_claim(20).unwrap(),
        &Psi,
        &cfg,
    )
    .unwrap();
}

// ---------------------------------------------------------------------------------------
// The free-for-all ending: `chess4(end=ffa)`.

mod ffa {
    use super::*;
    use gametree::hash::Zobrist;
    use gametree_games::chess4::ffa::{
        CLAIM_POINTS, DRAW_POINTS, FFA_MAXSUM, HISTORY, MATE_POINTS, NO_PROGRESS_PLIES,
    };
    use gametree_games::chess4::{Chess4Ffa, FfaEnd, FfaEval, FfaState};
    use gametree_games::registry::{self, GameVisitor, Playable};

    fn pts(s: &FfaState) -> [u32; 4] {
        [0, 1, 2, 3].map(|p| s.points(Player::new(p)))
    }

    /// Plays `moves` (in the notation) from `s`.
    fn line(g: &Chess4Ffa, s: &FfaState, moves: &[&str]) -> FfaState {
        let mut t = *s;
        for m in moves {
            t = g.play(&t, g.parse_move(&t, m).unwrap());
        }
        t
    }

    /// What the registry builds from a spec: the game's canonical spec and its evaluator's
    /// `maxsum`.
    struct Built;
    impl GameVisitor for Built {
        type Output = (String, Option<i64>);
        fn visit<G: Playable>(self, game: &G, _state: &G::State) -> Self::Output {
            (game.spec_text(), game.evaluator().bounds(game).maxsum)
        }
    }

    /// `end=ffa` routes `chess4` to the free-for-all game; `end=classic` and no `end` to the
    /// plain one (its spec text unchanged); bad values are one-line errors naming them.
    #[test]
    fn end_ffa_is_a_spec_parameter_of_chess4() {
        let built = |s: &str| registry::visit(s, None, Built);
        assert_eq!(
            built("chess4(end=ffa)").unwrap(),
            ("chess4(cap=400,end=ffa)".to_string(), Some(FFA_MAXSUM))
        );
        assert_eq!(
            built("four-player-chess(cap=300,end=ffa,repeat=5)")
                .unwrap()
                .0,
            "chess4(cap=300,end=ffa,repeat=5)"
        );
        assert_eq!(
            built("chess4").unwrap(),
            ("chess4(cap=400)".to_string(), Some(MAXSUM))
        );
        assert_eq!(built("chess4(end=classic)").unwrap().0, "chess4(cap=400)");
        for (bad, says) in [
            ("chess4(end=teams)", "expected classic or ffa"),
            ("chess4(end=ffa,repeat=1)", "repetition count"),
            ("chess4(end=ffa,cap=0)", "ply cap"),
            ("chess4(end=ffa,eval=relative)", "unknown parameter"),
            ("chess4(repeat=3)", "unknown parameter"),
        ] {
            let e = built(bad).unwrap_err().to_string();
            assert!(e.contains(says), "{bad}: {e}");
            assert!(!e.contains('\n'), "{e}");
        }
        let g = Chess4Ffa::from_spec(&Spec::parse("chess4(end=ffa,repeat=4)").unwrap()).unwrap();
        assert_eq!(g.repeat(), 4);
        assert_eq!(
            Chess4Ffa::from_spec(&Spec::parse(&g.spec()).unwrap()).unwrap(),
            g
        );
    }

    /// Same move generator: the perft counts of the plain game, from the start and the
    /// composed positions (no ending of its own can come within four plies of them).
    #[test]
    fn perft_equals_the_plain_game() {
        let (plain, ffa) = (Chess4::default(), Chess4Ffa::default());
        assert_eq!(perft(&ffa, &ffa.initial(), 4), 152_050);
        for text in COMPOSED {
            let (a, b) = (
                plain.parse_position(text).unwrap(),
                ffa.parse_position(text).unwrap(),
            );
            for depth in 1..=3 {
                assert_eq!(perft(&ffa, &b, depth), perft(&plain, &a, depth), "{text}");
            }
        }
    }

    /// Captures score the published values; a queen promoted from a pawn scores 1, an
    /// original queen 9; the evaluator moves the value from the victim to the capturer.
    #[test]
    fn captures_score_their_points_and_a_promoted_queen_one() {
        let g = Chess4Ffa::default();
        let s = g.parse_position("r Kh1,Pe7/Ka7,Rb8/Kg14/Kn8").unwrap();
        let q = line(&g, &s, &["e7-e8"]);
        let e8 = gametree_games::chess4::board::parse_square("e8").unwrap();
        assert!(q.is_promoted(e8));
        assert_eq!(
            q.worth(Player::new(0)),
            20 + 1,
            "a promoted queen is worth 1"
        );
        let t = line(&g, &q, &["b8-e8"]);
        assert_eq!(pts(&t), [0, 1, 0, 0]);
        assert!(!t.is_promoted(e8), "the rook on e8 is not a promoted queen");
        let s = g.parse_position("r Kh1,Qe8/Ka7,Rb8/Kg14/Kn8").unwrap();
        let t = line(&g, &s, &["h1-h2", "b8-e8"]);
        assert_eq!(pts(&t), [0, 9, 0, 0]);
        // A promoted queen keeps its mark as it moves.
        let s = g.parse_position("r Kh1,Pe7/Ka7,Rb10/Kg14/Kn8").unwrap();
        let t = line(&g, &s, &["e7-e8", "a7-a6", "g14-g13", "n8-n7", "e8-e10"]);
        let e10 = gametree_games::chess4::board::parse_square("e10").unwrap();
        assert!(t.is_promoted(e10) && !t.is_promoted(e8));
        let t = line(&g, &t, &["b10-e10"]);
        assert_eq!(pts(&t), [0, 1, 0, 0]);
        // Every piece's value, and the evaluator: points plus the pieces' worth.
        let s = g
            .parse_position("r Kh1,Qd4,Pj5/Ka7,Pd5,Ne5,Bf5,Rg5,Qc5/Kg14/Kn8")
            .unwrap();
        let before = FfaEval.evaluate(&g, &s);
        assert_eq!(
            before.as_slice(),
            &[20 + 9 + 1, 20 + 1 + 3 + 5 + 5 + 9, 20, 20]
        );
        let mut got = Vec::new();
        for (m, v) in [
            ("d4-d5", 1),
            ("d4-e5", 3),
            ("d4-c5", 9),
            ("d4-f4", 0),
            ("j5-j6", 0),
        ] {
            let t = line(&g, &s, &[m]);
            got.push(pts(&t)[0]);
            let after = FfaEval.evaluate(&g, &t);
            assert_eq!(after[0], before[0] + v, "{m}");
            assert_eq!(after[1], before[1] - v, "{m}");
        }
        assert_eq!(got, [1, 3, 9, 0, 0]);
        let s = g.parse_position("r Kh1,Qf4/Ka7,Bf5,Rg4/Kg14/Kn8").unwrap();
        assert_eq!(pts(&line(&g, &s, &["f4-f5"]))[0], 5, "a bishop is worth 5");
        assert_eq!(pts(&line(&g, &s, &["f4-g4"]))[0], 5, "a rook is worth 5");
    }

    /// A mate scores 20 for the player whose move came before the mated turn; taking the
    /// king scores 20 too; a stalemate gives 10 to every player left.
    #[test]
    fn mate_king_capture_and_stalemate_points() {
        let g = Chess4Ffa::default();
        let mate = g
            .parse_position("r Kh1,Ra11,Rb10,Pe2/Ka4/Kg14,Pd13/Kn8,Pm9")
            .unwrap();
        let t = line(&g, &mate, &["e2-e3"]);
        assert!(!t.board().is_alive(Player::new(1)));
        assert_eq!(pts(&t), [MATE_POINTS as u32, 0, 0, 0]);
        let t = line(&g, &mate, &["a11-a4"]);
        assert!(!t.board().is_alive(Player::new(1)));
        assert_eq!(pts(&t), [20, 0, 0, 0]);
        let stale = g
            .parse_position("r Kh1,Rb11,Pe2/Ka4/Kg14,Pd13/Kn8,Nc4,Pm9")
            .unwrap();
        let t = line(&g, &stale, &["e2-e3"]);
        assert!(!t.board().is_alive(Player::new(1)));
        let d = DRAW_POINTS as u32;
        assert_eq!(pts(&t), [d, 0, d, d]);
        assert!(g.outcome(&t).is_none(), "three players left: play goes on");
    }

    /// 100 plies without a capture or a pawn move end the game with 10 points for each
    /// player left; a pawn move starts the count again.
    #[test]
    fn one_hundred_quiet_plies_end_the_game() {
        let g = Chess4Ffa::new(400).unwrap().with_repeat(10).unwrap();
        let start = g.parse_position("r Kh1,Pe2/Ka7/Kg14/Kn8").unwrap();
        // Red's king walks 25 squares it never stands on twice (h2..h11, i10..i2, j3..j8)
        // while the others step back and forth: no position repeats.
        let path: Vec<String> = (2..=11)
            .map(|r| format!("h{r}"))
            .chain((2..=10).rev().map(|r| format!("i{r}")))
            .chain((3..=8).map(|r| format!("j{r}")))
            .collect();
        let mut moves = Vec::new();
        let mut red = "h1".to_string();
        for (i, to) in path.iter().enumerate() {
            moves.push(format!("{red}-{to}"));
            red = to.clone();
            let (a, b, c) = if i % 2 == 0 {
                ("a7-b7", "g14-g13", "n8-m8")
            } else {
                ("b7-a7", "g13-g14", "m8-n8")
            };
            moves.extend([a, b, c].map(String::from));
        }
        let walk = |from: &FfaState, plies: std::ops::Range<usize>| {
            let mut s = *from;
            for m in &moves[plies] {
                assert!(g.outcome(&s).is_none(), "{s:?}");
                s = line(&g, &s, &[m.as_str()]);
            }
            s
        };
        let s = walk(&start, 0..99);
        assert_eq!(s.quiet_plies(), 99);
        assert!(g.outcome(&s).is_none());
        let s = walk(&s, 99..100);
        assert_eq!(s.ended_by(), Some(FfaEnd::NoProgress));
        let d = DRAW_POINTS as i64;
        assert_eq!(g.outcome(&s).unwrap().as_slice(), &[d, d, d, d]);
        assert!(!g.ended_by_cap(&s) && !g.ended_by_claim(&s));
        // A pawn move resets the count: 60 quiet plies, the pawn, then 99 more go on.
        let s = walk(&start, 0..60);
        let s = line(&g, &s, &["e2-e3"]);
        assert_eq!(s.quiet_plies(), 0);
        let s = walk(&s, 61..64);
        assert_eq!(s.quiet_plies(), 3, "the pawn move started the count again");
        assert_eq!(NO_PROGRESS_PLIES as usize, HISTORY);
    }

    /// The third occurrence of a position ends the game (10 points each); with `repeat=5`,
    /// the fifth.
    #[test]
    fn a_repeated_position_ends_the_game() {
        let cycle = [
            "h1-h2", "a7-b7", "g14-g13", "n8-m8", "h2-h1", "b7-a7", "g13-g14", "m8-n8",
        ];
        let text = "r Kh1,Pe2/Ka7/Kg14/Kn8";
        for (repeat, ends_at) in [(3usize, 16usize), (5, 32)] {
            let g = Chess4Ffa::new(400)
                .unwrap()
                .with_repeat(repeat as u8)
                .unwrap();
            let mut s = g.parse_position(text).unwrap();
            for ply in 0..ends_at {
                assert!(g.outcome(&s).is_none(), "repeat {repeat}, ply {ply}");
                s = line(&g, &s, &[cycle[ply % 8]]);
            }
            assert_eq!(s.ended_by(), Some(FfaEnd::Repetition), "repeat {repeat}");
            assert_eq!(g.outcome(&s).unwrap().as_slice(), &[10, 10, 10, 10]);
        }
        // The same squares with another player to move are not a repetition: Red's king
        // moving twice as far comes back with the others displaced.
        let g = Chess4Ffa::default();
        let s = g.parse_position(text).unwrap();
        let t = line(
            &g,
            &s,
            &[
                "h1-h2", "a7-b7", "g14-g13", "n8-m8", "h2-h3", "b7-a7", "g13-g14", "m8-n8",
                "h3-h2", "a7-b7", "g14-g13", "n8-m8", "h2-h1", "b7-a7", "g13-g14", "m8-n8",
            ],
        );
        assert!(g.outcome(&t).is_none(), "the start occurred twice only");
        // The same board with the other player to move is another position: Red's king
        // walks a triangle while Green's steps back and forth, so the start's board comes
        // back with Green to move (ply 5), then again (ply 9): two occurrences of that
        // position, three of the board; the third with Green to move ends the game.
        let s = g.parse_position("r Kh1/-/-/Kn8").unwrap();
        let t = line(
            &g,
            &s,
            &[
                "h1-h2", "n8-m8", "h2-i1", "m8-n8", "i1-h1", "n8-m8", "h1-h2", "m8-n8", "h2-h1",
            ],
        );
        assert_eq!(t.board().pieces_key(), s.board().pieces_key());
        assert!(
            g.outcome(&t).is_none(),
            "twice with Green to move, once with Red"
        );
        let t = line(&g, &t, &["n8-m8", "h1-h2", "m8-n8", "h2-h1"]);
        assert_eq!(t.ended_by(), Some(FfaEnd::Repetition));
        assert_eq!(g.outcome(&t).unwrap().as_slice(), &[10, 0, 0, 10]);
    }

    /// Two players left and one more than 20 points ahead: the game ends, the other scores
    /// 20 (as when the online leader claims); at exactly 20 ahead, or with three players
    /// left, play goes on.
    #[test]
    fn the_claim_in_points_ends_a_two_player_endgame() {
        let g = Chess4Ffa::default();
        let s = g.parse_position("r Kh1,Qd7,Re2/Ka7/-/Kn8,Pm9,Ne9").unwrap();
        let t = line(&g, &s, &["d7-a7"]);
        assert_eq!(pts(&t), [20, 0, 0, 0]);
        assert!(g.outcome(&t).is_none(), "20 ahead is not more than 20");
        let t = line(&g, &t, &["m9-l9", "e2-e9"]);
        assert_eq!(t.ended_by(), Some(FfaEnd::Claim));
        assert!(g.ended_by_claim(&t) && !g.ended_by_cap(&t));
        let c = CLAIM_POINTS as i64;
        assert_eq!(g.outcome(&t).unwrap().as_slice(), &[23, 0, 0, c]);
        // Three players left: no claim.
        let s = g
            .parse_position("r Kh1,Qd7,Re2/Ka7/Kg14/Kn8,Pm9,Ne9")
            .unwrap();
        let t = line(&g, &s, &["d7-a7", "g14-f13", "m9-l9", "e2-e9"]);
        assert_eq!(pts(&t), [23, 0, 0, 0]);
        assert!(g.outcome(&t).is_none());
    }

    /// The cap stays a safety net: a game it ends is reported as ended by the cap.
    #[test]
    fn the_cap_is_a_safety_net() {
        let g = Chess4Ffa::new(3).unwrap();
        let s = line(&g, &g.initial(), &["h2-h3", "b7-c7", "h13-h12"]);
        assert!(g.ended_by_cap(&s) && s.ended_by().is_none());
        // Settled as a tournament adjudicates it: points plus the pieces' worth.
        assert_eq!(g.outcome(&s).unwrap().as_slice(), &[63, 63, 63, 63]);
        let s = g.parse_position("r Kh1,Qd4/Ka7,Pd5/Kg14/Kn8").unwrap();
        let t = line(&g, &s, &["d4-d5"]);
        let g = Chess4Ffa::new(1).unwrap();
        let u = line(
            &g,
            &g.parse_position("r Kh1,Qd4/Ka7,Pd5/Kg14/Kn8").unwrap(),
            &["d4-d5"],
        );
        assert!(g.ended_by_cap(&u));
        assert_eq!(g.outcome(&u).unwrap(), FfaEval.evaluate(&g, &t));
        assert_eq!(g.outcome(&u).unwrap().as_slice(), &[1 + 29, 20, 20, 20]);
    }

    /// Random playouts to the end pass the conformance check (outcomes and evaluations
    /// within the bounds, moves iff not terminal, copy-make), and end by the rules, not
    /// the cap; transpositions hash alike, different points do not.
    #[test]
    fn conformance_and_hashing() {
        let g = Chess4Ffa::default();
        let cfg = CheckConfig {
            seed: 44,
            playouts: 12,
            max_plies: 400,
            ..CheckConfig::default()
        };
        let r = check(&g, &FfaEval, &cfg).unwrap();
        assert_eq!(r.finished, 12);
        let starts: Vec<FfaState> = COMPOSED
            .iter()
            .map(|t| g.parse_position(t).unwrap())
            .collect();
        check_from(&g, &FfaEval, &starts, &cfg).unwrap();
        let s = g.initial();
        let a = line(&g, &s, &["h2-h3", "b7-c7", "h13-h12", "m10-l10", "i2-i3"]);
        let b = line(&g, &s, &["i2-i3", "b7-c7", "h13-h12", "m10-l10", "h2-h3"]);
        assert_eq!(a, b);
        assert_eq!(g.hash(&a), g.hash(&b));
        let s = g.parse_position("r Kh1,Qe8/Ka7,Rb8/Kg14/Kn8").unwrap();
        let x = line(&g, &s, &["e8-e9", "b8-b9", "g14-g13", "n8-n7", "e9-e8"]);
        let y = line(&g, &s, &["h1-h2", "b8-b9", "g14-g13", "n8-n7", "h2-h1"]);
        assert_eq!(x.board(), y.board());
        assert_ne!(x, y, "different repetition windows");
        assert_ne!(g.hash(&x), g.hash(&y));
        assert_eq!(std::mem::size_of::<FfaState>(), 680);
        assert!(g.set_to_move(&s, Player::new(2)).is_some());
    }
}
