//! Focus: the acceptance counts; the packed generator against an independent, obviously
//! correct one (stacks as vectors, the rules read straight from docs/games.md, positions read
//! from the notation by its own parser) on thousands of random positions, by moves, by the
//! positions after each move and by perft; conformance; the notation both ways; set-to-move;
//! the hash; the search ordering; the cap.

use gametree::hash::Zobrist;
use gametree::testing::{check, CheckConfig};
use gametree::{Evaluator, Game, Player, Score, SetToMove};
use gametree_games::focus::{Focus, FocusEval, Move, PositionError, State};
use gametree_games::notation::Notation;
use gametree_games::perft::perft;
use gametree_games::rng::SplitMix64;
use gametree_games::spec::Spec;

const LETTERS: [char; 4] = ['r', 'g', 'b', 'y'];

/// The independent Focus: a stack per square (bottom first), counts in plain vectors.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Naive {
    players: usize,
    board: Vec<Vec<usize>>,
    reserves: Vec<u32>,
    captures: Vec<Vec<u32>>,
    eliminated: Vec<bool>,
    to_move: usize,
    winner: Option<usize>,
}

fn on(x: i32, y: i32) -> bool {
    (0..8).contains(&x) && (0..8).contains(&y) && x.min(7 - x) + y.min(7 - y) >= 2
}

fn name(sq: usize) -> String {
    format!("{}{}", (b'a' + (sq % 8) as u8) as char, sq / 8 + 1)
}

impl Naive {
    /// Reads the notation (its own parser: fields, ranks top down, squares a to h).
    fn parse(players: usize, text: &str) -> Naive {
        let f: Vec<&str> = text.split(' ').collect();
        assert_eq!(f.len(), 5, "{text}");
        let idx = |c: char| LETTERS.iter().position(|&l| l == c).unwrap();
        let mut board = vec![Vec::new(); 64];
        for (i, rank) in f[1].split('/').enumerate() {
            let y = 7 - i as i32;
            let xs: Vec<i32> = (0..8).filter(|&x| on(x, y)).collect();
            let cells: Vec<&str> = rank.split(',').collect();
            assert_eq!(xs.len(), cells.len());
            for (x, c) in xs.into_iter().zip(cells) {
                if c != "." {
                    board[(y * 8 + x) as usize] = c.chars().map(idx).collect();
                }
            }
        }
        let reserves: Vec<u32> = f[2].split(',').map(|r| r.parse().unwrap()).collect();
        assert_eq!(reserves.len(), players);
        let mut captures = vec![vec![0; 4]; players];
        for (p, e) in f[3].split(',').enumerate() {
            if e != "-" {
                for c in e.chars() {
                    captures[p][idx(c)] += 1;
                }
            }
        }
        let mut eliminated = vec![false; players];
        if f[4] != "-" {
            for c in f[4].chars() {
                eliminated[idx(c)] = true;
            }
        }
        Naive {
            players,
            board,
            reserves,
            captures,
            eliminated,
            to_move: idx(f[0].chars().next().unwrap()),
            winner: None,
        }
    }

    fn text(&self) -> String {
        let mut ranks = Vec::new();
        for y in (0..8).rev() {
            let cells: Vec<String> = (0..8)
                .filter(|&x| on(x, y))
                .map(|x| {
                    let st = &self.board[(y * 8 + x) as usize];
                    if st.is_empty() {
                        ".".to_string()
                    } else {
                        st.iter().map(|&c| LETTERS[c]).collect()
                    }
                })
                .collect();
            ranks.push(cells.join(","));
        }
        let reserves: Vec<String> = self.reserves.iter().map(|r| r.to_string()).collect();
        let captures: Vec<String> = (0..self.players)
            .map(|p| {
                let s: String = (0..4)
                    .flat_map(|c| std::iter::repeat_n(LETTERS[c], self.captures[p][c] as usize))
                    .collect();
                if s.is_empty() {
                    "-".into()
                } else {
                    s
                }
            })
            .collect();
        let elim: String = (0..self.players)
            .filter(|&p| self.eliminated[p])
            .map(|p| LETTERS[p])
            .collect();
        format!(
            "{} {} {} {} {}",
            LETTERS[self.to_move],
            ranks.join("/"),
            reserves.join(","),
            captures.join(","),
            if elim.is_empty() { "-".into() } else { elim }
        )
    }

