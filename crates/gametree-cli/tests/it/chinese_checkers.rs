//! Chinese Checkers on the command line: perft, show, search, and malformed positions.

use crate::{expect_error, ok};

const START: &str = "111,112,113,114,115,116,117,118,119,120/19,20,21,22,32,33,34,44,45,55/\
                     10,11,12,13,23,24,25,35,36,46 0";

#[test]
fn perft_counts() {
    for (spec, depth, want) in [
        ("chinese-checkers(top=all)", "3", "= 2744"),
        ("chinese-checkers(top=all,board=73)", "4", "= 18000"),
        ("chinese-checkers", "3", "= 1000"),
    ] {
        let out = ok(&["perft", "--game", spec, "--depth", depth]);
        assert!(out.contains(want), "{spec}: {out}");
    }
    let out = ok(&[
        "perft",
        "--game",
        "chinese-checkers(top=all)",
        "--position",
        START,
        "--depth",
        "2",
    ]);
    assert!(out.contains("= 196"), "{out}");
}

#[test]
fn show_draws_the_board() {
    let out = ok(&["show", "--game", "chinese-checkers", "--color", "never"]);
    assert!(out.contains("position: ") && out.contains(START), "{out}");
    assert!(out.matches('0').count() >= 10);
    assert!(out.contains("10 moves: 115-102"), "{out}");
    let coloured = ok(&["show", "--game", "chinese-checkers", "--color", "always"]);
    assert!(coloured.contains("\x1b[1;31m0"), "{coloured}");
    let map = ok(&[
        "show",
        "--game",
        "chinese-checkers(board=73)",
        "--cells",
        "--color",
        "never",
    ]);
    assert!(map.contains(" 72"), "{map}");
}

#[test]
fn search_from_a_position() {
    let out = ok(&[
        "search",
        "--game",
        "chinese-checkers",
        "--position",
        START,
        "--algorithm",
        "speculative",
        "--depth",
        "3",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["value"].as_array().unwrap().len(), 3);
    let sum: i64 = v["value"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_i64().unwrap())
        .sum();
    assert_eq!(sum, 720);
}

#[test]
fn malformed_positions_exit_2() {
    let (lists, _) = START.split_once(' ').unwrap();
    let g = "chinese-checkers";
    let cases: Vec<(String, &str)> = vec![
        (lists.replacen("111", "121", 1) + " 0", "unknown cell 121"),
        (
            lists.replacen("111", "x1", 1) + " 0",
            "`x1` is not a cell number",
        ),
        (
            lists.replacen("112", "111", 1) + " 0",
            "cell 111 is given twice",
        ),
        (
            lists.replacen("/19,", "/", 1) + " 0",
            "player 1 has 9 pieces, expected 10",
        ),
        (format!("{lists} 3"), "bad player to move `3`"),
        (format!("{lists} -1"), "bad player to move `-1`"),
        (
            lists.split('/').take(2).collect::<Vec<_>>().join("/"),
            "expected 3",
        ),
        (format!("{lists} 0 extra"), "unexpected `extra`"),
    ];
    for (pos, fragment) in &cases {
        expect_error(&["show", "--game", g, "--position", pos], fragment);
        expect_error(
            &["perft", "--game", g, "--position", pos, "--depth", "1"],
            fragment,
        );
    }
    expect_error(
        &["show", "--game", "chinese-checkers(players=5)"],
        "2, 3, 4 or 6",
    );
    expect_error(
        &["show", "--game", "chinese-checkers(board=99)"],
        "board must be",
    );
    expect_error(&["show", "--game", "connect-four", "--cells"], "--cells");
}

#[test]
fn tournament_json_and_table() {
    let dir = crate::scratch("cc_tournament");
    let out_file = dir.join("t.json");
    let out = ok(&[
        "tournament",
        "--game",
        "chinese-checkers(board=37)",
        "--engines",
        "maxn,paranoid@d2",
        "--depth",
        "1",
        "--openings",
        "2",
        "--json",
        "--out",
        out_file.to_str().unwrap(),
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["games"], 12);
    assert_eq!(v["engines"][0]["name"], "maxn@d1");
    assert_eq!(v["engines"][1]["name"], "paranoid@d2");
    let seats: u64 = (0..2)
        .map(|i| v["engines"][i]["seats"].as_u64().unwrap())
        .sum();
    assert_eq!(seats, 36);
    let stored: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out_file).unwrap()).unwrap();
    assert_eq!(stored, v);
    let table = ok(&[
        "tournament",
        "--game",
        "chinese-checkers(board=37)",
        "--engines",
        "speculative,paranoid",
        "--nodes",
        "300",
        "--openings",
        "1",
        "--max-plies",
        "30",
    ]);
    assert!(
        table.contains("speculative@n300") && table.contains("95% interval"),
        "{table}"
    );
}

#[test]
fn tournament_errors_exit_2() {
    let g = "chinese-checkers(board=37)";
    expect_error(
        &["tournament", "--game", g, "--engines", "maxn,foo"],
        "unknown algorithm `foo`",
    );
    expect_error(
        &["tournament", "--game", g, "--engines", "maxn@x3"],
        "@dDEPTH",
    );
    expect_error(
        &["tournament", "--game", g, "--engines", "maxn@d0"],
        "at least 1",
    );
    expect_error(
        &[
            "tournament",
            "--game",
            g,
            "--engines",
            "maxn,paranoid,shallow,speculative",
        ],
        "only 3 seats",
    );
    expect_error(
        &["tournament", "--game", g, "--openings", "0"],
        "0 is not in 1..=1000000",
    );
    expect_error(
        &["tournament", "--game", "random(players=3,b=2,d=2)"],
        "tournaments are played on games",
    );
}
