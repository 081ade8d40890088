//! Blokus: the acceptance counts; the corner-anchored bitboard generator against an
//! independent, obviously correct one (every orientation of every unplaced piece tried at
//! every translation, the rules checked cell by cell on a plain array, positions read from
//! the notation by its own parser) on thousands of random positions, passes and ends
//! included; conformance; the notation both ways; set-to-move; the hash; the ordering and
//! the scoring.

use std::collections::BTreeSet;

use gametree::hash::Zobrist;
use gametree::testing::{check, CheckConfig};
use gametree::{Evaluator, Game, Player, SetToMove};
use gametree_games::blokus::{Blokus, BlokusEval, Move, PositionError, Scoring, State};
use gametree_games::notation::Notation;
use gametree_games::perft::perft;
use gametree_games::rng::SplitMix64;
use gametree_games::spec::Spec;

const LETTERS: [char; 4] = ['b', 'y', 'r', 'g'];
const NAMES: [&str; 21] = [
    "I1", "I2", "I3", "V3", "I4", "L4", "O4", "T4", "Z4", "F", "I", "L", "N", "P", "T", "U", "V",
    "W", "X", "Y", "Z",
];
/// The pieces as pictures (one orientation each), read independently of the crate's table.
const PICTURES: [&str; 21] = [
    "#",
    "#/#",
    "#/#/#",
    "##/#",
    "#/#/#/#",
    "##/#/#",
    "##/##",
    "###/.#",
    "##/.##",
    ".##/##/.#",
    "#/#/#/#/#",
    "##/#/#/#",
    "##/.###",
    "##/##/#",
    "###/.#/.#",
    "#.#/###",
    "###/#/#",
    "#/##/.##",
    ".#/###/.#",
    ".#/####",
    "##/.#/.##",
];
const HOME: [(i32, i32); 4] = [(0, 0), (0, 19), (19, 19), (19, 0)];

/// The cells of a picture (row `y` is the `y`-th `/`-separated part).
fn picture_cells(p: &str) -> Vec<(i32, i32)> {
    let mut v = Vec::new();
    for (y, row) in p.split('/').enumerate() {
        for (x, ch) in row.chars().enumerate() {
            if ch == '#' {
                v.push((x as i32, y as i32));
            }
        }
    }
    v
}

