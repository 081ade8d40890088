//! The tests of `gametree_run::search_job::report` (here, not in the library: it has no test target).

use gametree::search::{Algorithm, Searcher};
use gametree_run::search_job::report::*;
use gametree_run::search_job::{self, Format, Limits, Output, SearchSpec};

fn report(spec: SearchSpec) -> SearchReport {
    let prepared =
        search_job::prepare(&spec, || search_job::load(None, Some("tictactoe"), None)).unwrap();
    match prepared.run(None, None).unwrap() {
        Output::Json(r) => *r,
        Output::Text(t) => panic!("a table, not a report: {t}"),
    }
}

#[test]
fn a_report_reads_back_from_its_json_as_the_same_value() {
    let traced = SearchSpec {
        limits: Limits {
            depth: Some(4),
            ..Limits::NONE
        },
        trace: true,
        format: Format::Json,
        ..SearchSpec::new(Searcher::Plain(Algorithm::AlphaBeta))
    };
    let mcts = SearchSpec {
        limits: Limits {
            nodes: Some(300),
            ..Limits::NONE
        },
        format: Format::Json,
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
