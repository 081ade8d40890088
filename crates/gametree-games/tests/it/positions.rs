//! Positions, deals and specs as text: the regression tests of defect 7 (impossible
//! positions were accepted) and the property tests of every parser of this crate: arbitrary
//! text never panics, a position from real play printed and read back is the same position
//! with the same perft, and mutated valid text is either rejected or gives a playable
//! position.

use gametree::{Game, Player};
use gametree_games::cards::{CardGame, DealError, HAND, PLAYERS};
use gametree_games::chinese_checkers::{ChineseCheckers, PositionError};
use gametree_games::connect_four::{self, ConnectFour};
use gametree_games::perft::perft;
use gametree_games::rng::SplitMix64;
use gametree_games::spec::Spec;
use gametree_games::tictactoe::{self, TicTacToe};
use proptest::prelude::*;

/// Every board and player count of Chinese Checkers, full move lists (`top = 0`).
fn chinese_checkers_games() -> Vec<ChineseCheckers> {
    let mut out = Vec::new();
    for holes in [121, 73, 37, 13] {
        for players in [2, 3, 4, 6] {
            out.push(ChineseCheckers::new(players, holes, 0, 400).expect("valid configuration"));
        }
    }
    out
}

/// The state after up to `plies` random moves from the start (fewer if the game ends).
fn playout<G: Game>(game: &G, seed: u64, plies: usize) -> G::State {
    let mut rng = SplitMix64::new(seed);
    let mut s = game.initial();
    let mut buf = Vec::new();
    for _ in 0..plies {
        buf.clear();
        game.moves(&s, &mut buf);
        if buf.is_empty() {
            break;
        }
        s = game.play(&s, buf[rng.below(buf.len() as u64) as usize]);
    }
    s
}

/// Every move of `state` can be generated and played (the check on mutated input).
fn moves_generate<G: Game>(game: &G, state: &G::State) {
    let mut buf = Vec::new();
    game.moves(state, &mut buf);
    for &m in &buf {
        let _ = game.play(state, m);
    }
    let _ = game.outcome(state);
}

/// `text` with the edits applied: (kind, place, character) = delete, insert, replace or
/// swap with the next character.
fn mutate(text: &str, edits: &[(u8, usize, char)]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for &(kind, at, ch) in edits {
        let n = chars.len();
        match kind % 4 {
            0 if n > 0 => {
                chars.remove(at % n);
            }
            1 => chars.insert(at % (n + 1), ch),
            2 if n > 0 => chars[at % n] = ch,
            3 if n > 1 => chars.swap(at % (n - 1), at % (n - 1) + 1),
            _ => {}
        }
    }
    chars.into_iter().collect()
}

/// Edits over an alphabet close to the notations (digits, separators, card letters) plus
/// any character now and then.
fn edits() -> impl Strategy<Value = Vec<(u8, usize, char)>> {
    let ch = prop_oneof![
        8 => proptest::sample::select(
            "0123456789,/ :PpCDSHTJQKAx-".chars().collect::<Vec<_>>()
        ),
        1 => any::<char>(),
    ];
    proptest::collection::vec((any::<u8>(), any::<usize>(), ch), 1..4)
}

// ---- defect 7: impossible positions are rejected ----

#[test]
fn defect_7_chinese_checkers_two_winners_are_rejected() {
    let g = ChineseCheckers::new(2, 13, 0, 400).unwrap();
    for text in ["0/12 1", "0/12 0", "0/12"] {
        let e = g.parse_position(text).unwrap_err();
        assert_eq!(
            e,
            PositionError::TwoWinners {
                first: 0,
                second: 1
            },
            "{text}"
        );
        assert!(e.to_string().contains("no play reaches this"), "{e}");
    }
    // The same pieces built directly.
    let e = g
        .checked_position(&[1, 1 << 12], Player::new(1))
        .unwrap_err();
    assert!(matches!(e, PositionError::TwoWinners { .. }), "{e}");
}

#[test]
fn defect_7_chinese_checkers_win_not_made_by_the_last_mover_is_rejected() {
    let g = ChineseCheckers::new(2, 13, 0, 400).unwrap();
    // P0's goal is cell 0: P0 has won, so P0 moved last and P1 is to move.
    let s = g.parse_position("0/5 1").unwrap();
    assert_eq!(s.winner(), Some(Player::new(0)));
    let e = g.parse_position("0/5 0").unwrap_err();
    assert_eq!(e, PositionError::StaleWin { winner: 0, last: 1 });
    assert!(e.to_string().contains("no play reaches this"), "{e}");
}