/// Every distinct orientation of a piece (rotations and reflections, normalised).
fn orientations(piece: usize) -> BTreeSet<Vec<(i32, i32)>> {
    let base = picture_cells(PICTURES[piece]);
    let mut all = BTreeSet::new();
    for mirror in [false, true] {
        for turns in 0..4 {
            let mut cells: Vec<(i32, i32)> = base
                .iter()
                .map(|&(x, y)| {
                    let (mut x, mut y) = if mirror { (-x, y) } else { (x, y) };
                    for _ in 0..turns {
                        (x, y) = (y, -x);
                    }
                    (x, y)
                })
                .collect();
            let mx = cells.iter().map(|c| c.0).min().unwrap();
            let my = cells.iter().map(|c| c.1).min().unwrap();
            for c in &mut cells {
                *c = (c.0 - mx, c.1 - my);
            }
            cells.sort();
            all.insert(cells);
        }
    }
    all
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Naive {
    board: [[Option<usize>; 20]; 20],
    left: [[bool; 21]; 4],
    mono_last: [bool; 4],
    to_move: usize,
}

fn cell_name(x: i32, y: i32) -> String {
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

impl Naive {
    fn parse(text: &str) -> Naive {
        let f: Vec<&str> = text.split(' ').collect();
        let mut board = [[None; 20]; 20];
        for (i, row) in f[1].split('/').enumerate() {
            for (x, ch) in row.chars().enumerate() {
                board[19 - i][x] = LETTERS.iter().position(|&l| l == ch);
            }
        }
        let mut left = [[false; 21]; 4];
        let mut mono_last = [false; 4];
        for (k, list) in f[2].split('/').enumerate() {
            match list {
                "-" => {}
                "*" => mono_last[k] = true,
                _ => {
                    for n in list.split(',') {
                        left[k][NAMES.iter().position(|&m| m == n).unwrap()] = true;
                    }
                }
            }
        }
        Naive {
            board,
            left,
            mono_last,
            to_move: LETTERS.iter().position(|&l| f[0].starts_with(l)).unwrap(),
        }
    }

    fn text(&self) -> String {
        let rows: Vec<String> = (0..20)
            .rev()
            .map(|y| {
                (0..20)
                    .map(|x| self.board[y][x].map_or('.', |k| LETTERS[k]))
                    .collect()
            })
            .collect();
        let lists: Vec<String> = (0..4)
            .map(|k| {
                let names: Vec<&str> = (0..21)
                    .filter(|&p| self.left[k][p])
                    .map(|p| NAMES[p])
                    .collect();
                if !names.is_empty() {
                    names.join(",")
                } else if self.mono_last[k] {
                    "*".into()
                } else {
                    "-".into()
                }
            })
            .collect();
        format!(
            "{} {} {}",
            LETTERS[self.to_move],
            rows.join("/"),
            lists.join("/")
        )
    }

    fn own(&self, k: usize, x: i32, y: i32) -> bool {
        (0..20).contains(&x)
            && (0..20).contains(&y)
            && self.board[y as usize][x as usize] == Some(k)
    }

    /// Every placement of colour `k`, as (piece, sorted cell indices): the game's order.
    fn placements(&self, k: usize) -> BTreeSet<(usize, Vec<usize>)> {
        let first = !(0..20).any(|y| (0..20).any(|x| self.own(k, x, y)));
        let mut out = BTreeSet::new();
        for p in (0..21).filter(|&p| self.left[k][p]) {
            for o in orientations(p) {
                let w = o.iter().map(|c| c.0).max().unwrap() + 1;
                let h = o.iter().map(|c| c.1).max().unwrap() + 1;
                for oy in 0..=20 - h {
                    for ox in 0..=20 - w {
                        let cells = || o.iter().map(move |&(x, y)| (x + ox, y + oy));
                        if cells().any(|(x, y)| self.board[y as usize][x as usize].is_some()) {
                            continue;
                        }
                        let ok = if first {
                            cells().any(|c| c == HOME[k])
                        } else {
                            let corner = cells().any(|(x, y)| {
                                [(-1, -1), (-1, 1), (1, -1), (1, 1)]
                                    .iter()
                                    .any(|&(dx, dy)| self.own(k, x + dx, y + dy))
                            });
                            let edge = cells().any(|(x, y)| {
                                [(-1, 0), (1, 0), (0, -1), (0, 1)]
                                    .iter()
                                    .any(|&(dx, dy)| self.own(k, x + dx, y + dy))
                            });
                            corner && !edge
                        };
                        if ok {
                            let mut idx: Vec<usize> =
                                cells().map(|(x, y)| (y * 20 + x) as usize).collect();
                            idx.sort();
                            out.insert((p, idx));
                        }
                    }
                }
            }
        }
        out
    }

    fn moves(&self) -> Vec<String> {
        let mine = self.placements(self.to_move);
        if !mine.is_empty() {
            return mine
                .into_iter()
                .map(|(p, cells)| {
                    let names: Vec<String> = cells
                        .iter()
                        .map(|&c| cell_name((c % 20) as i32, (c / 20) as i32))
                        .collect();
                    format!("{}:{}", NAMES[p], names.join(","))
                })
                .collect();
        }
        if (0..4).any(|k| k != self.to_move && !self.placements(k).is_empty()) {
            vec!["pass".into()]
        } else {
            Vec::new()
        }
    }

    fn play(&self, mv: &str) -> Naive {
        let mut n = self.clone();
        if mv != "pass" {
            let (name, cells) = mv.split_once(':').unwrap();
            let p = NAMES.iter().position(|&m| m == name).unwrap();
            for c in cells.split(',') {
                let x = (c.as_bytes()[0] - b'a') as usize;
                let y: usize = c[1..].parse::<usize>().unwrap() - 1;
                n.board[y][x] = Some(n.to_move);
            }
            n.left[n.to_move][p] = false;
            if p == 0 && !n.left[n.to_move].contains(&true) {
                n.mono_last[n.to_move] = true;
            }
        }
        n.to_move = (n.to_move + 1) % 4;
        n
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let m = self.moves();
        if depth == 1 {
            return m.len() as u64;
        }
        m.iter().map(|mv| self.play(mv).perft(depth - 1)).sum()
    }
}

fn moves(g: &Blokus, s: &State) -> Vec<Move> {
    let mut v = Vec::new();
    g.moves(s, &mut v);
    v
}

/// A position up to `max_plies` random plies from the start; half the playouts prefer
/// small pieces, so colours get stuck early with many pieces left (passes and early ends).
fn random_position(g: &Blokus, seed: u64, max_plies: u64) -> State {
    let mut rng = SplitMix64::new(seed);
    let mut s = g.initial();
    let small = seed % 2 == 0;
    for _ in 0..rng.below(max_plies + 1) {
        let m = moves(g, &s);
        if m.is_empty() {
            break;
        }
        let i = if small {
            rng.below(m.len().min(12) as u64) as usize
        } else {
            rng.below(m.len() as u64) as usize
        };
        s = g.play(&s, m[i]);
    }
    s
}

#[test]
fn perft_from_the_start() {
    let g = Blokus::default();
    let s = g.initial();
    let got: Vec<u64> = (1..=3).map(|d| perft(&g, &s, d)).collect();
    assert_eq!(got, [58, 3364, 195112]);
    assert_eq!(Naive::parse(&g.format_position(&s)).perft(1), 58);
    // Every first placement covers a1.
    for m in moves(&g, &s) {
        assert_eq!(m.cells().next(), Some(0), "{m}");
    }
}

/// Depth 4 from the start (58^4 = 11,316,496): 0.5 s with the release build
/// (`gametree perft --game "blokus(players=4)" --depth 4`).
#[test]
fn perft_depth_four_from_the_start() {
    let g = Blokus::default();
    assert_eq!(perft(&g, &g.initial(), 4), 11_316_496);
}

#[test]
fn the_bitboard_generator_agrees_with_the_naive_one() {
    let g = Blokus::default();
    let (mut passes, mut over, mut positions) = (0, 0, 0);
    for seed in 0..1_500u64 {
        let s = random_position(&g, seed, 160);
        let text = g.format_position(&s);
        let naive = Naive::parse(&text);
        assert_eq!(naive.text(), text);
        let m = moves(&g, &s);
        let names: Vec<String> = m.iter().map(|&mv| g.move_name(&s, mv)).collect();
        assert_eq!(names, naive.moves(), "{text}");
        assert_eq!(g.count_moves(&s), m.len() as u64);
        assert_eq!(g.outcome(&s).is_some(), m.is_empty());
        positions += 1;
        passes += usize::from(names == ["pass"]);
        over += usize::from(m.is_empty());
        for (i, (&mv, n)) in m.iter().zip(&names).enumerate() {
            if i % 17 != 0 {
                continue;
            }
            assert_eq!(
                g.format_position(&g.play(&s, mv)),
                naive.play(n).text(),
                "{text} {n}"
            );
        }
        if seed % 100 == 7 {
            assert_eq!(perft(&g, &s, 2), naive.perft(2), "{text}");
        }
    }
    assert_eq!(positions, 1_500);
    assert!(passes > 50, "{passes} forced passes");
    assert!(over > 20, "{over} finished games");
}

#[test]
fn conformance_and_both_scorings() {
    for scoring in [Scoring::Value, Scoring::Squares] {
        let g = Blokus::new(scoring);
        let cfg = CheckConfig {
            seed: 7,
            playouts: 40,
            max_plies: 336,
            ..CheckConfig::default()
        };
        let r = check(&g, &BlokusEval, &cfg).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.finished, 40);
    }
}

#[test]
fn scoring_counts_squares_and_the_bonuses() {
    let g = Blokus::default();
    let rows = vec![".".repeat(20); 20].join("/");
    let all = NAMES.join(",");
    // Blue has placed nothing: 0; the others' values come from their lists.
    let text = format!("b {rows} {all}/{all}/{all}/{all}");
    let s = g.parse_position(&text).unwrap();
    assert_eq!(BlokusEval.evaluate(&g, &s).as_slice(), [0, 0, 0, 0]);
    // A finished colour: 89 + 15, or + 20 with the monomino last (positions need the cells).
    let n = Naive::parse(&text);
    let mut placed = n.clone();
    // Fill blue's 89 squares anywhere (the notation does not check shapes).
    let mut count = 0;
    'fill: for y in 0..20 {
        for x in 0..20 {
            if (x + y) % 2 == 0 {
                placed.board[y][x] = Some(0);
                count += 1;
                if count == 89 {
                    break 'fill;
                }
            }
        }
    }
    placed.left[0] = [false; 21];
    let plain = g.parse_position(&placed.text()).unwrap();
    assert_eq!(g.values(&plain)[0], 104);
    placed.mono_last[0] = true;
    let mono = g.parse_position(&placed.text()).unwrap();
    assert_eq!(g.values(&mono)[0], 109);
    assert_eq!(Blokus::new(Scoring::Squares).values(&mono)[0], 89);
    assert_eq!(BlokusEval.bounds(&g).maxsum, Some(436));
}

