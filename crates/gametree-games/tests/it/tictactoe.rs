//! Tic-tac-toe: conformance, move order, wins, parsing, the evaluator.

use std::collections::HashMap;

use gametree::testing::{check, CheckConfig};
use gametree::{Evaluator, Game, Player, Scores};
use gametree_games::tictactoe::{OpenLines, PositionError, State, TicTacToe, WIN};

fn pos(s: &str) -> State {
    TicTacToe::parse_position(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn moves(s: &State) -> Vec<u8> {
    let mut v = Vec::new();
    TicTacToe.moves(s, &mut v);
    v
}

#[test]
fn tictactoe_passes_conformance() {
    let cfg = CheckConfig {
        seed: 11,
        playouts: 500,
        max_plies: 9,
        zero_sum: true,
        ..CheckConfig::default()
    };
    let report = check(&TicTacToe, &OpenLines, &cfg).unwrap();
    assert_eq!(report.playouts, 500);
    assert_eq!(report.finished, 500);
    assert!(report.longest <= 9 && report.longest >= 5);
    assert!(report.wins[0] > 0 && report.wins[1] > 0 && report.draws > 0);
    assert_eq!(report.wins[0] + report.wins[1] + report.draws, 500);
}

#[test]
fn tictactoe_move_order_is_empty_cells_ascending() {
    let g = TicTacToe;
    assert_eq!(moves(&g.initial()), (0..9).collect::<Vec<u8>>());
    assert_eq!(moves(&pos("5")), [0, 1, 2, 3, 5, 6, 7, 8]);
    assert_eq!(moves(&pos("5193")), [1, 3, 5, 6, 7]);
    // Appends to the buffer without clearing it.
    let mut buf = vec![42];
    g.moves(&pos("12354687"), &mut buf);
    assert_eq!(buf, [42, 8]);
    assert_eq!(g.move_name(&g.initial(), 0), "1");
    assert_eq!(g.move_name(&g.initial(), 8), "9");
}

#[test]
fn tictactoe_players_alternate() {
    let g = TicTacToe;
    assert_eq!(g.players(), 2);
    assert_eq!(g.to_move(&g.initial()), Player::new(0));
    assert_eq!(g.to_move(&pos("5")), Player::new(1));
    assert_eq!(g.to_move(&pos("51")), Player::new(0));
    let s = pos("51");
    assert_eq!(s.cell(4), Some(Player::new(0)));
    assert_eq!(s.cell(0), Some(Player::new(1)));
    assert_eq!(s.cell(8), None);
    assert_eq!(s.board(Player::new(0)), 1 << 4);
    assert_eq!(s.board(Player::new(1)), 1);
}

fn assert_x_wins(s: &str) {
    let st = pos(s);
    assert!(st.is_won(), "{s}");
    assert_eq!(
        TicTacToe.outcome(&st),
        Some(Scores::zero_sum(WIN)),
        "{s}: X should win"
    );
    assert!(moves(&st).is_empty(), "{s}");
    // One ply earlier the game was not over.
    let before = pos(&s[..s.len() - 1]);
    assert_eq!(TicTacToe.outcome(&before), None, "{s}");
}

fn assert_o_wins(s: &str) {
    let st = pos(s);
    assert_eq!(
        TicTacToe.outcome(&st),
        Some(Scores::zero_sum(-WIN)),
        "{s}: O should win"
    );
    assert!(moves(&st).is_empty(), "{s}");
    assert_eq!(TicTacToe.outcome(&pos(&s[..s.len() - 1])), None, "{s}");
}

#[test]
fn tictactoe_wins_on_rows() {
    assert_x_wins("14253"); // 1 2 3
    assert_x_wins("41526"); // 4 5 6
    assert_x_wins("71829"); // 7 8 9
    assert_o_wins("415273"); // O: 1 2 3
}

#[test]
fn tictactoe_wins_on_columns() {
    assert_x_wins("12437"); // 1 4 7
    assert_x_wins("21538"); // 2 5 8
    assert_x_wins("31629"); // 3 6 9
    assert_o_wins("132649"); // O: 3 6 9
}

#[test]
fn tictactoe_wins_on_diagonals() {
    assert_x_wins("12539"); // 1 5 9
    assert_x_wins("31527"); // 3 5 7
    assert_o_wins("213549"); // O: 1 5 9
}

#[test]
fn tictactoe_draw_on_a_full_board() {
    // X O X / X O O / O X X
    let s = pos("123546879");
    assert_eq!(TicTacToe.outcome(&s), Some(Scores::zeros(2)));
    assert!(moves(&s).is_empty());
    assert_eq!(format!("{s}"), "XOX\nXOO\nOXX\n");
    assert_eq!(format!("{s:?}"), "TicTacToe(XOX/XOO/OXX)");
    for k in 0..9 {
        assert_eq!(TicTacToe.outcome(&pos(&"123546879"[..k])), None);
    }
}

#[test]
fn tictactoe_position_errors() {
    let cases: [(&str, PositionError, &str); 5] = [
        (
            "50",
            PositionError::BadChar {
                index: 1,
                found: '0',
            },
            "bad cell '0' at index 1",
        ),
        (
            "5 1",
            PositionError::BadChar {
                index: 1,
                found: ' ',
            },
            "expected a digit 1..9",
        ),
        (
            "a",
            PositionError::BadChar {
                index: 0,
                found: 'a',
            },
            "bad cell 'a'",
        ),
        (
            "55",
            PositionError::Occupied { index: 1, cell: 5 },
            "cell 5 is already occupied at index 1",
        ),
        (
            "142536",
            PositionError::GameOver { index: 5 },
            "move at index 5 after the game is over",
        ),
    ];
    for (input, err, fragment) in cases {
        let got = TicTacToe::parse_position(input).unwrap_err();
        assert_eq!(got, err, "{input}");
        let msg = got.to_string();
        assert!(msg.contains(fragment), "{input}: {msg}");
    }
    assert_eq!(pos(""), TicTacToe.initial());
}

#[test]
fn tictactoe_open_lines_evaluator() {
    let g = TicTacToe;
    let e = OpenLines;
    assert_eq!(e.evaluate(&g, &g.initial()), Scores::zero_sum(0));
    // X centre: X has all 8 lines, O the 4 avoiding the centre.
    assert_eq!(e.evaluate(&g, &pos("5")), Scores::zero_sum(4));
    // X centre, O corner 1: X has 8 - 3, O has 8 - 4.
    assert_eq!(e.evaluate(&g, &pos("51")), Scores::zero_sum(1));
    // X corner 1, O edge 2: X has 8 - 2, O has 8 - 3.
    assert_eq!(e.evaluate(&g, &pos("12")), Scores::zero_sum(1));
    // X 5 and 1, O 9: X's open lines avoid 9 (8 - 3 = 5); O's avoid 1 and 5 (only 7-8-9
    // and 3-6-9 remain: 2). Difference 3.
    assert_eq!(e.evaluate(&g, &pos("591")), Scores::zero_sum(3));
    let b = e.bounds(&g);
    assert_eq!(b.lower, Some(Scores::splat(2, -WIN)));
    assert_eq!(b.maxsum, Some(0));
    assert!(b.constant_sum);
    assert!(b.admits(&Scores::zero_sum(WIN)));
}

#[test]
fn tictactoe_keys_are_unique_over_the_whole_tree() {
    // The game has 5,478 distinct legal positions (the empty board included).
    let g = TicTacToe;
    let mut seen: HashMap<u64, State> = HashMap::new();
    let mut stack = vec![g.initial()];
    while let Some(s) = stack.pop() {
        let k = TicTacToe::key(&s);
        if let Some(old) = seen.insert(k, s) {
            assert_eq!(old, s, "key collision");
            continue;
        }
        for m in moves(&s) {
            stack.push(g.play(&s, m));
        }
    }
    assert_eq!(seen.len(), 5478);
}

#[test]
fn tictactoe_state_is_small_and_copy() {
    fn is_copy<T: Copy>() {}
    is_copy::<State>();
    assert!(std::mem::size_of::<State>() <= 8);
}

#[test]
fn plain_minimax_solves_tictactoe_to_a_draw_in_549946_nodes() {
    use gametree::search::{minimax::minimax, Config};
    let g = gametree_games::tictactoe::TicTacToe;
    let r = minimax(
        &g,
        &gametree_games::tictactoe::OpenLines,
        &g.initial(),
        &Config::unlimited(),
    )
    .unwrap();
    assert_eq!(r.score, 0, "tic-tac-toe is a draw");
    assert_eq!(r.value, gametree::Scores::zeros(2));
    assert_eq!(r.stats.nodes, 549_946);
    assert_eq!(r.stats.leaves, 255_168, "every finished game is one leaf");
    assert_eq!(
        r.best_move,
        Some(0),
        "every first move draws; ties go to the first cell"
    );
}