#[test]
fn defect_7_chinese_checkers_checked_position_rejects_counts_overlaps_and_off_board() {
    let g = ChineseCheckers::new(3, 121, 0, 400).unwrap();
    let start: Vec<u128> = (0..3).map(|p| g.start(Player::new(p))).collect();
    assert_eq!(
        g.checked_position(&start, Player::new(0)).unwrap(),
        g.initial()
    );
    // A piece too many.
    let extra = [start[0] | 1 << 60, start[1], start[2]];
    assert_eq!(
        g.checked_position(&extra, Player::new(0)).unwrap_err(),
        PositionError::PieceCount {
            player: 0,
            found: 11,
            expected: 10
        }
    );
    // Two players on one hole.
    let c = start[0].trailing_zeros();
    let overlap = [
        start[0],
        start[1] & !(1u128 << start[1].trailing_zeros()) | 1 << c,
        start[2],
    ];
    assert!(matches!(
        g.checked_position(&overlap, Player::new(0)).unwrap_err(),
        PositionError::Duplicate {
            first: 0,
            second: 1,
            ..
        }
    ));
    // Bit 127 is not a hole of the 121-hole board.
    let off = [start[0] & (start[0] - 1) | 1 << 127, start[1], start[2]];
    assert!(matches!(
        g.checked_position(&off, Player::new(0)).unwrap_err(),
        PositionError::OffBoard { player: 0, .. }
    ));
    // Wrong number of players, seat out of range.
    assert!(matches!(
        g.checked_position(&start[..2], Player::new(0)).unwrap_err(),
        PositionError::Players {
            found: 2,
            expected: 3
        }
    ));
    assert!(matches!(
        g.checked_position(&start, Player::new(3)).unwrap_err(),
        PositionError::BadPlayer { .. }
    ));
    // The text form names the same problems.
    let e = g
        .parse_position("0,1,2,3,4,5,6,7,8/111,112/98 0")
        .unwrap_err();
    assert!(
        e.to_string().contains("player 0 has 9 pieces, expected 10"),
        "{e}"
    );
}

#[test]
fn defect_7_tictactoe_unreachable_positions_cannot_be_written() {
    // X 1 2 3 wins with its third stone: O's reply 7 (making 4 5 6 ... ) is a move after
    // the game is over, so no text gives lines of both players.
    assert_eq!(
        TicTacToe::parse_position("1425367").unwrap_err(),
        tictactoe::PositionError::GameOver { index: 5 }
    );
    assert!(matches!(
        TicTacToe::parse_position("55").unwrap_err(),
        tictactoe::PositionError::Occupied { index: 1, cell: 5 }
    ));
    let won = TicTacToe::parse_position("14253").unwrap();
    assert!(won.is_won());
    // Printed back with the winning stone last: X 2 3 1, O 4 5.
    assert_eq!(TicTacToe::format_position(&won), "24351");
    assert_eq!(TicTacToe::parse_position("24351").unwrap(), won);
}

#[test]
fn defect_7_connect_four_unreachable_positions_cannot_be_written() {
    // Four in column 1 by player 0 after seven plies; an eighth move is refused.
    let won = ConnectFour::parse_position("1212121").unwrap();
    assert!(won.is_won());
    assert_eq!(
        ConnectFour::parse_position("12121212").unwrap_err(),
        connect_four::PositionError::GameOver { index: 7 }
    );
    assert_eq!(
        ConnectFour::parse_position("1111111").unwrap_err(),
        connect_four::PositionError::FullColumn {
            index: 6,
            column: 1
        }
    );
    assert_eq!(
        ConnectFour::format_position(&won).as_deref(),
        Some("1212121")
    );
}

#[test]
fn defect_7_card_deals_with_wrong_counts_duplicates_or_removed_cards_are_rejected() {
    let g = CardGame::hearts(1);
    let text = g.deal_text(&g.initial());
    assert_eq!(g.parse_deal(&text).unwrap(), g.initial());
    let hands: Vec<&str> = text.split(" / ").collect();
    let first_card = |h: &str| h.split_whitespace().nth(1).unwrap().to_string();
    // A card moved from P1 to P0: 18 and 16 cards.
    let moved = first_card(hands[1]);
    let t = format!(
        "{} {moved} / {} / {}",
        hands[0],
        hands[1].replacen(&format!(" {moved}"), "", 1),
        hands[2]
    );
    let e: DealError = g.parse_deal(&t).unwrap_err();
    assert!(e.to_string().contains("P0 has 18 cards"), "{e}");
    // A card dealt twice.
    let t = format!("{} {moved} / {} / {}", hands[0], hands[1], hands[2]);
    assert!(g
        .parse_deal(&t)
        .unwrap_err()
        .to_string()
        .contains("dealt twice"));
    // The removed card (2 of diamonds in Hearts by default).
    let t = format!("{} 2D / {} / {}", hands[0], hands[1], hands[2]);
    assert!(g
        .parse_deal(&t)
        .unwrap_err()
        .to_string()
        .contains("removed from the deck"));
    assert_eq!(PLAYERS * HAND, 51);
}

#[test]
fn defect_7_chinese_checkers_won_positions_of_real_play_are_accepted() {
    // The new checks must never refuse a win that play reaches: finish random games on the
    // small boards (where they end quickly) and read every final position back.
    let mut wins = 0;
    for g in chinese_checkers_games().iter().filter(|g| g.holes() <= 37) {
        for seed in 0..40 {
            let s = playout(g, seed, 400);
            if s.winner().is_some() {
                wins += 1;
                let back = g.parse_position(&g.format_position(&s)).unwrap();
                assert_eq!(back.winner(), s.winner(), "{}", g.spec());
            }
        }
    }
    assert!(wins > 20, "only {wins} finished games");
}