/// A position text and the check of the error it must get.
type Refusal = fn(&PositionError) -> bool;

#[test]
fn notation_round_trips_and_bad_input_is_refused() {
    let g = Blokus::default();
    for seed in 0..300u64 {
        let s = random_position(&g, seed ^ 0xAB, 160);
        let text = g.format_position(&s);
        let back = g.parse_position(&text).unwrap();
        assert_eq!(back, s, "{text}");
        assert_eq!(moves(&g, &back), moves(&g, &s));
        for m in moves(&g, &s) {
            let name = g.move_name(&s, m);
            assert_eq!(g.parse_move(&s, &name), Ok(m), "{name}");
            assert_eq!(g.parse_move(&s, &name.to_lowercase()), Ok(m), "{name}");
        }
    }
    let s = g.initial();
    assert_eq!(
        g.parse_move(&s, "V3:a1,b1,a2").unwrap().to_string(),
        "V3:a1,b1,a2"
    );
    assert!(
        g.parse_move(&s, "V3:a2,a1,b1").is_ok(),
        "cells in any order"
    );
    for bad in [
        "",
        "pass",
        "V3:a1,b1",
        "V3:a1,b1,c1",
        "Q:a1",
        "I1:u1",
        "I1:a21",
        "I1:a0",
        "I1",
        "I1:b2",
        "V3:a1,a1,b1",
    ] {
        assert!(g.parse_move(&s, bad).is_err(), "{bad}");
    }
    let start = g.format_position(&s);
    let bad: Vec<(String, Refusal)> = vec![
        ("b".into(), |e| matches!(e, PositionError::Fields(1))),
        (start.replacen("b ", "x ", 1), |e| {
            matches!(e, PositionError::ToMove(_))
        }),
        (start.replacen("..../", "../", 1), |e| {
            matches!(e, PositionError::Rows(_))
        }),
        (start.replacen(".", "q", 3), |e| {
            matches!(e, PositionError::Cell { .. })
        }),
        (start.replacen(".", "y", 3), |e| {
            matches!(e, PositionError::Count { .. })
        }),
        (start.replacen("I1,I2", "I1,I1", 1), |e| {
            matches!(e, PositionError::Pieces(_))
        }),
        (start.replacen("I1,I2", "I1,Q2", 1), |e| {
            matches!(e, PositionError::Pieces(_))
        }),
        (start.replacen(",Z", ",Z/-", 1), |e| {
            matches!(e, PositionError::Pieces(_))
        }),
    ];
    for (text, ok) in bad {
        let e = g.parse_position(&text).unwrap_err();
        assert!(ok(&e), "{text}: {e}");
    }
    assert!(g.parse_position(&"é".repeat(500)).is_err());
}

