//! The budget ladder: the strength experiment's results at several budgets per move (the
//! rungs, e.g. the calibrated 2 ms and 20 ms), read side by side, to say whether the answer
//! changes with the time the engines get.
//!
//! - **Per claim**: its decision at every rung and the first engine's win rate with its 95%
//!   Wilson interval (one SVG per game, [`game_svg`]: the win rates of that game's claims
//!   against the rung).
//! - **Per game**: the engines' rating order at every rung, and its stability between every
//!   two rungs: Kendall's tau-b ([`kendall_tau_b`]) over the engines both rungs rated, with a
//!   95% percentile bootstrap interval from the rating rows' resamples
//!   ([`crate::report::Row::resamples`]: resample `i` of one rung against resample `i` of the
//!   other; the rungs' resamples are independent, so pairing them by number is a valid
//!   joint draw). Ratings are compared at the resamples' precision, 0.1 Elo (engines with
//!   the same record tie). A rung written before the resamples were stored gives the point
//!   alone.
//!
//! An engine is the same across rungs when its name without the budget is (`brs@n7863` at
//! 2 ms and `brs@n78630` at 20 ms are both `brs`; options stay: `brs-plus:forced=ordered`).
//! A rung is one `strength.json` (`reproduce beyond/strength --out DIR` writes
//! `DIR/beyond/strength.json`), read by its rows' types; its rows are taken as they are
//! (their tests, families and verdicts are the run's own). A rung may also be the JSON of
//! `gametree advise --json` on any game (its ratings and their resamples, no claims): the
//! same game advised at several budgets gives its rating orders and their Kendall's tau.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::papers::strength::{claim_of_quantity, row_set};
use crate::plot::{line_plot_svg, Series};
use crate::report::Row;

/// The most bytes a rung's file may have (the committed full runs are a few megabytes).
pub const MAX_RUNG_BYTES: u64 = 256 << 20;

/// The most rungs one ladder reads.
pub const MAX_RUNGS: usize = 16;

/// Why a rung cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum LadderError {
    /// The file cannot be read (missing, not a regular file, too large).
    #[error("{0}")]
    Read(String),
    /// The file is not a result of the strength experiment.
    #[error("{path}: {why}")]
    Format {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        why: String,
    },
    /// The output directory cannot be used.
    #[error(transparent)]
    OutDir(#[from] crate::io::DirError),
    /// An output file cannot be written.
    #[error("{path}: {source}")]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A plot cannot be drawn.
    #[error("{file}: {why}")]
    Plot {
        /// The plot's file name.
        file: String,
        /// Why.
        why: String,
    },
}

/// One rung: the rows of one run of the strength experiment.
#[derive(Clone, Debug)]
pub struct Rung {
    /// The rung's name in the tables and plots (e.g. `2 ms`).
    pub label: String,
    /// The file it was read from.
    pub path: PathBuf,
    /// The run's parameters (its `meta.params`).
    pub params: String,
    /// The strength experiment's rows.
    pub rows: Vec<Row>,
}

/// The strength result a path names: the file itself, or `DIR/beyond/strength.json`, or
/// `DIR/strength.json`, whichever exists first.
pub fn rung_file(path: &Path) -> PathBuf {
    if path.is_dir() {
        for candidate in [
            path.join("beyond").join("strength.json"),
            path.join("strength.json"),
        ] {
            if candidate.exists() {
                return candidate;
            }
        }
        return path.join("beyond").join("strength.json");
    }
    path.to_path_buf()
}