    fn controls(&self, p: usize) -> bool {
        self.board.iter().any(|st| st.last() == Some(&p))
    }

    fn goal(&self, p: usize) -> bool {
        let total: u32 = self.captures[p].iter().sum();
        match self.players {
            2 => total >= 6,
            n => {
                let k = if n == 3 { 3 } else { 2 };
                total >= 10 || (0..n).filter(|&c| c != p).all(|c| self.captures[p][c] >= k)
            }
        }
    }

    /// The moves as names, in the documented order: every (from, to) pair ascending, then
    /// placements by square.
    fn moves(&self) -> Vec<String> {
        if self.winner.is_some() {
            return Vec::new();
        }
        let me = self.to_move;
        let mut out = Vec::new();
        for from in 0..64 {
            let st = &self.board[from];
            if st.last() != Some(&me) {
                continue;
            }
            for to in 0..64 {
                let (fx, fy, tx, ty) = (from % 8, from / 8, to % 8, to / 8);
                if !on(tx as i32, ty as i32) || !(fx == tx || fy == ty) {
                    continue;
                }
                let d = fx.abs_diff(tx) + fy.abs_diff(ty);
                if d >= 1 && d <= st.len() {
                    out.push(format!("{}-{}", name(from), name(to)));
                }
            }
        }
        if self.reserves[me] > 0 {
            for sq in 0..64 {
                if on((sq % 8) as i32, (sq / 8) as i32) {
                    out.push(format!("+{}", name(sq)));
                }
            }
        }
        out
    }

    fn sq(text: &str) -> usize {
        let b = text.as_bytes();
        ((b[1] - b'1') * 8 + (b[0] - b'a')) as usize
    }

