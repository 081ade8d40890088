//! Typed rows: exact counts stay integers (compared exactly, printed in full, stored as
//! JSON integers), reals keep their precision, and the typed fields (`algorithm`, `check`)
//! survive the stored JSON.

use gametree_lab::report::{csv, markdown, text_table, Check, Number, Row, Source, Verdict};
use gametree_lab::reproduce::row_from_json;

fn count_row(paper: u64, ours: u64) -> Row {
    Row::exact(
        "p",
        "t",
        "r".into(),
        "leaves",
        Source::Printed,
        paper,
        ours,
        0.0,
    )
}

/// Two counts that differ by one above 2^53 are one float apart or none: an `f64`
/// comparison calls them equal, the integer one does not.
#[test]
fn counts_compare_exactly_beyond_float_precision() {
    let big = 1u64 << 53;
    assert_eq!(
        big as f64,
        (big + 1) as f64,
        "the premise: floats cannot tell"
    );
    let r = count_row(big, big + 1);
    assert_eq!(r.verdict, Verdict::Differs, "{r:?}");
    assert_eq!(count_row(big + 1, big + 1).verdict, Verdict::Exact);
    // A tolerance below one never forgives a difference of one count.
    let r = Row::exact(
        "p",
        "t",
        "r".into(),
        "q",
        Source::Printed,
        10u64,
        11u64,
        0.5,
    );
    assert_eq!(r.verdict, Verdict::Differs);
    let r = Row::exact(
        "p",
        "t",
        "r".into(),
        "q",
        Source::Printed,
        10u64,
        11u64,
        1.0,
    );
    assert_eq!(r.verdict, Verdict::Exact);
    // Counts from every integer type, reals from floats.
    assert_eq!(Number::from(7u32), Number::Count(7));
    assert_eq!(Number::from(7usize), Number::Count(7));
    assert_eq!(Number::from(7.0), Number::Real(7.0));
    assert_eq!(Number::Count(7).as_count(), Some(7));
    assert_eq!(Number::Real(7.0).as_count(), None);
}

#[test]
fn counts_print_in_full_and_reals_with_four_digits() {
    let big = u64::MAX - 1;
    assert_eq!(Number::Count(big).to_string(), big.to_string());
    assert_eq!(Number::Count(84_927).to_string(), "84927");
    assert_eq!(Number::Real(1.61803).to_string(), "1.618");
    assert_eq!(Number::Real(84927.0).to_string(), "84927");
    assert_eq!(Number::Real(1.61803).full(), "1.61803");
    assert_eq!(Number::Count(big).full(), big.to_string());
    let rows = vec![count_row(big, big)];
    let text = text_table(&rows);
    assert_eq!(text.matches(&big.to_string()).count(), 2, "{text}");
    assert!(markdown(&rows).contains(&format!("| {big} | {big} |")));
    assert!(csv(&rows).contains(&format!(",{big},{big},")));
}

#[test]
fn json_stores_counts_as_integers_and_reads_them_back() {
    let big = (1u64 << 53) + 1;
    let rows = vec![
        count_row(84_927, big),
        Row::builder("p", "t", "r", "mean")
            .paper(1.75)
            .ours(2.0)
            .sample([1.5, 2.5], 30)
            .build(),
        Row::builder("p", "t", "r", "x").build(),
        Row::builder("p", "t", "r", "leaves")
            .paper(5u64)
            .ours(5u64)
            .algorithm("shallow")
            .check(Check::new("max^n", false))
            .build(),
    ];
    let v = serde_json::to_value(&rows).unwrap();
    assert!(v[0]["paper_value"].is_u64() && v[0]["ours"].is_u64(), "{v}");
    assert_eq!(v[0]["ours"].as_u64(), Some(big));
    let text = serde_json::to_string(&rows[0]).unwrap();
    assert!(
        text.contains("\"paper_value\":84927,") && text.contains(&format!("\"ours\":{big},")),
        "{text}"
    );
    // A real stays a float, even when whole; no number is null.
    assert!(v[1]["ours"].is_f64() && v[1]["paper_value"].is_f64(), "{v}");
    assert_eq!(serde_json::to_string(&rows[1].ours).unwrap(), "2.0");
    assert_eq!(v[2]["ours"], serde_json::Value::Null);
    assert_eq!(v[2]["paper_value"], serde_json::Value::Null);
    // The typed fields only where they are given.
    assert!(v[0].get("algorithm").is_none() && v[0].get("check").is_none());
    assert_eq!(v[3]["algorithm"], "shallow");
    assert_eq!(
        v[3]["check"],
        serde_json::json!({"against": "max^n", "agrees": false})
    );
    // Read back: the same rows, counts as counts and reals as reals.
    let back: Vec<Row> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|r| row_from_json(r).unwrap())
        .collect();
    assert_eq!(back[0], rows[0]);
    assert_eq!(back[1], rows[1]);
    assert_eq!(back[3], rows[3]);
    assert_eq!(back[0].ours, Number::Count(big));
    assert_eq!(back[1].ours, Number::Real(2.0));
    assert!(back[2].ours.as_f64().is_nan() && back[2].paper_value.is_none());
    // A malformed check is refused, not guessed.
    let mut bad = v[3].clone();
    bad["check"] = serde_json::json!({"against": "max^n"});
    assert_eq!(row_from_json(&bad), None);
}