/// Reads the rung at `path` ([`rung_file`]) under `label`.
pub fn read_rung(label: &str, path: &Path) -> Result<Rung, LadderError> {
    use std::io::Read as _;
    let file = rung_file(path);
    let mut text = String::new();
    crate::io::open_regular(&file, MAX_RUNG_BYTES)
        .map_err(|e| LadderError::Read(format!("{}: {}", file.display(), e.why())))?
        .take(MAX_RUNG_BYTES)
        .read_to_string(&mut text)
        .map_err(|e| LadderError::Read(format!("{}: cannot read: {e}", file.display())))?;
    let format = |why: String| LadderError::Format {
        path: file.clone(),
        why,
    };
    let doc: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format(format!("not JSON: {e}")))?;
    if doc.get("recommended").is_some() && doc.get("rows").is_none() {
        let advice: gametree_run::advise::Advice = serde_json::from_value(doc)
            .map_err(|e| format(format!("not the JSON of `gametree advise`: {e}")))?;
        return Ok(Rung {
            label: label.to_string(),
            path: file,
            params: format!("gametree advise on {}", advice.game),
            rows: advice_rows(&advice),
        });
    }
    let params = doc["meta"]["params"].as_str().unwrap_or("").to_string();
    let rows = doc["rows"].as_array().ok_or_else(|| {
        format(
            "no `rows` array (not a result of `reproduce`, nor of `gametree advise --json`)".into(),
        )
    })?;
    let mut out = Vec::new();
    for (i, v) in rows.iter().enumerate() {
        let row = crate::record::row_from_json(v)
            .ok_or_else(|| format(format!("row {i} is not a result row")))?;
        if row.paper == "beyond" && row.table == "strength" {
            out.push(row);
        }
    }
    if out.is_empty() {
        return Err(format(
            "no row of the strength experiment (`reproduce beyond/strength` writes them)".into(),
        ));
    }
    Ok(Rung {
        label: label.to_string(),
        path: file,
        params,
        rows: out,
    })
}

/// The ratings of a round robin of `gametree advise` as rating rows of its game (the
/// game's spec as its label), in the strength experiment's form, so a ladder compares the
/// order of the engines at several budgets on any game.
fn advice_rows(a: &gametree_run::advise::Advice) -> Vec<Row> {
    a.engines
        .iter()
        .zip(&a.ratings.engines)
        .enumerate()
        .map(|(i, (name, r))| {
            let row = Row::builder(
                "advise",
                "ratings",
                format!("{}: rating of {name}", a.game),
                "rating, all engines together (Elo scale, mean 0)",
            )
            .ours(r.elo)
            .sample(r.ci95, a.games as u64);
            let resamples: Option<Vec<f64>> = a
                .rating_resamples
                .iter()
                .map(|s| s.get(i).copied())
                .collect();
            match resamples {
                Some(x) if !x.is_empty() => row.resamples(x),
                _ => row,
            }
            .build()
        })
        .collect()
}

/// A claim at one rung.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ClaimAt {
    /// The decision (`agrees`, `disagrees`, `absent at this budget`, `inconclusive`,
    /// `too-few`).
    pub decision: String,
    /// The claim's first engine (with its budget at this rung).
    pub engine: String,
    /// Its win rate in the claim's (first) match.
    pub win_rate: f64,
    /// The win rate's 95% Wilson interval.
    pub wilson: [f64; 2],
    /// The games the claim's test judged.
    pub games: u64,
    /// The claim's p-value after Holm's adjustment in its set.
    pub holm_p_value: f64,
}

/// One claim across the rungs.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ClaimLine {
    /// The claim (the claim row's quantity: the claim, the game and the paper).
    pub claim: String,
    /// The game's label (`cc-3`), when the claim definitions know the quantity.
    pub game: Option<String>,
    /// The game as played (its spec, e.g. `chess4(cap=3000,end=ffa)`): a claim played on
    /// another variant under the same label at another rung is another line.
    pub spec: Option<String>,
    /// `confirmatory` or `exploratory`.
    pub set: String,
    /// The claim at each rung, in rung order (`None`: that rung did not test it).
    pub at: Vec<Option<ClaimAt>>,
    /// Whether the decision differs between two rungs that tested it.
    pub changes: bool,
}

/// An engine's rating at one rung.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rated {
    /// The engine without its budget (the same across rungs).
    pub engine: String,
    /// Its name at this rung (with the budget).
    pub name: String,
    /// The rating (Elo scale, mean 0 over the game's engines at this rung).
    pub elo: f64,
    /// Its 95% bootstrap interval.
    pub ci95: [f64; 2],
    /// The rating in each bootstrap resample (empty when the rung did not store them).
    #[serde(skip)]
    pub resamples: Vec<f64>,
}

