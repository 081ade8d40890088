//! The tests of `gametree_run::record` (here, not in the library: it has no test target).

use gametree_run::budget::Budget;
use gametree_run::record::*;

fn sample() -> Record {
    Record {
        game: "chinese-checkers(players=3,board=73)".into(),
        position: None,
        seats: vec![
            Seat::person(),
            Seat {
                who: "brs-plus".into(),
                limits: Budget {
                    time_ms: Some(300),
                    ..Budget::NONE
                },
            },
            Seat {
                who: "engine".into(),
                limits: Budget {
                    time_ms: Some(20),
                    nodes: Some(5000),
                    depth: Some(4),
                    ..Budget::NONE
                },
            },
        ],
        moves: (0..40).map(|i| format!("{}-{}", 60 + i % 13, i)).collect(),
        outcome: Some(vec![1, 0, -3]),
    }
}

#[test]
fn round_trip() {
    let r = sample();
    let text = r.to_text().unwrap();
    assert!(text.starts_with("gametree-record 1\ngame chinese-checkers(players=3,board=73)\nseat 0 person\nseat 1 brs-plus time_ms=300\nseat 2 engine time_ms=20 nodes=5000 depth=4\nmoves 60-0 61-1"));
    // 40 moves wrap over three lines.
    assert_eq!(text.lines().filter(|l| l.starts_with("moves ")).count(), 3);
    assert_eq!(Record::parse(&text).unwrap(), r);
    let unfinished = Record {
        outcome: None,
        moves: vec![],
        position: Some("67,68,69/13,14,15/6,7,8 1".into()),
        ..r
    };
    let text = unfinished.to_text().unwrap();
    assert!(
        text.contains("\nposition 67,68,69/13,14,15/6,7,8 1\n"),
        "{text}"
    );
    assert_eq!(
        Record::parse(&unfinished.to_text().unwrap()).unwrap(),
        unfinished
    );
}

#[test]
fn comments_blank_lines_and_spacing_are_ignored() {
    let text = "# saved by hand\n\ngametree-record 1\r\ngame tictactoe\nseat 0 person\n  seat 1   engine\nmoves 5  1\nmoves 9\n";
    let r = Record::parse(text).unwrap();
    assert_eq!(r.game, "tictactoe");
    assert_eq!(r.moves, ["5", "1", "9"]);
    assert_eq!(r.seats[1].who, "engine");
    assert_eq!(r.outcome, None);
}

#[test]
fn bad_records_name_the_line() {
    let cases = [
        ("", 1, "empty record"),
        ("game tictactoe\n", 1, "first line"),
        ("gametree-record 1\nseat 0 person\n", 2, "no game line"),
        (
            "gametree-record 1\ngame a b\n",
            2,
            "one spec, without spaces",
        ),
        (
            "gametree-record 1\ngame x\nseat 1 person\n",
            3,
            "should be seat 0",
        ),
        (
            "gametree-record 1\ngame x\nseat 0 alphabeta time_ms=ten\n",
            3,
            "not KEY=NUMBER",
        ),
        (
            "gametree-record 1\ngame x\nseat 0 alphabeta width=3\n",
            3,
            "unknown limit",
        ),
        ("gametree-record 1\ngame x\nmove 4\n", 3, "unknown item"),
        (
            "gametree-record 1\ngame x\noutcome 1 a\n",
            3,
            "\"a\" is not an integer",
        ),
        (
            "gametree-record 1\ngame x\nseat 0 person\nseat 1 person\noutcome 1 0 0\n",
            5,
            "3 values for 2 seats",
        ),
        (
            "gametree-record 1\ngame x\ngame y\n",
            3,
            "a second game line",
        ),
    ];
    for (text, line, words) in cases {
        let e = Record::parse(text).unwrap_err();
        assert_eq!(e.line, line, "{text:?}: {e}");
        assert!(e.to_string().contains(words), "{text:?}: {e}");
    }
}

/// What the readers refuse is not written either (docs/records.md): a record without seats,
/// an outcome that is not one value per seat, a position holding a control character.
#[test]
fn records_that_would_not_read_back_are_not_written() {
    let mut r = sample();
    r.seats.clear();
    r.outcome = None;
    assert_eq!(r.to_text().unwrap_err().field, "seat");
    let mut r = sample();
    r.outcome = Some(vec![1, 0]);
    assert_eq!(r.to_text().unwrap_err().field, "outcome");
    let mut r = sample();
    r.position = Some("67,68\u{7},69 1".into());
    assert_eq!(r.to_text().unwrap_err().field, "position");
    // Each written record reads back as itself.
    let r = sample();
    assert_eq!(Record::parse(&r.to_text().unwrap()).unwrap(), r);
}

#[test]
fn words_that_would_not_read_back_are_refused() {
    let mut r = sample();
    r.moves[3] = "a b".into();
    assert_eq!(r.to_text().unwrap_err().field, "move");
    let mut r = sample();
    r.seats[0].who = String::new();
    assert_eq!(r.to_text().unwrap_err().field, "seat");
    let mut r = sample();
    r.game = "x\ny".into();
    assert_eq!(r.to_text().unwrap_err().field, "game");
}
