//! Report rows: a published number beside ours, with a verdict, rendered as a markdown
//! table, CSV or JSON (`{"paper","table","row","quantity","paper_value","ours","ci95",
//! "verdict","note"}`).

use serde::Serialize;

/// How our number compares with the paper's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// The same number (to the paper's precision).
    Exact,
    /// Inside our 95% interval, or within the stated tolerance.
    Within,
    /// Different: the note says why.
    Differs,
    /// Ours only: the paper gives no number to compare with.
    Measured,
}

impl Verdict {
    /// The word printed in tables.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Exact => "exact",
            Verdict::Within => "within",
            Verdict::Differs => "differs",
            Verdict::Measured => "measured",
        }
    }
}

/// One line of a reproduction: a quantity, the paper's value, ours.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Row {
    /// The paper's key, e.g. `korf-1991`.
    pub paper: String,
    /// The table or section, e.g. `table-1`.
    pub table: String,
    /// The row's parameters, e.g. `N=3 b=4 d=6`.
    pub row: String,
    /// What is measured, e.g. `A_best`.
    pub quantity: String,
    /// The published number, if any.
    pub paper_value: Option<f64>,
    /// Our number.
    pub ours: f64,
    /// Our 95% interval, for statistical rows.
    pub ci95: Option<[f64; 2]>,
    /// The comparison.
    pub verdict: Verdict,
    /// A one-line explanation (required when the verdict is `differs`).
    pub note: String,
}

impl Row {
    /// An exact row: `exact` iff `ours` equals `paper` to within `tolerance` (absolute).
    pub fn exact(
        paper: &str,
        table: &str,
        row: String,
        quantity: &str,
        paper_value: f64,
        ours: f64,
        tolerance: f64,
    ) -> Row {
        let ok = (ours - paper_value).abs() <= tolerance;
        Row {
            paper: paper.into(),
            table: table.into(),
            row,
            quantity: quantity.into(),
            paper_value: Some(paper_value),
            ours,
            ci95: None,
            verdict: if ok { Verdict::Exact } else { Verdict::Differs },
            note: String::new(),
        }
    }

    /// A statistical row: `within` iff the interval contains the paper's value or `ours` is
    /// within `relative` of it.
    #[allow(clippy::too_many_arguments)]
    pub fn statistical(
        paper: &str,
        table: &str,
        row: String,
        quantity: &str,
        paper_value: Option<f64>,
        ours: f64,
        ci95: [f64; 2],
        relative: f64,
    ) -> Row {
        let verdict = match paper_value {
            None => Verdict::Measured,
            Some(p) if (ci95[0] <= p && p <= ci95[1]) || (ours - p).abs() <= relative * p.abs() => {
                Verdict::Within
            }
            Some(_) => Verdict::Differs,
        };
        Row {
            paper: paper.into(),
            table: table.into(),
            row,
            quantity: quantity.into(),
            paper_value,
            ours,
            ci95: Some(ci95),
            verdict,
            note: String::new(),
        }
    }

    /// The same row with a note.
    pub fn with_note(mut self, note: impl Into<String>) -> Row {
        self.note = note.into();
        self
    }
}

/// Formats a number for tables: integers without decimals, others with 4 significant digits.
pub fn fmt_num(x: f64) -> String {
    if !x.is_finite() {
        return x.to_string();
    }
    if x.fract() == 0.0 && x.abs() < 1e15 {
        return format!("{}", x as i64);
    }
    let mag = x.abs().log10().floor() as i32;
    let decimals = (3 - mag).clamp(0, 6) as usize;
    format!("{x:.decimals$}")
}

/// The rows as a markdown table.
pub fn markdown(rows: &[Row]) -> String {
    let mut out = String::from(
        "| paper | table | row | quantity | paper | ours | 95% interval | verdict | note |\n",
    );
    out.push_str("|---|---|---|---|---:|---:|---|---|---|\n");
    for r in rows {
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} |\n",
            r.paper,
            r.table,
            r.row,
            r.quantity,
            r.paper_value.map_or("-".into(), fmt_num),
            fmt_num(r.ours),
            r.ci95.map_or("-".into(), |c| format!(
                "[{}, {}]",
                fmt_num(c[0]),
                fmt_num(c[1])
            )),
            r.verdict.as_str(),
            r.note.replace('|', "/"),
        ));
    }
    out
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The rows as CSV with a header line.
pub fn csv(rows: &[Row]) -> String {
    let mut out =
        String::from("paper,table,row,quantity,paper_value,ours,ci95_low,ci95_high,verdict,note\n");
    for r in rows {
        let fields = [
            csv_field(&r.paper),
            csv_field(&r.table),
            csv_field(&r.row),
            csv_field(&r.quantity),
            r.paper_value.map_or(String::new(), |v| v.to_string()),
            r.ours.to_string(),
            r.ci95.map_or(String::new(), |c| c[0].to_string()),
            r.ci95.map_or(String::new(), |c| c[1].to_string()),
            r.verdict.as_str().to_string(),
            csv_field(&r.note),
        ];
        out.push_str(&fields.join(","));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts() {
        assert_eq!(
            Row::exact("p", "t", "r".into(), "q", 1249.0, 1249.0, 0.0).verdict,
            Verdict::Exact
        );
        assert_eq!(
            Row::exact("p", "t", "r".into(), "q", 4.4, 4.43, 0.05).verdict,
            Verdict::Exact
        );
        assert_eq!(
            Row::exact("p", "t", "r".into(), "q", 1249.0, 1250.0, 0.0).verdict,
            Verdict::Differs
        );
        let s = Row::statistical("p", "t", "r".into(), "q", Some(1.75), 1.9, [1.8, 2.0], 0.15);
        assert_eq!(s.verdict, Verdict::Within);
        let s = Row::statistical("p", "t", "r".into(), "q", Some(1.0), 1.9, [1.8, 2.0], 0.15);
        assert_eq!(s.verdict, Verdict::Differs);
    }

    #[test]
    fn renders() {
        let rows = vec![Row::exact(
            "korf-1991",
            "best-case",
            "b=2 d=3".into(),
            "leaves",
            5.0,
            5.0,
            0.0,
        )
        .with_note("a, \"b\"")];
        assert!(markdown(&rows).contains(
            "| korf-1991 | best-case | b=2 d=3 | leaves | 5 | 5 | - | exact | a, \"b\" |"
        ));
        assert!(
            csv(&rows).contains("korf-1991,best-case,b=2 d=3,leaves,5,5,,,exact,\"a, \"\"b\"\"\"")
        );
        assert_eq!(fmt_num(1.61803), "1.618");
        assert_eq!(fmt_num(84927.0), "84927");
    }
}
