//! Malformed input of every kind: a clear message naming the problem, exit code 2, no panic.

use std::io::Write;

use crate::{expect_error, scratch};

/// Writes `text` to a tree file and expects searching it with `algorithm` to fail.
fn tree_error(name: &str, text: &str, algorithm: &str, fragment: &str) {
    let dir = scratch(name);
    let path = dir.join("tree.json");
    std::fs::write(&path, text).expect("write tree");
    expect_error(
        &[
            "search",
            "--tree",
            path.to_str().unwrap(),
            "--algorithm",
            algorithm,
        ],
        fragment,
    );
}

const OK3: &str = r#"{"value":[1,1,1]}"#;

#[test]
fn not_json() {
    tree_error("not_json", "{", "maxn", "EOF while parsing");
}

#[test]
fn wrong_type_for_players() {
    tree_error(
        "wrong_type",
        r#"{"players":"three","root":{"value":[1]}}"#,
        "maxn",
        "players: expected an integer, found a string",
    );
}

#[test]
fn missing_players() {
    tree_error(
        "missing_players",
        &format!(r#"{{"root":{OK3}}}"#),
        "maxn",
        "missing field \"players\"",
    );
}

#[test]
fn missing_root() {
    tree_error(
        "missing_root",
        r#"{"players":3}"#,
        "maxn",
        "missing field \"root\"",
    );
}

#[test]
fn empty_children() {
    tree_error(
        "empty_children",
        r#"{"players":3,"root":{"player":0,"children":[]}}"#,
        "maxn",
        "root.children: an inner node needs at least one child",
    );
}

#[test]
fn player_out_of_range() {
    tree_error(
        "player_range",
        &format!(r#"{{"players":3,"root":{{"player":3,"children":[{OK3}]}}}}"#),
        "maxn",
        "root.player: player 3 out of range (players are 0 to 2)",
    );
}

#[test]
fn value_of_wrong_arity() {
    tree_error(
        "arity",
        &format!(
            r#"{{"players":3,"root":{{"player":0,"children":[{OK3},{OK3},{{"value":[1,2]}}]}}}}"#
        ),
        "maxn",
        "root.children[2].value: expected 3 numbers, found 2",
    );
}

#[test]
fn integer_out_of_range() {
    tree_error(
        "int_range",
        r#"{"players":3,"root":{"player":0,"children":[{"value":[1125899906842624,0,0]}]}}"#,
        "maxn",
        "root.children[0].value[0]: integer 1125899906842624 out of range",
    );
}

#[test]
fn huge_integer_out_of_range() {
    tree_error(
        "huge_int",
        r#"{"players":3,"root":{"player":0,"children":[{"value":[18446744073709551615,0,0]}]}}"#,
        "maxn",
        "out of range",
    );
}

#[test]
fn fractional_value() {
    tree_error(
        "fraction",
        r#"{"players":3,"root":{"player":0,"children":[{"value":[1.5,0,0]}]}}"#,
        "maxn",
        "root.children[0].value[0]: expected an integer, found 1.5",
    );
}

#[test]
fn nesting_100000_levels() {
    let depth = 100_000;
    let mut s = String::from(r#"{"players":2,"root":"#);
    for _ in 0..depth {
        s.push_str(r#"{"player":0,"children":["#);
    }
    s.push_str(r#"{"value":1}"#);
    for _ in 0..depth {
        s.push_str("]}");
    }
    s.push('}');
    tree_error("deep", &s, "maxn", "nested deeper than 128 levels");
}

#[test]
fn file_of_50_megabytes() {
    let dir = scratch("big");
    let path = dir.join("big.json");
    let mut f = std::fs::File::create(&path).unwrap();
    let chunk = vec![b' '; 1 << 20];
    for _ in 0..50 {
        f.write_all(&chunk).unwrap();
    }
    drop(f);
    expect_error(
        &[
            "search",
            "--tree",
            path.to_str().unwrap(),
            "--algorithm",
            "maxn",
        ],
        "above the limit of 32 MiB",
    );
}

#[test]
fn value_below_the_lower_bound() {
    tree_error(
        "below_lower",
        r#"{"players":3,"maxsum":10,"root":{"player":0,"children":[{"value":[5,-1,1]}]}}"#,
        "shallow",
        "root.children[0].value: score -1 of player 1 is below the lower bound 0",
    );
}

#[test]
fn sum_above_maxsum() {
    tree_error(
        "above_maxsum",
        r#"{"players":3,"maxsum":10,"root":{"player":0,"children":[{"value":[1,2,3]},{"value":[5,5,1]}]}}"#,
        "shallow",
        "root.children[1].value: the scores sum to 11, above maxsum 10",
    );
}

#[test]
fn pruning_without_maxsum_is_refused() {
    tree_error(
        "no_maxsum",
        r#"{"players":3,"root":{"player":0,"children":[{"value":[1,2,3]},{"value":[5,5,1]}]}}"#,
        "shallow",
        "shallow needs",
    );
}

#[test]
fn unknown_field() {
    tree_error(
        "unknown_field",
        &format!(r#"{{"players":3,"root":{{"player":0,"childs":[{OK3}]}}}}"#),
        "maxn",
        "root: unknown field \"childs\"",
    );
}

#[test]
fn too_many_players() {
    tree_error(
        "seven",
        &format!(r#"{{"players":7,"root":{OK3}}}"#),
        "maxn",
        "players: expected 2 to 6 players, found 7",
    );
}

#[test]
fn leaf_without_value() {
    tree_error(
        "no_value",
        r#"{"players":3,"root":{"player":0,"children":[{"label":"x"}]}}"#,
        "maxn",
        "root.children[0]: missing field \"value\"",
    );
}

#[test]
fn children_not_an_array() {
    tree_error(
        "children_object",
        r#"{"players":3,"root":{"player":0,"children":{"value":[1,1,1]}}}"#,
        "maxn",
        "root.children: expected an array, found an object",
    );
}

#[test]
fn bare_number_needs_two_players() {
    tree_error(
        "bare",
        r#"{"players":3,"root":{"player":0,"children":[{"value":4}]}}"#,
        "maxn",
        "root.children[0].value: a bare number is only allowed in two-player trees",
    );
}

#[test]
fn subtree_bounds_that_do_not_hold() {
    tree_error(
        "bad_bounds",
        r#"{"players":2,"root":{"player":0,"bounds":[[0,5],[-5,0]],"children":[{"value":[6,-6]}]}}"#,
        "maxn",
        "root.bounds[0]: [0, 5] does not hold for the leaves below",
    );
}

#[test]
fn label_not_a_string() {
    tree_error(
        "label",
        r#"{"players":2,"root":{"value":1,"label":7}}"#,
        "maxn",
        "root.label: expected a string, found a number",
    );
}

#[test]
fn constant_sum_claim_is_checked() {
    tree_error(
        "constant_sum",
        r#"{"players":3,"maxsum":6,"constant_sum":true,"root":{"player":0,"children":[{"value":[2,2,2]},{"value":[1,1,1]}]}}"#,
        "maxn",
        "root.children[1].value: the scores sum to 3, but the tree says constant_sum",
    );
}

#[test]
fn step_claim_is_checked() {
    tree_error(
        "step",
        r#"{"players":3,"maxsum":6,"step":2,"root":{"player":0,"children":[{"value":[2,2,2]},{"value":[1,1,1]}]}}"#,
        "maxn",
        "is not a multiple of the step 2",
    );
}

#[test]
fn depth_limit_needs_inner_values() {
    let dir = scratch("depth_values");
    let path = dir.join("t.json");
    std::fs::write(&path, r#"{"players":3,"root":{"player":0,"children":[{"player":1,"children":[{"value":[1,1,1]}]}]}}"#).unwrap();
    expect_error(
        &["search", "--tree", path.to_str().unwrap(), "--algorithm", "maxn", "--depth", "1"],
        "root.children[0]: a depth limit of 1 cuts the search at this inner node, which has no heuristic \"value\"",
    );
}

#[test]
fn not_utf8() {
    let dir = scratch("utf8");
    let path = dir.join("t.json");
    std::fs::write(&path, [0x7b, 0xff, 0xfe, 0x7d]).unwrap();
    expect_error(
        &[
            "search",
            "--tree",
            path.to_str().unwrap(),
            "--algorithm",
            "maxn",
        ],
        "not UTF-8",
    );
}

#[test]
fn missing_file() {
    expect_error(
        &[
            "search",
            "--tree",
            "/nonexistent/tree.json",
            "--algorithm",
            "maxn",
        ],
        "cannot open tree file /nonexistent/tree.json",
    );
}

#[test]
fn unknown_algorithm() {
    expect_error(
        &["search", "--game", "connect-four", "--algorithm", "foo"],
        "unknown algorithm `foo` (known: minimax, alphabeta",
    );
}

#[test]
fn unknown_game() {
    expect_error(
        &["search", "--game", "chess", "--algorithm", "maxn"],
        "unknown game `chess`",
    );
}

#[test]
fn bad_game_spec() {
    expect_error(
        &[
            "search",
            "--game",
            "random(players=3",
            "--algorithm",
            "maxn",
        ],
        "expected `)`",
    );
}

#[test]
fn two_player_algorithm_on_three_players() {
    let tree = crate::repo_root().join("examples/trees/design-example.json");
    expect_error(
        &[
            "search",
            "--tree",
            tree.to_str().unwrap(),
            "--algorithm",
            "alphabeta",
        ],
        "alphabeta is a two-player algorithm, but this game has 3 players",
    );
}

#[test]
fn bad_flag() {
    expect_error(
        &["search", "--frobnicate"],
        "unexpected argument '--frobnicate'",
    );
}

#[test]
fn bad_depth_value() {
    expect_error(
        &[
            "search",
            "--game",
            "connect-four",
            "--algorithm",
            "alphabeta",
            "--depth",
            "deep",
        ],
        "invalid value 'deep' for '--depth",
    );
}

#[test]
fn zero_node_limit() {
    expect_error(
        &[
            "search",
            "--game",
            "connect-four",
            "--algorithm",
            "alphabeta",
            "--nodes",
            "0",
        ],
        "invalid value '0' for '--nodes",
    );
}

#[test]
fn tree_and_game_together() {
    expect_error(
        &[
            "search",
            "--tree",
            "x.json",
            "--game",
            "connect-four",
            "--algorithm",
            "maxn",
        ],
        "cannot be used with",
    );
}

#[test]
fn missing_algorithm() {
    expect_error(&["search", "--game", "connect-four"], "--algorithm");
}

#[test]
fn connect_four_bad_column() {
    expect_error(
        &[
            "search",
            "--game",
            "connect-four",
            "--position",
            "448",
            "--algorithm",
            "alphabeta",
            "--depth",
            "2",
        ],
        "--position \"448\"",
    );
}

#[test]
fn connect_four_full_column() {
    expect_error(
        &[
            "search",
            "--game",
            "connect-four",
            "--position",
            "1111111",
            "--algorithm",
            "alphabeta",
            "--depth",
            "2",
        ],
        "--position \"1111111\"",
    );
}

#[test]
fn perft_unknown_game() {
    expect_error(
        &["perft", "--game", "go", "--depth", "2"],
        "unknown game `go`",
    );
}

#[test]
fn table_and_hands_values_out_of_range() {
    expect_error(
        &[
            "search",
            "--game",
            "hearts(deal=1)",
            "--algorithm",
            "maxn",
            "--depth",
            "3",
            "--table-mib",
            "0",
        ],
        "invalid value '0' for '--table-mib <MIB>'",
    );
    expect_error(
        &["reproduce", "sturtevant-2003/table-11", "--hands", "0"],
        "invalid value '0' for '--hands <N>'",
    );
    expect_error(
        &["reproduce", "sturtevant-2003/table-11", "--hands", "many"],
        "invalid value 'many' for '--hands <N>'",
    );
}
