//! Report rows: a published number beside ours, with a verdict, rendered as a plain-text
//! table that fits a terminal ([`text_table`]), a markdown table, CSV or JSON
//! (`{"paper","table","row","quantity","paper_value","ours","ci95","samples","verdict",
//! "reason","note"}`).
//!
//! Rows are built with [`Row::builder`]: the builder decides the verdict from what it is
//! given (a paper value or none, an exact tolerance, or a sample with its interval), so every
//! experiment applies the same rules, among them the one for small samples
//! ([`MIN_SAMPLES`]).
//!
//! The paper's value and ours are [`Number`]s: an exact count (compared exactly, stored as a
//! JSON integer) or a real (printed with 4 significant digits, stored at full precision).

use std::fmt;

use serde::{Deserialize, Serialize};

/// A number of a row: an exact count or a real measurement.
///
/// Counts (leaves, nodes, sums of counts over many trees) stay integers from the search to
/// the output: an exact row of two counts compares them as integers, the text prints every
/// digit and JSON stores an integer (`84927`, not `84927.0`). Reals (means, ratios, roots)
/// print with 4 significant digits ([`fmt_num`]) and are stored at full precision.
///
/// Read back from JSON by its own [`Deserialize`]: an integer is a count, a float a real
/// (a negative integer too), `null` the real `NaN`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Number {
    /// An exact count.
    Count(u64),
    /// A real number (`NaN` where there is none; stored as JSON `null`).
    Real(f64),
}

impl Number {
    /// The number as a float (a count above 2^53 rounds).
    pub fn as_f64(self) -> f64 {
        match self {
            Number::Count(n) => n as f64,
            Number::Real(x) => x,
        }
    }

    /// The count, if the number is one.
    pub fn as_count(self) -> Option<u64> {
        match self {
            Number::Count(n) => Some(n),
            Number::Real(_) => None,
        }
    }

    /// The number at full precision: every digit of a count, the shortest text that reads
    /// back as the same float for a real (the CSV files).
    pub fn full(self) -> String {
        match self {
            Number::Count(n) => n.to_string(),
            Number::Real(x) => x.to_string(),
        }
    }

    /// Whether `self` equals `other` to within `tolerance` (absolute): two counts compare
    /// as integers (a difference of one is never within a tolerance below one).
    pub fn within(self, other: Number, tolerance: f64) -> bool {
        match (self, other) {
            (Number::Count(a), Number::Count(b)) => a == b || a.abs_diff(b) as f64 <= tolerance,
            (a, b) => (a.as_f64() - b.as_f64()).abs() <= tolerance,
        }
    }
}

/// The table text: a count in full, a real with 4 significant digits ([`fmt_num`]).
impl<'de> Deserialize<'de> for Number {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Number, D::Error> {
        struct NumberVisitor;
        impl serde::de::Visitor<'_> for NumberVisitor {
            type Value = Number;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a number or null")
            }
            fn visit_u64<E>(self, n: u64) -> Result<Number, E> {
                Ok(Number::Count(n))
            }
            fn visit_i64<E>(self, n: i64) -> Result<Number, E> {
                // Only a negative integer reaches here (serde_json gives the others as u64).
                Ok(Number::Real(n as f64))
            }
            fn visit_f64<E>(self, x: f64) -> Result<Number, E> {
                Ok(Number::Real(x))
            }
            fn visit_unit<E>(self) -> Result<Number, E> {
                Ok(Number::Real(f64::NAN))
            }
            fn visit_none<E>(self) -> Result<Number, E> {
                Ok(Number::Real(f64::NAN))
            }
        }
        d.deserialize_any(NumberVisitor)
    }
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Number::Count(n) => write!(f, "{n}"),
            // No number (`NaN`, `null` in JSON) reads as `none` in a table.
            Number::Real(x) if x.is_nan() => f.write_str("none"),
            Number::Real(x) => f.write_str(&fmt_num(x)),
        }
    }
}

impl From<u64> for Number {
    fn from(n: u64) -> Number {
        Number::Count(n)
    }
}

impl From<u32> for Number {
    fn from(n: u32) -> Number {
        Number::Count(u64::from(n))
    }
}

impl From<usize> for Number {
    fn from(n: usize) -> Number {
        Number::Count(n as u64)
    }
}

impl From<f64> for Number {
    fn from(x: f64) -> Number {
        Number::Real(x)
    }
}

/// The fewest samples a statistical row needs for a verdict: with fewer, an interval (from
/// Student's t on 1 to 4 samples) is too wide or too unreliable to decide anything, and the
/// row says [`Verdict::TooFew`] instead (this happens in quick mode).
pub const MIN_SAMPLES: u64 = 5;

/// How our number compares with the paper's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// The same number (to the paper's precision).
    Exact,
    /// Our whole 95% interval lies within the row's stated tolerance of the paper's value
    /// (a statistical row), or the experiment's own test agrees.
    Within,
    /// Different: the note says why.
    Differs,
    /// Ours only: the paper gives no number to compare with.
    Measured,
    /// No verdict: too few samples to decide, either fewer than [`MIN_SAMPLES`] (a
    /// statistical row in quick mode), an interval that holds the paper's value but reaches
    /// beyond the row's tolerance (it can neither confirm nor refute it), or a claim whose
    /// games (however many) neither support nor contradict it.
    TooFew,
}