    fn play(&self, mv: &str) -> Naive {
        let mut n = self.clone();
        let me = n.to_move;
        let (to, moving) = if let Some(t) = mv.strip_prefix('+') {
            n.reserves[me] -= 1;
            (Naive::sq(t), vec![me])
        } else {
            let (a, b) = mv.split_once('-').unwrap();
            let (from, to) = (Naive::sq(a), Naive::sq(b));
            let d = (from % 8).abs_diff(to % 8) + (from / 8).abs_diff(to / 8);
            let h = n.board[from].len();
            (to, n.board[from].split_off(h - d))
        };
        n.board[to].extend(moving);
        while n.board[to].len() > 5 {
            let c = n.board[to].remove(0);
            if c == me {
                n.reserves[me] += 1;
            } else {
                n.captures[me][c] += 1;
            }
        }
        if n.goal(me) {
            n.winner = Some(me);
            let mut p = (me + 1) % n.players;
            while n.eliminated[p] {
                p = (p + 1) % n.players;
            }
            n.to_move = p;
            return n;
        }
        let mut p = me;
        loop {
            let live: Vec<usize> = (0..n.players).filter(|&q| !n.eliminated[q]).collect();
            if live.len() == 1 {
                n.winner = Some(live[0]);
                n.to_move = live[0];
                break;
            }
            p = (p + 1) % n.players;
            if n.eliminated[p] {
                continue;
            }
            if n.controls(p) || n.reserves[p] > 0 {
                n.to_move = p;
                break;
            }
            n.eliminated[p] = true;
        }
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

fn game(players: usize) -> Focus {
    Focus::new(players, 600).unwrap()
}

fn moves(g: &Focus, s: &State) -> Vec<Move> {
    let mut v = Vec::new();
    g.moves(s, &mut v);
    v
}

/// A position up to `max_plies` random plies from the start; the playout prefers moves onto
/// other colours' stacks and tall stacks, so captures, reserves, eliminations and won games
/// all occur.
fn random_position(g: &Focus, seed: u64, max_plies: u64) -> State {
    let mut rng = SplitMix64::new(seed);
    let mut s = g.initial();
    let plies = rng.below(max_plies + 1);
    for _ in 0..plies {
        let m = moves(g, &s);
        if m.is_empty() {
            break;
        }
        let mut o = m.clone();
        FocusEval.order(g, &s, &mut o);
        let mv = if rng.below(3) == 0 {
            o[0]
        } else {
            m[rng.below(m.len() as u64) as usize]
        };
        s = g.play(&s, mv);
    }
    s
}

#[test]
fn perft_from_the_start() {
    for (players, want) in [
        (2, [68, 4460, 299912]),
        (3, [44, 1899, 78935]),
        (4, [44, 1899, 78935]),
    ] {
        let g = game(players);
        let s = g.initial();
        let got: Vec<u64> = (1..=3).map(|d| perft(&g, &s, d)).collect();
        assert_eq!(got, want, "{players} players");
        assert_eq!(
            Naive::parse(players, &g.format_position(&s)).perft(2),
            want[1]
        );
    }
}

/// Depth 4 from the start (19,521,582 / 3,420,156 / 3,203,475): about 0.25 s in all with
/// the release build (`gametree perft --game "focus(players=2)" --depth 4`: 0.19 s).
#[test]
fn perft_depth_four_from_the_start() {
    for (players, want) in [(2, 19_521_582), (3, 3_420_156), (4, 3_203_475)] {
        let g = game(players);
        assert_eq!(perft(&g, &g.initial(), 4), want, "{players} players");
    }
}

#[test]
fn start_positions_are_the_documented_ones() {
    let two = "r .,.,.,./r,r,g,g,r,r/.,g,g,r,r,g,g,./.,r,r,g,g,r,r,./.,g,g,r,r,g,g,./.,r,r,g,g,r,r,./g,g,r,r,g,g/.,.,.,. 0,0 -,- -";
    let four = "r b,r,b,y/y,g,y,r,g,b/r,b,r,b,b,y,r,g/y,g,y,g,r,g,b,y/g,r,y,b,y,g,y,g/y,b,g,r,r,b,r,b/r,y,b,g,y,g/g,r,b,r 0,0,0,0 -,-,-,- -";
    assert_eq!(game(2).format_position(&game(2).initial()), two);
    assert_eq!(game(4).format_position(&game(4).initial()), four);
    let three = four
        .replace('y', ".")
        .replace("0,0,0,0 -,-,-,-", "0,0,0 -,-,-");
    assert_eq!(game(3).format_position(&game(3).initial()), three);
    // The four-player layout: the north-east quadrant holds seat (x + 2y) mod 4, and a
    // quarter turn (x, y) -> (7 - y, x) adds one to the seat.
    let s = game(4).initial();
    for sq in 0..64u8 {
        let (x, y) = (sq % 8, sq / 8);
        let st = s.stack_colours(sq);
        if st.is_empty() {
            continue;
        }
        if x >= 4 && y >= 4 {
            assert_eq!(st, vec![((x + 2 * y) % 4) as usize]);
        }
        let turned = s.stack_colours((x) * 8 + (7 - y));
        assert_eq!(turned, vec![(st[0] + 1) % 4], "{sq}");
    }
    for players in [2, 3, 4] {
        let s = game(players).initial();
        for p in 0..players {
            let on_board: usize = (0..64u8)
                .map(|q| s.stack_colours(q).iter().filter(|&&c| c == p).count())
                .sum();
            assert_eq!(on_board, if players == 2 { 18 } else { 13 });
        }
    }
}

/// Thousands of random positions: the same moves in the same order, the same position after
/// every move (the notation written by each side), the same winner; perft to depth 2 or 3
/// on some of them.
#[test]
fn the_packed_generator_agrees_with_the_naive_one() {
    let (mut won, mut eliminated, mut trimmed, mut placements) = (0, 0, 0, 0);
    let mut positions = 0;
    for players in [2, 3, 4] {
        let g = game(players);
        for seed in 0..1_000u64 {
            let s = random_position(&g, seed * 3 + players as u64, 200);
            let text = g.format_position(&s);
            let naive = Naive::parse(players, &text);
            assert_eq!(naive.text(), text);
            let mut naive = naive;
            naive.winner = s.winner();
            let m = moves(&g, &s);
            let names: Vec<String> = m.iter().map(|&mv| g.move_name(&s, mv)).collect();
            assert_eq!(names, naive.moves(), "{text}");
            positions += 1;
            won += usize::from(s.winner().is_some());
            eliminated += usize::from((0..players).any(|p| s.is_eliminated(p)));
            placements += usize::from(s.reserve(g.to_move(&s).index()) > 0 && !m.is_empty());
            for (&mv, n) in m.iter().zip(&names) {
                let t = g.play(&s, mv);
                let nt = naive.play(n);
                assert_eq!(g.format_position(&t), nt.text(), "{text} {n}");
                assert_eq!(t.winner(), nt.winner, "{text} {n}");
                trimmed += usize::from(g.effect(&s, mv) != (0, 0));
            }
            if seed % 50 == 0 {
                let d = if players == 2 { 2 } else { 3 };
                assert_eq!(perft(&g, &s, d), naive.perft(d), "{text}");
            }
        }
    }
    assert_eq!(positions, 3_000);
    assert!(won > 30, "{won} won positions");
    assert!(
        eliminated > 5,
        "{eliminated} positions with a seat eliminated"
    );
    assert!(trimmed > 500, "{trimmed} moves trimming a stack");
    assert!(
        placements > 100,
        "{placements} positions with reserve placements"
    );
}

#[test]
fn conformance_two_three_and_four_players() {
    for players in [2, 3, 4] {
        let g = game(players);
        let cfg = CheckConfig {
            seed: players as u64,
            playouts: 60,
            ..CheckConfig::default()
        };
        let r = check(&g, &FocusEval, &cfg).unwrap_or_else(|e| panic!("{players}: {e}"));
        assert_eq!(r.finished, 60);
        // With a short cap every playout ends there, adjudicated.
        let short = g.with_cap(30).unwrap();
        let r = check(&short, &FocusEval, &cfg).unwrap_or_else(|e| panic!("{players}: {e}"));
        assert!(r.longest <= 30);
    }
}

/// A position text and the check of the error it must get.
type Refusal = fn(&PositionError) -> bool;

#[test]
fn notation_round_trips_and_bad_input_is_refused() {
    for players in [2, 3, 4] {
        let g = game(players);
        for seed in 0..300u64 {
            let s = random_position(&g, seed ^ 0xF0, 150);
            let text = g.format_position(&s);
            let back = g.parse_position(&text).unwrap();
            assert_eq!(g.format_position(&back), text);
            assert_eq!(back.winner(), s.winner(), "{text}");
            assert_eq!(g.moves_of(&back), g.moves_of(&s));
            for m in moves(&g, &s) {
                let name = g.move_name(&s, m);
                assert_eq!(g.parse_move(&s, &name), Ok(m), "{name}");
                assert_eq!(g.parse_move(&s, &name.to_uppercase()), Ok(m), "{name}");
            }
        }
    }
    let g = game(2);
    let s = g.initial();
    for bad in [
        "", "c3", "c3-c3", "c3-d4", "a1-a2", "+a1", "+i1", "c3-c9", "b2-h2", "++c3",
    ] {
        assert!(g.parse_move(&s, bad).is_err(), "{bad}");
    }
    // Legal syntax, illegal here: a green stack, a reserve placement without reserve.
    assert!(g.parse_move(&s, "d2-d3").is_ok());
    assert!(g.parse_move(&s, "b2-b3").is_err());
    assert!(g.parse_move(&s, "+c3").is_err());
    let start = g.format_position(&s);
    let with = |from: &str, to: &str| start.replacen(from, to, 1);
    let cases: Vec<(String, Refusal)> = vec![
        ("".into(), |e| matches!(e, PositionError::Fields(0))),
        (with("r ", "x "), |e| {
            matches!(e, PositionError::ToMove { .. })
        }),
        (with("r ", "b "), |e| {
            matches!(e, PositionError::ToMove { .. })
        }),
        (with("/g,g,r,r,g,g/", "/g,g,r,r,g/"), |e| {
            matches!(e, PositionError::Board(_))
        }),
        (with(".,.,.,./r", ".,.,.,.,./r"), |e| {
            matches!(e, PositionError::Board(_))
        }),
        (with("r,r,g,g,r,r/", "r,rrrrrr,g,g,r,r/"), |e| {
            matches!(e, PositionError::Square { .. })
        }),
        (with("r,r,g,g,r,r/", "r,q,g,g,r,r/"), |e| {
            matches!(e, PositionError::Square { .. })
        }),
        (with(" 0,0 ", " 0 "), |e| {
            matches!(e, PositionError::Reserves { .. })
        }),
        (with(" 0,0 ", " 1,0 "), |e| {
            matches!(e, PositionError::Count { .. })
        }),
        (with(" -,- ", " r,- "), |e| {
            matches!(e, PositionError::Captures { .. })
        }),
        (with(" -,- ", " -,-,- "), |e| {
            matches!(e, PositionError::Captures { .. })
        }),
        (with(" -,- -", " -,- x"), |e| {
            matches!(e, PositionError::Eliminated(_))
        }),
        (with(" -,- -", " -,- r"), |e| {
            matches!(e, PositionError::ToMoveEliminated(_))
        }),
    ];
    for (text, ok) in cases {
        let e = g.parse_position(&text).unwrap_err();
        assert!(ok(&e), "{text}: {e}");
        assert!(!e.to_string().is_empty());
    }
    assert!(g.parse_position(&"é".repeat(90)).is_err());
}

trait MovesOf {
    fn moves_of(&self, s: &State) -> Vec<Move>;
}

impl MovesOf for Focus {
    fn moves_of(&self, s: &State) -> Vec<Move> {
        moves(self, s)
    }
}

#[test]
fn spec_reads_players_and_cap() {
    let g = |t: &str| Focus::from_spec(&Spec::parse(t).unwrap());
    assert_eq!(g("focus").unwrap().players(), 2);
    assert_eq!(
        g("focus(players=4)").unwrap().spec(),
        "focus(players=4,cap=600)"
    );
    assert_eq!(g("focus(players=3,cap=50)").unwrap().cap(), 50);
    for bad in [
        "focus(players=5)",
        "focus(players=1)",
        "focus(cap=0)",
        "focus(size=8)",
    ] {
        assert!(g(bad).is_err(), "{bad}");
    }
}

/// A player with no stack and no reserve at its turn is eliminated without a ply, its
/// pieces stay, and the last player left wins; a stack uncovered before its turn saves it.
#[test]
fn elimination_at_the_turn_only() {
    let g = game(3);
    // Blue's only free piece is under green on d4 (its others are buried under red); red
    // moves, then green; then blue has nothing: eliminated, turn to red.
    let text = "r .,.,.,./.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,gggg/\
                .,.,.,bg,.,.,.,./.,.,.,.,.,.,.,./bbbbr,.,.,.,.,gggg/bbbbr,.,rrr,gggg 8,0,0 \
                bbbb,-,- -";
    let s = g.parse_position(text).unwrap();
    assert_eq!(g.to_move(&s), Player::new(0));
    let after = g.play(&s, g.parse_move(&s, "e1-e2").unwrap());
    assert_eq!(g.to_move(&after), Player::new(1));
    // Green moves its d4 piece away: blue's piece is uncovered and blue is saved.
    let saved = g.play(&after, g.parse_move(&after, "d4-d3").unwrap());
    assert_eq!(g.to_move(&saved), Player::new(2));
    assert!(!saved.is_eliminated(2));
    // Green moves elsewhere: blue is out at its turn, its piece stays.
    let out = g.play(&after, g.parse_move(&after, "g2-g3").unwrap());
    assert!(out.is_eliminated(2));
    assert_eq!(g.to_move(&out), Player::new(0));
    assert_eq!(out.stack_colours(27), vec![2, 1]);
    assert_eq!(out.ply(), after.ply() + 1);
    assert_eq!(perft(&g, &after, 1), moves(&g, &after).len() as u64);
}

#[test]
fn the_goal_ends_the_game_and_the_cap_is_adjudicated() {
    let g = game(2);
    let mut won = 0;
    for seed in 0..400u64 {
        let s = random_position(&g, seed, 400);
        if let Some(w) = s.winner() {
            won += 1;
            assert!(g.need(&s, w) == 0 || (0..2).any(|p| s.is_eliminated(p)));
            let o = g.outcome(&s).unwrap();
            assert_eq!(o[w], 800);
            assert!(o[1 - w] < 800);
            assert!(!g.ended_by_cap(&s));
            assert!(moves(&g, &s).is_empty());
        }
    }
    assert!(won > 50, "{won}");
    let short = g.with_cap(6).unwrap();
    let mut s = short.initial();
    for _ in 0..6 {
        let m = moves(&short, &s);
        s = short.play(&s, m[0]);
    }
    assert!(short.ended_by_cap(&s));
    assert_eq!(short.outcome(&s).unwrap().as_slice()[0], 800);
}

#[test]
fn set_to_move_hands_the_turn_and_refuses_the_dead() {
    for players in [3, 4] {
        let g = game(players);
        for seed in 0..300u64 {
            let s = random_position(&g, seed ^ 0x5E7, 120);
            for p in 0..players {
                match g.set_to_move(&s, Player::new(p)) {
                    None => assert!(
                        g.outcome(&s).is_some()
                            || s.is_eliminated(p)
                            || (s.controlled(p) == 0 && s.reserve(p) == 0)
                    ),
                    Some(t) => {
                        assert_eq!(g.to_move(&t), Player::new(p));
                        assert_eq!(g.format_position(&t)[1..], g.format_position(&s)[1..]);
                        let mut naive = Naive::parse(players, &g.format_position(&s));
                        naive.to_move = p;
                        let names: Vec<String> =
                            moves(&g, &t).iter().map(|&m| g.move_name(&t, m)).collect();
                        assert_eq!(names, naive.moves());
                        assert_eq!(g.hash(&t) == g.hash(&s), p == g.to_move(&s).index());
                    }
                }
            }
        }
    }
}

#[test]
fn hash_separates_positions_and_joins_transpositions() {
    let g = game(4);
    let mut seen = std::collections::HashMap::new();
    for seed in 0..3_000u64 {
        let s = random_position(&g, seed, 80);
        if let Some(old) = seen.insert(g.hash(&s), s) {
            assert_eq!(old, s, "hash collision");
        }
    }
    assert!(seen.len() > 2_000);
    // a, then b; b, then a: one position, one hash (red and green move independent stacks,
    // red twice).
    let g = game(2);
    let s = g.initial();
    let m = |s: &State, t: &str| g.parse_move(s, t).unwrap();
    let one = ["d2-d3", "b2-b3", "c3-c4", "g2-g3"];
    let two = ["c3-c4", "b2-b3", "d2-d3", "g2-g3"];
    let play = |line: &[&str]| line.iter().fold(s, |s, t| g.play(&s, m(&s, t)));
    let (a, b) = (play(&one), play(&two));
    assert_eq!(a, b);
    assert_eq!(g.hash(&a), g.hash(&b));
}

#[test]
fn ordering_captures_first_then_reserve_gains_then_the_game_order() {
    let mut reordered = 0;
    let mut long = 0;
    for players in [2, 3, 4] {
        let g = game(players);
        for seed in 0..300u64 {
            let s = random_position(&g, seed ^ 0x0D, 150);
            let m = moves(&g, &s);
            let mut o = m.clone();
            FocusEval.order(&g, &s, &mut o);
            let mut sorted = o.clone();
            sorted.sort();
            let mut plain = m.clone();
            plain.sort();
            assert_eq!(sorted, plain);
            let key = |mv: &Move| {
                let (c, r) = g.effect(&s, *mv);
                (std::cmp::Reverse(c), std::cmp::Reverse(r))
            };
            let pos = |mv: &Move| m.iter().position(|x| x == mv).unwrap();
            for w in o.windows(2) {
                assert!(key(&w[0]) <= key(&w[1]));
                if key(&w[0]) == key(&w[1]) {
                    assert!(pos(&w[0]) < pos(&w[1]));
                }
            }
            reordered += usize::from(o != m);
            // The order keeps its keys in an array sized for the list (64, or the longest
            // list the rules allow): both sizes are seen.
            long += usize::from(m.len() > 64);
        }
    }
    assert!(reordered > 100, "{reordered}");
    assert!(
        long > 10 && long < 900 - 10,
        "{long} lists of more than 64 moves"
    );
}

#[test]
fn values_follow_the_documented_formula() {
    let g = game(3);
    for seed in 0..200u64 {
        let s = random_position(&g, seed ^ 0xE1, 100);
        if g.outcome(&s).is_some() {
            continue;
        }
        let v = FocusEval.evaluate(&g, &s);
        for p in 0..3 {
            let total: u32 = (0..3).map(|c| s.captured(p, c)).sum();
            let each: u32 = (0..3)
                .filter(|&c| c != p)
                .map(|c| 3u32.saturating_sub(s.captured(p, c)))
                .sum();
            let need = (10u32.saturating_sub(total)).min(each) as Score;
            let mut want = 100 * (10 - need);
            if !s.is_eliminated(p) {
                want += 2 * s.controlled(p).count_ones() as Score + s.reserve(p) as Score;
            }
            assert_eq!(v[p], want);
        }
    }
}

#[test]
fn render_shows_stacks_and_reserves() {
    let g = game(2);
    let pic = g.render(&g.initial(), false);
    assert!(
        pic.contains("red     reserve 0, captured - (6 to the goal)"),
        "{pic}"
    );
    assert!(pic.ends_with("red to move\n"));
    assert!(!pic.contains('\x1b'));
    assert!(g.render(&g.initial(), true).contains("\x1b[1;31mr\x1b[0m"));
}

/// A record of a perft data file: (game spec, position, [(depth, count)]).
pub(crate) type PerftRecord = (String, Option<String>, Vec<(u32, u64)>);

/// The records of a perft data file.
pub(crate) fn perft_records(file: &str) -> Vec<PerftRecord> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/perft")
        .join(file);
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = Vec::new();
    for block in text.split("\n\n") {
        let (mut game, mut position, mut counts) = (None, None, Vec::new());
        for line in block.lines().filter(|l| !l.starts_with('#')) {
            match line.split_once(": ") {
                Some(("game", g)) => game = Some(g.to_string()),
                Some(("position", p)) => position = Some(p.to_string()),
                Some(("perft", c)) => {
                    let (d, n) = c.split_once(' ').unwrap();
                    counts.push((d.parse().unwrap(), n.parse().unwrap()));
                }
                _ => {}
            }
        }
        if let Some(g) = game {
            out.push((g, position, counts));
        }
    }
    out
}

/// The data file's counts, where the naive generator is fast enough, are its counts too.
#[test]
fn the_naive_generator_agrees_with_the_data_file() {
    let mut checked = 0;
    for (spec, position, counts) in perft_records("focus.perft") {
        let g = Focus::from_spec(&Spec::parse(&spec).unwrap()).unwrap();
        let s = match &position {
            Some(p) => g.parse_position(p).unwrap(),
            None => g.initial(),
        };
        let mut naive = Naive::parse(g.players(), &g.format_position(&s));
        naive.winner = s.winner();
        for (d, n) in counts {
            if d <= 3 && n <= 100_000 {
                assert_eq!(naive.perft(d), n, "{spec} {position:?} depth {d}");
                checked += 1;
            }
        }
    }
    assert!(checked >= 40, "{checked}");
}