#[test]
fn spec_reads_scoring() {
    let g = |t: &str| Blokus::from_spec(&Spec::parse(t).unwrap());
    assert_eq!(g("blokus").unwrap().scoring(), Scoring::Value);
    assert_eq!(
        g("blokus(players=4,scoring=squares)").unwrap().scoring(),
        Scoring::Squares
    );
    assert_eq!(
        g("blokus").unwrap().spec(),
        "blokus(players=4,scoring=value)"
    );
    for bad in ["blokus(players=2)", "blokus(scoring=x)", "blokus(size=14)"] {
        assert!(g(bad).is_err(), "{bad}");
    }
}

#[test]
fn set_to_move_hands_the_turn_to_colours_that_can_place() {
    let g = Blokus::default();
    let mut refused = 0;
    for seed in 0..200u64 {
        let s = random_position(&g, seed ^ 0x5E7, 160);
        let naive = Naive::parse(&g.format_position(&s));
        for k in 0..4 {
            let can = !naive.placements(k).is_empty();
            match g.set_to_move(&s, Player::new(k)) {
                None => {
                    assert!(!can || g.outcome(&s).is_some());
                    refused += 1;
                }
                Some(t) => {
                    assert!(can);
                    assert_eq!(g.to_move(&t), Player::new(k));
                    let mut n = naive.clone();
                    n.to_move = k;
                    let names: Vec<String> =
                        moves(&g, &t).iter().map(|&m| g.move_name(&t, m)).collect();
                    assert_eq!(names, n.moves());
                    assert_eq!(g.hash(&t) == g.hash(&s), k == g.to_move(&s).index());
                }
            }
        }
    }
    assert!(refused > 20, "{refused}");
}