/// The rank correlation of a game's ratings between two rungs.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Tau {
    /// The first rung (index).
    pub from: usize,
    /// The second rung (index).
    pub to: usize,
    /// The engines both rungs rated.
    pub engines: usize,
    /// Kendall's tau-b of their ratings (NaN, printed `null`, with fewer than two engines
    /// or every rating tied at one rung).
    pub tau: f64,
    /// Its 95% percentile bootstrap interval (`None` when a rung stored no resamples, or
    /// `tau` is NaN). With few games per engine the resamples' ratings tie less often than
    /// the point's and the interval can miss the point: [`Tau::point_outside`].
    pub ci95: Option<[f64; 2]>,
    /// The bootstrap resamples behind the interval.
    pub resamples: usize,
}

/// One game across the rungs.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameLine {
    /// The game's label.
    pub game: String,
    /// The game as played (its spec, from the rung's claim rows on it; `None` without
    /// one): the same label on another variant at another rung is another line.
    pub spec: Option<String>,
    /// The engines' ratings at each rung, best first (`None`: the rung rated none).
    pub orders: Vec<Option<Vec<Rated>>>,
    /// Kendall's tau between every two rungs that rated the game.
    pub taus: Vec<Tau>,
}

/// The ladder: the rungs' claims and orders side by side.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Ladder {
    /// The rungs' labels, in order.
    pub rungs: Vec<String>,
    /// The rungs' files.
    pub files: Vec<PathBuf>,
    /// The rungs' parameters.
    pub params: Vec<String>,
    /// Every claim any rung tested, in the order of first appearance.
    pub claims: Vec<ClaimLine>,
    /// Every game any rung rated, in the order of first appearance.
    pub games: Vec<GameLine>,
}

/// The engine of a name without its budget: `brs@n7863` is `brs`,
/// `mcts@n302:cutoff=10` is `mcts:cutoff=10`; a name without a budget is itself.
pub fn engine_key(name: &str) -> String {
    match name.split_once('@') {
        Some((algo, rest)) => match rest.find(':') {
            Some(c) => format!("{algo}{}", &rest[c..]),
            None => algo.to_string(),
        },
        None => name.to_string(),
    }
}

/// Kendall's tau-b of the paired values `x` and `y` (Kendall 1945): `(C - D) / sqrt((P - X)
/// (P - Y))` with `C` and `D` the concordant and discordant pairs, `P = n (n - 1) / 2` and
/// `X`, `Y` the pairs tied in `x` and in `y`. NaN with fewer than two values, with every
/// value of `x` or of `y` tied, or with a NaN value.
pub fn kendall_tau_b(x: &[f64], y: &[f64]) -> f64 {
    assert_eq!(x.len(), y.len(), "kendall_tau_b: unpaired values");
    let n = x.len();
    if n < 2 || x.iter().chain(y).any(|v| v.is_nan()) {
        return f64::NAN;
    }
    let (mut c, mut d, mut tx, mut ty) = (0i64, 0i64, 0i64, 0i64);
    for i in 0..n {
        for j in i + 1..n {
            let sx = (x[i] - x[j]).partial_cmp(&0.0).map_or(0, |o| o as i64);
            let sy = (y[i] - y[j]).partial_cmp(&0.0).map_or(0, |o| o as i64);
            tx += i64::from(sx == 0);
            ty += i64::from(sy == 0);
            match sx * sy {
                1 => c += 1,
                -1 => d += 1,
                _ => {}
            }
        }
    }
    let pairs = (n * (n - 1) / 2) as i64;
    let denom = (((pairs - tx) * (pairs - ty)) as f64).sqrt();
    if denom == 0.0 {
        f64::NAN
    } else {
        (c - d) as f64 / denom
    }
}