impl Verdict {
    /// Every verdict, in the order of the summary's columns.
    pub const ALL: [Verdict; 5] = [
        Verdict::Exact,
        Verdict::Within,
        Verdict::Differs,
        Verdict::Measured,
        Verdict::TooFew,
    ];

    /// The word printed in tables (and stored in JSON).
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Exact => "exact",
            Verdict::Within => "within",
            Verdict::Differs => "differs",
            Verdict::Measured => "measured",
            Verdict::TooFew => "too-few",
        }
    }

    /// The verdict a word names (the inverse of [`Verdict::as_str`]).
    pub fn from_word(s: &str) -> Option<Verdict> {
        Verdict::ALL.into_iter().find(|v| v.as_str() == s)
    }

    /// One line defining the verdict, for the legend of the text output.
    pub fn definition(self) -> &'static str {
        match self {
            Verdict::Exact => "the same number as the paper, to the paper's precision",
            Verdict::Within => {
                "our whole 95% CI lies within the row's stated tolerance of the paper's value"
            }
            Verdict::Differs => "neither: the row's reason says why (under the row)",
            Verdict::Measured => "ours only: the paper gives no number to compare with",
            Verdict::TooFew => {
                "no verdict: under 5 samples, an interval wider than the tolerance, an inconclusive claim"
            }
        }
    }
}

/// Where the paper value of a row comes from: what an `exact` row agrees with. The summary
/// counts `exact` rows by it, since an exact match with a number printed in a paper says
/// more than one with a formula we evaluate ourselves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Source {
    /// A number printed in the paper (a table's entry, a count in the text).
    Printed,
    /// A formula (or recurrence) of the paper, evaluated by us.
    Formula,
    /// An example of our own (a hand-made tree), with the answer the paper's rule gives.
    Example,
}

impl Source {
    /// Every source, in the order of the summary's columns.
    pub const ALL: [Source; 3] = [Source::Printed, Source::Formula, Source::Example];

    /// The word printed in the summary (and stored in JSON).
    pub fn as_str(self) -> &'static str {
        match self {
            Source::Printed => "printed",
            Source::Formula => "formula",
            Source::Example => "example",
        }
    }

    /// The source a word names (the inverse of [`Source::as_str`]).
    pub fn from_word(s: &str) -> Option<Source> {
        Source::ALL.into_iter().find(|v| v.as_str() == s)
    }
}

/// An independent computation of a row's number and whether it agreed: e.g. the count of
/// a pruning search beside a transcription of the paper's own procedure, or a value beside
/// plain max^n's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Check {
    /// What the number was checked against, e.g. `max^n` or `Korf's procedure Shallow`.
    pub against: String,
    /// Whether the two agreed.
    pub agrees: bool,
}

impl Check {
    /// A check against `against` that agreed or not.
    pub fn new(against: impl Into<String>, agrees: bool) -> Check {
        Check {
            against: against.into(),
            agrees,
        }
    }
}

/// One line of a reproduction: a quantity, the paper's value, ours.
///
/// Stored as JSON by its `Serialize` and read back by its `Deserialize` (a missing optional
/// field is `None`; `ours` stored as `null` is the real `NaN`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
    pub paper_value: Option<Number>,
    /// Our number.
    pub ours: Number,
    /// Our 95% interval, for statistical rows.
    pub ci95: Option<[f64; 2]>,
    /// The number of samples behind a statistical row (`None` for computed rows).
    pub samples: Option<u64>,
    /// The comparison.
    pub verdict: Verdict,
    /// Why a `differs` row differs, in one line (empty for the other verdicts); the summary
    /// of the text output lists it.
    pub reason: String,
    /// What the row measured and how: seeds, counts, caveats.
    pub note: String,
    /// The search that computed `ours`, by its command-line name (e.g. `hypermax`), where a
    /// search did (`None`: a formula, a memoised count, a statistic). Left out of the JSON
    /// when `None`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub algorithm: Option<String>,
    /// The independent check of `ours`, if the row has one. Left out of the JSON when `None`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub check: Option<Check>,
    /// The test of a published claim (the strength experiment's claim rows). Left out of
    /// the JSON when `None`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claim: Option<Box<crate::claim::ClaimTest>>,
    /// Where the paper value comes from; every `exact` row has one. Left out of the JSON
    /// when `None`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<Source>,
    /// The row's verdict in the last full run (from the committed results,
    /// [`crate::full_run`]), shown beside a `too-few` verdict when the full run decided
    /// more. Left out of the JSON when `None`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub full_run: Option<Verdict>,
    /// How long a match's games were (the strength experiment's match rows): how many
    /// reached the rules' ply cap, and the plies' distribution. Left out of the JSON when
    /// `None` (and absent in runs before it was recorded).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lengths: Option<GameLengths>,
    /// A rating row's bootstrap (the strength experiment's ratings): the rating in each
    /// resample of the games, in resample order, rounded to 0.1 Elo. Resample `i` of every
    /// engine of one game comes from the same resample, so a statistic of the engines'
    /// order (the budget ladder's rank correlation) can be bootstrapped from the rows. Left
    /// out of the JSON when `None` (and absent in runs before it was recorded).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resamples: Option<Vec<f64>>,
}

/// The lengths of a match's games: how many reached the rules' ply cap (a game the cap
/// ended was not decided by play) and the distribution of their plies after the opening.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameLengths {
    /// The games.
    pub games: u64,
    /// The games the rules' ply cap (or the run's ply limit) ended.
    pub capped: u64,
    /// `capped / games`.
    pub capped_share: f64,
    /// The shortest game, in plies after the opening.
    pub min_plies: u64,
    /// The median length (the mean of the two middle games for an even count).
    pub median_plies: f64,
    /// The longest game.
    pub max_plies: u64,
}