/// Every label of a logarithmic axis in one style, and at least three of them: the range of
/// the Chinese Checkers plot (about 1.1e4 to 1.5e6) holds only two powers of ten.
#[test]
fn log_axes_label_three_ticks_in_one_style() {
    use gametree_lab::plot::{log_tick_label, log_ticks, LogStyle};
    let t = log_ticks(1.1e4, 1.5e6);
    assert_eq!(t, vec![2e4, 5e4, 1e5, 2e5, 5e5, 1e6]);
    assert_eq!(LogStyle::of(&t), LogStyle::Power);
    let labels: Vec<String> = t
        .iter()
        .map(|&v| log_tick_label(v, LogStyle::Power))
        .collect();
    assert_eq!(labels, ["2×10⁴", "5×10⁴", "10⁵", "2×10⁵", "5×10⁵", "10⁶"]);
    assert_eq!(log_tick_label(1e-2, LogStyle::Power), "10⁻²");
    assert_eq!(log_tick_label(1e10, LogStyle::Power), "10¹⁰");
    // Below 10000 everywhere: plain integers.
    let t = log_ticks(1.5, 2000.0);
    assert_eq!(LogStyle::of(&t), LogStyle::Plain);
    assert_eq!(log_tick_label(1000.0, LogStyle::Plain), "1000");
    // Less than a decade: every multiple.
    assert_eq!(log_ticks(1.1e6, 4.5e6), vec![2e6, 3e6, 4e6]);
}

/// Rows are read by their derived `Deserialize`: every row of the committed decisive run
/// (claims, intervals, counts and reals, every verdict it holds) reads back and writes out
/// to the same JSON, and a row with a field of the wrong type is refused.
#[test]
fn the_committed_rows_round_trip_through_their_types() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let path = root.join("results/strength-decisive/beyond/strength.json");
    let text = std::fs::read_to_string(&path).unwrap();
    let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    let rows = doc["rows"].as_array().unwrap();
    assert!(rows.len() > 30, "{} rows", rows.len());
    let mut claims = 0;
    for (i, v) in rows.iter().enumerate() {
        let row = row_from_json(v).unwrap_or_else(|| panic!("row {i} does not read back"));
        claims += usize::from(row.claim.is_some());
        assert_eq!(&serde_json::to_value(&row).unwrap(), v, "row {i}");
    }
    assert!(claims > 20, "{claims} claim rows");
    // The wrong type in each kind of field is an error, not a default.
    for (field, wrong) in [
        ("ours", serde_json::json!("many")),
        ("verdict", serde_json::json!("maybe")),
        ("samples", serde_json::json!(-1)),
        ("ci95", serde_json::json!([0.5])),
        ("paper", serde_json::json!(3)),
    ] {
        let mut bad = rows[0].clone();
        bad[field] = wrong;
        assert_eq!(row_from_json(&bad), None, "{field}");
    }
    // A negative whole number is a real, and a stored null `ours` is NaN.
    let mut v = rows[0].clone();
    v["ours"] = serde_json::json!(-3);
    assert_eq!(row_from_json(&v).unwrap().ours, Number::Real(-3.0));
    v["ours"] = serde_json::Value::Null;
    assert!(row_from_json(&v).unwrap().ours.as_f64().is_nan());
}