/// The game a rating row rates, and the engine's name (`cc-3: rating of brs@n7863`).
fn rating_of(r: &Row) -> Option<(&str, &str)> {
    if !r.quantity.starts_with("rating") {
        return None;
    }
    let (game, rest) = r.row.split_once(": ")?;
    Some((game, rest.strip_prefix("rating of ")?))
}

/// The ladder of `rungs`, in their order.
pub fn ladder(rungs: &[Rung]) -> Ladder {
    let k = rungs.len();
    // Claims, by quantity in order of first appearance.
    let mut claims: Vec<ClaimLine> = Vec::new();
    let mut games: Vec<GameLine> = Vec::new();
    for (i, rung) in rungs.iter().enumerate() {
        // Each game label's spec at this rung, from its claim rows (the rating rows do not
        // name it): the same label may be another variant at another rung.
        let mut specs: BTreeMap<&str, String> = BTreeMap::new();
        for r in &rung.rows {
            let spec = r
                .claim
                .as_deref()
                .and_then(|c| c.our_conditions.game.clone());
            if let (Some((_, g)), Some(spec)) = (claim_of_quantity(&r.quantity), spec) {
                specs.entry(g.label()).or_insert(spec);
            }
        }
        for r in &rung.rows {
            if let Some(c) = r.claim.as_deref() {
                let at = ClaimAt {
                    decision: c.decision.clone(),
                    engine: c.win_rates[0].engine.clone(),
                    win_rate: c.win_rates[0].rate,
                    wilson: c.win_rates[0].wilson,
                    games: c.games,
                    holm_p_value: c.holm_p_value,
                };
                let spec = c.our_conditions.game.clone();
                let line = match claims
                    .iter()
                    .position(|l| l.claim == r.quantity && l.spec == spec)
                {
                    Some(p) => &mut claims[p],
                    None => {
                        claims.push(ClaimLine {
                            claim: r.quantity.clone(),
                            game: claim_of_quantity(&r.quantity)
                                .map(|(_, g)| g.label().to_string()),
                            spec,
                            set: row_set(r).word().to_string(),
                            at: vec![None; k],
                            changes: false,
                        });
                        claims.last_mut().expect("just pushed")
                    }
                };
                line.at[i] = Some(at);
            } else if let Some((game, name)) = rating_of(r) {
                let spec = specs.get(game).cloned();
                let line = match games.iter().position(|g| g.game == game && g.spec == spec) {
                    Some(p) => &mut games[p],
                    None => {
                        games.push(GameLine {
                            game: game.to_string(),
                            spec,
                            orders: vec![None; k],
                            taus: Vec::new(),
                        });
                        games.last_mut().expect("just pushed")
                    }
                };
                line.orders[i].get_or_insert_with(Vec::new).push(Rated {
                    engine: engine_key(name),
                    name: name.to_string(),
                    elo: r.ours.as_f64(),
                    ci95: r.ci95.unwrap_or([f64::NAN; 2]),
                    resamples: r.resamples.clone().unwrap_or_default(),
                });
            }
        }
    }
    for line in &mut claims {
        let mut seen = line.at.iter().flatten().map(|a| a.decision.as_str());
        let first = seen.next();
        line.changes = seen.any(|d| Some(d) != first);
    }
    for g in &mut games {
        for order in g.orders.iter_mut().flatten() {
            order.sort_by(|a, b| b.elo.total_cmp(&a.elo));
        }
        for a in 0..k {
            for b in a + 1..k {
                if let (Some(x), Some(y)) = (&g.orders[a], &g.orders[b]) {
                    g.taus.push(tau_between(a, x, b, y));
                }
            }
        }
    }
    Ladder {
        rungs: rungs.iter().map(|r| r.label.clone()).collect(),
        files: rungs.iter().map(|r| r.path.clone()).collect(),
        params: rungs.iter().map(|r| r.params.clone()).collect(),
        claims,
        games,
    }
}

