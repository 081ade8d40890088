//! The claims table of a strength run's result file, as docs/strength.md quotes it (the
//! section between `<!-- decisive-run:begin -->` and `<!-- decisive-run:end -->`, which a
//! test compares with the committed file).
//!
//! `cargo run --release -p gametree-lab --example strength_claims_table [FILE]`
//!
//! FILE is a `beyond/strength.json` written by `gametree reproduce beyond/strength --out DIR`
//! (default: the committed decisive run, `results/strength-decisive/beyond/strength.json`).

use gametree_lab::papers::strength::{claims_markdown, DECISIVE_RESULTS};
use gametree_lab::reproduce::row_from_json;

fn main() {
    let file = std::env::args()
        .nth(1)
        .unwrap_or_else(|| DECISIVE_RESULTS.to_string());
    let fail = |why: String| -> ! {
        eprintln!("strength_claims_table: {file}: {why}");
        std::process::exit(2)
    };
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| fail(e.to_string()));
    let doc: serde_json::Value =
        serde_json::from_str(&text).unwrap_or_else(|e| fail(format!("not JSON: {e}")));
    let Some(rows) = doc["rows"].as_array() else {
        fail("no `rows` array".into())
    };
    let rows: Vec<_> = rows
        .iter()
        .enumerate()
        .map(|(i, r)| row_from_json(r).unwrap_or_else(|| fail(format!("row {i} is not a row"))))
        .collect();
    print!("{}", claims_markdown(&rows));
}
