//! Issue #11, defects 1 and 2: deep searches and user-given sizes. Every command either
//! finishes or refuses with one line and exit code 2; none overflows its stack (exit 134),
//! panics (101) or aborts on an allocation.

use crate::{expect_error, gametree, ok};

/// The algorithms that recurse along a line of play on a two-player game (every family:
/// two-player, max^n, paranoid, N-max).
const ALGORITHMS: [&str; 8] = [
    "minimax",
    "alphabeta",
    "pvs",
    "maxn",
    "branch-and-bound",
    "speculative",
    "paranoid",
    "hypermax",
];

/// A single line of play (one move per position) as long as the deepest search allowed.
const DEEPEST: &str = "chinese-checkers(players=2,board=37,top=1,cap=10000)";

/// Defect 1: `cap=65000` overflowed the stack (exit 134) in every algorithm; the cap is now
/// bounded by the deepest search supported, and the refusal says so in one line.
#[test]
fn defect_1_cap_65000_is_refused_in_one_line() {
    let out = gametree(&[
        "search",
        "--game",
        "chinese-checkers(players=2,board=37,top=1,cap=65000)",
        "--algorithm",
        "maxn",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("cap=65000") && stderr.contains("1 to 10000"),
        "{stderr}"
    );
    expect_error(
        &[
            "perft",
            "--game",
            "chinese-checkers(players=2,board=37,top=1,cap=65000)",
            "--depth",
            "65000",
        ],
        "--depth",
    );
}

/// Defect 1: at the largest cap (16,000 plies overflowed before the fix, 10,000 is now the
/// bound) every algorithm searches to the end of the line on its sized thread.
#[test]
fn defect_1_every_algorithm_searches_the_deepest_line() {
    for a in ALGORITHMS {
        let out = ok(&["search", "--game", DEEPEST, "--algorithm", a, "--json"]);
        assert!(out.contains("\"depth\":10000"), "{a}: {}", &out[..200]);
    }
    // The table versions have the largest frames.
    for a in ["maxn", "speculative"] {
        let out = ok(&[
            "search",
            "--game",
            DEEPEST,
            "--algorithm",
            a,
            "--table-mib",
            "1",
            "--json",
        ]);
        assert!(out.contains("\"depth\":10000"), "{a} with a table");
    }
}

/// Defect 1: perft recursed on the main thread too.
#[test]
fn defect_1_perft_on_the_deepest_line() {
    let out = ok(&["perft", "--game", DEEPEST, "--depth", "10000"]);
    assert!(out.starts_with("perft(10000) = 1 "), "{out}");
}

/// Defect 1: `--depth` at its bound runs, one past it is refused in one line (clap's range),
/// for every command that takes a depth.
#[test]
fn defect_1_depth_is_bounded() {
    let out = ok(&[
        "search",
        "--game",
        DEEPEST,
        "--algorithm",
        "alphabeta",
        "--depth",
        "10000",
    ]);
    assert!(out.contains("depth       10000"), "{out}");
    for args in [
        &[
            "search", "--game", DEEPEST, "-a", "maxn", "--depth", "10001",
        ][..],
        &["perft", "--game", DEEPEST, "--depth", "10001"],
        &[
            "play",
            "--game",
            DEEPEST,
            "--players",
            "maxn,maxn",
            "--depth",
            "10001",
        ],
        &["tournament", "--game", DEEPEST, "--depth", "10001"],
        &[
            "search",
            "--game",
            DEEPEST,
            "-a",
            "maxn",
            "--depth",
            "4294967296",
        ],
    ] {
        expect_error(args, "--depth");
    }
    expect_error(
        &["tournament", "--game", DEEPEST, "--engines", "maxn@d10001"],
        "the depth must be at most 10000",
    );
}

/// Defect 1: tournaments searched on rayon's threads (2 MiB: speculative search overflowed
/// them beyond about 2,000 plies) and `play` on the main thread (8 MiB: about 9,000 plies);
/// both now search on threads sized for the depth. The tournament plays whole games at
/// 3,000 plies; in `play` the algorithm seat moves first at 2,000 plies (iterative deepening
/// along one line costs the cube of the depth in PV copies, so not 10,000 here), then the
/// person quits (end of input).
#[test]
fn defect_1_play_and_tournament_search_deep_lines() {
    let out = ok(&[
        "play",
        "--game",
        DEEPEST,
        "--players",
        "speculative,human",
        "--depth",
        "2000",
        "--no-color",
    ]);
    assert!(
        out.contains("depth 2000,") && out.contains("game abandoned"),
        "{out}"
    );
    let out = ok(&[
        "tournament",
        "--game",
        "chinese-checkers(players=2,board=37,top=1,cap=3000)",
        "--engines",
        "speculative@d3000,maxn@d1",
        "--openings",
        "1",
        "--quiet",
    ]);
    assert!(out.contains("speculative@d3000"), "{out}");
}

/// Defect 2: a table of 64 GiB aborted the process; it is an error naming the flag.
#[test]
fn defect_2_search_table_mib_that_cannot_be_allocated() {
    expect_error(
        &[
            "search",
            "--game",
            "random(players=3,b=3,d=3,leaf=cutpoints,seed=1)",
            "--algorithm",
            "maxn",
            "--table-mib",
            "65536",
        ],
        "--table-mib 65536: cannot allocate 64 GiB for the table",
    );
}

/// Defect 2: `play --table-mib 18446744073709551615` panicked with a capacity overflow;
/// the flag is bounded, and a size in bounds that cannot be allocated is an error.
#[test]
fn defect_2_play_table_mib_is_checked() {
    let play = |mib: &str| {
        [
            "play",
            "--game",
            "connect-four",
            "--players",
            "engine,engine",
            "--depth",
            "1",
            "--table-mib",
            mib,
            "--no-color",
        ]
        .map(String::from)
    };
    let args = play("18446744073709551615");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    expect_error(&args, "--table-mib");
    let args = play("65536");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    expect_error(
        &args,
        "--table-mib 65536: cannot allocate 64 GiB for the table",
    );
}

/// Defect 2: `--openings 18446744073709551615` panicked (overflow) and `--openings 10^12`
/// aborted (the results vector); both are refused, and so are too many games in all.
#[test]
fn defect_2_tournament_openings_are_bounded() {
    for k in ["18446744073709551615", "1000000000000"] {
        expect_error(
            &[
                "tournament",
                "--game",
                "tictactoe",
                "--engines",
                "alphabeta@d1,minimax@d1",
                "--openings",
                k,
            ],
            "--openings",
        );
    }
    expect_error(
        &[
            "tournament",
            "--game",
            "tictactoe",
            "--engines",
            "alphabeta@d1,minimax@d1",
            "--openings",
            "1000000",
        ],
        "1000000 openings x 2 seatings is more than 1000000 games",
    );
    expect_error(
        &[
            "tournament",
            "--game",
            "tictactoe",
            "--engines",
            "alphabeta@d1",
            "--opening-plies",
            "18446744073709551615",
        ],
        "--opening-plies",
    );
}