/// How a [`RowBuilder`] decides the verdict.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Rule {
    /// `exact` iff `|ours - paper| <= tolerance`, `differs` otherwise.
    Exact(f64),
    /// With tolerance `t = rel * |paper|`: `within` iff the whole interval lies in
    /// `[paper - t, paper + t]`; `differs` iff the interval leaves out the paper's value and
    /// `|ours - paper| > t`; `too-few` otherwise (see [`statistical_verdict`]).
    Statistical(f64),
    /// Given by the experiment (its own test, e.g. a z-score).
    Given(Verdict),
}

/// Builds a [`Row`]: `Row::builder(paper, table, row, quantity).paper(v).ours(x).build()`.
///
/// The verdict: `measured` without a paper value; otherwise by the rule given ([`exact`]
/// with a tolerance, the default being 0; [`relative`] for a sample; or [`verdict`]), except
/// that a row with fewer than [`MIN_SAMPLES`] [`samples`] and a paper value is `too-few`.
///
/// [`exact`]: RowBuilder::exact
/// [`relative`]: RowBuilder::relative
/// [`verdict`]: RowBuilder::verdict
/// [`samples`]: RowBuilder::sample
#[derive(Clone, Debug)]
#[must_use = "a row builder does nothing until `build`"]
pub struct RowBuilder {
    row: Row,
    rule: Rule,
}

impl Row {
    /// A builder for a row of `paper`'s `table`: line `row`, quantity `quantity`.
    pub fn builder(
        paper: &str,
        table: &str,
        row: impl Into<String>,
        quantity: impl Into<String>,
    ) -> RowBuilder {
        RowBuilder {
            row: Row {
                paper: paper.into(),
                table: table.into(),
                row: row.into(),
                quantity: quantity.into(),
                paper_value: None,
                ours: Number::Real(f64::NAN),
                ci95: None,
                samples: None,
                verdict: Verdict::Measured,
                reason: String::new(),
                note: String::new(),
                algorithm: None,
                check: None,
                claim: None,
                source: None,
                full_run: None,
                lengths: None,
                resamples: None,
            },
            rule: Rule::Exact(0.0),
        }
    }

    /// An exact row: `exact` iff `ours` equals `paper_value`, which comes from `source`, to
    /// within `tolerance` (absolute).
    #[expect(
        clippy::too_many_arguments,
        reason = "the row's key, its two numbers, the source and the tolerance: every exact row states them all"
    )]
    pub fn exact(
        paper: &str,
        table: &str,
        row: String,
        quantity: &str,
        source: Source,
        paper_value: impl Into<Number>,
        ours: impl Into<Number>,
        tolerance: f64,
    ) -> Row {
        Row::builder(paper, table, row, quantity)
            .paper(paper_value)
            .ours(ours)
            .exact(tolerance, source)
            .build()
    }

    /// The same row with a note.
    pub fn with_note(mut self, note: impl Into<String>) -> Row {
        self.note = note.into();
        self
    }
}

impl RowBuilder {
    /// The published number.
    pub fn paper(mut self, value: impl Into<Number>) -> Self {
        self.row.paper_value = Some(value.into());
        self
    }

    /// The published number, if the paper gives one (`None`: the row is `measured`).
    pub fn paper_opt<N: Into<Number>>(mut self, value: Option<N>) -> Self {
        self.row.paper_value = value.map(Into::into);
        self
    }

    /// Our number.
    pub fn ours(mut self, value: impl Into<Number>) -> Self {
        self.row.ours = value.into();
        self
    }

    /// Compare exactly, to within `tolerance` (absolute), with a paper value from `source`.
    pub fn exact(mut self, tolerance: f64, source: Source) -> Self {
        self.rule = Rule::Exact(tolerance);
        self.row.source = Some(source);
        self
    }

    /// Where the paper value comes from (set by [`RowBuilder::exact`] too). A row that
    /// comes out `exact` without one is `differs`, its reason saying so.
    pub fn source(mut self, source: Source) -> Self {
        self.row.source = Some(source);
        self
    }

    /// Our number is the mean of `samples` samples with 95% interval `ci95`; compared with
    /// [`RowBuilder::relative`] (0 unless given).
    pub fn sample(mut self, ci95: [f64; 2], samples: u64) -> Self {
        self.row.ci95 = Some(ci95);
        self.row.samples = Some(samples);
        if !matches!(self.rule, Rule::Statistical(_) | Rule::Given(_)) {
            self.rule = Rule::Statistical(0.0);
        }
        self
    }

    /// The tolerance of a statistical row, relative to the paper's value: `within` needs the
    /// whole interval within it ([`statistical_verdict`]).
    pub fn relative(mut self, relative: f64) -> Self {
        self.rule = Rule::Statistical(relative);
        self
    }

    /// The verdict, decided by the experiment's own test (still `measured` without a paper
    /// value and `too-few` on a small sample).
    pub fn verdict(mut self, verdict: Verdict) -> Self {
        self.rule = Rule::Given(verdict);
        self
    }

    /// A one-line explanation.
    pub fn note(mut self, note: impl Into<String>) -> Self {
        self.row.note = note.into();
        self
    }

