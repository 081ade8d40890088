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
        assert!(r.trace.is_some() || r.mcts.is_some(), "{r:?}");
        let text = r.to_json();
        let back: SearchReport = serde_json::from_str(&text).unwrap();
        assert_eq!(back, r);
        assert_eq!(back.to_json(), text);
    }
}