/// Kendall's tau of the engines `x` (rung `a`) and `y` (rung `b`) both rated (their ratings
/// rounded to 0.1 Elo, as the resamples are), with its bootstrap interval.
fn tau_between(a: usize, x: &[Rated], b: usize, y: &[Rated]) -> Tau {
    let common: Vec<(&Rated, &Rated)> = x
        .iter()
        .filter_map(|e| y.iter().find(|f| f.engine == e.engine).map(|f| (e, f)))
        .collect();
    // At the resamples' precision (0.1 Elo): engines with the same record get ratings that
    // differ only in the fit's last digits, and are tied.
    let tenth = |x: f64| (x * 10.0).round() / 10.0;
    let xs: Vec<f64> = common.iter().map(|(e, _)| tenth(e.elo)).collect();
    let ys: Vec<f64> = common.iter().map(|(_, f)| tenth(f.elo)).collect();
    let tau = kendall_tau_b(&xs, &ys);
    let draws = common
        .iter()
        .map(|(e, f)| e.resamples.len().min(f.resamples.len()))
        .min()
        .unwrap_or(0);
    let mut taus: Vec<f64> = (0..draws)
        .map(|i| {
            let xs: Vec<f64> = common.iter().map(|(e, _)| e.resamples[i]).collect();
            let ys: Vec<f64> = common.iter().map(|(_, f)| f.resamples[i]).collect();
            kendall_tau_b(&xs, &ys)
        })
        .filter(|t| !t.is_nan())
        .collect();
    if tau.is_nan() {
        // No order to compare at one rung (every rating tied, or fewer than two engines).
        taus.clear();
    }
    taus.sort_by(f64::total_cmp);
    let ci95 = (!taus.is_empty()).then(|| {
        [
            gametree_run::rating::percentile(&taus, 0.025),
            gametree_run::rating::percentile(&taus, 0.975),
        ]
    });
    Tau {
        from: a,
        to: b,
        engines: common.len(),
        tau,
        ci95,
        resamples: taus.len(),
    }
}

impl Tau {
    /// Whether the point lies outside its own bootstrap interval (the bootstrap's
    /// distribution is skewed: too few games for a percentile interval to mean much).
    pub fn point_outside(&self) -> bool {
        self.ci95
            .is_some_and(|[lo, hi]| self.tau < lo || self.tau > hi)
    }

    /// The interval in words: `[lo, hi] (N resamples)`, with a warning when the point lies
    /// outside it, or why there is none.
    fn interval_text(&self) -> String {
        match self.ci95 {
            Some([lo, hi]) => format!(
                "[{}, {}] ({} resamples{})",
                num(lo),
                num(hi),
                self.resamples,
                if self.point_outside() {
                    "; the point lies outside: too few games for this interval"
                } else {
                    ""
                }
            ),
            None if self.tau.is_nan() => "(no order: every rating tied at a rung)".into(),
            None => "(no resamples stored: no interval)".into(),
        }
    }
}

/// A game line's name: its label, with the spec when another line has the same label (the
/// same label played as another variant at another rung).
fn game_name(l: &Ladder, g: &GameLine) -> String {
    let twins = l.games.iter().filter(|o| o.game == g.game).count();
    match &g.spec {
        Some(spec) if twins > 1 => format!("{} ({spec})", g.game),
        _ => g.game.clone(),
    }
}

/// A claim line's name: the claim, with the game's spec when another line has the same
/// claim on another variant.
fn claim_name(l: &Ladder, c: &ClaimLine) -> String {
    let twins = l.claims.iter().filter(|o| o.claim == c.claim).count();
    match &c.spec {
        Some(spec) if twins > 1 => format!("{} on {spec}", c.claim),
        _ => c.claim.clone(),
    }
}

/// The claim's text without the game and the paper (`BRS beats max^n`).
fn short_claim(line: &ClaimLine) -> String {
    match &line.game {
        Some(g) => line
            .claim
            .split(&format!(" in {g} "))
            .next()
            .unwrap_or(&line.claim)
            .to_string(),
        None => line.claim.clone(),
    }
}