    /// The search that computed our number (its command-line name).
    pub fn algorithm(mut self, name: impl Into<String>) -> Self {
        self.row.algorithm = Some(name.into());
        self
    }

    /// The test of a published claim.
    pub fn claim(mut self, claim: crate::claim::ClaimTest) -> Self {
        self.row.claim = Some(Box::new(claim));
        self
    }

    /// The lengths of the games behind the row.
    pub fn lengths(mut self, lengths: GameLengths) -> Self {
        self.row.lengths = Some(lengths);
        self
    }

    /// The bootstrap resamples of a rating row ([`Row::resamples`]), rounded here to
    /// 0.1 Elo ([`gametree_run::rating::to_tenth`]).
    pub fn resamples(mut self, resamples: Vec<f64>) -> Self {
        use gametree_run::rating::to_tenth;
        self.row.resamples = Some(resamples.into_iter().map(to_tenth).collect());
        self
    }

    /// The independent check of our number.
    pub fn check(mut self, check: Check) -> Self {
        self.row.check = Some(check);
        self
    }

    /// Why the row differs, should it (dropped for the other verdicts).
    pub fn reason(mut self, reason: impl Into<String>) -> Self {
        self.row.reason = reason.into();
        self
    }

    /// The row, with its verdict.
    pub fn build(self) -> Row {
        let mut row = self.row;
        row.verdict = match row.paper_value {
            None => Verdict::Measured,
            Some(_) if row.samples.is_some_and(|n| n < MIN_SAMPLES) => Verdict::TooFew,
            Some(p) => match self.rule {
                Rule::Given(v) => v,
                Rule::Exact(tol) => {
                    if row.ours.within(p, tol) {
                        Verdict::Exact
                    } else {
                        Verdict::Differs
                    }
                }
                Rule::Statistical(rel) => {
                    statistical_verdict(row.ours.as_f64(), row.ci95, p.as_f64(), rel)
                }
            },
        };
        if row.verdict == Verdict::Exact && row.source.is_none() {
            row.verdict = Verdict::Differs;
            row.reason = "an exact comparison that does not say where the paper's value comes from (printed, formula or example)".into();
        }
        if row.verdict != Verdict::Differs {
            row.reason.clear();
        }
        if row.verdict == Verdict::TooFew {
            row.full_run = crate::full_run::committed()
                .verdict(&row.paper, &row.table, &row.row, &row.quantity)
                .and_then(Verdict::from_word);
        }
        row
    }
}

/// The verdict of a statistical row: our mean `ours` with 95% interval `ci95` against the
/// paper's `paper`, with tolerance `t = relative * |paper|`.
///
/// - `within` when the whole interval lies in `[paper - t, paper + t]`: ours agrees to the
///   tolerance, whatever the noise (an interval that merely holds the paper's value is not
///   enough: a wide one holds anything);
/// - `differs` when the interval leaves out the paper's value and ours is beyond the
///   tolerance;
/// - `too-few` otherwise: the interval reaches across an edge of the tolerance, so more
///   samples are needed to tell.
///
/// Without an interval ours is compared alone: `within` iff `|ours - paper| <= t`.
pub fn statistical_verdict(
    ours: f64,
    ci95: Option<[f64; 2]>,
    paper: f64,
    relative: f64,
) -> Verdict {
    let t = relative * paper.abs();
    let near = (ours - paper).abs() <= t;
    match ci95 {
        None if near => Verdict::Within,
        None => Verdict::Differs,
        Some([lo, hi]) if paper - t <= lo && hi <= paper + t => Verdict::Within,
        Some([lo, hi]) if !((lo..=hi).contains(&paper) || near) => Verdict::Differs,
        Some(_) => Verdict::TooFew,
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

/// The verdict as the tables print it: the word, and beside a `too-few` the last full
/// run's verdict where one is known (`too-few (full: differs)`).
pub(crate) fn verdict_text(r: &Row) -> String {
    match r.full_run {
        Some(v) if r.verdict == Verdict::TooFew => {
            format!("{} (full: {})", r.verdict.as_str(), v.as_str())
        }
        _ => r.verdict.as_str().to_string(),
    }
}

/// How many of `rows` are `exact`, by the source of the paper's value, in the order of
/// [`Source::ALL`]. Every exact row has a source ([`RowBuilder::source`]), so the counts
/// sum to the exact rows.
pub fn exact_by_source<'a>(rows: impl IntoIterator<Item = &'a Row>) -> [usize; 3] {
    let mut n = [0; 3];
    for r in rows {
        if r.verdict == Verdict::Exact {
            if let Some(i) = r
                .source
                .and_then(|s| Source::ALL.iter().position(|&x| x == s))
            {
                n[i] += 1;
            }
        }
    }
    n
}

/// The summary's lines under its table of counts: the `exact` rows split by source, and
/// the `too-few` rows whose last full run decided (whose verdict the quick sample hides).
pub(crate) fn summary_lines(rows: &[&Row]) -> String {
    let [printed, formula, example] = exact_by_source(rows.iter().copied());
    let mut out = String::new();
    let sources = format!(
        "exact by source: {printed} printed (a number printed in the paper), {formula} formula \
         (a formula of the paper evaluated by us), {example} example (our own hand-made case)"
    );
    push_wrapped(&mut out, &sources, TEXT_WIDTH - 2, usize::MAX, "", "  ");
    let mut known = [0usize; 5];
    for r in rows {
        if let (Verdict::TooFew, Some(v)) = (r.verdict, r.full_run) {
            if let Some(i) = Verdict::ALL.iter().position(|&x| x == v) {
                known[i] += 1;
            }
        }
    }
    let total: usize = known.iter().sum();
    if total > 0 {
        let parts: Vec<String> = Verdict::ALL
            .iter()
            .zip(known)
            .filter(|(_, n)| *n > 0)
            .map(|(v, n)| format!("{n} {}", v.as_str()))
            .collect();
        let full = format!(
            "too-few rows with a committed full-run verdict: {total} (full run: {}; shown as `too-few (full: ...)`)",
            parts.join(", ")
        );
        push_wrapped(&mut out, &full, TEXT_WIDTH - 2, usize::MAX, "", "  ");
    }
    out
}

/// The summary's counts for `--json`: `{"exact_by_source": {"printed", "formula",
/// "example"}, "too_few_full_run": {verdict: count}}`.
pub(crate) fn summary_json(rows: &[&Row]) -> serde_json::Value {
    let by = exact_by_source(rows.iter().copied());
    let mut sources = serde_json::Map::new();
    for (s, n) in Source::ALL.iter().zip(by) {
        sources.insert(s.as_str().into(), n.into());
    }
    let mut full = serde_json::Map::new();
    for v in Verdict::ALL {
        let n = rows
            .iter()
            .filter(|r| r.verdict == Verdict::TooFew && r.full_run == Some(v))
            .count();
        if n > 0 {
            full.insert(v.as_str().into(), n.into());
        }
    }
    serde_json::json!({ "exact_by_source": sources, "too_few_full_run": full })
}

fn fmt_ci(c: Option<[f64; 2]>) -> String {
    c.map_or("-".into(), |c| {
        format!("[{}, {}]", fmt_num(c[0]), fmt_num(c[1]))
    })
}

/// The rows as a markdown table (the `.md` files of `--out`).
pub fn markdown(rows: &[Row]) -> String {
    let mut out = String::from(
        "| paper | table | row | quantity | paper value | ours | 95% CI | n | verdict | reason | note |\n",
    );
    out.push_str("|---|---|---|---|---:|---:|---|---:|---|---|---|\n");
    for r in rows {
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |\n",
            r.paper,
            r.table,
            r.row,
            r.quantity,
            r.paper_value.map_or("-".into(), |v| v.to_string()),
            r.ours,
            fmt_ci(r.ci95),
            r.samples.map_or("-".into(), |n| n.to_string()),
            verdict_text(r),
            r.reason.replace('|', "/"),
            r.note.replace('|', "/"),
        ));
    }
    out
}

