//! Defect 7 through the binary: impossible positions of every game exit with code 2 and one
//! line naming `--position` and the problem; reachable ones are accepted.

use crate::{expect_error, ok};

const CC13: &str = "chinese-checkers(players=2,board=13,top=all)";

#[test]
fn defect_7_chinese_checkers_both_players_home_is_rejected() {
    for pos in ["0/12 1", "0/12 0", "0/12"] {
        for cmd in ["perft", "search", "show"] {
            let mut args = vec![cmd, "--game", CC13, "--position", pos];
            if cmd != "show" {
                args.extend(["--depth", "1"]);
            }
            if cmd == "search" {
                args.extend(["--algorithm", "maxn"]);
            }
            expect_error(&args, "players 0 and 1 have both won");
            expect_error(&args, "--position");
        }
    }
}

#[test]
fn defect_7_chinese_checkers_win_not_made_by_the_last_mover_is_rejected() {
    // P0 on its goal (cell 0) has won: P1 is to move; with P0 to move nobody made that win.
    ok(&["show", "--game", CC13, "--position", "0/5 1"]);
    expect_error(
        &[
            "perft",
            "--game",
            CC13,
            "--position",
            "0/5 0",
            "--depth",
            "1",
        ],
        "the last mover (player 1) has no piece in player 0's goal",
    );
}

#[test]
fn defect_7_chinese_checkers_wrong_counts_and_overlaps_are_rejected() {
    let g = "chinese-checkers(players=3,board=37)";
    expect_error(
        &["show", "--game", g, "--position", "0,1/2,3,4/5,6,7 0"],
        "player 0 has 2 pieces, expected 3",
    );
    expect_error(
        &["show", "--game", g, "--position", "0,1,2/2,3,4/5,6,7 0"],
        "cell 2 is given twice",
    );
    expect_error(
        &["show", "--game", g, "--position", "0,1,2/3,4,36/5,6,99 0"],
        "unknown cell 99",
    );
}

#[test]
fn defect_7_tictactoe_and_connect_four_moves_after_a_win_are_rejected() {
    expect_error(
        &["show", "--game", "tictactoe", "--position", "1425367"],
        "after the game is over",
    );
    expect_error(
        &["show", "--game", "connect-four", "--position", "12121212"],
        "after the game is over",
    );
    expect_error(
        &["show", "--game", "connect-four", "--position", "1111111"],
        "column 1 is full",
    );
}

#[test]
fn defect_7_card_deals_with_a_removed_card_are_rejected() {
    let deal = "P0: 2C 6C 7C TC JC QC 3D 5D 9D 6S 8S 9S KS 5H 7H 9H KH / \
        P1: 3C 4C 5C 9C KC 4D 8D 2S 3S 4S 7S JS 2H 6H 8H QH AH / \
        P2: 8C AC 6D 7D TD JD QD KD AD 5S TS QS AS 3H 4H TH JH";
    // The 2 of diamonds is out of the Hearts deck by default: giving it to P2 in place of
    // the jack of hearts is refused, and so is a hand of 16 cards.
    let removed = deal.replace("TH JH", "TH 2D");
    expect_error(
        &["show", "--game", "hearts", "--position", &removed],
        "removed from the deck",
    );
    let short = deal.replace(" JH", "");
    expect_error(
        &["show", "--game", "hearts", "--position", &short],
        "P2 has 16 cards",
    );
}
