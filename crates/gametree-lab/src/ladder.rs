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
//! `DIR/beyond/strength.json`), or a directory of one such result per game
//! ([`rung_files`]: what `scripts/rungs` leaves in `by-game/` while a rung is played), read
//! by its rows' types; its rows are taken as they are
//! (their tests, families and verdicts are the run's own). A rung may also be the JSON of
//! `gametree advise --json` on any game (its ratings and their resamples, no claims): the
//! same game advised at several budgets gives its rating orders and their Kendall's tau.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde::Serialize;

use gametree_run::engine::MoveBudget;
use gametree_run::engine_name::parse_engine;
use gametree_run::rating::to_tenth;

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

/// One rung: one run's claim rows and ratings.
#[derive(Clone, Debug)]
pub struct Rung {
    /// The rung's name in the tables and plots (e.g. `2 ms`).
    pub label: String,
    /// The file it was read from (the directory, for a rung of one result per game).
    pub path: PathBuf,
    /// The run's parameters (its `meta.params`).
    pub params: String,
    /// The strength experiment's claim rows (none in an advice).
    pub claims: Vec<Row>,
    /// Every engine's rating, with the label of the game it was rated on.
    pub ratings: Vec<(String, Rated)>,
}

/// The most files one rung may be read from (a directory of one result per game).
pub const MAX_RUNG_FILES: usize = 64;

/// The strength result a path names: the file itself, or `DIR/beyond/strength.json`, or
/// `DIR/strength.json`, whichever exists first ([`rung_files`] also reads a directory of
/// one result per game).
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

/// The files a rung at `path` is read from: a file is itself; a directory gives
/// [`rung_file`] when it exists, else its results of one game each, to be merged into one
/// rung: `DIR/by-game/*.json` (what `scripts/rungs` leaves while a rung is played) or else
/// `DIR/*.json`, by name; none when it holds none of these.
pub fn rung_files(path: &Path) -> Vec<PathBuf> {
    if !path.is_dir() {
        return vec![path.to_path_buf()];
    }
    let one = rung_file(path);
    if one.exists() {
        return vec![one];
    }
    [path.join("by-game"), path.to_path_buf()]
        .iter()
        .map(|dir| crate::io::json_files_in(dir))
        .find(|files| !files.is_empty())
        .unwrap_or_default()
}

/// Reads the rung at `path` ([`rung_files`]) under `label`. Several files (one game each)
/// make one rung: their claims and ratings together, their parameters listed; a game rated
/// in two of them is an error.
pub fn read_rung(label: &str, path: &Path) -> Result<Rung, LadderError> {
    let files = rung_files(path);
    match files.as_slice() {
        [] => {
            return Err(LadderError::Read(format!(
                "{}: no result of the strength experiment in this directory (looked for \
                 beyond/strength.json, strength.json, by-game/*.json and *.json)",
                path.display()
            )))
        }
        [file] => return read_rung_file(label, file),
        _ if files.len() > MAX_RUNG_FILES => {
            return Err(LadderError::Read(format!(
                "{}: {} result files, at most {MAX_RUNG_FILES}",
                path.display(),
                files.len()
            )))
        }
        _ => {}
    }
    let mut whole = Rung {
        label: label.to_string(),
        path: path.to_path_buf(),
        params: String::new(),
        claims: Vec::new(),
        ratings: Vec::new(),
    };
    let mut params: Vec<String> = Vec::new();
    // Each game rated so far, with the file that rates it.
    let mut rated_in: BTreeMap<String, &Path> = BTreeMap::new();
    for file in &files {
        let part = read_rung_file(label, file)?;
        let games: std::collections::BTreeSet<&String> =
            part.ratings.iter().map(|(game, _)| game).collect();
        for game in games {
            if let Some(first) = rated_in.insert(game.clone(), file) {
                return Err(LadderError::Format {
                    path: file.clone(),
                    why: format!("rates {game}, which {} rates too", first.display()),
                });
            }
        }
        if !params.contains(&part.params) {
            params.push(part.params);
        }
        whole.claims.extend(part.claims);
        whole.ratings.extend(part.ratings);
    }
    whole.params = format!("{} files: {}", files.len(), params.join(" | "));
    Ok(whole)
}