#[test]
fn hash_separates_positions_and_joins_transpositions() {
    let g = Blokus::default();
    let mut seen = std::collections::HashMap::new();
    for seed in 0..2_000u64 {
        let s = random_position(&g, seed, 60);
        if let Some(old) = seen.insert(g.hash(&s), s) {
            assert_eq!(old, s, "hash collision");
        }
    }
    assert!(seen.len() > 1_500);
    // Blue's second and third placements in either order (the others play their first
    // move each time, far away): one position, one hash.
    let line = |blue: [&str; 3]| {
        let mut t = g.initial();
        for b in blue {
            t = g.play(&t, g.parse_move(&t, b).unwrap());
            for _ in 0..3 {
                let m = moves(&g, &t);
                t = g.play(&t, m[0]);
            }
        }
        t
    };
    let a = line(["V3:a1,b1,a2", "I1:c2", "I2:b3,b4"]);
    let b = line(["V3:a1,b1,a2", "I2:b3,b4", "I1:c2"]);
    assert_eq!(a, b);
    assert_eq!(g.hash(&a), g.hash(&b));
    assert_ne!(
        g.hash(&a),
        g.hash(&g.set_to_move(&a, Player::new(1)).unwrap())
    );
}

#[test]
fn ordering_puts_larger_pieces_first() {
    let g = Blokus::default();
    for seed in 0..200u64 {
        let s = random_position(&g, seed ^ 0x0D, 100);
        let m = moves(&g, &s);
        let mut o = m.clone();
        BlokusEval.order(&g, &s, &mut o);
        let size = |mv: &Move| mv.cells().count();
        for w in o.windows(2) {
            assert!(size(&w[0]) >= size(&w[1]));
            if size(&w[0]) == size(&w[1]) {
                assert!(w[0] < w[1]);
            }
        }
        let mut sorted = o.clone();
        sorted.sort();
        assert_eq!(sorted, m, "the game's order is sorted");
    }
}

#[test]
fn render_draws_the_grid() {
    let g = Blokus::default();
    let s = g.play(
        &g.initial(),
        g.parse_move(&g.initial(), "V3:a1,b1,a2").unwrap(),
    );
    let pic = g.render(&s, false);
    assert!(pic.contains(" 2  b . ."), "{pic}");
    assert!(pic.contains(" 1  b b ."), "{pic}");
    assert!(pic.contains("yellow to move"));
    assert!(g.render(&s, true).contains("\x1b[44;97mb\x1b[0m"));
}

/// The data file's counts, where the naive generator is fast enough, are its counts too.
#[test]
fn the_naive_generator_agrees_with_the_data_file() {
    let g = Blokus::default();
    let mut checked = 0;
    for (_, position, counts) in crate::focus::perft_records("blokus.perft") {
        let s = match &position {
            Some(p) => g.parse_position(p).unwrap(),
            None => g.initial(),
        };
        let naive = Naive::parse(&g.format_position(&s));
        for (d, n) in counts {
            if d <= 2 && n <= 70_000 {
                assert_eq!(naive.perft(d), n, "{position:?} depth {d}");
                checked += 1;
            }
        }
    }
    assert!(checked >= 20, "{checked}");
}