// ---- property tests ----

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn prop_arbitrary_text_never_panics(text in any::<String>(), notation in "[0-9,/ Pp]{0,60}") {
        for t in [&text, &notation] {
            let _ = TicTacToe::parse_position(t);
            let _ = ConnectFour::parse_position(t);
            let _ = Spec::parse(t);
            let _ = CardGame::hearts(3).parse_deal(t);
        }
    }

    #[test]
    fn prop_arbitrary_text_never_panics_chinese_checkers(
        which in 0usize..16,
        text in any::<String>(),
        notation in "[0-9,/ Pp]{0,80}",
    ) {
        let g = &chinese_checkers_games()[which];
        for t in [&text, &notation] {
            if let Ok(s) = g.parse_position(t) {
                moves_generate(g, &s);
            }
        }
    }

    #[test]
    fn prop_arbitrary_specs_never_panic(
        name in prop_oneof![
            Just("chinese-checkers".to_string()), Just("hearts".to_string()),
            Just("spades".to_string()), Just("random".to_string()),
            Just("connect-four".to_string()), Just("tictactoe".to_string()),
            "[a-z_-]{0,8}"
        ],
        params in proptest::collection::vec(
            ("[a-z]{1,8}", "[0-9a-zA-Z-]{0,6}|-?[0-9]{1,25}"), 0..5),
    ) {
        let inner: Vec<String> = params.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let text = format!("{name}({})", inner.join(","));
        if let Ok(spec) = Spec::parse(&text) {
            match spec.name() {
                "chinese-checkers" => {
                    if let Ok(g) = ChineseCheckers::from_spec(&spec) {
                        // The spec text of a game reads back to the same game.
                        let again = ChineseCheckers::from_spec(&Spec::parse(&g.spec()).unwrap()).unwrap();
                        prop_assert_eq!(again.spec(), g.spec());
                    }
                }
                "hearts" | "spades" => {
                    if let Ok(g) = CardGame::from_spec(&spec) {
                        let again = CardGame::from_spec(&Spec::parse(&g.spec()).unwrap()).unwrap();
                        prop_assert_eq!(again.spec(), g.spec());
                    }
                }
                _ => {}
            }
        }
    }

    #[test]
    fn prop_tictactoe_round_trip_and_mutations(seed in any::<u64>(), plies in 0usize..10, ed in edits()) {
        let g = TicTacToe;
        let s = playout(&g, seed, plies);
        let text = TicTacToe::format_position(&s);
        let back = TicTacToe::parse_position(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(back, s);
        for d in 1..=2 {
            prop_assert_eq!(perft(&g, &back, d), perft(&g, &s, d));
        }
        if let Ok(m) = TicTacToe::parse_position(&mutate(&text, &ed)) {
            moves_generate(&g, &m);
        }
    }

    #[test]
    fn prop_connect_four_round_trip_and_mutations(seed in any::<u64>(), plies in 0usize..43, ed in edits()) {
        let g = ConnectFour;
        let s = playout(&g, seed, plies);
        let text = ConnectFour::format_position(&s).ok_or_else(|| TestCaseError::fail(format!("{s:?}: no order")))?;
        let back = ConnectFour::parse_position(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(back, s);
        for d in 1..=2 {
            prop_assert_eq!(perft(&g, &back, d), perft(&g, &s, d));
        }
        if let Ok(m) = ConnectFour::parse_position(&mutate(&text, &ed)) {
            moves_generate(&g, &m);
        }
    }

    #[test]
    fn prop_chinese_checkers_round_trip_and_mutations(
        which in 0usize..16,
        seed in any::<u64>(),
        plies in 0usize..120,
        ed in edits(),
    ) {
        let g = &chinese_checkers_games()[which];
        let s = playout(g, seed, plies);
        let text = g.format_position(&s);
        // A position of real play is never refused ("never a wrong answer on valid input").
        let back = g.parse_position(&text).map_err(|e| TestCaseError::fail(format!("{}: {text}: {e}", g.spec())))?;
        prop_assert_eq!(g.format_position(&back), text.clone());
        prop_assert_eq!(back.winner(), s.winner());
        prop_assert_eq!(g.zobrist(&back), g.zobrist(&s));
        for d in 1..=2 {
            prop_assert_eq!(perft(g, &back, d), perft(g, &s, d));
        }
        if let Ok(m) = g.parse_position(&mutate(&text, &ed)) {
            moves_generate(g, &m);
        }
    }

    #[test]
    fn prop_card_deals_round_trip_and_mutations(
        spades in any::<bool>(),
        seed in any::<u64>(),
        ed in edits(),
    ) {
        let g = if spades { CardGame::spades(seed) } else { CardGame::hearts(seed) };
        let s = g.initial();
        let text = g.deal_text(&s);
        let back = g.parse_deal(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(back, s);
        for d in 1..=2 {
            prop_assert_eq!(perft(&g, &back, d), perft(&g, &s, d));
        }
        if let Ok(m) = g.parse_deal(&mutate(&text, &ed)) {
            moves_generate(&g, &m);
        }
    }
}