/// The widest line of the text output.
pub const TEXT_WIDTH: usize = 100;

/// The most lines a note takes in the text output; a longer one ends in `...` (the whole
/// note is in `--json`, CSV and the markdown files).
pub const NOTE_LINES: usize = 2;

/// Splits `text` into lines of at most `width` characters, at spaces where it can (a word
/// longer than `width` is cut).
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines = Vec::new();
    let mut cur = String::new();
    let mut cur_len = 0; // characters in `cur`
    for word in text.split_whitespace() {
        let mut len = word.chars().count();
        if cur_len > 0 && cur_len + 1 + len > width {
            lines.push(std::mem::take(&mut cur));
            cur_len = 0;
        }
        // A word longer than a line (so `cur` is empty): cut it.
        let mut rest = word;
        while len > width {
            let cut = rest
                .char_indices()
                .nth(width)
                .map_or(rest.len(), |(i, _)| i);
            lines.push(rest[..cut].to_string());
            rest = &rest[cut..];
            len -= width;
        }
        if cur_len > 0 {
            cur.push(' ');
            cur_len += 1;
        }
        cur.push_str(rest);
        cur_len += len;
    }
    if !cur.is_empty() || lines.is_empty() {
        lines.push(cur);
    }
    lines
}

/// [`wrap`], keeping at most `max_lines` lines; the last one kept ends in `...` when text
/// was left out.
pub fn wrap_abbreviated(text: &str, width: usize, max_lines: usize) -> Vec<String> {
    let mut lines = wrap(text, width);
    if lines.len() > max_lines.max(1) {
        lines.truncate(max_lines.max(1));
        let last = lines.last_mut().expect("at least one line");
        let keep = width.saturating_sub(4);
        if last.chars().count() > keep {
            *last = last.chars().take(keep).collect();
        }
        last.push_str(" ...");
    }
    lines
}

/// Appends `text` to `out` wrapped to `width` in at most `max_lines` lines ([`wrap_abbreviated`]),
/// the first line after `first`, the others after `indent`, each ending in a newline.
pub(crate) fn push_wrapped(
    out: &mut String,
    text: &str,
    width: usize,
    max_lines: usize,
    first: &str,
    indent: &str,
) {
    for (i, l) in wrap_abbreviated(text, width, max_lines).iter().enumerate() {
        out.push_str(if i == 0 { first } else { indent });
        out.push_str(l);
        out.push('\n');
    }
}