/// [`Blokus::move_at`] (the placements counted piece by piece, only the chosen piece's
/// generated) finds the move the list holds at every index, and `None` past its end; the
/// game's `random_move` finds the move the default finds (the list at `rng.below(n)`) and
/// leaves the generator where the default leaves it; on thousands of random positions,
/// forced passes and finished games included.
#[test]
fn move_at_and_random_move_agree_with_the_list() {
    let g = Blokus::default();
    let mut scratch = Vec::new();
    let (mut indices, mut passes, mut over) = (0, 0, 0);
    for seed in 0..2_000u64 {
        let s = random_position(&g, seed, 160);
        let m = moves(&g, &s);
        let text = g.format_position(&s);
        for (i, &mv) in m.iter().enumerate() {
            assert_eq!(
                g.move_at(&s, i as u64, &mut scratch),
                Some(mv),
                "{text} {i}"
            );
        }
        assert_eq!(g.move_at(&s, m.len() as u64, &mut scratch), None, "{text}");
        indices += m.len();
        passes += usize::from(m == [Move::PASS]);
        over += usize::from(m.is_empty());
        let mut rng = SplitMix64::new(seed);
        let mut want_rng = rng.clone();
        for _ in 0..8 {
            let want = (!m.is_empty()).then(|| m[want_rng.below(m.len() as u64) as usize]);
            assert_eq!(g.random_move(&s, &mut scratch, &mut rng), want, "{text}");
            assert_eq!(rng, want_rng, "{text}");
        }
    }
    assert!(indices > 100_000, "{indices} indices");
    assert!(passes > 50, "{passes} forced passes");
    assert!(over > 20, "{over} finished games");
}

/// Blokus with the trait's default `random_move` (every move listed, one picked): the
/// reference for MCTS's playouts on the game's own `random_move`.
struct Listed(Blokus);

impl Game for Listed {
    type State = State;
    type Move = Move;
    fn players(&self) -> usize {
        self.0.players()
    }
    fn initial(&self) -> State {
        self.0.initial()
    }
    fn to_move(&self, s: &State) -> Player {
        self.0.to_move(s)
    }
    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        self.0.moves(s, out)
    }
    fn play(&self, s: &State, mv: Move) -> State {
        self.0.play(s, mv)
    }
    fn outcome(&self, s: &State) -> Option<gametree::Scores> {
        self.0.outcome(s)
    }
    fn mcts_exploration(&self) -> Option<f64> {
        self.0.mcts_exploration()
    }
    fn move_key(&self, mv: Move) -> Option<usize> {
        self.0.move_key(mv)
    }
}

impl Evaluator<Listed> for BlokusEval {
    fn evaluate(&self, g: &Listed, s: &State) -> gametree::Scores {
        Evaluator::<Blokus>::evaluate(self, &g.0, s)
    }
    fn bounds(&self, g: &Listed) -> gametree::Bounds {
        Evaluator::<Blokus>::bounds(self, &g.0)
    }
    fn order(&self, g: &Listed, s: &State, moves: &mut [Move]) {
        Evaluator::<Blokus>::order(self, &g.0, s, moves)
    }
}

/// MCTS with random playouts searches Blokus exactly as it searches it with every move
/// listed and one picked (the same report: visits, values, playout plies, best move), at
/// the start, in the middle game and near the end, with and without a playout cutoff.
#[test]
fn mcts_playouts_draw_the_listed_moves() {
    use gametree::search::mcts::{mcts_report, MctsConfig};
    use gametree::search::Config;
    let g = Blokus::default();
    let listed = Listed(Blokus::default());
    for (seed, plies) in [(1u64, 0u64), (2, 20), (3, 40), (5, 60)] {
        let s = random_position(&g, seed * 2 + 1, plies);
        for cutoff in [None, Some(10)] {
            let m = MctsConfig {
                cutoff,
                ..MctsConfig::iterations(300, seed)
            };
            let mut a = mcts_report(&g, &BlokusEval, &s, &Config::unlimited(), &m).unwrap();
            let mut b = mcts_report(&listed, &BlokusEval, &s, &Config::unlimited(), &m).unwrap();
            a.result.stats.elapsed_ms = 0.0;
            b.result.stats.elapsed_ms = 0.0;
            assert!(a.playout_plies > 300, "{}", a.playout_plies);
            assert_eq!(a, b, "{seed} {plies} {cutoff:?}");
        }
    }
}
