//! The tests of `gametree_run::report` (here, not in the library: it has no test target).

use gametree::search::{Algorithm, Searcher};
use gametree_run::budget::Budget;
use gametree_run::input;
use gametree_run::report::*;
use gametree_run::search_job::{self, SearchSpec};

fn report(spec: SearchSpec) -> SearchReport {
    let prepared =
        search_job::prepare(&spec, || input::load(None, Some("tictactoe"), None)).unwrap();
    prepared.run(None, None).unwrap()
}

#[test]
fn a_report_reads_back_from_its_json_as_the_same_value() {
    let traced = SearchSpec {
        limits: Budget {
            depth: Some(4),
            ..Budget::NONE
        },
        trace: true,
        ..SearchSpec::new(Searcher::Plain(Algorithm::AlphaBeta))
    };
    let mcts = SearchSpec {
        limits: Budget {
            nodes: Some(300),
            ..Budget::NONE
        },
        ..SearchSpec::new(Searcher::Mcts)
    };
    for spec in [traced, mcts] {
        let r = report(spec);
        // A line in turn order names no players.
        assert_eq!(r.pv_players, None);
        assert!(r.trace.is_some() || r.mcts.is_some(), "{r:?}");
        let text = r.to_json();
        let back: SearchReport = serde_json::from_str(&text).unwrap();
        assert_eq!(back, r);
        assert_eq!(back.to_json(), text);
    }
}

/// A best-reply line hands the turn to one opponent and leaves the others out: naming its
/// moves by playing them in turn order gave a move to the wrong player, which in
/// four-player chess took a piece that was not there (an overflow in the tested build, an
/// index out of bounds in the release build, for `gametree search --game chess4 --algorithm
/// brs-plus --depth 5 --trace`). The line and every traced path are now named without a
/// move ever being played out of turn, and the names are the moves' own (chess names a move
/// by its squares alone).
#[test]
fn a_best_reply_line_is_named_without_playing_a_move_out_of_turn() {
    use gametree::search::best_reply::Variant;
    for game in ["chess4", "chess4(end=ffa)", "rolit", "blokus"] {
        for variant in [Variant::Brs, Variant::BrsPlus] {
            let spec = SearchSpec {
                limits: Budget {
                    depth: Some(5),
                    ..Budget::NONE
                },
                trace: true,
                ..SearchSpec::new(Searcher::BestReply(variant))
            };
            let prepared = search_job::prepare(&spec, || input::load(None, Some(game), None))
                .unwrap_or_else(|e| panic!("{game}: {e}"));
            let r = prepared.run(None, None).unwrap();
            let ctx = format!("{game} {variant:?}");
            assert_eq!(r.pv.len(), 5, "{ctx}: {:?}", r.pv);
            assert_eq!(r.best_move.as_ref(), r.pv.first(), "{ctx}");
            // Who makes each move: the root player (0 at the start) and one opponent in turn.
            let players = r
                .pv_players
                .as_ref()
                .expect("a best-reply line names its players");
            assert_eq!(players.len(), r.pv.len(), "{ctx}");
            for (k, &p) in players.iter().enumerate() {
                assert_eq!(k % 2 == 0, p == 0, "{ctx}: {players:?}");
            }
            let trace = r.trace.expect("traced");
            assert!(!trace.trace.is_empty(), "{ctx}: a depth-5 search prunes");
            for m in r.pv.iter().chain(trace.trace.iter().flat_map(|e| &e.path)) {
                let MoveName::Name(name) = m else {
                    panic!("{ctx}: {m:?} is not a name")
                };
                assert!(!name.is_empty() && !name.starts_with('?'), "{ctx}: {name}");
            }
        }
    }
}