/// Reads one result file as a rung.
fn read_rung_file(label: &str, file: &Path) -> Result<Rung, LadderError> {
    use std::io::Read as _;
    let mut text = String::new();
    crate::io::open_regular(file, MAX_RUNG_BYTES)
        .map_err(|e| LadderError::Read(format!("{}: {}", file.display(), e.why())))?
        .take(MAX_RUNG_BYTES)
        .read_to_string(&mut text)
        .map_err(|e| LadderError::Read(format!("{}: cannot read: {e}", file.display())))?;
    let format = |why: String| LadderError::Format {
        path: file.to_path_buf(),
        why,
    };
    let doc: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format(format!("not JSON: {e}")))?;
    if doc.get("recommended").is_some() && doc.get("rows").is_none() {
        let advice: gametree_run::advise::Advice = serde_json::from_value(doc)
            .map_err(|e| format(format!("not the JSON of `gametree advise`: {e}")))?;
        return Ok(Rung {
            label: label.to_string(),
            path: file.to_path_buf(),
            params: format!("gametree advise on {}", advice.game),
            claims: Vec::new(),
            ratings: advice_ratings(advice),
        });
    }
    let params = doc["meta"]["params"].as_str().unwrap_or("").to_string();
    let rows = doc["rows"].as_array().ok_or_else(|| {
        format(
            "no `rows` array (not a result of `reproduce`, nor of `gametree advise --json`)".into(),
        )
    })?;
    let (mut claims, mut ratings) = (Vec::new(), Vec::new());
    for (i, v) in rows.iter().enumerate() {
        let row = crate::record::row_from_json(v)
            .ok_or_else(|| format(format!("row {i} is not a result row")))?;
        if row.paper != "beyond" || row.table != "strength" {
            continue;
        }
        if row.claim.is_some() {
            claims.push(row);
        } else if let Some((game, name)) = rating_of(&row) {
            let (game, name) = (game.to_string(), name.to_string());
            let rated = Rated {
                engine: engine_key(&name),
                name,
                elo: row.ours.as_f64(),
                ci95: row.ci95.unwrap_or([f64::NAN; 2]),
                resamples: row.resamples.unwrap_or_default(),
            };
            ratings.push((game, rated));
        }
    }
    if claims.is_empty() && ratings.is_empty() {
        return Err(format(
            "no claim or rating of the strength experiment (`reproduce beyond/strength` writes them)"
                .into(),
        ));
    }
    Ok(Rung {
        label: label.to_string(),
        path: file.to_path_buf(),
        params,
        claims,
        ratings,
    })
}

