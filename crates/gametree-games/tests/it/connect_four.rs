//! Connect four: conformance, move order, wins, parsing, the evaluator, and agreement with
//! a naive 2-D array implementation along random playouts.

use std::collections::HashMap;

use gametree::hash::Zobrist as _;
use gametree::testing::{check, CheckConfig};
use gametree::{Evaluator, Game, Player, Scores};
use gametree_games::connect_four::{CellWeights, ConnectFour, PositionError, State, WEIGHTS, WIN};
use gametree_games::rng::SplitMix64;
use proptest::prelude::*;
use proptest::test_runner::RngSeed;

fn pos(s: &str) -> State {
    ConnectFour::parse_position(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn moves(s: &State) -> Vec<u8> {
    let mut v = Vec::new();
    ConnectFour.moves(s, &mut v);
    v
}

#[test]
fn connect_four_passes_conformance() {
    let cfg = CheckConfig {
        seed: 4,
        playouts: 500,
        max_plies: 42,
        zero_sum: true,
        ..CheckConfig::default()
    };
    let report = check(&ConnectFour, &CellWeights, &cfg).unwrap();
    assert_eq!(report.playouts, 500);
    assert_eq!(report.finished, 500);
    assert!(report.longest >= 7 && report.longest <= 42);
    assert!(report.wins[0] > 0 && report.wins[1] > 0);
    assert_eq!(report.wins[0] + report.wins[1] + report.draws, 500);
}

#[test]
fn connect_four_move_order_is_columns_ascending() {
    let g = ConnectFour;
    assert_eq!(moves(&g.initial()), (0..7).collect::<Vec<u8>>());
    assert_eq!(moves(&pos("111111")), [1, 2, 3, 4, 5, 6]);
    assert_eq!(moves(&pos("444444111111")), [1, 2, 4, 5, 6]);
    let mut buf = vec![9];
    g.moves(&pos("777777"), &mut buf);
    assert_eq!(buf, [9, 0, 1, 2, 3, 4, 5]);
    let names: Vec<String> = (0..7).map(|m| g.move_name(&g.initial(), m)).collect();
    // Columns are named by their 1-based digits, as in positions (issue #12: one notation).
    assert_eq!(names, ["1", "2", "3", "4", "5", "6", "7"]);
}

#[test]
fn connect_four_players_and_cells() {
    let g = ConnectFour;
    let s = pos("4453");
    assert_eq!(g.players(), 2);
    assert_eq!(g.to_move(&g.initial()), Player::new(0));
    assert_eq!(g.to_move(&pos("4")), Player::new(1));
    assert_eq!(g.to_move(&s), Player::new(0));
    assert_eq!(s.plies(), 4);
    assert_eq!(s.cell(3, 0), Some(Player::new(0)));
    assert_eq!(s.cell(3, 1), Some(Player::new(1)));
    assert_eq!(s.cell(4, 0), Some(Player::new(0)));
    assert_eq!(s.cell(2, 0), Some(Player::new(1)));
    assert_eq!(s.cell(3, 2), None);
    assert_eq!(s.cell(7, 0), None);
    assert_eq!(
        s.stones(Player::new(0)) | s.stones(Player::new(1)),
        s.occupied()
    );
    assert_eq!(s.stones(Player::new(0)), 1 << 21 | 1 << 28);
    assert_eq!(
        format!("{s}"),
        ".......\n.......\n.......\n.......\n...O...\n..OXX..\n"
    );
    assert_eq!(
        format!("{s:?}"),
        "ConnectFour(......./......./......./......./...O.../..OXX..)"
    );
}

fn assert_winner(s: &str, winner: usize) {
    let st = pos(s);
    let expected = if winner == 0 { WIN } else { -WIN };
    assert!(st.is_won(), "{s}");
    assert_eq!(
        ConnectFour.outcome(&st),
        Some(Scores::zero_sum(expected)),
        "{s}"
    );
    assert!(moves(&st).is_empty(), "{s}");
    let before = pos(&s[..s.len() - 1]);
    assert_eq!(ConnectFour.outcome(&before), None, "{s}");
    assert!(!moves(&before).is_empty());
}

#[test]
fn connect_four_wins_horizontally() {
    assert_winner("1122334", 0); // X a1 b1 c1 d1
    assert_winner("4455667", 0); // X d1 e1 f1 g1
    assert_winner("71122334", 1); // O a1 b1 c1 d1 (X: g1 a2 b2 c2)
}

#[test]
fn connect_four_wins_vertically() {
    assert_winner("1212121", 0); // X a1..a4
    assert_winner("7676767", 0); // X g1..g4
    assert_winner("12121232", 1); // O b1..b4
    assert_winner("4545454", 0); // X d1..d4
    assert_winner("144545414", 0); // X d2..d5 above O d1
}

#[test]
fn connect_four_wins_on_the_rising_diagonal() {
    // X a1 b2 c3 d4.
    assert_winner("12233434474", 0);
}

#[test]
fn connect_four_wins_on_the_falling_diagonal() {
    // X g1 f2 e3 d4 (the mirror image of the rising one).
    assert_winner("76655454414", 0);
}

#[test]
fn connect_four_draw_on_a_full_board() {
    let line = "111111222222333333".to_string() + "5444444" + "55555" + "666666777777";
    assert_eq!(line.len(), 42);
    let s = pos(&line);
    assert!(!s.is_won());
    assert_eq!(ConnectFour.outcome(&s), Some(Scores::zeros(2)));
    assert!(moves(&s).is_empty());
    for k in 0..42 {
        assert_eq!(ConnectFour.outcome(&pos(&line[..k])), None, "prefix {k}");
    }
    assert_eq!(
        format!("{s}"),
        "OOOXOOO\nXXXOXXX\nOOOXOOO\nXXXOXXX\nOOOXOOO\nXXXOXXX\n"
    );
}

#[test]
fn connect_four_position_errors() {
    let cases: [(&str, PositionError, &str); 6] = [
        (
            "48",
            PositionError::BadColumn {
                index: 1,
                found: '8',
            },
            "bad column '8' at index 1",
        ),
        (
            "0",
            PositionError::BadColumn {
                index: 0,
                found: '0',
            },
            "expected a digit 1..7",
        ),
        (
            "4a",
            PositionError::BadColumn {
                index: 1,
                found: 'a',
            },
            "bad column 'a'",
        ),
        (
            "4 4",
            PositionError::BadColumn {
                index: 1,
                found: ' ',
            },
            "bad column ' '",
        ),
        (
            "3333333",
            PositionError::FullColumn {
                index: 6,
                column: 3,
            },
            "column 3 is full at index 6",
        ),
        (
            "12121213",
            PositionError::GameOver { index: 7 },
            "move at index 7 after the game is over",
        ),
    ];
    for (input, err, fragment) in cases {
        let got = ConnectFour::parse_position(input).unwrap_err();
        assert_eq!(got, err, "{input}");
        let msg = got.to_string();
        assert!(msg.contains(fragment), "{input}: {msg}");
    }
    assert_eq!(pos(""), ConnectFour.initial());
}

#[test]
fn connect_four_cell_weights_on_a_hand_computed_position() {
    let g = ConnectFour;
    let e = CellWeights;
    assert_eq!(e.evaluate(&g, &g.initial()), Scores::zero_sum(0));
    // X d1 (7) e1 (5) = 12; O d2 (10) c1 (5) = 15.
    let s = pos("4453");
    assert_eq!(s.weight_difference(), -3);
    assert_eq!(e.evaluate(&g, &s), Scores::zero_sum(-3));
    // Column d weighs 7 10 13 13 10 7 from the bottom: X d1 d3 d5 (7 + 13 + 10 = 30),
    // O d2 d4 (10 + 13 = 23).
    assert_eq!(e.evaluate(&g, &pos("44444")), Scores::zero_sum(7));
    // Column g (3 4 5 5 4 3) full: X g1 g3 g5 (3 + 5 + 4), O g2 g4 g6 (4 + 5 + 3); then X a1.
    assert_eq!(e.evaluate(&g, &pos("777777")), Scores::zero_sum(0));
    assert_eq!(e.evaluate(&g, &pos("7777771")), Scores::zero_sum(3));
    let b = e.bounds(&g);
    assert_eq!(b.lower, Some(Scores::splat(2, -WIN)));
    assert_eq!(b.maxsum, Some(0));
    assert!(b.constant_sum);
    assert_eq!(b.step, 1);
}

#[test]
fn connect_four_keys_are_unique() {
    // Along random playouts, equal keys mean equal boards and vice versa.
    let g = ConnectFour;
    let mut after = 0u64;
    let mut by_key: HashMap<u64, String> = HashMap::new();
    let mut by_board: HashMap<String, u64> = HashMap::new();
    let mut rng = SplitMix64::new(99);
    for _ in 0..300 {
        let mut s = g.initial();
        loop {
            let board = format!("{s:?}");
            let k = ConnectFour::key(&s);
            assert_eq!(by_key.entry(k).or_insert(board.clone()), &board);
            assert_eq!(*by_board.entry(board).or_insert(k), k);
            let m = moves(&s);
            if m.is_empty() {
                break;
            }
            // The child's hash without the move is the child's hash (the contract of
            // `Zobrist::hash_after`), for every legal move.
            for &mv in &m {
                assert_eq!(
                    g.hash_after(&s, mv),
                    Some(g.hash(&g.play(&s, mv))),
                    "{s:?} {mv}"
                );
                after += 1;
            }
            s = g.play(&s, m[rng.below(m.len() as u64) as usize]);
        }
    }
    assert!(by_key.len() > 1000);
    assert!(after > 10_000, "{after} children");
    // Transpositions share a key.
    assert_eq!(
        ConnectFour::key(&pos("1234")),
        ConnectFour::key(&pos("3214"))
    );
    assert_ne!(ConnectFour::key(&pos("12")), ConnectFour::key(&pos("21")));
}

#[test]
fn connect_four_state_is_small_and_copy() {
    fn is_copy<T: Copy>() {}
    is_copy::<State>();
    assert!(std::mem::size_of::<State>() <= 24);
}

/// A naive connect four: a 2-D array, a full scan for four in a row.
struct Naive {
    /// `board[col][row]`, row 0 at the bottom: 0 empty, 1 player 0, 2 player 1.
    board: [[u8; 6]; 7],
    plies: usize,
    winner: Option<usize>,
}

impl Naive {
    fn new() -> Naive {
        Naive {
            board: [[0; 6]; 7],
            plies: 0,
            winner: None,
        }
    }

    fn moves(&self) -> Vec<u8> {
        if self.winner.is_some() {
            return Vec::new();
        }
        (0..7u8)
            .filter(|&c| self.board[c as usize][5] == 0)
            .collect()
    }

    fn play(&mut self, col: usize) {
        let p = self.plies % 2;
        let row = (0..6).find(|&r| self.board[col][r] == 0).unwrap();
        self.board[col][row] = p as u8 + 1;
        self.plies += 1;
        // Scan the whole board in all four directions.
        let dirs = [(1i32, 0i32), (0, 1), (1, 1), (1, -1)];
        for c in 0..7i32 {
            for r in 0..6i32 {
                for &(dc, dr) in &dirs {
                    let cells: Vec<(i32, i32)> = (0..4).map(|k| (c + k * dc, r + k * dr)).collect();
                    if cells
                        .iter()
                        .all(|&(x, y)| (0..7).contains(&x) && (0..6).contains(&y))
                        && cells
                            .iter()
                            .all(|&(x, y)| self.board[x as usize][y as usize] == p as u8 + 1)
                    {
                        self.winner = Some(p);
                    }
                }
            }
        }
    }

    fn outcome(&self) -> Option<Scores> {
        match self.winner {
            Some(0) => Some(Scores::zero_sum(WIN)),
            Some(_) => Some(Scores::zero_sum(-WIN)),
            None if self.plies == 42 => Some(Scores::zeros(2)),
            None => None,
        }
    }

    fn weight(&self) -> i64 {
        let mut w = 0i64;
        for (r, row) in WEIGHTS.iter().enumerate() {
            for (c, &cw) in row.iter().enumerate() {
                match self.board[c][r] {
                    1 => w += cw as i64,
                    2 => w -= cw as i64,
                    _ => {}
                }
            }
        }
        w
    }

    fn cell(&self, c: usize, r: usize) -> Option<Player> {
        match self.board[c][r] {
            0 => None,
            v => Some(Player::new(v as usize - 1)),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        rng_seed: RngSeed::Fixed(0xC4),
        ..ProptestConfig::with_cases(2500)
    })]

    /// Along a random playout (each entry picks among the legal moves), the bitboard game
    /// and the naive one agree on moves, outcome, player to move, cells, weights and the
    /// random playout move (the game finds it without listing the moves).
    #[test]
    fn connect_four_agrees_with_a_naive_board(choices in prop::collection::vec(any::<u16>(), 42)) {
        let g = ConnectFour;
        let e = CellWeights;
        let mut s = g.initial();
        let mut naive = Naive::new();
        for &choice in &choices {
            let m = moves(&s);
            prop_assert_eq!(&m, &naive.moves());
            prop_assert_eq!(g.outcome(&s), naive.outcome());
            prop_assert_eq!(g.to_move(&s), Player::new(naive.plies % 2));
            prop_assert_eq!(s.plies(), naive.plies);
            for c in 0..7 {
                for r in 0..6 {
                    prop_assert_eq!(s.cell(c, r), naive.cell(c, r));
                }
            }
            prop_assert_eq!(s.weight_difference(), naive.weight());
            // The playout move: the naive list's move at the drawn index, the same draws.
            let mut a = SplitMix64::new(u64::from(choice));
            let mut b = a.clone();
            let listed = naive.moves();
            let want = (!listed.is_empty()).then(|| listed[b.below(listed.len() as u64) as usize]);
            prop_assert_eq!(g.random_move(&s, &mut Vec::new(), &mut a), want);
            prop_assert_eq!(a, b);
            if g.outcome(&s).is_none() {
                prop_assert_eq!(e.evaluate(&g, &s), Scores::zero_sum(naive.weight()));
            }
            if m.is_empty() {
                break;
            }
            let mv = m[choice as usize % m.len()];
            s = g.play(&s, mv);
            naive.play(mv as usize);
        }
    }
}