/// The rows of one table as plain text at most [`TEXT_WIDTH`] characters wide: columns
/// `row`, `quantity`, `paper value`, `ours`, `95% CI`, `verdict` (the long text columns
/// wrapped), and under each row its reason (`differs: ...`, one line) and its note,
/// indented, in at most [`NOTE_LINES`] lines (a note the row above has too is not repeated).
pub fn text_table(rows: &[Row]) -> String {
    const HEAD: [&str; 6] = [
        "row",
        "quantity",
        "paper value",
        "ours",
        "95% CI",
        "verdict",
    ];
    let cells: Vec<[String; 6]> = rows
        .iter()
        .map(|r| {
            [
                r.row.clone(),
                r.quantity.clone(),
                r.paper_value.map_or("-".into(), |v| v.to_string()),
                r.ours.to_string(),
                fmt_ci(r.ci95),
                verdict_text(r),
            ]
        })
        .collect();
    let natural = |i: usize| {
        cells
            .iter()
            .map(|c| c[i].chars().count())
            .chain([HEAD[i].len()])
            .max()
            .unwrap_or(0)
    };
    let mut widths: [usize; 6] = std::array::from_fn(natural);
    // The number columns keep their width (at most 30 for an interval); the row and
    // quantity columns share what is left (at least 24).
    widths[4] = widths[4].min(30);
    let sep = 2 * (HEAD.len() - 1);
    let fixed: usize = widths[2..].iter().sum::<usize>() + sep;
    let room = TEXT_WIDTH.saturating_sub(fixed).max(24);
    if widths[0] + widths[1] > room {
        let q = widths[1].min(room / 2);
        let r = widths[0].min(room - q);
        widths[1] = widths[1].min(room - r);
        widths[0] = r;
    }
    let mut out = String::new();
    let push_line = |out: &mut String, parts: &[String; 6]| {
        let mut line = String::new();
        for (i, p) in parts.iter().enumerate() {
            let w = widths[i];
            if i > 0 {
                line.push_str("  ");
            }
            // Numbers are right-aligned, text left-aligned.
            if (2..=3).contains(&i) {
                line.push_str(&format!("{p:>w$}"));
            } else {
                line.push_str(&format!("{p:<w$}"));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    };
    push_line(&mut out, &HEAD.map(String::from));
    let mut previous_note = None;
    for (r, c) in rows.iter().zip(&cells) {
        let wrapped: Vec<Vec<String>> = c
            .iter()
            .enumerate()
            .map(|(i, s)| wrap(s, widths[i]))
            .collect();
        let height = wrapped.iter().map(Vec::len).max().unwrap_or(1);
        for k in 0..height {
            let parts: [String; 6] =
                std::array::from_fn(|i| wrapped[i].get(k).cloned().unwrap_or_default());
            push_line(&mut out, &parts);
        }
        if !r.reason.is_empty() {
            let reason = format!("differs: {}", r.reason);
            push_wrapped(&mut out, &reason, TEXT_WIDTH - 4, 1, "    ", "    ");
        }
        if !r.note.is_empty() && Some(&r.note) != previous_note {
            push_wrapped(
                &mut out,
                &r.note,
                TEXT_WIDTH - 4,
                NOTE_LINES,
                "    ",
                "    ",
            );
        }
        previous_note = Some(&r.note);
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
    let mut out = String::from(
        "paper,table,row,quantity,paper_value,ours,ci95_low,ci95_high,samples,verdict,reason,note\n",
    );
    for r in rows {
        let fields = [
            csv_field(&r.paper),
            csv_field(&r.table),
            csv_field(&r.row),
            csv_field(&r.quantity),
            r.paper_value.map_or(String::new(), Number::full),
            r.ours.full(),
            r.ci95.map_or(String::new(), |c| c[0].to_string()),
            r.ci95.map_or(String::new(), |c| c[1].to_string()),
            r.samples.map_or(String::new(), |n| n.to_string()),
            r.verdict.as_str().to_string(),
            csv_field(&r.reason),
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

    fn stat(paper: Option<f64>, ours: f64, ci: [f64; 2], n: u64, rel: f64) -> Row {
        Row::builder("p", "t", "r", "q")
            .paper_opt(paper)
            .ours(ours)
            .sample(ci, n)
            .relative(rel)
            .build()
    }

    #[test]
    fn verdicts() {
        assert_eq!(
            Row::exact(
                "p",
                "t",
                "r".into(),
                "q",
                Source::Printed,
                1249.0,
                1249.0,
                0.0
            )
            .verdict,
            Verdict::Exact
        );
        assert_eq!(
            Row::exact("p", "t", "r".into(), "q", Source::Printed, 4.4, 4.43, 0.05).verdict,
            Verdict::Exact
        );
        assert_eq!(
            Row::exact(
                "p",
                "t",
                "r".into(),
                "q",
                Source::Printed,
                1249.0,
                1250.0,
                0.0
            )
            .verdict,
            Verdict::Differs
        );
        assert_eq!(
            stat(Some(1.75), 1.9, [1.8, 2.0], 30, 0.15).verdict,
            Verdict::Within
        );
        assert_eq!(
            stat(Some(1.0), 1.9, [1.8, 2.0], 30, 0.15).verdict,
            Verdict::Differs
        );
        assert_eq!(
            stat(None, 1.9, [1.8, 2.0], 30, 0.15).verdict,
            Verdict::Measured
        );
        // Too few samples: no verdict, whether the interval holds the paper's value or not.
        for n in [1, 2, MIN_SAMPLES - 1] {
            let r = stat(Some(1.0), 22.0, [-16.12, 60.12], n, 0.1);
            assert_eq!(r.verdict, Verdict::TooFew, "n = {n}");
            assert_eq!(r.samples, Some(n));
            assert_eq!(
                stat(Some(9.556), 9.556, [9.556, 9.556], n, 0.1).verdict,
                Verdict::TooFew
            );
        }
        // An interval that holds the paper's value but reaches far beyond the tolerance
        // decides nothing.
        assert_eq!(
            stat(Some(1.0), 22.0, [-16.12, 60.12], MIN_SAMPLES, 0.1).verdict,
            Verdict::TooFew
        );
        // A verdict of the experiment's own test, still overridden by a small sample.
        let given = |n| {
            Row::builder("p", "t", "r", "q")
                .paper(1.0)
                .ours(5.0)
                .sample([4.0, 6.0], n)
                .verdict(Verdict::Within)
                .build()
                .verdict
        };
        assert_eq!(given(10), Verdict::Within);
        // A reason is kept for a row that differs only.
        let why = |ours: f64| {
            Row::builder("p", "t", "r", "q")
                .paper(1.0)
                .source(Source::Printed)
                .ours(ours)
                .reason("off by one")
                .build()
        };
        assert_eq!(
            (why(2.0).verdict, why(2.0).reason.as_str()),
            (Verdict::Differs, "off by one")
        );
        assert_eq!(
            (why(1.0).verdict, why(1.0).reason.as_str()),
            (Verdict::Exact, "")
        );
        assert_eq!(given(2), Verdict::TooFew);
        let r = Row::builder("k", "t", "b=2", "leaves")
            .paper(5.0)
            .ours(5.0)
            .exact(0.0, Source::Example)
            .note("n")
            .build();
        assert_eq!(
            (
                r.paper.as_str(),
                r.table.as_str(),
                r.row.as_str(),
                r.quantity.as_str()
            ),
            ("k", "t", "b=2", "leaves")
        );
        assert_eq!(
            (r.paper_value, r.ours, r.ci95, r.samples),
            (Some(Number::Real(5.0)), Number::Real(5.0), None, None)
        );
        assert_eq!((r.verdict, r.note.as_str()), (Verdict::Exact, "n"));
        for v in Verdict::ALL {
            assert_eq!(Verdict::from_word(v.as_str()), Some(v));
            assert_eq!(serde_json::to_value(v).unwrap(), v.as_str());
        }
        assert_eq!(Verdict::from_word("maybe"), None);
    }

    #[test]
    fn statistical_rows_are_within_only_when_the_whole_interval_is() {
        // Paper 100, tolerance 5%: the band is [95, 105].
        let v = |ours: f64, ci: Option<[f64; 2]>| statistical_verdict(ours, ci, 100.0, 0.05);
        assert_eq!(v(100.0, Some([96.0, 104.0])), Verdict::Within);
        assert_eq!(v(102.5, Some([101.0, 104.0])), Verdict::Within);
        assert_eq!(v(100.0, Some([95.0, 105.0])), Verdict::Within);
        // The interval holds the paper's value but leaves the band: no verdict (it was
        // `within` when holding the value was enough).
        assert_eq!(v(100.0, Some([90.0, 110.0])), Verdict::TooFew);
        assert_eq!(v(100.0, Some([94.9, 100.0])), Verdict::TooFew);
        // Leaves out the value, ours at the edge of the tolerance: no verdict either.
        assert_eq!(v(105.0, Some([103.0, 107.0])), Verdict::TooFew);
        // Leaves out the value and ours beyond the tolerance.
        assert_eq!(v(108.0, Some([106.0, 110.0])), Verdict::Differs);
        assert_eq!(v(108.0, Some([104.0, 112.0])), Verdict::Differs);
        assert_eq!(v(80.0, Some([70.0, 90.0])), Verdict::Differs);
        // No interval: ours alone against the tolerance.
        assert_eq!(v(104.0, None), Verdict::Within);
        assert_eq!(v(106.0, None), Verdict::Differs);
        // Fridenfalk's Table II at d=3 unsorted: 48 of 50 trees per 1000 is 960, paper
        // 963, tolerance 5% = [914.85, 1011.15]. Wilson's interval of 48/50, by hand:
        // centre (0.96 + z^2/100) / (1 + z^2/50) = 0.927183, half-width 0.061781, so
        // [865.4, 989.0] per 1000: it holds 963 but leaves the band, so too few trees.
        let [lo, hi] = gametree_run::stats::wilson(48.0, 50.0);
        assert!((lo * 1000.0 - 865.40).abs() < 0.01 && (hi * 1000.0 - 988.96).abs() < 0.01);
        let r = Row::builder("p", "t", "r", "q")
            .paper(963.0)
            .ours(960.0)
            .sample([lo * 1000.0, hi * 1000.0], 50)
            .relative(0.05)
            .build();
        assert_eq!(r.verdict, Verdict::TooFew);
    }

    #[test]
    fn an_exact_row_says_its_source() {
        let exact = |source: Option<Source>| {
            let mut b = Row::builder("p", "t", "r", "q").paper(7u64).ours(7u64);
            if let Some(s) = source {
                b = b.source(s);
            }
            b.build()
        };
        for s in Source::ALL {
            let r = exact(Some(s));
            assert_eq!((r.verdict, r.source), (Verdict::Exact, Some(s)));
            let json = serde_json::to_value(&r).unwrap();
            assert_eq!(json["source"], s.as_str());
            assert_eq!(Source::from_word(s.as_str()), Some(s));
        }
        // Without a source an equal number is not `exact`: the row says what is missing.
        let r = exact(None);
        assert_eq!(r.verdict, Verdict::Differs);
        assert!(
            r.reason.contains("printed, formula or example"),
            "{}",
            r.reason
        );
        assert!(serde_json::to_value(&r).unwrap().get("source").is_none());
        // The split of the exact rows by source sums to the exact rows.
        let rows = vec![
            exact(Some(Source::Printed)),
            exact(Some(Source::Printed)),
            exact(Some(Source::Formula)),
            exact(Some(Source::Example)),
            Row::exact("p", "t", "r".into(), "q", Source::Printed, 1u64, 2u64, 0.0),
        ];
        assert_eq!(exact_by_source(&rows), [2, 1, 1]);
        let refs: Vec<&Row> = rows.iter().collect();
        let text = summary_lines(&refs);
        assert!(text.starts_with("exact by source: 2 printed"), "{text}");
        assert!(
            text.contains(", 1 formula") && text.contains(", 1 example"),
            "{text}"
        );
        let json = summary_json(&refs);
        assert_eq!(json["exact_by_source"]["printed"], 2);
        assert_eq!(json["exact_by_source"]["formula"], 1);
        assert_eq!(json["exact_by_source"]["example"], 1);
    }

    #[test]
    fn a_too_few_row_shows_its_full_run_verdict() {
        let mut r = Row::builder("p", "t", "r", "q")
            .paper(1.0)
            .ours(2.0)
            .sample([0.0, 4.0], 2)
            .build();
        assert_eq!((r.verdict, r.full_run), (Verdict::TooFew, None));
        assert_eq!(verdict_text(&r), "too-few");
        r.full_run = Some(Verdict::Differs);
        assert_eq!(verdict_text(&r), "too-few (full: differs)");
        assert!(text_table(&[r.clone()]).contains("too-few (full: differs)"));
        assert_eq!(serde_json::to_value(&r).unwrap()["full_run"], "differs");
        let refs = [&r];
        assert!(summary_lines(&refs).contains("1 differs"));
        assert_eq!(summary_json(&refs)["too_few_full_run"]["differs"], 1);
        // Beside another verdict it is not shown.
        r.verdict = Verdict::Within;
        assert_eq!(verdict_text(&r), "within");
    }

    #[test]
    fn renders() {
        let rows = vec![Row::exact(
            "korf-1991",
            "best-case",
            "b=2 d=3".into(),
            "leaves",
            Source::Printed,
            5.0,
            5.0,
            0.0,
        )
        .with_note("a, \"b\"")];
        assert!(markdown(&rows).contains(
            "| korf-1991 | best-case | b=2 d=3 | leaves | 5 | 5 | - | - | exact |  | a, \"b\" |"
        ));
        assert!(csv(&rows)
            .contains("korf-1991,best-case,b=2 d=3,leaves,5,5,,,,exact,,\"a, \"\"b\"\"\""));
        assert_eq!(fmt_num(1.61803), "1.618");
        assert_eq!(fmt_num(84927.0), "84927");
        assert_eq!(Number::Real(f64::NAN).to_string(), "none");
        assert_eq!(Number::Real(0.5).to_string(), "0.5000");
    }

    #[test]
    fn wrapping() {
        assert_eq!(wrap("aa bb cc", 5), vec!["aa bb", "cc"]);
        assert_eq!(wrap("abcdefgh", 3), vec!["abc", "def", "gh"]);
        assert_eq!(wrap("", 3), vec![""]);
        assert_eq!(wrap("ab cdefgh", 3), vec!["ab", "cde", "fgh"]);
        assert_eq!(wrap("é€abcdef x", 4), vec!["é€ab", "cdef", "x"]);
        assert_eq!(wrap("a bcdefg h", 3), vec!["a", "bcd", "efg", "h"]);
        let long = "word ".repeat(100);
        let w = wrap_abbreviated(&long, 20, 2);
        assert_eq!(w.len(), 2);
        assert!(
            w[1].ends_with(" ...") && w[1].chars().count() <= 20,
            "{w:?}"
        );
        assert_eq!(wrap_abbreviated("a b", 20, 2), vec!["a b"]);
    }

    #[test]
    fn text_table_fits_and_keeps_every_row() {
        let long = "complete tree: cards left when first searched to the end of the hand";
        let rows: Vec<Row> = (0..3)
            .map(|i| {
                Row::builder(
                    "p",
                    "t",
                    format!("hearts, speculative max^n + table, {i} hands, 1000000 nodes"),
                    long,
                )
                .paper(123456.789)
                .ours(123457.5)
                .sample([123000.25, 124000.75], 3)
                .note("x ".repeat(200))
                .build()
            })
            .collect();
        let text = text_table(&rows);
        let lines: Vec<&str> = text.lines().collect();
        let widest = lines.iter().map(|l| l.chars().count()).max().unwrap();
        assert!(widest <= TEXT_WIDTH, "{widest}\n{text}");
        let head: Vec<&str> = lines[0].split("  ").filter(|s| !s.is_empty()).collect();
        assert_eq!(
            head.iter().map(|s| s.trim()).collect::<Vec<_>>(),
            [
                "row",
                "quantity",
                "paper value",
                "ours",
                "95% CI",
                "verdict"
            ]
        );
        assert_eq!(text.matches("too-few").count(), 3);
        // The note, cut to two lines, is printed once for the three rows that share it.
        assert_eq!(text.matches(" ...\n").count(), 1);
        assert_eq!(text.lines().filter(|l| l.starts_with("    x x")).count(), 2);
    }
}