/// The ratings of a round robin of `gametree advise`, on its game (its spec as the label),
/// each with its column of the advice's resamples, so a ladder compares the order of the
/// engines at several budgets on any game.
fn advice_ratings(a: gametree_run::advise::Advice) -> Vec<(String, Rated)> {
    a.engines
        .iter()
        .zip(&a.ratings.engines)
        .enumerate()
        .map(|(i, (name, r))| {
            let resamples: Option<Vec<f64>> = a
                .rating_resamples
                .iter()
                .map(|s| s.get(i).copied())
                .collect();
            let rated = Rated {
                engine: engine_key(name),
                name: name.clone(),
                elo: r.elo,
                ci95: r.ci95,
                resamples: resamples.unwrap_or_default(),
            };
            (a.game.clone(), rated)
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
    /// The line's name in the tables: the claim, with ` on SPEC` when another line has the
    /// same claim on another variant of the game.
    pub name: String,
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
    /// The line's name in the tables: the label, with ` (SPEC)` when another line has the
    /// same label as another variant.
    pub name: String,
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

/// The engine of a name without its budget ([`Engine::name_without_budget`] of the name
/// read back by [`parse_engine`]): `brs@n7863` is `brs`, `mcts@n302:cutoff=10` is
/// `mcts:cutoff=10`, `brs+@n500` is `brs-plus`. A name this version cannot read is itself.
///
/// [`Engine::name_without_budget`]: gametree_run::engine::Engine::name_without_budget
pub fn engine_key(name: &str) -> String {
    // Any budget does: the one the name gives replaces it.
    match parse_engine(name, MoveBudget::Depth(1), None) {
        Ok(engine) => engine.name_without_budget(),
        Err(_) => name.to_string(),
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
pub fn ladder(rungs: Vec<Rung>) -> Ladder {
    let k = rungs.len();
    let mut claims: Vec<ClaimLine> = Vec::new();
    let mut games: Vec<GameLine> = Vec::new();
    let (mut labels, mut files, mut params) = (Vec::new(), Vec::new(), Vec::new());
    for (i, rung) in rungs.into_iter().enumerate() {
        // Each claim row's game label, and each label's spec at this rung from its claim
        // rows (the ratings do not name it): the same label may be another variant at
        // another rung.
        let labelled: Vec<Option<&'static str>> = rung
            .claims
            .iter()
            .map(|r| claim_of_quantity(&r.quantity).map(|(_, g)| g.label()))
            .collect();
        let mut specs: BTreeMap<&str, String> = BTreeMap::new();
        for (r, label) in rung.claims.iter().zip(&labelled) {
            let spec = r
                .claim
                .as_deref()
                .and_then(|c| c.our_conditions.game.clone());
            if let (Some(label), Some(spec)) = (label, spec) {
                specs.entry(label).or_insert(spec);
            }
        }
        for (r, label) in rung.claims.iter().zip(&labelled) {
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
                            name: r.quantity.clone(),
                            game: label.map(str::to_string),
                            spec,
                            set: row_set(r).word().to_string(),
                            at: vec![None; k],
                            changes: false,
                        });
                        claims.last_mut().expect("just pushed")
                    }
                };
                line.at[i] = Some(at);
            }
        }
        for (game, rated) in rung.ratings {
            let spec = specs.get(game.as_str()).cloned();
            let line = match games.iter().position(|g| g.game == game && g.spec == spec) {
                Some(p) => &mut games[p],
                None => {
                    games.push(GameLine {
                        name: game.clone(),
                        game,
                        spec,
                        orders: vec![None; k],
                        taus: Vec::new(),
                    });
                    games.last_mut().expect("just pushed")
                }
            };
            line.orders[i].get_or_insert_with(Vec::new).push(rated);
        }
        labels.push(rung.label);
        files.push(rung.path);
        params.push(rung.params);
    }
    // A claim (a game) on two variants under one label is two lines: each is named with
    // its variant's spec.
    let twins = shared(&claims, |c| &c.claim);
    for (line, twin) in claims.iter_mut().zip(twins) {
        if let (true, Some(spec)) = (twin, &line.spec) {
            line.name = format!("{} on {spec}", line.claim);
        }
        let mut seen = line.at.iter().flatten().map(|a| a.decision.as_str());
        let first = seen.next();
        line.changes = seen.any(|d| Some(d) != first);
    }
    let twins = shared(&games, |g| &g.game);
    for (line, twin) in games.iter_mut().zip(twins) {
        if let (true, Some(spec)) = (twin, &line.spec) {
            line.name = format!("{} ({spec})", line.game);
        }
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
        rungs: labels,
        files,
        params,
        claims,
        games,
    }
}

/// For each of `items`, whether another has the same `key` (lines of one label on two
/// variants).
fn shared<T>(items: &[T], key: impl Fn(&T) -> &String) -> Vec<bool> {
    items
        .iter()
        .map(|a| items.iter().filter(|b| key(b) == key(a)).count() > 1)
        .collect()
}

