//! One grammar for game records (issue #46): the corpus `tests/records/corpus.json` read by
//! the Rust reader, `gametree_run::record`. The browser tests (`tests/browser/test.mjs`)
//! read the same corpus through the page's `parseRecord`, so both readers give every record
//! the same verdict, and the same message.

use gametree_run::record::Record;
use serde_json::Value;

/// The corpus: `good` records with their canonical text, `bad` ones with their error.
fn corpus() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/records/corpus.json");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A case's record: its `text`, or its `lines` each ending in a newline.
fn text_of(case: &Value) -> String {
    match (&case["text"], &case["lines"]) {
        (Value::String(t), Value::Null) => t.clone(),
        (Value::Null, Value::Array(lines)) => lines
            .iter()
            .map(|l| format!("{}\n", l.as_str().expect("a line is a string")))
            .collect(),
        _ => panic!("{}: give either text or lines", case["name"]),
    }
}

#[test]
fn the_rust_reader_gives_the_corpus_verdicts() {
    let corpus = corpus();
    let mut wrong = Vec::new();
    let good = corpus["good"].as_array().expect("good records");
    let bad = corpus["bad"].as_array().expect("bad records");
    for case in good {
        let name = &case["name"];
        let canonical = case["canonical"].as_str().expect("a canonical text");
        match Record::parse(&text_of(case)).map(|r| r.to_text()) {
            Ok(Ok(text)) if text == canonical => {}
            Ok(Ok(text)) => wrong.push(format!("{name}: read and written as {text:?}")),
            Ok(Err(e)) => wrong.push(format!("{name}: read, but not written: {e}")),
            Err(e) => wrong.push(format!("{name}: refused: {e}")),
        }
        // The canonical text reads back as itself.
        match Record::parse(canonical).map(|r| r.to_text()) {
            Ok(Ok(text)) if text == canonical => {}
            other => wrong.push(format!("{name}: the canonical text gives {other:?}")),
        }
    }
    for case in bad {
        let name = &case["name"];
        let error = case["error"].as_str().expect("an error");
        match Record::parse(&text_of(case)) {
            Err(e) if e.to_string() == error => {}
            Err(e) => wrong.push(format!("{name}: {:?}, expected {error:?}", e.to_string())),
            Ok(r) => wrong.push(format!("{name}: accepted: {r:?}")),
        }
    }
    assert!(
        good.len() >= 10 && bad.len() >= 40,
        "a corpus that small checks little"
    );
    assert!(
        wrong.is_empty(),
        "{} case(s):\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