/// One SVG per game with claims: the first engine's win rate in each claim's match against
/// the rung (x = 1 for the first rung), with its 95% Wilson interval. `None` when no claim
/// of the ladder is on `game`.
pub fn game_svg(l: &Ladder, game: &str) -> Option<Result<String, String>> {
    let series: Vec<Series> = l
        .claims
        .iter()
        .filter(|c| c.game.as_deref() == Some(game))
        .map(|c| {
            let pts: Vec<(f64, &ClaimAt)> =
                c.at.iter()
                    .enumerate()
                    .filter_map(|(i, a)| a.as_ref().map(|a| ((i + 1) as f64, a)))
                    .collect();
            let twins = l
                .claims
                .iter()
                .filter(|o| o.game == c.game && short_claim(o) == short_claim(c))
                .count();
            let name = match &c.spec {
                Some(spec) if twins > 1 => format!("{} ({spec})", short_claim(c)),
                _ => short_claim(c),
            };
            Series::new(name, pts.iter().map(|(x, a)| (*x, a.win_rate)).collect()).with_intervals(
                pts.iter()
                    .map(|(x, a)| (*x, a.wilson[0], a.wilson[1]))
                    .collect(),
            )
        })
        .collect();
    if series.is_empty() {
        return None;
    }
    let rungs: Vec<String> = l
        .rungs
        .iter()
        .enumerate()
        .map(|(i, r)| format!("{} = {r}", i + 1))
        .collect();
    Some(line_plot_svg(
        &format!("{game}: the claims' win rates by budget"),
        &format!("rung ({})", rungs.join(", ")),
        "win rate of the claim's first engine (95% Wilson)",
        &series,
        false,
    ))
}

/// A number for the tables: two decimals, `-` for NaN.
fn num(x: f64) -> String {
    if x.is_nan() {
        "-".into()
    } else {
        format!("{x:.2}")
    }
}

/// The ladder as text a person reads: the summary first (the claims whose decision changes
/// between rungs, each game's rank correlations), then the claims rung by rung, then each
/// game's order at each rung.
pub fn text(l: &Ladder) -> String {
    let mut s = String::new();
    let changed: Vec<&ClaimLine> = l.claims.iter().filter(|c| c.changes).collect();
    let _ = writeln!(
        s,
        "budget ladder: {} rungs ({}); {} claims, {} of them decided differently at two rungs",
        l.rungs.len(),
        l.rungs.join(", "),
        l.claims.len(),
        changed.len()
    );
    for c in &changed {
        let ds: Vec<String> =
            c.at.iter()
                .zip(&l.rungs)
                .filter_map(|(a, r)| a.as_ref().map(|a| format!("{r}: {}", a.decision)))
                .collect();
        let _ = writeln!(s, "  changes: {} ({})", claim_name(l, c), ds.join("; "));
    }
    for g in &l.games {
        for t in &g.taus {
            let _ = writeln!(
                s,
                "  {}: Kendall's tau {} -> {}: {} over {} engines {}",
                game_name(l, g),
                l.rungs[t.from],
                l.rungs[t.to],
                num(t.tau),
                t.engines,
                t.interval_text()
            );
        }
    }
    let _ = writeln!(s);
    if !l.claims.is_empty() {
        let _ = writeln!(
            s,
            "claims (decision, win rate of the first engine [95% Wilson], games):"
        );
    }
    for c in &l.claims {
        let _ = writeln!(s, "  {} [{}]", claim_name(l, c), c.set);
        for (a, r) in c.at.iter().zip(&l.rungs) {
            match a {
                Some(a) => {
                    let _ = writeln!(
                        s,
                        "    {r:>10}: {:<22} {} [{}, {}] over {} games ({})",
                        a.decision,
                        num(a.win_rate),
                        num(a.wilson[0]),
                        num(a.wilson[1]),
                        a.games,
                        a.engine
                    );
                }
                None => {
                    let _ = writeln!(s, "    {r:>10}: not tested");
                }
            }
        }
    }
    if !l.claims.is_empty() {
        let _ = writeln!(s);
    }
    let _ = writeln!(s, "ratings by game, best first (Elo, mean 0):");
    for g in &l.games {
        let _ = writeln!(s, "  {}", game_name(l, g));
        for (o, r) in g.orders.iter().zip(&l.rungs) {
            let text = match o {
                Some(o) => o
                    .iter()
                    .map(|e| format!("{} {:+.0}", e.engine, e.elo))
                    .collect::<Vec<_>>()
                    .join(", "),
                None => "not rated".into(),
            };
            let _ = writeln!(s, "    {r:>10}: {text}");
        }
    }
    s
}

