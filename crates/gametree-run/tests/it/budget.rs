//! The tests of `gametree_run::budget` (here, not in the library: it has no test target).

use gametree::search::Clock;
use gametree_run::budget::*;
use std::time::{Duration, Instant};

#[test]
fn the_deadline_counts_from_the_start_given() {
    let start = Instant::now();
    let l = Budget {
        depth: Some(3),
        nodes: Some(10),
        time_ms: Some(5),
        clock: Clock::Wall,
    }
    .at(start, None);
    assert_eq!(l.deadline, Some(start + Duration::from_millis(5)));
    assert_eq!(
        (l.depth, l.nodes, l.start),
        (Some(3), Some(10), Some(start))
    );
    assert!(Budget::NONE.is_unlimited());
}

#[test]
fn a_processor_time_limit_is_a_deadline_on_this_thread() {
    let start = Instant::now();
    let l: Budget = serde_json::from_str(r#"{"time_ms": 5, "clock": "cpu"}"#).unwrap();
    assert_eq!(l.clock, Clock::ThreadCpu);
    let core = l.at(start, None);
    assert_eq!((core.deadline, core.start), (None, Some(start)));
    let d = core.cpu_deadline.expect("a processor-time deadline");
    assert_eq!(d.thread(), std::thread::current().id());
    assert!(d.remaining() <= Duration::from_millis(5));
    let err = serde_json::from_str::<Budget>(r#"{"time_ms": 5, "clock": "cpu-time"}"#)
        .unwrap_err()
        .to_string();
    assert!(err.contains("unknown variant `cpu-time`"), "{err}");
}

#[test]
fn limits_read_from_json_with_the_api_names() {
    let l: Budget = serde_json::from_str(r#"{"depth": 2, "time_ms": 7}"#).unwrap();
    assert_eq!(
        l,
        Budget {
            depth: Some(2),
            nodes: None,
            time_ms: Some(7),
            clock: Clock::Wall,
        }
    );
}

#[test]
fn the_budget_s_field_names_are_its_serialised_fields() {
    let v = serde_json::to_value(Budget::NONE).unwrap();
    let mut keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    let mut fields = Budget::FIELDS.to_vec();
    keys.sort_unstable();
    fields.sort_unstable();
    assert_eq!(keys, fields);
}
