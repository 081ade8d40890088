//! The tests of `gametree_run::engine_policy` (here, not in the library: it has no test target).

use gametree_run::engine_policy::*;

#[test]
fn milli_reads_and_prints_decimals() {
    for (text, v, back) in [
        ("0.35", 350, "0.35"),
        ("5", 5000, "5"),
        ("1.414", 1414, "1.414"),
        (".5", 500, "0.5"),
        ("2.50", 2500, "2.5"),
    ] {
        assert_eq!(Milli::parse(text), Some(Milli(v)), "{text}");
        assert_eq!(Milli(v).to_string(), back);
    }
    for bad in ["", ".", "-1", "0.0001", "1e3", "1001", "x"] {
        assert_eq!(Milli::parse(bad), None, "{bad}");
    }
}