/// The ladder as Markdown: the claims' decisions (one column per rung), then each game's
/// rank correlations.
pub fn markdown(l: &Ladder) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# The budget ladder\n");
    for (i, (r, f)) in l.rungs.iter().zip(&l.files).enumerate() {
        let _ = writeln!(s, "- rung {} `{r}`: `{}`", i + 1, f.display());
    }
    let _ = writeln!(
        s,
        "\n## Claims\n\nEach cell: the decision, the first engine's win rate and its 95% Wilson interval.\n"
    );
    let _ = writeln!(s, "| claim | set | {} | changes |", l.rungs.join(" | "));
    let _ = writeln!(s, "|---|---|{}---|", "---|".repeat(l.rungs.len()));
    for c in &l.claims {
        let cells: Vec<String> =
            c.at.iter()
                .map(|a| match a {
                    Some(a) => format!(
                        "{} {} [{}, {}]",
                        a.decision,
                        num(a.win_rate),
                        num(a.wilson[0]),
                        num(a.wilson[1])
                    ),
                    None => "not tested".into(),
                })
                .collect();
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} |",
            claim_name(l, c),
            c.set,
            cells.join(" | "),
            if c.changes { "yes" } else { "no" }
        );
    }
    let _ = writeln!(
        s,
        "\n## Rating orders\n\nKendall's tau-b between two rungs over the engines both rated, with its 95% bootstrap interval.\n"
    );
    let _ = writeln!(
        s,
        "| game | rungs | engines | tau | 95% bootstrap interval |"
    );
    let _ = writeln!(s, "|---|---|---:|---:|---|");
    for g in &l.games {
        for t in &g.taus {
            let _ = writeln!(
                s,
                "| {} | {} -> {} | {} | {} | {} |",
                game_name(l, g),
                l.rungs[t.from],
                l.rungs[t.to],
                t.engines,
                num(t.tau),
                t.interval_text()
            );
        }
    }
    s
}

/// The JSON of the ladder (NaN as `null`).
pub fn json(l: &Ladder) -> String {
    serde_json::to_string_pretty(l).expect("a ladder serialises")
}

/// Writes `ladder.md`, `ladder.json` and `ladder-GAME.svg` for every game with claims under
/// `dir` (created when missing), each atomically. Returns the files written.
pub fn write(l: &Ladder, dir: &Path) -> Result<Vec<PathBuf>, LadderError> {
    crate::io::prepare_dir(dir)?;
    let mut files: BTreeMap<PathBuf, String> = BTreeMap::new();
    files.insert(dir.join("ladder.md"), markdown(l));
    files.insert(dir.join("ladder.json"), json(l) + "\n");
    let mut games: Vec<&str> = l.claims.iter().filter_map(|c| c.game.as_deref()).collect();
    games.sort_unstable();
    games.dedup();
    for g in games {
        if let Some(svg) = game_svg(l, g) {
            let file = format!("ladder-{g}.svg");
            let svg = svg.map_err(|why| LadderError::Plot {
                file: file.clone(),
                why,
            })?;
            files.insert(dir.join(file), svg);
        }
    }
    let mut written = Vec::new();
    for (path, text) in files {
        crate::io::write_atomic(&path, text.as_bytes()).map_err(|source| LadderError::Write {
            path: path.clone(),
            source,
        })?;
        written.push(path);
    }
    Ok(written)
}