/// Kendall's tau of the engines `x` (rung `a`) and `y` (rung `b`) both rated (their ratings
/// rounded to 0.1 Elo, as the resamples are), with its bootstrap interval.
fn tau_between(a: usize, x: &[Rated], b: usize, y: &[Rated]) -> Tau {
    let common: Vec<(&Rated, &Rated)> = x
        .iter()
        .filter_map(|e| y.iter().find(|f| f.engine == e.engine).map(|f| (e, f)))
        .collect();
    // At the resamples' precision: engines with the same record tie.
    let mut xs: Vec<f64> = common.iter().map(|(e, _)| to_tenth(e.elo)).collect();
    let mut ys: Vec<f64> = common.iter().map(|(_, f)| to_tenth(f.elo)).collect();
    let tau = kendall_tau_b(&xs, &ys);
    // No interval without a point: no order to compare at one rung (every rating tied, or
    // fewer than two engines).
    let draws = if tau.is_nan() {
        0
    } else {
        common
            .iter()
            .map(|(e, f)| e.resamples.len().min(f.resamples.len()))
            .min()
            .unwrap_or(0)
    };
    let mut taus = Vec::with_capacity(draws);
    for i in 0..draws {
        for (j, (e, f)) in common.iter().enumerate() {
            xs[j] = e.resamples[i];
            ys[j] = f.resamples[i];
        }
        let t = kendall_tau_b(&xs, &ys);
        if !t.is_nan() {
            taus.push(t);
        }
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

impl ClaimAt {
    /// The win rate and its interval: `0.89 [0.82, 0.94]`.
    fn rate_text(&self) -> String {
        format!(
            "{} [{}, {}]",
            num(self.win_rate),
            num(self.wilson[0]),
            num(self.wilson[1])
        )
    }
}

impl Ladder {
    /// Every rank correlation, with its game, game by game.
    fn taus(&self) -> impl Iterator<Item = (&GameLine, &Tau)> {
        self.games
            .iter()
            .flat_map(|g| g.taus.iter().map(move |t| (g, t)))
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

/// The claim's text without the game and the paper (`BRS beats max^n`), with the game's
/// spec when the line is one of two variants ([`ClaimLine::name`]).
fn short_claim(line: &ClaimLine) -> String {
    let text = match &line.game {
        Some(g) => line
            .claim
            .split(&format!(" in {g} "))
            .next()
            .unwrap_or(&line.claim),
        None => &line.claim,
    };
    match &line.spec {
        Some(spec) if line.name != line.claim => format!("{text} ({spec})"),
        _ => text.to_string(),
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
            Series::new(
                short_claim(c),
                pts.iter().map(|(x, a)| (*x, a.win_rate)).collect(),
            )
            .with_intervals(
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
        let _ = writeln!(s, "  changes: {} ({})", c.name, ds.join("; "));
    }
    for (g, t) in l.taus() {
        let _ = writeln!(
            s,
            "  {}: Kendall's tau {} -> {}: {} over {} engines {}",
            g.name,
            l.rungs[t.from],
            l.rungs[t.to],
            num(t.tau),
            t.engines,
            t.interval_text()
        );
    }
    let _ = writeln!(s);
    if !l.claims.is_empty() {
        let _ = writeln!(
            s,
            "claims (decision, win rate of the first engine [95% Wilson], games):"
        );
    }
    for c in &l.claims {
        let _ = writeln!(s, "  {} [{}]", c.name, c.set);
        for (a, r) in c.at.iter().zip(&l.rungs) {
            match a {
                Some(a) => {
                    let _ = writeln!(
                        s,
                        "    {r:>10}: {:<22} {} over {} games ({})",
                        a.decision,
                        a.rate_text(),
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
        let _ = writeln!(s, "  {}", g.name);
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
                    Some(a) => format!("{} {}", a.decision, a.rate_text()),
                    None => "not tested".into(),
                })
                .collect();
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} |",
            c.name,
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
    for (g, t) in l.taus() {
        let _ = writeln!(
            s,
            "| {} | {} -> {} | {} | {} | {} |",
            g.name,
            l.rungs[t.from],
            l.rungs[t.to],
            t.engines,
            num(t.tau),
            t.interval_text()
        );
    }
    let _ = writeln!(
        s,
        "\n## Ratings by game\n\nEach game's engines at each rung, best first: the engine (its name without the budget), its rating (Elo scale, mean 0 over the game's engines at that rung) and its 95% bootstrap interval.\n"
    );
    for g in &l.games {
        let depth = g.orders.iter().flatten().map(Vec::len).max().unwrap_or(0);
        if depth == 0 {
            continue;
        }
        let _ = writeln!(s, "### {}\n", g.name);
        let _ = writeln!(s, "| rank | {} |", l.rungs.join(" | "));
        let _ = writeln!(s, "|---:|{}", "---|".repeat(l.rungs.len()));
        for k in 0..depth {
            let cells: Vec<String> = g
                .orders
                .iter()
                .map(|o| match o.as_ref().and_then(|o| o.get(k)) {
                    Some(e) => format!(
                        "`{}` {:+.0} [{:.0}, {:.0}]",
                        e.engine, e.elo, e.ci95[0], e.ci95[1]
                    ),
                    None if o.is_none() && k == 0 => "not rated".into(),
                    None => String::new(),
                })
                .collect();
            let _ = writeln!(s, "| {} | {} |", k + 1, cells.join(" | "));
        }
        let _ = writeln!(s);
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
